"""Compiled tables: the enumeration run once over symbolic counts, then evaluated for any
number of shoes by integer arithmetic.

The reference enumerator (``enumerator.py``) is run with a ``Poly`` for each card class's
count instead of an integer. Every outcome's count comes out as an integer combination of
falling monomials ``prod_c falling(n_c, k_c)``, one per multiset ``K`` of classes dealt, a
round of ``m = |K|`` cards standing for ``falling(N - m, 6 - m)`` ways to fill the positions
it left unused. A bet's pay table is folded in: each monomial gets the integer
``D * sum(net pay * coefficient)`` over the outcomes, ``D`` the least common denominator of
its pays, so a bet's expected value at a shoe is

    sum_K V_K * prod_c falling(n_c, k_c) * falling(N - |K|, 6 - |K|)  /  (D * falling(N, 6)).

Evaluating a batch builds every monomial from its parent (one product each) and takes one
integer matrix product with the bets' coefficients. numpy ``int64`` is used only where no
intermediate can reach 2**63: every monomial is at most ``falling(N, 6)``, and a bet's
coefficients are split into limbs small enough that each limb's sum stays below 2**63
(``_limb_base``); beyond about 27 decks the monomials themselves are Python integers.
Never a silent overflow.

>>> from exact_odds.shoe import Shoe
>>> table = compiled_counts(("winner",), PUNTO_BANCO)
>>> table.counts(Shoe.from_decks(8))[("tie",)]
475627426473216
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cache, lru_cache
from math import lcm
from typing import Any

import numpy as np

from exact_odds.cards import DECK
from exact_odds.engine.classes import Classes, Keys, class_keys, class_partition
from exact_odds.engine.enumerator import Rules, _assemble, enumerate_round, falling, plan
from exact_odds.engine.polynomial import Monomial, Poly
from exact_odds.engine.vocabulary import column
from exact_odds.rules import PUNTO_BANCO
from exact_odds.shoe import CARDS_PER_ROUND, Shoe

_INT64_LIMIT = 2**63 - 1


@dataclass(frozen=True, eq=False)
class CompiledCounts:
    """Every outcome of a set of columns as a polynomial in the class counts."""

    columns: tuple[str, ...]
    partition: tuple[tuple[str, ...], ...]  # the card classes, each a tuple of cards
    outcomes: Mapping[tuple[Any, ...], Poly]
    _sparse: list[Any] = field(default_factory=list, repr=False)  # sparse(), once built

    def sparse(self) -> tuple[tuple[Monomial, ...], np.ndarray, np.ndarray, np.ndarray]:
        """The table as arrays: (monomials, key index, monomial index, coefficient) per
        term; coefficients count orderings, small enough for int64."""
        if self._sparse:
            hit: tuple[tuple[Monomial, ...], np.ndarray, np.ndarray, np.ndarray] = self._sparse[0]
            return hit
        monomials: dict[Monomial, int] = {}
        key_index, mono_index, coefs = [], [], []
        for k, poly in enumerate(self.outcomes.values()):
            for monomial, coef in poly.items():
                key_index.append(k)
                mono_index.append(monomials.setdefault(monomial, len(monomials)))
                coefs.append(coef)
        found = (tuple(monomials), np.array(key_index, dtype=np.intp),
                 np.array(mono_index, dtype=np.intp), np.array(coefs, dtype=np.int64))
        self._sparse.append(found)
        return found

    def class_counts(self, shoe: Shoe) -> list[int]:
        """The shoe's count of each class, in the table's order."""
        index = {card: i for i, card in enumerate(DECK)}
        return [sum(shoe.counts[index[card]] for card in cards) for cards in self.partition]

    def counts(self, shoe: Shoe) -> dict[tuple[Any, ...], int]:
        """The outcome counts of one shoe (the same as ``outcome_counts``), for checking."""
        n = self.class_counts(shoe)
        size = shoe.size
        found = {}
        for key, poly in self.outcomes.items():
            total = 0
            for monomial, coef in poly.items():
                term = coef * falling(size - len(monomial), CARDS_PER_ROUND - len(monomial))
                for c in set(monomial):
                    term *= falling(n[c], monomial.count(c))
                total += term
            if total:
                found[key] = total
        return found


@lru_cache(maxsize=64)
def compiled_counts(columns: tuple[str, ...], rules: Rules = PUNTO_BANCO) -> CompiledCounts:
    """Run the enumerator once over symbolic class counts for these columns and rules."""
    deal_names, card_names, round_names, needs = plan(columns)
    deal_cols = [column(name) for name in deal_names]
    card_cols = [column(name) for name in card_names]
    classes, partition = _symbolic_classes(class_keys(deal_cols, card_cols))
    deals = enumerate_round(classes, deal_names, card_names, round_names, needs, rules)
    outcomes = {key: poly for key, poly in _assemble(columns, deals).items()
                if isinstance(poly, Poly) and poly}
    for key, poly in outcomes.items():
        if any(coef < 0 for coef in poly.values()):
            raise AssertionError(f"a compiled count has a negative coefficient ({key})")
    return CompiledCounts(columns, partition, outcomes)


def _symbolic_classes(keys: Keys) -> tuple[Classes, tuple[tuple[str, ...], ...]]:
    """Classes whose counts are variables: one per class of the Player's cards (the
    finest); the Banker's and the third cards' classes are sums of them."""
    first_key, banker_key, third_key = keys.first, keys.banker, keys.third
    first = class_partition(first_key)
    n = [Poly.count(i) for i in range(len(first))]
    sums = []
    for key in (banker_key, third_key):
        groups: dict[Hashable, tuple[str, Poly]] = {}
        for i, cards in enumerate(first):
            k = key(cards[0])
            rep, total = groups.get(k, (cards[0], Poly()))
            groups[k] = (rep, total + n[i])
        order = [card for cards in class_partition(key) for card in cards[:1]]
        by_rep = {key(rep): (rep, total) for rep, total in groups.values()}
        sums.append([(card, by_rep[key(card)][1]) for card in order if key(card) in by_rep])
    pad: dict[int, object] = dict.fromkeys((2, 4, 5, 6), 1)
    classes = Classes([(cards[0], count) for cards, count in zip(first, n)], sums[0], sums[1],
                       keys, pad)
    return classes, first


# --- evaluating many shoes -----------------------------------------------------------------

@dataclass(frozen=True, eq=False)
class MonomialBasis:
    """Every monomial up to the bets' largest degree, level by level in *colex* order: a
    level's monomials ending in class ``c`` are the previous level's monomials ending in a
    class up to ``c`` (a prefix of that level), each times ``n_c``. Building a level is
    then a broadcast product per class on contiguous blocks, with a small correction where
    the parent already ends in ``c`` (``n_c - r`` for a parent holding ``r`` of them)."""

    partition: tuple[tuple[str, ...], ...]
    monomials: tuple[Monomial, ...]
    levels: tuple[slice, ...]  # levels[d]: the monomials of degree d
    #: per level d >= 1 and class c: (prefix length, start of the parents ending in c,
    #: their multiplicities of c)
    blocks: tuple[tuple[tuple[int, int, np.ndarray], ...], ...]
    workspace: dict[tuple[int, str], np.ndarray] = field(default_factory=dict, compare=False)
    #: None -> {monomial: position}; a table -> its monomials' positions (``positions``)
    placed: dict[Any, Any] = field(default_factory=dict, compare=False)

    def positions(self, table: CompiledCounts) -> np.ndarray:
        """Where each monomial of ``table`` (``table.sparse()[0]``) stands in the basis."""
        found = self.placed.get(table)
        if found is None:
            if not self.placed:
                self.placed[None] = {m: i for i, m in enumerate(self.monomials)}
            position = self.placed[None]
            found = self.placed[table] = np.array(
                [position[m] for m in table.sparse()[0]], dtype=np.intp)
        return found

    @classmethod
    def covering(cls, partition: tuple[tuple[str, ...], ...],
                 wanted: Sequence[Monomial]) -> MonomialBasis:
        """Every monomial over the partition's classes up to the largest degree wanted."""
        k = len(partition)
        top = max((len(m) for m in wanted), default=0)
        levels_list: list[list[Monomial]] = [[()]]
        blocks = []
        for _ in range(top):
            previous = levels_list[-1]
            lasts = [m[-1] if m else -1 for m in previous]
            level: list[Monomial] = []
            per_class = []
            for c in range(k):
                prefix = sum(1 for last in lasts if last <= c)
                start = sum(1 for last in lasts if last < c)
                tail = np.array([previous[i].count(c) for i in range(start, prefix)],
                                dtype=np.int64)
                per_class.append((prefix, start, tail))
                level.extend(m + (c,) for m in previous[:prefix])
            levels_list.append(level)
            blocks.append(tuple(per_class))
        monomials = tuple(m for level in levels_list for m in level)
        slices, at = [], 0
        for level in levels_list:
            slices.append(slice(at, at + len(level)))
            at += len(level)
        return cls(partition, monomials, tuple(slices), tuple(blocks))

    def values(self, class_counts: np.ndarray, size: np.ndarray) -> np.ndarray:
        """Every monomial's value, shoe by shoe (no padding: see ``pads``).

        ``int64`` when every shoe has at most ``_max_int64_size()`` cards, else ``object``.
        The result is written into a buffer the basis keeps and reuses: it is valid until
        the next call (fresh megabytes on every call would cost a page fault per 4 kB).
        """
        shoes, _ = class_counts.shape
        exact = int(size.max(initial=0)) > _max_int64_size()
        dtype: Any = object if exact else np.int64
        counts = class_counts.astype(dtype)
        key = (shoes, np.dtype(dtype).str)
        found = self.workspace.get(key)
        if found is None:
            self.workspace.clear()
            found = self.workspace[key] = np.empty((shoes, len(self.monomials)), dtype=dtype)
        found[:, 0] = 1
        for degree, per_class in enumerate(self.blocks, start=1):
            previous = found[:, self.levels[degree - 1]]
            at = self.levels[degree].start
            for c, (prefix, start, tail) in enumerate(per_class):
                part = found[:, at:at + prefix]
                np.multiply(previous[:, :prefix], counts[:, c:c + 1], out=part)
                if prefix > start:
                    part[:, start:] -= previous[:, start:prefix] * tail.astype(dtype)
                at += prefix
        return found

    def pads(self, size: np.ndarray, dtype: Any) -> list[np.ndarray]:
        """``falling(N - m, 6 - m)`` per shoe, for each degree m: the ways to fill the
        positions a round of m cards leaves unused."""
        sizes = size.astype(dtype)
        found = []
        for degree in range(len(self.levels)):
            pad = np.ones(len(size), dtype=dtype)
            for i in range(CARDS_PER_ROUND - degree):
                pad = pad * (sizes - degree - i)
            found.append(pad)
        return found

    def padded(self, values: np.ndarray, size: np.ndarray) -> np.ndarray:
        """The values times their padding."""
        result = values.copy()
        for level, pad in zip(self.levels, self.pads(size, values.dtype)):
            result[:, level] *= pad[:, None]
        return result


