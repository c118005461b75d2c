"""One writer (``exact_odds.files``) for every file the program writes: ``--output``,
``--trace``, Parquet and xlsx. The target is checked before any work; folders, devices and
FIFOs are refused; a link is written through; the data goes to a unique temporary file
beside the target and is renamed into place, so two writers never collide and a failure
leaves nothing behind."""

from __future__ import annotations

import json
import os
import stat
import subprocess
import sys
import threading
from pathlib import Path

import polars as pl
import pytest
from click.testing import CliRunner
from clirun import ok, one_error_line, process, run

from exact_odds.cli import main
from exact_odds.files import OutputError, replacing, write_output


def _left(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir())


# --- the writer itself -----------------------------------------------------------------------

def test_a_write_is_whole_and_leaves_nothing_else(tmp_path: Path) -> None:
    target = tmp_path / "out.txt"
    target.write_text("old")
    os.chmod(target, 0o640)
    write_output(target, "new")
    assert target.read_text() == "new" and _left(tmp_path) == ["out.txt"]
    assert stat.S_IMODE(target.stat().st_mode) == 0o640  # the old file's permissions kept


def test_a_link_is_written_through(tmp_path: Path) -> None:
    target, link = tmp_path / "real.txt", tmp_path / "link.txt"
    target.write_text("old")
    link.symlink_to(target)
    write_output(link, "new")
    assert link.is_symlink() and target.read_text() == "new"


def _unwritable(folder: Path, make: str, name: str = "x") -> Path:
    """A target in ``folder`` that is not a file that can be written, as ``make`` says: a
    folder, a FIFO, a device, a name in a missing or a read-only folder."""
    where = folder / name
    if make == "folder":
        where.mkdir()
    elif make == "fifo":
        os.mkfifo(where)
    elif make == "device":
        where = Path("/dev/null")
    elif make == "missing folder":
        where = folder / "no" / name
    else:
        if os.geteuid() == 0:
            pytest.skip("root writes into a read-only folder")
        (folder / "ro").mkdir(mode=0o500)
        where = folder / "ro" / name
    return where


@pytest.mark.parametrize("make", ["folder", "fifo", "device", "missing folder"])
def test_what_is_not_a_regular_file_is_refused(tmp_path: Path, make: str) -> None:
    where = _unwritable(tmp_path, make)
    before = _left(tmp_path)
    with pytest.raises(OutputError, match="cannot write"):
        write_output(where, "data")
    assert _left(tmp_path) == before
    if make == "fifo":
        assert stat.S_ISFIFO(where.stat().st_mode)


def test_a_failure_or_an_interrupt_leaves_nothing(tmp_path: Path) -> None:
    target = tmp_path / "out.parquet"
    target.write_text("old")
    for error in (OSError(28, "No space left on device"), KeyboardInterrupt()):
        with pytest.raises((OutputError, KeyboardInterrupt)):
            with replacing(target) as temporary:
                temporary.write_text("half")
                raise error
        assert target.read_text() == "old" and _left(tmp_path) == ["out.parquet"]


def test_two_writers_to_one_name_never_share_a_temporary_file(tmp_path: Path) -> None:
    """Both temporary files exist at once, each is renamed whole: the last one wins."""
    target = tmp_path / "same.txt"
    both_open = threading.Barrier(2)
    names: list[Path] = []

    def write(text: str) -> None:
        with replacing(target) as temporary:
            names.append(temporary)
            temporary.write_text(text * 1000)
            both_open.wait(timeout=10)

    threads = [threading.Thread(target=write, args=(t,)) for t in "ab"]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(set(names)) == 2
    assert target.read_text() in ("a" * 1000, "b" * 1000)
    assert _left(tmp_path) == ["same.txt"]


# --- the command line: -o checked before the work, '-' and /dev/stdout print --------------

@pytest.mark.parametrize("where", ["-", "/dev/stdout"])
def test_output_to_standard_output_prints(where: str) -> None:
    result = CliRunner().invoke(main, ["columns", "--format", "csv", "-o", where])
    assert result.exit_code == 0, result.output
    assert result.output.startswith("exact_odds_version,column,type,meaning\n")


