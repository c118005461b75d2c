"""Running a simulation: shoes split into ranges, played on local cores or on Dask.

The shoes are split into ranges played independently (``play.play_shoes``); every shoe's
cards come from its own generator (seed, shoe number), and the results are joined in shoe
order, so a seed gives the same figures whatever the number of workers. Locally the ranges
go to the standard library's process pool (``--workers``, all cores by default); with
``--scheduler tcp://HOST:PORT`` the same ranges run on an existing Dask distributed cluster
(``pip install 'exact-odds[distributed]'``; its workers need exact-odds installed).
"""

from __future__ import annotations

import math
import os
import sys
import uuid
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from exact_odds.errors import ExactOddsError
from exact_odds.games.dealing import DealingProcedure
from exact_odds.games.inputs import game_inputs
from exact_odds.games.loader import load_game
from exact_odds.games.model import Game
from exact_odds.rules import DrawingRules
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
from exact_odds.simulation.summary import SimulationSummary, summarise

if TYPE_CHECKING:
    from exact_odds.simulation.trace import TraceWriter

T = TypeVar("T")

#: The most shoes played together in one range (one evaluation call per round covers them).
MOST_SHOES_PER_RANGE = 2000
#: Seconds to wait for a Dask scheduler before giving up.
SCHEDULER_TIMEOUT = 5


class SimulationError(ExactOddsError, ValueError):
    """A simulation that cannot be run as asked."""


@dataclass(frozen=True)
class Setup:
    """What every simulation of a game starts from: the game and its bets, the full shoe,
    the dealing procedure, the drawing rules (the option taken by ``strategy``), the seed
    and the settings, every one checked."""

    game: Game
    bet_ids: tuple[str, ...]
    start: Shoe
    procedure: DealingProcedure
    rules: DrawingRules
    seed: int
    strategy: str | None
    settings: dict[str, str]

    def inputs(self) -> dict[str, Any]:
        """The inputs, under the keys every command records: the game, the shoe, the rules,
        the strategy, the settings, the dealing procedure and the seed."""
        game = self.game
        return {
            **game_inputs(game, self.start, self.rules.describe(),
                          self.strategy or game.strategy if game.rules.option is not None
                          else None, dict(self.settings)),
            "dealing": self.procedure.to_dict(), "dealing_text": self.procedure.describe(),
            "seed": self.seed}


def setup(game: Game | str | Path, *, bets: Sequence[str] | None = None,
          decks: int | None = None, shoe: Shoe | None = None, remove: Sequence[str] = (),
          cut_card: str | int | None = None, burn: str | int | None = None,
          after_cut: str | None = None, seed: int | None = None, strategy: str | None = None,
          settings: Mapping[str, str] | None = None) -> Setup:
    """Check and gather what a simulation starts from (``Setup``): the game (an id, a path
    or a ``Game``), its bets (all by default), the shoe (``decks`` or ``shoe``, less
    ``remove``), the game file's dealing procedure with ``cut_card``, ``burn`` and
    ``after_cut`` overridden, and the seed (a fresh one when None)."""
    from exact_odds.analysis.strategy import game_rules

    loaded = game if isinstance(game, Game) else load_game(game)
    bet_ids = tuple(dict.fromkeys(bets)) if bets else tuple(b.id for b in loaded.bets)
    for bet_id in bet_ids:
        loaded.bet(bet_id)
    if loaded.rules.option is not None and (strategy or loaded.strategy) == "optimal":
        raise SimulationError("the optimal play of the option changes with the cards unseen: "
                              "simulate with --strategy house-way, hit or stand")
    loaded.setting_values(dict(settings or {}))
    base = loaded.dealing if isinstance(loaded.dealing, DealingProcedure) else DealingProcedure()
    procedure = base.with_overrides(cut_card=cut_card, burn=burn, after_cut=after_cut,
                                    decks=decks)
    if shoe is not None and decks is not None:
        raise SimulationError("give either a number of decks or a shoe, not both")
    start = loaded.shoe(None if shoe is not None else procedure.decks, shoe, remove)
    procedure.check_fits(start.size)
    rules = game_rules(loaded, start, strategy)
    if seed is None:
        seed = int(__import__("numpy").random.SeedSequence().entropy % 2**63)
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        raise SimulationError(f"--seed must be a whole number of at least 0, got {seed!r}")
    return Setup(loaded, bet_ids, start, procedure, rules, seed, strategy, dict(settings or {}))


