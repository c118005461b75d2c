"""An independent brute force for the games of issue 39: a bettor who may draw (Lucky Draw
Baccarat and its kin) and hands dealt without draws, ranked by values of the hand (Three
Card Baccarat and its kin).

Written from the rules in words, not from the engine: every physical card of the shoe is
its own item (two nines of diamonds are two cards), every deal is enumerated card by card,
and nothing is grouped into classes. Only the standard library, ``Fraction`` and the
first brute force's point value of a card (``bruteforce.point``).

Counting convention (the program's): a round counts ORDERED SIX-CARD SEQUENCES of distinct
physical cards. A round dealt with k < 6 cards stands for each way of filling the six-k
positions it leaves, (N-k)(N-k-1)...(N-5) of them, so every round's counts add up to
N(N-1)(N-2)(N-3)(N-4)(N-5).

A bettor who may draw (``deal_draw_game``)
-----------------------------------------
Two cards to the bettor (the vocabulary's Player), two to the dealer (its Banker), dealt
bettor, dealer, bettor, dealer; the dealer's first card is face up. No naturals. On a
two-card total the game lets him, the bettor stands or draws one card; on any other total
he stands. Then the dealer, whatever the bettor did, draws one card on a two-card total
the game names. A total is the point values (ace 1, two to nine as marked, tens and
pictures 0) modulo 10; the higher total wins.

Every deal of the first four cards is played both ways (stand, draw) where the bettor may
choose, and each finished round is recorded with what the bettor saw: his two cards'
point values (low, high) and the up card's, or his two-card total and the up card's.
``best_play`` then values each choice in each information state by a pay function given
in words by the test, and picks the higher (standing on an exact tie).

Hands without draws (``deal_hands``)
------------------------------------
``cards`` cards to each hand (Player, dealer, Player, ...), kept; each hand valued by a
function of its explicit cards; the count of each pair of values. On a small shoe every
pair of disjoint explicit hands is listed (``deal_hands``); for three cards each on the
full deck, every explicit hand is listed and the dealer's hands disjoint from it are
counted by inclusion-exclusion over the cards they share (``deal_three_card_hands``).
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Callable, Hashable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from itertools import combinations, permutations
from math import factorial
from typing import TypeVar

from bruteforce import point  # a card's point value: ace 1, two to nine, tens and pictures 0

RANKS = "A23456789TJQK"
SUITS = "SHDC"
FACES = "JQK"  # a ten is not a face
ONE_DECK = {rank + suit: 1 for rank in RANKS for suit in SUITS}


def is_face(card: str) -> bool:
    return card[0] in FACES


def explicit_cards(counts: Mapping[str, int]) -> list[str]:
    """Every physical card of the shoe, one item each (copies repeated)."""
    cards: list[str] = []
    for card, count in counts.items():
        assert len(card) == 2 and card[0] in RANKS and card[1] in SUITS, card
        cards.extend([card] * count)
    assert len(cards) >= 6, "a round may need six cards"
    return cards


def falling(n: int, k: int) -> int:
    """n (n-1) ... (n-k+1): the ordered ways to fill k positions from n cards."""
    result = 1
    for i in range(k):
        result *= n - i
    return result


def sequences(counts: Mapping[str, int]) -> int:
    """The ordered six-card sequences of the shoe: every round's counts add up to this."""
    return falling(len(explicit_cards(counts)), 6)


# ---------------------------------------------------------------------------
# A bettor who may draw
# ---------------------------------------------------------------------------

#: A finished round, as the settlement reads it: (the bettor drew, his final total, the
#: dealer's final total).
Finish = tuple[bool, int, int]
#: What the bettor sees: (low, high, up) of point values, or (two-card total, up).
Info = tuple[int, ...]


@dataclass(frozen=True)
class DrawRounds:
    """Every round of a shoe played both ways where the bettor may choose.

    ``weight[info]``: the six-card sequences whose first four cards show ``info``;
    ``played[info][choice][finish]``: of those, the sequences finishing so when the bettor
    makes ``choice`` (``True`` draws) in that state; each choice's counts add up to
    ``weight[info]``. ``optional``: the states where he may choose (elsewhere he stands).
    """

    total: int
    weight: dict[Info, int]
    played: dict[Info, dict[bool, Counter[Finish]]]
    optional: frozenset[Info]


