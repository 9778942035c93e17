"""docs/scale-out.md: the Dask recipe, run as written on a LocalCluster of 2 worker processes,
gives the same rows as the single-process batch. Also runs docs/python.md's examples."""

from __future__ import annotations

import doctest
import json
import re
from pathlib import Path

import pytest

import shapedoku
from conftest import REPO


def recipe(name: str) -> str:
    """The fenced Python block of docs/scale-out.md whose first line is `# recipe: NAME`."""
    text = (REPO / "docs" / "scale-out.md").read_text(encoding="utf-8")
    for block in re.findall(r"```python\n(.*?)```", text, flags=re.S):
        if block.startswith(f"# recipe: {name}\n"):
            return block
    raise AssertionError(f"docs/scale-out.md has no `# recipe: {name}` block")


def test_python_guide_examples(in_repo: Path) -> None:
    result = doctest.testfile(
        str(REPO / "docs" / "python.md"),
        module_relative=False,
        optionflags=doctest.ELLIPSIS,
        raise_on_error=False,
        verbose=False,
    )
    assert result.attempted > 40
    assert result.failed == 0


def test_dask_recipe_on_a_local_cluster(tmp_path: Path) -> None:
    distributed = pytest.importorskip("dask.distributed")
    # A few thousand distinct puzzles, from easy to extreme, spread over several files.
    lines = [shapedoku.generate(seed=s).givens for s in range(2000)]
    src = tmp_path / "puzzles"
    src.mkdir()
    for i in range(0, len(lines), 250):
        chunk = "\n".join(lines[i : i + 250])
        (src / f"batch-{i // 250:02}.txt").write_text(f"# generated\n{chunk}\n\n", encoding="utf-8")
    dst = tmp_path / "rated"

    # The recipe's code, as the docs show it; as __main__ so Dask ships its functions by value.
    env: dict = {"__name__": "__main__"}
    exec(compile(recipe("dask"), "docs/scale-out.md", "exec"), env)
    with distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
    ) as cluster, distributed.Client(cluster):
        assert len(cluster.workers) == 2
        written = env["rate_folder"](str(src), str(dst))
    assert len(written) == 8  # one output file per input file (one partition each)

    got = [json.loads(l) for f in sorted(dst.glob("*.jsonl")) for l in f.read_text().splitlines()]
    single = shapedoku.rate_many(lines)
    want = [r for r in single if r["status"] == "rated" and r["level"] in env["LEVELS"]]
    assert len(want) > 100, "the sample has puzzles at the levels kept"
    assert sorted(got, key=lambda r: r["puzzle"]) == sorted(want, key=lambda r: r["puzzle"])
