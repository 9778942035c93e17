//! Advanced techniques (sum cages, wings, chains): HoDoKu regression positions when
//! `../shared/data/technique/` is present, and soundness over puzzles made here (Killer, jigsaw,
//! X) where every step is checked against the known solution.

use shapedoku::reason::{Board, Candidate, Deduction, Finder, Search, Step, Technique, registry};
use shapedoku::{
    CellId, Geometry, GeometryBuilder, GridSpec, Pos, Puzzle, Rule, ShapeKind, Solver, Symbol,
    Symbols, Verdict, builtin,
};
use std::collections::BTreeMap;
use std::path::PathBuf;
use std::sync::Arc;

/// The shared data folder beside the workspace (`SHAPEDOKU_SHARED_DATA` overrides it).
fn shared() -> PathBuf {
    match std::env::var_os("SHAPEDOKU_SHARED_DATA") {
        Some(p) => PathBuf::from(p),
        None => PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../../shared/data")),
    }
}

/// The search that finds technique `t`.
fn search_for(t: Technique) -> &'static Search {
    registry()
        .iter()
        .find(|s| s.techniques.contains(&t))
        .expect("technique registered")
}

fn raw(list: &[Candidate]) -> Vec<(usize, u8)> {
    list.iter()
        .map(|c| (c.cell.index(), c.symbol.index() as u8))
        .collect()
}

/// Deterministic generator for the tests (splitmix64).
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
    fn shuffle<T>(&mut self, v: &mut [T]) {
        for i in (1..v.len()).rev() {
            v.swap(i, self.below(i + 1));
        }
    }
}

/// Checks a step against the solution: no true candidate removed, no wrong value placed.
fn check_sound(step: &Step, solution: &[u8], g: &Geometry, context: &str) {
    if let Some(c) = step.breaks(solution) {
        panic!(
            "{context}: {} is wrong about {} at {}: {step:?}",
            step.technique().id(),
            c.symbol.index() + 1,
            g.pos(c.cell.index())
        );
    }
}

// ---------------------------------------------------------------------------------------------
// HoDoKu regression positions.

struct Row {
    line: String,
    /// HoDoKu's grid: `+d` marks a value placed while solving, not a given.
    plus: String,
    technique: String,
    /// HoDoKu's code of the step (`0311`; with a variant appended, `03111`).
    code: String,
    elims: Vec<(usize, u8)>,
    /// Placements the step must make (Template Set and other placing steps).
    places: Vec<(usize, u8)>,
    deleted: Vec<(usize, u8)>,
}

fn reglib_rows() -> Option<Vec<Row>> {
    let path = shared().join("technique/reglib.tsv");
    let Ok(text) = std::fs::read_to_string(&path) else {
        eprintln!(
            "note: {} absent, skipping the regression positions",
            path.display()
        );
        return None;
    };
    let g = builtin::geometry("classic").unwrap();
    let mut rows = Vec::new();
    for l in text.lines().filter(|l| !l.starts_with('#')) {
        let f: Vec<&str> = l.split('\t').collect();
        if f.len() < 9 {
            continue;
        }
        let mut elims: Vec<(usize, u8)> = f[6]
            .split_whitespace()
            .filter_map(|e| {
                let (p, d) = e.split_once("<>")?;
                Some((g.cell_at(p.parse().ok()?)?, d.parse::<u8>().ok()? - 1))
            })
            .collect();
        elims.sort_unstable();
        let mut places: Vec<(usize, u8)> = f[7]
            .split_whitespace()
            .filter_map(|e| {
                let (p, d) = e.split_once('=')?;
                Some((g.cell_at(p.parse().ok()?)?, d.parse::<u8>().ok()? - 1))
            })
            .collect();
        places.sort_unstable();
        let deleted = f[8]
            .split_whitespace()
            .filter_map(|t| {
                let b = t.as_bytes();
                (b.len() == 3).then(|| {
                    let (d, r, c) = (b[0] - b'0', (b[1] - b'0') as u32, (b[2] - b'0') as u32);
                    (g.cell_at(Pos::new(r, c)).unwrap(), d - 1)
                })
            })
            .collect();
        rows.push(Row {
            line: f[0].to_string(),
            plus: f[9].to_string(),
            technique: f[1].to_string(),
            code: f[3].to_string(),
            elims,
            places,
            deleted,
        });
    }
    Some(rows)
}

