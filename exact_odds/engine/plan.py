"""What an enumeration must produce for some columns, and how its keys are put together.

Columns are read in three parts: the deal columns (the first two cards of a hand, or the
first four), the round columns (how the round finished) and the card columns (every card
of the round). A table is keyed by (deal values, round values, card values), each part in
the order of ``plan``; ``key_order`` turns such a key into the columns' values in the order
asked.

>>> plan(("winner", "player_pair")).needs
'final'
>>> key_order(("winner", "player_pair"))(((True,), ("banker",), ()))
('banker', True)
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from operator import itemgetter
from typing import TYPE_CHECKING, Any, NamedTuple

from exact_odds.vocabulary import CardColumn, Column, DealColumn, Needs, RoundColumn, column

if TYPE_CHECKING:
    from exact_odds.rules import DrawingRules

#: Column names, in the order a request or ``plan`` gives them.
Names = tuple[str, ...]

#: Counts by key: an enumeration's table ((deal values, round values, card values), each
#: part in the order of ``plan``'s names), or outcome counts (the requested columns'
#: values) -> ordered six-card sequences.
Counts = dict[tuple[Any, ...], int]


#: The largest int64, and the largest shoe whose six-card sequences (the bound of every count
#: and sum of counts) fit in it: falling(1450, 6) < 2**63 <= falling(1451, 6), tested.
INT64_MAX = 2**63 - 1
INT64_CARDS = 1450
#: The largest shoe whose ways to deal four cards (the bound of every count and sum of counts
#: of four first cards) fit in int64: falling(55110, 4) < 2**63 <= falling(55111, 4), tested.
INT64_DEAL_CARDS = 55110


def mixed_counts(rules: DrawingRules, count: Callable[[DrawingRules], Counts]) -> Counts:
    """The counts of a mixed strategy: those of each pure strategy it draws from
    (``rules.corners()``), ``count(pure)``, weighted and summed; outcomes of no way left out."""
    found: Counts = {}
    for pure, weight in rules.corners():
        for key, ways in count(pure).items():
            found[key] = found.get(key, 0) + ways * weight
    return {key: ways for key, ways in found.items() if ways}


def falling(n: int, k: int) -> int:
    """n(n-1)...(n-k+1): ordered ways to deal k distinct cards from n.

    >>> falling(416, 6)
    4998398275503360
    """
    result = 1
    for i in range(k):
        result *= n - i
    return result


class Plan(NamedTuple):
    """What an enumeration must produce for some columns."""

    deal: Names  # the deal columns: the Player's own, the Banker's, those reading both
    cards: Names  # the card columns, in the same order
    round: Names  # the round columns
    needs: Needs | None  # how much of the round is played; None: the first cards are enough

    def columns(self) -> tuple[list[DealColumn], list[CardColumn], list[RoundColumn]]:
        """The deal, card and round columns, in order (each name is of its kind: ``plan``)."""
        cols = [column(name) for name in self.deal + self.cards + self.round]
        return ([c for c in cols if isinstance(c, DealColumn)],
                [c for c in cols if isinstance(c, CardColumn)],
                [c for c in cols if isinstance(c, RoundColumn)])


def hand_order(col: Column) -> tuple[int, str]:
    """The Player's own columns first, then the Banker's, then those reading both hands."""
    return (0 if col.hands == ("player",) else 1 if col.hands == ("banker",) else 2), col.name


@lru_cache(maxsize=1024)
def plan(names: Names) -> Plan:
    """What the enumeration must produce for these columns."""
    # the Player's own columns first, then the Banker's, then those that read both hands
    # (hands.DealKeys builds a deal's values by joining the three)
    cols = sorted({column(name) for name in names}, key=hand_order)
    deal_names, card_names, round_names = (tuple(c.name for c in cols if isinstance(c, kind))
                                           for kind in (DealColumn, CardColumn, RoundColumn))
    needs: Needs | None = None
    if round_names:
        read = {c.needs for c in cols if isinstance(c, RoundColumn)}
        needs = "third" if "third" in read else "two_card" if "two_card" in read else "final"
    elif card_names:
        needs = "final"
    return Plan(deal_names, card_names, round_names, needs)


@lru_cache(maxsize=1024)
def key_order(names: Names) -> Callable[[tuple[Any, ...]], tuple[Any, ...]]:
    """A table key's parts (deal values, round values, card values) as one key of the
    columns' values in the order asked."""
    deal_names, card_names, round_names, _ = plan(names)
    # where each column sits in a key's parts laid end to end: (deal, round, card values)
    position = {name: i for i, name in enumerate(deal_names + round_names + card_names)}
    if len(names) == 1:
        at = position[names[0]]
        return lambda parts: ((parts[0] + parts[1] + parts[2])[at],)
    if not names:
        return lambda parts: ()
    pick = itemgetter(*(position[name] for name in names))
    return lambda parts: pick(parts[0] + parts[1] + parts[2])
