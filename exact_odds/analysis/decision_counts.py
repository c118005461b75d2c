"""A report whose play is chosen to suit its pays, played again when a pay changes.

Where the bettor's play is chosen for the pays (``--strategy optimal``: the better choice on
the option in every state the bettor can see), a changed pay can change the play, and with
it the combinations of every event of every bet. ``DecisionCounts`` holds what choosing
again needs, from the decision machinery of ``exact_odds.analysis.strategy`` (its tallies
per visible state, played each way; one enumeration per bet and way):

* the **decision states**: what the decider sees (the Player's two cards, the dealer's up
  card where it is seen, and that the dealer holds no natural where he checks first), each
  with, for each **option** (hit, stand), the combinations of every line of every bet over
  the deals of that state;
* the combinations of every line over the deals where no decision is made (``fixed``);
* the bets the choice is played for, and the house way.

``choices`` takes, in every state, the option with the better expected value for the bets
played for, conditional on the state, exactly as ``report`` does (``takes_option``: the
house way on an exact tie); ``combinations`` adds up the lines of the options chosen.
``GameReport.repriced`` gives a report with a game's pays, the play chosen again: the
widget's. The explorer's page carries the same counts (``explorer.data``) and its script
chooses the same way.

>>> from exact_odds.analysis.report import game_report
>>> report = game_report("baccarat-gold", strategy="optimal", bets="player")
>>> counts = decision_counts(report)
>>> counts.options, counts.house_way, counts.played_for, len(counts.states)
(('hit', 'stand'), 'hit', ('player',), 5)
>>> counts.combinations(counts.choices(line_nets(report))) == {
...     "player": tuple(e.combinations for e in report.bet("player").events)}
True
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Protocol

from exact_odds.analysis.bet_result import BetResult, line_of
from exact_odds.analysis.strategy import _order, _runs, optimised_bet, option_hands
from exact_odds.games.model import Game
from exact_odds.rules import DrawingRules, StrategyMap, VisibleState
from exact_odds.shoe import Shoe


class Played(Protocol):
    """What counting a report's play again reads of it (a ``GameReport``)."""

    @property
    def game(self) -> Game: ...
    @property
    def shoe(self) -> Shoe: ...
    @property
    def rules(self) -> DrawingRules: ...
    @property
    def strategy(self) -> str | None: ...
    @property
    def settings(self) -> dict[str, object]: ...
    @property
    def bets(self) -> tuple[BetResult, ...]: ...


#: The options on the bettor's option, in the order every count lists them.
OPTIONS = ("hit", "stand")


@dataclass(frozen=True)
class DecisionState:
    """What the decider sees (``seen``, and in words ``label``) and, for each option, the
    combinations of each line of each bet (by bet id) over the deals of this state."""

    seen: VisibleState
    label: str
    counts: tuple[dict[str, tuple[int, ...]], ...]


@dataclass(frozen=True)
class DecisionCounts:
    """Every decision state's combinations by option, the combinations no decision
    touches (``fixed``, by bet id), the bets the choice is played for, the house way,
    and which lines of each bet are an action (not the "Not offered" line of a late bet)."""

    decider: str
    options: tuple[str, ...]
    house_way: str
    played_for: tuple[str, ...]
    fixed: dict[str, tuple[int, ...]]
    states: tuple[DecisionState, ...]
    acting: dict[str, tuple[bool, ...]]

    def choices(self, nets: Mapping[str, Sequence[Fraction]]) -> tuple[int, ...]:
        """The option taken in each state (its index in ``options``) when each line of each
        bet pays ``nets[bet][line]``: the best expected value of the bets played for,
        conditional on the state (``best_option``)."""
        return tuple(best_option([self._value(state, option, nets)
                                  for option in range(len(self.options))],
                                 self.options.index(self.house_way))
                     for state in self.states)

    def _value(self, state: DecisionState, option: int,
               nets: Mapping[str, Sequence[Fraction]]) -> Fraction | None:
        """The expected value of the bets played for, ``option`` taken in ``state``, each
        conditional on the deals of the state where it acts (None: one never acts)."""
        total = Fraction(0)
        for bet in self.played_for:
            lines = state.counts[option][bet]
            acting = sum(c for c, acts in zip(lines, self.acting[bet]) if acts)
            if not acting:
                return None
            total += Fraction(sum(c * net for c, net in zip(lines, nets[bet])), acting)
        return total

    def combinations(self, choices: Sequence[int]) -> dict[str, tuple[int, ...]]:
        """Each bet's combinations of each line, the options ``choices`` taken."""
        found = {bet: list(lines) for bet, lines in self.fixed.items()}
        for state, option in zip(self.states, choices):
            for bet, lines in state.counts[option].items():
                found[bet] = [a + b for a, b in zip(found[bet], lines)]
        return {bet: tuple(lines) for bet, lines in found.items()}

    def strategy_map(self, choices: Sequence[int]) -> StrategyMap:
        """The choices as the rules take them (True: hit)."""
        return StrategyMap({state.seen: self.options[option] == "hit"
                            for state, option in zip(self.states, choices)})


