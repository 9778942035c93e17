//! Stage 0: the text of a file and the problems found in it. A [`Diagnostic`] points at a byte
//! range of its [`Source`]; line and column are worked out only when it is shown.

use std::fmt;
use std::ops::Range;
use std::sync::Arc;

/// The text of one file, kept so errors can show the offending line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Source {
    /// How to name the file in messages (a path, or `builtin:NAME`).
    pub name: String,
    /// Its full text.
    pub text: String,
}

impl Source {
    /// A file's name and text.
    pub fn new(name: impl Into<String>, text: impl Into<String>) -> Self {
        Source {
            name: name.into(),
            text: text.into(),
        }
    }
    /// 1-based line and column (in characters) of a byte offset.
    pub fn line_col(&self, offset: usize) -> (usize, usize) {
        let mut offset = offset.min(self.text.len());
        while !self.text.is_char_boundary(offset) {
            offset -= 1;
        }
        let before = &self.text.as_bytes()[..offset];
        // Bytes, not chars: counting them compiles to a fast loop, and a file of 64 MiB is
        // counted in milliseconds for each problem shown.
        let line = before.iter().filter(|&&b| b == b'\n').count() + 1;
        let start = before
            .iter()
            .rposition(|&b| b == b'\n')
            .map_or(0, |i| i + 1);
        let col = self.text[start..offset].chars().count() + 1;
        (line, col)
    }
    /// The text of a 1-based line.
    pub fn line_text(&self, line: usize) -> &str {
        self.text.lines().nth(line.saturating_sub(1)).unwrap_or("")
    }
}

/// One problem found in a file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Diagnostic {
    /// The file it is in.
    pub source: Arc<Source>,
    /// Byte range of the offending text, when known.
    pub span: Option<Range<usize>>,
    /// What is wrong.
    pub message: String,
    /// How to fix it, when there is something useful to say.
    pub help: Option<String>,
    /// Other places in the same file that explain the problem (the first of two clashing
    /// givens, the first listing of a repeated cell), each with a short note.
    pub related: Vec<(Range<usize>, String)>,
}

impl Diagnostic {
    /// A problem at `span` of `source`, without help.
    pub fn new(
        source: &Arc<Source>,
        span: Option<Range<usize>>,
        message: impl Into<String>,
    ) -> Self {
        Diagnostic {
            source: source.clone(),
            span,
            message: message.into(),
            help: None,
            related: Vec::new(),
        }
    }
    /// The same problem with a hint on how to fix it.
    pub fn help(mut self, h: impl Into<String>) -> Self {
        self.help = Some(h.into());
        self
    }
    /// The same problem with another place that explains it.
    pub fn related(mut self, span: Range<usize>, note: impl Into<String>) -> Self {
        self.related.push((span, note.into()));
        self
    }
    /// 1-based line and column where the problem starts, when known.
    pub fn line_col(&self) -> Option<(usize, usize)> {
        self.span.as_ref().map(|s| self.source.line_col(s.start))
    }
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.line_col() {
            Some((l, c)) => write!(f, "{}:{l}:{c}: {}", self.source.name, self.message)?,
            None => write!(f, "{}: {}", self.source.name, self.message)?,
        }
        if let Some(h) = &self.help {
            write!(f, " (help: {h})")?;
        }
        Ok(())
    }
}

/// As JSON a problem is its place as line and column, not as byte offsets:
/// `{"file", "line", "column", "message", "help", "related": [{"line", "column", "note"}]}`.
#[cfg(feature = "serde")]
impl serde::Serialize for Diagnostic {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        #[derive(serde::Serialize)]
        struct Related<'a> {
            line: usize,
            column: usize,
            note: &'a str,
        }
        let (line, column) = self.line_col().unzip();
        let related: Vec<Related<'_>> = self
            .related
            .iter()
            .map(|(span, note)| {
                let (line, column) = self.source.line_col(span.start);
                Related { line, column, note }
            })
            .collect();
        let mut st = s.serialize_struct("Diagnostic", 6)?;
        st.serialize_field("file", &self.source.name)?;
        st.serialize_field("line", &line)?;
        st.serialize_field("column", &column)?;
        st.serialize_field("message", &self.message)?;
        st.serialize_field("help", &self.help)?;
        st.serialize_field("related", &related)?;
        st.end()
    }
}

/// Every problem found while loading a file. Never empty.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct LoadError {
    /// The problems, in file order.
    pub diagnostics: Vec<Diagnostic>,
}

impl fmt::Display for LoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, d) in self.diagnostics.iter().enumerate() {
            if i > 0 {
                writeln!(f)?;
            }
            write!(f, "{d}")?;
        }
        Ok(())
    }
}
impl std::error::Error for LoadError {}

impl From<Diagnostic> for LoadError {
    fn from(d: Diagnostic) -> Self {
        LoadError {
            diagnostics: vec![d],
        }
    }
}

/// Puts problems in file order: files in the order they first appear (a file read twice, as in
/// a cycle of variants, counts as two), then by position, problems without a place last.
/// Identical neighbours are reported once.
pub(crate) fn file_order(diags: &mut Vec<Diagnostic>) {
    let mut order: Vec<*const Source> = Vec::new();
    for d in diags.iter() {
        let p = Arc::as_ptr(&d.source);
        if !order.contains(&p) {
            order.push(p);
        }
    }
    diags.sort_by_key(|d| {
        let file = order
            .iter()
            .position(|&p| p == Arc::as_ptr(&d.source))
            .unwrap_or(0);
        (file, d.span.as_ref().map_or(usize::MAX, |s| s.start))
    });
    diags.dedup_by(|a, b| {
        a.span == b.span && a.message == b.message && Arc::ptr_eq(&a.source, &b.source)
    });
}

