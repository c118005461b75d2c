"""Game-file settings: a reading of the rules that a reasonable reader could make otherwise."""

from __future__ import annotations

from fractions import Fraction

import bruteforce
import pytest
from click.testing import CliRunner

from exact_odds.analysis.report import game_report
from exact_odds.cli import main
from exact_odds.games.loader import load_game
from exact_odds.games.model import GameFileError
from exact_odds.shoe import Shoe

DRAGON = "commission-free-dragon-bonus"
SMALL = {"9S": 2, "8H": 1, "TD": 2, "KC": 1, "AS": 1, "2H": 1, "3D": 1, "5C": 1, "6S": 1, "7H": 1}
PAYS = {9: 30, 8: 10, 7: 6, 6: 4, 5: 2, 4: 1}


def _dragon(o: dict, pays_margin: bool) -> Fraction:
    """Player Dragon Bonus, written from the seed's words, for the brute force."""
    natural, wins, margin = o["player_natural"], o["player_wins"], o["margin"]
    if natural and wins and not (pays_margin and margin >= 4):
        return Fraction(1)
    if o["player_natural"] and o["banker_natural"] and o["tie"]:
        return Fraction(0)
    if wins and margin >= 4:
        return Fraction(PAYS[margin])
    return Fraction(-1)


@pytest.mark.parametrize("pays_margin", [False, True])
def test_dragon_bonus_setting_equals_the_brute_force(pays_margin):
    report = game_report(DRAGON, shoe=Shoe.from_counts(SMALL), bets=("player-dragon-bonus",),
                         settings={"natural_pays_margin": str(pays_margin).lower()})
    expected = bruteforce.bet_ev(SMALL, "punto-banco", lambda o: _dragon(o, pays_margin))
    assert report.bet("player-dragon-bonus").expected_value == expected


def test_default_is_the_published_dragon_bonus():
    """Wizard of Odds, baccarat appendix 5: Player Dragon Bonus, 8 decks, 2.65%."""
    report = game_report(DRAGON, bets=("player-dragon-bonus",))
    assert report.settings == {"natural_pays_margin": False}
    assert report.bet("player-dragon-bonus").house_edge == Fraction(103547854751, 3904998652737)


def test_the_other_reading_only_moves_natural_wins_by_four_or_more():
    default = game_report(DRAGON, bets=("banker-dragon-bonus",)).bet("banker-dragon-bonus")
    other = game_report(DRAGON, bets=("banker-dragon-bonus",),
                        settings={"natural_pays_margin": "yes"}).bet("banker-dragon-bonus")
    assert [e.combinations for e in default.events][1] == [e.combinations for e in other.events][1]
    assert default.events[-1].combinations == other.events[-1].combinations  # losses unchanged
    assert other.favours_bettor and not default.favours_bettor


def _run(*args):
    return CliRunner().invoke(main, list(args))


def test_cli_set_and_its_errors():
    result = _run("report", DRAGON, "--bet", "player-dragon-bonus", "--set", "natural_pays_margin=true")
    assert result.exit_code == 0 and "natural_pays_margin = true" in result.output
    assert "FAVOURS THE BETTOR" in result.output
    for args, words in [(["--set", "nope=1"], "no setting 'nope'"),
                        (["--set", "natural_pays_margin=maybe"], "true or false"),
                        (["--set", "natural_pays_margin"], "NAME=VALUE")]:
        result = _run("report", DRAGON, *args)
        assert result.exit_code != 0, args
        assert words in result.output, (args, result.output)
        assert result.exception is None or isinstance(result.exception, SystemExit)


def _game(tmp_path, settings: str, when: str = "tie") -> str:
    path = tmp_path / "g.yaml"
    path.write_text(f"name: G\ndecks: 8\nrules: punto-banco\n{settings}bets:\n  - id: t\n    name: T\n"
                    f"    events:\n      - {{event: E, when: {when}, pays: \"8:1\"}}\n")
    return str(path)


@pytest.mark.parametrize("settings, words", [
    ("settings:\n  tie:\n    default: false\n", "outcome column"),
    ("settings:\n  big_pay:\n    default: 3\n", "true, false or a word"),
    ("settings:\n  style:\n    default: a\n", "choices"),
    ("settings:\n  Style:\n    default: false\n", "lower-case"),
    ("settings: [a]\n", "map each setting"),
])
def test_bad_settings_are_refused_naming_the_setting(tmp_path, settings, words):
    with pytest.raises(GameFileError, match=words):
        load_game(_game(tmp_path, settings))


def test_word_setting_with_choices(tmp_path):
    path = _game(tmp_path, "settings:\n  style:\n    default: plain\n    choices: [plain, fancy]\n",
                 "tie and style == 'fancy'")
    assert game_report(path).bet("t").hit_frequency == 0
    assert game_report(path, settings={"style": "fancy"}).bet("t").hit_frequency > 0
    with pytest.raises(GameFileError, match="one of plain, fancy"):
        game_report(path, settings={"style": "odd"})
    with pytest.raises(GameFileError, match="never 'odd'"):
        load_game(_game(tmp_path, "settings:\n  style:\n    default: plain\n    choices: [plain, fancy]\n",
                        "tie and style == 'odd'"))
