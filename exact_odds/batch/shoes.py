"""Batches of shoes evaluated, and their results as a polars DataFrame.

``batch_frame`` evaluates shoes given as an array of counts (or ``Shoe``s); shoes files are
read by ``batch.shoes_file``. The result has one row per shoe, in order: ``shoe`` (the row
number from 0), ``cards`` (cards left), then per bet its exact expected value as a reduced
fraction (``<bet>_numerator``, ``<bet>_denominator``) and a float for plotting (``<bet>``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np

from exact_odds.batch.evaluator import BatchEvaluator, check_batch_size
from exact_odds.batch.folding import concatenate_exact
from exact_odds.batch.result import BatchError, BatchResult
from exact_odds.cards import DECK

if TYPE_CHECKING:
    import polars as pl

    from exact_odds.analysis.job import Job
    from exact_odds.games.model import Game
    from exact_odds.running.heartbeat import Progress

#: Shoes evaluated per call: large enough for numpy, small enough for the caches.
CHUNK = 2048


def evaluate_batch(evaluator: BatchEvaluator, counts: np.ndarray,
                   progress: Progress | None = None) -> BatchResult:
    """Evaluate a batch chunk by chunk (``progress(done, total)`` after each chunk); a shoe
    of more than ``MAX_BATCH_CARDS`` cards is refused before any work."""
    check_batch_size(counts)
    evaluator.check_cost(counts)
    parts = []
    for start in range(0, len(counts), CHUNK):
        chunk = counts[start:start + CHUNK]
        try:
            parts.append(evaluator.evaluate(chunk))
        except BatchError as error:
            raise BatchError(shift_row(str(error), start)) from None
        if progress is not None:
            progress(min(start + CHUNK, len(counts)), len(counts))
    ids = evaluator.bet_ids
    return BatchResult(ids, {b: concatenate_exact([p.numerators[b] for p in parts]) for b in ids},
                       {b: concatenate_exact([p.denominators[b] for p in parts]) for b in ids})


def shift_row(message: str, start: int) -> str:
    """An evaluator's ``row N: ...`` of a chunk of shoes from row ``start``, as row
    ``start + N``."""
    if message.startswith("row "):
        number, _, rest = message[4:].partition(":")
        if number.isdigit():
            return f"row {int(number) + start}:{rest}"
    return message


def batch_frame(game: Game | str | Path | Job, shoes: object, *,
                bets: Sequence[str] | None = None, strategy: str | None = None,
                settings: Mapping[str, str] | None = None,
                progress: Progress | None = None) -> pl.DataFrame:
    """Every bet's exact expected value for each shoe, as a polars DataFrame.

    ``game`` is a game (its id, its file's path or a ``Game``) or a ``Job`` (``game_job``);
    ``shoes`` is an (n x 52) array of card counts (``DECK`` order) or a list of ``Shoe``;
    ``progress(shoes done, shoes)`` as it goes.
    Columns: ``shoe``, ``cards``, and per bet ``<bet>_numerator`` and
    ``<bet>_denominator`` (the reduced exact value: ``Fraction(num, den)``) and ``<bet>``
    (a float, for plotting only).

    >>> frame = batch_frame("commission-free", [[8] * 52], bets=["banker"])
    >>> frame.select("banker_numerator", "banker_denominator").row(0)
    (-284694798368, 19524993263685)
    """
    from exact_odds.analysis.job import game_job
    from exact_odds.batch.evaluator import job_evaluator
    from exact_odds.running.heartbeat import check_progress

    progress = check_progress(progress)
    job = game_job(game, bets=bets, strategy=strategy, settings=settings)
    counts = _counts_of(shoes)
    return result_frame(evaluate_batch(job_evaluator(job), counts, progress), counts)


def _counts_of(shoes: object) -> np.ndarray:
    """Shoes as an (n x 52) array of counts: a list of ``Shoe``, or whole-number counts
    from 0 to ``MAX_DECKS`` (never floats or flags, which would be cut silently)."""
    from exact_odds.errors import input_name
    from exact_odds.limits import MAX_DECKS
    from exact_odds.shoe import Shoe

    what = input_name("shoes")
    if isinstance(shoes, (list, tuple)) and shoes and all(isinstance(s, Shoe) for s in shoes):
        return np.array([shoe.counts for shoe in shoes], dtype=np.int64)
    if isinstance(shoes, (str, bytes)) or not hasattr(shoes, "__len__"):
        raise BatchError(f"{what}: give an (n x 52) array of card counts or a list of Shoe, "
                         f"not {type(shoes).__name__}")
    array = np.asarray(shoes, dtype=object if not isinstance(shoes, np.ndarray) else None)
    if array.ndim != 2 or array.shape[1] != len(DECK):
        raise BatchError(f"{what}: give an (n x 52) array of card counts, one row per shoe "
                         f"(DECK order), not an array of shape {array.shape}")
    if array.dtype.kind not in "iuO" or (array.dtype.kind == "O" and not all(
            type(v) in (int, np.int64, np.int32, np.int16, np.int8, np.uint8)
            for v in array.flat)):
        raise BatchError(f"{what}: every count is a whole number (never a float or a "
                         "flag, which would be cut silently)")
    counts = array.astype(np.int64) if array.dtype.kind == "O" else array
    if len(counts) and (int(counts.min()) < 0 or int(counts.max()) > MAX_DECKS):
        row = int(np.flatnonzero((counts < 0).any(axis=1) | (counts > MAX_DECKS).any(axis=1))[0])
        raise BatchError(f"{what}: shoe {row}: a count is a whole number from 0 to "
                         f"{MAX_DECKS:,}")
    return np.asarray(counts, dtype=np.int64)


def result_frame(result: BatchResult, counts: np.ndarray, *, first: int = 0,
                 wide: bool = False) -> pl.DataFrame:
    """The results as a DataFrame, each expected value reduced; the shoes numbered from
    ``first``; ``wide``: every exact column 128-bit (a file written in parts has one type
    per column, chosen before the work), else 64-bit where every value fits."""
    import polars as pl

    columns: dict[str, pl.Series] = {
        "shoe": pl.Series("shoe", np.arange(first, first + len(counts)), dtype=pl.Int64),
        "cards": pl.Series("cards", counts.sum(axis=1), dtype=pl.Int64),
    }
    for bet_id in result.bet_ids:
        numerators, denominators = _reduced(result.numerators[bet_id],
                                            result.denominators[bet_id])
        large = object in (numerators.dtype, denominators.dtype)
        if large and not _fits_128(numerators, denominators):
            raise BatchError("an expected value is too large for an integer column "
                             f"(bet {bet_id!r}); evaluate smaller shoes")
        dtype = pl.Int128 if large or wide else pl.Int64
        for part, values in (("numerator", numerators), ("denominator", denominators)):
            name = f"{bet_id}_{part}"
            columns[name] = (pl.Series(name, values.tolist(), dtype=dtype) if large
                             else pl.Series(name, values, dtype=pl.Int64).cast(dtype))
        floats: list[float] | np.ndarray
        if large:
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
