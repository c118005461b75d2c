"""Shoes files in (CSV, JSON Lines, Parquet; cards removed or counts by card) and the batch
results out, each value equal to the report for the same shoe."""

from __future__ import annotations

import json
from collections.abc import Callable
from fractions import Fraction
from functools import cache
from pathlib import Path

import numpy as np
import polars as pl
import pytest
from clirun import one_error_line, run

import exact_odds
from exact_odds.analysis.report import game_report
from exact_odds.batch.result import BatchError
from exact_odds.batch.shoes import batch_frame
from exact_odds.batch.shoes_file import read_shoes
from exact_odds.cards import DECK
from exact_odds.shoe import Shoe

REMOVED = ["", "9D KS 10H", "9d,9h,9s,9c,8D"]


@cache  # each shoe's value is asked by several tests
def _expected(removed: str, bet: str) -> Fraction:
    shoe = Shoe.from_decks(8).remove(removed.replace(",", " ").split())
    return game_report("rock-bac", shoe=shoe, bets=(bet,)).bet(bet).expected_value


@pytest.mark.parametrize("suffix", [".csv", ".jsonl", ".parquet"])
def test_removed_cards_in_every_format(tmp_path: Path, suffix: str) -> None:
    path = tmp_path / f"shoes{suffix}"
    frame = pl.DataFrame({"removed": REMOVED})
    {".csv": frame.write_csv, ".jsonl": frame.write_ndjson,
     ".parquet": frame.write_parquet}[suffix](path)
    counts = read_shoes(path, [8] * 52)
    result = batch_frame("rock-bac", counts, bets=["banker", "blazing-sevens"])
    assert result["shoe"].to_list() == [0, 1, 2]
    assert result["cards"].to_list() == [416, 413, 411]
    for row, removed in enumerate(REMOVED):
        for bet in ("banker", "blazing-sevens"):
            value = Fraction(result[f"{bet}_numerator"][row], result[f"{bet}_denominator"][row])
            assert value == _expected(removed, bet)
            assert result[bet][row] == pytest.approx(float(value))


def test_counts_by_card(tmp_path: Path) -> None:
    rows = [dict.fromkeys(DECK, 8), {**dict.fromkeys(DECK, 8), "9D": 0, "KS": 3}]
    path = tmp_path / "shoes.jsonl"
    path.write_text("\n".join(json.dumps(row) for row in rows) + "\n")
    counts = read_shoes(path, [8] * 52)
    assert counts.shape == (2, 52)
    assert counts[1, DECK.index("9D")] == 0 and counts[1, DECK.index("KS")] == 3
    frame = batch_frame("commission-free", counts, bets=["banker"])
    assert (frame["banker_numerator"][0], frame["banker_denominator"][0]) == (
        -284694798368, 19524993263685)


@pytest.mark.parametrize("content, message", [
    ("removed\n9D\nZZ\n", "row 1: column 'removed'"),
    ("removed\n" + "9D " * 9 + "\n", "row 0: column 'removed': cannot remove 9D"),
    ("colour\nred\n", "unknown column 'colour'"),
    ("removed\n", "holds no shoes"),
])
def test_a_bad_row_is_named(tmp_path: Path, content: str, message: str) -> None:
    path = tmp_path / "shoes.csv"
    path.write_text(content)
    with pytest.raises(BatchError, match=message):
        read_shoes(path, [8] * 52)


def test_a_negative_count_is_named(tmp_path: Path) -> None:
    path = tmp_path / "shoes.csv"
    header = ",".join(DECK)
    good = ",".join(["8"] * 52)
    bad = ",".join(["8"] * 51 + ["-1"])
    path.write_text(f"{header}\n{good}\n{bad}\n")
    with pytest.raises(BatchError, match="row 1: column 'KC'"):
        read_shoes(path, [8] * 52)


def test_rows_past_the_first_chunk_keep_their_number() -> None:
    counts = np.full((2100, 52), 8)
    counts[2050] = 0
    with pytest.raises(BatchError, match="^row 2050: a shoe of 0 cards"):
        batch_frame("rock-bac", counts, bets=["banker"])


