"""Exceptions: the same problems the command line reports, with file, line and column."""

from __future__ import annotations

from typing import Any, Iterable, NamedTuple, Optional, Union


class Diagnostic(NamedTuple):
    """One problem in a file: where it is and what is wrong."""

    file: str
    """The file: a path, ``builtin:NAME``, or the name given to TOML text."""
    line: Optional[int]
    """1-based line, when known."""
    column: Optional[int]
    """1-based column in characters, when known."""
    message: str
    """What is wrong."""
    help: Optional[str]
    """How to fix it, when there is something useful to say."""

    def __str__(self) -> str:
        where = self.file if self.line is None else f"{self.file}:{self.line}:{self.column}"
        text = f"{where}: {self.message}"
        return text if self.help is None else f"{text} (help: {self.help})"


def _diagnostic(d: Union[Diagnostic, "dict[str, Any]"]) -> Diagnostic:
    if isinstance(d, Diagnostic):
        return d
    return Diagnostic(d["file"], d.get("line"), d.get("column"), d["message"], d.get("help"))


class ShapedokuError(Exception):
    """Base of every shapedoku error.

    ``str(error)`` is the message the command line prints. ``file``, ``line`` and ``column``
    say where the problem is, when it is in a file or a line of givens (else ``None``).
    """

    message: str
    file: Optional[str]
    line: Optional[int]
    column: Optional[int]
    help: Optional[str]
    diagnostics: list[Diagnostic]

    def __init__(
        self,
        message: str,
        file: Optional[str] = None,
        line: Optional[int] = None,
        column: Optional[int] = None,
        help: Optional[str] = None,
        diagnostics: Iterable[Any] = (),
    ) -> None:
        diags = [_diagnostic(d) for d in diagnostics]
        # Every argument goes to args, so the error pickles (Dask and Ray ship errors back).
        super().__init__(message, file, line, column, help, diags)
        self.message = message
        self.file = file
        self.line = line
        self.column = column
        self.help = help
        self.diagnostics = diags

    def __str__(self) -> str:
        return self.message


class LoadError(ShapedokuError, ValueError):
    """A puzzle or variant file (or TOML text) that does not load.

    ``diagnostics`` lists every problem found, in file order; ``file``, ``line``, ``column``
    and ``help`` are those of the first.
    """


class PuzzleError(ShapedokuError, ValueError):
    """Givens that do not fit the variant: wrong length, an unknown symbol, a clash.

    ``column`` is the 1-based position of the offending character in the line, when one is
    to blame.
    """


class UnsolvableError(ShapedokuError):
    """The puzzle has no solution, and what was asked needs one (a hint, the steps, a rating)."""


class GenerateError(ShapedokuError):
    """The generator could not make what was asked within its attempts."""
