"""Side bets that read every card (tables/extra/): each against a published figure with its
source named, and each against the brute force on small shoes, count for count.

The brute force settles each bet from the explicit cards of every round
(``bruteforce.card_rounds``: the hands as card strings), written here from the bet's rules
in words, not from its YAML.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction as F
from functools import cache

import bruteforce as bf
import pytest
from catalogue import shoes

from exact_odds.analysis.report import game_report
from exact_odds.shoe import Shoe

EIGHT_DECKS = 4998398275503360  # 416*415*414*413*412*411


def report(game: str, **kwargs):
    return game_report(f"extra/{game}", **kwargs)


def combinations(bet) -> dict[str, int]:
    return {e.event: e.combinations for e in bet.events}


# --- published figures ----------------------------------------------------------------------

def test_contrast_bonus_wizardofodds_contrast():
    """Contrast Bonus, 8 decks (wizardofodds.com/games/baccarat/side-bets/contrast): six,
    five and four total cards 49,975,532,181,504 / 95,217,257,023,488 / 237,970,360,442,880;
    the loser row is printed ...490 (15 significant digits), exactly the rest."""
    bet = report("contrast-bonus").bet("contrast-bonus")
    rows = combinations(bet)
    assert rows["Six total cards"] == 49975532181504
    assert rows["Five total cards"] == 95217257023488
    assert rows["Four total cards"] == 237970360442880
    assert rows["Colours not in contrast"] == EIGHT_DECKS - 49975532181504 - 95217257023488 \
        - 237970360442880
    assert f"{float(rows['Colours not in contrast']):.15g}" == "4.61523512585549e+15"
    # pay table 3 (the Casino Admiral's): the page's return
    assert round(float(bet.expected_value), 6) == -0.061505


def test_colour_match_888casino():
    """Colour Match, 8 decks, 6 to 1: house edge 13.7635% (888casino blog, 'Card Counting the
    Colour Match Baccarat Side Bet')."""
    bet = report("colour-match").bet("colour-match")
    assert round(float(bet.house_edge) * 100, 4) == 13.7635


@pytest.mark.parametrize("bet_id", ["player-majestic-match", "banker-majestic-match"])
def test_majestic_match_wizardofodds(bet_id):
    """Majestic Match, 8 decks (wizardofodds.com/games/baccarat/side-bets/majestic-match):
    of 86,320 two-card hands, 256 suited king-queen and 21,168 other suited; house edge
    6.46%. The Banker bet is the Player bet mirrored."""
    bet = report("majestic-match").bet(bet_id)
    probability = {e.event: e.probability for e in bet.events}
    assert probability["King and queen suited"] == F(256, 86320)
    assert probability["Same suit"] == F(21168, 86320)
    assert probability["Other"] == F(64896, 86320)
    assert round(float(bet.house_edge) * 100, 2) == 6.46


@pytest.mark.parametrize("bet_id, event, combos, published_return", [
    ("low-tie-max", "Tie with no card worth 6 to 9", 74570116880640, -0.164547),
    ("high-tie-max", "Tie with a card worth 6 to 9", 401057309592576, -0.117391),
])
def test_tie_max_daikenfudousan_egalite(bet_id, event, combos, published_return):
    """Low and High Tie Max, 8 decks (the Egalite page, daikenfudousan.com mirror of the
    Wizard of Odds): combinations and return."""
    bet = report("tie-max").bet(bet_id)
    assert combinations(bet)[event] == combos
    assert round(float(bet.expected_value), 6) == published_return


# --- the brute force on small shoes -------------------------------------------------------

SHOES = shoes("kings-queens-sevens", "aces-and-pictures")


def colour(card: str) -> str:
    return "red" if card[1] in "HD" else "black"


def contrast(p: tuple[str, ...], b: tuple[str, ...]) -> str:
    colours_p, colours_b = {colour(c) for c in p}, {colour(c) for c in b}
    if len(colours_p) == 1 and len(colours_b) == 1 and colours_p != colours_b:
        return {6: "Six total cards", 5: "Five total cards", 4: "Four total cards"}[len(p + b)]
    return "Colours not in contrast"


def colour_match(p: tuple[str, ...], b: tuple[str, ...]) -> str:
    return "Four cards of one colour" if len({colour(c) for c in p[:2] + b[:2]}) == 1 \
        else "Mixed colours"


def majestic(hand: tuple[str, ...]) -> str:
    if hand[0][1] != hand[1][1]:
        return "Other"
    return "King and queen suited" if {hand[0][0], hand[1][0]} == {"K", "Q"} else "Same suit"


def total(hand: tuple[str, ...]) -> int:
    return sum(bf.point(c) for c in hand) % 10


def tie_max(p: tuple[str, ...], b: tuple[str, ...], low: bool) -> str:
    if total(p) != total(b):
        return "Anything else"
    has_high = any(bf.point(c) >= 6 for c in p + b)
    if low and not has_high:
        return "Tie with no card worth 6 to 9"
    if not low and has_high:
        return "Tie with a card worth 6 to 9"
    return "Anything else"


Settle = Callable[[tuple[str, ...], tuple[str, ...]], str]
BETS: list[tuple[str, str, Settle]] = [
    ("contrast-bonus", "contrast-bonus", contrast),
    ("colour-match", "colour-match", colour_match),
    ("majestic-match", "player-majestic-match", lambda p, b: majestic(p)),
    ("majestic-match", "banker-majestic-match", lambda p, b: majestic(b)),
    ("tie-max", "low-tie-max", lambda p, b: tie_max(p, b, low=True)),
    ("tie-max", "high-tie-max", lambda p, b: tie_max(p, b, low=False)),
]


def test_the_small_shoes_reach_every_event():
    """Every event of every bet happens on one of the brute force's shoes (the low Tie Max's
    tie without a card worth 6 to 9 on the aces' shoe only), so each is checked below
    count for count; draws happen on both (five and six cards in contrast)."""
    for game, bet_id, _ in BETS:
        reached = {e.event for shoe in SHOES.values()
                   for e in report(game, shoe=Shoe.from_counts(shoe)).bet(bet_id).events
                   if e.combinations}
        assert reached == {e.event for e in report(game).bet(bet_id).events}, bet_id


@cache
def brute_hands(shoe: str) -> tuple[tuple[tuple[str, ...], tuple[str, ...], int], ...]:
    """Every round of the shoe as its two hands of explicit cards, with its count."""
    return tuple((o["player_hand"], o["banker_hand"], ways)
                 for o, ways in bf.card_rounds(SHOES[shoe]))


@pytest.mark.slow
@pytest.mark.parametrize("shoe", list(SHOES))
@pytest.mark.parametrize("game, bet_id, settle", BETS, ids=[b[1] for b in BETS])
def test_side_bet_against_the_brute_force(game, bet_id, settle, shoe):
    """Every event of the bet counts the rounds the brute force settles to it."""
    brute: dict[str, int] = {}
    for player, banker, ways in brute_hands(shoe):
        event = settle(player, banker)
        brute[event] = brute.get(event, 0) + ways
    bet = report(game, shoe=Shoe.from_counts(SHOES[shoe])).bet(bet_id)
    engine = {e.event: e.combinations for e in bet.events if e.combinations}
    assert engine == brute
    assert sum(brute.values()) == bf.total_sequences(sum(SHOES[shoe].values()))
