"""The player-dealer's table: the command, its formats, bad table files, and the property that
a bank covering everything with no fees gives the per-unit report times the amounts."""

from __future__ import annotations

import json
from fractions import Fraction
from functools import cache
from pathlib import Path

import pytest
from click.testing import CliRunner
from clirun import one_error_line, run
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from exact_odds.analysis.report import game_report
from exact_odds.cli import main
from exact_odds.games.loader import tables_dir
from exact_odds.table import TableReport, load_table, table_report
from exact_odds.table.bank import settle

SAMPLES = sorted((tables_dir() / "tables").glob("*.yaml"))
HEAD = 'game: commission-free\nplayer_dealer: {seat: 1, bank: "500"}\n'


def write(tmp_path: Path, text: str, name: str = "table.yaml") -> str:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


# --- the sample tables and the formats ------------------------------------------------------

def test_there_is_a_sample_table_for_each_california_game():
    assert {p.stem for p in SAMPLES} == {"commission-free", "commission-free-dragon-bonus",
                                         "21st-century"}


@cache  # the 21st Century table is read by two tests
def sample_report(path: Path) -> TableReport:
    return table_report(path)


@pytest.mark.parametrize("path", SAMPLES, ids=[p.stem for p in SAMPLES])
def test_sample_table_adds_up_to_zero(path):
    report = sample_report(path)
    assert report.balance == 0
    assert sum(p for _, p in report.player_dealer.distribution) == 1
    for seat in report.seats:
        assert seat.p_full_action + seat.p_partial_action + seat.p_no_action == 1
    # the player-dealer "may not win or lose more than the original amount wagered"
    bank = report.player_dealer.bank
    assert all(-bank <= result <= bank for result, _ in report.player_dealer.distribution)


def test_json_keys_are_the_issues():
    data = json.loads(run("table", str(tables_dir() / "tables" / "commission-free.yaml"),
                          "--format", "json").output)
    assert [set(seat) for seat in data["seats"]] == [
        {"seat", "owner", "wagered", "fees", "expected", "expected_without_fees", "house_edge",
         "p_full_action", "p_partial_action", "p_no_action"}] * len(data["seats"])
    assert set(data["player_dealer"]) == {"bank", "fee", "expected", "expected_without_fee",
                                          "p_bank_exhausted"}
    assert set(data["cardroom"]) == {"fees_per_hand"}
    assert data["adds_up_to_zero"] is True
    # the Gardena schedule at the $50-300 limit: $2 a player, $3 the player-dealer, per hand
    assert data["player_dealer"]["fee"] == "3"
    assert data["cardroom"]["fees_per_hand"] == str(2 * len(data["seats"]) + 3)
    for seat in data["seats"]:
        for key in ("expected", "house_edge", "p_full_action"):
            value = Fraction(seat[key])
            assert seat[key] == (str(value.numerator) if value.denominator == 1 else
                                 f"{value.numerator}/{value.denominator}")


@pytest.mark.parametrize("fmt", ["text", "markdown", "csv"])
def test_other_formats(fmt):
    out = run("table", str(tables_dir() / "tables" / "commission-free-dragon-bonus.yaml"),
              "--format", fmt)
    assert out.exit_code == 0, out.output
    assert "player-dealer" in out.output.lower()


def test_output_writes_the_whole_report(tmp_path):
    target = tmp_path / "out.json"
    result = run("table", str(tables_dir() / "tables" / "commission-free.yaml"), "--format",
                 "json", "--output", str(target))
    assert result.exit_code == 0 and result.output == ""
    written = json.loads(target.read_text())
    assert written["game"] == "commission-free"
    assert written == json.loads(run("table", str(tables_dir() / "tables" / "commission-free.yaml"),
                                     "--format", "json").output)


def test_output_is_not_written_for_a_bad_table(tmp_path):
    target = tmp_path / "out.json"
    bad = write(tmp_path, HEAD + 'seats: [{seat: 2, wagers: {player: "-5"}}]\n')
    one_error_line(run("table", bad, "--output", str(target)), code=1)
    assert not target.exists()


