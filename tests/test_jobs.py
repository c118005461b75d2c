"""One job, one dealing loop, one progress callback, one check of where work runs (issue 42,
item 3): the argument check builds one value (``game_job``: a ``Job``) that the report, a
batch, a simulation and a countability study take; one loop deals shoes and hands each round
to its consumer; progress is one optional callback everywhere."""

from __future__ import annotations

import inspect
from pathlib import Path

import numpy as np
import pytest
from source import calls

import exact_odds
from exact_odds.cards import RANKS
from exact_odds.errors import ExactOddsError

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "exact_odds"


@pytest.fixture(scope="module")
def job() -> exact_odds.Job:
    return exact_odds.game_job("rock-bac", bets=["tie", "super-six"], decks=1, cut_card=12,
                               burn="none", seed=5, dealt=True)


def test_one_job_is_taken_by_report_batch_simulate_and_countability(job, tmp_path):
    """The same inputs, checked once, give what each function gives from its own arguments."""
    from exact_odds.batch.report import batch_report

    arguments = {"bets": ["tie", "super-six"], "decks": 1}
    dealt = {**arguments, "burn": "none", "seed": 5}
    report = exact_odds.game_report(job)
    assert report.to_dict() == exact_odds.game_report("rock-bac", **arguments).to_dict()
    frame = exact_odds.batch_frame(job, [job.shoe.counts])
    assert frame.row(0, named=True)["tie_numerator"] == report.bet("tie").expected_value.numerator
    shoes = tmp_path / "shoes.csv"
    shoes.write_text("removed\n9D\n\n")
    assert batch_report(job, shoes).to_dict() == batch_report("rock-bac", shoes,
                                                              **arguments).to_dict()
    assert (exact_odds.simulate(job, 4).to_dict()
            == exact_odds.simulate("rock-bac", 4, cut_card=12, **dealt).to_dict())
    study = {"shoes": 2, "levels": [1], "cut_cards": [12]}
    assert (exact_odds.countability_report(job, **study).to_dict()
            == exact_odds.countability_report("rock-bac", **dealt, **study).to_dict())


def test_a_job_is_given_alone_and_dealt_only_where_shoes_are_dealt(job):
    with pytest.raises(ExactOddsError, match="^decks: give it to game_job, not beside a Job"):
        exact_odds.simulate(job, 2, decks=1)
    with pytest.raises(ExactOddsError, match="^seed: goes with shoes that are dealt"):
        exact_odds.game_job("rock-bac", seed=1)
    report_job = exact_odds.game_job("rock-bac", bets=["tie"], decks=1)
    assert report_job.seed is None
    summary = exact_odds.simulate(report_job, 2)  # dealt by the game file's procedure
    assert summary.header["seed"] is not None and summary.header["dealing"]["cut_card"] == 14
    # the optimal play is each shoe's own, decided before each round from its unseen cards
    optimal = exact_odds.simulate(exact_odds.game_job("21st-century", strategy="optimal"), 2)
    assert optimal.header["strategy"] == "optimal"


def test_every_computation_builds_its_inputs_with_the_one_check():
    """Before: six or seven records gathered a game's inputs (``Setup``, ``DealingPlan``,
    ``SimulationPlan``, ``BatchPlan``...), each from its own keyword arguments. Now each
    public function on a game calls ``game_job``, and no other module checks the game's
    arguments itself."""
    # the types of a two-game comparison's shared arguments, a BatchEvaluator built alone
    # and the explorer's widget are checked before any game is loaded
    assert calls("check_game_arguments") == [
        "exact_odds/analysis/compare.py", "exact_odds/analysis/job.py",
        "exact_odds/batch/evaluator.py", "exact_odds/explorer/widget.py"]
    assert calls("game_job") == [
        "exact_odds/analysis/checks.py", "exact_odds/analysis/report.py",
        "exact_odds/batch/report.py",
        "exact_odds/batch/shoes.py", "exact_odds/countability/study.py",
        "exact_odds/simulation/runner.py"]


