"""Batches: many puzzle lines at once, on all cores, without holding the GIL."""

from __future__ import annotations

import os
from typing import Any, Dict, Iterable, List, Literal, Optional, Union, overload

from . import _shapedoku as _native
from ._results import Budget

Row = Dict[str, Any]
Columns = Dict[str, List[Any]]

COUNT_FIELDS = ("puzzle", "status", "solutions", "exact", "nodes", "guesses", "error")
"""The keys of every :func:`count_many` row, in order."""
RATE_FIELDS = (
    "puzzle", "status", "level", "score", "se", "hardest", "steps", "guesses", "error",
)
"""The keys of every :func:`rate_many` row, in order."""


def _columns(rows: List[Row], fields: Iterable[str]) -> Columns:
    return {f: [r[f] for r in rows] for f in fields}


def _lines(lines: Iterable[str]) -> List[str]:
    if isinstance(lines, str):
        raise TypeError("pass a list of puzzle lines, not one string (use str.splitlines())")
    return [line.strip() for line in lines]


@overload
def count_many(lines: Iterable[str], variant: str = ..., *, limit: int = ...,
               budget: Optional[Budget] = ..., threads: Optional[int] = ...,
               columns: Literal[False] = ...) -> List[Row]: ...
@overload
def count_many(lines: Iterable[str], variant: str = ..., *, limit: int = ...,
               budget: Optional[Budget] = ..., threads: Optional[int] = ...,
               columns: Literal[True]) -> Columns: ...
def count_many(
    lines: Iterable[str],
    variant: str = "classic",
    *,
    limit: int = 2,
    budget: Optional[Budget] = None,
    threads: Optional[int] = None,
    columns: bool = False,
) -> Union[List[Row], Columns]:
    """Counts the solutions of many puzzle lines of one variant, on ``threads`` threads (all
    cores by default), releasing the GIL.

    Returns one dict per line, in order, with the keys :data:`COUNT_FIELDS`: the line
    (``puzzle``), ``status`` (a :class:`Verdict` value, or ``"error"`` for a line that is not a
    puzzle), ``solutions`` (lines), ``exact``, ``nodes``, ``guesses`` and ``error`` (the reason,
    with the 1-based line number, for an ``"error"`` row; else None). A bad line never stops
    the batch. With ``columns=True`` the same data comes as one list per key (a dict of
    columns, ready for ``pyarrow.table`` or ``pandas.DataFrame``).

    Each row equals what :meth:`Puzzle.count` gives for that line.
    """
    if limit < 1:
        raise ValueError("limit must be at least 1")
    guesses = budget.guesses if budget is not None else None
    rows = _native.count_many(_lines(lines), os.fspath(variant), limit, guesses, threads)
    return _columns(rows, COUNT_FIELDS) if columns else rows


@overload
def rate_many(lines: Iterable[str], variant: str = ..., *, threads: Optional[int] = ...,
              columns: Literal[False] = ...) -> List[Row]: ...
@overload
def rate_many(lines: Iterable[str], variant: str = ..., *, threads: Optional[int] = ...,
              columns: Literal[True]) -> Columns: ...
def rate_many(
    lines: Iterable[str],
    variant: str = "classic",
    *,
    threads: Optional[int] = None,
    columns: bool = False,
) -> Union[List[Row], Columns]:
    """Rates many puzzle lines of one variant, on ``threads`` threads (all cores by default),
    releasing the GIL.

    Returns one dict per line, in order, with the keys :data:`RATE_FIELDS`: the line
    (``puzzle``), ``status`` (``"rated"``, ``"unsolvable"`` or ``"error"``), the rating's
    ``level``, ``score``, ``se``, ``hardest``, ``steps`` and ``guesses`` (None unless rated),
    and ``error``. With ``columns=True``, a dict of columns.

    Each rated row equals what :meth:`Puzzle.rate` gives for that line.
    """
    rows = _native.rate_many(_lines(lines), os.fspath(variant), threads)
    return _columns(rows, RATE_FIELDS) if columns else rows
