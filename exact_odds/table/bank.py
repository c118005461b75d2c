"""The player-dealer's bank: the order in which it meets the wagers, and how far it reaches
(how each bet settles on a round is ``games.settlement``'s).

The seeds say the player-dealer "may not win or lose more than the original amount wagered"
and that "once the player-dealer's wager has been exhausted, the wagers not covered by the
player-dealer shall be returned". Three readings, a setting of the table file:

* ``collect-then-pay`` (the default): losing wagers are collected in order until the bank's
  worth has been collected; then winning wagers are paid in order from the bank and what
  was collected. The player-dealer's result stays within plus or minus its bank.
* ``in-order``: each wager is settled in turn; a loser is collected while the player-dealer
  is less than its bank ahead; once the bank is exhausted (paid out to nothing) every
  remaining wager is returned, losing ones included.
* ``covered-before-the-deal``: before the deal, wagers are covered in order, each by the most
  it can move the bank (its largest payout, or the wager itself when that is more), until
  the bank is used up; a wager covered in part has action on that part; the rest get none.

Two orders: ``by-bet-type`` (seeds 000 and 001: every wager on the first bet of the game
file, seat by seat from the seat to the left of the player-dealer, then every wager on the
second bet, ...) and ``from-action-button`` (seed 004: seat by seat from the action button's
seat, which the player-dealer's hole card sets).

>>> F = Fraction
>>> settle("collect-then-pay", F(100), [F(1), F(-1), F(1)], [F(80), F(50), F(100)], [])
([Fraction(80, 1), Fraction(-50, 1), Fraction(70, 1)], [2, 2, 1])
>>> settle("in-order", F(100), [F(1), F(-1), F(1)], [F(80), F(50), F(100)], [])
([Fraction(80, 1), Fraction(-50, 1), Fraction(70, 1)], [2, 2, 1])
>>> settle("in-order", F(100), [F(1), F(1), F(-1)], [F(80), F(50), F(100)], [])
([Fraction(80, 1), Fraction(20, 1), Fraction(0, 1)], [2, 1, 0])
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from exact_odds.table.fees import FULL_ACTION, NO_ACTION, PARTIAL_ACTION
from exact_odds.table.model import PlayerDealerTable

#: The action button (seed 004): the rank of the player-dealer's hole card (A=1 ... K=13)
#: -> the seat, counted clockwise from the player-dealer's position 0 (seat 2 is the first
#: seat to its left).
ACTION_BUTTON: dict[int, int] = {1: 2, 8: 2, 2: 3, 9: 3, 3: 4, 10: 4, 4: 5, 11: 5,
                                 5: 6, 12: 6, 6: 7, 13: 7, 7: 8}


def _action(settled: Fraction, due: Fraction) -> int:
    return FULL_ACTION if settled == due else PARTIAL_ACTION if settled else NO_ACTION


def settle(reading: str, bank: Fraction, nets: Sequence[Fraction], amounts: Sequence[Fraction],
           cover: Sequence[Fraction]) -> tuple[list[Fraction], list[int]]:
    """Settle wagers given in settlement order: their net result per unit staked (``nets``:
    +1 pays 1 to 1, 0 a push, -1 a loss) and their amounts. ``cover`` is each wager's share
    covered before the deal (read by ``covered-before-the-deal`` only).

    Returns the bettors' results in money (positive: paid by the player-dealer) and each
    wager's action: 2 full, 1 partial, 0 none (returned untouched).
    """
    count = len(nets)
    results = [Fraction(0)] * count
    actions = [FULL_ACTION] * count
    if reading == "covered-before-the-deal":
        for i in range(count):
            results[i] = nets[i] * amounts[i] * cover[i]
            actions[i] = _action(cover[i], Fraction(1))
        return results, actions
    if reading == "collect-then-pay":
        collected = Fraction(0)
        for i in range(count):
            if nets[i] < 0:
                due = -nets[i] * amounts[i]
                take = min(due, bank - collected)
                collected += take
                results[i], actions[i] = -take, _action(take, due)
        pot = bank + collected
        for i in range(count):
            if nets[i] > 0:
                due = nets[i] * amounts[i]
                pay = min(due, pot)
                pot -= pay
                results[i], actions[i] = pay, _action(pay, due)
        return results, actions
    if reading != "in-order":
        raise ValueError(f"unknown settlement reading {reading!r}")
    ahead = Fraction(0)  # the player-dealer's result so far
    for i in range(count):
        if bank + ahead == 0:  # the bank is exhausted: everything left is returned
            actions[i] = NO_ACTION
            continue
        if nets[i] < 0:
            due = -nets[i] * amounts[i]
            take = min(due, bank - ahead)
            ahead += take
            results[i], actions[i] = -take, _action(take, due)
        elif nets[i] > 0:
            due = nets[i] * amounts[i]
            pay = min(due, bank + ahead)
            ahead -= pay
            results[i], actions[i] = pay, _action(pay, due)
    return results, actions


def coverage(bank: Fraction, exposures: Sequence[Fraction]) -> list[Fraction]:
    """The share of each wager (in settlement order) that the bank covers before the deal,
    each wager taking its exposure in full while the bank lasts.

    >>> coverage(Fraction(100), [Fraction(60), Fraction(80), Fraction(10), Fraction(0)])
    [Fraction(1, 1), Fraction(1, 2), Fraction(0, 1), Fraction(1, 1)]
    """
    left = bank
    shares = []
    for exposure in exposures:
        if exposure == 0:
            shares.append(Fraction(1))
            continue
        share = min(Fraction(1), left / exposure)
        left -= share * exposure
        shares.append(share)
    return shares


def _clockwise(table: PlayerDealerTable, start: int) -> list[int]:
    """The occupied seats clockwise, starting at relative position ``start`` from the
    player-dealer (1: the seat to its left)."""
    n = table.seats_at_table
    seats = sorted({owner.seat for owner in table.owners})
    return sorted(seats, key=lambda seat: ((seat - table.dealer_seat) % n - start) % n)


def settlement_order(table: PlayerDealerTable, hole_rank: int | None = None
                     ) -> list[tuple[int, int]]:
    """The wagers in the order they are settled, as (owner index, wager index) pairs.

    ``hole_rank`` is the rank of the player-dealer's hole card (1-13), read by the order
    ``from-action-button`` only.
    """
    if table.order == "from-action-button":
        if hole_rank is None:
            raise ValueError("the action button needs the player-dealer's hole card")
        seats = _clockwise(table, ACTION_BUTTON[hole_rank] - 1)
        return [(o, w) for seat in seats for o, owner in enumerate(table.owners)
                if owner.seat == seat for w in range(len(owner.wagers))]
    seats = _clockwise(table, 1)
    order = []
    for bet in table.game.bets:
        for seat in seats:
            for o, owner in enumerate(table.owners):
                if owner.seat == seat:
                    order += [(o, w) for w, wager in enumerate(owner.wagers) if wager.bet == bet.id]
    return order
