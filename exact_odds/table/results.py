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

from fractions import Fraction
from pathlib import Path
from typing import Any

from exact_odds.engine.enumerator import Rules, outcome_counts, total_sequences
from exact_odds.games.model import Bet
from exact_odds.games.settlement import settler
from exact_odds.table.bank import coverage, settle, settlement_order
from exact_odds.table.fees import FULL_ACTION, NO_ACTION, PARTIAL_ACTION, fees_paid
from exact_odds.table.model import Table, Wager, one_deal_for_both
from exact_odds.table.report import DealerResult, OwnerResult, TableReport
from exact_odds.vocabulary import RoundBase

#: The columns from which every round column is rebuilt (the enumerator's round base).
BASE_COLUMNS = ("player_total", "banker_total", "player_cards", "banker_cards",
                "player_two_card_total", "banker_two_card_total", "player_third", "banker_third")

#: The rank of the player-dealer's hole card (the dealer's second card), A=1 ... K=13.
HOLE_CARD = "banker_second_rank"


#: The joint distribution of a table's rounds: (each wager's net pay per unit, in the
#: table's wager order; the hole card's rank or None) -> ordered six-card sequences.
Rounds = dict[tuple[tuple[Fraction, ...], "int | None"], int]


def table_report(table: Table | str | Path) -> TableReport:
    """Exact figures of a player-dealer's table (a ``Table`` or the path of a table file)."""
    if not isinstance(table, Table):
        from exact_odds.errors import check_type
        from exact_odds.table.loader import load_table

        check_type(table, (str, Path), "table", "a Table (load_table) or a table file's path")
        table = load_table(table)
    return _settle_rounds(table, wager_outcomes(table), total_sequences(table.shoe))


def _wagers(table: Table) -> list[tuple[int, Wager]]:
    """Every wager on the table with its owner's index, owner by owner."""
    return [(o, wager) for o, owner in enumerate(table.owners) for wager in owner.wagers]


def wager_outcomes(table: Table) -> Rounds:
    """The exact joint distribution of every wager's net pay per unit (and the hole card's
    rank when the action button orders the settlement), from one enumeration of the shoe.

    Each (bet, hit or stand line) is settled once per distinct round of its own columns
    (``Settler``); the rounds that pay every wager alike (and start at the same seat) are
    grouped.
    """
    bets = {bet.id: bet for bet in table.game.bets}
    wagers = _wagers(table)
    lines = _stand_lines(table, wagers)
    read = sorted({c for _, wager in wagers for c in bets[wager.bet].columns})
    standers = any(lines)
    option = table.game.rules.option
    totals = option.totals if option is not None else ()
    payers = sorted({(wager.bet, line) for (_, wager), line in zip(wagers, lines)})
    settlers = [settler(bets[bet], table.settings, table.game.rules.round) for bet, _ in payers]
    stands = [line for _, line in payers]
    deal = {c for s in settlers for c in s.deal_columns}
    columns = ([c for c in read if c in deal] + list(BASE_COLUMNS) if standers else list(read))
    button = table.order == "from-action-button"
    if button and HOLE_CARD not in columns:
        columns.append(HOLE_CARD)
    counts = outcome_counts(table.shoe, columns, _rules(table))
    # where each settler's reading is in a key: its deal columns beside the round base
    # (rebuilt for a stander), else every column it reads
    at = [[columns.index(c) for c in (s.deal_columns if standers else s.bet.columns)]
          for s in settlers]
    where = [columns.index(c) for c in BASE_COLUMNS] if standers else []
    hole_at = columns.index(HOLE_CARD) if button else None
    slots = [payers.index((wager.bet, line)) for (_, wager), line in zip(wagers, lines)]
    # rounds grouped by every settler's event (Settlement.code: ints, cheap to hash): the
    # group's nets per wager, taken from its first round, and its ways; no action (a late
    # bet not offered) moves no money: 0, as the report counts it
    groups: dict[tuple[tuple[int | None, ...], int | None], list[Any]] = {}
    for key, ways in counts.items():
        if standers:
            base = RoundBase(*(key[i] for i in where))
            bases = (base, _stand_base(base, totals))
            settled = [s.settle_base(tuple(key[i] for i in read), bases[stand])
                       for s, read, stand in zip(settlers, at, stands)]
        else:
            settled = [s(tuple(key[i] for i in read)) for s, read in zip(settlers, at)]
        group = (tuple(x.code for x in settled), None if hole_at is None else int(key[hole_at]))
        found = groups.get(group)
        if found is None:
            found = groups[group] = [tuple(settled[s].net or Fraction(0) for s in slots), 0]
        found[1] += ways
    rounds: Rounds = {}
    for (_, hole), (nets, ways) in groups.items():
        rounds[(nets, hole)] = rounds.get((nets, hole), 0) + ways
    return rounds


def _settle_rounds(table: Table, rounds: Rounds, total: int) -> TableReport:
    """Settle every distinct round in money and weigh it by its count."""
    bets = {bet.id: bet for bet in table.game.bets}
    wagers = _wagers(table)
    pairs = [(o, w) for o, owner in enumerate(table.owners) for w in range(len(owner.wagers))]
    where = {pair: i for i, pair in enumerate(pairs)}  # (owner, its wager) -> wager index
    mine = [[i for i, (oo, _) in enumerate(wagers) if oo == o] for o in range(len(table.owners))]
    owner_sum = [Fraction(0)] * len(table.owners)
    owner_fees = [Fraction(0)] * len(table.owners)
    owner_actions = [[0, 0, 0] for _ in table.owners]
    dealer: dict[Fraction, int] = {}
    orders: dict[int | None, tuple[list[int], list[Fraction]]] = {}
    for (nets, hole), ways in rounds.items():
        if hole not in orders:
            order = [where[pair] for pair in settlement_order(table, hole)]
            exposures = [wagers[i][1].amount * _exposure(bets[wagers[i][1].bet]) for i in order]
            orders[hole] = order, coverage(table.bank, exposures)
        order, cover = orders[hole]
        results, actions = settle(table.reading, table.bank, [nets[i] for i in order],
                                  [wagers[i][1].amount for i in order], cover)
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
    """The drawing rules the shoe is enumerated with: with an option that hitters and
    standers share one deal on (21st Century), the player hand hits on it (the hit line; a
    stander's round is read from the same deal); otherwise the option taken as every owner
    takes it (the loader refuses mixed choices there)."""
    rules = table.game.rules
    if rules.option is None:
        return rules
    if one_deal_for_both(rules):
        return rules.with_strategy("hit")
    choices = {owner.on_five for owner in table.owners} or {"hit"}
    return rules.with_strategy(choices.pop() or "hit")


def _stand_lines(table: Table, wagers: list[tuple[int, Wager]]) -> list[bool]:
    """For each wager, whether it is read on the stand line of a shared deal."""
    if not one_deal_for_both(table.game.rules):
        return [False] * len(wagers)
    return [table.owners[o].on_five == "stand" for o, _ in wagers]


def _stand_base(base: RoundBase, totals: tuple[int, ...] = (5,)) -> RoundBase:
    """The round as a stander on the option (5) sees it: the player's two cards, the same
    dealer hand."""
    if base.player_cards == 3 and base.player_two_card_total in totals:
        p2 = base.player_two_card_total
        return base._replace(player_total=p2, player_cards=2, player_third=None)
    return base


def _exposure(bet: Bet) -> Fraction:
    """The most one unit on ``bet`` can move the bank: its top pay, or the stake if more."""
    nets = bet.results
    return max(*nets, -min(nets), Fraction(0))
