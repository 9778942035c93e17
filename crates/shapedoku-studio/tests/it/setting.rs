//! The setting endpoints in-process: drawings written into the file's text (keeping the rest as
//! it was), givens and regions edited in place, the layout, true candidates with the help
//! toward uniqueness, and importing a link.

use crate::common;
use common::post;

use axum::Router;
use axum::body::Body;
use axum::http::{Request, StatusCode, header};
use http_body_util::BodyExt;
use serde_json::{Value, json};
use shapedoku::load;
use shapedoku_studio::{Config, router};
use tower::ServiceExt;

const CLASSIC: &str = include_str!("../../../../variants/puzzles/classic.toml");
const KILLER: &str = include_str!("../../../../variants/puzzles/killer.toml");
const SAMURAI: &str = include_str!("../../../../variants/puzzles/samurai.toml");

/// An X-Sudoku as f-puzzles links it, with the givens its importer's test expects: from
/// pcdoku/SudokuSolver (a fork of dclamage/SudokuSolver, the solver f-puzzles uses),
/// SudokuSolverTest/FPuzzlesImportTests.cs at commit 1526c3f304fff86456a6d520cd4dc743e1decd3e.
const X_SUDOKU_LINK: &str = "https://www.f-puzzles.com/?load=N4IgzglgXgpiBcBOANCA5gJwgEwQbT2AF9ljSQA3AQwBsBXOeAdlTQgpgDsEAXDBkmSGDBlWgwQBmVuy69+MUdXqMArDI7d4fAQF1khMSoQAODXO0KRpa8PLKJSc1p2KbN/YSXjGAJmfyAu6gDowAbAGWQSE+CCzosi5WwbZEnnYZ3sbw0gmagW4x2ep5Fq5ZjhGlSdFpBpnBRo4AjJHlKY2hUm1W6bZNfj219rHwZtUFqSPZACxDhXVeHUUt8xWMKBNRC52jJWz52yJ9y+sI+4mTywNxax71Uw0ZN/BzW+W6+iDYEFRoAPacWgAagKqB+f0BtAAtJMgA===";
const X_SUDOKU_GIVENS: &str =
    "--7----35 8-----9-- -2-67---- -----356- ----1---3 --2-8--4- ---19--5- ----5--7- --------4";

/// Makes one edit and returns the new text, asserting it went through.
async fn edit(app: &Router, toml: &str, edit: Value) -> String {
    let (s, v) = post(app, "/api/edit", json!({"toml": toml, "edit": edit})).await;
    assert_eq!(s, StatusCode::OK, "{v}");
    v["toml"].as_str().unwrap().to_string()
}

/// The classic example without its stated solution, as a setter draws on a file before it has
/// one: the loader checks a stated solution against every rule, and the rules drawn here would
/// break the example's.
fn unsolved() -> String {
    let start = CLASSIC.find("\nsolution = \"\"\"").unwrap();
    let len = CLASSIC[start..].find("\"\"\"\n").unwrap() + 4;
    let end = start + len + CLASSIC[start + len..].find("\"\"\"\n").unwrap() + 4;
    format!("{}{}", &CLASSIC[..start], &CLASSIC[end..])
}

/// The file loads without a problem.
fn loads(text: &str) -> load::Loaded {
    match load::load_str("p.toml", text, None) {
        Ok(l) => l,
        Err(e) => panic!("{e:?}\n{text}"),
    }
}

/// The text minus what was added, as a check that nothing else moved.
fn without(text: &str, added: &str) -> String {
    assert!(text.contains(added), "{added:?} not in\n{text}");
    text.replacen(added, "", 1)
}

