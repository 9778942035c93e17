//! Tests of the whole pipeline: a file in, diagnostics (or a geometry and puzzle) out.

use super::*;

/// (line, column, message) of every diagnostic.
pub(super) fn problems(text: &str) -> Vec<(usize, usize, String)> {
    let a = analyze_str("t.toml", text, None);
    a.diagnostics
        .iter()
        .map(|d| {
            let (l, c) = d.line_col().unwrap_or((0, 0));
            (l, c, d.message.clone())
        })
        .collect()
}

pub(super) fn has(p: &[(usize, usize, String)], line: usize, col: usize, needle: &str) -> bool {
    p.iter()
        .any(|(l, c, m)| *l == line && *c == col && m.contains(needle))
}

mod fuzz {
    use super::super::*;
    use proptest::prelude::*;

    const SEED: &str = "name = \"f\"\nsymbols = \"1234\"\ngivens = [\"1... .... .... ...2\", \"2...\"]\nsolution = \"\"\"\n1234\n\"\"\"\n[[grid]]\nat = [1, 1]\nsize = 4\nbox = [2, 2]\nregions = \"AABB AABB CCDD CCDD\"\n[[grid]]\nat = [4, 4]\nsize = 2\n[[shape]]\nname = \"s\"\ncells = \"r1c1 r2-3c2-3\"\nsum = 10\nrepeats = true\n[[cage]]\nsum = 3\ncells = \"r4c1 r4c2\"\n";
    const TOKENS: &[&str] = &[
        "\"",
        "'",
        "\"\"\"",
        "[",
        "]",
        "[[",
        "]]",
        "=",
        "\n",
        ",",
        "r",
        "c",
        "-",
        "0",
        "1",
        "9",
        "99999",
        "4294967295",
        "-1",
        "true",
        "{",
        "}",
        ".",
        "#",
        "🍎",
        "\\",
        "size",
        "at",
        "box",
        "cells",
        "sum",
        "variant = \"4x4\"",
        "givens",
        "é",
    ];

    proptest! {
        #![proptest_config(ProptestConfig { cases: 400, ..ProptestConfig::default() })]

        #[test]
        fn arbitrary_text_never_panics(text in ".{0,200}") {
            let _ = analyze_str("f.toml", &text, None);
        }

        #[test]
        fn mutated_files_never_panic(edits in proptest::collection::vec((0usize..400, 0usize..6, 0usize..TOKENS.len()), 1..6)) {
            let mut text = SEED.to_string();
            for (at, del, tok) in edits {
                let mut at = at.min(text.len());
                while !text.is_char_boundary(at) { at -= 1; }
                let mut end = (at + del).min(text.len());
                while !text.is_char_boundary(end) { end += 1; }
                text.replace_range(at..end, TOKENS[tok]);
            }
            let a = analyze_str("f.toml", &text, None);
            for d in &a.diagnostics {
                // Every span lies inside its file, so it can be shown.
                if let Some(s) = &d.span {
                    prop_assert!(s.start <= s.end && s.end <= d.source.text.len(), "{d:?}");
                }
                let _ = d.to_string();
            }
        }
    }
}

/// The size caps: checked as the parts are read, reported where the part that crosses one is
/// written, and never allocated past.
mod caps {
    use super::*;
    use crate::Limits;
    use std::time::{Duration, Instant};

    fn with(limits: Limits, text: &str) -> Vec<String> {
        let a = Loader::new()
            .limits(limits)
            .analyze_str("t.toml", text, None);
        assert!(a.geometry.is_none(), "built past a cap");
        a.diagnostics.iter().map(ToString::to_string).collect()
    }

