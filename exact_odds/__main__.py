"""``python -m exact_odds``: the same as the ``exact-odds`` command."""

from exact_odds.cli import run

run()