/// Runs the search that finds technique `t` on every row named `name` (for a family such as
/// simple chains, every step of the family counts); checks soundness of every step and counts
/// the rows where some step makes exactly the expected eliminations. Returns (rows, exact,
/// found).
fn reglib(name: &str, t: Technique) -> Option<(usize, usize, usize)> {
    reglib_with(name, t, false)
}

/// The givens of HoDoKu's grid (`+d` values left out) and the values placed since.
fn split_plus(plus: &str) -> (String, Vec<(usize, u8)>) {
    let (mut givens, mut placed) = (String::new(), Vec::new());
    let mut chars = plus.chars();
    while let Some(ch) = chars.next() {
        if ch == '+' {
            let d = chars.next().expect("a digit after +");
            placed.push((givens.len(), d as u8 - b'1'));
            givens.push('.');
        } else {
            givens.push(ch);
        }
    }
    (givens, placed)
}

/// [`reglib`] for the uniqueness techniques: the board knows the puzzle is unique, and which
/// values are givens and which were placed while solving (avoidable rectangles tell them apart).
fn reglib_with(name: &str, t: Technique, unique: bool) -> Option<(usize, usize, usize)> {
    reglib_search(name, search_for(t), unique)
}

/// [`reglib_with`] with the search given; `name` is a technique's name or HoDoKu's code.
fn reglib_search(name: &str, search: &Search, unique: bool) -> Option<(usize, usize, usize)> {
    let rows = reglib_rows()?;
    let g = builtin::geometry("classic").unwrap();
    let (mut n, mut exact, mut found) = (0, 0, 0);
    for row in rows
        .iter()
        .filter(|r| r.technique == name || r.code == name)
    {
        let p = Puzzle::from_line(g.clone(), &row.line).unwrap();
        let sol = Solver::new(&p)
            .solve()
            .expect("regression positions are solvable");
        let mut b = Board::new(&p);
        if unique {
            let (givens, placed) = split_plus(&row.plus);
            let q = Puzzle::from_line(g.clone(), &givens).unwrap();
            assert_eq!(Solver::new(&q).count(2).verdict(), Verdict::Unique);
            b = Board::new(&q);
            for (c, v) in placed {
                b.place(c, v);
            }
            b.set_known_unique(true);
        }
        for &(c, v) in &row.deleted {
            b.eliminate(c, v);
        }
        let mut f = Finder::new(10_000);
        (search.find)(&b, &mut f);
        for s in &f.steps {
            assert!(search.techniques.contains(&s.technique()), "{s:?}");
            check_sound(s, &sol, &g, &format!("{name} {}", row.line));
        }
        n += 1;
        found += usize::from(!f.steps.is_empty());
        let hit = f.steps.iter().any(|s| {
            let mut e = raw(&s.eliminations);
            e.sort_unstable();
            let mut p = raw(&s.placements);
            p.sort_unstable();
            e == row.elims && p == row.places
        });
        if !hit && std::env::var_os("SHAPEDOKU_DEBUG_REGLIB").is_some() {
            let show = |e: &[(usize, u8)]| {
                e.iter()
                    .map(|&(c, v)| format!("{}<>{}", g.pos(c), v + 1))
                    .collect::<Vec<_>>()
                    .join(" ")
            };
            eprintln!("{name} {}: want {}", row.line, show(&row.elims));
            for s in f.steps.iter().take(4) {
                eprintln!(
                    "    got {} via {:?}",
                    show(&raw(&s.eliminations)),
                    s.deduction
                );
            }
        }
        exact += usize::from(hit);
    }
    eprintln!("{name}: {n} rows, {found} with a step, {exact} with exactly HoDoKu's eliminations");
    Some((n, exact, found))
}

