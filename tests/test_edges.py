"""Trustworthy at the edges (issue 12): every input once read silently wrong, crashed, hung or
failed unclearly, and the classes of input they stand for.

Each bad input must end in the right result or in exactly one line starting "Error:",
naming the file, bet and field where there is one, with a non-zero exit and no traceback.
Time limits here are guards against a hang (subprocess timeouts), not measurements.
"""

from __future__ import annotations

import json
import os
import stat
import subprocess
import sys
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


def process(*args: str, timeout: float = 60) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "exact_odds", *args], capture_output=True,
                          text=True, timeout=timeout)


# --- silently wrong ------------------------------------------------------------------------------

def test_repeated_remove_accumulates():
    both = json.loads(ok("report", "rock-bac", "--bet", "tie", "--remove", "9D", "--remove", "KS",
                         "--format", "json"))
    once = json.loads(ok("report", "rock-bac", "--bet", "tie", "--remove", "9D,KS",
                         "--format", "json"))
    assert both["cards"] == 414 and both["shoe"] == {"decks": 8, "remove": ["9D", "KS"]}
    assert both["bets"] == once["bets"]


def test_a_bet_named_twice_is_reported_once():
    output = ok("report", "rock-bac", "--bet", "banker", "--bet", "banker")
    assert output.count("Banker [banker]") == 1
    data = json.loads(ok("report", "rock-bac", "--bet", "tie", "--bet", "banker", "--bet", "tie",
                         "--format", "json"))
    assert [b["id"] for b in data["bets"]] == ["tie", "banker"]


def test_eor_with_a_bet_named_twice_keeps_its_labels():
    single = json.loads(ok("eor", "rock-bac", "--bet", "banker", "--format", "json"))
    double = json.loads(ok("eor", "rock-bac", "--bet", "banker", "--bet", "banker",
                           "--format", "json"))
    assert double == single
    assert list(single["bets"][0]["effects"]) == [str(v) for v in range(10)]
    text = ok("eor", "rock-bac", "--bet", "banker", "--bet", "banker")
    rows = [line for line in text.splitlines() if line.startswith("banker ")]
    assert len(rows) == 1 and len(rows[0].split()) == 1 + 1 + 10


def test_eor_prints_ev_in_the_units_of_report():
    report = json.loads(ok("report", "rock-bac", "--bet", "banker", "--format", "json"))
    eor = json.loads(ok("eor", "rock-bac", "--bet", "banker", "--format", "json"))
    assert eor["bets"][0]["expected_value"] == report["bets"][0]["expected_value"]
    ev = Fraction(report["bets"][0]["expected_value"])
    assert f"{float(ev):+.9f}" in ok("eor", "rock-bac", "--bet", "banker")
    assert f"{float(ev):.9f}" in ok("report", "rock-bac", "--bet", "banker")


TWO_SLUGS = ('      - {event: "Banker 6+7", when: banker_wins and banker_total == 6, pays: "2 to 1"}\n'
             '      - {event: "Banker 6 7", when: banker_wins and banker_total == 7, pays: "3 to 1"}\n'
             "      - {event: Else, when: otherwise, pays: lose}\n")


def test_the_exact_event_name_beats_a_slug_match(tmp_path):
    from exact_odds.games.loader import load_game

    path = game(tmp_path, TWO_SLUGS)
    changed = load_game(path).with_pay("t", "Banker 6 7", "9 to 1").bet("t")
    assert [e.pay.net for e in changed.events] == [2, 9, -1]
    changed = load_game(path).with_pay("t", "Banker 6+7", "9 to 1").bet("t")
    assert [e.pay.net for e in changed.events] == [9, 3, -1]
    data = json.loads(ok("solve", path, "t", "--event", "Banker 6 7", "--edge", "5%",
                         "--format", "json"))
    assert data["event"] == "Banker 6 7"


