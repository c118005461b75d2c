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

import sys
import uuid
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import Any

from exact_odds.cards import RANKS
from exact_odds.countability.counts import DerivedCount, best_counts, betting_correlation
from exact_odds.countability.rounds import RecordedRange, bet_rounds, record_rounds
from exact_odds.countability.triggers import (
    Figures,
    Rounds,
    best_trigger,
    figures,
    perfect_play,
)
from exact_odds.errors import ExactOddsError, input_name, quoted
from exact_odds.games.dealing import MAX_DEPTHS, parse_cut_cards_option
from exact_odds.games.model import Game
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
#: A win is measurable when it exceeds this many standard errors.
SIGNIFICANT = 2


class CountabilityError(ExactOddsError, ValueError):
    """A countability study that cannot be run as asked."""


@dataclass(frozen=True)
class CountResult:
    """One count at one depth: its tags, trigger and figures on the fresh shoes, and the
    bet's mean expected value by true count (``by_true_count``: (whole true count, rounds,
    mean expected value) where at least ``MIN_ROUNDS_SHOWN`` rounds fell)."""

    count: DerivedCount
    trigger: Fraction | None  # None: no trigger wins anything on the training shoes
    figures: Figures
    share: float | None  # of perfect play's win per shoe
    by_true_count: tuple[tuple[int, int, float], ...] = ()


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
    play and the counts win; ``verdict`` in words."""

    id: str
    name: str
    house_edge: Fraction
    effects: dict[str, Fraction]  # rank -> effect of removing one card of it
    depths: tuple[Depth, ...]
    verdict: str


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
        levels, cut-card depths and money, under the keys every command records."""
        data = {key: value for key, value in self.setup.inputs().items()
                if key != "dealing_text"}
        data.update({"shoes": self.shoes, "fresh_shoes": f"{self.shoes} to {2 * self.shoes - 1}",
                     "levels": list(self.levels), "cut_cards": list(self.cut_cards),
                     "max_bet": None if self.max_bet is None else fraction_text(self.max_bet),
                     "rounds_per_hour": self.rounds_per_hour})
        return data

    def to_document(self) -> Document:
        return _document(self)

    def to_dict(self) -> dict[str, Any]:
        """The inputs, then per bet its edge, effects of removal, perfect play, counts and
        verdict, at the first depth and by cut card."""
        return {**self.inputs(), "estimates": "simulated: every figure is an estimate "
                "measured on the fresh shoes; *_se is its standard error",
                "bets": [_bet_dict(self, bet) for bet in self.bets]}

    def money(self, units_per_shoe: float, units_per_100_rounds: float
              ) -> tuple[float | None, float | None]:
        """Units turned into money a shoe and an hour, where a maximum bet is given."""
        if self.max_bet is None:
            return None, None
        per_shoe = units_per_shoe * float(self.max_bet)
        per_hour = (None if self.rounds_per_hour is None
                    else units_per_100_rounds / 100 * self.rounds_per_hour * float(self.max_bet))
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
                 rounds_per_hour: int | None = None, keep_rounds: bool = False,
                 progress: bool = False) -> CountabilityReport:
    """How much a card counter wins against each bet of ``game`` (all, or ``bets``): the
    counts derived at each of ``levels``, their best triggers, their figures on fresh shoes
    beside computer-perfect play, at each cut-card depth of ``cut_cards`` (cards behind the
    cut card; ``None`` shuffles every round), dealt ``shoes`` shoes a stream by the game's
    procedure (``burn``, ``after_cut``, ``decks``/``shoe``/``remove`` override it) from
    ``seed``. ``workers`` local processes (one, in this process, unless asked for: a script
    that asks for more needs the ``if __name__ == "__main__":`` guard; the command line
    uses every core) or a Dask ``scheduler``. ``max_bet`` (money a unit) and ``rounds_per_hour``
    turn units into money. ``keep_rounds`` keeps every recorded round in the report
    (``rounds``), to measure other counts on the same shoes or to plot."""
    check_run(shoes, workers, scheduler)
    if workers is None and scheduler is None:
        workers = 1
    named = {name: input_name(name) for name in ("levels", "cut_cards")}
    if isinstance(levels, str):
        levels = parse_levels(levels, named["levels"])
    chosen_levels = tuple(dict.fromkeys(_level(level, named["levels"]) for level in levels))
    if not chosen_levels:
        raise CountabilityError(f"{named['levels']}: give at least one level (1, 2, 3, ...)")
    if isinstance(cut_cards, str):  # "14,26,52", read as the command line reads it
        cut_cards = parse_cut_cards_option(cut_cards, named["cut_cards"])
    depths = tuple(dict.fromkeys(cut_cards))
    if not depths:
        raise CountabilityError(f"{named['cut_cards']}: give at least one depth")
    if len(depths) > MAX_DEPTHS:
        raise CountabilityError(f"{named['cut_cards']}: at most {MAX_DEPTHS} depths, not "
                                f"{len(depths):,}")
    money = _money(max_bet, rounds_per_hour)
    first = setup(game, bets=bets, decks=decks, shoe=shoe, remove=remove, cut_card=depths[0],
                  burn=burn, after_cut=after_cut, seed=seed, strategy=strategy,
                  settings=settings)
    setups = [first] + [setup(first.game, bets=first.bet_ids, shoe=first.start,
                              cut_card=depth, burn=burn, after_cut=after_cut, seed=first.seed,
                              strategy=strategy, settings=settings) for depth in depths[1:]]
    effects = _effects(first)
    weights = dict(zip(RANKS, _rank_counts(first.start)))
    candidates = {bet_id: {level: best_counts(effects[bet_id], weights, level, CANDIDATES)
                           for level in chosen_levels} for bet_id in first.bet_ids}
    bar = Progress(2 * shoes * len(setups)) if progress and sys.stderr.isatty() else None
    chosen: dict[str, dict[int, DerivedCount]] = {}
    per_depth: dict[str, list[Depth]] = {bet_id: [] for bet_id in first.bet_ids}
    kept: dict[tuple[int | None, str], tuple[Rounds, Rounds]] = {}
    try:
        for ready in setups:
            training, fresh = _streams(ready, shoes, workers, scheduler, bar)
            for bet_id in ready.bet_ids:
                train, test = (bet_rounds(training, bet_id, shoes, 0),
                               bet_rounds(fresh, bet_id, shoes, shoes))
                if bet_id not in chosen:  # the tags are chosen at the first depth
                    chosen[bet_id] = {level: _choose(train, found)
                                      for level, found in candidates[bet_id].items() if found}
                per_depth[bet_id].append(_depth(ready, train, test, chosen[bet_id]))
                if keep_rounds:
                    kept[(ready.procedure.cut_card, bet_id)] = (train, test)
    finally:
        if bar is not None:
            bar.close()
    results = []
    for bet_id in first.bet_ids:
        bet = first.game.bet(bet_id)
        found = tuple(per_depth[bet_id])
        results.append(BetCountability(
            bet_id, bet.name, -effects["__ev__"][bet_id], effects[bet_id], found,
            _verdict(found, chosen_levels, money)))
    return CountabilityReport(first, shoes, chosen_levels,
                              tuple(ready.procedure.cut_card for ready in setups),
                              tuple(results), *money, rounds=kept)


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


