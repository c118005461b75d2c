"""The one dealing loop: shoes dealt round by round, each round handed to its consumer.

``deal_rounds`` deals a range of a job's shoes (``ShoesInPlay``: shuffled from the seed and
each shoe's number, burned, dealt by the drawing rules) and, before every round, values
every bet for the cards each shoe has not shown (one ``BatchEvaluator.evaluate`` call for
every shoe still in play); a consumer is told the burn, each round before it is dealt (the
unseen cards and the exact values) and after (the cards dealt). Perfect play, a count and
flat betting (``play``) and a countability study's recorded rounds
(``exact_odds.countability.recorded``) are its consumers.

``deal_in_ranges`` runs a job's ranges of shoes where they are asked to run
(``exact_odds.running``), telling ``progress(rounds dealt, rounds expected)``: the rounds of
the ranges done and, within a range dealt in this process, the rounds its heartbeat tells.
"""

from __future__ import annotations

import math
import os
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Protocol, TypeVar

import numpy as np

from exact_odds.batch.evaluator import job_evaluator
from exact_odds.running.heartbeat import beat
from exact_odds.simulation.dealing import ShoesInPlay

if TYPE_CHECKING:
    from exact_odds.analysis.job import Job
    from exact_odds.batch.evaluator import BatchEvaluator
    from exact_odds.batch.result import BatchResult
    from exact_odds.running.heartbeat import Progress
    from exact_odds.running.ranges import Where, Work
    from exact_odds.simulation.dealing import DealtRounds

P = TypeVar("P")
T = TypeVar("T")

#: The most shoes played together in one range (one evaluation call per round covers them).
MOST_SHOES_PER_RANGE = 2000
#: The most cards dealt together in one range (every shoe's shuffled cards are held at once).
MOST_CARDS_PER_RANGE = 4_000_000


class RoundConsumer(Protocol):
    """What is done with the rounds of a range of shoes (``deal_rounds``); ``rows`` are the
    shoes of the range still in play, by their place in it."""

    def burned(self, exposed: np.ndarray | None) -> None:
        """The burn is done: the card each shoe exposed (seen), if the burn exposes one."""

    def before(self, rows: np.ndarray, unseen: np.ndarray, values: BatchResult) -> None:
        """A round is about to be dealt to ``rows``: the cards each has not shown, and
        every bet's exact expected value for them."""

    def after(self, rows: np.ndarray, dealt: DealtRounds) -> None:
        """The round is dealt: its cards."""


def deal_rounds(job: Job, first: int, count: int, consumer: RoundConsumer) -> ShoesInPlay:
    """Deal shoes ``first`` to ``first + count - 1`` of the job, every round handed to the
    consumer; returns the shoes as dealt (their rounds, ``ShoesInPlay.rounds``)."""
    if job.seed is None:
        raise ValueError("a job's shoes are dealt from its seed: game_job(..., dealt=True)")
    evaluator = job_evaluator(job)
    shoes = ShoesInPlay(job.shoe.counts, job.dealing, job.rules, job.seed, first, count)
    consumer.burned(shoes.burn())
    while len(rows := shoes.active_rows()):
        unseen = shoes.unseen[rows]
        values = evaluate_unseen(evaluator, unseen)
        consumer.before(rows, unseen, values)
        # where a side decides by the cards unseen (optimal play), each shoe's own decisions
        consumer.after(rows, shoes.deal_round(rows, values.decisions))
        beat(len(rows))
    return shoes


def evaluate_unseen(evaluator: BatchEvaluator, unseen: np.ndarray) -> BatchResult:
    """Every bet's exact expected value for each row of ``unseen``; when every row is the
    same shoe (a full shoe, reshuffled every round), it is evaluated once."""
    from exact_odds.batch.result import BatchResult

    if len(unseen) < 2 or not (unseen == unseen[0]).all():
        return evaluator.evaluate(unseen)
    result = evaluator.evaluate(unseen[:1])
    same = np.zeros(len(unseen), dtype=np.int64)
    return BatchResult(result.bet_ids,
                       {b: result.numerators[b][same] for b in result.bet_ids},
                       {b: result.denominators[b][same] for b in result.bet_ids},
                       None if result.decisions is None else {
                           state: taken[same] for state, taken in result.decisions.items()})


def shoe_ranges(shoes: int, workers: int | None, first: int = 0, *,
                cards: int = 0) -> list[tuple[int, int]]:
    """Shoes ``first`` to ``first + shoes - 1`` in ranges ``(first, count)``: a few per
    worker (every core when ``workers`` is None), none over ``MOST_SHOES_PER_RANGE`` nor,
    for shoes of ``cards`` cards, over ``MOST_CARDS_PER_RANGE`` cards."""
    most = MOST_SHOES_PER_RANGE
    if cards:
        most = max(1, min(most, MOST_CARDS_PER_RANGE // cards))
    size = max(1, min(most, math.ceil(shoes / (4 * (workers or os.cpu_count() or 1)))))
    return [(start, min(size, first + shoes - start))
            for start in range(first, first + shoes, size)]


class RoundsTold:
    """Progress in rounds dealt (``progress(done, total)``, ``total`` the rounds expected,
    an estimate before the work): the rounds of the ranges done, and those the heartbeat
    tells of a range dealt in this process meanwhile; never past ``total`` until the end."""

    def __init__(self, progress: Progress | None, total: int) -> None:
        self.progress = progress
        self.total = max(total, 1)
        self.done = 0
        self.beaten = 0

    def beats(self, rounds: int) -> None:
        """``rounds`` more rounds dealt in this process, by a range not yet done."""
        self.beaten += rounds
        self._tell(min(self.done + self.beaten, self.total - 1))

    def range_done(self, rounds: int) -> None:
        """A range is done: its ``rounds`` (those beaten for it already counted again)."""
        self.done += rounds
        self.beaten = 0
        self._tell(min(self.done, self.total - 1))

    def finished(self) -> None:
        """Every range is done: the rounds dealt, of as many."""
        self._tell(max(self.done, self.total), max(self.done, self.total))

    def _tell(self, done: int, total: int | None = None) -> None:
        if self.progress is not None:
            self.progress(done, self.total if total is None else total)


def deal_in_ranges(work: Work[P, int, T], plan: P, ranges: Sequence[tuple[int, int]],
                   place: Where, rounds_of: Callable[[T], int], told: RoundsTold,
                   handle: Callable[[int, T], None]) -> None:
    """``running.pool.run_ranges`` for a job's ranges of shoes: ``handle(range index,
    result)`` as each range is done, ``told`` the rounds of each (``rounds_of`` its
    result) and those a range dealt in this process beats meanwhile."""
    from exact_odds.running.heartbeat import listening
    from exact_odds.running.pool import run_ranges

    with listening(told.beats):
        for index, result in run_ranges(work, plan, ranges, place):
            told.range_done(rounds_of(result))
            handle(index, result)
