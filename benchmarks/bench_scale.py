"""Speed and scale of batches, simulation and countability, measured (not asserted) side by side
with another checkout:

    .venv/bin/python benchmarks/bench_scale.py --baseline /path/to/main [--quick]

Each figure is taken in a fresh process, for this checkout and (``--baseline``) for the
other one's package run by the same interpreter, one after the other in the same run, so
that their ratio is fair on a shared machine. Writes ``benchmarks/results/scale.json`` and
``scale.md`` (dated, naming the machine and its load when the run began: a loaded machine
gives provisional figures).

* ``batch, one core``: ``BatchEvaluator("rock-bac")`` over 8,192 random 8-deck shoes (0 to
  300 cards removed), shoes per second of processor time, after the tables are built;
* ``batch file``: ``exact-odds batch rock-bac FILE --workers 2`` on a CSV of random shoes as
  cards removed (1,000,000 by default), wall time and the largest process's memory;
* ``simulate``: ``exact-odds simulate commission-free --play perfect`` for Player, Banker and
  Tie (100,000 shoes by default, 2 workers);
* ``countability``: ``exact-odds countability ez-baccarat --bet dragon-7 --levels 1,2,3``
  (20,000 shoes, 2 workers);
* ``report`` and ``eor``: ``exact-odds report rock-bac`` and ``exact-odds eor rock-bac --by
  card``, whole commands in fresh processes, the two checkouts run in turn (``PAIRED_RUNS``
  pairs, after one run each that writes their bytecode), the median processor time of each
  (steadier than wall time on a shared machine): the one-round issue's "no slower".
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from record import bytecode_environment, machine

HERE = Path(__file__).resolve().parent.parent
RESULTS = HERE / "benchmarks" / "results"

#: Run in a fresh process: put a checkout first on the path, then run a command (argv) of
#: the command line, or a piece of Python; print the wall time and the largest process.
RUNNER = """
import json, resource, subprocess, sys, time
checkout, kind, payload = sys.argv[1], sys.argv[2], json.loads(sys.argv[3])
code = ("import sys; sys.path.insert(0, %r); " % checkout) + (
    "from exact_odds.cli import run; sys.argv = ['exact-odds', *%r]; run()" % (payload,)
    if kind == "cli" else payload)
start = time.perf_counter()
done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
wall = time.perf_counter() - start
used = resource.getrusage(resource.RUSAGE_CHILDREN)
peak = used.ru_maxrss / 1024
print(json.dumps({"wall": wall, "cpu": used.ru_utime + used.ru_stime, "peak_mb": peak,
                  "code": done.returncode,
                  "stdout": done.stdout[-2000:], "stderr": done.stderr[-500:]}))
