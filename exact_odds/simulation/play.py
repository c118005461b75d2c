"""Playing shoes: computer-perfect play, a count or flat betting, many shoes in lockstep.

Before every round, each chosen bet's exact expected value for the cards not yet seen comes
from one ``BatchEvaluator.evaluate`` call for every shoe of the batch still in play. Perfect
play bets one unit on each bet whose edge is positive (or above a minimum edge, an exact
comparison); a count bets one unit when its true count is at least the threshold; flat play
bets one unit on every round (a house's hold and volatility study). Rounds in which a unit
was placed are settled on the dealt cards by the one settlement (``Bet.settle``): a late bet
not offered in the round (the 21st Century late tie on a Player two-card 9) has no action,
its unit returned, as the exact report counts it.

The per-round expected values are exact; what is summed across rounds and shoes (units per
shoe, edges) is carried as floating point, for the estimates of ``summary``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from functools import partial
from typing import TYPE_CHECKING, Any

import numpy as np

from exact_odds.cards import DECK
from exact_odds.games.dealing import DealingProcedure
from exact_odds.games.settlement import settler
from exact_odds.numbers import fraction_text
from exact_odds.running.heartbeat import beat
from exact_odds.simulation.counting import RankTags, RunningCounts
from exact_odds.simulation.dealing import VALUES, DealtRounds, ShoesInPlay

if TYPE_CHECKING:
    import polars as pl

    from exact_odds.batch.evaluator import BatchEvaluator
    from exact_odds.batch.result import BatchResult
    from exact_odds.games.model import Game

#: Width of the bins in which the edge of every round is tallied (0.1%).
EDGE_BIN = 1000  # bins per unit of expected value


@dataclass(frozen=True)
class PerfectPlay:
    """One unit on each bet whose exact edge for the unseen cards exceeds ``min_edge``."""

    min_edge: Fraction = Fraction(0)

    name = "perfect"

    def to_dict(self) -> dict[str, object]:
        return {"play": "perfect", "min_edge": fraction_text(self.min_edge)}

    def wagers(self, bet_ids: tuple[str, ...], result: BatchResult, counts: RunningCounts,
               rows: np.ndarray, unseen: np.ndarray) -> dict[str, np.ndarray]:
        """Whether each bet gets a unit, shoe by shoe: its edge exceeds the minimum."""
        return {b: _favourable(result.numerators[b], result.denominators[b], self.min_edge)
                for b in bet_ids}

    def describe(self) -> str:
        if self.min_edge == 0:
            return "perfect play: one unit whenever the exact edge favours the bettor"
        return f"perfect play: one unit whenever the bettor's exact edge exceeds {float(self.min_edge):.4%}"


@dataclass(frozen=True)
class CountPlay:
    """One unit on a bet when its true count is at least ``threshold``; ``tags`` maps each
    bet to its tags per rank."""

    tags: Mapping[str, RankTags]
    threshold: Fraction
    source: str = "tags"  # "tags" (given) or "eor:K" (derived)

    name = "count"

    def to_dict(self) -> dict[str, object]:
        from exact_odds.cards import RANKS

        return {"play": "count", "tags_from": self.source,
                "threshold": fraction_text(self.threshold),
                "tags": {bet: dict(zip(RANKS, tags)) for bet, tags in self.tags.items()}}

    def wagers(self, bet_ids: tuple[str, ...], result: BatchResult, counts: RunningCounts,
               rows: np.ndarray, unseen: np.ndarray) -> dict[str, np.ndarray]:
        """Whether each bet gets a unit, shoe by shoe: its true count reaches the threshold."""
        at_least = counts.at_least(rows, self.threshold, unseen)
        return {b: at_least[:, index] for index, b in enumerate(bet_ids)}

    def describe(self) -> str:
        return (f"count ({self.source}): one unit when the true count is at least "
                f"{float(self.threshold):g}")


@dataclass(frozen=True)
class FlatPlay:
    """One unit on each bet every round; a late bet has no action (the unit is returned)
    where it is not offered: one unit on every round where the bet is offered."""

    name = "flat"

    def to_dict(self) -> dict[str, object]:
        return {"play": "flat"}

    def wagers(self, bet_ids: tuple[str, ...], result: BatchResult, counts: RunningCounts,
               rows: np.ndarray, unseen: np.ndarray) -> dict[str, np.ndarray]:
        """A unit on every bet, in every shoe."""
        return {b: np.ones(len(rows), dtype=bool) for b in bet_ids}

    def describe(self) -> str:
        return "flat: one unit on every round where the bet is offered"


Play = PerfectPlay | CountPlay | FlatPlay


@dataclass(frozen=True)
class DealingPlan:
    """Everything a worker needs to deal a range of shoes and value their bets
    (picklable): the game and bets, the full shoe, the dealing procedure, the seed, the
    option's strategy and the settings; ``key`` names the plan in a worker's cache of
    evaluators."""

    game: Game
    bet_ids: tuple[str, ...]
    start: tuple[int, ...]  # the full shoe, one count per card of DECK
    procedure: DealingProcedure
    seed: int
    strategy: str | None = None
    settings: Mapping[str, str] = field(default_factory=dict)
    key: str = ""


@dataclass(frozen=True)
class SimulationPlan(DealingPlan):
    """A dealing plan and how its bets are played, and whether every round is traced."""

    play: Play = field(default_factory=lambda: PerfectPlay())
    trace: bool = False
    trace_detail: str = "value"  # "value", "rank" or "card": the finest class a bet reads


@dataclass
class ShoeResults:
    """What a range of shoes produced: per shoe, rounds dealt and per bet the units placed,
    the sum of their exact expected values and the realised result; the tally of each
    bet's edge over all rounds; and the trace, if asked for."""

    first: int
    rounds: np.ndarray
    placed: dict[str, np.ndarray]
    expected: dict[str, np.ndarray]
    realised: dict[str, np.ndarray]
    edges: dict[str, Counter[int]]
    trace: pl.DataFrame | None = None


