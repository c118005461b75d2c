"""Long work on every core or a cluster: ranges of work run in this process, on local
processes or on Dask (``pool``), and the heartbeat that shows their progress and stops them
(``heartbeat``). Batches and simulations both run on it."""
