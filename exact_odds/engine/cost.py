"""What an enumeration will cost, known before it starts: counted from the shoe's card
classes and the columns asked for, in milliseconds, and refused in one line past the limits.

The enumeration's work is in three places, and each is counted here the way the engine
will meet it:

* **the round played out** (``round.play``): every pair of a Player hand group and a Banker
  hand group (``hands.hand_groups``, the groups built here exactly as the enumeration builds
  them), then, for each *state* (two-card totals, deal values, card partials), a cell for
  each pair of third-card classes; the table holds a row for each distinct outcome;
* **the first cards only** (``hands.deal_counts``): the multisets of four classes, the pairs
  of hand groups, or one hand's two-card hands;
* **by factoring** (``fine.py``): every ordered start of four fine classes in numpy, and a
  row for each deal value and outcome.

The time and memory are those counts times what one of each cost when measured
(``SECONDS_PER``, ``BYTES_PER``: fitted on an 8-deck shoe, ``tests/test_cost.py`` records
the figures). An estimate past ``MAX_SECONDS`` or ``MAX_MEMORY`` is refused before any work
with ``EnumerationTooLarge``, one line naming the columns that split the cards finest and
what the enumeration would take.

>>> from exact_odds.shoe import Shoe
>>> enumeration_cost(Shoe.from_decks(8), ("winner",)).too_large
False
>>> suits = [f"{hand}_{card}_suit" for hand in ("player", "banker")
...          for card in ("first", "second", "third")]
>>> cost = enumeration_cost(Shoe.from_decks(8), [*suits, *(s.replace("suit", "rank") for s in suits)])
>>> cost.too_large, cost.classes, cost.work
(True, 52, 7311616)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from math import comb, prod

from exact_odds.cards import card_value
from exact_odds.engine.classes import (
    ClassCounts,
    Classes,
    ClassKey,
    class_keys,
    class_lookups,
    class_partition,
    shoe_classes,
)
from exact_odds.engine.hands import SideReader, hand_groups, reads_in_order
from exact_odds.engine.plan import Names, Plan, plan
from exact_odds.engine.vocabulary import CardColumn, Column, DealColumn, Hand, column, valued_key
from exact_odds.errors import ExactOddsError
from exact_odds.limits import MAX_ENUMERATION_MEMORY as MAX_MEMORY
from exact_odds.limits import MAX_SECONDS
from exact_odds.rules import PUNTO_BANCO, DrawingRules
from exact_odds.shoe import Shoe

#: Measured cost of one unit of each kind of work (seconds; bytes), fitted on 8-deck shoes.
SECONDS_PER = {
    "pair": 1.0e-6,  # a pair of hand groups met in the round's loop
    "cell": 0.5e-6,  # a cell of a state's third cards
    "cell_column": 0.03e-6,  # and each card column read in it
    "row": 3.0e-6,  # a row of the table, built in Python dicts
    "combination": 3.0e-6,  # a multiset of four classes, or a pair of groups, of the deal
    "start": 0.1e-6,  # an ordered start of four classes, in numpy (factoring)
    "array_row": 0.3e-6,  # a row of a factored table, in numpy
    "python_row": 1.2e-6,  # a row of a factored table, as a Python dict entry
    "block_row": 0.03e-6,  # a row of a factored table read a block at a time (settled)
    "deal_read": 0.12e-6,  # a start's deal read and regrouped by what a bet reads of it
    "term_row": 0.2e-9,  # a term of a bet's conditions evaluated on a row, in polars
    "term_python": 0.3e-6,  # a term of a condition on a reading, in Python (an event never
    #                         paid is read twice)
    "rest_row": 0.6e-6,  # a row of the rest of the round met by the first cards' groups
}
BYTES_PER = {
    "base": 25_000_000,  # the interpreter and the engine's imports
    "numpy": 60_000_000,  # numpy and polars, where the table is factored
    "row": 480,  # a row of a table in Python dicts (the engine's and the caller's)
    "deal": 1_200,  # a grid of the totals where nobody draws, per deal
    "state": 2_000,  # a state's lists
    "cell": 24,  # a running sum of a state (a list slot and its integer)
    "array_row": 130,  # a row of a factored table in arrays, sorting and a frame included
    "python_row": 200,  # a row of a factored table, as a Python dict entry
    "start": 40,  # a start in one numpy block (bounded by the block)
    "deal_group": 24,  # a deal group's arrays, held while a table is read in blocks
}
#: Bytes held for a term of a condition and a row while polars evaluates it (its bits of
#: result and validity, held until the condition's and/or is done; measured 0.005-0.007).
TERM_ROW_BYTES = 0.01
#: Starts laid out at once by factoring (``fine.BLOCK``; numpy is not imported here).
BLOCK = 1 << 20


class EnumerationTooLarge(ExactOddsError, ValueError):
    """An enumeration whose estimated time or memory passes the limits."""


@dataclass(frozen=True)
class Grouping:
    """What a bet reads of the deal values of a table counted by factoring
    (``games.conditions.Parts``): at most ``readings`` distinct readings, and ``terms``
    terms of its conditions evaluated on each deal to read them."""

    readings: int
    terms: int


@dataclass(frozen=True)
class EnumerationCost:
    """What one enumeration would take: the way it is counted, the work it walks (pairs of
    hand groups or starts of four classes), the states and rows it holds, the classes of a
    Player card, and the estimated seconds and bytes."""

    columns: Names
    way: str  # "round", "first cards" or "factoring"
    work: int  # pairs of hand groups, multisets of classes, or ordered four-class starts
    states: int  # states of the round (an upper bound); 0 for the first cards
    rows: int  # rows of the table (an upper bound)
    classes: int  # the card classes a Player card is dealt from
    seconds: float
    memory: int
    terms: int = 0  # the terms of a bet's conditions evaluated on each row or deal, if counted

    @property
    def too_large(self) -> bool:
        return self.seconds > MAX_SECONDS or self.memory > MAX_MEMORY

    def check(self) -> None:
        """Refuse, in one line, an enumeration past ``MAX_SECONDS`` or ``MAX_MEMORY``."""
        if self.too_large:
            raise EnumerationTooLarge(self.describe())

    def describe(self) -> str:
        """What makes it large and what it would take, against the limits, in one line."""
        fine = fine_columns(self.columns)
        shown = fine or list(self.columns)
        named = ", ".join(shown[:4]) + (f" and {len(shown) - 4} more" if len(shown) > 4 else "")
        reading = (f"{'column' if len(fine) == 1 else 'columns'} {named} read "
                   f"{_attributes(fine)}" if fine else f"columns {named}")
        work = {"round": "pairs of hands", "first cards": "hands",
                "factoring": "four-card starts", "dealt only": "sequences of cards"}[self.way]
        terms = f", conditions of {self.terms:,} terms read on each" if self.terms > 1000 else ""
        return (f"{reading} ({self.classes} classes a card): about {_about(self.work)} {work}, "
                f"{_about(self.rows)} outcomes{terms}, {_seconds(self.seconds)} and "
                f"{_bytes(self.memory)}; an enumeration may take at most {MAX_SECONDS} s and "
                f"{_bytes(MAX_MEMORY)}")


def fine_columns(columns: Sequence[str]) -> list[str]:
    """The columns that split the cards finer than point values (ranks, suits, colours),
    those that split them finest first."""
    split = {name: len(class_partition(key)) for name in dict.fromkeys(columns)
             if (key := column(name).card_key) is not card_value}  # finer than points
    return sorted(split, key=lambda name: -split[name])


def _attributes(names: list[str]) -> str:
    """The card attributes the columns read, in words."""
    words = {"rank": ("rank", "pair", "aces", "twos", "threes", "fours", "fives", "sixes",
                      "sevens", "eights", "nines", "tens", "jacks", "queens", "kings"),
             "suit": ("suit", "hearts", "spades", "diamonds", "clubs"),
             "colour": ("colour", "red", "black")}
    found = [f"{word}s" for word, parts in words.items()
             if any(part in name for name in names for part in parts)] or ["ranks or suits"]
    return found[0] if len(found) == 1 else ", ".join(found[:-1]) + " and " + found[-1]


def enumeration_cost(shoe: Shoe, columns: Sequence[str], rules: DrawingRules = PUNTO_BANCO,
                     factored: bool = False, rows_in_python: bool = True,
                     precise: bool = False, blocks: bool = False,
                     grouping: Grouping | None = None) -> EnumerationCost:
    """The estimated cost of ``outcome_counts(shoe, columns, rules)``; ``factored``: the
    enumerator counts these columns by factoring (``enumerator.factored``);
    ``rows_in_python``: the table is built as a dict (``outcome_counts``), not arrays;
    ``blocks``: a factored table is read a block of rows at a time (``outcome_frames``),
    never held whole; ``grouping``: its deals are read by what a bet reads of them
    (``outcome_frames(reading=...)``) and, where the round goes on, grouped by it.

    Where a first bound from the numbers of classes alone (every ordered hand a group of
    its own) is within the limits, that bound is the estimate: microseconds. Past them, or
    when ``precise`` (a cost multiplied by many shoes), the hand groups are built as the
    enumeration will build them, and counted: milliseconds."""
    names = tuple(columns)
    if not rules.draws:
        return dealt_only_cost(names, rules, len(held_classes(shoe, names, rules)))
    wanted = plan(names)
    # the cost reads the shoe through its classes alone: one estimate per class counts
    keys = class_lookups(wanted.deal, wanted.cards)
    counts = tuple(shoe_classes(shoe, key) for key in keys)
    cost = _estimate(names, counts, rules, factored, precise)
    if blocks and grouping is not None and cost.way == "factoring":
        if wanted.needs is None:  # read a block at a time, every row
            return read_in_blocks(in_blocks(cost), grouping.terms)
        coarse = class_keys([], [column(n) for n in wanted.cards]).third
        return in_groups(in_blocks(cost), grouping, len(shoe_classes_of(counts, coarse)),
                         _values_product(wanted.round + wanted.cards))
    if blocks:
        return in_blocks(cost)
    return with_rows_in_python(cost) if rows_in_python else cost


#: Seconds to read one class sequence of a round without draws, in Python (``compiled``).
SECONDS_PER_SEQUENCE = 20e-6


def dealt_partition(names: Names, rules: DrawingRules) -> tuple[tuple[str, ...], ...]:
    """The card classes of a round without draws: those the columns and the valuation read."""
    wanted = plan(names)
    key = class_keys([column(n) for n in wanted.deal], [column(n) for n in wanted.cards]).first
    return class_partition(valued_key(key, rules.round))


def held_classes(shoe: Shoe, names: Names, rules: DrawingRules) -> tuple[int, ...]:
    """The classes of ``dealt_partition`` that the shoe holds a card of."""
    return tuple(i for i, cards in enumerate(dealt_partition(names, rules))
                 if any(shoe.count(card) for card in cards))


@lru_cache(maxsize=256)
def dealt_only_cost(names: Names, rules: DrawingRules, k: int) -> EnumerationCost:
    """A round without draws (``compiled._dealt_only``) over ``k`` card classes: every
    sequence of them, each hand's cards in turn, read once in Python."""
    sequences = k ** (2 * rules.cards)
    return EnumerationCost(names, "dealt only", sequences, 0, sequences, k,
                           sequences * SECONDS_PER_SEQUENCE,
                           BYTES_PER["base"] + sequences * BYTES_PER["row"])


