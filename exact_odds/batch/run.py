"""A shoes file of any length evaluated and written as it goes, on every core or a cluster.

``write_batch`` checks every input first; reads a file of up to ``CHECK_FIRST_BYTES`` once,
checking every row (a bad row is named by file and row before anything is written); then
reads it in ranges of ``CHUNK_ROWS`` shoes (``batch.shoes``) that run in this process, on
local processes (``workers``) or on a Dask scheduler (``exact_odds.running.pool``), at most
a few ranges in memory at once. Each range is counted, checked, evaluated and rendered
where it runs (a larger file is read only this once: a bad row ends the run, and nothing is
put in place); the main process writes
the ranges in file order through the one writer (``exact_odds.files.replacing``: a
temporary file renamed over the target when the whole run has succeeded, removed on an
error or Ctrl-C). So the output is the same bytes whatever the workers, and memory is
bounded by the ranges, not the file.

CSV, JSON and Parquet stream; text, Markdown and xlsx are for people and hold the whole
result (at most ``MAX_SHOES`` shoes).
"""

from __future__ import annotations

import os
import uuid
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

from exact_odds.batch.evaluator import BatchEvaluator
from exact_odds.batch.result import BatchError

if TYPE_CHECKING:
    from exact_odds.batch.shoes import Chunk
    from exact_odds.games.model import Game
    from exact_odds.render.document import Json
    from exact_odds.shoe import Shoe

#: What a fork server imports for this module's workers besides it: the compiled kernel,
#: ready (``exact_odds.running.pool``).
PRELOAD = ("exact_odds.batch.loaded",)

#: The formats written as the ranges come (the others hold the whole result).
STREAMED = ("csv", "json", "parquet")


@dataclass(frozen=True)
class BatchPlan:
    """What a worker needs to evaluate and render a range of shoes (picklable)."""

    game: Game
    bet_ids: tuple[str, ...]
    strategy: str | None
    settings: dict[str, str]
    given: Json
    fmt: str
    wide: bool  # every exact column 128-bit (one type per column in every range)
    full: tuple[int, ...]  # the shoe the cards ``removed`` are dealt from
    key: str = field(default_factory=lambda: uuid.uuid4().hex)


_EVALUATORS: dict[str, BatchEvaluator] = {}


def _evaluator(plan: BatchPlan) -> BatchEvaluator:
    """One evaluator per plan and process, kept for the plan's later ranges."""
    found = _EVALUATORS.get(plan.key)
    if found is None:
        _EVALUATORS.clear()
        found = _EVALUATORS[plan.key] = BatchEvaluator(
            plan.game, plan.bet_ids, strategy=plan.strategy, settings=plan.settings)
    return found


def evaluate_range(plan: BatchPlan, first: int, chunk: Chunk) -> tuple[int, Any]:
    """The shoes and the rows of shoes ``first`` onwards (``chunk``, as read: counted
    here, by the worker), rendered in the plan's format: CSV text (with the header for the
    first range), JSON items, or a DataFrame for Parquet."""
    from exact_odds.batch.report import BatchReport
    from exact_odds.batch.shoes import chunk_counts, result_frame

    counts = chunk_counts(chunk, plan.full, first)
    evaluator = _evaluator(plan)
    try:
        result = evaluator.evaluate(counts)
    except BatchError as error:
        from exact_odds.batch.shoes import _shift_row

        raise BatchError(_shift_row(str(error), first)) from None
    report = BatchReport(result_frame(result, counts, first=first, wide=plan.wide),
                         plan.bet_ids, plan.given)
    if plan.fmt == "parquet":
        return len(counts), report.exact_frame()
    if plan.fmt == "json":
        return len(counts), report.json_items()
    return len(counts), report.csv_rows(header=first == 0)


#: A shoes file of at most this many bytes is read twice: every row checked before any
#: work, so that a bad row is named before anything is written. A larger one is read once,
#: its rows checked as they are evaluated: a bad row ends the run, and the output, written
#: to a temporary file, is never put in place.
CHECK_FIRST_BYTES = 25_000_000


