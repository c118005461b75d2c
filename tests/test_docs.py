"""The documentation (issues 29 and 43): every page has a title and a description, the
reference is generated from the code into the Markdown files themselves (``python
docs/generate.py``; a stale file fails here), and every example in the README and the docs
runs.

Examples: each ```python block runs as a script; each ```bash line that calls
``exact-odds`` runs and must succeed; each ```text block that starts with
``$ exact-odds ...`` is exactly what the program prints (a refusal included: its one
``Error:`` line and a non-zero exit); each ```yaml block whose first line is
``# file: NAME`` is that file, written where the examples run, so the commands can read it.
A ```console block is shown, not run (setting up a virtual environment, a benchmark), but
each ``exact-odds`` line in it names a command and options that exist; a ```pycon block is
a docstring's doctest on the API page, run from the docstring itself. No other kind of
block, and no indented block, which would be run by nobody. A simulation
example's ``--shoes`` is cut to ``SHOES``, and it runs on one worker unless it names
``--workers``, to keep the suite fast; every other option runs as written.
"""

from __future__ import annotations

import contextlib
import importlib.util
import io
import re
import shlex
from pathlib import Path

import pytest
from clirun import ok, run

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
PAGES = sorted(DOCS.glob("*.md"))
SOURCES = [ROOT / "README.md", ROOT / "CONTRIBUTING.md", *PAGES]
SHOES = 4
KINDS = {"bash", "text", "python", "yaml", "console", "pycon"}


def _generate():
    spec = importlib.util.spec_from_file_location("docs_generate", DOCS / "generate.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


GENERATE = _generate()


def _blocks(kind: str) -> list[tuple[str, str]]:
    """Every fenced block of ``kind`` in the README and the docs: (where, text)."""
    found = []
    for path in SOURCES:
        text = path.read_text(encoding="utf-8")
        for number, block in enumerate(re.findall(rf"^```{kind}\n(.*?)^```", text, re.S | re.M)):
            found.append((f"{path.relative_to(ROOT)}#{number}", block))
    return found


# --- pages ---------------------------------------------------------------------------------

@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.name)
def test_every_page_has_a_title_and_a_description(page):
    """Its front matter's ``title`` and ``description`` (the page's ``<title>`` and its
    ``<meta name="description">``, which the site's search shows too)."""
    fields = GENERATE.front_matter(page.read_text(encoding="utf-8"))
    assert set(fields) >= {"title", "description"}, f"{page.name}: {fields}"
    assert fields["title"].strip() and len(fields["description"]) > 20, fields


@pytest.mark.parametrize("source", SOURCES, ids=lambda p: p.name)
def test_every_code_block_is_of_a_kind_the_tests_know(source):
    """A fenced block of another kind, or an indented one, would be an example nobody runs."""
    import markdown

    text = source.read_text(encoding="utf-8")
    kinds = set(re.findall(r"^\s*```(\w*)", text, re.M)) - {""}
    assert kinds <= KINDS, kinds - KINDS
    rendered = markdown.markdown(text, extensions=["pymdownx.superfences", "admonition",
                                                   "attr_list", "tables"])
    assert "<pre><code>" not in rendered, "an indented code block"


def test_every_page_is_in_the_nav():
    """Pages are listed by hand for their order, in groups; the hook lists any other at the
    end."""
    hooks_spec = importlib.util.spec_from_file_location("docs_hooks", DOCS / "hooks.py")
    assert hooks_spec and hooks_spec.loader
    hooks = importlib.util.module_from_spec(hooks_spec)
    hooks_spec.loader.exec_module(hooks)
    config = {"nav": [{"Home": "index.md"}], "docs_dir": str(DOCS)}
    listed = hooks.on_config(config)["nav"]
    more = next((item["More"] for item in listed if "More" in item), [])
    named = [page for _, _, page in GENERATE.nav_pages()]
    assert sorted({*named, *more}) == sorted(p.name for p in PAGES)
    assert sorted(named) == sorted(p.name for p in PAGES), "a page missing from mkdocs.yml's nav"
    groups = {group for group, _, _ in GENERATE.nav_pages()}
    assert {"Guides", "Reference", "How it works"} <= groups


