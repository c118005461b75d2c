"""Every option shared by several commands, declared once, with one help text each.

A command takes the groups that make sense for it:

* ``shoe_options``: ``--decks``, ``--shoe`` (a shoe file, read when the option is parsed)
  and ``--remove`` (repeatable, cards split on commas and spaces); passed as ``decks``,
  ``shoe`` and ``remove``, for ``Game.shoe(decks, shoe, remove)``;
* ``bet_option`` (``--bet``, repeatable: ``bets``), ``strategy_option`` (``--strategy``) and
  ``settings_option`` (``--set NAME=VALUE``, repeatable: ``settings``, a dict);
* ``dealing_options``: ``--cut-card``, ``--burn`` and ``--after-cut``, overriding the game
  file's dealing procedure;
* ``run_options``: ``--shoes``, ``--seed``, ``--workers`` and ``--scheduler``;
* ``output_options`` (in ``exact_odds.cli.output``): ``--format`` and ``--output``.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

import click

from exact_odds.rules import STRATEGIES

F = TypeVar("F", bound=Callable[..., Any])


class Decks(click.ParamType):  # type: ignore[type-arg]
    """A number of decks, read without converting an arbitrarily long string."""

    name = "integer"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None
                ) -> int:
        from exact_odds.errors import LimitError
        from exact_odds.numbers import MAX_DECKS, parse_count

        if isinstance(value, int):
            return value
        try:
            return parse_count(value, "--decks", MAX_DECKS)
        except LimitError as error:
            self.fail(str(error).removeprefix("--decks: "), param, ctx)


def _load_shoe(ctx: click.Context, param: click.Parameter, value: Path | None) -> Any:
    if value is None:
        return None
    from exact_odds.shoe import load_shoe

    return load_shoe(value)


def _cards(ctx: click.Context, param: click.Parameter, values: tuple[str, ...]) -> tuple[str, ...]:
    """Every card of every ``--remove`` (repeated options accumulate)."""
    return tuple(part for value in values for part in value.replace(",", " ").split() if part)


def _settings(ctx: click.Context, param: click.Parameter,
              pairs: tuple[str, ...]) -> dict[str, str]:
    chosen: dict[str, str] = {}
    for pair in pairs:
        name, sep, value = pair.partition("=")
        if not sep or not name.strip():
            raise click.BadParameter(f"{pair!r} is not NAME=VALUE", param_hint="--set")
        if name.strip() in chosen and chosen[name.strip()] != value.strip():
            raise click.BadParameter(f"{name.strip()!r} is given two values", param_hint="--set")
        chosen[name.strip()] = value.strip()
    return chosen


decks_option = click.option(
    "--decks", type=Decks(), help="Number of decks, 1 to 1,000,000 (default: the game's).")
shoe_option = click.option(
    "--shoe", type=click.Path(exists=True, dir_okay=False, path_type=Path),
    callback=_load_shoe, help="A YAML shoe file: decks, counts of cards, cards removed.")
remove_option = click.option(
    "--remove", multiple=True, callback=_cards,
    help="Cards already dealt, taken out of the shoe, e.g. '9D,9H,KS' (repeatable).")


def shoe_options(command: F) -> F:
    """``--decks``, ``--shoe`` and ``--remove``."""
    return decks_option(shoe_option(remove_option(command)))


bet_option = click.option(
    "--bet", "bets", multiple=True, help="Only this bet (repeatable; a repeat counts once).")
settings_option = click.option(
    "--set", "settings", multiple=True, metavar="NAME=VALUE", callback=_settings,
    help="Choose a value for one of the game file's settings (repeatable).")


def strategy_option(default: str | None = None) -> Callable[[F], F]:
    """``--strategy``: how the bettor takes a game's option."""
    return click.option(
        "--strategy", type=click.Choice(STRATEGIES), default=default,
        show_default=default is not None,
        help="A game with a bettor's option (21st Century, Baccarat Gold): house-way, hit, "
             "stand, or optimal (the best play for each shoe). Default: the game's.")


def dealing_options(command: F) -> F:
    """``--cut-card``, ``--burn`` and ``--after-cut``: the game file's dealing overridden."""
    command = click.option(
        "--after-cut", type=click.Choice(["one-more", "finish-round"]),
        help="When the cut card comes out: one more round, or finish the round and stop.",
    )(command)
    command = click.option("--burn", help="The burn: none, a number of cards, or standard.")(command)
    return click.option(
        "--cut-card", help="Cards behind the cut card, or none (shuffled every round).")(command)


def run_options(command: F) -> F:
    """``--shoes``, ``--seed``, ``--workers`` and ``--scheduler``: how many shoes to deal,
    from which seed, where."""
    command = click.option(
        "--scheduler", metavar="ADDRESS",
        help="Run on a Dask scheduler, tcp://HOST:PORT, instead of local processes.")(command)
    command = click.option(
        "--workers", type=int, help="Local processes (default: every core).")(command)
    command = click.option(
        "--seed", type=int, help="Random seed (default: a fresh one, recorded).")(command)
    return click.option("--shoes", type=int, required=True, help="How many shoes to deal.")(command)
