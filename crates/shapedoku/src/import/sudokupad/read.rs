//! SudokuPad's drawing conventions: which drawn elements are which rule. Each function reads
//! one convention, as SudokuPad's own conversion from f-puzzles draws the rule and as setters
//! (mostly through Sudoku Maker) follow it, marks the elements it read and says how it read
//! them in [`Draft::readings`]; the rules text decides or confirms where the drawing alone
//! does not (a green line is whispers because the text names whispers, or a green line, or
//! both).
//!
//! | rule | drawn as |
//! |---|---|
//! | diagonal | a straight line from corner to corner |
//! | thermometer | a filled round bulb (about 0.8 of a cell) and thick lines of its colour from it; every line reached from the bulb, branches too; slow when the text says so |
//! | arrow | a round (or pill-shaped) circle with a border, and arrows with heads starting in it |
//! | little killer | a short diagonal arrow starting outside the grid, and a number in the same outside cell |
//! | kropki | a small round dot (about 0.3 of a cell) on the edge between two cells: white with a dark border, or black |
//! | XV | an `X` or `V` on the edge between two cells |
//! | odd, even | a filled circle (odd) or square (even) inside a cell, when the text speaks of odd circles or even squares |
//! | line rules | a thick line through cell centres, its rule named by the text (by name or by what it requires), by colour when the text names a colour or the rule's usual one |

use crate::import::ImportError;
use crate::import::draft::{Draft, Rc, RuleDraft, cell_list};
use crate::import::sudokupad::draw::{
    Element, Family, Layer, Pt, cell_anywhere, cell_at, centre_cell, edge_cells, outside,
    path_cells,
};
use crate::import::sudokupad::text::{LineRule, RulesText, words};
use crate::load::toml_string;

fn rule(kind: &str, cells: Vec<Rc>, keys: Vec<(String, String)>, origin: String) -> RuleDraft {
    RuleDraft {
        kind: kind.into(),
        cells,
        keys,
        origin,
    }
}

fn pair_list(pairs: &[(Rc, Rc)]) -> String {
    let items: Vec<String> = pairs
        .iter()
        .map(|(a, b)| toml_string(&cell_list(&[*a, *b])))
        .collect();
    format!("[{}]", items.join(", "))
}

fn is_shape(e: &Element) -> bool {
    matches!(e.layer, Layer::Overlay | Layer::Underlay)
}

fn size_within(e: &Element, lo: f64, hi: f64) -> bool {
    (lo..=hi).contains(&e.width) && (lo..=hi).contains(&e.height)
}

/// A straight line from corner to corner: a diagonal whose digits do not repeat.
pub(in crate::import) fn diagonals(els: &mut [Element], d: &mut Draft) {
    let n = f64::from(d.size);
    for e in els.iter_mut().filter(|e| e.layer == Layer::Line) {
        let [a, b] = e.points[..] else { continue };
        let is = |p: Pt, q: Pt| (a == p && b == q) || (a == q && b == p);
        for (k, from, to, name) in [(0, (0.0, 0.0), (n, n), "↘"), (1, (0.0, n), (n, 0.0), "↗")]
        {
            if is(from, to) {
                d.diagonals[k] = true;
                e.used = true;
                d.readings.push(format!(
                    "line {}, from corner to corner: the {name} diagonal, no repeats along it",
                    e.number
                ));
            }
        }
    }
}

