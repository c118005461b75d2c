"""The Dask cluster of the tests that run work on one (``from cluster import local_cluster``):
loopback, one in-process worker with two threads, the scheduler and its dashboard on free
ports. The dashboard's port is a free one, not Dask's 8787: two test workers starting a
cluster at once would otherwise meet on 8787, and the warning Dask gives is an error here."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest


@contextmanager
def local_cluster() -> Iterator[Any]:
    """A ``distributed.LocalCluster`` for the block (skips the test where Dask is missing)."""
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(n_workers=1, threads_per_worker=2, processes=False,
                                  protocol="tcp", host="127.0.0.1", scheduler_port=0,
                                  dashboard_address=":0") as cluster:
        yield cluster