#: The highest level searched: a count with tags beyond +-20 is no count a person keeps.
MAX_LEVEL = 20
#: The most rounds an hour ``--rounds-per-hour`` takes (a fast electronic table deals ~200).
MAX_ROUNDS_PER_HOUR = 10_000


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


def _streams(ready: Setup, shoes: int, workers: int | None, scheduler: str | None,
             bar: Progress | None) -> tuple[list[RecordedRange], list[RecordedRange]]:
    """The training shoes (0 to N-1) and the fresh shoes (N to 2N-1), recorded."""
    plan = DealingPlan(ready.game, ready.bet_ids, ready.start.counts, ready.procedure,
                      ready.seed, ready.strategy, ready.settings, uuid.uuid4().hex)
    work = ranges(shoes, workers) + ranges(shoes, workers, first=shoes)
    training: list[RecordedRange] = []
    fresh: list[RecordedRange] = []
    for _, part in run_ranges(record_rounds, plan, work, workers, scheduler):
        (training if part.first < shoes else fresh).append(part)
        if bar is not None:
            bar.advance(part.count)
    return training, fresh


def _choose(train: Rounds, found: list[DerivedCount]) -> DerivedCount:
    """The candidate whose best trigger wins the most on the training shoes."""
    def won(count: DerivedCount) -> float:
        tags = _tags(count)
        trigger = best_trigger(train, tags)
        if trigger is None:
            return 0.0
        return figures(train, train.at_least(tags, trigger)).units_per_shoe

    return max(found, key=won)


def _tags(count: DerivedCount) -> tuple[int, ...]:
    return tuple(count.tags.get(rank, 0) for rank in RANKS)


def _depth(ready: Setup, train: Rounds, test: Rounds, counts: Mapping[int, DerivedCount]
           ) -> Depth:
    perfect = perfect_play(test)
    found = []
    for count in counts.values():
        tags = _tags(count)
        trigger = best_trigger(train, tags)
        bets = (test.at_least(tags, trigger) if trigger is not None
                else test.ev != test.ev)  # never
        shown = figures(test, bets)
        share = shown.share_of(perfect) if _measurable(perfect) else None
        found.append(CountResult(count, trigger, shown, share,
                                 _by_true_count(test, tags)))
    return Depth(ready.procedure.cut_card, perfect, tuple(found))


def _by_true_count(rounds: Rounds, tags: tuple[int, ...]) -> tuple[tuple[int, int, float], ...]:
    """The mean expected value of the rounds at each whole true count (rounded down)."""
    import numpy as np

    whole = np.floor_divide(rounds.running_counts(tags) * 52, rounds.unseen)
    if not len(whole):
        return ()
    low = int(whole.min())
    numbers = np.bincount(whole - low)
    sums = np.bincount(whole - low, weights=rounds.ev)
    return tuple((low + i, int(n), float(sums[i] / n)) for i, n in enumerate(numbers)
                 if n >= MIN_ROUNDS_SHOWN)