/// Thermometers: filled round bulbs, and the thick lines of the bulb's colour reached from
/// them, each step pointing away from the bulb (so a bulb with many branches gives one
/// thermometer per branch).
pub(in crate::import) fn thermometers(els: &mut [Element], text: &RulesText, d: &mut Draft) {
    let size = d.size;
    let bulbs: Vec<usize> = (0..els.len())
        .filter(|&i| {
            let e = &els[i];
            is_shape(e)
                && e.rounded
                && e.filled()
                && e.fill.is_some_and(|c| c.family() != Family::White)
                && size_within(e, 0.55, 0.95)
                && e.center.and_then(|c| centre_cell(c, size)).is_some()
        })
        .collect();
    // Bulbs of one colour and the lines of that colour form one drawing.
    let mut done: Vec<usize> = Vec::new();
    for &b in &bulbs {
        if done.contains(&b) {
            continue;
        }
        let colour = els[b].fill.expect("a filled bulb");
        let group: Vec<usize> = bulbs
            .iter()
            .copied()
            .filter(|&o| els[o].fill.is_some_and(|c| c.same_hue(colour)))
            .collect();
        done.extend(&group);
        let lines: Vec<(usize, Vec<Rc>)> = (0..els.len())
            .filter(|&i| {
                let e = &els[i];
                e.layer == Layer::Line
                    && !e.used
                    && e.thickness >= 4.0
                    && e.fill.is_some_and(|c| c.same_hue(colour))
            })
            .filter_map(|i| path_cells(&els[i].points, size).map(|p| (i, p)))
            .filter(|(_, p)| p.len() >= 2)
            .collect();
        let starts: Vec<Rc> = group
            .iter()
            .filter_map(|&i| els[i].center.and_then(|c| centre_cell(c, size)))
            .collect();
        let steps = orient(&lines, &starts);
        if steps.is_empty() {
            continue;
        }
        let family = colour.family();
        let kinds = text.line_rules(family, &[LineRule::Thermo, LineRule::SlowThermo]);
        let kind = match kinds[..] {
            [] | [LineRule::Thermo] => LineRule::Thermo,
            [LineRule::SlowThermo] => LineRule::SlowThermo,
            _ => continue,
        };
        let mut used_lines = Vec::new();
        for (i, path) in &lines {
            let all = path
                .windows(2)
                .all(|w| steps.contains(&(w[0], w[1])) || steps.contains(&(w[1], w[0])));
            if all {
                els[*i].used = true;
                used_lines.push(els[*i].number.to_string());
            }
        }
        let mut used_bulbs = Vec::new();
        for &i in &group {
            let at = els[i].center.and_then(|c| centre_cell(c, size));
            if steps.iter().any(|s| Some(s.0) == at) {
                els[i].used = true;
                used_bulbs.push(els[i].describe(size));
            }
        }
        let chains = chains(&steps, &starts);
        let what = if kind == LineRule::SlowThermo {
            "slow thermometer (the rules text says digits may stay the same)"
        } else {
            "thermometer"
        };
        for chain in &chains {
            d.readings.push(format!(
                "{} line{} {} from {}: a {what} ({})",
                family.name(),
                if used_lines.len() == 1 { "" } else { "s" },
                used_lines.join(", "),
                used_bulbs.join(", "),
                cell_list(chain)
            ));
            d.rules.push(rule(
                kind.kind(),
                chain.clone(),
                Vec::new(),
                format!("thermometer from {}", cell_list(&chain[..1])),
            ));
        }
    }
}

/// The steps `(from, to)` of the lines' cell paths reached from the bulbs, each pointing away
/// from the bulb that reached it first (breadth first, in drawing order, so the result does
/// not depend on anything but the drawing).
fn orient(lines: &[(usize, Vec<Rc>)], starts: &[Rc]) -> Vec<(Rc, Rc)> {
    let mut edges: Vec<(Rc, Rc)> = Vec::new();
    for (_, p) in lines {
        for w in p.windows(2) {
            if !edges.contains(&(w[0], w[1])) && !edges.contains(&(w[1], w[0])) {
                edges.push((w[0], w[1]));
            }
        }
    }
    let mut seen: Vec<Rc> = starts.to_vec();
    let mut queue: std::collections::VecDeque<Rc> = starts.iter().copied().collect();
    let mut out = Vec::new();
    let mut taken = vec![false; edges.len()];
    while let Some(c) = queue.pop_front() {
        for (k, &(a, b)) in edges.iter().enumerate() {
            if taken[k] || (a != c && b != c) {
                continue;
            }
            let next = if a == c { b } else { a };
            taken[k] = true;
            out.push((c, next));
            if !seen.contains(&next) {
                seen.push(next);
                queue.push_back(next);
            }
        }
    }
    out
}

