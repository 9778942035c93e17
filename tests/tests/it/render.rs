//! SVG rendering: a snapshot of the drawing of every built-in variant and of constructed
//! geometries (jigsaw, Samurai, windoku, X, Killer, letters, markup symbols), checks that every
//! drawing is well-formed XML, and the `render` command line.
//!
//! Snapshots live in `tests/tests/it/snapshots/`; review changes with `cargo insta review`. To look at
//! the drawings, set `SHAPEDOKU_RENDER_DIR=/some/dir` and every SVG is also written there.

use shapedoku::render::{self, RenderOptions};
use shapedoku::{
    CellId, GeometryBuilder, GridSpec, Pos, Puzzle, Rule, ShapeKind, Symbol, Symbols, builtin, load,
};
use shapedoku_cli::run_in_memory;
use std::sync::Arc;

fn nine() -> Symbols {
    Symbols::new("123456789".chars()).unwrap()
}

/// Checks the drawing is well-formed XML with an `<svg>` root, saves it when asked, returns it.
fn checked(name: &str, svg: String) -> String {
    assert_well_formed(name, &svg);
    if let Some(dir) = std::env::var_os("SHAPEDOKU_RENDER_DIR") {
        std::fs::write(std::path::Path::new(&dir).join(format!("{name}.svg")), &svg).unwrap();
    }
    svg
}

fn assert_well_formed(name: &str, svg: &str) {
    use quick_xml::events::Event;
    let mut reader = quick_xml::Reader::from_str(svg);
    let mut depth = 0i32;
    let mut root = None;
    let mut texts = 0;
    loop {
        match reader.read_event() {
            Ok(Event::Start(e)) => {
                if depth == 0 {
                    root = Some(String::from_utf8_lossy(e.name().as_ref()).into_owned());
                }
                depth += 1;
            }
            Ok(Event::End(_)) => depth -= 1,
            Ok(Event::Text(t)) => {
                // Every entity must resolve: a bare `&` or `<` would not get here.
                t.decode()
                    .unwrap_or_else(|e| panic!("{name}: bad text: {e}"));
                texts += 1;
            }
            Ok(Event::Eof) => break,
            Ok(_) => {}
            Err(e) => panic!(
                "{name}: not well-formed XML at {}: {e}",
                reader.buffer_position()
            ),
        }
    }
    assert_eq!(depth, 0, "{name}: unbalanced elements");
    assert_eq!(root.as_deref(), Some("svg"), "{name}: root element");
    assert!(
        texts > 0,
        "{name}: no text at all (a title is always present)"
    );
}

fn draw(p: &Puzzle, solution: Option<&[u8]>) -> String {
    render::svg(
        p,
        &RenderOptions {
            solution,
            ..RenderOptions::default()
        },
    )
}

#[test]
fn every_builtin_variant() {
    for name in builtin::names() {
        let loaded = load::load_builtin(name).unwrap();
        let svg = checked(&format!("builtin-{name}"), draw(&loaded.puzzle, None));
        insta::assert_snapshot!(format!("builtin-{name}"), svg);
    }
}

const JIGSAW: &str = "
    AAABBBCCC
    AAABBBCCC
    AADBBECCC
    ADDBEEFFF
    DDDEEEFFF
    DDDEEHFFI
    GGGEHHFII
    GGGHHHIII
    GGGHHHIII";

#[test]
fn jigsaw() {
    let mut b = GeometryBuilder::new("jigsaw", nine());
    b.grid(GridSpec::square(Pos::new(1, 1), 9).with_regions(JIGSAW));
    let p = Puzzle::empty(Arc::new(b.build().unwrap()));
    let svg = checked("jigsaw", draw(&p, None));
    // Nine pieces, each filled once.
    assert_eq!(svg.matches("<path d=").count(), 9);
    insta::assert_snapshot!("jigsaw", svg);
}

fn samurai() -> Arc<shapedoku::Geometry> {
    let mut b = GeometryBuilder::new("samurai", nine());
    for (r, c, name) in [
        (1, 1, "top-left"),
        (1, 13, "top-right"),
        (7, 7, "centre"),
        (13, 1, "bottom-left"),
        (13, 13, "bottom-right"),
    ] {
        b.grid(
            GridSpec::square(Pos::new(r, c), 9)
                .with_boxes(3, 3)
                .named(name),
        );
    }
    Arc::new(b.build().unwrap())
}

