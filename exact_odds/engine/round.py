"""The round played out: the drawing rules on the hand groups, three running sums per state,
the third cards drawn from what each deal leaves.

Deals the rules and columns cannot tell apart are merged into *states* (two-card totals,
whether the Player draws, deal values, card partials). For a state, the ways of a Player
third card of class ``a`` and a Banker third card of class ``b`` are the sum over its deals
of ``w * r[a] * (r[b] - [a == b])``, ``r`` the counts left; expanding ``r = n - m`` (``m``
the cards dealt) makes that an exact function of three running sums per state: the
weights, the weights times the cards dealt of each class, and the weights over pairs of
dealt cards. The last two removals cost a product per cell and state, not per deal.
"""

from __future__ import annotations

from collections.abc import Hashable
from math import prod
from typing import Any

from exact_odds.engine.classes import Classes
from exact_odds.engine.cost import BASE_BYTES, ROW_BYTES, ROW_SECONDS, EnumerationCost, values_product
from exact_odds.engine.hands import ANY, DealKeys, HandGroup, hand_groups, pair_weight, played_in_order
from exact_odds.engine.plan import Counts, Names, Plan, hand_order
from exact_odds.engine.positions import Positions
from exact_odds.known import NOTHING, Known
from exact_odds.rules import DrawingRules
from exact_odds.rules.round import PLAYER, STOOD
from exact_odds.vocabulary import CardColumn, DealColumn, Needs, RoundBase, RoundColumn

#: A key of the enumeration's tables: the values a deal, a state or a round is known by.
Key = tuple[Any, ...]


#: The round columns' values by round base, for each set of round columns (``Reading``).
_ROUNDED: dict[tuple[tuple[RoundColumn, ...], bool, bool],
               dict[tuple[int | None, ...], tuple[object, ...]]] = {}


class Reading:
    """The round and card columns' values of finished rounds, each read once per input."""

    def __init__(self, card_cols: list[CardColumn], round_cols: list[RoundColumn] | None,
                 needs: Needs) -> None:
        self.two_card, self.third = needs in ("two_card", "third"), needs == "third"
        # the Player's own card columns read the Player's third card, the Banker's the Banker's
        self.finals = [[c.final for c in card_cols if hand_order(c)[0] == part]
                       for part in range(3)]
        # None: the round base itself stands for the round values
        self._round_fns = None if round_cols is None else [c.of_round for c in round_cols]
        # shared by every enumeration of these columns (a report's, and with cards known)
        self.rounded = _ROUNDED.setdefault(
            (tuple(round_cols or ()), self.two_card, self.third), {})
        self._cards: dict[Key, tuple[object, ...]] = {}

    def round(self, x: int, y: int, pc: int, bc: int, p2: int | None, b2: int | None,
              a: int | None, b: int | None) -> tuple[object, ...]:
        """The round columns' values of a finished round: totals x and y, pc and bc cards,
        two-card totals p2 and b2, third cards' values a and b (None: not drawn)."""
        base = (x, y, pc, bc, p2 if self.two_card else None, b2 if self.two_card else None,
                a if self.third else None, b if self.third else None)
        if self._round_fns is None:  # the base stands for the round values (a RoundBase)
            return base
        found = self.rounded.get(base)
        if found is None:
            read = RoundBase(*base)
            found = self.rounded[base] = tuple(f(read) for f in self._round_fns)
        return found

    def cards(self, partials: Key, p3: str | None, b3: str | None
              ) -> tuple[object, ...]:
        """The card columns' values, in ``plan``'s order, from the three parts' partials
        (the Player's own columns, the Banker's, both hands') and the third cards."""
        found: tuple[object, ...] = ()
        for part, finals in enumerate(self.finals):
            if not finals:
                continue
            seen = (part, partials[part], p3 if part != 1 else None, b3 if part != 0 else None)
            values = self._cards.get(seen)
            if values is None:
                values = self._cards[seen] = tuple(
                    f(partial, seen[2], seen[3]) for f, partial in zip(finals, partials[part]))
            found += values
        return found