def best_option(values: Sequence[Fraction | None], house_way: int) -> int:
    """The option with the best value; on an exact tie the house way, where it is among
    the best (else the first of them); the house way where a value is unknown (None).
    For two options, hit (0) and stand (1), this is ``takes_option``:

    >>> best_option([Fraction(1, 9), Fraction(0)], 1), best_option([Fraction(0)] * 2, 0)
    (0, 0)
    >>> best_option([Fraction(0)] * 2, 1), best_option([None, Fraction(1)], 0)
    (1, 0)
    """
    if any(value is None for value in values):
        return house_way
    known = [value for value in values if value is not None]
    best = max(known)
    return house_way if known[house_way] == best else known.index(best)


def line_nets(report: Played) -> dict[str, tuple[Fraction, ...]]:
    """What each line of each bet of ``report`` pays, net, by bet id."""
    return {bet.id: tuple(e.net for e in bet.events) for bet in report.bets}


def state_label(seen: VisibleState, after_natural_check: bool) -> str:
    """What the decider sees, in words.

    >>> state_label((0, 5, 3), True)
    "Player's cards 0 and 5, dealer's up card 3, no dealer natural"
    """
    text = f"Player's cards {seen[0]} and {seen[1]}"
    if seen[2] is not None:
        text += f", dealer's up card {seen[2]}"
    return text + (", no dealer natural" if after_natural_check else "")


def follows_pays(report: Played) -> bool:
    """Whether a pay changed in ``report`` can change its play: its play is chosen for the
    pays (the optimal strategy on an option) and the bet it is played for is among its own."""
    game = report.game
    return (game.rules.option is not None and report.strategy == "optimal"
            and game.optimise in {bet.id for bet in report.bets})


def decision_counts(report: Played, bets: Sequence[str] | None = None
                    ) -> DecisionCounts | None:
    """What choosing ``report``'s play again needs, where its play is chosen for its pays
    (the optimal strategy on an option, its bet played for among the report's), for the
    report's ``bets`` named (all by default; the bets played for always); None where a pay
    changed in it cannot change the play. Refused (``EnumerationTooLarge``) where a bet's
    enumeration with the visible cards passes the limits."""
    game = report.game
    option = game.rules.option
    if option is None or not follows_pays(report):
        return None
    played_for = optimised_bet(game).id
    hands = set(option_hands(game.rules))
    per_state: dict[VisibleState, tuple[dict[str, tuple[int, ...]], ...]] = {}
    fixed: dict[str, tuple[int, ...]] = {}
    acting: dict[str, tuple[bool, ...]] = {}
    wanted = set(bets if bets is not None else [bet.id for bet in report.bets])
    for result in report.bets:
        if result.id not in wanted and result.id != played_for:
            continue
        bet = game.bet(result.id)
        runs = _runs(report.shoe, game, ((bet, option.after_natural_check),), report.settings)
        played = [0] * len(result.events)  # the lines of the report's own choices
        for seen in runs[True]:
            if (seen[0], seen[1]) not in hands:
                continue
            counts = per_state.setdefault(seen, tuple({} for _ in OPTIONS))
            chosen = report.rules.player_draws((seen[0] + seen[1]) % 10, seen)
            for number, hits in enumerate((True, False)):
                lines = [0] * len(result.events)
                for settled, ways in runs[hits][seen][0][3].items():
                    lines[line_of(bet, settled)] += ways
                counts[number][bet.id] = tuple(lines)
                if hits == chosen:
                    played = [a + b for a, b in zip(played, lines)]
        fixed[bet.id] = tuple(e.combinations - c for e, c in zip(result.events, played))
        acting[bet.id] = tuple(not (bet.offered is not None and i == 0)
                               for i in range(len(result.events)))
    states = tuple(DecisionState(seen, state_label(seen, option.after_natural_check),
                                 per_state[seen])
                   for seen in sorted(per_state, key=_order))
    return DecisionCounts("the bettor on the Player hand", OPTIONS,
                          "hit" if option.house_way else "stand", (played_for,), fixed,
                          states, acting)