#[tokio::test]
async fn a_drawn_thermometer_is_appended_keeping_every_comment() {
    let app = router(Config::default());
    let base = unsolved();
    let out = edit(
        &app,
        &base,
        json!({"op": "add", "array": "rule", "table": {"cells": "r1c1 r1c2 r1c3", "type": "thermo"}}),
    )
    .await;
    let added = "\n[[rule]]\ntype = \"thermo\"\ncells = \"r1c1 r1c2 r1c3\"\n";
    assert_eq!(without(&out, added), base);
    assert!(out.ends_with(added));
    let loaded = loads(&out);
    assert_eq!(loaded.geometry.constraints().len(), 1);
}

#[tokio::test]
async fn a_new_table_goes_after_the_last_of_its_kind_not_at_the_end() {
    let app = router(Config::default());
    let text = "variant = \"classic\"\n\n# the rules\n[[rule]]\ntype = \"thermo\"\ncells = \"r1c1 r1c2\"\n\n# the cages\n[[cage]]\nsum = 3\ncells = \"r9c1 r9c2\"\n";
    let out = edit(
        &app,
        text,
        json!({"op": "add", "array": "rule", "table": {"type": "renban", "cells": "r5c5 r5c6"}}),
    )
    .await;
    let rule = out.find("type = \"renban\"").unwrap();
    assert!(rule < out.find("# the cages").unwrap(), "{out}");
    assert!(out.contains("# the rules\n[[rule]]\ntype = \"thermo\""));
    loads(&out);
    // A cage with its total.
    let out = edit(
        &app,
        &out,
        json!({"op": "add", "array": "cage", "table": {"sum": 17, "cells": "r5c1 r6c1"}}),
    )
    .await;
    assert!(
        out.ends_with("[[cage]]\nsum = 17\ncells = \"r5c1 r6c1\"\n"),
        "{out}"
    );
    assert_eq!(
        loads(&out)
            .geometry
            .shapes()
            .iter()
            .filter(|s| s.sum() == Some(17))
            .count(),
        1
    );
}

#[tokio::test]
async fn kropki_dots_join_one_rule_and_a_second_click_takes_them_away() {
    let app = router(Config::default());
    let base = unsolved();
    let dot = |a: &str, b: &str, key: &str| json!({"op": "toggle_mark", "rule": "kropki", "key": key, "pair": [a, b]});
    let one = edit(&app, &base, dot("r1c1", "r1c2", "white")).await;
    assert!(
        one.ends_with("[[rule]]\ntype = \"kropki\"\nwhite = [\"r1c1 r1c2\"]\n"),
        "{one}"
    );
    let two = edit(&app, &one, dot("r2c2", "r1c2", "white")).await;
    assert!(
        two.contains("white = [\"r1c1 r1c2\", \"r2c2 r1c2\"]"),
        "{two}"
    );
    let three = edit(&app, &two, dot("r5c5", "r5c6", "black")).await;
    assert!(three.contains("black = [\"r5c5 r5c6\"]"), "{three}");
    assert_eq!(three.matches("[[rule]]").count(), 1);
    loads(&three);
    // Clicking the same edge (either way round) takes the dot away; the last one, the rule.
    let back = edit(&app, &three, dot("r1c2", "r1c1", "white")).await;
    assert!(back.contains("white = [\"r2c2 r1c2\"]"), "{back}");
    let back = edit(&app, &back, dot("r2c2", "r1c2", "white")).await;
    let back = edit(&app, &back, dot("r5c5", "r5c6", "black")).await;
    assert_eq!(back, base);
    // Not neighbours: refused.
    let (s, v) = post(
        &app,
        "/api/edit",
        json!({"toml": CLASSIC, "edit": dot("r1c1", "r2c2", "white")}),
    )
    .await;
    assert_eq!(s, StatusCode::BAD_REQUEST);
    assert!(v["error"].as_str().unwrap().contains("side by side"), "{v}");
}

