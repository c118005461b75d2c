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
trigger's expected win is a suffix sum over the buckets (``Histogram``). A stream of shoes is
summarised range by range as it is dealt (``Histogram`` to find triggers, ``Played`` to
measure a play), so no more than a range of rounds is held at once.

Every figure here is an estimate from the shoes simulated (each round's expected value is
exact); standard errors are across shoes.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from fractions import Fraction

import numpy as np

from exact_odds.batch.sums import FLOAT_EXACT
from exact_odds.cards import DECK

#: Triggers are tried every 1/STEPS_PER_UNIT of a true count.
STEPS_PER_UNIT = 10


#: The first integer beyond int64: products at or past it are taken in Python integers.
_INT64 = 2**63


@dataclass(frozen=True)
class Rounds:
    """The rounds of a simulation, one row each, for one bet.

    ``shoe`` numbers each round's shoe from 0; ``seen`` counts, per rank (``RANKS`` order),
    the cards seen before the round (dealt, or exposed by the burn); ``unseen`` the cards not
    yet seen (in the shoe or burned face down); ``ev`` the bet's exact expected value for
    the unseen cards as a float (``positive``: exactly whether it favours the bettor);
    ``result``: what one unit returned on the dealt cards (0 where the bet had no
    action). Counts of cards are int64: a shoe holds far fewer than 2**63 cards."""

    shoes: int
    shoe: np.ndarray  # int64
    seen: np.ndarray  # (rounds, 13) int64
    unseen: np.ndarray  # int64
    ev: np.ndarray  # float64
    positive: np.ndarray  # bool
    result: np.ndarray  # float64

    def __len__(self) -> int:
        return len(self.shoe)

    def running_counts(self, tags: tuple[int, ...]) -> np.ndarray:
        """Each round's running count for ``tags`` (one per rank)."""
        return running_counts(self.seen, tags)

    def at_least(self, tags: tuple[int, ...], threshold: Fraction) -> np.ndarray:
        """Whether each round's true count is at least ``threshold``, exactly."""
        return at_least(self.running_counts(tags), self.unseen, threshold)


def running_counts(seen: np.ndarray, tags: tuple[int, ...], cards: int | None = None
                   ) -> np.ndarray:
    """Each row's running count, ``seen @ tags``: int64 where the largest possible total
    (every card seen times the largest tag) fits, Python integers otherwise. ``cards``: the
    most cards a row has seen, where the caller knows it (summed from ``seen`` otherwise)."""
    largest = max(map(abs, tags), default=0)
    if cards is None:
        cards = most_seen(seen)
    if largest * cards < _INT64:
        counts = np.zeros(len(seen), dtype=np.int64)
        scaled = np.empty(len(seen), dtype=np.int64)
        for rank, tag in enumerate(tags):  # a column at a time: no copy of the whole table
            if tag in (1, -1):
                (np.add if tag == 1 else np.subtract)(counts, seen[:, rank], out=counts)
            elif tag:
                np.multiply(seen[:, rank], tag, out=scaled)
                counts += scaled
        return counts
    return np.asarray(seen.astype(object) @ np.array(tags, dtype=object))


def most_seen(seen: np.ndarray) -> int:
    """The most cards a row of ``seen`` (cards seen by rank) has seen."""
    return int(seen.sum(axis=1).max(initial=0))


def _scaled_floor(running: np.ndarray, numerator: int, denominator: np.ndarray) -> np.ndarray:
    """``floor(running * numerator / denominator)`` exactly (``denominator`` > 0).

    Where ``|running * numerator|`` and ``denominator`` are below ``FLOAT_EXACT``, in
    float64, several times faster than an integer division: both are exact there, and the
    quotient rounded once is floored right. Where it is an integer ``k``, it is exact;
    otherwise it lies at least ``1/denominator`` from each integer, while rounding moves it
    by at most ``|quotient| * 2**-53 < 1/denominator``."""
    top = int(np.abs(running).max(initial=0)) * abs(numerator) if len(running) else 0
    if top < _INT64 and running.dtype != object:
        if top < FLOAT_EXACT and int(denominator.max(initial=0)) < FLOAT_EXACT:
            quotient = (running * numerator).astype(np.float64)
            quotient /= denominator
            return np.floor(quotient, out=quotient).astype(np.int64)
        floored: np.ndarray = np.floor_divide(running * numerator, denominator)
        return floored
    exact = (running.astype(object) * numerator) // denominator.astype(object)
    return np.array([int(v) for v in exact], dtype=object)


