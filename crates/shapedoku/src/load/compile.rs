//! Stage 3: definitions → [`Geometry`]. The files of a chain are gathered base first into one
//! `State` (symbols, cells, grids, shapes with the places they were written), checking what
//! a file can be checked for on its own: symbols, cell references, grids that tile. Then a
//! [`GeometryBuilder`] compiles it; its issues are mapped back to the places in the files (see
//! [`super::issues`]), and when only explicit shapes are broken the rest is still compiled, so
//! that givens can be checked against it.

use super::definition::{
    CageDef, Field, FileDef, GivensDef, GridDef, KindDef, MAX_CANVAS, ShapeDef,
};
use super::growth::{cell_refs, grow};
use super::issues;
use super::resolve::Link;
use super::source::{Diagnostic, Source, Text};
use super::state::{CandidatesIn, Given, GridSrc, ShapeIn, State};
use crate::geometry::Size;
use crate::{
    Geometry, GeometryBuilder, GridSpec, Limits, ModelError, Pos, Rule, ShapeKind, Symbols,
};
use std::ops::Range;
use std::sync::Arc;
use toml::Spanned;

/// Gathers a chain (top file first, as [`super::resolve::chain`] gives it) into one state,
/// base first. A file's own problems are reported only when the files below it have none;
/// otherwise its `variant` is reported as broken and `None` returned.
pub(crate) fn gather(
    links: Vec<Link>,
    limits: &Limits,
    diags: &mut Vec<Diagnostic>,
) -> Option<State> {
    let mut state = State {
        limits: *limits,
        ..State::default()
    };
    let mut below = 0usize;
    for (i, link) in links.into_iter().rev().enumerate() {
        let has_base = i > 0;
        if has_base {
            let variant = link.read.def.variant.valid()?;
            if below > 0 {
                diags.push(
                    Diagnostic::new(
                        &link.src,
                        Some(variant.span()),
                        format!(
                            "the variant `{}` has problems (listed above)",
                            variant.get_ref()
                        ),
                    )
                    .help("fix the variant file first"),
                );
                return None;
            }
            // A base's own example givens do not carry over to the puzzle.
            state.givens = None;
            state.solution = None;
            state.candidates = None;
            state.is_puzzle = true;
        }
        state.syntax_broken |= link.read.syntax_broken;
        let before = diags.len();
        diags.extend(link.read.body);
        add_file(&mut state, &link.src, &link.read.def, has_base, diags);
        below += link.head_problems + diags.len() - before;
    }
    Some(state)
}

/// Adds one file to the state, reporting what can be checked within it.
fn add_file(
    state: &mut State,
    src: &Arc<Source>,
    def: &FileDef,
    has_base: bool,
    diags: &mut Vec<Diagnostic>,
) {
    match def.name.value() {
        Some(n) => state.name = n.clone(),
        None if !has_base => {
            let stem = src.name.rsplit(['/', '\\', ':']).next().unwrap_or("");
            state.name = stem.trim_end_matches(".toml").to_string();
        }
        None => {}
    }
    if let Some(d) = def.description.value() {
        state.description = d.clone();
    }
    add_symbols(state, src, def, diags);
    add_cells(state, src, &def.cells, diags);
    state.cells_incomplete |= def.grid.malformed;
    for item in &def.grid.items {
        match item
            .valid()
            .and_then(|g| grid(src, g, state.grids.len(), diags))
        {
            Some(g) => {
                let what = format!("grid {}", state.grids.len() + 1);
                if grow(
                    state,
                    src,
                    g.1.size.clone(),
                    &what,
                    Size::of_grid(&g.0),
                    diags,
                ) {
                    state.grids.push(g);
                }
            }
            None => state.cells_incomplete = true,
        }
    }
    for (k, item) in def.shape.items.iter().enumerate() {
        if let Some(s) = item.valid() {
            add_shape_table(state, src, s, k, diags);
        }
    }
    for (k, item) in def.cage.items.iter().enumerate() {
        if let Some(c) = item.valid() {
            add_cage(state, src, c, k + 1, diags);
        }
    }
    for (k, item) in def.rule.items.iter().enumerate() {
        if let Some(r) = item.valid() {
            super::rules::add_rule(state, src, r, k + 1, diags);
        }
    }
    if def.cage.present || def.givens.is_present() || def.candidates.is_present() {
        state.is_puzzle = true;
    }
    let given = |f: &Field<GivensDef>| {
        f.valid().map(|def| Given {
            src: src.clone(),
            def: def.clone(),
        })
    };
    if let Some(g) = given(&def.givens) {
        state.givens = Some(g);
    }
    if let Some(g) = given(&def.solution) {
        state.solution = Some(g);
    }
    if let Some(def) = def.candidates.valid() {
        state.candidates = Some(CandidatesIn {
            src: src.clone(),
            def: def.clone(),
        });
    }
}