/// Oriented steps as chains of cells: from each bulb, one chain per branch, following the
/// first untaken step on and starting a new chain at every fork.
fn chains(steps: &[(Rc, Rc)], starts: &[Rc]) -> Vec<Vec<Rc>> {
    let mut taken = vec![false; steps.len()];
    let mut out = Vec::new();
    let mut origins: Vec<Rc> = starts.to_vec();
    let mut k = 0;
    while k < origins.len() {
        let origin = origins[k];
        k += 1;
        while let Some(first) = (0..steps.len()).find(|&i| !taken[i] && steps[i].0 == origin) {
            let mut chain = vec![origin];
            let mut at = first;
            loop {
                taken[at] = true;
                let next = steps[at].1;
                chain.push(next);
                if !origins.contains(&next) {
                    origins.push(next);
                }
                match (0..steps.len()).find(|&i| !taken[i] && steps[i].0 == next) {
                    Some(i) => at = i,
                    None => break,
                }
            }
            out.push(chain);
        }
    }
    out
}

/// The cells a circle covers: one, or two or three in a row for a pill.
fn circle_cells(e: &Element, size: u32) -> Option<Vec<Rc>> {
    let (cy, cx) = e.center?;
    let mut cells = Vec::new();
    let (h, w) = (e.height, e.width);
    for r in 0..size {
        for c in 0..size {
            let (y, x) = (f64::from(r) + 0.5, f64::from(c) + 0.5);
            if (y - cy).abs() <= (h - 0.6).max(0.0) / 2.0 + 0.1
                && (x - cx).abs() <= (w - 0.6).max(0.0) / 2.0 + 0.1
            {
                cells.push((r + 1, c + 1));
            }
        }
    }
    (1..=3).contains(&cells.len()).then_some(cells)
}

/// Arrows: a round circle (a pill over two or three cells too) with a border and no dark
/// fill, and arrows with heads starting inside it; the arrow's cells past the circle sum to
/// the circle.
pub(in crate::import) fn arrows(els: &mut [Element], d: &mut Draft) {
    let size = d.size;
    let circles: Vec<(usize, Vec<Rc>)> = (0..els.len())
        .filter(|&i| {
            let e = &els[i];
            is_shape(e)
                && !e.used
                && e.rounded
                && e.bordered()
                && e.fill
                    .is_none_or(|c| !c.visible() || c.family() == Family::White)
                && e.text.is_empty()
                && e.width >= 0.6
                && e.height >= 0.6
        })
        .filter_map(|i| circle_cells(&els[i], size).map(|c| (i, c)))
        .collect();
    for a in 0..els.len() {
        let e = &els[a];
        if e.layer != Layer::Arrow || e.used || e.head <= 0.0 || e.points.len() < 2 {
            continue;
        }
        let p0 = e.points[0];
        let Some(start) = cell_at(p0, size) else {
            continue;
        };
        let Some((ci, circle)) = circles.iter().find(|(_, cells)| cells.contains(&start)) else {
            continue;
        };
        let mut pts = vec![(f64::from(start.0) - 0.5, f64::from(start.1) - 0.5)];
        pts.extend(&e.points[1..]);
        let Some(path) = path_cells(&pts, size) else {
            continue;
        };
        let shaft: Vec<Rc> = path
            .into_iter()
            .skip_while(|c| circle.contains(c))
            .collect();
        if shaft.is_empty() {
            continue;
        }
        let what = format!("arrow {}", e.number);
        d.readings.push(format!(
            "{what} from the circle {} ({}): an arrow, its cells {} sum to the circle",
            els[*ci].number,
            cell_list(circle),
            cell_list(&shaft)
        ));
        d.rules.push(rule(
            "arrow",
            shaft,
            vec![("circle".into(), toml_string(&cell_list(circle)))],
            what,
        ));
        els[a].used = true;
        els[*ci].used = true;
    }
}

