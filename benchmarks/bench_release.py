"""This release against the previous one, each installed as a user installs it, the same whole
commands timed in turn:

    .venv/bin/python benchmarks/bench_release.py [--previous v0.1.0] [--pairs 2] [--quick]

This checkout is installed alone (``pip install .``, no extra) in a fresh virtual
environment, and the previous release (the git tag ``--previous``, exported with ``git
archive``) with its ``fast`` extra in another. Each program runs once first, so that its
compiled kernel is on disk (numba's cache, as after any first run). Then, pair by pair, the
two take turns (the order reversed from one pair to the next) on three whole commands:
``batch rock-bac`` on 200,000 random 8-deck shoes with ``--workers 1``; ``simulate
commission-free --play perfect`` on Player, Banker and Tie over 100,000 shoes; and
``countability ez-baccarat --bet dragon-7 --levels 1,2,3`` on 20,000 shoes. Then two short
ones, ``report rock-bac`` and ``eor rock-bac --by card``, take turns run by run,
``SHORT_RUNS`` times each (a drift of the machine's speed meets both alike). Each figure is
the median wall time of its runs; the ratio is the previous release's over this one's (above
1: this release is ahead). Also timed once each: each README's first command as it is written
(a fresh virtual environment, pip's cache off: ``PIP_NO_CACHE_DIR=1``), in a copy of each
checkout. Writes ``benchmarks/results/release.json`` and ``release.md`` (dated, naming the
machine and its load), which the Benchmarks page shows.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from io import BytesIO
from pathlib import Path

from bench_scale import shoes_file
from record import RESULTS, Timing, machine, recording, timed

HERE = Path(__file__).resolve().parent.parent

#: The figures: their label, the command's arguments after ``exact-odds`` (``{shoes}`` the
#: batch's file, ``{out}`` a folder for outputs), the count of shoes each runs on (0: none),
#: the goal (seconds at most, or ``None``: no slower than the previous release).
FIGURES: dict[str, tuple[str, list[str], int, int | None]] = {
    "batch": ("batch rock-bac, 200,000 shoes, one worker", [
        "batch", "rock-bac", "{shoes}", "--workers", "1", "-o", "{out}/values.csv"],
        200_000, 5),
    "simulate": ("simulate commission-free --play perfect, Player, Banker, Tie, 100,000 shoes", [
        "simulate", "commission-free", "--play", "perfect", "--bet", "player", "--bet",
        "banker", "--bet", "tie", "--shoes", "{count}", "--seed", "1", "--format", "json",
        "-o", "{out}/simulate.json"], 100_000, 25),
    "countability": ("countability ez-baccarat --bet dragon-7 --levels 1,2,3, 20,000 shoes", [
        "countability", "ez-baccarat", "--bet", "dragon-7", "--levels", "1,2,3", "--cut-card",
        "14", "--shoes", "{count}", "--seed", "1", "--format", "json",
        "-o", "{out}/countability.json"], 20_000, 12),
    "report": ("report rock-bac", ["report", "rock-bac", "-o", "{out}/report.txt"], 0, None),
    "eor": ("eor rock-bac --by card", ["eor", "rock-bac", "--by", "card", "-o",
                                       "{out}/eor.txt"], 0, None),
}

#: A command of a fraction of a second is run this many times by each release, the two
#: taking turns run by run (a median of many runs: one run's wall time is mostly noise).
SHORT_RUNS = 21

#: Pip's cache off, as on a fresh machine.
NO_PIP_CACHE = {"PIP_NO_CACHE_DIR": "1", "PIP_DISABLE_PIP_VERSION_CHECK": "1"}


def export(ref: str | None, folder: Path) -> Path:
    """The files of this checkout (``ref`` None: as they are, uncommitted changes included,
    nothing git ignores) or of a git ref, copied into ``folder``."""
    folder.mkdir(parents=True)
    if ref is None:
        listed = subprocess.run(["git", "-C", str(HERE), "ls-files", "-z", "--cached", "--others",
                                 "--exclude-standard"], check=True, capture_output=True).stdout
        for name in filter(None, listed.decode().split("\0")):
            source = HERE / name
            if source.is_file():
                (folder / name).parent.mkdir(parents=True, exist_ok=True)
                (folder / name).write_bytes(source.read_bytes())
        return folder
    archive = subprocess.run(["git", "-C", str(HERE), "archive", "--format=tar", ref],
                             capture_output=True, check=False)
    if archive.returncode:
        sys.exit(f"Error: --previous {ref}: {archive.stderr.decode().strip()}")
    with tarfile.open(fileobj=BytesIO(archive.stdout)) as tar:
        tar.extractall(folder, filter="data")
    return folder


def first_command(checkout: Path) -> str:
    """The first line of the README's first ``bash`` block: its set-up command."""
    readme = (checkout / "README.md").read_text(encoding="utf-8")
    block = re.search(r"```bash\n(.*?)```", readme, re.S)
    lines = [line for line in (block.group(1) if block else "").splitlines() if line.strip()]
    if not lines or "pip install" not in lines[0]:
        sys.exit(f"Error: {checkout / 'README.md'}: no set-up command as its first bash block's "
                 "first line")
    return lines[0]


