"""Countability: how much a card counter wins against a bet, and what stops it.

For each bet of a game (``countability``):

1. its exact effects of removal by rank (``exact_odds.analysis.removal``) give, level by
   level, the integer tags that track it best (``counts.best_counts``: the highest betting
   correlation, several candidates per level);
2. shoes are dealt as ``exact-odds simulate`` deals them, twice: a *training* stream
   (shoes 0 to N-1 of the seed) on which each candidate's best trigger is found and the
   best candidate of each level chosen, and a *fresh* stream (shoes N to 2N-1) on which
   every figure is measured, so that the choice does not flatter it;
3. computer-perfect play on the same fresh shoes (one unit whenever the exact edge
   favours the bettor) is the upper bound of every count, and each count's share of it is
   shown;
4. all of it again for every cut-card depth asked for (the tags chosen at the first depth,
   the trigger found again at each), and in money when a maximum bet is given;
5. a verdict a game-protection manager can act on.

One pass of recorded rounds per stream and depth serves every count and every trigger
(``rounds``, ``triggers``). Every figure is an estimate from the shoes simulated, with its
standard error across shoes; each round's expected value is exact.
"""

from __future__ import annotations

import os
import sys
import uuid
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from decimal import Decimal, localcontext
from fractions import Fraction
from pathlib import Path
from typing import Any

from exact_odds.cards import RANKS
from exact_odds.countability.counts import (
    DerivedCount,
    best_counts,
    betting_correlation,
    count_of,
)
from exact_odds.countability.rounds import (
    Measures,
    RangeSummary,
    RecordedRange,
    bet_rounds,
    measure_range,
)
from exact_odds.countability.triggers import (
    MIN_SHOES,
    SIGNIFICANT,
    Figures,
    Histogram,
    Played,
    Rounds,
)
from exact_odds.errors import ExactOddsError, input_name, quoted
from exact_odds.games.dealing import parse_cut_cards_option
from exact_odds.games.model import Game
from exact_odds.limits import MAX_DEPTHS, MAX_GIVEN, MAX_LABEL, MAX_LEVEL, MAX_ROUNDS_PER_HOUR
from exact_odds.numbers import comma_items, fraction_text, parse_count, parse_exact
from exact_odds.render.document import Cell, Column, Document, Field, Json, Line, Table, Text
from exact_odds.render.rendered import Rendered
from exact_odds.render.text import safe
from exact_odds.running.pool import run_ranges
from exact_odds.shoe import Shoe
from exact_odds.simulation.play import DealingPlan
from exact_odds.simulation.runner import Progress, Setup, check_run, ranges, setup

#: The levels tried by default: a count's level is its largest absolute tag.
LEVELS = (1, 2, 3)
#: The cut-card depths tried by default: cards behind the cut card.
CUT_CARDS = (14,)
#: Candidate tags per level whose triggers are tried on the training shoes.
CANDIDATES = 6


class CountabilityError(ExactOddsError, ValueError):
    """A countability study that cannot be run as asked."""


@dataclass(frozen=True)
class CountResult:
    """One count at one depth: its tags, trigger (a true count of its own tags; against the
    shoe's expected share for an unbalanced count) and figures on the fresh shoes, and the
    bet's mean expected value by whole true count (``by_true_count``: (true count, rounds,
    mean expected value) where at least ``MIN_ROUNDS_SHOWN`` rounds fell)."""

    count: DerivedCount
    trigger: Fraction | None  # None: no trigger wins anything on the training shoes
    figures: Figures
    share: float | None  # of perfect play's win per shoe
    by_true_count: tuple[tuple[int, int, float], ...] = ()

    @property
    def play(self) -> str:
        """What a reader calls this count: its label, or its level and kind."""
        if self.count.label is not None:
            return self.count.label
        return f"level {self.count.level}" + ("" if self.count.balanced else " unbalanced")


#: A true count is shown against the expected value where at least this many rounds fell.
MIN_ROUNDS_SHOWN = 100


@dataclass(frozen=True)
class Depth:
    """Perfect play and every level's count with one cut-card depth."""

    cut_card: int | None
    perfect: Figures
    counts: tuple[CountResult, ...]


@dataclass(frozen=True)
class BetCountability:
    """A bet's countability: its edge, its effects of removal, and per depth what perfect
    play and the counts win; ``adds_nothing``: the levels (and whether balanced) whose best
    count is no better than a lower level's; ``verdict`` in words."""

    id: str
    name: str
    house_edge: Fraction
    effects: dict[str, Fraction]  # rank -> effect of removing one card of it
    depths: tuple[Depth, ...]
    verdict: str
    adds_nothing: tuple[tuple[int, bool], ...] = ()


@dataclass(frozen=True)
class CoCount:
    """One count for several bets at once: its tags (derived from the bets' effects of
    removal, each divided by the bet's house edge, or a bet's own count where that wins
    more on the training shoes), each bet's trigger, and on the fresh shoes of the first
    depth what it wins on every bet together (``figures``), bet by bet (``by_bet``), and
    what perfect play on every bet at once wins."""

    bets: tuple[str, ...]
    count: DerivedCount
    triggers: dict[str, Fraction | None]
    figures: Figures
    by_bet: dict[str, Figures]
    perfect: Figures


