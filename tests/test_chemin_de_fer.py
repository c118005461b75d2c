"""Chemin de fer (issue 40): the exact equilibrium of both hands' choices, checked from outside.

Published: J. G. Kemeny and J. L. Snell, "Game-theoretic solution of baccarat", American
Mathematical Monthly 64 (1957) 465-469: on the infinite deck, each side knowing only his own
total and no commission, the Player draws on 5 with probability 9/11.

Everything else against the independent brute force of tests/cdf_bruteforce.py (every
point-value sequence of the shoe with its removal weights; explicit physical cards on tiny
shoes; never the engine), itself checked by hand on a six-card shoe, against explicit cards
and against the first brute force's punto banco (tests/bruteforce.py): an equilibrium is
proved by its exploitability (NashConv) being exactly zero, computed by the brute force: no
pure deviation of either side, at any of his information states, raises his own expected
result.
"""

from __future__ import annotations

import json
from ast import literal_eval
from fractions import Fraction
from functools import cache
from pathlib import Path

import bruteforce as bf
import cdf_bruteforce as cb
import pytest
from clirun import ok, one_error_line, run

from exact_odds.analysis.equilibrium import Solution, equilibrium
from exact_odds.analysis.report import game_report
from exact_odds.analysis.strategy_report import strategy_report
from exact_odds.games.loader import load_game
from exact_odds.shoe import Shoe

KEMENY_SNELL_1957 = ("J. G. Kemeny and J. L. Snell, 'Game-theoretic solution of baccarat', "
                     "American Mathematical Monthly 64 (1957)")

#: The shoes by name: the engine's and the brute force's.
SHOES = {"infinite": (Shoe.infinite(), cb.INFINITE), "1 deck": (Shoe.from_decks(1), cb.decks(1)),
         "6 decks": (Shoe.from_decks(6), cb.decks(6)), "8 decks": (Shoe.from_decks(8), cb.decks(8))}
#: Small shoes (the settlement tests' drift shoes): equilibria that are not unique, idle states.
SMALL = {"ten-cards": {"2S": 2, "5S": 2, "7H": 2, "KD": 2, "9D": 2},
         "nines-and-sixes": {"9D": 2, "9C": 1, "8H": 1, "6S": 2, "4D": 1, "2C": 1, "AS": 1},
         "suits-and-pictures": {"7H": 2, "7S": 1, "KD": 1, "QC": 1, "JH": 1, "TS": 1,
                                "9H": 1, "5S": 1}}
SHOES.update({name: (Shoe.from_counts(counts), cb.from_cards(counts))
              for name, counts in SMALL.items()})


def settings(information: str, commission: str) -> dict[str, str]:
    return {"information": information, "commission": commission}


@cache
def solved(shoe: str, information: str, commission: str) -> Solution:
    """The engine's equilibrium (its solver's, not read by these tests' brute force)."""
    game = load_game("chemin-de-fer")
    return equilibrium(SHOES[shoe][0], game, game.setting_values(settings(information, commission)))


def brute(shoe: str, information: str, commission: str) -> cb.Game:
    return cb.game(SHOES[shoe][1], information, commission)


# --- the brute force, checked by hand and against explicit cards ------------------------------

#: Two fives and four kings: the fives' places among the six positions (P, B, P, B, then the
#: third cards) are the 15 equally likely placements, each 48 of the 720 sequences.
BY_HAND = {"5S": 1, "5H": 1, "KS": 1, "KH": 1, "KD": 1, "KC": 1}


