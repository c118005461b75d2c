"""A countability study's report: every bet's countability with the inputs that produced
it (``CountabilityReport``), and what a person reads of it (its document: the header, per bet
its effects of removal, counts, figures by cut card and verdict, the co-count; one CSV table
of every play) and its data (``to_dict``). The study that finds it is ``study``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING

from exact_odds.cards import RANKS
from exact_odds.countability.results import (
    BetCountability,
    CoCount,
    CountabilityError,
    CountResult,
    Depth,
)
from exact_odds.countability.triggers import Figures, Rounds
from exact_odds.countability.verdict import depth_words, money_of
from exact_odds.numbers import fraction_text
from exact_odds.render.document import Cell, Column, Document, Field, Json, Line, Table, Text
from exact_odds.render.rendered import Rendered
from exact_odds.render.text import money_text, safe

if TYPE_CHECKING:
    from exact_odds.analysis.job import Job


@dataclass(frozen=True)
class CountabilityReport(Rendered):
    """Every bet's countability, with the inputs that produced it."""

    job: Job
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

    def inputs(self) -> Json:
        """The game, shoe, rules, strategy, settings, dealing, seed, shoes per stream,
        levels, cut-card depths, given counts and money, under the keys every command
        records."""
        data = {key: value for key, value in self.job.inputs().items()
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

    def to_dict(self) -> Json:
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
        per_shoe = float(money_of(units_per_shoe, self.max_bet))
        per_hour = (None if self.rounds_per_hour is None else float(
            money_of(units_per_100_rounds / 100, self.max_bet * self.rounds_per_hour)))
        return per_shoe, per_hour


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
    return Table(f"{depth_words(depth.cut_card).capitalize()}: on the fresh shoes",
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
        Field("Game", f"{safe(report.job.game.name)} ({safe(report.job.game.id)})"),
        Field("Shoe", inputs["shoe_description"]), Field("Rules", inputs["rules"]),
        Field("Dealing", report.job.dealing.describe()),
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
    return Document(f"{safe(report.job.game.name)}: countability", tuple(header),
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
           "CountabilityReport", "Depth"]
