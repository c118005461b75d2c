"""The outcome vocabulary: the columns a pay table's events can read.

Three kinds of column, each its own type, each read from a round's cards by ``read``:

* **round columns** read how the round finished (totals, cards, naturals, the winner); the
  enumerator plays the drawing rules for them, on point values only;
* **deal columns** read only the first two cards of a hand or the first four of the round;
* **card columns** read every card of the round, third cards included.

A deal or card column says which card attribute it reads (``card_key``), so the enumerator
groups the shoe into the coarsest card classes that still tell those attributes apart. A
column never slows a bet that does not read it: a bet's table is enumerated for the columns
its events name and nothing else.

>>> COLUMNS["banker_total"].kind, COLUMNS["player_pair"].hands
('round', ('player',))
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Hashable, Iterable
from dataclasses import KW_ONLY, dataclass, replace
from typing import ClassVar, Literal, NamedTuple

from exact_odds.cards import card_colour, card_rank, card_suit, card_value
from exact_odds.errors import ExactOddsError
from exact_odds.rules.round import NATURALS, RANK_ORDER, HandValue, RoundDescription, card_points


class RoundBase(NamedTuple):
    """What the enumerator knows of a finished round, from which round columns are read.

    The enumerator leaves the two-card totals and the third cards None where no requested
    column needs them (``RoundColumn.needs``)."""

    player_total: int
    banker_total: int
    player_cards: int  # 2 or 3
    banker_cards: int
    player_two_card_total: int | None
    banker_two_card_total: int | None
    player_third: int | None  # the point value of the third card; None: no draw
    banker_third: int | None
    #: which hand ranks higher (1 the Player's, -1 the Banker's, 0 a tie) where the hands are
    #: ranked by more than their totals (``rules.round.ranking``); None: by the totals
    order: int | None = None

    @property
    def ranked(self) -> int:
        """1 where the Player's hand ranks higher, -1 where the Banker's does, 0 a tie."""
        if self.order is not None:
            return self.order
        return (self.player_total > self.banker_total) - (self.player_total < self.banker_total)


class RoundCards(NamedTuple):
    """A round as every column reads it: how it finished, each hand's first cards (in the
    order dealt), and each hand's third card (None: not drawn)."""

    base: RoundBase
    player: tuple[str, ...]
    banker: tuple[str, ...]
    player_third: str | None
    banker_third: str | None


#: How much of the round a round column needs: "final" reads totals and card counts only,
#: "two_card" the two-card totals too, "third" the third cards' values too.
Needs = Literal["final", "two_card", "third"]
#: A column reads how the round finished ("round"), the first two cards of a hand or the
#: first four of the round ("deal"), or every card of the round ("cards").
Kind = Literal["round", "deal", "cards"]
DType = Literal["int", "bool", "str"]
Hand = Literal["player", "banker"]
#: A function of each hand's first cards (the Player's, the Banker's).
OfDeal = Callable[[tuple[str, ...], tuple[str, ...]], Hashable]


@dataclass(frozen=True)
class Column(ABC):
    """One column of the outcome vocabulary: what every kind has."""

    kind: ClassVar[Kind]
    name: str
    dtype: DType
    doc: str
    _: KW_ONLY
    # the hands whose cards it reads (a round column: none), and what it reads of a card
    hands: tuple[Hand, ...] = ()
    card_key: Callable[[str], Hashable] = card_value
    values: tuple[object, ...] | None = None  # the values it can take, where few
    nullable: bool = False  # null when the card it reads was not dealt
    example: str = ""  # an example condition, for the vocabulary table
    # reads which suit or colour a card is (the hearts, the red cards): renaming the suits
    # changes its value. A column that compares suits (suited, a pair of one suit), or
    # gives a card's suit as a word that the renaming renames, does not.
    names_suits: bool = False
    # the cards of each hand it reads before any draw (a pair reads two, a first card one),
    # and whether it reads the baccarat tableau (naturals, two-card totals, third cards):
    # a game that deals fewer cards or has no tableau cannot settle a bet on it
    dealt: int = 2
    drawing: bool = False

    def __post_init__(self) -> None:
        # the enumerator deals, groups and draws each hand's cards by the columns that
        # name it: a deal or card column that names no hand would be read from one hand
        # of a group that it does not tell apart
        if self.kind != "round" and not self.hands:
            raise ValueError(f"column {self.name} reads cards but names no hand")

    @abstractmethod
    def read(self, cards: RoundCards) -> object:
        """The column's value on a round."""

    @property
    def most_values(self) -> int:
        """How many values the column can take (an upper bound, for the cost estimates):
        its listed values, two for a flag, else what it reads can give."""
        if self.values is not None:
            return len(self.values) + self.nullable
        if self.dtype == "bool":
            return 2
        return self._most_read

    @property
    def _most_read(self) -> int:
        """Without listed values: a count of both hands' four first cards (0 to 4), or an
        attribute of one card (at most the 52 cards, and null)."""
        return 5 if len(self.hands) == 2 else 53


