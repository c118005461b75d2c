"""Issue 32: counts given by hand, several bets on one count, bad input, money as written,
and a study bounded like ``simulate`` (its cost estimate, its processes, its widths)."""

from __future__ import annotations

import json
import os
from fractions import Fraction

import numpy as np
import pytest
from clirun import one_error_line, run

BASE = ["countability", "ez-baccarat", "--workers", "1", "--seed", "7"]


@pytest.mark.parametrize("args, words", [
    (["--tags", "X=1"], "unknown rank 'X'"),
    (["--tags", "A=1.5"], "whole number"),
    (["--tags", "A=1,A=2"], "rank A is given a tag twice"),
    (["--tags", "0=1,K=2"], "rank K is given a tag twice"),
    (["--tags", "eor"], "--tags"),
    (["--tags", "A=1,,2=1"], "--tags"),
    (["--tags", "A=1", "--label", "one", "--label", "two"], "--label"),
    (["--bet", "dragon-7", "--co-count"], "--co-count"),
    (["--co-count"], "--co-count"),
])
def test_a_malformed_count_or_a_co_count_of_one_bet_is_one_usage_error(args, words):
    """Before any work: one Error: line naming the option, exit 2."""
    one_error_line(run(*BASE, "--shoes", "5", *args), words, code=2)


@pytest.mark.parametrize("args, words", [
    (["--decks", "10000"], "--decks"),  # simulate refuses this shoe at once
    (["--shoes", "10000000", "--decks", "1000"], "--shoes"),
])
def test_a_study_beyond_simulates_limits_is_refused_before_any_work(args, words):
    import time

    start = time.perf_counter()
    shoes = [] if "--shoes" in args else ["--shoes", "5"]
    one_error_line(run(*BASE, "--bet", "dragon-7", *shoes, *args), words, code=1)
    assert time.perf_counter() - start < 10


def test_never_more_worker_processes_than_cores(monkeypatch):
    """``--workers 64`` with 5 shoes started 10 processes on a 2-core machine."""
    from exact_odds.countability.study import countability_report
    from exact_odds.running import pool
    from exact_odds.running.ranges import Where

    asked = []
    real = pool.run_ranges

    def counting(work, plan, shoe_ranges, place, **kwargs):
        asked.append(place.workers)
        return real(work, plan, shoe_ranges, Where(1), **kwargs)

    monkeypatch.setattr(pool, "run_ranges", counting)
    countability_report("ez-baccarat", bets=["dragon-7"], shoes=5, seed=1, levels=[1],
                        workers=64)
    assert asked and all(w <= (os.cpu_count() or 1) for w in asked)


def test_one_shoe_gives_no_standard_error_and_no_verdict():
    """``--shoes 1`` printed a standard error of 0 and called the bet countable."""
    result = run(*BASE, "--bet", "dragon-7", "--shoes", "1", "--levels", "1", "--format",
                 "json")
    assert result.exit_code == 0, result.output
    (bet,) = json.loads(result.output)["bets"]
    assert bet["perfect_play"]["units_per_shoe_se"] is None
    assert bet["verdict"].startswith("cannot tell from 1 shoe")


@pytest.mark.parametrize("amount, shown", [
    ("1e30", "1,000,000,000,000,000,000,000,000,000,000"),
    ("0.001", "0.001"), ("5000", "5,000"), ("2.5", "2.50"), ("1/3", "1/3")])
def test_money_is_printed_as_written(amount, shown):
    """``--max-bet 1e30`` printed as $1,000,000,000,000,000,019,884,624,838,656 (a float),
    ``0.001`` as a "$0.00 limit". Issue 42: one money format (``render.text.money_text``,
    the table's too), in no currency the inputs do not name."""
    from exact_odds.countability.inputs import parse_max_bet
    from exact_odds.render.text import money_text

    assert money_text(parse_max_bet(amount, "--max-bet")) == shown


def test_the_maximum_bet_heads_the_study_as_written():
    result = run(*BASE, "--bet", "dragon-7", "--shoes", "2", "--levels", "1", "--max-bet",
                 "1e30")
    assert result.exit_code == 0, result.output
    assert "Maximum bet: 1,000,000,000,000,000,000,000,000,000,000" in result.output


