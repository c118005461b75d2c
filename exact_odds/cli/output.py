"""``--format`` and ``--output``, the same on every command, and ``emit``, which renders a
result and prints it, or saves it as Python's ``result.save(path, format)`` does
(``exact_odds.render.save``, through the one writer ``exact_odds.files``).

A command decorated with ``output_options()`` takes ``fmt`` and ``output``; the target is
checked before the command does any work (a folder, a device or a pipe is refused; ``-``
and ``/dev/stdout`` print), and the command ends with ``emit(result, fmt, output)``.
"""

from __future__ import annotations

import functools
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, TextIO, TypeVar, cast

import click

from exact_odds.render import BINARY, FORMATS

if TYPE_CHECKING:
    from exact_odds.render import Result

F = TypeVar("F", bound=Callable[..., object])


def output_options(formats: tuple[str, ...] = FORMATS, default: str | None = None
                   ) -> Callable[[F], F]:
    """``--format`` (one of ``formats``; ``default``, else the first) and ``--output``."""

    def decorate(command: F) -> F:
        @functools.wraps(command)
        def checked(*args: object, **kwargs: object) -> object:
            kwargs["output"] = check_output(cast(str, kwargs["fmt"]),
                                            cast("str | None", kwargs["output"]))
            return command(*args, **kwargs)

        checked = click.option(
            "--output", "-o", type=click.Path(dir_okay=False),
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


def check_output(fmt: str, name: str | Path | None) -> Path | None:
    """The output's path, checked before any work: an output that cannot be written (an
    empty name, a folder, a closed standard output...) is refused."""
    from exact_odds.files import is_standard_output, output_target, standard_output

    if name is not None and not str(name).strip():  # before Path(''), which is '.'
        raise click.BadParameter("an empty file name: give a file, or - to print",
                                 param_hint="--output")
    output = None if name is None else Path(name)
    if output is None and fmt in BINARY:
        kind = "a workbook" if fmt == "xlsx" else "a file"
        raise click.UsageError(f"--format {fmt} writes {kind}: give --output FILE.{fmt}")
    if output is None or is_standard_output(output):
        standard_output()  # not closed
        return output
    output_target(output)
    return output


def emit(result: Result, fmt: str, output: Path | None) -> None:
    """Print ``result`` in ``fmt`` (``exact_odds.render.render``), or save it to ``output``
    as ``result.save(output, fmt)`` does from Python (``exact_odds.render.save``): the whole
    of it at once, nothing written half-way."""
    from exact_odds.render import render, save

    if output is None:
        write(render(result, fmt), None)
    else:
        save(result, output, fmt)


def write(rendered: str | bytes, output: Path | None) -> None:
    """Print, or write to ``output`` all at once (``-`` and ``/dev/stdout`` print)."""
    from exact_odds.files import OutputError, standard_output, write_output

    try:
        if output is None:
            stream = standard_output()
            click.echo(rendered, nl=False)  # click's own stream: any terminal's encoding
            stream.flush()
        else:
            write_output(output, rendered)
    except BrokenPipeError:
        raise  # the reader has gone (| head): nothing to say
    except OutputError:
        raise
    except OSError as error:  # standard output itself failed: a full disk, a closed file
        raise OutputError(f"cannot write to standard output: "
                          f"{error.strerror or error}") from None


def warn(message: object) -> None:
    """A warning on stderr, one line."""
    click.echo(f"Warning: {message}", err=True)


#: Whether the console script turned the cyclic collector off while the program loads
#: (``hold_collector``); only then does ``Working`` freeze what is loaded and turn it on. A
#: caller who runs ``main`` in its own process keeps its collector as it set it.
_COLLECTOR = {"held": False}


def hold_collector() -> None:
    """The console script's start: loading the program (a command's modules, its game
    files) makes objects that live to its end, which the cyclic collector would walk again
    and again as they are made; it is off until the work begins (``Working``)."""
    import gc

    if gc.isenabled():
        gc.disable()
        _COLLECTOR["held"] = True


class Working:
    """What a command is doing, on a terminal's standard error only: once the work has
    taken more than a second, the time it has taken (``exact-odds batch: working, 4 s``),
    redrawn every half second until it ends; told ``(done, total)`` (a library's progress
    callback, in ``unit``), a bar. Nothing is drawn when standard error is not a terminal.

        with Working("exact-odds report"):
            result = game_report(...)
    """

    def __init__(self, label: str, stream: TextIO | None = None, delay: float = 1.0,
                 unit: str = "") -> None:
        import threading
        import time

        self.label = label
        self.unit = f" {unit}" if unit else ""
        self.stream = stream if stream is not None else sys.stderr
        self.delay = delay
        self.start = time.monotonic()
        self.shown = False
        self.bar: tuple[int, int] | None = None
        self.lock = threading.Lock()
        self.stop = threading.Event()
        self.thread: threading.Thread | None = None

    def _tty(self) -> bool:
        return bool(getattr(self.stream, "isatty", lambda: False)())

    def __enter__(self) -> Working:
        import gc
        import threading

        if _COLLECTOR["held"]:  # the console script loads with the collector off (cli.run)
            _COLLECTOR["held"] = False
            gc.freeze()  # what the command has loaded lives to its end: no pass walks it
            gc.enable()  # the work's own garbage is collected as usual
        if self._tty():
            self.thread = threading.Thread(target=self._tick, daemon=True)
            self.thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop.set()
        if self.thread is not None:
            self.thread.join(1)
        with self.lock:
            if self.shown:
                self.stream.write("\n")
                self.stream.flush()
                self.shown = False

    def __call__(self, done: int, total: int) -> None:
        """The library's progress: ``done`` of ``total``."""
        with self.lock:
            self.bar = (done, total)
        self._draw()

    def _tick(self) -> None:
        while not self.stop.wait(0.5):
            self._draw()

    def _draw(self) -> None:
        import time

        if not self._tty():
            return
        elapsed = time.monotonic() - self.start
        if elapsed < self.delay:
            return
        with self.lock:
            if self.stop.is_set() and self.thread is not None:
                return
            if self.bar is not None:
                done, total = self.bar
                width = 30
                filled = width * done // max(total, 1)
                line = (f"{self.label} [{'#' * filled}{'.' * (width - filled)}] "
                        f"{done:,}/{total:,}{self.unit}, {elapsed:.0f} s")
            else:
                line = f"{self.label}: working, {elapsed:.0f} s"
            self.stream.write(f"\r{line}")
            self.stream.flush()
            self.shown = True
