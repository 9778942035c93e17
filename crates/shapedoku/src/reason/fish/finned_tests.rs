//! Tests of finned and sashimi fish: constructed positions with exact eliminations, the
//! bitboard targets and cover order against the plain walks, the probe against the ordered walk
//! and the memo against fresh boards.

use super::*;
use crate::reason::test_util::*;

/// Keeps 1 in row `r` only at columns `cols`.
fn keep(b: &mut Board, g: &crate::Geometry, r: u32, cols: &[u32]) {
    for c in 1..=9 {
        if !cols.contains(&c) {
            b.eliminate(cell(g, r, c), sym(1));
        }
    }
}

fn fish_on_rows_1_and_5(b: &Board) -> Vec<Step> {
    let g = b.geometry();
    let mut f = Finder::new(1000);
    find(b, &mut f);
    let rows = vec![shape_id(g, "row 1"), shape_id(g, "row 5")];
    f.steps
        .into_iter()
        .filter(|s| matches!(&s.deduction, Deduction::FinnedFish { base, .. } if *base == rows))
        .collect()
}

/// The memo never changes what is found: along logical solves, the finned fish found on
/// the running board (its memo warm, so most searches look only at changed lines) are
/// those found on a fresh copy (an empty memo).
#[test]
fn memo_changes_nothing() {
    let g = crate::builtin::geometry("classic").unwrap();
    let mut found = 0;
    for line in crate::reason::test_util::FISHY {
        let p = crate::Puzzle::from_line(g.clone(), line).unwrap();
        let mut b = Board::new(&p);
        b.set_known_unique(true);
        let mut searched = 0;
        while let Some(step) = crate::reason::solve::next_step(&b) {
            let (mut warm, mut cold) = (Finder::new(50), Finder::new(50));
            find(&b, &mut warm);
            find(&b.clone(), &mut cold);
            assert_eq!(format!("{:?}", warm.steps), format!("{:?}", cold.steps));
            found += warm.steps.len();
            searched += 1;
            b.apply(&step);
        }
        assert!(b.is_solved() && searched > 50);
    }
    assert!(found > 20, "{found}");
}

/// The bitboard test of the targets finds what the cell-by-cell one finds, in the same
/// order, at every position along the solves.
#[test]
fn bitboard_targets_match_cell_scan() {
    let g = crate::builtin::geometry("classic").unwrap();
    let mut found = 0;
    for line in crate::reason::test_util::FISHY {
        let p = crate::Puzzle::from_line(g.clone(), line).unwrap();
        let mut b = Board::new(&p);
        b.set_known_unique(true);
        while let Some(step) = crate::reason::solve::next_step(&b) {
            let (mut fast, mut scan) = (Finder::new(50), Finder::new(50));
            find_in(&b.clone(), &mut fast, true);
            find_in(&b.clone(), &mut scan, false);
            assert_eq!(format!("{:?}", fast.steps), format!("{:?}", scan.steps));
            found += fast.steps.len();
            b.apply(&step);
        }
    }
    assert!(found > 20, "{found}");
}

/// The fin columns come in the order the old walk over the covers met them: the k-subsets
/// of the m positions in increasing order (Gosper's hack), complemented.
#[test]
fn fin_sets_follow_the_covers_order() {
    for k in 2..=MAX_SIZE {
        for m in k as u32 + 1..=k as u32 + FIN_COLUMNS {
            let mut covers = Vec::new();
            let mut sel: u32 = (1 << k) - 1;
            while sel < 1 << m {
                covers.push(sel);
                let (lo, r) = (sel & sel.wrapping_neg(), sel + (sel & sel.wrapping_neg()));
                sel = r | (((sel ^ r) >> 2) / lo);
            }
            let all = (1u32 << m) - 1;
            let ours: Vec<u32> = fin_sets(m, k).map(|f| all & !f).collect();
            assert_eq!(ours, covers, "m {m} k {k}");
        }
    }
}

