"""Dragon Tiger and games without draws, written as data (issue 27).

Dragon Tiger's figures for eight decks are the Wizard of Odds' (wizardofodds.com/games/
dragon-tiger/, "Dragon Tiger", read in its copy at user-casino.com/games/dragon-tiger/): its
combinations are unordered pairs of the 416 cards, 86,320 in all. The game and a game the
code has never seen (two cards each, ranks added, the higher hand wins) are checked against
the independent brute force of tests/bruteforce.py (explicit physical cards dealt one by
one) on small shoes, through the report, the enumerator, the batch and the dealing.
"""

from __future__ import annotations

from fractions import Fraction

import bruteforce as bf
import numpy as np
import pytest
from click.testing import CliRunner

from exact_odds.analysis.report import game_report
from exact_odds.batch.evaluator import BatchEvaluator
from exact_odds.cli import main
from exact_odds.engine.enumerator import outcome_counts, total_sequences
from exact_odds.games.dealing import DealingProcedure
from exact_odds.games.loader import load_game
from exact_odds.games.model import GameFileError
from exact_odds.games.settlement import Settler
from exact_odds.rules import RulesError, parse_rules
from exact_odds.shoe import Shoe
from exact_odds.simulation.dealing import ShoesInPlay

#: The Wizard of Odds' combinations for eight decks: unordered pairs of 416 cards.
WOO_PAIRS = 86_320
WOO_DRAGON_WINS = 39_936
WOO_TIES = 6_448
WOO_SUITED_TIES = 1_456
#: Big/Small per card: 192 of the 416 cards win (and by the same count, odd or even).
WOO_BIG_WINS = 192
#: The Tie's house edge at each pay, as the Wizard of Odds prints it (percent).
WOO_TIE_EDGES = {"8 to 1": "32.77", "9 to 1": "25.30", "10 to 1": "17.83",
                 "11 to 1": "10.36", "12 to 1": "2.89"}


def _edge_text(value: Fraction) -> str:
    return f"{float(-value * 100):.2f}"


def test_dragon_tiger_matches_the_wizard_of_odds_for_eight_decks():
    """Wizard of Odds, Dragon Tiger: Dragon and Tiger 3.73%, Suited Tie 13.98%, Big/Small
    7.69%, each event's probability its combinations over 86,320."""
    report = game_report("dragon-tiger")
    bets = {bet.id: bet for bet in report.bets}
    for side in ("dragon", "tiger"):
        win, tie, loss = (event.probability for event in bets[side].events)
        assert (win, tie, loss) == (Fraction(WOO_DRAGON_WINS, WOO_PAIRS),
                                    Fraction(WOO_TIES, WOO_PAIRS),
                                    Fraction(WOO_DRAGON_WINS, WOO_PAIRS))
        assert _edge_text(bets[side].expected_value) == "3.73"
    assert bets["suited-tie"].events[0].probability == Fraction(WOO_SUITED_TIES, WOO_PAIRS)
    assert _edge_text(bets["suited-tie"].expected_value) == "13.98"
    for bet in ("dragon-big", "dragon-small", "tiger-big", "tiger-small", "dragon-odd",
                "dragon-even", "tiger-odd", "tiger-even"):
        assert bets[bet].events[0].probability == Fraction(WOO_BIG_WINS, 416)
        assert _edge_text(bets[bet].expected_value) == "7.69"


@pytest.mark.parametrize(("pays", "edge"), sorted(WOO_TIE_EDGES.items()))
def test_the_tie_pays_as_a_setting_match_the_wizard_of_odds(pays, edge):
    """Wizard of Odds, Dragon Tiger: the Tie's house edge at pays from 8 to 12 to 1."""
    tie = game_report("dragon-tiger", bets=["tie"], settings={"tie_pays": pays}).bets[0]
    p = Fraction(WOO_TIES, WOO_PAIRS)
    assert tie.expected_value == int(pays.split()[0]) * p - (1 - p)
    assert _edge_text(tie.expected_value) == edge


