//! The issbench puzzles (`tests/data/issbench/generated/`, made by `examples/issbench`) stay
//! what the benchmark says they are, without solving them (the benchmark times that): every
//! file loads, every stated solution keeps every rule and given, and every zero-solution
//! puzzle is its family's puzzle with exactly one given more, a value the stated solution does
//! not have there; since the family's puzzle is unique (the benchmark proves it), that given
//! leaves no solution.

use std::path::{Path, PathBuf};

fn generated() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("data/issbench/generated")
}

fn files(dir: &Path) -> Vec<PathBuf> {
    let mut out: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "toml"))
        .collect();
    out.sort();
    out
}

#[test]
fn every_generated_puzzle_loads_and_its_solution_keeps_every_rule() {
    let mut families = 0;
    for family in std::fs::read_dir(generated()).unwrap() {
        let dir = family.unwrap().path();
        if dir.file_name().unwrap() == "zero-solution" {
            continue;
        }
        families += 1;
        let puzzles = files(&dir);
        assert!(!puzzles.is_empty(), "{}: no puzzles", dir.display());
        for f in puzzles {
            let loaded = shapedoku::load::load_path(&f).unwrap();
            let sol = loaded
                .solution
                .unwrap_or_else(|| panic!("{}: no stated solution", f.display()));
            assert!(
                loaded.puzzle.verify(&sol).is_ok(),
                "{}: the stated solution breaks a rule or a given",
                f.display()
            );
        }
    }
    assert!(families >= 10, "only {families} families");
}

#[test]
fn every_zero_solution_puzzle_is_a_unique_puzzle_with_one_contradicting_given() {
    let zero = files(&generated().join("zero-solution"));
    assert!(!zero.is_empty());
    for f in zero {
        let stem = f.file_stem().unwrap().to_str().unwrap();
        let (family, k) = stem.rsplit_once('-').unwrap();
        let base = generated()
            .join(family)
            .join(format!("{:02}.toml", k.parse::<u32>().unwrap()));
        let base = shapedoku::load::load_path(&base).unwrap();
        let sol = base
            .solution
            .expect("the family's puzzle states its solution");
        let z = shapedoku::load::load_path(&f).unwrap();
        assert!(z.solution.is_none(), "{}: states a solution", f.display());
        assert_eq!(
            z.geometry.constraints().len(),
            base.geometry.constraints().len(),
            "{}: other rules than its family's puzzle",
            f.display()
        );
        assert_eq!(
            z.geometry.shapes().len(),
            base.geometry.shapes().len(),
            "{}",
            f.display()
        );
        let differ: Vec<usize> = (0..sol.len())
            .filter(|&c| z.puzzle.givens()[c] != base.puzzle.givens()[c])
            .collect();
        assert_eq!(differ.len(), 1, "{}: not one given more", f.display());
        let c = differ[0];
        assert!(base.puzzle.givens()[c].is_none(), "{}", f.display());
        let v = z.puzzle.givens()[c].expect("the added given");
        assert_ne!(
            v,
            sol[c],
            "{}: the added given agrees with the solution",
            f.display()
        );
    }
}