@dataclass(frozen=True)
class CountabilityReport(Rendered):
    """Every bet's countability, with the inputs that produced it."""

    setup: Setup
    shoes: int
    levels: tuple[int, ...]
    cut_cards: tuple[int | None, ...]
    bets: tuple[BetCountability, ...]
    max_bet: Fraction | None = None
    rounds_per_hour: int | None = None
    given: tuple[tuple[str, tuple[int, ...]], ...] = ()
    co_count: CoCount | None = None
    #: with ``keep_rounds``: (cut card, bet) -> (training rounds, fresh rounds)
    rounds: Mapping[tuple[int | None, str], tuple[Rounds, Rounds]] = field(
        default_factory=dict, repr=False, compare=False)

    def bet(self, bet_id: str) -> BetCountability:
        for bet in self.bets:
            if bet.id == bet_id:
                return bet
        raise CountabilityError(f"bet {bet_id!r} was not part of this study")

    def inputs(self) -> dict[str, Any]:
        """The game, shoe, rules, strategy, settings, dealing, seed, shoes per stream,
        levels, cut-card depths, given counts and money, under the keys every command
        records."""
        data = {key: value for key, value in self.setup.inputs().items()
                if key != "dealing_text"}
        data.update({"shoes": self.shoes, "fresh_shoes": f"{self.shoes} to {2 * self.shoes - 1}",
                     "levels": list(self.levels), "cut_cards": list(self.cut_cards),
                     "given_counts": [{"label": label, "tags": dict(zip(RANKS, tags))}
                                      for label, tags in self.given],
                     "max_bet": None if self.max_bet is None else fraction_text(self.max_bet),
                     "rounds_per_hour": self.rounds_per_hour})
        return data

    def to_document(self) -> Document:
        return _document(self)

    def to_dict(self) -> dict[str, Any]:
        """The inputs, then per bet its edge, effects of removal, perfect play, counts and
        verdict, at the first depth and by cut card; the co-count where asked."""
        data = {**self.inputs(), "estimates": "simulated: every figure is an estimate "
                "measured on the fresh shoes; *_se is its standard error",
                "bets": [_bet_dict(self, bet) for bet in self.bets]}
        if self.co_count is not None:
            data["co_count"] = _co_count_dict(self, self.co_count)
        return data

    def money(self, units_per_shoe: float, units_per_100_rounds: float
              ) -> tuple[float | None, float | None]:
        """Units turned into money a shoe and an hour, where a maximum bet is given."""
        if self.max_bet is None:
            return None, None
        per_shoe = float(_dollars(units_per_shoe, self.max_bet))
        per_hour = (None if self.rounds_per_hour is None else float(
            _dollars(units_per_100_rounds / 100, self.max_bet * self.rounds_per_hour)))
        return per_shoe, per_hour