@lru_cache(maxsize=1024)
def _estimate(names: Names, counts: tuple[ClassCounts, ...], rules: DrawingRules,
              factored: bool, precise: bool = False) -> EnumerationCost:
    wanted = plan(names)
    deal_cols, card_cols, _ = wanted.columns()
    keys = class_keys(deal_cols, card_cols)
    kp = len(counts[0])
    if factored:
        return _factored(names, wanted, counts, deal_cols, kp, len(counts[1]), rules)
    classes = Classes(counts[0], counts[1], counts[2], keys)
    if wanted.needs is not None and not precise:
        bound = _round_bound(names, classes, len(card_cols))
        if not bound.too_large:
            return bound
    if wanted.needs is None:
        return _first_cards(names, classes, deal_cols)
    return _round(names, wanted, classes, deal_cols, card_cols, rules)


def _round(names: Names, wanted: Plan, classes: Classes, deal_cols: list[DealColumn],
           card_cols: list[CardColumn], rules: DrawingRules) -> EnumerationCost:
    """The round played out: pairs of hand groups, states and their cells, rows."""
    banker_ordered = rules.uses_up_card or reads_in_order(deal_cols, "banker")
    groups = (hand_groups(classes, "player", reads_in_order(deal_cols, "player"), deal_cols,
                          card_cols, thirds=True),
              hand_groups(classes, "banker", banker_ordered, deal_cols, card_cols, thirds=True))
    pairs = len(groups[0]) * len(groups[1])
    # a state, or a grid of the totals where nobody draws, is (two-card totals, deal values,
    # card partials): at most, for each pair of totals, the features of the two sides' groups
    # with those totals, paired; and at most each side's own values paired times the values
    # of the columns that read both hands (a count of the round's hearts: its partial, the
    # hearts of the four first cards, is one of its values, however the suits lie)
    reads = bool(deal_cols or card_cols)
    features: list[list[set[int]]] = [[set() for _ in range(10)] for _ in range(2)]
    own: list[list[set[object]]] = [[set() for _ in range(10)] for _ in range(2)]
    for side in (0, 1):
        for group in groups[side]:
            features[side][group.total].add(group.features)
            own[side][group.total].add(group.own)
    both = prod(value_count(col) for col in deal_cols + card_cols if len(col.hands) == 2)
    states, stood, round_ = 0, 0, rules.round
    for p2 in range(10):
        for b2 in range(10):
            met = min(len(features[0][p2]) * len(features[1][b2]),
                      len(own[0][p2]) * len(own[1][b2]) * both) if reads else 1
            drawn = not (round_.natural[p2] or round_.natural[b2]) and (
                round_.player_on is None or round_.player_on[p2] or round_.banker[b2][0])
            states += met * drawn * (2 if rules.uses_up_card else 1)
            stood += met * (not drawn or rules.uses_up_card)
    states = min(states, pairs)
    ka, kb = len(classes.player_draw.n), len(classes.banker_draw.n)
    cells = states * ka * kb
    # a row is (deal values, round values, card values): each part has at most so many
    # values; the card values are each part's partials read with the third cards drawn
    deal_values = (len({g.own[0] for g in groups[0]}) * len({g.own[0] for g in groups[1]})
                   * len({g.shared for g in groups[0]}) * len({g.shared for g in groups[1]}))
    partials = [len({g.own[1] for g in groups[0]}) * (ka + 1),
                len({g.own[1] for g in groups[1]}) * (kb + 1),
                len({g.shared for g in groups[0]}) * len({g.shared for g in groups[1]})
                * (ka + 1) * (kb + 1)]
    card_values = prod(n for n, part in zip(partials, _parts(card_cols)) if part)
    rows = min(cells + stood, deal_values * _values_product(wanted.round) * card_values,
               _values_product(names))
    seconds = (pairs * SECONDS_PER["pair"] + rows * SECONDS_PER["row"] + cells * (
        SECONDS_PER["cell"] + len(card_cols) * SECONDS_PER["cell_column"]))
    memory = (BYTES_PER["base"] + rows * BYTES_PER["row"] + min(pairs, stood) * BYTES_PER["deal"]
              + states * (BYTES_PER["state"] + (len(classes.nt) + ka * kb) * BYTES_PER["cell"]))
    return EnumerationCost(names, "round", pairs, states, rows, len(classes.n), seconds, memory)


