//! A worker's failure costs one request, not the server: panics on threads and in worker
//! processes, a stack overflow in a worker process, a worker that ignores its deadline. The
//! failures are provoked through endpoints that exist only in this crate's test build.
//!
//! The worker processes here are this very test binary, run with only
//! [`worker_process_entry`] and an environment variable that makes it serve as a worker.

use super::*;
use crate::dispatch::{Endpoint, FAULT_HANG, FAULT_OVERFLOW, FAULT_PANIC};
use crate::{Config, router};
use axum::body::Body;
use axum::http::{Request, StatusCode, header};
use http_body_util::BodyExt;
use serde_json::{Value, json};
use std::time::Duration;
use tower::ServiceExt;

const CLASSIC: &str = include_str!("../../../../variants/puzzles/classic.toml");
const SAMURAI: &str = include_str!("../../../../variants/puzzles/samurai.toml");
/// A real f-puzzles link (an X-Sudoku; tests/setting.rs checks its published givens).
const X_SUDOKU_LINK: &str = "https://www.f-puzzles.com/?load=N4IgzglgXgpiBcBOANCA5gJwgEwQbT2AF9ljSQA3AQwBsBXOeAdlTQgpgDsEAXDBkmSGDBlWgwQBmVuy69+MUdXqMArDI7d4fAQF1khMSoQAODXO0KRpa8PLKJSc1p2KbN/YSXjGAJmfyAu6gDowAbAGWQSE+CCzosi5WwbZEnnYZ3sbw0gmagW4x2ep5Fq5ZjhGlSdFpBpnBRo4AjJHlKY2hUm1W6bZNfj219rHwZtUFqSPZACxDhXVeHUUt8xWMKBNRC52jJWz52yJ9y+sI+4mTywNxax71Uw0ZN/BzW+W6+iDYEFRoAPacWgAagKqB+f0BtAAtJMgA===";
/// Set for this test binary when it runs as a worker process.
const WORKER_ENV: &str = "SHAPEDOKU_STUDIO_TEST_WORKER";
const ENTRY: &str = "workers::tests::worker_process_entry";

/// Not a test: the entry point of the worker processes the tests below start. Without the
/// variable (an ordinary test run) it does nothing.
#[test]
fn worker_process_entry() {
    if std::env::var_os(WORKER_ENV).is_some() {
        worker_main().unwrap();
        std::process::exit(0);
    }
}

fn process_workers() -> Workers {
    Workers::Processes(WorkerCommand {
        program: std::env::current_exe().unwrap(),
        args: [ENTRY, "--exact", "--nocapture", "--test-threads=1"]
            .into_iter()
            .map(Into::into)
            .collect(),
        env: vec![(WORKER_ENV.into(), "1".into())],
    })
}

async fn post(app: &axum::Router, path: &str, body: Value) -> (StatusCode, Value) {
    let req = Request::builder()
        .method("POST")
        .uri(path)
        .header(header::HOST, "127.0.0.1:4000")
        .header(header::CONTENT_TYPE, "application/json")
        .body(Body::from(body.to_string()))
        .unwrap();
    let res = app.clone().oneshot(req).await.unwrap();
    let status = res.status();
    let bytes = res.into_body().collect().await.unwrap().to_bytes();
    (
        status,
        serde_json::from_slice(&bytes).unwrap_or(Value::Null),
    )
}

/// The server still answers: a count of the classic example is unique.
async fn still_answers(app: &axum::Router) {
    let (s, v) = post(app, "/api/count", json!({"toml": CLASSIC})).await;
    assert_eq!(
        (s, v["status"].as_str()),
        (StatusCode::OK, Some("unique")),
        "{v}"
    );
}

fn error_of(v: &Value) -> &str {
    v["error"].as_str().unwrap_or_default()
}

#[tokio::test]
async fn a_panic_on_a_thread_answers_500_and_the_server_goes_on() {
    let app = router(Config::default());
    for _ in 0..3 {
        let (s, v) = post(&app, "/api/test/panic", json!({"toml": ""})).await;
        assert_eq!(s, StatusCode::INTERNAL_SERVER_ERROR, "{v}");
        assert!(
            error_of(&v).contains("panicked: a panic provoked by a test"),
            "{v}"
        );
        assert!(error_of(&v).len() < 400, "a short error: {v}");
        still_answers(&app).await;
    }
}

#[tokio::test]
async fn a_stack_overflow_in_a_worker_process_answers_500_and_the_server_goes_on() {
    let app = router(Config {
        workers: process_workers(),
        ..Config::default()
    });
    still_answers(&app).await;
    for _ in 0..2 {
        let (s, v) = post(&app, "/api/test/overflow", json!({"toml": ""})).await;
        assert_eq!(s, StatusCode::INTERNAL_SERVER_ERROR, "{v}");
        assert!(error_of(&v).contains("ended without answering"), "{v}");
        still_answers(&app).await;
    }
    // A panic in a worker process is caught there: 500, and the same process goes on.
    let (s, v) = post(&app, "/api/test/panic", json!({"toml": ""})).await;
    assert_eq!(s, StatusCode::INTERNAL_SERVER_ERROR, "{v}");
    assert!(
        error_of(&v).contains("panicked: a panic provoked by a test"),
        "{v}"
    );
    still_answers(&app).await;
}

