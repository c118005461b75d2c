"""One pass of simulated rounds that every count and every trigger is measured on.

Shoes are dealt exactly as ``exact-odds simulate`` deals them, by the one dealing loop
(``exact_odds.simulation.rounds.deal_rounds``: the game's dealing procedure, every shoe from
its own generator of the seed and its number, each bet's exact expected value for the unseen
cards before every round), in ranges on local cores or on Dask; each round is recorded: the
cards seen so far by rank, the cards unseen, each bet's expected value and whether it
favours the bettor, and what one unit returned on the dealt cards (settled by the one
settlement, ``Bet.settle``; a late bet not offered has no action, and its expected value
already counts those rounds as nothing won or lost).

A count is a dot product over the cards seen, so these records serve every count and every
trigger (``exact_odds.countability.triggers``) without dealing again. A range's records are
summarised where they are dealt (``measure_range``: the histograms that triggers are found
from, and what each play wins shoe by shoe), so memory holds one range of rounds at a time;
the rounds themselves are returned only when asked (``Measures.keep``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING

import numpy as np

from exact_odds.cards import DECK, RANKS
from exact_odds.countability.triggers import (
    Histogram,
    Played,
    Rounds,
    at_least,
    most_seen,
    running_counts,
    true_count_buckets,
)
from exact_odds.games.settlement import settler
from exact_odds.simulation.rounds import deal_rounds

if TYPE_CHECKING:
    from exact_odds.analysis.job import Job
    from exact_odds.batch.result import BatchResult
    from exact_odds.simulation.dealing import DealtRounds

#: What a fork server imports for this module's workers besides it: the compiled kernel,
#: ready (``exact_odds.running.pool``).
PRELOAD = ("exact_odds.batch.loaded",)

#: Each card index's rank index (A=0 ... K=12), and 13 for the padding index 52.
_RANK_OF = np.array([RANKS.index(card[0]) for card in DECK] + [len(RANKS)], dtype=np.int64)


@dataclass(frozen=True)
class RecordedRange:
    """A range of shoes' rounds, one row each; per bet its columns (``Rounds``)."""

    first: int
    count: int
    shoe: np.ndarray
    seen: np.ndarray
    unseen: np.ndarray
    ev: dict[str, np.ndarray]
    positive: dict[str, np.ndarray]
    result: dict[str, np.ndarray]


def record_rounds(job: Job, first: int, count: int, settle: bool = True) -> RecordedRange:
    """Deal shoes ``first`` to ``first + count - 1`` and record every round; ``settle``:
    what one unit returned on the dealt cards, too (0 otherwise: the search for triggers
    reads only the expected values)."""
    recorder = _Recorder(job, first, count, settle)
    deal_rounds(job, first, count, recorder)
    return recorder.recorded()


class _Recorder:
    """The rounds of a range of shoes recorded (``simulation.rounds.RoundConsumer``): before
    each round the cards seen by rank, the cards unseen and each bet's exact expected value;
    after it what one unit returned."""

    def __init__(self, job: Job, first: int, count: int, settle: bool) -> None:
        self.job, self.first, self.count, self.settle = job, first, count, settle
        self.settlers = {b: settler(job.game.bet(b), job.values, job.game.rules.round)
                         for b in job.bet_ids}
        self.seen = np.zeros((count, len(RANKS) + 1), dtype=np.int64)  # last column: no card
        self.parts: dict[str, list[np.ndarray]] = {"shoe": [], "seen": [], "unseen": []}
        for bet_id in job.bet_ids:
            for name in ("ev", "positive", "result"):
                self.parts[f"{name}:{bet_id}"] = []

    def burned(self, exposed: np.ndarray | None) -> None:
        if exposed is not None:
            np.add.at(self.seen, (np.arange(self.count), _RANK_OF[exposed]), 1)

    def before(self, rows: np.ndarray, unseen: np.ndarray, values: BatchResult) -> None:
        parts = self.parts
        parts["shoe"].append(self.first + rows)
        parts["seen"].append(self.seen[rows, :len(RANKS)])  # a copy: rows index it
        parts["unseen"].append(unseen.sum(axis=1))
        for bet_id in self.job.bet_ids:
            numerators, denominators = values.numerators[bet_id], values.denominators[bet_id]
            parts[f"ev:{bet_id}"].append(_floats(numerators, denominators))
            parts[f"positive:{bet_id}"].append(np.asarray(numerators > 0, dtype=bool))

    def after(self, rows: np.ndarray, dealt: DealtRounds) -> None:
        for bet_id, settles in self.settlers.items():
            if not self.settle:
                self.parts[f"result:{bet_id}"].append(np.zeros(len(rows)))
                continue
            nets, which = settles.dealt_nets(dealt.cards, dealt.hands)
            self.parts[f"result:{bet_id}"].append(np.array(  # as float(net), without its detour
                [0.0 if net is None else net.numerator / net.denominator for net in nets])[which])
        np.add.at(self.seen, (np.repeat(rows, dealt.cards.shape[1]),
                              _RANK_OF[dealt.cards].ravel()), 1)

    def recorded(self) -> RecordedRange:
        parts, bet_ids = self.parts, self.job.bet_ids

        def joined(name: str, dtype: type) -> np.ndarray:
            pieces = parts[name]
            return np.concatenate(pieces) if pieces else np.zeros(0, dtype=dtype)

        return RecordedRange(
            self.first, self.count, joined("shoe", np.int64),
            # column by column (Fortran order): a count reads one column per rank, each whole
            np.concatenate(parts["seen"], out=np.empty(
                (sum(map(len, parts["seen"])), len(RANKS)), dtype=np.int64, order="F"))
            if parts["seen"] else np.zeros((0, len(RANKS)), np.int64),
            joined("unseen", np.int64),
            {b: joined(f"ev:{b}", np.float64) for b in bet_ids},
            {b: joined(f"positive:{b}", np.bool_) for b in bet_ids},
            {b: joined(f"result:{b}", np.float64) for b in bet_ids})