def test_two_equally_close_names_are_refused(tmp_path):
    path = game(tmp_path, TWO_SLUGS)
    one_error_line(run("solve", path, "t", "--event", "banker-6-7", "--edge", "5%"),
                   "more than one", "Banker 6+7", "Banker 6 7")


# --- files written -------------------------------------------------------------------------------

def test_output_through_a_symlink_writes_the_target_and_keeps_the_link(tmp_path):
    target = tmp_path / "real.json"
    target.write_text("old", encoding="utf-8")
    link = tmp_path / "link.json"
    link.symlink_to(target)
    ok("report", "rock-bac", "--bet", "tie", "--format", "json", "--output", str(link))
    assert link.is_symlink() and os.readlink(link) == str(target)
    assert json.loads(target.read_text(encoding="utf-8"))["game"] == "rock-bac"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["link.json", "real.json"]


def test_output_keeps_the_permissions_of_the_file_it_replaces(tmp_path):
    target = tmp_path / "out.txt"
    target.write_text("old", encoding="utf-8")
    target.chmod(0o640)
    ok("report", "rock-bac", "--bet", "tie", "--output", str(target))
    assert stat.S_IMODE(target.stat().st_mode) == 0o640


@pytest.mark.parametrize("where, needle", [("/dev/null", "not a regular file"),
                                           ("folder", "directory")])
def test_output_to_a_device_or_a_folder_is_refused(tmp_path, where, needle):
    path = where if where.startswith("/") else str(tmp_path)
    result = run("report", "rock-bac", "--bet", "tie", "--output", path)
    one_error_line(result, needle)


def test_output_option_on_every_command(tmp_path):
    for args in (["games"], ["columns"], ["report", "rock-bac", "--bet", "tie"],
                 ["eor", "rock-bac", "--bet", "tie"],
                 ["solve", "rock-bac", "super-six", "--event", "Banker wins with 6", "--edge", "5%"],
                 ["compare", "rock-bac", "commission-free", "--remove", "9D"],
                 ["strategy", "--decks", "1"]):
        out = tmp_path / f"{args[0]}.md"
        ok(*args, "--format", "markdown", "--output", str(out))
        assert out.read_text(encoding="utf-8").startswith("# "), args


# --- numbers and limits --------------------------------------------------------------------------

def test_decks_with_700_digits_is_one_line():
    one_error_line(run("report", "rock-bac", "--decks", "9" * 700, "--format", "json"),
                   "--decks", "limit", code=2)


def test_decks_at_the_limit_print_exactly():
    data = json.loads(ok("report", "commission-free", "--bet", "tie", "--decks", "1000000",
                         "--format", "json"))
    n = 52_000_000
    assert data["total"] == n * (n - 1) * (n - 2) * (n - 3) * (n - 4) * (n - 5)
    one_error_line(run("report", "commission-free", "--decks", "1000001"), "limit")


@pytest.mark.parametrize("pay, needle", [
    ("1" * 5000 + " to 1", "at most"),
    ("1" + "0" * 400 + " to 1", "at most"),
    ("10000000000 to 1", "limit"),
    ("1" * 5000 + ":1", "quotes"),
])
def test_huge_pays_are_one_line_naming_the_file(tmp_path, pay, needle):
    quoted = pay if ":" in pay else f'"{pay}"'
    path = game(tmp_path, f"      - {{event: E, when: tie, pays: {quoted}}}\n")
    line = one_error_line(run("report", path), needle)
    assert "game.yaml" in line and len(line) < 400


@pytest.mark.parametrize("edge", ["1e-5000", "1e-999999999", "1e5000", "9" * 5000, "5e2%"])
def test_edges_beyond_the_limits_are_one_line(edge):
    line = one_error_line(run("solve", "rock-bac", "super-six", "--event", "Banker wins with 6",
                              "--edge", edge), "--edge")
    assert "inf" not in line and len(line) < 300


def test_a_tiny_edge_within_the_limits_is_solved():
    data = json.loads(ok("solve", "rock-bac", "super-six", "--event", "Banker wins with 6",
                         "--edge", "1e-20", "--format", "json"))
    assert Fraction(data["target_house_edge"]) == Fraction(1, 10**20)


