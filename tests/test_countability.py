"""Countability: counts derived from exact effects of removal, triggers, and what they win.

The count search is checked against a brute force that tries every assignment of tags
(written here, independently of the search's ordering argument), and its heuristic for high
levels against the exhaustive search where both run.
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache
from itertools import product
from math import sqrt

import pytest
from clirun import one_error_line
from cluster import local_cluster

from exact_odds.countability import counts as counts_module
from exact_odds.countability.counts import best_counts, betting_correlation


def _correlation_by_cards(effects, weights, tags) -> float:
    """Pearson correlation written out over every card of the shoe, in floats."""
    cards = [(float(effects[r]), tags[r]) for r in effects for _ in range(weights[r])]
    n = len(cards)
    me = sum(e for e, _ in cards) / n
    mt = sum(t for _, t in cards) / n
    cov = sum((e - me) * (t - mt) for e, t in cards)
    ve = sum((e - me) ** 2 for e, _ in cards)
    vt = sum((t - mt) ** 2 for _, t in cards)
    return cov / sqrt(ve * vt) if ve and vt else 0.0


EFFECTS = {  # Dragon 7's effects of removal by rank, rounded (per million): a realistic shape
    "A": Fraction(498), "2": Fraction(-896), "3": Fraction(-1076), "4": Fraction(-2680),
    "5": Fraction(-2635), "6": Fraction(-3242), "7": Fraction(-3584), "8": Fraction(5378),
    "9": Fraction(4785), "T": Fraction(863), "J": Fraction(863), "Q": Fraction(863),
    "K": Fraction(863)}


def test_betting_correlation_is_the_pearson_correlation_over_the_cards():
    weights = dict.fromkeys(EFFECTS, 4)
    weights["9"] = 3  # a card out: weights differ
    tags = {"A": 1, "2": 0, "3": 0, "4": -1, "5": -1, "6": -1, "7": -1, "8": 2, "9": 2,
            "T": 0, "J": 0, "Q": 1, "K": 0}
    sign, square = betting_correlation(EFFECTS, weights, tags)
    assert sign * sqrt(float(square)) == pytest.approx(_correlation_by_cards(EFFECTS, weights, tags))


@cache
def _every_assignment(level: int, ranks: str) -> dict[bool, float]:
    """The best correlation with ``EFFECTS`` of ``ranks`` (32 cards each) over every
    assignment of tags in -level..level to the ranks (the ten-valued ranks, of equal effect
    here, sharing one), unbalanced (False) and summing to zero over the shoe (True): the brute
    force, in floats, one weighted sum per kind, every assignment a row of one numpy array,
    scored once for both balances."""
    import numpy as np

    kinds: dict[str, tuple[float, int]] = {}
    for rank in ranks:
        kind = "0" if rank in "TJQK" else rank
        kinds[kind] = (float(EFFECTS[rank]), kinds.get(kind, (0.0, 0))[1] + 32)
    e = np.array([effect for effect, _ in kinds.values()])
    w = np.array([weight for _, weight in kinds.values()], dtype=np.float64)
    n = w.sum()
    me = (w * e).sum() / n
    ve = (w * (e - me) ** 2).sum()
    t = np.array(list(product(range(-level, level + 1), repeat=len(e))), dtype=np.float64)
    mt = (t @ w) / n
    vt = ((t - mt[:, None]) ** 2) @ w
    cov = ((t - mt[:, None]) * (e - me)) @ w
    keep = vt > 1e-9  # a constant assignment has no spread (any other has at least 1/n)
    zero = t @ w == 0  # whole numbers: the sum is exact
    r = cov[keep] / np.sqrt(ve * vt[keep])
    return {False: float(r.max(initial=-2.0)), True: float(r[zero[keep]].max(initial=-2.0))}


@pytest.mark.parametrize("balanced", [True, False])
@pytest.mark.parametrize("level, ranks", [(1, "A23456789TJQK"), (2, "A234789TJQK")])
def test_the_search_finds_the_best_count_that_every_assignment_finds(level, ranks, balanced):
    """3^10 and 5^8 assignments (the ten-valued ranks share their effect, and a weight four
    times a single rank's)."""
    effects = {r: e for r, e in EFFECTS.items() if r in ranks}
    weights = dict.fromkeys(effects, 32)
    found = best_counts(effects, weights, level, balanced=balanced)[0]
    assert found.largest_tag <= level
    assert (found.balance == 0) or not balanced
    best = _every_assignment(level, ranks)[balanced]
    assert found.correlation == pytest.approx(best, abs=1e-12)


@pytest.mark.parametrize("balanced", [True, False])
@pytest.mark.parametrize("level", [1, 2, 3, 4, 5])
def test_the_rounding_search_for_huge_searches_comes_close_to_the_exact_one(monkeypatch, level,
                                                                            balanced):
    """Where the exact search would take too many steps, candidates come from rounding the
    effects at every scale: never better than the exact best, and within 2% of it here."""
    weights = dict.fromkeys(EFFECTS, 32)
    exact = best_counts(EFFECTS, weights, level, balanced=balanced)[0]
    monkeypatch.setattr(counts_module, "MOST_STATE_STEPS", 0)
    rounded = best_counts(EFFECTS, weights, level, balanced=balanced)[0]
    assert rounded.largest_tag <= level and (rounded.balance == 0 or not balanced)
    assert exact.correlation_squared * Fraction(96, 100) <= rounded.correlation_squared
    assert rounded.correlation_squared <= exact.correlation_squared


def _signed_square(effects, weights, tags) -> Fraction:
    """The betting correlation's square with its sign, exactly, from the centred sums over
    the cards (0 where the effects or the tags do not vary)."""
    n = sum(weights)
    mean_e = Fraction(sum(w * e for w, e in zip(weights, effects)), n)
    mean_t = Fraction(sum(w * t for w, t in zip(weights, tags)), n)
    cov = sum(w * (e - mean_e) * (t - mean_t) for w, e, t in zip(weights, effects, tags))
    var_e = sum(w * (e - mean_e) ** 2 for w, e in zip(weights, effects))
    var_t = sum(w * (t - mean_t) ** 2 for w, t in zip(weights, tags))
    if cov == 0 or var_e == 0 or var_t == 0:
        return Fraction(0)
    return (1 if cov > 0 else -1) * cov * cov / (var_e * var_t)


def _balanced_step_by_step(run, units, level, effects, weights):
    """Tags moved one at a time toward a zero sum over the shoe, each step the move (one
    kind's tag by one, within the level, its kind's units no more than what is left) whose
    whole count correlates best, the first of equals; () when no move is left."""
    current = list(run)
    while residual := sum(u * t for u, t in zip(units, current)):
        step = -1 if residual > 0 else 1
        moves = []
        for k, unit in enumerate(units):
            if unit <= abs(residual) and abs(current[k] + step) <= level:
                moved = [*current[:k], current[k] + step, *current[k + 1:]]
                moves.append((_signed_square(effects, weights, moved), -k, moved))
        if not moves:
            return ()
        current = max(moves)[2]
    return tuple(current)


def test_the_rounding_search_balances_a_count_by_the_best_step_each_time():
    """Issue 32: the rounding search (high levels) balances each rounded count one step at a
    time, each step the tag whose move keeps the betting correlation highest (the first such),
    scored from running sums: against every move scored afresh from the whole count."""
    from random import Random

    rng = Random(32)
    balanced = refused = 0
    for _ in range(300):
        kinds = rng.randint(2, 10)
        level = rng.randint(1, 4)
        units = [rng.choice([1, 1, 1, 2, 4]) for _ in range(kinds)]
        weights = [8 * u for u in units]  # a shoe's cards per kind: units times their gcd
        spread = rng.choice([0, 2, 20])  # 0: every effect equal (no correlation at all)
        effects = [rng.randint(-spread, spread) for _ in range(kinds)]
        run = tuple(rng.randint(-level, level) for _ in range(kinds))
        expected = _balanced_step_by_step(run, units, level, effects, weights)
        assert counts_module._balance(run, units, level, effects, weights) == expected, (
            run, units, level, effects)
        balanced += bool(expected)
        refused += not expected
    assert balanced > 200 and refused  # both ends of the search are met


def test_counts_that_bet_alike_are_one_count_in_its_smallest_tags():
    """A count doubled, or an unbalanced count shifted by one, bets the same rounds: the
    search gives each once, in its smallest tags; ties go to the balanced count."""
    effects = {"A": Fraction(1), "2": Fraction(2), "3": Fraction(-3)}
    weights = dict.fromkeys(effects, 4)
    # (0, 0, -1) and (1, 1, -1) bet alike (the second is the first shifted by one): the
    # effects (1, 2, -3) have mean 0 and the first's centred tags are (1, 1, -2)/3, so its
    # correlation squared is 3**2 / (14 * 2/3) = 27/28, above the balanced (0, 1, -1)'s
    # 5**2 / (14 * 2) = 25/28; it is given once, as (0, 0, -1), whose sum is smaller
    first, *others = best_counts(effects, weights, level=1, keep=5, balanced=False)
    assert first.tags == {"A": 0, "2": 0, "3": -1} and first.balance == -4
    assert first.correlation_squared == Fraction(27, 28)
    assert all(c.tags != {"A": 1, "2": 1, "3": -1} for c in others)
    keys = [c.key() for c in (first, *others)]
    assert len(set(keys)) == len(keys)
    (balanced,) = best_counts(effects, weights, level=1, keep=5)
    assert balanced.tags == {"A": 0, "2": 1, "3": -1}
    assert balanced.correlation_squared == Fraction(25, 28)
    doubled = best_counts(effects, weights, level=2, keep=5, balanced=False)
    # level 2 does better, (1, 2, -2): centred (2, 5, -7)/3, so 11**2 / (14 * 78/9) = 1089/1092
    assert doubled[0].tags == {"A": 1, "2": 2, "3": -2}
    assert doubled[0].correlation_squared == Fraction(1089, 1092)
    tens = best_counts(EFFECTS, dict.fromkeys(EFFECTS, 32), level=2)[0].tags
    assert tens["T"] == tens["J"] == tens["Q"] == tens["K"]


def test_a_bet_no_linear_count_can_track_has_no_count():
    """A pair bet: removing a card of any rank changes its value alike (all effects equal)."""
    effects = dict.fromkeys("A23456789TJQK", Fraction(-1, 1000))
    assert best_counts(effects, dict.fromkeys(effects, 32), level=1) == []


# --- triggers and figures, against plain loops ---------------------------------------------

def _random_rounds(seed: int = 1, shoes: int = 30, per_shoe: int = 40):
    import numpy as np

    from exact_odds.countability.triggers import Rounds

    rng = np.random.default_rng(seed)
    n = shoes * per_shoe
    seen = rng.integers(0, 12, size=(n, 13))
    unseen = 416 - seen.sum(axis=1)
    ev = rng.normal(-0.05, 0.1, size=n) + 0.01 * (seen[:, 7] - seen[:, 3])
    return Rounds(shoes=shoes, shoe=np.repeat(np.arange(shoes), per_shoe), seen=seen,
                  unseen=unseen, ev=ev, positive=ev > 0,
                  result=np.where(rng.random(n) < 0.1, 8.0, -1.0))


def test_the_best_trigger_is_the_best_of_every_trigger_tried_one_by_one():
    from exact_odds.countability.triggers import STEPS_PER_UNIT, best_trigger

    rounds = _random_rounds()
    tags = (0, 0, 0, -1, -1, -1, -1, 2, 2, 0, 0, 0, 0)
    found = best_trigger(rounds, tags)
    assert found is not None and found.denominator in (1, 2, 5, 10)

    # each round's true count, running * 52 / unseen, as the integers of that fraction
    true_counts = [(sum(int(s) * t for s, t in zip(rounds.seen[row], tags)) * 52,
                    int(rounds.unseen[row]), float(rounds.ev[row])) for row in range(len(rounds))]

    def won(threshold: Fraction) -> float:
        total = 0.0
        for scaled, unseen, ev in true_counts:  # scaled / unseen >= p / q, unseen > 0
            if scaled * threshold.denominator >= threshold.numerator * unseen:
                total += ev
        return total

    grid = [Fraction(k, STEPS_PER_UNIT) for k in range(-200, 401)]
    best = max(won(t) for t in grid)
    assert won(found) == pytest.approx(best, abs=1e-9)


def test_the_figures_of_a_play_are_its_rounds_summed_shoe_by_shoe():
    import numpy as np

    from exact_odds.countability.triggers import figures, perfect_play

    rounds = _random_rounds(seed=2)
    bets = rounds.ev > 0.02
    shown = figures(rounds, bets)
    per_shoe = [sum(float(e) for e, b, s in zip(rounds.ev, bets, rounds.shoe) if b and s == shoe)
                for shoe in range(rounds.shoes)]
    assert shown.units_per_shoe == pytest.approx(sum(per_shoe) / rounds.shoes)
    assert shown.units_per_shoe_se == pytest.approx(np.std(per_shoe, ddof=1) / sqrt(rounds.shoes))
    assert shown.bet_frequency == pytest.approx(bets.mean())
    assert shown.average_edge == pytest.approx(rounds.ev[bets].mean())
    assert shown.units_per_100_rounds == pytest.approx(100 * rounds.ev[bets].sum() / len(rounds))
    results = np.where(bets, rounds.result, 0.0)
    assert shown.sd_per_round == pytest.approx(results.std())
    assert shown.n0 == pytest.approx(results.var() / (rounds.ev[bets].sum() / len(rounds)) ** 2)
    assert perfect_play(rounds).units_per_shoe >= shown.units_per_shoe


def test_recorded_rounds_play_a_count_as_simulate_plays_it():
    """The countability's recorded rounds and simulate's count play (its own running
    counts, round by round) bet the same rounds of the same shoes: the same units won.
    Twenty shoes (1,631 rounds, the count betting 115 of them, perfect play 157) check
    every round's count and edge as forty would."""
    from exact_odds.countability.report import countability_report
    from exact_odds.simulation.runner import simulate

    study = countability_report("ez-baccarat", bets=["dragon-7"], shoes=20, seed=5, levels=(2,),
                         keep_rounds=True, workers=1)
    train, _ = study.rounds[(14, "dragon-7")]
    tags = "4=-1,5=-1,6=-1,7=-1,8=2,9=2"
    played = simulate("ez-baccarat", 20, bets=["dragon-7"], play="count", tags=tags,
                      threshold="3.5", seed=5, workers=1)
    bets = train.at_least((0, 0, 0, -1, -1, -1, -1, 2, 2, 0, 0, 0, 0), Fraction(7, 2))
    from exact_odds.countability.triggers import figures

    shown = figures(train, bets)
    summary = played.bet("dragon-7")
    assert shown.units_per_shoe == pytest.approx(summary.units_per_shoe, rel=1e-12)
    assert int(bets.sum()) == summary.units_placed
    perfect = simulate("ez-baccarat", 20, bets=["dragon-7"], seed=5, workers=1).bet("dragon-7")
    assert int(train.positive.sum()) == perfect.units_placed


# --- the same figures wherever the shoes are dealt -----------------------------------------

@pytest.mark.slow
def test_the_same_seed_gives_the_same_study_on_one_core_two_cores_and_dask():
    """Every figure of a study (two cut cards, two levels) is the same whichever executor
    deals its shoes. Eight shoes a stream are eight ranges of one shoe (``RANGE_SPLIT``):
    two processes and Dask's two threads each deal several, finishing in any order, which
    is what the claim is about; more shoes would only deal more of the same."""
    from exact_odds.countability.report import countability_report

    def study(**where):
        return countability_report("ez-baccarat", bets=["dragon-7"], shoes=8, seed=17,
                            levels=(1, 2), cut_cards="14,26", **where).to_dict()

    one = study(workers=1)
    assert one == study(workers=2)
    with local_cluster() as cluster:
        assert one == study(scheduler=cluster.scheduler_address)
    assert [d["cut_card"] for d in one["bets"][0]["by_cut_card"]] == [14, 26]


def test_the_study_records_its_inputs_in_every_format(tmp_path):
    from click.testing import CliRunner

    from exact_odds.cli import main

    args = ["countability", "ez-baccarat", "--bet", "panda-8", "--shoes", "6", "--seed", "3",
            "--levels", "1", "--workers", "1", "--max-bet", "500", "--rounds-per-hour", "70"]
    result = CliRunner().invoke(main, [*args, "--format", "json"])
    assert result.exit_code == 0, result.output
    data = __import__("json").loads(result.output)
    # the same study, once, in every other format (the command renders with this function)
    from exact_odds import __version__, countability_report

    study = countability_report("ez-baccarat", bets=["panda-8"], shoes=6, seed=3, levels=[1],
                         workers=1, max_bet="500", rounds_per_hour=70)
    for fmt in ("text", "markdown", "csv"):
        text = study.render(fmt)
        assert isinstance(text, str) and __version__ in text and "panda-8" in text, fmt
    assert study.render("json") == result.output
    workbook = study.render("xlsx")
    assert isinstance(workbook, bytes) and workbook[:2] == b"PK"
    assert (data["seed"], data["shoes"], data["levels"], data["cut_cards"]) == (3, 6, [1], [14])
    assert data["max_bet"] == "500" and data["rounds_per_hour"] == 70
    assert data["dealing"] == {"cut_card": 14, "burn": "standard", "after_cut": "one-more"}
    (bet,) = data["bets"]
    assert set(bet) >= {"id", "house_edge", "effect_of_removal", "perfect_play", "counts",
                        "verdict", "by_cut_card"}
    assert set(bet["counts"][0]) >= {
        "level", "label", "balanced", "tags", "betting_correlation", "trigger", "bet_frequency", "average_edge",
        "units_per_100_rounds", "units_per_shoe", "units_per_shoe_se", "rounds_per_shoe",
        "sd_per_round", "n0", "share_of_perfect_play", "money_per_shoe", "money_per_hour"}


@pytest.mark.parametrize("args, words, code", [
    (["--levels", "0"], "--levels", 2),  # an option's value out of bounds: a usage error
    (["--levels", "x"], "--levels", 2),
    (["--cut-card", "500"], "cut card", 1),
    (["--max-bet", "-5"], "--max-bet", 2),
    (["--rounds-per-hour", "80"], "--rounds-per-hour goes with --max-bet", 1),
    (["--bet", "nope"], "no bet 'nope'", 1),
])
def test_a_study_that_cannot_run_is_one_line(args, words, code):
    from click.testing import CliRunner

    from exact_odds.cli import main

    result = CliRunner().invoke(main, ["countability", "ez-baccarat", "--shoes", "5",
                                       "--workers", "1", *args])
    one_error_line(result, words, code=code)


# --- the verdict ----------------------------------------------------------------------------

def _depth(cut_card, perfect, counts):
    from exact_odds.countability.counts import DerivedCount
    from exact_odds.countability.report import CountResult, Depth
    from exact_odds.countability.triggers import Figures

    def shown(units, se):
        return Figures(80.0, 0.1, 0.05, units * 100 / 80, units, se, 2.0, None)

    found = tuple(CountResult(DerivedCount(level, {"A": level}, Fraction(1, 2), 1, 0),
                              Fraction(3),
                              shown(*figures), None)
                  for level, figures in counts)
    return Depth(cut_card, shown(*perfect), found)


@pytest.mark.parametrize("depths, words", [
    ([_depth(14, (0.002, 0.002), [(1, (0.001, 0.002))])],
     "not countable: even computer-perfect"),
    ([_depth(14, (0.02, 0.02), [(1, (0.01, 0.02))])],  # could be worth counting: unknown
     "cannot tell from 1,000 shoes: computer-perfect play wins +0.02"),
    ([_depth(14, (0.5, None), [(1, (0.4, None))])], "cannot tell from 1,000 shoes: a standard"),
    ([_depth(14, (0.5, 0.02), [(1, (0.01, 0.02)), (2, (0.02, 0.02))])],
     "not countable by a count: computer-perfect play wins 0.50 units"),
    ([_depth(14, (0.004, 0.001), [(1, (0.003, 0.001))])], "not worth counting"),
    ([_depth(14, (0.7, 0.02), [(1, (0.5, 0.02)), (2, (0.6, 0.02))]),
      _depth(52, (0.3, 0.02), [(1, (0.2, 0.02)), (2, (0.25, 0.02))]),
      _depth(104, (0.05, 0.04), [(1, (0.01, 0.02)), (2, (0.02, 0.02))])],
     "countable: a level-1 count wins 0.50 units a shoe with 14 cards behind the cut card "
     "($2,500 a shoe at a $5,000 limit); 0.20 at 52 cards; nothing measurable at 104 cards"),
    ([_depth(14, (0.7, 0.02), [(1, (0.2, 0.02)), (2, (0.6, 0.02))])],
     "countable: a level-2 count wins 0.60"),
])
def test_the_verdict_says_what_a_game_protection_manager_can_act_on(depths, words):
    from exact_odds.countability.report import _verdict

    assert words in _verdict(depths, (1, 2), (Fraction(5000), None), 1000, Fraction(1, 10))


def test_the_money_of_a_countable_bet_keeps_every_digit_at_any_maximum_bet():
    """Issue 44, item 5: ``--max-bet 1e30`` (the docs' own example) ended in
    ``decimal.InvalidOperation`` whenever a bet was countable: its money a shoe has 30
    digits, past the decimal context's 28."""
    from exact_odds.countability.report import _verdict

    depths = [_depth(14, (0.7, 0.02), [(1, (0.5, 0.02))])]
    said = _verdict(depths, (1,), (Fraction(10**30), None), 1000, Fraction(1, 10))
    assert ("($500,000,000,000,000,000,000,000,000,000 a shoe at a "
            "$1,000,000,000,000,000,000,000,000,000,000 limit)") in said


def test_a_bet_that_favours_the_bettor_flat_says_so():
    """Issue 32: the 21st Century bonus pair as the seed pays it (+52%) was "not countable"."""
    from exact_odds.countability.report import _verdict

    depths = [_depth(14, (30.0, 1.0), [(1, (30.0, 1.0))])]
    said = _verdict(depths, (1,), (None, None), 1000, Fraction(-216, 415))
    assert said.startswith("favours the bettor flat") and "52.05%" in said
