"""Speed of the compiled tables, measured (not asserted): its figures go to benchmarks/results/ (record.py).

    .venv/bin/python benchmarks/bench_batch.py

Shoes are 8 decks with a random number (0 to 300) of random cards removed. Throughput is
on one core (best of 5 passes), after the game's tables are compiled (the compile time is
shown apart);
"one shoe" is a single-row evaluation after the first.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np
from record import recording

from exact_odds.batch.evaluator import BatchEvaluator


def random_shoes(count: int, seed: int = 1) -> np.ndarray:
    rng = np.random.default_rng(seed)
    rows = np.full((count, 52), 8, dtype=np.int64)
    for row in rows:
        gone = rng.choice(416, int(rng.integers(0, 300)), replace=False) // 8
        np.subtract.at(row, gone, 1)
    return rows


def throughput(game: str, strategy: str | None, shoes: np.ndarray) -> tuple[float, float, float]:
    evaluator = BatchEvaluator(game, strategy=strategy)
    start = time.perf_counter()
    evaluator.evaluate(shoes[:1])
    compile_time = time.perf_counter() - start
    best = 0.0
    for _ in range(5):
        start = time.perf_counter()
        for chunk in np.array_split(shoes, max(1, len(shoes) // 2048)):
            evaluator.evaluate(chunk)
        best = max(best, len(shoes) / (time.perf_counter() - start))
    singles = []
    for row in shoes[:200]:
        start = time.perf_counter()
        evaluator.evaluate(row[None, :])
        singles.append(time.perf_counter() - start)
    return compile_time, best, statistics.median(singles) * 1000


def whole_batch_process(count: int) -> float:
    import polars as pl

    from exact_odds.cards import DECK

    rng = np.random.default_rng(2)
    deck = np.repeat(np.array(DECK), 8)
    removed = [" ".join(rng.permutation(deck)[: int(rng.integers(0, 300))]) for _ in range(count)]
    exe = Path(sys.executable).parent / "exact-odds"
    with tempfile.TemporaryDirectory() as folder:
        shoes = Path(folder) / "shoes.csv"
        pl.DataFrame({"removed": removed}).write_csv(shoes)
        start = time.perf_counter()
        subprocess.run([str(exe), "batch", "rock-bac", str(shoes), "--format", "csv",
                        "--output", str(Path(folder) / "out.csv")], check=True)
        return time.perf_counter() - start


def main() -> None:
    shoes = random_shoes(10_000)
    print(f"Measured on {os.cpu_count()} cores (one used), Python {sys.version.split()[0]}\n")
    print("| game (bets) | compile (s) | shoes/s, one core | one shoe (ms) |")
    print("|---|--:|--:|--:|")
    for game, strategy, label in [
        ("rock-bac", None, "rock-bac (7 bets)"),
        ("electronic-baccarat", None, "electronic-baccarat (7 bets: Lucky Nines, pairs)"),
        ("21st-century", "optimal", "21st-century --strategy optimal (6 bets)"),
    ]:
        count = 4_000 if strategy == "optimal" else len(shoes)
        compile_time, rate, single = throughput(game, strategy, shoes[:count])
        print(f"| {label} | {compile_time:.1f} | {rate:,.0f} | {single:.2f} |")
    if "--process" in sys.argv:
        print(f"\nexact-odds batch rock-bac, 100,000 shoes, whole process: "
              f"{whole_batch_process(100_000):.1f} s")


if __name__ == "__main__":
    with recording("bench_batch"):
        main()
