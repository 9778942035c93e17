//! The page's files, embedded in the binary so the studio works without network access: the
//! HTML, the style sheet, the page's ES modules (`js/`) and the vendored editor component
//! (`vendor/codemirror.js`, built once from editor-bundle/, see its README).

use crate::api::ApiError;
use axum::extract::Path;
use axum::http::header;
use axum::response::{IntoResponse, Response};

const INDEX: &str = include_str!("../assets/index.html");
const STYLE: &str = include_str!("../assets/studio.css");
const ICON: &str = include_str!("../assets/favicon.svg");

const JS: &str = "text/javascript; charset=utf-8";

/// The files under `/js/` and `/vendor/`: (path, content type, text).
const FILES: &[(&str, &str, &str)] = &[
    ("js/main.js", JS, include_str!("../assets/js/main.js")),
    ("js/api.js", JS, include_str!("../assets/js/api.js")),
    ("js/editor.js", JS, include_str!("../assets/js/editor.js")),
    ("js/board.js", JS, include_str!("../assets/js/board.js")),
    ("js/setting.js", JS, include_str!("../assets/js/setting.js")),
    ("js/tools.js", JS, include_str!("../assets/js/tools.js")),
    ("js/solving.js", JS, include_str!("../assets/js/solving.js")),
    ("js/learn.js", JS, include_str!("../assets/js/learn.js")),
    ("js/print.js", JS, include_str!("../assets/js/print.js")),
    (
        "vendor/codemirror.js",
        JS,
        include_str!("../assets/vendor/codemirror.js"),
    ),
    (
        "vendor/codemirror.LICENSE.txt",
        "text/plain; charset=utf-8",
        include_str!("../assets/vendor/codemirror.LICENSE.txt"),
    ),
];

fn file(kind: &'static str, body: &'static str) -> Response {
    ([(header::CONTENT_TYPE, kind)], body).into_response()
}

pub async fn index() -> Response {
    file("text/html; charset=utf-8", INDEX)
}
pub async fn style() -> Response {
    file("text/css; charset=utf-8", STYLE)
}
pub async fn icon() -> Response {
    file("image/svg+xml", ICON)
}

/// A page module, `/js/{name}`.
pub async fn module(Path(name): Path<String>) -> Response {
    asset("js", &name)
}

/// A vendored file, `/vendor/{name}`.
pub async fn vendor(Path(name): Path<String>) -> Response {
    asset("vendor", &name)
}

/// A file of `FILES`; a name not there is a 404 in JSON, like every other unknown path.
fn asset(dir: &str, name: &str) -> Response {
    let path = format!("{dir}/{name}");
    match FILES.iter().find(|(p, _, _)| *p == path) {
        Some((_, kind, body)) => file(kind, body),
        None => ApiError::not_found(format!("no such file `/{path}`")).into_response(),
    }
}
