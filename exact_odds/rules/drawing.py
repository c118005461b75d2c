"""Drawing rules: when each hand takes a third card.

Two rule sets are known, chosen by a game file's ``rules:`` field:

* ``punto-banco``: the standard tableau of seed 000 (and of every punto banco game).
* ``21st-century``: 21st Century Baccarat 5.0 (seed 004). The player hand stands on 6-9,
  hits on 0-4 and has the bettor's option on 5; the dealer hand hits on 0-5 whatever the
  player's third card.

In both, a two-card 8 or 9 in either hand (a natural) ends the round: nobody draws.

>>> PUNTO_BANCO.banker_draws(3, 8), PUNTO_BANCO.banker_draws(3, 9), PUNTO_BANCO.banker_draws(6, None)
(False, True, False)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from exact_odds.errors import ExactOddsError

#: The Banker's drawing chart of seed 000, row by the Banker's two-card total, column by the
#: Player's third card (0-9): ``H`` hits, ``S`` stands. Totals 0-2 always hit, 7 always stands.
TABLEAU: dict[int, str] = {
    7: "SSSSSSSSSS",
    6: "SSSSSSHHSS",
    5: "SSSSHHHHSS",
    4: "SSHHHHHHSS",
    3: "HHHHHHHHSH",
    2: "HHHHHHHHHH",
    1: "HHHHHHHHHH",
    0: "HHHHHHHHHH",
}

#: A visible state of 21st Century Baccarat: the player's two cards (point values, low first)
#: and the dealer's up card.
VisibleState = tuple[int, int, int]


class RulesError(ExactOddsError, ValueError):
    """Unknown rules or strategy."""


@dataclass(frozen=True)
class PuntoBanco:
    """The standard tableau."""

    name: str = "punto-banco"

    #: Whether the player's decision can depend on the dealer's up card.
    uses_up_card = False

    def player_draws(self, total: int, visible: VisibleState | None = None) -> bool:
        """Whether the Player hand (not a natural, Banker not a natural) takes a third card."""
        return total <= 5

    def banker_draws(self, total: int, player_third: int | None) -> bool:
        """Whether the Banker hand draws, given the Player's third card (``None``: Player stood)."""
        if total >= 7:
            return False
        if player_third is None:
            return total <= 5
        return TABLEAU[total][player_third] == "H"

    def describe(self) -> str:
        return "standard tableau (seed 000 chart)"


#: The strategies on 5 that need no computation.
FIXED_STRATEGIES = ("house-way", "stand")
STRATEGIES = ("house-way", "stand", "optimal")


class StrategyMap(dict[VisibleState, bool]):
    """A decision on 5 per visible state (True: hit), hashable so rules holding it can be
    cached."""

    def __hash__(self) -> int:  # type: ignore[override]
        return hash(tuple(sorted(self.items())))


@dataclass(frozen=True)
class TwentyFirstCentury:
    """21st Century Baccarat 5.0: player option on 5, dealer hits 0-5 regardless.

    ``on_five`` is ``"house-way"`` (always hit, the seed's house way), ``"stand"``, or a
    mapping from visible state ``(low, high, up)`` to ``True`` (hit) / ``False`` (stand);
    states the mapping does not name follow the house way.
    """

    on_five: str | Mapping[VisibleState, bool] = "house-way"
    name: str = "21st-century"
    strategy_name: str = field(default="house-way")

    uses_up_card = True

    def __post_init__(self) -> None:
        if isinstance(self.on_five, str):
            if self.on_five not in FIXED_STRATEGIES:
                raise RulesError(
                    f"unknown strategy on 5: {self.on_five!r} (use house-way, stand or optimal)"
                )
        elif not isinstance(self.on_five, StrategyMap):
            # a plain mapping: freeze it, so the rules can key the enumerator's cache
            object.__setattr__(self, "on_five", StrategyMap(self.on_five))

    def player_draws(self, total: int, visible: VisibleState | None = None) -> bool:
        if total != 5:
            return total <= 4
        if self.on_five == "house-way":
            return True
        if self.on_five == "stand":
            return False
        if visible is None:
            raise RulesError("the decision on 5 needs the visible state")
        assert not isinstance(self.on_five, str)
        return self.on_five.get(visible, True)

    def banker_draws(self, total: int, player_third: int | None) -> bool:
        return total <= 5

    def describe(self) -> str:
        return f"21st Century 5.0 (player option on 5: {self.strategy_name})"


PUNTO_BANCO = PuntoBanco()

RULE_SETS = ("punto-banco", "21st-century")


def rules_named(name: str, strategy: str = "house-way") -> PuntoBanco | TwentyFirstCentury:
    """The drawing rules called ``name``; ``strategy`` is the decision on 5 where there is one."""
    if name == "punto-banco":
        return PUNTO_BANCO
    if name == "21st-century":
        if strategy == "optimal":
            raise RulesError("the optimal strategy depends on the shoe: use "
                             "exact_odds.analysis.strategy.optimal_rules(shoe)")
        return TwentyFirstCentury(on_five=strategy, strategy_name=strategy)
    raise RulesError(f"unknown rules {name!r}: known rules are {', '.join(RULE_SETS)}")
