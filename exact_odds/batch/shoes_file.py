"""Shoes files: the one reader of a batch's shoes.

A shoes file (CSV, JSON Lines or Parquet) holds one shoe per row, written either as the
cards dealt from the game's full shoe (a column ``removed``: ``"9D KS 10H"``, written
like ``--remove``), or as 52 columns named by card (``AS`` ... ``KD``) holding counts.
``read_shoes`` is the one reader of them: the same column types in every format, and a
bound on the file's size and shoes checked before it is read; ``column_chunks`` and
``chunk_counts`` read a file of any length a range at a time (``batch.run``).
"""

from __future__ import annotations

import io
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from decimal import Decimal
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np

from exact_odds.batch.evaluator import check_batch_size
from exact_odds.batch.result import BatchError
from exact_odds.cards import DECK, parse_card
from exact_odds.limits import MAX_BATCH_CARDS, MAX_FILE_SHOES, MAX_SHOES_BYTES

if TYPE_CHECKING:
    import polars as pl

#: Shoes read from a file at a time (a batch's range of work): small enough that the cards
#: removed, one string per card while they are counted, stay within some tens of MB.
CHUNK_ROWS = 4_000
#: The formats a shoes file may be in, by suffix.
SUFFIXES = {".csv": "csv", ".jsonl": "jsonl", ".ndjson": "jsonl", ".json": "jsonl",
            ".parquet": "parquet"}

#: A chunk's columns: name -> one value per row, as the format typed it (CSV: all text), in
#: a polars Series or a list.
Columns = dict[str, "pl.Series | list[object]"]


def read_shoes(path: Path, full: Sequence[int]) -> np.ndarray:
    """The shoes of a file as an (n x 52) array of card counts; ``full`` is the shoe the
    ``removed`` cards are dealt from.

    The same column types in every format: ``removed`` is text (``"9D KS 10H"``; empty or
    null for none); a count is a whole number from 0 to ``MAX_DECKS`` (text of digits in
    CSV, an integer in JSON Lines and Parquet, or a Parquet decimal with no places; never
    8.7, 8.0, true or a list). The whole file is held at once, so it is at most
    ``MAX_SHOES_BYTES`` bytes and ``MAX_FILE_SHOES`` shoes, checked before it is read (the
    command streams a file of any size: ``shoe_chunks``). Every error is one line naming
    the file, and the row and column where there is one."""
    from exact_odds.files import InputFileError, regular_file

    _kind(path)
    try:
        size = regular_file(path, "shoes file")
    except InputFileError as error:
        raise BatchError(str(error)) from None
    if size > MAX_SHOES_BYTES:
        raise BatchError(f"{path}: the file has {size:,} bytes; a shoes file may have at most "
                         f"{MAX_SHOES_BYTES:,}")
    parts = []
    held = 0
    for _, counts in shoe_chunks(path, full):
        held += len(counts)
        if held > MAX_FILE_SHOES:
            raise BatchError(f"{path}: more than {MAX_FILE_SHOES:,} shoes; a shoes file may "
                             f"hold at most {MAX_FILE_SHOES:,} when read whole (the batch "
                             "command streams any number)")
        parts.append(counts)
    return np.concatenate(parts)


def shoe_chunks(path: Path, full: Sequence[int], rows: int = CHUNK_ROWS
                ) -> Iterator[tuple[int, np.ndarray]]:
    """The shoes of a file, ``rows`` at a time: ``(first row, counts)``, the counts an
    array of (at most ``rows``) x 52, checked as ``read_shoes`` says, each error naming the
    file and its row. Memory is bounded by the chunk, whatever the file's length."""
    for first, chunk in column_chunks(path, rows):
        yield first, chunk_counts(chunk, full, first)


@dataclass(frozen=True)
class Chunk:
    """Some rows of a shoes file as read, before they are counted (picklable: a worker
    counts them): the file, its columns (in the file's order, checked) and whether its
    counts are text (CSV)."""

    path: Path
    columns: Columns
    text: bool

    def __len__(self) -> int:
        return len(next(iter(self.columns.values()))) if self.columns else 0


