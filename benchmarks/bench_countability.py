"""Speed of a countability study, measured (not asserted); its figures go to
benchmarks/results/ (record.py).

    .venv/bin/python benchmarks/bench_countability.py [--shoes 20000] [--runs 1]

The target of issue 19: 20,000 shoes for one bet, three levels, one cut card, in 2 minutes
or less on this 2-core machine. Each run is the whole command as a process
(``exact-odds countability ez-baccarat --bet dragon-7 --shoes N``: 20,000 shoes to choose
the tags and triggers and 20,000 fresh ones to measure them, every core), timed from
outside; the peak memory is the largest process's (``getrusage`` of the children).
"""

from __future__ import annotations

import argparse
import os
import platform
import resource
import subprocess
import sys
import time
from pathlib import Path

from record import recording

COMMAND = ["countability", "ez-baccarat", "--bet", "dragon-7", "--levels", "1,2,3",
           "--cut-card", "14", "--seed", "1", "--format", "json"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--shoes", type=int, default=20_000)
    parser.add_argument("--runs", type=int, default=1)
    args = parser.parse_args()
    program = Path(sys.executable).with_name("exact-odds")
    print(f"Measured on {os.cpu_count()} cores, Python {platform.python_version()}, "
          f"{time.strftime('%Y-%m-%d')}\n")
    print("| what | shoes per stream | wall (s) | peak memory (MB) |")
    print("|---|--:|--:|--:|")
    for _ in range(args.runs):
        start = time.perf_counter()
        subprocess.run([str(program), *COMMAND, "--shoes", str(args.shoes)], check=True,
                       stdout=subprocess.DEVNULL)
        seconds = time.perf_counter() - start
        peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
        print(f"| `exact-odds {' '.join(COMMAND[:-2])} --shoes {args.shoes}` | "
              f"{args.shoes:,} | {seconds:.1f} | {peak:.0f} |")


if __name__ == "__main__":
    with recording("bench_countability"):
        main()