    #[test]
    fn a_grid_over_the_cell_cap_is_named_at_its_size() {
        let m = with(
            Limits::default(),
            "symbols = \"123456789\"\n[[grid]]\nsize = 9\n[[grid]]\nat = [1, 10]\nsize = 1000\nrows = false\ncolumns = false\n",
        );
        assert_eq!(
            m,
            [
                "t.toml:6:8: grid 2 takes the geometry past a limit: the geometry has 1000081 cells, more than the limit of 16384 (help: the size caps keep memory bounded (see Limits in docs/format.md); split the puzzle, or raise the cap through the library's Limits)"
            ]
        );
    }

    #[test]
    fn every_cap_names_itself() {
        let tiny = Limits {
            max_cells: 20,
            max_canvas_area: 30,
            max_shapes: 12,
            max_shape_cells: 40,
            ..Limits::default()
        };
        let base = "symbols = \"1234\"\n[[grid]]\nsize = 4\nrows = false\n";
        // 16 cells, 4 columns: within every cap. Declared cells are counted before grids, so
        // the grid is what crosses a cap below.
        assert!(
            Loader::new()
                .limits(tiny)
                .load_str("t.toml", base, None)
                .is_ok()
        );
        let cases = [
            (
                "cells = \"r5c1-5\"\n",
                "",
                "t.toml:4:8: grid 1 takes the geometry past a limit: the geometry has 21 cells, more than the limit of 20",
            ),
            (
                "cells = \"r8c1\"\n",
                "",
                "t.toml:4:8: grid 1 takes the geometry past a limit: the geometry has 32 canvas positions, more than the limit of 30",
            ),
            (
                "",
                "[[shape]]\ncells = \"r1-4c1-4\"\n[[shape]]\ncells = \"r1-2c1-4\"\n[[shape]]\ncells = \"r1c1\"\n",
                "t.toml:10:10: shape `shape 3` takes the geometry past a limit: the geometry has 41 shape cells, more than the limit of 40",
            ),
        ];
        for (top, tables, want) in cases {
            let m = with(tiny, &format!("{top}{base}{tables}"));
            assert!(m[0].starts_with(want), "{top}{tables}: {m:?}");
        }
        let many: String = (0..12)
            .map(|_| "[[cage]]\nsum = 1\ncells = \"r1c1\"\n")
            .collect();
        let m = with(tiny, &format!("{base}{many}"));
        assert!(m[0].contains("cage `cage 1 at r1c1` takes the geometry past a limit: the geometry has 13 shapes, more than the limit of 12"), "{m:?}");
    }

    #[test]
    fn a_list_of_huge_rectangles_stops_at_the_cap_at_once() {
        let t = Instant::now();
        let bomb = "r1-256c1-256 ".repeat(100_000);
        let m = with(
            Limits::default(),
            &format!("symbols = \"1\"\ncells = \"{bomb}\"\n"),
        );
        assert_eq!(m.len(), 1, "{m:?}");
        assert!(
            m[0].starts_with(
                "t.toml:2:10: `cells` takes the geometry past a limit: the geometry has 65536 cells"
            ),
            "{m:?}"
        );
        let shapes = format!("variant = \"classic\"\n[[shape]]\ncells = \"{bomb}\"\n");
        let m = with(Limits::default(), &shapes);
        assert!(m[0].contains("shape `shape 1` takes the geometry past a limit: the geometry has 65779 shape cells, more than the limit of 65536"), "{m:?}");
        assert!(t.elapsed() < Duration::from_secs(5), "{:?}", t.elapsed());
    }

    #[test]
    fn bad_references_are_reported_a_few_at_a_time() {
        let p = problems(&format!(
            "variant = \"classic\"\n[[shape]]\ncells = \"{}\"\n",
            "x ".repeat(1000)
        ));
        assert_eq!(p.len(), 9, "{p:?}");
        assert!(p[8].2.contains("and 992 more bad cell references"), "{p:?}");
    }

