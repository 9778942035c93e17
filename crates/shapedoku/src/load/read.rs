//! Stage 1: TOML text → [`FileDef`]. Parses the text into a spanned TOML table (recovering from
//! syntax errors), checks every table against the keys its type declares (all unknown keys are
//! reported, not just the first) and reads each value on its own, so one wrong value never hides
//! the next. What cannot be used is [`Field::Invalid`]; nothing here looks at other files or
//! builds anything.

use super::definition::{
    CageDef, CandidatesDef, Field, FileDef, GivensDef, GridDef, KindDef, MAX_CANVAS, MAX_VALUE,
    RuleDef, ShapeDef, Tables, keys,
};
use super::source::{Diagnostic, Source, closest};
use serde::de::DeserializeOwned;
use std::ops::{Range, RangeInclusive};
use std::sync::Arc;
use toml::Spanned;
use toml::de::{DeTable, DeValue};

/// One file as read.
#[derive(Debug)]
pub(crate) struct Read {
    /// What the file says, as far as it could be read.
    pub def: FileDef,
    /// Problems in the file's header: TOML syntax, unknown top-level keys, `variant`. They are
    /// reported even when the base variant is broken.
    pub head: Vec<Diagnostic>,
    /// Problems in the rest, reported only once the base variant is known to be sound.
    pub body: Vec<Diagnostic>,
    /// The TOML itself is broken: nothing is compiled, only reading problems are reported.
    pub syntax_broken: bool,
}

/// Reads one file, if it has at most `items.0` TOML items (see [`count_items`]), which it then
/// uses up: a file with more is not parsed at all, and is one problem naming the cap, `items.1`.
/// Never panics, whatever the text.
pub(crate) fn read(src: &Arc<Source>, items: (&mut u64, u64)) -> Read {
    let (left, cap) = items;
    match count_items(&src.text, *left) {
        Ok(n) => *left -= n,
        Err(at) => {
            let d = Diagnostic::new(
                src,
                Some(at..at),
                format!(
                    "here the puzzle passes {cap} TOML items (keys, values, brackets), the most that are read for one puzzle and its variant files"
                ),
            )
            .help("a puzzle within the size caps needs far fewer: is this the file you meant? (see Limits in docs/format.md)");
            return Read {
                def: FileDef::default(),
                head: vec![d],
                body: Vec::new(),
                syntax_broken: true,
            };
        }
    }
    let (root, errors) = DeTable::parse_recoverable(&src.text);
    let mut out = Vec::new();
    for e in &errors {
        let span = e
            .span()
            .map(|s| s.start.min(src.text.len())..s.end.min(src.text.len()));
        out.push(
            Diagnostic::new(src, span, format!("TOML syntax: {}", e.message().trim()))
                .help("see docs/format.md for the TOML this file uses; strings need quotes, tables `[[grid]]`"),
        );
    }
    let top = TableReader {
        src,
        table: root.get_ref(),
        span: root.span(),
    };
    top.unknown_keys::<FileDef>(&mut out, "the top level");
    let variant = top.text(&mut out, "variant", "\"classic\"");
    let head = std::mem::take(&mut out);
    let d = &mut out;
    let def = FileDef {
        name: top.text(d, "name", "\"my variant\""),
        description: top.text(d, "description", "\"Classic 9x9\""),
        values: top.ints(d, "values", None, -MAX_VALUE..=MAX_VALUE, "[1, 2, 3, 4]"),
        symbols: top.text(d, "symbols", "\"123456789\""),
        cells: top.text(d, "cells", "\"r1c1 r1-3c4-6\""),
        grid: top.tables(d, "grid", read_grid),
        shape: top.tables(d, "shape", read_shape),
        cage: top.tables(d, "cage", read_cage),
        rule: top.tables(d, "rule", read_rule),
        givens: top.givens(d, "givens"),
        solution: top.givens(d, "solution"),
        candidates: top.candidates(d),
        variant,
    };
    Read {
        def,
        head,
        body: out,
        syntax_broken: !errors.is_empty(),
    }
}

/// Counts a text's TOML items, every token but whitespace, comments and line ends, with a lexer
/// that holds nothing: what parsing it would cost, known before it is parsed. `Err` holds the
/// offset of the first item past `max`.
fn count_items(text: &str, max: u64) -> Result<u64, usize> {
    use toml_parser::lexer::TokenKind;
    let mut n = 0u64;
    for t in toml_parser::Source::new(text).lex() {
        if matches!(
            t.kind(),
            TokenKind::Whitespace | TokenKind::Comment | TokenKind::Newline | TokenKind::Eof
        ) {
            continue;
        }
        n += 1;
        if n > max {
            return Err(t.span().start());
        }
    }
    Ok(n)
}

