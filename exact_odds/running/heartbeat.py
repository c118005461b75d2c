"""The heartbeat of a long piece of work: dealing calls ``beat(rounds)`` after every round of
the shoes it plays, and whoever runs the work may listen, to show progress within a very
large shoe or to stop the work when it is no longer wanted (a Dask task cancelled by Ctrl-C).

Nothing listens by default, and a beat then costs one attribute read. A listener is called
at most every ``INTERVAL`` seconds, with the rounds dealt since its last call; it stops the
work by raising (``Cancelled``).

>>> seen = []
>>> with listening(seen.append, interval=0):
...     beat(3); beat(4)
>>> seen
[3, 4]
>>> beat(5)  # nobody listens: nothing happens
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager

#: The least time between two calls of a listener, in seconds.
INTERVAL = 0.25


class Cancelled(Exception):  # noqa: N818 - the work was cancelled, not an error of the input
    """The work was stopped by whoever ran it."""


class _Listener:
    def __init__(self, callback: Callable[[int], None], interval: float) -> None:
        self.callback = callback
        self.interval = interval
        self.last = time.monotonic()
        self.rounds = 0


_local = threading.local()


def beat(rounds: int = 1) -> None:
    """``rounds`` more rounds dealt: tell the listener of this thread, if any (at most
    every ``INTERVAL`` seconds)."""
    listener: _Listener | None = getattr(_local, "listener", None)
    if listener is None:
        return
    listener.rounds += rounds
    now = time.monotonic()
    if now - listener.last >= listener.interval:
        listener.last = now
        done, listener.rounds = listener.rounds, 0
        listener.callback(done)


@contextmanager
def listening(callback: Callable[[int], None], interval: float = INTERVAL) -> Iterator[None]:
    """Call ``callback(rounds)`` on this thread's beats while the block runs."""
    previous = getattr(_local, "listener", None)
    _local.listener = _Listener(callback, interval)
    try:
        yield
    finally:
        _local.listener = previous
