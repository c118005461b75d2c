"""Compiled tables against the reference enumerator, count for count and bet by bet.

The compiled tables are the reference enumerator run once over symbolic counts; here they
are evaluated at many shoes and compared with the enumerator run on each shoe, and the
batch evaluator's expected values with the report's. The integer bounds are tested at
their edge: the largest shoe whose six-card sequences fit in int64 (about 27 decks) and
the first that does not.
"""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest

from exact_odds.analysis.report import game_report
from exact_odds.batch.evaluator import BatchError, BatchEvaluator
from exact_odds.cards import DECK
from exact_odds.engine.compiled import _max_int64_size, compiled_counts
from exact_odds.engine.enumerator import falling, outcome_counts
from exact_odds.games.loader import builtin_games, load_game
from exact_odds.rules import PUNTO_BANCO, rules_named
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
    ("dealer_up", "banker_two_card_total"),
]


@pytest.mark.slow  # a cross-check against the reference enumerator
@pytest.mark.parametrize("columns", COLUMN_SETS)
def test_compiled_counts_equal_the_enumerator(columns):
    table = compiled_counts(columns, PUNTO_BANCO)
    for shoe in random_shoes(3, seed=len(columns), decks=2, most=60):
        assert table.counts(shoe) == outcome_counts(shoe, columns)


def test_compiled_counts_under_21st_century_rules():
    rules = rules_named("21st-century", "stand")
    table = compiled_counts(("player_total", "banker_total", "dealer_up"), rules)
    for shoe in random_shoes(3, seed=5, decks=4, most=100):
        assert table.counts(shoe) == outcome_counts(shoe, table.columns, rules)


def _agree(evaluator: BatchEvaluator, shoes: list[Shoe], strategy: str | None = None) -> None:
    result = evaluator.evaluate(np.array([shoe.counts for shoe in shoes]))
    for row, shoe in enumerate(shoes):
        report = game_report(evaluator.game, shoe=shoe, bets=evaluator.bet_ids,
                             strategy=strategy, settings=evaluator.settings)
        for bet in report.bets:
            assert result.fraction(bet.id, row) == bet.expected_value, (row, bet.id)


@pytest.mark.parametrize("game", builtin_games())
def test_batch_equals_the_report_for_every_bet(game):
    _agree(BatchEvaluator(game), random_shoes(4, seed=11))


@pytest.mark.slow  # compiles the 21st Century tables (about 10 s)
def test_batch_optimal_play_is_chosen_shoe_by_shoe():
    """Each shoe gets its own best play on 5, as the report's optimal strategy does."""
    evaluator = BatchEvaluator("21st-century", strategy="optimal")
    _agree(evaluator, random_shoes(5, seed=3, most=380), strategy="optimal")


def test_batch_with_a_setting():
    evaluator = BatchEvaluator("commission-free-dragon-bonus", settings={
        "natural_pays_margin": "true"})
    _agree(evaluator, random_shoes(2, seed=2))


def test_the_int64_edge_is_27_decks():
    """Every monomial is at most falling(N, 6): int64 holds it up to N = 1,450 cards,
    so a 27-deck shoe (1,404 cards) is evaluated in int64 and a 28-deck one (1,456) in
    Python integers; both must be exact."""
    edge = _max_int64_size()
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
