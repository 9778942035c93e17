//! Every built-in variant loads with the geometry it promises, and every example puzzle in
//! `variants/puzzles/` has exactly one solution: the one stored in the file.

use shapedoku::load::{self, Loaded};
use shapedoku::{Geometry, Pos, ShapeKind, Solver, Verdict, builtin};
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

fn puzzles_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../variants/puzzles")
}

fn load_builtin(name: &str) -> Loaded {
    load::load_builtin(name).unwrap_or_else(|e| panic!("built-in {name} does not load:\n{e}"))
}

/// (name, cells, houses, shapes, canvas rows, canvas columns) for every built-in.
const EXPECTED: &[(&str, usize, usize, usize, u32, u32)] = &[
    ("classic", 81, 27, 27, 9, 9),
    ("x-diagonal", 81, 29, 29, 9, 9),
    ("windoku", 81, 31, 31, 9, 9),
    ("jigsaw", 81, 27, 27, 9, 9),
    ("toroidal", 81, 27, 27, 9, 9),
    // Killer adds its cages (counted below) to the classic houses.
    ("killer", 81, 27, 0, 9, 9),
    // Five grids of 27 houses; the four shared boxes are listed once per grid.
    ("samurai", 369, 135, 135, 21, 21),
    // Seven faces and eighteen lines, six of which run 9 cells (houses); the rest run 6.
    ("tredoku", 63, 13, 25, 12, 9),
    ("4x4", 16, 12, 12, 4, 4),
    ("6x6", 36, 18, 18, 6, 6),
    ("16x16", 256, 48, 48, 16, 16),
    ("25x25", 625, 75, 75, 25, 25),
    ("letters", 81, 27, 27, 9, 9),
];

#[test]
fn every_builtin_is_listed_and_loads_with_its_geometry() {
    let names: Vec<&str> = EXPECTED.iter().map(|e| e.0).collect();
    assert_eq!(
        builtin::names(),
        names,
        "listing order or set of built-ins changed"
    );
    for &(name, cells, houses, shapes, rows, cols) in EXPECTED {
        let l = load_builtin(name);
        let g = &l.geometry;
        assert_eq!(g.name(), name);
        assert!(!g.description().is_empty(), "{name} has no description");
        assert_eq!(g.cell_count(), cells, "{name}: cells");
        assert_eq!(g.houses().len(), houses, "{name}: houses");
        if shapes > 0 {
            assert_eq!(g.shapes().len(), shapes, "{name}: shapes");
        }
        assert_eq!((g.rows(), g.cols()), (rows, cols), "{name}: canvas");
        // Every cell is in at least two houses, so every variant is a real Sudoku.
        for c in 0..g.cell_count() {
            let n = g
                .shapes_of(c)
                .iter()
                .filter(|&&s| g.houses().contains(&(s as usize)))
                .count();
            assert!(
                n >= 2 || name == "tredoku",
                "{name}: {} is in {n} houses",
                g.pos(c)
            );
        }
        assert!(builtin::geometry(name).is_some());
    }
}

#[test]
fn symbol_sets() {
    let sym = |n: &str| builtin::geometry(n).unwrap().symbols().as_string();
    assert_eq!(sym("16x16"), "0123456789ABCDEF");
    assert_eq!(sym("25x25"), "ABCDEFGHIJKLMNOPQRSTUVWXY");
    assert_eq!(sym("6x6"), "123456");
    let letters = sym("letters");
    assert_eq!(letters.chars().count(), 9);
    assert!(letters.chars().all(char::is_alphabetic));
}

fn region_cells(g: &Geometry) -> Vec<Vec<Pos>> {
    g.shapes()
        .iter()
        .filter(|s| s.kind == ShapeKind::Region)
        .map(|s| s.cells.iter().map(|&c| g.pos(c)).collect())
        .collect()
}

/// Whether the cells are connected by orthogonal steps, optionally wrapping around a 9x9 torus.
fn connected(cells: &[Pos], wrap: bool) -> bool {
    let set: BTreeSet<(u32, u32)> = cells.iter().map(|p| (p.row, p.col)).collect();
    let mut seen = BTreeSet::from([(cells[0].row, cells[0].col)]);
    let mut stack = vec![(cells[0].row, cells[0].col)];
    while let Some((r, c)) = stack.pop() {
        for (dr, dc) in [(0i32, 1i32), (1, 0), (0, -1), (-1, 0)] {
            let (mut rr, mut cc) = (r as i32 + dr, c as i32 + dc);
            if wrap {
                rr = (rr + 8).rem_euclid(9) + 1;
                cc = (cc + 8).rem_euclid(9) + 1;
            }
            let q = (rr as u32, cc as u32);
            if set.contains(&q) && seen.insert(q) {
                stack.push(q);
            }
        }
    }
    seen.len() == set.len()
}