# --- generated from the code ---------------------------------------------------------------

@pytest.mark.parametrize("path", GENERATE.files(), ids=lambda p: p.name)
def test_the_generated_parts_are_current(path):
    """Each generated part is what the code gives now (issue 43: written into the file, read
    on GitHub as on the site); each marker has its end marker."""
    text = path.read_text(encoding="utf-8")
    opened = re.findall(r"<!-- generated: ([a-z-]+) -->", text)
    assert len(opened) == text.count("<!-- /generated -->"), path.name
    assert set(opened) <= set(GENERATE.GENERATORS), set(opened) - set(GENERATE.GENERATORS)
    assert len(re.findall(r"<!-- limit: \w+ -->", text)) == text.count("<!-- /limit -->")
    assert GENERATE.regenerate(text, path.name) == text, \
        f"{path.relative_to(ROOT)} is stale: run python docs/generate.py"


def test_every_generator_is_used():
    used = {name for path in GENERATE.files()
            for name in re.findall(r"<!-- generated: ([a-z-]+) -->", path.read_text("utf-8"))}
    assert used == set(GENERATE.GENERATORS)


def test_a_stale_part_is_found():
    """The check itself: an edited generated part, or a limit's value typed by hand, is
    stale."""
    page = (DOCS / "limits.md").read_text(encoding="utf-8")
    edited = page.replace("| 1,000,000 |", "| 999,999 |", 1)
    assert edited != page and GENERATE.regenerate(edited, "limits.md") == page
    prose = (DOCS / "batches.md").read_text(encoding="utf-8")
    typed = re.sub(r"(<!-- limit: MAX_SHOES_BYTES -->).*?(<!-- /limit -->)", r"\g<1>25 MB\g<2>",
                   prose)
    assert typed != prose and GENERATE.regenerate(typed, "batches.md") == prose


def test_no_generated_part_is_an_html_comment_alone():
    """Issue 43: GitHub hides HTML comments, so a part left empty reads as nothing ("is cut
    at ; an error line is at most ."). Every part and every limit holds text."""
    for path in GENERATE.files():
        text = path.read_text(encoding="utf-8")
        for found in GENERATE.PART.finditer(text):
            assert found.group(3).strip(), (path.name, found.group(2))
        for found in GENERATE.LIMIT.finditer(text):
            assert found.group(3).strip(), (path.name, found.group(2))
    for name in ("limits.md", "vocabulary.md", "commands.md", "python.md"):
        text = (DOCS / name).read_text(encoding="utf-8")
        assert ":::" not in text, name


def test_the_limits_page_is_the_registry():
    from exact_odds.limits import LIMITS

    page = (DOCS / "limits.md").read_text(encoding="utf-8")
    for limit in LIMITS.values():
        assert f"| {limit.shown} | {limit.bounds} |" in page, limit.name


def test_the_module_table_is_every_module_with_its_docstring():
    """The layout table of ``CONTRIBUTING.md`` is generated from the package: every module,
    each part in the order of ``tests/test_layers.py``, with its docstring's summary; a
    module without one fails here."""
    from test_layers import ORDER

    page = (ROOT / "CONTRIBUTING.md").read_text(encoding="utf-8")
    assert GENERATE.layers() == ORDER
    package = ROOT / "exact_odds"
    modules = [p for p in package.rglob("*.py") if p.parent != package or
               p.stem in ORDER]
    assert {p.relative_to(package).parts[0].removesuffix(".py") for p in modules} == set(ORDER)
    for path in modules:
        summary = GENERATE._summary(path)
        assert summary, f"{path.relative_to(ROOT)} has no docstring"
        where = path.relative_to(package).as_posix()
        row = (f"| **`{path.parent.name}/`** | **{summary}** |" if path.name == "__init__.py"
               else f"| `{where}` | {summary} |")
        assert row in page, where


