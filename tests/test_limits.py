"""The limits (``exact_odds/limits.py``): every input beyond one is refused in one line
naming the option, file or field, before any work; inputs at a limit still run exactly."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest
from clirun import GAME_HEAD, game, ok, one_error_line, process, run

HEAD = "name: Test game\nsource: {document: a test}\ndecks: 8\nrules: punto-banco\n"

SIM = ["simulate", "rock-bac", "--bet", "tie", "--shoes", "2", "--seed", "1", "--workers", "1"]

BIG = "9" * 5001

OPTION_VALUES = [
    ("--shoes", "0"), ("--shoes", "1e3"), ("--shoes", BIG), ("--shoes", "\u0661\u0660"),
    ("--shoes", str(10**30)),
    ("--workers", "0"), ("--workers", "1000"), ("--workers", "1.5"),
    ("--seed", "-1"), ("--seed", str(2**64)), ("--seed", str(2**63)), ("--seed", BIG),
    ("--cut-card", "-1"), ("--cut-card", "abc"), ("--cut-card", "416"), ("--cut-card", BIG),
    ("--cut-card", str(10**30)),
    ("--burn", "-1"), ("--burn", "1.5"), ("--burn", "1000"), ("--burn", BIG), ("--burn", "411"),
    ("--decks", "1000001"), ("--decks", "8.5"),
    ("--min-edge", "1e999999999"), ("--min-edge", "-1"), ("--min-edge", "nan"),
    ("--min-edge", "1/0"),
]

TABLE = ("game: commission-free\nplayer_dealer: {seat: 1, bank: \"1000\"}\n"
         "seats:\n  - {seat: 2, wagers: {banker: \"100\"}}\n")


def test_decks_with_700_digits_is_one_line():
    """Decks with 700 digits is one line (issue 12)."""
    one_error_line(run("report", "rock-bac", "--decks", "9" * 700, "--format", "json"),
                   "--decks", "limit", code=2)


def test_decks_at_the_limit_print_exactly():
    """Decks at the limit print exactly (issue 12)."""
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
    """Huge pays are one line naming the file (issue 12)."""
    quoted = pay if ":" in pay else f'"{pay}"'
    path = game(tmp_path, f"      - {{event: E, when: tie, pays: {quoted}}}\n")
    line = one_error_line(run("report", path), needle)
    assert "game.yaml" in line and len(line) < 400


@pytest.mark.parametrize("edge", ["1e-5000", "1e-999999999", "1e5000", "9" * 5000, "5e2%"])
def test_edges_beyond_the_limits_are_one_line(edge):
    """Edges beyond the limits are one line (issue 12)."""
    line = one_error_line(run("solve", "rock-bac", "super-six", "--event", "Banker wins with 6",
                              "--edge", edge), "--edge")
    assert "inf" not in line and len(line) < 300


def test_a_tiny_edge_within_the_limits_is_solved():
    """A tiny edge within the limits is solved (issue 12)."""
    data = json.loads(ok("solve", "rock-bac", "super-six", "--event", "Banker wins with 6",
                         "--edge", "1e-20", "--format", "json"))
    assert Fraction(data["target_house_edge"]) == Fraction(1, 10**20)


def test_printing_figures_beyond_python_s_digit_guard():
    """Printing figures beyond Python's digit guard (issue 12)."""
    from exact_odds.errors import LimitError
    from exact_odds.limits import MAX_DIGITS
    from exact_odds.numbers import decimal_text, fraction_text, int_text

    assert int_text(10**5000) == "1" + "0" * 5000
    assert fraction_text(Fraction(1, 10**4400)) == "1/1" + "0" * 4400
    assert decimal_text(Fraction(10**5000), 2) == "1.00e+5000"
    with pytest.raises(LimitError, match="too long to print"):
        int_text(10 ** (MAX_DIGITS + 10))


def test_edge_with_one_process_returns_promptly():
    """An option's value out of bounds is a usage error: exit 2, as for every option. (Issue 12.)"""
    done = process("solve", "rock-bac", "super-six", "--event", "x", "--edge", "1e-999999999",
                   timeout=30)
    assert done.returncode == 2 and done.stderr.startswith("Error: ")
    assert len(done.stderr.strip().splitlines()) == 1


@pytest.mark.parametrize("decks, needle", [("1" * 5000, "limited"), ("1000001", "limit")])
def test_a_game_file_with_too_many_decks_names_the_file_and_field(tmp_path, decks, needle):
    """A game file with too many decks names the file and field (issue 12)."""
    path = tmp_path / "big.yaml"
    path.write_text(GAME_HEAD.replace("decks: 8", f"decks: {decks}") + "bets:\n  - id: t\n"
                    "    name: T\n    events:\n      - {event: E, when: tie, pays: \"8 to 1\"}\n",
                    encoding="utf-8")
    line = one_error_line(run("report", str(path)), "big.yaml", needle)
    assert len(line) < 200


