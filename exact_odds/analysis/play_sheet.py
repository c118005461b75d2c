"""The play a workbook's figures assume, where the play is chosen to suit the pays.

A spreadsheet cannot choose that play again exactly: an exact tie is played the house way,
and its 15-digit numbers cannot tell an exact tie from a near one (nor hold a state's
19-digit counts). So the workbook (``analysis.worksheet``) says which play its figures
assume, and where it no longer holds, rather than choose one silently: each bet's sheet and
the Summary say so (``play_note``), and the **Play** sheet (``play_sheet``) lists every
state the decider sees, the choice assumed and each choice's expected value for the bets
it is played for, formulas of their pay cells, with whether the choice assumed is still the
better one for the pays as they are now; the Summary counts the states where it is not
(``play_changed``). An equilibrium of both hands (chemin de fer) is named, not listed.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import NamedTuple

from exact_odds.analysis.bet_result import line_nets_of
from exact_odds.analysis.decision_counts import (
    Played,
    decision_counts,
    played_bets,
    replay_refusal,
)
from exact_odds.engine.cost import EnumerationTooLarge
from exact_odds.numbers import to_float
from exact_odds.render.workbook import Formula, Label, Name, Number, Sheet, ref, span

#: How much better (per unit bet) the other choice must be, with the pays as they are in
#: the workbook, for the Play sheet to say the play assumed is no longer the better one:
#: above the floating point's error, so that the game file's own pays never trip it.
PLAY_TOLERANCE = "1E-12"


class PlayState(NamedTuple):
    """One state of the play: what the decider sees, the option taken (its place in
    ``Play.options``) and, for each option, each line of ``Play.lines``: its share of the
    state (its combinations over the ways of the first bet played for)."""

    label: str
    assumed: int
    given: tuple[tuple[Fraction, ...], ...]


@dataclass(frozen=True)
class Play:
    """The play a report's figures assume where it follows the pays: who decides, the
    strategy, the bets played for, the options, each line of those bets (bet id, line,
    what it pays: a bet not in the workbook keeps the game file's pay) and every state; or,
    where the states are not listed, why (``note``)."""

    decider: str
    strategy: str
    bets: tuple[str, ...]
    options: tuple[str, ...] = ()
    lines: tuple[tuple[str, int, Fraction], ...] = ()
    states: tuple[PlayState, ...] = ()
    note: str = ""


def report_play(report: Played) -> Play | None:
    """The play ``report``'s figures assume, where a pay the workbook holds can change it
    (``decision_counts.played_bets``); else None."""
    bets = played_bets(report)
    if not bets:
        return None
    refusal = replay_refusal(report)
    if refusal:
        decider = "both hands" if report.strategy == "equilibrium" else "the bettor"
        return Play(decider, report.strategy or "", bets, note=refusal)
    try:
        counts = decision_counts(report, bets=bets)
    except EnumerationTooLarge as error:
        return Play("the bettor", report.strategy or "", bets,
                    note=f"the states are not listed: {error}")
    assert counts is not None  # the optimal play, for bets of the report
    nets = {bet: line_nets_of(report.game.bet(bet)) for bet in counts.played_for}
    lines = tuple((bet, n, net) for bet in counts.played_for for n, net in enumerate(nets[bet]))
    states = []
    for state in counts.states:
        seen = state.visible[0]
        hits = report.rules.player_draws((seen[0] + seen[1]) % 10, seen)
        given = []
        for by_bet in state.counts:
            ways = sum(by_bet[counts.played_for[0]])
            given.append(tuple(Fraction(by_bet[bet][n], ways) if ways else Fraction(0)
                               for bet, n, _ in lines))
        states.append(PlayState(state.label, counts.options.index("hit" if hits else "stand"),
                                tuple(given)))
    return Play(counts.decider, report.strategy or "", counts.played_for, counts.options,
                lines, tuple(states))


def play_note(play: Play) -> str:
    """What a sheet says of the play its figures assume."""
    bets = ", ".join(play.bets)
    if play.strategy == "equilibrium":
        chosen = f"the equilibrium of both hands' choices for the game file's pays of {bets}"
    else:
        chosen = (f"the choice of {play.decider} in each state he sees, the better one for the "
                  f"game file's pays of {bets} (strategy {play.strategy})")
    listed = ("; where it makes the other choice the better one, the Play sheet says so"
              if play.states else "")
    return (f"These figures are for one play: {chosen}. A pay changed here does not change "
            f"that play{listed} (exact-odds report of the game file with the new pays gives "
            "the figures of the play chosen again).")


def play_sheet(play: Play, pays: Mapping[str, Sequence[str]], summary: Sheet, row: int
               ) -> tuple[Sheet, Name | None]:
    """The Play sheet: each state, the option assumed, each option's expected value for
    the bets played for with the pays as they are now (formulas of their pay cells,
    ``pays[bet][line]``: their defined names), and whether the option assumed is still
    the better one; on the Summary from ``row``, what the figures assume and how many
    states no longer hold: that cell's name, ``play_changed`` (none where the states are
    not listed)."""
    sheet = Sheet("Play", widths={0: 52, 1: 14, **dict.fromkeys(range(2, 5), 20)})
    sheet.put(0, 0, Label(f"The play the figures assume ({play.strategy}), for the pays of "
                          f"{', '.join(play.bets)}"))
    sheet.put(1, 0, Label(play_note(play), "note"))
    summary.line(row, [Label("Play"), play_note(play)])
    if not play.states:
        sheet.put(2, 0, Label(play.note, "note"))
        summary.line(row + 1, ["The play is not listed", play.note])
        return sheet, None
    width = len(play.lines)
    given = 2 + len(play.options) + 1  # the first column of the lines' shares of a state
    sheet.line(3, [Label("What the decider sees"), Label("Play assumed"),
                   *(Label(f"EV {o}, pays as now") for o in play.options),
                   Label("Still the better choice"),
                   *(Label(f"{bet} line {n + 1}, {o}") for o in play.options
                     for bet, n, _ in play.lines)])
    first = 4
    for i, state in enumerate(play.states):
        r = first + i
        for k, shares in enumerate(state.given):
            terms, value = [], Fraction(0)
            for j, ((bet, n, net), share) in enumerate(zip(play.lines, shares)):
                cell = sheet.put(r, given + k * width + j, Number(to_float(share), "probability"))
                value += share * net
                if share:  # a bet not in the workbook: its pay as the game file's
                    pay = pays[bet][n] if bet in pays else repr(to_float(net))
                    terms.append(f"{pay}*{cell}")
            sheet.put(r, 2 + k, Formula("+".join(terms) or "0", to_float(value)))
        assumed = ref(r, 2 + state.assumed)
        others = [ref(r, 2 + k) for k in range(len(play.options)) if k != state.assumed]
        sheet.line(r, [state.label, play.options[state.assumed]])
        better = f"MAX({','.join(others)})-{assumed}>{PLAY_TOLERANCE}"
        sheet.put(r, 2 + len(play.options), Formula(f'IF({better},"no","yes")', "yes",
                                                    "general"))
    still = span(2 + len(play.options), first, first + len(play.states) - 1)
    summary.line(row + 1, ["States where the play is no longer the better choice",
                           Formula(f'COUNTIF(Play!{still},"no")', 0.0, "count")])
    return sheet, Name("play_changed", summary, row + 1, 1)
