//! Bounded input: the reproducers of inputs that used to run without bound or were named
//! wrong, each with its own copy under `tests/data/repro/`, and the command-line side of the
//! caps (`--max-input`, endless files and pipes, long lines, several files, a terminal on stdin).

use crate::common;
use common::{quick, repro, temp_file};

use shapedoku_cli::{Io, run, run_in_memory};
use std::ffi::OsString;
use std::path::Path;
use std::time::{Duration, Instant};

fn example(name: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../variants/puzzles")
        .join(format!("{name}.toml"))
        .display()
        .to_string()
}

#[test]
fn a_variant_path_to_dev_zero_is_an_error_not_a_read_without_end() {
    if !Path::new("/dev/zero").exists() {
        eprintln!("skipped: no /dev/zero here");
        return;
    }
    let (code, _, err) = quick(&["check", &repro("variant-dev-zero.toml")], "");
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("variant `/dev/zero` cannot be read (/dev/zero: the input is larger than 64 MiB, the most that is read)"),
        "{err}"
    );
    let (code, _, err) = quick(&["solve", "/dev/zero"], "");
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("cannot read /dev/zero: the input is larger than 64 MiB"),
        "{err}"
    );
    assert!(err.contains("--max-input"), "{err}");
}

#[test]
fn huge_grids_are_refused_before_anything_is_allocated() {
    for (file, cells) in [
        ("grid256-no-rows-cols.toml", 65_536),
        ("grid1024-no-rows-cols.toml", 1_048_576),
    ] {
        for cmd in [
            &["check"][..],
            &["solve", "--count", "2"],
            &["rate"],
            &["render"],
        ] {
            let mut args = cmd.to_vec();
            let path = repro(file);
            args.push(&path);
            let (code, _, err) = quick(&args, "");
            assert_eq!(code, 2, "{args:?}: {err}");
            let want = format!(
                "{file}:4:8: grid 1 takes the geometry past a limit: the geometry has {cells} cells, more than the limit of 16384"
            );
            assert!(err.contains(&want), "{args:?}: {err}");
            assert_eq!(err.matches("×").count(), 1, "one problem only: {err}");
        }
    }
}

#[test]
fn a_cage_without_cells_is_not_named_like_a_sum() {
    let (code, _, err) = quick(&["check", &repro("cage-error-named-wrong.toml")], "");
    assert_eq!(code, 2);
    assert!(
        err.contains("cage-error-named-wrong.toml:5:1: cage #2 has no `cells`"),
        "{err}"
    );
    assert!(!err.contains("cage 2"), "{err}");
}

#[test]
fn max_input_sets_the_cap_for_files_variants_and_stdin() {
    let batch =
        "....9...1...8.7..431...6.7..6.......7.42......8.....296.29..15......29.....5.8...\n";
    let f = temp_file("bounds", "batch.txt", batch.as_bytes());
    let f = f.to_str().unwrap();
    assert_eq!(quick(&["solve", f], "").0, 0);
    let (code, _, err) = quick(&["solve", "--max-input", "50", f], "");
    assert_eq!(code, 2);
    assert!(err.contains("the input is larger than 50 bytes"), "{err}");
    let (code, _, err) = quick(&["solve", "--max-input", "50"], batch);
    assert_eq!(code, 2);
    assert!(
        err.contains("cannot read standard input: the input is larger than 50 bytes"),
        "{err}"
    );
    let (code, _, err) = quick(&["check", "--max-input", "1K", &example("samurai")], "");
    assert_eq!(code, 2);
    assert!(err.contains("larger than 1 KiB"), "{err}");
    assert_eq!(
        quick(&["check", "--max-input", "0", &example("samurai")], "").0,
        0
    );
    let (code, _, err) = quick(&["solve", "--max-input", "lots", f], "");
    assert_eq!(code, 2);
    assert!(err.contains("`lots` is not a size"), "{err}");
}