#[tokio::test]
async fn differences_with_other_values_get_their_own_rule() {
    let app = router(Config::default());
    let m = |v: i64, a: &str, b: &str| json!({"op": "toggle_mark", "rule": "difference", "key": "pairs", "pair": [a, b], "value": v});
    let out = edit(&app, &unsolved(), m(1, "r1c1", "r1c2")).await;
    let out = edit(&app, &out, m(3, "r2c1", "r2c2")).await;
    let out = edit(&app, &out, m(3, "r3c1", "r3c2")).await;
    assert!(
        out.contains("type = \"difference\"\npairs = [\"r1c1 r1c2\"]"),
        "{out}"
    );
    assert!(
        out.contains("type = \"difference\"\nvalue = 3\npairs = [\"r2c1 r2c2\", \"r3c1 r3c2\"]"),
        "{out}"
    );
    loads(&out);
}

#[tokio::test]
async fn cell_marks_toggle_and_erasing_takes_the_last_drawing() {
    let app = router(Config::default());
    let odd = |c: &[&str]| json!({"op": "toggle_cells", "rule": "odd", "cells": c});
    let out = edit(&app, CLASSIC, odd(&["r1c1", "r1c2"])).await;
    let out = edit(&app, &out, odd(&["r1c3"])).await;
    assert!(
        out.contains("type = \"odd\"\ncells = \"r1c1 r1c2 r1c3\""),
        "{out}"
    );
    let out = edit(&app, &out, odd(&["r1c2"])).await;
    assert!(out.contains("cells = \"r1c1 r1c3\""), "{out}");
    // A line and a cage over r1c1: erasing there takes the cage (drawn last), then the line,
    // then r1c1 out of the odd cells.
    let out = edit(
        &app,
        &out,
        json!({"op": "add", "array": "rule", "table": {"type": "whispers", "cells": "r1c1 r2c1"}}),
    )
    .await;
    let out = edit(
        &app,
        &out,
        json!({"op": "add", "array": "cage", "table": {"sum": 9, "cells": "r1c1 r1c2"}}),
    )
    .await;
    let erase = json!({"op": "erase", "cell": "r1c1"});
    // Reparsed, the new tables have places; the last drawn is the cage.
    let a = edit(&app, &out, erase.clone()).await;
    assert!(!a.contains("[[cage]]") && a.contains("whispers"), "{a}");
    let b = edit(&app, &a, erase.clone()).await;
    assert!(
        !b.contains("whispers") && b.contains("cells = \"r1c1 r1c3\""),
        "{b}"
    );
    let c = edit(&app, &b, erase.clone()).await;
    assert!(c.contains("cells = \"r1c3\""), "{c}");
    let (s, v) = post(&app, "/api/edit", json!({"toml": CLASSIC, "edit": erase})).await;
    assert_eq!(s, StatusCode::OK);
    assert_eq!(v["changed"], false);
    assert_eq!(v["note"], "nothing drawn there");
}

#[tokio::test]
async fn outside_clues_and_marks_are_erased_by_their_place() {
    let app = router(Config::default());
    let base = unsolved();
    let lk = json!({"op": "add", "array": "rule", "table": {
        "type": "little-killer", "at": [0, 1], "direction": "down-right", "total": 45}});
    let out = edit(&app, &base, lk).await;
    assert!(
        out.contains(
            "type = \"little-killer\"\ntotal = 45\nat = [0, 1]\ndirection = \"down-right\""
        ),
        "{out}"
    );
    loads(&out);
    let out = edit(
        &app,
        &out,
        json!({"op": "toggle_mark", "rule": "xv", "key": "x", "pair": ["r4c4", "r4c5"]}),
    )
    .await;
    let out = edit(&app, &out, json!({"op": "erase", "at": [0, 1]})).await;
    assert!(!out.contains("little-killer"), "{out}");
    let out = edit(&app, &out, json!({"op": "erase", "pair": ["r4c5", "r4c4"]})).await;
    assert_eq!(out, base);
}

