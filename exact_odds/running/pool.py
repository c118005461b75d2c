"""Work split into ranges, run in this process, on local processes or on a Dask cluster.

Each range is ``(first, what)``: ``work(plan, first, what)`` computes it (a simulation's
shoes ``first`` to ``first + what - 1``, a batch's rows from ``first``), and its result
depends on nothing else, so the results are the same wherever they run. Locally the ranges
go to the standard library's process pool (``--workers``, all cores by default); with
``--scheduler tcp://HOST:PORT`` to an existing Dask distributed cluster
(``pip install 'exact-odds[distributed]'``; its workers need exact-odds installed). An
interrupt (Ctrl-C) or an error stops everything at once.
"""

from __future__ import annotations

import os
import sys
import uuid
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager, suppress
from typing import Any, TypeVar

from exact_odds.errors import ExactOddsError, input_name, shown
from exact_odds.limits import MAX_WORKERS, SCHEDULER_TIMEOUT

T = TypeVar("T")

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


#: A range's work: ``work(plan, first, what)`` computes range ``(first, what)`` of a plan.
Work = Callable[[Any, int, Any], T]


def run_ranges(work: Work[T], plan: Any, shoe_ranges: Iterable[tuple[int, Any]],
               workers: int | None, scheduler: str | None, *,
               most_pending: int | None = None) -> Iterator[tuple[int, T]]:
    """Run ``work(plan, first, what)`` for every range ``(first, what)``, in this process,
    on local processes (``workers``, every core by default) or on a Dask scheduler,
    yielding ``(range index, result)`` as they finish. ``work``, ``plan`` and the ranges
    must be picklable; each range's result depends on nothing else, so the results are the
    same wherever they run. The ranges are taken from ``shoe_ranges`` as they are sent,
    at most ``most_pending`` sent and not yet yielded (all at once by default): a caller
    reading a long file keeps only that many ranges in memory.

    An interrupt (Ctrl-C) or an error stops everything at once: local worker processes
    are ended, a Dask cluster's tasks cancelled (running ones stop at their next round)."""
    if scheduler is not None:
        yield from _run_on_dask(work, plan, shoe_ranges, scheduler, most_pending)
        return
    count = workers or os.cpu_count() or 1
    if not isinstance(shoe_ranges, (list, tuple)):
        shoe_ranges = iter(shoe_ranges)
    elif len(shoe_ranges) == 1:
        count = 1
    if count == 1:
        for index, (first, what) in enumerate(shoe_ranges):
            yield index, work(plan, first, what)
        return
    if isinstance(shoe_ranges, (list, tuple)):
        count = min(count, len(shoe_ranges))
    yield from _run_on_processes(work, plan, shoe_ranges, count, most_pending)


def _sent(shoe_ranges: Iterable[tuple[int, Any]], most_pending: int | None,
          submit: Callable[[int, Any], Any]) -> Callable[[dict[Any, int]], None]:
    """A function that tops up ``pending`` (future -> range index) from the ranges, up to
    ``most_pending`` at once (every range when None)."""
    numbered = enumerate(iter(shoe_ranges))

    def top_up(pending: dict[Any, int]) -> None:
        while most_pending is None or len(pending) < most_pending:
            taken = next(numbered, None)
            if taken is None:
                return
            index, (first, what) = taken
            pending[submit(first, what)] = index

    return top_up


def _run_on_processes(work: Work[T], plan: Any, shoe_ranges: Iterable[tuple[int, Any]],
                      count: int, most_pending: int | None) -> Iterator[tuple[int, T]]:
    import multiprocessing
    from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
    from concurrent.futures.process import BrokenProcessPool

    _refuse_in_worker_start()
    context = multiprocessing.get_context("forkserver" if sys.platform != "win32" else "spawn")
    _fork_server(context, work)
    pool = ProcessPoolExecutor(max_workers=count, mp_context=context,
                               initializer=_ignore_interrupts)
    finished, interrupted = 0, False
    try:
        pending: dict[Any, int] = {}
        top_up = _sent(shoe_ranges, most_pending,
                       lambda first, what: pool.submit(work, plan, first, what))
        top_up(pending)
        while pending:
            # a short wait, again and again: Ctrl-C reaches the main thread only when it
            # runs, and a range may take many seconds
            done, _ = wait(pending, timeout=WAKE, return_when=FIRST_COMPLETED)
            for future in done:
                index = pending.pop(future)
                yield index, future.result()
                finished += 1
            top_up(pending)
    except BrokenProcessPool:
        raise RunError(_broken_pool_reason(finished)) from None
    except KeyboardInterrupt:
        interrupted = True
        raise
    finally:
        _stop_pool(pool)
        if interrupted:  # after the workers: with the server gone they would look ended
            _stop_fork_server()