def test_printing_figures_beyond_python_s_digit_guard():
    from exact_odds.errors import LimitError
    from exact_odds.numbers import MAX_DIGITS, decimal_text, fraction_text, int_text

    assert int_text(10**5000) == "1" + "0" * 5000
    assert fraction_text(Fraction(1, 10**4400)) == "1/1" + "0" * 4400
    assert decimal_text(Fraction(10**5000), 2) == "1.00e+5000"
    with pytest.raises(LimitError, match="too long to print"):
        int_text(10 ** (MAX_DIGITS + 10))


def test_edge_with_one_process_returns_promptly():
    """An option's value out of bounds is a usage error: exit 2, as for every option."""
    done = process("solve", "rock-bac", "super-six", "--event", "x", "--edge", "1e-999999999",
                   timeout=30)
    assert done.returncode == 2 and done.stderr.startswith("Error: ")
    assert len(done.stderr.strip().splitlines()) == 1


# --- unclear errors ------------------------------------------------------------------------------

@pytest.mark.parametrize("args, needle", [
    ([], "Missing argument"),
    (["rock-bac", "--format", "nope"], "--format"),
    (["rock-bac", "--bogus"], "--bogus"),
    (["rock-bac", "--set", "x"], "NAME=VALUE"),
])
def test_click_usage_errors_are_one_line(args, needle):
    one_error_line(run("report", *args), needle, "--help", code=2)


def test_usage_error_in_a_real_process_is_one_line():
    done = process("report", "--decks", "abc", "rock-bac")
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.startswith("Error: ") and len(done.stderr.strip().splitlines()) == 1


def test_a_shoe_file_names_an_unknown_field(tmp_path):
    path = tmp_path / "shoe.yaml"
    path.write_text("decks: 8\nremoved: [9D]\n", encoding="utf-8")
    one_error_line(run("report", "rock-bac", "--shoe", str(path)), "shoe.yaml", "'removed'")


def test_a_shoe_file_names_the_field_of_a_bad_card(tmp_path):
    path = tmp_path / "shoe.yaml"
    path.write_text("decks: 8\nremove: [9D, 1Z]\n", encoding="utf-8")
    one_error_line(run("report", "rock-bac", "--shoe", str(path)), "shoe.yaml", "remove", "1Z")


def test_nul_bytes_and_control_characters_are_escaped(tmp_path):
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
    path = game(tmp_path, f'      - {{event: "{"W" * 5000}", when: tie, pays: "8 to 1"}}\n')
    output = ok("report", path)
    assert max(len(line) for line in output.splitlines()) < 400
    one_error_line(run("solve", path, "t", "--event", "Z" * 5000, "--edge", "5%"), "no event")


# --- outputs record their inputs -----------------------------------------------------------------

def test_json_shoe_field_is_a_shoe_file_that_reproduces_the_report(tmp_path):
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


def test_a_shoe_of_counts_is_recorded_as_counts(tmp_path):
    path = tmp_path / "shoe.yaml"
    path.write_text("decks: 0\ncounts: {9D: 3, KS: 2, 5H: 4}\n", encoding="utf-8")
    data = json.loads(ok("report", "commission-free", "--shoe", str(path), "--bet", "tie",
                         "--format", "json"))
    assert data["shoe"] == {"decks": 0, "counts": {"5H": 4, "9D": 3, "KS": 2}}
    text = ok("report", "commission-free", "--shoe", str(path), "--bet", "tie")
    assert "custom" not in text and "5H 4, 9D 3, KS 2" in text
    assert text.count("9 cards") == 1


def test_every_text_format_names_the_shoe_strategy_settings_and_version():
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
    import csv
    import io

    rows = list(csv.DictReader(io.StringIO(ok("report", "rock-bac", "--format", "csv"))))
    assert {row["bet_favours_bettor"] for row in rows} == {"false"}


