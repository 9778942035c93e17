//! Region clues of a chaos construction (`chaos-arrow`, `chaos-count`) against a reference
//! built from other parts, on 4x4 grids with planted solutions: a random partition into
//! connected regions and a value grid that fits it (from the reference solver on that
//! partition as a Jigsaw) are planted; clues placed at random are kept where the planted pair
//! reads the value in the clue cell, and a few planted digits are given. The reference then
//! lists every partition, counts each one's value grids with the reference solver
//! (`shapedoku::oracle`) and keeps those whose regions read every clue, by the rule as this
//! file states it. The chaos solver must find exactly those (values, partition) pairs, the
//! planted one among them; the reference solver on the chaos puzzle itself (whose check looks
//! for regions fitting every clue) must find the same value grids; and every grid the solver
//! finds must pass `verify`.

use proptest::prelude::*;
use shapedoku::load::load_str;
use shapedoku::{Puzzle, Solver, oracle};

const SIZE: usize = 4;

fn partitions() -> Vec<Vec<u8>> {
    // Every partition of the 4x4 into connected regions of 4 (117, OEIS A172477), by brute
    // force: the first free cell with every choice of three other free cells, kept when
    // connected.
    fn connected(cells: &[usize]) -> bool {
        let mut seen = vec![cells[0]];
        let mut i = 0;
        while i < seen.len() {
            let c = seen[i];
            let (r, k) = (c / SIZE, c % SIZE);
            let mut nb = Vec::new();
            if r > 0 {
                nb.push(c - SIZE);
            }
            if r + 1 < SIZE {
                nb.push(c + SIZE);
            }
            if k > 0 {
                nb.push(c - 1);
            }
            if k + 1 < SIZE {
                nb.push(c + 1);
            }
            for b in nb {
                if cells.contains(&b) && !seen.contains(&b) {
                    seen.push(b);
                }
            }
            i += 1;
        }
        seen.len() == cells.len()
    }
    fn go(label: &mut Vec<u8>, k: u8, out: &mut Vec<Vec<u8>>) {
        let Some(first) = label.iter().position(|&l| l == u8::MAX) else {
            out.push(label.clone());
            return;
        };
        let free: Vec<usize> = (first + 1..label.len())
            .filter(|&c| label[c] == u8::MAX)
            .collect();
        for a in 0..free.len() {
            for b in a + 1..free.len() {
                for c in b + 1..free.len() {
                    let cells = [first, free[a], free[b], free[c]];
                    if connected(&cells) {
                        for &x in &cells {
                            label[x] = k;
                        }
                        go(label, k + 1, out);
                        for &x in &cells {
                            label[x] = u8::MAX;
                        }
                    }
                }
            }
        }
    }
    let mut out = Vec::new();
    go(&mut vec![u8::MAX; SIZE * SIZE], 0, &mut out);
    out
}

fn name(c: usize) -> String {
    format!("r{}c{}", c / SIZE + 1, c % SIZE + 1)
}

/// A clue as the reference reads it: the clue cell, then what it reads.
#[derive(Debug, Clone)]
enum Clue {
    /// Runs along arms (each from the clue outwards), the clue cell once.
    Arrow { cell: usize, arms: Vec<Vec<usize>> },
    /// The clue cell and the counted cells in its region.
    Count { cell: usize, counted: Vec<usize> },
}

impl Clue {
    fn reads(&self, regions: &[u8]) -> usize {
        match self {
            Clue::Arrow { cell, arms } => {
                1 + arms
                    .iter()
                    .map(|a| {
                        a.iter()
                            .take_while(|&&c| regions[c] == regions[*cell])
                            .count()
                    })
                    .sum::<usize>()
            }
            Clue::Count { cell, counted } => {
                1 + counted
                    .iter()
                    .filter(|&&c| regions[c] == regions[*cell])
                    .count()
            }
        }
    }

