"""Exact results of a player-dealer's table, from the joint distribution of every column the
table's wagers read.

One enumeration of the shoe gives the exact number of ordered six-card sequences for each
combination of the columns read by every wager on the table (and, for the action button,
the rank of the player-dealer's hole card). Every combination is settled in money, with
exact fractions, and weighted by its count. Rounds that settle every wager the same way
(and start at the same seat) are settled once.

21st Century owners who choose differently on 5 share one deal. The dealer hand hits on 0-5
whatever the player's third card, so the dealer's final hand is the same for a hitter and a
stander: the shoe is enumerated with the player hand hitting on 5, and a stander's round is
read from the same deal with the player's hand left at its two cards (the round's totals,
card counts and third cards rebuilt from the deal, every other column recomputed from them).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path

from exact_odds.engine.enumerator import Rules, outcome_counts, total_sequences
from exact_odds.engine.vocabulary import COLUMNS, RoundBase
from exact_odds.games.paytable import Bet
from exact_odds.rules import PUNTO_BANCO, rules_named
from exact_odds.table.fees import FULL_ACTION, NO_ACTION, PARTIAL_ACTION, fees_paid
from exact_odds.table.model import Table
from exact_odds.table.settlement import coverage, settle, settlement_order

#: The columns from which every round column is rebuilt (the enumerator's round base).
BASE_COLUMNS = ("player_total", "banker_total", "player_cards", "banker_cards",
                "player_two_card_total", "banker_two_card_total", "player_third", "banker_third")

#: The rank of the player-dealer's hole card (the dealer's second card), A=1 ... K=13.
HOLE_CARD = "banker_second_rank"


@dataclass(frozen=True)
class OwnerResult:
    """One owner's exact figures for one hand, in money."""

    seat: int
    owner: str
    wagered: Fraction
    fees: Fraction  # expected fees paid (fees less any refunds)
    expected_without_fees: Fraction
    p_full_action: Fraction
    p_partial_action: Fraction
    p_no_action: Fraction

    @property
    def expected(self) -> Fraction:
        """The expected result, fees paid."""
        return self.expected_without_fees - self.fees

    @property
    def house_edge(self) -> Fraction:
        """The expected loss, fees included, per unit of money wagered."""
        return -self.expected / self.wagered


@dataclass(frozen=True)
class DealerResult:
    """The player-dealer's exact figures for one hand."""

    seat: int
    bank: Fraction
    fee: Fraction
    expected_without_fee: Fraction
    p_bank_exhausted: Fraction  # the probability of losing the whole bank
    distribution: tuple[tuple[Fraction, Fraction], ...]  # (result, probability), by result

    @property
    def expected(self) -> Fraction:
        return self.expected_without_fee - self.fee


@dataclass(frozen=True)
class TableReport:
    """Every figure of a table: each seat and owner, the player-dealer and the cardroom."""

    table: Table
    seats: tuple[OwnerResult, ...]
    player_dealer: DealerResult
    total: int  # ordered six-card sequences: the denominator of every probability

    @property
    def fees_per_hand(self) -> Fraction:
        """What the cardroom collects per hand, on average."""
        return sum((s.fees for s in self.seats), Fraction(0)) + self.player_dealer.fee

    @property
    def balance(self) -> Fraction:
        """Bettors, player-dealer and cardroom together: exactly zero when the table adds up."""
        bettors = sum((s.expected for s in self.seats), Fraction(0))
        return bettors + self.player_dealer.expected + self.fees_per_hand

    def to_dict(self) -> dict[str, object]:
        from exact_odds.table.render import table_dict

        return table_dict(self)