def test_the_flat_fee_adds_fee_over_bet_to_the_edge(tmp_path):
    """Issue 11: "$1 on a $10 Banker bet: 1.46% + 10% = 11.46%" (the Banker's 1.4581% edge,
    wizardofodds appendix 6, plus f/B)."""
    path = write(tmp_path, 'game: commission-free\nplayer_dealer: {seat: 1, bank: "100000"}\n'
                 'fees: {per_bet: {default: "1"}}\nseats: [{seat: 2, wagers: {banker: "10"}}]\n')
    seat = table_report(path).seats[0]
    assert seat.house_edge == Fraction(284694798368, 19524993263685) + Fraction(1, 10)


def test_an_uncovered_wager_is_returned(tmp_path):
    """Seed 000: the player-dealer "may not win or lose more than the original amount
    wagered" and "the wagers not covered by the player-dealer will be returned": with a bank
    of 100 behind a 100 Player bet, a second Player bet is neither paid (the bank is gone)
    nor collected (the bank's worth is already won): it gets action only on a tie (a push)."""
    path = write(tmp_path, 'game: commission-free\nplayer_dealer: {seat: 1, bank: "100"}\n'
                 'seats: [{seat: 2, wagers: {player: "100"}}, {seat: 3, wagers: {player: "50"}}]\n')
    first, second = table_report(path).seats
    player = game_report("commission-free").bet("player")
    assert first.p_full_action == 1
    assert first.expected_without_fees == 100 * player.expected_value
    assert second.p_no_action == 1 - player.push_probability
    assert second.expected_without_fees == 0


def test_settle_keeps_the_player_dealer_within_its_bank():
    nets = [Fraction(8), Fraction(-1), Fraction(1), Fraction(-1)]
    amounts = [Fraction(50), Fraction(300), Fraction(200), Fraction(400)]
    for reading in ("collect-then-pay", "in-order"):
        results, _ = settle(reading, Fraction(300), nets, amounts, [])
        assert -300 <= -sum(results) <= 300


def test_more_than_five_fee_rates_is_a_warning(tmp_path):
    path = write(tmp_path, HEAD.replace('"500"}', '"500", fee: "6"}') +
                 'fees: {per_bet: {default: "1", banker: "2", tie: "3"}, per_hand: "4"}\n'
                 'seats: [{seat: 2, wagers: {player: "10", banker: "10", tie: "5"}}]\n'
                 .replace('per_hand: "4"', 'per_hand: "4", exempt: []')
                 .replace('banker: "2"', 'banker: [{from: "0", to: "100", fee: "2"}, {from: "100", fee: "5"}]'))
    result = CliRunner().invoke(main, ["table", path])
    assert result.exit_code == 0, result.output
    assert "6 different fee rates" in result.stderr and "at most 5" in result.stderr
    assert "Warning" not in result.stdout
    assert load_table(path).warnings


# --- bad table files: one line naming the file and the field ---------------------------------

