"""What a result offers a notebook and a script through the ``Result`` protocol: any output
format, and HTML tables in Jupyter. A result class inherits it beside its own
``inputs()``, ``to_document()`` and ``to_dict()``; rendering itself stays in
``exact_odds.render``."""

from __future__ import annotations


class Rendered:
    """``render(fmt)`` and ``_repr_html_()`` through ``exact_odds.render``."""

    __slots__ = ()

    def render(self, fmt: str = "text") -> str | bytes:
        """The result as the command line prints it, in any of ``exact_odds.render.FORMATS``."""
        from exact_odds.render import render

        return render(self, fmt)  # type: ignore[arg-type]

    def _repr_html_(self) -> str:
        from exact_odds.render import to_html

        return to_html(self)  # type: ignore[arg-type]
