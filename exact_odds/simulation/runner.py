"""Running a simulation: shoes split into ranges, played on local cores or on Dask.

``simulate`` checks every input first (the game's in one ``Job``: ``analysis.job``; the play;
where it runs: ``running.ranges.where``), estimates what the run costs, then splits the shoes
into ranges played independently (``play.play_shoes``, on the one dealing loop of
``rounds``); every shoe's cards come from its own generator (seed, shoe number), and the
results are joined in shoe order, so a seed gives the same figures whatever the number of
workers. Locally the ranges go to the standard library's process pool (``--workers``, all
cores by default); with ``--scheduler tcp://HOST:PORT`` the same ranges run on an existing
Dask distributed cluster (``pip install 'exact-odds[distributed]'``; its workers need
exact-odds installed).
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING

from exact_odds.analysis.job import Job, game_job
from exact_odds.errors import input_name
from exact_odds.games.model import Game
from exact_odds.limits import (
    LIMITS,
    MAX_BET_ROUNDS,
    MAX_CARDS_DEALT,
    MAX_ROUNDS_PER_SHOE,
    MAX_SHOES,
    MAX_SIMULATION_MEMORY,
    MAX_TRACE_ROUNDS,
)
from exact_odds.running.heartbeat import Progress, check_progress
from exact_odds.running.ranges import RunError, Where, parse_bounded, where
from exact_odds.shoe import Shoe
from exact_odds.simulation.play import (
    CountPlay,
    FlatPlay,
    PerfectPlay,
    Play,
    ShoeResults,
    SimulationPlan,
    play_shoes,
)
from exact_odds.simulation.rounds import RoundsTold, deal_in_ranges, shoe_ranges
from exact_odds.simulation.summary import SimulationSummary, summarise
from exact_odds.sizes import bytes_text

if TYPE_CHECKING:
    from exact_odds.simulation.trace import TraceWriter

#: The cards an average round of baccarat deals (4.94), for the estimate of rounds a shoe.
CARDS_PER_ROUND_AVERAGE = 4.9
#: The memory each shoe's figures take in the main process, per bet, kept for
#: ``shoes_frame`` (three numbers, twice while they are joined), and per shoe (its rounds).
SHOE_BET_BYTES = 3 * 8 * 2
SHOE_BYTES = 8 * 2


class SimulationError(RunError):
    """A simulation that cannot be run as asked."""


def parse_shoes(value: object, what: str) -> int:
    """A number of shoes, 1 to ``MAX_SHOES``."""
    return parse_bounded(value, what, MAX_SHOES, 1, SimulationError)


def simulate(game: Game | str | Path | Job, shoes: int, *, bets: Sequence[str] | None = None,
             play: str = "perfect", min_edge: str | Fraction | int = 0,
             tags: str | None = None, threshold: str | Fraction | int | None = None,
             decks: int | None = None, shoe: Shoe | None = None,
             remove: Sequence[str] = (), cut_card: str | int | None = None,
             burn: str | int | None = None, after_cut: str | None = None,
             seed: int | None = None, workers: int | None = 1,
             scheduler: str | None = None, trace: str | Path | None = None,
             strategy: str | None = None, settings: Mapping[str, str] | None = None,
             progress: Progress | None = None) -> SimulationSummary:
    """Deal ``shoes`` shoes of ``game`` and play the chosen bets (all by default).

    ``game`` is a game (its id, its file's path or a ``Game``) or a ``Job``
    (``game_job(..., dealt=True)``: the game's inputs checked once; then none of them is
    given here). ``play`` is ``"perfect"`` (one unit whenever a bet's exact edge exceeds
    ``min_edge``), ``"count"`` (one unit when the true count of ``tags`` is at least
    ``threshold``; ``tags`` is ``"6=-3,7=1"`` or ``"eor"``) or ``"flat"`` (one unit on every
    round where the bet is offered). ``decks``, ``cut_card``, ``burn`` and ``after_cut``
    override the game file's dealing procedure; ``shoe`` deals a custom composition;
    ``remove`` takes cards out of the shoe before every shoe is dealt. The summary's
    ``bets_frame()``, ``histogram_frame()`` and ``shoes_frame()`` are polars DataFrames;
    ``trace`` writes every round to a Parquet file; ``progress(rounds dealt, rounds
    expected)`` is told as the shoes are played.

    The shoes are played in this process unless ``workers`` asks for more (``None``: every
    core) or ``scheduler`` names a Dask scheduler; a script that asks for workers starts
    the simulation under ``if __name__ == "__main__":``. What the run would cost is
    estimated first (``estimate``): beyond the limits, nothing runs.
    """
    from exact_odds.errors import check_type

    shoes = parse_shoes(shoes, input_name("shoes"))
    place = where(workers, scheduler)
    if trace is not None:
        check_type(trace, (str, Path), "trace", "a Parquet file's path")
    progress = check_progress(progress)
    job = game_job(game, bets=bets, decks=decks, shoe=shoe, remove=remove, cut_card=cut_card,
                   burn=burn, after_cut=after_cut, seed=seed, strategy=strategy,
                   settings=settings, dealt=True)
    parse_play(play, min_edge, tags, threshold, job.bet_ids)  # every input checked first
    cost = estimate(job, shoes, place.workers if place.scheduler is None else 1,
                    trace is not None)
    cost.check()
    writer = None
    if trace is not None:
        from exact_odds.simulation.trace import TraceWriter

        writer = TraceWriter(Path(trace))
    try:
        chosen_play = derived_play(parse_play(play, min_edge, tags, threshold, job.bet_ids), job)
    except BaseException:
        if writer is not None:
            writer.abort()
        raise
    plan = SimulationPlan(job, chosen_play, writer is not None, _trace_detail(job))
    header = {
        **job.inputs(), **chosen_play.to_dict(), "shoes": shoes,
        "estimates": "simulated: every figure is an estimate; units_per_shoe_se is its "
                     "standard error",
    }
    ranges = shoe_ranges(shoes, place.workers if place.scheduler is None else None,
                         cards=job.shoe.size)
    told = RoundsTold(progress, shoes * cost.rounds_per_shoe)
    results = _play_ranges(plan, ranges, place, writer, told)
    return summarise(header, job.bet_names(), results)


# --- what a run costs, before it runs --------------------------------------------------------

@dataclass(frozen=True)
class Cost:
    """What a simulation would take, estimated from its inputs before any work: the rounds
    one shoe deals (about), the rounds times bets evaluated, the cards shuffled, the rounds
    a trace would hold and the memory the main process holds at once (bytes; each worker
    process holds one range of shoes, at most ``MOST_CARDS_PER_RANGE`` cards)."""

    shoes: int
    bets: int
    cards: int
    rounds_per_shoe: int
    processes: int
    memory: int
    trace: bool
    shuffled_every_round: bool
    cut_card_option: str

    @property
    def bet_rounds(self) -> int:
        return self.shoes * self.rounds_per_shoe * self.bets

    def check(self) -> None:
        """Refuse, in one line naming the option that makes it large and what would fit,
        a run beyond the limits (``MAX_ROUNDS_PER_SHOE``, ``MAX_BET_ROUNDS``,
        ``MAX_CARDS_DEALT``, ``MAX_TRACE_ROUNDS``, ``MAX_SIMULATION_MEMORY``)."""
        shoes, decks = input_name("shoes"), input_name("decks")
        if self.rounds_per_shoe > MAX_ROUNDS_PER_SHOE:
            fits = int(MAX_ROUNDS_PER_SHOE * CARDS_PER_ROUND_AVERAGE)
            raise SimulationError(
                f"{decks}: a shoe of {self.cards:,} cards deals about {self.rounds_per_shoe:,} "
                f"rounds; a simulated shoe deals at most {MAX_ROUNDS_PER_SHOE:,} rounds (about "
                f"{fits:,} cards, {fits // 52:,} decks), or give {self.cut_card_option} none "
                "to deal one round from each shoe")
        if self.shoes * self.cards > MAX_CARDS_DEALT:
            most = MAX_CARDS_DEALT // self.cards
            raise SimulationError(
                f"{shoes}: {self.shoes:,} shoes of {self.cards:,} cards shuffle "
                f"{self.shoes * self.cards:,} cards; a simulation shuffles at most "
                f"{MAX_CARDS_DEALT:,} (at most {most:,} shoes of this size)")
        if self.bet_rounds > MAX_BET_ROUNDS:
            most = MAX_BET_ROUNDS // (self.rounds_per_shoe * self.bets)
            raise SimulationError(
                f"{shoes}: {self.shoes:,} shoes of about {self.rounds_per_shoe:,} rounds with "
                f"{self.bets} bet{'s' if self.bets != 1 else ''} are {self.bet_rounds:,} exact "
                f"evaluations; a simulation makes at most {MAX_BET_ROUNDS:,} (at most "
                f"{most:,} shoes here; run several seeds and join them)")
        if self.trace and self.shoes * self.rounds_per_shoe > MAX_TRACE_ROUNDS:
            most = MAX_TRACE_ROUNDS // self.rounds_per_shoe
            raise SimulationError(
                f"{shoes}: a trace of {self.shoes:,} shoes holds about "
                f"{self.shoes * self.rounds_per_shoe:,} rounds; {input_name('trace')} "
                f"writes at most {MAX_TRACE_ROUNDS:,} (at most {most:,} shoes here)")
        if self.memory > MAX_SIMULATION_MEMORY:
            most = (MAX_SIMULATION_MEMORY - (self.memory - self.shoes * self._per_shoe())) \
                // self._per_shoe()
            raise SimulationError(
                f"{shoes}: {self.shoes:,} shoes' figures for {self.bets} bet"
                f"{'s' if self.bets != 1 else ''} would hold about {bytes_text(self.memory)}; a "
                f"simulation holds at most {LIMITS['MAX_SIMULATION_MEMORY'].shown} (at most "
                f"{most:,} shoes here; run several seeds and join them)")

    def _per_shoe(self) -> int:
        return SHOE_BYTES + SHOE_BET_BYTES * self.bets


def estimate(job: Job, shoes: int, workers: int | None, trace: bool = False) -> Cost:
    """What simulating ``shoes`` shoes of ``job`` costs (``Cost``), from the shoe's size,
    the dealing procedure, the bets and the processes, before anything runs."""
    cards = job.shoe.size
    procedure = job.dealing
    if procedure.cut_card is None:
        rounds = 1
    else:
        dealt = max(cards - procedure.cut_card - procedure.most_burned, 0)
        rounds = int(dealt / CARDS_PER_ROUND_AVERAGE) + 2
    ranges = shoe_ranges(shoes, workers, cards=cards)
    processes = min(workers or os.cpu_count() or 1, len(ranges))
    range_shoes = max((count for _, count in ranges), default=1)
    per_range = range_shoes * (cards + 6) * 2 + range_shoes * 52 * 8 * 4
    bets = len(job.bet_ids)
    # the main process: every shoe's figures, and a range's cards when it plays one itself
    memory = shoes * (SHOE_BYTES + SHOE_BET_BYTES * bets) + per_range
    return Cost(shoes, bets, cards, rounds, processes, memory, trace,
                procedure.cut_card is None, input_name("cut_card"))


def _play_ranges(plan: SimulationPlan, ranges: list[tuple[int, int]], place: Where,
                 writer: TraceWriter | None, told: RoundsTold) -> list[ShoeResults]:
    """Play every range; the trace is written whole at the end, or nothing is left."""
    results: list[ShoeResults] = []

    def handle(index: int, result: ShoeResults) -> None:
        if writer is not None and result.trace is not None:
            writer.add(index, result.trace)
            result.trace = None
        results.append(result)

    try:
        deal_in_ranges(play_shoes, plan, ranges, place, _rounds_dealt, told, handle)
        told.finished()
        if writer is not None:
            writer.finish()
    except BaseException:
        if writer is not None:
            writer.abort()
        raise
    return results


def _rounds_dealt(result: ShoeResults) -> int:
    return result.rounds_dealt


def parse_play(play: str, min_edge: str | Fraction | int, tags: str | None,
               threshold: str | Fraction | int | None, bet_ids: Sequence[str]) -> Play:
    """The play asked for, every input checked; a count's tags derived from the effects of
    removal (``tags="eor"``) are derived later (``derived_play``: an enumeration)."""
    from exact_odds.simulation.counting import eor_scale, parse_tags, parse_threshold

    if not isinstance(play, str) or play not in ("perfect", "count", "flat"):
        raise SimulationError(f"{input_name('play')}: is perfect, count or flat, not {play!r}")
    if play in ("perfect", "flat"):
        if tags is not None or threshold is not None:
            raise SimulationError(f"{input_name('tags')} and {input_name('threshold')} go with "
                                  f"{input_name('play')} count")
        edge = parse_min_edge(min_edge, input_name("min_edge"))
        if play == "flat":
            if edge != 0:
                raise SimulationError(f"{input_name('min_edge')} goes with {input_name('play')} "
                                      "perfect: flat play bets every round")
            return FlatPlay()
        return PerfectPlay(edge)
    if parse_min_edge(min_edge, input_name("min_edge")) != 0:
        raise SimulationError(f"{input_name('min_edge')} goes with {input_name('play')} "
                              "perfect: a count bets by its threshold")
    if tags is None or threshold is None:
        raise SimulationError(f"{input_name('play')} count needs {input_name('tags')} "
                              f"(RANK=TAG,... or eor) and {input_name('threshold')}")
    level = parse_threshold(threshold, input_name("threshold"))
    scale = eor_scale(tags, input_name("tags"))
    if scale is None:
        return CountPlay(dict.fromkeys(bet_ids, parse_tags(tags, input_name("tags"))), level,
                         "tags")
    return CountPlay({}, level, f"eor:{scale}")


def derived_play(play: Play, job: Job) -> Play:
    """A count whose tags come from the effects of removal (``eor:K``) with each bet's
    tags derived for the job's shoe; any other play as it is."""
    if not isinstance(play, CountPlay) or not play.source.startswith("eor:"):
        return play
    from exact_odds.analysis.removal import effect_of_removal
    from exact_odds.analysis.report import game_report
    from exact_odds.simulation.counting import tags_from_effects

    scale = int(play.source.removeprefix("eor:"))
    table = effect_of_removal(game_report(job), "rank")
    derived = {bet_id: tags_from_effects(dict(zip(table.labels, table.effects[bet_id])), scale)
               for bet_id in job.bet_ids}
    return CountPlay(derived, play.threshold, play.source)


def parse_tags_option(value: str, what: str) -> str:
    """``--tags`` as written, checked (``RANK=TAG`` pairs, or ``eor``/``eor:K``)."""
    from exact_odds.simulation.counting import eor_scale, parse_tags

    if eor_scale(value, what) is None:
        parse_tags(value, what)
    return value


def parse_min_edge(value: object, what: str) -> Fraction:
    """The least edge perfect play bets on: ``0.5%``, ``1/200`` or ``0.005``; from 0 to
    ``MAX_PAY`` (no bet pays more)."""
    from exact_odds.errors import LimitError
    from exact_odds.limits import MAX_PAY
    from exact_odds.numbers import parse_exact

    try:
        return parse_exact(value, what, least=0, most=MAX_PAY, percent=True)
    except LimitError as error:
        raise SimulationError(str(error)) from None


def _trace_detail(job: Job) -> str:
    """The finest card class the bets read: ``value``, ``rank`` or ``card``."""
    from exact_odds.games.settlement import DETAILS, card_detail

    return max((card_detail(job.game.bet(b)) for b in job.bet_ids), key=DETAILS.index,
               default="value")
