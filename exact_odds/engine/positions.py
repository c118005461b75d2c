"""Cards known by position, as the enumerator reads them (``exact_odds.known``).

The enumeration's classes are refined so that every set of known ranks is a union of
classes (``class_keys``); then knowing the card at a position is choosing, there, only the
classes of its ranks: the Player's and the Banker's two-card hands (``hand_groups``), the
first card drawn (position 5: the Player's third, or the Banker's where the Player stood)
and the second (position 6: the Banker's third after the Player's). A card the round does
not reach still lies at its place: where a round stops at four or five cards, the places
left are filled, as a round's unused places always are, from the cards left, but only with
those that agree with what is known there (``fill``, ``sixth_left``), counted from the
classes of the cards dealt.

A nine known at position 6, one deck: a round of four kings leaves 48 cards for position
5 and 4 nines for 6, less the 4 ways a nine would be both (48 * 4 - 4); a round of a nine
and three kings, 48 * 3 - 3:

>>> from exact_odds.engine.classes import class_keys, shoe_classes
>>> from exact_odds.rules import PUNTO_BANCO
>>> from exact_odds.shoe import Shoe
>>> known = Known(((6, frozenset("9")),))
>>> keys = class_keys([], [], known)
>>> classes = Classes(*(shoe_classes(Shoe.from_decks(1), key) for key in keys[:3]), keys)
>>> places = Positions(classes, PUNTO_BANCO.round, known)
>>> king, nine = 0, 9  # the third classes: the point values
>>> places.fill(king, king, king, king), places.fill(nine, king, king, king)
(188, 141)
"""

from __future__ import annotations

from collections.abc import Sequence

from exact_odds.engine.classes import Classes
from exact_odds.engine.hands import Allowed
from exact_odds.known import Known
from exact_odds.rules.round import RoundDescription


class Positions:
    """The classes each known position's card may be of, at the level the enumeration
    deals it there (None: any), and what filling the places a round leaves unused takes.

    ``hands``: the Player's and the Banker's first and second cards (their ``Classes``
    classes); ``fifth``, ``sixth``: the first and second cards drawn, whether each class of
    the Player's draw and of the Banker's agrees (``Known.allowed``; None: any).
    ``unreached``: whether a known position may lie beyond a round's last card (5 or 6), so
    that the places left are not filled in the same number of ways by every deal."""

    def __init__(self, classes: Classes, described: RoundDescription, known: Known) -> None:
        where, five, six = described.position, described.most_cards - 1, described.most_cards

        def allowed(reps: Sequence[str], position: int) -> frozenset[int] | None:
            agrees = known.allowed(reps, position)
            return None if agrees is None else frozenset(c for c, ok in enumerate(agrees) if ok)

        p, b = classes.reps, classes.banker_reps
        self.hands: tuple[Allowed, Allowed] = (
            (allowed(p, where("player", 0)), allowed(p, where("player", 1))),
            (allowed(b, where("banker", 0)), allowed(b, where("banker", 1))))
        # the cards drawn: whether each class of the Player's and the Banker's draw agrees
        self.fifth, self.sixth = ((known.allowed(classes.player_draw.reps, p),
                                   known.allowed(classes.banker_draw.reps, p)) for p in (five, six))
        self.knows_sixth = self.sixth[0] is not None
        self.unreached = self.fifth[0] is not None or self.knows_sixth
        # each third class: whether it agrees with position 5, 6, both; and the shoe's
        # cards that do
        third = classes.third_reps
        self._in5, self._in6 = (known.allowed(third, p) or [True] * len(third) for p in (five, six))
        self._in56 = [a and b for a, b in zip(self._in5, self._in6)]
        self._n5, self._n6, self._n56 = (sum(n for n, i in zip(classes.nt, inside) if i)
                                         for inside in (self._in5, self._in6, self._in56))

    def fill(self, ti: int, tj: int, tk: int, tl: int) -> int:
        """The ways to fill positions 5 and 6 so that they agree with what is known, once
        four cards of third classes ti, tj, tk, tl are dealt: (cards left for 5) times
        (cards left for 6), less the cards that would be both."""
        in5, in6, in56 = self._in5, self._in6, self._in56
        return ((self._n5 - in5[ti] - in5[tj] - in5[tk] - in5[tl])
                * (self._n6 - in6[ti] - in6[tj] - in6[tk] - in6[tl])
                - (self._n56 - in56[ti] - in56[tj] - in56[tk] - in56[tl]))

    def sixth_left(self, ti: int, tj: int, tk: int, tl: int) -> int:
        """The cards left that agree with position 6, once four cards of third classes ti,
        tj, tk, tl are dealt."""
        in6 = self._in6
        return self._n6 - in6[ti] - in6[tj] - in6[tk] - in6[tl]

