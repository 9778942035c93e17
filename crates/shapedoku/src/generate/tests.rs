use super::*;
use crate::builtin;

#[test]
fn minimal_classic_is_unique_and_minimal() {
    let g = builtin::geometry("classic").unwrap();
    for seed in 0..3 {
        let out = generate(
            g.clone(),
            &Options {
                seed,
                ..Options::default()
            },
        )
        .unwrap();
        let p = &out.puzzle;
        let c = Solver::new(p).count(2);
        assert_eq!(c.verdict(), Verdict::Unique);
        assert_eq!(c.solutions[0], out.solution);
        for cell in 0..81 {
            if p.givens()[cell].is_some() {
                let mut q = p.clone();
                q.set_given(crate::CellId::new(cell), None).unwrap();
                assert_eq!(
                    Solver::new(&q).count(2).verdict(),
                    Verdict::Several,
                    "seed {seed} cell {cell}"
                );
            }
        }
    }
}

#[test]
fn target_is_met_exactly_without_symmetry() {
    let g = builtin::geometry("classic").unwrap();
    let out = generate(
        g,
        &Options {
            seed: 3,
            target: Target::Givens(40),
            ..Options::default()
        },
    )
    .unwrap();
    assert_eq!(out.puzzle.given_count(), 40);
}

#[test]
fn symmetry_needs_cells_to_map_to_cells() {
    let mut b = crate::GeometryBuilder::new("l", crate::Symbols::new("1234".chars()).unwrap());
    b.grid(crate::GridSpec::square(Pos::new(1, 1), 4).with_boxes(2, 2));
    b.cells([Pos::new(5, 1)]);
    let g = Arc::new(b.build().unwrap());
    let e = Symmetry::Rotate180.orbits(&g).unwrap_err();
    assert!(e.to_string().contains("no cell"), "{e}");
    assert!(Symmetry::None.orbits(&g).is_ok());
}

#[test]
fn a_deadline_or_a_raised_flag_stops_the_run_soon() {
    let g = builtin::geometry("25x25").unwrap();
    let start = Instant::now();
    let e = generate(
        g.clone(),
        &Options {
            deadline: Some(start + std::time::Duration::from_millis(30)),
            ..Options::default()
        },
    )
    .unwrap_err();
    assert!(
        matches!(
            e,
            GenerateError::Stopped {
                stop: Stop::Deadline,
                attempt: 1
            }
        ),
        "{e}"
    );
    // A minimal 25x25 takes tens of seconds; the deadline is seen within a search's poll
    // (the bound is loose: tests share a busy machine).
    assert!(start.elapsed() < std::time::Duration::from_secs(10));
    assert_eq!(
        e.to_string(),
        "stopped: time limit reached during attempt 1"
    );
    let flag = Arc::new(AtomicBool::new(true));
    let e = generate(
        g,
        &Options {
            cancel: Some(flag),
            ..Options::default()
        },
    )
    .unwrap_err();
    assert!(
        matches!(
            e,
            GenerateError::Stopped {
                stop: Stop::Cancelled,
                ..
            }
        ),
        "{e}"
    );
}

#[test]
fn a_far_deadline_changes_nothing() {
    let g = builtin::geometry("classic").unwrap();
    let plain = generate(
        g.clone(),
        &Options {
            seed: 5,
            ..Options::default()
        },
    )
    .unwrap();
    let timed = generate(
        g,
        &Options {
            seed: 5,
            deadline: Some(Instant::now() + std::time::Duration::from_secs(600)),
            ..Options::default()
        },
    )
    .unwrap();
    assert_eq!(plain.puzzle.to_line(), timed.puzzle.to_line());
}

#[test]
fn seeds_derive_reproducibly() {
    assert_eq!(derive_seed(9, 0), 9);
    assert_eq!(derive_seed(9, 3), derive_seed(9, 3));
    assert_ne!(derive_seed(9, 1), derive_seed(9, 2));
}
