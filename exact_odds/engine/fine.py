"""The first cards' ranks and suits, by factoring: seconds where pairing hands took minutes.

Columns that read the ranks and suits of the first four cards would have the reference
enumeration pair every Player hand with every Banker hand, 52 classes a card (7.3 million
pairs, each with its draw). But what the first cards' ranks and suits decide does not change
how the round plays out once their *coarse* classes are known: the classes the rest of the
round reads (the point values, and the attributes the card columns read of every card). So,
for deal values ``d`` and round and card values ``o``,

    count(d, o) = sum over the coarse classes q of four cards:  G[d, q] * R[q, o]

``G[d, q]`` sums the ways to deal every ordered start of four fine classes with deal values
``d`` and coarse classes ``q`` (the falling product of the fine counts: numpy, over every
start); ``R[q, o]`` is the ways the rest of the round ends in ``o`` once four cards of coarse
classes ``q`` are gone. The reference enumeration, run on the coarse classes with each first
card's coarse class as deal values, counts ``W[q] * R[q, o]``, and ``W[q]``, the ways to deal
``q``, is the sum of ``G[d, q]`` over ``d``: ``R`` is an exact quotient (checked).

Integers. ``G`` and ``W`` are at most falling(N, 4), the ways to deal four cards; ``R`` at
most falling(N - 4, 2), the ways to fill the two positions left; so each product, and every
sum of them, is at most falling(N, 6), the table's total: int64 for shoes of up to 1,450
cards (falling(1450, 6) < 2**63 <= falling(1451, 6)), Python integers (numpy object arrays)
beyond. Codes that index outcomes are checked to fit int64 before they are built.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterator
from typing import Any

import numpy as np

from exact_odds.engine.classes import Classes, ClassKey, class_keys, shoe_classes
from exact_odds.engine.hands import reads_in_order
from exact_odds.engine.plan import Names, Plan, falling, key_order
from exact_odds.engine.round import round_counts
from exact_odds.engine.starts import Starts
from exact_odds.engine.vocabulary import Column, Hand, column
from exact_odds.rules import DrawingRules
from exact_odds.shoe import CARDS_PER_ROUND, Shoe

_INT64 = 2**63

#: Starts laid out at once (a block of Player hands against every Banker hand).
BLOCK = 1 << 20


class Factored:
    """An outcome table as arrays: row ``r`` has the deal values of code ``deal[r]``
    (``starts.deal_values``), the round and card values ``outcomes[outcome[r]]``, and
    ``ways[r]`` ordered six-card sequences."""

    def __init__(self, deal: np.ndarray, outcome: np.ndarray, ways: np.ndarray, starts: Starts,
                 outcomes: list[tuple[tuple[Any, ...], tuple[Any, ...]]]) -> None:
        self.deal, self.outcome, self.ways = deal, outcome, ways
        self.starts, self.outcomes = starts, outcomes

    def items(self, names: Names) -> Iterator[tuple[tuple[Any, ...], int]]:
        """(key, ways) of every row, the key in the order of ``names``."""
        order = key_order(names)
        values = self.starts.deal_values
        for deal, outcome, ways in zip(self.deal.tolist(), self.outcome.tolist(),
                                       self.ways.tolist()):
            rv, cv = self.outcomes[outcome]
            yield order((values(deal), rv, cv)), ways

    def column(self, wanted: Plan, name: str, ids: bool = True
               ) -> tuple[list[Any], np.ndarray | None]:
        """One column as (its values by id, each row's id; None unless ``ids``)."""
        if name in wanted.round or name in wanted.cards:
            part, at = (0, wanted.round.index(name)) if name in wanted.round else (
                1, wanted.cards.index(name))
            return [outcome[part][at] for outcome in self.outcomes], self.outcome
        # a deal code holds the ids of the Player's own deal values, the Banker's, both's
        starts = self.starts
        at = wanted.deal.index(name)
        sizes = (len(starts.p_own) * len(starts.b_own) * len(starts.both),
                 len(starts.b_own) * len(starts.both), len(starts.both), 1)
        for part, values in enumerate((starts.p_own, starts.b_own, starts.both)):
            width = len(values[0][0])
            if at < width:
                found = self.deal % sizes[part] // sizes[part + 1] if ids else None
                return [value[0][at] for value in values], found
            at -= width
        raise KeyError(name)


def factored_counts(shoe: Shoe, wanted: Plan, rules: DrawingRules) -> Factored:
    """The outcome counts of the planned columns, by factoring (see the module)."""
    deal_cols = [column(name) for name in wanted.deal]
    card_cols = [column(name) for name in wanted.cards]
    keys = class_keys(deal_cols, card_cols)
    coarse = class_keys([], card_cols).third  # what the rest of the round reads of a card
    p_classes, b_classes = shoe_classes(shoe, keys.first), shoe_classes(shoe, keys.banker)
    t_classes = shoe_classes(shoe, coarse)
    ordered = (reads_in_order(deal_cols, "player"),
               rules.uses_up_card or reads_in_order(deal_cols, "banker"))
    starts = Starts([c for c, _ in p_classes], [c for c, _ in b_classes], deal_cols, [], ordered)
    exact: Any = np.int64 if falling(shoe.size, CARDS_PER_ROUND) < _INT64 else object
    t_index = {coarse(card): t for t, (card, _) in enumerate(t_classes)}
    kt = len(t_classes) if wanted.needs is not None else 1
    if starts.deal_size * kt**4 >= _INT64:
        raise ValueError("too many deal values to count by factoring")
    b_index = {keys.banker(card): b for b, (card, _) in enumerate(b_classes)}
    code, weight = _grouped(starts, p_classes, b_classes, exact,
                            [b_index[keys.banker(card)] for card, _ in p_classes],
                            [t_index[coarse(card)] if kt > 1 else 0 for card, _ in p_classes],
                            [t_index[coarse(card)] if kt > 1 else 0 for card, _ in b_classes], kt)
    if wanted.needs is None:  # the first cards only: the rest of the round fills four positions
        pad = falling(shoe.size - 4, CARDS_PER_ROUND - 4)
        outcome = np.broadcast_to(np.zeros(1, dtype=np.int32), code.shape)
        return Factored(code, outcome, weight * pad, starts, [((), ())])
    deal, q = np.divmod(code, kt**4)
    del code
    rest = _RestOfRound(shoe, coarse, t_index, card_cols, wanted, rules)
    return rest.joined(deal, q, weight, starts, exact)


def _grouped(starts: Starts, p_classes: Any, b_classes: Any, exact: Any, banker_of: list[int],
             p_coarse: list[int], b_coarse: list[int], kt: int) -> tuple[np.ndarray, np.ndarray]:
    """Every start's ways, summed by (deal values, coarse classes): codes and sums."""
    kp, kb = len(p_classes), len(b_classes)
    n_p = np.array([count for _, count in p_classes], dtype=exact)
    n_b = np.array([count for _, count in b_classes], dtype=exact)
    of_b = np.array(banker_of, dtype=np.int64)
    t_p, t_b = np.array(p_coarse, dtype=np.int64), np.array(b_coarse, dtype=np.int64)
    b = np.arange(kb * kb, dtype=np.int64)[None, :]
    third, fourth = b // kb, b % kb
    codes, sums = [], []
    step = max(1, BLOCK // (kb * kb))
    for lo in range(0, kp * kp, step):
        p = np.arange(lo, min(kp * kp, lo + step), dtype=np.int64)[:, None]
        first, second = p // kp, p % kp
        # the ways to deal the four cards: each count less the cards of its class dealt before
        held = [of_b[first], of_b[second]]
        ways = (n_p[first] * (n_p[second] - (first == second))
                * (n_b[third] - (held[0] == third) - (held[1] == third))
                * (n_b[fourth] - (held[0] == fourth) - (held[1] == fourth) - (third == fourth)))
        q = ((t_p[first] * kt + t_p[second]) * kt + t_b[third]) * kt + t_b[fourth]
        code = starts.deal(p, b) * kt**4 + q
        dealt = ways != 0
        found = _summed(code[dealt], ways[dealt])
        codes.append(found[0])
        sums.append(found[1])
    return _summed(np.concatenate(codes), np.concatenate(sums))


def _summed(code: np.ndarray, ways: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The distinct codes, in order, and the sum of ``ways`` over each: exact integers."""
    if not len(code) or bool(np.all(code[1:] > code[:-1])):
        return code, ways
    order = np.argsort(code, kind="stable")
    code, ways = code[order], ways[order]
    del order
    at = np.flatnonzero(np.concatenate(([True], code[1:] != code[:-1])))
    return code[at], np.add.reduceat(ways, at)


def _coarse_column(hand: Hand, key: ClassKey) -> Column:
    """A deal column whose value is the coarse classes of a hand's two cards, in order."""
    mine = 0 if hand == "player" else 1

    def read(player: tuple[str, ...], banker: tuple[str, ...]) -> object:
        cards = (player, banker)[mine]
        return key(cards[0]), key(cards[1])

    return Column(f"{hand} coarse classes", "str", "", "deal", hands=(hand,), card_key=key,
                  of_deal=read, ordered=True)


class _RestOfRound:
    """R[q, o]: the ways the round ends in each outcome after four cards of coarse classes
    q, from the reference enumeration on the coarse classes."""

    def __init__(self, shoe: Shoe, coarse: ClassKey, t_index: dict[tuple[Hashable, ...], int],
                 card_cols: list[Column], wanted: Plan, rules: DrawingRules) -> None:
        deal_cols = [_coarse_column("player", coarse), _coarse_column("banker", coarse)]
        keys = class_keys(deal_cols, card_cols)
        classes = Classes(shoe_classes(shoe, keys.first), shoe_classes(shoe, keys.banker),
                          shoe_classes(shoe, keys.third), keys)
        assert wanted.needs is not None
        self.table = round_counts(classes, deal_cols, card_cols,
                                  [column(name) for name in wanted.round], rules, wanted.needs)
        self.t_index, self.kt = t_index, len(t_index)

    def joined(self, deal: np.ndarray, q: np.ndarray, weight: np.ndarray, starts: Starts,
               exact: Any) -> Factored:
        """count(d, o): the groups (deal, q, G) times R[q, o], summed by (d, o)."""
        kt, t = self.kt, self.t_index
        size = kt**4
        dealt = np.zeros(size, dtype=exact)  # W[q]
        np.add.at(dealt, q, weight)
        rows: list[tuple[int, int, int]] = []
        outcomes: dict[tuple[Any, ...], int] = {}
        for ((p_cards, b_cards), rv, cv), count in self.table.items():
            q_at = ((t[p_cards[0]] * kt + t[p_cards[1]]) * kt + t[b_cards[0]]) * kt + t[b_cards[1]]
            rest, left = divmod(count, int(dealt[q_at]))
            if left:
                raise AssertionError("the coarse enumeration is not a multiple of its deals")
            rows.append((q_at, outcomes.setdefault((rv, cv), len(outcomes)), rest))
        rows.sort()
        by_q = np.array([r[0] for r in rows], dtype=np.int64)
        outcome = np.array([r[1] for r in rows], dtype=np.int64)
        rest_ways = np.array([r[2] for r in rows], dtype=exact)
        start = np.searchsorted(by_q, np.arange(size + 1))
        if starts.deal_size * max(len(outcomes), 1) >= _INT64:
            raise ValueError("too many outcomes to count by factoring")
        found_code, found_ways = [], []
        # groups come sorted by deal values: a block of groups that ends where a deal does
        # is final; blocks of about BLOCK rows once each group is spread over its outcomes
        spread = np.cumsum(start[q + 1] - start[q])
        bounds = _blocks(deal, spread, BLOCK)
        for lo, hi in zip(bounds, bounds[1:]):
            g = np.arange(lo, hi)
            length = start[q[g] + 1] - start[q[g]]
            which = np.repeat(g, length)
            first = np.repeat(start[q[g]] - (np.cumsum(length) - length), length)
            at = first + np.arange(len(which))
            code, ways = _summed(deal[which] * len(outcomes) + outcome[at],
                                 weight[which] * rest_ways[at])
            found_code.append(code)
            found_ways.append(ways)
        code = np.concatenate(found_code) if found_code else np.zeros(0, dtype=np.int64)
        ways = np.concatenate(found_ways) if found_ways else np.zeros(0, dtype=exact)
        deal_of, outcome_of = np.divmod(code, max(len(outcomes), 1))
        return Factored(deal_of, outcome_of, ways, starts, list(outcomes))


def _blocks(deal: np.ndarray, spread: np.ndarray, size: int) -> list[int]:
    """Boundaries of blocks of groups that never split one deal's groups, each spreading
    into about ``size`` rows (``spread``: the rows of the groups up to each, summed)."""
    bounds = [0]
    while bounds[-1] < len(deal):
        done = int(spread[bounds[-1] - 1]) if bounds[-1] else 0
        hi = max(int(np.searchsorted(spread, done + size, side="right")), bounds[-1] + 1)
        if hi < len(deal):
            hi = int(np.searchsorted(deal, deal[hi], side="left"))
            if hi <= bounds[-1]:
                hi = int(np.searchsorted(deal, deal[bounds[-1]], side="right"))
        bounds.append(min(hi, len(deal)))
    return bounds