fn add_symbols(state: &mut State, src: &Arc<Source>, def: &FileDef, diags: &mut Vec<Diagnostic>) {
    let values = def.values.valid();
    match def.symbols.valid() {
        Some(sym) => {
            let text = Text::new(&src.text, sym.span(), sym.get_ref());
            let chars: Vec<char> = text.value.chars().collect();
            let res = match values {
                Some(v) => Symbols::with_values(chars, v.get_ref().clone()),
                None => Symbols::new(chars),
            };
            match res {
                Ok(s) => {
                    state.symbols = Some(s);
                    state.values_given = values.is_some();
                }
                Err(e) => {
                    state.symbols_broken = true;
                    diags.push(symbol_error(src, &text, values.map(Spanned::span), &e));
                }
            }
        }
        None if def.symbols.is_present() => state.symbols_broken = true,
        None => {
            if let Some(v) = values {
                diags.push(
                    Diagnostic::new(
                        src,
                        Some(v.span()),
                        "`values` needs `symbols` in the same file",
                    )
                    .help("repeat the variant's `symbols` above `values`, one value per symbol"),
                );
            }
            state.symbols_broken |= def.values.is_present();
        }
    }
    state.symbols_broken |= def.values.is_invalid();
}

fn symbol_error(
    src: &Arc<Source>,
    sym: &Text,
    values: Option<Range<usize>>,
    e: &ModelError,
) -> Diagnostic {
    let span = match e {
        ModelError::SymbolValues { .. } => values.unwrap_or(sym.span.clone()),
        ModelError::DuplicateSymbol(c)
        | ModelError::ReservedSymbol(c)
        | ModelError::InvisibleSymbol(c, _) => {
            // Point at the offending occurrence (the second one for a duplicate).
            let mut hits = sym.value.char_indices().filter(|(_, x)| x == c);
            let hit = if matches!(e, ModelError::DuplicateSymbol(_)) {
                hits.nth(1)
            } else {
                hits.next()
            };
            hit.map_or(sym.span.clone(), |(i, c)| sym.at(i, c.len_utf8()))
        }
        _ => sym.span.clone(),
    };
    let mut d = Diagnostic::new(src, Some(span), e.to_string());
    d.help = issues::model_help(e);
    d
}

fn add_cells(
    state: &mut State,
    src: &Arc<Source>,
    cells: &Field<String>,
    diags: &mut Vec<Diagnostic>,
) {
    let Some(cells) = cells.valid() else {
        state.cells_incomplete |= cells.is_invalid();
        return;
    };
    let text = Text::new(&src.text, cells.span(), cells.get_ref());
    let budget = state.limits.max_cells.saturating_sub(state.size.cells);
    let Some((refs, ok)) = cell_refs(state, src, &text, (budget, cells_size), "`cells`", diags)
    else {
        return;
    };
    state.cells_incomplete |= !ok;
    let before = state.cells.len();
    for p in refs.into_iter().flat_map(|(_, ps)| ps) {
        if p.row > MAX_CANVAS || p.col > MAX_CANVAS {
            state.cells_incomplete = true;
        } else {
            state.cells.push(p);
        }
    }
    let size = Size::of_cells(&state.cells[before..]);
    grow(state, src, text.span.clone(), "`cells`", size, diags);
    if state.cells_incomplete && ok {
        diags.push(
            Diagnostic::new(
                src,
                Some(text.span.clone()),
                format!("`cells` lists a cell beyond row or column {MAX_CANVAS}"),
            )
            .help(format!("the canvas is at most {MAX_CANVAS}x{MAX_CANVAS}")),
        );
    }
}

