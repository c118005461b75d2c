"""The enumerator: exact counts of every outcome of a round, by card removal.

Every count is a number of **ordered six-card sequences** of distinct cards from the shoe,
so that the counts of a shoe of N cards add up to N(N-1)(N-2)(N-3)(N-4)(N-5) whatever the
columns asked for. A round that ends after four or five cards stands for every way of
filling the positions it did not use.

How it works. The shoe is grouped into the coarsest card classes the requested columns
need (``classes.py``: the ten point values, for bets that read totals only). The deal is
enumerated card by card, each draw weighted by how many cards of its class are left once
the cards before it are removed:

1. each side's two-card hands are summed into groups that the rules and the columns see
   alike; a Player group and a Banker group are paired once, the Banker's ways taken from
   the full classes less those that use a card the Player holds (``hands.py``);
2. the deals are merged into *states*: what the drawing rules and the requested columns can
   still tell apart (two-card totals, whether the Player draws, the deal columns);
3. the third cards are drawn from what each deal leaves, each hand's from the classes its
   columns read of it, through three running sums per state (``round.round_counts``);
4. the round columns are read once per finished round, and the table is keyed by
   (deal column values, round column values, card column values).

Python integers throughout: no count can overflow. Columns that read the ranks and suits of
several of the first four cards are counted by factoring (``fine.py``, numpy): their fine
classes times the rest of the round, which this same enumeration counts on coarse classes.

>>> from exact_odds.shoe import Shoe
>>> counts = outcome_counts(Shoe.from_decks(8), ["winner"])
>>> counts[("banker",)], counts[("player",)], counts[("tie",)]
(2292252566437888, 2230518282592256, 475627426473216)
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from functools import lru_cache
from math import prod
from typing import TYPE_CHECKING, Any, cast

from exact_odds.engine.classes import (
    ClassCounts,
    Classes,
    ClassKey,
    class_keys,
    class_lookups,
    class_partition,
    ranked_lookup,
    shoe_classes,
)
from exact_odds.engine.cost import EnumerationCost, EnumerationTooLarge, Grouping
from exact_odds.engine.hands import SideReader, deal_counts, first_cards_cost
from exact_odds.engine.plan import Counts, Names, Plan, falling, key_order, mixed_counts, plan
from exact_odds.engine.positions import Positions
from exact_odds.engine.round import Reading, round_cost, round_counts
from exact_odds.known import NOTHING, Known
from exact_odds.limits import INT128_CARDS
from exact_odds.rules import PUNTO_BANCO, DrawingRules
from exact_odds.shoe import CARDS_PER_ROUND, Shoe
from exact_odds.vocabulary import Hand, Needs, column

if TYPE_CHECKING:
    import numpy as np
    import polars as pl

    from exact_odds.engine.fine import Factored
    from exact_odds.engine.tally import CompiledCounts

Rules = DrawingRules


#: Deal columns whose hand groups would pair at least ``FACTOR_PAIRS`` times are counted by
#: factoring (``fine.py``) when the classes the rest of the round reads give at most
#: ``COARSE_STARTS`` ordered four-card starts.
FACTOR_PAIRS = 1_000_000
COARSE_STARTS = 100_000

__all__ = ["Counts", "Rules", "falling", "outcome_counts", "outcome_frames", "outcome_table",
           "shoe_signature", "total_sequences", "total_ways"]


def total_sequences(shoe: Shoe) -> int:
    """Every ordered six-card sequence the shoe can deal: N(N-1)...(N-5); N**6 for the
    infinite deck (each card put back)."""
    if shoe.replacement:
        return int(shoe.size ** CARDS_PER_ROUND)
    return falling(shoe.size, CARDS_PER_ROUND)


def total_ways(shoe: Shoe, rules: Rules = PUNTO_BANCO) -> int:
    """What the outcome counts under ``rules`` add up to: every ordered six-card sequence,
    once for each equally likely draw of a mixed strategy's choices (``rules.denominator``)."""
    return total_sequences(shoe) * rules.denominator


