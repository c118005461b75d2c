"""Effect of removal, against the published Lucky 6 figures and the brute force."""

from __future__ import annotations

import json
from collections import Counter
from fractions import Fraction

import bruteforce
import pytest
from click.testing import CliRunner

from exact_odds.analysis.removal import effect_of_removal
from exact_odds.analysis.report import game_report
from exact_odds.cli import main
from exact_odds.shoe import Shoe

LUCKY_6 = """\
name: Lucky 6 (liberal, 12 and 23 to 1)
decks: 8
rules: punto-banco
bets:
  - id: lucky-6
    name: Lucky 6
    events:
      - {event: Banker wins with a two-card 6, when: banker_wins and banker_total == 6 and banker_cards == 2, pays: "12 to 1"}
      - {event: Banker wins with a three-card 6, when: banker_wins and banker_total == 6 and banker_cards == 3, pays: "23 to 1"}
"""

# Published: Wizard of Odds, "Counting Lucky 6" (wizardofodds.com/games/baccarat/counting-lucky-6/),
# effect of removing one card of each point value on the 12/23 Lucky 6, 8 decks; exact values.
LUCKY_6_EOR = {
    "0": Fraction(-2444671065064, 4002623619055425),
    "1": Fraction(-1315167600104, 4002623619055425),
    "2": Fraction(-1291129512056, 4002623619055425),
    "3": Fraction(-54520578688, 48224380952475),
    "4": Fraction(-174812737016, 444735957672825),
    "5": Fraction(-159088231784, 571803374150775),
    "6": Fraction(-2395141391768, 444735957672825),
    "7": Fraction(3127840841368, 800524723811085),
    "8": Fraction(14155352380136, 4002623619055425),
    "9": Fraction(11358837598088, 4002623619055425),
}


@pytest.fixture
def lucky6(tmp_path):
    path = tmp_path / "lucky6.yaml"
    path.write_text(LUCKY_6)
    return path


def test_lucky6_expected_value_wizard_of_odds(lucky6):
    """Wizard of Odds, Lucky 6 side bet: the liberal 12/23 table, 8 decks, EV -0.116985."""
    bet = game_report(lucky6).bet("lucky-6")
    assert bet.expected_value == Fraction(-253791785813, 2169443695965)
    assert [e.combinations for e in bet.events] == [186173936904192, 83058367551488, 4729165971047680]


def test_lucky6_effect_of_removal_wizard_of_odds(lucky6):
    table = effect_of_removal(game_report(lucky6), by="value")
    assert dict(zip(table.labels, table.effects["lucky-6"])) == LUCKY_6_EOR


def test_removing_a_random_card_changes_no_expectation():
    """Weighted by how many of each card the shoe holds, the effects of removal sum to 0."""
    report = game_report("rock-bac", decks=2)
    table = effect_of_removal(report, by="card")
    for bet in report.bets:
        total = sum((report.shoe.count(card) * effect for card, effect
                     in zip(table.labels, table.effects[bet.id])), Fraction(0))
        assert total == 0, bet.id


def test_rank_effect_is_the_count_weighted_average_of_its_cards():
    report = game_report("electronic-baccarat", bets=("lucky-nines",), decks=1)
    by_card = dict(zip(*[effect_of_removal(report, "card").labels,
                         effect_of_removal(report, "card").effects["lucky-nines"]]))
    by_rank = dict(zip(effect_of_removal(report, "rank").labels,
                       effect_of_removal(report, "rank").effects["lucky-nines"]))
    assert by_rank["9"] == sum(by_card[f"9{s}"] for s in "SHDC") / 4
    assert by_card["9D"] != by_card["9S"]  # the nine of diamonds has its own tier


def assert_effects_by_the_brute_force(table, counts, pays, rounds) -> None:
    """Each card's effect in ``table`` (``by="card"``) against the brute force: every bet's
    expected value (``pays``: bet id -> the net of one unit, a whole number, on an outcome
    of ``rounds``)
    from one pass over the rounds of the shoe with and without the card."""

    def evs(shoe: dict[str, int]) -> dict[str, Fraction]:
        # the ways of each bet's result summed as integers, each result times its ways once
        ways_of: dict[str, Counter[int]] = {bet_id: Counter() for bet_id in pays}
        ways = 0
        for outcome, n in rounds(shoe, "punto-banco"):
            ways += n
            for bet_id, result in pays.items():
                ways_of[bet_id][result(outcome)] += n
        return {bet_id: sum((net * n for net, n in counted.items()), Fraction(0)) / ways
                for bet_id, counted in ways_of.items()}

    full = evs(counts)
    for i, card in enumerate(table.labels):
        smaller = dict(counts)
        smaller[card] -= 1
        without = evs(smaller)
        for bet_id in pays:
            assert table.effects[bet_id][i] == without[bet_id] - full[bet_id], (bet_id, card)


@pytest.mark.slow
def test_effect_of_removal_equals_the_brute_force_on_a_small_shoe():
    """Every card's effect on Super 6 and Blazing 7s against explicit cards, on a shoe of
    ten cards (eight kinds, two of them twice: removing one of two alike), small enough
    to deal out every round for each of its nine shoes and large enough for every event:
    Banker's 6 of two and of three cards, the ties of 7 of two and of three cards each."""
    counts = {"AS": 1, "2H": 1, "3D": 1, "4C": 1, "6H": 2, "7D": 1, "9S": 1, "KH": 2}
    report = game_report("rock-bac", shoe=Shoe.from_counts(counts), bets=("super-six", "blazing-sevens"))
    table = effect_of_removal(report, by="card")
    pays = {"super-six": lambda o: 12 if o["banker_wins"] and o["banker_total"] == 6 else -1,
            "blazing-sevens": lambda o: (50 if o["tie"] and o["player_total"] == 7 and o["player_cards"] == o["banker_cards"] == 2
                                         else 200 if o["tie"] and o["player_total"] == 7 and o["player_cards"] == o["banker_cards"] == 3
                                         else -1)}
    assert_effects_by_the_brute_force(table, counts, pays, bruteforce.rounds)


