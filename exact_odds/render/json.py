"""JSON, the one writer of it: one object per result, exact figures as ``"p/q"`` strings,
counts as integers, ``true``/``false`` for flags; non-ASCII kept, control characters
escaped by the encoder."""

from __future__ import annotations

import json
from typing import Any


def json_text(data: dict[str, Any]) -> str:
    return json.dumps(data, indent=2, ensure_ascii=False) + "\n"
