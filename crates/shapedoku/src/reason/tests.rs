//! Cross-technique tests: soundness over generated puzzles of several geometries, determinism,
//! and exact steps on constructed positions (the renderings included).

use super::*;
use crate::geometry::{GeometryBuilder, GridSpec, Rule, ShapeKind};
use crate::symbols::{SymbolSet, Symbols};
use crate::{CellId, Geometry, Pos, Puzzle, Solver, Verdict, builtin};
use basics::{overlap, singles, subsets};
use last_resort::guess;
use rand::SeedableRng;
use rand::seq::SliceRandom;
use rand_xoshiro::Xoshiro256PlusPlus;
use std::sync::Arc;

fn digits9() -> Symbols {
    Symbols::new("123456789".chars()).unwrap()
}

pub(crate) fn x_sudoku() -> Arc<Geometry> {
    let mut b = GeometryBuilder::new("x", digits9());
    b.grid(
        GridSpec::square(Pos::new(1, 1), 9)
            .with_boxes(3, 3)
            .with_diagonals(),
    );
    Arc::new(b.build().unwrap())
}

pub(crate) fn windoku() -> Arc<Geometry> {
    let mut b = GeometryBuilder::new("windoku", digits9());
    b.grid(GridSpec::square(Pos::new(1, 1), 9).with_boxes(3, 3));
    for (i, (r, c)) in [(2, 2), (2, 6), (6, 2), (6, 6)].into_iter().enumerate() {
        let cells = (0..3)
            .flat_map(|dr| (0..3).map(move |dc| Pos::new(r + dr, c + dc)))
            .collect();
        b.shape(
            &format!("window {}", i + 1),
            ShapeKind::Extra,
            cells,
            Rule::NoRepeat,
        );
    }
    Arc::new(b.build().unwrap())
}

pub(crate) fn jigsaw() -> Arc<Geometry> {
    // Boxes with two pairs of cells swapped between boxes. Each pair holds the same digit in
    // the grid (r*3 + r/3 + c) % 9, so every region still has all nine there: it is solvable.
    let mut map: Vec<char> = (0..81)
        .map(|i| (b'a' + (i / 27 * 3 + i % 9 / 3) as u8) as char)
        .collect();
    for (a, b) in [(2 * 9 + 2, 3 * 9 + 7), (5 * 9 + 5, 6 * 9 + 1)] {
        map.swap(a, b);
    }
    let map: String = map.into_iter().collect();
    let mut b = GeometryBuilder::new("jigsaw", digits9());
    b.grid(GridSpec::square(Pos::new(1, 1), 9).with_regions(&map));
    Arc::new(b.build().unwrap())
}

pub(crate) fn samurai() -> Arc<Geometry> {
    let mut b = GeometryBuilder::new("samurai", digits9());
    for (name, r, c) in [
        ("top-left", 1, 1),
        ("top-right", 1, 13),
        ("middle", 7, 7),
        ("bottom-left", 13, 1),
        ("bottom-right", 13, 13),
    ] {
        b.grid(
            GridSpec::square(Pos::new(r, c), 9)
                .with_boxes(3, 3)
                .named(name),
        );
    }
    Arc::new(b.build().unwrap())
}

pub(crate) fn sixteen() -> Arc<Geometry> {
    let mut b = GeometryBuilder::new("16x16", Symbols::new("0123456789ABCDEF".chars()).unwrap());
    b.grid(GridSpec::square(Pos::new(1, 1), 16).with_boxes(4, 4));
    Arc::new(b.build().unwrap())
}

pub(crate) fn six() -> Arc<Geometry> {
    let mut b = GeometryBuilder::new("6x6", Symbols::new("123456".chars()).unwrap());
    b.grid(GridSpec::square(Pos::new(1, 1), 6).with_boxes(2, 3));
    Arc::new(b.build().unwrap())
}

