"""The docs' generated parts, written into the Markdown files themselves, as cog does.

What the code knows (the limits, the outcome vocabulary, the commands and their options, the
public API from its docstrings, the built-in games, the modules, the workbook's names, the
benchmarks' own figures) is written between markers in the very files people read, on
GitHub as on the site:

    <!-- generated: NAME -->
    ... what GENERATORS[NAME] gives ...
    <!-- /generated -->

and a limit named in prose between ``<!-- limit: NAME -->`` and ``<!-- /limit -->``. Run
``python docs/generate.py`` after changing the code to write them afresh (``--check``
writes nothing and lists the stale files); ``tests/test_docs.py`` fails on a stale file and
names this command. The site (``mkdocs build``) builds from the same files; its hooks
(``docs/hooks.py``) only add the explorer's page.

The files: ``README.md``, ``CONTRIBUTING.md``, ``CHANGELOG.md`` and every page of ``docs/``
(``docs/changelog.md`` and ``docs/contributing.md`` are the site's copies of the two files
at the top, their links made the site's).
"""

from __future__ import annotations

import ast
import functools
import html
import inspect
import re
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
#: A generated part: its opening marker, what it holds, its closing marker.
PART = re.compile(r"(<!-- generated: ([a-z-]+) -->)(.*?)(<!-- /generated -->)", re.S)
#: A limit named in prose: its value as the limits page shows it, linked to its row.
LIMIT = re.compile(r"(<!-- limit: ([A-Z0-9_]+) -->)(.*?)(<!-- /limit -->)", re.S)
#: The built-in game whose explorer page the explorer page embeds.
EXPLORED_GAME = "rock-bac"
EXPLORER_FILE = f"explorer/{EXPLORED_GAME}.html"


def files() -> list[Path]:
    """Every file that holds generated parts (or may)."""
    return [ROOT / "README.md", ROOT / "CONTRIBUTING.md", *sorted((ROOT / "docs").glob("*.md"))]


# --- the reference -------------------------------------------------------------------------

def limits_table() -> str:
    """The limits page's table, from ``exact_odds.limits.LIMITS``."""
    from exact_odds.limits import LIMITS

    rows = ["| limit | what it bounds | why | name in the code |", "|--:|---|---|---|"]
    for limit in LIMITS.values():
        rows.append(f"| {limit.shown} | {limit.bounds} | {limit.why} | "
                    f'<span id="{limit.name.lower()}"></span>`{limit.name}` |')
    return "\n".join(rows) + "\n"


def limit_value(name: str, page: str) -> str:
    """A limit's value as the limits page shows it, linked to its row there."""
    from exact_odds.limits import LIMITS

    target = "" if page == "limits.md" else "limits.md"
    return f"[{LIMITS[name].shown}]({target}#{name.lower()})"


def vocabulary_table() -> str:
    """Every outcome column of ``exact_odds.COLUMNS`` (the public name of the vocabulary):
    its type, meaning and an example."""
    from exact_odds import COLUMNS

    rows = ["| column | type | meaning | example condition |", "|---|---|---|---|"]
    for column in COLUMNS.values():
        kind = f"{column.dtype} or null" if column.nullable else column.dtype
        example = f"`{column.example}`" if column.example else ""
        rows.append(f"| `{column.name}` | {kind} | {_cell(column.doc)} | {example} |")
    return "\n".join(rows) + "\n"


def games_table() -> str:
    """The built-in games and shared bets, as ``exact-odds games --format markdown``."""
    from exact_odds.games.listing import builtin_game_list
    from exact_odds.render import render

    return _body(str(render(builtin_game_list(), "markdown")))


def _body(markdown: str) -> str:
    """A rendered document without its own ``# `` title (the page has one)."""
    lines = [line for line in markdown.splitlines()
             if not line.startswith(("# ", "exact-odds: "))]
    return "\n".join(lines).strip() + "\n"


