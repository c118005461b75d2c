"""Shoe files: every field named when it is wrong, a report's shoe written back as a shoe
file reproduces it, a shoe of counts is recorded and printed as counts."""

from __future__ import annotations

import json
import os

import pytest
from clirun import ok, one_error_line, run


def test_a_shoe_file_names_an_unknown_field(tmp_path):
    """A shoe file names an unknown field (issue 12)."""
    path = tmp_path / "shoe.yaml"
    path.write_text("decks: 8\nremoved: [9D]\n", encoding="utf-8")
    one_error_line(run("report", "rock-bac", "--shoe", str(path)), "shoe.yaml", "'removed'")


def test_a_shoe_file_names_the_field_of_a_bad_card(tmp_path):
    """A shoe file names the field of a bad card (issue 12)."""
    path = tmp_path / "shoe.yaml"
    path.write_text("decks: 8\nremove: [9D, 1Z]\n", encoding="utf-8")
    one_error_line(run("report", "rock-bac", "--shoe", str(path)), "shoe.yaml", "remove", "1Z")


def test_json_shoe_field_is_a_shoe_file_that_reproduces_the_report(tmp_path):
    """Json shoe field is a shoe file that reproduces the report (issue 12)."""
    import yaml

    first = json.loads(ok("report", "rock-bac", "--remove", "9D,9D,KS,AH", "--bet", "super-six",
                          "--format", "json"))
    assert first["decks"] is None and first["cards"] == 412
    assert first["shoe"] == {"decks": 8, "remove": ["AH", "9D", "9D", "KS"]}
    assert first["exact_odds_version"] and first["rules"] and first["settings"] == {}
    shoe = tmp_path / "shoe.yaml"
    shoe.write_text(yaml.safe_dump(first["shoe"]), encoding="utf-8")
    again = json.loads(ok("report", "rock-bac", "--shoe", str(shoe), "--bet", "super-six",
                          "--format", "json"))
    assert again == first


def test_the_infinite_decks_json_shoe_field_is_a_shoe_file_too(tmp_path):
    """``report --decks infinite``'s JSON says ``"shoe": {"decks": "infinite"}``, which the
    formats page (and ``Shoe.spec``) call a valid shoe file: it reproduces the report
    (it was refused: "field 'decks' must be a whole number"). Beside counts or cards
    removed it is one error line naming the file; where a finite shoe is dealt or cards are
    removed from it, one naming --shoe."""
    import yaml

    first = json.loads(ok("report", "chemin-de-fer", "--decks", "infinite", "--format", "json"))
    assert first["shoe"] == {"decks": "infinite"}
    shoe = tmp_path / "shoe.yaml"
    shoe.write_text(yaml.safe_dump(first["shoe"]), encoding="utf-8")
    assert json.loads(ok("report", "chemin-de-fer", "--shoe", str(shoe), "--format", "json")
                      )["bets"] == first["bets"]
    one_error_line(run("eor", "rock-bac", "--shoe", str(shoe)), "--shoe", "infinite deck")
    one_error_line(run("simulate", "rock-bac", "--shoe", str(shoe), "--shoes", "2"), "--shoe",
                   "infinite deck")
    shoe.write_text("decks: infinite\nremove: [9S]\n", encoding="utf-8")
    one_error_line(run("report", "rock-bac", "--shoe", str(shoe)), "shoe.yaml", "field 'decks'",
                   "infinite")


def test_a_shoe_of_counts_is_recorded_as_counts(tmp_path):
    """A shoe of counts is recorded as counts (issue 12)."""
    path = tmp_path / "shoe.yaml"
    path.write_text("decks: 0\ncounts: {9D: 3, KS: 2, 5H: 4}\n", encoding="utf-8")
    data = json.loads(ok("report", "commission-free", "--shoe", str(path), "--bet", "tie",
                         "--format", "json"))
    assert data["shoe"] == {"decks": 0, "counts": {"5H": 4, "9D": 3, "KS": 2}}
    text = ok("report", "commission-free", "--shoe", str(path), "--bet", "tie")
    assert "custom" not in text and "5H 4, 9D 3, KS 2" in text
    assert text.count("9 cards") == 1


@pytest.mark.parametrize("text", ["decks: " + "1" * 5000, "decks: 0\ncounts: {9D: " + "7" * 30 + "}",
                                  "decks: 2000000"])
def test_a_shoe_file_with_huge_numbers_is_one_line(tmp_path, text):
    """A shoe file with huge numbers is one line (issue 12)."""
    path = tmp_path / "shoe.yaml"
    path.write_text(text + "\n", encoding="utf-8")
    one_error_line(run("report", "rock-bac", "--shoe", str(path)), "shoe.yaml")


@pytest.mark.parametrize("where", ["/dev/zero", "fifo"])
def test_a_shoe_file_that_is_a_device_or_a_pipe_is_refused(tmp_path, where):
    """A shoe file that is a device or a pipe is refused (issue 12)."""
    if where == "fifo":
        where = str(tmp_path / "pipe")
        os.mkfifo(where)
    one_error_line(run("report", "rock-bac", "--shoe", where), "regular file")


def test_a_shoe_of_52_different_counts_is_printed_in_full(tmp_path):
    """A shoe of 52 different counts is printed in full (issue 12)."""
    from exact_odds.cards import DECK

    path = tmp_path / "shoe.yaml"
    path.write_text("decks: 0\ncounts: {" + ", ".join(f"{c}: {i + 1}" for i, c in enumerate(DECK))
                    + "}\n", encoding="utf-8")
    for fmt in ("text", "markdown"):
        out = ok("report", "commission-free", "--bet", "tie", "--shoe", str(path), "--format", fmt)
        assert "a shoe of 1,378 cards: AS 1, AH 2," in out and "QC 48, KS 49, KH 50, KD 51, KC 52" in out, fmt