/// Little killers: a short diagonal arrow starting outside the grid, with a number in the
/// cell outside the grid where it starts; read when the text speaks of sums along diagonals.
pub(in crate::import) fn little_killers(els: &mut [Element], text: &RulesText, d: &mut Draft) {
    let size = d.size;
    if !text.says(&["diagonal|little killer", "sum|total"]) {
        return;
    }
    for a in 0..els.len() {
        let e = &els[a];
        if e.layer != Layer::Arrow || e.used || e.points.len() != 2 {
            continue;
        }
        let (p, q) = (e.points[0], e.points[1]);
        let (dy, dx) = (q.0 - p.0, q.1 - p.1);
        let diagonal = dy.abs() > 0.01 && (dy.abs() - dx.abs()).abs() < 0.05 * dy.abs().max(0.1);
        if !diagonal || dy.hypot(dx) > 0.8 || !outside(p, size) {
            continue;
        }
        let at = cell_anywhere(p);
        let number = (0..els.len()).find(|&i| {
            let t = &els[i];
            is_shape(t)
                && !t.used
                && t.text.parse::<i64>().is_ok()
                && t.center.is_some_and(|c| cell_anywhere(c) == at)
        });
        let Some(ni) = number else { continue };
        let total: i64 = els[ni].text.parse().expect("checked above");
        let direction = match (dy > 0.0, dx > 0.0) {
            (true, true) => "down-right",
            (true, false) => "down-left",
            (false, true) => "up-right",
            (false, false) => "up-left",
        };
        let what = format!("arrow {}", e.number);
        d.readings.push(format!(
            "{what} and the number {total} outside the grid at row {}, column {}: a little killer, the {direction} diagonal sums to {total}",
            at.0, at.1
        ));
        d.rules.push(rule(
            "little-killer",
            Vec::new(),
            vec![
                ("at".into(), format!("[{}, {}]", at.0, at.1)),
                ("direction".into(), toml_string(direction)),
                ("total".into(), total.to_string()),
            ],
            what,
        ));
        els[a].used = true;
        els[ni].used = true;
    }
}

/// Which of two kinds of mark the paragraphs saying all marks are given speak of: each kind
/// by its words, and both when they name neither.
fn negative_scope(paragraphs: &[&str], first: &[&str], second: &[&str]) -> (bool, bool) {
    let mut scope = (false, false);
    for p in paragraphs {
        let w: Vec<&str> = words(p).collect();
        let has = |list: &[&str]| list.iter().any(|x| w.contains(x) || p.contains(x));
        match (has(first), has(second)) {
            (false, false) | (true, true) => scope = (true, true),
            (a, b) => scope = (scope.0 || a, scope.1 || b),
        }
    }
    scope
}

/// Kropki dots: small round dots on the edge between two cells, white with a dark border
/// (consecutive) or black (ratio 2); the negative constraint when the text says all dots are
/// given.
pub(in crate::import) fn kropki(els: &mut [Element], text: &RulesText, d: &mut Draft) {
    let size = d.size;
    let (mut white, mut black) = (Vec::new(), Vec::new());
    // Dots of another colour: a rule of the setter's own, which the text's "all dots are
    // given" may be about.
    let mut other = 0;
    for e in els.iter_mut() {
        if !is_shape(e) || e.used || !e.rounded || !e.text.is_empty() || !size_within(e, 0.2, 0.42)
        {
            continue;
        }
        let Some(pair) = e.center.and_then(|c| edge_cells(c, size)) else {
            continue;
        };
        let fill = e.fill.filter(|c| c.visible()).map(|c| c.family());
        let border = e.border.filter(|c| c.visible()).map(|c| c.family());
        match (fill, border) {
            (Some(Family::White), Some(Family::Black)) => white.push(pair),
            (Some(Family::Black), _) => black.push(pair),
            _ => {
                other += usize::from(fill.is_some() || border.is_some());
                continue;
            }
        }
        e.used = true;
    }
    let mut negative = text.all_given(&["dot|kropki"]);
    if other > 0 && white.is_empty() && black.is_empty() {
        // No kropki dot at all: the negative constraint is the other dots' rule, not read.
        negative.clear();
    }
    let (white_neg, black_neg) = negative_scope(
        &negative,
        &["white", "consecutive"],
        &["black", "ratio", "double", "1:2", "2:1"],
    );
    if white.is_empty() && black.is_empty() && negative.is_empty() {
        return;
    }
    let said = |neg: bool| {
        if neg {
            ", and no other neighbours (the rules text says all are given)"
        } else {
            ""
        }
    };
    if white_neg && black_neg {
        d.readings.push(format!(
            "{} white and {} black dots on edges: kropki, white consecutive, black in ratio 2{}",
            white.len(),
            black.len(),
            said(true)
        ));
        let keys = vec![
            ("white".into(), pair_list(&white)),
            ("black".into(), pair_list(&black)),
            ("negative".into(), "true".into()),
        ];
        d.rules
            .push(rule("kropki", Vec::new(), keys, "kropki dots".into()));
        return;
    }
    for (kind, pairs, neg, what) in [
        ("difference", &white, white_neg, "white dots: consecutive"),
        ("ratio", &black, black_neg, "black dots: in ratio 2"),
    ] {
        if pairs.is_empty() && !neg {
            continue;
        }
        d.readings
            .push(format!("{} {what}{}", pairs.len(), said(neg)));
        let mut keys = vec![("pairs".into(), pair_list(pairs))];
        if neg {
            keys.push(("negative".into(), "true".into()));
        }
        d.rules
            .push(rule(kind, Vec::new(), keys, format!("{} dots", kind)));
    }
}