# --- the command ------------------------------------------------------------------------

def test_batch_command_writes_one_row_per_shoe(tmp_path: Path) -> None:
    from click.testing import CliRunner

    from exact_odds.cli import main

    shoes = tmp_path / "shoes.csv"
    pl.DataFrame({"removed": REMOVED}).write_csv(shoes)
    out = tmp_path / "values.csv"
    # one process (--workers 1): what runs the ranges is tests/test_batch_stream.py's matter
    result = CliRunner().invoke(main, ["batch", "rock-bac", str(shoes), "--bet", "banker",
                                       "--workers", "1", "--output", str(out)])
    assert result.exit_code == 0, result.output
    rows = pl.read_csv(out, infer_schema=False)
    # the inputs first, as every command's CSV, then one row per shoe
    assert rows.columns[-3:] == ["shoe", "cards", "banker"]
    assert set(rows["game"]) == {"rock-bac"} and set(rows["shoes_file"]) == {str(shoes)}
    assert set(rows["exact_odds_version"]) == {exact_odds.__version__}
    assert [Fraction(v) for v in rows["banker"]] == [_expected(r, "banker") for r in REMOVED]
    parquet = tmp_path / "values.parquet"
    result = CliRunner().invoke(main, ["batch", "rock-bac", str(shoes), "--format", "parquet",
                                       "--bet", "tie", "--workers", "1", "--output", str(parquet)])
    assert result.exit_code == 0, result.output
    exact = pl.read_parquet(parquet)
    assert Fraction(exact["tie_numerator"][1], exact["tie_denominator"][1]) == _expected(
        REMOVED[1], "tie")
    assert json.loads(pl.read_parquet_metadata(parquet)["exact-odds"])["game"] == "rock-bac"


@pytest.mark.parametrize("args, message", [
    (["--bet", "nope"], "no bet 'nope'"),
    (["--format", "parquet"], "give --output"),
])
def test_batch_command_bad_input_is_one_line(tmp_path: Path, args: list[str], message: str
                                             ) -> None:
    """The one line goes to standard error, nothing to standard output. Run in this process
    (clirun.run keeps the two streams apart), not as a new process: the refusal is the
    command's."""
    shoes = tmp_path / "shoes.csv"
    shoes.write_text("removed\n9D\nXX\n")
    for extra, expect in ((args, message), ([], "row 1: column 'removed'")):
        result = run("batch", "rock-bac", str(shoes), *extra)
        one_error_line(result, expect)
        assert result.stdout == "" and result.stderr.startswith("Error: ")


# --- one reader: the same column types in every format ---------------------------------------

def _write_counts(path: Path, rows: list[dict[str, object]]) -> None:
    """Write rows of counts as the file's format types them (CSV: text)."""
    if path.suffix == ".csv":
        path.write_text(",".join(DECK) + "\n" + "\n".join(
            ",".join(str(row[c]) for c in DECK) for row in rows) + "\n")
    elif path.suffix == ".jsonl":
        path.write_text("\n".join(json.dumps(row) for row in rows) + "\n")
    else:
        pl.DataFrame(rows).write_parquet(path)


@pytest.mark.parametrize("suffix", [".csv", ".jsonl", ".parquet"])
def test_counts_read_alike_in_every_format(tmp_path: Path, suffix: str) -> None:
    rows: list[dict[str, object]] = [dict.fromkeys(DECK, 8), {**dict.fromkeys(DECK, 4), "9D": 0}]
    path = tmp_path / f"shoes{suffix}"
    _write_counts(path, rows)
    counts = read_shoes(path, [8] * 52)
    assert counts.tolist() == [[row[c] for c in DECK] for row in rows]


# a count that is not a whole number from 0 to 1,000,000, as each format can hold it
_BAD_COUNTS = {
    ".csv": ["8.7", "8.0", "true", "[1]", "-1", "1000001", "x", " 8", "8 ", "+8", "\u0668"],
    ".jsonl": [8.7, 8.0, True, [1], "8", -1, 1_000_001, None],
    ".parquet": [8.7, 8.0, True, [1], "8", -1, 1_000_001],
}


