//! End-to-end tests of the generator: uniqueness proved by the counting solver for every
//! built-in variant, reproducibility by seed (also across thread counts), minimality, symmetry,
//! starting patterns, Killer cages, and the TOML round trip through `solve`.

use shapedoku::generate::{
    Cage, GenerateError, Generated, KillerOptions, Options, Symmetry, Target, derive_seed, generate,
};
use shapedoku::{Geometry, Pos, Puzzle, Solver, Verdict, builtin, load};
use shapedoku_cli::run_in_memory;
use std::path::PathBuf;
use std::sync::Arc;

/// Checks what every generated puzzle must satisfy: the search proves it unique, the unique
/// solution is the one reported, and it satisfies every shape (and the givens).
fn assert_proper(out: &Generated) {
    let count = Solver::new(&out.puzzle).count(2);
    assert_eq!(count.verdict(), Verdict::Unique, "{}", out.puzzle.to_line());
    assert_eq!(count.solutions[0], out.solution);
    out.puzzle
        .verify(&out.solution)
        .expect("the solution satisfies every shape");
}

/// Whether removing any single given leaves more than one solution.
fn assert_minimal(p: &Puzzle) {
    let mut solver = Solver::for_geometry(p.geometry().clone());
    for c in 0..p.geometry().cell_count() {
        if p.givens()[c].is_some() {
            let mut g = p.givens().to_vec();
            g[c] = None;
            solver.set_givens(&g).unwrap();
            assert_eq!(
                solver.count(2).verdict(),
                Verdict::Several,
                "the given at {} is removable",
                p.geometry().pos(c)
            );
        }
    }
}

fn geometry_from(text: &str) -> Arc<Geometry> {
    load::load_str("inline.toml", text, None).unwrap().geometry
}

fn six() -> Arc<Geometry> {
    geometry_from("name = \"6x6\"\nsymbols = \"123456\"\n[[grid]]\nsize = 6\nbox = [2, 3]\n")
}

fn scratch_dir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("shapedoku-generate-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&d).unwrap();
    d
}

#[test]
fn every_builtin_variant_gives_unique_puzzles() {
    for name in builtin::names() {
        let g = builtin::geometry(name).unwrap();
        let nc = g.cell_count();
        // Large geometries go to a clue count instead of minimal to keep the test fast; the
        // benchmark covers minimal generation on them.
        let target = if nc <= 100 {
            Target::Minimal
        } else {
            Target::Givens(nc * 55 / 100)
        };
        for seed in 0..2 {
            let out = generate(
                g.clone(),
                &Options {
                    seed,
                    target,
                    ..Options::default()
                },
            )
            .unwrap_or_else(|e| panic!("{name} seed {seed}: {e}"));
            assert_proper(&out);
            if let Target::Givens(n) = target {
                assert!(out.puzzle.given_count() <= n, "{name}");
            } else {
                assert_minimal(&out.puzzle);
            }
        }
    }
}

#[test]
fn minimal_is_minimal() {
    for g in [
        builtin::geometry("classic").unwrap(),
        builtin::geometry("4x4").unwrap(),
        six(),
    ] {
        for seed in 10..14 {
            let out = generate(
                g.clone(),
                &Options {
                    seed,
                    ..Options::default()
                },
            )
            .unwrap();
            assert_proper(&out);
            assert_minimal(&out.puzzle);
        }
    }
}

#[test]
fn same_seed_same_puzzle() {
    let g = builtin::geometry("classic").unwrap();
    let a = generate(
        g.clone(),
        &Options {
            seed: 99,
            ..Options::default()
        },
    )
    .unwrap();
    let b = generate(
        g.clone(),
        &Options {
            seed: 99,
            ..Options::default()
        },
    )
    .unwrap();
    assert_eq!(a.puzzle.to_line(), b.puzzle.to_line());
    assert_eq!(a.solution, b.solution);
    let c = generate(
        g,
        &Options {
            seed: 100,
            ..Options::default()
        },
    )
    .unwrap();
    assert_ne!(a.puzzle.to_line(), c.puzzle.to_line());
}

