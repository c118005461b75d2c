"""The form a result takes in a file format where a part above the result's own draws it.

A game's report (``exact_odds.analysis.report``) saved or rendered as xlsx is the approval
workbook (``exact_odds.analysis.approval``, which adds the other decks and the effect of
removal), and as html the explorer's page (``exact_odds.explorer.page``): from Python as
from the command line. The report's module cannot import either (the approval workbook
imports the report, and the explorer sits above the analysis: layers run one way), so the
package's top, which knows every part, declares each form here by name (``declare``, in
``exact_odds/__init__.py``), and ``exact_odds.render`` asks for a result's form in a format
(``form``) before it draws it. The module that makes a form is imported then, and only
then; a result of a class not yet imported has no declared form to take.

>>> form("not a report", "xlsx")
'not a report'
"""

from __future__ import annotations

import sys
from importlib import import_module

#: Each format's declared forms, in order: (the result's class, the function that makes the
#: form from the result), each as ``"module:name"``.
_DECLARED: dict[str, list[tuple[str, str]]] = {}


def declare(result_class: str, fmt: str, maker: str) -> None:
    """In format ``fmt``, a result of ``result_class`` (``"module:Class"``, subclasses
    included) takes the form ``maker`` gives it (``"module:function"``, called with the
    result)."""
    _DECLARED.setdefault(fmt, []).append((result_class, maker))


def form(result: object, fmt: str) -> object:
    """``result`` in the form declared for it in format ``fmt``, else ``result`` itself."""
    for where, maker in _DECLARED.get(fmt, ()):
        module, _, name = where.partition(":")
        loaded = sys.modules.get(module)  # not imported: no result is of its class
        if loaded is not None and isinstance(result, getattr(loaded, name)):
            module, _, function = maker.partition(":")
            made: object = getattr(import_module(module), function)(result)
            return made
    return result


__all__ = ["declare", "form"]