    /// The rule in the file: written as its cells, as the clue cell alone (four straight
    /// arms, the 3x3 around it), or as the clue cell and its arms in `arms`.
    fn toml(&self, form: Form) -> String {
        let (kind, cell, rest): (&str, usize, Vec<usize>) = match self {
            Clue::Arrow { cell, arms } => ("chaos-arrow", *cell, arms.concat()),
            Clue::Count { cell, counted } => ("chaos-count", *cell, counted.clone()),
        };
        let mut cells = vec![name(cell)];
        if form == Form::Listed {
            cells.extend(rest.iter().map(|&c| name(c)));
        }
        let mut text = format!(
            "[[rule]]\ntype = \"{kind}\"\ncells = \"{}\"\n",
            cells.join(" ")
        );
        if let (Form::Arms, Clue::Arrow { arms, .. }) = (form, self) {
            let arms: Vec<String> = (arms.iter())
                .map(|a| {
                    format!(
                        "\"{}\"",
                        a.iter().map(|&c| name(c)).collect::<Vec<_>>().join(" ")
                    )
                })
                .collect();
            text.push_str(&format!("arms = [{}]\n", arms.join(", ")));
        }
        text
    }
}

/// How a clue is written in the file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Form {
    /// The clue cell, then what it reads, in `cells`.
    Listed,
    /// The clue cell alone: four straight arms, or the 3x3 around it.
    Alone,
    /// The clue cell in `cells`, its arms in `arms`.
    Arms,
}

/// The clue `kind` (0: arrow, four ways; 1: arrow, one arm; 2: count, 3x3; 3: count, listed
/// cells; 4: arrow, some of the four ways, each cut short or not, in `arms`) at `cell`, with
/// `dir` and `len` choosing its arm(s) or counted cells; how it is written.
fn clue(kind: u8, cell: usize, dir: u8, len: usize) -> (Clue, Form) {
    let (r, c) = ((cell / SIZE) as i64, (cell % SIZE) as i64);
    let at = |dr: i64, dc: i64| -> Option<usize> {
        let (r, c) = (r + dr, c + dc);
        ((0..SIZE as i64).contains(&r) && (0..SIZE as i64).contains(&c))
            .then(|| (r * SIZE as i64 + c) as usize)
    };
    let ray =
        |dr: i64, dc: i64| -> Vec<usize> { (1..).map_while(|k| at(dr * k, dc * k)).collect() };
    let dirs = [(0, -1), (0, 1), (-1, 0), (1, 0)];
    match kind {
        0 => {
            let arms = dirs
                .iter()
                .map(|&(dr, dc)| ray(dr, dc))
                .filter(|a| !a.is_empty());
            (
                Clue::Arrow {
                    cell,
                    arms: arms.collect(),
                },
                Form::Alone,
            )
        }
        1 => {
            let (dr, dc) = dirs[usize::from(dir)];
            let arm: Vec<usize> = ray(dr, dc).into_iter().take(len).collect();
            if arm.is_empty() {
                clue(0, cell, dir, len)
            } else {
                (
                    Clue::Arrow {
                        cell,
                        arms: vec![arm],
                    },
                    Form::Listed,
                )
            }
        }
        2 => {
            let mut counted = Vec::new();
            for dr in -1..=1 {
                for dc in -1..=1 {
                    counted.extend(at(dr, dc).filter(|&x| x != cell));
                }
            }
            (Clue::Count { cell, counted }, Form::Alone)
        }
        4 => {
            // A nonempty subset of the four ways (bits of `ways`), each arm cut to `len` cells
            // when `dir` is odd, the order of the arms turned by `dir`.
            let ways = 1 + (usize::from(dir) * 5 + len) % 15;
            let mut arms: Vec<Vec<usize>> = (0..4)
                .filter(|&w| ways >> w & 1 != 0)
                .map(|w| {
                    let (dr, dc) = dirs[w];
                    let ray = ray(dr, dc);
                    let keep = if dir % 2 == 1 { len } else { ray.len() };
                    ray.into_iter().take(keep).collect::<Vec<usize>>()
                })
                .filter(|a| !a.is_empty())
                .collect();
            if arms.is_empty() {
                return clue(0, cell, dir, len);
            }
            let turn = usize::from(dir) % arms.len();
            arms.rotate_left(turn);
            (Clue::Arrow { cell, arms }, Form::Arms)
        }
        _ => {
            // Cells in reading order after the clue, stepping by `dir + 1`, touching or not.
            let step = usize::from(dir) + 1;
            let counted: Vec<usize> = (1..=len)
                .map(|k| (cell + k * step) % (SIZE * SIZE))
                .filter(|&x| x != cell)
                .collect();
            let mut counted_unique = Vec::new();
            for x in counted {
                if !counted_unique.contains(&x) {
                    counted_unique.push(x);
                }
            }
            (
                Clue::Count {
                    cell,
                    counted: counted_unique,
                },
                Form::Listed,
            )
        }
    }
}