/// A random full grid and a puzzle made from it by removing givens (in a seeded random order)
/// while the solution stays unique; at most `tries` removals are attempted.
pub(crate) fn generate(g: &Arc<Geometry>, seed: u64, tries: usize) -> (Puzzle, Vec<u8>) {
    let mut solver = Solver::for_geometry(g.clone());
    let solution = solver
        .random_solution(seed)
        .expect("the geometry has solutions");
    let mut givens: Vec<Option<u8>> = solution.iter().map(|&v| Some(v)).collect();
    let mut order: Vec<usize> = (0..g.cell_count()).collect();
    order.shuffle(&mut Xoshiro256PlusPlus::seed_from_u64(seed ^ 0x5eed));
    let budget = crate::solver::Budget::default().with_guesses(2_000);
    for &c in order.iter().take(tries) {
        let keep = givens[c].take();
        solver.set_givens(&givens).unwrap();
        if solver.count_with(2, &budget).verdict() != Verdict::Unique {
            givens[c] = keep;
        }
    }
    (
        Puzzle::new(g.clone(), givens).unwrap(),
        solution.into_indices(),
    )
}

fn raw(list: &[Candidate]) -> Vec<(usize, u8)> {
    list.iter()
        .map(|c| (c.cell.index(), c.symbol.index() as u8))
        .collect()
}

/// Every placement is the solution's value and no elimination removes the solution's value.
fn check(step: &Step, solution: &[u8], board: &Board) {
    assert!(!step.is_empty(), "{step:?}");
    assert_eq!(step.breaks(solution), None, "{step:?}");
    for &(c, v) in &raw(&step.eliminations) {
        assert!(
            board.candidates(c).contains(v) && board.value(c).is_none(),
            "not a candidate: {step:?}"
        );
    }
}

/// Solves logically, checking every step every technique can find along the way.
fn sound_run(p: &Puzzle, solution: &[u8], all: bool) -> LogicalRun {
    let mut board = Board::new(p);
    // The generator's puzzles are unique: the uniqueness techniques take part.
    board.set_known_unique(true);
    let start = board.clone();
    let mut steps = Vec::new();
    while !board.is_solved() {
        assert!(!board.is_broken());
        if all {
            for s in all_steps(&board, None, 8) {
                check(&s, solution, &board);
            }
        }
        let step = next_step(&board).expect("a step (at worst a guess)");
        check(&step, solution, &board);
        board.apply(&step);
        steps.push(step);
    }
    assert_eq!(
        board
            .values()
            .iter()
            .map(|v| v.unwrap())
            .collect::<Vec<_>>(),
        solution
    );
    LogicalRun {
        start,
        steps,
        board,
        stopped: None,
        order: Order::Default,
    }
}

#[test]
fn sound_on_classic_puzzles() {
    let g = builtin::geometry("classic").unwrap();
    let mut used = std::collections::BTreeSet::new();
    for seed in 0..24 {
        let (p, sol) = generate(&g, seed, 81);
        let run = sound_run(&p, &sol, true);
        used.extend(run.steps.iter().map(|s| s.technique()));
    }
    // The sample must exercise more than singles, or the test proves little.
    assert!(
        used.contains(&Technique::LockedCandidatesPointing),
        "{used:?}"
    );
    assert!(
        used.contains(&Technique::NakedPair) || used.contains(&Technique::HiddenPair),
        "{used:?}"
    );
}

#[test]
fn sound_on_other_geometries() {
    for (g, n, tries) in [
        (x_sudoku(), 8, 81),
        (windoku(), 8, 81),
        (jigsaw(), 8, 81),
        (six(), 8, 36),
        (builtin::geometry("4x4").unwrap(), 8, 16),
        (samurai(), 2, 369),
        (sixteen(), 2, 256),
    ] {
        for seed in 0..n {
            let t = std::time::Instant::now();
            let (p, sol) = generate(&g, seed + 100, tries);
            eprintln!("{} generated in {:?}", g.name(), t.elapsed());
            let run = sound_run(&p, &sol, g.cell_count() <= 81);
            eprintln!(
                "{} solved in {:?}, {} steps",
                g.name(),
                t.elapsed(),
                run.steps.len()
            );
        }
    }
}