def test_the_benchmarks_page_names_every_benchmark():
    page = (DOCS / "benchmarks.md").read_text(encoding="utf-8")
    for path in sorted((ROOT / "benchmarks").glob("*.py")):
        if path.name != "record.py":
            assert GENERATE._summary(path), f"{path.name} has no docstring"
            assert f"| `{path.name}` | {GENERATE._summary(path)} |" in page, path.name


def test_no_limit_is_written_by_hand():
    """A limit named in prose is ``<!-- limit: NAME -->`` up to ``<!-- /limit -->``, its value
    written there from the registry; a page that writes a limit's value elsewhere fails here
    (outside the program's own output, which the examples' tests hold, and the table)."""
    from exact_odds.limits import LIMITS

    for path in PAGES:
        text = re.sub(r"^```.*?^```", "", path.read_text(encoding="utf-8"), flags=re.S | re.M)
        for name in re.findall(r"<!-- limit: (\w+) -->", text):
            assert name in LIMITS, (path.name, name)
        text = GENERATE.LIMIT.sub("", GENERATE.PART.sub("", text))
        for limit in LIMITS.values():
            if " " in limit.shown and sum(c.isdigit() for c in limit.shown) >= 4:
                found = re.search(rf"(?<![\d,.]){re.escape(limit.shown)}", text)
                assert not found, (path.name, limit.name)


def test_the_workbook_page_has_every_name_and_formula_of_a_workbook():
    """The names and formulas of ``workbook.md`` are read from a workbook the program
    builds (issue 30's names), never typed."""
    from exact_odds import game_report

    page = (DOCS / "workbook.md").read_text(encoding="utf-8")
    workbook = game_report("commission-free", bets=["tie"]).to_workbook()
    for name in workbook.names:
        assert f"`{name.name}`" in page, name.name
        expression = getattr(name.sheet.cells[name.row, name.column], "expression", None)
        if expression and name.sheet.name != "Summary":
            assert f"`={expression}`" in page, name.name
    # the bettor's round on Lucky Draw's Summary, each figure's name and formula
    lucky = game_report("lucky-draw").to_workbook()
    for name in lucky.names:
        if name.name.startswith("round_"):
            expression = name.sheet.cells[name.row, name.column].expression  # type: ignore[union-attr]
            assert f"| `{name.name}` | `={expression}` |" in page, name.name


def test_the_explorer_page_names_every_figure_its_script_shows():
    """The page's figures are those the figure table gives its data; the docs name each."""
    from exact_odds import game_report
    from exact_odds.analysis.figures import FIGURES
    from exact_odds.explorer.data import explorer_data

    page = (DOCS / "explorer.md").read_text(encoding="utf-8")
    shown = [f["key"] for f in explorer_data(game_report("commission-free", bets="tie"))["figures"]]
    assert shown == [figure.page for figure in FIGURES.values() if figure.page]
    played = explorer_data(game_report("lucky-draw"))["round"]  # the bettor's round's
    shown += [f["key"] for f in played["figures"]]
    for figure in shown:
        assert f"`{figure}`" in page, figure


def test_the_workbook_page_defines_every_figure():
    """Issue 42.1: the docs' table of figures is the figure table: every figure's label,
    name, definition and formula."""
    from exact_odds.analysis.figures import FIGURES, ROUND_FIGURES

    page = (DOCS / "workbook.md").read_text(encoding="utf-8")
    for figure in [*FIGURES.values(), *ROUND_FIGURES.values()]:
        assert f"| {figure.label} | `{figure.name}` |" in page, figure.name
        assert figure.definition in page and f"`{figure.formula}`" in page, figure.name


def test_the_vocabulary_page_has_every_column():
    from exact_odds import COLUMNS

    page = (DOCS / "vocabulary.md").read_text(encoding="utf-8")
    for name, column in COLUMNS.items():
        assert f"| `{name}` | {column.dtype}" in page, name