def _cell(text: str) -> str:
    """``text`` on one line, safe in a Markdown table's cell."""
    return " ".join(text.split()).replace("|", "\\|")


# --- the commands --------------------------------------------------------------------------

def _help_markdown(text: str) -> str:
    """A click help text as Markdown: its paragraphs as paragraphs, an ``Examples:`` list as
    a ``console`` block (shown, not run: ``tests/test_docs.py`` parses each line)."""
    out = []
    for paragraph in re.split(r"\n\s*\n", inspect.cleandoc(text)):
        kept = "\b" in paragraph  # click's mark of a paragraph printed as it is written
        lines = [line for line in paragraph.splitlines() if line.strip() != "\b"]
        if lines and re.match(r"Examples?:$", lines[0].strip()):
            body = inspect.cleandoc("\n".join(lines[1:]))
            out.append(f"{lines[0].strip()}\n\n```console\n{body}\n```")
        elif lines and kept:
            out.append("```text\n" + inspect.cleandoc("\n".join(lines)) + "\n```")
        elif lines:
            out.append(" ".join(" ".join(lines).split()).replace("*", "\\*")
                       .replace("<", "&lt;"))
    return "\n\n".join(out)


def _option_row(param: Any, context: Any) -> str:
    """One option of a command: its names, what it takes, its default as a user reads it
    (blank where it has none, ``off`` for a flag), what it does."""
    import click

    names = ", ".join(f"`{name}`" for name in sorted(
        [*param.opts, *param.secondary_opts], key=lambda name: name.startswith("--")))
    takes = ""
    if isinstance(param.type, click.Choice):
        takes = "one of " + ", ".join(f"`{choice}`" for choice in param.type.choices)
    elif not getattr(param, "is_flag", False):
        takes = f"`{param.make_metavar(context)}`"
    default = ""
    if getattr(param, "is_flag", False):
        default = "on" if param.default is True else "off"
    elif param.show_default is True and isinstance(param.default, (str, int)):
        default = f"`{param.default}`"
    elif stated := re.search(r"\b[Dd]efault:? ([^.;)]+)", param.help or ""):
        default = stated.group(1)  # the help says it in words: "Default: the game's."
    more = " (repeatable)" if param.multiple and "repeatable" not in (param.help or "") else ""
    return f"| {names} | {takes} | {default} | {_cell(param.help or '')}{more} |"


def commands_reference() -> str:
    """Every command of ``exact-odds``: its help, its usage and a table of its options, read
    from click itself (the same texts as ``--help``)."""
    import click

    from exact_odds.cli import main

    parts = []
    for name, command in main.commands.items():
        context = click.Context(command, info_name=f"exact-odds {name}")
        usage = " ".join(command.collect_usage_pieces(context))
        rows = [_option_row(param, context) for param in command.get_params(context)
                if isinstance(param, click.Option) and "--help" not in param.opts]
        table = ["| option | takes | default | what it does |", "|---|---|---|---|", *rows]
        parts.append(f"## `exact-odds {name}`\n\nUsage: `exact-odds {name} {usage}`\n\n"
                     f"{_help_markdown(command.help or '')}\n\n" + "\n".join(table) + "\n")
    return "\n".join(parts)


def command_list() -> str:
    """Every command of ``exact-odds``, with the opening clause of its own ``--help``, linked
    to its entry on the commands page (``prefix`` is where that page is)."""
    return _command_list("docs/")


def _command_list(prefix: str) -> str:
    from exact_odds.cli import main

    rows = ["| command | what it does |", "|---|---|"]
    for name, command in main.commands.items():
        rows.append(f"| [`exact-odds {name}`]({prefix}commands.md#exact-odds-{name}) | "
                    f"{_cell(_first_clause(command.help or ''))} |")
    return "\n".join(rows) + "\n"


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


# --- the Python API ------------------------------------------------------------------------

