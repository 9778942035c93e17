//! The studio as an attacker or an unlucky client meets it: limits reported whole with the
//! time used.

use axum::Router;
use axum::body::Body;
use axum::http::{Request, StatusCode, header};
use http_body_util::BodyExt;
use serde_json::{Value, json};
use shapedoku_studio::{Config, router};
use tower::ServiceExt;

const CLASSIC: &str = include_str!("../../../variants/puzzles/classic.toml");
const SAMURAI: &str = include_str!("../../../variants/puzzles/samurai.toml");

async fn send(app: &Router, path: &str, content_type: &str, body: &Value) -> (StatusCode, Value) {
    let req = Request::builder()
        .method("POST")
        .uri(path)
        .header(header::HOST, "127.0.0.1:4000")
        .header(header::CONTENT_TYPE, content_type)
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

async fn post(app: &Router, path: &str, body: Value) -> (StatusCode, Value) {
    send(app, path, "application/json", &body).await
}

#[tokio::test]
async fn limits_are_reported_whole_with_the_time_used() {
    let app = router(Config::default());
    let info = app
        .clone()
        .oneshot(
            Request::builder()
                .uri("/api/info")
                .header(header::HOST, "localhost")
                .body(Body::empty())
                .unwrap(),
        )
        .await
        .unwrap();
    let info: Value =
        serde_json::from_slice(&info.into_body().collect().await.unwrap().to_bytes()).unwrap();
    // The documented limits, exactly: not what is left of them a moment later.
    assert_eq!(info["limits"]["time_limit_ms"], 10_000, "{info}");
    assert_eq!(info["generate_time_limit_ms"], 30_000, "{info}");
    let (_, v) = post(&app, "/api/count", json!({"toml": CLASSIC})).await;
    assert_eq!(v["limits"]["time_limit_ms"], 10_000, "{v}");
    let (_, v) = post(
        &app,
        "/api/count",
        json!({"toml": CLASSIC, "time_limit_ms": 1234}),
    )
    .await;
    assert_eq!(v["limits"]["time_limit_ms"], 1234, "{v}");
    // A count stopped by its time limit says the limit and the time it used, which is at
    // least the limit: loading the Samurai alone takes longer than 1 ms. (Stopped in the search
    // it answers 200 and `undecided`; stopped before the search could start, 503.)
    let (s, v) = post(
        &app,
        "/api/count",
        json!({"toml": SAMURAI, "time_limit_ms": 1}),
    )
    .await;
    assert!(
        s == StatusCode::OK || s == StatusCode::SERVICE_UNAVAILABLE,
        "{s}: {v}"
    );
    assert_eq!(v["stopped"], "time_limit", "{v}");
    assert_eq!(v["limits"]["time_limit_ms"], 1, "{v}");
    assert!(v["elapsed_ms"].as_f64().unwrap() >= 1.0, "{v}");
    // Explaining a Samurai takes seconds: stopped at 300 ms, after at least 300 ms.
    let (_, v) = post(
        &app,
        "/api/steps",
        json!({"toml": SAMURAI, "time_limit_ms": 300}),
    )
    .await;
    assert_eq!(v["stopped"], "time_limit", "{v}");
    let used = v["elapsed_ms"].as_f64().unwrap();
    assert!((300.0..3000.0).contains(&used), "{v}");
    // Stopped before it started: a 503 with the limits and the time used.
    let (s, v) = post(
        &app,
        "/api/count",
        json!({"toml": CLASSIC, "time_limit_ms": 0}),
    )
    .await;
    assert_eq!(s, StatusCode::SERVICE_UNAVAILABLE);
    assert_eq!(v["limits"]["time_limit_ms"], 0, "{v}");
    assert!(v["elapsed_ms"].is_number(), "{v}");
}
