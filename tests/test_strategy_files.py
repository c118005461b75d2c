"""A strategy given in a file (``--strategy FILE``, ``exact_odds.rules.strategies``): read back
from what ``exact-odds strategy --format json`` writes, it plays exactly the strategy that
command found; written by hand in YAML, each state's choice is played; anything else is one
``Error:`` line naming the file and the state."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest
from clirun import ok, one_error_line, run

from exact_odds.analysis.report import game_report
from exact_odds.games.loader import load_game
from exact_odds.rules.strategies import strategy_rules


def _values(report_json: str) -> dict[str, Fraction]:
    return {bet["id"]: Fraction(bet["expected_value"])
            for bet in json.loads(report_json)["bets"]}


@pytest.mark.parametrize("game, strategy, args", [
    ("chemin-de-fer", "equilibrium", ["--decks", "1"]),  # both sides, the Banker's mix
    ("lucky-draw", "optimal", ["--decks", "1"]),          # the bettor's, by his cards
    ("21st-century", "optimal", ["--decks", "1"]),        # by his cards and the up card
])
def test_a_strategy_read_back_plays_what_the_strategy_command_found(tmp_path, game, strategy,
                                                                     args):
    """The strategy command's JSON, given back as ``--strategy FILE``, is the same play: every
    bet's exact expected value that of the report under the strategy's name."""
    path = tmp_path / "strategy.json"
    path.write_text(ok("strategy", game, *args, "--format", "json"))
    found = _values(ok("report", game, *args, "--strategy", strategy, "--format", "json"))
    played = _values(ok("report", game, *args, "--strategy", str(path), "--format", "json"))
    assert played == found


def test_a_hand_written_strategy_is_played_state_by_state(tmp_path):
    """Kemeny and Snell's Player on a stood 5 (9/11), the Banker standing on 6 against a
    Player who stood (the tableau's choice) and drawing with 3 against an 8 (the tableau
    stands): the rules take each choice where it is named and the house way elsewhere."""
    rules = load_game("chemin-de-fer").rules_under({"information": "totals"})
    played = strategy_rules({"player": {"5": "9/11"}, "banker": {"6, stood": "stand",
                                                               "3, 8": "draw"}},
                            rules, "strategy.yaml")
    assert played.mixed == (("player", (5,), Fraction(9, 11)),)
    assert played.banker_draws(3, 8) and not rules.banker_draws(3, 8)
    assert not played.banker_draws(6, None)
    assert played.banker_draws(2, 5) == rules.banker_draws(2, 5)
    path = tmp_path / "strategy.yaml"
    path.write_text('player:\n  "5": 9/11\nbanker:\n  "6, stood": stand\n  "3, 8": draw\n')
    report = game_report("chemin-de-fer", decks=1, strategy=str(path),
                         settings={"information": "totals"})
    assert report.rules.mixed == played.mixed and report.rules.denominator == 11


@pytest.mark.parametrize("text, needles", [
    ("player:\n  '4': draw\n", ["state 4", "does not choose"]),            # a forced draw
    ("player:\n  '5,3': draw\n", ["state '5,3'", "point value"]),          # not his state
    ("player:\n  '5': 3/2\n", ["state '5'", "probability from 0 to 1"]),
    ("player:\n  '5': sometimes\n", ["state '5'", "not a number", "draw, stand or a probability"]),
    ("player:\n  '5': 1e-99999999\n", ["state '5'", "exponent beyond"]),   # no huge number made
    ("player:\n  '5': 1/0\n", ["state '5'", "divides by zero"]),
    ("banker:\n  '6, stood': draw\n  '6,stood': stand\n", ["given twice"]),
    ("- 5\n- draw\n", ["a mapping of player: and/or banker:"]),
    ("dealer:\n  '5': draw\n", ["a mapping of player: and/or banker:"]),
])
def test_a_wrong_strategy_file_is_one_error_line(tmp_path, text, needles):
    path = tmp_path / "strategy.yaml"
    path.write_text(text)
    one_error_line(run("report", "chemin-de-fer", "--decks", "1", "--set", "information=totals",
                       "--strategy", str(path)), "strategy.yaml", *needles)


def test_a_strategy_for_a_side_without_a_choice_is_refused(tmp_path):
    path = tmp_path / "strategy.yaml"
    path.write_text("banker:\n  '6, stood': draw\n")
    one_error_line(run("report", "21st-century", "--strategy", str(path)), "strategy.yaml",
                   "banker", "no choice")


def test_neither_a_strategy_nor_a_file_is_refused(tmp_path: Path):
    one_error_line(run("report", "chemin-de-fer", "--strategy", str(tmp_path / "none.yaml")),
                   "--strategy", "none.yaml", "nor a strategy file")


@pytest.mark.parametrize("entry", ["{player_cards: [0, 0], choice: hit}",
                                   "{player_cards: [0, 0], dealer_up: null, choice: hit}"])
def test_a_bettors_decision_without_the_up_card_he_sees_is_refused(tmp_path, entry):
    """Lucky Draw's bettor decides seeing the dealer's up card: a decision written without
    it named a state no deal shows, and was silently never played (the report was the
    house way's, the file's draw on 0,0 lost)."""
    path = tmp_path / "strategy.yaml"
    path.write_text(f"decisions:\n  - {entry}\n")
    one_error_line(run("report", "lucky-draw", "--decks", "1", "--strategy", str(path)),
                   "strategy.yaml", "decisions[0]", "dealer_up")


def test_a_bettors_decisions_he_cannot_tell_apart_are_one_choice(tmp_path):
    """With --set information=total Lucky Draw's bettor sees only his total and the up
    card: the cards strategy (two choices within one total) is refused, naming both entries,
    where it was played card by card under a header saying information = total (the
    figures the cards model's); an entry for one pair of cards is his choice at its total."""
    path = tmp_path / "cards.json"
    path.write_text(ok("strategy", "lucky-draw", "--decks", "1", "--format", "json"))
    one_error_line(run("report", "lucky-draw", "--decks", "1", "--set", "information=total",
                       "--strategy", str(path)), "cards.json", "decisions[", "one state",
                   "player_two_card_total", "two choices")
    rules = load_game("lucky-draw").rules_under({"information": "total"})
    played = strategy_rules({"decisions": [
        {"player_cards": [0, 5], "dealer_up": 3, "choice": "hit"}]}, rules, "s.yaml")
    assert played.player_draws(5, (1, 4, 3)) and played.player_draws(5, (0, 5, 3))
    assert not rules.player_draws(5, (1, 4, 3))  # the house way stands
    assert played.player_draws(5, (1, 4, 2)) == rules.player_draws(5, (1, 4, 2))
