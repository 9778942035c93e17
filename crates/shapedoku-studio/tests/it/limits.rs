//! The studio as an attacker or an unlucky client meets it: content types read as media types,
//! values out of range refused rather than clamped, limits reported whole with the time used,
//! seeds that cross JSON without rounding, and on real sockets: half-sent requests and idle
//! connections let go after the read timeout, and connections beyond the cap refused.

use axum::Router;
use axum::body::Body;
use axum::http::{Request, StatusCode, header};
use http_body_util::BodyExt;
use serde_json::{Value, json};
use shapedoku_studio::{Config, router};
use std::net::SocketAddr;
use std::time::{Duration, Instant};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tower::ServiceExt;

const CLASSIC: &str = include_str!("../../../../variants/puzzles/classic.toml");
const SAMURAI: &str = include_str!("../../../../variants/puzzles/samurai.toml");

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
async fn content_types_are_read_as_media_types() {
    let app = router(Config::default());
    let body = json!({"toml": CLASSIC});
    for ct in [
        "application/json",
        "Application/JSON",
        "APPLICATION/JSON",
        "application/json; charset=utf-8",
        "application/json;charset=UTF-8",
        " application/json ; charset=utf-8",
    ] {
        let (s, v) = send(&app, "/api/check", ct, &body).await;
        assert_eq!(s, StatusCode::OK, "{ct}: {v}");
    }
    for ct in [
        "application/jsonx",
        "application/json-seq",
        "application/jsonp; charset=utf-8",
        "text/json",
        "text/plain",
        "application/x-www-form-urlencoded",
        "",
    ] {
        let (s, v) = send(&app, "/api/check", ct, &body).await;
        assert_eq!(s, StatusCode::UNSUPPORTED_MEDIA_TYPE, "{ct}: {v}");
        assert!(v["error"].is_string(), "{ct}");
    }
}

