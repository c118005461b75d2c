"""The explorer in Jupyter: ``explore(game)`` returns a widget (anywidget) that runs the
page's own script, ``explorer.js``, with Python behind it: a pay typed in the widget or
given to ``set_pay`` reaches both sides, and a shoe chosen in the widget is computed here,
exactly.

Needs the ``explorer`` extra (``pip install "exact-odds[explorer]"``: anywidget).
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

from exact_odds.analysis.bet_result import BetResult, BettorRound
from exact_odds.analysis.figures import FIGURES, round_values
from exact_odds.analysis.report import GameReport, game_report
from exact_odds.errors import ExactOddsError, check_type
from exact_odds.explorer.data import explorer_data, fill_template, game_file_template
from exact_odds.explorer.page import explorer_style, play_counts, removal_by_rank
from exact_odds.games.inputs import check_game_arguments
from exact_odds.games.loader import load_game
from exact_odds.games.model import Game
from exact_odds.limits import MAX_DECKS
from exact_odds.names import find_name
from exact_odds.numbers import parse_count
from exact_odds.shoe import Shoe


def explore(game: Game | str | Path, shoe: Shoe | None = None,
            bets: list[str] | tuple[str, ...] | str | None = None,
            strategy: str | None = None) -> Any:
    """A widget exploring ``game``'s pays on ``shoe`` (default: the game's), for the bets
    named (default: all), the bettor's option taken by ``strategy`` (default: the game's):
    every pay editable, every figure exact. Where the play is chosen for the pays
    (``optimal``), a pay changed chooses it again, as ``exact-odds report`` does.

    The widget offers ``set_pay(bet, event, pay)``, ``figures()`` (each bet's exact
    figures), ``bettor_round()`` (the round's, where a decision adds a stake), ``game``
    (the game with its pays as edited) and ``to_yaml()`` (that game's file, which
    ``exact-odds report`` reads back to the same figures).
    """
    chosen, _, shoe, _, strategy, _ = check_game_arguments(game, bets=bets, shoe=shoe,
                                                           strategy=strategy)
    loaded = game if isinstance(game, Game) else load_game(game)
    return _widget_class()(loaded, shoe, chosen, strategy)


def _checked_pays(report: GameReport, game: Game, pays: Any) -> dict[str, Any]:
    """The pays a widget is given, each checked as ``set_pay`` checks it: a bet shown, an
    event of it, a pay the loader reads."""
    check_type(pays, dict, "pays", "a mapping of bet ids to their events' pays")
    for bet, events in pays.items():
        check_type(bet, str, "pays", "a mapping of bet ids to their events' pays")
        check_type(events, dict, f"pays[{bet!r}]",
                   "a mapping of event names to pays ({'Tie': '9 to 1'})")
        report.bet(bet)  # a bet the widget shows
        for event, pay in events.items():
            check_type(event, str, f"pays[{bet!r}]", "event names as text")
            check_type(pay, str, f"pays[{bet!r}][{event!r}]",
                       'a pay as the game file writes it ("25 to 1")')
            game.with_pay(bet, event, pay)
    return dict(pays)


class _Figures:
    """What the widget gives of its report (``report``: every pay as edited, the play
    chosen again where it follows the pays): each bet's figures and the bettor's round's."""

    @property
    def report(self) -> GameReport:
        raise NotImplementedError  # the widget's

    def figures(self) -> dict[str, dict[str, object]]:
        """Each bet's figures with its pays as edited: exact ``Fraction``s (the standard
        deviation, a square root, as a float)."""
        return {bet.id: bet_figures(bet) for bet in self.report.bets}

    def bettor_round(self) -> dict[str, object] | None:
        """The bettor's round's figures with the pays as edited, where a decision adds a
        stake (``round_figures``); else None."""
        return round_figures(self.report.bettor_round)


@cache
def _widget_class() -> type:
    try:
        import anywidget
        import traitlets
    except ImportError:
        raise ExactOddsError('explore needs anywidget: pip install "exact-odds[explorer]"') from None

    class Explorer(anywidget.AnyWidget, _Figures):
        """The explorer as a Jupyter widget (``exact_odds.explore``)."""

        _esm = Path(__file__).with_name("explorer.js")
        _css = explorer_style()
        data = traitlets.Dict().tag(sync=True)
        pays = traitlets.Dict().tag(sync=True)
        shoe_request = traitlets.Dict().tag(sync=True)

        def __init__(self, game: Game, shoe: Shoe | None, bets: tuple[str, ...] | None,
                     strategy: str | None) -> None:
            super().__init__()
            self._published = game
            self._bets = bets
            self._strategy = strategy
            self._report = game_report(game, shoe=shoe, bets=bets, strategy=strategy)
            self._counts, self._counts_note, self._locked = play_counts(self._report)
            self.data = self._data()
            self.observe(self._shoe_chosen, names="shoe_request")
            self.observe(self._pays_typed, names="pays")

        def _data(self, message: str = "") -> dict[str, Any]:
            removal, note = removal_by_rank(self._report)
            data = explorer_data(self._report, removal, note, self._counts, self._counts_note,
                                 self._locked)
            data["shoe_control"] = True
            data["message"] = message
            return data

        def _shoe_chosen(self, change: dict[str, Any]) -> None:
            request = change["new"] or {}
            try:
                decks_text = str(request.get("decks", "")).strip()
                decks = parse_count(decks_text, "decks", MAX_DECKS) if decks_text else None
                remove = str(request.get("remove", ""))
                self._report = game_report(self._published, decks=decks, remove=remove,
                                           bets=self._bets, strategy=self._strategy)
                self._counts, self._counts_note, self._locked = play_counts(self._report)
                message = f"Computed exactly for {self._report.shoe.describe()}."
            except ExactOddsError as error:
                message = f"Error: {error}"
            self.data = self._data(message)

        def _pays_typed(self, change: dict[str, Any]) -> None:
            self.game  # noqa: B018 - every pay typed is one the loader reads

        @traitlets.validate("pays")
        def _valid_pays(self, proposal: Any) -> dict[str, Any]:
            """The pays as the page sends them or as set here, each checked as ``set_pay``
            checks it (a bet shown, an event of it, a pay the loader reads), before the
            trait takes them: anything else is refused in one message naming it."""
            return _checked_pays(self._report, self._published, proposal["value"])

        @property
        def report(self) -> GameReport:
            """The report of the shoe shown, every pay as edited: where the play is chosen
            for the pays, chosen again (``GameReport.repriced``)."""
            return self._report.repriced(self.game, self._counts)

        @property
        def game(self) -> Game:
            """The game with every pay as edited."""
            game = self._published
            for bet_id, pays in (self.pays or {}).items():
                for event, pay in pays.items():
                    game = game.with_pay(bet_id, event, pay)
            return game

        def set_pay(self, bet: str, event: str, pay: str) -> None:
            """Make ``event`` of ``bet`` pay ``pay`` (``"25 to 1"``), as a game file writes
            it; a pay the game file's loader would refuse is refused, naming it."""
            check_type(bet, str, "bet", "a bet's id")
            check_type(event, str, "event", "an event's name")
            check_type(pay, str, "pay", 'a pay as the game file writes it ("25 to 1")')
            if bet in self._locked:
                raise ExactOddsError(f"bet {bet!r}: its pays cannot be edited here: "
                                     f"{self._counts_note}")
            if bet not in [b.id for b in self._report.bets]:
                self._report.bet(bet)  # the game's bets named
            edited = self._published.with_pay(bet, event, pay)  # refused here, named
            names = [e.name for e in self._published.bet(bet).events]
            name = names[find_name(names, event) or 0]
            published = self._published.bet(bet).events[names.index(name)].pay
            pays = {b: dict(p) for b, p in (self.pays or {}).items()}
            changed = pays.setdefault(bet, {})
            if edited.bet(bet).events[names.index(name)].pay == published:
                changed.pop(name, None)
            else:
                changed[name] = pay.strip()
            self.pays = {b: p for b, p in pays.items() if p}

        def to_yaml(self) -> str:
            """The game file with the pays as edited; ``exact-odds report`` reads it back to
            the same figures."""
            game = self.game
            chosen = [b.id for b in self._report.bets]
            pays = {bet.id: {e.name: e.pay.text for e in bet.events} for bet in game.bets}
            report = self._report
            return fill_template(game_file_template(game, chosen, shoe=report.shoe,
                                                    settings=report.settings,
                                                    strategy=report.strategy), pays)

    return Explorer


def bet_figures(bet: BetResult) -> dict[str, object]:
    """A bet's figures by name (``analysis.figures``): exact where they are exact; and
    whether it favours the bettor, its top award's event and odds."""
    top = bet.top_award
    found: dict[str, object] = {name: FIGURES[name].of(bet) for name in (
        "expected_value", "house_edge", "hit_frequency", "push_probability", "element_of_risk",
        "variance", "standard_deviation")}
    return {**found, "favours_bettor": bet.favours_bettor,
            "top_award": None if top is None else top.event,
            "top_award_odds": FIGURES["top_award_odds"].of(bet)}


def round_figures(played: BettorRound | None) -> dict[str, object] | None:
    """The bettor's round's figures by name (``analysis.figures.ROUND_FIGURES``), exact;
    its bets, and whether it favours the bettor (None: no round)."""
    if played is None:
        return None
    return {"bets": [bet.id for bet in played.bets], **round_values(played),
            "favours_bettor": played.favours_bettor}
