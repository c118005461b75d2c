"""Every column reads a card only through its card key (its point value when it has none).

The enumerator relies on it: it deals cards in classes made of those keys, and it groups
hands by what each column sees of them (``enumerator._seen``). Here each deal and card
column is read on random deals, then again with any one card swapped for another card
the column's key cannot tell from it: the value must not change.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Hashable
from functools import cache

import pytest

from exact_odds.cards import DECK
from exact_odds.rules import PUNTO_BANCO
from exact_odds.vocabulary import COLUMNS, Column, RoundColumn, column, read_round

READ = [name for name, col in COLUMNS.items() if col.kind in ("deal", "cards")]


def value(col: Column, cards: list[str | None]) -> object:
    """The column on a deal (``Column.read``): the Player's two cards, the Banker's two,
    then each hand's third card (None: not drawn)."""
    player = tuple(c for c in (cards[0], cards[1], cards[4]) if c is not None)
    banker = tuple(c for c in (cards[2], cards[3], cards[5]) if c is not None)
    return read_round(player, banker, [col.name], PUNTO_BANCO.round)[col.name]


def test_every_deal_and_card_column_is_checked():
    assert len(READ) > 100


def _deal(rng: random.Random, cards: list[str | None]) -> list[str | None]:
    """``cards`` with each third card left out (not drawn) three times in ten."""
    for third in (4, 5):
        if rng.random() < 0.3:
            cards[third] = None
    return cards


def _read_all(cards: list[str | None]) -> dict[str, object]:
    """Every checked column on one deal, read as ``value`` reads one (``Column.read``)."""
    player = tuple(c for c in (cards[0], cards[1], cards[4]) if c is not None)
    banker = tuple(c for c in (cards[2], cards[3], cards[5]) if c is not None)
    return read_round(player, banker, READ, PUNTO_BANCO.round)


@cache
def _random_deals() -> tuple[tuple[list[str | None], dict[str, object]], ...]:
    """300 random deals, each with every checked column's value on it: the deals are shared
    by the columns (one reading of a round for them all), each column's swap is its own."""
    rng = random.Random("deals")
    deals = [_deal(rng, list(rng.sample(DECK, 6))) for _ in range(300)]
    return tuple((cards, _read_all(cards)) for cards in deals)


@pytest.mark.parametrize("name", READ)
def test_a_column_reads_cards_only_through_its_key(name):
    col = COLUMNS[name]
    key = col.card_key
    alike: dict[Hashable, list[str]] = {}
    for card in DECK:
        alike.setdefault(key(card), []).append(card)
    rng = random.Random(name)
    for dealt, values in _random_deals():
        cards = list(dealt)
        position = rng.randrange(6)
        card = cards[position]
        if card is None or len(alike[key(card)]) == 1:
            continue
        cards[position] = rng.choice([c for c in alike[key(card)] if c != card])
        assert value(col, cards) == values[name], (name, card, cards[position])


# --- renaming the suits ---------------------------------------------------------------------
#
# The effect of removal enumerates one shoe for all the shoes that differ by a renaming of
# the suits, for a bet that no renaming changes (``Bet.suit_symmetric``). It trusts each
# column's ``names_suits``: a column that does not name suits gives, on a deal with its
# suits renamed, its value with the same renaming (a suit word renamed, anything else
# unchanged). Here every renaming of the four suits is tried on random deals; a column
# flagged as naming suits must be changed by one of them, so the flag is not too wary.

RENAMINGS = list(itertools.permutations("SHDC"))
SUIT_WORD = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}


def renamed_card(card: str | None, to: tuple[str, ...]) -> str | None:
    return None if card is None else card[0] + to["SHDC".index(card[1])]


def renamed_value(value: object, to: tuple[str, ...]) -> object:
    words = list(SUIT_WORD.values())
    if isinstance(value, str) and value in words:
        return SUIT_WORD[to[words.index(value)]]
    return value


