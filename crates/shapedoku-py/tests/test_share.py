"""What the command line's `candidates`, `import`, `export` and `generate --killer/--pattern`
do, from Python."""

from __future__ import annotations

import pytest

import shapedoku
from shapedoku import Verdict
from conftest import REPO

# An X-Sudoku as f-puzzles links it, with the givens its importer's test expects: from
# pcdoku/SudokuSolver (a fork of dclamage/SudokuSolver), SudokuSolverTest/FPuzzlesImportTests.cs
# at commit 1526c3f304fff86456a6d520cd4dc743e1decd3e (the studio's browser test uses it too).
X_SUDOKU_LINK = "https://www.f-puzzles.com/?load=N4IgzglgXgpiBcBOANCA5gJwgEwQbT2AF9ljSQA3AQwBsBXOeAdlTQgpgDsEAXDBkmSGDBlWgwQBmVuy69+MUdXqMArDI7d4fAQF1khMSoQAODXO0KRpa8PLKJSc1p2KbN/YSXjGAJmfyAu6gDowAbAGWQSE+CCzosi5WwbZEnnYZ3sbw0gmagW4x2ep5Fq5ZjhGlSdFpBpnBRo4AjJHlKY2hUm1W6bZNfj219rHwZtUFqSPZACxDhXVeHUUt8xWMKBNRC52jJWz52yJ9y+sI+4mTywNxax71Uw0ZN/BzW+W6+iDYEFRoAPacWgAagKqB+f0BtAAtJMgA==="
X_SUDOKU_GIVENS = (
    "..7....358.....9...2.67.........356.....1...3..2.8..4....19..5.....5..7.........4"
)


def test_true_candidates_are_the_values_of_the_solutions() -> None:
    # Two solutions: the 1s and 2s of columns 3 and 4 can be swapped.
    p = shapedoku.Puzzle.from_line("1234 34.. 21.. 43..", "4x4")
    tc = p.candidates()
    assert tc.complete and not tc.capped and tc.solutions_found == 2
    solutions = p.count(limit=10).solutions
    assert len(solutions) == 2
    for i, cell in enumerate(p.cells):
        assert set(tc.possible[cell]) == {s[i] for s in solutions}, cell
    assert tc.open_cells() == ("r2c3", "r2c4", "r4c3", "r4c4")
    # A cap of one solution leaves the open cells undecided, and says so.
    capped = p.candidates(max_solutions=1)
    assert capped.capped and not capped.complete
    assert set(capped.undecided) <= set(tc.open_cells())


def test_true_candidates_of_a_unique_puzzle_are_its_solution() -> None:
    p = shapedoku.load(REPO / "variants" / "puzzles" / "classic.toml")
    tc = p.candidates()
    assert tc.complete and tc.solutions_found == 1 and tc.open_cells() == ()
    assert "".join(tc.possible[c] for c in p.cells) == p.solve()


def test_a_published_f_puzzles_link_imports_with_its_givens() -> None:
    imp = shapedoku.import_link(X_SUDOKU_LINK)
    assert imp.format == "f-puzzles"
    assert imp.puzzle.givens == X_SUDOKU_GIVENS
    assert imp.puzzle.count().verdict is Verdict.UNIQUE
    assert "f-puzzles" in imp.puzzle.to_toml()


@pytest.mark.parametrize("target", ["fpuzzles", "sudokupad"])
def test_export_then_import_gives_the_same_puzzle(target: str) -> None:
    for name in ["classic", "killer"]:
        p = shapedoku.load(REPO / "variants" / "puzzles" / f"{name}.toml")
        link = p.export(to=target)
        assert link.target == target and link.with_solution
        assert str(link).startswith("https://")
        back = shapedoku.import_link(link.link).puzzle
        assert back.givens == p.givens
        assert back.solution == p.solution
        assert back.count().solutions == p.count().solutions


def test_export_refuses_what_the_app_cannot_hold_and_unknown_targets() -> None:
    samurai = shapedoku.load(REPO / "variants" / "puzzles" / "samurai.toml")
    with pytest.raises(ValueError, match="5 grids"):
        samurai.export()
    with pytest.raises(ValueError, match="unknown export target"):
        shapedoku.builtin("classic").export(to="penpa")
    with pytest.raises(ValueError, match="cannot import"):
        shapedoku.import_link("https://example.com/not-a-puzzle")


def test_generate_a_killer_keeps_its_cages() -> None:
    p = shapedoku.generate("4x4", seed=7, killer=True, cage_sizes=(1, 3))
    assert p.given_count == 0
    text = p.to_toml()
    assert "[[cage]]" in text
    # The cages alone make the puzzle unique, and the file written reloads as that puzzle.
    again = shapedoku.load(text)
    r = again.count()
    assert r.verdict is Verdict.UNIQUE and r.solutions[0] == p.solution
    # Reproducible by seed.
    assert shapedoku.generate("4x4", seed=7, killer=True, cage_sizes=(1, 3)).to_toml() == text


def test_generate_from_a_pattern_keeps_its_fixed_and_required_givens() -> None:
    pattern = "5*" + "." * 77 + "*9"
    p = shapedoku.generate("classic", seed=11, pattern=pattern)
    g = p.givens
    assert g[0] == "5" and g[-1] == "9"
    assert g[1] != "." and g[-2] != "."
    assert p.count().verdict is Verdict.UNIQUE
    with pytest.raises(ValueError, match="pattern"):
        shapedoku.generate("classic", seed=11, pattern="55" + "." * 79)