def test_the_brute_force_by_hand_on_a_six_card_shoe():
    """Worked by hand, placement by placement (x: the Player draws on 5; y at a Banker state):
    a five to the Player and the other fourth-or-later: at positions 0/2 and 4, drawing ties,
    standing wins unless the Banker (0, stood) draws (a 5: tie): 2 (1 - x)(1 - y(0, stood));
    at 0/2 and 5: drawing wins unless the Banker (0, third 0) draws, standing wins:
    2 (x (1 - y(0, 0)) + 1 - x); a five to the Banker at 1/3, the other at 5: the Player draws
    a 0 and loses unless the Banker (5, third 0) draws: -2 (1 - y(5, 0)); both at 4 and 5:
    the Player draws the 5 and wins unless the Banker (0, third 5) draws: 1 - y(0, 5); every
    other placement ties whatever anyone does. Over 15: with x = 1/2, y(0, stood) = 1/3,
    y(0, 0) = 1/4, y(5, 0) = 0, y(0, 5) = 1 the Player's result is (2/3 + 7/4 - 2)/15 = 1/36;
    the Banker's, winning only at 1/3 and 5, (2 x 19/20 - 29/12)/15 = -31/900 with the
    commission, -1/36 without."""
    player = {(5,): Fraction(1, 2)}
    banker = {**dict.fromkeys(cb.banker_states("totals"), Fraction(1)),
              (0, None): Fraction(1, 3), (0, 0): Fraction(1, 4), (5, 0): Fraction(0)}
    shoe = cb.from_cards(BY_HAND)
    assert cb.evaluate(cb.game(shoe, "totals", "5%"), player, banker) == (
        Fraction(1, 36), Fraction(-31, 900))
    assert cb.evaluate(cb.game(shoe, "totals", "0%"), player, banker) == (
        Fraction(1, 36), Fraction(-1, 36))
    assert cb.rounds(shoe) == cb.explicit_rounds(BY_HAND)


@pytest.mark.parametrize("counts", [BY_HAND, {"9D": 1, "8S": 1, "5S": 2, "KH": 1, "4C": 1,
                                              "AS": 1, "6H": 1, "3D": 1}], ids=["by-hand", "nine"])
def test_the_value_sequences_weigh_as_explicit_cards(counts):
    """Every round's weight from the point values' removal weights equals its count of
    explicit six-card permutations (naturals, each side's choices both ways)."""
    assert cb.rounds(cb.from_cards(counts)) == cb.explicit_rounds(counts)


def test_drawing_on_five_against_the_tableau_is_punto_banco_by_the_first_brute_force():
    """The Player drawing on 5 and the Banker playing the casino tableau deal punto banco:
    the same explicit hands, the same ways, as tests/bruteforce.py (written apart)."""
    counts = SMALL["nines-and-sixes"]
    mine = cb.card_rounds(counts, cb.always("totals", True), cb.tableau("totals"))
    theirs: dict[tuple[tuple[str, ...], tuple[str, ...]], int] = {}
    for outcome, ways in bf.card_rounds(counts, "punto-banco", bf.always_hit):
        hands = (tuple(outcome["player_hand"]), tuple(outcome["banker_hand"]))
        theirs[hands] = theirs.get(hands, 0) + ways
    assert mine == theirs


def test_the_infinite_deck_is_one_deck_dealt_with_replacement():
    """13^6 sequences (each way of playing the choices adds up to them: ``check_weights``);
    a pure strategy's report on ``--decks infinite`` (the engine's) is the brute force's
    value with replacement."""
    assert cb.INFINITE.sequences == 13 ** 6
    cb.check_weights(cb.INFINITE, cb.rounds(cb.INFINITE))
    g = brute("infinite", "totals", "5%")
    for strategy, draws in (("hit", True), ("stand", False)):
        report = game_report("chemin-de-fer", shoe=Shoe.infinite(), strategy=strategy)
        assert tuple(b.expected_value for b in report.bets) == cb.evaluate(
            g, cb.always("totals", draws), cb.tableau("totals"))


# --- Kemeny and Snell (1957) --------------------------------------------------------------------