#[test]
fn a_line_without_end_is_one_bad_line_and_the_others_are_answered() {
    let good = "....9...1...8.7..431...6.7..6.......7.42......8.....296.29..15......29.....5.8...";
    let mut text = format!("{good}\n").into_bytes();
    text.extend(std::iter::repeat_n(b'.', 3 << 20));
    text.extend(format!("\n{good}\n").as_bytes());
    let f = temp_file("bounds", "long-line.txt", &text);
    let (code, out, err) = quick(&["solve", f.to_str().unwrap()], "");
    assert_eq!(code, 2, "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 3, "{out}");
    assert_eq!(lines[1], "error");
    assert_eq!(lines[0], lines[2]);
    assert!(
        err.contains("line 2: the line is longer than 1 MiB, the most a puzzle line may have"),
        "{err}"
    );
}

#[cfg(unix)]
#[test]
fn an_endless_pipe_is_an_error_within_the_cap() {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("bounds");
    std::fs::create_dir_all(&dir).unwrap();
    let fifo = dir.join(format!("endless-{}", std::process::id()));
    let _ = std::fs::remove_file(&fifo);
    let made = std::process::Command::new("mkfifo").arg(&fifo).status();
    if !made.is_ok_and(|s| s.success()) {
        eprintln!("skipped: mkfifo is not available");
        return;
    }
    let writer_path = fifo.clone();
    let writer = std::thread::spawn(move || {
        use std::io::Write;
        let mut w = std::fs::OpenOptions::new()
            .write(true)
            .open(writer_path)
            .unwrap();
        let chunk = [b'1'; 1 << 16];
        // Writes until the reader goes away: the command must stop reading, not the writer.
        while w.write_all(&chunk).is_ok() {}
    });
    let (code, _, err) = quick(&["solve", "--max-input", "8M", fifo.to_str().unwrap()], "");
    writer.join().unwrap();
    std::fs::remove_file(&fifo).unwrap();
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("the input is larger than 8 MiB"), "{err}");
}

#[test]
fn solve_rate_and_hint_take_several_files() {
    let bad = temp_file("bounds", "bad.toml", b"variant = \"classic\"\nsize = 9\n");
    let bad = bad.to_str().unwrap();
    let (classic, killer) = (example("classic"), example("killer"));
    for cmd in ["solve", "rate", "hint"] {
        let (code, out, err) = quick(&[cmd, &classic, bad, &killer], "");
        assert_eq!(code, 2, "{cmd}: {err}");
        let headers: Vec<&str> = out.lines().filter(|l| l.ends_with(".toml:")).collect();
        assert_eq!(headers.len(), 3, "{cmd}: {out}");
        assert!(
            err.contains("bad.toml:2:1: unknown key `size`"),
            "{cmd}: {err}"
        );
        // Each file's answer is the one it gets alone.
        let alone = quick(&[cmd, &killer], "").1;
        assert!(out.ends_with(&alone), "{cmd}: {out}\n---\n{alone}");
        let (code, out, _) = quick(&[cmd, "--format", "json", &classic, &killer], "");
        assert_eq!(code, 0, "{cmd}");
        assert_eq!(out.lines().count(), 2, "{cmd}: {out}");
    }
    let one = temp_file("bounds", "one.txt", b"# a\n123\n");
    let two = temp_file("bounds", "two.txt", b"1234\n");
    let (code, _, err) = quick(
        &[
            "solve",
            "--variant",
            "4x4",
            one.to_str().unwrap(),
            two.to_str().unwrap(),
        ],
        "",
    );
    assert_eq!(code, 2);
    assert!(
        err.contains("one.txt line 2: givens have 3 symbols"),
        "{err}"
    );
}

#[test]
fn reading_a_terminal_says_so() {
    let mut stdin = std::io::Cursor::new(b"1234341221434321\n".to_vec());
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let mut io = Io {
        stdin: &mut stdin,
        stdout: &mut out,
        stderr: &mut err,
        progress: false,
        stdin_is_terminal: true,
        limits: shapedoku::Limits::DEFAULT,
        search: shapedoku_cli::SearchLimits::DEFAULT,
    };
    let args: Vec<OsString> = ["shapedoku", "solve", "--variant", "4x4"]
        .iter()
        .map(OsString::from)
        .collect();
    assert_eq!(run(args, &mut io), 0);
    let err = String::from_utf8(err).unwrap();
    assert!(
        err.starts_with(
            "reading a puzzle file or puzzle lines from standard input; end with Ctrl-D"
        ),
        "{err}"
    );
    // Not a terminal (a pipe, a file): nothing is said.
    let (_, _, err) = run_in_memory(&["solve", "--variant", "4x4"], "1234341221434321\n");
    assert_eq!(err, "");
}