@dataclass(frozen=True)
class RoundColumn(Column):
    """A function of the round base, and how much of the round it needs."""

    kind: ClassVar[Kind] = "round"
    of_round: Callable[[RoundBase], object]
    needs: Needs = "final"

    def read(self, cards: RoundCards) -> object:
        return self.of_round(cards.base)

    @property
    def _most_read(self) -> int:
        """A total or a margin, 0 to 9 (and null where it may be)."""
        return 11 if self.nullable else 10


@dataclass(frozen=True)
class DealColumn(Column):
    """A function of the first cards of its hands."""

    kind: ClassVar[Kind] = "deal"
    of_deal: OfDeal
    ordered: bool = False  # reads the order of the hands' two cards (first card, up card)
    as_a_set: bool = False  # reads the first four cards as a set, not by hand

    def read(self, cards: RoundCards) -> object:
        return self.of_deal(cards.player, cards.banker)


@dataclass(frozen=True)
class CardColumn(Column):
    """A partial value of its hands' first cards, then a final value with the third cards."""

    kind: ClassVar[Kind] = "cards"
    partial: OfDeal
    final: Callable[[Hashable, str | None, str | None], object]

    def read(self, cards: RoundCards) -> object:
        return self.final(self.partial(cards.player, cards.banker), cards.player_third,
                          cards.banker_third)


def _winner(base: RoundBase) -> str:
    return ("tie", "player", "banker")[base.ranked]


def _pair(cards: tuple[str, ...], same: Callable[[str], Hashable]) -> bool:
    first, second = cards
    return card_rank(first) == card_rank(second) and same(first) == same(second)


def _nines_same_suit(player: tuple[str, ...], banker: tuple[str, ...]) -> int:
    suits = [card_suit(card) for card in player + banker if card_rank(card) == "9"]
    return max((suits.count(suit) for suit in set(suits)), default=0)


def _nine_suit_key(card: str) -> Hashable:
    return card_suit(card) if card_rank(card) == "9" else None


def _round(name: str, dtype: DType, doc: str, fn: Callable[[RoundBase], object],
           needs: Needs = "final", values: tuple[object, ...] | None = None,
           nullable: bool = False, drawing: bool = False, example: str = "") -> RoundColumn:
    return RoundColumn(name, dtype, doc, fn, needs, values=values, nullable=nullable, dealt=1,
                       drawing=drawing or needs != "final", example=example)


def _deal(name: str, dtype: DType, doc: str, hands: tuple[Hand, ...], fn: OfDeal,
          card_key: Callable[[str], Hashable] = card_value, ordered: bool = False,
          names_suits: bool = False) -> DealColumn:
    return DealColumn(name, dtype, doc, fn, ordered, hands == ("player", "banker"), hands=hands,
                      card_key=card_key, names_suits=names_suits)


_BOOL = (False, True)

