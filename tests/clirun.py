"""Running the command line inside a test, and what a refusal must look like: the one helper
every test file uses (``from clirun import run, ok, process, one_error_line``), and the
modules a command loads (``modules_loaded``)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

from click.testing import CliRunner, Result

from exact_odds.cli import main


def run(*args: str) -> Result:
    """``exact-odds ARGS`` in this process (its messages name the program as a user sees it)."""
    return CliRunner().invoke(main, list(args), prog_name="exact-odds")


def ok(*args: str) -> str:
    """``exact-odds ARGS``, which must succeed: its output."""
    result = run(*args)
    assert result.exit_code == 0 and result.exception is None, result.output
    return result.output


def process(*args: str, timeout: float = 120, **kwargs: Any) -> subprocess.CompletedProcess[str]:
    """``python -m exact_odds ARGS`` as a separate process (the timeout proves it ends; it is
    never a measurement)."""
    return subprocess.run([sys.executable, "-m", "exact_odds", *args], capture_output=True,
                          text=True, timeout=timeout, **kwargs)


def modules_loaded(*args: str) -> set[str]:
    """Every module a fresh interpreter holds once ``exact-odds ARGS`` (which must succeed)
    has run in it: what the command's start-up pays for."""
    code = ("import sys; from exact_odds.cli import main; "
            f"main({list(args)!r}, standalone_mode=False); print(*sys.modules)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 0, done.stderr
    return set(done.stdout.splitlines()[-1].split())


def one_error_line(result: Result | subprocess.CompletedProcess[str], *needles: str,
                   code: int | None = None) -> str:
    """A refused input, run in this process (a click ``Result``) or as a process: a non-zero
    exit (``code`` if given), no traceback, and the whole output (standard error for a
    process) one line starting "Error:" holding every needle (case aside)."""
    if isinstance(result, subprocess.CompletedProcess):
        exit_code, output = result.returncode, result.stderr
    else:
        exit_code, output = result.exit_code, result.output
        assert result.exception is None or isinstance(result.exception, SystemExit), (
            f"uncaught {type(result.exception).__name__}: {result.exception}")
    assert exit_code != 0, output
    if code is not None:
        assert exit_code == code, output
    assert "Traceback" not in output, output
    lines = [line for line in output.splitlines() if line.strip()]
    assert len(lines) == 1 and lines[0].startswith("Error: "), output
    for needle in needles:
        assert needle.lower() in lines[0].lower(), (needle, lines[0])
    return lines[0]


#: The head of a test game file: everything but its bets.
GAME_HEAD = "name: Test game\nsource: {document: a test}\ndecks: 8\nrules: punto-banco\n"


def game(tmp_path: Path, events: str, name: str = "game.yaml", bet: str = "t") -> str:
    """A test game file of one bet whose events are ``events`` (YAML lines); its path."""
    path = tmp_path / name
    path.write_text(GAME_HEAD + f"bets:\n  - id: {bet}\n    name: T\n    events:\n" + events,
                    encoding="utf-8")
    return str(path)
