"""The document model: what a person reads of a result, whatever the format.

A ``Document`` is a title, a header (its inputs, as ``Field`` lines "label: text" or
plain lines), blocks (``Table`` and ``Text``) and closing notes. Every format of
``exact_odds.render`` draws the same document: text and Markdown line by line, HTML and
xlsx as tables, CSV from its tables. A block may be meant for some formats only
(``formats``): a map drawn for the terminal beside the long table a spreadsheet wants.

Cells hold exact values (``int``, ``Fraction``), text, flags or floats; a ``Column`` says
how its cells are shown (``kind``, ``places``, ``sign``...), so that decimals are written
only when a document is drawn.

>>> table = Table("Odds", (Column("Event"), Column("Probability", "exact", 4)),
...               (("Tie", Fraction(1, 3)),))
>>> Document("Example", (Field("Shoe", "1 deck"),), (table,)).tables[0].columns[1].data_name
'probability'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Literal

Json = dict[str, Any]
#: The formats that show the tables of data rather than the terminal's layout: a block meant
#: for them alone (``formats=TABULAR``) stands beside a map drawn for the terminal.
TABULAR = ("markdown", "html", "xlsx", "csv")
#: A table cell: text, a count, an exact figure, a flag, a decimal for display, or nothing.
Cell = str | int | Fraction | bool | float | None

#: How a column is shown: ``text``; ``count`` (an exact integer, grouped in thousands);
#: ``exact`` (a Fraction: a decimal where people read, ``p/q`` where machines read);
#: ``signed`` (the same with a sign); ``percent`` (a Fraction as a percentage);
#: ``decimal`` (a float); ``money`` (an amount: whole cents as written, "2.50", else a
#: decimal); ``flag`` (true/false).
Kind = Literal["text", "count", "exact", "signed", "percent", "decimal", "money", "flag"]
@dataclass(frozen=True)
class Column:
    """A column: its name as people read it, how its cells are shown, and its name as
    data (``key``: the CSV header; by default the name in lower case, ``_`` for spaces).

    ``align`` overrides the usual alignment (text and flags left, numbers right);
    ``width`` is the least width in text; ``grouped`` writes thousands separators."""

    name: str
    kind: Kind = "text"
    places: int = 9
    key: str = ""
    sign: bool = False
    grouped: bool = False
    align: Literal["", "left", "right"] = ""
    width: int = 0

    @property
    def data_name(self) -> str:
        return self.key or self.name.lower().replace(" ", "_")

    @property
    def right(self) -> bool:
        """Whether text aligns the column to the right."""
        if self.align:
            return self.align == "right"
        return self.kind not in ("text", "flag")

    @property
    def signed(self) -> bool:
        return self.sign or self.kind == "signed"


@dataclass(frozen=True)
class Table:
    """A titled table: columns and rows of cells, and notes under it.

    The rest says how text lays it out: ``header`` (a row of column names), ``indent``
    (spaces before each row and note; a title sits two spaces less), ``gap`` (a blank line
    before it), ``separator`` (between columns), ``label_separator`` (after a first column
    that labels the rows, such as ``" | "``) and ``rule`` (a line of dashes under the
    names). ``sheet`` names its spreadsheet tab; ``formats`` the formats that show it
    (every format when empty)."""

    title: str
    columns: tuple[Column, ...]
    rows: Sequence[tuple[Cell, ...]]
    notes: tuple[str, ...] = ()
    sheet: str = ""
    header: bool = True
    indent: int = 2
    gap: bool = True
    separator: str = "  "
    label_separator: str = ""
    rule: bool = False
    formats: tuple[str, ...] = ()

    def shows(self, fmt: str) -> bool:
        return not self.formats or fmt in self.formats


@dataclass(frozen=True)
class Text:
    """Lines of prose between tables (``indent``, ``gap`` and ``formats`` as a table's)."""

    lines: tuple[str, ...]
    indent: int = 0
    gap: bool = True
    formats: tuple[str, ...] = ()

    def shows(self, fmt: str) -> bool:
        return not self.formats or fmt in self.formats


@dataclass(frozen=True)
class Field:
    """A labelled line of a header: ``label: text``."""

    label: str
    text: str


Block = Table | Text
Line = Field | str


@dataclass(frozen=True)
class Document:
    """A result as people read it: a title, a header of inputs (fields and lines), blocks
    (tables and text) and closing notes."""

    title: str
    inputs: tuple[Line, ...]
    tables: tuple[Block, ...]
    notes: tuple[str, ...] = ()

    def blocks(self, fmt: str) -> list[Block]:
        """The blocks that format ``fmt`` shows."""
        return [block for block in self.tables if block.shows(fmt)]


def version() -> str:
    """The exact-odds version every output records."""
    from exact_odds.version import __version__

    return __version__
