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