fn jigsaw(p: &[u8]) -> Puzzle {
    let map: String = p.iter().map(|&l| (b'A' + l) as char).collect();
    let text = format!("symbols = \"1234\"\n[[grid]]\nsize = {SIZE}\nregions = \"{map}\"\n");
    load_str("jigsaw", &text, None).unwrap().puzzle
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn region_clues_agree_with_the_reference(
        part in 0usize..117,
        pick in 0usize..1000,
        clues in prop::collection::vec((0u8..5, 0usize..16, 0u8..4, 1usize..5), 1..8),
        givens in prop::collection::vec(0usize..16, 0..3),
    ) {
        let parts = partitions();
        prop_assert_eq!(parts.len(), 117);
        let planted_regions = &parts[part];
        let fills = oracle::solutions(&jigsaw(planted_regions), 2000);
        prop_assume!(!fills.is_empty());
        let planted = &fills[pick % fills.len()];
        // The clues the planted pair reads as its clue cells' values, one per cell.
        let mut kept: Vec<(Clue, Form)> = Vec::new();
        for &(kind, cell, dir, len) in &clues {
            let (c, form) = clue(kind, cell, dir, len);
            let read = c.reads(planted_regions);
            if read == usize::from(planted[cell]) + 1 {
                kept.push((c, form));
            }
        }
        prop_assume!(!kept.is_empty());
        let mut grid = ['.'; SIZE * SIZE];
        for &g in &givens {
            grid[g] = (b'1' + planted[g]) as char;
        }
        let rows: Vec<String> = grid.chunks(SIZE).map(|r| r.iter().collect()).collect();
        let mut text = format!(
            "symbols = \"1234\"\ngivens = \"\"\"\n{}\n\"\"\"\n[[grid]]\nsize = {SIZE}\n[[rule]]\ntype = \"chaos\"\n",
            rows.join("\n")
        );
        for (c, form) in &kept {
            text.push_str(&c.toml(*form));
        }
        let loaded = load_str("clues", &text, None).unwrap_or_else(|e| panic!("{e}\n{text}"));
        // The reference: every partition's value grids that fit its regions' readings.
        let mut want: Vec<Vec<u8>> = Vec::new();
        for p in &parts {
            let j = jigsaw(p);
            let Ok(with_givens) = Puzzle::new(j.geometry().clone(), loaded.puzzle.givens().to_vec()) else {
                continue;
            };
            for s in oracle::solutions(&with_givens, 100_000) {
                if kept.iter().all(|(c, _)| {
                    let cell = match c {
                        Clue::Arrow { cell, .. } | Clue::Count { cell, .. } => *cell,
                    };
                    c.reads(p) == usize::from(s[cell]) + 1
                }) {
                    want.push(s);
                }
            }
        }
        want.sort();
        prop_assert!(want.contains(planted), "planted pair lost\n{}", text);
        let count = Solver::new(&loaded.puzzle).count(100_000);
        prop_assert!(count.exhausted);
        let mut got: Vec<Vec<u8>> = count.solutions.iter().map(|s| s.as_indices().to_vec()).collect();
        for s in &got {
            prop_assert!(loaded.puzzle.verify(s).is_ok(), "{}", text);
        }
        got.sort();
        prop_assert_eq!(&got, &want, "{}", text);
        // The reference solver on the chaos puzzle: the same value grids, each once.
        let mut values = oracle::solutions(&loaded.puzzle, 100_000);
        values.sort();
        want.dedup();
        prop_assert_eq!(values, want, "{}", text);
    }
}