#[test]
fn jigsaw_regions_are_nine_connected_pieces_of_nine() {
    let g = builtin::geometry("jigsaw").unwrap();
    let regions = region_cells(&g);
    assert_eq!(regions.len(), 9);
    assert!(g.shapes().iter().all(|s| s.kind != ShapeKind::Box));
    for r in &regions {
        assert_eq!(r.len(), 9);
        assert!(connected(r, false), "jigsaw region {r:?} is not connected");
    }
    // Not just the boxes in disguise.
    let boxes = regions.iter().filter(|r| {
        let top = r.iter().map(|p| p.row).min().unwrap();
        let left = r.iter().map(|p| p.col).min().unwrap();
        r.iter().all(|p| p.row < top + 3 && p.col < left + 3)
    });
    assert!(boxes.count() < 3);
}

#[test]
fn toroidal_regions_wrap_around_the_edges() {
    let g = builtin::geometry("toroidal").unwrap();
    let regions = region_cells(&g);
    assert_eq!(regions.len(), 9);
    let mut wrapping = 0;
    for r in &regions {
        assert_eq!(r.len(), 9);
        assert!(
            connected(r, true),
            "toroidal region {r:?} is not connected on the torus"
        );
        if !connected(r, false) {
            wrapping += 1;
        }
    }
    assert!(wrapping >= 2, "only {wrapping} regions wrap around an edge");
}

#[test]
fn samurai_grids_overlap_in_one_box_each() {
    let g = builtin::geometry("samurai").unwrap();
    assert_eq!(g.grids().len(), 5);
    let names: Vec<_> = g
        .grids()
        .iter()
        .map(|gr| gr.name.clone().unwrap())
        .collect();
    assert_eq!(
        names,
        [
            "top-left",
            "top-right",
            "centre",
            "bottom-left",
            "bottom-right"
        ]
    );
    // A shared corner cell is in two rows, two columns and two boxes.
    let c = g.cell_at(Pos::new(7, 7)).unwrap();
    assert_eq!(g.shapes_of(c).len(), 6);
    assert!(g.cell_at(Pos::new(1, 10)).is_none());
    assert!(g.cell_at(Pos::new(10, 1)).is_none());
}

#[test]
fn tredoku_faces_and_lines_are_consistent() {
    let g = builtin::geometry("tredoku").unwrap();
    let faces: Vec<_> = g
        .shapes()
        .iter()
        .filter(|s| !s.name.starts_with("line"))
        .collect();
    let lines: Vec<_> = g
        .shapes()
        .iter()
        .filter(|s| s.name.starts_with("line"))
        .collect();
    assert_eq!((faces.len(), lines.len()), (7, 18));
    let mut face_of = vec![usize::MAX; g.cell_count()];
    for (k, f) in faces.iter().enumerate() {
        assert_eq!(f.cells.len(), 9, "{} is not a 3x3 face", f.name);
        for &c in &f.cells {
            assert_eq!(face_of[c], usize::MAX, "{} is on two faces", g.pos(c));
            face_of[c] = k;
        }
    }
    assert!(
        face_of.iter().all(|&f| f != usize::MAX),
        "a cell is on no face"
    );
    let mut on_lines = vec![0; g.cell_count()];
    for l in &lines {
        assert!(
            l.cells.len() == 6 || l.cells.len() == 9,
            "{} has {} cells",
            l.name,
            l.cells.len()
        );
        // A line crosses whole faces, three cells on each, in order.
        for chunk in l.cells.chunks(3) {
            assert!(
                chunk.iter().all(|&c| face_of[c] == face_of[chunk[0]]),
                "{} splits a face",
                l.name
            );
        }
        let crossed: BTreeSet<usize> = l.cells.iter().map(|&c| face_of[c]).collect();
        assert_eq!(
            crossed.len(),
            l.cells.len() / 3,
            "{} visits a face twice",
            l.name
        );
        for &c in &l.cells {
            on_lines[c] += 1;
        }
    }
    // On a surface every cell lies on exactly two lines, one along each direction of its face.
    assert!(on_lines.iter().all(|&n| n == 2), "{on_lines:?}");
}

#[test]
fn killer_cages_cover_the_grid_once() {
    let l = load_builtin("killer");
    assert!(l.is_puzzle);
    let g = &l.geometry;
    let text = builtin::source("killer").unwrap();
    let cages: Vec<_> = g
        .shapes()
        .iter()
        .filter(|s| s.kind == ShapeKind::Cage)
        .collect();
    assert_eq!(
        cages.len(),
        text.lines().filter(|l| l.trim() == "[[cage]]").count()
    );
    assert_eq!(g.shapes().len(), 27 + cages.len());
    let mut covered = vec![0; g.cell_count()];
    for c in &cages {
        assert!(c.sum().is_some() && c.is_no_repeat());
        for &x in &c.cells {
            covered[x] += 1;
        }
    }
    assert!(
        covered.iter().all(|&n| n == 1),
        "cages must cover every cell once"
    );
    assert!(
        l.puzzle.given_count() <= 5,
        "a Killer should need few givens"
    );
    // The built-in is itself a puzzle with a stored solution; it is unique.
    let count = Solver::new(&l.puzzle).count(2);
    assert_eq!(count.verdict(), Verdict::Unique);
    assert_eq!(Some(count.solutions[0].as_indices()), l.solution.as_deref());
}

fn puzzle_files() -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(puzzles_dir())
        .expect("variants/puzzles exists")
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "toml"))
        .collect();
    files.sort();
    files
}

