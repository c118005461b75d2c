"""Properties every exact answer must have, on random shoes (hypothesis).

* the probabilities of every bet's lines add up to exactly 1, on any shoe;
* the counts add up to N(N-1)(N-2)(N-3)(N-4)(N-5), whatever the columns;
* burning a card unseen changes no expectation: the average over the burnt card (weighted
  by how many of it the shoe holds) of any probability or expected value is the full
  shoe's, exactly;
* under 21st Century rules with the house way (both hands hit on 0-5) the Player and the
  dealer hands are dealt alike, so every count is symmetric between them;
* columns read together add up to the columns read alone, in any order, and relabelling
  the suits changes nothing that does not name a suit or a colour.
"""

from __future__ import annotations

import math
from fractions import Fraction

import pytest
from catalogue import rules
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from exact_odds.analysis.report import game_report
from exact_odds.cards import DECK
from exact_odds.engine.enumerator import outcome_counts, outcome_table
from exact_odds.games.loader import builtin_games
from exact_odds.rules import rules_named
from exact_odds.shoe import Shoe, ShoeError
from exact_odds.vocabulary import COLUMNS

SETTINGS = dict(deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow])

ROUND_COLUMNS = [name for name, c in COLUMNS.items() if c.kind == "round"]
DEAL_COLUMNS = [name for name, c in COLUMNS.items() if c.kind == "deal"]
RULES = {name: found.engine for name, found in
         rules("punto-banco", "21c-house-way", "21c-stand", "gold-house-way").items()}
GAMES = builtin_games()


def sequences(cards: int) -> int:
    """N(N-1)...(N-5), written independently of the engine."""
    return math.perm(cards, 6)


def shoes(pool: tuple[str, ...] = DECK, min_cards: int = 6, max_cards: int = 60,
          max_count: int = 4) -> st.SearchStrategy[dict[str, int]]:
    """Random shoes: a count for some cards of ``pool``, at least ``min_cards`` in all."""
    return (st.dictionaries(st.sampled_from(pool), st.integers(1, max_count),
                            min_size=1, max_size=len(pool))
            .filter(lambda d: min_cards <= sum(d.values()) <= max_cards))


#: A pool of 16 cards: every point value, repeated ranks, all four suits, a nine of each suit.
SMALL_POOL = ("AS", "AH", "2D", "3C", "4S", "5H", "5D", "6C", "7S", "8H", "9D", "9S", "9H",
              "9C", "TD", "KS")


# --- probabilities add up ----------------------------------------------------------------------------

@settings(max_examples=25, **SETTINGS)
@given(counts=shoes(max_cards=120), game=st.sampled_from(GAMES))
def test_every_bet_probabilities_sum_to_one(counts, game):
    shoe = Shoe.from_counts(counts)
    report = game_report(game, shoe=shoe)
    assert report.total == sequences(shoe.size)
    for bet in report.bets:
        assert sum(e.probability for e in bet.events) == 1, bet.id
        assert sum(e.combinations for e in bet.events) == report.total, bet.id
        assert all(e.combinations >= 0 for e in bet.events), bet.id
        assert isinstance(bet.expected_value, Fraction)


@pytest.mark.parametrize("decks", range(1, 9))
@pytest.mark.parametrize("columns", [
    ["winner"],
    ["player_total", "banker_total", "player_cards", "banker_cards", "player_third",
     "banker_third"],
    ["player_pair", "banker_pair", "nines"],
    ["nines_same_suit", "winner", "banker_pair_same_colour"],
], ids=["winner", "totals-and-thirds", "deal-columns", "deal-and-round"])
def test_counts_add_up_to_the_falling_factorial(decks, columns):
    cards = 52 * decks
    expected = cards * (cards - 1) * (cards - 2) * (cards - 3) * (cards - 4) * (cards - 5)
    assert sum(outcome_counts(Shoe.from_decks(decks), columns).values()) == expected


@pytest.mark.parametrize("decks", range(1, 9))
def test_21st_century_counts_add_up(decks):
    rules = rules_named("21st-century", "stand")
    counts = outcome_counts(Shoe.from_decks(decks), ["dealer_up", "player_third", "winner"], rules)
    assert sum(counts.values()) == sequences(52 * decks)


@settings(max_examples=40, **SETTINGS)
@given(counts=shoes(SMALL_POOL, max_cards=40),
       columns=st.lists(st.sampled_from(list(COLUMNS)), min_size=1, max_size=4, unique=True),
       rules=st.sampled_from(list(RULES)))
