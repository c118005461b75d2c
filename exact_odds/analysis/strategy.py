"""Best play in 21st Century Baccarat 5.0: the decision on 5 and the late tie.

A bettor on the player line chooses to hit or stand when the player hand's two cards
total 5. The choice is made seeing the player's two cards and the dealer's up card, after
the dealer has checked the hole card for a natural, so the expected values here are
conditional on the visible state and on the dealer holding no natural. ``optimal`` takes
the better of the two in every visible state of the finite shoe (the house way, hit, on
an exact tie).

The late tie (7 to 1) is placed seeing the same cards, before the hole card is checked:
its value is conditional on the visible state alone. It is not offered when the player's
two cards total 9, nor when they total 5 to 9 and equal the up card; it is returned when
the dealer's two cards total 9.

All arithmetic is on point values with exact integers: the shoe is reduced to the count of
each value, and every weight counts ordered sequences of distinct cards.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from exact_odds.rules import TwentyFirstCentury, VisibleState
from exact_odds.shoe import Shoe

#: The two-card player hands (point values, low first) on which the bettor decides.
FIVE_HANDS: tuple[tuple[int, int], ...] = ((0, 5), (1, 4), (2, 3), (6, 9), (7, 8))

LATE_TIE_PAYS = 7


def player_line(player: int, dealer: int) -> int:
    """The player line's result: 1 to 1; the dealer wins ties on 0 and 1; other ties push."""
    if player > dealer:
        return 1
    if player < dealer or player <= 1:
        return -1
    return 0


def late_tie_offered(low: int, high: int, up: int) -> bool:
    """Whether the late tie may be placed in this visible state."""
    total = (low + high) % 10
    return total != 9 and not (total >= 5 and total == up)


def late_tie_result(player: int, dealer: int, dealer_two_card_nine: bool) -> int:
    if dealer_two_card_nine:
        return 0
    return LATE_TIE_PAYS if player == dealer else -1


@dataclass(frozen=True)
class Decision:
    """The choice on 5 in one visible state, with both exact expected values."""

    low: int
    high: int
    up: int
    ev_hit: Fraction
    ev_stand: Fraction

    @property
    def choice(self) -> str:
        return "hit" if self.ev_hit >= self.ev_stand else "stand"

    @property
    def gain(self) -> Fraction:
        """What the better choice gains over the other, per unit on the player line."""
        return abs(self.ev_hit - self.ev_stand)


@dataclass(frozen=True)
class LateTie:
    """The late tie in one visible state where it is offered."""

    low: int
    high: int
    up: int
    probability: Fraction  # of this visible state
    ev: Fraction

    @property
    def favours_bettor(self) -> bool:
        return self.ev > 0


@dataclass(frozen=True)
class StrategyReport:
    """The decisions on 5, and the late tie under the strategy played."""

    shoe: Shoe
    strategy: str
    decisions: tuple[Decision, ...]
    late_ties: tuple[LateTie, ...]

    @property
    def favourable_late_ties(self) -> tuple[LateTie, ...]:
        return tuple(t for t in self.late_ties if t.favours_bettor)

    @property
    def late_tie_value_per_round(self) -> Fraction:
        """Expected gain per round of one unit on the late tie in exactly the favourable states."""
        return sum((t.probability * t.ev for t in self.favourable_late_ties), Fraction(0))

    def on_five(self) -> dict[VisibleState, bool]:
        return on_five_map(self.decisions)

    def to_dict(self) -> dict[str, Any]:
        from exact_odds.render import to_data

        return to_data(self)

    def _repr_html_(self) -> str:
        from exact_odds.render import to_html

        return to_html(self)


def _remaining(counts: tuple[int, ...], low: int, high: int, up: int) -> list[int]:
    """The value counts once the player's two cards and the dealer's up card are out."""
    left = list(counts)
    for value in (low, high, up):
        left[value] -= 1
    return left


def _visible_weight(counts: tuple[int, ...], low: int, high: int, up: int) -> int:
    """Ordered (player card, up card, player card) sequences showing this visible state."""
    orders = 1 if low == high else 2
    return (orders * counts[low] * (counts[high] - (low == high))
            * (counts[up] - (up == low) - (up == high)))


