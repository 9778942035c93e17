//! The studio's JSON API, in-process against the router: every endpoint, bad input, limits
//! reached, variants that try to leave the built-ins, the one writable file, cancellation and
//! parallel requests.

use axum::Router;
use axum::body::Body;
use axum::http::{Request, StatusCode, header};
use http_body_util::BodyExt;
use serde_json::{Value, json};
use shapedoku::load;
use shapedoku_studio::{Config, router};
use std::time::{Duration, Instant};
use tower::ServiceExt;

const CLASSIC: &str = include_str!("../../../../variants/puzzles/classic.toml");
/// A generated Killer that takes about 2,000 guesses to prove unique (the built-in Killer
/// example now takes none: its innies and outies decide it).
const HARD_KILLER: &str = include_str!("../../../../tests/data/issbench/generated/killer/07.toml");
const SAMURAI: &str = include_str!("../../../../variants/puzzles/samurai.toml");

fn app() -> Router {
    router(Config::default())
}

async fn send(app: &Router, req: Request<Body>) -> (StatusCode, Value, String) {
    let res = app.clone().oneshot(req).await.unwrap();
    let status = res.status();
    let bytes = res.into_body().collect().await.unwrap().to_bytes();
    let text = String::from_utf8_lossy(&bytes).into_owned();
    let value = serde_json::from_str(&text).unwrap_or(Value::Null);
    (status, value, text)
}

fn request(method: &str, path: &str, body: Option<&Value>) -> Request<Body> {
    let b = Request::builder()
        .method(method)
        .uri(path)
        .header(header::HOST, "127.0.0.1:4000");
    match body {
        Some(v) => b
            .header(header::CONTENT_TYPE, "application/json")
            .body(Body::from(v.to_string()))
            .unwrap(),
        None => b.body(Body::empty()).unwrap(),
    }
}

async fn post(app: &Router, path: &str, body: Value) -> (StatusCode, Value) {
    let (s, v, _) = send(app, request("POST", path, Some(&body))).await;
    (s, v)
}

async fn get(app: &Router, path: &str) -> (StatusCode, Value, String) {
    send(app, request("GET", path, None)).await
}

fn solution_of(text: &str) -> String {
    let loaded = load::load_str("p.toml", text, None).unwrap();
    let vals: Vec<Option<u8>> = loaded.solution.unwrap().into_iter().map(Some).collect();
    shapedoku::puzzle::format_line(&loaded.geometry, &vals)
}

#[tokio::test]
async fn the_page_and_its_files_are_served_from_the_binary() {
    let app = app();
    let (s, _, html) = get(&app, "/").await;
    assert_eq!(s, StatusCode::OK);
    assert!(
        html.contains("<script type=\"module\" src=\"/js/main.js\""),
        "{html}"
    );
    for path in [
        "/js/main.js",
        "/vendor/codemirror.js",
        "/studio.css",
        "/favicon.svg",
    ] {
        let (s, _, body) = get(&app, path).await;
        assert_eq!(s, StatusCode::OK, "{path}");
        assert!(!body.is_empty(), "{path}");
    }
    // Nothing the page loads comes from elsewhere.
    assert!(!html.contains("http://") && !html.contains("https://"));
    let res = app
        .clone()
        .oneshot(request("GET", "/", None))
        .await
        .unwrap();
    let csp = res.headers()[header::CONTENT_SECURITY_POLICY]
        .to_str()
        .unwrap();
    assert!(csp.contains("default-src 'self'"));
}

#[tokio::test]
async fn builtins_examples_and_variants() {
    let app = app();
    let (s, v, _) = get(&app, "/api/builtins").await;
    assert_eq!(s, StatusCode::OK);
    assert_eq!(
        v["variants"].as_array().unwrap().len(),
        shapedoku::builtin::names().len()
    );
    assert!(
        v["examples"]
            .as_array()
            .unwrap()
            .iter()
            .any(|e| e["name"] == "samurai")
    );
    let (s, v, _) = get(&app, "/api/examples/classic").await;
    assert_eq!(s, StatusCode::OK);
    assert_eq!(v["toml"], CLASSIC);
    assert_eq!(v["writable"], false);
    let (s, v, _) = get(&app, "/api/variants/windoku").await;
    assert_eq!(s, StatusCode::OK);
    assert!(v["toml"].as_str().unwrap().contains("windoku"));
    for path in ["/api/examples/nope", "/api/variants/..%2Fetc"] {
        let (s, v, _) = get(&app, path).await;
        assert_eq!(s, StatusCode::NOT_FOUND, "{path}");
        assert!(v["error"].is_string());
    }
    let (s, v, _) = get(&app, "/api/info").await;
    assert_eq!(s, StatusCode::OK);
    assert_eq!(v["limits"]["guess_limit"], 200_000);
    assert_eq!(v["import"], true);
}