#[test]
fn cli_output_does_not_depend_on_thread_count() {
    let args = |j: &'static str| {
        [
            "generate", "--seed", "4242", "--count", "6", "--format", "json", "-j", j,
        ]
    };
    let (c1, out1, err1) = run_in_memory(&args("1"), "");
    let (c2, out2, _) = run_in_memory(&args("2"), "");
    let (c3, out3, _) = run_in_memory(&args("1"), "");
    assert_eq!((c1, c2, c3), (0, 0, 0), "{err1}");
    assert_eq!(out1, out2);
    assert_eq!(out1, out3);
    let lines: Vec<serde_json::Value> = out1
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 6);
    let g = builtin::geometry("classic").unwrap();
    for (i, v) in lines.iter().enumerate() {
        assert_eq!(v["run_seed"], 4242);
        assert_eq!(v["seed"].as_u64().unwrap(), derive_seed(4242, i as u64));
        let p = Puzzle::from_line(g.clone(), v["givens"].as_str().unwrap()).unwrap();
        assert_eq!(Solver::new(&p).count(2).verdict(), Verdict::Unique);
    }
    // The seed printed beside a puzzle reproduces it alone.
    let seed = lines[3]["seed"].as_u64().unwrap().to_string();
    let (_, alone, _) = run_in_memory(&["generate", "--seed", &seed, "--format", "json"], "");
    let alone: serde_json::Value = serde_json::from_str(alone.trim()).unwrap();
    assert_eq!(alone["givens"], lines[3]["givens"]);
}

#[test]
fn text_output_prints_the_seed_and_solve_reads_the_lines() {
    let (code, out, err) = run_in_memory(
        &[
            "generate",
            "--seed",
            "7",
            "--count",
            "2",
            "--variant",
            "4x4",
        ],
        "",
    );
    assert_eq!(code, 0, "{err}");
    assert!(
        out.starts_with("# seed 7 (run seed 7, puzzle 1 of 2)"),
        "{out}"
    );
    let (code, solved, err) = run_in_memory(&["solve", "--variant", "4x4", "--unique", "-"], &out);
    assert_eq!(code, 0, "{err}\n{solved}");
    assert_eq!(solved.lines().count(), 2);
}

#[test]
fn clock_seed_is_printed() {
    let (code, out, _) = run_in_memory(&["generate", "--variant", "4x4", "--format", "json"], "");
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    let seed = v["seed"].as_u64().unwrap().to_string();
    let (_, again, _) = run_in_memory(
        &[
            "generate",
            "--variant",
            "4x4",
            "--format",
            "json",
            "--seed",
            &seed,
        ],
        "",
    );
    assert_eq!(out, again);
}

fn symmetric(p: &Puzzle, map: impl Fn(Pos) -> Pos) -> bool {
    let g = p.geometry();
    (0..g.cell_count()).all(|c| {
        let d = g.cell_at(map(g.pos(c))).unwrap();
        p.givens()[c].is_some() == p.givens()[d].is_some()
    })
}

#[test]
fn symmetry_is_respected() {
    let g = builtin::geometry("classic").unwrap();
    let (r, k) = (g.rows() + 1, g.cols() + 1);
    for seed in 0..3 {
        for (sym, map) in [
            (
                Symmetry::Rotate180,
                Box::new(move |p: Pos| Pos::new(r - p.row, k - p.col)) as Box<dyn Fn(Pos) -> Pos>,
            ),
            (
                Symmetry::MirrorLeftRight,
                Box::new(move |p: Pos| Pos::new(p.row, k - p.col)),
            ),
            (
                Symmetry::MirrorTopBottom,
                Box::new(move |p: Pos| Pos::new(r - p.row, p.col)),
            ),
        ] {
            for target in [Target::Minimal, Target::Givens(32)] {
                let out = generate(
                    g.clone(),
                    &Options {
                        seed,
                        symmetry: sym,
                        target,
                        ..Options::default()
                    },
                )
                .unwrap();
                assert_proper(&out);
                assert!(
                    symmetric(&out.puzzle, &map),
                    "{sym} {}",
                    out.puzzle.to_line()
                );
                if let Target::Givens(n) = target {
                    // An orbit of two may overshoot an exact count by one.
                    assert!(
                        (n - 1..=n).contains(&out.puzzle.given_count()),
                        "{sym}: {}",
                        out.puzzle.given_count()
                    );
                }
            }
        }
    }
}

#[test]
fn symmetry_that_does_not_fit_is_an_error() {
    let g =
        geometry_from("symbols = \"1234\"\ncells = \"r5c1\"\n[[grid]]\nsize = 4\nbox = [2, 2]\n");
    let e = generate(
        g,
        &Options {
            symmetry: Symmetry::Rotate180,
            ..Options::default()
        },
    )
    .unwrap_err();
    assert!(matches!(e, GenerateError::Symmetry { .. }), "{e}");
    let dir = scratch_dir("sym");
    let path = dir.join("lshape.toml");
    std::fs::write(
        &path,
        "symbols = \"1234\"\ncells = \"r5c1\"\n[[grid]]\nsize = 4\nbox = [2, 2]\n",
    )
    .unwrap();
    let (code, _, err) = run_in_memory(
        &[
            "generate",
            "--variant",
            path.to_str().unwrap(),
            "--symmetry",
            "mirror",
        ],
        "",
    );
    assert_eq!(code, 2);
    assert!(err.contains("symmetry `mirror` does not fit"), "{err}");
}