_COLUMN_LIST: list[Column] = [
    _round("player_total", "int", "the Player hand's final total, 0-9 (a game valued by rank: "
           "the sum of its ranks)", lambda b: b.player_total),
    _round("banker_total", "int", "the Banker (dealer) hand's final total, 0-9 (a game valued "
           "by rank: the sum of its ranks)", lambda b: b.banker_total),
    _round("player_cards", "int", "cards in the Player hand at the end: 2 or 3", lambda b: b.player_cards),
    _round("banker_cards", "int", "cards in the Banker hand at the end: 2 or 3", lambda b: b.banker_cards),
    _round("player_natural", "bool", "the Player's first two cards total 8 or 9",
           lambda b: b.player_cards == 2 and b.player_total in NATURALS, values=_BOOL,
           drawing=True),
    _round("banker_natural", "bool", "the Banker's first two cards total 8 or 9",
           lambda b: b.banker_cards == 2 and b.banker_total in NATURALS, values=_BOOL,
           drawing=True),
    _round("winner", "str", '"player", "banker" or "tie": the hand that ranks higher (the higher '
           "total, or the game's ranking)", _winner, values=("player", "banker", "tie")),
    _round("player_wins", "bool", "the Player hand ranks higher (its total is higher)",
           lambda b: b.ranked > 0, values=_BOOL),
    _round("banker_wins", "bool", "the Banker hand ranks higher (its total is higher)",
           lambda b: b.ranked < 0, values=_BOOL),
    _round("tie", "bool", "the hands rank alike (equal totals)", lambda b: b.ranked == 0,
           values=_BOOL),
    _round("margin", "int", "the winning total less the losing total (0 on a tie)",
           lambda b: abs(b.player_total - b.banker_total)),
    _round("player_two_card_total", "int", "the total of the Player's first two cards",
           lambda b: b.player_two_card_total, needs="two_card"),
    _round("banker_two_card_total", "int", "the total of the Banker's first two cards",
           lambda b: b.banker_two_card_total, needs="two_card"),
    _round("player_third", "int", "the point value of the Player's third card; null if none",
           lambda b: b.player_third, needs="third", nullable=True),
    _round("banker_third", "int", "the point value of the Banker's third card; null if none",
           lambda b: b.banker_third, needs="third", nullable=True),
    _deal("player_pair", "bool", "the Player's first two cards are of the same rank "
          "(a Ten and a King are not a pair)", ("player",),
          lambda p, b: _pair(p, card_rank), card_key=card_rank),
    _deal("banker_pair", "bool", "the Banker's first two cards are of the same rank",
          ("banker",), lambda p, b: _pair(b, card_rank), card_key=card_rank),
    _deal("player_pair_same_colour", "bool",
          "the Player's first two cards are of the same rank and colour", ("player",),
          lambda p, b: _pair(p, card_colour), card_key=lambda c: (card_rank(c), card_colour(c)),
          names_suits=True),
    _deal("banker_pair_same_colour", "bool",
          "the Banker's first two cards are of the same rank and colour", ("banker",),
          lambda p, b: _pair(b, card_colour), card_key=lambda c: (card_rank(c), card_colour(c)),
          names_suits=True),
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
          card_key=lambda c: c == "9D", names_suits=True),
    _deal("player_low_card", "int", "the lower point value of the Player's first two cards",
          ("player",), lambda p, b: min(card_value(c) for c in p)),
    _deal("player_high_card", "int", "the higher point value of the Player's first two cards",
          ("player",), lambda p, b: max(card_value(c) for c in p)),
    _deal("dealer_up", "int", "the point value of the Banker's (dealer's) first card, "
          "dealt face up in 21st Century Baccarat", ("banker",),
          lambda p, b: card_value(b[0]), ordered=True),
]

# --- every card of the round ------------------------------------------------------------
#
# Position columns read one card; count, rank and suit columns read every card of a hand or
# of the round, third cards included. Each says which card attribute it needs, so a bet is
# enumerated on the coarsest classes that tell its columns apart: the sevens dealt need
# point values only, the tens dealt need to tell a ten from a picture, the hearts need suits.

SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
_RANK_WORDS = ("aces", "twos", "threes", "fours", "fives", "sixes", "sevens", "eights",
               "nines", "tens", "jacks", "queens", "kings")
_POSITIONS = ("first", "second", "third")
_HANDS: tuple[Hand, ...] = ("player", "banker")


def rank_number(card: str) -> int:
    """A card's rank as a number: ace 1, two to ten 2-10, jack 11, queen 12, king 13.

    >>> rank_number("AS"), rank_number("TD"), rank_number("KH")
    (1, 10, 13)
    """
    return "A23456789TJQK".index(card[0]) + 1


def suit_name(card: str) -> str:
    """A card's suit as a word: ``"spades"``, ``"hearts"``, ``"diamonds"`` or ``"clubs"``."""
    return SUIT_NAMES[card[1]]


