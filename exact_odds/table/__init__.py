"""The player-dealer's table: collection fees, the bank's coverage, the settlement order and
the action button, in money, exactly.
One call from Python, the same as ``exact-odds table TABLE.yaml``::

    from exact_odds import table_report
    report = table_report("tables/tables/commission-free.yaml")
    report.player_dealer.expected, report.seats[0].house_edge

Modules: ``model`` (the table), ``loader`` (the table file), ``fees``, ``bank`` (the
readings of the bank's coverage and the orders of settlement), ``results`` (the exact
figures, from one enumeration, each bet settled by ``games.settlement``), ``report`` (the
result: seats, player-dealer, cardroom).
"""

from __future__ import annotations

from exact_odds.table.loader import TableFileError, load_table, parse_table
from exact_odds.table.model import ON_FIVE, ORDERS, READINGS, Owner, PlayerDealerTable, Wager
from exact_odds.table.report import DealerResult, OwnerResult, TableReport
from exact_odds.table.results import table_report, wager_outcomes

__all__ = ["ON_FIVE", "ORDERS", "READINGS", "DealerResult", "Owner", "OwnerResult",
           "PlayerDealerTable", "TableFileError", "TableReport", "Wager", "load_table", "parse_table",
           "table_report", "wager_outcomes"]
