//! HTTP plumbing: the routes, JSON in and out, limits, and the checks that keep other web pages
//! from using the studio. The work itself is in [`crate::engine`].

use crate::api::{self, ApiError, GenerateRequest, PuzzleRequest, SaveRequest};
use crate::engine::{self, Budget};
use crate::jobs::Failed;
use crate::{State, assets};
use axum::Router;
use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::extract::{DefaultBodyLimit, Path, Request, State as Shared};
use axum::http::{HeaderMap, HeaderValue, Method, StatusCode, header};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use serde::Serialize;
use serde::de::DeserializeOwned;
use std::sync::Arc;
use std::time::Duration;

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let status = StatusCode::from_u16(self.status).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
        (status, axum::Json(self)).into_response()
    }
}

/// The whole API and the page, with the body limit and the request checks.
pub fn router(state: Arc<State>) -> Router {
    let api = Router::new()
        .route("/api/info", get(info))
        .route("/api/builtins", get(builtins))
        .route("/api/examples/{name}", get(example))
        .route("/api/variants/{name}", get(variant))
        .route("/api/file", get(read_file).put(save_file))
        .route("/api/check", post(check))
        .route("/api/count", post(count))
        .route("/api/solve", post(solve))
        .route("/api/render", post(render))
        .route("/api/hint", post(hint))
        .route("/api/steps", post(steps))
        .route("/api/rate", post(rate))
        .route("/api/generate", post(generate));
    // IMPORT: `POST /api/import` (an f-puzzles or SudokuPad link in, a puzzle file out) is to be
    // added here when the library's import lands; `GET /api/info` then reports `import: true`
    // and the page shows its Import button.
    api.route("/", get(assets::index))
        .route("/studio.js", get(assets::script))
        .route("/studio.css", get(assets::style))
        .route("/favicon.svg", get(assets::icon))
        .fallback(not_found)
        .method_not_allowed_fallback(method_not_allowed)
        .layer(DefaultBodyLimit::max(state.config.body_limit))
        .layer(middleware::from_fn_with_state(state.clone(), guard))
        .with_state(state)
}

async fn not_found() -> Response {
    ApiError::not_found("no such page or endpoint (the API is under /api/, see docs/studio.md)")
        .into_response()
}

async fn method_not_allowed() -> Response {
    ApiError {
        status: 405,
        ..ApiError::bad_request("this endpoint does not take that method (see docs/studio.md)")
    }
    .into_response()
}

/// Whether a `Content-Type` is JSON: the media type `application/json` in any case, with or
/// without parameters (`application/json; charset=utf-8`), and nothing else (not
/// `application/jsonx`, not `text/plain`).
pub(crate) fn is_json(content_type: &[u8]) -> bool {
    let media = content_type
        .split(|&b| b == b';')
        .next()
        .unwrap_or_default()
        .trim_ascii();
    media.eq_ignore_ascii_case(b"application/json")
}

/// Refuses requests that did not come from the studio's own page: a `Host` that is not a
/// loopback name while the server listens on loopback (a DNS-rebinding page), and API writes
/// without a JSON content type (a plain cross-site form, which needs no preflight).
async fn guard(Shared(state): Shared<Arc<State>>, req: Request, next: Next) -> Response {
    if state.config.loopback_hosts_only && !loopback_host(req.headers()) {
        return ApiError {
            status: 421,
            ..ApiError::bad_request(
                "this server answers only to localhost, 127.0.0.1 or [::1] (start it with --bind to serve other names)",
            )
        }
        .into_response();
    }
    let writes = matches!(*req.method(), Method::POST | Method::PUT);
    let json = req
        .headers()
        .get(header::CONTENT_TYPE)
        .is_some_and(|v| is_json(v.as_bytes()));
    if writes && !json {
        return ApiError {
            status: 415,
            ..ApiError::bad_request("send JSON with `Content-Type: application/json`")
        }
        .into_response();
    }
    let mut res = next.run(req).await;
    let h = res.headers_mut();
    h.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    h.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(
            "default-src 'self'; img-src 'self' data: blob:; style-src 'self'; frame-ancestors 'none'",
        ),
    );
    h.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    res
}

