"""Independent brute-force oracle for baccarat exact odds.

Deliberately slow and plain: every physical card in the shoe is its own
object (duplicates are distinguished), and every deal is enumerated card by
card.  Only the standard library and ``fractions.Fraction`` are used.

Counting convention
-------------------
A round is counted as ORDERED SIX-CARD SEQUENCES of distinct physical cards.
Deal order: Player 1st, Banker 1st, Player 2nd, Banker 2nd, Player 3rd (if
drawn), Banker 3rd (if drawn).  A round using k < 6 cards is counted with
multiplicity (N-k)(N-k-1)...(N-5), the number of ways to fill the unused
positions, so that all counts sum to N(N-1)(N-2)(N-3)(N-4)(N-5).

Rules
-----
"punto-banco": the standard tableau.
"21st-century": naturals stand; player stands 6-9, hits 0-4, and on exactly 5
calls ``decide(p1, p2, up)`` (card strings; ``up`` is the banker/dealer's
first card); the dealer then hits 0-5 and stands 6-9 regardless of the
player's third card.
"baccarat-gold": the Player as in 21st Century (``decide`` on exactly 5); the
Banker draws on 0-3, on 4-5 only against a Player third card of 3-7, never
on 6-7; if the Player stood, on 0-5.

Games without draws (Dragon Tiger and its kin: ``ranked_rounds``): each of two
hands is dealt ``each`` cards in turn (first hand, second hand, first hand, ...)
and keeps them; a hand is worth the sum of its cards' ranks (A=1 ... K=13); the
higher hand wins. The first hand is the vocabulary's player (Dragon), the
second its banker (Tiger). Counted by the same six-card convention.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterable, Iterator
from fractions import Fraction
from functools import cache
from operator import itemgetter

RANKS = "A23456789TJQK"
SUITS = "SHDC"
RED_SUITS = ("H", "D")
RULES = ("punto-banco", "21st-century", "baccarat-gold")

ALL_CARDS = [r + s for r in RANKS for s in SUITS]

Decide = Callable[[str, str, str], bool]


# ---------------------------------------------------------------------------
# Cards and shoes
# ---------------------------------------------------------------------------

def check_card(card: str) -> None:
    if not (isinstance(card, str) and len(card) == 2
            and card[0] in RANKS and card[1] in SUITS):
        raise ValueError(f"bad card string: {card!r}")


def point(card: str) -> int:
    """Baccarat point value: A=1, 2..9 face value, T/J/Q/K = 0."""
    rank = card[0]
    if rank == "A":
        return 1
    if rank in "23456789":
        return int(rank)
    return 0


def rank_of(card: str) -> str:
    return card[0]


def suit_of(card: str) -> str:
    return card[1]


def is_red(card: str) -> bool:
    return card[1] in RED_SUITS


def expand_shoe(counts: dict[str, int]) -> list[tuple[str, int]]:
    """List of distinct physical cards, e.g. [("9D", 0), ("9D", 1), ...]."""
    physical = []
    for card in sorted(counts):
        n = counts[card]
        check_card(card)
        if int(n) != n or n < 0:
            raise ValueError(f"bad count for {card}: {n!r}")
        for copy in range(int(n)):
            physical.append((card, copy))
    return physical


def decks(n: int) -> dict[str, int]:
    """Every one of the 52 cards, n times."""
    return dict.fromkeys(ALL_CARDS, n)


def fill_ways(n_cards: int, used: int) -> int:
    """(N-k)(N-k-1)...(N-5): ways to fill the unused of the six positions."""
    ways = 1
    for position in range(used, 6):
        ways *= n_cards - position
    return ways


def total_sequences(n_cards: int) -> int:
    """N(N-1)(N-2)(N-3)(N-4)(N-5)."""
    return fill_ways(n_cards, 0)


def always_hit(p1: str, p2: str, up: str) -> bool:
    return True


def never_hit(p1: str, p2: str, up: str) -> bool:
    return False


# ---------------------------------------------------------------------------
# Drawing rules (tableau)
# ---------------------------------------------------------------------------

def is_natural(two_card_total: int) -> bool:
    return two_card_total in (8, 9)


def pb_player_draws(player_two: int) -> bool:
    return player_two <= 5


def pb_banker_draws(banker_two: int, player_third: int | None) -> bool:
    """Punto-banco banker rule; player_third is None if the player stood."""
    if player_third is None:
        return banker_two <= 5
    x = player_third
    if banker_two in (0, 1, 2):
        return True
    if banker_two == 3:
        return x != 8
    if banker_two == 4:
        return 2 <= x <= 7
    if banker_two == 5:
        return 4 <= x <= 7
    if banker_two == 6:
        return 6 <= x <= 7
    return False  # 7 stands (8/9 are naturals and never get here)


def c21_player_draws(player_two: int, p1: str, p2: str, up: str,
                     decide: Decide) -> bool:
    if player_two >= 6:
        return False
    if player_two <= 4:
        return True
    return bool(decide(p1, p2, up))  # exactly 5


def c21_dealer_draws(dealer_two: int) -> bool:
    return dealer_two <= 5


def gold_banker_draws(banker_two: int, player_third: int | None) -> bool:
    """Baccarat Gold (Wizard of Odds): if the Player drew, the Banker draws on 0-3, on 4-5
    only against a third card of 3 to 7, never on 6-7; if the Player stood, on 0-5."""
    if player_third is None:
        return banker_two <= 5
    if banker_two <= 3:
        return True
    if banker_two <= 5:
        return 3 <= player_third <= 7
    return False


def player_draws(rules: str, player_two: int, p1: str, p2: str, up: str,
                 decide: Decide) -> bool:
    """The Player's draw under ``rules`` (both option games decide on exactly 5)."""
    if rules == "punto-banco":
        return pb_player_draws(player_two)
    return c21_player_draws(player_two, p1, p2, up, decide)


