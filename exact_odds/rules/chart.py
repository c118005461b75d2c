"""Drawing rules as data: the Player's rule by two-card total, the Banker's (dealer's) chart,
and the bettor's option where there is one.

One class, ``DrawingRules``, holds any game's drawing rules; the rules themselves are YAML
files in ``tables/rules/`` (``exact_odds.rules.loader`` reads and checks them). A rule set
with an option is *bound* to a way of taking it (``with_strategy``): the house way, always
hit, always stand, or a decision for each visible state.

>>> from exact_odds.rules.loader import load_rules
>>> tableau = load_rules("punto-banco")
>>> tableau.banker_draws(3, 8), tableau.banker_draws(3, 9), tableau.banker_draws(6, None)
(False, True, False)
>>> c21 = load_rules("21st-century")
>>> c21.player_draws(5), c21.with_strategy("stand").player_draws(5)
(True, False)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from fractions import Fraction
from functools import cache, lru_cache
from itertools import product
from math import prod

from exact_odds.errors import ExactOddsError
from exact_odds.rules.round import (
    BANKER,
    PLAYER,
    STOOD,
    HandValue,
    RoundDescription,
    Valuation,
)

#: A visible state when the option is taken: the Player's two cards (point values, low
#: first) and the dealer's up card (``None`` where the bettor does not see it).
VisibleState = tuple[int, int, int | None]

#: What a decider knows in a visible state: the values of the columns he sees
#: (``Option.information``).
InfoState = tuple[int | None, ...]

#: What a chart cell may say: hit, stand, or (Player only) the bettor's option; a Banker
#: cell in lower case is the Banker's choice, drawing (h) or standing (s) the house way.
HIT, STAND, OPTION = "H", "S", "O"
CHOOSE_HIT, CHOOSE_STAND = "h", "s"

#: The strategies on an option that need no computation, and every strategy a game offers.
FIXED_STRATEGIES = ("house-way", "stand", "hit")
STRATEGIES = ("house-way", "stand", "hit", "optimal", "equilibrium")

#: The columns a bettor may see when taking an option: his two cards (their point values,
#: low and high) or only their total, and the dealer's up card.
VISIBLE_COLUMNS = ("player_low_card", "player_high_card", "player_two_card_total", "dealer_up")

#: The columns the Banker may see when he chooses: his two cards or their total, and the
#: Player's third card (null: the Player stood).
BANKER_COLUMNS = ("banker_low_card", "banker_high_card", "banker_two_card_total",
                  "player_third")

#: What a bettor sees of the deal (a visible state): the Player's two cards and the up card.
CARDS_SEEN = ("player_low_card", "player_high_card", "dealer_up")

#: Who decides: each bettor on the hand for himself, or the hand's holder (chemin de fer).
DECIDERS = ("bettor", "player")


class RulesError(ExactOddsError, ValueError):
    """Unknown or malformed drawing rules, or a strategy the rules cannot take."""


class StrategyMap(dict[InfoState, "bool | Fraction"]):
    """A decision per state (True: draw; a Fraction strictly between 0 and 1: draw with
    that probability): the bettor's per visible state, the Banker's per state he sees;
    hashable so that rules holding it can key the enumerator's cache."""

    def __hash__(self) -> int:  # type: ignore[override]
        return hash(tuple(sorted(self.items(), key=repr)))


