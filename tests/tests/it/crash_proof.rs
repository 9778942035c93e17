//! The third round of hostile inputs (copies of the small ones under `tests/data/repro/`, the
//! large ones written here): a regular expression of stacked quantifiers that overflowed the
//! stack, SudokuPad payloads that took gigabytes before they were refused, estimates that
//! printed `inf` or 0 beside a solution, `render --candidates` exiting 0 when a limit stopped
//! it, invisible symbols and `-o -`. Each ends with an exit code of 0 to 3 and a message, at
//! once.

use crate::common;
use common::{quick, repro, temp_file};

use serde_json::Value;
use std::path::{Path, PathBuf};

/// A `sequence` rule whose regex is `1` and then `n` question marks (repro/t3's generator).
fn quantifier_file(n: usize) -> PathBuf {
    let text = format!(
        "variant = \"classic\"\n[[rule]]\ntype = \"sequence\"\ncells = \"r1c1 r1c2\"\nregex = \"1{}\"\n",
        "?".repeat(n)
    );
    temp_file(
        "crash_proof",
        &format!("regex-quantifiers-{n}.toml"),
        text.as_bytes(),
    )
}

#[test]
fn stacked_quantifiers_are_an_error_at_their_place_or_collapse() {
    // 200,000 overflowed the stack (exit 134): now the expression is too long, said at the
    // line and column where the limit is passed.
    let f = quantifier_file(200_000);
    let name = f.display().to_string();
    for cmd in ["check", "solve"] {
        let (code, _, err) = quick(&[cmd, &name], "");
        assert_eq!(code, 2, "{cmd}: {err}");
        assert!(
            err.contains(&format!("{name}:5:{}", 10 + 65_536)),
            "{cmd}: {}",
            &err[..err.len().min(600)]
        );
        assert!(
            err.contains("longer than the limit of 65536 characters"),
            "{cmd}"
        );
    }
    // 45,000 killed the studio's worker thread: they collapse into one `?`, and `1?` matches
    // no line of two cells, which is the answer.
    let f = quantifier_file(45_000);
    let (code, out, err) = quick(&["check", f.to_str().unwrap()], "");
    assert_eq!(code, 2, "{out}{err}");
    assert!(err.contains("the puzzle has no solution"), "{err}");
    // With a second symbol the line can match: `1?...?2` is `1?2`.
    let text = format!(
        "variant = \"classic\"\n[[rule]]\ntype = \"sequence\"\ncells = \"r1c1 r1c2\"\nregex = \"1{}2\"\n",
        "?*+".repeat(15_000)
    );
    let f = temp_file("crash_proof", "regex-collapsed.toml", text.as_bytes());
    let (code, out, err) = quick(&["check", f.to_str().unwrap()], "");
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("several solutions"), "{out}");
}

#[test]
fn a_zipped_comma_bomb_is_refused_at_once() {
    // `{ce:[,,,...]}` (repro/t3's generator) at 10 MiB took 336 MB, at 60 MiB 2 GB.
    let mut text = b"{ce:[".to_vec();
    text.resize(text.len() + (10 << 20), b',');
    text.extend_from_slice(b"]}");
    let f = temp_file("crash_proof", "zipped-comma-bomb-10MiB.txt", &text);
    for cmd in [&["import"][..], &["solve"]] {
        let mut args = cmd.to_vec();
        args.push(f.to_str().unwrap());
        let (code, _, err) = quick(&args, "");
        assert_eq!(code, 2, "{cmd:?}: {err}");
        assert!(err.contains("more than 1048576 items"), "{cmd:?}: {err}");
    }
}

