"""Ranges of work on an existing Dask distributed cluster (``--scheduler tcp://HOST:PORT``;
``pip install 'exact-odds[distributed]'``; its workers need exact-odds installed).

Only Dask's public interface is used: the address is asked who it is (``distributed.rpc``,
the ``identity`` every Dask server answers) within ``SCHEDULER_TIMEOUT`` seconds, so that a
silent port, a Dask worker or another kind of server is one line, not a hang; then a
``distributed.Client`` runs the ranges, and an ``Event`` stops the running ones at Ctrl-C.
"""

from __future__ import annotations

import uuid
from collections.abc import Iterable, Iterator
from contextlib import contextmanager, suppress
from typing import TYPE_CHECKING, TypeVar

from exact_odds.errors import input_name
from exact_odds.limits import SCHEDULER_TIMEOUT
from exact_odds.running.ranges import WAKE, RunError, Work, parse_scheduler, sent

if TYPE_CHECKING:
    from distributed import Client, Future

T = TypeVar("T")
P = TypeVar("P")
R = TypeVar("R")


def run_on_dask(work: Work[P, R, T], plan: P, shoe_ranges: Iterable[tuple[int, R]],
                address: str, most_pending: int | None) -> Iterator[tuple[int, T]]:
    """``pool.run_ranges`` on the Dask scheduler at ``address``."""
    import asyncio

    try:
        from distributed import Event, wait
    except ImportError:
        raise RunError(f"{input_name('scheduler')} needs Dask distributed: "
                       "pip install 'exact-odds[distributed]'") from None
    address = parse_scheduler(address, input_name("scheduler"))
    with quiet_dask():
        check_scheduler(address)
        client = _connect(address)
    pending: dict[Future[T], int] = {}
    stop_name = f"exact-odds-stop-{uuid.uuid4().hex}"
    try:
        with client.as_current():
            shared = client.scatter(plan, broadcast=True)  # type: ignore[no-untyped-call]
            top_up = sent(shoe_ranges, most_pending, lambda first, what: client.submit(
                _dask_range, work, shared, first, what, stop_name, pure=False))
            top_up(pending)
            while pending:
                try:  # a short wait, again and again, so that Ctrl-C is seen at once
                    done, _ = wait(  # type: ignore[no-untyped-call]
                        list(pending), timeout=WAKE, return_when="FIRST_COMPLETED")
                except (TimeoutError, asyncio.TimeoutError):
                    continue
                for future in done:
                    yield pending.pop(future), future.result()
                top_up(pending)
    except BaseException:
        with quiet_dask(), suppress(Exception):  # the cluster may be gone already
            Event(stop_name, client=client).set()  # type: ignore[no-untyped-call]
            client.cancel(list(pending), force=True)  # type: ignore[no-untyped-call]
        raise
    finally:
        with quiet_dask(), suppress(Exception):  # closing is best effort
            client.close(timeout=2)  # type: ignore[no-untyped-call]


def _dask_range(work: Work[P, R, T], plan: P, first: int, count: R, stop_name: str) -> T:
    """A range on a Dask worker: stops at its next round once the client has set the
    event ``stop_name`` (Ctrl-C), so a cancelled run leaves no task computing."""
    import time

    from distributed import Event

    from exact_odds.running.heartbeat import Cancelled, listening

    stop = Event(stop_name)  # type: ignore[no-untyped-call]
    last = [time.monotonic()]

    def check(rounds: int) -> None:
        now = time.monotonic()
        if now - last[0] >= 0.5:
            last[0] = now
            if stop.is_set():  # type: ignore[no-untyped-call]
                raise Cancelled(f"the range from {first} cancelled")

    with listening(check, interval=0.0):
        return work(plan, first, count)


def check_scheduler(address: str) -> None:
    """Refuse, in one line within about ``SCHEDULER_TIMEOUT`` seconds, an address where no
    Dask scheduler answers: a refused port or an unknown host at once, a silent port, a
    Dask worker or another kind of server once asked who it is (``distributed.rpc``'s
    ``identity``)."""
    import asyncio
    import socket

    from distributed import rpc

    where = f"{input_name('scheduler')}: {address}"
    host, _, port = address.removeprefix("tcp://").rpartition(":")
    try:  # a refused port or an unknown host is said at once, not after Dask's retries
        socket.create_connection((host.strip("[]"), int(port)), SCHEDULER_TIMEOUT).close()
    except TimeoutError:
        raise RunError(f"{where}: no Dask scheduler answered within "
                       f"{SCHEDULER_TIMEOUT} seconds") from None
    except OSError as error:
        reason = error.strerror or str(error) or type(error).__name__
        raise RunError(f"{where}: cannot reach a Dask scheduler ({reason})") from None

    async def identity() -> object:
        async with rpc(address, timeout=SCHEDULER_TIMEOUT) as server:  # type: ignore[no-untyped-call]
            return await server.identity()

    try:
        reply = asyncio.run(asyncio.wait_for(identity(), SCHEDULER_TIMEOUT))
    except (asyncio.TimeoutError, TimeoutError):
        raise RunError(f"{where}: no Dask scheduler answered within "
                       f"{SCHEDULER_TIMEOUT} seconds") from None
    except Exception as error:  # noqa: BLE001 - any failure to connect is the address's
        reason = str(error).splitlines()[0] if str(error) else type(error).__name__
        raise RunError(f"{where}: cannot reach a Dask scheduler: {reason}") from None
    if not isinstance(reply, dict) or reply.get("type") != "Scheduler":
        kind = reply.get("type") if isinstance(reply, dict) else None
        raise RunError(f"{where}: this is not a Dask scheduler"
                       + (f" (it is a {kind})" if kind else ""))


def _connect(address: str) -> Client:
    """A Dask client for ``address`` (which answered as a scheduler), or one clear error
    within ``SCHEDULER_TIMEOUT`` seconds."""
    from distributed import Client

    try:
        return Client(address, timeout=SCHEDULER_TIMEOUT,  # type: ignore[no-untyped-call]
                      set_as_default=False)
    except Exception as error:  # noqa: BLE001 - any failure to connect is the address's
        reason = str(error).splitlines()[0] if str(error) else type(error).__name__
        raise RunError(f"{input_name('scheduler')}: cannot reach the Dask scheduler at "
                       f"{address}: {reason}") from None


@contextmanager
def quiet_dask() -> Iterator[None]:
    """Dask's own connection and closing messages held back: errors are our one line."""
    import logging

    loggers = [logging.getLogger(name) for name in ("distributed", "distributed.client",
                                                     "distributed.comm", "distributed.core",
                                                     "distributed.batched", "tornado",
                                                     "asyncio")]
    levels = [logger.level for logger in loggers]
    for logger in loggers:
        logger.setLevel(logging.CRITICAL + 1)
    try:
        yield
    finally:
        for logger, level in zip(loggers, levels):
            logger.setLevel(level)
