//! End-to-end tests of `shapedoku solve` and `shapedoku variants`, run in-process through
//! `shapedoku_cli::run_in_memory` (exit code, stdout, stderr).

use crate::common;
use common::temp_file;

use shapedoku::puzzle::format_line;
use shapedoku::{builtin, load};
use shapedoku_cli::run_in_memory;
use std::path::Path;

fn puzzle_path(name: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../variants/puzzles")
        .join(format!("{name}.toml"))
        .display()
        .to_string()
}

/// The stored solution of an example puzzle, as one line in cell order.
fn stored_solution(name: &str) -> String {
    let l = load::load_path(Path::new(&puzzle_path(name))).unwrap();
    let sol: Vec<Option<u8>> = l.solution.unwrap().iter().map(|&v| Some(v)).collect();
    format_line(&l.geometry, &sol)
}

/// The givens of an example puzzle as one line in cell order.
fn givens_line(name: &str) -> String {
    load::load_path(Path::new(&puzzle_path(name)))
        .unwrap()
        .puzzle
        .to_line()
}

/// Symbols drawn in a text grid, in reading order (drops spaces and box lines).
fn drawn_symbols(text: &str, symbols: &str) -> String {
    text.chars().filter(|c| symbols.contains(*c)).collect()
}

/// An unsolvable classic line that breaks no shape: r1c9 sees 1-8 in its row and 9 below it.
fn no_solution_line() -> String {
    format!("12345678.{}9{}", ".".repeat(8), ".".repeat(63))
}

