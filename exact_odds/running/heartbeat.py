"""The progress of a long piece of work, and its heartbeat.

Every function that runs long work takes one optional callback, ``progress(done, total)``
(``Progress``): told as the work advances, in the work's own unit (the shoes of a batch,
the rounds of a simulation or a countability study), ``done`` never above ``total``.

Dealing calls ``beat(rounds)`` after every round of the shoes it plays, and whoever runs the
work may listen, to tell progress within a very large shoe or to stop the work when it is no
longer wanted (a Dask task cancelled by Ctrl-C).

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

#: A long computation's progress, ``progress(done, total)``: the one form every function
#: that runs long work takes (``check_progress``).
Progress = Callable[[int, int], None]


def check_progress(progress: object) -> Progress | None:
    """``progress`` as given, refused (naming it) where it is not a function to call.

    >>> check_progress(True)
    Traceback (most recent call last):
    ...
    exact_odds.errors.InputTypeError: progress: True is a bool; give a function progress(done, total), or None
    """
    from exact_odds.errors import InputTypeError, input_name, shown

    if progress is None or (callable(progress) and not isinstance(progress, bool)):
        return progress
    raise InputTypeError(f"{input_name('progress')}: {shown(repr(progress), 60)} is a "
                         f"{type(progress).__name__}; give a function progress(done, total), "
                         "or None")


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
def listening(callback: Callable[[int], None], interval: float | None = None
              ) -> Iterator[None]:
    """Call ``callback(rounds)`` on this thread's beats while the block runs, at most every
    ``interval`` seconds (``INTERVAL`` by default)."""
    previous = getattr(_local, "listener", None)
    _local.listener = _Listener(callback, INTERVAL if interval is None else interval)
    try:
        yield
    finally:
        _local.listener = previous
