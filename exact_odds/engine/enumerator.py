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

from collections.abc import Callable, Hashable, Sequence
from functools import lru_cache
from itertools import combinations_with_replacement
from math import factorial
from operator import itemgetter
from typing import TYPE_CHECKING, Any, cast

from exact_odds.cards import DECK, card_value
from exact_odds.rules import PUNTO_BANCO, DrawingRules
from exact_odds.shoe import CARDS_PER_ROUND, Shoe
from exact_odds.engine.vocabulary import FINAL, THIRD, TWO_CARD, Column, column

if TYPE_CHECKING:
    import polars as pl

Rules = DrawingRules

#: Outcome counts: the tuple of the requested columns' values -> ordered six-card sequences.
Counts = dict[tuple[Any, ...], int]

#: Column names, in the order a request or ``_plan`` gives them.
Names = tuple[str, ...]

#: A count: an ``int`` for a real shoe, or a ``Poly`` (``polynomial.py``) when the enumeration
#: is compiled over symbolic class counts. The enumerator only adds, subtracts, multiplies and
#: compares counts, and both kinds support that, so the same code runs on either; ``Any``
#: says so without a check or a cast in the inner loops.
Count = Any

#: The enumeration's table: (deal column values, round column values, card column values)
#: -> count, each part in the order of ``_plan``'s names.
Table = dict[tuple[Any, ...], Count]

#: A card's class key: the card attributes a class is made of (point value first).
ClassKey = Callable[[str], tuple[Hashable, ...]]

#: A round base as the enumerator builds it: ``RoundBase``, with None where not needed.
_Base = tuple[int, int, int, int, "int | None", "int | None", "int | None", "int | None"]


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


def outcome_counts(shoe: Shoe, columns: Sequence[str], rules: Rules = PUNTO_BANCO) -> Counts:
    """Exact counts of every combination of the requested columns' values.

    Keys are tuples of the columns' values in the order asked; values are numbers of
    ordered six-card sequences. Outcomes that cannot happen are absent.
    """
    names = tuple(columns)
    deal_names, card_names, round_names, needs = _plan(names)
    # Without deal or card columns the table is small and keyed by the round base, so
    # that every bet reading the same much of the round shares one enumeration (a report,
    # or eor over 52 shoes); with them, the round columns are read as the round is played,
    # so that the table does not carry a hundred pairs of final totals per deal value.
    read = round_names if deal_names or card_names else None
    table = _base_counts(shoe, deal_names, card_names, read, needs, rules)
    return _assemble(names, table, bases=read is None)


def _plan(names: Names) -> tuple[Names, Names, Names, str | None]:
    """What the enumeration must produce for these columns: the deal columns, the card
    columns, the round columns, and how much of the round (None: the first cards are
    enough)."""
    cols = {column(name) for name in names}
    # the Player's own columns first, then the Banker's, then those that read both hands
    # (_DealKeys builds a deal's values by joining the three)
    deal_names, card_names, round_names = (
        tuple(c.name for c in sorted((c for c in cols if c.kind == kind), key=_by_hand))
        for kind in ("deal", "cards", "round"))
    round_cols = [c for c in cols if c.kind == "round"]
    needs = _needs(round_cols) if round_cols else FINAL if card_names else None
    return deal_names, card_names, round_names, needs


def _by_hand(col: Column) -> tuple[int, str]:
    return (0 if col.hands == ("player",) else 1 if col.hands == ("banker",) else 2), col.name


def _assemble(names: Names, deals: Table, bases: bool = False) -> Table:
    """Put every column in the order asked. Works on integer counts and on symbolic ones.

    A table's key holds each requested column once, so no two keys meet; a table keyed by
    round bases (``bases``) has its round columns read first, once per base."""
    deal_names, card_names, round_names, _ = _plan(names)
    if bases:
        read = _round_values(round_names)
        folded: Table = {}
        for (dv, base, cv), ways in deals.items():
            rv = read.get(base)
            if rv is None:
                rv = read[base] = tuple(f(base) for f in _round_readers(round_names))
            _add(folded, (dv, rv, cv), ways)
        deals = folded
    # where each column sits in a key's parts laid end to end: (deal, round, card values)
    position = {name: i for i, name in enumerate(deal_names + round_names + card_names)}
    if len(names) <= 1:  # the key is the one column's value alone, or nothing
        return {dv + rv + cv: ways for (dv, rv, cv), ways in deals.items()}
    pick = itemgetter(*(position[name] for name in names))
    return {pick(dv + rv + cv): ways for (dv, rv, cv), ways in deals.items()}