/// Each top-level `key = value` of a file with the byte range from the key to the end of the
/// value (tables such as `[[grid]]` left out), for tools that edit files as text. Empty when the
/// text is not valid TOML.
pub fn top_level_spans(text: &str) -> Vec<(String, Range<usize>)> {
    let Ok(root) = DeTable::parse(text) else {
        return Vec::new();
    };
    let mut out: Vec<(String, Range<usize>)> = root
        .get_ref()
        .iter()
        .filter(|(_, v)| !matches!(v.get_ref(), DeValue::Table(_)))
        .filter(|(_, v)| !matches!(v.get_ref(), DeValue::Array(a) if a.iter().any(|t| t.get_ref().is_table())))
        .map(|(k, v)| (k.get_ref().to_string(), k.span().start..v.span().end))
        .collect();
    out.sort_by_key(|(_, r)| r.start);
    out
}

fn read_grid(r: &TableReader<'_, '_>, d: &mut Vec<Diagnostic>, _: usize) -> Field<GridDef> {
    r.unknown_keys::<GridDef>(d, "[[grid]]");
    let pair = |v: Vec<i64>| [v[0] as u32, v[1] as u32];
    let canvas = 1..=MAX_CANVAS as i64;
    let def = GridDef {
        name: r.text(d, "name", "\"top-left\""),
        size: grid_size(r, d, canvas.clone()),
        at: r.ints(d, "at", Some(2), canvas.clone(), "[1, 1]").map(pair),
        boxes: r.ints(d, "box", Some(2), canvas, "[3, 3]").map(pair),
        diagonals: r.boolean(d, "diagonals"),
        rows: r.boolean(d, "rows"),
        columns: r.boolean(d, "columns"),
        regions: r.text(d, "regions", "\"AAABBB...\""),
        wrap: r.boolean(d, "wrap"),
    };
    Field::Valid(Spanned::new(r.span.clone(), def))
}

/// A grid's `size`: one number for a square (`9`), or rows and columns for a rectangle
/// (`[6, 8]`).
fn grid_size(
    r: &TableReader<'_, '_>,
    d: &mut Vec<Diagnostic>,
    canvas: RangeInclusive<i64>,
) -> Field<[u32; 2]> {
    let is_array = r
        .get("size")
        .is_some_and(|v| v.get_ref().as_array().is_some());
    if is_array {
        r.ints(d, "size", Some(2), canvas, "[6, 8]")
            .map(|v| [v[0] as u32, v[1] as u32])
    } else {
        r.int(d, "size", canvas, "9").map(|n| [n as u32, n as u32])
    }
}

/// Reads a `[[shape]]`; one whose `sum` or `kind` is wrong is not read further.
fn read_shape(r: &TableReader<'_, '_>, d: &mut Vec<Diagnostic>, index: usize) -> Field<ShapeDef> {
    r.unknown_keys::<ShapeDef>(d, "[[shape]]");
    let mut def = ShapeDef {
        name: r.text(d, "name", "\"window 1\""),
        sum: r.int(d, "sum", -MAX_VALUE..=MAX_VALUE, "15"),
        repeats: r.boolean(d, "repeats"),
        ..ShapeDef::default()
    };
    let name = def.name_or_default(index);
    if let (None, Some(rp)) = (def.sum.value(), def.repeats.valid()) {
        if *rp.get_ref() {
            d.push(
                Diagnostic::new(
                    r.src,
                    Some(rp.span()),
                    format!("shape `{name}`: `repeats` only makes sense with `sum`"),
                )
                .help("a shape without `sum` is a no-repeat shape; remove `repeats` or add `sum`"),
            );
        }
    }
    if def.sum.is_invalid() {
        return Field::Invalid;
    }
    def.kind = match r.text(d, "kind", "\"box\"") {
        Field::Valid(t) => match kind(r, d, &name, t.get_ref(), def.sum.is_present()) {
            Some(k) => Field::Valid(Spanned::new(t.span(), k)),
            None => return Field::Invalid,
        },
        // A `kind` that is not a string has been reported; the shape keeps its default kind.
        other => other.map(|_| KindDef::Extra),
    };
    def.cells = r.text(d, "cells", "\"r1c1 r1c2 r2c1\"");
    def.plane = r.text(d, "plane", "\"top\"");
    let far = MAX_CANVAS as i64;
    def.origin = r.ints(d, "origin", Some(3), -far..=far, "[0, 3, 3]");
    Field::Valid(Spanned::new(r.span.clone(), def))
}