_ATTRIBUTES: dict[str, tuple[DType, Callable[[str], object], Callable[[str], Hashable],
                             tuple[object, ...] | None, str]] = {
    # name: (dtype, reader, card key, values, what it is)
    "rank": ("int", rank_number, card_rank, tuple(range(1, 14)),
             "rank, 1-13 (ace 1, jack 11, queen 12, king 13)"),
    "suit": ("str", suit_name, card_suit, tuple(SUIT_NAMES.values()),
             "suit: 'spades', 'hearts', 'diamonds' or 'clubs'"),
    "colour": ("str", card_colour, card_colour, ("red", "black"), "colour: 'red' or 'black'"),
    "value": ("int", card_value, card_value, tuple(range(10)), "point value, 0-9"),
}
_EXAMPLES = {"rank": "== 13", "suit": "== 'hearts'", "colour": "== 'red'", "value": ">= 8"}


def _first_cards(hand: Hand, index: int, attribute: str) -> DealColumn:
    dtype, read, key, values, what = _ATTRIBUTES[attribute]
    pos = _POSITIONS[index]
    name = f"{hand}_{pos}_{attribute}"
    mine = _HANDS.index(hand)

    def fn(p: tuple[str, ...], b: tuple[str, ...]) -> object:
        return read((p, b)[mine][index])
    return DealColumn(name, dtype, f"the {what} of the {hand.title()}'s {pos} card", fn, True,
                      hands=(hand,), card_key=key, values=values, example=f"{name} {_EXAMPLES[attribute]}",
                      names_suits=attribute == "colour", dealt=index + 1)


def _third_card(hand: Hand, attribute: str) -> Column:
    dtype, read, key, values, what = _ATTRIBUTES[attribute]
    name = f"{hand}_third_{attribute}"
    if attribute == "value":  # the same as player_third / banker_third
        field = "player_third" if hand == "player" else "banker_third"
        return _round(name, dtype, f"the {what} of the {hand.title()}'s third card; null if none "
                      f"(the same as {hand}_third)", lambda b: getattr(b, field), needs="third",
                      values=values, nullable=True,
                      example=f"{hand}_cards == 3 and {name} {_EXAMPLES[attribute]}")
    mine = _HANDS.index(hand)

    def final(partial: Hashable, p3: str | None, b3: str | None) -> object:
        third = (p3, b3)[mine]
        return None if third is None else read(third)
    return CardColumn(name, dtype, f"the {what} of the {hand.title()}'s third card; null if none",
                      lambda p, b: None, final, hands=(hand,), card_key=key, values=values,
                      nullable=True, example=f"{hand}_cards == 3 and {name} {_EXAMPLES[attribute]}",
                      names_suits=attribute == "colour", drawing=True)


def _counted(scope: Hand | Literal["round"], word: str, test: Callable[[str], bool],
             key: Callable[[str], Hashable], what: str, example: str,
             names_suits: bool = False) -> CardColumn:
    """How many cards of a hand (scope "player" or "banker") or of the round pass ``test``."""
    name, where = ((f"{word}_dealt", "dealt in the round (both hands)") if scope == "round"
                   else (f"{scope}_{word}", f"in the {scope.title()}'s hand"))
    mine = (scope != "banker", scope != "player")  # which hands' cards it counts

    def partial(p: tuple[str, ...], b: tuple[str, ...]) -> Hashable:
        return sum(map(test, p * mine[0] + b * mine[1]))

    def final(counted: Hashable, p3: str | None, b3: str | None) -> object:
        return counted + sum(third is not None and counts and test(third)  # type: ignore[operator]
                             for third, counts in zip((p3, b3), mine))
    hands: tuple[Hand, ...] = _HANDS if scope == "round" else (scope,)
    return CardColumn(name, "int", f"{what} {where}", partial, final, hands=hands, card_key=key,
                      values=tuple(range(7 if scope == "round" else 4)),
                      example=example.replace("NAME", name), names_suits=names_suits, dealt=1)


def _rank_is(rank: str) -> Callable[[str], bool]:
    return lambda card: card[0] == rank


def _colour_is(colour: str) -> Callable[[str], bool]:
    return lambda card: card_colour(card) == colour


def _suit_is(suit: str) -> Callable[[str], bool]:
    return lambda card: suit_name(card) == suit


