"""Self-checks of the brute-force oracle against independently known facts."""

import itertools
import os
import sys
from collections import Counter
from fractions import Fraction

import pytest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import bruteforce as bf  # noqa: E402

#: brute-force self-checks: skipped by the fast development run, `pytest -m "not slow"`
pytestmark = pytest.mark.slow


def falling(n, k):
    out = 1
    for i in range(k):
        out *= n - i
    return out


def all_outcomes(shoe, rules="punto-banco", decide=None):
    return list(bf.rounds(shoe, rules, decide))


# Small shoes used by several tests.
SHOE_MIXED_8 = {"AS": 1, "5H": 2, "9D": 1, "TC": 1, "KH": 1, "3S": 1, "7C": 1}
SHOE_MIXED_9 = {"2S": 1, "4D": 2, "6H": 1, "9S": 1, "9D": 1, "QC": 1,
                "8H": 1, "AS": 1}
SHOE_FIVES_7 = {"5S": 2, "5D": 1, "AH": 1, "4C": 1, "JD": 1, "3H": 1}


def by_permutations(shoe, rules="punto-banco", decide=None):
    """Completely separate count: every ordered 6-tuple of physical cards."""
    physical = bf.expand_shoe(shoe)
    out = []
    for perm in itertools.permutations(physical, 6):
        outcome, _used = bf.deal_sequence([c for c, _ in perm], rules, decide)
        out.append(outcome)
    return out


# ---------------------------------------------------------------------------
# Basic bookkeeping
# ---------------------------------------------------------------------------

def test_expand_shoe_and_decks():
    assert bf.expand_shoe({"9D": 2, "TS": 1}) == [("9D", 0), ("9D", 1),
                                                   ("TS", 0)]
    d = bf.decks(2)
    assert len(d) == 52 and set(d.values()) == {2}
    assert len(bf.expand_shoe(bf.decks(1))) == 52
    with pytest.raises(ValueError):
        bf.expand_shoe({"1S": 1})
    with pytest.raises(ValueError):
        bf.expand_shoe({"9X": 1})


def test_point_values():
    assert [bf.point(r + "S") for r in "A23456789TJQK"] == \
        [1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 0, 0, 0]


def test_too_small_shoe_raises():
    with pytest.raises(ValueError):
        list(bf.rounds({"AS": 5}))
    with pytest.raises(ValueError):
        bf.outcome_counts({"AS": 2, "KD": 3}, ["winner"])


@pytest.mark.parametrize("rules", ["punto-banco", "21st-century"])
@pytest.mark.parametrize("shoe", [
    {"AS": 1, "2S": 1, "3S": 1, "4S": 1, "5S": 1, "6S": 1},
    SHOE_FIVES_7,
    SHOE_MIXED_8,
    {"9D": 3, "4S": 2, "6H": 2, "TC": 3},
    {"AS": 2, "2H": 2, "3D": 2, "4C": 2, "5S": 2, "6H": 2, "7D": 1},
])
def test_counts_sum_to_falling_factorial(shoe, rules):
    n = sum(shoe.values())
    total = sum(w for _o, w in bf.rounds(shoe, rules))
    assert total == falling(n, 6)
    counts = bf.outcome_counts(shoe, ["winner"], rules)
    assert sum(counts.values()) == falling(n, 6)


def test_fourteen_card_round_total():
    shoe = {"AS": 2, "2H": 1, "3D": 1, "4C": 1, "5S": 1, "6H": 1, "7D": 1,
            "8C": 1, "9S": 2, "TH": 1, "JD": 1, "KC": 1}
    assert sum(shoe.values()) == 14
    assert sum(w for _o, w in bf.rounds(shoe)) == falling(14, 6)


# ---------------------------------------------------------------------------
# Tableau, from an independently typed chart
# ---------------------------------------------------------------------------

# Standard punto-banco banker chart. Rows: banker two-card total 0..7.
# Columns: player's third card 0..9, then "-" = player stood. D=draw S=stand.
BANKER_CHART = {
    0: "DDDDDDDDDD D",
    1: "DDDDDDDDDD D",
    2: "DDDDDDDDDD D",
    3: "DDDDDDDDSD D",
    4: "SSDDDDDDSS D",
    5: "SSSSDDDDSS D",
    6: "SSSSSSDDSS S",
    7: "SSSSSSSSSS S",
}


def test_banker_chart():
    for banker_two, row in BANKER_CHART.items():
        for x in range(10):
            assert bf.pb_banker_draws(banker_two, x) == (row[x] == "D"), \
                (banker_two, x)
        assert bf.pb_banker_draws(banker_two, None) == (row[11] == "D")