#[test]
fn samurai_grids_on_their_canvas() {
    let g = samurai();
    assert_eq!(g.cell_count(), 369);
    let mut p = Puzzle::empty(g.clone());
    // A given in each grid, one of them in a shared corner box.
    for (pos, v) in [
        (Pos::new(1, 1), 0),
        (Pos::new(1, 21), 1),
        (Pos::new(11, 11), 2),
        (Pos::new(21, 1), 3),
        (Pos::new(21, 21), 4),
        (Pos::new(7, 7), 5),
    ] {
        p.set_given(CellId::new(g.cell_at(pos).unwrap()), Some(Symbol::new(v)))
            .unwrap();
    }
    let svg = checked("samurai", draw(&p, None));
    insta::assert_snapshot!("samurai", svg);
}

#[test]
fn windoku_windows_are_shaded() {
    let mut b = GeometryBuilder::new("windoku", nine());
    b.grid(GridSpec::square(Pos::new(1, 1), 9).with_boxes(3, 3));
    for (k, (r, c)) in [(2, 2), (2, 6), (6, 2), (6, 6)].into_iter().enumerate() {
        let cells = (0..3)
            .flat_map(|i| (0..3).map(move |j| Pos::new(r + i, c + j)))
            .collect();
        b.shape(
            &format!("window {}", k + 1),
            ShapeKind::Extra,
            cells,
            Rule::NoRepeat,
        );
    }
    let p = Puzzle::empty(Arc::new(b.build().unwrap()));
    let svg = checked("windoku", draw(&p, None));
    assert!(svg.contains(r#"class="extra-shapes""#));
    insta::assert_snapshot!("windoku", svg);
}

#[test]
fn x_sudoku_diagonals_are_lines() {
    let mut b = GeometryBuilder::new("x-sudoku", nine());
    b.grid(
        GridSpec::square(Pos::new(1, 1), 9)
            .with_boxes(3, 3)
            .with_diagonals(),
    );
    let g = Arc::new(b.build().unwrap());
    let p = Puzzle::from_line(
        g,
        "4.......3..3...1....7.5.2....5.8.6....9...7....3.1.4....6.9.5....8...6..1.......7",
    )
    .unwrap();
    let svg = checked("x-sudoku", draw(&p, None));
    // Corner to corner, both ways (margin 24, cell 48, so the grid spans 24..456).
    assert!(svg.contains(r#"d="M24 24L456 456M24 456L456 24""#), "{svg}");
    insta::assert_snapshot!("x-sudoku", svg);
}

const KILLER: &str = r#"
variant = "classic"
solution = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
[[cage]]
sum = 14
cells = "r1c1 r1c2 r2c1"
[[cage]]
sum = 25
cells = "r1c3 r1c4 r1c5 r1c6"
[[cage]]
sum = 14
cells = "r1c7 r1c8 r2c8"
[[cage]]
sum = 10
cells = "r1c9 r2c9"
[[cage]]
sum = 16
cells = "r2c2 r3c2"
[[cage]]
sum = 12
cells = "r2c3 r2c4 r2c5"
[[cage]]
sum = 7
cells = "r2c6 r3c6"
[[cage]]
sum = 8
cells = "r2c7 r3c7"
[[cage]]
sum = 9
cells = "r3c1 r4c1"
[[cage]]
sum = 20
cells = "r3c3 r3c4 r4c3"
[[cage]]
sum = 10
cells = "r3c5 r4c5"
[[cage]]
sum = 16
cells = "r3c8 r3c9 r4c9"
[[cage]]
sum = 8
cells = "r4c2 r5c2 r6c2"
[[cage]]
sum = 15
cells = "r4c4 r5c4"
[[cage]]
sum = 7
cells = "r4c6 r4c7 r4c8"
[[cage]]
sum = 20
cells = "r5c1 r6c1 r7c1"
[[cage]]
sum = 9
cells = "r5c3 r6c3"
[[cage]]
sum = 12
cells = "r5c5 r5c6 r6c6"
[[cage]]
sum = 15
cells = "r5c7 r6c7"
[[cage]]
sum = 28
cells = "r5c8 r6c8 r6c9 r7c8"
[[cage]]
sum = 1
cells = "r5c9"
[[cage]]
sum = 17
cells = "r6c4 r7c4 r7c5"
[[cage]]
sum = 2
cells = "r6c5"
[[cage]]
sum = 7
cells = "r7c2 r7c3"
[[cage]]
sum = 16
cells = "r7c6 r8c6"
[[cage]]
sum = 9
cells = "r7c7 r8c7 r9c7"
[[cage]]
sum = 21
cells = "r7c9 r8c8 r8c9 r9c9"
[[cage]]
sum = 5
cells = "r8c1 r9c1"
[[cage]]
sum = 12
cells = "r8c2 r9c2"
[[cage]]
sum = 12
cells = "r8c3 r9c3"
[[cage]]
sum = 7
cells = "r8c4 r8c5 r9c4"
[[cage]]
sum = 14
cells = "r9c5 r9c6"
[[cage]]
sum = 7
cells = "r9c8"
"#;

#[test]
fn killer_cages_and_sums() {
    let loaded = load::load_str("killer.toml", KILLER, None).unwrap();
    let svg = checked("killer", draw(&loaded.puzzle, None));
    // One outline per cage, each a single closed loop (cages here are all connected).
    let cages = &svg[svg.find(r#"<g class="cages""#).unwrap()..];
    let cages = &cages[..cages.find("</g>").unwrap()];
    assert_eq!(cages.matches("<path").count(), 33);
    assert_eq!(cages.matches('M').count(), 33);
    assert_eq!(cages.matches('z').count(), 33);
    // The sum of the L-shaped cage in r1c1, in its top-left cell.
    assert!(svg.contains(">14</text>"));
    insta::assert_snapshot!("killer", svg);
    let solved = checked(
        "killer-solution",
        draw(&loaded.puzzle, loaded.solution.as_deref()),
    );
    assert_eq!(
        solved.matches("<text").count() - svg.matches("<text").count(),
        81
    );
    insta::assert_snapshot!("killer-solution", solved);
}

const LETTERS: &str = r#"
name = "letters"
symbols = "ABCDEF"
givens = "A..D.F .E...C B..E.. ..D..A C...D. F.E..B"
solution = "ABCDEF DEFABC BCAEFD EFDBCA CABFDE FDECAB"
[[grid]]
size = 6
box = [2, 3]
"#;

#[test]
fn six_by_six_with_letters_and_solution() {
    let loaded = load::load_str("letters.toml", LETTERS, None).unwrap();
    let svg = checked("letters", draw(&loaded.puzzle, loaded.solution.as_deref()));
    let givens = &svg[svg.find(r#"class="givens""#).unwrap()..];
    let givens = &givens[..givens.find("</g>").unwrap()];
    assert_eq!(givens.matches("<text").count(), loaded.puzzle.given_count());
    let sol = &svg[svg.find(r#"class="solution""#).unwrap()..];
    assert_eq!(
        sol[..sol.find("</g>").unwrap()].matches("<text").count(),
        36 - loaded.puzzle.given_count()
    );
    insta::assert_snapshot!("letters", svg);
}

#[test]
fn markup_symbols_and_title_are_escaped() {
    let sym = Symbols::new(['&', '<', '>', '"']).unwrap();
    let mut b = GeometryBuilder::new("a<b & \"c\"", sym);
    b.grid(GridSpec::square(Pos::new(1, 1), 4).with_boxes(2, 2));
    let p = Puzzle::from_line(Arc::new(b.build().unwrap()), "&<>\" .... .... ....").unwrap();
    let opts = RenderOptions {
        title: Some("Tom & Jerry's <puzzle>".into()),
        ..RenderOptions::default()
    };
    let svg = checked("markup", render::svg(&p, &opts));
    for t in [
        "&amp;",
        "&lt;",
        "&gt;",
        "&quot;",
        "Tom &amp; Jerry&apos;s &lt;puzzle&gt;",
    ] {
        assert!(svg.contains(t), "{t} missing");
    }
    insta::assert_snapshot!("markup", svg);
}

#[test]
fn drawing_is_deterministic_and_scales() {
    let g = samurai();
    let p = Puzzle::empty(g);
    assert_eq!(draw(&p, None), draw(&p, None));
    let small = render::svg(
        &p,
        &RenderOptions {
            cell_size: 20,
            ..RenderOptions::default()
        },
    );
    assert!(
        small.starts_with(r#"<svg xmlns="http://www.w3.org/2000/svg" width="440" height="440""#),
        "{}",
        &small[..120]
    );
}

#[test]
fn bad_solutions_are_ignored_not_fatal() {
    let p = Puzzle::empty(builtin::geometry("4x4").unwrap());
    // Too short and with values outside the alphabet: drawn where possible, never a panic.
    let svg = checked("short-solution", draw(&p, Some(&[0, 1, 200])));
    assert_eq!(svg.matches("<text").count(), 2);
}

#[test]
fn cli_renders_files_variants_and_solutions() {
    let (code, out, err) = run_in_memory(&["render", "--variant", "classic"], "");
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        out,
        draw(&Puzzle::empty(builtin::geometry("classic").unwrap()), None)
    );

    // A puzzle on stdin, with the solver's solution.
    let toml = "variant = \"4x4\"\ngivens = \"1... ..2. .3.. ...4\"\n";
    let (code, out, err) = run_in_memory(&["render", "-", "--solution", "--cell-size", "30"], toml);
    assert_eq!(code, 0, "{err}");
    assert_well_formed("cli", &out);
    assert!(out.contains(r#"class="solution""#));
    assert!(out.contains(r#"width="150""#));

    // One puzzle line for a variant.
    let dir = std::env::temp_dir().join(format!("shapedoku-render-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let line = dir.join("one.txt");
    std::fs::write(&line, "# one puzzle\n1... ..2. .3.. ...4\n").unwrap();
    let (code, out, err) =
        run_in_memory(&["render", "--variant", "4x4", line.to_str().unwrap()], "");
    assert_eq!(code, 0, "{err}");
    assert!(out.contains(">4</text>"));

    // Writing to a file.
    let svg_path = dir.join("out.svg");
    let (code, out, err) = run_in_memory(
        &[
            "render",
            "--variant",
            "4x4",
            "--title",
            "Mine",
            "-o",
            svg_path.to_str().unwrap(),
        ],
        "",
    );
    assert_eq!((code, out.as_str()), (0, ""), "{err}");
    assert!(
        std::fs::read_to_string(&svg_path)
            .unwrap()
            .contains(">Mine</text>")
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn cli_errors() {
    // Nothing to draw.
    let (code, _, err) = run_in_memory(&["render"], "");
    assert_eq!(code, 2);
    assert!(err.contains("--variant"), "{err}");
    // No solution: exit 1.
    let toml = "variant = \"4x4\"\ngivens = \"12.. 34.. .... 2...\"\n[[cage]]\nsum = 2\ncells = \"r4c4\"\n";
    let (code, out, err) = run_in_memory(&["render", "-", "--solution"], toml);
    assert_eq!((code, out.as_str()), (1, ""), "{err}");
    assert!(err.contains("no solution"), "{err}");
    // A bad file: exit 2 with the location.
    let (code, _, err) = run_in_memory(&["render", "-"], "variant = \"4x4\"\ngivens = \"12\"\n");
    assert_eq!(code, 2);
    assert!(err.contains("givens"), "{err}");
}

// PNG is in the default build of the command line (and the library feature is on here).
#[test]
fn png_output() {
    let (code, out, err) = run_in_memory(&["render", "--variant", "4x4", "--png"], "");
    assert_eq!(code, 0, "{err}");
    let _ = out; // binary output goes through a lossy string here; the library call is checked below
    let p = Puzzle::from_line(builtin::geometry("4x4").unwrap(), "1... ..2. .3.. ...4").unwrap();
    let png = render::png(&p, &RenderOptions::default()).unwrap();
    assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n");
}

const LOOSE: &str = r#"
name = "loose"
symbols = "123"
cells = "r1c1-3 r2c2 r3c1-3 r2c5"
givens = "1.. . ..3 ."
[[shape]]
name = "top"
cells = "r1c1-3"
[[shape]]
name = "bottom"
cells = "r3c1-3"
[[shape]]
name = "stem"
cells = "r1c2 r2c2 r3c2"
"#;

#[test]
fn loose_cells_and_overlapping_extra_shapes() {
    // No grid at all: the outline of the cell area is thick, the stem crosses the bars in a
    // different colour, and the lone cell at r2c5 is drawn on its own.
    let loaded = load::load_str("loose.toml", LOOSE, None).unwrap();
    let svg = checked("loose", draw(&loaded.puzzle, None));
    let extras = &svg[svg.find(r#"class="extra-shapes""#).unwrap()..];
    let extras = &extras[..extras.find("</g>").unwrap()];
    assert_eq!(extras.matches("<path").count(), 3);
    assert_eq!(extras.matches(r##"fill="#bdbdbd""##).count(), 2, "{extras}");
    insta::assert_snapshot!("loose", svg);
}

// ---------------------------------------------------------------------------------------------
// Interactive layers: entries, candidates, highlights and cell hit areas (the studio uses them).

/// The `<g class="NAME">` layer's content, if the drawing has it.
fn layer<'a>(svg: &'a str, class: &str) -> Option<&'a str> {
    let start = svg.find(&format!("<g class=\"{class}\""))?;
    let rest = &svg[start..];
    // Layers nest at most one level of <g> (eliminations); find the matching close.
    let mut depth = 0;
    let mut i = 0;
    while let Some(off) = rest[i..].find(['<']) {
        let at = i + off;
        if rest[at..].starts_with("<g") {
            depth += 1;
        } else if rest[at..].starts_with("</g>") {
            depth -= 1;
            if depth == 0 {
                return Some(&rest[..at]);
            }
        }
        i = at + 1;
    }
    None
}

/// (x, y) of every `<text>` in a layer.
fn text_positions(layer: &str) -> Vec<(f64, f64)> {
    let attr = |t: &str, name: &str| -> f64 {
        let key = format!(" {name}=\"");
        let s = &t[t.find(&key).unwrap() + key.len()..];
        s[..s.find('"').unwrap()].parse().unwrap()
    };
    layer
        .split("<text")
        .skip(1)
        .map(|t| (attr(t, "x"), attr(t, "y")))
        .collect()
}

fn classic_puzzle() -> Puzzle {
    let g = builtin::geometry("classic").unwrap();
    // Givens in r1c1 and r9c1.
    let line = format!("5{}8{}", ".".repeat(71), ".".repeat(8));
    Puzzle::from_line(g, &line).unwrap()
}

#[test]
fn default_options_draw_no_interactive_layers() {
    let svg = render::svg(&classic_puzzle(), &RenderOptions::default());
    for class in [
        "entries",
        "candidates",
        "highlight-cells",
        "placements",
        "eliminations",
        "cell-ids",
    ] {
        assert!(layer(&svg, class).is_none(), "{class} drawn by default");
    }
    assert!(!svg.contains("highlight-shapes"));
}

#[test]
fn entries_are_drawn_in_empty_cells_only_and_win_over_the_solution() {
    use shapedoku::Symbol;
    let p = classic_puzzle();
    let mut entries = vec![None; 81];
    entries[0] = Some(Symbol::new(2)); // a given is there: ignored
    entries[1] = Some(Symbol::new(3)); // drawn as "4"
    entries[2] = Some(Symbol::new(40)); // outside the alphabet: ignored
    let solution = vec![8u8; 81]; // "9" everywhere
    let svg = checked(
        "entries",
        render::svg(
            &p,
            &RenderOptions {
                entries: Some(&entries),
                solution: Some(&solution),
                ..RenderOptions::default()
            },
        ),
    );
    let e = layer(&svg, "entries").unwrap();
    assert_eq!(e.matches("<text").count(), 1, "{e}");
    assert!(e.contains(">4</text>"));
    // The solution layer leaves out the two givens and the cell with an entry.
    let sol = layer(&svg, "solution").unwrap();
    assert_eq!(sol.matches("<text").count(), 81 - 2 - 1);
}

#[test]
fn candidates_sit_in_one_slot_per_symbol_inside_their_cell() {
    use shapedoku::SymbolSet;
    let p = classic_puzzle();
    let mut cands = vec![SymbolSet::full(9); 81];
    cands[0] = SymbolSet::single(0); // r1c1 has a given: nothing drawn there
    let opts = RenderOptions {
        candidates: Some(&cands),
        ..RenderOptions::default()
    };
    let svg = checked("candidates", render::svg(&p, &opts));
    let layer = layer(&svg, "candidates").unwrap();
    let pos = text_positions(layer);
    assert_eq!(pos.len(), 79 * 9);
    // r1c2 (cell 1): nine distinct slots, all inside the cell (x 72..120, y 24..72 at 48 px,
    // margin 24), symbol k at row k / 3, column k % 3.
    let r1c2: Vec<(f64, f64)> = pos[..9].to_vec();
    for (k, &(x, y)) in r1c2.iter().enumerate() {
        assert!(
            (72.0..120.0).contains(&x) && (24.0..72.0).contains(&y),
            "{k}: {x},{y}"
        );
        if k % 3 > 0 {
            assert!(x > r1c2[k - 1].0);
        }
        if k >= 3 {
            assert!(y > r1c2[k - 3].1);
        }
    }
}

#[test]
fn highlights_mark_cells_shapes_and_candidates_and_ignore_bad_ids() {
    use shapedoku::render::Highlight;
    use shapedoku::{CellId, ShapeId, Symbol};
    let p = classic_puzzle();
    let opts = RenderOptions {
        highlight: Highlight {
            cells: vec![CellId::new(10), CellId::new(10), CellId::new(500)],
            shapes: vec![ShapeId::new(0), ShapeId::new(999)],
            placements: vec![(CellId::new(10), Symbol::new(4))],
            eliminations: vec![
                (CellId::new(11), Symbol::new(4)),
                (CellId::new(12), Symbol::new(4)),
                (CellId::new(0), Symbol::new(1)), // r1c1 shows a given: no mark
                (CellId::new(13), Symbol::new(30)), // outside the alphabet
            ],
        },
        ..RenderOptions::default()
    };
    let svg = checked("highlight", render::svg(&p, &opts));
    let cells = layer(&svg, "highlight-cells").unwrap();
    assert_eq!(
        cells.matches("<rect").count(),
        1,
        "duplicates and r500 dropped"
    );
    assert!(cells.contains(r#"data-cell="10""#));
    // Row 1 (shape 0): nine squares in one path.
    let shapes = &svg[svg.find("highlight-shapes").unwrap()..];
    assert_eq!(shapes[..shapes.find("/>").unwrap()].matches('M').count(), 9);
    let placed = layer(&svg, "placements").unwrap();
    assert_eq!(placed.matches("<circle").count(), 1);
    assert!(placed.contains(">5</text>"));
    let gone = layer(&svg, "eliminations").unwrap();
    assert_eq!(gone.matches("<path").count(), 2, "{gone}");
    assert!(gone.contains(r#"data-cell="11""#) && gone.contains(r#"data-cell="12""#));
    // Highlights are drawn under the lines, marks above the values.
    assert!(svg.find("highlight-cells").unwrap() < svg.find("class=\"thin\"").unwrap());
    assert!(svg.find("class=\"givens\"").unwrap() < svg.find("class=\"placements\"").unwrap());
}

#[test]
fn cell_ids_cover_every_cell_where_it_is_drawn() {
    let g = samurai();
    let p = Puzzle::empty(g.clone());
    let svg = checked(
        "cell-ids",
        render::svg(
            &p,
            &RenderOptions {
                cell_ids: true,
                ..RenderOptions::default()
            },
        ),
    );
    let ids = layer(&svg, "cell-ids").unwrap();
    let rects: Vec<&str> = ids.split("<rect").skip(1).collect();
    assert_eq!(rects.len(), g.cell_count());
    let attr = |t: &str, name: &str| -> f64 {
        let key = format!(" {name}=\"");
        let s = &t[t.find(&key).unwrap() + key.len()..];
        s[..s.find('"').unwrap()].parse().unwrap()
    };
    for (i, r) in rects.iter().enumerate() {
        assert_eq!(attr(r, "data-cell") as usize, i);
        // Column c's left edge is at margin + (c - 1) * 48 with the default 48 px cells.
        let p = g.pos(i);
        assert_eq!(attr(r, "x"), 24.0 + (p.col - 1) as f64 * 48.0);
        assert_eq!(attr(r, "y"), 24.0 + (p.row - 1) as f64 * 48.0);
    }
    // On top of everything: the last layer of the drawing.
    assert!(svg.rfind("<g class=").unwrap() == svg.find("<g class=\"cell-ids\"").unwrap());
}
