"""Class sequences tallied into a compiled table (``CompiledCounts``): each sequence of card
classes counted by its outcome and its multiset of classes, the multiset's falling monomial
standing for every way a shoe deals it (``exact_odds.engine.compiled``).

The card classes (``partition_of``) are the finest the columns read, refined by the ranks
known at a position (``exact_odds.known``); where cards are known, only the sequences that agree
are counted (``agreeing_starts``, and each position the sequences do not deal dealt as one
more card), and what a position shown shows ends each outcome's key.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from math import prod
from typing import Any

import numpy as np

from exact_odds.cards import DECK
from exact_odds.engine.classes import class_keys, class_partition
from exact_odds.engine.fine import ids
from exact_odds.engine.plan import Names, falling, key_order, plan
from exact_odds.known import NOTHING, Known
from exact_odds.limits import MAX_KNOWN_SEQUENCES
from exact_odds.rules import PUNTO_BANCO, DrawingRules
from exact_odds.shoe import CARDS_PER_ROUND, Shoe
from exact_odds.vocabulary import valued_key

#: A multiset of card classes: a sorted tuple of class indices.
Monomial = tuple[int, ...]


#: Pieces of class sequences: the outcome code of each, and the class at each position.
Sequences = list[tuple[np.ndarray, list[np.ndarray]]]


@dataclass(frozen=True, eq=False)
class CompiledCounts:
    """Every outcome of some columns as a combination of falling monomials: term ``t`` adds
    ``coefs[t]`` times monomial ``monomials[mono_index[t]]`` to ``outcomes[key_index[t]]``."""

    columns: Names
    partition: tuple[tuple[str, ...], ...]  # the card classes, each a tuple of cards
    outcomes: tuple[tuple[Any, ...], ...]  # each outcome's key: the columns' values in order
    monomials: tuple[Monomial, ...]
    key_index: np.ndarray
    mono_index: np.ndarray
    coefs: np.ndarray  # int64: class sequences, at most 6! per (outcome, monomial)

    def counts(self, shoe: Shoe) -> dict[tuple[Any, ...], int]:
        """The outcome counts of one shoe, in Python integers: its falling monomials' values
        times the terms' coefficients; for the infinite deck (``shoe.replacement``), each
        card put back, powers instead of falling factorials."""
        n = [sum(shoe.counts[DECK.index(card)] for card in cards) for cards in self.partition]
        # a monomial of a class the shoe lacks is 0 (falling(0, j) = 0): on a small shoe
        # most are, and neither they nor their terms are computed
        lacking = {c for c, held in enumerate(n) if not held}
        ways: Callable[[int, int], int] = (
            (lambda count, k: count ** k) if shoe.replacement else falling)
        value = [0 if not lacking.isdisjoint(m) else
                 ways(shoe.size - (0 if shoe.replacement else len(m)), CARDS_PER_ROUND - len(m))
                 * prod(ways(n[c], m.count(c)) for c in set(m)) for m in self.monomials]
        live = np.flatnonzero(np.array([v != 0 for v in value], dtype=bool)[self.mono_index])
        found: dict[int, int] = {}
        for k, m, coef in zip(self.key_index[live].tolist(), self.mono_index[live].tolist(),
                              self.coefs[live].tolist()):
            found[k] = found.get(k, 0) + coef * value[m]
        return {self.outcomes[k]: ways for k, ways in found.items() if ways}


def partition_of(columns: Names, rules: DrawingRules = PUNTO_BANCO, known: Known = NOTHING
                 ) -> tuple[tuple[str, ...], ...]:
    """The card classes a compiled table of these columns counts: the finest they read
    (and the ranks, where the rules value a hand by rank; and each set of ranks ``known``
    names, a union of classes)."""
    wanted = plan(columns)
    deal_cols, card_cols, _ = wanted.columns()
    key = class_keys(deal_cols, card_cols).first
    return class_partition(known.refine(valued_key(key, rules.round)))


def held_classes(shoe: Shoe, names: Names, rules: DrawingRules, known: Known = NOTHING
                 ) -> tuple[int, ...]:
    """The classes of ``partition_of`` that the shoe holds a card of."""
    return tuple(i for i, cards in enumerate(partition_of(names, rules, known))
                 if any(shoe.count(card) for card in cards))


def tallied(columns: Names, partition: tuple[tuple[str, ...], ...], sequences: Sequences,
             read: Callable[[int], tuple[Any, ...]], weights: np.ndarray | None = None,
             known: Known = NOTHING, places: tuple[int, ...] = ()) -> CompiledCounts:
    """Class sequences counted by (outcome, multiset of classes); ``read`` gives the key
    parts (deal values, round values, card values) of an outcome code; ``weights``: the
    sequences each row stands for (one piece only; None: one each). ``places``: the
    position of each class of a piece's sequences, where ``known`` (``_agreeing``) keeps
    the sequences that agree with it and ends each key with the classes it shows."""
    k = len(partition)
    digits = (k + 1) ** np.arange(CARDS_PER_ROUND, dtype=np.int64)
    allowed = allowed_classes(partition, known)
    shown = known.shown_digits(partition)  # what a position shown shows of each class
    base = int(shown.max()) + 1
    pieces = []
    for code, classes in sequences:
        # each multiset: its classes sorted, the positions not dealt as k, in base k + 1
        spread = [c.ravel() for c in np.broadcast_arrays(code, *classes)]
        ones = np.ones(len(spread[0]), dtype=np.int64) if weights is None else weights
        if known:
            spread[0], spread[1:], ones = _agreeing(spread[0], spread[1:], ones, places, known,
                                                    allowed, k, shown)
        spread += [np.full(len(spread[0]), k, dtype=np.int64)] * (CARDS_PER_ROUND + 1 - len(spread))
        multiset = np.sort(np.stack(spread[1:], axis=1), axis=1) @ digits
        pieces.append(_counted(spread[0], multiset, ones))
    code, multiset, count = (np.concatenate(piece) for piece in zip(*pieces))
    codes, code_index = np.unique(code, return_inverse=True)
    order, seen = key_order(columns), len(known.shown)

    def keyed(code: int) -> tuple[Any, ...]:  # the columns' values, then what is shown
        code, at = divmod(code, base ** seen)
        return (*order(read(code)), *(at // base ** (seen - 1 - i) % base for i in range(seen)))

    key_of, outcomes = ids([keyed(c) for c in codes.tolist()])  # outcomes read alike
    outcome, multiset, count = _counted(key_of[code_index], multiset, count)
    held, mono_index = np.unique(multiset, return_inverse=True)
    monomials = tuple(tuple(c for c in (code // digits % (k + 1)).tolist() if c < k)
                      for code in held.tolist())
    return CompiledCounts(columns, partition, tuple(outcomes), monomials,
                          outcome.astype(np.intp), mono_index.astype(np.intp), count)


def allowed_classes(partition: tuple[tuple[str, ...], ...], known: Known) -> dict[int, np.ndarray]:
    """The classes each known position's card may be of (each class wholly of the known
    ranks or wholly not: ``Known.refine``)."""
    reps = [cards[0] for cards in partition]
    return {position: np.flatnonzero(np.array(known.allowed(reps, position, partition), dtype=bool))
            for position, _ in known.cards}


def _agreeing(code: np.ndarray, classes: list[np.ndarray], count: np.ndarray,
              places: tuple[int, ...], known: Known, allowed: dict[int, np.ndarray], k: int,
              shown: np.ndarray) -> tuple[np.ndarray, list[np.ndarray], np.ndarray]:
    """The rows of a piece (``classes[j]`` at position ``places[j]``) that agree with what
    is known: a known position the sequences deal keeps the rows whose class there is
    allowed; one they do not deal is dealt as one more card of the sequence, a row for each
    class allowed there (every class, for a position only shown). What each position shown
    shows of its class (``shown[class]``) then ends the outcome code."""
    at = {position: j for j, position in enumerate(places[:len(classes)])}
    classes = list(classes)
    for position in sorted(known.positions):
        if position in at:
            if position in allowed:
                keep = np.isin(classes[at[position]], allowed[position])
                code, count, classes = code[keep], count[keep], [c[keep] for c in classes]
            continue
        choices = allowed.get(position, np.arange(k, dtype=np.int64))
        rows = len(code)
        if rows * len(choices) > MAX_KNOWN_SEQUENCES:
            raise ValueError(f"the columns read {k} classes of card: dealing position "
                             f"{position} too would take {rows * len(choices):,} class "
                             f"sequences, past the limit of {MAX_KNOWN_SEQUENCES:,}")
        code, count = np.repeat(code, len(choices)), np.repeat(count, len(choices))
        classes = [np.repeat(c, len(choices)) for c in classes] + [np.tile(choices, rows)]
        at[position] = len(classes) - 1
    if known.shown:
        base = int(shown.max()) + 1
        if len(code) and int(code.max()) >= 2**62 // base ** len(known.shown):
            raise ValueError("the columns and the positions shown read too many values to "
                             "compile")
        for position in known.shown:
            code = code * base + shown[classes[at[position]]]
    return code, classes, count


def agreeing_starts(at: tuple[np.ndarray, ...], places: tuple[int, ...],
                     allowed: dict[int, np.ndarray]) -> np.ndarray | None:
    """Which four-card starts (classes ``at[j]`` at position ``places[j]``) agree with the
    known cards among them; None: all (nothing known there)."""
    kept = None
    for classes, position in zip(at, places):
        if position in allowed:
            agree = np.isin(classes, allowed[position])
            kept = agree if kept is None else kept & agree
    return kept


def _counted(a: np.ndarray, b: np.ndarray, count: np.ndarray
             ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The distinct pairs (a, b) and the sum of ``count`` over each, in exact integers."""
    if not len(a):
        return a, b, count
    order = np.lexsort((b, a))
    a, b, count = a[order], b[order], count[order]
    first = np.ones(len(a), dtype=bool)
    first[1:] = (a[1:] != a[:-1]) | (b[1:] != b[:-1])
    at = np.flatnonzero(first)
    return a[at], b[at], np.add.reduceat(count, at)
