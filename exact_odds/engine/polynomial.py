"""Symbolic class counts: the enumerator's arithmetic on counts that are not yet known.

A shoe's count of each card class is a variable ``n_c``. Every weight the enumerator builds
is a product of factors ``n_c - j`` (``j`` cards of the class already dealt), so every count
it returns is an integer combination of *falling monomials*::

    prod_c  n_c (n_c - 1) ... (n_c - k_c + 1)

one per multiset ``K`` of the classes dealt (``k_c`` cards of class ``c``). A ``Poly`` holds
such a combination as ``{K: coefficient}``, ``K`` a sorted tuple of class indices.
Multiplying by a count uses ``n_c * falling(n_c, k) = falling(n_c, k + 1) + k * falling(n_c, k)``;
two falling monomials multiply class by class with
``falling(n, a) * falling(n, b) = sum_j C(a, j) C(b, j) j! falling(n, a + b - j)``
(``j`` cards of one counted among the other's). Either way the result stays in the same
basis and every coefficient stays an integer.

Running the enumerator with a ``Poly`` for each class count (instead of an ``int``) gives,
for every outcome, the polynomial whose value at any shoe is that outcome's count: the
enumeration compiled once, evaluated for any number of shoes by integer arithmetic.

>>> n0, n1 = Poly.count(0), Poly.count(1)
>>> w = n0 * (n0 - 1) * n1          # two cards of class 0, then one of class 1
>>> w
Poly({(0, 0, 1): 1})
>>> w.value([5, 3])                 # 5 * 4 * 3
60
"""

from __future__ import annotations

from bisect import insort
from collections import Counter
from collections.abc import Sequence
from itertools import product
from math import comb, factorial

Monomial = tuple[int, ...]


def _falling(n: int, k: int) -> int:
    result = 1
    for i in range(k):
        result *= n - i
    return result


class Poly(dict[Monomial, int]):
    """An integer combination of falling monomials in the class counts.

    Only what the enumerator needs is defined: sums, integer multiples and products. A
    symbolic count is never known to be zero, so ``p <= 0`` is false and ``p > 0`` true:
    the enumerator's "no cards left" shortcuts never drop a term.
    """

    __slots__ = ()

    @classmethod
    def count(cls, index: int) -> Poly:
        """The count of class ``index`` as a polynomial."""
        return cls({(index,): 1})

    # --- arithmetic ----------------------------------------------------------------------

    def copy(self) -> Poly:
        return Poly(self)

    def _added(self, other: object, sign: int) -> Poly:
        result = Poly(self)
        result._accumulate(other, sign)
        return result

    def _accumulate(self, other: object, sign: int) -> None:
        if isinstance(other, Poly):
            for key, coef in other.items():
                total = self.get(key, 0) + sign * coef
                if total:
                    self[key] = total
                else:
                    self.pop(key, None)
        elif isinstance(other, int):
            if other:
                total = self.get((), 0) + sign * other
                if total:
                    self[()] = total
                else:
                    self.pop((), None)
        else:
            raise TypeError(f"cannot add {type(other).__name__} to a Poly")

    def __add__(self, other: object) -> Poly:
        return self._added(other, 1)

    def __radd__(self, other: object) -> Poly:
        return self._added(other, 1)

    def __iadd__(self, other: object) -> Poly:
        self._accumulate(other, 1)
        return self

    def __sub__(self, other: object) -> Poly:
        return self._added(other, -1)

    def __rsub__(self, other: object) -> Poly:
        return (-self)._added(other, 1)

    def __isub__(self, other: object) -> Poly:
        self._accumulate(other, -1)
        return self

    def __pos__(self) -> Poly:
        return Poly(self)

    def __neg__(self) -> Poly:
        return Poly({key: -coef for key, coef in self.items()})

    def __mul__(self, other: object) -> Poly:
        if isinstance(other, bool) or isinstance(other, int):
            return Poly({k: c * other for k, c in self.items()}) if other else Poly()
        if isinstance(other, Poly):
            if other.degree <= 1:
                return self._times_linear(other)
            if self.degree <= 1:
                return other._times_linear(self)
            return self._times(other)
        return NotImplemented

    __rmul__ = __mul__

    def _times_linear(self, linear: Poly) -> Poly:
        result: dict[Monomial, int] = {}
        get = result.get
        for key, coef in linear.items():
            if not key:
                for monomial, m in self.items():
                    result[monomial] = get(monomial, 0) + coef * m
                continue
            (c,) = key
            for monomial, m in self.items():
                grown = list(monomial)
                insort(grown, c)
                g = tuple(grown)
                result[g] = get(g, 0) + coef * m
                k = monomial.count(c)
                if k:
                    result[monomial] = get(monomial, 0) + coef * m * k
        return Poly({key: coef for key, coef in result.items() if coef})

    def _times(self, other: Poly) -> Poly:
        result: dict[Monomial, int] = {}
        for left, a in self.items():
            mine = Counter(left)
            for right, b in other.items():
                theirs = Counter(right)
                alone = [c for c in right if c not in mine]
                # per class held by both: (cards of the product, coefficient) for each overlap
                shared = [[(mine[c] + k - j, comb(mine[c], j) * comb(k, j) * factorial(j))
                           for j in range(min(mine[c], k) + 1)]
                          for c, k in theirs.items() if c in mine]
                classes = [c for c in theirs if c in mine]
                rest = [c for c in left if c not in theirs]
                for choice in product(*shared):
                    coef = a * b
                    monomial = rest + alone
                    for c, (size, ways) in zip(classes, choice):
                        coef *= ways
                        monomial += [c] * size
                    key = tuple(sorted(monomial))
                    result[key] = result.get(key, 0) + coef
        return Poly({key: coef for key, coef in result.items() if coef})

    # --- what the enumerator asks of a count ---------------------------------------------

    def __le__(self, other: object) -> bool:
        return False

    def __lt__(self, other: object) -> bool:
        return False

    def __gt__(self, other: object) -> bool:
        return True

    def __ge__(self, other: object) -> bool:
        return True

    __hash__ = None  # a mutable dict: unhashable, as dict itself is

    @property
    def degree(self) -> int:
        return max((len(key) for key in self), default=0)

    def value(self, counts: Sequence[int]) -> int:
        """The polynomial's value for the given class counts."""
        total = 0
        for key, coef in self.items():
            term = coef
            for c in set(key):
                term *= _falling(counts[c], key.count(c))
            total += term
        return total

    def __repr__(self) -> str:
        return f"Poly({dict(sorted(self.items()))})"