def _count_columns() -> list[CardColumn]:
    found: list[CardColumn] = []
    scopes: tuple[Hand | Literal["round"], ...] = ("player", "banker", "round")
    for scope in scopes:
        for index, word in enumerate(_RANK_WORDS):
            rank = "A23456789TJQK"[index]
            # aces to nines are told apart by point value; a ten, jack, queen or king
            # needs its own class (value 0 is shared by all four)
            key = card_value if index < 9 else _rank_is(rank)
            found.append(_counted(scope, word, _rank_is(rank), key,
                                  f"how many {word}", "NAME >= 2"))
        found.append(_counted(scope, "ten_value_cards", lambda card: card_value(card) == 0,
                              card_value, "how many tens and pictures (point value 0)", "NAME == 0"))
        for colour in ("red", "black"):
            found.append(_counted(scope, f"{colour}_cards",
                                  _colour_is(colour), card_colour,
                                  f"how many {colour} cards", "NAME == cards_dealt"
                                  if scope == "round" else f"NAME == {scope}_cards",
                                  names_suits=True))
        for suit in SUIT_NAMES.values():
            found.append(_counted(scope, suit, _suit_is(suit),
                                  card_suit, f"how many {suit}", "NAME >= 3", names_suits=True))
    return found


def _hand_extreme(hand: Hand, what: str, read: Callable[[str], int],
                  key: Callable[[str], Hashable], pick: Callable[..., int]) -> CardColumn:
    word = "high" if pick is max else "low"
    name = f"{hand}_{word}_{what}"
    mine = 0 if hand == "player" else 1

    def partial(p: tuple[str, ...], b: tuple[str, ...]) -> Hashable:
        return pick(read(card) for card in (p, b)[mine])

    def final(best: Hashable, p3: str | None, b3: str | None) -> object:
        third = (p3, b3)[mine]
        return best if third is None else pick(best, read(third))

    label = "rank (ace 1 ... king 13)" if what == "rank" else "point value"
    return CardColumn(name, "int", f"the {'highest' if word == 'high' else 'lowest'} {label} in "
                      f"the {hand.title()}'s final hand (two or three cards)", partial, final,
                      hands=(hand,), card_key=key,
                      values=tuple(range(1, 14)) if what == "rank" else tuple(range(10)),
                      example=f"{name} == {13 if what == 'rank' else 9}", dealt=1)


def _suited(hand: Hand) -> CardColumn:
    mine = 0 if hand == "player" else 1

    def partial(p: tuple[str, ...], b: tuple[str, ...]) -> Hashable:
        first, second = (p, b)[mine]
        return first[1] if first[1] == second[1] else None

    def final(suit: Hashable, p3: str | None, b3: str | None) -> object:
        third = (p3, b3)[mine]
        return suit is not None and (third is None or third[1] == suit)

    return CardColumn(f"{hand}_suited", "bool", f"every card of the {hand.title()}'s final hand "
                      "is of one suit", partial, final, hands=(hand,), card_key=card_suit,
                      values=_BOOL, example=f"{hand}_suited and {hand}_cards == 3")


def _every_card() -> list[Column]:
    found: list[Column] = [_first_cards(hand, index, attribute) for hand in _HANDS for index in (0, 1)
             for attribute in _ATTRIBUTES]
    found += [_third_card(hand, attribute) for hand in _HANDS for attribute in _ATTRIBUTES]
    found += _count_columns()
    for hand in _HANDS:
        found.append(_hand_extreme(hand, "rank", rank_number, card_rank, max))
        found.append(_hand_extreme(hand, "rank", rank_number, card_rank, min))
        found.append(_hand_extreme(hand, "value", card_value, card_value, max))
        found.append(_hand_extreme(hand, "value", card_value, card_value, min))
        found.append(_suited(hand))
    found.append(_deal("banker_low_card", "int", "the lower point value of the Banker's first "
                       "two cards", ("banker",), lambda p, b: min(card_value(c) for c in b)))
    found.append(_deal("banker_high_card", "int", "the higher point value of the Banker's "
                       "first two cards", ("banker",), lambda p, b: max(card_value(c) for c in b)))
    found.append(_round("cards_dealt", "int", "cards dealt in the round: 4, 5 or 6",
                        lambda b: b.player_cards + b.banker_cards, values=(4, 5, 6)))
    return found


_COLUMN_LIST += _every_card()