class Round:
    """What one enumeration of a played round reads: the classes, the drawing rules, the
    hands of each side in groups, and the columns, each read once per distinct input."""

    def __init__(self, classes: Classes, deal_cols: list[DealColumn], card_cols: list[CardColumn],
                 round_cols: list[RoundColumn] | None, rules: DrawingRules, needs: Needs,
                 known: Known = NOTHING) -> None:
        self.classes, self.nt, self.k3 = classes, classes.nt, len(classes.nt)
        # the Player's third card is drawn from classes A, the Banker's from classes B (both
        # unions of the third classes: A = B when a column reads both third cards alike)
        self.draw_a, self.draw_b = classes.player_draw, classes.banker_draw
        # the draws are split where a hand draws from classes coarser than the third classes
        self.split = len(self.draw_a.n) < self.k3 or len(self.draw_b.n) < self.k3
        self.reading = Reading(card_cols, round_cols, needs)
        self.finals = bool(card_cols)
        # the round as its description gives it (rules.round): the naturals, the draws
        self.described = rules.round
        # cards known by position: the classes each may be of (the classes refined for it)
        self.places = Positions(classes, self.described, known) if known.cards else None
        self.player_groups, self.banker_groups = round_groups(classes, deal_cols, card_cols,
                                                              rules, self.places)
        assert not self.described.mixed, "a mixed strategy is enumerated by its corners"
        self.deal_key = DealKeys(deal_cols, card_cols)
        self._banker_rows: dict[tuple[int, int, int | None], list[tuple[object, ...]]] = {}
        self._card_rows: dict[tuple[Hashable, ...], list[tuple[object, ...]]] = {}

    def banker_row(self, p2: int, b2: int, va: int | None) -> list[tuple[object, ...]]:
        """A Banker draw's round values, one per B class, after the Player's third card
        (None: the Player stood)."""
        found = self._banker_rows.get((p2, b2, va))
        if found is None:
            x, pc = (p2, 2) if va is None else ((p2 + va) % 10, 3)
            found = self._banker_rows[(p2, b2, va)] = [
                self.reading.round(x, (b2 + vb) % 10, pc, 3, p2, b2, va, vb)
                for vb in self.draw_b.values]
        return found

    def card_values(self, pv: Key, a: int | None, b: int | None) -> tuple[object, ...]:
        """The card columns' values of partials ``pv`` and third cards of draw classes a, b."""
        if not self.finals:
            return ()
        return self.reading.cards(pv, None if a is None else self.draw_a.reps[a],
                                  None if b is None else self.draw_b.reps[b])

    def card_row(self, pv: tuple[Hashable, ...], a: int | None) -> list[tuple[object, ...]]:
        """The card columns' values for each B class of the Banker's third card."""
        found = self._card_rows.get((pv, a))
        if found is None:
            found = self._card_rows[(pv, a)] = [
                self.card_values(pv, a, b) for b in range(len(self.draw_b.n))]
        return found


def round_groups(classes: Classes, deal_cols: list[DealColumn], card_cols: list[CardColumn],
                 rules: DrawingRules, places: Positions | None = None
                 ) -> tuple[list[HandGroup], list[HandGroup]]:
    """The Player's and the Banker's hand groups of a round played out (``places``: the
    classes each card may be of, where cards are known by position)."""
    player, banker = (ANY, ANY) if places is None else places.hands
    in_order = played_in_order(deal_cols, rules)
    return (hand_groups(classes, "player", in_order[0], deal_cols, card_cols, True, player),
            hand_groups(classes, "banker", in_order[1], deal_cols, card_cols, True, banker))


def round_counts(classes: Classes, deal_cols: list[DealColumn], card_cols: list[CardColumn],
                 round_cols: list[RoundColumn] | None, rules: DrawingRules, needs: Needs,
                 known: Known = NOTHING) -> Counts:
    """Columns that read how the round ends: the round played out one pair of hand groups
    at a time, on any counts, in the order a round is dealt: the first cards and the
    naturals (``_dealt``), the rounds nobody draws to (``_stood``), each hand's third card
    (``_drawn``), and the hands compared by the round columns read on the final totals
    (``Reading.round``, ``_compared``). The middle of each key holds the round columns'
    values, or the round base where ``round_cols`` is None. ``known``: over the sequences
    that agree with the cards known by position (its ranks a union of the classes:
    ``class_keys``)."""
    round_ = Round(classes, deal_cols, card_cols, round_cols, rules, needs, known)
    no_draw, states = _dealt(round_)
    by_deal: dict[Key, Counts] = {}  # deal values -> (round, card values) -> ways
    _stood(round_, no_draw, by_deal)
    _compared(round_, _drawn(round_, states, by_deal), by_deal)
    return {(dv, rv, cv): w for dv, found in by_deal.items() for (rv, cv), w in found.items()}


