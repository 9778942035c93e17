//! The `relation` rule on real puzzles: every f-puzzles puzzle of `tests/data/fpuzzles/`
//! (sources in its README) whose rules beyond shapes relate pairs of cells (kropki and XV
//! dots, thermometers, chess moves, whispers, ...) is rewritten with each related pair as a
//! `relation` rule listing the value pairs it allows, in the TOML, and loaded back. The
//! rewritten puzzle must have the published solution as its only one: the relation rules then
//! mean what the setters' rules meant, on puzzles nobody here wrote.

use serde_json::Value;
use shapedoku::constraint::Laws;
use shapedoku::load::load_str;
use shapedoku::solver::Budget;
use shapedoku::{Solver, Verdict, import};

/// The rule types whose laws are pairs of cells, the ones rewritten.
const PAIR_TYPES: [&str; 15] = [
    "anti-knight",
    "anti-king",
    "nonconsecutive",
    "thermo",
    "slow-thermo",
    "kropki",
    "xv",
    "difference",
    "ratio",
    "minimum",
    "maximum",
    "whispers",
    "palindrome",
    "clone",
    "disjoint-groups",
];

fn solution(s: &str) -> Vec<u8> {
    if s.contains(',') {
        s.split(',')
            .map(|x| x.trim().parse::<u8>().expect("value") - 1)
            .collect()
    } else {
        s.chars()
            .map(|c| c.to_digit(36).expect("digit") as u8 - 1)
            .collect()
    }
}

/// The puzzle's TOML with its pair rules written as relations, and how many relations; `None`
/// when the puzzle has no pair rule or cannot be read.
fn rewritten(payload: &str) -> Option<(String, usize)> {
    let imported = import::import(payload).ok()?;
    let g = &imported.loaded.geometry;
    let values = g.symbols().values();
    let mut table: toml::Table = imported.toml.parse().expect("the import's TOML");
    let mut relations = Vec::new();
    for c in g.constraints() {
        let Laws::Pairs(pairs) = c.laws(g) else {
            continue;
        };
        for (a, b, law) in pairs {
            let n = values.len() as u8;
            let allowed: Vec<toml::Value> = (0..n)
                .flat_map(|x| (0..n).map(move |y| (x, y)))
                .filter(|&(x, y)| law.allows(values, x, y))
                .map(|(x, y)| {
                    toml::Value::String(format!("{} {}", values[x as usize], values[y as usize]))
                })
                .collect();
            let mut rule = toml::Table::new();
            rule.insert("type".into(), "relation".into());
            let cells = format!("{} {}", g.pos(a.index()), g.pos(b.index()));
            rule.insert("cells".into(), cells.into());
            rule.insert("allowed".into(), toml::Value::Array(allowed));
            relations.push(toml::Value::Table(rule));
        }
    }
    if relations.is_empty() {
        return None;
    }
    let count = relations.len();
    let rules = table
        .remove("rule")
        .and_then(|r| r.as_array().cloned())
        .unwrap_or_default();
    let kept: Vec<toml::Value> = (rules.into_iter())
        .filter(|r| {
            let t = r.get("type").and_then(toml::Value::as_str).unwrap_or("");
            !PAIR_TYPES.contains(&t)
        })
        .chain(relations)
        .collect();
    table.insert("rule".into(), toml::Value::Array(kept));
    Some((toml::to_string(&table).expect("TOML out"), count))
}

#[test]
fn real_pair_rule_puzzles_keep_their_solution_as_relations() {
    let text = include_str!("../../data/fpuzzles/corpus.jsonl");
    let mut solved = Vec::new();
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let case: Value = serde_json::from_str(line).expect("JSON line");
        let id = case["id"].as_str().expect("id");
        let want = solution(case["solution"].as_str().expect("solution"));
        let Some((toml, relations)) = rewritten(case["payload"].as_str().expect("payload")) else {
            continue;
        };
        let loaded = load_str(id, &toml, None).unwrap_or_else(|e| panic!("{id}: {e}\n{toml}"));
        let g = &loaded.geometry;
        // Every pair rule went: what is solved below rests on the relations.
        assert!(
            g.constraints()
                .iter()
                .all(|c| !matches!(c.laws(g), Laws::Pairs(_))),
            "{id}: a pair rule was left"
        );
        assert!(
            loaded.puzzle.verify(&want).is_ok(),
            "{id}: the published solution breaks the relations"
        );
        let budget = Budget::default()
            .with_guesses(20_000)
            .with_conflicts(20_000)
            .with_timeout(std::time::Duration::from_secs(5));
        let original = import::import(case["payload"].as_str().expect("payload")).expect("read");
        let before = Solver::new(&original.loaded.puzzle).count_with(2, &budget);
        let count = Solver::new(&loaded.puzzle).count_with(2, &budget);
        // A search the budget stops proves nothing either way.
        if [before.verdict(), count.verdict()].contains(&Verdict::Undecided) {
            continue;
        }
        assert_eq!(
            count.verdict(),
            before.verdict(),
            "{id}: the relations answer otherwise"
        );
        if count.verdict() == Verdict::Unique {
            assert_eq!(count.solutions[0].as_indices(), want.as_slice(), "{id}");
            solved.push((id.to_string(), relations));
        }
    }
    println!("solved with relations: {solved:?}");
    assert!(
        solved.len() >= 3,
        "only {} real puzzles solved with relations: {solved:?}",
        solved.len()
    );
}
