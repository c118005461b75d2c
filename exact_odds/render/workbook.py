"""The spreadsheet model: what a result offers when a workbook should compute, not only show.

A ``Document`` is read; a ``Workbook`` is worked in. Its sheets hold text (always text:
never a formula nor a link, whatever it says), numbers, **inputs** (numbers a person is
meant to change, such as a pay) and **formulas** written with the value they compute, so
every viewer shows the right figure before any recalculation. Defined names
(``Name``) let a formula elsewhere read a cell without knowing its sheet.

A result that offers ``to_workbook()`` (``WorkbookResult``) is written from it by
``--format xlsx`` (``exact_odds.render.xlsx.workbook_xlsx``); any other result's workbook is
drawn from its document. Formulas are written in the spreadsheet's own language (A1
references, ``SUMPRODUCT``...); ``ref`` and ``span`` give the references.

>>> ref(0, 0), ref(3, 27, fixed=True), span(2, 3, 9)
('A1', '$AB$4', '$C$4:$C$10')
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal, Protocol, runtime_checkable

#: How a cell is shown: ``percent`` (4 places), ``decimal`` (10 places), ``probability``
#: (12 places), ``odds`` ("1 in N", one place), ``count`` (whole, grouped), ``general``;
#: text in ``bold`` (titles, headers) or as a ``note``.
Style = Literal["general", "percent", "decimal", "probability", "odds", "count", "bold", "note"]


@dataclass(frozen=True)
class Formula:
    """A formula (``=...``, the spreadsheet's language) and the value it computes, cached."""

    expression: str
    value: float | str
    style: Style = "decimal"


@dataclass(frozen=True)
class Entry:
    """A number a person is meant to change (a pay): shown as an input cell."""

    value: float
    style: Style = "general"


@dataclass(frozen=True)
class Number:
    """A number shown in a style."""

    value: float
    style: Style = "decimal"


@dataclass(frozen=True)
class Label:
    """Text in a style (``bold`` headers, ``note`` lines): always text."""

    text: str
    style: Style = "bold"


#: A cell: text (``str``, always text), a number, or one of the kinds above.
SheetCell = str | int | float | Number | Entry | Formula | Label | None


@dataclass(eq=False)
class Sheet:
    """A sheet: cells by (row, column), from 0, column widths (characters), and the rows
    printed at the top of every page (``repeat``: its titles and column headers, first and
    last row)."""

    name: str
    cells: dict[tuple[int, int], SheetCell] = field(default_factory=dict)
    widths: dict[int, float] = field(default_factory=dict)
    repeat: tuple[int, int] | None = None

    def put(self, row: int, column: int, cell: SheetCell) -> str:
        """Set a cell; its A1 reference (``$B$4``) for formulas."""
        self.cells[row, column] = cell
        return ref(row, column, fixed=True)

    def line(self, row: int, cells: tuple[SheetCell, ...] | list[SheetCell], first: int = 0
             ) -> None:
        """Set a row of cells from column ``first``."""
        for offset, cell in enumerate(cells):
            if cell is not None:
                self.cells[row, first + offset] = cell


@dataclass(frozen=True)
class Name:
    """A workbook-wide defined name for one cell of a sheet."""

    name: str
    sheet: Sheet
    row: int
    column: int


@dataclass(frozen=True)
class Workbook:
    """Sheets, in order, and defined names."""

    sheets: tuple[Sheet, ...]
    names: tuple[Name, ...] = ()


@runtime_checkable
class WorkbookResult(Protocol):
    """A result that offers a workbook of its own (``to_workbook``)."""

    def to_workbook(self) -> Workbook: ...


def column_letters(column: int) -> str:
    """A column's letters, from 0: ``A``, ..., ``Z``, ``AA``."""
    letters = ""
    column += 1
    while column:
        column, rest = divmod(column - 1, 26)
        letters = chr(65 + rest) + letters
    return letters


def ref(row: int, column: int, fixed: bool = False) -> str:
    """A cell's A1 reference, from 0 (``fixed``: ``$A$1``)."""
    mark = "$" if fixed else ""
    return f"{mark}{column_letters(column)}{mark}{row + 1}"


def span(column: int, first: int, last: int) -> str:
    """A fixed range of one column, rows ``first`` to ``last`` (from 0)."""
    return f"{ref(first, column, True)}:{ref(last, column, True)}"


__all__ = ["Entry", "Formula", "Label", "Name", "Number", "Sheet", "SheetCell", "Style",
           "Workbook", "WorkbookResult", "column_letters", "ref", "span"]
