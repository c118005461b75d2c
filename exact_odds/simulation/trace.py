"""The trace: every round of a simulation, written to Parquet.

Columns: ``shoe``, ``round`` (from 1), ``unseen`` (a list of ten counts: the unseen cards by
point value 0-9, before the round), ``unseen_ranks`` (thirteen counts, A to K) where a bet
reads ranks, ``unseen_cards`` (52 counts, ``exact_odds.cards.DECK`` order) where a bet reads
suits, ``player_cards`` and ``banker_cards`` (the cards dealt to each hand in the order it
received them, written as ``"9S"``, ``"TD"``), and per bet ``<id>_ev`` (the exact expected
value for the unseen cards, a reduced fraction as text), ``<id>_bet`` (whether a unit was
placed) and ``<id>_units`` (the unit's exact settlement, a reduced fraction as text: ``"7"``,
``"-1"``, ``"19/20"``; ``"0"`` where nothing was bet or the bet had no action).

The file is written whole or not at all, through ``exact_odds.files`` (``TraceWriter``).
"""

from __future__ import annotations

import shutil
import tempfile
from collections.abc import Sequence
from pathlib import Path

import numpy as np
import polars as pl

from exact_odds.errors import ExactOddsError, input_name
from exact_odds.limits import MAX_DECKS

#: The cards of each hand, in the order dealt.
_CARDS = ("player_cards", "banker_cards")

#: The most unseen cards of one point value a trace can count: the sixteen ten-value cards
#: of a deck, in a shoe of at most ``MAX_DECKS`` of each card (``exact_odds.shoe``); the
#: counts' type is the narrowest that holds it (Int32: 16,000,000 < 2**31).
MOST_OF_A_VALUE = 16 * MAX_DECKS
COUNT_TYPE = pl.Int32 if MOST_OF_A_VALUE < 2**31 else pl.Int64
#: A round's number within its shoe: at most ``runner.MAX_ROUNDS_PER_SHOE`` (100,000, checked
#: before a simulation runs; ``tests/test_simulation.py`` holds it below 2**31).
ROUND_TYPE = pl.Int32


#: A round of some shoes as the trace gathers it: per column, its values in those shoes (an
#: array, or a list of card names or exact values as text).
TracePart = dict[str, np.ndarray | list[list[str]] | list[str]]


class TraceError(ExactOddsError, OSError):
    """A trace file that cannot be written."""


def trace_frame(parts: Sequence[TracePart], bet_ids: Sequence[str],
                detail: Sequence[str] = ()) -> pl.DataFrame:
    """The rows gathered round by round (``play._TraceRows``), as one DataFrame;
    ``detail`` names the finer unseen columns."""
    if not parts:
        return empty_trace(bet_ids, detail)
    columns: dict[str, pl.Series] = {}
    names = list(parts[0])
    for name in names:
        values = [part[name] for part in parts]
        if name in ("unseen", "unseen_ranks", "unseen_cards"):
            array = np.concatenate(values)
            columns[name] = pl.Series(name, array.tolist(), dtype=pl.List(COUNT_TYPE))
        elif name in _CARDS:
            columns[name] = pl.Series(name, [c for v in values for c in v],
                                      dtype=pl.List(pl.String))
        elif name.endswith(("_ev", "_units")):
            columns[name] = pl.Series(name, [t for v in values for t in v], dtype=pl.String)
        elif name.endswith("_bet"):
            columns[name] = pl.Series(name, np.concatenate(values), dtype=pl.Boolean)
        else:
            columns[name] = pl.Series(name, np.concatenate(values),
                                      dtype=pl.Int64 if name == "shoe" else ROUND_TYPE)
    return pl.DataFrame(columns).sort(["shoe", "round"])


def empty_trace(bet_ids: Sequence[str], detail: Sequence[str]) -> pl.DataFrame:
    schema: dict[str, pl.DataType | type[pl.DataType]] = {"shoe": pl.Int64, "round": ROUND_TYPE,
                              "unseen": pl.List(COUNT_TYPE)}
    for name in detail:
        schema[name] = pl.List(COUNT_TYPE)
    for name in _CARDS:
        schema[name] = pl.List(pl.String)
    for bet_id in bet_ids:
        schema[f"{bet_id}_ev"] = pl.String
        schema[f"{bet_id}_bet"] = pl.Boolean
        schema[f"{bet_id}_units"] = pl.String
    return pl.DataFrame(schema=schema)


class TraceWriter:
    """Writes the trace of a simulation part by part, then whole, through the one writer
    (``exact_odds.files``): the target is checked when the writer is made, before any
    round is dealt (a folder, a device, a pipe is refused; a link is written through); the
    parts go to a unique folder beside the target, are joined into a unique temporary file
    and renamed over the target. A failure or an interrupt leaves nothing behind."""

    def __init__(self, path: Path) -> None:
        from exact_odds.files import OutputError, is_standard_output, output_target

        self.path = Path(path)
        self.option = input_name("trace")
        if is_standard_output(path):
            raise TraceError(f"{self.option}: cannot write {path}: a trace is a Parquet file; "
                             "give a file name")
        try:
            target = output_target(self.path)
        except OutputError as error:
            raise TraceError(f"{self.option}: {error}") from None
        try:
            self.parts_dir = Path(tempfile.mkdtemp(prefix=f".{target.name}.",
                                                   suffix=".parts", dir=target.parent))
        except OSError as error:
            raise TraceError(f"{self.option}: cannot write {self.path}: "
                             f"{error.strerror}") from None
        self.parts: dict[int, Path] = {}

    def add(self, index: int, frame: pl.DataFrame) -> None:
        """Keep the trace of part ``index`` (parts are joined in index order)."""
        part = self.parts_dir / f"part-{index:09d}.parquet"
        try:
            frame.write_parquet(part)
        except (OSError, pl.exceptions.PolarsError) as error:
            raise TraceError(f"{self.option}: cannot write {self.path}: "
                             f"{_reason(error)}") from None
        self.parts[index] = part

    def finish(self) -> None:
        """Join the parts into the trace file, replacing it whole."""
        from exact_odds.files import OutputError, replacing

        try:
            with replacing(self.path) as temporary:
                ordered = [self.parts[i] for i in sorted(self.parts)]
                pl.concat([pl.scan_parquet(p) for p in ordered]).sink_parquet(temporary)
        except OutputError as error:
            raise TraceError(f"{self.option}: {error}") from None
        except (OSError, pl.exceptions.PolarsError) as error:
            raise TraceError(f"{self.option}: cannot write {self.path}: "
                             f"{_reason(error)}") from None
        finally:
            self.abort()

    def abort(self) -> None:
        """Remove the parts (and nothing else)."""
        shutil.rmtree(self.parts_dir, ignore_errors=True)


def _reason(error: BaseException) -> str:
    text = getattr(error, "strerror", None) or str(error).strip()
    return text.splitlines()[0] if text else type(error).__name__
