"""MkDocs hooks: the pages the code knows are generated from the code at build time.

A page holds a marker, ``<!-- generated: NAME -->``, where its generated part goes; the
hook replaces it with what ``GENERATORS[NAME]`` returns, read from the code itself (the
limits registry, the outcome vocabulary, the public API, the built-in games, the modules'
and the benchmarks' docstrings, a workbook the program builds, the benchmarks' own result
files). A limit named in prose is ``<!-- limit: NAME -->``, its value read from the
registry. Nothing generated is committed, so nothing can go stale; ``tests/test_docs.py``
runs the same generators. Pages found in ``docs/`` but missing from ``nav`` are listed at
the end of it, so a new page slots in by existing.

The README is read on GitHub, not built: ``python docs/hooks.py`` writes its generated
parts (between ``<!-- README: NAME -->`` and ``<!-- /README -->``) in place, as cog does,
and ``tests/test_readme.py`` fails when they are not what the code gives.
"""

from __future__ import annotations

import ast
import functools
import html
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
MARKER = re.compile(r"<!-- generated: ([a-z-]+) -->")
#: A limit named in prose, ``<!-- limit: MAX_SHOES -->``: its value as the registry shows it.
LIMIT = re.compile(r"<!-- limit: ([A-Z0-9_]+) -->")
#: The built-in game whose explorer page the explorer page embeds.
EXPLORED_GAME = "rock-bac"
EXPLORER_FILE = f"explorer/{EXPLORED_GAME}.html"


def limits_table() -> str:
    """The limits page's table, from ``exact_odds.limits.LIMITS``."""
    from exact_odds.limits import LIMITS

    rows = ["| limit | what it bounds | why | name in the code |", "|--:|---|---|---|"]
    for limit in LIMITS.values():
        rows.append(f"| {limit.shown} | {limit.bounds} | {limit.why} | "
                    f'<span id="{limit.name.lower()}"></span>`{limit.name}` |')
    return "\n".join(rows) + "\n"


def vocabulary_table() -> str:
    """Every outcome column of ``exact_odds.COLUMNS`` (the public name of the vocabulary):
    its type, meaning and an example."""
    from exact_odds import COLUMNS

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


def _tie_workbook() -> Any:
    """The approval workbook of Commission-Free Baccarat's Tie bet, as the program builds it."""
    from exact_odds import game_report

    return game_report("commission-free", bets=["tie"]).to_workbook()


def workbook_figures() -> str:
    """The figures of a bet's sheet, each with its defined name and its formula, read from
    the Tie bet's sheet of a real workbook."""
    from exact_odds.render.workbook import Formula

    workbook = _tie_workbook()
    sheet = next(sheet for sheet in workbook.sheets if sheet.name == "tie")
    named = {(name.row, name.column): name.name for name in workbook.names
             if name.sheet is sheet}
    rows = ["| figure | defined name | formula |", "|---|---|---|"]
    for (row, column), cell in sorted(sheet.cells.items()):
        label = getattr(sheet.cells.get((row, 0)), "text", sheet.cells.get((row, 0)))
        if column == 1 and isinstance(cell, Formula) and isinstance(label, str):
            name = f"`{named[row, column]}`" if (row, column) in named else ""
            rows.append(f"| {label} | {name} | `={cell.expression}` |")
    return "\n".join(rows) + "\n"


def workbook_names() -> str:
    """The defined names of the Tie bet's workbook that are not figures of its sheet: the
    pays and the Summary's quantiles, each with the label of its row."""
    from exact_odds.render.workbook import Formula

    rows = ["| defined name | sheet | the cell of |", "|---|---|---|"]
    for name in _tie_workbook().names:
        cell = name.sheet.cells[name.row, name.column]
        if isinstance(cell, Formula) and name.sheet.name != "Summary":
            continue
        left = sorted((column, cell) for (row, column), cell in name.sheet.cells.items()
                      if row == name.row and column < name.column)
        label = getattr(left[0][1], "text", left[0][1]) if left else ""
        if name.name.startswith("pay_"):
            label = f"the pay of the line {label}"
        rows.append(f"| `{name.name}` | {name.sheet.name} | {label} |")
    return "\n".join(rows) + "\n"


