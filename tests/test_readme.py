"""The README is the front door: its commands must be the ones that work, and a newcomer
reaches a first report, a first pay change in YAML and a first Python call within its first
100 lines (issue 29). The reference (commands, columns, limits, formats) lives in ``docs/``,
generated from the code: ``tests/test_docs.py`` checks it.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from test_docs import GENERATE

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")


def _first_code_block() -> list[str]:
    block = re.search(r"```bash\n(.*?)```", README, re.S)
    assert block, "the README opens with a bash block"
    return [line for line in block.group(1).splitlines() if line.strip()]


def test_readme_opens_with_setup_and_test_commands():
    """Two commands: the program alone and a first report; then what the tests need, and the
    tests (issue 43)."""
    setup, tests = _first_code_block()
    assert "pip install" in setup and "exact-odds report" in setup
    assert "pip install" in tests and tests.rstrip().endswith("--dist loadfile")
    assert "pytest" in tests
    assert README.index("```bash") < README.index("## ")


def test_the_first_command_installs_the_program_alone():
    """A light first command (issue 43: seven extras took 99 s before the first report): no
    extra, and the program's own dependencies hold none of what the extras bring."""
    tomllib = pytest.importorskip("tomllib")  # Python 3.11

    setup, _ = _first_code_block()
    installs = re.findall(r"pip install ((?:-e )?\S+)", setup)
    assert installs in (["-e ."], ["."]), installs
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    needed = {re.split(r"[<>=\[ ]", d)[0].lower() for d in project["dependencies"]}
    for extra, packages in project["optional-dependencies"].items():
        if extra == "explorer":  # anywidget: a widget library, also in the notebook extra
            continue
        for package in packages:
            assert re.split(r"[<>=\[ ]", package)[0].lower() not in needed, (extra, package)
    assert "numba" in needed  # fast by default (issue 43)
    assert "fast" not in project["optional-dependencies"]


def test_the_second_command_installs_what_the_tests_need():
    _, tests = _first_code_block()
    extras = set(re.search(r'pip install -e "\.\[([\w,]+)\]"', tests).group(1).split(","))
    assert extras == {"test", "notebook", "dev", "distributed", "docs"}


def test_ci_runs_the_readme_commands():
    """``.ci/run`` runs the README's two commands, as lines of its own, in order, and installs
    nothing else with pip."""
    setup, tests = _first_code_block()
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    assert setup.strip() in ci and tests.strip() in ci
    assert ci.index(setup.strip()) < ci.index(tests.strip())
    installs = [line for line in ci if "pip install" in line and not line.startswith("#")]
    assert installs == [setup.strip(), tests.strip()], installs


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
    """The games, the commands and the pages are written by ``python docs/generate.py`` from
    the code (``exact-odds games``, each command's ``--help``, the site's nav), never by
    hand."""
    assert GENERATE.regenerate(README, "README.md") == README, \
        "README.md is stale: run python docs/generate.py"
    assert set(re.findall(r"<!-- generated: ([a-z-]+) -->", README)) == {
        "game-list", "command-list", "page-list"}


def test_the_readme_speaks_of_versions_not_of_the_work():
    """Issue 43: no stage, no round, no issue, no checkout; the version is the program's."""
    from exact_odds import __version__

    for word in ("stage", "issue", "checkout", "seed 000"):
        assert word not in README.lower(), word
    assert f"exact-odds {__version__}" in README


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