def _fork_server(context: Any, work: Work[Any]) -> None:
    """The fork server started, told to import the work's module once for every worker.

    Where processes start by ``forkserver`` (Linux), each worker is forked from one server
    process that this process starts with its first pool and keeps. Told to import the work's
    module (and with it numpy, polars, sympy and the engine), and the modules that module
    names in its ``PRELOAD`` (the compiled kernel, ``exact_odds.batch.loaded``), the server
    does so once; every worker of every pool is then forked from it ready, instead of
    importing them all again (a second or more of processor time per worker). The server
    imports only at its start: a later pool's other work module is imported by its workers,
    as before.

    The server is started with Ctrl-C blocked, a mask it keeps: the standard library ignores
    Ctrl-C in the server only once its imports are done, and a Ctrl-C during them printed the
    server's traceback under the one error line. The main process's own Ctrl-C is held for
    the moment of the start and then delivered."""
    if context.get_start_method() != "forkserver":
        return
    import signal
    from multiprocessing import forkserver, resource_tracker

    module = getattr(work, "__module__", None)
    # the modules already asked for: the main script's by default (the standard library's)
    asked = list(_fork_server_field("_preload_modules") or ["__main__"])
    # the work's module, and the modules it names for its workers to start with (PRELOAD)
    wanted = [] if not module or module == "__main__" else [
        module, *getattr(sys.modules.get(module), "PRELOAD", ())]
    if any(name not in asked for name in wanted):
        context.set_forkserver_preload([*asked, *(n for n in wanted if n not in asked)])
    # the resource tracker first: starting it unblocks Ctrl-C (it blocks, then unblocks, the
    # signals it ignores around its own start)
    resource_tracker.ensure_running()
    held = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        forkserver.ensure_running()
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, held)


def _fork_server_field(name: str) -> Any:
    """One field of the standard library's fork server (private to ``multiprocessing``, so
    read here only): ``None`` where this Python's has no such field."""
    from multiprocessing import forkserver

    return getattr(getattr(forkserver, "_forkserver", None), name, None)


def _stop_fork_server() -> None:
    """End the fork server at a Ctrl-C: still importing, it would fork the workers already
    asked for once this process has gone, and each would print a traceback finding nothing
    to run. A later pool of this process starts another server."""
    import signal

    pid = _fork_server_field("_forkserver_pid")
    if pid:
        with suppress(OSError):
            os.kill(pid, signal.SIGKILL)