#[test]
fn reglib_locked_subsets() {
    for (name, t) in [
        ("Locked Pair", Technique::LockedPair),
        ("Locked Triple", Technique::LockedTriple),
    ] {
        let Some((n, exact, found)) = reglib(name, t) else {
            return;
        };
        assert!(n > 0 && exact == n && found == n, "{name}: {exact}/{n}");
    }
}

#[test]
fn reglib_rectangles() {
    // HoDoKu's type 6 asks for the symbol locked into the rectangle in both rows and both
    // columns; a strong link on a side through each corner is enough, so every row is found.
    for (name, t) in [
        ("Uniqueness Test Type 5", Technique::UniqueRectangle5),
        ("Uniqueness Test Type 6", Technique::UniqueRectangle6),
        ("Avoidable Rectangle Type 1", Technique::AvoidableRectangle1),
        ("Avoidable Rectangle Type 2", Technique::AvoidableRectangle2),
    ] {
        let Some((n, exact, found)) = reglib_with(name, t, true) else {
            return;
        };
        assert!(n > 0 && exact == n && found == n, "{name}: {exact}/{n}");
    }
}

#[test]
fn reglib_multi_colours() {
    for (name, t) in [
        ("Multi-Colors 1", Technique::MultiColors1),
        ("Multi-Colors 2", Technique::MultiColors2),
    ] {
        let Some((n, exact, found)) = reglib(name, t) else {
            return;
        };
        assert!(n > 0 && exact == n && found == n, "{name}: {exact}/{n}");
    }
}

#[test]
fn reglib_wings() {
    let Some((n, exact, found)) = reglib("XY-Wing", Technique::XyWing) else {
        return;
    };
    assert!(n > 0 && exact == n && found == n);
    let Some((n, exact, found)) = reglib("XYZ-Wing", Technique::XyzWing) else {
        return;
    };
    assert!(n > 0 && exact == n && found == n);
}

#[test]
fn reglib_simple_chains() {
    for name in ["Skyscraper", "2-String Kite", "Turbot Fish"] {
        let Some((n, exact, found)) = reglib(name, Technique::Skyscraper) else {
            return;
        };
        assert!(n > 0 && found == n, "{name}");
        assert!(exact * 10 >= n * 8, "{name}: {exact}/{n} exact");
    }
}

#[test]
fn reglib_x_chains() {
    let Some((n, _exact, found)) = reglib("X-Chain", Technique::XChain) else {
        return;
    };
    // Where a shorter simple chain exists the X-chain search (five links or more) may find
    // nothing new; every step it finds is sound.
    assert!(n > 0 && found * 10 >= n * 7, "{found}/{n}");
}

#[test]
fn reglib_xy_chains() {
    let Some((n, _exact, found)) = reglib("XY-Chain", Technique::XyChain) else {
        return;
    };
    assert!(n > 0 && found * 10 >= n * 9, "{found}/{n}");
}

#[test]
fn reglib_aic() {
    let Some((n, _exact, found)) = reglib("Alternating Interference Chain", Technique::Aic) else {
        return;
    };
    assert!(n > 0 && found * 10 >= n * 7, "{found}/{n}");
}

