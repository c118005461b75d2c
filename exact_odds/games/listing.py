"""The listings of the command line as results: the built-in games (``exact-odds games``)
and the outcome vocabulary (``exact-odds columns``)."""

from __future__ import annotations

from dataclasses import dataclass

from exact_odds.games.model import Game
from exact_odds.render.document import Column, Document, Field, Json, Table, Text, version
from exact_odds.render.rendered import Rendered
from exact_odds.render.text import safe

_TABULAR = ("markdown", "html", "xlsx", "csv")


@dataclass(frozen=True)
class GameList(Rendered):
    """Games with their source documents and bets; ``ids`` are the names that load them
    (``extra/contrast-bonus`` for a side bet of ``tables/extra/``), the games' own ids by
    default."""

    games: tuple[Game, ...]
    ids: tuple[str, ...] = ()

    def names(self) -> tuple[str, ...]:
        return self.ids or tuple(g.id for g in self.games)

    def inputs(self) -> Json:
        return {"exact_odds_version": version()}

    def to_dict(self) -> Json:
        return {**self.inputs(), "games": [
            {"id": name, "name": g.name, "decks": g.decks, "rules": g.rules.name,
             "source": g.source, "bets": [b.id for b in g.bets]}
            for name, g in zip(self.names(), self.games)]}

    def to_document(self) -> Document:
        lines = []
        for name, game in zip(self.names(), self.games):
            source = game.source if isinstance(game.source, dict) else {}
            seed = f" [{safe(source['seed'])}]" if source.get("seed") else ""
            lines += [f"{safe(name)}  {safe(game.name)}",
                      f"    source: {safe(source.get('document', '?'))}{seed}",
                      f"    {game.decks} deck{'s' if game.decks != 1 else ''}, "
                      f"{safe(game.rules.name)}; bets: "
                      f"{', '.join(safe(b.id) for b in game.bets)}"]
        rows = tuple((name, g.name, g.decks, g.rules.name, str(g.source.get("document", "")),
                      ", ".join(b.id for b in g.bets))
                     for name, g in zip(self.names(), self.games))
        table = Table("Games", (Column("Id"), Column("Name"), Column("Decks", "count"),
                                Column("Rules"), Column("Source"), Column("Bets")), rows,
                      sheet="Games", formats=_TABULAR)
        return Document("Built-in games", (Field("exact-odds", version()),),
                        (Text(tuple(lines), formats=("text",)), table))


def builtin_game_list() -> GameList:
    """Every built-in game, then the side bets of ``tables/extra/`` (``extra/...``)."""
    from exact_odds.games.loader import builtin_games, extra_games, load_game

    names = (*builtin_games(), *extra_games())
    return GameList(tuple(load_game(name) for name in names), names)


@dataclass(frozen=True)
class ColumnList(Rendered):
    """The outcome vocabulary: every column a pay table's events can read."""

    def inputs(self) -> Json:
        return {"exact_odds_version": version()}

    def to_dict(self) -> Json:
        from exact_odds.vocabulary import COLUMNS

        return {**self.inputs(), "columns": [
            {"name": c.name, "type": c.dtype, "meaning": c.doc} for c in COLUMNS.values()]}

    def to_document(self) -> Document:
        from exact_odds.vocabulary import COLUMNS

        rows = tuple((c.name, c.dtype, c.doc) for c in COLUMNS.values())
        table = Table("", (Column("Column"), Column("Type", width=4), Column("Meaning")), rows,
                      sheet="Columns", header=False, indent=0)
        return Document("The outcome vocabulary", (Field("exact-odds", version()),), (table,))