@pytest.mark.parametrize("args", [["report", "rock-bac", "--decks", "²"],
                                  ["report", "rock-bac", "--decks", "-3"],
                                  ["solve", "rock-bac", "super-six", "--event", "x", "--edge", "²%"],
                                  ["solve", "rock-bac", "super-six", "--event", "x", "--edge", "1/0"]])
def test_digits_that_python_half_accepts_are_refused_in_one_line(args):
    """Digits that python half accepts are refused in one line (issue 12)."""
    one_error_line(run(*args))


@pytest.mark.parametrize("option, value", OPTION_VALUES)
def test_a_bad_option_value_is_one_line_naming_the_option(option, value):
    """At 26ed11e: --burn -1 said "field 'burn'", a 5,001-digit --burn was a traceback,
    --seed 2**64, --workers 1000 and --shoes in Arabic-Indic digits ran, --min-edge
    1e999999999 never returned. (Issue 18.)"""
    args = [*SIM]
    if option in args:
        args[args.index(option) + 1] = value
    else:
        args += [option, value]
    one_error_line(run(*args), option)


@pytest.mark.parametrize("tags", ["6=99999999999999999999999", "6=" + BIG, "6=1001",
                                  "eor:99999999999999999999", "eor:0", "6=1e3"])
def test_tags_are_bounded(tags):
    """Tags are bounded (issue 18)."""
    one_error_line(run(*SIM, "--play", "count", "--tags", tags, "--threshold", "1"), "--tags")


@pytest.mark.parametrize("threshold", ["1e31", BIG, "nan", "1/0"])
def test_a_threshold_beyond_the_number_limits_is_one_line(threshold):
    """A threshold beyond the number limits is one line (issue 18)."""
    one_error_line(run(*SIM, "--play", "count", "--tags", "0=1", "--threshold", threshold),
                   "--threshold")


def test_a_game_file_with_too_many_bets_or_events_is_one_line(tmp_path):
    """3,000 bets in a 400 kB file took tens of seconds; a game has a few dozen. (Issue 18.)"""
    path = tmp_path / "game.yaml"
    bets = "".join(f"  - {{id: b{i}, name: B{i}, events: [{{event: T, when: tie, pays: "
                   f"\"8 to 1\"}}, {{event: E, when: otherwise, pays: lose}}]}}\n"
                   for i in range(501))
    path.write_text(HEAD + "bets:\n" + bets)
    one_error_line(run("report", str(path)), "game.yaml", "at most 500")
    events = "".join(f"      - {{event: E{i}, when: banker_total == {i % 10}, pays: \"1 to 1\"}}\n"
                     for i in range(501))
    path.write_text(HEAD + "bets:\n  - id: t\n    name: T\n    events:\n" + events)
    one_error_line(run("report", str(path)), "game.yaml", "bet 't'", "at most 500")


@pytest.mark.parametrize("edit, needle", [
    (('"100"', f'"{BIG}"'), "banker"),
    (('"1000"', f'"{BIG}"'), "bank"),
    (('"100"', '"0.' + "1" * 5000 + '"'), "banker"),
    ((TABLE, TABLE + f"fees: {{per_hand: \"{BIG}\"}}\n"), "per_hand"),
    ((TABLE, TABLE + f"table_limit: \"1-{BIG}\"\n"), "table_limit"),
    ((TABLE, TABLE + "decks: 2000000\n"), "decks"),
    ((TABLE, TABLE + "seats_at_table: 1000000000\n"), "seats_at_table"),
    (("banker:", "[banker]:"), "as a key"),
])
def test_a_table_file_beyond_its_bounds_is_one_line_naming_it(tmp_path, edit, needle):
    """At 26ed11e a 5,001-digit amount was a traceback and 2,000,000 decks dropped the
    file's name. (Issue 18.)"""
    path = tmp_path / "t.yaml"
    path.write_text(TABLE.replace(*edit))
    one_error_line(run("table", str(path)), "t.yaml", needle)


@pytest.mark.parametrize("extra, needle", [
    (["--decks", "1000000", "--shoes", "1"], "--decks"),
    (["--decks", "100000", "--shoes", "100"], "--decks"),
    (["--shoes", "5000000", "--trace", "t.parquet"], "--trace"),
    (["--shoes", "10000000", "--bet", "player", "--bet", "banker", "--bet", "super-six",
      "--bet", "player-dragon-bonus", "--bet", "banker-dragon-bonus", "--bet",
      "blazing-sevens"], "--shoes"),
])
def test_a_simulation_beyond_its_cost_limits_is_refused_before_any_work(tmp_path, extra,
                                                                        needle):
    """At 26ed11e --decks 1000000 --shoes 1 sat at "0/1 shoes"; --shoes 10**30 took 6.4 GB. (Issue 18.)"""
    args = ["simulate", "rock-bac", "--seed", "1", *extra]
    if "--bet" not in extra:
        args += ["--bet", "tie"]
    if "--trace" in args:
        args[args.index("--trace") + 1] = str(tmp_path / "t.parquet")
    line = one_error_line(run(*args), needle)
    assert "at most" in line
    assert list(tmp_path.iterdir()) == []


