"""The player-dealer's table, as checked data: the game, the bank, the seats and their wagers,
the fee each wager and each person pays, and how the wagers are settled.

Every amount is an exact ``Fraction`` of the currency: a table file writes them as decimals
in quotes ("2.50"), never as floats.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from exact_odds.games.fields import SETTLEMENT_ORDERS
from exact_odds.games.model import Game
from exact_odds.rules import DrawingRules
from exact_odds.shoe import Shoe

#: How far the player-dealer's bank reaches: the three readings of the seeds.
READINGS = ("collect-then-pay", "in-order", "covered-before-the-deal")

#: The order in which wagers are settled (seeds 000/001: by bet type; seed 004: seat by
#: seat from the action button), as a game file's ``table: {settlement_order}`` names it.
ORDERS = SETTLEMENT_ORDERS

#: An owner's choice on the option (21st Century: the player hand's two cards total 5).
ON_FIVE = ("hit", "stand")


def one_deal_for_both(rules: DrawingRules) -> bool:
    """Whether owners who hit and owners who stand on the option can share one deal: the
    dealer's draw never reads the player's third card (21st Century; not Baccarat Gold),
    so the dealer's final hand is the same for both."""
    return rules.option is not None and all(len(set(row)) == 1 for row in rules.banker)


@dataclass(frozen=True)
class Wager:
    """One wager: the bet it is on, the amount staked and the flat fee charged on it."""

    bet: str
    amount: Fraction
    fee: Fraction


@dataclass(frozen=True)
class Owner:
    """One person's wagers at one seat (a seat may hold several owners: back-line bets)."""

    seat: int
    name: str  # "" for the only owner of a seat written with ``wagers:``
    wagers: tuple[Wager, ...]
    hand_fee: Fraction  # the per-hand fee this owner pays
    on_five: str | None = None  # 21st Century: "hit" or "stand"; None elsewhere

    @property
    def wagered(self) -> Fraction:
        """The money this owner puts on the table."""
        return sum((w.amount for w in self.wagers), Fraction(0))

    @property
    def label(self) -> str:
        return f"seat {self.seat}" + (f" ({self.name})" if self.name else "")


@dataclass(frozen=True)
class PlayerDealerTable:
    """A table file, checked: everything needed to settle every round exactly."""

    path: str
    game: Game
    shoe: Shoe
    settings: dict[str, object]  # the game's settings, as the table chooses them
    reading: str  # one of READINGS
    order: str  # one of ORDERS
    seats_at_table: int
    dealer_seat: int
    bank: Fraction
    dealer_fee: Fraction
    owners: tuple[Owner, ...]
    refund_uncovered: bool = False
    warnings: tuple[str, ...] = ()

    @property
    def wagered(self) -> Fraction:
        return sum((owner.wagered for owner in self.owners), Fraction(0))
