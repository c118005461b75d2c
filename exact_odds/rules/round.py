"""One round, described once: who gets which cards, how a hand is valued, the naturals, each
hand's draw, and how the hands compare, compiled from a game's drawing rules.

Every part of the program that plays a round reads this description and nothing else: the
enumerator (``engine/round.py``), the compiled tables of a batch (``engine/compiled.py``),
the dealing of simulated shoes (``simulation/dealing.py``) and the cost estimate
(``engine/round.round_cost``). Two families are described:

* **baccarat** (``valuation: points``): two cards to each hand, a hand's total its point
  values modulo 10, a two-card 8 or 9 a natural that ends the round, then the Player's rule
  and the Banker's chart;
* **dealt only** (``valuation: rank``, no chart): ``cards`` cards to each hand and no draw,
  a hand's total the sum of its ranks (ace 1 ... king 13), as in Dragon Tiger.

In both the higher total wins and equal totals tie. The first hand dealt is the vocabulary's
``player`` hand, the second its ``banker`` hand (Dragon and Tiger in Dragon Tiger).

>>> from exact_odds.rules.loader import load_rules
>>> tableau = load_rules("punto-banco").round
>>> tableau.cards, tableau.draws, tableau.natural[8], tableau.banker[3][8 + 1]
(2, True, True, False)
>>> tableau.total(("9S", "7H"))
6
>>> load_rules("dragon-tiger").round.total(("QS",))
12
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from exact_odds.cards import card_value

#: How a hand is valued: baccarat points (modulo 10), or card ranks (ace 1 ... king 13).
Valuation = Literal["points", "rank"]
VALUATIONS: tuple[Valuation, ...] = ("points", "rank")

#: The two-card totals that are naturals in the baccarat family (the vocabulary's
#: ``player_natural`` and ``banker_natural`` read the same).
NATURALS = (8, 9)

#: The most cards a round deals: two hands of at most three cards.
MOST_CARDS = 6


def card_points(card: str, valuation: Valuation) -> int:
    """A card's value to its hand: its point value (0-9) or its rank (1-13).

    >>> card_points("KD", "points"), card_points("KD", "rank")
    (0, 13)
    """
    return card_value(card) if valuation == "points" else "A23456789TJQK".index(card[0]) + 1


@dataclass(frozen=True)
class RoundDescription:
    """A round of one game, compiled from its drawing rules.

    ``cards``: the cards each hand is dealt before any draw; ``valuation``; ``draws``:
    whether the baccarat tableau applies (naturals and third cards). Where it does:
    ``natural[t]`` for a two-card total ``t`` that ends the round; ``player_on[t]`` whether
    the Player draws on a two-card ``t`` (rules that do not read the up card: else None);
    ``player[low][high][up]`` whether the Player draws on two cards of point values ``low``,
    ``high`` against the Banker's up card ``up``; ``banker[t][x + 1]`` whether the Banker
    draws on ``t`` after a Player third card of value ``x`` (column 0: the Player stood)."""

    cards: int
    valuation: Valuation
    draws: bool
    natural: tuple[bool, ...]
    player_on: tuple[bool, ...] | None
    player: tuple[tuple[tuple[bool, ...], ...], ...]
    banker: tuple[tuple[bool, ...], ...]

    @property
    def most_cards(self) -> int:
        """The most cards a round of this game deals."""
        return 2 * self.cards + (2 if self.draws else 0)

    def value(self, card: str) -> int:
        """A card's value to its hand."""
        return card_points(card, self.valuation)

    def total(self, hand: tuple[str, ...]) -> int:
        """A hand's total: point values modulo 10, or the sum of its ranks."""
        total = sum(self.value(card) for card in hand)
        return total % 10 if self.valuation == "points" else total
