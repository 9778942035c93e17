"""Batches: the same answers as one puzzle at a time, in order, with bad lines kept in place."""

from __future__ import annotations

from dataclasses import asdict

import pytest

import shapedoku
from conftest import CLASSIC


@pytest.fixture(scope="module")
def lines() -> list[str]:
    generated = [shapedoku.generate(seed=s).givens for s in range(150)]
    return CLASSIC + generated + ["." * 81, "11" + "." * 79, "abc", "", "5x" + "." * 79]


def _count_row(line: str, limit: int = 2, budget=None) -> dict:
    try:
        r = shapedoku.Puzzle.from_line(line).count(limit=limit, budget=budget)
    except shapedoku.PuzzleError:
        return {"status": "error"}
    return {
        "puzzle": line, "status": r.verdict.value, "solutions": list(r.solutions),
        "exact": r.exact, "nodes": r.stats.nodes, "guesses": r.stats.guesses, "error": None,
    }


def _rate_row(line: str) -> dict:
    try:
        r = shapedoku.Puzzle.from_line(line).rate()
    except shapedoku.PuzzleError:
        return {"status": "error"}
    except shapedoku.UnsolvableError:
        return {"status": "unsolvable"}
    d = asdict(r)
    d["level"] = r.level.value
    return {"puzzle": line, "status": "rated", **d, "error": None}


def _same(batch_row: dict, single: dict) -> None:
    if single["status"] in ("error", "unsolvable"):
        assert batch_row["status"] == single["status"] and batch_row["error"]
    else:
        assert batch_row == single


@pytest.mark.parametrize("threads", [None, 1, 3])
def test_count_many_equals_one_at_a_time(lines: list[str], threads) -> None:
    rows = shapedoku.count_many(lines, threads=threads)
    assert len(rows) == len(lines)
    for line, row in zip(lines, rows):
        assert list(row) == list(shapedoku.COUNT_FIELDS)
        _same(row, _count_row(line))


def test_count_many_limit_and_budget(lines: list[str]) -> None:
    budget = shapedoku.Budget(guesses=1)
    for line, row in zip(lines, shapedoku.count_many(lines, limit=1, budget=budget)):
        _same(row, _count_row(line, limit=1, budget=budget))
    statuses = {r["status"] for r in shapedoku.count_many(lines, budget=budget)}
    assert {"unique", "no_solution", "undecided", "error"} <= statuses
    assert "several" in {r["status"] for r in shapedoku.count_many(lines)}


@pytest.mark.parametrize("threads", [None, 1])
def test_rate_many_equals_one_at_a_time(lines: list[str], threads) -> None:
    rows = shapedoku.rate_many(lines, threads=threads)
    assert len(rows) == len(lines)
    for line, row in zip(lines, rows):
        assert list(row) == list(shapedoku.RATE_FIELDS)
        _same(row, _rate_row(line))
    assert [r["status"] for r in rows[-5:]] == ["rated", "unsolvable", "error", "error", "error"]


def test_bad_lines_name_their_line_number(lines: list[str]) -> None:
    rows = shapedoku.rate_many(lines)
    n = len(lines)
    assert rows[n - 3]["error"] == f"line {n - 2}: givens have 3 symbols but the puzzle has 81 cells"
    assert rows[n - 1]["error"].startswith(f"line {n}: column 2: given `x`")


def test_columns_are_the_rows_transposed(lines: list[str]) -> None:
    rows = shapedoku.rate_many(lines)
    cols = shapedoku.rate_many(lines, columns=True)
    assert list(cols) == list(shapedoku.RATE_FIELDS)
    assert all(cols[k] == [r[k] for r in rows] for k in cols)
    counted = shapedoku.count_many(lines, columns=True)
    assert len(counted["status"]) == len(lines)


def test_other_variants_and_inputs() -> None:
    six = [shapedoku.generate("6x6", seed=s).givens for s in range(20)]
    rows = shapedoku.count_many(iter(six), variant="6x6")
    assert [r["status"] for r in rows] == ["unique"] * 20
    assert shapedoku.count_many([]) == []
    with pytest.raises(TypeError):
        shapedoku.count_many(six[0])
    with pytest.raises(shapedoku.LoadError):
        shapedoku.rate_many(six, variant="no-such-variant")
