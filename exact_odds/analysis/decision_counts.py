"""A report whose play is chosen to suit its pays, played again when a pay changes.

Where the bettor's play is chosen for the pays (``--strategy optimal``: the better choice on
the option in every state the decider can tell apart), a changed pay can change the play,
and with it the combinations of every event of every bet. ``DecisionCounts`` holds what
choosing again needs, from the decision machinery of ``exact_odds.analysis.strategy`` (its
tallies per visible state, played each way; one enumeration per bet and way):

* the **decision states**: each information state of the decider (what he sees: his two
  cards or their total, the dealer's up card where it is seen; and that the dealer holds no
  natural where he checks first), with, for each **option** (hit, stand), the combinations
  of every line of every bet over the deals of that state;
* the combinations of every line over the deals where no decision is made (``fixed``);
* the bets the choice is played for (together: a stake the draw adds counts in the units of
  the first), and the house way.

``choices`` takes, in every state, the option of the better expected value of the bets
played for, exactly as ``report`` does (``strategy._decisions``: their nets over the first
bet's ways; ``takes_option``: the house way on an exact tie); ``combinations`` adds up the
lines of the options chosen. ``GameReport.repriced`` gives a report with a game's pays, the
play chosen again: the widget's. The explorer's page carries the same counts
(``explorer.data``) and its script chooses the same way.

Where both hands choose (chemin de fer, ``--strategy equilibrium``) the play is an
equilibrium the page does not compute; where cards are known (``--known``) the play is
chosen on the whole shoe and counted over the known cards, which the states' counts here
are not: ``replay_refusal`` says so, and the pays it is chosen for (``played_bets``) are not
edited.

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

from exact_odds.analysis.bet_result import BetResult, line_nets_of, line_of
from exact_odds.analysis.strategy import _option, _order, _runs, optimised_bets, option_hands
from exact_odds.games.model import Game
from exact_odds.known import Known
from exact_odds.rules import DrawingRules, InfoState, StrategyMap, VisibleState
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
    @property
    def known(self) -> Known: ...


#: The options on the bettor's option, in the order every count lists them.
OPTIONS = ("hit", "stand")


@dataclass(frozen=True)
class DecisionState:
    """What the decider sees (``seen``: his information state, and in words ``label``),
    the visible states it holds (``visible``) and, for each option, the combinations of
    each line of each bet (by bet id) over the deals of this state."""

    seen: InfoState
    label: str
    visible: tuple[VisibleState, ...]
    counts: tuple[dict[str, tuple[int, ...]], ...]


@dataclass(frozen=True)
class DecisionCounts:
    """Every decision state's combinations by option, the combinations no decision
    touches (``fixed``, by bet id: the report's bets), the bets the choice is played for,
    the house way, and what a bet played for but not in the report pays (``hidden``:
    each line's net, its pays being the game file's)."""

    decider: str
    options: tuple[str, ...]
    house_way: str
    played_for: tuple[str, ...]
    fixed: dict[str, tuple[int, ...]]
    states: tuple[DecisionState, ...]
    hidden: dict[str, tuple[Fraction, ...]]

    def choices(self, nets: Mapping[str, Sequence[Fraction]]) -> tuple[int, ...]:
        """The option taken in each state (its index in ``options``) when each line of each
        bet pays ``nets[bet][line]`` (a bet played for and not given: ``hidden``'s): the
        best expected value of the bets played for, conditional on the state
        (``best_option``)."""
        paid = {**self.hidden, **nets}
        return tuple(best_option([self._value(state, option, paid)
                                  for option in range(len(self.options))],
                                 self.options.index(self.house_way))
                     for state in self.states)

    def _value(self, state: DecisionState, option: int,
               nets: Mapping[str, Sequence[Fraction]]) -> Fraction | None:
        """The expected value of the bets played for together, ``option`` taken in
        ``state``: their nets over the ways of the first (None: the state never happens)."""
        counts = state.counts[option]
        ways = sum(counts[self.played_for[0]])
        if not ways:
            return None
        return Fraction(sum(c * net for bet in self.played_for
                            for c, net in zip(counts[bet], nets[bet])), ways)

    def combinations(self, choices: Sequence[int]) -> dict[str, tuple[int, ...]]:
        """Each of the report's bets' combinations of each line, the options ``choices``
        taken."""
        found = {bet: list(lines) for bet, lines in self.fixed.items()}
        for state, option in zip(self.states, choices):
            for bet, lines in found.items():
                for i, count in enumerate(state.counts[option][bet]):
                    lines[i] += count
        return {bet: tuple(lines) for bet, lines in found.items()}

    def strategy_map(self, choices: Sequence[int]) -> StrategyMap:
        """The choices as the rules take them, by visible state (True: hit)."""
        return StrategyMap({seen: self.options[option] == "hit"
                            for state, option in zip(self.states, choices)
                            for seen in state.visible})


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


def state_label(seen: InfoState, sees: Sequence[str], after_natural_check: bool) -> str:
    """What the decider sees (``seen``, the values of the columns ``sees``), in words.

    >>> state_label((0, 5, 3), ("player_low_card", "player_high_card", "dealer_up"), True)
    "Player's cards 0 and 5, dealer's up card 3, no dealer natural"
    >>> state_label((5, 7), ("player_two_card_total", "dealer_up"), False)
    "Player's two-card total 5, dealer's up card 7"
    """
    known = dict(zip(sees, seen))
    if "player_low_card" in known:
        text = f"Player's cards {known['player_low_card']} and {known['player_high_card']}"
    else:
        text = f"Player's two-card total {known['player_two_card_total']}"
    if known.get("dealer_up") is not None:
        text += f", dealer's up card {known['dealer_up']}"
    return text + (", no dealer natural" if after_natural_check else "")


def played_bets(report: Played) -> tuple[str, ...]:
    """The report's bets whose pays its play is chosen for (the optimal play's bets played
    for; the equilibrium's, each side's bet): a pay of theirs changed can change the play,
    and so every bet's combinations. Empty where the play does not follow the pays."""
    game = report.game
    if game.rules.option is None or report.strategy not in ("optimal", "equilibrium"):
        return ()
    chosen = (*game.optimise, *((game.banker_bet,) if report.strategy == "equilibrium"
                               and game.banker_bet else ()))
    shown = {bet.id for bet in report.bets}
    return tuple(bet for bet in dict.fromkeys(chosen) if bet in shown)


def follows_pays(report: Played) -> bool:
    """Whether a pay changed in ``report`` can change its play (``played_bets``)."""
    return bool(played_bets(report))


def replay_refusal(report: Played) -> str:
    """Why ``report``'s play, which follows its pays, cannot be chosen again here; empty
    where it can (the optimal play) or need not be."""
    if not follows_pays(report):
        return ""
    bets = ", ".join(played_bets(report))
    if report.strategy == "equilibrium":
        return (f"the play is the equilibrium of both hands' choices for the pays of {bets}, "
                "found by exact-odds report, not here: change those pays in the game file")
    if report.known.cards:  # the states' counts here are the whole shoe's, not the known's
        return (f"the play is chosen for the pays of {bets} on the whole shoe, then counted "
                "over the cards known, by exact-odds report, not here: change those pays in "
                "the game file")
    return ""


def decision_counts(report: Played, bets: Sequence[str] | None = None
                    ) -> DecisionCounts | None:
    """What choosing ``report``'s play again needs, where its play is the optimal one for
    the pays of bets among its own (``follows_pays``), for the report's ``bets`` named (all
    by default); None where a pay changed in it cannot change the play, or where the play
    is not the optimal one (``replay_refusal``). Refused (``EnumerationTooLarge``) where a
    bet's enumeration with the visible cards passes the limits."""
    game = report.game
    if report.strategy != "optimal" or not follows_pays(report) or replay_refusal(report):
        return None
    option = _option(game, report.settings)
    played_for = tuple(bet.id for bet in optimised_bets(game))
    shown = {result.id: result for result in report.bets}
    hands = set(option_hands(game.rules))
    per_state: dict[InfoState, tuple[dict[str, list[int]], ...]] = {}
    members: dict[InfoState, list[VisibleState]] = {}
    fixed: dict[str, tuple[int, ...]] = {}
    wanted = set(bets if bets is not None else shown)
    for bet_id in dict.fromkeys([*shown, *played_for]):
        if bet_id not in wanted and bet_id not in played_for:
            continue
        bet = game.bet(bet_id)
        size = len(line_nets_of(bet))
        runs = _runs(report.shoe, game, ((bet, option.after_natural_check),), report.settings)
        played = [0] * size  # the lines of the report's own choices
        for seen in sorted(runs[True], key=_order):
            if seen[:2] not in hands:
                continue
            info = option.information(seen)
            if bet_id == played_for[0]:
                members.setdefault(info, []).append(seen)
            counts = per_state.setdefault(info, tuple({} for _ in OPTIONS))
            chosen = report.rules.player_draws((seen[0] + seen[1]) % 10, seen)
            for number, hits in enumerate((True, False)):
                lines = counts[number].setdefault(bet_id, [0] * size)
                for settled, ways in runs[hits][seen][0][3].items():
                    lines[line_of(bet, settled)] += ways
                if hits == chosen:
                    for settled, ways in runs[hits][seen][0][3].items():
                        played[line_of(bet, settled)] += ways
        if bet_id in shown:
            fixed[bet_id] = tuple(e.combinations - c
                                  for e, c in zip(shown[bet_id].events, played))
    states = tuple(DecisionState(info, state_label(info, option.sees, option.after_natural_check),
                                 tuple(members[info]),
                                 tuple({bet: tuple(lines) for bet, lines in by_bet.items()}
                                       for by_bet in per_state[info]))
                   for info in sorted(per_state, key=lambda info: _order(members[info][0])))
    hidden = {bet: line_nets_of(game.bet(bet)) for bet in played_for if bet not in shown}
    return DecisionCounts(f"the {option.who} on the Player hand", OPTIONS,
                          "hit" if option.house_way else "stand", played_for, fixed, states,
                          hidden)
