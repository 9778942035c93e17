"""The one-puzzle API: loading, counting, steps, rating, generating, drawing, errors."""

from __future__ import annotations

import pickle
import threading
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

import shapedoku
from shapedoku import Verdict
from conftest import CLASSIC, REPO

PUZZLE_FILES = sorted((REPO / "variants" / "puzzles").glob("*.toml"))


@pytest.mark.parametrize("name", shapedoku.variants())
def test_every_builtin_loads_and_has_a_solution(name: str) -> None:
    p = shapedoku.builtin(name)
    assert p.variant
    assert len(p.givens) == len(p.cells) > 0
    assert set(p.givens) <= set(p.symbols) | {"."}
    # An empty grid (or the built-in Killer's cages) always has a solution.
    r = p.count(limit=1)
    assert r.verdict is Verdict.AT_LEAST_ONE
    assert len(r.solutions[0]) == len(p.cells)


def test_builtin_list_matches_the_variant_files() -> None:
    files = {f.stem for f in (REPO / "variants").glob("*.toml")}
    assert set(shapedoku.variants()) == files


@pytest.mark.parametrize("path", PUZZLE_FILES, ids=lambda p: p.stem)
def test_example_puzzles_have_their_stated_solution(path: Path) -> None:
    p = shapedoku.load(path)
    r = p.count()
    assert r.verdict is Verdict.UNIQUE and r.exact
    if p.solution is not None:
        assert r.solutions == (p.solution,)
    # Loading by str path and from the text itself gives the same puzzle.
    assert shapedoku.load(str(path)).givens == p.givens


def test_count_limits_and_budget() -> None:
    empty = shapedoku.Puzzle.from_line("." * 81)
    r = empty.count(limit=3)
    assert r.verdict is Verdict.SEVERAL and len(r.solutions) == 3 and not r.exact
    assert len(set(r.solutions)) == 3
    broken = shapedoku.Puzzle.from_line("11" + "." * 79)
    assert broken.count().verdict is Verdict.NO_SOLUTION
    assert broken.solve() is None
    hard = shapedoku.Puzzle.from_line(CLASSIC[2])
    stopped = hard.count(budget=shapedoku.Budget(guesses=1))
    assert stopped.verdict is Verdict.UNDECIDED and stopped.stats.guesses <= 2
    full = hard.count()
    assert full.verdict is Verdict.UNIQUE and full.stats.guesses > 1
    with pytest.raises(ValueError):
        hard.count(limit=0)


def _check_sound(p: shapedoku.Puzzle) -> int:
    solution = p.solution or p.solve()
    assert solution is not None and p.count().verdict is Verdict.UNIQUE
    steps = p.steps()
    assert steps, "a puzzle with empty cells needs steps"
    filled = list(p.givens)
    for step in steps:
        assert step.placements or step.eliminations
        assert step.technique and step.technique == step.technique.lower()
        assert step.text() and step.text("compact")
        for c in step.placements:
            assert solution[c.cell] == c.symbol, f"{step} places a wrong value"
            assert p.cells[c.cell] == c.name
            filled[c.cell] = c.symbol
        for c in step.eliminations:
            assert solution[c.cell] != c.symbol, f"{step} eliminates the solution's value"
    assert "".join(filled) == solution, "the steps fill the grid with the solution"
    return len(steps)


@pytest.mark.parametrize("line", CLASSIC)
def test_steps_are_sound_against_the_solution(line: str) -> None:
    _check_sound(shapedoku.Puzzle.from_line(line))


@pytest.mark.parametrize("name", ["samurai", "killer", "jigsaw", "x-diagonal"])
def test_steps_are_sound_on_variants(name: str) -> None:
    path = REPO / "variants" / "puzzles" / f"{name}.toml"
    _check_sound(shapedoku.load(path))


def test_steps_use_advanced_techniques() -> None:
    steps = shapedoku.Puzzle.from_line(CLASSIC[2]).steps()
    used = {s.technique for s in steps}
    assert {"guess", "x_wing", "medusa_3d", "aic", "forcing_chain"} <= used


def test_hint_is_the_first_step_and_none_when_solved() -> None:
    p = shapedoku.Puzzle.from_line(CLASSIC[0])
    assert p.hint() == p.steps()[0]
    solved = shapedoku.Puzzle.from_line(p.solve() or "")
    assert solved.hint() is None
    with pytest.raises(shapedoku.UnsolvableError):
        shapedoku.Puzzle.from_line("11" + "." * 79).hint()
    with pytest.raises(ValueError):
        p.hint().text("loud")


def test_rate() -> None:
    easy = shapedoku.Puzzle.from_line(CLASSIC[0]).rate()
    assert easy.level is shapedoku.Level.EASY and easy.guesses == 0 and easy.se is not None
    hard = shapedoku.Puzzle.from_line(CLASSIC[2]).rate()
    assert hard.level == "extreme" and hard.score > easy.score and hard.guesses > 0
    assert shapedoku.generate("6x6", seed=1).rate().se is None  # SE is a classic 9x9 scale
    with pytest.raises(shapedoku.UnsolvableError):
        shapedoku.Puzzle.from_line("11" + "." * 79).rate()


@pytest.mark.parametrize("variant", ["classic", "6x6", "samurai", "jigsaw"])
def test_generate_with_a_seed_gives_the_same_puzzle_twice(variant: str) -> None:
    a = shapedoku.generate(variant, seed=2024, symmetry="none")
    b = shapedoku.generate(variant, seed=2024, symmetry="none")
    assert a.givens == b.givens and a.solution == b.solution
    assert shapedoku.generate(variant, seed=2025).givens != a.givens
    r = a.count()
    assert r.verdict is Verdict.UNIQUE and r.solutions == (a.solution,)


