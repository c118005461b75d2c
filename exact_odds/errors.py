"""The errors exact-odds raises for bad input. The command line prints their message on one
line and exits 1; any other exception is a bug and keeps its traceback."""

from __future__ import annotations


class ExactOddsError(Exception):
    """Bad input: a game file, a shoe, a bet, a condition, a pay or a target."""
