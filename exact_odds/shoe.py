"""The shoe: how many of each of the 52 cards it holds.

A shoe is any composition: whole decks, or whole decks with some cards removed, or a
count for each card. The enumerator never looks at cards one by one; it asks the shoe to
group its cards into *classes* (all cards of a class look alike to the columns being
computed) and works on the class counts.

>>> shoe = Shoe.from_decks(8)
>>> shoe.size, shoe.count("9D")
(416, 8)
>>> shoe.remove(["9D", "9D"]).count("9D")
6
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path

from exact_odds.cards import DECK, RANKS, SUITS, card_value, parse_card
from exact_odds.errors import ExactOddsError, check_texts, check_type, quoted, shown
from exact_odds.limits import MAX_DECKS

#: Cards needed to finish any round of baccarat: two hands of at most three cards. Every
#: count of the program is of the shoe's ordered sequences of this many cards, whatever a
#: game's round deals (the same unit for every game: ``engine.enumerator.total_sequences``).
CARDS_PER_ROUND = 6

#: What ``--decks`` and a shoe's ``decks`` say for the infinite deck (``Shoe.infinite``).
INFINITE = "infinite"


def too_few_cards(size: int) -> str:
    """Why a shoe of ``size`` cards (fewer than ``CARDS_PER_ROUND``) is refused, true of
    every game: it is not that a round needs them (Dragon Tiger's deals two), but that every
    figure counts the shoe's ordered sequences of ``CARDS_PER_ROUND`` cards."""
    return (f"a shoe of {size} cards cannot be counted: exact-odds counts the shoe's ordered "
            f"sequences of {CARDS_PER_ROUND} cards (the most a round of baccarat deals) for "
            f"every game, so a shoe holds at least {CARDS_PER_ROUND}")


class ShoeError(ExactOddsError, ValueError):
    """An impossible shoe: a negative count, an unknown card, or too few cards."""


@dataclass(frozen=True)
class CardClass:
    """Cards that look alike to the requested columns: a count and a representative card."""

    key: Hashable
    count: int
    card: str  # a representative: every card of the class shares what the columns read

    @property
    def value(self) -> int:
        return card_value(self.card)


@dataclass(frozen=True)
class Shoe:
    """A finite shoe: ``counts[i]`` copies of ``DECK[i]``; or, with ``replacement``, the
    textbook infinite deck (``Shoe.infinite``): every card dealt from one deck and put back,
    so that a 0 comes with probability 4/13 and each of 1-9 with 1/13, whatever came before."""

    counts: tuple[int, ...]
    replacement: bool = False

    def __post_init__(self) -> None:
        if not isinstance(self.counts, tuple):
            if isinstance(self.counts, (str, bytes, Mapping)) or not isinstance(
                    self.counts, Iterable):
                raise ShoeError(f"counts: {shown(repr(self.counts), 40)} is not 52 counts, one "
                                "per card (Shoe.from_counts takes a mapping of cards)")
            object.__setattr__(self, "counts", tuple(self.counts))
        if len(self.counts) != len(DECK):
            raise ShoeError(f"a shoe needs a count for each of the 52 cards, got {len(self.counts)}")
        for card, count in zip(DECK, self.counts):
            if not isinstance(count, int) or isinstance(count, bool):
                raise ShoeError(f"the count of {card} must be a whole number, got {quoted(count, 40)}")
            if count < 0:
                raise ShoeError(f"the count of {card} is negative ({count})")
            if count > MAX_DECKS:
                raise ShoeError(f"the count of {card} is more than the limit of {MAX_DECKS:,} "
                                "(a shoe holds at most a million decks)")
        if self.size < CARDS_PER_ROUND:
            raise ShoeError(too_few_cards(self.size))

    @classmethod
    def from_decks(cls, decks: int) -> Shoe:
        """``decks`` standard 52-card decks, no jokers."""
        check_type(decks, int, "decks", "a whole number of decks")
        if decks < 1:
            raise ShoeError(
                f"the number of decks must be a whole number of at least 1, got {quoted(decks, 40)}")
        if decks > MAX_DECKS:
            raise ShoeError(f"the number of decks is more than the limit of {MAX_DECKS:,}")
        return cls((decks,) * len(DECK))

    @classmethod
    def infinite(cls) -> Shoe:
        """The infinite deck: one deck's cards, each dealt with replacement.

        >>> Shoe.infinite().describe()
        'an infinite deck (cards dealt with replacement)'
        """
        return cls((1,) * len(DECK), replacement=True)

    @classmethod
    def from_counts(cls, counts: Mapping[str, int], *, default: int = 0) -> Shoe:
        """A shoe from a count for each card (``{"9D": 3, "KH": 8, ...}``).

        Cards not named get ``default`` copies.
        """
        check_type(counts, Mapping, "counts", "a mapping of cards to counts ({'9D': 3})")
        table = dict.fromkeys(DECK, default)
        named: set[str] = set()
        for text, count in counts.items():
            try:
                card = parse_card(text)
            except ValueError as error:
                raise ShoeError(str(error)) from None
            if card in named:
                raise ShoeError(f"{card} is given a count twice ({quoted(text, 40)})")
            named.add(card)
            table[card] = count
        return cls(tuple(table[card] for card in DECK))

    @property
    def size(self) -> int:
        """The number of cards in the shoe."""
        return sum(self.counts)

    @property
    def decks(self) -> int | None:
        """The number of decks if the shoe is whole decks, else ``None`` (the infinite deck
        too)."""
        if self.replacement:
            return None
        first = self.counts[0]
        return first if all(count == first for count in self.counts) else None

    def count(self, card: str) -> int:
        """How many copies of ``card`` the shoe holds."""
        check_type(card, str, "card", "a card as text ('9D')")
        try:
            return self.counts[DECK.index(parse_card(card))]
        except ValueError as error:
            raise ShoeError(str(error)) from None

    def remove(self, cards: Iterable[str] | str) -> Shoe:
        """The shoe after the given cards have been dealt out of it (a list of cards, or
        one string of cards as ``--remove`` takes them: ``"9D,9H KS"``)."""
        if isinstance(cards, str):
            cards = cards.replace(",", " ").split()
        cards = check_texts(cards, "cards", "a list of cards (or one string of them)",
                            "cards as text ('9D')", (Iterable,))
        if self.replacement:
            if cards:
                raise ShoeError("an infinite deck deals every card with replacement: no card "
                                "can be removed from it")
            return self
        counts = list(self.counts)
        for text in cards:
            try:
                card = parse_card(text)
            except ValueError as error:
                raise ShoeError(str(error)) from None
            index = DECK.index(card)
            if counts[index] == 0:
                raise ShoeError(f"cannot remove {card}: the shoe has none left")
            counts[index] -= 1
        return Shoe(tuple(counts))

    def suits_renamed(self) -> Shoe:
        """The shoe with its suits renamed into one order (by their counts of each rank):
        two shoes that differ only by a renaming of the suits give the same shoe.

        >>> eight = Shoe.from_decks(8)
        >>> eight.remove(["KH"]).suits_renamed() == eight.remove(["KS"]).suits_renamed()
        True
        >>> eight.remove(["KH"]).suits_renamed() == eight.remove(["QH"]).suits_renamed()
        False
        """
        suits = len(SUITS)
        by_suit = sorted(self.counts[s::suits] for s in range(suits))
        return Shoe(tuple(by_suit[s][r] for r in range(len(RANKS)) for s in range(suits)))

    def classes(self, key: Callable[[str], Hashable]) -> tuple[CardClass, ...]:
        """Group the cards of the shoe into classes by ``key(card)``; empty classes are dropped.

        Classes are ordered by point value, then by first appearance in the deck.
        """
        counts: dict[Hashable, int] = {}
        cards: dict[Hashable, str] = {}
        for card, count in zip(DECK, self.counts):
            k = key(card)
            counts[k] = counts.get(k, 0) + count
            cards.setdefault(k, card)
        found = [CardClass(k, counts[k], cards[k]) for k in counts if counts[k] > 0]
        found.sort(key=lambda c: card_value(c.card))
        return tuple(found)

    def value_counts(self) -> tuple[int, ...]:
        """How many cards of each point value 0-9 the shoe holds."""
        totals = [0] * 10
        for card, count in zip(DECK, self.counts):
            totals[card_value(card)] += count
        return tuple(totals)

    def as_removed(self) -> tuple[int, tuple[str, ...]] | None:
        """The shoe as whole decks less some cards, ``(decks, removed)``, when at most 52
        cards are missing from ``max(counts)`` decks; ``None`` otherwise.

        >>> Shoe.from_decks(8).remove(["9D", "KS", "9D"]).as_removed()
        (8, ('9D', '9D', 'KS'))
        """
        if self.replacement:
            return None
        decks = max(self.counts)
        missing = sum(decks - count for count in self.counts)
        if missing > len(DECK):
            return None
        removed = tuple(card for card, count in zip(DECK, self.counts)
                        for _ in range(decks - count))
        return decks, removed

    def spec(self) -> dict[str, object]:
        """The shoe as a shoe file's fields (``decks``, ``remove`` or ``counts``): reading
        them back gives this shoe exactly.

        >>> Shoe.from_decks(8).remove(["9D"]).spec()
        {'decks': 8, 'remove': ['9D']}
        """
        if self.replacement:
            return {"decks": INFINITE}
        whole = self.as_removed()
        if whole is not None:
            decks, removed = whole
            return {"decks": decks, "remove": list(removed)} if removed else {"decks": decks}
        return {"decks": 0, "counts": {card: count for card, count in zip(DECK, self.counts)
                                       if count}}

    def describe(self) -> str:
        """What the shoe is, exactly, with its size: ``"8 decks (416 cards)"``,
        ``"8 decks less 9D x2, KS (413 cards)"``, or every count of a custom shoe.

        >>> Shoe.from_decks(8).remove(["9D", "KS", "9D"]).describe()
        '8 decks less 9D x2, KS (413 cards)'
        """
        if self.replacement:
            return "an infinite deck (cards dealt with replacement)"
        whole = self.as_removed()
        if whole is not None:
            decks, removed = whole
            text = f"{decks} deck" + ("s" if decks != 1 else "")
            if removed:
                seen: dict[str, int] = {}
                for card in removed:
                    seen[card] = seen.get(card, 0) + 1
                text += " less " + ", ".join(card if n == 1 else f"{card} x{n}"
                                             for card, n in seen.items())
            return f"{text} ({self.size:,} cards)"
        listed = ", ".join(f"{card} {count}" for card, count in zip(DECK, self.counts) if count)
        return f"a shoe of {self.size:,} cards: {listed}"


def parse_decks(text: str | int, what: str, infinite: bool = False) -> int | str:
    """A number of decks, 1 to ``MAX_DECKS``; or, where the command takes it
    (``infinite``), ``infinite``: the textbook model, each card dealt with replacement.

    >>> parse_decks("6", "--decks"), parse_decks("infinite", "--decks", True)
    (6, 'infinite')
    """
    from exact_odds.numbers import parse_count

    if isinstance(text, str) and text.strip().lower() == INFINITE:
        if not infinite:
            raise ShoeError(f"{what}: infinite (cards dealt with replacement) is taken by "
                            "exact-odds report and strategy; this command deals a finite shoe")
        return INFINITE
    return parse_count(text, what, MAX_DECKS)


SHOE_FIELDS = ("decks", "counts", "remove")


def load_shoe(path: str | Path) -> Shoe:
    """Read a shoe file (YAML)::

        decks: 8            # whole decks to start from (default 0 if counts are given)
        counts: {9D: 0}     # explicit counts for some cards
        remove: [9H, KS]    # cards already dealt

    or ``decks: infinite`` alone (``Shoe.infinite``, as ``spec`` writes it). Errors name the
    file and the field.
    """
    from exact_odds.files import InputFileError, read_yaml

    check_type(path, (str, Path), "path", "a shoe file's path")
    path = Path(path)
    try:
        data = read_yaml(path)  # a regular file of at most 1,000,000 bytes
    except InputFileError as error:
        raise ShoeError(str(error)) from None
    if not isinstance(data, dict) or not data:
        raise ShoeError(f"{path}: a shoe file is a mapping with decks, counts and/or remove")
    unknown = [key for key in data if key not in SHOE_FIELDS]
    if unknown:
        raise ShoeError(f"{path}: unknown field {quoted(unknown[0], 40)}; a shoe file has "
                        "decks, counts and/or remove")
    try:
        decks = data.get("decks", 0 if "counts" in data else None)
        if decks is None:
            raise ShoeError("give decks or counts")
        if decks == INFINITE:  # as spec() writes it: every card put back once dealt
            if set(data) != {"decks"}:
                raise ShoeError(f"field 'decks' is {INFINITE}: every card is put back once "
                                "dealt, so the shoe takes no counts and no cards removed")
            return Shoe.infinite()
        if isinstance(decks, bool) or not isinstance(decks, int) or decks < 0:
            raise ShoeError(f"field 'decks' must be a whole number, got {quoted(decks, 40)}")
        if decks > MAX_DECKS:
            raise ShoeError(f"field 'decks' is more than the limit of {MAX_DECKS:,}")
        counts = data.get("counts", {})
        if not isinstance(counts, dict):
            raise ShoeError("field 'counts' must map cards to counts, e.g. {9D: 0}")
        try:
            shoe = Shoe.from_counts(counts, default=decks)
        except ShoeError as error:
            raise ShoeError(f"field 'counts': {error}") from None
        remove = data.get("remove", [])
        if not isinstance(remove, list):
            raise ShoeError("field 'remove' must be a list of cards")
        try:
            return shoe.remove(str(card) for card in remove)
        except ShoeError as error:
            raise ShoeError(f"field 'remove': {error}") from None
    except (ShoeError, InputFileError) as error:
        raise ShoeError(f"{path}: {error}") from None
