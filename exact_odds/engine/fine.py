"""The first cards' ranks and suits, by factoring: the ways to deal the first four cards,
times the ways the rest of the round ends.

Columns that read the ranks and suits of the first four cards would have the reference
enumeration pair every Player hand with every Banker hand, 52 classes a card (7.3 million
pairs). But what those ranks and suits decide does not change how the round plays out once
the cards' *coarse* classes are known, the classes the rest of the round reads (point
values, and what the card columns read of every card). So, for deal values ``d`` and round
and card values ``o``,

    count(d, o) = sum over the coarse classes q of four cards:  G[d, q] * R[q, o]

``G[d, q]`` sums the ways to deal every ordered start of four fine classes with deal values
``d`` and coarse classes ``q`` (the falling product of the fine counts: numpy, over every
start); ``R[q, o]`` is the ways the rest of the round ends in ``o`` once four cards of coarse
classes ``q`` are gone. The reference enumeration, run on the coarse classes with each first
card's coarse class as deal values, counts ``W[q] * R[q, o]``, and ``W[q]``, the ways to deal
``q``, is the sum of ``G[d, q]`` over ``d``: ``R`` is an exact quotient (checked).

Integers. ``G`` and ``W`` are at most falling(N, 4), the ways to deal four cards; ``R`` at
most falling(N - 4, 2), the ways to fill the two positions left; so each product, and every
sum of them, is at most falling(N, 6), the table's total: int64 for shoes of up to
``INT64_CARDS`` (1,450) cards, Python integers (numpy object arrays) beyond. ``G`` alone, at
most falling(N, 4), is int64 for shoes of up to ``INT64_DEAL_CARDS`` (55,110) cards, a
thousand decks: it turns to Python integers only block by block as it meets ``R``, so the
millions of groups of a large shoe are not held as Python integers. Codes that index
outcomes are checked to fit int64 before they are built.

A bet reads a few things of the deal values (whether the Player's cards are suited, a
royal pair), not all 7.3 million: ``factored_blocks`` can sum the groups ``(d, q)`` by what a
function reads of ``d`` (``group``, from ``Bet.split``) before they meet ``R``, so a bet on
four cards and both totals settles a few thousand rows, not 365 million.

The starts (``Starts``, shared with the compiled tables): the columns of each side are read
once per two-card hand, and a start's deal values and card partials are codes of their ids.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterator, Sequence
from dataclasses import replace
from itertools import product
from math import prod
from typing import Any

import numpy as np

from exact_odds.engine.classes import ClassCounts, Classes, ClassKey, class_keys, shoe_classes
from exact_odds.engine.cost import BASE_BYTES, EnumerationCost, Grouping, values_product
from exact_odds.engine.hands import DealKeys, SideReader, played_in_order
from exact_odds.engine.plan import (
    INT64_CARDS,
    INT64_DEAL_CARDS,
    INT64_MAX,
    Counts,
    Names,
    Plan,
    falling,
    key_order,
)
from exact_odds.engine.round import CELL_SECONDS, round_counts
from exact_odds.rules import DrawingRules
from exact_odds.shoe import CARDS_PER_ROUND, Shoe
from exact_odds.vocabulary import CardColumn, DealColumn, Hand

#: Starts laid out at once (Player hands against every Banker hand), rows spread at once.
BLOCK = 1 << 20


def ids(values: Sequence[Hashable]) -> tuple[np.ndarray, list[Any]]:
    """Each value's id (by first appearance) as an array, and the distinct values."""
    index: dict[Hashable, int] = {}
    found = np.array([index.setdefault(v, len(index)) for v in values], dtype=np.int64)
    return found, list(index)


