"""A side's two-card hands in groups, and the ways to deal a Player group then a Banker group.

Hands that the drawing rules and every column see alike are summed into one group. A Player
group and a Banker group are paired once: the Banker's ways from the full classes, less the
ways that use a card the Player holds, an exact correction that only classes both groups
hold can need (``pair_weight``).
"""

from __future__ import annotations

from collections.abc import Hashable
from itertools import combinations_with_replacement
from math import comb, factorial, prod
from typing import TYPE_CHECKING, Any, NamedTuple

from exact_odds.engine.classes import Classes
from exact_odds.engine.cost import BASE_BYTES, ROW_BYTES, ROW_SECONDS, EnumerationCost, values_product
from exact_odds.engine.plan import Counts, Names, falling
from exact_odds.vocabulary import CardColumn, DealColumn, Hand

if TYPE_CHECKING:
    from exact_odds.rules import DrawingRules

#: The classes a hand's first and second cards may be of, where cards are known by position
#: (None: any class).
Allowed = tuple[frozenset[int] | None, frozenset[int] | None]
ANY: Allowed = (None, None)


#: The two sides, in the order they are dealt.
SIDES: tuple[Hand, Hand] = ("player", "banker")


def two_card_hands(k: int, ordered: bool, allowed: Allowed = ANY) -> list[tuple[int, int, int]]:
    """Two-card hands as (first class, second class, orderings it stands for): of a hand in
    no order, those of its two orderings whose cards are of the classes ``allowed`` at the
    hand's first and second places.

    >>> two_card_hands(2, False), two_card_hands(2, False, (frozenset({1}), None))
    ([(0, 0, 1), (0, 1, 2), (1, 1, 1)], [(0, 1, 1), (1, 1, 1)])
    """
    first, second = (range(k) if classes is None else classes for classes in allowed)
    found = []
    for i in range(k):
        for j in range(k) if ordered else range(i, k):
            mult = (i in first and j in second) + (not ordered and i != j
                                                   and j in first and i in second)
            if mult:
                found.append((i, j, mult))
    return found


def reads_in_order(deal_cols: list[DealColumn], hand: Hand) -> bool:
    return any(c.ordered and hand in c.hands for c in deal_cols)


def played_in_order(deal_cols: list[DealColumn], rules: DrawingRules) -> tuple[bool, bool]:
    """Whether the Player's and the Banker's two cards are told apart by order in a round
    played out: where a column reads which came first, and the Banker's where the rules
    read his up card."""
    return (reads_in_order(deal_cols, "player"),
            rules.uses_up_card or reads_in_order(deal_cols, "banker"))


class OneHand(NamedTuple):
    """A group's hand where it holds one: its cards' Banker classes, the orderings it stands
    for, and the counts of the two classes."""

    x: int
    y: int
    orderings: int
    n_x: int
    n_y: int


class HandGroup:
    """Two-card hands of one side that the drawing rules and every column see alike: the
    same point values, the same third-card classes and the same column values.

    ``weight`` sums the hands' ways; ``by_class`` and ``by_pair`` carry what the other side
    needs to remove the cards exactly (``pair_weight``), keyed by Banker classes."""

    __slots__ = ("values", "total", "thirds", "own", "shared", "features", "rep", "weight",
                 "by_class", "by_pair", "mask", "hand")

    def __init__(self, values: tuple[int, int], thirds: tuple[int, ...],
                 own: tuple[tuple[Hashable, ...], tuple[Hashable, ...]], shared: int,
                 features: int, rep: tuple[str, str]) -> None:
        self.values = values
        self.total = (values[0] + values[1]) % 10
        self.thirds = thirds
        self.own = own  # the values of the columns that read this hand alone: deal, partial
        self.shared = shared  # an id of what the columns reading both hands see of this one
        self.features = features  # an id of (own, shared)
        self.rep = rep  # one of its hands, to read the columns from
        self.weight: int = 0
        self.by_class: dict[int, int] = {}
        self.by_pair: dict[tuple[int, int], int] = {}
        self.mask = 0  # the Banker classes its hands hold, as bits
        self.hand: OneHand | None = None


class SideReader:
    """What the columns read of one side's two-card hand: the values of the columns that
    read this hand alone (deal values, card partials), and what the columns reading both
    hands see of it, each card's attribute (its ``card_key``). The vocabulary reads cards
    through nothing else (``tests/test_vocabulary_keys.py``)."""

    def __init__(self, side: Hand, ordered: bool, deal_cols: list[DealColumn],
                 card_cols: list[CardColumn]) -> None:
        self._deal = [c.of_deal for c in deal_cols if c.hands == (side,)]
        self._partial = [c.partial for c in card_cols if c.hands == (side,)]
        self._keys = [c.card_key for c in [*deal_cols, *card_cols]
                      if len(c.hands) != 1 and side in c.hands]
        self._ordered = ordered

    def own(self, hand: tuple[str, str]) -> tuple[tuple[Hashable, ...], tuple[Hashable, ...]]:
        """The deal values and card partials of the columns that read this hand alone."""
        return (tuple(read(hand, hand) for read in self._deal),
                tuple(read(hand, hand) for read in self._partial))

    def seen(self, hand: tuple[str, str]) -> tuple[Hashable, ...]:
        """What the columns reading both hands see of this one."""
        views = []
        for key in self._keys:
            cards = (key(hand[0]), key(hand[1]))
            views.append(cards if self._ordered else tuple(sorted(cards, key=repr)))
        return tuple(views)