def simulate(game: Game | str | Path, shoes: int, *, bets: Sequence[str] | None = None,
             play: str = "perfect", min_edge: str | Fraction | int = 0,
             tags: str | None = None, threshold: str | Fraction | int | None = None,
             decks: int | None = None, shoe: Shoe | None = None,
             remove: Sequence[str] = (), cut_card: str | int | None = None,
             burn: str | int | None = None, after_cut: str | None = None,
             seed: int | None = None, workers: int | None = None,
             scheduler: str | None = None, trace: str | Path | None = None,
             strategy: str | None = None, settings: Mapping[str, str] | None = None,
             progress: bool = False) -> SimulationSummary:
    """Deal ``shoes`` shoes of ``game`` and play the chosen bets (all by default).

    ``play`` is ``"perfect"`` (one unit whenever a bet's exact edge exceeds ``min_edge``),
    ``"count"`` (one unit when the true count of ``tags`` is at least ``threshold``;
    ``tags`` is ``"6=-3,7=1"`` or ``"eor"``) or ``"flat"`` (one unit on every round where
    the bet is offered). ``decks``, ``cut_card``, ``burn`` and ``after_cut`` override the
    game file's dealing procedure; ``shoe`` deals a custom composition; ``remove`` takes
    cards out of the shoe before every shoe is dealt. The summary's ``bets_frame()``,
    ``histogram_frame()`` and ``shoes_frame()`` are polars DataFrames; ``trace`` writes
    every round to a Parquet file.
    """
    check_run(shoes, workers, scheduler)
    ready = setup(game, bets=bets, decks=decks, shoe=shoe, remove=remove, cut_card=cut_card,
                  burn=burn, after_cut=after_cut, seed=seed, strategy=strategy,
                  settings=settings)
    chosen_play = _play(play, min_edge, tags, threshold, ready)
    writer = None
    if trace is not None:
        from exact_odds.simulation.trace import TraceWriter

        writer = TraceWriter(Path(trace))
    plan = SimulationPlan(ready.game, ready.bet_ids, ready.start.counts, ready.procedure,
                          ready.seed, ready.strategy, ready.settings, uuid.uuid4().hex,
                          chosen_play, writer is not None,
                          _trace_detail(ready.game, ready.bet_ids))
    header = {
        **ready.inputs(), **chosen_play.to_dict(), "shoes": shoes,
        "estimates": "simulated: every figure is an estimate; units_per_shoe_se is its "
                     "standard error",
    }
    results = _play_ranges(plan, ranges(shoes, workers), workers, scheduler, writer,
                           Progress(shoes) if progress and sys.stderr.isatty() else None)
    names = {bet_id: ready.game.bet(bet_id).name for bet_id in ready.bet_ids}
    return summarise(header, names, results)


def check_run(shoes: int, workers: int | None, scheduler: str | None) -> None:
    """Refuse, before any work, a number of shoes or of workers that cannot be run."""
    if isinstance(shoes, bool) or not isinstance(shoes, int) or shoes < 1:
        raise SimulationError(f"the number of shoes (--shoes) must be at least 1, got {shoes!r}")
    if workers is not None and (isinstance(workers, bool) or workers < 1):
        raise SimulationError(f"--workers must be at least 1, got {workers!r}")
    if workers is not None and scheduler is not None:
        raise SimulationError("give --workers (local cores) or --scheduler (a Dask cluster), "
                              "not both")


