"""Comparing two games or two pay tables bet by bet.

Bets are matched by id. For each: house edge, hit frequency and standard deviation in
both, and the change from the first to the second (exact for edge and hit frequency).
"""

from __future__ import annotations

from dataclasses import dataclass

from exact_odds.analysis.report import BetResult, GameReport


@dataclass(frozen=True)
class BetComparison:
    id: str
    first: BetResult | None
    second: BetResult | None

    def change(self, attribute: str):
        if self.first is None or self.second is None:
            return None
        return getattr(self.second, attribute) - getattr(self.first, attribute)


@dataclass(frozen=True)
class Comparison:
    first: GameReport
    second: GameReport
    bets: tuple[BetComparison, ...]

    def to_dict(self) -> dict:
        from exact_odds.render import fraction_text

        def side(bet: BetResult | None):
            if bet is None:
                return None
            return {"name": bet.name, "house_edge": fraction_text(bet.house_edge),
                    "hit_frequency": fraction_text(bet.hit_frequency),
                    "standard_deviation": round(bet.standard_deviation, 12),
                    "favours_bettor": bet.favours_bettor}

        rows = []
        for row in self.bets:
            edge, hit, sd = (row.change("house_edge"), row.change("hit_frequency"),
                             row.change("standard_deviation"))
            rows.append({
                "id": row.id, "first": side(row.first), "second": side(row.second),
                "change": None if edge is None else {
                    "house_edge": fraction_text(edge), "hit_frequency": fraction_text(hit),
                    "standard_deviation": round(sd, 12)},
            })
        return {"first": _label(self.first), "second": _label(self.second), "bets": rows}


def _label(report: GameReport) -> dict:
    return {"game": report.game.id, "path": report.game.path, "decks": report.shoe.decks,
            "cards": report.shoe.size}


def compare_reports(first: GameReport, second: GameReport) -> Comparison:
    """Match the bets of two reports by id, first report's order first."""
    ids = [b.id for b in first.bets] + [b.id for b in second.bets if b.id not in
                                        {x.id for x in first.bets}]
    a = {b.id: b for b in first.bets}
    b = {x.id: x for x in second.bets}
    return Comparison(first, second, tuple(BetComparison(i, a.get(i), b.get(i)) for i in ids))