@cache
def deal_draw_game(shoe: tuple[tuple[str, int], ...], may_draw: frozenset[int],
                   dealer_draws: frozenset[int], sees: str) -> DrawRounds:
    """Deal every ordered sequence of explicit cards of ``shoe`` (pairs of card and count).

    ``may_draw``: the bettor's two-card totals on which he may draw; ``dealer_draws``: the
    dealer's two-card totals on which he draws; ``sees``: ``"cards"`` (the bettor's two
    point values, low and high, and the up card's) or ``"total"`` (his two-card total and
    the up card's).
    """
    assert sees in ("cards", "total")
    cards = explicit_cards(dict(shoe))
    values = [point(card) for card in cards]
    n = len(cards)
    weight: dict[Info, int] = defaultdict(int)
    played: dict[Info, dict[bool, Counter[Finish]]] = defaultdict(
        lambda: {False: Counter(), True: Counter()})
    optional: set[Info] = set()
    fill_four = falling(n - 4, 2)  # a round of four cards: the two positions left
    fill_five = n - 5              # a round of five cards: the one position left
    for p1, d1, p2, d2 in permutations(range(n), 4):
        bettor = (values[p1] + values[p2]) % 10
        dealer = (values[d1] + values[d2]) % 10
        up = values[d1]
        if sees == "cards":
            info: Info = (min(values[p1], values[p2]), max(values[p1], values[p2]), up)
        else:
            info = (bettor, up)
        weight[info] += fill_four
        rest = [values[m] for m in range(n) if m not in (p1, d1, p2, d2)]
        rounds = played[info]
        # He stands: the dealer draws on his totals, whatever the bettor did.
        stood = rounds[False]
        if dealer in dealer_draws:
            for card in rest:
                stood[(False, bettor, (dealer + card) % 10)] += fill_five
        else:
            stood[(False, bettor, dealer)] += fill_four
        if bettor not in may_draw:
            continue
        optional.add(info)
        drew = rounds[True]
        for first, card in enumerate(rest):
            final = (bettor + card) % 10
            if dealer in dealer_draws:
                for second, dealer_card in enumerate(rest):
                    if second != first:
                        drew[(True, final, (dealer + dealer_card) % 10)] += 1
            else:
                drew[(True, final, dealer)] += fill_five
    return DrawRounds(falling(n, 6), dict(weight), dict(played), frozenset(optional))


def draw_rounds(counts: Mapping[str, int], may_draw: range | frozenset[int] = range(10),
                dealer_draws: range | frozenset[int] = range(5), sees: str = "cards") -> DrawRounds:
    """``deal_draw_game`` for a shoe given as ``{card: count}`` (Lucky Draw by default:
    the bettor may draw on every total, the dealer draws on 0-4, the bettor sees his cards)."""
    return deal_draw_game(tuple(sorted(counts.items())), frozenset(may_draw),
                          frozenset(dealer_draws), sees)


@dataclass(frozen=True)
class StateValue:
    """One information state where the bettor may choose: the exact expected values of
    standing and of drawing (per unit of the first bet), and the choice."""

    info: Info
    probability: Fraction
    ev_stand: Fraction
    ev_draw: Fraction

    @property
    def draws(self) -> bool:
        return self.ev_draw > self.ev_stand  # an exact tie stands


def expected(finishes: Counter[Finish], weight: int, value: Callable[[Finish], Fraction]) -> Fraction:
    return Fraction(sum(ways * value(finish) for finish, ways in finishes.items()), weight)


def best_play(rounds: DrawRounds, value: Callable[[Finish], Fraction]) -> dict[Info, StateValue]:
    """Each optional state valued both ways by ``value`` (the round's net for the bets
    played for, per unit of the first bet), with the better choice."""
    states = {}
    for info in rounds.optional:
        weight = rounds.weight[info]
        played = rounds.played[info]
        assert sum(played[False].values()) == sum(played[True].values()) == weight
        states[info] = StateValue(info, Fraction(weight, rounds.total),
                                  expected(played[False], weight, value),
                                  expected(played[True], weight, value))
    return states


def finishes_under(rounds: DrawRounds, draws: Callable[[Info], bool]) -> Counter[Finish]:
    """The count of each finished round when the bettor draws where ``draws(info)``."""
    total: Counter[Finish] = Counter()
    for info, played in rounds.played.items():
        total.update(played[info in rounds.optional and draws(info)])
    assert sum(total.values()) == rounds.total
    return total


# ---------------------------------------------------------------------------
# Hands dealt without draws, ranked by their values
# ---------------------------------------------------------------------------

Hand = tuple[str, ...]
Key = TypeVar("Key", bound=Hashable)