#[test]
fn solve_a_puzzle_file_draws_the_solution() {
    let (code, out, err) = run_in_memory(&["solve", &puzzle_path("classic")], "");
    assert_eq!(code, 0, "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 9 + 2 + 1, "{out}");
    assert_eq!(lines[0].len(), "1 2 3 | 4 5 6 | 7 8 9".len());
    assert!(lines[3].starts_with("------+-------+------"), "{out}");
    assert_eq!(lines.last(), Some(&"unique solution"));
    let grid = lines[..11].join("\n");
    assert_eq!(
        drawn_symbols(&grid, "123456789"),
        stored_solution("classic")
    );
}

#[test]
fn every_example_puzzle_solves_through_the_cli() {
    for name in builtin::names() {
        let (code, out, err) = run_in_memory(&["solve", &puzzle_path(name)], "");
        assert_eq!(code, 0, "{name}: {err}");
        assert!(out.ends_with("unique solution\n"), "{name}: {out}");
        let symbols = builtin::geometry(name).unwrap().symbols().as_string();
        let grid = out.trim_end().rsplit_once('\n').unwrap().0;
        assert_eq!(
            drawn_symbols(grid, &symbols),
            stored_solution(name),
            "{name}"
        );
    }
}

#[test]
fn samurai_is_drawn_on_its_canvas() {
    let (code, out, _) = run_in_memory(&["solve", &puzzle_path("samurai")], "");
    assert_eq!(code, 0);
    let rows: Vec<&str> = out.lines().filter(|l| !l.trim().is_empty()).collect();
    assert_eq!(rows.len(), 21 + 1, "21 canvas rows and the verdict:\n{out}");
    let sol: Vec<char> = stored_solution("samurai").chars().collect();
    let count = |l: &str| l.chars().filter(char::is_ascii_digit).count();
    // Rows 1-6 and 16-21 hold two grids (18 cells), rows 7-9 and 13-15 three overlapping grids
    // (21 cells), rows 10-12 only the centre grid, indented to column 7.
    let per_row: Vec<usize> = rows[..21].iter().map(|l| count(l)).collect();
    let mut want = vec![18; 6];
    want.extend([21; 3]);
    want.extend([9; 3]);
    want.extend([21; 3]);
    want.extend([18; 6]);
    assert_eq!(per_row, want);
    // Columns line up across grids: the centre rows start where the centre grid's rows do.
    let centre_start = rows[9].find(|c: char| c.is_ascii_digit()).unwrap();
    assert_eq!(
        rows[6]
            .chars()
            .nth(centre_start)
            .map(|c| c.is_ascii_digit()),
        Some(true)
    );
    assert_eq!(
        rows[9].chars().nth(centre_start),
        sol.get(6 * 18 + 3 * 21).copied()
    );
    // A blank line separates box rows; there is none inside a box.
    let all: Vec<&str> = out.lines().collect();
    assert!(
        all[3].is_empty() && !all[1].is_empty() && !all[2].is_empty(),
        "{out}"
    );
}

#[test]
fn batch_keeps_answers_in_order_and_reports_the_bad_line() {
    let p = givens_line("classic");
    let sol = stored_solution("classic");
    let input = format!("{p}\n\n# a comment line\n123\n{p}\n");
    let (code, out, err) = run_in_memory(&["solve"], &input);
    assert_eq!(code, 2, "a bad line makes the batch exit 2");
    assert_eq!(
        out.lines().collect::<Vec<_>>(),
        [sol.as_str(), "error", sol.as_str()]
    );
    assert!(
        err.contains("line 4"),
        "the error names the input line: {err}"
    );
    assert_eq!(err.lines().count(), 1, "{err}");
}

/// A puzzle line with its digits renamed by `k` steps (so its solution is renamed too).
fn relabel(line: &str, k: u32) -> String {
    line.chars()
        .map(|c| match c.to_digit(10) {
            Some(d) if d > 0 => char::from_digit((d - 1 + k) % 9 + 1, 10).unwrap(),
            _ => c,
        })
        .collect()
}

#[test]
fn batch_order_is_input_order_with_several_threads() {
    let p = givens_line("classic");
    let sol = stored_solution("classic");
    let input: String = (0..45).map(|k| relabel(&p, k % 9) + "\n").collect();
    let (code, out, err) = run_in_memory(&["solve", "-j", "2"], &input);
    assert_eq!(code, 0, "{err}");
    let want: Vec<String> = (0..45).map(|k| relabel(&sol, k % 9)).collect();
    assert_eq!(out.lines().collect::<Vec<_>>(), want);
}

#[test]
fn count_reports_how_many_solutions_exist_up_to_n() {
    // The 4x4 Sudoku has exactly 288 solution grids.
    let (code, out, _) = run_in_memory(
        &["solve", "--variant", "4x4", "--count", "300"],
        "................\n",
    );
    assert_eq!(code, 0);
    assert!(out.starts_with("288 "), "{out}");
    let (code, out, _) = run_in_memory(
        &["solve", "-v", "4x4", "--count", "3"],
        "................\n",
    );
    assert_eq!(code, 0);
    assert!(
        out.starts_with("3+ "),
        "the count stops at the limit: {out}"
    );
    let (_, out, _) = run_in_memory(&["solve", "--count", "5"], &(givens_line("classic") + "\n"));
    assert!(out.starts_with("1 "), "{out}");
    // A puzzle file reports in words.
    let (_, out, _) = run_in_memory(
        &["solve", "--count", "5"],
        "variant = \"4x4\"\ngivens = \"1... .... .... ....\"\n",
    );
    assert!(
        out.ends_with("at least 5 solutions (showing the first)\n"),
        "{out}"
    );
    // Fixing the first box leaves 288 / 4! = 12 grids.
    let (_, out, _) = run_in_memory(
        &["solve", "--count", "100"],
        "variant = \"4x4\"\ngivens = \"12.. 34.. .... ....\"\n",
    );
    assert!(out.ends_with("\n12 solutions\n"), "{out}");
}

#[test]
fn json_output_is_json_lines() {
    let p = givens_line("classic");
    let input = format!("{p}\nnot a puzzle\n{}\n", no_solution_line());
    let (code, out, _) = run_in_memory(&["solve", "--format", "json"], &input);
    assert_eq!(code, 2);
    let objs: Vec<serde_json::Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).expect("a JSON object per line"))
        .collect();
    assert_eq!(objs.len(), 3);
    assert_eq!(objs[0]["status"], "unique");
    assert_eq!(objs[0]["count"], 1);
    assert_eq!(objs[0]["solutions"][0], stored_solution("classic").as_str());
    assert_eq!(objs[0]["input"], "line 1");
    assert_eq!(objs[1]["status"], "error");
    assert!(objs[1]["error"].as_str().unwrap().contains("line 2"));
    assert_eq!(objs[2]["status"], "none");
    assert_eq!(objs[2]["solutions"].as_array().unwrap().len(), 0);
    // A file gives one object, its solution in cell order.
    let (code, out, _) = run_in_memory(&["solve", "--format", "json", &puzzle_path("samurai")], "");
    assert_eq!(code, 0);
    let obj: serde_json::Value = serde_json::from_str(out.trim_end()).unwrap();
    assert_eq!(
        obj["solutions"][0].as_str().unwrap(),
        stored_solution("samurai")
    );
    assert_eq!(out.lines().count(), 1);
}

#[test]
fn unique_flag_exits_1_when_a_puzzle_has_several_solutions() {
    let several = "variant = \"4x4\"\ngivens = \"1... .... .... ....\"\n";
    let (code, out, _) = run_in_memory(&["solve", "--unique"], several);
    assert_eq!(code, 1, "{out}");
    let (code, _, _) = run_in_memory(&["solve"], several);
    assert_eq!(code, 0, "without --unique any solution is a success");
    let (code, _, _) = run_in_memory(&["solve", "--unique", &puzzle_path("samurai")], "");
    assert_eq!(code, 0);
}

