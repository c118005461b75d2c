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
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from exact_odds.errors import input_name
from exact_odds.games.dealing import DealingProcedure
from exact_odds.games.inputs import game_inputs
from exact_odds.games.loader import load_game
from exact_odds.games.model import Game
from exact_odds.limits import (
    MAX_BET_ROUNDS,
    MAX_CARDS_DEALT,
    MAX_ROUNDS_PER_SHOE,
    MAX_SEED,
    MAX_SHOES,
    MAX_TRACE_ROUNDS,
)
from exact_odds.limits import MAX_SIMULATION_MEMORY as MAX_MEMORY
from exact_odds.rules import DrawingRules
from exact_odds.running.pool import (
    RunError,
    parse_bounded,
    parse_scheduler,
    parse_workers,
    run_ranges,
)
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
#: The most cards dealt together in one range (every shoe's shuffled cards are held at once).
MOST_CARDS_PER_RANGE = 4_000_000

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


def parse_seed(value: object, what: str) -> int:
    """A random seed, 0 to ``MAX_SEED``."""
    return parse_bounded(value, what, MAX_SEED, 0, SimulationError)


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
    ``after_cut`` overridden, and the seed (a fresh one when None). Every error names the
    argument as the caller wrote it (``--cut-card`` on the command line)."""
    from exact_odds.analysis.strategy import game_rules
    from exact_odds.games.inputs import check_game_arguments

    if seed is not None:
        seed = parse_seed(seed, input_name("seed"))
    bets, decks, shoe, remove, strategy, settings = check_game_arguments(
        game, bets=bets, decks=decks, shoe=shoe, remove=remove, strategy=strategy,
        settings=settings)
    loaded = game if isinstance(game, Game) else load_game(game)
    bet_ids = tuple(dict.fromkeys(bets)) if bets else tuple(b.id for b in loaded.bets)
    for bet_id in bet_ids:
        loaded.bet(bet_id)
    loaded.setting_values(dict(settings or {}))
    base = loaded.dealing if isinstance(loaded.dealing, DealingProcedure) else DealingProcedure()
    procedure = base.with_overrides(cut_card=cut_card, burn=burn, after_cut=after_cut,
                                    decks=decks)
    if shoe is not None and decks is not None:
        raise SimulationError(f"give either {input_name('decks')} or {input_name('shoe')}, "
                              "not both")
    start = loaded.shoe(None if shoe is not None else procedure.decks, shoe, remove)
    procedure.check_fits(start.size, loaded.path or loaded.id)
    rules = game_rules(loaded, start, strategy)
    if seed is None:
        seed = int(__import__("numpy").random.SeedSequence().entropy % 2**63)
    return Setup(loaded, bet_ids, start, procedure, rules, seed, strategy, dict(settings or {}))


def simulate(game: Game | str | Path, shoes: int, *, bets: Sequence[str] | None = None,
             play: str = "perfect", min_edge: str | Fraction | int = 0,
             tags: str | None = None, threshold: str | Fraction | int | None = None,
             decks: int | None = None, shoe: Shoe | None = None,
             remove: Sequence[str] = (), cut_card: str | int | None = None,
             burn: str | int | None = None, after_cut: str | None = None,
             seed: int | None = None, workers: int | None = 1,
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

    The shoes are played in this process unless ``workers`` asks for more (``None``: every
    core) or ``scheduler`` names a Dask scheduler; a script that asks for workers starts
    the simulation under ``if __name__ == "__main__":``. What the run would cost is
    estimated first (``estimate``): beyond the limits, nothing runs.
    """
    from exact_odds.errors import check_type

    check_run(shoes, workers, scheduler)
    if trace is not None:
        check_type(trace, (str, Path), "trace", "a Parquet file's path")
    shoes = parse_shoes(shoes, input_name("shoes"))
    if workers is not None:
        workers = parse_workers(workers, input_name("workers"))
    if scheduler is not None:
        scheduler = parse_scheduler(scheduler, input_name("scheduler"))
    ready = setup(game, bets=bets, decks=decks, shoe=shoe, remove=remove, cut_card=cut_card,
                  burn=burn, after_cut=after_cut, seed=seed, strategy=strategy,
                  settings=settings)
    _play(play, min_edge, tags, threshold, ready, check_only=True)  # every input checked first
    cost = estimate(ready, shoes, workers if scheduler is None else 1, trace is not None)
    cost.check()
    writer = None
    if trace is not None:
        from exact_odds.simulation.trace import TraceWriter

        writer = TraceWriter(Path(trace))
    try:
        chosen_play = _play(play, min_edge, tags, threshold, ready)
    except BaseException:
        if writer is not None:
            writer.abort()
        raise
    plan = SimulationPlan(ready.game, ready.bet_ids, ready.start.counts, ready.procedure,
                          ready.seed, ready.strategy, ready.settings, uuid.uuid4().hex,
                          chosen_play, writer is not None,
                          _trace_detail(ready.game, ready.bet_ids))
    header = {
        **ready.inputs(), **chosen_play.to_dict(), "shoes": shoes,
        "estimates": "simulated: every figure is an estimate; units_per_shoe_se is its "
                     "standard error",
    }
    bar = (Progress(shoes, rounds_per_shoe=cost.rounds_per_shoe)
           if progress and sys.stderr.isatty() else None)
    shoe_ranges = ranges(shoes, workers if scheduler is None else None, cards=ready.start.size)
    results = _play_ranges(plan, shoe_ranges, workers, scheduler, writer, bar)
    names = {bet_id: ready.game.bet(bet_id).name for bet_id in ready.bet_ids}
    return summarise(header, names, results)