def test_hand_dealt_rounds_punto_banco():
    # Player 5+T=5 draws an 8 -> 3; banker 3+T=3 stands against an 8.
    o, used = bf.deal_sequence(["5S", "3H", "TD", "KC", "8D", "9S"])
    assert (o["player_total"], o["banker_total"], used) == (3, 3, 5)
    assert o["player_third"] == 8 and o["banker_third"] is None
    assert o["tie"] and o["winner"] == "tie"
    # Same but player's third card is a 9: banker 3 draws (the 9S) -> 2.
    o, used = bf.deal_sequence(["5S", "3H", "TD", "KC", "9D", "9S"])
    assert (o["player_total"], o["banker_total"], used) == (4, 2, 6)
    assert o["player_wins"] and o["margin"] == 2
    # Player natural 8 vs banker 0: nobody draws.
    o, used = bf.deal_sequence(["4S", "TH", "4D", "KC", "9D", "9S"])
    assert used == 4 and o["player_natural"] and not o["banker_natural"]
    assert o["player_cards"] == 2 and o["banker_cards"] == 2
    # Player stands on 6, banker 5 draws.
    o, used = bf.deal_sequence(["3S", "2H", "3D", "3C", "4D", "9S"])
    assert o["player_total"] == 6 and o["player_cards"] == 2
    assert o["banker_third"] == 4 and o["banker_total"] == 9 and used == 5
    # Player 7 stands, banker 6 stands.
    o, used = bf.deal_sequence(["3S", "2H", "4D", "4C", "4H", "9S"])
    assert used == 4 and o["player_total"] == 7 and o["banker_total"] == 6


def test_hand_dealt_rounds_21st_century():
    seen = []

    def decide(p1, p2, up):
        seen.append((p1, p2, up))
        return False

    # Player 5 (2H + 3D), dealer up 4S, hole 2C: decide is asked, stands.
    o, used = bf.deal_sequence(["2H", "4S", "3D", "2C", "AH", "9S"],
                               "21st-century", decide)
    assert seen == [("2H", "3D", "4S")]
    assert o["player_cards"] == 2 and o["player_total"] == 5
    # Dealer 6 stands regardless.
    assert o["banker_total"] == 6 and used == 4
    # Dealer 3 vs player third card 8: dealer still draws in this game.
    o, used = bf.deal_sequence(["5S", "3H", "TD", "KC", "8D", "9S"],
                               "21st-century")
    assert (o["player_total"], o["banker_total"], used) == (3, 2, 6)


# ---------------------------------------------------------------------------
# Hand-computed whole-shoe results
# ---------------------------------------------------------------------------

@pytest.mark.parametrize("rules", ["punto-banco", "21st-century"])
def test_one_nine_and_five_tens(rules):
    # 9D plus five ten-valued cards: 720 orderings.
    # 9D at P1/P2 (240): player natural 9 wins.  At B1/B2 (240): banker wins.
    # At position 5 (120): both 0, player draws the 9 -> 9; banker draws a
    # ten -> 0: player wins.  At position 6 (120): player draws a ten,
    # banker draws the 9: banker wins.
    shoe = {"9D": 1, "TS": 1, "JH": 1, "QD": 1, "KC": 1, "TC": 1}
    c = bf.outcome_counts(shoe, ["winner", "player_total", "banker_total",
                                 "player_cards", "banker_cards"], rules)
    assert c == {
        ("player", 9, 0, 2, 2): 240,
        ("banker", 0, 9, 2, 2): 240,
        ("player", 9, 0, 3, 3): 120,
        ("banker", 0, 9, 3, 3): 120,
    }
    c = bf.outcome_counts(shoe, ["nines", "nines_of_diamonds",
                                 "nines_same_suit"], rules)
    assert c == {(1, 1, 1): 480, (0, 0, 0): 240}