#[test]
fn reglib_grouped_chains_and_nice_loops() {
    // The searches give the shortest chains and loops, which are seldom the ones HoDoKu lists:
    // rows with a step and rows with exactly HoDoKu's eliminations, as measured (every step is
    // checked sound by `reglib`).
    for (name, t, with_step, exact_rows) in [
        ("Grouped AIC", Technique::GroupedAic, 33, 3),
        ("Continuous Nice Loop", Technique::ContinuousNiceLoop, 18, 1),
        (
            "Discontinuous Nice Loop",
            Technique::DiscontinuousNiceLoop,
            27,
            7,
        ),
        (
            "Grouped Continuous Nice Loop",
            Technique::GroupedContinuousNiceLoop,
            16,
            1,
        ),
        (
            "Grouped Discontinuous Nice Loop",
            Technique::GroupedDiscontinuousNiceLoop,
            30,
            5,
        ),
    ] {
        let Some((n, exact, found)) = reglib(name, t) else {
            return;
        };
        assert!(
            n > 0 && found >= with_step && exact >= exact_rows,
            "{name}: {exact}/{n} exact, {found} with a step"
        );
    }
}

#[test]
fn reglib_sue_de_coq() {
    let Some((n, exact, found)) = reglib("Sue de Coq", Technique::SueDeCoq) else {
        return;
    };
    assert!(n > 0 && found == n, "{found}/{n}");
    assert!(exact * 10 >= n * 8, "{exact}/{n} exact");
}

#[test]
fn reglib_als() {
    let Some((n, exact, found)) = reglib("ALS-XZ rule", Technique::AlsXz) else {
        return;
    };
    assert!(n > 0 && found == n, "{found}/{n}");
    // One doubly linked row: HoDoKu leaves out two sound eliminations this search makes.
    assert!(exact + 1 >= n, "ALS-XZ: {exact}/{n} exact");
    // HoDoKu lets ALS-XY-wings through that this search does not make (12 of 14 rows have a
    // step, 9 exactly HoDoKu's); not yet analysed, every step found is still checked sound.
    let Some((n, exact, found)) = reglib("ALS-XY-Wing rule", Technique::AlsXyWing) else {
        return;
    };
    assert!(n > 0 && found * 10 >= n * 8, "{found}/{n}");
    assert!(exact * 10 >= n * 6, "ALS-XY-wing: {exact}/{n} exact");
}

#[test]
fn reglib_als_chains_and_blossoms() {
    for (name, t, want) in [
        // One ALS-XY-chain row needs a chain past the search's state budget.
        ("ALS-XY-Chain", Technique::AlsXyChain, 14),
        ("Death Blossom", Technique::DeathBlossom, 17),
    ] {
        let Some((n, exact, found)) = reglib(name, t) else {
            return;
        };
        assert!(
            n > 0 && found == n && exact >= want,
            "{name}: {exact}/{n} exact, {found} found"
        );
    }
}

#[test]
fn reglib_templates() {
    for (name, t, want) in [
        ("Template Set", Technique::TemplateSet, 9),
        ("Template Delete", Technique::TemplateDelete, 9),
    ] {
        let Some((n, exact, found)) = reglib(name, t) else {
            return;
        };
        assert!(
            n > 0 && found == n && exact >= want,
            "{name}: {exact}/{n} exact, {found} found"
        );
    }
}

// ---------------------------------------------------------------------------------------------
// Puzzles made here: soundness of every step.

/// Naked and hidden singles, enough to move a position along between advanced steps.
fn apply_single(b: &mut Board) -> bool {
    let g = b.geometry().clone();
    for c in 0..g.cell_count() {
        if let (None, Some(v)) = (b.value(c), b.candidates(c).single_value()) {
            b.place(c, v);
            return true;
        }
    }
    for &h in g.houses() {
        for v in g.symbols().all().iter() {
            if b.has_placed(h, v) {
                continue;
            }
            let places = b.places(h, v);
            if places.len() == 1 {
                let c = places.iter().next().unwrap();
                b.place(c, v);
                return true;
            }
        }
    }
    false
}

