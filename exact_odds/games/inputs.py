"""The inputs of a result computed on one game and one shoe, as every result records them
(the keys of ``exact_odds.render.inputs``): enough to compute it again."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from exact_odds.games.model import Game
from exact_odds.render.document import Json, version
from exact_odds.render.inputs import plain

if TYPE_CHECKING:
    from exact_odds.shoe import Shoe


def is_builtin(game: Game) -> bool:
    """Whether the game is one of ``tables/`` (named by its id alone)."""
    from exact_odds.games.loader import tables_dir

    try:
        return bool(game.path) and Path(game.path).resolve().parent == tables_dir().resolve()
    except OSError:
        return False


def game_inputs(game: Game, shoe: Shoe, rules: str, strategy: str | None,
                settings: dict[str, object]) -> Json:
    """The inputs of a result on one game and shoe; ``shoe`` is itself a valid shoe file;
    ``game_file`` only for a game that is not built in."""
    data: Json = {"exact_odds_version": version(), "game": game.id, "name": game.name}
    if not is_builtin(game):
        data["game_file"] = game.path
    data.update({"rules": rules, "decks": shoe.decks, "cards": shoe.size, "shoe": shoe.spec(),
                 "shoe_description": shoe.describe(), "strategy": strategy,
                 "settings": {k: plain(v) for k, v in settings.items()}})
    return data