def outcome_counts(shoe: Shoe, columns: Sequence[str], rules: Rules = PUNTO_BANCO,
                   known: Known = NOTHING, along: tuple[Names, ...] = ()) -> Counts:
    """Exact counts of every combination of the requested columns' values.

    Keys are tuples of the columns' values in the order asked; values are numbers of
    ordered six-card sequences (each counted once per draw of a mixed strategy's choices:
    ``total_ways``). Outcomes that cannot happen are absent.

    ``known``: over the sequences that agree with the cards known by position
    (``exact_odds.known``): enumerated here where ``enumerates`` says so, else counted
    from the compiled tables (``compiled.known_counts``, which may share one table with the
    columns of ``along``, other bets asked for at once).
    """
    if known and not enumerates(shoe, tuple(columns), rules, known):
        from exact_odds.engine.compiled import known_counts

        return known_counts(shoe, tuple(columns), rules, known, along)
    if shoe.replacement:  # the infinite deck: the compiled table, each card put back
        from exact_odds.engine.compiled import with_replacement

        return with_replacement(shoe, tuple(columns), rules)
    if rules.mixed:  # the pure strategies it draws from, each with its weight
        return mixed_counts(rules, lambda pure: outcome_counts(shoe, columns, pure, known))
    names = tuple(columns)
    wanted = plan(names)
    if not rules.draws:  # a round without draws: the sequences of the classes the shoe holds
        from exact_odds.engine.tally import held_classes

        return _dealt_only(names, rules, held_classes(shoe, names, rules)).counts(shoe)
    enumeration_cost(shoe, names, rules, factored(wanted), known=known).check()  # before any work
    if factored(wanted):
        return dict(_factored(shoe, wanted, rules).items(names))
    # Without deal or card columns the table is keyed by the round base, so that every bet
    # reading as much of the round shares one enumeration; with them, the round columns are
    # read as the round is played, not a hundred pairs of final totals per deal value.
    read = wanted.round if wanted.deal or wanted.cards else None
    lookups = class_lookups(wanted.deal, wanted.cards, known)
    first, banker, third = (shoe_classes(shoe, key) for key in lookups)
    table = _class_counts(first, banker, third, wanted.deal, wanted.cards, read,
                          _played(wanted, known), rules, known)
    if read is None:
        table = _rounds_read(wanted, table)
    order = key_order(names)
    return {order(parts): ways for parts, ways in table.items()}


def shoe_signature(shoe: Shoe, columns: Sequence[str], rules: Rules = PUNTO_BANCO
                   ) -> tuple[ClassCounts, ...]:
    """What the outcome counts of these columns read of the shoe: its counts of their card
    classes. Two shoes of one signature have the same counts (removing the nine of hearts
    or the nine of spades leaves the same shoe to columns that read point values).

    >>> nines = [Shoe.from_decks(8).remove([card]) for card in ("9H", "9S")]
    >>> len({shoe_signature(shoe, ["winner"]) for shoe in nines})
    1
    """
    wanted = plan(tuple(columns))
    lookups = class_lookups(wanted.deal, wanted.cards)
    if rules.valuation == "rank":  # the ranks too: a king and a ten differ
        return (shoe_classes(shoe, ranked_lookup(lookups[0])),)
    return tuple(shoe_classes(shoe, key) for key in lookups)


def enumerates(shoe: Shoe, names: Names, rules: Rules, known: Known) -> bool:
    """Whether ``outcome_counts`` counts these columns with cards ``known`` by position by
    this enumeration, each known position dealt only the classes of its ranks
    (``positions.py``; no numpy): a round with draws, dealt from a finite shoe, of columns
    not counted by factoring, knowing the ranks at some positions. The compiled tables
    (``compiled.known_counts``) count the rest: positions shown and sorted ranks (the
    known command: each key ends with what a bettor sees), a round without draws (Dragon
    Tiger, Three Card Baccarat: compiled with nothing known too), the infinite deck (each
    card put back) and columns counted by factoring (the ranks and suits of several of the
    first four cards).

    >>> nine = Known(((1, frozenset("9")),))
    >>> enumerates(Shoe.from_decks(8), ("winner",), PUNTO_BANCO, nine)
    True
    >>> enumerates(Shoe.infinite(), ("winner",), PUNTO_BANCO, nine)
    False
    """
    return (not known.shown and not known.groups and rules.draws and not shoe.replacement
            and not factored(plan(names)))


#: The cards dealt before any draw (positions 1 to 4).
FIRST_FOUR = 4


def _played(wanted: Plan, known: Known) -> Needs | None:
    """How much of the round is played: as the columns need, or, where a card is known past
    the first four, to its end (the places a round leaves are filled from the cards that
    agree with them: the first four cards alone do not say how many)."""
    beyond = any(position > FIRST_FOUR for position, _ in known.cards)
    return "final" if wanted.needs is None and beyond else wanted.needs


