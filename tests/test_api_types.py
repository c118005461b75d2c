"""The Python API refuses an argument of the wrong type with the library's own error, naming
the argument (issue 31, finding 4).

``BAD_CALLS`` holds, for every name of ``exact_odds.__all__``, calls with an argument of the
wrong type and the argument each must name; ``NOTHING_TO_CHECK`` the names that take no
argument, each with the reason (checked below). A name added to ``__all__`` without an entry
in one of them fails ``test_every_public_name_is_listed``: add its bad calls to BAD_CALLS.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from fractions import Fraction
from functools import cache

import pytest

import exact_odds
from exact_odds.errors import ExactOddsError


@cache
def _report():
    return exact_odds.game_report("rock-bac", decks=1, bets=["super-six"])


def _bet():
    return _report().bet("super-six")


def _game():
    return exact_odds.load_game("rock-bac")


def _shoe():
    return exact_odds.Shoe.from_decks(1)


#: Public name -> [(what the call is, the call, the argument its error names)].
BAD_CALLS: dict[str, list[tuple[str, Callable[[], object], str]]] = {
    "approval_workbook": [
        ("a report as its game's id", lambda: exact_odds.approval_workbook("rock-bac"), "report"),
    ],
    "BatchEvaluator": [
        ("a game as a number", lambda: exact_odds.BatchEvaluator(5), "game"),
        ("bets as a number", lambda: exact_odds.BatchEvaluator("rock-bac", bets=5), "bets"),
    ],
    "Game": [
        ("a bet id as a number", lambda: _game().bet(5), "bet_id"),
        ("an event as a number", lambda: _game().with_pay("super-six", 5, "1:1"), "event"),
        ("decks as text", lambda: _game().shoe(decks="8"), "decks"),
        ("cards removed as a number", lambda: _game().shoe(remove=5), "remove"),
        ("settings as a list", lambda: _game().setting_values(["x"]), "chosen"),
    ],
    "BetResult": [
        ("rounds as text", lambda: _bet().hold_band("10"), "rounds"),
        ("a confidence as text", lambda: _bet().volatility_index("x"), "confidence"),
    ],
    "GameReport": [
        ("a bet id as a number", lambda: _report().bet(5), "bet_id"),
    ],
    "Job": [
        ("a cut card as a float", lambda: exact_odds.game_job("rock-bac").dealt_with(
            cut_card=1.5), "cut_card"),
        ("decks beside a job", lambda: exact_odds.game_report(exact_odds.game_job("rock-bac"),
                                                              decks=1), "decks"),
    ],
    "game_job": [
        ("a game as a number", lambda: exact_odds.game_job(5), "game"),
        ("decks as text", lambda: exact_odds.game_job("rock-bac", decks="8"), "decks"),
        ("a seed as a float", lambda: exact_odds.game_job("rock-bac", seed=1.5, dealt=True),
         "seed"),
        ("a seed where nothing is dealt", lambda: exact_odds.game_job("rock-bac", seed=1),
         "seed"),
    ],
    "Shoe": [
        ("decks as text", lambda: exact_odds.Shoe.from_decks("8"), "decks"),
        ("counts as a number", lambda: exact_odds.Shoe.from_counts(5), "counts"),
        ("cards removed as a number", lambda: _shoe().remove(5), "cards"),
        ("a card as a number", lambda: _shoe().count(5), "card"),
    ],
    "batch_frame": [
        ("a game as a number", lambda: exact_odds.batch_frame(5, [[8] * 52]), "game"),
        ("bets as a number", lambda: exact_odds.batch_frame("rock-bac", [[8] * 52], bets=5),
         "bets"),
        ("progress as a flag", lambda: exact_odds.batch_frame("rock-bac", [[8] * 52],
                                                              progress=True), "progress"),
    ],
    "compare_games": [
        ("a game as a number", lambda: exact_odds.compare_games(5, "rock-bac"), "first"),
        ("decks as text", lambda: exact_odds.compare_games("rock-bac", "rock-bac", decks="8"),
         "decks"),
    ],
    "compare_reports": [
        ("a report as text", lambda: exact_odds.compare_reports("rock-bac", _report()), "first"),
    ],
    "countability_report": [
        ("shoes as a float", lambda: exact_odds.countability_report("rock-bac", shoes=1.5),
         "shoes"),
        ("shoes as text", lambda: exact_odds.countability_report("rock-bac", shoes="10"),
         "shoes"),
        ("cut cards as a number",
         lambda: exact_odds.countability_report("rock-bac", shoes=10, cut_cards=14), "cut_cards"),
        ("progress as a flag (issue 42: one callback everywhere)",
         lambda: exact_odds.countability_report("rock-bac", shoes=10, progress=True),
         "progress"),
    ],
    "effect_of_removal": [
        ("a report as text", lambda: exact_odds.effect_of_removal("rock-bac"), "report"),
        ("a grouping as a number", lambda: exact_odds.effect_of_removal(_report(), by=5), "by"),
    ],
    "known_card": [
        ("a report as text", lambda: exact_odds.known_card("rock-bac", 1), "report"),
        ("a card as a float", lambda: exact_odds.known_card(_report(), 1.5), "card"),
    ],
    "sorted_cards": [
        ("a report as text", lambda: exact_odds.sorted_cards("rock-bac", "6,7,8,9"), "report"),
        ("ranks as None", lambda: exact_odds.sorted_cards(_report(), None), "sort"),
        ("cards as a float", lambda: exact_odds.sorted_cards(_report(), "9", 1.5), "cards"),
    ],
    "best_sorts": [
        ("a report as text", lambda: exact_odds.best_sorts("rock-bac"), "report"),
        ("cards as a float", lambda: exact_odds.best_sorts(_report(), 1.5), "cards"),
        ("top as text", lambda: exact_odds.best_sorts(_report(), "1", top="3"), "top"),
    ],
    "explore": [
        ("a game as a number", lambda: exact_odds.explore(5), "game"),
        ("a shoe as a number", lambda: exact_odds.explore("rock-bac", shoe=8), "shoe"),
        ("bets as a number", lambda: exact_odds.explore("rock-bac", bets=5), "bets"),
    ],
    "find_event": [
        ("a name as None", lambda: exact_odds.find_event(_bet(), None), "name"),
        ("a bet as its id", lambda: exact_odds.find_event("super-six", "Banker wins with 6"),
         "bet"),
    ],
    "fraction_text": [
        ("a float", lambda: exact_odds.fraction_text(0.1), "value"),
        ("text", lambda: exact_odds.fraction_text("1/2"), "value"),
    ],
    "game_mistakes": [
        ("a game as a number", lambda: exact_odds.game_mistakes(5), "game"),
        ("bets as a number", lambda: exact_odds.game_mistakes("rock-bac", bets=5), "bets"),
    ],
    "game_report": [
        ("a game as a number", lambda: exact_odds.game_report(5), "game"),
        ("decks as text", lambda: exact_odds.game_report("rock-bac", decks="8"), "decks"),
        ("a shoe as a number", lambda: exact_odds.game_report("rock-bac", shoe=8), "shoe"),
        ("known cards as text", lambda: exact_odds.game_report("rock-bac", known="1=9"),
         "known"),
    ],
    "load_game": [("a game as a number", lambda: exact_odds.load_game(5), "game")],
    "load_rules": [("a name as a number", lambda: exact_odds.load_rules(5), "name")],
    "load_shoe": [("a path as a number", lambda: exact_odds.load_shoe(5), "path")],
    "load_table": [("a path as a number", lambda: exact_odds.load_table(5), "path")],
    "option_hands": [("rules as None", lambda: exact_odds.option_hands(None), "rules"),
                     ("rules by name", lambda: exact_odds.option_hands("21st-century"),
                      "rules")],
    "outcome_counts": [
        ("a shoe as a number", lambda: exact_odds.outcome_counts(8, ["winner"]), "shoe"),
        ("columns as a number", lambda: exact_odds.outcome_counts(_shoe(), 5), "columns"),
    ],
    "outcome_table": [
        ("a shoe as a number", lambda: exact_odds.outcome_table(8, ["winner"]), "shoe"),
        ("columns as a number", lambda: exact_odds.outcome_table(_shoe(), 5), "columns"),
    ],
    # the pay is parse_pay's one argument: its error starts with the pay given (the loader
    # puts the file, bet, event and field before it)
    "parse_pay": [("a pay as None", lambda: exact_odds.parse_pay(None), "None is not a pay"),
                  ("a pay as a float", lambda: exact_odds.parse_pay(0.5), "0.5 is not a pay")],
    "parse_table": [("a path as a number", lambda: exact_odds.parse_table({}, 5), "path")],
    "read_yaml": [("a path as a number", lambda: exact_odds.read_yaml(5), "path")],
    "rules_named": [
        ("a name as a number", lambda: exact_odds.rules_named(5), "name"),
        ("a strategy as a number", lambda: exact_odds.rules_named("21st-century", 5),
         "strategy"),
    ],
    "simulate": [
        ("a game as a number", lambda: exact_odds.simulate(5, 1), "game"),
        ("shoes as a float", lambda: exact_odds.simulate("rock-bac", 1.5), "shoes"),
        ("a seed as a float", lambda: exact_odds.simulate("rock-bac", 1, seed=1.5), "seed"),
        ("a trace as a number", lambda: exact_odds.simulate("rock-bac", 1, trace=5), "trace"),
        ("progress as a flag (issue 42: one callback everywhere)",
         lambda: exact_odds.simulate("rock-bac", 1, progress=True), "progress"),
    ],
    "solve_pay": [
        ("a bet as its id", lambda: exact_odds.solve_pay("super-six", "Banker wins with 6",
                                                         "5%"), "bet"),
        ("an event as a number", lambda: exact_odds.solve_pay(_bet(), 5, "5%"), "event"),
    ],
    "strategy_report": [
        ("a shoe as a number", lambda: exact_odds.strategy_report(8), "shoe or game"),
        ("a strategy as a number", lambda: exact_odds.strategy_report(_shoe(), 5), "strategy"),
        # once a ValueError from dict(): "dictionary update sequence element #0 has length 18"
        ("settings as a list", lambda: exact_odds.strategy_report(
            "chemin-de-fer", settings=["information=totals"]), "settings"),
    ],
    "symbolic_bet": [
        ("a bet as its id", lambda: exact_odds.symbolic_bet("super-six", ["x"]), "bet"),
        ("events as a number", lambda: exact_odds.symbolic_bet(_bet(), 5), "events"),
    ],
    "table_report": [("a table as a number", lambda: exact_odds.table_report(5), "table")],
}

#: Public names with no argument to check, and why (``test_nothing_to_check_is_so``).
NOTHING_TO_CHECK = {
    "__version__": "text, not callable",
    "COLUMNS": "a mapping of the outcome columns, not callable",
    "ExactOddsError": "the library's error itself",
    "builtin_games": "takes no argument",
    "tables_dir": "takes no argument",
}

CASES = [pytest.param(call, argument, id=f"{name}: {what}")
         for name, calls in sorted(BAD_CALLS.items()) for what, call, argument in calls]


def test_every_public_name_is_listed():
    """Issue 31: a public name without bad calls would go unchecked."""
    assert set(exact_odds.__all__) == set(BAD_CALLS) | set(NOTHING_TO_CHECK)
    assert not set(BAD_CALLS) & set(NOTHING_TO_CHECK)
    assert all(BAD_CALLS.values())


@pytest.mark.parametrize("call, argument", CASES)
def test_a_wrong_type_is_the_librarys_error_naming_the_argument(call, argument):
    """Issue 31, finding 4: ``countability_report(shoes='10')`` and ``Shoe.remove(5)`` ended
    in bare TypeErrors, ``find_event(bet, None)`` and ``option_hands(None)`` in internal
    AttributeErrors, ``fraction_text(0.1)`` printed the float's binary expansion. Each
    public call refuses a wrong type with an ExactOddsError whose message names the
    argument as Python spells it."""
    with pytest.raises(ExactOddsError) as refused:
        call()
    message = str(refused.value)
    assert message.startswith(argument if " " in argument else f"{argument}:"), message


def test_nothing_to_check_is_so():
    """The names said to take no argument take none; those that are not callable are not."""
    for name, why in NOTHING_TO_CHECK.items():
        value = getattr(exact_odds, name)
        if why == "takes no argument":
            assert not inspect.signature(value).parameters, name
        elif "not callable" in why:
            assert not callable(value), name


def test_a_right_type_still_works():
    """The checks refuse types, not values that were taken before."""
    assert exact_odds.fraction_text(Fraction(-1, 2)) == "-1/2"
    assert exact_odds.fraction_text(7) == "7"
    assert exact_odds.option_hands(exact_odds.load_rules("21st-century"))[0] == (0, 5)
    assert _shoe().remove("9D,KS").size == 50
    assert _shoe().remove(card for card in ("9D", "KS")).size == 50  # load_shoe gives these
    assert _game().shoe(decks=1, remove=iter(["9D"])).size == 51
    assert exact_odds.find_event(_bet(), "banker-wins-with-6").event == "Banker wins with 6"


def test_a_strategy_files_path_may_be_a_path(tmp_path):
    """`strategy=` takes a strategy file's path as a `Path` too, as `game=` does (it was
    refused: "give house-way, hit, stand or optimal", naming neither equilibrium nor a file)."""
    path = tmp_path / "mine.yaml"
    path.write_text('player:\n  "5": stand\n', encoding="utf-8")
    as_path = exact_odds.game_report("chemin-de-fer", decks=1, strategy=path)
    as_text = exact_odds.game_report("chemin-de-fer", decks=1, strategy=str(path))
    assert [bet.expected_value for bet in as_path.bets] == [
        bet.expected_value for bet in as_text.bets]
    with pytest.raises(ExactOddsError, match="equilibrium or a strategy file's path"):
        exact_odds.game_report("chemin-de-fer", decks=1, strategy=5)
