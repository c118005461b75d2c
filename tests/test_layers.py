"""The package's layers run one way: every import, at module level, inside a function or
under ``TYPE_CHECKING``, goes from a part to itself or to a part below it, and no two
modules of a part import each other in a circle.

The order, lowest first. Each name is a top-level module or subpackage of ``exact_odds``
(a *part*); the root ``exact_odds/__init__.py`` (the lazy public API) and ``__main__`` sit
above them all. ``render`` knows documents and formats, not games: every result builds its
own document, so rendering sits low and nothing below the command line needs to know how
a result is printed.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "exact_odds"

#: The parts, lowest first; a part may import only itself and the parts before it.
ORDER = (
    "version", "sizes",                      # the version; large quantities in words
    "limits",                                # every limit in one registry
    "errors", "numbers", "names", "cards",   # plain helpers
    "files",                                 # the one reader and the one writer
    "running",                               # work on local processes or Dask
    "forms",                                 # a result's form in a format, declared by the top
    "render",                                # documents and formats
    "rules",                                 # drawing rules as data
    "shoe",                                  # the shoe
    "known",                                 # cards known by their place in the round
    "vocabulary",                            # the outcome columns a bet's events read
    "engine",                                # the enumeration: counts, no money
    "games",                                 # game files, bets, pays, settlement, dealing
    "analysis",                              # report, best play, removal, solving, checks
    "batch",                                 # many shoes at once
    "simulation",                            # simulated shoes
    "table",                                 # the player-dealer's table
    "countability",                          # counts against perfect play
    "explorer",                              # the explorer: its page, script and widget
    "cli",                                   # the command line
)
TOP = {"__init__", "__main__"}


def _module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _part(module: str) -> str:
    pieces = module.split(".")
    return pieces[1] if len(pieces) > 1 else "__init__"


def _imports(path: Path) -> set[str]:
    """Every ``exact_odds`` module ``path`` imports, wherever the import stands."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    here = _module_name(path)
    package = here if path.name == "__init__.py" else here.rsplit(".", 1)[0]
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names if alias.name.startswith("exact_odds")}
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[:len(base) - node.level + 1]
                module = ".".join(base + ([node.module] if node.module else []))
            else:
                module = node.module or ""
            if not module.startswith("exact_odds"):
                continue
            for alias in node.names:  # ``from exact_odds.engine import wide``: a module
                candidate = f"{module}.{alias.name}"
                is_module = (PACKAGE.parent / Path(*candidate.split("."))).with_suffix(".py")
                found.add(candidate if is_module.exists() else module)
        elif (isinstance(node, ast.Call) and isinstance(node.func, (ast.Name, ast.Attribute))
              and getattr(node.func, "id", getattr(node.func, "attr", "")) == "import_module"
              and node.args and isinstance(node.args[0], ast.Constant)
              and str(node.args[0].value).startswith("exact_odds")):
            found.add(str(node.args[0].value))
    found.discard(here)
    return found


def _graph() -> dict[str, set[str]]:
    return {_module_name(path): _imports(path) for path in sorted(PACKAGE.rglob("*.py"))}


def test_every_part_is_placed():
    parts = {_part(module) for module in _graph()} - TOP
    assert parts <= set(ORDER), f"parts missing from ORDER: {sorted(parts - set(ORDER))}"


def test_imports_run_down_the_layers():
    wrong = []
    for module, targets in _graph().items():
        source = _part(module)
        if source in TOP:
            continue
        for target in sorted(targets):
            part = _part(target)
            if part in TOP or ORDER.index(part) > ORDER.index(source):
                wrong.append(f"{module} imports {target} ({source} -> {part})")
    assert not wrong, "imports against the order:\n" + "\n".join(wrong)


def test_no_cycle_between_modules():
    graph = _graph()
    cycles = []
    state: dict[str, int] = {}  # 1: on the path, 2: done

    def visit(module: str, path: list[str]) -> None:
        state[module] = 1
        for target in sorted(graph.get(module, ())):
            if target not in graph:
                continue
            if state.get(target) == 1:
                cycles.append(" -> ".join(path[path.index(target):] + [target]))
            elif target not in state:
                visit(target, [*path, target])
        state[module] = 2

    for module in sorted(graph):
        if module not in state and _part(module) not in TOP:
            visit(module, [module])
    assert not cycles, "import cycles:\n" + "\n".join(cycles)


@pytest.mark.parametrize("source, expected", [
    ("from exact_odds.engine import fine\n", {"exact_odds.engine.fine"}),
    ("def f():\n    from exact_odds.render import render\n", {"exact_odds.render"}),
    ("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    import exact_odds.cli\n",
     {"exact_odds.cli"}),
    ("import importlib\nimportlib.import_module('exact_odds.table')\n", {"exact_odds.table"}),
])
def test_the_walk_sees_every_kind_of_import(tmp_path, monkeypatch, source, expected):
    """The checks above are only as good as the walk: it finds imports inside functions,
    under TYPE_CHECKING and through import_module."""
    fake = PACKAGE / "games" / "model.py"
    monkeypatch.setattr(Path, "read_text", lambda self, encoding=None: source)
    assert _imports(fake) == expected
