"""The output formats: every format records the result's inputs (shoe, strategy, settings,
version) and writes every figure exactly; xlsx and HTML keep text from a file as text."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest
from clirun import ok, one_error_line, run

GAME_HEAD = "name: Test game\nsource: {document: a test}\ndecks: 8\nrules: punto-banco\n"

def game(tmp_path: Path, events: str, name: str = "game.yaml", bet: str = "t") -> str:
    path = tmp_path / name
    path.write_text(GAME_HEAD + f"bets:\n  - id: {bet}\n    name: T\n    events:\n" + events,
                    encoding="utf-8")
    return str(path)



SIM = ["simulate", "rock-bac", "--bet", "tie", "--shoes", "2", "--seed", "1", "--workers", "1"]


def test_eor_prints_ev_in_the_units_of_report():
    """Eor prints ev in the units of report (issue 12)."""
    report = json.loads(ok("report", "rock-bac", "--bet", "banker", "--format", "json"))
    eor = json.loads(ok("eor", "rock-bac", "--bet", "banker", "--format", "json"))
    assert eor["bets"][0]["expected_value"] == report["bets"][0]["expected_value"]
    ev = Fraction(report["bets"][0]["expected_value"])
    assert f"{float(ev):+.9f}" in ok("eor", "rock-bac", "--bet", "banker")
    assert f"{float(ev):.9f}" in ok("report", "rock-bac", "--bet", "banker")


def test_every_text_format_names_the_shoe_strategy_settings_and_version():
    """Every text format names the shoe strategy settings and version (issue 12)."""
    from exact_odds import __version__

    args = ["report", "commission-free-dragon-bonus", "--remove", "9D", "--bet",
            "player-dragon-bonus", "--set", "natural_pays_margin=true"]
    for fmt in ("text", "markdown", "csv", "json"):
        out = ok(*args, "--format", fmt)
        assert __version__ in out, fmt
        assert "9D" in out and "natural_pays_margin" in out, fmt
    assert "Shoe: 8 decks less 9D (415 cards)" in ok(*args)
    strategy = json.loads(ok("report", "21st-century", "--bet", "early-tie", "--strategy",
                             "stand", "--format", "json"))
    assert strategy["strategy"] == "stand" and strategy["shoe"] == {"decks": 8}


def test_csv_flags_are_true_and_false_as_in_json():
    """Csv flags are true and false as in json (issue 12)."""
    import csv
    import io

    rows = list(csv.DictReader(io.StringIO(ok("report", "rock-bac", "--format", "csv"))))
    assert {row["bet_favours_bettor"] for row in rows} == {"false"}


def test_xlsx_report_has_a_summary_and_a_sheet_per_bet(tmp_path):
    """Xlsx report has a summary and a sheet per bet (issue 12)."""
    openpyxl = pytest.importorskip("openpyxl")
    out = tmp_path / "report.xlsx"
    ok("report", "commission-free", "--remove", "9D", "--format", "xlsx", "--output", str(out))
    book = openpyxl.load_workbook(out)
    assert book.sheetnames == ["Summary", "player", "banker", "tie"]
    summary = [[c for c in row if c is not None] for row in book["Summary"].iter_rows(values_only=True)]
    flat = [str(c) for row in summary for c in row]
    assert "8 decks less 9D (415 cards)" in flat and any("0.1" in c for c in flat)
    rows = list(book["banker"].iter_rows(values_only=True))
    header = rows[2]
    assert header[:4] == ("Event", "Pays", "Combinations", "Probability (exact)")
    line = dict(zip(header, rows[3]))
    assert line["Event"] == "Banker wins with 6"
    exact = Fraction(line["Probability (exact)"])
    assert line["Probability"] == pytest.approx(float(exact), rel=1e-15)
    assert int(line["Combinations"]) == exact * (415 * 414 * 413 * 412 * 411 * 410)


def test_xlsx_needs_an_output_file():
    """Xlsx needs an output file (issue 12)."""
    one_error_line(run("report", "rock-bac", "--format", "xlsx"), "--output", code=2)


def test_objects_display_as_html_tables():
    """Objects display as html tables (issue 12)."""
    import exact_odds

    report = exact_odds.game_report("rock-bac", bets=("banker", "super-six"))
    for shown in (report, report.bet("banker"),
                  exact_odds.compare_games("rock-bac", "commission-free"),
                  exact_odds.effect_of_removal(report),
                  exact_odds.strategy_report(exact_odds.Shoe.from_decks(1), "house-way")):
        html = shown._repr_html_()
        assert "<table>" in html and "</table>" in html, type(shown)
    assert "Banker wins with 6" in report._repr_html_()


def test_xlsx_keeps_text_from_a_game_file_as_text(tmp_path):
    """An event called "=1+1" is a name, not a formula (nor "http://..." a link). (Issue 12.)"""
    import zipfile

    path = game(tmp_path, '      - {event: "=1+1", when: tie, pays: "8 to 1"}\n'
                          '      - {event: "http://example.com", when: otherwise, pays: lose}\n')
    out = tmp_path / "g.xlsx"
    ok("report", path, "--format", "xlsx", "--output", str(out))
    with zipfile.ZipFile(out) as book:
        sheets = [book.read(n).decode() for n in book.namelist() if n.startswith("xl/worksheets/")]
        strings = book.read("xl/sharedStrings.xml").decode()
    assert not any("<f>" in xml or "<hyperlink" in xml for xml in sheets)
    assert "=1+1" in strings and "http://example.com" in strings


def test_simulate_records_min_edge_and_threshold_exactly_in_json_and_csv():
    """Simulate records min edge and threshold exactly in json and csv (issue 18)."""
    data = json.loads(ok(*SIM, "--min-edge", "1/3%", "--format", "json"))
    assert data["min_edge"] == "1/300" and data["exact_odds_version"]
    assert json.loads(ok(*SIM, "--min-edge", "0.5%", "--format", "json"))["min_edge"] == "1/200"
    data = json.loads(ok(*SIM, "--play", "count", "--tags", "0=1", "--threshold", "1/3",
                         "--format", "json"))
    assert data["threshold"] == "1/3"
    header, row = ok(*SIM, "--play", "count", "--tags", "0=1", "--threshold", "1/3",
                     "--format", "csv").splitlines()[:2]
    for key in ("threshold", "tags", "exact_odds_version", "seed", "shoes", "dealing", "play"):
        assert key in header.split(","), key
    assert "1/3" in row
    header, row = ok(*SIM, "--min-edge", "1/3%", "--format", "csv").splitlines()[:2]
    assert "min_edge" in header.split(",") and "1/300" in row


def test_compare_csv_names_both_sides_as_its_inputs_do():
    """Compare csv names both sides as its inputs do (issue 18)."""
    header = ok("compare", "commission-free", "rock-bac", "--format", "csv").splitlines()[0]
    names = header.split(",")
    assert {"first_game", "second_game", "first_edge", "second_edge", "first_hit",
            "second_hit", "first_sd", "second_sd", "change_in_edge"} <= set(names)
    assert not [name for name in names if name.endswith(("_a", "_b"))]
