"""Simulated shoes: computer-perfect play, a count, or flat betting, dealt by the game's
procedure."""

from __future__ import annotations

from pathlib import Path

import click

from exact_odds.cli.options import (
    bet_option,
    dealing_options,
    run_options,
    settings_option,
    shoe_options,
    strategy_option,
)
from exact_odds.cli.output import emit, output_options
from exact_odds.shoe import Shoe


@click.command()
@click.argument("game")
@run_options
@bet_option
@click.option("--play", type=click.Choice(["perfect", "count", "flat"]), default="perfect",
              show_default=True,
              help="perfect: one unit whenever the exact edge favours the bettor; count: when "
                   "a count's true count reaches --threshold; flat: every round.")
@click.option("--min-edge", default="0", show_default=True,
              help="Perfect play: bet only when the bettor's edge exceeds this (0.5%, 1/200).")
@click.option("--tags", help="Count: RANK=TAG pairs (A 2-9 T J Q K, 0 for all tens), "
              "e.g. '6=-3,7=1,8=1,9=1', or eor (or eor:K) to derive each bet's tags.")
@click.option("--threshold", help="Count: bet when the true count is at least this.")
@shoe_options
@dealing_options
@click.option("--trace", type=click.Path(dir_okay=False, path_type=Path),
              help="Write every round to this Parquet file.")
@strategy_option()
@settings_option
@output_options()
def simulate(game: str, shoes: int, seed: int | None, workers: int | None,
             scheduler: str | None, bets: tuple[str, ...], play: str, min_edge: str,
             tags: str | None, threshold: str | None, decks: int | None, shoe: Shoe | None,
             remove: tuple[str, ...], cut_card: str | None, burn: str | None,
             after_cut: str | None, trace: Path | None, strategy: str | None,
             settings: dict[str, str], fmt: str, output: Path | None) -> None:
    """Deal shoes of GAME and play its bets perfectly (exact edge before every round), by
    a count, or flat; every figure is an estimate with its standard error.

    \b
    Examples:
      exact-odds simulate electronic-baccarat --bet player-pair --bet banker-pair \\
          --shoes 10000 --cut-card 14 --burn standard
      exact-odds simulate rock-bac --bet super-six --shoes 1000 --play count \\
          --tags eor --threshold 4 --format json
      exact-odds simulate 21st-century --bet late-tie --shoes 100 --play flat --trace rounds.parquet
    """
    from exact_odds.simulation.runner import simulate as run_simulation

    emit(run_simulation(
        game, shoes, bets=bets or None, play=play, min_edge=min_edge, tags=tags,
        threshold=threshold, decks=decks, shoe=shoe, remove=remove, cut_card=cut_card,
        burn=burn, after_cut=after_cut, seed=seed, workers=workers, scheduler=scheduler,
        trace=trace, strategy=strategy, settings=settings, progress=True), fmt, output)


COMMANDS = (simulate,)
