"""Many shoes at once: every bet's exact expected value for each shoe of a file."""

from __future__ import annotations

from pathlib import Path

import click

from exact_odds.cli.options import (
    bet_option,
    settings_option,
    shoe_options,
    strategy_option,
    workers_options,
)
from exact_odds.cli.output import Working, output_options
from exact_odds.render import FORMATS
from exact_odds.shoe import Shoe


@click.command()
@click.argument("game")
@click.argument("shoes_file", metavar="SHOES",
                type=click.Path(exists=True, dir_okay=False, path_type=Path))
@shoe_options
@bet_option
@strategy_option()
@settings_option
@workers_options
@output_options((*FORMATS, "parquet"), default="csv")
def batch(game: str, shoes_file: Path, decks: int | None, shoe: Shoe | None,
          remove: tuple[str, ...], bets: tuple[str, ...], strategy: str | None,
          settings: dict[str, str], workers: int | None, scheduler: str | None, fmt: str,
          output: Path | None) -> None:
    """Every bet's exact expected value for each shoe of SHOES, a CSV, JSON Lines or
    Parquet file with one shoe per row: a column 'removed' (cards dealt from the game's
    full shoe, or from --decks, --shoe and --remove: '9D KS 10H') or 52 columns AS ... KD
    holding counts.

    Every row is checked before anything is written; then the file is read in ranges on
    every core (--workers) or a Dask cluster (--scheduler), and csv, json and parquet are
    written as they come, whatever the file's length (the same bytes whatever the
    workers; the output appears whole when the run has succeeded).

    \b
    Examples:
      exact-odds batch rock-bac tables/shoes/rock-bac-shoes.csv --output values.csv
      exact-odds batch rock-bac tables/shoes/rock-bac-shoes.csv --bet super-six \\
          --format parquet -o values.parquet
      exact-odds batch 21st-century tables/shoes/rock-bac-shoes.csv --strategy optimal \\
          --bet late-tie --format json
    """
    from exact_odds.batch.run import write_batch

    with Working("exact-odds batch") as working:
        write_batch(game, shoes_file, output, fmt, decks=decks, shoe=shoe, remove=remove,
                    bets=bets or None, strategy=strategy, settings=settings, workers=workers,
                    scheduler=scheduler, progress=working)
