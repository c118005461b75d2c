"""Card classes: the shoe grouped into the coarsest classes the requested columns read.

An enumeration deals the Player's first cards from classes fine enough for every column,
the Banker's from classes fine enough for the columns that read the Banker's cards, and
the third cards from the classes the card columns read of them. Each class of one lies
inside one class of the next, so a card dealt is removed exactly from every count.

>>> [len(class_partition(key)) for key in class_keys([], [])[:3]]
[10, 10, 10]
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from functools import lru_cache
from typing import NamedTuple

from exact_odds.cards import DECK, card_value
from exact_odds.engine.plan import falling
from exact_odds.known import NOTHING, Known
from exact_odds.shoe import CARDS_PER_ROUND, Shoe
from exact_odds.vocabulary import Column, column

#: A card's class key: the card attributes a class is made of (point value first).
ClassKey = Callable[[str], tuple[Hashable, ...]]

#: A shoe's classes for one key: (a card of the class, the shoe's count of it) for each
#: class the shoe holds.
ClassCounts = tuple[tuple[str, int], ...]


class Classes:
    """The card classes of one enumeration and their counts: the Player's first cards'
    (``reps``, ``n``: fine enough for every column), the Banker's (``banker_reps``, ``nb``:
    for the columns that read the Banker's cards), the third cards' (``third_reps``, ``nt``:
    for the card columns). Each Player class lies inside one Banker class (``banker_of``),
    each Banker class inside one third-card class (``banker_third_of``). ``pad[m]``: the
    ways to fill the six positions a round of ``m`` cards leaves unused."""

    def __init__(self, first: ClassCounts, banker: ClassCounts, third: ClassCounts,
                 keys: Keys) -> None:
        banker_key, third_key = keys.banker, keys.third
        size = sum(count for _, count in first)
        self.pad = {m: falling(size - m, CARDS_PER_ROUND - m) for m in (2, 4, 5, 6)}
        self.reps = [card for card, _ in first]
        self.n = [count for _, count in first]
        self.banker_reps = [card for card, _ in banker]
        self.nb = [count for _, count in banker]
        self.third_reps = [card for card, _ in third]
        self.nt = [count for _, count in third]
        banker_index = {banker_key(card): k for k, card in enumerate(self.banker_reps)}
        third_index = {third_key(card): t for t, card in enumerate(self.third_reps)}
        self.banker_of = [banker_index[banker_key(card)] for card in self.reps]
        self.third_of = [third_index[third_key(card)] for card in self.reps]
        self.banker_third_of = [third_index[third_key(card)] for card in self.banker_reps]
        self.values = [card_value(card) for card in self.reps]
        self.banker_values = [card_value(card) for card in self.banker_reps]
        # each hand's third card is drawn from the classes its own columns read
        self.player_draw = Draw(self.third_reps, self.nt, keys.player_draw)
        self.banker_draw = Draw(self.third_reps, self.nt, keys.banker_draw)


class Draw:
    """The classes one hand's third card is drawn from, each a union of third classes."""

    def __init__(self, third_reps: list[str], nt: list[int], key: ClassKey) -> None:
        index: dict[Hashable, int] = {}
        self.reps: list[str] = []
        self.n: list[int] = []
        self.of: list[int] = []  # the draw class of each third class
        for card, count in zip(third_reps, nt):
            d = index.setdefault(key(card), len(self.reps))
            if d == len(self.reps):
                self.reps.append(card)
                self.n.append(0)
            self.n[d] += count
            self.of.append(d)
        self.values = [card_value(card) for card in self.reps]
        self.members = [[t for t, d in enumerate(self.of) if d == c] for c in range(len(self.reps))]


def class_partition(key: Callable[[str], Hashable]) -> tuple[tuple[str, ...], ...]:
    """The deck's cards grouped by ``key``, in the order ``Shoe.classes`` uses."""
    return tuple(tuple(DECK[i] for i in members) for _, members in _members(key))


class Keys(NamedTuple):
    """The class keys of an enumeration."""

    first: ClassKey  # the Player's first two cards
    banker: ClassKey  # the Banker's first two cards
    third: ClassKey  # the cards removed before a third card is drawn
    player_draw: ClassKey  # the Player's third card
    banker_draw: ClassKey  # the Banker's third card


def class_keys(deal_cols: Sequence[Column], card_cols: Sequence[Column],
               known: Known = NOTHING) -> Keys:
    """The class keys of an enumeration, each finer than the next: the third cards' reads
    what the card columns read; the Banker's that and what the deal columns read of the
    Banker's cards; the Player's all of it. Cards ``known`` by position: each key refined
    so that every set of known ranks is a union of its classes (``Known.refine``)."""
    third = [c.card_key for c in card_cols]
    banker = third + [c.card_key for c in deal_cols if "banker" in c.hands]
    first = banker + [c.card_key for c in deal_cols if "banker" not in c.hands]
    player_draw, banker_draw = ([c.card_key for c in card_cols if hand in c.hands]
                                for hand in ("player", "banker"))
    return Keys(*(known.refine(_joined(keys))
                  for keys in (first, banker, third, player_draw, banker_draw)))


def _joined(keys: list[Callable[[str], Hashable]]) -> ClassKey:
    """A class key of a card's point value and its value under each of ``keys``."""
    return lambda card: (card_value(card), *(key(card) for key in keys))


@lru_cache(maxsize=256)
def class_lookups(deal_names: tuple[str, ...], card_names: tuple[str, ...],
                  known: Known = NOTHING) -> tuple[ClassKey, ClassKey, ClassKey]:
    """The keys of the Player's, the Banker's and the third cards' classes for these deal
    and card columns (refined by what is ``known``), as lookups of the 52 cards: a shoe's
    classes (``shoe_classes``) are read in microseconds, for every request and every cost
    estimate."""
    keys = class_keys([column(n) for n in deal_names], [column(n) for n in card_names], known)
    first, banker, third = ({card: key(card) for card in DECK}.__getitem__ for key in keys[:3])
    return first, banker, third


@lru_cache(maxsize=256)
def ranked_lookup(key: ClassKey) -> ClassKey:
    """``key`` with each card's rank too (a game that values a hand by rank), as a lookup."""
    return {card: (card[0], *key(card)) for card in DECK}.__getitem__


def shoe_classes(shoe: Shoe, key: ClassKey) -> ClassCounts:
    """The shoe's classes by ``key``, in the order ``Shoe.classes`` gives them."""
    return _classes_of(shoe.counts, key)


@lru_cache(maxsize=4096)  # a report's cost estimates and its counts ask each shoe several times
def _classes_of(counts: tuple[int, ...], key: ClassKey) -> ClassCounts:
    found = ((card, sum(map(counts.__getitem__, members))) for card, members in _members(key))
    return tuple((card, count) for card, count in found if count)


@lru_cache(maxsize=256)
def _members(key: Callable[[str], Hashable]) -> tuple[tuple[str, tuple[int, ...]], ...]:
    """Each class of ``key``: its first card and the positions of its cards in ``DECK``."""
    groups: dict[Hashable, list[int]] = {}
    for i, card in enumerate(DECK):
        groups.setdefault(key(card), []).append(i)
    ordered = sorted(groups.values(), key=lambda members: card_value(DECK[members[0]]))
    return tuple((DECK[members[0]], tuple(members)) for members in ordered)