#[tokio::test]
async fn givens_are_replaced_where_they_stand_in_the_picture() {
    let app = router(Config::default());
    // r1c1 is empty in the classic example; r1c5 is a 9.
    let out = edit(
        &app,
        CLASSIC,
        json!({"op": "set_givens", "cells": [["r1c1", "8"], ["r1c5", "."]]}),
    )
    .await;
    assert_eq!(out.len(), CLASSIC.len());
    assert!(out.contains("givens = \"\"\"\n8.. ... ..1\n"), "{out}");
    let loaded = loads(&out);
    assert_eq!(loaded.puzzle.givens()[0], Some(7));
    assert_eq!(loaded.puzzle.givens()[4], None);
    // A Samurai's canvas picture: r7c7 is shared by two grids and written once.
    let out = edit(
        &app,
        SAMURAI,
        json!({"op": "set_givens", "cells": [["r7c7", "6"]]}),
    )
    .await;
    let l = loads(&out);
    let c = l.geometry.cell_at(shapedoku::Pos::new(7, 7)).unwrap();
    assert_eq!(l.puzzle.givens()[c], Some(5));
    // Per-grid strings: a shared cell is written in each grid that has it.
    let text = "symbols = \"1234\"\ngivens = [\n  \"1... .... .... ....\",\n  \".... .... .... ...2\",\n]\n\n[[grid]]\nsize = 4\nbox = [2, 2]\n\n[[grid]]\nat = [3, 3]\nsize = 4\nbox = [2, 2]\n";
    let out = edit(
        &app,
        text,
        json!({"op": "set_givens", "cells": [["r3c3", "4"]]}),
    )
    .await;
    assert!(
        out.contains("\"1... .... ..4. ....\",\n  \"4... .... .... ...2\""),
        "{out}"
    );
    loads(&out);
    // No givens yet: a canvas picture after the top-level keys.
    let text = "# mine\nvariant = \"4x4\"\n\n[[rule]]\ntype = \"anti-king\"\n";
    let out = edit(
        &app,
        text,
        json!({"op": "set_givens", "cells": [["r2c3", "3"]]}),
    )
    .await;
    assert!(out.starts_with("# mine\nvariant = \"4x4\"\ngivens = \"\"\"\n.. ..\n.. 3.\n\n.. ..\n.. ..\n\"\"\"\n\n[[rule]]"), "{out}");
    assert_eq!(loads(&out).puzzle.given_count(), 1);
    // A symbol that is not one.
    let (s, _) = post(
        &app,
        "/api/edit",
        json!({"toml": CLASSIC, "edit": {"op": "set_givens", "cells": [["r1c1", "x"]]}}),
    )
    .await;
    assert_eq!(s, StatusCode::BAD_REQUEST);
}

