"""Compiled tables of rounds without draws (Dragon Tiger, Three Card Baccarat): every pair
of hands (multisets of classes, each standing for its orderings; sequences where a column
reads the order of a hand's cards) paired with numpy. What it costs (``dealt_only_cost``) is
known before any work.
"""

from __future__ import annotations

from functools import lru_cache
from math import comb
from typing import Any

import numpy as np

from exact_odds.engine.cost import BASE_BYTES, ROW_BYTES, EnumerationCost, values_product
from exact_odds.engine.fine import ids
from exact_odds.engine.plan import Names, plan
from exact_odds.engine.tally import CompiledCounts, allowed_classes, partition_of, tallied
from exact_odds.known import NOTHING, Known
from exact_odds.rules import DrawingRules
from exact_odds.vocabulary import RoundBase, RoundCards, VocabularyError, column, unreadable


@lru_cache(maxsize=64)
def dealt_only_counts(columns: Names, rules: DrawingRules, held: tuple[int, ...] | None = None,
                      known: Known = NOTHING) -> CompiledCounts:
    """Every pair of hands of a round without draws (Dragon Tiger, Three Card Baccarat),
    over the classes ``held`` (None: all); ``known``: those that agree with it
    (``compiled_counts``). Each hand is dealt as a multiset of classes (its orderings its
    weight; the classes at the known positions apart), or, where a column reads the order
    of a hand's cards, as a sequence; the hands are paired and ranked with numpy
    (``_dealt_hands``). Its cost (``dealt_only_cost``) is refused in one line past the limit
    before any work."""
    unread = unreadable(columns, rules.round)
    if unread:
        raise VocabularyError(unread)
    partition = partition_of(columns, rules, known)
    held = tuple(range(len(partition))) if held is None else held
    dealt_only_cost(columns, rules, len(held)).check()
    return _dealt_hands(columns, rules, partition, held, known)


def _reads_order(columns: Names) -> bool:
    """Whether a column reads which card of a hand came first (a first or second card)."""
    deal_cols = plan(columns).columns()[0]
    return any(c.ordered for c in deal_cols)


def _hand_variants(k: int, size: int, fixed: tuple[int, ...], allowed: dict[int, set[int]]
                   ) -> tuple[list[tuple[int, ...]], np.ndarray]:
    """Every hand of ``size`` cards of ``k`` classes as the classes at the slots ``fixed``
    (in that order) then the others sorted, with the orderings of its cards each stands
    for; a slot of ``allowed`` holds only its classes. Nothing fixed: each multiset once.

    >>> _hand_variants(2, 2, (), {})
    ([(0, 0), (0, 1), (1, 1)], array([1, 2, 1]))
    """
    from itertools import product

    found: dict[tuple[int, ...], int] = {}
    for hand in product(range(k), repeat=size):
        if all(hand[slot] in classes for slot, classes in allowed.items()):
            key = (*(hand[slot] for slot in fixed),
                   *sorted(hand[slot] for slot in range(size) if slot not in fixed))
            found[key] = found.get(key, 0) + 1
    hands = sorted(found)
    return hands, np.array([found[hand] for hand in hands], dtype=np.int64)


