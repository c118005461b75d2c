"""Lucky Draw Baccarat (tables/lucky-draw.yaml): Stephen How's published analysis of optimal
play, and the bettor's decision brute-forced on small shoes.

Published: Stephen How, "Lucky Draw Baccarat", discountgambling.net, 2 October 2013
(https://discountgambling.net/2013/10/02/lucky-draw-baccarat/): 8 decks, optimal play, his
outcome table for pay table 1 (the 7 paying 2 to 1) and the house edges of both pay tables.
He counts 2,499,199,137,751,680 rounds, half the ordered six-card sequences this program
counts (4,998,398,275,503,360): each of our counts is exactly twice his.

Brute force: tests/games_bruteforce.py deals every ordered sequence of explicit cards of a
small shoe, plays each deal both ways in each state the bettor sees, and settles the Enter
and Draw bets by their pays in words (below).
"""

from __future__ import annotations

import json
from collections import Counter
from fractions import Fraction
from pathlib import Path

import games_bruteforce as gb
import pytest
import yaml
from catalogue import shoes
from clirun import ok, one_error_line, run
from games_bruteforce import SEVEN, draw_net, enter_net, round_value

import exact_odds
from exact_odds import Shoe, game_report, read_yaml
from exact_odds.analysis.strategy import decisions

HOW_2013 = "https://discountgambling.net/2013/10/02/lucky-draw-baccarat/"
TABLES = Path(__file__).resolve().parents[1] / "tables"

#: Stephen How's outcome table for pay table 1 (8 decks, optimal play), as printed.
HOW_PAY_TABLE_1 = {
    "Win w/ Lucky 9": 134_129_168_192_512,
    "Win w/ Lucky 8": 98_365_258_946_560,
    "Win w/ Lucky 7": 93_724_551_243_776,
    "Win on draw": 260_100_744_978_432,
    "Lose on draw": 976_828_113_772_544,
    "Tie on draw": 165_885_343_716_480,
    "Win on stand": 471_832_788_590_592,
    "Lose on stand": 195_977_691_906_048,
    "Tie on stand": 102_355_476_404_736,
}
HOW_TOTAL = 2_499_199_137_751_680
#: What each line of his table returns, Enter and Draw bets together, per unit of the Enter bet.
HOW_NET = {"Win w/ Lucky 9": 4, "Win w/ Lucky 8": 3, "Win w/ Lucky 7": 3, "Win on draw": 2,
           "Lose on draw": -2, "Tie on draw": 0, "Win on stand": 1, "Lose on stand": -1,
           "Tie on stand": 0}
#: His net per round (pay table 1), exact from his own counts: he prints -0.017931.
HOW_ROUND_NET = Fraction(sum(HOW_NET[line] * count for line, count in HOW_PAY_TABLE_1.items()),
                         HOW_TOTAL)
#: His house edges, as printed, by the pay of a winning Draw bet on 7 (the setting
#: lucky_seven_pays): pay table 1, 2 to 1; pay table 2, 3 to 2.
HOW_HOUSE_EDGES = {"2 to 1": "1.79%", "3 to 2": "3.34%"}


# --- the bets, settled from their pays in words (enter_net, draw_net and round_value: gb) ---

def enter_event(finish: gb.Finish) -> str:
    _, bettor, dealer = finish
    return "Win" if bettor > dealer else "Tie" if bettor == dealer else "Dealer wins"


def draw_event(finish: gb.Finish, seven: Fraction) -> str:
    drew, bettor, dealer = finish
    if not drew:
        return "Not placed (the bettor stood)"
    if bettor == dealer:
        return "Tie"
    if bettor < dealer:
        return "Dealer wins"
    if bettor == 7:
        return "Win with 7 (2 to 1)" if seven == 2 else "Win with 7 (3 to 2)"
    return {9: "Win with 9", 8: "Win with 8"}.get(bettor, "Win with 6 or less")


def combinations(bet) -> dict[str, int]:
    return {event.event: event.combinations for event in bet.events}


# --- Stephen How, 2013 ----------------------------------------------------------------------

