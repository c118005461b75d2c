"""Commands on one shoe, exactly: a game's report, the effect of removal, best play on the
bettor's option, the pay for a target edge, and two games side by side."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import click

from exact_odds.cli.options import (
    Parsed,
    bet_option,
    known_option,
    model_shoe_options,
    settings_option,
    shoe_options,
    strategy_option,
)
from exact_odds.cli.output import Working, emit, output_options, warn
from exact_odds.limits import MAX_TARGET_EDGE, MIN_TARGET_EDGE
from exact_odds.shoe import Shoe


@click.command()
@click.argument("game")
@model_shoe_options
@bet_option
@strategy_option()
@settings_option
@known_option
@output_options()
def report(game: str, decks: int | str | None, shoe: Shoe | None, remove: tuple[str, ...],
           bets: tuple[str, ...], strategy: str | None, settings: dict[str, str],
           known: tuple[tuple[int, frozenset[str]], ...], fmt: str, output: Path | None) -> None:
    """Exact odds of every bet of GAME (a built-in id or a YAML file).

    Probable mistakes in the game file are warnings on stderr.

    \b
    Examples:
      exact-odds report rock-bac
      exact-odds report electronic-baccarat --decks 6 --bet super-six --format json
      exact-odds report commission-free --remove 9D,9H,9S --format markdown
      exact-odds report commission-free-dragon-bonus --set natural_pays_margin=true
      exact-odds report rock-bac --format xlsx --output rock-bac.xlsx
      exact-odds report rock-bac --format html --output rock-bac.html
      exact-odds report commission-free --known 1=9 --known 2=K

    The xlsx workbook is a live math worksheet: every figure a formula of the pays, with
    4, 6 and 8 decks and the effect of removal by rank (docs/workbook.md). The html page
    is the explorer: every pay editable, every figure exact, offline (docs/explorer.md).
    """
    from exact_odds.analysis.report import game_report

    with Working("exact-odds report"):
        result = game_report(game, decks=decks, shoe=shoe, remove=remove, bets=bets or None,
                             strategy=strategy, settings=settings, mistakes=True, known=known)
        mistakes = result.mistakes()
    for mistake in mistakes:
        warn(mistake)
    emit(result, fmt, output)  # xlsx: the approval workbook; html: the explorer (forms)


@click.command()
@click.argument("game")
@shoe_options
@bet_option
@click.option("--by", type=click.Choice(["value", "rank", "card"]), default="value",
              show_default=True, help="Remove one card of each point value, rank, or each card.")
@strategy_option()
@settings_option
@known_option
@output_options()
def eor(game: str, decks: int | None, shoe: Shoe | None, remove: tuple[str, ...],
        bets: tuple[str, ...], by: str, strategy: str | None, settings: dict[str, str],
        known: tuple[tuple[int, frozenset[str]], ...], fmt: str, output: Path | None) -> None:
    """Effect of removal: each bet's exact change in expected value (per unit bet, as in
    report) when one card leaves the shoe, for card counters and for checking a bet's
    vulnerability to counting.

    \b
    Examples:
      exact-odds eor rock-bac --bet super-six
      exact-odds eor electronic-baccarat --bet lucky-nines --by card --format json
    """
    from exact_odds.analysis.removal import check_removal_cost, effect_of_removal
    from exact_odds.analysis.report import game_report
    from exact_odds.games.loader import load_game
    from exact_odds.known import known_cards

    with Working("exact-odds eor"):
        loaded = load_game(game)
        # the shoes' cost before the report's: a refusal comes at once
        check_removal_cost([loaded.bet(b) for b in dict.fromkeys(bets)] or list(loaded.bets),
                           loaded.shoe(decks, shoe, remove), loaded.rules, by,
                           known_cards(known, loaded.rules.round))
        result = game_report(loaded, decks=decks, shoe=shoe, remove=remove, bets=bets or None,
                             strategy=strategy, settings=settings, known=known)
        table = effect_of_removal(result, by)
    emit(table, fmt, output)


@click.command()
@click.argument("game", default="21st-century")
@model_shoe_options
@strategy_option()
@settings_option
@output_options()
def strategy(game: str, decks: int | str | None, shoe: Shoe | None, remove: tuple[str, ...],
             strategy: str | None, settings: dict[str, str], fmt: str,
             output: Path | None) -> None:
    """Best play on a game's decisions. Where the bettor decides (21st Century, Baccarat
    Gold, Lucky Draw): draw or stand in every state he can see, each with both exact
    expected values (--strategy optimal, the default), and the late tie under the strategy
    played. Where both hands choose (chemin de fer): their exact equilibrium, the Banker's
    choices against the casino tableau, the value of the game, whether the equilibrium is
    unique. Every pay from the game file.

    \b
    Examples:
      exact-odds strategy 21st-century
      exact-odds strategy 21st-century --decks 6 --format json
      exact-odds strategy lucky-draw --set information=total
      exact-odds strategy chemin-de-fer --decks infinite --set commission=0%
    """
    from exact_odds.analysis.strategy_report import strategy_report
    from exact_odds.games.loader import load_game

    with Working("exact-odds strategy"):
        loaded = load_game(game)
        result = strategy_report(loaded.shoe(decks, shoe, remove), strategy, game=loaded,
                                 settings=settings)
    emit(result, fmt, output)


@click.command()
@click.argument("game")
@click.argument("bet")
@click.option("--event", required=True, help="The winning event whose pay to solve for.")
@click.option("--edge", required=True,
              type=Parsed("exact_odds.analysis.symbolic:parse_edge", "EDGE"),
              help=f"Target house edge: 5%, 0.05 or 1/20 (above {MIN_TARGET_EDGE * 100}%, "
                   f"below {MAX_TARGET_EDGE * 100}%).")
@shoe_options
@settings_option
@output_options()
def solve(game: str, bet: str, event: str, edge: Fraction, decks: int | None, shoe: Shoe | None,
          remove: tuple[str, ...], settings: dict[str, str], fmt: str,
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
    from exact_odds.analysis.symbolic import solve_pay

    with Working("exact-odds solve"):
        result = game_report(game, decks=decks, shoe=shoe, remove=remove, bets=(bet,),
                             settings=settings)
        solution = solve_pay(result.bet(bet), event, edge, report=result)
    emit(solution, fmt, output)


@click.command()
@click.argument("first")
@click.argument("second")
@shoe_options
@strategy_option()
@settings_option
@known_option
@output_options()
def compare(first: str, second: str, decks: int | None, shoe: Shoe | None,
            remove: tuple[str, ...], strategy: str | None, settings: dict[str, str],
            known: tuple[tuple[int, frozenset[str]], ...], fmt: str, output: Path | None) -> None:
    """Compare two games or pay tables (built-in ids or YAML files) bet by bet, on the
    same shoe; a --set applies to each game that has that setting.

    \b
    Examples:
      exact-odds compare commission-free-dragon-bonus rock-bac
      exact-odds compare rock-bac my-rock-bac.yaml --decks 6 --format csv
    """
    from exact_odds.analysis.compare import compare_games

    with Working("exact-odds compare"):
        result = compare_games(first, second, decks=decks, shoe=shoe, remove=remove,
                               strategy=strategy, settings=settings, known=known)
    emit(result, fmt, output)
