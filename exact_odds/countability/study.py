"""Countability: how much a card counter wins against a bet, and what stops it.

For each bet of a game (``countability_report``):

1. its exact effects of removal by rank (``exact_odds.analysis.removal``) give, level by
   level, the integer tags that track it best (``counts.best_counts``: the highest betting
   correlation, several candidates per level);
2. shoes are dealt as ``exact-odds simulate`` deals them (the one dealing loop,
   ``exact_odds.simulation.rounds``), twice: a *training* stream (shoes 0 to N-1 of the
   seed) on which each candidate's best trigger is found and the best candidate of each
   level chosen, and a *fresh* stream (shoes N to 2N-1) on which every figure is measured,
   so that the choice does not flatter it;
3. computer-perfect play on the same fresh shoes (one unit whenever the exact edge
   favours the bettor) is the upper bound of every count, and each count's share of it is
   shown;
4. all of it again for every cut-card depth asked for (the tags chosen at the first depth,
   the trigger found again at each), and in money when a maximum bet is given;
5. a verdict a game-protection manager can act on (``verdict``).

The game's inputs are one ``Job`` (``exact_odds.analysis.job``), the study's own a ``Study``
(``inputs``); the report and its document are ``report``. One pass of recorded rounds per
stream and depth serves every count and every trigger (``recorded``, ``triggers``). Every
figure is an estimate from the shoes simulated, with its standard error across shoes; each
round's expected value is exact.
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from pathlib import Path

from exact_odds.analysis.job import Job, game_job
from exact_odds.cards import RANKS
from exact_odds.countability.counts import DerivedCount, best_counts, count_of
from exact_odds.countability.inputs import CUT_CARDS, LEVELS, Study, study
from exact_odds.countability.recorded import (
    Measures,
    RangeSummary,
    RecordedRange,
    bet_rounds,
    measure_range,
)
from exact_odds.countability.report import CountabilityReport
from exact_odds.countability.results import (
    MIN_ROUNDS_SHOWN,
    BetCountability,
    CoCount,
    CountabilityError,
    CountResult,
    Depth,
)
from exact_odds.countability.triggers import Figures, Histogram, Played, Rounds
from exact_odds.countability.verdict import verdict
from exact_odds.errors import input_name
from exact_odds.games.model import Game
from exact_odds.running.heartbeat import Progress, check_progress
from exact_odds.running.ranges import Where, where
from exact_odds.shoe import Shoe
from exact_odds.simulation.rounds import RoundsTold, deal_in_ranges, shoe_ranges

#: Candidate tags per level whose triggers are tried on the training shoes.
CANDIDATES = 6

#: Each bet's exact effect of removing one card, by rank; under ``"__ev__"`` each bet's
#: expected value.
Effects = dict[str, dict[str, Fraction]]


def countability_report(game: Game | str | Path | Job, *, bets: Sequence[str] | None = None,
                        levels: Sequence[int] | str = LEVELS, shoes: int = 20_000,
                        cut_cards: Sequence[int | str | None] | str = CUT_CARDS,
                        burn: str | int | None = None, after_cut: str | None = None,
                        decks: int | None = None, shoe: Shoe | None = None,
                        remove: Sequence[str] = (), seed: int | None = None,
                        workers: int | None = 1, scheduler: str | None = None,
                        strategy: str | None = None, settings: Mapping[str, str] | None = None,
                        max_bet: Fraction | int | str | None = None,
                        rounds_per_hour: int | None = None, tags: Sequence[str] | str = (),
                        labels: Sequence[str] | str = (), co_count: bool = False,
                        keep_rounds: bool = False, progress: Progress | None = None
                        ) -> CountabilityReport:
    """How much a card counter wins against each bet of ``game`` (all, or ``bets``): the
    best balanced and unbalanced counts at each of ``levels``, and the counts given as
    ``tags`` (``"A=0,2=1,..."``, each named by the ``labels`` given, in order), each with its
    best trigger, their figures on fresh shoes beside computer-perfect play, at each
    cut-card depth of ``cut_cards`` (cards behind the cut card; ``None`` shuffles every
    round), dealt ``shoes`` shoes a stream by the game's procedure (``burn``, ``after_cut``,
    ``decks``/``shoe``/``remove`` override it) from ``seed``. ``game`` may be a ``Job``
    (``game_job(..., dealt=True)``: the game's inputs checked once; then none of them is
    given here, and ``cut_cards`` sets its cut card). ``co_count`` (two or more bets) also
    finds one count for every bet at once. ``workers`` local processes (one, in this
    process, by default; None: every core; never more than the cores: a script that asks
    for more needs the ``if __name__ == "__main__":`` guard) or a Dask ``scheduler``.
    ``max_bet`` (money a unit) and ``rounds_per_hour`` turn units into money.
    ``keep_rounds`` keeps every recorded round in the report (``rounds``), to measure other
    counts on the same shoes or to plot; ``progress(rounds dealt, rounds expected)`` is told
    as the shoes are dealt. What the study costs is estimated first, as for ``simulate``:
    beyond the limits, nothing runs."""
    chosen = study(shoes, levels=levels, cut_cards=cut_cards, tags=tags, labels=labels,
                   max_bet=max_bet, rounds_per_hour=rounds_per_hour, co_count=co_count,
                   keep_rounds=keep_rounds)
    place = where(workers, scheduler)
    progress = check_progress(progress)
    first = game_job(game, bets=bets, decks=decks, shoe=shoe, remove=remove,
                     cut_card=None if isinstance(game, Job) else chosen.cut_cards[0],
                     burn=burn, after_cut=after_cut, seed=seed, strategy=strategy,
                     settings=settings, dealt=True)
    if isinstance(game, Job):
        first = first.dealt_with(cut_card=chosen.cut_cards[0])
    return run_study(first, chosen, place, progress)


def run_study(job: Job, chosen: Study, place: Where, progress: Progress | None = None
              ) -> CountabilityReport:
    """The study ``chosen`` of a job's bets (its shoes dealt with the study's first cut
    card), run where ``place`` says (local processes never more than the cores)."""
    if chosen.co_count and len(job.bet_ids) < 2:
        raise CountabilityError(f"{input_name('co_count')} counts two or more bets at once: "
                                f"give {input_name('bets')} two or more bets")
    jobs = [job] + [job.dealt_with(cut_card=depth) for depth in chosen.cut_cards[1:]]
    if place.scheduler is None and place.workers is not None:
        place = Where(min(place.workers, os.cpu_count() or 1))  # never more than the cores
    total = _check_cost(jobs, chosen, place.workers if place.scheduler is None else 1)
    effects = _effects(job)
    weights = dict(zip(RANKS, _rank_counts(job.shoe)))
    derived = {bet_id: _derive(effects[bet_id], weights, chosen.levels, chosen.given)
               for bet_id in job.bet_ids}
    found = _Found(derived)
    told = RoundsTold(progress, total)
    for depth_job in jobs:
        _measure_depth(depth_job, chosen, place, told, found, effects, weights)
    told.finished()
    bets = []
    for bet_id in job.bet_ids:
        bet_depths = tuple(found.depths[bet_id])
        edge = -effects["__ev__"][bet_id]
        bets.append(BetCountability(
            bet_id, job.game.bet(bet_id).name, edge, effects[bet_id], bet_depths,
            verdict(bet_depths, chosen.levels, chosen.money, chosen.shoes, edge),
            derived[bet_id][1]))
    return CountabilityReport(job, chosen.shoes, chosen.levels,
                              tuple(depth.dealing.cut_card for depth in jobs), tuple(bets),
                              *chosen.money, given=chosen.given, co_count=found.together,
                              rounds=found.kept)


@dataclass
class _Found:
    """What the study has found so far: each bet's count slots (``derived``), the counts
    chosen at the first depth (and the co-count), and per bet its figures depth by depth,
    the rounds kept."""

    derived: Mapping[str, Derived]
    chosen: dict[str, list[DerivedCount]] = field(default_factory=dict)
    co_chosen: DerivedCount | None = None
    depths: dict[str, list[Depth]] = field(default_factory=dict)
    kept: dict[tuple[int | None, str], tuple[Rounds, Rounds]] = field(default_factory=dict)
    together: CoCount | None = None


#: A count searched for its trigger on one bet, by the tags it plays: (bet, tags).
Key = tuple[str, tuple[int, ...]]


def _measure_depth(job: Job, chosen: Study, place: Where, told: RoundsTold, found: _Found,
                   effects: Effects, weights: Mapping[str, int]) -> None:
    """One cut-card depth: triggers found on the training shoes (and, at the first depth,
    each slot's best count and the co-count chosen), then every count and perfect play
    measured on the fresh shoes."""
    shoes, bet_ids, first_depth = chosen.shoes, job.bet_ids, not found.chosen
    co_candidates: list[DerivedCount] = []
    if first_depth:  # every candidate; then the counts chosen
        searches = {b: [c for slot in found.derived[b][0] for c in slot] for b in bet_ids}
        if chosen.co_count:
            co_candidates = _co_candidates(effects, weights, bet_ids, chosen.levels,
                                           found.derived)
    else:
        searches = {b: list(found.chosen[b]) for b in bet_ids}
    keys = list(dict.fromkeys(
        [(b, c.played()[0]) for b, counts in searches.items() for c in counts]
        + [(b, c.played()[0]) for c in co_candidates for b in bet_ids]))
    training = _stream(Measures(job, 0, tuple(keys), keep=chosen.keep_rounds), shoes, place,
                       told)
    histogram: dict[Key, Histogram] = dict(zip(keys, training.histograms))

    def trigger(bet_id: str, count: DerivedCount) -> tuple[Fraction | None, float]:
        return histogram[(bet_id, count.played()[0])].best()

    if first_depth:
        for bet_id in bet_ids:
            found.chosen[bet_id] = [_most_won(slot, [trigger(bet_id, c)[1] for c in slot])
                                    for slot in found.derived[bet_id][0]]
        if co_candidates:
            found.co_chosen = _most_won(co_candidates, [
                sum(trigger(b, c)[1] for b in bet_ids) for c in co_candidates])
    co = found.co_chosen if co_candidates else None
    plays = [(b, count, trigger(b, count)[0]) for b in bet_ids for count in found.chosen[b]]
    plays += [(b, co, trigger(b, co)[0]) for b in bet_ids] if co is not None else []
    fresh = _stream(Measures(job, shoes, plays=tuple(
        (b, count.played()[0], at, count.played()[1]) for b, count, at in plays),
        perfect=True, keep=chosen.keep_rounds), shoes, place, told)
    results: dict[str, list[Played]] = {b: [] for b in bet_ids}
    for (bet_id, _, _), played in zip(plays, fresh.plays):
        results[bet_id].append(played)
    cut_card = job.dealing.cut_card
    for bet_id in bet_ids:
        perfect = fresh.perfect[bet_id].figures()
        found.depths.setdefault(bet_id, []).append(Depth(cut_card, perfect, tuple(
            _result(count, trigger(bet_id, count)[0], played, perfect)
            for count, played in zip(found.chosen[bet_id], results[bet_id]))))
        if chosen.keep_rounds:
            found.kept[(cut_card, bet_id)] = (bet_rounds(training.rounds, bet_id, shoes, 0),
                                              bet_rounds(fresh.rounds, bet_id, shoes, shoes))
    if co is not None:
        found.together = _co_result(bet_ids, co, {b: trigger(b, co)[0] for b in bet_ids},
                                    {b: results[b][-1] for b in bet_ids}, fresh.perfect)


def _most_won(counts: Sequence[DerivedCount], won: Sequence[float]) -> DerivedCount:
    """The count that won the most on the training shoes (the first, the best correlated,
    of equals)."""
    return counts[max(range(len(counts)), key=lambda i: (won[i], -i))]


#: Ranges of shoes are cut as for this many workers, whatever the number of processes, so
#: that every sum adds the same ranges in the same order on one core, many or Dask.
RANGE_SPLIT = 2


@dataclass(frozen=True)
class _Streamed:
    histograms: tuple[Histogram, ...]
    plays: tuple[Played, ...]
    perfect: dict[str, Played]
    rounds: list[RecordedRange]


def _stream(measures: Measures, shoes: int, place: Where, told: RoundsTold) -> _Streamed:
    """Shoes ``measures.first`` on, ``shoes`` of them, dealt range by range (on local
    processes or Dask) and summarised as each range ends; the summaries joined in the
    order of the shoes."""
    work = shoe_ranges(shoes, RANGE_SPLIT, first=measures.first, cards=measures.job.shoe.size)
    parts: dict[int, RangeSummary] = {}
    deal_in_ranges(measure_range, measures, work, place, _rounds_dealt, told, parts.__setitem__)
    ordered = [parts[i] for i in range(len(work))]
    histograms = tuple(sum((p.histograms[i] for p in ordered[1:]), ordered[0].histograms[i])
                       for i in range(len(measures.searches)))
    plays = tuple(sum((p.plays[i] for p in ordered[1:]), ordered[0].plays[i])
                  for i in range(len(measures.plays)))
    perfect = {bet: sum((p.perfect[bet] for p in ordered[1:]), ordered[0].perfect[bet])
               for bet in (ordered[0].perfect if measures.perfect else ())}
    return _Streamed(histograms, plays, perfect,
                     [p.rounds for p in ordered if p.rounds is not None])


def _rounds_dealt(summary: RangeSummary) -> int:
    return summary.rounds_dealt


def _result(count: DerivedCount, played_trigger: Fraction | None, played: Played,
            perfect: Figures) -> CountResult:
    shown = played.figures()
    share = shown.share_of(perfect) if perfect.measurable else None
    own = None if played_trigger is None else played_trigger * count.played()[1]
    return CountResult(count, own, shown, share, played.by_true_count(MIN_ROUNDS_SHOWN))


def _co_result(bet_ids: Sequence[str], count: DerivedCount,
               triggers: dict[str, Fraction | None], played: dict[str, Played],
               perfect: dict[str, Played]) -> CoCount:
    """The co-count's figures: its plays on every bet summed shoe by shoe, beside perfect
    play on every bet at once."""
    factor = count.played()[1]
    total = _joined([played[b] for b in bet_ids])
    every = _joined([perfect[b] for b in bet_ids])
    return CoCount(tuple(bet_ids), count,
                   {b: None if t is None else t * factor for b, t in triggers.items()},
                   total.figures(), {b: played[b].figures() for b in bet_ids}, every.figures())


def _joined(plays: Sequence[Played]) -> Played:
    """Several bets' plays on the same rounds as one: their wins added shoe by shoe (a
    round holds a unit on each bet that is bet)."""
    first = plays[0]
    return Played(sum((p.per_shoe for p in plays[1:]), first.per_shoe), first.rounds,
                  sum(p.placed for p in plays), sum(p.won for p in plays),
                  sum(p.result_sum for p in plays),
                  sum(p.result_squares for p in plays))


#: A study's count slots, each a list of candidates, and the levels adding nothing.
Derived = tuple[list[list[DerivedCount]], tuple[tuple[int, bool], ...]]


def _derive(effects: Mapping[str, Fraction], weights: Mapping[str, int],
            levels: Sequence[int], given: Sequence[tuple[str, tuple[int, ...]]]) -> Derived:
    """A bet's slots of counts, each its candidates (the best first): per level the best
    balanced counts, and the best unbalanced ones where they correlate better; a level whose
    best count is no better than a lower level's adds nothing (and is left out); then every
    count given, as given."""
    slots: list[list[DerivedCount]] = []
    nothing: list[tuple[int, bool]] = []
    lower_balanced: Fraction | None = None
    lower_any: Fraction | None = None
    for level in levels:
        balanced = best_counts(effects, weights, level, CANDIDATES, balanced=True)
        anyhow = best_counts(effects, weights, level, CANDIDATES, balanced=False)
        best_b = balanced[0].correlation_squared if balanced else Fraction(0)
        best_a = anyhow[0].correlation_squared if anyhow else Fraction(0)
        if balanced:
            if lower_balanced is not None and best_b <= lower_balanced:
                nothing.append((level, True))
            else:
                slots.append([c for c in balanced
                              if c.correlation_squared > (lower_balanced or 0)])
        if anyhow and best_a > best_b:
            if lower_any is not None and best_a <= lower_any:
                nothing.append((level, False))
            else:
                floor = max(lower_any or Fraction(0), best_b)
                slots.append([c for c in anyhow if c.correlation_squared > floor])
        if balanced:
            lower_balanced = max(lower_balanced or Fraction(0), best_b)
        if anyhow:
            lower_any = max(lower_any or Fraction(0), best_a)
    for label, tags in given:
        slots.append([count_of(dict(zip(RANKS, tags)), effects, weights, label)])
    return slots, tuple(nothing)


def _co_candidates(effects: Effects, weights: Mapping[str, int],
                   bet_ids: Sequence[str], levels: Sequence[int],
                   derived: Mapping[str, Derived]) -> list[DerivedCount]:
    """The candidates for one count of every bet: the best balanced and unbalanced counts
    at each level of the bets' effects of removal, each divided by the bet's house edge
    (so that each bet's effects count by how far they move it toward breaking even), and
    each bet's own candidates; the correlation of each is with those weighted effects."""
    weighted = _co_effects(effects, bet_ids)
    found: dict[tuple[int, ...], DerivedCount] = {}
    for level in levels:
        for balanced in (True, False):
            for count in best_counts(weighted, weights, level, CANDIDATES, balanced=balanced):
                found.setdefault(count.key(), count)
    for bet_id in bet_ids:
        for slot in derived[bet_id][0]:
            for count in slot:
                again = count_of(count.tags, weighted, weights, count.label)
                found.setdefault(again.key(), replace(again, level=count.level))
    return list(found.values())


def _co_effects(effects: Effects, bet_ids: Sequence[str]) -> dict[str, Fraction]:
    """The bets' effects of removal summed, each divided by the bet's house edge."""
    total = dict.fromkeys(RANKS, Fraction(0))
    for bet_id in bet_ids:
        edge = abs(effects["__ev__"][bet_id]) or Fraction(1)
        for rank, effect in effects[bet_id].items():
            total[rank] += effect / edge
    return total


def _effects(job: Job) -> Effects:
    """Each bet's exact effect of removal by rank for the full shoe, and its expected value
    (under ``"__ev__"``)."""
    from exact_odds.analysis.removal import effect_of_removal
    from exact_odds.analysis.report import game_report

    report = game_report(job)
    table = effect_of_removal(report, "rank")
    found: Effects = {bet_id: dict(zip(table.labels, table.effects[bet_id]))
                             for bet_id in job.bet_ids}
    found["__ev__"] = {bet.id: bet.expected_value for bet in report.bets}
    return found


def _rank_counts(shoe: Shoe) -> list[int]:
    return [sum(shoe.counts[4 * r:4 * r + 4]) for r in range(len(RANKS))]


def _check_cost(jobs: Sequence[Job], chosen: Study, workers: int | None) -> int:
    """Refuse, before any work, a study beyond ``simulate``'s limits (``estimate``): its
    shoes are two streams per depth; the memory held is a range of rounds where they are
    dealt, and in the main process each play's win per shoe (and every round, with
    ``keep_rounds``). Returns the rounds the whole study deals, about."""
    from dataclasses import replace as changed

    from exact_odds.simulation.runner import estimate

    shoes, rounds = chosen.shoes, 0
    for job in jobs:
        cost = estimate(job, 2 * shoes * len(jobs), workers)
        bets = len(job.bet_ids)
        plays = bets * (2 * len(chosen.levels) + len(chosen.given) + chosen.co_count + 1)
        range_shoes = max(count for _, count in shoe_ranges(shoes, RANGE_SPLIT,
                                                            cards=job.shoe.size))
        per_round = ROUND_BYTES + bets * BET_ROUND_BYTES
        memory = (2 * shoes * plays * 8 * 2 + range_shoes * cost.rounds_per_shoe * per_round
                  + (2 * shoes * cost.rounds_per_shoe * per_round if chosen.keep_rounds else 0))
        changed(cost, memory=memory).check()
        rounds += 2 * shoes * cost.rounds_per_shoe
    return rounds


#: The bytes a recorded round takes (cards seen by rank, cards unseen, its shoe), and per
#: bet (expected value, whether it favours the bettor, what a unit returned).
ROUND_BYTES = 15 * 8
BET_ROUND_BYTES = 17
