"""The YAML limits the README states: document size, aliases and their expansion, nesting.

Each is refused with one line naming the file and the limit, before memory or time runs
out; merge keys (``<<: *base``) are read and a key given twice is still refused.
"""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from exact_odds.cli import main
from exact_odds.files import (
    MAX_ALIASES,
    MAX_BYTES,
    MAX_DEPTH,
    InputFileError,
    parse_yaml,
    read_yaml,
)

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
