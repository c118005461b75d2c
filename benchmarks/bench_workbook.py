"""The approval workbook's cost, measured (not asserted): rock-bac's workbook
written in at most 2 s and 1 MB.

    .venv/bin/python benchmarks/bench_workbook.py

Measures (1) writing the workbook from its results (``render(book, "xlsx")``: every
sheet, formula, cached value and name), (2) the figures it adds to a report (the other
decks and the effect of removal by rank, ``approval_workbook``, every cache emptied
first), and (3) the whole command
``exact-odds report rock-bac --format xlsx --output FILE`` in a fresh process; and the
file's size. Writes benchmarks/results/workbook.json and workbook.md, dated, naming the
machine.
"""

from __future__ import annotations

import json
import statistics
import subprocess
import sys
import tempfile
import time
from datetime import datetime, timezone
from pathlib import Path

from record import machine

from exact_odds.analysis.approval import approval_workbook
from exact_odds.analysis.report import game_report
from exact_odds.render import render

RESULTS = Path(__file__).resolve().parent / "results"
#: The targets of issue 30.
MOST_SECONDS, MOST_BYTES = 2.0, 1_000_000


def timed(work: object, runs: int) -> tuple[float, float]:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        work()  # type: ignore[operator]
        times.append(time.perf_counter() - start)
    return min(times), statistics.median(times)


def clear_caches() -> None:
    """Every cache of the package emptied (enumerations, tallies, removed shoes), so that
    a run computes as a fresh process would."""
    for name, module in list(sys.modules.items()):
        if name.split(".")[0] != "exact_odds":
            continue
        for value in list(vars(module).values()):
            if callable(getattr(value, "cache_clear", None)) and getattr(
                    value, "__module__", None) == name:
                value.cache_clear()


def added(report: object) -> None:
    clear_caches()
    approval_workbook(report)  # type: ignore[arg-type]


def main() -> None:
    report = game_report("rock-bac")
    book = approval_workbook(report)
    data = render(book, "xlsx")
    assert isinstance(data, bytes)
    write_best, write_median = timed(lambda: render(book, "xlsx"), 7)
    add_best, add_median = timed(lambda: added(report), 3)
    exe = Path(sys.executable).parent / "exact-odds"
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder) / "rock-bac.xlsx"
        command = [str(exe), "report", "rock-bac", "--format", "xlsx", "--output", str(out)]
        process_best, process_median = timed(
            lambda: subprocess.run(command, check=True, stdout=subprocess.DEVNULL), 3)
        size = out.stat().st_size
    figures = {
        "date": datetime.now(timezone.utc).isoformat(timespec="seconds"),
        "machine": machine(),
        "game": "rock-bac",
        "write_seconds": {"best": round(write_best, 4), "median": round(write_median, 4)},
        "decks_and_removal_seconds": {"best": round(add_best, 3), "median": round(add_median, 3)},
        "command_seconds": {"best": round(process_best, 3), "median": round(process_median, 3)},
        "bytes": size,
        "targets": {"seconds": MOST_SECONDS, "bytes": MOST_BYTES},
        "within_targets": write_median <= MOST_SECONDS and size <= MOST_BYTES,
    }
    RESULTS.mkdir(exist_ok=True)
    (RESULTS / "workbook.json").write_text(json.dumps(figures, indent=2) + "\n", encoding="utf-8")
    lines = [
        "# The approval workbook, measured",
        "",
        f"{figures['date']}, {figures['machine']} (benchmarks/bench_workbook.py).",
        "",
        "| rock-bac workbook | best | median |",
        "|---|--:|--:|",
        f"| written from its results (render) | {write_best:.3f} s | {write_median:.3f} s |",
        f"| 4, 6, 8 decks and effect of removal computed | {add_best:.2f} s | {add_median:.2f} s |",
        f"| whole command, fresh process | {process_best:.2f} s | {process_median:.2f} s |",
        "",
        f"File: {size:,} bytes. Targets: written in at most {MOST_SECONDS:g} s and "
        f"{MOST_BYTES:,} bytes: {'met' if figures['within_targets'] else 'NOT met'}.",
    ]
    (RESULTS / "workbook.md").write_text("\n".join(lines) + "\n", encoding="utf-8")
    print("\n".join(lines))


if __name__ == "__main__":
    main()
