"""The played round on fine card classes, vectorised: the same sums as
``enumerator._played``, taken with numpy for a real shoe.

When the columns read the suits or ranks of the third cards, each third card is drawn from
up to 52 classes, and a deal stage that pairs Player and Banker hand groups one by one meets
millions of pairs, each followed by a draw over thousands of (Player class, Banker class)
cells. Here the same quantities are built as arrays:

1. per *key* of each side (what the rules and the columns see of a hand: its two-card total,
   the values the rules read, its column values), the sums over its hand groups of the ways
   ``w``, of ``w * m[t]`` (``m``: cards of each third class in the hand) and of ``w`` over the
   ordered pairs of the hand's two cards by (Player's draw class, Banker's draw class);
2. per pair of keys, the deal stage's sums (``s0``, ``m1``, ``pairs`` in ``_played``) as
   products of the two sides' sums, as if the Banker's cards were dealt from the full shoe,
   plus an exact correction for each pair of hand groups that share a card class: the
   Banker's ways with the Player's cards removed, less the ways counted without removing
   them (``enumerator._pair_weight`` expanded the same way);
3. the draw: for each pair of keys the ways of each (Player class, Banker class) of third
   cards, from those sums, added by the code of its outcome into one dense array.

Every number is an int64: the enumerator takes this path (``enumerator._is_wide``) only for
integer counts and shoes of up to ``WIDE_MAX_CARDS`` cards, where no sum or product here can
reach 2**63. Every intermediate is below 4 * N**6: the largest is a Banker class's count
times the ways left for a Player third card, ``ntb * ra`` <= N**2 * falling(N, 4), and the
ways added up never pass falling(N, 6). Symbolic counts and larger shoes are played pair by
pair in Python, as are enumerations whose outcome codes or pairs of keys would not fit the
sizes below.
"""

from __future__ import annotations

from collections import defaultdict
from typing import TYPE_CHECKING, Any

import numpy as np

if TYPE_CHECKING:
    from exact_odds.engine.classes import Table
    from exact_odds.engine.round import Round

#: The outcome codes' dense array, the sums per pair of keys, and each block of pairs of
#: keys drawn at once stay under these sizes (int64 cells); beyond, None sends the
#: enumeration back to Python.
MAX_CODES = 4_000_000
MAX_PAIRS_OF_KEYS = 200_000
MAX_SUMS = 20_000_000
BLOCK_CELLS = 1_500_000


class _Side:
    """One side's hand groups gathered by key, with the sums of step 1."""

    def __init__(self, groups: list[Any], keys: list[tuple[Any, ...]], k3: int,
                 a_of: np.ndarray, b_of: np.ndarray, one_a: np.ndarray,
                 one_b: np.ndarray) -> None:
        index: dict[tuple[Any, ...], int] = {}
        self.key_of = np.array([index.setdefault(key, len(index)) for key in keys], dtype=np.int64)
        self.keys = list(index)
        # one group of each key, to read its columns from
        first = {k: group for group, k in zip(reversed(groups), reversed(self.key_of.tolist()))}
        self.rep = [first[k] for k in range(len(index))]
        self.weight = np.array([g.weight for g in groups], dtype=np.int64)
        self.first = np.array([g.thirds[0] for g in groups], dtype=np.int64)
        self.second = np.array([g.thirds[1] for g in groups], dtype=np.int64)
        k, ka, kb = len(self.keys), one_a.shape[1], one_b.shape[1]
        self.s = np.zeros(k, dtype=np.int64)
        np.add.at(self.s, self.key_of, self.weight)
        self.m = np.zeros((k, k3), dtype=np.int64)
        np.add.at(self.m, (self.key_of, self.first), self.weight)
        np.add.at(self.m, (self.key_of, self.second), self.weight)
        self.pairs = np.zeros((k, ka, kb), dtype=np.int64)
        np.add.at(self.pairs, (self.key_of, a_of[self.first], b_of[self.second]), self.weight)
        np.add.at(self.pairs, (self.key_of, a_of[self.second], b_of[self.first]), self.weight)
        self.ma = self.m @ one_a
        self.mb = self.m @ one_b


def _one_hot(of: np.ndarray, k: int) -> np.ndarray:
    matrix = np.zeros((len(of), k), dtype=np.int64)
    matrix[np.arange(len(of)), of] = 1
    return matrix


