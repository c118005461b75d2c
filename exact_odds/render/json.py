"""JSON, the one writer of it: one object per result, exact figures as ``"p/q"`` strings,
counts as integers, ``true``/``false`` for flags; non-ASCII kept, control characters
escaped by the encoder; and the compact form of a value inside another format."""

from __future__ import annotations

import json
from typing import Any


def json_text(data: dict[str, Any]) -> str:
    """A result's JSON document, indented."""
    return json.dumps(data, indent=2, ensure_ascii=False) + "\n"


def json_value(value: object) -> str:
    """A value as compact JSON on one line: a CSV cell holding a list or a mapping, a
    Parquet file's metadata."""
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False, default=str)


def json_list_parts(data: dict[str, Any], key: str) -> tuple[str, str]:
    """A result's JSON written in parts, its last key ``key`` a list of objects: the text
    before the first item and after the last, so that ``opening + ",\\n".join(items) +
    closing`` (each item ``json_item(value)``) is ``json_text({**data, key: values})`` for a
    list that is not empty.

    >>> opening, closing = json_list_parts({"game": "tie"}, "rows")
    >>> rows = [{"shoe": 0}, {"shoe": 1}]
    >>> opening + ",\\n".join(map(json_item, rows)) + closing == json_text(
    ...     {"game": "tie", "rows": rows})
    True
    """
    text = json_text({**{k: v for k, v in data.items() if k != key}, key: [None]})
    opening, _, closing = text.rpartition("\n    null\n")
    return opening + "\n", "\n" + closing


def json_item(value: object) -> str:
    """One item of a list at the second level of ``json_text``, as it indents it."""
    return "\n".join("    " + line for line in
                     json.dumps(value, indent=2, ensure_ascii=False).split("\n"))
