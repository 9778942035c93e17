"""Shared fixtures: the repository root and a few puzzles of known character."""

from __future__ import annotations

from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[3]

# Classic puzzles with one solution each, from easy to ones that need chains and a guess.
CLASSIC = [
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
    "...........6.754..8....69..5.....19....8.27...9......24.7.3......1..8.3..2..57...",
    "1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2.....1",
]


@pytest.fixture
def repo() -> Path:
    return REPO


@pytest.fixture
def in_repo(monkeypatch: pytest.MonkeyPatch) -> Path:
    """Runs the test from the repository root, as the docs' examples assume."""
    monkeypatch.chdir(REPO)
    return REPO