/// The probe agrees with the ordered walk: at positions along thinned solves, for every
/// line set and symbol and a random choice of fresh lines, the search with the probe finds
/// what the walk alone finds.
#[test]
fn probe_matches_walk() {
    let (mut hits, mut runs) = (0, 0);
    let mut rng = XorShift(0x5eed_f15b);
    along_thinned_solves(
        &HARD_PAIR,
        7,
        3,
        |r| 8 * r + 4,
        |b, _| {
            let sets = line_sets(b);
            let whole: Vec<bool> = sets.iter().map(is_whole).collect();
            let cells: Vec<[Vec<u128>; 2]> = sets.iter().map(line_cells).collect();
            let n = b.geometry().symbol_count();
            let peers: Vec<u128> = (0..81)
                .map(|c| {
                    let p = &b.tables().peer_bits[c * 2..c * 2 + 2];
                    u128::from(p[0]) | u128::from(p[1]) << 64
                })
                .collect();
            let mut key_buf = Vec::new();
            for (i, lines) in sets.iter().enumerate() {
                assert!(whole[i]);
                for v in 0..n as u8 {
                    key(b, lines, v, &mut key_buf);
                    let places = (0..81)
                        .filter(|&c| b.value(c).is_none() && b.candidates(c).contains(v))
                        .fold(0u128, |a, c| a | 1 << c);
                    let fresh = (0..9)
                        .filter(|_| rng.below(3) == 0)
                        .fold(0u64, |a, j| a | 1 << j);
                    let fast = Fast {
                        base_cells: &cells[i][0],
                        cover_cells: &cells[i][1],
                        places,
                        peers: &peers,
                    };
                    let mut out = [String::new(), String::new()];
                    for (probe, o) in [true, false].into_iter().zip(&mut out) {
                        let mut found: [[Vec<Step>; 2]; 3] = Default::default();
                        let mut bases = Vec::new();
                        search(
                            b,
                            lines,
                            v,
                            &key_buf,
                            fresh,
                            Some(fast),
                            probe,
                            &mut bases,
                            &mut found,
                        );
                        *o = format!("{found:?}");
                        hits += found.iter().flatten().map(Vec::len).sum::<usize>();
                    }
                    assert_eq!(out[0], out[1]);
                    runs += 1;
                }
            }
        },
    );
    assert!(hits > 40 && runs > 1000, "{hits} {runs}");
}

#[test]
fn finned_x_wing() {
    // 1 in row 1 at c1 and c5, in row 5 at c1, c5 and the fin r5c6: column 5 loses 1 where
    // it sees the fin (box 5).
    let g = crate::builtin::geometry("classic").unwrap();
    let mut b = empty_board(&g);
    keep(&mut b, &g, 1, &[1, 5]);
    keep(&mut b, &g, 5, &[1, 5, 6]);
    let s = fish_on_rows_1_and_5(&b);
    assert_eq!(s.len(), 1, "{s:?}");
    assert_eq!(s[0].eliminations, elims(&g, "r4c5<>1 r6c5<>1"));
    assert_eq!(
        s[0].deduction,
        Deduction::FinnedFish {
            symbol: symbol(1),
            base: vec![shape_id(&g, "row 1"), shape_id(&g, "row 5")],
            cover: vec![shape_id(&g, "column 1"), shape_id(&g, "column 5")],
            fins: vec![cell_id(&g, 5, 6)],
            sashimi: false,
        }
    );
    assert_eq!(
        s[0].technique(),
        crate::reason::catalogue::Technique::FinnedXWing
    );
}

#[test]
fn sashimi_x_wing() {
    // Row 5 has 1 at c1 and the fin r5c6 only: inside the cover (c1, c5) a single place.
    let g = crate::builtin::geometry("classic").unwrap();
    let mut b = empty_board(&g);
    keep(&mut b, &g, 1, &[1, 5]);
    keep(&mut b, &g, 5, &[1, 6]);
    let s = fish_on_rows_1_and_5(&b);
    let s: Vec<&Step> = s
        .iter()
        .filter(|s| matches!(&s.deduction, Deduction::FinnedFish { cover, .. } if cover[1] == shape_id(&g, "column 5")))
        .collect();
    assert_eq!(s.len(), 1, "{s:?}");
    assert_eq!(s[0].eliminations, elims(&g, "r4c5<>1 r6c5<>1"));
    assert_eq!(
        s[0].technique(),
        crate::reason::catalogue::Technique::SashimiXWing
    );
}

/// A base line must be a house: on a 6x8 with the digits 1 to 8 only the rows (8 cells) are
/// bases, and on a 7x7 with the digits 1 to 9 neither rows nor columns are (a line of 7 may
/// miss the symbol, and a fish on such lines eliminated a digit of the setter's solution of a
/// published 7x7, `tests/data/kinds/dutch-flat-mate-squishdoku.toml`).
#[test]
fn base_lines_are_houses() {
    let bases = |text: &str| -> Vec<ShapeKind> {
        let p = crate::load::load_str("t", text, None).unwrap().puzzle;
        let b = Board::new(&p);
        let g = b.geometry();
        (line_sets(&b).iter())
            .map(|l| g.shape(l.base[0].unwrap()).kind)
            .collect()
    };
    assert_eq!(
        bases("symbols = \"12345678\"\n[[grid]]\nsize = [6, 8]\nbox = [2, 4]\n"),
        vec![ShapeKind::Row]
    );
    assert!(bases("symbols = \"123456789\"\n[[grid]]\nsize = 7\n").is_empty());
    assert_eq!(
        bases("symbols = \"123456789\"\n[[grid]]\nsize = 9\n").len(),
        2
    );
}
