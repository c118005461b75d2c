"""One pass of simulated rounds that every count and every trigger is measured on.

Shoes are dealt exactly as ``exact-odds simulate`` deals them (the game's dealing
procedure, every shoe from its own generator of the seed and its number, in ranges on
local cores or on Dask: ``exact_odds.simulation.runner``). Before every round each bet's
exact expected value for the unseen cards is computed (the batch evaluator), and the
round is recorded: the cards seen so far by rank, the cards unseen, each bet's expected
value and whether it favours the bettor, and what one unit returned on the dealt cards
(settled by the one settlement, ``Bet.settle``; a late bet not offered has no action, and
its expected value already counts those rounds as nothing won or lost).

A count is a dot product over the cards seen, so these records serve every count and every
trigger (``exact_odds.countability.triggers``) without dealing again.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from exact_odds.cards import DECK, RANKS
from exact_odds.countability.triggers import Rounds
from exact_odds.simulation.dealing import ShoesInPlay
from exact_odds.simulation.play import DealingPlan, evaluate_unseen, evaluator_for
from exact_odds.simulation.settlement import Settler

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


def record_rounds(plan: DealingPlan, first: int, count: int) -> RecordedRange:
    """Deal shoes ``first`` to ``first + count - 1`` and record every round."""
    from exact_odds.analysis.strategy import game_rules
    from exact_odds.shoe import Shoe

    evaluator = evaluator_for(plan)
    rules = game_rules(plan.game, Shoe(plan.start), plan.strategy)
    shoes = ShoesInPlay(plan.start, plan.procedure, rules, plan.seed, first, count)
    settings = plan.game.setting_values(dict(plan.settings))
    settlers = {b: Settler(plan.game.bet(b), settings, plan.game.rules.round) for b in plan.bet_ids}
    seen = np.zeros((count, len(RANKS) + 1), dtype=np.int64)  # the last column: no card
    exposed = shoes.burn()
    if exposed is not None:
        np.add.at(seen, (np.arange(count), _RANK_OF[exposed]), 1)
    parts: dict[str, list[np.ndarray]] = {"shoe": [], "seen": [], "unseen": []}
    for bet_id in plan.bet_ids:
        for name in ("ev", "positive", "result"):
            parts[f"{name}:{bet_id}"] = []
    while len(rows := shoes.active_rows()):
        unseen = shoes.unseen[rows]
        values = evaluate_unseen(evaluator, unseen)
        parts["shoe"].append(first + rows)
        parts["seen"].append(seen[rows, :len(RANKS)].astype(np.int16))
        parts["unseen"].append(unseen.sum(axis=1))
        dealt = shoes.deal_round(rows)
        for bet_id, settler in settlers.items():
            numerators, denominators = values.numerators[bet_id], values.denominators[bet_id]
            parts[f"ev:{bet_id}"].append(_floats(numerators, denominators))
            parts[f"positive:{bet_id}"].append(np.asarray(numerators > 0, dtype=bool))
            nets = settler.settle_dealt(dealt.cards, dealt.hands)
            parts[f"result:{bet_id}"].append(
                np.array([0.0 if net is None else float(net) for net in nets]))
        np.add.at(seen, (np.repeat(rows, dealt.cards.shape[1]), _RANK_OF[dealt.cards].ravel()), 1)

    def joined(name: str, dtype: type) -> np.ndarray:
        pieces = parts[name]
        return np.concatenate(pieces) if pieces else np.zeros(0, dtype=dtype)

    return RecordedRange(
        first, count, joined("shoe", np.int64),
        np.concatenate(parts["seen"]) if parts["seen"] else np.zeros((0, len(RANKS)), np.int16),
        joined("unseen", np.int64),
        {b: joined(f"ev:{b}", np.float64) for b in plan.bet_ids},
        {b: joined(f"positive:{b}", np.bool_) for b in plan.bet_ids},
        {b: joined(f"result:{b}", np.float64) for b in plan.bet_ids})


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
