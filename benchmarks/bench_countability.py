"""Speed of a countability study, measured (not asserted); the figures are written to
``benchmarks/results/countability.json`` and ``.md`` (dated, naming the machine and its load).

    .venv/bin/python benchmarks/bench_countability.py [--shoes 20000] [--runs 1]

The target of issue 32: 20,000 shoes for one bet, five levels (balanced and unbalanced
counts at each), one cut card, in 90 seconds or less on a 2-core machine. Each run is the
whole command as a process (``exact-odds countability ez-baccarat --bet dragon-7 --levels
1,2,3,4,5 --shoes N``: N shoes to choose the tags and triggers and N fresh ones to measure
them, every core), timed from outside; the peak memory is the largest process's
(``getrusage`` of the children). The load average before each run is recorded: figures
taken while other work shares the machine are slower than the machine is.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import resource
import subprocess
import sys
import time
from pathlib import Path

COMMAND = ["countability", "ez-baccarat", "--bet", "dragon-7", "--levels", "1,2,3,4,5",
           "--cut-card", "14", "--seed", "1", "--format", "json"]
RESULTS = Path(__file__).resolve().parent / "results"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--shoes", type=int, default=20_000)
    parser.add_argument("--runs", type=int, default=1)
    args = parser.parse_args()
    program = Path(sys.executable).with_name("exact-odds")
    runs = []
    for _ in range(args.runs):
        load = os.getloadavg()[0]
        start = time.perf_counter()
        subprocess.run([str(program), *COMMAND, "--shoes", str(args.shoes)], check=True,
                       stdout=subprocess.DEVNULL)
        seconds = time.perf_counter() - start
        peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
        runs.append({"shoes_per_stream": args.shoes, "wall_seconds": round(seconds, 1),
                     "peak_memory_mb": round(peak), "load_average_before": round(load, 2)})
    machine = {"cores": os.cpu_count(), "machine": platform.machine(),
               "system": platform.system(), "python": platform.python_version()}
    figures = {"benchmark": "countability", "date": time.strftime("%Y-%m-%d %H:%M UTC",
                                                                   time.gmtime()),
               "command": "exact-odds " + " ".join(COMMAND[:-2]), "machine": machine,
               "target": "20,000 shoes, one bet, five levels: at most 90 s on 2 cores",
               "runs": runs}
    RESULTS.mkdir(exist_ok=True)
    (RESULTS / "countability.json").write_text(json.dumps(figures, indent=2) + "\n")
    lines = [f"Measured {figures['date']} on {machine['cores']} cores ({machine['machine']}, "
             f"Python {machine['python']}); the load average before each run says how much "
             "else shared the machine.", "",
             "| command | shoes per stream | wall (s) | peak memory (MB) | load before |",
             "|---|--:|--:|--:|--:|"]
    lines += [f"| `{figures['command']} --shoes {r['shoes_per_stream']}` | "
              f"{r['shoes_per_stream']:,} | {r['wall_seconds']} | {r['peak_memory_mb']} | "
              f"{r['load_average_before']} |" for r in runs]
    (RESULTS / "countability.md").write_text("\n".join(lines) + "\n")
    print("\n".join(lines))


if __name__ == "__main__":
    main()
