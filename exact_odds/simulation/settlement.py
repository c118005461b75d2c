"""Settling a dealt round: its outcome columns, read from the cards, and each bet's result.

The outcome row is computed with the vocabulary's own column definitions
(``exact_odds.engine.vocabulary``) and settled by the one settlement, ``Bet.settle``, so a
bet is settled on a dealt round by exactly the meaning its events have in the exact report:
a late bet not offered (the 21st Century late tie on a Player two-card 9) has no action.

>>> row = outcome_row(("9S", "KD"), ("4H", "2C"), ("player_wins", "player_natural"))
>>> row["player_wins"], row["player_natural"]
(True, True)
>>> outcome_row(("2S", "3D", "4D"), ("TH", "KC", "7S"), ("player_third_suit",))
{'player_third_suit': 'diamonds'}
>>> from exact_odds.games.loader import load_game
>>> print(settle(load_game("21st-century").bet("late-tie"), ("2S", "5S"), ("7H", "KD")))
None
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from fractions import Fraction

import numpy as np

from exact_odds.cards import DECK, RANKS, card_rank, card_value
from exact_odds.engine.vocabulary import COLUMNS, read_round
from exact_odds.games.model import Bet
from exact_odds.rules import PUNTO_BANCO
from exact_odds.rules.round import RoundDescription

#: How finely a bet reads the cards, coarsest first.
DETAILS = ("value", "rank", "card")


def outcome_row(player: tuple[str, ...], banker: tuple[str, ...], columns: Iterable[str],
                described: RoundDescription = PUNTO_BANCO.round) -> dict[str, object]:
    """The named outcome columns of a round in which the Player held ``player`` and the
    Banker ``banker`` (cards in the order each hand received them), read as the game's
    round is described (``vocabulary.read_round``)."""
    return read_round(player, banker, columns, described)


def settle(bet: Bet, player: tuple[str, ...], banker: tuple[str, ...],
           settings: Mapping[str, object] | None = None,
           described: RoundDescription = PUNTO_BANCO.round) -> Fraction | None:
    """The net result of one unit on ``bet`` for a dealt round (``Bet.settle`` on the
    round's outcome row); None where the bet has no action (a late bet not offered).
    ``settings`` are the game's setting values (``Game.setting_values``)."""
    row = {**(settings or {}), **outcome_row(player, banker, bet.columns, described)}
    return bet.settle(row).net


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
    the bet reads it, so a round is settled once: by its round base (totals, cards, two-card
    totals, third cards' values) where the bet reads only how the round finished, else by
    its cards at the finest detail the bet reads (point values, ranks or cards)."""

    def __init__(self, bet: Bet, settings: Mapping[str, object] | None = None,
                 described: RoundDescription = PUNTO_BANCO.round) -> None:
        self.bet, self.described = bet, described
        self.settings = dict(settings or {})
        self.detail = card_detail(bet)
        # a round base codes a baccarat round; a round valued by rank is coded by its ranks
        self.by_round = described.draws and all(COLUMNS[c].kind == "round" for c in bet.columns)
        if described.valuation == "rank" and self.detail == "value":
            self.detail = "rank"
        #: the card slots the bet reads: the first four cards when it reads only the deal
        self.slots = (slice(0, 4) if all(COLUMNS[c].kind == "deal" for c in bet.columns)
                      else slice(0, 6))
        self.results: dict[int, Fraction | None] = {}

    def settle_dealt(self, cards: np.ndarray,
                     hands: Callable[[int], tuple[tuple[str, ...], tuple[str, ...]]]
                     ) -> list[Fraction | None]:
        """The net result of one unit on each dealt round (None: no action, a late bet not
        offered). ``cards`` holds a round per row (``DealtRounds.cards``); ``hands(i)`` gives
        row ``i``'s Player and Banker cards, read only for a round not met before."""
        codes = round_codes(cards) if self.by_round else card_codes(cards, self.detail,
                                                                    self.slots)
        unique, first, inverse = np.unique(codes, return_index=True, return_inverse=True)
        nets = []
        for code, row in zip(unique.tolist(), first.tolist()):
            if code not in self.results:
                player, banker = hands(row)
                self.results[code] = settle(self.bet, player, banker, self.settings,
                                            self.described)
            nets.append(self.results[code])
        return [nets[i] for i in inverse.ravel().tolist()]


#: Each card index's point value, rank index (A=0 ... K=12) and itself, with the padding
#: index 52 (no card) last: the code of a round at each detail reads these.
_VALUES = np.array([card_value(card) for card in DECK] + [10], dtype=np.int64)
_RANKS = np.array([RANKS.index(card_rank(card)) for card in DECK] + [len(RANKS)],
                  dtype=np.int64)
_DETAIL = {"value": (_VALUES, 11), "rank": (_RANKS, len(RANKS) + 1),
           "card": (np.arange(len(DECK) + 1, dtype=np.int64), len(DECK) + 1)}


def card_codes(cards: np.ndarray, detail: str, slots: slice = slice(0, 6)) -> np.ndarray:
    """One integer per dealt round that tells apart rounds whose cards differ at
    ``detail`` (``value``, ``rank`` or ``card``) in ``slots``; 53**6 < 2**63."""
    table, base = _DETAIL[detail]
    keys = table[cards[:, slots]]
    codes: np.ndarray = keys @ (base ** np.arange(keys.shape[1], dtype=np.int64))
    return codes


def round_codes(cards: np.ndarray) -> np.ndarray:
    """One integer per dealt round that tells apart rounds with different round bases:
    each hand's total, cards, two-card total and third card's value (10: none)."""
    values = _VALUES[cards]  # 10 where no card
    dealt = values < 10
    player = np.where(dealt[:, [0, 2, 4]], values[:, [0, 2, 4]], 0)
    banker = np.where(dealt[:, [1, 3, 5]], values[:, [1, 3, 5]], 0)
    parts = (player.sum(axis=1) % 10, banker.sum(axis=1) % 10, dealt[:, 4], dealt[:, 5],
             player[:, :2].sum(axis=1) % 10, banker[:, :2].sum(axis=1) % 10,
             values[:, 4], values[:, 5])
    code = np.zeros(len(cards), dtype=np.int64)
    for part in parts:
        code = code * 11 + part
    return code