def hand_groups(classes: Classes, side: Hand, ordered: bool, deal_cols: list[DealColumn],
                 card_cols: list[CardColumn], thirds: bool, allowed: Allowed = ANY
                 ) -> list[HandGroup]:
    """One side's two-card hands, grouped (``allowed``: the classes its first and second
    cards may be of, where they are known by position).

    Player hands are dealt from the full classes; a group keeps, per Banker class ``x``,
    the sum of ``w * c_x`` and per pair of classes ``w * c_x * c_y`` (``c``: the hand's
    cards in each Banker class). Banker hands are dealt from the Banker classes as if no
    card were gone; a group keeps what removing the Player's cards takes off
    (``pair_weight``)."""
    player = side == "player"
    n = classes.n if player else classes.nb
    reps = classes.reps if player else classes.banker_reps
    values = classes.values if player else classes.banker_values
    third_of = classes.third_of if player else classes.banker_third_of
    banker_of = classes.banker_of if player else list(range(len(n)))
    reader = SideReader(side, ordered, deal_cols, card_cols)
    ids: dict[Hashable, int] = {}
    groups: dict[tuple[Hashable, ...], HandGroup] = {}
    for i, j, mult in two_card_hands(len(n), ordered, allowed):
        weight = mult * n[i] * (n[j] - (i == j))
        if not weight:
            continue
        hand = (reps[i], reps[j])
        own = reader.own(hand)
        sid = ids.setdefault(("shared", reader.seen(hand)), len(ids))
        fid = ids.setdefault((own, sid), len(ids))
        pair = (values[i], values[j]) if ordered else (min(values[i], values[j]),
                                                        max(values[i], values[j]))
        held = tuple(sorted((third_of[i], third_of[j]))) if thirds else ()
        key = (pair, held, fid)
        group = groups.get(key)
        x, y = banker_of[i], banker_of[j]
        if group is None:
            group = groups[key] = HandGroup(pair, held, own, sid, fid, hand)
            group.hand = OneHand(x, y, mult, n[i], n[j])
        else:
            group.hand = None
        group.weight += weight
        group.mask |= (1 << x) | (1 << y)
        if player:
            # c_x and c_x * c_y of the hand, times its ways
            group.by_class[x] = group.by_class.get(x, 0) + weight
            group.by_class[y] = group.by_class.get(y, 0) + weight
            for xy in ((x, x), (y, y), (x, y), (y, x)):
                group.by_pair[xy] = group.by_pair.get(xy, 0) + weight
        else:
            # ways = mult * (n_i - c_i) * (n_j - [i == j] - c_j), expanded in the Player's c
            group.by_class[i] = group.by_class.get(i, 0) + mult * (n[j] - (i == j))
            group.by_class[j] = group.by_class.get(j, 0) + mult * n[i]
            group.by_pair[(i, j)] = group.by_pair.get((i, j), 0) + mult
    return list(groups.values())


def pair_weight(player: HandGroup, banker: HandGroup) -> int:
    """The ways to deal a hand of the Player's group, then one of the Banker's from what is
    left: the Banker's ways from the full classes, less those that use a card the Player
    holds (only classes both groups hold can differ)."""
    one, other = player.hand, banker.hand
    if one and other:  # one hand each: remove the Player's cards directly
        x, y, u, v = one.x, one.y, other.x, other.y
        return player.weight * other.orderings * (other.n_x - (u == x) - (u == y)) * (
            other.n_y - (v == x) - (v == y) - (v == u))
    weight = player.weight * banker.weight
    if player.mask & banker.mask:  # the Banker's entries are fewer: one pair of classes a hand
        by_class, by_pair = player.by_class, player.by_pair
        for x, ways in banker.by_class.items():
            if x in by_class:
                weight -= ways * by_class[x]
        for xy, ways in banker.by_pair.items():
            if xy in by_pair:
                weight += ways * by_pair[xy]
    return weight