def _outcomes(m: list[int], low: int, high: int, up: int, hits_on_five: bool,
              skip_dealer_naturals: bool) -> Iterator[tuple[int, int, bool, int]]:
    """Yield (player final, dealer final, dealer two-card 9, weight) for the three cards left:
    the hole card, the player's hit card, the dealer's draw; weights count ordered fills of
    those three positions."""
    size = sum(m)
    p2 = (low + high) % 10
    for hole in range(10):
        w_hole = m[hole]
        if not w_hole:
            continue
        b2 = (up + hole) % 10
        if b2 >= 8 and skip_dealer_naturals:
            continue
        m[hole] -= 1
        if p2 >= 8 or b2 >= 8:
            yield p2, b2, b2 == 9, w_hole * (size - 1) * (size - 2)
        else:
            draws = p2 <= 4 or (p2 == 5 and hits_on_five)
            if draws:
                for card in range(10):
                    w_card = m[card]
                    if not w_card:
                        continue
                    x = (p2 + card) % 10
                    if b2 <= 5:
                        m[card] -= 1
                        for draw in range(10):
                            if m[draw]:
                                yield x, (b2 + draw) % 10, False, w_hole * w_card * m[draw]
                        m[card] += 1
                    else:
                        yield x, b2, False, w_hole * w_card * (size - 2)
            elif b2 <= 5:
                for draw in range(10):
                    if m[draw]:
                        yield p2, (b2 + draw) % 10, False, w_hole * m[draw] * (size - 2)
            else:
                yield p2, b2, False, w_hole * (size - 1) * (size - 2)
        m[hole] += 1


def _expected(rest: list[int], low: int, high: int, up: int, hits: bool,
              pay: Callable[[int, int, bool], int], skip_naturals: bool
              ) -> Fraction:
    total = 0
    weight = 0
    for player, dealer, nine, w in _outcomes(rest, low, high, up, hits, skip_naturals):
        total += w * pay(player, dealer, nine)
        weight += w
    return Fraction(total, weight) if weight else Fraction(0)


def decisions(shoe: Shoe) -> tuple[Decision, ...]:
    """The exact expected values of hitting and standing on 5 in every visible state."""
    counts = shoe.value_counts()
    found = []
    for low, high in FIVE_HANDS:
        for up in range(10):
            if not _visible_weight(counts, low, high, up):
                continue
            rest = _remaining(counts, low, high, up)
            if not any(rest[h] for h in range(10) if (up + h) % 10 < 8):
                continue  # the dealer always holds a natural: no decision is ever made
            pay = lambda p, d, nine: player_line(p, d)  # noqa: E731
            found.append(Decision(
                low, high, up,
                _expected(rest, low, high, up, True, pay, True),
                _expected(rest, low, high, up, False, pay, True)))
    return tuple(found)


def late_ties(shoe: Shoe, on_five: str | dict[VisibleState, bool]) -> tuple[LateTie, ...]:
    """The late tie's exact value in every visible state where it is offered."""
    counts = shoe.value_counts()
    size = shoe.size
    visible_total = size * (size - 1) * (size - 2)
    rules = TwentyFirstCentury(on_five=on_five)
    found = []
    for low in range(10):
        for high in range(low, 10):
            for up in range(10):
                weight = _visible_weight(counts, low, high, up)
                if not weight or not late_tie_offered(low, high, up):
                    continue
                rest = _remaining(counts, low, high, up)
                hits = rules.player_draws(5, (low, high, up))
                ev = _expected(rest, low, high, up, hits,
                               lambda p, d, nine: late_tie_result(p, d, nine), False)
                found.append(LateTie(low, high, up, Fraction(weight, visible_total), ev))
    return tuple(found)


def on_five_map(found: tuple[Decision, ...]) -> dict[VisibleState, bool]:
    """The better choice in each visible state, as the rules take it: True to hit."""
    return {(d.low, d.high, d.up): d.choice == "hit" for d in found}


def optimal_on_five(shoe: Shoe) -> dict[VisibleState, bool]:
    """The optimal decision on 5 for each visible state: True to hit."""
    return on_five_map(decisions(shoe))


def optimal_rules(shoe: Shoe) -> TwentyFirstCentury:
    """21st Century rules with the player hand played optimally on 5 for this shoe."""
    return TwentyFirstCentury(on_five=optimal_on_five(shoe), strategy_name="optimal")


def strategy_report(shoe: Shoe, strategy: str = "optimal") -> StrategyReport:
    """Decisions on 5 and the late tie, the player hand played by ``strategy``."""
    found = decisions(shoe)
    if strategy == "optimal":
        on_five: str | dict[VisibleState, bool] = on_five_map(found)
    else:
        TwentyFirstCentury(on_five=strategy)  # checks the name
        on_five = strategy
    return StrategyReport(shoe, strategy, found, late_ties(shoe, on_five))
