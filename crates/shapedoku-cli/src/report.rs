//! Turning library errors into messages for people: file, line, column, the source line and a
//! fix hint, rendered by miette.

use miette::{Diagnostic, LabeledSpan, NamedSource, Report};
use shapedoku::load::{self, LoadError};
use std::fmt;

/// One load diagnostic as a miette diagnostic.
#[derive(Debug)]
pub struct SourceDiagnostic {
    message: String,
    location: String,
    help: Option<String>,
    src: Option<NamedSource<String>>,
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

impl From<&load::Diagnostic> for SourceDiagnostic {
    fn from(d: &load::Diagnostic) -> Self {
        let location = match d.line_col() {
            Some((l, c)) => format!("{}:{l}:{c}", d.source.name),
            None => d.source.name.clone(),
        };
        let has_text = !d.source.text.is_empty();
        SourceDiagnostic {
            message: d.message.clone(),
            location,
            help: d.help.clone(),
            src: has_text.then(|| NamedSource::new(d.source.name.clone(), d.source.text.clone())),
            span: d
                .span
                .as_ref()
                .filter(|_| has_text)
                .map(|s| clamp(&d.source.text, s)),
            related: if has_text {
                d.related
                    .iter()
                    .map(|(s, note)| {
                        let (a, l) = clamp(&d.source.text, s);
                        (note.clone(), a, l)
                    })
                    .collect()
            } else {
                Vec::new()
            },
        }
    }
}

/// A span as (offset, length) inside the text, on character boundaries, so rendering never
/// slices a character.
fn clamp(text: &str, s: &std::ops::Range<usize>) -> (usize, usize) {
    let fix = |mut i: usize| {
        i = i.min(text.len());
        while !text.is_char_boundary(i) {
            i -= 1;
        }
        i
    };
    let (a, b) = (fix(s.start), fix(s.end.max(s.start)));
    (a, b - a)
}

/// Renders one diagnostic: `error: FILE:LINE:COL: message`, the source line with the offending
/// text marked, and the help.
pub fn render_diagnostic(d: &load::Diagnostic) -> String {
    render_one(SourceDiagnostic::from(d))
}

/// Renders a load error (every diagnostic) as text for a terminal or a pipe.
pub fn render_load_error(e: &LoadError) -> String {
    let mut out = String::new();
    for d in &e.diagnostics {
        out.push_str(&render_one(SourceDiagnostic::from(d)));
    }
    out
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