/// The links of fuzz/regressions/import_lz/: a few kilobytes that decompress to millions of
/// characters (a 7.6 KB link took 285 MB), refused while they are decoded.
#[test]
fn small_links_that_decompress_to_bombs_are_refused() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../fuzz/regressions/import_lz");
    for (file, prefix, want) in [
        ("scl-8-million-commas", "scl", "more than 1048576 items"),
        (
            "fpuzzles-load-2-million-empty-arrays",
            "https://www.f-puzzles.com/?load=",
            "more than 1048576 items",
        ),
        (
            "scl-past-the-text-cap",
            "scl",
            "decompresses to more than 8388608 characters",
        ),
    ] {
        let bytes = std::fs::read(dir.join(file)).unwrap();
        // The fuzz input's first byte picks the link's form; the rest is the payload.
        let link = format!("{prefix}{}", std::str::from_utf8(&bytes[1..]).unwrap());
        assert!(link.len() < 16 << 10);
        let (code, _, err) = quick(&["import", &link], "");
        assert_eq!(code, 2, "{file}: {err}");
        assert!(err.contains(want), "{file}: {err}");
    }
}

#[test]
fn deep_toml_nesting_is_a_syntax_error() {
    // The TOML reader's own bound (80 levels; its `unbounded` feature must stay off).
    for (name, text) in [
        (
            "arrays",
            format!("a = {}{}\n", "[".repeat(100_000), "]".repeat(100_000)),
        ),
        (
            "tables",
            format!("a = {}1{}\n", "{x=".repeat(100_000), "}".repeat(100_000)),
        ),
        ("dotted", format!("a{} = 1\n", ".b".repeat(100_000))),
        ("headers", format!("[a{}]\n", ".b".repeat(100_000))),
    ] {
        let f = temp_file("crash_proof", &format!("deep-{name}.toml"), text.as_bytes());
        let (code, _, err) = quick(&["check", f.to_str().unwrap()], "");
        assert_eq!(code, 2, "{name}: {}", &err[..err.len().min(300)]);
        assert!(
            err.contains("recurs"),
            "{name}: {}",
            &err[..err.len().min(300)]
        );
    }
}

#[test]
fn an_estimate_never_contradicts_what_the_search_found() {
    // A blank 64x64: the probes reach no solution before the limit, beside the 2 solutions
    // found. It printed `~0.000e0±0.0e0`.
    let (code, out, err) = quick(
        &[
            "solve",
            "--variant",
            &repro("v64.toml"),
            "--count",
            "2",
            "--estimate",
            "--seed",
            "1",
            "--timeout",
            "2",
            &repro("blank64-line.txt"),
        ],
        "",
    );
    // Under a heavy load the count itself may not finish in time: then there is nothing to
    // estimate. Either way, nothing printed contradicts the count.
    assert!(code == 0 || code == 3, "{err}");
    assert!(
        out.starts_with("2+ ") || out.starts_with("undecided"),
        "{out}"
    );
    assert!(!out.contains("~0") && !out.contains("inf"), "{out}");
    let (_, out, err) = quick(
        &[
            "solve",
            "--variant",
            &repro("v64.toml"),
            "--count",
            "2",
            "--estimate",
            "--seed",
            "1",
            "--timeout",
            "2",
            "--format",
            "json",
            &repro("blank64-line.txt"),
        ],
        "",
    );
    let v: Value = serde_json::from_str(out.trim()).unwrap_or_else(|e| panic!("{e}: {out}{err}"));
    let e = &v["estimate"];
    if v["status"] == "undecided" {
        assert!(e.is_null(), "{v}");
    } else {
        assert_eq!(e["at_least"], 2, "{e}");
    }
    if e["status"] != "estimated" {
        assert_eq!(
            (&e["solutions"], &e["std_error"]),
            (&Value::Null, &Value::Null),
            "{e}"
        );
    }
    // A blank 25x25's weights (about 1e306) overflowed f64 once summed: `~inf±0.0e0`, or
    // 4.29e305 with an error of 0. One probe gives an estimate and no standard error.
    let (code, out, err) = quick(
        &[
            "solve",
            "--variant",
            "25x25",
            "--count",
            "2",
            "--estimate",
            "--probes",
            "1",
            "--seed",
            "1",
            &repro("blank25-line.txt"),
        ],
        "",
    );
    assert_eq!(code, 0, "{err}");
    let count = out.split(' ').next().unwrap();
    assert!(count.starts_with('~') && count.ends_with("±?"), "{out}");
    let number = count
        .strip_prefix('~')
        .and_then(|c| c.strip_suffix("±?"))
        .unwrap();
    let mantissa_exp: Vec<&str> = number.split('e').collect();
    // Past 1e154, where the square (for the standard error) overflowed an f64.
    assert!(mantissa_exp[1].parse::<i64>().unwrap() > 154, "{out}");
    let (_, out, _) = quick(
        &[
            "solve",
            "--variant",
            "25x25",
            "--count",
            "2",
            "--estimate",
            "--probes",
            "2",
            "--seed",
            "1",
            "--format",
            "json",
            &repro("blank25-line.txt"),
        ],
        "",
    );
    let v: Value = serde_json::from_str(out.trim()).unwrap();
    let e = &v["estimate"];
    assert_eq!(e["status"], "estimated", "{e}");
    assert!(e["log10_solutions"].as_f64().unwrap() > 154.0, "{e}");
    assert!(e["solutions"].as_str().unwrap().contains('e'), "{e}");
    assert!(e["log10_std_error"].as_f64().is_some(), "{e}");
}

