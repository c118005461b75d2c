"""Every option shared by several commands, declared once, with one help text each.

A command takes the groups that make sense for it:

* ``shoe_options``: ``--decks``, ``--shoe`` (a shoe file, read when the option is parsed)
  and ``--remove`` (repeatable, cards split on commas and spaces); passed as ``decks``,
  ``shoe`` and ``remove``, for ``Game.shoe(decks, shoe, remove)``;
* ``bet_option`` (``--bet``, repeatable: ``bets``), ``strategy_option`` (``--strategy``) and
  ``settings_option`` (``--set NAME=VALUE``, repeatable: ``settings``, a dict);
* ``known_option`` (``--known POSITION=RANKS``, repeatable: ``known``, pairs of a position
  and its ranks, for ``game_report(..., known=...)``);
* ``dealing_options``: ``--cut-card``, ``--burn`` and ``--after-cut``, overriding the game
  file's dealing procedure (``depths_dealing_options``: ``--cut-card`` takes several depths);
* ``run_options``: ``--shoes``, ``--seed`` and ``workers_options`` (``--workers`` and
  ``--scheduler``, also on ``batch``);
* ``output_options`` (in ``exact_odds.cli.output``): ``--format`` and ``--output``.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, TypeVar

import click

from exact_odds.limits import LIMITS, MAX_DECKS, MAX_PAY, MAX_SHOES, MAX_TAG, MAX_WORKERS, SCHEDULER_TIMEOUT
from exact_odds.rules import STRATEGIES

if TYPE_CHECKING:
    from exact_odds.shoe import Shoe

F = TypeVar("F", bound=Callable[..., object])


class Parsed(click.ParamType):  # type: ignore[type-arg]
    """An option's value read by the library's own parsing function, ``parse(value, what)``,
    the one Python callers and game files go through too; ``what`` is the option as written
    (``--cut-card``), so every error names it. The function is named by ``module:function``
    and imported when the option is given, keeping the command line's start fast.

    >>> Parsed("exact_odds.numbers:parse_count", "integer", 10).convert("7", None, None)
    7
    """

    def __init__(self, where: str, name: str, *args: object) -> None:
        self.where = where
        self.name = name
        self.args = args

    def convert(self, value: object, param: click.Parameter | None, ctx: click.Context | None
                ) -> object:
        from importlib import import_module

        from exact_odds.errors import ExactOddsError

        if not isinstance(value, str):
            return value  # a default, already read
        module, _, function = self.where.partition(":")
        parse = getattr(import_module(module), function)
        what = param.opts[0] if param is not None and param.opts else "value"
        try:
            return parse(value, what, *self.args)
        except ExactOddsError as error:
            self.fail(str(error).removeprefix(f"{what}: "), param, ctx)


def _decks(infinite: bool = False) -> Parsed:
    return Parsed("exact_odds.shoe:parse_decks", "N|infinite" if infinite else "integer",
                  infinite)


def _load_shoe(ctx: click.Context, param: click.Parameter, value: Path | None
               ) -> Shoe | None:
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
    "--decks", type=_decks(), help=f"Number of decks, 1 to {MAX_DECKS:,} (default: the game's).")
shoe_option = click.option(
    "--shoe", type=click.Path(exists=True, dir_okay=False, path_type=Path),
    callback=_load_shoe, help="A YAML shoe file: decks, counts of cards, cards removed.")
remove_option = click.option(
    "--remove", multiple=True, callback=_cards,
    help="Cards already dealt, taken out of the shoe, e.g. '9D,9H,KS' (repeatable).")


infinite_decks_option = click.option(
    "--decks", type=_decks(infinite=True),
    help=f"Number of decks, 1 to {MAX_DECKS:,} (default: the game's), or infinite: each card "
         "dealt with replacement, the textbook model (a 0 with probability 4/13, each of 1-9 "
         "with 1/13).")


def shoe_options(command: F) -> F:
    """``--decks``, ``--shoe`` and ``--remove``."""
    return decks_option(shoe_option(remove_option(command)))


def model_shoe_options(command: F) -> F:
    """``shoe_options`` with ``--decks infinite`` taken (report and strategy)."""
    return infinite_decks_option(shoe_option(remove_option(command)))


bet_option = click.option(
    "--bet", "bets", multiple=True, help="Only this bet (repeatable; a repeat counts once).")
settings_option = click.option(
    "--set", "settings", multiple=True, metavar="NAME=VALUE", callback=_settings,
    help="Choose a value for one of the game file's settings (repeatable).")
known_option = click.option(
    "--known", "known", multiple=True, metavar="POSITION=RANKS",
    type=Parsed("exact_odds.known:parse_known_option", "POSITION=RANKS"),
    help="The card at POSITION of the round (1 the first card out: in punto banco the "
         "Player's first, 2 the Banker's first, 3 and 4 their second cards, 5 and 6 the next "
         "two) is one of RANKS: A, 2-10, J, Q, K, comma-separated, T for ten (repeatable).")


def strategy_option(default: str | None = None) -> Callable[[F], F]:
    """``--strategy``: how the bettor takes a game's option."""
    return click.option(
        "--strategy", type=Parsed("exact_odds.rules.strategies:parse_strategy",
                                  "|".join(STRATEGIES) + "|FILE"), default=default,
        show_default=default is not None,
        help="How a game's decisions are taken: house-way, hit, stand; optimal (the bettor's "
             "best play for each shoe: 21st Century, Baccarat Gold, Lucky Draw); "
             "equilibrium (both hands' exact equilibrium: chemin de fer); or a strategy "
             "file (YAML: each side's choice by state). Default: the game's.")


