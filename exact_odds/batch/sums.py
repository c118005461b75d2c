"""The exact sums of compiled bets over a block of shoes, at the speed of int64 arithmetic.

A compiled bet's numerator at a shoe is ``sum_K V_K * F_K * falling(N - |K|, t - |K|)``
(``exact_odds.engine.compiled``), ``F_K`` the falling monomial of multiset ``K``, ``t`` the
basis's top degree (the round's six cards, or the two or four a column of the first cards
reads). Since ``F_K * (N - |K|) = sum_c F_{K + c}`` (the next card is of some class), every
coefficient below the top degree can be pushed up a level, once per class: the same sum is
then ``falling(N - t, 6 - t) * sum_{|K| = t} W_K * F_K``, one coefficient per top monomial
(5,005 for the ten point values, against 8,008 before), with no padding per degree.

**The bound, proved here and checked when the coefficients are folded.** ``W_K`` counts,
with each outcome's net pay (times ``D``), the class sequences of length ``t`` with multiset
``K``: at most ``t! / prod_c k_c!`` of them, so ``|W_K| <= max_net * multinomial(K)``
(checked for every ``K`` in ``TopSums.of``). Summed with the monomials,
``sum_K |W_K| * F_K <= max_net * falling(N, t)`` (every ordered sequence of ``t`` distinct
cards counted once), and with the padding, ``<= max_net * falling(N, 6)``. Every product and
every partial sum, in any order, is at most that; ``TopSums.fits`` admits a block of shoes
only when it is at most ``2**63 - 1``, and each monomial alone at most ``falling(N, t)``.
Outside that bound, the caller uses the general path (limbs or Python integers).

Two kernels compute the same sums: numpy (the monomials of a few shoes at a time, then one
integer matrix product), always there; and numba, compiled, where the optional extra
``exact-odds[fast]`` is installed (``KERNEL`` says which runs; the environment variable
``EXACT_ODDS_KERNEL=numpy`` forces numpy). Both are exact under the same bound: numba's
integers wrap like numpy's, so the bound is what makes either correct.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from math import factorial, prod
from typing import TYPE_CHECKING, Any

import numpy as np

from exact_odds.engine.plan import INT64_CARDS, INT64_MAX, falling
from exact_odds.shoe import CARDS_PER_ROUND

if TYPE_CHECKING:
    from exact_odds.batch.folding import CompiledBet
    from exact_odds.batch.monomials import MonomialBasis


def _top_sums(class_counts: np.ndarray, parent: np.ndarray, cls: np.ndarray,
              held: np.ndarray, start: int, coefficients: np.ndarray, out: np.ndarray) -> None:
    """The kernel numba compiles: shoe by shoe, every monomial from its parent, then each
    bet's sum over the top monomials (``out[shoe, bet]``)."""
    shoes = class_counts.shape[0]
    monomials = parent.shape[0]
    values = np.empty(monomials, np.int64)
    for s in range(shoes):
        values[0] = 1
        for i in range(1, monomials):
            values[i] = values[parent[i]] * (class_counts[s, cls[i]] - held[i])
        for b in range(coefficients.shape[0]):
            row = coefficients[b]
            total = 0
            for i in range(start, monomials):
                total += values[i] * row[i - start]
            out[s, b] = total


def _numba_kernel() -> Any:
    """``_top_sums`` compiled, or None where numba is not installed (or not wanted)."""
    if os.environ.get("EXACT_ODDS_KERNEL", "").lower() == "numpy":
        return None
    try:
        import numba
    except ImportError:
        return None
    try:  # compiled once per machine where a cache can be written, else once per process
        return numba.njit(nogil=True, cache=True)(_top_sums)
    except RuntimeError:  # no cache locator available for the installed file
        return numba.njit(nogil=True)(_top_sums)


_KERNEL: list[Any] = []


def kernel() -> Any:
    """The numba kernel (compiled on first use), or None: numpy then."""
    if not _KERNEL:
        _KERNEL.append(_numba_kernel())
    return _KERNEL[0]


def kernel_name() -> str:
    """``"numba"`` or ``"numpy"``: which kernel evaluates the sums in this process."""
    return "numpy" if kernel() is None else "numba"