def at_least(running: np.ndarray, unseen: np.ndarray, threshold: Fraction) -> np.ndarray:
    """Whether each true count (running count per deck unseen) is at least ``threshold``,
    exactly: ``running * 52 * q >= p * unseen`` for ``threshold = p/q``."""
    p, q = threshold.numerator, threshold.denominator
    left_top = (int(np.abs(running).max(initial=0)) if len(running) else 0) * len(DECK) * q
    right_top = abs(p) * (int(unseen.max(initial=0)) if len(unseen) else 0)
    if max(left_top, right_top) < _INT64 and running.dtype != object:
        return np.asarray(running * (len(DECK) * q) >= p * unseen)
    return np.array([int(r) * len(DECK) * q >= p * int(u) for r, u in zip(running, unseen)],
                    dtype=bool)


def true_count_buckets(running: np.ndarray, unseen: np.ndarray, steps: int,
                       factor: Fraction = Fraction(1)) -> np.ndarray:
    """Each row's true count times ``factor``, in steps of ``1/steps``, rounded down:
    ``floor(running * 52 * steps * factor / unseen)``, exactly."""
    scale = len(DECK) * steps * factor
    buckets = _scaled_floor(running, scale.numerator, unseen * scale.denominator)
    if buckets.dtype == object:
        low, high = min(buckets, default=0), max(buckets, default=0)
        if low >= -_INT64 and high < _INT64:
            return buckets.astype(np.int64)
        raise ValueError("a true count beyond 2**63 steps")  # not reached: tags are bounded
    return buckets


@dataclass(frozen=True)
class Histogram:
    """What a bet's expected value sums to in each step of a true count, from ``low`` up:
    the summary of a stream that the best trigger is read from."""

    low: int
    gains: np.ndarray  # float64, one per step from low

    @staticmethod
    def of(running: np.ndarray, unseen: np.ndarray, ev: np.ndarray) -> Histogram:
        buckets = true_count_buckets(running, unseen, STEPS_PER_UNIT)
        if not len(buckets):
            return Histogram(0, np.zeros(0))
        low = int(buckets.min())
        return Histogram(low, np.bincount(buckets - low, weights=ev))

    def __add__(self, other: Histogram) -> Histogram:
        if not len(other.gains):
            return self
        if not len(self.gains):
            return other
        low = min(self.low, other.low)
        size = max(self.low + len(self.gains), other.low + len(other.gains)) - low
        gains = np.zeros(size)
        gains[self.low - low:self.low - low + len(self.gains)] += self.gains
        gains[other.low - low:other.low - low + len(other.gains)] += other.gains
        return Histogram(low, gains)

    def best(self) -> tuple[Fraction | None, float]:
        """The trigger (a multiple of ``1/STEPS_PER_UNIT``) at or above which betting wins
        the most, and what it wins in all; (None, 0.0) when no trigger wins anything."""
        if not len(self.gains):
            return None, 0.0
        suffix = np.cumsum(self.gains[::-1])[::-1]  # betting at every step from k up
        best = int(np.argmax(suffix))
        if suffix[best] <= 0:
            return None, 0.0
        return Fraction(self.low + best, STEPS_PER_UNIT), float(suffix[best])


