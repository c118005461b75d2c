"""The README is the front door: its commands must be the ones that work, and a newcomer
reaches a first report, a first pay change in YAML and a first Python call within its first
100 lines (issue 29). The reference (commands, columns, limits, formats) lives in ``docs/``,
generated from the code: ``tests/test_docs.py`` checks it.
"""

from __future__ import annotations

import re
from pathlib import Path

from test_docs import HOOKS

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


def test_the_readme_is_short_and_its_first_steps_come_first():
    """At most 250 lines; a first report, a first pay change in YAML and a first Python
    call, in that order, within the first 100 lines."""
    lines = README.splitlines()
    assert len(lines) <= 250, len(lines)
    first = "\n".join(lines[:100])
    report = first.index("$ exact-odds report ")
    pay_change = first.index("```yaml")
    python = first.index("```python\nfrom exact_odds import")
    assert report < pay_change < python


def test_the_generated_parts_are_current():
    """The games and the commands are written by ``python docs/hooks.py`` from the code
    (``exact-odds games``, each command's ``--help``), never by hand."""
    assert HOOKS.readme(README) == README, "run python docs/hooks.py to write them afresh"
    assert set(re.findall(r"<!-- README: ([a-z-]+) -->", README)) == set(HOOKS.README_PARTS)


def test_every_builtin_game_is_named():
    from exact_odds.games.loader import builtin_games

    for game in builtin_games():
        assert f"`{game}`" in README


def test_every_docs_link_leads_to_a_page():
    for target in re.findall(r"\]\((docs/[^)#]+)", README):
        assert (ROOT / target).is_file(), target
    assert (ROOT / "CHANGELOG.md").is_file()


def test_the_readme_has_no_commit_ids():
    assert not re.search(r"\b(?=[0-9a-f]*[a-f])(?=[0-9a-f]*[0-9])[0-9a-f]{7,40}\b", README)