def test_the_commands_page_has_every_command_and_option():
    """Generated from click itself (issue 43: a Markdown table GitHub shows, not a raw
    ``::: mkdocs-click`` line), every default as a user reads it (issue 44 item 7: no
    ``Sentinel.UNSET``, no ``None`` for ``--strategy``)."""
    import click

    from exact_odds.cli import main

    page = (DOCS / "commands.md").read_text(encoding="utf-8")
    assert "Sentinel" not in page and "UNSET" not in page and "mkdocs-click" not in page
    sections = dict(re.findall(r"^## `exact-odds ([\w-]+)`\n(.*?)(?=^## |\Z)", page,
                               re.S | re.M))
    assert list(sections) == list(main.commands)
    for name, command in main.commands.items():
        rows = {row.split(" | ")[0].strip("| "): row.split(" | ")
                for row in sections[name].splitlines() if row.startswith("| `-")}
        for param in command.params:
            if isinstance(param, click.Option) and "--help" not in param.opts:
                row = next((cells for names, cells in rows.items()
                            if f"`{param.opts[-1]}`" in names), None)
                assert row, (name, param.opts)
                assert row[2].strip() not in {"None", "`None`", "()", "`()`"}, (name, param.opts)
        strategy = rows.get("`--strategy`")
        if strategy and next(p for p in command.params if p.name == "strategy").default is None:
            assert strategy[2].strip() == "the game's", strategy


def test_every_command_has_help_with_an_example():
    from exact_odds.cli import main

    for name, command in main.commands.items():
        assert command.help and "Example" in command.help, f"{name} --help has no example"


def test_every_format_is_documented():
    from exact_odds.render import FORMATS

    page = (DOCS / "formats.md").read_text(encoding="utf-8")
    for fmt in FORMATS:
        assert f"**{fmt}**" in page or f"`{fmt}`" in page, fmt


def test_the_api_page_documents_every_public_name():
    """The API from the docstrings, as Markdown (issue 43): every public name with its
    signature and its own docstring's first line."""
    import inspect

    import exact_odds

    page = (DOCS / "python.md").read_text(encoding="utf-8")
    for name in exact_odds.__all__[1:]:
        assert f"### `{name}`\n" in page, name
        obj = getattr(exact_odds, name)
        if callable(obj):
            first = GENERATE.docstring_markdown(inspect.getdoc(obj) or "").split("\n")[0]
            assert first in page, name
    assert " at 0x" not in page  # no object's address: the page is the same on every run


def test_the_options_help_states_the_bounds_the_code_enforces():
    """The --help of each bounded option says the bound the registry holds."""
    from exact_odds.cli import main
    from exact_odds.limits import LIMITS, MAX_SHOES, MAX_TAG, MAX_WORKERS, SCHEDULER_TIMEOUT

    options = {param.opts[0]: param.help for param in main.commands["simulate"].params
               if getattr(param, "help", None)}
    assert f"1 to {MAX_SHOES:,}" in options["--shoes"]
    assert f"1 to {MAX_WORKERS}" in options["--workers"]
    assert LIMITS["MAX_SEED"].text in options["--seed"]
    assert f"-{MAX_TAG} to {MAX_TAG}" in options["--tags"]
    assert f"within {SCHEDULER_TIMEOUT} seconds" in options["--scheduler"]


