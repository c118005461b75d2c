"""Excel workbooks (``--format xlsx``), for the people who approve and review games in
spreadsheets. A result that builds a workbook of its own (``to_workbook``: a report's live
math worksheet, whose figures are formulas of its pays) is written cell by cell
(``workbook_xlsx``); any other result's document is drawn as a summary sheet (the inputs,
then the first table when it is the summary) and a sheet per table (``document_xlsx``).

Exact figures are written twice: as ``p/q`` text (exact) and as a number (a float, for
formulas and charts). Counts are written as text: a spreadsheet number holds 15 digits and
an 8-deck count has 19. Written with xlsxwriter (a document's tables through polars'
``write_excel``), imported only here. Text is always text: a game file's ``=1+1`` or
``http://...`` is written as a string, never a formula nor a link.
"""

from __future__ import annotations

import io
import re
from fractions import Fraction
from functools import lru_cache
from typing import Any

from exact_odds.errors import escape_controls
from exact_odds.numbers import to_float
from exact_odds.render.document import Cell, Document, Field, Table, Text
from exact_odds.render.inputs import csv_text
from exact_odds.render.workbook import Entry, Formula, Label, Number, Sheet, Workbook, ref

#: Number formats by style (``exact_odds.render.workbook.Style``).
_NUMBER_FORMATS = {"percent": "0.0000%", "decimal": "0.0000000000",
                   "probability": "0.000000000000", "odds": "#,##0.0", "count": "#,##0",
                   "general": "General"}
#: A workbook's options: text from a game file stays text, never a formula nor a link.
_OPTIONS = {"in_memory": True, "strings_to_formulas": False, "strings_to_urls": False,
            "strings_to_numbers": False}


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
    workbook = xlsxwriter.Workbook(buffer, _OPTIONS)
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
    _print_setup(summary, {0: 24, 1: 60}, None)
    if first is not None:
        _frame(_columns(first)).write_excel(workbook=workbook, worksheet=summary.name,
                                            position=(row + 1, 0), autofit=True)
    for table in tables:
        sheet = _sheet_name(table.sheet or table.title, taken)
        columns = _columns(table)
        frame = _frame(columns)
        frame.write_excel(workbook=workbook, worksheet=sheet, position=(2, 0), autofit=True)
        ws = workbook.get_worksheet_by_name(sheet)
        ws.write_string(0, 0, escape_controls(table.title), bold)
        # widths as polars' autofit sets them (about the longest text of each column)
        _print_setup(ws, {i: min(60, 2 + max(len(str(v)) for v in (name, *values)))
                          for i, (name, values) in enumerate(columns.items())}, (0, 2))
        for i, note in enumerate(table.notes):
            ws.write_string(len(table.rows) + 4 + i, 0, escape_controls(note))
    workbook.close()
    return buffer.getvalue()


@lru_cache(maxsize=1)
def _exact_worksheet() -> type:
    """xlsxwriter's worksheet, writing each number with every digit of its float, and
    each formula as it is (``Workbook`` formulas use no function newer than Excel 2007, so
    xlsxwriter's thirty rewrites of newer names are skipped).

    xlsxwriter writes 16 significant digits; a float may need 17 to be read back the same
    (0.44624660934359683): a probability written from its exact fraction keeps the float
    nearest it, and every formula of it computes from that float."""
    from xlsxwriter.worksheet import Worksheet

    class ExactWorksheet(Worksheet):  # type: ignore[misc]
        def _xml_number_element(self, number: float, attributes: Any = ()) -> None:
            attr = "".join(f' {key}="{self._escape_attributes(value)}"'
                           for key, value in attributes)
            self.fh.write(f"<c{attr}><v>{float(number)!r}</v></c>")

        def _prepare_formula(self, formula: str, expand_future_functions: bool = False) -> str:
            # a workbook's formulas use Excel 2007's functions only: none to expand
            return formula.removeprefix("=")

    return ExactWorksheet


#: The widths (in characters) a portrait page holds at full size; a wider sheet prints in
#: landscape. Every sheet is printed one page wide, as many pages tall as it needs.
PORTRAIT_WIDTH = 100