#[tokio::test]
async fn values_out_of_range_are_refused_not_clamped() {
    let app = router(Config::default());
    for size in [100_000, 201, 7, 0] {
        let (s, v) = post(
            &app,
            "/api/render",
            json!({"toml": CLASSIC, "cell_size": size}),
        )
        .await;
        assert_eq!(s, StatusCode::BAD_REQUEST, "{size}: {v}");
        let e = v["error"].as_str().unwrap();
        assert!(
            e.contains("cell_size") && e.contains(&size.to_string()) && e.contains("8 to 200"),
            "{e}"
        );
    }
    // The sizes at the ends of the range are drawn at those sizes.
    let mut widths = Vec::new();
    for size in [8, 200] {
        let (s, v) = post(
            &app,
            "/api/render",
            json!({"toml": CLASSIC, "cell_size": size}),
        )
        .await;
        assert_eq!(s, StatusCode::OK, "{size}");
        let svg = v["svg"].as_str().unwrap();
        let width: u32 = svg
            .split("width=\"")
            .nth(1)
            .and_then(|w| w.split('"').next())
            .and_then(|w| w.parse().ok())
            .unwrap();
        widths.push(width);
    }
    assert!(widths[0] < 9 * 48 && widths[1] >= 9 * 200, "{widths:?}");
    for limit in [0, 1001, 1_000_000] {
        let (s, v) = post(&app, "/api/count", json!({"toml": CLASSIC, "limit": limit})).await;
        assert_eq!(s, StatusCode::BAD_REQUEST, "{limit}: {v}");
        assert!(v["error"].as_str().unwrap().contains("limit"), "{v}");
    }
    let (s, v) = post(&app, "/api/count", json!({"toml": CLASSIC, "limit": 1000})).await;
    assert_eq!((s, v["limit"].as_u64()), (StatusCode::OK, Some(1000)));
    // Highlights of cells and shapes the puzzle does not have.
    for h in [
        json!({"cells": [81]}),
        json!({"shapes": [27000]}),
        json!({"placements": [{"cell": 4_294_967_295_u32, "symbol": "1"}]}),
        json!({"eliminations": [{"cell": 81, "symbol": "1"}]}),
    ] {
        let (s, v) = post(
            &app,
            "/api/render",
            json!({"toml": CLASSIC, "highlight": h}),
        )
        .await;
        assert_eq!(s, StatusCode::BAD_REQUEST, "{h}: {v}");
        assert!(
            v["error"].as_str().unwrap().starts_with("highlight:"),
            "{v}"
        );
    }
    let (s, _) = post(
        &app,
        "/api/render",
        json!({"toml": CLASSIC, "highlight": {"cells": [80], "shapes": [26]}}),
    )
    .await;
    assert_eq!(s, StatusCode::OK);
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
    // least the limit. With one place for work, taken by an explanation of the Samurai (seconds
    // of work), the count waits its turn past its 300 ms.
    let one = router(Config {
        max_jobs: 1,
        ..Config::default()
    });
    let busy = {
        let one = one.clone();
        tokio::spawn(async move { post(&one, "/api/steps", json!({"toml": SAMURAI})).await })
    };
    tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    let (s, v) = post(
        &one,
        "/api/count",
        json!({"toml": CLASSIC, "time_limit_ms": 300}),
    )
    .await;
    assert_eq!(s, StatusCode::SERVICE_UNAVAILABLE, "{v}");
    assert_eq!(v["stopped"], "time_limit", "{v}");
    assert_eq!(v["limits"]["time_limit_ms"], 300, "{v}");
    assert!(v["elapsed_ms"].as_f64().unwrap() >= 300.0, "{v}");
    assert!(
        v["error"]
            .as_str()
            .unwrap()
            .contains("the time limit (300 ms) was reached after"),
        "{v}"
    );
    busy.abort();
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

#[tokio::test]
async fn seeds_travel_as_strings_and_round_trip_exactly() {
    let app = router(Config::default());
    // A seed above 2^53, as the command line prints them: a JavaScript number would round it.
    let seed = "13339356320099245831";
    let (s, v) = post(
        &app,
        "/api/generate",
        json!({"variant": "4x4", "seed": seed}),
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{v}");
    assert_eq!(v["seed"], seed, "{v}");
    let text = v["toml"].as_str().unwrap();
    assert!(text.contains(&format!("seed {seed},")), "{text}");
    // The seed the answer gives makes the same puzzle again.
    let (_, again) = post(
        &app,
        "/api/generate",
        json!({"variant": "4x4", "seed": v["seed"]}),
    )
    .await;
    assert_eq!(again["toml"], v["toml"]);
    // The seed next to it makes another.
    let (_, next) = post(
        &app,
        "/api/generate",
        json!({"variant": "4x4", "seed": "13339356320099245832"}),
    )
    .await;
    assert_eq!(next["seed"], "13339356320099245832");
    assert_ne!(next["toml"], v["toml"]);
    // The largest seed there is.
    let (s, v) = post(
        &app,
        "/api/generate",
        json!({"variant": "4x4", "seed": u64::MAX.to_string()}),
    )
    .await;
    assert_eq!(
        (s, v["seed"].as_str()),
        (StatusCode::OK, Some("18446744073709551615"))
    );
    // Older clients send numbers: taken where no JavaScript number can have been rounded.
    let (s, by_number) = post(&app, "/api/generate", json!({"variant": "4x4", "seed": 42})).await;
    assert_eq!(s, StatusCode::OK);
    assert_eq!(by_number["seed"], "42");
    let (_, by_text) = post(
        &app,
        "/api/generate",
        json!({"variant": "4x4", "seed": "42"}),
    )
    .await;
    assert_eq!(by_text["toml"], by_number["toml"]);
    let (s, v) = post(
        &app,
        "/api/generate",
        json!({"variant": "4x4", "seed": 9_007_199_254_740_991_u64}),
    )
    .await;
    assert_eq!(
        (s, v["seed"].as_str()),
        (StatusCode::OK, Some("9007199254740991"))
    );
    // With no seed the answer still says one, as a string, that reproduces the puzzle.
    let (_, v) = post(&app, "/api/generate", json!({"variant": "4x4"})).await;
    let (_, again) = post(
        &app,
        "/api/generate",
        json!({"variant": "4x4", "seed": v["seed"]}),
    )
    .await;
    assert!(v["seed"].is_string(), "{v}");
    assert_eq!(again["toml"], v["toml"]);
    for bad in [
        json!(13_339_356_320_099_245_831_u64),
        json!(9_007_199_254_740_992_u64),
        json!(-1),
        json!(4.5),
        json!("-1"),
        json!("+1"),
        json!(" 42"),
        json!("1e5"),
        json!(""),
        json!("18446744073709551616"),
        json!("0x10"),
        json!(true),
        json!([1]),
    ] {
        let (s, v) = post(
            &app,
            "/api/generate",
            json!({"variant": "4x4", "seed": bad}),
        )
        .await;
        assert_eq!(s, StatusCode::BAD_REQUEST, "{bad}: {v}");
        assert!(v["error"].as_str().unwrap().contains("seed"), "{bad}: {v}");
    }
}

#[tokio::test]
async fn unknown_paths_and_methods_answer_json() {
    let app = router(Config::default());
    let res = app
        .clone()
        .oneshot(
            Request::builder()
                .method("DELETE")
                .uri("/api/check")
                .header(header::HOST, "localhost")
                .body(Body::empty())
                .unwrap(),
        )
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::METHOD_NOT_ALLOWED);
    let v: Value =
        serde_json::from_slice(&res.into_body().collect().await.unwrap().to_bytes()).unwrap();
    assert!(v["error"].is_string());
    // Unknown paths, among them files the page does not have under its module folders, and a
    // write to an endpoint that does not exist (a 404, not a 405 from a file route).
    for path in [
        "/api/nothing/here",
        "/api/nothing",
        "/js/nothing.js",
        "/vendor/nothing.js",
    ] {
        let res = app
            .clone()
            .oneshot(
                Request::builder()
                    .uri(path)
                    .header(header::HOST, "localhost")
                    .body(Body::empty())
                    .unwrap(),
            )
            .await
            .unwrap();
        assert_eq!(res.status(), StatusCode::NOT_FOUND, "{path}");
        let v: Value =
            serde_json::from_slice(&res.into_body().collect().await.unwrap().to_bytes()).unwrap();
        assert!(v["error"].is_string(), "{path}");
    }
    let (s, v) = post(&app, "/api/nothing", json!({})).await;
    assert_eq!(s, StatusCode::NOT_FOUND, "{v}");
    assert!(v["error"].is_string(), "{v}");
}

// Real sockets from here on: the read timeout, the write side and the connection cap live in
// the connection handling, which an in-process router does not have.

/// Serves the studio on a free loopback port.
async fn start(config: Config) -> SocketAddr {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(shapedoku_studio::serve(config, listener));
    addr
}

/// Everything the server sends until it closes the connection, and when it closed it; fails
/// when it does not close it within `within`.
async fn until_closed(stream: &mut TcpStream, within: Duration) -> (String, Duration) {
    let start = Instant::now();
    let mut got = Vec::new();
    let read = tokio::time::timeout(within, async {
        let mut buf = [0u8; 4096];
        loop {
            match stream.read(&mut buf).await {
                Ok(0) | Err(_) => break,
                Ok(n) => got.extend_from_slice(&buf[..n]),
            }
        }
    })
    .await;
    assert!(
        read.is_ok(),
        "the server kept the connection open for {within:?}: {}",
        String::from_utf8_lossy(&got)
    );
    (String::from_utf8_lossy(&got).into_owned(), start.elapsed())
}

fn quick(read_timeout: Duration) -> Config {
    Config {
        read_timeout,
        ..Config::default()
    }
}

const GET_INFO: &str = "GET /api/info HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n";

#[tokio::test]
async fn a_half_sent_head_is_let_go_after_the_read_timeout() {
    let t = Duration::from_millis(500);
    let addr = start(quick(t)).await;
    let mut s = TcpStream::connect(addr).await.unwrap();
    s.write_all(b"POST /api/check HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Ty")
        .await
        .unwrap();
    let (_, after) = until_closed(&mut s, Duration::from_secs(10)).await;
    assert!(after >= t - Duration::from_millis(50), "{after:?}");
    // The server goes on.
    let mut s = TcpStream::connect(addr).await.unwrap();
    s.write_all(GET_INFO.as_bytes()).await.unwrap();
    let (text, _) = until_closed(&mut s, Duration::from_secs(10)).await;
    assert!(text.starts_with("HTTP/1.1 200"), "{text}");
}

#[tokio::test]
async fn a_half_sent_body_is_answered_408_and_let_go() {
    let t = Duration::from_millis(500);
    let addr = start(quick(t)).await;
    let mut s = TcpStream::connect(addr).await.unwrap();
    s.write_all(
        b"POST /api/check HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{\"toml\": \"",
    )
    .await
    .unwrap();
    let (text, after) = until_closed(&mut s, Duration::from_secs(10)).await;
    assert!(text.starts_with("HTTP/1.1 408"), "{text}");
    assert!(text.contains("did not arrive within 500 ms"), "{text}");
    assert!(after >= t - Duration::from_millis(50), "{after:?}");
}

#[tokio::test]
async fn an_idle_connection_is_closed_after_the_read_timeout() {
    let t = Duration::from_millis(500);
    let addr = start(quick(t)).await;
    // Nothing sent at all.
    let mut s = TcpStream::connect(addr).await.unwrap();
    let (text, after) = until_closed(&mut s, Duration::from_secs(10)).await;
    assert_eq!(text, "");
    assert!(after >= t - Duration::from_millis(50), "{after:?}");
    // One request answered, then silence: the answer, then the close.
    let mut s = TcpStream::connect(addr).await.unwrap();
    s.write_all(GET_INFO.as_bytes()).await.unwrap();
    let (text, _) = until_closed(&mut s, Duration::from_secs(10)).await;
    assert!(text.starts_with("HTTP/1.1 200"), "{text}");
    assert!(text.contains("\"time_limit_ms\":10000"), "{text}");
}

#[tokio::test]
async fn connections_beyond_the_cap_are_refused_until_places_free_up() {
    let t = Duration::from_millis(800);
    let addr = start(Config {
        max_connections: 3,
        ..quick(t)
    })
    .await;
    let mut idle = Vec::new();
    for _ in 0..3 {
        idle.push(TcpStream::connect(addr).await.unwrap());
    }
    tokio::time::sleep(Duration::from_millis(100)).await;
    let mut s = TcpStream::connect(addr).await.unwrap();
    s.write_all(GET_INFO.as_bytes()).await.unwrap();
    let (text, _) = until_closed(&mut s, Duration::from_secs(5)).await;
    assert!(text.starts_with("HTTP/1.1 503"), "{text}");
    assert!(text.contains("3 connections"), "{text}");
    // The idle ones are let go after the read timeout; then there is room again.
    for mut c in idle {
        until_closed(&mut c, Duration::from_secs(10)).await;
    }
    let mut s = TcpStream::connect(addr).await.unwrap();
    s.write_all(GET_INFO.as_bytes()).await.unwrap();
    let (text, _) = until_closed(&mut s, Duration::from_secs(10)).await;
    assert!(text.starts_with("HTTP/1.1 200"), "{text}");
}