def countability_report(game: Game | str | Path, *, bets: Sequence[str] | None = None,
                 levels: Sequence[int] | str = LEVELS, shoes: int = 20_000,
                 cut_cards: Sequence[int | str | None] | str = CUT_CARDS,
                 burn: str | int | None = None, after_cut: str | None = None,
                 decks: int | None = None, shoe: Shoe | None = None,
                 remove: Sequence[str] = (), seed: int | None = None,
                 workers: int | None = None, scheduler: str | None = None,
                 strategy: str | None = None, settings: Mapping[str, str] | None = None,
                 max_bet: Fraction | int | str | None = None,
                 rounds_per_hour: int | None = None, tags: Sequence[str] | str = (),
                 labels: Sequence[str] | str = (), co_count: bool = False,
                 keep_rounds: bool = False, progress: bool = False) -> CountabilityReport:
    """How much a card counter wins against each bet of ``game`` (all, or ``bets``): the
    best balanced and unbalanced counts at each of ``levels``, and the counts given as
    ``tags`` (``"A=0,2=1,..."``, each named by the ``labels`` given, in order), each with its
    best trigger, their figures on fresh shoes beside computer-perfect play, at each
    cut-card depth of ``cut_cards`` (cards behind the cut card; ``None`` shuffles every
    round), dealt ``shoes`` shoes a stream by the game's procedure (``burn``, ``after_cut``,
    ``decks``/``shoe``/``remove`` override it) from ``seed``. ``co_count`` (two or more bets)
    also finds one count for every bet at once. ``workers`` local processes (one, in this
    process, unless asked for, and never more than the cores: a script that asks for more
    needs the ``if __name__ == "__main__":`` guard; the command line uses every core) or a
    Dask ``scheduler``. ``max_bet`` (money a unit) and ``rounds_per_hour`` turn units into
    money. ``keep_rounds`` keeps every recorded round in the report (``rounds``), to
    measure other counts on the same shoes or to plot. What the study costs is estimated
    first, as for ``simulate``: beyond the limits, nothing runs."""
    from exact_odds.errors import check_type

    check_type(shoes, int, "shoes", "a whole number of shoes")
    check_run(shoes, workers, scheduler)
    check_type(co_count, bool, "co_count", "True or False")
    check_type(keep_rounds, bool, "keep_rounds", "True or False")
    if workers is None and scheduler is None:
        workers = 1
    named = {name: input_name(name) for name in ("levels", "cut_cards")}
    if isinstance(levels, str):
        levels = parse_levels(levels, named["levels"])
    check_type(levels, (list, tuple), "levels", "levels as a list of whole numbers, [1, 2, 3]")
    chosen_levels = tuple(sorted(dict.fromkeys(_level(level, named["levels"])
                                               for level in levels)))
    if not chosen_levels:
        raise CountabilityError(f"{named['levels']}: give at least one level (1, 2, 3, ...)")
    if isinstance(cut_cards, str):  # "14,26,52", read as the command line reads it
        cut_cards = parse_cut_cards_option(cut_cards, named["cut_cards"])
    check_type(cut_cards, (list, tuple), "cut_cards", "depths as a list of whole numbers, [14, 26]")
    depths = tuple(dict.fromkeys(cut_cards))
    if not depths:
        raise CountabilityError(f"{named['cut_cards']}: give at least one depth")
    if len(depths) > MAX_DEPTHS:
        raise CountabilityError(f"{named['cut_cards']}: at most {MAX_DEPTHS} depths, not "
                                f"{len(depths):,}")
    given = given_counts(tags, labels)
    money = _money(max_bet, rounds_per_hour)
    first = setup(game, bets=bets, decks=decks, shoe=shoe, remove=remove, cut_card=depths[0],
                  burn=burn, after_cut=after_cut, seed=seed, strategy=strategy,
                  settings=settings)
    if co_count and len(first.bet_ids) < 2:
        raise CountabilityError(f"{input_name('co_count')} counts two or more bets at once: "
                                f"give {input_name('bets')} two or more bets")
    setups = [first] + [setup(first.game, bets=first.bet_ids, shoe=first.start,
                              cut_card=depth, burn=burn, after_cut=after_cut, seed=first.seed,
                              strategy=strategy, settings=settings) for depth in depths[1:]]
    if scheduler is None and workers is not None:
        workers = min(workers, os.cpu_count() or 1)  # never more processes than cores
    _check_cost(setups, shoes, workers if scheduler is None else 1, chosen_levels, given,
                co_count, keep_rounds)
    effects = _effects(first)
    weights = dict(zip(RANKS, _rank_counts(first.start)))
    derived = {bet_id: _derive(effects[bet_id], weights, chosen_levels, given)
               for bet_id in first.bet_ids}
    bar = Progress(2 * shoes * len(setups)) if progress and sys.stderr.isatty() else None
    chosen: dict[str, list[DerivedCount]] = {}
    per_depth: dict[str, list[Depth]] = {bet_id: [] for bet_id in first.bet_ids}
    kept: dict[tuple[int | None, str], tuple[Rounds, Rounds]] = {}
    together: CoCount | None = None
    co_chosen: DerivedCount | None = None
    try:
        for ready in setups:
            plan = DealingPlan(ready.game, ready.bet_ids, ready.start.counts, ready.procedure,
                               ready.seed, ready.strategy, ready.settings, uuid.uuid4().hex)
            co_candidates: list[DerivedCount] = []
            if not chosen:  # the first depth: every candidate; then the counts chosen
                searches = {bet_id: [c for slot in derived[bet_id][0] for c in slot]
                            for bet_id in ready.bet_ids}
                if co_count:
                    co_candidates = _co_candidates(effects, weights, ready.bet_ids,
                                                   chosen_levels, derived)
            else:
                searches = {bet_id: list(chosen[bet_id]) for bet_id in ready.bet_ids}
            keys = list(dict.fromkeys(
                [(bet_id, c.played()[0]) for bet_id, found in searches.items() for c in found]
                + [(bet_id, c.played()[0]) for c in co_candidates for bet_id in ready.bet_ids]))
            training = _stream(Measures(plan, 0, tuple(keys), keep=keep_rounds), shoes,
                               workers, scheduler, bar)
            histogram = dict(zip(keys, training.histograms))

            def trigger(bet_id: str, count: DerivedCount,
                        histogram: dict[tuple[str, tuple[int, ...]], Histogram] = histogram
                        ) -> tuple[Fraction | None, float]:
                return histogram[(bet_id, count.played()[0])].best()

            if not chosen:
                for bet_id in ready.bet_ids:
                    chosen[bet_id] = [_most_won(slot, [trigger(bet_id, c)[1] for c in slot])
                                      for slot in derived[bet_id][0]]
                if co_candidates:
                    co_chosen = _most_won(co_candidates, [
                        sum(trigger(b, c)[1] for b in ready.bet_ids) for c in co_candidates])
            plays = [(bet_id, count, trigger(bet_id, count)[0])
                     for bet_id in ready.bet_ids for count in chosen[bet_id]]
            if co_candidates and co_chosen is not None:
                plays += [(bet_id, co_chosen, trigger(bet_id, co_chosen)[0])
                          for bet_id in ready.bet_ids]
            fresh = _stream(Measures(plan, shoes, plays=tuple(
                (bet_id, count.played()[0], found, count.played()[1])
                for bet_id, count, found in plays), perfect=True, keep=keep_rounds),
                shoes, workers, scheduler, bar)
            results: dict[str, list[Played]] = {bet_id: [] for bet_id in ready.bet_ids}
            for (bet_id, _, _), played in zip(plays, fresh.plays):
                results[bet_id].append(played)
            for bet_id in ready.bet_ids:
                perfect = fresh.perfect[bet_id].figures()
                per_depth[bet_id].append(Depth(ready.procedure.cut_card, perfect, tuple(
                    _result(count, trigger(bet_id, count)[0], played, perfect)
                    for count, played in zip(chosen[bet_id], results[bet_id]))))
                if keep_rounds:
                    kept[(ready.procedure.cut_card, bet_id)] = (
                        bet_rounds(training.rounds, bet_id, shoes, 0),
                        bet_rounds(fresh.rounds, bet_id, shoes, shoes))
            if co_candidates and co_chosen is not None:
                together = _co_result(ready.bet_ids, co_chosen, {
                    b: trigger(b, co_chosen)[0] for b in ready.bet_ids},
                    {b: results[b][-1] for b in ready.bet_ids}, fresh.perfect)
    finally:
        if bar is not None:
            bar.close()
    found = []
    for bet_id in first.bet_ids:
        bet = first.game.bet(bet_id)
        bet_depths = tuple(per_depth[bet_id])
        edge = -effects["__ev__"][bet_id]
        found.append(BetCountability(
            bet_id, bet.name, edge, effects[bet_id], bet_depths,
            _verdict(bet_depths, chosen_levels, money, shoes, edge), derived[bet_id][1]))
    return CountabilityReport(first, shoes, chosen_levels,
                              tuple(ready.procedure.cut_card for ready in setups),
                              tuple(found), *money, given=given, co_count=together,
                              rounds=kept)


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