/// Solves with singles and the techniques registered. Wherever singles are stuck, every
/// technique runs with a high limit and every step it finds is checked (not only the one
/// applied); counts the steps found per technique.
fn run_checked(p: &Puzzle, sol: &[u8], context: &str, counts: &mut BTreeMap<String, usize>) {
    let g = p.geometry().clone();
    let mut b = Board::new(p);
    // Every puzzle here is minimised while it stays unique: the uniqueness techniques run.
    assert_eq!(
        Solver::new(p).count(2).verdict(),
        Verdict::Unique,
        "{context}"
    );
    b.set_known_unique(true);
    while !b.is_solved() {
        assert!(!b.is_broken(), "{context}: broken board");
        if apply_single(&mut b) {
            continue;
        }
        let mut first = None;
        for search in registry() {
            // The nested rule forcing chain is the solver's last resort before a guess: it is
            // checked where the solver calls it, when no search before it found a step. Run at
            // every position it took 92 % of this test's time (12 killers: 220 s of CPU time in
            // the test profile, 18.6 s without; 93 s of the first 100 s went to 136 calls, none
            // of which found a step).
            if first.is_some()
                && search
                    .techniques
                    .contains(&Technique::NestedRuleForcingChain)
            {
                continue;
            }
            let mut f = Finder::new(1000);
            (search.find)(&b, &mut f);
            for s in &f.steps {
                assert!(search.techniques.contains(&s.technique()), "{s:?}");
                check_sound(s, sol, &g, context);
                *counts.entry(s.technique().id().to_string()).or_default() += 1;
            }
            if first.is_none() {
                first = f.steps.into_iter().next();
            }
        }
        match first {
            Some(s) => b.apply(&s),
            None => break,
        }
    }
}

/// Removes givens in random order while the puzzle stays unique.
fn minimise(p: &mut Puzzle, rng: &mut Rng) {
    let mut order: Vec<usize> = (0..p.geometry().cell_count()).collect();
    rng.shuffle(&mut order);
    let mut solver = Solver::new(p);
    for c in order {
        let keep = p.given(CellId::new(c));
        p.set_given(CellId::new(c), None).unwrap();
        solver.set_givens(p.givens()).unwrap();
        if solver.count(2).verdict() != Verdict::Unique {
            p.set_given(CellId::new(c), keep).unwrap();
        }
    }
}

/// Random connected cages of 2 to 5 cells (fewer when boxed in) over a solution, no value twice in a cage.
fn random_cages(sol: &[u8], rng: &mut Rng) -> Vec<Vec<Pos>> {
    let mut owner = [usize::MAX; 81];
    let mut cages: Vec<Vec<usize>> = Vec::new();
    let mut order: Vec<usize> = (0..81).collect();
    rng.shuffle(&mut order);
    for &start in &order {
        if owner[start] != usize::MAX {
            continue;
        }
        let want = 2 + rng.below(4);
        let id = cages.len();
        let mut cage = vec![start];
        owner[start] = id;
        while cage.len() < want {
            let mut options = Vec::new();
            for &c in &cage {
                let (r, k) = (c / 9, c % 9);
                for (dr, dc) in [(0i32, 1i32), (1, 0), (0, -1), (-1, 0)] {
                    let (nr, nk) = (r as i32 + dr, k as i32 + dc);
                    if (0..9).contains(&nr) && (0..9).contains(&nk) {
                        let n = (nr * 9 + nk) as usize;
                        if owner[n] == usize::MAX && !cage.iter().any(|&x| sol[x] == sol[n]) {
                            options.push(n);
                        }
                    }
                }
            }
            if options.is_empty() {
                break;
            }
            let n = options[rng.below(options.len())];
            owner[n] = id;
            cage.push(n);
        }
        cages.push(cage);
    }
    cages
        .into_iter()
        .map(|c| {
            c.into_iter()
                .map(|x| Pos::new(x as u32 / 9 + 1, x as u32 % 9 + 1))
                .collect()
        })
        .collect()
}

