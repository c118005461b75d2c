"""Every ordered start of a round, the Player's two cards then the Banker's two, over some
card classes, as numpy arrays: what the columns read of each start, as ids.

A start ``(i, j, k, l)`` is stored at ``(i * kp + j) * kb * kb + k * kb + l``, ``kp`` and
``kb`` the numbers of the Player's and the Banker's classes. Each side's columns are read
once per two-card hand, those reading both hands once per pair of what they see of each
(``hands.SideReader``, ``hands.DealKeys``): Python calls per hand, not per start.
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
    """The ordered four-card starts over the Player's classes ``p_reps`` and the Banker's
    ``b_reps``, with the id of each start's deal values (``deal``, values in
    ``deal_values``) and card partials (``partials``, values in ``partial_values``)."""

    def __init__(self, p_reps: Sequence[str], b_reps: Sequence[str], deal_cols: list[Column],
                 card_cols: list[Column], ordered: tuple[bool, bool]) -> None:
        self.kp, self.kb = len(p_reps), len(b_reps)
        player = SideReader("player", ordered[0], deal_cols, card_cols)
        banker = SideReader("banker", ordered[1], deal_cols, card_cols)
        p_hands, b_hands = hands_of(p_reps), hands_of(b_reps)
        own_p, p_own = ids([player.own(hand) for hand in p_hands])
        own_b, b_own = ids([banker.own(hand) for hand in b_hands])
        seen_p, p_seen = ids([player.seen(hand) for hand in p_hands])
        seen_b, b_seen = ids([banker.seen(hand) for hand in b_hands])
        # what the columns reading both hands see: one Python call per pair of views
        rep_p = dict(zip(seen_p.tolist(), p_hands))
        rep_b = dict(zip(seen_b.tolist(), b_hands))
        keys = DealKeys(deal_cols, card_cols)
        both_of, both = ids([keys.both(rep_p[s], rep_b[t])
                             for s in range(len(p_seen)) for t in range(len(b_seen))])
        # per start: the Player's own id, the Banker's, both hands' (as a pair of views)
        ph, bh = len(p_hands), len(b_hands)
        p_own_id = np.repeat(own_p, bh)
        b_own_id = np.tile(own_b, ph)
        both_id = both_of[np.repeat(seen_p, bh) * len(b_seen) + np.tile(seen_b, ph)]
        code = (p_own_id * len(b_own) + b_own_id) * len(both) + both_id
        self.deal, deal_codes = _dense(code, lambda c: (
            p_own[c // len(both) // len(b_own)][0] + b_own[c // len(both) % len(b_own)][0]
            + both[c % len(both)][0]))
        self.deal_values: list[tuple[Hashable, ...]] = deal_codes
        # the card partials by part: the Player's own columns, the Banker's, both hands'
        self.partials = np.stack([p_own_id, b_own_id, both_id])
        self.partial_values: list[list[tuple[Hashable, ...]]] = [
            [values[1] for values in p_own], [values[1] for values in b_own],
            [values[1] for values in both]]

    def classes(self) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        """The classes of the four cards of every start."""
        kp, kb = self.kp, self.kb
        start = np.arange(kp * kp * kb * kb, dtype=np.int64)
        p, b = start // (kb * kb), start % (kb * kb)
        return p // kp, p % kp, b // kb, b % kb


def _dense(code: np.ndarray, value: Any) -> tuple[np.ndarray, list[Any]]:
    """Codes renumbered densely, in order of the codes, and ``value(code)`` of each."""
    unique, inverse = np.unique(code, return_inverse=True)
    return inverse.reshape(code.shape).astype(np.int64), [value(c) for c in unique.tolist()]
