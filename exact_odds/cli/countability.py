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
from exact_odds.cli.output import Working, emit, output_options
from exact_odds.limits import MAX_GIVEN, MAX_LEVEL, MAX_ROUNDS_PER_HOUR, MAX_TAG
from exact_odds.shoe import Shoe


@click.command()
@click.argument("game")
@bet_option
@click.option("--levels", default="1,2,3", show_default=True,
              type=Parsed("exact_odds.countability.inputs:parse_levels", "N,N,..."),
              help=f"The levels of count to derive, 1 to {MAX_LEVEL} (a count's level is its "
                   "largest tag): each level's best balanced count, and its best unbalanced "
                   "one where that correlates better.")
@run_options
@shoe_options
@depths_dealing_options
@click.option("--max-bet", type=Parsed("exact_odds.countability.inputs:parse_max_bet", "AMOUNT"),
              help="Money a unit: the table's maximum bet.")
@click.option("--rounds-per-hour",
              type=Parsed("exact_odds.countability.inputs:parse_rounds_per_hour", "integer"),
              help=f"With --max-bet: rounds dealt an hour, 1 to {MAX_ROUNDS_PER_HOUR:,}.")
@click.option("--tags", "tags", multiple=True,
              type=Parsed("exact_odds.countability.inputs:parse_count_option", "RANK=TAG,..."),
              help="A count to judge beside the derived ones: RANK=TAG pairs (A 2-9 T J Q K, 0 "
                   f"for all tens; tags -{MAX_TAG} to {MAX_TAG}), e.g. "
                   f"'4=-1,5=-1,6=-1,7=-1,8=2,9=2'. Repeatable, up to {MAX_GIVEN}.")
@click.option("--label", "labels", multiple=True,
              help="A name for each --tags count, in order (default: its tags).")
@click.option("--co-count", is_flag=True,
              help="With two or more --bet: also one count for every bet at once, each bet "
                   "with its own trigger.")
@strategy_option()
@settings_option
@output_options()
def countability(game: str, bets: tuple[str, ...], levels: tuple[int, ...], shoes: int,
                 seed: int | None, workers: int | None, scheduler: str | None,
                 decks: int | None, shoe: Shoe | None, remove: tuple[str, ...],
                 cut_card: tuple[str | int, ...] | None, burn: str | None,
                 after_cut: str | None, max_bet: Fraction | None,
                 rounds_per_hour: int | None, tags: tuple[str, ...], labels: tuple[str, ...],
                 co_count: bool, strategy: str | None, settings: dict[str, str], fmt: str,
                 output: Path | None) -> None:
    """How much a card counter wins against each bet of GAME, and what stops it: the best
    integer counts at each level (balanced, and unbalanced against the shoe's expected
    share) from the exact effects of removal, and any count given with --tags, each with
    its best trigger found on simulated shoes and measured on fresh ones, beside
    computer-perfect play, at each cut-card depth (--cut-card 14,26,52,104), in money with
    --max-bet, one count for several bets with --co-count, and a verdict per bet.

    \b
    Examples:
      exact-odds countability ez-baccarat --bet dragon-7 --shoes 20000 --seed 1
      exact-odds countability ez-baccarat --shoes 5000 --cut-card 14,26,52,104 \\
          --max-bet 5000 --rounds-per-hour 80 --format json
      exact-odds countability ez-baccarat --bet dragon-7 --bet panda-8 --co-count \\
          --tags '4=-1,5=-1,6=-1,7=-1,8=2,9=2' --label Jacobson --shoes 5000
    """
    from exact_odds.countability.inputs import CUT_CARDS, given_counts
    from exact_odds.countability.study import countability_report
    from exact_odds.errors import ExactOddsError

    if co_count and len(set(bets)) < 2:
        raise click.UsageError("--co-count counts two or more bets at once: give --bet two "
                               "or more times")
    try:
        given_counts(list(tags), list(labels))
    except ExactOddsError as error:
        raise click.UsageError(str(error)) from None

    with Working("exact-odds countability", unit="rounds") as working:
        report = countability_report(
            game, bets=bets or None, levels=levels, shoes=shoes,
            cut_cards=cut_card or CUT_CARDS, burn=burn, after_cut=after_cut, decks=decks,
            shoe=shoe, remove=remove, seed=seed, workers=workers, scheduler=scheduler,
            strategy=strategy, settings=settings, max_bet=max_bet,
            rounds_per_hour=rounds_per_hour, tags=list(tags), labels=list(labels),
            co_count=co_count, progress=working)
    emit(report, fmt, output)
