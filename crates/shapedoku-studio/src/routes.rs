//! HTTP plumbing: the routes, JSON in and out, limits, and the checks that keep other web pages
//! from using the studio. The work itself is in [`crate::engine`].

use crate::api::{self, ApiError, GenerateRequest, PuzzleRequest, SaveRequest};
use crate::dispatch::{self, Answer, Endpoint, Job};
use crate::engine::{self, Budget};
use crate::jobs::Failed;
use crate::setting::{EditRequest, ExportRequest, ImportRequest, PrintRequest};
use crate::{State, assets};
use axum::Router;
use axum::body::{Body, Bytes};
use axum::extract::rejection::BytesRejection;
use axum::extract::{DefaultBodyLimit, Path, Request, State as Shared};
use axum::http::{HeaderMap, HeaderValue, Method, StatusCode, header};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use http_body_util::{BodyExt, LengthLimitError, Limited};
use std::sync::Arc;
use std::time::Duration;

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let status = StatusCode::from_u16(self.status).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
        (status, axum::Json(self)).into_response()
    }
}

impl IntoResponse for Answer {
    fn into_response(self) -> Response {
        let status = StatusCode::from_u16(self.status).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
        (
            status,
            [(
                header::CONTENT_TYPE,
                HeaderValue::from_static("application/json"),
            )],
            self.body,
        )
            .into_response()
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
        .route("/api/generate", post(generate))
        .route("/api/edit", post(edit))
        .route("/api/layout", post(layout))
        .route("/api/candidates", post(candidates))
        .route("/api/import", post(import))
        .route("/api/export", post(export))
        .route("/api/print", post(print));
    // Workers that fail on purpose, to show that a failure costs one request: test builds only.
    #[cfg(test)]
    let api = api
        .route("/api/test/panic", post(test_panic))
        .route("/api/test/overflow", post(test_overflow))
        .route("/api/test/hang", post(test_hang));
    api.route("/", get(assets::index))
        // The page's modules and the vendored editor, under their two folders only, so that
        // any other path falls through to the JSON 404 (and a POST to a mistyped endpoint is a
        // 404, not a 405 from a catch-all file route).
        .route("/js/{name}", get(assets::module))
        .route("/vendor/{name}", get(assets::vendor))
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
/// without a JSON content type (a plain cross-site form, which needs no preflight). Reads a
/// write's body whole before anything else, within the body limit and the read timeout, so a
/// client that stops sending half-way is answered 408 and let go rather than waited on.
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
    let req = if writes {
        match read_body(&state, req).await {
            Ok(r) => r,
            Err(res) => return res,
        }
    } else {
        req
    };
    let mut res = next.run(req).await;
    let h = res.headers_mut();
    h.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    // Styles may be inline (scripts may not): the editor component writes its theme into a
    // <style> element and sizes its gutters through style attributes.
    h.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(
            "default-src 'self'; img-src 'self' data: blob:; style-src 'self' 'unsafe-inline'; frame-ancestors 'none'",
        ),
    );
    h.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    res
}

