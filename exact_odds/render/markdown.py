"""Markdown: a title, the inputs as lines, each table as a pipe table.

Cells from a game file are escaped: control characters written out, ``|`` as ``\\|``.
"""

from __future__ import annotations

from exact_odds.render.data import Document
from exact_odds.render.text import cell_text, input_text, safe

_RIGHT = ("count", "exact", "signed", "percent", "decimal")


def _cell(text: str) -> str:
    return text.replace("\\", "\\\\").replace("|", "\\|")


def document_markdown(document: Document, *, summary: bool = True) -> str:
    """Any document as Markdown. ``summary=False`` leaves out a first table called
    "Summary" (a report shows each bet's summary under its own table)."""
    out = [f"# {_cell(safe(document.title))}", ""]
    out += [f"{label}: {_cell(input_text(label, text))}  " for label, text in document.inputs]
    out += [f"{_cell(safe(note))}  " for note in document.notes]
    tables = document.tables
    if not summary and tables and tables[0].title == "Summary":
        tables = tables[1:]
    for table in tables:
        out += ["", f"## {_cell(safe(table.title))}", "",
                "| " + " | ".join(c.name for c in table.columns) + " |",
                "|" + "|".join("--:" if c.kind in _RIGHT else "---" for c in table.columns) + "|"]
        for row in table.rows:
            out.append("| " + " | ".join(_cell(cell_text(v, c))
                                         for v, c in zip(row, table.columns)) + " |")
        if table.notes:
            out.append("")
            out += [f"{_cell(safe(note))}  " for note in table.notes]
    return "\n".join(out) + "\n"
