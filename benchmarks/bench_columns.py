"""Time and peak memory of the enumerator for named column combinations, measured (not
asserted): its figures go to benchmarks/results/ (record.py).

    .venv/bin/python benchmarks/bench_columns.py
    .venv/bin/python benchmarks/bench_columns.py --only pair-and-third,third-suits --runs 5

Each combination runs ``outcome_counts(Shoe.from_decks(8), columns)`` in a fresh Python
process, so imports, caches and peak memory belong to that combination alone. The time is
the enumeration only (``time.perf_counter`` around ``outcome_counts``), the best of
``--runs`` processes; the peak memory is the process's peak resident set size
(``ru_maxrss``, imports included), the largest over the runs, in MB of 2**20 bytes. A
process still running after ``--timeout`` seconds is killed and shown as "> T s", with
the memory it had reached by then ("≥").

The engine issue's limit is 2 s and 500 MB per combination on one 8-deck shoe.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import platform
import resource
import signal
import subprocess
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from record import recording

from exact_odds.vocabulary import COLUMNS

HANDS = ("player", "banker")
# the deal columns of each card position, and the aliases added to the vocabulary after the
# engine issue was written: left out of the issue's own combination
POSITION_COLUMNS = frozenset(
    f"{hand}_{position}_{attribute}"
    for hand in HANDS
    for position in ("first", "second")
    for attribute in ("rank", "suit", "colour", "value")
)
LATER_ALIASES = frozenset(
    {"banker_low_card", "banker_high_card", "cards_dealt", "player_third_value", "banker_third_value"}
)
ORIGINAL_DEAL_AND_ROUND = tuple(
    name
    for name, col in COLUMNS.items()
    if col.kind in ("round", "deal") and name not in POSITION_COLUMNS | LATER_ALIASES
)
POINT_VALUES = tuple(f"{hand}_{position}_value" for hand in HANDS for position in ("first", "second"))


def _each(attribute: str) -> tuple[str, ...]:
    """The given attribute of all six card positions, player's first."""
    return tuple(
        f"{hand}_{position}_{attribute}" for hand in HANDS for position in ("first", "second", "third")
    )


COMBINATIONS: dict[str, tuple[str, ...]] = {
    # the issue's own set: "every deal column with every round column" as the vocabulary stood
    "every-original-deal-and-round": ORIGINAL_DEAL_AND_ROUND,
    # the same with today's additions that are still cheap to describe (point values, aliases)
    "every-deal-and-round": (
        *ORIGINAL_DEAL_AND_ROUND, "banker_low_card", "banker_high_card", "cards_dealt", *POINT_VALUES,
    ),
    # the example bet: `player_pair and player_third == 9`
    "pair-and-third": ("player_pair", "player_third"),
    # a card column on each hand's third card, with the round's result
    "third-suits": ("player_third_suit", "banker_third_suit", "winner"),
    # flush-style bets: whole-hand card columns beside the point-value round
    "suited-hands": (
        "player_suited", "banker_suited", "player_total", "banker_total", "player_cards", "banker_cards",
    ),
    # suit of all six positions: the widest per-card split of the deck (4 suits)
    "suits-of-every-card": (*_each("suit"), "winner"),
    # colour of all six positions: the same shape as suits with 2 classes
    "colours-of-every-card": (*_each("colour"), "winner"),
    # a count over every card dealt, both hands together
    "red-cards-dealt": ("red_cards_dealt", "winner"),
    # ranks of the four first cards: 13 classes each, the deal's widest key
    "ranks-of-first-four": (
        "player_first_rank", "player_second_rank", "banker_first_rank", "banker_second_rank", "winner",
    ),
    # a Blazing 7's style bet: sevens per hand and dealt, with the point-value round
    "sevens-and-totals": (
        "sevens_dealt", "player_sevens", "banker_sevens",
        "player_total", "banker_total", "player_cards", "banker_cards",
    ),
    # every card column of one hand at once: the most card columns in one request
    "every-card-column-of-the-player": (
        *(name for name, col in COLUMNS.items() if name.startswith("player_") and col.kind == "cards"),
        "winner",
    ),
}


@dataclass
class Run:
    """One fresh process's measurement; seconds is None when it was killed at the timeout."""

    seconds: float | None
    peak_mb: float
    rows: int | None = None
    error: str | None = None


