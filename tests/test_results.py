"""One result protocol: every result of the library offers ``inputs()``, ``to_document()``
and ``to_dict()``, renders in every format, and records its inputs and the exact-odds
version under the same keys in JSON and CSV. Rendering dispatches on the protocol, so a
renamed class renders as before."""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

import pytest

import exact_odds
from exact_odds.render import FORMATS, Document, Result, render

RESULTS: dict[str, Callable[[Path], Any]] = {}


def result(name: str) -> Callable[[Callable[[Path], Any]], Callable[[Path], Any]]:
    def register(build: Callable[[Path], Any]) -> Callable[[Path], Any]:
        RESULTS[name] = build
        return build

    return register


@result("report")
@cache  # the report the bet, the solution, the removal and the workbook are read from
def _report(_: Path) -> Any:
    return exact_odds.game_report("rock-bac", decks=1, bets=("banker", "super-six"))


@result("approval workbook")
def _approval_workbook(folder: Path) -> Any:
    from exact_odds.analysis.approval import approval_workbook

    return approval_workbook(_report(folder))


@result("bet")
def _bet(folder: Path) -> Any:
    return _report(folder).bet("banker")


@result("strategy")
def _strategy(_: Path) -> Any:
    return exact_odds.strategy_report(exact_odds.Shoe.from_decks(1), "optimal",
                                      game="21st-century")


@result("solution")
def _solution(folder: Path) -> Any:
    report = _report(folder)
    return exact_odds.solve_pay(report.bet("super-six"), "Banker wins with 6", "5%",
                                report=report)


@result("comparison")
def _comparison(_: Path) -> Any:
    return exact_odds.compare_games("rock-bac", "tables/extra/colour-match.yaml", decks=1)


@result("removal")
def _removal(folder: Path) -> Any:
    return exact_odds.effect_of_removal(_report(folder), "value")


@result("check")
def _check(_: Path) -> Any:
    from exact_odds.analysis.check_report import check_games

    return check_games(["rock-bac"])


@result("games")
def _games(_: Path) -> Any:
    from exact_odds.games.listing import builtin_game_list

    return builtin_game_list()


@result("columns")
def _columns(_: Path) -> Any:
    from exact_odds.games.listing import ColumnList

    return ColumnList()


@result("table")
def _table(_: Path) -> Any:
    from exact_odds.table import table_report

    return table_report("tables/tables/commission-free.yaml")


@result("simulation")
def _simulation(_: Path) -> Any:
    from exact_odds.simulation import simulate

    return simulate("rock-bac", 1, bets=["tie"], seed=1, workers=1)


@result("batch")
def _batch(folder: Path) -> Any:
    from exact_odds.batch.report import batch_report

    shoes = folder / "shoes.csv"
    shoes.write_text("removed\n9D KS\nAS\n")
    return batch_report("rock-bac", shoes, bets=["banker", "tie"])


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    folder = tmp_path_factory.mktemp("results")
    return {name: build(folder) for name, build in RESULTS.items()}


def _csv_rows(text: str) -> list[dict[str, str]]:
    return list(csv.DictReader(io.StringIO(text)))


@pytest.mark.parametrize("name", list(RESULTS))
def test_every_result_follows_the_protocol(built: dict[str, Any], name: str) -> None:
    found = built[name]
    assert isinstance(found, Result)
    assert isinstance(found.to_document(), Document)
    inputs = found.inputs()
    assert inputs["exact_odds_version"] == exact_odds.__version__
    data = json.loads(render(found, "json"))
    for key, value in inputs.items():  # JSON holds every input under the same key
        if isinstance(value, dict) and key in ("first", "second"):
            assert value.items() <= data[key].items()
        else:
            assert data[key] == json.loads(json.dumps(value)), key


@pytest.mark.parametrize("name", list(RESULTS))
@pytest.mark.parametrize("fmt", [*FORMATS, "html"])
def test_every_result_renders_in_every_format(built: dict[str, Any], name: str,
                                              fmt: str) -> None:
    found = built[name]
    out = render(found, fmt)
    if fmt == "xlsx":
        assert isinstance(out, bytes) and out[:2] == b"PK"  # a zip: the workbook
        return
    assert isinstance(out, str) and out.strip()
    assert out == found.render(fmt)  # the mixin and render() agree
    if fmt == "csv":
        rows = _csv_rows(out)
        assert rows and all(r["exact_odds_version"] == exact_odds.__version__ for r in rows)
        if "game" in found.inputs():
            assert all(r["game"] == found.inputs()["game"] for r in rows)
    if fmt in ("markdown", "html") and name != "bet":
        assert exact_odds.__version__ in out


