"""The inputs of a result computed on one game and one shoe, as every result records them
(the keys of ``exact_odds.render.inputs``): enough to compute it again."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path, PurePath
from typing import TYPE_CHECKING, NamedTuple, cast

from exact_odds.errors import ExactOddsError, check_texts, check_type, input_name
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


class GameArguments(NamedTuple):
    """The arguments every analysis of a game takes, checked and in their one form."""

    bets: tuple[str, ...] | None
    decks: int | None
    shoe: Shoe | None
    remove: tuple[str, ...]
    strategy: str | None
    settings: dict[str, str]


def check_game_arguments(game: object, *, bets: object = None, decks: object = None,
                         shoe: object = None, remove: object = (), strategy: object = None,
                         settings: object = None, infinite: bool = False) -> GameArguments:
    """Refuse, naming the argument, a value of the wrong type given to a public function
    (``game_report``, ``compare_games``, ``simulate``, ...); a bet or cards given as one
    string are taken as written (``bets="tie"``, ``remove="9D,9H"``). The infinite deck
    (``decks="infinite"``, ``Shoe.infinite()``) only where the analysis takes it
    (``infinite``: a report of exact odds, a strategy).

    >>> check_game_arguments("rock-bac", bets="tie", remove="9D, 9H").remove
    ('9D', '9H')
    >>> check_game_arguments("rock-bac", decks=8.0)
    Traceback (most recent call last):
    ...
    exact_odds.errors.InputTypeError: decks: 8.0 is a float; give a whole number of decks
    """
    from exact_odds.shoe import Shoe

    check_type(game, (Game, str, Path), "game",
               "a built-in game's id, a game file's path or a Game")
    bet_ids: tuple[str, ...] | None = None
    if bets is not None:
        bet_ids = check_texts(bets, "bets", "a list of bet ids (or one id)", "bet ids as text",
                              (list, tuple, set, frozenset, dict))
        if not bet_ids:  # not every bet: None asks for every bet
            raise ExactOddsError(f"{input_name('bets')}: an empty list names no bet; give "
                                 "at least one bet id, or None for every bet")
    from exact_odds.shoe import INFINITE, ShoeError

    if decks is not None and not (infinite and decks == INFINITE):
        check_type(decks, int, "decks", "a whole number of decks"
                   + (" or 'infinite'" if infinite else ""))
    if shoe is not None:
        check_type(shoe, Shoe, "shoe", "a Shoe (Shoe.from_decks, load_shoe)")
    if not infinite and (getattr(shoe, "replacement", False) or decks == INFINITE):
        raise ShoeError(f"{input_name('decks' if decks == INFINITE else 'shoe')}: the infinite "
                        "deck (cards dealt with replacement) is taken by reports of exact odds "
                        "and strategies; this analysis deals a finite shoe")
    if isinstance(remove, str):
        remove = tuple(part for part in remove.replace(",", " ").split() if part)
    cards = check_texts(remove, "remove", "a list of cards", "cards as text ('9D')")
    if isinstance(strategy, PurePath):  # a strategy file's path
        strategy = str(strategy)
    if strategy is not None:
        check_type(strategy, str, "strategy", "house-way, hit, stand, optimal, equilibrium or "
                   "a strategy file's path")
    if settings is not None:
        check_type(settings, Mapping, "settings", "a mapping of setting names to values")
    chosen = {str(name): str(value).lower() if isinstance(value, bool) else str(value)
              for name, value in cast("Mapping[str, object]", settings or {}).items()}
    if decks == INFINITE:  # the infinite deck, where the analysis takes it
        if shoe is not None:
            raise ShoeError(f"give either {input_name('decks')} or {input_name('shoe')}, not both")
        decks, shoe = None, Shoe.infinite()
    return GameArguments(bet_ids, cast("int | None", decks), cast("Shoe | None", shoe), cards,
                         cast("str | None", strategy), chosen)
