"""Adding a game needs YAML only (issue 39): games the code has never seen, written here in
tmp_path with their rules inline, checked against the independent brute force
(tests/games_bruteforce.py) on small shoes.

* "Draw on six": two cards each; the bettor may draw one card on a two-card total of 0-6
  and stands on 7-9; the dealer draws on 0-4; no naturals; the higher total wins. One bet,
  Play, 1 to 1 with ties pushing, and a Draw bet placed with the draw, 1 to 1, ties pushing.
  The bettor plays optimally for both bets together, seeing his two cards and the up card,
  or (a second variant) only his total and the up card.
* "Two pictures": two cards each, no draws, valued by points; equal points go to the hand
  with more pictures (J, Q, K: a value the game declares), otherwise a tie.
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import permutations
from pathlib import Path

import games_bruteforce as gb
import pytest
from catalogue import shoes
from clirun import one_error_line, run

from exact_odds import Shoe, game_report
from exact_odds.analysis.strategy import decisions
from exact_odds.analysis.strategy_report import strategy_report

DEALER_DRAWS = "\n".join(
    f'    {total}: "{" ".join(["H" if total <= 4 else "S"] * 10)}  {"H" if total <= 4 else "S"}"'
    for total in range(10))

DRAW_ON_SIX = """\
id: draw-on-six
name: Draw on six
decks: 1
strategy: optimal
option: {{optimise: [play, draw]}}
rules:
  title: "Draw on six: the bettor may draw on 0-6, the dealer draws on 0-4"
  readings: ["Written for a test: a game the code has never seen."]
  naturals: []
  #        the bettor's two-card total:  0 1 2 3 4 5 6 7 8 9
  player:                               "O O O O O O O S S S"
  banker:
    #  dealer total / bettor's third card: 0 1 2 3 4 5 6 7 8 9  stood
{dealer}
  option:
    who: bettor
    house_way: S
    sees: [{sees}]
    after_natural_check: false
bets:
  - id: play
    name: Play
    events:
      - {{event: Win, when: player_wins, pays: "1 to 1"}}
      - {{event: Tie, when: tie, pays: push}}
      - {{event: Lose, when: otherwise, pays: lose}}
  - id: draw
    name: Draw
    placed: with-the-draw
    events:
      - {{event: Win, when: player_wins, pays: "1 to 1"}}
      - {{event: Tie, when: tie, pays: push}}
      - {{event: Lose, when: otherwise, pays: lose}}
"""

SEES = {"cards": "player_low_card, player_high_card, dealer_up",
        "total": "player_two_card_total, dealer_up"}

#: Small shoes of the catalogue ("rich-in-sevens": stands on 7-9 often).
SHOES = shoes("rich-in-nines", "rich-in-sevens", "kings-queens-sevens", "fourteen-cards")
FAST = [("rich-in-nines", "cards"), ("rich-in-sevens", "total")]
SLOW = [("rich-in-sevens", "cards"), ("rich-in-nines", "total"), ("kings-queens-sevens", "total"),
        ("fourteen-cards", "cards"), ("fourteen-cards", "total")]


def one_to_one(bettor: int, dealer: int) -> Fraction:
    """1 to 1 on the higher total; a tie pushes; the dealer's higher total loses."""
    return Fraction(1) if bettor > dealer else Fraction(0) if bettor == dealer else Fraction(-1)


def round_value(finish: gb.Finish) -> Fraction:
    """Play and Draw together, per unit of Play: the Draw bet is staked only when he draws."""
    drew, bettor, dealer = finish
    return one_to_one(bettor, dealer) * (2 if drew else 1)


def event(drew: bool, bettor: int, dealer: int) -> str:
    return "Win" if bettor > dealer else "Tie" if bettor == dealer else "Lose"


def draw_on_six(tmp_path: Path, sees: str) -> Path:
    path = tmp_path / f"draw-on-six-{sees}.yaml"
    path.write_text(DRAW_ON_SIX.format(dealer=DEALER_DRAWS, sees=SEES[sees]), encoding="utf-8")
    return path


def events_of(bet) -> dict[str, int]:
    """A bet's counts by event, the line where it has no action named "no action"."""
    return {("no action" if e.pays == "no action" else e.event): e.combinations
            for e in bet.events if e.combinations}


@pytest.mark.parametrize(("shoe", "sees"), FAST + [pytest.param(*case, marks=pytest.mark.slow)
                                                   for case in SLOW])
