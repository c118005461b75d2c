"""The fork server's first import of ours (``pool``): it ends the server as soon as the
process that started it is gone.

The standard library's fork server imports the work's modules (seconds, for the engine)
before it serves any worker. A Ctrl-C during those imports ends the main process; the
server, its Ctrl-C blocked, would finish importing and then fork the workers already asked
for, each printing a traceback for want of its parent. Imported by the server, this module
ends it at once where the main process is gone already (it went while the main script was
imported), else watches it and ends the server once it goes. Only the server started by
``pool`` does so: the main process names itself in the environment variable ``PARENT``
while it starts the server, and the import must come from the standard library's fork
server (``multiprocessing.forkserver.main``, seen on the stack); anywhere else this module
does nothing.
"""

from __future__ import annotations

import os
import threading
import time
import traceback

#: The environment variable in which the main process names itself to its fork server.
PARENT = "EXACT_ODDS_FORK_SERVER_PARENT"
#: Seconds between two looks at the parent.
LOOK = 0.05


def _in_fork_server() -> bool:
    """Whether this import runs in the standard library's fork server, while it preloads."""
    return any(frame.name == "main" and frame.filename.endswith(
        os.path.join("multiprocessing", "forkserver.py")) for frame in traceback.extract_stack())


def _watch(parent: int) -> None:
    while True:
        if os.getppid() != parent:
            os._exit(0)
        time.sleep(LOOK)


def _start() -> None:
    parent = os.environ.get(PARENT, "")
    if not parent.isdigit() or not _in_fork_server():
        return
    if os.getppid() != int(parent):  # the main process went while the server imported
        os._exit(0)
    threading.Thread(target=_watch, args=(int(parent),), daemon=True,
                     name="exact-odds fork server watch").start()


_start()