def test_the_cost_estimate_from_python_names_the_arguments():
    """The cost estimate from python names the arguments (issue 18)."""
    from exact_odds.simulation.runner import SimulationError, simulate

    with pytest.raises(SimulationError, match="^decks: a shoe of 52,000,000 cards"):
        simulate("rock-bac", 1, bets=["tie"], decks=1_000_000)
    with pytest.raises(SimulationError, match="^shoes: "):
        simulate("rock-bac", 10**30, bets=["tie"])


def test_a_batch_of_shoes_too_large_for_its_columns_names_the_option(tmp_path):
    """A batch of shoes too large for its columns names the option (issue 18)."""
    shoes = tmp_path / "s.csv"
    shoes.write_text("removed\n9D\n")
    one_error_line(run("batch", "rock-bac", str(shoes), "--decks", "1000000", "--bet", "tie"),
                   "--decks", "2,300,000 cards")


@pytest.mark.parametrize("args, option", [
    (["countability", "ez-baccarat", "--bet", "dragon-7", "--shoes", "2", "--workers", "1",
      "--levels", "1,,2"], "--levels"),
    (["countability", "ez-baccarat", "--bet", "dragon-7", "--shoes", "2", "--workers", "1",
      "--levels", ""], "--levels"),
    (["countability", "ez-baccarat", "--bet", "dragon-7", "--shoes", "2", "--workers", "1",
      "--cut-card", "14,"], "--cut-card"),
    (["countability", "ez-baccarat", "--bet", "dragon-7", "--shoes", "2", "--workers", "1",
      "--levels", "21"], "--levels"),
    ([*SIM, "--play", "count", "--tags", "7=1,,8=1", "--threshold", "1"], "--tags"),
    (["solve", "rock-bac", "super-six", "--event", "Banker wins with 6", "--edge", "101%"],
     "--edge"),
    (["solve", "rock-bac", "super-six", "--event", "Banker wins with 6", "--edge", "-1000%"],
     "--edge"),
])
def test_a_list_or_number_out_of_bounds_is_a_usage_error_naming_its_option(args, option):
    """An empty item between commas (``1,,2``, ``14,``) was dropped in silence, and ``solve
    --edge`` out of bounds exited 1 where every other option exits 2. (Issue 18.)"""
    one_error_line(run(*args), option, code=2)


def test_a_shoe_too_large_for_a_batch_names_the_file_and_row(tmp_path):
    """A shoe too large for a batch names the file and row (issue 18)."""
    from exact_odds.cards import DECK

    path = tmp_path / "huge.csv"
    path.write_text(",".join(DECK) + "\n" + ",".join(["8"] * 52) + "\n"
                    + ",".join(["57693"] * 52) + "\n")
    one_error_line(run("batch", "commission-free", str(path)), "huge.csv: row 1", "2,300,000",
                   code=1)


def test_every_limit_is_in_the_registry_once_with_its_reason():
    """Issue 29: one registry of limits. Each has a value, what it bounds and why; the
    modules that enforce a limit read the registry's value."""
    import exact_odds.limits as limits

    for name, limit in limits.LIMITS.items():
        assert limit.name == name and limit.bounds and limit.why, name
        assert getattr(limits, name) == limit.value, name
    assert limits.MAX_CARDS == 52 * limits.MAX_DECKS


def test_no_limit_is_imported_under_another_limits_name():
    """Issue 42: ``MAX_FILE_SHOES as MAX_SHOES`` read as the simulation's limit of shoes,
    another limit altogether; a limit is read under its own name."""
    import ast

    root = Path(__file__).resolve().parent.parent
    found = set()
    for path in sorted((root / "exact_odds").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module == "exact_odds.limits":
                found |= {f"{path.relative_to(root)}: {alias.name} as {alias.asname}"
                          for alias in node.names if alias.asname not in (None, alias.name)}
    assert found == set()


def test_no_module_defines_a_limit_of_its_own():
    """A ``MAX_`` constant assigned anywhere but the registry would be a second copy (a
    ``MIN_`` may be a display threshold, as ``MIN_ROUNDS_SHOWN``, not a limit)."""
    import ast

    package = Path(__file__).resolve().parent.parent / "exact_odds"
    found = []
    for path in package.rglob("*.py"):
        if path.name == "limits.py":
            continue
        for node in ast.parse(path.read_text(encoding="utf-8")).body:
            if isinstance(node, ast.Assign):
                for target in node.targets:
                    if isinstance(target, ast.Name) and target.id.startswith("MAX_"):
                        found.append(f"{path.relative_to(package)}: {target.id}")
    assert not found, found