def test_generate_options() -> None:
    g = shapedoku.generate(seed=5, symmetry="rotate180", difficulty="medium")
    assert g.rate().level is shapedoku.Level.MEDIUM
    cells = g.givens
    assert all((cells[i] == ".") == (cells[80 - i] == ".") for i in range(81))
    assert shapedoku.generate(seed=5, givens=30).given_count == 30
    assert "rotate180" in shapedoku.symmetries()
    with pytest.raises(ValueError, match="symmetry"):
        shapedoku.generate(seed=1, symmetry="spiral")
    with pytest.raises(ValueError):
        shapedoku.generate(seed=1, difficulty="impossible")
    with pytest.raises(shapedoku.GenerateError):
        shapedoku.generate(seed=1, givens=17, attempts=1)


@pytest.mark.parametrize("name", ["classic", "samurai", "killer", "tredoku", "jigsaw"])
def test_svg_is_well_formed_xml(name: str) -> None:
    p = shapedoku.builtin(name)
    for svg in (p.render_svg(), p.render_svg(solution=True, title="A & B <test>"), p._repr_svg_()):
        root = ET.fromstring(svg)
        assert root.tag.endswith("svg")
    assert "A &amp; B" in p.render_svg(title="A & B")
    with pytest.raises(shapedoku.UnsolvableError):
        shapedoku.Puzzle.from_line("11" + "." * 79).render_svg(solution=True)


def test_to_toml_loads_back(tmp_path: Path) -> None:
    cases = [
        shapedoku.Puzzle.from_line(CLASSIC[1]),
        shapedoku.generate("samurai", seed=3),
        shapedoku.load(REPO / "variants/puzzles/killer.toml"),
        shapedoku.builtin("windoku"),
    ]
    for p in cases:
        f = tmp_path / "p.toml"
        f.write_text(p.to_toml(), encoding="utf-8")
        back = shapedoku.load(f)
        assert (back.variant, back.givens, back.solution) == (p.variant, p.givens, p.solution)
        assert back.count(limit=1).solutions == p.count(limit=1).solutions


def test_from_line_on_a_variant_file(tmp_path: Path) -> None:
    f = tmp_path / "mini.toml"
    f.write_text('symbols = "1234"\n\n[[grid]]\nsize = 4\nbox = [2, 2]\n', encoding="utf-8")
    p = shapedoku.Puzzle.from_line("1...........4...", variant=f)
    assert p.variant == "mini" and p.count(limit=1).solutions
    assert str(f) in p.to_toml()


def test_puzzles_pickle() -> None:
    for p in (shapedoku.Puzzle.from_line(CLASSIC[0]), shapedoku.load(REPO / "variants/puzzles/killer.toml")):
        q = pickle.loads(pickle.dumps(p))
        assert (q.variant, q.givens, q.to_toml()) == (p.variant, p.givens, p.to_toml())
    err = shapedoku.LoadError("x.toml:1:2: bad", "x.toml", 1, 2, None, [])
    back = pickle.loads(pickle.dumps(err))
    assert (str(back), back.line, back.column) == ("x.toml:1:2: bad", 1, 2)


def test_load_errors_carry_file_line_and_column(tmp_path: Path) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text('variant = "classic"\n[[cage]]\nsum = 3\ncells = "r1c1 r1x2"\n', encoding="utf-8")
    with pytest.raises(shapedoku.LoadError) as info:
        shapedoku.load(bad)
    e = info.value
    assert (e.file, e.line, e.column) == (str(bad), 4, 15)
    assert "r1x2" in e.message and str(e).startswith(f"{bad}:4:15: ")
    assert isinstance(e, ValueError) and isinstance(e, shapedoku.ShapedokuError)
    # Every problem in the file is listed, each with its place.
    two = tmp_path / "two.toml"
    two.write_text('variant = "classic"\ngivens = "11"\n[[shape]]\ncells = "r0c1"\n', encoding="utf-8")
    with pytest.raises(shapedoku.LoadError) as info:
        shapedoku.load(two)
    assert len(info.value.diagnostics) >= 2
    assert all(d.file == str(two) and d.line for d in info.value.diagnostics)
    with pytest.raises(shapedoku.LoadError, match="not a built-in variant"):
        shapedoku.builtin("sudoku-on-mars")
    with pytest.raises(shapedoku.LoadError):
        shapedoku.Puzzle.from_line("." * 81, variant="sudoku-on-mars")
    with pytest.raises(FileNotFoundError):
        shapedoku.load(tmp_path / "missing.toml")
    with pytest.raises(FileNotFoundError):
        shapedoku.load("missing.toml")


def test_puzzle_errors_point_at_the_column() -> None:
    with pytest.raises(shapedoku.PuzzleError) as info:
        shapedoku.Puzzle.from_line("5 x" + "." * 79)  # whitespace is ignored, but counted here
    assert info.value.column == 3 and "`x`" in str(info.value)
    with pytest.raises(shapedoku.PuzzleError) as info:
        shapedoku.Puzzle.from_line("." * 80)
    assert info.value.column is None and "80 symbols" in str(info.value)
    assert isinstance(info.value, ValueError)
    # Givens that clash are a puzzle without a solution, not a malformed line.
    assert shapedoku.Puzzle.from_line("55" + "." * 79).count().verdict is Verdict.NO_SOLUTION


def test_long_calls_release_the_gil() -> None:
    lines = [shapedoku.generate(seed=s).givens for s in range(300)]
    done = threading.Event()
    worker = threading.Thread(target=lambda: (shapedoku.rate_many(lines, threads=1), done.set()))
    ticks = 0
    worker.start()
    while not done.is_set():
        ticks += 1
    worker.join()
    # Holding the GIL, the batch would have stopped this loop for its whole run.
    assert ticks > 1_000