def _ignore_interrupts() -> None:
    """A worker process leaves Ctrl-C to the main process, which ends the workers."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _stop_pool(pool: Any) -> None:
    """End a process pool at once: queued ranges cancelled, running workers killed (an
    interrupt must not wait for the ranges in progress)."""
    import signal

    processes = dict(getattr(pool, "_processes", None) or {})
    pool.shutdown(wait=False, cancel_futures=True)
    for process in processes.values():
        try:
            if process.is_alive():
                os.kill(process.pid, signal.SIGKILL)
        except (OSError, ValueError):
            pass
    for process in processes.values():
        with suppress(OSError, ValueError, AssertionError):
            process.join(2)


def _refuse_in_worker_start() -> None:
    """Inside a worker process that is importing the user's script (a script without
    ``if __name__ == "__main__":`` runs its simulation again in every worker), stop
    quietly: the main process reports it in one line (``_broken_pool_reason``)."""
    import multiprocessing

    if multiprocessing.parent_process() is None and not getattr(
            multiprocessing.current_process(), "_inheriting", False):
        return
    frame: Any = sys._getframe()
    while frame is not None:
        if frame.f_code.co_name in ("_fixup_main_from_path", "import_main_path"):
            raise SystemExit(1)
        frame = frame.f_back


def _broken_pool_reason(finished: int) -> str:
    main = sys.modules.get("__main__")
    script = (main is not None and getattr(main, "__file__", None)
              and getattr(getattr(main, "__spec__", None), "name", None) is None)
    if script and finished == 0:
        return ("the worker processes could not start: a script that runs a simulation on "
                "workers must start it under `if __name__ == \"__main__\":` (each worker "
                "imports the script), or run it with workers=1")
    return ("a worker process stopped abruptly (killed, or out of memory?): run fewer "
            f"{input_name('workers')} or fewer shoes at once")


def _run_on_dask(work: Work[T], plan: Any, shoe_ranges: Iterable[tuple[int, Any]],
                 address: str, most_pending: int | None) -> Iterator[tuple[int, T]]:
    import asyncio

    try:
        from distributed import Client, Event, wait
    except ImportError:
        raise RunError(f"{input_name('scheduler')} needs Dask distributed: "
                       "pip install 'exact-odds[distributed]'") from None
    address = parse_scheduler(address, input_name("scheduler"))
    with _quiet_dask():
        _handshake(address)
        client = _connect(Client, address)
    pending: dict[Any, int] = {}
    stop_name = f"exact-odds-stop-{uuid.uuid4().hex}"
    try:
        with client.as_current():
            shared = client.scatter(plan, broadcast=True)
            top_up = _sent(shoe_ranges, most_pending, lambda first, what: client.submit(
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
        with _quiet_dask(), suppress(Exception):  # the cluster may be gone already
            Event(stop_name, client=client).set()  # type: ignore[no-untyped-call]
            client.cancel(list(pending), force=True)
        raise
    finally:
        with _quiet_dask(), suppress(Exception):  # closing is best effort
            client.close(timeout=2)


def _dask_range(work: Work[T], plan: Any, first: int, count: Any, stop_name: str) -> T:
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


def _handshake(address: str) -> None:
    """Open a connection to ``address`` and ask it who it is, within
    ``SCHEDULER_TIMEOUT`` seconds: a port that is not a Dask scheduler (silent, or another
    kind of server) is refused in one line instead of waiting forever."""
    import asyncio

    from distributed.comm.core import connect

    async def ask() -> object:
        comm = await asyncio.wait_for(connect(address, timeout=SCHEDULER_TIMEOUT),  # type: ignore[no-untyped-call]
                                      SCHEDULER_TIMEOUT)
        try:
            await asyncio.wait_for(comm.write({"op": "identity", "reply": True}),
                                   SCHEDULER_TIMEOUT)
            return await asyncio.wait_for(comm.read(), SCHEDULER_TIMEOUT)
        finally:
            comm.abort()

    where = f"{input_name('scheduler')}: {address}"
    _first_frame(address, where)
    try:
        reply = asyncio.run(asyncio.wait_for(ask(), SCHEDULER_TIMEOUT + 1))
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


#: The most bytes a Dask scheduler's first message (its handshake) may announce.
MOST_HANDSHAKE_BYTES = 1_000_000


def _first_frame(address: str, where: str) -> None:
    """Connect to ``address`` and read what a Dask scheduler says first, unasked: the
    8-byte size of its handshake. A refused port or an unknown host is said at once (not
    after Dask's retries); a server that says nothing within ``SCHEDULER_TIMEOUT`` seconds,
    or announces a message no handshake has (an HTTP server's "HTTP/1.1" read as a size
    of 3.5e18 bytes, which Dask would try to allocate), is not a Dask scheduler."""
    import socket
    import struct
    import time

    host, _, port = address.removeprefix("tcp://").rpartition(":")
    deadline = time.monotonic() + SCHEDULER_TIMEOUT
    try:
        with socket.create_connection((host.strip("[]"), int(port)),
                                      SCHEDULER_TIMEOUT) as connection:
            first = b""
            while len(first) < 8:
                connection.settimeout(max(deadline - time.monotonic(), 0.01))
                chunk = connection.recv(8 - len(first))
                if not chunk:
                    break
                first += chunk
    except TimeoutError:
        raise RunError(f"{where}: no Dask scheduler answered within "
                              f"{SCHEDULER_TIMEOUT} seconds") from None
    except OSError as error:
        reason = error.strerror or str(error) or type(error).__name__
        raise RunError(f"{where}: cannot reach a Dask scheduler ({reason})") from None
    if len(first) < 8:
        raise RunError(f"{where}: this is not a Dask scheduler (it closed the "
                              "connection)")
    (size,) = struct.unpack("<Q", first)
    if not 0 < size <= MOST_HANDSHAKE_BYTES:
        raise RunError(f"{where}: this is not a Dask scheduler (it answered as another "
                              "kind of server)")


def _connect(client_class: Callable[..., Any], address: str) -> Any:
    """A Dask client for ``address`` (which answered the handshake), or one clear error
    within ``SCHEDULER_TIMEOUT`` seconds."""
    try:
        return client_class(address, timeout=SCHEDULER_TIMEOUT, set_as_default=False)
    except Exception as error:  # noqa: BLE001 - any failure to connect is the address's
        reason = str(error).splitlines()[0] if str(error) else type(error).__name__
        raise RunError(f"{input_name('scheduler')}: cannot reach the Dask scheduler at "
                              f"{address}: {reason}") from None


@contextmanager
def _quiet_dask() -> Iterator[None]:
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