def _collisions(player: list[Any], banker: list[Any]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Every pair of hand groups that share a card class, with the exact change to its ways
    (``_pair_weight`` less the product of the two weights): (Player group, Banker group,
    change), each pair once."""
    players_of: dict[int, list[tuple[int, int]]] = defaultdict(list)
    for g, group in enumerate(player):
        for x, ways in group.by_class.items():
            players_of[x].append((g, ways))
    bankers_of: dict[int, list[tuple[int, int]]] = defaultdict(list)
    for g, group in enumerate(banker):
        for x, ways in group.by_class.items():
            bankers_of[x].append((g, ways))
    codes: list[np.ndarray] = []
    changes: list[np.ndarray] = []
    size = len(banker)
    for x, found in players_of.items():
        if x not in bankers_of:
            continue
        p, pw = np.array(found, dtype=np.int64).T
        b, bw = np.array(bankers_of[x], dtype=np.int64).T
        codes.append((p[:, None] * size + b[None, :]).ravel())
        changes.append((-pw[:, None] * bw[None, :]).ravel())
    pairs_of: dict[tuple[int, int], list[tuple[int, int]]] = defaultdict(list)
    for g, group in enumerate(player):
        for xy, ways in group.by_pair.items():
            pairs_of[xy].append((g, ways))
    extra: list[tuple[int, int]] = []
    for g, group in enumerate(banker):
        for xy, ways in group.by_pair.items():
            extra.extend((p * size + g, pw * ways) for p, pw in pairs_of.get(xy, ()))
    if extra:
        code, change = np.array(extra, dtype=np.int64).T
        codes.append(code)
        changes.append(change)
    if not codes:
        empty = np.zeros(0, dtype=np.int64)
        return empty, empty, empty
    unique, inverse = np.unique(np.concatenate(codes), return_inverse=True)
    total = np.zeros(len(unique), dtype=np.int64)
    np.add.at(total, inverse, np.concatenate(changes))
    kept = total != 0
    return unique[kept] // size, unique[kept] % size, total[kept]


class _Outcomes:
    """The table being built: each outcome (deal values, round values, the three parts of
    the card values) coded as one integer, its ways added into one dense array.

    Built per pair of keys ``c`` (its deal values and partials), per (two-card totals,
    third cards' values) for the round values, and per (partials, draw classes) for the
    card values; ``build`` gives None where the dense array would be too large."""

    dv_id: np.ndarray  # per pair of keys
    p2: np.ndarray  # per pair of keys: the two-card totals
    b2: np.ndarray
    part_ids: np.ndarray  # per card part and pair of keys: its partials' id
    rv_of: np.ndarray  # [p2, b2, Player's third value + 1, Banker's + 1] (0: no card)
    card_ids: list[np.ndarray]  # per part: [partials id, draw class A + 1, B + 1]
    values: list[list[Any]]  # per part of the code: the values behind each id
    sizes: list[int]
    strides: list[int]
    ways: np.ndarray

    @classmethod
    def build(cls, round_: Round, player: _Side, banker: _Side, player_totals: np.ndarray,
              banker_totals: np.ndarray) -> _Outcomes | None:
        found = cls()
        found.p2, found.b2 = player_totals, banker_totals
        n_b = len(banker.keys)
        combos = len(player.keys) * n_b
        ids: list[dict[Any, int]] = [{} for _ in range(5)]  # dv, rv, partials of each part
        found.dv_id = np.zeros(combos, dtype=np.int64)
        found.part_ids = np.zeros((3, combos), dtype=np.int64)
        for combo in range(combos):
            dv, pv = round_.deal_key(player.rep[combo // n_b], banker.rep[combo % n_b])
            found.dv_id[combo] = ids[0].setdefault(dv, len(ids[0]))
            for part in range(3):
                found.part_ids[part, combo] = ids[2 + part].setdefault(pv[part], len(ids[2 + part]))
        found.rv_of = np.zeros((10, 10, 11, 11), dtype=np.int64)
        for p2 in range(10):
            for b2 in range(10):
                for va in range(-1, 10):
                    for vb in range(-1, 10):
                        rv = _finished(round_, p2, b2, va, vb)
                        found.rv_of[p2, b2, va + 1, vb + 1] = ids[1].setdefault(rv, len(ids[1]))
        ka, kb = len(round_.draw_a.n), len(round_.draw_b.n)
        card_values: list[dict[Any, int]] = [{}, {}, {}]
        found.card_ids = []
        for part in range(3):
            table = np.zeros((len(ids[2 + part]), ka + 1, kb + 1), dtype=np.int64)
            # the Player's own columns read its third card, the Banker's theirs, the rest both
            seen_a = range(-1, ka) if part != 1 else range(-1, 0)
            seen_b = range(-1, kb) if part != 0 else range(-1, 0)
            for i, partials in enumerate(ids[2 + part]):
                for pa in seen_a:
                    for pb in seen_b:
                        value = round_.card_part(part, partials, None if pa < 0 else pa,
                                                 None if pb < 0 else pb)
                        vid = card_values[part].setdefault(value, len(card_values[part]))
                        rows = slice(None) if part == 1 else pa + 1
                        cols = slice(None) if part == 0 else pb + 1
                        table[i, rows, cols] = vid
            found.card_ids.append(table)
        found.values = [list(ids[0]), list(ids[1])] + [list(v) for v in card_values]
        found.sizes = [len(v) for v in found.values]
        total = 1
        for size in found.sizes:
            total *= size
        if total > MAX_CODES:
            return None
        found.strides = [0] * 5
        stride = 1
        for i in reversed(range(5)):
            found.strides[i] = stride
            stride *= found.sizes[i]
        found.ways = np.zeros(total, dtype=np.int64)
        return found

    def add(self, c: np.ndarray, va: np.ndarray, vb: np.ndarray, a: np.ndarray,
            b: np.ndarray, ways: np.ndarray) -> None:
        """Add ``ways`` to the outcomes of pairs of keys ``c`` with third cards of values
        ``va``, ``vb`` from draw classes ``a``, ``b`` (-1: no card), all broadcast
        together."""
        code = (self.dv_id[c] * self.strides[0]
                + self.rv_of[self.p2[c], self.b2[c], va + 1, vb + 1] * self.strides[1])
        for part in range(3):
            code = code + (self.card_ids[part][self.part_ids[part, c], a + 1, b + 1]
                           * self.strides[2 + part])
        code, ways = np.broadcast_arrays(code, ways)
        np.add.at(self.ways, code.ravel(), ways.ravel())

    def table(self) -> Table:
        found: Table = {}
        for index in np.flatnonzero(self.ways).tolist():
            dv, rv, cp, cb, cx = (values[index // stride % size] for values, stride, size
                                  in zip(self.values, self.strides, self.sizes))
            found[(dv, rv, cp + cb + cx)] = int(self.ways[index])
        return found


def round_outcomes(round_: Round) -> Table | None:
    """The played round's table, or None where the outcome codes would not fit in memory
    (the caller then plays it in Python)."""
    classes = round_.classes
    rules = round_.rules
    up = rules.uses_up_card
    k3 = round_.k3
    draw_a, draw_b = round_.draw_a, round_.draw_b
    ka, kb = len(draw_a.n), len(draw_b.n)
    a_of = np.array(draw_a.of, dtype=np.int64)
    b_of = np.array(draw_b.of, dtype=np.int64)
    one_a, one_b = _one_hot(a_of, ka), _one_hot(b_of, kb)
    player_groups, banker_groups = round_.player_groups, round_.banker_groups
    player = _Side(player_groups, [
        (g.total, (min(g.values), max(g.values)) if up else None, g.features)
        for g in player_groups], k3, a_of, b_of, one_a, one_b)
    banker = _Side(banker_groups, [(g.total, g.values[0] if up else None, g.features)
                                   for g in banker_groups], k3, a_of, b_of, one_a, one_b)
    n_p, n_b = len(player.keys), len(banker.keys)
    if n_p * n_b > MAX_PAIRS_OF_KEYS or n_p * n_b * k3 > MAX_SUMS:
        return None
    nt = np.array(round_.nt, dtype=np.int64)
    nta = np.array(draw_a.n, dtype=np.int64)
    ntb = np.array(draw_b.n, dtype=np.int64)
    after_four, after_five = classes.pad[4], classes.pad[5]

    # step 2: the deal stage's sums per pair of keys (c = player key * n_b + banker key)
    cp, cb, change = _collisions(player_groups, banker_groups)
    combo = player.key_of[cp] * n_b + banker.key_of[cb]
    s0 = np.outer(player.s, banker.s).ravel()
    np.add.at(s0, combo, change)
    m1 = (player.m[:, None, :] * banker.s[None, :, None]
          + player.s[:, None, None] * banker.m[None, :, :]).reshape(n_p * n_b, k3)
    for side, index in ((player.first, cp), (player.second, cp), (banker.first, cb),
                        (banker.second, cb)):
        np.add.at(m1, (combo, side[index]), change)
    dealt = (player.first[cp], player.second[cp], banker.first[cb], banker.second[cb])

    # what each pair of keys is: its totals, whether anyone draws, its deal key
    p2 = np.array([key[0] for key in player.keys], dtype=np.int64)
    b2 = np.array([key[0] for key in banker.keys], dtype=np.int64)
    draws = np.array([[round_.player_draws(pg, bg) for bg in banker.rep] for pg in player.rep],
                     dtype=bool).ravel()
    combo_p2 = np.repeat(p2, n_b)  # the two-card totals of each pair of keys
    combo_b2 = np.tile(b2, n_p)
    natural = (combo_p2 >= 8) | (combo_b2 >= 8)
    stands_alone = np.array(round_.banker_stands_alone, dtype=bool)
    no_draw = natural | (~draws & stands_alone[combo_b2])
    banker_alone = ~no_draw & ~draws
    playing = ~no_draw & draws

    outcomes = _Outcomes.build(round_, player, banker, combo_p2, combo_b2)
    if outcomes is None:
        return None
    none = np.full(1, -1, dtype=np.int64)
    # nobody draws
    c = np.flatnonzero(no_draw)
    outcomes.add(c, none, none, none, none, s0[c] * after_four)
    # the Player stands, the Banker draws from B
    c = np.flatnonzero(banker_alone)[:, None]
    ways = (ntb[None, :] * s0[c] - m1[c[:, 0]] @ one_b) * after_five
    vb = np.array(draw_b.values, dtype=np.int64)
    outcomes.add(c, none, vb[None, :], none, np.arange(kb)[None, :], ways)
    # step 3: both may draw; blocks of pairs of keys at a time
    playing_combos = np.flatnonzero(playing)
    position = np.full(n_p * n_b, -1, dtype=np.int64)
    position[playing_combos] = np.arange(len(playing_combos))
    collided = position[combo]
    block = max(1, BLOCK_CELLS // (ka * kb))
    va = np.array(draw_a.values, dtype=np.int64)
    draws_after = np.array(round_.banker_draws_after, dtype=bool)  # [b2, Player's third value]
    a_index = np.arange(ka)
    b_index = np.arange(kb)
    for lo in range(0, len(playing_combos), block):
        c = playing_combos[lo:lo + block]
        pk, bk = c // n_b, c % n_b
        s = s0[c]
        m = m1[c]
        pairs = (player.pairs[pk] * banker.s[bk, None, None]
                 + player.s[pk, None, None] * banker.pairs[bk]
                 + player.ma[pk][:, :, None] * banker.mb[bk][:, None, :]
                 + banker.ma[bk][:, :, None] * player.mb[pk][:, None, :])
        here = (collided >= lo) & (collided < lo + len(c))
        local, delta = collided[here] - lo, change[here]
        cards = [d[here] for d in dealt]
        for i, first in enumerate(cards):
            for j, second in enumerate(cards):
                if i != j:
                    np.add.at(pairs, (local, a_of[first], b_of[second]), delta)
        ra = nta[None, :] * s[:, None] - m @ one_a
        rows = ntb[None, None, :] * ra[:, :, None] - nta[None, :, None] * (m @ one_b)[:, None, :]
        rows += pairs
        r1 = nt[None, :] * s[:, None] - m
        for t in range(k3):
            rows[:, a_of[t], b_of[t]] += m[:, t] - r1[:, t]
        banker_draws = draws_after[combo_b2[c][:, None], va[None, :]]
        # the Player draws, the Banker stands
        outcomes.add(c[:, None], va[None, :], none, a_index[None, :], none,
                     np.where(banker_draws, 0, ra * after_five))
        # both draw
        rows *= banker_draws[:, :, None]
        outcomes.add(c[:, None, None], va[None, :, None], vb[None, None, :],
                     a_index[None, :, None], b_index[None, None, :], rows)
    return outcomes.table()


def _finished(round_: Round, p2: int, b2: int, va: int, vb: int) -> tuple[object, ...]:
    """The round values of two-card totals (p2, b2) and third cards of values va, vb (-1:
    none), as ``Round.rounded`` reads them."""
    return round_.rounded(p2 if va < 0 else (p2 + va) % 10, b2 if vb < 0 else (b2 + vb) % 10,
                          2 if va < 0 else 3, 2 if vb < 0 else 3, p2, b2,
                          None if va < 0 else va, None if vb < 0 else vb)