#: What a fork server imports for this module's workers besides it: the compiled kernel,
#: ready (``exact_odds.running.pool``).
PRELOAD = ("exact_odds.batch.loaded",)

_EVALUATORS: dict[str, BatchEvaluator] = {}


def evaluator_for(plan: DealingPlan) -> BatchEvaluator:
    """One evaluator per plan and process, kept for the plan's later ranges of shoes."""
    from exact_odds.batch.evaluator import BatchEvaluator

    evaluator = _EVALUATORS.get(plan.key) if plan.key else None
    if evaluator is None:
        evaluator = BatchEvaluator(plan.game, plan.bet_ids, strategy=plan.strategy,
                                   settings=plan.settings, rules=_fixed_rules(plan))
        if plan.key:
            _EVALUATORS.clear()
            _EVALUATORS[plan.key] = evaluator
    return evaluator


def _fixed_rules(plan: DealingPlan) -> Any:
    """Where both hands choose, the rules every round of a shoe is played by: the
    equilibrium of the shoe as it starts (mixed where it mixes); else None (the rules come
    from the strategy's name)."""
    from exact_odds.analysis.equilibrium import two_sided
    from exact_odds.analysis.strategy import game_rules
    from exact_odds.shoe import Shoe

    if not two_sided(plan.game.rules):
        return None
    return game_rules(plan.game, Shoe(plan.start), plan.strategy, dict(plan.settings))


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


