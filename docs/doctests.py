"""A griffe extension for the API pages: a docstring's doctests (``>>>`` lines and the
output under them) become fenced ``pycon`` blocks, shown as code rather than as quoted
text. The docstrings themselves stay plain, as ``pytest --doctest-modules`` runs them."""

from __future__ import annotations

from typing import Any

import griffe


def fence_doctests(text: str) -> str:
    """``text`` with each run of doctest lines fenced.

    >>> print(fence_doctests("Adds.\\n\\n>>> 1 + 1\\n2\\n\\nDone."))
    Adds.
    <BLANKLINE>
    ```pycon
    >>> 1 + 1
    2
    ```
    <BLANKLINE>
    Done.
    """
    out: list[str] = []
    inside = False
    for line in text.splitlines():
        if not inside and line.lstrip().startswith(">>>"):
            out.append("```pycon")
            inside = True
        elif inside and not line.strip():
            out.append("```")
            inside = False
        out.append(line)
    if inside:
        out.append("```")
    return "\n".join(out)


class Doctests(griffe.Extension):
    def on_object(self, *, obj: griffe.Object, **kwargs: Any) -> None:
        if obj.docstring is not None and ">>>" in obj.docstring.value:
            obj.docstring.value = fence_doctests(obj.docstring.value)