def fence_doctests(text: str) -> str:
    """``text`` with each run of doctest lines fenced as ``pycon`` (shown as code, run by
    ``pytest --doctest-modules`` from the docstring itself).

    >>> print(fence_doctests("Adds.\\n\\n>>> 1 + 1\\n2\\n\\nDone."))
    Adds.
    <BLANKLINE>
    ```pycon
    >>> 1 + 1
    2
    ```
    <BLANKLINE>
    Done.
    """
    out: list[str] = []
    inside = False
    for line in text.splitlines():
        if not inside and line.lstrip().startswith(">>>"):
            out.append("```pycon")
            inside = True
        elif inside and not line.strip():
            out.append("```")
            inside = False
        out.append(line)
    if inside:
        out.append("```")
    return "\n".join(out)


def docstring_markdown(text: str) -> str:
    """A docstring as Markdown: ````x```` as ```x```, a literal block (``::`` and the
    indented lines under it) fenced as ``text``, doctests fenced as ``pycon``."""
    lines = inspect.cleandoc(text).splitlines()
    out: list[str] = []
    at = 0
    while at < len(lines):
        line = lines[at]
        out.append(line[:-1] if line.endswith("::") else line)
        at += 1
        if line.endswith("::"):
            block = []
            while at < len(lines) and (not lines[at].strip() or lines[at].startswith(" ")):
                block.append(lines[at])
                at += 1
            while block and not block[-1].strip():
                block.pop()
            body = inspect.cleandoc("\n".join(block))
            out += ["", "```text", body, "```", ""]
    prose = fence_doctests("\n".join(out))
    pieces = re.split(r"(^```.*?^```)", prose, flags=re.S | re.M)
    for i in range(0, len(pieces), 2):  # outside the fenced blocks
        pieces[i] = re.sub(r"``(.+?)``", r"`\1`", pieces[i])
        pieces[i] = re.sub(r"^(\s*)\* ", r"\1- ", pieces[i], flags=re.M)
    return "".join(pieces).strip()


def _default(value: object) -> str:
    text = repr(value)
    return "..." if " at 0x" in text or text.startswith("<") else text


def signature(name: str, obj: Any) -> str:
    """``name(parameters)``, each parameter with its annotation and default as written."""
    try:
        found = inspect.signature(obj)
    except (TypeError, ValueError):
        return name
    parts = []
    star = False
    for param in found.parameters.values():
        if param.kind is param.KEYWORD_ONLY and not star:
            parts.append("*")
            star = True
        text = {param.VAR_POSITIONAL: "*", param.VAR_KEYWORD: "**"}.get(param.kind, "")
        text += param.name
        if param.kind is param.VAR_POSITIONAL:
            star = True
        if param.annotation is not param.empty:
            text += f": {param.annotation}" if isinstance(param.annotation, str) else \
                f": {inspect.formatannotation(param.annotation)}"
            if param.default is not param.empty:
                text += f" = {_default(param.default)}"
        elif param.default is not param.empty:
            text += f"={_default(param.default)}"
        parts.append(text)
    if parts and parts[0] == "self":
        parts = parts[1:]
    returned = found.return_annotation
    arrow = "" if returned is found.empty or name[:1].isupper() else f" -> {returned}"
    return f"{name}({', '.join(parts)}){arrow}"


def _members(cls: type) -> list[tuple[str, Any]]:
    """The public methods and properties a class defines itself, in source order."""
    found = []
    for name, member in vars(cls).items():
        if name.startswith("_"):
            continue
        target = member.__func__ if isinstance(member, (classmethod, staticmethod)) else member
        if isinstance(target, property) or inspect.isfunction(target):
            found.append((name, member))
    return found


