"""Compiled tables: every outcome's count as an integer combination of falling monomials in
the card classes' counts, built once and evaluated for any number of shoes.

A sequence of ``m`` card classes (a round of 4, 5 or 6 cards; 2 or 4 for columns of the
first cards only) can be dealt in ``prod_c falling(n_c, k_c)`` ways, ``k_c`` the times class
``c`` appears in it, which depends on its multiset ``K`` alone; the ``6 - m`` positions left
are filled in ``falling(N - m, 6 - m)`` ways. So every outcome's count is

    sum_K  coef[outcome, K] * prod_c falling(n_c, k_c) * falling(N - |K|, 6 - |K|),

``coef[outcome, K]`` the class sequences of multiset ``K`` that end in the outcome (at most
the 6! orderings of ``K``): counted with numpy over every four-card start and the third
cards the drawing rules deal after it (or, for a round without draws, every sequence of its
cards). A batch builds every monomial from its parent (``batch.monomials``, int64 up to
``INT64_CARDS`` cards, Python integers beyond) and folds the bets' pays in
(``exact_odds.batch.folding``).

>>> from exact_odds.shoe import Shoe
>>> table = compiled_counts(("winner",), PUNTO_BANCO)
>>> table.counts(Shoe.from_decks(8))[("tie",)]
475627426473216
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from math import comb, prod
from typing import Any

import numpy as np

from exact_odds.cards import DECK, card_value
from exact_odds.engine.classes import class_keys, class_partition
from exact_odds.engine.cost import (
    BASE_BYTES,
    ROW_BYTES,
    EnumerationCost,
    EnumerationTooLarge,
    values_product,
)
from exact_odds.engine.fine import Starts, hands_of, ids
from exact_odds.engine.hands import SideReader, reads_in_order
from exact_odds.engine.known import NOTHING, Known
from exact_odds.engine.plan import Names, Plan, falling, key_order, plan
from exact_odds.engine.round import Reading
from exact_odds.errors import input_name
from exact_odds.limits import MAX_KNOWN_SEQUENCES, MAX_SEQUENCES
from exact_odds.rules import PUNTO_BANCO, DrawingRules
from exact_odds.rules.round import BANKER, PLAYER, STOOD
from exact_odds.shoe import CARDS_PER_ROUND, Shoe
from exact_odds.vocabulary import (
    CardColumn,
    RoundBase,
    RoundCards,
    VocabularyError,
    column,
    read_round,
    unreadable,
    valued_key,
)

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


def monomial_count(columns: Names, rules: DrawingRules = PUNTO_BANCO) -> int:
    """How many monomials compiling these columns needs (an upper bound): the multisets of
    as many classes as the round deals."""
    wanted, k = plan(columns), len(partition_of(columns, rules))
    hands = {hand for col in wanted.columns()[0] for hand in col.hands}
    sizes = (4, 5, 6) if wanted.needs is not None else (4,) if len(hands) == 2 else (2,)
    if not rules.draws:
        sizes = (2 * rules.cards,)
    return sum(comb(k + m - 1, m) for m in sizes)


@lru_cache(maxsize=64)
def compiled_counts(columns: Names, rules: DrawingRules = PUNTO_BANCO, known: Known = NOTHING
                    ) -> CompiledCounts:
    """The compiled table of these columns under these rules; ``known``: over the class
    sequences that agree with what is known of the cards by position, each outcome's key
    ended by the classes at the positions it shows (``engine.known``)."""
    if not rules.draws:
        return dealt_only_counts(columns, rules, None, known)
    wanted = plan(columns)
    deal_cols, card_cols, _ = wanted.columns()
    partition = partition_of(columns, known=known)
    described = rules.round
    # the place of each card of a class sequence: the Player's two, the Banker's two, then
    # the first and second cards drawn
    places = (described.position("player", 0), described.position("player", 1),
              described.position("banker", 0), described.position("banker", 1),
              described.most_cards - 1, described.most_cards)
    reps = [cards[0] for cards in partition]
    k = len(reps)
    hands = {hand for col in deal_cols for hand in col.hands}
    one_hand = wanted.needs is None and len(hands) == 1
    if k ** (2 if one_hand else 4) * (1 if wanted.needs is None else 1 + k * k) > MAX_SEQUENCES:
        raise ValueError(f"columns {', '.join(columns)} read too many card classes to compile")
    first = k ** (2 if one_hand else 4)  # the class sequences of the first cards
    if known and first > MAX_KNOWN_SEQUENCES:
        raise ValueError(f"columns {', '.join(columns)} read {k} classes of card: {first:,} "
                         f"sequences of the first cards, past the limit of "
                         f"{MAX_KNOWN_SEQUENCES:,}")
    if one_hand:
        side = hands.pop()
        reader = SideReader(side, True, deal_cols, [])
        deal, deal_values = ids([reader.own(hand)[0] for hand in hands_of(reps)])
        hand = np.arange(k * k, dtype=np.int64)
        return _tallied(columns, partition, [(deal, [hand // k, hand % k])],
                        lambda code: (deal_values[code], (), ()), known=known,
                        places=(described.position(side, 0), described.position(side, 1)))
    ordered = (reads_in_order(deal_cols, "player"),
               rules.uses_up_card or reads_in_order(deal_cols, "banker"))
    starts = Starts(reps, reps, deal_cols, card_cols, ordered)
    if wanted.needs is None:
        p, b = starts.every()
        return _tallied(columns, partition, [(starts.deal(p, b), [p // k, p % k, b // k, b % k])],
                        lambda code: (starts.deal_values(code), (), ()), known=known,
                        places=places[:4])
    rounds = _Rounds(starts, reps, card_cols, wanted, rules)
    kept = _agreeing_starts(rounds.at, places[:4], _allowed(partition, known))
    return _tallied(columns, partition, rounds.sequences(kept), rounds.read, known=known,
                    places=places)


def known_counts(shoe: Shoe, columns: Names, rules: DrawingRules, known: Known,
                 along: tuple[Names, ...] = ()) -> dict[tuple[Any, ...], int]:
    """The outcome counts of the ordered six-card sequences of ``shoe`` that agree with
    what is known (``engine.known``), from the compiled table (a mixed strategy: its pure
    ones, weighted; the infinite deck: each card put back); each key ends with what
    ``known`` shows at its positions (``Known.shown_digits``). ``along``: the columns of
    other bets asked for at once: those that read only the round's columns and whose tables
    have the same classes share one, of their columns' union, counted once and read for each
    (columns of the first cards would multiply the union's outcomes)."""
    columns = tuple(columns)
    union = columns
    if along and _round_only(columns):
        classes = partition_of(columns, rules, known)
        union = tuple(sorted(set(columns).union(*(
            other for other in along
            if _round_only(other) and partition_of(other, rules, known) == classes))))
    if union != columns:
        try:
            shared = _known_counts(shoe, union, rules, known)
        except EnumerationTooLarge:  # the union too large to compile: the bet's own
            return _known_counts(shoe, columns, rules, known)
        at = [union.index(name) for name in columns]
        found: dict[tuple[Any, ...], int] = {}
        for key, ways in shared.items():
            read = (*(key[i] for i in at), *key[len(union):])
            found[read] = found.get(read, 0) + ways
        return found
    return _known_counts(shoe, columns, rules, known)


def _round_only(columns: Names) -> bool:
    """Whether the columns read only the round (totals, winner, cards drawn), no card."""
    wanted = plan(columns)
    return not wanted.deal and not wanted.cards


@lru_cache(maxsize=16)
def _known_counts(shoe: Shoe, columns: Names, rules: DrawingRules, known: Known
                  ) -> dict[tuple[Any, ...], int]:
    if rules.mixed:
        found: dict[tuple[Any, ...], int] = {}
        for pure, weight in rules.corners():
            for key, ways in _known_counts(shoe, columns, pure, known).items():
                found[key] = found.get(key, 0) + ways * weight
        return found
    try:
        if rules.draws:
            return compiled_counts(columns, rules, known).counts(shoe)
        return dealt_only_counts(columns, rules, held_classes(shoe, columns, rules, known),
                                 known).counts(shoe)
    except EnumerationTooLarge:
        raise
    except ValueError as error:  # too many classes or rows: refused, naming the option
        raise EnumerationTooLarge(f"{input_name('known')}: cards known by position are "
                                  f"counted from compiled tables, and {error}") from None


def with_replacement(shoe: Shoe, columns: Names, rules: DrawingRules
                     ) -> dict[tuple[Any, ...], int]:
    """The outcome counts of the infinite deck (``Shoe.infinite``): every ordered sequence
    of six cards of one deck, each put back, counted from the compiled table (a mixed
    strategy: its pure ones, weighted)."""
    if rules.mixed:
        found: dict[tuple[Any, ...], int] = {}
        for pure, weight in rules.corners():
            for key, ways in with_replacement(shoe, columns, pure).items():
                found[key] = found.get(key, 0) + ways * weight
        return found
    try:
        table = compiled_counts(columns, rules)
    except ValueError as error:
        raise VocabularyError(f"the infinite deck: {error}") from None
    return table.counts(shoe)


@lru_cache(maxsize=64)
def dealt_only_counts(columns: Names, rules: DrawingRules, held: tuple[int, ...] | None = None,
                      known: Known = NOTHING) -> CompiledCounts:
    """Every class sequence of a round without draws (Dragon Tiger, Three Card Baccarat),
    over the classes ``held`` (None: all); ``known``: those that agree with it
    (``compiled_counts``). Where no column reads the order of a hand's cards, each hand is
    dealt as a multiset of classes (its orderings its weight; the classes at the known
    positions apart) and the hands are paired and ranked with numpy (``_dealt_hands``);
    else every sequence is read in Python (``read_round``). Its cost (``dealt_only_cost``)
    is refused in one line past the limit before any work."""
    described, wanted = rules.round, plan(columns)
    unread = unreadable(columns, described)
    if unread:
        raise VocabularyError(unread)
    partition = partition_of(columns, rules, known)
    held = tuple(range(len(partition))) if held is None else held
    dealt_only_cost(columns, rules, len(held)).check()
    if not _reads_order(columns):
        return _dealt_hands(columns, rules, partition, held, known)
    reps, dealt = [partition[i][0] for i in held], 2 * described.cards
    k = len(reps)
    ordered = wanted.deal + wanted.round + wanted.cards
    parts = (len(wanted.deal), len(wanted.deal) + len(wanted.round))
    sequence, index = np.arange(k ** dealt, dtype=np.int64), np.array(held, dtype=np.int64)
    classes = [index[sequence // k ** (dealt - 1 - i) % k] for i in range(dealt)]
    # the i-th card out goes to the hands in turn: its place is i + 1
    places = tuple(described.position("banker" if i % 2 else "player", i // 2)
                   for i in range(dealt))
    kept = _agreeing_starts(tuple(classes), places, _allowed(partition, known))
    if kept is not None:  # only the sequences that agree with what is known are read
        classes = [c[kept] for c in classes]
    rows = []
    for at in zip(*(c.tolist() for c in classes)):
        cards = [partition[c][0] for c in at]
        row = read_round(tuple(cards[0::2]), tuple(cards[1::2]), ordered, described)
        rows.append(tuple(row[name] for name in ordered))
    code, outcomes = ids(rows)
    return _tallied(columns, partition, [(code, classes)], lambda c: (
        outcomes[c][:parts[0]], outcomes[c][parts[0]:parts[1]], outcomes[c][parts[1]:]),
        known=known, places=places)


def _reads_order(columns: Names) -> bool:
    """Whether a column reads which card of a hand came first (a first or second card)."""
    deal_cols = plan(columns).columns()[0]
    return any(c.ordered for c in deal_cols)


def _hand_variants(k: int, size: int, fixed: tuple[int, ...], allowed: dict[int, set[int]]
                   ) -> tuple[list[tuple[int, ...]], np.ndarray]:
    """Every hand of ``size`` cards of ``k`` classes as the classes at the slots ``fixed``
    (in that order) then the others sorted, with the orderings of its cards each stands
    for; a slot of ``allowed`` holds only its classes. Nothing fixed: each multiset once.

    >>> _hand_variants(2, 2, (), {})
    ([(0, 0), (0, 1), (1, 1)], array([1, 2, 1]))
    """
    from itertools import product

    found: dict[tuple[int, ...], int] = {}
    for hand in product(range(k), repeat=size):
        if all(hand[slot] in classes for slot, classes in allowed.items()):
            key = (*(hand[slot] for slot in fixed),
                   *sorted(hand[slot] for slot in range(size) if slot not in fixed))
            found[key] = found.get(key, 0) + 1
    hands = sorted(found)
    return hands, np.array([found[hand] for hand in hands], dtype=np.int64)


def _dealt_hands(columns: Names, rules: DrawingRules, partition: tuple[tuple[str, ...], ...],
                 held: tuple[int, ...], known: Known = NOTHING) -> CompiledCounts:
    """A round without draws whose columns read no order within a hand: each hand a
    multiset of the held classes, standing for its orderings (the classes at the positions
    ``known`` names apart, ``_hand_variants``); the two hands paired with numpy, each
    pair's outcome coded by the hands' totals, which ranks higher, and what the columns
    reading one hand read of it (columns reading both hands: read per pair)."""
    described, wanted = rules.round, plan(columns)
    deal_cols, card_cols, round_cols = wanted.columns()
    reps = [partition[i][0] for i in held]
    size = described.cards
    local = {c: i for i, c in enumerate(held)}
    allowed = _allowed(partition, known)
    sides = []  # each hand's variants, their weights and the place of each of their classes
    for side in ("player", "banker"):
        slot_of = {described.position(side, slot): slot for slot in range(size)}
        fixed = tuple(slot_of[p] for p in sorted(known.positions) if p in slot_of)
        limits = {slot_of[p]: {local[c] for c in classes.tolist() if c in local}
                  for p, classes in allowed.items() if p in slot_of}
        hands, weight = _hand_variants(len(reps), size, fixed, limits)
        slots = fixed + tuple(slot for slot in range(size) if slot not in fixed)
        sides.append((hands, weight, tuple(described.position(side, slot) for slot in slots)))
    cards = [[tuple(reps[c] for c in hand) for hand in hands] for hands, _, _ in sides]
    # a hand's key as one integer, compared as the key is (each part below 100)
    rank = [np.array([sum(part * 100 ** (len(key) - 1 - i) for i, part in enumerate(key))
                      for key in map(described.key, side)], dtype=np.int64) for side in cards]
    totals = [np.array([described.total(hand) for hand in side], dtype=np.int64)
              for side in cards]
    others = [c for c in deal_cols + card_cols if len(c.hands) == 1]
    both = [c for c in deal_cols + card_cols if len(c.hands) != 1]
    nothing = RoundBase(0, 0, size, size, None, None, None, None)
    own = [ids([tuple(c.read(RoundCards(nothing, hand, hand, None, None))
                      for c in others if c.hands == (side,)) for hand in hands])
           for side, hands in zip(("player", "banker"), cards)]
    p, b = (x.ravel() for x in np.meshgrid(np.arange(len(cards[0])), np.arange(len(cards[1])),
                                           indexing="ij"))
    order = np.sign(rank[0][p] - rank[1][b])
    base, bases = ids(list(zip(totals[0][p].tolist(), totals[1][b].tolist(), order.tolist())))
    code = (base * len(own[0][1]) + own[0][0][p]) * len(own[1][1]) + own[1][0][b]
    pairs: list[tuple[object, ...]] = []
    if both:  # read pair by pair
        extra, pairs = ids([tuple(c.read(RoundCards(nothing, cards[0][i], cards[1][j], None, None))
                                  for c in both) for i, j in zip(p.tolist(), b.tolist())])
        code = code * len(pairs) + extra
    index = np.array(held, dtype=np.int64)
    spread = [[index[np.array([hand[i] for hand in hands], dtype=np.int64)] for i in range(size)]
              for hands, _, _ in sides]
    read_cols = [c.of_round for c in round_cols]

    def read(at: int) -> tuple[Any, ...]:
        rest, extra_at = divmod(at, max(len(pairs), 1)) if both else (at, 0)
        rest, b_own = divmod(rest, len(own[1][1]))
        base_at, p_own = divmod(rest, len(own[0][1]))
        tp, tb, ranked = bases[base_at]
        round_base = RoundBase(tp, tb, size, size, None, None, None, None,
                               None if described.ranks_by_total else ranked)
        found = {c.name: v for c, v in zip([c for c in others if c.hands == ("player",)],
                                           own[0][1][p_own])}
        found.update(zip([c.name for c in others if c.hands == ("banker",)], own[1][1][b_own]))
        found.update(zip([c.name for c in both], pairs[extra_at] if both else ()))
        return (tuple(found[n] for n in wanted.deal), tuple(f(round_base) for f in read_cols),
                tuple(found[n] for n in wanted.cards))

    return _tallied(columns, partition, [(code, [s[p] for s in spread[0]]
                                          + [s[b] for s in spread[1]])],
                    read, sides[0][1][p] * sides[1][1][b], known, sides[0][2] + sides[1][2])


def _tallied(columns: Names, partition: tuple[tuple[str, ...], ...], sequences: Sequences,
             read: Callable[[int], tuple[Any, ...]], weights: np.ndarray | None = None,
             known: Known = NOTHING, places: tuple[int, ...] = ()) -> CompiledCounts:
    """Class sequences counted by (outcome, multiset of classes); ``read`` gives the key
    parts (deal values, round values, card values) of an outcome code; ``weights``: the
    sequences each row stands for (one piece only; None: one each). ``places``: the
    position of each class of a piece's sequences, where ``known`` (``_agreeing``) keeps
    the sequences that agree with it and ends each key with the classes it shows."""
    k = len(partition)
    digits = (k + 1) ** np.arange(CARDS_PER_ROUND, dtype=np.int64)
    allowed = _allowed(partition, known)
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


def _allowed(partition: tuple[tuple[str, ...], ...], known: Known) -> dict[int, np.ndarray]:
    """The classes each known position's card may be of (each class wholly of the known
    ranks or wholly not: ``Known.refine``)."""
    found = {}
    for position, ranks in known.cards:
        inside = [i for i, cards in enumerate(partition) if cards[0][0] in ranks]
        assert all((card[0] in ranks) == (i in inside) for i, cards in enumerate(partition)
                   for card in cards), "the partition straddles the known ranks"
        found[position] = np.array(inside, dtype=np.int64)
    return found


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


def _agreeing_starts(at: tuple[np.ndarray, ...], places: tuple[int, ...],
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


class _Rounds:
    """Every class sequence of a played round: each four-card start, then the third cards
    the drawing rules deal after it. A sequence's outcome is coded by what decides it (its
    start's deal values and card partials, the two-card totals, the third cards: by class
    where a card column reads them, else by value), and read once per code."""

    def __init__(self, starts: Starts, reps: list[str], card_cols: list[CardColumn], wanted: Plan,
                 rules: DrawingRules) -> None:
        assert wanted.needs is not None
        self.starts, self.reps, self.rules = starts, reps, rules
        self.reading = Reading(card_cols, wanted.columns()[2], wanted.needs)
        k = len(reps)
        v = self.values = np.array([card_value(card) for card in reps], dtype=np.int64)
        # a third card's code: its class (plus one) where a card column reads it, else its
        # value (plus one); 0: not drawn
        self.by_class = bool(card_cols)
        self.third_code = np.arange(1, k + 1) if card_cols else v + 1
        size = self.size = (k if card_cols else 10) + 1
        p, b = starts.every()
        self.at = (p // k, p % k, b // k, b % k)
        self.p2, self.b2 = (v[self.at[0]] + v[self.at[1]]) % 10, (v[self.at[2]] + v[self.at[3]]) % 10
        round_of, self.round_values = ids([self._round(p2, b2, a, b) for p2 in range(10)
                                           for b2 in range(10) for a in range(size)
                                           for b in range(size)])
        self.round_of = round_of.reshape(10, 10, size, size)
        own_p, own_b, both = starts.partials(p, b)
        self.sizes = (len(starts.b_own), len(starts.both))
        self.cards = len(starts.p_own) * prod(self.sizes) * size * size if card_cols else 1
        if starts.deal_size * len(self.round_values) * self.cards >= 2**62:
            raise ValueError("the columns read too many card classes to compile")
        self.partial = ((own_p * self.sizes[0] + own_b) * self.sizes[1] + both) * size * size
        self.deal = starts.deal(p, b)
        self._card_values: dict[int, tuple[object, ...]] = {}

    def _round(self, p2: int, b2: int, a: int, b: int) -> tuple[object, ...]:
        """The round values of two-card totals p2, b2 and third cards coded a, b."""
        va, vb = (None if not c else int(self.values[c - 1]) if self.by_class else c - 1
                  for c in (a, b))
        return self.reading.round(p2 if va is None else (p2 + va) % 10,
                                  b2 if vb is None else (b2 + vb) % 10, 2 if va is None else 3,
                                  2 if vb is None else 3, p2, b2, va, vb)

    def sequences(self, kept: np.ndarray | None = None) -> Sequences:
        """Every class sequence, in pieces (``kept``: of the starts it marks)."""
        v, (c1, c2, c3, c4) = self.values, self.at
        described = self.rules.round  # the play: what the first four cards lead to, then
        step = described.openings(v[c1], v[c3], v[c2], v[c4])  # the Banker's after a third
        if kept is not None:  # a start that disagrees with what is known opens nothing
            step = np.where(kept, step, -1)
        cls = np.arange(len(self.reps), dtype=np.int64)
        s = np.flatnonzero(step == STOOD)  # nobody draws
        found = [(self._code(s, None, None), [c1[s], c2[s], c3[s], c4[s]])]
        s = np.flatnonzero(step == BANKER)[:, None]  # the Banker alone draws b
        found.append((self._code(s, None, cls), [c1[s], c2[s], c3[s], c4[s], cls]))
        # the Player draws a, then the Banker stands, or draws b
        playing = np.flatnonzero(step == PLAYER)
        for lo in range(0, len(playing), 4096):
            s, a = np.broadcast_arrays(playing[lo:lo + 4096, None], cls)
            banker = described.banker_draws_after(v[c3[s]], v[c4[s]], v[a])
            s, a, s2, a2 = s[~banker], a[~banker], s[banker][:, None], a[banker][:, None]
            found.append((self._code(s, a, None), [c1[s], c2[s], c3[s], c4[s], a]))
            found.append((self._code(s2, a2, cls), [c1[s2], c2[s2], c3[s2], c4[s2], a2, cls]))
        return found

    def _code(self, s: np.ndarray, a: np.ndarray | None, b: np.ndarray | None) -> np.ndarray:
        """The outcome code of starts ``s`` with third cards of classes ``a``, ``b`` (None:
        not drawn), broadcast together."""
        a_code = 0 if a is None else self.third_code[a]
        b_code = 0 if b is None else self.third_code[b]
        cards = self.partial[s] + a_code * self.size + b_code if self.by_class else 0
        code: np.ndarray = ((self.deal[s] * len(self.round_values)
                             + self.round_of[self.p2[s], self.b2[s], a_code, b_code])
                            * self.cards + cards)
        return code

    def read(self, code: int) -> tuple[Any, ...]:
        """The (deal values, round values, card values) of an outcome code."""
        code, cards = divmod(code, self.cards)
        deal, rounded = divmod(code, len(self.round_values))
        found = self._card_values.get(cards)
        if found is None:
            found = self._card_values[cards] = self._read_cards(cards)
        return self.starts.deal_values(deal), self.round_values[rounded], found

    def _read_cards(self, code: int) -> tuple[object, ...]:
        """The card values of a code of (a start's partials, the third cards' classes)."""
        if not self.by_class:
            return ()
        rest, b = divmod(code, self.size)
        rest, a = divmod(rest, self.size)
        rest, both = divmod(rest, self.sizes[1])
        own_p, own_b = divmod(rest, self.sizes[0])
        partials = tuple(self.starts.partial_values(part, at)
                         for part, at in enumerate((own_p, own_b, both)))
        return self.reading.cards(partials, *(None if not c else self.reps[c - 1] for c in (a, b)))


#: Measured seconds to read one class sequence of a round without draws, in Python; to pair
#: two hands with numpy; to read a pair's columns that read both hands, in Python.
SEQUENCE_SECONDS = 20e-6
PAIR_SECONDS = 1e-6
BOTH_SECONDS = 20e-6


@lru_cache(maxsize=256)
def dealt_only_cost(names: Names, rules: DrawingRules, k: int) -> EnumerationCost:
    """The cost of ``dealt_only_counts`` over ``k`` card classes: every sequence of them,
    each hand's cards in turn, read once in Python; or, where no column reads the order of
    a hand's cards, every pair of hands (multisets of classes) paired with numpy."""
    outcomes = values_product(names)  # the rows: at most every combination of values
    if _reads_order(names):
        sequences = k ** (2 * rules.cards)
        return EnumerationCost(names, "dealt only", sequences, 0, min(sequences, outcomes), k,
                               sequences * SEQUENCE_SECONDS, BASE_BYTES + sequences * ROW_BYTES)
    pairs = comb(k + rules.cards - 1, rules.cards) ** 2
    both = any(len(column(name).hands) == 2 for name in names)
    return EnumerationCost(names, "dealt hands", pairs, 0, min(pairs, outcomes), k,
                           pairs * (PAIR_SECONDS + both * BOTH_SECONDS),
                           BASE_BYTES + pairs * ROW_BYTES)
