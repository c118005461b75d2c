"""Comparing two games or two pay tables bet by bet.

Bets are matched by id. For each: house edge, hit frequency and standard deviation in
both, and the change from the first to the second (exact for edge and hit frequency).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path

from exact_odds.analysis.bet_result import BetResult
from exact_odds.analysis.report import GameReport
from exact_odds.games.model import Game
from exact_odds.known import KnownCards
from exact_odds.numbers import fraction_text
from exact_odds.render.document import Column, Document, Field, Json, Line, Table, version
from exact_odds.render.inputs import input_lines
from exact_odds.render.rendered import Rendered
from exact_odds.render.workbook import Workbook
from exact_odds.shoe import Shoe


@dataclass(frozen=True)
class BetComparison:
    id: str
    first: BetResult | None
    second: BetResult | None

    def change(self, attribute: str) -> Fraction | float | None:
        if self.first is None or self.second is None:
            return None
        change: Fraction | float = getattr(self.second, attribute) - getattr(self.first, attribute)
        return change


@dataclass(frozen=True)
class Comparison(Rendered):
    """Two reports on the same shoe, bet by bet."""

    first: GameReport
    second: GameReport
    bets: tuple[BetComparison, ...]

    def inputs(self) -> Json:
        """The inputs of each side (``first``, ``second``) and the version."""
        return {"first": self.first.inputs(), "second": self.second.inputs(),
                "exact_odds_version": version()}

    def to_document(self) -> Document:
        return _document(self)

    def to_dict(self) -> Json:
        """Both sides and each bet's changes, exact fractions as strings."""
        return _dict(self)

    def to_workbook(self) -> Workbook:
        """Both reports' live worksheets side by side (``exact_odds.analysis.worksheet``):
        each bet's sheet with A's table and pays on the left, B's on the right."""
        from exact_odds.analysis.decision_counts import follows_pays
        from exact_odds.analysis.worksheet import comparison_workbook

        document = self.to_document()
        plays = [f"{side}'s figures are for one play, the bettor's choice optimal for its game "
                 "file's pays (strategy optimal): a pay changed here does not change that play "
                 "(exact-odds compare of the game files with the new pays gives the figures of "
                 "the play chosen again)."
                 for side, report in (("A", self.first), ("B", self.second))
                 if follows_pays(report)]
        return comparison_workbook(document.title, document.inputs, (*document.notes, *plays),
                                   self.first.bets, self.second.bets,
                                   (self.first.total, self.second.total))



def compare_reports(first: GameReport, second: GameReport) -> Comparison:
    """Match the bets of two reports by id, first report's order first."""
    from exact_odds.analysis.report import GameReport
    from exact_odds.errors import check_type

    check_type(first, GameReport, "first", "a GameReport (game_report)")
    check_type(second, GameReport, "second", "a GameReport (game_report)")
    ids = [b.id for b in first.bets] + [b.id for b in second.bets if b.id not in
                                        {x.id for x in first.bets}]
    a = {b.id: b for b in first.bets}
    b = {x.id: x for x in second.bets}
    return Comparison(first, second, tuple(BetComparison(i, a.get(i), b.get(i)) for i in ids))



