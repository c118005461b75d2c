"""Shared test set-up: make the independent brute-force oracle importable.

pytest runs with ``--import-mode=importlib``, so the tests folder is not on ``sys.path``
by itself; ``import bruteforce`` needs it.
"""

from __future__ import annotations

import sys
from pathlib import Path

TESTS = Path(__file__).resolve().parent
if str(TESTS) not in sys.path:
    sys.path.insert(0, str(TESTS))