@dataclass(frozen=True, eq=False)
class TopSums:
    """Some compiled bets of one basis with their coefficients pushed to the top degree."""

    bet_ids: tuple[str, ...]
    basis: MonomialBasis
    top: int  # the basis's top degree t
    coefficients: np.ndarray  # (bets, top monomials) int64: W_K
    max_net: int  # the largest |net pay| * D of the bets
    # each monomial's parent (the monomial less its last class), its last class and how
    # many of that class the parent holds: F_K = F_parent * (n_class - held)
    parent: np.ndarray
    cls: np.ndarray
    held: np.ndarray

    @classmethod
    def of(cls, basis: MonomialBasis, bets: list[CompiledBet]) -> TopSums | None:
        """The bets folded to the top degree; None when there is none to fold, or a
        coefficient may pass what int64 holds (the general path then takes them)."""
        top = len(basis.levels) - 1
        if not bets or top < 1:
            return None
        position = {m: i for i, m in enumerate(basis.monomials)}
        k = len(basis.partition)
        folded = np.stack([bet.coefficients for bet in bets], axis=1).astype(object)
        for degree in range(top):
            for i in range(basis.levels[degree].start, basis.levels[degree].stop):
                row = folded[i]
                if not row.any():
                    continue
                monomial = basis.monomials[i]
                for c in range(k):  # F_K * (N - |K|) = sum_c F_{K + c}
                    above = position[tuple(sorted((*monomial, c)))]
                    folded[above] = folded[above] + row
        level = basis.levels[top]
        coefficients = folded[level]
        max_net = max(bet.max_net for bet in bets)
        for monomial, row in zip(basis.monomials[level], coefficients):
            orderings = factorial(top) // prod(factorial(monomial.count(c))
                                               for c in set(monomial))
            if max(abs(int(v)) for v in row) > max_net * orderings:
                raise AssertionError(f"a folded coefficient passes its bound at {monomial}")
        if max_net * factorial(top) > INT64_MAX:  # |W_K| <= max_net * t! must fit
            return None
        parent = np.zeros(len(basis.monomials), dtype=np.int64)
        last = np.zeros(len(basis.monomials), dtype=np.int64)
        held = np.zeros(len(basis.monomials), dtype=np.int64)
        for i, monomial in enumerate(basis.monomials[1:], start=1):
            parent[i] = position[monomial[:-1]]
            last[i] = monomial[-1]
            held[i] = monomial[:-1].count(monomial[-1])
        return cls(tuple(bet.id for bet in bets), basis, top,
                   np.ascontiguousarray(coefficients.T.astype(np.int64)), max_net,
                   parent, last, held)

    def fits(self, largest_size: int) -> bool:
        """Whether every sum for shoes of at most ``largest_size`` cards stays within int64
        (the bound of the module's docstring)."""
        return (largest_size <= INT64_CARDS
                and self.max_net * falling(largest_size, CARDS_PER_ROUND) <= INT64_MAX)

    def evaluate(self, class_counts: np.ndarray, sizes: np.ndarray) -> np.ndarray:
        """Each bet's numerator, shoe by shoe: an (shoes, bets) int64 array. The caller has
        checked ``fits(sizes.max())``."""
        counts = np.ascontiguousarray(class_counts, dtype=np.int64)
        compiled = kernel()
        if compiled is not None:
            found = np.empty((len(counts), len(self.bet_ids)), dtype=np.int64)
            compiled(counts, self.parent, self.cls, self.held,
                     self.basis.levels[self.top].start, self.coefficients, found)
        else:
            found = self._numpy(counts, sizes)
        if self.top < CARDS_PER_ROUND:  # the positions a shorter deal leaves unused
            pad = np.ones(len(sizes), dtype=np.int64)
            for i in range(CARDS_PER_ROUND - self.top):
                pad *= sizes.astype(np.int64) - self.top - i
            found *= pad[:, None]
        return found

    def _numpy(self, counts: np.ndarray, sizes: np.ndarray) -> np.ndarray:
        level = self.basis.levels[self.top]
        # a few shoes at a time, so that their monomials stay in the processor's cache
        step = max(8, _CACHE_BYTES // (8 * len(self.basis.monomials)))
        transposed = np.ascontiguousarray(self.coefficients.T)
        parts = []
        for start in range(0, len(counts), step):
            values = self.basis.values(counts[start:start + step], sizes[start:start + step])
            parts.append(values[:, level] @ transposed)
        if not parts:
            return np.zeros((0, len(self.bet_ids)), dtype=np.int64)
        return np.concatenate(parts)


#: The working set of a step of shoes: about a processor's second-level cache.
_CACHE_BYTES = 2_000_000