fn loopback_host(headers: &HeaderMap) -> bool {
    let Some(host) = headers.get(header::HOST).and_then(|h| h.to_str().ok()) else {
        return false;
    };
    let name = if host.starts_with('[') {
        host.split_inclusive(']').next().unwrap_or(host)
    } else {
        host.split(':').next().unwrap_or(host)
    };
    matches!(name, "localhost" | "127.0.0.1" | "[::1]")
}

/// Reads a JSON body; a body over the limit, or JSON that does not fit, is an error in JSON.
fn parse<T: DeserializeOwned>(body: Result<Bytes, BytesRejection>) -> Result<T, ApiError> {
    let bytes = body.map_err(|r| ApiError {
        status: r.status().as_u16(),
        ..ApiError::bad_request(r.body_text())
    })?;
    serde_json::from_slice(&bytes).map_err(|e| ApiError::bad_request(format!("request body: {e}")))
}

impl State {
    /// The budget of a request: the server's limits, lowered where the request asks.
    fn budget(&self, guess_limit: Option<u64>, time_ms: Option<u64>, generate: bool) -> Budget {
        let c = &self.config;
        let max_time = if generate {
            c.generate_time_limit
        } else {
            c.time_limit
        };
        let time = time_ms.map_or(max_time, |ms| Duration::from_millis(ms).min(max_time));
        Budget::new(
            guess_limit.map_or(c.guess_limit, |g| g.min(c.guess_limit)),
            time,
        )
    }
}

/// Milliseconds since `started`, to a tenth: the time a request stopped by a limit used.
fn used_ms(started: std::time::Instant) -> f64 {
    (started.elapsed().as_secs_f64() * 10_000.0).round() / 10.0
}

/// Runs an engine function as a job and answers with its JSON.
async fn answer<T, F>(state: &State, channel: Option<String>, budget: Budget, work: F) -> Response
where
    T: Serialize + Send + 'static,
    F: FnOnce(&Budget) -> Result<T, ApiError> + Send + 'static,
{
    let limits = budget.limits();
    let started = budget.started;
    match state.jobs.run(channel.as_deref(), budget, work).await {
        Ok(Ok(v)) => axum::Json(v).into_response(),
        Ok(Err(e)) => e.into_response(),
        Err(Failed::Stopped(stop)) => {
            ApiError::stopped(stop, limits, used_ms(started)).into_response()
        }
        Err(Failed::Panicked) => {
            ApiError::internal("the request failed inside the studio (a bug: please report it)")
                .into_response()
        }
    }
}

/// A handler for the endpoints that take a [`PuzzleRequest`].
async fn puzzle_endpoint(
    state: Arc<State>,
    body: Result<Bytes, BytesRejection>,
    work: fn(&PuzzleRequest, &Budget) -> Result<Response, ApiError>,
) -> Response {
    let req: PuzzleRequest = match parse(body) {
        Ok(r) => r,
        Err(e) => return e.into_response(),
    };
    let budget = state.budget(req.guess_limit, req.time_limit_ms, false);
    let channel = req.channel.clone();
    let limits = budget.limits();
    let started = budget.started;
    match state
        .jobs
        .run(channel.as_deref(), budget, move |b| work(&req, b))
        .await
    {
        Ok(Ok(r)) => r,
        Ok(Err(e)) => e.into_response(),
        Err(Failed::Stopped(stop)) => {
            ApiError::stopped(stop, limits, used_ms(started)).into_response()
        }
        Err(Failed::Panicked) => {
            ApiError::internal("the request failed inside the studio (a bug: please report it)")
                .into_response()
        }
    }
}

fn json<T: Serialize>(r: Result<T, ApiError>) -> Result<Response, ApiError> {
    r.map(|v| axum::Json(v).into_response())
}