def _measurable(figures: Figures) -> bool:
    return figures.units_per_shoe > SIGNIFICANT * figures.units_per_shoe_se


def _verdict(depths: Sequence[Depth], levels: Sequence[int],
             money: tuple[Fraction | None, int | None]) -> str:
    """In words: countable or not, by which level of count, how much, and what the
    deeper cut cards leave."""
    first = depths[0]
    where = _depth_words(first.cut_card)
    if not _measurable(first.perfect):
        return (f"not countable: even computer-perfect play wins nothing measurable "
                f"({first.perfect.units_per_shoe:+.2g} ± {first.perfect.units_per_shoe_se:.2g} "
                f"units a shoe {where})")
    winning = [c for c in first.counts if _measurable(c.figures)]
    if not winning:
        return (f"not countable by a count: computer-perfect play wins "
                f"{_units(first.perfect.units_per_shoe)} units a shoe {where}, but no count of "
                f"level {', '.join(map(str, levels))} wins a measurable amount")
    best = max(winning, key=lambda c: c.figures.units_per_shoe)
    simple = next(c for c in winning
                  if c.figures.units_per_shoe >= best.figures.units_per_shoe / 2)
    bet, _ = money

    def price(result: CountResult) -> str:
        return ("" if bet is None else
                f" ({_amount(result.figures.units_per_shoe * float(bet))} a shoe at a "
                f"{_amount(float(bet))} limit)")

    if best.figures.units_per_shoe < WORTH_COUNTING:
        return (f"not worth counting: the best count (level {best.count.level}) wins "
                f"{_units(best.figures.units_per_shoe)} units a shoe {where}{price(best)}, "
                f"and perfect play {_units(first.perfect.units_per_shoe)}")
    said = (f"countable: a level-{simple.count.level} count wins "
            f"{_units(simple.figures.units_per_shoe)} units a shoe {where}{price(simple)}")
    others = []
    for depth in depths[1:]:
        same = next((c for c in depth.counts if c.count.level == simple.count.level), None)
        if same is not None:
            value = (_units(same.figures.units_per_shoe) if _measurable(same.figures)
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


def _amount(value: float) -> str:
    return f"${value:,.0f}" if abs(value) >= 100 else f"${value:,.2f}"


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
    return {"level": result.count.level, "tags": dict(result.count.tags),
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
            "verdict": bet.verdict,
            "by_cut_card": [_depth_dict(report, depth) for depth in bet.depths]}


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
            plays += [(f"level {c.count.level}", c, c.figures) for c in depth.counts]
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
                                     1.0 if _measurable(depth.perfect) else None,
                                     *money(depth.perfect))]
    for result in depth.counts:
        trigger = "never" if result.trigger is None else f"TC >= {float(result.trigger):g}"
        rows.append((f"level {result.count.level}", trigger, *_figure_cells(result.figures),
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
    rows = tuple((c.count.level, *(c.count.tags.get(r, 0) for r in RANKS),
                  c.count.correlation, c.count.balance)
                 for c in bet.depths[0].counts)
    return Table("Counts: tags per rank, betting correlation with the effects of removal",
                 (Column("Level", "count"), *(Column(r, "count") for r in RANKS),
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
        header.append(Field("Maximum bet", _amount(float(report.max_bet))))
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
        if bet.depths[0].counts:
            blocks.append(_tags_table(bet))
        else:
            blocks.append(Text(("No count has a positive betting correlation with the effects "
                                "of removal: a linear count cannot track this bet.",),
                               formats=_READ))
        blocks += [_depth_table(report, bet, depth) for depth in bet.depths]
        if len(bet.depths) > 1:
            blocks.append(_cut_card_table(report, bet))
    blocks.append(_csv_table(report))
    return Document(f"{safe(report.setup.game.name)}: countability", tuple(header),
                    tuple(blocks))


def _cut_card_table(report: CountabilityReport, bet: BetCountability) -> Table:
    """Units per shoe against the cut card's depth: perfect play and each level."""
    levels = [c.count.level for c in bet.depths[0].counts]
    rows = []
    for depth in bet.depths:
        by_level = {c.count.level: c.figures.units_per_shoe for c in depth.counts}
        rows.append(("none" if depth.cut_card is None else str(depth.cut_card),
                     depth.perfect.units_per_shoe, *(by_level.get(level) for level in levels)))
    return Table("Units per shoe by cut card (cards behind it)",
                 (Column("Cut card"), Column("Perfect play", "decimal", 4),
                  *(Column(f"Level {level}", "decimal", 4) for level in levels)),
                 tuple(rows), sheet=f"{bet.id[:20]} by cut", formats=_READ)


__all__ = ["BetCountability", "CountResult", "CountabilityError", "CountabilityReport",
           "Depth", "countability_report", "betting_correlation"]