def test_a_new_game_with_a_draw_against_the_brute_force(tmp_path, shoe, sees):
    """Each decision (both exact values, the choice) and every figure of both bets."""
    counts = SHOES[shoe]
    game = draw_on_six(tmp_path, sees)
    rounds = gb.draw_rounds(counts, may_draw=range(7), dealer_draws=range(5), sees=sees)
    states = gb.best_play(rounds, round_value)
    assert states and all((info[0] + info[1]) % 10 <= 6 if sees == "cards" else info[0] <= 6
                          for info in states)
    assert any(info not in rounds.optional for info in rounds.weight)  # he must stand on 7-9

    found = decisions(Shoe.from_counts(counts), str(game))
    assert {d.info for d in found} == set(states)
    for decision in found:
        state = states[decision.info]
        if sees == "cards":
            assert decision.info == (decision.low, decision.high, decision.up)
        assert (decision.ev_stand, decision.ev_hit) == (state.ev_stand, state.ev_draw), decision
        assert decision.choice == ("hit" if state.draws else "stand"), decision

    finishes = gb.finishes_under(rounds, lambda info: states[info].draws)
    play, draw = Counter[str](), Counter[str]()
    for (drew, bettor, dealer), ways in finishes.items():
        play[event(drew, bettor, dealer)] += ways
        draw[event(drew, bettor, dealer) if drew else "no action"] += ways
    report = game_report(game, shoe=Shoe.from_counts(counts))
    assert report.total == rounds.total
    assert events_of(report.bet("play")) == dict(play)
    assert events_of(report.bet("draw")) == dict(draw)
    ev_play = Fraction(sum(w * one_to_one(b, d) for (_, b, d), w in finishes.items()), rounds.total)
    ev_draw = Fraction(sum(w * one_to_one(b, d) for (x, b, d), w in finishes.items() if x),
                       rounds.total)
    assert (report.bet("play").expected_value, report.bet("draw").expected_value) == (ev_play, ev_draw)
    played = report.bettor_round
    assert played is not None
    p_draw = Fraction(draw.total() - draw["no action"], rounds.total)
    assert played.average_stake == 1 + p_draw
    assert played.element_of_risk == -(ev_play + ev_draw) / (1 + p_draw)


# --- a game of hands: two cards each, ranked by points then pictures --------------------------

TWO_PICTURES = """\
id: two-pictures
name: Two Pictures
decks: 1
rules:
  title: "Two Pictures: two cards each, no draws; points, then pictures"
  readings: ["Written for a test: a game the code has never seen."]
  cards: 2
  valuation: points
  values:
    pictures: {count: [J, Q, K]}
  ranking: [total, pictures]
bets:
  - id: first
    name: First hand
    events:
      - {event: First hand ranks higher, when: player_wins, pays: "1 to 1"}
      - {event: Equal hands, when: tie, pays: push}
      - {event: Second hand ranks higher, when: otherwise, pays: lose}
  - id: tie
    name: Tie
    events:
      - {event: Tie, when: tie, pays: "6 to 1"}
      - {event: No tie, when: otherwise, pays: lose}
  - id: pictures
    name: Two pictures
    events:
      - {event: Second hand two pictures, when: banker_pictures == 2, pays: "12 to 1"}
      - {event: First hand two pictures, when: player_pictures == 2, pays: "10 to 1"}
      - {event: Anything else, when: otherwise, pays: lose}
  - id: cards
    name: Cards dealt
    events:
      - {event: Two cards each, when: player_cards == 2 and banker_cards == 2, pays: "1 to 1"}
      - {event: Anything else, when: otherwise, pays: lose}
"""

HAND_SHOES = {**shoes("faces-and-tens", "two-decks-of-five-ranks", "aces-and-pictures"),
              "one deck": dict(gb.ONE_DECK)}


def picture_value(hand: gb.Hand) -> tuple[int, int]:
    """A hand by the rules in words: (its points, its pictures J, Q, K)."""
    return sum(gb.point(card) for card in hand) % 10, sum(card[0] in "JQK" for card in hand)


def two_pictures_bets(player: tuple[int, int], dealer: tuple[int, int]) -> dict[str, tuple[str, int]]:
    """Each bet's event and net, by the pays in words: points first, then more pictures."""
    first = ("First hand ranks higher", 1) if player > dealer else ("Equal hands", 0) if (
        player == dealer) else ("Second hand ranks higher", -1)
    return {
        "first": first,
        "tie": ("Tie", 6) if player == dealer else ("No tie", -1),
        "pictures": ("Second hand two pictures", 12) if dealer[1] == 2 else (
            "First hand two pictures", 10) if player[1] == 2 else ("Anything else", -1),
        "cards": ("Two cards each", 1),
    }


@pytest.mark.parametrize("shoe", ["faces-and-tens", "two-decks-of-five-ranks", "aces-and-pictures",
                                  pytest.param("one deck", marks=pytest.mark.slow)])
