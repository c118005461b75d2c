"""The command line: each command reads its input, calls one library function, renders.

    exact-odds games
    exact-odds report rock-bac --decks 6 --format markdown
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING

import click

from exact_odds.render import FORMATS
from exact_odds.rules import STRATEGIES

if TYPE_CHECKING:
    from exact_odds.games.model import Game


def _input_errors() -> tuple[type[BaseException], ...]:
    """Errors that are the user's input, not the program's fault: one line, exit 1.
    (OverflowError: a figure too large to print as a decimal.)"""
    from exact_odds.errors import ExactOddsError

    return (ExactOddsError, OverflowError)


class _Group(click.Group):
    def invoke(self, ctx: click.Context):
        try:
            return super().invoke(ctx)
        except _input_errors() as error:
            raise click.ClickException(str(error)) from None


def _emit(text: str, output: Path | None) -> None:
    """Print, or write the whole text at once: nothing is written half-way."""
    if output is None:
        click.echo(text, nl=False)
        return
    temporary = output.with_name(output.name + ".partial")
    try:
        temporary.write_text(text, encoding="utf-8")
        temporary.replace(output)
    except OSError as error:
        temporary.unlink(missing_ok=True)
        raise click.ClickException(f"cannot write {output}: {error.strerror}") from None


def _cards(value: str | None) -> tuple[str, ...]:
    return tuple(part for part in (value or "").replace(",", " ").split() if part)


format_option = click.option(
    "--format", "fmt", type=click.Choice(FORMATS), default="text", show_default=True,
    help="Output format; json and csv carry exact fractions as strings.")
output_option = click.option(
    "--output", "-o", type=click.Path(dir_okay=False, path_type=Path),
    help="Write to this file (all at once) instead of printing.")
decks_option = click.option(
    "--decks", type=click.IntRange(min=1), help="Number of decks (default: the game's).")
shoe_option = click.option(
    "--shoe", "shoe_file", type=click.Path(exists=True, dir_okay=False, path_type=Path),
    help="A YAML shoe file: decks, counts of cards, cards removed.")
remove_option = click.option(
    "--remove", help="Cards already dealt, taken out of the shoe, e.g. '9D,9H,KS'.")


bet_option = click.option("--bet", "bets", multiple=True, help="Only this bet (repeatable).")
set_option = click.option(
    "--set", "settings", multiple=True, metavar="NAME=VALUE",
    help="Choose a value for one of the game file's settings (repeatable).")


def _settings(pairs: tuple[str, ...]) -> dict[str, str]:
    chosen = {}
    for pair in pairs:
        name, sep, value = pair.partition("=")
        if not sep or not name.strip():
            raise click.BadParameter(f"{pair!r} is not NAME=VALUE", param_hint="--set")
        chosen[name.strip()] = value.strip()
    return chosen


def _shoe(shoe_file: Path | None):
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
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text",
              show_default=True)
def games(fmt: str) -> None:
    """List the built-in games with their source document and bets.

    \b
    Example:
      exact-odds games
    """
    from exact_odds.games.loader import builtin_games, load_game
    from exact_odds.render import render_json

    loaded = [load_game(name) for name in builtin_games()]
    if fmt == "json":
        click.echo(render_json({"games": [
            {"id": g.id, "name": g.name, "decks": g.decks, "rules": g.rules.name,
             "source": g.source, "bets": [b.id for b in g.bets]} for g in loaded]}), nl=False)
        return
    for game in loaded:
        click.echo(f"{game.id}  {game.name}")
        seed = f" [{game.source['seed']}]" if game.source.get("seed") else ""
        click.echo(f"    source: {game.source.get('document', '?')}{seed}")
        click.echo(f"    {game.decks} decks, {game.rules.name}; bets: {', '.join(b.id for b in game.bets)}")


@main.command()
@click.argument("game")
@decks_option
@shoe_option
@remove_option
@bet_option
@click.option("--strategy", type=click.Choice(STRATEGIES),
              help="A game with an option (21st Century, Baccarat Gold): how the bettor takes it.")
@set_option
@format_option
@output_option
def report(game: str, decks: int | None, shoe_file: Path | None, remove: str | None,
           bets: tuple[str, ...], strategy: str | None, settings: tuple[str, ...], fmt: str,
           output: Path | None) -> None:
    """Exact odds of every bet of GAME (a built-in id or a YAML file).

    \b
    Examples:
      exact-odds report rock-bac
      exact-odds report electronic-baccarat --decks 6 --bet super-six --format json
      exact-odds report commission-free --remove 9D,9H,9S --format markdown
      exact-odds report commission-free-dragon-bonus --set natural_pays_margin=true
    """
    from exact_odds.analysis.report import game_report
    from exact_odds.render import render_report

    result = game_report(game, decks=decks, shoe=_shoe(shoe_file), remove=_cards(remove),
                         bets=bets or None, strategy=strategy, settings=_settings(settings))
    _warn_of_mistakes(result.game, [b.id for b in result.bets], _settings(settings))
    _emit(render_report(result, fmt), output)


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
def check(games: tuple[str, ...], settings: tuple[str, ...]) -> None:
    """Check game files (built-in ids or YAML files) for probable mistakes: an event no
    outcome can reach, an event earlier events take entirely, a bet that cannot win.

    Mistakes are warnings on stderr (exit 0); a file that cannot mean anything is an error.
    With no GAME, every built-in game, every side bet of tables/extra/ and every shared
    bet of tables/bets/ is checked.

    \b
    Examples:
      exact-odds check
      exact-odds check my-game.yaml --set natural_pays_margin=true
    """
    from exact_odds.games.loader import builtin_games, check_shared_bets, extra_games, load_game

    if not games:
        shared = check_shared_bets()
        click.echo(f"shared bets: {len(shared)} checked ({', '.join(shared)})")
    for name in games or builtin_games() + extra_games():
        loaded = load_game(name)
        found = _warn_of_mistakes(loaded, [b.id for b in loaded.bets], _settings(settings))
        events = sum(len(b.events) for b in loaded.bets)
        verdict = f"{found} probable mistake{'s' if found != 1 else ''}" if found else "no mistakes found"
        bets = f"{len(loaded.bets)} bet{'s' if len(loaded.bets) != 1 else ''}"
        click.echo(f"{loaded.id}: {bets}, {events} events: {verdict}")


@main.command()
def schema() -> None:
    """Print the JSON Schema of a game file, for editors that complete and check YAML.

    Generated from the loader's own field definitions. Put this line at the top of a
    game file saved next to the schema:

    \b
      # yaml-language-server: $schema=game-file.schema.json

    \b
    Example:
      exact-odds schema > game-file.schema.json
    """
    from exact_odds.games.fields import json_schema
    from exact_odds.render import render_json

    click.echo(render_json(json_schema()), nl=False)


@main.command()
@click.argument("game", default="21st-century")
@decks_option
@shoe_option
@remove_option
@click.option("--strategy", type=click.Choice(STRATEGIES),
              default="optimal", show_default=True,
              help="How the player hand is played on 5 for the late-tie map.")
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text",
              show_default=True)
@output_option
def strategy(game: str, decks: int | None, shoe_file: Path | None, remove: str | None,
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
    from exact_odds.analysis.strategy import strategy_report
    from exact_odds.games.loader import load_game
    from exact_odds.render import render_json, render_strategy_text

    loaded = load_game(game)
    shoe = resolve_shoe(loaded, decks, _shoe(shoe_file), _cards(remove))
    result = strategy_report(shoe, strategy, game=loaded)
    text = render_json(result.to_dict()) if fmt == "json" else render_strategy_text(result)
    _emit(text, output)


@main.command()
@click.argument("game")
@click.argument("bet")
@click.option("--event", required=True, help="The winning event whose pay to solve for.")
@click.option("--edge", required=True, help="Target house edge: 5%, 0.05 or 1/20.")
@decks_option
@shoe_option
@remove_option
@set_option
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text",
              show_default=True)
def solve(game: str, bet: str, event: str, edge: str, decks: int | None,
          shoe_file: Path | None, remove: str | None, settings: tuple[str, ...], fmt: str) -> None:
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
    from exact_odds.render import render_json, render_solution_text

    target = parse_edge(edge)
    result = game_report(game, decks=decks, shoe=_shoe(shoe_file), remove=_cards(remove),
                         bets=(bet,), settings=_settings(settings))
    solution = solve_pay(result.bet(bet), event, target)
    text = render_json(solution.to_dict()) if fmt == "json" else render_solution_text(solution)
    click.echo(text, nl=False)


@main.command()
@click.argument("first")
@click.argument("second")
@decks_option
@click.option("--strategy", type=click.Choice(STRATEGIES),
              help="A game with an option: how the bettor takes it (both sides).")
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text",
              show_default=True)
def compare(first: str, second: str, decks: int | None, strategy: str | None, fmt: str) -> None:
    """Compare two games or pay tables (built-in ids or YAML files) bet by bet.

    \b
    Examples:
      exact-odds compare commission-free-dragon-bonus rock-bac
      exact-odds compare rock-bac my-rock-bac.yaml --decks 6
    """
    from exact_odds.analysis.compare import compare_reports
    from exact_odds.analysis.report import game_report
    from exact_odds.render import render_comparison_text, render_json

    comparison = compare_reports(game_report(first, decks=decks, strategy=strategy),
                                 game_report(second, decks=decks, strategy=strategy))
    text = render_json(comparison.to_dict()) if fmt == "json" else render_comparison_text(comparison)
    click.echo(text, nl=False)


@main.command()
@click.argument("game")
@decks_option
@shoe_option
@remove_option
@bet_option
@click.option("--by", type=click.Choice(["value", "rank", "card"]), default="value",
              show_default=True, help="Remove one card of each point value, rank, or each card.")
@click.option("--strategy", type=click.Choice(STRATEGIES),
              help="A game with an option: how the bettor takes it (held fixed).")
@set_option
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text",
              show_default=True)
@output_option
def eor(game: str, decks: int | None, shoe_file: Path | None, remove: str | None,
        bets: tuple[str, ...], by: str, strategy: str | None, settings: tuple[str, ...], fmt: str,
        output: Path | None) -> None:
    """Effect of removal: each bet's exact change in expected value when one card leaves
    the shoe, for card counters and for checking a bet's vulnerability to counting.

    \b
    Examples:
      exact-odds eor rock-bac --bet super-six
      exact-odds eor electronic-baccarat --bet lucky-nines --by card --format json
    """
    from exact_odds.analysis.removal import effect_of_removal
    from exact_odds.analysis.report import game_report
    from exact_odds.render import render_json, render_removal_text

    result = game_report(game, decks=decks, shoe=_shoe(shoe_file), remove=_cards(remove),
                         bets=bets or None, strategy=strategy, settings=_settings(settings))
    table = effect_of_removal(result, by)
    _emit(render_json(table.to_dict()) if fmt == "json" else render_removal_text(table), output)


@main.command()
@click.argument("game")
@click.option("--shoes", type=int, required=True, help="How many shoes to deal.")
@bet_option
@click.option("--play", type=click.Choice(["perfect", "count"]), default="perfect",
              show_default=True, help="Perfect play (exact edge) or a count.")
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
@click.option("--format", "fmt", type=click.Choice(FORMATS), default="text", show_default=True,
              help="Output format; json and csv carry the estimates as numbers.")
@output_option
def simulate(game: str, shoes: int, bets: tuple[str, ...], play: str, min_edge: str,
             tags: str | None, threshold: str | None, decks: int | None,
             shoe_file: Path | None, cut_card: str | None, burn: str | None,
             after_cut: str | None, seed: int | None, workers: int | None,
             scheduler: str | None, trace: Path | None, strategy: str | None,
             settings: tuple[str, ...], fmt: str, output: Path | None) -> None:
    """Deal shoes of GAME and play its bets perfectly (exact edge before every round) or
    by a count; every figure is an estimate with its standard error.

    \b
    Examples:
      exact-odds simulate electronic-baccarat --bet player-pair --bet banker-pair \\
          --shoes 10000 --cut-card 14 --burn standard
      exact-odds simulate rock-bac --bet super-six --shoes 1000 --play count \\
          --tags eor --threshold 4 --format json
    """
    from exact_odds.simulation.render import render_simulation
    from exact_odds.simulation.runner import simulate as run_simulation

    if output is not None and not output.resolve().parent.is_dir():  # refuse before the run
        raise click.ClickException(f"cannot write {output}: no folder {output.parent}")

    summary = run_simulation(
        game, shoes, bets=bets or None, play=play, min_edge=min_edge, tags=tags,
        threshold=threshold, decks=decks, shoe=_shoe(shoe_file), cut_card=cut_card, burn=burn,
        after_cut=after_cut, seed=seed, workers=workers, scheduler=scheduler, trace=trace,
        strategy=strategy, settings=_settings(settings), progress=True)
    _emit(render_simulation(summary, fmt), output)


@main.command()
def columns() -> None:
    """List the outcome columns that pay-table events can read.

    \b
    Example:
      exact-odds columns
    """
    from exact_odds.engine.vocabulary import COLUMNS

    width = max(map(len, COLUMNS))
    for col in COLUMNS.values():
        click.echo(f"{col.name.ljust(width)}  {col.dtype:<4}  {col.doc}")


def run() -> None:  # pragma: no cover - the console script
    main(prog_name="exact-odds")


if __name__ == "__main__":  # pragma: no cover
    sys.exit(run())