@cache
def _renamed_deals() -> tuple[tuple[list[str | None], dict[str, object],
                                    tuple[dict[str, object], ...]], ...]:
    """150 random deals of a few ranks at a time, drawn with repeats, so that pairs and
    suited hands come often: each with every checked column's value on it and on it under
    each renaming of the suits (the deals shared by the columns, read once for them all)."""
    rng = random.Random("suits")
    deals = []
    for _ in range(150):
        ranks = rng.sample("A23456789TJQK", 3)
        cards = _deal(rng, [rng.choice(ranks) + rng.choice("SHDC") for _ in range(6)])
        deals.append((cards, _read_all(cards),
                      tuple(_read_all([renamed_card(c, to) for c in cards]) for to in RENAMINGS)))
    return tuple(deals)


@pytest.mark.parametrize("name", READ)
def test_a_column_that_names_no_suit_is_renamed_with_the_suits(name):
    col = COLUMNS[name]
    changed = False
    for cards, before, renamed in _renamed_deals():
        for to, after in zip(RENAMINGS, renamed):
            same = after[name] == renamed_value(before[name], to)
            assert same or col.names_suits, (name, cards, to)
            changed |= not same
    assert changed == col.names_suits, name


def _every_bet():
    from pathlib import Path

    from exact_odds.games.loader import builtin_games, extra_games, load_game

    games = [*builtin_games(), *extra_games(),
             *sorted(str(p) for p in (Path(__file__).parent / "games").glob("*.yaml"))]
    return [(bet.id, bet) for game in games for bet in load_game(game).bets]


BETS = _every_bet()


def test_every_game_has_bets_on_suits_judged_both_ways():
    judged = {bet.suit_symmetric for _, bet in BETS if any(
        "suit" in name or "colour" in name for name in bet.columns)}
    assert judged == {True, False}  # the Royal Match is symmetric, a colour match is not


@pytest.mark.parametrize("bet_id, bet", BETS, ids=[f"{i}-{b.id}" for i, (_, b) in enumerate(BETS)])
def test_a_bet_judged_suit_symmetric_settles_alike_on_rows_with_the_suits_renamed(bet_id, bet):
    """``Bet.suit_symmetric`` on the bet's own conditions: random rows of the columns it
    reads, settled before and after each renaming of the four suits (the suit words
    renamed, every other value as it was), give one settlement."""
    if not bet.suit_symmetric:
        return
    rng = random.Random(bet_id)
    for _ in range(200):
        row: dict[str, object] = {}
        for name in bet.columns:
            col = column(name)
            values = list(col.values or range(-1, 14))
            row[name] = None if col.nullable and rng.random() < 0.2 else rng.choice(values)
        for to in RENAMINGS:
            renamed = {name: renamed_value(v, to) for name, v in row.items()}
            assert bet.settle(renamed) == bet.settle(row), (bet_id, row, to)


def test_every_int_column_fits_the_outcome_tables_int8():
    """Issue 31, finding 2: an outcome table holds int columns as Int8
    (``enumerator._schema``), said to hold point values, totals, ranks and counts of a
    round's six cards. Each int column is read here on rounds and deals: its values, listed
    or found, lie within -128 to 127."""
    from exact_odds.vocabulary import RoundBase

    rng = random.Random(31)
    thirds = (None, 0, 9)
    rounds = [RoundBase(x, y, pc, bc, x, y, a if pc == 3 else None, b if bc == 3 else None)
              for x, y in itertools.product(range(10), range(10)) for pc in (2, 3)
              for bc in (2, 3) for a in thirds for b in thirds]
    deals = [[rng.choice(DECK) for _ in range(6)] for _ in range(2000)]
    for name, col in COLUMNS.items():
        if col.dtype != "int":
            continue
        if col.values is not None:
            found = {v for v in col.values if v is not None}
        elif isinstance(col, RoundColumn):
            found = {col.of_round(base) for base in rounds} - {None}
        else:
            found = {value(col, cards) for cards in deals} - {None}
        assert found and all(-128 <= v <= 127 for v in found), (name, found)  # type: ignore[operator]
