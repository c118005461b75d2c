"""Plain text for the terminal: a document line by line, decimals for reading.

Text from a game file is echoed with control characters escaped; a table cell of text is
also cut at ``TEXT_LIMIT`` characters, so a file cannot break a line or the terminal. (A
result that writes text from a file into a title or a line cuts it with ``safe``.)
"""

from __future__ import annotations

from fractions import Fraction

from exact_odds.errors import escape_controls, shown
from exact_odds.limits import TEXT_LIMIT
from exact_odds.numbers import decimal_text, int_text, percent_text, to_float
from exact_odds.render.document import Cell, Column, Document, Field, Line, Table, Text


def safe(text: object) -> str:
    return shown(text, TEXT_LIMIT)


def grouped_text(value: float, places: int, sign: bool = False) -> str:
    """A decimal with thousands separators (``+1,234.5000``); scientific from 10**15."""
    plus = "+" if sign else ""
    return f"{value:{plus},.{places}f}" if abs(value) < 1e15 else f"{value:{plus}.3e}"


def money_text(value: Fraction) -> str:
    """An amount of money: whole cents as written ("500", "-2.50"), anything finer (an
    expectation) as a decimal of four places."""
    cents = value * 100
    if cents.denominator != 1:
        return grouped_text(to_float(value), 4, False)
    whole, part = divmod(abs(int(cents)), 100)
    sign = "-" if value < 0 else ""
    return f"{sign}{int_text(whole)}" if part == 0 else f"{sign}{int_text(whole)}.{part:02d}"


def cell_text(value: Cell, column: Column) -> str:
    """A cell as people read it."""
    if value is None:
        return "-"
    if column.kind == "flag" or isinstance(value, bool):
        return "true" if value else "false"
    if column.kind == "count" and isinstance(value, int):
        return int_text(value, grouped=True)
    if isinstance(value, (int, Fraction, float)):
        if column.kind == "percent":
            return percent_text(Fraction(value), column.places, sign=column.sign)
        if column.kind in ("exact", "signed"):
            if column.grouped:
                return grouped_text(to_float(Fraction(value)), column.places, column.signed)
            return decimal_text(Fraction(value), column.places, sign=column.signed)
        if column.kind == "money":
            return money_text(Fraction(value))
        if column.kind == "decimal":
            return grouped_text(to_float(value), column.places, column.sign)
    return safe(value)


def input_text(label: str, text: str) -> str:
    """An input as printed: the shoe in full (it is ours, and exact), other text made safe."""
    return escape_controls(text) if label.endswith("Shoe") else safe(text)


def line_text(line: Line) -> str:
    if isinstance(line, Field):
        return f"{escape_controls(line.label)}: {input_text(line.label, line.text)}"
    return escape_controls(line)


def grid(table: Table) -> list[str]:
    """The table's rows (and names), padded to the widest cell, as ``table`` lays out."""
    columns = table.columns
    rows = [[cell_text(v, c) for v, c in zip(row, columns)] for row in table.rows]
    if table.header:
        rows.insert(0, [escape_controls(c.name) for c in columns])
    widths = [max([c.width, *(len(row[i]) for row in rows)]) for i, c in enumerate(columns)]
    indent = " " * table.indent
    lead = table.label_separator or table.separator

    def joined(cells: list[str]) -> str:
        if len(cells) < 2:
            return "".join(cells)
        return cells[0] + lead + table.separator.join(cells[1:])

    out = [(indent + joined([cell.rjust(w) if c.right else cell.ljust(w)
                             for cell, w, c in zip(row, widths, columns)])).rstrip()
           for row in rows]
    if table.rule and table.header:
        dashes = ["-" * w for w in widths]
        rule = dashes[0] + lead.replace(" ", "-").replace("|", "+") if len(dashes) > 1 else ""
        rule = rule + table.separator.replace(" ", "-").join(dashes[1:]) if rule else dashes[0]
        out.insert(1, indent + rule)
    return out


def document_text(document: Document) -> str:
    """Any document as text: title, header, then each block (a blank line before it)."""
    out = [escape_controls(document.title)] if document.title else []
    out += [line_text(line) for line in document.inputs]
    for block in document.blocks("text"):
        if block.gap and out:
            out.append("")
        indent = " " * block.indent
        if isinstance(block, Text):
            out += [indent + escape_controls(line) for line in block.lines]
            continue
        if block.title:
            out.append(" " * max(block.indent - 2, 0) + escape_controls(block.title))
        out += grid(block)
        out += [indent + escape_controls(note) for note in block.notes]
    out += [escape_controls(note) for note in document.notes]
    return "\n".join(out) + "\n"