def play_shoes(plan: SimulationPlan, first: int, count: int) -> ShoeResults:
    """Deal and play shoes ``first`` to ``first + count - 1`` of the plan."""
    from exact_odds.analysis.strategy import game_rules
    from exact_odds.shoe import Shoe

    evaluator = evaluator_for(plan)
    rules = evaluator.rules or game_rules(plan.game, Shoe(plan.start), plan.strategy,
                                          dict(plan.settings))
    shoes = ShoesInPlay(plan.start, plan.procedure, rules, plan.seed, first, count)
    tags = [plan.play.tags[b] for b in plan.bet_ids] if isinstance(plan.play, CountPlay) else []
    counts = RunningCounts(tags, count)
    tally = _Tally(plan, count)
    trace = _TraceRows(plan) if plan.trace else None
    exposed = shoes.burn()
    if exposed is not None:
        counts.see(np.arange(count), exposed[:, None])
    while len(rows := shoes.active_rows()):
        unseen = shoes.unseen[rows]
        result = evaluate_unseen(evaluator, unseen)
        wagers = plan.play.wagers(plan.bet_ids, result, counts, rows, unseen)
        tally.expect(rows, result, wagers)
        dealt = shoes.deal_round(rows, result.decisions)  # the optimal play, shoe by shoe
        counts.see(rows, dealt.cards)
        units = tally.settle(rows, dealt, wagers)
        if trace is not None:
            trace.add(first + rows, shoes.rounds[rows], unseen, result, wagers, dealt, units)
        beat(len(rows))
    return ShoeResults(first, shoes.rounds.copy(), tally.placed, tally.expected,
                       tally.realised_per_shoe(), tally.edges(),
                       trace.frame() if trace is not None else None)


class _Tally:
    """Per shoe and bet: units placed, the sum of their exact expected values, and the
    realised result; per bet, the edge of every round in bins of 0.1%."""

    def __init__(self, plan: SimulationPlan, count: int) -> None:
        settings = plan.game.setting_values(dict(plan.settings))
        self.count = count
        self.settlers = {b: settler(plan.game.bet(b), settings, plan.game.rules.round) for b in plan.bet_ids}
        self.placed = {b: np.zeros(count, dtype=np.int64) for b in plan.bet_ids}
        self.expected = {b: np.zeros(count, dtype=np.float64) for b in plan.bet_ids}
        self.realised: dict[str, dict[int, Fraction]] = {b: {} for b in plan.bet_ids}
        self.bins: dict[str, list[np.ndarray]] = {b: [] for b in plan.bet_ids}

    def expect(self, rows: np.ndarray, result: BatchResult,
               wagers: Mapping[str, np.ndarray]) -> None:
        """Before a round: tally each bet's edge, and the units placed with their EVs."""
        for bet_id, wager in wagers.items():
            values = _floats(result.numerators[bet_id], result.denominators[bet_id])
            self.bins[bet_id].append(np.floor(values * EDGE_BIN).astype(np.int64))
            self.placed[bet_id][rows[wager]] += 1
            np.add.at(self.expected[bet_id], rows[wager], values[wager])

    def settle(self, rows: np.ndarray, dealt: DealtRounds,
               wagers: Mapping[str, np.ndarray]) -> dict[str, dict[int, Fraction]]:
        """After a round: settle the units placed on the dealt cards. Returns, per bet, the
        exact result of each unit placed that had action, by its place in ``rows``."""
        units: dict[str, dict[int, Fraction]] = {b: {} for b in wagers}
        placed_rows = np.flatnonzero(np.any(np.stack(list(wagers.values())), axis=0))
        if not len(placed_rows):
            return units
        for bet_id, wager in wagers.items():
            mine = placed_rows[wager[placed_rows]]
            if not len(mine):
                continue
            nets = self.settlers[bet_id].settle_dealt(dealt.cards[mine],
                                                      partial(_hands_of, dealt, mine))
            by_shoe = self.realised[bet_id]
            for i, net in zip(mine.tolist(), nets):
                if net is None:  # a late bet not offered: no action, the unit returned
                    continue
                units[bet_id][i] = net
                shoe = int(rows[i])
                by_shoe[shoe] = by_shoe.get(shoe, Fraction(0)) + net
        return units

    def edges(self) -> dict[str, Counter[int]]:
        """Each bet's rounds by edge, in bins of 0.1%."""
        tallies: dict[str, Counter[int]] = {}
        for bet_id, parts in self.bins.items():
            bins, counts = np.unique(np.concatenate(parts) if parts else np.zeros(0, np.int64),
                                     return_counts=True)
            tallies[bet_id] = Counter(dict(zip(bins.tolist(), counts.tolist())))
        return tallies

    def realised_per_shoe(self) -> dict[str, np.ndarray]:
        """The realised results as floats (each shoe's sum is exact before conversion)."""
        arrays = {}
        for bet_id, by_shoe in self.realised.items():
            array = np.zeros(self.count, dtype=np.float64)
            for shoe, total in by_shoe.items():
                array[shoe] = float(total)
            arrays[bet_id] = array
        return arrays


