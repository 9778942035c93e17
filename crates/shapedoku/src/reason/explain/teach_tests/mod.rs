//! The teaching style: every technique of the catalogue has a why-text, made from the step's
//! own cells, shapes and symbols; exact texts for a few constructed steps. The sample steps
//! are written per family, one file each.

use super::{Style, render, teach, why};
use crate::reason::catalogue::Technique;
use crate::reason::step::{
    Als, Broken, CellCandidates, ChainNode, Deduction, FishKind, MedusaClash, OverlapKind,
    RectangleKind, RuleReason, SimpleChainKind, Step,
};
use crate::reason::step::{ChainEnd, RuleLink, RuleRef};
use crate::reason::step::{DynamicBranch, DynamicLink, DynamicSource, DynamicWhy};
use crate::reason::test_util::{cand, cell_id, set, shape_id, symbol};
use crate::{Geometry, ShapeId};

fn elim(g: &Geometry, list: &[(u32, u32, u8)], d: Deduction) -> Step {
    Step::eliminating(list.iter().map(|&(r, c, v)| cand(g, r, c, v)).collect(), d)
}

fn rows(g: &Geometry, names: &[&str]) -> Vec<ShapeId> {
    names.iter().map(|n| shape_id(g, n)).collect()
}

mod als;
mod basics;
mod chains;
mod last_resort;
mod variants;

/// One step of every deduction, constructed by hand on the classic grid: the finer
/// variants, then a sample per family.
fn samples(g: &Geometry) -> Vec<Step> {
    let mut out = variants::steps(g);
    out.extend(basics::steps(g));
    out.extend(chains::steps(g));
    out.extend(als::steps(g));
    out.extend(last_resort::steps(g));
    out
}

#[test]
fn every_technique_has_a_why_text_naming_its_step() {
    let g = crate::builtin::geometry("classic").unwrap();
    let steps = samples(&g);
    for &t in Technique::all() {
        assert!(
            steps.iter().any(|s| s.technique() == t),
            "no teaching sample for {}",
            t.id()
        );
    }
    for s in &steps {
        let w = why(&g, s);
        assert!(
            w.ends_with('.') && w.len() > 60,
            "{}: {w}",
            s.technique().id()
        );
        // The why-text speaks of this step, not of the technique in general: it names a cell
        // the step rests on or changes.
        let named = s
            .deduction
            .cells()
            .into_iter()
            .chain(s.placements.iter().chain(&s.eliminations).map(|c| c.cell))
            .any(|c| w.contains(&super::phrases::cell(&g, c)));
        let shapes = s
            .deduction
            .shapes()
            .into_iter()
            .any(|h| w.contains(&g.shape_label(h.index())));
        assert!(named || shapes, "{}: {w}", s.technique().id());
        assert_eq!(
            render(&g, s, Style::Teach),
            format!("{}. Why: {w}", super::text(&g, s))
        );
    }
}

#[test]
fn x_wing_why_text() {
    let g = crate::builtin::geometry("classic").unwrap();
    let s = elim(
        &g,
        &[(6, 6, 3), (7, 6, 3), (9, 6, 3)],
        Deduction::Fish {
            symbol: symbol(3),
            base: rows(&g, &["row 5", "row 8"]),
            cover: rows(&g, &["column 6", "column 8"]),
            kind: FishKind::Basic,
        },
    );
    assert_eq!(
        teach(&g, &s),
        "r6c6, r7c6, r9c6 ≠ 3: X-wing on 3 in rows 5 and 8, columns 6 and 8. Why: Candidate 3 \
         must go once in each of row 5 and row 8, and all its places there lie in column 6 and \
         column 8; whichever way round, these two 3s are all the 3s those two houses can hold \
         (one each), so no other cell of column 6 or column 8 can be 3 (the X-wing)."
    );
}

#[test]
fn wing_and_pair_why_texts_name_candidates() {
    let g = crate::builtin::geometry("classic").unwrap();
    let steps = samples(&g);
    let find = |t: Technique| steps.iter().find(|s| s.technique() == t).unwrap();
    assert_eq!(
        teach(&g, find(Technique::XyWing)),
        "r1c3 ≠ 3: XY-Wing with pivot r1c1 {1,2} and pincers r1c5 {1,3} and r2c2 {2,3}: one of \
         them is 3, which every cell seeing all of them loses. Why: The pivot r1c1 {1,2} is 1 or \
         2: if 1, the pincer r1c5 {1,3} (which sees it) is left with 3; if 2, the pincer r2c2 \
         {2,3} is. Either way one pincer is 3, so a cell seeing both pincers cannot be 3."
    );
    assert_eq!(
        why(&g, find(Technique::NakedPair)),
        "The 2 cells r1c1 and r1c2 have only the 2 candidates 1 and 2 between them, so they take \
         exactly these symbols, one each; any other cell of row 1 that took one of them would \
         leave one of the 2 cells empty, so none can."
    );
    assert_eq!(
        why(&g, find(Technique::WWing)),
        "Row 9 has its 1 at r9c1 or r9c5. If at r9c1, r1c1 (which sees it) cannot be 1 and holds \
         2; if at r9c5, r5c5 holds 2. Either way r1c1 or r5c5 is 2, so a cell seeing both cannot \
         be 2."
    );
}

#[test]
fn why_texts_name_the_shapes_of_other_geometries() {
    // A jigsaw's regions and a Samurai's grids are named as the text form names them.
    for name in ["jigsaw", "samurai"] {
        let g = crate::builtin::geometry(name).unwrap();
        let house = ShapeId::new(
            g.shapes()
                .iter()
                .position(|s| s.kind != crate::ShapeKind::Row && s.kind != crate::ShapeKind::Column)
                .unwrap(),
        );
        let first = g.shape(house.index()).cells[0];
        let s = Step::placing(
            crate::reason::step::Candidate::at(first, 0),
            Deduction::HiddenSingle { house },
        );
        let w = why(&g, &s);
        // The sentence starts with the shape's label, capitalised.
        let label = g.shape_label(house.index());
        assert!(w.to_lowercase().starts_with(&label.to_lowercase()), "{w}");
        assert!(w.starts_with(char::is_uppercase), "{w}");
        assert!(
            w.contains(&super::phrases::cell(&g, crate::CellId::new(first))),
            "{w}"
        );
    }
}

#[test]
fn why_texts_read_symbols_aloud() {
    let g = crate::builtin::geometry("classic").unwrap();
    let single = |v: u8| {
        why(
            &g,
            &Step::placing(
                cand(&g, 4, 6, v),
                Deduction::HiddenSingle {
                    house: shape_id(&g, "box 5"),
                },
            ),
        )
    };
    assert!(
        single(8).starts_with("Box 5 must hold an 8 somewhere"),
        "{}",
        single(8)
    );
    assert!(
        single(7).starts_with("Box 5 must hold a 7 somewhere"),
        "{}",
        single(7)
    );
}

#[test]
fn every_technique_is_written_by_its_family() {
    // The forms find a step's words through the family the catalogue gives its technique; a
    // deduction its family's words have no arm for would fall back to the technique's name.
    let g = crate::builtin::geometry("classic").unwrap();
    for s in samples(&g).iter().chain(&variants::steps(&g)) {
        if matches!(s.deduction, Deduction::Dual { .. }) {
            continue;
        }
        let t = s.technique().id();
        assert!(super::families::reason(&g, s).is_some(), "text: {t}");
        assert!(
            super::families::compact(&g, &s.deduction).is_some(),
            "compact: {t}"
        );
        assert!(super::families::why(&g, s).is_some(), "why: {t}");
    }
}