@dataclass(frozen=True)
class Checked:
    """What the first reading of a shoes file found: its shoes (an estimate, from the
    first rows' bytes, when it was not read first) and its largest shoe."""

    shoes: int
    largest: np.ndarray  # the counts of the shoe with the most cards
    read_first: bool


def check_file(path: Path, full: Sequence[int]) -> Checked:
    """Read every row of the file once, checking it (``shoe_chunks``), before any work;
    a file past ``CHECK_FIRST_BYTES`` is only sized: its largest shoe is the full shoe
    where it lists cards removed, any shoe a batch takes where it holds counts."""
    from exact_odds.batch.shoes import column_chunks, shoe_chunks
    from exact_odds.files import regular_file
    from exact_odds.limits import MAX_BATCH_CARDS

    size = regular_file(path, "shoes file")
    if size > CHECK_FIRST_BYTES:
        first = next(iter(column_chunks(path)))[1]
        largest = np.asarray(full) if "removed" in first.columns else np.full(
            52, MAX_BATCH_CARDS // 52 + 1)
        return Checked(max(len(first), size // 50), largest, False)
    shoes, largest, most = 0, np.asarray(full), -1
    for _, counts in shoe_chunks(path, full):
        sizes = counts.sum(axis=1)
        at = int(np.argmax(sizes))
        if int(sizes[at]) > most:
            most, largest = int(sizes[at]), counts[at].copy()
        shoes += len(counts)
    return Checked(shoes, largest, True)


def write_batch(game: str | Path | Game, shoes_file: Path, output: Path | None, fmt: str, *,
                decks: int | None = None, shoe: Shoe | None = None,
                remove: Sequence[str] = (), bets: Sequence[str] | None = None,
                strategy: str | None = None, settings: Mapping[str, str] | None = None,
                workers: int | None = 1, scheduler: str | None = None,
                progress: Callable[[int, int], None] | None = None) -> None:
    """Evaluate every shoe of ``shoes_file`` and write the results to ``output`` (None:
    print) in ``fmt`` (``csv``, ``json``, ``parquet`` stream; ``text``, ``markdown``,
    ``xlsx`` hold the whole result), on ``workers`` local processes (None: every core) or
    a Dask ``scheduler``; ``progress(done, total)`` after each range."""
    from exact_odds.batch.report import batch_inputs, batch_report
    from exact_odds.errors import input_name
    from exact_odds.limits import MAX_FILE_SHOES as MAX_SHOES
    from exact_odds.running.pool import RunError, parse_scheduler, parse_workers

    if workers is not None:
        workers = parse_workers(workers, input_name("workers"))
    if scheduler is not None:
        scheduler = parse_scheduler(scheduler, input_name("scheduler"))
        if workers not in (None, 1):
            raise RunError(f"give {input_name('workers')} (local cores) or "
                           f"{input_name('scheduler')} (a Dask cluster), not both")
    evaluator, full, given = batch_inputs(game, shoes_file, decks=decks, shoe=shoe,
                                          remove=remove, bets=bets, strategy=strategy,
                                          settings=settings)
    if fmt not in STREAMED:  # before a byte is read: a file too large to hold whole
        _check_whole_size(Path(shoes_file), fmt)
    checked = check_file(Path(shoes_file), full.counts)
    if checked.read_first:
        evaluator.check_cost(checked.largest[None, :], checked.shoes)
    if fmt not in STREAMED:
        if checked.read_first and checked.shoes > MAX_SHOES:  # counted, not guessed
            raise BatchError(f"{shoes_file}: {checked.shoes:,} shoes; --format {fmt} holds "
                             f"the whole result, at most {MAX_SHOES:,} shoes: {_STREAM}")
        _write_whole(batch_report(game, shoes_file, decks=decks, shoe=shoe, remove=remove,
                                  bets=bets, strategy=strategy, settings=settings,
                                  progress=progress), fmt, output)
        return
    plan = BatchPlan(evaluator.game, evaluator.bet_ids, strategy, dict(evaluator.settings),
                     given, fmt, evaluator.may_pass_int64(int(checked.largest.sum())),
                     tuple(full.counts))
    parts = _ranges_in_order(plan, Path(shoes_file), workers, scheduler, checked.shoes,
                             progress)
    if fmt == "parquet":
        assert output is not None  # the command asks for --output first
        _write_parquet(parts, output, given)
    else:
        _write_text(parts, output, given if fmt == "json" else None)


#: What a refusal of a whole format offers instead.
_STREAM = "choose csv, json or parquet, which stream any number"


def _check_whole_size(path: Path, fmt: str) -> None:
    """Refuse, by its size alone and before a byte is read, a shoes file too large for a
    format that holds the whole result (``read_shoes``' limit): its shoes are not counted,
    nor guessed from its bytes."""
    from exact_odds.files import regular_file
    from exact_odds.limits import MAX_SHOES_BYTES

    size = regular_file(path, "shoes file")
    if size > MAX_SHOES_BYTES:
        raise BatchError(f"{path}: the file has {size:,} bytes; --format {fmt} holds the "
                         f"whole result, from a shoes file of at most {MAX_SHOES_BYTES:,} "
                         f"bytes: {_STREAM}")


def _ranges_in_order(plan: BatchPlan, path: Path, workers: int | None,
                     scheduler: str | None, total: int,
                     progress: Callable[[int, int], None] | None) -> Iterator[Any]:
    """Each range's rendered rows, in file order, whatever order they finish in."""
    from exact_odds.batch.shoes import column_chunks
    from exact_odds.running.pool import run_ranges

    ranges = column_chunks(path)
    processes = 1 if scheduler is None and workers == 1 else (workers or os.cpu_count() or 1)
    waiting: dict[int, Any] = {}
    following, done = 0, 0
    for index, part in run_ranges(evaluate_range, plan, ranges, workers, scheduler,
                                  most_pending=2 * processes + 1):
        waiting[index] = part
        while following in waiting:
            shoes, found = waiting.pop(following)
            following += 1
            done += shoes
            yield found
            if progress is not None:
                progress(done, max(total, done))


def _write_text(parts: Iterator[str], output: Path | None, given: Json | None) -> None:
    """CSV (the parts as they are) or JSON (``given``: the inputs, the parts its rows)."""
    from exact_odds.files import is_standard_output, replacing, standard_output
    from exact_odds.render.json import json_list_parts

    def pieces() -> Iterator[str]:
        if given is None:
            yield from parts
            return
        opening, closing = json_list_parts(dict(given), "rows")
        yield opening
        for i, part in enumerate(parts):
            yield part if i == 0 else ",\n" + part
        yield closing

    if output is None or is_standard_output(output):
        stream = standard_output()
        for piece in pieces():
            stream.write(piece)
        stream.flush()
        return
    with replacing(output) as temporary, temporary.open("w", encoding="utf-8",
                                                        newline="") as handle:
        for piece in pieces():
            handle.write(piece)


def _write_parquet(parts: Iterator[Any], output: Path, given: Json) -> None:
    """Each range a Parquet part in a temporary folder beside the target, then one file
    streamed from the parts (polars' ``sink_parquet``), the inputs as its metadata."""
    import tempfile

    import polars as pl

    from exact_odds.files import output_target, replacing
    from exact_odds.render.json import json_value

    target = output_target(output)
    with tempfile.TemporaryDirectory(prefix=f".{target.name}.", dir=target.parent) as folder:
        names = []
        for i, frame in enumerate(parts):
            name = Path(folder) / f"{i:09d}.parquet"
            with replacing(name) as part:
                frame.write_parquet(part)
            names.append(name)
        with replacing(output) as temporary:
            pl.scan_parquet(names).sink_parquet(
                temporary, metadata={"exact-odds": json_value(given)})


def _write_whole(result: Any, fmt: str, output: Path | None) -> None:
    from exact_odds.files import standard_output
    from exact_odds.render import render, save

    if output is not None:
        save(result, output, fmt)
        return
    rendered = render(result, fmt)
    stream = standard_output()
    stream.write(rendered if isinstance(rendered, str) else rendered.decode())
    stream.flush()
