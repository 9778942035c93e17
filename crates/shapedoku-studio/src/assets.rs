//! The page's files, embedded in the binary so the studio works without network access: the
//! HTML, the style sheet, the page's ES modules (`js/`) and the vendored editor component
//! (`vendor/codemirror.js`, built once from editor-bundle/, see its README).

use axum::extract::Path;
use axum::http::{StatusCode, header};
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

/// A file under `/js/` or `/vendor/`.
pub async fn asset(Path((dir, name)): Path<(String, String)>) -> Response {
    let path = format!("{dir}/{name}");
    match FILES.iter().find(|(p, _, _)| *p == path) {
        Some((_, kind, body)) => file(kind, body),
        None => (StatusCode::NOT_FOUND, "no such file").into_response(),
    }
}
