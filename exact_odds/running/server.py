"""The fork server's first import (``pool``): it ends the server as soon as the process
that started it is gone.

The standard library's fork server imports the work's modules (seconds, for the engine)
before it serves any worker. A Ctrl-C during those imports ends the main process; the
server, its Ctrl-C blocked, would finish importing and then fork the workers already asked
for, each printing a traceback for want of its parent. A watch started here ends the server
at once instead. Only the server started by ``pool`` watches: the main process names itself
in the environment variable ``PARENT`` while it starts the server, and this module does
nothing in any other process that imports it.
"""

from __future__ import annotations

import os
import threading
import time

#: The environment variable in which the main process names itself to its fork server.
PARENT = "EXACT_ODDS_FORK_SERVER_PARENT"
#: Seconds between two looks at the parent.
LOOK = 0.1


def _watch(parent: int) -> None:
    while True:
        time.sleep(LOOK)
        if os.getppid() != parent:
            os._exit(0)


if os.environ.get(PARENT) == str(os.getppid()):
    threading.Thread(target=_watch, args=(os.getppid(),), daemon=True,
                     name="exact-odds fork server watch").start()
