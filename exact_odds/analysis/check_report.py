"""What ``exact-odds check`` finds, as a result: per game file, its probable mistakes
(``exact_odds.analysis.checks``), and the shared bets checked."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from exact_odds.analysis.checks import Mistake, game_mistakes
from exact_odds.games.model import Game
from exact_odds.render.document import Document
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

    def inputs(self) -> dict[str, Any]:
        """The settings, the shared bets checked and the version."""
        from exact_odds.analysis.documents import check_inputs

        return check_inputs(self)

    def to_document(self) -> Document:
        from exact_odds.analysis.documents import check_document

        return check_document(self)

    def to_dict(self) -> dict[str, Any]:
        """Per game file: its bets, events and mistakes."""
        from exact_odds.analysis.documents import check_dict

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