def api_reference() -> str:
    """Every public name of ``exact_odds.__all__``, in its order, documented from its own
    docstring: its signature, its docstring, and for a class each public method and
    property."""
    import exact_odds

    parts = []
    for name in exact_odds.__all__:
        if name == "__version__":
            continue
        obj = getattr(exact_odds, name)
        module = exact_odds._WHERE.get(name, "exact_odds")
        if inspect.isclass(obj):
            head = f"class {signature(name, obj)}"
        elif callable(obj):
            head = signature(name, obj)
        else:
            head = f"{name}: {type(obj).__name__}"
        doc = inspect.getdoc(obj) if (callable(obj) or inspect.isclass(obj)) else None
        if not callable(obj):
            doc = _attribute_doc(module, name)
        block = [f"### `{name}`", "", f"`{head}` (from `{module}`)", ""]
        if doc:
            block += [docstring_markdown(doc), ""]
        if inspect.isclass(obj):
            for member_name, member in _members(obj):
                target = member.__func__ if isinstance(member, (classmethod, staticmethod)) \
                    else member
                text = inspect.getdoc(target) or ""
                if isinstance(member, property):
                    title = f"{name}.{member_name}"
                else:
                    title = signature(f"{name}.{member_name}", target)
                    if isinstance(member, (classmethod, staticmethod)):
                        title = signature(f"{name}.{member_name}", getattr(obj, member_name))
                block += [f"- `{title}`" + (": " + _indent(docstring_markdown(text))
                                             if text else "")]
            block.append("")
        parts.append("\n".join(block))
    return "\n".join(parts)


def saving() -> str:
    """Every result's ``save``, from its docstring, and the suffixes that name each format,
    from the one table of ``exact_odds.render``."""
    from exact_odds.render import SUFFIXES
    from exact_odds.render.rendered import Rendered

    formats: dict[str, list[str]] = {}
    for suffix, fmt in SUFFIXES.items():
        formats.setdefault(fmt, []).append(f"`{suffix}`")
    rows = ["| format | a file's name ends with |", "|---|---|"]
    rows += [f"| `{fmt}` | {', '.join(suffixes)} |" for fmt, suffixes in formats.items()]
    doc = docstring_markdown(inspect.getdoc(Rendered.save) or "")
    return "\n".join([*rows, "", f"`{signature('result.save', Rendered.save)}`", "", doc]) + "\n"


def _indent(text: str) -> str:
    """A member's docstring under its list item (its later lines indented)."""
    return text.replace("\n", "\n  ").replace("\n  \n", "\n\n")


def _attribute_doc(module: str, name: str) -> str:
    """The ``#:`` comment above a module-level name (what Sphinx reads for an attribute)."""
    import importlib

    source = inspect.getsource(importlib.import_module(module))
    found = re.search(rf"((?:^#:.*\n)+)^{re.escape(name)}\b", source, re.M)
    if not found:
        return ""
    return " ".join(line[2:].strip() for line in found.group(1).splitlines())


# --- the workbook --------------------------------------------------------------------------

@functools.cache
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


def workbook_round() -> str:
    """The bettor's round on the Summary of Lucky Draw's workbook: each figure with its
    defined name and its formula, read from the workbook the program builds."""
    from exact_odds import game_report
    from exact_odds.analysis.figures import ROUND_FIGURES
    from exact_odds.render.workbook import Formula

    workbook = game_report("lucky-draw").to_workbook()
    named = {name.name: name for name in workbook.names}
    rows = ["| figure | defined name | formula |", "|---|---|---|"]
    for figure in ROUND_FIGURES.values():
        at = named[figure.cell]
        cell = at.sheet.cells[at.row, at.column]
        assert isinstance(cell, Formula)
        rows.append(f"| {at.sheet.cells[at.row, 0]} | `{figure.cell}` | `={cell.expression}` |")
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


# --- the modules and the benchmarks --------------------------------------------------------

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


#: The release benchmark's figures come first on the Benchmarks page.
RELEASE_RESULTS = "release.md"