"""

THROUGHPUT = """
import time, numpy as np
from exact_odds.batch.evaluator import BatchEvaluator
rng = np.random.default_rng(1)
rows = np.full((8192, 52), 8, dtype=np.int64)
for row in rows:
    np.subtract.at(row, rng.choice(416, int(rng.integers(0, 300)), replace=False) // 8, 1)
evaluator = BatchEvaluator("rock-bac")
evaluator.evaluate(rows[:4])
best = 0.0
for _ in range(3):
    start = time.process_time()
    for at in range(0, len(rows), 2048):
        evaluator.evaluate(rows[at:at + 2048])
    best = max(best, len(rows) / (time.process_time() - start))
try:
    from exact_odds.batch.sums import kernel_name
    kernel = kernel_name()
except ImportError:
    kernel = "baseline"
print(best, kernel)
"""


def measure(checkout: Path, kind: str, payload: object, env: dict[str, str] | None = None
            ) -> dict[str, object]:
    done = subprocess.run([sys.executable, "-c", RUNNER, str(checkout), kind,
                           json.dumps(payload)], capture_output=True, text=True,
                          env={**bytecode_environment(), **(env or {})}, check=True)
    return dict(json.loads(done.stdout))


def shoes_file(folder: Path, count: int) -> Path:
    """A CSV of ``count`` random 8-deck shoes, each as the cards removed (0 to 300)."""
    import numpy as np
    import polars as pl

    from exact_odds.cards import DECK

    rng = np.random.default_rng(2)
    deck = np.repeat(np.array(DECK), 8)
    path = folder / "shoes.csv"
    with path.open("w") as handle:
        for start in range(0, count, 50_000):
            removed = [" ".join(rng.permutation(deck)[: int(rng.integers(0, 300))])
                       for _ in range(min(50_000, count - start))]
            text = pl.DataFrame({"removed": removed}).write_csv()
            handle.write(text if start == 0 else text.partition("\n")[2])
    return path


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--baseline", type=Path, help="another checkout to time beside this")
    parser.add_argument("--file-shoes", type=int, default=1_000_000)
    parser.add_argument("--simulate-shoes", type=int, default=100_000)
    parser.add_argument("--countability-shoes", type=int, default=20_000)
    parser.add_argument("--quick", action="store_true", help="a tenth of every count")
    args = parser.parse_args()
    scale = 10 if args.quick else 1
    checkouts = {"this": HERE, **({"baseline": args.baseline} if args.baseline else {})}
    figures: dict[str, dict[str, object]] = {}
    load = os.getloadavg()[0]
    for name, checkout in checkouts.items():
        found: dict[str, object] = {}
        for kernel in (("numba", "numpy") if name == "this" else ("",)):
            run = measure(checkout, "python", THROUGHPUT,
                          {"EXACT_ODDS_KERNEL": kernel} if kernel == "numpy" else None)
            rate, used = str(run["stdout"]).split()
            found[f"batch_one_core_shoes_per_s_{used}"] = round(float(rate))
        with tempfile.TemporaryDirectory() as folder:
            path = shoes_file(Path(folder), args.file_shoes // scale)
            out = Path(folder) / "values.csv"
            workers = ["--workers", "2"] if name == "this" else []
            found["batch_file"] = measure(checkout, "cli", ["batch", "rock-bac", str(path),
                                                            "-o", str(out), *workers])
        found["simulate"] = measure(checkout, "cli", [
            "simulate", "commission-free", "--bet", "player", "--bet", "banker", "--bet", "tie",
            "--shoes", str(args.simulate_shoes // scale), "--seed", "1", "--workers", "2",
            "--format", "json"])
        found["countability"] = measure(checkout, "cli", [
            "countability", "ez-baccarat", "--bet", "dragon-7", "--levels", "1,2,3",
            "--cut-card", "14", "--shoes", str(args.countability_shoes // scale), "--seed", "1",
            "--workers", "2", "--format", "json"])
        for value in found.values():
            if isinstance(value, dict):
                value.pop("stdout", None)
        figures[name] = found
    for key, command in PAIRED.items():  # in turn, so that both meet the same machine
        cpus: dict[str, list[float]] = {name: [] for name in checkouts}
        codes: dict[str, int] = dict.fromkeys(checkouts, 0)
        for checkout in checkouts.values():
            measure(checkout, "cli", command)  # once first: the bytecode written
        for _ in range(PAIRED_RUNS):
            for name, checkout in checkouts.items():
                run = measure(checkout, "cli", command)
                cpus[name].append(float(str(run["cpu"])))
                codes[name] = max(codes[name], int(str(run["code"])))  # a failure shows
        for name in checkouts:
            figures[name][key] = {"cpu": statistics.median(cpus[name]), "code": codes[name]}
    report = {"date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
              "machine": machine(),
              "python": platform.python_version(), "load_average_at_start": load,
              "provisional": load > (os.cpu_count() or 1),
              "counts": {"file_shoes": args.file_shoes // scale,
                         "simulate_shoes": args.simulate_shoes // scale,
                         "countability_shoes": args.countability_shoes // scale},
              "figures": figures}
    RESULTS.mkdir(exist_ok=True)
    (RESULTS / "scale.json").write_text(json.dumps(report, indent=2) + "\n")
    (RESULTS / "scale.md").write_text(markdown(report))
    print(markdown(report))


#: What issues 27 and 28 ask of each figure, shown beside it.
TARGETS = {("batch_one_core_shoes_per_s_numba", ""): "at least 40,000",
           ("batch_file", "wall"): "at most 60", ("batch_file", "peak_mb"): "at most 600",
           ("simulate", "wall"): "at most 60", ("countability", "wall"): "at most 30",
           ("report", "cpu"): "no slower", ("eor", "cpu"): "no slower"}

#: The commands timed in turn, checkout after checkout, and how many pairs of runs.
PAIRED = {"report": ["report", "rock-bac", "--format", "json"],
          "eor": ["eor", "rock-bac", "--by", "card", "--format", "json"]}
PAIRED_RUNS = 15


def markdown(report: dict[str, object]) -> str:
    figures = report["figures"]
    assert isinstance(figures, dict)
    counts = report["counts"]
    assert isinstance(counts, dict)
    lines = [f"Measured {report['date']} on {report['machine']}; "
             f"load average {report['load_average_at_start']:.1f} when the run began"
             + (" (a shared machine: provisional figures)." if report["provisional"] else "."),
             "", "| figure | this checkout | baseline | ratio | goal |",
             "|---|--:|--:|--:|--:|"]

    def cell(name: str, key: str, field: str) -> float | None:
        value = figures.get(name, {}).get(key)
        if isinstance(value, dict):
            return None if value.get("code") else float(value[field])
        return None if value is None else float(value)

    rows = [("batch rock-bac, one core (shoes/s, numba)", "batch_one_core_shoes_per_s_numba",
             ""),
            ("batch rock-bac, one core (shoes/s, numpy)", "batch_one_core_shoes_per_s_numpy",
             ""),
            (f"batch file of {counts['file_shoes']:,} shoes (s)", "batch_file", "wall"),
            (f"batch file of {counts['file_shoes']:,} shoes, largest process (MB)",
             "batch_file", "peak_mb"),
            (f"simulate --play perfect, P/B/T, {counts['simulate_shoes']:,} shoes (s)",
             "simulate", "wall"),
            (f"countability, {counts['countability_shoes']:,} shoes, 3 levels (s)",
             "countability", "wall"),
            (f"report rock-bac, whole command (processor s, median of {PAIRED_RUNS} in turn)",
             "report", "cpu"),
            (f"eor rock-bac --by card, whole command (processor s, median of {PAIRED_RUNS} "
             "in turn)", "eor", "cpu")]
    for label, key, field in rows:
        this = cell("this", key, field)
        base_key = "batch_one_core_shoes_per_s_baseline" if key.startswith("batch_one") else key
        base = cell("baseline", base_key, field)
        ratio = "" if this is None or base is None or not this else (
            f"{this / base:.2f}x" if key.startswith("batch_one") else f"{base / this:.2f}x")
        shown = "{:,.2f}" if key in PAIRED else "{:,.0f}"  # whole commands of a second
        base_text = (shown.format(base) if base is not None
                     else "refused or failed" if "baseline" in figures else "")
        lines.append(f"| {label} | {'' if this is None else shown.format(this)} | "
                     f"{base_text} | {ratio} | {TARGETS.get((key, field), '')} |")
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    main()