def dealing_options(command: F) -> F:
    """``--cut-card``, ``--burn`` and ``--after-cut``: the game file's dealing overridden."""
    return _dealing(command, Parsed("exact_odds.games.dealing:parse_cut_card_option",
                                    "none|N"),
                    "Cards behind the cut card (at most the shoe's cards less one), or none "
                    "(shuffled every round).")


def depths_dealing_options(command: F) -> F:
    """``dealing_options`` with ``--cut-card`` taking several depths, ``14,26,52,104``."""
    return _dealing(command, Parsed("exact_odds.games.dealing:parse_cut_cards_option",
                                    "N,N,..."),
                    "Cut-card depths to compare, cards behind the cut card: 14,26,52,104 "
                    "(at most 16; default 14).")


def _dealing(command: F, cut_card: Parsed, cut_card_help: str) -> F:
    command = click.option(
        "--after-cut", type=click.Choice(["one-more", "finish-round"]),
        help="When the cut card comes out: one more round, or finish the round and stop.",
    )(command)
    command = click.option(
        "--burn", type=Parsed("exact_odds.games.dealing:parse_burn", "none|standard|N"),
        help="The burn: none, a number of cards, or standard.")(command)
    return click.option("--cut-card", type=cut_card, help=cut_card_help)(command)


def workers_options(command: F) -> F:
    """``--workers`` and ``--scheduler``: where the work runs."""
    command = click.option(
        "--scheduler", metavar="tcp://HOST:PORT",
        type=Parsed("exact_odds.running.ranges:parse_scheduler", "tcp://HOST:PORT"),
        help="Run on a Dask scheduler instead of local processes (it must answer within "
             f"{SCHEDULER_TIMEOUT} seconds).")(command)
    command = click.option(
        "--workers", type=Parsed("exact_odds.running.ranges:parse_workers", "integer"),
        help=f"Local processes, 1 to {MAX_WORKERS} (default: every core).")(command)
    return command


def run_options(command: F) -> F:
    """``--shoes``, ``--seed``, ``--workers`` and ``--scheduler``: how many shoes to deal,
    from which seed, where."""
    command = workers_options(command)
    command = click.option(
        "--seed", type=Parsed("exact_odds.analysis.job:parse_seed", "integer"),
        help=f"Random seed, 0 to {LIMITS['MAX_SEED'].text} (default: a fresh one, recorded).")(command)
    return click.option(
        "--shoes", type=Parsed("exact_odds.simulation.runner:parse_shoes", "integer"),
        required=True, help=f"How many shoes to deal, 1 to {MAX_SHOES:,}.")(command)


def play_options(command: F) -> F:
    """``--play``, ``--min-edge``, ``--tags`` and ``--threshold``: how a simulation bets."""
    command = click.option(
        "--threshold", type=Parsed("exact_odds.simulation.counting:parse_threshold", "NUMBER"),
        help="Count: bet when the true count is at least this (2, -1.5, 1/2; compared "
             "exactly).")(command)
    command = click.option(
        "--tags", type=Parsed("exact_odds.simulation.runner:parse_tags_option", "RANK=TAG,..."),
        help=f"Count: RANK=TAG pairs (A 2-9 T J Q K, 0 for all tens; tags -{MAX_TAG} to {MAX_TAG}), "
             "e.g. '6=-3,7=1,8=1,9=1', or eor (or eor:K) to derive each bet's tags.")(command)
    command = click.option(
        "--min-edge", type=Parsed("exact_odds.simulation.runner:parse_min_edge", "EDGE"),
        help="Perfect play: bet only when the bettor's edge exceeds this (0.5%, 1/200; "
             f"0 to {MAX_PAY:,}; default 0).")(command)
    return click.option(
        "--play", type=click.Choice(["perfect", "count", "flat"]), default="perfect",
        show_default=True,
        help="perfect: one unit whenever the exact edge favours the bettor; count: when a "
             "count's true count reaches --threshold; flat: every round.")(command)
