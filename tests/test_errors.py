"""Error lines: one line starting "Error:", naming the file and field as the file writes
them, text echoed from the input escaped and cut, at most 400 characters."""

from __future__ import annotations

import json

import pytest
from clirun import game, ok, one_error_line, run

HEAD = "name: Test game\nsource: {document: a test}\ndecks: 8\nrules: punto-banco\n"

TIE = ("bets:\n  - id: t\n    name: T\n    events:\n"
       "      - {event: Tie, when: tie, pays: \"8 to 1\"}\n"
       "      - {event: Else, when: otherwise, pays: lose}\n")


def test_nul_bytes_and_control_characters_are_escaped(tmp_path):
    """Nul bytes and control characters are escaped (issue 12)."""
    path = game(tmp_path, '      - {event: "Tie\\0 here\\nand\\e[31m red", when: tie, pays: "8 to 1"}\n')
    output = ok("report", path)
    assert "\x00" not in output and "\x1b" not in output
    assert "Tie\\x00 here\\nand\\x1b[31m red" in output
    for fmt in ("markdown", "csv"):
        out = ok("report", path, "--format", fmt)
        assert "\x00" not in out and "\x1b" not in out
    data = json.loads(ok("report", path, "--format", "json"))
    assert data["bets"][0]["events"][0]["event"] == "Tie\x00 here\nand\x1b[31m red"
    bad = game(tmp_path, '      - {event: E, when: tie, pays: "8\\0 to 1"}\n', "bad.yaml")
    one_error_line(run("report", bad), "bad.yaml", "\\x00")


def test_a_very_long_name_is_cut_where_it_is_echoed(tmp_path):
    """A very long name is cut where it is echoed (issue 12)."""
    path = game(tmp_path, f'      - {{event: "{"W" * 5000}", when: tie, pays: "8 to 1"}}\n')
    output = ok("report", path)
    assert max(len(line) for line in output.splitlines()) < 400
    one_error_line(run("solve", path, "t", "--event", "Z" * 5000, "--edge", "5%"), "no event")


def test_an_error_line_is_at_most_400_characters(tmp_path):
    """An error line is at most 400 characters (issue 12)."""
    nested = "(" * 1000 + "tie" + ")" * 1000
    path = game(tmp_path, f'      - {{event: E, when: "{nested}", pays: "8 to 1"}}\n')
    line = one_error_line(run("report", path), "game.yaml")
    assert len(line) <= 400


def test_a_game_files_dealing_fields_are_named_as_the_file_writes_them(tmp_path):
    """A game file's dealing fields are named as the file writes them (issue 18)."""
    game = tmp_path / "game.yaml"
    game.write_text(HEAD + TIE + "dealing: {cut_card: 500}\n")
    one_error_line(run("simulate", str(game), "--shoes", "2", "--workers", "1"), "game.yaml",
                   "dealing: cut_card")
    game.write_text(HEAD + TIE + f"dealing: {{decks: {10**9}}}\n")
    one_error_line(run("report", str(game)), "game.yaml", "decks")
    game.write_text(HEAD + TIE + "decks_allowed: [2000000]\n")
    one_error_line(run("report", str(game)), "game.yaml", "decks_allowed")


@pytest.mark.parametrize("command", [["report", "N.yaml"], ["report", "N"],
                                     ["table", "N.yaml"], ["compare", "rock-bac", "N"],
                                     ["report", "rock-bac", "--shoe", "N"]])
def test_a_file_name_too_long_for_the_file_system_is_one_line(command):
    """Found in this round's hunt: Path.is_file raised OSError (ENAMETOOLONG). (Issue 18.)"""
    long_name = "a" * 300
    one_error_line(run(*[part.replace("N", long_name) if part.startswith("N") else part
                         for part in command]))
