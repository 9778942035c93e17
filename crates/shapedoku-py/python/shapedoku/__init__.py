"""shapedoku: solve, explain, rate, generate and draw Sudoku and its variants from Python.

Classic, X, windoku, jigsaw, Samurai, Killer, toroidal, Tredoku, 4x4 to 25x25: every variant is
cells plus shapes, so every function works on all of them.

>>> import shapedoku
>>> p = shapedoku.Puzzle.from_line(
...     "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")
>>> p.count().verdict
<Verdict.UNIQUE: 'unique'>
>>> p.hint().text()
'r5c5 = 5: naked single, 5 is the only candidate left'

The engine is Rust; long runs release the GIL, and :func:`count_many` / :func:`rate_many` use
every core.
"""

from ._batch import COUNT_FIELDS, RATE_FIELDS, count_many, rate_many
from ._errors import (
    Diagnostic,
    GenerateError,
    LoadError,
    PuzzleError,
    ShapedokuError,
    UnsolvableError,
)
from ._puzzle import Imported, Puzzle, builtin, generate, import_link, load, symmetries, variants
from ._results import (
    Budget,
    Candidate,
    CountResult,
    Level,
    Link,
    Rating,
    Stats,
    Step,
    TrueCandidates,
    Verdict,
)
from ._shapedoku import __version__

__all__ = [
    "Budget",
    "COUNT_FIELDS",
    "Candidate",
    "CountResult",
    "Diagnostic",
    "GenerateError",
    "Imported",
    "Level",
    "Link",
    "LoadError",
    "Puzzle",
    "PuzzleError",
    "RATE_FIELDS",
    "Rating",
    "ShapedokuError",
    "Stats",
    "Step",
    "TrueCandidates",
    "UnsolvableError",
    "Verdict",
    "__version__",
    "builtin",
    "count_many",
    "generate",
    "import_link",
    "load",
    "rate_many",
    "symmetries",
    "variants",
]