/// XV: an `X` or `V` on the edge between two cells; the negative constraint when the text
/// says all are given, which the engine holds only for X and V together.
pub(in crate::import) fn xv(
    els: &mut [Element],
    text: &RulesText,
    d: &mut Draft,
) -> Result<(), ImportError> {
    let size = d.size;
    let (mut x, mut v) = (Vec::new(), Vec::new());
    for e in els.iter_mut() {
        let letter = e.text.to_ascii_uppercase();
        if !is_shape(e) || e.used || !matches!(letter.as_str(), "X" | "V") || e.width > 0.6 {
            continue;
        }
        let Some(pair) = e.center.and_then(|c| edge_cells(c, size)) else {
            continue;
        };
        if letter == "X" { &mut x } else { &mut v }.push(pair);
        e.used = true;
    }
    let negative = text.all_given(&["sum"]);
    let negative: Vec<&str> = negative
        .into_iter()
        .filter(|p| {
            let w: Vec<&str> = words(p).collect();
            ["x", "v", "xs", "vs", "xv"].iter().any(|k| w.contains(k))
        })
        .collect();
    let (x_neg, v_neg) = negative_scope(&negative, &["x", "xs", "10"], &["v", "vs", "5"]);
    if x_neg != v_neg {
        return Err(ImportError::key(
            "overlays",
            format!(
                "the rules text says all {} are given, and the negative constraint of one of X and V alone is not supported (yet)",
                if x_neg { "Xs" } else { "Vs" }
            ),
        ));
    }
    if x.is_empty() && v.is_empty() && !x_neg {
        return Ok(());
    }
    d.readings.push(format!(
        "{} X and {} V on edges: XV, an X's cells sum to 10, a V's to 5{}",
        x.len(),
        v.len(),
        if x_neg {
            ", and no other neighbours (the rules text says all are given)"
        } else {
            ""
        }
    ));
    let mut keys = vec![("x".into(), pair_list(&x)), ("v".into(), pair_list(&v))];
    if x_neg {
        keys.push(("negative".into(), "true".into()));
    }
    d.rules
        .push(rule("xv", Vec::new(), keys, "X and V marks".into()));
    Ok(())
}

/// Odd and even cells: a filled circle or square inside a cell, read when the text speaks of
/// odd digits in circles or even digits in squares.
pub(in crate::import) fn parity(els: &mut [Element], text: &RulesText, d: &mut Draft) {
    let size = d.size;
    let odd = text.says(&["odd", "circle"]);
    let even = text.says(&["even", "square"]);
    for e in els.iter_mut() {
        if !is_shape(e)
            || e.used
            || !e.filled()
            || !e.text.is_empty()
            || !size_within(e, 0.45, 0.95)
        {
            continue;
        }
        if e.fill.is_some_and(|c| c.family() == Family::White) {
            continue;
        }
        let Some(cell) = e.center.and_then(|c| centre_cell(c, size)) else {
            continue;
        };
        let kind = match (e.rounded, odd, even) {
            (true, true, _) => "odd",
            (false, _, true) => "even",
            _ => continue,
        };
        let shape = if e.rounded { "circle" } else { "square" };
        d.readings.push(format!(
            "{}: a filled {shape} in a cell, {kind} (the rules text says so)",
            e.describe(size)
        ));
        d.rules
            .push(rule(kind, vec![cell], Vec::new(), e.describe(size)));
        e.used = true;
    }
}

