"""Event conditions: the same answer from Python rows and from polars expressions, with
missing values (a third card not drawn) propagating as null, as the module documents."""

from __future__ import annotations

import re

import polars as pl
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from exact_odds.engine.enumerator import outcome_table
from exact_odds.games.condition_kinds import ConditionError
from exact_odds.games.conditions import Condition
from exact_odds.shoe import Shoe

COLUMNS = ["player_total", "banker_total", "player_cards", "player_third", "banker_third",
           "winner", "tie", "banker_wins", "player_natural", "player_third_suit"]
CONDITIONS = [
    "banker_wins and banker_total == 6",
    "player_third == 0",            # null (no third card) is not 0
    "not player_third == 0",        # nor is it "not 0": null propagates
    "player_third != 0",
    "player_cards in (3,) and player_total - banker_total >= 4",
    "abs(player_total - banker_total) == 9 or tie",
    "winner == 'player' and not (player_total in (8, 9))",
    "0 < player_total <= banker_total",
    "(player_total + banker_total) % 2 == 1",
    "player_total - banker_total in (-1, -2)",
    "player_third - 5 >= -2 or player_cards == 2",
]


@pytest.fixture(scope="module")
def table() -> pl.DataFrame:
    return outcome_table(Shoe.from_decks(2), COLUMNS)


def python_values(table: pl.DataFrame, condition: Condition) -> list[bool | None]:
    return [condition.value(row) for row in table.iter_rows(named=True)]


def polars_values(table: pl.DataFrame, condition: Condition) -> list[bool | None]:
    return table.with_columns(v=condition.to_polars())["v"].to_list()


@pytest.fixture(scope="module")
def rows(table) -> list[dict[str, object]]:
    """The table's rows as Python reads them, read once for every condition below."""
    return list(table.iter_rows(named=True))


@pytest.mark.parametrize("text", CONDITIONS)
def test_polars_expression_agrees_with_python(table, rows, text):
    condition = Condition.parse(text)
    assert [condition.value(row) for row in rows] == polars_values(table, condition)
    by_python = sum(row["ways"] for row in rows if condition.holds(row))
    by_polars = table.filter(condition.to_polars())["ways"].sum()
    assert by_python == by_polars
    assert 0 < by_python < table["ways"].sum()


def test_missing_third_card_is_null_and_its_negation_too(table):
    """The documented rule: a comparison with a missing card is neither true nor false, so
    an event reading it holds neither for ``x`` nor for ``not x``."""
    no_draw = table.filter(pl.col("player_third").is_null())["ways"].sum()
    zero = table.filter(pl.col("player_third") == 0)["ways"].sum()
    total = table["ways"].sum()
    ways = {t: table.filter(Condition.parse(t).to_polars())["ways"].sum() for t in CONDITIONS[1:4]}
    assert ways["player_third == 0"] == zero
    assert ways["not player_third == 0"] == total - zero - no_draw
    assert ways["player_third != 0"] == total - zero - no_draw
    assert no_draw > 0


@pytest.mark.parametrize("text, row, expected", [
    ("player_third >= 6", {"player_third": None}, None),
    ("not player_third >= 6", {"player_third": None}, None),
    ("player_third >= 6 and tie", {"player_third": None, "tie": False}, False),
    ("player_third >= 6 and tie", {"player_third": None, "tie": True}, None),
    ("player_third >= 6 or tie", {"player_third": None, "tie": True}, True),
    ("player_third >= 6 or tie", {"player_third": None, "tie": False}, None),
    ("player_third in (1, 2)", {"player_third": None}, None),
    ("player_third not in (1, 2)", {"player_third": None}, None),
    ("player_third % 2 == 0", {"player_third": None}, None),
    ("abs(player_third - 3) < 2", {"player_third": None}, None),
    ("player_cards == 2 or player_third >= 6", {"player_third": None, "player_cards": 2}, True),
    ("1 < player_third < 9", {"player_third": None}, None),
    ("9 < player_third < 1", {"player_third": None}, None),  # both links null: SQL's null AND null
])
def test_three_valued_logic(text, row, expected):
    condition = Condition.parse(text)
    assert condition.value(row) is expected
    assert condition.holds(row) is (expected is True)
    frame = pl.DataFrame([row], schema={k: (pl.Int8 if k != "tie" else pl.Boolean) for k in row})
    assert polars_values(frame, condition) == [expected]


def test_modulo_and_negative_numbers_follow_python():
    """``%`` is Python's (the result takes the divisor's sign), in Python and in polars."""
    frame = pl.DataFrame({"player_total": list(range(10)), "banker_total": [9 - t for t in range(10)]},
                         schema={"player_total": pl.Int8, "banker_total": pl.Int8})
    for text in ["(player_total - banker_total) % 4 == 1", "(player_total - banker_total) % -3 == -1",
                 "-player_total in (-9, -3)", "player_total * -2 < -10"]:
        condition = Condition.parse(text)
        rows = list(frame.iter_rows(named=True))
        assert [condition.value(r) for r in rows] == polars_values(frame, condition), text
        assert any(condition.holds(r) for r in rows), text


# --- Python against polars on random conditions ---------------------------------------

INTS = ["player_total", "banker_total", "player_cards", "player_third", "banker_third"]
BOOLS = ["tie", "banker_wins", "player_natural"]