def banker_draws(rules: str, banker_two: int, player_third: int | None) -> bool:
    if rules == "punto-banco":
        return pb_banker_draws(banker_two, player_third)
    if rules == "baccarat-gold":
        return gold_banker_draws(banker_two, player_third)
    return c21_dealer_draws(banker_two)


def _check_rules(rules: str) -> None:
    if rules not in RULES:
        raise ValueError(f"unknown rules {rules!r}; expected one of {RULES}")


# ---------------------------------------------------------------------------
# Outcome record
# ---------------------------------------------------------------------------

@cache
def _prefix_features(p1: str, b1: str, p2: str, b2: str) -> tuple:
    """Everything about an outcome that depends only on the first four cards. Cached (a
    function of the four card strings alone; the tuple is never changed)."""
    player_two = (point(p1) + point(p2)) % 10
    banker_two = (point(b1) + point(b2)) % 10

    def pair_flags(a: str, b: str) -> tuple[bool, bool, bool]:
        same_rank = rank_of(a) == rank_of(b)
        return (same_rank,
                same_rank and is_red(a) == is_red(b),
                same_rank and suit_of(a) == suit_of(b))

    first_four = (p1, b1, p2, b2)
    nines = [c for c in first_four if rank_of(c) == "9"]
    per_suit = dict.fromkeys(SUITS, 0)
    for c in nines:
        per_suit[suit_of(c)] += 1
    nines_same_suit = max(per_suit.values()) if nines else 0
    nines_of_diamonds = sum(1 for c in first_four if c == "9D")

    low, high = sorted((point(p1), point(p2)))
    return (player_two, banker_two,
            *pair_flags(p1, p2), *pair_flags(b1, b2),
            len(nines), nines_same_suit, nines_of_diamonds,
            point(b1), low, high)


_PREFIX_NAMES = ("player_two_card_total", "banker_two_card_total",
                 "player_pair", "player_pair_same_colour",
                 "player_pair_same_suit",
                 "banker_pair", "banker_pair_same_colour",
                 "banker_pair_same_suit",
                 "nines", "nines_same_suit", "nines_of_diamonds",
                 "dealer_up", "player_low_card", "player_high_card")

_DRAW_NAMES = ("player_total", "banker_total", "player_cards",
               "banker_cards", "player_third", "banker_third")