#: Small shoes: aces low and kings high, a missing rank, repeated cards of one suit.
SMALL = {
    "mixed": {"AS": 1, "AH": 1, "7D": 2, "KS": 2, "KC": 1, "QH": 1, "TD": 1, "5C": 1, "8S": 1},
    "two ranks": {"7S": 2, "7H": 1, "8S": 2, "8D": 2},
    "one deck of four ranks": {c: 1 for c in bf.ALL_CARDS if c[0] in "A7QK"},
}


def _shoe(counts: dict[str, int]) -> Shoe:
    from exact_odds.cards import DECK

    return Shoe(tuple(counts.get(card, 0) for card in DECK))


#: Each Dragon Tiger bet settled on the brute force's outcome, written from the rules
#: (not from the game file): Dragon's card is the first hand's, Tiger's the second's.
def _dragon_tiger_results(out: dict) -> dict[str, Fraction]:
    d, t = out["player_first_rank"], out["banker_first_rank"]
    half = Fraction(-1, 2)
    return {
        "dragon": Fraction(1) if d > t else half if d == t else Fraction(-1),
        "tiger": Fraction(1) if t > d else half if d == t else Fraction(-1),
        "tie": Fraction(8) if d == t else Fraction(-1),
        "suited-tie": Fraction(50) if d == t and out["player_first_suit"]
        == out["banker_first_suit"] else Fraction(-1),
        "dragon-big": Fraction(1 if d > 7 else -1), "dragon-small": Fraction(1 if d < 7 else -1),
        "dragon-odd": Fraction(1 if d % 2 and d != 7 else -1),
        "dragon-even": Fraction(1 if d % 2 == 0 else -1),
        "tiger-big": Fraction(1 if t > 7 else -1), "tiger-small": Fraction(1 if t < 7 else -1),
        "tiger-odd": Fraction(1 if t % 2 and t != 7 else -1),
        "tiger-even": Fraction(1 if t % 2 == 0 else -1),
    }


def _brute_force_values(counts: dict[str, int], each: int, results) -> dict[str, Fraction]:
    total, value = 0, dict[str, Fraction]()
    for out, ways in bf.ranked_rounds(counts, each):
        total += ways
        for bet, net in results(out).items():
            value[bet] = value.get(bet, Fraction(0)) + net * ways
    assert total == bf.total_sequences(sum(counts.values()))
    return {bet: v / total for bet, v in value.items()}


@pytest.mark.parametrize("name", sorted(SMALL))
def test_dragon_tiger_equals_the_brute_force_on_small_shoes(name):
    """Every bet's expected value, the report's and the batch's, against explicit cards."""
    counts, shoe = SMALL[name], _shoe(SMALL[name])
    expected = _brute_force_values(counts, 1, _dragon_tiger_results)
    report = game_report("dragon-tiger", shoe=shoe)
    assert {bet.id: bet.expected_value for bet in report.bets} == expected
    batch = BatchEvaluator("dragon-tiger").evaluate(np.array([shoe.counts]))
    assert {bet: batch.fraction(bet, 0) for bet in expected} == expected


@pytest.mark.parametrize("name", sorted(SMALL))
def test_dragon_tiger_outcome_counts_equal_the_brute_force(name):
    columns = ("winner", "margin", "player_first_rank", "banker_first_suit", "player_total")
    rules = load_game("dragon-tiger").rules
    counts = outcome_counts(_shoe(SMALL[name]), columns, rules)
    assert counts == bf.ranked_counts(SMALL[name], columns, 1)


HIGH_HAND = """\
id: high-hand
name: High Hand
decks: 1
rules:
  title: High Hand (two cards each, ranks added)
  cards: 2
  valuation: rank
  compare: higher
bets:
  - id: first
    name: First hand
    events:
      - {event: First hand higher, when: player_wins, pays: "1:1"}
      - {event: Equal hands, when: tie, pays: push}
      - {event: Second hand higher, when: otherwise, pays: lose}
  - id: tie
    name: Tie
    events:
      - {event: Equal hands, when: tie, pays: "10 to 1"}
      - {event: Anything else, when: otherwise, pays: lose}
  - id: wide
    name: Wide margin
    events:
      - {event: Won by 10 or more, when: margin >= 10, pays: "3 to 1"}
      - {event: Anything else, when: otherwise, pays: lose}
  - id: suited
    name: First hand suited
    events:
      - {event: One suit, when: player_first_suit == player_second_suit, pays: "3 to 1"}
      - {event: Anything else, when: otherwise, pays: lose}
"""