#[test]
fn starting_pattern_is_respected() {
    let g = builtin::geometry("classic").unwrap();
    let mut fixed = vec![None; 81];
    // The first row fixed in order, as in classic pattern generators.
    for (c, f) in fixed.iter_mut().enumerate().take(9) {
        *f = Some(c as u8);
    }
    let required = vec![40, 80];
    for seed in 0..3 {
        let opts = Options {
            seed,
            fixed: fixed.clone(),
            required: required.clone(),
            ..Options::default()
        };
        let out = generate(g.clone(), &opts).unwrap();
        assert_proper(&out);
        for c in 0..9 {
            assert_eq!(out.puzzle.givens()[c], Some(c as u8));
        }
        for &c in &required {
            assert_eq!(out.puzzle.givens()[c], Some(out.solution[c]));
        }
    }
    // Via the command line, with `*` for required cells.
    let pat = format!("123456789{}*", ".".repeat(71));
    let (code, out, err) = run_in_memory(&["generate", "--seed", "3", "--pattern", &pat], "");
    assert_eq!(code, 0, "{err}");
    let line = out.lines().nth(1).unwrap();
    assert!(line.starts_with("123456789"), "{line}");
    assert_ne!(line.as_bytes()[80], b'.');
    // A clashing pattern is refused with a clear error.
    let mut bad = fixed.clone();
    bad[9] = Some(0);
    let e = generate(
        g,
        &Options {
            fixed: bad,
            ..Options::default()
        },
    )
    .unwrap_err();
    assert!(e.to_string().contains("starting pattern"), "{e}");
}

#[test]
fn unreachable_targets_are_reported() {
    let g = builtin::geometry("4x4").unwrap();
    let e = generate(
        g,
        &Options {
            target: Target::Givens(2),
            attempts: 4,
            ..Options::default()
        },
    )
    .unwrap_err();
    assert!(
        matches!(
            e,
            GenerateError::TargetNotReached {
                target: 2,
                attempts: 4,
                ..
            }
        ),
        "{e}"
    );
    let (code, _, err) = run_in_memory(
        &[
            "generate",
            "--variant",
            "4x4",
            "--givens",
            "2",
            "--attempts",
            "3",
            "--seed",
            "1",
        ],
        "",
    );
    assert_eq!(code, 1);
    assert!(
        err.contains("could not reach 2 givens in 3 attempts"),
        "{err}"
    );
}

#[test]
fn the_filter_can_reject_puzzles() {
    let g = builtin::geometry("classic").unwrap();
    let never = |_: &Puzzle| false;
    let e = generate(
        g.clone(),
        &Options {
            attempts: 3,
            accept: Some(&never),
            ..Options::default()
        },
    )
    .unwrap_err();
    assert!(matches!(e, GenerateError::Rejected { attempts: 3 }), "{e}");
    // A filter that wants few givens makes the generator try fresh grids until one fits.
    let few = |p: &Puzzle| p.given_count() <= 23;
    let out = generate(
        g,
        &Options {
            seed: 1,
            accept: Some(&few),
            ..Options::default()
        },
    )
    .unwrap();
    assert!(out.puzzle.given_count() <= 23);
    assert_proper(&out);
}

/// Cages partition the cells, are connected, hold distinct values, have the right sums and
/// sizes.
fn assert_cages(out: &Generated, k: &KillerOptions) {
    let g = out.puzzle.geometry();
    let mut owner = vec![usize::MAX; g.cell_count()];
    for (i, Cage { cells, sum }) in out.cages.iter().enumerate() {
        assert!(
            (k.min_cage..=k.max_cage).contains(&cells.len()),
            "cage of {}",
            cells.len()
        );
        let total: i64 = cells
            .iter()
            .map(|&c| g.symbols().value(out.solution[c]))
            .sum();
        assert_eq!(total, *sum);
        let mut vals: Vec<u8> = cells.iter().map(|&c| out.solution[c]).collect();
        vals.sort_unstable();
        vals.dedup();
        assert_eq!(vals.len(), cells.len(), "repeat in a cage");
        for &c in cells {
            assert_eq!(owner[c], usize::MAX);
            owner[c] = i;
        }
        // Connected through orthogonal neighbours.
        let mut reached = vec![cells[0]];
        let mut j = 0;
        while j < reached.len() {
            let p = g.pos(reached[j]);
            for (r, c) in [
                (p.row - 1, p.col),
                (p.row + 1, p.col),
                (p.row, p.col - 1),
                (p.row, p.col + 1),
            ] {
                if let Some(d) = g.cell_at(Pos::new(r, c))
                    && cells.contains(&d)
                    && !reached.contains(&d)
                {
                    reached.push(d);
                }
            }
            j += 1;
        }
        assert_eq!(reached.len(), cells.len(), "cage not connected");
    }
    assert!(
        owner.iter().all(|&o| o != usize::MAX),
        "cages cover every cell"
    );
}