def benchmark_release() -> str:
    """The release benchmark's figures (``benchmarks/bench_release.py``), as it wrote them."""
    path = ROOT / "benchmarks" / "results" / RELEASE_RESULTS
    if not path.is_file():
        return ("!!! note \"Not measured yet\"\n    Run `python benchmarks/bench_release.py` "
                "and then `python docs/generate.py`.\n")
    return _demoted(path.read_text(encoding="utf-8"))


def benchmark_results() -> str:
    """Every other ``benchmarks/results/*.md`` as the benchmarks wrote it."""
    parts = []
    for path in sorted((ROOT / "benchmarks" / "results").glob("*.md")):
        if path.name != RELEASE_RESULTS:
            parts.append(f"### `{path.name}`\n\n{_demoted(path.read_text(encoding='utf-8'))}")
    return "\n".join(parts)


def _demoted(text: str) -> str:
    """A results file under the page's own headings: its ``# `` title a ``#### ``."""
    return re.sub(r"^# ", "#### ", text.strip(), flags=re.M) + "\n"


# --- the explorer, the games, the pages, the history ---------------------------------------

def explorer_embed() -> str:
    """The explorer of one built-in game, embedded in the site (``docs/hooks.py`` writes its
    page into the site at build time)."""
    page = html.escape(EXPLORER_FILE.rsplit("/", 1)[1])
    return (f'<iframe src="{page}" title="The explorer of {EXPLORED_GAME}" '
            'style="width:100%;height:48rem;border:1px solid #ccc"></iframe>\n\n'
            f"On the docs site the page is above; [open it on its own]({EXPLORER_FILE}). "
            f"Anywhere else: `exact-odds report {EXPLORED_GAME} --format html -o "
            f"{EXPLORED_GAME}.html` writes it.\n")


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


def round_figures() -> str:
    """Every figure of the bettor's round, from the one figure table (``ROUND_FIGURES``)."""
    from exact_odds.analysis.figures import ROUND_FIGURES, figures_table

    return figures_table(ROUND_FIGURES)


def explorer_round_figures() -> str:
    """The figures of the bettor's round on the explorer's page, as the page names them."""
    from exact_odds.analysis.figures import ROUND_FIGURES, page_figures

    return ", ".join(f"`{figure['key']}`" for figure in page_figures(ROUND_FIGURES))


def game_list() -> str:
    """The built-in games and the side bets of ``tables/extra/``, with their bets."""
    from exact_odds.games.listing import builtin_game_list

    listing = builtin_game_list()
    return "".join(f"- `{name}`: {game.name}; bets {', '.join(bet.id for bet in game.bets)}.\n"
                   for name, game in zip(listing.names(), listing.games))


def nav_pages() -> list[tuple[str, str, str]]:
    """Every page of the site's ``nav`` in order: (its group, its title, its file)."""
    import yaml

    config = yaml.safe_load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"))
    found = []
    for item in config["nav"]:
        title, value = next(iter(item.items()))
        entries = value if isinstance(value, list) else [{title: value}]
        for entry in entries:
            page_title, page = next(iter(entry.items()))
            found.append((title if isinstance(value, list) else "", page_title, page))
    return found


def page_list() -> str:
    """Every page of the docs site, group by group as ``mkdocs.yml``'s ``nav`` orders them,
    with its own description (but the copies of the changelog and of CONTRIBUTING.md)."""
    lines = []
    group = None
    for where, title, page in nav_pages():
        if page in COPIES:
            continue
        if where != group:
            group = where
            if where:
                lines.append(f"\n**{where}**\n\n")
        front = front_matter((ROOT / "docs" / page).read_text(encoding="utf-8"))
        lines.append(f"- [{title}](docs/{page}): {front['description']}\n")
    return "".join(lines).lstrip("\n")


def front_matter(text: str) -> dict[str, Any]:
    """A page's front matter (its ``title`` and ``description``, which MkDocs reads for the
    page's ``<title>`` and ``<meta name="description">``); empty where it has none."""
    import yaml

    found = re.match(r"---\n(.*?)\n---\n", text, re.S)
    fields = yaml.safe_load(found.group(1)) if found else None
    return fields if isinstance(fields, dict) else {}


