"""``--format`` and ``--output``, the same on every command, and ``emit``, which renders a
result and prints it or writes it through the one writer (``exact_odds.files``).

A command decorated with ``output_options()`` takes ``fmt`` and ``output``; the target is
checked before the command does any work (a folder, a device or a pipe is refused; ``-``
and ``/dev/stdout`` print), and the command ends with ``emit(result, fmt, output)``.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

import click

from exact_odds.render import FORMATS

if TYPE_CHECKING:
    from exact_odds.render import Result

F = TypeVar("F", bound=Callable[..., Any])

#: Formats written as bytes: to a file (or ``-o -``), never to the terminal by default.
BINARY = ("xlsx", "parquet")


def output_options(formats: tuple[str, ...] = FORMATS, default: str | None = None
                   ) -> Callable[[F], F]:
    """``--format`` (one of ``formats``; ``default``, else the first) and ``--output``."""

    def decorate(command: F) -> F:
        @functools.wraps(command)
        def checked(*args: Any, **kwargs: Any) -> Any:
            check_output(kwargs["fmt"], kwargs["output"])
            return command(*args, **kwargs)

        checked = click.option(
            "--output", "-o", type=click.Path(dir_okay=False, path_type=Path),
            help="Write to this file, all at once, instead of printing ('-' prints; a link "
                 "is written through; folders, devices and pipes are refused).")(checked)
        binary = [f for f in formats if f in BINARY]
        checked = click.option(
            "--format", "fmt", type=click.Choice(formats), default=default or formats[0],
            show_default=True,
            help="Output format; csv and json carry exact fractions as strings"
                 + (f"; {' and '.join(binary)} need --output." if binary else "."))(checked)
        return checked  # type: ignore[return-value]

    return decorate


def check_output(fmt: str, output: Path | None) -> None:
    """Refuse, before any work, an output that cannot be written."""
    from exact_odds.files import is_standard_output, output_target

    if output is None:
        if fmt in BINARY:
            kind = "a workbook" if fmt == "xlsx" else "a file"
            raise click.UsageError(f"--format {fmt} writes {kind}: give --output FILE.{fmt}")
        return
    if not is_standard_output(output):
        output_target(output)


def emit(result: Result, fmt: str, output: Path | None) -> None:
    """Render ``result`` (``exact_odds.render.render``) and print it, or write the whole of
    it to ``output`` at once: nothing is written half-way."""
    from exact_odds.render import render

    write(render(result, fmt), output)


def write(rendered: str | bytes, output: Path | None) -> None:
    """Print, or write to ``output`` all at once (``-`` and ``/dev/stdout`` print)."""
    from exact_odds.files import write_output

    if output is None:
        click.echo(rendered, nl=False)
    else:
        write_output(output, rendered)


def warn(message: object) -> None:
    """A warning on stderr, one line."""
    click.echo(f"Warning: {message}", err=True)