def test_kemeny_snell_1957_the_player_draws_on_five_with_probability_9_11():
    """Infinite deck, totals known, no commission: the Player draws on 5 with probability
    exactly 9/11 (Kemeny and Snell). The Banker's mixing found (ours, by the solver and by the
    brute force's enumeration of every equilibrium, not a published figure): he follows the
    casino tableau everywhere but at 6 against a Player who stood, where he draws with
    probability 859/2288; the value of the game, the Banker's, is 679568/53094899. The
    equilibrium is the only one (every equilibrium enumerated by the brute force)."""
    solution = solved("infinite", "totals", "0%")
    found = solution.equilibria[0]
    assert found.player == {(5,): Fraction(9, 11)}, KEMENY_SNELL_1957
    every = cb.every_equilibrium(brute("infinite", "totals", "0%"))
    assert every.unique and not every.idle
    ((p, banker),) = every.points
    assert p == Fraction(9, 11) and found.banker == banker
    tableau = cb.tableau("totals")
    assert {s: q for s, q in banker.items() if q != tableau[s]} == {(6, None): Fraction(859, 2288)}
    assert solution.unique
    g = brute("infinite", "totals", "0%")
    assert solution.values == cb.evaluate(g, found.player, found.banker) == (
        Fraction(-679568, 53094899), Fraction(679568, 53094899))
    assert cb.exploitability(g, found.player, found.banker) == 0
    shown = json.loads(ok("strategy", "chemin-de-fer", "--decks", "infinite", "--set",
                          "commission=0%", "--format", "json"))
    assert shown["player"] == [{"state": [5], "draws": "9/11"}] and shown["unique"] is True
    assert shown["banker_value"] == "679568/53094899"


# --- 6 and 8 decks, each information model, with and without the commission ---------------------

CASES = [(shoe, information, commission) for shoe in ("6 decks", "8 decks")
         for information in cb.INFORMATION for commission in ("5%", "0%")]


def _case_id(case: tuple[str, str, str]) -> str:
    return "/".join(case)


def check_equilibrium(shoe: str, information: str, commission: str) -> Solution:
    """The solver's equilibrium against the brute force: each side's states are the brute
    force's (every state reached); switching any state of either side to always draw or to
    always stand does not raise that side's own result, a mixed state is indifferent
    (NashConv exactly zero); the values are the brute force's."""
    solution = solved(shoe, information, commission)
    found = solution.equilibria[0]
    g = brute(shoe, information, commission)
    reached = {key[0] for key in g.table if key[0]}, {key[2] for key in g.table if key[2]}
    assert reached[0] <= set(found.player) <= set(cb.player_states(information))
    assert reached[1] <= set(found.banker) <= set(cb.banker_states(information))
    values = cb.evaluate(g, found.player, found.banker)
    assert solution.values == values
    for index, (side, own) in enumerate(((cb.PLAYER, found.player), (cb.BANKER, found.banker))):
        for state, value in cb.state_values(g, side, found.player, found.banker).items():
            assert value.draw <= values[index] and value.stand <= values[index], (side, state)
            if 0 < own[state] < 1:
                assert value.draw == value.stand == values[index], (side, state)
    assert cb.exploitability(g, found.player, found.banker) == 0
    return solution


@pytest.mark.slow
@pytest.mark.parametrize("shoe, information, commission", CASES, ids=map(_case_id, CASES))
def test_no_pure_deviation_gains_against_the_equilibrium(shoe, information, commission):
    """Issue 40's proof for 6 and 8 decks: NashConv exactly zero by the brute force; the
    values `exact-odds strategy` prints (its data) are the brute force's; each mixed state's
    switch evaluated again literally (the whole round, the dicts changed)."""
    solution = check_equilibrium(shoe, information, commission)
    found = solution.equilibria[0]
    g = brute(shoe, information, commission)
    for state, p in found.player.items():
        if 0 < p < 1:
            for draws in (Fraction(0), Fraction(1)):
                assert cb.evaluate(g, {**found.player, state: draws}, found.banker)[0] == solution.values[0]
    for state, p in found.banker.items():
        if 0 < p < 1:
            for draws in (Fraction(0), Fraction(1)):
                assert cb.evaluate(g, found.player, {**found.banker, state: draws})[1] == solution.values[1]
    data = strategy_report("chemin-de-fer", shoe=SHOES[shoe][0],
                           settings=settings(information, commission)).to_dict()
    assert (Fraction(data["player_value"]), Fraction(data["banker_value"])) == solution.values
    assert {tuple(row["state"]): Fraction(row["draws"]) for row in data["banker"]} == found.banker


def report_cases() -> list[object]:
    """Each case (slow): the report under the equilibrium."""
    return [pytest.param(*case, id=_case_id(case), marks=[pytest.mark.slow]) for case in CASES]