# examples of the columns defined above without one (a column's name is its own example)
_EXAMPLES = {
    "player_total": "player_total >= 8", "banker_total": "banker_wins and banker_total == 6",
    "player_cards": "player_cards == 3 and player_wins",
    "banker_cards": "banker_cards == 3 and banker_total == 7",
    "player_natural": "player_natural and player_wins",
    "banker_natural": "banker_natural and not player_natural", "winner": "winner == 'banker'",
    "tie": "tie and player_total in (0, 1)", "margin": "player_wins and margin >= 4",
    "player_two_card_total": "player_two_card_total == 5",
    "banker_two_card_total": "banker_two_card_total == 9",
    "player_third": "player_cards == 3 and player_third == 9",
    "banker_third": "banker_cards == 3 and banker_third >= 6", "nines": "nines == 2",
    "nines_same_suit": "nines == 3 and nines_same_suit == 3",
    "nines_of_diamonds": "nines == 1 and nines_of_diamonds == 1",
    "player_low_card": "player_low_card == 0 and player_high_card == 5",
    "player_high_card": "player_high_card == 9", "dealer_up": "dealer_up == 5"}
_COLUMN_LIST = [replace(c, example=c.example or _EXAMPLES.get(c.name, c.name))
                for c in _COLUMN_LIST]

#: Every column, by name.
COLUMNS: dict[str, Column] = {column.name: column for column in _COLUMN_LIST}

#: Columns whose value others decide alone (``tests/test_game_files.py`` checks each on
#: every deal): the Player's two-card total and natural are read from its two cards' point
#: values, the Banker's first card's point value is the up card.
DECIDED_BY: dict[str, frozenset[str]] = {
    "player_two_card_total": frozenset({"player_low_card", "player_high_card"}),
    "player_natural": frozenset({"player_low_card", "player_high_card"}),
    "banker_first_value": frozenset({"dealer_up"}),
}


def known_from(seen: Iterable[str]) -> frozenset[str]:
    """The columns known once the columns ``seen`` are: those, and the columns they decide
    (``DECIDED_BY``). What a late bet may be offered on, from what the bettor sees.

    >>> sorted(known_from(["player_low_card", "player_high_card"]))
    ['player_high_card', 'player_low_card', 'player_natural', 'player_two_card_total']
    """
    given = frozenset(seen)
    return given | {name for name, deciders in DECIDED_BY.items() if deciders <= given}


#: Columns a game's rules declare (``values:``), each hand value's two: ``player_NAME`` and
#: ``banker_NAME`` (``declare_hand_values``).
DECLARED: dict[str, Column] = {}


def hand_value_columns(value: HandValue) -> tuple[CardColumn, CardColumn]:
    """The two columns a hand value gives, the Player's and the Banker's: how many of the
    hand's final cards are of its ranks, or whether all of them are.

    >>> from exact_odds.rules.round import HandValue
    >>> player, _ = hand_value_columns(HandValue("faces", "count", frozenset("JQK")))
    >>> player.name, player.read(RoundCards(RoundBase(0, 0, 3, 3, None, None, None, None),
    ...                                     ("JS", "TD", "KH"), ("2S", "3S", "4S"), None, None))
    ('player_faces', 2)
    """
    ranks, counts = value.ranks, value.kind == "count"
    what = "/".join(r for r in RANK_ORDER if r in ranks)
    found = []
    for mine, hand in enumerate(_HANDS):
        def partial(p: tuple[str, ...], b: tuple[str, ...], mine: int = mine) -> Hashable:
            held = (p, b)[mine]
            return sum(c[0] in ranks for c in held) if counts else all(c[0] in ranks for c in held)

        def final(part: Hashable, p3: str | None, b3: str | None, mine: int = mine) -> object:
            third = (p3, b3)[mine]
            if counts:
                return part + (third is not None and third[0] in ranks)  # type: ignore[operator]
            return bool(part) and (third is None or third[0] in ranks)

        doc = (f"how many cards of the {hand.title()}'s final hand are {what} (a hand value "
               f"the game's rules name '{value.name}')" if counts else
               f"every card of the {hand.title()}'s final hand is {what} (a hand value the "
               f"game's rules name '{value.name}')")
        found.append(CardColumn(f"{hand}_{value.name}", "int" if counts else "bool", doc,
                                partial, final, hands=(hand,), card_key=value.reads,
                                values=tuple(range(4)) if counts else _BOOL, dealt=1,
                                example=f"{hand}_{value.name} {'== 3' if counts else ''}".strip()))
    return found[0], found[1]


