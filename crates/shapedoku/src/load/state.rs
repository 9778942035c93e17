//! What a chain of files describes once gathered (by `compile`): the input of the geometry
//! builder, with the places in the files each part was written, so that later problems (the
//! builder's issues, givens) can be pointed at.

use super::definition::{CandidatesDef, GivensDef};
use super::source::{Source, Text};
use crate::constraint::Relation;
use crate::geometry::Size;
use crate::{GridSpec, Limits, Pos, Rule, ShapeKind, Symbols};
use std::ops::Range;
use std::sync::Arc;
use toml::Spanned;

/// Where a grid's parts are written.
#[derive(Debug, Clone)]
pub(crate) struct GridSrc {
    pub src: Arc<Source>,
    pub whole: Range<usize>,
    pub size: Range<usize>,
    pub boxes: Option<Range<usize>>,
    pub diagonals: Option<Range<usize>>,
    pub regions: Option<Text>,
}

/// One cell reference as written: its source span and the positions it stands for.
pub(crate) type CellRef = (Range<usize>, Vec<Pos>);

/// An explicit shape (`[[shape]]` or `[[cage]]`) and where it is written.
#[derive(Debug, Clone)]
pub(crate) struct ShapeIn {
    pub name: String,
    pub kind: ShapeKind,
    pub cells: Vec<Pos>,
    pub rule: Rule,
    pub src: Arc<Source>,
    pub cells_text: Text,
    /// Each reference: its source span and its positions.
    pub refs: Vec<CellRef>,
    pub sum_span: Option<Range<usize>>,
    /// Its `plane` and `origin` as written, when it is a face of a 3-D layout.
    pub face: Option<FaceIn>,
}

/// A face's `plane` and, when it could be read, its `origin`.
pub(crate) type FaceIn = (Spanned<String>, Option<Spanned<Vec<i64>>>);

/// A `[[rule]]` and where it is written.
#[derive(Debug, Clone)]
pub(crate) struct RuleIn {
    pub name: String,
    /// Its `type`, one of the known ones.
    pub kind: String,
    pub src: Arc<Source>,
    /// The whole table.
    pub span: Range<usize>,
    /// Each cell of a line rule in order, with the span of the reference it comes from.
    pub cells: Vec<(Range<usize>, Pos)>,
    /// What the rules on marks and single cells add (see `local_rules.rs`).
    pub local: LocalIn,
    /// The table as read, for the keys of the sum, line and copy rules.
    pub def: super::definition::RuleDef,
    /// The second cell list of an arrow (`circle`) or a clone (`copy`), like `cells`.
    pub extra: Vec<(Range<usize>, Pos)>,
    /// A chaos rule's groups (see `chaos_rules.rs`): whether a `same` group (else
    /// `different`), and its cells with the spans of their references. A `same-values`
    /// rule's sets, each as a `same` group (see `set_rules.rs`).
    pub groups: Vec<ChaosGroup>,
    /// A `chaos-arrow` rule's `arms`, each arm's cells from the clue outwards with the spans
    /// of their references (see `chaos_rules.rs`); empty when the arm is written in `cells`.
    pub arms: Vec<Vec<(Range<usize>, Pos)>>,
    /// The rules an `any` or `all` rule combines, gathered like any rule.
    pub parts: Vec<RuleIn>,
    /// Whether the rule is (part of) one alternative of an `any`: a clue no values can meet
    /// is then no error, only an alternative that never holds.
    pub alternative: bool,
}

impl RuleIn {
    /// A problem with this rule, "rule `name`: message", at `span` (the whole table when
    /// `None`); the caller adds a hint with `.help(...)`.
    pub(super) fn problem(
        &self,
        span: Option<Range<usize>>,
        message: impl std::fmt::Display,
    ) -> super::source::Diagnostic {
        let span = span.unwrap_or_else(|| self.span.clone());
        super::source::Diagnostic::new(
            &self.src,
            Some(span),
            format!("rule `{}`: {message}", self.name),
        )
    }
}

/// A chaos rule's group: whether it is a `same` group (else `different`), and its cells with the
/// spans of their references.
pub(crate) type ChaosGroup = (bool, Vec<(Range<usize>, Pos)>);

/// Givens or a solution and the file they are written in.
#[derive(Debug, Clone)]
pub(crate) struct Given {
    pub src: Arc<Source>,
    pub def: Spanned<GivensDef>,
}

/// A puzzle's `candidates` and the file they are written in.
#[derive(Debug, Clone)]
pub(crate) struct CandidatesIn {
    pub src: Arc<Source>,
    pub def: Spanned<CandidatesDef>,
}

/// What a chain of files describes, gathered base first.
#[derive(Debug, Clone, Default)]
pub(crate) struct State {
    pub name: String,
    pub description: String,
    pub symbols: Option<Symbols>,
    /// The symbols could not be read: checks that depend on them are skipped.
    pub symbols_broken: bool,
    /// Whether the symbols' values were written (`values`), not the default 1..N.
    pub values_given: bool,
    pub grids: Vec<(GridSpec, GridSrc)>,
    pub cells: Vec<Pos>,
    /// Some grid or declared cell could not be read, so cells may be missing: checks that
    /// depend on the full set of cells are skipped to avoid false alarms.
    pub cells_incomplete: bool,
    pub shapes: Vec<ShapeIn>,
    pub rules: Vec<RuleIn>,
    pub givens: Option<Given>,
    pub solution: Option<Given>,
    pub candidates: Option<CandidatesIn>,
    pub is_puzzle: bool,
    /// The caps the geometry must stay within.
    pub limits: Limits,
    /// How large the geometry is so far, counted as its parts are added.
    pub size: Size,
    /// A cap was reached (reported once): nothing more is added and nothing is built.
    pub over_limit: bool,
    /// The TOML itself is broken: only key and syntax problems are reported.
    pub syntax_broken: bool,
}

/// What a mark or cell rule adds to a gathered `[[rule]]`.
#[derive(Debug, Clone, Default)]
pub(crate) struct LocalIn {
    /// Each mark: where it is written, its two cells, its relation.
    pub marks: Vec<(Range<usize>, Pos, Pos, Relation)>,
    /// The relations the negative constraint forbids between unmarked neighbours.
    pub negative: Vec<Relation>,
    /// A quadruple's symbols as written.
    pub symbols: Option<Spanned<String>>,
}
