//! The step sequence is part of the contract: the explanation shows the simplest step available
//! at each point, in the documented order, and speed work must not change which one is found.
//! These snapshots were recorded from the solver before the rating-speed work (fish over
//! position masks with a memo, forcing-chain shortcuts) and checked equal after it; they were
//! re-recorded when the WXYZ-wing, Sue de Coq, the ALS techniques, finned fish, empty
//! rectangles and the uniqueness techniques came in, which find steps where chains were used
//! before.
//!
//! The puzzles are our own: made by `shapedoku generate --seed 7 -n 60` (classic, lines 1, 2,
//! 10, 18, 29, 37, 47 and 48: X-wings, wings, kites, X-chains, AICs, forcing chains) and
//! `shapedoku generate -v jigsaw --seed 3 -n 3` (Franken fish, forcing chains, a guess).

use shapedoku_cli::run_in_memory;

const CLASSIC: &str = "\
...........6.754..8....69..5.....19....8.27...9......24.7.3......1..8.3..2..57...\n\
7...5....1.8.3...759.7..4...7....2.1.4..6..5.....21.4..8.....3......9..49....367.\n\
.6...5.1..9....365..7.....4.1.....2...2.5.......49...8....1....6...4..7..4.7638..\n\
..9.8.4...1.2....7....5.8...3...5..8..1...7.6.6...1.4..4...63.....37....7.....5..\n\
.5.....6.2.14.....76..1.4.....8....66....3.751..6.2.........25..72..1....9......4\n\
..5.7..2.4.1.......9.2.....2....67..7.9..3.1.........3...3....6..3687.91...1.94..\n\
......6..3.429..8.7.25.......5.....6....8......9..541285.................26...935\n\
...4......1..3.....82.5.1...3.7..5.........4.94.5..2..5....967.69..4.3.5.......1.\n";

const JIGSAW: &str = "\
.3.2...752.6.....1....3....9.........9.64....5..........1..........8..........4..\n\
...8.......6.......2......4....7...2..7..14.........3.6..9..1.7..4.6......3......\n\
.................6.....7.......9...56.72.....8.6.4.1.....1............31...5...4.\n";

#[test]
fn classic_step_sequence_is_unchanged() {
    let (code, out, err) = run_in_memory(&["solve", "--explain=compact"], CLASSIC);
    assert_eq!(code, 0, "{err}");
    insta::assert_snapshot!("classic_steps", out);
}

#[test]
fn jigsaw_step_sequence_is_unchanged() {
    let (code, out, err) = run_in_memory(&["solve", "-v", "jigsaw", "--explain=compact"], JIGSAW);
    assert_eq!(code, 0, "{err}");
    insta::assert_snapshot!("jigsaw_steps", out);
}
