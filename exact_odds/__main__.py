"""``python -m exact_odds``: the same as the ``exact-odds`` command."""

if __name__ == "__main__":
    from exact_odds.cli import run

    run()