def test_counts_add_up_for_any_columns(counts, columns, rules):
    shoe = Shoe.from_counts(counts)
    got = outcome_counts(shoe, columns, RULES[rules])
    assert sum(got.values()) == sequences(shoe.size)
    assert all(ways > 0 for ways in got.values())
    assert all(len(key) == len(columns) for key in got)


# --- burning a card changes nothing ------------------------------------------------------------------

def _burn_average(shoe: Shoe, measure) -> Fraction | dict:
    """The average of ``measure(shoe less one card)`` over the card, weighted by its count."""
    total = None
    for card, count in zip(DECK, shoe.counts):
        if not count:
            continue
        value = measure(shoe.remove([card]))
        if isinstance(value, dict):
            total = total or {}
            for key, p in value.items():
                total[key] = total.get(key, 0) + count * p
        else:
            total = (total or 0) + count * value
    if isinstance(total, dict):
        return {key: Fraction(p, shoe.size) for key, p in total.items() if p}
    return Fraction(total, shoe.size)


def _probabilities(shoe: Shoe, columns, rules) -> dict[tuple, Fraction]:
    got = outcome_counts(shoe, columns, rules)
    return {key: Fraction(ways, sequences(shoe.size)) for key, ways in got.items()}


@pytest.mark.slow
@settings(max_examples=10, **SETTINGS)
@given(counts=shoes(SMALL_POOL, min_cards=7, max_cards=20, max_count=3),
       rules=st.sampled_from(list(RULES)))
def test_burning_a_card_leaves_every_probability(counts, rules):
    """Every joint probability of the round columns and a few deal columns. Every shoe less
    one card deals N-1 cards, so a probability there is its ways over (N-1)...(N-6): the
    average of the probabilities is the average of the ways over that one number."""
    shoe = Shoe.from_counts(counts)
    columns = ROUND_COLUMNS + ["player_pair", "nines_same_suit", "dealer_up"]
    full = _probabilities(shoe, columns, RULES[rules])
    ways = _burn_average(shoe, lambda s: outcome_counts(s, columns, RULES[rules]))
    assert {key: w / sequences(shoe.size - 1) for key, w in ways.items()} == full


@pytest.mark.slow
@settings(max_examples=10, **SETTINGS)
@given(counts=shoes(SMALL_POOL, min_cards=7, max_cards=24, max_count=3),
       game=st.sampled_from(["rock-bac", "electronic-baccarat", "21st-century"]))
def test_burning_a_card_leaves_every_expected_value(counts, game):
    """The expected value of every bet of the game, averaged over the burnt card (a fixed
    strategy on 5: the optimal one changes with the shoe, and so may its value)."""
    shoe = Shoe.from_counts(counts)
    full = {bet.id: bet.expected_value for bet in game_report(game, shoe=shoe).bets}

    def values(smaller: Shoe) -> dict[str, Fraction]:
        return {bet.id: bet.expected_value for bet in game_report(game, shoe=smaller).bets}

    average = _burn_average(shoe, values)
    assert {bet: average.get(bet, 0) for bet in full} == full


# --- Player and dealer alike under the house way -------------------------------------------------------

SWAP = {"player_total": "banker_total", "player_cards": "banker_cards",
        "player_natural": "banker_natural", "player_wins": "banker_wins",
        "player_two_card_total": "banker_two_card_total", "player_third": "banker_third"}
SWAP.update({v: k for k, v in SWAP.items()})


@settings(max_examples=30, **SETTINGS)
@given(counts=shoes(max_cards=100))
def test_21st_century_house_way_is_symmetric(counts):
    """Both hands hit on 0-5 and stand on 6-9: the Player wins exactly as often as the dealer,
    and every joint count is the same with the hands swapped."""
    shoe = Shoe.from_counts(counts)
    rules = rules_named("21st-century", "house-way")
    winners = outcome_counts(shoe, ["winner"], rules)
    assert winners.get(("player",), 0) == winners.get(("banker",), 0)
    columns = list(SWAP)
    got = outcome_counts(shoe, columns, rules)
    index = {name: i for i, name in enumerate(columns)}
    swapped = {tuple(key[index[SWAP[name]]] for name in columns): ways for key, ways in got.items()}
    assert swapped == got


@settings(max_examples=30, **SETTINGS)
@given(counts=shoes(max_cards=100), rules=st.sampled_from(list(RULES)))
def test_pairs_are_symmetric_between_the_hands(counts, rules):
    """Under any rules the two hands' first two cards are dealt alike."""
    shoe = Shoe.from_counts(counts)
    for kind in ("pair", "pair_same_colour", "pair_same_suit"):
        player = outcome_counts(shoe, [f"player_{kind}"], RULES[rules])
        banker = outcome_counts(shoe, [f"banker_{kind}"], RULES[rules])
        assert player == banker, kind


