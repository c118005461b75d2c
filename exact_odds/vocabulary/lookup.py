"""Finding a column: the vocabulary's and those a game's rules declare, what a game's round
can read, the classes a game's valuation needs, and a round read from its cards."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable

from exact_odds.cards import card_rank
from exact_odds.rules.round import HandValue, RoundDescription, card_points
from exact_odds.vocabulary.columns import COLUMNS, hand_value_columns
from exact_odds.vocabulary.model import Column, RoundBase, RoundCards, VocabularyError

#: Columns a game's rules declare (``values:``), each hand value's two: ``player_NAME`` and
#: ``banker_NAME`` (``declare_hand_values``).
DECLARED: dict[str, Column] = {}


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
        if col.two_cards and described.cards != 2:
            return (f"column {name} reads a hand of two cards; the game deals "
                    f"{described.cards}")
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
