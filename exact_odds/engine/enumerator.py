"""The enumerator: exact counts of every outcome of a round, by card removal.

Every count is a number of **ordered six-card sequences** of distinct cards from the shoe,
so that the counts of a shoe of N cards add up to N(N-1)(N-2)(N-3)(N-4)(N-5) whatever the
columns asked for. A round that ends after four or five cards stands for every way of
filling the positions it did not use.

How it works. The shoe is grouped into the coarsest card classes the requested columns
need (the ten point values, for bets that read totals only). The deal is enumerated card by
card, each draw weighted by how many cards of its class are left once the cards before it
are removed:

1. the Player's two cards, then the Banker's two, as multisets of classes (or, where the up
   card matters, the Banker's in order), each weighted by the falling product of the class
   counts;
2. the deals are merged into *states*: what the drawing rules and the requested columns can
   still tell apart (two-card totals, whether the Player draws, the deal columns);
3. the third cards are drawn from what each deal leaves in the shoe. For a state, the weight
   of the Player drawing a card of value ``a`` and the Banker one of value ``b`` is the sum,
   over the state's deals, of ``w * r[a] * (r[b] - [a == b])`` with ``r`` the value counts
   left. Expanding ``r = n - m`` (m the cards already dealt) makes this an exact function of
   three sums per state, ``sum w``, ``sum w*m[a]`` and ``sum w*m[a]*m[b]``, so the last two
   removals cost a hundred products per state instead of a hundred per deal.

Python integers throughout: no count can overflow, whatever the shoe.

>>> from exact_odds.shoe import Shoe
>>> counts = outcome_counts(Shoe.from_decks(8), ["winner"])
>>> counts[("banker",)], counts[("player",)], counts[("tie",)]
(2292252566437888, 2230518282592256, 475627426473216)
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from functools import lru_cache
from itertools import combinations_with_replacement
from math import factorial

from exact_odds.cards import card_value
from exact_odds.rules import PUNTO_BANCO, PuntoBanco, TwentyFirstCentury
from exact_odds.shoe import CARDS_PER_ROUND, Shoe
from exact_odds.engine.vocabulary import FINAL, THIRD, TWO_CARD, Column, column

Rules = PuntoBanco | TwentyFirstCentury

#: Outcome counts: the tuple of the requested columns' values -> ordered six-card sequences.
Counts = dict[tuple, int]


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
    return dict(_outcome_counts(shoe, tuple(columns), rules))


def _outcome_counts(shoe: Shoe, names: tuple[str, ...], rules: Rules) -> tuple[tuple[tuple, int], ...]:
    cols = [column(name) for name in names]
    round_cols = [c for c in cols if c.kind == "round"]
    deal_names = tuple(sorted({c.name for c in cols if c.kind == "deal"}))
    deals = _base_counts(shoe, deal_names, _needs(round_cols) if round_cols else None, rules)
    # Many deals share a round base: read the round columns once per distinct base, sum
    # by (deal values, round values), and put the columns in the order asked at the end.
    round_fns = [c.of_round for c in round_cols]
    round_values: dict[tuple, tuple] = {}
    summed: dict[tuple, int] = {}
    for (dv, base), ways in deals.items():
        rv = round_values.get(base)
        if rv is None:
            rv = round_values[base] = tuple(f(base) for f in round_fns)
        key = (dv, rv)
        summed[key] = summed.get(key, 0) + ways
    deal_index = {name: i for i, name in enumerate(deal_names)}
    round_index = {c.name: i for i, c in enumerate(round_cols)}
    order = [(0, deal_index[c.name]) if c.kind == "deal" else (1, round_index[c.name]) for c in cols]
    counts: dict[tuple, int] = {}
    for pair, ways in summed.items():
        key = tuple(pair[part][i] for part, i in order)
        counts[key] = counts.get(key, 0) + ways
    return tuple(counts.items())


@lru_cache(maxsize=128)
def _base_counts(shoe: Shoe, deal_names: tuple[str, ...], needs: str | None, rules: Rules) -> dict:
    """Counts keyed by (deal column values, round base), shared by every set of columns
    that reads the same deal columns and the same detail of the round."""
    deal_cols = [column(name) for name in deal_names]
    keyed = [c.card_key for c in deal_cols if c.card_key is not None]

    def class_key(card: str) -> Hashable:
        return (card_value(card), *(key(card) for key in keyed))

    classes = shoe.classes(class_key)
    if needs is None:
        return _deal_outcomes(shoe, classes, deal_cols)
    return _round_outcomes(shoe, classes, deal_cols, rules, needs)


def _needs(round_cols: list[Column]) -> str:
    needs = {c.needs for c in round_cols}
    return THIRD if THIRD in needs else TWO_CARD if TWO_CARD in needs else FINAL


def _hands(classes, ordered: bool) -> list[tuple[int, int, int]]:
    """Two-card hands as (first class, second class, orderings it stands for)."""
    k = len(classes)
    if ordered:
        return [(i, j, 1) for i in range(k) for j in range(k)]
    return [(i, j, 1 if i == j else 2) for i in range(k) for j in range(i, k)]


def _deal_values(deal_cols: list[Column], player: tuple[str, ...], banker: tuple[str, ...]) -> tuple:
    return tuple(c.of_deal(player, banker) for c in deal_cols)


def _deal_outcomes(shoe: Shoe, classes, deal_cols: list[Column]) -> dict:
    """Columns that read only the first cards: enumerate just the hands they read."""
    hands_read = {hand for c in deal_cols for hand in c.hands}
    ordered = any(c.ordered for c in deal_cols)
    n = [c.count for c in classes]
    cards = [c.card for c in classes]
    size = shoe.size
    out: dict = {}
    if all(c.as_a_set for c in deal_cols):
        # the four cards as a set: each multiset of classes stands for 4!/prod(k!) orders
        rest = falling(size - 4, 2)
        for combo in combinations_with_replacement(range(len(classes)), 4):
            weight = 24 * rest
            for index in set(combo):
                k = combo.count(index)
                weight = weight * falling(n[index], k) // factorial(k)
            if weight:
                picked = tuple(cards[index] for index in combo)
                key = (_deal_values(deal_cols, picked[:2], picked[2:]), None)
                out[key] = out.get(key, 0) + weight
        return out
    if hands_read == {"player", "banker"}:
        rest = falling(size - 4, 2)
        for i, j, mult_p, k, l, mult_b, weight in _four_cards(n, classes, ordered):
            dv = _deal_values(deal_cols, (cards[i], cards[j]), (cards[k], cards[l]))
            key = (dv, None)
            out[key] = out.get(key, 0) + weight * rest
        return out
    rest = falling(size - 2, 4)
    for i, j, mult in _hands(classes, ordered):
        weight = mult * n[i] * (n[j] - (i == j))
        if weight:
            hand = (cards[i], cards[j])
            dv = _deal_values(deal_cols, hand, hand)
            key = (dv, None)
            out[key] = out.get(key, 0) + weight * rest
    return out


def _four_cards(n: list[int], classes, banker_ordered: bool):
    """Every deal of the first four cards: the Player's two, then the Banker's two."""
    player_hands = _hands(classes, False)
    banker_hands = _hands(classes, banker_ordered)
    for i, j, mult_p in player_hands:
        w_player = mult_p * n[i] * (n[j] - (i == j))
        if not w_player:
            continue
        for k, l, mult_b in banker_hands:
            nk = n[k] - (k == i) - (k == j)
            nl = n[l] - (l == i) - (l == j) - (l == k)
            if nk > 0 and nl > 0:
                yield i, j, mult_p, k, l, mult_b, w_player * mult_b * nk * nl


def _round_outcomes(shoe: Shoe, classes, deal_cols: list[Column], rules: Rules, needs: str) -> dict:
    """Columns that read how the round ends: play the drawing rules."""
    size = shoe.size
    n = [c.count for c in classes]
    cards = [c.card for c in classes]
    value = [c.value for c in classes]
    nv = list(shoe.value_counts())
    ordered = rules.uses_up_card or any(c.ordered for c in deal_cols)
    two_card = needs in (TWO_CARD, THIRD)
    third = needs == THIRD

    def base(x, y, pc, bc, p2, b2, a, b):
        return (x, y, pc, bc, p2 if two_card else None, b2 if two_card else None,
                a if third else None, b if third else None)

    out: dict = {}
    after_four = falling(size - 4, 2)
    after_five = size - 5
    # Deals nobody draws to (a natural, or both stand) go straight into a grid of the two
    # totals, one per combination of deal-column values.
    no_draw: dict[tuple, list[int]] = {}
    # state (two-card totals, whether the Player draws, deal values) ->
    #   [sum of weights, m1, pairs]: m1[v] sums weight * (dealt cards of value v);
    #   pairs[u][v] sums weight over the pairs of dealt cards valued u and v (either order).
    states: dict[tuple, list] = {}
    deal_cache: dict[tuple, tuple] = {}
    uses_up_card = rules.uses_up_card
    player_draws_on = [rules.player_draws(total) for total in range(10)] if not uses_up_card else None
    banker_stands_alone = [not rules.banker_draws(total, None) for total in range(10)]
    banker_hands = [(k, l, mb, value[k], value[l], (value[k] + value[l]) % 10)
                    for k, l, mb in _hands(classes, ordered)]
    dv: tuple = ()
    grid = no_draw[dv] = [0] * 100
    for i, j, mp in _hands(classes, False):
        w_player = mp * n[i] * (n[j] - (i == j))
        if not w_player:
            continue
        vi, vj = value[i], value[j]
        p2 = (vi + vj) % 10
        player_natural = p2 >= 8
        player_draws = player_draws_on[p2] if player_draws_on is not None else None
        for k, l, mb, vk, vl, b2 in banker_hands:
            nk = n[k] - (k == i) - (k == j)
            nl = n[l] - (l == i) - (l == j) - (l == k)
            if nk <= 0 or nl <= 0:
                continue
            weight = w_player * mb * nk * nl
            if deal_cols:
                ck = (i, j, k, l)
                dv = deal_cache.get(ck)
                if dv is None:
                    dv = deal_cache[ck] = _deal_values(
                        deal_cols, (cards[i], cards[j]), (cards[k], cards[l]))
                grid = no_draw.get(dv)
                if grid is None:
                    grid = no_draw[dv] = [0] * 100
            if player_natural or b2 >= 8:
                grid[10 * p2 + b2] += weight
                continue
            draws = player_draws if player_draws is not None else rules.player_draws(
                p2, (min(vi, vj), max(vi, vj), vk))
            if not draws and banker_stands_alone[b2]:
                grid[10 * p2 + b2] += weight
                continue
            state = states.get((p2, b2, draws, dv))
            if state is None:
                state = states[(p2, b2, draws, dv)] = [0, [0] * 10, [[0] * 10 for _ in range(10)]]
            state[0] += weight
            m1 = state[1]
            m1[vi] += weight
            m1[vj] += weight
            m1[vk] += weight
            m1[vl] += weight
            if draws:
                pairs = state[2]
                pairs[vi][vj] += weight
                pairs[vi][vk] += weight
                pairs[vi][vl] += weight
                pairs[vj][vk] += weight
                pairs[vj][vl] += weight
                pairs[vk][vl] += weight
    for dv, grid in no_draw.items():
        for index, w in enumerate(grid):
            if w:
                p2, b2 = divmod(index, 10)
                key = (dv, base(p2, b2, 2, 2, p2, b2, None, None))
                out[key] = out.get(key, 0) + w * after_four

    banker_draws_after = [[rules.banker_draws(b2, a) for a in range(10)] for b2 in range(10)]
    # Where no column reads the third cards, the Banker's final total is all that tells two
    # of its draws apart: add each row of ten draws into a grid indexed by the final totals.
    grids: dict[tuple, list[int]] = {}
    for (p2, b2, player_draws, dv), (s0, m1, pairs) in states.items():
        # r1[a]: sum over the state's deals of weight * (cards of value a left)
        r1 = [nv[a] * s0 - m1[a] for a in range(10)]
        if not player_draws:
            # the Player stood on two cards; the Banker draws (both standing was handled above)
            for b in range(10):
                if r1[b]:
                    key = (dv, base(p2, (b2 + b) % 10, 2, 3, p2, b2, None, b))
                    out[key] = out.get(key, 0) + r1[b] * after_five
            continue
        # sum of weight * m[a] * m[b] is pairs[a][b] + pairs[b][a], plus m1[a] when a == b
        transposed = list(zip(*pairs))
        draws_after = banker_draws_after[b2]
        grid = None
        if not third:
            gkey = (dv, p2, b2) if two_card else (dv, None, None)
            grid = grids.get(gkey)
            if grid is None:
                grid = grids[gkey] = [0] * 100
        rotation = _ROTATIONS[b2]
        for a in range(10):
            ra = r1[a]
            if not ra:
                continue
            x = (p2 + a) % 10
            if not draws_after[a]:
                key = (dv, base(x, b2, 3, 2, p2, b2, a, None))
                out[key] = out.get(key, 0) + ra * after_five
                continue
            na = nv[a]
            # the Banker's third card of value b: weight * r[a] * (r[b] - [a == b])
            row = [nb * ra - na * mb + p + q for nb, mb, p, q in zip(nv, m1, pairs[a], transposed[a])]
            row[a] += m1[a] - ra
            if grid is not None:
                offset = 10 * x
                for y, w in zip(rotation, row):
                    grid[offset + y] += w
            else:
                for b, w in enumerate(row):
                    if w:
                        key = (dv, base(x, (b2 + b) % 10, 3, 3, p2, b2, a, b))
                        out[key] = out.get(key, 0) + w
    for (dv, p2, b2), grid in grids.items():
        for index, w in enumerate(grid):
            if w:
                key = (dv, (index // 10, index % 10, 3, 3, p2, b2, None, None))
                out[key] = out.get(key, 0) + w
    return out


#: _ROTATIONS[b2][b]: the Banker's final total from a two-card total b2 and a third card b.
_ROTATIONS = [[(b2 + b) % 10 for b in range(10)] for b2 in range(10)]


def outcome_table(shoe: Shoe, columns: Sequence[str], rules: Rules = PUNTO_BANCO):
    """The outcome counts as a polars DataFrame: the requested columns and ``ways``.

    ``ways`` is an Int64 column where every count fits (any shoe up to about 27 decks),
    Int128 beyond; a shoe too large even for that is refused rather than overflowed.
    """
    import polars as pl

    counts = outcome_counts(shoe, columns, rules)
    dtypes = {"int": pl.Int8, "bool": pl.Boolean, "str": pl.Utf8}
    data = {name: [key[i] for key in counts] for i, name in enumerate(columns)}
    total = total_sequences(shoe)
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