def test_one_loop_deals_every_round_for_play_and_countability(job):
    """``countability/rounds.py`` restated ``simulation/play.py``'s dealing loop. Now one
    loop (``simulation.rounds.deal_rounds``) deals and values every round; perfect play,
    counts and flat betting, and countability's recorded rounds consume the same rounds."""
    from exact_odds.countability.recorded import record_rounds
    from exact_odds.simulation.play import FlatPlay, SimulationPlan, play_shoes

    assert calls("ShoesInPlay") == ["exact_odds/simulation/rounds.py"]
    assert calls("deal_round") == ["exact_odds/simulation/rounds.py"]
    recorded = record_rounds(job, 3, 4)
    played = play_shoes(SimulationPlan(job, FlatPlay(), trace=True), 3, 4)
    trace = played.trace.sort(["shoe", "round"], maintain_order=True)
    order = np.argsort(recorded.shoe, kind="stable")
    assert trace["shoe"].to_list() == recorded.shoe[order].tolist()
    assert int(played.rounds.sum()) == len(recorded.shoe)
    unseen = np.asarray(trace["unseen"].to_list()).sum(axis=1)
    assert unseen.tolist() == recorded.unseen[order].tolist()
    # the cards seen by rank, each rank's column whole (Fortran order): with those unseen,
    # the whole shoe (no burn), and never fewer of a rank from one round to the next
    assert recorded.seen.flags.f_contiguous and recorded.seen.shape[1] == len(RANKS)
    assert (recorded.seen.sum(axis=1) + recorded.unseen == job.shoe.size).all()
    seen, shoe = recorded.seen[order], recorded.shoe[order]
    assert (np.diff(seen, axis=0)[shoe[1:] == shoe[:-1]] >= 0).all()
    for bet in job.bet_ids:
        ev = [float(eval(text)) for text in trace[f"{bet}_ev"].to_list()]  # "p/q"
        assert np.allclose(ev, recorded.ev[bet][order], rtol=0, atol=1e-15)
        units = [float(eval(text)) for text in trace[f"{bet}_units"].to_list()]
        assert units == recorded.result[bet][order].tolist()


PROGRESSING = ["simulate", "countability_report", "batch_frame", "batch_report",
               "write_batch"]


def _function(name: str):
    from exact_odds.batch.report import batch_report
    from exact_odds.batch.run import write_batch

    return {"batch_report": batch_report, "write_batch": write_batch}.get(
        name) or getattr(exact_odds, name)


@pytest.mark.parametrize("name", PROGRESSING)
def test_progress_is_one_optional_callback_everywhere(name, tmp_path):
    """Before: ``progress`` was a bool (a bar on the terminal) for ``simulate`` and
    ``countability_report`` and a callback for batches. Now every function that runs long
    work takes ``progress(done, total)`` or None, and tells it up to ``done == total``."""
    parameter = inspect.signature(_function(name)).parameters["progress"]
    assert parameter.default is None
    told: list[tuple[int, int]] = []

    def progress(done: int, total: int) -> None:
        told.append((done, total))

    shoes = tmp_path / "shoes.csv"
    shoes.write_text("removed\n9D\n\nKS 3H\n")
    call = {
        "simulate": lambda: exact_odds.simulate("rock-bac", 3, bets=["tie"], seed=1,
                                                progress=progress),
        "countability_report": lambda: exact_odds.countability_report(
            "rock-bac", bets=["tie"], shoes=2, levels=[1], seed=1, progress=progress),
        "batch_frame": lambda: exact_odds.batch_frame("rock-bac", [[8] * 52] * 3,
                                                      progress=progress),
        "batch_report": lambda: _function(name)("rock-bac", shoes, progress=progress),
        "write_batch": lambda: _function(name)("rock-bac", shoes, tmp_path / "out.csv", "csv",
                                               progress=progress),
    }[name]
    call()
    assert told and all(0 <= done <= total for done, total in told)
    assert [done for done, _ in told] == sorted(done for done, _ in told)
    assert told[-1][0] == told[-1][1]


def test_where_work_runs_is_checked_once():
    """The workers-or-scheduler check was written twice (the simulation's and the batch's);
    now ``running.ranges.where`` is the one, for every function that runs work."""
    from exact_odds.batch.run import write_batch

    texts = [path for path in sorted(PACKAGE.rglob("*.py"))
             if "(a Dask cluster), not both" in path.read_text(encoding="utf-8")]
    assert [str(p.relative_to(ROOT)) for p in texts] == ["exact_odds/running/ranges.py"]
    both = {"workers": 2, "scheduler": "127.0.0.1:1"}
    for call in (lambda: exact_odds.simulate("rock-bac", 2, **both),
                 lambda: exact_odds.countability_report("rock-bac", shoes=2, **both),
                 lambda: write_batch("rock-bac", ROOT / "tables" / "shoes" /
                                     "rock-bac-shoes.csv", None, "csv", **both)):
        with pytest.raises(ExactOddsError, match="^give workers .* or scheduler .*, not both$"):
            call()


def test_no_module_is_longer_than_600_lines():
    """Issue 42: ``countability/report.py`` was 983 lines doing seven jobs,
    ``batch/shoes.py`` 658 and ``games/conditions.py`` 615; each split by job."""
    long = {str(path.relative_to(ROOT)): n for path in sorted(PACKAGE.rglob("*.py"))
            if (n := len(path.read_text(encoding="utf-8").splitlines())) > 600}
    assert long == {}
