"""The fast enumerator against the independent brute force, count for count.

``bruteforce`` (tests/bruteforce.py) deals every physical card of a small shoe one by one,
identical cards told apart, and plays each deal out. The engine groups cards into classes
and removes them by counting. On small shoes (9 or 10 cards: mixed ranks and suits,
identical cards repeated, whole point values missing) the two must agree exactly, for every
outcome column, alone and together, under every set of drawing rules; and the bets of the
built-in games must settle to the same expected values.

Figures nobody has published (Blazing 7's, the 21st Century strategies on 5, any custom
shoe) are checked here and only here.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from functools import cache

import bruteforce as bf
import pytest
from catalogue import MIXED_ON_FIVE, RULES, shoes
from catalogue import SHOES as SHOES_CATALOGUE

from exact_odds.analysis.report import game_report
from exact_odds.engine.enumerator import outcome_counts, outcome_table, total_sequences
from exact_odds.rules import load_rules
from exact_odds.shoe import Shoe
from exact_odds.vocabulary import COLUMNS

#: brute-force cross-checks: skipped by the fast development run, `pytest -m "not slow"`
pytestmark = pytest.mark.slow

# --- small shoes ----------------------------------------------------------------------------------

SHOES = shoes("ten-values", "repeated-cards", "missing-values", "pairs-and-colours",
               "three-values")

# --- drawing rules ----------------------------------------------------------------------------------




@cache
def brute_rounds(shoe: str, rules: str) -> tuple[tuple[dict, int], ...]:
    """Every explicit deal of a small shoe, played by the brute force (computed once)."""
    _, brute_rules, decide = RULES[rules]
    return tuple(bf.rounds(SHOES[shoe], brute_rules, decide))


@cache
def brute_counts(shoe: str, rules: str, columns: tuple[str, ...]) -> dict[tuple, int]:
    """``bruteforce.outcome_counts``, from the cached deals (computed once per columns:
    both of the engine's paths are compared with the same counts)."""
    return bf.counts_of(brute_rounds(shoe, rules), columns)


def engine_counts(shoe: str, rules: str, columns: tuple[str, ...]) -> dict[tuple, int]:
    return outcome_counts(Shoe.from_counts(SHOES[shoe]), list(columns), RULES[rules][0])


def assert_same_counts(engine: dict, brute: dict, brute_typed: frozenset | None = None) -> None:
    """Same keys (values of the same types), same counts."""
    nonzero = {k: v for k, v in engine.items() if v}
    assert nonzero == brute
    assert typed(nonzero) == (typed(brute) if brute_typed is None else brute_typed)


def typed(counts: dict[tuple, int]) -> frozenset[tuple]:
    """The keys with the types of their values (True == 1, but a bool is not an int)."""
    return frozenset((*map(type, key), *key) for key in counts)


@cache
def brute_typed(shoe: str, rules: str, columns: tuple[str, ...]) -> frozenset[tuple]:
    """``typed`` of the brute force's counts (once per columns, as the counts)."""
    return typed(brute_counts(shoe, rules, columns))


def assert_agrees(shoe: str, rules: str, columns: tuple[str, ...]) -> None:
    """The engine's counts of these columns are the brute force's."""
    assert_same_counts(engine_counts(shoe, rules, columns), brute_counts(shoe, rules, columns),
                       brute_typed(shoe, rules, columns))


# --- the columns ----------------------------------------------------------------------------------

ROUND_COLUMNS = ("player_total", "banker_total", "player_cards", "banker_cards",
                 "player_natural", "banker_natural", "winner", "player_wins", "banker_wins",
                 "tie", "margin", "player_two_card_total", "banker_two_card_total",
                 "player_third", "banker_third")
DEAL_COLUMNS = ("player_pair", "banker_pair", "player_pair_same_colour",
                "banker_pair_same_colour", "player_pair_same_suit", "banker_pair_same_suit",
                "nines", "nines_same_suit", "nines_of_diamonds", "dealer_up",
                "player_low_card", "player_high_card")
MIXED_SETS = [
    ("player_pair", "winner"),
    ("dealer_up", "player_low_card", "player_high_card", "player_total", "banker_total"),
    ("nines", "nines_same_suit", "tie", "player_third"),
    ("banker_pair_same_colour", "banker_third", "player_pair_same_suit"),
    ("nines_of_diamonds", "margin", "banker_natural", "player_natural"),
    ("winner", "banker_pair", "player_pair", "banker_cards", "player_cards"),
    ("player_two_card_total", "dealer_up", "banker_pair_same_suit", "banker_total"),
]
DEAL_SETS = [  # deal columns only, reading both hands
    ("player_pair", "banker_pair"),
    ("player_pair_same_suit", "banker_pair_same_suit"),
    ("player_pair_same_colour", "dealer_up"),
    ("player_low_card", "player_high_card", "banker_pair"),
    ("nines", "nines_same_suit", "nines_of_diamonds"),
    ("dealer_up", "banker_pair_same_colour"),
]


def test_the_vocabulary_is_covered():
    """Every column of the engine is compared with the brute force below, or (the
    card-level columns) with explicit cards in test_card_columns.py."""
    from test_card_columns import CARD_LEVEL

    assert set(ROUND_COLUMNS) | set(DEAL_COLUMNS) | set(CARD_LEVEL) == set(COLUMNS)
    assert set(COLUMNS) - set(CARD_LEVEL) <= set(bf.COLUMNS)


def test_the_shoes_are_small_and_varied():
    sizes = {name: sum(counts.values()) for name, counts in SHOES.items()}
    assert all(9 <= size <= 10 for size in sizes.values()), sizes
    assert any(max(counts.values()) >= 3 for counts in SHOES.values())
    for name in SHOES:
        values = {bf.point(card) for card in SHOES[name]}
        assert name != "missing-values" or not values & {0, 6, 7, 8}


@pytest.mark.parametrize("rules", list(RULES))
@pytest.mark.parametrize("shoe", list(SHOES))
def test_round_columns_together(shoe, rules):
    assert_agrees(shoe, rules, ROUND_COLUMNS)


#: One set of rules per chart and a decision on 5 that varies by visible state: the other
#: strategies are read by the same code (every round column meets them above)
CHARTS = ["punto-banco", "21c-mixed", "gold-mixed"]


@pytest.mark.parametrize("rules", CHARTS)
@pytest.mark.parametrize("shoe", list(SHOES))
def test_every_column_at_once(shoe, rules, engine_path):
    columns = ROUND_COLUMNS + DEAL_COLUMNS
    assert_agrees(shoe, rules, columns)


@pytest.mark.parametrize("column", DEAL_COLUMNS)
@pytest.mark.parametrize("shoe", list(SHOES))
def test_each_deal_column_alone(shoe, column):
    """Columns of the first cards only: the engine enumerates just the hands they read."""
    assert_agrees(shoe, "punto-banco", (column,))


@pytest.mark.parametrize("rules", ["punto-banco", "21c-mixed"])
@pytest.mark.parametrize("column", DEAL_COLUMNS)
@pytest.mark.parametrize("shoe", ["repeated-cards", "pairs-and-colours"])
def test_each_deal_column_with_the_round(shoe, column, rules, engine_path):
    """A deal column read together with how the round ended."""
    columns = (column, "winner", "player_third", "banker_total")
    assert_agrees(shoe, rules, columns)


@pytest.mark.parametrize("columns", DEAL_SETS, ids="+".join)
@pytest.mark.parametrize("shoe", list(SHOES))
def test_deal_columns_of_both_hands(shoe, columns):
    assert_agrees(shoe, "punto-banco", columns)


@pytest.mark.parametrize("columns", MIXED_SETS, ids="+".join)
@pytest.mark.parametrize("rules", CHARTS)
@pytest.mark.parametrize("shoe", ["repeated-cards", "missing-values", "pairs-and-colours"])
def test_mixed_round_and_deal_columns(shoe, rules, columns, engine_path):
    assert_agrees(shoe, rules, columns)


@pytest.mark.parametrize("shoe", ["ten-values", "repeated-cards"])
def test_no_columns_counts_every_sequence(shoe):
    counts = engine_counts(shoe, "punto-banco", ())
    assert counts == {(): bf.total_sequences(sum(SHOES[shoe].values()))}


@pytest.mark.parametrize("shoe", ["repeated-cards", "pairs-and-colours"])
def test_outcome_table_rows(shoe):
    """The polars table carries the same counts, one row per outcome."""
    columns = ("winner", "player_pair", "banker_total", "player_third")
    table = outcome_table(Shoe.from_counts(SHOES[shoe]), list(columns))
    rows = {tuple(row[:-1]): row[-1] for row in table.iter_rows()}
    assert rows == brute_counts(shoe, "punto-banco", columns)
    assert table.columns == [*columns, "ways"]


def test_the_rules_give_different_counts():
    """The rule sets really differ on these shoes (else the tests above prove little)."""
    seen = {
        rules: tuple(sorted(brute_counts("pairs-and-colours", rules, ROUND_COLUMNS).items(),
                            key=repr))
        for rules in RULES
    }
    assert len(set(seen.values())) == len(RULES)


def test_on_five_given_as_a_plain_dict():
    """``DrawingRules.with_strategy({...})`` with a plain dict, as its docstring shows it:
    the engine must count it like the brute force (the tests above pass a hashable mapping)."""
    rules = load_rules("21st-century").with_strategy(dict(MIXED_ON_FIVE))
    got = outcome_counts(Shoe.from_counts(SHOES["repeated-cards"]), list(ROUND_COLUMNS), rules)
    assert_same_counts(got, brute_counts("repeated-cards", "21c-mixed", ROUND_COLUMNS))


# --- bets of the built-in games -------------------------------------------------------------------
# Each settlement below is written from the game's seed document, not from its YAML file:
# (event name as the game file calls it, net pay per unit) for one finished round.

Settle = Callable[[dict], tuple[str, Fraction]]
ONE = Fraction(1)
LOSE = Fraction(-1)


def player_line(o: dict) -> tuple[str, Fraction]:
    if o["player_wins"]:
        return "Player wins", ONE
    return ("Tie", Fraction(0)) if o["tie"] else ("Banker wins", LOSE)


def commission_free_banker(o: dict) -> tuple[str, Fraction]:
    if o["banker_wins"]:
        if o["banker_total"] == 6:
            return "Banker wins with 6", Fraction(1, 2)
        return "Banker wins (not with 6)", ONE
    return ("Tie", Fraction(0)) if o["tie"] else ("Player wins", LOSE)


def commission_banker(o: dict) -> tuple[str, Fraction]:
    if o["banker_wins"]:
        return "Banker wins", Fraction(19, 20)
    return ("Tie", Fraction(0)) if o["tie"] else ("Player wins", LOSE)


def tie_bet(name: str) -> Settle:
    def settle(o: dict) -> tuple[str, Fraction]:
        return ("Tie", Fraction(8)) if o["tie"] else (name, LOSE)
    return settle


def dragon_bonus(hand: str) -> Settle:
    other = "banker" if hand == "player" else "player"
    pays = {9: 30, 8: 10, 7: 6, 6: 4, 5: 2, 4: 1}

    def settle(o: dict) -> tuple[str, Fraction]:
        wins = o[f"{hand}_total"] > o[f"{other}_total"]
        if wins and o[f"{hand}_natural"]:
            return "Natural winner", ONE
        if o["tie"] and o["player_natural"] and o["banker_natural"]:
            return "Natural tie", Fraction(0)
        margin = o[f"{hand}_total"] - o[f"{other}_total"]
        if wins and margin >= 4:
            return f"Win by {margin} points", Fraction(pays[margin])
        return "Loss", LOSE
    return settle


def super_six(pays: int) -> Settle:
    def settle(o: dict) -> tuple[str, Fraction]:
        if o["banker_wins"] and o["banker_total"] == 6:
            return "Banker wins with 6", Fraction(pays)
        return "Anything else", LOSE
    return settle


def blazing_sevens(o: dict) -> tuple[str, Fraction]:
    """Seed 003: both hands exactly two cards totalling 7 pays 50 to 1; both exactly three
    cards totalling 7 pays 200 to 1."""
    if o["player_total"] == 7 and o["banker_total"] == 7:
        if o["player_cards"] == 2 and o["banker_cards"] == 2:
            return "Two-card 7-7 tie", Fraction(50)
        if o["player_cards"] == 3 and o["banker_cards"] == 3:
            return "Three-card 7-7 tie", Fraction(200)
    return "Anything else", LOSE


def lucky_nines(o: dict) -> tuple[str, Fraction]:
    """Seed 002: nines among the first four cards."""
    nines, suited, diamonds = o["nines"], o["nines_same_suit"], o["nines_of_diamonds"]
    if nines == 4:
        return "4 nines", Fraction(1000)
    if nines == 3:
        return ("3 nines of the same suit", Fraction(500)) if suited == 3 else ("3 nines", Fraction(35))
    if nines == 2:
        return ("2 nines of the same suit", Fraction(16)) if suited == 2 else ("2 nines", Fraction(5))
    if nines == 1:
        return ("1 nine of diamonds", Fraction(2)) if diamonds == 1 else ("1 nine", ONE)
    return "No nine", LOSE


def any_pair(hand: str) -> Settle:
    def settle(o: dict) -> tuple[str, Fraction]:
        if o[f"{hand}_pair"]:
            return f"{hand.capitalize()} pair", Fraction(11)
        return "No pair", LOSE
    return settle


BETS: list[tuple[str, str, Settle]] = [
    ("commission-free", "player", player_line),
    ("commission-free", "banker", commission_free_banker),
    ("commission-free", "tie", tie_bet("No tie")),
    ("commission-free-dragon-bonus", "banker", commission_free_banker),
    ("commission-free-dragon-bonus", "player-dragon-bonus", dragon_bonus("player")),
    ("commission-free-dragon-bonus", "banker-dragon-bonus", dragon_bonus("banker")),
    ("electronic-baccarat", "player", player_line),
    ("electronic-baccarat", "banker", commission_banker),
    ("electronic-baccarat", "tie", tie_bet("No tie")),
    ("electronic-baccarat", "super-six", super_six(15)),
    ("electronic-baccarat", "lucky-nines", lucky_nines),
    ("electronic-baccarat", "player-pair", any_pair("player")),
    ("electronic-baccarat", "banker-pair", any_pair("banker")),
    ("rock-bac", "player", player_line),
    ("rock-bac", "banker", commission_free_banker),
    ("rock-bac", "tie", tie_bet("No tie")),
    ("rock-bac", "player-dragon-bonus", dragon_bonus("player")),
    ("rock-bac", "banker-dragon-bonus", dragon_bonus("banker")),
    ("rock-bac", "super-six", super_six(12)),
    ("rock-bac", "blazing-sevens", blazing_sevens),
]

BET_SHOES = {"sevens": SHOES_CATALOGUE["rich-in-sevens"], "nines": SHOES_CATALOGUE["rich-in-nines"],
             **shoes("repeated-cards", "pairs-and-colours")}


@cache
def brute_bet_rounds(shoe: str) -> tuple[tuple[dict, int], ...]:
    return tuple(bf.rounds(BET_SHOES[shoe], "punto-banco"))


@cache
def engine_report(game: str, shoe: str):
    return game_report(game, shoe=Shoe.from_counts(BET_SHOES[shoe]))


@pytest.mark.parametrize("shoe", list(BET_SHOES))
@pytest.mark.parametrize("game, bet_id, settle", BETS, ids=[f"{g}-{b}" for g, b, _ in BETS])
def test_bet_against_brute_force(game, bet_id, settle, shoe):
    """Every line of the bet has the brute force's count and pay, so the same expected value."""
    result = engine_report(game, shoe).bet(bet_id)
    brute: dict[tuple[str, Fraction], int] = {}
    for outcome, ways in brute_bet_rounds(shoe):
        line = settle(outcome)
        brute[line] = brute.get(line, 0) + ways
    engine = {(e.event, e.net): e.combinations for e in result.events if e.combinations}
    assert engine == brute
    total = sum(brute.values())
    assert result.expected_value == sum(net * ways for (_, net), ways in brute.items()) / total
    assert sum(e.probability for e in result.events) == 1


@pytest.mark.parametrize("game, bet_id, settle, shoe", [
    ("rock-bac", "blazing-sevens", blazing_sevens, "sevens"),
    ("rock-bac", "player-dragon-bonus", dragon_bonus("player"), "repeated-cards"),
    ("commission-free-dragon-bonus", "banker-dragon-bonus", dragon_bonus("banker"), "sevens"),
    ("electronic-baccarat", "lucky-nines", lucky_nines, "nines"),
    ("commission-free", "banker", commission_free_banker, "pairs-and-colours"),
], ids=["blazing-sevens", "player-dragon-bonus", "banker-dragon-bonus", "lucky-nines",
        "commission-free-banker"])
def test_bet_ev_is_bruteforce_bet_ev(game, bet_id, settle, shoe):
    """The expected value is the oracle's own (``bruteforce.expected_value`` over its rounds,
    what ``bruteforce.bet_ev`` computes), not the lines' counts above."""
    expected = bf.expected_value(brute_bet_rounds(shoe), lambda o: settle(o)[1])
    assert engine_report(game, shoe).bet(bet_id).expected_value == expected


def test_blazing_sevens_both_ties_happen_on_the_sevens_shoe():
    """The sevens shoe really tests both Blazing 7's lines (they are not zero)."""
    result = engine_report("rock-bac", "sevens").bet("blazing-sevens")
    counts = {e.event: e.combinations for e in result.events}
    assert counts["Two-card 7-7 tie"] > 0 and counts["Three-card 7-7 tie"] > 0


def test_lucky_nines_every_line_happens_on_the_nines_shoe():
    result = engine_report("electronic-baccarat", "nines").bet("lucky-nines")
    assert all(e.combinations > 0 for e in result.events), [
        (e.event, e.combinations) for e in result.events]


@pytest.mark.parametrize("game, bet_id, settle", [
    ("rock-bac", "blazing-sevens", blazing_sevens),
    ("commission-free-dragon-bonus", "banker-dragon-bonus", dragon_bonus("banker")),
    ("electronic-baccarat", "banker", commission_banker),
], ids=["blazing-sevens", "banker-dragon-bonus", "banker-commission"])
def test_bet_after_removing_cards(game, bet_id, settle):
    """``remove`` takes cards out of the shoe before the round: the same as a shoe without them."""
    result = game_report(game, shoe=Shoe.from_counts(BET_SHOES["sevens"]),
                         remove=REMOVED).bet(bet_id)
    assert result.total == bf.total_sequences(sum(SEVENS_LEFT.values()))
    assert result.expected_value == bf.expected_value(rounds_left(), lambda o: settle(o)[1])


REMOVED = ("7S", "KD")
SEVENS_LEFT = {card: n - REMOVED.count(card) for card, n in BET_SHOES["sevens"].items()}


@cache
def rounds_left() -> tuple[tuple[dict, int], ...]:
    """The brute force's rounds of the sevens shoe without REMOVED (once for the three bets)."""
    return tuple(bf.rounds(SEVENS_LEFT, "punto-banco"))


# --- a 21st Century game file ------------------------------------------------------------------------

TWENTY_FIRST_CENTURY_GAME = """\
name: 21st Century test game
source: {document: test pay table}
decks: 1
rules: 21st-century
strategy: house-way
bets:
  - id: player-line
    name: Player line
    events:
      - {event: Player wins, when: player_wins, pays: "1:1"}
      - {event: Tie of 2 or more, when: tie and player_total >= 2, pays: push}
      - {event: Dealer wins, when: otherwise, pays: lose}
  - id: dealer-line
    name: Dealer line
    events:
      - {event: Dealer wins, when: banker_wins, pays: "19:20"}
      - {event: Tie of 0 or 1, when: tie and player_total <= 1, pays: "19:20"}
      - {event: Tie, when: tie, pays: push}
      - {event: Player wins, when: otherwise, pays: lose}
  - id: early-tie
    name: Early tie
    events:
      - {event: Tie, when: tie, pays: "8:1"}
      - {event: No tie, when: otherwise, pays: lose}
"""

TWENTY_FIRST_BETS = [
    ("player-line", bf.player_line_result),
    ("dealer-line", bf.dealer_line_result),
    ("early-tie", bf.early_tie_result),
]


@pytest.mark.parametrize("strategy", ["house-way", "stand"])
@pytest.mark.parametrize("shoe", ["repeated-cards", "three-values"])
def test_21st_century_game_file(tmp_path, shoe, strategy):
    """A 21st Century game (seed 004's player and dealer lines, early tie) on a small shoe,
    for each fixed strategy on 5: the brute force's expected values."""
    path = tmp_path / "twenty-first.yaml"
    path.write_text(TWENTY_FIRST_CENTURY_GAME, encoding="utf-8")
    report = game_report(path, shoe=Shoe.from_counts(SHOES[shoe]), strategy=strategy)
    for bet_id, result in TWENTY_FIRST_BETS:
        expected = bf.expected_value(fives_rounds(shoe, strategy), result)
        assert report.bet(bet_id).expected_value == expected, bet_id
    assert report.total == total_sequences(Shoe.from_counts(SHOES[shoe]))


# --- the built-in 21st Century game and its strategy on 5 -------------------------------------------

FIVES_SHOES = shoes("fives", "repeated-cards", "three-values")


@cache
def brute_optimal(shoe: str) -> dict[tuple, dict]:
    return bf.optimal_on_five(FIVES_SHOES[shoe])


@cache
def fives_rounds(shoe: str, strategy: str) -> tuple[tuple[dict, int], ...]:
    """Every explicit deal of a small shoe played by the brute force under the 21st Century
    rules, the bettor hitting on 5 always, never, or by the brute force's own best choice
    (optimal). Computed once per shoe and strategy: the game file's, the built-in game's and
    the late tie's tests read the same enumeration, each settling its own bets on it."""
    decide = {"house-way": bf.always_hit, "stand": bf.never_hit}.get(strategy)
    return tuple(bf.rounds(FIVES_SHOES[shoe], "21st-century",
                           decide or bf.optimal_decide(brute_optimal(shoe))))


FORTY, TWENTY, TEN = Fraction(40), Fraction(20), Fraction(10)


def bonus_pair(hand: str) -> Callable[[dict], Fraction]:
    """Seed 004: a pair of the same suit 40:1, of the same colour 20:1, any pair 10:1."""
    def result(o: dict) -> Fraction:
        if o[f"{hand}_pair_same_suit"]:
            return FORTY
        if o[f"{hand}_pair_same_colour"]:
            return TWENTY
        return TEN if o[f"{hand}_pair"] else LOSE
    return result


def late_tie_per_round(o: dict) -> Fraction:
    """One unit on the late tie in every visible state where it is offered (seed 004)."""
    if not bf.late_tie_offered(o["player_two_card_total"], o["dealer_up"]):
        return bf.PUSH
    return bf.late_tie_result(o)


TWENTY_FIRST_CENTURY_BETS = {
    "player": bf.player_line_result,
    "dealer": bf.dealer_line_result,
    "early-tie": bf.early_tie_result,
    "late-tie": late_tie_per_round,
    "player-bonus-pair": bonus_pair("player"),
    "dealer-bonus-pair": bonus_pair("banker"),
}


@pytest.mark.parametrize("strategy", ["house-way", "stand", "optimal"])
@pytest.mark.parametrize("shoe", list(FIVES_SHOES))
def test_21st_century_game_against_brute_force(shoe, strategy):
    """Every bet of the built-in 21st Century game, for each strategy on 5 (optimal: the
    brute force's own best choice in each visible state), settles like the brute force:
    the same count for every net pay."""
    rounds = fives_rounds(shoe, strategy)
    report = game_report("21st-century", shoe=Shoe.from_counts(FIVES_SHOES[shoe]),
                         strategy=strategy)
    assert {bet.id for bet in report.bets} == set(TWENTY_FIRST_CENTURY_BETS)
    for bet_id, result in TWENTY_FIRST_CENTURY_BETS.items():
        brute: dict[Fraction, int] = {}
        for outcome, ways in rounds:
            net = result(outcome)
            brute[net] = brute.get(net, 0) + ways
        engine: dict[Fraction, int] = {}
        for event in report.bet(bet_id).events:
            if event.combinations:
                engine[event.net] = engine.get(event.net, 0) + event.combinations
        assert engine == brute, bet_id


@pytest.mark.parametrize("shoe", list(FIVES_SHOES))
def test_decisions_on_five_against_brute_force(shoe):
    """The expected values of hitting and standing on 5 in each visible state (given no
    dealer natural) are ``bruteforce.optimal_on_five``'s."""
    from exact_odds.analysis.strategy import decisions

    found = {(d.low, d.high, d.up): (d.ev_hit, d.ev_stand)
             for d in decisions(Shoe.from_counts(FIVES_SHOES[shoe]))}
    expected = {key: (v["ev_hit"], v["ev_stand"]) for key, v in brute_optimal(shoe).items()}
    assert found == expected
    assert any(hit < stand for hit, stand in found.values()) or shoe != "fives"


@pytest.mark.parametrize("strategy", ["house-way", "stand", "optimal"])
@pytest.mark.parametrize("shoe", ["fives", "three-values"])
def test_late_tie_by_visible_state_against_brute_force(shoe, strategy):
    """The late tie's value in each visible state where it is offered: ``bruteforce.late_tie``."""
    from exact_odds.analysis.strategy_report import strategy_report

    report = strategy_report(Shoe.from_counts(FIVES_SHOES[shoe]), strategy)
    found = {(t.low, t.high, t.up): t.ev for t in report.late_ties}
    assert found == bf.late_tie_values(fives_rounds(shoe, strategy))