@pytest.mark.parametrize("shoe, information, commission", report_cases())
def test_the_report_under_the_equilibrium_is_the_brute_force_value(shoe, information, commission):
    """`report chemin-de-fer`: both bets' expected values under the equilibrium (mixed choices
    counted exactly) are the brute force's under the solver's strategies."""
    found = solved(shoe, information, commission).equilibria[0]
    report = game_report("chemin-de-fer", shoe=SHOES[shoe][0],
                         settings=settings(information, commission))
    assert report.strategy == "equilibrium"
    assert tuple(b.expected_value for b in report.bets) == cb.evaluate(
        brute(shoe, information, commission), found.player, found.banker)


def test_the_report_with_the_banker_seeing_his_cards_on_the_infinite_deck(tmp_path):
    """The same on the infinite deck, in the fast loop, and a Banker who mixes at one state
    of his cards alone. Found by these tests: where the Banker mixed at (0, 6, stood), the
    report played that probability at every two-card 6 against a Player who stood (1-5, 2-4,
    3-3, 7-9, 8-8; his stood column was read from his total alone). Here he mixes at (0, 6,
    stood) only, by a strategy file; the report is the brute force's value of that play, not
    of the spread one."""
    found = solved("infinite", "banker-cards", "5%").equilibria[0]
    g = brute("infinite", "banker-cards", "5%")
    report = game_report("chemin-de-fer", shoe=Shoe.infinite(), settings=settings("banker-cards", "5%"))
    assert tuple(b.expected_value for b in report.bets) == cb.evaluate(g, found.player, found.banker)
    sixes = [s for s in found.banker if s[2] is None and (s[0] + s[1]) % 10 == 6]
    one = {**found.banker, **dict.fromkeys(sixes, Fraction(0)), (0, 6, None): Fraction(859, 1144)}
    spread = {**one, **dict.fromkeys(sixes, one[(0, 6, None)])}
    path = tmp_path / "strategy.yaml"
    path.write_text(json.dumps({
        "player": {"5": str(found.player[(5,)])},
        "banker": {f"{a},{b},{'stood' if x is None else x}": str(p) for (a, b, x), p in one.items()}}))
    played = game_report("chemin-de-fer", shoe=Shoe.infinite(), strategy=str(path),
                         settings=settings("banker-cards", "5%"))
    values = tuple(b.expected_value for b in played.bets)
    assert values == cb.evaluate(g, found.player, one)
    assert values != cb.evaluate(g, found.player, spread)


@pytest.mark.slow
@pytest.mark.parametrize("shoe, information, commission", CASES, ids=map(_case_id, CASES))
def test_the_equilibrium_is_unique_as_the_solver_says(shoe, information, commission):
    """Where the Player has one state (totals, banker-cards): every equilibrium enumerated
    exactly by the brute force (commission or not): one, the solver's. Where he sees his
    cards (both-cards): every choice the equilibrium makes purely is strictly best, and each
    side's mixing probability is the only one that leaves the other side's mixed state
    indifferent. Without the commission (zero-sum: equilibria are interchangeable) that
    proves the equilibrium unique; with it, only that no other equilibrium has the same
    states mixing (the brute force does not search other supports there)."""
    solution = solved(shoe, information, commission)
    found = solution.equilibria[0]
    g = brute(shoe, information, commission)
    assert solution.unique and not solution.degenerate
    if information != "both-cards":
        every = cb.every_equilibrium(g)
        assert every.unique and not every.idle
        assert every.points == ((found.player[(5,)], found.banker),)
        return
    assert cb.strict_elsewhere(g, found.player, found.banker) == []
    for side, own in ((cb.PLAYER, found.player), (cb.BANKER, found.banker)):
        mixed = {s: p for s, p in own.items() if 0 < p < 1}
        assert mixed and cb.pinned_mixing(g, side, found.player, found.banker) == mixed