def test_stephen_how_2013_outcome_table_pay_table_1():
    """Every line of How's table (discountgambling.net, 2 October 2013), each of ours twice
    his: the Draw bet's lines are the rounds he drew, the Enter bet's less those the rounds
    he stood."""
    report = game_report("lucky-draw")
    enter, draw = combinations(report.bet("enter")), combinations(report.bet("draw"))
    assert report.total == 2 * HOW_TOTAL == 4_998_398_275_503_360
    ours = {
        "Win w/ Lucky 9": draw["Win with 9"],
        "Win w/ Lucky 8": draw["Win with 8"],
        "Win w/ Lucky 7": draw["Win with 7 (2 to 1)"],
        "Win on draw": draw["Win with 6 or less"],
        "Lose on draw": draw["Dealer wins"],
        "Tie on draw": draw["Tie"],
        "Win on stand": enter["Win"] - draw["Win with 9"] - draw["Win with 8"]
        - draw["Win with 7 (2 to 1)"] - draw["Win with 6 or less"],
        "Lose on stand": enter["Dealer wins"] - draw["Dealer wins"],
        "Tie on stand": enter["Tie"] - draw["Tie"],
    }
    assert ours == {line: 2 * count for line, count in HOW_PAY_TABLE_1.items()}, HOW_2013
    assert draw["Win with 7 (3 to 2)"] == 0
    stood = HOW_PAY_TABLE_1["Win on stand"] + HOW_PAY_TABLE_1["Lose on stand"] + HOW_PAY_TABLE_1[
        "Tie on stand"]
    assert draw["Not placed (the bettor stood)"] == 2 * stood
    # His net, -0.017931, exact from his own counts, is our round's expected value.
    assert f"{float(HOW_ROUND_NET):.6f}" == "-0.017931"
    assert report.bettor_round is not None
    assert report.bettor_round.expected_value == HOW_ROUND_NET
    assert report.bettor_round.average_stake == 1 + Fraction(2 * (HOW_TOTAL - stood), 2 * HOW_TOTAL)


def test_stephen_how_2013_house_edge_of_both_pay_tables():
    """How's house edges: 1.79% on pay table 1, 3.34% on pay table 2 (the 7 paying 3 to 2),
    read through the API and through the CLI's JSON."""
    played = game_report("lucky-draw").bettor_round
    assert played is not None
    assert f"{float(played.house_edge):.2%}" == HOW_HOUSE_EDGES["2 to 1"]
    second = json.loads(ok("report", "lucky-draw", "--set", "lucky_seven_pays=3 to 2",
                           "--format", "json"))
    assert second["settings"] == {"lucky_seven_pays": "3 to 2", "information": "cards"}
    assert f"{float(Fraction(second['bettor_round']['house_edge'])):.2%}" == HOW_HOUSE_EDGES["3 to 2"]
    first = json.loads(ok("report", "lucky-draw", "--format", "json"))
    assert Fraction(first["bettor_round"]["house_edge"]) == played.house_edge
    assert Fraction(first["bettor_round"]["average_stake"]) == played.average_stake


def test_the_information_setting_plays_as_the_rules_written_so(tmp_path):
    """``--set information=total`` on the built-in game is the game whose rules' option
    sees only the total: the same figures, bet by bet."""
    inline = game_report(lucky_draw_file(tmp_path, ["player_two_card_total", "dealer_up"]))
    setting = game_report("lucky-draw", settings={"information": "total"})
    assert {b.id: b.expected_value for b in setting.bets} == {
        b.id: b.expected_value for b in inline.bets}


def test_deciding_on_the_total_alone_does_not_give_hows_figures(tmp_path):
    """Why the rules let the bettor see his two cards: How's text speaks of the total against
    the up card, but deciding on the total alone gives a house edge that rounds to 1.80%,
    not his 1.79%, and his table is reproduced only when he decides on his cards."""
    game = lucky_draw_file(tmp_path, ["player_two_card_total", "dealer_up"])
    report = game_report(game)
    assert report.bettor_round is not None
    assert f"{float(report.bettor_round.house_edge):.2%}" == "1.80%"
    assert combinations(report.bet("draw"))["Win with 9"] != 2 * HOW_PAY_TABLE_1["Win w/ Lucky 9"]


# --- the decision, brute-forced on small shoes ----------------------------------------------

#: Small shoes of the catalogue (9 to 16 explicit cards, values repeated). On
#: "nines-and-pairs", "kings-queens-sevens", "threes-and-sevens" and "fives" standing and
#: drawing are worth exactly the same in some state (the bettor stands there).
SHOES = shoes("nines-and-pairs", "kings-queens-sevens", "fives", "threes-and-sevens",
              "rich-in-nines", "fourteen-cards", "sixteen-cards")
#: Shoes (and pay tables) in the fast loop, and the slower rest.
FAST = [("nines-and-pairs", "2 to 1"), ("kings-queens-sevens", "2 to 1"), ("fives", "3 to 2")]
SLOW = [("threes-and-sevens", "2 to 1"), ("fives", "2 to 1"), ("rich-in-nines", "3 to 2"),
        ("fourteen-cards", "2 to 1"), ("sixteen-cards", "2 to 1")]
CASES = FAST + [pytest.param(*case, marks=pytest.mark.slow) for case in SLOW]


