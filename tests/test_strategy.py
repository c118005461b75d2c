"""21st Century Baccarat 5.0: the decision on 5 and the late tie, against the brute force.

No analysis of this game has been published, so every figure here is checked against the
independent brute force of tests/bruteforce.py (explicit physical cards, small shoes),
which plays each deal card by card, never against exact-odds' own output.
"""

from __future__ import annotations

from fractions import Fraction

import bruteforce
import pytest

from exact_odds.analysis.report import game_report
from exact_odds.analysis.strategy import decisions, late_ties, optimal_on_five, strategy_report
from exact_odds.cards import card_value
from exact_odds.shoe import Shoe

# Small shoes with every kind of card the decision on 5 meets: fives, tens, low cards and
# naturals for the dealer; the last one has no eights or nines at all.
SHOES = [
    {"5S": 2, "TS": 2, "KH": 1, "AD": 1, "4C": 1, "2H": 1, "3S": 1, "6D": 1, "7C": 1, "8H": 1, "9S": 1},
    {"5H": 1, "5D": 1, "QS": 2, "AC": 2, "4H": 1, "9D": 1, "7S": 1, "6C": 1, "2D": 1, "3H": 1},
    {"AS": 2, "4D": 2, "2C": 1, "3D": 1, "5C": 1, "JH": 2, "6S": 1, "7H": 1},
]


def _decide(mapping):
    """The brute force's decide(p1, p2, up) from a map of point-value visible states."""
    def decide(p1: str, p2: str, up: str) -> bool:
        a, b = sorted((card_value(p1), card_value(p2)))
        return mapping.get((a, b, card_value(up)), True)
    return decide


@pytest.mark.parametrize("counts", SHOES)
def test_decisions_equal_the_brute_force(counts):
    mine = {(d.low, d.high, d.up): (d.ev_hit, d.ev_stand) for d in decisions(Shoe.from_counts(counts))}
    theirs = {state: (v["ev_hit"], v["ev_stand"]) for state, v in bruteforce.optimal_on_five(counts).items()}
    assert mine == theirs
    assert mine, "the shoe must offer at least one decision"


@pytest.mark.slow
@pytest.mark.parametrize("counts", SHOES[:2])
@pytest.mark.parametrize("strategy", ["house-way", "stand", "optimal"])
def test_late_tie_equals_the_brute_force(counts, strategy):
    shoe = Shoe.from_counts(counts)
    if strategy == "optimal":
        on_five = optimal_on_five(shoe)
        decide = _decide(on_five)
    else:
        on_five = strategy
        decide = bruteforce.always_hit if strategy == "house-way" else bruteforce.never_hit
    mine = {(t.low, t.high, t.up): t.ev for t in late_ties(shoe, on_five)}
    assert mine == bruteforce.late_tie(counts, decide)


@pytest.mark.slow
@pytest.mark.parametrize("counts", SHOES[:2])
@pytest.mark.parametrize("strategy", ["house-way", "stand", "optimal"])
def test_report_lines_equal_the_brute_force(counts, strategy):
    """Player line, dealer line and early tie under each strategy, over the whole round."""
    shoe = Shoe.from_counts(counts)
    report = game_report("21st-century", shoe=shoe, strategy=strategy,
                         bets=("player", "dealer", "early-tie"))
    decide = {"house-way": bruteforce.always_hit, "stand": bruteforce.never_hit,
              "optimal": _decide(optimal_on_five(shoe))}[strategy]
    for bet_id, result in [("player", bruteforce.player_line_result),
                           ("dealer", bruteforce.dealer_line_result),
                           ("early-tie", bruteforce.early_tie_result)]:
        expected = bruteforce.bet_ev(counts, "21st-century", result, decide)
        assert report.bet(bet_id).expected_value == expected, bet_id


@pytest.mark.parametrize("decks", [4, 6, 8])
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
    from itertools import permutations

    cards = bruteforce.expand_shoe(counts)
    seen: dict[tuple, int] = {}
    for p1, up, p2 in permutations(range(len(cards)), 3):
        a, b = sorted((card_value(cards[p1][0]), card_value(cards[p2][0])))
        state = (a, b, card_value(cards[up][0]))
        seen[state] = seen.get(state, 0) + 1
    n = len(cards)
    ev = bruteforce.late_tie(counts, bruteforce.always_hit)
    expected = sum((Fraction(seen[s], n * (n - 1) * (n - 2)) * v for s, v in ev.items() if v > 0),
                   Fraction(0))
    report = strategy_report(Shoe.from_counts(counts), "house-way")
    assert report.late_tie_value_per_round == expected


def test_late_tie_never_offered_on_a_player_nine_or_an_equal_up_card():
    states = {(t.low, t.high, t.up) for t in late_ties(Shoe.from_decks(8), "house-way")}
    for low, high, up in states:
        total = (low + high) % 10
        assert total != 9
        assert not (total >= 5 and total == up)
    assert (0, 5, 4) in states and (0, 5, 5) not in states and (2, 2, 4) in states