/// A grid's spec, or `None` when any part of it is wrong (reported). `index` numbers it in
/// messages.
fn grid(
    src: &Arc<Source>,
    item: &Spanned<GridDef>,
    index: usize,
    diags: &mut Vec<Diagnostic>,
) -> Option<(GridSpec, GridSrc)> {
    let (g, span) = (item.get_ref(), item.span());
    let before = diags.len();
    if !g.size.is_present() {
        diags.push(
            Diagnostic::new(
                src,
                Some(span.clone()),
                format!("grid {} has no `size`", index + 1),
            )
            .help("add `size = 9` (9 x 9 cells) or `size = [6, 8]` (6 rows of 8 cells)"),
        );
    }
    let size = g.size.value().copied();
    let at = g.at.value().copied().unwrap_or([1, 1]);
    if let (Some([h, w]), Some(a)) = (size, g.at.span()) {
        if at[0] + h - 1 > MAX_CANVAS || at[1] + w - 1 > MAX_CANVAS {
            diags.push(
                Diagnostic::new(
                    src,
                    Some(a),
                    format!(
                        "grid {} reaches beyond row or column {MAX_CANVAS}",
                        index + 1
                    ),
                )
                .help(format!("the canvas is at most {MAX_CANVAS}x{MAX_CANVAS}")),
            );
        }
    }
    let boxes = size.and_then(|hw| boxes(src, g, hw, diags));
    let regions = g
        .regions
        .valid()
        .map(|r| Text::new(&src.text, r.span(), r.get_ref()));
    if let (Some(reg), Some(hw)) = (&regions, size) {
        region_map_length(src, reg, hw, index, diags);
    }
    if let (Some(true), Some([h, w]), Some(span)) = (g.diagonals.value(), size, g.diagonals.span())
    {
        if h != w {
            diags.push(
                Diagnostic::new(
                    src,
                    Some(span),
                    format!(
                        "grid {} is {h}x{w}: only a square grid has main diagonals",
                        index + 1
                    ),
                )
                .help("draw diagonals of a rectangle as [[shape]] lists of cells"),
            );
        }
    }
    let invalid = [g.name.is_invalid(), g.size.is_invalid(), g.at.is_invalid()]
        .into_iter()
        .chain([
            g.boxes.is_invalid(),
            g.diagonals.is_invalid(),
            g.rows.is_invalid(),
        ])
        .chain([
            g.columns.is_invalid(),
            g.regions.is_invalid(),
            g.wrap.is_invalid(),
        ])
        .any(|b| b);
    if invalid || diags.len() > before {
        return None;
    }
    let [height, width] = size?;
    let mut spec = GridSpec::rectangle(Pos::new(at[0], at[1]), height, width);
    spec.name = g.name.value().cloned();
    spec.rows = g.rows.value().is_none_or(|r| *r);
    spec.columns = g.columns.value().is_none_or(|c| *c);
    spec.diagonals = g.diagonals.value().is_some_and(|d| *d);
    spec.wrap = g.wrap.value().is_some_and(|w| *w);
    spec.boxes = boxes;
    if let Some(reg) = &regions {
        spec = spec.with_regions(&reg.value);
    }
    let gsrc = GridSrc {
        src: src.clone(),
        whole: span,
        size: g.size.span().unwrap_or(0..0),
        boxes: g.boxes.span(),
        diagonals: g.diagonals.span(),
        regions,
    };
    Some((spec, gsrc))
}