def test_punto_banco_is_not_symmetric():
    """The tableau favours the Banker: the symmetry test above can tell the two apart."""
    winners = outcome_counts(Shoe.from_decks(1), ["winner"])
    assert winners[("banker",)] > winners[("player",)]


# --- columns together, in any order ---------------------------------------------------------------

@settings(max_examples=40, **SETTINGS)
@given(counts=shoes(SMALL_POOL, max_cards=40),
       columns=st.lists(st.sampled_from(list(COLUMNS)), min_size=2, max_size=4, unique=True),
       rules=st.sampled_from(list(RULES)), data=st.data())
def test_columns_marginalise_and_commute(counts, columns, rules, data):
    shoe = Shoe.from_counts(counts)
    joint = outcome_counts(shoe, columns, RULES[rules])
    # reading fewer columns is adding up over the others
    first = outcome_counts(shoe, columns[:1], RULES[rules])
    summed: dict[tuple, int] = {}
    for key, ways in joint.items():
        summed[key[:1]] = summed.get(key[:1], 0) + ways
    assert summed == first
    # the order of the columns only orders the key
    order = data.draw(st.permutations(range(len(columns))))
    permuted = outcome_counts(shoe, [columns[i] for i in order], RULES[rules])
    assert permuted == {tuple(key[i] for i in order): ways for key, ways in joint.items()}


@settings(max_examples=20, **SETTINGS)
@given(counts=shoes(SMALL_POOL, max_cards=40),
       columns=st.lists(st.sampled_from(list(COLUMNS)), min_size=1, max_size=3, unique=True))
def test_outcome_table_matches_outcome_counts(counts, columns):
    shoe = Shoe.from_counts(counts)
    table = outcome_table(shoe, columns)
    assert table.columns == [*columns, "ways"]
    rows = {tuple(row[:-1]): row[-1] for row in table.iter_rows()}
    assert rows == outcome_counts(shoe, columns)
    assert table["ways"].sum() == sequences(shoe.size)


SUIT_BLIND = ROUND_COLUMNS + ["banker_pair", "player_pair_same_suit", "nines_same_suit"]


@settings(max_examples=12, **SETTINGS)
@given(counts=shoes(SMALL_POOL, max_cards=30), suits=st.permutations("SHDC"),
       rules=st.sampled_from(list(RULES)))
def test_relabelling_suits_changes_nothing_suit_blind(counts, suits, rules):
    """Columns that name no suit or colour count the same after the suits are renamed."""
    rename = dict(zip("SHDC", suits))
    relabelled = {card[0] + rename[card[1]]: n for card, n in counts.items()}
    columns = SUIT_BLIND
    assert (outcome_counts(Shoe.from_counts(relabelled), columns, RULES[rules])
            == outcome_counts(Shoe.from_counts(counts), columns, RULES[rules]))


# --- shoes ---------------------------------------------------------------------------------------

@settings(max_examples=50, **SETTINGS)
@given(counts=shoes(max_cards=100), data=st.data())
def test_removing_cards(counts, data):
    shoe = Shoe.from_counts(counts)
    present = [card for card, n in counts.items() for _ in range(n)]
    removed = data.draw(st.lists(st.sampled_from(present), max_size=max(0, len(present) - 6)))
    left = dict(counts)
    for card in removed:
        left[card] -= 1
    if sum(left.values()) < 6 or any(v < 0 for v in left.values()):
        with pytest.raises(ShoeError):
            shoe.remove(removed)
        return
    smaller = shoe.remove(removed)
    assert smaller == Shoe.from_counts(left)
    assert smaller.size == shoe.size - len(removed)
    absent = data.draw(st.sampled_from([c for c in DECK if left.get(c, 0) == 0] or ["none"]))
    if absent != "none":
        with pytest.raises(ShoeError):
            smaller.remove([absent])


def test_outcome_table_beyond_int64():
    """30 decks: the counts no longer fit 64 bits; the table widens rather than overflows."""
    shoe = Shoe.from_decks(30)
    assert sequences(shoe.size) >= 2**63
    table = outcome_table(shoe, ["winner"])
    assert dict(zip(table["winner"], table["ways"])) == {
        key[0]: ways for key, ways in outcome_counts(shoe, ["winner"]).items()}
    assert table["ways"].sum() == sequences(shoe.size)
