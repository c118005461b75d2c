"""The explorer in Jupyter: ``explore(game)`` returns a widget (anywidget) that runs the
page's own script, ``explorer.js``, with Python behind it: a pay typed in the widget or
given to ``set_pay`` reaches both sides, and a shoe chosen in the widget is computed here,
exactly.

Needs the ``explorer`` extra (``pip install "exact-odds[explorer]"``: anywidget).
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from functools import cache
from pathlib import Path
from typing import Any

from exact_odds.analysis.bet_result import BetResult
from exact_odds.analysis.report import GameReport, game_report
from exact_odds.errors import ExactOddsError, check_type
from exact_odds.explorer.data import explorer_data, fill_template, game_file_template
from exact_odds.explorer.page import explorer_style, removal_by_rank
from exact_odds.games.inputs import check_game_arguments
from exact_odds.games.loader import load_game
from exact_odds.games.model import Game
from exact_odds.limits import MAX_DECKS
from exact_odds.names import find_name
from exact_odds.numbers import parse_count
from exact_odds.shoe import Shoe


def explore(game: Game | str | Path, shoe: Shoe | None = None,
            bets: list[str] | tuple[str, ...] | str | None = None) -> Any:
    """A widget exploring ``game``'s pays on ``shoe`` (default: the game's), for the bets
    named (default: all): every pay editable, every figure exact.

    The widget offers ``set_pay(bet, event, pay)``, ``figures()`` (each bet's exact
    figures), ``game`` (the game with its pays as edited) and ``to_yaml()`` (that game's
    file, which ``exact-odds report`` reads back to the same figures).
    """
    chosen, _, shoe, _, _, _ = check_game_arguments(game, bets=bets, shoe=shoe)
    loaded = game if isinstance(game, Game) else load_game(game)
    return _widget_class()(loaded, shoe, chosen)


@cache
def _widget_class() -> type:
    try:
        import anywidget
        import traitlets
    except ImportError:
        raise ExactOddsError('explore needs anywidget: pip install "exact-odds[explorer]"') from None

    class Explorer(anywidget.AnyWidget):
        """The explorer as a Jupyter widget (``exact_odds.explore``)."""

        _esm = Path(__file__).with_name("explorer.js")
        _css = explorer_style()
        data = traitlets.Dict().tag(sync=True)
        pays = traitlets.Dict().tag(sync=True)
        shoe_request = traitlets.Dict().tag(sync=True)

        def __init__(self, game: Game, shoe: Shoe | None, bets: tuple[str, ...] | None) -> None:
            super().__init__()
            self._published = game
            self._bets = bets
            self._report = game_report(game, shoe=shoe, bets=bets)
            self.data = self._data()
            self.observe(self._shoe_chosen, names="shoe_request")
            self.observe(self._pays_typed, names="pays")

        def _data(self, message: str = "") -> dict[str, Any]:
            removal, note = removal_by_rank(self._report)
            data = explorer_data(self._report, removal, note)
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
                                           bets=self._bets)
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
            pays = proposal["value"]
            for bet, events in pays.items():
                check_type(bet, str, "pays", "a mapping of bet ids to their events' pays")
                check_type(events, dict, f"pays[{bet!r}]",
                           "a mapping of event names to pays ({'Tie': '9 to 1'})")
                self._report.bet(bet)  # a bet the widget shows
                for event, pay in events.items():
                    check_type(event, str, f"pays[{bet!r}]", "event names as text")
                    check_type(pay, str, f"pays[{bet!r}][{event!r}]",
                               'a pay as the game file writes it ("25 to 1")')
                    self._published.with_pay(bet, event, pay)
            return dict(pays)

        @property
        def report(self) -> GameReport:
            """The report of the shoe shown, every pay as edited."""
            return edited_report(self._report, self.game)

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

        def figures(self) -> dict[str, dict[str, object]]:
            """Each bet's figures with its pays as edited: exact ``Fraction``s (the standard
            deviation, a square root, as a float)."""
            return {bet.id: bet_figures(bet) for bet in self.report.bets}

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


def edited_report(report: GameReport, game: Game) -> GameReport:
    """``report`` with each event paying what it pays in ``game`` (the same game, its pays
    changed): a bet settles on the first event whose condition holds whatever it pays, so
    every event's combinations stay as they are."""
    bets = []
    for result in report.bets:
        pays = {event.name: event.pay for event in game.bet(result.id).events}
        events = tuple(replace(e, pays=pays[e.event].text, net=pays[e.event].net)
                       if e.event in pays else e for e in result.events)
        bets.append(replace(result, events=events))
    return replace(report, game=game, bets=tuple(bets), found_mistakes=None)


def bet_figures(bet: BetResult) -> dict[str, object]:
    """A bet's figures by name: exact where they are exact."""
    top = bet.top_award
    return {
        "expected_value": bet.expected_value, "house_edge": bet.house_edge,
        "hit_frequency": bet.hit_frequency, "push_probability": bet.push_probability,
        "element_of_risk": bet.element_of_risk, "variance": bet.variance,
        "standard_deviation": bet.standard_deviation, "favours_bettor": bet.favours_bettor,
        "top_award": None if top is None else top.event,
        "top_award_odds": None if top is None else Fraction(bet.total, top.combinations),
    }
