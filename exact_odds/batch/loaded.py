"""The compiled kernel of the exact sums, loaded on import (``sums.load_kernel``): a module
for a fork server to import before it forks workers (a work module names it in its
``PRELOAD``, which ``exact_odds.running.pool`` reads), so that each worker of a simulation,
a countability study or a batch starts with numba imported and the kernel's machine code
read from disk, once for them all."""

from __future__ import annotations

from exact_odds.batch.sums import load_kernel

load_kernel()
