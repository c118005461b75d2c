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
