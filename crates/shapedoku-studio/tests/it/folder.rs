//! A puzzle on the user's own variant: the variant file beside the file the studio was started
//! on is read by its plain name, for every endpoint that loads a file; nothing else on disk is
//! (paths, `..`, links out of the folder, and any file without a command-line file).

use crate::common;
use common::post;

use axum::Router;
use axum::http::StatusCode;
use serde_json::json;
use shapedoku_studio::{Config, router};
use std::path::{Path, PathBuf};

/// A 4x4 with both diagonals, a variant of the user's own.
const MINE: &str = "# my own variant\nname = \"x4\"\nsymbols = \"1234\"\n\n[[grid]]\nat = [1, 1]\nsize = 4\nbox = [2, 2]\n\n[[shape]]\nname = \"diagonal\"\ncells = \"r1c1 r2c2 r3c3 r4c4\"\n\n[[shape]]\nname = \"anti-diagonal\"\ncells = \"r1c4 r2c3 r3c2 r4c1\"\n";

/// A fresh folder under the system's temporary directory (removed when dropped).
struct Folder(PathBuf);
impl Folder {
    fn new(tag: &str) -> Folder {
        let dir = std::env::temp_dir().join(format!(
            "shapedoku-studio-folder-{tag}-{}",
            std::process::id()
        ));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        Folder(dir)
    }
    fn path(&self) -> &Path {
        &self.0
    }
}
impl Drop for Folder {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn app_on(file: Option<PathBuf>) -> Router {
    router(Config {
        file,
        ..Config::default()
    })
}

#[tokio::test]
async fn a_variant_file_beside_the_started_file_loads_by_its_name() {
    let dir = Folder::new("beside");
    std::fs::write(dir.path().join("x4.toml"), MINE).unwrap();
    let app = app_on(Some(dir.path().join("puzzle.toml")));
    // With the diagonals, these givens have one solution; on a plain 4x4 they have more.
    let puzzle = "variant = \"x4.toml\"\ngivens = \"1... ..3. ...4 ....\"\n";
    let (s, v) = post(&app, "/api/count", json!({"toml": puzzle})).await;
    assert_eq!(s, StatusCode::OK, "{v}");
    let plain = "variant = \"4x4\"\ngivens = \"1... ..3. ...4 ....\"\n";
    let (_, p) = post(&app, "/api/count", json!({"toml": plain})).await;
    assert_eq!(p["status"], "several", "{p}");
    assert_eq!(v["status"], "unique", "{v}");
    let (s, v) = post(&app, "/api/check", json!({"toml": puzzle})).await;
    assert_eq!(s, StatusCode::OK, "{v}");
    assert_eq!(v["clean"], true, "{v}");
    assert_eq!(v["facts"]["shapes"], 14, "{v}");
    // The setting endpoints, hints and printing see it too.
    for (path, body) in [
        ("/api/layout", json!({"toml": puzzle})),
        ("/api/candidates", json!({"toml": puzzle})),
        ("/api/hint", json!({"toml": puzzle})),
        ("/api/print", json!({"puzzles": [puzzle]})),
        ("/api/export", json!({"toml": puzzle, "target": "fpuzzles"})),
        (
            "/api/edit",
            json!({"toml": puzzle, "edit": {"op": "set_givens", "cells": [["r2c2", "3"]]}}),
        ),
    ] {
        let (s, v) = post(&app, path, body).await;
        assert_eq!(s, StatusCode::OK, "{path}: {v}");
    }
    // A problem in the variant file is reported in that file.
    std::fs::write(dir.path().join("bad.toml"), "symbols = 5\n").unwrap();
    let (_, v) = post(
        &app,
        "/api/check",
        json!({"toml": "variant = \"bad.toml\"\n"}),
    )
    .await;
    assert_eq!(v["clean"], false, "{v}");
    assert_eq!(v["diagnostics"][0]["file"], "bad.toml", "{v}");
}

#[tokio::test]
async fn nothing_outside_the_folder_is_read() {
    let outer = Folder::new("outer");
    let dir = outer.path().join("inner");
    std::fs::create_dir_all(dir.join("sub")).unwrap();
    std::fs::write(outer.path().join("x4.toml"), MINE).unwrap();
    std::fs::write(dir.join("sub").join("x4.toml"), MINE).unwrap();
    let app = app_on(Some(dir.join("puzzle.toml")));
    let abs = outer.path().join("x4.toml").display().to_string();
    for name in ["../x4.toml", "sub/x4.toml", abs.as_str(), "missing.toml"] {
        let puzzle = format!("variant = {}\n", json!(name));
        let (s, v) = post(&app, "/api/check", json!({"toml": puzzle})).await;
        assert_eq!(s, StatusCode::OK, "{name}: {v}");
        assert_eq!(v["clean"], false, "{name}: {v}");
        let (s, v) = post(&app, "/api/count", json!({"toml": puzzle})).await;
        assert_eq!(s, StatusCode::UNPROCESSABLE_ENTITY, "{name}: {v}");
    }
    // A link in the folder that leads out of it.
    #[cfg(unix)]
    {
        std::os::unix::fs::symlink(outer.path().join("x4.toml"), dir.join("link.toml")).unwrap();
        let (_, v) = post(
            &app,
            "/api/check",
            json!({"toml": "variant = \"link.toml\"\n"}),
        )
        .await;
        assert_eq!(v["clean"], false, "{v}");
        let msg = v["diagnostics"][0]["message"].as_str().unwrap();
        assert!(msg.contains("leads out of its folder"), "{msg}");
    }
    // Started without a file: built-ins only, as before.
    std::fs::write(dir.join("x4.toml"), MINE).unwrap();
    let app = app_on(None);
    let (_, v) = post(
        &app,
        "/api/check",
        json!({"toml": "variant = \"x4.toml\"\n"}),
    )
    .await;
    assert_eq!(v["clean"], false, "{v}");
    let msg = v["diagnostics"][0]["message"].as_str().unwrap();
    assert!(msg.contains("built-ins only"), "{msg}");
}
