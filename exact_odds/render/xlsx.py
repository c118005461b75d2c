"""Excel workbooks (``--format xlsx``), for the people who approve and review games in
spreadsheets, through one writer (``workbook_xlsx``) of one model (``Workbook``,
``exact_odds.render.workbook``). A result that builds a workbook of its own (``to_workbook``:
a report's live math worksheet, whose figures are formulas of its pays) is written as it
is; any other result's document is laid out as a workbook first (``document_workbook``): a
summary sheet (the inputs, then the first table when it is the summary) and a sheet per
table.

Exact figures are written twice: as ``p/q`` text (exact) and as a number (a float, for
formulas and charts). Counts are written as text: a spreadsheet number holds 15 digits and
an 8-deck count has 19. Written with xlsxwriter, imported only here. Text is always text: a
game file's ``=1+1`` or ``http://...`` is written as a string, never a formula nor a link.
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
from exact_odds.render.workbook import (
    Entry,
    Formula,
    Label,
    Number,
    Sheet,
    SheetCell,
    Workbook,
    ref,
)

#: Number formats by style (``exact_odds.render.workbook.Style``).
_NUMBER_FORMATS = {"percent": "0.0000%", "decimal": "0.0000000000",
                   "probability": "0.000000000000", "odds": "#,##0.0", "count": "#,##0",
                   "general": "General"}
#: A workbook's options: text from a game file stays text, never a formula nor a link.
_OPTIONS = {"in_memory": True, "strings_to_formulas": False, "strings_to_urls": False,
            "strings_to_numbers": False}
#: The widest a document's column is drawn, in characters (a longer cell wraps nowhere: it
#: is cut on screen, whole in the cell).
_WIDEST = 60


def _sheet_name(name: str, taken: set[str]) -> str:
    base = re.sub(r"[\[\]:*?/\\']", "-", escape_controls(name)).strip() or "Sheet"
    base = base[:31]
    candidate, n = base, 2
    while candidate.lower() in taken:
        suffix = f" ({n})"
        candidate, n = base[:31 - len(suffix)] + suffix, n + 1
    taken.add(candidate.lower())
    return candidate


def _columns(table: Table) -> dict[str, list[SheetCell]]:
    """A table's columns as a spreadsheet holds them, by header: an exact figure as its
    ``p/q`` text (``... (exact)``) and its float, a count as text, a flag as a flag."""
    data: dict[str, list[SheetCell]] = {}
    names = [c.name for c in table.columns]
    for index, column in enumerate(table.columns):
        values = [row[index] for row in table.rows]
        name = column.name if names.count(column.name) == 1 else column.data_name
        if column.kind in ("exact", "signed", "percent", "money"):
            data[f"{name} (exact)"] = [_text(v) for v in values]
            data[name] = [None if v is None else to_float(Fraction(v))  # type: ignore[arg-type, unused-ignore]
                          for v in values]
        elif column.kind == "flag":
            data[name] = [None if v is None else bool(v) for v in values]
        elif column.kind == "decimal":
            data[name] = [None if v is None else to_float(v)  # type: ignore[arg-type]
                          for v in values]
        else:  # text, and counts as text
            data[name] = [_text(v) for v in values]
    return data


def _text(value: Cell) -> str | None:
    """A cell as exact text, as CSV writes it (an empty cell stays empty)."""
    return None if value is None else csv_text(value)


def _table(sheet: Sheet, table: Table, row: int) -> int:
    """Write ``table`` into ``sheet`` from ``row``: a header of bold names, then its rows;
    each column as wide as its longest cell (at most ``_WIDEST``). The row after it."""
    for column, (name, values) in enumerate(_columns(table).items()):
        sheet.put(row, column, Label(escape_controls(name)))
        for offset, value in enumerate(values, 1):
            if value is not None:
                sheet.put(row + offset, column, value)
        longest = max([len(name), *(len(str(v)) for v in values if v is not None)])
        sheet.widths[column] = max(sheet.widths.get(column, 0), min(longest + 2, _WIDEST))
    return row + len(table.rows) + 1


def document_workbook(document: Document) -> Workbook:
    """The document as a workbook: a summary sheet with the title, the inputs and the notes
    (and the first table when it is the summary), then a sheet per table, its title above
    it and its notes below."""
    blocks = document.blocks("xlsx")
    tables = [block for block in blocks if isinstance(block, Table)]
    first = tables.pop(0) if tables and tables[0].sheet == "Summary" else None
    summary = Sheet("Summary", widths={0: 24, 1: 60})
    summary.put(0, 0, Label(document.title))
    row = 1
    for line in document.inputs:
        summary.line(row, (line.label, line.text) if isinstance(line, Field) else (line,))
        row += 1
    prose = [line for block in blocks if isinstance(block, Text) for line in block.lines]
    for note in (*prose, *document.notes):
        summary.put(row, 0, note)
        row += 1
    if first is not None:
        _table(summary, first, row + 1)
    sheets = [summary]
    for table in tables:
        # printed with its title and column headers at the top of every page
        sheet = Sheet(table.sheet or table.title, repeat=(0, 2))
        sheet.put(0, 0, Label(table.title))
        _table(sheet, table, 2)
        for i, note in enumerate(table.notes):
            sheet.put(len(table.rows) + 4 + i, 0, note)
        sheets.append(sheet)
    return Workbook(tuple(sheets))


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


#: The most characters a spreadsheet's cell holds (Excel's limit, which xlsxwriter keeps).
_MOST_CELL_CHARACTERS = 32_767


def _cell_text(text: str) -> str:
    """Text as a cell holds it: control characters shown (``escape_controls``), and text
    longer than a cell can hold cut with a visible "…" (xlsxwriter cut it unseen)."""
    shown = escape_controls(text)
    if len(shown) > _MOST_CELL_CHARACTERS:
        return shown[:_MOST_CELL_CHARACTERS - 1] + "\u2026"
    return shown


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
                ws.write_string(row, column, _cell_text(cell))
            elif isinstance(cell, Label):
                ws.write_string(row, column, _cell_text(cell.text), formats[cell.style])
            elif isinstance(cell, Formula):
                value = _cell_text(cell.value) if isinstance(cell.value, str) else cell.value
                ws.write_formula(row, column, f"={cell.expression}", formats[cell.style], value)
            elif isinstance(cell, Entry):
                ws.write_number(row, column, cell.value, entry[cell.style])
            elif isinstance(cell, Number):
                ws.write_number(row, column, cell.value, formats[cell.style])
            elif isinstance(cell, bool):
                ws.write_boolean(row, column, cell)
            elif isinstance(cell, (int, float)):
                ws.write_number(row, column, cell)
            elif cell is not None:
                ws.write_string(row, column, _cell_text(str(cell)))
    _define_names(workbook, book, names)
    workbook.close()
    return buffer.getvalue()


def _define_names(workbook: Any, book: Workbook, sheets: dict[int, str]) -> None:
    """Each of the book's defined names, for its sheet's cell (``sheets``: each sheet's
    name as written, by ``id``). A name given twice (a spreadsheet's names ignore case), or
    one a spreadsheet does not accept (xlsxwriter leaves such a name out with a warning),
    is refused: a formula would read another cell than the one meant."""
    import warnings

    from exact_odds.errors import ExactOddsError, quoted

    seen: set[str] = set()
    for defined in book.names:
        key = defined.name.casefold()
        if key in seen:
            raise ExactOddsError(f"the workbook would give two cells the name "
                                 f"{quoted(defined.name)}: a formula would read one for the "
                                 "other; nothing is written")
        seen.add(key)
        with warnings.catch_warnings(record=True):
            warnings.simplefilter("always")
            refused = workbook.define_name(
                defined.name, f"='{sheets[id(defined.sheet)]}'!"
                f"{ref(defined.row, defined.column, fixed=True)}")
        if refused:
            raise ExactOddsError(f"{quoted(defined.name)} is not a name a spreadsheet accepts "
                                 "(letters, digits, _ and ., at most 255 characters, not a "
                                 "cell's reference); nothing is written")


__all__ = ["document_workbook", "workbook_xlsx"]