#[test]
fn render_candidates_exits_3_when_a_limit_stopped_them() {
    // A blank 64x64: the time limit stops the candidate search (it exited 0, `candidates` 3).
    let args = [
        "--candidates",
        "--timeout",
        "1",
        "--variant",
        &repro("v64.toml"),
    ];
    let blank = repro("blank64-line.txt");
    let (code, out, err) = quick(&[&["render"][..], &args, &[&blank]].concat(), "");
    let (want, _, _) = quick(&[&["candidates"][..], &args[1..], &[&blank]].concat(), "");
    assert_eq!((code, want), (3, 3), "{err}");
    assert!(err.contains("undecided"), "{err}");
    assert!(out.starts_with("<svg"), "the drawing is still written");
    // A blank classic grid is decided at once: every value is a candidate everywhere.
    let (code, _, err) = quick(&["render", "--candidates", "--variant", "classic"], "");
    assert_eq!(code, 0, "{err}");
}

#[test]
fn invisible_symbols_are_refused_by_code_point() {
    for (c, what) in [
        ('\u{202E}', "format"),
        ('\u{200B}', "format"),
        ('\u{0007}', "control"),
        ('\u{0301}', "combining"),
        ('\u{3164}', "blank"),
        ('\u{E000}', "private-use"),
    ] {
        let text = format!("symbols = \"1234{c}\"\n[[grid]]\nsize = 5\n");
        let f = temp_file("crash_proof", "invisible.toml", text.as_bytes());
        let (code, _, err) = quick(&["check", f.to_str().unwrap()], "");
        assert_eq!(code, 2, "{c:?}: {err}");
        let hex = format!("U+{:04X}", c as u32);
        assert!(err.contains(&hex) && err.contains(what), "{c:?}: {err}");
        assert!(err.contains("invisible.toml:1:"), "{err}");
    }
    // Visible characters from any script remain symbols.
    let f = temp_file(
        "crash_proof",
        "visible.toml",
        "symbols = \"αβγδ🙂\"\n[[grid]]\nsize = 5\n".as_bytes(),
    );
    assert_eq!(quick(&["check", f.to_str().unwrap()], "").0, 0);
}

#[test]
fn dash_o_dash_is_standard_output() {
    let cwd_dash = Path::new("-");
    let had_dash = cwd_dash.exists();
    let json = r#"{"size": 4, "grid": [[{"value": 1, "given": true}, {}, {}, {}], [{}, {}, {}, {}], [{}, {}, {}, {}], [{}, {}, {}, {}]]}"#;
    let (code, out, err) = quick(&["import", "-o", "-", "-"], json);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("[[grid]]") || out.contains("variant"), "{out}");
    let (code, out, err) = quick(&["render", "-v", "4x4", "-o", "-"], "");
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("<svg"), "{out}");
    let (code, out, err) = quick(&["generate", "-v", "4x4", "--seed", "1", "-o", "-"], "");
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        out.lines().filter(|l| !l.starts_with('#')).count(),
        1,
        "{out}"
    );
    let (code, out, _) = quick(&["variants", "new", "mine", "-o", "-"], "");
    assert_eq!(code, 0);
    assert!(out.contains("name = \"mine\""), "{out}");
    assert_eq!(cwd_dash.exists(), had_dash, "a file named `-` was written");
}
