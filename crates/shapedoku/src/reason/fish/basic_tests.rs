//! Tests of the fish search: the small-board walk against the general one, and the memo
//! (with the probe's witness houses) against fresh boards, along solves and on boards thinned
//! at random.

use super::*;
use crate::{Puzzle, builtin};

/// The memo never changes what is found: along a whole logical solve, the fish found on the
/// running board (its memo warm from the earlier steps) are those found on a fresh copy (a
/// copy starts with an empty memo), for every size and with room for many finds.
#[test]
fn memo_changes_nothing() {
    let g = builtin::geometry("classic").unwrap();
    // Our generator's (seed 7, first puzzle): X-wings, chains and AICs on the way; and
    // puzzles with many fish.
    let lines =
        ["...........6.754..8....69..5.....19....8.27...9......24.7.3......1..8.3..2..57..."];
    let (mut searched, mut found) = (0, 0);
    for line in lines.iter().chain(crate::reason::test_util::FISHY) {
        let p = Puzzle::from_line(g.clone(), line).unwrap();
        let mut b = Board::new(&p);
        b.set_known_unique(true);
        while let Some(step) = crate::reason::solve::next_step(&b) {
            for limit in [1, 50] {
                let (mut warm, mut cold) = (Finder::new(limit), Finder::new(limit));
                find(&b, &mut warm);
                find(&b.clone(), &mut cold);
                assert_eq!(format!("{:?}", warm.steps), format!("{:?}", cold.steps));
                found += warm.steps.len();
            }
            // Each size alone too, as the solver asks (a size's memo then sees several
            // steps between its searches).
            for k in 2..=4 {
                let (mut warm, mut cold) = (Finder::new(50), Finder::new(50));
                find_sizes(&b, &mut warm, k..=k);
                find_sizes(&b.clone(), &mut cold, k..=k);
                assert_eq!(format!("{:?}", warm.steps), format!("{:?}", cold.steps));
            }
            searched += 1;
            b.apply(&step);
        }
        assert!(b.is_solved());
    }
    assert!(searched > 200 && found > 100, "{searched} {found}");
}

/// The memo never changes what is found on boards thinned at random a few candidates at a
/// time (so a size's memo is warm and most houses unchanged between searches): per size,
/// the fish found on the running board are those found on a fresh copy, and some are found
/// while the memo narrows the search.
#[test]
fn memo_changes_nothing_on_thinned_boards() {
    use crate::reason::test_util::{FISHY, HARD_PAIR, XorShift};
    let g = builtin::geometry("classic").unwrap();
    let mut rng = XorShift(0xbb67_ae85_84ca_a73bu64);
    let (mut found, mut narrowed) = (0, 0);
    for line in HARD_PAIR.iter().chain(FISHY) {
        let mut b = Board::new(&Puzzle::from_line(g.clone(), line).unwrap());
        for round in 0..150 {
            for _ in 0..1 + rng.below(3) {
                let (c, v) = (rng.below(81), rng.below(9) as u8);
                if round % 23 == 7 && b.value(c).is_none() && b.candidates(c).contains(v) {
                    b.place(c, v);
                } else {
                    b.eliminate(c, v);
                }
            }
            for k in 2..=4 {
                let warm_keys = b
                    .memo::<Memo>()
                    .lock()
                    .small
                    .iter()
                    .any(|s| s[k - 2].is_some());
                let (mut warm, mut cold) = (Finder::new(50), Finder::new(50));
                find_sizes(&b, &mut warm, k..=k);
                find_sizes(&b.clone(), &mut cold, k..=k);
                assert_eq!(format!("{:?}", warm.steps), format!("{:?}", cold.steps));
                found += warm.steps.len();
                narrowed += usize::from(warm_keys && !warm.steps.is_empty());
            }
        }
    }
    assert!(found > 200 && narrowed > 50, "{found} {narrowed}");
}

