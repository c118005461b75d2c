"""Triggers and what a count wins: one pass of recorded rounds serves every count and every
trigger, since a count is a dot product over the cards seen.

The rounds of a simulation are recorded once (``Rounds``): per round, the cards seen by rank
before it, the cards unseen, and per bet its exact expected value for the unseen cards (a
float for sums, its sign exact) and what one unit returned on the dealt cards. A count's
running count in every round is then ``seen @ tags``; its true count is the running count
per deck unseen (``running * 52 / unseen``), as ``exact-odds simulate`` defines it, and a
trigger ``T`` bets when the true count is at least ``T``, compared exactly:
``running * 52 * q >= p * unseen`` for ``T = p/q``.

Triggers are searched on a grid of ``1/STEPS_PER_UNIT`` in one pass: every round falls in the
bucket ``floor(running * 52 * STEPS_PER_UNIT / unseen)`` (integer division, exact), and a
trigger's expected win is a suffix sum over the buckets.

Every figure here is an estimate from the shoes simulated (each round's expected value is
exact); standard errors are across shoes.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from exact_odds.cards import DECK

#: Triggers are tried every 1/STEPS_PER_UNIT of a true count.
STEPS_PER_UNIT = 10


@dataclass(frozen=True)
class Rounds:
    """The rounds of a simulation, one row each, for one bet.

    ``shoe`` numbers each round's shoe from 0; ``seen`` counts, per rank (``RANKS`` order),
    the cards seen before the round (dealt, or exposed by the burn); ``unseen`` the cards not
    yet seen (in the shoe or burned face down); ``ev`` the bet's exact expected value for
    the unseen cards as a float (``positive``: exactly whether it favours the bettor);
    ``result``: what one unit returned on the dealt cards (0 where the bet had no
    action)."""

    shoes: int
    shoe: np.ndarray  # int64
    seen: np.ndarray  # (rounds, 13) small integers (int16)
    unseen: np.ndarray  # int64
    ev: np.ndarray  # float64
    positive: np.ndarray  # bool
    result: np.ndarray  # float64

    def __len__(self) -> int:
        return len(self.shoe)

    def running_counts(self, tags: tuple[int, ...]) -> np.ndarray:
        """Each round's running count for ``tags`` (one per rank)."""
        counts = np.zeros(len(self.seen), dtype=np.int64)
        for rank, tag in enumerate(tags):  # a column at a time: no copy of the whole table
            if tag:
                counts += tag * self.seen[:, rank].astype(np.int64)
        return counts

    def at_least(self, tags: tuple[int, ...], threshold: Fraction) -> np.ndarray:
        """Whether each round's true count is at least ``threshold``, exactly."""
        running = self.running_counts(tags)
        return np.asarray(running * (len(DECK) * threshold.denominator)
                          >= threshold.numerator * self.unseen)


@dataclass(frozen=True)
class Figures:
    """What betting one unit in some rounds won, over the shoes simulated (estimates)."""

    rounds_per_shoe: float
    bet_frequency: float
    average_edge: float | None
    units_per_100_rounds: float
    units_per_shoe: float
    units_per_shoe_se: float
    sd_per_round: float
    n0: float | None  # rounds until the expected win is one standard deviation

    def share_of(self, other: Figures) -> float | None:
        """This play's win per shoe as a share of ``other``'s (perfect play's)."""
        if other.units_per_shoe <= 0:
            return None
        return self.units_per_shoe / other.units_per_shoe


def figures(rounds: Rounds, bets: np.ndarray) -> Figures:
    """The figures of betting one unit in the rounds where ``bets`` is true."""
    placed = np.asarray(bets, dtype=bool)
    total = len(rounds)
    expected = np.where(placed, rounds.ev, 0.0)
    per_shoe = np.bincount(rounds.shoe, weights=expected, minlength=rounds.shoes)
    units = int(placed.sum())
    won = float(expected.sum())
    mean = won / total if total else 0.0
    # the spread of what one round returns (nothing where no unit is placed), from the
    # dealt cards
    sd = float(np.std(np.where(placed, rounds.result, 0.0))) if total else 0.0
    se = float(np.std(per_shoe, ddof=1)) / math.sqrt(rounds.shoes) if rounds.shoes > 1 else 0.0
    return Figures(
        rounds_per_shoe=total / rounds.shoes if rounds.shoes else 0.0,
        bet_frequency=units / total if total else 0.0,
        average_edge=won / units if units else None,
        units_per_100_rounds=100 * mean,
        units_per_shoe=float(per_shoe.mean()) if rounds.shoes else 0.0,
        units_per_shoe_se=se,
        sd_per_round=sd,
        n0=(sd / mean) ** 2 if mean > 0 else None,
    )


def perfect_play(rounds: Rounds) -> Figures:
    """Computer-perfect play: one unit whenever the exact edge favours the bettor."""
    return figures(rounds, rounds.positive)


def best_trigger(rounds: Rounds, tags: tuple[int, ...]) -> Fraction | None:
    """The true count at or above which betting ``tags``' count wins the most on these
    rounds (a multiple of ``1/STEPS_PER_UNIT``), or None when no trigger wins anything."""
    running = rounds.running_counts(tags)
    scale = len(DECK) * STEPS_PER_UNIT
    buckets = np.floor_divide(running * scale, rounds.unseen)
    if not len(buckets):
        return None
    low = int(buckets.min())
    gains = np.bincount(buckets - low, weights=rounds.ev)
    # the win of betting at every bucket from k up: a suffix sum
    suffix = np.cumsum(gains[::-1])[::-1]
    best = int(np.argmax(suffix))
    if suffix[best] <= 0:
        return None
    return Fraction(low + best, STEPS_PER_UNIT)
