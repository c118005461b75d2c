"""The outcome vocabulary: the columns a pay table's events can read.

Two kinds of column:

* **round columns** read how the round finished (totals, cards, naturals, the winner); the
  enumerator plays the drawing rules for them, on point values only;
* **deal columns** read only the first two cards of a hand or the first four cards of the
  round (pairs, nines, suits). Each says which card attributes it needs, so the enumerator
  groups the shoe into the coarsest card classes that still tell those attributes apart.

A column never slows a bet that does not read it: a bet's table is enumerated for the
columns its events name and nothing else.

>>> COLUMNS["banker_total"].kind, COLUMNS["player_pair"].hands
('round', ('player',))
"""

from __future__ import annotations

from exact_odds.errors import ExactOddsError

from collections.abc import Callable, Hashable
from dataclasses import dataclass

from exact_odds.cards import card_colour, card_rank, card_suit, card_value

#: What the enumerator knows of a finished round, from which round columns are read:
#: final totals, cards in each hand, two-card totals, third-card values (None: no draw).
RoundBase = tuple[int, int, int, int, int, int, "int | None", "int | None"]
# (player_total, banker_total, player_cards, banker_cards,
#  player_two_card_total, banker_two_card_total, player_third, banker_third)

#: How fine a round column needs the round: "final" reads totals and card counts only.
FINAL, TWO_CARD, THIRD = "final", "two_card", "third"


@dataclass(frozen=True)
class Column:
    """One column of the outcome vocabulary."""

    name: str
    dtype: str  # "int", "bool" or "str"
    doc: str
    kind: str  # "round" or "deal"
    # round columns: a function of the RoundBase, and how much of it they need
    of_round: Callable[[RoundBase], object] | None = None
    needs: str = FINAL
    # deal columns: the hands read, the card attribute needed, a function of the cards
    hands: tuple[str, ...] = ()
    card_key: Callable[[str], Hashable] | None = None
    of_deal: Callable[[tuple[str, ...], tuple[str, ...]], object] | None = None
    ordered: bool = False  # reads the order of the banker's two cards (the up card)
    as_a_set: bool = False  # reads the first four cards as a set, not by hand
    values: tuple[object, ...] | None = None  # the values it can take, where few


def _winner(base: RoundBase) -> str:
    player, banker = base[0], base[1]
    return "player" if player > banker else "banker" if banker > player else "tie"


def _pair(cards: tuple[str, ...], same: Callable[[str], Hashable]) -> bool:
    first, second = cards
    return card_rank(first) == card_rank(second) and same(first) == same(second)


def _nines_same_suit(player: tuple[str, ...], banker: tuple[str, ...]) -> int:
    suits = [card_suit(card) for card in player + banker if card_rank(card) == "9"]
    return max((suits.count(suit) for suit in set(suits)), default=0)


def _nine_suit_key(card: str) -> Hashable:
    return card_suit(card) if card_rank(card) == "9" else None


def _round(name: str, dtype: str, doc: str, fn: Callable[[RoundBase], object],
           needs: str = FINAL, values: tuple[object, ...] | None = None) -> Column:
    return Column(name, dtype, doc, "round", of_round=fn, needs=needs, values=values)


def _deal(name: str, dtype: str, doc: str, hands: tuple[str, ...],
          fn: Callable[[tuple[str, ...], tuple[str, ...]], object],
          card_key: Callable[[str], Hashable] | None = None, ordered: bool = False) -> Column:
    as_a_set = hands == ("player", "banker")
    return Column(name, dtype, doc, "deal", hands=hands, card_key=card_key, of_deal=fn,
                  ordered=ordered, as_a_set=as_a_set)


_BOOL = (False, True)