@lru_cache(maxsize=256)
def factored(wanted: Plan) -> bool:
    """Whether these columns are counted by factoring: deal columns whose hand groups
    would pair many times, beside a rest of the round that reads few classes."""
    sizes = _factor_sizes(wanted)
    if sizes is None:
        return False
    pairs, rest = sizes
    return pairs >= FACTOR_PAIRS and (wanted.needs is None or rest <= COARSE_STARTS)


@lru_cache(maxsize=256)
def _factor_sizes(wanted: Plan) -> tuple[int, int] | None:
    """What ``factored`` weighs, a function of the columns alone (kept apart from its
    thresholds, which tests move): how many times the hand groups would pair, and how many
    starts the rest of the round reads; None where the groups are too few to factor."""
    deal_cols, card_cols, _ = wanted.columns()
    hands = {hand for col in deal_cols for hand in col.hands}
    if not deal_cols or (wanted.needs is None and (
            len(hands) == 1 or all(col.as_a_set for col in deal_cols))):
        return None  # one hand's two cards, or the four as a set: few enough to pair
    keys = class_keys(deal_cols, card_cols)
    pairs = 1
    sides: tuple[tuple[Hand, ClassKey], ...] = (("player", keys.first), ("banker", keys.banker))
    for side, key in sides:
        reader = SideReader(side, True, deal_cols, card_cols)
        reps = [cards[0] for cards in class_partition(key)]
        third = {card: keys.third(card) for card in reps}  # read once a card, not once a pair
        pairs *= len({(third[a], third[b], reader.own((a, b)), reader.seen((a, b)))
                      for a in reps for b in reps})
    rest = len(class_partition(class_keys([], card_cols).third))**4
    return pairs, rest


def _factored(shoe: Shoe, wanted: Plan, rules: Rules) -> Factored:
    from exact_odds.engine.fine import factored_counts  # numpy: only where it is needed
    return factored_counts(shoe, wanted, rules)


def _rounds_read(wanted: Plan, table: Counts) -> Counts:
    """A table keyed by round bases (none where only the first cards are dealt), keyed by
    the round columns' values instead (each base read once: ``Reading.round``)."""
    reading = Reading([], wanted.columns()[2], wanted.needs or "final")
    folded: Counts = {}
    for (dv, base, cv), ways in table.items():
        rv = reading.rounded.get(base) or (reading.round(*base) if base else ())
        folded[(dv, rv, cv)] = folded.get((dv, rv, cv), 0) + ways
    return folded


@lru_cache(maxsize=256)
def _dealt_only(names: Names, rules: Rules, held: tuple[int, ...]) -> CompiledCounts:
    """A round without draws compiled once per columns, rules and classes held: the report
    and its mistakes check read the same table."""
    from exact_odds.engine.dealt import dealt_only_counts

    return dealt_only_counts(names, rules, held)


@lru_cache(maxsize=256)
def _class_counts(first: ClassCounts, banker: ClassCounts, third: ClassCounts,
                  deal_names: Names, card_names: Names, round_names: Names | None,
                  needs: Needs | None, rules: Rules, known: Known = NOTHING) -> Counts:
    """The enumeration of a shoe given by its classes, keyed by (deal values, round values
    or round base (``round_names`` None), card values); shared by every request for the
    same columns in another order, and by every shoe with the same class counts (removing
    the nine of hearts or of spades leaves the same point-value shoe). ``known``: the
    sequences that agree with the cards known by position (the classes refined by it)."""
    deal_cols, card_cols, round_cols = Plan(deal_names, card_names, round_names or (), needs).columns()
    classes = Classes(first, banker, third, class_keys(deal_cols, card_cols, known))
    if needs is None:  # the first four cards (those known among them: their classes)
        places = Positions(classes, rules.round, known) if known.cards else None
        return deal_counts(classes, deal_cols, None if places is None else places.hands)
    return round_counts(classes, deal_cols, card_cols, None if round_names is None else round_cols,
                        rules, needs, known=known)


def outcome_table(shoe: Shoe, columns: Sequence[str], rules: Rules = PUNTO_BANCO) -> pl.DataFrame:
    """The outcome counts as a polars DataFrame: the requested columns and ``ways``, its
    rows sorted by the columns.

    ``ways`` is an Int64 column where every count fits (any shoe up to about 27 decks),
    Int128 beyond; a shoe too large even for that is refused rather than overflowed.
    A table counted by factoring goes from its arrays to the frame without a row in Python.
    """
    names = tuple(columns)
    wanted, (schema, ways_type) = plan(names), _schema(shoe, names, rules)
    if factored(wanted) and rules.draws and not rules.mixed and not shoe.replacement:
        enumeration_cost(shoe, names, rules, True, rows_in_python=False).check()
        return _frame(_factored(shoe, wanted, rules), names, wanted, schema, ways_type,
                      sort=True)
    import polars as pl

    counts = outcome_counts(shoe, names, rules)
    frame = pl.DataFrame({**{name: [key[i] for key in counts] for i, name in enumerate(names)},
                          "ways": list(counts.values())}, schema={**schema, "ways": ways_type})
    return frame.sort(list(names)) if names else frame