#[test]
fn deterministic() {
    let g = builtin::geometry("classic").unwrap();
    for seed in 0..4 {
        let (p, _) = generate(&g, seed + 7, 81);
        let a = solve(&p);
        let b = solve(&p);
        assert_eq!(a.steps, b.steps);
    }
}

fn empty_board(g: &Arc<Geometry>) -> Board {
    Board::new(&Puzzle::empty(g.clone()))
}

fn classic() -> Arc<Geometry> {
    builtin::geometry("classic").unwrap()
}

fn at(g: &Geometry, r: u32, c: u32) -> usize {
    g.cell_at(Pos::new(r, c)).unwrap()
}

/// Removes digit `d` (1-based) from every cell of a classic row except the given columns.
fn keep_only_in_row(b: &mut Board, r: u32, d: u8, cols: &[u32]) {
    let g = b.geometry().clone();
    for c in 1..=9 {
        if !cols.contains(&c) {
            b.eliminate(at(&g, r, c), d - 1);
        }
    }
}

#[test]
fn x_wing_exact_step_and_renderings() {
    let g = classic();
    let mut b = empty_board(&g);
    keep_only_in_row(&mut b, 5, 3, &[6, 8]);
    keep_only_in_row(&mut b, 8, 3, &[6, 8]);
    // Leave 3 in columns 6 and 8 outside the base only at r6c6, r7c6, r9c6.
    for r in [1, 2, 3, 4, 6, 7, 9] {
        b.eliminate(at(&g, r, 8), 2);
        if ![6, 7, 9].contains(&r) {
            b.eliminate(at(&g, r, 6), 2);
        }
    }
    let mut f = Finder::new(1);
    fish::basic::find(&b, &mut f);
    let s = &f.steps[0];
    assert_eq!(
        raw(&s.eliminations),
        vec![(at(&g, 6, 6), 2), (at(&g, 7, 6), 2), (at(&g, 9, 6), 2)]
    );
    assert_eq!(s.technique(), Technique::XWing);
    assert_eq!(
        explain::text(&g, s),
        "r6c6, r7c6, r9c6 ≠ 3: X-wing on 3 in rows 5 and 8, columns 6 and 8"
    );
    assert_eq!(explain::compact(&g, s), "X-Wing: 3 r58 c68 => r679c6<>3");
    let v = explain::view(&g, s);
    assert_eq!(v.eliminations[2].cell, "r9c6");
    assert_eq!(v.eliminations[2].symbol, '3');
    assert!(v.placements.is_empty());
    assert_eq!((v.technique.id(), v.name), ("x_wing", "X-Wing"));
    assert_eq!(v.shapes, ["row 5", "row 8", "column 6", "column 8"]);
}

/// A step serialises with raw ids and its technique's id; the deduction is tagged by `type`.
#[cfg(feature = "serde")]
#[test]
fn step_serialises_as_data() {
    let g = classic();
    let mut b = empty_board(&g);
    keep_only_in_row(&mut b, 5, 3, &[6, 8]);
    keep_only_in_row(&mut b, 8, 3, &[6, 8]);
    let mut f = Finder::new(1);
    fish::basic::find(&b, &mut f);
    let v = serde_json::to_value(&f.steps[0]).unwrap();
    assert_eq!(v["technique"], "x_wing");
    assert_eq!(v["placements"], serde_json::json!([]));
    assert_eq!(v["eliminations"][0]["symbol"], 2);
    assert_eq!(v["deduction"]["type"], "fish");
    assert_eq!(v["deduction"]["kind"], "basic");
    assert_eq!(v["deduction"]["base"], serde_json::json!([4, 7]));
    let view = serde_json::to_value(explain::view(&g, &f.steps[0])).unwrap();
    assert_eq!(view["technique"], "x_wing");
    assert_eq!(view["eliminations"][0]["symbol"], "3");
}

