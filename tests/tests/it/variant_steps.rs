//! The reasoner's steps on published variant puzzles (`tests/data/fpuzzles/`, sources in its
//! README), checked against the setters' solutions: every step before the first guess removes
//! no value of the solution and places none other, over every rule kind the corpus holds; and
//! every rule step says why, in words naming the cells its reason rests on.
//!
//! Each puzzle gets a short time (the reasoner's chains are slow in a debug build); what it
//! reaches in that time is checked, so the test stays quick and still fails on any unsound
//! step. `cargo run --release -p shapedoku --example variantbench` runs the whole benchmark.

use serde_json::Value;
use shapedoku::reason::{self, Board, Deduction, Technique, explain};
use shapedoku::solver::Budget;
use shapedoku::{Solver, Verdict, import};
use std::time::{Duration, Instant};

const PER_PUZZLE: Duration = Duration::from_millis(1000);

/// The published solution as symbol indices.
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

#[test]
fn rule_steps_on_published_puzzles_are_sound_and_say_why() {
    let text = include_str!("../../data/fpuzzles/corpus.jsonl");
    let (mut checked, mut rule_steps, mut reasons) = (0, 0, std::collections::BTreeSet::new());
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let case: Value = serde_json::from_str(line).expect("a JSON line");
        let id = case["id"].as_str().unwrap_or_default();
        let Ok(got) = import::import(case["payload"].as_str().expect("payload")) else {
            continue;
        };
        let puzzle = &got.loaded.puzzle;
        let g = puzzle.geometry();
        if g.constraints().is_empty() {
            continue;
        }
        let sol = solution(case["solution"].as_str().expect("solution"));
        let budget = Budget::default().with_deadline(Instant::now() + PER_PUZZLE);
        let mut board = Board::new(puzzle);
        let unique = Solver::new(puzzle).count_with(2, &budget).verdict() == Verdict::Unique;
        board.set_known_unique(unique);
        let run = reason::solve_board_within(board, &budget);
        for step in run
            .steps
            .iter()
            .take_while(|s| s.technique() != Technique::Guess)
        {
            let broken = step.breaks(&sol);
            assert!(
                broken.is_none(),
                "{id}: {step:?} disagrees with the solution at {broken:?}"
            );
            checked += 1;
            if let Deduction::RuleElimination { reason, .. } = &step.deduction {
                rule_steps += 1;
                reasons.insert(
                    format!("{reason:?}")
                        .split([' ', '{'])
                        .next()
                        .map(String::from),
                );
                let words = explain::text(g, step);
                // The cells the reason rests on are named in the words and highlighted.
                for c in reason.cells() {
                    let name = g.pos(c.index()).to_string();
                    assert!(words.contains(&name), "{id}: {words} does not name {name}");
                    assert!(step.deduction.cells().contains(&c), "{id}: {step:?}");
                }
                assert_eq!(step.technique(), reason.technique());
            }
        }
    }
    assert!(checked > 500, "only {checked} steps checked");
    assert!(rule_steps > 100, "only {rule_steps} rule steps");
    // Pair laws, thermometers and odd/even cells state their reasons (they said only "the
    // rule" before).
    for want in ["Partner", "ThermoFloor", "ThermoCeiling", "CellAllows"] {
        assert!(
            reasons.contains(&Some(want.to_string())),
            "no {want} reason in {reasons:?}"
        );
    }
}

/// A published puzzle (gdc's "Aad-van-ced Zippers", a 6x6 with zipper lines; SudokuPad corpus,
/// README) whose logic needs a chain inside a chain: the reasoner solves it without a guess,
/// by a nested rule forcing chain, and every step keeps the setter's solution. (Kennet's Dad,
/// region sums on irregular regions, needed one until sums listed the combinations of cells
/// that see each other; a rule forcing chain does now.)
#[test]
fn a_nested_rule_forcing_chain_solves_a_published_puzzle_soundly() {
    let tsv = include_str!("../../data/sudokupad/challenge100.tsv");
    let line = tsv
        .lines()
        .find(|l| l.starts_with("fpuzzle156dec954708b0efc0594aa17eb797b8\t"))
        .expect("the puzzle in the corpus");
    let f: Vec<&str> = line.split('\t').collect();
    let got = import::import(f[5]).expect("the link imports");
    let puzzle = &got.loaded.puzzle;
    let g = puzzle.geometry();
    let sol = solution(f[4]);
    let run = reason::solve_board_within(Board::new(puzzle), &Budget::default());
    assert!(run.board.is_solved());
    for step in &run.steps {
        assert_ne!(step.technique(), Technique::Guess, "{step:?}");
        assert_eq!(step.breaks(&sol), None, "{step:?}");
    }
    let nested = run
        .steps
        .iter()
        .find(|s| s.technique() == Technique::NestedRuleForcingChain)
        .expect("a nested chain");
    // The inner chain is told in brackets inside the outer one.
    let words = explain::text(g, nested);
    assert!(words.contains("nested rule forcing chain, if "), "{words}");
    assert!(words.contains(" [if "), "{words}");
}