def compare_games(first: Game | str | Path, second: Game | str | Path, *,
                  decks: int | None = None, shoe: Shoe | None = None,
                  remove: tuple[str, ...] = (), strategy: str | None = None,
                  settings: dict[str, str] | None = None,
                  known: KnownCards = None) -> Comparison:
    """Report two games on the same shoe and compare them. Each setting in ``settings``
    applies to the games that have it; a setting neither game has is refused. ``known``:
    cards known by position, in both (``game_report``)."""
    from exact_odds.analysis.report import game_report
    from exact_odds.errors import check_type
    from exact_odds.games.inputs import check_game_arguments
    from exact_odds.games.loader import load_game
    from exact_odds.games.model import UnknownGameError

    for name, game in (("first", first), ("second", second)):
        check_type(game, (Game, str, Path), name, "a built-in game's id, a game file's path "
                   "or a Game")
    _, decks, shoe, remove, strategy, chosen = check_game_arguments(
        second, decks=decks, shoe=shoe, remove=remove, strategy=strategy, settings=settings)
    games = [g if isinstance(g, Game) else load_game(g) for g in (first, second)]
    for name in chosen:
        if not any(name in g.settings for g in games):
            raise UnknownGameError(f"neither {games[0].id!r} nor {games[1].id!r} has a setting "
                                   f"{name!r}")
    reports = [game_report(g, decks=decks, shoe=shoe, remove=remove, strategy=strategy,
                           settings={k: v for k, v in chosen.items() if k in g.settings},
                           known=known)
               for g in games]
    return compare_reports(reports[0], reports[1])


# --- as people read it and as data ----------------------------------------------------------

def _dict(comparison: Comparison) -> Json:
    def side(bet: BetResult | None) -> Json | None:
        if bet is None:
            return None
        return {"name": bet.name, "house_edge": fraction_text(bet.house_edge),
                "hit_frequency": fraction_text(bet.hit_frequency),
                "standard_deviation": round(bet.standard_deviation, 12),
                "favours_bettor": bet.favours_bettor}

    rows = []
    for row in comparison.bets:
        edge, hit = row.change("house_edge"), row.change("hit_frequency")
        sd = row.change("standard_deviation")
        rows.append({
            "id": row.id, "first": side(row.first), "second": side(row.second),
            "change": None if edge is None or hit is None or sd is None else {
                "house_edge": fraction_text(Fraction(edge)),
                "hit_frequency": fraction_text(Fraction(hit)),
                "standard_deviation": round(float(sd), 12)},
        })
    data = comparison.inputs()
    for side_name, report in (("first", comparison.first), ("second", comparison.second)):
        data[side_name] = {**data[side_name], "path": report.game.path}
    return {**data, "bets": rows}


def _document(comparison: Comparison) -> Document:
    inputs: list[Line] = []
    for tag, report in (("A", comparison.first), ("B", comparison.second)):
        inputs += [Field(f"{tag}: {line.label}", line.text)
                   for line in input_lines(report.inputs()) if line.label != "exact-odds"]
    inputs.append(Field("exact-odds", version()))
    rows = []
    for row in comparison.bets:
        a, b = row.first, row.second
        sd = row.change("standard_deviation")
        rows.append((row.id, a.house_edge if a else None, b.house_edge if b else None,
                     row.change("house_edge"), a.hit_frequency if a else None,
                     b.hit_frequency if b else None, row.change("hit_frequency"),
                     a.standard_deviation if a else None, b.standard_deviation if b else None,
                     None if sd is None else float(sd)))
    # a stake added with the draw is positive on its own by design: the round is what counts
    favour = [row.id for row in comparison.bets if row.second and row.second.favours_bettor
              and not row.second.added_stake]
    notes = ((f"*** In B, these bets FAVOUR THE BETTOR: {', '.join(favour)} ***",)
             if favour else ())
    table = Table("", (
        # data keys name the sides as the inputs do (first_game, second_game)
        Column("Bet"), Column("Edge A", "percent", 4, key="first_edge"),
        Column("Edge B", "percent", 4, key="second_edge"),
        Column("Change", "percent", 4, key="change_in_edge", sign=True),
        Column("Hit A", "percent", 2, key="first_hit"),
        Column("Hit B", "percent", 2, key="second_hit"),
        Column("Change", "percent", 2, key="change_in_hit", sign=True),
        Column("SD A", "decimal", 4, key="first_sd"), Column("SD B", "decimal", 4, key="second_sd"),
        Column("Change", "decimal", 4, key="change_in_sd", sign=True)), tuple(rows), notes,
        sheet="Comparison", indent=0)
    return Document("Comparison", tuple(inputs), (table,))

