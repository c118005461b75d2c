"""Rendering, in one place: every result as text, Markdown, CSV, JSON, an Excel workbook
or HTML. Decimals appear only here; JSON and CSV carry every exact figure as a reduced
fraction in a string (``"-284694798368/19524993263685"``) and every count as an integer.

``render(result, fmt)`` knows the results of the library (a report, a best-play report,
a solved pay, a comparison, an effect-of-removal table) and any object with
``to_document()`` (a ``Document``) and ``to_dict()``: a new command gets every format by
giving its result those two methods (and, optionally, ``to_text()`` and ``to_csv()`` for its
own text and CSV, ``inputs()`` for the inputs a document's CSV records; the player-dealer's
table does).

Modules: ``data`` (plain dicts and documents), ``text``, ``markdown``, ``csv``, ``json``,
``xlsx``, ``html``, ``files`` (writing a file at once).
"""

from __future__ import annotations

from typing import Any

from exact_odds.errors import ExactOddsError
from exact_odds.numbers import decimal_text, fraction_text, percent_text

#: Every output format; ``xlsx`` is binary and goes to a file.
FORMATS = ("text", "markdown", "csv", "json", "xlsx")


def percent(value: Any, places: int = 4) -> str:
    return percent_text(value, places)


def decimal(value: Any, places: int = 9) -> str:
    return decimal_text(value, places)


def _kind(result: Any) -> str:
    from exact_odds.render.data import Document

    if isinstance(result, Document):
        return "document"
    name = type(result).__name__
    known = {"GameReport": "report", "StrategyReport": "strategy", "PaySolution": "solution",
             "Comparison": "comparison", "RemovalTable": "removal", "BetResult": "bet"}
    if name in known:
        return known[name]
    if hasattr(result, "to_document"):
        return "custom"
    raise TypeError(f"cannot render a {name}")


def to_data(result: Any, **context: Any) -> dict[str, Any]:
    """The result as plain JSON data."""
    from exact_odds.render import data

    kind = _kind(result)
    if kind == "report":
        return data.report_dict(result)
    if kind == "bet":
        return data.bet_dict(result)
    if kind == "strategy":
        return data.strategy_dict(result, context.get("game"))
    if kind == "solution":
        return data.solution_dict(result, context.get("report"))
    if kind == "comparison":
        return data.comparison_dict(result)
    if kind == "removal":
        return data.removal_dict(result)
    if kind == "document":
        return {"title": result.title, "inputs": dict(result.inputs)}
    return dict(result.to_dict())


def to_document(result: Any, **context: Any) -> Any:
    """The result as a ``Document`` of tables."""
    from exact_odds.render import data

    kind = _kind(result)
    if kind == "report":
        return data.report_document(result)
    if kind == "bet":
        return data.bet_document(result)
    if kind == "strategy":
        return data.strategy_document(result, context.get("game"))
    if kind == "solution":
        return data.solution_document(result, context.get("report"))
    if kind == "comparison":
        return data.comparison_document(result)
    if kind == "removal":
        return data.removal_document(result)
    if kind == "document":
        return result
    return result.to_document()


def _inputs(result: Any, **context: Any) -> dict[str, Any] | None:
    from exact_odds.render import data

    kind = _kind(result)
    if kind == "report":
        return data.report_inputs(result)
    if kind == "removal":
        return data.report_inputs(result.report)
    if kind == "strategy":
        return data.strategy_inputs(result, context.get("game"))
    if kind == "solution" and context.get("report") is not None:
        return data.report_inputs(context["report"])
    if kind == "custom" and hasattr(result, "inputs"):
        found: dict[str, Any] = result.inputs()
        return found
    return None


def render(result: Any, fmt: str = "text", **context: Any) -> str | bytes:
    """``result`` in format ``fmt`` (one of ``FORMATS``); ``xlsx`` gives bytes.

    ``context`` passes what a result does not hold itself: ``game`` for a best-play
    report, ``report`` for a solved pay.
    """
    if fmt not in FORMATS:
        raise ExactOddsError(f"unknown format {fmt!r}: use one of {', '.join(FORMATS)}")
    kind = _kind(result)
    if fmt == "json":
        from exact_odds.render.json import json_text

        return json_text(to_data(result, **context))
    if fmt == "xlsx":
        from exact_odds.render.xlsx import document_xlsx

        return document_xlsx(to_document(result, **context))
    if fmt == "csv":
        from exact_odds.render.csv import comparison_csv, document_csv, report_csv

        if kind == "report":
            return report_csv(result)
        if kind == "comparison":
            return comparison_csv(result)
        if kind == "custom" and hasattr(result, "to_csv"):
            return str(result.to_csv())
        return document_csv(to_document(result, **context), _inputs(result, **context))
    if fmt == "markdown":
        from exact_odds.render.markdown import document_markdown

        return document_markdown(to_document(result, **context), summary=kind != "report")
    from exact_odds.render import text

    if kind == "report":
        return text.report_text(result)
    if kind == "bet":
        return "\n".join(text.bet_lines(result)) + "\n"
    if kind == "strategy":
        return text.strategy_text(result, context.get("game"))
    if kind == "solution":
        return text.solution_text(result, context.get("report"))
    if kind == "comparison":
        return text.comparison_text(result)
    if kind == "removal":
        return text.removal_text(result)
    if kind == "custom" and hasattr(result, "to_text"):
        return str(result.to_text())
    return text.document_text(to_document(result, **context))


def to_html(result: Any, **context: Any) -> str:
    """HTML tables, for ``_repr_html_`` in Jupyter."""
    from exact_odds.render.html import document_html

    return document_html(to_document(result, **context), summary=_kind(result) != "report")


# --- the names the rest of the package and the notebooks have used --------------------------

def render_json(data: dict[str, Any]) -> str:
    from exact_odds.render.json import json_text

    return json_text(data)


def render_report(report: Any, fmt: str) -> str:
    """A report as text in one of the text formats."""
    out = render(report, fmt)
    assert isinstance(out, str)
    return out


def report_dict(report: Any) -> dict[str, Any]:
    from exact_odds.render.data import report_dict as build

    return build(report)


def report_frame(report: Any) -> Any:
    """Every event of every bet as a polars DataFrame (exact columns as strings)."""
    import polars as pl

    rows = []
    for bet in report.bets:
        for e in bet.events:
            rows.append({
                "bet": bet.id, "event": e.event, "pays": e.pays, "net": fraction_text(e.net),
                "combinations": e.combinations, "probability": fraction_text(e.probability),
                "probability_decimal": float(e.probability),
                "return": fraction_text(e.expected_return),
            })
    return pl.DataFrame(rows, schema_overrides={"combinations": pl.Int128})


__all__ = ["FORMATS", "decimal", "fraction_text", "to_html", "percent", "render", "render_json",
           "render_report", "report_dict", "report_frame", "to_data", "to_document"]
