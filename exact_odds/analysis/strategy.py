"""Best play on the bettor's option, and the value of a late bet, from the game file.

A game whose drawing rules give the bettor an option (21st Century Baccarat 5.0: hit or
stand on a player two-card 5) names in its game file the bet the option is played for
(``option: {optimise: player}``). The choice is made seeing the visible cards the rules
file lists (``sees``: the player's two cards, and the dealer's up card where it is seen);
where the dealer checks the hole card for a natural first (``after_natural_check``), the
expected values are conditional on the visible state and on the dealer holding no natural.
``optimal`` takes the better choice in every visible state of the finite shoe (the house
way on an exact tie): ``takes_option`` is that one decision, for one shoe here and shoe by
shoe in batches (``exact_odds.batch.plan``), and ``optimised_bet`` the one place that finds
the bet it is played for.

A bet placed late (``placed: after-visible-cards``, with an ``offered:`` condition, as the
21st Century late tie) is valued in every visible state where it is offered, conditional on
that state alone, the player hand played by the strategy chosen.

``exact_odds.analysis.job.game_rules`` gives the drawing rules a game is played by, its
option taken by a strategy (``optimal``: ``optimal_rules``, the best play for the shoe). The
decisions as a result are ``exact_odds.analysis.strategy_report``.

Every pay and condition is the game file's, and every count comes from the enumerator
(``outcome_counts`` over the visible columns, ``banker_natural`` and the bet's own columns),
the same machinery as reports: exact integers and fractions throughout.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING, Any, overload

from exact_odds.engine.enumerator import enumeration_cost, outcome_counts, total_sequences
from exact_odds.errors import ExactOddsError
from exact_odds.games.loader import load_game
from exact_odds.games.model import Bet, Game, Settings
from exact_odds.games.settlement import settler
from exact_odds.rules import (
    CARDS_SEEN,
    DrawingRules,
    InfoState,
    Option,
    StrategyMap,
    VisibleState,
)
from exact_odds.shoe import Shoe

if TYPE_CHECKING:
    import numpy as np

GameLike = Game | str | Path


class StrategyError(ExactOddsError, ValueError):
    """A game with no option to play, or no bet to play it for."""


def _game(game: GameLike) -> Game:
    return game if isinstance(game, Game) else load_game(game)


def _option(game: Game, settings: Settings = None) -> Option:
    """The game's option as the decider takes it under the settings (what he sees)."""
    option = game.rules_under(settings).option
    if option is None:
        raise StrategyError(f"game {game.id!r} plays the {game.rules.name} rules: the bettor "
                            "has no choice to make")
    return option


def option_hands(rules: DrawingRules) -> tuple[tuple[int, int], ...]:
    """The Player's two-card hands (point values, low first) on which the bettor decides.

    >>> from exact_odds.rules import load_rules
    >>> option_hands(load_rules("21st-century"))
    ((0, 5), (1, 4), (2, 3), (6, 9), (7, 8))
    """
    from exact_odds.errors import check_type

    check_type(rules, DrawingRules, "rules", "DrawingRules (load_rules, rules_named)")
    totals = rules.option.totals if rules.option else ()
    return tuple((low, high) for low in range(10) for high in range(low, 10)
                 if (low + high) % 10 in totals)


@overload
def takes_option(gain: Fraction, house_way_hits: bool) -> bool: ...
@overload
def takes_option(gain: np.ndarray, house_way_hits: bool) -> np.ndarray: ...
def takes_option(gain: Fraction | np.ndarray, house_way_hits: bool) -> bool | np.ndarray:
    """Whether the bettor takes the option (hits), from what hitting gains over standing for
    the bet the option is played for: an exact Fraction for one shoe, or shoe by shoe a
    numpy integer array (numerators over positive denominators, so the sign is the gain's).
    A gain takes the option, a loss declines it, an exact tie plays the house way.

    >>> takes_option(Fraction(1, 9), False), takes_option(Fraction(0), True)
    (True, True)
    >>> import numpy as np
    >>> takes_option(np.array([-3, 0, 2]), False).tolist()
    [False, False, True]
    """
    return gain >= 0 if house_way_hits else gain > 0


def optimised_bets(game: Game) -> tuple[Bet, ...]:
    """The bets the best play on the option is computed for, together: the ones the game
    file names (``option: {optimise: BET}`` or ``{optimise: [BET, ...]}``)."""
    if not game.optimise:
        raise StrategyError(f"game {game.id!r}: the optimal play on the option needs the "
                            "bet it is played for: add 'option: {optimise: BET}' to its game file")
    return tuple(game.bet(bet) for bet in game.optimise)


