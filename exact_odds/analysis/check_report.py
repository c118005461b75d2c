"""What ``exact-odds check`` finds, as a result: per game file, its probable mistakes
(``exact_odds.analysis.checks``), and the shared bets checked."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from exact_odds.analysis.checks import Mistake, game_mistakes
from exact_odds.games.model import Game
from exact_odds.render.document import TABULAR, Column, Document, Field, Json, Line, Table, Text, version
from exact_odds.render.rendered import Rendered


@dataclass(frozen=True)
class CheckReport(Rendered):
    """The game files checked, each with its probable mistakes; ``shared`` the shared bets
    of ``tables/bets/`` checked (None when game files were named)."""

    found: tuple[tuple[Game, tuple[Mistake, ...]], ...]
    shared: tuple[str, ...] | None
    settings: dict[str, str] = field(default_factory=dict)

    @property
    def mistakes(self) -> tuple[Mistake, ...]:
        return tuple(m for _, ms in self.found for m in ms)

    def inputs(self) -> Json:
        """The settings, the shared bets checked and the version."""
        return check_inputs(self)

    def to_document(self) -> Document:
        return check_document(self)

    def to_dict(self) -> Json:
        """Per game file: its bets, events and mistakes."""
        return check_dict(self)


def check_games(games: Sequence[str] = (), settings: dict[str, str] | None = None,
                warn: Callable[[Mistake], None] | None = None) -> CheckReport:
    """Check game files (built-in ids or paths) for probable mistakes; with none named,
    every built-in game, every side bet of ``tables/extra/`` and every shared bet.
    ``warn`` hears of each mistake as it is found."""
    from exact_odds.games.loader import builtin_games, check_shared_bets, extra_games, load_game

    chosen = dict(settings or {})
    shared = None if games else tuple(check_shared_bets())
    found = []
    for name in games or builtin_games() + extra_games():
        loaded = load_game(name)
        mistakes = tuple(game_mistakes(loaded, [b.id for b in loaded.bets], chosen))
        if warn is not None:
            for mistake in mistakes:
                warn(mistake)
        found.append((loaded, mistakes))
    return CheckReport(tuple(found), shared, chosen)


# --- as people read it and as data ---------------------------------------------------------

def check_inputs(report: CheckReport) -> Json:
    data: Json = {"exact_odds_version": version(), "settings": dict(report.settings)}
    data["shared_bets_checked"] = (None if report.shared is None else list(report.shared))
    return data


def check_dict(report: CheckReport) -> Json:
    """What ``exact-odds check`` found: per game file, its bets, events and mistakes."""
    return {**check_inputs(report),
            "games": [{"game": game.id, "path": game.path, "bets": len(game.bets),
                       "events": sum(len(b.events) for b in game.bets),
                       "mistakes": [{"bet": m.bet, "event": m.event, "message": m.message}
                                    for m in mistakes]}
                      for game, mistakes in report.found]}


def check_document(report: CheckReport) -> Document:
    inputs: list[Line] = [Field(f"Setting {k}", v) for k, v in report.settings.items()]
    if report.shared is not None:
        inputs.append(Field("Shared bets checked", ", ".join(report.shared)))
    inputs.append(Field("exact-odds", version()))
    lines = [] if report.shared is None else [
        f"shared bets: {len(report.shared)} checked ({', '.join(report.shared)})"]
    for game, mistakes in report.found:
        count = len(mistakes)
        said = (f"{count} probable mistake{'s' if count != 1 else ''}" if count
                else "no mistakes found")
        bets = f"{len(game.bets)} bet{'s' if len(game.bets) != 1 else ''}"
        events = sum(len(b.events) for b in game.bets)
        lines.append(f"{game.id}: {bets}, {events} events: {said}")
    games = Table("Game files", (Column("Game"), Column("File"), Column("Bets", "count"),
                                 Column("Events", "count"), Column("Probable mistakes", "count")),
                  tuple((g.id, g.path, len(g.bets), sum(len(b.events) for b in g.bets), len(m))
                        for g, m in report.found), sheet="Games", formats=TABULAR)
    listed = Table("Probable mistakes", (Column("Game"), Column("Bet"), Column("Event"),
                                         Column("Mistake")),
                     tuple((g.id, m.bet, m.event, m.message) for g, ms in report.found
                           for m in ms), sheet="Mistakes", formats=TABULAR)
    return Document("Probable mistakes in game files", tuple(inputs),
                    (Text(tuple(lines), formats=("text",)), games, listed))