/// A request with its body read whole, or the error answer: 413 past the body limit, 408 when
/// the client takes longer than the read timeout to send it (the connection is then closed).
async fn read_body(state: &State, req: Request) -> Result<Request, Response> {
    let (parts, body) = req.into_parts();
    let limit = state.config.body_limit;
    let read = Limited::new(body, limit).collect();
    match tokio::time::timeout(state.config.read_timeout, read).await {
        Ok(Ok(collected)) => Ok(Request::from_parts(parts, Body::from(collected.to_bytes()))),
        Ok(Err(e)) if e.downcast_ref::<LengthLimitError>().is_some() => Err(ApiError {
            status: 413,
            ..ApiError::bad_request(format!("the request body is larger than {limit} bytes"))
        }
        .into_response()),
        Ok(Err(e)) => {
            Err(ApiError::bad_request(format!("cannot read the request body: {e}")).into_response())
        }
        Err(_) => {
            let mut res = ApiError {
                status: 408,
                ..ApiError::bad_request(format!(
                    "the request body did not arrive within {} ms",
                    state.config.read_timeout.as_millis()
                ))
            }
            .into_response();
            res.headers_mut()
                .insert(header::CONNECTION, HeaderValue::from_static("close"));
            Err(res)
        }
    }
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

impl State {
    /// The folder of the command line's file, where variant files may be read from.
    fn folder(&self) -> Option<std::path::PathBuf> {
        let file = self.config.file.as_ref()?;
        let dir = file.parent()?;
        Some(if dir.as_os_str().is_empty() {
            std::path::PathBuf::from(".")
        } else {
            dir.to_path_buf()
        })
    }

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

/// A body, or the error that kept it from being read (too large, say) as JSON.
fn body_of(body: Result<Bytes, BytesRejection>) -> Result<Bytes, ApiError> {
    body.map_err(|r| ApiError {
        status: r.status().as_u16(),
        ..ApiError::bad_request(r.body_text())
    })
}

/// What the server reads of a request before handing it to a worker.
#[derive(Default)]
struct Asked {
    channel: Option<String>,
    guess_limit: Option<u64>,
    time_limit_ms: Option<u64>,
}

/// Reads a request's channel and limits; a request that does not parse, or asks for something
/// out of range, is answered here, without a worker.
fn read_request(endpoint: Endpoint, body: &[u8]) -> Result<Asked, ApiError> {
    let puzzle = || -> Result<Asked, ApiError> {
        let r: PuzzleRequest = dispatch::parse(body)?;
        r.validate()?;
        Ok(Asked {
            channel: r.channel,
            guess_limit: r.guess_limit,
            time_limit_ms: r.time_limit_ms,
        })
    };
    match endpoint {
        Endpoint::Check
        | Endpoint::Count
        | Endpoint::Solve
        | Endpoint::Render
        | Endpoint::Hint
        | Endpoint::Steps
        | Endpoint::Rate
        | Endpoint::Layout
        | Endpoint::Candidates => puzzle(),
        Endpoint::Generate => {
            let r: GenerateRequest = dispatch::parse(body)?;
            Ok(Asked {
                channel: r.channel,
                guess_limit: None,
                time_limit_ms: r.time_limit_ms,
            })
        }
        // A drawing tool's change: no channel, since every edit counts and none replaces the
        // one before; the server's own limits.
        Endpoint::Edit => {
            dispatch::parse::<EditRequest>(body)?;
            Ok(Asked::default())
        }
        // A newer import replaces the one before.
        Endpoint::Import => {
            dispatch::parse::<ImportRequest>(body)?;
            Ok(Asked {
                channel: Some("import".to_string()),
                ..Asked::default()
            })
        }
        // A newer export (another target, the file edited since) replaces the one before.
        Endpoint::Export => {
            dispatch::parse::<ExportRequest>(body)?;
            Ok(Asked {
                channel: Some("export".to_string()),
                ..Asked::default()
            })
        }
        // A newer print replaces the one before on its channel.
        Endpoint::Print => {
            let r: PrintRequest = dispatch::parse(body)?;
            Ok(Asked {
                channel: r.channel,
                ..Asked::default()
            })
        }
        #[cfg(test)]
        Endpoint::TestPanic | Endpoint::TestOverflow | Endpoint::TestHang => puzzle(),
    }
}

/// Hands a request to a worker under its budget and answers with what the worker says.
async fn work(
    state: Arc<State>,
    endpoint: Endpoint,
    body: Result<Bytes, BytesRejection>,
) -> Response {
    let body = match body_of(body) {
        Ok(b) => b,
        Err(e) => return e.into_response(),
    };
    let asked = match read_request(endpoint, &body) {
        Ok(r) => r,
        Err(e) => return e.into_response(),
    };
    // JSON that parsed is UTF-8 text.
    let body = match String::from_utf8(body.to_vec()) {
        Ok(b) => b,
        Err(_) => return ApiError::bad_request("request body: not UTF-8").into_response(),
    };
    let budget = state.budget(
        asked.guess_limit,
        asked.time_limit_ms,
        endpoint == Endpoint::Generate,
    );
    let limits = budget.limits();
    let started = budget.started;
    match state
        .jobs
        .run(
            asked.channel.as_deref(),
            budget,
            Job {
                endpoint,
                body,
                folder: state.folder(),
            },
        )
        .await
    {
        Ok(answer) => answer.into_response(),
        Err(Failed::Stopped(stop)) => {
            let used = (started.elapsed().as_secs_f64() * 10_000.0).round() / 10.0;
            ApiError::stopped(stop, limits, used).into_response()
        }
        Err(Failed::Broke(why)) => ApiError::internal(why).into_response(),
    }
}

async fn check(Shared(s): Shared<Arc<State>>, body: Result<Bytes, BytesRejection>) -> Response {
    work(s, Endpoint::Check, body).await
}
async fn count(Shared(s): Shared<Arc<State>>, body: Result<Bytes, BytesRejection>) -> Response {
    work(s, Endpoint::Count, body).await
}
async fn solve(Shared(s): Shared<Arc<State>>, body: Result<Bytes, BytesRejection>) -> Response {
    work(s, Endpoint::Solve, body).await
}
async fn render(Shared(s): Shared<Arc<State>>, body: Result<Bytes, BytesRejection>) -> Response {
    work(s, Endpoint::Render, body).await
}
async fn hint(Shared(s): Shared<Arc<State>>, body: Result<Bytes, BytesRejection>) -> Response {
    work(s, Endpoint::Hint, body).await
}
async fn steps(Shared(s): Shared<Arc<State>>, body: Result<Bytes, BytesRejection>) -> Response {
    work(s, Endpoint::Steps, body).await
}
async fn rate(Shared(s): Shared<Arc<State>>, body: Result<Bytes, BytesRejection>) -> Response {
    work(s, Endpoint::Rate, body).await
}
async fn generate(Shared(s): Shared<Arc<State>>, body: Result<Bytes, BytesRejection>) -> Response {
    work(s, Endpoint::Generate, body).await
}
/// `edit`: a drawing tool's change to the file. No search, but the file is loaded (for its
/// givens and regions), and a load is library work like any other.
async fn edit(Shared(s): Shared<Arc<State>>, body: Result<Bytes, BytesRejection>) -> Response {
    work(s, Endpoint::Edit, body).await
}
async fn layout(Shared(s): Shared<Arc<State>>, body: Result<Bytes, BytesRejection>) -> Response {
    work(s, Endpoint::Layout, body).await
}
async fn candidates(
    Shared(s): Shared<Arc<State>>,
    body: Result<Bytes, BytesRejection>,
) -> Response {
    work(s, Endpoint::Candidates, body).await
}
/// `import`: an f-puzzles or SudokuPad link as a puzzle file; the decoding of a link is
/// library work on untrusted input, so it runs on a worker too.
async fn import(Shared(s): Shared<Arc<State>>, body: Result<Bytes, BytesRejection>) -> Response {
    work(s, Endpoint::Import, body).await
}
/// `export`: the file as an f-puzzles or SudokuPad link; loading the file and writing the
/// link is library work like any other, so it runs on a worker under the server's limits.
async fn export(Shared(s): Shared<Arc<State>>, body: Result<Bytes, BytesRejection>) -> Response {
    work(s, Endpoint::Export, body).await
}
/// `print`: puzzle files as a PDF (a page each, or a booklet with difficulties and
/// solutions); proving and rating are searches, so it runs on a worker under the limits.
async fn print(Shared(s): Shared<Arc<State>>, body: Result<Bytes, BytesRejection>) -> Response {
    work(s, Endpoint::Print, body).await
}
#[cfg(test)]
async fn test_panic(
    Shared(s): Shared<Arc<State>>,
    body: Result<Bytes, BytesRejection>,
) -> Response {
    work(s, Endpoint::TestPanic, body).await
}
#[cfg(test)]
async fn test_overflow(
    Shared(s): Shared<Arc<State>>,
    body: Result<Bytes, BytesRejection>,
) -> Response {
    work(s, Endpoint::TestOverflow, body).await
}
#[cfg(test)]
async fn test_hang(Shared(s): Shared<Arc<State>>, body: Result<Bytes, BytesRejection>) -> Response {
    work(s, Endpoint::TestHang, body).await
}

async fn info(Shared(s): Shared<Arc<State>>) -> Response {
    axum::Json(api::InfoResponse {
        limits: s.budget(None, None, false).limits(),
        generate_time_limit_ms: s.config.generate_time_limit.as_millis() as u64,
        body_limit: s.config.body_limit,
        file: s.config.file.as_ref().map(|p| p.display().to_string()),
        import: true,
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
    let req: SaveRequest = match body_of(body).and_then(|b| dispatch::parse(&b)) {
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
