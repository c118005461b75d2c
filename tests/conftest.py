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


@pytest.fixture(params=["direct", "factored"])
def engine_path(request, monkeypatch):
    """Run a test through each of the enumerator's two ways of counting deal columns: the
    hand groups paired in Python (``direct``), and, wherever the columns allow it, the
    first cards' classes times the rest of the round counted on the coarse classes
    (``factored``, engine/fine.py), whatever the size of the enumeration. Yields the
    path's name."""
    from exact_odds.engine import enumerator

    direct = request.param == "direct"
    monkeypatch.setattr(enumerator, "FACTOR_PAIRS", 10**18 if direct else 0)
    monkeypatch.setattr(enumerator, "COARSE_STARTS", 0 if direct else 10**18)
    enumerator.factored.cache_clear()
    enumerator._class_counts.cache_clear()
    yield request.param
    enumerator.factored.cache_clear()
    enumerator._class_counts.cache_clear()


def first_fast(values):
    """Parameters for ``pytest.mark.parametrize`` with only the first in the fast loop: the
    rest are marked ``slow`` (the same check on more inputs), so ``-m "not slow"`` runs one
    case of each and the whole run runs them all."""
    values = list(values)
    return values[:1] + [pytest.param(*(v if isinstance(v, tuple) else (v,)),
                                      marks=pytest.mark.slow) for v in values[1:]]


@pytest.fixture(autouse=True, scope="module")
def _caches_cleared_after_each_module(request):
    """Each test file leaves its own caches (brute-force rounds, hundreds of MB for some)
    and the engine's empty: a test worker then holds what one file needs, not what every
    file it ran kept."""
    yield
    import gc

    modules = [request.module, *(module for name, module in list(sys.modules.items())
                                 if name.split(".")[0] in ("exact_odds", "bruteforce", "games_bruteforce"))]
    for module in modules:
        for value in list(vars(module).values()):
            if callable(getattr(value, "cache_clear", None)) and getattr(
                    value, "__module__", None) == module.__name__:
                value.cache_clear()
    from exact_odds.engine import enumerator

    enumerator._ROUND_VALUES.clear()
    gc.collect()