@pytest.mark.parametrize("suffix, bad", [(s, b) for s, values in _BAD_COUNTS.items()
                                         for b in values])
def test_a_count_must_be_a_whole_number_in_every_format(tmp_path: Path, suffix: str,
                                                        bad: object) -> None:
    rows: list[dict[str, object]] = [dict.fromkeys(DECK, 8), {**dict.fromkeys(DECK, 8),
                                                              "KC": bad}]
    path = tmp_path / f"shoes{suffix}"
    if suffix == ".parquet":  # a Parquet column has one type: the whole column is bad
        pl.DataFrame({**{c: [8, 8] for c in DECK}, "KC": [bad, bad]}).write_parquet(path)
        where = "row 0: column 'KC'"
    else:
        _write_counts(path, rows)
        where = "row 1: column 'KC'"
    with pytest.raises(BatchError) as caught:
        read_shoes(path, [8] * 52)
    message = str(caught.value)
    assert message.startswith(str(path)) and where in message and "whole number" in message
    assert "\n" not in message


@pytest.mark.parametrize("suffix, value", [(".jsonl", ["9D", "KS"]), (".jsonl", 9),
                                           (".parquet", ["9D", "KS"]), (".jsonl", True)])
def test_removed_must_be_text_in_every_format(tmp_path: Path, suffix: str, value: object
                                              ) -> None:
    path = tmp_path / f"shoes{suffix}"
    if suffix == ".jsonl":
        path.write_text(json.dumps({"removed": "9D"}) + "\n" + json.dumps({"removed": value}))
        where = "row 1: column 'removed'"
    else:
        pl.DataFrame({"removed": [value, value]}).write_parquet(path)
        where = "row 0: column 'removed'"
    with pytest.raises(BatchError, match=where + ": the cards removed are text"):
        read_shoes(path, [8] * 52)


@pytest.mark.parametrize("suffix, value", [(".jsonl", None), (".parquet", None),
                                           (".jsonl", "missing")])
def test_a_null_removed_cell_is_refused_not_read_as_none_removed(tmp_path: Path, suffix: str,
                                                                 value: object) -> None:
    """Issue 44, item 7: a null ``removed`` cell in Parquet was read as "no cards removed"
    (a full shoe). In JSON Lines and Parquet, where null and text differ, it is refused,
    naming the row; "" is a shoe with no card removed (CSV writes both as an empty cell)."""
    path = tmp_path / f"shoes{suffix}"
    if suffix == ".jsonl":
        last = {} if value == "missing" else {"removed": value}
        path.write_text("\n".join(json.dumps(row) for row in (
            {"removed": "9D"}, {"removed": ""}, last)) + "\n")
    else:
        pl.DataFrame({"removed": ["9D", "", value]}, schema={"removed": pl.String}
                     ).write_parquet(path)
    with pytest.raises(BatchError, match=r"shoes\.\w+: row 2: column 'removed': no value \(null\)"):
        read_shoes(path, [8] * 52)
    one_error_line(run("batch", "rock-bac", str(path), "--bet", "tie", "--workers", "1"),
                   str(path), "row 2", "no value")


@pytest.mark.parametrize("suffix, cards", [(".csv", 5), (".jsonl", 0), (".parquet", 3)])
def test_a_shoe_too_small_to_count_names_its_file_and_row(tmp_path: Path, suffix: str,
                                                          cards: int) -> None:
    """Issue 44, item 7: a 0- or 5-card shoe's error in a batch did not name the file."""
    path = tmp_path / f"shoes{suffix}"
    _write_counts(path, [dict.fromkeys(DECK, 8), {**dict.fromkeys(DECK, 0), "9D": cards}])
    one_error_line(run("batch", "rock-bac", str(path), "--bet", "tie", "--workers", "1"),
                   f"{path}: row 1: a shoe of {cards} cards cannot be counted")


