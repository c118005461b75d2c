"""HTML: a result's document as tables (Jupyter's ``_repr_html_``), and a whole page
(``--format html``): self-contained, every text escaped, under a Content-Security-Policy
that allows no network request and no script but its own.

A page is static (the document's tables) or interactive: an ES module and its data
(``InteractivePage``), the data embedded as JSON that no text can break out of (``<`` is
written ``\\u003c``), the script allowed by its hash alone.

>>> page = html_page("A <b>title</b>", "<p>body</p>")
>>> "A &lt;b&gt;title&lt;/b&gt;" in page, "default-src 'none'" in page
(True, True)
"""

from __future__ import annotations

import base64
import hashlib
import json
from html import escape
from typing import NamedTuple

from exact_odds.errors import escape_controls
from exact_odds.render.document import Document, Json, Table
from exact_odds.render.text import cell_text, line_text


def _text(text: str) -> str:
    return escape(escape_controls(text))


def document_html(document: Document, *, page: bool = False) -> str:
    """The document's title, header and tables; ``page``: aligned by the page's style sheet
    (a page's policy refuses style attributes), else by style attributes (Jupyter)."""
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
                f"<td {_align(c.right, page)}>{_text(cell_text(v, c))}</td>"
                for v, c in zip(row, block.columns)) + "</tr>")
        out.append("</tbody></table>")
        if block.notes:
            out.append("<p>" + "<br>".join(_text(n) for n in block.notes) + "</p>")
    if document.notes:
        out.append("<p>" + "<br>".join(_text(n) for n in document.notes) + "</p>")
    return "\n".join(out)


def _align(right: bool, page: bool) -> str:
    side = "right" if right else "left"
    return f'class="{side}"' if page else f'style="text-align:{side}"'


class InteractivePage(NamedTuple):
    """A page drawn by a script: its title, its data (plain JSON), an ES module that draws
    it (its last statements mount it on the element ``#exact-odds`` from the JSON of
    ``#exact-odds-data``), its style sheet, and the document shown where scripts are off."""

    title: str
    data: Json
    module: str
    style: str
    fallback: Document


#: The static page's style: readable on a phone, tables scroll sideways in their box.
STYLE = """
body{font:16px/1.45 system-ui,sans-serif;margin:0 auto;padding:0 12px;max-width:1200px;
color:#111;background:#fff}
table{border-collapse:collapse;margin:.5em 0}th,td{padding:2px 8px;border-bottom:1px solid #ccc}
td.right{text-align:right;font-variant-numeric:tabular-nums}td.left{text-align:left}
.scroll{overflow-x:auto}
"""


def _hash(text: str) -> str:
    digest = hashlib.sha256(text.encode("utf-8")).digest()
    return "sha256-" + base64.b64encode(digest).decode("ascii")


def script_json(data: Json) -> str:
    """``data`` as JSON to embed in ``<script type="application/json">``: ``<``, ``>`` and
    ``&`` escaped, so no text in it can close the element.

    >>> script_json({"name": "</script><b>"})
    '{"name": "\\\\u003c/script\\\\u003e\\\\u003cb\\\\u003e"}'
    """
    text = json.dumps(data, ensure_ascii=False, allow_nan=False)
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


def html_page(title: str, body: str, *, module: str = "", style: str = STYLE,
              data: Json | None = None) -> str:
    """A whole HTML page: ``title`` (text), ``body`` (HTML already escaped), an optional
    ES ``module`` (inline, allowed by its hash) and its ``data`` (JSON), and ``style``
    (inline, allowed by its hash). No network: every source but these is refused."""
    policy = ["default-src 'none'"]
    if module:
        policy.append(f"script-src '{_hash(module)}'")
    policy += [f"style-src '{_hash(style)}'", "img-src data:", "base-uri 'none'",
               "form-action 'none'"]
    out = ["<!DOCTYPE html>", '<html lang="en">', "<head>", '<meta charset="utf-8">',
           f'<meta http-equiv="Content-Security-Policy" content="{"; ".join(policy)}">',
           '<meta name="viewport" content="width=device-width, initial-scale=1">',
           '<meta name="referrer" content="no-referrer">',
           f"<title>{_text(title)}</title>", f"<style>{style}</style>", "</head>", "<body>",
           body]
    if data is not None:
        out.append(f'<script type="application/json" id="exact-odds-data">{script_json(data)}'
                   "</script>")
    if module:
        out.append(f'<script type="module">{module}</script>')
    out += ["</body>", "</html>", ""]
    return "\n".join(out)


def static_page(document: Document) -> str:
    """A result's document as a page of its own."""
    return html_page(document.title or "exact-odds",
                     f'<main class="scroll">{document_html(document, page=True)}</main>')


def interactive_page(page: InteractivePage) -> str:
    """A page drawn by its module from its data; the document where scripts are off."""
    body = (f'<main id="exact-odds" aria-live="off"></main>\n'
            f'<noscript><div class="scroll">{document_html(page.fallback, page=True)}</div></noscript>')
    return html_page(page.title, body, module=page.module, style=page.style, data=page.data)