def check_against_brute_force(game, counts: dict[str, int], seven_pays: str, sees: str) -> None:
    """Each decision and every figure of the round under the best play: the engine's
    (``decisions``, ``game_report``) against the brute force's."""
    seven = SEVEN[seven_pays]
    settings = {"lucky_seven_pays": seven_pays}
    shoe = Shoe.from_counts(counts)
    rounds = gb.draw_rounds(counts, sees=sees)
    states = gb.best_play(rounds, round_value(seven))

    # Each state the bettor sees: both exact values and the choice (stand on an exact tie).
    found = decisions(shoe, game, settings)
    key = (lambda d: (d.low, d.high, d.up)) if sees == "cards" else (
        lambda d: ((d.low + d.high) % 10, d.up))
    assert {d.info for d in found} == set(states)
    for decision in found:
        state = states[key(decision)]
        assert decision.info == state.info
        assert (decision.ev_stand, decision.ev_hit) == (state.ev_stand, state.ev_draw), decision
        assert decision.choice == ("hit" if state.draws else "stand"), decision

    # The round under that play: every event of both bets, the round's figures.
    finishes = gb.finishes_under(rounds, lambda info: states[info].draws)
    enter_counts, draw_counts = Counter[str](), Counter[str]()
    for finish, ways in finishes.items():
        enter_counts[enter_event(finish)] += ways
        draw_counts[draw_event(finish, seven)] += ways
    report = game_report(game, shoe=shoe, settings=settings)
    assert report.total == rounds.total == gb.sequences(counts)
    enter, draw = report.bet("enter"), report.bet("draw")
    assert {e: n for e, n in combinations(enter).items() if n} == dict(enter_counts)
    assert {e: n for e, n in combinations(draw).items() if n} == dict(draw_counts)

    ev_enter = Fraction(sum(w * enter_net(b, d) for (_, b, d), w in finishes.items()), rounds.total)
    ev_draw = Fraction(sum(w * draw_net(x, b, d, seven) for (x, b, d), w in finishes.items()),
                       rounds.total)
    p_draw = Fraction(sum(w for (drew, _, _), w in finishes.items() if drew), rounds.total)
    assert ev_enter + ev_draw == sum(s.probability * max(s.ev_stand, s.ev_draw)
                                     for s in states.values())
    assert (enter.expected_value, draw.expected_value) == (ev_enter, ev_draw)
    played = report.bettor_round
    assert played is not None
    assert played.expected_value == ev_enter + ev_draw
    assert played.average_stake == 1 + p_draw
    assert played.element_of_risk == -(ev_enter + ev_draw) / (1 + p_draw)


@pytest.mark.parametrize(("shoe", "seven_pays"), CASES)
def test_the_decision_on_the_cards_against_the_brute_force(shoe, seven_pays):
    """The built-in game: the bettor sees his two cards (low and high point values) and the
    dealer's up card."""
    check_against_brute_force("lucky-draw", SHOES[shoe], seven_pays, "cards")


@pytest.mark.parametrize(("shoe", "seven_pays"), CASES)
def test_the_decision_on_the_total_against_the_brute_force(tmp_path, shoe, seven_pays):
    """Lucky Draw's rules with ``sees: [player_two_card_total, dealer_up]``: one decision
    per two-card total and up card, whatever cards make the total."""
    game = lucky_draw_file(tmp_path, ["player_two_card_total", "dealer_up"])
    check_against_brute_force(game, SHOES[shoe], seven_pays, "total")


def test_the_small_shoes_hold_exact_ties_and_the_bettor_stands_on_them():
    """The shoes above are chosen so that the tie rule is tested: in some state standing and
    drawing are worth exactly the same, both on the cards and on the total."""
    value = round_value(Fraction(2))
    for sees, shoe in (("cards", "nines-and-pairs"), ("total", "nines-and-pairs"),
                       ("cards", "kings-queens-sevens"), ("total", "kings-queens-sevens"),
                       ("cards", "threes-and-sevens"), ("total", "threes-and-sevens"),
                       ("cards", "fives")):
        states = gb.best_play(gb.draw_rounds(SHOES[shoe], sees=sees), value)
        ties = [s for s in states.values() if s.ev_stand == s.ev_draw]
        assert ties and not any(s.draws for s in ties), (sees, shoe)