def _site_copy(name: str) -> Callable[[], str]:
    """A file at the top of the repository as a page of the site (its generated parts kept,
    their markers dropped): its links to ``docs/`` made the site's, a link to another file
    of the repository shown as its path."""
    def link(found: re.Match[str]) -> str:
        text, target = found.group(1), found.group(2)
        if target.startswith(("http:", "https:", "#")):
            return found.group(0)
        target = {"CHANGELOG.md": "changelog.md", "CONTRIBUTING.md": "contributing.md"}.get(
            target, target.removeprefix("docs/"))
        if (ROOT / "docs" / target.split("#")[0]).is_file():
            return f"[{text}]({target})"
        return f"{text} (`{found.group(2)}`)"

    def copy() -> str:
        text = (ROOT / name).read_text(encoding="utf-8")
        text = re.sub(r"<!-- (generated: [a-z-]+|/generated|limit: \w+|/limit) -->\n?", "", text)
        return re.sub(r"\[([^\]]+)\]\(([^)\s]+)\)", link, text)
    return copy


#: The site's copies of the files at the top of the repository.
COPIES = {"changelog.md": "CHANGELOG.md", "contributing.md": "CONTRIBUTING.md"}


GENERATORS: dict[str, Callable[[], str]] = {
    "limits": limits_table,
    "vocabulary": vocabulary_table,
    "games": games_table,
    "commands": commands_reference,
    "api": api_reference,
    "save": saving,
    "modules": modules_table,
    "workbook-names": workbook_names,
    "workbook-figures": workbook_figures,
    "workbook-round": workbook_round,
    "benchmark-release": benchmark_release,
    "benchmarks": benchmark_results,
    "benchmark-scripts": benchmark_scripts,
    "explorer": explorer_embed,
    "explorer-figures": explorer_figures,
    "explorer-round-figures": explorer_round_figures,
    "figures": figures,
    "round-figures": round_figures,
    "game-list": game_list,
    "command-list": command_list,
    "page-list": page_list,
    "changelog": _site_copy("CHANGELOG.md"),
    "contributing": _site_copy("CONTRIBUTING.md"),
}


def regenerate(text: str, page: str = "") -> str:
    """``text`` with every generated part and every limit written afresh (``page``: the
    file's name, for the limits' links)."""
    text = LIMIT.sub(lambda found: found.group(1) + limit_value(found.group(2), page)
                     + found.group(4), text)

    def part(found: re.Match[str]) -> str:
        made = GENERATORS[found.group(2)]()
        if made.endswith("\n"):  # a block: blank lines around it, as Markdown wants
            made = f"\n\n{made}\n"
        return found.group(1) + made + found.group(4)

    return PART.sub(part, text)


def stale() -> list[Path]:
    """The files whose generated parts are not what the code gives now."""
    out = []
    for path in files():
        if path.is_file():
            text = path.read_text(encoding="utf-8")
            if regenerate(text, path.name) != text:
                out.append(path)
    return out


def main(argv: list[str]) -> int:
    """``python docs/generate.py``: write every generated part afresh; ``--check``: write
    nothing, list the stale files and exit 1 when there is one."""
    if argv == ["--check"]:
        found = stale()
        for path in found:
            print(f"{path.relative_to(ROOT)} is stale: run python docs/generate.py")
        return 1 if found else 0
    if argv:
        print("Error: usage: python docs/generate.py [--check]", file=sys.stderr)
        return 2
    for _ in range(2):  # twice: a copy (docs/changelog.md) follows the file it copies
        for path in files():
            if path.is_file():
                text = path.read_text(encoding="utf-8")
                made = regenerate(text, path.name)
                if made != text:
                    path.write_text(made, encoding="utf-8")
                    print(f"wrote {path.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    raise SystemExit(main(sys.argv[1:]))