@dataclass(frozen=True)
class Played:
    """What betting one unit in some rounds won, summarised: per shoe (``first`` on), the
    rounds, the units placed, the expected values and results summed, and the rounds and
    expected value by whole true count (``by_true_count``: from ``low``). Summaries of
    ranges of shoes add up (``+``) in the order of the shoes."""

    per_shoe: np.ndarray  # float64: the expected value won in each shoe
    rounds: int
    placed: int
    won: float
    result_sum: float
    result_squares: float
    low: int = 0
    tc_rounds: np.ndarray = field(default_factory=lambda: np.zeros(0, dtype=np.int64))
    tc_ev: np.ndarray = field(default_factory=lambda: np.zeros(0))

    @staticmethod
    def of(shoe: np.ndarray, shoes: int, ev: np.ndarray, result: np.ndarray,
           placed: np.ndarray, whole: np.ndarray | None = None) -> Played:
        """The summary of betting the rounds where ``placed`` (``shoe``: each round's shoe
        from 0 of ``shoes``); ``whole``: each round's whole true count, for the table of
        expected value by true count."""
        bet = np.asarray(placed, dtype=bool)
        expected = np.where(bet, ev, 0.0)
        returned = np.where(bet, result, 0.0)
        per_shoe = np.bincount(shoe, weights=expected, minlength=shoes)
        low = 0
        tc_rounds: np.ndarray = np.zeros(0, dtype=np.int64)
        tc_ev: np.ndarray = np.zeros(0)
        if whole is not None and len(whole):
            low = int(whole.min())
            tc_rounds = np.bincount(whole - low)
            tc_ev = np.bincount(whole - low, weights=ev)
        return Played(per_shoe, len(shoe), int(bet.sum()), float(expected.sum()),
                      float(returned.sum()), float((returned * returned).sum()), low,
                      tc_rounds, tc_ev)

    def __add__(self, other: Played) -> Played:
        low, tc_rounds, tc_ev = self.low, self.tc_rounds, self.tc_ev
        if len(other.tc_rounds):
            joined_r = Histogram(self.low, self.tc_rounds.astype(np.float64)) + Histogram(
                other.low, other.tc_rounds.astype(np.float64))
            joined_e = Histogram(self.low, self.tc_ev) + Histogram(other.low, other.tc_ev)
            low, tc_rounds, tc_ev = joined_r.low, joined_r.gains.astype(np.int64), joined_e.gains
        return Played(np.concatenate([self.per_shoe, other.per_shoe]),
                      self.rounds + other.rounds, self.placed + other.placed,
                      self.won + other.won, self.result_sum + other.result_sum,
                      self.result_squares + other.result_squares, low, tc_rounds, tc_ev)

    def figures(self) -> Figures:
        shoes = len(self.per_shoe)
        total = self.rounds
        mean = self.won / total if total else 0.0
        spread = (self.result_squares / total - (self.result_sum / total) ** 2) if total else 0.0
        sd = math.sqrt(max(spread, 0.0))
        se = (float(np.std(self.per_shoe, ddof=1)) / math.sqrt(shoes)
              if shoes >= MIN_SHOES else None)
        return Figures(
            rounds_per_shoe=total / shoes if shoes else 0.0,
            bet_frequency=self.placed / total if total else 0.0,
            average_edge=self.won / self.placed if self.placed else None,
            units_per_100_rounds=100 * mean,
            units_per_shoe=float(self.per_shoe.mean()) if shoes else 0.0,
            units_per_shoe_se=se,
            sd_per_round=sd,
            n0=(sd / mean) ** 2 if mean > 0 else None)

    def by_true_count(self, least: int) -> tuple[tuple[int, int, float], ...]:
        """(whole true count, rounds, mean expected value) where at least ``least`` rounds
        fell."""
        return tuple((self.low + i, int(n), float(self.tc_ev[i] / n))
                     for i, n in enumerate(self.tc_rounds) if n >= least)


#: The fewest shoes a standard error is taken from (fewer: no standard error, no verdict).
MIN_SHOES = 30


@dataclass(frozen=True)
class Figures:
    """What betting one unit in some rounds won, over the shoes simulated (estimates;
    ``units_per_shoe_se`` is None from fewer than ``MIN_SHOES`` shoes)."""

    rounds_per_shoe: float
    bet_frequency: float
    average_edge: float | None
    units_per_100_rounds: float
    units_per_shoe: float
    units_per_shoe_se: float | None
    sd_per_round: float
    n0: float | None  # rounds until the expected win is one standard deviation

    def share_of(self, other: Figures) -> float | None:
        """This play's win per shoe as a share of ``other``'s (perfect play's)."""
        if other.units_per_shoe <= 0:
            return None
        return self.units_per_shoe / other.units_per_shoe

    @property
    def measurable(self) -> bool:
        """Whether the win per shoe exceeds ``SIGNIFICANT`` standard errors."""
        se = self.units_per_shoe_se
        return se is not None and self.units_per_shoe > SIGNIFICANT * se


#: A win is measurable when it exceeds this many standard errors.
SIGNIFICANT = 2


def figures(rounds: Rounds, bets: np.ndarray) -> Figures:
    """The figures of betting one unit in the rounds where ``bets`` is true."""
    return Played.of(rounds.shoe, rounds.shoes, rounds.ev, rounds.result, bets).figures()


def perfect_play(rounds: Rounds) -> Figures:
    """Computer-perfect play: one unit whenever the exact edge favours the bettor."""
    return figures(rounds, rounds.positive)


def best_trigger(rounds: Rounds, tags: tuple[int, ...]) -> Fraction | None:
    """The true count at or above which betting ``tags``' count wins the most on these
    rounds (a multiple of ``1/STEPS_PER_UNIT``), or None when no trigger wins anything."""
    return Histogram.of(rounds.running_counts(tags), rounds.unseen, rounds.ev).best()[0]