@pytest.mark.parametrize("fmt", ["text", "csv"])
def test_a_file_of_one_endless_line_is_refused_before_it_is_held(tmp_path: Path, fmt: str
                                                                 ) -> None:
    """Found by issue 44's hunt: a 2 GB shoes file of one line (here sparse, all NULs) took
    18 s and 4 GB before its refusal for text (its first rows were read before its size
    was looked at) and 4 GB for csv (the header read whole). Refused by its size before a
    byte is read, or by its header's length."""
    path = tmp_path / "shoes.csv"
    with path.open("wb") as handle:
        handle.truncate(2_000_000_000)
    needle = ("the file has 2,000,000,000 bytes" if fmt == "text"
              else "the first line has more than 3,328 bytes")
    one_error_line(run("batch", "rock-bac", str(path), "--format", fmt, "--workers", "1"),
                   str(path), needle)


def test_a_json_line_longer_than_any_shoes_is_refused_as_it_is_read(tmp_path: Path,
                                                                    monkeypatch) -> None:
    """Found by issue 44's hunt: JSON Lines were read a whole line at a time, however long
    (a 2 GB line, 4 GB). A line past the longest any shoe needs is refused, naming its row,
    when that much has been read (the bound made small here)."""
    from exact_odds.batch import shoes_file

    monkeypatch.setattr(shoes_file, "MOST_LINE_BYTES", 1000)
    path = tmp_path / "shoes.jsonl"
    path.write_text(json.dumps({"removed": "9D"}) + "\n" + json.dumps({"removed": "9D " * 400}))
    with pytest.raises(BatchError, match=r"shoes.jsonl: row 1: a line of more than 1,000 bytes"):
        read_shoes(path, [8] * 52)


def test_a_shoes_file_is_bounded_before_it_is_read(tmp_path: Path, monkeypatch) -> None:
    from exact_odds.batch import shoes_file

    path = tmp_path / "shoes.csv"
    path.write_text("removed\n9D\nKS\n")
    monkeypatch.setattr(shoes_file, "MAX_SHOES_BYTES", 10)
    with pytest.raises(BatchError, match=r"shoes.csv: the file has 14 bytes; a shoes file may "
                                         r"have at most 10"):
        read_shoes(path, [8] * 52)


@pytest.mark.parametrize("suffix", [".csv", ".jsonl", ".parquet"])
def test_a_shoes_file_holds_at_most_max_shoes(tmp_path: Path, monkeypatch, suffix: str
                                               ) -> None:
    from exact_odds.batch import shoes_file

    path = tmp_path / f"shoes{suffix}"
    frame = pl.DataFrame({"removed": ["9D", "KS", "", "AS"]})
    {".csv": frame.write_csv, ".jsonl": frame.write_ndjson,
     ".parquet": frame.write_parquet}[suffix](path)
    assert len(read_shoes(path, [8] * 52)) == 4
    monkeypatch.setattr(shoes_file, "MAX_FILE_SHOES", 2)
    with pytest.raises(BatchError, match="a shoes file may hold at most 2"):
        read_shoes(path, [8] * 52)


def test_a_shoes_file_must_be_a_regular_file(tmp_path: Path) -> None:
    import os

    fifo = tmp_path / "shoes.csv"
    os.mkfifo(fifo)
    with pytest.raises(BatchError, match="not a regular file"):
        read_shoes(fifo, [8] * 52)


def test_a_removed_cell_too_long_for_the_shoe_is_refused_by_its_length(tmp_path):
    """Found by issue 31's hunt of streamed batches: one line of 20 MB of '9D ' was split
    card by card (about 800 MB) before it was refused. A cell longer than a list of the
    full shoe's cards can take is refused by its length first, naming its row."""
    from clirun import run

    path = tmp_path / "shoes.csv"
    path.write_text("removed\n9D KS\n" + "9D " * 40_000 + "\n", encoding="utf-8")
    one_error_line(run("batch", "commission-free", str(path)),
                   "shoes.csv: row 1: column 'removed': 120,000 bytes")