def test_strategy_notes_decks_the_rules_do_not_allow():
    output = ok("strategy", "--decks", "5")
    assert "Note: the rules allow 4, 6, 8 decks" in output
    assert json.loads(ok("strategy", "--decks", "5", "--format", "json"))["notes"]


def test_compare_takes_the_shoe_options_and_settings():
    data = json.loads(ok("compare", "commission-free-dragon-bonus", "rock-bac", "--remove", "9D",
                         "--remove", "9H", "--set", "natural_pays_margin=true",
                         "--format", "json"))
    assert data["first"]["shoe"] == data["second"]["shoe"] == {"decks": 8, "remove": ["9H", "9D"]}
    assert data["first"]["settings"] == {"natural_pays_margin": True}
    assert data["second"]["settings"] == {}
    one_error_line(run("compare", "rock-bac", "commission-free", "--set", "nope=1"), "nope")


# --- xlsx ----------------------------------------------------------------------------------------


def test_xlsx_needs_an_output_file():
    one_error_line(run("report", "rock-bac", "--format", "xlsx"), "--output", code=2)


# --- notebooks and the public API ----------------------------------------------------------------

def test_objects_display_as_html_tables():
    import exact_odds

    report = exact_odds.game_report("rock-bac", bets=("banker", "super-six"))
    for shown in (report, report.bet("banker"),
                  exact_odds.compare_games("rock-bac", "commission-free"),
                  exact_odds.effect_of_removal(report),
                  exact_odds.strategy_report(exact_odds.Shoe.from_decks(1), "house-way")):
        html = shown._repr_html_()
        assert "<table>" in html and "</table>" in html, type(shown)
    assert "Banker wins with 6" in report._repr_html_()


