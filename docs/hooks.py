"""MkDocs hooks: the pages the code knows are generated from the code at build time.

A page holds a marker, ``<!-- generated: NAME -->``, where its generated part goes; the
hook replaces it with what ``GENERATORS[NAME]`` returns, read from the code itself (the
limits registry, the outcome vocabulary, the public API, the built-in games, the
benchmarks' own result files). Nothing generated is committed, so nothing can go stale;
``tests/test_docs.py`` runs the same generators. Pages found in ``docs/`` but missing from
``nav`` are listed at the end of it, so a new page slots in by existing.
"""

from __future__ import annotations

import html
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
MARKER = re.compile(r"<!-- generated: ([a-z-]+) -->")
#: The built-in game whose explorer page the explorer page embeds.
EXPLORED_GAME = "rock-bac"
EXPLORER_FILE = f"explorer/{EXPLORED_GAME}.html"


def limits_table() -> str:
    """The limits page's table, from ``exact_odds.limits.LIMITS``."""
    from exact_odds.limits import LIMITS

    rows = ["| limit | what it bounds | why | name in the code |", "|--:|---|---|---|"]
    for limit in LIMITS.values():
        rows.append(f"| {limit.shown} | {limit.bounds} | {limit.why} | `{limit.name}` |")
    return "\n".join(rows) + "\n"


def vocabulary_table() -> str:
    """Every outcome column of ``exact_odds.COLUMNS``: its type, meaning and an example."""
    from exact_odds.engine.vocabulary import COLUMNS

    rows = ["| column | type | meaning | example condition |", "|---|---|---|---|"]
    for column in COLUMNS.values():
        kind = f"{column.dtype} or null" if column.nullable else column.dtype
        example = f"`{column.example}`" if column.example else ""
        rows.append(f"| `{column.name}` | {kind} | {column.doc} | {example} |")
    return "\n".join(rows) + "\n"


def games_table() -> str:
    """The built-in games and shared bets, as ``exact-odds games --format markdown``."""
    from exact_odds.games.listing import builtin_game_list
    from exact_odds.render import render

    return _body(render(builtin_game_list(), "markdown"))


def _body(markdown: str) -> str:
    """A rendered document without its own ``# `` title (the page has one)."""
    lines = [line for line in markdown.splitlines()
             if not line.startswith(("# ", "exact-odds: "))]
    return "\n".join(lines).strip() + "\n"


def api_reference() -> str:
    """One mkdocstrings block per public name, from ``exact_odds._WHERE``."""
    import exact_odds

    blocks = []
    for name in exact_odds.__all__:
        module = exact_odds._WHERE.get(name)
        if module is None:
            module = "exact_odds"
        if name == "__version__":
            continue
        blocks.append(f"## `{name}`\n\n::: {module}.{name}\n    options:\n      show_root_heading: false\n")
    return "\n".join(blocks)


def benchmark_results() -> str:
    """Every ``benchmarks/results/*.md`` as the benchmarks wrote it, newest run first."""
    found = sorted((ROOT / "benchmarks" / "results").glob("*.md"))
    if not found:
        return ("!!! note \"No results yet\"\n    No benchmark has written its figures in this "
                "checkout: run one (`python benchmarks/bench.py`) and build again.\n")
    parts = []
    for path in found:
        text = path.read_text(encoding="utf-8").strip()
        text = re.sub(r"^# ", "### ", text, flags=re.M)
        parts.append(f"## `{path.name}`\n\n{text}\n")
    return "\n".join(parts)


def _explorer_html() -> str | None:
    """The explorer page of ``EXPLORED_GAME``, or ``None`` when this version of the program
    has no HTML report (``exact-odds report GAME --format html``)."""
    from exact_odds.render import FORMATS

    if "html" not in FORMATS:
        return None
    done = subprocess.run([sys.executable, "-m", "exact_odds", "report", EXPLORED_GAME,
                           "--format", "html"], capture_output=True, text=True, check=True,
                          cwd=ROOT)
    return done.stdout


def explorer_embed() -> str:
    """The explorer of one built-in game, embedded; or a visible note saying why not."""
    if _explorer_html() is None:
        return ("!!! warning \"The explorer is not built\"\n    This version of exact-odds "
                "has no HTML report (`exact-odds report GAME --format html`), so the site "
                "embeds no explorer page. The build step that makes it runs as soon as the "
                "format exists.\n")
    page = html.escape(EXPLORER_FILE.rsplit("/", 1)[1])
    return (f'<iframe src="../{EXPLORER_FILE}" title="The explorer of {EXPLORED_GAME}" '
            'style="width:100%;height:48rem;border:1px solid #ccc"></iframe>\n\n'
            f"[Open the explorer of `{EXPLORED_GAME}` on its own page](../{EXPLORER_FILE}) "
            f"({page}).\n")


def changelog() -> str:
    """``CHANGELOG.md`` itself: the history is written once, at the top of the repository."""
    return (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")


GENERATORS = {
    "changelog": changelog,
    "limits": limits_table,
    "vocabulary": vocabulary_table,
    "games": games_table,
    "api": api_reference,
    "benchmarks": benchmark_results,
    "explorer": explorer_embed,
}


def generate(markdown: str) -> str:
    """``markdown`` with every marker replaced by what its generator gives."""
    return MARKER.sub(lambda found: GENERATORS[found.group(1)](), markdown)


# --- the hooks -------------------------------------------------------------------------------

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


def describe(markdown: str) -> tuple[str, str]:
    """A page's title and description: its front matter's, or else its first ``# `` heading
    and the first sentence of its first paragraph (a page written as plain Markdown)."""
    front = re.match(r"---\n(.*?)\n---\n", markdown, re.S)
    fields = dict(line.split(": ", 1) for line in front.group(1).splitlines()
                  if ": " in line) if front else {}
    body = markdown[front.end():] if front else markdown
    heading = re.search(r"^# (.+)$", body, re.M)
    title = fields.get("title") or (heading.group(1).strip() if heading else "")
    description = fields.get("description", "")
    if not description:
        after = body[heading.end():] if heading else body
        skip = ("#", "<!--", "```", "|", "-", "!!!")
        paragraph = next((part for part in re.split(r"\n\s*\n", after)
                          if part.strip() and not part.lstrip().startswith(skip)), "")
        text = re.sub(r"\s+", " ", re.sub(r"[`*_]", "", paragraph)).strip()
        description = re.split(r"(?<=[.:;])\s", text, maxsplit=1)[0][:200]
    return title, description


def on_page_markdown(markdown: str, page: Any, config: Any, files: Any) -> str:
    if not page.meta.get("description"):
        page.meta["description"] = describe(page.file.content_string)[1]
    if page.file.src_uri == "explorer.md" and "<!-- generated: explorer -->" not in markdown:
        markdown += "\n\n## The page of one built-in game\n\n<!-- generated: explorer -->\n"
    return generate(markdown)


def on_post_build(config: Any) -> None:
    """Write the embedded explorer page beside the site's pages."""
    page = _explorer_html()
    if page is not None:
        target = Path(config["site_dir"]) / EXPLORER_FILE
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(page, encoding="utf-8")