#[test]
fn swordfish_exact_step() {
    let g = classic();
    let mut b = empty_board(&g);
    keep_only_in_row(&mut b, 1, 5, &[1, 5]);
    keep_only_in_row(&mut b, 4, 5, &[5, 9]);
    keep_only_in_row(&mut b, 7, 5, &[1, 9]);
    let mut f = Finder::new(1);
    fish::basic::find(&b, &mut f);
    let s = &f.steps[0];
    let Deduction::Fish {
        base,
        cover,
        symbol,
        kind,
    } = &s.deduction
    else {
        panic!("{s:?}")
    };
    assert_eq!(
        (base.len(), cover.len(), symbol.index(), *kind),
        (3, 3, 4, FishKind::Basic)
    );
    assert_eq!(s.technique(), Technique::Swordfish);
    // Columns 1, 5, 9 lose 5 everywhere but rows 1, 4, 7: 3 columns x 6 rows.
    assert_eq!(s.eliminations.len(), 18);
    assert!(
        s.eliminations
            .iter()
            .all(|e| [1, 5, 9].contains(&g.pos(e.cell.index()).col)
                && ![1, 4, 7].contains(&g.pos(e.cell.index()).row))
    );
    assert_eq!(
        explain::compact(&g, s),
        "Swordfish: 5 r147 c159 => r235689c159<>5"
    );
}

#[test]
fn naked_pair_exact_step_and_renderings() {
    let g = classic();
    let mut b = empty_board(&g);
    let (p48, p8, p4) = (
        SymbolSet::single(3).with(7),
        SymbolSet::single(7).with(0),
        SymbolSet::single(3).with(1),
    );
    b.set_candidates(at(&g, 4, 4), p48);
    b.set_candidates(at(&g, 4, 8), p48);
    b.set_candidates(at(&g, 4, 5), p8);
    b.set_candidates(at(&g, 4, 6), p4);
    for c in [1, 2, 3, 7, 9] {
        b.set_candidates(at(&g, 4, c), SymbolSet::single(4).with(5).with(6));
    }
    let mut f = Finder::new(1);
    subsets::naked_pairs(&b, &mut f);
    let s = &f.steps[0];
    assert_eq!(
        explain::compact(&g, s),
        "Naked Pair: 4,8 in r4c48 => r4c5<>8, r4c6<>4"
    );
    assert_eq!(
        explain::text(&g, s),
        "r4c5 ≠ 8; r4c6 ≠ 4: naked pair 4,8: r4c4 and r4c8 hold only 4 and 8 between them in row 4"
    );
}

#[test]
fn hidden_pair_exact_step() {
    let g = classic();
    let mut b = empty_board(&g);
    // 1 and 2 only in r1c1 and r1c2 of row 1.
    keep_only_in_row(&mut b, 1, 1, &[1, 2]);
    keep_only_in_row(&mut b, 1, 2, &[1, 2]);
    let mut f = Finder::new(1);
    subsets::hidden_pairs(&b, &mut f);
    let s = &f.steps[0];
    let Deduction::HiddenSubset {
        house,
        cells,
        symbols,
    } = &s.deduction
    else {
        panic!()
    };
    assert_eq!(g.shape_label(house.index()), "row 1");
    assert_eq!(cells, &vec![CellId::new(0), CellId::new(1)]);
    assert_eq!(*symbols, SymbolSet::single(0).with(1));
    assert_eq!(s.eliminations.len(), 2 * 7);
    assert_eq!(
        explain::compact(&g, s),
        "Hidden Pair: 1,2 in r1c12 => r1c12<>3, r1c12<>4, r1c12<>5, r1c12<>6, r1c12<>7, r1c12<>8, r1c12<>9"
    );
}