def _dealt(round_: Round) -> tuple[dict[Key, list[int]], dict[Key, Any]]:
    """Every pair of a Player and a Banker hand group dealt: where a hand is a natural or
    both stand, its ways go into a grid of the two totals (``no_draw``, one per deal values
    and card partials); else into its *state* (two-card totals, whether the Player draws,
    deal values, partials): [sum of weights, m1, pairs]: m1[t] sums weight * (dealt cards of
    third class t); pairs[a][b] sums weight over the ordered pairs of distinct dealt cards
    in classes a (of A, the Player's draw classes) and b (of B, the Banker's); where the
    draws are not split (A and B the third classes), each pair once, in either order.
    Where a known card may lie beyond the round's last (``Positions``): a grid of ``no_draw``
    sums each deal's ways times its ways to fill positions 5 and 6, and a state also
    [sum of weight * l, m1 of weight * l], ``l`` the cards left that agree with position 6."""
    nt, k3, draw_a, draw_b, split = round_.nt, round_.k3, round_.draw_a, round_.draw_b, round_.split
    a_of, b_of = draw_a.of, draw_b.of
    places = round_.places
    # the ways to fill positions 5 and 6 of a round of four cards (None: alike where nothing
    # is known there, ``pad`` in ``_stood``)
    fill = places.fill if places is not None and places.unreached else None
    sixth = places.sixth_left if places is not None and places.knows_sixth else None
    described = round_.described
    opening, by_cards = described.opening, described.reads_banker_cards
    no_draw: dict[Key, list[int]] = {}
    states: dict[Key, list[Any]] = {}
    # without deal or card columns every deal has the same (empty) deal key
    plain = not round_.deal_key.reads
    dkey: Key = ((), ((), (), ()))
    standing = no_draw[dkey] = [0] * 100
    # Banker groups in buckets that the play sees alike (the same total and, where it reads
    # them, up card or cards) and that share a Player group's deal key (the same features):
    # a state and its deal key are found once per bucket, the sums over its groups added once
    buckets: dict[Key, list[HandGroup]] = {}
    for bg in round_.banker_groups:
        seen = bg.values if by_cards else bg.values[0] if described.reads_up_card else None
        buckets.setdefault((bg.features, bg.total, seen), []).append(bg)
    banker: list[tuple[HandGroup, int, tuple[int, int], list[tuple[
        int, int, int, int, int, int, int, int, HandGroup]]]] = [
        (bgs[0], bgs[0].total, bgs[0].values if by_cards else (0, bgs[0].total),
         [(bg.mask, bg.weight, tk, tl, a_of[tk], a_of[tl], b_of[tk], b_of[tl], bg)
          for bg in bgs for tk, tl in [bg.thirds]])
        for bgs in buckets.values()]
    for pg in round_.player_groups:
        p2, p_weight, p_mask = pg.total, pg.weight, pg.mask
        ti, tj = pg.thirds
        bi, bj = b_of[ti], b_of[tj]
        after = opening[min(pg.values)][max(pg.values)]  # the play after this Player hand
        for first, b2, seen, members in banker:
            if not plain:
                dkey = round_.deal_key(pg, first)
                known = no_draw.get(dkey)
                standing = known if known is not None else no_draw.setdefault(dkey, [0] * 100)
            step = after[first.values[0]][first.values[1]]
            if step == STOOD:
                # the pair's ways: the product, corrected where the groups share a class
                # (times the ways to fill the known places the round leaves: ``fill``)
                standing[10 * p2 + b2] += sum(
                    (pair_weight(pg, bg) if p_mask & mask else p_weight * b_weight)
                    * (1 if fill is None else fill(ti, tj, tk, tl))
                    for mask, b_weight, tk, tl, _, _, _, _, bg in members)
                continue
            draws = step == PLAYER
            state = states.get((p2, b2, draws, seen, dkey))
            if state is None:
                state = states[(p2, b2, draws, seen, dkey)] = [0, [0] * k3, [
                    [0] * len(draw_b.n) for _ in draw_a.n] if split else [[0] * k3 for _ in nt],
                    0, [0] * k3]
            m1, pairs, m6 = state[1], state[2], state[4]
            # the rows of pairs of the Player's two cards (with the Banker's, and each other)
            row_i, row_j = pairs[a_of[ti] if split else ti], pairs[a_of[tj] if split else tj]
            total = total6 = 0
            for mask, b_weight, tk, tl, ak, al, bk, bl, bg in members:
                weight = pair_weight(pg, bg) if p_mask & mask else p_weight * b_weight
                if not weight:
                    continue
                total += weight
                m1[tk] += weight
                m1[tl] += weight
                if sixth is not None:  # times the cards left that agree with position 6
                    left = weight * sixth(ti, tj, tk, tl)
                    total6 += left
                    m6[tk] += left
                    m6[tl] += left
                if draws and split:
                    # each ordered pair of distinct dealt cards: (first's A class, second's
                    # B class), unrolled: a loop over the cards cost more than the additions
                    row_i[bk] += weight
                    row_i[bl] += weight
                    row_j[bk] += weight
                    row_j[bl] += weight
                    row = pairs[ak]
                    row[bi] += weight
                    row[bj] += weight
                    row[bl] += weight
                    row = pairs[al]
                    row[bi] += weight
                    row[bj] += weight
                    row[bk] += weight
                elif draws:  # each pair of dealt cards once, in either order
                    row_i[tk] += weight
                    row_i[tl] += weight
                    row_j[tk] += weight
                    row_j[tl] += weight
                    pairs[tk][tl] += weight
            state[0] += total
            m1[ti] += total
            m1[tj] += total
            if sixth is not None:
                state[3] += total6
                m6[ti] += total6
                m6[tj] += total6
            if draws:  # the Player's own two cards
                row_i[bj if split else tj] += total
                if split:
                    row_j[bi] += total
    return no_draw, states


