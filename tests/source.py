"""The package's own source, read as trees for tests that hold where a thing is written
(``from source import calls, definitions``): which modules call a function, which define a
name."""

from __future__ import annotations

import ast
from collections.abc import Callable, Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "exact_odds"


def _modules_where(found: Callable[[ast.AST], bool]) -> list[str]:
    """The package's modules (as paths from the checkout) with a node for which ``found``."""
    return [str(path.relative_to(ROOT)) for path, tree in _trees()
            if any(found(node) for node in ast.walk(tree))]


def _trees() -> Iterator[tuple[Path, ast.Module]]:
    for path in sorted(PACKAGE.rglob("*.py")):
        yield path, ast.parse(path.read_text(encoding="utf-8"))


def calls(name: str) -> list[str]:
    """The modules that call ``name`` (a function, or a method by its name)."""
    return _modules_where(lambda node: isinstance(node, ast.Call) and name in (
        getattr(node.func, "id", None), getattr(node.func, "attr", None)))


def definitions(name: str) -> list[str]:
    """The modules that define ``name``: a function, a class or a name assigned."""
    def defines(node: ast.AST) -> bool:
        if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            return node.name == name
        targets = (node.targets if isinstance(node, ast.Assign)
                   else [node.target] if isinstance(node, ast.AnnAssign) else [])
        return any(isinstance(t, ast.Name) and t.id == name for t in targets)

    return _modules_where(defines)
