"""The command line, through click's CliRunner: output formats, options, and bad input.

Bad input must end with a non-zero exit code and one clear line starting ``Error:`` that
names what is wrong (and the file, bet or field where there is one), never a traceback.
"""

from __future__ import annotations

import csv
import io
import json
import subprocess
import sys
from fractions import Fraction
from math import gcd
from pathlib import Path

import pytest
from clirun import modules_loaded, one_error_line, run

BUILT_IN = {"commission-free", "commission-free-dragon-bonus", "electronic-baccarat", "rock-bac"}
EIGHT_DECK_TOTAL = 416 * 415 * 414 * 413 * 412 * 411
#: Commission-free Banker, 8 decks: wizardofodds appendix 6 (1.4581%).
COMMISSION_FREE_BANKER_EDGE = "284694798368/19524993263685"


def run_ok(*args: str) -> str:
    result = run(*args)
    assert result.exception is None, result.output
    assert result.exit_code == 0, result.output
    return result.output


def report_json(*args: str) -> dict:
    return json.loads(run_ok("report", *args, "--format", "json"))


def write(tmp_path: Path, name: str, text: str) -> str:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


GAME_HEAD = "name: Test game\nsource: {document: a test}\ndecks: 8\nrules: punto-banco\n"


def game_file(tmp_path: Path, events: str, name: str = "game.yaml", head: str = GAME_HEAD) -> str:
    return write(tmp_path, name, head + "bets:\n  - id: tie\n    name: Tie\n    events:\n" + events)


# --- games and columns -----------------------------------------------------------------------------

def test_games_lists_the_built_in_games():
    output = run_ok("games")
    listed = {line.split()[0] for line in output.splitlines() if line and not line[0].isspace()}
    assert listed >= BUILT_IN
    assert "source:" in output


def test_games_as_json():
    data = json.loads(run_ok("games", "--format", "json"))
    games = {g["id"]: g for g in data["games"]}
    assert set(games) >= BUILT_IN
    assert "blazing-sevens" in games["rock-bac"]["bets"]
    assert games["commission-free"]["decks"] == 8


def test_columns_lists_the_vocabulary():
    output = run_ok("columns")
    names = {line.split()[0] for line in output.splitlines() if line.strip()}
    assert {"winner", "banker_total", "player_pair", "dealer_up", "nines_same_suit"} <= names


@pytest.mark.parametrize("command", [[], ["games"], ["report"], ["columns"]])
def test_help(command):
    output = run_ok(*command, "--help")
    assert "Usage:" in output and "Example" in output


def test_every_command_is_listed_where_its_module_is_loaded():
    """``COMMANDS`` names every click command of every module of ``exact_odds.cli``, under
    the module that defines it: a command left out would be missing from ``--help``."""
    import importlib

    import click

    from exact_odds.cli import COMMANDS, main

    package = Path(importlib.import_module("exact_odds.cli").__file__).parent
    defined = {}
    for path in sorted(package.glob("*.py")):
        module = importlib.import_module(f"exact_odds.cli.{path.stem}")
        defined |= {command.name: path.stem for command in vars(module).values()
                    if isinstance(command, click.Command) and command is not main}
    assert defined == {name: module for module, names in COMMANDS.items() for name in names}
    assert all(main.commands[name].name == name for name in defined)


def test_a_command_loads_its_own_module_alone():
    """``exact-odds report`` imports the module of the report's commands and no other
    command's: the start-up of every command pays for its own options alone."""
    loaded = modules_loaded("report", "rock-bac", "--bet", "tie")
    assert "exact_odds.cli.report" in loaded
    assert not loaded & {"exact_odds.cli.batch", "exact_odds.cli.simulate",
                         "exact_odds.cli.countability", "exact_odds.cli.known",
                         "exact_odds.cli.games", "exact_odds.cli.table"}


def test_python_dash_m_runs_without_traceback():
    """``python -m exact_odds`` in a real process: a bad game id is one line on stderr."""
    process = subprocess.run([sys.executable, "-m", "exact_odds", "report", "no-such-game"],
                             capture_output=True, text=True, timeout=60)
    assert process.returncode == 1
    assert "Traceback" not in process.stderr
    assert process.stderr.strip().splitlines() == [process.stderr.strip()]
    assert process.stderr.startswith("Error: ") and "no-such-game" in process.stderr


# --- report: JSON -------------------------------------------------------------------------------------

def _is_reduced_fraction(text: str) -> bool:
    numerator, _, denominator = text.partition("/")
    if not denominator:
        return str(int(numerator)) == numerator
    return (str(int(numerator)) == numerator and int(denominator) > 1
            and gcd(int(numerator), int(denominator)) == 1)