def test_a_new_game_of_hands_against_the_brute_force(tmp_path, shoe):
    """Every event of every bet: every pair of disjoint explicit two-card hands."""
    path = tmp_path / "two-pictures.yaml"
    path.write_text(TWO_PICTURES, encoding="utf-8")
    counts = HAND_SHOES[shoe]
    pairs = gb.deal_hands(counts, 2, picture_value)
    total = sum(pairs.values())
    report = game_report(path, shoe=Shoe.from_counts(counts))
    assert report.total == total == gb.sequences(counts)
    brute: dict[str, Counter[str]] = {}
    value: Counter[str] = Counter()
    for (player, dealer), ways in pairs.items():
        for bet, (name, net) in two_pictures_bets(player, dealer).items():
            brute.setdefault(bet, Counter())[name] += ways
            value[bet] += ways * net
    for result in report.bets:
        assert events_of(result) == dict(brute[result.id]), result.id
        assert result.expected_value == Fraction(value[result.id], total), result.id


#: Ranked by twelve values: how many of each rank from the king down to the three, then
#: the total (a ranking of more than nine parts once passed int64 in one integer key).
LONG_RANKS = ["K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2"]
LONG_RANKING = """\
id: long-ranking
name: Long ranking
decks: 1
rules:
  title: "Long ranking: two cards each, ranked by the count of each rank, then points"
  readings: ["Written for a test: a game the code has never seen."]
  cards: 2
  valuation: points
  values:
{values}
  ranking: [{ranking}, total]
bets:
  - id: first
    name: First hand
    events:
      - {{event: First hand ranks higher, when: player_wins, pays: "1 to 1"}}
      - {{event: Equal hands, when: tie, pays: push}}
      - {{event: Second hand ranks higher, when: otherwise, pays: lose}}
"""


def test_a_game_ranked_by_many_values_against_the_brute_force(tmp_path):
    """Thirteen parts to a hand's rank: every pair of explicit two-card hands compared by the
    rules in words. It was one error line, 'Python int too large to convert to C long'."""
    names = [f"rank_{rank.lower()}" for rank in LONG_RANKS]
    path = tmp_path / "long-ranking.yaml"
    path.write_text(LONG_RANKING.format(
        values="\n".join(f"    {name}: {{count: [{rank}]}}" for name, rank in zip(names, LONG_RANKS)),
        ranking=", ".join(names)), encoding="utf-8")
    counts = HAND_SHOES["two-decks-of-five-ranks"]

    def key(hand: gb.Hand) -> tuple[int, ...]:
        ranks = ["T" if card[0] == "T" else card[0] for card in hand]
        return (*(ranks.count("T" if rank == "10" else rank) for rank in LONG_RANKS),
                sum(gb.point(card) for card in hand) % 10)

    found: Counter[str] = Counter()
    for (player, dealer), ways in gb.deal_hands(counts, 2, key).items():
        found["First hand ranks higher" if player > dealer else "Equal hands"
              if player == dealer else "Second hand ranks higher"] += ways
    report = game_report(path, shoe=Shoe.from_counts(counts))
    assert events_of(report.bet("first")) == dict(found)


def test_the_brute_force_deals_two_card_hands_in_order():
    """Every pair of explicit two-card hands, and every ordered six-card sequence dealt card
    by card (the Player's in positions 1 and 3, the dealer's in 2 and 4), agree."""
    tiny = {"KS": 2, "QH": 1, "5D": 2, "TC": 1, "9S": 2}
    assert gb.deal_hands(tiny, 2, picture_value) == gb.deal_hands_in_order(tiny, 2, picture_value)


def test_a_game_of_hands_past_the_limits_is_refused_in_one_line(tmp_path):
    """A bet on a game of hands past the limits of an enumeration (a flush of the Player's
    three cards, 8 decks: the suits split the cards into 52 classes) is refused in one
    "Error:" line naming the columns, not with a traceback."""
    path = tmp_path / "flush.yaml"
    path.write_text("""\
id: three-card-flush
name: Three Card Baccarat with a flush bet
decks: 8
rules: three-card-baccarat
bets:
  - id: flush
    name: Player flush
    events:
      - {event: Flush, when: player_hearts == 3 or player_spades == 3 or player_clubs == 3 or player_diamonds == 3, pays: "20 to 1"}
      - {event: Anything else, when: otherwise, pays: lose}
""", encoding="utf-8")
    one_error_line(run("report", str(path)), "flush", "player_hearts")


# --- a game where both hands choose, with no naturals ----------------------------------------