#[test]
fn singles_exact_steps() {
    let g = classic();
    // Row 1 has 1..8: full house r1c9 = 9.
    let p = Puzzle::from_line(g.clone(), &format!("12345678.{}", ".".repeat(72))).unwrap();
    let b = Board::new(&p);
    let s = next_step(&b).unwrap();
    assert_eq!(
        (s.technique(), raw(&s.placements)),
        (Technique::FullHouse, vec![(8, 8)])
    );
    assert_eq!(
        explain::text(&g, &s),
        "r1c9 = 9: full house, the last empty cell of row 1"
    );
    // A naked single: r5c5 sees 1..8 in its row and column, nothing else forces anything.
    let mut b = empty_board(&g);
    b.set_candidates(at(&g, 5, 5), SymbolSet::single(6));
    let mut f = Finder::new(1);
    singles::naked_single(&b, &mut f);
    assert_eq!(raw(&f.steps[0].placements), vec![(at(&g, 5, 5), 6)]);
    assert_eq!(explain::compact(&g, &f.steps[0]), "Naked Single: r5c5=7");
    // A hidden single in a box: 7 only at r2c2 in box 1.
    let mut b = empty_board(&g);
    for r in 1..=3 {
        for c in 1..=3 {
            if (r, c) != (2, 2) {
                b.eliminate(at(&g, r, c), 6);
            }
        }
    }
    let mut f = Finder::new(1);
    singles::hidden_single(&b, &mut f);
    assert_eq!(
        explain::text(&g, &f.steps[0]),
        "r2c2 = 7: hidden single, 7 fits nowhere else in box 1"
    );
}

#[test]
fn overlap_on_classic_and_variants() {
    let g = classic();
    let mut b = empty_board(&g);
    // Claiming: in row 1, 4 only in box 1.
    keep_only_in_row(&mut b, 1, 4, &[1, 3]);
    let mut f = Finder::new(8);
    overlap::find(&b, &mut f);
    let s = f
        .steps
        .iter()
        .find(|s| matches!(s.deduction, Deduction::ShapeOverlap { source, .. } if source.index() == 0))
        .unwrap();
    assert_eq!(
        explain::compact(&g, s),
        "Locked Candidates Type 2 (Claiming): 4 in r1 => r23c123<>4"
    );
    assert_eq!(
        explain::text(&g, s).split(':').next().unwrap(),
        "r2c1, r2c2, r2c3, r3c1, r3c2, r3c3 ≠ 4"
    );

    // Diagonal: in box 1 of an X sudoku, 9 only on the main diagonal ⇒ not elsewhere on it.
    let g = x_sudoku();
    let mut b = empty_board(&g);
    for r in 1..=3 {
        for c in 1..=3 {
            if r != c {
                b.eliminate(at(&g, r, c), 8);
            }
        }
    }
    let mut f = Finder::new(32);
    overlap::find(&b, &mut f);
    let s = f.steps.iter().find(|s| matches!(s.deduction, Deduction::ShapeOverlap { target, .. } if g.shape(target.index()).kind == ShapeKind::Diagonal)).unwrap();
    assert_eq!(s.technique(), Technique::ShapeOverlap);
    assert_eq!(
        raw(&s.eliminations),
        (4..=9).map(|i| (at(&g, i, i), 8)).collect::<Vec<_>>()
    );
    assert!(explain::text(&g, s).ends_with("in box 1 the 9 can only go where it meets diagonal ↘"));

    // Samurai: a box shared by two grids names the grid.
    let g = samurai();
    let mut b = empty_board(&g);
    // In row 7 of the top-left grid, 1 only in r7c7..r7c9 (the shared box).
    for c in 1..=6 {
        b.eliminate(at(&g, 7, c), 0);
    }
    let mut f = Finder::new(64);
    overlap::find(&b, &mut f);
    let s = f.steps.iter().find(|s| matches!(s.deduction, Deduction::ShapeOverlap { target, .. } if g.shape(target.index()).grid == Some(2) && g.shape(target.index()).kind == ShapeKind::Box)).unwrap();
    // The middle grid's box 1 (the shared box) loses 1 outside row 7.
    assert!(
        s.eliminations
            .iter()
            .all(|e| g.pos(e.cell.index()).row > 7 && g.pos(e.cell.index()).row <= 9)
    );
    assert!(
        explain::text(&g, s).contains("of the middle grid"),
        "{}",
        explain::text(&g, s)
    );
}

