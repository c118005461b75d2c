"""Benchmarks write their own figures: ``recording(name)`` copies what a benchmark prints
into ``benchmarks/results/<name>.md``, headed by the date of the run, the machine and the
command, so the docs include the figures as measured, never edited by hand.

    if __name__ == "__main__":
        with recording("bench"):
            main()
"""

from __future__ import annotations

import datetime
import os
import platform
import resource
import subprocess
import sys
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager, redirect_stdout
from io import StringIO
from pathlib import Path
from typing import NamedTuple, TextIO

RESULTS = Path(__file__).resolve().parent / "results"


def machine() -> str:
    """The machine, as a reader can compare it: host, processor, cores, memory, Python."""
    model = platform.processor() or platform.machine()
    memory = ""
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
        for line in Path("/proc/meminfo").read_text().splitlines():
            if line.startswith("MemTotal"):
                memory = f", {int(line.split()[1]) / 2**20:.0f} GiB"
                break
    except OSError:
        pass
    return (f"{platform.node()}: {model}, {os.cpu_count()} cores{memory}; "
            f"{platform.system()} {platform.release()}; Python {platform.python_version()}")


def bytecode_environment() -> dict[str, str]:
    """This process's environment with bytecode written, as an installed package's is (pip
    compiles it) and as CI's is: timings free of recompiling every module in every process,
    whatever the machine's ``PYTHONDONTWRITEBYTECODE``."""
    return {name: value for name, value in os.environ.items()
            if name != "PYTHONDONTWRITEBYTECODE"}


class Timing(NamedTuple):
    """A whole command's run: wall seconds, the processor seconds of every process it started
    and waited for, its exit code, the end of its output, the load average when it began."""

    wall: float
    cpu: float
    code: int
    stdout: str
    stderr: str
    load: float


def timed(command: Sequence[str], cwd: Path | None = None,
          env: dict[str, str] | None = None) -> Timing:
    """Run ``command`` once, whole, and time it (the environment: ``bytecode_environment()``
    and ``env`` over it)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    load = os.getloadavg()[0]
    start = time.perf_counter()
    done = subprocess.run(list(command), check=False, cwd=cwd, capture_output=True, text=True,
                          env={**bytecode_environment(), **(env or {})})
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)
    return Timing(wall, cpu, done.returncode, done.stdout[-2000:], done.stderr[-2000:], load)


class _Tee(StringIO):
    def __init__(self, terminal: TextIO) -> None:
        super().__init__()
        self.terminal = terminal

    def write(self, text: str) -> int:
        self.terminal.write(text)
        return super().write(text)

    def flush(self) -> None:
        self.terminal.flush()


@contextmanager
def recording(name: str, when: bool = True) -> Iterator[None]:
    """Print as usual, and when the run ends write what was printed to
    ``benchmarks/results/<name>.md`` (``when`` false: a helper process, nothing written)."""
    if not when:
        yield
        return
    from exact_odds import __version__

    started = datetime.datetime.now(datetime.timezone.utc)
    load = os.getloadavg()[0]
    tee = _Tee(sys.stdout)
    with redirect_stdout(tee):
        yield
    RESULTS.mkdir(exist_ok=True)
    command = " ".join(["python", f"benchmarks/{Path(sys.argv[0]).name}", *sys.argv[1:]])
    header = (f"# {name}\n\nRun on {started:%Y-%m-%d %H:%M} UTC, exact-odds {__version__}, "
              f"`{command}`.  \nMachine: {machine()}; load average {load:.1f} at the start.\n\n")
    (RESULTS / f"{name}.md").write_text(header + tee.getvalue().strip() + "\n", encoding="utf-8")