@lru_cache(maxsize=64)
def _round_values(round_names: Names) -> dict[tuple[Any, ...], tuple[object, ...]]:
    """The round columns' values by round base, filled as bases are met (shared by every
    shoe and bet that reads these round columns)."""
    return {}


@lru_cache(maxsize=64)
def _round_readers(round_names: Names) -> list[Callable[[_Base], object]]:
    # every round column has of_round (vocabulary._round, _third_card)
    return cast("list[Callable[[_Base], object]]",
                [column(name).of_round for name in round_names])


def _add(table: dict[Any, Count], key: Hashable, ways: Count) -> None:
    """``table[key] += ways``; a symbolic count is copied before it is first stored, so
    that adding to it later never changes a count held elsewhere."""
    if key in table:
        table[key] += ways
    else:
        table[key] = +ways


class _Classes:
    """The card classes of one enumeration and their counts.

    The Player's first cards are dealt from classes fine enough for every column
    (``reps``, ``n``); the Banker's from classes fine enough for the columns that read
    the Banker's cards (``banker_reps``, ``nb``: the same classes when a column reads both
    hands finely, the point values when none reads the Banker's); third cards from the
    classes the card columns read (``third_reps``, ``nt``). Each Player class lies inside
    one Banker class (``banker_of``), each Banker class inside one third-card class
    (``banker_third_of``), so cards dealt are removed exactly from every count. Counts are
    integers for a shoe, or ``Poly`` variables of the Player classes when the enumeration
    is compiled; ``pad[m]`` is the number of ways to fill the six positions a round of
    ``m`` cards leaves unused (implied by a monomial's size when symbolic).
    """

    def __init__(self, first: Sequence[tuple[str, Count]], banker: Sequence[tuple[str, Count]],
                 third: Sequence[tuple[str, Count]], keys: Keys, pad: dict[int, Count]) -> None:
        _, banker_key, third_key, player_draw, banker_draw = keys
        self.reps = [card for card, _ in first]
        self.n = [count for _, count in first]
        self.banker_reps = [card for card, _ in banker]
        self.nb = [count for _, count in banker]
        self.third_reps = [card for card, _ in third]
        self.nt = [count for _, count in third]
        banker_index = {banker_key(card): k for k, card in enumerate(self.banker_reps)}
        third_index = {third_key(card): t for t, card in enumerate(self.third_reps)}
        self.banker_of = [banker_index[banker_key(card)] for card in self.reps]
        self.third_of = [third_index[third_key(card)] for card in self.reps]
        self.banker_third_of = [third_index[third_key(card)] for card in self.banker_reps]
        self.values = [card_value(card) for card in self.reps]
        self.banker_values = [card_value(card) for card in self.banker_reps]
        self.pad = pad
        # the classes the third cards are drawn from: each hand's as fine as the columns
        # that read it need (a union of third classes)
        self.player_draw = _Draw(self.third_reps, self.nt, player_draw)
        self.banker_draw = _Draw(self.third_reps, self.nt, banker_draw)


class _Draw:
    """The classes one hand's third card is drawn from, each a union of third classes."""

    def __init__(self, third_reps: list[str], nt: list[Count], key: ClassKey) -> None:
        index: dict[Hashable, int] = {}
        self.reps: list[str] = []
        self.n: list[Count] = []
        self.of: list[int] = []  # the draw class of each third class
        for card, count in zip(third_reps, nt):
            d = index.get(key(card))
            if d is None:
                d = index[key(card)] = len(self.reps)
                self.reps.append(card)
                self.n.append(+count)
            else:
                self.n[d] = self.n[d] + count
            self.of.append(d)
        self.values = [card_value(card) for card in self.reps]
        self.members = [[t for t, d in enumerate(self.of) if d == c] for c in range(len(self.reps))]


def class_partition(key: Callable[[str], Hashable]) -> tuple[tuple[str, ...], ...]:
    """The deck's cards grouped by ``key``, in the order ``Shoe.classes`` uses."""
    groups: dict[Hashable, list[str]] = {}
    for card in DECK:
        groups.setdefault(key(card), []).append(card)
    ordered = sorted(groups.values(), key=lambda cards: card_value(cards[0]))
    return tuple(tuple(cards) for cards in ordered)


Keys = tuple[ClassKey, ClassKey, ClassKey, ClassKey, ClassKey]