COLUMNS = (_DRAW_NAMES + ("player_natural", "banker_natural", "winner",
                          "player_wins", "banker_wins", "tie", "margin")
           + _PREFIX_NAMES)


def _make_outcome(prefix: tuple, draw: tuple) -> dict:
    out = dict(zip(_PREFIX_NAMES, prefix))
    out.update(zip(_DRAW_NAMES, draw))
    pt, bt = out["player_total"], out["banker_total"]
    out["player_natural"] = is_natural(out["player_two_card_total"])
    out["banker_natural"] = is_natural(out["banker_two_card_total"])
    if pt > bt:
        winner = "player"
    elif bt > pt:
        winner = "banker"
    else:
        winner = "tie"
    out["winner"] = winner
    out["player_wins"] = winner == "player"
    out["banker_wins"] = winner == "banker"
    out["tie"] = winner == "tie"
    out["margin"] = abs(pt - bt)
    return out


# ---------------------------------------------------------------------------
# Playing one explicit deal
# ---------------------------------------------------------------------------

def deal_sequence(seq: list[str], rules: str = "punto-banco",
                  decide: Decide | None = None) -> tuple[dict, int]:
    """Play one round from an explicit ordered list of card strings.

    Returns (outcome_dict, number_of_cards_used).  ``seq`` needs at least as
    many cards as the round uses (six always suffices).
    """
    _check_rules(rules)
    if decide is None:
        decide = always_hit
    for c in seq:
        check_card(c)
    p1, b1, p2, b2 = seq[0], seq[1], seq[2], seq[3]
    position = 4
    player_two = (point(p1) + point(p2)) % 10
    banker_two = (point(b1) + point(b2)) % 10
    player_third = banker_third = None

    if not (is_natural(player_two) or is_natural(banker_two)):
        draws = player_draws(rules, player_two, p1, p2, b1, decide)
        if draws:
            player_third = point(seq[position])
            position += 1
        if banker_draws(rules, banker_two, player_third):
            banker_third = point(seq[position])
            position += 1

    pt = (player_two + (player_third or 0)) % 10
    bt = (banker_two + (banker_third or 0)) % 10
    draw = (pt, bt,
            2 if player_third is None else 3,
            2 if banker_third is None else 3,
            player_third, banker_third)
    return _make_outcome(_prefix_features(p1, b1, p2, b2), draw), position


# ---------------------------------------------------------------------------
# Enumeration of every explicit deal
# ---------------------------------------------------------------------------

def _all_prefixes(n: int) -> Iterator[tuple[int, int, int, int]]:
    """Every ordered choice of four distinct physical-card indices."""
    for i1 in range(n):
        for i2 in range(n):
            if i2 == i1:
                continue
            for i3 in range(n):
                if i3 in (i1, i2):
                    continue
                for i4 in range(n):
                    if i4 in (i1, i2, i3):
                        continue
                    yield i1, i2, i3, i4


def _first_fours(names: list[str]) -> dict[tuple[str, str, str, str], tuple[tuple[int, ...], int]]:
    """Every ordered choice of four distinct physical cards, grouped by the four card
    strings it shows: for each, the first choice of physical cards showing them and how many
    choices show them. Every choice showing the same strings leaves the same cards (by
    string) for the rest of the round, so the rest is played once, from the first."""
    fours: dict[tuple[str, str, str, str], tuple[tuple[int, ...], int]] = {}
    for chosen in _all_prefixes(len(names)):
        four = (names[chosen[0]], names[chosen[1]], names[chosen[2]], names[chosen[3]])
        first, times = fours.get(four, (chosen, 0))
        fours[four] = (first, times + 1)
    return fours