def test_simulate_checks_output_before_the_run(tmp_path: Path, monkeypatch) -> None:
    import exact_odds.simulation.runner as runner

    def never(*args: object, **kwargs: object) -> None:
        raise AssertionError("the simulation ran before its output was checked")

    monkeypatch.setattr(runner, "simulate", never)
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    for bad, code in ((tmp_path, 2), (tmp_path / "no" / "out.json", 1), (fifo, 1)):
        result = CliRunner().invoke(main, ["simulate", "rock-bac", "--shoes", "1",
                                           "--output", str(bad)])
        assert not isinstance(result.exception, AssertionError)
        assert result.exit_code == code and result.output.startswith("Error:")


# --- the trace -------------------------------------------------------------------------------

def _simulate(trace: Path | str, **extra: object) -> object:
    from exact_odds.simulation import simulate

    return simulate("commission-free", 2, bets=["banker"], seed=1, workers=1, trace=trace,
                    **extra)


@pytest.mark.parametrize("make", ["fifo", "device", "folder", "standard output"])
def test_trace_refuses_what_is_not_a_file_before_dealing(tmp_path: Path, make: str,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    from exact_odds.simulation.trace import TraceError

    where = tmp_path / "trace.parquet"
    if make == "fifo":
        os.mkfifo(where)
    elif make == "folder":
        where.mkdir()
    elif make == "device":
        where = Path("/dev/null")
    else:
        monkeypatch.chdir(tmp_path)
        where = Path("-")
    with pytest.raises(TraceError, match="cannot write"):
        _simulate(where)
    if make == "fifo":
        assert stat.S_ISFIFO(where.stat().st_mode)
    assert Path("/dev/null").is_char_device()
    assert _left(tmp_path) == ([] if make in ("device", "standard output")
                               else ["trace.parquet"])


def test_trace_through_a_link_writes_its_target(tmp_path: Path) -> None:
    target, link = tmp_path / "real.parquet", tmp_path / "link.parquet"
    target.write_text("old")
    link.symlink_to(target)
    _simulate(link)
    assert link.is_symlink() and pl.read_parquet(target).height > 0
    assert _left(tmp_path) == ["link.parquet", "real.parquet"]


def test_a_failing_trace_leaves_nothing_and_is_one_error(tmp_path: Path, monkeypatch) -> None:
    """A full disk while the trace is joined: a TraceError naming the file, no file, no
    parts, no temporary file."""
    from exact_odds.simulation.trace import TraceError

    def full(self: pl.LazyFrame, path: object, *args: object, **kwargs: object) -> None:
        Path(str(path)).write_bytes(b"PAR1 half")
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(pl.LazyFrame, "sink_parquet", full)
    where = tmp_path / "trace.parquet"
    with pytest.raises(TraceError, match="trace.parquet.*No space left on device"):
        _simulate(where)
    assert _left(tmp_path) == []


def test_an_interrupted_simulation_leaves_no_trace(tmp_path: Path, monkeypatch) -> None:
    import exact_odds.simulation.runner as runner

    def interrupted(*args: object, **kwargs: object) -> object:
        raise KeyboardInterrupt

    monkeypatch.setattr(runner, "play_shoes", interrupted)
    with pytest.raises(KeyboardInterrupt):
        _simulate(tmp_path / "trace.parquet")
    assert _left(tmp_path) == []


@pytest.mark.slow
def test_four_simulations_tracing_to_one_file(tmp_path: Path) -> None:
    """Four runs at once, one trace name: each exits 0 and the file is one run's, whole.
    Five shoes each: a run's time is mostly its start, and the four write at about the
    same moment whatever their length."""
    import subprocess
    import sys

    exe = Path(sys.executable).parent / "exact-odds"
    where = tmp_path / "same.parquet"
    runs = [subprocess.Popen([str(exe), "simulate", "commission-free", "--bet", "banker",
                              "--shoes", "5", "--seed", str(seed), "--workers", "1",
                              "--trace", str(where)], stdout=subprocess.DEVNULL,
                             stderr=subprocess.PIPE, text=True) for seed in range(4)]
    for child in runs:
        _, errors = child.communicate(timeout=300)
        assert child.returncode == 0, errors
    trace = pl.read_parquet(where)
    assert trace["shoe"].unique().sort().to_list() == list(range(5))
    assert _left(tmp_path) == ["same.parquet"]


SIM = ["simulate", "rock-bac", "--bet", "tie", "--shoes", "2", "--seed", "1", "--workers", "1"]

def test_output_through_a_symlink_writes_the_target_and_keeps_the_link(tmp_path):
    """Output through a symlink writes the target and keeps the link (issue 12)."""
    target = tmp_path / "real.json"
    target.write_text("old", encoding="utf-8")
    link = tmp_path / "link.json"
    link.symlink_to(target)
    ok("report", "rock-bac", "--bet", "tie", "--format", "json", "--output", str(link))
    assert link.is_symlink() and os.readlink(link) == str(target)
    assert json.loads(target.read_text(encoding="utf-8"))["game"] == "rock-bac"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["link.json", "real.json"]


def test_output_keeps_the_permissions_of_the_file_it_replaces(tmp_path):
    """Output keeps the permissions of the file it replaces (issue 12)."""
    target = tmp_path / "out.txt"
    target.write_text("old", encoding="utf-8")
    target.chmod(0o640)
    ok("report", "rock-bac", "--bet", "tie", "--output", str(target))
    assert stat.S_IMODE(target.stat().st_mode) == 0o640


@pytest.mark.parametrize("where, needle", [("/dev/null", "not a regular file"),
                                           ("folder", "directory")])
def test_output_to_a_device_or_a_folder_is_refused(tmp_path, where, needle):
    """Output to a device or a folder is refused (issue 12)."""
    path = where if where.startswith("/") else str(tmp_path)
    result = run("report", "rock-bac", "--bet", "tie", "--output", path)
    one_error_line(result, needle)


def test_output_option_on_every_command(tmp_path):
    """Output option on every command (issue 12)."""
    for args in (["games"], ["columns"], ["report", "rock-bac", "--bet", "tie"],
                 ["eor", "rock-bac", "--bet", "tie"],
                 ["solve", "rock-bac", "super-six", "--event", "Banker wins with 6", "--edge", "5%"],
                 ["compare", "rock-bac", "commission-free", "--remove", "9D"],
                 ["strategy", "--decks", "1"]):
        out = tmp_path / f"{args[0]}.md"
        ok(*args, "--format", "markdown", "--output", str(out))
        assert out.read_text(encoding="utf-8").startswith("# "), args


def test_trace_dash_names_the_option(tmp_path):
    """Trace dash names the option (issue 18)."""
    one_error_line(run(*SIM, "--trace", "-"), "--trace")


def test_trace_and_output_on_one_file_are_refused(tmp_path):
    """Found in this round's hunt: the output silently replaced the trace. (Issue 18.)"""
    trace = tmp_path / "t.parquet"
    one_error_line(run(*SIM, "--trace", str(trace), "--output", str(tmp_path / "." / "t.parquet")),
                   "--trace", "--output")
    assert list(tmp_path.iterdir()) == []


def test_a_full_disk_under_standard_output_is_one_line():
    """A full disk under standard output is one line (issue 18)."""
    with open("/dev/full", "w") as full:
        done = subprocess.run([sys.executable, "-m", "exact_odds", "report", "rock-bac"],
                              stdout=full, stderr=subprocess.PIPE, text=True, timeout=120)
    assert done.returncode == 1
    assert done.stderr.strip().splitlines() == [
        "Error: cannot write to standard output: No space left on device"]


@pytest.mark.parametrize("args", [["report", "rock-bac"], ["games"],
                                  [*SIM, "--format", "json"]])
def test_a_closed_standard_output_is_one_line_before_the_work(args):
    """``exact-odds report rock-bac >&-`` ended in an AttributeError traceback. (Issue 18.)"""
    done = process(*args, timeout=60, preexec_fn=lambda: os.close(1))
    one_error_line(done, "standard output", "closed")


def test_with_standard_output_closed_an_output_file_is_written(tmp_path):
    """The error's advice, --output FILE, works with standard output closed (the flush at
    exit met None). (Issue 18.)"""
    target = tmp_path / "report.json"
    done = process("report", "rock-bac", "--format", "json", "-o", str(target), timeout=60,
                   preexec_fn=lambda: os.close(1))
    assert done.returncode == 0 and not done.stderr, done.stderr
    assert json.loads(target.read_text())["game"] == "rock-bac"


def test_an_empty_output_name_names_the_option(tmp_path):
    """``-o ''`` became Path('') == '.', refused as 'a folder'. (Issue 18.)"""
    one_error_line(run("report", "rock-bac", "-o", ""), "--output", "empty", code=2)


def test_a_standard_output_in_ascii_prints_the_report():
    """Found by the hunt of the change that checks a closed standard output: writing to
    ``sys.stdout`` itself failed on '±' under PYTHONIOENCODING=ascii; click's own stream
    does not. (Issue 18.)"""
    done = process(*SIM, timeout=60, env={**os.environ, "PYTHONIOENCODING": "ascii"})
    assert done.returncode == 0 and "Traceback" not in done.stderr, done.stderr
    assert "standard error" in done.stdout


# --- a folder that cannot be written (issue 31, finding 6) --------------------------------

def _unwritable_folders(tmp_path: Path) -> list[Path]:
    """Folders no file can be made in: ``/proc`` refuses every new file, even to root; a
    folder without write permission refuses everyone else."""
    found = [Path("/proc/self")] if Path("/proc/self").is_dir() else []
    if os.geteuid() != 0:
        locked = tmp_path / "locked"
        locked.mkdir()
        locked.chmod(0o555)
        found.append(locked)
    if not found:
        pytest.skip("no folder here refuses a new file (no /proc, and run as root)")
    return found


def test_a_folder_that_cannot_be_written_is_refused_when_checked(tmp_path: Path) -> None:
    """Issue 31, finding 6: the check before the work (``output_target``) found a folder
    that exists but let the write itself, after the work, find that it cannot be written.
    The check now makes a file there and removes it, as the write will."""
    from exact_odds.files import output_target

    for folder in _unwritable_folders(tmp_path):
        with pytest.raises(OutputError, match="cannot be written"):
            output_target(folder / "out.txt")
    assert output_target(tmp_path / "out.txt") == (tmp_path / "out.txt").resolve()
    assert _left(tmp_path) == (["locked"] if os.geteuid() != 0 else [])  # the trial removed


#: Each command that writes ``--output``, with arguments that would make it work.
WRITERS = {
    "report": ["report", "rock-bac", "--bet", "super-six"],
    "eor": ["eor", "rock-bac", "--bet", "super-six"],
    "strategy": ["strategy", "21st-century"],
    "solve": ["solve", "rock-bac", "super-six", "--event", "Banker wins with 6", "--edge", "5%"],
    "compare": ["compare", "commission-free", "rock-bac"],
    "known": ["known", "commission-free", "--card", "1", "--bet", "tie"],
    "batch": ["batch", "rock-bac", "tables/shoes/rock-bac-shoes.csv", "--bet", "super-six"],
    "simulate": ["simulate", "rock-bac", "--shoes", "1", "--bet", "super-six"],
    "table": ["table", "tables/tables/commission-free.yaml"],
    "check": ["check", "rock-bac"],
    "games": ["games"],
    "columns": ["columns"],
    "schema": ["schema"],
    "countability": ["countability", "rock-bac", "--bet", "super-six", "--shoes", "10"],
}


def test_every_command_that_writes_an_output_is_listed() -> None:
    """A new command with ``--output`` joins WRITERS, and so the test below."""
    writes = {name for name, command in main.commands.items()
              if any(param.name == "output" for param in command.params)}
    assert writes == set(WRITERS)


@pytest.mark.parametrize("name", sorted(WRITERS))
def test_an_output_folder_that_cannot_be_written_is_refused_before_the_work(
        tmp_path: Path, monkeypatch, name: str) -> None:
    """Issue 31, finding 6: ``exact-odds report rock-bac -o /proc/self/out.txt`` computed
    the whole report and was refused when it wrote. Every command refuses it first, in one
    line naming the file, before the work: nothing reaches the writer."""
    import exact_odds.files as files

    rendered: list[object] = []
    monkeypatch.setattr(files, "write_output", lambda *args: rendered.append(args))
    monkeypatch.chdir(Path(__file__).resolve().parent.parent)
    for folder in _unwritable_folders(tmp_path):
        target = folder / "out.txt"
        result = CliRunner().invoke(main, [*WRITERS[name], "--output", str(target)])
        assert result.exit_code == 1, result.output
        lines = result.output.splitlines()
        assert len(lines) == 1 and lines[0].startswith("Error: cannot write"), result.output
        assert str(target) in lines[0] and "cannot be written" in lines[0]
    assert rendered == []


# --- save(): one way to save a result, from Python as from the command line (issue 42) -------

def _xlsx_cells(path: Path) -> tuple[list[str], dict[str, list[tuple]], dict[str, str]]:
    """A workbook's sheets, every cell of each (its value, a formula as written) and its
    defined names."""
    import openpyxl

    book = openpyxl.load_workbook(path)
    cells = {sheet.title: [(c.coordinate, c.value, c.number_format) for row in sheet.iter_rows()
                           for c in row if c.value is not None] for sheet in book.worksheets}
    names = {name: str(defined.attr_text) for name, defined in book.defined_names.items()}
    return book.sheetnames, cells, names


@pytest.fixture
def fixed_nonce(monkeypatch: pytest.MonkeyPatch) -> None:
    """The explorer's page holds a random nonce: the same one for both of a test's pages."""
    from exact_odds.explorer import data

    monkeypatch.setattr(data.secrets, "token_hex", lambda n: "0" * 2 * n)


@pytest.mark.parametrize("fmt", ["xlsx", "html", "markdown", "json"])
def test_a_report_saved_from_python_is_the_commands_file(tmp_path: Path, fmt: str,
                                                         fixed_nonce: None) -> None:
    """Issue 42, item 2: ``report.save("x.xlsx")`` writes the approval workbook the command
    line's ``--format xlsx -o`` writes (its Decks sheet, every cell and name), and
    ``report.save("x.html")`` the explorer's page; from Python, ``render(report, "xlsx")``
    had no Decks sheet and html was a static page."""
    import exact_odds

    suffix = {"markdown": "md"}.get(fmt, fmt)
    command, saved = tmp_path / f"command.{suffix}", tmp_path / f"saved.{suffix}"
    ok("report", "commission-free", "--bet", "tie", "--bet", "banker", "--format", fmt,
       "-o", str(command))
    exact_odds.game_report("commission-free", bets=["tie", "banker"]).save(saved)
    if fmt == "xlsx":
        sheets, cells, names = _xlsx_cells(saved)
        assert sheets == ["Summary", "tie", "banker", "Hold", "Decks"]
        assert (sheets, cells, names) == _xlsx_cells(command)
        assert any(value == "A" for _, value, _ in cells["Decks"])  # removal by rank
    else:
        assert saved.read_bytes() == command.read_bytes()
        if fmt == "html":
            assert b"mountPage(" in saved.read_bytes()  # the explorer, not a static page


@pytest.mark.parametrize("name", ["report.xls", "report.yaml", "report", "report.", ".xlsx.bak"])
def test_a_name_whose_suffix_names_no_format_is_one_error_naming_it(tmp_path: Path,
                                                                    name: str) -> None:
    """Issue 42, item 2: a suffix that names no format is refused in one line naming the
    path and the suffixes that do (the one table, ``exact_odds.render.SUFFIXES``), before
    any work and with nothing written; the format given by name writes any name."""
    import exact_odds
    from exact_odds.errors import ExactOddsError
    from exact_odds.render import SUFFIXES

    report = exact_odds.game_report("commission-free", bets=["tie"])
    with pytest.raises(ExactOddsError) as refused:
        report.save(tmp_path / name)
    message = str(refused.value)
    assert str(tmp_path / name) in message and "\n" not in message
    assert "names no format" in message and all(s in message for s in SUFFIXES)
    assert _left(tmp_path) == []
    report.save(tmp_path / name, "json")
    assert json.loads((tmp_path / name).read_text())["bets"][0]["id"] == "tie"
    with pytest.raises(ExactOddsError, match="unknown format 'xls'"):
        report.save(tmp_path / "x.txt", "xls")


@pytest.mark.parametrize("make", ["folder", "fifo", "device", "missing folder", "read-only"])
def test_save_refuses_a_target_before_the_work_and_writes_nothing(
        tmp_path: Path, make: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 42, item 2 (the hunt): a folder, a FIFO, a device, a name in a missing or a
    read-only folder is refused by ``save`` in one line naming the path, before the work
    (here the approval workbook's other decks, which would raise if they were computed)."""
    import exact_odds
    from exact_odds.analysis import approval

    report = exact_odds.game_report("commission-free", bets=["tie"])
    monkeypatch.setattr(approval, "approval_workbook", lambda _: pytest.fail("the work ran"))
    where = _unwritable(tmp_path, make, "x.xlsx")
    before = _left(tmp_path)
    with pytest.raises(OutputError, match="cannot write") as refused:
        report.save(where)
    assert str(where) in str(refused.value) and "\n" not in str(refused.value)
    assert _left(tmp_path) == before


def test_a_save_that_fails_in_the_work_leaves_the_old_file(tmp_path: Path,
                                                           monkeypatch: pytest.MonkeyPatch
                                                           ) -> None:
    """A failure or Ctrl-C while the result is drawn leaves the old file whole and no
    temporary file (the data is written only once it is whole)."""
    import exact_odds
    from exact_odds.analysis import approval

    report = exact_odds.game_report("commission-free", bets=["tie"])
    target = tmp_path / "x.xlsx"
    target.write_bytes(b"old")
    for error in (RuntimeError("failed"), KeyboardInterrupt()):
        def fail(_: object, error: BaseException = error) -> None:
            raise error

        monkeypatch.setattr(approval, "approval_workbook", fail)
        with pytest.raises((RuntimeError, KeyboardInterrupt)):
            report.save(target)
        assert target.read_bytes() == b"old" and _left(tmp_path) == ["x.xlsx"]


def test_save_to_standard_output_prints(capfd: pytest.CaptureFixture[str]) -> None:
    """``-`` prints, as ``-o -`` does (the format given: ``-`` has no suffix)."""
    import exact_odds
    from exact_odds.errors import ExactOddsError

    report = exact_odds.game_report("commission-free", bets=["tie"])
    report.save("-", "csv")
    assert capfd.readouterr().out.startswith("game,game_file,shoe,")
    with pytest.raises(ExactOddsError, match="^'-' prints the result: give format"):
        report.save("-")


@pytest.mark.parametrize("name, fmt", [("x.parquet", None), ("x.json", "parquet")])
def test_parquet_for_a_result_that_is_not_a_batch_names_format(tmp_path: Path, name: str,
                                                               fmt: str | None) -> None:
    """Only a batch is written as Parquet: ``save`` refuses any other result in one line
    naming its own argument, ``format`` (it said ``fmt``, a name save() does not have),
    with nothing written."""
    import exact_odds
    from exact_odds.errors import ExactOddsError

    report = exact_odds.game_report("commission-free", bets=["tie"])
    with pytest.raises(ExactOddsError, match="^format parquet: only a batch of shoes"):
        report.save(tmp_path / name, fmt)
    assert _left(tmp_path) == []
