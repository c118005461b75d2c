"""The documentation (issue 29): every page has a title and a description, the reference
is generated from the code (the hooks of ``docs/hooks.py``, run here as the site build runs
them), and every example in the README and the docs runs.

Examples: each ```python block runs as a script; each ```bash line that calls
``exact-odds`` runs and must succeed; each ```text block that starts with
``$ exact-odds ...`` is exactly what the program prints (a refusal included: its one
``Error:`` line and a non-zero exit); each ```yaml block whose first line is
``# file: NAME`` is that file, written where the examples run, so the commands can read it.
A ```console block is shown, not run (setting up a virtual environment, a benchmark). No
other kind of block, and no indented block, which would be run by nobody. A simulation
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
SOURCES = [ROOT / "README.md", *PAGES]
SHOES = 4
KINDS = {"bash", "text", "python", "yaml", "console"}


def _hooks():
    spec = importlib.util.spec_from_file_location("docs_hooks", DOCS / "hooks.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


HOOKS = _hooks()


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
    fields = HOOKS.front_matter(page.read_text(encoding="utf-8"))
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
    """Pages are listed by hand for their order; the hook lists any other at the end."""
    nav = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    config = {"nav": [{"Home": "index.md"}], "docs_dir": str(DOCS)}
    listed = HOOKS.on_config(config)["nav"]
    more = next((item["More"] for item in listed if "More" in item), [])
    assert sorted({*re.findall(r": ([\w-]+\.md)$", nav, re.M), *more, "index.md"}) == sorted(
        p.name for p in PAGES)


# --- generated from the code ---------------------------------------------------------------

def test_the_limits_page_is_the_registry():
    from exact_odds.limits import LIMITS

    page = HOOKS.generate((DOCS / "limits.md").read_text(encoding="utf-8"))
    for limit in LIMITS.values():
        assert f"| {limit.shown} | {limit.bounds} |" in page, limit.name
    assert "<!-- generated" not in page


def test_the_module_table_is_every_module_with_its_docstring():
    """The table of ``how-it-computes.md`` is generated from the package: every module,
    each part in the order of ``tests/test_layers.py``, with its docstring's summary; a
    module without one fails here."""
    from test_layers import ORDER

    page = HOOKS.generate((DOCS / "how-it-computes.md").read_text(encoding="utf-8"))
    assert HOOKS.layers() == ORDER
    package = ROOT / "exact_odds"
    modules = [p for p in package.rglob("*.py") if p.parent != package or
               p.stem in ORDER]
    assert {p.relative_to(package).parts[0].removesuffix(".py") for p in modules} == set(ORDER)
    for path in modules:
        summary = HOOKS._summary(path)
        assert summary, f"{path.relative_to(ROOT)} has no docstring"
        where = path.relative_to(package).as_posix()
        row = (f"| **`{path.parent.name}/`** | **{summary}** |" if path.name == "__init__.py"
               else f"| `{where}` | {summary} |")
        assert row in page, where
    assert "<!-- generated" not in page


def test_the_benchmarks_page_names_every_benchmark():
    page = HOOKS.generate((DOCS / "benchmarks.md").read_text(encoding="utf-8"))
    for path in sorted((ROOT / "benchmarks").glob("*.py")):
        if path.name != "record.py":
            assert HOOKS._summary(path), f"{path.name} has no docstring"
            assert f"| `{path.name}` | {HOOKS._summary(path)} |" in page, path.name


def test_no_limit_is_written_by_hand():
    """A limit named in prose is ``<!-- limit: NAME -->``, its value read from the registry
    at build time; a page that writes a limit's value itself fails here (outside the
    program's own output, which the examples' tests hold)."""
    from exact_odds.limits import LIMITS

    for path in PAGES:
        text = re.sub(r"^```.*?^```", "", path.read_text(encoding="utf-8"), flags=re.S | re.M)
        for name in re.findall(r"<!-- limit: (\w+) -->", text):
            assert name in LIMITS, (path.name, name)
        for limit in LIMITS.values():
            if " " in limit.shown and sum(c.isdigit() for c in limit.shown) >= 4:
                found = re.search(rf"(?<![\d,.]){re.escape(limit.shown)}", text)
                assert not found, (path.name, limit.name)


def test_the_workbook_page_has_every_name_and_formula_of_a_workbook():
    """The names and formulas of ``workbook.md`` are read from a workbook the program
    builds (issue 30's names), never typed."""
    from exact_odds import game_report

    page = HOOKS.generate((DOCS / "workbook.md").read_text(encoding="utf-8"))
    workbook = game_report("commission-free", bets=["tie"]).to_workbook()
    for name in workbook.names:
        assert f"`{name.name}`" in page, name.name
        expression = getattr(name.sheet.cells[name.row, name.column], "expression", None)
        if expression and name.sheet.name != "Summary":
            assert f"`={expression}`" in page, name.name


def test_the_explorer_page_names_every_figure_its_script_shows():
    """The page's figures are those the figure table gives its data; the docs name each."""
    from exact_odds import game_report
    from exact_odds.analysis.figures import FIGURES
    from exact_odds.explorer.data import explorer_data

    page = HOOKS.generate((DOCS / "explorer.md").read_text(encoding="utf-8"))
    shown = [f["key"] for f in explorer_data(game_report("commission-free", bets="tie"))["figures"]]
    assert shown == [figure.page for figure in FIGURES.values() if figure.page]
    for figure in shown:
        assert f"`{figure}`" in page, figure


def test_the_workbook_page_defines_every_figure():
    """Issue 42.1: the docs' table of figures is the figure table: every figure's label,
    name, definition and formula."""
    from exact_odds.analysis.figures import FIGURES

    page = HOOKS.generate((DOCS / "workbook.md").read_text(encoding="utf-8"))
    for figure in FIGURES.values():
        assert f"| {figure.label} | `{figure.name}` |" in page, figure.name
        assert figure.definition in page and f"`{figure.formula}`" in page, figure.name


def test_the_vocabulary_page_has_every_column():
    from exact_odds import COLUMNS

    page = HOOKS.generate((DOCS / "vocabulary.md").read_text(encoding="utf-8"))
    for name, column in COLUMNS.items():
        assert f"| `{name}` | {column.dtype}" in page, name


def test_the_commands_page_is_generated_from_every_command():
    """mkdocs-click documents the group with every subcommand, from click itself."""
    from exact_odds.cli import main

    page = (DOCS / "commands.md").read_text(encoding="utf-8")
    directive = re.search(r"::: mkdocs-click\n((?:    :.*\n)+)", page)
    assert directive, "the commands page is generated by mkdocs-click"
    options = dict(re.findall(r":(\w+): (\S+)", directive.group(1)))
    assert options["module"] == "exact_odds.cli" and options["command"] == "main"
    assert options["list_subcommands"] == "true"
    module = __import__(options["module"], fromlist=[options["command"]])
    assert getattr(module, options["command"]) is main and main.commands


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
    import exact_odds

    api = HOOKS.api_reference()
    for name in exact_odds.__all__[1:]:
        assert f"::: {exact_odds._WHERE.get(name, 'exact_odds')}.{name}\n" in api, name


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
    """The griffe extension fences a docstring's doctests, and leaves its prose alone."""
    pytest.importorskip("griffe", reason="the docs extra is not installed")
    spec = importlib.util.spec_from_file_location("docs_doctests", DOCS / "doctests.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    text = "Adds.\n\n>>> 1 + 1\n2\n\nDone.\n>>> 3"
    assert module.fence_doctests(text) == (
        "Adds.\n\n```pycon\n>>> 1 + 1\n2\n```\n\nDone.\n```pycon\n>>> 3\n```")