def _dealt_hands(columns: Names, rules: DrawingRules, partition: tuple[tuple[str, ...], ...],
                 held: tuple[int, ...], known: Known = NOTHING) -> CompiledCounts:
    """A round without draws: each hand a multiset of the held classes, standing for its
    orderings (the classes at the positions ``known`` names apart, ``_hand_variants``; each
    in its place where a column reads the order); the two hands paired with numpy, each
    pair's outcome coded by the hands' totals, which ranks higher, and what the columns
    reading one hand read of it (columns reading both hands: read per pair)."""
    described, wanted = rules.round, plan(columns)
    deal_cols, card_cols, round_cols = wanted.columns()
    reps = [partition[i][0] for i in held]
    size = described.cards
    local = {c: i for i, c in enumerate(held)}
    allowed = allowed_classes(partition, known)
    ordered = _reads_order(columns)
    sides = []  # each hand's variants, their weights and the place of each of their classes
    for side in ("player", "banker"):
        slot_of = {described.position(side, slot): slot for slot in range(size)}
        fixed = tuple(range(size)) if ordered else tuple(
            slot_of[p] for p in sorted(known.positions) if p in slot_of)
        limits = {slot_of[p]: {local[c] for c in classes.tolist() if c in local}
                  for p, classes in allowed.items() if p in slot_of}
        hands, weight = _hand_variants(len(reps), size, fixed, limits)
        slots = fixed + tuple(slot for slot in range(size) if slot not in fixed)
        sides.append((hands, weight, tuple(described.position(side, slot) for slot in slots)))
    cards = [[tuple(reps[c] for c in hand) for hand in hands] for hands, _, _ in sides]
    # a hand's key as one integer, compared as the key is: its place among every key dealt
    # (a ranking of any length; parts in a base would pass int64 past nine of them)
    keys = [[described.key(hand) for hand in side] for side in cards]
    place = {key: at for at, key in enumerate(sorted({*keys[0], *keys[1]}))}
    rank = [np.array([place[key] for key in side], dtype=np.int64) for side in keys]
    totals = [np.array([described.total(hand) for hand in side], dtype=np.int64)
              for side in cards]
    others = [c for c in deal_cols + card_cols if len(c.hands) == 1]
    both = [c for c in deal_cols + card_cols if len(c.hands) != 1]
    nothing = RoundBase(0, 0, size, size, None, None, None, None)
    own = [ids([tuple(c.read(RoundCards(nothing, hand, hand, None, None))
                      for c in others if c.hands == (side,)) for hand in hands])
           for side, hands in zip(("player", "banker"), cards)]
    p, b = (x.ravel() for x in np.meshgrid(np.arange(len(cards[0])), np.arange(len(cards[1])),
                                           indexing="ij"))
    order = np.sign(rank[0][p] - rank[1][b])
    base, bases = ids(list(zip(totals[0][p].tolist(), totals[1][b].tolist(), order.tolist())))
    code = (base * len(own[0][1]) + own[0][0][p]) * len(own[1][1]) + own[1][0][b]
    pairs: list[tuple[object, ...]] = []
    if both:  # read pair by pair
        extra, pairs = ids([tuple(c.read(RoundCards(nothing, cards[0][i], cards[1][j], None, None))
                                  for c in both) for i, j in zip(p.tolist(), b.tolist())])
        code = code * len(pairs) + extra
    index = np.array(held, dtype=np.int64)
    spread = [[index[np.array([hand[i] for hand in hands], dtype=np.int64)] for i in range(size)]
              for hands, _, _ in sides]
    read_cols = [c.of_round for c in round_cols]

    def read(at: int) -> tuple[Any, ...]:
        rest, extra_at = divmod(at, max(len(pairs), 1)) if both else (at, 0)
        rest, b_own = divmod(rest, len(own[1][1]))
        base_at, p_own = divmod(rest, len(own[0][1]))
        tp, tb, ranked = bases[base_at]
        round_base = RoundBase(tp, tb, size, size, None, None, None, None,
                               None if described.ranks_by_total else ranked)
        found = {c.name: v for c, v in zip([c for c in others if c.hands == ("player",)],
                                           own[0][1][p_own])}
        found.update(zip([c.name for c in others if c.hands == ("banker",)], own[1][1][b_own]))
        found.update(zip([c.name for c in both], pairs[extra_at] if both else ()))
        return (tuple(found[n] for n in wanted.deal), tuple(f(round_base) for f in read_cols),
                tuple(found[n] for n in wanted.cards))

    return tallied(columns, partition, [(code, [s[p] for s in spread[0]]
                                          + [s[b] for s in spread[1]])],
                    read, sides[0][1][p] * sides[1][1][b], known, sides[0][2] + sides[1][2])


#: Measured seconds to pair two hands with numpy; to read a pair's columns that read both
#: hands, in Python.
PAIR_SECONDS = 1e-6
BOTH_SECONDS = 20e-6


@lru_cache(maxsize=256)
def dealt_only_cost(names: Names, rules: DrawingRules, k: int) -> EnumerationCost:
    """The cost of ``dealt_only_counts`` over ``k`` card classes: every pair of hands
    (multisets of classes, or sequences where a column reads the order), paired with numpy."""
    outcomes = values_product(names)  # the rows: at most every combination of values
    hands = k ** rules.cards if _reads_order(names) else comb(k + rules.cards - 1, rules.cards)
    pairs = hands ** 2
    both = any(len(column(name).hands) == 2 for name in names)
    return EnumerationCost(names, "dealt hands", pairs, 0, min(pairs, outcomes), k,
                           pairs * (PAIR_SECONDS + both * BOTH_SECONDS),
                           BASE_BYTES + pairs * ROW_BYTES)