/// Line rules: a thick line through cell centres, whose rule the text names with its colour,
/// or names without a colour when the line has the rule's usual colour; with no rules text at
/// all, the usual colour alone.
pub(in crate::import) fn lines(
    els: &mut [Element],
    text: &RulesText,
    has_text: bool,
    d: &mut Draft,
) {
    let size = d.size;
    let offered = [
        LineRule::Whispers,
        LineRule::Renban,
        LineRule::RegionSum,
        LineRule::Palindrome,
        LineRule::Entropic,
        LineRule::Modular,
        LineRule::Zipper,
    ];
    let difference = text.whispers_difference();
    let mut zipper_centres = Vec::new();
    for e in els.iter_mut() {
        if e.layer != Layer::Line || e.used || e.thickness < 3.0 {
            continue;
        }
        let Some(colour) = e.fill.filter(|c| c.visible()) else {
            continue;
        };
        let Some(cells) = path_cells(&e.points, size).filter(|c| c.len() >= 2) else {
            continue;
        };
        let family = colour.family();
        let rules: Vec<LineRule> = if has_text {
            text.line_rules(family, &offered)
        } else {
            offered
                .iter()
                .copied()
                .filter(|r| r.usual_colours().contains(&family))
                .collect()
        };
        let [r] = rules[..] else { continue };
        let mut pieces = vec![cells.clone()];
        let mut note = String::new();
        if let Some(twice) = cells
            .iter()
            .find(|c| cells.iter().filter(|x| x == c).count() > 1)
        {
            let twice = cell_list(&[*twice]);
            match r {
                // A set of digits: each cell counts once.
                LineRule::Renban => {
                    let mut once: Vec<Rc> = Vec::new();
                    for c in &cells {
                        if !once.contains(c) {
                            once.push(*c);
                        }
                    }
                    pieces = vec![once];
                    note = format!(" (it visits {twice} twice; each cell counts once)");
                }
                // Neighbours along the line: every step kept, in pieces without a repeat.
                LineRule::Whispers => {
                    pieces = split_at_repeats(&cells);
                    note = format!(" (it visits {twice} twice; read as {} lines)", pieces.len());
                }
                // Windows of three along a closed loop: the loop, and the windows across
                // its closing cell as a second line.
                LineRule::Entropic | LineRule::Modular if closed_loop(&cells) => {
                    let m = cells.len() - 1;
                    pieces = vec![
                        cells[..m].to_vec(),
                        vec![cells[m - 2], cells[m - 1], cells[0], cells[1]],
                    ];
                    note = " (a closed loop; the windows across its start read as a second line)"
                        .to_string();
                }
                _ => continue,
            }
        }
        let mut keys = Vec::new();
        if r == LineRule::Whispers {
            let least = difference.unwrap_or(i64::from(size.div_ceil(2)));
            if least != 5 {
                keys.push(("difference".into(), least.to_string()));
            }
            note += &format!(", neighbours differ by at least {least}");
        }
        d.readings.push(format!(
            "line {} ({}), {}: {}{note}",
            e.number,
            cell_list(&cells),
            family.name(),
            r.kind()
        ));
        for piece in pieces {
            d.rules.push(rule(
                r.kind(),
                piece,
                keys.clone(),
                format!("line {}", e.number),
            ));
        }
        e.used = true;
        if r == LineRule::Zipper {
            zipper_centres.push((cells, colour));
        }
    }
    // A zipper's centre may be marked with a dot of its colour on its middle cell.
    for (cells, colour) in zipper_centres {
        if cells.len() % 2 == 0 {
            continue;
        }
        let middle = cells[cells.len() / 2];
        for e in els.iter_mut() {
            if is_shape(e)
                && !e.used
                && e.rounded
                && e.width < 0.6
                && e.fill.is_some_and(|c| c.same_hue(colour))
                && e.center.and_then(|c| centre_cell(c, size)) == Some(middle)
            {
                e.used = true;
                d.readings.push(format!(
                    "{}: the dot marking the zipper's centre",
                    e.describe(size)
                ));
            }
        }
    }
}

/// Whether a path ends where it starts and visits no other cell twice, around at least four
/// cells.
fn closed_loop(cells: &[Rc]) -> bool {
    let m = cells.len().saturating_sub(1);
    m >= 4 && cells[0] == cells[m] && (0..m).all(|i| !cells[i + 1..m].contains(&cells[i]))
}

