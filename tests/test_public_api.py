"""The public Python API (what ``import exact_odds`` gives): pinned, imported lazily,
never shadowed by a module, and a wrong argument is one clear error naming it."""

from __future__ import annotations

import subprocess
import sys

import pytest
from clirun import modules_loaded

API_ERRORS = [
    ("game_report(123)", "game"),
    ("game_report('rock-bac', decks='8')", "decks"),
    ("game_report('rock-bac', decks=8.0)", "decks"),
    ("game_report('rock-bac', shoe='x')", "shoe"),
    ("game_report('rock-bac', settings=['a'])", "settings"),
    ("game_report('21st-century', strategy=5)", "strategy"),
    ("Shoe.from_counts(['9D'])", "counts"),
    ("Shoe.from_decks(8).count('ZZ')", "ZZ"),
    ("load_game(None)", "game"),
    ("load_shoe(123)", "shoe"),
    ("load_shoe(None)", "shoe"),
    ("outcome_table(8, ['winner'])", "shoe"),
    ("outcome_counts(None, ['winner'])", "shoe"),
    ("effect_of_removal('rock-bac')", "report"),
    ("compare_reports('a', 'b')", "first"),
    ("compare_games(None, 'rock-bac')", "game"),
    ("strategy_report('8 decks', 'optimal')", "8 decks"),  # a game's id, or a Shoe
    ("strategy_report(8, 'optimal')", "game"),
    ("strategy_report(Shoe.from_decks(8), 'sometimes')", "sometimes"),
    ("symbolic_bet('super-six', ['x'])", "bet"),
    ("symbolic_bet(REPORT.bet('super-six'), 5)", "events"),
    ("solve_pay(REPORT.bet('super-six'), 'Banker wins with 6', 0.05)", "edge"),
    ("solve_pay(REPORT.bet('super-six'), 'Banker wins with 6', '1e999999999')", "edge"),
    ("load_game('rock-bac').with_pay('super-six', 5, '1 to 1')", "event"),
]

SIMULATE_ERRORS = [
    ({"shoes": 10.5}, "shoes"),
    ({"workers": "2"}, None),  # digits as text are read
    ({"seed": 1.5}, "seed"),
    ({"seed": 2**200}, "seed"),
    ({"play": "count", "tags": "0=1", "threshold": 0.5}, "threshold"),
    ({"min_edge": float("nan")}, "min_edge"),
    ({"play": "count", "tags": 5, "threshold": 1}, "tags"),
    ({"cut_card": 14.5}, "cut_card"),
    ({"burn": -1}, "burn"),
    ({"play": "sometimes"}, "play"),
    ({"trace": 123}, "trace"),
]


def test_the_report_path_imports_neither_polars_nor_sympy_nor_numpy():
    """The report path imports neither polars nor sympy nor numpy (issue 12)."""
    assert not modules_loaded("report", "rock-bac") & {"polars", "sympy", "numpy"}


def test_the_public_api_is_pinned():
    """``import exact_odds`` gives these names (deferred: nothing heavy is imported). (Issue 12.)"""
    import exact_odds

    assert exact_odds.__all__ == [
        "__version__", "BatchEvaluator", "BetResult", "COLUMNS", "ExactOddsError", "Game",
        "GameReport", "Job", "Shoe", "approval_workbook", "batch_frame", "best_sorts",
        "builtin_games", "compare_games", "compare_reports", "countability_report",
        "effect_of_removal", "explore", "find_event", "fraction_text", "game_job",
        "game_mistakes", "game_report", "known_card", "load_game", "load_rules",
        "load_shoe", "load_table", "option_hands", "outcome_counts", "outcome_table",
        "parse_pay", "parse_table", "read_yaml", "rules_named", "simulate", "solve_pay",
        "sorted_cards", "strategy_report", "symbolic_bet", "table_report", "tables_dir"]
    for name in exact_odds.__all__:
        assert getattr(exact_odds, name) is not None, name
    done = subprocess.run([sys.executable, "-c", "import sys, exact_odds; "
                           "print(sorted(m for m in ('polars', 'sympy', 'numpy', 'yaml', 'click') "
                           "if m in sys.modules))"], capture_output=True, text=True, timeout=60)
    assert done.stdout.strip() == "[]", done.stderr


def test_all_names_every_deferred_import():
    """All names every deferred import (issue 12)."""
    import exact_odds

    # outcome_counts and outcome_table are checked wrappers defined in the facade (issue 18)
    checked = {"outcome_counts", "outcome_table"}
    assert sorted(exact_odds.__all__[1:]) == sorted({*exact_odds._WHERE, *checked})
    for name in checked:
        assert callable(getattr(exact_odds, name))


