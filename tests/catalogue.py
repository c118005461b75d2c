"""One catalogue of the small shoes and the drawing rules the brute-force checks run on
(issue 29): each shoe named for what it holds, each rules set with what the brute force
(``bruteforce.py``) needs to play it. A test file picks the ones it needs by name:

    from catalogue import RULES, shoes
    SHOES = shoes("ten-values", "repeated-cards")
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from typing import NamedTuple

import bruteforce as bf

from exact_odds.rules import PUNTO_BANCO, DrawingRules, load_rules, rules_named

SHOES: dict[str, dict[str, int]] = {
    # ten cards, one of each point value, every rank different
    "ten-values": {"AS": 1, "2H": 1, "3D": 1, "4C": 1, "5S": 1, "6H": 1, "7D": 1, "8C": 1,
                   "9S": 1, "KH": 1},
    # identical cards repeated: three nines of diamonds, two fives of hearts, two kings of clubs
    "repeated-cards": {"9D": 3, "9S": 1, "5H": 2, "KC": 2, "QC": 1, "3S": 1},
    # no zero-valued cards and no 6, 7 or 8 at all
    "missing-values": {"AS": 2, "AH": 1, "2D": 1, "3C": 1, "4S": 2, "5H": 1, "9D": 1, "9H": 1},
    # pairs of every kind: same suit, same colour, mixed colours
    "pairs-and-colours": {"7H": 2, "7D": 1, "7S": 1, "6C": 2, "JH": 1, "JD": 1, "9C": 1,
                          "2S": 1},
    # only three point values: 0, 4 and 5
    "three-values": {"TS": 2, "KD": 2, "5C": 2, "5D": 1, "4H": 2},

    # every suit, both colours, repeated identical cards, pictures and tens
    "suits-and-pictures": {"7H": 2, "7S": 1, "KD": 1, "QC": 1, "TS": 1, "AC": 2, "3D": 1},
    # one suit only (every hand suited), low and high values
    "one-suit": {"AS": 1, "2S": 1, "3S": 1, "5S": 1, "6S": 1, "8S": 1, "9S": 1, "KS": 1,
                 "QS": 1},
    # repeated cards, nines of two suits, pairs, pictures and tens, no 6, 7 or 8
    "nines-and-pairs": {"9D": 2, "9S": 1, "5H": 2, "KC": 2, "3S": 1, "TD": 1},
    # sevens of two suits, a missing value
    "sevens": {"7S": 2, "7H": 1, "KD": 2, "TC": 1, "AS": 1, "6C": 1, "4D": 1},
    # suited kings and queens, two sevens of diamonds, low cards for ties without 6-9 (ten
    # cards: every side bet of test_side_bets reaches there every event it reached on twelve)
    "kings-queens-sevens": {"KH": 1, "QH": 1, "KS": 1, "QS": 1, "7D": 2, "2C": 1, "3H": 1,
                            "9S": 1, "4C": 1},
    # three aces, pictures of both colours, one card of each of 4, 5, 6, 8 (ten cards, as
    # above: the same events reached as on thirteen)
    "aces-and-pictures": {"AH": 2, "AD": 1, "5C": 1, "6S": 1, "8H": 1, "JD": 1, "QC": 1,
                          "4H": 1, "KC": 1},
    # rich in sevens and in zeros: both kinds of 7-7 tie happen
    "rich-in-sevens": {"7S": 2, "7H": 1, "7D": 1, "KD": 2, "TC": 2, "QS": 1, "JH": 1, "AS": 1, "6C": 1},
    # rich in nines of every suit, and in pairs
    "rich-in-nines": {"9D": 3, "9S": 2, "9H": 1, "9C": 1, "KD": 2, "5S": 1, "4H": 1, "AC": 1},
    # many two-card fives of every kind, and dealer naturals
    "fives": {"5S": 2, "5D": 1, "AH": 2, "4C": 2, "TD": 2, "2S": 1, "3H": 1, "9C": 1, "7D": 1},

    # larger shoes for the games of issue 39 (tests/games_bruteforce.py)
    # four threes and four sevens: Lucky Draw's bettor finds standing and drawing worth the
    # same, on his cards and on his total
    "threes-and-sevens": {"3S": 4, "7S": 4, "KS": 3, "5S": 1},
    # fourteen cards, eight values repeated, tens and kings
    "fourteen-cards": {"9D": 2, "TC": 2, "KH": 1, "5H": 2, "3C": 2, "AS": 1, "7H": 2, "6S": 2},
    # sixteen cards, nine values, a queen for the zeros
    "sixteen-cards": {"8D": 3, "QS": 3, "2H": 2, "4C": 2, "6S": 2, "9H": 2, "7C": 1, "AD": 1},
    # two decks of five ranks, three of them faces: three-card hands of three faces
    "two-decks-of-five-ranks": {"KS": 2, "QH": 2, "JD": 2, "5C": 2, "4S": 2},
    # every face, tens (not faces) and low cards, repeated: ties on points and faces
    "faces-and-tens": {"KS": 2, "KH": 1, "QD": 2, "JC": 1, "TS": 2, "9H": 2, "AD": 2, "3C": 1,
                       "7S": 1},
}


def shoes(*names: str) -> dict[str, dict[str, int]]:
    """The catalogue's shoes of these names, in this order."""
    return {name: SHOES[name] for name in names}