def table_report(table: Table | str | Path) -> TableReport:
    """Exact figures of a player-dealer's table (a ``Table`` or the path of a table file)."""
    if not isinstance(table, Table):
        from exact_odds.table.loader import load_table

        table = load_table(table)
    game = table.game
    bets = {bet.id: bet for bet in game.bets}
    wagers = [(o, w, wager) for o, owner in enumerate(table.owners)
              for w, wager in enumerate(owner.wagers)]
    lines = [table.owners[o].on_five == "stand" for o, _, _ in wagers]
    read = sorted({c for _, _, wager in wagers for c in bets[wager.bet].columns})
    standers = any(lines)
    columns = ([c for c in read if COLUMNS[c].kind == "deal"] + list(BASE_COLUMNS)
               if standers else list(read))
    button = table.order == "from-action-button"
    if button and HOLE_CARD not in columns:
        columns.append(HOLE_CARD)
    counts = outcome_counts(table.shoe, columns, _rules(table))
    total = total_sequences(table.shoe)

    # the nets of every wager, per distinct round: rounds that settle alike are grouped
    grouped: dict[tuple[tuple[Fraction, ...], int | None], int] = {}
    readers = {bet_id: _pay_reader(bets[bet_id]) for bet_id in {w.bet for _, _, w in wagers}}
    make_rows = _rows(columns, read, table.settings, standers)
    for key, ways in counts.items():
        rows = make_rows(key)
        nets = tuple(readers[wager.bet](rows[line]) for (_, _, wager), line in zip(wagers, lines))
        hole = key[columns.index(HOLE_CARD)] if button else None
        group = (nets, hole)
        grouped[group] = grouped.get(group, 0) + ways

    index = {(o, w): i for i, (o, w, _) in enumerate(wagers)}
    owner_sum = [Fraction(0)] * len(table.owners)
    owner_fees = [Fraction(0)] * len(table.owners)
    owner_actions = [[0, 0, 0] for _ in table.owners]
    dealer: dict[Fraction, int] = {}
    orders: dict[int | None, tuple[list[int], list[Fraction]]] = {}
    mine = [[i for i, (oo, _, _) in enumerate(wagers) if oo == o] for o in range(len(table.owners))]
    for (nets, hole), ways in grouped.items():
        if hole not in orders:
            order = [index[pair] for pair in settlement_order(table, hole)]
            exposures = [wagers[i][2].amount * _exposure(bets[wagers[i][2].bet]) for i in order]
            orders[hole] = order, coverage(table.bank, exposures)
        order, cover = orders[hole]
        results, actions = settle(table.reading, table.bank, [nets[i] for i in order],
                                  [wagers[i][2].amount for i in order], cover)
        money = [Fraction(0)] * len(wagers)
        action = [FULL_ACTION] * len(wagers)
        for i, result, act in zip(order, results, actions):
            money[i], action[i] = result, act
        for o, owner in enumerate(table.owners):
            owner_sum[o] += sum((money[i] for i in mine[o]), Fraction(0)) * ways
            acts = [action[i] for i in mine[o]]
            owner_fees[o] += fees_paid(owner, acts, table.refund_uncovered) * ways
            kind = (FULL_ACTION if all(a == FULL_ACTION for a in acts) else
                    NO_ACTION if all(a == NO_ACTION for a in acts) else PARTIAL_ACTION)
            owner_actions[o][kind] += ways
        result = -sum(money, Fraction(0))
        dealer[result] = dealer.get(result, 0) + ways

    seats = tuple(
        OwnerResult(owner.seat, owner.name, owner.wagered, owner_fees[o] / total,
                    owner_sum[o] / total, Fraction(owner_actions[o][FULL_ACTION], total),
                    Fraction(owner_actions[o][PARTIAL_ACTION], total),
                    Fraction(owner_actions[o][NO_ACTION], total))
        for o, owner in enumerate(table.owners))
    distribution = tuple((result, Fraction(ways, total)) for result, ways in sorted(dealer.items()))
    expected = sum((r * p for r, p in distribution), Fraction(0))
    exhausted = Fraction(dealer.get(-table.bank, 0), total)
    return TableReport(table, seats, DealerResult(table.dealer_seat, table.bank, table.dealer_fee,
                                                   expected, exhausted, distribution), total)


def _rules(table: Table) -> Rules:
    """The drawing rules the shoe is enumerated with: in 21st Century, the player hand hits
    on 5 (the hit line; a stander's round is read from the same deal)."""
    if table.game.rules == "21st-century":
        return rules_named("21st-century", "house-way")
    return PUNTO_BANCO


def _stand_base(base: RoundBase) -> RoundBase:
    """The round as a stander on 5 sees it: the player's two cards, the same dealer hand."""
    _, banker_total, player_cards, banker_cards, p2, b2, _third, banker_third = base
    if player_cards == 3 and p2 == 5:
        return (p2, banker_total, 2, banker_cards, p2, b2, None, banker_third)
    return base


Row = dict[str, object]


def _rows(columns: Sequence[str], read: Sequence[str], settings: dict[str, object],
          standers: bool) -> Callable[[tuple[object, ...]], tuple[Row, Row]]:
    """A function from an outcome key to the (hit line, stand line) rows the bets read."""
    if not standers:
        def plain(key: tuple[object, ...]) -> tuple[Row, Row]:
            row = {**settings, **dict(zip(columns, key))}
            return row, row
        return plain
    deal = [c for c in read if COLUMNS[c].kind == "deal"]
    rounds = [(c, COLUMNS[c].of_round) for c in read if COLUMNS[c].kind == "round"]
    where = [columns.index(c) for c in BASE_COLUMNS]

    def both(key: tuple[object, ...]) -> tuple[Row, Row]:
        values = dict(zip(columns, key))
        first: Row = {**settings, **{c: values[c] for c in deal}}
        base: RoundBase = tuple(key[i] for i in where)  # type: ignore[assignment]
        hit, stand = dict(first), dict(first)
        stand_base = _stand_base(base)
        for name, of_round in rounds:
            assert of_round is not None
            hit[name] = of_round(base)
            stand[name] = of_round(stand_base)
        return hit, stand
    return both


def _pay_reader(bet: Bet) -> Callable[[Row], Fraction]:
    """The net result per unit of ``bet`` in a round: the first event that holds (a bet with
    no ``otherwise`` loses when none does)."""
    def net(row: Row) -> Fraction:
        for event in bet.events:
            if event.condition is None or event.condition.holds(row):
                return event.pay.net
        return Fraction(-1)
    return net


def _exposure(bet: Bet) -> Fraction:
    """The most one unit on ``bet`` can move the bank: its top pay, or the stake if more."""
    nets = [event.pay.net for event in bet.events]
    if bet.events[-1].condition is not None:
        nets.append(Fraction(-1))
    return max(max(nets), -min(nets), Fraction(0))