#[test]
fn generated_text_shows_the_cages_of_a_killer_variant() {
    let (code, out, _) = quick(&["generate", "--variant", "killer", "--seed", "1"], "");
    assert_eq!(code, 0);
    let lines: Vec<&str> = out.lines().collect();
    assert!(
        lines[0].ends_with("0 givens, 30 cages (the variant's)"),
        "{out}"
    );
    assert_eq!(
        lines.iter().filter(|l| l.starts_with("# cage ")).count(),
        30,
        "{out}"
    );
    // The line still reads back with its variant, cages included.
    let (code, solved, _) = quick(&["solve", "--variant", "killer", "--unique"], &out);
    assert_eq!(code, 0, "{solved}");
}

/// An answer stopped by a limit: exit 3, and a sentence naming the limit and its option.
fn assert_undecided(code: i32, err: &str) {
    assert_eq!(code, 3, "{err}");
    assert!(
        err.contains("undecided: ") && err.contains("; raise it with --"),
        "{err}"
    );
}

#[test]
fn searches_that_ran_for_minutes_end_at_the_time_limit_or_answer() {
    // Each used to run for 30 s to several minutes; under a one-second limit each either
    // proves its answer or says which limit stopped it, and ends in seconds either way.
    for file in [
        "solve-unbounded-samurai-plus-toroidal.toml",
        "solve-unbounded-3grids-cages.toml",
        "solve-33s-emoji-2grids.toml",
    ] {
        let (code, out, err) = quick(&["solve", "--timeout", "1", &repro(file)], "");
        match code {
            0 => assert!(out.contains("solution"), "{file}: {out}"),
            1 => assert!(out.contains("no solution"), "{file}: {out}"),
            _ => assert_undecided(code, &format!("{out}{err}")),
        }
    }
    // The clause back end now decides it in under a second: a limit far shorter still stops
    // the search first, and says so.
    let (code, out, err) = quick(
        &[
            "solve",
            "--timeout",
            "0.01",
            &repro("solve-unbounded-samurai-plus-toroidal.toml"),
        ],
        "",
    );
    assert_undecided(code, &format!("{out}{err}"));
}

#[test]
fn generate_stops_each_puzzle_at_the_time_limit_and_keeps_the_others() {
    // A minimal 25x25 takes seconds; ten of them under a 50 ms limit each end at once, and
    // each is reported with the seed that reproduces it.
    let (code, out, err) = quick(
        &[
            "generate",
            "--variant",
            "25x25",
            "--count",
            "10",
            "--timeout",
            "0.05",
            "--seed",
            "1",
            "-j",
            "2",
        ],
        "",
    );
    assert_eq!(code, 3, "{err}");
    assert!(out.is_empty(), "{out}");
    assert_eq!(
        err.matches("undecided: time limit reached; raise it with --timeout")
            .count(),
        10,
        "{err}"
    );
    assert!(err.contains("error: puzzle 1 (seed 1): undecided"), "{err}");
    // A limit the small puzzles meet keeps them all, identical to an unlimited run.
    let args = |t: &'static str| {
        [
            "generate",
            "--variant",
            "4x4",
            "--count",
            "5",
            "--seed",
            "3",
            "--timeout",
            t,
        ]
    };
    let (code, timed, err) = quick(&args("30"), "");
    assert_eq!(code, 0, "{err}");
    let (_, free, _) = quick(&args("0"), "");
    assert_eq!(timed, free);
    assert_eq!(timed.lines().filter(|l| !l.starts_with('#')).count(), 5);
}

#[test]
fn the_guess_limit_is_named_with_the_option_that_raises_it() {
    let (code, out, err) = quick(
        &[
            "solve",
            "--limit",
            "5",
            "--format",
            "json",
            &repro("solve-unbounded-samurai-plus-toroidal.toml"),
        ],
        "",
    );
    assert_eq!(code, 3, "{err}");
    assert!(
        err.contains("undecided: limit of 5 guesses reached; raise it with --limit"),
        "{err}"
    );
    let v: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(v["status"], "undecided");
    assert_eq!(v["stopped"]["limit"], "guesses");
}

