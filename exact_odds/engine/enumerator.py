"""The enumerator: exact counts of every outcome of a round, by card removal.

Every count is a number of **ordered six-card sequences** of distinct cards from the shoe,
so that the counts of a shoe of N cards add up to N(N-1)(N-2)(N-3)(N-4)(N-5) whatever the
columns asked for. A round that ends after four or five cards stands for every way of
filling the positions it did not use.

How it works. The shoe is grouped into the coarsest card classes the requested columns
need (the ten point values, for bets that read totals only). The deal is enumerated card by
card, each draw weighted by how many cards of its class are left once the cards before it
are removed:

1. each side's two-card hands are summed into groups that the rules and the columns see
   alike (``_hand_groups``); a Player group and a Banker group are paired once, the
   Banker's ways taken from the full classes less those that use a card the Player holds
   (``_pair_weight``: only classes both groups hold can need it);
2. the deals are merged into *states*: what the drawing rules and the requested columns can
   still tell apart (two-card totals, whether the Player draws, the deal columns);
3. the third cards are drawn from what each deal leaves, each hand's from the classes its
   columns read of it. For a state, the weight of the Player drawing a card of class ``a``
   and the Banker one of class ``b`` is the sum, over the state's deals, of
   ``w * r[a] * (r[b] - [a == b])`` with ``r`` the counts left. Expanding ``r = n - m``
   (m the cards already dealt) makes this an exact function of three sums per state,
   ``sum w``, ``sum w*m[a]`` and ``sum w*m[a]*m[b]``, so the last two removals cost a
   product per cell and state instead of per deal;
4. the round columns are read once per finished round, and the table is keyed by
   (deal column values, round column values, card column values).

For a real shoe whose hand groups pair a hundred thousand times or more (suits or ranks
read at several positions), ``wide`` takes the same sums with numpy (``_is_wide``).

Python integers here: no count can overflow, whatever the shoe (``wide`` uses int64 only
for shoes where every intermediate is proven to fit).

>>> from exact_odds.shoe import Shoe
>>> counts = outcome_counts(Shoe.from_decks(8), ["winner"])
>>> counts[("banker",)], counts[("player",)], counts[("tie",)]
(2292252566437888, 2230518282592256, 475627426473216)
"""


from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import lru_cache
from itertools import combinations_with_replacement
from math import factorial
from operator import itemgetter
from typing import TYPE_CHECKING, Any, NamedTuple

from exact_odds.cards import DECK
from exact_odds.engine.classes import Classes, ClassKey, Names, Table, class_keys, hand_order
from exact_odds.engine.hands import DealKeys, hand_groups, pair_weight, reads_in_order, two_card_hands
from exact_odds.engine.round import Round, play, round_readers
from exact_odds.engine.vocabulary import FINAL, THIRD, TWO_CARD, Column, Needs, RoundBase, column
from exact_odds.rules import PUNTO_BANCO, DrawingRules
from exact_odds.shoe import CARDS_PER_ROUND, Shoe

if TYPE_CHECKING:
    import polars as pl

Rules = DrawingRules

#: Outcome counts: the tuple of the requested columns' values -> ordered six-card sequences.
ints = dict[tuple[Any, ...], int]


class Plan(NamedTuple):
    """What an enumeration must produce for some columns."""

    deal: Names  # the deal columns: the Player's own, the Banker's, those reading both
    cards: Names  # the card columns, in the same order
    round: Names  # the round columns
    needs: Needs | None  # how much of the round is played; None: the first cards are enough


def falling(n: int, k: int) -> int:
    """n(n-1)...(n-k+1): ordered ways to deal k distinct cards from n.

    >>> falling(416, 6)
    4998398275503360
    """
    result = 1
    for i in range(k):
        result *= n - i
    return result


def total_sequences(shoe: Shoe) -> int:
    """Every ordered six-card sequence the shoe can deal: N(N-1)...(N-5)."""
    return falling(shoe.size, CARDS_PER_ROUND)


def outcome_counts(shoe: Shoe, columns: Sequence[str], rules: Rules = PUNTO_BANCO) -> ints:
    """Exact counts of every combination of the requested columns' values.

    Keys are tuples of the columns' values in the order asked; values are numbers of
    ordered six-card sequences. Outcomes that cannot happen are absent.
    """
    names = tuple(columns)
    deal_names, card_names, round_names, needs = plan(names)
    # Without deal or card columns the table is small and keyed by the round base, so
    # that every bet reading the same much of the round shares one enumeration (a report,
    # or eor over 52 shoes); with them, the round columns are read as the round is played,
    # so that the table does not carry a hundred pairs of final totals per deal value.
    read = round_names if deal_names or card_names else None
    table = _base_counts(shoe, deal_names, card_names, read, needs, rules)
    return _assemble(names, table, bases=read is None)