/// The small-board search finds what the general one finds, in the same order, with the
/// same verdicts for the memo: at every position along logical solves, for every size,
/// with every house changed and with some only, with room for one fish and for many.
#[test]
fn small_search_matches_general() {
    let g = builtin::geometry("classic").unwrap();
    let mut found = 0;
    for line in crate::reason::test_util::FISHY {
        let p = Puzzle::from_line(g.clone(), line).unwrap();
        let mut b = Board::new(&p);
        b.set_known_unique(true);
        let houses = b.tables().houses.len();
        let mut searched = 0;
        while let Some(step) = crate::reason::solve::next_step(&b) {
            let places = Places::new(&b);
            for (k, limit, every) in [2, 3, 4]
                .iter()
                .flat_map(|&k| [(1, 1), (1000, 1), (1000, 3), (1, 4)].map(|(l, e)| (k, l, e)))
            {
                // Each symbol marks every `every`th house changed, from its own start.
                let changed: Vec<Vec<bool>> = (0..places.n)
                    .map(|v| {
                        (0..houses)
                            .map(|h| (h + v + searched) % every == 0)
                            .collect()
                    })
                    .collect();
                let (mut small, mut general) = (Finder::new(limit), Finder::new(limit));
                let masks: Vec<u64> = (changed.iter())
                    .map(|ch| (0..houses).fold(0, |m, h| m | u64::from(ch[h]) << h))
                    .collect();
                let tables = SmallTables::new(&b);
                let a = search_small(
                    &b,
                    &tables,
                    &places,
                    &mut small,
                    k,
                    &masks,
                    &vec![None; places.n],
                );
                let o = search_words::<2>(&b, &places, &mut general, k, &changed);
                assert_eq!(
                    (0..places.n).map(|v| a >> v & 1 == 1).collect::<Vec<_>>(),
                    o
                );
                assert_eq!(format!("{:?}", small.steps), format!("{:?}", general.steps));
                found += small.steps.len();
            }
            searched += 1;
            b.apply(&step);
        }
        assert!(b.is_solved());
    }
    assert!(found > 100, "{found}");
}

/// The probe says a fish is there exactly when the ordered walk pushes one: for every symbol
/// and size, at every position along logical solves and on boards thinned at random, with
/// every candidate house fresh and with some only.
#[test]
fn probe_matches_walk() {
    use crate::reason::test_util::{FISHY, HARD_PAIR, XorShift};
    use small::{Small, candidates};
    let g = builtin::geometry("classic").unwrap();
    let mut rng = XorShift(0x3c6e_f372_fe94_f82bu64);
    let (mut probed, mut hits) = (0, 0);
    let mut check = |b: &Board, rng: &mut XorShift| {
        let places = Places::new(b);
        let tables = SmallTables::new(b);
        for k in 2..=4 {
            for v in 0..places.n as u8 {
                let (pv, placed) = (wide(places.of(v)), wide(places.placed_of(v)));
                let cands = candidates(&tables.houses, pv, placed, k);
                let fresh = match rng.below(3) {
                    0 => cands,
                    _ => cands & rng.below(1 << 40) as u64,
                };
                if (cands.count_ones() as usize) < k || fresh == 0 {
                    continue;
                }
                let mut s = Small::new(b, &tables, (pv, v), k, cands, fresh);
                let probe = s.exists(&tables.apart, None);
                let mut f = Finder::new(1000);
                s.bases(&mut f, 0);
                assert_eq!(probe, !f.steps.is_empty(), "{v} {k}");
                probed += 1;
                hits += usize::from(probe);
            }
        }
    };
    for line in HARD_PAIR.iter().chain(FISHY) {
        let mut b = Board::new(&Puzzle::from_line(g.clone(), line).unwrap());
        b.set_known_unique(true);
        let mut thin = b.clone();
        while let Some(step) = crate::reason::solve::next_step(&b) {
            check(&b, &mut rng);
            b.apply(&step);
        }
        for _ in 0..120 {
            let (c, v) = (rng.below(81), rng.below(9) as u8);
            thin.eliminate(c, v);
            check(&thin, &mut rng);
        }
    }
    assert!(probed > 2000 && hits > 100, "{probed} {hits}");
}
