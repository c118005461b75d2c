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

from functools import lru_cache
from itertools import product
from math import comb, prod
from typing import Any

import numpy as np

from exact_odds.cards import card_value
from exact_odds.engine.cost import EnumerationTooLarge
from exact_odds.engine.dealt import dealt_only_counts
from exact_odds.engine.fine import Starts, ids
from exact_odds.engine.hands import SideReader, played_in_order
from exact_odds.engine.plan import Names, Plan, mixed_counts, plan
from exact_odds.engine.round import Reading
from exact_odds.engine.tally import (
    CompiledCounts,
    Sequences,
    agreeing_starts,
    allowed_classes,
    held_classes,
    partition_of,
    tallied,
)
from exact_odds.errors import input_name
from exact_odds.known import NOTHING, Known
from exact_odds.limits import MAX_KNOWN_SEQUENCES, MAX_SEQUENCES
from exact_odds.rules import PUNTO_BANCO, DrawingRules
from exact_odds.rules.round import BANKER, PLAYER, STOOD
from exact_odds.shoe import Shoe
from exact_odds.vocabulary import CardColumn, VocabularyError


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
    ended by the classes at the positions it shows (``exact_odds.known``)."""
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
        deal, deal_values = ids([reader.own(hand)[0] for hand in product(reps, reps)])
        hand = np.arange(k * k, dtype=np.int64)
        return tallied(columns, partition, [(deal, [hand // k, hand % k])],
                        lambda code: (deal_values[code], (), ()), known=known,
                        places=(described.position(side, 0), described.position(side, 1)))
    ordered = played_in_order(deal_cols, rules)
    starts = Starts(reps, reps, deal_cols, card_cols, ordered)
    if wanted.needs is None:
        p, b = starts.every()
        return tallied(columns, partition, [(starts.deal(p, b), [p // k, p % k, b // k, b % k])],
                        lambda code: (starts.deal_values(code), (), ()), known=known,
                        places=places[:4])
    rounds = _Rounds(starts, reps, card_cols, wanted, rules)
    kept = agreeing_starts(rounds.at, places[:4], allowed_classes(partition, known))
    return tallied(columns, partition, rounds.sequences(kept), rounds.read, known=known,
                    places=places)


def known_counts(shoe: Shoe, columns: Names, rules: DrawingRules, known: Known,
                 along: tuple[Names, ...] = ()) -> dict[tuple[Any, ...], int]:
    """The outcome counts of the ordered six-card sequences of ``shoe`` that agree with
    what is known (``exact_odds.known``), from the compiled table (a mixed strategy: its pure
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
        return mixed_counts(rules, lambda pure: _known_counts(shoe, columns, pure, known))
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
        return mixed_counts(rules, lambda pure: with_replacement(shoe, columns, pure))
    try:
        table = compiled_counts(columns, rules)
    except ValueError as error:
        raise VocabularyError(f"the infinite deck: {error}") from None
    return table.counts(shoe)


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