#[tokio::test]
async fn a_worker_process_past_its_deadline_is_killed_and_its_place_freed() {
    // One place for work: the hung worker must give it back for the count to run at all.
    let app = router(Config {
        workers: process_workers(),
        max_jobs: 1,
        time_limit: Duration::from_millis(300),
        ..Config::default()
    });
    let start = std::time::Instant::now();
    let (s, v) = post(&app, "/api/test/hang", json!({"toml": ""})).await;
    assert_eq!(s, StatusCode::SERVICE_UNAVAILABLE, "{v}");
    assert_eq!(v["stopped"], "time_limit", "{v}");
    assert_eq!(v["limits"]["time_limit_ms"], 300, "{v}");
    assert!(v["elapsed_ms"].as_f64().unwrap() >= 300.0, "{v}");
    assert!(
        start.elapsed() < Duration::from_secs(5),
        "{:?}",
        start.elapsed()
    );
    still_answers(&app).await;
}

#[tokio::test]
async fn worker_processes_answer_like_threads_and_take_cancellations() {
    let app = router(Config {
        workers: process_workers(),
        ..Config::default()
    });
    let threads = router(Config::default());
    // The same answers either way (elapsed times aside).
    for (path, body) in [
        ("/api/check", json!({"toml": CLASSIC})),
        ("/api/solve", json!({"toml": CLASSIC})),
        ("/api/render", json!({"toml": CLASSIC, "cell_size": 9})),
        ("/api/hint", json!({"toml": CLASSIC})),
        ("/api/generate", json!({"variant": "4x4", "seed": "5"})),
        ("/api/count", json!({"toml": "variant = \"x.toml\""})),
        // The setting endpoints go through workers like the rest.
        (
            "/api/edit",
            json!({"toml": "variant = \"4x4\"\n", "edit": {"op": "add", "array": "rule",
                "table": {"type": "thermo", "cells": "r1c1 r2c2 r3c3"}}}),
        ),
        ("/api/layout", json!({"toml": CLASSIC})),
        (
            "/api/candidates",
            json!({"toml": "variant = \"4x4\"\ngivens = \"12.. 3... .... ....\""}),
        ),
        ("/api/import", json!({"link": X_SUDOKU_LINK})),
        (
            "/api/export",
            json!({"toml": CLASSIC, "target": "sudokupad"}),
        ),
    ] {
        let (s1, mut a) = post(&app, path, body.clone()).await;
        let (s2, mut b) = post(&threads, path, body).await;
        for v in [&mut a, &mut b] {
            if let Some(o) = v.as_object_mut() {
                o.remove("elapsed_ms");
            }
        }
        assert_eq!((s1, &a), (s2, &b), "{path}");
        // The setting endpoints' answers are real ones, not the same refusal both ways.
        if [
            "/api/edit",
            "/api/layout",
            "/api/candidates",
            "/api/import",
            "/api/export",
        ]
        .contains(&path)
        {
            assert_eq!(s1, StatusCode::OK, "{path}: {a}");
        }
    }
    // A newer request on the channel stops the older one inside its worker process.
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
    assert!(
        !slow.is_finished(),
        "the Samurai explanation should take seconds"
    );
    let (s, _) = post(
        &app,
        "/api/check",
        json!({"toml": CLASSIC, "channel": "learn"}),
    )
    .await;
    assert_eq!(s, StatusCode::OK);
    let (s, v) = tokio::time::timeout(Duration::from_secs(3), slow)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(s, StatusCode::OK, "{v}");
    assert_eq!(v["stopped"], "cancelled", "{v}");
}

#[tokio::test]
async fn a_worker_command_that_does_not_run_answers_500() {
    let app = router(Config {
        workers: Workers::Processes(WorkerCommand {
            program: "/nonexistent/shapedoku".into(),
            args: Vec::new(),
            env: Vec::new(),
        }),
        ..Config::default()
    });
    let (s, v) = post(&app, "/api/count", json!({"toml": CLASSIC})).await;
    assert_eq!(s, StatusCode::INTERNAL_SERVER_ERROR, "{v}");
    assert!(
        error_of(&v).contains("cannot start a worker process"),
        "{v}"
    );
}

