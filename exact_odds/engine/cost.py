"""What an enumeration will cost, known before it starts, and its refusal in one line.

Each way of counting estimates itself beside its code, from what it will walk (counted
before the work) times what one of each cost when measured (``tests/test_cost.py``):
``round.round_cost``, ``hands.first_cards_cost``, ``fine.factored_cost``,
``dealt.dealt_only_cost``; ``enumerator.enumeration_cost`` picks the one that will run.
Here is what they share: the estimate, its refusal past ``MAX_SECONDS`` or ``MAX_ENUMERATION_MEMORY``
(one line naming the columns that split the cards finest), a column's number of values.

>>> from exact_odds.engine.enumerator import enumeration_cost
>>> from exact_odds.shoe import Shoe
>>> enumeration_cost(Shoe.from_decks(8), ("winner",)).too_large
False
>>> suits = [f"{hand}_{card}_suit" for hand in ("player", "banker")
...          for card in ("first", "second", "third")]
>>> cost = enumeration_cost(Shoe.from_decks(8), [*suits, *(s.replace("suit", "rank") for s in suits)])
>>> cost.too_large, cost.classes, cost.work
(True, 52, 7311616)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from math import prod

from exact_odds.cards import card_value
from exact_odds.engine.classes import class_partition
from exact_odds.engine.plan import Names
from exact_odds.errors import ExactOddsError
from exact_odds.limits import LIMITS, MAX_ENUMERATION_MEMORY, MAX_SECONDS
from exact_odds.sizes import bytes_text, count_text, seconds_text
from exact_odds.vocabulary import column

#: Bytes every enumeration holds: the interpreter and the engine's imports.
BASE_BYTES = 25_000_000
#: A row of a table built in Python dicts (the engine's and the caller's): seconds, bytes.
ROW_SECONDS, ROW_BYTES = 3.0e-6, 480


class EnumerationTooLarge(ExactOddsError, ValueError):
    """An enumeration whose estimated time or memory passes the limits."""


@dataclass(frozen=True)
class Grouping:
    """What a bet reads of the deal values of a table counted by factoring
    (``games.conditions.Parts``): at most ``readings`` distinct readings, and ``terms``
    terms of its conditions evaluated on each deal to read them."""

    readings: int
    terms: int


@dataclass(frozen=True)
class EnumerationCost:
    """What one enumeration would take: the way it is counted, the work it walks (pairs of
    hand groups or starts of four classes), the states and rows it holds, the classes of a
    Player card, and the estimated seconds and bytes."""

    columns: Names
    way: str  # "round", "first cards", "factoring" or "dealt hands"
    work: int  # pairs of hand groups, multisets of classes, ordered starts, or sequences
    states: int  # states of the round (an upper bound); 0 for the first cards
    rows: int  # rows of the table (an upper bound)
    classes: int  # the card classes a Player card is dealt from
    seconds: float
    memory: int
    terms: int = 0  # the terms of a bet's conditions evaluated on each row or deal, if counted

    @property
    def too_large(self) -> bool:
        return self.seconds > MAX_SECONDS or self.memory > MAX_ENUMERATION_MEMORY

    def check(self) -> None:
        """Refuse, in one line, an enumeration past ``MAX_SECONDS`` or ``MAX_ENUMERATION_MEMORY``."""
        if self.too_large:
            raise EnumerationTooLarge(self.describe())

    def describe(self) -> str:
        """What makes it large and what it would take, against the limits, in one line."""
        fine = fine_columns(self.columns)
        shown = fine or list(self.columns)
        named = ", ".join(shown[:4]) + (f" and {len(shown) - 4} more" if len(shown) > 4 else "")
        reading = (f"{'column' if len(fine) == 1 else 'columns'} {named} read "
                   f"{_attributes(fine)}" if fine else f"columns {named}")
        work = {"round": "pairs of hands", "first cards": "hands",
                "factoring": "four-card starts", "dealt hands": "pairs of hands"}[self.way]
        terms = f", conditions of {self.terms:,} terms read on each" if self.terms > 1000 else ""
        return (f"{reading} ({self.classes} classes a card): about {count_text(self.work)} {work}, "
                f"{count_text(self.rows)} outcomes{terms}, {seconds_text(self.seconds)} and "
                f"{bytes_text(self.memory)}; an enumeration may take at most "
                f"{LIMITS['MAX_SECONDS'].shown} and {LIMITS['MAX_ENUMERATION_MEMORY'].shown}")


def fine_columns(columns: Sequence[str]) -> list[str]:
    """The columns that split the cards finer than point values (ranks, suits, colours),
    those that split them finest first."""
    split = {name: len(class_partition(key)) for name in dict.fromkeys(columns)
             if (key := column(name).card_key) is not card_value}  # finer than points
    return sorted(split, key=lambda name: -split[name])


def _attributes(names: list[str]) -> str:
    """The card attributes the columns read, in words."""
    words = {"rank": ("rank", "pair", "aces", "twos", "threes", "fours", "fives", "sixes",
                      "sevens", "eights", "nines", "tens", "jacks", "queens", "kings"),
             "suit": ("suit", "hearts", "spades", "diamonds", "clubs"),
             "colour": ("colour", "red", "black")}
    found = [f"{word}s" for word, parts in words.items()
             if any(part in name for name in names for part in parts)] or ["ranks or suits"]
    return found[0] if len(found) == 1 else ", ".join(found[:-1]) + " and " + found[-1]


def values_product(names: Sequence[str]) -> int:
    """The most rows a table of these columns can have: the product of their values."""
    return prod(column(name).most_values for name in names)