def test_only_tens_all_zero_ties():
    shoe = {"TS": 2, "JH": 2, "QD": 2, "KC": 2}   # 8 cards
    total = falling(8, 6)
    c = bf.outcome_counts(shoe, ["player_total", "banker_total", "winner",
                                 "player_cards", "banker_cards",
                                 "player_third", "banker_third"])
    assert c == {(0, 0, "tie", 3, 3, 0, 0): total}
    # Pairs: the second player card matches the first's rank w.p. 1/7.
    c = bf.outcome_counts(shoe, ["player_pair", "player_pair_same_colour",
                                 "player_pair_same_suit"])
    assert c == {(True, True, True): total // 7,
                 (False, False, False): total - total // 7}
    c = bf.outcome_counts(shoe, ["banker_pair"])
    assert c == {(True,): total // 7, (False,): total - total // 7}


def test_only_fives_tie_on_five():
    shoe = {"5S": 3, "5H": 3}
    for rules in ("punto-banco", "21st-century"):
        c = bf.outcome_counts(shoe, ["player_total", "banker_total",
                                     "player_cards", "banker_cards"], rules)
        assert c == {(5, 5, 3, 3): 720}


def test_all_nines():
    # 9 + 9 = 18 -> every two-card hand is a natural 8: a natural tie, 8-8.
    shoe = {"9S": 4, "9H": 4}   # 8 cards, 20160 sequences
    c = bf.outcome_counts(shoe, ["player_natural", "banker_natural", "winner",
                                 "player_total", "banker_total",
                                 "player_cards", "banker_cards", "nines"])
    assert c == {(True, True, "tie", 8, 8, 2, 2, 4): 20160}
    # Spades among the first four: ordered prefixes with j spades are
    # C(4,j) * 4Pj * 4P(4-j); times 4*3 for the two unused positions.
    c = bf.outcome_counts(shoe, ["nines_same_suit"])
    assert c == {(4,): (24 + 24) * 12, (3,): (384 + 384) * 12,
                 (2,): 864 * 12}
    c = bf.outcome_counts(shoe, ["nines_of_diamonds"])
    assert c == {(0,): 20160}
    c = bf.outcome_counts({"9D": 6}, ["nines_of_diamonds", "nines_same_suit"])
    assert c == {(4, 4): 720}


def test_pairs_with_two_ranks():
    # Aces: AS x2, AC x2 (black). Twos: 2H x1, 2D x2 (red). N = 7.
    shoe = {"AS": 2, "AC": 2, "2H": 1, "2D": 2}
    total = falling(7, 6)   # 5040
    # Ordered (P1, P2) pairs: 42. Same rank: 4*3 + 3*2 = 18.
    # Same colour: same as same rank here. Same suit: 2 + 2 + 0 + 2 = 6.
    for hand in ("player", "banker"):
        c = bf.outcome_counts(shoe, [f"{hand}_pair",
                                     f"{hand}_pair_same_colour",
                                     f"{hand}_pair_same_suit"])
        assert c == {(True, True, True): total * 6 // 42,
                     (True, True, False): total * 12 // 42,
                     (False, False, False): total * 24 // 42}
    # Mixed colours within a rank.
    shoe = {"AS": 2, "AH": 2, "2C": 3}
    # Same rank: 4*3 + 3*2 = 18; same colour: AS-AS 2, AH-AH 2, 2C-2C 6 = 10.
    c = bf.outcome_counts(shoe, ["player_pair", "player_pair_same_colour"])
    assert c == {(True, True): total * 10 // 42,
                 (True, False): total * 8 // 42,
                 (False, False): total * 24 // 42}


def test_ten_and_king_are_not_a_pair():
    shoe = {"TS": 3, "KS": 3}
    c = bf.outcome_counts(shoe, ["player_pair"])
    # P(same rank) = 2/5
    assert c == {(True,): 720 * 2 // 5, (False,): 720 * 3 // 5}


def test_low_high_and_dealer_up():
    shoe = {"2S": 1, "7H": 1, "TD": 1, "KC": 1, "QS": 1, "JH": 1}
    c = bf.outcome_counts(shoe, ["player_low_card", "player_high_card"])
    # Both 2 and 7 in player's hand: 2*1 ways for the pair, 4*3*2*1 rest.
    assert c[(2, 7)] == 2 * 24
    assert sum(c.values()) == 720
    c = bf.outcome_counts(shoe, ["dealer_up"])
    assert c == {(2,): 120, (7,): 120, (0,): 480}


# ---------------------------------------------------------------------------
# Cross-check against a full itertools.permutations enumeration
# ---------------------------------------------------------------------------

def suit_picky(p1, p2, up):
    # Depends on suits, to check that the card strings reach decide().
    return up[1] in "HD" or p1[1] == "S"


@pytest.mark.parametrize("rules,decide", [
    ("punto-banco", None),
    ("21st-century", None),
    ("21st-century", bf.never_hit),
    ("21st-century", suit_picky),
])
@pytest.mark.parametrize("shoe", [SHOE_MIXED_8, SHOE_FIVES_7])
def test_rounds_match_permutations(shoe, rules, decide):
    slow = Counter()
    for o in by_permutations(shoe, rules, decide):
        slow[tuple(o[c] for c in bf.COLUMNS)] += 1
    fast = Counter()
    for o, w in bf.rounds(shoe, rules, decide):
        fast[tuple(o[c] for c in bf.COLUMNS)] += w
    assert fast == slow


def test_symmetry_21st_century_always_hit():
    # Player and dealer follow identical rules (hit 0-5) -> symmetric.
    for shoe in (SHOE_MIXED_8, SHOE_MIXED_9,
                 {"AS": 2, "3H": 2, "5D": 2, "7C": 2, "9S": 1, "TH": 1,
                  "4D": 1, "6C": 1}):
        dealt = list(bf.rounds(shoe, "21st-century", bf.always_hit))  # read twice
        c = bf.counts_of(dealt, ["winner"])
        assert c.get(("player",), 0) == c.get(("banker",), 0)
        c = bf.counts_of(dealt, ["player_total", "banker_total"])
        for (pt, bt), w in c.items():
            assert c.get((bt, pt), 0) == w


# ---------------------------------------------------------------------------
# 21st-century bets
# ---------------------------------------------------------------------------

def test_line_results():
    assert bf.player_line(5, 3) == 1 and bf.player_line(3, 5) == -1
    assert bf.player_line(0, 0) == -1 and bf.player_line(1, 1) == -1
    assert bf.player_line(2, 2) == 0
    assert bf.dealer_line(3, 5) == Fraction(19, 20)
    assert bf.dealer_line(1, 1) == Fraction(19, 20)
    assert bf.dealer_line(5, 3) == -1 and bf.dealer_line(7, 7) == 0
    assert bf.early_tie(4, 4) == 8 and bf.early_tie(4, 5) == -1


def test_bet_ev_hand_computed():
    # 9D + five tens: never a tie, player wins half.
    shoe = {"9D": 1, "TS": 1, "JH": 1, "QD": 1, "KC": 1, "TC": 1}
    assert bf.bet_ev(shoe, "21st-century", bf.player_line_result) == 0
    assert bf.bet_ev(shoe, "21st-century", bf.dealer_line_result) == \
        Fraction(1, 2) * Fraction(19, 20) - Fraction(1, 2)
    assert bf.bet_ev(shoe, "21st-century", bf.early_tie_result) == -1
    # Only tens: always 0-0 tie.
    shoe = {"TS": 6}
    assert bf.bet_ev(shoe, "21st-century", bf.player_line_result) == -1
    assert bf.bet_ev(shoe, "21st-century", bf.dealer_line_result) == \
        Fraction(19, 20)
    assert bf.bet_ev(shoe, "21st-century", bf.early_tie_result) == 8
    # Only fives: 5-5 tie, pushes on the lines.
    assert bf.bet_ev({"5S": 6}, "21st-century", bf.player_line_result) == 0


def _conditional_line_ev(shoe, decide):
    num, den = Counter(), Counter()
    for o, w in bf.rounds(shoe, "21st-century", decide):
        if o["player_two_card_total"] != 5 or o["banker_natural"]:
            continue
        key = (o["player_low_card"], o["player_high_card"], o["dealer_up"])
        num[key] += bf.player_line_result(o) * w
        den[key] += w
    return {k: Fraction(num[k]) / den[k] for k in den}


@pytest.mark.parametrize("shoe", [SHOE_MIXED_8, SHOE_MIXED_9, SHOE_FIVES_7])
def test_optimal_on_five_matches_rounds(shoe):
    got = bf.optimal_on_five(shoe)
    hit = _conditional_line_ev(shoe, bf.always_hit)
    stand = _conditional_line_ev(shoe, bf.never_hit)
    assert set(got) == set(hit) == set(stand)
    assert got  # these shoes do have player fives
    for key, v in got.items():
        assert v["ev_hit"] == hit[key]
        assert v["ev_stand"] == stand[key]
        assert key[0] <= key[1] and (key[0] + key[1]) % 10 == 5


def test_optimal_on_five_hand_computed():
    # Visible state (0, 5, 0): player 5 + ten, dealer up a ten.  The hole
    # is a ten (dealer 0), the 4 (dealer 4) or the A (dealer 1): the dealer
    # never has a natural in this state.
    shoe = {"5S": 1, "TH": 1, "TD": 1, "TC": 1, "4S": 1, "AS": 1}
    got = bf.optimal_on_five(shoe)
    # Case analysis for state (0, 5, 0): P1/P2 = {5S, one ten}, up = another
    # ten.  Remaining three cards: the last ten, 4S, AS (hole from these).
    # Stand: hole T -> dealer 0 draws 4 or A -> 4 or 1: player wins both.
    #        hole 4 -> dealer 4 draws T or A -> 4 or 5: win, tie(5)=push.
    #        hole A -> dealer 1 draws T or 4 -> 1 or 5: win, push.
    #   EV stand = (2 + 1 + 1) / 6 = 2/3.
    # Hit: hole T: hit 4 (9) vs dealer 0+A=1 win; hit A (6) vs 0+4=4 win.
    #      hole 4: hit T (5) vs 4+A=5 push; hit A (6) vs 4+T=4 win.
    #      hole A: hit T (5) vs 1+4=5 push; hit 4 (9) vs 1+T=1 win.
    #   EV hit = 4/6 = 2/3.
    assert got[(0, 5, 0)] == {"ev_hit": Fraction(2, 3),
                              "ev_stand": Fraction(2, 3)}


def late_tie_by_permutations(shoe, decide):
    num, den = Counter(), Counter()
    for o in by_permutations(shoe, "21st-century", decide):
        pt2, up = o["player_two_card_total"], o["dealer_up"]
        if pt2 == 9 or (pt2 >= 5 and pt2 == up):
            continue
        key = (o["player_low_card"], o["player_high_card"], up)
        if o["banker_two_card_total"] == 9:
            r = 0
        elif o["player_total"] == o["banker_total"]:
            r = 7
        else:
            r = -1
        num[key] += r
        den[key] += 1
    return {k: Fraction(num[k], den[k]) for k in den}


@pytest.mark.parametrize("decide", [bf.always_hit, bf.never_hit, suit_picky])
def test_late_tie_matches_permutations(decide):
    shoe = SHOE_MIXED_8
    assert bf.late_tie(shoe, decide) == late_tie_by_permutations(shoe, decide)


def test_late_tie_offer_rules():
    assert not bf.late_tie_offered(9, 3)
    assert not bf.late_tie_offered(6, 6)
    assert not bf.late_tie_offered(8, 8)
    assert bf.late_tie_offered(4, 4)
    assert bf.late_tie_offered(6, 7)
    lt = bf.late_tie(SHOE_MIXED_9, bf.always_hit)
    for (low, high, up) in lt:
        t = (low + high) % 10
        assert t != 9 and not (t >= 5 and t == up)


def test_late_tie_hand_computed():
    # Only tens: every state is (0, 0, 0); always 0-0 tie, dealer never 9.
    assert bf.late_tie({"TS": 3, "KD": 3}, bf.always_hit) == \
        {(0, 0, 0): Fraction(7)}
    # Only nines: player two-card total 8 (9+9=18), up 9, dealer 8 tie -> +7.
    assert bf.late_tie({"9S": 6}, bf.always_hit) == {(9, 9, 9): Fraction(7)}


# --- card_rounds and card_features (every card of the round) -------------------------------

def test_card_rounds_agree_with_rounds_on_the_round_columns():
    """Grouping by explicit cards changes no count of the columns both know."""
    shoe = {"KH": 1, "QH": 1, "7D": 3, "2C": 1, "3H": 1, "9S": 1, "TD": 1}
    for rules, decide in (("punto-banco", None), ("21st-century", bf.never_hit)):
        by_value: dict[tuple, int] = {}
        for outcome, ways in bf.rounds(shoe, rules, decide):
            key = tuple(outcome[c] for c in bf.COLUMNS)
            by_value[key] = by_value.get(key, 0) + ways
        by_card: dict[tuple, int] = {}
        for outcome, ways in bf.card_rounds(shoe, rules, decide):
            key = tuple(outcome[c] for c in bf.COLUMNS)
            by_card[key] = by_card.get(key, 0) + ways
        assert by_card == by_value


def test_card_features_by_hand():
    """One round worked by hand: Player A♠ 2♥ 3♦, Banker 4♣ 5♠ (two cards)."""
    f = bf.card_features(["AS", "2H", "3D"], ["4C", "KS"])
    assert (f["player_first_rank"], f["player_third_suit"], f["player_second_colour"]) == \
        (1, "diamonds", "red")
    assert (f["banker_third_rank"], f["banker_third_value"], f["banker_second_rank"]) == \
        (None, None, 13)
    assert (f["player_red_cards"], f["banker_black_cards"], f["red_cards_dealt"]) == (2, 2, 2)
    assert (f["kings_dealt"], f["ten_value_cards_dealt"], f["banker_spades"]) == (1, 1, 1)
    assert (f["player_high_rank"], f["player_low_value"], f["banker_high_value"]) == (3, 1, 4)
    assert (f["player_suited"], f["banker_suited"], f["cards_dealt"]) == (False, False, 5)
    assert (f["banker_low_card"], f["banker_high_card"]) == (0, 4)
    assert bf.card_features(["AS", "2S", "3S"], ["4C", "5C"])["player_suited"]