    #[test]
    fn many_cells_outside_every_grid_are_one_problem_found_fast() {
        let t = Instant::now();
        let p = problems("variant = \"classic\"\n[[shape]]\ncells = \"r101-355c1-256 r10c10\"\n");
        assert_eq!(p.len(), 2, "{p:?}");
        assert!(
            p.iter().any(|(l, c, m)| (*l, *c) == (3, 10)
                && m.contains("65280 cells (r101c1, ...) are outside every grid")),
            "{p:?}"
        );
        assert!(t.elapsed() < Duration::from_secs(5), "{:?}", t.elapsed());
    }

    #[test]
    fn cage_sums_are_checked_once_per_file_not_once_per_cage() {
        // Values far apart make every subset sum distinct: the search would be 2^64 states.
        let values: Vec<String> = (0..64)
            .map(|i| (1_000_000i64 + i * i * 7919).to_string())
            .collect();
        let symbols: String = (0..64u8)
            .map(|i| char::from(b'0' + i))
            .filter(|c| *c != '.')
            .chain(['~'])
            .take(64)
            .collect();
        let cages: String = (0..2000)
            .map(|i| {
                format!(
                    "[[cage]]\nsum = {}\ncells = \"r{}c1-32\"\n",
                    33_000_000 + i,
                    i % 64 + 1
                )
            })
            .collect();
        let text = format!(
            "symbols = \"{symbols}\"\nvalues = [{}]\n[[grid]]\nsize = 64\nrows = false\ncolumns = false\n{cages}",
            values.join(", ")
        );
        let t = Instant::now();
        let a = analyze_str("t.toml", &text, None);
        assert!(t.elapsed() < Duration::from_secs(10), "{:?}", t.elapsed());
        assert!(a.geometry.is_some() || !a.diagnostics.is_empty());
    }

    #[test]
    fn a_cage_without_cells_is_named_by_its_place_not_a_number_like_a_sum() {
        let p = problems(
            "variant = \"classic\"\n[[cage]]\nsum = 3\ncells = \"r1c1 r1c2\"\n[[cage]]\nsum = 45\n",
        );
        assert!(has(&p, 5, 1, "cage #2 has no `cells`"), "{p:?}");
        let p = problems("variant = \"classic\"\n[[cage]]\nsum = 3\nname = \"top\"\n");
        assert!(has(&p, 2, 1, "cage `top` has no `cells`"), "{p:?}");
    }