def test_every_module_and_file_named_exists():
    """Stale text (issue 29): every ``exact_odds.x.y`` and every ``name.py`` that the README,
    the docs, the notebooks' README or a module's docstring names still exists."""
    import ast
    import importlib

    texts = {path.name: path.read_text(encoding="utf-8")
             for path in [*SOURCES, ROOT / "notebooks" / "README.md"]}
    for path in sorted((ROOT / "exact_odds").rglob("*.py")):
        texts[str(path.relative_to(ROOT))] = ast.get_docstring(
            ast.parse(path.read_text(encoding="utf-8"))) or ""
    files = {p.relative_to(ROOT).as_posix() for folder in ("exact_odds", "tests", "benchmarks",
                                                           "docs")
             for p in (ROOT / folder).rglob("*.py")}
    names = {name.rsplit("/", 1)[-1] for name in files}

    def resolves(dotted: str) -> bool:
        parts = dotted.split(".")
        for cut in range(len(parts), 0, -1):
            try:
                found = importlib.import_module(".".join(parts[:cut]))
            except ImportError:
                continue
            for part in parts[cut:]:
                if not hasattr(found, part):
                    return False
                found = getattr(found, part)
            return True
        return False

    for where, text in texts.items():
        for dotted in set(re.findall(r"\bexact_odds(?:\.\w+)+", text)):
            assert resolves(dotted), (where, dotted)
        for name in set(re.findall(r"[\w/.-]*\w\.py\b", text)):
            assert name in files or name.rsplit("/", 1)[-1] in names, (where, name)


#: The pages that state how things are now (the history names what was).
CURRENT = [path for path in SOURCES if path.name not in GENERATE.COPIES]


def _prose(path: Path) -> str:
    """A page without its fenced blocks."""
    return re.sub(r"^```.*?^```", "", path.read_text(encoding="utf-8"), flags=re.S | re.M)


def _command_lines() -> list[tuple[str, str]]:
    """Every ``exact-odds`` command line the README, CONTRIBUTING.md, the docs and the
    commands' own ``--help`` examples show, in any kind of block: (where, line)."""
    from exact_odds.cli import main

    found = []
    for path in SOURCES:
        text = path.read_text(encoding="utf-8").replace("\\\n", " ")
        for kind, block in re.findall(r"^```(\w*)\n(.*?)^```", text, re.S | re.M):
            for line in block.splitlines():
                if kind == "text" and not line.startswith("$ "):
                    continue  # a program's output
                line = re.sub(r"^(\$ |\.venv/bin/)", "", line.strip())
                for piece in line.split("&&"):
                    piece = re.sub(r"^\.venv/bin/", "", piece.strip())
                    if piece.startswith("exact-odds "):
                        found.append((path.name, piece))
    for name, command in main.commands.items():
        help_text = (command.help or "").replace("\\\n", " ")
        found += [(f"exact-odds {name} --help", line.strip()) for line in help_text.splitlines()
                  if line.strip().startswith("exact-odds ")]
    return found


def test_every_command_line_shown_names_a_command_and_its_options():
    """Issue 43: every command shown, run or not, names a command that exists and only
    options that command has (a ```console block is not run, so this is its check)."""
    import click

    from exact_odds.cli import main

    lines = _command_lines()
    assert len(lines) > 50
    for where, line in lines:
        words = shlex.split(line.split(" #")[0])[1:]
        if words[0] in {"--version", "--help", "-h"}:
            continue
        assert words[0] in main.commands, (where, line)
        command = main.commands[words[0]]
        options = {opt for param in command.params if isinstance(param, click.Option)
                   for opt in (*param.opts, *param.secondary_opts)} | {"--help", "-h"}
        for word in words[1:]:
            if word.startswith("-") and not re.match(r"-\d", word):
                assert word.split("=")[0] in options, (where, line, word)


#: Options of other tools the docs name (pytest's and MkDocs').
OTHER_TOOLS_OPTIONS = {"--disable-plugin-autoload", "--strict", "--dist", "--doctest-modules"}


def test_every_option_named_in_prose_exists():
    """An option the prose names (`` `--cut-card` ``) is an option of some command."""
    import click

    from exact_odds.cli import main

    options = {opt for command in main.commands.values() for param in command.params
               if isinstance(param, click.Option) for opt in (*param.opts, *param.secondary_opts)}
    options |= {"--version", "--help"} | OTHER_TOOLS_OPTIONS
    for path in CURRENT:
        for option in re.findall(r"`(--[a-z][\w-]*)", _prose(path)):
            assert option in options, (path.name, option)


