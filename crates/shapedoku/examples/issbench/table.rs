//! The rows both engines print, and the per-family table joining them.

use shapedoku::{Geometry, Verdict};
use std::collections::BTreeMap;
use std::path::Path;

/// A verdict as the rows write it (the Node driver writes the same words).
pub fn verdict_name(v: Verdict) -> &'static str {
    match v {
        Verdict::NoSolution => "none",
        Verdict::Unique => "unique",
        Verdict::Several => "several",
        Verdict::AtLeastOne | Verdict::Undecided => "undecided",
    }
}

/// A solution as values (a symbol's index plus 1, as ISS numbers them), comma-separated, cells
/// in row-major order of their positions (ISS's order).
pub fn values(g: &Geometry, grid: &[u8]) -> String {
    let mut cells: Vec<usize> = (0..g.cell_count()).collect();
    cells.sort_by_key(|&c| (g.pos(c).row, g.pos(c).col));
    let v: Vec<String> = cells.iter().map(|&c| (grid[c] + 1).to_string()).collect();
    v.join(",")
}

/// One engine's row for a puzzle.
struct Row {
    verdict: String,
    ms: f64,
    solution: String,
    /// ISS's rows only: the search's wall time by ISS's own timer (parsing and building left
    /// out).
    search_ms: Option<f64>,
}

/// The rows of a file, by family and name.
fn read(path: &Path) -> BTreeMap<(String, String), Row> {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    text.lines()
        .filter_map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            // Ours: family, name, verdict, ms, guesses, solution; ISS the same.
            (f.len() >= 5).then(|| {
                let row = Row {
                    verdict: f[2].to_string(),
                    ms: f[3].parse().unwrap_or(f64::INFINITY),
                    solution: f.get(5).unwrap_or(&"").to_string(),
                    search_ms: f.get(6).and_then(|x| x.parse().ok()),
                };
                ((f[0].to_string(), f[1].to_string()), row)
            })
        })
        .collect()
}

/// The time a row counts for: its CPU time, or infinity when it did not decide.
fn effective(r: &Row) -> f64 {
    if r.verdict == "undecided" {
        f64::INFINITY
    } else {
        r.ms
    }
}

/// The time by ISS's own timer (search only, wall clock), infinity when it did not decide.
fn effective_search(r: &Row) -> f64 {
    match r.search_ms {
        Some(t) if r.verdict != "undecided" => t,
        _ => f64::INFINITY,
    }
}

/// A ratio of two medians, or "-" when either is missing or undecided.
fn ratio(num: f64, den: f64) -> String {
    if num.is_finite() && den.is_finite() && den > 0.0 {
        format!("{:.2}", num / den)
    } else {
        "-".to_string()
    }
}

fn median(mut v: Vec<f64>) -> f64 {
    if v.is_empty() {
        return f64::NAN;
    }
    v.sort_by(f64::total_cmp);
    let n = v.len();
    if n % 2 == 1 {
        v[n / 2]
    } else {
        (v[n / 2 - 1] + v[n / 2]) / 2.0
    }
}

fn ms(x: f64) -> String {
    if x.is_nan() {
        "-".into()
    } else if x.is_infinite() {
        "undecided".into()
    } else if x >= 100.0 {
        format!("{x:.0}")
    } else {
        format!("{x:.2}")
    }
}

/// Prints the per-family table: puzzles (those ISS also has, of all), medians, the ratio of
/// ISS's median to ours, puzzles undecided at 1 s and at the run's limit for each engine, and
/// agreement on the answers.
pub fn print(ours: &Path, iss: &Path) {
    let (ours, iss) = (read(ours), read(iss));
    let mut families: BTreeMap<&str, Vec<&(String, String)>> = BTreeMap::new();
    for key in ours.keys() {
        families.entry(key.0.as_str()).or_default().push(key);
    }
    println!(
        "| family | puzzles | ours median ms | ISS median ms | ISS / ours | ISS timer median ms | ISS timer / ours | undecided at 1 s (ours / ISS) | undecided at the limit (ours / ISS) | answers agree |"
    );
    println!("|---|---:|---:|---:|---:|---:|---:|---:|---:|---|");
    let mut disagreements = Vec::new();
    for (family, keys) in &families {
        let (mut ot, mut it, mut st) = (Vec::new(), Vec::new(), Vec::new());
        let (mut o1, mut i1, mut ol, mut il) = (0, 0, 0, 0);
        let (mut both, mut agree, mut iss_rows) = (0, 0, 0);
        // A family some of whose puzzles ISS cannot hold (a rule it has no type for) is
        // compared on the puzzles both have; without any, ours are shown alone.
        let shared = keys.iter().any(|k| iss.contains_key(*k));
        let mut compared = 0;
        for key in keys {
            if shared && !iss.contains_key(*key) {
                continue;
            }
            compared += 1;
            let o = &ours[*key];
            let te = effective(o);
            ot.push(te);
            o1 += usize::from(te > 1000.0);
            ol += usize::from(te.is_infinite());
            let Some(i) = iss.get(*key) else { continue };
            iss_rows += 1;
            let ti = effective(i);
            it.push(ti);
            st.push(effective_search(i));
            i1 += usize::from(ti > 1000.0);
            il += usize::from(ti.is_infinite());
            if te.is_finite() && ti.is_finite() {
                both += 1;
                let same =
                    o.verdict == i.verdict && (o.verdict != "unique" || o.solution == i.solution);
                if same {
                    agree += 1;
                } else {
                    disagreements.push(format!(
                        "{}/{}: ours {}, ISS {}{}",
                        key.0,
                        key.1,
                        o.verdict,
                        i.verdict,
                        if o.verdict == i.verdict {
                            " (different solutions)"
                        } else {
                            ""
                        }
                    ));
                }
            }
        }
        let (mo, mi, ms_) = (median(ot), median(it), median(st));
        let iss_cell = |x: usize| {
            if iss_rows == 0 {
                "-".to_string()
            } else {
                x.to_string()
            }
        };
        let no_iss = |x: String| if iss_rows == 0 { "-".into() } else { x };
        println!(
            "| {family} | {} | {} | {} | {} | {} | {} | {o1} / {} | {ol} / {} | {} |",
            if compared == keys.len() {
                compared.to_string()
            } else {
                format!("{compared} of {}", keys.len())
            },
            ms(mo),
            no_iss(ms(mi)),
            ratio(mi, mo),
            no_iss(ms(ms_)),
            ratio(ms_, mo),
            iss_cell(i1),
            iss_cell(il),
            if iss_rows == 0 {
                "no ISS input".to_string()
            } else {
                format!("{agree} of {both}")
            }
        );
    }
    if disagreements.is_empty() {
        println!("\nNo disagreement: every puzzle both decided has the same answer.");
    } else {
        println!("\nDISAGREEMENTS ({}):", disagreements.len());
        for d in disagreements {
            println!("DISAGREEMENT: {d}");
        }
    }
}