#[test]
fn rate_hint_and_explain_refuse_a_puzzle_with_several_solutions() {
    for args in [vec!["rate"], vec!["hint"], vec!["solve", "--explain"]] {
        let mut all = args.clone();
        let path = repro("rate-nonunique-classic.txt");
        all.push(&path);
        let (code, out, err) = quick(&all, "");
        assert_eq!(code, 1, "{args:?}: {err}");
        assert!(err.contains("not unique"), "{args:?}: {err}");
        assert_eq!(out.trim(), "not unique", "{args:?}");
    }
    // Two givens on a jigsaw: the uniqueness search may run out of guesses before it finds a
    // second solution; then the answer is "undecided", never a rating.
    let (code, out, err) = quick(
        &[
            "rate",
            "--variant",
            "jigsaw",
            "--limit",
            "20000",
            &repro("rate-jigsaw-2givens-17s.txt"),
        ],
        "",
    );
    match code {
        1 => assert_eq!(out.trim(), "not unique"),
        _ => assert_undecided(code, &err),
    }
    // Blank large grids used to be rated (12 s and more): they are not unique.
    for file in [
        "rate-blank-25x25.toml",
        "rate-blank-25x25-nodesc.toml",
        "rate-over-60s-2grids-16sym.toml",
    ] {
        for cmd in [&["rate"][..], &["solve", "--explain"]] {
            let path = repro(file);
            let mut all = cmd.to_vec();
            all.push(&path);
            let (code, _, err) = quick(&all, "");
            assert_eq!(code, 1, "{all:?}: {err}");
            assert!(err.contains("not unique"), "{all:?}: {err}");
        }
    }
}

#[test]
fn rate_and_hint_say_no_solution_with_exit_1() {
    let (code, out, err) = quick(&["hint", &repro("hint-unsolvable-killer.toml")], "");
    assert_eq!(code, 1, "{err}");
    assert_eq!(out.trim(), "no solution");
    assert!(err.contains("no solution"), "{err}");
    for cmd in ["rate", "hint", "solve"] {
        let (code, out, err) = quick(&[cmd, &repro("no-solution-needs-search.txt")], "");
        assert_eq!(code, 1, "{cmd}: {err}");
        assert_eq!(out.trim(), "no solution", "{cmd}");
    }
    // With JSON the refusal is data.
    let (code, out, _) = quick(
        &[
            "rate",
            "--format",
            "json",
            &repro("no-solution-needs-search.txt"),
        ],
        "",
    );
    assert_eq!(code, 1);
    let v: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(v["status"], "unsolvable");
}

#[test]
fn a_bad_line_is_named_once_and_the_other_lines_are_answered() {
    for cmd in ["rate", "hint", "solve"] {
        let (code, out, err) = quick(&[cmd, &repro("batch-bad-line3.txt")], "");
        assert_eq!(code, 2, "{cmd}: {err}");
        assert!(err.contains("line 3: given `x`"), "{cmd}: {err}");
        assert!(!err.contains("line 3: line 3"), "{cmd}: {err}");
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(lines.len(), 6, "{cmd}: {out}");
        assert_eq!(lines[2], "error", "{cmd}: {out}");
    }
}

#[test]
fn large_custom_grids_answer_within_the_limits() {
    let (code, out, err) = quick(
        &[
            "solve",
            "--timeout",
            "2",
            "--count",
            "2",
            "--variant",
            &repro("v36.toml"),
            &repro("blank36.txt"),
        ],
        "",
    );
    match code {
        0 => assert!(out.starts_with("2+ "), "{out}"),
        _ => assert_undecided(code, &err),
    }
    // A 25x25 line for a 36x36 variant is an error naming the sizes.
    let (code, _, err) = quick(
        &[
            "solve",
            "--variant",
            &repro("v36.toml"),
            &repro("blank25.txt"),
        ],
        "",
    );
    assert_eq!(code, 2);
    assert!(
        err.contains("625 symbols but the puzzle has 1296 cells"),
        "{err}"
    );
}

#[test]
fn a_blank_grid_of_every_built_in_size_has_several_solutions_at_once() {
    for (variant, cells) in [("classic", 81), ("16x16", 256), ("25x25", 625)] {
        let t = Instant::now();
        let (code, out, err) = run_in_memory(
            &["solve", "--variant", variant, "--count", "2"],
            &".".repeat(cells),
        );
        assert_eq!(code, 0, "{variant}: {err}");
        assert!(out.starts_with("2+ "), "{variant}: {out}");
        assert!(
            t.elapsed() < Duration::from_secs(3),
            "{variant}: {:?}",
            t.elapsed()
        );
    }
}

#[test]
fn count_0_is_refused_by_the_argument_parser() {
    let (code, _, err) = run_in_memory(&["solve", "--count", "0"], "");
    assert_eq!(code, 2);
    assert!(err.contains("0 is not in 1..="), "{err}");
    let (code, out, _) = run_in_memory(&["solve", "--help"], "");
    assert_eq!(code, 0);
    assert!(!out.contains("1 means unique"), "{out}");
    assert!(out.contains("2 tells a unique"), "{out}");
}

