"""The YAML limits the README states: document size, aliases and their expansion, nesting.

Each is refused with one line naming the file and the limit, before memory or time runs
out; merge keys (``<<: *base``) are read and a key given twice is still refused.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from click.testing import CliRunner
from clirun import one_error_line, run

from exact_odds.cli import main
from exact_odds.files import InputFileError, parse_yaml, read_yaml
from exact_odds.limits import MAX_ALIASES, MAX_BYTES, MAX_DEPTH

BILLION_LAUGHS = "\n".join(
    ['a: &a ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]']
    + [f"{b}: &{b} [{', '.join([f'*{a}'] * 9)}]" for a, b in zip("abcdefgh", "bcdefghi")]
) + "\n"


def one_line_error(text: str) -> str:
    with pytest.raises(InputFileError) as caught:
        parse_yaml(text, "game.yaml")
    message = str(caught.value)
    assert "\n" not in message and message.startswith("game.yaml")
    return message


def test_billion_laughs_is_refused_as_an_alias_bomb():
    """Nine levels of nine aliases: 9**9 values once expanded, refused while composing."""
    assert "alias bomb" in one_line_error(BILLION_LAUGHS)


def test_alias_bomb_in_a_game_field_is_one_error_line(tmp_path):
    path = tmp_path / "bomb.yaml"
    path.write_text(BILLION_LAUGHS.replace("\n", "\n  ").replace("a: &a", "source:\n  a: &a", 1)
                    + "name: Bomb\ndecks: 8\nrules: punto-banco\nbets: []\n")
    result = CliRunner().invoke(main, ["report", str(path)])
    assert result.exit_code == 1
    assert result.output.count("\n") == 1 and result.output.startswith("Error:")
    assert "bomb.yaml" in result.output and "alias" in result.output


def test_a_long_document_without_aliases_is_not_called_an_alias_bomb():
    """Found by the hunt of issue 31: a game file of 10,000 bets (no alias in it) was
    refused as 'aliases expand to more than 100,000 values (an alias bomb?)'."""
    from exact_odds.files import MAX_NODES

    text = "bets: [" + ", ".join(["[1, 2]"] * (MAX_NODES // 3 + 1)) + "]\n"
    message = one_line_error(text)
    assert f"more than {MAX_NODES:,} values" in message and "alias" not in message


def test_too_many_aliases():
    text = "a: &a 1\nb: [" + ", ".join(["*a"] * (MAX_ALIASES + 1)) + "]\n"
    assert f"more than {MAX_ALIASES} aliases" in one_line_error(text)
    assert parse_yaml("a: &a 1\nb: [" + ", ".join(["*a"] * 10) + "]\n", "ok.yaml")["b"] == [1] * 10


@pytest.mark.parametrize("levels", [MAX_DEPTH + 1, 50_000])
def test_nesting_depth(levels):
    assert f"nested more than {MAX_DEPTH} levels" in one_line_error("[" * levels + "]" * levels)


def test_nesting_depth_of_block_mappings():
    text = "".join(f"{' ' * i}k{i}:\n" for i in range(MAX_DEPTH + 1)) + " " * (MAX_DEPTH + 1) + "x\n"
    assert f"nested more than {MAX_DEPTH} levels" in one_line_error(text)


def test_nesting_within_the_limit_reads():
    depth = MAX_DEPTH - 1
    assert parse_yaml("[" * depth + "]" * depth, "ok.yaml") is not None


def test_document_size(tmp_path):
    path = tmp_path / "big.yaml"
    path.write_text("# " + "x" * MAX_BYTES + "\nname: big\n")
    with pytest.raises(InputFileError, match="at most 1,000,000"):
        read_yaml(path)
    assert "more than 1,000,000" in one_line_error("#" * (MAX_BYTES + 1))


def test_nul_byte_is_one_line():
    assert "line 2" in one_line_error("name: a\nid: b\0c\n")


def test_merge_keys_are_read_and_the_mapping_overrides():
    data = parse_yaml(
        "base: &dragon {name: Dragon, pays: '1:1', hand: player}\n"
        "bet: {<<: *dragon, hand: banker}\n", "game.yaml")
    assert data["bet"] == {"name": "Dragon", "pays": "1:1", "hand": "banker"}


def test_a_key_given_twice_is_still_refused():
    assert "the key 'name' appears twice" in one_line_error("name: a\nname: b\n")
    assert "appears twice" in one_line_error("base: &b {x: 1}\nbet: {<<: *b, y: 1, y: 2}\n")


ROOT = Path(__file__).resolve().parent.parent

HEAD = "name: Test game\nsource: {document: a test}\ndecks: 8\nrules: punto-banco\n"

TIE = ("bets:\n  - id: t\n    name: T\n    events:\n"
       "      - {event: Tie, when: tie, pays: \"8 to 1\"}\n"
       "      - {event: Else, when: otherwise, pays: lose}\n")

@pytest.mark.parametrize("text", [
    "bets: &x [*x]\n",
    "bets:\n  - &x {id: t, name: T, events: [*x]}\n",
    "x: &x {<<: *x}\n",
])
def test_a_recursive_alias_is_refused_at_once(tmp_path, text):
    """At 26ed11e `bets: &x [*x]` grew past 4.5 GB. (Issue 18.)"""
    from exact_odds.files import InputFileError, read_yaml

    path = tmp_path / "game.yaml"
    path.write_text(HEAD + text)
    with pytest.raises(InputFileError, match="game.yaml: line .*recursive alias"):
        read_yaml(path)
    one_error_line(run("report", str(path)), "game.yaml", "recursive")


@pytest.mark.parametrize("text", ["[1, 2]: x\n", "{a: 1}: x\n",
                                  "settings: {[a]: {default: true}}\n"])
def test_a_list_or_mapping_as_a_key_is_one_line(tmp_path, text):
    """A list or mapping as a key is one line (issue 18)."""
    path = tmp_path / "game.yaml"
    path.write_text(HEAD + TIE + text)
    one_error_line(run("report", str(path)), "game.yaml", "as a key")


@pytest.mark.parametrize("naturals", ["[8.0, 9.0]", "[8, 9.0]", "[true, 9]"])
def test_a_rules_chart_takes_whole_numbers_only(tmp_path, naturals):
    """A rules chart takes whole numbers only (issue 18)."""
    chart = (ROOT / "tables/rules/punto-banco.yaml").read_text()
    path = tmp_path / "rules.yaml"
    path.write_text(chart.replace("naturals: [8, 9]", f"naturals: {naturals}"))
    from exact_odds.files import read_yaml
    from exact_odds.rules.chart import RulesError
    from exact_odds.rules.loader import parse_rules

    with pytest.raises(RulesError, match="naturals"):
        parse_rules(read_yaml(path), str(path))


def test_an_input_file_that_is_not_a_regular_file_is_refused_without_blocking(tmp_path):
    """An input file that is not a regular file is refused without blocking (issue 18)."""
    from exact_odds.files import InputFileError, read_bounded

    pipe = tmp_path / "pipe.yaml"
    os.mkfifo(pipe)
    with pytest.raises(InputFileError, match="not a regular file"):
        read_bounded(pipe, 100)
    with pytest.raises(InputFileError, match="not a regular file"):
        read_bounded("/dev/zero", 100)
    with pytest.raises(InputFileError, match="a folder"):
        read_bounded(tmp_path, 100)


def test_without_libyaml_the_same_files_read_the_same_and_the_same_limits_hold():
    """PyYAML built without libyaml (its parser in Python): every built-in game reads to the
    same data as with libyaml's parser, and the limits and the ``8:1`` guard still hold."""
    import subprocess
    import sys

    script = f"""
import sys
sys.modules["yaml._yaml"] = None  # as if PyYAML had been built without libyaml
import json, pathlib
from exact_odds.files import InputFileError, parse_yaml, read_yaml, _Events
assert _Events.__module__ == "exact_odds.files", _Events
games = sorted(pathlib.Path("tables").rglob("*.yaml"))
print(json.dumps({{str(p): read_yaml(p) for p in games}}, sort_keys=True, default=repr))
for text in ["a: &a 1\\nb: [" + ", ".join(["*a"] * {MAX_ALIASES + 1}) + "]",
             "[" * {MAX_DEPTH + 1} + "]" * {MAX_DEPTH + 1}, "pays: 8:1"]:
    try:
        value = parse_yaml(text, "x.yaml")
    except InputFileError as error:
        print(error)
    else:
        print(type(value["pays"]).__name__, value["pays"].is_base_60)
"""
    slow = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          cwd=Path(__file__).parent.parent)
    assert slow.returncode == 0, slow.stderr
    import json

    games, *refused = slow.stdout.splitlines()
    tables = Path(__file__).parent.parent / "tables"
    assert json.loads(games) == json.loads(json.dumps(
        {str(p.relative_to(tables.parent)): read_yaml(p) for p in sorted(tables.rglob("*.yaml"))},
        sort_keys=True, default=repr))
    assert f"more than {MAX_ALIASES} aliases" in refused[0]
    assert f"nested more than {MAX_DEPTH} levels" in refused[1]
    assert refused[2] == "Sexagesimal True"
