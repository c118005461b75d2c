"""Excel workbooks (``--format xlsx``), for the people who approve and review games in
spreadsheets: a summary sheet (the inputs, then one row per bet) and a sheet per table
(for a report, one per bet: events, pays, combinations, exact probability as text and as a
number, return).

Exact figures are written twice: as ``p/q`` text (exact) and as a number (a float, for
formulas and charts). Counts are written as text: a spreadsheet number holds 15 digits and
an 8-deck count has 19. Written with polars' ``write_excel`` (xlsxwriter), imported only here.
"""

from __future__ import annotations

import io
import re
from fractions import Fraction
from typing import Any

from exact_odds.errors import escape_controls
from exact_odds.numbers import to_float
from exact_odds.render.document import Cell, Document, Field, Table, Text
from exact_odds.render.inputs import csv_text


def _sheet_name(name: str, taken: set[str]) -> str:
    base = re.sub(r"[\[\]:*?/\\']", "-", escape_controls(name)).strip() or "Sheet"
    base = base[:31]
    candidate, n = base, 2
    while candidate.lower() in taken:
        suffix = f" ({n})"
        candidate, n = base[:31 - len(suffix)] + suffix, n + 1
    taken.add(candidate.lower())
    return candidate


def _columns(table: Table) -> dict[str, list[Any]]:
    data: dict[str, list[Any]] = {}
    names = [c.name for c in table.columns]
    for index, column in enumerate(table.columns):
        values = [row[index] for row in table.rows]
        name = column.name if names.count(column.name) == 1 else column.data_name
        if column.kind in ("exact", "signed", "percent", "money"):
            data[f"{name} (exact)"] = [_text(v) for v in values]
            data[name] = [None if v is None else to_float(Fraction(v))  # type: ignore[arg-type, unused-ignore]
                                 for v in values]
        elif column.kind == "count":
            data[name] = [_text(v) for v in values]
        elif column.kind == "flag":
            data[name] = [None if v is None else bool(v) for v in values]
        elif column.kind == "decimal":
            data[name] = [None if v is None else to_float(v)  # type: ignore[arg-type]
                          for v in values]
        else:
            data[name] = [_text(v) for v in values]
    return data


def _text(value: Cell) -> str | None:
    """A cell as exact text, as CSV writes it (an empty cell stays empty)."""
    return None if value is None else csv_text(value)


def _frame(data: dict[str, list[Any]]) -> Any:
    import polars as pl

    schema: dict[str, Any] = {}
    for name, values in data.items():
        present = [v for v in values if v is not None]
        if present and all(isinstance(v, bool) for v in present):
            schema[name] = pl.Boolean
        elif present and all(isinstance(v, float) for v in present):
            schema[name] = pl.Float64
        else:
            schema[name] = pl.String
    return pl.DataFrame(data, schema=schema)


def document_xlsx(document: Document) -> bytes:
    """The document as an .xlsx workbook: a summary sheet with the inputs (and the first
    table when it is the summary), then a sheet per table."""
    import xlsxwriter

    buffer = io.BytesIO()
    # text from a game file stays text: never a formula ("=1+1") nor a link
    workbook = xlsxwriter.Workbook(buffer, {"in_memory": True, "strings_to_formulas": False,
                                           "strings_to_urls": False, "strings_to_numbers": False})
    taken: set[str] = set()
    blocks = document.blocks("xlsx")
    tables = [block for block in blocks if isinstance(block, Table)]
    first = tables.pop(0) if tables and tables[0].sheet == "Summary" else None
    summary = workbook.add_worksheet(_sheet_name("Summary", taken))
    bold = workbook.add_format({"bold": True})
    summary.write_string(0, 0, escape_controls(document.title), bold)
    row = 1
    for line in document.inputs:
        if isinstance(line, Field):
            summary.write_string(row, 0, escape_controls(line.label))
            summary.write_string(row, 1, escape_controls(line.text))
        else:
            summary.write_string(row, 0, escape_controls(line))
        row += 1
    prose = [line for block in blocks if isinstance(block, Text) for line in block.lines]
    for note in (*prose, *document.notes):
        summary.write_string(row, 0, escape_controls(note))
        row += 1
    summary.set_column(0, 0, 24)
    summary.set_column(1, 1, 60)
    if first is not None:
        _frame(_columns(first)).write_excel(workbook=workbook, worksheet=summary.name,
                                            position=(row + 1, 0), autofit=True)
    for table in tables:
        sheet = _sheet_name(table.sheet or table.title, taken)
        frame = _frame(_columns(table))
        frame.write_excel(workbook=workbook, worksheet=sheet, position=(2, 0), autofit=True)
        ws = workbook.get_worksheet_by_name(sheet)
        ws.write_string(0, 0, escape_controls(table.title), bold)
        for i, note in enumerate(table.notes):
            ws.write_string(len(table.rows) + 4 + i, 0, escape_controls(note))
    workbook.close()
    return buffer.getvalue()


__all__ = ["document_xlsx"]