#[test]
fn no_solution_exits_1() {
    let (code, out, _) = run_in_memory(&["solve"], &(no_solution_line() + "\n"));
    assert_eq!(code, 1);
    assert_eq!(out, "no solution\n");
    let file = format!(
        "variant = \"classic\"\ngivens = \"{}\"\n",
        no_solution_line()
    );
    let (code, out, _) = run_in_memory(&["solve"], &file);
    assert_eq!(code, 1);
    assert_eq!(out, "no solution\n");
}

#[test]
fn variants_lists_and_shows_the_builtins() {
    for args in [&["variants"][..], &["variants", "list"][..]] {
        let (code, out, _) = run_in_memory(args, "");
        assert_eq!(code, 0);
        let names: Vec<&str> = out
            .lines()
            .map(|l| l.split_whitespace().next().unwrap())
            .collect();
        assert_eq!(names, builtin::names());
        assert!(
            out.lines().all(|l| l.split_whitespace().count() > 1),
            "every line has a description"
        );
    }
    let (code, out, _) = run_in_memory(&["variants", "show", "samurai"], "");
    assert_eq!(code, 0);
    assert_eq!(out, builtin::source("samurai").unwrap());
    assert_eq!(out.matches("[[grid]]").count(), 5);
    // What `show` prints is a file that loads to the same variant.
    let l = load::load_str("samurai.toml", &out, None).unwrap();
    assert_eq!(l.geometry.cell_count(), 369);
    let (code, _, err) = run_in_memory(&["variants", "show", "nonesuch"], "");
    assert_eq!(code, 2);
    assert!(err.contains("nonesuch") && err.contains("classic"), "{err}");
}

#[test]
fn unknown_variant_exits_2() {
    let (code, out, err) = run_in_memory(
        &["solve", "--variant", "nonesuch"],
        &(givens_line("classic") + "\n"),
    );
    assert_eq!(code, 2);
    assert!(out.is_empty());
    assert!(
        err.contains("`nonesuch` is not a built-in variant"),
        "{err}"
    );
    assert!(
        err.contains("samurai"),
        "the message lists the built-ins: {err}"
    );
    let (code, _, err) = run_in_memory(&["solve"], "variant = \"nonesuch\"\n");
    assert_eq!(code, 2);
    assert!(err.contains("nonesuch"), "{err}");
}

#[test]
fn a_variant_can_be_given_as_a_path() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../variants/jigsaw.toml");
    let line = givens_line("jigsaw");
    let (code, out, err) = run_in_memory(
        &["solve", "--variant", path.to_str().unwrap()],
        &(line + "\n"),
    );
    assert_eq!(code, 0, "{err}");
    assert_eq!(out.trim_end(), stored_solution("jigsaw"));
}

#[test]
fn toml_errors_point_at_line_and_column() {
    let p = temp_file(
        "cli_solve",
        "bad-key.toml",
        "variant = \"classic\"\n\ngivns = \"\"\n",
    );
    let (code, out, err) = run_in_memory(&["solve", p.to_str().unwrap()], "");
    assert_eq!(code, 2);
    assert!(out.is_empty());
    assert!(err.contains("bad-key.toml:3:1"), "{err}");
    assert!(err.contains("givns"), "{err}");
    // A bad cell reference in a cage: the column points at the reference itself.
    let p = temp_file(
        "cli_solve",
        "bad-cell.toml",
        "variant = \"classic\"\n[[cage]]\nsum = 3\ncells = \"r1c1 r1x2\"\n",
    );
    let (code, _, err) = run_in_memory(&["solve", p.to_str().unwrap()], "");
    assert_eq!(code, 2);
    assert!(err.contains("bad-cell.toml:4:15"), "{err}");
    assert!(err.contains("r1x2"), "{err}");
    // Givens of the wrong length.
    let p = temp_file(
        "cli_solve",
        "short.toml",
        "variant = \"6x6\"\ngivens = \"123\"\n",
    );
    let (code, _, err) = run_in_memory(&["solve", p.to_str().unwrap()], "");
    assert_eq!(code, 2);
    assert!(
        err.contains("short.toml:2:10") && err.contains("36"),
        "{err}"
    );
}

#[test]
fn samurai_lines_in_cell_order_or_as_a_canvas_picture() {
    let cells = givens_line("samurai");
    assert_eq!(cells.len(), 369);
    let text = std::fs::read_to_string(puzzle_path("samurai")).unwrap();
    let picture: String = text
        .split("\"\"\"")
        .nth(1)
        .unwrap()
        .split_whitespace()
        .collect();
    assert_eq!(picture.len(), 21 * 21);
    let input = format!("{cells}\n{picture}\n");
    let (code, out, err) = run_in_memory(&["solve", "--variant", "samurai"], &input);
    assert_eq!(code, 0, "{err}");
    let sol = stored_solution("samurai");
    assert_eq!(
        out.lines().collect::<Vec<_>>(),
        [sol.as_str(), sol.as_str()]
    );
}

