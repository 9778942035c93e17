//! Real f-puzzles puzzles with their published solutions (`tests/data/fpuzzles/`, sources in
//! its README): each is imported, its solution checked against everything read, and solved
//! within a budget. The result table (solved, several solutions, undecided, refused by reason,
//! wrong) is printed; the test fails on any wrong result: a stated solution the reading
//! contradicts, no solution, or a unique solution other than the published one.
//!
//! `cargo test -p shapedoku-tests --test fpuzzles_corpus -- --nocapture` shows the table.

use serde_json::Value;
use shapedoku::solver::Budget;
use shapedoku::{Solver, Verdict, import};
use std::collections::BTreeMap;
use std::time::Duration;

/// Per puzzle: guesses, and time, after which the search counts as undecided (reported,
/// not failed).
const GUESS_LIMIT: u64 = 200_000;
const TIME_LIMIT: Duration = Duration::from_secs(5);

#[derive(Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Outcome {
    Solved,
    Several,
    Undecided,
    Refused(String),
    Wrong(String),
}

/// The published solution as symbol indices: a string of digits, or values separated by
/// commas.
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

fn run(case: &Value) -> Outcome {
    let payload = case["payload"].as_str().expect("payload");
    let want = solution(case["solution"].as_str().expect("solution"));
    let imported = match import::import(payload) {
        Ok(i) => i,
        // A stated solution that breaks what was read is a misreading.
        Err(e) if e.message.contains("the solution is wrong") => {
            return Outcome::Wrong(e.message);
        }
        Err(e) => {
            let why = match &e.key {
                Some(k) => format!("`{k}`: {}", e.message),
                None => e.message.clone(),
            };
            return Outcome::Refused(why);
        }
    };
    let puzzle = &imported.loaded.puzzle;
    if let Err(v) = puzzle.verify(&want) {
        return Outcome::Wrong(format!("the published solution breaks the reading: {v}"));
    }
    let budget = Budget::default()
        .with_guesses(GUESS_LIMIT)
        .with_conflicts(GUESS_LIMIT)
        .with_timeout(TIME_LIMIT);
    let count = Solver::new(puzzle).count_with(2, &budget);
    match count.verdict() {
        Verdict::Unique if count.solutions[0].as_indices() == want.as_slice() => Outcome::Solved,
        Verdict::Unique => Outcome::Wrong("a unique solution other than the published one".into()),
        Verdict::NoSolution => Outcome::Wrong("no solution".into()),
        Verdict::Several | Verdict::AtLeastOne => Outcome::Several,
        Verdict::Undecided => Outcome::Undecided,
    }
}

#[test]
fn real_f_puzzles_links_are_read_right() {
    let text = include_str!("../../data/fpuzzles/corpus.jsonl");
    let cases: Vec<Value> = text
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| serde_json::from_str(l).expect("corpus line"))
        .collect();
    assert!(cases.len() >= 50, "{} puzzles", cases.len());
    let mut table: BTreeMap<String, usize> = BTreeMap::new();
    let mut wrong = Vec::new();
    for case in &cases {
        let id = case["id"].as_str().unwrap_or("?");
        let outcome = run(case);
        let row = match &outcome {
            Outcome::Solved => "solved".to_string(),
            Outcome::Several => "several solutions (elements drawn only)".to_string(),
            Outcome::Undecided => "undecided (limit)".to_string(),
            Outcome::Refused(why) => format!("refused: {why}"),
            Outcome::Wrong(why) => {
                wrong.push(format!("{id}: {why}"));
                "wrong".to_string()
            }
        };
        if !matches!(outcome, Outcome::Solved) {
            println!("{id} ({}): {row}", case["title"].as_str().unwrap_or(""));
        }
        *table.entry(row).or_default() += 1;
    }
    println!("\n{} real f-puzzles puzzles:", cases.len());
    for (row, n) in &table {
        println!("  {n:4}  {row}");
    }
    assert!(wrong.is_empty(), "wrong results:\n{}", wrong.join("\n"));
}
