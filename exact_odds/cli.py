"""The command line: each command reads its input, calls one library function, renders.

    exact-odds games
    exact-odds report rock-bac --decks 6 --format markdown

Every command takes the same output options (``output_options``: ``--format`` and
``--output``, the target checked before any work) and hands its result (an
``exact_odds.render.Result``) to ``emit``. Every error, click's own included, is one line
starting "Error:" on stderr, with a non-zero exit.
"""

from __future__ import annotations

import functools
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

import click

from exact_odds.render import FORMATS
from exact_odds.rules import STRATEGIES

if TYPE_CHECKING:
    from exact_odds.games.model import Game
    from exact_odds.render import Result

F = TypeVar("F", bound=Callable[..., Any])


def _input_errors() -> tuple[type[BaseException], ...]:
    """Errors that are the user's input, not the program's fault: one line, exit 1.
    (OverflowError: a figure too large for a float; RecursionError: an input nested too
    deeply to read.)"""
    from exact_odds.errors import ExactOddsError

    return (ExactOddsError, OverflowError, RecursionError)


def _fail(message: str, code: int) -> None:
    from exact_odds.errors import LINE_LIMIT, one_line

    click.echo(f"Error: {one_line(message, LINE_LIMIT - len('Error: '))}", err=True)
    sys.exit(code)


class _Group(click.Group):
    """Commands whose errors are one line: the library's input errors exit 1, click's usage
    errors exit 2 with the command's ``--help`` named on the same line."""

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except _input_errors() as error:
            raise click.ClickException(str(error)) from None

    def main(self, args: Any = None, prog_name: str | None = None,
             complete_var: str | None = None, standalone_mode: bool = True,
             **extra: Any) -> Any:
        if not standalone_mode:
            return super().main(args, prog_name, complete_var, standalone_mode, **extra)
        try:
            result = super().main(args, prog_name, complete_var, False, **extra)
        except click.UsageError as error:
            if type(error).__name__ == "NoArgsIsHelpError":  # no command: the help, as click shows it
                error.show()
                sys.exit(error.exit_code)
            hint = ""
            if error.ctx is not None:
                hint = f" (see '{error.ctx.command_path} --help')"
            _fail(error.format_message() + hint, error.exit_code)
        except click.ClickException as error:
            _fail(error.format_message(), error.exit_code)
        except click.Abort:
            _fail("aborted", 1)
        sys.exit(result if isinstance(result, int) else 0)


# --- shared options -------------------------------------------------------------------------

class _Decks(click.ParamType):  # type: ignore[type-arg]
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


#: Formats written as bytes: a file (or ``-o -``), never the terminal by default.
_BINARY = ("xlsx", "parquet")


def output_options(formats: tuple[str, ...] = FORMATS) -> Callable[[F], F]:
    """``--format`` and ``--output``, the same on every command: a command decorated with
    it takes ``fmt`` and ``output`` and ends with ``emit(result, fmt, output)``. The target
    is checked before the command does any work. A command with other formats (``schema``:
    json) passes ``formats``; the first is the default."""

    def decorate(command: F) -> F:
        @functools.wraps(command)
        def checked(*args: Any, **kwargs: Any) -> Any:
            _check_output(kwargs["fmt"], kwargs["output"])
            return command(*args, **kwargs)

        checked = click.option(
            "--output", "-o", type=click.Path(dir_okay=False, path_type=Path),
            help="Write to this file, all at once, instead of printing ('-' prints; a link "
                 "is written through; folders, devices and pipes are refused).")(checked)
        checked = click.option(
            "--format", "fmt", type=click.Choice(formats), default=formats[0], show_default=True,
            help="Output format; csv and json carry exact fractions as strings; "
                 + ("xlsx (a workbook) needs --output." if "xlsx" in formats
                    else "parquet needs --output." if "parquet" in formats else ""))(checked)
        return checked  # type: ignore[return-value]

    return decorate


