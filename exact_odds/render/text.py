"""Plain text for the terminal: a document line by line, decimals for reading.

Text from a game file is echoed with control characters escaped; a table cell of text is
also cut at ``TEXT_LIMIT`` characters, so a file cannot break a line or the terminal. (A
result that writes text from a file into a title or a line cuts it with ``safe``.)
"""

from __future__ import annotations

from decimal import Decimal, localcontext
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


def money_text(value: Fraction | Decimal) -> str:
    """An amount of money as people write it, never through a float (the one money format).

    An exact amount (a ``Fraction``: a bank, a fee, a maximum bet) with every digit it has,
    thousands grouped and cents shown where it is not whole; the fraction itself where no
    decimal ends. An estimate (a ``Decimal``: money won a shoe) to the cent up to 100, to
    the unit above, two figures below half a cent.

    >>> money_text(Fraction(10**30)), money_text(Fraction(-5, 2)), money_text(Fraction(1, 1000))
    ('1,000,000,000,000,000,000,000,000,000,000', '-2.50', '0.001')
    >>> money_text(Fraction(1, 3)), money_text(Decimal("2.5")), money_text(Decimal("2500.4"))
    ('1/3', '2.50', '2,500')
    """
    if isinstance(value, Decimal):
        if value != 0 and abs(value) < Decimal("0.005"):
            return f"{value:.2g}"
        with localcontext() as context:  # every digit of the whole units: 10**30 has 31
            context.prec = max(context.prec, value.adjusted() + 3)
            return f"{value.quantize(Decimal(1) if abs(value) >= 100 else Decimal('0.01')):,}"
    places = _decimal_places(value.denominator)
    if places is None:  # no decimal ends: the fraction itself
        return f"{value.numerator}/{value.denominator}"
    if places:
        places = max(places, 2)  # 2.50, not 2.5
    whole, part = divmod(abs(value.numerator) * 10**places // value.denominator, 10**places)
    sign = "-" if value < 0 else ""
    return sign + int_text(whole, grouped=True) + (f".{part:0{places}d}" if places else "")


def _decimal_places(denominator: int) -> int | None:
    """The decimal places of a fraction of this denominator (in lowest terms), None where
    no decimal ends (a prime factor other than 2 and 5)."""
    twos = fives = 0
    while denominator % 2 == 0:
        denominator //= 2
        twos += 1
    while denominator % 5 == 0:
        denominator //= 5
        fives += 1
    return max(twos, fives) if denominator == 1 else None


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
