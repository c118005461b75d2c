"""Speed of exact-odds, measured (not asserted); its figures go to benchmarks/results/.

    .venv/bin/python benchmarks/bench.py

In-process figures clear the enumerator's caches before every run. Whole-process figures
start a fresh ``exact-odds`` process each time (interpreter start-up and imports included)
and report the median of the runs.
"""

from __future__ import annotations

import os
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

from record import recording

from exact_odds.engine.enumerator import _class_counts, outcome_counts, outcome_table
from exact_odds.shoe import Shoe

POINT_VALUE_COLUMNS = ["player_total", "banker_total", "player_cards", "banker_cards"]


def in_process(label: str, fn, runs: int = 30) -> tuple[str, float, float]:
    times = []
    for _ in range(runs):
        _class_counts.cache_clear()
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return label, min(times) * 1000, statistics.median(times) * 1000


def whole_process(label: str, args: list[str], runs: int = 7) -> tuple[str, float, float]:
    exe = shutil.which("exact-odds", path=str(Path(sys.executable).parent)) or "exact-odds"
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run([exe, *args], check=True, stdout=subprocess.DEVNULL)
        times.append(time.perf_counter() - start)
    return label, min(times) * 1000, statistics.median(times) * 1000


def main() -> None:
    eight = Shoe.from_decks(8)
    rows = [
        in_process("8-deck point-value outcome counts (totals x cards, 205 rows)",
                   lambda: outcome_counts(eight, POINT_VALUE_COLUMNS)),
        in_process("8-deck point-value outcome table as a polars DataFrame",
                   lambda: outcome_table(eight, POINT_VALUE_COLUMNS)),
        in_process("8-deck Banker/Player/Tie counts", lambda: outcome_counts(eight, ["winner"])),
        in_process("8-deck with third-card values (3,394 rows)",
                   lambda: outcome_counts(eight, POINT_VALUE_COLUMNS + ["player_third", "banker_third"])),
        in_process("8-deck Lucky Nines columns (13 card classes)",
                   lambda: outcome_counts(eight, ["nines", "nines_same_suit", "nines_of_diamonds"]), 10),
        whole_process("process: exact-odds report rock-bac", ["report", "rock-bac"]),
        whole_process("process: exact-odds report electronic-baccarat", ["report", "electronic-baccarat"]),
        whole_process("process: exact-odds report 21st-century", ["report", "21st-century"]),
        whole_process("process: exact-odds strategy 21st-century (late tie included)",
                      ["strategy", "21st-century"]),
        whole_process("process: exact-odds eor rock-bac --by card (target 200 ms)",
                      ["eor", "rock-bac", "--by", "card"]),
    ]
    print(f"Measured on {os.cpu_count()} cores, Python {sys.version.split()[0]}\n")
    print("| what | best (ms) | median (ms) |")
    print("|---|--:|--:|")
    for label, best, median in rows:
        print(f"| {label} | {best:.1f} | {median:.1f} |")


if __name__ == "__main__":
    with recording("bench"):
        main()