@dataclass(frozen=True)
class Option:
    """A decision on the Player hand's third card, at the Player's O cells.

    ``totals``: the two-card totals on which it is taken; ``house_way``: True if the house
    draws (the play when no strategy is given, and the choice on an exact tie); ``sees``:
    the visible columns the decider sees (``VISIBLE_COLUMNS``: his two cards or their total,
    and the up card); ``after_natural_check``: the dealer checks the hole card for a natural
    before the decision (so it is only ever taken against a hand that is not a natural);
    ``who``: the bettor on the hand, or its holder.

    >>> option = Option((5,), True, ("player_two_card_total", "dealer_up"), False)
    >>> option.information((2, 3, 7)), option.describe()
    ((5, 7), 'on 5')
    """

    totals: tuple[int, ...]
    house_way: bool
    sees: tuple[str, ...]
    after_natural_check: bool
    who: str = "bettor"

    @property
    def sees_up_card(self) -> bool:
        return "dealer_up" in self.sees

    @property
    def sees_cards(self) -> bool:
        """Whether the decider sees his two cards, not only their total."""
        return "player_low_card" in self.sees

    def information(self, visible: VisibleState) -> InfoState:
        """What the decider knows in a visible state (the Player's low and high card, the
        up card): the values of the columns he sees, in ``VISIBLE_COLUMNS`` order."""
        low, high, up = visible
        known = {"player_low_card": low, "player_high_card": high,
                 "player_two_card_total": (low + high) % 10, "dealer_up": up}
        return tuple(known[name] for name in self.sees)

    def total_of(self, state: InfoState) -> int:
        """The two-card total of the hand in an information state (``information``'s)."""
        return _total_seen(dict(zip(self.sees, state)), "player")

    def describe(self) -> str:
        """The totals it is taken on, in words: "on 5", "on every two-card total"."""
        if self.totals == tuple(range(10)):
            return "on every two-card total"
        return "on " + ", ".join(map(str, self.totals))


@dataclass(frozen=True)
class BankerOption:
    """The Banker hand's choice at the lower-case cells of his chart (chemin de fer): who
    decides (the hand's holder) and what he sees (``BANKER_COLUMNS``: his two cards or
    their total, and the Player's third card or that he stood).

    >>> BankerOption(("banker_two_card_total", "player_third")).information((3, 4), None)
    (7, None)
    """

    sees: tuple[str, ...]
    who: str = "banker"

    @property
    def sees_cards(self) -> bool:
        return "banker_low_card" in self.sees

    def information(self, cards: tuple[int, int], third: int | None) -> InfoState:
        """What the Banker knows: his two cards' point values (either order) and the Player's
        third card's (None: he stood), as the columns he sees read them."""
        low, high = min(cards), max(cards)
        known = {"banker_low_card": low, "banker_high_card": high,
                 "banker_two_card_total": (low + high) % 10, "player_third": third}
        return tuple(known[name] for name in self.sees)

    def total_of(self, state: InfoState) -> int:
        """The Banker's two-card total in an information state (``information``'s)."""
        return _total_seen(dict(zip(self.sees, state)), "banker")

    def third_of(self, state: InfoState) -> int | None:
        """The Player's third card in an information state (None: he stood, or the Banker
        does not see it)."""
        return dict(zip(self.sees, state)).get("player_third")


def _total_seen(known: Mapping[str, int | None], hand: str) -> int:
    """A hand's two-card total from what a decider sees of it: the total, or the two cards."""
    total = known.get(f"{hand}_two_card_total")
    if total is not None:
        return total
    return ((known.get(f"{hand}_low_card") or 0) + (known.get(f"{hand}_high_card") or 0)) % 10


@dataclass(frozen=True)
class Information:
    """One choice of the setting ``information``: what each side's decision sees."""

    name: str
    player: tuple[str, ...] | None
    banker: tuple[str, ...] | None
    description: str = ""


#: The setting a rules file's ``information:`` declares in every game played by it.
INFORMATION = "information"