#[test]
fn a_file_that_does_not_load_is_json_with_its_place_when_json_is_asked_for() {
    for cmd in ["solve", "rate", "hint"] {
        let (code, out, _) = run_in_memory(
            &[
                cmd,
                "--format",
                "json",
                &repro("cage-error-named-wrong.toml"),
            ],
            "",
        );
        assert_eq!(code, 2, "{cmd}");
        let v: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
        assert_eq!(v["status"], "error", "{cmd}");
        assert_eq!(v["line"], 5, "{cmd}: {v}");
        assert_eq!(v["column"], 1, "{cmd}: {v}");
        assert!(
            v["file"]
                .as_str()
                .unwrap()
                .ends_with("cage-error-named-wrong.toml")
        );
        assert!(v["error"].as_str().unwrap().contains("cage #2"), "{v}");
    }
}

#[test]
fn a_json_error_line_has_sorted_keys_and_the_same_place_fields_as_its_problems() {
    let file = repro("cage-error-named-wrong.toml");
    let (_, out, _) = run_in_memory(&["solve", "--format", "json", &file], "");
    let line = out.trim();
    let v: serde_json::Value = serde_json::from_str(line).unwrap();
    // A `Value` map keeps its keys sorted, so writing it again gives the sorted line.
    assert_eq!(serde_json::to_string(&v).unwrap(), line);
    let first = &v["problems"][0];
    for key in ["file", "line", "column", "help"] {
        let o = v.as_object().unwrap();
        assert!(o.contains_key(key), "{key} missing: {line}");
        assert_eq!(v[key], first[key], "{key}: {line}");
    }
    assert_eq!(v["error"], first["message"], "{line}");

    // An error that is not in a file's text has no place keys at all.
    let (code, out, _) = run_in_memory(&["solve", "--format", "json", "no/such/file.toml"], "");
    assert_eq!(code, 2);
    let v: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    let keys: Vec<&str> = v.as_object().unwrap().keys().map(String::as_str).collect();
    assert_eq!(keys, ["error", "input", "status"], "{out}");
    assert_eq!(serde_json::to_string(&v).unwrap(), out.trim());
}

#[test]
fn clashing_givens_are_the_same_error_in_a_line_and_in_a_file() {
    let line = format!("11{}", ".".repeat(79));
    let (code, _, err) = run_in_memory(&["solve"], &line);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("r1c1 and r1c2"), "{err}");
    let file = temp_file(
        "bounds",
        "clash.toml",
        format!("variant = \"classic\"\ngivens = \"{line}\"\n").as_bytes(),
    );
    let (code, _, err) = run_in_memory(&["solve", file.to_str().unwrap()], "");
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("r1c1 and r1c2"), "{err}");
}

#[test]
fn exit_codes_are_listed_in_help_and_each_is_reached() {
    let (_, out, _) = run_in_memory(&["--help"], "");
    for line in [
        "0  success",
        "1  negative answer",
        "2  error",
        "3  undecided",
    ] {
        assert!(out.contains(line), "{out}");
    }
    let blank = ".".repeat(81);
    assert_eq!(run_in_memory(&["solve"], &blank).0, 0);
    assert_eq!(run_in_memory(&["solve", "--unique"], &blank).0, 1);
    assert_eq!(run_in_memory(&["solve"], "x").0, 2);
    assert_eq!(run_in_memory(&["solve", "--limit", "1"], &blank).0, 3);
}

/// The grids whose tables once took a gigabyte (cells × cells, or a copy of every candidate per
/// open guess) are answered: memory now grows with the cells, and the clause back end declines
/// encodings past its cap instead of building them.
#[test]
fn the_largest_grids_answer_several_without_quadratic_tables() {
    let (code, out, err) = run_in_memory(
        &[
            "solve",
            "--timeout",
            "60",
            "--count",
            "2",
            "--variant",
            &repro("v64.toml"),
            "-",
        ],
        &".".repeat(64 * 64),
    );
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("2+ "), "{out}");
    for cmd in ["solve", "check"] {
        let (code, out, err) = run_in_memory(
            &[cmd, "--timeout", "60", &repro("grid128-no-rows-cols.toml")],
            "",
        );
        assert_eq!(code, 0, "{cmd}: {out}{err}");
    }
}
