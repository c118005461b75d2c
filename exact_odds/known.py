"""What is known of a round's cards by their place: the card at a position is one of some
ranks (a card seen, a sorted card's group), or its class is kept in each outcome's key, to
be summed later by what a bettor sees.

Position k is the k-th card out of the shoe from the start of the round, in the game's deal
order (``RoundDescription.position`` and ``positions``): in punto banco 1 the Player's
first card, 2 the Banker's first, 3 and 4 their second cards, 5 and 6 the next two, dealt
as third cards where the rules draw; a card the round does not reach still lies at its
place. Every count is over the ordered six-card sequences that agree with what is known:
the enumerator (``engine/positions.py``) deals a known position only the classes of its
ranks and fills the places a round leaves from the cards that agree; the compiled tables
(``compiled.py``: ``known_counts``; where each key shows a position's class, and where
the enumerator does not count: ``enumerator.enumerates``) keep the class sequences that
agree, and deal a known card the round does not reach as a card of the sequence, its class
restricted, rather than leave it to the positions filled at random.

>>> from exact_odds.shoe import Shoe
>>> seen = Known(((1, frozenset("9")),))
>>> agreeing_sequences(Shoe.from_decks(8), seen) == 32 * 415 * 414 * 413 * 412 * 411
True
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from math import perm, prod
from typing import TYPE_CHECKING

from exact_odds.cards import DECK, RANKS, named_ranks
from exact_odds.errors import ExactOddsError, input_name, quoted
from exact_odds.numbers import comma_items
from exact_odds.rules.round import MOST_CARDS

if TYPE_CHECKING:
    import numpy as np

    from exact_odds.rules.round import RoundDescription
    from exact_odds.shoe import Shoe


class KnownError(ExactOddsError, ValueError):
    """Knowledge that cannot be read or cannot hold: a position past the round's cards, a
    word that is not a rank, a card no sequence of the shoe can show."""


#: The ranks known at a position, as the option writes them (``T`` for ten).
Ranks = frozenset[str]


@dataclass(frozen=True)
class Known:
    """What is known of a round's cards: ``cards``, the ranks the card at each position is
    one of (positions in order, each once); ``groups``, sets of ranks the classes must not
    straddle (a sort's High ranks); ``shown``, positions whose card each outcome's key ends
    with, in this order: the index of its group (``len(groups)`` for a card in none), or
    without groups its class's index in the table's partition."""

    cards: tuple[tuple[int, Ranks], ...] = ()
    shown: tuple[int, ...] = ()
    groups: tuple[Ranks, ...] = ()

    def __bool__(self) -> bool:
        return bool(self.cards or self.shown or self.groups)

    @property
    def positions(self) -> frozenset[int]:
        """Every position known or shown."""
        return frozenset(p for p, _ in self.cards) | frozenset(self.shown)

    def refine(self, key: Callable[[str], tuple[Hashable, ...]]
               ) -> Callable[[str], tuple[Hashable, ...]]:
        """``key`` fine enough that each set of known ranks (and each group) is a union of
        classes."""
        sets = tuple(dict.fromkeys([ranks for _, ranks in self.cards] + list(self.groups)))
        if not sets:
            return key
        return lambda card: (*key(card), *(card[0] in ranks for ranks in sets))

    def allowed(self, reps: Sequence[str], position: int,
                classes: Sequence[Sequence[str]] = ()) -> list[bool] | None:
        """Whether each class (given by a card of it) agrees with what is known at
        ``position``: is of its known ranks; None where nothing is known there.
        ``classes``: each class's cards, where given, checked to lie wholly inside the known
        ranks or wholly outside (``refine`` builds the classes so)."""
        ranks = dict(self.cards).get(position)
        if ranks is None:
            return None
        assert all(len({card[0] in ranks for card in cards}) == 1 for cards in classes), \
            "the partition straddles the known ranks"
        return [card[0] in ranks for card in reps]

    def shown_digits(self, partition: Sequence[Sequence[str]]) -> np.ndarray:
        """What a position shown shows of each class of ``partition``: its group's index, or
        the class's own index where there are no groups."""
        import numpy as np

        if not self.groups:
            return np.arange(max(len(partition), 1), dtype=np.int64)
        return np.array([next((g for g, ranks in enumerate(self.groups) if cards[0][0] in ranks),
                              len(self.groups)) for cards in partition], dtype=np.int64)

    def lines(self, described: RoundDescription) -> list[str]:
        """What is known, one line a position, in words."""
        return [f"position {position} ({described.positions[position - 1]}) is "
                f"{' or '.join(rank_words(ranks))}" for position, ranks in self.cards]

    def to_data(self) -> dict[str, list[str]]:
        """The known cards as data: position (as text) -> its ranks, in rank order."""
        return {str(position): rank_words(ranks) for position, ranks in self.cards}


#: Nothing known.
NOTHING = Known()

#: Cards known as a caller gives them: positions to ranks (``{1: "9"}``, ``{5: ["8", "9"]}``),
#: the command line's pairs of a position and its ranks, or a ``Known``.
KnownCards = (Mapping[int, "str | Sequence[str]"] | Sequence[tuple[int, Ranks]] | Known | None)


def rank_words(ranks: Ranks) -> list[str]:
    """Ranks in rank order, as written (``T`` for ten)."""
    return [rank for rank in RANKS if rank in ranks]


def parse_known_option(value: object, what: str) -> tuple[int, Ranks]:
    """One ``--known POSITION=RANKS``: a position (a whole number from 1 to the most cards a
    round deals, ``MOST_CARDS``: each game checks its own, ``known_cards``) and the ranks the
    card there is one of, comma-separated (``A``, ``2``-``10``, ``J``, ``Q``, ``K``; ``T``
    for ten; ``0`` every ten-valued card).

    >>> position, ranks = parse_known_option("1=9,10", "--known")
    >>> position, rank_words(ranks)
    (1, ['9', 'T'])
    >>> parse_known_option("7=9", "--known")
    Traceback (most recent call last):
    ...
    exact_odds.known.KnownError: --known: position 7 is past the cards a round deals (1 to 6)
    """
    if not isinstance(value, str):
        raise KnownError(f"{what}: give POSITION=RANKS as text, e.g. 1=9, not {quoted(value, 40)}")
    position, sep, words = value.partition("=")
    if not sep:
        raise KnownError(f"{what}: {quoted(value, 40)} is not POSITION=RANKS (e.g. 1=9 or 5=8,9)")
    return _position(position.strip(), what, MOST_CARDS), _ranks(words, what)


def _position(text: object, what: str, most: int) -> int:
    digits = str(text).strip()
    if isinstance(text, bool) or not (digits.isascii() and digits.isdigit()) or len(digits) > 3:
        raise KnownError(f"{what}: the position {quoted(text, 20)} is not a whole number "
                         f"from 1 to {most}")
    position = int(digits)
    if position < 1:
        raise KnownError(f"{what}: the position {position} is not a whole number from 1 to "
                         f"{most}: the first card out is 1")
    if position > most:
        raise KnownError(f"{what}: position {position} is past the cards a round deals "
                         f"(1 to {most})")
    return position


def parse_positions(value: object, what: str, most: int = MOST_CARDS) -> tuple[int, ...]:
    """Positions a bettor sees: ``"1-4"``, ``"1,3"``, ``"5"``, or whole numbers, each
    from 1 to ``most``; in order, each once.

    >>> parse_positions("1-4", "--cards"), parse_positions("3,1", "--cards"), parse_positions([5], "x")
    ((1, 2, 3, 4), (1, 3), (5,))
    """
    if isinstance(value, int) and not isinstance(value, bool):
        value = [value]
    if isinstance(value, (list, tuple)):
        items: list[object] = list(value)
    elif isinstance(value, str):
        items = list(comma_items(value, what, "1-4 or 1,3", KnownError))
    else:
        raise KnownError(f"{what}: give positions as 1-4 or 1,3, not {quoted(value, 40)}")
    found: set[int] = set()
    for item in items:
        first, dash, last = str(item).partition("-") if isinstance(item, str) else (item, "", "")
        low = _position(first or item, what, most)
        high = _position(last or item, what, most) if dash else low
        if high < low:
            raise KnownError(f"{what}: {quoted(item, 20)} runs backwards: write {high}-{low}")
        found.update(range(low, high + 1))
    if not found:
        raise KnownError(f"{what}: give at least one position, e.g. 1-4")
    return tuple(sorted(found))


def parse_ranks(words: object, what: str) -> Ranks:
    """Ranks as the options write them: ``"6,7,8,9"`` or a list of rank words.

    >>> rank_words(parse_ranks("6,7,8,9", "--sort"))
    ['6', '7', '8', '9']
    """
    return _ranks(words, what)


def _ranks(words: object, what: str) -> Ranks:
    if isinstance(words, int) and not isinstance(words, bool):  # {1: 9} from Python
        words = str(words)
    if isinstance(words, str):
        items = comma_items(words, what, "9 or 8,9 or T,J,Q,K", KnownError)
    elif isinstance(words, (list, tuple, set, frozenset)):
        items = [str(word) for word in words]
        if not items:
            raise KnownError(f"{what}: give at least one rank, e.g. 9")
    else:
        raise KnownError(f"{what}: give ranks as text, e.g. '9' or '8,9', not {quoted(words, 40)}")
    found: set[str] = set()
    for item in items:
        ranks = named_ranks(item)
        if ranks is None:
            raise KnownError(f"{what}: {quoted(item, 20)} is not a rank (ranks are A, 2-10, J, "
                             "Q, K; T for ten)")
        found.update(ranks)
    return frozenset(found)


def known_cards(given: KnownCards, described: RoundDescription, name: str = "known") -> Known:
    """What is known, checked against a game's round: a mapping of positions to ranks (from
    Python, ``{1: "9"}`` or ``{5: ["8", "9"]}``), or the command line's pairs
    (``parse_known_option``); a position past the cards the round deals, or given twice, is
    refused naming ``name`` (``--known`` on the command line).

    >>> from exact_odds.rules.loader import load_rules
    >>> known_cards({1: "9"}, load_rules("punto-banco").round).cards
    ((1, frozenset({'9'})),)
    >>> known_cards({3: "9"}, load_rules("dragon-tiger").round)
    Traceback (most recent call last):
    ...
    exact_odds.known.KnownError: known: position 3 is past the cards a round of this ...
    """
    if given is None:
        return NOTHING
    if isinstance(given, Known):
        pairs: list[tuple[object, object]] = list(given.cards)
    elif isinstance(given, Mapping):
        pairs = list(given.items())
    elif isinstance(given, (list, tuple)):
        pairs = list(given)
        for pair in pairs:
            if not isinstance(pair, (list, tuple)) or len(pair) != 2:
                raise KnownError(f"{input_name(name)}: give a mapping of positions to ranks, "
                                 f"e.g. {{1: '9'}}, or (position, ranks) pairs, not "
                                 f"{quoted(pair, 40)}")
    else:
        raise KnownError(f"{input_name(name)}: give a mapping of positions to ranks, "
                         f"e.g. {{1: '9'}}, not {quoted(given, 40)}")
    what = input_name(name)
    most = described.most_cards
    found: dict[int, Ranks] = {}
    for position, ranks in pairs:
        if isinstance(position, bool) or not isinstance(position, (int, str)):
            raise KnownError(f"{what}: the position {quoted(position, 20)} is not a whole number "
                             f"from 1 to {most}")
        at = _position(position, what, MOST_CARDS)
        if at > most:
            raise KnownError(f"{what}: position {at} is past the cards a round of this game "
                             f"deals (1 to {most})")
        if at in found:
            raise KnownError(f"{what}: position {at} is given twice")
        found[at] = ranks if isinstance(ranks, frozenset) else _ranks(ranks, what)
    return Known(tuple(sorted(found.items())))


def check_agrees(shoe: Shoe, known: Known, name: str = "known") -> None:
    """Refuse knowledge that no sequence of the shoe agrees with (a nine where the shoe has
    none; the shoe's one king known at two positions), naming ``name``."""
    if known.cards and not agreeing_sequences(shoe, known):
        said = "; ".join(f"position {p} is {' or '.join(rank_words(r))}" for p, r in known.cards)
        raise KnownError(f"{input_name(name)}: no round dealt from {shoe.describe()} agrees "
                         f"with what is known ({said})")


def agreeing_sequences(shoe: Shoe, known: Known) -> int:
    """The ordered six-card sequences of the shoe whose card at each known position is of
    its ranks (each card put back, for the infinite deck): the cards at the known positions
    chosen first, distinct, then the other positions filled from what is left."""
    counts = tuple(sum(shoe.count(card) for card in DECK if card[0] == rank) for rank in RANKS)
    sets = tuple(tuple(RANKS.index(rank) for rank in rank_words(ranks))
                 for _, ranks in known.cards)
    free = MOST_CARDS - len(sets)
    if shoe.replacement:
        return int(prod(sum(counts[r] for r in ranks) for ranks in sets) * shoe.size ** free)
    rest = shoe.size - len(sets)
    return _distinct(counts, sets) * (perm(rest, free) if rest >= 0 else 0)


@lru_cache(maxsize=256)
def _distinct(counts: tuple[int, ...], sets: tuple[tuple[int, ...], ...]) -> int:
    """The ways to choose a distinct card of its ranks for each set in turn."""
    if not sets:
        return 1
    first, rest = sets[0], sets[1:]
    total: int = 0
    for rank in first:
        if counts[rank]:
            left = counts[:rank] + (counts[rank] - 1,) + counts[rank + 1:]
            total += counts[rank] * _distinct(left, rest)
    return total
