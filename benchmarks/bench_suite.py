"""The whole test suite's time, side by side with another checkout's suite on the same machine
in the same hour:

    .venv/bin/python benchmarks/bench_suite.py --baseline /path/to/other/checkout [--pairs 2]

Each checkout runs the test command its own README gives (the ``pytest`` part of the second
line of its first ``bash`` block, which CI runs), with its own ``.venv`` (set up as that
README says), from its own folder, with ``-q -p no:cacheprovider`` added (no
``.pytest_cache`` written into it). The checkouts take turns, the order reversed from one
pair to the next (ABBA), so that both meet the same machine; a shared machine's speed
drifts by tens of percent in an hour, so only figures of one run compare. Wall time, the
processor time of every process the suite started and waited for (the xdist workers, the
pools', the kernels', the browser's), and the tests that passed, as pytest counts them.
"""

from __future__ import annotations

import argparse
import re
import shlex
import statistics
import subprocess
import sys
from pathlib import Path

from record import recording, timed

HERE = Path(__file__).resolve().parent.parent


def test_command(checkout: Path) -> list[str]:
    """The README's test command of ``checkout``, as a list of arguments, ``-q -p
    no:cacheprovider`` added; refused in one line where the README has none or the checkout
    is not set up."""
    if not (checkout / "README.md").is_file():
        sys.exit(f"Error: --baseline {checkout}: no README.md (not a checkout of exact-odds)")
    readme = (checkout / "README.md").read_text(encoding="utf-8")
    block = re.search(r"```bash\n(.*?)```", readme, re.S)
    lines = [line for line in (block.group(1) if block else "").splitlines() if line.strip()]
    if len(lines) < 2 or "pytest" not in lines[1]:
        sys.exit(f"Error: {checkout / 'README.md'}: no test command as its first bash block's "
                 "second line")
    # the part that runs the tests (the line may first install what they need)
    command = shlex.split(next(part for part in lines[1].split("&&") if "pytest" in part))
    if not (checkout / command[0]).exists():
        sys.exit(f"Error: {checkout}: {command[0]} is missing (set the checkout up as its "
                 "README says)")
    return [*command, "-q", "-p", "no:cacheprovider"]


def run_suite(checkout: Path, command: list[str]) -> dict[str, float | int | str]:
    """Run ``checkout``'s suite once (``command``, from ``test_command``): wall and processor
    seconds, tests passed, exit code."""
    run = timed(command, cwd=checkout)
    last = run.stdout.strip().splitlines()[-1] if run.stdout.strip() else ""
    passed = re.search(r"(\d+) passed", last)
    return {"wall": run.wall, "cpu": run.cpu, "passed": int(passed.group(1)) if passed else 0,
            "code": run.code, "summary": last.strip("= "), "load": run.load}


def last_commit(checkout: Path) -> str:
    """When ``checkout``'s last commit was made (a date, as the docs name no commit ids)."""
    done = subprocess.run(["git", "-C", str(checkout), "log", "-1", "--format=%cd",
                           "--date=format:%Y-%m-%d %H:%M"], check=False, capture_output=True,
                          text=True)
    return done.stdout.strip() or "not a git checkout"


def minutes(seconds: float) -> str:
    return f"{int(seconds // 60)} min {seconds % 60:02.0f} s"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--baseline", type=Path, required=True,
                        help="another checkout, set up as its README says, to time beside this")
    parser.add_argument("--pairs", type=int, default=2, help="runs of each checkout, in turn")
    args = parser.parse_args()
    if args.pairs < 1:
        sys.exit(f"Error: --pairs {args.pairs}: at least one pair of runs")
    checkouts = {"this": HERE, "baseline": args.baseline.resolve()}
    # both read and set up, or refused, before the first run
    commands = {name: test_command(checkout) for name, checkout in checkouts.items()}
    runs: dict[str, list[dict[str, float | int | str]]] = {name: [] for name in checkouts}
    print("| run | checkout | tests passed | wall | processor | load at start | pytest's last line |")
    print("|--:|---|--:|--:|--:|--:|---|")
    order = list(checkouts)
    for pair in range(args.pairs):
        for name in order if pair % 2 == 0 else order[::-1]:
            run = run_suite(checkouts[name], commands[name])
            runs[name].append(run)
            print(f"| {pair + 1} | {name} | {run['passed']:,} | {minutes(float(run['wall']))} | "
                  f"{minutes(float(run['cpu']))} | {float(run['load']):.1f} | "
                  f"{run['summary']} |", flush=True)
    print()
    walls = {name: statistics.median(float(run["wall"]) for run in done)
             for name, done in runs.items()}
    cpus = {name: statistics.median(float(run["cpu"]) for run in done)
            for name, done in runs.items()}
    failed = [name for name, done in runs.items() if any(run["code"] for run in done)]
    print(f"Median wall time: this checkout {minutes(walls['this'])}, baseline "
          f"{minutes(walls['baseline'])} ({walls['baseline'] / walls['this']:.2f}x); "
          f"processor time {minutes(cpus['this'])} and {minutes(cpus['baseline'])} "
          f"({cpus['baseline'] / cpus['this']:.2f}x). Last commits: this checkout "
          f"{last_commit(checkouts['this'])}, baseline {last_commit(checkouts['baseline'])}"
          + (f". A suite failed: {', '.join(failed)}." if failed else "."))


if __name__ == "__main__":
    with recording("bench_suite"):
        main()