def _summary(path: Path) -> str:
    """The first paragraph of a module's docstring, on one line (empty without one)."""
    docstring = ast.get_docstring(ast.parse(path.read_text(encoding="utf-8"))) or ""
    return " ".join(docstring.strip().split("\n\n", 1)[0].split()).replace("|", "\\|")


def layers() -> tuple[str, ...]:
    """The package's parts, lowest first, as ``tests/test_layers.py`` holds them (its
    ``ORDER``, read as a literal: the test is the one place the order is written)."""
    tree = ast.parse((ROOT / "tests" / "test_layers.py").read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(
                isinstance(target, ast.Name) and target.id == "ORDER" for target in node.targets):
            return tuple(ast.literal_eval(node.value))
    raise LookupError("tests/test_layers.py has no ORDER")


def modules_table() -> str:
    """Every module of ``exact_odds``, part by part in the order imports run, each with the
    first paragraph of its own docstring."""
    package = ROOT / "exact_odds"
    rows = ["| where | what |", "|---|---|"]
    for part in layers():
        folder = package / part
        if not folder.is_dir():
            rows.append(f"| `{part}.py` | {_summary(package / f'{part}.py')} |")
            continue
        rows.append(f"| **`{part}/`** | **{_summary(folder / '__init__.py')}** |")
        for module in sorted(folder.glob("*.py")):
            if module.name != "__init__.py":
                rows.append(f"| `{part}/{module.name}` | {_summary(module)} |")
    return "\n".join(rows) + "\n"


def benchmark_scripts() -> str:
    """Every benchmark script of ``benchmarks/``, with its docstring's first paragraph."""
    rows = ["| script | what it measures |", "|---|---|"]
    for path in sorted((ROOT / "benchmarks").glob("*.py")):
        if path.name != "record.py":
            rows.append(f"| `{path.name}` | {_summary(path)} |")
    return "\n".join(rows) + "\n"


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


@functools.cache
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
    return (f'<iframe src="{page}" title="The explorer of {EXPLORED_GAME}" '
            'style="width:100%;height:48rem;border:1px solid #ccc"></iframe>\n\n'
            f"[Open the explorer of `{EXPLORED_GAME}` on its own page]({EXPLORER_FILE}).\n")


def explorer_figures() -> str:
    """The figures each bet of the explorer's page shows, as the page names them (its data
    from ``exact_odds.analysis.figures``)."""
    from exact_odds.analysis.figures import page_figures

    return ", ".join(f"`{figure['key']}`" for figure in page_figures())


def figures() -> str:
    """Every figure of a bet, from the one figure table (``exact_odds.analysis.figures``):
    its label, its name in data, whether it is exact, its definition and its formula."""
    from exact_odds.analysis.figures import figures_table

    return figures_table()


def changelog() -> str:
    """``CHANGELOG.md`` itself: the history is written once, at the top of the repository."""
    return (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")


GENERATORS = {
    "changelog": changelog,
    "limits": limits_table,
    "vocabulary": vocabulary_table,
    "games": games_table,
    "modules": modules_table,
    "workbook-names": workbook_names,
    "workbook-figures": workbook_figures,
    "api": api_reference,
    "benchmarks": benchmark_results,
    "benchmark-scripts": benchmark_scripts,
    "explorer": explorer_embed,
    "explorer-figures": explorer_figures,
    "figures": figures,
}


def limit_value(name: str) -> str:
    """A limit's value as the limits page shows it, linked to its row there."""
    from exact_odds.limits import LIMITS

    return f"[{LIMITS[name].shown}](limits.md#{name.lower()})"


def generate(markdown: str) -> str:
    """``markdown`` with every marker replaced by what its generator gives."""
    markdown = LIMIT.sub(lambda found: limit_value(found.group(1)), markdown)
    return MARKER.sub(lambda found: GENERATORS[found.group(1)](), markdown)


# --- the README's generated parts ----------------------------------------------------------

#: A part of the README written by ``python docs/hooks.py`` (as cog does), between
#: ``<!-- README: NAME -->`` and ``<!-- /README -->``; ``tests/test_readme.py`` fails when
#: the README differs from what this gives.
README_PART = re.compile(r"(<!-- README: ([a-z-]+) -->\n).*?(<!-- /README -->)", re.S)


def _first_clause(text: str, most: int = 130) -> str:
    """The opening clause of a help text: its first paragraph up to a colon or semicolon
    (one past the first few words), or else up to the last comma outside brackets that
    fits in ``most`` characters."""
    words = " ".join(text.split("\n\n", 1)[0].split())
    cut = re.search(r".{20,}?(?=: |; )", words)
    if cut:
        words = cut.group(0)
    commas = [at for at in range(min(len(words), most)) if words.startswith(", ", at)
              and words.count("(", 0, at) == words.count(")", 0, at)]
    if len(words) > most and commas:
        words = words[:commas[-1]]
    return words.rstrip(".")


def readme_commands() -> str:
    """Every command of ``exact-odds``, with the opening clause of its own ``--help``."""
    from exact_odds.cli import main

    rows = ["| command | what it does |", "|---|---|"]
    for name, command in main.commands.items():
        rows.append(f"| `exact-odds {name}` | {_first_clause(command.help or '')} |")
    return "\n".join(rows) + "\n"


def readme_games() -> str:
    """The built-in games and the side bets of ``tables/extra/``, with their bets."""
    from exact_odds.games.listing import builtin_game_list

    listing = builtin_game_list()
    return "".join(f"- `{name}`: {game.name}; bets {', '.join(bet.id for bet in game.bets)}.\n"
                   for name, game in zip(listing.names(), listing.games))


def readme_pages() -> str:
    """Every page of the docs site, in the order of ``mkdocs.yml``'s ``nav``, with its own
    description (but the changelog's, which is ``CHANGELOG.md`` itself)."""
    import yaml

    config = yaml.safe_load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"))
    lines = []
    for item in config["nav"]:
        title, page = next(iter(item.items()))
        if page == "changelog.md":
            continue
        front = front_matter((ROOT / "docs" / page).read_text(encoding="utf-8"))
        lines.append(f"- [{title}](docs/{page}): {front['description']}\n")
    return "".join(lines)


def front_matter(text: str) -> dict[str, object]:
    """A page's front matter (its ``title`` and ``description``, which MkDocs reads for the
    page's ``<title>`` and ``<meta name="description">``); empty where it has none."""
    import yaml

    found = re.match(r"---\n(.*?)\n---\n", text, re.S)
    fields = yaml.safe_load(found.group(1)) if found else None
    return fields if isinstance(fields, dict) else {}


def readme_speed() -> str:
    """The figures of ``benchmarks/bench_scale.py`` as it last wrote them (this checkout
    beside the third stage's code, in one run, dated and naming the machine)."""
    return (ROOT / "benchmarks" / "results" / "scale.md").read_text(encoding="utf-8")


README_PARTS = {"commands": readme_commands, "games": readme_games, "pages": readme_pages,
                "speed": readme_speed}


def readme(text: str) -> str:
    """The README ``text`` with each generated part written afresh."""
    return README_PART.sub(lambda found: found.group(1) + README_PARTS[found.group(2)]()
                           + found.group(3), text)


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


def on_page_markdown(markdown: str, page: Any, config: Any, files: Any) -> str:
    return generate(markdown)


def on_files(files: Any, config: Any) -> Any:
    """Add the embedded explorer page to the site's files, as the program writes it."""
    from mkdocs.structure.files import File

    page = _explorer_html()
    if page is not None:
        files.append(File.generated(config, EXPLORER_FILE, content=page))
    return files


if __name__ == "__main__":
    # ``python docs/hooks.py``: write the README's generated parts afresh.
    path = ROOT / "README.md"
    path.write_text(readme(path.read_text(encoding="utf-8")), encoding="utf-8")
