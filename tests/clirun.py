"""Running the command line inside a test, and what its output must look like: shared by
the CLI and edge tests (``from clirun import run, ok, one_error_line``)."""

from __future__ import annotations

from click.testing import CliRunner, Result

from exact_odds.cli import main


def run(*args: str) -> Result:
    """``exact-odds ARGS`` in this process."""
    return CliRunner().invoke(main, list(args))


def ok(*args: str) -> str:
    """``exact-odds ARGS``, which must succeed: its output."""
    result = run(*args)
    assert result.exit_code == 0 and result.exception is None, result.output
    return result.output


def one_error_line(result: Result, *needles: str, code: int | None = None) -> str:
    """A non-zero exit (``code`` if given), no traceback, and the whole output one line
    starting "Error:" holding every needle (case aside)."""
    assert result.exit_code != 0, result.output
    if code is not None:
        assert result.exit_code == code, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), (
        f"uncaught {type(result.exception).__name__}: {result.exception}")
    lines = [line for line in result.output.splitlines() if line.strip()]
    assert len(lines) == 1 and lines[0].startswith("Error: "), result.output
    for needle in needles:
        assert needle.lower() in lines[0].lower(), (needle, lines[0])
    return lines[0]