async fn check(Shared(s): Shared<Arc<State>>, body: Result<Bytes, BytesRejection>) -> Response {
    puzzle_endpoint(s, body, |r, _| json(Ok(engine::check(r)))).await
}
async fn count(Shared(s): Shared<Arc<State>>, body: Result<Bytes, BytesRejection>) -> Response {
    puzzle_endpoint(s, body, |r, b| json(engine::count(r, b))).await
}
async fn solve(Shared(s): Shared<Arc<State>>, body: Result<Bytes, BytesRejection>) -> Response {
    puzzle_endpoint(s, body, |r, b| json(engine::solve(r, b))).await
}
async fn render(Shared(s): Shared<Arc<State>>, body: Result<Bytes, BytesRejection>) -> Response {
    puzzle_endpoint(s, body, |r, b| json(engine::render(r, b))).await
}
async fn hint(Shared(s): Shared<Arc<State>>, body: Result<Bytes, BytesRejection>) -> Response {
    puzzle_endpoint(s, body, |r, b| json(engine::hint(r, b))).await
}
async fn steps(Shared(s): Shared<Arc<State>>, body: Result<Bytes, BytesRejection>) -> Response {
    puzzle_endpoint(s, body, |r, b| json(engine::steps(r, b))).await
}
async fn rate(Shared(s): Shared<Arc<State>>, body: Result<Bytes, BytesRejection>) -> Response {
    puzzle_endpoint(s, body, |r, b| json(engine::rate(r, b))).await
}

async fn generate(Shared(s): Shared<Arc<State>>, body: Result<Bytes, BytesRejection>) -> Response {
    let req: GenerateRequest = match parse(body) {
        Ok(r) => r,
        Err(e) => return e.into_response(),
    };
    let budget = s.budget(None, req.time_limit_ms, true);
    let channel = req.channel.clone();
    answer(&s, channel, budget, move |b| engine::generate(&req, b)).await
}

async fn info(Shared(s): Shared<Arc<State>>) -> Response {
    axum::Json(api::InfoResponse {
        limits: s.budget(None, None, false).limits(),
        generate_time_limit_ms: s.config.generate_time_limit.as_millis() as u64,
        body_limit: s.config.body_limit,
        file: s.config.file.as_ref().map(|p| p.display().to_string()),
        import: false,
    })
    .into_response()
}

async fn builtins() -> Response {
    axum::Json(engine::builtins()).into_response()
}

async fn example(Path(name): Path<String>) -> Response {
    match engine::example(&name) {
        Some(f) => axum::Json(f).into_response(),
        None => ApiError::not_found(format!("no example puzzle `{name}`")).into_response(),
    }
}

async fn variant(Path(name): Path<String>) -> Response {
    match engine::variant(&name) {
        Some(f) => axum::Json(f).into_response(),
        None => ApiError::not_found(format!("no built-in variant `{name}`")).into_response(),
    }
}

fn no_file() -> ApiError {
    ApiError::not_found(
        "no file was given on the command line (`shapedoku studio FILE`); the studio writes only that file",
    )
}

async fn read_file(Shared(s): Shared<Arc<State>>) -> Response {
    let Some(path) = s.config.file.clone() else {
        return no_file().into_response();
    };
    let limit = s.config.max_input_bytes;
    let read = {
        let path = path.clone();
        tokio::task::spawn_blocking(move || shapedoku::limits::read_file(&path, limit)).await
    };
    let toml = match read {
        Ok(Ok(t)) => t,
        Ok(Err(e)) if e.kind() == std::io::ErrorKind::NotFound => String::new(),
        // Too large or not text: the file itself is the problem, not the server.
        Ok(Err(e)) if e.kind() == std::io::ErrorKind::InvalidData => {
            return ApiError::unprocessable(format!("cannot read {}: {e}", path.display()), vec![])
                .into_response();
        }
        Ok(Err(e)) => {
            return ApiError::internal(format!("cannot read {}: {e}", path.display()))
                .into_response();
        }
        Err(e) => {
            return ApiError::internal(format!("cannot read {}: {e}", path.display()))
                .into_response();
        }
    };
    axum::Json(api::FileResponse {
        name: path.display().to_string(),
        toml,
        writable: true,
    })
    .into_response()
}

async fn save_file(Shared(s): Shared<Arc<State>>, body: Result<Bytes, BytesRejection>) -> Response {
    let Some(path) = s.config.file.clone() else {
        return no_file().into_response();
    };
    let req: SaveRequest = match parse(body) {
        Ok(r) => r,
        Err(e) => return e.into_response(),
    };
    match tokio::fs::write(&path, req.toml.as_bytes()).await {
        Ok(()) => axum::Json(api::SaveResponse {
            name: path.display().to_string(),
            bytes: req.toml.len(),
        })
        .into_response(),
        Err(e) => {
            ApiError::internal(format!("cannot write {}: {e}", path.display())).into_response()
        }
    }
}