fn killer(seed: u64) -> (Puzzle, Vec<u8>) {
    let classic = builtin::geometry("classic").unwrap();
    let sol = Solver::new(&Puzzle::empty(classic))
        .random_solution(seed)
        .unwrap();
    let mut rng = Rng(seed);
    let mut b = GeometryBuilder::new("killer", Symbols::new("123456789".chars()).unwrap());
    b.grid(GridSpec::square(Pos::new(1, 1), 9).with_boxes(3, 3));
    for cage in random_cages(&sol, &mut rng) {
        let total = cage
            .iter()
            .map(|p| sol[((p.row - 1) * 9 + p.col - 1) as usize] as i64 + 1)
            .sum();
        let name = format!("cage {total} at {}", cage[0]);
        b.shape(
            &name,
            ShapeKind::Cage,
            cage,
            Rule::Sum {
                total,
                distinct: true,
            },
        );
    }
    let g = Arc::new(b.build().unwrap());
    let mut p = Puzzle::new(g, sol.iter().map(|&v| Some(v)).collect()).unwrap();
    minimise(&mut p, &mut rng);
    (p, sol.into_indices())
}

#[test]
fn killer_steps_are_sound() {
    let mut counts = BTreeMap::new();
    for seed in 1..=12 {
        let (p, sol) = killer(seed);
        run_checked(&p, &sol, &format!("killer seed {seed}"), &mut counts);
    }
    eprintln!("killer steps: {counts:?}");
    for t in ["cage_combination", "innies_outies", "cage_overlap"] {
        assert!(
            counts.get(t).copied().unwrap_or(0) > 0,
            "{t} never fired: {counts:?}"
        );
    }
}

const JIGSAW: &str = "
AAAABBCCC
AAABBBCCC
AABBBBCCC
DDDEEEEFF
DDDEEEFFF
GDDEEFFFF
GDHHHHIII
GGGHHHIII
GGGGHHIII";

fn other_geometries() -> Vec<Arc<Geometry>> {
    let mut j = GeometryBuilder::new("jigsaw", Symbols::new("123456789".chars()).unwrap());
    j.grid(GridSpec::square(Pos::new(1, 1), 9).with_regions(JIGSAW));
    let mut x = GeometryBuilder::new("x", Symbols::new("123456789".chars()).unwrap());
    x.grid(
        GridSpec::square(Pos::new(1, 1), 9)
            .with_boxes(3, 3)
            .with_diagonals(),
    );
    vec![Arc::new(j.build().unwrap()), Arc::new(x.build().unwrap())]
}

#[test]
fn wings_and_chains_on_other_geometries_are_sound() {
    let mut counts = BTreeMap::new();
    for g in other_geometries() {
        for seed in 1..=15 {
            let sol = Solver::new(&Puzzle::empty(g.clone()))
                .random_solution(seed)
                .unwrap();
            let mut p = Puzzle::new(g.clone(), sol.iter().map(|&v| Some(v)).collect()).unwrap();
            minimise(&mut p, &mut Rng(seed * 7919));
            run_checked(&p, &sol, &format!("{} seed {seed}", g.name()), &mut counts);
        }
    }
    eprintln!("steps on jigsaw and X: {counts:?}");
    let chains: usize = [
        "skyscraper",
        "two_string_kite",
        "turbot_fish",
        "xy_wing",
        "xyz_wing",
        "x_chain",
        "xy_chain",
        "aic",
    ]
    .iter()
    .map(|t| counts.get(*t).copied().unwrap_or(0))
    .sum();
    assert!(chains > 0, "no wing or chain fired: {counts:?}");
}

fn samurai() -> Arc<Geometry> {
    let mut s = GeometryBuilder::new("samurai", Symbols::new("123456789".chars()).unwrap());
    for (r, c) in [(1, 1), (1, 13), (7, 7), (13, 1), (13, 13)] {
        s.grid(GridSpec::square(Pos::new(r, c), 9).with_boxes(3, 3));
    }
    Arc::new(s.build().unwrap())
}