DUEL = """\
id: duel
name: Duel
decks: 1
strategy: equilibrium
option: {optimise: punter, banker: bank}
rules:
  title: "Duel: the Player chooses on 4-6, the Banker on 3-6; no naturals"
  readings: ["Written for a test: a game the code has never seen."]
  naturals: []
  player: "H H H H O O O S S S"
  banker:
    0: "H H H H H H H H H H  H"
    1: "H H H H H H H H H H  H"
    2: "H H H H H H H H H H  H"
    3: "h h h h h h h h s h  h"
    4: "s s h h h h h h s s  h"
    5: "s s s s h h h h s s  h"
    6: "s s s s s s h h s s  s"
    7: "S S S S S S S S S S  S"
    8: "S S S S S S S S S S  S"
    9: "S S S S S S S S S S  S"
  option: {who: player, house_way: H, sees: [player_two_card_total], after_natural_check: false}
  banker_option: {who: banker, sees: [banker_two_card_total, player_third]}
bets:
  - id: punter
    name: Punter
    events:
      - {event: Win, when: player_wins, pays: "1 to 1"}
      - {event: Tie, when: tie, pays: push}
      - {event: Lose, when: otherwise, pays: lose}
  - id: bank
    name: Bank
    events:
      - {event: Win, when: banker_wins, pays: "1 to 1"}
      - {event: Tie, when: tie, pays: push}
      - {event: Lose, when: otherwise, pays: lose}
"""


def duel_gains(counts: dict[str, int], player: dict[int, Fraction],
               banker: dict[tuple[int, int | None], Fraction]
               ) -> tuple[Fraction, dict[int, Fraction], dict[tuple[int, int | None], Fraction]]:
    """The Duel by its rules in words, card by card over every ordered six-card sequence of
    explicit cards: the Player's expected result under the two strategies, and what drawing
    rather than standing gains each side at each of its states (summed over sequences). No
    naturals: a two-card 8 or 9 stands like a 7, and the other hand plays on."""
    cards = [card for card, n in counts.items() for _ in range(n)]
    value, total = Fraction(0), 0
    player_gain: dict[int, Fraction] = {}
    banker_gain: dict[tuple[int, int | None], Fraction] = {}
    for seq in permutations(range(len(cards)), 6):
        v = [gb.point(cards[i]) for i in seq]
        total += 1
        mine, theirs = (v[0] + v[2]) % 10, (v[1] + v[3]) % 10
        # by the Player's draw: the Banker's state, his chance of drawing, the Player's
        # result if the Banker draws and if he stands
        ways = {}
        for drew in (True, False):
            p_total = (mine + v[4]) % 10 if drew else mine
            b_drawn = (theirs + v[5 if drew else 4]) % 10
            state = (theirs, v[4] if drew else None)
            q = Fraction(1) if theirs <= 2 else Fraction(0) if theirs >= 7 else banker[state]
            ways[drew] = (state, q, (p_total > b_drawn) - (p_total < b_drawn),
                          (p_total > theirs) - (p_total < theirs))
        expected = {drew: q * if_draws + (1 - q) * if_stands
                    for drew, (_, q, if_draws, if_stands) in ways.items()}
        p = Fraction(1) if mine <= 3 else Fraction(0) if mine >= 7 else player[mine]
        for drew, chance in ((True, p), (False, 1 - p)):
            value += chance * expected[drew]
            state, _, if_draws, if_stands = ways[drew]
            if 3 <= theirs <= 6 and chance:  # the Bank's gain is the Punter's loss
                banker_gain[state] = banker_gain.get(state, Fraction(0)) + chance * (
                    if_stands - if_draws)
        if 4 <= mine <= 6:
            player_gain[mine] = player_gain.get(mine, Fraction(0)) + expected[True] - expected[
                False]
    return value / total, player_gain, banker_gain


def test_a_new_game_where_both_choose_without_naturals_is_an_equilibrium(tmp_path):
    """Both hands choose and the rules have no naturals: a two-card 8 or 9 does not end the
    round. Against the equilibrium `exact-odds strategy` gives, no pure deviation of either
    side gains (by the brute force above), and the value it states is the brute force's.
    (The solver once read the vocabulary's two-card 8 or 9 as a natural whatever the rules
    said: it gave chemin de fer's equilibrium and value, a strategy with a gain for the
    Player.)"""
    path = tmp_path / "duel.yaml"
    path.write_text(DUEL, encoding="utf-8")
    counts = {"AS": 1, "2S": 1, "3S": 1, "4S": 1, "5S": 1, "5H": 1, "8S": 1, "9S": 1, "TS": 1,
              "KS": 1}
    found = strategy_report(str(path), shoe=Shoe.from_counts(counts))
    player = {state[0]: p for state, p in found.player.items()}
    banker = {(state[0], state[1]): p for state, p in found.banker.items()}
    value, player_gain, banker_gain = duel_gains(counts, player, banker)
    for gains, probabilities in ((player_gain, player), (banker_gain, banker)):
        for state, gain in gains.items():
            p = probabilities[state]
            assert not (p < 1 and gain > 0) and not (p > 0 and gain < 0), (state, p, gain)
    assert found.solution.values[0] == value