def column_chunks(path: Path, rows: int = CHUNK_ROWS) -> Iterator[tuple[int, Chunk]]:
    """The rows of a shoes file as read, ``rows`` at a time: ``(first row, chunk)``; the
    file and its columns' names checked, not yet the values (``chunk_counts``)."""
    from exact_odds.files import InputFileError, regular_file

    kind = _kind(path)
    try:
        regular_file(path, "shoes file")
    except InputFileError as error:
        raise BatchError(str(error)) from None
    first = 0
    names: list[str] | None = None
    frames = {"csv": _csv_frames, "jsonl": _jsonl_frames, "parquet": _parquet_frames}[kind]
    chunks = frames(path, rows)
    while True:
        try:
            columns = next(chunks, None)
        except BatchError:
            raise
        except Exception as error:  # noqa: BLE001 - any reader's failure is the file's
            raise BatchError(f"{path}: cannot read the shoes ({_reason(error)})") from None
        if columns is None:
            break
        if names is None:
            names = _check_names(path, list(columns))
        chunk = Chunk(path, columns, kind == "csv")
        count = len(chunk)
        if not count:
            continue
        if "removed" not in columns:  # a later JSON line may leave a card out: null there
            chunk = Chunk(path, {name: columns.get(name, [None] * count) for name in names},
                          kind == "csv")
        yield first, chunk
        first += count
    if first == 0:
        raise BatchError(f"{path}: the file holds no shoes")


def chunk_counts(chunk: Chunk, full: Sequence[int], first: int) -> np.ndarray:
    """The counts of a chunk of rows starting at row ``first``, checked as ``read_shoes``
    says; an error names the file and its row."""
    path, columns = chunk.path, chunk.columns
    try:
        if "removed" in columns:
            if not chunk.text:
                _refuse_null_removed(path, columns["removed"])
            counts = _from_removed(path, columns["removed"], full)
        else:
            counts = _from_counts(path, columns, text=chunk.text)
        check_batch_size(counts, path=path)
    except BatchError as error:
        raise BatchError(_shift_file_row(str(error), path, first)) from None
    return counts


def _refuse_null_removed(path: Path, values: pl.Series | list[object]) -> None:
    """Refuse, naming its row, a null ``removed`` cell of JSON Lines or Parquet (or a JSON
    line without the key), where null and text differ: it says nothing of the shoe, and is
    not read as "no card removed", which is ``""``. (CSV writes both as an empty cell,
    which is none removed.)"""
    import polars as pl

    if isinstance(values, pl.Series):
        row = int(values.is_null().arg_max() or 0) if values.null_count() else None
    else:
        row = next((i for i, value in enumerate(values) if value is None), None)
    if row is not None:
        raise BatchError(f"{path}: row {row}: column 'removed': no value (null); write \"\" "
                         "for a shoe with no card removed")


def _kind(path: Path) -> str:
    kind = SUFFIXES.get(path.suffix.lower())
    if kind is None:
        raise BatchError(f"{path}: a shoes file is .csv, .jsonl or .parquet, not {path.suffix!r}")
    return kind


def _check_names(path: Path, names: list[str]) -> list[str]:
    """The columns of a shoes file: ``removed`` alone, or card names (checked by
    ``_from_counts``); a name given twice is refused as such."""
    seen: set[str] = set()
    for name in names:
        if name in seen:
            raise BatchError(f"{path}: the column {name!r} is given twice")
        seen.add(name)
    if "removed" in names:
        extra = [c for c in names if c != "removed"]
        if extra:
            raise BatchError(f"{path}: unknown column {extra[0]!r} beside 'removed'")
    return names


def _shift_file_row(message: str, path: Path, first: int) -> str:
    """``{path}: row N: ...`` of a chunk as the file's row ``first + N``."""
    lead = f"{path}: row "
    if first and message.startswith(lead):
        number, _, rest = message[len(lead):].partition(":")
        if number.isdigit():
            return f"{lead}{int(number) + first}:{rest}"
    return message


