"""Shared test set-up: make the independent brute-force oracle importable.

pytest runs with ``--import-mode=importlib``, so the tests folder is not on ``sys.path``
by itself; ``import bruteforce`` needs it.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

TESTS = Path(__file__).resolve().parent
if str(TESTS) not in sys.path:
    sys.path.insert(0, str(TESTS))


@pytest.fixture(params=["played", "wide"])
def engine_path(request, monkeypatch):
    """Run a test through each of the enumerator's two ways of playing the round: hand
    groups paired one by one in Python (``enumerator._played``), and the numpy draw
    (``engine.wide``), whatever the size of the enumeration. Yields (the path's name, the
    sizes of the tables the numpy draw built), so a test can check that it did run."""
    from exact_odds.engine import enumerator, wide

    built: list[int] = []
    monkeypatch.setattr(enumerator, "WIDE_PAIRS", 10**18 if request.param == "played" else 1)
    draw = wide.round_outcomes

    def recorded(round_):
        table = draw(round_)
        if table is not None:
            built.append(len(table))
        return table
    monkeypatch.setattr(wide, "round_outcomes", recorded)
    enumerator._class_counts.cache_clear()
    yield request.param, built
    enumerator._class_counts.cache_clear()