def _stood(round_: Round, no_draw: dict[Key, list[int]],
           by_deal: dict[Key, Counts]) -> None:
    """The rounds nobody draws to (a natural, or both stand), each grid of two-card totals
    read by the round columns once per pair of totals."""
    rounded, after_four = round_.reading.round, round_.classes.pad[4]
    if round_.places is not None and round_.places.unreached:
        after_four = 1  # each deal's ways to fill positions 5 and 6 are in its grid (_dealt)
    two_cards = [rounded(p2, b2, 2, 2, p2, b2, None, None) for p2 in range(10) for b2 in range(10)]
    for (dv, pv), totals in no_draw.items():
        _folded(by_deal.setdefault(dv, {}), totals, two_cards, round_.card_values(pv, None, None),
                after_four)


def _drawn(round_: Round, states: dict[Key, Any],
           by_deal: dict[Key, Counts]) -> dict[Key, list[int]]:
    """Each state's third cards drawn from what its deals leave: the Banker's alone where
    the Player stood, else the Player's, then the Banker's by the chart. Where no column
    reads the third cards, the Banker's final total is all that tells two of its draws
    apart: each row of draws is added into a grid indexed by the final totals, returned.
    Cards known by position (``Positions``): a card drawn is of the classes allowed at its
    place, and a round of five cards fills position 6 from the cards that agree with it."""
    nt, k3, draw_a, draw_b, split = round_.nt, round_.k3, round_.draw_a, round_.draw_b, round_.split
    b_of, banker_after = draw_b.of, round_.described.banker_after
    places = round_.places
    fifth_a, sixth_b = (None, None) if places is None else (places.fifth[0], places.sixth[1])
    rounded, banker_row, card_row = round_.reading.round, round_.banker_row, round_.card_row
    card_values, two_card, third, finals = (round_.card_values, round_.reading.two_card,
                                            round_.reading.third, round_.finals)
    grids: dict[Key, list[int]] = {}
    nta, ntb = draw_a.n, draw_b.n
    for (p2, b2, player_draws, (up, other), (dv, pv)), (s0, m1, pairs, s6, m6) in states.items():
        # r1[t]: sum over the state's deals of weight * (cards of third class t left);
        # m1a, m1b, r1a, r1b: the same by the classes each hand draws from
        r1 = [nt[t] * s0 - m1[t] for t in range(k3)]
        m1b = m1 if not split else [sum((m1[t] for t in ts), 0) for ts in draw_b.members]
        r1b = r1 if not split else [n * s0 - m for n, m in zip(ntb, m1b)]
        found = by_deal.setdefault(dv, {})
        if not player_draws:
            # the Player stood on two cards; the Banker draws (both standing was handled above)
            _banker_alone(round_, found, (p2, b2, pv), r1b, s6, m6)
            continue
        m1a = m1 if not split else [sum((m1[t] for t in ts), 0) for ts in draw_a.members]
        r1a = [n * s0 - m for n, m in zip(nta, m1a)]  # by the Player's draw classes
        ended = _five_cards(round_, 0, r1a, s6, m6)
        # both(a)[b]: the sum of weight over the ordered pairs of distinct dealt cards in
        # classes a and b: pairs[a][b] + pairs[b][a] where the draws are not split
        transposed = list(zip(*pairs)) if not split else None
        draws_after = banker_after[up][other]  # after a Player third card of value x
        grid: list[int] | None = None
        rotation = [(b2 + v) % 10 for v in draw_b.values]
        if not third and not finals:
            gkey = (dv, p2, b2) if two_card else (dv, None, None)
            grid = grids.get(gkey)
            if grid is None:
                grid = grids[gkey] = [0] * 100
        for a, (na, ra) in enumerate(zip(nta, r1a)):
            if not ra or (fifth_a is not None and not fifth_a[a]):
                continue
            va = draw_a.values[a]
            x = (p2 + va) % 10
            if not draws_after[va]:
                ways = ended[a]
                if ways:
                    key = (rounded(x, b2, 3, 2, p2, b2, va, None), card_values(pv, a, None))
                    found[key] = found.get(key, 0) + ways
                continue
            # the Banker's third card of class b: the sum over the Player's card's third
            # classes t in a of weight * r[t] * (r[b] - [t in b])
            both = pairs[a] if transposed is None else [
                p + q for p, q in zip(pairs[a], transposed[a])]
            row = [nb * ra - na * mb + pq for nb, mb, pq in zip(ntb, m1b, both)]
            for t in draw_a.members[a]:
                row[b_of[t]] += m1[t] - r1[t]
            if sixth_b is not None:  # the Banker's card at position 6
                row = [w if ok else 0 for w, ok in zip(row, sixth_b)]
            if grid is not None:
                offset = 10 * x
                for y, w in zip(rotation, row):
                    grid[offset + y] += w
            else:
                for w, rv, cv in zip(row, banker_row(p2, b2, va), card_row(pv, a)):
                    if w:
                        found[(rv, cv)] = found.get((rv, cv), 0) + w
    return grids