def _round_bound(names: Names, classes: Classes, card_columns: int) -> EnumerationCost:
    """A first bound on the round played out, from the numbers of classes alone: every
    ordered two-card hand a group of its own, every pair of them a state."""
    pairs = len(classes.n) ** 2 * len(classes.nb) ** 2
    ka, kb = len(classes.player_draw.n), len(classes.banker_draw.n)
    cells = pairs * ka * kb
    rows = min(cells + pairs, _values_product(names))
    seconds = (pairs * SECONDS_PER["pair"] + rows * SECONDS_PER["row"] + cells * (
        SECONDS_PER["cell"] + card_columns * SECONDS_PER["cell_column"]))
    memory = (BYTES_PER["base"] + rows * BYTES_PER["row"] + pairs * (
        BYTES_PER["deal"] + BYTES_PER["state"] + (len(classes.nt) + ka * kb) * BYTES_PER["cell"]))
    return EnumerationCost(names, "round", pairs, pairs, rows, len(classes.n), seconds, memory)


def _parts(card_cols: list[CardColumn]) -> tuple[bool, bool, bool]:
    """Whether the card columns read the Player's hand alone, the Banker's, both."""
    hands = {col.hands for col in card_cols}
    return ("player",) in hands, ("banker",) in hands, any(len(h) == 2 for h in hands)