def _play_ranges(plan: SimulationPlan, shoe_ranges: list[tuple[int, int]],
                 workers: int | None, scheduler: str | None, writer: TraceWriter | None,
                 bar: Progress | None) -> list[ShoeResults]:
    """Play every range; the trace is written whole at the end, or nothing is left."""
    results: list[ShoeResults] = []
    try:
        for index, result in run_ranges(play_shoes, plan, shoe_ranges, workers, scheduler):
            if writer is not None and result.trace is not None:
                writer.add(index, result.trace)
                result.trace = None
            results.append(result)
            if bar is not None:
                bar.advance(len(result.rounds))
        if writer is not None:
            writer.finish()
    except BaseException:
        if writer is not None:
            writer.abort()
        raise
    finally:
        if bar is not None:
            bar.close()
    return results


def _play(play: str, min_edge: str | Fraction | int, tags: str | None,
          threshold: str | Fraction | int | None, ready: Setup) -> Play:
    from exact_odds.simulation.counting import eor_scale, parse_tags, tags_from_effects

    if play in ("perfect", "flat"):
        if tags is not None or threshold is not None:
            raise SimulationError("--tags and --threshold go with --play count")
        edge = _fraction(min_edge, "--min-edge")
        if play == "flat":
            if edge != 0:
                raise SimulationError("--min-edge goes with --play perfect: flat play bets "
                                      "every round")
            return FlatPlay()
        if edge < 0:
            raise SimulationError(f"--min-edge must not be negative, got {min_edge}")
        return PerfectPlay(edge)
    if play != "count":
        raise SimulationError(f"--play is perfect, count or flat, not {play!r}")
    if tags is None or threshold is None:
        raise SimulationError("--play count needs --tags (RANK=TAG,... or eor) and --threshold")
    level = _fraction(threshold, "--threshold")
    scale = eor_scale(tags)
    if scale is None:
        rank_tags = parse_tags(tags)
        return CountPlay(dict.fromkeys(ready.bet_ids, rank_tags), level, "tags")
    from exact_odds.analysis.removal import effect_of_removal
    from exact_odds.analysis.report import game_report

    report = game_report(ready.game, shoe=ready.start, bets=ready.bet_ids,
                         strategy=ready.strategy, settings=ready.settings)
    table = effect_of_removal(report, "rank")
    derived = {bet_id: tags_from_effects(dict(zip(table.labels, table.effects[bet_id])), scale)
               for bet_id in ready.bet_ids}
    return CountPlay(derived, level, f"eor:{scale}")


def _fraction(value: str | Fraction | int, option: str) -> Fraction:
    """A number as written: ``2``, ``-1.5``, ``1/2``, ``0.5%``."""
    if isinstance(value, (Fraction, int)) and not isinstance(value, bool):
        return Fraction(value)
    raw = str(value).strip().replace(" ", "")
    try:
        return Fraction(raw[:-1]) / 100 if raw.endswith("%") else Fraction(raw)
    except (ValueError, ZeroDivisionError):
        raise SimulationError(f"{option}: {value!r} is not a number (write 2, 1.5, 1/2 "
                              "or 0.5%)") from None


def _trace_detail(game: Game, bet_ids: Sequence[str]) -> str:
    """The finest card class the bets read: ``value``, ``rank`` or ``card``."""
    from exact_odds.simulation.settlement import DETAILS, card_detail

    return max((card_detail(game.bet(b)) for b in bet_ids), key=DETAILS.index, default="value")


def ranges(shoes: int, workers: int | None, first: int = 0) -> list[tuple[int, int]]:
    """Shoes ``first`` to ``first + shoes - 1`` in ranges ``(first, count)``: a few per
    worker (every core when ``workers`` is None), none over ``MOST_SHOES_PER_RANGE``."""
    size = max(1, min(MOST_SHOES_PER_RANGE,
                      math.ceil(shoes / (4 * (workers or os.cpu_count() or 1)))))
    return [(start, min(size, first + shoes - start))
            for start in range(first, first + shoes, size)]


#: A range's work: plays or records shoes ``first`` to ``first + count - 1`` of a plan.
Work = Callable[[Any, int, int], T]