@pytest.mark.slow
@pytest.mark.parametrize("shoe, information, commission", CASES, ids=map(_case_id, CASES))
def test_the_reference_values_are_the_brute_force_best_answers(shoe, information, commission):
    """`strategy`'s reference lines: the Player always drawing (or always standing) on 5 and
    the Banker's best answer, his strategy and both values, as the brute force finds them (no
    state where the Banker is indifferent, so his answer is the only one)."""
    report = strategy_report("chemin-de-fer", shoe=SHOES[shoe][0],
                             settings=settings(information, commission))
    g = brute(shoe, information, commission)
    assert [r.player_draws for r in report.references] == [True, False]
    for reference in report.references:
        player = cb.always(information, reference.player_draws)
        banker = cb.best_answer(g, cb.BANKER, player, cb.tableau(information))
        assert reference.banker == banker
        assert reference.values == cb.evaluate(g, player, banker)


# --- small shoes: equilibria that are not unique -----------------------------------------------

def small_cases() -> list[object]:
    cases = []
    for shoe in SMALL:
        for information in cb.INFORMATION:
            for commission in ("5%", "0%"):
                marks: list[pytest.MarkDecorator] = []
                if (shoe, information, commission) != ("ten-cards", "totals", "5%"):
                    marks.append(pytest.mark.slow)
                cases.append(pytest.param(shoe, information, commission, marks=marks,
                                          id=f"{shoe}/{information}/{commission}"))
    return cases


@pytest.mark.parametrize("shoe, information, commission", small_cases())
def test_small_shoes_equilibrium_and_uniqueness_by_the_brute_force(shoe, information, commission):
    """On small shoes: NashConv zero, and the solver's word on uniqueness against the brute
    force's: where the Player has one state, 'unique' exactly when the brute force enumerates
    one equilibrium, the states the solver leaves free being ones whose choice changes
    nobody's result (the brute force's idle states); with his cards, not unique where a
    pure choice is not strictly best."""
    solution = check_equilibrium(shoe, information, commission)
    found = solution.equilibria[0]
    g = brute(shoe, information, commission)
    if information != "both-cards":
        every = cb.every_equilibrium(g)
        if solution.unique:
            assert every.unique
        if every.unique:
            ((p, banker),) = every.points
            assert found.player[(5,)] == p
            assert banker == {s: q for s, q in found.banker.items() if s in banker}
            free = {literal_eval(name.split(" ", 1)[1]) for name in solution.degenerate}
            assert free <= set(every.idle)
        else:
            assert not solution.unique
    elif cb.strict_elsewhere(g, found.player, found.banker):
        assert not solution.unique


@pytest.mark.parametrize("commission, ends", [("5%", (Fraction(33, 104), Fraction(1, 3))),
                                               ("0%", (Fraction(5, 16), Fraction(1, 3)))])
def test_an_interval_of_equilibria(commission, ends):
    """A shoe where every probability of the Player's drawing on 5 over a range is an
    equilibrium (the Banker's play the same all along). Found by these tests: the solver
    raised 'no equilibrium found' here (its supports were isolated points only). Now it
    lists the range's ends and says so; the brute force's equilibria, each end and the
    middle checked as an equilibrium (NashConv zero)."""
    g = brute("nines-and-sixes", "banker-cards", commission)
    every = cb.every_equilibrium(g)
    assert every.intervals == (ends,)
    assert [p for p, _ in every.points] == list(ends)
    solution = equilibrium(SHOES["nines-and-sixes"][0], load_game("chemin-de-fer"),
                           settings("banker-cards", commission))
    assert [(state, low, high) for state, low, high in solution.intervals] == [
        ("Player (5,)", *ends)]
    assert not solution.unique
    assert [e.player[(5,)] for e in solution.equilibria] == list(ends)
    for found in solution.equilibria:
        assert cb.exploitability(g, found.player, found.banker) == 0
    middle = cb.best_answer(g, cb.BANKER, {(5,): sum(ends) / 2}, cb.tableau("banker-cards"),
                            on_tie=False)
    for p, banker in [*every.points, (sum(ends) / 2, middle)]:
        assert banker is not None
        assert cb.exploitability(g, {(5,): p}, {**middle, **banker}) == 0


# --- every command: simulate's determinism, its rounds and values; the infinite deck elsewhere ---

def simulated(*args: str) -> str:
    return ok("simulate", "chemin-de-fer", "--shoes", "2", "--workers", "1", "--play", "flat",
              "--format", "json", *args)


