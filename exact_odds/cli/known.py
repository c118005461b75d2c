"""The ``known`` command: what knowing cards by their place is worth to a bettor (a card
seen, sorted cards, the best sort)."""

from __future__ import annotations

from pathlib import Path

import click

from exact_odds.cli.options import (
    bet_option,
    known_option,
    settings_option,
    shoe_options,
    strategy_option,
)
from exact_odds.cli.output import Working, emit, output_options
from exact_odds.shoe import Shoe


@click.command()
@click.argument("game")
@shoe_options
@bet_option
@strategy_option()
@settings_option
@known_option
@click.option("--card", metavar="POSITIONS",
              help="The position of the card the bettor sees (1 the first card out: in punto "
                   "banco the Player's first, 2 the Banker's first, ...): each rank's value; "
                   "several (1-2), turned together.")
@click.option("--sort", metavar="RANKS",
              help="Edge sorting: the ranks that are High (A, 2-10, J, Q, K, comma-separated; "
                   "the rest Low), the bettor seeing each card of --cards as High or Low.")
@click.option("--best-sort", is_flag=True,
              help="Every division of the ranks into High and Low (of the point values where "
                   "every bet reads only them), ranked by the bettor's edge.")
@click.option("--cards", metavar="POSITIONS", default="1-4", show_default=True,
              help="With --sort or --best-sort: the positions sorted: 1-4, 1,3 or 5.")
@click.option("--top", type=click.IntRange(1, 1024), default=10, show_default=True,
              help="With --best-sort: how many divisions to list.")
@output_options()
def known(game: str, decks: int | None, shoe: Shoe | None, remove: tuple[str, ...],
          bets: tuple[str, ...], strategy: str | None, settings: dict[str, str],
          known: tuple[tuple[int, frozenset[str]], ...], card: str | None, sort: str | None,
          best_sort: bool, cards: str, top: int, fmt: str, output: Path | None) -> None:
    """What a bettor who sees cards by their place gains: for each thing he may see, every
    bet's exact expected value and the best bet; his edge per round dealt, betting the best
    bet only where it is positive, and always betting it. Give one of --card, --sort or
    --best-sort.

    \b
    Examples:
      exact-odds known commission-free --card 1 --bet player --bet banker --bet tie
      exact-odds known ez-baccarat --card 5
      exact-odds known electronic-baccarat --sort 6,7,8,9 --cards 1-4 --bet player --bet banker --bet tie
      exact-odds known electronic-baccarat --best-sort --cards 1-4 --bet player --bet banker --bet tie
    """
    from exact_odds.analysis.known import best_sorts, known_card, sorted_cards
    from exact_odds.analysis.report import game_report
    from exact_odds.render import Result

    asked = [name for name, given in (("--card", card is not None), ("--sort", sort is not None),
                                      ("--best-sort", best_sort)) if given]
    if len(asked) != 1:
        raise click.UsageError("give one of --card, --sort or --best-sort"
                               + (f", not {' and '.join(asked)}" if asked else ""))
    given = click.get_current_context().get_parameter_source
    for name, goes_with in (("cards", ("--sort", "--best-sort")), ("top", ("--best-sort",))):
        if given(name) is not click.core.ParameterSource.DEFAULT and asked[0] not in goes_with:
            raise click.UsageError(f"--{name} goes with {' or '.join(goes_with)}, not "
                                   f"{asked[0]}")
    with Working("exact-odds known"):
        report = game_report(game, decks=decks, shoe=shoe, remove=remove, bets=bets or None,
                             strategy=strategy, settings=settings, known=known)
        result: Result
        if card is not None:
            result = known_card(report, card)
        elif sort is not None:
            result = sorted_cards(report, sort, cards)
        else:
            result = best_sorts(report, cards, top)
    emit(result, fmt, output)