def test_the_report_path_imports_neither_polars_nor_sympy_nor_numpy():
    code = ("import sys; from click.testing import CliRunner; from exact_odds.cli import main; "
            "r = CliRunner().invoke(main, ['report', 'rock-bac']); assert r.exit_code == 0; "
            "print(sorted(m for m in ('polars', 'sympy', 'numpy') if m in sys.modules))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"


def test_the_public_api_is_pinned():
    """``import exact_odds`` gives these names (deferred: nothing heavy is imported)."""
    import exact_odds

    assert exact_odds.__all__ == [
        "__version__", "BatchEvaluator", "BetResult", "COLUMNS", "ExactOddsError", "Game",
        "GameReport", "Shoe", "batch_frame", "builtin_games", "compare_games",
        "compare_reports", "countability_report", "effect_of_removal", "explore", "find_event",
        "fraction_text", "game_mistakes", "game_report", "load_game", "load_rules", "load_shoe",
        "load_table", "option_hands", "outcome_counts", "outcome_table", "parse_pay",
        "parse_table", "read_yaml", "rules_named", "simulate", "solve_pay", "strategy_report",
        "symbolic_bet", "table_report", "tables_dir"]
    for name in exact_odds.__all__:
        assert getattr(exact_odds, name) is not None, name
    done = subprocess.run([sys.executable, "-c", "import sys, exact_odds; "
                           "print(sorted(m for m in ('polars', 'sympy', 'numpy', 'yaml', 'click') "
                           "if m in sys.modules))"], capture_output=True, text=True, timeout=60)
    assert done.stdout.strip() == "[]", done.stderr


@pytest.mark.parametrize("decks, needle", [("1" * 5000, "limited"), ("1000001", "limit")])
def test_a_game_file_with_too_many_decks_names_the_file_and_field(tmp_path, decks, needle):
    path = tmp_path / "big.yaml"
    path.write_text(GAME_HEAD.replace("decks: 8", f"decks: {decks}") + "bets:\n  - id: t\n"
                    "    name: T\n    events:\n      - {event: E, when: tie, pays: \"8 to 1\"}\n",
                    encoding="utf-8")
    line = one_error_line(run("report", str(path)), "big.yaml", needle)
    assert len(line) < 200


@pytest.mark.parametrize("text", ["decks: " + "1" * 5000, "decks: 0\ncounts: {9D: " + "7" * 30 + "}",
                                  "decks: 2000000"])
def test_a_shoe_file_with_huge_numbers_is_one_line(tmp_path, text):
    path = tmp_path / "shoe.yaml"
    path.write_text(text + "\n", encoding="utf-8")
    one_error_line(run("report", "rock-bac", "--shoe", str(path)), "shoe.yaml")


def test_all_names_every_deferred_import():
    import exact_odds

    # outcome_counts and outcome_table are checked wrappers defined in the facade (issue 18)
    checked = {"outcome_counts", "outcome_table"}
    assert sorted(exact_odds.__all__[1:]) == sorted({*exact_odds._WHERE, *checked})
    for name in checked:
        assert callable(getattr(exact_odds, name))


@pytest.mark.parametrize("where", ["/dev/zero", "fifo"])
def test_a_shoe_file_that_is_a_device_or_a_pipe_is_refused(tmp_path, where):
    if where == "fifo":
        where = str(tmp_path / "pipe")
        os.mkfifo(where)
    one_error_line(run("report", "rock-bac", "--shoe", where), "regular file")


def test_a_setting_given_two_values_is_refused():
    one_error_line(run("report", "commission-free-dragon-bonus", "--set", "natural_pays_margin=true",
                       "--set", "natural_pays_margin=false"), "two values", code=2)


def test_an_error_line_is_at_most_400_characters(tmp_path):
    nested = "(" * 1000 + "tie" + ")" * 1000
    path = game(tmp_path, f'      - {{event: E, when: "{nested}", pays: "8 to 1"}}\n')
    line = one_error_line(run("report", path), "game.yaml")
    assert len(line) <= 400


def test_a_shoe_of_52_different_counts_is_printed_in_full(tmp_path):
    from exact_odds.cards import DECK

    path = tmp_path / "shoe.yaml"
    path.write_text("decks: 0\ncounts: {" + ", ".join(f"{c}: {i + 1}" for i, c in enumerate(DECK))
                    + "}\n", encoding="utf-8")
    for fmt in ("text", "markdown"):
        out = ok("report", "commission-free", "--bet", "tie", "--shoe", str(path), "--format", fmt)
        assert "a shoe of 1,378 cards: AS 1, AH 2," in out and "QC 48, KS 49, KH 50, KD 51, KC 52" in out, fmt


@pytest.mark.parametrize("args", [["report", "rock-bac", "--decks", "²"],
                                  ["report", "rock-bac", "--decks", "-3"],
                                  ["solve", "rock-bac", "super-six", "--event", "x", "--edge", "²%"],
                                  ["solve", "rock-bac", "super-six", "--event", "x", "--edge", "1/0"]])
def test_digits_that_python_half_accepts_are_refused_in_one_line(args):
    one_error_line(run(*args))


def test_no_command_shows_the_help():
    result = run()
    assert "Usage:" in result.output and "report" in result.output
    assert not result.output.startswith("Error:")


def test_no_public_name_is_shadowed_by_a_module_of_the_package():
    """Importing ``exact_odds.x`` sets the package's attribute ``x`` to the module: a public
    function named like a subpackage (``render``, ``countability``) would turn into that
    module once anything imported it. Every module imported first, each public name is
    still what ``_WHERE`` says."""
    import importlib
    import pkgutil
    from types import ModuleType

    import exact_odds

    for found in pkgutil.walk_packages(exact_odds.__path__, "exact_odds."):
        if not found.name.endswith("__main__"):
            importlib.import_module(found.name)
    shadowed = [name for name in exact_odds.__all__[1:]
                if isinstance(getattr(exact_odds, name), ModuleType)]
    assert shadowed == []


def test_every_public_name_has_a_home():
    import exact_odds

    defined_here = {"__version__", "outcome_counts", "outcome_table"}  # checked wrappers
    assert set(exact_odds.__all__) == {*defined_here, *exact_odds._WHERE}