# --- drawing rules ----------------------------------------------------------------------------

class FrozenMapping(Mapping):
    """A read-only, hashable mapping (the engine caches by the rules it is given)."""

    def __init__(self, data: Mapping) -> None:
        self._data = dict(data)
        self._hash = hash(frozenset(self._data.items()))

    def __getitem__(self, key):
        return self._data[key]

    def __iter__(self) -> Iterator:
        return iter(self._data)

    def __len__(self) -> int:
        return len(self._data)

    def __hash__(self) -> int:
        return self._hash

    def __eq__(self, other) -> bool:
        return isinstance(other, FrozenMapping) and self._data == other._data


#: Two-card fives: (low, high) point values that total 5.
FIVES = [(0, 5), (1, 4), (2, 3), (6, 9), (7, 8)]

#: A decision on 5 by visible state that hits in some states and stands in others; states it
#: does not name (every up card of 7 to 9) follow the house way, hitting.
MIXED_ON_FIVE: dict[tuple[int, int, int], bool] = {
    (low, high, up): (low + 2 * up) % 3 != 0
    for low, high in FIVES for up in range(7)
}
assert set(MIXED_ON_FIVE.values()) == {True, False}


def mixed_decide(p1: str, p2: str, up: str) -> bool:
    """The same decision for the brute force, which hands over the cards themselves."""
    low, high = sorted((bf.point(p1), bf.point(p2)))
    return MIXED_ON_FIVE.get((low, high, bf.point(up)), True)


#: Baccarat Gold's bettor sees the Player's cards only: hit on 0-5 and 2-3, stand on the rest.
GOLD_ON_FIVE = {(low, high, None): low in (0, 2) for low, high in FIVES}


def gold_decide(p1: str, p2: str, up: str) -> bool:
    low, high = sorted((bf.point(p1), bf.point(p2)))
    return GOLD_ON_FIVE[(low, high, None)]


#: name -> (engine rules, brute-force rules, brute-force decision on 5)
_RULES = {
    "punto-banco": (PUNTO_BANCO, "punto-banco", None),
    "21c-house-way": (rules_named("21st-century", "house-way"), "21st-century", bf.always_hit),
    "21c-stand": (rules_named("21st-century", "stand"), "21st-century", bf.never_hit),
    "21c-mixed": (load_rules("21st-century").with_strategy(FrozenMapping(MIXED_ON_FIVE), "mixed"),
                  "21st-century", mixed_decide),
    "gold-house-way": (rules_named("baccarat-gold", "house-way"), "baccarat-gold", bf.always_hit),
    "gold-mixed": (load_rules("baccarat-gold").with_strategy(GOLD_ON_FIVE, "mixed"),
                   "baccarat-gold", gold_decide),
}


class Rules(NamedTuple):
    """A rules set: the engine's rules, the brute force's name for them, and the brute
    force's decision on 5 (``None``: the rules have no option)."""

    engine: DrawingRules
    brute: str
    decide: Callable[[str, str, str], bool] | None


RULES: dict[str, Rules] = {name: Rules(*value) for name, value in _RULES.items()}


def rules(*names: str) -> dict[str, Rules]:
    """The catalogue's rules sets of these names, in this order."""
    return {name: RULES[name] for name in names}