def test_report_json_shape():
    data = report_json("rock-bac")
    assert {"game", "decks", "total", "bets"} <= set(data)
    assert data["game"] == "rock-bac" and data["decks"] == 8
    assert data["total"] == EIGHT_DECK_TOTAL and type(data["total"]) is int
    assert [b["id"] for b in data["bets"]][:3] == ["player", "banker", "tie"]
    for bet in data["bets"]:
        assert {"id", "name", "expected_value", "house_edge", "events"} <= set(bet)
        assert _is_reduced_fraction(bet["expected_value"]), bet["expected_value"]
        assert _is_reduced_fraction(bet["house_edge"]), bet["house_edge"]
        assert Fraction(bet["house_edge"]) == -Fraction(bet["expected_value"])
        combinations = 0
        for event in bet["events"]:
            assert {"event", "pays", "combinations", "probability"} <= set(event)
            assert type(event["combinations"]) is int
            assert _is_reduced_fraction(event["probability"]), event["probability"]
            assert Fraction(event["probability"]) == Fraction(event["combinations"], data["total"])
            combinations += event["combinations"]
        assert combinations == data["total"], bet["id"]


def test_report_json_commission_free_banker_wizardofodds_appendix_6():
    """The Banker edge 1.4581% of wizardofodds appendix 6, as an exact reduced fraction."""
    data = report_json("commission-free", "--bet", "banker")
    (banker,) = data["bets"]
    assert banker["house_edge"] == COMMISSION_FREE_BANKER_EDGE
    assert banker["expected_value"] == "-" + COMMISSION_FREE_BANKER_EDGE
    counts = {e["event"]: e["combinations"] for e in banker["events"]}
    assert counts["Banker wins with 6"] == 269232304455680
    assert counts["Player wins"] == 2230518282592256
    pays = {e["event"]: e["pays"] for e in banker["events"]}
    assert pays["Banker wins with 6"] == "1 to 2"


def test_report_bet_filter():
    data = report_json("rock-bac", "--bet", "super-six", "--bet", "tie")
    assert [b["id"] for b in data["bets"]] == ["super-six", "tie"]


def test_report_decks_changes_the_total():
    data = report_json("commission-free", "--decks", "6")
    assert data["decks"] == 6
    assert data["total"] == 312 * 311 * 310 * 309 * 308 * 307
    banker = next(b for b in data["bets"] if b["id"] == "banker")
    # wizardofodds appendix 6, six decks: -0.014548
    assert banker["expected_value"] == "-716053792/49219825655"


def test_report_remove_takes_cards_out():
    data = report_json("commission-free", "--remove", "9D,9H, KS")
    assert data["cards"] == 413
    assert data["decks"] is None
    assert data["total"] == 413 * 412 * 411 * 410 * 409 * 408
    full = report_json("commission-free")
    assert data["bets"][0]["expected_value"] != full["bets"][0]["expected_value"]


def test_report_shoe_file(tmp_path):
    shoe = write(tmp_path, "shoe.yaml", "decks: 1\ncounts: {9D: 0, 9H: 3}\nremove: [KS]\n")
    data = report_json("rock-bac", "--shoe", shoe)
    assert data["cards"] == 52 - 1 + 2 - 1
    assert data["total"] == 52 * 51 * 50 * 49 * 48 * 47


def test_report_output_writes_the_file(tmp_path):
    target = tmp_path / "report.json"
    result = run("report", "rock-bac", "--bet", "tie", "--format", "json", "--output", str(target))
    assert result.exit_code == 0 and result.output == ""
    assert target.read_text(encoding="utf-8") == run_ok("report", "rock-bac", "--bet", "tie",
                                                        "--format", "json")
    assert json.loads(target.read_text(encoding="utf-8"))["bets"][0]["id"] == "tie"
    assert not list(tmp_path.glob("*.partial"))


# --- report: text, Markdown, CSV -----------------------------------------------------------------

def test_report_text():
    output = run_ok("report", "commission-free", "--bet", "banker")
    assert "Banker wins with 6" in output
    assert "269,232,304,455,680" in output
    assert "4,998,398,275,503,360" in output
    assert "-" + COMMISSION_FREE_BANKER_EDGE in output
    assert "1.4581%" in output


def test_report_markdown():
    output = run_ok("report", "commission-free", "--bet", "banker", "--format", "markdown")
    assert output.startswith("# Commission-Free Baccarat")
    assert "| Banker wins with 6 | 1 to 2 | 269,232,304,455,680 |" in output
    assert "1.4581%" in output