BAD = {
    "unknown bet": (HEAD + 'seats: [{seat: 2, wagers: {banekr: "10"}}]\n', "wagers: banekr", "banker"),
    "bet the game lacks": (HEAD + 'seats: [{seat: 2, wagers: {player-dragon-bonus: "10"}}]\n',
                           "player-dragon-bonus", "its bets are"),
    "unknown seat": (HEAD + 'seats: [{seat: 9, wagers: {player: "10"}}]\n', "seat 9", "1 to 8"),
    "the player-dealer's seat": (HEAD + 'seats: [{seat: 1, wagers: {player: "10"}}]\n',
                                 "seat 1", "player-dealer's seat"),
    "negative amount": (HEAD + 'seats: [{seat: 2, wagers: {player: "-10"}}]\n',
                        "wagers: player", "negative"),
    "non-decimal amount": (HEAD + 'seats: [{seat: 2, wagers: {player: "ten"}}]\n',
                           "wagers: player", "'ten'", "decimal"),
    "a float": (HEAD + "seats: [{seat: 2, wagers: {player: 10.5}}]\n", "wagers: player", "float",
                "quotes"),
    "a gap in the brackets": (
        HEAD + 'fees: {per_bet: {player: [{from: "0", to: "100", fee: "1"}, '
        '{from: "200", fee: "2"}]}}\nseats: [{seat: 2, wagers: {player: "10"}}]\n',
        "fees: per_bet: player", "gap", "100 to 200"),
    "overlapping brackets": (
        HEAD + 'fees: {player_dealer: {by_total_action: [{from: "0", to: "500", fee: "1"}, '
        '{from: "400", fee: "2"}]}}\nseats: [{seat: 2, wagers: {player: "10"}}]\n',
        "fees: player_dealer: by_total_action", "overlap"),
    "a choice on 5 at punto banco": (
        HEAD + 'seats: [{seat: 2, wagers: {player: "10"}, on_five: stand}]\n',
        "on_five", "punto-banco", "21st Century"),
    "an unknown reading": (HEAD + 'settlement: first-come\nseats: [{seat: 2, wagers: {player: "1"}}]\n',
                           "settlement", "collect-then-pay"),
    "an unknown field": (HEAD + 'seat: 3\nseats: [{seat: 2, wagers: {player: "1"}}]\n', "'seat'"),
    "a table limit not in the schedule": (
        HEAD + 'table_limit: "25-250"\nfees: {per_hand: {by_table_limit: {"10-100": "1"}}}\n'
        'seats: [{seat: 2, wagers: {player: "100"}}]\n', "fees: per_hand", "25-250", "10-100"),
    "an unknown game": (('game: comission-free\nplayer_dealer: {seat: 1, bank: "5"}\n'
                         'seats: [{seat: 2, wagers: {player: "1"}}]\n'), "game", "commission-free"),
    "a fee given twice": (HEAD.replace('"500"}', '"500", fee: "1"}')
                          + 'fees: {player_dealer: "2"}\nseats: [{seat: 2, wagers: {player: "1"}}]\n',
                          "player_dealer", "twice"),
    "the action button at a small table": (
        HEAD + 'order: from-action-button\nseats_at_table: 6\nseats: [{seat: 2, wagers: {player: "1"}}]\n',
        "seats_at_table", "seats 2 to 8"),
    "decks and a shoe file": (HEAD + 'decks: 6\nshoe: shoe.yaml\nseats: [{seat: 2, wagers: {player: "1"}}]\n',
                              "shoe", "not both"),
    "a zero bank": (HEAD.replace('"500"', '"0"') + 'seats: [{seat: 2, wagers: {player: "1"}}]\n',
                    "player_dealer: bank", "more than 0"),
}


@pytest.mark.parametrize("case", BAD, ids=list(BAD))
def test_bad_table_file(tmp_path, case):
    text, *needles = BAD[case]
    path = write(tmp_path, text)
    line = one_error_line(run("table", path), *needles, code=1)
    assert line.startswith(f"Error: {path}: ")


def test_the_game_files_name_their_settlement_order():
    """Seeds 000 and 001 settle by bet type; seed 004 from the action button."""
    from exact_odds.games.loader import load_game

    orders = {game: load_game(game).table["settlement_order"]
              for game in ("commission-free", "commission-free-dragon-bonus", "21st-century")}
    assert orders == {"commission-free": "by-bet-type", "commission-free-dragon-bonus": "by-bet-type",
                      "21st-century": "from-action-button"}
    assert sample_report(tables_dir() / "tables" / "21st-century.yaml").table.order == "from-action-button"


def test_a_game_file_with_an_unknown_settlement_order(tmp_path):
    game = write(tmp_path, "name: G\ndecks: 8\nrules: punto-banco\ntable: {settlement_order: random}\n"
                 "bets:\n  - {id: tie, name: Tie, events: [{event: Tie, when: tie, pays: '8:1'}]}\n",
                 "game.yaml")
    one_error_line(run("report", game), "game.yaml", "table", "settlement_order", "random", code=1)
    path = write(tmp_path, 'game: game.yaml\nplayer_dealer: {seat: 1, bank: "5"}\n'
                 'seats: [{seat: 2, wagers: {tie: "1"}}]\n')
    one_error_line(run("table", path), "table.yaml", "game", "settlement_order", code=1)


def test_21st_century_needs_a_choice_word(tmp_path):
    path = write(tmp_path, 'game: 21st-century\nplayer_dealer: {seat: 1, bank: "50"}\n'
                 'seats: [{seat: 2, wagers: {player: "10"}, on_five: maybe}]\n')
    one_error_line(run("table", path), "on_five", "hit, stand", code=1)


def test_missing_table_file(tmp_path):
    one_error_line(run("table", str(tmp_path / "none.yaml")), "none.yaml", code=1)