/// A region clue's problems are reported where they are, with line and column.
#[test]
fn region_clue_errors_point_at_the_rule_or_cell() {
    let cases = [
        (
            "symbols = \"1234\"\n[[grid]]\nsize = 4\n[[rule]]\ntype = \"chaos-arrow\"\ncells = \"r1c1 r1c2\"\n",
            ":4:1:",
            "reads the regions of a chaos construction, and the puzzle has none",
        ),
        (
            "symbols = \"1234\"\n[[grid]]\nsize = 4\n[[rule]]\ntype = \"chaos\"\n[[rule]]\ntype = \"chaos-arrow\"\ncells = \"r1c1 r1c3\"\n",
            ":8:15:",
            "r1c3 does not touch r1c1",
        ),
        (
            "symbols = \"1234\"\n[[grid]]\nsize = 4\n[[rule]]\ntype = \"chaos\"\n[[rule]]\ntype = \"chaos-count\"\ncells = \"r1c1 r5c5\"\n",
            ":8:15:",
            "r5c5 is not a cell of the grid",
        ),
        (
            "symbols = \"1234\"\n[[grid]]\nsize = 4\n[[rule]]\ntype = \"chaos\"\n[[rule]]\ntype = \"chaos-count\"\ncells = \"r1c1 r2c2 r2c2\"\n",
            ":8:20:",
            "r2c2 is listed twice",
        ),
        (
            "symbols = \"1234\"\n[[grid]]\nsize = 4\n[[rule]]\ntype = \"chaos\"\n[[rule]]\ntype = \"any\"\n[[rule.of]]\ntype = \"chaos-count\"\ncells = \"r1c1\"\n",
            ":8:1:",
            "cannot be one of several rules",
        ),
    ];
    // An arrow with its arms in `arms`: the clue cell alone in `cells`, every arm from the
    // clue outwards through touching cells, no cell twice.
    let arrow = |lines: &str| {
        format!(
            "symbols = \"1234\"\n[[grid]]\nsize = 4\n[[rule]]\ntype = \"chaos\"\n[[rule]]\n{lines}"
        )
    };
    let arms_cases = [
        (
            arrow("type = \"chaos-arrow\"\ncells = \"r2c2\"\narms = [\"r2c1\", \"r2c4\"]\n"),
            ":9:18:",
            "r2c4 does not touch the clue cell r2c2",
        ),
        (
            arrow("type = \"chaos-arrow\"\ncells = \"r2c2\"\narms = [\"r2c3 r4c3\"]\n"),
            ":9:15:",
            "r4c3 does not touch r2c3, the cell before it on the arm",
        ),
        (
            arrow("type = \"chaos-arrow\"\ncells = \"r2c2\"\narms = [\"r2c1\", \"r2c2 r2c3\"]\n"),
            ":9:18:",
            "r2c2 is listed twice",
        ),
        (
            arrow("type = \"chaos-arrow\"\ncells = \"r2c2\"\narms = [\"r1c2\", \"r2c3 r1c2\"]\n"),
            ":9:23:",
            "r1c2 is listed twice",
        ),
        (
            arrow("type = \"chaos-arrow\"\ncells = \"r2c2 r2c3\"\narms = [\"r2c1\"]\n"),
            ":8:15:",
            "with `arms`, `cells` names the clue cell alone",
        ),
        (
            arrow("type = \"chaos-arrow\"\ncells = \"r2c2\"\narms = [\"r2c1 r2c0\"]\n"),
            ":9:",
            "r2c0",
        ),
        (
            arrow("type = \"chaos-arrow\"\ncells = \"r2c2\"\narms = []\n"),
            ":9:8:",
            "`arms` lists no arm",
        ),
        (
            arrow("type = \"chaos-arrow\"\ncells = \"r2c2\"\narms = [\"r2c1\", \"\"]\n"),
            ":9:",
            "an arm names no cell",
        ),
        (
            arrow("type = \"chaos-count\"\ncells = \"r2c2\"\narms = [\"r2c1\"]\n"),
            ":9:8:",
            "`arms` does not belong in a `chaos-count` rule",
        ),
    ];
    let cases = (cases.iter().map(|&(t, a, m)| (t.to_string(), a, m))).chain(arms_cases);
    for (text, at, message) in cases {
        let text = text.as_str();
        let Err(e) = load_str("bad", text, None) else {
            panic!("loaded: {text}");
        };
        let e = e.to_string();
        assert!(e.contains(at) && e.contains(message), "{e}\n{text}");
    }
}