#[test]
fn samurai_steps_are_sound() {
    // Chains and wings run across the shared corner boxes; one generated Samurai, every step
    // found wherever singles are stuck checked against the solution.
    let g = samurai();
    let mut counts = BTreeMap::new();
    let sol = Solver::new(&Puzzle::empty(g.clone()))
        .random_solution(5)
        .unwrap();
    let mut p = Puzzle::new(g.clone(), sol.iter().map(|&v| Some(v)).collect()).unwrap();
    minimise(&mut p, &mut Rng(55));
    run_checked(&p, &sol, "samurai seed 5", &mut counts);
    eprintln!("steps on Samurai: {counts:?}");
    assert!(
        !counts.is_empty(),
        "singles alone solved it; pick another seed"
    );
}

#[test]
fn wing_across_a_jigsaw_region() {
    // Pivot r3c3 {1,2} lies in region B (the jigsaw moved it out of the top-left box); pincer
    // r1c3 {1,3} shares column 3 with it, pincer r3c6 {2,3} row 3 and region B. 3 goes from the
    // cells seeing both pincers: r1c5 (row 1, region B), r1c6 (row 1, column 6), r3c1 and r3c2
    // (region A, row 3) — r1c5, r3c1 and r3c2 only because of the jigsaw regions.
    let g = &other_geometries()[0];
    let mut b = Board::new(&Puzzle::empty(g.clone()));
    let at = |r, c| g.cell_at(Pos::new(r, c)).unwrap();
    let set = |ds: &[u8]| ds.iter().map(|d| d - 1).collect();
    b.set_candidates(at(3, 3), set(&[1, 2]));
    b.set_candidates(at(1, 3), set(&[1, 3]));
    b.set_candidates(at(3, 6), set(&[2, 3]));
    let mut f = Finder::new(10);
    (search_for(Technique::XyWing).find)(&b, &mut f);
    assert_eq!(f.steps.len(), 1, "{:?}", f.steps);
    let s = &f.steps[0];
    assert_eq!(
        s.deduction,
        Deduction::XyWing {
            pivot: CellId::new(at(3, 3)),
            pincers: [CellId::new(at(1, 3)), CellId::new(at(3, 6))],
            symbol: Symbol::new(2),
            candidates: [set(&[1, 2]), set(&[1, 3]), set(&[2, 3])],
        }
    );
    // Every elimination sees both pincers; computed independently from the shapes.
    let sees = |a: usize, b: usize| {
        g.shapes()
            .iter()
            .any(|s| s.cells.contains(&a) && s.cells.contains(&b))
    };
    let mut want: Vec<(usize, u8)> = (0..81)
        .filter(|&c| c != at(1, 3) && c != at(3, 6) && b.candidates(c).contains(2))
        .filter(|&c| sees(c, at(1, 3)) && sees(c, at(3, 6)))
        .map(|c| (c, 2))
        .collect();
    want.sort_unstable();
    assert_eq!(raw(&s.eliminations), want);
    let mut cells = vec![at(1, 5), at(1, 6), at(3, 1), at(3, 2)];
    cells.sort_unstable();
    assert_eq!(want.iter().map(|e| e.0).collect::<Vec<_>>(), cells);
}

