"""The outcome vocabulary: the columns a pay table's events can read.

Three kinds of column, each its own type, each read from a round's cards by ``read``:

* **round columns** read how the round finished (totals, cards, naturals, the winner); the
  enumerator plays the drawing rules for them, on point values only;
* **deal columns** read only the first two cards of a hand or the first four of the round;
* **card columns** read every card of the round, third cards included.

A deal or card column says which card attribute it reads (``card_key``), so the enumerator
groups the shoe into the coarsest card classes that still tell those attributes apart. A
column never slows a bet that does not read it: a bet's table is enumerated for the columns
its events name and nothing else.

``model`` holds a round as the columns read it and the kinds of column; ``columns`` every
column of the vocabulary and the columns of a game's hand values; ``lookup`` finding a
column, what a game can read, and a round read from its cards.

>>> COLUMNS["banker_total"].kind, COLUMNS["player_pair"].hands
('round', ('player',))
"""

from __future__ import annotations

from exact_odds.vocabulary.columns import (
    COLUMNS,
    DECIDED_BY,
    SUIT_NAMES,
    hand_value_columns,
    known_from,
    rank_number,
    suit_name,
)
from exact_odds.vocabulary.lookup import (
    DECLARED,
    column,
    declare_hand_values,
    known_column,
    read_round,
    unreadable,
    valued_key,
)
from exact_odds.vocabulary.model import (
    CardColumn,
    Column,
    DealColumn,
    DType,
    Hand,
    Kind,
    Needs,
    OfDeal,
    RoundBase,
    RoundCards,
    RoundColumn,
    VocabularyError,
)

__all__ = [
    "COLUMNS", "DECIDED_BY", "DECLARED", "SUIT_NAMES", "CardColumn", "Column", "DType",
    "DealColumn", "Hand", "Kind", "Needs", "OfDeal", "RoundBase", "RoundCards", "RoundColumn",
    "VocabularyError", "column", "declare_hand_values", "hand_value_columns", "known_column",
    "known_from", "rank_number", "read_round", "suit_name", "unreadable", "valued_key",
]
