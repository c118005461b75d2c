"""Batches at scale (issue 28): shoes files streamed in ranges, on one or two local workers
or a Dask cluster, the same bytes whatever runs them; the fast exact sums on both kernels
(numpy, and numba, the program's compiled kernel), equal to the report; and the
batch's messages and bounds of issue 31 (findings 2 and 5)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from decimal import Decimal
from fractions import Fraction
from functools import cache
from pathlib import Path

import numpy as np
import polars as pl
import pytest
from cluster import local_cluster

from exact_odds.analysis.report import game_report
from exact_odds.batch import shoes_file as shoes_module
from exact_odds.batch import sums
from exact_odds.batch.evaluator import BatchEvaluator
from exact_odds.batch.report import batch_report
from exact_odds.batch.result import BatchError
from exact_odds.batch.run import write_batch
from exact_odds.batch.shoes_file import read_shoes
from exact_odds.cards import DECK
from exact_odds.games.loader import builtin_games, load_game
from exact_odds.render import render
from exact_odds.shoe import Shoe


def _removed(count: int, seed: int = 4, most: int = 300) -> list[str]:
    rng = np.random.default_rng(seed)
    deck = np.repeat(np.array(DECK), 8)
    return [" ".join(rng.permutation(deck)[: int(rng.integers(0, most))]) for _ in range(count)]


@pytest.fixture
def shoes_file(tmp_path: Path) -> Path:
    path = tmp_path / "shoes.csv"
    pl.DataFrame({"removed": _removed(23)}).write_csv(path)
    return path


@pytest.fixture(params=["numpy", "numba"])
def kernel(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> str:
    """Each test run on both kernels of the exact sums (numba skipped where absent)."""
    if request.param == "numba":
        pytest.importorskip("numba", reason="numba cannot be installed here")
        monkeypatch.setattr(sums, "_KERNEL", [])
        monkeypatch.delenv("EXACT_ODDS_KERNEL", raising=False)
    else:
        monkeypatch.setattr(sums, "_KERNEL", [None])
    assert sums.kernel_name() == request.param
    return str(request.param)


# --- exact on both kernels --------------------------------------------------------------------

def _random_rows(game: str, count: int, seed: int) -> np.ndarray:
    full = np.array(load_game(game).shoe(None, None, ()).counts)
    rng = np.random.default_rng(seed)
    rows = np.tile(full, (count, 1))
    for row in rows:  # up to 300 cards gone, and at least 20 left (a one-deck game's shoe)
        most = min(300, int(full.sum()) - 20)
        gone = rng.choice(int(full.sum()), int(rng.integers(0, most)), replace=False)
        np.subtract.at(row, np.repeat(np.arange(52), full)[gone], 1)
    return rows


#: Small shoes, whose every round tests/bruteforce.py deals card by card (tests/
#: test_settlement.py holds the report equal to it there).
SMALL = [{"2S": 2, "5S": 2, "7H": 2, "KD": 2, "9D": 2},
         {"7H": 2, "7S": 1, "KD": 1, "QC": 1, "JH": 1, "TS": 1, "AC": 2, "9H": 1, "5S": 1}]


@pytest.mark.parametrize("game", builtin_games())
def test_every_value_equals_the_report_on_both_kernels(game: str, kernel: str) -> None:
    """Sampled shoes of every built-in game, and small shoes, through the top-degree sums."""
    rows = np.vstack([_random_rows(game, 3, seed=len(game)),
                      [Shoe.from_counts(c).counts for c in SMALL]])
    evaluator = _evaluator(game)
    result = evaluator.evaluate(rows)
    if load_game(game).strategy not in ("optimal", "equilibrium"):  # a play chosen per shoe
        assert any(g.top_sums(int(rows.sum(axis=1).max())) for g in evaluator.plan.groups)
    for row, counts in enumerate(rows):
        values = _reported(game, tuple(int(c) for c in counts))
        assert values  # every bet of the game
        for bet, value in values.items():
            assert result.fraction(bet, row) == value, (game, row, bet)


@cache
def _evaluator(game: str) -> BatchEvaluator:
    """One evaluator (its compiled plan) per game for both kernels: the kernel is chosen
    when the sums are evaluated, not when the plan is built."""
    return BatchEvaluator(game)


@cache
def _reported(game: str, counts: tuple[int, ...]) -> dict[str, Fraction]:
    """Each bet's expected value on one shoe by the report (game_report): computed once for
    both kernels, which must each equal it."""
    return {bet.id: bet.expected_value for bet in game_report(game, shoe=Shoe(counts)).bets}


def test_the_folded_coefficients_hold_their_bound() -> None:
    """|W_K| <= max_net * multinomial(K) (checked when folded), and a block of shoes takes
    the int64 sums only while max_net * falling(N, 6) fits: 8 decks do, 1,450 cards do not
    for the largest pays."""
    from exact_odds.engine.plan import INT64_MAX, falling

    evaluator = BatchEvaluator("rock-bac")
    evaluator.evaluate(Shoe.from_decks(8).counts)
    group = evaluator.plan.groups[0]
    folded = group.top_sums(416)
    assert folded is not None and folded.coefficients.shape[1] == 5005  # C(14, 6)
    largest = max(b.max_net for b in group.bets)
    assert folded.fits(416) == (largest * falling(416, 6) <= INT64_MAX)
    assert not folded.fits(1451)


def test_the_split_sums_hold_their_bound() -> None:
    """Issue 28: the float64 sums split each top monomial at bit b so that S * 2**b <= 2**53
    (S the largest sum of |W_K| of a bet); 8 decks (ten-value class of 128) take them, a
    class of 457 cards (457**6 > 2**53) does not."""
    evaluator = BatchEvaluator("rock-bac")
    evaluator.evaluate(Shoe.from_decks(8).counts)
    folded = evaluator.plan.groups[0].top_sums(416)
    assert folded is not None
    assert folded.spread == max(int(np.abs(row).sum()) for row in folded.coefficients)
    assert folded.spread * 2**folded.split <= sums.FLOAT_EXACT < folded.spread * 2**(folded.split + 1)
    assert folded.splits(456) and 456**6 <= sums.FLOAT_EXACT < 457**6
    assert not folded.splits(457)


@pytest.mark.parametrize("horner", [True, False])
def test_the_int64_kernel_beyond_the_split(kernel: str, horner: bool,
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    """Shoes whose largest class passes the split sums' bound (480 tens) but whose sums fit
    int64 (Player and Banker: max_net 2) take the Horner sums (a cut degree exists for
    them), or, for more bets than those take, the int64 kernel: equal to the report."""
    if not horner:
        monkeypatch.setattr(sums, "HORNER_BETS", 0)
    rows = np.full((2, 52), 8, dtype=np.int64)
    rows[:, [i for i, card in enumerate(DECK) if card[0] in "TJQK"]] = 30
    rows[1, 0] = 3
    evaluator = BatchEvaluator("rock-bac", bets=["player", "banker"])
    result = evaluator.evaluate(rows)
    group = evaluator.plan.groups[0]
    folded = group.top_sums(int(rows.sum(axis=1).max()))
    assert folded is not None and not folded.splits(480)
    assert (folded.cut(480) is not None) == horner
    for row, counts in enumerate(rows):
        report = game_report("rock-bac", shoe=Shoe(tuple(int(c) for c in counts)),
                             bets=("player", "banker"))
        for bet in report.bets:
            assert result.fraction(bet.id, row) == bet.expected_value, (row, bet.id)


def test_both_kernels_agree_on_many_shoes(monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("numba", reason="numba cannot be installed here")
    rows = _random_rows("rock-bac", 300, seed=9)
    found = {}
    for name in ("numpy", "numba"):
        monkeypatch.setattr(sums, "_KERNEL", [None] if name == "numpy" else [])
        result = BatchEvaluator("rock-bac").evaluate(rows)
        found[name] = {b: result.fractions(b) for b in result.bet_ids}
    assert found["numpy"] == found["numba"]


@pytest.mark.parametrize("horner", [True, False])
@pytest.mark.parametrize("count", [1, 2, 3, 4, 5])
def test_both_kernels_agree_for_every_number_of_bets(count: int, horner: bool,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """The split sums take four bets at a time, the last one to three at their own width
    (none of the padding's products), the Horner sums one bet after another: one to five of
    rock-bac's bets, on shoes from full to 20 cards left, equal on both kernels."""
    pytest.importorskip("numba", reason="numba cannot be installed here")
    if not horner:
        monkeypatch.setattr(sums, "HORNER_BETS", 0)
    bets = ["super-six", "player", "banker", "tie", "player-dragon-bonus"][:count]
    rows = np.vstack([_random_rows("rock-bac", 40, seed=count),
                      [Shoe.from_counts(c).counts for c in SMALL]])
    found = {}
    for name in ("numpy", "numba"):
        monkeypatch.setattr(sums, "_KERNEL", [None] if name == "numpy" else [])
        evaluator = BatchEvaluator("rock-bac", bets=bets)
        result = evaluator.evaluate(rows)
        folded = evaluator.plan.groups[0].top_sums(int(rows.sum(axis=1).max()))
        largest = int((rows @ evaluator.plan.groups[0].to_classes).max())
        assert folded is not None and folded.splits(largest)
        assert (folded.cut(largest) is not None) == horner
        found[name] = {b: result.fractions(b) for b in result.bet_ids}
    assert found["numpy"] == found["numba"]


def _dragon_sums() -> tuple[BatchEvaluator, sums.TopSums]:
    evaluator = BatchEvaluator("ez-baccarat", bets=["dragon-7"])
    evaluator.evaluate(np.array([Shoe.from_decks(8).counts]))
    folded = evaluator.plan.groups[0].top_sums(416)
    assert folded is not None
    return evaluator, folded


def test_the_horner_sums_hold_their_bound() -> None:
    """Issue 43: the Horner sums are cut at the lowest degree d from 1 to t - 1 where
    S * max(m, t - 1)**(t - d) <= 2**53: d = 2 for the dragon bet (S of 20 bits) on eight
    decks (128 tens), since 2**20 * 128**5 passes 2**53; more bets than HORNER_BETS (rock-bac's
    seven) take the split sums."""
    _, folded = _dragon_sums()
    assert folded.top == 6 and folded.spread.bit_length() == 20
    for largest in (0, 5, 6, 40, 128, 456, 2000):
        factor = max(largest, 5)
        fitting = [d for d in range(1, 6) if folded.spread * factor**(6 - d) <= sums.FLOAT_EXACT]
        assert folded.cut(largest) == (fitting[0] if fitting else None), largest
    assert folded.cut(128) == 2 and folded.spread * 128**5 > sums.FLOAT_EXACT
    evaluator = BatchEvaluator("rock-bac")
    evaluator.evaluate(np.array([Shoe.from_decks(8).counts]))
    several = evaluator.plan.groups[0].top_sums(416)
    assert several is not None and len(several.bet_ids) > sums.HORNER_BETS
    assert several.horner is None and several.cut(128) is None


@pytest.mark.parametrize(("game", "bets"), [("ez-baccarat", ["dragon-7"]),
                                            ("ez-baccarat", None), ("21st-century", None),
                                            ("dragon-tiger", None)])
def test_the_horner_sums_equal_the_numpy_sums_at_every_cut(game: str,
                                                           bets: list[str] | None) -> None:
    """The compiled Horner sums, at every cut degree from the lowest the bound admits to
    t - 1, equal numpy's integer matrix product of the same monomials, on 300 sampled shoes
    (two blocks of LANES shoes and a last one padded with empty shoes), the small shoes
    (classes outnumbered by a round's cards: factors below zero) and the empty shoe."""
    compiled = sums.kernel()
    if compiled is None:
        pytest.skip("numba cannot be installed here")
    evaluator = BatchEvaluator(game, bets=bets)
    rows = np.vstack([_random_rows(game, 300, seed=43),
                      [Shoe.from_counts(c).counts for c in SMALL], np.zeros((1, 52), np.int64)])
    evaluator.evaluate(rows[:-1])  # the plan (an empty shoe is refused there, not here)
    sizes = rows.sum(axis=1).astype(np.int64)
    tried = 0
    for group in evaluator.plan.groups:
        folded = group.top_sums(int(sizes.max()))
        if folded is None or folded.horner is None:
            continue
        counts = np.ascontiguousarray(rows @ group.to_classes, dtype=np.int64)
        expected = folded._numpy(counts, sizes)
        lowest = folded.cut(int(counts.max()))
        assert lowest is not None
        for cut in range(lowest, folded.top):
            lower, closes, node = folded.horner.cuts[cut - 1]
            found = np.full_like(expected, -1)
            compiled.horner(counts, lower, folded.held, folded.top, cut, folded.horner.codes,
                            closes, node, folded.horner.coefficients, found)
            assert (found == expected).all(), (game, cut)
            tried += 1
    assert tried


def test_class_counts_are_the_partition_matrix_product() -> None:
    """Issue 43: a shoe's class counts are summed from each class's columns: equal to the
    product by the partition matrix, for point values, for ranks, for a partition that
    leaves cards out and for one with a class of no card (the product then)."""
    from exact_odds.batch.monomials import class_counts, partition_matrix

    rows = _random_rows("rock-bac", 30, seed=43)
    values = tuple(tuple(c for c in DECK if c[0] == r) for r in "A23456789")
    partitions = [(*values, tuple(c for c in DECK if c[0] in "TJQK")),
                  tuple(tuple(c for c in DECK if c[0] == r) for r in "A23456789TJQK"),
                  values[:3] + (("KS", "QH"),), values + ((),)]
    for partition in partitions:
        matrix = partition_matrix(partition)
        assert (class_counts(rows, matrix) == rows @ matrix).all(), partition


# --- streamed, the same bytes whatever runs it ----------------------------------------------------

@pytest.mark.parametrize("dtype", ["Int64", "Int128"])
def test_the_column_wise_exact_text_is_the_exact_text(dtype: str) -> None:
    """A streamed CSV writes its fractions column-wise (``exact_text_column``): the same text
    as ``exact_texts``, for 64- and 128-bit columns, whole numbers and signs."""
    from exact_odds.render.inputs import exact_text_column, exact_texts

    big = 2**100 + 7 if dtype == "Int128" else 2**62 + 7
    numerators = [-3, 0, 5, -big, big, 1, -1]
    denominators = [7, 1, 1, 3, big + 2, 1, 2]
    frame = pl.DataFrame({"n": numerators, "d": denominators},
                         schema={"n": getattr(pl, dtype), "d": getattr(pl, dtype)})
    found = frame.select(exact_text_column("n", "d").alias("text"))["text"].to_list()
    assert found == exact_texts(numerators, denominators)


@pytest.mark.parametrize("fmt", ["csv", "json"])
def test_the_streamed_file_is_the_whole_result_in_parts(
        shoes_file: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, fmt: str) -> None:
    """Ranges of 5 shoes written as they come equal the result rendered whole."""
    whole = render(batch_report("rock-bac", shoes_file), fmt)
    monkeypatch.setattr(shoes_module.column_chunks, "__defaults__", (5,))
    out = tmp_path / f"values.{fmt}"
    write_batch("rock-bac", shoes_file, out, fmt, workers=1)
    assert out.read_text() == whole


def _run(shoes_file: Path, out: Path, fmt: str, **where: object) -> bytes:
    write_batch("rock-bac", shoes_file, out, fmt, bets=["banker", "blazing-sevens"], **where)
    data = out.read_bytes()
    out.unlink()
    return data


@pytest.fixture(scope="module")
def scheduler() -> Iterator[str]:
    """The address of a Dask LocalCluster (loopback, one in-process worker, two threads),
    started once for the file's tests: what they test is where the ranges run, not the
    cluster's start."""
    with local_cluster() as cluster:
        yield cluster.scheduler_address


@pytest.mark.parametrize("fmt", ["csv", "json", "parquet"])
def test_one_worker_two_workers_and_dask_write_the_same_bytes(
        shoes_file: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, fmt: str,
        scheduler: str) -> None:
    monkeypatch.setattr(shoes_module.column_chunks, "__defaults__", (4,))  # six ranges
    out = tmp_path / f"values.{fmt}"
    one = _run(shoes_file, out, fmt, workers=1)
    assert _run(shoes_file, out, fmt, workers=2) == one
    assert _run(shoes_file, out, fmt, scheduler=scheduler) == one
    if fmt == "parquet":
        out.write_bytes(one)
        frame = pl.read_parquet(out)
        assert frame["shoe"].to_list() == list(range(23))
        expected = batch_report("rock-bac", shoes_file, bets=["banker"]).frame
        assert frame["banker_numerator"].to_list() == expected["banker_numerator"].to_list()
        assert json.loads(pl.read_parquet_metadata(out)["exact-odds"])["game"] == "rock-bac"


def test_a_file_past_the_whole_bound_streams(shoes_file: Path, tmp_path: Path,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    """No bound on the shoes of a streamed file; the formats for people hold the whole
    result and keep theirs, said before any work."""
    import exact_odds.limits

    monkeypatch.setattr(shoes_module, "MAX_FILE_SHOES", 10)  # the one limit, as the reader binds it
    monkeypatch.setattr(exact_odds.limits, "MAX_FILE_SHOES", 10)  # and as write_batch reads it
    out = tmp_path / "values.csv"
    write_batch("rock-bac", shoes_file, out, "csv", bets=["tie"], workers=1)
    assert len(pl.read_csv(out)) == 23
    with pytest.raises(BatchError, match="23 shoes; --format text holds the whole result, at "
                                         "most 10 shoes"):
        write_batch("rock-bac", shoes_file, tmp_path / "values.txt", "text", workers=1)
    assert not (tmp_path / "values.txt").exists()


@pytest.mark.parametrize("fmt", ["text", "markdown", "xlsx"])
def test_a_file_too_large_to_hold_whole_is_refused_by_its_true_size(tmp_path: Path,
                                                                    fmt: str) -> None:
    """Issue 44, item 6: a shoes file past 25 MB was refused for text, markdown or xlsx
    with a shoe count invented from its size ("686,403 shoes" for a 60,000-shoe file).
    The refusal says what is true: the file's bytes and the limit."""
    from clirun import one_error_line, run

    from exact_odds.limits import MAX_SHOES_BYTES

    path = tmp_path / "shoes.csv"  # 60,000 shoes of eight decks, each count in 8 digits
    with path.open("w", encoding="ascii") as handle:
        handle.write(",".join(DECK) + "\n" + (",".join(["00000008"] * 52) + "\n") * 60_000)
    size = path.stat().st_size
    assert size > MAX_SHOES_BYTES
    line = one_error_line(run("batch", "rock-bac", str(path), "--bet", "tie", "--workers", "1",
                              "--format", fmt, "-o", str(tmp_path / f"out.{fmt}")),
                          str(path), f"the file has {size:,} bytes",
                          f"at most {MAX_SHOES_BYTES:,} bytes", "csv, json or parquet")
    assert "shoes;" not in line and sorted(p.name for p in tmp_path.iterdir()) == ["shoes.csv"]


def test_a_bad_late_row_is_named_before_anything_is_written(tmp_path: Path,
                                                             monkeypatch: pytest.MonkeyPatch
                                                             ) -> None:
    monkeypatch.setattr(shoes_module.column_chunks, "__defaults__", (4,))
    path = tmp_path / "shoes.csv"
    path.write_text("removed\n" + "9D\n" * 10 + "ZZ\n")
    out = tmp_path / "values.csv"
    with pytest.raises(BatchError, match=r"shoes.csv: row 10: column 'removed': 'ZZ'"):
        write_batch("rock-bac", path, out, "csv", workers=1)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["shoes.csv"]


def test_a_file_too_large_to_check_first_is_replaced_only_whole(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Read once, its rows checked as they are evaluated: a bad row ends the run, named,
    and the old output stays as it was."""
    from exact_odds.batch import run

    monkeypatch.setattr(run, "CHECK_FIRST_BYTES", 10)
    monkeypatch.setattr(shoes_module, "CHUNK_ROWS", 4)
    monkeypatch.setattr(shoes_module.column_chunks, "__defaults__", (4,))
    path = tmp_path / "shoes.csv"
    path.write_text("removed\n" + "9D\n" * 10 + "ZZ\n")
    out = tmp_path / "values.csv"
    out.write_text("old\n")
    with pytest.raises(BatchError, match=r"shoes.csv: row 10: column 'removed': 'ZZ'"):
        write_batch("rock-bac", path, out, "csv", workers=1)
    assert out.read_text() == "old\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["shoes.csv", "values.csv"]
    path.write_text("removed\n" + "9D\n" * 10)
    write_batch("rock-bac", path, out, "csv", bets=["tie"], workers=1)
    assert len(pl.read_csv(out)) == 10


def test_an_interrupt_leaves_the_old_file(shoes_file: Path, tmp_path: Path,
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    """Ctrl-C in the middle of the ranges: the old output stays whole, no part is left."""
    from exact_odds.batch import run

    monkeypatch.setattr(shoes_module.column_chunks, "__defaults__", (4,))
    out = tmp_path / "values.csv"
    out.write_text("old\n")
    calls = []
    real = run.evaluate_range

    def interrupted(plan: run.BatchPlan, first: int, chunk: shoes_module.Chunk) -> object:
        calls.append(first)
        if len(calls) == 3:
            raise KeyboardInterrupt
        return real(plan, first, chunk)

    monkeypatch.setattr(run, "evaluate_range", interrupted)
    with pytest.raises(KeyboardInterrupt):
        write_batch("rock-bac", shoes_file, out, "csv", workers=1)
    assert out.read_text() == "old\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["shoes.csv", "values.csv"]


def test_the_command_takes_workers_and_refuses_both(shoes_file: Path, tmp_path: Path) -> None:
    from click.testing import CliRunner

    from exact_odds.cli import main

    out = tmp_path / "values.csv"
    ran = CliRunner().invoke(main, ["batch", "rock-bac", str(shoes_file), "--workers", "1",
                                    "--bet", "tie", "-o", str(out)])
    assert ran.exit_code == 0, ran.output
    assert len(pl.read_csv(out)) == 23
    for args, message in ((["--workers", "0"], "--workers"),
                          (["--workers", "2", "--scheduler", "127.0.0.1:1"], "not both")):
        ran = CliRunner().invoke(main, ["batch", "rock-bac", str(shoes_file), *args])
        assert ran.exit_code != 0 and message in ran.output


# --- issue 31, findings 2 and 5 ---------------------------------------------------------------------

@pytest.mark.parametrize("count, shown", [(2**62, "4,611,686,018,427,387,904"),
                                          (2**70, "1,180,591,620,717,411,303,424")])
def test_a_count_past_the_limit_is_refused_before_any_sum(count: int, shown: str) -> None:
    """Finding 2: four aces of 2**62 wrapped in int64 into a plausible answer; 2**70 ended
    in an internal OverflowError. Each count is checked against MAX_DECKS first."""
    rows = np.full((2, 52), 8, dtype=object)
    rows[1, :4] = count
    if count < 2**63:
        rows = rows.astype(np.int64)
    with pytest.raises(BatchError, match=f"row 1: the count of AS is {shown}; a count is at "
                                         "most 1,000,000"):
        BatchEvaluator("rock-bac", bets=["tie"]).evaluate(rows)


def test_a_column_given_twice_is_said_so(tmp_path: Path) -> None:
    """Finding 5: it was reported as "unknown column 'AS_duplicated_0'"."""
    path = tmp_path / "shoes.csv"
    path.write_text(",".join([*DECK, "AS"]) + "\n" + ",".join(["8"] * 53) + "\n")
    with pytest.raises(BatchError, match="the column 'AS' is given twice"):
        read_shoes(path, [8] * 52)
    lines = tmp_path / "shoes.jsonl"
    lines.write_text('{"removed": "9D"}\n{"removed": "9D", "removed": "KS"}\n')
    with pytest.raises(BatchError, match="row 1: not a JSON object .the key 'removed' is given "
                                         "twice"):
        read_shoes(lines, [8] * 52)


def test_a_ragged_csv_row_is_named(tmp_path: Path) -> None:
    """Finding 5: a row with more cells than the header had no row number."""
    path = tmp_path / "shoes.csv"
    path.write_text("removed\n9D\nKS\n9H,KD\n")
    with pytest.raises(BatchError, match=r"shoes.csv: row 2: 2 cells where the header names 1 "
                                         "columns"):
        read_shoes(path, [8] * 52)


def test_parquet_decimal_counts(tmp_path: Path) -> None:
    """Finding 5: Decimal counts were refused as "got 8". A decimal with no places is an
    exact integer and is read; one with places is named as such."""
    path = tmp_path / "shoes.parquet"
    whole = {c: pl.Series(c, [Decimal(8), Decimal(7)], dtype=pl.Decimal(10, 0)) for c in DECK}
    pl.DataFrame(whole).write_parquet(path)
    assert read_shoes(path, [8] * 52).tolist() == [[8] * 52, [7] * 52]
    places = {**whole, "KC": pl.Series("KC", [Decimal("8.50"), Decimal(8)],
                                       dtype=pl.Decimal(10, 2))}
    pl.DataFrame(places).write_parquet(path)
    with pytest.raises(BatchError, match=r"row 0: column 'KC': a count is a whole number from 0 "
                                         r"to 1,000,000, got 8.50 \(a decimal with 2 places\)"):
        read_shoes(path, [8] * 52)