def rounds(counts: dict[str, int], rules: str = "punto-banco",
           decide: Decide | None = None) -> Iterator[tuple[dict, int]]:
    """Yield (outcome_dict, ways) over every explicit deal.

    Every ordered choice of the four first physical cards is enumerated; the third cards
    are enumerated physical card by physical card from those left, once for each four card
    strings (``_first_fours``: identical cards leave identical rests), the ways multiplied
    by how many choices show those strings. Identical outcomes are grouped before yielding.
    ``ways`` counts ordered six-card sequences, summing to N(N-1)...(N-5).
    """
    _check_rules(rules)
    if decide is None:
        decide = always_hit
    physical = expand_shoe(counts)
    n = len(physical)
    if n < 6:
        raise ValueError(f"shoe has {n} cards; at least 6 are needed")
    names = [card for card, _copy in physical]
    pts = [point(c) for c in names]
    ways4, ways5, ways6 = fill_ways(n, 4), fill_ways(n, 5), fill_ways(n, 6)

    grouped: dict[tuple, int] = defaultdict(int)
    for (p1, b1, p2, b2), (chosen, times) in _first_fours(names).items():
        prefix = _prefix_features(p1, b1, p2, b2)
        player_two, banker_two = prefix[0], prefix[1]
        rest = [i for i in range(n) if i not in chosen]
        local: dict[tuple, int] = defaultdict(int)

        if is_natural(player_two) or is_natural(banker_two):
            local[(player_two, banker_two, 2, 2, None, None)] += ways4
        else:
            if player_draws(rules, player_two, p1, p2, b1, decide):
                for i5 in rest:
                    x = pts[i5]
                    pt = (player_two + x) % 10
                    if banker_draws(rules, banker_two, x):
                        for i6 in rest:
                            if i6 == i5:
                                continue
                            y = pts[i6]
                            local[(pt, (banker_two + y) % 10, 3, 3, x, y)] \
                                += ways6
                    else:
                        local[(pt, banker_two, 3, 2, x, None)] += ways5
            else:
                if banker_draws(rules, banker_two, None):
                    for i5 in rest:
                        y = pts[i5]
                        local[(player_two, (banker_two + y) % 10, 2, 3,
                               None, y)] += ways5
                else:
                    local[(player_two, banker_two, 2, 2, None, None)] += ways4

        for draw, ways in local.items():
            grouped[prefix + draw] += ways * times

    k = len(_PREFIX_NAMES)
    for key, ways in grouped.items():
        yield _make_outcome(key[:k], key[k:]), ways


# ---------------------------------------------------------------------------
# Every card of the round: ranks, suits, colours of each position, counts
# ---------------------------------------------------------------------------
# Written from the card strings alone, independently of the engine's vocabulary.

RANK_NUMBER = {r: i for i, r in enumerate(RANKS, start=1)}  # A=1 ... T=10 J=11 Q=12 K=13
SUIT_WORD = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
RANK_WORDS = ("aces", "twos", "threes", "fours", "fives", "sixes", "sevens", "eights",
              "nines", "tens", "jacks", "queens", "kings")
POSITIONS = ("first", "second", "third")


@cache
def _counted(prefix: str, suffix: str, cards: tuple[str, ...]) -> dict:
    """How many of ``cards`` there are of each rank, suit, colour: ``{prefix}{word}{suffix}``.
    Cached (a function of the cards alone; callers only read the dict)."""
    out = {}
    for rank, word in zip(RANKS, RANK_WORDS):
        out[f"{prefix}{word}{suffix}"] = sum(1 for c in cards if c[0] == rank)
    out[f"{prefix}ten_value_cards{suffix}"] = sum(1 for c in cards if c[0] in "TJQK")
    out[f"{prefix}red_cards{suffix}"] = sum(1 for c in cards if is_red(c))
    out[f"{prefix}black_cards{suffix}"] = sum(1 for c in cards if not is_red(c))
    for suit, word in SUIT_WORD.items():
        out[f"{prefix}{word}{suffix}"] = sum(1 for c in cards if c[1] == suit)
    return out


