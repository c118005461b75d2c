"""One tiny shoe per rules chart, every column of the vocabulary in one table, against the
independent brute force (tests/bruteforce.py): the fast loop's check that the engine counts.

The shoe has eight cards: two alike, every suit and both colours, a picture and a ten,
values that make naturals, stands and every kind of draw. The brute force deals each of its
20,160 ordered six-card sequences card by card, and the engine must agree count for count
on every round, deal and card column at once, through each of its two ways of counting
deal columns (``engine_path``: the hand groups paired directly, or the first cards'
classes times the rest of the round).
"""

from __future__ import annotations

from collections import defaultdict
from functools import cache

import bruteforce as bf
import pytest

from exact_odds.engine.enumerator import outcome_counts
from exact_odds.rules import PUNTO_BANCO, rules_named
from exact_odds.shoe import Shoe
from exact_odds.vocabulary import COLUMNS

TINY = {"9D": 2, "KS": 1, "5H": 1, "TC": 1, "3D": 1, "AS": 1, "7H": 1}

#: Few distinct cards, each repeated: hands of one class and of alike classes group together,
#: the Player and the Banker hold cards of one class, and the first cards' ranks and suits
#: are finer than what the rest of the round reads (the point values).
REPEATS = {"9D": 2, "9S": 1, "KS": 2, "QH": 1, "5H": 2}
FEW = ("player_first_rank", "banker_second_suit", "player_pair", "banker_pair_same_colour",
       "nines", "winner", "banker_third")

#: Each rules chart of tables/rules: (the engine's rules, the brute force's, its decision on 5)
CHARTS = {
    "punto-banco": (PUNTO_BANCO, "punto-banco", None),
    "21st-century": (rules_named("21st-century", "house-way"), "21st-century", bf.always_hit),
    "baccarat-gold": (rules_named("baccarat-gold", "house-way"), "baccarat-gold", bf.always_hit),
}


@cache
def brute_counts(shoe: str, chart: str, names: tuple[str, ...]) -> dict[tuple, int]:
    """The brute force's count of each reading of ``names`` over every explicit deal of the
    shoe under the chart: computed once, for both of the engine's paths."""
    _, brute_rules, decide = CHARTS[chart]
    counts = {"tiny": TINY, "repeats": REPEATS}[shoe]
    brute: dict[tuple, int] = defaultdict(int)
    for outcome, ways in bf.card_rounds(counts, brute_rules, decide):
        brute[tuple(outcome[name] for name in names)] += ways
    return dict(brute)


def test_the_brute_force_reads_every_column():
    assert set(COLUMNS) <= set(bf.COLUMNS) | set(bf.CARD_COLUMNS)
    assert sum(TINY.values()) == sum(REPEATS.values()) == 8


@pytest.mark.parametrize("chart", list(CHARTS))
def test_every_column_on_a_tiny_shoe(chart, engine_path):
    names = tuple(COLUMNS)
    assert outcome_counts(Shoe.from_counts(TINY), names, CHARTS[chart][0]) == brute_counts(
        "tiny", chart, names)


@pytest.mark.parametrize("chart", list(CHARTS))
def test_a_few_columns_on_a_tiny_shoe_of_repeated_cards(chart, engine_path):
    assert outcome_counts(Shoe.from_counts(REPEATS), FEW, CHARTS[chart][0]) == brute_counts(
        "repeats", chart, FEW)


def test_the_up_card_decides_the_players_draw(engine_path):
    """21st Century with a decision on 5 that reads the up card (hit where the low card plus
    twice the up card is not a multiple of 3): Banker hands alike in all the columns read
    but their first card may not meet the Player's draw alike."""
    from exact_odds.rules import load_rules

    fives = [(0, 5), (1, 4), (2, 3), (6, 9), (7, 8)]
    on_five = {(low, high, up): (low + 2 * up) % 3 != 0 for low, high in fives for up in range(10)}
    rules = load_rules("21st-century").with_strategy(on_five, "mixed")

    def decide(p1: str, p2: str, up: str) -> bool:
        low, high = sorted((bf.point(p1), bf.point(p2)))
        return on_five[(low, high, bf.point(up))]

    names = ("winner", "player_cards", "banker_cards", "player_total")
    brute: dict[tuple, int] = defaultdict(int)
    for outcome, ways in bf.rounds(TINY, "21st-century", decide):
        brute[tuple(outcome[name] for name in names)] += ways
    assert outcome_counts(Shoe.from_counts(TINY), names, rules) == brute
