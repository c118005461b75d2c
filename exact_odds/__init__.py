"""exact-odds: exact odds of baccarat games and their side bets, from the finite shoe.

The public API, imported on first use (``import exact_odds`` itself loads nothing heavy;
polars, numpy and sympy load only when a function that needs them runs):

>>> import exact_odds
>>> exact_odds.game_report("commission-free").bet("banker").house_edge
Fraction(284694798368, 19524993263685)
"""

from __future__ import annotations

from collections.abc import Sequence
from importlib import import_module
from typing import TYPE_CHECKING, Any

from exact_odds.version import __version__

#: Public name -> the module that defines it.
_WHERE = {
    # the shoe, the games, their rules
    "ExactOddsError": "exact_odds.errors",
    "Shoe": "exact_odds.shoe",
    "load_shoe": "exact_odds.shoe",
    "Game": "exact_odds.games.model",
    "load_game": "exact_odds.games.loader",
    "builtin_games": "exact_odds.games.loader",
    "tables_dir": "exact_odds.games.loader",
    "read_yaml": "exact_odds.files",
    "parse_pay": "exact_odds.games.pays",
    "load_rules": "exact_odds.rules.loader",
    "rules_named": "exact_odds.rules",
    # the enumeration
    "COLUMNS": "exact_odds.vocabulary",
    # one job: a game's inputs checked once, taken by report, batch, simulate, countability
    "Job": "exact_odds.analysis.job",
    "game_job": "exact_odds.analysis.job",
    # one shoe, exactly
    "game_report": "exact_odds.analysis.report",
    "GameReport": "exact_odds.analysis.report",
    "BetResult": "exact_odds.analysis.bet_result",
    "effect_of_removal": "exact_odds.analysis.removal",
    "known_card": "exact_odds.analysis.known",
    "sorted_cards": "exact_odds.analysis.known",
    "best_sorts": "exact_odds.analysis.known",
    "approval_workbook": "exact_odds.analysis.approval",
    "compare_games": "exact_odds.analysis.compare",
    "compare_reports": "exact_odds.analysis.compare",
    "game_mistakes": "exact_odds.analysis.checks",
    "strategy_report": "exact_odds.analysis.strategy_report",
    "option_hands": "exact_odds.analysis.strategy",
    "symbolic_bet": "exact_odds.analysis.symbolic",
    "solve_pay": "exact_odds.analysis.symbolic",
    "find_event": "exact_odds.analysis.symbolic",
    # many shoes, simulated shoes, counts, the player-dealer's table
    "BatchEvaluator": "exact_odds.batch.evaluator",
    "batch_frame": "exact_odds.batch.shoes",
    "simulate": "exact_odds.simulation.runner",
    "countability_report": "exact_odds.countability.study",
    "table_report": "exact_odds.table.results",
    "load_table": "exact_odds.table.loader",
    "parse_table": "exact_odds.table.loader",
    # the explorer (Jupyter)
    "explore": "exact_odds.explorer.widget",
    # output
    "fraction_text": "exact_odds.numbers",
}

#: The public names (each in ``_WHERE``): classes first, then functions, alphabetically.
__all__ = ["__version__", "BatchEvaluator", "BetResult", "COLUMNS", "ExactOddsError", "Game",
    "GameReport", "Job", "Shoe", "approval_workbook", "batch_frame", "best_sorts",
    "builtin_games", "compare_games", "compare_reports", "countability_report",
    "effect_of_removal", "explore", "find_event", "fraction_text", "game_job",
    "game_mistakes", "game_report", "known_card", "load_game", "load_rules", "load_shoe",
    "load_table", "option_hands", "outcome_counts", "outcome_table", "parse_pay",
    "parse_table", "read_yaml", "rules_named", "simulate", "solve_pay", "sorted_cards",
    "strategy_report", "symbolic_bet", "table_report", "tables_dir"]


def _declare_forms() -> None:
    """A game's report saved or rendered as xlsx is the approval workbook, as html the
    explorer's page (``exact_odds.forms``: named here, where every part is known, and
    imported only when such a file is made)."""
    from exact_odds.forms import declare

    report = "exact_odds.analysis.report:GameReport"
    declare(report, "xlsx", "exact_odds.analysis.approval:approval_workbook")
    declare(report, "html", "exact_odds.explorer.page:report_page")


_declare_forms()


def outcome_counts(shoe: Shoe, columns: Sequence[str] | str, *args: Any, **kwargs: Any) -> Any:
    """Exact counts of every combination of the columns' values
    (``exact_odds.engine.enumerator.outcome_counts``), its arguments checked first: a shoe,
    and column names (one name alone is a list of one)."""
    from exact_odds.engine.enumerator import outcome_counts as counts

    return counts(*_outcome_arguments(shoe, columns), *args, **kwargs)


def outcome_table(shoe: Shoe, columns: Sequence[str] | str, *args: Any, **kwargs: Any) -> Any:
    """The outcome counts as a polars DataFrame
    (``exact_odds.engine.enumerator.outcome_table``), its arguments checked first."""
    from exact_odds.engine.enumerator import outcome_table as table

    return table(*_outcome_arguments(shoe, columns), *args, **kwargs)


def _outcome_arguments(shoe: object, columns: object) -> tuple[Any, tuple[str, ...]]:
    from exact_odds.errors import check_texts, check_type
    from exact_odds.shoe import Shoe

    check_type(shoe, Shoe, "shoe", "a Shoe (Shoe.from_decks, load_shoe)")
    return shoe, check_texts(columns, "columns", "a list of column names (exact-odds columns)",
                             "column names as text")


def __getattr__(name: str) -> Any:
    if name in _WHERE:
        value = getattr(import_module(_WHERE[name]), name)
        globals()[name] = value
        return value
    raise AttributeError(f"module 'exact_odds' has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})


if TYPE_CHECKING:
    from exact_odds.analysis.bet_result import BetResult
    from exact_odds.analysis.checks import game_mistakes
    from exact_odds.analysis.compare import compare_games, compare_reports
    from exact_odds.analysis.job import Job, game_job
    from exact_odds.analysis.known import best_sorts, known_card, sorted_cards
    from exact_odds.analysis.removal import effect_of_removal
    from exact_odds.analysis.report import GameReport, game_report
    from exact_odds.analysis.strategy import option_hands
    from exact_odds.analysis.strategy_report import strategy_report
    from exact_odds.analysis.symbolic import find_event, solve_pay, symbolic_bet
    from exact_odds.batch.evaluator import BatchEvaluator
    from exact_odds.batch.shoes import batch_frame
    from exact_odds.countability.study import countability_report
    from exact_odds.errors import ExactOddsError
    from exact_odds.explorer.widget import explore
    from exact_odds.files import read_yaml
    from exact_odds.games.loader import builtin_games, load_game, tables_dir
    from exact_odds.games.model import Game
    from exact_odds.games.pays import parse_pay
    from exact_odds.numbers import fraction_text
    from exact_odds.rules import rules_named
    from exact_odds.rules.loader import load_rules
    from exact_odds.shoe import Shoe, load_shoe
    from exact_odds.simulation.runner import simulate
    from exact_odds.table.loader import load_table, parse_table
    from exact_odds.table.results import table_report
    from exact_odds.vocabulary import COLUMNS
