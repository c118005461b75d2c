"""Symbolic pays, solving for an edge, and comparing pay tables (issue: exploring pay tables)."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest
import sympy
from click.testing import CliRunner

from exact_odds.analysis.report import game_report
from exact_odds.analysis.symbolic import SolveError, parse_edge, solve_pay, symbolic_bet
from exact_odds.cli import main
from exact_odds.games.loader import load_game

# Published: Wizard of Odds, baccarat appendix 6 - Banker wins with a total of 6, 8 decks.
BANKER_WINS_WITH_SIX = 269232304455680
TOTAL_8_DECKS = 4998398275503360


def test_super_six_break_even_is_published_one_minus_p_over_p():
    """Over 8 decks the Super 6 pay with no house edge is (1 - p)/p, p = 269232304455680 /
    4998398275503360 (Wizard of Odds, baccarat appendix 6)."""
    p = Fraction(BANKER_WINS_WITH_SIX, TOTAL_8_DECKS)
    bet = game_report("rock-bac", bets=("super-six",)).bet("super-six")
    model = symbolic_bet(bet, ["Banker wins with 6"])
    assert model.break_even() == sympy.Rational((1 - p).numerator * p.denominator,
                                                (1 - p).denominator * p.numerator)
    assert Fraction(str(model.break_even())) == (1 - p) / p


@pytest.mark.parametrize("game, bet_id", [
    ("rock-bac", "player-dragon-bonus"), ("rock-bac", "blazing-sevens"),
    ("electronic-baccarat", "lucky-nines"), ("commission-free", "banker"),
    ("21st-century", "dealer-bonus-pair"),
])
def test_symbolic_result_equals_the_numeric_report_exactly(game, bet_id):
    bet = game_report(game, bets=(bet_id,)).bet(bet_id)
    wins = [e.event for e in bet.events if e.net > 0]
    model = symbolic_bet(bet, wins)
    assert model.expected_value.free_symbols == set(model.symbols.values())
    assert sympy.Poly(model.expected_value, *model.symbols.values()).total_degree() == 1
    values = {e.event: e.net for e in bet.events if e.net > 0}
    assert model.edge_at(values) == bet.house_edge
    # and a changed pay, through the YAML route, equals the symbolic value at that pay
    changed = load_game(game).with_pay(bet_id, wins[0], "77 to 2")
    numeric = game_report(changed, bets=(bet_id,)).bet(bet_id).house_edge
    assert model.edge_at({**values, wins[0]: Fraction(77, 2)}) == numeric


def test_pay_for_edge_gives_exactly_that_edge():
    bet = game_report("rock-bac", bets=("player-dragon-bonus",)).bet("player-dragon-bonus")
    model = symbolic_bet(bet, ["Win by 9 points"])
    pay = Fraction(str(model.pay_for_edge("2%")))
    changed = load_game("rock-bac").with_pay("player-dragon-bonus", "Win by 9 points",
                                             f"{pay.numerator}:{pay.denominator}")
    assert game_report(changed, bets=("player-dragon-bonus",)).bet("player-dragon-bonus").house_edge \
        == Fraction(1, 50)


def test_solve_pay_brackets_the_exact_pay_with_practical_pays():
    bet = game_report("rock-bac", bets=("super-six",)).bet("super-six")
    solution = solve_pay(bet, "Banker wins with 6", Fraction(5, 100))
    assert solution.to_one_below.pay == 16 and solution.to_one_above.pay == 17
    assert solution.to_one_below.pay <= solution.exact_pay <= solution.to_one_above.pay
    assert solution.nearest_below.pay <= solution.exact_pay <= solution.nearest_above.pay
    # a higher pay, a lower edge
    assert solution.to_one_above.house_edge < Fraction(5, 100) < solution.to_one_below.house_edge


def test_edge_curve_falls_as_the_pay_rises():
    bet = game_report("electronic-baccarat", bets=("super-six",)).bet("super-six")
    curve = symbolic_bet(bet, ["Banker wins with 6"]).edge_curve("Banker wins with 6", range(8, 21))
    edges = [edge for _, edge in curve]
    assert edges == sorted(edges, reverse=True)
    assert dict(curve)[Fraction(15)] == bet.house_edge


@pytest.mark.parametrize("text, value", [("5%", Fraction(1, 20)), ("0.05", Fraction(1, 20)),
                                         ("1/20", Fraction(1, 20)), ("-2.5%", Fraction(-1, 40))])
def test_parse_edge(text, value):
    assert parse_edge(text) == value


def test_symbol_on_a_push_is_refused():
    bet = game_report("rock-bac", bets=("player-dragon-bonus",)).bet("player-dragon-bonus")
    with pytest.raises(SolveError, match="push"):
        symbolic_bet(bet, ["Natural tie"])


def _run(*args):
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.output


def test_cli_solve_prints_the_exact_pay_and_practical_pays():
    code, out = _run("solve", "rock-bac", "super-six", "--event", "banker-wins-with-6",
                     "--edge", "5%", "--format", "json")
    assert code == 0
    data = json.loads(out)
    assert data["to_one"]["below"]["pays"] == "16 to 1"
    assert data["to_one"]["above"]["pays"] == "17 to 1"
    assert Fraction(data["break_even_pay"]) == (1 - Fraction(BANKER_WINS_WITH_SIX, TOTAL_8_DECKS)) \
        / Fraction(BANKER_WINS_WITH_SIX, TOTAL_8_DECKS)


@pytest.mark.parametrize("args, words", [
    (["--event", "Win by 9 points", "--edge", "50%"], "no pay"),
    (["--event", "Win by 10 points", "--edge", "2%"], "no event"),
    (["--event", "Natural tie", "--edge", "2%"], "push"),
    (["--event", "Win by 9 points", "--edge", "lots"], "not a house edge"),
])
def test_cli_solve_bad_input_is_one_clear_line(args, words):
    code, out = _run("solve", "rock-bac", "player-dragon-bonus", *args)
    assert code != 0
    assert words in out
    assert "Traceback" not in out
    assert len([line for line in out.splitlines() if line.strip()]) == 1


def test_cli_compare_shows_the_change(tmp_path):
    changed = tmp_path / "rock-bac-15.yaml"
    path = load_game("rock-bac").path
    assert path is not None
    text = Path(path).read_text(encoding="utf-8")
    # rock-bac uses the shared Super 6 (12 to 1); this copy pays it 15 to 1
    changed.write_text(text.replace("  - use: super-six\n",
                                    '  - {use: super-six, pays: {Banker wins with 6: "15 to 1"}}\n'))
    code, out = _run("compare", "rock-bac", str(changed), "--format", "json")
    assert code == 0
    data = json.loads(out)
    rows = {row["id"]: row for row in data["bets"]}
    p = Fraction(BANKER_WINS_WITH_SIX, TOTAL_8_DECKS)
    assert Fraction(rows["super-six"]["change"]["house_edge"]) == -3 * p
    assert Fraction(rows["banker"]["change"]["house_edge"]) == 0
    code, out = _run("compare", "rock-bac", "commission-free")
    assert code == 0 and "super-six" in out and "Change" in out


def test_a_pay_solved_under_the_optimal_play_is_played_its_own_best_way():
    """Where the bettor's play is chosen to suit the pays, a pay changes the play: the pay
    solved for is checked by a fresh report at that pay, played its own best way. Lucky
    Draw's Draw bet is played for with the Enter bet: the edge solved is the bettor's round
    (one report's round edge, exactly the target); 21st Century's player line alone."""
    from exact_odds.analysis.report import game_report
    from exact_odds.analysis.symbolic import solve_pay
    from exact_odds.games.loader import load_game

    report = game_report("lucky-draw", bets=("enter", "draw"))
    solution = solve_pay(report.bet("draw"), "Win with 9", "1.5%", report=report)
    assert solution.of == "enter with draw"
    pay = solution.exact_pay
    again = game_report(load_game("lucky-draw").with_pay(
        "draw", "Win with 9", f"{pay.numerator} to {pay.denominator}"))
    assert again.bettor_round.house_edge == Fraction(3, 200)
    # the play held fixed would have given another pay
    fixed = symbolic_bet(report.bet("draw"), ["Win with 9"])
    assert Fraction(str(fixed.pay_for_edge(Fraction(3, 200) + report.bet("enter").expected_value,
                                           "Win with 9"))) != pay

    line = game_report("21st-century", strategy="optimal", bets=("player",))
    solved = solve_pay(line.bet("player"), "Player wins", "1%", report=line)
    exact = solved.exact_pay
    played = game_report(load_game("21st-century").with_pay(
        "player", "Player wins", f"{exact.numerator} to {exact.denominator}"),
        strategy="optimal", bets=("player",))
    assert played.bet("player").house_edge == Fraction(1, 100)
