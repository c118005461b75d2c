"""Card counting: tags, the running count of the cards seen, and the true count.

A count is a tag for each rank: ``6=-3,7=1,8=1,9=1`` (keys ``A``, ``2``-``9``, ``T``, ``J``,
``Q``, ``K``, or ``0`` for every ten-valued card; unlisted ranks count 0). The running count
adds the tag of every card seen (dealt, or exposed by the burn; burned cards are unseen);
the true count is the running count per deck unseen. A unit is bet when the true count is
at least the threshold.

``eor`` (or ``eor:K``) derives each bet's tags from its exact effects of removal by rank for
the starting shoe, scaled so the largest tag is ``K`` (4 unless given) and rounded to whole
numbers: a card whose removal raises the bet's expected value gets a positive tag.

>>> parse_tags("6=-3,7=1,8=1,9=1")
(0, 0, 0, 0, 0, -3, 1, 1, 1, 0, 0, 0, 0)
>>> parse_tags("0=-1")[9:]
(-1, -1, -1, -1)
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from fractions import Fraction

import numpy as np

from exact_odds.cards import DECK, RANKS, card_rank, named_ranks
from exact_odds.errors import ExactOddsError, quoted, shown
from exact_odds.limits import MAX_TAG
from exact_odds.numbers import comma_items

#: The largest tag of a count derived from the effects of removal, unless ``eor:K`` says.
EOR_SCALE = 4

RankTags = tuple[int, ...]  # one tag per rank, in RANKS order


class CountError(ExactOddsError, ValueError):
    """A count that cannot be read: an unknown rank, a tag that is not a whole number."""


def parse_tags(text: str, what: str = "--tags") -> RankTags:
    """Tags per rank from ``RANK=TAG`` pairs separated by commas; a tag is a whole number
    from ``-MAX_TAG`` to ``MAX_TAG``; ``what`` names the option or argument in errors."""
    if not isinstance(text, str):
        raise CountError(f"{what}: {text!r} is not RANK=TAG pairs (e.g. '6=-3,7=1') or eor")
    tags = dict.fromkeys(RANKS, 0)
    given: set[str] = set()
    for part in comma_items(text, what, "6=-3,7=1,8=1,9=1", CountError):
        key, sep, value = part.partition("=")
        key = key.strip().upper()
        if not sep:
            raise CountError(f"{what}: {quoted(part, 40)} is not RANK=TAG (e.g. 6=-3)")
        ranks = _ranks(key, what)
        tag = _tag(value.strip(), key, what)
        for rank in ranks:
            if rank in given:
                raise CountError(f"{what}: rank {rank} is given a tag twice")
            given.add(rank)
            tags[rank] = tag
    return tuple(tags[rank] for rank in RANKS)


def _tag(text: str, key: str, what: str) -> int:
    sign = text[:1] if text[:1] in "+-" else ""
    digits = text[len(sign):]
    if not (digits.isascii() and digits.isdigit()):
        raise CountError(f"{what}: the tag of {shown(key, 10)} must be a whole number, got "
                         f"{quoted(text, 40)}")
    if len(digits.lstrip("0")) > len(str(MAX_TAG)) or int(digits) > MAX_TAG:
        raise CountError(f"{what}: the tag of {shown(key, 10)}, {quoted(text, 40)}, is beyond "
                         f"the limit of {MAX_TAG:,} either way")
    return int(sign + digits)


def _ranks(key: str, what: str = "--tags") -> tuple[str, ...]:
    ranks = named_ranks(key)
    if ranks is not None:
        return ranks
    raise CountError(f"{what}: unknown rank {quoted(key, 20)} (ranks are A, 2-9, T, J, Q, K, "
                     "or 0 for every ten-valued card)")


def eor_scale(text: str, what: str = "--tags") -> int | None:
    """``K`` for ``eor:K`` (``EOR_SCALE`` for ``eor``; K from 1 to ``MAX_TAG``), ``None``
    for explicit tags."""
    if not isinstance(text, str):
        raise CountError(f"{what}: {text!r} is not RANK=TAG pairs (e.g. '6=-3,7=1') or eor")
    word = text.strip().lower()
    if word == "eor":
        return EOR_SCALE
    if word.startswith("eor:"):
        scale = word[4:].strip()
        if (not (scale.isascii() and scale.isdigit()) or len(scale) > len(str(MAX_TAG))
                or not 1 <= int(scale) <= MAX_TAG):
            raise CountError(f"{what}: eor:K needs K a whole number from 1 to {MAX_TAG:,}, "
                             f"got {quoted(scale, 30)}")
        return int(scale)
    return None


def parse_threshold(value: object, what: str = "--threshold") -> Fraction:
    """The true count a unit is bet at: any number as written (``2``, ``-1.5``, ``1/2``,
    ``1e-6``) within the limits on numbers (``exact_odds.numbers``), compared exactly."""
    from exact_odds.errors import LimitError
    from exact_odds.numbers import parse_exact

    try:
        return parse_exact(value, what)
    except LimitError as error:
        raise CountError(str(error)) from None


def tags_from_effects(effects: Mapping[str, Fraction], scale: int = EOR_SCALE) -> RankTags:
    """Whole-number tags from effects of removal by rank: ``effect / largest * scale``,
    rounded half away from zero.

    >>> tags_from_effects({"A": Fraction(1, 100), "2": Fraction(-1, 40)}, 4)[:3]
    (2, -4, 0)
    """
    largest = max((abs(e) for e in effects.values()), default=Fraction(0))
    if largest == 0:
        return (0,) * len(RANKS)

    def whole(value: Fraction) -> int:
        scaled = value / largest * scale
        return int(math.copysign(math.floor(abs(scaled) + Fraction(1, 2)), scaled))

    return tuple(whole(effects.get(rank, Fraction(0))) for rank in RANKS)


def card_tags(tags: RankTags) -> np.ndarray:
    """A tag for each card index of ``DECK``, and 0 for the padding index 52."""
    by_rank = dict(zip(RANKS, tags))
    return np.array([by_rank[card_rank(card)] for card in DECK] + [0], dtype=np.int64)


#: The first integer beyond int64.
_INT64 = 2**63


class RunningCounts:
    """One running count per shoe and per count (a count per bet)."""

    def __init__(self, tags: Sequence[RankTags], shoes: int) -> None:
        self.tags = np.stack([card_tags(t) for t in tags]) if tags else np.zeros((0, 53), np.int64)
        self.running = np.zeros((shoes, len(tags)), dtype=np.int64)

    def see(self, rows: np.ndarray, cards: np.ndarray) -> None:
        """Cards seen by shoes ``rows``: ``cards`` is one row of card indices per shoe."""
        self.running[rows] += self.tags[:, cards].sum(axis=-1).T

    def at_least(self, rows: np.ndarray, threshold: Fraction, unseen: np.ndarray) -> np.ndarray:
        """Whether each true count (running count per deck unseen) is at least
        ``threshold``, exactly: ``running * 52 * q >= p * unseen`` for ``threshold = p/q``.

        In int64 where both sides are proven to fit (a running count is at most
        ``MAX_TAG`` times the cards seen, a shoe at most 52,000,000 cards); in Python
        integers otherwise (a threshold such as 10**-18 has a denominator of 10**18)."""
        running = self.running[rows]
        cards = unseen.sum(axis=1)[:, None]
        p, q = threshold.numerator, threshold.denominator
        largest_running = max(int(np.abs(running).max(initial=0)), 1)
        largest_cards = max(int(cards.max(initial=0)), 1)
        if largest_running * len(DECK) * q < _INT64 and abs(p) * largest_cards < _INT64:
            return np.asarray(running * (len(DECK) * q) >= p * cards)
        left = running.astype(object) * (len(DECK) * q)
        right = cards.astype(object) * p
        return np.asarray(left >= right, dtype=bool)
