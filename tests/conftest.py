"""Shared test set-up: make the independent brute-force oracle importable.

pytest runs with ``--import-mode=importlib``, so the tests folder is not on ``sys.path``
by itself; ``import bruteforce`` needs it.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import NoReturn

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


def unavailable(reason: str, *, module: bool = False) -> NoReturn:
    """A test whose tool (the real browser, the real spreadsheet, JupyterLab) is missing
    here: skipped with its reason, but failed in CI (the environment variable ``CI`` set,
    as ``.ci/run`` sets it), where a missing tool is a set-up that tests nothing."""
    if os.environ.get("CI"):
        pytest.fail(f"{reason}; CI is set, so this test must run, not skip", pytrace=False)
    pytest.skip(reason, allow_module_level=module)


def needs(name: str, reason: str, *, module: bool = False):
    """The module ``name`` imported, or the test (``module``: the test file) ``unavailable``:
    skipped, failed in CI."""
    import importlib

    try:
        return importlib.import_module(name)
    except ImportError:
        unavailable(reason, module=module)


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
                                 if name.split(".")[0] in ("exact_odds", "bruteforce", "games_bruteforce",
                                                         "cdf_bruteforce"))]
    for module in modules:
        for value in list(vars(module).values()):
            if callable(getattr(value, "cache_clear", None)) and getattr(
                    value, "__module__", None) == module.__name__:
                value.cache_clear()
    from exact_odds.engine import round

    round._ROUNDED.clear()
    gc.collect()