@cache
def _hand_features(hand: str, cards: tuple[str, ...]) -> dict:
    """The card columns of one hand (``player`` or ``banker``) from its cards in deal order.
    Cached (a function of the hand alone; callers only read the dict)."""
    out: dict = {}
    for index, position in enumerate(POSITIONS):
        card = cards[index] if index < len(cards) else None
        out[f"{hand}_{position}_rank"] = None if card is None else RANK_NUMBER[card[0]]
        out[f"{hand}_{position}_suit"] = None if card is None else SUIT_WORD[card[1]]
        out[f"{hand}_{position}_colour"] = (None if card is None
                                            else "red" if is_red(card) else "black")
        out[f"{hand}_{position}_value"] = None if card is None else point(card)
    out.update(_counted(f"{hand}_", "", cards))
    ranks = [RANK_NUMBER[c[0]] for c in cards]
    values = [point(c) for c in cards]
    out[f"{hand}_high_rank"], out[f"{hand}_low_rank"] = max(ranks), min(ranks)
    out[f"{hand}_high_value"], out[f"{hand}_low_value"] = max(values), min(values)
    out[f"{hand}_suited"] = len({c[1] for c in cards}) == 1
    return out


def card_features(player: list[str], banker: list[str]) -> dict:
    """Every card column of one round from its explicit cards (the hands in deal order)."""
    out: dict = {}
    out.update(_hand_features("player", tuple(player)))
    out.update(_hand_features("banker", tuple(banker)))
    out.update(_counted("", "_dealt", tuple(sorted(player + banker))))
    out["cards_dealt"] = len(player) + len(banker)
    two = sorted((point(banker[0]), point(banker[1])))
    out["banker_low_card"], out["banker_high_card"] = two
    return out


CARD_COLUMNS = tuple(card_features(["AS", "2H", "3D"], ["4C", "5S", "6H"]))


@cache
def _cards_used(cards: tuple[str, ...], rules: str, decide: Decide) -> int:
    """How many of the six ``cards`` the round dealt from them uses (``deal_sequence``).
    Cached (a function of the card strings, the rules and the decision alone)."""
    return deal_sequence(list(cards), rules, decide)[1]


def card_rounds(counts: dict[str, int], rules: str = "punto-banco",
                decide: Decide | None = None) -> Iterator[tuple[dict, int]]:
    """Like ``rounds``, with every card column too: rounds are grouped by their explicit
    cards (the third cards' identities kept; the third cards enumerated once for each four
    first card strings, as in ``rounds``), then each is played by ``deal_sequence``."""
    _check_rules(rules)
    if decide is None:
        decide = always_hit
    physical = expand_shoe(counts)
    n = len(physical)
    if n < 6:
        raise ValueError(f"shoe has {n} cards; at least 6 are needed")
    names = [card for card, _copy in physical]
    ways4, ways5, ways6 = fill_ways(n, 4), fill_ways(n, 5), fill_ways(n, 6)
    grouped: dict[tuple, int] = defaultdict(int)
    for four, (chosen, times) in _first_fours(names).items():
        rest = [i for i in range(n) if i not in chosen]
        # how many cards the round uses depends on the cards: ask deal_sequence for each
        used = _cards_used(four + (names[rest[0]], names[rest[1]]), rules, decide)
        if used == 4:
            grouped[four] += ways4 * times
            continue
        for i5 in rest:
            probe = next(names[i] for i in rest if i != i5)
            used = _cards_used(four + (names[i5], probe), rules, decide)
            if used == 5:
                grouped[four + (names[i5],)] += ways5 * times
                continue
            for i6 in rest:
                if i6 != i5:
                    grouped[four + (names[i5], names[i6])] += ways6 * times
    for cards, ways in grouped.items():
        outcome, used = deal_sequence(list(cards) + ["KS"] * (6 - len(cards)), rules, decide)
        assert used == len(cards)
        p1, b1, p2, b2 = cards[:4]
        player, banker = [p1, p2], [b1, b2]
        if outcome["player_cards"] == 3:
            player.append(cards[4])
        if outcome["banker_cards"] == 3:
            banker.append(cards[-1])
        outcome.update(card_features(player, banker))
        outcome["player_hand"], outcome["banker_hand"] = tuple(player), tuple(banker)
        yield outcome, ways


def outcome_counts(counts: dict[str, int], columns, rules: str = "punto-banco",
                   decide: Decide | None = None) -> dict[tuple, int]:
    """Map tuple(outcome[c] for c in columns) -> number of six-card sequences."""
    columns = tuple(columns)
    for c in columns:
        if c not in COLUMNS and c not in CARD_COLUMNS:
            raise KeyError(f"unknown outcome column {c!r}")
    deals = (card_rounds if set(columns) & set(CARD_COLUMNS) else rounds)(counts, rules, decide)
    return counts_of(deals, columns)


