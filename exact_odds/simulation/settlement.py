"""Settling a dealt round: its outcome columns, read from the cards, and each bet's result.

The outcome row is computed with the vocabulary's own column definitions
(``exact_odds.engine.vocabulary``), so a bet is settled on a dealt round by exactly the
meaning its events have in the exact report.

>>> row = outcome_row(("9S", "KD"), ("4H", "2C"), ("player_wins", "player_natural"))
>>> row["player_wins"], row["player_natural"]
(True, True)
>>> outcome_row(("2S", "3D", "4D"), ("TH", "KC", "7S"), ("player_third_suit",))
{'player_third_suit': 'diamonds'}
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from fractions import Fraction

from exact_odds.cards import card_rank, card_value
from exact_odds.engine.vocabulary import COLUMNS, RoundBase
from exact_odds.games.model import Bet

#: How finely a bet reads the cards, coarsest first.
DETAILS = ("value", "rank", "card")


def outcome_row(player: tuple[str, ...], banker: tuple[str, ...],
                columns: Iterable[str]) -> dict[str, object]:
    """The named outcome columns of a round in which the Player held ``player`` and the
    Banker ``banker`` (cards in the order each hand received them)."""
    player_values = [card_value(card) for card in player]
    banker_values = [card_value(card) for card in banker]
    base = RoundBase(
        sum(player_values) % 10, sum(banker_values) % 10, len(player), len(banker),
        sum(player_values[:2]) % 10, sum(banker_values[:2]) % 10,
        player_values[2] if len(player) == 3 else None,
        banker_values[2] if len(banker) == 3 else None,
    )
    player_third = player[2] if len(player) == 3 else None
    banker_third = banker[2] if len(banker) == 3 else None
    row: dict[str, object] = {}
    for name in columns:
        column = COLUMNS[name]
        if column.of_round is not None:  # how the round finished
            row[name] = column.of_round(base)
        elif column.of_deal is not None:  # the first two cards of each hand
            row[name] = column.of_deal(player[:2], banker[:2])
        elif column.partial is not None and column.final is not None:  # every card dealt
            row[name] = column.final(column.partial(player[:2], banker[:2]), player_third,
                                     banker_third)
        else:
            raise ValueError(f"column {name!r} cannot be read from dealt cards")
    return row


def settle(bet: Bet, player: tuple[str, ...], banker: tuple[str, ...],
           settings: Mapping[str, object] | None = None) -> Fraction:
    """The net result of one unit on ``bet`` for a dealt round: the first event whose
    condition holds pays; a bet none of whose events hold loses."""
    row = {**(settings or {}), **outcome_row(player, banker, bet.columns)}
    for event in bet.events:
        if event.condition is None or event.condition.holds(row):
            return event.pay.net
    return Fraction(-1)


def card_detail(bet: Bet) -> str:
    """The finest card attribute the bet's columns read: ``value`` (point values),
    ``rank`` or ``card`` (suits or colours too), by the columns' own card keys."""
    detail = "value"
    for name in bet.columns:
        key = COLUMNS[name].card_key if name in COLUMNS else None
        if key is None or key is card_value:
            continue
        if key is card_rank:
            detail = "rank" if detail == "value" else detail
        else:
            detail = "card"
    return detail


class Settler:
    """Settles a bet on dealt rounds, remembering the result for each distinct round as
    the bet reads it (point values, ranks or cards), so a round is settled once."""

    def __init__(self, bet: Bet, settings: Mapping[str, object] | None = None) -> None:
        self.bet = bet
        self.settings = dict(settings or {})
        self.detail = card_detail(bet)
        #: the card slots the bet reads: the first four cards when it reads only the deal
        self.slots = (slice(0, 4) if all(COLUMNS[c].kind == "deal" for c in bet.columns)
                      else slice(0, 6))
        self.results: dict[tuple[int, ...], Fraction] = {}

    def settle(self, key: tuple[int, ...],
               hands: Callable[[], tuple[tuple[str, ...], tuple[str, ...]]]) -> Fraction:
        """The net result for a round whose cards read ``key`` at the bet's detail;
        ``hands()`` gives the Player's and the Banker's cards when the round is new."""
        result = self.results.get(key)
        if result is None:
            player, banker = hands()
            result = self.results[key] = settle(self.bet, player, banker, self.settings)
        return result