#[tokio::test]
async fn check_reports_every_problem_with_line_and_column() {
    let app = app();
    let (s, v) = post(&app, "/api/check", json!({"toml": CLASSIC})).await;
    assert_eq!(s, StatusCode::OK);
    assert_eq!(v["clean"], true);
    assert_eq!(v["facts"]["cells"], 81);
    assert_eq!(v["facts"]["houses"], 27);
    let bad = "variant = \"classic\"\ngivns = \"\"\nsise = 4\n";
    let (s, v) = post(
        &app,
        "/api/check",
        json!({"toml": bad, "name": "mine.toml"}),
    )
    .await;
    assert_eq!(s, StatusCode::OK);
    assert_eq!(v["clean"], false);
    let d = v["diagnostics"].as_array().unwrap();
    assert_eq!(d.len(), 2);
    assert_eq!(
        (d[0]["line"].as_u64(), d[0]["column"].as_u64()),
        (Some(2), Some(1))
    );
    assert_eq!(d[0]["file"], "mine.toml");
    assert!(d[0]["message"].as_str().unwrap().contains("givns"));
    assert_eq!(d[1]["line"], 3);
    // A TOML syntax error is a diagnostic too, not a failed request.
    let (s, v) = post(
        &app,
        "/api/check",
        json!({"toml": "variant = \"classic\nx"}),
    )
    .await;
    assert_eq!(s, StatusCode::OK);
    assert_eq!(v["clean"], false);
}

#[tokio::test]
async fn variants_outside_the_builtins_are_refused_by_every_endpoint() {
    let app = app();
    // A real file next to the tests: the loader would read it if asked to.
    let real = concat!(env!("CARGO_MANIFEST_DIR"), "/../../variants/classic.toml");
    for variant in [
        "../../variants/classic.toml",
        "/etc/passwd",
        real,
        "classic.toml",
    ] {
        let text = format!("variant = \"{variant}\"\ngivens = \"{}\"\n", ".".repeat(81));
        let (s, v) = post(&app, "/api/check", json!({"toml": text})).await;
        assert_eq!(s, StatusCode::OK);
        assert_eq!(v["clean"], false, "{variant}");
        let d = &v["diagnostics"][0];
        assert!(
            d["message"].as_str().unwrap().contains("not a built-in"),
            "{d}"
        );
        assert_eq!(
            (d["line"].as_u64(), d["column"].as_u64()),
            (Some(1), Some(11))
        );
        for path in [
            "/api/count",
            "/api/solve",
            "/api/render",
            "/api/hint",
            "/api/steps",
            "/api/rate",
        ] {
            let (s, v) = post(&app, path, json!({"toml": text})).await;
            assert_eq!(s, StatusCode::UNPROCESSABLE_ENTITY, "{path} {variant}");
            assert!(
                v["diagnostics"][0]["message"]
                    .as_str()
                    .unwrap()
                    .contains("not a built-in")
            );
        }
        let (s, _) = post(&app, "/api/generate", json!({"toml": text, "seed": 1})).await;
        assert_eq!(s, StatusCode::UNPROCESSABLE_ENTITY, "generate {variant}");
    }
    let (s, v) = post(&app, "/api/generate", json!({"variant": "../classic"})).await;
    assert_eq!(s, StatusCode::BAD_REQUEST);
    assert!(v["error"].as_str().unwrap().contains("not a built-in"));
}

