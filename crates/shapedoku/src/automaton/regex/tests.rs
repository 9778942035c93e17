use super::{MAX_POSITIONS, compile};
use crate::Symbols;
use crate::automaton::{Automaton, MAX_STATES};

fn digits() -> Symbols {
    Symbols::new("123456789".chars()).unwrap()
}

fn words(n: usize, len: usize) -> Vec<Vec<i64>> {
    let mut out = vec![Vec::new()];
    for _ in 0..len {
        out = out
            .into_iter()
            .flat_map(|w| {
                (1..=n as i64).map(move |v| {
                    let mut w = w.clone();
                    w.push(v);
                    w
                })
            })
            .collect();
    }
    out
}

/// Every word over 1..=n of length up to `len` that `a` accepts.
fn accepted(a: &Automaton, n: usize, len: usize) -> Vec<Vec<i64>> {
    (0..=len)
        .flat_map(|l| words(n, l))
        .filter(|w| a.accepts(w.iter().copied()))
        .collect()
}

#[test]
fn the_operators_mean_what_they_say() {
    let s = Symbols::new("1234".chars()).unwrap();
    let check = |re: &str, want: &dyn Fn(&[i64]) -> bool| {
        let a = compile(re, &s).unwrap_or_else(|e| panic!("{re}: {e}"));
        for l in 0..=4 {
            for w in words(4, l) {
                assert_eq!(a.accepts(w.iter().copied()), want(&w), "{re} on {w:?}");
            }
        }
    };
    check("12", &|w| w == [1, 2]);
    check("1|23", &|w| w == [1] || w == [2, 3]);
    check("1*", &|w| w.iter().all(|&v| v == 1));
    check("(12)+", &|w| {
        !w.is_empty() && w.chunks(2).all(|c| c == [1, 2])
    });
    check("1?2", &|w| w == [2] || w == [1, 2]);
    check(".{2,3}", &|w| (2..=3).contains(&w.len()));
    check("[2-3]{2,}", &|w| {
        w.len() >= 2 && w.iter().all(|v| (2..=3).contains(v))
    });
    check("[^2]{3}", &|w| w.len() == 3 && !w.contains(&2));
    check("4{0}", &|w| w.is_empty());
    check("", &|w| w.is_empty());
    check(" 1 ( 2 | 3 ) ", &|w| w == [1, 2] || w == [1, 3]);
    check("(1|2)*4", &|w| {
        w.last() == Some(&4) && w[..w.len() - 1].iter().all(|&v| v < 3)
    });
}

#[test]
fn classes_run_in_the_alphabets_order_and_symbols_may_be_anything() {
    // Symbols in an order unlike their characters' codes, with values of their own.
    let s = Symbols::with_values("9A*1".chars().collect(), vec![10, 20, 30, 40]).unwrap();
    let a = compile("[9-*]\\*", &s).unwrap();
    assert!(a.accepts([10, 30]) && a.accepts([20, 30]) && a.accepts([30, 30]));
    assert!(!a.accepts([40, 30]));
    assert!(
        compile("[*-9]", &s)
            .unwrap_err()
            .message
            .contains("backwards")
    );
}

#[test]
fn a_thermometer_and_a_palindrome_are_small_automata() {
    let thermo = compile("1?2?3?4?5?6?7?8?9?", &digits()).unwrap();
    assert!(thermo.states().len() <= 10);
    let increasing = |w: &Vec<i64>| w.windows(2).all(|p| p[0] < p[1]);
    assert!(accepted(&thermo, 9, 3).iter().all(increasing));
    assert_eq!(accepted(&thermo, 9, 3).len(), 1 + 9 + 36 + 84);
    let palindrome: Vec<String> = (1..=9).map(|d| format!("{d}.{d}")).collect();
    let p = compile(&palindrome.join("|"), &digits()).unwrap();
    assert_eq!(accepted(&p, 9, 3).len(), 81);
}

#[test]
fn a_large_position_automaton_is_minimised_to_fit() {
    // Every ordering of three consecutive values (a renban of three): 126 positions, but the
    // minimal automaton has few states.
    let mut alts = Vec::new();
    for lo in 1..=7 {
        for p in [
            [0, 1, 2],
            [0, 2, 1],
            [1, 0, 2],
            [1, 2, 0],
            [2, 0, 1],
            [2, 1, 0],
        ] {
            alts.push(p.iter().map(|d| (lo + d).to_string()).collect::<String>());
        }
    }
    let a = compile(&alts.join("|"), &digits()).unwrap();
    assert!(a.states().len() <= MAX_STATES);
    let want: Vec<Vec<i64>> = words(9, 3)
        .into_iter()
        .filter(|w| {
            let mut s = w.clone();
            s.sort_unstable();
            s[1] == s[0] + 1 && s[2] == s[1] + 1
        })
        .collect();
    assert_eq!(accepted(&a, 9, 3), want);
}

