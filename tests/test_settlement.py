"""One settlement of a bet on an outcome row (``Bet.settle``), and every consumer on it.

The late tie of 21st Century Baccarat 5.0 (seed 004) "is not offered when the player's
two-card total (5-9) equals the up card (5-9), nor on a player two-card 9": such a round is
no action. The simulation once paid it 7 to 1 on a tie (issue 17: Player 2S 5S against
Banker 7H KD returned 7).
"""

from __future__ import annotations

from fractions import Fraction

import bruteforce as bf
import pytest

from exact_odds.games.loader import load_game, parse_game
from exact_odds.games.model import NO_ACTION, OTHER_OUTCOME_LOSES, Settlement
from exact_odds.simulation.settlement import Settler, settle


def _late_tie_by_the_rules(player: tuple[str, ...], banker: tuple[str, ...]) -> Fraction | None:
    """The late tie of seed 004 settled by the brute force's own reading of the rules:
    None where it is not offered, else 0 (returned on a dealer two-card 9), 7 or -1."""
    player_two = (bf.point(player[0]) + bf.point(player[1])) % 10
    if not bf.late_tie_offered(player_two, bf.point(banker[0])):
        return None
    outcome = {"banker_two_card_total": (bf.point(banker[0]) + bf.point(banker[1])) % 10,
               "player_total": sum(bf.point(c) for c in player) % 10,
               "banker_total": sum(bf.point(c) for c in banker) % 10}
    return bf.late_tie_result(outcome, pays=7)


#: (Player's cards, Banker's cards): rounds on either side of the late tie's offer.
LATE_TIE_ROUNDS = [
    (("2S", "5S"), ("7H", "KD")),        # issue 17: a 7-7 tie, up card 7: not offered
    (("3S", "3D"), ("6H", "TC")),        # 6-6 tie, up card 6: not offered
    (("4S", "5D"), ("3H", "6C")),        # Player two-card 9: not offered
    (("2S", "5S"), ("6H", "AD")),        # 7-7 tie, up card 6: offered, pays 7 to 1
    (("AS", "4H", "2D"), ("5C", "TD", "2H")),  # Player hits 5 to 7, dealer 5 to 7: tie, up 5
    (("AS", "4H", "2D"), ("6C", "9D", "2H")),  # the same tie, up card 6: offered
    (("2S", "3S"), ("4D", "5H")),        # dealer two-card 9: offered, returned
    (("2S", "5S"), ("4D", "AH", "KS")),  # Player 7, dealer 5 draws a King: offered, loses
]


@pytest.mark.parametrize("player, banker", LATE_TIE_ROUNDS)
def test_the_simulation_settles_the_late_tie_by_the_rules(player, banker):
    """Issue 17: the simulation's settlement of dealt cards gives the seed's late tie,
    no action (None) included, as the brute force reads the rules."""
    bet = load_game("21st-century").bet("late-tie")
    assert settle(bet, player, banker) == _late_tie_by_the_rules(player, banker)


def test_issue_17_round_is_no_action_not_seven():
    """Player 2S 5S against Banker 7H KD: a tie the late tie is not offered on. Settled by
    the simulation's code it returned 7; it is no action."""
    bet = load_game("21st-century").bet("late-tie")
    assert settle(bet, ("2S", "5S"), ("7H", "KD")) is None
    cached = Settler(bet)
    assert cached.settle((1,), lambda: (("2S", "5S"), ("7H", "KD"))) is None
    assert cached.settle((1,), lambda: pytest.fail("a round is settled once")) is None
    assert settle(bet, ("2S", "5S"), ("6H", "AD")) == 7  # the same tie where it is offered


def test_the_rounds_are_dealt_by_the_rules_and_cover_every_settlement():
    """Each round above is one the 21st Century rules deal (the house way on 5, checked by
    the brute force's tableau), and they hold every kind of late-tie settlement."""
    for player, banker in LATE_TIE_ROUNDS:
        order = [player[0], banker[0], player[1], banker[1], *player[2:], *banker[2:]]
        outcome, used = bf.deal_sequence(order + ["KS", "KS"], "21st-century")
        assert used == len(order), (player, banker)
        assert (outcome["player_cards"], outcome["banker_cards"]) == (len(player), len(banker))
    kinds = {_late_tie_by_the_rules(p, b) for p, b in LATE_TIE_ROUNDS}
    assert kinds == {None, Fraction(0), Fraction(7), Fraction(-1)}


GAME = """
name: Settlement cases
decks: 8
rules: punto-banco
settings:
  generous:
    description: a setting the conditions read
    default: false
bets:
  - id: natural-win
    name: Natural win (no otherwise event)
    events:
      - {event: Natural 9 wins, when: player_natural and player_wins and player_total == 9, pays: "2 to 1"}
      - {event: Natural wins, when: "player_natural and player_wins and (generous or player_total == 9)", pays: "1 to 1"}
  - id: late-player
    name: A late Player bet, offered on a two-card total under 5 (or always, generously)
    placed: after-visible-cards
    offered: generous or player_two_card_total < 5
    events:
      - {event: Player wins, when: player_wins, pays: "1:1"}
      - {event: Tie, when: tie, pays: push}
      - {event: Banker wins, when: otherwise, pays: lose}
"""