def _high_hand_results(out: dict) -> dict[str, Fraction]:
    first, second = out["player_total"], out["banker_total"]
    return {
        "first": Fraction(1 if first > second else 0 if first == second else -1),
        "tie": Fraction(10 if first == second else -1),
        "wide": Fraction(3 if abs(first - second) >= 10 else -1),
        "suited": Fraction(3 if out["player_first_suit"] == out["player_second_suit"] else -1),
    }


@pytest.mark.parametrize("name", ["mixed", "two ranks"])
def test_a_game_never_seen_needs_yaml_only(tmp_path, name):
    """A game the code has never seen (two cards each, valued by rank, the higher hand
    wins), written as YAML alone, against the brute force."""
    path = tmp_path / "high-hand.yaml"
    path.write_text(HIGH_HAND)
    shoe = _shoe(SMALL[name])
    report = game_report(path, shoe=shoe)
    expected = _brute_force_values(SMALL[name], 2, _high_hand_results)
    assert {bet.id: bet.expected_value for bet in report.bets} == expected
    columns = ("winner", "player_total", "banker_second_rank")
    assert (outcome_counts(shoe, columns, load_game(path).rules)
            == bf.ranked_counts(SMALL[name], columns, 2))


CARDS_DEALT = """\
name: Cards dealt
source: {document: a test}
decks: 1
rules: RULES
bets:
  - id: high
    name: High on two cards
    events:
      - {event: Two cards and a high Dragon, when: WHEN, pays: "1:1"}
      - {event: Anything else, when: otherwise, pays: lose}
"""


@pytest.mark.parametrize("name", ["mixed", "two ranks"])
def test_a_count_of_cards_holds_what_the_games_round_deals(tmp_path, name):
    """Issue 44, item 6: Dragon Tiger refused ``cards_dealt == 2`` ("its values are 4, 5,
    6"), though its rounds deal two cards. What a count of cards can hold comes from the
    game's round: every Dragon Tiger round deals one card to each hand (the brute force's
    explicit cards), and 4 cards is never dealt."""
    from clirun import one_error_line, run

    path = tmp_path / "cards-dealt.yaml"
    when = "cards_dealt == 2 and player_cards == 1 and banker_cards == 1 and player_total > 6"
    path.write_text(CARDS_DEALT.replace("RULES", "dragon-tiger").replace("WHEN", when))
    report = game_report(path, shoe=_shoe(SMALL[name]))

    def high(out: dict) -> dict[str, Fraction]:
        dealt = out["player_cards"] + out["banker_cards"]
        return {"high": Fraction(1 if dealt == 2 and out["player_total"] > 6 else -1)}

    assert report.bet("high").expected_value == _brute_force_values(SMALL[name], 1, high)["high"]
    for rules, when, values in (("dragon-tiger", "cards_dealt == 4", "2"),
                                ("dragon-tiger", "player_cards == 2", "1"),
                                ("punto-banco", "cards_dealt == 2", "4, 5, 6"),
                                ("punto-banco", "player_cards == 4", "2, 3")):
        path.write_text(CARDS_DEALT.replace("RULES", rules).replace("WHEN", when))
        one_error_line(run("report", str(path)), str(path), "bet 'high'",
                       f"{when.split()[0]} is never {when.split()[-1]}: its values are {values}")