def _keys(deal_cols: list[Column], card_cols: list[Column]) -> Keys:
    """The class keys of an enumeration: the Player's first cards, the Banker's, the cards
    removed before a third card is drawn, the Player's third card, the Banker's."""
    card_keyed = [c.card_key for c in card_cols if c.card_key is not None]
    banker_keyed = [c.card_key for c in deal_cols if c.card_key is not None and "banker" in c.hands]
    player_keyed = [c.card_key for c in deal_cols if c.card_key is not None and "banker" not in c.hands]

    def third_key(card: str) -> tuple[Hashable, ...]:
        return (card_value(card), *(key(card) for key in card_keyed))

    def banker_key(card: str) -> tuple[Hashable, ...]:
        return (*third_key(card), *(key(card) for key in banker_keyed))

    def first_key(card: str) -> tuple[Hashable, ...]:
        return (*banker_key(card), *(key(card) for key in player_keyed))

    def draw_key(hand: str) -> ClassKey:
        keyed = [c.card_key for c in card_cols if c.card_key is not None and hand in c.hands]
        return lambda card: (card_value(card), *(key(card) for key in keyed))

    return first_key, banker_key, third_key, draw_key("player"), draw_key("banker")


def _base_counts(shoe: Shoe, deal_names: Names, card_names: Names, round_names: Names | None,
                 needs: str | None, rules: Rules) -> Table:
    """Counts keyed by (deal column values, round column values or round base (None),
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
    keys = _keys([column(n) for n in deal_names], [column(n) for n in card_names])
    first, banker, third = ({card: key(card) for card in DECK}.__getitem__ for key in keys[:3])
    return first, banker, third


@lru_cache(maxsize=256)
def _class_counts(first: tuple[tuple[str, int], ...], banker: tuple[tuple[str, int], ...],
                  third: tuple[tuple[str, int], ...], deal_names: Names, card_names: Names,
                  round_names: Names | None, needs: str | None, rules: Rules) -> Table:
    """The enumeration of a shoe given by its classes: (representative card, count)."""
    deal_cols = [column(name) for name in deal_names]
    card_cols = [column(name) for name in card_names]
    size = sum(count for _, count in first)
    pad: dict[int, Count] = {m: falling(size - m, CARDS_PER_ROUND - m) for m in (2, 4, 5, 6)}
    classes = _Classes(first, banker, third, _keys(deal_cols, card_cols), pad)
    return enumerate_round(classes, deal_names, card_names, round_names, needs, rules)


def enumerate_round(classes: _Classes, deal_names: Names, card_names: Names,
                    round_names: Names | None, needs: str | None, rules: Rules) -> Table:
    """The enumeration itself, on integer or symbolic class counts; the middle of each key
    holds the round columns' values, or the round base where ``round_names`` is None."""
    deal_cols = [column(name) for name in deal_names]
    if needs is None:
        return _deal_outcomes(classes, deal_cols)
    card_cols = [column(name) for name in card_names]
    round_cols = None if round_names is None else [column(name) for name in round_names]
    return _round_outcomes(classes, deal_cols, card_cols, round_cols, rules, needs)


def _needs(round_cols: list[Column]) -> str:
    needs = {c.needs for c in round_cols}
    return THIRD if THIRD in needs else TWO_CARD if TWO_CARD in needs else FINAL


def _hands(k: int, ordered: bool) -> list[tuple[int, int, int]]:
    """Two-card hands as (first class, second class, orderings it stands for)."""
    if ordered:
        return [(i, j, 1) for i in range(k) for j in range(k)]
    return [(i, j, 1 if i == j else 2) for i in range(k) for j in range(i, k)]


def _ordered(deal_cols: list[Column], hand: str) -> bool:
    return any(c.ordered and hand in c.hands for c in deal_cols)


def _deal_values(deal_cols: list[Column], player: tuple[str, ...],
                 banker: tuple[str, ...]) -> tuple[object, ...]:
    # every deal column has of_deal (vocabulary._deal, _first_cards); no check on this path
    return tuple(c.of_deal(player, banker) for c in deal_cols)  # type: ignore[misc]


def _deal_outcomes(classes: _Classes, deal_cols: list[Column]) -> Table:
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
                _add(out, key, weight)
        return out
    if hands_read == {"player", "banker"}:
        rest = classes.pad[4]
        deal_key = _DealKeys(deal_cols, [])
        player_groups = _hand_groups(classes, "player", _ordered(deal_cols, "player"), deal_cols,
                                     [], thirds=False)
        banker_groups = _hand_groups(classes, "banker", _ordered(deal_cols, "banker"), deal_cols,
                                     [], thirds=False)
        for pg in player_groups:
            for bg in banker_groups:
                weight = _pair_weight(pg, bg)
                if weight:
                    _add(out, (deal_key(pg, bg)[0], (), ()), weight * rest)
        return out
    (hand_read,) = hands_read
    rest = classes.pad[2]
    for i, j, mult in _hands(len(n), _ordered(deal_cols, hand_read)):
        weight = mult * n[i] * (n[j] - (i == j))
        if weight:
            hand = (cards[i], cards[j])
            key = (_deal_values(deal_cols, hand, hand), (), ())
            _add(out, key, weight * rest)
    return out