def deal_hands(counts: Mapping[str, int], cards: int, value: Callable[[Hand], Key]
               ) -> Counter[tuple[Key, Key]]:
    """The six-card sequences giving each pair (the Player hand's value, the dealer hand's):
    every Player hand of ``cards`` explicit cards, every dealer hand of the cards left.

    A pair of hands (as sets of physical cards) is dealt in cards!² orders (the Player's
    cards into his positions, the dealer's into his) and leaves 6 - 2 x cards positions to
    fill from the N - 2 x cards cards left."""
    shoe = explicit_cards(counts)
    n = len(shoe)
    each = factorial(cards) ** 2 * falling(n - 2 * cards, 6 - 2 * cards)
    result: Counter[tuple[Key, Key]] = Counter()
    for player in combinations(range(n), cards):
        left = [m for m in range(n) if m not in player]
        mine = value(tuple(shoe[m] for m in player))
        for dealer in combinations(left, cards):
            result[(mine, value(tuple(shoe[m] for m in dealer)))] += each
    return result


def deal_hands_in_order(counts: Mapping[str, int], cards: int, value: Callable[[Hand], Key]
                        ) -> Counter[tuple[Key, Key]]:
    """The same as ``deal_hands`` by the plainest route: every ordered six-card sequence,
    the Player's cards in positions 1, 3, 5, the dealer's in 2, 4, 6 (a tiny shoe only)."""
    shoe = explicit_cards(counts)
    result: Counter[tuple[Key, Key]] = Counter()
    for deal in permutations(shoe, 6):
        result[(value(deal[0:2 * cards:2]), value(deal[1:2 * cards:2]))] += 1
    return result


def deal_three_card_hands(value: Callable[[Hand], Key], counts: Mapping[str, int] = ONE_DECK
                          ) -> Counter[tuple[Key, Key]]:
    """``deal_hands`` for three cards each, fast enough for the full deck: each explicit
    Player hand (22,100 of one deck) against the dealer hands of the cards left, counted by
    inclusion-exclusion over physical cards (every hand, less those holding one of the
    Player's cards, plus those holding two, less the Player's own hand)."""
    shoe = explicit_cards(counts)
    assert len(shoe) >= 6
    hands = [(hand, value(tuple(shoe[m] for m in hand))) for hand in combinations(range(len(shoe)), 3)]
    keys = sorted({key for _, key in hands}, key=repr)
    slot = {key: i for i, key in enumerate(keys)}
    every = [0] * len(keys)
    holding = [[0] * len(keys) for _ in shoe]
    holding_two: dict[tuple[int, int], list[int]] = defaultdict(lambda: [0] * len(keys))
    for hand, key in hands:
        i = slot[key]
        every[i] += 1
        for card in hand:
            holding[card][i] += 1
        for two in combinations(hand, 2):
            holding_two[two][i] += 1
    pairs: dict[Key, list[int]] = {key: [0] * len(keys) for key in keys}
    for hand, key in hands:
        a, b, c = (holding[card] for card in hand)
        ab, ac, bc = (holding_two[two] for two in combinations(hand, 2))
        row = pairs[key]
        for i in range(len(keys)):
            row[i] += every[i] - a[i] - b[i] - c[i] + ab[i] + ac[i] + bc[i]
        row[slot[key]] -= 1
    each = factorial(3) ** 2  # six cards dealt: no position is left to fill
    result: Counter[tuple[Key, Key]] = Counter()
    for key, row in pairs.items():
        for i, ways in enumerate(row):
            if ways:
                result[(key, keys[i])] = ways * each
    return result


def three_card_value(hand: Hand) -> tuple[int, int, bool]:
    """A Three Card Baccarat hand as its rules say: (its points, its faces, three faces)."""
    faces = sum(is_face(card) for card in hand)
    return sum(point(card) for card in hand) % 10, faces, faces == 3


def three_card_winner(player: tuple[int, int, bool], dealer: tuple[int, int, bool]) -> str:
    """The rules in words: three faces beat every other hand; then more points; equal
    points, more faces; otherwise a tie (two hands of three faces tie)."""
    (p_points, p_faces, p_three), (d_points, d_faces, d_three) = player, dealer
    if p_three or d_three:
        return "tie" if p_three and d_three else "player" if p_three else "dealer"
    if p_points != d_points:
        return "player" if p_points > d_points else "dealer"
    if p_faces != d_faces:
        return "player" if p_faces > d_faces else "dealer"
    return "tie"