#[tokio::test]
async fn painted_regions_edit_the_map_or_make_pieces() {
    let app = router(Config::default());
    let paint =
        |cells: &[&str], r: &str| json!({"op": "paint_region", "cells": cells, "region": r});
    // The file's own grid: a regions map is made in place of the boxes.
    let text = "# a variant\nname = \"mine\"\nsymbols = \"1234\"\n\n[[grid]]\nsize = 4\nbox = [2, 2]  # boxes\n";
    let (s, v) = post(
        &app,
        "/api/edit",
        json!({"toml": text, "edit": paint(&["r1c1", "r1c2", "r2c1", "r2c2"], "A")}),
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{v}");
    let out = v["toml"].as_str().unwrap();
    assert!(v["note"].as_str().unwrap().contains("boxes"));
    assert!(
        out.contains("regions = \"\"\"\nAA..\nAA..\n....\n....\n\"\"\""),
        "{out}"
    );
    // Then painted in place, character by character.
    let out = edit(&app, out, paint(&["r1c3", "r1c4", "r2c3", "r2c4"], "B")).await;
    let out = edit(&app, &out, paint(&["r3c1", "r3c2", "r4c1", "r4c2"], "C")).await;
    let out = edit(&app, &out, paint(&["r3c3", "r3c4", "r4c3", "r4c4"], "D")).await;
    assert!(out.contains("AABB\nAABB\nCCDD\nCCDD\n"), "{out}");
    assert!(out.starts_with("# a variant\n"));
    let l = loads(&out);
    assert_eq!(
        l.geometry
            .shapes()
            .iter()
            .filter(|s| s.kind == shapedoku::ShapeKind::Region)
            .count(),
        4
    );
    // On a built-in's grid: `[[shape]]` pieces; repainting moves a cell between pieces.
    let out = edit(&app, CLASSIC, paint(&["r1c1", "r1c2"], "A")).await;
    let out = edit(&app, &out, paint(&["r1c2"], "B")).await;
    assert!(
        out.contains("name = \"piece A\"\nkind = \"region\"\ncells = \"r1c1\""),
        "{out}"
    );
    assert!(
        out.contains("name = \"piece B\"\nkind = \"region\"\ncells = \"r1c2\""),
        "{out}"
    );
    loads(&out);
    let out = edit(&app, &out, paint(&["r1c1", "r1c2"], ".")).await;
    assert_eq!(out, CLASSIC);
}

#[tokio::test]
async fn a_file_that_is_not_toml_is_not_drawn_on() {
    let app = router(Config::default());
    let (s, v) = post(
        &app,
        "/api/edit",
        json!({"toml": "variant = \"classic\"\n[[rule]\n", "edit": {"op": "add", "array": "rule", "table": {"type": "thermo", "cells": "r1c1 r1c2"}}}),
    )
    .await;
    assert_eq!(s, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(
        v["error"].as_str().unwrap().contains("not valid TOML"),
        "{v}"
    );
    let (s, _) = post(
        &app,
        "/api/edit",
        json!({"toml": CLASSIC, "edit": {"op": "add", "array": "grid", "table": {"size": 4}}}),
    )
    .await;
    assert_eq!(s, StatusCode::BAD_REQUEST);
}

#[tokio::test]
async fn the_layout_gives_cells_grids_and_shapes() {
    let app = router(Config::default());
    let (s, v) = post(&app, "/api/layout", json!({"toml": KILLER})).await;
    assert_eq!(s, StatusCode::OK, "{v}");
    assert_eq!(v["cells"].as_array().unwrap().len(), 81);
    assert_eq!(v["cells"][10], json!({"name": "r2c2", "row": 2, "col": 2}));
    assert_eq!(v["flat"], true);
    assert_eq!(
        v["grids"],
        json!([{"at": [1, 1], "size": 9, "height": 9, "width": 9}])
    );
    let shapes = v["shapes"].as_array().unwrap();
    assert!(shapes.iter().filter(|s| s["no_repeat"] == true).count() >= 27);
    assert!(shapes.iter().any(|s| s["sum"].is_i64()));
    let (_, v) = post(
        &app,
        "/api/layout",
        json!({"toml": include_str!("../../../../variants/puzzles/tredoku.toml")}),
    )
    .await;
    assert_eq!(v["flat"], false);
}

#[tokio::test]
async fn true_candidates_show_the_open_cells_and_a_given_that_cuts() {
    let app = router(Config::default());
    // Two solutions: the 1s and 2s of columns 3 and 4 can be swapped.
    let text = "variant = \"4x4\"\ngivens = \"1234 34.. 21.. 43..\"\n";
    let (s, v) = post(&app, "/api/candidates", json!({"toml": text})).await;
    assert_eq!(s, StatusCode::OK, "{v}");
    assert_eq!(v["complete"], true);
    assert_eq!(v["possible"][6], "12");
    assert_eq!(v["possible"][0], "1");
    assert_eq!(v["open"], json!([6, 7, 14, 15]));
    assert_eq!(v["solutions_found"], 2);
    let sug = &v["suggestion"];
    assert_eq!(sug["keeps"], 1);
    assert_eq!(sug["of"], 2);
    // Giving it leaves one solution.
    let given = edit(
        &app,
        text,
        json!({"op": "set_givens", "cells": [[sug["name"].as_str().unwrap(), sug["symbol"].as_str().unwrap()]]}),
    )
    .await;
    let (_, c) = post(&app, "/api/count", json!({"toml": given})).await;
    assert_eq!(c["status"], "unique", "{given}");
    let (_, v) = post(&app, "/api/candidates", json!({"toml": given})).await;
    assert_eq!(v["open"], json!([]));
    assert_eq!(v["suggestion"], Value::Null);
    // A unique puzzle's candidates are its solution.
    let (_, v) = post(&app, "/api/candidates", json!({"toml": CLASSIC})).await;
    let sol = v["possible"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s.as_str().unwrap())
        .collect::<String>();
    let loaded = loads(CLASSIC);
    let want: String = loaded
        .solution
        .unwrap()
        .iter()
        .map(|&x| loaded.geometry.symbols().char(x))
        .collect();
    assert_eq!(sol, want);
}

#[tokio::test]
async fn a_real_f_puzzles_link_imports_with_its_published_givens() {
    let app = router(Config::default());
    let (s, v) = post(&app, "/api/import", json!({"link": X_SUDOKU_LINK})).await;
    assert_eq!(s, StatusCode::OK, "{v}");
    assert_eq!(v["format"], "f-puzzles");
    let loaded = loads(v["toml"].as_str().unwrap());
    let line: String = loaded
        .puzzle
        .givens()
        .iter()
        .map(|g| g.map_or('-', |x| loaded.geometry.symbols().char(x)))
        .collect();
    assert_eq!(line, X_SUDOKU_GIVENS.replace(' ', ""));
    // Both diagonals came along as houses.
    assert!(
        loaded
            .geometry
            .shapes()
            .iter()
            .any(|s| s.kind == shapedoku::ShapeKind::Diagonal)
    );
    let (s, v) = post(
        &app,
        "/api/import",
        json!({"link": "https://sudokupad.app/abc123"}),
    )
    .await;
    assert_eq!(s, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(
        v["error"].as_str().unwrap().starts_with("cannot import"),
        "{v}"
    );
    let (_, info) = post(&app, "/api/count", json!({"toml": "variant = \"4x4\""})).await;
    assert!(info.is_object());
}

#[tokio::test]
async fn every_page_module_is_served_and_imports_only_served_modules() {
    let app = router(Config::default());
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/js");
    let mut seen = 0;
    for entry in std::fs::read_dir(&dir).unwrap() {
        let name = entry.unwrap().file_name().into_string().unwrap();
        let req = Request::builder()
            .uri(format!("/js/{name}"))
            .header(header::HOST, "127.0.0.1:4000")
            .body(Body::empty())
            .unwrap();
        let res = app.clone().oneshot(req).await.unwrap();
        assert_eq!(res.status(), StatusCode::OK, "/js/{name} is not served");
        assert!(
            res.headers()[header::CONTENT_TYPE]
                .to_str()
                .unwrap()
                .starts_with("text/javascript")
        );
        let body = res.into_body().collect().await.unwrap().to_bytes();
        let text = String::from_utf8(body.to_vec()).unwrap();
        // Each relative import names a module that is served too (or the vendored editor).
        for line in text.lines().filter(|l| l.contains(" from '")) {
            let target = line
                .split(" from '")
                .nth(1)
                .unwrap()
                .split('\'')
                .next()
                .unwrap();
            let file = target.trim_start_matches("./").trim_start_matches("../");
            let path = if target.starts_with("../") {
                dir.parent().unwrap().join(file)
            } else {
                dir.join(file)
            };
            assert!(path.exists(), "{name} imports {target}, which is not there");
        }
        seen += 1;
    }
    assert!(seen >= 7);
}
