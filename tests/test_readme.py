"""The README is the front door: its commands must be the ones that work.

Following sqlite-utils: every command of the CLI is documented in the README.
"""

from __future__ import annotations

import re
from pathlib import Path

from exact_odds.cli import main

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")


def _first_code_block() -> list[str]:
    block = re.search(r"```bash\n(.*?)```", README, re.S)
    assert block, "the README opens with a bash block"
    return [line for line in block.group(1).splitlines() if line.strip()]


def test_readme_opens_with_setup_and_test_commands():
    setup, tests = _first_code_block()
    assert "pip install" in setup and "exact-odds report" in setup
    assert "pytest" in tests
    assert README.index("```bash") < README.index("## ")


def test_ci_runs_the_readme_test_command():
    _, tests = _first_code_block()
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert tests.strip() in ci.splitlines()


def test_every_command_is_documented():
    for name in main.commands:
        assert f"exact-odds {name}" in README, f"README does not document `exact-odds {name}`"


def test_every_command_has_help_with_an_example():
    for name, command in main.commands.items():
        assert command.help and "Example" in command.help, f"{name} --help has no example"


def test_every_column_is_documented():
    from exact_odds.engine.vocabulary import COLUMNS

    for name in COLUMNS:
        assert f"`{name}`" in README, f"README does not document column {name}"


def test_every_builtin_game_is_documented():
    from exact_odds.games.loader import builtin_games

    for game in builtin_games():
        assert f"`{game}`" in README


def test_the_sample_output_is_what_the_program_prints():
    from click.testing import CliRunner

    block = re.search(r"```text\n\$ exact-odds (.*?)\n(.*?)```", README, re.S)
    assert block, "the README shows a sample output"
    args, shown = block.group(1).split(), block.group(2)
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 0
    assert result.output == shown


def test_the_readme_states_the_limits_the_code_enforces():
    from exact_odds.numbers import MAX_DECKS, MAX_EXPONENT, MAX_NUMBER_CHARS, MAX_PAY

    assert f"| {MAX_DECKS:,} |" in README
    assert f"{MAX_NUMBER_CHARS} characters" in README and f"at most {MAX_EXPONENT}" in README
    assert f"{MAX_PAY:,} to 1" in README


def test_the_readme_states_the_shoes_file_limits():
    from exact_odds.batch.shoes import MAX_SHOES, MAX_SHOES_BYTES

    assert (f"| a shoes file (`batch`) | a regular file of at most {MAX_SHOES_BYTES:,} bytes "
            f"and {MAX_SHOES:,} shoes |") in README


def test_every_format_is_documented():
    from exact_odds.render import FORMATS

    assert "--format " + "|".join(FORMATS) in README


def test_the_readme_and_notebooks_use_only_the_public_api():
    """Python in the README and the notebooks imports only what ``import exact_odds``
    gives (``from exact_odds import ...``), never a module inside the package."""
    import json

    sources = ["\n".join(re.findall(r"```python\n(.*?)```", README, re.S))]
    for notebook in sorted((ROOT / "notebooks").glob("*.ipynb")):
        cells = json.loads(notebook.read_text(encoding="utf-8"))["cells"]
        sources += ["".join(c["source"]) for c in cells if c["cell_type"] == "code"]
    inside = [line for source in sources for line in source.splitlines()
              if re.search(r"(from|import) exact_odds\.", line)]
    assert not inside, inside


