"""The command line: each command reads its input, calls one library function and hands
its result to ``emit``.

    exact-odds games
    exact-odds report rock-bac --decks 6 --format markdown

Modules: ``app`` (the command group; every error one line), ``options`` (the shared
options, declared once), ``output`` (``--format``, ``--output`` and ``emit``), and one
module per command group: ``games`` (games, columns, schema, check), ``report`` (report,
eor, strategy, solve, compare), ``known``, ``batch``, ``simulate``, ``countability``,
``table``.

A new command: a ``click.command`` in the module of its group (or a new module), decorated
with the options it takes, ending with ``emit(result, fmt, output)``, and its name listed
in ``COMMANDS``.
"""

from __future__ import annotations

import gc

from exact_odds.cli.app import CommandModules, main, terminate_as_interrupt
from exact_odds.cli.output import hold_collector

#: Every command, by the module of ``exact_odds.cli`` that defines it, in the order the
#: docs list them. A module is imported when one of its commands runs (or ``--help`` lists
#: them all): a report does not load the options of a simulation.
COMMANDS = {
    "games": ("games", "columns", "schema", "check"),
    "report": ("report", "eor", "strategy", "solve", "compare"),
    "known": ("known",),
    "batch": ("batch",),
    "simulate": ("simulate",),
    "countability": ("countability",),
    "table": ("table",),
}
main.commands = CommandModules(COMMANDS)


def run() -> None:  # pragma: no cover - the console script
    terminate_as_interrupt()
    hold_collector()
    try:
        main(prog_name="exact-odds")
    finally:
        # the process ends: what it holds goes back to the system whole, so the collector's
        # last passes over every object (a tenth of a report's time) are left out. Its
        # output is flushed and its files closed as before; only the finalizers of objects
        # left in reference cycles, which Python does not promise to run at exit, are not.
        gc.freeze()


__all__ = ["COMMANDS", "main", "run"]
