"""MkDocs hooks. The pages are built as they are: their generated parts are written into the
Markdown files by ``python docs/generate.py`` (and a test fails when one is stale), so the
site, GitHub and an editor show the same text. The hooks only list any page missing from
``nav`` at its end, and add the explorer's page (an HTML file the program writes) to the
site.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "docs"))

from generate import EXPLORED_GAME, EXPLORER_FILE  # noqa: E402


def on_config(config: Any) -> Any:
    """List at the end of ``nav`` every page of ``docs/`` it does not name."""
    listed: set[str] = set()

    def walk(items: Any) -> None:
        for item in items:
            value = next(iter(item.values())) if isinstance(item, dict) else item
            if isinstance(value, list):
                walk(value)
            elif isinstance(value, str):
                listed.add(value)

    nav = config.get("nav") or []
    walk(nav)
    docs = Path(config["docs_dir"])
    extra = sorted(p.relative_to(docs).as_posix() for p in docs.rglob("*.md")
                   if p.relative_to(docs).as_posix() not in listed)
    if extra:
        nav.append({"More": extra})
        config["nav"] = nav
    return config


def on_files(files: Any, config: Any) -> Any:
    """Add the embedded explorer page to the site's files, as the program writes it."""
    from mkdocs.structure.files import File

    page = subprocess.run([sys.executable, "-m", "exact_odds", "report", EXPLORED_GAME,
                           "--format", "html"], capture_output=True, text=True, check=True,
                          cwd=ROOT).stdout
    files.append(File.generated(config, EXPLORER_FILE, content=page))
    return files
