//! Bounded input: the reproducers of inputs that used to run without bound or were named
//! wrong, each with its own copy under `tests/data/repro/`, and the command-line side of the
//! caps (`--max-input`, endless files and pipes, long lines, several files, a terminal on stdin).

use shapedoku_cli::{Io, run, run_in_memory};
use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

fn repro(name: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("data/repro")
        .join(name)
        .display()
        .to_string()
}

fn example(name: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../variants/puzzles")
        .join(format!("{name}.toml"))
        .display()
        .to_string()
}

fn temp_file(name: &str, text: &[u8]) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("bounds");
    std::fs::create_dir_all(&dir).unwrap();
    let p = dir.join(name);
    std::fs::write(&p, text).unwrap();
    p
}

/// Runs a command and checks it ended quickly: these inputs used to run for minutes or
/// exhaust memory.
fn quick(args: &[&str], stdin: &str) -> (i32, String, String) {
    let t = Instant::now();
    let out = run_in_memory(args, stdin);
    assert!(
        t.elapsed() < Duration::from_secs(10),
        "{args:?} took {:?}",
        t.elapsed()
    );
    out
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
    let f = temp_file("batch.txt", batch.as_bytes());
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
    let f = temp_file("long-line.txt", &text);
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
    let bad = temp_file("bad.toml", b"variant = \"classic\"\nsize = 9\n");
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
    let one = temp_file("one.txt", b"# a\n123\n");
    let two = temp_file("two.txt", b"1234\n");
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