def _visible(option: Option, row: Mapping[str, Any]) -> VisibleState:
    up = row["dealer_up"] if option.sees_up_card else None
    return (row["player_low_card"], row["player_high_card"], up)


#: Per visible state, per bet tallied: [all ways, ways where the bet acts, sum of ways * net,
#: the ways of each settlement (its event and net)].
Tally = dict[VisibleState, list[list[Any]]]


def _tally(shoe: Shoe, game: Game, rules: DrawingRules,
           bets: tuple[tuple[Bet, bool], ...], settings: Settings = None) -> Tally:
    """One enumeration over the visible columns and every bet's columns. For each (bet,
    ``no_dealer_natural``) asked, and each visible state: the ways, the ways where the bet
    acts, their sum of ways * net and the ways of each settlement (only deals where the
    dealer holds no natural, if ``no_dealer_natural``). Refused before any work where the
    enumeration passes the limits."""
    option = _option(game, settings)
    needs_natural = any(skip for _, skip in bets)
    read_all = tuple(name for bet, _ in bets for name in bet.columns)
    # the visible state: the Player's two cards, and the up card where it is seen
    seen = CARDS_SEEN if option.sees_up_card else CARDS_SEEN[:2]
    columns = tuple(dict.fromkeys(seen + (("banker_natural",) if needs_natural else ())
                                  + read_all))
    index = {name: i for i, name in enumerate(columns)}
    low, high = index["player_low_card"], index["player_high_card"]
    up = index.get("dealer_up") if option.sees_up_card else None
    natural = index.get("banker_natural", -1)
    reads = [[index[name] for name in bet.columns] for bet, _ in bets]
    chosen = game.setting_values(settings)
    settlers = [settler(bet, chosen, game.rules.round) for bet, _ in bets]
    # per state and bet: [ways, {settlement: ways}] summed as integers, then folded
    found: dict[VisibleState, list[list[Any]]] = {}
    enumeration_cost(shoe, columns, rules).check()
    for values, ways in outcome_counts(shoe, columns, rules).items():
        key = (values[low], values[high], None if up is None else values[up])
        state = found.get(key)
        if state is None:
            state = found[key] = [[0, {}] for _ in bets]
        for number, ((_, skip), read) in enumerate(zip(bets, reads)):
            if skip and values[natural]:
                continue
            tally = state[number]
            tally[0] += ways
            settled = settlers[number](tuple(values[i] for i in read))
            tally[1][settled] = tally[1].get(settled, 0) + ways
    for state in found.values():
        for number, (ways, settled) in enumerate(state):
            acting = {s: w for s, w in settled.items() if s.net is not None}
            state[number] = [ways, sum(acting.values()),
                             sum((s.net * w for s, w in acting.items()), Fraction(0)), settled]
    return found


def _runs(shoe: Shoe, game: Game, bets: tuple[tuple[Bet, bool], ...],
          settings: Settings = None) -> dict[bool, Tally]:
    """The tallies with the option always hit (True) and always stood (False)."""
    rules = game.rules_under(settings)
    return {hits: _tally(shoe, game, rules.with_strategy("hit" if hits else "stand"), bets,
                         settings)
            for hits in (True, False)}


@dataclass(frozen=True)
class Decision:
    """The choice on the option in one visible state, with both exact expected values:
    those of the decider's information state (``info``, what he sees: ``Option.information``),
    the same in every visible state he cannot tell apart. An expected value is per unit of
    the first bet played for, every bet played for together (a stake the draw adds counted
    in the same units)."""

    low: int
    high: int
    up: int | None
    ev_hit: Fraction
    ev_stand: Fraction
    house_way_hits: bool = True
    info: InfoState = ()

    @property
    def choice(self) -> str:
        return "hit" if takes_option(self.ev_hit - self.ev_stand, self.house_way_hits) else "stand"

    @property
    def gain(self) -> Fraction:
        """What the better choice gains over the other, per unit on the bet played for."""
        return abs(self.ev_hit - self.ev_stand)


@dataclass(frozen=True)
class LateTie:
    """A late bet (the late tie) in one visible state where it is offered."""

    low: int
    high: int
    up: int | None
    probability: Fraction  # of this visible state
    ev: Fraction

    @property
    def favours_bettor(self) -> bool:
        return self.ev > 0





def _late_bet(game: Game) -> Bet | None:
    return next((b for b in game.bets if b.placed == "after-visible-cards"), None)


