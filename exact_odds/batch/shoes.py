"""Batches of shoes from files, and their results as a polars DataFrame.

A shoes file (CSV, JSON Lines or Parquet) holds one shoe per row, written either as the
cards dealt from the game's full shoe (a column ``removed``: ``"9D KS 10H"``, written
like ``--remove``), or as 52 columns named by card (``AS`` ... ``KD``) holding counts.
The result has one row per input row, in order: ``shoe`` (the row number from 0),
``cards`` (cards left), then per bet its exact expected value as a reduced fraction
(``<bet>_numerator``, ``<bet>_denominator``) and a float for plotting (``<bet>``).
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

from exact_odds.batch.evaluator import BatchError, BatchEvaluator, BatchResult
from exact_odds.cards import DECK, parse_card
from exact_odds.engine.compiled import concatenate_exact

if TYPE_CHECKING:
    import polars as pl

    from exact_odds.games.model import Game

#: Shoes evaluated per call: large enough for numpy, small enough for the caches.
CHUNK = 2048
#: The formats a shoes file may be in, by suffix.
SUFFIXES = {".csv": "csv", ".jsonl": "jsonl", ".ndjson": "jsonl", ".json": "jsonl",
            ".parquet": "parquet"}


def read_shoes(path: Path, full: Sequence[int]) -> np.ndarray:
    """The shoes of a file as an (n x 52) array of card counts; ``full`` is the shoe the
    ``removed`` cards are dealt from. A bad row is reported by its number."""
    import polars as pl

    kind = SUFFIXES.get(path.suffix.lower())
    if kind is None:
        raise BatchError(f"{path}: a shoes file is .csv, .jsonl or .parquet, not {path.suffix!r}")
    try:
        if kind == "csv":
            frame = pl.read_csv(path, infer_schema=False)
        elif kind == "jsonl":
            frame = pl.read_ndjson(path, infer_schema_length=None)
        else:
            frame = pl.read_parquet(path)
    except (OSError, pl.exceptions.PolarsError) as error:
        reason = str(error).strip().splitlines()[0] if str(error).strip() else type(error).__name__
        raise BatchError(f"{path}: cannot read the shoes ({reason})") from None
    if frame.height == 0:
        raise BatchError(f"{path}: the file holds no shoes")
    if "removed" in frame.columns:
        extra = [c for c in frame.columns if c != "removed"]
        if extra:
            raise BatchError(f"{path}: unknown column {extra[0]!r} beside 'removed'")
        return _from_removed(path, frame["removed"].cast(pl.Utf8).to_list(), full)
    return _from_counts(path, frame)


def _from_removed(path: Path, rows: list[str | None], full: Sequence[int]) -> np.ndarray:
    index = {card: i for i, card in enumerate(DECK)}
    seen: dict[str, int] = {}
    counts = np.tile(np.asarray(full, dtype=np.int64), (len(rows), 1))
    for row, text in enumerate(rows):
        for token in (text or "").replace(",", " ").split():
            card = seen.get(token)
            if card is None:
                try:
                    card = seen[token] = index[parse_card(token)]
                except ValueError as error:
                    raise BatchError(f"{path}: row {row}: column 'removed': {error}") from None
            counts[row, card] -= 1
            if counts[row, card] < 0:
                raise BatchError(f"{path}: row {row}: column 'removed': cannot remove "
                                 f"{DECK[card]}: the shoe has none left")
    return counts


def _from_counts(path: Path, frame: pl.DataFrame) -> np.ndarray:
    import polars as pl

    named: dict[str, str] = {}
    for name in frame.columns:
        try:
            card = parse_card(name)
        except ValueError:
            raise BatchError(f"{path}: unknown column {name!r}: give a column 'removed' or 52 "
                             "columns named by card (AS ... KD) holding counts") from None
        if card in named.values():
            raise BatchError(f"{path}: two columns name {card}")
        named[name] = card
    missing = [card for card in DECK if card not in named.values()]
    if missing:
        raise BatchError(f"{path}: no column for {missing[0]}: a shoe by counts needs all 52 cards")
    ordered = [name for card in DECK for name, c in named.items() if c == card]
    counts = np.empty((frame.height, len(DECK)), dtype=np.int64)
    for j, name in enumerate(ordered):
        series = frame[name]
        as_int = series.cast(pl.Int64, strict=False)
        bad = (as_int.is_null() | (as_int < 0)).arg_true()
        if len(bad):
            row = int(bad[0])
            raise BatchError(f"{path}: row {row}: column {name!r}: a count is a whole number of "
                             f"at least 0, got {series[row]!r}")
        counts[:, j] = as_int.to_numpy()
    return counts


def evaluate_batch(evaluator: BatchEvaluator, counts: np.ndarray,
                   progress: Callable[[int, int], None] | None = None) -> BatchResult:
    """Evaluate a batch chunk by chunk (``progress(done, total)`` after each chunk)."""
    parts = []
    for start in range(0, len(counts), CHUNK):
        chunk = counts[start:start + CHUNK]
        try:
            parts.append(evaluator.evaluate(chunk))
        except BatchError as error:
            raise BatchError(_shift_row(str(error), start)) from None
        if progress is not None:
            progress(min(start + CHUNK, len(counts)), len(counts))
    ids = evaluator.bet_ids
    return BatchResult(ids, {b: concatenate_exact([p.numerators[b] for p in parts]) for b in ids},
                       {b: concatenate_exact([p.denominators[b] for p in parts]) for b in ids})


def _shift_row(message: str, start: int) -> str:
    if message.startswith("row "):
        number, _, rest = message[4:].partition(":")
        if number.isdigit():
            return f"row {int(number) + start}:{rest}"
    return message


def batch_frame(game: Game | str | Path, shoes: Any, *, bets: Sequence[str] | None = None,
                strategy: str | None = None, settings: Mapping[str, str] | None = None,
                progress: Callable[[int, int], None] | None = None) -> pl.DataFrame:
    """Every bet's exact expected value for each shoe, as a polars DataFrame.

    ``shoes`` is an (n x 52) array of card counts (``DECK`` order) or a list of ``Shoe``.
    Columns: ``shoe``, ``cards``, and per bet ``<bet>_numerator`` and
    ``<bet>_denominator`` (the reduced exact value: ``Fraction(num, den)``) and ``<bet>``
    (a float, for plotting only).

    >>> frame = batch_frame("commission-free", [[8] * 52], bets=["banker"])
    >>> frame["banker_numerator"][0], frame["banker_denominator"][0]
    (-284694798368, 19524993263685)
    """
    evaluator = BatchEvaluator(game, bets, strategy=strategy, settings=settings)
    counts = _counts_of(shoes)
    return result_frame(evaluate_batch(evaluator, counts, progress), counts)


def _counts_of(shoes: Any) -> np.ndarray:
    from exact_odds.shoe import Shoe

    if isinstance(shoes, (list, tuple)) and shoes and isinstance(shoes[0], Shoe):
        return np.array([shoe.counts for shoe in shoes], dtype=np.int64)
    return np.asarray(shoes, dtype=np.int64)


def result_frame(result: BatchResult, counts: np.ndarray) -> pl.DataFrame:
    """The results as a DataFrame, each expected value reduced."""
    import polars as pl

    columns: dict[str, Any] = {
        "shoe": pl.Series("shoe", np.arange(len(counts)), dtype=pl.Int64),
        "cards": pl.Series("cards", counts.sum(axis=1), dtype=pl.Int64),
    }
    for bet_id in result.bet_ids:
        numerators, denominators = _reduced(result.numerators[bet_id],
                                            result.denominators[bet_id])
        wide = object in (numerators.dtype, denominators.dtype)
        dtype = pl.Int128 if wide and _fits_128(numerators, denominators) else pl.Int64
        if wide and dtype is pl.Int64:
            raise BatchError("an expected value is too large for an integer column "
                             f"(bet {bet_id!r}); evaluate smaller shoes")
        columns[f"{bet_id}_numerator"] = pl.Series(f"{bet_id}_numerator", numerators.tolist(),
                                                   dtype=dtype)
        columns[f"{bet_id}_denominator"] = pl.Series(f"{bet_id}_denominator",
                                                     denominators.tolist(), dtype=dtype)
        floats: Any
        if wide:
            floats = [int(n) / int(d) for n, d in zip(numerators, denominators)]
        else:  # a float for plotting only: the exact value is in the two integer columns
            floats = numerators.astype(np.float64) / denominators.astype(np.float64)
        columns[bet_id] = pl.Series(bet_id, floats, dtype=pl.Float64)
    return pl.DataFrame(columns)


def _reduced(numerators: np.ndarray, denominators: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    if object not in (numerators.dtype, denominators.dtype):
        common = np.gcd(numerators, denominators)
        return numerators // common, denominators // common
    from math import gcd

    pairs = [(int(n), int(d)) for n, d in zip(numerators, denominators)]
    common_list = [gcd(n, d) for n, d in pairs]
    return (np.array([n // g for (n, _), g in zip(pairs, common_list)], dtype=object),
            np.array([d // g for (_, d), g in zip(pairs, common_list)], dtype=object))


def _fits_128(*arrays: np.ndarray) -> bool:
    return all(-(2**127) <= int(v) < 2**127 for array in arrays for v in array)


def fraction_columns(frame: pl.DataFrame, bet_ids: Sequence[str]) -> pl.DataFrame:
    """The results with each bet's value as a reduced fraction in a string (CSV, JSON)."""
    import polars as pl

    exprs = [pl.col("shoe"), pl.col("cards")]
    for bet_id in bet_ids:
        num, den = pl.col(f"{bet_id}_numerator"), pl.col(f"{bet_id}_denominator")
        exprs.append(pl.when(den == 1).then(num.cast(pl.Utf8))
                     .otherwise(num.cast(pl.Utf8) + "/" + den.cast(pl.Utf8)).alias(bet_id))
    return frame.select(exprs)


class Progress:
    """A progress bar on standard error, shown only on a terminal and only once the work
    has taken more than a second."""

    def __init__(self, label: str, stream: Any = None) -> None:
        self.label = label
        self.stream = stream if stream is not None else sys.stderr
        self.start = time.monotonic()
        self.shown = False

    def __call__(self, done: int, total: int) -> None:
        if not getattr(self.stream, "isatty", lambda: False)():
            return
        if not self.shown and time.monotonic() - self.start < 1:
            return
        self.shown = True
        width = 30
        filled = width * done // max(total, 1)
        self.stream.write(f"\r{self.label} [{'#' * filled}{'.' * (width - filled)}] "
                          f"{done:,}/{total:,}")
        if done >= total:
            self.stream.write("\n")
        self.stream.flush()