@pytest.mark.parametrize("cells, read", [
    (["", "9D KS 10H", "  as  ah 10h ", "", "1C tD", "QS"], True),
    (["9D\tKS"], False),  # a tab: the general reading splits it
    (["9D,KS"], False),  # a comma too
    (["10HH"], False),  # four characters
    (["ZZ"], False),  # not a card: the general reading names the row
    (["9D " * 33], False),  # more nines of diamonds than eight decks hold
    (["9D"], True), (["", "AS"], True), (["", "2"], False),  # one or two bytes in all
    (["AS\nKS", "2H"], False),  # a quoted cell's own line break: not a row's end
])
def test_removed_cards_counted_from_bytes(cells: list[str], read: bool) -> None:
    """Issue 28: the usual ``removed`` cells are counted straight from their bytes, equal to
    reading them card by card; anything else is left to that reading."""
    from exact_odds.batch.shoes_file import _counted_bytes

    assert _fast_reading(_counted_bytes, cells) == read


def _fast_reading(reader: Callable[[list[str], list[int]], np.ndarray | None],
                  cells: list[str]) -> bool:
    """Whether a fast counting of ``removed`` cells takes ``cells`` (from eight decks);
    where it does, its counts are the general reading's, card by card."""
    from exact_odds.batch.shoes_file import _removed_row_by_row

    found = reader(cells, [8] * 52)
    if found is not None:
        assert (found == _removed_row_by_row(Path("s.csv"), cells, [8] * 52)).all(), cells
    return found is not None


def test_removed_cards_from_bytes_agree_with_the_general_reading_on_random_cells() -> None:
    """Issue 28: on random cells of card names, spaces, line breaks, tabs and stray
    letters (short chunks among them), the bytes' counting either steps aside or gives what
    the general reading gives, and never fails on its own."""
    import random

    from exact_odds.batch.shoes_file import _counted_bytes, _removed_row_by_row

    rng = random.Random(28)
    pieces = ["AS", "10h", "td", "9D", "kc", "Q", " ", "  ", "\n", "\t", "Z", "1", "0", "AH "]
    accepted = 0
    for _ in range(3_000):
        cells = ["".join(rng.choices(pieces, k=rng.randrange(0, 4)))
                 for _ in range(rng.randrange(1, 4))]
        found = _counted_bytes(cells, [8] * 52)
        if found is not None:
            accepted += 1
            assert (found == _removed_row_by_row(Path("s.csv"), cells, [8] * 52)).all(), cells
    assert accepted > 300  # the fast reading is tried, not always stepped aside


@pytest.mark.parametrize("cells, read", [
    (["", "9D KS td", "", "as ah", "QS"], True),
    (["9D KS 10H"], False),  # a name of three characters: the bytes' reading takes it
    (["9D  KS"], False), ([" 9D"], False), (["9D "], False),  # a space more
    (["9D\tKS"], False), (["ZZ"], False), (["1C 9d"], True),  # "1C": the ace of clubs
    (["AS\nKS", "2H"], False),  # a quoted cell's own line break
    (["9D " * 8 + "9D"], False),  # a ninth nine of diamonds from eight decks
    ([""], True), (["", ""], True),
])
def test_removed_cards_counted_as_pairs(cells: list[str], read: bool) -> None:
    """Issue 43: the most usual cells (names of two characters, one space between) are
    counted three bytes a card, equal to reading them card by card; anything else is left
    to the bytes' reading."""
    from exact_odds.batch.shoes_file import _counted_pairs

    assert _fast_reading(_counted_pairs, cells) == read


def test_removed_cards_as_pairs_agree_with_the_general_reading_on_random_cells() -> None:
    """Issue 43: random cells of mostly two-character names (with stray spaces, longer
    names, line breaks and letters among them): the pairs' counting either steps aside or
    gives what the general reading gives."""
    import random

    from exact_odds.batch.shoes_file import _counted_pairs

    rng = random.Random(43)
    names = ["AS", "td", "9D", "kc", "QH", "2c", "Th", "jS"]
    odd = [" ", "10h", "\n", "Z", "1", "Q", "\t", "9DD"]
    accepted = 0
    for _ in range(2_000):
        cells = [" ".join(rng.choices(names + (odd if rng.random() < 0.2 else []),
                                      k=rng.randrange(0, 12)))
                 for _ in range(rng.randrange(1, 5))]
        accepted += _fast_reading(_counted_pairs, cells)
    assert accepted > 1_000
