"""What a result offers a notebook and a script through the ``Result`` protocol: any output
format, a file saved in any of them, and HTML tables in Jupyter. A result class inherits it
beside its own ``inputs()``, ``to_document()`` and ``to_dict()``; rendering itself stays in
``exact_odds.render``."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from pathlib import Path


class Rendered:
    """``render(fmt)``, ``save(path, format)`` and ``_repr_html_()`` through
    ``exact_odds.render``."""

    __slots__ = ()

    def render(self, fmt: str = "text") -> str | bytes:
        """The result as the command line prints it, in any of ``exact_odds.render.FORMATS``."""
        from exact_odds.render import render

        return render(self, fmt)  # type: ignore[arg-type]

    def save(self, path: str | Path, format: str | None = None) -> None:
        """Write the result to the file ``path``, exactly as the command line's
        ``--format FORMAT`` and ``--output PATH`` write it. ``format`` is one of text,
        markdown, csv, json, xlsx, html (and parquet for a batch of shoes); without it, the
        format is the one the name's suffix says (``.txt``, ``.md``, ``.csv``, ``.json``,
        ``.xlsx``, ``.html``, ``.parquet``: the table ``exact_odds.render.SUFFIXES``). A
        game's report saved as xlsx is the approval workbook (with 4, 6 and 8 decks and the
        effect of removal), as html the explorer's page.

        The file is written whole or not at all, through the one writer: the target is
        checked before any work (a folder, a device, a pipe or a folder that does not exist
        is refused), the data goes to a temporary file beside it, renamed over it at the
        end; a link is written through; ``-`` prints. Any refusal is one ``ExactOddsError``
        naming the path: an unknown suffix or format, a target that cannot be written. For
        example::

            report = exact_odds.game_report("rock-bac")
            report.save("rock-bac.xlsx")            # the approval workbook
            report.save("rock-bac.html")            # the explorer's page
            report.save("rock-bac.out", "json")     # any name, the format given
        """
        from exact_odds.render import save

        save(self, path, format)  # type: ignore[arg-type]

    def _repr_html_(self) -> str:
        from exact_odds.render import to_html

        return to_html(self)  # type: ignore[arg-type]
