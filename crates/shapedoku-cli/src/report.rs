//! Turning library errors into messages for people: file, line, column, the source line and a
//! fix hint, rendered by miette.

use miette::{Diagnostic, LabeledSpan, MietteError, MietteSpanContents, Report};
use miette::{SourceSpan, SpanContents};
use shapedoku::load::{self, LoadError, Source};
use std::fmt;
use std::sync::Arc;

/// One load diagnostic as a miette diagnostic.
#[derive(Debug)]
pub struct SourceDiagnostic {
    message: String,
    location: String,
    help: Option<String>,
    src: Option<Indexed>,
    span: Option<(usize, usize)>,
    related: Vec<(String, usize, usize)>,
}

impl fmt::Display for SourceDiagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.location, self.message)
    }
}
impl std::error::Error for SourceDiagnostic {}
impl Diagnostic for SourceDiagnostic {
    fn help<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        self.help
            .as_ref()
            .map(|h| Box::new(h) as Box<dyn fmt::Display>)
    }
    fn source_code(&self) -> Option<&dyn miette::SourceCode> {
        self.src.as_ref().map(|s| s as &dyn miette::SourceCode)
    }
    fn labels(&self) -> Option<Box<dyn Iterator<Item = LabeledSpan> + '_>> {
        let (s, l) = self.span?;
        let main = LabeledSpan::new_primary_with_span(Some("here".into()), (s, l));
        let others = self
            .related
            .iter()
            .map(|(note, s, l)| LabeledSpan::new(Some(note.clone()), *s, *l));
        Some(Box::new(std::iter::once(main).chain(others)))
    }
}

impl SourceDiagnostic {
    /// The diagnostic, its file read through `index` (the index of `d.source`).
    fn new(d: &load::Diagnostic, index: &Arc<LineIndex>) -> Self {
        let text = &d.source.text;
        let src = Indexed {
            source: d.source.clone(),
            index: index.clone(),
        };
        let location = match &d.span {
            Some(s) => {
                let (l, c) = src.line_col(s.start.min(text.len()));
                format!("{}:{}:{}", d.source.name, l + 1, c + 1)
            }
            None => d.source.name.clone(),
        };
        let has_text = !text.is_empty();
        SourceDiagnostic {
            message: d.message.clone(),
            location,
            help: d.help.clone(),
            span: d.span.as_ref().filter(|_| has_text).map(|s| clamp(text, s)),
            related: if has_text {
                d.related
                    .iter()
                    .map(|(s, note)| {
                        let (a, l) = clamp(text, s);
                        (note.clone(), a, l)
                    })
                    .collect()
            } else {
                Vec::new()
            },
            src: has_text.then_some(src),
        }
    }
}

/// The most bytes of a span that are marked: a longer one (a givens string of megabytes) is
/// marked from its start. miette never reads a span longer than this, so a request for more
/// is its attempt to join two distant places into one excerpt, which is refused.
const MAX_MARK: usize = 16 << 10;

/// An excerpt longer than this (a line of megabytes) is cut to the marked text and
/// [`MARGIN`] bytes either side.
const MAX_EXCERPT: usize = 64 << 10;
const MARGIN: usize = 256;

/// A span as (offset, length) inside the text, on character boundaries, so rendering never
/// slices a character; at most [`MAX_MARK`] bytes long.
fn clamp(text: &str, s: &std::ops::Range<usize>) -> (usize, usize) {
    let (a, b) = (
        floor_char(text, s.start),
        floor_char(text, s.end.max(s.start)),
    );
    let b = floor_char(text, b.min(a.saturating_add(MAX_MARK)));
    (a, b - a)
}

fn floor_char(text: &str, i: usize) -> usize {
    let mut i = i.min(text.len());
    while !text.is_char_boundary(i) {
        i -= 1;
    }
    i
}

fn ceil_char(text: &str, i: usize) -> usize {
    let mut i = i.min(text.len());
    while !text.is_char_boundary(i) {
        i += 1;
    }
    i
}

/// Bytes of a block of [`LineIndex`].
const BLOCK: usize = 4096;

/// Where lines are in a text, kept per block of [`BLOCK`] bytes (not per line, which would cost
/// more than the text for a file of blank lines), so that the line and column of any offset
/// are found by looking at one block: showing a problem costs the lines shown, not the text
/// before them.
#[derive(Debug)]
pub struct LineIndex {
    /// For each block: line breaks before it, where the line holding its first byte starts,
    /// and characters before it.
    blocks: Vec<(usize, usize, usize)>,
}

fn is_char_start(b: u8) -> bool {
    b & 0xC0 != 0x80
}

