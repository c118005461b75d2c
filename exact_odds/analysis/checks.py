"""Mistakes caught while a pay table is written: events no outcome can reach, events that
earlier events already take entirely, and bets that cannot win.

The loader refuses what cannot mean anything (an unknown column, a bad pay, a setting named
``and``); these are warnings, because the file still means something, just probably not
what its author meant. Reachability is decided on the game's own shoe (its decks, full),
with its drawing rules and the settings chosen, by the enumerator's exact outcome counts,
so "never" means never on that shoe. The event that takes an outcome is the one
``Bet.settle`` pays; each condition is also read alone, to say why an event is never paid.
On the shoe and rules of a report the checks share the report's settlement (``bet_tally``):
no enumeration runs twice.

>>> [str(m) for m in game_mistakes("rock-bac")]
[]
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from exact_odds.analysis.bet_result import bet_tally
from exact_odds.games.model import Bet, Game
from exact_odds.rules import DrawingRules
from exact_odds.shoe import Shoe

if TYPE_CHECKING:
    from collections.abc import Iterable, Mapping


@dataclass(frozen=True)
class Mistake:
    """A probable mistake in a game file, named by file, bet and event."""

    path: str
    bet: str
    event: str  # "" for the bet as a whole
    message: str

    def __str__(self) -> str:
        where = f"bet {self.bet!r}" + (f", event {self.event!r}" if self.event else "")
        return f"{self.path}: {where}: {self.message}"


def game_mistakes(game: Game | str | Path, bets: Iterable[str] | None = None,
                  settings: Mapping[str, object] | None = None) -> list[Mistake]:
    """The probable mistakes of a game's bets (all, or those named), on its own shoe;
    ``settings`` as written (``{"name": "true"}``) or as values."""
    from exact_odds.analysis.job import game_job

    job = game_job(game, bets=bets, settings=settings)  # the game's own shoe and strategy
    found: list[Mistake] = []
    for bet in (job.game.bet(b) for b in job.bet_ids):
        found += bet_mistakes(job.game, bet, job.shoe, job.rules, job.values)
    return found


def bet_mistakes(game: Game, bet: Bet, shoe: Shoe, rules: DrawingRules,
                 values: dict[str, object]) -> list[Mistake]:
    """One bet's probable mistakes on ``shoe``."""
    path = game.path or game.id

    def mistake(event: str, message: str) -> Mistake:
        return Mistake(path, bet.id, event, message)

    if not any(e.pay.net > 0 for e in bet.events):
        return [mistake("", "the bet has no winning event: it can only lose or push")]
    taken, _, _, named, first_taker = bet_tally(bet, shoe, rules, values)
    shoe_words = shoe.describe()
    found = []
    for index, event in enumerate(bet.events):
        if taken[index] or (not named[index] and event.condition is not None
                            and event.condition.settings):
            continue  # an event that reads a setting is reached under another value of it
        if not named[index]:
            found.append(mistake(event.name, f"no outcome can reach this event on {shoe_words}: "
                                 f"'{event.when}' never holds"))
        elif index in first_taker:
            earlier = bet.events[first_taker[index]].name
            found.append(mistake(event.name, "earlier events take every outcome this event "
                                 f"names (the first is {earlier!r}): it is never paid"))
        else:  # named only where a late bet is not offered
            offered = bet.offered.text if bet.offered else ""
            found.append(mistake(event.name, f"'{event.when}' holds only where the bet is not "
                                 f"offered ('{offered}' is false): it is never paid"))
    wins = [i for i, e in enumerate(bet.events) if e.pay.net > 0]
    if not any(taken[i] for i in wins):
        found.append(mistake("", f"the bet never wins on {shoe_words}"))
    return found