#[test]
fn fish_on_sixteen_and_samurai() {
    let g = sixteen();
    let mut b = empty_board(&g);
    for r in [2, 11] {
        for c in 1..=16 {
            if c != 3 && c != 14 {
                b.eliminate(at(&g, r, c), 10);
            }
        }
    }
    let mut f = Finder::new(1);
    fish::basic::find(&b, &mut f);
    assert_eq!(
        explain::compact(&g, &f.steps[0]),
        "X-Wing: A r2,11 c3,14 => r1,3,4,5,6,7,8,9,10,12,13,14,15,16c3,14<>A"
    );
}

#[test]
fn guess_is_plain_and_right() {
    let g = classic();
    let (p, sol) = generate(&g, 3, 81);
    let b = Board::new(&p);
    let mut f = Finder::new(1);
    guess::find(&b, &mut f);
    let s = &f.steps[0];
    let (c, v) = raw(&s.placements)[0];
    assert_eq!(sol[c], v);
    assert!(explain::text(&g, s).contains("guess"));
}

#[test]
fn rating_orders_by_technique() {
    let g = classic();
    let easy = Puzzle::from_line(
        g,
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
    )
    .unwrap();
    let r = rate::rate(&easy);
    assert_eq!(r.level, rate::Level::Easy);
    let mut worst = r.clone();
    for seed in 0..12 {
        let (p, _) = generate(easy.geometry(), seed, 81);
        let r = rate::rate(&p);
        assert!(r.solved);
        assert!(r.se.unwrap() >= 1.0 && r.se.unwrap() <= 11.9);
        if r.level > worst.level {
            worst = r;
        }
    }
    assert!(worst.level > rate::Level::Easy, "{worst:?}");
}

#[test]
fn overlap_with_a_cage() {
    let mut b = GeometryBuilder::new("killer-ish", digits9());
    b.grid(GridSpec::square(Pos::new(1, 1), 9).with_boxes(3, 3));
    let cage = vec![Pos::new(1, 1), Pos::new(1, 2), Pos::new(2, 4)];
    b.shape(
        "cage 15 at r1c1",
        ShapeKind::Cage,
        cage,
        Rule::Sum {
            total: 15,
            distinct: true,
        },
    );
    let g = Arc::new(b.build().unwrap());
    let mut board = empty_board(&g);
    // In row 1, 9 only at r1c1 or r1c2, both in the cage: the cage's r2c4 cannot be 9.
    keep_only_in_row(&mut board, 1, 9, &[1, 2]);
    let mut f = Finder::new(64);
    overlap::find(&board, &mut f);
    let s = f
        .steps
        .iter()
        .find(|s| matches!(s.deduction, Deduction::ShapeOverlap { target, .. } if g.shape(target.index()).kind == ShapeKind::Cage))
        .unwrap();
    assert_eq!(raw(&s.eliminations), vec![(at(&g, 2, 4), 8)]);
    assert_eq!(
        explain::text(&g, s),
        "r2c4 ≠ 9: shape overlap, in row 1 the 9 can only go where it meets cage 15 at r1c1"
    );
}

#[test]
fn se_estimate_takes_the_easiest_single_available() {
    // The solver meets naked singles here (it tries them before hidden ones), but a hidden
    // single is always there to take instead, so Sudoku Explainer's scale puts it below 2.3.
    let easy = Puzzle::from_line(
        classic(),
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
    )
    .unwrap();
    let run = solve(&easy);
    assert!(
        run.steps
            .iter()
            .any(|s| s.technique() == Technique::NakedSingle)
    );
    let se = rate::rate_run(easy.geometry(), &run).se.unwrap();
    assert!(se < 2.3, "{se}");
    // A board where a naked single is the only progress keeps 2.3: r1c1 is 1 by its own
    // candidates, while every symbol has several places in every house.
    let mut b = Board::new(&Puzzle::empty(classic()));
    for v in 1..9u8 {
        b.eliminate(0, v);
    }
    let step = next_step(&b).unwrap();
    assert_eq!(step.technique(), Technique::NakedSingle);
    let run = LogicalRun {
        start: b.clone(),
        steps: vec![step],
        board: b,
        stopped: None,
        order: Order::Default,
    };
    assert_eq!(rate::rate_run(&classic(), &run).se, Some(2.3));
}