impl LineIndex {
    fn new(text: &str) -> Self {
        let mut blocks = Vec::with_capacity(text.len() / BLOCK + 1);
        let (mut lines, mut line_start, mut chars) = (0, 0, 0);
        for (i, block) in text.as_bytes().chunks(BLOCK).enumerate() {
            blocks.push((lines, line_start, chars));
            for (j, &b) in block.iter().enumerate() {
                if b == b'\n' {
                    lines += 1;
                    line_start = i * BLOCK + j + 1;
                }
                chars += usize::from(is_char_start(b));
            }
        }
        blocks.push((lines, line_start, chars));
        LineIndex { blocks }
    }
    /// The block holding `x` and the bytes of it before `x`.
    fn local<'t>(&self, text: &'t str, x: usize) -> ((usize, usize, usize), &'t [u8], usize) {
        let b = x / BLOCK;
        (self.blocks[b], &text.as_bytes()[b * BLOCK..x], b * BLOCK)
    }
    /// The 0-based line holding byte `x` (the line breaks before it).
    fn line(&self, text: &str, x: usize) -> usize {
        let ((lines, _, _), before, _) = self.local(text, x);
        lines + before.iter().filter(|&&b| b == b'\n').count()
    }
    /// Where the line holding byte `x` starts.
    fn line_start(&self, text: &str, x: usize) -> usize {
        let ((_, start, _), before, base) = self.local(text, x);
        before
            .iter()
            .rposition(|&b| b == b'\n')
            .map_or(start, |i| base + i + 1)
    }
    /// Characters before byte `x`.
    fn chars(&self, text: &str, x: usize) -> usize {
        let ((_, _, chars), before, _) = self.local(text, x);
        chars + before.iter().filter(|&&b| is_char_start(b)).count()
    }
    /// 0-based line and column (in characters) of byte `x`.
    fn line_col(&self, text: &str, x: usize) -> (usize, usize) {
        let col = self.chars(text, x) - self.chars(text, self.line_start(text, x));
        (self.line(text, x), col)
    }
}

/// A file's text for miette, read through its [`LineIndex`]. miette's own reading scans the
/// text from its start for each problem and shows whole lines: a file with many problems cost
/// their number times its size, and a line of megabytes was printed whole.
#[derive(Debug)]
struct Indexed {
    source: Arc<Source>,
    index: Arc<LineIndex>,
}

impl Indexed {
    /// 0-based line and column (in characters) of a byte offset.
    fn line_col(&self, offset: usize) -> (usize, usize) {
        let text = &self.source.text;
        self.index.line_col(text, floor_char(text, offset))
    }

    /// The excerpt miette asks for, as its own reading would give it: whole lines, from
    /// `before` lines above the span (or from the span itself when `before` is 0) to `after`
    /// lines below it, each line break included; cut to [`MARGIN`] bytes beside the span where
    /// that would mean more than [`MAX_EXCERPT`] bytes on a side.
    fn excerpt(&self, a: usize, e: usize, before: usize, after: usize) -> (usize, usize) {
        let (text, index) = (&self.source.text, &self.index);
        let mut start = a;
        if before > 0 {
            start = index.line_start(text, a);
            for _ in 1..before + 1 {
                if start == 0 || a - start > MAX_EXCERPT {
                    break;
                }
                start = index.line_start(text, start - 1);
            }
        }
        if a - start > MAX_EXCERPT {
            start = floor_char(text, a - MARGIN);
        }
        let limit = (e + MAX_EXCERPT).min(text.len());
        let mut end = e.saturating_sub(1).max(a);
        for _ in 0..after + 1 {
            match text.as_bytes()[end..limit].iter().position(|&b| b == b'\n') {
                Some(i) => end += i + 1,
                None if limit == text.len() => {
                    end = limit;
                    break;
                }
                None => {
                    end = end.max(ceil_char(text, e + MARGIN));
                    break;
                }
            }
        }
        (start, end.max(e))
    }
}

impl miette::SourceCode for Indexed {
    fn read_span<'a>(
        &'a self,
        span: &SourceSpan,
        before: usize,
        after: usize,
    ) -> Result<Box<dyn SpanContents<'a> + 'a>, MietteError> {
        let text = &self.source.text;
        let (a, len) = (span.offset(), span.len());
        if a + len > text.len() || len > MAX_MARK {
            return Err(MietteError::OutOfBounds);
        }
        let (start, end) = self.excerpt(a, a + len, before, after);
        let (line, column) = self.index.line_col(text, start);
        Ok(Box::new(MietteSpanContents::new_named(
            self.source.name.clone(),
            &text.as_bytes()[start..end],
            (start, end - start).into(),
            line,
            column,
            self.index.line(text, end),
        )))
    }
}

