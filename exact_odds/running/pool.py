"""Ranges of work run in this process or on local processes, or sent to a Dask cluster.

Each range is ``(first, what)``: ``work(plan, first, what)`` computes it (a simulation's
shoes ``first`` to ``first + what - 1``, a batch's rows from ``first``), and its result
depends on nothing else, so the results are the same wherever they run. Locally the ranges
go to the standard library's process pool (``--workers``, all cores by default); with
``--scheduler tcp://HOST:PORT`` to an existing Dask distributed cluster (``cluster``). An
interrupt (Ctrl-C) or an error stops everything at once.

Only public interfaces are used: the ``multiprocessing`` context's fork-server preload,
its ``forkserver`` and ``resource_tracker`` modules' ``ensure_running`` (each in its
module's ``__all__``), ``multiprocessing.active_children`` and the executor's shutdown.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Iterable, Iterator
from contextlib import suppress
from typing import TYPE_CHECKING, TypeVar

from exact_odds.errors import input_name
from exact_odds.running.ranges import WAKE, RunError, Where, Work, sent

if TYPE_CHECKING:
    from concurrent.futures import Future, ProcessPoolExecutor
    from multiprocessing.context import BaseContext
    from multiprocessing.process import BaseProcess

T = TypeVar("T")
P = TypeVar("P")
R = TypeVar("R")


def run_ranges(work: Work[P, R, T], plan: P, shoe_ranges: Iterable[tuple[int, R]],
               place: Where, *, most_pending: int | None = None) -> Iterator[tuple[int, T]]:
    """Run ``work(plan, first, what)`` for every range ``(first, what)``, in this process,
    on local processes or on a Dask scheduler (``place``), yielding ``(range index,
    result)`` as they finish. ``work``, ``plan`` and the ranges must be picklable; each
    range's result depends on nothing else, so the results are the same wherever they run.
    The ranges are taken from ``shoe_ranges`` as they are sent, at most ``most_pending``
    sent and not yet yielded (all at once by default): a caller reading a long file keeps
    only that many ranges in memory.

    An interrupt (Ctrl-C) or an error stops everything at once: local worker processes
    are ended, a Dask cluster's tasks cancelled (running ones stop at their next round)."""
    if place.scheduler is not None:
        from exact_odds.running.cluster import run_on_dask

        yield from run_on_dask(work, plan, shoe_ranges, place.scheduler, most_pending)
        return
    count = place.local_processes
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


def _run_on_processes(work: Work[P, R, T], plan: P, shoe_ranges: Iterable[tuple[int, R]],
                      count: int, most_pending: int | None) -> Iterator[tuple[int, T]]:
    import multiprocessing
    from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
    from concurrent.futures.process import BrokenProcessPool

    _refuse_in_worker_start()
    context = multiprocessing.get_context("forkserver" if sys.platform != "win32" else "spawn")
    _start_fork_server(context, work)
    before = set(multiprocessing.active_children())
    pool = ProcessPoolExecutor(max_workers=count, mp_context=context,
                               initializer=_ignore_interrupts)
    finished = 0
    try:
        pending: dict[Future[T], int] = {}
        top_up = sent(shoe_ranges, most_pending,
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
    finally:
        _stop_pool(pool, before)


#: The modules this process has asked the fork server to import: the main script's (the
#: standard library's default) and each work's module, the server's watch first.
_PRELOAD = ["__main__", "exact_odds.running.server"]


def _start_fork_server(context: BaseContext, work: Callable[..., object]) -> None:
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
    the moment of the start and then delivered. The server's first import
    (``exact_odds.running.server``) ends it as soon as this process is gone, so that a
    Ctrl-C during its imports leaves no server to fork the workers already asked for."""
    if context.get_start_method() != "forkserver":
        return
    import signal
    from multiprocessing import forkserver, resource_tracker

    from exact_odds.running.server import PARENT

    module = getattr(work, "__module__", None)
    # the work's module, and the modules it names for its workers to start with (PRELOAD)
    wanted = [] if not module or module == "__main__" else [
        module, *getattr(sys.modules.get(module), "PRELOAD", ())]
    _PRELOAD.extend(name for name in dict.fromkeys(wanted) if name not in _PRELOAD)
    context.set_forkserver_preload(list(_PRELOAD))
    # the resource tracker first: starting it unblocks Ctrl-C (it blocks, then unblocks, the
    # signals it ignores around its own start)
    resource_tracker.ensure_running()
    held = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    os.environ[PARENT] = str(os.getpid())  # read by the server's watch, which it starts
    try:
        forkserver.ensure_running()
    finally:
        os.environ.pop(PARENT, None)
        signal.pthread_sigmask(signal.SIG_SETMASK, held)


def _ignore_interrupts() -> None:
    """A worker process leaves Ctrl-C to the main process, which ends the workers."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _stop_pool(pool: ProcessPoolExecutor, before: set[BaseProcess]) -> None:
    """End a process pool at once: queued ranges cancelled, its running workers (this
    process's children that were not there before the pool) killed: an interrupt must not
    wait for the ranges in progress."""
    import multiprocessing

    pool.shutdown(wait=False, cancel_futures=True)
    workers = [p for p in multiprocessing.active_children() if p not in before]
    for process in workers:
        with suppress(OSError, ValueError):
            process.kill()
    for process in workers:
        with suppress(OSError, ValueError, AssertionError):
            process.join(2)


def _refuse_in_worker_start() -> None:
    """Inside a process that is importing the user's script for the standard library (a
    script without ``if __name__ == "__main__":`` runs its simulation again in the fork
    server or in every worker), stop quietly: the main process reports it in one line
    (``_broken_pool_reason``). While it imports the script, ``multiprocessing`` holds it
    as the module ``__mp_main__``, which is otherwise the main module itself."""
    main = sys.modules.get("__main__")
    if sys.modules.get("__mp_main__", main) is not main:
        raise SystemExit(1)


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