def test_a_shoe_too_small_to_count_is_refused_for_what_is_true(tmp_path):
    """Issue 44, item 6: a shoe of 2 to 5 cards was refused for Dragon Tiger because "a
    round may need 6 cards", though its rounds deal two. Every count is of the shoe's
    ordered six-card sequences (``total_sequences``), for every game: the refusal says
    that, not a need of the round."""
    from clirun import one_error_line, run

    shoe = tmp_path / "four.yaml"
    shoe.write_text("decks: 0\ncounts: {AS: 1, 7D: 1, KS: 2}\n")
    line = one_error_line(run("report", "dragon-tiger", "--shoe", str(shoe)),
                          "a shoe of 4 cards", "ordered sequences of 6 cards", "every game")
    assert "a round may need" not in line
    assert total_sequences(_shoe(SMALL["two ranks"])) == 7 * 6 * 5 * 4 * 3 * 2


def test_dealt_rounds_settle_as_the_brute_force_reads_their_cards():
    """Simulated Dragon Tiger rounds: one card each, every bet settled as the rules say."""
    game = load_game("dragon-tiger")
    shoes = ShoesInPlay((8,) * 52, DealingProcedure(), game.rules, 7, 0, 3)
    settings = game.setting_values({})
    settlers = {bet.id: Settler(bet, settings, game.rules.round) for bet in game.bets}
    before = shoes.position.copy()
    dealt = shoes.deal_round(shoes.active_rows())
    assert (shoes.position - before == 2).all()
    for bet_id, settler in settlers.items():
        nets = settler.settle_dealt(dealt.cards, dealt.hands)
        for i, net in enumerate(nets):
            dragon, tiger = dealt.hands(i)
            assert len(dragon) == len(tiger) == 1
            assert net == _dragon_tiger_results(bf.ranked_outcome(list(dragon), list(tiger)))[bet_id]


def test_counts_are_six_card_sequences():
    shoe = Shoe.from_decks(8)
    counts = outcome_counts(shoe, ["tie"], load_game("dragon-tiger").rules)
    assert sum(counts.values()) == total_sequences(shoe)


@pytest.mark.parametrize(("change", "message"), [
    ({"valuation": "suits"}, "valuation"),
    ({"cards": 4}, "cards"),
    ({"cards": 0}, "cards"),
    ({"naturals": [8, 9]}, "naturals"),
    ({"compare": "lower"}, "compare"),
])
def test_rules_of_a_game_without_draws_are_checked(change, message):
    data = {"title": "t", "cards": 1, "valuation": "rank", **change}
    with pytest.raises(RulesError, match=message):
        parse_rules(data, "rules.yaml")


def test_a_bet_on_cards_the_game_does_not_deal_is_refused(tmp_path):
    path = tmp_path / "bad.yaml"
    path.write_text(HIGH_HAND.replace("cards: 2", "cards: 1"))
    with pytest.raises(GameFileError, match="player_second_suit reads 2 cards"):
        load_game(path)
    natural = HIGH_HAND.replace("player_first_suit == player_second_suit", "player_natural")
    path.write_text(natural)
    with pytest.raises(GameFileError, match="player_natural reads the baccarat tableau"):
        load_game(path)


@pytest.mark.parametrize("args", [
    ["report", "dragon-tiger", "--format", "json"],
    ["report", "dragon-tiger", "--format", "csv", "--bet", "tie"],
    ["report", "dragon-tiger", "--format", "markdown", "--set", "tie_pays=11 to 1"],
    ["eor", "dragon-tiger", "--by", "card"],
    ["solve", "dragon-tiger", "tie", "--event", "Tie paying 8 to 1", "--edge", "5%"],
    ["compare", "dragon-tiger", "ez-baccarat"],
    ["check", "dragon-tiger"],
    ["simulate", "dragon-tiger", "--bet", "tie", "--shoes", "20", "--seed", "1", "--workers", "1"],
])
def test_every_command_works_on_dragon_tiger(args):
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 0, result.output
    assert result.output.strip()


def test_countability_judges_the_tie_like_any_other_bet():
    """Issue 27: the Tie, a bet of a game without draws, gets its edge and a verdict (ten
    shoes: the verdict is read, not its figures)."""
    result = CliRunner().invoke(main, ["countability", "dragon-tiger", "--bet", "tie",
                                      "--shoes", "10", "--seed", "1", "--workers", "1"])
    assert result.exit_code == 0, result.output
    assert "Tie [tie]: house edge 32.7711%" in result.output
    assert "Verdict:" in result.output