def test_the_simulation_is_determined_by_its_seed():
    """The same seed deals the same shoes and draws the same mixed choices: the same output;
    another seed another."""
    first = simulated("--seed", "7")
    assert simulated("--seed", "7") == first
    assert json.loads(simulated("--seed", "8"))["bets"] != json.loads(first)["bets"]


def traced_rounds(tmp_path, information: str) -> list[dict[str, object]]:
    import polars as pl

    path = tmp_path / "rounds.parquet"
    ok("simulate", "chemin-de-fer", "--shoes", "1", "--workers", "1", "--play", "flat",
       "--seed", "3", "--set", f"information={information}", "--trace", str(path))
    return list(pl.read_parquet(path).iter_rows(named=True))


def check_traced(rows: list[dict[str, object]], information: str) -> None:
    """Each traced round dealt by the rules in words and by the equilibrium of the shoe as it
    starts (a choice the equilibrium makes purely always made so; naturals end the round; the
    Player draws on 0-4, stands on 6-7), settled by the pays in words (Player 1 to 1; Banker
    19 to 20; ties 0); the first rounds' exact values the brute force's on the unseen cards."""
    found = solved("6 decks", information, "5%").equilibria[0]
    for row in rows:
        player = [cb.point(c) for c in row["player_cards"]]
        banker = [cb.point(c) for c in row["banker_cards"]]
        two = (sum(player[:2]) % 10, sum(banker[:2]) % 10)
        if max(two) >= 8:
            assert len(player) == len(banker) == 2
        else:
            p_state = cb.player_state((min(player[:2]), max(player[:2])), information)
            drew = len(player) == 3
            x = found.player[p_state] if two[0] == 5 else Fraction(int(two[0] < 5))
            assert 0 < x < 1 or drew == (x == 1), (row, p_state, x)
            b_state = cb.banker_state((min(banker[:2]), max(banker[:2])),
                                      player[2] if drew else None, information)
            q = found.banker[b_state]
            assert 0 < q < 1 or (len(banker) == 3) == (q == 1), (row, b_state, q)
        p, b = sum(player) % 10, sum(banker) % 10
        assert Fraction(str(row["player_units"])) == (1 if p > b else -1 if b > p else 0)
        assert Fraction(str(row["banker_units"])) == (Fraction(19, 20) if b > p else -1 if p > b else 0)
    for row in rows[:2]:
        g = cb.game(cb.ValueShoe(tuple(row["unseen"])), information, "5%")
        assert (Fraction(str(row["player_ev"])), Fraction(str(row["banker_ev"]))) == cb.evaluate(
            g, found.player, found.banker)


@pytest.mark.slow
def test_the_simulation_deals_and_values_rounds_by_the_equilibrium(tmp_path):
    """`simulate chemin-de-fer --trace` (6 decks, totals): every round as check_traced says."""
    check_traced(traced_rounds(tmp_path, "totals"), "totals")


@pytest.mark.slow
def test_the_simulation_with_the_banker_seeing_his_cards(tmp_path):
    """The same with information=banker-cards: the Banker's mixed choice at (0, 6, stood)
    drawn at that state alone, not at every two-card 6 against a Player who stood (as it was
    before the stood column was read from his cards), and the exact values the
    equilibrium's."""
    check_traced(traced_rounds(tmp_path, "banker-cards"), "banker-cards")


def test_the_infinite_deck_is_refused_where_a_finite_shoe_is_dealt():
    """`eor` deals a finite shoe: `--decks infinite` is one Error: line."""
    one_error_line(run("eor", "chemin-de-fer", "--decks", "infinite"), "--decks", "infinite")


