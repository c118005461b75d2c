"""Card counts derived from exact effects of removal: integer tags per rank, level by level.

A count gives each rank a whole-number tag; its *level* is its largest absolute tag. A count
tracks a bet when its tags move with the bet's effects of removal: the *betting correlation*
(Griffin's) is the correlation, over the cards of the shoe, between each card's effect of
removal and its tag.

For a level ``L`` the tags with the highest betting correlation are found exactly, not by
rounding: correlation is unchanged by swapping the tags of two cards of equal weight, and
gains when a card with the larger effect gets the larger tag, so the best tags rise with the
effects. Sorting the kinds of card by effect, only the non-decreasing runs of tags in
``-L..L`` need to be tried (a few tens of thousands at level 3, against 7^13 in all; the
tests check the claim against every assignment where that is possible). Kinds with the same
effect share a tag: the four ten-valued ranks of a bet that reads only point values move
together, as a counter would tag them.

>>> from fractions import Fraction as F
>>> effects = {"A": F(1), "2": F(2), "3": F(-3)}
>>> best = best_counts(effects, {"A": 4, "2": 4, "3": 4}, level=1)[0]
>>> best.tags, round(best.correlation, 4), best.balance
({'A': 0, '2': 1, '3': -1}, 0.9449, 0)
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations_with_replacement
from math import comb, gcd, isqrt


@dataclass(frozen=True)
class DerivedCount:
    """Integer tags per rank and how well they track the effects of removal.

    ``correlation_squared`` is the exact square of the betting correlation and ``sign`` its
    sign; ``correlation`` is the decimal for printing."""

    level: int
    tags: dict[str, int]
    correlation_squared: Fraction
    sign: int
    balance: int  # the sum of the tags over every card of the shoe (0: a balanced count)

    @property
    def correlation(self) -> float:
        """The betting correlation, a decimal (its square is exact)."""
        value = self.correlation_squared
        root = isqrt(value.numerator * 10**36 // value.denominator) / 10**18
        return self.sign * root

    def describe(self) -> str:
        """``A=0 2=1 3=-1``: every rank's tag."""
        return " ".join(f"{rank}={tag:+d}" if tag else f"{rank}=0" for rank, tag in
                        self.tags.items())


def betting_correlation(effects: Mapping[str, Fraction], weights: Mapping[str, int],
                        tags: Mapping[str, int]) -> tuple[int, Fraction]:
    """The betting correlation of ``tags`` with ``effects`` over the cards of a shoe holding
    ``weights[rank]`` cards of each rank: its sign and its exact square.

    >>> from fractions import Fraction as F
    >>> betting_correlation({"A": F(1), "2": F(-1)}, {"A": 4, "2": 4}, {"A": 1, "2": -1})
    (1, Fraction(1, 1))
    """
    ranks = [r for r in effects if weights.get(r, 0)]
    scale = _common_denominator(effects[r] for r in ranks)
    scaled = [int(effects[r] * scale) for r in ranks]
    w = [weights[r] for r in ranks]
    t = [tags.get(r, 0) for r in ranks]
    return _correlation(scaled, w, t)


def _common_denominator(values: Iterator[Fraction] | list[Fraction]) -> int:
    from math import lcm

    denominator = 1
    for value in values:
        denominator = lcm(denominator, Fraction(value).denominator)
    return denominator


def _correlation(e: list[int], w: list[int], t: list[int]) -> tuple[int, Fraction]:
    """Weighted Pearson correlation of integer vectors: (sign, exact square)."""
    total = sum(w)
    sum_e = sum(wi * ei for wi, ei in zip(w, e))
    sum_t = sum(wi * ti for wi, ti in zip(w, t))
    cov = total * sum(wi * ei * ti for wi, ei, ti in zip(w, e, t)) - sum_e * sum_t
    var_e = total * sum(wi * ei * ei for wi, ei in zip(w, e)) - sum_e * sum_e
    var_t = total * sum(wi * ti * ti for wi, ti in zip(w, t)) - sum_t * sum_t
    if cov == 0 or var_e == 0 or var_t == 0:
        return 0, Fraction(0)
    return (1 if cov > 0 else -1), Fraction(cov * cov, var_e * var_t)


#: Above this many non-decreasing runs of tags the search is by scaled rounding and local
#: improvement instead of trying every run (level 3 over 13 ranks is 27,132 runs, 0.3 s).
EXHAUSTIVE_RUNS = 30_000


