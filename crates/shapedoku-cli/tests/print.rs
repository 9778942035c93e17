//! Printing with the real binary: `render -o x.pdf` and `booklet` write PDFs that a PDF reader
//! (lopdf) parses back, with the pages, paper and title asked for, the same bytes for the same
//! input, and no progress display on a pipe. What the pages say (captions, ratings,
//! *Solutions*) is checked on the SVG pages in `render::paper`'s tests: the PDF draws text as
//! glyph outlines, which no text extraction reads.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

fn bin() -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_shapedoku"));
    // Progress would show at once if it were ever drawn on a pipe.
    c.env("SHAPEDOKU_PROGRESS_AFTER", "0");
    c
}

fn example(name: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join(format!("../../variants/puzzles/{name}.toml"))
        .to_string_lossy()
        .into_owned()
}

fn tmp(name: &str) -> PathBuf {
    Path::new(env!("CARGO_TARGET_TMPDIR")).join(name)
}

/// Runs the binary, with `stdin` as its input; (exit code, stdout bytes, stderr).
fn run(args: &[&str], stdin: &str) -> (i32, Vec<u8>, String) {
    use std::io::Write;
    let mut child = bin()
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let _ = child.stdin.take().unwrap().write_all(stdin.as_bytes());
    let out = child.wait_with_output().unwrap();
    (
        out.status.code().expect("exited normally"),
        out.stdout,
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// The PDF parsed back.
fn parse(bytes: &[u8]) -> lopdf::Document {
    assert!(bytes.starts_with(b"%PDF-"), "not a PDF");
    lopdf::Document::load_mem(bytes).expect("a PDF lopdf reads")
}

/// Every page's MediaBox, in page order.
fn media_boxes(doc: &lopdf::Document) -> Vec<Vec<f32>> {
    doc.get_pages()
        .values()
        .map(|&id| {
            let page = doc.get_dictionary(id).unwrap();
            page.get(b"MediaBox")
                .unwrap()
                .as_array()
                .unwrap()
                .iter()
                .map(|n| n.as_float().unwrap())
                .collect()
        })
        .collect()
}

/// How many embedded font programs the document carries: none, as text is drawn as outlines
/// (embedded fonts would come out in a different order on every run).
fn embedded_fonts(doc: &lopdf::Document) -> usize {
    doc.objects
        .values()
        .filter_map(|o| o.as_dict().ok())
        .filter(|d| d.get(b"FontFile2").is_ok() || d.get(b"FontFile3").is_ok())
        .count()
}

/// The document's title in its Info dictionary.
fn title(doc: &lopdf::Document) -> Option<String> {
    let info = doc.trailer.get(b"Info").ok()?.as_reference().ok()?;
    let t = doc.get_dictionary(info).ok()?.get(b"Title").ok()?;
    lopdf::decode_text_string(t).ok()
}

/// Published classics (the Sudoku Exchange puzzle bank, tests/data/rating), the first `n`.
fn published(n: usize) -> String {
    let path =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/data/rating/se_sukaku_2.5-4.8.tsv");
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .filter(|l| !l.starts_with('#'))
        .take(n)
        .map(|l| format!("{}\n", l.split('\t').next().unwrap()))
        .collect()
}

#[test]
fn render_writes_one_pdf_page_the_same_every_time() {
    let killer = example("killer");
    let (a, b) = (tmp("killer-a.pdf"), tmp("killer-b.pdf"));
    for out in [&a, &b] {
        let (code, stdout, err) = run(
            &[
                "render",
                &killer,
                "--solution",
                "--title",
                "A Killer",
                "-o",
                out.to_str().unwrap(),
            ],
            "",
        );
        assert_eq!((code, stdout.len(), err.as_str()), (0, 0, ""));
    }
    let bytes = std::fs::read(&a).unwrap();
    assert_eq!(
        bytes,
        std::fs::read(&b).unwrap(),
        "the same input, other bytes"
    );
    let doc = parse(&bytes);
    assert_eq!(media_boxes(&doc), [vec![0.0, 0.0, 595.28, 841.89]]); // A4
    assert_eq!(title(&doc).as_deref(), Some("A Killer"));
    assert_eq!(embedded_fonts(&doc), 0);

    // --pdf to stdout, on Letter paper: an empty grid has no text.
    let (code, stdout, err) = run(
        &["render", "-v", "classic", "--pdf", "--paper", "letter"],
        "",
    );
    assert_eq!((code, err.as_str()), (0, ""));
    let doc = parse(&stdout);
    assert_eq!(media_boxes(&doc), [vec![0.0, 0.0, 612.0, 792.0]]);
}

#[test]
fn render_writes_png_in_the_default_build() {
    let (code, stdout, err) = run(&["render", "-v", "4x4", "--png"], "");
    assert_eq!((code, err.as_str()), (0, ""));
    assert!(stdout.starts_with(b"\x89PNG\r\n\x1a\n"));
}

#[test]
fn booklet_pages_puzzles_then_solutions() {
    let lines = published(5);
    let out = tmp("five.pdf");
    let args = [
        "booklet",
        "-v",
        "classic",
        "-",
        "--per-page",
        "2",
        "--title",
        "Five published classics",
        "-o",
        out.to_str().unwrap(),
    ];
    let (code, stdout, err) = run(&args, &lines);
    assert_eq!((code, stdout.len(), err.as_str()), (0, 0, ""));
    let bytes = std::fs::read(&out).unwrap();
    let doc = parse(&bytes);
    // Five puzzles two to a page: 3 pages; five solutions six to a page: 1.
    assert_eq!(doc.get_pages().len(), 4);
    assert!(media_boxes(&doc).iter().all(|b| b[2] == 595.28));
    assert_eq!(title(&doc).as_deref(), Some("Five published classics"));
    assert_eq!(embedded_fonts(&doc), 0);
    // The same input, the same bytes.
    let (code, again, _) = run(
        &[
            "booklet",
            "-v",
            "classic",
            "--per-page",
            "2",
            "--title",
            "Five published classics",
        ],
        &lines,
    );
    assert_eq!(code, 0);
    assert_eq!(again, bytes);

    // Without solutions: only the puzzle pages.
    let (code, stdout, _) = run(
        &[
            "booklet",
            "-v",
            "classic",
            "--per-page",
            "4",
            "--no-solutions",
        ],
        &lines,
    );
    assert_eq!(code, 0);
    assert_eq!(parse(&stdout).get_pages().len(), 2);
}

#[test]
fn booklet_prints_what_it_can_and_says_what_is_wrong() {
    let mut lines = published(2);
    // Not a puzzle: reported and left out.
    lines.push_str("12345\n");
    // An empty grid has many solutions: printed without one, exit 1 at worst.
    lines.push_str(&".".repeat(81));
    lines.push('\n');
    let (code, stdout, err) = run(
        &[
            "booklet",
            "-v",
            "classic",
            "--per-page",
            "3",
            "--solutions-per-page",
            "3",
        ],
        &lines,
    );
    // A bad line is an error (2), the worst of the codes.
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("line 3"), "{err}");
    assert!(err.contains("not unique"), "{err}");
    let doc = parse(&stdout);
    // Three puzzles on one page, their solutions on another.
    assert_eq!(doc.get_pages().len(), 2);

    // Nothing to print: exit 2 and no PDF.
    let (code, stdout, err) = run(&["booklet", "-v", "classic"], "12345\n");
    assert_eq!((code, stdout.len()), (2, 0), "{err}");
    assert!(err.contains("no puzzle to print"), "{err}");
}
