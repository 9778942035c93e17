//! The bodies of the fuzz targets: each takes any bytes and panics only on a bug. `cargo fuzz`
//! runs them under libFuzzer (nightly); the workspace's tests run them on stable over every
//! file in `corpus/` and `regressions/`, so they always compile and every crash found stays
//! fixed.

use shapedoku::limits::{self, Limits};
use shapedoku::load::{BuiltinsOnly, Loader};
use shapedoku::{Geometry, Puzzle, builtin};
use std::sync::{Arc, OnceLock};

/// Caps for fuzzing: smaller than the defaults, so that no input makes one run slow and the
/// fuzzer keeps its pace; the logic checked is the same.
pub const LIMITS: Limits = Limits {
    max_input_bytes: 1 << 20,
    max_line_bytes: 1 << 12,
    max_cells: 1 << 12,
    max_canvas_area: 1 << 16,
    max_shapes: 1 << 12,
    max_shape_cells: 1 << 14,
    max_toml_items: 1 << 16,
    max_diagnostics: 100,
};

/// A TOML file: the loader returns a result or diagnostics that point inside the file, and a
/// file without problems has a geometry and a puzzle. Base variants are built-ins only, so no
/// input makes the fuzzer read files.
pub fn load_toml(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let a = Loader::new()
        .limits(LIMITS)
        .resolver(&BuiltinsOnly)
        .analyze_str("fuzz.toml", text, None);
    for d in &a.diagnostics {
        if let Some(s) = &d.span {
            assert!(s.start <= s.end && s.end <= d.source.text.len(), "{d:?}");
        }
        let _ = d.to_string();
        let _ = d.line_col();
    }
    if a.diagnostics.is_empty() {
        let (Some(g), Some(p)) = (&a.geometry, &a.puzzle) else {
            panic!("a clean file with nothing built");
        };
        assert_eq!(p.givens().len(), g.cell_count());
        if let Some(s) = &a.solution {
            assert!(
                p.verify(s).is_ok(),
                "a stated solution that does not verify"
            );
        }
    }
}

/// Geometries puzzle lines are read for: one grid, several grids, cages, gaps, 16 symbols.
fn geometries() -> &'static [Arc<Geometry>] {
    static G: OnceLock<Vec<Arc<Geometry>>> = OnceLock::new();
    G.get_or_init(|| {
        [
            "classic", "samurai", "4x4", "killer", "tredoku", "jigsaw", "16x16",
        ]
        .iter()
        .filter_map(|n| builtin::geometry(n))
        .collect()
    })
}

/// A puzzle line (the first byte picks the geometry): read, it has a given per cell and reads
/// back from its own line the same.
pub fn puzzle_line(data: &[u8]) {
    let Some((&pick, rest)) = data.split_first() else {
        return;
    };
    let gs = geometries();
    let g = &gs[pick as usize % gs.len()];
    let text = String::from_utf8_lossy(rest);
    if let Ok(p) = Puzzle::from_line(g.clone(), &text) {
        assert_eq!(p.givens().len(), g.cell_count());
        let again = Puzzle::from_line(g.clone(), &p.to_line()).expect("a puzzle's own line");
        assert_eq!(again.givens(), p.givens());
        let _ = p.clashes();
    }
}

/// Batch input: lines are numbered one by one, none longer than the cap is returned, and each
/// line read is a puzzle or an error.
pub fn batch_lines(data: &[u8]) {
    let classic = &geometries()[0];
    let mut last = 0;
    for line in limits::lines(data, LIMITS.max_line_bytes) {
        let (n, l) = line.expect("reading from memory cannot fail");
        assert_eq!(n, last + 1);
        last = n;
        if let Ok(l) = l {
            assert!(l.len() as u64 <= LIMITS.max_line_bytes);
            assert!(!l.contains('\n'));
            let _ = Puzzle::from_line(classic.clone(), l.trim());
        }
    }
    let newlines = data.iter().filter(|&&b| b == b'\n').count();
    let unterminated = usize::from(data.last().is_some_and(|&b| b != b'\n'));
    assert_eq!(last, newlines + unterminated);
}