def _stream(measures: Measures, shoes: int, workers: int | None, scheduler: str | None,
            bar: Progress | None) -> _Streamed:
    """Shoes ``measures.first`` on, ``shoes`` of them, dealt range by range (on local
    processes or Dask) and summarised as each range ends; the summaries joined in the
    order of the shoes."""
    cards = sum(measures.dealing.start)
    work = ranges(shoes, RANGE_SPLIT, first=measures.first, cards=cards)
    parts: dict[int, RangeSummary] = {}
    for index, part in run_ranges(measure_range, measures, work, workers, scheduler):
        parts[index] = part
        if bar is not None:
            bar.advance(work[index][1])
    ordered = [parts[i] for i in range(len(work))]
    histograms = tuple(sum((p.histograms[i] for p in ordered[1:]), ordered[0].histograms[i])
                       for i in range(len(measures.searches)))
    plays = tuple(sum((p.plays[i] for p in ordered[1:]), ordered[0].plays[i])
                  for i in range(len(measures.plays)))
    perfect = {bet: sum((p.perfect[bet] for p in ordered[1:]), ordered[0].perfect[bet])
               for bet in (ordered[0].perfect if measures.perfect else ())}
    return _Streamed(histograms, plays, perfect,
                     [p.rounds for p in ordered if p.rounds is not None])


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


