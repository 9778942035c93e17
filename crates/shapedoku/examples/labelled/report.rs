//! The agreement of `shapedoku rate` with the publishers' labels, from its JSON lines.

use serde_json::Value;
use std::collections::BTreeMap;
use std::path::Path;

const OUR_LEVELS: [&str; 5] = ["easy", "medium", "hard", "expert", "extreme"];

/// One rated puzzle: its publisher, kind, label rank (from 1), our level (0-4), score, guesses.
struct Row {
    publisher: String,
    kind: String,
    label: usize,
    level: usize,
    score: f64,
    guesses: u64,
    /// The Sudoku Explainer estimate (classic puzzles only).
    se: Option<f64>,
}

fn label_names(publisher: &str) -> &'static [&'static str] {
    match publisher {
        "andoku" => &super::andoku::LEVELS,
        "sudoq" => &super::sudoq::LEVELS,
        _ => &[],
    }
}

/// Ranks from 1, ties given their mean rank.
fn ranks(x: &[f64]) -> Vec<f64> {
    let mut idx: Vec<usize> = (0..x.len()).collect();
    idx.sort_by(|&a, &b| x[a].total_cmp(&x[b]));
    let mut r = vec![0.0; x.len()];
    let mut i = 0;
    while i < idx.len() {
        let mut j = i;
        while j + 1 < idx.len() && x[idx[j + 1]] == x[idx[i]] {
            j += 1;
        }
        let mean = (i + j) as f64 / 2.0 + 1.0;
        for &k in &idx[i..=j] {
            r[k] = mean;
        }
        i = j + 1;
    }
    r
}

/// Spearman's rank correlation (Pearson's on the ranks, ties averaged); NaN when a side is
/// constant.
pub fn spearman(x: &[f64], y: &[f64]) -> f64 {
    let (rx, ry) = (ranks(x), ranks(y));
    let n = x.len() as f64;
    let (mx, my) = (rx.iter().sum::<f64>() / n, ry.iter().sum::<f64>() / n);
    let (mut sxy, mut sxx, mut syy) = (0.0, 0.0, 0.0);
    for (a, b) in rx.iter().zip(&ry) {
        sxy += (a - mx) * (b - my);
        sxx += (a - mx) * (a - mx);
        syy += (b - my) * (b - my);
    }
    sxy / (sxx * syy).sqrt()
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    let n = v.len();
    if n == 0 {
        f64::NAN
    } else if n % 2 == 1 {
        v[n / 2]
    } else {
        (v[n / 2 - 1] + v[n / 2]) / 2.0
    }
}

fn parse(path: &Path) -> Result<Vec<Row>, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let mut rows = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let at = || format!("{}:{}", path.display(), i + 1);
        let v: Value = serde_json::from_str(line).map_err(|e| format!("{}: {e}", at()))?;
        let input = v["input"]
            .as_str()
            .ok_or_else(|| format!("{}: no input", at()))?;
        let stem = Path::new(input)
            .file_stem()
            .unwrap()
            .to_string_lossy()
            .into_owned();
        let f: Vec<&str> = stem.split('-').collect();
        let [publisher, kind, label, _number] = f[..] else {
            return Err(format!(
                "{}: {stem} is not PUBLISHER-KIND-LEVEL-NUMBER",
                at()
            ));
        };
        if v["status"] != "rated" {
            return Err(format!("{}: {stem} not rated: {v}", at()));
        }
        let level = v["level"].as_str().unwrap_or("");
        let level = OUR_LEVELS
            .iter()
            .position(|&l| l == level)
            .ok_or_else(|| format!("{}: level {level:?}", at()))?;
        rows.push(Row {
            publisher: publisher.to_string(),
            kind: kind.to_string(),
            label: label
                .parse()
                .map_err(|_| format!("{}: label {label:?}", at()))?,
            level,
            score: v["score"].as_f64().unwrap_or(f64::NAN),
            guesses: v["guesses"].as_u64().unwrap_or(0),
            se: v["se"].as_f64(),
        });
    }
    Ok(rows)
}

fn correlations(rows: &[&Row]) -> (f64, f64) {
    let label: Vec<f64> = rows.iter().map(|r| r.label as f64).collect();
    let score: Vec<f64> = rows.iter().map(|r| r.score).collect();
    let level: Vec<f64> = rows.iter().map(|r| r.level as f64).collect();
    (spearman(&score, &label), spearman(&level, &label))
}

pub fn run(path: &Path) -> Result<(), String> {
    let rows = parse(path)?;
    let mut publishers: BTreeMap<&str, Vec<&Row>> = BTreeMap::new();
    for r in &rows {
        publishers.entry(&r.publisher).or_default().push(r);
    }
    for (publisher, rows) in publishers {
        let names = label_names(publisher);
        let variants: Vec<&Row> = rows
            .iter()
            .copied()
            .filter(|r| !matches!(r.kind.as_str(), "standard_n" | "classic"))
            .collect();
        println!("\n{publisher}, variants ({} puzzles):\n", variants.len());
        println!(
            "| label | puzzles | easy / medium / hard / expert / extreme | no guess | median score |"
        );
        println!("|---|---:|---|---:|---:|");
        for (k, name) in names.iter().enumerate() {
            let at: Vec<&Row> = variants
                .iter()
                .copied()
                .filter(|r| r.label == k + 1)
                .collect();
            let mut dist = [0; 5];
            for r in &at {
                dist[r.level] += 1;
            }
            let dist: Vec<String> = dist.iter().map(usize::to_string).collect();
            println!(
                "| {name} | {} | {} | {} | {} |",
                at.len(),
                dist.join(" / "),
                at.iter().filter(|r| r.guesses == 0).count(),
                median(at.iter().map(|r| r.score).collect())
            );
        }
        let mut kinds: BTreeMap<&str, Vec<&Row>> = BTreeMap::new();
        for r in &rows {
            kinds.entry(&r.kind).or_default().push(r);
        }
        println!("\n| kind | puzzles | Spearman: score | level | no guess |");
        println!("|---|---:|---:|---:|---:|");
        let (s, l) = correlations(&variants);
        println!(
            "| all variants | {} | {s:.2} | {l:.2} | {} |",
            variants.len(),
            variants.iter().filter(|r| r.guesses == 0).count()
        );
        for (kind, rows) in &kinds {
            let (s, l) = correlations(rows);
            let ng = rows.iter().filter(|r| r.guesses == 0).count();
            println!("| {kind} | {} | {s:.2} | {l:.2} | {ng} |", rows.len());
        }
        // Classic puzzles also get the Sudoku Explainer estimate: its median per label.
        for (kind, rows) in &kinds {
            let se: Vec<(usize, f64)> =
                rows.iter().filter_map(|r| Some((r.label, r.se?))).collect();
            if se.is_empty() {
                continue;
            }
            let per: Vec<String> = (1..=names.len())
                .map(|k| {
                    let m = median(se.iter().filter(|x| x.0 == k).map(|x| x.1).collect());
                    format!("{} {m:.1}", names[k - 1])
                })
                .collect();
            println!("\n{kind}: median SE estimate per label: {}", per.join(", "));
        }
    }
    Ok(())
}