class _HandGroup:
    """Two-card hands of one side that the drawing rules and every column see alike: the
    same point values, the same third-card classes and the same column values.

    ``weight`` sums the hands' ways; ``by_class`` and ``by_pair`` carry what the other side
    needs to remove the cards exactly (``_pair_weight``), keyed by Banker classes."""

    __slots__ = ("values", "total", "thirds", "own", "shared", "features", "rep", "weight",
                 "by_class", "by_pair", "mask", "single")

    def __init__(self, values: tuple[int, int], thirds: tuple[int, ...],
                 own: tuple[tuple[Hashable, ...], tuple[Hashable, ...]], shared: int,
                 features: int, rep: tuple[str, str]) -> None:
        self.values = values
        self.total = (values[0] + values[1]) % 10
        self.thirds = thirds
        self.own = own  # the values of the columns that read this hand alone: deal, partial
        self.shared = shared  # an id of what the columns reading both hands see of this one
        self.features = features  # an id of (own, shared)
        self.rep = rep  # one of its hands, to read the columns from
        self.weight: Count = 0
        self.by_class: dict[int, Count] = {}
        self.by_pair: dict[tuple[int, int], Count] = {}
        self.mask = 0  # the Banker classes its hands hold, as bits
        # a group of one hand: its Banker classes (x, y), orderings and the two counts
        self.single: tuple[int, int, int, Count, Count] | None = None


def _own_reader(col: Column) -> Callable[[tuple[str, str]], Hashable]:
    """A column that reads one hand alone: its value from that hand."""
    # a deal column's of_deal, a card column's partial (vocabulary._deal, _counted, ...)
    read = cast("Callable[[tuple[str, ...], tuple[str, ...]], Hashable]",
                col.of_deal if col.kind == "deal" else col.partial)
    return lambda hand: read(hand, hand)


def _seen(col: Column, ordered: bool) -> Callable[[tuple[str, str]], Hashable]:
    """A column that reads both hands: what it sees of one, each card's attribute (its
    ``card_key``; its point value for a column that has none). The vocabulary reads cards
    through nothing else (``tests/test_vocabulary_keys.py``)."""
    key = col.card_key or card_value

    def seen(hand: tuple[str, str]) -> Hashable:
        cards = tuple(key(c) for c in hand)
        return cards if ordered else tuple(sorted(cards, key=repr))
    return seen


def _hand_groups(classes: _Classes, side: str, ordered: bool, deal_cols: list[Column],
                 card_cols: list[Column], thirds: bool) -> list[_HandGroup]:
    """One side's two-card hands, grouped.

    Player hands are dealt from the full classes; a group keeps, per Banker class ``x``,
    the sum of ``w * c_x`` and per pair of classes ``w * c_x * c_y`` (``c``: the hand's
    cards in each Banker class). Banker hands are dealt from the Banker classes as if no
    card were gone; a group keeps what removing the Player's cards takes off
    (``_pair_weight``)."""
    player = side == "player"
    n = classes.n if player else classes.nb
    reps = classes.reps if player else classes.banker_reps
    values = classes.values if player else classes.banker_values
    third_of = classes.third_of if player else classes.banker_third_of
    banker_of = classes.banker_of if player else list(range(len(n)))
    own_deal = [_own_reader(c) for c in deal_cols if c.hands == (side,)]
    own_partial = [_own_reader(c) for c in card_cols if c.hands == (side,)]
    shared = [_seen(c, ordered) for c in deal_cols + card_cols
              if len(c.hands) != 1 and side in c.hands]
    ids: dict[Hashable, int] = {}
    groups: dict[tuple[Hashable, ...], _HandGroup] = {}
    for i, j, mult in _hands(len(n), ordered):
        weight = mult * n[i] * (n[j] - (i == j))
        if not weight:
            continue
        hand = (reps[i], reps[j])
        own = (tuple(read(hand) for read in own_deal), tuple(read(hand) for read in own_partial))
        sid = ids.setdefault(("shared", tuple(read(hand) for read in shared)), len(ids))
        fid = ids.setdefault((own, sid), len(ids))
        pair = (values[i], values[j]) if ordered else (min(values[i], values[j]),
                                                        max(values[i], values[j]))
        held = tuple(sorted((third_of[i], third_of[j]))) if thirds else ()
        key = (pair, held, fid)
        group = groups.get(key)
        x, y = banker_of[i], banker_of[j]
        if group is None:
            group = groups[key] = _HandGroup(pair, held, own, sid, fid, hand)
            group.single = (x, y, mult, n[i], n[j])
        else:
            group.single = None
        group.weight += weight
        group.mask |= (1 << x) | (1 << y)
        if player:
            # c_x and c_x * c_y of the hand, times its ways
            _add(group.by_class, x, weight)
            _add(group.by_class, y, weight)
            for xy in ((x, x), (y, y), (x, y), (y, x)):
                _add(group.by_pair, xy, weight)
        else:
            # ways = mult * (n_i - c_i) * (n_j - [i == j] - c_j), expanded in the Player's c
            _add(group.by_class, i, mult * (n[j] - (i == j)))
            _add(group.by_class, j, mult * n[i])
            _add(group.by_pair, (i, j), mult)
    return list(groups.values())


