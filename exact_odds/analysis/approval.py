"""The approval workbook: a game's report as the math worksheet a lab expects, with the
same bets on 4, 6 and 8 decks and the effect of removal by rank beside it.

``approval_workbook(report)`` computes what the report lacks (the other decks, the effect
of removal) and is a result like any other; its ``to_workbook()`` is the live workbook of
``exact_odds.analysis.worksheet`` and ``--format xlsx`` writes it. A part that cannot be
computed within the limits (an effect of removal too large to enumerate) is left out with
a note saying so, rather than refusing the whole workbook.

>>> from exact_odds.analysis.report import game_report
>>> book = approval_workbook(game_report("commission-free"))
>>> [shoes.label for shoes in book.shoes], book.removal.labels[:3]
(['4 decks', '6 decks', '8 decks'], ('A', '2', '3'))
"""

from __future__ import annotations

from dataclasses import dataclass

from exact_odds.analysis.play_sheet import report_play
from exact_odds.analysis.report import GameReport, game_report
from exact_odds.analysis.worksheet import Removal, Shoes, report_workbook
from exact_odds.engine.cost import EnumerationTooLarge
from exact_odds.errors import check_type
from exact_odds.render.document import Document, Json
from exact_odds.render.rendered import Rendered
from exact_odds.render.workbook import Workbook
from exact_odds.shoe import ShoeError

#: The shoes shown side by side when the report's is one of them.
DECKS = (4, 6, 8)


@dataclass(frozen=True)
class ApprovalWorkbook(Rendered):
    """A report, its bets on the other usual shoes, and their effect of removal by rank."""

    report: GameReport
    shoes: tuple[Shoes, ...]
    removal: Removal | None
    notes: tuple[str, ...]

    def inputs(self) -> Json:
        """The report's inputs."""
        return self.report.inputs()

    def to_document(self) -> Document:
        """The report's document (the workbook is what this result adds)."""
        return self.report.to_document()

    def to_dict(self) -> Json:
        """The report's data."""
        return self.report.to_dict()

    def to_workbook(self) -> Workbook:
        document = self.report.to_document()
        return report_workbook(document.title, document.inputs, document.notes,
                               self.report.bets, self.report.total, self.shoes, self.removal,
                               self.notes, report_play(self.report),
                               self.report.bettor_round)


def approval_workbook(report: GameReport) -> ApprovalWorkbook:
    """``report`` with the same bets on 4, 6 and 8 decks (where its shoe is one of those:
    the same rules, strategy and settings) and the effect of removing one card of each
    rank, exact."""
    from exact_odds.analysis.removal import effect_of_removal

    check_type(report, GameReport, "report", "a GameReport (game_report)")
    notes: list[str] = []
    whole = report.shoe.as_removed()
    shoes: list[Shoes] = []
    ids = [bet.id for bet in report.bets]
    if whole is not None and not whole[1] and whole[0] in DECKS:
        for decks in DECKS:
            try:
                other = report if decks == whole[0] else game_report(
                    report.game, decks=decks, bets=ids, strategy=report.strategy,
                    settings=report.settings, known=report.known)
            except EnumerationTooLarge as error:
                notes.append(f"{decks} decks not shown: {error}")
                continue
            shoes.append(Shoes(f"{decks} decks", other.total,
                               {bet.id: bet for bet in other.bets}))
    else:
        notes.append(f"The shoe ({report.shoe.describe()}) is not 4, 6 or 8 whole decks: "
                     "the other decks are not shown (--decks 4, 6 or 8 shows them).")
    removal = None
    try:
        table = effect_of_removal(report, "rank")
        removal = Removal(
            f"Effect of removing one card of each rank ({report.shoe.describe()}; change in "
            "expected value per unit bet, for the game file's pays)", table.labels,
            dict(table.effects), {bet.id: bet.expected_value for bet in report.bets})
    except (EnumerationTooLarge, ShoeError) as error:
        notes.append(f"Effect of removal not shown: {error}")
    return ApprovalWorkbook(report, tuple(shoes), removal, tuple(notes))
