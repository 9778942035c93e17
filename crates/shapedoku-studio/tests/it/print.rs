//! `POST /api/print` in-process: a puzzle as a one-page PDF and a booklet as `shapedoku booklet`
//! makes it, read back with a PDF reader (pages counted), the difficulty of each booklet
//! puzzle the one `rate` gives, and bad requests refused.

use crate::common;
use common::post;

use axum::http::StatusCode;
use base64::Engine as _;
use serde_json::{Value, json};
use shapedoku_studio::{Config, router};

const CLASSIC: &str = include_str!("../../../../variants/puzzles/classic.toml");
const KILLER: &str = include_str!("../../../../variants/puzzles/killer.toml");
const FOUR: &str = include_str!("../../../../variants/puzzles/4x4.toml");

/// The answer's PDF, parsed: its page count.
fn pages(v: &Value) -> usize {
    let bytes = base64::engine::general_purpose::STANDARD
        .decode(v["pdf"].as_str().unwrap())
        .unwrap();
    assert!(bytes.starts_with(b"%PDF-"), "not a PDF");
    lopdf::Document::load_mem(&bytes)
        .expect("a PDF a reader opens")
        .get_pages()
        .len()
}

#[tokio::test]
async fn one_puzzle_prints_as_one_page() {
    let app = router(Config::default());
    let (s, v) = post(&app, "/api/print", json!({"puzzles": [CLASSIC]})).await;
    assert_eq!(s, StatusCode::OK, "{v}");
    assert_eq!(v["pages"], 1);
    assert_eq!(pages(&v), 1);
    assert_eq!(v["puzzles"][0]["note"], Value::Null);
}

#[tokio::test]
async fn a_booklet_has_its_puzzles_per_page_then_the_solutions_each_rated_as_rate_does() {
    let app = router(Config::default());
    let (s, v) = post(
        &app,
        "/api/print",
        json!({"puzzles": [CLASSIC, KILLER, FOUR], "booklet": true, "per_page": 2, "title": "Weekend"}),
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{v}");
    // Three puzzles two a page, then the three solutions on one page (six a page).
    assert_eq!(v["pages"], 3);
    assert_eq!(pages(&v), 3);
    for (i, text) in [CLASSIC, KILLER, FOUR].iter().enumerate() {
        let (s, r) = post(&app, "/api/rate", json!({"toml": text})).await;
        assert_eq!(s, StatusCode::OK, "{r}");
        let want = format!("{}, score {}", r["level"].as_str().unwrap(), r["score"]);
        assert_eq!(v["puzzles"][i]["note"], want.as_str(), "puzzle {i}");
    }
    // Without the solutions: the puzzle pages only.
    let (_, v) = post(
        &app,
        "/api/print",
        json!({"puzzles": [CLASSIC, KILLER, FOUR], "booklet": true, "per_page": 1, "solutions": false}),
    )
    .await;
    assert_eq!(pages(&v), 3);
}

#[tokio::test]
async fn a_puzzle_with_two_solutions_is_printed_saying_so_without_a_solution() {
    let app = router(Config::default());
    let two = "variant = \"4x4\"\ngivens = \"12.. 34.. .... ....\"\n";
    let (s, v) = post(
        &app,
        "/api/print",
        json!({"puzzles": [two], "booklet": true}),
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{v}");
    assert_eq!(v["puzzles"][0]["note"], "several solutions");
    assert_eq!(pages(&v), 2);
}

#[tokio::test]
async fn bad_print_requests_are_refused() {
    let app = router(Config::default());
    let (s, _) = post(&app, "/api/print", json!({"puzzles": []})).await;
    assert_eq!(s, StatusCode::BAD_REQUEST);
    let (s, v) = post(
        &app,
        "/api/print",
        json!({"puzzles": [CLASSIC], "booklet": true, "per_page": 13}),
    )
    .await;
    assert_eq!(s, StatusCode::BAD_REQUEST, "{v}");
    let (s, v) = post(
        &app,
        "/api/print",
        json!({"puzzles": [CLASSIC], "paper": "A3"}),
    )
    .await;
    assert_eq!(s, StatusCode::BAD_REQUEST, "{v}");
    // A file with a problem names it, and which puzzle it is.
    let (s, v) = post(
        &app,
        "/api/print",
        json!({"puzzles": [CLASSIC, "variant = \"classic\"\ngivens = 5\n"]}),
    )
    .await;
    assert_eq!(s, StatusCode::UNPROCESSABLE_ENTITY, "{v}");
    assert!(v["error"].as_str().unwrap().starts_with("puzzle 2:"), "{v}");
}
