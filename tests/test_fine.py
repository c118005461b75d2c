"""The first cards' ranks and suits counted by factoring (engine/fine.py), on real shoes.

The small-shoe agreement tests run every column through the factoring against the brute
force. Here the factoring meets shoes too large for a brute force, checked against closed
forms written from the counting convention alone: four given cards first, then any two of
the rest, can be dealt in ``prod falling(n_card, k_card) * (N - 4)(N - 5)`` ordered ways;
and at the int64 edge (1,450 cards) and beyond, where the counts are Python integers.
"""

from __future__ import annotations

from collections import Counter
from functools import cache
from itertools import product
from math import prod
from pathlib import Path

import pytest

from exact_odds.analysis.report import game_report
from exact_odds.engine import enumerator
from exact_odds.engine.enumerator import outcome_counts, outcome_table
from exact_odds.engine.plan import plan
from exact_odds.games.loader import load_game
from exact_odds.shoe import Shoe

FIRST_FOUR = ("player_first_rank", "player_first_suit", "player_second_rank", "player_second_suit",
              "banker_first_rank", "banker_first_suit", "banker_second_rank", "banker_second_suit")
RANKS = "A23456789TJQK"
SUITS = {"spades": "S", "hearts": "H", "diamonds": "D", "clubs": "C"}


def falling(n: int, k: int) -> int:
    return prod(range(n - k + 1, n + 1)) if k else 1


def card_of(rank: int, suit: str) -> str:
    return RANKS[rank - 1] + SUITS[suit]


def test_the_factoring_is_taken_where_the_hand_groups_would_pair_millions_of_times():
    assert enumerator.factored(plan(FIRST_FOUR))
    assert enumerator.factored(plan((*FIRST_FOUR[:6], "winner")))
    assert not enumerator.factored(plan((*FIRST_FOUR[:4], "winner", "player_total")))
    assert not enumerator.factored(plan(("player_pair", "winner")))


def test_every_start_of_four_cards_by_its_closed_form():
    """Eight copies each of a dozen cards, kings and queens of two suits among them: each
    row of the ranks and suits of the first four cards is dealt in the closed form's ways,
    in the table as polars sorts it and in the counts alike."""
    shoe = Shoe.from_counts({card: 8 for card in ("KS", "QS", "KH", "QH", "9D", "9C", "2S",
                                                  "2H", "TD", "5C", "7S", "AH")})
    table = outcome_table(shoe, FIRST_FOUR)
    assert table.height == 12**4 and table.columns == [*FIRST_FOUR, "ways"]
    assert table.sort(list(FIRST_FOUR)).equals(table)
    rows = {row[:-1]: row[-1] for row in table.iter_rows()}
    assert rows == outcome_counts(shoe, FIRST_FOUR)
    for key, ways in rows.items():
        dealt = Counter(card_of(rank, suit) for rank, suit in zip(key[::2], key[1::2]))
        assert ways == prod(falling(8, k) for k in dealt.values()) * falling(shoe.size - 4, 2)


@pytest.mark.slow
@pytest.mark.parametrize("decks, exact", [(27, "int64"), (28, "object")])
def test_the_int64_edge(decks, exact):
    """Counts are int64 while every product of the factoring stays below falling(N, 6) <
    2**63 (27 decks, 1,404 cards), Python integers beyond (28 decks, 1,456 cards, where the
    total passes 2**63): exact either way."""
    from exact_odds.engine.fine import factored_counts

    shoe = Shoe.from_decks(decks)
    columns = ("player_first_colour", "banker_second_rank", "winner")
    table = factored_counts(shoe, plan(columns), enumerator.PUNTO_BANCO)
    assert table.ways.dtype.name == exact
    counts = outcome_counts(shoe, columns)
    assert sum(counts.values()) == falling(shoe.size, 6)
    assert (falling(shoe.size, 6) >= 2**63) == (decks == 28)
    # a whole-decks shoe: red and black, and the ranks of one point value, alike
    for (colour, rank, winner), ways in counts.items():
        assert counts[("black" if colour == "red" else "red", rank, winner)] == ways
        if rank >= 10:
            assert counts[(colour, 10 + (rank - 9) % 4, winner)] == ways