def _hands_of(dealt: DealtRounds, rows: np.ndarray, j: int
              ) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The hands of the ``j``-th of ``rows`` of a dealt round."""
    return dealt.hands(int(rows[j]))


def _favourable(numerators: np.ndarray, denominators: np.ndarray, min_edge: Fraction) -> np.ndarray:
    """Exactly: expected value > ``min_edge`` (denominators are positive)."""
    if min_edge == 0:
        return np.asarray(numerators > 0, dtype=bool)
    left = numerators.astype(object) * min_edge.denominator
    right = denominators.astype(object) * min_edge.numerator
    return np.asarray(left > right, dtype=bool)


def _floats(numerators: np.ndarray, denominators: np.ndarray) -> np.ndarray:
    if numerators.dtype == np.int64 and denominators.dtype == np.int64:
        return numerators.astype(np.float64) / denominators.astype(np.float64)
    return np.array([float(Fraction(int(n), int(d))) for n, d in zip(numerators, denominators)],
                    dtype=np.float64)


#: One-hot map from card index to point value, for the trace's unseen counts by value.
_BY_VALUE = np.eye(10, dtype=np.int64)[VALUES[:len(DECK)]]


class _TraceRows:
    """Rows of the trace, gathered round by round for a range of shoes."""

    def __init__(self, plan: SimulationPlan) -> None:
        self.plan = plan
        self.parts: list[dict[str, Any]] = []

    def add(self, shoes: np.ndarray, rounds: np.ndarray, unseen: np.ndarray, result: BatchResult,
            wagers: Mapping[str, np.ndarray], dealt: DealtRounds,
            units: Mapping[str, Mapping[int, Fraction]]) -> None:
        """One round of each shoe of ``shoes``: the cards unseen before it, each bet's exact
        expected value and wager, the cards dealt and each bet's settlement in units."""
        part: dict[str, Any] = {"shoe": shoes.copy(), "round": rounds.copy(),
                                "unseen": unseen @ _BY_VALUE}
        if self.plan.trace_detail == "rank":
            part["unseen_ranks"] = unseen.reshape(len(unseen), 13, 4).sum(axis=2)
        elif self.plan.trace_detail == "card":
            part["unseen_cards"] = unseen.copy()
        hands = [dealt.hands(i) for i in range(len(shoes))]
        part["player_cards"] = [list(player) for player, _ in hands]
        part["banker_cards"] = [list(banker) for _, banker in hands]
        for bet_id in self.plan.bet_ids:
            part[f"{bet_id}_ev"] = _fraction_texts(result.numerators[bet_id],
                                                   result.denominators[bet_id])
            part[f"{bet_id}_bet"] = wagers[bet_id].copy()
            won = units[bet_id]
            part[f"{bet_id}_units"] = [str(won.get(i, Fraction(0))) for i in range(len(shoes))]
        self.parts.append(part)

    def frame(self) -> pl.DataFrame:
        from exact_odds.simulation.trace import trace_frame

        detail = {"rank": ("unseen_ranks",), "card": ("unseen_cards",)}.get(
            self.plan.trace_detail, ())
        return trace_frame(self.parts, self.plan.bet_ids, detail)


def _fraction_texts(numerators: np.ndarray, denominators: np.ndarray) -> list[str]:
    """Reduced fractions as text: ``"-31/415"``, ``"0"``."""
    texts = []
    for n, d in zip(numerators.tolist(), denominators.tolist()):
        value = Fraction(int(n), int(d))
        texts.append(str(value.numerator) if value.denominator == 1
                     else f"{value.numerator}/{value.denominator}")
    return texts
