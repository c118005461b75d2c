"""Comparing two games or two pay tables bet by bet.

Bets are matched by id. For each: house edge, hit frequency and standard deviation in
both, and the change from the first to the second (exact for edge and hit frequency).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Any

from exact_odds.analysis.report import BetResult, GameReport
from exact_odds.games.model import Game
from exact_odds.render.document import Document
from exact_odds.render.rendered import Rendered
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

    def inputs(self) -> dict[str, Any]:
        """The inputs of each side (``first``, ``second``) and the version."""
        from exact_odds.analysis.documents import comparison_inputs

        return comparison_inputs(self)

    def to_document(self) -> Document:
        from exact_odds.analysis.documents import comparison_document

        return comparison_document(self)

    def to_dict(self) -> dict[str, Any]:
        """Both sides and each bet's changes, exact fractions as strings."""
        from exact_odds.analysis.documents import comparison_dict

        return comparison_dict(self)



def compare_reports(first: GameReport, second: GameReport) -> Comparison:
    """Match the bets of two reports by id, first report's order first."""
    ids = [b.id for b in first.bets] + [b.id for b in second.bets if b.id not in
                                        {x.id for x in first.bets}]
    a = {b.id: b for b in first.bets}
    b = {x.id: x for x in second.bets}
    return Comparison(first, second, tuple(BetComparison(i, a.get(i), b.get(i)) for i in ids))



def compare_games(first: Game | str | Path, second: Game | str | Path, *,
                  decks: int | None = None, shoe: Shoe | None = None,
                  remove: tuple[str, ...] = (), strategy: str | None = None,
                  settings: dict[str, str] | None = None) -> Comparison:
    """Report two games on the same shoe and compare them. Each setting in ``settings``
    applies to the games that have it; a setting neither game has is refused."""
    from exact_odds.analysis.report import game_report
    from exact_odds.games.loader import load_game
    from exact_odds.games.model import UnknownGameError

    games = [g if isinstance(g, Game) else load_game(g) for g in (first, second)]
    chosen = settings or {}
    for name in chosen:
        if not any(name in g.settings for g in games):
            raise UnknownGameError(f"neither {games[0].id!r} nor {games[1].id!r} has a setting "
                                   f"{name!r}")
    reports = [game_report(g, decks=decks, shoe=shoe, remove=remove, strategy=strategy,
                           settings={k: v for k, v in chosen.items() if k in g.settings})
               for g in games]
    return compare_reports(reports[0], reports[1])
