"""Columns by kind (issue 27, part 3): round, deal and card columns are separate types,
each read from the cards of a round one way (``Column.read``, through ``read_round``).

Every column of the vocabulary is read here on every distinct explicit round of small
shoes and compared, round by round, with the independent brute force (tests/bruteforce.py:
each round played by its own tableau, every column computed from the explicit cards). A
reader that took another kind's path (a deal column read after the draw, a card column
without its third cards, a round column read from the wrong total or valuation) differs on
some round here, where a comparison of distributions could let two errors cancel.
"""

from __future__ import annotations

import bruteforce as bf

from exact_odds.rules import PUNTO_BANCO, load_rules
from exact_odds.vocabulary import COLUMNS, CardColumn, DealColumn, RoundColumn, read_round

#: Seven physical cards: a pair of sevens (one of each colour), four hearts, the nine of
#: diamonds and a picture (naturals, 9-point hands), small cards that draw
SHOE = {"7H": 1, "7S": 1, "9D": 1, "KC": 1, "3H": 1, "5H": 1, "AH": 1}

def test_every_column_is_one_kind_and_says_it():
    kinds = {RoundColumn: "round", DealColumn: "deal", CardColumn: "cards"}
    assert {type(col) for col in COLUMNS.values()} == set(kinds)
    assert all(col.kind == kinds[type(col)] for col in COLUMNS.values())


def test_every_column_reads_each_explicit_round_as_the_brute_force():
    names = list(COLUMNS)
    rounds = 0
    for outcome, _ in bf.card_rounds(SHOE):
        row = read_round(outcome["player_hand"], outcome["banker_hand"], names,
                         PUNTO_BANCO.round)
        assert row == {name: outcome[name] for name in names}, outcome["player_hand"]
        rounds += 1
    assert rounds > 500


def test_a_game_valued_by_rank_reads_each_explicit_round_as_the_brute_force():
    """Dragon Tiger: one card a hand, valued by rank, no draws; every column the brute
    force reads of it (``ranked_outcome``), on every ordered deal of a small shoe."""
    described = load_rules("dragon-tiger").round
    names = [name for name in bf.ranked_outcome(["AS"], ["KD"]) if name in COLUMNS]
    assert len(names) > 10
    for outcome, _ in bf.ranked_rounds(SHOE, 1):
        row = read_round(outcome["player_hand"], outcome["banker_hand"], names, described)
        assert row == {name: outcome[name] for name in names}, outcome["player_hand"]