@pytest.mark.slow
@pytest.mark.parametrize("copies", [2, 3444, 3445])
def test_royal_match_on_both_hands_by_closed_forms(copies):
    """The test game tests/games/royal-match-both-hands.yaml on a shoe of kings, queens,
    nines and twos of every suit, ``copies`` each: every event's count from the kinds of
    the four cards (a king, a queen or another rank, of each suit), with exact removal.
    3,444 copies make 55,104 cards: the four cards' ways int64, the counts Python integers;
    3,445 make 55,120: both Python integers."""
    shoe = Shoe.from_counts({rank + suit: copies for rank in "KQ92" for suit in "SHDC"})
    kinds = {(rank, suit): copies * (1 if rank in "KQ" else 2) for rank in "KQx" for suit in "SHDC"}
    counts: Counter[str] = Counter()
    for a, b, c, d in product(kinds, repeat=4):
        dealt = Counter((a, b, c, d))
        ways = prod(falling(kinds[kind], k) for kind, k in dealt.items())
        royal = [x[1] == y[1] and {x[0], y[0]} == {"K", "Q"} for x, y in ((a, b), (c, d))]
        suited = [x[1] == y[1] for x, y in ((a, b), (c, d))]
        event = ("Both royal" if all(royal) else "One royal" if any(royal)
                 else "Both suited" if all(suited) else "One suited" if any(suited) else "Other")
        counts[event] += ways * falling(shoe.size - 4, 2)
    assert sum(counts.values()) == falling(shoe.size, 6)
    game = load_game(Path(__file__).parent / "games" / "royal-match-both-hands.yaml")
    report = game_report(game, shoe=shoe)
    assert {e.event: e.combinations for e in report.bets[0].events} == counts


@pytest.mark.parametrize("nines", [27_555, 27_556])
def test_the_ways_to_deal_four_cards_past_the_int64_edge(nines):
    """The first four cards' ways, summed by what a bet reads of them, are int64 while the
    shoe's ways to deal four cards fit (``INT64_DEAL_CARDS``, 55,110 cards), Python
    integers beyond. Every deal read as one group (the bet reads nothing of it) sums to a
    coarse class's whole ways: 2 x 27,556 nines (every round a tie of naturals) pass 2**63
    four at a time.
    Over all outcomes the ways are the closed form, falling(N, 6)."""
    import numpy as np

    from exact_odds.engine.fine import factored_blocks
    from exact_odds.engine.plan import INT64_DEAL_CARDS

    assert falling(INT64_DEAL_CARDS, 4) < 2**63 <= falling(INT64_DEAL_CARDS + 1, 4)
    shoe = Shoe.from_counts({"9S": nines, "9H": nines})
    assert (falling(2 * nines, 4) >= 2**63) == (nines == 27_556)

    def one_group(tables):
        return np.concatenate([np.zeros(len(table.deal), np.int64) for table in tables])

    blocks = factored_blocks(shoe, plan((*FIRST_FOUR, "winner")), enumerator.PUNTO_BANCO,
                             group=one_group)
    assert sum(int(w) for block in blocks for w in block.ways) == falling(shoe.size, 6)


#: The small shoe the table read in blocks is checked on.
BLOCKS_SHOE = (("KS", 2), ("QS", 1), ("KH", 1), ("9H", 2), ("2S", 1), ("5D", 1), ("TC", 1))


@cache
def _brute_force(columns: tuple[str, ...]) -> dict[tuple, int]:
    """tests/bruteforce.py's counts of ``columns`` on BLOCKS_SHOE, dealt once for both
    block sizes."""
    import bruteforce as bf

    return bf.outcome_counts(dict(BLOCKS_SHOE), columns)


@pytest.mark.parametrize("block", [7, 1 << 20])
def test_a_table_read_in_blocks_by_the_brute_force(monkeypatch, block):
    """``outcome_frames`` gives the table counted by factoring a block at a time, no deal
    values in two blocks; its rows, read in blocks of 7 rows or in one, are the brute
    force's on a small shoe, with a round column and without."""
    import polars as pl

    from exact_odds.engine import fine

    monkeypatch.setattr(fine, "BLOCK", block)
    counts = dict(BLOCKS_SHOE)
    for columns in (FIRST_FOUR, (*FIRST_FOUR[:6], "winner")):
        assert enumerator.factored(plan(columns))
        frames = list(enumerator.outcome_frames(Shoe.from_counts(counts), columns))
        assert (len(frames) > 1) == (block == 7)
        deals = [{row[:len(columns) - (columns[-1] == "winner")] for row in f.drop("ways").iter_rows()}
                 for f in frames]
        assert sum(map(len, deals)) == len(set().union(*deals))  # no deal in two blocks
        rows = {row[:-1]: row[-1] for row in pl.concat(frames).iter_rows()}
        assert rows == _brute_force(columns)
