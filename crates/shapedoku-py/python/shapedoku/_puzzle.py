"""Puzzles: loading, solving, explaining, rating, generating and drawing."""

from __future__ import annotations

import os
import random
from typing import List, NamedTuple, Optional, Tuple, Union

from . import _shapedoku as _native
from ._results import Budget, CountResult, Level, Link, Rating, Step, TrueCandidates

PathOrText = Union[str, "os.PathLike[str]"]


class Puzzle:
    """A puzzle of any variant: givens on a geometry of cells and shapes.

    Make one with :func:`load`, :func:`builtin`, :meth:`Puzzle.from_line` or :func:`generate`.
    A puzzle is immutable, safe to share between threads, and picklable (it travels as the TOML
    text it loads from). In Jupyter it shows as its drawing.
    """

    __slots__ = ("_native",)

    def __init__(self, native: _native.NativePuzzle) -> None:
        self._native = native

    @classmethod
    def from_line(cls, line: str, variant: str = "classic") -> "Puzzle":
        """A puzzle from one line of givens in cell order (``.`` or ``0`` for an empty cell;
        whitespace is ignored), or a picture of the canvas with ``#`` where there is no cell.
        ``variant`` is a built-in name (see :func:`variants`) or the path of a variant file.

        Raises :class:`PuzzleError` (with ``column``) for givens that do not fit, and
        :class:`LoadError` for an unknown variant.
        """
        return cls(_native.from_line(line, os.fspath(variant)))

    # What the puzzle is -------------------------------------------------------------------

    @property
    def variant(self) -> str:
        """The variant's name."""
        return self._native.variant

    @property
    def givens(self) -> str:
        """The givens as one line in cell order, ``.`` for an empty cell."""
        return self._native.line

    @property
    def solution(self) -> Optional[str]:
        """The known solution as a line (from the file, or the generator), else None. Use
        :meth:`solve` to compute one."""
        return self._native.solution

    @property
    def symbols(self) -> str:
        """The symbols, in value order."""
        return self._native.symbols

    @property
    def given_count(self) -> int:
        """How many cells are given."""
        return self._native.given_count

    @property
    def cells(self) -> List[str]:
        """Cell names (``r3c7``) in cell order: the order of :attr:`givens` and of solutions."""
        return self._native.cell_names()

    # Solving ------------------------------------------------------------------------------

    def count(self, limit: int = 2, budget: Optional[Budget] = None) -> CountResult:
        """Counts solutions up to ``limit`` (``limit=2`` is the uniqueness test).

        With a :class:`Budget`, the search stops when the budget runs out and the verdict is
        ``Verdict.UNDECIDED``. Releases the GIL while it searches.
        """
        if limit < 1:
            raise ValueError("limit must be at least 1")
        guesses = budget.guesses if budget is not None else None
        return CountResult._from(self._native.count(limit, guesses))

    def solve(self) -> Optional[str]:
        """A solution as a line in cell order, or None when there is none."""
        return self.count(limit=1).solution

    # Explaining and rating ----------------------------------------------------------------

    def hint(self) -> Optional[Step]:
        """The next, simplest logical step, or None when the puzzle is already solved.

        Raises :class:`UnsolvableError` when no step applies because there is no solution.
        """
        d = self._native.hint()
        return None if d is None else Step._from(d)

    def steps(self) -> List[Step]:
        """Every step of a logical solve, simplest technique first, until the grid is full (a
        ``guess`` step when no technique applies). Raises :class:`UnsolvableError` when the
        puzzle has no solution."""
        return [Step._from(d) for d in self._native.steps()]

    def rate(self) -> Rating:
        """The difficulty rating. Raises :class:`UnsolvableError` when there is no solution."""
        return Rating._from(self._native.rate())

    def candidates(
        self, max_solutions: int = 1000, budget: Optional[Budget] = None
    ) -> TrueCandidates:
        """The true candidates, as ``shapedoku candidates`` finds them: per cell, the symbols
        that appear in at least one solution, from at most ``max_solutions`` solutions (a cap
        reached leaves some ``undecided``). ``budget.guesses`` bounds each search. Releases the
        GIL while it works."""
        if max_solutions < 1:
            raise ValueError("max_solutions must be at least 1")
        guesses = budget.guesses if budget else None
        return TrueCandidates._from(self._native.candidates(max_solutions, guesses))

    # Sharing ------------------------------------------------------------------------------

    def export(self, to: str = "fpuzzles") -> Link:
        """The puzzle as a link that opens in f-puzzles (``to="fpuzzles"``) or SudokuPad
        (``to="sudokupad"``), as ``shapedoku export`` writes it: with the title, author and
        rules text of the file's header and the known solution.

        Raises ``ValueError`` for an unknown target, and for a puzzle the app cannot hold
        (several grids, a Tredoku, a ``sequence`` rule, ...) with every part it cannot hold
        named.
        """
        return Link._from(self._native.export(to))

    # Writing and drawing ------------------------------------------------------------------

    def render_svg(
        self, *, solution: bool = False, cell_size: Optional[int] = None, title: Optional[str] = None
    ) -> str:
        """The puzzle drawn as an SVG document. With ``solution=True`` the solution is drawn in
        (the known one, else the first found)."""
        return self._native.render_svg(solution, cell_size, title)

    def _repr_svg_(self) -> str:
        """Jupyter shows a puzzle as its drawing."""
        return self.render_svg()

    def to_toml(self) -> str:
        """A TOML puzzle file that loads back to this puzzle: the text it was read from, or
        ``variant``, ``givens`` and (when known) ``solution``."""
        return self._native.to_toml()

    def __str__(self) -> str:
        return self._native.canvas()

    def __repr__(self) -> str:
        return f"Puzzle(variant={self.variant!r}, givens={self.givens!r})"

    def __reduce__(self):  # type: ignore[no-untyped-def]
        return (Puzzle, (self._native,))