def test_csv_names_each_game_by_its_id_and_its_file_alike(built: dict[str, Any]) -> None:
    """compare --format csv gave one game as an id and the other as a path."""
    rows = _csv_rows(str(render(built["comparison"], "csv")))
    assert {r["first_game"] for r in rows} == {"rock-bac"}
    assert {r["second_game"] for r in rows} == {"colour-match"}
    assert {r["first_game_file"] for r in rows} == {""}
    assert {r["second_game_file"] for r in rows} == {"tables/extra/colour-match.yaml"}


def test_simulation_csv_records_every_input(tmp_path: Path) -> None:
    from exact_odds.simulation import simulate

    summary = simulate("rock-bac", 2, bets=["super-six"], play="count", tags="6=-3,7=1",
                       threshold="1/2", seed=4, workers=1)
    row = _csv_rows(str(render(summary, "csv")))[0]
    # the threshold exactly as given (issue 18: it was the float 0.5)
    assert (row["play"], row["threshold"], row["seed"], row["shoes"]) == ("count", "1/2", "4", "2")
    assert json.loads(row["tags"])["super-six"]["6"] == -3
    assert json.loads(row["dealing"])["burn"] == "standard"
    assert row["exact_odds_version"] == exact_odds.__version__


def test_a_renamed_result_class_renders_the_same(built: dict[str, Any]) -> None:
    """Rendering dispatches on the protocol, not on a class's name."""
    report = built["report"]
    renamed = type("SomethingElse", (type(report),), {})(
        report.game, report.shoe, report.rules, report.bets, report.strategy, report.notes,
        report.settings)
    for fmt in ("text", "csv", "json"):
        assert render(renamed, fmt) == render(report, fmt)


def test_any_object_with_the_three_methods_is_a_result() -> None:
    from exact_odds.render import Column, Field, Table

    class Tally:
        def inputs(self) -> dict[str, Any]:
            return {"exact_odds_version": exact_odds.__version__, "what": "a tally"}

        def to_document(self) -> Document:
            return Document("A tally", (Field("What", "a tally"),),
                            (Table("Counts", (Column("Name"), Column("Count", "count")),
                                   (("aces", 1234),)),))

        def to_dict(self) -> dict[str, Any]:
            return {**self.inputs(), "counts": {"aces": 1234}}

    assert render(Tally(), "text") == ("A tally\nWhat: a tally\n\nCounts\n"
                                       "  Name  Count\n  aces  1,234\n")
    assert render(Tally(), "csv") == ("exact_odds_version,what,name,count\n"
                                      f"{exact_odds.__version__},a tally,aces,1234\n")
    with pytest.raises(TypeError, match="cannot render a str"):
        render("not a result", "text")  # type: ignore[arg-type]


def _parts(xlsx: bytes) -> dict[str, bytes]:
    """An xlsx file's parts, but its creation time (``docProps/core.xml``)."""
    import zipfile

    with zipfile.ZipFile(io.BytesIO(xlsx)) as book:
        return {name: book.read(name) for name in book.namelist() if name != "docProps/core.xml"}


@pytest.mark.parametrize("name", list(RESULTS))
def test_every_result_saves_in_every_format_what_it_renders(
        built: dict[str, Any], name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 42, item 2: every result has ``save(path, format=None)``, its format named by
    the file's suffix (the one table, ``exact_odds.render.SUFFIXES``); the file holds what
    ``render`` gives in that format (a batch's Parquet too)."""
    from exact_odds.explorer import data
    from exact_odds.render import SUFFIXES

    monkeypatch.setattr(data.secrets, "token_hex", lambda n: "0" * 2 * n)  # one page's nonce
    found = built[name]
    usual = {fmt: suffix for suffix, fmt in reversed(SUFFIXES.items())}
    for fmt in (*FORMATS, *(("parquet",) if name == "batch" else ())):
        path = tmp_path / f"saved{usual[fmt]}"
        found.save(path)
        rendered = render(found, fmt)
        written = path.read_bytes()
        if fmt == "xlsx":
            assert isinstance(rendered, bytes) and _parts(written) == _parts(rendered)
        elif fmt == "parquet":
            import polars as pl

            assert pl.read_parquet(path).equals(found.exact_frame())
        else:
            assert written == (rendered.encode() if isinstance(rendered, str) else rendered)
