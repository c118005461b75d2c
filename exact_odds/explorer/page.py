"""A game's report as the explorer's page: the report as every format prints it, and, as
HTML, the interactive page (``exact_odds.render.Interactive``) that its script draws.

``exact-odds report GAME --format html`` writes it; the page needs nothing but a browser.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from importlib.resources import files
from typing import Any

from exact_odds.analysis.decision_counts import (
    DecisionCounts,
    decision_counts,
    played_bets,
    replay_refusal,
)
from exact_odds.analysis.removal import RemovalTable, check_removal_cost, effect_of_removal
from exact_odds.analysis.report import GameReport
from exact_odds.engine.cost import EnumerationTooLarge
from exact_odds.errors import check_type
from exact_odds.explorer.data import explorer_data
from exact_odds.render.document import Document, Json
from exact_odds.render.html import STYLE, InteractivePage
from exact_odds.render.rendered import Rendered
from exact_odds.shoe import ShoeError

#: How the page mounts the module: the last statement of its inline script.
MOUNT = ('\nmountPage(document.getElementById("exact-odds"), '
         'document.getElementById("exact-odds-data"));\n')


def explorer_script() -> str:
    """The explorer's ES module (``explorer.js``), one file for the page and the widget."""
    return files("exact_odds.explorer").joinpath("explorer.js").read_text(encoding="utf-8")


def explorer_style() -> str:
    """The explorer's style sheet (``explorer.css``), for the page and the widget."""
    return files("exact_odds.explorer").joinpath("explorer.css").read_text(encoding="utf-8")


def removal_by_rank(report: GameReport) -> tuple[RemovalTable | None, str]:
    """Each bet's effect of removal by rank (``effect_of_removal``), or None and the reason
    where its enumerations pass the limits or the shoe is too small."""
    bets = [report.game.bet(bet.id) for bet in report.bets]
    try:
        check_removal_cost(bets, report.shoe, report.rules, "rank")
        return effect_of_removal(report, "rank"), ""
    except (EnumerationTooLarge, ShoeError) as error:
        return None, f"The effect of removal is not shown: {error}"


def play_counts(report: GameReport) -> tuple[DecisionCounts | None, str, tuple[str, ...]]:
    """What choosing the report's play again needs where it follows the pays
    (``decision_counts``); else, where it cannot be chosen again here (an equilibrium, or
    enumerations past the limits), None, why, and the bets whose pays it is chosen for."""
    refusal = replay_refusal(report)
    if refusal:
        return None, refusal, played_bets(report)
    try:
        return decision_counts(report), "", ()
    except EnumerationTooLarge as error:
        return None, ("the play follows the pays, and choosing it again would pass the "
                      f"limits: {error}"), played_bets(report)


@dataclass(frozen=True)
class ReportPage(Rendered):
    """A ``GameReport`` that renders as the explorer's page in HTML (its effect of removal
    by rank computed then) and as the report in every other format."""

    report: GameReport

    def inputs(self) -> Json:
        return self.report.inputs()

    def to_document(self) -> Document:
        return self.report.to_document()

    def to_dict(self) -> dict[str, Any]:
        return self.report.to_dict()

    @cached_property
    def data(self) -> Json:
        """The explorer's data: the report's bets, their effect of removal by rank, and
        what choosing the play again needs where it follows the pays."""
        removal, note = removal_by_rank(self.report)
        return explorer_data(self.report, removal, note, *play_counts(self.report))

    def page(self) -> InteractivePage:
        return InteractivePage(f"{self.report.game.name}: exact-odds explorer", self.data,
                               explorer_script() + MOUNT, STYLE + explorer_style(),
                               self.report.to_document())


def report_page(report: GameReport) -> ReportPage:
    """``report`` as the explorer's page (in HTML) and as itself (in every other format)."""
    check_type(report, GameReport, "report", "a GameReport (game_report)")
    return ReportPage(report)
