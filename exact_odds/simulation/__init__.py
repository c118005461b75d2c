"""Simulated shoes: dealing procedures, computer-perfect play and card counts, run on every
local core or on a Dask cluster.

``simulate`` deals shoes by a game's dealing procedure and, before every round, reads each
chosen bet's exact expected value for the cards not yet seen
(``exact_odds.batch.evaluator.BatchEvaluator``); it bets one unit when the edge favours the
bettor (perfect play), when a count says so, or on every round (flat play). Its statistics
are estimates, each with a standard error.

Modules: ``dealing`` (shuffle, burn, rounds, by the procedure of ``games.dealing``),
``rounds`` (the one dealing loop: every round of many shoes in lockstep, valued and dealt,
handed to its consumer; the ranges run on a local process pool or Dask, the rounds dealt
told to a progress callback), ``counting`` (tags, running and true counts), ``play``
(perfect play, counts and flat play, consumers of the loop; each dealt round settled by
``games.settlement``), ``runner`` (a simulation's inputs checked, its cost estimated, its
ranges played), ``summary`` (per-bet statistics, and what a person reads of them),
``trace`` (every round to Parquet).

Importing this package is light: numpy, polars and Dask are imported by the modules that
use them.
"""

from __future__ import annotations

from typing import Any

from exact_odds.games.dealing import (
    DealingError,
    DealingProcedure,
    parse_dealing,
)

__all__ = ["DealingError", "DealingProcedure", "parse_dealing", "simulate"]


def __getattr__(name: str) -> Any:
    if name == "simulate":
        from exact_odds.simulation.runner import simulate

        return simulate
    raise AttributeError(name)