def run_ranges(work: Work[T], plan: Any, shoe_ranges: list[tuple[int, int]],
               workers: int | None, scheduler: str | None) -> Iterator[tuple[int, T]]:
    """Run ``work(plan, first, count)`` for every range, in this process, on local
    processes (``workers``, every core by default) or on a Dask scheduler, yielding
    ``(range index, result)`` as they finish. ``work`` and ``plan`` must be picklable;
    each shoe's cards depend only on the seed and the shoe's number, so the results are
    the same wherever they run."""
    if scheduler is not None:
        yield from _run_on_dask(work, plan, shoe_ranges, scheduler)
        return
    count = workers or os.cpu_count() or 1
    if count == 1 or len(shoe_ranges) == 1:
        for index, (first, size) in enumerate(shoe_ranges):
            yield index, work(plan, first, size)
        return
    import multiprocessing
    from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait

    context = multiprocessing.get_context("forkserver" if sys.platform != "win32" else "spawn")
    with ProcessPoolExecutor(max_workers=min(count, len(shoe_ranges)),
                             mp_context=context) as pool:
        pending = {pool.submit(work, plan, first, size): index
                   for index, (first, size) in enumerate(shoe_ranges)}
        try:
            while pending:
                done, _ = wait(pending, return_when=FIRST_COMPLETED)
                for future in done:
                    yield pending.pop(future), future.result()
        finally:
            for future in pending:
                future.cancel()


def _run_on_dask(work: Work[T], plan: Any, shoe_ranges: list[tuple[int, int]],
                 address: str) -> Iterator[tuple[int, T]]:
    try:
        from distributed import Client, as_completed
    except ImportError:
        raise SimulationError("--scheduler needs Dask distributed: "
                              "pip install 'exact-odds[distributed]'") from None
    client = _connect(Client, address)
    try:
        with client.as_current():
            shared = client.scatter(plan, broadcast=True)
            futures = [client.submit(work, shared, first, size, pure=False)
                       for first, size in shoe_ranges]
            index_of = {future.key: index for index, future in enumerate(futures)}
            for future in as_completed(futures):  # type: ignore[no-untyped-call]
                yield index_of[future.key], future.result()
    finally:
        client.close()


def _connect(client_class: Callable[..., Any], address: str) -> Any:
    """A Dask client for ``address``, or one clear error within ``SCHEDULER_TIMEOUT``
    seconds (Dask's own connection warnings are held back meanwhile)."""
    import logging
    import re

    if not re.fullmatch(r"(?:[a-z]+://)?[\w.\-\[\]:]+:\d+", address):
        raise SimulationError(f"--scheduler: {address!r} is not a scheduler address "
                              "(write tcp://HOST:PORT)")
    loggers = [logging.getLogger(name) for name in ("distributed", "distributed.client",
                                                     "distributed.comm", "tornado")]
    levels = [logger.level for logger in loggers]
    for logger in loggers:
        logger.setLevel(logging.CRITICAL)
    try:
        return client_class(address, timeout=SCHEDULER_TIMEOUT, set_as_default=False)
    except Exception as error:  # noqa: BLE001 - any failure to connect is the address's
        reason = str(error).splitlines()[0] if str(error) else type(error).__name__
        raise SimulationError(f"cannot reach the Dask scheduler at {address}: {reason}") from None
    finally:
        for logger, level in zip(loggers, levels):
            logger.setLevel(level)


class Progress:
    """A progress bar on the terminal's standard error: shoes played out of all."""

    def __init__(self, total: int) -> None:
        self.total = total
        self.done = 0
        self.draw()

    def advance(self, shoes: int) -> None:
        self.done += shoes
        self.draw()

    def draw(self) -> None:
        width = 30
        filled = width * self.done // self.total
        sys.stderr.write(f"\r[{'#' * filled}{'.' * (width - filled)}] "
                         f"{self.done:,}/{self.total:,} shoes")
        sys.stderr.flush()

    def close(self) -> None:
        sys.stderr.write("\n")
        sys.stderr.flush()
