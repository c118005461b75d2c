"""Long runs: worker processes and Dask, Ctrl-C (one line, nothing half-written, no worker
left), and the progress a slow command shows on a terminal. Subprocess timeouts are guards
that prove a command ends, never measurements."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from clirun import one_error_line, process, run
from cluster import local_cluster

ROOT = Path(__file__).resolve().parent.parent

SIM = ["simulate", "rock-bac", "--bet", "tie", "--shoes", "2", "--seed", "1", "--workers", "1"]


def test_the_simulation_example_runs_as_a_saved_script(tmp_path):
    """At 26ed11e the simulation example (now in docs/simulation.md), saved as a script,
    started a process pool without a main guard: a wall of multiprocessing text. From Python a simulation runs in one process
    unless workers are asked for. (Issue 18.)"""
    import re

    page = (ROOT / "docs" / "simulation.md").read_text(encoding="utf-8")
    block = next(b for b in re.findall(r"```python\n(.*?)```", page, re.S)
                 if "from exact_odds import simulate\n" in b)
    script = tmp_path / "example.py"
    script.write_text(block.replace("summary = simulate(\"electronic-baccarat\", 1000,",
                                    "summary = simulate(\"electronic-baccarat\", 20,")
                      + "\nprint(summary.bets_frame().height)\n")
    done = subprocess.run([sys.executable, str(script)], capture_output=True, text=True,
                          timeout=300, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip().splitlines()[-1] == "2" and not done.stderr.strip()


def test_workers_from_a_script_without_a_main_guard_are_one_clear_error(tmp_path):
    """Workers from a script without a main guard are one clear error (issue 18)."""
    script = tmp_path / "unguarded.py"
    script.write_text("import sys\nfrom exact_odds.errors import ExactOddsError\n"
                      "from exact_odds.simulation import simulate\n"
                      "try:\n"
                      "    simulate('rock-bac', 20, bets=['tie'], seed=1, workers=2)\n"
                      "except ExactOddsError as error:\n"
                      "    print('Error:', error, file=sys.stderr)\n"
                      "    sys.exit(1)\n")
    done = subprocess.run([sys.executable, str(script)], capture_output=True, text=True,
                          timeout=300, cwd=tmp_path)
    assert done.returncode == 1
    lines = [line for line in done.stderr.splitlines() if line.strip()]
    assert len(lines) == 1 and "__main__" in lines[0], done.stderr


def test_each_worker_starts_with_the_compiled_kernel_the_work_module_names(tmp_path):
    """Issue 43 (fast by default): a work module's ``PRELOAD`` (the compiled kernel,
    ``exact_odds.batch.loaded``) is imported by the fork server, so every worker starts with
    numba's machine code loaded (an overload compiled or read from disk), not each reading
    it again; the simulation, countability and batch work modules name it."""
    pytest.importorskip("numba")
    from exact_odds.batch import run
    from exact_odds.countability import recorded
    from exact_odds.simulation import play

    for module in (play, recorded, run):
        assert module.PRELOAD == ("exact_odds.batch.loaded",), module.__name__
    (tmp_path / "work.py").write_text(
        "import os\nPRELOAD = ('exact_odds.batch.loaded',)\n\n"
        "def ready(plan, first, what):\n"
        "    from exact_odds.batch import sums\n"
        "    return (bool(sums._KERNEL) and bool(sums._KERNEL[0].horner.overloads)\n"
        "            and bool(sums._KERNEL[0].split.overloads))\n")
    (tmp_path / "main.py").write_text(
        "from exact_odds.running.pool import run_ranges\n"
        "from exact_odds.running.ranges import where\nimport work\n\n"
        "if __name__ == '__main__':\n"
        "    print(sorted({r for _, r in run_ranges(work.ready, None, "
        "[(i, 1) for i in range(4)], where(2))}))\n")
    env = {k: v for k, v in os.environ.items() if k != "EXACT_ODDS_KERNEL"}
    done = subprocess.run([sys.executable, "main.py"], capture_output=True, text=True,
                          timeout=300, cwd=tmp_path, env=env)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["[True]"], done.stdout


def test_each_worker_is_forked_with_the_work_module_already_imported(tmp_path):
    """A pool's worker processes are forked from a server that imported the work's module
    (and numpy, polars and the engine with it) once, not each importing them again: a second
    or more of processor time per worker, for every pool (issue 29, the suite's time). Where
    the module was imported, it says: in another process than the worker's own."""
    (tmp_path / "work.py").write_text(
        "import os\nimport exact_odds.engine\nIMPORTED_IN = os.getpid()\n\n"
        "def where(plan, first, what):\n    return IMPORTED_IN != os.getpid()\n")
    (tmp_path / "main.py").write_text(
        "from exact_odds.running.pool import run_ranges\nfrom exact_odds.running.ranges import Where\nimport work\n\n"
        "if __name__ == '__main__':\n"
        "    print(sorted({r for _, r in run_ranges(work.where, None, "
        "[(i, 1) for i in range(4)], Where(2))}))\n")
    done = subprocess.run([sys.executable, "main.py"], capture_output=True, text=True,
                          timeout=300, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["[True]"], done.stdout


def test_ctrl_c_while_the_fork_server_imports_is_one_line_not_its_traceback(tmp_path):
    """Ctrl-C while the fork server is still importing the work's module (seconds, for the
    engine) stops the run without the server's traceback: the standard library ignores
    Ctrl-C in the server only once its imports are done (found by tsim2 when the server
    began importing the engine, issue 29's round). The work's module here takes until told to
    import in the server, so the Ctrl-C surely lands in that window."""
    (tmp_path / "work.py").write_text(
        "import os, time\n"
        "if os.getpid() != int(os.environ['MAIN_PID']):  # the fork server importing it\n"
        "    open('importing', 'w').write(str(os.getpid()))\n"
        "    for _ in range(600):\n"
        "        if os.path.exists('done'):\n"
        "            break\n"
        "        time.sleep(0.05)\n\n"
        "def work(plan, first, what):\n    return first\n")
    (tmp_path / "main.py").write_text(
        "import os, sys\nos.environ['MAIN_PID'] = str(os.getpid())\n"
        "from exact_odds.running.pool import run_ranges\nfrom exact_odds.running.ranges import Where\nimport work\n\n"
        "if __name__ == '__main__':\n"
        "    try:\n"
        "        list(run_ranges(work.work, None, [(i, 1) for i in range(4)], Where(2)))\n"
        "    except KeyboardInterrupt:\n"
        "        print('stopped', file=sys.stderr)\n"
        "        sys.exit(130)\n")
    with open(tmp_path / "stderr", "w") as stderr:
        started = subprocess.Popen([sys.executable, "main.py"], cwd=tmp_path, stderr=stderr,
                                   start_new_session=True)
        for _ in range(1200):  # a guard: the server starts importing within a minute
            if (tmp_path / "importing").exists() and (tmp_path / "importing").read_text():
                break
            time.sleep(0.05)
        server = int((tmp_path / "importing").read_text())
        os.killpg(started.pid, signal.SIGINT)
        assert started.wait(timeout=60) == 130
        (tmp_path / "done").touch()  # the server ends its import, then sees its parent gone
        for _ in range(600):
            if not _alive(server):
                break
            time.sleep(0.05)
    assert not _alive(server)
    assert (tmp_path / "stderr").read_text().strip() == "stopped"


def test_the_fork_server_ends_as_soon_as_its_main_process_is_gone(tmp_path):
    """Issue 42: the fork server's pid, a private field, was read to kill it at Ctrl-C; now
    its first import of ours watches the main process. With the work's module imported
    after it (the main script imports it lazily), the server ends while still importing,
    as soon as the main process is killed, and forks no worker that would print a
    traceback."""
    (tmp_path / "work.py").write_text(
        "import os, time\n"
        "if os.getpid() != int(os.environ['MAIN_PID']):  # the fork server importing it\n"
        "    open('importing', 'w').write(str(os.getpid()))\n"
        "    for _ in range(1200):\n"
        "        if os.path.exists('done'):\n"
        "            break\n"
        "        time.sleep(0.05)\n\n"
        "def work(plan, first, what):\n    return first\n")
    (tmp_path / "main.py").write_text(
        "import importlib, os\nos.environ['MAIN_PID'] = str(os.getpid())\n"
        "from exact_odds.running.pool import run_ranges\n"
        "from exact_odds.running.ranges import Where\n\n"
        "if __name__ == '__main__':\n"
        "    work = importlib.import_module('work')\n"
        "    list(run_ranges(work.work, None, [(i, 1) for i in range(4)], Where(2)))\n")
    with open(tmp_path / "stderr", "w") as stderr:
        started = subprocess.Popen([sys.executable, "main.py"], cwd=tmp_path, stderr=stderr,
                                   start_new_session=True)
        try:
            for _ in range(1200):  # a guard: the server starts importing within a minute
                if (tmp_path / "importing").exists() and (tmp_path / "importing").read_text():
                    break
                time.sleep(0.05)
            server = int((tmp_path / "importing").read_text())
            started.kill()
            started.wait(timeout=60)
            for _ in range(200):  # a guard: the watch looks every 0.05 s
                if not _alive(server):
                    break
                time.sleep(0.05)
            assert not _alive(server)  # still importing: "done" is not there yet
        finally:
            (tmp_path / "done").touch()
            if started.poll() is None:
                started.kill()
    time.sleep(0.5)
    assert "Traceback" not in (tmp_path / "stderr").read_text()


def _alive(pid: int) -> bool:
    """Whether a process runs (a zombie, ended and not yet reaped, does not)."""
    fields = _stat(pid)
    return fields is not None and fields[0] != "Z"


def _stat(pid: int | str) -> list[str] | None:
    """A process's ``/proc`` stat fields after its name (state, parent, group, session...),
    or None where it is gone."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except (OSError, IndexError):
        return None


@pytest.mark.parametrize("address", ["http://127.0.0.1:8786", "tls://127.0.0.1:8786",
                                     "inproc://127.0.0.1:8786", "ucx://h:1", "ws://h:1",
                                     "tcp://127.0.0.1:99999", "tcp://h st:1", "tcp://127.0.0.1:9",
                                     "tcp://nonexistent.invalid:8786"])
def test_an_unsupported_scheduler_address_is_one_line_before_any_connection(address):
    """An unsupported scheduler address is one line before any connection (issue 18). Run
    in this process: the refusal is the command's, not the process's."""
    one_error_line(run(*SIM[:-2], "--scheduler", address), "--scheduler")


@pytest.mark.slow
def test_a_port_that_is_not_a_dask_scheduler_is_one_line_not_a_hang(monkeypatch):
    """At 26ed11e a port that accepts connections and says nothing hung forever. (Issue 18.)
    Run in this process, in a thread the test waits for (at most 60 s: a hang fails), with
    the wait cut to a second: the refusal is the command's, whatever the wait."""
    pytest.importorskip("distributed")
    from exact_odds.running import cluster

    monkeypatch.setattr(cluster, "SCHEDULER_TIMEOUT", 1)
    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen(10)
    kept: list[socket.socket] = []

    def accept() -> None:
        try:
            while True:
                kept.append(server.accept()[0])
        except OSError:
            pass

    threading.Thread(target=accept, daemon=True).start()
    found = []
    try:
        port = server.getsockname()[1]
        command = threading.Thread(target=lambda: found.append(run(
            *SIM[:-2], "--scheduler", f"tcp://127.0.0.1:{port}")), daemon=True)
        command.start()
        command.join(60)
        assert not command.is_alive(), "the command still waits for the silent port"
    finally:
        server.close()
        for connection in kept:
            connection.close()
    one_error_line(found[0], "--scheduler", "no dask scheduler answered within 1 seconds")


@pytest.mark.slow
def test_dask_refuses_a_worker_and_ctrl_c_cancels_the_remote_work(tmp_path):
    """A Dask worker's address is not a scheduler's; Ctrl-C of a simulation on a cluster
    leaves no task computing (at 26ed11e the workers went on for 15 s). (Issue 18.)"""
    distributed = pytest.importorskip("distributed")
    with local_cluster() as cluster, \
            distributed.Client(cluster) as client:
        worker = next(iter(client.scheduler_info()["workers"]))
        done = process(*SIM[:-2], "--scheduler", worker, timeout=60)
        one_error_line(done, "--scheduler", "not a Dask scheduler")

        def running(child: subprocess.Popen[str]) -> bool:
            return bool(client.processing()) and any(client.processing().values())

        _simulate_then_interrupt(tmp_path, ["--scheduler", cluster.scheduler_address],
                                 signal.SIGINT, running, settle=0.5, timeout=30)
        # the running ranges stop at their next round: the worker's threads fall idle
        deadline = time.monotonic() + 20
        while any(client.processing().values()) or client.run(
                lambda dask_worker: len(dask_worker.state.executing))[worker]:
            assert time.monotonic() < deadline, "the cluster still computes after Ctrl-C"
            time.sleep(0.2)


class _Terminal:
    """A stream that says it is a terminal, keeping what is written."""

    def __init__(self) -> None:
        self.text = ""

    def isatty(self) -> bool:
        return True

    def write(self, text: str) -> None:
        self.text += text

    def flush(self) -> None:
        pass


def test_a_slow_command_shows_that_it_works_on_a_terminal():
    """At 26ed11e batch --strategy optimal compiled for 10 s in silence. (Issue 18.)"""
    from exact_odds.cli.output import Working

    terminal = _Terminal()
    with Working("exact-odds batch", stream=terminal, delay=0) as working:
        working._draw()
        assert "exact-odds batch: working" in terminal.text
        working(3, 12)
        assert "3/12" in terminal.text
    assert terminal.text.endswith("\n")


def test_a_very_large_shoe_shows_its_rounds(monkeypatch):
    """At 26ed11e simulate --decks 1000000 --shoes 1 sat at '0/1 shoes'. (Issue 18.) Progress
    is told in rounds dealt, within a shoe too (issue 42: one callback everywhere)."""
    from exact_odds.cli.output import Working
    from exact_odds.running import heartbeat
    from exact_odds.simulation import simulate

    terminal = _Terminal()
    with Working("exact-odds simulate", stream=terminal, delay=0, unit="rounds") as working:
        working(4_321, 10_000)
    assert "4,321/10,000 rounds" in terminal.text
    monkeypatch.setattr(heartbeat, "INTERVAL", 0)  # every beat told
    told: list[tuple[int, int]] = []
    summary = simulate("rock-bac", 1, bets=["tie"], decks=20, seed=1,
                       progress=lambda done, total: told.append((done, total)))
    dealt = round(summary.bet("tie").rounds_per_shoe)
    assert dealt > 100
    within = [done for done, total in told[:-1] if 0 < done < total]
    assert len(within) > 10  # the shoe's rounds told as they are dealt, not once at its end
    assert told[-1][0] == told[-1][1] == max(dealt, told[0][1])


def _simulate_then_interrupt(folder: Path, extra: list[str], stop: signal.Signals,
                             ready: Callable[[subprocess.Popen[str]], bool], settle: float,
                             timeout: float) -> subprocess.Popen[str]:
    """Start a long simulation (40,000 shoes) in its own session, wait until ``ready``
    holds (up to 60 s) and ``settle`` seconds more, and signal its whole process group as a
    terminal's Ctrl-C does: it must exit 130 with the one line "Error: interrupted"."""
    command = [sys.executable, "-m", "exact_odds", "simulate", "rock-bac", "--bet", "player",
               "--bet", "banker", "--bet", "tie", "--shoes", "40000", "--seed", "1", *extra]
    child = subprocess.Popen(command, cwd=folder, stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, text=True, start_new_session=True)
    try:
        deadline = time.monotonic() + 60
        while not ready(child):
            assert time.monotonic() < deadline, "the simulation never got going"
            time.sleep(0.1)
        time.sleep(settle)
        os.killpg(child.pid, stop)
        _, err = child.communicate(timeout=timeout)
    finally:
        if child.poll() is None:
            os.killpg(child.pid, signal.SIGKILL)
            child.wait()
    assert child.returncode == 130
    assert [line for line in err.splitlines() if line.strip()] == ["Error: interrupted"]
    return child


def _session(pid: int, *, workers: bool = False) -> list[int]:
    """The live processes of the session ``pid`` leads; with ``workers``, only those not
    started by ``pid`` itself: the pool's workers, forked by the fork server (the command
    starts the fork server and a resource tracker itself)."""
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            fields = _stat(entry)
            if fields is None or int(fields[3]) != pid or fields[0] == "Z":
                continue
            if not workers or pid not in (int(entry), int(fields[1])):
                found.append(int(entry))
    return found


@pytest.mark.parametrize("extra, stop", [
    ([], signal.SIGINT),
    pytest.param(["--trace", "t.parquet", "-o", "out.json", "--format", "json"],
                 signal.SIGINT, marks=pytest.mark.slow),
    # at 26ed11e it left the trace's parts behind
    pytest.param(["--trace", "t.parquet"], signal.SIGTERM, marks=pytest.mark.slow),
])
def test_ctrl_c_ends_a_pool_of_workers_at_once_and_leaves_nothing(tmp_path, extra, stop):
    """At 26ed11e Ctrl-C waited for the ranges in progress (14 s and more). The ranges here
    take far longer than the guard's timeout, so only an immediate stop passes. (Issue 18.)"""
    (tmp_path / "out.json").write_text("old")

    def started(child: subprocess.Popen[str]) -> bool:
        """Both workers run, and a trace has its first part written."""
        traced = "--trace" not in extra or len(list(tmp_path.iterdir())) > 1
        return len(_session(child.pid, workers=True)) >= 2 and traced

    child = _simulate_then_interrupt(tmp_path, ["--workers", "2", *extra], stop, started,
                                     settle=0.5, timeout=20)
    deadline = time.monotonic() + 10
    while _session(child.pid) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert _session(child.pid) == []
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out.json"]
    assert (tmp_path / "out.json").read_text() == "old"


def test_processes_and_clusters_are_run_through_public_interfaces_only():
    """Issue 42: ``running`` read the standard library's private fields
    (``forkserver._forkserver``, ``pool._processes``, ``current_process()._inheriting``,
    ``sys._getframe``) and spoke Dask's wire protocol over a raw socket (``distributed.comm``,
    a frame's size read with ``struct``): an upgrade could silently break Ctrl-C or the
    scheduler check. No attribute of another object whose name starts with ``_`` is read
    (``os._exit``, the one documented exception, ends the fork server's watch), and nothing
    below Dask's public names is imported."""
    import ast

    found = []
    for path in sorted((ROOT / "exact_odds" / "running").glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if (isinstance(node, ast.Attribute) and node.attr.startswith("_")
                    and not node.attr.startswith("__")
                    and not (isinstance(node.value, ast.Name) and node.value.id in ("self", "cls"))
                    and ast.unparse(node) != "os._exit"):
                found.append(f"{path.name}:{node.lineno}: {ast.unparse(node)}")
            if (isinstance(node, ast.Call) and ast.unparse(node.func) in ("getattr", "hasattr")
                    and len(node.args) > 1 and isinstance(node.args[1], ast.Constant)
                    and str(node.args[1].value).startswith("_")
                    and not str(node.args[1].value).startswith("__")):
                found.append(f"{path.name}:{node.lineno}: {ast.unparse(node)}")
            if isinstance(node, ast.ImportFrom) and node.module and (
                    node.module.startswith("distributed.")
                    or any(alias.name.startswith("_") for alias in node.names)):
                found.append(f"{path.name}:{node.lineno}: from {node.module} import ...")
            if isinstance(node, ast.Import) and any(alias.name == "struct" for alias in node.names):
                found.append(f"{path.name}:{node.lineno}: import struct (a frame read by hand)")
    assert found == []


@pytest.mark.slow
def test_a_web_server_is_not_a_dask_scheduler_and_says_so_in_one_line():
    """A port where a web server answers is one line within the scheduler's time, not an
    allocation of the size its "HTTP/1.1" reads as (3.5e18 bytes). (Issue 18; issue 42
    moved the check to Dask's public ``rpc``.)"""
    pytest.importorskip("distributed")
    import http.server

    server = http.server.HTTPServer(("127.0.0.1", 0), http.server.BaseHTTPRequestHandler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        found = process(*SIM[:-2], "--scheduler", f"tcp://127.0.0.1:{server.server_address[1]}",
                        timeout=60)
    finally:
        server.shutdown()
        server.server_close()
    one_error_line(found, "--scheduler")