/// A path cut where it comes back to a cell, so no piece repeats one: each step of the path
/// is in exactly one piece.
fn split_at_repeats(cells: &[Rc]) -> Vec<Vec<Rc>> {
    let mut out: Vec<Vec<Rc>> = Vec::new();
    let mut piece = vec![cells[0]];
    for w in cells.windows(2) {
        if piece.contains(&w[1]) {
            out.push(std::mem::replace(&mut piece, vec![w[0]]));
        }
        piece.push(w[1]);
    }
    out.push(piece);
    out.retain(|p| p.len() >= 2);
    out
}

/// Minimum and maximum cells: shaded whole cells (the small chevrons SudokuPad draws toward
/// their neighbours too), read when the text says shaded digits are greater (or less) than
/// their neighbours.
pub(in crate::import) fn extremes(els: &mut [Element], text: &RulesText, d: &mut Draft) {
    let size = d.size;
    let shaded = "shaded|grey|gray";
    let neighbours = "neighbo|adjacent";
    let max = text.says(&[shaded, "greater|larger|higher|bigger", neighbours]);
    let min = text.says(&[shaded, "less than|smaller|lower", neighbours]);
    let kind = match (max, min) {
        (true, false) => "maximum",
        (false, true) => "minimum",
        _ => return,
    };
    let mut centres: Vec<Pt> = Vec::new();
    let mut cells: Vec<Rc> = Vec::new();
    for e in els.iter_mut() {
        if !is_shape(e)
            || e.used
            || e.rounded
            || !e.filled()
            || !e.text.is_empty()
            || !size_within(e, 0.9, 1.05)
            || e.fill.is_some_and(|c| c.family() == Family::White)
        {
            continue;
        }
        let (Some(c), Some(cell)) = (e.center, e.center.and_then(|c| centre_cell(c, size))) else {
            continue;
        };
        e.used = true;
        centres.push(c);
        cells.push(cell);
    }
    if cells.is_empty() {
        return;
    }
    // One rule for all of them: shaded cells are compared with their unshaded neighbours.
    d.readings.push(format!(
        "shaded cells {}: {kind} cells (the rules text compares shaded digits with their neighbours)",
        cell_list(&cells)
    ));
    d.rules
        .push(rule(kind, cells, Vec::new(), "shaded cells".into()));
    for e in els.iter_mut() {
        let chevron = e.layer == Layer::Line
            && !e.used
            && e.thickness <= 2.5
            && e.points.len() == 3
            && centres.iter().any(|c| {
                e.points
                    .iter()
                    .all(|p| (p.0 - c.0).abs() <= 0.55 && (p.1 - c.1).abs() <= 0.55)
            });
        if chevron {
            e.used = true;
        }
    }
}

/// Sandwich, X-sum and skyscraper clues: a number outside the grid beside a row or column,
/// read as the one of the three the text names (naming several, or none, decides nothing).
pub(in crate::import) fn outside_clues(els: &mut [Element], text: &RulesText, d: &mut Draft) {
    let size = i64::from(d.size);
    let named: Vec<(&str, &str)> = [
        ("sandwich", "sandwich", "total"),
        ("x-sum|x sum|xsum", "x-sum", "total"),
        ("skyscraper", "skyscraper", "count"),
    ]
    .into_iter()
    .filter(|(words, _, _)| text.says(&[words]))
    .map(|(_, kind, key)| (kind, key))
    .collect();
    let [(kind, key)] = named[..] else { return };
    for e in els.iter_mut() {
        let Ok(n) = e.text.parse::<i64>() else {
            continue;
        };
        if !is_shape(e) || e.used {
            continue;
        }
        let Some(c) = e.center else { continue };
        let (r, col) = cell_anywhere(c);
        let beside_row = (1..=size).contains(&r) && (col == 0 || col == size + 1);
        let beside_col = (1..=size).contains(&col) && (r == 0 || r == size + 1);
        if !(beside_row || beside_col) {
            continue;
        }
        d.readings.push(format!(
            "{}: a {kind} clue {n} for the {} (the rules text names {kind} clues)",
            e.describe(d.size),
            if beside_row {
                format!("row {r}")
            } else {
                format!("column {col}")
            }
        ));
        d.rules.push(rule(
            kind,
            Vec::new(),
            vec![
                ("at".into(), format!("[{r}, {col}]")),
                (key.into(), n.to_string()),
            ],
            e.describe(d.size),
        ));
        e.used = true;
    }
}
