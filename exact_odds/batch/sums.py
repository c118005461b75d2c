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
integer matrix product), always there; and numba, compiled, a dependency of the program
(``kernel_name`` says which runs: numpy where numba cannot be imported, or where the
environment variable ``EXACT_ODDS_KERNEL=numpy`` forces it). numba's machine code is cached
on disk after the first run (beside this file, or in the user's cache folder where the
package's folder is read-only; compiled in each process where neither can be written).
Both are exact under the same bound: numba's integers wrap like numpy's, so the bound is
what makes either correct.

**The split sums: exact integers in float64.** A processor multiplies four float64 at once
(and adds in the same instruction), int64 one at a time: so numba sums in float64 wherever
every number met is an integer of at most ``2**53`` in absolute value, which float64 holds
exactly, as it holds exactly every sum and product of such integers whose result is one
(``FLOAT_EXACT``; in any order, so the compiler may reorder the sums). With ``m`` the batch's
largest class count, every monomial and every product building it is
``|prod_c falling(n_c, k_c)| <= prod_c n_c**k_c <= m**t`` (a factor ``n_c - held`` below
zero meets a parent already 0). Each top monomial is split as ``F = hi * 2**b + lo``,
``0 <= lo < 2**b``, ``b = 53 - bitlength(S)``, ``S`` the largest ``sum_K |W_K|`` of the bets;
then ``sum_K |W_K| * lo_K < S * 2**b <= 2**53`` and ``sum_K |W_K| * hi_K <= S * (m**t >> b)``,
at most ``2**53`` where ``TopSums.splits`` admits the batch. The two sums, back in int64, give
``sum_K W_K * F_K = hi_sum * 2**b + lo_sum``, each term and the total at most
``max_net * falling(N, t)`` in absolute value: within int64 under ``fits``. Beyond the split's
bound, numba sums in int64 as numpy does: for a round's six cards, ``m**t <= 2**53`` alone
admits a class of at most 456 cards (the ten-value class of some 29 decks), and the high
sum's bound admits less where a bet's ``S`` is large (362 cards where ``S`` has 28 bits,
181 where it has 31): ``TopSums.splits`` decides for each batch.

**The Horner sums: fewer operations, exact in float64 down to a cut degree.** For a few
bets (``HORNER_BETS``), numba builds no top monomial: the sum is read as a tree of prefixes,
``sum_K W_K * F_K = sum_P F_P * V_P`` over the monomials ``P`` of a *cut* degree ``d``, with
``V_P = sum_c (n_c - h_c) * V_{P + c}`` (``c`` from ``P``'s last class on, ``h_c`` the cards
of class ``c`` that ``P`` holds) down from ``V_K = W_K`` at the top (Horner's rule in the
falling monomials: ``F_{P + c} = F_P * (n_c - h_c)``): one product and one sum per monomial
above ``d`` and per bet, against the split's six per top monomial. Each ``V_P`` of degree
``j >= d``, and every partial sum and product making it, in any order, is an integer of
absolute value at most ``S * A**(t - j)``, ``A = max(m, t - 1)`` the largest factor
``|n_c - h_c|`` (``0 <= n_c <= m``, ``0 <= h_c < t``): exact in float64 where ``S * A**(t -
d) <= FLOAT_EXACT`` (``TopSums.cut`` takes the lowest such ``d`` from 1 to ``t - 1``: 2 for
eight decks' shoes and a dragon bet, ``S`` of 20 bits; where none is, the sums above).
The last sum is taken in int64: ``F_P`` is 0 where a class of ``P`` outnumbers the shoe's,
and otherwise the factors below ``P`` are ``falling(n_c - k_c, l_c) >= 0``, so ``F_P *
|V_P| <= sum_{L below P} |W_L| * F_L``, and all of them together at most ``sum_K |W_K| *
F_K <= max_net * falling(N, t)``: within int64 under ``fits``, as above.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass
from math import factorial, prod
from typing import TYPE_CHECKING, NamedTuple

import numpy as np

from exact_odds.engine.plan import INT64_CARDS, INT64_MAX, falling
from exact_odds.shoe import CARDS_PER_ROUND

#: Every integer of at most this absolute value is exact in float64 (a 53-bit significand).
FLOAT_EXACT = 2**53

if TYPE_CHECKING:
    from exact_odds.batch.folding import CompiledBet
    from exact_odds.batch.monomials import MonomialBasis


def _split_sums(class_counts: np.ndarray, lower: np.ndarray, top: np.ndarray,
                held: np.ndarray, start: int, split: int, inverse: float,
                coefficients: np.ndarray, out: np.ndarray) -> None:
    """The kernel numba compiles for the split sums: shoe by shoe, every monomial below the
    top degree from its parent, a run at a time (``lower``, rows of ``TopSums.runs``); then,
    four bets at a time (the last one to three alone), each top monomial made from its
    parent (``top``'s runs) as it is read, split in two (``hi * 2**split + lo``) and summed
    with each bet's coefficient: the two sums of each bet (``out[shoe, bet]``). No top
    monomial is stored (a store costs more than the arithmetic here). Float64 throughout,
    every number an integer within ``FLOAT_EXACT`` (the module's bound). ``inverse`` is
    ``2**-split``, given rather than computed: under reordering, the compiler turns a
    product by a reciprocal it can see into a division, many times slower."""
    values = np.empty(start)
    scale = 2.0 ** split
    bets = out.shape[1]
    for s in range(class_counts.shape[0]):
        values[0] = 1.0
        for r in range(lower.shape[0]):  # F_K = F_parent * (n_c - held), a run at a time
            at, parent, length = lower[r, 0], lower[r, 1], lower[r, 2]
            n = np.float64(class_counts[s, lower[r, 3]])
            built, parents, taken = (values[at:at + length], values[parent:parent + length],
                                     held[at:at + length])
            for j in range(length):
                built[j] = parents[j] * (n - taken[j])
        for b in range(0, bets, 4):  # rows padded to a multiple of 4
            width = min(4, bets - b)  # none of the padding's products
            h0 = h1 = h2 = h3 = l0 = l1 = l2 = l3 = 0.0
            for r in range(top.shape[0]):
                at, parent, length = top[r, 0], top[r, 1], top[r, 2]
                n = np.float64(class_counts[s, top[r, 3]])
                parents, taken, o = values[parent:parent + length], held[at:at + length], at - start
                w0, w1, w2, w3 = (coefficients[b, o:o + length], coefficients[b + 1, o:o + length],
                                  coefficients[b + 2, o:o + length], coefficients[b + 3, o:o + length])
                for j in range(length):  # the compiler makes a loop of each width
                    v = parents[j] * (n - taken[j])
                    high = np.floor(v * inverse)
                    low = v - high * scale
                    h0 += high * w0[j]
                    l0 += low * w0[j]
                    if width > 1:
                        h1 += high * w1[j]
                        l1 += low * w1[j]
                    if width > 2:
                        h2 += high * w2[j]
                        l2 += low * w2[j]
                    if width > 3:
                        h3 += high * w3[j]
                        l3 += low * w3[j]
            for k, (high_sum, low_sum) in enumerate(((h0, l0), (h1, l1), (h2, l2), (h3, l3))):
                if b + k < bets:
                    out[s, b + k] = np.int64(high_sum) * (np.int64(1) << split) + np.int64(low_sum)


#: The shoes the Horner sums evaluate side by side (each loop over them the innermost, in
#: SIMD lanes): a block's factors, accumulators and low monomials stay in the processor's
#: cache, and the cost of reading the program once per block is shared by this many shoes.
LANES = 128


def _horner_sums(class_counts: np.ndarray, lower: np.ndarray, held: np.ndarray, top: int,
                 cut: int, codes: np.ndarray, closes: np.ndarray, node: np.ndarray,
                 coefficients: np.ndarray, out: np.ndarray) -> None:
    """The kernel numba compiles for the Horner sums (the module's docstring), ``LANES``
    shoes at a time (a last block padded with empty shoes): their factors ``n_c - h`` as
    float64 (``fac[c * top + h]``) and, in int64, their monomials of degree ``cut`` and
    below (``lower``, rows of ``TopSums`` runs); then, for each bet, the top monomials'
    coefficients read in lexicographic order, the depth-first order of the tree of
    prefixes: each one times its last factor is added to its parent's accumulator
    (``codes[i, j]`` the factor of the ``j``-th card of leaf ``i``), and a prefix whose
    last leaf it was (every level from ``top - 1`` down to ``closes[i]``) is closed: times
    its own factor into its parent's accumulator, or, at degree ``cut``, times its
    monomial (``node[i]``) into the int64 sum."""
    shoes, classes = class_counts.shape
    fac = np.empty((classes * top, LANES))
    acc = np.zeros((top, LANES))
    values = np.empty((node.max() + 1 if node.shape[0] else 1, LANES), np.int64)
    n = np.zeros((classes, LANES), np.int64)
    total = np.zeros(LANES, np.int64)
    for first in range(0, shoes, LANES):
        width = min(LANES, shoes - first)
        # element by element: numba compiles these slices' copies a second or two longer
        for c in range(classes):
            for lane in range(LANES):
                n[c, lane] = class_counts[first + lane, c] if lane < width else 0
            for h in range(top):
                for lane in range(LANES):
                    fac[c * top + h, lane] = n[c, lane] - h
        values[0] = 1
        for r in range(lower.shape[0]):  # F_K = F_parent * (n_c - held), a run at a time
            at, parent, length, c = lower[r, 0], lower[r, 1], lower[r, 2], lower[r, 3]
            for j in range(length):
                h = held[at + j]
                for lane in range(LANES):
                    values[at + j, lane] = values[parent + j, lane] * (n[c, lane] - h)
        for b in range(coefficients.shape[0]):
            row = coefficients[b]
            total[:] = 0
            for i in range(codes.shape[0]):
                f, w = codes[i, top - 1], row[i]
                for lane in range(LANES):
                    acc[top - 1, lane] += w * fac[f, lane]
                for j in range(top - 1, closes[i] - 1, -1):
                    if j > cut:
                        f = codes[i, j - 1]
                        for lane in range(LANES):
                            acc[j - 1, lane] += acc[j, lane] * fac[f, lane]
                            acc[j, lane] = 0.0
                    else:
                        k = node[i]
                        for lane in range(LANES):
                            total[lane] += values[k, lane] * np.int64(acc[j, lane])
                            acc[j, lane] = 0.0
            for lane in range(width):
                out[first + lane, b] = total[lane]


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


class Kernels(NamedTuple):
    """The compiled kernels: the Horner sums and the split sums in float64, and the int64
    sums beyond them."""

    horner: Callable[..., None]
    split: Callable[..., None]
    int64: Callable[..., None]


#: What the split sums let the compiler do: fuse a product into its sum and reorder sums
#: (exact, every result being an integer within FLOAT_EXACT), ignore the sign of a zero.
_FAST_MATH = {"contract", "reassoc", "nsz"}


def _numba_kernel() -> Kernels | None:
    """``_horner_sums``, ``_split_sums`` and ``_top_sums`` compiled, or None where numba is
    not installed (or not wanted)."""
    if os.environ.get("EXACT_ODDS_KERNEL", "").lower() == "numpy":
        return None
    try:
        import numba
    except ImportError:
        return None
    try:  # compiled once per machine where a cache can be written, else once per process
        return Kernels(numba.njit(nogil=True, cache=True, fastmath=_FAST_MATH)(_horner_sums),
                       numba.njit(nogil=True, cache=True, fastmath=_FAST_MATH)(_split_sums),
                       numba.njit(nogil=True, cache=True)(_top_sums))
    except RuntimeError:  # no cache locator available for the installed file
        return Kernels(numba.njit(nogil=True, fastmath=_FAST_MATH)(_horner_sums),
                       numba.njit(nogil=True, fastmath=_FAST_MATH)(_split_sums),
                       numba.njit(nogil=True)(_top_sums))


_KERNEL: list[Kernels | None] = []


def kernel() -> Kernels | None:
    """The numba kernels (compiled on first use), or None: numpy then."""
    if not _KERNEL:
        _KERNEL.append(_numba_kernel())
    return _KERNEL[0]


_LOADED: list[bool] = []


def load_kernel() -> None:
    """The float64 sums' kernels made ready now, once a process: numba imported and the
    machine code read from their disk cache (compiled and cached on the very first run). A
    fork server calls it (see ``exact_odds.batch.loaded``), so that every worker forked from
    it starts with the kernel ready, instead of importing numba and reading the cache again,
    about a second each; the first evaluation of a process calls it too, so that the very
    first run compiles both at once, whichever it needs (a later run that needs the other
    would compile it, a second or two, instead of reading it in a hundredth)."""
    compiled = kernel()
    if compiled is None or _LOADED:
        return
    # no shoe: nothing is computed, but the arguments have the types of every real call
    none = np.zeros((0, 4), dtype=np.int64)
    compiled.horner(np.zeros((0, 1), dtype=np.int64), none, np.zeros(1, dtype=np.int64), 1, 1,
                    np.zeros((0, 1), dtype=np.int64), np.zeros(0, dtype=np.int64),
                    np.zeros(0, dtype=np.int64), np.zeros((1, 0)), np.zeros((0, 1), dtype=np.int64))
    compiled.split(np.zeros((0, 1), dtype=np.int64), none, none, np.zeros(0), 0, 1, 0.5,
                   np.zeros((4, 0)), np.zeros((0, 1), dtype=np.int64))
    _LOADED.append(True)


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
    # the same, run by run for the split sums: (first monomial, its parent, the run's length,
    # the class) where a run's parents are consecutive, the runs below the top degree and
    # those of the top degree; held as float64; the largest sum_K |W_K| of a bet (S), the
    # split's bit b; the coefficients as float64, padded with rows of zeros to a multiple of
    # four bets
    lower_runs: np.ndarray
    top_runs: np.ndarray
    held_float: np.ndarray
    spread: int
    split: int
    split_coefficients: np.ndarray
    # the Horner sums' program (None for more than HORNER_BETS bets)
    horner: Horner | None = None

    @classmethod
    def of(cls, basis: MonomialBasis, bets: list[CompiledBet]) -> TopSums | None:
        """The bets folded to the top degree; None when there is none to fold, or a
        coefficient may pass what int64 holds (the general path then takes them)."""
        top = len(basis.levels) - 1
        if not bets or top < 1:
            return None
        position = {m: i for i, m in enumerate(basis.monomials)}
        folded = _pushed_up(basis, position, np.stack([bet.coefficients for bet in bets],
                                                      axis=1))
        level = basis.levels[top]
        coefficients = folded[level]
        max_net = max(bet.max_net for bet in bets)
        orderings = np.array([factorial(top) // prod(factorial(monomial.count(c))
                                                     for c in set(monomial))
                              for monomial in basis.monomials[level]], dtype=object)
        beyond = np.flatnonzero(np.abs(coefficients).max(axis=1) > max_net * orderings)
        if len(beyond):
            raise AssertionError("a folded coefficient passes its bound at "
                                 f"{basis.monomials[level][int(beyond[0])]}")
        if max_net * factorial(top) > INT64_MAX:  # |W_K| <= max_net * t! must fit
            return None
        parent = np.zeros(len(basis.monomials), dtype=np.int64)
        last = np.zeros(len(basis.monomials), dtype=np.int64)
        held = np.zeros(len(basis.monomials), dtype=np.int64)
        for i, monomial in enumerate(basis.monomials[1:], start=1):
            parent[i] = position[monomial[:-1]]
            last[i] = monomial[-1]
            held[i] = monomial[:-1].count(monomial[-1])
        spread = max(int(total) for total in np.abs(coefficients.astype(object)).sum(axis=0))
        padded = np.zeros((-(-len(bets) // 4) * 4, len(coefficients)))
        # exact in float64 where the split sums are taken: |W_K| <= spread < 2**52 there
        padded[:len(bets)] = coefficients.T.astype(np.int64)
        horner = (Horner.of(basis, position, parent, last, held, padded[:len(bets)])
                  if len(bets) <= HORNER_BETS and top > 1 and spread <= FLOAT_EXACT else None)
        return cls(tuple(bet.id for bet in bets), basis, top,
                   np.ascontiguousarray(coefficients.T.astype(np.int64)), max_net,
                   parent, last, held, _runs(parent, last, 1, level.start),
                   _runs(parent, last, level.start, level.stop), held.astype(np.float64), spread,
                   FLOAT_EXACT.bit_length() - 1 - spread.bit_length(), padded, horner)

    def cut(self, largest_count: int) -> int | None:
        """The lowest degree down to which the Horner sums are exact in float64 for shoes
        whose largest class count is ``largest_count`` (the module's bound: ``S * A**(t -
        cut) <= FLOAT_EXACT``, ``A = max(m, t - 1)`` the largest factor), from 1 to ``t - 1``;
        None where none is, or the bets take the split sums."""
        if self.horner is None:
            return None
        factor = max(largest_count, self.top - 1)
        return next((cut for cut in range(1, self.top)
                     if self.spread * factor ** (self.top - cut) <= FLOAT_EXACT), None)

    def splits(self, largest_count: int) -> bool:
        """Whether the split sums are exact for shoes whose largest class count is
        ``largest_count`` (the module's bound): every monomial at most ``m**t`` and each
        half's sum at most ``FLOAT_EXACT``."""
        monomial = max(largest_count, 1) ** self.top
        return (self.split >= 1 and monomial <= FLOAT_EXACT
                and self.spread * (monomial >> self.split) <= FLOAT_EXACT)

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
        start = self.basis.levels[self.top].start
        if compiled is not None:
            load_kernel()
            found = np.empty((len(counts), len(self.bet_ids)), dtype=np.int64)
            largest = int(counts.max(initial=0))
            if (cut := self.cut(largest)) is not None and self.horner is not None:
                lower, closes, node = self.horner.cuts[cut - 1]
                compiled.horner(counts, lower, self.held, self.top, cut, self.horner.codes,
                                closes, node, self.horner.coefficients, found)
            elif self.splits(largest):
                compiled.split(counts, self.lower_runs, self.top_runs, self.held_float, start,
                               self.split, 2.0 ** -self.split, self.split_coefficients, found)
            else:
                compiled.int64(counts, self.parent, self.cls, self.held, start,
                               self.coefficients, found)
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


#: The most bets the Horner sums take (each bet walks the whole tree; beyond, the split
#: sums, which build each monomial once for every bet, cost less).
HORNER_BETS = 6


@dataclass(frozen=True, eq=False)
class Horner:
    """The program of the Horner sums (``_horner_sums``) for one basis: the top monomials
    in lexicographic order (the depth-first order of the tree of their prefixes), each
    card's factor (``codes[i, j] = c * t + h``: the ``j``-th card of leaf ``i`` is of class
    ``c``, ``h`` of them before it); per cut degree from 1 to ``t - 1`` (``cuts[cut - 1]``):
    the runs of the monomials up to it, how far down the prefixes close after each leaf,
    and the position of each leaf's prefix of degree ``cut``; the bets' coefficients, in
    the leaves' order, as float64."""

    codes: np.ndarray
    cuts: tuple[tuple[np.ndarray, np.ndarray, np.ndarray], ...]
    coefficients: np.ndarray

    @classmethod
    def of(cls, basis: MonomialBasis, position: dict[tuple[int, ...], int],
           parent: np.ndarray, last: np.ndarray, held: np.ndarray,
           coefficients: np.ndarray) -> Horner:
        """The program for the basis's top monomials and the bets' float64 coefficients
        ``(bets, top monomials)`` in the basis's order."""
        top = len(basis.levels) - 1
        level = basis.levels[top]
        leaves = sorted(range(level.start, level.stop), key=basis.monomials.__getitem__)
        codes = np.array([[c * top + int(held[position[basis.monomials[i][:j + 1]]])
                           for j, c in enumerate(basis.monomials[i])] for i in leaves],
                         dtype=np.int64).reshape(-1, top)
        # how many cards each leaf shares with the next (none after the last)
        shared = np.zeros(len(leaves), dtype=np.int64)
        for k in range(len(leaves) - 1):
            here, after = basis.monomials[leaves[k]], basis.monomials[leaves[k + 1]]
            shared[k] = next((j for j in range(top) if here[j] != after[j]), top)
        cuts = tuple((_runs(parent, last, 1, basis.levels[cut].stop),
                      np.maximum(shared + 1, cut),
                      np.array([position[basis.monomials[i][:cut]] for i in leaves],
                               dtype=np.int64))
                     for cut in range(1, top))
        return cls(codes, cuts, np.ascontiguousarray(
            coefficients[:, np.array(leaves, dtype=np.int64) - level.start]))


def _runs(parent: np.ndarray, last: np.ndarray, first: int, stop: int) -> np.ndarray:
    """The monomials ``first`` to ``stop - 1`` in runs of one class whose parents are
    consecutive: rows of (first monomial, its parent, length, class)."""
    found: list[list[int]] = []
    for i in range(first, stop):
        if found and (run := found[-1])[3] == last[i] and run[0] + run[2] == i \
                and run[1] + run[2] == parent[i]:
            run[2] += 1
        else:
            found.append([i, int(parent[i]), 1, int(last[i])])
    return np.array(found, dtype=np.int64).reshape(-1, 4)


def _pushed_up(basis: MonomialBasis, position: dict[tuple[int, ...], int],
               coefficients: np.ndarray) -> np.ndarray:
    """Every coefficient below the top degree pushed up a degree at a time, the bets' rows
    at once (``F_K * (N - |K|) = sum_c F_{K + c}``). int64 where no sum can pass it: a
    coefficient of degree ``d`` gathers its own and at most ``d`` from below (one per
    class ``K`` holds), so after ``d`` degrees it is at most ``B_d = B_0 + d * B_{d-1}``,
    ``B_0`` the largest coefficient given; Python integers beyond."""
    top = len(basis.levels) - 1
    bound = largest = max((abs(int(v)) for v in coefficients.flat), default=0)
    for degree in range(1, top + 1):
        bound = largest + degree * bound
    folded = coefficients.astype(np.int64 if bound <= INT64_MAX else object)
    for degree in range(top):
        level = basis.levels[degree]
        for c in range(len(basis.partition)):  # K + c is a distinct monomial for each K
            above = [position[tuple(sorted((*monomial, c)))]
                     for monomial in basis.monomials[level]]
            folded[above] += folded[level]
    return folded


#: The working set of a step of shoes: about a processor's second-level cache.
_CACHE_BYTES = 2_000_000