def _pair_weight(player: _HandGroup, banker: _HandGroup) -> Count:
    """The ways to deal a hand of the Player's group, then one of the Banker's from what is
    left: the Banker's ways from the full classes, less those that use a card the Player
    holds (only classes both groups hold can differ)."""
    one, other = player.single, banker.single
    if one is not None and other is not None:  # one hand each: remove the cards directly
        x, y = one[0], one[1]
        k, l, mult, nk, nl = other
        return player.weight * mult * (nk - (k == x) - (k == y)) * (nl - (l == x) - (l == y)
                                                                    - (l == k))
    weight = player.weight * banker.weight
    if player.mask & banker.mask:
        by_class, by_pair = banker.by_class, banker.by_pair
        for x, ways in player.by_class.items():
            if x in by_class:
                weight -= ways * by_class[x]
        for xy, ways in player.by_pair.items():
            if xy in by_pair:
                weight += ways * by_pair[xy]
    return weight


class _DealKeys:
    """(deal column values, card partials) of a deal of two hand groups: the Player's own
    columns, the Banker's own, then those reading both hands (``_plan``'s order); partials
    as (the Player's, the Banker's, both). Read once per pair of feature ids."""

    def __init__(self, deal_cols: list[Column], card_cols: list[Column]) -> None:
        # every deal column has of_deal, every card column a partial (vocabulary._deal, ...)
        self._both_deal = cast("list[Callable[[tuple[str, ...], tuple[str, ...]], Hashable]]",
                               [c.of_deal for c in deal_cols if len(c.hands) != 1])
        self._both_partial = cast("list[Callable[[tuple[str, ...], tuple[str, ...]], Hashable]]",
                                  [c.partial for c in card_cols if len(c.hands) != 1])
        self._both: dict[tuple[int, int], tuple[tuple[Hashable, ...], tuple[Hashable, ...]]] = {}
        self._keys: dict[tuple[int, int], tuple[Any, ...]] = {}
        self.reads = bool(deal_cols or card_cols)  # False: every deal has the same key

    def __call__(self, pg: _HandGroup, bg: _HandGroup) -> tuple[Any, ...]:
        found = self._keys.get((pg.features, bg.features))
        if found is None:
            seen = self._both.get((pg.shared, bg.shared))
            if seen is None:
                seen = self._both[(pg.shared, bg.shared)] = (
                    tuple(f(pg.rep, bg.rep) for f in self._both_deal),
                    tuple(f(pg.rep, bg.rep) for f in self._both_partial))
            (p_deal, p_partial), (b_deal, b_partial) = pg.own, bg.own
            found = self._keys[(pg.features, bg.features)] = (
                p_deal + b_deal + seen[0], (p_partial, b_partial, seen[1]))
        return found


