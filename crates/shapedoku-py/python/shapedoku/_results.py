"""Result types: plain, immutable, picklable Python values built from the engine's records."""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from typing import Any, Mapping, NamedTuple, Optional, Tuple


class Verdict(str, enum.Enum):
    """What a solution count proved. Compares equal to its string value."""

    NO_SOLUTION = "no_solution"
    UNIQUE = "unique"
    SEVERAL = "several"
    AT_LEAST_ONE = "at_least_one"
    """A solution was found and uniqueness was not checked (``limit=1``)."""
    UNDECIDED = "undecided"
    """The budget ran out first."""

    def __str__(self) -> str:
        return self.value


class Level(str, enum.Enum):
    """Difficulty levels, easiest first. Compares equal to its string value."""

    EASY = "easy"
    MEDIUM = "medium"
    HARD = "hard"
    EXPERT = "expert"
    EXTREME = "extreme"

    def __str__(self) -> str:
        return self.value


@dataclass(frozen=True)
class Budget:
    """Limits on one search. ``guesses``: stop after this many guesses (the count's verdict is
    then ``Verdict.UNDECIDED`` unless it was already decided)."""

    guesses: Optional[int] = None


@dataclass(frozen=True)
class Stats:
    """Search statistics."""

    nodes: int
    guesses: int


@dataclass(frozen=True)
class CountResult:
    """A solution count: ``verdict``, the ``solutions`` found (lines, in cell order), whether
    the count is ``exact`` (the search space was exhausted), and ``stats``."""

    verdict: Verdict
    solutions: Tuple[str, ...]
    exact: bool
    stats: Stats

    @property
    def solution(self) -> Optional[str]:
        """The first solution found, or None."""
        return self.solutions[0] if self.solutions else None

    @classmethod
    def _from(cls, d: Mapping[str, Any]) -> "CountResult":
        return cls(Verdict(d["verdict"]), tuple(d["solutions"]), d["exact"], Stats(**d["stats"]))


class Candidate(NamedTuple):
    """A symbol in a cell: what a step places or eliminates."""

    cell: int
    """The cell's index in cell order: its position in ``Puzzle.givens`` and in solutions."""
    name: str
    """The cell's name, ``r3c7``."""
    symbol: str
    """The symbol."""

    def __str__(self) -> str:
        return f"{self.name}={self.symbol}"


def _candidates(items: Any) -> Tuple[Candidate, ...]:
    return tuple(Candidate(c["index"], c["cell"], c["symbol"]) for c in items)


@dataclass(frozen=True)
class Step:
    """One logical step.

    ``technique`` is the technique's stable snake_case id (``hidden_single``, ``fish``, ...),
    ``name`` its name for people (``Hidden Single``, ``X-Wing``). ``placements`` and
    ``eliminations`` are what it concludes; ``shapes`` and ``cells`` what it rests on.
    """

    technique: str
    name: str
    placements: Tuple[Candidate, ...]
    eliminations: Tuple[Candidate, ...]
    shapes: Tuple[str, ...]
    cells: Tuple[str, ...]
    _text: str = field(repr=False)
    _compact: str = field(repr=False)
    _why: str = field(default="", repr=False)

    def text(self, style: str = "text") -> str:
        """The step in words. ``style="compact"`` gives the short notation
        (``X-Wing: 3 r58 c68 => r679c6<>3``); ``style="teach"`` the sentence
        followed by why the step works."""
        if style == "text":
            return self._text
        if style == "compact":
            return self._compact
        if style == "teach":
            return f"{self._text}. Why: {self._why}"
        raise ValueError(
            f"unknown style {style!r}: use 'text', 'compact' or 'teach'"
        )

    def __str__(self) -> str:
        return self._text

    @classmethod
    def _from(cls, d: Mapping[str, Any]) -> "Step":
        return cls(
            d["technique"],
            d["name"],
            _candidates(d["placements"]),
            _candidates(d["eliminations"]),
            tuple(d["shapes"]),
            tuple(d["cells"]),
            d["text"],
            d["compact"],
            d.get("why", ""),
        )


@dataclass(frozen=True)
class Rating:
    """A difficulty rating: ``level``, ``score`` (sum of the steps' weights), ``se`` (Sudoku
    Explainer estimate, classic 9x9 only), the ``hardest`` technique used (its id), and how many
    ``steps`` and ``guesses`` the logical solve took."""

    level: Level
    score: int
    se: Optional[float]
    hardest: Optional[str]
    steps: int
    guesses: int

    @classmethod
    def _from(cls, d: Mapping[str, Any]) -> "Rating":
        return cls(
            Level(d["level"]), d["score"], d["se"], d["hardest"], d["steps"], d["guesses"]
        )


@dataclass(frozen=True)
class TrueCandidates:
    """The true candidates of a puzzle: per cell (by name, in cell order), the symbols some
    solution puts there (``possible``), and the symbols a limit left ``undecided``. The result
    is ``complete`` when every candidate is decided; ``capped`` when the solution cap stopped
    the search first. A cell with one possible symbol and nothing undecided is settled."""

    possible: Mapping[str, str]
    undecided: Mapping[str, str]
    complete: bool
    solutions_found: int
    capped: bool

    @classmethod
    def _from(cls, d: Mapping[str, Any]) -> "TrueCandidates":
        cells = d["cells"]
        return cls(
            possible=dict(zip(cells, d["possible"])),
            undecided={c: u for c, u in zip(cells, d["undecided"]) if u},
            complete=d["complete"],
            solutions_found=d["solutions_found"],
            capped=d["capped"],
        )

    def open_cells(self) -> Tuple[str, ...]:
        """The cells whose value is not settled yet, in cell order."""
        return tuple(
            c for c, p in self.possible.items() if len(p) > 1 or c in self.undecided
        )


@dataclass(frozen=True)
class Link:
    """A puzzle exported as a link: the ``link``, its ``target`` app (``fpuzzles`` or
    ``sudokupad``), whether the solution went with it (``with_solution``: SudokuPad then checks
    answers), and ``notes`` the reader should know (as ``shapedoku export`` prints them)."""

    link: str
    target: str
    with_solution: bool
    notes: Tuple[str, ...]

    @classmethod
    def _from(cls, d: Mapping[str, Any]) -> "Link":
        return cls(d["link"], d["target"], d["with_solution"], tuple(d["notes"]))

    def __str__(self) -> str:
        return self.link