#[tokio::test]
async fn count_says_none_unique_several_and_for_a_variant_found() {
    let app = app();
    let (s, v) = post(&app, "/api/count", json!({"toml": CLASSIC})).await;
    assert_eq!(s, StatusCode::OK);
    assert_eq!(v["status"], "unique");
    assert_eq!(v["exact"], true);
    assert!(v["stopped"].is_null());
    assert!(v["elapsed_ms"].as_f64().unwrap() >= 0.0);
    let sparse = "variant = \"4x4\"\ngivens = \"1... .... .... ....\"\n";
    let (_, v) = post(&app, "/api/count", json!({"toml": sparse, "limit": 5})).await;
    assert_eq!(
        (v["status"].as_str(), v["found"].as_u64()),
        (Some("several"), Some(5))
    );
    // A value that is not the solution's: no solution any more.
    let mut wrong: Vec<char> = solution_of(CLASSIC).chars().collect();
    wrong[0] = if wrong[0] == '1' { '2' } else { '1' }; // r1c1 is empty in this puzzle
    let wrong: String = wrong.into_iter().collect();
    let (_, v) = post(
        &app,
        "/api/count",
        json!({"toml": CLASSIC, "values": wrong}),
    )
    .await;
    assert_eq!(v["status"], "none");
    let variant = shapedoku::builtin::source("windoku").unwrap();
    let (_, v) = post(&app, "/api/count", json!({"toml": variant})).await;
    assert_eq!(v["status"], "found");
    assert_eq!(v["limit"], 1);
}

#[tokio::test]
async fn limits_reached_are_said_plainly() {
    let app = app();
    // The hard Killer needs about two thousand guesses to prove it has one solution: 20
    // leave it undecided.
    let (s, v) = post(
        &app,
        "/api/count",
        json!({"toml": HARD_KILLER, "guess_limit": 20}),
    )
    .await;
    assert_eq!(s, StatusCode::OK);
    assert_eq!(v["status"], "undecided");
    assert_eq!(v["stopped"], "guess_limit");
    assert_eq!(v["limits"]["guess_limit"], 20);
    // A request cannot raise the server's limit.
    let (_, v) = post(
        &app,
        "/api/count",
        json!({"toml": CLASSIC, "guess_limit": u64::MAX}),
    )
    .await;
    assert_eq!(v["limits"]["guess_limit"], 200_000);
    // No time at all: stopped before it starts, with a 503 that says why.
    let (s, v) = post(
        &app,
        "/api/count",
        json!({"toml": CLASSIC, "time_limit_ms": 0}),
    )
    .await;
    assert_eq!(s, StatusCode::SERVICE_UNAVAILABLE);
    assert_eq!(v["stopped"], "time_limit");
    assert!(v["error"].as_str().unwrap().contains("time limit"));
    // Explaining a Samurai takes seconds: 300 ms stops it between steps.
    let start = Instant::now();
    let (_, v) = post(
        &app,
        "/api/steps",
        json!({"toml": SAMURAI, "time_limit_ms": 300}),
    )
    .await;
    assert_eq!(v["stopped"], "time_limit", "{v}");
    assert!(
        start.elapsed() < Duration::from_secs(3),
        "{:?}",
        start.elapsed()
    );
}

#[tokio::test]
async fn a_newer_request_on_a_channel_cancels_the_older_one_while_others_run_in_parallel() {
    let app = app();
    let slow = {
        let app = app.clone();
        tokio::spawn(async move {
            post(
                &app,
                "/api/steps",
                json!({"toml": SAMURAI, "channel": "learn"}),
            )
            .await
        })
    };
    tokio::time::sleep(Duration::from_millis(300)).await;
    // Served while the slow request is still working.
    let start = Instant::now();
    let (s, v) = post(&app, "/api/check", json!({"toml": CLASSIC})).await;
    assert_eq!((s, v["clean"].as_bool()), (StatusCode::OK, Some(true)));
    assert!(
        !slow.is_finished(),
        "the Samurai explanation should take seconds"
    );
    assert!(start.elapsed() < Duration::from_secs(2));
    let (s, v) = post(
        &app,
        "/api/count",
        json!({"toml": CLASSIC, "channel": "learn"}),
    )
    .await;
    assert_eq!((s, v["status"].as_str()), (StatusCode::OK, Some("unique")));
    let (s, v) = tokio::time::timeout(Duration::from_secs(3), slow)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(s, StatusCode::OK);
    assert_eq!(v["stopped"], "cancelled", "{v}");
}