@dataclass(frozen=True)
class DrawingRules:
    """A game's drawing rules, from its rules file.

    ``player[t]`` is ``H``, ``S`` or ``O`` for a Player two-card total ``t``;
    ``banker[t][x]`` is ``H`` or ``S`` for a Banker two-card total ``t`` against a Player
    third card ``x`` (0-9), ``banker[t][10]`` when the Player stood. Two-card totals in
    ``naturals`` end the round: neither hand draws. A game without a chart (Dragon Tiger)
    deals ``cards`` cards to each hand, valued by ``valuation`` (``rules.round``), and no
    hand draws: its ``player`` and ``banker`` are empty.
    """

    name: str
    title: str
    naturals: tuple[int, ...]
    player: tuple[str, ...]
    banker: tuple[tuple[str, ...], ...]
    option: Option | None = None
    on_option: str | StrategyMap = "house-way"
    strategy_name: str = "house-way"
    source: tuple[tuple[str, str], ...] = field(default=(), compare=False)
    readings: tuple[str, ...] = field(default=(), compare=False)
    cards: int = 2
    valuation: Valuation = "points"
    values: tuple[HandValue, ...] = ()  # the hand values the rules name (faces, ...)
    ranking: tuple[str, ...] = ("total",)  # what hands are compared by, in order
    banker_option: BankerOption | None = None  # the Banker's choice (lower-case cells)
    banker_on: str | StrategyMap = "house-way"  # how the Banker takes it
    #: what each decider may be told, a setting the rules declare (``information:``): each
    #: choice's name and what the Player's and the Banker's decisions then see (None: as
    #: written); the first choice is the default
    information: tuple[Information, ...] = field(default=(), compare=False)

    @property
    def draws(self) -> bool:
        """Whether the hands draw by the baccarat tableau (the rules have a chart)."""
        return bool(self.player)

    @property
    def round(self) -> RoundDescription:
        """The round these rules describe, compiled once (``rules.round``)."""
        return round_of(self)

    @property
    def uses_up_card(self) -> bool:
        """Whether the Player's draw reads the visible cards (low, high, up card): the
        option is taken state by state, from a decision map."""
        return self.option is not None and isinstance(self.on_option, StrategyMap)

    def is_natural(self, total: int) -> bool:
        return total in self.naturals

    def player_draws(self, total: int, visible: VisibleState | None = None) -> bool:
        """Whether the Player hand (neither hand a natural) takes a third card."""
        cell = self.player[total]
        if cell != OPTION:
            return cell == HIT
        choice = self.on_option
        if choice == "house-way":
            return self.option is not None and self.option.house_way
        if isinstance(choice, str):
            return choice == "hit"
        if visible is None:
            raise RulesError(f"the decision on {total} needs the visible cards")
        return _pure(choice.get(self._seen(visible), self.option is not None
                                and self.option.house_way))

    def _seen(self, visible: VisibleState) -> VisibleState:
        if self.option is not None and not self.option.sees_up_card:
            return (visible[0], visible[1], None)
        return visible

    def player_chooses(self, total: int) -> bool:
        """Whether the Player's draw on a two-card ``total`` is a decision (an O cell)."""
        return bool(self.player) and self.player[total] == OPTION

    def banker_chooses(self, total: int, player_third: int | None) -> bool:
        """Whether the Banker's draw on ``total`` after the Player's third card (None: he
        stood) is his choice (a lower-case cell)."""
        return bool(self.banker) and self.banker[total][
            10 if player_third is None else player_third] in (CHOOSE_HIT, CHOOSE_STAND)

    def banker_house_way(self, total: int, player_third: int | None) -> bool:
        """Whether the house way (the chart's letter) draws there."""
        return self.banker[total][10 if player_third is None else player_third] in (
            HIT, CHOOSE_HIT)

    @property
    def reads_banker_cards(self) -> bool:
        """Whether the Banker's draw reads his two cards, not only their total: he chooses,
        seeing them, by a decision map."""
        return (self.banker_option is not None and self.banker_option.sees_cards
                and isinstance(self.banker_on, StrategyMap))

    def banker_draws(self, total: int, player_third: int | None,
                     cards: tuple[int, int] | None = None) -> bool:
        """Whether the Banker hand draws, given the Player's third card (``None``: stood)
        and, where he chooses seeing them, his two cards' point values."""
        cell = self.banker[total][10 if player_third is None else player_third]
        if cell in (HIT, STAND):
            return cell == HIT
        choice = self.banker_on
        if choice == "house-way":
            return cell == CHOOSE_HIT
        if isinstance(choice, str):
            return choice == "hit"
        assert self.banker_option is not None
        seen = self.banker_option.information(cards or (0, total), player_third)
        return _pure(choice.get(seen, cell == CHOOSE_HIT))

    @property
    def mixed(self) -> tuple[tuple[str, InfoState, Fraction], ...]:
        """The information states where a side draws with a probability strictly between 0
        and 1: (side, state, probability). The bettor's map is by visible state: the
        visible states of one information state make one draw."""
        return tuple((side, state, p) for (side, state), (p, _) in self._mixed_groups.items())

    @property
    def _mixed_groups(self) -> dict[tuple[str, InfoState], tuple[Fraction, list[InfoState]]]:
        """Each mixed (side, information state): its probability and its map's keys."""
        found: dict[tuple[str, InfoState], tuple[Fraction, list[InfoState]]] = {}
        for side, taken in (("player", self.on_option), ("banker", self.banker_on)):
            if not isinstance(taken, StrategyMap):
                continue
            for key, p in taken.items():
                if 0 < p < 1:
                    info = (self.option.information(self._seen(key))  # type: ignore[arg-type]
                            if side == "player" and self.option is not None else key)
                    found.setdefault((side, info), (Fraction(p), []))[1].append(key)
        return found

    @property
    def denominator(self) -> int:
        """The ways of the chance a mixed strategy adds: the product of its probabilities'
        denominators (1 for a pure strategy). A count under it counts each ordered
        sequence of cards once for each of these equally likely draws."""
        return prod(p.denominator for _, _, p in self.mixed)

    def corners(self) -> tuple[tuple[DrawingRules, int], ...]:
        """A mixed strategy as the pure ones it draws from: each choice of draw or stand at
        the mixed information states, with its weight in ``denominator`` ways (the weights
        add up to it)."""
        groups = list(self._mixed_groups.items())
        found = []
        for choices in product((True, False), repeat=len(groups)):
            weight = prod((p if draws else 1 - p) * p.denominator
                          for (_, (p, _)), draws in zip(groups, choices))
            maps = {side: dict(taken) for side, taken in (("player", self.on_option),
                                                          ("banker", self.banker_on))
                    if isinstance(taken, StrategyMap)}
            for ((side, _), (_, keys)), draws in zip(groups, choices):
                maps[side].update(dict.fromkeys(keys, draws))
            pure = self
            if "player" in maps:
                pure = pure.with_strategy(maps["player"], self.strategy_name)
            if "banker" in maps:
                pure = pure.with_banker_strategy(maps["banker"])
            found.append((pure, int(weight)))
        return tuple(found)

    def with_information(self, choice: object) -> DrawingRules:
        """These rules with the decisions seeing what the ``information`` choice says."""
        for known in self.information:
            if known.name == choice:
                option = (self.option if self.option is None or known.player is None
                          else replace(self.option, sees=known.player))
                banker = (self.banker_option if self.banker_option is None
                          or known.banker is None else replace(self.banker_option,
                                                                sees=known.banker))
                return replace(self, option=option, banker_option=banker)
        names = ", ".join(known.name for known in self.information) or "none"
        raise RulesError(f"setting {INFORMATION}: {choice!r} is not one of {names}")

    def with_banker_strategy(self, strategy: str | Mapping[InfoState, bool | Fraction]
                             ) -> DrawingRules:
        """These rules with the Banker's choice taken by ``strategy``: ``house-way``,
        ``hit``, ``stand``, or a map from what he sees to True (draw) / False (stand)."""
        if self.banker_option is None:
            if strategy == "house-way":
                return self
            raise RulesError(f"the {self.name} rules leave the Banker no choice to make")
        if isinstance(strategy, str):
            if strategy not in FIXED_STRATEGIES:
                raise RulesError(f"unknown strategy {strategy!r} for the Banker (use "
                                 f"{', '.join(FIXED_STRATEGIES)})")
            return replace(self, banker_on=strategy)
        chosen = strategy if isinstance(strategy, StrategyMap) else StrategyMap(strategy)
        return replace(self, banker_on=chosen)

    def with_strategy(self, strategy: str | Mapping[InfoState, bool | Fraction],
                      name: str | None = None) -> DrawingRules:
        """These rules with the option taken by ``strategy``: ``house-way``, ``hit``,
        ``stand``, or a map from visible state to True (hit) / False (stand); states the
        map does not name follow the house way."""
        if self.option is None:
            if strategy in (None, "house-way"):
                return self
            raise RulesError(f"the {self.name} rules leave the bettor no choice to make")
        if isinstance(strategy, str):
            if strategy == "optimal":
                raise RulesError("the optimal strategy depends on the shoe: use "
                                 "exact_odds.analysis.strategy.optimal_rules")
            if strategy not in FIXED_STRATEGIES:
                raise RulesError(f"unknown strategy {strategy!r} (use "
                                 f"{', '.join(STRATEGIES)})")
            return replace(self, on_option=strategy, strategy_name=name or strategy)
        chosen = strategy if isinstance(strategy, StrategyMap) else StrategyMap(strategy)
        return replace(self, on_option=chosen, strategy_name=name or "map")

    def describe(self) -> str:
        if self.option is None:
            return self.title
        if self.banker_option is not None:
            banker = self.banker_on if isinstance(self.banker_on, str) else (
                self.strategy_name if isinstance(self.on_option, StrategyMap) else "file")
            if banker == self.strategy_name:
                return (f"{self.title} (the Player's choice {self.option.describe()} and the "
                        f"Banker's: {banker})")
            return (f"{self.title} (the Player's choice {self.option.describe()}: "
                    f"{self.strategy_name}; the Banker's: {banker})")
        return f"{self.title} (player option {self.option.describe()}: {self.strategy_name})"