def counts_of(dealt: Iterable[tuple[dict, int]], columns) -> dict[tuple, int]:
    """``outcome_counts`` over rounds already dealt (``rounds``' or ``card_rounds``' output,
    kept to count several sets of columns on one enumeration)."""
    columns = tuple(columns)
    if len(columns) == 1:
        name = columns[0]

        def read(outcome: dict) -> tuple:
            return (outcome[name],)
    else:  # itemgetter of two or more names gives their tuple at C speed
        read = itemgetter(*columns) if columns else (lambda outcome: ())
    result: dict[tuple, int] = defaultdict(int)
    for outcome, ways in dealt:
        result[read(outcome)] += ways
    return dict(result)


def bet_ev(counts: dict[str, int], rules: str,
           result: Callable[[dict], Fraction],
           decide: Decide | None = None) -> Fraction:
    """Expected result of a bet (function of the outcome dict) over all rounds."""
    return expected_value(rounds(counts, rules, decide), result)


def expected_value(dealt: Iterable[tuple[dict, int]],
                   result: Callable[[dict], Fraction]) -> Fraction:
    """Expected result of a bet over rounds already dealt (``rounds``' output, kept to
    settle several bets on one enumeration)."""
    ways_by_result: dict[Fraction, int] = defaultdict(int)
    for outcome, ways in dealt:
        ways_by_result[result(outcome)] += ways
    return _mean(ways_by_result)


def _mean(ways_by_result: dict[Fraction, int]) -> Fraction:
    """The mean result, each result weighted by its ways (integers summed per result first,
    so that a few Fractions are multiplied, not one per round)."""
    total = sum((Fraction(value) * ways for value, ways in ways_by_result.items()), Fraction(0))
    return total / sum(ways_by_result.values())


# ---------------------------------------------------------------------------
# 21st-century bettor results
# ---------------------------------------------------------------------------

# the nets of one unit, made once (a Fraction is immutable; a round settles many times)
WIN, LOSE, PUSH = Fraction(1), Fraction(-1), Fraction(0)
NINETEEN_TO_TWENTY, EIGHT_TO_ONE = Fraction(19, 20), Fraction(8)


def player_line(player_total: int, dealer_total: int) -> Fraction:
    if player_total > dealer_total:
        return WIN
    if player_total < dealer_total:
        return LOSE
    return LOSE if player_total in (0, 1) else PUSH


def dealer_line(player_total: int, dealer_total: int) -> Fraction:
    if dealer_total > player_total:
        return NINETEEN_TO_TWENTY
    if player_total > dealer_total:
        return LOSE
    return NINETEEN_TO_TWENTY if player_total in (0, 1) else PUSH


def early_tie(player_total: int, dealer_total: int) -> Fraction:
    return EIGHT_TO_ONE if player_total == dealer_total else LOSE


def player_line_result(outcome: dict) -> Fraction:
    return player_line(outcome["player_total"], outcome["banker_total"])


def dealer_line_result(outcome: dict) -> Fraction:
    return dealer_line(outcome["player_total"], outcome["banker_total"])


def early_tie_result(outcome: dict) -> Fraction:
    return early_tie(outcome["player_total"], outcome["banker_total"])


def punto_banco_player(player_total: int, banker_total: int) -> Fraction:
    """The Player bet of punto banco (and Baccarat Gold): 1 to 1, a tie pushes."""
    if player_total == banker_total:
        return PUSH
    return WIN if player_total > banker_total else LOSE