def known_column(name: str) -> Column | None:
    """The column called ``name``, of the vocabulary or declared by a game's rules; None if
    there is none."""
    return COLUMNS.get(name) or DECLARED.get(name)


def declare_hand_values(values: tuple[HandValue, ...], where: str) -> None:
    """Make the columns of a game's hand values known to the vocabulary; a name the
    vocabulary or another game's rules already give another meaning is refused."""
    for value in values:
        for col in hand_value_columns(value):
            known = COLUMNS.get(col.name)
            if known is not None:
                raise VocabularyError(f"{where}: hand value {value.name!r} would define column "
                                      f"{col.name}, which the outcome vocabulary already has")
            other = DECLARED.get(col.name)
            if other is not None and other.doc != col.doc:
                raise VocabularyError(f"{where}: hand value {value.name!r}: column {col.name} "
                                      "is already declared differently by another game's rules")
            DECLARED[col.name] = col


class VocabularyError(ExactOddsError, KeyError):
    """A column that the vocabulary does not have."""

    def __str__(self) -> str:
        return str(self.args[0])


def column(name: str) -> Column:
    """The column called ``name``, or a ``VocabularyError`` suggesting the nearest names."""
    found = known_column(name)
    if found is None:
        import difflib

        near = difflib.get_close_matches(name, [*COLUMNS, *DECLARED], n=3)
        hint = f" (did you mean {', '.join(near)}?)" if near else ""
        raise VocabularyError(f"unknown column {name!r}{hint}")
    return found


def unreadable(columns: tuple[str, ...], described: RoundDescription) -> str | None:
    """Why a game of this round cannot read one of these columns (it deals fewer cards
    than the column reads, or has no tableau), or None."""
    for name in columns:
        col = column(name)
        if name in ("player_natural", "banker_natural") and described.draws \
                and not any(described.natural):
            return f"column {name} reads a natural, which the game does not have"
        if col.drawing and not described.draws:
            return (f"column {name} reads the baccarat tableau (naturals, two-card totals, "
                    "third cards), which a game without draws does not have")
        if col.dealt > described.cards:
            return (f"column {name} reads {col.dealt} cards of a hand; the game deals "
                    f"{described.cards}")
    return None


def valued_key(key: Callable[[str], tuple[Hashable, ...]], described: RoundDescription
               ) -> Callable[[str], tuple[Hashable, ...]]:
    """A class key that also tells apart what the round values and ranks a card by (its
    rank, in a game valued by rank; whether it is of the ranks of each hand value the game
    ranks by; the point value is in every key already)."""
    ranked = [value for value in described.values if value.name in described.ranking]
    if described.valuation == "points" and not ranked:
        return key
    if described.valuation == "points":
        return lambda card: (*key(card), *(value.reads(card) for value in ranked))
    return lambda card: (card_rank(card), *key(card))


def read_round(player: tuple[str, ...], banker: tuple[str, ...], columns: Iterable[str],
               described: RoundDescription) -> dict[str, object]:
    """The named columns of a round in which the Player held ``player`` and the Banker
    ``banker`` (cards in the order each hand received them), each read by ``Column.read``.

    >>> from exact_odds.rules import PUNTO_BANCO
    >>> read_round(("9S", "KD"), ("4H", "2C"), ("player_wins", "player_natural"),
    ...            PUNTO_BANCO.round)
    {'player_wins': True, 'player_natural': True}
    """
    first, drawn = (2, True) if described.draws else (described.cards, False)
    p3, b3 = (hand[2] if drawn and len(hand) == 3 else None for hand in (player, banker))
    base = RoundBase(
        described.total(player), described.total(banker), len(player), len(banker),
        described.total(player[:2]) if drawn else None,
        described.total(banker[:2]) if drawn else None,
        None if p3 is None else card_points(p3, "points"),
        None if b3 is None else card_points(b3, "points"))
    if not described.ranks_by_total:
        base = base._replace(order=described.order(player, banker))
    cards = RoundCards(base, player[:first], banker[:first], p3, b3)
    return {name: column(name).read(cards) for name in columns}
