"""Commands about game files: the built-in games, the outcome vocabulary, the JSON Schema
of a game file, and the check for probable mistakes."""

from __future__ import annotations

from pathlib import Path

import click

from exact_odds.cli.options import settings_option
from exact_odds.cli.output import Working, emit, output_options, warn, write


@click.command()
@output_options()
def games(fmt: str, output: Path | None) -> None:
    """List the built-in games with their source document and bets.

    \b
    Example:
      exact-odds games
      exact-odds games --format json
    """
    from exact_odds.games.listing import builtin_game_list

    emit(builtin_game_list(), fmt, output)


@click.command()
@output_options()
def columns(fmt: str, output: Path | None) -> None:
    """List the outcome columns that pay-table events can read.

    \b
    Example:
      exact-odds columns
    """
    from exact_odds.games.listing import ColumnList

    emit(ColumnList(), fmt, output)


@click.command()
@output_options(("json",))
def schema(fmt: str, output: Path | None) -> None:
    """Print the JSON Schema of a game file, for editors that complete and check YAML.

    Generated from the loader's own field definitions. Put this line at the top of a
    game file saved next to the schema:

    \b
      # yaml-language-server: $schema=game-file.schema.json

    \b
    Example:
      exact-odds schema --output game-file.schema.json
    """
    from exact_odds.games.fields import json_schema
    from exact_odds.render.json import json_text

    write(json_text(json_schema()), output)


@click.command()
@click.argument("games", nargs=-1)
@settings_option
@output_options()
def check(games: tuple[str, ...], settings: dict[str, str], fmt: str,
          output: Path | None) -> None:
    """Check game files (built-in ids or YAML files) for probable mistakes: an event no
    outcome can reach, an event earlier events take entirely, a bet that cannot win.

    Mistakes are warnings on stderr (exit 0), and listed in every format but text; a file
    that cannot mean anything is an error. With no GAME, every built-in game, every side
    bet of tables/extra/ and every shared bet of tables/bets/ is checked.

    \b
    Examples:
      exact-odds check
      exact-odds check my-game.yaml --set natural_pays_margin=true
      exact-odds check --format json
    """
    from exact_odds.analysis.check_report import check_games

    with Working("exact-odds check"):
        result = check_games(games, settings, warn=warn)
    emit(result, fmt, output)
