"""Compiled tables against the independent brute force, and the batch evaluator's expected
values against the report's.

A compiled table counts every class sequence a round can deal by (outcome, multiset of
classes); evaluated at small shoes it must give the brute force's counts (tests/bruteforce.py,
explicit cards), under the tableau and the 21st Century rules. The batch evaluator folds
each bet's pays into such a table; its expected values must equal the report's for every
bet of every built-in game, the optimal play shoe by shoe, a setting and a pay of a million
to one. The integer bounds are tested at their edge: the largest shoe whose six-card
sequences fit in int64 (about 27 decks) and the first that does not.
"""

from __future__ import annotations

from collections import defaultdict
from fractions import Fraction
from functools import cache

import bruteforce as bf
import numpy as np
import pytest
from catalogue import rules, shoes

from exact_odds.analysis.report import game_report
from exact_odds.batch.evaluator import BatchEvaluator
from exact_odds.batch.result import BatchError
from exact_odds.cards import DECK
from exact_odds.engine.compiled import compiled_counts
from exact_odds.engine.enumerator import falling
from exact_odds.games.loader import builtin_games, load_game
from exact_odds.shoe import Shoe


def random_shoes(count: int, seed: int, decks: int = 8, most: int = 300) -> list[Shoe]:
    """Shoes partly dealt at random: from a few cards to most of the shoe gone."""
    rng = np.random.default_rng(seed)
    shoes = []
    for _ in range(count):
        cards = np.repeat(np.arange(52), decks)
        gone = rng.choice(len(cards), int(rng.integers(0, most)), replace=False)
        counts = np.full(52, decks)
        np.subtract.at(counts, cards[gone], 1)
        shoes.append(Shoe(tuple(int(c) for c in counts)))
    return shoes


COLUMN_SETS = [
    ("winner",),
    ("player_total", "banker_total", "player_cards", "banker_cards"),
    ("player_third", "banker_third", "margin"),
    ("player_pair", "banker_pair_same_colour"),
    ("nines", "nines_same_suit", "nines_of_diamonds"),
    ("player_pair", "player_third"),
    ("sevens_dealt", "tie"),
    ("tens_dealt", "banker_wins"),
    ("dealer_up", "player_low_card", "player_high_card", "banker_two_card_total"),
]

#: Small shoes: repeated cards, nines of several suits, pairs, pictures and tens, a missing value
SHOES = shoes("nines-and-pairs", "sevens")

#: (the engine's rules, the brute force's rules and decision on 5)
RULES = rules("punto-banco", "21c-stand")


@cache
def brute_rounds(shoe: str, rules: str) -> tuple[tuple[dict, int], ...]:
    _, brute_rules, decide = RULES[rules]
    return tuple(bf.card_rounds(SHOES[shoe], brute_rules, decide))


#: in the fast test loop: the round played, a deal column with it, a card column with it
FAST = {("winner",), ("player_pair", "player_third"), ("sevens_dealt", "tie")}


@pytest.mark.parametrize("rules", list(RULES))
@pytest.mark.parametrize("columns", [
    c if c in FAST else pytest.param(c, marks=pytest.mark.slow) for c in COLUMN_SETS],
    ids="+".join)
def test_compiled_counts_equal_the_brute_force(columns, rules):
    table = compiled_counts(columns, RULES[rules][0])
    for shoe in SHOES:
        brute: dict[tuple, int] = defaultdict(int)
        for outcome, ways in brute_rounds(shoe, rules):
            brute[tuple(outcome[name] for name in columns)] += ways
        assert table.counts(Shoe.from_counts(SHOES[shoe])) == brute


def test_columns_too_fine_are_not_compiled():
    with pytest.raises(ValueError, match="too many card classes"):
        compiled_counts(("red_cards_dealt", "tie"))


def _agree(evaluator: BatchEvaluator, shoes: list[Shoe], strategy: str | None = None) -> None:
    result = evaluator.evaluate(np.array([shoe.counts for shoe in shoes]))
    for row, shoe in enumerate(shoes):
        report = game_report(evaluator.game, shoe=shoe, bets=evaluator.bet_ids,
                             strategy=strategy, settings=evaluator.settings)
        for bet in report.bets:
            assert result.fraction(bet.id, row) == bet.expected_value, (row, bet.id)