def _mb(maxrss: int) -> float:
    """ru_maxrss in MB (2**20 bytes): KiB on Linux, bytes on macOS."""
    return maxrss / (2**20 if sys.platform == "darwin" else 2**10)


def one(name: str) -> None:
    """Child process: enumerate one combination and print its measurement as JSON."""
    from exact_odds.engine.enumerator import outcome_counts
    from exact_odds.shoe import Shoe

    shoe = Shoe.from_decks(8)
    start = time.perf_counter()
    counts = outcome_counts(shoe, COMBINATIONS[name])
    seconds = time.perf_counter() - start
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    print(json.dumps({"rows": len(counts), "seconds": seconds, "peak_mb": _mb(peak)}))


def measure(name: str, timeout: float) -> Run:
    """Run one combination in a fresh process; kill it after timeout seconds."""
    command = [sys.executable, str(Path(__file__).resolve()), "--one", name]
    proc = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        out, err = proc.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        proc.kill()
        # reap the child ourselves to read how much memory it had reached
        _, _, usage = os.wait4(proc.pid, 0)
        proc.returncode = -signal.SIGKILL
        proc.communicate()
        return Run(seconds=None, peak_mb=_mb(usage.ru_maxrss))
    if proc.returncode != 0:
        last = err.strip().splitlines()[-1:] or [f"exit status {proc.returncode}"]
        return Run(seconds=None, peak_mb=0.0, error=last[0])
    result = json.loads(out.strip().splitlines()[-1])
    return Run(seconds=result["seconds"], peak_mb=result["peak_mb"], rows=result["rows"])


def best_of(name: str, runs: int, timeout: float) -> Run:
    """Minimum time and maximum peak memory over fresh processes; stops at a timeout or error."""
    measured: list[Run] = []
    for _ in range(runs):
        run = measure(name, timeout)
        measured.append(run)
        if run.seconds is None:
            return Run(None, max(r.peak_mb for r in measured), run.rows, run.error)
    fastest = min(measured, key=lambda r: r.seconds or 0.0)
    return Run(fastest.seconds, max(r.peak_mb for r in measured), fastest.rows)


def table_row(name: str, run: Run, timeout: float) -> str:
    """One Markdown row: combination, number of columns, rows, time, peak memory."""
    size = len(COMBINATIONS[name])
    if run.error is not None:
        return f"| {name} | {size} | error: {run.error} | | |"
    rows = "?" if run.rows is None else f"{run.rows:,}"
    if run.seconds is None:
        return f"| {name} | {size} | {rows} | > {timeout:g} s | ≥ {run.peak_mb:,.0f} |"
    return f"| {name} | {size} | {rows} | {run.seconds:.2f} | {run.peak_mb:,.0f} |"


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--runs", type=int, default=3, help="fresh processes per combination (best time)")
    parser.add_argument("--timeout", type=float, default=120.0, help="seconds before a process is killed")
    parser.add_argument("--only", help="comma-separated combination names (default: all)")
    parser.add_argument("--one", help=argparse.SUPPRESS)  # child mode: measure one combination
    args = parser.parse_args(argv)
    if args.one is not None:
        one(args.one)
        return
    names = list(COMBINATIONS) if args.only is None else [n.strip() for n in args.only.split(",")]
    unknown = [n for n in names if n not in COMBINATIONS]
    if unknown:
        parser.error(f"unknown combination {', '.join(unknown)}; known: {', '.join(COMBINATIONS)}")
    print(f"every-original-deal-and-round has {len(ORIGINAL_DEAL_AND_ROUND)} columns", file=sys.stderr)

    lines = []
    for name in names:
        print(f"measuring {name} ({len(COMBINATIONS[name])} columns) ...", file=sys.stderr, flush=True)
        lines.append(table_row(name, best_of(name, args.runs, args.timeout), args.timeout))
        print(lines[-1], file=sys.stderr, flush=True)

    today = datetime.datetime.now(datetime.timezone.utc).date().isoformat()
    print(
        f"Python {platform.python_version()} ({platform.machine()}, {os.cpu_count()} cores), {today}; "
        f"one 8-deck shoe, best of {args.runs} fresh processes, timeout {args.timeout:g} s"
    )
    print()
    print("| combination | columns | rows | time (s) | peak memory (MB) |")
    print("|---|---:|---:|---:|---:|")
    for line in lines:
        print(line)


if __name__ == "__main__":
    with recording("bench_columns", when="--one" not in sys.argv):
        main()
