"""Ordered starts of a round, the Player's two cards then the Banker's two, over some card
classes, and what the columns read of them, as numpy arrays.

A side's two-card hand ``(i, j)`` over ``k`` classes is hand ``i * k + j``. Each side's
columns are read once per hand, those reading both hands once per pair of what they see of
each (``hands.SideReader``, ``hands.DealKeys``): Python calls per hand, not per start. A
start's deal values and card partials are then codes built from those ids with numpy.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Any

import numpy as np

from exact_odds.engine.hands import DealKeys, SideReader
from exact_odds.engine.vocabulary import Column


def ids(values: Sequence[Hashable]) -> tuple[np.ndarray, list[Any]]:
    """Each value's id (by first appearance) as an array, and the distinct values."""
    index: dict[Hashable, int] = {}
    found = np.array([index.setdefault(v, len(index)) for v in values], dtype=np.int64)
    return found, list(index)


def hands_of(reps: Sequence[str]) -> list[tuple[str, str]]:
    """Every ordered two-card hand over the classes of ``reps``: hand ``i * k + j``."""
    return [(first, second) for first in reps for second in reps]


class Starts:
    """What the columns read of the starts over the Player's classes ``p_reps`` and the
    Banker's ``b_reps``: for Player hands ``p`` and Banker hands ``b`` (arrays), the code
    of the deal values (``deal``, read by ``deal_values``) and of the card partials by part
    (``partials``, read by ``partial_values``: the Player's own columns, the Banker's, both
    hands')."""

    def __init__(self, p_reps: Sequence[str], b_reps: Sequence[str], deal_cols: list[Column],
                 card_cols: list[Column], ordered: tuple[bool, bool]) -> None:
        self.kp, self.kb = len(p_reps), len(b_reps)
        player = SideReader("player", ordered[0], deal_cols, card_cols)
        banker = SideReader("banker", ordered[1], deal_cols, card_cols)
        p_hands, b_hands = hands_of(p_reps), hands_of(b_reps)
        self.own_p, self.p_own = ids([player.own(hand) for hand in p_hands])
        self.own_b, self.b_own = ids([banker.own(hand) for hand in b_hands])
        self.seen_p, p_seen = ids([player.seen(hand) for hand in p_hands])
        self.seen_b, b_seen = ids([banker.seen(hand) for hand in b_hands])
        # what the columns reading both hands see: one Python call per pair of views
        rep_p = dict(zip(self.seen_p.tolist(), p_hands))
        rep_b = dict(zip(self.seen_b.tolist(), b_hands))
        keys = DealKeys(deal_cols, card_cols)
        both, self.both = ids([keys.both(rep_p[s], rep_b[t])
                               for s in range(len(p_seen)) for t in range(len(b_seen))])
        self.both_of = both.reshape(len(p_seen), len(b_seen))
        self.deal_size = len(self.p_own) * len(self.b_own) * len(self.both)

    def partials(self, p: np.ndarray, b: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """The ids of the Player's own values, the Banker's, and both hands'."""
        return self.own_p[p], self.own_b[b], self.both_of[self.seen_p[p], self.seen_b[b]]

    def deal(self, p: np.ndarray, b: np.ndarray) -> np.ndarray:
        """The code of the deal values of Player hands ``p`` and Banker hands ``b``."""
        own_p, own_b, both = self.partials(p, b)
        code: np.ndarray = (own_p * len(self.b_own) + own_b) * len(self.both) + both
        return code

    def deal_values(self, code: int) -> tuple[Hashable, ...]:
        """The deal values of a code: the Player's own columns, the Banker's, both hands'."""
        rest, both = divmod(code, len(self.both))
        own_p, own_b = divmod(rest, len(self.b_own))
        values: tuple[Hashable, ...] = (self.p_own[own_p][0] + self.b_own[own_b][0]
                                        + self.both[both][0])
        return values

    def partial_values(self, part: int, at: int) -> tuple[Hashable, ...]:
        """The card partials of one part's id."""
        found: tuple[Hashable, ...] = (self.p_own, self.b_own, self.both)[part][at][1]
        return found

    def every(self) -> tuple[np.ndarray, np.ndarray]:
        """Every start, as (Player hand, Banker hand)."""
        start = np.arange(self.kp * self.kp * self.kb * self.kb, dtype=np.int64)
        return start // (self.kb * self.kb), start % (self.kb * self.kb)