def _check_output(fmt: str, output: Path | None) -> None:
    """Refuse, before any work, an output that cannot be written."""
    from exact_odds.files import is_standard_output, output_target

    if output is None:
        if fmt in _BINARY:
            kind = "a workbook" if fmt == "xlsx" else "a file"
            raise click.UsageError(f"--format {fmt} writes {kind}: give --output FILE.{fmt}")
        return
    if not is_standard_output(output):
        output_target(output)


def emit(result: Result, fmt: str, output: Path | None) -> None:
    """Render ``result`` (``exact_odds.render.render``) and print it, or write the whole of
    it to ``output`` at once: nothing is written half-way."""
    from exact_odds.render import render

    _write(render(result, fmt), output)


def _write(rendered: str | bytes, output: Path | None) -> None:
    """Print, or write to ``output`` all at once (``-`` and ``/dev/stdout`` print)."""
    from exact_odds.files import write_output

    if output is None:
        click.echo(rendered, nl=False)
    else:
        write_output(output, rendered)


def _cards(values: tuple[str, ...] | str | None) -> tuple[str, ...]:
    """Every card of every ``--remove`` (repeated options accumulate)."""
    if values is None or isinstance(values, str):
        values = (values or "",)
    return tuple(part for value in values for part in value.replace(",", " ").split() if part)


decks_option = click.option(
    "--decks", type=_Decks(), help="Number of decks, 1 to 1,000,000 (default: the game's).")
shoe_option = click.option(
    "--shoe", "shoe_file", type=click.Path(exists=True, dir_okay=False, path_type=Path),
    help="A YAML shoe file: decks, counts of cards, cards removed.")
remove_option = click.option(
    "--remove", multiple=True,
    help="Cards already dealt, taken out of the shoe, e.g. '9D,9H,KS' (repeatable).")
bet_option = click.option(
    "--bet", "bets", multiple=True, help="Only this bet (repeatable; a repeat counts once).")
set_option = click.option(
    "--set", "settings", multiple=True, metavar="NAME=VALUE",
    help="Choose a value for one of the game file's settings (repeatable).")


def shoe_options(command: F) -> F:
    """``--decks``, ``--shoe`` and ``--remove``."""
    return decks_option(shoe_option(remove_option(command)))


def _settings(pairs: tuple[str, ...]) -> dict[str, str]:
    chosen: dict[str, str] = {}
    for pair in pairs:
        name, sep, value = pair.partition("=")
        if not sep or not name.strip():
            raise click.BadParameter(f"{pair!r} is not NAME=VALUE", param_hint="--set")
        if name.strip() in chosen and chosen[name.strip()] != value.strip():
            raise click.BadParameter(f"{name.strip()!r} is given two values", param_hint="--set")
        chosen[name.strip()] = value.strip()
    return chosen


def _shoe(shoe_file: Path | None) -> Any:
    if shoe_file is None:
        return None
    from exact_odds.shoe import load_shoe

    return load_shoe(shoe_file)


@click.group(cls=_Group, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="exact-odds")
def main() -> None:
    """Exact odds of baccarat games and their side bets, from the finite shoe.

    Every probability is a fraction and every count an integer: the number of ordered
    six-card sequences of the shoe.

    \b
    Example:
      exact-odds games
      exact-odds report rock-bac
    """


@main.command()
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


@main.command()
@click.argument("game")
@shoe_options
@bet_option
@click.option("--strategy", type=click.Choice(STRATEGIES),
              help="A game with an option (21st Century, Baccarat Gold): how the bettor takes it.")
@set_option
@output_options()
def report(game: str, decks: int | None, shoe_file: Path | None, remove: tuple[str, ...],
           bets: tuple[str, ...], strategy: str | None, settings: tuple[str, ...], fmt: str,
           output: Path | None) -> None:
    """Exact odds of every bet of GAME (a built-in id or a YAML file).

    \b
    Examples:
      exact-odds report rock-bac
      exact-odds report electronic-baccarat --decks 6 --bet super-six --format json
      exact-odds report commission-free --remove 9D,9H,9S --format markdown
      exact-odds report commission-free-dragon-bonus --set natural_pays_margin=true
      exact-odds report rock-bac --format xlsx --output rock-bac.xlsx
    """
    from exact_odds.analysis.report import game_report

    result = game_report(game, decks=decks, shoe=_shoe(shoe_file), remove=_cards(remove),
                         bets=bets or None, strategy=strategy, settings=_settings(settings))
    _warn_of_mistakes(result.game, [b.id for b in result.bets], _settings(settings))
    emit(result, fmt, output)


