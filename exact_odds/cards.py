"""Cards: the 52 cards of a standard deck, their point values, suits and colours.

A card is written as its rank followed by its suit: ``"9D"`` is the nine of diamonds,
``"TS"`` (or ``"10S"``) the ten of spades, ``"KH"`` the king of hearts.

>>> card_value("KH"), card_value("9D"), card_value("AS")
(0, 9, 1)
>>> parse_card("10s")
'TS'
"""

from __future__ import annotations

from exact_odds.errors import quoted

RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K")
SUITS = ("S", "H", "D", "C")
RED_SUITS = frozenset({"H", "D"})
SUIT_SYMBOLS = {"♠": "S", "♥": "H", "♦": "D", "♣": "C"}

#: The 52 cards of one deck, in rank-major order.
DECK: tuple[str, ...] = tuple(rank + suit for rank in RANKS for suit in SUITS)

_POINT_VALUE = {rank: (index + 1) % 10 if index < 9 else 0 for index, rank in enumerate(RANKS)}


def card_rank(card: str) -> str:
    """The rank of a card: one of ``A 2 3 4 5 6 7 8 9 T J Q K``."""
    return card[0]


def card_suit(card: str) -> str:
    """The suit of a card: one of ``S H D C``."""
    return card[1]


def card_value(card: str) -> int:
    """Baccarat point value: aces 1, two to nine face value, tens and pictures 0."""
    return _POINT_VALUE[card[0]]


def card_colour(card: str) -> str:
    """``"red"`` for hearts and diamonds, ``"black"`` for spades and clubs."""
    return "red" if card[1] in RED_SUITS else "black"


def parse_card(text: str) -> str:
    """Read a card written by a person (``"9d"``, ``"10♠"``, ``"Kh"``) as a canonical card.

    Raises ``ValueError`` naming what is wrong.
    """
    raw = str(text).strip()
    if len(raw) < 2:
        raise ValueError(f"{quoted(text, 40)} is not a card: write a rank and a suit, like 9D or TS")
    rank, suit = raw[:-1].upper(), raw[-1]
    suit = SUIT_SYMBOLS.get(suit, suit.upper())
    if rank == "10":
        rank = "T"
    if rank == "1":
        rank = "A"
    if rank not in RANKS or suit not in SUITS:
        raise ValueError(
            f"{quoted(text, 40)} is not a card: ranks are A 2-9 T J Q K (or 10), suits S H D C"
        )
    return rank + suit


def named_ranks(word: str) -> tuple[str, ...] | None:
    """The ranks a person's word names: ``A`` (or ``1``), ``2``-``9``, ``T`` (or ``10``), ``J``,
    ``Q``, ``K`` (either case), or ``0`` for every ten-valued card; None for anything else.

    >>> named_ranks("10"), named_ranks("q"), named_ranks("0"), named_ranks("11")
    (('T',), ('Q',), ('T', 'J', 'Q', 'K'), None)
    """
    key = str(word).strip().upper()
    if key == "0":
        return ("T", "J", "Q", "K")
    key = {"10": "T", "1": "A"}.get(key, key)
    return (key,) if key in RANKS else None