#[tokio::test]
async fn an_idle_worker_process_killed_from_outside_is_replaced() {
    let Workers::Processes(cmd) = process_workers() else {
        unreachable!()
    };
    let pool = process::Pool::new(cmd);
    let job = || crate::dispatch::Job {
        endpoint: crate::dispatch::Endpoint::Count,
        body: json!({"toml": CLASSIC}).to_string(),
        folder: None,
    };
    let until = || Instant::now() + Duration::from_secs(10);
    let budget = Budget::new(1000, Duration::from_secs(10));
    let first = pool.run(job(), &budget, until()).await.unwrap();
    assert_eq!(first.status, 200, "{first:?}");
    assert_eq!(pool.kill_idle(), 1);
    // Let the kill land, so the worker is gone (not merely dying) when it is next picked.
    tokio::time::sleep(Duration::from_millis(200)).await;
    let second = pool.run(job(), &budget, until()).await.unwrap();
    assert_eq!(second.status, 200, "{second:?}");
    assert!(second.body.contains("\"status\":\"unique\""), "{second:?}");
}

/// Every endpoint whose work runs on a worker, with its path. The match has no catch-all, so
/// a new endpoint does not compile until it is named here.
fn route(e: Endpoint) -> &'static str {
    match e {
        Endpoint::Check => "/api/check",
        Endpoint::Count => "/api/count",
        Endpoint::Solve => "/api/solve",
        Endpoint::Render => "/api/render",
        Endpoint::Hint => "/api/hint",
        Endpoint::Steps => "/api/steps",
        Endpoint::Rate => "/api/rate",
        Endpoint::Generate => "/api/generate",
        Endpoint::Edit => "/api/edit",
        Endpoint::Layout => "/api/layout",
        Endpoint::Candidates => "/api/candidates",
        Endpoint::Import => "/api/import",
        Endpoint::Export => "/api/export",
        Endpoint::Print => "/api/print",
        Endpoint::TestPanic => "/api/test/panic",
        Endpoint::TestOverflow => "/api/test/overflow",
        Endpoint::TestHang => "/api/test/hang",
    }
}

const ENDPOINTS: [Endpoint; 14] = [
    Endpoint::Check,
    Endpoint::Count,
    Endpoint::Solve,
    Endpoint::Render,
    Endpoint::Hint,
    Endpoint::Steps,
    Endpoint::Rate,
    Endpoint::Generate,
    Endpoint::Edit,
    Endpoint::Layout,
    Endpoint::Candidates,
    Endpoint::Import,
    Endpoint::Export,
    Endpoint::Print,
];

/// A request to an endpoint that parses as that endpoint's request and carries `fault`, which
/// makes its worker fail (see [`crate::dispatch::FAULT_PANIC`]).
fn faulty(e: Endpoint, fault: &str) -> Value {
    let toml = format!("# {fault}\nvariant = \"4x4\"\n");
    match e {
        Endpoint::Edit => json!({"toml": toml, "edit": {"op": "add", "array": "rule",
            "table": {"type": "thermo", "cells": "r1c1 r2c2 r3c3"}}}),
        Endpoint::Import => json!({"link": format!("https://www.f-puzzles.com/?load={fault}")}),
        Endpoint::Export => json!({"toml": toml, "target": "fpuzzles"}),
        Endpoint::Print => json!({"puzzles": [toml], "booklet": true}),
        _ => json!({"toml": toml}),
    }
}

#[tokio::test]
async fn a_panic_in_any_endpoint_answers_500_and_the_server_goes_on() {
    let app = router(Config::default());
    for e in ENDPOINTS {
        let (s, v) = post(&app, route(e), faulty(e, FAULT_PANIC)).await;
        assert_eq!(s, StatusCode::INTERNAL_SERVER_ERROR, "{e:?}: {v}");
        assert!(
            error_of(&v).contains(&format!("panicked: a panic provoked by a test in {e:?}")),
            "{e:?}: {v}"
        );
        still_answers(&app).await;
    }
}

#[tokio::test]
async fn an_overflow_or_a_hang_in_any_endpoint_costs_one_worker_process() {
    let limit = Duration::from_millis(300);
    let app = router(Config {
        workers: process_workers(),
        time_limit: limit,
        generate_time_limit: limit,
        ..Config::default()
    });
    for e in ENDPOINTS {
        let (s, v) = post(&app, route(e), faulty(e, FAULT_OVERFLOW)).await;
        assert_eq!(s, StatusCode::INTERNAL_SERVER_ERROR, "{e:?}: {v}");
        assert!(
            error_of(&v).contains("ended without answering"),
            "{e:?}: {v}"
        );
        // The time limit holds for every endpoint, those that take no limits of their own too.
        let start = Instant::now();
        let (s, v) = post(&app, route(e), faulty(e, FAULT_HANG)).await;
        assert_eq!(s, StatusCode::SERVICE_UNAVAILABLE, "{e:?}: {v}");
        assert_eq!(v["stopped"], "time_limit", "{e:?}: {v}");
        assert!(start.elapsed() < Duration::from_secs(5), "{e:?}");
        still_answers(&app).await;
    }
}
