"""The card columns (every card's rank, suit, colour and value; counts per hand and per
round; high and low cards; suited hands) against the brute force, count for count.

The brute force (tests/bruteforce.py, ``card_features``) computes them from the explicit
card strings of every round of a small shoe; it never reads the engine's vocabulary.
"""

from __future__ import annotations

from functools import cache

import bruteforce as bf
import pytest
from catalogue import rules, shoes

from exact_odds.engine.enumerator import outcome_counts
from exact_odds.shoe import Shoe
from exact_odds.vocabulary import COLUMNS

SHOES = shoes("suits-and-pictures", "one-suit")
RULES = rules("punto-banco", "21c-house-way")

CARD_COLUMNS = tuple(name for name in bf.CARD_COLUMNS)


@cache
def brute_rounds(shoe: str, rules: str) -> tuple[tuple[dict, int], ...]:
    return tuple(bf.card_rounds(SHOES[shoe], RULES[rules][1]))


@cache
def brute(shoe: str, rules: str, columns: tuple[str, ...]) -> dict[tuple, int]:
    """The brute force's counts of these columns (once per columns: both of the engine's
    paths are compared with them)."""
    return bf.counts_of(brute_rounds(shoe, rules), columns)


def engine(shoe: str, rules: str, columns: tuple[str, ...]) -> dict[tuple, int]:
    counts = outcome_counts(Shoe.from_counts(SHOES[shoe]), columns, RULES[rules][0])
    return {key: ways for key, ways in counts.items() if ways}


def test_every_card_column_of_the_brute_force_is_in_the_vocabulary():
    missing = [name for name in CARD_COLUMNS if name not in COLUMNS]
    assert not missing, missing


#: Every card column, six at a time, each with how the round ended: under the 21st Century
#: rules on one shoe, under the tableau on the other (tests/test_card_columns.py checks them
#: under the tableau a second, independent way).
CHUNKS = [CARD_COLUMNS[i:i + 6] for i in range(0, len(CARD_COLUMNS), 6)]


@pytest.mark.slow
@pytest.mark.parametrize("shoe, rules", [("suits-and-pictures", "21c-house-way"),
                                         ("one-suit", "punto-banco")])
@pytest.mark.parametrize("columns", CHUNKS, ids="+".join)
def test_card_columns_with_the_round(shoe, rules, columns):
    columns = (*columns, "winner", "player_cards", "banker_total")
    assert engine(shoe, rules, columns) == brute(shoe, rules, columns)


GROUPS = [
    ("player_first_suit", "player_second_suit", "player_third_suit", "banker_third_colour"),
    ("player_first_rank", "banker_second_rank", "player_third_rank", "banker_third_rank"),
    ("red_cards_dealt", "spades_dealt", "sevens_dealt", "cards_dealt", "tie"),
    ("player_high_rank", "player_low_rank", "banker_high_value", "banker_low_value",
     "player_suited", "banker_suited"),
    ("banker_low_card", "banker_high_card", "player_low_card", "player_high_card", "dealer_up"),
    ("player_red_cards", "banker_black_cards", "player_kings", "banker_ten_value_cards",
     "player_pair_same_suit", "nines"),
]


@pytest.mark.slow
@pytest.mark.parametrize("shoe, rules", [("suits-and-pictures", "21c-house-way"),
                                         ("one-suit", "punto-banco")])
@pytest.mark.parametrize("columns", GROUPS, ids="+".join)
def test_card_columns_together(shoe, rules, columns, engine_path):
    assert engine(shoe, rules, columns) == brute(shoe, rules, columns)