#[test]
fn cages_only_killers_are_unique() {
    let k = KillerOptions::default();
    for (g, seeds) in [
        (builtin::geometry("4x4").unwrap(), 0..6),
        (six(), 0..6),
        (builtin::geometry("classic").unwrap(), 0..2),
    ] {
        for seed in seeds {
            let opts = Options {
                seed,
                killer: Some(k.clone()),
                target: Target::Givens(0),
                ..Options::default()
            };
            let out = generate(g.clone(), &opts)
                .unwrap_or_else(|e| panic!("{} seed {seed}: {e}", g.name()));
            assert_eq!(out.puzzle.given_count(), 0);
            assert_proper(&out);
            assert_cages(&out, &k);
        }
    }
}

#[test]
fn killer_cage_sizes_are_configurable() {
    let classic = builtin::geometry("classic").unwrap();
    for (g, (min_cage, max_cage), seeds) in [
        (six(), (2, 4), 0..4),
        (six(), (3, 5), 0..4),
        (classic.clone(), (2, 4), 0..1),
    ] {
        let k = KillerOptions {
            min_cage,
            max_cage,
            ..KillerOptions::default()
        };
        for seed in seeds {
            let opts = Options {
                seed,
                killer: Some(k.clone()),
                target: Target::Givens(0),
                ..Options::default()
            };
            let out = generate(g.clone(), &opts)
                .unwrap_or_else(|e| panic!("{min_cage}-{max_cage} seed {seed}: {e}"));
            assert_eq!(out.puzzle.given_count(), 0);
            assert_proper(&out);
            assert_cages(&out, &k);
        }
    }
    let k = KillerOptions {
        min_cage: 2,
        max_cage: 4,
        ..KillerOptions::default()
    };
    let g = six();
    // Minimal givens on top of cages.
    let out = generate(
        classic,
        &Options {
            seed: 5,
            killer: Some(k.clone()),
            ..Options::default()
        },
    )
    .unwrap();
    assert_proper(&out);
    assert_cages(&out, &k);
    assert_minimal(&out.puzzle);
    let e = generate(
        g,
        &Options {
            killer: Some(KillerOptions {
                min_cage: 4,
                max_cage: 3,
                ..k
            }),
            ..Options::default()
        },
    )
    .unwrap_err();
    assert!(matches!(e, GenerateError::Killer(_)), "{e}");
}

/// Slow: cages-only classic Killers over many seeds. `cargo test -p shapedoku-tests --test
/// generate -- --ignored`.
#[test]
#[ignore]
fn many_cages_only_classic_killers() {
    let g = builtin::geometry("classic").unwrap();
    for (seed, (min_cage, max_cage)) in (0..30)
        .map(|s| (s, (1, 5)))
        .chain((0..5).map(|s| (s, (3, 5))))
    {
        let k = KillerOptions {
            min_cage,
            max_cage,
            ..KillerOptions::default()
        };
        let opts = Options {
            seed,
            killer: Some(k),
            target: Target::Givens(0),
            ..Options::default()
        };
        let out = generate(g.clone(), &opts).unwrap();
        assert_proper(&out);
    }
}

#[test]
fn toml_output_round_trips_through_solve() {
    let dir = scratch_dir("toml");
    let cases: [&[&str]; 3] = [
        &["generate", "--seed", "11", "--format", "toml"],
        &[
            "generate",
            "--seed",
            "12",
            "--format",
            "toml",
            "--killer",
            "--variant",
            "4x4",
        ],
        &[
            "generate", "--seed", "13", "--format", "toml", "--killer", "--givens", "4",
        ],
    ];
    for (i, args) in cases.iter().enumerate() {
        let (code, out, err) = run_in_memory(args, "");
        assert_eq!(code, 0, "{err}");
        let path = dir.join(format!("p{i}.toml"));
        std::fs::write(&path, &out).unwrap();
        let loaded = load::load_path(&path).unwrap_or_else(|e| panic!("{e}\n{out}"));
        let solution = loaded
            .solution
            .clone()
            .expect("the file carries its solution");
        let count = Solver::new(&loaded.puzzle).count(2);
        assert_eq!(count.verdict(), Verdict::Unique);
        assert_eq!(count.solutions[0], solution);
        let (code, solved, err) = run_in_memory(&["solve", "--unique", path.to_str().unwrap()], "");
        assert_eq!(code, 0, "{err}");
        assert!(solved.contains("unique solution"), "{solved}");
    }
}