def decisions(shoe: Shoe, game: GameLike = "21st-century", settings: Settings = None
              ) -> tuple[Decision, ...]:
    """The exact expected values of hitting and of standing on the option, in every
    visible state, for the bets the game file names (``option: {optimise: ...}``), from
    what the decider sees there."""
    loaded = _game(game)
    option = _option(loaded, settings)
    bets = tuple((bet, option.after_natural_check) for bet in optimised_bets(loaded))
    return _decisions(loaded, _runs(shoe, loaded, bets, settings), tuple(range(len(bets))),
                      settings)


def _decisions(game: Game, runs: dict[bool, Tally], numbers: tuple[int, ...],
               settings: Settings = None) -> tuple[Decision, ...]:
    """Each visible state's decision from the tallies of the bets ``numbers`` played for:
    the ways and the nets summed over the visible states of one information state, and
    over the bets (a bet with no action, the Draw bet of a stand, nets 0)."""
    option = _option(game, settings)
    hands = set(option_hands(game.rules))
    states = [state for state in sorted(runs[True], key=_order) if state[:2] in hands]
    sums: dict[bool, dict[InfoState, list[Any]]] = {True: {}, False: {}}
    for hits, found in runs.items():
        for state in states:
            tallies = found.get(state)
            if tallies is None:
                continue
            group = sums[hits].setdefault(option.information(state), [0, Fraction(0)])
            group[0] += tallies[numbers[0]][0]
            group[1] += sum((tallies[n][2] for n in numbers), Fraction(0))
    ev = {hits: {info: net / ways for info, (ways, net) in found.items() if ways}
          for hits, found in sums.items()}
    return tuple(Decision(*state, ev[True][info], ev[False][info], option.house_way, info)
                 for state in states for info in [option.information(state)]
                 if info in ev[True] and info in ev[False])


def _order(state: VisibleState) -> tuple[int, int, int]:
    return (state[0], state[1], -1 if state[2] is None else state[2])


def late_ties(shoe: Shoe, on_five: str | Mapping[InfoState, bool],
              game: GameLike = "21st-century") -> tuple[LateTie, ...]:
    """The late bet's exact value in every visible state where it is offered, the player
    hand played by ``on_five`` (a strategy's name or a decision map)."""
    loaded = _game(game)
    _option(loaded)
    bet = _late_bet(loaded)
    if bet is None:
        return ()
    played = _tally(shoe, loaded, loaded.rules.with_strategy(on_five), ((bet, False),))
    return _late_ties(shoe, loaded, {True: played, False: played}, 0, on_five)


def _late_ties(shoe: Shoe, game: Game, runs: dict[bool, Tally], number: int,
               on_five: str | Mapping[InfoState, bool]) -> tuple[LateTie, ...]:
    """The late bet under ``on_five``, from a run that hits (True) and one that stands
    (False) on the option (the same run twice when it was played by ``on_five`` itself):
    in each visible state, the tally of the run that plays the state's decision."""
    rules = game.rules.with_strategy(on_five)
    bet = _late_bet(game)
    total = total_sequences(shoe)
    found = []
    for state in sorted(runs[True], key=_order):
        p2 = (state[0] + state[1]) % 10
        hits = rules.player_draws(p2, state) if rules.player_chooses(p2) else True
        ways, acting, net, _ = runs[hits][state][number]
        if not acting:
            continue
        if acting != ways:
            assert bet is not None
            raise StrategyError(f"bet {bet.id!r}: field 'offered' reads more than the visible "
                                "cards: it must be decided by what the bettor sees")
        found.append(LateTie(*state, Fraction(ways, total), Fraction(net, acting)))
    return tuple(found)


def on_five_map(found: tuple[Decision, ...]) -> dict[InfoState, bool]:
    """The better choice in each visible state, as the rules take it: True to hit."""
    return {(d.low, d.high, d.up): d.choice == "hit" for d in found}


def optimal_on_five(shoe: Shoe, game: GameLike = "21st-century", settings: Settings = None
                    ) -> dict[InfoState, bool]:
    """The optimal decision on the option for each visible state: True to hit."""
    return on_five_map(decisions(shoe, game, settings))


def optimal_rules(shoe: Shoe, game: GameLike = "21st-century", settings: Settings = None
                  ) -> DrawingRules:
    """The game's rules with the option played optimally for this shoe."""
    loaded = _game(game)
    return loaded.rules_under(settings).with_strategy(
        StrategyMap(optimal_on_five(shoe, loaded, settings)),
                                      "optimal")
