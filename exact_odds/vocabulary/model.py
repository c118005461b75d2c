"""The outcome vocabulary's model: a round as the columns read it (``RoundBase``,
``RoundCards``) and the three kinds of column (``RoundColumn``, ``DealColumn``,
``CardColumn``)."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Hashable
from dataclasses import KW_ONLY, dataclass
from typing import ClassVar, Literal, NamedTuple

from exact_odds.cards import card_value
from exact_odds.errors import ExactOddsError


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
    # reads a hand of exactly two first cards (a pair, two suited cards): a game that deals
    # each hand another number of cards at once cannot settle a bet on it
    two_cards: bool = False

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


class VocabularyError(ExactOddsError, KeyError):
    """A column that the vocabulary does not have."""

    def __str__(self) -> str:
        return str(self.args[0])
