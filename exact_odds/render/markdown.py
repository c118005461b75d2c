"""Markdown: a title, the header as lines, each table as a pipe table, prose as lines.

Text is escaped: control characters written out, ``|`` as ``\\|``.
"""

from __future__ import annotations

from exact_odds.errors import escape_controls
from exact_odds.render.document import Document, Table
from exact_odds.render.text import cell_text, line_text


def _cell(text: str) -> str:
    return escape_controls(text).replace("\\", "\\\\").replace("|", "\\|")


def document_markdown(document: Document) -> str:
    """Any document as Markdown."""
    out = [f"# {_cell(document.title)}", ""] if document.title else []
    out += [f"{_cell(line_text(line))}  " for line in document.inputs]
    for block in document.blocks("markdown"):
        out.append("")
        if not isinstance(block, Table):
            out += [f"{_cell(line)}  " for line in block.lines]
            continue
        if block.title:
            out += [f"## {_cell(block.title)}", ""]
        out += ["| " + " | ".join(_cell(c.name) for c in block.columns) + " |",
                "|" + "|".join("--:" if c.right else "---" for c in block.columns) + "|"]
        for row in block.rows:
            out.append("| " + " | ".join(_cell(cell_text(v, c))
                                         for v, c in zip(row, block.columns)) + " |")
        if block.notes:
            out.append("")
            out += [f"{_cell(note)}  " for note in block.notes]
    if document.notes:
        out.append("")
        out += [f"{_cell(note)}  " for note in document.notes]
    return "\n".join(out) + "\n"