@pytest.mark.parametrize("strategy, said", [
    ("optimal", "the Player's choice on 5: optimal; the Banker's: house-way"),
    ("hit", "the Player's choice on 5: hit; the Banker's: house-way"),
    ("house-way", "the Player's choice on 5 and the Banker's: house-way"),
    ("equilibrium", "the Player's choice on 5 and the Banker's: equilibrium"),
    ({"banker": {"6, stood": "draw"}}, "the Player's choice on 5: house-way; the Banker's: file"),
])
def test_the_rules_line_says_how_each_side_plays(tmp_path, strategy, said):
    """Each side's play named as it is played: under optimal (the Player's best answer to
    the casino tableau), hit or stand the Banker keeps the house way; a file naming only the
    Banker plays his states from it. Once one name stood for both ("the Player's choice on 5
    and the Banker's: optimal", the Banker playing the tableau)."""
    if isinstance(strategy, dict):
        path = tmp_path / "banker.yaml"
        path.write_text(json.dumps(strategy))
        strategy = str(path)
    report = game_report("chemin-de-fer", decks=1, strategy=strategy, bets=["player"])
    assert report.rules.describe() == f"Chemin de fer ({said})"


def test_a_batch_row_is_the_report_of_its_shoe_under_its_own_equilibrium(tmp_path):
    """`batch chemin-de-fer`: each row's values are those `report --remove` gives that shoe,
    under that shoe's own equilibrium (as `--strategy optimal` is each shoe's own best play).
    Every row was played by the full shoe's equilibrium, silently: a row of 10 cards out of
    8 decks gave the Player -0.0129374283, the report of that shoe -0.0129375397."""
    removed = ["", "AS TC 7D 2D 6D TH 9D 3S AH 4S", "5S 5H 5D 5C 6S 6H"]
    shoes = tmp_path / "shoes.csv"
    shoes.write_text("removed\n" + "".join(f'"{row}"\n' for row in removed))
    rows = json.loads(ok("batch", "chemin-de-fer", str(shoes), "--decks", "1", "--format",
                         "json", "--workers", "1"))["rows"]
    for row, cards in zip(rows, removed):
        report = game_report("chemin-de-fer", decks=1, remove=tuple(cards.split()))
        assert {bet: Fraction(row[bet]) for bet in ("player", "banker")} == {
            bet.id: bet.expected_value for bet in report.bets}, cards


def test_one_equilibrium_found_among_many_is_said_in_words(tmp_path):
    """A shoe of six kings: the Banker's (0, 0) is indifferent, so the equilibrium is not
    unique, though one is found: the text said "1 equilibria found" and "the first
    equilibrium ... is shown"."""
    shoe = tmp_path / "kings.yaml"
    shoe.write_text("decks: 0\ncounts: {KS: 6}\n")
    text = ok("strategy", "chemin-de-fer", "--shoe", str(shoe))
    assert "The equilibrium is not unique: 1 equilibrium found;" in text
    assert "equilibria found" not in text and "the first equilibrium" not in text


def test_a_game_with_a_pay_changed_has_its_own_equilibrium(tmp_path):
    """The equilibrium is remembered per game; a game with a pay changed (Game.with_pay:
    solve's replays, compare, the widget) keeps the file's path and id, and was given the
    original's equilibrium: the Banker at 9 to 10, after the game at 19 to 20, -3.2492%
    where a file saying 9 to 10 gives -3.2489%. Each is now the equilibrium of its pays."""
    event = "Banker wins (5% commission)"
    game = load_game("chemin-de-fer")
    edited = game.with_pay("banker", event, "9 to 10")
    path = tmp_path / "nine-to-ten.yaml"
    path.write_text(Path(game.path).read_text(encoding="utf-8").replace(
        '"19 to 20"}', '"9 to 10"}'), encoding="utf-8")
    written = game_report(str(path), decks=1, bets=["banker"]).bet("banker").expected_value
    game_report(game, decks=1)  # the original's equilibrium first
    assert game_report(edited, decks=1, bets=["banker"]).bet("banker").expected_value == written
    assert written == -Fraction(713083056557, 21948265930500)


def test_a_pay_solved_where_the_equilibrium_mixes_is_one_error_line():
    """`solve` replays each pay tried; where the equilibrium mixes it moves with the pay and
    the pays tried grow past what a pay may hold: one Error: line saying so (it gave an
    'exact pay' played by the original pays' equilibrium, 0.99999667% at the target 1%)."""
    one_error_line(run("solve", "chemin-de-fer", "banker", "--event",
                       "Banker wins (5% commission)", "--edge", "1%", "--decks", "1"),
                   "Banker wins (5% commission)", "not reached exactly", "equilibrium")