/// The kind named `text`, or a report of why it is wrong.
fn kind(
    r: &TableReader<'_, '_>,
    d: &mut Vec<Diagnostic>,
    name: &str,
    text: &str,
    has_sum: bool,
) -> Option<KindDef> {
    let known = KindDef::ALL.iter().find(|(n, _)| *n == text).map(|k| k.1);
    if let (Some(k), false) = (known, has_sum) {
        return Some(k);
    }
    let (message, help) = if has_sum {
        (
            format!(
                "shape `{name}`: a shape with `sum` is a cage and takes no `kind` (found `{text}`)"
            ),
            "a shape with `sum` is a cage; remove `kind`",
        )
    } else {
        (
            format!("shape `{name}`: unknown kind `{text}`"),
            "write kind = \"box\", \"region\" or \"extra\"",
        )
    };
    let span = r.get("kind").map(|v| v.span());
    d.push(Diagnostic::new(r.src, span, message).help(help));
    None
}

/// Reads a `[[cage]]`; one with an unreadable `sum` cannot be used. Without `sum` it is a
/// killer cage without a total: no repeats, nothing more.
fn read_cage(r: &TableReader<'_, '_>, d: &mut Vec<Diagnostic>, _: usize) -> Field<CageDef> {
    r.unknown_keys::<CageDef>(d, "[[cage]]");
    let sum = r.int(d, "sum", -MAX_VALUE..=MAX_VALUE, "15");
    let repeats = r.boolean(d, "repeats");
    let name = r.text(d, "name", "\"cage 1\"");
    if sum.is_invalid() {
        return Field::Invalid;
    }
    if !sum.is_present() && repeats.value() == Some(&true) {
        d.push(
            Diagnostic::new(
                r.src,
                repeats.span(),
                "a [[cage]] without `sum` and with repeats allowed has no rule",
            )
            .help("add `sum = TOTAL`, or remove `repeats` for a cage without a total"),
        );
        return Field::Invalid;
    }
    let cells = r.text(d, "cells", "\"r1c1 r1c2 r2c1\"");
    let def = CageDef {
        sum,
        cells,
        name,
        repeats,
    };
    Field::Valid(Spanned::new(r.span.clone(), def))
}

/// Reads a `[[rule]]`; one without a known `type` cannot be used.
fn read_rule(r: &TableReader<'_, '_>, d: &mut Vec<Diagnostic>, _: usize) -> Field<RuleDef> {
    r.unknown_keys::<RuleDef>(d, "[[rule]]");
    let kind = r.text(d, "type", "\"thermo\"");
    let cells = r.text(d, "cells", "\"r1c1 r1c2 r1c3\"");
    let name = r.text(d, "name", "\"thermo 1\"");
    let known: Vec<&str> = RuleDef::TYPES.iter().map(|t| t.0).collect();
    match &kind {
        Field::Valid(k) if !known.contains(&k.get_ref().as_str()) => {
            let mut diag = Diagnostic::new(
                r.src,
                Some(k.span()),
                format!("`{}` is not a rule type", k.get_ref()),
            );
            diag = match closest(k.get_ref(), &known) {
                Some(c) => diag.help(format!("did you mean `{c}`? Types: {}", known.join(", "))),
                None => diag.help(format!("types: {}", known.join(", "))),
            };
            d.push(diag);
            return Field::Invalid;
        }
        Field::Valid(_) => {}
        Field::Absent => {
            d.push(
                Diagnostic::new(r.src, Some(r.span.clone()), "this [[rule]] has no `type`")
                    .help(format!("add `type = \"...\"`, one of {}", known.join(", "))),
            );
            return Field::Invalid;
        }
        Field::Invalid => return Field::Invalid,
    }
    let def = RuleDef {
        kind,
        cells,
        name,
        // Marks between neighbours and rules on single cells.
        white: r.strings(d, "white", "[\"r1c1 r1c2\", \"r4c5 r5c5\"]"),
        black: r.strings(d, "black", "[\"r1c1 r1c2\"]"),
        x: r.strings(d, "x", "[\"r1c1 r1c2\"]"),
        v: r.strings(d, "v", "[\"r1c1 r1c2\"]"),
        pairs: r.strings(d, "pairs", "[\"r1c1 r1c2\"]"),
        value: r.int(d, "value", 1..=MAX_VALUE, "3"),
        negative: r.boolean(d, "negative"),
        symbols: r.text(d, "symbols", "\"139\""),
        // Keys of the sum, line and copy rules.
        total: r.int(d, "total", -MAX_VALUE..=MAX_VALUE, "25"),
        at: r.ints(d, "at", Some(2), 0..=i64::from(MAX_CANVAS) + 1, "[0, 1]"),
        direction: r.text(d, "direction", "\"down-right\""),
        circle: r.text(d, "circle", "\"r1c1\""),
        difference: r.int(d, "difference", 0..=MAX_VALUE, "5"),
        copy: r.text(d, "copy", "\"r5c5 r5c6\""),
        closed: r.boolean(d, "loop"),
        states: r.text(d, "states", "\"low high\""),
        start: r.text(d, "start", "\"low\""),
        accept: r.text(d, "accept", "\"low high\""),
        transitions: r.strings(d, "transitions", "[\"low 6-9 high\"]"),
        regex: r.text(d, "regex", "\"1?2?3?4?5?6?7?8?9?\""),
        allowed: r.strings(d, "allowed", "[\"1 2\", \"2 4\"]"),
        // Keys of the outside clues and indexing.
        count: r.int(d, "count", 0..=MAX_VALUE, "3"),
        indexes: r.text(d, "indexes", "\"column\""),
        same: r.strings(d, "same", "[\"r1c1 r1c2 r2c2\"]"),
        different: r.strings(d, "different", "[\"r1c1 r1c2\"]"),
        sets: r.strings(d, "sets", "[\"r1c1 r1c2\", \"r3c3 r4c4\"]"),
        arms: r.strings(d, "arms", "[\"r2c5 r3c5\", \"r1c4 r1c3\"]"),
        counts: r.text(d, "counts", "\"regions\""),
        of: read_parts(r, d),
    };
    Field::Valid(Spanned::new(r.span.clone(), def))
}

