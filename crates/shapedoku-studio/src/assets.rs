//! The page's files, embedded in the binary so the studio works without network access.

use axum::http::header;
use axum::response::{IntoResponse, Response};

const INDEX: &str = include_str!("../assets/index.html");
const SCRIPT: &str = include_str!("../assets/studio.js");
const STYLE: &str = include_str!("../assets/studio.css");
const ICON: &str = include_str!("../assets/favicon.svg");

fn file(kind: &'static str, body: &'static str) -> Response {
    ([(header::CONTENT_TYPE, kind)], body).into_response()
}

pub async fn index() -> Response {
    file("text/html; charset=utf-8", INDEX)
}
pub async fn script() -> Response {
    file("text/javascript; charset=utf-8", SCRIPT)
}
pub async fn style() -> Response {
    file("text/css; charset=utf-8", STYLE)
}
pub async fn icon() -> Response {
    file("image/svg+xml", ICON)
}
