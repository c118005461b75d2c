"""The command line's options and arguments: each read the same way on every command,
named as typed, repeated options counted once, names found exactly before loosely."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from clirun import game, ok, one_error_line, process, run

ROOT = Path(__file__).resolve().parent.parent


SIM = ["simulate", "rock-bac", "--bet", "tie", "--shoes", "2", "--seed", "1", "--workers", "1"]

TWO_SLUGS = ('      - {event: "Banker 6+7", when: banker_wins and banker_total == 6, pays: "2 to 1"}\n'
             '      - {event: "Banker 6 7", when: banker_wins and banker_total == 7, pays: "3 to 1"}\n'
             "      - {event: Else, when: otherwise, pays: lose}\n")


def test_repeated_remove_accumulates():
    """Repeated remove accumulates (issue 12)."""
    both = json.loads(ok("report", "rock-bac", "--bet", "tie", "--remove", "9D", "--remove", "KS",
                         "--format", "json"))
    once = json.loads(ok("report", "rock-bac", "--bet", "tie", "--remove", "9D,KS",
                         "--format", "json"))
    assert both["cards"] == 414 and both["shoe"] == {"decks": 8, "remove": ["9D", "KS"]}
    assert both["bets"] == once["bets"]


def test_a_bet_named_twice_is_reported_once():
    """A bet named twice is reported once (issue 12)."""
    output = ok("report", "rock-bac", "--bet", "banker", "--bet", "banker")
    assert output.count("Banker [banker]") == 1
    data = json.loads(ok("report", "rock-bac", "--bet", "tie", "--bet", "banker", "--bet", "tie",
                         "--format", "json"))
    assert [b["id"] for b in data["bets"]] == ["tie", "banker"]


def test_eor_with_a_bet_named_twice_keeps_its_labels():
    """Eor with a bet named twice keeps its labels (issue 12)."""
    single = json.loads(ok("eor", "rock-bac", "--bet", "banker", "--format", "json"))
    double = json.loads(ok("eor", "rock-bac", "--bet", "banker", "--bet", "banker",
                           "--format", "json"))
    assert double == single
    assert list(single["bets"][0]["effects"]) == [str(v) for v in range(10)]
    text = ok("eor", "rock-bac", "--bet", "banker", "--bet", "banker")
    rows = [line for line in text.splitlines() if line.startswith("banker ")]
    assert len(rows) == 1 and len(rows[0].split()) == 1 + 1 + 10


def test_the_exact_event_name_beats_a_slug_match(tmp_path):
    """The exact event name beats a slug match (issue 12)."""
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
    """Two equally close names are refused (issue 12)."""
    path = game(tmp_path, TWO_SLUGS)
    one_error_line(run("solve", path, "t", "--event", "banker-6-7", "--edge", "5%"),
                   "more than one", "Banker 6+7", "Banker 6 7")


@pytest.mark.parametrize("args, needle", [
    ([], "Missing argument"),
    (["rock-bac", "--format", "nope"], "--format"),
    (["rock-bac", "--bogus"], "--bogus"),
    (["rock-bac", "--set", "x"], "NAME=VALUE"),
])
def test_click_usage_errors_are_one_line(args, needle):
    """Click usage errors are one line (issue 12)."""
    one_error_line(run("report", *args), needle, "--help", code=2)


def test_usage_error_in_a_real_process_is_one_line():
    """Usage error in a real process is one line (issue 12)."""
    done = process("report", "--decks", "abc", "rock-bac")
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.startswith("Error: ") and len(done.stderr.strip().splitlines()) == 1


def test_strategy_notes_decks_the_rules_do_not_allow():
    """Strategy notes decks the rules do not allow (issue 12)."""
    output = ok("strategy", "--decks", "5")
    assert "Note: the rules allow 4, 6, 8 decks" in output
    assert json.loads(ok("strategy", "--decks", "5", "--format", "json"))["notes"]


def test_compare_takes_the_shoe_options_and_settings():
    """Compare takes the shoe options and settings (issue 12)."""
    data = json.loads(ok("compare", "commission-free-dragon-bonus", "rock-bac", "--remove", "9D",
                         "--remove", "9H", "--set", "natural_pays_margin=true",
                         "--format", "json"))
    assert data["first"]["shoe"] == data["second"]["shoe"] == {"decks": 8, "remove": ["9H", "9D"]}
    assert data["first"]["settings"] == {"natural_pays_margin": True}
    assert data["second"]["settings"] == {}
    one_error_line(run("compare", "rock-bac", "commission-free", "--set", "nope=1"), "nope")


def test_a_setting_given_two_values_is_refused():
    """A setting given two values is refused (issue 12)."""
    one_error_line(run("report", "commission-free-dragon-bonus", "--set", "natural_pays_margin=true",
                       "--set", "natural_pays_margin=false"), "two values", code=2)


def test_no_command_shows_the_help():
    """No command shows the help (issue 12)."""
    result = run()
    assert "Usage:" in result.output and "report" in result.output
    assert not result.output.startswith("Error:")


def test_min_edge_with_a_count_is_refused_not_ignored():
    """Found in this round's hunt: --min-edge was silently ignored by --play count. (Issue 18.)"""
    one_error_line(run(*SIM, "--play", "count", "--tags", "0=1", "--threshold", "1",
                       "--min-edge", "1%"), "--min-edge", "--play")


def test_the_workers_and_scheduler_together_are_refused():
    """The workers and scheduler together are refused (issue 18)."""
    one_error_line(run(*SIM[:-1], "2", "--scheduler", "tcp://127.0.0.1:9"), "--workers",
                   "--scheduler")


def test_a_shoe_file_and_decks_together_name_both(tmp_path):
    """A shoe file and decks together name both (issue 18)."""
    shoe = tmp_path / "shoe.yaml"
    shoe.write_text("decks: 8\n")
    for command in (SIM, ["report", "rock-bac", "--bet", "tie"]):
        one_error_line(run(*command, "--decks", "6", "--shoe", str(shoe)), "--decks", "--shoe")


def test_cut_card_none_is_kept_from_the_command_line():
    """A regression of this round's options: --cut-card none must shuffle every round. (Issue 18.)"""
    data = json.loads(ok(*SIM, "--cut-card", "None", "--format", "json"))
    assert data["dealing"]["cut_card"] is None
    assert "shuffled before every round" in ok(*SIM, "--cut-card", "none")


def test_games_lists_the_side_bets_of_tables_extra():
    """Games lists the side bets of tables extra (issue 18)."""
    from exact_odds.games.loader import extra_games

    text = ok("games")
    data = json.loads(ok("games", "--format", "json"))
    listed = [game["id"] for game in data["games"]]
    for name in extra_games():
        assert name in text and name in listed
        ok("report", name)  # the id listed is the one that loads it


def test_batch_help_names_only_files_the_project_ships():
    """Batch help names only files the project ships (issue 18)."""
    text = ok("batch", "--help")
    for word in text.split():
        if word.endswith((".csv", ".jsonl", ".parquet")) and "/" in word:
            assert (ROOT / word).is_file(), word


def test_remove_names_the_option_when_the_shoe_has_none_left():
    """Remove names the option when the shoe has none left (issue 18)."""
    one_error_line(run("report", "rock-bac", "--decks", "1", "--remove", "AS,AS"), "--remove",
                   "AS")


def test_a_strategy_on_a_game_without_an_option_names_the_option():
    """A strategy on a game without an option names the option (issue 18)."""
    one_error_line(run("report", "commission-free", "--strategy", "stand"), "--strategy",
                   "commission-free")
