"""One round, described once and played by one code: who gets which cards, how a hand is
valued and ranked, when the round ends on the first cards, and each hand's draw.

A game's drawing rules compile to a ``RoundDescription`` (``rules.round``). Its two tables
are the whole of the play:

* ``opening[low][high][up][other]``: what happens once the first four cards are dealt (the
  Player's two cards' point values, low first; the Banker's first (up) card and second
  card): ``STOOD`` (a natural, or both hands stand), ``PLAYER`` (the Player draws, then the
  Banker decides) or ``BANKER`` (the Player stands and the Banker draws);
* ``banker_after[up][other][x]``: whether the Banker draws after the Player's third card of
  point value ``x`` (``x`` 10: the Player stood).

Both are filled by ``round_of`` (``chart.py``) from the rules and the strategy a decision is
taken by, and every part of the program that plays a round reads them and nothing else: the
enumerator (``engine/round.py``, on groups of hands), the compiled tables of a batch
(``engine/compiled.py``, through ``deal``), the dealing of simulated shoes
(``simulation/dealing.py``, through ``deal``), the settlement's round codes (``totals``) and
the cost estimate. ``deal`` is the one function from the cards' point values in the order
dealt to the cards each hand takes.

Two families of round:

* **drawn** (the baccarat family): two cards to each hand, Player, Banker, Player, Banker;
  a hand's total its point values modulo 10; the rules' naturals end the round; then the
  Player's rule or decision and the Banker's chart or decision;
* **dealt only** (no chart): ``cards`` cards to each hand, no draw, a hand valued by
  ``valuation``: ``points`` (modulo 10) or ``rank`` (the sum of the ranks, ace 1 ... king
  13, as in Dragon Tiger).

Hands rank by ``ranking``: an ordered key of the hand's values, compared in turn, the
higher winning, equal keys tying. The default key is the total alone; a rules file may name
hand values of its own (``HandValue``: how many cards of some ranks a hand holds, or
whether all of its cards are of them) and rank by them, as Three Card Baccarat ranks three
faces first, then points, then faces. The first hand dealt is the vocabulary's ``player``
hand, the second its ``banker`` hand (Dragon and Tiger in Dragon Tiger).

>>> from exact_odds.rules.loader import load_rules
>>> tableau = load_rules("punto-banco").round
>>> tableau.cards, tableau.draws, tableau.natural[8]
(2, True, True)
>>> tableau.opening[2][3][3][0] == PLAYER, tableau.banker_after[3][0][8]
(True, False)
>>> tableau.total(("9S", "7H"))
6
>>> load_rules("dragon-tiger").round.total(("QS",))
12
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from functools import cached_property
from typing import TYPE_CHECKING, Literal

from exact_odds.cards import card_value

if TYPE_CHECKING:
    import numpy as np

#: How a hand is valued: baccarat points (modulo 10), or card ranks (ace 1 ... king 13).
Valuation = Literal["points", "rank"]
VALUATIONS: tuple[Valuation, ...] = ("points", "rank")

#: The two-card totals that are naturals in the baccarat family, where the rules have them
#: (the vocabulary's ``player_natural`` and ``banker_natural`` read the same).
NATURALS = (8, 9)

#: The most cards a round deals: two hands of at most three cards.
MOST_CARDS = 6

#: What the first four cards lead to (``RoundDescription.opening``).
STOOD, PLAYER, BANKER = 0, 1, 2
#: ``banker_after``'s column for a Player who stood.
STOOD_COLUMN = 10

#: The ranks, in order: a card's rank value is its place here plus one (ace 1 ... king 13).
RANK_ORDER = "A23456789TJQK"


def card_points(card: str, valuation: Valuation) -> int:
    """A card's value to its hand: its point value (0-9) or its rank (1-13).

    >>> card_points("KD", "points"), card_points("KD", "rank")
    (0, 13)
    """
    return card_value(card) if valuation == "points" else RANK_ORDER.index(card[0]) + 1


@dataclass(frozen=True)
class HandValue:
    """A value of a hand that a rules file names (``hands: values:``): how many of its cards
    are of ``ranks`` (``count``), or whether every card is (``all``). Each gives the
    vocabulary two columns, ``player_NAME`` and ``banker_NAME``.

    >>> faces = HandValue("faces", "count", frozenset("JQK"))
    >>> faces.of(("JS", "TD", "KH")), HandValue("three_faces", "all", frozenset("JQK")).of(("JS", "TD", "KH"))
    (2, False)
    """

    name: str
    kind: Literal["count", "all"]
    ranks: frozenset[str]

    def of(self, hand: tuple[str, ...]) -> int | bool:
        held = sum(card[0] in self.ranks for card in hand)
        return held if self.kind == "count" else held == len(hand)

    def reads(self, card: str) -> bool:
        """What the value reads of a card: whether it is of the ranks."""
        return card[0] in self.ranks


@dataclass(frozen=True)
class RoundDescription:
    """A round of one game, compiled from its drawing rules (``round_of``).

    ``cards``: the cards each hand is dealt before any draw; ``valuation``; ``draws``:
    whether the hands draw (the baccarat family). Where they do, ``natural[t]`` for a
    two-card total ``t`` that ends the round, and the two tables of the play (``opening``,
    ``banker_after``: the module's doc). ``values``: the hand values the rules name;
    ``ranking``: the key hands are compared by (``total`` and those values' names)."""

    cards: int
    valuation: Valuation
    draws: bool
    natural: tuple[bool, ...]
    opening: tuple[tuple[tuple[tuple[int, ...], ...], ...], ...] = ()
    banker_after: tuple[tuple[tuple[bool, ...], ...], ...] = ()
    values: tuple[HandValue, ...] = ()
    ranking: tuple[str, ...] = ("total",)
    #: whether the Player's draw reads the Banker's up card, and the Banker's draw his two
    #: cards rather than their total: the enumerator tells such hands apart
    reads_up_card: bool = field(default=False, compare=False)
    reads_banker_cards: bool = field(default=False, compare=False)
    #: the rules' strategy is mixed: the tables are one of the pure strategies it draws
    #: from, the rounds played as all of them (``DrawingRules.corners``), never by these
    mixed: bool = False

    def __hash__(self) -> int:
        # the compared fields, as the dataclass hashes them, once: the tables hold some
        # 11,000 values and a round is the cache key of every bet's settler
        return self._hash

    @cached_property
    def _hash(self) -> int:
        return hash(tuple(getattr(self, f.name) for f in fields(self) if f.compare))

    def __getstate__(self) -> dict[str, object]:
        """Pickled without its hash, which its strings' hashes make this process's own."""
        return {name: value for name, value in self.__dict__.items() if name != "_hash"}

    @property
    def most_cards(self) -> int:
        """The most cards a round of this game deals."""
        return 2 * self.cards + (2 if self.draws else 0)

    def position(self, hand: str, slot: int) -> int:
        """The place of a hand's card dealt before any draw in the order the cards leave the
        shoe (1: the first card out): the hands take their cards in turn, the player hand
        first; ``slot`` 0 is the hand's first card. A drawn round's third cards take the
        places after them (``positions``).

        >>> from exact_odds.rules.loader import load_rules
        >>> tableau = load_rules("punto-banco").round
        >>> [tableau.position(hand, slot) for slot in (0, 1) for hand in ("player", "banker")]
        [1, 2, 3, 4]
        """
        return 2 * slot + (1 if hand == "player" else 2)

    @property
    def positions(self) -> tuple[str, ...]:
        """Each place of a round's cards (``position``), in words, first out first: the
        hands' cards, then, in a drawn round, the first card drawn (the Player's third, or
        the Banker's where the Player stood) and the second (the Banker's third after the
        Player's). A card the round does not reach still lies at its place.

        >>> from exact_odds.rules.loader import load_rules
        >>> load_rules("punto-banco").round.positions[4]
        "the fifth card out: a third card, where one is drawn (the Player's, else the Banker's)"
        """
        ordinal = ("first", "second", "third", "fourth", "fifth", "sixth")
        dealt = [f"the {'player' if at % 2 == 0 else 'banker'} hand's {ordinal[at // 2]} card"
                 for at in range(2 * self.cards)]
        if self.draws:
            dealt += [f"the {ordinal[len(dealt)]} card out: a third card, where one is drawn "
                      "(the Player's, else the Banker's)",
                      f"the {ordinal[len(dealt) + 1]} card out: the Banker's third card, where "
                      "both hands draw"]
        return tuple(dealt)

    @property
    def ranks_by_total(self) -> bool:
        """Whether hands compare by their totals alone."""
        return self.ranking == ("total",)

    def value(self, card: str) -> int:
        """A card's value to its hand."""
        return card_points(card, self.valuation)

    def total(self, hand: tuple[str, ...]) -> int:
        """A hand's total: point values modulo 10, or the sum of its ranks."""
        total = sum(self.value(card) for card in hand)
        return total % 10 if self.valuation == "points" else total

    def key(self, hand: tuple[str, ...]) -> tuple[int, ...]:
        """What a hand ranks by, in order (``ranking``)."""
        named = {value.name: value for value in self.values}
        return tuple(self.total(hand) if name == "total" else int(named[name].of(hand))
                     for name in self.ranking)

    def order(self, player: tuple[str, ...], banker: tuple[str, ...]) -> int:
        """1 where the Player's hand ranks higher, -1 where the Banker's does, 0 a tie."""
        p, b = self.key(player), self.key(banker)
        return (p > b) - (p < b)

    def hand_values(self, hand: tuple[str, ...]) -> tuple[int | bool, ...]:
        """The hand's named values, in the rules' order."""
        return tuple(value.of(hand) for value in self.values)

    @cached_property
    def steps_by_totals(self) -> tuple[tuple[frozenset[int], ...], ...]:
        """The openings (``STOOD``, ``PLAYER``, ``BANKER``) that two-card totals ``[p][b]``
        can lead to, for the cost estimate."""
        found: list[list[set[int]]] = [[set() for _ in range(10)] for _ in range(10)]
        for low, by_high in enumerate(self.opening):
            for high, by_up in enumerate(by_high):
                for up, by_other in enumerate(by_up):
                    for other, step in enumerate(by_other):
                        found[(low + high) % 10][(up + other) % 10].add(step)
        return tuple(tuple(frozenset(steps) for steps in row) for row in found)

    # --- the play on arrays of cards (numpy, imported where rounds are dealt) -----------

    @cached_property
    def _tables(self) -> tuple[np.ndarray, np.ndarray]:
        import numpy as np

        if self.mixed:
            raise ValueError("a round under a mixed strategy is played as the pure strategies "
                             "it draws from (DrawingRules.corners), not by one table")
        return (np.array(self.opening, dtype=np.int8).reshape(10, 10, 10, 10),
                np.array(self.banker_after, dtype=bool).reshape(10, 10, 11))

    def openings(self, p1: np.ndarray, b1: np.ndarray, p2: np.ndarray, b2: np.ndarray
                 ) -> np.ndarray:
        """``opening`` for arrays of the first four cards' point values, in deal order."""
        import numpy as np

        found: np.ndarray = self._tables[0][np.minimum(p1, p2), np.maximum(p1, p2), b1, b2]
        return found

    def banker_draws_after(self, b1: np.ndarray, b2: np.ndarray, third: np.ndarray
                           ) -> np.ndarray:
        """``banker_after`` for arrays of the Banker's two cards' point values and the
        Player's third card's (``STOOD_COLUMN``: he stood)."""
        found: np.ndarray = self._tables[1][b1, b2, third]
        return found

    def deal(self, values: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """The play of rounds given by the point values of their six cards in the order they
        come out of the shoe (columns 4 and 5 read only where a hand draws): whether the
        Player takes a third card (the fifth card) and whether the Banker does (the sixth
        card where the Player drew, else the fifth)."""
        import numpy as np

        if not self.draws:
            none = np.zeros(len(values), dtype=bool)
            return none, none.copy()
        step = self.openings(values[:, 0], values[:, 1], values[:, 2], values[:, 3])
        player = step == PLAYER
        third = np.where(player, values[:, 4], STOOD_COLUMN)
        banker = (step == BANKER) | (player & self.banker_draws_after(values[:, 1], values[:, 3],
                                                                      third))
        return player, banker

    def totals(self, values: np.ndarray, dealt: np.ndarray) -> np.ndarray:
        """Each hand's total from its cards' values (rows of a hand's cards; ``dealt``:
        which are held)."""
        import numpy as np

        found: np.ndarray = np.where(dealt, values, 0).sum(axis=1)
        return found % 10 if self.valuation == "points" else found
