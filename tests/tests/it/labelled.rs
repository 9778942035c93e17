//! Variant puzzles with their publisher's difficulty label (tests/data/labels/README.md): each is
//! unique (with its published solution where there is one), and the rating agrees with the
//! labels as measured on the whole sets (docs/techniques.md, "Levels measured").

#[allow(dead_code)]
#[path = "../../../crates/shapedoku/examples/labelled/andoku.rs"]
mod andoku;

use shapedoku::reason::rate::{Level, rate};
use shapedoku::{Solver, Verdict, load};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

fn data() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("data/labels")
}

/// The Andoku sample: (kind, level from 1, number, puzzle file text).
fn andoku_sample() -> Vec<(String, usize, usize, String)> {
    let text = std::fs::read_to_string(data().join("andoku.txt")).unwrap();
    text.lines()
        .map(|l| {
            let f: Vec<&str> = l.split_whitespace().collect();
            let (level, kind) = andoku::file_label(f[0]).unwrap_or_else(|| panic!("{l}"));
            let n: usize = f[1].parse().unwrap();
            let name = format!("andoku-{kind}-{level}-{n:03}");
            let toml = andoku::to_toml(&name, f[2]).unwrap_or_else(|e| panic!("{l}: {e}"));
            (kind.to_string(), level, n, toml)
        })
        .collect()
}

fn sudoq_files() -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(data().join("sudoq"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "toml"))
        .collect();
    files.sort();
    files
}

#[test]
fn every_andoku_puzzle_has_one_solution() {
    let sample = andoku_sample();
    let mut per: BTreeMap<(String, usize), usize> = BTreeMap::new();
    for (kind, level, n, toml) in &sample {
        let loaded = load::load_str("andoku.toml", toml, None)
            .unwrap_or_else(|e| panic!("{kind} {level} {n}: {e:?}"));
        let count = Solver::new(&loaded.puzzle).count(2);
        assert_eq!(
            count.verdict(),
            Verdict::Unique,
            "{kind} level {level} #{n}"
        );
        *per.entry((kind.clone(), *level)).or_default() += 1;
    }
    // Ten kinds (two layouts, five extra-region sets) at five levels, ten puzzles each.
    assert_eq!(per.len(), 50, "{per:?}");
    assert!(per.values().all(|&k| k == 10), "{per:?}");
}

#[test]
fn every_sudoq_puzzle_has_its_published_solution_only() {
    let files = sudoq_files();
    assert!(files.len() >= 96, "{} SudoQ puzzles", files.len());
    for f in files {
        let loaded = load::load_path(&f).unwrap_or_else(|e| panic!("{}: {e:?}", f.display()));
        let published = loaded
            .solution
            .as_ref()
            .expect("SudoQ publishes the solution");
        let count = Solver::new(&loaded.puzzle).count(2);
        assert_eq!(count.verdict(), Verdict::Unique, "{}", f.display());
        assert_eq!(&count.solutions[0], published, "{}", f.display());
    }
}

fn median(mut v: Vec<u64>) -> u64 {
    v.sort_unstable();
    v[v.len() / 2]
}

/// Measured on all 5,000 Andoku puzzles: every puzzle the app calls easy rates easy, every one
/// is solved without a guess, and in every kind the median score of the app's hardest level
/// ("fiendish") is several times that of its easiest. Checked here on the sample's easiest and
/// hardest levels.
#[test]
fn andoku_labels_order_the_rating() {
    let mut scores: BTreeMap<(String, usize), Vec<u64>> = BTreeMap::new();
    for (kind, level, n, toml) in andoku_sample() {
        if level != 1 && level != 5 {
            continue;
        }
        let loaded = load::load_str("andoku.toml", &toml, None).unwrap();
        let r = rate(&loaded.puzzle);
        assert!(r.solved && r.guesses == 0, "{kind} {level} #{n}: {r:?}");
        if level == 1 {
            assert_eq!(r.level, Level::Easy, "{kind} easy #{n}: {r:?}");
        }
        scores.entry((kind, level)).or_default().push(r.score);
    }
    let kinds: Vec<String> = scores.keys().map(|k| k.0.clone()).collect();
    for kind in kinds {
        let easy = median(scores[&(kind.clone(), 1)].clone());
        let fiendish = median(scores[&(kind.clone(), 5)].clone());
        assert!(
            fiendish > 2 * easy,
            "{kind}: median score {easy} (easy) vs {fiendish} (fiendish)"
        );
    }
}

/// Measured on SudoQ's 400 variant puzzles (and its 81 classic ones): every puzzle the app calls
/// easy rates easy, none needs a guess, and the median score of "infernal" is about six times
/// that of "easy". Checked on the committed sample.
#[test]
fn sudoq_labels_order_the_rating() {
    let mut scores: BTreeMap<usize, Vec<u64>> = BTreeMap::new();
    for f in sudoq_files() {
        let stem = f.file_stem().unwrap().to_string_lossy().into_owned();
        let label: usize = stem.split('-').nth(2).unwrap().parse().unwrap();
        let loaded = load::load_path(&f).unwrap();
        let r = rate(&loaded.puzzle);
        assert!(r.solved && r.guesses == 0, "{stem}: {r:?}");
        if label == 1 {
            assert_eq!(r.level, Level::Easy, "{stem}: {r:?}");
        }
        scores.entry(label).or_default().push(r.score);
    }
    assert_eq!(scores.len(), 4, "four SudoQ levels");
    let (easy, infernal) = (median(scores[&1].clone()), median(scores[&4].clone()));
    assert!(
        infernal > 2 * easy,
        "median score {easy} (easy) vs {infernal} (infernal)"
    );
}