def test_report_csv():
    output = run_ok("report", "commission-free", "--bet", "banker", "--format", "csv")
    rows = list(csv.DictReader(io.StringIO(output)))
    assert {row["bet"] for row in rows} == {"banker"}
    by_event = {row["event"]: row for row in rows}
    assert by_event["Banker wins with 6"]["combinations"] == "269232304455680"
    assert by_event["Banker wins with 6"]["probability"] == "210337737856/3904998652737"
    assert by_event["Banker wins with 6"]["net"] == "1/2"
    assert all(row["bet_house_edge"] == COMMISSION_FREE_BANKER_EDGE for row in rows)


def test_custom_game_file(tmp_path):
    """A game file given as a path: a Tie paying 9 to 1 has the 4.8440% edge of
    multiplayerbaccarat.com (8 decks)."""
    path = game_file(tmp_path, '      - {event: Tie, when: tie, pays: "9 to 1"}\n'
                               "      - {event: No tie, when: otherwise, pays: lose}\n")
    data = report_json(path)
    assert data["bets"][0]["house_edge"] == "63053127805/1301666217579"
    assert data["total"] == EIGHT_DECK_TOTAL


# --- bad input -----------------------------------------------------------------------------------

def test_unknown_game():
    line = one_error_line(run("report", "rock-back"), "unknown game", "rock-back", code=1)
    assert "rock-bac" in line.replace("rock-back", "")  # suggests the nearest game


def test_missing_game_file(tmp_path):
    one_error_line(run("report", str(tmp_path / "missing.yaml")), "missing.yaml", code=1)


def test_unknown_bet():
    line = one_error_line(run("report", "rock-bac", "--bet", "lucky-sevens"), "lucky-sevens", code=1)
    assert "blazing-sevens" in line  # lists the bets the game has


def test_malformed_yaml(tmp_path):
    path = write(tmp_path, "broken.yaml", GAME_HEAD + "bets: [\n  - id: tie\n")
    one_error_line(run("report", path), "broken.yaml", "YAML", code=1)


def test_pay_that_is_not_a_ratio(tmp_path):
    path = game_file(tmp_path, '      - {event: Tie, when: tie, pays: "eight to one"}\n')
    one_error_line(run("report", path), "game.yaml", "tie", "pays", "eight to one", code=1)


def test_unquoted_ratio_is_refused(tmp_path):
    """YAML reads an unquoted 8:1 as the base-60 number 481: refused, with the fix."""
    path = game_file(tmp_path, "      - {event: Tie, when: tie, pays: 8:1}\n")
    line = one_error_line(run("report", path), "game.yaml", "pays", "481", "base-60", code=1)
    assert "quote" in line.lower() and '"8:1"' in line


def test_unquoted_ratio_in_block_style_is_refused(tmp_path):
    path = game_file(tmp_path, "      - event: Tie\n        when: tie\n        pays: 8:1\n")
    one_error_line(run("report", path), "pays", "481", "quote", code=1)


def test_event_naming_an_unknown_column(tmp_path):
    path = game_file(tmp_path, '      - {event: Tie, when: tie and banker_totl == 3, pays: "8:1"}\n')
    one_error_line(run("report", path), "game.yaml", "when", "banker_totl", "banker_total", code=1)


def test_duplicate_key(tmp_path):
    path = game_file(tmp_path, '      - {event: Tie, when: tie, pays: "8:1"}\n',
                     head=GAME_HEAD + "decks: 6\n")
    one_error_line(run("report", path), "game.yaml", "decks", "twice", code=1)


def test_duplicate_bet_id(tmp_path):
    events = '      - {event: Tie, when: tie, pays: "8:1"}\n'
    text = (GAME_HEAD + "bets:\n"
            + "".join(f"  - id: tie\n    name: Tie {n}\n    events:\n{events}" for n in (1, 2)))
    one_error_line(run("report", write(tmp_path, "twice.yaml", text)), "twice.yaml", "tie", code=1)


@pytest.mark.parametrize("decks", ["0", "-2"], ids=["zero", "negative"])
def test_bad_decks_option(decks):
    one_error_line(run("report", "rock-bac", "--decks", decks), "--decks", decks, code=2)


def test_zero_decks_in_a_game_file(tmp_path):
    path = game_file(tmp_path, '      - {event: Tie, when: tie, pays: "8:1"}\n',
                     head=GAME_HEAD.replace("decks: 8", "decks: 0"))
    one_error_line(run("report", path), "game.yaml", "decks", "0", code=1)


def test_shoe_file_with_too_few_cards(tmp_path):
    shoe = write(tmp_path, "tiny.yaml", "counts: {9D: 3, KH: 2}\n")
    one_error_line(run("report", "rock-bac", "--shoe", shoe), "tiny.yaml", "5 cards", code=1)