def _first_cards(names: Names, classes: Classes, deal_cols: list[DealColumn]) -> EnumerationCost:
    """The first cards only: multisets of four classes, pairs of groups, or hands."""
    k = len(classes.n)
    hands_read = {hand for col in deal_cols for hand in col.hands}
    if all(col.as_a_set for col in deal_cols):
        work = comb(k + 3, 4)
    elif hands_read == {"player", "banker"}:
        work = prod(len(hand_groups(classes, side, reads_in_order(deal_cols, side), deal_cols,
                                    [], False)) for side in ("player", "banker"))
    else:
        work = k * k
    rows = min(work, _values_product(names))
    seconds = work * SECONDS_PER["combination"] + rows * SECONDS_PER["row"]
    memory = BYTES_PER["base"] + rows * BYTES_PER["row"]
    return EnumerationCost(names, "first cards", work, 0, rows, k, seconds, memory)


def _factored(names: Names, wanted: Plan, counts: tuple[ClassCounts, ...],
              deal_cols: list[DealColumn], kp: int, kb: int, rules: DrawingRules
              ) -> EnumerationCost:
    """By factoring: every start of four fine classes, a row per deal value and outcome."""
    starts = kp * kp * kb * kb
    ordered = (reads_in_order(deal_cols, "player"),
               rules.uses_up_card or reads_in_order(deal_cols, "banker"))
    # the Player's and the Banker's classes are those of the deal columns alone here
    deals = 1
    sides: tuple[tuple[Hand, ClassCounts, bool], ...] = (
        ("player", counts[0], ordered[0]), ("banker", counts[1], ordered[1]))
    for side, found, is_ordered in sides:
        reader = SideReader(side, is_ordered, deal_cols, [])
        reps = [card for card, _ in found]
        deals *= len({reader.own((a, b))[0] for a in reps for b in reps})
    both = [col for col in deal_cols if len(col.hands) != 1]
    deals *= prod(value_count(col) for col in both)
    # a start ends in at most one outcome for each pair of third cards' coarse classes
    third = len(shoe_classes_of(counts, class_keys([], [column(n) for n in wanted.cards]).third))
    outcomes = _values_product(wanted.round + wanted.cards)
    rows = min(min(starts, deals) * outcomes, starts * (third + 1) ** 2)
    seconds = starts * SECONDS_PER["start"] + rows * SECONDS_PER["array_row"]
    memory = (BYTES_PER["base"] + BYTES_PER["numpy"] + min(starts, BLOCK) * BYTES_PER["start"]
              + rows * BYTES_PER["array_row"])
    return EnumerationCost(names, "factoring", starts, 0, rows, kp, seconds, memory)


