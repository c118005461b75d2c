"""The columns of the outcome vocabulary, every one defined here (``COLUMNS``), and the
columns a game's rules declare for its hand values (``hand_value_columns``).

>>> COLUMNS["banker_total"].kind, COLUMNS["player_pair"].hands
('round', ('player',))
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable
from dataclasses import replace
from typing import Literal

from exact_odds.cards import card_colour, card_rank, card_suit, card_value
from exact_odds.rules.round import NATURALS, RANK_ORDER, HandValue
from exact_odds.vocabulary.model import (
    CardColumn,
    Column,
    DealColumn,
    DType,
    Hand,
    Needs,
    OfDeal,
    RoundBase,
    RoundColumn,
)


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
          names_suits: bool = False, two_cards: bool = False) -> DealColumn:
    return DealColumn(name, dtype, doc, fn, ordered, hands == ("player", "banker"), hands=hands,
                      card_key=card_key, names_suits=names_suits, two_cards=two_cards)


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
          lambda p, b: _pair(p, card_rank), card_key=card_rank, two_cards=True),
    _deal("banker_pair", "bool", "the Banker's first two cards are of the same rank",
          ("banker",), lambda p, b: _pair(b, card_rank), card_key=card_rank, two_cards=True),
    _deal("player_pair_same_colour", "bool",
          "the Player's first two cards are of the same rank and colour", ("player",),
          lambda p, b: _pair(p, card_colour), card_key=lambda c: (card_rank(c), card_colour(c)),
          names_suits=True, two_cards=True),
    _deal("banker_pair_same_colour", "bool",
          "the Banker's first two cards are of the same rank and colour", ("banker",),
          lambda p, b: _pair(b, card_colour), card_key=lambda c: (card_rank(c), card_colour(c)),
          names_suits=True, two_cards=True),
    _deal("player_pair_same_suit", "bool",
          "the Player's first two cards are of the same rank and suit", ("player",),
          lambda p, b: _pair(p, card_suit), card_key=lambda c: c, two_cards=True),
    _deal("banker_pair_same_suit", "bool",
          "the Banker's first two cards are of the same rank and suit", ("banker",),
          lambda p, b: _pair(b, card_suit), card_key=lambda c: c, two_cards=True),
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
                      values=_BOOL, example=f"{hand}_suited and {hand}_cards == 3",
                      two_cards=True)


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


def hand_value_columns(value: HandValue) -> tuple[CardColumn, CardColumn]:
    """The two columns a hand value gives, the Player's and the Banker's: how many of the
    hand's final cards are of its ranks (``_counted``), or whether all of them are.

    >>> from exact_odds.rules.round import HandValue
    >>> from exact_odds.vocabulary.model import RoundBase, RoundCards
    >>> player, _ = hand_value_columns(HandValue("faces", "count", frozenset("JQK")))
    >>> player.name, player.read(RoundCards(RoundBase(0, 0, 3, 3, None, None, None, None),
    ...                                     ("JS", "TD", "KH"), ("2S", "3S", "4S"), None, None))
    ('player_faces', 2)
    """
    ranks = "/".join(r for r in RANK_ORDER if r in value.ranks)
    named = f"(a hand value the game's rules name '{value.name}')"
    if value.kind == "count":
        return (_counted("player", value.name, value.reads, value.reads, f"how many {ranks} "
                         + named, "NAME == 3"),
                _counted("banker", value.name, value.reads, value.reads, f"how many {ranks} "
                         + named, "NAME == 3"))
    found = []
    for mine, hand in enumerate(_HANDS):
        def partial(p: tuple[str, ...], b: tuple[str, ...], mine: int = mine) -> Hashable:
            return all(map(value.reads, (p, b)[mine]))

        def final(part: Hashable, p3: str | None, b3: str | None, mine: int = mine) -> object:
            third = (p3, b3)[mine]
            return bool(part) and (third is None or value.reads(third))

        found.append(CardColumn(f"{hand}_{value.name}", "bool", f"every card of the "
                                f"{hand.title()}'s final hand is {ranks} {named}", partial, final,
                                hands=(hand,), card_key=value.reads, values=_BOOL, dealt=1,
                                example=f"{hand}_{value.name}"))
    return found[0], found[1]