def test_every_path_named_exists():
    """Issue 43 (a page pointed to YAML shoe files in ``tables/shoes/`` that were not
    there): every path into the repository that the README, CONTRIBUTING.md and the docs
    name in code (`` `tables/shoes/rock-bac-shoes.csv` ``) exists; a pattern
    (``tables/rules/*.yaml``) matches a file; ``NAME`` or ``<script>`` is a placeholder."""
    pattern = r"`((?:\.ci|tables|tests|benchmarks|exact_odds|docs|notebooks)/[^`\s]*)`"
    for path in CURRENT:
        for named in re.findall(pattern, path.read_text(encoding="utf-8")):
            if re.search(r"[A-Z]{3,}|<", named.split("/", 1)[1]):
                continue
            assert list(ROOT.glob(named.rstrip("/"))), (path.name, named)


def test_no_page_says_the_shoes_folder_holds_yaml_examples():
    """Issue 43's wrong statement, and the shoe file's format shown under its own heading
    (not, as it was, at the end of the formats page's last section)."""
    assert not list((ROOT / "tables" / "shoes").glob("*.yaml"))
    for path in CURRENT:
        text = path.read_text(encoding="utf-8")
        assert not re.search(r"tables/shoes/`? has examples", text), path.name
    formats = (DOCS / "formats.md").read_text(encoding="utf-8")
    assert "A shoe file:" not in formats
    start = (DOCS / "getting-started.md").read_text(encoding="utf-8")
    assert "```yaml\n# file: my-shoe.yaml\ndecks: 8" in start.split("## The shoe")[1]


def test_every_module_a_package_docstring_lists_exists():
    """A package's docstring that lists its modules (``Modules: ...``) lists modules that
    exist (issue 29: lists of modules that no longer existed)."""
    import ast

    for init in sorted((ROOT / "exact_odds").glob("*/__init__.py")):
        docstring = ast.get_docstring(ast.parse(init.read_text(encoding="utf-8"))) or ""
        listed = re.search(r"Modules: (.*?)(?:\n\n|$)", docstring, re.S)
        if not listed:
            continue
        text = listed.group(1)
        while re.search(r"\([^()]*\)", text):
            text = re.sub(r"\([^()]*\)", "", text)
        for name in re.findall(r"``(\w+)``", text):
            assert (init.parent / f"{name}.py").is_file(), (init.parent.name, name)


def test_no_commit_ids_in_the_docs():
    for path in SOURCES:
        found = re.findall(r"\b(?=[0-9a-f]*[a-f])(?=[0-9a-f]*[0-9])[0-9a-f]{7,40}\b",
                           path.read_text(encoding="utf-8"))
        assert not found, (path.name, found)


# --- every example runs --------------------------------------------------------------------

@pytest.fixture
def folder(tmp_path, monkeypatch):
    """A folder holding the repository's ``tables/`` and the README's edited game file,
    where the examples run (their output files land in it)."""
    (tmp_path / "tables").symlink_to(ROOT / "tables")
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    edited = re.search(r"```yaml\n(.*?)```", readme, re.S).group(1).rstrip("\n")
    event = re.search(r'event: "([^"]+)"', edited).group(1)
    original = (ROOT / "tables" / "rock-bac.yaml").read_text(encoding="utf-8")
    line = next(line for line in original.splitlines() if f'event: "{event}"' in line)
    assert line != edited
    (tmp_path / "my-game.yaml").write_text(original.replace(line, edited), encoding="utf-8")
    for name, text in FILES.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    return tmp_path


def _files() -> dict[str, str]:
    """The files the docs show whole: each ```yaml block opening ``# file: NAME``."""
    found: dict[str, str] = {}
    for where, block in _blocks("yaml"):
        named = re.match(r"# file: ([\w.-]+)\n", block)
        if named:
            assert named.group(1) not in found, f"{where}: {named.group(1)} shown twice"
            found[named.group(1)] = block
    return found


