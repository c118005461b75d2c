"""Issue 32: the best count at every level, checked against every count there is.

For levels 1 and 2, every tag vector over the ranks A, 2-9 and the ten-valued cards as one
(3**10 and 5**10 vectors) is scored here, with numpy, as a plain weighted Pearson
correlation in floats, for every built-in and extra bet whose effect of removal is not
zero: the derived count correlates exactly as well as the best of them, balanced (tags
summing to zero over the shoe) and unbalanced (any tags: its true count is taken against the
shoe's expected share, which correlation cannot tell from the balanced count it equals).
Where a bet tells the ten-valued ranks apart, the derived count (free to tag them apart)
correlates at least as well. Above level 2 the best correlation never falls from a level to
the next, a level never repeats a lower one, and each beats every published count of its
level (tests/test_countability_published.py names their sources).

Colour Match is not among the games: its one bet reads only the cards' colours, so every
effect of removal by rank is zero and it has no count to check. Each vector's sums are
scored once for every bet of a game and both balances (they depend only on the shoe), and
each bet's search at each level is run once for the tests that read it.
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache
from itertools import product
from pathlib import Path

import numpy as np
import pytest

from exact_odds.cards import RANKS
from exact_odds.countability.counts import DerivedCount, best_counts, betting_correlation

TABLES = Path(__file__).resolve().parent.parent / "tables"
GAMES = sorted(p for p in [*TABLES.glob("*.yaml"), *(TABLES / "extra").glob("*.yaml")]
               if p.stem != "colour-match")
TENS = ("T", "J", "Q", "K")


@cache
def _effects(path: Path) -> dict[str, tuple[dict[str, Fraction], dict[str, int]]]:
    """Every bet's exact effects of removal by rank for the game's full shoe."""
    from exact_odds.analysis.removal import effect_of_removal
    from exact_odds.analysis.report import game_report

    report = game_report(str(path))
    table = effect_of_removal(report, "rank")
    shoe = report.shoe
    weights = {rank: sum(shoe.counts[4 * r:4 * r + 4]) for r, rank in enumerate(RANKS)}
    return {bet.id: (dict(zip(table.labels, table.effects[bet.id])), weights)
            for bet in report.bets if any(table.effects[bet.id])}


@cache
def _searches(path: Path, bet_id: str, level: int) -> dict[bool, list[DerivedCount]]:
    """The search's best count of a bet at a level, balanced (True) and not, one after the
    other (they share the search's programme), once for every test reading them."""
    effects, weights = _effects(path)[bet_id]
    return {balanced: best_counts(effects, weights, level, balanced=balanced)
            for balanced in (True, False)}


def _best(path: Path, bet_id: str, level: int, balanced: bool) -> list[DerivedCount]:
    return _searches(path, bet_id, level)[balanced]


@cache
def _best_of_every_vector(path: Path, level: int) -> dict[tuple[str, bool], float]:
    """For every bet of the game and both balances (``(bet, balanced)``): the highest
    correlation of any tag vector in -level..level over A, 2-9 and the tens (one tag for
    the four), each scored as a weighted correlation over the cards; balanced, only the
    vectors whose tags sum to zero over the shoe."""
    bets = _effects(path)
    if not bets:
        return {}
    weights = next(iter(bets.values()))[1]  # one shoe: the same for every bet of the game
    groups = [[r] for r in RANKS[:9]] + [list(TENS)]
    w = np.array([sum(weights[r] for r in g) for g in groups], dtype=np.float64)
    total = w.sum()
    # a group's effect: its cards' mean effect (a group's tag times its weight times this
    # is the group's part of the covariance), one row per bet
    e = np.array([[float(sum(effects[r] * weights[r] for r in g)) / max(
        sum(weights[r] for r in g), 1) for g in groups] for effects, _ in bets.values()])
    e_mean = (e * w).sum(axis=1) / total
    # the effects' spread over every card, rank by rank (the tens may differ)
    var_e = np.array([sum(weights[r] * (float(effects[r]) - mean) ** 2 for r in RANKS)
                      for (effects, _), mean in zip(bets.values(), e_mean)])
    values = np.arange(-level, level + 1, dtype=np.float64)

    def sums(part: slice) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """For every tag vector of the groups ``part``: its sum, sum of squares and (one
        column per bet) sum against the effects less their mean (the covariance's part),
        each weighted by the groups' cards."""
        tags = np.array(list(product(values, repeat=len(w[part]))))
        s = tags @ w[part]
        return s, (tags * tags) @ w[part], tags @ (e[:, part] * w[part]).T - s[:, None] * e_mean

    # every vector is a head (the first five groups' tags) beside a tail (the last five's):
    # its sums are the head's plus the tail's, for every head and every tail
    head_s, head_v, head_a = sums(slice(0, 5))
    tail_s, tail_v, tail_a = sums(slice(5, None))
    best = np.full((len(bets), 2), -2.0)  # columns: unbalanced, balanced
    step = max(1, 2**20 // len(tail_s))  # heads at a time: about a million vectors
    for start in range(0, len(head_s), step):
        rows = slice(start, start + step)
        s = head_s[rows, None] + tail_s
        spread = head_v[rows, None] + tail_v - s * s / total
        # a constant vector (no spread) is scored 0: never above the best, which is at
        # least 0 since every vector's negation (balanced or not as it is) is scored too
        scale = np.where(spread > 1e-9, 1 / np.sqrt(np.maximum(spread, 1e-9)), 0.0)
        heads, tails = np.nonzero(np.abs(s) < 1e-9)  # the balanced vectors
        for b in range(len(bets)):
            if var_e[b] == 0:  # no card's removal moves the bet (Three Card Baccarat's
                best[b] = 0.0  # Player bet, by symmetry): no count correlates with it
                continue
            cov = head_a[rows, b, None] + tail_a[:, b]
            cov *= scale
            best[b, 0] = max(best[b, 0], float(cov.max()) / np.sqrt(var_e[b]))
            if len(heads):
                best[b, 1] = max(best[b, 1], float(cov[heads, tails].max()) / np.sqrt(var_e[b]))
    return {(bet_id, balanced): float(best[b, int(balanced)])
            for b, bet_id in enumerate(bets) for balanced in (False, True)}


@pytest.mark.slow
@pytest.mark.parametrize("level", [1, 2])
@pytest.mark.parametrize("balanced", [True, False], ids=["balanced", "unbalanced"])
@pytest.mark.parametrize("path", GAMES, ids=lambda p: p.stem)
def test_the_derived_count_is_the_best_of_every_count_of_its_level(path, level, balanced):
    for bet_id, (effects, _) in _effects(path).items():
        exhaustive = _best_of_every_vector(path, level)[bet_id, balanced]
        found = _best(path, bet_id, level, balanced)
        derived = found[0].correlation if found else 0.0
        if found:
            assert found[0].largest_tag <= level
            assert found[0].balance == 0 or not balanced
        if len({effects[r] for r in TENS}) == 1:
            assert derived == pytest.approx(max(exhaustive, 0.0), abs=1e-9), bet_id
        else:
            assert derived >= exhaustive - 1e-9, bet_id


@pytest.mark.parametrize("path", GAMES, ids=lambda p: p.stem)
def test_a_higher_level_never_correlates_worse_nor_repeats_a_lower_one(path):
    for bet_id, balanced in product(_effects(path), (True, False)):
        previous: Fraction | None = None
        keys: set[tuple[int, ...]] = set()
        for level in range(1, 7):
            found = _best(path, bet_id, level, balanced)
            if not found:
                continue
            best = found[0]
            assert best.largest_tag <= level
            if previous is not None:
                assert best.correlation_squared >= previous
                if best.correlation_squared == previous:
                    # no better count: the lower level's, in its own smallest tags (never
                    # a multiple of it)
                    assert best.largest_tag < level and (best.key() in keys or not balanced)
            previous = best.correlation_squared
            keys.add(best.key())


# --- the "9 over 7" bet of the issue: levels matter -----------------------------------------

NINE_OVER_SEVEN = {**dict.fromkeys(RANKS, Fraction(1, 1000)), "A": Fraction(0),
                   "7": Fraction(-5, 1000), "9": Fraction(-5, 1000)}


def test_levels_matter_on_a_bet_two_ranks_hurt_five_times_as_much():
    """The hand-written level-5 count of issue 32, {7: -5, 9: -5, every other rank but the
    ace +1}, tracks this bet exactly; level 5 finds it (or one as good), and the levels
    below are not multiples of level 1."""
    weights = dict.fromkeys(RANKS, 32)
    by_hand = {**dict.fromkeys(RANKS, 1), "A": 0, "7": -5, "9": -5}
    sign, square = betting_correlation(NINE_OVER_SEVEN, weights, by_hand)
    assert sign == 1 and square == 1
    level5 = best_counts(NINE_OVER_SEVEN, weights, 5)[0]
    assert level5.correlation_squared == 1 and level5.balance == 0
    squares = [best_counts(NINE_OVER_SEVEN, weights, k)[0].correlation_squared
               for k in range(1, 6)]
    assert squares == sorted(squares) and squares[0] < squares[-1]
    level1 = best_counts(NINE_OVER_SEVEN, weights, 1)[0]
    for k in (2, 3, 4):
        count = best_counts(NINE_OVER_SEVEN, weights, k)[0]
        if count.correlation_squared > level1.correlation_squared:
            assert count.key() != level1.key()


def test_a_one_rank_count_tracks_a_pair_of_kings_unbalanced():
    """Issue 32: a bet on a pair of kings is tracked exactly by counting kings, an unbalanced
    one-rank count (its true count against the shoe's expected share); a balanced count of
    level 1 cannot (it would need a tag of 12)."""
    effects = {**dict.fromkeys(RANKS, Fraction(1, 10**6)), "K": Fraction(-12, 10**6)}
    weights = dict.fromkeys(RANKS, 32)
    (kings,) = best_counts(effects, weights, 1, balanced=False)
    assert kings.tags == {**dict.fromkeys(RANKS, 0), "K": -1}
    assert kings.correlation_squared == 1 and kings.balance == -32
    assert kings.played() == ((1,) * 12 + (-12,), Fraction(1, 13))
    # balanced, the best of level 1 is K=-1 and one other rank +1: centred effects are
    # (1 x 12, -12), so the correlation squared is (1 + 12)**2 / ((12 + 144) * 2) = 13/24
    (balanced,) = best_counts(effects, weights, 1)
    assert balanced.correlation_squared == Fraction(13, 24) and balanced.tags["K"] == -1
    assert best_counts(effects, weights, 12)[0].correlation_squared == 1
