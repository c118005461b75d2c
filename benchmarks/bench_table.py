"""Speed of the player-dealer's table, measured (not asserted): a seven-seat table of a seed
game with mixed wagers, target under 2 seconds.

    .venv/bin/python benchmarks/bench_table.py

Each in-process run clears the enumerator's cache first; the whole-process figure starts a
fresh ``exact-odds table`` each time (interpreter start-up and imports included).
"""

from __future__ import annotations

import os
import statistics
import time
from pathlib import Path

from bench import whole_process
from record import recording

from exact_odds.engine.enumerator import _class_counts
from exact_odds.table import table_report

HERE = Path(__file__).resolve().parent / "tables"
TABLES = ["seven-seats-dragon-bonus.yaml", "seven-seats-21st-century.yaml"]


def in_process(path: Path, runs: int = 7) -> tuple[str, float, float]:
    times = []
    for _ in range(runs):
        _class_counts.cache_clear()
        start = time.perf_counter()
        table_report(path)
        times.append(time.perf_counter() - start)
    return f"table {path.name} (in process)", min(times) * 1000, statistics.median(times) * 1000


def main() -> None:
    rows = [in_process(HERE / name) for name in TABLES]
    rows += [whole_process(f"process: exact-odds table {name}", ["table", str(HERE / name)], 5)
             for name in TABLES]
    print(f"Measured on {os.cpu_count()} cores\n")
    print("| what | best (ms) | median (ms) |\n|---|--:|--:|")
    for label, best, median in rows:
        print(f"| {label} | {best:.1f} | {median:.1f} |")


if __name__ == "__main__":
    with recording("bench_table"):
        main()