#[test]
fn toml_output_for_a_variant_path_loads_from_elsewhere() {
    let dir = scratch_dir("path");
    let variant = dir.join("six.toml");
    std::fs::write(
        &variant,
        "name = \"six\"\nsymbols = \"123456\"\n[[grid]]\nsize = 6\nbox = [2, 3]\n",
    )
    .unwrap();
    let out_dir = dir.join("out");
    let (code, _, err) = run_in_memory(
        &[
            "generate",
            "--variant",
            variant.to_str().unwrap(),
            "--count",
            "3",
            "--seed",
            "5",
            "--format",
            "toml",
            "--output",
            out_dir.to_str().unwrap(),
        ],
        "",
    );
    assert_eq!(code, 0, "{err}");
    for i in 1..=3 {
        let path = out_dir.join(format!("puzzle-00{i}.toml"));
        let loaded = load::load_path(&path).unwrap();
        assert_eq!(loaded.geometry.symbol_count(), 6);
        assert_eq!(
            Solver::new(&loaded.puzzle).count(2).verdict(),
            Verdict::Unique
        );
    }
}

#[test]
fn difficulty_keeps_only_puzzles_rated_at_that_level() {
    for level in ["easy", "hard"] {
        let (code, out, err) = run_in_memory(
            &[
                "generate",
                "--seed",
                "11",
                "-n",
                "2",
                "-j",
                "1",
                "--difficulty",
                level,
            ],
            "",
        );
        assert_eq!(code, 0, "{err}");
        let lines: Vec<&str> = out.lines().filter(|l| !l.starts_with('#')).collect();
        assert_eq!(lines.len(), 2, "{out}");
        let (code, rated, err) = run_in_memory(&["rate"], &lines.join("\n"));
        assert_eq!(code, 0, "{err}");
        for r in rated.lines() {
            assert!(r.starts_with(level), "asked for {level}, rated {r}");
        }
    }
}

/// The technique ids of the steps of `solve --explain --format json` on one puzzle line.
fn step_techniques(line: &str) -> Vec<String> {
    let (code, out, err) = run_in_memory(&["solve", "--explain", "--format", "json"], line);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    v["steps"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["technique"].as_str().unwrap().to_string())
        .collect()
}

#[test]
fn needs_makes_puzzles_that_use_the_technique_and_nothing_harder() {
    use shapedoku::reason::Technique;
    for id in ["naked_pair", "x_wing"] {
        let args = ["generate", "--seed", "3", "-j", "1", "--needs", id];
        let (code, out, err) = run_in_memory(&args, "");
        assert_eq!(code, 0, "{err}");
        let line = out.lines().find(|l| !l.starts_with('#')).unwrap();
        let used = step_techniques(line);
        assert!(used.iter().any(|t| t == id), "{id}: {used:?}");
        let weight = Technique::from_id(id).unwrap().weight();
        for t in &used {
            assert!(
                Technique::from_id(t).unwrap().weight() <= weight,
                "{id}: {t} is harder"
            );
        }
        // Same seed, same puzzle.
        assert_eq!(run_in_memory(&args, "").1, out);
    }
}

#[test]
fn needs_refuses_unknown_and_impossible_techniques() {
    let (code, _, err) = run_in_memory(&["generate", "--needs", "x-wing"], "");
    assert_eq!(code, 2);
    assert!(
        err.contains("unknown technique `x-wing`") && err.contains("x_wing"),
        "{err}"
    );
    let (code, _, err) = run_in_memory(&["generate", "--needs", "cage_combination"], "");
    assert_eq!(code, 2);
    assert!(err.contains("cannot occur on this geometry"), "{err}");
    // A technique not found in time (a jellyfish never removes anything on a 4x4, where four
    // rows cover every column): exit 3, saying what was looked for.
    let args = [
        "generate",
        "--variant",
        "4x4",
        "--seed",
        "1",
        "--timeout",
        "0.3",
    ];
    let (code, _, err) = run_in_memory(&[&args[..], &["--needs", "jellyfish"]].concat(), "");
    assert_eq!(code, 3, "{err}");
    assert!(err.contains("no puzzle needing jellyfish"), "{err}");
}
