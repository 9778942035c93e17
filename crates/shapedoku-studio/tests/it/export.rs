//! `POST /api/export` in-process: the example puzzles exported as links that the library's own
//! importer reads back as the same puzzle, and puzzles a target cannot hold refused with the
//! reason named.

use crate::common;
use common::post;

use axum::Router;
use axum::http::StatusCode;
use serde_json::json;
use shapedoku::load;
use shapedoku_studio::{Config, router};

const CLASSIC: &str = include_str!("../../../../variants/puzzles/classic.toml");
const KILLER: &str = include_str!("../../../../variants/puzzles/killer.toml");
const SAMURAI: &str = include_str!("../../../../variants/puzzles/samurai.toml");
const TREDOKU: &str = include_str!("../../../../variants/puzzles/tredoku.toml");

/// The sum shapes of a puzzle (killer cages), as (cells by name, total), in a fixed order.
fn cages(l: &load::Loaded) -> Vec<(Vec<String>, i64)> {
    let g = &l.geometry;
    let mut out: Vec<(Vec<String>, i64)> = g
        .shapes()
        .iter()
        .filter_map(|s| {
            let mut cells: Vec<String> = s.cells.iter().map(|&c| g.pos(c).to_string()).collect();
            cells.sort();
            s.sum().map(|t| (cells, t))
        })
        .collect();
    out.sort();
    out
}

/// Exports `text` for `target` through the endpoint, imports the link with the library, and
/// checks the puzzle came back: the same givens cell by cell, the same stated solution, the
/// same cages with the same totals.
async fn round_trip(app: &Router, text: &str, target: &str, prefix: &str) {
    let (s, v) = post(app, "/api/export", json!({"toml": text, "target": target})).await;
    assert_eq!(s, StatusCode::OK, "{v}");
    let link = v["link"].as_str().unwrap();
    assert!(link.starts_with(prefix), "{link}");
    // The example states its solution, so the link carries it (SudokuPad checks answers).
    assert_eq!(v["with_solution"], true, "{v}");
    let original = load::load_str("example.toml", text, None).unwrap();
    let back = shapedoku::import::import(link).unwrap_or_else(|e| panic!("{link}: {e}"));
    let back = back.loaded;
    let names = |l: &load::Loaded| -> Vec<String> {
        let g = &l.geometry;
        (0..g.cell_count()).map(|c| g.pos(c).to_string()).collect()
    };
    assert_eq!(names(&back), names(&original));
    assert_eq!(back.puzzle.givens(), original.puzzle.givens());
    // Something to compare: givens (the classic), or cages (the killer has no givens).
    assert!(original.puzzle.givens().iter().any(|g| g.is_some()) || !cages(&original).is_empty());
    assert_eq!(back.solution, original.solution);
    assert!(original.solution.is_some());
    assert_eq!(cages(&back), cages(&original));
}

#[tokio::test]
async fn the_classic_and_killer_examples_export_and_import_back_the_same() {
    let app = router(Config::default());
    round_trip(&app, CLASSIC, "fpuzzles", "https://f-puzzles.com/?load=").await;
    round_trip(&app, CLASSIC, "sudokupad", "https://sudokupad.app/fpuzzles").await;
    round_trip(&app, KILLER, "fpuzzles", "https://f-puzzles.com/?load=").await;
    round_trip(&app, KILLER, "sudokupad", "https://sudokupad.app/fpuzzles").await;
    // The killer example has its cages (and the classic its givens): the comparisons above
    // are not of empty lists.
    let killer = load::load_str("killer.toml", KILLER, None).unwrap();
    assert!(cages(&killer).len() > 10);
    let classic = load::load_str("classic.toml", CLASSIC, None).unwrap();
    assert!(classic.puzzle.givens().iter().flatten().count() > 17);
}

#[tokio::test]
async fn puzzles_the_target_cannot_hold_are_refused_with_the_reason() {
    let app = router(Config::default());
    for (text, target, why) in [
        (SAMURAI, "fpuzzles", "it has 5 grids"),
        (TREDOKU, "sudokupad", "its faces lie in space"),
    ] {
        let (s, v) = post(&app, "/api/export", json!({"toml": text, "target": target})).await;
        assert_eq!(s, StatusCode::UNPROCESSABLE_ENTITY, "{v}");
        let error = v["error"].as_str().unwrap();
        assert!(error.starts_with("cannot export: "), "{error}");
        assert!(error.contains("cannot hold this puzzle"), "{error}");
        // The reason is the library's, word for word.
        let l = load::load_str("p.toml", text, None).unwrap();
        let meta = shapedoku::export::Meta::from_file(text, &l.geometry);
        let t = match target {
            "fpuzzles" => shapedoku::export::Target::FPuzzles,
            _ => shapedoku::export::Target::SudokuPad,
        };
        let e = shapedoku::export::export(&l.puzzle, l.solution.as_deref(), &meta, t).unwrap_err();
        assert!(!e.refused.is_empty());
        for r in &e.refused {
            assert!(error.contains(&r.why), "{error} lacks {}", r.why);
        }
        assert!(error.contains(why), "{error}");
    }
}

#[tokio::test]
async fn bad_export_requests_are_refused_before_any_work() {
    let app = router(Config::default());
    // An unknown target, a missing one and an unknown field are the request's fault: 400.
    for body in [
        json!({"toml": CLASSIC, "target": "penpa"}),
        json!({"toml": CLASSIC}),
        json!({"toml": CLASSIC, "target": "fpuzzles", "solve": true}),
    ] {
        let (s, v) = post(&app, "/api/export", body.clone()).await;
        assert_eq!(s, StatusCode::BAD_REQUEST, "{body}: {v}");
    }
    // A file with problems is a 422 that lists them, with their places.
    let (s, v) = post(
        &app,
        "/api/export",
        json!({"toml": "variant = \"4x4\"\ngivens = \"12x. .... .... ....\"\n", "target": "fpuzzles"}),
    )
    .await;
    assert_eq!(s, StatusCode::UNPROCESSABLE_ENTITY, "{v}");
    assert!(
        v["error"]
            .as_str()
            .unwrap()
            .contains("the file has problems"),
        "{v}"
    );
    assert_eq!(v["diagnostics"][0]["line"], 2, "{v}");
    // A variant file has no givens: its empty grid is exported, with nothing to check answers.
    let (s, v) = post(
        &app,
        "/api/export",
        json!({"toml": "variant = \"4x4\"\n", "target": "fpuzzles"}),
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{v}");
    assert_eq!(v["with_solution"], false, "{v}");
    let back = shapedoku::import::import(v["link"].as_str().unwrap()).unwrap();
    assert_eq!(back.loaded.geometry.cell_count(), 16);
    assert!(back.loaded.puzzle.givens().iter().all(|g| g.is_none()));
}
