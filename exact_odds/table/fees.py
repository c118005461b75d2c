"""Collection fees: flat amounts per bet, per hand or per player-dealer hand, never a share of
a wager ("the collection rates may not be calculated as a portion of wagers made or winnings
earned", seeds 000 and 001).

A rate is a flat amount, or a list of brackets of some amount (the size of a bet, the total
action on the table): each bracket runs from its ``from`` (included) to its ``to`` (excluded;
the last may be open), and the brackets must follow one another with no gap and no overlap.

>>> brackets = (Bracket(Fraction(0), Fraction(100), Fraction(1)), Bracket(Fraction(100), None, Fraction(2)))
>>> bracket_problem(brackets) is None, fee_in_brackets(brackets, Fraction(100))
(True, Fraction(2, 1))
>>> bracket_problem((Bracket(Fraction(0), Fraction(100), Fraction(1)),
...                  Bracket(Fraction(50), None, Fraction(2))))
'the brackets overlap: 50 starts before 100, where the one before ends'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import pairwise

from exact_odds.table.model import Owner

#: California allows at most five collection rates on one table; more is warned about.
MOST_RATES = 5

#: Action classes of a settled wager: returned untouched, part of it settled, all settled.
NO_ACTION, PARTIAL_ACTION, FULL_ACTION = 0, 1, 2


@dataclass(frozen=True)
class Bracket:
    """A fee charged when an amount is at least ``low`` and below ``high`` (None: no top)."""

    low: Fraction
    high: Fraction | None
    fee: Fraction

    def holds(self, amount: Fraction) -> bool:
        return self.low <= amount and (self.high is None or amount < self.high)


def money(value: Fraction) -> str:
    """An amount as a decimal where it is one ("2.5" as "2.50"), else as a fraction."""
    cents = value * 100
    if cents.denominator == 1:
        whole, part = divmod(abs(int(cents)), 100)
        sign = "-" if value < 0 else ""
        return f"{sign}{whole}" if part == 0 else f"{sign}{whole}.{part:02d}"
    return str(value)


def bracket_problem(brackets: Sequence[Bracket]) -> str | None:
    """What is wrong with a list of brackets (a gap, an overlap, an empty or open-ended one
    before the last), or None."""
    if not brackets:
        return "a list of brackets needs at least one bracket"
    for index, bracket in enumerate(brackets):
        if bracket.high is None and index < len(brackets) - 1:
            return f"only the last bracket may leave out 'to' (the one from {money(bracket.low)})"
        if bracket.high is not None and bracket.high <= bracket.low:
            return f"the bracket from {money(bracket.low)} ends at {money(bracket.high)}, not above it"
    for before, after in pairwise(brackets):
        assert before.high is not None
        if after.low > before.high:
            return (f"the brackets leave a gap: nothing covers {money(before.high)} "
                    f"to {money(after.low)}")
        if after.low < before.high:
            return (f"the brackets overlap: {money(after.low)} starts before "
                    f"{money(before.high)}, where the one before ends")
    return None


def fee_in_brackets(brackets: Sequence[Bracket], amount: Fraction) -> Fraction | None:
    """The fee of the bracket holding ``amount``, or None when no bracket holds it."""
    for bracket in brackets:
        if bracket.holds(amount):
            return bracket.fee
    return None


def fees_paid(owner: Owner, actions: Sequence[int], refund_uncovered: bool) -> Fraction:
    """What an owner pays the cardroom for one hand, given the action each wager got.

    Fees are taken before the deal. With ``refund_uncovered`` the fee of a wager returned
    with no action is refunded, and the per-hand fee too when none of the owner's wagers
    got any action; a wager with partial action keeps its fee.
    """
    paid = owner.hand_fee + sum((w.fee for w in owner.wagers), Fraction(0))
    if not refund_uncovered:
        return paid
    refund = sum((w.fee for w, a in zip(owner.wagers, actions) if a == NO_ACTION), Fraction(0))
    if all(a == NO_ACTION for a in actions):
        refund += owner.hand_fee
    return paid - refund