@pytest.mark.parametrize("game", builtin_games())
def test_batch_equals_the_report_for_every_bet(game):
    """Every bet of every built-in game on two shoes dealt at random, 40 and 183 cards gone:
    several rows evaluated at once, on shoes whose classes are uneven. (Every bet of every
    game, setting and play is also valued by the batch path on small shoes and on 8 decks in
    test_settlement.py; two more random shoes here cost a report each and ran the same code.)"""
    _agree(BatchEvaluator(game), random_shoes(2, seed=11))


@pytest.mark.slow  # compiles the 21st Century tables
def test_batch_optimal_play_is_chosen_shoe_by_shoe():
    """Each shoe gets its own best play on 5, as the report's optimal strategy does: the
    player line the play is chosen for, and the dealer line settled on the same choice.
    (Every other bet under the optimal play is valued by the batch path in
    test_settlement.py, on small shoes and on 8 decks; here the claim is the choice shoe
    by shoe, and folding the side bets too cost five times as much.)"""
    evaluator = BatchEvaluator("21st-century", ("player", "dealer"), strategy="optimal")
    _agree(evaluator, random_shoes(2, seed=3, most=380), strategy="optimal")


def test_batch_with_a_setting():
    evaluator = BatchEvaluator("commission-free-dragon-bonus", settings={
        "natural_pays_margin": "true"})
    _agree(evaluator, random_shoes(2, seed=2))


def test_the_int64_edge_is_27_decks():
    """Every monomial is at most falling(N, 6): int64 holds it up to N = 1,450 cards,
    so a 27-deck shoe (1,404 cards) is evaluated in int64 and a 28-deck one (1,456) in
    Python integers; both must be exact."""
    from exact_odds.engine.plan import INT64_CARDS

    edge = INT64_CARDS
    assert falling(edge, 6) < 2**63 <= falling(edge + 1, 6)
    assert edge == 1450
    assert 27 * 52 <= edge < 28 * 52
    evaluator = BatchEvaluator("rock-bac", bets=("banker", "blazing-sevens"))
    at_edge = Shoe.from_decks(27)
    beyond = Shoe.from_decks(28)
    for shoe in (at_edge, beyond):
        _agree(evaluator, [shoe])


def test_a_huge_pay_is_split_into_limbs_without_overflow(tmp_path):
    """A pay of a million to one times eight decks' sequences exceeds 2**63: the
    coefficients are split so that every int64 sum stays in range, and the result is exact."""
    game = load_game("rock-bac").with_pay("blazing-sevens", "Three-card 7-7 tie", "1000000 to 1")
    evaluator = BatchEvaluator(game, bets=("blazing-sevens",))
    _agree(evaluator, random_shoes(2, seed=9))


def test_bad_rows_are_named():
    evaluator = BatchEvaluator("rock-bac", bets=("banker",))
    rows = np.full((3, 52), 8)
    rows[2, 5] = -1
    with pytest.raises(BatchError, match=f"row 2: the count of {DECK[5]} is negative"):
        evaluator.evaluate(rows)
    with pytest.raises(BatchError, match="row 0"):
        evaluator.evaluate(np.zeros((1, 52), dtype=np.int64))


def test_expected_values_are_reduced_fractions():
    result = BatchEvaluator("commission-free", bets=("banker",)).evaluate(np.full((1, 52), 8))
    assert result.fraction("banker", 0) == Fraction(-284694798368, 19524993263685)


def test_one_evaluator_shared_by_threads_gives_each_its_own_values():
    """A Dask worker runs ranges of shoes in several threads, each through the process's one
    evaluator: its reused buffer of monomial values is one per thread (a shared one gave a
    simulation's edges of -476%). Two threads each evaluate their own batches, over and
    over, at once; every result equals the batch evaluated alone."""
    from concurrent.futures import ThreadPoolExecutor

    import numpy as np

    from exact_odds import BatchEvaluator, Shoe

    full = np.array(Shoe.from_decks(8).counts)
    generator = np.random.default_rng(7)
    batches = []
    for _ in range(2):
        rows = np.tile(full, (200, 1))
        rows -= generator.integers(0, 5, size=rows.shape) * (rows > 4)
        batches.append(rows)
    evaluator = BatchEvaluator("rock-bac", bets=["tie", "super-six"])
    alone = [evaluator.evaluate(rows).numerators["tie"].copy() for rows in batches]

    def again(which: int) -> bool:
        return all(np.array_equal(evaluator.evaluate(batches[which]).numerators["tie"],
                                  alone[which]) for _ in range(15))

    with ThreadPoolExecutor(2) as pool:
        assert all(pool.map(again, [0, 1] * 2))