@pytest.fixture(scope="module")
def cases(tmp_path_factory):
    import yaml

    path = tmp_path_factory.mktemp("games") / "settlement-cases.yaml"
    path.write_text(GAME)
    return parse_game(yaml.safe_load(GAME), path)


def test_settle_is_the_first_event_that_holds(cases):
    bet = cases.bet("natural-win")
    row = {"player_natural": True, "player_wins": True, "player_total": 9, "generous": True}
    assert bet.settle(row) == Settlement(0, Fraction(2))
    assert bet.settle({**row, "player_total": 8}) == Settlement(1, Fraction(1))


def test_without_otherwise_any_other_outcome_loses(cases):
    bet = cases.bet("natural-win")
    row = {"player_natural": True, "player_wins": True, "player_total": 8, "generous": False}
    assert bet.settle(row) == OTHER_OUTCOME_LOSES == Settlement(None, Fraction(-1))
    assert not bet.settle(row).no_action


def test_a_late_bet_not_offered_has_no_action(cases):
    bet = cases.bet("late-player")
    row = {"player_two_card_total": 6, "player_wins": True, "tie": False, "generous": False}
    assert bet.settle(row) == NO_ACTION and bet.settle(row).no_action
    assert bet.settle({**row, "generous": True}) == Settlement(0, Fraction(1))
    assert bet.settle({**row, "player_two_card_total": 4}) == Settlement(0, Fraction(1))


def test_a_settler_needs_the_settings_its_bet_reads(cases):
    bet = cases.bet("late-player")
    assert bet.settings == frozenset({"generous"})
    with pytest.raises(ValueError, match="generous"):
        bet.settler()
    settle_values = bet.settler(cases.setting_values({"generous": "true"}))
    assert bet.columns == ("player_two_card_total", "player_wins", "tie")
    assert settle_values((6, False, True)) == Settlement(1, Fraction(0))


LATE_MISTAKE = """
name: A late bet with an event it is never offered on
decks: 8
rules: punto-banco
bets:
  - id: late-tie
    name: Late tie, offered on a Player two-card total under 5
    placed: after-visible-cards
    offered: player_two_card_total < 5
    events:
      - {event: Tie on a two-card 9, when: tie and player_two_card_total == 9, pays: "20 to 1"}
      - {event: Tie, when: tie, pays: "8 to 1"}
      - {event: Rest, when: otherwise, pays: lose}
"""


def test_checks_take_an_event_by_the_settlement_late_bets_included(tmp_path):
    """The mistake checks ask Bet.settle which event takes an outcome: an event whose
    condition holds only where the late bet is not offered is never paid, and said so
    (a check reading the events alone counted it as paid)."""
    from exact_odds.analysis.checks import game_mistakes

    path = tmp_path / "late.yaml"
    path.write_text(LATE_MISTAKE)
    found = [(m.bet, m.event, m.message) for m in game_mistakes(path)]
    assert found == [("late-tie", "Tie on a two-card 9",
                      "'tie and player_two_card_total == 9' holds only where the bet is not "
                      "offered ('player_two_card_total < 5' is false): it is never paid")]


def test_simulated_late_tie_rounds_settle_by_the_rules_read_from_the_flat_trace(tmp_path):
    """Issue 17: `simulate --play flat --trace` on 21st Century. Every traced round's cards
    are dealt by the rules (the house way, hit on 5); the late tie's units are "0" where it is
    not offered (a Player two-card 9, or 5-9 equal to the up card) and otherwise its pay as
    the brute force reads the seed's rules; ties where it is not offered occur, and the
    realised units per shoe are the traced units' sum."""
    import json

    import polars as pl
    from click.testing import CliRunner

    from exact_odds.cli import main

    path = tmp_path / "late-tie.parquet"
    shoes = 10
    result = CliRunner().invoke(main, [
        "simulate", "21st-century", "--bet", "late-tie", "--shoes", str(shoes), "--play", "flat",
        "--seed", "17", "--workers", "1", "--format", "json", "--trace", str(path)])
    assert result.exit_code == 0, result.output
    summary = json.loads(result.output)
    trace = pl.read_parquet(path)
    kinds: dict[str, int] = {}
    total = Fraction(0)
    for row in trace.iter_rows(named=True):
        player, banker = tuple(row["player_cards"]), tuple(row["banker_cards"])
        order = [player[0], banker[0], player[1], banker[1], *player[2:], *banker[2:]]
        outcome, used = bf.deal_sequence(order + ["KS", "KS"], "21st-century")
        assert used == len(order)
        assert (outcome["player_cards"], outcome["banker_cards"]) == (len(player), len(banker))
        expected = _late_tie_by_the_rules(player, banker)
        assert row["late-tie_bet"]
        assert row["late-tie_units"] == str(expected or 0), (player, banker)
        kind = ("not offered, tie" if expected is None and outcome["tie"]
                else "not offered" if expected is None else str(expected))
        kinds[kind] = kinds.get(kind, 0) + 1
        total += Fraction(row["late-tie_units"])
    assert set(kinds) == {"not offered, tie", "not offered", "7", "0", "-1"}, kinds
    bet = summary["bets"][0]
    assert bet["id"] == "late-tie" and bet["bet_frequency"] == 1
    assert bet["realised_units_per_shoe"] == pytest.approx(float(total / shoes), abs=1e-12)
