"""Event conditions: the same answer from Python rows and from polars expressions."""

from __future__ import annotations

import re

import polars as pl
import pytest

from exact_odds.engine.enumerator import outcome_table
from exact_odds.games.conditions import Condition, ConditionError
from exact_odds.shoe import Shoe

COLUMNS = ["player_total", "banker_total", "player_cards", "player_third", "winner", "tie",
           "banker_wins"]
CONDITIONS = [
    "banker_wins and banker_total == 6",
    "player_third == 0",            # null (no third card) is not 0
    "not player_third == 0",        # so this holds when no card was drawn
    "player_third != 0",            # and this does not
    "player_cards in (3,) and player_total - banker_total >= 4",
    "abs(player_total - banker_total) == 9 or tie",
    "winner == 'player' and not (player_total in (8, 9))",
    "0 < player_total <= banker_total",
]


@pytest.fixture(scope="module")
def table() -> pl.DataFrame:
    return outcome_table(Shoe.from_decks(2), COLUMNS)


@pytest.mark.parametrize("text", CONDITIONS)
def test_polars_expression_agrees_with_python(table, text):
    condition = Condition.parse(text)
    by_python = sum(row["ways"] for row in table.iter_rows(named=True) if condition.holds(row))
    by_polars = table.filter(condition.to_polars())["ways"].sum()
    assert by_python == by_polars
    assert 0 < by_python < table["ways"].sum()


def test_null_third_card_semantics(table):
    no_draw = table.filter(pl.col("player_third").is_null())["ways"].sum()
    zero = table.filter(pl.col("player_third") == 0)["ways"].sum()
    total = table["ways"].sum()
    ways = {t: table.filter(Condition.parse(t).to_polars())["ways"].sum() for t in CONDITIONS[1:4]}
    assert ways["player_third == 0"] == zero
    assert ways["not player_third == 0"] == total - zero
    assert ways["player_third != 0"] == total - zero - no_draw


@pytest.mark.parametrize("text, words", [
    ("player_third", "not true or false"),
    ("winner < 3", "cannot compare"),
    ("winner == 'Banker'", "never 'Banker'"),
    ("banker", "unknown column"),
    ("player_total in banker_total", "list of values"),
    ("import os", "cannot read"),
    ("__import__('os')", "abs"),
    ("player_total ** 2 == 4", "only + - *"),
])
def test_bad_conditions(text, words):
    with pytest.raises(ConditionError, match=re.escape(words)):
        Condition.parse(text)
