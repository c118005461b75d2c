"""Rendering, in one place: any result as text, Markdown, CSV, JSON, an Excel workbook or
HTML. It knows documents and plain data, not games, shoes or analyses.

A **result** (``Result``) is any object with three methods:

* ``inputs()``: every input that produced it, as plain data, under the keys of
  ``exact_odds.render.inputs`` (game, shoe, rules, strategy, settings,
  ``exact_odds_version``, ...);
* ``to_document()``: a ``Document`` (title, header, tables, text, notes): what a person reads;
* ``to_dict()``: its JSON data, inputs included; exact figures as ``"p/q"`` strings.

``render(result, fmt)`` draws it in one of ``FORMATS``; JSON comes from ``to_dict()``, CSV
from the document's tables with ``inputs()`` in the first columns, HTML as a page of its own
(interactive where the result is ``Interactive``: a game's report), every other format from
the document. Each result builds its document in its own package
(``analysis``, ``games``, ``batch``, ``simulation``, ``table``). The ``Rendered`` mixin gives
a result ``render(fmt)`` and ``_repr_html_()`` (Jupyter).

Adding a result type: give the class those three methods. Adding a format: one entry in
``_FORMATS`` below.

Modules: ``document`` (the model), ``inputs`` (the shared input keys), ``text``,
``markdown``, ``csv``, ``json``, ``xlsx``, ``html``, ``rendered`` (the mixin), ``workbook``
(the spreadsheet model a result offers through ``to_workbook()`` when its workbook should
compute: the xlsx format writes it instead of the document).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, NamedTuple, Protocol, runtime_checkable

from exact_odds.errors import ExactOddsError
from exact_odds.render.document import (
    Cell,
    Column,
    Document,
    Field,
    Json,
    Table,
    Text,
    version,
)

if TYPE_CHECKING:
    from exact_odds.render.html import InteractivePage


@runtime_checkable
class Result(Protocol):
    """What every result of the library offers: its inputs, its document, its data."""

    def inputs(self) -> Json: ...

    def to_document(self) -> Document: ...

    def to_dict(self) -> Json: ...


def _text(result: Result) -> str:
    from exact_odds.render.text import document_text

    return document_text(result.to_document())


def _markdown(result: Result) -> str:
    from exact_odds.render.markdown import document_markdown

    return document_markdown(result.to_document())


def _csv(result: Result) -> str:
    from exact_odds.render.csv import document_csv

    return document_csv(result.to_document(), result.inputs())


def _json(result: Result) -> str:
    from exact_odds.render.json import json_text

    return json_text(result.to_dict())


def _xlsx(result: Result) -> bytes:
    from exact_odds.render.workbook import WorkbookResult
    from exact_odds.render.xlsx import document_xlsx, workbook_xlsx

    if isinstance(result, WorkbookResult):  # a workbook of its own: formulas, inputs, names
        return workbook_xlsx(result.to_workbook())
    return document_xlsx(result.to_document())


@runtime_checkable
class Interactive(Protocol):
    """A result that is also drawn as an interactive page (a game's report: the explorer):
    ``--format html`` writes its ``page()`` rather than its document's tables."""

    def page(self) -> InteractivePage: ...


def _html(result: Result) -> str:
    from exact_odds.render.html import interactive_page, static_page

    if isinstance(result, Interactive):
        return interactive_page(result.page())
    return static_page(result.to_document())


class Format(NamedTuple):
    draw: Callable[[Result], str | bytes]
    command_line: bool  # offered by every command's --format


#: Every format, in the order the command line lists them: one entry per format.
_FORMATS: dict[str, Format] = {
    "text": Format(_text, True),
    "markdown": Format(_markdown, True),
    "csv": Format(_csv, True),
    "json": Format(_json, True),
    "xlsx": Format(_xlsx, True),  # binary: bytes
    "html": Format(_html, True),  # a page of its own, self-contained
}

#: The formats of the command line's ``--format``; ``xlsx`` is binary and goes to a file.
FORMATS = tuple(name for name, entry in _FORMATS.items() if entry.command_line)


def _check(result: object) -> None:
    if not isinstance(result, Result):
        from exact_odds.errors import InputTypeError

        raise InputTypeError(f"result: cannot render a {type(result).__name__}: a result has "
                             "inputs(), to_document() and to_dict()")


def render(result: Result, fmt: str = "text") -> str | bytes:
    """``result`` in format ``fmt`` (one of ``FORMATS``); ``xlsx`` gives bytes."""
    _check(result)
    entry = _FORMATS.get(fmt)
    if entry is None:
        raise ExactOddsError(f"unknown format {fmt!r}: use one of {', '.join(_FORMATS)}")
    return entry.draw(result)


def to_html(result: Result) -> str:
    """HTML tables, for ``_repr_html_`` in Jupyter."""
    from exact_odds.render.html import document_html

    _check(result)
    return document_html(result.to_document())


__all__ = ["FORMATS", "Cell", "Column", "Document", "Field", "Interactive", "Json", "Result", "Table", "Text",
           "render", "to_html", "version"]