_COLUMN_LIST: list[Column] = [
    _round("player_total", "int", "the Player hand's final total, 0-9", lambda b: b[0]),
    _round("banker_total", "int", "the Banker (dealer) hand's final total, 0-9", lambda b: b[1]),
    _round("player_cards", "int", "cards in the Player hand at the end: 2 or 3", lambda b: b[2]),
    _round("banker_cards", "int", "cards in the Banker hand at the end: 2 or 3", lambda b: b[3]),
    _round("player_natural", "bool", "the Player's first two cards total 8 or 9",
           lambda b: b[2] == 2 and b[0] >= 8, values=_BOOL),
    _round("banker_natural", "bool", "the Banker's first two cards total 8 or 9",
           lambda b: b[3] == 2 and b[1] >= 8, values=_BOOL),
    _round("winner", "str", '"player", "banker" or "tie": the hand with the higher total',
           _winner, values=("player", "banker", "tie")),
    _round("player_wins", "bool", "the Player total is higher", lambda b: b[0] > b[1],
           values=_BOOL),
    _round("banker_wins", "bool", "the Banker total is higher", lambda b: b[1] > b[0],
           values=_BOOL),
    _round("tie", "bool", "the totals are equal", lambda b: b[0] == b[1], values=_BOOL),
    _round("margin", "int", "the winning total less the losing total (0 on a tie)",
           lambda b: abs(b[0] - b[1])),
    _round("player_two_card_total", "int", "the total of the Player's first two cards",
           lambda b: b[4], needs=TWO_CARD),
    _round("banker_two_card_total", "int", "the total of the Banker's first two cards",
           lambda b: b[5], needs=TWO_CARD),
    _round("player_third", "int", "the point value of the Player's third card; null if none",
           lambda b: b[6], needs=THIRD),
    _round("banker_third", "int", "the point value of the Banker's third card; null if none",
           lambda b: b[7], needs=THIRD),
    _deal("player_pair", "bool", "the Player's first two cards are of the same rank "
          "(a Ten and a King are not a pair)", ("player",),
          lambda p, b: _pair(p, card_rank), card_key=card_rank),
    _deal("banker_pair", "bool", "the Banker's first two cards are of the same rank",
          ("banker",), lambda p, b: _pair(b, card_rank), card_key=card_rank),
    _deal("player_pair_same_colour", "bool",
          "the Player's first two cards are of the same rank and colour", ("player",),
          lambda p, b: _pair(p, card_colour), card_key=lambda c: (card_rank(c), card_colour(c))),
    _deal("banker_pair_same_colour", "bool",
          "the Banker's first two cards are of the same rank and colour", ("banker",),
          lambda p, b: _pair(b, card_colour), card_key=lambda c: (card_rank(c), card_colour(c))),
    _deal("player_pair_same_suit", "bool",
          "the Player's first two cards are of the same rank and suit", ("player",),
          lambda p, b: _pair(p, card_suit), card_key=lambda c: c),
    _deal("banker_pair_same_suit", "bool",
          "the Banker's first two cards are of the same rank and suit", ("banker",),
          lambda p, b: _pair(b, card_suit), card_key=lambda c: c),
    _deal("nines", "int", "nines among the first four cards (the Player's two, the Banker's two)",
          ("player", "banker"), lambda p, b: sum(card_value(c) == 9 for c in p + b)),
    _deal("nines_same_suit", "int",
          "the most nines of one suit among the first four cards (0 if no nines)",
          ("player", "banker"), _nines_same_suit, card_key=_nine_suit_key),
    _deal("nines_of_diamonds", "int", "nines of diamonds among the first four cards",
          ("player", "banker"), lambda p, b: sum(c[:2] == "9D" for c in p + b),
          card_key=lambda c: c == "9D"),
    _deal("player_low_card", "int", "the lower point value of the Player's first two cards",
          ("player",), lambda p, b: min(card_value(c) for c in p)),
    _deal("player_high_card", "int", "the higher point value of the Player's first two cards",
          ("player",), lambda p, b: max(card_value(c) for c in p)),
    _deal("dealer_up", "int", "the point value of the Banker's (dealer's) first card, "
          "dealt face up in 21st Century Baccarat", ("banker",),
          lambda p, b: card_value(b[0]), ordered=True),
]

#: Every column, by name.
COLUMNS: dict[str, Column] = {column.name: column for column in _COLUMN_LIST}


class VocabularyError(ExactOddsError, KeyError):
    """A column that the vocabulary does not have."""

    def __str__(self) -> str:
        return str(self.args[0])


def column(name: str) -> Column:
    """The column called ``name``, or a ``VocabularyError`` suggesting the nearest names."""
    try:
        return COLUMNS[name]
    except KeyError:
        import difflib

        near = difflib.get_close_matches(name, COLUMNS, n=3)
        hint = f" (did you mean {', '.join(near)}?)" if near else ""
        raise VocabularyError(f"unknown column {name!r}{hint}") from None