def install(source: str, venv: Path) -> Path:
    """A fresh virtual environment at ``venv`` holding ``source`` (a path, with extras); its
    ``exact-odds``."""
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    subprocess.run([str(venv / "bin" / "python"), "-m", "pip", "install", "--quiet", source],
                   check=True, env={**os.environ, **NO_PIP_CACHE})
    return venv / "bin" / "exact-odds"


def describe(exe: Path) -> str:
    """The program's version and the kernel its batches run on."""
    version = subprocess.run([str(exe), "--version"], capture_output=True, text=True,
                             check=True).stdout.strip()
    kernel = subprocess.run([str(exe.parent / "python"), "-c", "from exact_odds.batch.sums "
                             "import kernel_name; print(kernel_name())"], capture_output=True,
                            text=True, check=True).stdout.strip()
    return f"{version} ({kernel} kernel)"


def arguments(key: str, shoes: Path, out: Path, scale: int) -> list[str]:
    _, args, count, _ = FIGURES[key]
    return [arg.format(shoes=shoes, out=out, count=count // scale) for arg in args]


def seconds(runs: list[Timing]) -> float | None:
    """The median wall time of the runs, or None when one failed."""
    return None if any(run.code for run in runs) else statistics.median(r.wall for r in runs)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--previous", default="v0.1.0", help="the previous release's git tag")
    parser.add_argument("--pairs", type=int, default=2, help="runs of each program, in turn")
    parser.add_argument("--quick", action="store_true", help="a tenth of every count")
    args = parser.parse_args()
    if args.pairs < 1:
        sys.exit(f"Error: --pairs {args.pairs}: at least one pair of runs")
    scale = 10 if args.quick else 1
    with tempfile.TemporaryDirectory(prefix="bench-release-") as name:
        work = Path(name)
        sources = {"this": export(None, work / "this"),
                   "previous": export(args.previous, work / "previous")}
        # each README's first command as written, in its own copy, pip's cache off
        started = {key: timed(["bash", "-c", first_command(source)], cwd=source,
                              env=NO_PIP_CACHE) for key, source in sources.items()}
        for key, run in started.items():
            if run.code:
                sys.exit(f"Error: {key}'s first command failed: {run.stderr.strip()[-300:]}")
        programs = {"this": install(str(sources["this"]), work / "venv-this"),
                    "previous": install(f"{sources['previous']}[fast]", work / "venv-previous")}
        names = {key: describe(exe) for key, exe in programs.items()}
        shoes = shoes_file(work, FIGURES["batch"][2] // scale)
        sample = HERE / "tables" / "shoes" / "rock-bac-shoes.csv"
        first_batch = {key: timed([str(exe), "batch", "rock-bac", str(sample), "--workers", "1"],
                                  cwd=work) for key, exe in programs.items()}
        runs: dict[str, dict[str, list[Timing]]] = {key: {f: [] for f in FIGURES}
                                                    for key in programs}
        order = list(programs)
        long = [figure for figure in FIGURES if FIGURES[figure][2]]
        short = [figure for figure in FIGURES if not FIGURES[figure][2]]
        for pair, figures in [*((pair, long) for pair in range(args.pairs)),
                              *((run, short) for run in range(SHORT_RUNS))]:
            for key in order if pair % 2 == 0 else order[::-1]:
                out = work / f"out-{key}"
                out.mkdir(exist_ok=True)
                for figure in figures:
                    runs[key][figure].append(timed(
                        [str(programs[key]), *arguments(figure, shoes, out, scale)], cwd=work))
        report = {"date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
                  "machine": machine(), "previous": args.previous, "pairs": args.pairs,
                  "scale": scale, "programs": names,
                  "first_command": {key: {"command": first_command(source),
                                          "wall": started[key].wall}
                                    for key, source in sources.items()},
                  "first_batch": {key: run.wall for key, run in first_batch.items()},
                  "figures": {key: {figure: [run._asdict() for run in done]
                                    for figure, done in by_figure.items()}
                              for key, by_figure in runs.items()}}
    RESULTS.mkdir(exist_ok=True)
    (RESULTS / "release.json").write_text(json.dumps(report, indent=2) + "\n", encoding="utf-8")
    print(table(report, runs, started, first_batch, scale))


def table(report: dict[str, object], runs: dict[str, dict[str, list[Timing]]],
          started: dict[str, Timing], first_batch: dict[str, Timing], scale: int) -> str:
    """The figures as the Benchmarks page shows them."""
    names = report["programs"]
    assert isinstance(names, dict)
    loads = [run.load for by_figure in runs.values() for done in by_figure.values()
             for run in done]
    lines = [f"This release: {names['this']}, installed alone (`pip install .`). Previous: "
             f"{names['previous']}, tag `{report['previous']}` with its `fast` extra. "
             f"{report['pairs']} runs of each, in turn (the short commands {SHORT_RUNS}, "
             f"taking turns run by run); the median wall time. Load average "
             f"{min(loads):.1f} to {max(loads):.1f} while they ran"
             + (" (a shared machine: the ratios compare, the seconds less so)."
                if max(loads) > (os.cpu_count() or 1) else "."), "",
             "| whole command | this release (s) | previous release (s) | ratio | goal |",
             "|---|--:|--:|--:|--:|"]
    for figure, (label, _, count, goal) in FIGURES.items():
        this, previous = seconds(runs["this"][figure]), seconds(runs["previous"][figure])
        shown = label if scale == 1 or not count else \
            f"{label} (a tenth: {count // scale:,} shoes)"
        ratio = f"{previous / this:.2f}x" if this and previous else ""
        wanted = "no slower" if goal is None else f"at most {goal} s"
        lines.append(f"| {shown} | {_s(this, count)} | {_s(previous, count)} | {ratio} | "
                     f"{wanted} |")
    lines.append(f"| first batch after installing (compiles and caches the kernel), 12 shoes | "
                 f"{_s(first_batch['this'].wall)} | {_s(first_batch['previous'].wall)} | | |")
    lines.append(f"| the README's first command, fresh environment, no pip cache | "
                 f"{_s(started['this'].wall)} | {_s(started['previous'].wall)} | "
                 f"{started['previous'].wall / started['this'].wall:.2f}x | at most 45 s |")
    first = report["first_command"]
    assert isinstance(first, dict)
    lines += ["", f"The README's first command, this release: `{first['this']['command']}`; "
              f"previous: `{first['previous']['command']}`."]
    return "\n".join(lines) + "\n"


def _s(value: float | None, count: int = 1) -> str:
    """Seconds as shown: a tenth of a second, a hundredth for a short command (no shoes)."""
    return "failed" if value is None else f"{value:.{1 if count else 2}f}"


if __name__ == "__main__":
    with recording("release"):
        main()