def test_a_given_count_is_measured_beside_the_derived_ones():
    """Jacobson's Dragon 7 count, given by hand: an entry of the bet's counts with its label
    and its level, its trigger found on the training shoes like the derived counts'."""
    tags = "4=-1,5=-1,6=-1,7=-1,8=2,9=2"
    result = run(*BASE, "--bet", "dragon-7", "--shoes", "40", "--levels", "2", "--tags", tags,
                 "--label", "Jacobson", "--tags", "A=1,0=-1", "--format", "json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    (bet,) = data["bets"]
    given = [c for c in bet["counts"] if c["label"] is not None]
    assert [c["label"] for c in given] == ["Jacobson", "A=1,0=-1"]
    assert given[0]["level"] == 2 and given[0]["balanced"] is True
    assert given[0]["tags"] == {**dict.fromkeys("A23TJQK", 0), **dict.fromkeys("4567", -1),
                                "8": 2, "9": 2}
    assert given[1]["level"] == 1 and given[1]["balanced"] is False
    derived = next(c for c in bet["counts"] if c["label"] is None and c["balanced"])
    # Jacobson's count is a level-2 count: the derived level 2 correlates at least as well
    assert derived["betting_correlation"] >= given[0]["betting_correlation"]
    assert data["given_counts"][0]["label"] == "Jacobson"


@pytest.mark.slow
def test_the_co_count_wins_at_least_the_better_single_count_and_perfect_play_bounds_it():
    """Dragon 7 and Panda 8 on one count: on the fresh shoes it wins at least as much as the
    better bet's own count (within 3 standard errors), and perfect play on both bets, which
    bets every round either bet favours the bettor, wins at least as much, shoe by shoe."""
    from exact_odds.countability.study import countability_report

    study = countability_report("ez-baccarat", bets=["dragon-7", "panda-8"], shoes=300,
                                seed=11, levels=[1, 2], co_count=True, workers=1,
                                keep_rounds=True)
    co = study.co_count
    assert co is not None and set(co.triggers) == {"dragon-7", "panda-8"}
    own = max((c for b in study.bets for c in b.depths[0].counts),
              key=lambda c: c.figures.units_per_shoe)
    se = (co.figures.units_per_shoe_se ** 2 + own.figures.units_per_shoe_se ** 2) ** 0.5
    assert co.figures.units_per_shoe >= own.figures.units_per_shoe - 3 * se
    assert co.perfect.units_per_shoe >= co.figures.units_per_shoe
    # the co-count's figures are its plays on the kept rounds, bet by bet, summed
    played, factor = co.count.played()
    total = np.zeros(study.shoes)
    for bet_id, trigger in co.triggers.items():
        _, test = study.rounds[(14, bet_id)]
        if trigger is not None:
            bets = test.at_least(played, trigger / factor)
            total += np.bincount(test.shoe, weights=np.where(bets, test.ev, 0.0),
                                 minlength=study.shoes)
    assert total.mean() == pytest.approx(co.figures.units_per_shoe, rel=1e-9)
    data = study.to_dict()["co_count"]
    assert set(data) >= {"bets", "tags", "betting_correlation", "triggers", "units_per_shoe",
                         "units_per_shoe_se", "perfect_play"}
    assert set(data["perfect_play"]) >= {"units_per_shoe", "units_per_shoe_se"}
    for fmt in ("text", "markdown", "html", "csv"):  # the co-count in every format
        rendered = study.render(fmt)
        assert isinstance(rendered, str) and ("co-count" in rendered or fmt == "csv"), fmt
    assert study.render("xlsx")[:2] == b"PK"


def test_an_unbalanced_count_is_played_against_the_shoes_expected_share():
    """A one-rank count of kings: its true count is (kings seen - cards seen / 13) per deck
    unseen, which its played tags (12 for a king, -1 for every other card) give / 13."""
    from exact_odds.cards import RANKS
    from exact_odds.countability.counts import count_of
    from exact_odds.countability.triggers import Rounds

    weights = dict.fromkeys(RANKS, 32)
    kings = count_of({"K": 1}, dict.fromkeys(RANKS, Fraction(0)) | {"K": Fraction(1)},
                     weights)
    played, factor = kings.played()
    rng = np.random.default_rng(3)
    seen = rng.integers(0, 20, size=(200, 13))
    unseen = 416 - seen.sum(axis=1)
    rounds = Rounds(1, np.zeros(200, dtype=np.int64), seen, unseen, np.zeros(200),
                    np.zeros(200, dtype=bool), np.zeros(200))
    for threshold in (Fraction(-1, 2), Fraction(0), Fraction(3, 10)):
        by_hand = [Fraction(int(s[12]) * 13 - int(s.sum()), 13) * 52 / int(u) >= threshold
                   for s, u in zip(seen, unseen)]
        assert list(rounds.at_least(played, threshold / factor)) == by_hand


def test_counts_of_cards_do_not_wrap_past_16_bits():
    """The cards seen by rank were int16: past 32,767 of one rank every count wrapped."""
    from exact_odds.countability.triggers import running_counts

    seen = np.array([[40_000] + [0] * 12, [70_000, 5] + [0] * 11], dtype=np.int64)
    tags = (3,) + (0,) * 12
    assert list(running_counts(seen, tags)) == [120_000, 210_000]
    huge = np.array([[2**40] * 13], dtype=np.int64)
    assert running_counts(huge, (2**30,) * 13)[0] == 13 * 2**70  # Python integers


def test_running_counts_and_true_count_steps_are_exact_on_every_path():
    """Issue 43: running counts (the most cards seen given once, or summed), and true counts
    floored in steps, in float64 where every number is below 2**53, in int64 integer
    division beyond, in Python integers past int64: each equal to Python's exact integer
    floor, for tags of 0, +-1 and more, negative running counts and exact multiples."""
    from exact_odds.countability.triggers import _scaled_floor, most_seen, running_counts

    rng = np.random.default_rng(43)
    seen = np.asfortranarray(rng.integers(0, 33, size=(5000, 13)))
    for tags in [(1, -1, 2, 0, 1, 1, -2, 3, 1, 0, -1, 1, 1), (0,) * 13, (-3,) * 13]:
        exact = [sum(int(s) * t for s, t in zip(row, tags)) for row in seen]
        assert list(running_counts(seen, tags)) == exact
        assert list(running_counts(seen, tags, most_seen(seen))) == exact
    running = np.concatenate([rng.integers(-2000, 2000, 3000), [0, 520, -520, 1040, -1]])
    unseen = np.concatenate([rng.integers(1, 417, 3000), [52, 52, 52, 52, 52]])
    for numerator in (520, 52, 3 * 520, 7):
        expected = [int(r) * numerator // int(u) for r, u in zip(running, unseen)]
        assert list(_scaled_floor(running, numerator, unseen)) == expected
    # about 2**53 / 2**12 and 2**12: just below and past the float path's bound, and past int64
    for value, numerator in ((2**41 - 1, 2**12 - 1), (2**41 + 7, 2**12), (2**55, 2**9)):
        values = np.array([value, -value, value - 1, -(value - 1)], dtype=np.int64)
        under = np.array([3, 7, 2**20 + 1, 416], dtype=np.int64)
        expected = [int(r) * numerator // int(u) for r, u in zip(values, under)]
        assert [int(v) for v in _scaled_floor(values, numerator, under)] == expected


KINGS = """id: kings-pair
name: Player pair of kings
source:
  document: "A test bet of issue 32: a pair of kings as the Player's first two cards."
decks: 8
rules: punto-banco
readings:
  - "Eight decks; a pair of kings pays 150 to 1."
bets:
  - id: player-kings
    name: Player pair of kings
    events:
      - {event: Pair of kings, when: player_pair and player_first_rank == 13, pays: "150 to 1"}
      - {event: Anything else, when: otherwise, pays: lose}
"""


@pytest.mark.slow
def test_a_pair_of_kings_is_countable_by_counting_kings(tmp_path):
    """Issue 32: a Player pair of kings at 150 to 1 was "not countable by a count" (only
    balanced counts were tried): counting kings, an unbalanced one-rank count, tracks it
    exactly and wins a measurable amount."""
    from exact_odds.countability.study import countability_report

    path = tmp_path / "kings.yaml"
    path.write_text(KINGS)
    study = countability_report(path, shoes=60, seed=3, levels=[1], workers=1)
    (bet,) = study.bets
    unbalanced = next(c for c in bet.depths[0].counts if not c.count.balanced)
    assert unbalanced.count.tags["K"] == -1 and unbalanced.count.correlation_squared == 1
    assert set(unbalanced.count.tags.values()) == {0, -1}
    assert unbalanced.figures.measurable
    assert bet.verdict.startswith("countable")
