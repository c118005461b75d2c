"""CSV: one row per row of the document's tables, every exact figure as ``p/q`` text, flags
as ``true``/``false`` (as in JSON), and the inputs in the first columns of every row (see
``exact_odds.render.inputs``), so a row read alone says what produced it. A document with
several tables for CSV names each row's table in a column ``table``.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any

from exact_odds.numbers import decimal_text
from exact_odds.render.document import Cell, Column, Document, Table
from exact_odds.render.inputs import csv_text, input_columns


def csv_value(value: Cell, column: Column | None = None) -> str:
    """A cell as CSV text: exact, machine-readable (a ``decimal`` column of exact figures
    as a decimal of its places)."""
    if (column is not None and column.kind == "decimal" and isinstance(value, Fraction)):
        return decimal_text(value, column.places)
    return csv_text(value)


def write_rows(header: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(header)
    writer.writerows(rows)
    return buffer.getvalue()


def document_csv(document: Document, inputs: Mapping[str, Any]) -> str:
    """The document's tables for CSV as one table, the inputs in the first columns."""
    tables = [t for t in document.blocks("csv") if isinstance(t, Table)]
    names: list[str] = []
    for table in tables:
        for column in table.columns:
            if column.data_name not in names:
                names.append(column.data_name)
    lead = input_columns(inputs)
    several = len(tables) > 1
    header = [name for name, _ in lead] + (["table"] if several else []) + names
    values = [text for _, text in lead]
    rows = []
    for table in tables:
        title = [csv_text(table.title)] if several else []
        for row in table.rows:
            cells = {c.data_name: csv_value(v, c) for v, c in zip(row, table.columns)}
            rows.append([*values, *title, *(cells.get(n, "") for n in names)])
    return write_rows(header, rows)
