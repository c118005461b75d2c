"""What every result of the library offers a notebook and a script: plain data, any output
format, and an HTML table in Jupyter. A result class inherits it; rendering itself stays
in this package (``exact_odds.render``), imported only when asked for."""

from __future__ import annotations

from typing import Any


class Rendered:
    """``to_dict()``, ``render(fmt)`` and ``_repr_html_()`` through ``exact_odds.render``."""

    __slots__ = ()

    def to_dict(self) -> dict[str, Any]:
        """The result as plain data: its inputs, exact fractions as strings, counts as
        integers."""
        from exact_odds.render import to_data

        return to_data(self)

    def render(self, fmt: str = "text") -> str | bytes:
        """The result as the command line prints it, in any of ``exact_odds.render.FORMATS``."""
        from exact_odds.render import render

        return render(self, fmt)

    def _repr_html_(self) -> str:
        from exact_odds.render import to_html

        return to_html(self)
