"""A golden digest of the full 8-deck outcome table, after pokerkit: one sha256 catches any
silent drift in the enumerator, the drawing rules or the vocabulary.

The table is every *round* column of the vocabulary as it stood (totals, cards, naturals,
winner, margin, two-card totals, third-card values) with its count of ordered six-card sequences,
from 8 decks. Its canonical serialisation is: the column names, sorted, joined by commas, on
the first line; then one line per row, ``v1,v2,...;count`` (``None`` as empty, booleans as
``true``/``false``), the lines sorted as strings; each line ending in a newline; UTF-8.

The digests were computed by this serialisation (the function below) on the enumerator of
commit b764a52, when the table agreed row for row with the independent brute force on small
shoes (tests/test_agreement.py, every column under both rule sets) and its sums with the
published 8-deck Banker/Player/Tie counts (casinoexploit.com, also in tests/test_published.py),
which this test checks again. A change of digest means the table changed: find out why before
pinning a new one.
"""

from __future__ import annotations

import hashlib

import pytest

from exact_odds.engine.enumerator import outcome_counts
from exact_odds.rules import rules_named
from exact_odds.shoe import Shoe

#: The round columns of the vocabulary when the digests were pinned (a fixed list: a column
#: added later does not change the digest; a change in any of these does).
ROUND_COLUMNS = sorted([
    "banker_cards", "banker_natural", "banker_third", "banker_total", "banker_two_card_total",
    "banker_wins", "margin", "player_cards", "player_natural", "player_third", "player_total",
    "player_two_card_total", "player_wins", "tie", "winner"])

GOLDEN = {
    "punto-banco": (3394, "34f05c1ad7e913731beea0262610e252e9a04fe01f7ee9e140effa6f3a59d9a3"),
    "21st-century": (3880, "7b1bb7afcd6d082d855a9c77c9da94bace1a9968f0fef2a246b65c116484c965"),
}

#: casinoexploit.com, baccarat 8 decks: ordered six-card sequences won by each side.
PUBLISHED_8_DECKS = {"banker": 2292252566437888, "player": 2230518282592256,
                     "tie": 475627426473216}


def _text(value: object) -> str:
    if value is None:
        return ""
    return str(value).lower() if isinstance(value, bool) else str(value)


def canonical(counts: dict[tuple[object, ...], int]) -> str:
    lines = sorted(",".join(_text(v) for v in key) + f";{count}" for key, count in counts.items())
    return ",".join(ROUND_COLUMNS) + "\n" + "\n".join(lines) + "\n"


@pytest.mark.parametrize("rules", sorted(GOLDEN))
def test_golden_digest_of_the_8_deck_outcome_table(rules):
    counts = dict(outcome_counts(Shoe.from_decks(8), ROUND_COLUMNS, rules_named(rules)))
    rows, digest = GOLDEN[rules]
    assert len(counts) == rows
    assert hashlib.sha256(canonical(counts).encode("utf-8")).hexdigest() == digest
    if rules == "punto-banco":
        winner = ROUND_COLUMNS.index("winner")
        by_winner: dict[str, int] = {}
        for key, count in counts.items():
            by_winner[str(key[winner])] = by_winner.get(str(key[winner]), 0) + count
        assert by_winner == PUBLISHED_8_DECKS