/// Keeps the first `max` problems (in the order given) and replaces the rest with one that says
/// how many were left out, placed where the first of them was. Returns how many were left out.
pub(crate) fn keep_first(diags: &mut Vec<Diagnostic>, max: u64) -> usize {
    let max = usize::try_from(max).unwrap_or(usize::MAX);
    if diags.len() <= max {
        return 0;
    }
    let omitted = diags.len() - max;
    let first = &diags[max];
    let summary = Diagnostic::new(
        &first.source,
        first.span.clone(),
        format!(
            "and {omitted} more problem{} from here on (only the first {max} are listed)",
            if omitted == 1 { "" } else { "s" }
        ),
    )
    .help("fix the problems above first; the rest are listed as they come into view");
    diags.truncate(max);
    diags.push(summary);
    omitted
}

/// A string value and where its characters are in the source.
#[derive(Debug, Clone)]
pub(crate) struct Text {
    pub value: String,
    /// The whole value, quotes included.
    pub span: Range<usize>,
    /// Source offset of the value's first byte when the value is written verbatim (no escapes),
    /// so any byte of the value maps to a byte of the source.
    content_start: Option<usize>,
}

impl Text {
    /// The string `value` written at `span` of `source`.
    pub fn new(source: &str, span: Range<usize>, value: &str) -> Text {
        let raw = source.get(span.clone()).unwrap_or("");
        let mut content_start = None;
        for q in ["\"\"\"", "'''", "\"", "'"] {
            if raw.len() >= 2 * q.len() && raw.starts_with(q) && raw.ends_with(q) {
                let inner = &raw[q.len()..raw.len() - q.len()];
                // A newline right after an opening triple quote is not part of the value.
                let skip = if q.len() == 3 {
                    if inner.starts_with("\r\n") {
                        2
                    } else if inner.starts_with('\n') {
                        1
                    } else {
                        0
                    }
                } else {
                    0
                };
                if &inner[skip..] == value {
                    content_start = Some(span.start + q.len() + skip);
                }
                break;
            }
        }
        Text {
            value: value.to_string(),
            span,
            content_start,
        }
    }
    /// Source span of `len` bytes at byte `at` of the value (the whole value when unknown).
    pub fn at(&self, at: usize, len: usize) -> Range<usize> {
        match self.content_start {
            Some(s) => s + at..s + at + len,
            None => self.span.clone(),
        }
    }
    /// Non-whitespace characters with their source spans, one by one: a list of them would
    /// cost some thirty times the string, which may be megabytes.
    pub fn chars(&self) -> impl Iterator<Item = (char, Range<usize>)> + '_ {
        self.value
            .char_indices()
            .filter(|(_, c)| !c.is_whitespace())
            .map(|(i, c)| (c, self.at(i, c.len_utf8())))
    }
}

fn edit_distance(a: &str, b: &str) -> usize {
    let (a, b): (Vec<char>, Vec<char>) = (a.chars().collect(), b.chars().collect());
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    for i in 1..=a.len() {
        let mut cur = vec![i; b.len() + 1];
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            cur[j] = (prev[j] + 1).min(cur[j - 1] + 1).min(prev[j - 1] + cost);
        }
        prev = cur;
    }
    prev[b.len()]
}

/// The known word a misspelt one was most likely meant to be, for "did you mean" hints.
pub(crate) fn closest<'k>(word: &str, known: &[&'k str]) -> Option<&'k str> {
    let lower = word.to_lowercase();
    known
        .iter()
        .map(|k| (edit_distance(&lower, k), *k))
        .filter(|&(d, k)| d <= 2.min(k.len().saturating_sub(1)) || lower.trim_end_matches('s') == k)
        .min()
        .map(|(_, k)| k)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_and_column_count_characters_not_bytes() {
        let s = Source::new("t", "ab\n🍎x\n");
        assert_eq!(s.line_col(0), (1, 1));
        assert_eq!(s.line_col(3), (2, 1));
        assert_eq!(s.line_col(7), (2, 2));
        // Inside a character, and past the end: clamped, never a panic.
        assert_eq!(s.line_col(5), (2, 1));
        assert_eq!(s.line_col(999), (3, 1));
        assert_eq!(s.line_text(2), "🍎x");
    }

    #[test]
    fn text_maps_value_bytes_to_source_bytes() {
        let src = "k = \"\"\"\nab c\"\"\"";
        let t = Text::new(src, 4..src.len(), "ab c");
        let chars: Vec<(char, &str)> = t.chars().map(|(c, r)| (c, &src[r])).collect();
        assert_eq!(chars, [('a', "a"), ('b', "b"), ('c', "c")]);
        // With an escape the value is not verbatim: every character maps to the whole string.
        let src = "k = \"a\\u0020b\"";
        let t = Text::new(src, 4..src.len(), "a b");
        assert_eq!(t.at(2, 1), 4..src.len());
    }

    #[test]
    fn closest_suggests_near_misses_and_plurals() {
        assert_eq!(closest("sise", &["size", "at"]), Some("size"));
        assert_eq!(closest("Cell", &["cells", "sum"]), Some("cells"));
        assert_eq!(closest("zzzz", &["size", "at"]), None);
    }
}