def optimal_on_five(counts: dict[str, int], rules: str = "21st-century",  # noqa: C901 - every card by hand
                    line: Callable[[int, int], Fraction] | None = None,
                    sees_up: bool = True) -> dict[tuple, dict]:
    """EV of hitting / standing on a player two-card 5, per visible state.

    Key (low, high, up): point values of the player's two cards (low <= high)
    and of the dealer's up card (None when the bettor does not see it,
    ``sees_up=False``, as in Baccarat Gold).  ``line`` settles the bet the
    choice is made for (default: the 21st Century player line).  Conditional on that visible state and on
    the dealer NOT holding a natural.  Explicitly enumerates the physical
    hole card, hit card and dealer draw; each path is weighted by the number
    of ordered six-card sequences it stands for.
    """
    physical = expand_shoe(counts)
    n = len(physical)
    if n < 6:
        raise ValueError(f"shoe has {n} cards; at least 6 are needed")
    names = [card for card, _copy in physical]
    pts = [point(c) for c in names]
    ways4, ways5, ways6 = fill_ways(n, 4), fill_ways(n, 5), fill_ways(n, 6)

    # ways of each (player total, dealer total) ending, per visible state and action: the
    # bet is settled once per ending at the end, not once per path
    hit: dict[tuple, dict[tuple[int, int], int]] = defaultdict(lambda: defaultdict(int))
    stand: dict[tuple, dict[tuple[int, int], int]] = defaultdict(lambda: defaultdict(int))
    settle = player_line if line is None else line

    for i_p1 in range(n):
        for i_up in range(n):
            if i_up == i_p1:
                continue
            for i_p2 in range(n):
                if i_p2 in (i_p1, i_up):
                    continue
                if (pts[i_p1] + pts[i_p2]) % 10 != 5:
                    continue
                low, high = sorted((pts[i_p1], pts[i_p2]))
                key = (low, high, pts[i_up] if sees_up else None)
                stands, hits = stand[key], hit[key]
                for i_hole in range(n):
                    if i_hole in (i_p1, i_up, i_p2):
                        continue
                    dealer_two = (pts[i_up] + pts[i_hole]) % 10
                    if is_natural(dealer_two):
                        continue
                    rest = [i for i in range(n)
                            if i not in (i_p1, i_up, i_p2, i_hole)]

                    # Player stands on 5; dealer's third card is the next one.
                    if banker_draws(rules, dealer_two, None):
                        for i_d in rest:
                            stands[(5, (dealer_two + pts[i_d]) % 10)] += ways5
                    else:
                        stands[(5, dealer_two)] += ways4

                    # Player hits; then the dealer draws from what is left.
                    for i_hit in rest:
                        pt = (5 + pts[i_hit]) % 10
                        if banker_draws(rules, dealer_two, pts[i_hit]):
                            for i_d in rest:
                                if i_d == i_hit:
                                    continue
                                hits[(pt, (dealer_two + pts[i_d]) % 10)] += ways6
                        else:
                            hits[(pt, dealer_two)] += ways5

    def value(endings: dict[tuple[int, int], int]) -> Fraction:
        ways_by_result: dict[Fraction, int] = defaultdict(int)
        for (player_total, dealer_total), ways in endings.items():
            ways_by_result[settle(player_total, dealer_total)] += ways
        return _mean(ways_by_result)

    result = {}
    for key in sorted(k for k in stand if stand[k]):  # a state seen only with naturals: none
        # Both actions cover the same set of four-card prefixes.
        assert sum(stand[key].values()) == sum(hit[key].values())
        result[key] = {"ev_hit": value(hit[key]), "ev_stand": value(stand[key])}
    return result


def optimal_decide(values: dict[tuple, dict], sees_up: bool = True) -> Decide:
    """The bettor's choice on 5 read from ``optimal_on_five``'s ``values``: hit where
    hitting is worth at least standing, and in a state they do not hold (the house way,
    which hits, on an exact tie and where there is no choice to make)."""
    def decide(p1: str, p2: str, up: str) -> bool:
        low, high = sorted((point(p1), point(p2)))
        ev = values.get((low, high, point(up) if sees_up else None))
        return ev is None or ev["ev_hit"] >= ev["ev_stand"]
    return decide


def late_tie_offered(player_two: int, up: int) -> bool:
    if player_two == 9:
        return False
    if 5 <= player_two <= 9 and player_two == up:
        return False
    return True