def test_no_public_name_is_shadowed_by_a_module_of_the_package():
    """Importing ``exact_odds.x`` sets the package's attribute ``x`` to the module: a public
    function named like a subpackage (``render``, ``countability``) would turn into that
    module once anything imported it. Every module imported first, each public name is
    still what ``_WHERE`` says. (Issue 12.)"""
    import importlib
    import pkgutil
    from types import ModuleType

    import exact_odds

    for found in pkgutil.walk_packages(exact_odds.__path__, "exact_odds."):
        if not found.name.endswith("__main__"):
            importlib.import_module(found.name)
    shadowed = [name for name in exact_odds.__all__[1:]
                if isinstance(getattr(exact_odds, name), ModuleType)]
    assert shadowed == []


def test_every_public_name_has_a_home():
    """Every public name has a home (issue 12)."""
    import exact_odds

    defined_here = {"__version__", "outcome_counts", "outcome_table"}  # checked wrappers
    assert set(exact_odds.__all__) == {*defined_here, *exact_odds._WHERE}


def _report():
    import exact_odds

    return exact_odds.game_report("rock-bac", bets=("super-six",))


@pytest.mark.parametrize("call, needle", API_ERRORS)
def test_a_wrong_type_to_a_public_function_is_a_clear_error(call, needle):
    """At 26ed11e each of these was an AttributeError or TypeError from deep inside. (Issue 18.)"""
    import exact_odds
    from exact_odds.errors import ExactOddsError

    names = {name: getattr(exact_odds, name) for name in exact_odds.__all__}
    if "REPORT" in call:
        names["REPORT"] = _report()
    with pytest.raises(ExactOddsError) as raised:
        eval(call, names)
    assert needle.lower() in str(raised.value).lower()


@pytest.mark.parametrize("arguments, needle", SIMULATE_ERRORS)
def test_simulate_checks_its_arguments(arguments, needle):
    """Simulate checks its arguments (issue 18)."""
    from exact_odds.errors import ExactOddsError
    from exact_odds.simulation import simulate

    given = {"shoes": 2, "bets": ["tie"], "seed": 1, **arguments}
    shoes = given.pop("shoes")
    if needle is None:
        assert simulate("rock-bac", shoes, **given).bet("tie").rounds_per_shoe > 1
        return
    with pytest.raises(ExactOddsError) as raised:
        simulate("rock-bac", shoes, **given)
    assert str(raised.value).startswith(needle), raised.value


def test_one_string_of_bets_or_cards_is_read_as_written():
    """One string of bets or cards is read as written (issue 18)."""
    import exact_odds
    from exact_odds.batch.shoes import batch_frame
    from exact_odds.simulation import simulate

    report = exact_odds.game_report("rock-bac", bets="tie", remove="9D,KS")
    assert [b.id for b in report.bets] == ["tie"] and report.shoe.size == 414
    assert exact_odds.Shoe.from_decks(8).remove("9D KS").size == 414
    assert exact_odds.Shoe([8] * 52) == exact_odds.Shoe.from_decks(8)
    assert [b.id for b in simulate("rock-bac", 2, bets="tie", seed=1).bets] == ["tie"]
    assert "tie_numerator" in batch_frame("rock-bac", [[8] * 52], bets="tie").columns
    table = exact_odds.outcome_table(exact_odds.Shoe.from_decks(8), "winner")
    assert table["ways"].sum() == 4_998_398_275_503_360


@pytest.mark.parametrize("shoes, needle", [
    ("notarray", "shoes"), ([[8] * 51], "52"), ([[8.7] * 52], "whole number"),
    ([[True] * 52], "whole number"), ([[-1] * 52], "shoe 0"),
])
def test_batch_frame_refuses_counts_it_would_cut(shoes, needle):
    """At 26ed11e 8.7 became 8 and a flag a one-deck shoe. (Issue 18.)"""
    from exact_odds.batch.evaluator import BatchError
    from exact_odds.batch.shoes import batch_frame

    with pytest.raises(BatchError, match=needle):
        batch_frame("rock-bac", shoes, bets=["tie"])


def test_render_refuses_what_is_not_a_result():
    """Render refuses what is not a result (issue 18)."""
    from exact_odds.errors import InputTypeError
    from exact_odds.render import render

    with pytest.raises(InputTypeError, match="result"):
        render(5, "json")


def test_a_float_money_amount_from_python_is_refused():
    """A float money amount from python is refused (issue 18)."""
    from exact_odds import countability_report
    from exact_odds.errors import LimitError

    with pytest.raises(LimitError, match="float"):
        countability_report("ez-baccarat", bets=["dragon-7"], shoes=2, max_bet=0.5)


@pytest.mark.parametrize("kwargs, name", [
    ({"rounds_per_hour": 80}, "rounds_per_hour goes with max_bet"),
    ({"levels": [0]}, "levels:"), ({"cut_cards": "14,"}, "cut_cards:"),
])
def test_countability_from_python_names_its_arguments(kwargs, name):
    """Countability from python names its arguments (issue 18)."""
    from exact_odds import countability_report
    from exact_odds.errors import ExactOddsError

    with pytest.raises(ExactOddsError, match=name):
        countability_report("ez-baccarat", bets=["dragon-7"], shoes=2, **kwargs)