def _pure(choice: bool | Fraction) -> bool:
    """A decision of a pure strategy; a mixed one is played as its corners."""
    if 0 < choice < 1:
        raise RulesError("a mixed strategy is played as the pure strategies it draws from "
                         "(DrawingRules.corners)")
    return bool(choice)


@lru_cache(maxsize=256)
def round_of(rules: DrawingRules) -> RoundDescription:
    """The round these rules play, as the two tables every part of the program reads
    (``rules/round.py``): this function is the one place the naturals, the Player's rule or
    decision and the Banker's chart are applied to the cards. Under a mixed strategy the
    round is played as the pure ones it draws from (``corners``): its description is the
    first one's, marked ``mixed``, its tables not to be played."""
    if rules.mixed:
        return replace(round_of(rules.corners()[0][0]), mixed=True)
    if not rules.draws:
        return RoundDescription(rules.cards, rules.valuation, False, (False,) * 10,
                                values=rules.values, ranking=rules.ranking)
    natural = tuple(total in rules.naturals for total in range(10))
    digits = range(10)
    # the Player's draw on each two-card hand (low, high) against each up card
    player = [[[rules.player_draws((low + high) % 10, (low, high, up)) for up in digits]
               if low <= high else None for high in digits] for low in digits]
    # after the first four cards, by the Banker's two cards (up, other): a natural ends the
    # round; else the Player draws, or stands and the Banker draws or stands (his stood
    # column, read from his two cards where he chooses seeing them)
    ends = [[STOOD if natural[(up + other) % 10] else BANKER
             if rules.banker_draws((up + other) % 10, None, (up, other)) else STOOD
             for other in digits] for up in digits]

    @cache
    def after_player(draws: bool, up: int) -> tuple[int, ...]:
        # by the Banker's other card, the Player's two cards no natural: the round is the
        # same for every two cards with the same draw (one row for each, not a thousand)
        return tuple(STOOD if natural[(up + other) % 10] else PLAYER if draws
                     else ends[up][other] for other in digits)

    def opening(low: int, high: int, up: int) -> tuple[int, ...]:
        if natural[(low + high) % 10]:
            return (STOOD,) * 10
        return after_player(player[min(low, high)][max(low, high)][up], up)  # type: ignore[index]

    return RoundDescription(
        2, "points", True, natural,
        tuple(tuple(tuple(opening(low, high, up) for up in digits) for high in digits)
              for low in digits),
        tuple(tuple(tuple(rules.banker_draws((up + other) % 10, None if x == 10 else x,
                                             (up, other))
                          for x in range(11)) for other in digits) for up in digits),
        rules.values, rules.ranking, reads_up_card=rules.uses_up_card,
        reads_banker_cards=rules.reads_banker_cards)