def _floats(numerators: np.ndarray, denominators: np.ndarray) -> np.ndarray:
    """Exact fractions as floats, for sums and plots (each value exact before this)."""
    if numerators.dtype == np.int64 and denominators.dtype == np.int64:
        return numerators.astype(np.float64) / denominators.astype(np.float64)
    return np.array([int(n) / int(d) for n, d in zip(numerators, denominators)],
                    dtype=np.float64)


def bet_rounds(ranges: Sequence[RecordedRange], bet_id: str, shoes: int, first: int
               ) -> Rounds:
    """One bet's rounds of every range, shoe by shoe and round by round (whatever ranges
    the shoes were dealt in, so that every sum is the same on one core, many or Dask),
    shoes numbered from 0."""
    shoe = np.concatenate([r.shoe for r in ranges])
    order = np.argsort(shoe, kind="stable")  # within a range, rounds come in dealing order
    return Rounds(
        shoes=shoes,
        shoe=shoe[order] - first,
        seen=np.concatenate([r.seen for r in ranges])[order],
        unseen=np.concatenate([r.unseen for r in ranges])[order],
        ev=np.concatenate([r.ev[bet_id] for r in ranges])[order],
        positive=np.concatenate([r.positive[bet_id] for r in ranges])[order],
        result=np.concatenate([r.result[bet_id] for r in ranges])[order])


@dataclass(frozen=True)
class Measures:
    """What to summarise from each range of a job's shoes of a stream (shoes numbered from
    ``first``): per ``searches`` entry (bet, played tags) the histogram its best trigger is
    read from; per ``plays`` entry (bet, played tags, trigger, factor) what betting at that
    true count wins (``factor`` turns the played tags' true count into the count's own, for
    the table by true count); per bet what perfect play wins; and with ``keep`` the rounds."""

    job: Job
    first: int
    searches: tuple[tuple[str, tuple[int, ...]], ...] = ()
    plays: tuple[tuple[str, tuple[int, ...], Fraction | None, Fraction], ...] = ()
    perfect: bool = False
    keep: bool = False


@dataclass(frozen=True)
class RangeSummary:
    """A range's summaries, in the order of ``Measures``; ``rounds`` when kept; the rounds
    it dealt (``rounds_dealt``: shoe by shoe, summed)."""

    first: int
    histograms: tuple[Histogram, ...]
    plays: tuple[Played, ...]
    perfect: dict[str, Played]
    rounds: RecordedRange | None
    rounds_dealt: int = 0


def measure_range(measures: Measures, first: int, count: int) -> RangeSummary:
    """Deal and record shoes ``first`` to ``first + count - 1`` and summarise them."""
    recorded = record_rounds(measures.job, first, count,
                             settle=bool(measures.plays) or measures.perfect or measures.keep)
    shoe = recorded.shoe - first
    running: dict[tuple[int, ...], np.ndarray] = {}
    cards = most_seen(recorded.seen)

    def counted(tags: tuple[int, ...]) -> np.ndarray:
        if tags not in running:
            running[tags] = running_counts(recorded.seen, tags, cards)
        return running[tags]

    histograms = tuple(Histogram.of(counted(tags), recorded.unseen, recorded.ev[bet])
                       for bet, tags in measures.searches)
    plays = []
    for bet, tags, trigger, factor in measures.plays:
        values = counted(tags)
        placed = (at_least(values, recorded.unseen, trigger) if trigger is not None
                  else np.zeros(len(values), dtype=bool))
        whole = true_count_buckets(values, recorded.unseen, 1, factor)
        plays.append(Played.of(shoe, count, recorded.ev[bet], recorded.result[bet], placed,
                               whole))
    perfect = ({bet: Played.of(shoe, count, recorded.ev[bet], recorded.result[bet],
                               recorded.positive[bet]) for bet in measures.job.bet_ids}
               if measures.perfect else {})
    return RangeSummary(first, histograms, tuple(plays), perfect,
                        recorded if measures.keep else None, len(recorded.shoe))
