"""CSV: one row per line of the result, every exact figure as ``p/q`` text beside a decimal,
flags as ``true``/``false`` (as in JSON), and the inputs in columns of every row (game,
shoe, rules, strategy, settings, exact-odds version), so a row read alone says what it is.
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Sequence
from fractions import Fraction
from typing import Any

from exact_odds.errors import escape_controls
from exact_odds.numbers import decimal_text, fraction_text, int_text
from exact_odds.render.data import Cell, Column, Document, Json, report_inputs

#: The input columns at the start of every row.
INPUT_COLUMNS = ("game", "shoe", "rules", "strategy", "settings", "exact_odds_version")


def csv_value(value: Cell | str, kind: str = "text") -> str:
    """A cell as CSV text: exact, machine-readable."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return int_text(value)
    if isinstance(value, Fraction):
        return fraction_text(value)
    if isinstance(value, float):
        return repr(value)
    return escape_controls(str(value))


def input_cells(inputs: Json) -> list[str]:
    shoe = json.dumps(inputs["shoe"], separators=(",", ":"))
    settings = json.dumps(inputs.get("settings") or {}, separators=(",", ":"))
    return [csv_value(inputs.get("game_file") or inputs.get("game", "")), shoe,
            csv_value(inputs.get("rules", "")), csv_value(inputs.get("strategy") or ""),
            settings, inputs["exact_odds_version"]]


def _write(header: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(header)
    writer.writerows(rows)
    return buffer.getvalue()


def report_csv(report: Any) -> str:
    """One row per event of every bet, with its bet's figures and the report's inputs."""
    inputs = input_cells(report_inputs(report))
    header = [*INPUT_COLUMNS, "decks", "cards", "bet", "bet_name", "event", "pays", "net",
              "combinations", "probability", "probability_decimal", "return",
              "bet_expected_value", "bet_house_edge", "bet_favours_bettor"]
    rows = []
    for bet in report.bets:
        for e in bet.events:
            rows.append([*inputs, csv_value(report.shoe.decks), int_text(report.shoe.size),
                         csv_value(bet.id), csv_value(bet.name), csv_value(e.event),
                         csv_value(e.pays), fraction_text(e.net), int_text(e.combinations),
                         fraction_text(e.probability), decimal_text(e.probability, 12),
                         fraction_text(e.expected_return), fraction_text(bet.expected_value),
                         fraction_text(bet.house_edge), csv_value(bet.favours_bettor)])
    return _write(header, rows)


def _name(column: Column) -> str:
    return column.name.lower().replace(" ", "_")


def document_csv(document: Document, inputs: Json | None = None) -> str:
    """Any document's tables as one CSV: a ``table`` column names the table each row is
    from; the inputs (when given) fill the first columns."""
    names: list[str] = []
    for table in document.tables:
        for column in table.columns:
            if _name(column) not in names:
                names.append(_name(column))
    lead = input_cells(inputs) if inputs is not None else []
    header = [*(INPUT_COLUMNS if inputs is not None else ()), "table", *names]
    rows = []
    for table in document.tables:
        for row in table.rows:
            values = {_name(c): csv_value(v, c.kind) for v, c in zip(row, table.columns)}
            rows.append([*lead, csv_value(table.title), *(values.get(n, "") for n in names)])
    return _write(header, rows)


def comparison_csv(comparison: Any) -> str:
    """One row per bet; the inputs of both sides (``a_...``, ``b_...``) in the first columns."""
    from exact_odds.render.data import comparison_document

    document = comparison_document(comparison)
    sides = [input_cells(report_inputs(r)) for r in (comparison.first, comparison.second)]
    lead = [*sides[0][:-1], *sides[1][:-1], sides[0][-1]]
    header = [*(f"a_{c}" for c in INPUT_COLUMNS[:-1]), *(f"b_{c}" for c in INPUT_COLUMNS[:-1]),
              INPUT_COLUMNS[-1]]
    table = document.tables[0]
    header += [_name(c) for c in table.columns]
    rows = [[*lead, *(csv_value(v, c.kind) for v, c in zip(row, table.columns))]
            for row in table.rows]
    return _write(header, rows)