#[test]
fn bad_expressions_are_errors_at_their_place() {
    let cases: [(&str, &str, std::ops::Range<usize>); 12] = [
        ("1(2", "never closed", 1..2),
        ("12)", "closes no group", 2..3),
        ("1x2", "`x` is not a symbol", 1..2),
        ("^12", "no anchors", 0..1),
        ("*1", "repeats nothing", 0..1),
        ("1{3,2}", "not a count", 1..6),
        ("1{9999}", "not a count", 1..7),
        ("1{a}", "a count is written", 1..3),
        ("[5-1]", "runs backwards", 1..4),
        ("[12", "never closed", 0..1),
        ("1\\", "escapes nothing", 1..2),
        ("[^1-9]", "matches no sequence", 0..6),
    ];
    for (re, want, at) in cases {
        let e = compile(re, &digits()).unwrap_err();
        assert!(e.message.contains(want), "{re}: {}", e.message);
        assert_eq!(e.at, at, "{re}: {}", e.message);
    }
}

#[test]
fn size_is_bounded_before_anything_is_built() {
    let e = compile("((.{200}){200}){200}", &digits()).unwrap_err();
    assert!(
        e.message.contains(&MAX_POSITIONS.to_string()),
        "{}",
        e.message
    );
    let e = compile("((){256}){256}", &digits());
    assert!(e.is_err());
    // Counting to 64 needs 65 states however it is built.
    let e = compile(".{64}", &digits()).unwrap_err();
    assert!(e.message.contains("states"), "{}", e.message);
    let deep = format!("{}1{}", "(".repeat(200), ")".repeat(200));
    assert!(
        compile(&deep, &digits())
            .unwrap_err()
            .message
            .contains("nested")
    );
}

#[test]
fn symbols_sharing_a_value_cannot_be_told_apart() {
    let s = Symbols::with_values("ABC".chars().collect(), vec![1, 1, 2]).unwrap();
    assert!(compile("[AB]C", &s).is_ok());
    let e = compile("AC", &s).unwrap_err();
    assert!(e.message.contains("same value 1"), "{}", e.message);
}

/// Runs `compile` on a thread with a small stack (a web server's worker has 2 MiB): the parsed
/// tree's depth is bounded while parsing, so no expression can overflow it.
fn on_small_stack(re: String) -> Result<usize, super::RegexError> {
    std::thread::Builder::new()
        .stack_size(256 << 10)
        .spawn(move || compile(&re, &digits()).map(|a| a.states().len()))
        .unwrap()
        .join()
        .expect("compile overflowed a 256 KiB stack")
}

#[test]
fn stacked_quantifiers_collapse_and_the_tree_stays_shallow() {
    // 50,000 `?` after one symbol is `1?` (this overflowed the stack while sizing the tree).
    let many = format!("1{}", "?".repeat(50_000));
    let a = compile(&many, &digits()).unwrap();
    assert_eq!(accepted(&a, 9, 2), vec![vec![], vec![1]]);
    // Every mix of `*`, `+` and `?` is one of them: `?`s and `+`s alone stay, any mix stars.
    for (re, same) in [
        ("1??", "1?"),
        ("1++", "1+"),
        ("1+?", "1*"),
        ("1?+", "1*"),
        ("1*?+*", "1*"),
        ("(12)+?+", "(12)*"),
        ("1{2}?", "(11)?"),
    ] {
        let (a, b) = (
            compile(re, &digits()).unwrap(),
            compile(same, &digits()).unwrap(),
        );
        assert_eq!(accepted(&a, 9, 4), accepted(&b, 9, 4), "{re} vs {same}");
    }
    let stacked = format!("1{}", "{1}".repeat(super::MAX_STACKED + 1));
    let e = compile(&stacked, &digits()).unwrap_err();
    assert!(e.message.contains("repetitions in a row"), "{}", e.message);
    assert_eq!(e.at, 1 + 3 * super::MAX_STACKED..2 + 3 * super::MAX_STACKED);
    assert!(compile(&stacked[..stacked.len() - 3], &digits()).is_ok());
}

#[test]
fn long_expressions_are_refused_before_they_are_parsed() {
    let long = format!("1{}", "?".repeat(super::MAX_PATTERN_CHARS));
    let e = compile(&long, &digits()).unwrap_err();
    assert!(e.message.contains("longer than the limit"), "{}", e.message);
    assert_eq!(e.at, super::MAX_PATTERN_CHARS..long.len());
}

#[test]
fn the_deepest_expressions_compile_or_fail_on_a_small_stack() {
    let counts = "{1}".repeat(super::MAX_STACKED);
    // Groups as deep as allowed, each level with as many stacked counts as allowed.
    let deepest = format!("{}1{}", "(".repeat(64), format!("){counts}").repeat(64));
    assert!(on_small_stack(deepest).is_ok());
    let wide = format!(
        "{}1{}",
        "(".repeat(64),
        format!("){{1,2}}{counts}").repeat(64)
    );
    assert!(on_small_stack(wide).is_err());
    let alternatives = format!("{}1{}", "(1|".repeat(64), ")*?+".repeat(64));
    assert!(on_small_stack(alternatives).is_ok());
    let quantifiers = format!("1{}", "*+?".repeat(20_000));
    assert_eq!(on_small_stack(quantifiers).unwrap(), 1);
}