def numbers(depth: int) -> st.SearchStrategy[str]:
    leaf = st.one_of(st.sampled_from(INTS), st.integers(-12, 12).map(str))
    if depth == 0:
        return leaf
    inner = numbers(depth - 1)
    return st.one_of(
        leaf,
        st.tuples(inner, st.sampled_from(["+", "-", "*"]), inner).map(lambda t: f"({t[0]} {t[1]} {t[2]})"),
        st.tuples(inner, st.sampled_from([2, 3, -3, 7])).map(lambda t: f"({t[0]} % {t[1]})"),
        inner.map(lambda x: f"abs({x})"),
        inner.map(lambda x: f"-{x}" if not x.startswith("-") else x),
    )


def truths(depth: int) -> st.SearchStrategy[str]:
    comparison = st.one_of(
        st.tuples(numbers(1), st.sampled_from(["==", "!=", "<", "<=", ">", ">="]), numbers(1))
        .map(" ".join),
        st.tuples(numbers(1), st.sampled_from(["in", "not in"]),
                  st.lists(st.integers(-9, 9), min_size=1, max_size=3))
        .map(lambda t: f"{t[0]} {t[1]} ({', '.join(map(str, t[2]))},)"),
        st.sampled_from(BOOLS),
        st.sampled_from(["winner == 'tie'", "winner != 'player'", "true", "false",
                         "player_third_suit == 'hearts'", "player_third_suit != 'spades'",
                         "player_third_suit in ('clubs', 'diamonds')",
                         "player_third_suit not in ('clubs',)"]),
    )
    if depth == 0:
        return comparison
    inner = truths(depth - 1)
    return st.one_of(
        comparison,
        inner.map(lambda x: f"not ({x})"),
        st.tuples(inner, st.sampled_from(["and", "or"]), inner).map(lambda t: f"({t[0]}) {t[1]} ({t[2]})"),
    )


@settings(max_examples=80, deadline=None)
@given(text=truths(2))
def test_random_conditions_agree_in_python_and_polars(table, text):
    """On every distinct row of the columns the condition reads (the rest of the table
    repeats them; a condition reading any other column fails, the column being absent)."""
    condition = Condition.parse(text)
    rows = table.select(sorted(condition.columns) or ["tie"]).unique()
    assert python_values(rows, condition) == polars_values(rows, condition)


def chains() -> st.SearchStrategy[str]:
    """Conditions and chains of three or four conditions under one ``and`` or ``or``: an
    and/or whose operands a split takes some of as one part."""
    return st.one_of(truths(1), st.tuples(st.lists(truths(1), min_size=3, max_size=4),
                                          st.sampled_from([" and ", " or "]))
                     .map(lambda t: t[1].join(f"({x})" for x in t[0])))


@settings(max_examples=120, deadline=None)
@given(text=chains(), inner=st.sets(st.sampled_from(COLUMNS), min_size=1))
def test_a_split_condition_reads_its_parts_as_the_condition_reads_the_row(table, text, inner):
    """``Condition.split``: each part that reads only the ``inner`` columns read once
    (``Parts.read``, polars) stands for the part, nulls included: the split condition is
    what the condition is on every row, in Python and in polars."""
    from exact_odds.games.conditions import Parts

    condition = Condition.parse(text)
    parts = Parts(inner)
    split = condition.split(parts)
    # every distinct row of the columns the condition and the parts read (the rest of the
    # table repeats them); a split reading any other column fails, the column being absent
    seen = table.select(sorted(condition.columns | inner)).unique()
    read = parts.read(seen.select(sorted(inner)), {})
    assert set(read.columns) == set(parts.names()) | parts.kept
    assert read.unique().height <= parts.readings()  # the bound the cost estimate takes
    assert split.columns <= (condition.columns - parts.inner) | set(read.columns)
    rows = pl.concat([seen.drop(sorted(inner)), read], how="horizontal")
    assert python_values(rows, split) == polars_values(rows, split) == python_values(seen, condition)


def test_a_split_names_each_part_once_and_keeps_bare_inner_columns():
    from exact_odds.games.conditions import Parts

    parts = Parts({"player_total", "player_cards"})
    first = Condition.parse("player_total > 5 and tie and player_cards == 3").split(parts)
    second = Condition.parse("player_cards == 3 and player_total > 5 or player_total == banker_total")
    second = second.split(parts)
    assert parts.names() == ["part 0", "part 1"] and parts.kept == {"player_total"}
    assert first.columns == {"part 0", "tie"}
    assert second.columns == {"part 1", "player_total", "banker_total"}


@pytest.mark.parametrize("text, words", [
    ("player_third", "not true or false"),
    ("winner < 3", "cannot compare"),
    ("winner == 'Banker'", "never 'Banker'"),
    ("banker", "unknown column"),
    ("player_total in banker_total", "list of values"),
    ("import os", "cannot read"),
    ("__import__('os')", "abs"),
    ("player_total ** 2 == 4", "only + - * and %"),
    ("player_total % 0 == 1", "% takes a whole number other than 0"),
    ("player_total % banker_total == 1", "% takes a whole number other than 0"),
    ("winner % 2 == 1", "arithmetic is on numbers"),
    ("player_total in (-banker_total, 2)", "plain values only"),
    ("player_total in (-'a', 2)", "plain values only"),
    ("-winner == 1", "a minus sign applies to a number"),
    ("tie == -1", "cannot compare"),
    ("player_total * 100000000000 * 100000000000 > 1", "beyond 2**62"),
    ("player_total is None", "not allowed"),
    ("player_first_colour == banker_first_suit", "never hold the same value"),
    ("player_first_rank in (1, 14)", "never 14"),
])
def test_bad_conditions(text, words):
    with pytest.raises(ConditionError, match=re.escape(words)):
        Condition.parse(text)
