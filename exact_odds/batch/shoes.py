"""Batches of shoes from files, and their results as a polars DataFrame.

A shoes file (CSV, JSON Lines or Parquet) holds one shoe per row, written either as the
cards dealt from the game's full shoe (a column ``removed``: ``"9D KS 10H"``, written
like ``--remove``), or as 52 columns named by card (``AS`` ... ``KD``) holding counts.
``read_shoes`` is the one reader of them: the same column types in every format, and a
bound on the file's size and shoes checked before it is read.
The result has one row per input row, in order: ``shoe`` (the row number from 0),
``cards`` (cards left), then per bet its exact expected value as a reduced fraction
(``<bet>_numerator``, ``<bet>_denominator``) and a float for plotting (``<bet>``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

from exact_odds.batch.evaluator import BatchEvaluator
from exact_odds.batch.folding import concatenate_exact
from exact_odds.batch.result import BatchError, BatchResult
from exact_odds.cards import DECK, parse_card

if TYPE_CHECKING:
    import polars as pl

    from exact_odds.games.model import Game

#: Shoes evaluated per call: large enough for numpy, small enough for the caches.
CHUNK = 2048
#: The formats a shoes file may be in, by suffix.
SUFFIXES = {".csv": "csv", ".jsonl": "jsonl", ".ndjson": "jsonl", ".json": "jsonl",
            ".parquet": "parquet"}


#: The largest shoes file read, in bytes, and the most shoes (rows) it may hold: 250,000
#: shoes take 104 MB as counts, and a few minutes to evaluate.
MAX_SHOES_BYTES = 25_000_000
MAX_SHOES = 250_000

#: The largest shoe a batch evaluates, in cards (about 44,000 decks): its exact values, with
#: denominators up to N(N-1)...(N-5), still fit the 128-bit integer columns of the result.
MAX_BATCH_CARDS = 2_300_000

#: A file's columns: name -> one value per row, as the format typed it (CSV: all text).
Columns = dict[str, list[Any]]


def read_shoes(path: Path, full: Sequence[int]) -> np.ndarray:
    """The shoes of a file as an (n x 52) array of card counts; ``full`` is the shoe the
    ``removed`` cards are dealt from.

    The same column types in every format: ``removed`` is text (``"9D KS 10H"``; empty or
    null for none); a count is a whole number from 0 to ``MAX_DECKS`` (text of digits in
    CSV, an integer in JSON Lines and Parquet; never 8.7, 8.0, true or a list). The file
    is at most ``MAX_SHOES_BYTES`` bytes and ``MAX_SHOES`` shoes, checked before it is
    read. Every error is one line naming the file, and the row and column where there is
    one."""
    kind = SUFFIXES.get(path.suffix.lower())
    if kind is None:
        raise BatchError(f"{path}: a shoes file is .csv, .jsonl or .parquet, not {path.suffix!r}")
    raw = _read_bounded(path)
    try:
        columns = {"csv": _csv_columns, "jsonl": _jsonl_columns,
                   "parquet": _parquet_columns}[kind](path, raw)
    except BatchError:
        raise
    except Exception as error:  # noqa: BLE001 - any reader's failure is the file's
        raise BatchError(f"{path}: cannot read the shoes ({_reason(error)})") from None
    rows = len(next(iter(columns.values()))) if columns else 0
    if rows == 0:
        raise BatchError(f"{path}: the file holds no shoes")
    if rows > MAX_SHOES:
        raise BatchError(f"{path}: {rows:,} shoes; a shoes file may hold at most {MAX_SHOES:,}")
    if "removed" in columns:
        extra = [c for c in columns if c != "removed"]
        if extra:
            raise BatchError(f"{path}: unknown column {extra[0]!r} beside 'removed'")
        counts = _from_removed(path, _removed_text(path, columns["removed"]), full)
    else:
        counts = _from_counts(path, columns, text=kind == "csv")
    check_batch_size(counts, path=path)
    return counts


def _reason(error: BaseException) -> str:
    text = str(error).strip()
    return text.splitlines()[0] if text else type(error).__name__


def _read_bounded(path: Path) -> bytes:
    """The file's bytes, refused before reading when it is not a regular file or passes
    ``MAX_SHOES_BYTES`` (``exact_odds.files.read_bounded``)."""
    from exact_odds.files import InputFileError, read_bounded

    try:
        return read_bounded(path, MAX_SHOES_BYTES, "shoes file")
    except InputFileError as error:
        raise BatchError(str(error)) from None


def _check_lines(path: Path, raw: bytes) -> None:
    if raw.count(b"\n") > MAX_SHOES + 1:
        raise BatchError(f"{path}: more than {MAX_SHOES:,} shoes; a shoes file may hold at "
                         f"most {MAX_SHOES:,}")


def _csv_columns(path: Path, raw: bytes) -> Columns:
    """CSV: every cell is text (or null, when empty)."""
    import io

    import polars as pl

    _check_lines(path, raw)
    frame = pl.read_csv(io.BytesIO(raw), infer_schema=False)
    return {name: frame[name].to_list() for name in frame.columns}


def _jsonl_columns(path: Path, raw: bytes) -> Columns:
    """JSON Lines: one object per line (blank lines skipped), each value as JSON typed it;
    a key a row leaves out is null there."""
    import json

    _check_lines(path, raw)
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise BatchError(f"{path}: not a text file in UTF-8") from None
    rows: list[dict[str, Any]] = []
    for number, line in enumerate(line for line in text.splitlines() if line.strip()):
        try:
            row = json.loads(line)
        except (ValueError, RecursionError) as error:
            raise BatchError(f"{path}: row {number}: not a JSON object "
                             f"({_reason(error)})") from None
        if not isinstance(row, dict):
            raise BatchError(f"{path}: row {number}: not a JSON object")
        rows.append(row)
    names = list(dict.fromkeys(name for row in rows for name in row))
    return {name: [row.get(name) for row in rows] for name in names}


def _parquet_columns(path: Path, raw: bytes) -> Columns:
    """Parquet: each column as its type; the number of rows read from the file's metadata
    before the data."""
    import io

    import polars as pl

    rows = pl.scan_parquet(io.BytesIO(raw)).select(pl.len()).collect().item()
    if rows > MAX_SHOES:
        raise BatchError(f"{path}: {rows:,} shoes; a shoes file may hold at most {MAX_SHOES:,}")
    frame = pl.read_parquet(io.BytesIO(raw))
    return {name: frame[name].to_list() for name in frame.columns}


def _shown(value: object) -> str:
    """A cell as an error message shows it: text quoted, other values as JSON writes them."""
    import json

    from exact_odds.errors import quoted, shown

    if isinstance(value, str):
        return quoted(value, 40)
    try:
        return shown(json.dumps(value), 40)
    except (TypeError, ValueError):
        return shown(value, 40)


def _removed_text(path: Path, values: list[Any]) -> list[str | None]:
    for row, value in enumerate(values):
        if value is not None and not isinstance(value, str):
            raise BatchError(f"{path}: row {row}: column 'removed': the cards removed are "
                             f"text, written like --remove ('9D KS 10H'), got {_shown(value)}")
    return values


def _count(value: object, text: bool) -> int | None:
    """A count as the file gives it: an integer, or (``text``) digits; None otherwise."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if text and isinstance(value, str):
        digits = value.strip()
        if digits.isascii() and digits.isdigit() and len(digits) <= 8:
            return int(digits)
    return None


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