def test_the_readme_states_every_bound_of_issue_18():
    """Every bound in the README's table is the one the code enforces (issue 18)."""
    from exact_odds.batch.evaluator import MAX_BATCH_CARDS
    from exact_odds.files import MAX_ALIASES, MAX_BYTES, MAX_DEPTH, MAX_NODES
    from exact_odds.games.dealing import MAX_CARDS
    from exact_odds.numbers import MAX_DIGITS, MAX_NUMBER_BITS, MAX_PAY
    from exact_odds.running.pool import MAX_WORKERS, SCHEDULER_TIMEOUT
    from exact_odds.simulation.counting import MAX_TAG
    from exact_odds.simulation.runner import (
        MAX_BET_ROUNDS,
        MAX_CARDS_DEALT,
        MAX_MEMORY,
        MAX_ROUNDS_PER_SHOE,
        MAX_SEED,
        MAX_SHOES,
        MAX_TRACE_ROUNDS,
    )
    from exact_odds.table.loader import MAX_OWNERS, MAX_SEATS

    rows = {line.split(" | ")[0].strip("| "): line for line in README.splitlines()
            if line.startswith("| ")}

    def row(name: str) -> str:
        found = [line for key, line in rows.items() if key.startswith(name)]
        assert len(found) == 1, name
        return found[0]

    assert f"| 1 to {MAX_SHOES:,} |" in row("`--shoes`")
    assert f"| 1 to {MAX_WORKERS} " in row("`--workers`")
    assert MAX_SEED == 2**63 - 1 and f"{MAX_SEED:,}" in row("`--seed`")
    assert f"from 0 to {MAX_CARDS:,}" in row("`--cut-card`")
    assert f"| 0 to {MAX_PAY:,} |" in row("`--min-edge`")
    assert f"from -{MAX_TAG:,} to {MAX_TAG:,}" in row("`--tags`")
    assert f"K from 1 to {MAX_TAG:,}" in row("`--tags`")
    assert f"within {SCHEDULER_TIMEOUT} seconds" in row("`--scheduler`")
    simulation = row("a simulation")
    for figure in (f"{MAX_ROUNDS_PER_SHOE:,} rounds a shoe", f"{MAX_BET_ROUNDS:,} exact evaluations",
                   f"{MAX_CARDS_DEALT:,} cards shuffled", f"{MAX_TRACE_ROUNDS:,} rounds in a trace",
                   f"{MAX_MEMORY // 10**9} GB of memory"):
        assert figure in simulation, figure
    yaml_row = row("a game, rules, shoe or table file")
    for figure in (f"{MAX_BYTES:,} bytes", f"{MAX_ALIASES:,} aliases", f"{MAX_NODES:,} values",
                   f"{MAX_DEPTH} levels"):
        assert figure in yaml_row, figure
    assert f"at most {MAX_BATCH_CARDS:,} cards" in row("a shoe in `batch`")
    from exact_odds.games.loader import MAX_BETS, MAX_EVENTS

    assert f"at most {MAX_BETS} bets" in row("a game file's bets")
    assert f"at most {MAX_EVENTS} events" in row("a game file's bets")
    assert f"{MAX_NUMBER_BITS} bits" in row("a number given from Python")
    table = row("a table file")
    assert f"`seats_at_table` 2 to {MAX_SEATS}" in table and f"{MAX_OWNERS} owners" in table
    assert f"| {MAX_DIGITS:,} digits |" in row("a figure printed")
    from exact_odds.engine import cost

    enumeration = row("an enumeration")
    assert f"at most {cost.MAX_SECONDS} s and {cost.MAX_MEMORY / 1e9:.1f} GB" in enumeration
    assert f"at most {cost.MAX_SECONDS} s for all the shoes" in enumeration


def test_the_options_help_states_the_bounds_the_code_enforces():
    """The --help of each bounded option says the bound the parsing function enforces."""
    from exact_odds.running.pool import MAX_WORKERS, SCHEDULER_TIMEOUT
    from exact_odds.simulation.counting import MAX_TAG
    from exact_odds.simulation.runner import MAX_SHOES

    options = {param.opts[0]: param.help for param in main.commands["simulate"].params
               if getattr(param, "help", None)}
    assert f"1 to {MAX_SHOES:,}" in options["--shoes"]
    assert f"1 to {MAX_WORKERS}" in options["--workers"]
    assert "0 to 2**63-1" in options["--seed"]
    assert f"-{MAX_TAG} to {MAX_TAG}" in options["--tags"]
    assert f"within {SCHEDULER_TIMEOUT} seconds" in options["--scheduler"]
