"""HTML tables for Jupyter (``_repr_html_``): the inputs, then each table, escaped."""

from __future__ import annotations

from html import escape

from exact_odds.render.data import Document
from exact_odds.render.text import cell_text, input_text, safe

_RIGHT = ("count", "exact", "signed", "percent", "decimal")


def document_html(document: Document, *, summary: bool = True) -> str:
    out = [f"<h3>{escape(safe(document.title))}</h3>", "<p>"]
    out += [f"<b>{escape(label)}</b>: {escape(input_text(label, text))}<br>"
            for label, text in document.inputs]
    out += [f"{escape(safe(note))}<br>" for note in document.notes]
    out.append("</p>")
    tables = document.tables
    if not summary and tables and tables[0].title == "Summary":
        tables = tables[1:]
    for table in tables:
        out.append(f"<h4>{escape(safe(table.title))}</h4>")
        out.append("<table><thead><tr>" + "".join(
            f"<th>{escape(c.name)}</th>" for c in table.columns) + "</tr></thead><tbody>")
        for row in table.rows:
            out.append("<tr>" + "".join(
                f'<td style="text-align:{"right" if c.kind in _RIGHT else "left"}">'
                f"{escape(cell_text(v, c))}</td>" for v, c in zip(row, table.columns)) + "</tr>")
        out.append("</tbody></table>")
        if table.notes:
            out.append("<p>" + "<br>".join(escape(safe(n)) for n in table.notes) + "</p>")
    return "\n".join(out)