def test_shoe_file_with_a_negative_count(tmp_path):
    shoe = write(tmp_path, "negative.yaml", "decks: 1\ncounts: {9D: -1}\n")
    one_error_line(run("report", "rock-bac", "--shoe", shoe), "negative.yaml", "9D", "negative", code=1)


def test_shoe_file_with_an_unknown_card(tmp_path):
    shoe = write(tmp_path, "card.yaml", "decks: 1\ncounts: {XX: 1}\n")
    one_error_line(run("report", "rock-bac", "--shoe", shoe), "card.yaml", "XX", code=1)


def test_removing_a_card_the_shoe_does_not_hold():
    one_error_line(run("report", "rock-bac", "--decks", "1", "--remove", "AS,AS"),
                   "AS", "none left", code=1)


def test_removing_a_card_the_shoe_file_does_not_hold(tmp_path):
    shoe = write(tmp_path, "no-nine.yaml", "decks: 1\ncounts: {9D: 0}\n")
    one_error_line(run("report", "rock-bac", "--shoe", shoe, "--remove", "9D"),
                   "9D", "none left", code=1)


def test_removing_something_that_is_not_a_card():
    one_error_line(run("report", "rock-bac", "--remove", "9X"), "9X", "not a card", code=1)


def test_decks_and_shoe_together(tmp_path):
    shoe = write(tmp_path, "shoe.yaml", "decks: 2\n")
    one_error_line(run("report", "rock-bac", "--shoe", shoe, "--decks", "4"), "decks", "shoe", code=1)


def test_output_into_a_missing_folder(tmp_path):
    """Writing the report where it cannot go is the user's input too: one line, no traceback."""
    target = tmp_path / "no-such-folder" / "report.txt"
    one_error_line(run("report", "rock-bac", "--output", str(target)), "no-such-folder", code=1)


def test_optimal_strategy_in_a_game_file(tmp_path):
    """A 21st Century game file may ask for ``strategy: optimal`` (the loader accepts it): the
    report either computes it or refuses it in one line, never with a traceback."""
    head = ("name: Test game\nsource: {document: a test}\ndecks: 1\nrules: 21st-century\n"
            "strategy: optimal\n")
    path = game_file(tmp_path, '      - {event: Tie, when: tie, pays: "8:1"}\n', head=head)
    result = run("report", path)
    if result.exit_code == 0:
        assert result.exception is None
        assert "Tie" in result.output
    else:
        one_error_line(result, "optimal", code=1)


def test_strategy_on_a_game_without_a_choice():
    one_error_line(run("report", "rock-bac", "--strategy", "stand"), "rock-bac", "strategy", code=1)


def test_strategy_option_on_21st_century():
    house = report_json("21st-century", "--decks", "4", "--bet", "player")
    stand = report_json("21st-century", "--decks", "4", "--bet", "player", "--strategy", "stand")
    assert house.get("strategy") == "house-way" and stand.get("strategy") == "stand"
    assert house["bets"][0]["expected_value"] != stand["bets"][0]["expected_value"]
    assert house["total"] == stand["total"] == 208 * 207 * 206 * 205 * 204 * 203


def test_decks_the_rules_do_not_allow_are_noted():
    data = report_json("21st-century", "--decks", "2", "--bet", "early-tie")
    assert data["decks"] == 2
    notes = data.get("notes", [])
    assert len(notes) == 1 and "4, 6, 8" in notes[0] and "2" in notes[0].replace("4, 6, 8", "")
    assert report_json("21st-century", "--decks", "6", "--bet", "early-tie")["notes"] == []


def test_a_caller_who_turned_the_collector_off_keeps_it_off():
    """Only the console script's own start (``hold_collector``) is undone when the work
    begins: a program running the command line in its process with the collector off finds
    it off afterwards, and nothing of its frozen. (Found by the stop-46 review.)"""
    code = ("import gc; from click.testing import CliRunner; from exact_odds.cli import main; "
            "gc.disable(); r = CliRunner().invoke(main, ['report', 'rock-bac', '--bet', 'tie']); "
            "print(r.exit_code, gc.isenabled(), gc.get_freeze_count())")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["0", "False", "0"]


def test_a_key_error_while_a_command_loads_is_not_no_such_command(monkeypatch):
    """A KeyError raised while a command's module is imported (a vocabulary error is one)
    is that module's failure, not "No such command". (Found by the stop-46 review.)"""
    from exact_odds.cli.app import CommandModules

    def failing(name: str) -> None:
        raise KeyError("broken")

    monkeypatch.setattr("exact_odds.cli.app.import_module", failing)
    commands = CommandModules({"table": ("table",)})
    with pytest.raises(ImportError, match="exact_odds.cli.table"):
        commands["table"]
    assert commands.get("no-such-command") is None