/// The boxes of a grid of `[height, width]` cells, when they tile it.
fn boxes(
    src: &Arc<Source>,
    g: &GridDef,
    [height, width]: [u32; 2],
    diags: &mut Vec<Diagnostic>,
) -> Option<(u32, u32)> {
    let b = g.boxes.valid()?;
    let [h, w] = *b.get_ref();
    // The model only needs boxes that tile the grid (they need not hold N cells).
    if height % h == 0 && width % w == 0 {
        return Some((h, w));
    }
    let help = if height == width {
        format!(
            "box height and width must divide the size {height}, e.g. [3, 3] for 9 or [2, 3] for 6"
        )
    } else {
        format!("the box height must divide {height} and its width {width}")
    };
    diags.push(
        Diagnostic::new(
            src,
            Some(b.span()),
            format!("boxes of {h}x{w} do not tile a {height}x{width} grid"),
        )
        .help(help),
    );
    None
}

fn region_map_length(
    src: &Arc<Source>,
    reg: &Text,
    [height, width]: [u32; 2],
    index: usize,
    diags: &mut Vec<Diagnostic>,
) {
    let count = reg.chars().count();
    let want = (height as usize) * (width as usize);
    if count == want {
        return;
    }
    let span = match reg.chars().nth(want) {
        Some((_, span)) => span,
        None => reg.span.clone(),
    };
    diags.push(
        Diagnostic::new(
            src,
            Some(span),
            format!(
                "the region map has {count} letters but grid {} has {want} cells",
                index + 1
            ),
        )
        .help(format!(
            "write {height} rows of {width} letters, one letter per cell (`.` for no region)"
        )),
    );
}

/// Adds the `index`-th `[[shape]]` of a file.
fn add_shape_table(
    state: &mut State,
    src: &Arc<Source>,
    item: &Spanned<ShapeDef>,
    index: usize,
    diags: &mut Vec<Diagnostic>,
) {
    let s = item.get_ref();
    let (rule, kind) = match s.sum.value() {
        Some(&total) => {
            let distinct = !s.repeats.value().is_some_and(|r| *r);
            (Rule::Sum { total, distinct }, ShapeKind::Cage)
        }
        None => {
            let kind = match s.kind.value() {
                Some(KindDef::Box) => ShapeKind::Box,
                Some(KindDef::Region) => ShapeKind::Region,
                Some(KindDef::Extra) | None => ShapeKind::Extra,
            };
            (Rule::NoRepeat, kind)
        }
    };
    let shape = Explicit {
        name: s.name_or_default(index),
        kind,
        rule,
        span: item.span(),
        sum_span: s.sum.span(),
        cells: &s.cells,
    };
    let before = state.shapes.len();
    add_shape(state, src, shape, diags);
    if state.shapes.len() > before {
        super::faces::gather(state, src, item, diags);
    }
}

/// Adds the `number`-th (1-based) `[[cage]]` of a file.
fn add_cage(
    state: &mut State,
    src: &Arc<Source>,
    item: &Spanned<CageDef>,
    number: usize,
    diags: &mut Vec<Diagnostic>,
) {
    let c = item.get_ref();
    let distinct = !c.repeats.value().is_some_and(|r| *r);
    // Without a total, a cage only forbids repeats.
    let rule = match c.sum.value() {
        Some(&total) => Rule::Sum { total, distinct },
        None => Rule::NoRepeat,
    };
    let shape = Explicit {
        name: c.name_or_default(number),
        kind: ShapeKind::Cage,
        rule,
        span: item.span(),
        sum_span: c.sum.span(),
        cells: &c.cells,
    };
    add_shape(state, src, shape, diags);
}

/// A `[[shape]]` or `[[cage]]` about to be added.
struct Explicit<'d> {
    name: String,
    kind: ShapeKind,
    rule: Rule,
    /// The whole table.
    span: Range<usize>,
    sum_span: Option<Range<usize>>,
    cells: &'d Field<String>,
}

