"""Mistakes caught while writing (exact-odds check, and warnings on report), and the JSON
Schema generated from the loader's field definitions."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner

from exact_odds.analysis.checks import game_mistakes
from exact_odds.cli import main
from exact_odds.games.fields import BET_FIELDS, EVENT_FIELDS, GAME_FIELDS, json_schema
from exact_odds.games.loader import builtin_games, extra_games, tables_dir

MISTAKES = """\
name: Mistakes
decks: 8
rules: punto-banco
bets:
  - id: ten
    name: Ten
    events:
      - {event: Player ten, when: player_total == 10, pays: "50:1"}
      - {event: Banker wins, when: banker_wins, pays: "1:1"}
      - {event: Banker six, when: banker_wins and banker_total == 6, pays: "1:2"}
      - {event: Rest, when: otherwise, pays: lose}
  - id: losing
    name: Losing
    events:
      - {event: Tie, when: tie, pays: push}
      - {event: Rest, when: otherwise, pays: lose}
  - id: never
    name: Never
    events:
      - {event: Negative margin, when: margin < 0, pays: "10:1"}
  - id: third
    name: Third card
    events:
      - {event: Drawn 6+, when: player_third >= 6, pays: "2:1"}
      - {event: Not drawn 6+, when: not player_third >= 6, pays: "1:1"}
      - {event: Standing, when: player_cards == 2, pays: push}
"""


@pytest.fixture
def mistakes_file(tmp_path: Path) -> Path:
    path = tmp_path / "mistakes.yaml"
    path.write_text(MISTAKES, encoding="utf-8")
    return path


def test_each_mistake_is_named_with_file_bet_and_event(mistakes_file):
    found = [(m.bet, m.event, m.message) for m in game_mistakes(mistakes_file)]
    assert ("ten", "Player ten") in [f[:2] for f in found]
    assert any(b == "ten" and e == "Banker six" and "earlier events take every outcome" in m
               and "'Banker wins'" in m for b, e, m in found)
    assert ("losing", "", "the bet has no winning event: it can only lose or push") in found
    assert any(b == "never" and e == "Negative margin" and "'margin < 0' never holds" in m
               for b, e, m in found)
    assert any(b == "never" and e == "" and "never wins" in m for b, e, m in found)
    # nulls propagate: "not player_third >= 6" is null when the Player stands, so the
    # standing event is reached; nothing is wrong with the third bet
    assert not [f for f in found if f[0] == "third"]
    assert all(str(mistakes_file) in str(m) for m in game_mistakes(mistakes_file))


def test_check_command_warns_on_stderr_and_exits_0(mistakes_file):
    result = CliRunner().invoke(main, ["check", str(mistakes_file)])
    assert result.exit_code == 0, result.output
    warnings = [line for line in result.stderr.splitlines() if line.startswith("Warning:")]
    assert len(warnings) == 5
    assert "mistakes: 4 bets, 10 events: 5 probable mistakes" in result.stdout


def test_report_prints_the_same_warnings_and_its_report(mistakes_file):
    result = CliRunner().invoke(main, ["report", str(mistakes_file), "--format", "json"])
    assert result.exit_code == 0
    assert len(json.loads(result.stdout)["bets"]) == 4
    assert result.stderr.count("Warning:") == 5


def test_built_in_games_and_shared_bets_have_no_mistakes():
    result = CliRunner().invoke(main, ["check"])
    assert result.exit_code == 0, result.output
    assert "Warning" not in result.output
    assert result.stdout.count("no mistakes found") == len(builtin_games() + extra_games())


# --- the schema -------------------------------------------------------------------------

jsonschema = pytest.importorskip("jsonschema")


def test_schema_names_every_field_of_the_loader():
    schema = json_schema()
    jsonschema.Draft202012Validator.check_schema(schema)
    assert set(schema["properties"]) == {f.name for f in GAME_FIELDS}
    assert set(schema["$defs"]["bet"]["properties"]) == {f.name for f in BET_FIELDS}
    assert set(schema["$defs"]["event"]["properties"]) == {f.name for f in EVENT_FIELDS}


def test_schema_command_prints_the_schema():
    result = CliRunner().invoke(main, ["schema"])
    assert result.exit_code == 0
    assert json.loads(result.output) == json_schema()


# game files only: tables/bets/ holds shared bets, tables/rules/ rules files, tables/tables/ table files
GAME_FILES = sorted(p for p in tables_dir().glob("**/*.yaml") if p.parent.name not in ("bets", "rules", "tables"))


@pytest.mark.parametrize("path", GAME_FILES, ids=lambda p: p.stem)
def test_every_built_in_game_file_validates_against_the_schema(path):
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    jsonschema.validate(data, json_schema())


@pytest.mark.parametrize("change, words", [
    ({"decks": 0}, "minimum"),
    ({"colour": "red"}, "Additional properties"),
    ({"rules": "macao"}, "is not one of"),
    ({"bets": [{"name": "No id nor use", "events": []}]}, "is not valid under any"),
    ({"bets": [{"use": "tie", "pays": {"Tie": 481}}]}, "is not of type 'string'"),
])
def test_schema_refuses_what_the_loader_refuses(change, words):
    data = yaml.safe_load((tables_dir() / "rock-bac.yaml").read_text(encoding="utf-8"))
    data.update(change)
    with pytest.raises(jsonschema.ValidationError, match=words):
        jsonschema.validate(data, json_schema())