FILES = _files()


def test_every_file_shown_whole_is_read_by_an_example():
    """A file shown whole (``# file: NAME``) is one the examples run on."""
    commands = "\n".join(block for kind in ("bash", "text") for _, block in _blocks(kind))
    for name in FILES:
        assert f" {name}" in commands, name


def _fewer_shoes(args: list[str]) -> list[str]:
    """``args`` with ``--shoes`` cut to ``SHOES``, and one worker where none is asked for (a
    seed gives the same figures whatever the workers; starting a pool costs more than the
    few shoes)."""
    if "--shoes" in args:
        at = args.index("--shoes") + 1
        args[at] = str(min(int(args[at]), SHOES))
    if args[0] in {"simulate", "countability", "batch"} and "--workers" not in args:
        args += ["--workers", "1"]
    return args


@pytest.mark.parametrize("where, block", _blocks("bash"), ids=[w for w, _ in _blocks("bash")])
def test_every_command_example_runs(where, block, folder):
    commands = [line for line in block.replace("\\\n", " ").splitlines()
                if line.strip().startswith(("exact-odds ", ".venv/bin/exact-odds "))]
    for command in commands:
        if "pip install" in command:
            continue
        ok(*_fewer_shoes(shlex.split(command)[1:]))


OUTPUTS = [(where, block) for where, block in _blocks("text") if block.startswith("$ exact-odds ")]


@pytest.mark.parametrize("where, block", OUTPUTS, ids=[w for w, _ in OUTPUTS])
def test_every_sample_output_is_what_the_program_prints(where, block, folder):
    first, _, shown = block.partition("\n")
    result = run(*shlex.split(first)[2:])
    refused = shown.startswith("Error: ")
    assert (result.exit_code != 0) == refused, result.output
    assert result.output == shown


@pytest.mark.parametrize("where, block", _blocks("python"), ids=[w for w, _ in _blocks("python")])
def test_every_python_example_runs(where, block, folder):
    """Each block runs as a script of its own (its own namespace, run as ``__main__``, in
    this process: an example is about the library, not the interpreter's start, and the
    reports it shares with the other examples are computed once); the lines of a README
    block commented ``# `` at the start are what it prints."""
    if "explore(" in block:
        pytest.importorskip("anywidget", reason="the explorer extra is not installed")
    script = re.sub(r'(simulate\("[\w-]+", )\d+', rf"\g<1>{SHOES}", block)
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        exec(compile(script, where, "exec"), {"__name__": "__main__"})
    expected = [line[2:] for line in block.splitlines() if line.startswith("# ")]
    if expected:
        assert printed.getvalue().splitlines() == expected


def test_the_examples_use_only_the_public_api():
    """Python in the README, the docs and the notebooks imports only what ``import
    exact_odds`` gives (``from exact_odds import ...``), never a module inside the package."""
    import json

    sources = [block for _, block in _blocks("python")]
    for notebook in sorted((ROOT / "notebooks").glob("*.ipynb")):
        cells = json.loads(notebook.read_text(encoding="utf-8"))["cells"]
        sources += ["".join(c["source"]) for c in cells if c["cell_type"] == "code"]
    inside = [line for source in sources for line in source.splitlines()
              if re.search(r"(from|import) exact_odds\.", line)]
    assert not inside, inside


def test_doctests_show_as_code_on_the_api_pages():
    """A docstring's doctests are fenced as ``pycon``, its prose left alone."""
    text = "Adds.\n\n>>> 1 + 1\n2\n\nDone.\n>>> 3"
    assert GENERATE.fence_doctests(text) == (
        "Adds.\n\n```pycon\n>>> 1 + 1\n2\n```\n\nDone.\n```pycon\n>>> 3\n```")
    assert GENERATE.docstring_markdown("Read ``x``::\n\n    a: 1\n\nDone.") == (
        "Read `x`:\n\n```text\na: 1\n```\n\nDone.")