def _warn_of_mistakes(game: Game, bets: list[str], settings: dict[str, str]) -> int:
    """Print each probable mistake of the game's bets as a warning on stderr."""
    from exact_odds.analysis.checks import game_mistakes

    mistakes = game_mistakes(game, bets, settings)
    for mistake in mistakes:
        click.echo(f"Warning: {mistake}", err=True)
    return len(mistakes)


@main.command()
@click.argument("games", nargs=-1)
@set_option
@output_options()
def check(games: tuple[str, ...], settings: tuple[str, ...], fmt: str,
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

    emit(check_games(games, _settings(settings),
                     warn=lambda mistake: click.echo(f"Warning: {mistake}", err=True)),
         fmt, output)


@main.command()
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

    _write(json_text(json_schema()), output)


@main.command()
@click.argument("game", default="21st-century")
@shoe_options
@click.option("--strategy", type=click.Choice(STRATEGIES),
              default="optimal", show_default=True,
              help="How the player hand is played on 5 for the late-tie map.")
@output_options()
def strategy(game: str, decks: int | None, shoe_file: Path | None, remove: tuple[str, ...],
             strategy: str, fmt: str, output: Path | None) -> None:
    """Best play on the bettor's option (21st Century, Baccarat Gold): hit or stand in
    every visible state, and the late tie; every pay from the game file.

    \b
    Examples:
      exact-odds strategy 21st-century
      exact-odds strategy 21st-century --decks 6 --format json
      exact-odds strategy baccarat-gold
    """
    from exact_odds.analysis.report import resolve_shoe
    from exact_odds.analysis.strategy_report import strategy_report
    from exact_odds.games.loader import load_game

    loaded = load_game(game)
    shoe = resolve_shoe(loaded, decks, _shoe(shoe_file), _cards(remove))
    emit(strategy_report(shoe, strategy, game=loaded), fmt, output)


@main.command()
@click.argument("game")
@click.argument("bet")
@click.option("--event", required=True, help="The winning event whose pay to solve for.")
@click.option("--edge", required=True, help="Target house edge: 5%, 0.05 or 1/20.")
@shoe_options
@set_option
@output_options()
def solve(game: str, bet: str, event: str, edge: str, decks: int | None,
          shoe_file: Path | None, remove: tuple[str, ...], settings: tuple[str, ...], fmt: str,
          output: Path | None) -> None:
    """The exact pay of one event of BET that gives a target house edge.

    Also the break-even pay and the practical pays ("N to 1", "N to M") just above and
    below, with their exact house edges.

    \b
    Examples:
      exact-odds solve rock-bac super-six --event "Banker wins with 6" --edge 5%
      exact-odds solve rock-bac player-dragon-bonus --event win-by-9-points --edge 2%
    """
    from exact_odds.analysis.report import game_report
    from exact_odds.analysis.symbolic import parse_edge, solve_pay

    target = parse_edge(edge)
    result = game_report(game, decks=decks, shoe=_shoe(shoe_file), remove=_cards(remove),
                         bets=(bet,), settings=_settings(settings))
    emit(solve_pay(result.bet(bet), event, target, report=result), fmt, output)


@main.command()
@click.argument("first")
@click.argument("second")
@shoe_options
@click.option("--strategy", type=click.Choice(STRATEGIES),
              help="A game with an option: how the bettor takes it (both sides).")
@set_option
@output_options()
def compare(first: str, second: str, decks: int | None, shoe_file: Path | None,
            remove: tuple[str, ...], strategy: str | None, settings: tuple[str, ...], fmt: str,
            output: Path | None) -> None:
    """Compare two games or pay tables (built-in ids or YAML files) bet by bet, on the
    same shoe; a --set applies to each game that has that setting.

    \b
    Examples:
      exact-odds compare commission-free-dragon-bonus rock-bac
      exact-odds compare rock-bac my-rock-bac.yaml --decks 6 --format csv
    """
    from exact_odds.analysis.compare import compare_games

    comparison = compare_games(first, second, decks=decks, shoe=_shoe(shoe_file),
                               remove=_cards(remove), strategy=strategy,
                               settings=_settings(settings))
    emit(comparison, fmt, output)


@main.command()
@click.argument("game")
@shoe_options
@bet_option
@click.option("--by", type=click.Choice(["value", "rank", "card"]), default="value",
              show_default=True, help="Remove one card of each point value, rank, or each card.")
@click.option("--strategy", type=click.Choice(STRATEGIES),
              help="A game with an option: how the bettor takes it (held fixed).")
@set_option
@output_options()
def eor(game: str, decks: int | None, shoe_file: Path | None, remove: tuple[str, ...],
        bets: tuple[str, ...], by: str, strategy: str | None, settings: tuple[str, ...], fmt: str,
        output: Path | None) -> None:
    """Effect of removal: each bet's exact change in expected value (per unit bet, as in
    report) when one card leaves the shoe, for card counters and for checking a bet's
    vulnerability to counting.

    \b
    Examples:
      exact-odds eor rock-bac --bet super-six
      exact-odds eor electronic-baccarat --bet lucky-nines --by card --format json
    """
    from exact_odds.analysis.removal import effect_of_removal
    from exact_odds.analysis.report import game_report

    result = game_report(game, decks=decks, shoe=_shoe(shoe_file), remove=_cards(remove),
                         bets=bets or None, strategy=strategy, settings=_settings(settings))
    emit(effect_of_removal(result, by), fmt, output)


@main.command()
@click.argument("table_file", metavar="TABLE", type=click.Path(dir_okay=False, path_type=Path))
@output_options()
def table(table_file: Path, fmt: str, output: Path | None) -> None:
    """The player-dealer's table in money: each seat's and owner's expected result with and
    without fees, the player-dealer's with its bank and fee, the cardroom's fees.

    TABLE is a YAML table file: the game, the player-dealer's seat, bank and fee, the fee
    schedule, the settlement reading and order, and every seat's wagers. Warnings (more
    than five fee rates) go to stderr.

    \b
    Examples:
      exact-odds table tables/tables/commission-free.yaml
      exact-odds table my-table.yaml --format json --output my-table.json
      exact-odds table my-table.yaml --format xlsx --output my-table.xlsx
    """
    from exact_odds.table import load_table, table_report

    loaded = load_table(table_file)
    for warning in loaded.warnings:
        click.echo(f"Warning: {warning}", err=True)
    emit(table_report(loaded), fmt, output)


@main.command()
@click.argument("game")
@click.option("--shoes", type=int, required=True, help="How many shoes to deal.")
@bet_option
@click.option("--play", type=click.Choice(["perfect", "count", "flat"]), default="perfect",
              show_default=True, help="Perfect play (exact edge), a count, or flat (one unit "
              "on every round where the bet is offered).")
@click.option("--min-edge", default="0", show_default=True,
              help="Perfect play: bet only when the bettor's edge exceeds this (0.5%, 1/200).")
@click.option("--tags", help="Count: RANK=TAG pairs (A 2-9 T J Q K, 0 for all tens), "
              "e.g. '6=-3,7=1,8=1,9=1', or eor (or eor:K) to derive each bet's tags.")
@click.option("--threshold", help="Count: bet when the true count is at least this.")
@decks_option
@shoe_option
@click.option("--cut-card", help="Cards behind the cut card, or none (shuffle every round).")
@click.option("--burn", help="none, a number of cards, or standard.")
@click.option("--after-cut", type=click.Choice(["one-more", "finish-round"]),
              help="What happens when the cut card comes out.")
@click.option("--seed", type=int, help="Random seed (default: a fresh one, shown).")
@click.option("--workers", type=int, help="Local processes (default: every core).")
@click.option("--scheduler", metavar="ADDRESS", help="A Dask scheduler, tcp://HOST:PORT.")
@click.option("--trace", type=click.Path(dir_okay=False, path_type=Path),
              help="Write every round to this Parquet file.")
@click.option("--strategy", type=click.Choice(STRATEGIES),
              help="A game with a player option: how it is taken (house-way, hit, stand).")
@set_option
@output_options()
def simulate(game: str, shoes: int, bets: tuple[str, ...], play: str, min_edge: str,
             tags: str | None, threshold: str | None, decks: int | None,
             shoe_file: Path | None, cut_card: str | None, burn: str | None,
             after_cut: str | None, seed: int | None, workers: int | None,
             scheduler: str | None, trace: Path | None, strategy: str | None,
             settings: tuple[str, ...], fmt: str, output: Path | None) -> None:
    """Deal shoes of GAME and play its bets perfectly (exact edge before every round), by
    a count, or flat (one unit every round); every figure is an estimate with its standard
    error.

    \b
    Examples:
      exact-odds simulate electronic-baccarat --bet player-pair --bet banker-pair \\
          --shoes 10000 --cut-card 14 --burn standard
      exact-odds simulate rock-bac --bet super-six --shoes 1000 --play count \\
          --tags eor --threshold 4 --format json
      exact-odds simulate 21st-century --bet late-tie --shoes 1000 --play flat \\
          --trace rounds.parquet
    """
    from exact_odds.simulation.runner import simulate as run_simulation

    summary = run_simulation(
        game, shoes, bets=bets or None, play=play, min_edge=min_edge, tags=tags,
        threshold=threshold, decks=decks, shoe=_shoe(shoe_file), cut_card=cut_card, burn=burn,
        after_cut=after_cut, seed=seed, workers=workers, scheduler=scheduler, trace=trace,
        strategy=strategy, settings=_settings(settings), progress=True)
    emit(summary, fmt, output)


@main.command()
@click.argument("game")
@click.argument("shoes_file", metavar="SHOES",
                type=click.Path(exists=True, dir_okay=False, path_type=Path))
@decks_option
@bet_option
@click.option("--strategy", type=click.Choice(STRATEGIES),
              help="A game with a bettor's option: how it is taken; optimal gives each "
                   "shoe its own best play.")
@set_option
@output_options(("csv", "json", "parquet"))
def batch(game: str, shoes_file: Path, decks: int | None, bets: tuple[str, ...],
          strategy: str | None, settings: tuple[str, ...], fmt: str,
          output: Path | None) -> None:
    """Every bet's exact expected value for each shoe of SHOES, a CSV, JSON Lines or
    Parquet file with one shoe per row: a column 'removed' (cards dealt from the game's
    full shoe, like --remove: '9D KS 10H') or 52 columns AS ... KD holding counts.

    \b
    Examples:
      exact-odds batch rock-bac shoes.csv --output values.csv
      exact-odds batch electronic-baccarat shoes.parquet --bet lucky-nines --format parquet -o out.parquet
      exact-odds batch 21st-century shoes.jsonl --strategy optimal --format json
    """
    from exact_odds.batch.report import batch_report
    from exact_odds.batch.shoes import Progress
    from exact_odds.render import render

    result = batch_report(game, shoes_file, decks=decks, bets=bets or None, strategy=strategy,
                          settings=_settings(settings), progress=Progress("exact-odds batch"))
    _write(result.to_parquet() if fmt == "parquet" else render(result, fmt), output)


@main.command()
@output_options()
def columns(fmt: str, output: Path | None) -> None:
    """List the outcome columns that pay-table events can read.

    \b
    Example:
      exact-odds columns
    """
    from exact_odds.games.listing import ColumnList

    emit(ColumnList(), fmt, output)


def run() -> None:  # pragma: no cover - the console script
    main(prog_name="exact-odds")


if __name__ == "__main__":  # pragma: no cover
    run()
