"""Every column reads a card only through its card key (its point value when it has none).

The enumerator relies on it: it deals cards in classes made of those keys, and it groups
hands by what each column sees of them (``enumerator._seen``). Here each deal and card
column is read on random deals, then again with any one card swapped for another card
the column's key cannot tell from it: the value must not change.
"""

from __future__ import annotations

import random
from collections.abc import Hashable

import pytest

from exact_odds.cards import DECK, card_value
from exact_odds.engine.vocabulary import COLUMNS, Column

READ = [name for name, col in COLUMNS.items() if col.kind in ("deal", "cards")]


def value(col: Column, cards: list[str | None]) -> object:
    """The column on a deal: the Player's two cards, the Banker's two, then third cards."""
    player, banker = (cards[0], cards[1]), (cards[2], cards[3])
    if col.kind == "deal":
        assert col.of_deal is not None
        return col.of_deal(player, banker)  # type: ignore[arg-type]
    assert col.partial is not None and col.final is not None
    return col.final(col.partial(player, banker), cards[4], cards[5])  # type: ignore[arg-type]


def test_every_deal_and_card_column_is_checked():
    assert len(READ) > 100


@pytest.mark.parametrize("name", READ)
def test_a_column_reads_cards_only_through_its_key(name):
    col = COLUMNS[name]
    key = col.card_key or card_value
    alike: dict[Hashable, list[str]] = {}
    for card in DECK:
        alike.setdefault(key(card), []).append(card)
    rng = random.Random(name)
    for _ in range(300):
        cards: list[str | None] = list(rng.sample(DECK, 6))
        for third in (4, 5):
            if rng.random() < 0.3:
                cards[third] = None  # no third card
        before = value(col, cards)
        position = rng.randrange(6)
        card = cards[position]
        if card is None or len(alike[key(card)]) == 1:
            continue
        cards[position] = rng.choice([c for c in alike[key(card)] if c != card])
        assert value(col, cards) == before, (name, card, cards[position])
