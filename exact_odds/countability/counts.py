"""Card counts derived from exact effects of removal: integer tags per rank, level by level.

A count gives each rank a whole-number tag; its *level* is its largest absolute tag. A count
tracks a bet when its tags move with the bet's effects of removal: the *betting correlation*
(Griffin's) is the correlation, over the cards of the shoe, between each card's effect of
removal and its tag.

A count is *balanced* when its tags sum to zero over the shoe: its true count is the running
count per deck unseen. An *unbalanced* count (a one-rank count of kings, say) is played as
counters of side bets play it: its true count is taken against the shoe's expected share, the
running count less what the cards seen would add on average, per deck unseen. Both are then
the same kind of thing, a balanced count with tags ``N * tag - S`` (``N`` cards in the shoe,
``S`` the tags' sum over it): ``DerivedCount.played``.

The best count of a level is found exactly (``best_counts``), not by rounding the effects at one
scale: a dynamic programme over the kinds of card (each rank; the ten-valued ranks as one
where the bet reads them alike), whose
states are the tags' sum and sum of squares over the shoe, keeps for each state the tags that
move most with the effects. The betting correlation depends on the tags only through those
three sums, so the best of every state holds the best count of every balance, balanced (sum
zero) or not. Where the states would be too many (high levels, a shoe with odd counts of
cards), the candidates are the effects scaled at every factor where a rounding changes, with
the balancing steps around each, improved while the correlation rises.

>>> from fractions import Fraction as F
>>> effects = {"A": F(1), "2": F(2), "3": F(-3)}
>>> best = best_counts(effects, {"A": 4, "2": 4, "3": 4}, level=1)[0]
>>> best.tags, round(best.correlation, 4), best.balance
({'A': 0, '2': 1, '3': -1}, 0.9449, 0)
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from math import gcd, isqrt

import numpy as np

from exact_odds.cards import RANKS


@dataclass(frozen=True)
class DerivedCount:
    """Integer tags per rank and how well they track the effects of removal.

    ``correlation_squared`` is the exact square of the betting correlation and ``sign`` its
    sign; ``correlation`` is the decimal for printing. ``balance`` is the tags' sum over the
    ``cards`` cards of the shoe (0: balanced); ``label`` names a count given by hand."""

    level: int
    tags: dict[str, int]
    correlation_squared: Fraction
    sign: int
    balance: int  # the sum of the tags over every card of the shoe (0: a balanced count)
    cards: int = 0  # the cards of the shoe the balance is over
    label: str | None = None  # a count given by hand (--tags/--label); None: derived

    @property
    def balanced(self) -> bool:
        return self.balance == 0

    @property
    def largest_tag(self) -> int:
        return max((abs(tag) for tag in self.tags.values()), default=0)

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

    def played(self) -> tuple[tuple[int, ...], Fraction]:
        """The balanced tags (``RANKS`` order) this count is played with, and the factor
        that turns their true count into this count's: the tags themselves and 1 for a
        balanced count; for an unbalanced one ``(N * tag - S) / g`` and ``g / N``, whose
        true count is the running count less the cards seen times the average tag, per deck
        unseen (the true count against the shoe's expected share).

        >>> kings = DerivedCount(1, {**dict.fromkeys(RANKS, 0), "K": -1}, Fraction(1), 1,
        ...                      -32, 416)
        >>> kings.played()
        ((1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, -12), Fraction(1, 13))
        """
        tags = [self.tags.get(rank, 0) for rank in RANKS]
        if self.balance == 0:
            return tuple(tags), Fraction(1)
        scaled = [self.cards * tag - self.balance for tag in tags]
        common = gcd(*scaled)
        return tuple(t // common for t in scaled), Fraction(common, self.cards)

    def key(self) -> tuple[int, ...]:
        """What betting on this count depends on: its played tags divided by their common
        factor. Counts with the same key bet the same rounds at matching triggers (a count
        doubled, or an unbalanced count shifted by a constant)."""
        tags, _ = self.played()
        common = gcd(*tags) or 1
        return tuple(t // common for t in tags)


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
    total = sum_e = sum_t = sum_et = sum_ee = sum_tt = 0
    for wi, ei, ti in zip(w, e, t):  # one pass: the searches score many thousand tags
        we, wt = wi * ei, wi * ti
        total += wi
        sum_e += we
        sum_t += wt
        sum_et += we * ti
        sum_ee += we * ei
        sum_tt += wt * ti
    cov = total * sum_et - sum_e * sum_t
    var_e = total * sum_ee - sum_e * sum_e
    var_t = total * sum_tt - sum_t * sum_t
    if cov == 0 or var_e == 0 or var_t == 0:
        return 0, Fraction(0)
    return (1 if cov > 0 else -1), Fraction(cov * cov, var_e * var_t)


#: The ten-valued ranks: tagged alike where the bet reads them alike, as counters do.
TEN_VALUED = ("T", "J", "Q", "K")
#: The most state updates (states times kinds of card times tags) the exact search makes;
#: beyond, the candidates come from rounding (``_rounded_runs``). Levels 1 to 9 of a standard
#: shoe are searched exactly (level 5 takes a few million steps).
MOST_STATE_STEPS = 50_000_000
#: How many of the best states of the search are turned back into tags and ranked exactly.
STATES_RANKED = 400


def count_of(tags: Mapping[str, int], effects: Mapping[str, Fraction],
             weights: Mapping[str, int], label: str | None = None) -> DerivedCount:
    """A count given by its tags, with its betting correlation with ``effects`` over a shoe
    of ``weights`` cards per rank; its level is its largest absolute tag.

    >>> from fractions import Fraction as F
    >>> count_of({"A": 1, "2": -1}, {"A": F(1), "2": F(-1)}, {"A": 4, "2": 4}).correlation
    1.0
    """
    full = {rank: int(tags.get(rank, 0)) for rank in effects}
    sign, square = betting_correlation(effects, weights, full)
    return DerivedCount(max((abs(t) for t in full.values()), default=0), full, square, sign,
                        sum(weights.get(r, 0) * t for r, t in full.items()),
                        sum(weights.get(r, 0) for r in effects), label)


def best_counts(effects: Mapping[str, Fraction], weights: Mapping[str, int], level: int,
                keep: int = 1, balanced: bool = True) -> list[DerivedCount]:
    """The ``keep`` counts with every tag within ``-level..level`` that correlate best with
    ``effects`` (per rank) over a shoe of ``weights`` cards per rank, best first, each
    betting differently from the others (``DerivedCount.key``), each written with its
    smallest tags; the ten-valued ranks share a tag where their effects are equal (every
    other rank has its own), and a rank absent from the shoe gets 0.

    ``balanced`` (the default) keeps only counts whose tags sum to zero over the shoe; with
    ``balanced=False`` every count is a candidate, an unbalanced one played against the
    shoe's expected share. Ties go to the balanced count, then the smaller tags."""
    if level < 1:
        raise ValueError("a count's level is at least 1")
    present = [r for r in effects if weights.get(r, 0) > 0]
    if not present:
        return []
    scale = _common_denominator(effects[r] for r in present)
    # kinds of card: each rank, but the ten-valued ranks as one where their effects are equal
    kinds: dict[tuple[int, str], list[str]] = {}
    for rank in present:
        value = int(effects[rank] * scale)
        kinds.setdefault((value, "0" if rank in TEN_VALUED else rank), []).append(rank)
    keys = sorted(kinds)
    order = [value for value, _ in keys]
    w = [sum(weights[r] for r in kinds[k]) for k in keys]
    if len(set(order)) < 2:
        return []
    unit = gcd(*w)
    units = [x // unit for x in w]
    total = sum(units)
    steps = (2 * level * total + 1) * (level * level * total + 1) * len(order) * (2 * level + 1)
    if steps <= MOST_STATE_STEPS:
        runs: Iterable[tuple[int, ...]] = _searched_runs(order, units, level, balanced)
    else:
        runs = _rounded_runs(order, w, level, balanced)
    cards = sum(weights.get(r, 0) for r in effects)
    # each distinct run scored once (several states can give the same smallest tags), then
    # walked best first: the first count met of each way of betting (its key) is that way's
    # best, and the walk stops at the ``keep``-th (a count is built only for those it reads)
    tried: set[tuple[int, ...]] = set()
    scored: list[tuple[tuple[Fraction, int, int, int, tuple[int, ...]], Fraction, int]] = []
    for run in runs:
        run = _smallest(run, units, balanced)
        if run in tried:
            continue
        tried.add(run)
        if max(map(abs, run)) > level:
            continue
        balance = sum(wi * ti for wi, ti in zip(w, run))
        if balanced and balance:
            continue
        sign, square = _correlation(order, w, list(run))
        if sign <= 0:
            continue
        rank_key = (-square, abs(balance), max(map(abs, run)), sum(map(abs, run)), run)
        scored.append((rank_key, square, balance))
    kept: list[DerivedCount] = []
    bets_seen: set[tuple[int, ...]] = set()
    for rank_key, square, balance in sorted(scored):
        tags = dict.fromkeys(effects, 0)
        for kind, tag in zip(keys, rank_key[-1]):
            for rank in kinds[kind]:
                tags[rank] = tag
        count = DerivedCount(level, tags, square, 1, balance, cards)
        if (key := count.key()) in bets_seen:
            continue
        bets_seen.add(key)
        kept.append(count)
        if len(kept) == keep:
            break
    return kept


def _smallest(run: tuple[int, ...], units: Sequence[int], balanced: bool) -> tuple[int, ...]:
    """The smallest tags that bet as ``run`` does: divided by their common factor, and for
    an unbalanced count shifted to the smallest largest tag (then the smallest sum)."""
    if balanced or not any(run):
        common = gcd(*run) or 1
        return tuple(t // common for t in run)
    low = min(run)
    common = gcd(*(t - low for t in run)) or 1
    base = [(t - low) // common for t in run]
    top = max(base)
    # the largest tag of base + s is max(top + s, -s), smallest at s = -top/2: only the
    # shifts nearest it can win (the lower first, as when every shift from -top was tried)
    shifts = sorted({-((top + 1) // 2), -(top // 2)})
    return min((tuple(t + s for t in base) for s in shifts),
               key=lambda r: (max(map(abs, r)), abs(sum(u * t for u, t in zip(units, r))),
                              sum(map(abs, r))))


@lru_cache(maxsize=2)  # the balanced and the unbalanced search of a level share it
def _programme(effects: tuple[int, ...], units: tuple[int, ...], level: int
               ) -> tuple[np.ndarray, list[np.ndarray]]:
    """The largest ``A`` (the sum of ``unit * effect * tag``, effects centred and scaled to
    floats) of every state (sum ``S`` offset by ``level * total``, sum of squares ``V``) and,
    kind by kind, the tag that reached it."""
    total = sum(units)
    mean = Fraction(sum(u * e for u, e in zip(units, effects)), total)
    largest = max(abs(e - mean) for e in effects) or Fraction(1)
    centred = [float((e - mean) / largest) for e in effects]
    offset = level * total
    rows, cols = 2 * offset + 1, level * level * total + 1
    best = np.full((rows, cols), -np.inf)
    best[offset, 0] = 0.0
    choices = []
    for unit, effect in zip(units, centred):
        new = np.full((rows, cols), -np.inf)
        choice = np.zeros((rows, cols), dtype=np.int8)
        for tag in range(-level, level + 1):
            ds, dv = unit * tag, unit * tag * tag  # dv < cols: tag * tag <= level * level
            source = best[max(0, -ds):rows - max(0, ds), :cols - dv]
            target = new[max(0, ds):rows - max(0, -ds), dv:]
            gained = source + unit * effect * tag
            better = gained > target
            np.copyto(target, gained, where=better)
            np.copyto(choice[max(0, ds):rows - max(0, -ds), dv:], np.int8(tag), where=better)
        best = new
        choices.append(choice)
    return best, choices


def _searched_runs(effects: list[int], units: list[int], level: int, balanced: bool
                   ) -> Iterator[tuple[int, ...]]:
    """The tags (one per kind of card, in ``-level..level``) that move most with the effects
    for each sum ``S`` and sum of squares ``V`` over the shoe (in ``units`` of cards per kind),
    the states of the ``STATES_RANKED`` highest correlations first (only ``S == 0`` when
    ``balanced``).

    The betting correlation of tags ``t`` is ``(U*A - E*S) / sqrt((U*V - S*S) * varE)`` with
    ``A`` the sum of ``unit * effect * tag``: for a given ``S`` and ``V`` the best tags are
    those of the largest ``A``, which the programme keeps kind by kind. The effects are
    scaled to floats here to rank the states; the counts found are then ranked exactly."""
    total = sum(units)
    offset = level * total
    best, choices = _programme(tuple(effects), tuple(units), level)
    s_index, v_index = np.nonzero(np.isfinite(best) & (best > 0))
    sums = s_index - offset
    spread = total * v_index - sums.astype(np.float64) ** 2
    keep = (spread > 0) & ((sums == 0) if balanced else True)
    s_index, v_index, spread = s_index[keep], v_index[keep], spread[keep]
    score = best[s_index, v_index] / np.sqrt(spread)
    positions = np.argsort(-score, kind="stable")[:STATES_RANKED]
    # every state's tags read back at once, kind by kind from the last
    s, v = s_index[positions].astype(np.int64), v_index[positions].astype(np.int64)
    runs = np.zeros((len(positions), len(units)), dtype=np.int64)
    for kind in reversed(range(len(units))):
        tag = choices[kind][s, v].astype(np.int64)
        runs[:, kind] = tag
        s, v = s - units[kind] * tag, v - units[kind] * tag * tag
    for run in runs.tolist():
        yield tuple(run)


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
        p, q = factor.numerator, factor.denominator
        # leaning 0, +1/4 and -1/4 before rounding half up: floor(c * p / q + quarters / 4),
        # in integers (c = a / b): floor((4 * a * p + quarters * b * q) / (4 * b * q))
        for quarters in (2, 3, 1):
            run = tuple(max(-level, min(level, (4 * c.numerator * p + quarters * c.denominator
                                                * q) // (4 * c.denominator * q)))
                        for c in centred)
            if balanced:
                run = _balance(run, units, level, effects, weights)
            if run:
                candidates.add(run)

    scores: dict[tuple[int, ...], Fraction] = {}

    def score(run: tuple[int, ...]) -> Fraction:
        if run not in scores:
            sign, square = _correlation(effects, weights, list(run))
            scores[run] = square if sign > 0 else -square
        return scores[run]

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
    keeps the correlation highest (the first such); () where no step can.

    Each step's candidates are scored from the sums of the step before, moved by the one
    tag: ``cov`` and ``var_t`` exactly as ``_correlation`` has them; the signed square
    ``cov**2 / (var_e * var_t)`` is compared as ``sign * cov**2 / var_t`` (``var_e``, the
    same for every candidate, is never negative), a fraction compared by cross-multiplying."""
    total = sum(weights)
    sum_e = sum(w * e for w, e in zip(weights, effects))
    flat = total * sum(w * e * e for w, e in zip(weights, effects)) == sum_e * sum_e
    current = list(run)
    sum_t = sum(w * t for w, t in zip(weights, current))
    sum_tt = sum(w * t * t for w, t in zip(weights, current))
    sum_et = sum(w * e * t for w, e, t in zip(weights, effects, current))
    while (residual := sum(u * t for u, t in zip(units, current))) != 0:
        step = -1 if residual > 0 else 1
        best: tuple[int, int, int, int, int, int] | None = None  # num, den, k, the sums
        for k, unit in enumerate(units):
            if unit > abs(residual) or not -level <= current[k] + step <= level:
                continue
            w = weights[k]
            st = sum_t + w * step
            stt = sum_tt + w * (2 * current[k] * step + 1)  # (t + step)**2 - t**2
            set_ = sum_et + w * effects[k] * step
            cov = total * set_ - sum_e * st
            var_t = total * stt - st * st
            num, den = (0, 1) if flat or cov == 0 or var_t == 0 else (
                (1 if cov > 0 else -1) * cov * cov, var_t)
            if best is None or num * best[1] > best[0] * den:
                best = (num, den, k, st, stt, set_)
        if best is None:
            return ()
        _, _, k, sum_t, sum_tt, sum_et = best
        current[k] += step
    return tuple(current)
