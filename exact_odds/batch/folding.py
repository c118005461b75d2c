"""A bet folded into a compiled table, and evaluated on many shoes at once.

A compiled table (``exact_odds.engine.compiled``) counts every outcome as an integer
combination of falling monomials in the card classes' counts. A bet's pays are folded in:
each monomial gets the integer ``V_K = D * sum(net pay * coef)``, ``D`` the pays' least
common denominator, and the bet's expected value at a shoe is
``sum_K V_K * monomial_K * padding / (D * falling(N, 6))``. int64 only where no
intermediate can reach 2**63 (a bet's coefficients split into limbs, ``_limb_base``),
Python integers beyond: never a silent overflow.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from math import lcm
from typing import TYPE_CHECKING

import numpy as np

from exact_odds.batch.monomials import MonomialBasis
from exact_odds.engine.plan import INT64_MAX, falling
from exact_odds.engine.tally import CompiledCounts
from exact_odds.shoe import CARDS_PER_ROUND

if TYPE_CHECKING:
    from numpy.typing import DTypeLike


@dataclass(frozen=True, eq=False)
class CompiledBet:
    """One bet folded into integer coefficients over a monomial basis."""

    id: str
    denominator: int  # D: the least common denominator of the bet's net pays
    max_net: int  # the largest |net pay| * D: bounds the coefficients by the total count
    coefficients: np.ndarray  # object array of Python ints, one per basis monomial

    def limbs(self, base: int) -> list[np.ndarray]:
        """The coefficients written in base ``base`` (each limb's entries below ``base`` in
        absolute value), as int64 arrays: ``V = sum(limb_i * base**i)``."""
        rest, found = self.coefficients, list[np.ndarray]()
        while not found or rest.any():
            low = np.sign(rest) * (np.abs(rest) % base)  # each limb with its value's sign
            found.append(low.astype(np.int64))
            rest = (rest - low) // base
        return found


@dataclass(frozen=True)
class NetPays:
    """A bet's net pay for each outcome of a table, over their least common denominator:
    ``scaled[k] / denominator`` for the ``k``-th outcome; ``largest`` the largest
    ``|scaled|``."""

    denominator: int
    scaled: np.ndarray  # object array of Python ints
    largest: int

    @classmethod
    def of(cls, nets: Sequence[Fraction], outcomes: Sequence[int]) -> NetPays:
        """The ``k``-th outcome's net pay is ``nets[outcomes[k]]``: each distinct net (of a
        distinct reading) is scaled once and the outcomes index them, rather than hashing
        a Fraction per outcome (hundreds of thousands for the 21st Century tables)."""
        denominator = lcm(*{net.denominator for net in nets}) if nets else 1
        distinct = np.array([int(net * denominator) for net in nets] or [0], dtype=object)
        scaled = distinct[np.asarray(outcomes, dtype=np.intp)]
        # every net is some outcome's: the largest of the distinct ones is the largest
        largest = max(abs(int(v)) for v in distinct) if len(scaled) else 0
        return cls(denominator, scaled, largest)

    def over(self, denominator: int) -> NetPays:
        """The same nets over ``denominator``, a multiple of this one's (two tables' nets
        over their common denominator, so that their folds add and subtract exactly)."""
        factor, rest = divmod(denominator, self.denominator)
        assert rest == 0, "a net pay's denominator must divide the one it is written over"
        return NetPays(denominator, self.scaled * factor, self.largest * factor)


def fold_bet(bet_id: str, table: CompiledCounts, nets: NetPays, basis: MonomialBasis,
             terms: np.ndarray | None = None) -> CompiledBet:
    """Fold a bet's net pays into coefficients over ``basis``; ``terms`` (indices into the
    table's terms) keeps only some of them."""
    denominator, scaled, largest = nets.denominator, nets.scaled, nets.largest
    key_index, coefs = table.key_index, table.coefs
    where = basis.positions(table)[table.mono_index]
    if terms is not None:
        key_index, where, coefs = key_index[terms], where[terms], coefs[terms]
    # A monomial K's coefficients over all outcomes add up to the orderings of K, at most
    # 6! = 720 (each class sequence ends in one outcome), so the folded coefficient is at
    # most largest * 720 in absolute value, every partial sum too: int64 while that fits.
    dtype: DTypeLike = np.int64 if largest * 720 <= INT64_MAX else object
    coefficients = np.zeros(len(basis.monomials), dtype=dtype)
    # the terms' pays picked before converting: under the optimal play a bet is folded once
    # per visible state, a few terms of a table of hundreds of thousands of outcomes each
    np.add.at(coefficients, where, scaled[key_index].astype(dtype) * coefs.astype(dtype))
    return CompiledBet(bet_id, denominator, max(largest, 1), coefficients.astype(object))


def _limb_base(largest_size: int) -> int | None:
    """A base for splitting coefficients so that every limb's sum fits in int64, or None
    when even the monomials do not (the shoe is too large)."""
    total = falling(largest_size, CARDS_PER_ROUND)
    if total > INT64_MAX:
        return None
    base = INT64_MAX // total
    return base if base >= 2 else None


def evaluate_bets(basis: MonomialBasis, bets: Sequence[CompiledBet], class_counts: np.ndarray,
                  size: np.ndarray, values: np.ndarray | None = None) -> dict[str, np.ndarray]:
    """Each bet's expected-value numerator ``sum_K V_K * monomial_K`` shoe by shoe (the
    denominator is ``D * falling(N, 6)``); int64 where it fits, else Python integers."""
    if values is None:
        values = basis.values(class_counts, size)
    largest = int(size.max(initial=0))
    found: dict[str, np.ndarray] = {}
    small: list[CompiledBet] = []
    padded: np.ndarray | None = None
    for bet in bets:
        base = None if values.dtype == object else _limb_base(largest)
        if base is not None and bet.max_net < base:
            small.append(bet)
            continue
        if padded is None:
            padded = basis.padded(values, size)
        if base is None:
            found[bet.id] = padded.astype(object) @ bet.coefficients
        else:
            total = np.zeros(len(size), dtype=object)
            for power, limb in enumerate(bet.limbs(base)):
                total = total + (padded @ limb).astype(object) * base**power
            found[bet.id] = narrow(total)
    if small:
        matrix = _stacked(tuple(small))
        pads = basis.pads(size, values.dtype)
        product = np.zeros((len(size), len(small)), dtype=values.dtype)
        for level, pad in zip(basis.levels, pads):
            rows = matrix[level]
            if rows.any():
                product += (values[:, level] @ rows) * pad[:, None]
        for i, bet in enumerate(small):
            found[bet.id] = product[:, i]
    return found


@lru_cache(maxsize=256)
def _stacked(bets: tuple[CompiledBet, ...]) -> np.ndarray:
    return np.stack([bet.coefficients.astype(np.int64) for bet in bets], axis=1)


def narrow(values: np.ndarray) -> np.ndarray:
    """Python integers as int64 where every one fits, else left as they are."""
    if values.dtype != object or all(-INT64_MAX <= int(v) <= INT64_MAX for v in values):
        return values.astype(np.int64)
    return values


def concatenate_exact(arrays: list[np.ndarray]) -> np.ndarray:
    """Arrays of exact integers end to end: int64 if every part is, else Python integers."""
    if all(a.dtype != object for a in arrays):
        return np.concatenate(arrays)
    return np.concatenate([a.astype(object) for a in arrays])