def outcome_frames(shoe: Shoe, columns: Sequence[str], rules: Rules = PUNTO_BANCO,
                   reading: Callable[[pl.DataFrame], pl.DataFrame] | None = None,
                   grouping: Grouping | None = None) -> Iterator[pl.DataFrame]:
    """The rows of ``outcome_table``, in no order, in frames of about a million rows: a
    table counted by factoring may hold hundreds of millions of rows, read a block at a time
    (its words as polars Enums of the column's words, gathered by code).

    ``reading``, given a frame of deal values (the columns the first four cards decide),
    gives a frame of as many rows: its columns replace the deal columns, and a table counted
    by factoring sums its rows by the reading, before they are spread over the rest of the
    round (a bet's conditions read a few things of the ranks and suits of four cards:
    ``Bet.split``); ``grouping``, what the reading costs and the most distinct readings it
    can give (``Parts.grouping``), makes the cost estimate that of the table read so."""
    import polars as pl

    names = tuple(columns)
    wanted, (schema, ways_type) = plan(names), _schema(shoe, names, rules, enums=True)
    if not factored(wanted) or not rules.draws or rules.mixed or shoe.replacement:
        table = outcome_table(shoe, names, rules)
        yield table if reading is None else _with_reading(reading, table, wanted.deal)
        return
    from exact_odds.engine.fine import factored_blocks

    enumeration_cost(shoe, names, rules, True, blocks=True,
                     grouping=grouping if reading is not None else None).check()
    if reading is None or wanted.needs is None:  # no rest of the round to spread deals over
        for block in factored_blocks(shoe, wanted, rules):
            frame = _frame(block, names, wanted, schema, ways_type, sort=False)
            yield frame if reading is None else _with_reading(reading, frame, wanted.deal)
        return
    found: list[pl.DataFrame] = []  # the distinct readings, by group id

    def group(tables: Iterator[Factored]) -> np.ndarray:
        """The id of the reading of each deal of ``tables``: the distinct readings numbered
        in their sorted order (``found`` holds them)."""
        import numpy as np

        reads, dealt = [], 0
        for deals in tables:
            dealt += len(deals.deal)
            reads.append(_read(reading, _frame(deals, wanted.deal, wanted, schema, ways_type,
                                               sort=False).drop("ways")))
        read = pl.concat(reads)
        if not read.width:  # every deal read alike: one group
            found.append(read)
            return np.zeros(dealt, dtype=np.int64)
        ids = read.select(pl.struct(pl.all()).rank("dense") - 1).to_series()
        found.append(read.with_columns(ids.alias("id")).unique("id").sort("id").drop("id"))
        return ids.to_numpy()

    rest = [name for name in names if name not in wanted.deal]
    for block in factored_blocks(shoe, wanted, rules, group):
        frame = _frame(block, rest, wanted, schema, ways_type, sort=False)
        yield pl.concat([found[0][block.deal], frame], how="horizontal") if found[0].width else frame


def _with_reading(reading: Callable[[pl.DataFrame], pl.DataFrame], frame: pl.DataFrame,
                  deal: Names) -> pl.DataFrame:
    """A frame with the reading of its deal columns in their place."""
    import polars as pl

    return pl.concat([_read(reading, frame.select(deal)), frame.drop(deal)], how="horizontal")


def _read(reading: Callable[[pl.DataFrame], pl.DataFrame], deals: pl.DataFrame) -> pl.DataFrame:
    read = reading(deals)
    if read.height != deals.height:
        raise ValueError(f"a reading of {deals.height} deal values gave {read.height} rows")
    return read