#[tokio::test]
async fn solve_gives_the_solution_and_its_drawing() {
    let app = app();
    let (s, v) = post(&app, "/api/solve", json!({"toml": CLASSIC})).await;
    assert_eq!(s, StatusCode::OK);
    assert_eq!(v["status"], "unique");
    assert_eq!(v["solution"], solution_of(CLASSIC));
    assert!(v["svg"].as_str().unwrap().contains("class=\"solution\""));
}

#[tokio::test]
async fn render_draws_what_it_can_with_values_candidates_and_highlights() {
    let app = app();
    let (s, v) = post(&app, "/api/render", json!({"toml": CLASSIC})).await;
    assert_eq!(s, StatusCode::OK);
    let svg = v["svg"].as_str().unwrap();
    assert!(svg.starts_with("<svg"));
    assert_eq!(svg.matches("<rect data-cell=").count(), 81);
    assert_eq!(v["cell_names"][80], "r9c9");
    assert_eq!(v["partial"], false);
    // A file with a broken cage still draws its grid.
    let broken = "variant = \"classic\"\n[[cage]]\nsum = 3\ncells = \"r1c1 r1x2\"\n";
    let (s, v) = post(&app, "/api/render", json!({"toml": broken})).await;
    assert_eq!(s, StatusCode::OK);
    assert_eq!(v["partial"], true);
    // Values, candidates, highlights and the filled-in candidates.
    let mut values: Vec<char> = v["givens"].as_str().unwrap().chars().collect();
    values[0] = '4';
    let values: String = values.into_iter().collect();
    let mut cands = vec![Value::Null; 81];
    cands[1] = json!("12");
    let body = json!({
        "toml": "variant = \"classic\"\n",
        "values": values,
        "candidates": cands,
        "highlight": {"cells": [2], "eliminations": [{"cell": 1, "symbol": "2"}]},
        "fill_candidates": true,
    });
    let (s, v) = post(&app, "/api/render", body).await;
    assert_eq!(s, StatusCode::OK, "{v}");
    let svg = v["svg"].as_str().unwrap();
    assert!(svg.contains("class=\"entries\"") && svg.contains(">4</text>"));
    assert!(svg.contains("class=\"highlight-cells\"") && svg.contains("class=\"eliminations\""));
    // r1c2's candidates: the request's 1 and 2, less the 4 placed beside it (already absent).
    assert_eq!(v["board"]["candidates"][1], "12");
    assert_eq!(v["board"]["candidates"][2], "12356789");
    // Bad state is a 400 that says what is wrong.
    for (body, says) in [
        (json!({"toml": CLASSIC, "values": "123"}), "81 cells"),
        (
            json!({"toml": CLASSIC, "values": "x".repeat(81)}),
            "not one of the symbols",
        ),
        (json!({"toml": CLASSIC, "candidates": ["1"]}), "entries"),
        (
            json!({"toml": CLASSIC, "highlight": {"placements": [{"cell": 0, "symbol": "Q"}]}}),
            "not a symbol",
        ),
    ] {
        let (s, v) = post(&app, "/api/render", body).await;
        assert_eq!(s, StatusCode::BAD_REQUEST);
        assert!(v["error"].as_str().unwrap().contains(says), "{v}");
    }
    let mut clash: Vec<char> = solution_of(CLASSIC).chars().collect();
    clash[4] = if clash[4] == '1' { '2' } else { '1' }; // r1c5 is a given
    let (s, v) = post(
        &app,
        "/api/render",
        json!({"toml": CLASSIC, "values": clash.iter().collect::<String>()}),
    )
    .await;
    assert_eq!(s, StatusCode::BAD_REQUEST);
    assert!(v["error"].as_str().unwrap().contains("is a given"), "{v}");
}

