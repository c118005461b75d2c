"""The command group and its errors: every error, click's own included, is one line
starting "Error:" on stderr with a non-zero exit (1 for the input, 2 for a usage error,
which names the command's ``--help``); Ctrl-C is one line too, exit 130. A command's module
is loaded when that command is run (``CommandModules``)."""

from __future__ import annotations

import sys
from collections.abc import Iterator, Mapping, MutableMapping
from contextlib import suppress
from importlib import import_module
from typing import Any

import click

from exact_odds.errors import ExactOddsError, command_line, one_line
from exact_odds.limits import LINE_LIMIT


def fail(message: str, code: int) -> None:
    """Print one error line and exit with ``code``."""
    click.echo(f"Error: {one_line(message, LINE_LIMIT - len('Error: '))}", err=True)
    sys.exit(code)


#: Errors that are the user's input, not the program's fault: one line, exit 1.
#: (OverflowError: a figure too large for a float; RecursionError: an input nested too
#: deeply to read.)
INPUT_ERRORS: tuple[type[BaseException], ...] = (ExactOddsError, OverflowError, RecursionError)


class CommandModules(MutableMapping[str, click.Command]):
    """The group's commands by name, each module of ``exact_odds.cli`` imported when one of
    its commands is first looked up: ``exact-odds report`` loads ``cli/report.py`` and not
    the simulation's options, while ``--help`` and the docs, which read every command, load
    every module. ``modules``: each module's name and its commands' names, in order (a
    command's function is named as the command, ``-`` read as ``_``)."""

    def __init__(self, modules: Mapping[str, tuple[str, ...]]) -> None:
        self._module = {name: module for module, names in modules.items() for name in names}
        self._loaded: dict[str, click.Command] = {}

    def __getitem__(self, name: str) -> click.Command:
        if name not in self._loaded:
            where = f"{__package__}.{self._module[name]}"  # KeyError: no such command
            try:
                module = import_module(where)
            except KeyError as error:  # raised while loading: not "no such command"
                raise ImportError(f"{where}: {error!r}") from error
            self._loaded[name] = getattr(module, name.replace("-", "_"))
        return self._loaded[name]

    def __setitem__(self, name: str, command: click.Command) -> None:  # click's add_command
        self._module.setdefault(name, "")
        self._loaded[name] = command

    def __delitem__(self, name: str) -> None:
        del self._module[name]
        self._loaded.pop(name, None)

    def __iter__(self) -> Iterator[str]:
        return iter(self._module)

    def __len__(self) -> int:
        return len(self._module)


class Commands(click.Group):
    """Commands whose errors are one line: the library's input errors exit 1, click's usage
    errors exit 2 with the command's ``--help`` named on the same line."""

    def invoke(self, ctx: click.Context) -> object:
        try:
            with command_line():  # the library names inputs by their options (--cut-card)
                return super().invoke(ctx)
        except INPUT_ERRORS as error:
            raise click.ClickException(str(error)) from None
        except KeyboardInterrupt:  # one line, without click's blank line before it
            raise click.Abort() from None

    def main(self, args: Any = None, prog_name: str | None = None,  # click's own signature
             complete_var: str | None = None, standalone_mode: bool = True,
             **extra: Any) -> Any:
        if not standalone_mode:
            return super().main(args, prog_name, complete_var, standalone_mode, **extra)
        try:
            result = super().main(args, prog_name, complete_var, False, **extra)
        except click.UsageError as error:
            if type(error).__name__ == "NoArgsIsHelpError":  # no command: the help, as click shows it
                error.show()
                sys.exit(error.exit_code)
            hint = ""
            if error.ctx is not None:
                hint = f" (see '{error.ctx.command_path} --help')"
            fail(error.format_message() + hint, error.exit_code)
        except click.ClickException as error:
            fail(error.format_message(), error.exit_code)
        except (click.Abort, KeyboardInterrupt):
            fail("interrupted", 130)
        except BrokenPipeError:  # the reader of the output has gone (| head): say nothing
            _silence_stdout()
            sys.exit(1)
        try:
            if sys.stdout is not None:  # None: started closed (>&-), the result in a file
                sys.stdout.flush()
        except BrokenPipeError:
            _silence_stdout()
            sys.exit(1)
        sys.exit(result if isinstance(result, int) else 0)


def _silence_stdout() -> None:
    """Point standard output at the null device, so that the flush at exit cannot fail
    again on a closed pipe."""
    import os

    try:
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):  # AttributeError: started closed (None)
        pass


def terminate_as_interrupt() -> None:
    """SIGTERM (``kill``, a job scheduler's time limit) stops the command as Ctrl-C does:
    one line, nothing half-written, no worker left."""
    import signal

    def stop(signum: int, frame: object) -> None:
        raise KeyboardInterrupt

    with suppress(ValueError, OSError):  # not the main thread: leave it
        signal.signal(signal.SIGTERM, stop)


@click.group(cls=Commands, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="exact-odds")
def main() -> None:
    """Exact odds of baccarat games and their side bets, from the finite shoe.

    Every probability is a fraction and every count an integer: the number of ordered
    six-card sequences of the shoe.

    \b
    Example:
      exact-odds games
      exact-odds report rock-bac
    """