def _from_counts(path: Path, columns: Columns, text: bool) -> np.ndarray:
    """The counts of 52 columns named by card; ``text``: the format has no numbers (CSV),
    so a count is written in digits; elsewhere a count is an integer, never text."""
    from exact_odds.numbers import MAX_DECKS

    named: dict[str, str] = {}
    for name in columns:
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
    rows = len(columns[ordered[0]])
    counts = np.empty((rows, len(DECK)), dtype=np.int64)
    for j, name in enumerate(ordered):
        values = columns[name]
        if all(type(v) is int for v in values) and 0 <= min(values) <= max(values) <= MAX_DECKS:
            counts[:, j] = values  # the usual file, checked at C speed
            continue
        if text and all(type(v) is str and v.isascii() and v.isdigit() and len(v) <= 8 for v in values):
            counts[:, j] = np.array(values).astype(np.int64)
            if counts[:, j].max() <= MAX_DECKS:
                continue
        for row, value in enumerate(values):
            count = _count(value, text)
            if count is None or not 0 <= count <= MAX_DECKS:
                raise BatchError(f"{path}: row {row}: column {name!r}: a count is a whole "
                                 f"number from 0 to {MAX_DECKS:,}, got {_shown(value)}")
            counts[row, j] = count
    return counts


def evaluate_batch(evaluator: BatchEvaluator, counts: np.ndarray,
                   progress: Callable[[int, int], None] | None = None) -> BatchResult:
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
            raise BatchError(_shift_row(str(error), start)) from None
        if progress is not None:
            progress(min(start + CHUNK, len(counts)), len(counts))
    ids = evaluator.bet_ids
    return BatchResult(ids, {b: concatenate_exact([p.numerators[b] for p in parts]) for b in ids},
                       {b: concatenate_exact([p.denominators[b] for p in parts]) for b in ids})


def check_batch_size(counts: np.ndarray, what: str = "", path: Path | None = None) -> None:
    """Refuse shoes whose exact values would not fit the result's 128-bit integer columns;
    the error names ``what`` (an option), else the row of the shoes file ``path``, else the
    shoe's index."""
    if not len(counts):
        return
    sizes = np.asarray(counts, dtype=np.int64).sum(axis=1)
    if int(sizes.max()) > MAX_BATCH_CARDS:
        row = int(np.argmax(sizes))
        where = what or (f"{path}: row {row}" if path is not None else f"shoe {row}")
        raise BatchError(f"{where}: a shoe of {int(sizes[row]):,} cards; a batch evaluates shoes "
                         f"of at most {MAX_BATCH_CARDS:,} cards (about "
                         f"{MAX_BATCH_CARDS // 52:,} decks), whose exact values fit 128-bit "
                         "integer columns (report takes any shoe)")


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
    from exact_odds.games.inputs import check_game_arguments

    bets = check_game_arguments(game, bets=bets, strategy=strategy, settings=settings).bets
    counts = _counts_of(shoes)
    evaluator = BatchEvaluator(game, bets, strategy=strategy, settings=settings)
    return result_frame(evaluate_batch(evaluator, counts, progress), counts)


def _counts_of(shoes: Any) -> np.ndarray:
    """Shoes as an (n x 52) array of counts: a list of ``Shoe``, or whole-number counts
    from 0 to ``MAX_DECKS`` (never floats or flags, which would be cut silently)."""
    from exact_odds.errors import input_name
    from exact_odds.numbers import MAX_DECKS
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