fn add_shape(
    state: &mut State,
    src: &Arc<Source>,
    shape: Explicit<'_>,
    diags: &mut Vec<Diagnostic>,
) {
    let table = if shape.kind == ShapeKind::Cage && shape.sum_span.is_some() {
        "cage"
    } else {
        "shape"
    };
    let label = match shape.name.strip_prefix("cage #") {
        Some(number) => format!("cage #{number}"),
        None => format!("{table} `{}`", shape.name),
    };
    let cells = match shape.cells {
        Field::Valid(c) => Text::new(&src.text, c.span(), c.get_ref()),
        Field::Invalid => return,
        Field::Absent => {
            diags.push(
                Diagnostic::new(src, Some(shape.span), format!("{label} has no `cells`"))
                    .help("add `cells = \"r1c1 r1c2\"` (or a rectangle such as r1-3c1-3)"),
            );
            return;
        }
    };
    let budget = (state.limits.max_shape_cells).saturating_sub(state.size.shape_cells);
    let Some((refs, ok)) = cell_refs(
        state,
        src,
        &cells,
        (budget, Size::of_shape_cells),
        &label,
        diags,
    ) else {
        return;
    };
    if !ok {
        return;
    }
    let size = Size::of_shape(refs.iter().map(|(_, ps)| ps.len()).sum());
    if !grow(state, src, shape.span.clone(), &label, size, diags) {
        return;
    }
    state.shapes.push(ShapeIn {
        name: shape.name,
        kind: shape.kind,
        cells: refs.iter().flat_map(|(_, ps)| ps.iter().copied()).collect(),
        rule: shape.rule,
        src: src.clone(),
        cells_text: cells,
        refs,
        sum_span: shape.sum_span,
        face: None,
    });
}

fn cells_size(n: u64) -> Size {
    Size {
        cells: n,
        ..Size::default()
    }
}

/// Compiles the state. With broken explicit shapes the rest is compiled without them, so
/// givens can still be checked; with broken grids, symbols or cells there is no geometry.
pub(crate) fn build(state: &State, diags: &mut Vec<Diagnostic>) -> Option<Arc<Geometry>> {
    // Over a cap the geometry is never built: it is what the cap keeps from being allocated.
    if state.syntax_broken || state.symbols_broken || state.over_limit {
        return None;
    }
    let symbols = state.symbols.as_ref()?;
    let build = |skip: &[usize]| {
        let mut b = GeometryBuilder::new(&state.name, symbols.clone());
        b.description(&state.description);
        b.cells(state.cells.iter().copied());
        for (g, _) in &state.grids {
            b.grid(g.clone());
        }
        for (k, s) in state.shapes.iter().enumerate() {
            if !skip.contains(&k) {
                b.shape(&s.name, s.kind, s.cells.clone(), s.rule);
            }
        }
        b.build_checked()
    };
    let geometry = match build(&[]) {
        Ok(g) => Some(g),
        Err(found) => match issues::report(state, &found, diags) {
            Some(skip) if !state.cells_incomplete => build(&skip).ok(),
            _ => None,
        },
    };
    if state.cells_incomplete {
        return None;
    }
    let geometry = super::rules::attach(state, geometry?, diags)?;
    let geometry = super::faces::attach(state, geometry, diags)?;
    Some(Arc::new(geometry))
}

#[cfg(test)]
mod tests {
    use crate::load::tests::{has, problems};

    #[test]
    fn cell_references_are_pointed_at_inside_multiline_strings() {
        let text = "variant = \"4x4\"\n[[shape]]\ncells = \"\"\"\nr1c1 r1c2\n  r2c2 rc3\"\"\"\n[[cage]]\nsum = 3\ncells = 'r4c1 r4-c2'\n";
        let p = problems(text);
        assert!(has(&p, 5, 8, "`rc3` is not a cell reference"), "{p:?}");
        assert!(has(&p, 8, 15, "`r4-c2` is not a cell reference"), "{p:?}");
    }

    #[test]
    fn escaped_strings_fall_back_to_the_whole_value() {
        // With an escape the characters cannot be mapped one to one: point at the whole string.
        let p = problems("variant = \"4x4\"\n[[shape]]\ncells = \"r1c1\\u0020rXc1\"\n");
        assert!(has(&p, 3, 9, "`rXc1` is not a cell reference"), "{p:?}");
    }

