"""The inputs a result records, under the same keys in every format.

Every result's ``inputs()`` is plain data. The keys shared by the results of the library:

* ``game`` (the game's id), ``game_file`` (its file, when it is not built in), ``name``;
* ``rules``, ``strategy``, ``settings`` (name -> value); ``known`` (cards known by position:
  position -> ranks), where any are;
* ``shoe`` (exact, itself a valid shoe file), ``decks``, ``cards``, ``shoe_description``;
* ``exact_odds_version``;

and each result adds its own (``table_file``; ``shoes_file`` and ``bets`` for a batch;
``dealing``, ``play``, ``seed``, ``shoes`` ... for a simulation). JSON writes them as they
are; a header shows them as lines (``input_lines``); CSV writes them in the first columns of
every row (``input_columns``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from exact_odds.errors import escape_controls
from exact_odds.numbers import fraction_text, int_text
from exact_odds.render.document import Field, Json

if TYPE_CHECKING:
    import polars as pl

#: The first input columns of a CSV, in this order, where a result records them.
LEADING = ("game", "game_file", "shoe", "rules", "strategy", "settings", "exact_odds_version")
#: Inputs written for people that follow from ``game`` and ``shoe``: not repeated in CSV.
DERIVED = ("name", "decks", "cards", "shoe_description", "notes")


def plain(value: object) -> object:
    """A setting's value as JSON data: a flag, a number or text."""
    return value if isinstance(value, (bool, int, str)) or value is None else str(value)


def setting_text(value: object) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)


def input_lines(data: Json) -> tuple[Field, ...]:
    """The usual inputs of a game's result as header fields: game, shoe, rules, strategy,
    settings and version."""
    game = f"{data['name']} ({data['game']})"
    if data.get("game_file"):
        game += f", file {data['game_file']}"
    lines = [Field("Game", game), Field("Shoe", data["shoe_description"]),
             Field("Rules", data["rules"])]
    if data.get("strategy"):
        lines.append(Field("Strategy", data["strategy"]))
    for name, value in (data.get("settings") or {}).items():
        lines.append(Field(f"Setting {name}", setting_text(value)))
    if data.get("known"):  # cards known by position: position -> ranks
        lines.append(Field("Known", "; ".join(f"card {position} is {' or '.join(ranks)}"
                                              for position, ranks in data["known"].items())))
    lines.append(Field("exact-odds", data["exact_odds_version"]))
    return tuple(lines)


def csv_text(value: object) -> str:
    """An input or a cell as CSV text: exact and machine-readable (lists and mappings as
    compact JSON)."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return int_text(value)
    if isinstance(value, Fraction):
        return fraction_text(value)
    if isinstance(value, float):
        return repr(value)
    if isinstance(value, (Mapping, list, tuple)):
        from exact_odds.render.json import json_value  # the json module: loaded only here

        return json_value(value)
    return escape_controls(str(value))


def exact_texts(numerators: Sequence[int], denominators: Sequence[int]) -> list[str]:
    """Reduced fractions given as their numerators and (positive) denominators, each as
    ``csv_text`` writes the fraction: ``"p/q"``, or ``"p"`` where ``q`` is 1. For columns of
    128-bit integers at most (a batch's), so that no figure passes ``MAX_DIGITS``.

    >>> exact_texts([-3, 0, 5], [7, 1, 1])
    ['-3/7', '0', '5']
    """
    return [str(n) if d == 1 else f"{n}/{d}" for n, d in zip(numerators, denominators)]


def exact_text_column(numerator: str, denominator: str) -> pl.Expr:
    """``exact_texts`` as a polars expression on two integer columns (a batch's): the same
    text, ``"p/q"`` or ``"p"`` where ``q`` is 1, made column-wise without a Python string
    per value."""
    import polars as pl

    text = pl.col(numerator).cast(pl.String)
    return pl.when(pl.col(denominator) == 1).then(text).otherwise(
        pl.concat_str([text, pl.lit("/"), pl.col(denominator).cast(pl.String)]))


def input_columns(data: Mapping[str, Any], prefix: str = "") -> list[tuple[str, str]]:
    """The inputs as (column, text) pairs: ``LEADING`` first (``game_file`` empty for a
    built-in game), then every other input in order. A nested set of inputs (a mapping
    with a ``game``, as each side of a comparison) is spread into columns of its own,
    named with its key (``first_game``...)."""
    columns: list[tuple[str, str]] = []
    nested = {key for key, value in data.items()
              if isinstance(value, Mapping) and "game" in value}
    for key in LEADING:
        if key == "exact_odds_version" and prefix:
            continue
        if key == "game_file" and "game" in data:
            columns.append((prefix + key, csv_text(data.get(key) or "")))
        elif key == "settings" and "game" in data:
            columns.append((prefix + key, csv_text(data.get(key) or {})))
        elif key in data:
            columns.append((prefix + key, csv_text(data[key])))
    for key, value in data.items():
        if key in LEADING or key in DERIVED:
            continue
        if key in nested:
            columns += input_columns(value, f"{prefix}{key}_")
        else:
            columns.append((prefix + key, csv_text(value)))
    return columns