def shoe_classes_of(counts: tuple[ClassCounts, ...], key: ClassKey) -> set[object]:
    """The classes of ``key`` among the cards of the shoe's Player classes ``counts[0]``
    (every class of ``key`` the shoe holds: the Player's classes are the finest)."""
    return {key(card) for card, _ in counts[0]}


def in_blocks(cost: EnumerationCost) -> EnumerationCost:
    """The cost of a factored table read a block at a time (``outcome_frames``): its deal
    groups held, and one block of rows; every row still walked. Measured: the ranks and
    suits of the four first cards and both totals (365 million rows), 14.9 s and 671 MB. A
    bet's table grouped by what its conditions read of the deal (``Bet.split``) is
    estimated by ``in_groups`` (the same bet, 2 s)."""
    if cost.way != "factoring":
        return cost
    seconds = cost.work * SECONDS_PER["start"] + cost.rows * SECONDS_PER["block_row"]
    memory = (BYTES_PER["base"] + BYTES_PER["numpy"] + cost.work * BYTES_PER["deal_group"]
              + min(cost.rows, BLOCK) * BYTES_PER["array_row"])
    return EnumerationCost(cost.columns, cost.way, cost.work, cost.states, cost.rows,
                           cost.classes, seconds, memory)


def in_groups(cost: EnumerationCost, grouping: Grouping, coarse: int, outcomes: int
              ) -> EnumerationCost:
    """The cost of a factored table read in blocks whose deals are first grouped by what a
    bet reads of them (``fine._regrouped``): every start walked and its deal read (each of
    the grouping's terms evaluated on it, in polars), then at most ``readings`` readings of
    each of the four first cards' ``coarse`` classes, each spread over at most ``outcomes``
    rows; and the rest of the round, enumerated on the coarse classes and met in Python.
    Measured: the four first cards and both totals, 2.1 s (the ungrouped bound said 23 s);
    a condition of 32,000 terms read on 7.3 million deals, 40 s and 2.1 GB."""
    rows = min(cost.rows, grouping.readings * coarse**4 * outcomes)
    cells = coarse**4 * (coarse + 1) ** 2  # the rest: each start's third cards
    rest = min(coarse**4 * outcomes, cells)
    reading = cost.work * grouping.terms
    seconds = (cost.work * (SECONDS_PER["start"] + SECONDS_PER["deal_read"])
               + reading * SECONDS_PER["term_row"] + rows * SECONDS_PER["block_row"]
               + cells * SECONDS_PER["cell"] + rest * SECONDS_PER["rest_row"])
    memory = (cost.memory + int(reading * TERM_ROW_BYTES)
              + rest * BYTES_PER["python_row"])
    return EnumerationCost(cost.columns, cost.way, cost.work, cost.states, rows, cost.classes,
                           seconds, memory, grouping.terms)