class _Round:
    """What one enumeration of a played round reads: the classes, the drawing rules, the
    hands of each side in groups, and the columns, each read once per distinct input."""

    def __init__(self, classes: _Classes, deal_cols: list[Column], card_cols: list[Column],
                 round_cols: list[Column] | None, rules: Rules, needs: str) -> None:
        self.classes = classes
        self.rules = rules
        self.nt = classes.nt
        self.k3 = len(classes.nt)
        # the Player's third card is drawn from classes A, the Banker's from classes B (both
        # unions of the third classes: A = B when a column reads both third cards alike)
        self.draw_a, self.draw_b = classes.player_draw, classes.banker_draw
        self.split = len(self.draw_a.n) < self.k3 or len(self.draw_b.n) < self.k3
        self.two_card = needs in (TWO_CARD, THIRD)
        self.third = needs == THIRD
        banker_ordered = rules.uses_up_card or _ordered(deal_cols, "banker")
        self.player_groups = _hand_groups(classes, "player", _ordered(deal_cols, "player"),
                                          deal_cols, card_cols, thirds=True)
        self.banker_groups = _hand_groups(classes, "banker", banker_ordered, deal_cols,
                                          card_cols, thirds=True)
        self.player_draws_on = None if rules.uses_up_card else [
            rules.player_draws(total) for total in range(10)]
        self.banker_stands_alone = [not rules.banker_draws(total, None) for total in range(10)]
        self.banker_draws_after = [[rules.banker_draws(b2, a) for a in range(10)]
                                   for b2 in range(10)]
        self.deal_key = _DealKeys(deal_cols, card_cols)
        # every card column has a final value, every round column of_round (vocabulary)
        finals = cast("list[Callable[[Hashable, str | None, str | None], object]]",
                      [c.final for c in card_cols])
        self.finals = bool(finals)
        # the Player's own card columns read the Player's third card, the Banker's the Banker's
        self._by_hand = [[f for c, f in zip(card_cols, finals) if _by_hand(c)[0] == part]
                         for part in range(3)]
        # None: the round base itself stands for the round values
        self._round_fns = None if round_cols is None else _round_readers(
            tuple(c.name for c in round_cols))
        self._rounded: dict[_Base, tuple[object, ...]] = {}
        self._banker_rows: dict[tuple[int, int, int | None], list[tuple[object, ...]]] = {}
        self._card_parts: list[dict[tuple[Hashable, ...], tuple[object, ...]]] = [{}, {}, {}]
        self._card_rows: dict[tuple[Hashable, ...], list[tuple[object, ...]]] = {}

    def player_draws(self, pg: _HandGroup, bg: _HandGroup) -> bool:
        if self.player_draws_on is not None:
            return self.player_draws_on[pg.total]
        vi, vj = pg.values
        return self.rules.player_draws(pg.total, (min(vi, vj), max(vi, vj), bg.values[0]))

    def rounded(self, x: int, y: int, pc: int, bc: int, p2: int | None, b2: int | None,
                a: int | None, b: int | None) -> tuple[object, ...]:
        """The round columns' values of a finished round, read once per round base."""
        base = (x, y, pc, bc, p2 if self.two_card else None, b2 if self.two_card else None,
                a if self.third else None, b if self.third else None)
        if self._round_fns is None:
            return base
        found = self._rounded.get(base)
        if found is None:
            found = self._rounded[base] = tuple(f(base) for f in self._round_fns)
        return found

    def banker_row(self, p2: int, b2: int, va: int | None) -> list[tuple[object, ...]]:
        """A Banker draw's round values, one per B class, after the Player's third card
        (None: the Player stood)."""
        found = self._banker_rows.get((p2, b2, va))
        if found is None:
            x, pc = (p2, 2) if va is None else ((p2 + va) % 10, 3)
            found = self._banker_rows[(p2, b2, va)] = [
                self.rounded(x, (b2 + vb) % 10, pc, 3, p2, b2, va, vb)
                for vb in self.draw_b.values]
        return found

    def card_row(self, pv: tuple[Hashable, ...], a: int | None) -> list[tuple[object, ...]]:
        """The card columns' values for each B class of the Banker's third card."""
        found = self._card_rows.get((pv, a))
        if found is None:
            found = self._card_rows[(pv, a)] = [
                self.card_values(pv, a, b) for b in range(len(self.draw_b.n))]
        return found

    def card_values(self, pv: tuple[Any, ...], a: int | None, b: int | None) -> tuple[object, ...]:
        """The card columns' values, in ``_plan``'s order: each part read once per (its
        partials, the third cards it reads)."""
        if not self.finals:
            return ()
        found: tuple[object, ...] = ()
        for part in range(3):
            found += self.card_part(part, pv[part], a, b)
        return found

    def card_part(self, part: int, partials: tuple[Hashable, ...], a: int | None,
                  b: int | None) -> tuple[object, ...]:
        """One part of the card values: the Player's own columns (0), the Banker's (1),
        those reading both hands (2)."""
        if not partials:
            return ()
        seen = (a, None) if part == 0 else (None, b) if part == 1 else (a, b)
        values = self._card_parts[part].get((partials, *seen))
        if values is None:
            p3 = None if seen[0] is None else self.draw_a.reps[seen[0]]
            b3 = None if seen[1] is None else self.draw_b.reps[seen[1]]
            values = self._card_parts[part][(partials, *seen)] = tuple(
                f(partial, p3, b3) for f, partial in zip(self._by_hand[part], partials))
        return values


def _round_outcomes(classes: _Classes, deal_cols: list[Column], card_cols: list[Column],
                    round_cols: list[Column] | None, rules: Rules, needs: str) -> Table:
    """Columns that read how the round ends: play the drawing rules."""
    round_ = _Round(classes, deal_cols, card_cols, round_cols, rules, needs)
    if _is_wide(round_):
        from exact_odds.engine import wide

        table = wide.round_outcomes(round_)
        if table is not None:
            return table
    return _played(round_)


