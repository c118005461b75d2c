"""Simulated shoes: computer-perfect play, a count, or flat betting, dealt by the game's
procedure."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import click

from exact_odds.cli.options import (
    bet_option,
    dealing_options,
    play_options,
    run_options,
    settings_option,
    shoe_options,
    strategy_option,
)
from exact_odds.cli.output import Working, emit, output_options
from exact_odds.shoe import Shoe


@click.command()
@click.argument("game")
@run_options
@bet_option
@play_options
@shoe_options
@dealing_options
@click.option("--trace", type=click.Path(dir_okay=False, path_type=Path),
              help="Write every round to this Parquet file.")
@strategy_option()
@settings_option
@output_options()
def simulate(game: str, shoes: int, seed: int | None, workers: int | None,
             scheduler: str | None, bets: tuple[str, ...], play: str,
             min_edge: Fraction | None, tags: str | None, threshold: Fraction | None,
             decks: int | None, shoe: Shoe | None, remove: tuple[str, ...],
             cut_card: int | None | str, burn: int | str | None,
             after_cut: str | None, trace: Path | None, strategy: str | None,
             settings: dict[str, str], fmt: str, output: Path | None) -> None:
    """Deal shoes of GAME and play its bets perfectly (exact edge before every round), by
    a count, or flat; every figure is an estimate with its standard error.

    What the run would cost (rounds, memory, a trace's size) is estimated first: beyond
    the limits, one line says which option makes it large, and nothing runs.

    \b
    Examples:
      exact-odds simulate electronic-baccarat --bet player-pair --bet banker-pair \\
          --shoes 10000 --cut-card 14 --burn standard
      exact-odds simulate rock-bac --bet super-six --shoes 1000 --play count \\
          --tags eor --threshold 4 --format json
      exact-odds simulate 21st-century --bet late-tie --shoes 100 --play flat --trace rounds.parquet
    """
    from exact_odds.files import same_target
    from exact_odds.simulation.runner import simulate as run_simulation

    if trace is not None and output is not None and same_target(trace, output):
        raise click.UsageError("--trace and --output name the same file: the output would "
                               "replace the trace")

    with Working("exact-odds simulate", unit="rounds") as working:
        summary = run_simulation(
            game, shoes, bets=bets or None, play=play, min_edge=min_edge or 0, tags=tags,
            threshold=threshold, decks=decks, shoe=shoe, remove=remove, cut_card=cut_card,
            burn=burn, after_cut=after_cut, seed=seed, workers=workers, scheduler=scheduler,
            trace=trace, strategy=strategy, settings=settings, progress=working)
    emit(summary, fmt, output)