def read_in_blocks(cost: EnumerationCost, terms: int) -> EnumerationCost:
    """A factored table read in blocks with a bet's reading of the deal evaluated on every
    row (``terms`` terms a row, in polars, a block at a time)."""
    return EnumerationCost(
        cost.columns, cost.way, cost.work, cost.states, cost.rows, cost.classes,
        cost.seconds + cost.rows * terms * SECONDS_PER["term_row"],
        cost.memory + int(min(cost.rows, BLOCK) * terms * TERM_ROW_BYTES), terms)


def settled_in_python(cost: EnumerationCost, terms: int) -> EnumerationCost:
    """A table's rows each settled in Python by conditions of ``terms`` terms in all (a bet
    on ``outcome_counts``: each distinct reading once)."""
    return EnumerationCost(cost.columns, cost.way, cost.work, cost.states, cost.rows,
                           cost.classes,
                           cost.seconds + cost.rows * terms * SECONDS_PER["term_python"],
                           cost.memory, terms)


def value_count(col: Column) -> int:
    """How many values a column can take (an upper bound)."""
    if col.values is not None:
        return len(col.values) + col.nullable
    if col.dtype == "bool":
        return 2
    if col.kind == "round":
        return 11 if col.nullable else 10
    return 5 if len(col.hands) == 2 else 53  # cards counted of four; a card's attribute


def with_rows_in_python(cost: EnumerationCost) -> EnumerationCost:
    """The cost when every row of the table is also built as a Python dict entry
    (``outcome_counts`` of a factored table)."""
    if cost.way != "factoring":
        return cost
    return EnumerationCost(cost.columns, cost.way, cost.work, cost.states, cost.rows,
                           cost.classes, cost.seconds + cost.rows * SECONDS_PER["python_row"],
                           cost.memory + cost.rows * BYTES_PER["python_row"])


def _values_product(names: Sequence[str]) -> int:
    """The most rows a table of these columns can have: the product of their values."""
    return prod(value_count(column(name)) for name in names)


def _about(n: int) -> str:
    """A count in words a person reads at a glance: 19,200; 2.6 million; 10^12."""
    if n < 1_000_000:
        return f"{n:,}"
    if n < 10**12:
        return f"{n / 1e6:,.1f} million" if n < 10**9 else f"{n / 1e9:,.1f} billion"
    return f"10^{len(str(n)) - 1}"


def _seconds(seconds: float) -> str:
    """A time in words: 12 s, 40 minutes, 5 hours, 300 days, 10^9 years."""
    if seconds < 120:
        return f"{seconds:.0f} s" if seconds >= 1 else "1 s"
    if seconds < 2 * 3600:
        return f"{seconds / 60:.0f} minutes"
    if seconds < 2 * 86400:
        return f"{seconds / 3600:.0f} hours"
    if seconds < 1000 * 86400:
        return f"{seconds / 86400:,.0f} days"
    return f"{_about(int(seconds / 86400 / 365))} years"


def _bytes(n: float) -> str:
    """A size in words: 300 MB, 2.5 GB, 40,000 GB, 10^15 GB."""
    if n < 1e9:
        return f"{n / 1e6:,.0f} MB"
    return f"{n / 1e9:,.1f} GB" if n < 1e14 else f"{_about(int(n / 1e9))} GB"