/// The published 9x9 puzzles with region clues in `tests/data/chaos/clues/` (sources in the
/// folder's README): each loads, which checks that its setter's solution has regions that read
/// every clue; with every second of the setter's digits given, the solver proves that solution
/// the only one (the puzzles as published are beyond the solver's reach in a test's time); a
/// solution with two digits swapped fails.
#[test]
fn published_region_clue_puzzles_keep_their_setters_solutions() {
    let dir =
        std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/data/chaos/clues");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "toml"))
        .collect();
    files.sort();
    assert!(files.len() >= 6, "{files:?}");
    for f in &files {
        let l = shapedoku::load::load_path(f).unwrap_or_else(|e| panic!("{e}"));
        let want = l.solution.clone().expect("a stated solution");
        let givens: Vec<Option<u8>> = (want.iter().enumerate())
            .map(|(c, &v)| (c % 2 == 0).then_some(v))
            .collect();
        let p = Puzzle::new(l.puzzle.geometry().clone(), givens).unwrap();
        let count = Solver::new(&p).count(2);
        assert_eq!(
            count.verdict(),
            shapedoku::Verdict::Unique,
            "{}",
            f.display()
        );
        assert_eq!(
            count.solutions[0].as_indices(),
            &want[..],
            "{}",
            f.display()
        );
        let mut wrong = want.clone();
        wrong.swap(0, 1);
        assert!(l.puzzle.verify(&wrong).is_err());
    }
}

/// A count of regions (`count-distinct` with `counts = "regions"`) as the reference reads it:
/// the control cell, and the cells counted (the control among them when it counts itself).
#[derive(Debug, Clone)]
struct RegionCount {
    control: usize,
    counted: Vec<usize>,
}

impl RegionCount {
    /// `kind` 0: the 3x3 around the control, itself included (as The Fountain's circles);
    /// 1: the control's row, itself included (as Uncovering Tunnels' circles); 3: the control
    /// and the cells beside it; otherwise cells in reading order after the control stepping
    /// by `step`, touching or not, itself left out.
    fn new(kind: u8, control: usize, step: usize, len: usize) -> RegionCount {
        let (r, c) = ((control / SIZE) as i64, (control % SIZE) as i64);
        let counted = match kind {
            0 => {
                let mut out = Vec::new();
                for dr in -1..=1i64 {
                    for dc in -1..=1i64 {
                        let (rr, cc) = (r + dr, c + dc);
                        if (0..SIZE as i64).contains(&rr) && (0..SIZE as i64).contains(&cc) {
                            out.push((rr * SIZE as i64 + cc) as usize);
                        }
                    }
                }
                out
            }
            1 => (0..SIZE).map(|k| r as usize * SIZE + k).collect(),
            // The control and the cells beside it (at a corner or an edge, fewer regions
            // than cells: the control shares its region with one of them).
            3 => {
                let mut out = vec![control];
                for (dr, dc) in [(-1i64, 0i64), (0, -1), (0, 1), (1, 0)] {
                    let (rr, cc) = (r + dr, c + dc);
                    if (0..SIZE as i64).contains(&rr) && (0..SIZE as i64).contains(&cc) {
                        out.push((rr * SIZE as i64 + cc) as usize);
                    }
                }
                out
            }
            _ => {
                let mut out = Vec::new();
                for k in 1..=len {
                    let x = (control + k * step) % (SIZE * SIZE);
                    if x != control && !out.contains(&x) {
                        out.push(x);
                    }
                }
                out
            }
        };
        RegionCount { control, counted }
    }

    fn reads(&self, regions: &[u8]) -> usize {
        let mut seen: Vec<u8> = self.counted.iter().map(|&c| regions[c]).collect();
        seen.sort_unstable();
        seen.dedup();
        seen.len()
    }