class DealKeys:
    """(deal column values, card partials) of a deal of two hand groups: the Player's own
    columns, the Banker's own, then those reading both hands (``plan``'s order); partials
    as (the Player's, the Banker's, both). Read once per pair of feature ids."""

    def __init__(self, deal_cols: list[DealColumn], card_cols: list[CardColumn]) -> None:
        self._both_deal = [c.of_deal for c in deal_cols if len(c.hands) != 1]
        self._both_partial = [c.partial for c in card_cols if len(c.hands) != 1]
        self._both: dict[tuple[int, int], tuple[tuple[Hashable, ...], tuple[Hashable, ...]]] = {}
        self._keys: dict[tuple[int, int], tuple[Any, ...]] = {}
        self.reads = bool(deal_cols or card_cols)  # False: every deal has the same key

    def both(self, player: tuple[str, str], banker: tuple[str, str]
             ) -> tuple[tuple[Hashable, ...], tuple[Hashable, ...]]:
        """The deal values and card partials of the columns that read both hands."""
        return (tuple(f(player, banker) for f in self._both_deal),
                tuple(f(player, banker) for f in self._both_partial))

    def __call__(self, pg: HandGroup, bg: HandGroup) -> tuple[Any, ...]:
        found = self._keys.get((pg.features, bg.features))
        if found is None:
            seen = self._both.get((pg.shared, bg.shared))
            if seen is None:
                seen = self._both[(pg.shared, bg.shared)] = self.both(pg.rep, bg.rep)
            (p_deal, p_partial), (b_deal, b_partial) = pg.own, bg.own
            found = self._keys[(pg.features, bg.features)] = (
                p_deal + b_deal + seen[0], (p_partial, b_partial, seen[1]))
        return found


def deal_counts(classes: Classes, deal_cols: list[DealColumn],
                known: tuple[Allowed, Allowed] | None = None) -> Counts:
    """Columns that read only the first cards: enumerate just the hands they read.
    ``known``: the classes the Player's and the Banker's first and second cards may be of,
    where cards among the first four are known by position: both hands dealt, in order."""
    # cards known: both hands dealt, each card of the classes allowed at its place
    hands_read = set(SIDES) if known else {hand for c in deal_cols for hand in c.hands}
    n, cards, out = classes.n, classes.reps, Counts()
    read = [c.of_deal for c in deal_cols]
    if known is None and all(c.as_a_set for c in deal_cols):
        # the four cards as a set: each multiset of classes stands for 4!/prod(k!) orders
        for combo in combinations_with_replacement(range(len(n)), 4):
            weight = classes.pad[4] * 24
            for index in set(combo):
                k = combo.count(index)
                weight = weight * falling(n[index], k) // factorial(k)
            if weight:
                picked = tuple(cards[index] for index in combo)
                key = (tuple(f(picked[:2], picked[2:]) for f in read), (), ())
                out[key] = out.get(key, 0) + weight
    elif hands_read == set(SIDES):
        deal_key = DealKeys(deal_cols, [])
        player_groups, banker_groups = (
            hand_groups(classes, side, reads_in_order(deal_cols, side), deal_cols, [], False,
                        allowed) for side, allowed in zip(SIDES, known or (ANY, ANY)))
        for pg in player_groups:
            for bg in banker_groups:
                weight = pair_weight(pg, bg)
                if weight:
                    key = (deal_key(pg, bg)[0], (), ())
                    out[key] = out.get(key, 0) + weight * classes.pad[4]
    else:  # one hand's cards: its groups, by the values of the columns that read it
        side = hands_read.pop()
        for group in hand_groups(classes, side, reads_in_order(deal_cols, side), deal_cols, [],
                                 False):
            key = (group.own[0], (), ())
            out[key] = out.get(key, 0) + group.weight * classes.pad[2]
    return out


#: Measured seconds of a multiset of four classes, or a pair of groups, of ``deal_counts``.
COMBINATION_SECONDS = 3.0e-6


def first_cards_cost(names: Names, classes: Classes, deal_cols: list[DealColumn],
                     known: tuple[Allowed, Allowed] | None = None) -> EnumerationCost:
    """The cost of ``deal_counts``, counted as it will walk: the multisets of four classes,
    the pairs of hand groups, or one hand's two-card hands; with cards ``known`` (the hands
    always paired), a bound: every two-card hand that agrees a group of its own."""
    k = len(classes.n)
    if known is not None:
        work = prod(len(two_card_hands(len(n), reads_in_order(deal_cols, side), allowed))
                    for side, n, allowed in zip(SIDES, (classes.n, classes.nb), known))
    elif all(col.as_a_set for col in deal_cols):
        work = comb(k + 3, 4)
    elif {hand for col in deal_cols for hand in col.hands} == {"player", "banker"}:
        work = prod(len(hand_groups(classes, side, reads_in_order(deal_cols, side), deal_cols,
                                    [], False)) for side in SIDES)
    else:
        work = k * k
    rows = min(work, values_product(names))
    return EnumerationCost(names, "first cards", work, 0, rows, k,
                           work * COMBINATION_SECONDS + rows * ROW_SECONDS,
                           BASE_BYTES + rows * ROW_BYTES)