def late_tie_result(outcome: dict, pays: int = 7) -> Fraction:
    """Result of the late tie bet (``pays`` to 1, seed 004: 7) for a round in which it
    was offered."""
    if outcome["banker_two_card_total"] == 9:
        return PUSH
    if outcome["player_total"] == outcome["banker_total"]:
        return Fraction(pays)
    return LOSE


def late_tie(counts: dict[str, int],
             decide: Decide | None = None, pays: int = 7) -> dict[tuple, Fraction]:
    """Exact expected late-tie result per visible state (low, high, up).

    Conditional on the visible state only (the bet is placed before the
    dealer checks the hole card).  Only states where the bet is offered and
    that can occur are returned.  The player's draw on 5 follows ``decide``;
    a winning late tie pays ``pays`` to 1.
    """
    return late_tie_values(rounds(counts, "21st-century", decide), pays)


def late_tie_values(dealt: Iterable[tuple[dict, int]], pays: int = 7) -> dict[tuple, Fraction]:
    """``late_tie`` over rounds already dealt under the 21st Century rules (``rounds``'
    output, kept to value several pays or bets on one enumeration)."""
    by_state: dict[tuple, dict[Fraction, int]] = defaultdict(lambda: defaultdict(int))
    for outcome, ways in dealt:
        if not late_tie_offered(outcome["player_two_card_total"],
                                outcome["dealer_up"]):
            continue
        key = (outcome["player_low_card"], outcome["player_high_card"],
               outcome["dealer_up"])
        by_state[key][late_tie_result(outcome, pays)] += ways
    return {key: _mean(by_state[key]) for key in sorted(by_state)}


# ---------------------------------------------------------------------------
# Games without draws, valued by rank (Dragon Tiger)
# ---------------------------------------------------------------------------

def ranked_outcome(first: list[str], second: list[str]) -> dict:
    """Every column a game without draws can read, from the two hands' explicit cards."""
    worth = [sum(RANK_NUMBER[c[0]] for c in hand) for hand in (first, second)]
    out: dict = {
        "player_total": worth[0], "banker_total": worth[1],
        "player_cards": len(first), "banker_cards": len(second),
        "player_wins": worth[0] > worth[1], "banker_wins": worth[1] > worth[0],
        "tie": worth[0] == worth[1], "margin": abs(worth[0] - worth[1]),
        "winner": ("player" if worth[0] > worth[1] else "banker" if worth[1] > worth[0]
                   else "tie"),
        "player_hand": tuple(first), "banker_hand": tuple(second),
    }
    for hand, cards in (("player", first), ("banker", second)):
        for index, position in enumerate(POSITIONS[:len(cards)]):
            out[f"{hand}_{position}_rank"] = RANK_NUMBER[cards[index][0]]
            out[f"{hand}_{position}_suit"] = SUIT_WORD[cards[index][1]]
    return out


def ranked_rounds(counts: dict[str, int], each: int) -> Iterator[tuple[dict, int]]:
    """Every ordered deal of ``2 * each`` distinct physical cards, one at a time to each
    hand in turn, with the ways to fill the rest of the six positions."""
    physical = expand_shoe(counts)
    n = len(physical)
    if n < 6:
        raise ValueError(f"shoe has {n} cards; at least 6 are needed")
    names = [card for card, _copy in physical]
    fill = fill_ways(n, 2 * each)

    def deal(taken: tuple[int, ...]) -> Iterator[tuple[int, ...]]:
        if len(taken) == 2 * each:
            yield taken
            return
        for i in range(n):
            if i not in taken:
                yield from deal(taken + (i,))

    for taken in deal(()):
        cards = [names[i] for i in taken]
        yield ranked_outcome(cards[0::2], cards[1::2]), fill


def ranked_counts(counts: dict[str, int], columns, each: int) -> dict[tuple, int]:
    """Map tuple(outcome[c] for c in columns) -> six-card sequences, for a game without
    draws dealing ``each`` cards to each hand."""
    result: dict[tuple, int] = defaultdict(int)
    for outcome, ways in ranked_rounds(counts, each):
        result[tuple(outcome[c] for c in columns)] += ways
    return dict(result)