    /// The rule in the file: the control first, then the counted cells (the control again
    /// when it counts itself).
    fn toml(&self) -> String {
        let mut cells = vec![name(self.control)];
        cells.extend(self.counted.iter().map(|&c| name(c)));
        format!(
            "[[rule]]\ntype = \"count-distinct\"\ncounts = \"regions\"\ncells = \"{}\"\n",
            cells.join(" ")
        )
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    /// Counts of regions against the reference, as the region clues above: planted (values,
    /// partition) pairs on 4x4 grids, counts kept where the planted pair reads the control
    /// cell's value, a few planted digits given; the solver must find exactly the pairs the
    /// reference finds by listing every partition.
    #[test]
    fn region_counts_agree_with_the_reference(
        part in 0usize..117,
        pick in 0usize..1000,
        counts in prop::collection::vec((0u8..4, 0usize..16, 1usize..6, 1usize..8), 1..6),
        givens in prop::collection::vec(0usize..16, 0..3),
    ) {
        let parts = partitions();
        let planted_regions = &parts[part];
        let fills = oracle::solutions(&jigsaw(planted_regions), 2000);
        prop_assume!(!fills.is_empty());
        let planted = &fills[pick % fills.len()];
        let mut kept: Vec<RegionCount> = Vec::new();
        for &(kind, control, step, len) in &counts {
            let c = RegionCount::new(kind, control, step, len);
            if !c.counted.is_empty()
                && c.reads(planted_regions) == usize::from(planted[control]) + 1
                && kept.iter().all(|k| k.control != control)
            {
                kept.push(c);
            }
        }
        prop_assume!(!kept.is_empty());
        let mut grid = ['.'; SIZE * SIZE];
        for &g in &givens {
            grid[g] = (b'1' + planted[g]) as char;
        }
        let rows: Vec<String> = grid.chunks(SIZE).map(|r| r.iter().collect()).collect();
        let mut text = format!(
            "symbols = \"1234\"\ngivens = \"\"\"\n{}\n\"\"\"\n[[grid]]\nsize = {SIZE}\n[[rule]]\ntype = \"chaos\"\n",
            rows.join("\n")
        );
        for c in &kept {
            text.push_str(&c.toml());
        }
        let loaded = load_str("counts", &text, None).unwrap_or_else(|e| panic!("{e}\n{text}"));
        let mut want: Vec<Vec<u8>> = Vec::new();
        for p in &parts {
            let j = jigsaw(p);
            let Ok(with_givens) = Puzzle::new(j.geometry().clone(), loaded.puzzle.givens().to_vec()) else {
                continue;
            };
            for s in oracle::solutions(&with_givens, 100_000) {
                if kept.iter().all(|c| c.reads(p) == usize::from(s[c.control]) + 1) {
                    want.push(s);
                }
            }
        }
        want.sort();
        prop_assert!(want.contains(planted), "planted pair lost\n{}", text);
        let count = Solver::new(&loaded.puzzle).count(100_000);
        prop_assert!(count.exhausted);
        let mut got: Vec<Vec<u8>> = count.solutions.iter().map(|s| s.as_indices().to_vec()).collect();
        for s in &got {
            prop_assert!(loaded.puzzle.verify(s).is_ok(), "{}", text);
        }
        got.sort();
        prop_assert_eq!(&got, &want, "{}", text);
        let mut values = oracle::solutions(&loaded.puzzle, 100_000);
        values.sort();
        want.dedup();
        prop_assert_eq!(values, want, "{}", text);
    }
}

/// A count of regions' problems are reported where they are, with line and column; a count
/// of regions with the control's digit repeated among the counted cells is bounded on the
/// reasoner's board too.
#[test]
fn region_count_errors_point_at_the_rule_or_key() {
    let cases = [
        (
            "symbols = \"1234\"\n[[grid]]\nsize = 4\n[[rule]]\ntype = \"count-distinct\"\ncounts = \"regions\"\ncells = \"r1c1 r1c2\"\n",
            ":4:1:",
            "reads the regions of a chaos construction, and the puzzle has none",
        ),
        (
            "symbols = \"1234\"\n[[grid]]\nsize = 4\n[[rule]]\ntype = \"chaos\"\n[[rule]]\ntype = \"count-distinct\"\ncounts = \"cells\"\ncells = \"r1c1 r1c2\"\n",
            ":8:10:",
            "`counts` is \"values\" or \"regions\", not \"cells\"",
        ),
        (
            "symbols = \"1234\"\n[[grid]]\nsize = 4\n[[rule]]\ntype = \"chaos\"\n[[rule]]\ntype = \"thermo\"\ncounts = \"regions\"\ncells = \"r1c1 r1c2\"\n",
            ":8:10:",
            "`counts` does not belong in a `thermo` rule",
        ),
        (
            "symbols = \"1234\"\n[[grid]]\nsize = 4\n[[rule]]\ntype = \"chaos\"\n[[rule]]\ntype = \"count-distinct\"\ncounts = \"regions\"\ncells = \"r1c1 r1c2 r9c9\"\n",
            ":9:20:",
            "r9c9 is not a cell of the grid",
        ),
        (
            "symbols = \"1234\"\n[[grid]]\nsize = 4\n[[rule]]\ntype = \"chaos\"\n[[rule]]\ntype = \"any\"\n[[rule.of]]\ntype = \"count-distinct\"\ncounts = \"regions\"\ncells = \"r1c1 r1c2\"\n",
            ":8:1:",
            "cannot be one of several rules",
        ),
        (
            "symbols = \"ABCD\"\n[[grid]]\nsize = 4\n[[rule]]\ntype = \"chaos\"\n[[rule]]\ntype = \"count-distinct\"\ncounts = \"regions\"\ncells = \"r1c1 r1c2\"\n",
            ":6:1:",
            "every symbol needs a value of its own",
        ),
    ];
    for (text, at, message) in cases {
        let Err(e) = load_str("bad", text, None) else {
            panic!("loaded: {text}");
        };
        let e = e.to_string();
        assert!(e.contains(at) && e.contains(message), "{e}\n{text}");
    }
}

/// The published puzzles with counts of regions in `tests/data/chaos/counts/` (The Fountain;
/// sources in `tests/data/chaos/README.md`): each loads, which checks that the setter's
/// solution has regions that every count reads; with every second of the setter's digits
/// given, the solver proves that solution the only one (as published it is beyond the
/// solver's reach in a test's time); a solution with two digits swapped fails. The
/// Fountain's counts read as counts of digits contradict its solution.
#[test]
fn the_fountain_keeps_its_setters_solution() {
    let dir =
        std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/data/chaos/counts");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "toml"))
        .collect();
    files.sort();
    assert!(!files.is_empty());
    for f in &files {
        let l = shapedoku::load::load_path(f).unwrap_or_else(|e| panic!("{e}"));
        let want = l.solution.clone().expect("a stated solution");
        assert!(l.puzzle.verify(&want).is_ok());
        let givens: Vec<Option<u8>> = (want.iter().enumerate())
            .map(|(c, &v)| (c % 2 == 0).then_some(v))
            .collect();
        let p = Puzzle::new(l.puzzle.geometry().clone(), givens).unwrap();
        let count = Solver::new(&p).count(2);
        assert_eq!(
            count.verdict(),
            shapedoku::Verdict::Unique,
            "{}",
            f.display()
        );
        assert_eq!(
            count.solutions[0].as_indices(),
            &want[..],
            "{}",
            f.display()
        );
    }
    let path = dir.join("the-fountain.toml");
    let l = shapedoku::load::load_path(&path).unwrap_or_else(|e| panic!("{e}"));
    let want = l.solution.clone().expect("a stated solution");
    let mut wrong = want.clone();
    wrong.swap(0, 1);
    assert!(l.puzzle.verify(&wrong).is_err());
    // The regions read as digits (the other count-distinct) do not fit: r5c1's circle holds
    // 2, and its six cells hold five different digits.
    let text = std::fs::read_to_string(&path).unwrap();
    let start = text.find("solution = ").unwrap();
    let end = start + text[start..].find("\"\"\"\n\n").unwrap() + 4;
    let as_values =
        format!("{}{}", &text[..start], &text[end..]).replace("counts = \"regions\"\n", "");
    let v = load_str("as values", &as_values, None).unwrap_or_else(|e| panic!("{e}"));
    assert!(v.puzzle.verify(&want).is_err());
    assert!(v.puzzle.geometry().constraints().iter().any(|c| matches!(
        c.kind,
        shapedoku::constraint::RuleKind::CountDistinct { .. }
    )));
}