def _max_int64_size() -> int:
    """The largest shoe whose six-card sequences (every monomial's bound) fit in int64."""
    return _largest_size_below(_INT64_LIMIT)


@cache
def _largest_size_below(limit: int) -> int:
    size = CARDS_PER_ROUND
    while falling(size + 1, CARDS_PER_ROUND) <= limit:
        size += 1
    return size


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
        rest = self.coefficients.copy()
        found = []
        while True:
            low = np.array([int(v) % base if v >= 0 else -((-int(v)) % base) for v in rest],
                           dtype=object)
            found.append(low.astype(np.int64))
            rest = np.array([(int(v) - int(lo)) // base for v, lo in zip(rest, low)], dtype=object)
            if not any(rest):
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
    def of(cls, nets: Sequence[Fraction]) -> NetPays:
        denominator = lcm(*{net.denominator for net in nets}) if nets else 1
        scaled = np.array([int(net * denominator) for net in nets], dtype=object)
        return cls(denominator, scaled, max((abs(int(v)) for v in scaled), default=0))


def fold_bet(bet_id: str, table: CompiledCounts, nets: NetPays, basis: MonomialBasis,
             terms: np.ndarray | None = None) -> CompiledBet:
    """Fold a bet's net pays into coefficients over ``basis``; ``terms`` (indices into the
    table's terms) keeps only some of them."""
    denominator, scaled, largest = nets.denominator, nets.scaled, nets.largest
    _, key_index, mono_index, coefs = table.sparse()
    where = basis.positions(table)[mono_index]
    if terms is not None:
        key_index, where, coefs = key_index[terms], where[terms], coefs[terms]
    if largest < 2**20:
        # each coefficient is at most 2**20 times the orderings of one multiset (at most
        # 6! = 720): a float64 sum of them is exact
        weights = scaled.astype(np.float64)[key_index] * coefs
        summed = np.bincount(where, weights=weights, minlength=len(basis.monomials))
        coefficients = np.rint(summed).astype(np.int64).astype(object)
    else:
        exact = scaled[key_index] * coefs.astype(object)
        coefficients = np.zeros(len(basis.monomials), dtype=object)
        np.add.at(coefficients, where, exact)
    return CompiledBet(bet_id, denominator, max(largest, 1), coefficients)




def _limb_base(largest_size: int) -> int | None:
    """A base for splitting coefficients so that every limb's sum fits in int64, or None
    when even the monomials do not (the shoe is too large)."""
    total = falling(largest_size, CARDS_PER_ROUND)
    if total > _INT64_LIMIT:
        return None
    base = _INT64_LIMIT // total
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
    if values.dtype != object or all(-_INT64_LIMIT <= int(v) <= _INT64_LIMIT for v in values):
        return values.astype(np.int64)
    return values


def concatenate_exact(arrays: list[np.ndarray]) -> np.ndarray:
    """Arrays of exact integers end to end: int64 if every part is, else Python integers."""
    if all(a.dtype != object for a in arrays):
        return np.concatenate(arrays)
    return np.concatenate([a.astype(object) for a in arrays])


def partition_matrix(partition: tuple[tuple[str, ...], ...]) -> np.ndarray:
    """A (52, classes) 0/1 matrix: card counts times it are class counts."""
    index = {card: i for i, card in enumerate(DECK)}
    matrix = np.zeros((len(DECK), len(partition)), dtype=np.int64)
    for c, cards in enumerate(partition):
        for card in cards:
            matrix[index[card], c] = 1
    return matrix