def _looks_like_toml(text: str) -> bool:
    return "\n" in text or "=" in text or text.lstrip().startswith("[")


def load(path_or_toml: PathOrText, *, name: Optional[str] = None) -> Puzzle:
    """Loads a puzzle or variant file, or TOML text.

    A path (``str`` or ``os.PathLike``) is read from disk; a string that is not an existing file
    and looks like TOML (it has a newline, an ``=`` or a ``[``) is read as the text of a file,
    named ``name`` in messages (default ``<string>``); a relative ``variant`` path in it is
    resolved from the current directory. A variant file gives its example puzzle, or an empty
    one.

    Raises :class:`LoadError` listing every problem with its file, line and column, and
    ``FileNotFoundError`` for a missing file.
    """
    if isinstance(path_or_toml, os.PathLike):
        return Puzzle(_native.load_path(os.fspath(path_or_toml)))
    if not isinstance(path_or_toml, str):
        raise TypeError(f"load() takes a path or TOML text, not {type(path_or_toml).__name__}")
    if "\n" not in path_or_toml and os.path.isfile(path_or_toml):
        return Puzzle(_native.load_path(path_or_toml))
    if _looks_like_toml(path_or_toml):
        return Puzzle(_native.load_text(path_or_toml, name or "<string>", os.getcwd()))
    raise FileNotFoundError(f"no such file: {path_or_toml!r}")


def builtin(name: str) -> Puzzle:
    """A built-in variant (with its example givens, if it has any) or built-in puzzle, by name:
    ``classic``, ``samurai``, ``killer``, ... (see :func:`variants`)."""
    return Puzzle(_native.builtin(name))


def variants() -> List[str]:
    """The names of the built-in variants, in listing order."""
    return _native.builtin_names()


def symmetries() -> List[str]:
    """The symmetry names :func:`generate` accepts."""
    return _native.symmetry_names()


class Imported(NamedTuple):
    """What :func:`import_link` read: the ``puzzle`` (its :meth:`Puzzle.to_toml` is the
    commented file ``shapedoku import`` writes), the ``format`` read (``f-puzzles`` or
    ``SudokuPad``), the elements ``left_out`` because they are only drawn, and the elements
    read as rules (``readings``) to check against the puzzle's rules text."""

    puzzle: Puzzle
    format: str
    left_out: Tuple[str, ...]
    readings: Tuple[str, ...]


def import_link(link: str) -> Imported:
    """An f-puzzles or SudokuPad link (or its payload, or f-puzzles JSON) as a puzzle, as
    ``shapedoku import`` reads it. Raises ``ValueError`` saying why a link cannot be imported,
    and :class:`LoadError` if what it describes does not load."""
    native, about = _native.import_link(link)
    return Imported(
        Puzzle(native), about["format"], tuple(about["left_out"]), tuple(about["readings"])
    )


def generate(
    variant: str = "classic",
    *,
    seed: Optional[int] = None,
    symmetry: str = "none",
    difficulty: Union[Level, str, None] = None,
    givens: Optional[int] = None,
    attempts: Optional[int] = None,
    killer: bool = False,
    cage_sizes: Tuple[int, int] = (1, 5),
    pattern: Optional[str] = None,
) -> Puzzle:
    """Generates a puzzle with exactly one solution (its :attr:`Puzzle.solution` is known).

    ``seed`` makes it reproducible: the same seed and arguments give the same puzzle (default:
    a random seed). ``symmetry`` is one of :func:`symmetries` (``none``, ``rotate180``,
    ``mirror``, ``mirror-tb``). ``difficulty`` keeps only puzzles of that :class:`Level`,
    trying fresh grids up to ``attempts`` times. ``givens`` asks for that many givens instead
    of a minimal puzzle. Releases the GIL while it works.

    ``killer=True`` makes a Killer, as ``generate --killer`` does: random cages with their sums
    over the solution, of ``cage_sizes`` (smallest, largest) cells, and no givens unless
    ``givens`` asks for some; the puzzle's :meth:`Puzzle.to_toml` writes the cages.
    ``pattern`` is a starting pattern, as ``generate --pattern`` takes it: in cell order or as
    a picture of the canvas (whitespace ignored), a symbol is a given fixed at that value,
    ``*`` a cell that must be a given, ``.`` a free cell.

    Raises :class:`GenerateError` when no puzzle was found within the attempts, and
    ``ValueError`` for an unknown symmetry or difficulty.
    """
    if seed is None:
        seed = random.SystemRandom().randrange(1 << 63)
    if not 0 <= seed < 1 << 64:
        raise ValueError("seed must be an integer from 0 to 2**64 - 1")
    level = None if difficulty is None else Level(difficulty).value
    return Puzzle(
        _native.generate(
            os.fspath(variant),
            seed,
            symmetry,
            level,
            givens,
            attempts,
            tuple(cage_sizes) if killer else None,
            pattern,
        )
    )