/// Classic puzzles from the shared benchmark sets (when present): along each logical solve,
/// every step every search but the forcing chain and the guess can find is checked against
/// the solution, the uniqueness techniques included (the puzzles are proved unique first).
#[test]
fn classic_corpus_steps_are_sound() {
    let g = builtin::geometry("classic").unwrap();
    let mut counts: BTreeMap<String, usize> = BTreeMap::new();
    let mut puzzles = 0;
    for (file, take) in [
        ("unbiased_first1000.txt", 150),
        ("magictour_top1465.txt", 150),
    ] {
        let path = shared().join("bench").join(file);
        let Ok(text) = std::fs::read_to_string(&path) else {
            eprintln!("note: {} absent, skipping", path.display());
            return;
        };
        for line in text.lines().filter(|l| l.len() >= 81).take(take) {
            let p = Puzzle::from_line(g.clone(), &line[..81]).unwrap();
            if Solver::new(&p).count(2).verdict() != Verdict::Unique {
                continue;
            }
            let sol = Solver::new(&p).solve().unwrap();
            let mut b = Board::new(&p);
            b.set_known_unique(true);
            while !b.is_solved() {
                for search in registry().iter().filter(|s| {
                    !s.techniques.contains(&Technique::ForcingChain)
                        && !s.techniques.contains(&Technique::Guess)
                }) {
                    let mut f = Finder::new(100);
                    (search.find)(&b, &mut f);
                    for s in &f.steps {
                        check_sound(s, &sol, &g, &format!("{file}: {line}"));
                        *counts.entry(s.technique().id().to_string()).or_default() += 1;
                    }
                }
                let step = shapedoku::reason::next_step(&b).expect("a step, at worst a guess");
                check_sound(&step, &sol, &g, &format!("{file}: {line}"));
                b.apply(&step);
            }
            puzzles += 1;
        }
    }
    eprintln!("{puzzles} classic puzzles, steps found: {counts:?}");
    for t in [
        "finned_x_wing",
        "sashimi_x_wing",
        "finned_swordfish",
        "empty_rectangle",
        "unique_rectangle_1",
        "unique_rectangle_2",
        "unique_rectangle_4",
        "hidden_rectangle",
    ] {
        assert!(counts.get(t).copied().unwrap_or(0) > 0, "{t} never fired");
    }
}

#[test]
fn reglib_duals() {
    // Two of the kite rows list an elimination of another symbol, which no single-symbol
    // pattern makes; every other row comes out exactly, as one step.
    for (name, t, least) in [
        ("Dual 2-String-Kite", Technique::DualTwoStringKite, 7),
        ("Dual Empty Rectangle", Technique::DualEmptyRectangle, 8),
    ] {
        let Some((n, exact, found)) = reglib(name, t) else {
            return;
        };
        assert!(n > 0 && found == n, "{name}");
        assert!(exact >= least, "{name}: {exact}/{n} exact");
    }
}

#[test]
fn reglib_finned_franken_fish() {
    // The counts of rows with exactly HoDoKu's eliminations, as measured. HoDoKu also lets
    // base houses overlap (endo fins) and merges fish sharing a base (siamese); the search
    // here keeps each side's houses disjoint, which most of the jellyfish rows (and the three
    // finned mutant jellyfish rows, none found) need.
    for (name, t, least) in [
        ("Finned Franken X-Wing", Technique::FinnedFrankenXWing, 4),
        (
            "Finned Franken Swordfish",
            Technique::FinnedFrankenSwordfish,
            5,
        ),
        (
            "Finned Franken Jellyfish",
            Technique::FinnedFrankenJellyfish,
            2,
        ),
    ] {
        let Some((n, exact, _)) = reglib(name, t) else {
            return;
        };
        assert!(n > 0 && exact >= least, "{name}: {exact}/{n} exact");
    }
}

#[test]
fn reglib_siamese_fish() {
    // HoDoKu's codes with variant 1: two finned fish of one technique on one base, as one step.
    // The search that pairs them is the second registered for finned swordfish. Every row of
    // finned and sashimi swordfish and jellyfish comes out exactly. The search pairs fish over
    // rows and columns only: the finned Franken and mutant rows (whose fish need base houses
    // that overlap, endo fins) find nothing, and are read for soundness only.
    let search = registry()
        .iter()
        .rfind(|s| s.techniques.contains(&Technique::FinnedSwordfish))
        .expect("registered");
    for code in ["03111", "03121", "03211", "03221"] {
        let Some((n, exact, found)) = reglib_search(code, search, false) else {
            return;
        };
        assert!(
            n > 0 && exact == n && found == n,
            "{code}: {exact}/{n} exact"
        );
    }
    for code in ["03411", "03421", "03621"] {
        let Some((n, _, _)) = reglib_search(code, search, false) else {
            return;
        };
        assert!(n > 0, "{code}: no rows");
    }
}
