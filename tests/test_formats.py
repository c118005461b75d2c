"""The output formats: every format records the result's inputs (shoe, strategy, settings,
version) and writes every figure exactly; xlsx and HTML keep text from a file as text."""

from __future__ import annotations

import json
from fractions import Fraction

from clirun import ok, one_error_line, run

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
