//! The real `shapedoku` binary as a process: exit codes as the shell sees them, and a reader
//! that goes away early (`shapedoku solve big-batch | head -1`) not being treated as an error.
//! In-process tests of the same commands live in the workspace's `tests/` crate.

use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

fn bin() -> Command {
    Command::new(env!("CARGO_BIN_EXE_shapedoku"))
}

fn example(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("../../variants/puzzles/{name}.toml"))
}

fn run(args: &[&str], stdin: &str) -> (i32, String, String) {
    let mut child = bin()
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    // A command that fails on its arguments exits without reading stdin: a broken pipe here is
    // the child's right, not a test failure.
    if let Err(e) = child.stdin.take().unwrap().write_all(stdin.as_bytes()) {
        assert_eq!(
            e.kind(),
            std::io::ErrorKind::BrokenPipe,
            "writing stdin: {e}"
        );
    }
    let out = child.wait_with_output().unwrap();
    (
        out.status.code().expect("exited normally, not by a signal"),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

const CLASSIC: &str =
    "....9...1...8.7..431...6.7..6.......7.42......8.....296.29..15......29.....5.8...";

#[test]
fn exit_codes() {
    let file = example("samurai");
    let (code, out, _) = run(&["solve", file.to_str().unwrap()], "");
    assert_eq!(code, 0);
    assert!(out.ends_with("unique solution\n"));
    // 1: a negative answer.
    let (code, _, _) = run(&["solve", "--unique", "-v", "4x4"], "1...............\n");
    assert_eq!(code, 1);
    let impossible = format!("12345678.{}9{}\n", ".".repeat(8), ".".repeat(63));
    let (code, out, _) = run(&["solve"], &impossible);
    assert_eq!((code, out.as_str()), (1, "no solution\n"));
    // 2: bad input or usage.
    let (code, _, err) = run(&["solve", "no/such/file.toml"], "");
    assert_eq!(code, 2);
    assert!(err.contains("no/such/file.toml"), "{err}");
    let (code, _, _) = run(&["solve", "--format", "xml"], CLASSIC);
    assert_eq!(code, 2);
    let (code, _, _) = run(&["solve", "-v", "nonesuch"], CLASSIC);
    assert_eq!(code, 2);
    let (code, out, _) = run(&["--help"], "");
    assert_eq!(code, 0);
    assert!(out.contains("Exit codes"));
}

#[test]
fn broken_pipe_exits_0() {
    // Far more output than a pipe buffers, so the writer hits the closed pipe.
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"));
    let path = dir.join("big-batch.txt");
    std::fs::write(&path, format!("{CLASSIC}\n").repeat(4000)).unwrap();
    let mut child = bin()
        .args(["solve", "-j", "1", path.to_str().unwrap()])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut first = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut first)
        .unwrap();
    // The reader is dropped here, like `head -1` exiting.
    assert_eq!(first.trim_end().len(), 81);
    let out = child.wait_with_output().unwrap();
    assert_eq!(
        out.status.code(),
        Some(0),
        "stderr: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        out.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// Sends one HTTP/1.1 request and returns the whole response as text.
fn http(addr: &str, request: &str) -> String {
    use std::io::Read;
    let mut s = std::net::TcpStream::connect(addr).unwrap();
    s.set_read_timeout(Some(std::time::Duration::from_secs(10)))
        .unwrap();
    s.write_all(request.as_bytes()).unwrap();
    let mut out = String::new();
    s.read_to_string(&mut out).unwrap();
    out
}

#[test]
fn studio_prints_its_address_on_loopback_and_serves_the_page() {
    let dir = std::env::temp_dir().join(format!("shapedoku-studio-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("puzzle.toml");
    std::fs::copy(example("4x4"), &file).unwrap();
    let mut child = bin()
        .args(["studio", file.to_str().unwrap()])
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
    let url = lines.next().unwrap().unwrap();
    let addr = url
        .strip_prefix("http://")
        .and_then(|u| u.strip_suffix('/'))
        .unwrap_or_else(|| panic!("not an address: {url}"))
        .to_string();
    assert!(addr.starts_with("127.0.0.1:"), "{addr}");
    assert_ne!(addr, "127.0.0.1:0", "a free port was chosen");
    assert!(lines.next().unwrap().unwrap().contains("puzzle.toml"));
    let page = http(
        &addr,
        &format!("GET / HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n"),
    );
    let info = http(
        &addr,
        &format!("GET /api/file HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n"),
    );
    child.kill().unwrap();
    child.wait().unwrap();
    std::fs::remove_dir_all(&dir).unwrap();
    assert!(page.starts_with("HTTP/1.1 200"), "{page}");
    assert!(page.contains("shapedoku studio"));
    assert!(
        info.contains("\"writable\":true") && info.contains("4x4"),
        "{info}"
    );
}

#[test]
fn studio_refuses_a_folder_as_its_file() {
    let (code, _, err) = run(&["studio", env!("CARGO_MANIFEST_DIR")], "");
    assert_eq!(code, 2);
    assert!(err.contains("not a file"), "{err}");
}

/// Starts `shapedoku studio` without a file; returns it and its address.
fn studio() -> (std::process::Child, String) {
    let mut child = bin()
        .arg("studio")
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
    let url = lines.next().unwrap().unwrap();
    let addr = url
        .strip_prefix("http://")
        .and_then(|u| u.strip_suffix('/'))
        .unwrap_or_else(|| panic!("not an address: {url}"))
        .to_string();
    (child, addr)
}

fn post(addr: &str, path: &str, body: &str) -> String {
    http(
        addr,
        &format!(
            "POST {path} HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
            body.len()
        ),
    )
}

#[test]
fn studio_survives_the_regex_that_overflowed_its_stack() {
    // One symbol and 200,000 stacked `?` (45,000 were enough to abort the server, whose
    // requests ran on threads of 2 MiB): checked in a worker process with a large stack, so
    // the answer is the regex's problem, and should the worker still crash, a 500. Either
    // way the server answers, and goes on answering.
    let (mut child, addr) = studio();
    let toml = format!(
        "variant = \"classic\"\n[[rule]]\ntype = \"sequence\"\ncells = \"r1c1 r1c2\"\nregex = \"1{}\"\n",
        "?".repeat(200_000)
    );
    let body = format!("{{\"toml\": {toml:?}}}");
    let first = post(&addr, "/api/check", &body);
    let again = post(&addr, "/api/check", &body);
    let count = post(
        &addr,
        "/api/count",
        &format!(
            "{{\"toml\": {:?}}}",
            std::fs::read_to_string(example("4x4")).unwrap()
        ),
    );
    child.kill().unwrap();
    child.wait().unwrap();
    for answer in [&first, &again] {
        assert!(
            answer.starts_with("HTTP/1.1 200") || answer.starts_with("HTTP/1.1 500"),
            "{}",
            &answer[..answer.len().min(300)]
        );
        assert!(answer.contains("regex") || answer.contains("worker process"));
    }
    assert!(count.starts_with("HTTP/1.1 200"), "{count}");
    assert!(count.contains("\"status\":\"unique\""), "{count}");
}

#[test]
fn a_studio_worker_answers_jobs_and_refuses_anything_else() {
    let job = r#"{"job":{"id":7,"job":{"endpoint":"count","body":"{\"toml\":\"variant = \\\"4x4\\\"\"}"},"guess_limit":1000,"time_limit_us":5000000,"used_us":0}}"#;
    let (code, out, err) = run(&["studio-worker"], &format!("{job}\n"));
    assert_eq!(code, 0, "{err}");
    let mut lines = out.lines();
    assert_eq!(lines.next(), Some(r#"{"hello":{"protocol":1}}"#));
    let answer = lines.next().unwrap();
    assert!(
        answer.starts_with(r#"{"answer":{"id":7,"answer":{"status":200,"#)
            && answer.contains(r#"\"status\":\"several\""#),
        "{answer}"
    );
    let (code, _, err) = run(&["studio-worker"], "GET / HTTP/1.1\n");
    assert_eq!(code, 2);
    assert!(err.contains("not a message from the server"), "{err}");
}
