//! Chaos construction against a reference built from other parts: on small grids (4x4, 5x5)
//! every partition into connected regions is listed by brute force (every set of cells of the
//! right size, kept when connected), each partition becomes a Jigsaw with those regions, and the
//! reference solver (`shapedoku::oracle`) counts its value grids. The chaos solver must find
//! exactly those (values, partition) pairs: the same value grids, each as many times as it has
//! partitions. Every grid it finds must also pass `verify`, which looks for a partition itself.

use shapedoku::load::load_str;
use shapedoku::{Puzzle, Solver, Verdict, oracle};

/// A small deterministic generator (no seed-dependent crate behaviour to pin).
struct Lcg(u64);
impl Lcg {
    fn next(&mut self, n: u64) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (self.0 >> 33) % n
    }
}

fn neighbours(size: usize, c: usize) -> Vec<usize> {
    let (r, k) = (c / size, c % size);
    let mut out = Vec::new();
    if r > 0 {
        out.push(c - size);
    }
    if r + 1 < size {
        out.push(c + size);
    }
    if k > 0 {
        out.push(c - 1);
    }
    if k + 1 < size {
        out.push(c + 1);
    }
    out
}

fn connected(size: usize, cells: &[usize]) -> bool {
    let mut seen = vec![cells[0]];
    let mut i = 0;
    while i < seen.len() {
        for b in neighbours(size, seen[i]) {
            if cells.contains(&b) && !seen.contains(&b) {
                seen.push(b);
            }
        }
        i += 1;
    }
    seen.len() == cells.len()
}

/// Every partition of a size x size grid into connected regions of `size` cells, as a region
/// number per cell: the first free cell with every choice of size - 1 other free cells.
fn partitions(size: usize) -> Vec<Vec<u8>> {
    fn go(size: usize, label: &mut Vec<u8>, k: u8, out: &mut Vec<Vec<u8>>) {
        let Some(first) = label.iter().position(|&l| l == u8::MAX) else {
            out.push(label.clone());
            return;
        };
        let free: Vec<usize> = (first + 1..label.len())
            .filter(|&c| label[c] == u8::MAX)
            .collect();
        let mut pick: Vec<usize> = (0..size - 1).collect();
        if free.len() < size - 1 {
            return;
        }
        loop {
            let mut cells = vec![first];
            cells.extend(pick.iter().map(|&i| free[i]));
            if connected(size, &cells) {
                for &c in &cells {
                    label[c] = k;
                }
                go(size, label, k + 1, out);
                for &c in &cells {
                    label[c] = u8::MAX;
                }
            }
            // The next combination of size - 1 indices out of free.len().
            let m = free.len();
            let mut i = size - 1;
            loop {
                if i == 0 {
                    return;
                }
                i -= 1;
                if pick[i] < m - (size - 1 - i) {
                    pick[i] += 1;
                    for j in i + 1..size - 1 {
                        pick[j] = pick[j - 1] + 1;
                    }
                    break;
                }
            }
        }
    }
    let mut out = Vec::new();
    go(size, &mut vec![u8::MAX; size * size], 0, &mut out);
    out
}

fn name(size: usize, c: usize) -> String {
    format!("r{}c{}", c / size + 1, c % size + 1)
}

#[test]
fn partitions_are_counted_once_with_their_values() {
    const SYMBOLS: &str = "12345";
    let mut rng = Lcg(7);
    let mut checked = 0;
    let mut pairs_seen = 0;
    for (size, puzzles) in [(4usize, 20u64), (5, 6)] {
        let parts = partitions(size);
        // Published counts (OEIS A172477): 117 ways to cut a 4x4 into connected regions of 4
        // cells, 4,006 a 5x5 into regions of 5.
        assert_eq!(parts.len(), if size == 4 { 117 } else { 4006 });
        for round in 0..puzzles {
            let n = size * size;
            let mut givens = vec!['.'; n];
            let k = if size == 4 {
                2 + round % 3
            } else {
                6 + round % 3
            };
            for _ in 0..k {
                let c = rng.next(n as u64) as usize;
                givens[c] = SYMBOLS.as_bytes()[rng.next(size as u64) as usize] as char;
            }
            let mut same = Vec::new();
            let mut different = Vec::new();
            if round % 2 == 1 {
                let a = rng.next(n as u64) as usize;
                let nb = neighbours(size, a);
                let b = nb[rng.next(nb.len() as u64) as usize];
                different.push((a, b));
            }
            if round % 3 == 2 {
                let a = rng.next(n as u64) as usize;
                let b = rng.next(n as u64) as usize;
                if a != b {
                    same.push((a, b));
                }
            }
            let rows: Vec<String> = givens
                .chunks(size)
                .map(|r| r.iter().collect::<String>())
                .collect();
            let head = format!(
                "symbols = \"{}\"\ngivens = \"\"\"\n{}\n\"\"\"\n[[grid]]\nsize = {size}\n",
                &SYMBOLS[..size],
                rows.join("\n")
            );
            let list = |v: &[(usize, usize)]| {
                v.iter()
                    .map(|&(a, b)| format!("\"{} {}\"", name(size, a), name(size, b)))
                    .collect::<Vec<_>>()
                    .join(", ")
            };
            let chaos = format!(
                "{head}[[rule]]\ntype = \"chaos\"\nsame = [{}]\ndifferent = [{}]\n",
                list(&same),
                list(&different)
            );
            let Ok(loaded) = load_str("chaos", &chaos, None) else {
                // Two givens clash in a row or column: nothing to compare.
                continue;
            };
            let mut want: Vec<Vec<u8>> = Vec::new();
            for p in &parts {
                if same.iter().any(|&(a, b)| p[a] != p[b])
                    || different.iter().any(|&(a, b)| p[a] == p[b])
                {
                    continue;
                }
                let map: String = p.iter().map(|&l| (b'A' + l) as char).collect();
                let jigsaw = format!(
                    "symbols = \"{}\"\n[[grid]]\nsize = {size}\nregions = \"{map}\"\n",
                    &SYMBOLS[..size]
                );
                let j =
                    load_str("jigsaw", &jigsaw, None).unwrap_or_else(|e| panic!("{e}\n{jigsaw}"));
                // The chaos puzzle's givens loaded, so only a clash inside a region refuses them.
                let geometry = j.puzzle.geometry().clone();
                if let Ok(p) = Puzzle::new(geometry, loaded.puzzle.givens().to_vec()) {
                    want.extend(oracle::solutions(&p, 100_000));
                }
            }
            want.sort();
            let count = Solver::new(&loaded.puzzle).count(100_000);
            assert!(count.exhausted, "{chaos}");
            let mut got: Vec<Vec<u8>> = count
                .solutions
                .iter()
                .map(|s| s.as_indices().to_vec())
                .collect();
            for s in &count.solutions {
                assert!(loaded.puzzle.verify(s.as_indices()).is_ok(), "{chaos}");
            }
            got.sort();
            assert_eq!(got.len(), want.len(), "{chaos}");
            assert_eq!(got, want, "{chaos}");
            checked += 1;
            pairs_seen += want.len();
        }
    }
    // Enough puzzles were compared, and with solutions, for the test to mean something.
    eprintln!("{checked} puzzles compared, {pairs_seen} (values, regions) pairs");
    assert!(checked >= 12, "{checked} puzzles compared");
    assert!(pairs_seen >= 100, "{pairs_seen} pairs compared");
}