#[test]
fn jigsaw_is_drawn_with_its_region_borders() {
    let (code, out, _) = run_in_memory(&["solve", &puzzle_path("jigsaw")], "");
    assert_eq!(code, 0);
    let g = builtin::geometry("jigsaw").unwrap();
    let region = |r: u32, c: u32| {
        let cell = g.cell_at(shapedoku::Pos::new(r, c)).unwrap();
        g.shapes_of(cell).iter().copied().find(|&s| {
            g.get_shape(shapedoku::ShapeId::new(s as usize))
                .unwrap()
                .kind
                == shapedoku::ShapeKind::Region
        })
    };
    let lines: Vec<&str> = out.lines().collect();
    // Symbol rows alternate with border rows; every row pair here has some border between them.
    assert_eq!(lines.len(), 9 + 8 + 1, "{out}");
    for r in 1..=9u32 {
        let row: Vec<char> = lines[2 * (r as usize - 1)].chars().collect();
        for c in 1..9u32 {
            let sep = row[2 * c as usize - 1];
            let want = if region(r, c) != region(r, c + 1) {
                '|'
            } else {
                ' '
            };
            assert_eq!(sep, want, "between r{r}c{c} and r{r}c{}:\n{out}", c + 1);
        }
        if r < 9 {
            let border: Vec<char> = lines[2 * r as usize - 1].chars().collect();
            for c in 1..=9u32 {
                let ch = border.get(2 * (c as usize - 1)).copied().unwrap_or(' ');
                let want = if region(r, c) != region(r + 1, c) {
                    '-'
                } else {
                    ' '
                };
                assert_eq!(ch, want, "below r{r}c{c}:\n{out}");
            }
        }
    }
}

/// Standard input that hands out one line per read, like a pipe fed by a slow producer, and
/// records how many answers were already written whenever it is asked for more.
struct Feed {
    lines: Vec<String>,
    next: usize,
    out: std::rc::Rc<std::cell::RefCell<Vec<u8>>>,
    answered_before_read: Vec<usize>,
}

impl std::io::Read for Feed {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let answered = self.out.borrow().iter().filter(|&&b| b == b'\n').count();
        self.answered_before_read.push(answered);
        let Some(line) = self.lines.get(self.next) else {
            return Ok(0);
        };
        let bytes = format!("{line}\n").into_bytes();
        assert!(buf.len() >= bytes.len(), "a read of {} bytes", buf.len());
        buf[..bytes.len()].copy_from_slice(&bytes);
        self.next += 1;
        Ok(bytes.len())
    }
}

/// Standard output shared with the [`Feed`].
struct Shared(std::rc::Rc<std::cell::RefCell<Vec<u8>>>);

impl std::io::Write for Shared {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.borrow_mut().extend_from_slice(buf);
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

#[test]
fn a_batch_on_a_pipe_answers_each_line_before_reading_the_next() {
    let p = givens_line("classic");
    let sol = stored_solution("classic");
    let out = std::rc::Rc::new(std::cell::RefCell::new(Vec::new()));
    let feed = Feed {
        lines: vec![p.clone(), "123".into(), relabel(&p, 1)],
        next: 0,
        out: out.clone(),
        answered_before_read: Vec::new(),
    };
    let mut stdin = std::io::BufReader::new(feed);
    // Buffered as the real standard output is: the batch must flush before it waits.
    let mut stdout = std::io::BufWriter::new(Shared(out.clone()));
    let mut stderr = Vec::new();
    let mut io = shapedoku_cli::Io {
        stdin: &mut stdin,
        stdout: &mut stdout,
        stderr: &mut stderr,
        progress: false,
        stdin_is_terminal: false,
        limits: shapedoku::Limits::DEFAULT,
        search: shapedoku_cli::SearchLimits::DEFAULT,
    };
    let args = ["shapedoku", "solve", "-j1"]
        .map(std::ffi::OsString::from)
        .to_vec();
    let code = shapedoku_cli::run(args, &mut io);
    drop(stdout);
    assert_eq!(code, 2, "{}", String::from_utf8_lossy(&stderr));
    let text = String::from_utf8(out.borrow().clone()).unwrap();
    let want = [sol.clone(), "error".to_string(), relabel(&sol, 1)];
    assert_eq!(text.lines().collect::<Vec<_>>(), want);
    let feed = stdin.into_inner();
    // Before each read after the first, every line read so far had its answer written.
    assert_eq!(feed.answered_before_read, [0, 1, 2, 3]);
}