# --- strategy files (--strategy FILE) -------------------------------------------------------

#: A strategy of one's own: the Player mixing on 5, the Banker mixing at two states and
#: leaving the tableau at two others; every state not named is played the tableau's way.
STRATEGY_FILE = """\
player:
  "5": 3/7
banker:
  "6, stood": 1/3
  "3, 8": draw
  "5, 4": stand
  "0, 9": 0.25
"""


@pytest.mark.parametrize("commission", ["5%", "0%"])
def test_a_strategy_file_is_played_as_the_brute_force_plays_it(tmp_path, commission):
    """`report --strategy FILE`: both bets' exact values are the brute force's under the
    file's strategies (the tableau at every state the file does not name)."""
    path = tmp_path / "mine.yaml"
    path.write_text(STRATEGY_FILE, encoding="utf-8")
    banker = {**cb.tableau("totals"), (6, None): Fraction(1, 3), (3, 8): Fraction(1),
              (5, 4): Fraction(0), (0, 9): Fraction(1, 4)}
    want = cb.evaluate(brute("ten-cards", "totals", commission), {(5,): Fraction(3, 7)}, banker)
    shown = json.loads(ok("report", "chemin-de-fer", "--shoe", str(shoe_file(tmp_path)),
                          "--strategy", str(path), "--set", f"commission={commission}",
                          "--format", "json"))
    assert tuple(Fraction(bet["expected_value"]) for bet in shown["bets"]) == want


def shoe_file(tmp_path):
    """The small shoe "ten-cards" as a shoe file."""
    path = tmp_path / "ten-cards.yaml"
    counts = ", ".join(f"{card}: {n}" for card, n in SMALL["ten-cards"].items())
    path.write_text(f"decks: 0\ncounts: {{{counts}}}\n", encoding="utf-8")
    return path


@pytest.mark.parametrize("game, information, text, words", [
    # a state no deal shows: two cards high first, 'stood' for a card that is never missing
    ("chemin-de-fer", "both-cards", 'player:\n  "5,0": stand\n', ["'5,0'", "low first", "0,5"]),
    ("chemin-de-fer", "both-cards", 'banker:\n  "6,0,stood": stand\n', ["'6,0,stood'", "0,6"]),
    ("lucky-draw", "cards", 'player:\n  "4,3,5": draw\n', ["'4,3,5'", "low first", "3,4"]),
    ("lucky-draw", "cards", 'player:\n  "3,4,stood": draw\n', ["dealer_up", "stood"]),
    ("chemin-de-fer", "totals", 'player:\n  "stood": draw\n', ["player_two_card_total"]),
    # a digit Python's int() does not read (a traceback once)
    ("chemin-de-fer", "totals", 'player:\n  "\u00b2": draw\n', ["state", "point value"]),
    # no side named: every state would be played the house way, silently
    ("chemin-de-fer", "totals", "format: json\n", ["neither player: nor banker:"]),
    ("chemin-de-fer", "totals", "player: [1, 2]\n", ["entry 1", "state:", "draws:"]),
    # past the limit of mixed states: each one doubles the work (thirteen took minutes)
    ("chemin-de-fer", "totals", "banker:\n" + "".join(
        f'  "{total}, {third}": 1/2\n' for total in range(4) for third in ("stood", 0, 1, 2)),
     ["16 states", "past the limit"]),
], ids=["player-cards-high-first", "banker-cards-high-first", "bettor-cards-high-first",
        "stood-for-the-up-card", "stood-for-a-total", "superscript-two", "no-side",
        "entries-not-mappings", "mixed-past-the-limit"])
def test_a_strategy_file_no_deal_can_play_is_one_error_line(tmp_path, game, information,
                                                            text, words):
    """A strategy file is checked against the rules: a state no deal can show, a file that
    names no side, one past the limits is refused in one line naming the file, never played
    silently as the house way (issue 44's hunt, round five)."""
    path = tmp_path / "strategy.yaml"
    path.write_text(text, encoding="utf-8")
    one_error_line(run("report", game, "--decks", "1", "--strategy", str(path), "--set",
                       f"information={information}"), "strategy.yaml", *words)