def _banker_alone(round_: Round, found: Counts, state: tuple[int, int, Key], r1b: list[int],
                  s6: int, m6: list[int]) -> None:
    """The rounds of a state (two-card totals, partials) where the Player stood and the
    Banker draws: ``r1b``, its ways by the class of the Banker's card, times the ways to
    fill position 6 (``_five_cards`` where cards are known by position)."""
    p2, b2, pv = state
    ended = _five_cards(round_, 1, r1b, s6, m6)  # the Banker's card at 5, then position 6
    for w, rv, cv in zip(ended, round_.banker_row(p2, b2, None), round_.card_row(pv, None)):
        if w:
            found[(rv, cv)] = found.get((rv, cv), 0) + w


def _five_cards(round_: Round, hand: int, r: list[int], s6: int, m6: list[int]) -> list[int]:
    """The ways of a round that stops at five cards: for each class of the Player's
    (``hand`` 0) or the Banker's (1) draw at position 5, its ways ``r`` (the state's deals'
    weights times its cards left), times the ways to fill position 6: every card left. With
    cards known by position, 0 where it disagrees with position 5, and where position 6 is
    known, the cards left that agree (``s6``, ``m6``: the state's sums weighted by the cards
    left that agree after four: ``_dealt``; less the card at 5 where it agrees too)."""
    places = round_.places
    if places is None or not places.knows_sixth:
        ways = [w * round_.classes.pad[5] for w in r]
    else:
        draw, inside = round_.draw_a if hand == 0 else round_.draw_b, places.sixth[hand]
        assert inside is not None
        m6d = [sum((m6[t] for t in members), 0) for members in draw.members]
        ways = [n * s6 - m - (w if agrees else 0)
                for n, m, w, agrees in zip(draw.n, m6d, r, inside)]
    allowed = None if places is None else places.fifth[hand]
    return ways if allowed is None else [w if ok else 0 for w, ok in zip(ways, allowed)]


def _compared(round_: Round, grids: dict[Key, list[int]],
              by_deal: dict[Key, Counts]) -> None:
    """The grids of final totals where both hands could draw, read by the round columns
    (who wins, by how much) once per pair of totals."""
    rounded = round_.reading.round
    three_cards: dict[tuple[int | None, int | None], list[tuple[object, ...]]] = {}
    for (dv, p2, b2), grid in grids.items():
        cells = three_cards.get((p2, b2))
        if cells is None:
            cells = three_cards[(p2, b2)] = [
                rounded(x, y, 3, 3, p2, b2, None, None)
                for x in range(10) for y in range(10)]
        _folded(by_deal.setdefault(dv, {}), grid, cells, ())