/// Renders diagnostics, one text each: `error: FILE:LINE:COL: message`, the source line with
/// the offending text marked, and the help. Each file's lines are indexed once.
pub fn render_diagnostics(ds: &[load::Diagnostic]) -> Vec<String> {
    let mut indexes: Vec<(Arc<Source>, Arc<LineIndex>)> = Vec::new();
    ds.iter()
        .map(|d| {
            let index = match indexes.iter().find(|(s, _)| Arc::ptr_eq(s, &d.source)) {
                Some((_, i)) => i.clone(),
                None => {
                    let i = Arc::new(LineIndex::new(&d.source.text));
                    indexes.push((d.source.clone(), i.clone()));
                    i
                }
            };
            render_one(SourceDiagnostic::new(d, &index))
        })
        .collect()
}

/// Renders one diagnostic (see [`render_diagnostics`]).
pub fn render_diagnostic(d: &load::Diagnostic) -> String {
    render_diagnostics(std::slice::from_ref(d)).concat()
}

/// Renders a load error (every diagnostic) as text for a terminal or a pipe.
pub fn render_load_error(e: &LoadError) -> String {
    render_diagnostics(&e.diagnostics).concat()
}

fn render_one(d: SourceDiagnostic) -> String {
    let report = Report::new(d);
    let mut s = String::new();
    let handler =
        miette::GraphicalReportHandler::new_themed(miette::GraphicalTheme::unicode_nocolor());
    if handler.render_report(&mut s, report.as_ref()).is_err() {
        s = format!("{report}\n");
    }
    format!("error: {}", s.trim_start())
}

#[cfg(test)]
mod tests {
    use super::*;
    use miette::NamedSource;
    use std::path::Path;

    /// A diagnostic read through miette's own reading of the whole text.
    #[derive(Debug)]
    struct Native(SourceDiagnostic, NamedSource<String>);
    impl fmt::Display for Native {
        fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            self.0.fmt(f)
        }
    }
    impl std::error::Error for Native {}
    impl Diagnostic for Native {
        fn help<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
            self.0.help()
        }
        fn source_code(&self) -> Option<&dyn miette::SourceCode> {
            self.0
                .src
                .as_ref()
                .map(|_| &self.1 as &dyn miette::SourceCode)
        }
        fn labels(&self) -> Option<Box<dyn Iterator<Item = LabeledSpan> + '_>> {
            self.0.labels()
        }
    }

    fn render_native(d: &load::Diagnostic) -> String {
        let index = Arc::new(LineIndex::new(&d.source.text));
        let src = NamedSource::new(d.source.name.clone(), d.source.text.clone());
        let native = Native(SourceDiagnostic::new(d, &index), src);
        let mut s = String::new();
        miette::GraphicalReportHandler::new_themed(miette::GraphicalTheme::unicode_nocolor())
            .render_report(&mut s, &native)
            .unwrap();
        format!("error: {}", s.trim_start())
    }

    /// Every file of the repository's examples and test data, and copies with pieces cut out.
    fn texts() -> Vec<(String, String)> {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
        let mut out = Vec::new();
        for dir in [
            "variants",
            "variants/puzzles",
            "tests/data/check",
            "tests/data/repro",
        ] {
            for e in std::fs::read_dir(root.join(dir)).unwrap().flatten() {
                if let Ok(text) = std::fs::read_to_string(e.path()) {
                    out.push((e.file_name().to_string_lossy().into_owned(), text));
                }
            }
        }
        let mut cut = Vec::new();
        for (name, text) in &out {
            for k in 1..6 {
                let at = floor_char(text, text.len() * k / 6);
                let end = ceil_char(text, at + 7);
                cut.push((name.clone(), format!("{}{}", &text[..at], &text[end..])));
            }
        }
        out.extend(cut);
        out
    }

    #[test]
    fn problems_read_as_miette_itself_would_show_them() {
        let mut compared = 0;
        for (name, text) in texts() {
            let a = load::analyze_str(&name, &text, None);
            let shown = render_diagnostics(&a.diagnostics);
            for (d, ours) in a.diagnostics.iter().zip(shown) {
                assert_eq!(ours, render_native(d), "{name}");
                compared += 1;
            }
        }
        assert!(compared > 100, "only {compared} problems compared");
    }

    #[test]
    fn a_line_of_megabytes_is_shown_in_part_and_quickly() {
        let text = format!("variant = \"4x4\"\ngivens = \"{}\"\n", "x".repeat(8 << 20));
        let a = load::analyze_str("long.toml", &text, None);
        let t = std::time::Instant::now();
        let shown = render_diagnostics(&a.diagnostics).concat();
        assert!(
            t.elapsed() < std::time::Duration::from_secs(2),
            "{:?}",
            t.elapsed()
        );
        assert!(shown.len() < 64 << 10, "{} bytes shown", shown.len());
        assert!(shown.starts_with("error: × long.toml:2:"), "{shown}");
        // The marked place is in what is shown, with its line number.
        assert!(shown.contains(" 2 │ givens = \"xxx"), "{shown}");
    }
}