/// How deep rules may be composed (`[[rule.of.of]]` is two): enough for any setter's "either
/// this group or that", and a bound on the reader's recursion.
const MAX_NESTING: usize = 4;

thread_local! {
    /// How many `of` tables the reader is inside.
    static NESTING: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
}

/// Reads the parts of a composite rule (`of`), refusing them deeper than [`MAX_NESTING`].
fn read_parts(r: &TableReader<'_, '_>, d: &mut Vec<Diagnostic>) -> Tables<RuleDef> {
    let Some(v) = r.get("of") else {
        return Tables::default();
    };
    let depth = NESTING.with(|n| n.get());
    if depth >= MAX_NESTING {
        d.push(
            Diagnostic::new(
                r.src,
                Some(v.span()),
                format!("rules are composed more than {MAX_NESTING} deep here"),
            )
            .help("an `any` of `all` groups needs two levels; flatten the rest"),
        );
        return Tables {
            present: true,
            malformed: true,
            items: Vec::new(),
        };
    }
    NESTING.with(|n| n.set(depth + 1));
    let out = r.tables(d, "of", read_rule);
    NESTING.with(|n| n.set(depth));
    out
}

fn type_name(v: &DeValue<'_>) -> &'static str {
    match v {
        DeValue::String(_) => "a string",
        DeValue::Integer(_) => "an integer",
        DeValue::Float(_) => "a float",
        DeValue::Boolean(_) => "a boolean",
        DeValue::Datetime(_) => "a date",
        DeValue::Array(_) => "an array",
        DeValue::Table(_) => "a table",
    }
}

fn int_of(v: &DeValue<'_>) -> Option<i128> {
    let i = v.as_integer()?;
    i128::from_str_radix(i.as_str(), i.radix()).ok()
}

fn in_range(i: i128, range: &RangeInclusive<i64>) -> bool {
    (*range.start() as i128..=*range.end() as i128).contains(&i)
}

/// Reads the values of one table, reporting wrong types and unknown keys.
struct TableReader<'t, 'i> {
    src: &'t Arc<Source>,
    table: &'t DeTable<'i>,
    /// Where the table is written.
    span: Range<usize>,
}

impl<'t, 'i> TableReader<'t, 'i> {
    fn get(&self, key: &str) -> Option<&'t Spanned<DeValue<'i>>> {
        self.table
            .iter()
            .find(|(k, _)| k.get_ref().as_ref() == key)
            .map(|(_, v)| v)
    }
    fn problem(&self, span: Range<usize>, message: String, key: &str, example: &str) -> Diagnostic {
        Diagnostic::new(self.src, Some(span), message)
            .help(format!("for example `{key} = {example}`"))
    }
    fn wrong<T>(
        &self,
        d: &mut Vec<Diagnostic>,
        key: &str,
        v: &Spanned<DeValue<'_>>,
        want: &str,
        example: &str,
    ) -> Field<T> {
        let message = format!("`{key}` must be {want}, not {}", type_name(v.get_ref()));
        d.push(self.problem(v.span(), message, key, example));
        Field::Invalid
    }
    fn text(&self, d: &mut Vec<Diagnostic>, key: &str, example: &str) -> Field<String> {
        let Some(v) = self.get(key) else {
            return Field::Absent;
        };
        match v.get_ref().as_str() {
            Some(s) => Field::Valid(Spanned::new(v.span(), s.to_string())),
            None => self.wrong(d, key, v, "a string", example),
        }
    }
    fn int(
        &self,
        d: &mut Vec<Diagnostic>,
        key: &str,
        range: RangeInclusive<i64>,
        example: &str,
    ) -> Field<i64> {
        let Some(v) = self.get(key) else {
            return Field::Absent;
        };
        match int_of(v.get_ref()) {
            Some(i) if in_range(i, &range) => Field::Valid(Spanned::new(v.span(), i as i64)),
            Some(i) => {
                let (lo, hi) = (range.start(), range.end());
                let message = format!("`{key}` is {i}, outside {lo}..={hi}");
                d.push(self.problem(v.span(), message, key, example));
                Field::Invalid
            }
            None => self.wrong(d, key, v, "an integer", example),
        }
    }
    fn boolean(&self, d: &mut Vec<Diagnostic>, key: &str) -> Field<bool> {
        let Some(v) = self.get(key) else {
            return Field::Absent;
        };
        match v.get_ref().as_bool() {
            Some(b) => Field::Valid(Spanned::new(v.span(), b)),
            None => self.wrong(d, key, v, "true or false", "true"),
        }
    }
    /// An array of integers within a range; `len` fixes its length.
    fn ints(
        &self,
        d: &mut Vec<Diagnostic>,
        key: &str,
        len: Option<usize>,
        range: RangeInclusive<i64>,
        example: &str,
    ) -> Field<Vec<i64>> {
        let Some(v) = self.get(key) else {
            return Field::Absent;
        };
        let Some(arr) = v.get_ref().as_array() else {
            return self.wrong(d, key, v, "an array of integers", example);
        };
        if let Some(n) = len.filter(|&n| n != arr.len()) {
            let message = format!("`{key}` needs {n} numbers, not {}", arr.len());
            d.push(self.problem(v.span(), message, key, example));
            return Field::Invalid;
        }
        let mut out = Vec::new();
        let mut ok = true;
        for item in arr.iter() {
            let message = match int_of(item.get_ref()) {
                Some(i) if in_range(i, &range) => {
                    out.push(i as i64);
                    continue;
                }
                Some(i) => format!(
                    "{i} is outside {}..={} in `{key}`",
                    range.start(),
                    range.end()
                ),
                None => format!(
                    "`{key}` holds {}, where a number belongs",
                    type_name(item.get_ref())
                ),
            };
            d.push(self.problem(item.span(), message, key, example));
            ok = false;
        }
        match ok {
            true => Field::Valid(Spanned::new(v.span(), out)),
            false => Field::Invalid,
        }
    }
    /// An array of strings, each with its place.
    fn strings(
        &self,
        d: &mut Vec<Diagnostic>,
        key: &str,
        example: &str,
    ) -> Field<Vec<Spanned<String>>> {
        let Some(v) = self.get(key) else {
            return Field::Absent;
        };
        let Some(arr) = v.get_ref().as_array() else {
            return self.wrong(d, key, v, "an array of strings", example);
        };
        let mut out = Vec::new();
        for item in arr.iter() {
            let Some(s) = item.get_ref().as_str() else {
                let message = format!(
                    "`{key}` holds {}, where a string belongs",
                    type_name(item.get_ref())
                );
                d.push(self.problem(item.span(), message, key, example));
                return Field::Invalid;
            };
            out.push(Spanned::new(item.span(), s.to_string()));
        }
        Field::Valid(Spanned::new(v.span(), out))
    }
    fn givens(&self, d: &mut Vec<Diagnostic>, key: &str) -> Field<GivensDef> {
        let Some(v) = self.get(key) else {
            return Field::Absent;
        };
        let def = match v.get_ref() {
            DeValue::String(s) => GivensDef::All(s.to_string()),
            DeValue::Array(arr) => {
                let mut list = Vec::new();
                for item in arr.iter() {
                    let Some(s) = item.get_ref().as_str() else {
                        d.push(
                            Diagnostic::new(
                                self.src,
                                Some(item.span()),
                                format!(
                                    "`{key}` lists {}, where a string for one grid belongs",
                                    type_name(item.get_ref())
                                ),
                            )
                            .help("write one string per grid: `givens = [\"...\", \"...\"]`"),
                        );
                        return Field::Invalid;
                    };
                    list.push(Spanned::new(item.span(), s.to_string()));
                }
                GivensDef::PerGrid(list)
            }
            other => {
                d.push(
                    Diagnostic::new(self.src, Some(v.span()), format!("`{key}` must be a string or an array of strings, not {}", type_name(other)))
                        .help(format!("for example `{key} = \"\"\"` followed by one row of symbols per line and `\"\"\"`")),
                );
                return Field::Invalid;
            }
        };
        Field::Valid(Spanned::new(v.span(), def))
    }
    /// `candidates`: a table of cell reference = string of symbols.
    fn candidates(&self, d: &mut Vec<Diagnostic>) -> Field<CandidatesDef> {
        const EXAMPLE: &str = "{ r1c1 = \"125\", r4c7 = \"39\" }";
        let Some(v) = self.get("candidates") else {
            return Field::Absent;
        };
        let DeValue::Table(t) = v.get_ref() else {
            return self.wrong(
                d,
                "candidates",
                v,
                "a table of cells and their candidates",
                EXAMPLE,
            );
        };
        let mut entries = Vec::new();
        for (k, item) in t.iter() {
            let Some(s) = item.get_ref().as_str() else {
                let message = format!(
                    "`candidates` gives {} {}, where a string of symbols belongs",
                    k.get_ref(),
                    type_name(item.get_ref())
                );
                d.push(self.problem(item.span(), message, "candidates", EXAMPLE));
                return Field::Invalid;
            };
            entries.push((
                Spanned::new(k.span(), k.get_ref().to_string()),
                Spanned::new(item.span(), s.to_string()),
            ));
        }
        // In file order, so "listed twice" points at the later listing.
        entries.sort_by_key(|(k, _)| k.span().start);
        Field::Valid(Spanned::new(v.span(), CandidatesDef { entries }))
    }
    /// An array of tables (`[[grid]]`), each read by `item` (given the table and its index
    /// among the tables).
    fn tables<T>(
        &self,
        d: &mut Vec<Diagnostic>,
        key: &str,
        item: fn(&TableReader<'_, '_>, &mut Vec<Diagnostic>, usize) -> Field<T>,
    ) -> Tables<T> {
        let mut out = Tables::default();
        let Some(v) = self.get(key) else {
            return out;
        };
        out.present = true;
        let arr = match v.get_ref() {
            DeValue::Array(a) => a,
            DeValue::Table(_) => {
                d.push(
                    Diagnostic::new(self.src, Some(v.span()), format!("`[{key}]` is a single table, but a file may have several: write `[[{key}]]`"))
                        .help(format!("use double brackets: [[{key}]]")),
                );
                out.malformed = true;
                return out;
            }
            other => {
                let message = format!(
                    "`{key}` must be tables written `[[{key}]]`, not {}",
                    type_name(other)
                );
                d.push(
                    Diagnostic::new(self.src, Some(v.span()), message)
                        .help(format!("start each one with a `[[{key}]]` line")),
                );
                out.malformed = true;
                return out;
            }
        };
        for entry in arr.iter() {
            match entry.get_ref().as_table() {
                Some(table) => {
                    let r = TableReader {
                        src: self.src,
                        table,
                        span: entry.span(),
                    };
                    let index = out.items.len();
                    out.items.push(item(&r, d, index));
                }
                None => {
                    let message = format!(
                        "`{key}` lists {}, where a table belongs",
                        type_name(entry.get_ref())
                    );
                    d.push(
                        Diagnostic::new(self.src, Some(entry.span()), message)
                            .help(format!("start each one with a `[[{key}]]` line")),
                    );
                    out.malformed = true;
                }
            }
        }
        out
    }
    /// Reports every key that `T` does not declare.
    fn unknown_keys<T: DeserializeOwned>(&self, d: &mut Vec<Diagnostic>, table: &str) {
        let known = keys::<T>();
        let mut found: Vec<_> = self.table.iter().map(|(k, _)| k).collect();
        found.sort_by_key(|k| k.span().start);
        for k in found {
            let key = k.get_ref().as_ref();
            if known.contains(&key) {
                continue;
            }
            let message = format!("unknown key `{key}` in {table}");
            let d1 = Diagnostic::new(self.src, Some(k.span()), message);
            d.push(d1.help(misplaced_key_help(key, known, table)));
        }
    }
}

/// The hint for an unknown key: a near miss, a key of another table, or the keys of this one.
fn misplaced_key_help(key: &str, known: &[&str], table: &str) -> String {
    let in_list = |list: &[&str]| list.contains(&key);
    if let Some(s) = closest(key, known) {
        format!("did you mean `{s}`?")
    } else if table != "the top level" && in_list(keys::<FileDef>()) {
        format!(
            "`{key}` is a top-level key: move it above the first [[...]] header (keys after a header belong to that table)"
        )
    } else if in_list(keys::<GridDef>()) && table != "[[grid]]" {
        format!("`{key}` belongs in a [[grid]] table")
    } else if in_list(keys::<ShapeDef>()) && table == "the top level" {
        format!("`{key}` belongs in a [[shape]] or [[cage]] table")
    } else {
        format!("keys here: {}; see docs/format.md", known.join(", "))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ShapeKind;
    use crate::load::tests::{has, problems};
    use crate::load::{analyze_str, load_str};

    fn read_str(text: &str) -> Read {
        read(
            &Arc::new(Source::new("t.toml", text)),
            (&mut { u64::MAX }, u64::MAX),
        )
    }

    /// The reader and serde's derive must agree on every key of a file that uses them all:
    /// the types are the one description of the format.
    #[test]
    fn the_reader_fills_the_same_definition_as_serde() {
        let text = "name = \"n\"\ndescription = \"d\"\nvariant = \"v\"\nsymbols = \"12\"\nvalues = [1, 2]\ncells = \"r1c1\"\ngivens = [\"1.\", \".2\"]\nsolution = \"12\"\ncandidates = { r1c1 = \"12\", r1c2 = \"2\" }\n[[grid]]\nname = \"g\"\nat = [1, 2]\nsize = 2\nbox = [1, 2]\ndiagonals = true\nrows = false\ncolumns = false\nregions = \"AB\"\nwrap = true\n[[shape]]\nname = \"s\"\ncells = \"r1c1\"\nkind = \"region\"\nplane = \"top\"\norigin = [0, 1, 1]\n[[shape]]\ncells = \"r1c1\"\nsum = 3\nrepeats = true\n[[cage]]\nsum = 3\ncells = \"r1c1\"\nname = \"c\"\nrepeats = false\n[[rule]]\ntype = \"thermo\"\ncells = \"r1c1 r1c2\"\nname = \"t\"\n[[rule]]\ntype = \"kropki\"\nwhite = [\"r1c1 r1c2\"]\nsame = [\"r1c1 r1c2\"]\ndifferent = [\"r1c1 r1c2\"]\nsets = [\"r1c1\", \"r1c2\"]\narms = [\"r1c2\"]\nblack = []\nx = []\nv = []\npairs = []\nvalue = 2\nnegative = true\nsymbols = \"1\"\n[[rule]]\ntype = \"sequence\"\ntotal = 3\nat = [0, 1]\ndirection = \"down-right\"\ncircle = \"r1c1\"\ndifference = 5\ncopy = \"r1c2\"\nloop = true\nstates = \"s\"\nstart = \"s\"\naccept = \"s\"\ntransitions = [\"s 1 s\"]\nregex = \"1\"\nallowed = [\"1 2\"]\ncount = 3\nindexes = \"column\"\ncounts = \"regions\"\n[[rule]]\ntype = \"any\"\n[[rule.of]]\ntype = \"anti-knight\"\n";
        let r = read_str(text);
        assert!(r.head.is_empty() && r.body.is_empty(), "{:?}", r.body);
        let serde: FileDef = toml::from_str(text).unwrap();
        assert_eq!(r.def, serde);
        // Every declared key is in the sample, so a key the reader forgets cannot pass.
        let sections: Vec<&str> = text.split("\n[[").collect();
        for (header, keys) in [
            ("", keys::<FileDef>()),
            ("grid]]", keys::<GridDef>()),
            ("shape]]", keys::<ShapeDef>()),
            ("cage]]", keys::<CageDef>()),
            ("rule]]", keys::<RuleDef>()),
        ] {
            let used: Vec<&str> = sections
                .iter()
                .enumerate()
                .filter(|(i, s)| {
                    (header.is_empty() && *i == 0) || (*i > 0 && s.starts_with(header))
                })
                .flat_map(|(_, s)| s.lines())
                .filter_map(|l| l.split_once(" = ").map(|(k, _)| k))
                .collect();
            for k in keys {
                let table = ["grid", "shape", "cage", "rule", "of"].contains(k);
                assert!(used.contains(k) || table, "{header} {k}");
            }
        }
    }

    #[test]
    fn header_problems_are_kept_apart_from_the_rest() {
        let r = read_str("variant = 4\nsymbol = \"1\"\nname = 5\n");
        let msgs = |v: &[Diagnostic]| v.iter().map(|d| d.message.clone()).collect::<Vec<_>>();
        assert_eq!(
            msgs(&r.head),
            [
                "unknown key `symbol` in the top level",
                "`variant` must be a string, not an integer"
            ]
        );
        assert_eq!(msgs(&r.body), ["`name` must be a string, not an integer"]);
        assert!(r.def.variant.is_invalid() && r.def.name.is_invalid());
    }

    #[test]
    fn unusable_tables_keep_their_place() {
        let r = read_str(
            "[[shape]]\nsum = \"x\"\ncells = 5\n[[shape]]\nkind = \"circle\"\n[[shape]]\nkind = 5\ncells = \"r1c1\"\n[[cage]]\nsum = \"x\"\ncells = \"r1c1\"\n",
        );
        let items = &r.def.shape.items;
        assert!(items[0].is_invalid() && items[1].is_invalid(), "{items:?}");
        // A `kind` of the wrong type is reported, and the shape is still read.
        let third = items[2].value().unwrap();
        assert!(third.kind.is_invalid());
        assert_eq!(third.cells.value().unwrap(), "r1c1");
        assert!(r.def.cage.items[0].is_invalid());
        // The wrong `cells` of a shape not read further is not reported.
        assert_eq!(r.body.len(), 4, "{:?}", r.body);
    }

    #[test]
    fn top_level_spans_cover_key_and_value() {
        let text = "name = \"x\"\ngivens = \"\"\"\n12\n\"\"\"\n[[grid]]\nsize = 2\n";
        let spans = top_level_spans(text);
        let keys: Vec<&str> = spans.iter().map(|(k, _)| k.as_str()).collect();
        assert_eq!(keys, ["name", "givens"]);
        assert_eq!(&text[spans[1].1.clone()], "givens = \"\"\"\n12\n\"\"\"");
    }

    #[test]
    fn shape_kind_sets_how_a_shape_is_drawn_and_rejects_unknown_kinds() {
        let text = "symbols = \"1234\"\ncells = \"r1-2c1-2\"\n[[shape]]\nname = \"face\"\nkind = \"box\"\ncells = \"r1-2c1-2\"\n";
        let l = load_str("t.toml", text, None).unwrap();
        assert_eq!(l.geometry.shape(0).kind, ShapeKind::Box);
        let p = problems(&text.replace("\"box\"", "\"circle\""));
        assert!(has(&p, 5, 8, "unknown kind `circle`"), "{p:?}");
        let p = problems(
            "symbols = \"1234\"\ncells = \"r1c1-2\"\n[[shape]]\nsum = 3\nkind = \"box\"\ncells = \"r1c1-2\"\n",
        );
        assert!(has(&p, 5, 8, "takes no `kind`"), "{p:?}");
    }

    #[test]
    fn every_unknown_key_is_reported_where_it_is() {
        let p = problems(
            "symbols = \"1234\"\nsymbol = \"x\"\n[[grid]]\nsize = 4\nbox = [2, 2]\ndiagonal = true\n[[shape]]\ncell = \"r1c1\"\ncells = \"r1c1\"\n",
        );
        assert!(has(&p, 2, 1, "unknown key `symbol`"), "{p:?}");
        assert!(has(&p, 6, 1, "unknown key `diagonal`"), "{p:?}");
        assert!(has(&p, 8, 1, "unknown key `cell`"), "{p:?}");
        assert_eq!(p.len(), 3, "{p:?}");
        let a = analyze_str("t.toml", "variant = \"4x4\"\nsymbol = 1\n", None);
        assert_eq!(
            a.diagnostics[0].help.as_deref(),
            Some("did you mean `symbols`?")
        );
    }

    #[test]
    fn wrong_types_are_reported_and_the_rest_still_checked() {
        let p = problems(
            "symbols = \"1234\"\n[[grid]]\nsize = \"four\"\n[[grid]]\nsize = 4\nbox = [2, 3]\nrows = 1\n",
        );
        assert!(
            has(&p, 3, 8, "`size` must be an integer, not a string"),
            "{p:?}"
        );
        assert!(
            has(&p, 6, 7, "boxes of 2x3 do not tile a 4x4 grid"),
            "{p:?}"
        );
        assert!(has(&p, 7, 8, "`rows` must be true or false"), "{p:?}");
    }

    #[test]
    fn syntax_errors_have_a_place() {
        let p = problems("variant = \"4x4\"\ngivens = \"1...\n");
        assert!(!p.is_empty());
        assert!(
            p.iter()
                .all(|(l, _, m)| *l == 2 && m.starts_with("TOML syntax")),
            "{p:?}"
        );
    }
}
