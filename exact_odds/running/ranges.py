"""Work split into ranges: what a range's work is, where it runs (``where``: local
processes or a Dask scheduler, checked once for every command), and how ranges are sent a
few at a time. ``pool`` runs them here or on local processes, ``cluster`` on Dask.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import TypeVar

from exact_odds.errors import ExactOddsError, input_name, shown
from exact_odds.limits import MAX_WORKERS

T = TypeVar("T")
P = TypeVar("P")  # what every range of a piece of work shares (its plan)
R = TypeVar("R")  # what one range is (a count of shoes, a chunk of rows)
F = TypeVar("F")  # a range sent and not yet done: a future of the standard library or Dask

#: Seconds the main thread waits for a range at a time, so that Ctrl-C is seen at once.
WAKE = 0.2


class RunError(ExactOddsError, ValueError):
    """Work that cannot be run as asked (workers, a scheduler)."""


def parse_workers(value: object, what: str) -> int:
    """A number of local worker processes, 1 to ``MAX_WORKERS``."""
    return parse_bounded(value, what, MAX_WORKERS, 1)


def parse_bounded(value: object, what: str, most: int, least: int,
                  error: type[ExactOddsError] = RunError) -> int:
    """A whole number from ``least`` to ``most`` (an int or its digits), else ``error``."""
    from exact_odds.errors import LimitError
    from exact_odds.numbers import parse_count

    if isinstance(value, bool) or not isinstance(value, (int, str)):
        raise error(f"{what}: {value!r} ({type(value).__name__}) is not a whole number")
    try:
        return parse_count(value, what, most, least=least)
    except LimitError as limit:
        raise error(str(limit)) from None


#: The address schemes a Dask scheduler is reached by here.
SCHEMES = ("tcp",)


def parse_scheduler(value: object, what: str) -> str:
    """A Dask scheduler's address, ``tcp://HOST:PORT`` (``HOST:PORT`` means tcp): a host
    name or IP address (IPv6 in brackets) and a port from 1 to 65535.

    >>> parse_scheduler("127.0.0.1:8786", "--scheduler")
    'tcp://127.0.0.1:8786'
    >>> try:
    ...     parse_scheduler("tls://h:1", "--scheduler")
    ... except RunError as error:
    ...     print(error)
    --scheduler: 'tls://h:1': the scheme tls:// is not supported; write tcp://HOST:PORT
    """
    import re

    from exact_odds.errors import quoted

    if not isinstance(value, str):
        raise RunError(f"{what}: {value!r} is not a scheduler address (write "
                       "tcp://HOST:PORT)")
    text = value.strip()
    scheme, sep, rest = text.partition("://")
    if not sep:
        scheme, rest = "tcp", text
    if scheme.lower() not in SCHEMES:
        raise RunError(f"{what}: {quoted(value, 60)}: the scheme {shown(scheme, 20)}:// is "
                              "not supported; write tcp://HOST:PORT")
    match = re.fullmatch(r"(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9][A-Za-z0-9.\-]*):([0-9]{1,5})", rest)
    if match is None:
        raise RunError(f"{what}: {quoted(value, 60)} is not a scheduler address (write "
                              "tcp://HOST:PORT)")
    port = int(match[2])
    if not 1 <= port <= 65535:
        raise RunError(f"{what}: {quoted(value, 60)}: the port is 1 to 65535, not {port}")
    return f"tcp://{match[1]}:{port}"


@dataclass(frozen=True)
class Where:
    """Where a piece of work runs, checked (``where``): ``workers`` local processes (None:
    every core), or the Dask scheduler at ``scheduler``."""

    workers: int | None = 1
    scheduler: str | None = None

    @property
    def local_processes(self) -> int:
        """The processes of this machine the work takes: the workers, or this process alone
        when a cluster runs it."""
        if self.scheduler is not None:
            return 1
        return self.workers or os.cpu_count() or 1


def where(workers: object = 1, scheduler: object = None) -> Where:
    """The one check of where work runs, for every command and function that runs work:
    ``workers`` (1 to ``MAX_WORKERS``, None for every core) or a Dask ``scheduler``
    (``parse_scheduler``), not both.

    >>> where(None, "127.0.0.1:8786")
    Where(workers=None, scheduler='tcp://127.0.0.1:8786')
    >>> try:
    ...     where(2, "127.0.0.1:8786")
    ... except RunError as error:
    ...     print(error)
    give workers (local cores) or scheduler (a Dask cluster), not both
    """
    chosen = None if workers is None else parse_workers(workers, input_name("workers"))
    if scheduler is None:
        return Where(chosen, None)
    if chosen not in (None, 1):
        raise RunError(f"give {input_name('workers')} (local cores) or "
                       f"{input_name('scheduler')} (a Dask cluster), not both")
    return Where(chosen, parse_scheduler(scheduler, input_name("scheduler")))


#: A range's work: ``work(plan, first, what)`` computes range ``(first, what)`` of a plan.
Work = Callable[[P, int, R], T]


def sent(shoe_ranges: Iterable[tuple[int, R]], most_pending: int | None,
         submit: Callable[[int, R], F]) -> Callable[[dict[F, int]], None]:
    """A function that tops up ``pending`` (future -> range index) from the ranges, up to
    ``most_pending`` at once (every range when None)."""
    numbered = enumerate(iter(shoe_ranges))

    def top_up(pending: dict[F, int]) -> None:
        while most_pending is None or len(pending) < most_pending:
            taken = next(numbered, None)
            if taken is None:
                return
            index, (first, what) = taken
            pending[submit(first, what)] = index

    return top_up