def _schema(shoe: Shoe, names: Names, rules: Rules, enums: bool = False
            ) -> tuple[dict[str, Any], Any]:
    """The polars types of the columns (words as text, or as Enums of the column's words),
    and of ``ways`` (Int64 or Int128 by the total)."""
    import polars as pl

    total = total_ways(shoe, rules)
    if shoe.size > INT128_CARDS:
        raise EnumerationTooLarge(
            f"a shoe of {shoe.size:,} cards: a table of outcome counts (outcome_table, and a "
            f"bet on the first cards' ranks and suits, settled as one) holds shoes of at most "
            f"{INT128_CARDS:,} cards (about {INT128_CARDS // 52:,} decks), whose counts fit "
            "128-bit integers")
    # an int column is a point value or total (0-9), a rank (1-13) or a count of a round's
    # at most six cards: Int8 holds every one (and polars refuses, never wraps, a value beyond)
    dtypes = {"int": pl.Int8, "bool": pl.Boolean, "str": pl.Utf8}
    return ({name: pl.Enum([str(v) for v in column(name).values or ()]) if enums
             and column(name).dtype == "str" else dtypes[column(name).dtype] for name in names},
            pl.Int64 if total < 2**63 else pl.Int128)


def _frame(table: Factored, names: Sequence[str], wanted: Plan, schema: dict[str, Any],
           ways_type: Any, sort: bool) -> pl.DataFrame:
    """A table counted by factoring for the columns ``wanted`` as a frame of some of them
    (``names``): each column gathered once from its values by id, the rows sorted in numpy
    by one key of each column's rank of value (nulls first, as polars sorts) when ``sort``."""
    import numpy as np
    import polars as pl

    rows = cast(Any, slice(None))
    if sort and prod(len(set(table.column(wanted, n, per_row=False)[0])) for n in names) < 2**63:
        key = np.zeros(len(table.ways), dtype=np.int64)
        for name in names:
            values, ids = table.column(wanted, name)
            ordered = sorted(set(values), key=lambda v: (v is not None, v))
            place = {value: at for at, value in enumerate(ordered)}
            rank = np.array([place[value] for value in values], dtype=np.int64)
            key = key * len(ordered) + rank[ids]
        rows = np.argsort(key, kind="stable")
        del key
    data = []
    for name in names:
        values, ids = table.column(wanted, name)
        assert ids is not None
        data.append(pl.Series(name, values, dtype=schema[name]).gather(ids[rows]))
    ways = table.ways[rows]
    frame = pl.DataFrame([*data, pl.Series("ways", ways.tolist() if ways.dtype == object else ways,
                                           dtype=ways_type)])
    return frame if isinstance(rows, np.ndarray) or not sort else frame.sort(list(names))


def enumeration_cost(shoe: Shoe, columns: Sequence[str], rules: Rules = PUNTO_BANCO,
                     factored: bool = False, rows_in_python: bool = True,
                     precise: bool = False, blocks: bool = False,
                     grouping: Grouping | None = None, known: Known = NOTHING
                     ) -> EnumerationCost:
    """The estimated cost of ``outcome_counts(shoe, columns, rules)``, by the way it will
    be counted, each estimated beside its code; ``factored``: by factoring
    (``fine.factored_cost``: ``rows_in_python``, the table built as a dict, not arrays;
    ``blocks``, read a block of rows at a time, its deals read by a bet's ``grouping``
    where given); ``precise``: the round's hand groups counted, not bounded
    (``round.round_cost``); ``known``: cards known by position, enumerated (``enumerates``),
    the classes refined by them and the round played to its end."""
    names = tuple(columns)
    if not rules.draws:
        from exact_odds.engine.dealt import dealt_only_cost
        from exact_odds.engine.tally import held_classes

        return dealt_only_cost(names, rules, len(held_classes(shoe, names, rules)))
    wanted = plan(names)
    # the cost reads the shoe through its classes alone: one estimate per class counts
    counts = tuple(shoe_classes(shoe, key)
                   for key in class_lookups(wanted.deal, wanted.cards, known))
    return _estimate(names, counts, rules, factored, precise, rows_in_python and not blocks,
                     blocks, grouping if blocks else None, known)


@lru_cache(maxsize=1024)
def _estimate(names: Names, counts: tuple[ClassCounts, ...], rules: Rules, factored: bool,
              precise: bool, rows_in_python: bool, blocks: bool, grouping: Grouping | None,
              known: Known = NOTHING) -> EnumerationCost:
    wanted = plan(names)
    if factored:
        from exact_odds.engine.fine import factored_cost

        return factored_cost(names, wanted, counts, rules, rows_in_python, blocks, grouping)
    deal_cols, card_cols, _ = wanted.columns()
    classes = Classes(counts[0], counts[1], counts[2], class_keys(deal_cols, card_cols, known))
    if _played(wanted, known) is None:
        places = Positions(classes, rules.round, known) if known.cards else None
        return first_cards_cost(names, classes, deal_cols, None if places is None else places.hands)
    return round_cost(names, wanted, classes, deal_cols, card_cols, rules, precise)
