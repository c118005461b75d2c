"""21st Century Baccarat 5.0: the decision on 5 and the late tie, against the brute force.

No analysis of this game has been published, so every figure here is checked against the
independent brute force of tests/bruteforce.py (explicit physical cards, small shoes),
which plays each deal card by card, never against exact-odds' own output.
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache

import bruteforce
import pytest

from conftest import first_fast
from exact_odds.analysis.report import game_report
from exact_odds.analysis.strategy import Decision, decisions, late_ties, on_five_map
from exact_odds.analysis.strategy_report import strategy_report
from exact_odds.cards import card_value
from exact_odds.shoe import Shoe

# Small shoes with every kind of card the decision on 5 meets: fives, tens, low cards and
# naturals for the dealer; the last one has no eights or nines at all.
SHOES = [
    {"5S": 2, "TS": 2, "KH": 1, "AD": 1, "4C": 1, "2H": 1, "3S": 1, "6D": 1, "7C": 1, "8H": 1, "9S": 1},
    {"5H": 1, "5D": 1, "QS": 2, "AC": 2, "4H": 1, "9D": 1, "7S": 1, "6C": 1, "2D": 1, "3H": 1},
    {"AS": 2, "4D": 2, "2C": 1, "3D": 1, "5C": 1, "JH": 2, "6S": 1, "7H": 1},
]


@cache
def _brute_on_five(shoe: int) -> dict[tuple, dict]:
    """The brute force's values of hitting and standing on 5 for the player line on
    ``SHOES[shoe]`` (computed once: the decisions' test and the optimal play read them)."""
    return bruteforce.optimal_on_five(SHOES[shoe])


@cache
def _decisions(shoe: int) -> tuple[Decision, ...]:
    """The engine's decisions on 5 for the player line on ``SHOES[shoe]`` (computed once:
    compared with the brute force's, played as the optimal strategy, and told apart from
    the dealer line's)."""
    return decisions(Shoe.from_counts(SHOES[shoe]))


@cache
def _dealt(shoe: int, strategy: str) -> tuple[tuple[dict, int], ...]:
    """Every explicit deal of ``SHOES[shoe]`` played by the brute force under the 21st
    Century rules, the bettor hitting on 5 always, never, or where the brute force's own
    values say hitting is worth at least standing (optimal). Computed once per shoe and
    strategy: the late tie's, the lines' and the value per round's tests all read the same
    enumeration (``bruteforce.rounds``), each settling its own bets on it."""
    decide = {"house-way": bruteforce.always_hit, "stand": bruteforce.never_hit}.get(strategy)
    if decide is None:
        decide = bruteforce.optimal_decide(_brute_on_five(shoe))
    return tuple(bruteforce.rounds(SHOES[shoe], "21st-century", decide))


@pytest.mark.parametrize("counts", SHOES)
def test_decisions_equal_the_brute_force(counts):
    mine = {(d.low, d.high, d.up): (d.ev_hit, d.ev_stand) for d in _decisions(SHOES.index(counts))}
    theirs = {state: (v["ev_hit"], v["ev_stand"])
              for state, v in _brute_on_five(SHOES.index(counts)).items()}
    assert mine == theirs
    assert mine, "the shoe must offer at least one decision"


@pytest.mark.slow
@pytest.mark.parametrize("counts", SHOES[:2])
@pytest.mark.parametrize("strategy", ["house-way", "stand", "optimal"])
def test_late_tie_equals_the_brute_force(counts, strategy):
    """The late tie's value in each visible state; the optimal play is the engine's map of
    decisions, the brute force's the one it computes itself."""
    shoe = Shoe.from_counts(counts)
    on_five = on_five_map(_decisions(SHOES.index(counts))) if strategy == "optimal" else strategy
    mine = {(t.low, t.high, t.up): t.ev for t in late_ties(shoe, on_five)}
    assert mine == bruteforce.late_tie_values(_dealt(SHOES.index(counts), strategy))


@pytest.mark.slow
@pytest.mark.parametrize("counts", SHOES[:2])
@pytest.mark.parametrize("strategy", ["house-way", "stand", "optimal"])
def test_report_lines_equal_the_brute_force(counts, strategy):
    """Player line, dealer line and early tie under each strategy, over the whole round."""
    shoe = Shoe.from_counts(counts)
    report = game_report("21st-century", shoe=shoe, strategy=strategy,
                         bets=("player", "dealer", "early-tie"))
    dealt = _dealt(SHOES.index(counts), strategy)
    for bet_id, result in [("player", bruteforce.player_line_result),
                           ("dealer", bruteforce.dealer_line_result),
                           ("early-tie", bruteforce.early_tie_result)]:
        expected = bruteforce.expected_value(dealt, result)
        assert report.bet(bet_id).expected_value == expected, bet_id


@pytest.mark.parametrize("decks", first_fast([8, 4, 6]))
def test_optimal_beats_both_fixed_strategies(decks):
    """The optimal player line is at least as good as always hitting or always standing."""
    ev = {s: game_report("21st-century", decks=decks, strategy=s, bets=("player",))
          .bet("player").expected_value for s in ("house-way", "stand", "optimal")}
    assert ev["optimal"] >= ev["house-way"] and ev["optimal"] >= ev["stand"]
    assert ev["optimal"] > max(ev["house-way"], ev["stand"])  # it mixes: strictly better


@pytest.mark.slow
@pytest.mark.parametrize("counts", SHOES[:2])
def test_value_per_round_equals_the_brute_force(counts):
    """The late tie's value per round: the brute force's value of each visible state, weighted
    by how often explicit cards show that state (player card, up card, player card), summed
    over the states where it is positive."""
    ev = bruteforce.late_tie_values(_dealt(SHOES.index(counts), "house-way"))
    report = strategy_report(Shoe.from_counts(counts), "house-way")
    assert report.late_tie_value_per_round == _value_per_round(counts, ev)


def _value_per_round(counts: dict[str, int], values: dict[tuple, Fraction]) -> Fraction:
    """The positive values of the visible states, each weighted by the share of ordered
    (player card, up card, player card) triples of explicit cards that show it."""
    from itertools import permutations

    cards = bruteforce.expand_shoe(counts)
    seen: dict[tuple, int] = {}
    for p1, up, p2 in permutations(range(len(cards)), 3):
        a, b = sorted((card_value(cards[p1][0]), card_value(cards[p2][0])))
        state = (a, b, card_value(cards[up][0]))
        seen[state] = seen.get(state, 0) + 1
    n = len(cards)
    return sum((Fraction(seen[s], n * (n - 1) * (n - 2)) * v for s, v in values.items() if v > 0),
               Fraction(0))


def test_late_tie_never_offered_on_a_player_nine_or_an_equal_up_card():
    states = {(t.low, t.high, t.up) for t in late_ties(Shoe.from_decks(8), "house-way")}
    for low, high, up in states:
        total = (low + high) % 10
        assert total != 9
        assert not (total >= 5 and total == up)
    assert (0, 5, 4) in states and (0, 5, 5) not in states and (2, 2, 4) in states


def _late_tie_at(tmp_path, pays: str):
    """A copy of the built-in 21st Century game file with the late tie paying ``pays``."""
    from exact_odds.games.loader import tables_dir

    text = (tables_dir() / "21st-century.yaml").read_text(encoding="utf-8")
    old = '{event: Tie, when: tie, pays: "7 to 1"}'
    assert text.count(old) == 1, "the late tie's winning line moved: update this test"
    path = tmp_path / "late-tie-six.yaml"
    path.write_text(text.replace(old, f'{{event: Tie, when: tie, pays: "{pays}"}}'), encoding="utf-8")
    return path


@pytest.mark.parametrize("counts", first_fast(SHOES[:2]))
@pytest.mark.parametrize("strategy", ["house-way", "optimal"])
def test_late_tie_at_6_to_1_read_from_the_game_file(tmp_path, counts, strategy):
    """The late tie's pay comes from the game file: at 6 to 1 the map and the value per round
    are the brute force's at 6 to 1 (and differ from 7 to 1)."""
    path = _late_tie_at(tmp_path, "6 to 1")
    report = strategy_report(Shoe.from_counts(counts), strategy, game=path)
    dealt = _dealt(SHOES.index(counts), strategy)
    brute = bruteforce.late_tie_values(dealt, pays=6)
    assert {(t.low, t.high, t.up): t.ev for t in report.late_ties} == brute
    assert brute != bruteforce.late_tie_values(dealt, pays=7)
    assert report.to_dict()["late_tie"]["pays"] == "6 to 1"
    assert report.late_tie_value_per_round == _value_per_round(counts, brute)


def test_late_tie_at_6_to_1_on_the_command_line(tmp_path):
    """`exact-odds strategy FILE` reads the late tie's pay from the file, 8 decks."""
    from click.testing import CliRunner

    from exact_odds.cli import main

    path = _late_tie_at(tmp_path, "6 to 1")
    six = CliRunner().invoke(main, ["strategy", str(path), "--strategy", "house-way"])
    seven = CliRunner().invoke(main, ["strategy", "21st-century", "--strategy", "house-way"])
    assert six.exit_code == 0 and seven.exit_code == 0, six.output + seven.output
    assert "Late tie (6 to 1)" in six.output and "Late tie (7 to 1)" in seven.output
    # the decisions on 5 do not read the late tie: the same grid
    assert six.output.split("Late tie")[0] == seven.output.split("Late tie")[0]
    assert six.output.split("Late tie")[1] != seven.output.split("Late tie")[1]


@pytest.mark.parametrize("counts", first_fast(SHOES))
def test_baccarat_gold_decisions_equal_the_brute_force(counts):
    """Baccarat Gold's option on 5, seen on the Player's two cards only, for the Player bet
    (1 to 1, ties push): the brute force with the Gold Banker chart written from the
    Wizard of Odds' words, and the visible state without the up card."""
    shoe = Shoe.from_counts(counts)
    mine = {(d.low, d.high, d.up): (d.ev_hit, d.ev_stand)
            for d in decisions(shoe, game="baccarat-gold")}
    theirs = {state: (v["ev_hit"], v["ev_stand"]) for state, v in bruteforce.optimal_on_five(
        counts, "baccarat-gold", bruteforce.punto_banco_player, sees_up=False).items()}
    assert mine == theirs and mine

    def decide(p1: str, p2: str, up: str) -> bool:
        low, high = sorted((card_value(p1), card_value(p2)))
        ev = theirs.get((low, high, None))
        return True if ev is None else ev[0] >= ev[1]

    report = game_report("baccarat-gold", shoe=shoe, strategy="optimal", bets=("player",))
    expected = bruteforce.bet_ev(
        counts, "baccarat-gold",
        lambda o: bruteforce.punto_banco_player(o["player_total"], o["banker_total"]), decide)
    assert report.bet("player").expected_value == expected


def _variant(tmp_path, old: str, new: str):
    """A copy of the built-in 21st Century game file with one line changed."""
    from exact_odds.games.loader import tables_dir

    text = (tables_dir() / "21st-century.yaml").read_text(encoding="utf-8")
    assert text.count(old) == 1, f"{old!r} moved: update this test"
    path = tmp_path / "variant.yaml"
    path.write_text(text.replace(old, new), encoding="utf-8")
    return path


@pytest.mark.parametrize("counts", first_fast(SHOES[:2]))
def test_the_option_is_played_for_the_bet_the_game_file_names(tmp_path, counts):
    """``option: {optimise: dealer}``: the decisions are the dealer line's (19 to 20, ties
    on 0 and 1 won), as the brute force computes them with its own dealer line."""
    path = _variant(tmp_path, "option: {optimise: player}", "option: {optimise: dealer}")
    shoe = Shoe.from_counts(counts)
    mine = {(d.low, d.high, d.up): (d.ev_hit, d.ev_stand) for d in decisions(shoe, game=path)}
    theirs = {state: (v["ev_hit"], v["ev_stand"]) for state, v in bruteforce.optimal_on_five(
        counts, "21st-century", bruteforce.dealer_line).items()}
    assert mine == theirs
    assert mine != {(d.low, d.high, d.up): (d.ev_hit, d.ev_stand)
                    for d in _decisions(SHOES.index(counts))}


def test_an_offered_condition_must_read_only_the_visible_cards(tmp_path):
    """Refused as the game file is loaded, naming the column the bettor cannot see when the
    bet is placed (issue 31), before any strategy is computed."""
    from exact_odds.games.model import GameFileError

    path = _variant(tmp_path, 'offered: "not (player_two_card_total == 9 or',
                    'offered: "not (banker_two_card_total == 9 or')
    with pytest.raises(GameFileError, match="field 'offered' reads banker_two_card_total"):
        late_ties(Shoe.from_decks(1), "house-way", game=path)


# --- one decision on the option, for one shoe and for batches ----------------------------

#: A shoe on which hitting and standing on 0-5 against an up card of 0 are worth exactly the
#: same to the player line (found by the brute force below): the tie goes to the house way.
EVEN = {"5S": 2, "KD": 3, "4H": 2, "AS": 2, "9C": 1}


def _house_way(tmp_path, way: str):
    """The 21st Century game with its rules inline, the house way on 5 being ``way``."""
    import yaml

    from exact_odds.games.loader import tables_dir

    game = yaml.safe_load((tables_dir() / "21st-century.yaml").read_text(encoding="utf-8"))
    rules = yaml.safe_load((tables_dir() / "rules" / "21st-century.yaml").read_text(encoding="utf-8"))
    rules["option"]["house_way"] = way
    game["rules"] = rules
    path = tmp_path / f"house-way-{way}.yaml"
    path.write_text(yaml.safe_dump(game), encoding="utf-8")
    return path


def test_an_exact_tie_on_the_option_goes_to_the_house_way(tmp_path):
    """On EVEN the brute force values hitting and standing on (0, 5) against a 0 alike for
    the player line. With the house way hit, then stand, the optimal play takes the house
    way there, which moves the dealer line but not the player line."""
    brute = bruteforce.optimal_on_five(EVEN)
    assert brute[(0, 5, 0)]["ev_hit"] == brute[(0, 5, 0)]["ev_stand"]
    shoe = Shoe.from_counts(EVEN)
    values = {}
    for way in ("H", "S"):
        path = _house_way(tmp_path, way)
        choice = {(d.low, d.high, d.up): d.choice for d in decisions(shoe, game=path)}
        assert choice[(0, 5, 0)] == ("hit" if way == "H" else "stand")
        report = game_report(path, shoe=shoe, strategy="optimal", bets=("player", "dealer"))
        values[way] = {bet.id: bet.expected_value for bet in report.bets}
    assert values["H"]["player"] == values["S"]["player"]
    assert values["H"]["dealer"] != values["S"]["dealer"]


@pytest.mark.slow
def test_batches_break_an_exact_tie_on_the_option_as_one_shoe_does(tmp_path):
    """The batch evaluator decides shoe by shoe with the same decision (takes_option): on
    EVEN, with either house way, its values equal the one-shoe report's on every bet."""
    import numpy as np

    from exact_odds.batch.evaluator import BatchEvaluator

    shoe = Shoe.from_counts(EVEN)
    bets = ("player", "dealer")
    for way in ("H", "S"):
        path = _house_way(tmp_path, way)
        report = game_report(path, shoe=shoe, strategy="optimal", bets=bets)
        batch = BatchEvaluator(path, bets, strategy="optimal").evaluate(np.array([shoe.counts]))
        assert {b: batch.fraction(b, 0) for b in bets} == {
            bet.id: bet.expected_value for bet in report.bets}


def test_one_error_when_the_game_names_no_bet_for_the_option(tmp_path):
    """Without ``option: {optimise: BET}`` the optimal play has nothing to maximise: one
    shoe and a batch of shoes refuse it with the same error."""
    import numpy as np

    from exact_odds.analysis.strategy import StrategyError
    from exact_odds.batch.evaluator import BatchEvaluator

    path = _variant(tmp_path, "option: {optimise: player}", "")
    with pytest.raises(StrategyError) as one:
        game_report(path, decks=1, strategy="optimal")
    with pytest.raises(StrategyError) as batch:
        BatchEvaluator(path, strategy="optimal").evaluate(np.full((1, 52), 1))
    assert str(one.value) == str(batch.value)
    assert "option: {optimise: BET}" in str(one.value)
