"""The player-dealer's table in money."""

from __future__ import annotations

from pathlib import Path

import click

from exact_odds.cli.output import Working, emit, output_options, warn


@click.command()
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

    with Working("exact-odds table"):
        loaded = load_table(table_file)
        result = table_report(loaded)
    for message in loaded.warnings:
        warn(message)
    emit(result, fmt, output)