    #[test]
    fn symbols_problems_point_at_the_character() {
        let p = problems("symbols = \"12342\"\n[[grid]]\nsize = 4\n");
        assert!(has(&p, 1, 16, "symbol `2` appears twice"), "{p:?}");
        let p = problems("symbols = \"12\"\nvalues = [1]\n[[grid]]\nsize = 2\n");
        assert!(has(&p, 2, 10, "2 symbols but 1 values"), "{p:?}");
    }

    #[test]
    fn huge_coordinates_are_refused_not_allocated() {
        let p = problems("symbols = \"1\"\ncells = \"r4000000000c1 r1c1\"\n");
        assert!(has(&p, 2, 9, "beyond row or column 1024"), "{p:?}");
        let p = problems("symbols = \"1\"\n[[grid]]\nsize = 1\nat = [99999, 1]\n");
        assert!(has(&p, 4, 7, "outside 1..=1024"), "{p:?}");
        let p = problems("symbols = \"12\"\nvalues = [1, 99999999999999]\n[[grid]]\nsize = 2\n");
        assert!(has(&p, 2, 14, "outside"), "{p:?}");
    }
    #[test]
    fn a_rectangular_grid_has_rows_columns_and_boxes_of_its_own_lengths() {
        let top = "symbols = \"12345678\"\ngivens = \"4..65....3.184...56.2.3.7..3.68...87.26..6.4.8..\"\n[[grid]]\nsize = [6, 8]\nbox = [2, 4]\n";
        let l = crate::load::load_str("r68", top, None).expect("a 6x8 grid loads");
        let g = &l.geometry;
        assert_eq!((g.rows(), g.cols(), g.cell_count()), (6, 8, 48));
        let spec = &g.grids()[0];
        assert_eq!((spec.height, spec.width, spec.side()), (6, 8, None));
        let lens = |kind| {
            g.shapes()
                .iter()
                .filter(|s| s.kind == kind)
                .map(|s| s.cells.len())
                .collect::<Vec<_>>()
        };
        use crate::geometry::ShapeKind;
        assert_eq!(lens(ShapeKind::Row), vec![8; 6]);
        assert_eq!(lens(ShapeKind::Column), vec![6; 8]);
        assert_eq!(lens(ShapeKind::Box), vec![8; 6]);
        // Rows and boxes hold every symbol once; a column of 6 may not repeat one.
        assert_eq!(g.houses().len(), 12);
        assert_eq!(l.puzzle.givens().iter().filter(|v| v.is_some()).count(), 22);
    }

    #[test]
    fn a_rectangle_s_mistakes_are_pointed_at() {
        let p = problems("symbols = \"12345678\"\n[[grid]]\nsize = [6, 8]\nbox = [3, 3]\n");
        assert!(
            has(&p, 4, 7, "boxes of 3x3 do not tile a 6x8 grid"),
            "{p:?}"
        );
        let p = problems("symbols = \"12345678\"\n[[grid]]\nsize = [6, 8]\ndiagonals = true\n");
        assert!(
            has(&p, 4, 13, "only a square grid has main diagonals"),
            "{p:?}"
        );
        let p = problems("symbols = \"1234\"\n[[grid]]\nsize = [2, 4]\nregions = \"AABBAAB\"\n");
        assert!(
            has(
                &p,
                4,
                11,
                "the region map has 7 letters but grid 1 has 8 cells"
            ),
            "{p:?}"
        );
        let p = problems("symbols = \"1234\"\n[[grid]]\nsize = [2, 4, 1]\n");
        assert!(has(&p, 3, 8, "`size` needs 2 numbers, not 3"), "{p:?}");
        let p = problems("symbols = \"1234\"\ngivens = \"1234123\"\n[[grid]]\nsize = [2, 4]\n");
        assert!(has(&p, 2, 10, "but the puzzle has 8 cells"), "{p:?}");
    }
}