#[tokio::test]
async fn hints_show_the_next_step_point_out_mistakes_and_know_when_it_is_solved() {
    let app = app();
    let (s, v) = post(&app, "/api/hint", json!({"toml": CLASSIC})).await;
    assert_eq!(s, StatusCode::OK);
    assert_eq!(v["outcome"], "step");
    let step = &v["step"];
    assert!(!step["text"].as_str().unwrap().is_empty());
    // Why it works, for learners, naming the cell the step places.
    let why = step["why"].as_str().unwrap();
    let name = step["placements"][0]["name"].as_str().unwrap();
    assert!(why.contains(name), "{why}");
    let placed = &step["placements"][0];
    let cell = placed["cell"].as_u64().unwrap() as usize;
    assert!(
        step["highlight"]["cells"]
            .as_array()
            .unwrap()
            .contains(&json!(cell))
    );
    assert!(
        v["svg"]
            .as_str()
            .unwrap()
            .contains(&format!("<rect data-cell=\"{cell}\""))
    );
    // The board after the step has the placed value; it is the solution's.
    let after = v["after"]["values"].as_str().unwrap();
    let solution = solution_of(CLASSIC);
    assert_eq!(after.chars().nth(cell), solution.chars().nth(cell));
    // Taking the step and asking again gives another step.
    let (_, v2) = post(
        &app,
        "/api/hint",
        json!({"toml": CLASSIC, "values": after, "candidates": v["after"]["candidates"]}),
    )
    .await;
    assert_eq!(v2["outcome"], "step");
    assert_ne!(v2["step"], v["step"]);
    // A wrong entry is pointed out, not built on.
    let mut wrong: Vec<char> = after.chars().collect();
    let empty = wrong.iter().position(|&c| c == '.').unwrap();
    let right = solution.chars().nth(empty).unwrap();
    wrong[empty] = if right == '1' { '2' } else { '1' };
    let (_, v) = post(
        &app,
        "/api/hint",
        json!({"toml": CLASSIC, "values": wrong.iter().collect::<String>()}),
    )
    .await;
    assert_eq!(v["outcome"], "mistakes");
    assert_eq!(v["mistakes"][0]["cell"], empty);
    // Full and right: solved.
    let (_, v) = post(
        &app,
        "/api/hint",
        json!({"toml": CLASSIC, "values": solution}),
    )
    .await;
    assert_eq!(v["outcome"], "solved");
    // A puzzle with several solutions gets no hints.
    let (s, v) = post(&app, "/api/hint", json!({"toml": "variant = \"4x4\"\n"})).await;
    assert_eq!(s, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(
        v["error"]
            .as_str()
            .unwrap()
            .contains("more than one solution")
    );
}

#[tokio::test]
async fn steps_explain_to_the_end_and_rate_gives_the_level() {
    let app = app();
    let (s, v) = post(&app, "/api/steps", json!({"toml": CLASSIC})).await;
    assert_eq!(s, StatusCode::OK);
    assert_eq!(v["solved"], true);
    let steps = v["steps"].as_array().unwrap();
    let placed: usize = steps
        .iter()
        .map(|s| s["placements"].as_array().unwrap().len())
        .sum();
    let givens = load::load_str("p.toml", CLASSIC, None)
        .unwrap()
        .puzzle
        .given_count();
    assert_eq!(placed, 81 - givens, "every empty cell placed once");
    let (s, r) = post(&app, "/api/rate", json!({"toml": CLASSIC})).await;
    assert_eq!(s, StatusCode::OK);
    assert_eq!(r["level"], v["rating"]["level"]);
    assert_eq!(r["steps"].as_u64().unwrap() as usize, steps.len());
    assert!(
        ["easy", "medium", "hard", "expert", "extreme"].contains(&r["level"].as_str().unwrap())
    );
}

#[tokio::test]
async fn generate_makes_a_unique_puzzle_file_from_a_builtin_or_the_edited_file() {
    let app = app();
    let (s, v) = post(
        &app,
        "/api/generate",
        json!({"variant": "6x6", "seed": 7, "symmetry": "rotate180"}),
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{v}");
    let text = v["toml"].as_str().unwrap();
    assert!(text.contains("variant = \"6x6\""));
    let (_, c) = post(&app, "/api/count", json!({"toml": text})).await;
    assert_eq!(c["status"], "unique", "{text}");
    // The same seed gives the same file.
    let (_, again) = post(
        &app,
        "/api/generate",
        json!({"variant": "6x6", "seed": 7, "symmetry": "rotate180"}),
    )
    .await;
    assert_eq!(again["toml"], v["toml"]);
    // From the edited file: its own geometry, its text kept.
    let own = "# my 4x4\nname = \"mine\"\nsymbols = \"ABCD\"\n\n[[grid]]\nsize = 4\nbox = [2, 2]\n";
    let (s, v) = post(
        &app,
        "/api/generate",
        json!({"toml": own, "seed": 3, "difficulty": "easy"}),
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{v}");
    let text = v["toml"].as_str().unwrap();
    assert!(
        text.starts_with("# my 4x4\n") && text.contains("symbols = \"ABCD\""),
        "{text}"
    );
    assert_eq!(v["level"], "easy");
    let (_, c) = post(&app, "/api/count", json!({"toml": text})).await;
    assert_eq!(c["status"], "unique", "{text}");
    for (body, status) in [
        (
            json!({"variant": "classic", "symmetry": "spiral"}),
            StatusCode::BAD_REQUEST,
        ),
        (
            json!({"variant": "classic", "difficulty": "trivial"}),
            StatusCode::BAD_REQUEST,
        ),
        (
            json!({"variant": "classic", "toml": CLASSIC}),
            StatusCode::BAD_REQUEST,
        ),
        (json!({}), StatusCode::BAD_REQUEST),
        (
            json!({"variant": "samurai", "symmetry": "mirror-tb", "givens": 5000}),
            StatusCode::BAD_REQUEST,
        ),
        (
            json!({"toml": "variant = \"classic\"\ngivns = 1\n"}),
            StatusCode::UNPROCESSABLE_ENTITY,
        ),
    ] {
        let (s, v) = post(&app, "/api/generate", body.clone()).await;
        assert_eq!(s, status, "{body}: {v}");
        assert!(v["error"].is_string());
    }
}

#[tokio::test]
async fn bad_requests_get_json_errors() {
    let app = router(Config {
        body_limit: 1000,
        ..Config::default()
    });
    let big = json!({"toml": "#".repeat(2000)});
    let (s, v) = post(&app, "/api/check", big).await;
    assert_eq!(s, StatusCode::PAYLOAD_TOO_LARGE);
    assert!(v["error"].is_string());
    let (s, v) = post(
        &app,
        "/api/check",
        json!({"toml": CLASSIC.len().to_string(), "tmol": 1}),
    )
    .await;
    assert_eq!(s, StatusCode::BAD_REQUEST);
    assert!(v["error"].as_str().unwrap().contains("tmol"));
    let (s, v) = post(&app, "/api/count", json!({"text": "x"})).await;
    assert_eq!(s, StatusCode::BAD_REQUEST);
    assert!(v["error"].as_str().unwrap().contains("toml"));
    let raw = Request::builder()
        .method("POST")
        .uri("/api/check")
        .header(header::HOST, "localhost:1")
        .header(header::CONTENT_TYPE, "application/json")
        .body(Body::from("{not json"))
        .unwrap();
    let (s, v, _) = send(&app, raw).await;
    assert_eq!(s, StatusCode::BAD_REQUEST);
    assert!(v["error"].is_string());
    // A plain form post from another page: refused before any work.
    let form = Request::builder()
        .method("POST")
        .uri("/api/check")
        .header(header::HOST, "127.0.0.1:1")
        .header(header::CONTENT_TYPE, "text/plain")
        .body(Body::from(json!({"toml": "x"}).to_string()))
        .unwrap();
    let (s, _, _) = send(&app, form).await;
    assert_eq!(s, StatusCode::UNSUPPORTED_MEDIA_TYPE);
    // A page on another name that resolves to this machine: refused.
    let rebound = Request::builder()
        .uri("/api/file")
        .header(header::HOST, "evil.example:4000")
        .body(Body::empty())
        .unwrap();
    let (s, _, _) = send(&app, rebound).await;
    assert_eq!(s, StatusCode::MISDIRECTED_REQUEST);
    for host in ["localhost:8080", "[::1]:9", "127.0.0.1"] {
        let ok = Request::builder()
            .uri("/api/info")
            .header(header::HOST, host)
            .body(Body::empty())
            .unwrap();
        assert_eq!(send(&app, ok).await.0, StatusCode::OK, "{host}");
    }
    let (s, _, _) = get(&app, "/api/nothing").await;
    assert_eq!(s, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn the_command_line_file_is_read_under_the_input_cap() {
    let dir = std::env::temp_dir().join(format!("shapedoku-studio-cap-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("big.toml");
    std::fs::write(&file, CLASSIC).unwrap();
    let app = router(Config {
        file: Some(file.clone()),
        max_input_bytes: CLASSIC.len() as u64 - 1,
        ..Config::default()
    });
    let (s, v, _) = get(&app, "/api/file").await;
    assert_eq!(s, StatusCode::UNPROCESSABLE_ENTITY, "{v}");
    assert!(v["error"].as_str().unwrap().contains("big.toml"), "{v}");
    let app = router(Config {
        file: Some(file.clone()),
        max_input_bytes: CLASSIC.len() as u64,
        ..Config::default()
    });
    let (s, v, _) = get(&app, "/api/file").await;
    assert_eq!((s, v["toml"].as_str()), (StatusCode::OK, Some(CLASSIC)));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[tokio::test]
async fn the_command_line_file_is_the_only_file_written() {
    let app = app();
    let (s, v, _) = get(&app, "/api/file").await;
    assert_eq!(s, StatusCode::NOT_FOUND, "no file given: nothing to read");
    assert!(v["error"].as_str().unwrap().contains("command line"));
    let (s, _, _) = send(
        &app,
        request("PUT", "/api/file", Some(&json!({"toml": "x"}))),
    )
    .await;
    assert_eq!(s, StatusCode::NOT_FOUND, "no file given: nothing written");

    let dir = std::env::temp_dir().join(format!("shapedoku-studio-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("new.toml");
    let _ = std::fs::remove_file(&file);
    let app = router(Config {
        file: Some(file.clone()),
        ..Config::default()
    });
    let (s, v, _) = get(&app, "/api/file").await;
    assert_eq!(s, StatusCode::OK);
    assert_eq!(
        (v["toml"].as_str(), v["writable"].as_bool()),
        (Some(""), Some(true))
    );
    let (s, v, _) = send(
        &app,
        request("PUT", "/api/file", Some(&json!({"toml": CLASSIC}))),
    )
    .await;
    assert_eq!(s, StatusCode::OK);
    assert_eq!(v["bytes"], CLASSIC.len());
    assert_eq!(std::fs::read_to_string(&file).unwrap(), CLASSIC);
    let (_, v, _) = get(&app, "/api/file").await;
    assert_eq!(v["toml"], CLASSIC);
    // Nothing else appeared beside it.
    assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 1);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `order` picks the technique order of the hints, explanations and ratings: the steps are the
/// library's logical solve in that order, technique for technique.
#[tokio::test]
async fn steps_follow_the_order_asked_for() {
    use shapedoku::reason::{self, Board, Order};
    let app = router(Config::default());
    // A puzzle that needs more than singles, so the orders have something to choose between.
    let text = "variant = \"classic\"\ngivens = \"...........6.754..8....69..5.....19....8.27...9......24.7.3......1..8.3..2..57...\"\n";
    let loaded = load::load_str("p.toml", text, None).unwrap();
    for order in Order::ALL {
        let (s, v) = post(
            &app,
            "/api/steps",
            json!({"toml": text, "order": order.name()}),
        )
        .await;
        assert_eq!(s, StatusCode::OK, "{v}");
        let got: Vec<String> = v["steps"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| s["technique"].as_str().unwrap().to_string())
            .collect();
        let run = reason::solve_board_in(
            Board::new(&loaded.puzzle),
            order,
            &shapedoku::solver::Budget::default(),
        );
        let want: Vec<String> = run
            .steps
            .iter()
            .map(|s| s.technique().id().to_string())
            .collect();
        assert_eq!(got, want, "{}", order.name());
        let (s, h) = post(
            &app,
            "/api/hint",
            json!({"toml": text, "order": order.name()}),
        )
        .await;
        assert_eq!(s, StatusCode::OK, "{h}");
        assert_eq!(h["step"]["technique"], want[0].as_str());
    }
    let (s, v) = post(
        &app,
        "/api/hint",
        json!({"toml": text, "order": "sudopedia"}),
    )
    .await;
    assert_eq!(s, StatusCode::BAD_REQUEST, "{v}");
}