#: A round of at least this many pairs of hand groups is played by ``wide`` (numpy) for a
#: real shoe: below it, playing the pairs in Python costs less than setting up the arrays.
WIDE_PAIRS = 100_000

#: The largest shoe ``wide`` takes: its int64 sums stay below 4 * N**6 < 2**63.
WIDE_MAX_CARDS = 1100


def _is_wide(round_: _Round) -> bool:
    counts = round_.classes.n
    if not all(type(count) is int for count in counts):  # symbolic counts: played in Python
        return False
    pairs = len(round_.player_groups) * len(round_.banker_groups)
    return pairs >= WIDE_PAIRS and sum(counts) <= WIDE_MAX_CARDS


def _played(round_: _Round) -> Table:
    """The round played out one pair of hand groups at a time, on any counts."""
    classes = round_.classes
    nt, k3 = round_.nt, round_.k3
    draw_a, draw_b, split = round_.draw_a, round_.draw_b, round_.split
    a_of, b_of = draw_a.of, draw_b.of
    two_card, third, finals = round_.two_card, round_.third, round_.finals
    rounded, banker_row, card_row = round_.rounded, round_.banker_row, round_.card_row
    card_values = round_.card_values
    banker_stands_alone = round_.banker_stands_alone
    after_four = classes.pad[4]
    after_five = classes.pad[5]
    # Deals nobody draws to (a natural, or both stand) go straight into a grid of the two
    # totals, one per combination of deal-column values and card-column partials.
    no_draw: dict[tuple[Any, ...], list[Count]] = {}
    # state (two-card totals, whether the Player draws, deal values, partials) ->
    #   [sum of weights, m1, pairs]: m1[t] sums weight * (dealt cards of third class t);
    #   pairs[t][u] sums weight over the pairs of dealt cards in classes t and u (either
    #   order), or where the draws are split, pairs[a][b] over the ordered pairs of distinct
    #   dealt cards in classes a (of A) and b (of B).
    states: dict[tuple[Any, ...], list[Any]] = {}
    # without deal or card columns every deal has the same (empty) deal key
    plain = not round_.deal_key.reads
    dkey: tuple[Any, ...] = ((), ((), (), ()))
    standing = no_draw[dkey] = [0] * 100
    draws_on = round_.player_draws_on
    for pg in round_.player_groups:
        p2, p_weight, p_mask = pg.total, pg.weight, pg.mask
        ti, tj = pg.thirds
        p_draws = None if draws_on is None else draws_on[p2]
        for bg in round_.banker_groups:
            # the pair's ways: the product, corrected where the groups share a class
            weight = _pair_weight(pg, bg) if p_mask & bg.mask else p_weight * bg.weight
            if not weight:
                continue
            b2 = bg.total
            if not plain:
                dkey = round_.deal_key(pg, bg)
                known = no_draw.get(dkey)
                standing = known if known is not None else no_draw.setdefault(dkey, [0] * 100)
            if p2 >= 8 or b2 >= 8:
                standing[10 * p2 + b2] += weight
                continue
            draws = p_draws if p_draws is not None else round_.player_draws(pg, bg)
            if not draws and banker_stands_alone[b2]:
                standing[10 * p2 + b2] += weight
                continue
            state = states.get((p2, b2, draws, dkey))
            if state is None:
                state = states[(p2, b2, draws, dkey)] = [0, [0] * k3, [
                    [0] * len(draw_b.n) for _ in draw_a.n] if split else [[0] * k3 for _ in nt]]
            state[0] += weight
            m1 = state[1]
            tk, tl = bg.thirds
            m1[ti] += weight
            m1[tj] += weight
            m1[tk] += weight
            m1[tl] += weight
            if draws and split:
                # each ordered pair of distinct dealt cards: (first's A class, second's B
                # class), unrolled: a loop over the four cards cost more than the additions
                pairs = state[2]
                bi, bj, bk, bl = b_of[ti], b_of[tj], b_of[tk], b_of[tl]
                row = pairs[a_of[ti]]
                row[bj] += weight
                row[bk] += weight
                row[bl] += weight
                row = pairs[a_of[tj]]
                row[bi] += weight
                row[bk] += weight
                row[bl] += weight
                row = pairs[a_of[tk]]
                row[bi] += weight
                row[bj] += weight
                row[bl] += weight
                row = pairs[a_of[tl]]
                row[bi] += weight
                row[bj] += weight
                row[bk] += weight
            elif draws:
                pairs = state[2]
                pairs[ti][tj] += weight
                pairs[ti][tk] += weight
                pairs[ti][tl] += weight
                pairs[tj][tk] += weight
                pairs[tj][tl] += weight
                pairs[tk][tl] += weight
    # the table by deal values: (round values, card values) -> ways
    by_deal: dict[tuple[Any, ...], Table] = {}
    two_cards = [rounded(p2, b2, 2, 2, p2, b2, None, None) for p2 in range(10) for b2 in range(10)]
    for (dv, pv), totals in no_draw.items():
        cv = card_values(pv, None, None)
        found = by_deal.setdefault(dv, {})
        for rv, w in _folded(totals, two_cards).items():
            _add(found, (rv, cv), w * after_four)

    banker_draws_after = round_.banker_draws_after
    # Where no column reads the third cards, the Banker's final total is all that tells two
    # of its draws apart: add each row of draws into a grid indexed by the final totals.
    grids: dict[tuple[Any, ...], list[Count]] = {}
    nta, ntb = draw_a.n, draw_b.n
    for (p2, b2, player_draws, (dv, pv)), (s0, m1, pairs) in states.items():
        # r1[t]: sum over the state's deals of weight * (cards of third class t left);
        # m1a, m1b, r1a, r1b: the same by the classes each hand draws from
        r1 = [nt[t] * s0 - m1[t] for t in range(k3)]
        m1b = m1 if not split else [sum((m1[t] for t in ts), 0 * s0) for ts in draw_b.members]
        r1b = r1 if not split else [n * s0 - m for n, m in zip(ntb, m1b)]
        found = by_deal.setdefault(dv, {})
        if not player_draws:
            # the Player stood on two cards; the Banker draws (both standing was handled above)
            stood: Table = {}
            for w, rv, cv in zip(r1b, banker_row(p2, b2, None), card_row(pv, None)):
                if w:
                    _add(stood, (rv, cv), w)
            for key, w in stood.items():
                _add(found, key, w * after_five)
            continue
        m1a = m1 if not split else [sum((m1[t] for t in ts), 0 * s0) for ts in draw_a.members]
        # both(a)[b]: the sum of weight * m[a] * m[b] over the ordered pairs of distinct
        # dealt cards, a row of pairs (split), or pairs[a][b] + pairs[b][a] (not split)
        transposed = list(zip(*pairs)) if not split else None
        draws_after = banker_draws_after[b2]
        grid: list[Count] | None = None
        rotation = [(b2 + v) % 10 for v in draw_b.values]
        if not third and not finals:
            gkey = (dv, p2, b2) if two_card else (dv, None, None)
            grid = grids.get(gkey)
            if grid is None:
                grid = grids[gkey] = [0] * 100
        for a, na in enumerate(nta):
            ra = na * s0 - m1a[a]
            if not ra:
                continue
            va = draw_a.values[a]
            x = (p2 + va) % 10
            if not draws_after[va]:
                key = (rounded(x, b2, 3, 2, p2, b2, va, None), card_values(pv, a, None))
                _add(found, key, ra * after_five)
                continue
            # the Banker's third card of class b: the sum over the Player's card's third
            # classes t in a of weight * r[t] * (r[b] - [t in b])
            both = pairs[a] if transposed is None else [
                p + q for p, q in zip(pairs[a], transposed[a])]
            row = [nb * ra - na * mb + pq for nb, mb, pq in zip(ntb, m1b, both)]
            for t in draw_a.members[a]:
                row[b_of[t]] += m1[t] - r1[t]
            if grid is not None:
                offset = 10 * x
                for y, w in zip(rotation, row):
                    grid[offset + y] += w
            else:
                for w, rv, cv in zip(row, banker_row(p2, b2, va), card_row(pv, a)):
                    if w:
                        _add(found, (rv, cv), w)
    three_cards: dict[tuple[int | None, int | None], list[tuple[object, ...]]] = {}
    for (dv, p2, b2), grid in grids.items():
        cells = three_cards.get((p2, b2))
        if cells is None:
            cells = three_cards[(p2, b2)] = [
                rounded(x, y, 3, 3, p2, b2, None, None)
                for x in range(10) for y in range(10)]
        found = by_deal.setdefault(dv, {})
        for rv, w in _folded(grid, cells).items():
            _add(found, (rv, ()), w)
    return {(dv, rv, cv): w for dv, found in by_deal.items() for (rv, cv), w in found.items()}


def _folded(grid: list[Count], cells: list[tuple[object, ...]]) -> Table:
    """A grid of the two final totals, summed by the round values of its cells."""
    found: Table = {}
    for w, rv in zip(grid, cells):
        if w:
            _add(found, rv, w)
    return found


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