def _reason(error: BaseException) -> str:
    text = str(error).strip()
    return text.splitlines()[0] if text else type(error).__name__


def _csv_frames(path: Path, rows: int) -> Iterator[Columns]:
    """CSV: every cell is text (or null, when empty). The header is read first, so that a
    name given twice is said as such; a row with more cells than the header is named."""
    import csv

    import polars as pl

    with path.open("rb") as handle:  # the header alone, never more than a header can be
        head = handle.read(MOST_HEADER_BYTES + 1)
    if len(head) > MOST_HEADER_BYTES and b"\n" not in head:
        raise BatchError(f"{path}: the first line has more than {MOST_HEADER_BYTES:,} bytes: "
                         "not a header of card names or 'removed'")
    text = head.decode("utf-8", errors="replace")
    header = next(csv.reader(io.StringIO(text, newline="")), None)
    if header is None:
        raise BatchError(f"{path}: the file holds no shoes")
    _check_names(path, header)
    try:
        for frame in pl.scan_csv(path, infer_schema=False).collect_batches(chunk_size=rows):
            yield {name: frame[name] for name in frame.columns}
    except pl.exceptions.PolarsError as error:
        ragged = _ragged_row(path, len(header))
        if ragged is not None:
            raise BatchError(ragged) from None
        raise BatchError(f"{path}: cannot read the shoes ({_reason(error)})") from None


def _ragged_row(path: Path, width: int) -> str | None:
    """The first row of a CSV file whose cells do not match its header, as an error."""
    import csv

    with path.open(newline="", encoding="utf-8", errors="replace") as handle:
        reader = csv.reader(handle)
        next(reader, None)
        for row, cells in enumerate(reader):
            if cells and len(cells) != width:
                return (f"{path}: row {row}: {len(cells)} cells where the header names "
                        f"{width} columns")
    return None


def _jsonl_frames(path: Path, rows: int) -> Iterator[Columns]:
    """JSON Lines: one object per line (blank lines skipped), each value as JSON typed it;
    a key a row leaves out is null there; a key given twice in a row is refused."""
    import json

    def unique(pairs: list[tuple[str, object]]) -> dict[str, object]:
        found = dict(pairs)
        if len(found) != len(pairs):
            twice = next(k for i, (k, _) in enumerate(pairs) if k in dict(pairs[:i]))
            raise ValueError(f"the key {twice!r} is given twice")
        return found

    number = 0
    chunk: list[dict[str, object]] = []
    with path.open("rb") as handle:
        while raw := handle.readline(MOST_LINE_BYTES + 1):
            if len(raw) > MOST_LINE_BYTES:
                raise BatchError(f"{path}: row {number}: a line of more than "
                                 f"{MOST_LINE_BYTES:,} bytes, more than any shoe's line")
            try:
                line = raw.decode("utf-8")
            except UnicodeDecodeError:
                raise BatchError(f"{path}: row {number}: not text in UTF-8") from None
            if not line.strip():
                continue
            try:
                row = json.loads(line, object_pairs_hook=unique)
            except (ValueError, RecursionError) as error:
                raise BatchError(f"{path}: row {number}: not a JSON object "
                                 f"({_reason(error)})") from None
            if not isinstance(row, dict):
                raise BatchError(f"{path}: row {number}: not a JSON object")
            chunk.append(row)
            number += 1
            if len(chunk) == rows:
                yield _columns_of(chunk)
                chunk = []
    if chunk:
        yield _columns_of(chunk)


def _columns_of(rows: list[dict[str, object]]) -> Columns:
    names = list(dict.fromkeys(name for row in rows for name in row))
    return {name: [row.get(name) for row in rows] for name in names}


def _parquet_frames(path: Path, rows: int) -> Iterator[Columns]:
    """Parquet: each column as its type."""
    import polars as pl

    for frame in pl.scan_parquet(path).collect_batches(chunk_size=rows):
        yield {name: frame[name] for name in frame.columns}