def best_counts(effects: Mapping[str, Fraction], weights: Mapping[str, int], level: int,
                keep: int = 1, balanced: bool = True) -> list[DerivedCount]:
    """The ``keep`` counts of exactly ``level`` (largest absolute tag) with the highest
    betting correlation with ``effects`` (per rank), over a shoe of ``weights`` cards per
    rank; ranks with equal effects share a tag, and a rank absent from the shoe gets 0.

    ``balanced`` (the default) keeps only counts whose tags sum to zero over the shoe: the
    true count (running count per deck unseen) of an unbalanced count drifts as the shoe is
    dealt (a sum of -64 over 8 decks moves it by about -100 with 14 cards left), so a
    trigger on it means something else at every depth. Ties go to the count with fewer and
    smaller tags.

    Up to ``EXHAUSTIVE_RUNS`` runs every non-decreasing run of tags is tried (exact); above,
    the candidates are the centred effects scaled and rounded at every scale where a
    rounding changes, balanced, then improved by steps that keep the balance while the
    correlation rises."""
    if level < 1:
        raise ValueError("a count's level is at least 1")
    present = [r for r in effects if weights.get(r, 0) > 0]
    if not present:
        return []
    scale = _common_denominator(effects[r] for r in present)
    # kinds of card: ranks with the same effect, sorted by effect
    kinds: dict[int, list[str]] = {}
    for rank in present:
        kinds.setdefault(int(effects[rank] * scale), []).append(rank)
    order = sorted(kinds)
    w = [sum(weights[r] for r in kinds[v]) for v in order]
    runs = (_every_run(len(order), level) if comb(len(order) + 2 * level, 2 * level)
            <= EXHAUSTIVE_RUNS else _rounded_runs(order, w, level, balanced))
    found: dict[tuple[int, ...], tuple[Fraction, int, int]] = {}
    for run in runs:
        if max(abs(t) for t in run) != level or run in found:
            continue
        balance = sum(wi * ti for wi, ti in zip(w, run))
        if balanced and balance:
            continue
        sign, square = _correlation(order, w, list(run))
        if sign > 0:
            found[run] = (square, balance, sum(abs(t) for t in run))
    ranked = sorted(found, key=lambda run: (-found[run][0], abs(found[run][1]),
                                            found[run][2], run))
    counts = []
    for run in ranked[:keep]:
        tags = dict.fromkeys(effects, 0)
        for value, tag in zip(order, run):
            for rank in kinds[value]:
                tags[rank] = tag
        square, balance, _ = found[run]
        counts.append(DerivedCount(level, tags, square, 1, balance))
    return counts


def _every_run(kinds: int, level: int) -> Iterator[tuple[int, ...]]:
    """Every non-decreasing run of ``kinds`` tags in ``-level..level`` reaching the level."""
    for run in combinations_with_replacement(range(-level, level + 1), kinds):
        if max(-run[0], run[-1]) == level:
            yield run


def _rounded_runs(effects: list[int], weights: list[int], level: int, balanced: bool
                  ) -> list[tuple[int, ...]]:
    """Candidate runs for a level too high to try every run: the centred effects scaled by
    every factor at which a rounding changes (tags clamped to the level), balanced where
    asked, then each of the best improved by steps (one tag, or two tags in opposite
    directions that keep the balance) while the exact correlation rises."""
    total = sum(weights)
    mean = Fraction(sum(w * e for w, e in zip(weights, effects)), total)
    centred = [Fraction(e) - mean for e in effects]
    if not any(centred):
        return []
    unit = gcd(*weights)
    units = [w // unit for w in weights]
    factors = {Fraction(2 * j + 1, 2) / abs(c) for c in centred if c
               for j in range(level + 1)}
    candidates = set()
    for factor in sorted(factors):
        for lean in (Fraction(0), Fraction(1, 4), Fraction(-1, 4)):
            run = tuple(max(-level, min(level, _round_half_up(c * factor + lean)))
                        for c in centred)
            if balanced:
                run = _balance(run, units, level, effects, weights)
            if run:
                candidates.add(run)

    def score(run: tuple[int, ...]) -> Fraction:
        sign, square = _correlation(effects, weights, list(run))
        return square if sign > 0 else -square

    def steps(run: tuple[int, ...]) -> list[tuple[int, ...]]:
        found = []
        for i in range(len(run)):
            if not balanced:
                found += [_moved(run, ((i, d),)) for d in (-1, 1)]
                continue
            for j in range(len(run)):
                if i != j:  # +a on i, -b on j with units[i] * a == units[j] * b
                    common = gcd(units[i], units[j])
                    found.append(_moved(run, ((i, units[j] // common),
                                              (j, -(units[i] // common)))))
        return [step for step in found if step and max(map(abs, step)) <= level]

    best = sorted(candidates, key=score, reverse=True)[:20]
    improved = set(best)
    for run in best:
        current, current_score = run, score(run)
        while True:
            step = max(steps(current), key=score, default=None)
            if step is None or score(step) <= current_score:
                break
            current, current_score = step, score(step)
            improved.add(current)
    return sorted(improved)


def _moved(run: tuple[int, ...], moves: tuple[tuple[int, int], ...]) -> tuple[int, ...]:
    changed = list(run)
    for index, by in moves:
        changed[index] += by
    return tuple(changed)


def _balance(run: tuple[int, ...], units: list[int], level: int, effects: list[int],
             weights: list[int]) -> tuple[int, ...]:
    """``run`` made to sum to zero over the shoe, one tag at a time, each step the one that
    keeps the correlation highest; () where no step can."""
    current = run
    while (residual := sum(u * t for u, t in zip(units, current))) != 0:
        direction = -1 if residual > 0 else 1
        options = [_moved(current, ((k, direction),)) for k, u in enumerate(units)
                   if u <= abs(residual) and -level <= current[k] + direction <= level]
        if not options:
            return ()
        current = max(options, key=lambda r: _signed(_correlation(effects, weights, list(r))))
    return current


def _signed(found: tuple[int, Fraction]) -> Fraction:
    sign, square = found
    return square if sign > 0 else -square


def _round_half_up(value: Fraction) -> int:
    return int((value + Fraction(1, 2)) // 1)
