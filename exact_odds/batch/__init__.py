"""Many shoes at once: each bet's exact expected value for every shoe of a batch, from the
engine's compiled count tables (``evaluator``: the interface; ``plan``: which bets share a
table and the bettor's option shoe by shoe; ``shoes``: shoes files in, DataFrames out)."""
