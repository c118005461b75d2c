"""Every card of the round: the card-level columns against explicit physical cards.

The columns that read ranks, suits and colours of any card (third cards included), the
counts of cards of each kind in a hand or the round, a hand's highest and lowest card and
whether it is suited, are computed here a second way: every physical card of a small shoe
is dealt explicitly (identical cards told apart), each round is played out with the
standard tableau written out below, and the columns are read off the cards by their
meaning in the README. The engine must agree count for count.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from functools import cache

import pytest

from exact_odds.engine.enumerator import outcome_counts
from exact_odds.shoe import Shoe
from exact_odds.vocabulary import COLUMNS

RANK_ORDER = "A23456789TJQK"
SUIT_WORDS = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
RANK_WORDS = ("aces", "twos", "threes", "fours", "fives", "sixes", "sevens", "eights",
              "nines", "tens", "jacks", "queens", "kings")

SHOES = {
    # suits and colours mixed, a ten and pictures, repeated cards (two identical sevens)
    "mixed": ("7H", "7H", "7S", "TD", "KC", "QH", "3D", "5C"),
    # two suits, four cards each: suited hands are common; one picture, an ace
    "suited": ("2H", "4H", "TH", "9H", "AS", "3S", "8S", "JS"),
}
#: Eight cards each (a ninth tripled the rounds dealt): together the two shoes still deal
#: every card-level column that a shoe of these cards can vary (every rank but the sixes,
#: both colours, every suit), draws and naturals; test_every_card_level_column_varies
#: holds it.

# the standard tableau: the Banker's action by its total, then the Player's third card
BANKER_DRAWS = {3: set(range(10)) - {8}, 4: set(range(2, 8)), 5: set(range(4, 8)), 6: {6, 7}}


def points(card: str) -> int:
    return min(RANK_ORDER.index(card[0]) + 1, 10) % 10


def play(shoe: tuple[str, ...]):
    """Every round of the shoe as (player cards, banker cards, orderings it stands for)."""
    size = len(shoe)
    rounds: Counter = Counter()

    def rest(used: int) -> int:
        ways = 1
        for i in range(6 - used):
            ways *= size - used - i
        return ways

    indices = range(size)
    for a in indices:
        for b in indices:
            for c in indices:
                for d in indices:
                    if len({a, b, c, d}) < 4:
                        continue
                    player, banker = [shoe[a], shoe[b]], [shoe[c], shoe[d]]
                    left = [i for i in indices if i not in (a, b, c, d)]
                    pt = (points(player[0]) + points(player[1])) % 10
                    bt = (points(banker[0]) + points(banker[1])) % 10
                    if pt >= 8 or bt >= 8 or (pt >= 6 and bt >= 6):
                        rounds[(tuple(player), tuple(banker))] += rest(4)
                        continue
                    if pt >= 6:  # Player stands, Banker (0-5) draws
                        for e in left:
                            rounds[(tuple(player), (*banker, shoe[e]))] += rest(5)
                        continue
                    for e in left:
                        third = points(shoe[e])
                        hand = (*player, shoe[e])
                        if bt <= 2 or third in BANKER_DRAWS.get(bt, ()):
                            for f in left:
                                if f != e:
                                    rounds[(hand, (*banker, shoe[f]))] += 1
                        else:
                            rounds[(hand, tuple(banker))] += rest(5)
    return rounds


Hands = tuple[str, ...]


def reader(name: str) -> Callable[[Hands, Hands], object]:
    """A card column's reading of the explicit cards (player's, banker's), from its name,
    which is read once: the reading is then applied to every round of a shoe."""
    rank = lambda card: RANK_ORDER.index(card[0]) + 1  # noqa: E731
    readers = {"rank": rank, "suit": lambda card: SUIT_WORDS[card[1]],
               "colour": lambda card: "red" if card[1] in "HD" else "black", "value": points}
    if name == "cards_dealt":
        return lambda player, banker: len(player) + len(banker)
    scope, _, rest = name.partition("_")
    cards: Callable[[Hands, Hands], Hands]
    if name.endswith("_dealt"):
        rest, cards = name[: -len("_dealt")], lambda player, banker: player + banker
    else:
        hand = {"player": 0, "banker": 1}[scope]
        cards = lambda player, banker: (player, banker)[hand]  # noqa: E731
    for position, index in (("first_", 0), ("second_", 1), ("third_", 2)):
        if rest.startswith(position):
            read_card = readers[rest[len(position):]]
            return lambda player, banker: (read_card(cards(player, banker)[index])
                                           if index < len(cards(player, banker)) else None)
    if rest in ("low_card", "high_card"):
        pick = min if rest == "low_card" else max
        return lambda player, banker: pick(points(cards(player, banker)[0]),
                                           points(cards(player, banker)[1]))
    if rest.startswith(("high_", "low_")):
        most = max if rest.startswith("high_") else min
        read_card = readers[rest.split("_")[1]]
        return lambda player, banker: most(read_card(card) for card in cards(player, banker))
    if rest == "suited":
        return lambda player, banker: len({card[1] for card in cards(player, banker)}) == 1
    if rest in RANK_WORDS:
        letter = RANK_ORDER[RANK_WORDS.index(rest)]
        return lambda player, banker: sum(card[0] == letter for card in cards(player, banker))
    if rest == "ten_value_cards":
        return lambda player, banker: sum(points(card) == 0 for card in cards(player, banker))
    if rest in ("red_cards", "black_cards"):
        colour, read_colour = rest[:-6], readers["colour"]
        return lambda player, banker: sum(read_colour(card) == colour
                                          for card in cards(player, banker))
    if rest in SUIT_WORDS.values():
        return lambda player, banker: sum(SUIT_WORDS[card[1]] == rest
                                          for card in cards(player, banker))
    raise KeyError(name)


#: the card-level columns checked here (the rest are checked against tests/bruteforce.py)
CARD_LEVEL = tuple(name for name, c in COLUMNS.items()
                   if c.kind == "cards" or name.startswith(("player_first_", "player_second_",
                                                            "banker_first_", "banker_second_",
                                                            "player_third_", "banker_third_"))
                   or name in ("banker_low_card", "banker_high_card", "cards_dealt"))


@cache
def explicit_rounds(shoe: str):
    return play(SHOES[shoe])


@cache  # a column asked again (read together with others, or on each engine path)
def readings(shoe: str, column: str) -> tuple[object, ...]:
    """The column's reading of every explicit round of the shoe, in ``explicit_rounds``'
    order."""
    read = reader(column)
    return tuple(read(player, banker) for player, banker in explicit_rounds(shoe))


@cache  # the same columns are asked of each of the engine's two paths
def brute(shoe: str, columns: tuple[str, ...]) -> dict[tuple, int]:
    counts: Counter = Counter()
    keys = zip(*(readings(shoe, c) for c in columns))
    for key, ways in zip(keys, explicit_rounds(shoe).values()):
        counts[key] += ways
    return dict(counts)


def test_every_card_level_column_is_checked():
    assert len(CARD_LEVEL) >= 90
    for name in CARD_LEVEL:
        reader(name)(("AS", "KH", "7D"), ("2C", "TD"))  # every name has a reading here


def test_every_card_level_column_varies():
    """The small shoes are small, not blind: each card-level column takes at least two
    values on one of them (read off the explicit cards), but for the sixes, which neither
    holds."""
    blind = {name for name in CARD_LEVEL
             if all(len(set(readings(shoe, name))) < 2 for shoe in SHOES)}
    assert blind == {"player_sixes", "banker_sixes", "sixes_dealt"}


#: The card-level columns of the first cards (ranks, suits, colours and values by position,
#: the Banker's lower and higher card): deal columns, counted both ways (``engine_path``)
FIRST_CARDS = tuple(name for name in CARD_LEVEL if COLUMNS[name].kind == "deal")
#: The others, a dozen at a time
CHUNKS = [rest[i:i + 12] for rest in [tuple(n for n in CARD_LEVEL if n not in FIRST_CARDS)]
          for i in range(0, len(rest), 12)]


@pytest.mark.slow  # a brute-force cross-check: left out of `pytest -m "not slow"`
@pytest.mark.parametrize("shoe", list(SHOES))
def test_the_first_cards_agree_with_explicit_cards(shoe, engine_path):
    engine = outcome_counts(Shoe.from_counts(Counter(SHOES[shoe])), FIRST_CARDS)
    assert engine == brute(shoe, FIRST_CARDS)


@pytest.mark.slow
@pytest.mark.parametrize("shoe", list(SHOES))
@pytest.mark.parametrize("columns", CHUNKS, ids=lambda c: c[0])
def test_card_columns_agree_with_explicit_cards(shoe, columns):
    engine = outcome_counts(Shoe.from_counts(Counter(SHOES[shoe])), columns)
    assert engine == brute(shoe, columns)


@pytest.mark.parametrize("columns", [
    ("player_third_suit", "banker_third_suit", "player_suited", "banker_suited"),
    ("red_cards_dealt", "player_high_rank", "banker_low_rank", "tens_dealt"),
    ("player_first_rank", "banker_first_rank", "player_second_suit", "player_third_rank"),
])
def test_card_columns_read_together(columns, engine_path):
    engine = outcome_counts(Shoe.from_counts(Counter(SHOES["mixed"])), columns)
    assert engine == brute("mixed", columns)