class Starts:
    """What the columns read of the starts over the Player's classes ``p_reps`` and the
    Banker's ``b_reps``: for Player hands ``p`` and Banker hands ``b`` (arrays), the code
    of the deal values (``deal``, read by ``deal_values``) and of the card partials by part
    (``partials``, read by ``partial_values``: the Player's own columns, the Banker's, both
    hands')."""

    def __init__(self, p_reps: Sequence[str], b_reps: Sequence[str], deal_cols: list[DealColumn],
                 card_cols: list[CardColumn], ordered: tuple[bool, bool]) -> None:
        self.kp, self.kb = len(p_reps), len(b_reps)
        player = SideReader("player", ordered[0], deal_cols, card_cols)
        banker = SideReader("banker", ordered[1], deal_cols, card_cols)
        # every ordered two-card hand: hand ``i * k + j`` of classes i, j
        p_hands, b_hands = list(product(p_reps, p_reps)), list(product(b_reps, b_reps))
        self.own_p, self.p_own = ids([player.own(hand) for hand in p_hands])
        self.own_b, self.b_own = ids([banker.own(hand) for hand in b_hands])
        self.seen_p, p_seen = ids([player.seen(hand) for hand in p_hands])
        self.seen_b, b_seen = ids([banker.seen(hand) for hand in b_hands])
        # what the columns reading both hands see: one Python call per pair of views
        rep_p = dict(zip(self.seen_p.tolist(), p_hands))
        rep_b = dict(zip(self.seen_b.tolist(), b_hands))
        keys = DealKeys(deal_cols, card_cols)
        both, self.both = ids([keys.both(rep_p[s], rep_b[t])
                               for s in range(len(p_seen)) for t in range(len(b_seen))])
        self.both_of = both.reshape(len(p_seen), len(b_seen))
        self.deal_size = len(self.p_own) * len(self.b_own) * len(self.both)

    def partials(self, p: np.ndarray, b: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """The ids of the Player's own values, the Banker's, and both hands'."""
        return self.own_p[p], self.own_b[b], self.both_of[self.seen_p[p], self.seen_b[b]]

    def deal(self, p: np.ndarray, b: np.ndarray) -> np.ndarray:
        """The code of the deal values of Player hands ``p`` and Banker hands ``b``."""
        own_p, own_b, both = self.partials(p, b)
        code: np.ndarray = (own_p * len(self.b_own) + own_b) * len(self.both) + both
        return code

    def deal_values(self, code: int) -> tuple[Hashable, ...]:
        """The deal values of a code: the Player's own columns, the Banker's, both hands'."""
        rest, both = divmod(code, len(self.both))
        own_p, own_b = divmod(rest, len(self.b_own))
        values: tuple[Hashable, ...] = (self.p_own[own_p][0] + self.b_own[own_b][0]
                                        + self.both[both][0])
        return values

    def partial_values(self, part: int, at: int) -> tuple[Hashable, ...]:
        """The card partials of one part's id."""
        found: tuple[Hashable, ...] = (self.p_own, self.b_own, self.both)[part][at][1]
        return found

    def every(self) -> tuple[np.ndarray, np.ndarray]:
        """Every start, as (Player hand, Banker hand)."""
        start = np.arange(self.kp * self.kp * self.kb * self.kb, dtype=np.int64)
        return start // (self.kb * self.kb), start % (self.kb * self.kb)


class Factored:
    """An outcome table as arrays: row ``r`` has the deal values of code ``deal[r]``
    (``starts.deal_values``), the round and card values ``outcomes[outcome[r]]``, and
    ``ways[r]`` ordered six-card sequences."""

    def __init__(self, deal: np.ndarray, outcome: np.ndarray, ways: np.ndarray, starts: Starts,
                 outcomes: list[tuple[tuple[Any, ...], tuple[Any, ...]]]) -> None:
        self.deal, self.outcome, self.ways = deal, outcome, ways
        self.starts, self.outcomes = starts, outcomes
        self._ids: dict[int, np.ndarray] = {}  # each row's id in one part of its deal code

    def items(self, names: Names) -> Iterator[tuple[tuple[Any, ...], int]]:
        """(key, ways) of every row, the key in the order of ``names``."""
        order, values = key_order(names), self.starts.deal_values
        for deal, outcome, ways in zip(self.deal.tolist(), self.outcome.tolist(),
                                       self.ways.tolist()):
            yield order((values(deal), *self.outcomes[outcome])), ways

    def column(self, wanted: Plan, name: str, per_row: bool = True
               ) -> tuple[list[Any], np.ndarray | None]:
        """One column as (its values by id, each row's id; None unless ``per_row``)."""
        if name in wanted.round or name in wanted.cards:
            part, at = (0, wanted.round.index(name)) if name in wanted.round else (
                1, wanted.cards.index(name))
            return [outcome[part][at] for outcome in self.outcomes], self.outcome
        # a deal code holds the ids of the Player's own deal values, the Banker's, both's
        starts, at = self.starts, wanted.deal.index(name)
        parts = (starts.p_own, starts.b_own, starts.both)
        for part, values in enumerate(parts):
            if at < len(values[0][0]):
                found = self._ids.get(part)
                if found is None and per_row:
                    below = int(np.prod([len(v) for v in parts[part + 1:]]))
                    found = self._ids[part] = self.deal // below % len(values)
                return [value[0][at] for value in values], found
            at -= len(values[0][0])
        raise KeyError(name)


def factored_counts(shoe: Shoe, wanted: Plan, rules: DrawingRules) -> Factored:
    """The outcome counts of the planned columns, by factoring (see the module)."""
    parts = list(factored_blocks(shoe, wanted, rules))
    deal, outcome, ways = (np.concatenate([getattr(part, name) for part in parts])
                           for name in ("deal", "outcome", "ways"))
    return Factored(deal, outcome, ways, parts[0].starts, parts[0].outcomes)


def factored_blocks(shoe: Shoe, wanted: Plan, rules: DrawingRules,
                    group: Callable[[Iterator[Factored]], np.ndarray] | None = None
                    ) -> Iterator[Factored]:
    """The same table in blocks of about ``BLOCK`` rows (at least one block), no deal
    values in two blocks: a table too large to hold is read a block at a time.

    ``group``, given the deal values dealt as tables in turn (no outcome, no ways), gives
    each deal of them its group's id (0, 1, ...): the table's rows are then summed by
    (group, round and card values) before they meet the rest of the round, and a row's
    ``deal`` is its group's id, not a deal code. A bet that reads a few things of millions
    of deal values is settled on rows of those few."""
    deal_cols, card_cols, round_cols = wanted.columns()
    keys = class_keys(deal_cols, card_cols)
    coarse = class_keys([], card_cols).third  # what the rest of the round reads of a card
    p_classes, b_classes = shoe_classes(shoe, keys.first), shoe_classes(shoe, keys.banker)
    t_index = {coarse(card): t for t, (card, _) in enumerate(shoe_classes(shoe, coarse))}
    kt = len(t_index) if wanted.needs is not None else 1
    ordered = played_in_order(deal_cols, rules)
    starts = Starts([c for c, _ in p_classes], [c for c, _ in b_classes], deal_cols, [], ordered)
    if starts.deal_size * kt**4 >= INT64_MAX:
        raise ValueError("too many deal values to count by factoring")
    exact: Any = np.int64 if shoe.size <= INT64_CARDS else object
    b_index = {keys.banker(card): b for b, (card, _) in enumerate(b_classes)}
    code, weight = _grouped(starts, p_classes, b_classes,
                            np.int64 if shoe.size <= INT64_DEAL_CARDS else object,
                            [b_index[keys.banker(card)] for card, _ in p_classes],
                            [t_index[coarse(card)] if kt > 1 else 0 for card, _ in p_classes],
                            [t_index[coarse(card)] if kt > 1 else 0 for card, _ in b_classes], kt)
    if group is not None:
        code, weight = _regrouped(code, weight, kt**4, starts, group)
    if wanted.needs is None:  # the first cards only: the rest of the round fills two positions
        pad = falling(shoe.size - 4, CARDS_PER_ROUND - 4)
        yield from (Factored(code[lo:lo + BLOCK], np.zeros(len(code[lo:lo + BLOCK]), np.int32),
                             weight[lo:lo + BLOCK].astype(exact, copy=False) * pad, starts, [((), ())])
                    for lo in range(0, max(len(code), 1), BLOCK))
        return
    deal, q = np.divmod(code, kt**4)
    del code
    # R[q, o]: the reference enumeration on the coarse classes, a first card's class read
    coarse_cols = [_coarse_column("player", coarse), _coarse_column("banker", coarse)]
    keys = class_keys(coarse_cols, card_cols)
    classes = Classes(shoe_classes(shoe, keys.first), shoe_classes(shoe, keys.banker),
                      shoe_classes(shoe, keys.third), keys)
    rest = round_counts(classes, coarse_cols, card_cols, round_cols, rules, wanted.needs)
    yield from _joined(rest, t_index, deal, q, weight, starts, exact)


def _grouped(starts: Starts, p_classes: ClassCounts, b_classes: ClassCounts, exact: Any,
             banker_of: list[int], p_coarse: list[int], b_coarse: list[int], kt: int
             ) -> tuple[np.ndarray, np.ndarray]:
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
        held = (of_b[first], of_b[second])
        ways = (n_p[first] * (n_p[second] - (first == second))
                * (n_b[third] - (held[0] == third) - (held[1] == third))
                * (n_b[fourth] - (held[0] == fourth) - (held[1] == fourth) - (third == fourth)))
        q = ((t_p[first] * kt + t_p[second]) * kt + t_b[third]) * kt + t_b[fourth]
        dealt = ways != 0
        code, ways = _summed((starts.deal(p, b) * kt**4 + q)[dealt], ways[dealt])
        codes.append(code)
        sums.append(ways)
    return _summed(np.concatenate(codes), np.concatenate(sums))


def _regrouped(code: np.ndarray, weight: np.ndarray, width: int, starts: Starts,
               group: Callable[[Iterator[Factored]], np.ndarray]
               ) -> tuple[np.ndarray, np.ndarray]:
    """The groups (deal code, coarse classes), sorted by code, as (the deal's group, coarse
    classes), summed again. A block of rows at a time: ``group`` reads the distinct deals
    of each block in turn and gives one id for each, in the same order; the rows of each
    block are then summed by their new codes, and the blocks' sums summed."""
    bounds = range(0, max(len(code), 1), BLOCK)

    def deals(lo: int) -> tuple[np.ndarray, np.ndarray]:
        """The distinct deals of a block's rows, and each row's index among them."""
        deal = code[lo:lo + BLOCK] // width
        new = np.concatenate(([True], deal[1:] != deal[:-1]))[:len(deal)]
        return deal[new], np.cumsum(new) - 1

    def tables() -> Iterator[Factored]:
        for lo in bounds:
            distinct, _ = deals(lo)
            none = np.zeros(len(distinct), dtype=np.int64)
            yield Factored(distinct, none, none, starts, [((), ())])

    ids, at = group(tables()), 0
    codes, sums = [], []
    for lo in bounds:
        distinct, index = deals(lo)
        of_row = ids[at:at + len(distinct)].astype(np.int64)[index]
        at += len(distinct)
        found = _summed(of_row * width + code[lo:lo + BLOCK] % width, weight[lo:lo + BLOCK])
        codes.append(found[0])
        sums.append(found[1])
    if at != len(ids):
        raise ValueError("a group id for each distinct deal")
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


def _coarse_column(hand: Hand, key: ClassKey) -> DealColumn:
    """A deal column whose value is the coarse classes of a hand's two cards, in order."""
    mine = 0 if hand == "player" else 1

    def read(player: tuple[str, ...], banker: tuple[str, ...]) -> object:
        cards = (player, banker)[mine]
        return key(cards[0]), key(cards[1])

    return DealColumn(f"{hand} coarse classes", "str", "", read, True, hands=(hand,), card_key=key)


def _joined(rest: Counts, t_index: dict[Any, int], deal: np.ndarray, q: np.ndarray,
            weight: np.ndarray, starts: Starts, exact: Any) -> Iterator[Factored]:
    """count(d, o): the groups (deal, q, G) times R[q, o] (the coarse enumeration ``rest``
    divided by W[q]), summed by (d, o), in blocks."""
    kt = len(t_index)
    dealt = np.zeros(kt**4, dtype=exact)  # W[q]
    np.add.at(dealt, q, weight)
    rows: list[tuple[int, int, int]] = []
    outcomes: dict[tuple[Any, ...], int] = {}
    for ((p_cards, b_cards), rv, cv), count in rest.items():
        of_q = ((t_index[p_cards[0]] * kt + t_index[p_cards[1]]) * kt
                + t_index[b_cards[0]]) * kt + t_index[b_cards[1]]
        share, left = divmod(count, int(dealt[of_q]))
        if left:
            raise AssertionError("the coarse enumeration is not a multiple of its deals")
        rows.append((of_q, outcomes.setdefault((rv, cv), len(outcomes)), share))
    width = max(len(outcomes), 1)
    if starts.deal_size * width >= INT64_MAX:
        raise ValueError("too many outcomes to count by factoring")
    rows.sort()
    start = np.searchsorted(np.array([r[0] for r in rows], dtype=np.int64), np.arange(kt**4 + 1))
    outcome = np.array([r[1] for r in rows], dtype=np.int64)
    rest_ways = np.array([r[2] for r in rows], dtype=exact)
    # groups come sorted by deal values: a block of groups that ends where a deal does is
    # final; blocks of about BLOCK rows once each group is spread over its outcomes
    length = start[q + 1] - start[q]
    bounds, spread = [0], np.cumsum(length)
    while bounds[-1] < len(deal):
        done = int(spread[bounds[-1] - 1]) if bounds[-1] else 0
        hi = max(int(np.searchsorted(spread, done + BLOCK, side="right")), bounds[-1] + 1)
        if hi < len(deal):  # back to where the deal of row hi begins, or on past it
            hi = int(np.searchsorted(deal, deal[hi], side="left"))
            hi = hi if hi > bounds[-1] else int(np.searchsorted(deal, deal[bounds[-1]], "right"))
        bounds.append(min(hi, len(deal)))
    found = list(outcomes)
    for lo, hi in list(zip(bounds, bounds[1:])) or [(0, 0)]:
        which = np.repeat(np.arange(lo, hi), length[lo:hi])
        at = np.repeat(start[q[lo:hi]] - (spread[lo:hi] - length[lo:hi] - (
            spread[lo - 1] if lo else 0)), length[lo:hi]) + np.arange(len(which))
        code, ways = _summed(deal[which] * width + outcome[at],
                             weight[which].astype(exact, copy=False) * rest_ways[at])
        yield Factored(code // width, code % width, ways, starts, found)


# --- what it costs, known before it starts (``cost.py``) -------------------------------------

#: Measured cost of one unit of the work of factoring, fitted on 8-deck shoes (``test_cost.py``).
START_SECONDS, START_BYTES = 0.1e-6, 40  # an ordered start of four classes, a block at a time
ARRAY_ROW_SECONDS, ARRAY_ROW_BYTES = 0.3e-6, 130  # a row in arrays, its sorting and its frame included
DICT_ROW_SECONDS, DICT_ROW_BYTES = 1.2e-6, 200  # a row made a Python dict entry
BLOCK_ROW_SECONDS = 0.03e-6  # a row read a block at a time (settled in polars)
GROUP_BYTES = 24  # a deal group's arrays, held while a table is read in blocks
DEAL_READ_SECONDS = 0.12e-6  # a start's deal read and regrouped by what a bet reads of it
POLARS_TERM_SECONDS = 0.2e-9  # a term of a bet's conditions evaluated on a row, in polars
#: Bytes held for a term and a row while polars evaluates it (its bits of result and
#: validity, held until the condition's and/or is done; measured 0.005-0.007).
TERM_BYTES = 0.01
REST_ROW_SECONDS = 0.6e-6  # a row of the rest of the round met by the first cards' groups
NUMPY_BYTES = 60_000_000  # numpy and polars imported


def factored_cost(names: Names, wanted: Plan, counts: tuple[ClassCounts, ...],
                  rules: DrawingRules, rows_in_python: bool, blocks: bool,
                  grouping: Grouping | None) -> EnumerationCost:
    """The cost of factoring: every start of four fine classes, a row per deal value and
    outcome; held whole (``factored_counts``, its rows made Python dict entries where
    ``rows_in_python``) or read a block at a time (``factored_blocks``, where ``blocks``),
    its deals first grouped by what a bet reads of them where ``grouping`` is given.

    Measured in blocks: the ranks and suits of the four first cards and both totals (365
    million rows), 14.9 s and 671 MB; grouped by what a bet reads (``_regrouped``), 2.1 s;
    a condition of 32,000 terms read on 7.3 million deals, 40 s and 2.1 GB."""
    deal_cols, card_cols, _ = wanted.columns()
    kp, kb = len(counts[0]), len(counts[1])
    starts = kp * kp * kb * kb
    ordered = played_in_order(deal_cols, rules)
    # the Player's and the Banker's classes are those of the deal columns alone here
    deals = prod(col.most_values for col in deal_cols if len(col.hands) != 1)
    sides: tuple[Hand, Hand] = ("player", "banker")
    for side, found, is_ordered in zip(sides, counts, ordered):
        reader = SideReader(side, is_ordered, deal_cols, [])
        reps = [card for card, _ in found]
        deals *= len({reader.own((a, b))[0] for a in reps for b in reps})
    # a start ends in at most one outcome for each pair of third cards' coarse classes
    coarse = class_keys([], card_cols).third
    third = len({coarse(card) for card, _ in counts[0]})  # the Player's classes: the finest
    outcomes = values_product(wanted.round + wanted.cards)
    rows = min(min(starts, deals) * outcomes, starts * (third + 1) ** 2)
    cost = EnumerationCost(names, "factoring", starts, 0, rows, kp,
                           starts * START_SECONDS + rows * ARRAY_ROW_SECONDS,
                           BASE_BYTES + NUMPY_BYTES + min(starts, BLOCK) * START_BYTES
                           + rows * ARRAY_ROW_BYTES)
    if not blocks:
        return replace(cost, seconds=cost.seconds + rows * DICT_ROW_SECONDS,
                       memory=cost.memory + rows * DICT_ROW_BYTES) if rows_in_python else cost
    cost = replace(cost, seconds=starts * START_SECONDS + rows * BLOCK_ROW_SECONDS,
                   memory=BASE_BYTES + NUMPY_BYTES + starts * GROUP_BYTES
                   + min(rows, BLOCK) * ARRAY_ROW_BYTES)
    if grouping is None:
        return cost
    terms = grouping.terms
    if wanted.needs is None:  # every row read, a block at a time
        return replace(cost, seconds=cost.seconds + rows * terms * POLARS_TERM_SECONDS,
                       memory=cost.memory + int(min(rows, BLOCK) * terms * TERM_BYTES),
                       terms=terms)
    # every start's deal read (each term on it), then at most ``readings`` readings of each
    # of the four first cards' coarse classes, each spread over at most ``outcomes`` rows;
    # the rest of the round enumerated on the coarse classes and met in Python
    rows = min(rows, grouping.readings * third**4 * outcomes)
    cells = third**4 * (third + 1) ** 2  # the rest: each start's third cards
    rest = min(third**4 * outcomes, cells)
    return replace(cost, rows=rows, terms=terms, memory=cost.memory + int(
        starts * terms * TERM_BYTES) + rest * DICT_ROW_BYTES, seconds=(
            starts * (START_SECONDS + DEAL_READ_SECONDS + terms * POLARS_TERM_SECONDS)
            + rows * BLOCK_ROW_SECONDS + cells * CELL_SECONDS + rest * REST_ROW_SECONDS))