    #[test]
    fn a_variant_file_over_the_input_cap_is_refused() {
        let dir = std::env::temp_dir().join(format!("shapedoku-caps-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(
            dir.join("base.toml"),
            format!(
                "# {}\nsymbols = \"12\"\n[[grid]]\nsize = 2\n",
                "x".repeat(100)
            ),
        )
        .unwrap();
        let text = "variant = \"base.toml\"\n";
        let small = Limits {
            max_input_bytes: 64,
            ..Limits::default()
        };
        assert!(Loader::new().load_str("p.toml", text, Some(&dir)).is_ok());
        let e = Loader::new()
            .limits(small)
            .load_str("p.toml", text, Some(&dir))
            .unwrap_err();
        assert!(
            e.to_string().contains("the input is larger than 64 bytes"),
            "{e}"
        );
        let e = Loader::new()
            .limits(small)
            .load_path(&dir.join("base.toml"))
            .unwrap_err();
        assert!(
            e.to_string()
                .contains("cannot read the file: the input is larger than 64 bytes"),
            "{e}"
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_file_of_too_many_toml_items_is_not_parsed() {
        // Parsed, a table costs far more than its text: 64 MiB of `[[shape]]` tables took
        // gigabytes before the count came first.
        let text = format!("symbols = \"1\"\n{}", "[[shape]]\nq=1\n".repeat(100_000));
        let t = Instant::now();
        let m = with(Limits::default(), &text);
        assert!(t.elapsed() < Duration::from_secs(5), "{:?}", t.elapsed());
        assert_eq!(m.len(), 1, "{m:?}");
        assert!(
            m[0].starts_with("t.toml:131073:1: here the puzzle passes 524288 TOML items (keys, values, brackets), the most that are read for one puzzle and its variant files"),
            "{m:?}"
        );
        // The count is for the files of a chain together.
        let few = Limits {
            max_toml_items: 20,
            ..Limits::default()
        };
        let m = with(few, "variant = \"classic\"\n");
        assert!(
            m[0].starts_with("builtin:classic:")
                && m[0].contains("here the puzzle passes 20 TOML items"),
            "{m:?}"
        );
        // Whitespace and comments are not items.
        let spaced = format!(
            "# {}\nvariant = \"4x4\"{}\n",
            "#".repeat(10_000),
            " ".repeat(10_000)
        );
        let tiny = Limits {
            max_toml_items: 3 + 40,
            ..Limits::default()
        };
        let a = Loader::new()
            .limits(tiny)
            .analyze_str("t.toml", &spaced, None);
        assert!(a.diagnostics.is_empty(), "{:?}", a.diagnostics);
    }

    #[test]
    fn a_file_of_many_problems_lists_the_first_and_counts_the_rest() {
        let text = format!("symbols = \"1\"\n{}", "[[shape]]\nq=1\n".repeat(5000));
        let t = Instant::now();
        let a = analyze_str("t.toml", &text, None);
        assert!(t.elapsed() < Duration::from_secs(5), "{:?}", t.elapsed());
        assert_eq!(a.diagnostics.len(), 101);
        assert_eq!(a.omitted, 10_001 - 100);
        let last = a.diagnostics.last().unwrap().to_string();
        assert!(
            last.starts_with(
                "t.toml:102:1: and 9901 more problems from here on (only the first 100 are listed)"
            ),
            "{last}"
        );
        let all = Loader::new()
            .limits(Limits::NONE)
            .analyze_str("t.toml", &text, None);
        assert_eq!((all.diagnostics.len(), all.omitted), (10_001, 0));
    }

    #[test]
    fn variant_files_count_together_against_the_input_cap() {
        let dir = std::env::temp_dir().join(format!("shapedoku-chain-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        // Each file is within the cap; a file that names itself is read once per level.
        let selfish = format!("variant = \"self.toml\"\n# {}\n", "x".repeat(300));
        std::fs::write(dir.join("self.toml"), &selfish).unwrap();
        let cap = Limits {
            max_input_bytes: 1000,
            ..Limits::default()
        };
        let e = Loader::new()
            .limits(cap)
            .load_path(&dir.join("self.toml"))
            .unwrap_err();
        assert!(
            e.to_string().contains(":1:11: with the variant named here the files of this puzzle are larger than 1000 bytes together"),
            "{e}"
        );
        // Without the cap, the chain is cut at its depth.
        let e = Loader::new().load_path(&dir.join("self.toml")).unwrap_err();
        assert!(e.to_string().contains("variants nest too deeply"), "{e}");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}

mod candidates {
    use super::*;
    use crate::{CellId, Solver, SymbolSet};

    #[test]
    fn every_problem_is_placed_and_names_the_cell() {
        let text = "variant = \"4x4\"\ngivens = \"12.. .... .... ....\"\ncandidates = { r2c1 = \"3\", r9c9 = \"1\", r1x = \"1\", r2c2 = \"x\", r3c3 = \"\", r1c1 = \"23\", R2C1 = \"4\" }\n";
        let p = problems(text);
        let want = [
            (
                3,
                28,
                "`candidates` names r9c9, which is not a cell of this puzzle",
            ),
            (
                3,
                40,
                "`r1x` is not a cell reference: it needs a `c` before the column",
            ),
            (
                3,
                59,
                "`x` in the candidates of r2c2 is not a symbol of this puzzle",
            ),
            (3, 70, "r3c3 has no candidate"),
            (
                3,
                81,
                "r1c1 is given as `1`, which its candidates `23` leave out",
            ),
            (3, 87, "r2c1 is listed twice in `candidates`"),
        ];
        let got: Vec<(usize, usize, &str)> =
            p.iter().map(|(l, c, m)| (*l, *c, m.as_str())).collect();
        assert_eq!(got, want);
        let p = problems("variant = \"4x4\"\ncandidates = [\"1\"]\n");
        assert!(
            has(
                &p,
                2,
                14,
                "`candidates` must be a table of cells and their candidates, not an array"
            ),
            "{p:?}"
        );
        let p = problems("variant = \"4x4\"\ncandidates = { r1c1 = 12 }\n");
        assert!(
            has(
                &p,
                2,
                23,
                "`candidates` gives r1c1 an integer, where a string of symbols belongs"
            ),
            "{p:?}"
        );
    }

    #[test]
    fn a_stated_solution_must_keep_to_the_candidates() {
        let text = "variant = \"4x4\"\ngivens = \"12.. 3... ...2 ..1.\"\nsolution = \"1243 3421 4132 2314\"\ncandidates = { r1c3 = \"3\" }\n";
        let p = problems(text);
        assert_eq!(
            p,
            [(
                3,
                15,
                "the solution is wrong: it has `4` at r1c3, which its candidates `3` leave out"
                    .to_string()
            )]
        );
    }

    #[test]
    fn candidates_name_canvas_cells_in_any_alphabet() {
        // Samurai: r7c7 is shared by the top-left and the middle grid; r1c10 is no cell.
        let l = load_str(
            "t.toml",
            "variant = \"samurai\"\nsymbols = \"🍎🍐🍊🍋🍉🍇🍓🫐🍒\"\ncandidates = { r7c7 = \"🍎🍒\", r19-21c19 = \"🍐 🍊\" }\n",
            None,
        )
        .unwrap();
        let g = &l.geometry;
        let at = |r, c| CellId::new(g.cell_at(crate::Pos::new(r, c)).unwrap());
        assert_eq!(l.puzzle.candidates(at(7, 7)), SymbolSet::single(0).with(8));
        for r in 19..=21 {
            assert_eq!(l.puzzle.candidates(at(r, 19)), SymbolSet::single(1).with(2));
        }
        assert_eq!(l.puzzle.candidates(at(1, 1)), g.symbols().all());
        let p = problems(
            "variant = \"samurai\"\nsymbols = \"🍎🍐🍊🍋🍉🍇🍓🫐🍒\"\ncandidates = { r1c10 = \"🍎\", r1c1 = \"🍎🥝\" }\n",
        );
        assert_eq!(
            p,
            [
                (
                    3,
                    16,
                    "`candidates` names r1c10, which is not a cell of this puzzle".to_string()
                ),
                (
                    3,
                    38,
                    "`🥝` in the candidates of r1c1 is not a symbol of this puzzle".to_string()
                )
            ]
        );
    }

    #[test]
    fn candidates_are_the_puzzles_own_and_restrict_every_count() {
        let plain = load_str(
            "t.toml",
            "variant = \"4x4\"\ngivens = \"12.. .... .... ....\"\n",
            None,
        )
        .unwrap();
        assert_eq!(Solver::new(&plain.puzzle).count(100).solutions.len(), 24);
        let text =
            "variant = \"4x4\"\ngivens = \"12.. .... .... ....\"\ncandidates = { r2c1 = \"3\" }\n";
        let narrowed = load_str("t.toml", text, None).unwrap();
        assert!(narrowed.is_puzzle);
        let count = Solver::new(&narrowed.puzzle).count(100);
        assert_eq!(count.solutions.len(), 12);
        assert!(count.solutions.iter().all(|s| s[4] == 2));
        assert_eq!(
            crate::oracle::count(&narrowed.puzzle, 100),
            12,
            "the reference solver agrees"
        );
        // A puzzle file on a variant with candidates does not inherit them.
        let dir = std::env::temp_dir().join(format!("shapedoku-cands-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("base.toml"), text).unwrap();
        let child = load_str("c.toml", "variant = \"base.toml\"\n", Some(&dir)).unwrap();
        assert!(child.puzzle.narrowed().is_none());
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
