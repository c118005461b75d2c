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
(interactive where the result is ``Interactive``), xlsx from its ``Workbook`` (its own, or
its document's), every other format from the document. A result drawn in a form declared
for it (``exact_odds.forms``: a game's report as xlsx is the approval workbook, as html the
explorer's page) is drawn in that form. Each result builds its document in its own package
(``analysis``, ``games``, ``batch``, ``simulation``, ``table``). The ``Rendered`` mixin gives
a result ``render(fmt)``, ``save(path, format)`` and ``_repr_html_()`` (Jupyter).

``save(result, path, fmt)`` writes a result to a file, its format named by the file's
suffix where none is given (``SUFFIXES``), through the one writer (``exact_odds.files``):
the command line's ``--output`` calls it too.

Adding a result type: give the class those three methods. Adding a format: one entry in
``_FORMATS`` below (its drawing, its suffixes).

Modules: ``document`` (the model), ``inputs`` (the shared input keys), ``text``,
``markdown``, ``csv``, ``json``, ``xlsx``, ``html``, ``rendered`` (the mixin), ``workbook``
(the spreadsheet model a result offers through ``to_workbook()`` when its workbook should
compute: the xlsx format writes it instead of the document).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple, Protocol, runtime_checkable

from exact_odds.errors import ExactOddsError, input_name
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
    from exact_odds.render.xlsx import document_workbook, workbook_xlsx

    # a workbook of its own (formulas, inputs, names), else its document's: one writer
    return workbook_xlsx(result.to_workbook() if isinstance(result, WorkbookResult)
                         else document_workbook(result.to_document()))


@runtime_checkable
class ParquetResult(Protocol):
    """A result whose rows are also written as Parquet (a batch: exact values as integer
    numerator and denominator columns)."""

    def to_parquet(self) -> bytes: ...


def _parquet(result: Result) -> bytes:
    if not isinstance(result, ParquetResult):
        raise ExactOddsError(f"{input_name('format')} parquet: only a batch of shoes is written "
                             f"as Parquet; a {type(result).__name__} is not (csv and json "
                             "hold every result)")
    return result.to_parquet()


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
    suffixes: tuple[str, ...]  # what a file's name of it ends with, the usual first
    binary: bool = False  # bytes, written to a file (or -o -), never to a terminal


#: Every format, in the order the command line lists them: one entry per format.
_FORMATS: dict[str, Format] = {
    "text": Format(_text, True, (".txt", ".text")),
    "markdown": Format(_markdown, True, (".md", ".markdown")),
    "csv": Format(_csv, True, (".csv",)),
    "json": Format(_json, True, (".json",)),
    "xlsx": Format(_xlsx, True, (".xlsx",), binary=True),
    "html": Format(_html, True, (".html", ".htm")),  # a page of its own, self-contained
    "parquet": Format(_parquet, False, (".parquet",), binary=True),  # a batch's (its --format)
}

#: The formats of the command line's ``--format``.
FORMATS = tuple(name for name, entry in _FORMATS.items() if entry.command_line)
#: The formats written as bytes: to a file, never to the terminal by default.
BINARY = tuple(name for name, entry in _FORMATS.items() if entry.binary)
#: Each suffix a saved file's name may end with, and the format it names (``save``).
SUFFIXES = {suffix: name for name, entry in _FORMATS.items() for suffix in entry.suffixes}


def _check(result: object) -> None:
    if not isinstance(result, Result):
        from exact_odds.errors import InputTypeError

        raise InputTypeError(f"result: cannot render a {type(result).__name__}: a result has "
                             "inputs(), to_document() and to_dict()")


def _format(fmt: object) -> Format:
    entry = _FORMATS.get(fmt) if isinstance(fmt, str) else None
    if entry is None:
        from exact_odds.errors import quoted

        raise ExactOddsError(f"unknown format {quoted(fmt, 40)}: use one of "
                             f"{', '.join(_FORMATS)}")
    return entry


def render(result: Result, fmt: str = "text") -> str | bytes:
    """``result`` in format ``fmt`` (one of ``_FORMATS``: ``FORMATS`` and ``parquet``), in
    the form declared for it there (``exact_odds.forms``); ``xlsx`` and ``parquet`` give
    bytes."""
    from exact_odds.forms import form

    _check(result)
    return _format(fmt).draw(form(result, fmt))  # type: ignore[arg-type]


def format_of(path: str | Path) -> str:
    """The format a file's name asks for by its suffix (``SUFFIXES``, either case).

    >>> format_of("rock-bac.xlsx"), format_of("notes.MD")
    ('xlsx', 'markdown')
    """
    from exact_odds.errors import quoted
    from exact_odds.files import is_standard_output

    suffix = Path(path).suffix.lower()
    if suffix in SUFFIXES:
        return SUFFIXES[suffix]
    if is_standard_output(path):
        raise ExactOddsError(f"{quoted(str(path))} prints the result: give "
                             f"{input_name('format')} ({', '.join(_FORMATS)})")
    said = f"the suffix {quoted(suffix, 20)}" if suffix else "a name without a suffix"
    raise ExactOddsError(f"{quoted(str(path))}: {said} names no format: end the name with "
                         f"{', '.join(SUFFIXES)}, or give {input_name('format')} "
                         f"({', '.join(_FORMATS)})")


def save(result: Result, path: str | Path, fmt: str | None = None) -> None:
    """Write ``result`` to the file ``path`` in format ``fmt`` (else the format its suffix
    names: ``format_of``), as ``render`` draws it, through the one writer
    (``exact_odds.files``): the target is checked before the work (a folder, a device, a
    pipe, a missing folder refused), then written whole to a temporary file renamed over
    it, or not at all; ``-`` prints. Every error is one line naming the path."""
    from exact_odds.errors import check_type
    from exact_odds.files import OutputError, is_standard_output, output_target, write_output

    _check(result)
    check_type(path, (str, Path), "path", "a file's path")
    if not str(path).strip():
        raise OutputError(f"{input_name('path')}: an empty file name")
    if "\0" in str(path):
        raise OutputError(f"{input_name('path')}: a file name cannot hold a NUL character")
    target = Path(path)
    if not is_standard_output(target):
        output_target(target)  # before the work: a target that cannot be written is said now
    name = format_of(path) if fmt is None else fmt
    _format(name)
    write_output(target, render(result, name))


def to_html(result: Result) -> str:
    """HTML tables, for ``_repr_html_`` in Jupyter."""
    from exact_odds.render.html import document_html

    _check(result)
    return document_html(result.to_document())


__all__ = ["BINARY", "FORMATS", "SUFFIXES", "Cell", "Column", "Document", "Field", "Interactive",
           "Json", "ParquetResult", "Result", "Table", "Text", "format_of", "render", "save",
           "to_html", "version"]