def test_the_brute_force_by_hand_on_six_cards():
    """A case worked by hand: five kings and a nine. The bettor holds two kings against a
    king up (probability 5/6 x 4/5 x 3/4 = 1/2); the nine is then the dealer's hole card,
    the next card or the last, each 1/3. Standing: the dealer's 9 wins, or he draws the
    nine and wins, or draws a king and ties: (-1 - 1 + 0) / 3. Drawing (two units): the
    dealer's 9 wins (-2), or the bettor draws the nine and wins with 9 (+1 and +3), or the
    dealer draws it (-2): (-2 + 4 - 2) / 3. Holding the nine (probability 2/6), the bettor
    wins whatever he does, with 9: +1 standing, +4 drawing a king. Against the nine up
    (1/6), the dealer stands on 9 and wins: -1 standing, -2 drawing."""
    counts = {"9S": 1, "KS": 5}
    states = gb.best_play(gb.draw_rounds(counts), round_value(Fraction(2)))
    kings = states[(0, 0, 0)]
    assert (kings.probability, kings.ev_stand, kings.ev_draw) == (
        Fraction(1, 2), Fraction(-2, 3), Fraction(0))
    nine = states[(0, 9, 0)]
    assert (nine.probability, nine.ev_stand, nine.ev_draw) == (Fraction(1, 3), Fraction(1), Fraction(4))
    up = states[(0, 0, 9)]
    assert (up.probability, up.ev_stand, up.ev_draw) == (Fraction(1, 6), Fraction(-1), Fraction(-2))
    assert set(states) == {(0, 0, 0), (0, 9, 0), (0, 0, 9)}
    check_against_brute_force("lucky-draw", counts, "2 to 1", "cards")


def lucky_draw_file(tmp_path: Path, sees: list[str]) -> Path:
    """Lucky Draw as a game file with its rules inline, the bettor seeing ``sees``."""
    game = read_yaml(TABLES / "lucky-draw.yaml")
    rules = read_yaml(TABLES / "rules" / "lucky-draw.yaml")
    assert isinstance(game, dict) and isinstance(rules, dict)
    rules["option"]["sees"] = sees
    del rules["information"]  # what the bettor sees, written in the option alone
    game["id"] = "lucky-draw-seeing-" + "-".join(sees).replace("_", "-")
    game["rules"] = rules
    path = tmp_path / f"{game['id']}.yaml"
    path.write_text(yaml.safe_dump(game, sort_keys=False), encoding="utf-8")
    return path


def test_the_draw_bet_is_not_flagged_as_favouring_the_bettor_on_its_own():
    """The Draw bet is placed only where drawing pays, so on its own its expected value is
    positive (+2.79% under How's play): the report said "FAVOURS THE BETTOR" beside a round
    the house wins by 1.79%. It now says why the edge is there, and that the round is what
    the bettor wins; compare lists it with no favouring bet; JSON marks it an added stake."""
    text = ok("report", "lucky-draw")
    assert "FAVOURS THE BETTOR" not in text
    assert "as a stake placed only where drawing pays: the bettor's round is what he wins" in text
    data = json.loads(ok("report", "lucky-draw", "--format", "json"))
    draw = next(bet for bet in data["bets"] if bet["id"] == "draw")
    assert draw["added_stake"] is True and draw["favours_bettor"] is True
    assert not next(bet for bet in data["bets"] if bet["id"] == "enter")["added_stake"]
    assert "FAVOUR THE BETTOR" not in ok("compare", "lucky-draw", "lucky-draw")
    # a bet placed before the deal that favours the bettor is still flagged
    generous = exact_odds.load_game("lucky-draw").with_pay("enter", "Win", "3 to 1")
    assert "In B, these bets FAVOUR THE BETTOR: enter ***" in exact_odds.compare_games(
        "lucky-draw", generous).render("text")


def test_a_play_chosen_for_the_draw_bet_alone_shows_no_bettors_round(tmp_path):
    """The bettor's round is the first bet with the stakes the draw adds: a game file whose
    play is chosen for the Draw bet alone names no first bet, and no round is shown (it
    showed 'The bettor's round (Draw bet)', the Draw bet alone, favouring the bettor with an
    average total stake below 1)."""
    text = (TABLES / "lucky-draw.yaml").read_text(encoding="utf-8")
    path = tmp_path / "draw-only.yaml"
    path.write_text(text.replace("option: {optimise: [enter, draw]}", "option: {optimise: draw}"),
                    encoding="utf-8")
    assert game_report(path, decks=1).bettor_round is None
    played = game_report("lucky-draw", decks=1).bettor_round
    assert played is not None and [bet.id for bet in played.bets] == ["enter", "draw"]


def test_a_game_whose_every_bet_is_placed_with_the_draw_is_refused(tmp_path):
    """A stake the draw adds is added to a bet placed before the deal: a file whose Enter
    bet too is placed with the draw has no such bet. It was read, and each bet said "An edge
    ... on its own, as a stake placed only where drawing pays: the bettor's round is what he
    wins" of a round the report did not have."""
    data = yaml.safe_load((TABLES / "lucky-draw.yaml").read_text(encoding="utf-8"))
    data["bets"][0]["placed"] = "with-the-draw"
    path = tmp_path / "all-with-the-draw.yaml"
    path.write_text(yaml.safe_dump(data), encoding="utf-8")
    one_error_line(run("report", str(path), "--decks", "1"), "all-with-the-draw.yaml", "bets",
                   "every bet is placed with-the-draw")
