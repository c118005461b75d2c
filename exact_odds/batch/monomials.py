"""The monomials of a batch's compiled tables, evaluated for many shoes at once.

A compiled table (``engine/compiled.py``) counts one shoe's outcomes as an integer
combination of falling monomials in the card classes' counts. A batch evaluates every
monomial it needs for thousands of shoes, each built from its parent (``MonomialBasis``),
and reads its shoes' class counts through ``partition_matrix``; the engine, which counts
one shoe, never does: this is the batch's side of the tables.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import numpy as np

from exact_odds.cards import DECK
from exact_odds.engine.tally import CompiledCounts, Monomial

if TYPE_CHECKING:
    from numpy.typing import DTypeLike
from exact_odds.engine.plan import INT64_CARDS
from exact_odds.shoe import CARDS_PER_ROUND


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
    #: each thread's reused buffer (a Dask worker runs ranges of shoes in several threads)
    workspace: threading.local = field(default_factory=threading.local, compare=False)
    #: None -> {monomial: position}; a table -> its monomials' positions (``positions``)
    placed: dict[Any, Any] = field(default_factory=dict, compare=False)

    def positions(self, table: CompiledCounts) -> np.ndarray:
        """Where each monomial of ``table`` stands in the basis."""
        found = self.placed.get(table)
        if found is None:
            if not self.placed:
                self.placed[None] = {m: i for i, m in enumerate(self.monomials)}
            position = self.placed[None]
            found = self.placed[table] = np.array(
                [position[m] for m in table.monomials], dtype=np.intp)
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

        ``int64`` when every shoe has at most ``INT64_CARDS`` cards, else ``object``.
        The result is written into a buffer the basis keeps and reuses, one per thread: it
        is valid until the thread's next call (fresh megabytes on every call would cost a
        page fault per 4 kB; one buffer shared by threads gave garbage values).
        """
        shoes, _ = class_counts.shape
        exact = int(size.max(initial=0)) > INT64_CARDS
        dtype: DTypeLike = object if exact else np.int64
        counts = class_counts.astype(dtype)
        key = (shoes, np.dtype(dtype).str)
        kept: tuple[tuple[int, str], np.ndarray] | None = getattr(self.workspace, "kept", None)
        if kept is None or kept[0] != key:
            kept = self.workspace.kept = (key, np.empty((shoes, len(self.monomials)), dtype=dtype))
        found = kept[1]
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

    def pads(self, size: np.ndarray, dtype: DTypeLike) -> list[np.ndarray]:
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


def partition_matrix(partition: tuple[tuple[str, ...], ...]) -> np.ndarray:
    """A (52, classes) 0/1 matrix: card counts times it are class counts."""
    index = {card: i for i, card in enumerate(DECK)}
    matrix = np.zeros((len(DECK), len(partition)), dtype=np.int64)
    for c, cards in enumerate(partition):
        for card in cards:
            matrix[index[card], c] = 1
    return matrix




def class_counts(rows: np.ndarray, to_classes: np.ndarray) -> np.ndarray:
    """Each shoe's count of each class, ``rows @ to_classes`` (``partition_matrix``), as
    sums of each class's columns: numpy multiplies integer matrices in a plain loop, several
    times slower than gathering the columns and adding them (a simulation does it every
    round)."""
    classes = to_classes.argmax(axis=1)
    held = np.flatnonzero(to_classes.any(axis=1))
    order = held[np.argsort(classes[held], kind="stable")]
    starts = np.searchsorted(classes[order], np.arange(to_classes.shape[1]))
    if len(order) and len(np.unique(classes[order])) == to_classes.shape[1]:
        return np.add.reduceat(rows[:, order].astype(np.int64, copy=False), starts, axis=1)
    return np.asarray(rows.astype(np.int64) @ to_classes)  # a class with no card: none here
