"""HTML for Jupyter (``_repr_html_``): the title, the header, then each table, escaped."""

from __future__ import annotations

from html import escape

from exact_odds.errors import escape_controls
from exact_odds.render.document import Document, Table
from exact_odds.render.text import cell_text, line_text


def _text(text: str) -> str:
    return escape(escape_controls(text))


def document_html(document: Document) -> str:
    out = [f"<h3>{_text(document.title)}</h3>"] if document.title else []
    out += ["<p>", *(f"{_text(line_text(line))}<br>" for line in document.inputs), "</p>"]
    for block in document.blocks("html"):
        if not isinstance(block, Table):
            out.append("<p>" + "<br>".join(_text(line) for line in block.lines) + "</p>")
            continue
        if block.title:
            out.append(f"<h4>{_text(block.title)}</h4>")
        out.append("<table><thead><tr>" + "".join(
            f"<th>{_text(c.name)}</th>" for c in block.columns) + "</tr></thead><tbody>")
        for row in block.rows:
            out.append("<tr>" + "".join(
                f'<td style="text-align:{"right" if c.right else "left"}">'
                f"{_text(cell_text(v, c))}</td>" for v, c in zip(row, block.columns)) + "</tr>")
        out.append("</tbody></table>")
        if block.notes:
            out.append("<p>" + "<br>".join(_text(n) for n in block.notes) + "</p>")
    if document.notes:
        out.append("<p>" + "<br>".join(_text(n) for n in document.notes) + "</p>")
    return "\n".join(out)
