"""An independent brute force for chemin de fer: both sides' expected results for ANY pair
of behaviour strategies, on a finite shoe or on the infinite deck.

Written from the rules in words (tables/rules/chemin-de-fer.yaml's readings), not from the
engine: it never imports ``exact_odds``. Only the standard library and ``Fraction``.

The round
---------
Player, Banker, Player, Banker, face down. A two-card 8 or 9 in either hand (a natural)
ends the round. Otherwise the Player draws on 0-4, stands on 6-7, and on a two-card 5 draws
with his strategy's probability at what he sees; then the Banker (at 0-7: he holds no
natural), seeing what the information model says, draws with his strategy's probability
there. The higher total wins, equal totals tie. Settlement per unit: the Player +1 on a win,
-1 on a loss; the Banker +1 on a win less the commission (+19/20 at 5%), -1 on a loss;
ties 0.

What each side sees (``information``)
-------------------------------------
- ``totals``: the Player his total, ``(5,)``; the Banker ``(his total, the Player's third
  card's point value or None when the Player stood)``.
- ``banker-cards``: the Player as above; the Banker ``(low, high, third or None)``, his two
  cards' point values.
- ``both-cards``: the Player ``(low, high)`` of his two point values; the Banker as above.

A strategy is a dict from each of a side's information states to his probability of
drawing there (a ``Fraction``); a missing state is an error, not a default.

Counting
--------
Every ordered sequence of point values of the first four cards, then of the third cards,
each weighted by its exact removal weight: the count of that value left in the shoe when it
is dealt (with replacement on the infinite deck, one deck of 13 cards put back each time: a
0 has weight 4, each of 1-9 weight 1). A round dealt with k < 6 cards is weighted by the
ways of filling the 6 - k positions it leaves, so every round stands for its ordered
six-card sequences and they add up to N(N-1)...(N-5) (13^6 on the infinite deck). Every
choice is played both ways; ``evaluate`` weights each way by the strategies' probabilities:
a mixed choice counted once per equally likely draw of it, as its probability says.

``explicit_rounds`` deals the same rounds from explicit physical cards, one six-card
permutation at a time (a tiny shoe only): the check of the value-sequence weights.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from itertools import permutations

RANKS = "A23456789TJQK"
SUITS = "SHDC"
INFORMATION = ("totals", "banker-cards", "both-cards")
COMMISSION = {"5%": Fraction(1, 20), "0%": Fraction(0)}
PLAYER, BANKER = "player", "banker"

State = tuple[int | None, ...]
Strategy = Mapping[State, Fraction]


def point(card: str) -> int:
    """Ace 1, two to nine as marked, tens and pictures 0."""
    rank = card[0]
    return 1 if rank == "A" else int(rank) if rank in "23456789" else 0


@dataclass(frozen=True)
class ValueShoe:
    """How many cards of each point value 0-9 the shoe holds; ``replacement``: each card is
    put back (the infinite deck: one deck's 13 ranks, 0 four times)."""

    counts: tuple[int, ...]
    replacement: bool = False

    @property
    def size(self) -> int:
        return sum(self.counts)

    @property
    def sequences(self) -> int:
        """Ordered six-card sequences: what every round's weights add up to."""
        return self.size ** 6 if self.replacement else falling(self.size, 6)


def falling(n: int, k: int) -> int:
    result = 1
    for i in range(k):
        result *= n - i
    return result


def decks(n: int) -> ValueShoe:
    """``n`` decks: 16 n cards of value 0 (tens and pictures), 4 n of each of 1-9."""
    return ValueShoe((16 * n, *([4 * n] * 9)))


INFINITE = ValueShoe((4, 1, 1, 1, 1, 1, 1, 1, 1, 1), replacement=True)


def from_cards(counts: Mapping[str, int]) -> ValueShoe:
    """A shoe of explicit cards (``{"9D": 2, ...}``) as counts of point values."""
    values = [0] * 10
    for card, count in counts.items():
        assert len(card) == 2 and card[0] in RANKS and card[1] in SUITS, card
        values[point(card)] += count
    return ValueShoe(tuple(values))


def natural(total: int) -> bool:
    return total >= 8


#: A finished round as the brute force records it: (Player's two point values low-high,
#: Banker's likewise, whether the Player drew (None: a natural ended the round), the
#: Player's third card or None, whether the Banker drew (None: a natural)).
Leaf = tuple[tuple[int, int], tuple[int, int], bool | None, int | None, bool | None]
#: Weights of a leaf's six-card sequences by result: (Player wins, Banker wins, ties).
Results = tuple[int, int, int]


@cache
def rounds(shoe: ValueShoe) -> dict[Leaf, Results]:
    """Every round of the shoe, each choice played both ways, by its results' weights."""
    left = list(shoe.counts)
    n = shoe.size
    found: dict[Leaf, list[int]] = defaultdict(lambda: [0, 0, 0])

    def take(value: int) -> int:
        weight = left[value]
        if not shoe.replacement:
            left[value] -= 1
        return weight

    def put(value: int) -> None:
        if not shoe.replacement:
            left[value] += 1

    def fill(used: int) -> int:
        """Ways to fill the positions a round of ``used`` cards leaves."""
        return n ** (6 - used) if shoe.replacement else falling(n - used, 6 - used)

    def settle(leaf: Leaf, player: int, banker: int, weight: int) -> None:
        slot = 0 if player > banker else 1 if banker > player else 2
        found[leaf][slot] += weight

    def banker_plays(pair: tuple[int, int], cards: tuple[int, int], drew: bool,
                     third: int | None, player: int, banker: int, used: int, weight: int
                     ) -> None:
        # He stands ...
        settle((pair, cards, drew, third, False), player, banker, weight * fill(used))
        # ... or draws one card.
        for card in range(10):
            if left[card]:
                ways = weight * take(card)
                settle((pair, cards, drew, third, True), player, (banker + card) % 10,
                       ways * fill(used + 1))
                put(card)

    for p1 in range(10):
        if not left[p1]:
            continue
        w1 = take(p1)
        for b1 in range(10):
            if not left[b1]:
                continue
            w2 = w1 * take(b1)
            for p2 in range(10):
                if not left[p2]:
                    continue
                w3 = w2 * take(p2)
                for b2 in range(10):
                    if not left[b2]:
                        continue
                    w4 = w3 * take(b2)
                    player, banker = (p1 + p2) % 10, (b1 + b2) % 10
                    pair, cards = (min(p1, p2), max(p1, p2)), (min(b1, b2), max(b1, b2))
                    if natural(player) or natural(banker):
                        settle((pair, cards, None, None, None), player, banker, w4 * fill(4))
                    else:
                        if player <= 5:  # draws on 0-4; on 5 he may
                            for card in range(10):
                                if left[card]:
                                    w5 = w4 * take(card)
                                    banker_plays(pair, cards, True, card, (player + card) % 10,
                                                 banker, 5, w5)
                                    put(card)
                        if player >= 5:  # stands on 6-7; on 5 he may
                            banker_plays(pair, cards, False, None, player, banker, 4, w4)
                    put(b2)
                put(p2)
            put(b1)
        put(p1)
    result = {leaf: (won, lost, tied) for leaf, (won, lost, tied) in found.items()}
    check_weights(shoe, result)
    return result


def check_weights(shoe: ValueShoe, found: Mapping[Leaf, Results]) -> None:
    """Each way of playing the choices covers the shoe's six-card sequences once: the
    Player's draw on 5 played one way, and every Banker choice one way, add up to all."""
    for player_draws in (True, False):
        total = 0
        for (pair, _, drew, _, banker_drew), results in found.items():
            chosen = drew is None or (sum(pair) % 10 != 5 or drew == player_draws)
            if chosen and banker_drew in (None, True):
                total += sum(results)
        assert total == shoe.sequences, (player_draws, total, shoe.sequences)


Hand = tuple[str, ...]


def explicit_plays(counts: Mapping[str, int]) -> Iterator[tuple[Leaf, Hand, Hand]]:
    """Every ordered six-card sequence of explicit physical cards (two cards of the same
    name are two cards), each once, played every way the choices allow: the Player's cards
    in positions 1 and 3, the Banker's in 2 and 4, the next card to whoever draws first, the
    one after to the Banker if he draws after the Player. Yields (the round as ``rounds``
    records it, the Player's cards, the Banker's). A tiny shoe only (N!/(N-6)! sequences)."""
    cards = [card for card, count in counts.items() for _ in range(count)]
    for deal in permutations(range(len(cards)), 6):
        names = [cards[i] for i in deal]
        v = [point(card) for card in names]
        player, banker = (v[0] + v[2]) % 10, (v[1] + v[3]) % 10
        pair, hand = (min(v[0], v[2]), max(v[0], v[2])), (min(v[1], v[3]), max(v[1], v[3]))
        two = (names[0], names[2]), (names[1], names[3])
        if player in (8, 9) or banker in (8, 9):
            yield (pair, hand, None, None, None), *two
            continue
        for drew in [True] if player < 5 else [False] if player > 5 else [True, False]:
            mine = (*two[0], names[4]) if drew else two[0]
            next_card = names[5] if drew else names[4]
            third = v[4] if drew else None
            yield (pair, hand, drew, third, False), mine, two[1]
            yield (pair, hand, drew, third, True), mine, (*two[1], next_card)


def total(cards: Hand) -> int:
    return sum(map(point, cards)) % 10


def explicit_rounds(counts: Mapping[str, int]) -> dict[Leaf, Results]:
    """``rounds`` again, from ``explicit_plays``: the check of the value-sequence weights."""
    found: dict[Leaf, list[int]] = defaultdict(lambda: [0, 0, 0])
    for leaf, player, banker in explicit_plays(counts):
        p, b = total(player), total(banker)
        found[leaf][0 if p > b else 1 if b > p else 2] += 1
    return {leaf: (won, lost, tied) for leaf, (won, lost, tied) in found.items()}


def card_rounds(counts: Mapping[str, int], player: Strategy, banker: Strategy,
                information: str = "totals") -> dict[tuple[Hand, Hand], Fraction]:
    """Every round of a tiny shoe as explicit hands under the two strategies: (the Player's
    cards, the Banker's) -> six-card sequences, each sequence weighted by the chance of the
    choices that deal it so (an integer for pure strategies)."""
    found: dict[tuple[Hand, Hand], Fraction] = defaultdict(Fraction)
    for leaf, mine, his in explicit_plays(counts):
        p_state, p_draws, b_state, b_draws = key_of(leaf, information)
        weight = chance(player, p_state, p_draws) * chance(banker, b_state, b_draws)
        if weight:
            found[(mine, his)] += weight
    return dict(found)


# ---------------------------------------------------------------------------
# What each side sees, and the expected results of a pair of strategies
# ---------------------------------------------------------------------------

def player_state(pair: tuple[int, int], information: str) -> State:
    return pair if information == "both-cards" else ((pair[0] + pair[1]) % 10,)


def banker_state(cards: tuple[int, int], third: int | None, information: str) -> State:
    if information == "totals":
        return ((cards[0] + cards[1]) % 10, third)
    return (*cards, third)


def player_states(information: str) -> list[State]:
    """The Player's states: where he holds a two-card 5."""
    if information != "both-cards":
        return [(5,)]
    return [(a, b) for a in range(10) for b in range(a, 10) if (a + b) % 10 == 5]


def banker_states(information: str) -> list[State]:
    """The Banker's states: every total 0-7 (or two cards making it), against each third
    card of the Player and against his standing."""
    thirds: list[int | None] = [*range(10), None]
    if information == "totals":
        return [(total, third) for total in range(8) for third in thirds]
    return [(a, b, third) for a in range(10) for b in range(a, 10) if (a + b) % 10 < 8
            for third in thirds]


#: (Player's state or None where he may not choose, whether he drew, Banker's state or None
#: after a natural, whether he drew) -> results' weights.
Key = tuple[State | None, bool | None, State | None, bool | None]


@dataclass(frozen=True)
class Game:
    """The rounds of one shoe grouped by what each side sees under one information model,
    and the commission on the Banker's wins."""

    shoe: ValueShoe
    information: str
    commission: Fraction
    table: dict[Key, Results]

    @property
    def total(self) -> int:
        return self.shoe.sequences

    def payoff(self, side: str, results: Results) -> Fraction:
        """A side's sum of weights times results (Player: +1 / -1; Banker: +1 less the
        commission / -1)."""
        player_wins, banker_wins, _ = results
        if side == PLAYER:
            return Fraction(player_wins - banker_wins)
        return banker_wins * (1 - self.commission) - player_wins


def key_of(leaf: Leaf, information: str) -> Key:
    """A finished round as each side saw it: his state (None where he did not choose) and
    his choice."""
    pair, cards, drew, third, banker_drew = leaf
    if drew is None:
        return (None, None, None, None)
    chooses = (pair[0] + pair[1]) % 10 == 5
    return (player_state(pair, information) if chooses else None, drew,
            banker_state(cards, third, information), banker_drew)


@cache
def game(shoe: ValueShoe, information: str = "totals", commission: str = "0%") -> Game:
    assert information in INFORMATION, information
    table: dict[Key, list[int]] = defaultdict(lambda: [0, 0, 0])
    for leaf, results in rounds(shoe).items():
        row = table[key_of(leaf, information)]
        for i in range(3):
            row[i] += results[i]
    return Game(shoe, information, COMMISSION[commission],
                {key: (a, b, c) for key, (a, b, c) in table.items()})


def chance(strategy: Strategy, state: State | None, draws: bool | None) -> Fraction:
    """The probability a side makes the choice ``draws`` at ``state`` (None: no choice)."""
    if state is None or draws is None:
        return Fraction(1)
    p = Fraction(strategy[state])
    assert 0 <= p <= 1, (state, p)
    return p if draws else 1 - p


def evaluate(g: Game, player: Strategy, banker: Strategy) -> tuple[Fraction, Fraction]:
    """(The Player's expected result, the Banker's) per unit under the two strategies."""
    sums = {PLAYER: Fraction(0), BANKER: Fraction(0)}
    for (p_state, p_draws, b_state, b_draws), results in g.table.items():
        weight = chance(player, p_state, p_draws) * chance(banker, b_state, b_draws)
        if weight:
            for side in sums:
                sums[side] += weight * g.payoff(side, results)
    return sums[PLAYER] / g.total, sums[BANKER] / g.total


@dataclass(frozen=True)
class StateValues:
    """One side's expected result (the whole round, per unit) if at ``state`` he always
    draws, or always stands, his other states and the other side unchanged."""

    state: State
    draw: Fraction
    stand: Fraction

    @property
    def gain(self) -> Fraction:
        """Draw less stand: positive where drawing is better."""
        return self.draw - self.stand


def state_values(g: Game, side: str, player: Strategy, banker: Strategy) -> dict[State, StateValues]:
    """For each state of ``side``: his expected result with that state switched to always
    draw and to always stand. Each finished round involves at most one state of each side,
    so his result is (rounds at no state of his) + sum over his states s of
    p(s) D(s) + (1 - p(s)) S(s); the function checks that sum against ``evaluate``."""
    own = player if side == PLAYER else banker
    index = 0 if side == PLAYER else 2
    draw: dict[State, Fraction] = defaultdict(Fraction)
    stand: dict[State, Fraction] = defaultdict(Fraction)
    rest = Fraction(0)
    for key, results in g.table.items():
        p_state, p_draws, b_state, b_draws = key
        other = (chance(banker, b_state, b_draws) if side == PLAYER
                 else chance(player, p_state, p_draws))
        amount = other * g.payoff(side, results)
        state, draws = key[index], key[index + 1]
        if state is None:
            rest += amount
        elif draws:
            draw[state] += amount
        else:
            stand[state] += amount
    played = {s: own[s] * draw[s] + (1 - own[s]) * stand[s] for s in own}
    value = rest + sum(played.values(), Fraction(0))
    assert value / g.total == evaluate(g, player, banker)[0 if side == PLAYER else 1]
    return {s: StateValues(s, (value - played[s] + draw[s]) / g.total,
                           (value - played[s] + stand[s]) / g.total) for s in own}


def best_answer(g: Game, side: str, player: Strategy, banker: Strategy,
                on_tie: bool | None = None) -> dict[State, Fraction]:
    """``side``'s pure best answer to the other's strategy (``side``'s own strategy in the
    arguments is only a starting point): draw where drawing is worth more. An exact tie
    takes ``on_tie`` (None: an error, the answer is not unique)."""
    answer = {}
    for state, values in state_values(g, side, player, banker).items():
        if values.gain == 0:
            assert on_tie is not None, f"{side} is indifferent at {state}"
            answer[state] = Fraction(int(on_tie))
        else:
            answer[state] = Fraction(int(values.gain > 0))
    return answer


def exploitability(g: Game, player: Strategy, banker: Strategy) -> Fraction:
    """NashConv: what each side gains by his best answer to the other, summed (zero, exactly,
    at an equilibrium)."""
    value_p, value_b = evaluate(g, player, banker)
    best_p = max_answer(g, PLAYER, player, banker)
    best_b = max_answer(g, BANKER, player, banker)
    return (best_p - value_p) + (best_b - value_b)


def max_answer(g: Game, side: str, player: Strategy, banker: Strategy) -> Fraction:
    """The highest expected result ``side`` can reach against the other's strategy."""
    answer = best_answer(g, side, player, banker, on_tie=True)
    values = evaluate(g, answer, banker) if side == PLAYER else evaluate(g, player, answer)
    return values[0 if side == PLAYER else 1]


def tableau(information: str) -> dict[State, Fraction]:
    """The casino tableau (punto banco's chart, in words) as a Banker strategy: he draws on
    0-2; on 3 unless the Player's third card is an 8; on 4 against 2-7; on 5 against 4-7; on
    6 against 6-7; stands on 7; when the Player stood, draws on 0-5 and stands on 6-7."""
    def draws(total: int, third: int | None) -> bool:
        if third is None:
            return total <= 5
        return (total <= 2 or (total == 3 and third != 8) or (total == 4 and 2 <= third <= 7)
                or (total == 5 and 4 <= third <= 7) or (total == 6 and third in (6, 7)))

    strategy = {}
    for state in banker_states(information):
        *cards, third = state
        total = sum(card or 0 for card in cards) % 10
        strategy[state] = Fraction(int(draws(total, third)))
    return strategy


def always(information: str, draws: bool) -> dict[State, Fraction]:
    """The Player drawing (or standing) on every two-card 5."""
    return dict.fromkeys(player_states(information), Fraction(int(draws)))


# ---------------------------------------------------------------------------
# Every equilibrium where the Player has one state (totals, banker-cards)
# ---------------------------------------------------------------------------

def affine_in_player(g: Game, banker: Strategy | None = None) -> dict[State, tuple[Fraction, Fraction]]:
    """For the Player's single state: each Banker state's gain from drawing (his own
    result, draw less stand) as ``a + b p`` in the Player's probability p of drawing on 5."""
    (state,) = player_states(g.information)
    base = banker if banker is not None else tableau(g.information)
    at = {p: {s: v.gain for s, v in state_values(g, BANKER, {state: Fraction(p)}, base).items()}
          for p in (0, 1)}
    return {s: (at[0][s], at[1][s] - at[0][s]) for s in at[0]}


def player_gain_in_banker(g: Game) -> tuple[Fraction, dict[State, Fraction]]:
    """The Player's gain from drawing on 5 (draw less stand, his own result) as
    ``c + sum of e[s] y[s]`` in the Banker's probabilities y: affine, since each round
    passes through at most one Banker state."""
    (state,) = player_states(g.information)
    const = Fraction(0)
    coefficient: dict[State, Fraction] = defaultdict(Fraction)
    for (p_state, p_draws, b_state, b_draws), results in g.table.items():
        if p_state != state:
            continue
        sign = 1 if p_draws else -1
        amount = sign * g.payoff(PLAYER, results) / g.total
        if b_draws:
            coefficient[b_state] += amount                      # y * amount
        else:
            const += amount                                     # (1 - y) * amount
            coefficient[b_state] -= amount
    return const, dict(coefficient)


@dataclass(frozen=True)
class Equilibria:
    """Every equilibrium of a game where the Player has one state: ``points`` the isolated
    values of his probability p of drawing, each with the Banker's strategy where it is
    pinned (None where it is not); ``intervals`` ranges of p where every p is one; ``idle``
    the Banker's states whose choice changes neither side's result (left out of his
    strategies: any choice there is as good)."""

    points: tuple[tuple[Fraction, dict[State, Fraction] | None], ...]
    intervals: tuple[tuple[Fraction, Fraction], ...]
    idle: tuple[State, ...]

    @property
    def unique(self) -> bool:
        return len(self.points) == 1 and not self.intervals and self.points[0][1] is not None


def every_equilibrium(g: Game) -> Equilibria:
    """All Nash equilibria, exactly, when the Player chooses at one state (zero-sum or not):
    (p, y) is one iff y is a best answer of the Banker to p and p one of the Player to y.

    Each Banker state's gain (draw less stand, his own result) is affine in p, so between
    consecutive roots of those gains his best answer is one pure strategy, and at a root a
    box (the states whose gain vanishes there are free). The Player's gain is affine in the
    Banker's probabilities: over a box it spans an interval. An equilibrium at p needs that
    interval to hold 0 (0 < p < 1: he mixes), a value at most 0 (p = 0) or at least 0
    (p = 1); inside an open interval between roots every p is one if 0 is reached there."""
    const, coefficient = player_gain_in_banker(g)
    gains = affine_in_player(g)
    idle = tuple(s for s, (a, b) in gains.items() if a == b == 0 and not coefficient.get(s))
    gains = {s: ab for s, ab in gains.items() if s not in idle}
    roots = sorted({Fraction(0), Fraction(1)} | {-a / b for a, b in gains.values()
                                                   if b and 0 < -a / b < 1})

    def at(p: Fraction) -> tuple[dict[State, Fraction], list[State], Fraction, Fraction, Fraction]:
        """The Banker's best answers to p (pure where strict; ``free`` where indifferent,
        set to 0 in ``y``), and the Player's gain at y and its lowest and highest over them."""
        y, free = {}, []
        for s, (a, b) in gains.items():
            gain = a + b * p
            y[s] = Fraction(int(gain > 0))
            if gain == 0:
                free.append(s)
        base = const + sum((coefficient.get(s, Fraction(0)) * y[s] for s in y), Fraction(0))
        slopes = [coefficient.get(s, Fraction(0)) for s in free]
        return (y, free, base, base + sum(min(c, 0) for c in slopes),
                base + sum(max(c, 0) for c in slopes))

    intervals = []
    for low, high in zip(roots, roots[1:]):
        _, _, _, lowest, highest = at((low + high) / 2)
        if lowest <= 0 <= highest:
            intervals.append((low, high))
    points: list[tuple[Fraction, dict[State, Fraction] | None]] = []
    for p in roots:
        y, free, base, lowest, highest = at(p)
        if not (highest >= 0 if p == 1 else lowest <= 0 if p == 0 else lowest <= 0 <= highest):
            continue
        pinned: dict[State, Fraction] | None = None
        if not free:
            pinned = y
        elif 0 < p < 1 and len(free) == 1 and coefficient.get(free[0]):
            pinned = {**y, free[0]: -base / coefficient[free[0]]}
        points.append((p, pinned))
    return Equilibria(tuple(points), tuple(intervals), idle)


# ---------------------------------------------------------------------------
# Where a side mixes: the probabilities the other side's indifference pins
# ---------------------------------------------------------------------------

def solve_linear(rows: list[list[Fraction]], rhs: list[Fraction]) -> list[Fraction] | None:
    """The unique solution of a square or tall system by exact elimination; None if the
    columns are dependent (the solution, where there is one, is not unique)."""
    n = len(rows[0]) if rows else 0
    m = [row[:] + [r] for row, r in zip(rows, rhs)]
    pivot_row = 0
    for col in range(n):
        pivot = next((r for r in range(pivot_row, len(m)) if m[r][col]), None)
        if pivot is None:
            return None
        m[pivot_row], m[pivot] = m[pivot], m[pivot_row]
        head = m[pivot_row][col]
        m[pivot_row] = [x / head for x in m[pivot_row]]
        for r in range(len(m)):
            if r != pivot_row and m[r][col]:
                factor = m[r][col]
                m[r] = [x - factor * y for x, y in zip(m[r], m[pivot_row])]
        pivot_row += 1
    assert all(not row[-1] for row in m[n:]), "inconsistent: no such strategy"
    return [m[i][-1] for i in range(n)]


def pinned_mixing(g: Game, side: str, player: Strategy, banker: Strategy) -> dict[State, Fraction] | None:
    """``side``'s probabilities at the states where he mixes, solved from the other side's
    indifference at each state where the other mixes (each gain affine in them, every other
    choice held): None if those equations do not pin them."""
    own = player if side == PLAYER else banker
    other_side = BANKER if side == PLAYER else PLAYER
    other = banker if side == PLAYER else player
    mixed = [s for s, p in own.items() if 0 < p < 1]
    indifferent = [s for s, p in other.items() if 0 < p < 1]
    if not mixed:
        return {}

    def gains(trial: Strategy) -> dict[State, Fraction]:
        args = (trial, banker) if side == PLAYER else (player, trial)
        values = state_values(g, other_side, *args)
        return {s: values[s].gain for s in indifferent}

    zero = {**own, **dict.fromkeys(mixed, Fraction(0))}
    at_zero = gains(zero)
    columns = []
    for s in mixed:
        at_one = gains({**zero, s: Fraction(1)})
        columns.append([at_one[t] - at_zero[t] for t in indifferent])
    rows = [[columns[j][i] for j in range(len(mixed))] for i in range(len(indifferent))]
    solved = solve_linear(rows, [-at_zero[t] for t in indifferent]) if rows else None
    return None if solved is None else dict(zip(mixed, solved))


def strict_elsewhere(g: Game, player: Strategy, banker: Strategy) -> list[tuple[str, State]]:
    """The states where a side does not mix yet is indifferent (draw and stand worth the
    same to him): none means every pure choice of the equilibrium is strictly best."""
    found = []
    for side, own in ((PLAYER, player), (BANKER, banker)):
        for s, v in state_values(g, side, player, banker).items():
            if own[s] in (0, 1) and v.gain == 0:
                found.append((side, s))
    return found