def _co_candidates(effects: Mapping[str, Any], weights: Mapping[str, int],
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


def _co_effects(effects: Mapping[str, Any], bet_ids: Sequence[str]) -> dict[str, Fraction]:
    """The bets' effects of removal summed, each divided by the bet's house edge."""
    total = dict.fromkeys(RANKS, Fraction(0))
    for bet_id in bet_ids:
        edge = abs(effects["__ev__"][bet_id]) or Fraction(1)
        for rank, effect in effects[bet_id].items():
            total[rank] += effect / edge
    return total


def given_counts(tags: Sequence[str] | str, labels: Sequence[str] | str
                 ) -> tuple[tuple[str, tuple[int, ...]], ...]:
    """Counts given by hand: each ``"A=0,2=1,..."`` (``exact_odds.simulation.counting``'s
    tags) with its label (``labels`` in order; unlabelled ones are named by their tags).

    >>> given_counts(["4=-1,8=1"], ["mine"])
    (('mine', (0, 0, 0, -1, 0, 0, 0, 1, 0, 0, 0, 0, 0)),)
    """
    from exact_odds.errors import check_texts
    from exact_odds.simulation.counting import parse_tags

    what_tags, what_labels = input_name("tags"), input_name("labels")
    texts = check_texts(tags, "tags", "counts as text", "'A=0,2=1,...'")
    names = check_texts(labels, "labels", "labels as text", "a label")
    if len(names) > len(texts):
        raise CountabilityError(f"{what_labels}: {len(names)} labels for {len(texts)} "
                                f"{what_tags}: give one label per count, in order")
    if len(texts) > MAX_GIVEN:
        raise CountabilityError(f"{what_tags}: at most {MAX_GIVEN} counts, not {len(texts)}")
    found = []
    for index, text in enumerate(texts):
        parsed = parse_tags(text, what_tags)
        label = names[index] if index < len(names) else text.strip()
        found.append((label[:MAX_LABEL], parsed))
    labelled = [label for label, _ in found]
    if len(set(labelled)) < len(labelled):
        raise CountabilityError(f"{what_labels}: each count needs its own label")
    return tuple(found)


def parse_count_option(value: str, what: str) -> str:
    """A count given by hand (``--tags``), checked: ``RANK=TAG`` pairs, each rank once, each
    tag a whole number (``exact_odds.simulation.counting.parse_tags``); kept as written."""
    from exact_odds.simulation.counting import parse_tags

    parse_tags(value, what)
    return value




def parse_levels(text: str, what: str) -> tuple[int, ...]:
    """The levels of count to derive, ``1,2,3``: whole numbers from 1 to ``MAX_LEVEL``."""
    if not isinstance(text, str):
        raise CountabilityError(f"{what}: give levels as text, 1,2,3, not {quoted(text, 40)}")
    return tuple(_level(part, what)
                 for part in comma_items(text, what, "1,2,3", CountabilityError))


def _level(value: object, what: str) -> int:
    """A level: a whole number from 1 to ``MAX_LEVEL`` (an int, or digits as text)."""
    try:
        return parse_count(value, what, MAX_LEVEL)  # type: ignore[arg-type]
    except ExactOddsError as error:
        raise CountabilityError(str(error)) from None




def parse_max_bet(value: object, what: str) -> Fraction:
    """Money a unit (the table's maximum bet): an exact amount above 0."""
    bet = parse_exact(value, what)
    if bet <= 0:
        raise CountabilityError(f"{what}: an amount of money above 0, not {quoted(value, 40)}")
    return bet


def parse_rounds_per_hour(value: object, what: str) -> int:
    """Rounds dealt an hour: a whole number from 1 to ``MAX_ROUNDS_PER_HOUR``."""
    return parse_count(value, what, MAX_ROUNDS_PER_HOUR)  # type: ignore[arg-type]


def _money(max_bet: Fraction | int | str | None, rounds_per_hour: int | None
           ) -> tuple[Fraction | None, int | None]:
    per_hour, max_name = input_name("rounds_per_hour"), input_name("max_bet")
    bet = None if max_bet is None else parse_max_bet(max_bet, max_name)
    if rounds_per_hour is not None:
        if not isinstance(rounds_per_hour, int):  # never text or a float from Python
            raise CountabilityError(f"{per_hour}: a whole number from 1 to "
                                    f"{MAX_ROUNDS_PER_HOUR:,}, not {quoted(rounds_per_hour, 40)}")
        parse_rounds_per_hour(rounds_per_hour, per_hour)
    if rounds_per_hour is not None and bet is None:
        raise CountabilityError(f"{per_hour} goes with {max_name} (money per unit)")
    return bet, rounds_per_hour


def _effects(ready: Setup) -> dict[str, Any]:
    """Each bet's exact effect of removal by rank for the full shoe, and its expected value
    (under ``"__ev__"``)."""
    from exact_odds.analysis.removal import effect_of_removal
    from exact_odds.analysis.report import game_report

    report = game_report(ready.game, shoe=ready.start, bets=ready.bet_ids,
                         strategy=ready.strategy, settings=ready.settings)
    table = effect_of_removal(report, "rank")
    found: dict[str, Any] = {bet_id: dict(zip(table.labels, table.effects[bet_id]))
                             for bet_id in ready.bet_ids}
    found["__ev__"] = {bet.id: bet.expected_value for bet in report.bets}
    return found


def _rank_counts(shoe: Shoe) -> list[int]:
    return [sum(shoe.counts[4 * r:4 * r + 4]) for r in range(len(RANKS))]

def _check_cost(setups: Sequence[Setup], shoes: int, workers: int | None,
                levels: Sequence[int], given: Sequence[object], co_count: bool,
                keep_rounds: bool) -> None:
    """Refuse, before any work, a study beyond ``simulate``'s limits (``estimate``): its
    shoes are two streams per depth; the memory held is a range of rounds where they are
    dealt, and in the main process each play's win per shoe (and every round, with
    ``keep_rounds``)."""
    from dataclasses import replace as changed

    from exact_odds.simulation.runner import estimate

    for ready in setups:
        cost = estimate(ready, 2 * shoes * len(setups), workers)
        bets = len(ready.bet_ids)
        plays = bets * (2 * len(levels) + len(given) + (1 if co_count else 0) + 1)
        range_shoes = max(count for _, count in ranges(shoes, RANGE_SPLIT,
                                                       cards=ready.start.size))
        per_round = ROUND_BYTES + bets * BET_ROUND_BYTES
        memory = (2 * shoes * plays * 8 * 2 + range_shoes * cost.rounds_per_shoe * per_round
                  + (2 * shoes * cost.rounds_per_shoe * per_round if keep_rounds else 0))
        changed(cost, memory=memory).check()


#: The bytes a recorded round takes (cards seen by rank, cards unseen, its shoe), and per
#: bet (expected value, whether it favours the bettor, what a unit returned).
ROUND_BYTES = 15 * 8
BET_ROUND_BYTES = 17


def _verdict(depths: Sequence[Depth], levels: Sequence[int],
             money: tuple[Fraction | None, int | None], shoes: int, house_edge: Fraction
             ) -> str:
    """In words: countable or not, by which count, how much, and what the deeper cut cards
    leave; that the bet favours the bettor without a count; or that the shoes are too few
    to tell."""
    first = depths[0]
    where = _depth_words(first.cut_card)
    if house_edge < 0:
        return (f"favours the bettor flat: a unit on every round wins {float(-house_edge):.2%} "
                "of it on average, no count needed")
    perfect = first.perfect
    if perfect.units_per_shoe_se is None:
        return (f"cannot tell from {shoes:,} shoe{'s' if shoes != 1 else ''}: a standard error "
                f"needs at least {MIN_SHOES} shoes a stream (--shoes)")
    if not perfect.measurable:
        if perfect.units_per_shoe + SIGNIFICANT * perfect.units_per_shoe_se >= WORTH_COUNTING:
            return (f"cannot tell from {shoes:,} shoes: computer-perfect play wins "
                    f"{perfect.units_per_shoe:+.2g} ± {perfect.units_per_shoe_se:.2g} units a "
                    f"shoe {where}; more shoes would measure it")
        return (f"not countable: even computer-perfect play wins nothing measurable "
                f"({perfect.units_per_shoe:+.2g} ± {perfect.units_per_shoe_se:.2g} "
                f"units a shoe {where})")
    winning = [c for c in first.counts if c.figures.measurable]
    if not winning:
        return (f"not countable by a count: computer-perfect play wins "
                f"{_units(perfect.units_per_shoe)} units a shoe {where}, but no count of "
                f"level {', '.join(map(str, levels))} (balanced or unbalanced) nor any "
                "count given wins a measurable amount")
    best = max(winning, key=lambda c: c.figures.units_per_shoe)
    simple = next(c for c in winning
                  if c.figures.units_per_shoe >= best.figures.units_per_shoe / 2)
    bet, _ = money

    def price(result: CountResult) -> str:
        return ("" if bet is None else
                f" ({money_text(_dollars(result.figures.units_per_shoe, bet))} a shoe at a "
                f"{money_text(bet)} limit)")

    def named(result: CountResult) -> str:
        if result.count.label is not None:
            return f"the count {safe(result.count.label)!r}"
        kind = "" if result.count.balanced else "n unbalanced"
        return f"a{kind} level-{result.count.level} count"

    if best.figures.units_per_shoe < WORTH_COUNTING:
        return (f"not worth counting: the best count ({best.play}) wins "
                f"{_units(best.figures.units_per_shoe)} units a shoe {where}{price(best)}, "
                f"and perfect play {_units(perfect.units_per_shoe)}")
    said = (f"countable: {named(simple)} wins "
            f"{_units(simple.figures.units_per_shoe)} units a shoe {where}{price(simple)}")
    others = []
    for depth in depths[1:]:
        same = next((c for c in depth.counts if c.count == simple.count), None)
        if same is not None:
            value = (_units(same.figures.units_per_shoe) if same.figures.measurable
                     else "nothing measurable")
            others.append(f"{value} at {_depth_words(depth.cut_card, short=True)}")
    if others:
        said += "; " + "; ".join(others)
    return said


#: Below this win per shoe a count is not worth a counter's while (one unit in 100 shoes).
WORTH_COUNTING = 0.01


def _units(value: float) -> str:
    """Units as people read them: two decimals, or two figures when smaller."""
    return f"{value:.2f}" if abs(value) >= 0.1 else f"{value:.2g}"


def _depth_words(cut_card: int | None, short: bool = False) -> str:
    if cut_card is None:
        return "shuffled every round"
    return f"{cut_card} cards" if short else f"with {cut_card} cards behind the cut card"


def _dollars(units: float, per_unit: Fraction) -> Decimal:
    """An estimate in units times an exact amount a unit, as a decimal (no float's
    rounding of the amount)."""
    exact = Decimal(repr(units)) * Decimal(per_unit.numerator) / Decimal(per_unit.denominator)
    return exact


def money_text(value: Fraction | Decimal) -> str:
    """Money as written: ``$5,000``, ``$0.001``, ``$1,000,000,000,000,000,000,000,000,000,000``;
    an estimate to the cent from $100 down, to the dollar above.

    >>> money_text(Fraction(10**30)), money_text(Fraction(1, 1000)), money_text(Decimal("2.5"))
    ('$1,000,000,000,000,000,000,000,000,000,000', '$0.001', '$2.50')
    """
    if isinstance(value, Fraction):  # an amount given: every digit it has
        exact = Decimal(value.numerator) / Decimal(value.denominator)
        rest = value.denominator
        for prime in (2, 5):
            while rest % prime == 0:
                rest //= prime
        if rest != 1:  # no decimal ends: the fraction itself
            return f"${fraction_text(value)}"
        exact = exact.normalize()
        if -2 < exact.as_tuple().exponent < 0:  # type: ignore[operator]
            exact = exact.quantize(Decimal("0.01"))  # $2.50, not $2.5
        text = f"{exact:,f}"
        return "$" + text if not text.startswith("-") else "-$" + text[1:]
    places = Decimal(1) if abs(value) >= 100 else Decimal("0.01")
    if abs(value) < 1 and value != 0 and abs(value) < Decimal("0.005"):
        return f"${value:.2g}"
    with localcontext() as context:  # every digit of the whole dollars: $10**30 has 31
        context.prec = max(context.prec, value.adjusted() + 3)
        return f"${value.quantize(places):,}"



# --- as people read it and as data ----------------------------------------------------------

def _figures_dict(report: CountabilityReport, shown: Figures) -> Json:
    per_shoe, per_hour = report.money(shown.units_per_shoe, shown.units_per_100_rounds)
    data: Json = {"bet_frequency": shown.bet_frequency, "average_edge": shown.average_edge,
                  "units_per_100_rounds": shown.units_per_100_rounds,
                  "units_per_shoe": shown.units_per_shoe,
                  "units_per_shoe_se": shown.units_per_shoe_se,
                  "rounds_per_shoe": shown.rounds_per_shoe,
                  "sd_per_round": shown.sd_per_round, "n0": shown.n0}
    if report.max_bet is not None:
        data.update({"money_per_shoe": per_shoe, "money_per_hour": per_hour})
    return data


def _count_dict(report: CountabilityReport, result: CountResult) -> Json:
    return {"level": result.count.level, "label": result.count.label,
            "balanced": result.count.balanced, "tags": dict(result.count.tags),
            "betting_correlation": result.count.correlation,
            "trigger": None if result.trigger is None else float(result.trigger),
            **_figures_dict(report, result.figures),
            "share_of_perfect_play": result.share,
            "ev_by_true_count": [{"true_count": tc, "rounds": n, "mean_ev": ev}
                                 for tc, n, ev in result.by_true_count]}


def _depth_dict(report: CountabilityReport, depth: Depth) -> Json:
    return {"cut_card": depth.cut_card,
            "perfect_play": _figures_dict(report, depth.perfect),
            "counts": [_count_dict(report, c) for c in depth.counts]}


def _bet_dict(report: CountabilityReport, bet: BetCountability) -> Json:
    first = _depth_dict(report, bet.depths[0])
    return {"id": bet.id, "name": bet.name, "house_edge": fraction_text(bet.house_edge),
            "effect_of_removal": {rank: fraction_text(e) for rank, e in bet.effects.items()},
            "perfect_play": first["perfect_play"], "counts": first["counts"],
            "adds_nothing": [{"level": level, "balanced": balanced}
                             for level, balanced in bet.adds_nothing],
            "verdict": bet.verdict,
            "by_cut_card": [_depth_dict(report, depth) for depth in bet.depths]}


def _co_count_dict(report: CountabilityReport, co: CoCount) -> Json:
    return {"bets": list(co.bets), "level": co.count.largest_tag,
            "balanced": co.count.balanced, "tags": dict(co.count.tags),
            "betting_correlation": co.count.correlation,
            "triggers": {b: None if t is None else float(t) for b, t in co.triggers.items()},
            **_figures_dict(report, co.figures),
            "by_bet": {b: _figures_dict(report, shown) for b, shown in co.by_bet.items()},
            "perfect_play": _figures_dict(report, co.perfect)}


#: The formats a person reads; CSV has one table of its own, a row per bet, depth and play.
_READ = ("text", "markdown", "html", "xlsx")

_CSV_COLUMNS = (
    Column("bet"), Column("cut_card"), Column("play"), Column("level", "count"),
    *(Column(f"tag_{rank}", "count", key=f"tag_{rank}") for rank in RANKS),
    Column("betting_correlation", "decimal", 6), Column("trigger"),
    Column("bet_frequency", "decimal", 8), Column("average_edge", "decimal", 8),
    Column("units_per_100_rounds", "decimal", 8), Column("units_per_shoe", "decimal", 8),
    Column("units_per_shoe_se", "decimal", 8), Column("rounds_per_shoe", "decimal", 4),
    Column("sd_per_round", "decimal", 6), Column("n0", "decimal", 1),
    Column("share_of_perfect_play", "decimal", 6), Column("money_per_shoe", "decimal", 2),
    Column("money_per_hour", "decimal", 2), Column("verdict"))


def _csv_table(report: CountabilityReport) -> Table:
    rows: list[tuple[Cell, ...]] = []
    for bet in report.bets:
        for depth in bet.depths:
            plays: list[tuple[str, CountResult | None, Figures]] = [
                ("perfect", None, depth.perfect)]
            plays += [(c.play, c, c.figures) for c in depth.counts]
            for play, result, shown in plays:
                money = report.money(shown.units_per_shoe, shown.units_per_100_rounds)
                tags = ((None,) * len(RANKS) if result is None
                        else tuple(result.count.tags.get(r, 0) for r in RANKS))
                rows.append((
                    bet.id, "none" if depth.cut_card is None else str(depth.cut_card), play,
                    None if result is None else result.count.level, *tags,
                    None if result is None else result.count.correlation,
                    "exact edge > 0" if result is None else
                    "never" if result.trigger is None else f"{float(result.trigger):g}",
                    shown.bet_frequency, shown.average_edge, shown.units_per_100_rounds,
                    shown.units_per_shoe, shown.units_per_shoe_se, shown.rounds_per_shoe,
                    shown.sd_per_round, shown.n0,
                    1.0 if result is None else result.share, *money, bet.verdict))
    return Table("", _CSV_COLUMNS, tuple(rows), formats=("csv",))


_COUNT_COLUMNS = (Column("Play"), Column("Trigger"), Column("Bet frequency", "percent", 2),
                  Column("Average edge", "percent", 2, sign=True),
                  Column("Units per 100 rounds", "decimal", 4),
                  Column("Units per shoe", "decimal", 4), Column("± SE", "decimal", 4),
                  Column("SD per round", "decimal", 3), Column("N0 (rounds)", "decimal", 0),
                  Column("Share of perfect play", "decimal", 2))


def _figure_cells(shown: Figures) -> tuple[Cell, ...]:
    return (shown.bet_frequency, shown.average_edge, shown.units_per_100_rounds,
            shown.units_per_shoe, shown.units_per_shoe_se, shown.sd_per_round, shown.n0)


def _depth_table(report: CountabilityReport, bet: BetCountability, depth: Depth) -> Table:
    def money(shown: Figures) -> tuple[Cell, ...]:
        if report.max_bet is None:
            return ()
        per_shoe, per_hour = report.money(shown.units_per_shoe, shown.units_per_100_rounds)
        return (per_shoe,) if report.rounds_per_hour is None else (per_shoe, per_hour)

    rows: list[tuple[Cell, ...]] = [("perfect", "exact edge > 0", *_figure_cells(depth.perfect),
                                     1.0 if depth.perfect.measurable else None,
                                     *money(depth.perfect))]
    for result in depth.counts:
        trigger = "never" if result.trigger is None else f"TC >= {float(result.trigger):g}"
        rows.append((result.play, trigger, *_figure_cells(result.figures),
                     result.share, *money(result.figures)))
    columns = list(_COUNT_COLUMNS)
    if report.max_bet is not None:
        columns.append(Column("Money per shoe", "decimal", 2))
        if report.rounds_per_hour is not None:
            columns.append(Column("Money per hour", "decimal", 2))
    return Table(f"{_depth_words(depth.cut_card).capitalize()}: on the fresh shoes",
                 tuple(columns), tuple(rows), sheet=f"{bet.id[:20]} {depth.cut_card}"[:31],
                 formats=_READ)


def _tags_table(bet: BetCountability) -> Table:
    rows: tuple[tuple[Cell, ...], ...] = tuple(
        (c.play, *(c.count.tags.get(r, 0) for r in RANKS), c.count.correlation,
         c.count.balance) for c in bet.depths[0].counts)
    return Table("Counts: tags per rank, betting correlation with the effects of removal "
                 "(an unbalanced count's true count is taken against the shoe's expected "
                 "share)",
                 (Column("Count"), *(Column(r, "count") for r in RANKS),
                  Column("Betting correlation", "decimal", 4),
                  Column("Sum over the shoe", "count")), rows, sheet=f"{bet.id[:24]} tags",
                 formats=_READ)


def _effects_table(bet: BetCountability) -> Table:
    return Table("Effect of removing one card, per rank (change in expected value per unit)",
                 tuple(Column(r, "signed", 6) for r in RANKS),
                 (tuple(bet.effects[r] for r in RANKS),), sheet=f"{bet.id[:24]} eor",
                 formats=_READ)


def _document(report: CountabilityReport) -> Document:
    inputs = report.inputs()
    header: list[Line] = [
        Field("Game", f"{safe(report.setup.game.name)} ({safe(report.setup.game.id)})"),
        Field("Shoe", inputs["shoe_description"]), Field("Rules", inputs["rules"]),
        Field("Dealing", report.setup.procedure.describe()),
        Field("Cut cards", ", ".join("none" if c is None else str(c) for c in report.cut_cards)),
        Field("Seed", str(inputs["seed"])),
        Field("Shoes", f"{report.shoes:,} to choose each count's tags and trigger, "
                       f"{report.shoes:,} fresh ones (numbers {inputs['fresh_shoes']}) to "
                       "measure them"),
        Field("Levels", ", ".join(map(str, report.levels)))]
    if report.max_bet is not None:
        header.append(Field("Maximum bet", money_text(report.max_bet)))
    if report.rounds_per_hour is not None:
        header.append(Field("Rounds per hour", str(report.rounds_per_hour)))
    header += [Field("exact-odds", inputs["exact_odds_version"]),
               "Every figure is an estimate from the fresh shoes (± one standard error); each "
               "round's expected value is exact."]
    blocks: list[Table | Text] = []
    for bet in report.bets:
        blocks += [Text((f"{safe(bet.name)} [{safe(bet.id)}]: house edge "
                         f"{float(bet.house_edge):.4%}",
                         f"Verdict: {bet.verdict}"), formats=_READ),
                   _effects_table(bet)]
        if bet.adds_nothing:
            blocks.append(Text(tuple(
                f"Level {level} adds nothing ({'balanced' if balanced else 'unbalanced'}): "
                f"its best {'balanced' if balanced else 'unbalanced'} count correlates no "
                "better than a lower level's." for level, balanced in bet.adds_nothing),
                formats=_READ))
        if bet.depths[0].counts:
            blocks.append(_tags_table(bet))
        else:
            blocks.append(Text(("No count has a positive betting correlation with the effects "
                                "of removal: a linear count cannot track this bet.",),
                               formats=_READ))
        blocks += [_depth_table(report, bet, depth) for depth in bet.depths]
        if len(bet.depths) > 1:
            blocks.append(_cut_card_table(report, bet))
    if report.co_count is not None:
        blocks.append(_co_count_table(report, report.co_count))
    blocks.append(_csv_table(report))
    return Document(f"{safe(report.setup.game.name)}: countability", tuple(header),
                    tuple(blocks))


def _co_count_table(report: CountabilityReport, co: CoCount) -> Table:
    """The co-count beside each bet's own best count and perfect play on every bet."""
    rows: list[tuple[Cell, ...]] = [
        ("co-count, every bet", "", *_figure_cells(co.figures))]
    for bet_id in co.bets:
        trigger = co.triggers[bet_id]
        rows.append((f"co-count on {safe(bet_id)}",
                     "never" if trigger is None else f"TC >= {float(trigger):g}",
                     *_figure_cells(co.by_bet[bet_id])))
        own = report.bet(bet_id).depths[0].counts
        if own:
            best = max(own, key=lambda c: c.figures.units_per_shoe)
            rows.append((f"{safe(bet_id)}'s own best count ({best.play})",
                         "never" if best.trigger is None else f"TC >= {float(best.trigger):g}",
                         *_figure_cells(best.figures)))
    rows.append(("perfect play, every bet", "exact edge > 0", *_figure_cells(co.perfect)))
    tags = " ".join(f"{r}={t:+d}" if t else f"{r}=0" for r, t in co.count.tags.items())
    return Table(f"One count for {', '.join(safe(b) for b in co.bets)} ({tags}; betting "
                 f"correlation {co.count.correlation:.4f} with the effects of removal each "
                 "divided by its bet's house edge)", _COUNT_COLUMNS[:-1], tuple(rows),
                 sheet="co-count", formats=_READ)


def _cut_card_table(report: CountabilityReport, bet: BetCountability) -> Table:
    """Units per shoe against the cut card's depth: perfect play and each level."""
    plays = [c.play for c in bet.depths[0].counts]
    rows = []
    for depth in bet.depths:
        by_play = {c.play: c.figures.units_per_shoe for c in depth.counts}
        rows.append(("none" if depth.cut_card is None else str(depth.cut_card),
                     depth.perfect.units_per_shoe, *(by_play.get(play) for play in plays)))
    return Table("Units per shoe by cut card (cards behind it)",
                 (Column("Cut card"), Column("Perfect play", "decimal", 4),
                  *(Column(safe(play).capitalize(), "decimal", 4) for play in plays)),
                 tuple(rows), sheet=f"{bet.id[:20]} by cut", formats=_READ)


__all__ = ["BetCountability", "CoCount", "CountResult", "CountabilityError",
           "CountabilityReport", "Depth", "countability_report", "betting_correlation",
           "given_counts", "money_text"]
