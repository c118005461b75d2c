"""How much a card counter wins against a bet, and what stops it."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import click

from exact_odds.cli.options import (
    Parsed,
    bet_option,
    depths_dealing_options,
    run_options,
    settings_option,
    shoe_options,
    strategy_option,
)
from exact_odds.cli.output import emit, output_options
from exact_odds.limits import MAX_LEVEL, MAX_ROUNDS_PER_HOUR
from exact_odds.shoe import Shoe


@click.command()
@click.argument("game")
@bet_option
@click.option("--levels", default="1,2,3", show_default=True,
              type=Parsed("exact_odds.countability.report:parse_levels", "N,N,..."),
              help=f"The levels of count to derive, 1 to {MAX_LEVEL} (a count's level is its "
                   "largest tag).")
@run_options
@shoe_options
@depths_dealing_options
@click.option("--max-bet", type=Parsed("exact_odds.countability.report:parse_max_bet", "AMOUNT"),
              help="Money a unit: the table's maximum bet.")
@click.option("--rounds-per-hour",
              type=Parsed("exact_odds.countability.report:parse_rounds_per_hour", "integer"),
              help=f"With --max-bet: rounds dealt an hour, 1 to {MAX_ROUNDS_PER_HOUR:,}.")
@strategy_option()
@settings_option
@output_options()
def countability(game: str, bets: tuple[str, ...], levels: tuple[int, ...], shoes: int, seed: int | None,
                 workers: int | None, scheduler: str | None, decks: int | None,
                 shoe: Shoe | None, remove: tuple[str, ...], cut_card: tuple[str | int, ...] | None,
                 burn: str | None, after_cut: str | None, max_bet: Fraction | None,
                 rounds_per_hour: int | None, strategy: str | None,
                 settings: dict[str, str], fmt: str, output: Path | None) -> None:
    """How much a card counter wins against each bet of GAME, and what stops it: integer
    counts derived from the exact effects of removal at each level, each count's best
    trigger found on simulated shoes and measured on fresh ones, beside computer-perfect
    play, at each cut-card depth (--cut-card 14,26,52,104), in money with --max-bet, and a
    verdict per bet.

    \b
    Examples:
      exact-odds countability ez-baccarat --bet dragon-7 --shoes 20000 --seed 1
      exact-odds countability ez-baccarat --shoes 5000 --cut-card 14,26,52,104 \\
          --max-bet 5000 --rounds-per-hour 80 --format json
    """
    import os

    from exact_odds.countability.report import CUT_CARDS, countability_report

    if workers is None and scheduler is None:
        workers = os.cpu_count() or 1
    emit(countability_report(game, bets=bets or None, levels=levels, shoes=shoes,
                             cut_cards=cut_card or CUT_CARDS, burn=burn, after_cut=after_cut,
                             decks=decks, shoe=shoe, remove=remove, seed=seed,
                             workers=workers, scheduler=scheduler, strategy=strategy,
                             settings=settings, max_bet=max_bet,
                             rounds_per_hour=rounds_per_hour, progress=True), fmt, output)


COMMANDS = (countability,)
