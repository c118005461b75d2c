"""The command line: each command reads its input, calls one library function and hands
its result to ``emit``.

    exact-odds games
    exact-odds report rock-bac --decks 6 --format markdown

Modules: ``app`` (the command group; every error one line), ``options`` (the shared
options, declared once), ``output`` (``--format``, ``--output`` and ``emit``), and one
module per command group: ``games`` (games, columns, schema, check), ``report`` (report,
eor, strategy, solve, compare), ``known``, ``batch``, ``simulate``, ``countability``,
``table``.

A new command: a ``click.command`` in the module of its group (or a new module listed
below), decorated with the options it takes, ending with ``emit(result, fmt, output)``.
"""

from __future__ import annotations

from exact_odds.cli import batch, countability, games, known, report, simulate, table
from exact_odds.cli.app import main, terminate_as_interrupt

for _group in (games, report, known, batch, simulate, countability, table):
    for _command in _group.COMMANDS:
        main.add_command(_command)


def run() -> None:  # pragma: no cover - the console script
    terminate_as_interrupt()
    main(prog_name="exact-odds")


__all__ = ["main", "run"]