#[test]
fn a_value_grid_without_a_partition_fails_verify() {
    let text = "symbols = \"1234\"\n[[grid]]\nsize = 4\n[[rule]]\ntype = \"chaos\"\ndifferent = [\"r1c1 r1c2\", \"r1c1 r2c1\"]\n";
    let l = load_str("chaos", text, None).unwrap();
    // r1c1 is cut off from both neighbours: no region can hold it.
    let grid = [0u8, 1, 2, 3, 1, 0, 3, 2, 2, 3, 0, 1, 3, 2, 1, 0];
    assert!(l.puzzle.verify(&grid).is_err());
    assert_eq!(
        Solver::new(&l.puzzle).count(2).verdict(),
        Verdict::NoSolution
    );
}

/// The published puzzles of `tests/data/chaos/` (sources in its README): each loads, which
/// checks that its setter's solution has regions that fit; with every third of the setter's
/// digits given, the solver proves that solution the only one (the puzzles without those
/// digits are beyond the solver's reach in a test's time, see the README).
#[test]
fn published_chaos_puzzles_keep_their_setters_solutions() {
    let dir = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/data/chaos");
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
        let givens: Vec<Option<u8>> = (want.iter().enumerate())
            .map(|(c, &v)| (c % 3 == 0).then_some(v))
            .collect();
        let p = Puzzle::new(l.puzzle.geometry().clone(), givens).unwrap();
        let count = Solver::new(&p).count(2);
        assert_eq!(count.verdict(), Verdict::Unique, "{}", f.display());
        assert_eq!(
            count.solutions[0].as_indices(),
            &want[..],
            "{}",
            f.display()
        );
        // A digit changed in the setter's solution breaks a row, so no partition saves it.
        let mut wrong = want.clone();
        wrong.swap(0, 1);
        assert!(l.puzzle.verify(&wrong).is_err());
    }
}

/// A chaos rule's problems are reported at the group or table concerned, with line and column.
#[test]
fn chaos_errors_point_at_the_group_or_table() {
    let cases = [
        (
            "symbols = \"1234\"\n[[grid]]\nsize = 4\n\n[[rule]]\ntype = \"chaos\"\nsame = [\"r1c1\"]\n",
            ":7:9:",
            "a group names two cells or more",
        ),
        (
            "symbols = \"1234\"\n[[grid]]\nsize = 4\n[[rule]]\ntype = \"chaos\"\ndifferent = [\"r1c1 r9c9\"]\n",
            ":6:20:",
            "r9c9 is not a cell of the grid",
        ),
        (
            "symbols = \"123\"\n[[grid]]\nsize = 4\nrows = false\ncolumns = false\n[[rule]]\ntype = \"chaos\"\n",
            ":6:1:",
            "16 is not a multiple of 3",
        ),
        (
            "symbols = \"1234\"\n[[grid]]\nsize = 4\n[[rule]]\ntype = \"thermo\"\ncells = \"r1c1 r1c2\"\nsame = [\"r1c1 r1c2\"]\n",
            ":7:8:",
            "`same` does not belong in a `thermo` rule",
        ),
        (
            "symbols = \"1234\"\n[[grid]]\nsize = 4\n[[rule]]\ntype = \"chaos\"\n[[rule]]\ntype = \"chaos\"\n",
            ":6:1:",
            "at most one chaos construction",
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