def test_cli_eor_json_and_text(lucky6):
    runner = CliRunner()
    result = runner.invoke(main, ["eor", str(lucky6), "--format", "json"])
    assert result.exit_code == 0
    data = json.loads(result.output)
    assert Fraction(data["bets"][0]["effects"]["6"]) == LUCKY_6_EOR["6"]
    result = runner.invoke(main, ["eor", "rock-bac", "--bet", "super-six", "--by", "rank"])
    assert result.exit_code == 0 and "super-six" in result.output and " K" in result.output
    result = runner.invoke(main, ["eor", "rock-bac", "--format", "markdown"])
    assert result.exit_code == 0 and "| super-six |" in result.output


SUITS_GAME = """\
name: Suits, renamed or not
decks: 1
rules: punto-banco
bets:
  - id: royal-both
    name: both hands a suited king and queen, or one of them
    events:
      - {event: Both, when: "player_first_suit == player_second_suit and player_first_rank + player_second_rank == 25 and banker_first_suit == banker_second_suit and banker_first_rank + banker_second_rank == 25", pays: "100 to 1"}
      - {event: One, when: "(player_first_suit == player_second_suit and player_first_rank + player_second_rank == 25) or (banker_first_suit == banker_second_suit and banker_first_rank + banker_second_rank == 25)", pays: "4 to 1"}
  - id: suited-three
    name: the Player's three cards of one suit
    events:
      - {event: Suited three, when: player_suited and player_cards == 3, pays: "5 to 1"}
  - id: hearts
    name: the Player's first two cards hearts
    events:
      - {event: Two hearts, when: "player_first_suit == 'hearts' and player_second_suit == 'hearts'", pays: "3 to 1"}
"""


@pytest.mark.slow
def test_effect_of_removal_with_suits_renamed_equals_the_brute_force(tmp_path):
    """Bets that no renaming of the suits changes share one enumeration among the cards
    whose removal leaves shoes that differ by a renaming (``Shoe.suits_renamed``); a bet on
    the hearts does not. On a shoe whose suits are uneven, every card's effect is checked
    against explicit cards."""
    path = tmp_path / "suits.yaml"
    path.write_text(SUITS_GAME)
    # hearts and spades alike (removing KH leaves the shoe that removing KS leaves, spades
    # and hearts swapped); diamonds and clubs unlike them and each other; three clubs, so
    # the Player can hold three cards of a suit; eight cards, every round dealt for each of
    # the nine shoes
    counts = {"KH": 1, "QH": 1, "KS": 1, "QS": 1, "QD": 1, "5C": 1, "9C": 1, "2C": 1}
    report = game_report(path, shoe=Shoe.from_counts(counts))
    game = report.game
    assert [game.bet(b).suit_symmetric for b in ("royal-both", "suited-three", "hearts")] == [
        True, True, False]
    assert Shoe.from_counts(counts).remove("KH").suits_renamed() == Shoe.from_counts(
        counts).remove("KS").suits_renamed()
    table = effect_of_removal(report, by="card")

    def royal(hand: tuple[str, ...]) -> bool:
        return hand[0][1] == hand[1][1] and {hand[0][0], hand[1][0]} == {"K", "Q"}

    pays = {
        "royal-both": lambda o: (100 if royal(o["player_hand"]) and royal(o["banker_hand"])
                                 else 4 if royal(o["player_hand"]) or royal(o["banker_hand"])
                                 else -1),
        "suited-three": lambda o: (5 if len(o["player_hand"]) == 3
                                   and len({c[1] for c in o["player_hand"]}) == 1 else -1),
        "hearts": lambda o: (3 if o["player_hand"][0][1] == o["player_hand"][1][1] == "H"
                             else -1),
    }
    assert len(table.labels) == len(counts)
    assert_effects_by_the_brute_force(table, counts, pays, bruteforce.card_rounds)


def test_an_optimal_plays_effect_holds_the_full_shoes_play_and_says_so(tmp_path):
    """Lucky Draw (optimal): each card's effect is the report of the smaller shoe played by
    the full shoe's best play (written as a strategy file from `strategy`'s decisions), not
    by its own (which moves Enter's value alone by several times as much: 1 deck, a nine
    out, -0.0070 against -0.0014), and the table says so."""
    from exact_odds.analysis.strategy_report import strategy_report

    counts = {"AS": 1, "2S": 1, "3H": 1, "4D": 1, "5C": 2, "6S": 1, "7H": 1, "9D": 1, "KS": 1}
    shoe = Shoe.from_counts(counts)
    report = game_report("lucky-draw", shoe=shoe)
    decisions = strategy_report("lucky-draw", shoe=shoe).to_dict()["decisions"]
    path = tmp_path / "full-shoe.yaml"
    path.write_text("player:\n" + "".join(
        f'  "{d["player_cards"][0]},{d["player_cards"][1]},{d["dealer_up"]}": {d["choice"]}\n'
        for d in decisions), encoding="utf-8")
    table = effect_of_removal(report, by="card")
    for card in ("9D", "5C", "KS"):
        held = game_report("lucky-draw", shoe=shoe.remove([card]), strategy=str(path))
        for bet in report.bets:
            assert table.effects[bet.id][table.labels.index(card)] == (
                held.bet(bet.id).expected_value - bet.expected_value), (card, bet.id)
    assert "The play is the full shoe's, held as it is when a card leaves" in " ".join(
        map(str, table.to_document().inputs))