def plan(names: Names) -> Plan:
    """What the enumeration must produce for these columns."""
    cols = {column(name) for name in names}
    # the Player's own columns first, then the Banker's, then those that read both hands
    # (DealKeys builds a deal's values by joining the three)
    deal_names, card_names, round_names = (
        tuple(c.name for c in sorted((c for c in cols if c.kind == kind), key=hand_order))
        for kind in ("deal", "cards", "round"))
    round_cols = [c for c in cols if c.kind == "round"]
    needs = _needs(round_cols) if round_cols else FINAL if card_names else None
    return Plan(deal_names, card_names, round_names, needs)


def _assemble(names: Names, deals: Table, bases: bool = False) -> Table:
    """Put every column in the order asked.

    A table's key holds each requested column once, so no two keys meet; a table keyed by
    round bases (``bases``) has its round columns read first, once per base."""
    deal_names, card_names, round_names, _ = plan(names)
    if bases:
        read = _round_values(round_names)
        folded: Table = {}
        for (dv, base, cv), ways in deals.items():
            rv = read.get(base)
            if rv is None:
                rv = read[base] = tuple(f(base) for f in round_readers(round_names))
            folded[(dv, rv, cv)] = folded.get((dv, rv, cv), 0) + ways
        deals = folded
    order = key_order(names)
    return {order(parts): ways for parts, ways in deals.items()}


def key_order(names: Names) -> Callable[[tuple[Any, ...]], tuple[Any, ...]]:
    """A table key's parts (deal values, round values, card values) as one key of the
    columns' values in the order asked."""
    deal_names, card_names, round_names, _ = plan(names)
    # where each column sits in a key's parts laid end to end: (deal, round, card values)
    position = {name: i for i, name in enumerate(deal_names + round_names + card_names)}
    if len(names) == 1:
        at = position[names[0]]
        return lambda parts: ((parts[0] + parts[1] + parts[2])[at],)
    if not names:
        return lambda parts: ()
    pick = itemgetter(*(position[name] for name in names))
    return lambda parts: pick(parts[0] + parts[1] + parts[2])


@lru_cache(maxsize=64)
def _round_values(round_names: Names) -> dict[RoundBase, tuple[object, ...]]:
    """The round columns' values by round base, filled as bases are met (shared by every
    shoe and bet that reads these round columns)."""
    return {}


def _base_counts(shoe: Shoe, deal_names: Names, card_names: Names, round_names: Names | None,
                 needs: Needs | None, rules: Rules) -> Table:
    """ints keyed by (deal column values, round column values or round base (None),
    card column values), shared by every request for the same columns in another order,
    and by every shoe with the same class counts (removing the nine of hearts or of spades
    leaves the same point-value shoe)."""
    first, banker, third = (tuple((c.card, c.count) for c in shoe.classes(key))
                            for key in _class_keys(deal_names, card_names))
    return _class_counts(first, banker, third, deal_names, card_names, round_names, needs, rules)


@lru_cache(maxsize=256)
def _class_keys(deal_names: Names, card_names: Names) -> tuple[ClassKey, ClassKey, ClassKey]:
    """The keys of the Player's, the Banker's and the third cards' classes, as lookups of
    the 52 cards (a shoe's classes are read for every request)."""
    keys = class_keys([column(n) for n in deal_names], [column(n) for n in card_names])
    first, banker, third = ({card: key(card) for card in DECK}.__getitem__ for key in keys[:3])
    return first, banker, third


@lru_cache(maxsize=256)
def _class_counts(first: tuple[tuple[str, int], ...], banker: tuple[tuple[str, int], ...],
                  third: tuple[tuple[str, int], ...], deal_names: Names, card_names: Names,
                  round_names: Names | None, needs: Needs | None, rules: Rules) -> Table:
    """The enumeration of a shoe given by its classes: (representative card, count)."""
    deal_cols = [column(name) for name in deal_names]
    card_cols = [column(name) for name in card_names]
    size = sum(count for _, count in first)
    pad: dict[int, int] = {m: falling(size - m, CARDS_PER_ROUND - m) for m in (2, 4, 5, 6)}
    classes = Classes(first, banker, third, class_keys(deal_cols, card_cols), pad)
    if needs is None:
        return _deal_outcomes(classes, deal_cols)
    round_cols = None if round_names is None else [column(name) for name in round_names]
    return _round_outcomes(classes, deal_cols, card_cols, round_cols, rules, needs)


def _needs(round_cols: list[Column]) -> Needs:
    needs = {c.needs for c in round_cols}
    return THIRD if THIRD in needs else TWO_CARD if TWO_CARD in needs else FINAL


