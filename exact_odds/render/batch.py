"""A batch of shoes' results: CSV and JSON with each exact value as a reduced fraction in a
string, Parquet with integer numerator and denominator columns.

CSV holds the table alone (a header row, then one row per shoe), so that any CSV reader
takes it; JSON and Parquet also record the inputs (game, decks, strategy, settings, the
shoes file, the exact-odds version): JSON as fields beside ``rows``, Parquet as file
metadata under the key ``exact-odds``.
"""

from __future__ import annotations

import io
import json
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import polars as pl

FORMATS = ("csv", "json", "parquet")


def render_batch(frame: pl.DataFrame, bet_ids: Sequence[str], fmt: str,
                 inputs: dict[str, Any]) -> str | bytes:
    """The results of ``batch_frame`` in ``fmt`` (csv, json or parquet)."""
    from exact_odds.batch.shoes import fraction_columns

    if fmt == "parquet":
        exact = frame.select(["shoe", "cards", *(f"{b}_{part}" for b in bet_ids
                                                 for part in ("numerator", "denominator"))])
        buffer = io.BytesIO()
        exact.write_parquet(buffer, metadata={"exact-odds": json.dumps(inputs)})
        return buffer.getvalue()
    strings = fraction_columns(frame, bet_ids)
    if fmt == "csv":
        return strings.write_csv()
    if fmt == "json":
        return json.dumps({**inputs, "rows": strings.to_dicts()}, indent=1,
                          ensure_ascii=False) + "\n"
    raise ValueError(f"unknown batch format {fmt!r}")
