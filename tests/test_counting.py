"""Card counting in the simulation: thresholds and running counts compared exactly, in
64-bit integers where the bounds prove it fits, in Python integers otherwise."""

from __future__ import annotations

import json
from fractions import Fraction
from functools import cache

import pytest
from clirun import ok


@cache  # the same simulation is the reference of two cases below: run once
def _frequency(*extra: str) -> float:
    data = json.loads(ok("simulate", "commission-free", "--bet", "banker", "--shoes", "12",
                         "--seed", "3", "--workers", "1", "--play", "count", "--format", "json",
                         *extra))
    return data["bets"][0]["bet_frequency"]


@pytest.mark.parametrize("tiny", ["0.000000000000000001", "1e-24", "-0.000000000000000001"])
def test_a_tiny_threshold_is_compared_exactly(tiny):
    """At 26ed11e a threshold of 10**-18 overflowed int64 and bet on a fraction of the rounds
    it should: no true count lies strictly between 0 and 1/8, so 10**-18 and 10**-6 bet on
    exactly the same rounds. (Issue 18.)"""
    near = "-1/1000000" if tiny.startswith("-") else "1/1000000"
    assert _frequency("--tags", "0=1", "--threshold", tiny) == \
        _frequency("--tags", "0=1", "--threshold", near)


def test_running_counts_compare_exactly_beyond_int64():
    """Running counts compare exactly beyond int64 (issue 18)."""
    import numpy as np

    from exact_odds.simulation.counting import RunningCounts

    counts = RunningCounts([(0,) * 9 + (1000,) * 4], 3)
    counts.running[:, 0] = [10**9, 0, -10**9]
    unseen = np.full((3, 52), 8)
    threshold = Fraction(1, 10**24)
    assert counts.at_least(np.arange(3), threshold, unseen)[:, 0].tolist() == [True, False, False]
    huge = Fraction(10**30)
    assert not counts.at_least(np.arange(3), huge, unseen)[:, 0].any()