def _print_setup(ws: Any, widths: dict[int, float], repeat: tuple[int, int] | None) -> None:
    """How a sheet prints (issue 43, a lab prints the workbook): one page wide, in landscape
    where its columns are wider than a portrait page, its titles and column headers
    (``repeat``) at the top of every page."""
    if sum(widths.values()) > PORTRAIT_WIDTH:
        ws.set_landscape()
    ws.fit_to_pages(1, 0)
    if repeat is not None:
        ws.repeat_rows(*repeat)


#: The widest a column grows for the text a formula gives (an event's name).
MOST_TEXT_WIDTH = 40


def title_widths(sheet: Sheet) -> dict[int, float]:
    """The sheet's column widths, each at least as wide as the titles of its column (a bold
    label in a row of several: column headers, not a sheet's title), so that no printed
    title is cut ("Standard deviatio"), and as the text its formulas give (up to
    ``MOST_TEXT_WIDTH``: "Banker wins (not with 6)" as a bet's top award)."""
    widths = dict(sheet.widths)
    labels: dict[int, list[tuple[int, str]]] = {}
    for (row, column), cell in sheet.cells.items():
        if isinstance(cell, Label) and cell.style == "bold":
            labels.setdefault(row, []).append((column, cell.text))
        elif isinstance(cell, Formula) and isinstance(cell.value, str):
            width = min(MOST_TEXT_WIDTH, len(cell.value) + 2)
            widths[column] = max(widths.get(column, 0), width)
    for row_labels in labels.values():
        if len(row_labels) < 2:
            continue
        for column, text in row_labels:
            # bold characters are wider than the width unit (a digit of the normal font)
            widths[column] = max(widths.get(column, 0), round(len(text) * 1.15 + 2, 1))
    return widths


def workbook_xlsx(book: Workbook) -> bytes:
    """A ``Workbook`` as an .xlsx file: its sheets cell by cell, each formula with its
    cached value, inputs marked as inputs, and its defined names."""
    import xlsxwriter

    buffer = io.BytesIO()
    workbook = xlsxwriter.Workbook(buffer, _OPTIONS)
    formats = {style: workbook.add_format({"num_format": shown}) for style, shown
               in _NUMBER_FORMATS.items()}
    formats["bold"] = workbook.add_format({"bold": True})
    formats["note"] = workbook.add_format({"italic": True})
    entry = {style: workbook.add_format({"num_format": shown, "bg_color": "#FFF2CC",
                                         "font_color": "#0000CC", "border": 1})
             for style, shown in _NUMBER_FORMATS.items()}
    taken: set[str] = set()
    names = {}
    for sheet in book.sheets:
        name = _sheet_name(sheet.name, taken)
        names[id(sheet)] = name
        ws = workbook.add_worksheet(name, worksheet_class=_exact_worksheet())
        widths = title_widths(sheet)
        for column, width in sorted(widths.items()):
            ws.set_column(column, column, width)
        _print_setup(ws, widths, sheet.repeat)
        for (row, column), cell in sorted(sheet.cells.items()):
            if isinstance(cell, str):
                ws.write_string(row, column, escape_controls(cell))
            elif isinstance(cell, Label):
                ws.write_string(row, column, escape_controls(cell.text), formats[cell.style])
            elif isinstance(cell, Formula):
                value = (escape_controls(cell.value) if isinstance(cell.value, str)
                         else cell.value)
                ws.write_formula(row, column, f"={cell.expression}", formats[cell.style], value)
            elif isinstance(cell, Entry):
                ws.write_number(row, column, cell.value, entry[cell.style])
            elif isinstance(cell, Number):
                ws.write_number(row, column, cell.value, formats[cell.style])
            elif isinstance(cell, (int, float)) and not isinstance(cell, bool):
                ws.write_number(row, column, cell)
            elif cell is not None:
                ws.write_string(row, column, escape_controls(str(cell)))
    for defined in book.names:
        sheet_name = names[id(defined.sheet)]
        workbook.define_name(defined.name, f"='{sheet_name}'!"
                             f"{ref(defined.row, defined.column, fixed=True)}")
    workbook.close()
    return buffer.getvalue()


__all__ = ["document_xlsx", "workbook_xlsx"]