#[test]
fn every_builtin_has_an_example_puzzle() {
    let stems: BTreeSet<String> = puzzle_files()
        .iter()
        .map(|p| p.file_stem().unwrap().to_string_lossy().into_owned())
        .collect();
    for name in builtin::names() {
        assert!(
            stems.contains(name),
            "variants/puzzles/{name}.toml is missing"
        );
        let text = std::fs::read_to_string(puzzles_dir().join(format!("{name}.toml"))).unwrap();
        assert!(
            text.contains(&format!("variant = \"{name}\"")),
            "{name}.toml does not name its variant"
        );
    }
}

#[test]
fn every_example_puzzle_solves_uniquely_to_its_stored_solution() {
    let files = puzzle_files();
    assert!(files.len() >= 13);
    for path in files {
        let l = load::load_path(&path).unwrap_or_else(|e| panic!("{}:\n{e}", path.display()));
        let name = path.display();
        assert!(l.is_puzzle, "{name} is not a puzzle file");
        let solution = l
            .solution
            .as_ref()
            .unwrap_or_else(|| panic!("{name} has no stored solution"));
        l.puzzle
            .verify(solution)
            .unwrap_or_else(|v| panic!("{name}: stored solution is wrong: {v}"));
        let givens = l.puzzle.given_count();
        assert!(
            givens * 2 < l.geometry.cell_count(),
            "{name}: {givens} givens is hardly a puzzle"
        );
        let count = Solver::new(&l.puzzle).count(2);
        assert_eq!(count.verdict(), Verdict::Unique, "{name} is not unique");
        assert_eq!(
            &count.solutions[0], solution,
            "{name}: the solver found another solution"
        );
        l.puzzle.verify(&count.solutions[0]).unwrap();
    }
}

#[test]
fn a_wrong_stored_solution_is_rejected() {
    // Swapping two symbols of a row in a stored solution must be caught by the loader.
    let path = puzzles_dir().join("classic.toml");
    let text = std::fs::read_to_string(&path).unwrap();
    let at = text.find("solution").unwrap();
    let (head, tail) = text.split_at(at);
    let mut chars: Vec<char> = tail.chars().collect();
    let digits: Vec<usize> = chars
        .iter()
        .enumerate()
        .filter(|(_, c)| c.is_ascii_digit())
        .map(|(i, _)| i)
        .collect();
    chars.swap(digits[0], digits[1]);
    let bad = format!("{head}{}", chars.into_iter().collect::<String>());
    let err = load::load_str("classic.toml", &bad, None).unwrap_err();
    assert!(err.to_string().contains("solution"), "{err}");
}

#[test]
fn every_builtin_has_a_section_in_the_variant_guide() {
    let doc =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("../docs/variants.md"))
            .unwrap();
    for name in builtin::names() {
        assert!(
            doc.contains(&format!("\n## {name}\n")),
            "docs/variants.md has no section for {name}"
        );
        assert!(
            doc.contains(&format!("variants/puzzles/{name}.toml")),
            "docs/variants.md does not show {name}'s example"
        );
    }
}

#[test]
fn samurai_givens_per_grid_match_the_canvas_picture() {
    // The three ways docs/variants.md offers to write Samurai givens give the same puzzle.
    let l = load::load_path(&puzzles_dir().join("samurai.toml")).unwrap();
    let g = &l.geometry;
    let sym = |c: usize| l.puzzle.givens()[c].map_or('.', |s| g.symbols().char(s));
    let per_grid: Vec<String> = g
        .grids()
        .iter()
        .map(|gr| {
            format!(
                "\"{}\"",
                gr.positions()
                    .map(|p| sym(g.cell_at(p).unwrap()))
                    .collect::<String>()
            )
        })
        .collect();
    let text = format!(
        "variant = \"samurai\"\ngivens = [{}]\n",
        per_grid.join(",\n")
    );
    let again = load::load_str("per-grid.toml", &text, None).unwrap();
    assert_eq!(again.puzzle.givens(), l.puzzle.givens());
    let line = format!(
        "variant = \"samurai\"\ngivens = \"{}\"\n",
        l.puzzle.to_line()
    );
    let again = load::load_str("line.toml", &line, None).unwrap();
    assert_eq!(again.puzzle.givens(), l.puzzle.givens());
    // Grids that disagree on a shared cell are an error. Canvas r7c7 is the centre grid's first
    // cell and the top-left grid's cell 6 * 9 + 6 (each string starts with its opening quote).
    let mut bad = per_grid.clone();
    let mut top_left: Vec<char> = bad[0].chars().collect();
    let mut centre: Vec<char> = bad[2].chars().collect();
    top_left[1 + 6 * 9 + 6] = '1';
    centre[1] = '2';
    bad[0] = top_left.into_iter().collect();
    bad[2] = centre.into_iter().collect();
    let text = format!("variant = \"samurai\"\ngivens = [{}]\n", bad.join(",\n"));
    let err = load::load_str("bad.toml", &text, None)
        .unwrap_err()
        .to_string();
    assert!(err.contains("r7c7"), "{err}");
}
