"""Finding a thing by the name a person types: the exact name first, then the same words
in any case, then the same words as a slug (``win-by-9-points``).

A closer match always wins: with events "Banker 6+7" and "Banker 6 7", the query
"Banker 6 7" is the second, exactly, though both have the slug ``banker-6-7``. Two
equally close matches are refused as ambiguous, never settled by order.

>>> find_name(["Banker 6+7", "Banker 6 7"], "Banker 6 7")
1
>>> find_name(["Win by 9 points", "Natural win"], "win-by-9-points")
0
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from exact_odds.errors import ExactOddsError, quoted


class AmbiguousNameError(ExactOddsError, LookupError):
    """A name that matches more than one thing equally well."""


def slug(text: str) -> str:
    """Lower-case words joined by hyphens: ``"Win by 9 points" -> "win-by-9-points"``."""
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


def find_name(names: Sequence[str], query: str) -> int | None:
    """The index of the name ``query`` means, by the closest kind of match; ``None`` if
    nothing matches; ``AmbiguousNameError`` if two names match equally closely."""
    for same in (lambda n: n == query,
                 lambda n: n.lower() == query.lower(),
                 lambda n: bool(slug(query)) and slug(n) == slug(query)):
        found = [i for i, name in enumerate(names) if same(name)]
        if len(found) == 1:
            return found[0]
        if len(found) > 1:
            listed = "; ".join(quoted(names[i], 60) for i in found)
            raise AmbiguousNameError(f"{quoted(query)} matches more than one name ({listed}): "
                             "write the name exactly")
    return None