def _folded(found: Counts, grid: list[int], cells: list[tuple[object, ...]],
            cv: tuple[object, ...], times: int = 1) -> None:
    """A grid of the two final totals added into ``found`` by the round values of its cells
    and the card values ``cv``, each count ``times`` over."""
    for w, rv in zip(grid, cells):
        if w:
            found[(rv, cv)] = found.get((rv, cv), 0) + w * times


# --- what it costs, known before it starts (``cost.py``) -------------------------------------

#: Measured cost of one unit of the round's work, fitted on 8-deck shoes (``test_cost.py``).
PAIR_SECONDS = 1.0e-6  # a pair of hand groups met in _dealt's loop
CELL_SECONDS = 0.5e-6  # a cell of a state's third cards
CELL_COLUMN_SECONDS = 0.03e-6  # and each card column read in it
GRID_BYTES = 1_200  # a grid of the totals where nobody draws, per deal
STATE_BYTES = 2_000  # a state's lists
CELL_BYTES = 24  # a running sum of a state (a list slot and its integer)


def round_cost(names: Names, wanted: Plan, classes: Classes, deal_cols: list[DealColumn],
               card_cols: list[CardColumn], rules: DrawingRules, precise: bool
               ) -> EnumerationCost:
    """The cost of ``round_counts``: pairs of hand groups, states and their cells, rows. A first
    bound from the numbers of classes alone (every ordered two-card hand a group of its
    own, every pair of them a state) is the estimate where it is within the limits and not
    ``precise`` (a cost multiplied by many shoes): microseconds. Else the hand groups are
    built as ``_dealt`` builds them, and counted: milliseconds."""
    ka, kb = len(classes.player_draw.n), len(classes.banker_draw.n)

    def priced(pairs: int, states: int, rows: int, grids: int) -> EnumerationCost:
        cells = states * ka * kb
        seconds = (pairs * PAIR_SECONDS + rows * ROW_SECONDS
                   + cells * (CELL_SECONDS + len(card_cols) * CELL_COLUMN_SECONDS))
        memory = (BASE_BYTES + rows * ROW_BYTES + grids * GRID_BYTES
                  + states * (STATE_BYTES + (len(classes.nt) + ka * kb) * CELL_BYTES))
        return EnumerationCost(names, "round", pairs, states, rows, len(classes.n), seconds,
                               memory)

    pairs = len(classes.n) ** 2 * len(classes.nb) ** 2
    bound = priced(pairs, pairs, min(pairs * ka * kb + pairs, values_product(names)), pairs)
    if not (precise or bound.too_large):
        return bound
    groups = round_groups(classes, deal_cols, card_cols, rules)
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
    both = values_product([col.name for col in deal_cols + card_cols if len(col.hands) == 2])
    states, stood, steps = 0, 0, rules.round.steps_by_totals
    for p2 in range(10):
        for b2 in range(10):
            met = min(len(features[0][p2]) * len(features[1][b2]),
                      len(own[0][p2]) * len(own[1][b2]) * both) if reads else 1
            # a state for each way the round goes on to draw, a grid where nobody draws
            states += met * len(steps[p2][b2] - {STOOD})
            stood += met * (STOOD in steps[p2][b2])
    states = min(states, pairs)
    # a row is (deal values, round values, card values): each part has at most so many
    # values; the card values are each part's partials read with the third cards drawn
    deal_values = (len({g.own[0] for g in groups[0]}) * len({g.own[0] for g in groups[1]})
                   * len({g.shared for g in groups[0]}) * len({g.shared for g in groups[1]}))
    partials = [len({g.own[1] for g in groups[0]}) * (ka + 1),
                len({g.own[1] for g in groups[1]}) * (kb + 1),
                len({g.shared for g in groups[0]}) * len({g.shared for g in groups[1]})
                * (ka + 1) * (kb + 1)]
    hands = {col.hands for col in card_cols}  # the Player's alone, the Banker's, both
    read = (("player",) in hands, ("banker",) in hands, any(len(h) == 2 for h in hands))
    card_values = prod(n for n, part in zip(partials, read) if part)
    rows = min(states * ka * kb + stood, values_product(names),
               deal_values * values_product(wanted.round) * card_values)
    return priced(pairs, states, rows, min(pairs, stood))