def _shown(value: object) -> str:
    """A cell as an error message shows it: text quoted, other values as JSON writes them."""
    import json

    from exact_odds.errors import quoted, shown

    if isinstance(value, str):
        return quoted(value, 40)
    if isinstance(value, Decimal):
        places = value.as_tuple().exponent
        return shown(str(value), 40) + (f" (a decimal with {-places} places)"
                                        if isinstance(places, int) and places < 0 else "")
    try:
        return shown(json.dumps(value), 40)
    except (TypeError, ValueError):
        return shown(value, 40)


def _removed_text(path: Path, values: list[object]) -> list[str | None]:
    texts: list[str | None] = []
    for row, value in enumerate(values):
        if value is not None and not isinstance(value, str):
            raise BatchError(f"{path}: row {row}: column 'removed': the cards removed are "
                             f"text, written like --remove ('9D KS 10H'), got {_shown(value)}")
        texts.append(value)
    return texts


def _count(value: object, text: bool) -> int | None:
    """A count as the file gives it: an integer (or a decimal with no places, Parquet's
    exact integers of any width), or (``text``) digits; None otherwise."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, Decimal) and value.is_finite() and value.as_tuple().exponent == 0:
        return int(value)
    if (text and isinstance(value, str)  # digits alone: not " 8", "+8" nor "8.0"
            and value.isascii() and value.isdigit() and len(value) <= 8):
        return int(value)
    return None


#: The most bytes one card of a ``removed`` cell may take, its separators included: a card's
#: name is at most a few characters ("10H"), so a cell longer than this times the cards of
#: the full shoe cannot be a list of cards the shoe holds; it is refused by its length,
#: before it is split (a 20 MB line split card by card took 800 MB).
MOST_BYTES_PER_CARD = 64
#: The longest line of a shoes file: the cards removed from the largest shoe a batch takes
#: (a line of counts is far shorter). A longer one is refused as it is read, before it is
#: held (a 2 GB file of one line took 4 GB).
MOST_LINE_BYTES = MOST_BYTES_PER_CARD * MAX_BATCH_CARDS + 1024
#: The longest header of a CSV shoes file: 52 card names (or 'removed'), each quoted.
MOST_HEADER_BYTES = 64 * 52


def _check_removed_lengths(path: Path, text: pl.Series, cards: int) -> None:
    """Refuse, naming its row, a ``removed`` cell too long to list cards of a shoe of
    ``cards`` cards, before any cell is split."""
    most = MOST_BYTES_PER_CARD * cards + 1024
    lengths = text.str.len_bytes().to_numpy()
    if len(lengths) and int(lengths.max()) > most:
        row = int(np.argmax(lengths > most))
        raise BatchError(f"{path}: row {row}: column 'removed': {int(lengths[row]):,} bytes, "
                         f"more than a list of the shoe's {cards:,} cards can take "
                         f"(at most {most:,})")


def _from_removed(path: Path, values: pl.Series | list[object], full: Sequence[int]
                  ) -> np.ndarray:
    """The counts left when each row's cards are taken from ``full``: every distinct card
    name read once (``parse_card``) and the cards counted with numpy; anything wrong is
    found again row by row, so that the error names the first bad row and card."""
    import polars as pl

    series = values if isinstance(values, pl.Series) else None
    if series is None and all(v is None or type(v) is str for v in values):
        series = pl.Series("removed", values, dtype=pl.String)
    if series is not None and series.dtype == pl.String:
        rows = len(series)
        text = series.fill_null("")
        _check_removed_lengths(path, text, sum(full))
        cells = text.to_list()
        counted = _counted_pairs(cells, full)
        if counted is None:
            counted = _counted_bytes(cells, full)
        if counted is not None:
            return counted
        # cards split on single spaces where that is all there is (the usual file), else on
        # commas and any whitespace, as --remove splits them
        plain = not text.str.contains(r"[,\t\n\r\x0b\x0c\x1c-\x1f]|[^\x00-\x7f]").any()
        parts = text.str.split(" ") if plain else text.str.extract_all(r"[^\s,]+")
        tokens = pl.DataFrame({"row": np.arange(rows, dtype=np.int64), "card": parts}
                              ).explode("card").filter(pl.col("card").str.len_bytes() > 0)
        index = {card: i for i, card in enumerate(DECK)}
        distinct = tokens["card"].unique(maintain_order=True).to_list()
        known: list[int] = []
        for token in distinct:
            try:
                known.append(index[parse_card(token)])
            except ValueError:
                break
        else:
            position = tokens["card"].cast(pl.Enum(distinct)).to_physical().to_numpy()
            at = tokens["row"].to_numpy() * len(DECK) + np.asarray(known, dtype=np.int64)[
                position.astype(np.int64)]
            removed = np.bincount(at, minlength=rows * len(DECK)).reshape(rows, len(DECK))
            counts = np.asarray(full, dtype=np.int64)[None, :] - removed
            if not len(counts) or int(counts.min()) >= 0:
                return counts
    listed = values.to_list() if isinstance(values, pl.Series) else values
    return _removed_row_by_row(path, _removed_text(path, listed), full)


#: The characters of a card's name (``parse_card``: a rank, ``10``, a suit, either case),
#: each a digit of base ``len + 1`` (0: a space or a row's end) in the key of a name of at
#: most three characters ("10H"); any other byte leaves the file to the general reading.
NAME_CHARACTERS = "0123456789AaTtJjQqKkSsHhDdCc"
_CODE = np.full(256, 255, dtype=np.uint8)
_CODE[[ord(" "), ord("\n")]] = 0
_CODE[[ord(c) for c in NAME_CHARACTERS]] = np.arange(1, len(NAME_CHARACTERS) + 1)
_BASE = len(NAME_CHARACTERS) + 1


def _counted_pairs(cells: list[str], full: Sequence[int]) -> np.ndarray | None:
    """``_counted_bytes`` for the most usual file, at a third of its cost: every card a name
    of two characters ("9D", "TS"), one space between two. The non-empty cells, each
    followed by a space, are then three bytes a card (its name, a space), each name read as
    its two bytes in a table of every such name (``_pair_cards``); a cell of ``n`` bytes
    holds ``(n + 1) / 3`` cards. None for anything else, which ``_counted_bytes`` reads."""
    lengths = np.fromiter(map(len, cells), dtype=np.int64, count=len(cells))
    filled = np.flatnonzero(lengths)
    per_row = (lengths[filled] + 1) // 3
    data = "".join([cells[row] + " " for row in filled.tolist()]).encode()
    if len(data) != 3 * int(per_row.sum()) or int(((lengths[filled] + 1) % 3).max(initial=0)):
        return None  # a longer name, a space more or less, a character of several bytes
    cards = np.frombuffer(data, _NAMED)
    card = np.take(_pair_cards(), cards["name"].astype(np.intp))
    if not (cards["space"] == ord(" ")).all() or (len(card) and int(card.min()) < 0):
        return None  # two names run together, or not a card's name (a line break, a tab)
    row = np.repeat(filled, per_row)
    removed = np.bincount(row * len(DECK) + card, minlength=len(cells) * len(DECK))
    counts = np.asarray(full, dtype=np.int64)[None, :] - removed.reshape(len(cells), len(DECK))
    return counts if int(counts.min(initial=0)) >= 0 else None


#: A card of the usual file as its three bytes: its name's two (the first the high byte), a
#: space.
_NAMED = np.dtype([("name", ">u2"), ("space", "u1")])


@cache
def _pair_cards() -> np.ndarray:
    """Each name of two of ``NAME_CHARACTERS`` as a card's place in the deck, by its two
    bytes (the first times 256, plus the second); -1 where it names no card."""
    table = np.full(1 << 16, -1, dtype=np.int64)
    for first in NAME_CHARACTERS:
        for second in NAME_CHARACTERS:
            try:
                table[ord(first) << 8 | ord(second)] = DECK.index(parse_card(first + second))
            except ValueError:
                continue
    return table


def _counted_bytes(cells: list[str], full: Sequence[int]) -> np.ndarray | None:
    """The counts left when each cell's cards are taken from ``full``, counted straight
    from the cells' bytes with numpy (no string per card): for the usual file, card names
    of at most three of ``NAME_CHARACTERS`` between spaces, each distinct name read once
    (``parse_card``), no count below zero. None for anything else: the general reading
    then splits the cells as ``--remove`` does and names a bad row."""
    data = np.frombuffer("\n".join(cells).encode(), dtype=np.uint8)  # a row ends at "\n"
    if np.count_nonzero(data == ord("\n")) != len(cells) - 1:
        return None  # a cell holds a line break of its own: its rows are not the bytes'
    code = np.take(_CODE, data)
    if not len(code) or int(code.max()) == 255:
        return None if len(code) else np.tile(np.asarray(full, dtype=np.int64), (len(cells), 1))
    # the characters one, two and three places before each byte (0: none, or a space), from
    # the codes behind three zeros (a cell of one or two bytes has fewer before it)
    padded = np.concatenate((np.zeros(3, dtype=np.uint8), code))
    shifted = [padded[3 - k:len(padded) - k] for k in (1, 2, 3)]
    named = code > 0
    if (named & (shifted[0] > 0) & (shifted[1] > 0) & (shifted[2] > 0)).any():
        return None  # a name of four characters or more
    ends = np.flatnonzero(named & np.concatenate((code[1:] == 0, [True])))
    # the key of the name ending there, its last character the lowest digit
    last, before, second = (np.take(part, ends).astype(np.int32) for part in (code, *shifted[:2]))
    key = last + _BASE * before + _BASE**2 * second * (before > 0)
    names = np.zeros(_BASE**3, dtype=np.int64)  # each name's card, plus one
    for found in np.flatnonzero(np.bincount(key, minlength=len(names))).tolist():
        name = "".join(NAME_CHARACTERS[digit - 1] for digit in
                       (found // _BASE**2, found // _BASE % _BASE, found % _BASE) if digit)
        try:
            names[found] = DECK.index(parse_card(name)) + 1
        except ValueError:
            return None
    # each row's names: those before its row's end, less those before the previous one
    per_row = np.diff(np.searchsorted(ends, np.flatnonzero(data == ord("\n"))),
                      prepend=0, append=len(ends))
    row = np.repeat(np.arange(len(cells), dtype=np.int64), per_row)
    removed = np.bincount(row * len(DECK) + np.take(names, key) - 1,
                          minlength=len(cells) * len(DECK))
    counts = np.asarray(full, dtype=np.int64)[None, :] - removed.reshape(len(cells), len(DECK))
    return counts if int(counts.min()) >= 0 else None


def _removed_row_by_row(path: Path, rows: list[str | None], full: Sequence[int]) -> np.ndarray:
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
    from exact_odds.limits import MAX_DECKS

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
        fast = _series_counts(values, text)
        if fast is not None:
            counts[:, j] = fast
            continue
        if not isinstance(values, list):
            values = values.to_list()
        whole = [v for v in values if type(v) is int]
        if len(whole) == len(values) and 0 <= min(whole) <= max(whole) <= MAX_DECKS:
            counts[:, j] = whole  # the usual file, checked at C speed
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


def _series_counts(values: pl.Series | list[object], text: bool) -> np.ndarray | None:
    """A column of counts checked and converted at once (integers, a CSV's digits, Parquet
    decimals with no places), or None: the column is then read value by value, and the
    first bad value named."""
    import polars as pl

    from exact_odds.limits import MAX_DECKS

    if not isinstance(values, pl.Series) or values.null_count():
        return None
    dtype = values.dtype
    if dtype.is_integer():
        found = values.to_numpy()
    elif dtype == pl.String and text:  # digits alone, as _count reads them
        if not values.str.contains(r"^[0-9]{1,8}$").all():
            return None
        found = values.cast(pl.Int64).to_numpy()
    elif isinstance(dtype, pl.Decimal) and dtype.scale == 0:
        if not ((values >= 0) & (values <= MAX_DECKS)).all():
            return None
        found = values.cast(pl.Int64).to_numpy()
    else:
        return None
    if len(found) and not 0 <= found.min() <= found.max() <= MAX_DECKS:
        return None
    return np.asarray(found, dtype=np.int64)