def check_run(shoes: int, workers: int | None, scheduler: str | None) -> None:
    """Refuse, before any work, a number of shoes or of workers that cannot be run, and
    workers given with a scheduler."""
    parse_shoes(shoes, input_name("shoes"))
    if workers is not None:
        parse_workers(workers, input_name("workers"))
    if workers not in (None, 1) and scheduler is not None:
        raise SimulationError(f"give {input_name('workers')} (local cores) or "
                              f"{input_name('scheduler')} (a Dask cluster), not both")


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
        ``MAX_CARDS_DEALT``, ``MAX_TRACE_ROUNDS``, ``MAX_MEMORY``)."""
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
        if self.memory > MAX_MEMORY:
            most = (MAX_MEMORY - (self.memory - self.shoes * self._per_shoe())) \
                // self._per_shoe()
            raise SimulationError(
                f"{shoes}: {self.shoes:,} shoes' figures for {self.bets} bet"
                f"{'s' if self.bets != 1 else ''} would hold about {self.memory / 1e9:.1f} GB; a "
                f"simulation holds at most {MAX_MEMORY / 1e9:.0f} GB (at most {most:,} shoes "
                "here; run several seeds and join them)")

    def _per_shoe(self) -> int:
        return SHOE_BYTES + SHOE_BET_BYTES * self.bets


def estimate(ready: Setup, shoes: int, workers: int | None, trace: bool = False) -> Cost:
    """What simulating ``shoes`` shoes of ``ready`` costs (``Cost``), from the shoe's size,
    the dealing procedure, the bets and the processes, before anything runs."""
    cards = ready.start.size
    procedure = ready.procedure
    if procedure.cut_card is None:
        rounds = 1
    else:
        dealt = max(cards - procedure.cut_card - procedure.most_burned, 0)
        rounds = int(dealt / CARDS_PER_ROUND_AVERAGE) + 2
    shoe_ranges = ranges(shoes, workers, cards=cards)
    processes = min(workers or os.cpu_count() or 1, len(shoe_ranges))
    range_shoes = max((count for _, count in shoe_ranges), default=1)
    per_range = range_shoes * (cards + 6) * 2 + range_shoes * 52 * 8 * 4
    bets = len(ready.bet_ids)
    # the main process: every shoe's figures, and a range's cards when it plays one itself
    memory = shoes * (SHOE_BYTES + SHOE_BET_BYTES * bets) + per_range
    return Cost(shoes, bets, cards, rounds, processes, memory, trace,
                procedure.cut_card is None, input_name("cut_card"))


def _play_ranges(plan: SimulationPlan, shoe_ranges: list[tuple[int, int]],
                 workers: int | None, scheduler: str | None, writer: TraceWriter | None,
                 bar: Progress | None) -> list[ShoeResults]:
    """Play every range; the trace is written whole at the end, or nothing is left."""
    from exact_odds.running.heartbeat import listening

    results: list[ShoeResults] = []
    try:
        with listening(bar.rounds if bar is not None else _ignore):
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


def _ignore(rounds: int) -> None:
    """No one shows the rounds."""


def _play(play: str, min_edge: str | Fraction | int, tags: str | None,
          threshold: str | Fraction | int | None, ready: Setup,
          check_only: bool = False) -> Play:
    """The play asked for, every input checked; ``check_only``: the inputs only, without
    deriving tags from the effects of removal (an enumeration)."""
    from exact_odds.simulation.counting import (
        eor_scale,
        parse_tags,
        parse_threshold,
        tags_from_effects,
    )

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
        rank_tags = parse_tags(tags, input_name("tags"))
        return CountPlay(dict.fromkeys(ready.bet_ids, rank_tags), level, "tags")
    if check_only:
        return CountPlay({}, level, f"eor:{scale}")
    from exact_odds.analysis.removal import effect_of_removal
    from exact_odds.analysis.report import game_report

    report = game_report(ready.game, shoe=ready.start, bets=ready.bet_ids,
                         strategy=ready.strategy, settings=ready.settings)
    table = effect_of_removal(report, "rank")
    derived = {bet_id: tags_from_effects(dict(zip(table.labels, table.effects[bet_id])), scale)
               for bet_id in ready.bet_ids}
    return CountPlay(derived, level, f"eor:{scale}")


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


def _trace_detail(game: Game, bet_ids: Sequence[str]) -> str:
    """The finest card class the bets read: ``value``, ``rank`` or ``card``."""
    from exact_odds.games.settlement import DETAILS, card_detail

    return max((card_detail(game.bet(b)) for b in bet_ids), key=DETAILS.index, default="value")


def ranges(shoes: int, workers: int | None, first: int = 0, *,
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


class Progress:
    """A progress bar on the terminal's standard error: shoes played out of all, and within
    very large shoes the rounds dealt (``rounds``, told by the dealing's heartbeat)."""

    def __init__(self, total: int, rounds_per_shoe: int = 0) -> None:
        self.total = total
        self.done = 0
        self.rounds_dealt = 0
        self.rounds_per_shoe = rounds_per_shoe
        self.draw()

    def advance(self, shoes: int) -> None:
        self.done += shoes
        self.draw()

    def rounds(self, rounds: int) -> None:
        """``rounds`` more rounds dealt in this process (shown for shoes of many rounds)."""
        self.rounds_dealt += rounds
        self.draw()

    def draw(self) -> None:
        width = 30
        expected = self.total * self.rounds_per_shoe
        if self.rounds_dealt and expected:
            fraction = max(self.done / max(self.total, 1),
                           min(self.rounds_dealt / expected, 0.999))
        else:
            fraction = self.done / max(self.total, 1)
        filled = int(width * fraction)
        line = f"\r[{'#' * filled}{'.' * (width - filled)}] {self.done:,}/{self.total:,} shoes"
        if self.rounds_dealt and self.rounds_per_shoe >= 1000:
            line += f", {self.rounds_dealt:,} rounds dealt"
        sys.stderr.write(line)
        sys.stderr.flush()

    def close(self) -> None:
        sys.stderr.write("\n")
        sys.stderr.flush()
