"""Long work on every core or a cluster: ranges of work run in this process, on local
processes (``pool``; ``ranges`` checks where they run, once for every command) or on Dask
(``cluster``), the fork server's watch (``server``), and the heartbeat that shows their
progress and stops them (``heartbeat``). Batches, simulations and countability run on it."""