def _deal_values(deal_cols: list[Column], player: tuple[str, ...],
                 banker: tuple[str, ...]) -> tuple[object, ...]:
    # every deal column has of_deal (vocabulary._deal, _first_cards); no check on this path
    return tuple(c.of_deal(player, banker) for c in deal_cols)  # type: ignore[misc]


def _deal_outcomes(classes: Classes, deal_cols: list[Column]) -> Table:
    """Columns that read only the first cards: enumerate just the hands they read."""
    hands_read = {hand for c in deal_cols for hand in c.hands}
    n = classes.n
    cards = classes.reps
    out: Table = {}
    if all(c.as_a_set for c in deal_cols):
        # the four cards as a set: each multiset of classes stands for 4!/prod(k!) orders
        rest = classes.pad[4]
        for combo in combinations_with_replacement(range(len(n)), 4):
            orders = 24
            weight = rest
            for index in set(combo):
                k = combo.count(index)
                orders //= factorial(k)
                for dealt in range(k):  # falling(n, k), one count at a time
                    weight = weight * (n[index] - dealt)
            weight = weight * orders
            if weight:
                picked = tuple(cards[index] for index in combo)
                key = (_deal_values(deal_cols, picked[:2], picked[2:]), (), ())
                out[key] = out.get(key, 0) + weight
        return out
    if hands_read == {"player", "banker"}:
        rest = classes.pad[4]
        deal_key = DealKeys(deal_cols, [])
        player_groups = hand_groups(classes, "player", reads_in_order(deal_cols, "player"),
                                    deal_cols, [], thirds=False)
        banker_groups = hand_groups(classes, "banker", reads_in_order(deal_cols, "banker"),
                                    deal_cols, [], thirds=False)
        for pg in player_groups:
            for bg in banker_groups:
                weight = pair_weight(pg, bg)
                if weight:
                    key = (deal_key(pg, bg)[0], (), ())
                    out[key] = out.get(key, 0) + weight * rest
        return out
    (hand_read,) = hands_read
    rest = classes.pad[2]
    for i, j, mult in two_card_hands(len(n), reads_in_order(deal_cols, hand_read)):
        weight = mult * n[i] * (n[j] - (i == j))
        if weight:
            hand = (cards[i], cards[j])
            key = (_deal_values(deal_cols, hand, hand), (), ())
            out[key] = out.get(key, 0) + weight * rest
    return out


def _round_outcomes(classes: Classes, deal_cols: list[Column], card_cols: list[Column],
                    round_cols: list[Column] | None, rules: Rules, needs: Needs) -> Table:
    """Columns that read how the round ends: play the drawing rules."""
    round_ = Round(classes, deal_cols, card_cols, round_cols, rules, needs)
    if _is_wide(round_):
        from exact_odds.engine import wide

        table = wide.round_outcomes(round_)
        if table is not None:
            return table
    return play(round_)


#: A round of at least this many pairs of hand groups is played by ``wide`` (numpy) for a
#: real shoe: below it, playing the pairs in Python costs less than setting up the arrays.
WIDE_PAIRS = 100_000

#: The largest shoe ``wide`` takes: its int64 sums stay below 4 * N**6 < 2**63.
WIDE_MAX_CARDS = 1100


def _is_wide(round_: Round) -> bool:
    counts = round_.classes.n
    pairs = len(round_.player_groups) * len(round_.banker_groups)
    return pairs >= WIDE_PAIRS and sum(counts) <= WIDE_MAX_CARDS


def outcome_table(shoe: Shoe, columns: Sequence[str], rules: Rules = PUNTO_BANCO) -> pl.DataFrame:
    """The outcome counts as a polars DataFrame: the requested columns and ``ways``.

    ``ways`` is an Int64 column where every count fits (any shoe up to about 27 decks),
    Int128 beyond; a shoe too large even for that is refused rather than overflowed.
    """
    import polars as pl

    counts = outcome_counts(shoe, columns, rules)
    dtypes = {"int": pl.Int8, "bool": pl.Boolean, "str": pl.Utf8}
    data = {name: [key[i] for key in counts] for i, name in enumerate(columns)}
    total = total_sequences(shoe)
    ways_type: type[pl.DataType]
    if total < 2**63:
        ways_type = pl.Int64
    elif total < 2**127:
        ways_type = pl.Int128
    else:
        raise OverflowError(f"a shoe of {shoe.size} cards has counts too large for a table")
    schema = {name: dtypes[column(name).dtype] for name in columns}
    frame = pl.DataFrame({**data, "ways": list(counts.values())},
                         schema={**schema, "ways": ways_type})
    return frame.sort(list(columns)) if columns else frame