# --- with a bank covering everything and no fees: the per-unit report times the amounts ------

GAMES = {name: game_report(name, strategy="stand" if name == "21st-century" else None)
         for name in ("commission-free", "commission-free-dragon-bonus", "21st-century")}
HOUSE_WAY = game_report("21st-century")
#: Bonus pairs read suits: jointly with the round that is 52 card classes, ~14 s of
#: enumeration per table, too slow for a property test (README, "The player-dealer's table").
BETS = {name: [b.id for b in report.game.bets if "pair" not in b.id] for name, report in GAMES.items()}


@st.composite
def tables(draw):
    game = draw(st.sampled_from(sorted(GAMES)))
    seats = draw(st.lists(st.integers(2, 8), min_size=1, max_size=4, unique=True))
    owners = []
    for seat in seats:
        for name in range(draw(st.integers(1, 2))):
            bets = draw(st.lists(st.sampled_from(BETS[game]), min_size=1, max_size=3, unique=True))
            amounts = [Fraction(draw(st.integers(1, 4000)), draw(st.sampled_from([1, 2, 4, 100])))
                       for _ in bets]
            five = draw(st.sampled_from(["hit", "stand"])) if game == "21st-century" else None
            owners.append((seat, f"o{name}", dict(zip(bets, amounts)), five))
    reading = draw(st.sampled_from(["collect-then-pay", "in-order", "covered-before-the-deal"]))
    order = draw(st.sampled_from(["by-bet-type", "from-action-button"]))
    owners.sort(key=lambda owner: owner[0])  # the order the file lists them
    return game, owners, reading, order


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(tables())
def test_a_bank_covering_everything_gives_the_per_unit_report(tmp_path, table):
    game, owners, reading, order = table
    lines = [f"game: {game}", f"settlement: {reading}", f"order: {order}",
             'player_dealer: {seat: 1, bank: "10000000"}', "seats:"]
    for seat in sorted({o[0] for o in owners}):
        lines.append(f"  - seat: {seat}\n    owners:")
        for s, name, wagers, five in owners:
            if s == seat:
                text = ", ".join(f'{bet}: "{float(amount):.2f}"' for bet, amount in wagers.items())
                lines.append(f"      - {{name: {name}, wagers: {{{text}}}"
                             + (f", on_five: {five}" if five else "") + "}")
    report = table_report(write(tmp_path, "\n".join(lines) + "\n"))
    total = Fraction(0)
    for result, (_, _, wagers, five) in zip(report.seats, owners):
        per_unit = HOUSE_WAY if five == "hit" else GAMES[game]
        expected = sum((amount * per_unit.bet(bet).expected_value for bet, amount in wagers.items()),
                       Fraction(0))
        assert result.expected == result.expected_without_fees == expected
        assert result.wagered == sum(wagers.values())
        assert result.house_edge == -expected / result.wagered
        assert (result.p_full_action, result.fees) == (1, 0)
        total += expected
    assert report.player_dealer.expected == -total
    assert report.player_dealer.p_bank_exhausted == 0
    assert report.fees_per_hand == 0 and report.balance == 0


@pytest.mark.parametrize("game, wagers, said", [
    ("lucky-draw", '{enter: "100"}', "plays the optimal strategy; a table needs each owner's "
                                      "choice on every two-card total"),
    ("chemin-de-fer", '{player: "100"}', "plays the equilibrium strategy; a table needs each "
                                         "owner's choice on 5"),
])
def test_a_seat_without_its_choice_names_the_games_play_and_totals(tmp_path, game, wagers, said):
    """A table of a game whose play is chosen needs each owner's choice: the refusal said
    'the game plays the optimal strategy ... choice on 5' for chemin de fer (its play is
    the equilibrium) and for Lucky Draw (its bettor chooses on every two-card total)."""
    path = tmp_path / "table.yaml"
    path.write_text(f'game: {game}\nsettlement: collect-then-pay\ntable_limit: "50-300"\n'
                    f'player_dealer: {{seat: 1, bank: "800"}}\n'
                    f'seats:\n  - {{seat: 2, wagers: {wagers}}}\n', encoding="utf-8")
    one_error_line(run("table", str(path)), "table.yaml", "seat 2: on_five", said)
