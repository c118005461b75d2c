"""A game's report: every bet of a game joined with the outcome counts of its shoe
(``bet_result``), under the game's drawing rules, its strategy and its settings.

For each bet: its events with their pays, combinations (ordered six-card sequences),
exact probabilities and returns; its exact expected value, house edge, hit frequency,
variance (the standard deviation is its square root, printed as a decimal), push
probability, element of risk and the probability of its top award.

>>> report = game_report("commission-free")
>>> report.bet("banker").house_edge
Fraction(284694798368, 19524993263685)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING

from exact_odds.analysis.bet_result import (
    BetResult,
    BettorRound,
    bet_dict,
    bet_result,
    bet_table,
    known_ways,
    line_nets_of,
)
from exact_odds.analysis.checks import Mistake, bet_mistakes, game_mistakes
from exact_odds.analysis.figures import (
    ROUND_FIGURES,
    ROUND_NOTE,
    Figure,
    Round,
    round_title,
    round_values,
)
from exact_odds.analysis.job import Job, game_job
from exact_odds.engine.cost import EnumerationTooLarge
from exact_odds.games.inputs import game_inputs
from exact_odds.games.model import Game, UnknownGameError
from exact_odds.known import NOTHING, Known, KnownCards, check_agrees, known_cards
from exact_odds.numbers import int_text
from exact_odds.render.document import Cell, Column, Document, Field, Json, Line, Table
from exact_odds.render.rendered import Rendered
from exact_odds.render.text import safe
from exact_odds.rules import DrawingRules
from exact_odds.shoe import Shoe

if TYPE_CHECKING:  # the spreadsheet model is imported by the workbook's writer alone
    import polars as pl

    from exact_odds.analysis.decision_counts import DecisionCounts
    from exact_odds.render.workbook import Workbook


@dataclass(frozen=True)
class GameReport(Rendered):
    """Every bet of a game, for one shoe and one set of drawing rules."""

    game: Game
    shoe: Shoe
    rules: DrawingRules
    bets: tuple[BetResult, ...]
    strategy: str | None = None
    notes: tuple[str, ...] = field(default=())
    settings: dict[str, object] = field(default_factory=dict)  # name -> value used
    # the probable mistakes, found from the report's own enumeration (``game_report``'s
    # ``mistakes``); None: not looked for yet
    found_mistakes: tuple[Mistake, ...] | None = None
    known: Known = NOTHING  # the cards known by position (``exact_odds.known``)

    @property
    def total(self) -> int:
        """Every ordered six-card sequence of the shoe that agrees with what is known (each
        once per draw of a mixed strategy's choices): the denominator of every
        probability."""
        return known_ways(self.shoe, self.rules, self.known)

    def bet(self, bet_id: str) -> BetResult:
        """The result of the bet called ``bet_id``."""
        from exact_odds.errors import check_type

        check_type(bet_id, str, "bet_id", "a bet's id")
        for bet in self.bets:
            if bet.id == bet_id:
                return bet
        self.game.bet(bet_id)  # raises for a bet the game does not have
        raise UnknownGameError(f"bet {bet_id!r} was not part of this report")

    @property
    def bettor_round(self) -> BettorRound | None:
        """Where the game's decision adds a stake and the report holds every bet of the
        bettor's round (``Game.round_bets``): the round's figures; else None."""
        ids = self.game.round_bets
        held = {bet.id: bet for bet in self.bets}
        if not ids or not set(ids) <= set(held):
            return None
        return BettorRound(tuple(held[bet_id] for bet_id in ids))

    def mistakes(self) -> list[Mistake]:
        """The probable mistakes of the game file's bets reported here (events no outcome
        can reach, events earlier events take, bets that cannot win), on the game's own
        shoe: ``exact_odds.analysis.checks``. Found with the report where it was asked
        for (``game_report(..., mistakes=True)``), from the same outcome counts."""
        if self.found_mistakes is not None:
            return list(self.found_mistakes)
        return game_mistakes(self.game, [bet.id for bet in self.bets], self.settings)

    def inputs(self) -> Json:
        """The game, shoe, rules, strategy, settings and version that produced it, and the
        cards known by position (``known``: position -> ranks), where any are."""
        found = game_inputs(self.game, self.shoe, self.rules.describe(), self.strategy,
                            self.settings)
        if self.known.cards:
            found["known"] = self.known.to_data()
        return found

    def to_document(self) -> Document:
        return _document(self)

    def to_dict(self) -> Json:
        """The report as plain data: its inputs, then every bet."""
        found = {**self.inputs(), "total": self.total, "notes": list(self.notes),
                 "bets": [bet_dict(bet) for bet in self.bets]}
        played = self.bettor_round
        if played is not None:
            found["bettor_round"] = round_dict(played)
        return found

    def to_workbook(self) -> Workbook:
        """The live math worksheet (``exact_odds.analysis.worksheet``): Summary, a sheet per
        bet whose figures are formulas of its pays, Hold, and where the play is chosen for
        the pays, the Play its figures assume. ``approval_workbook`` adds the other decks
        and the effect of removal."""
        from exact_odds.analysis.play_sheet import report_play
        from exact_odds.analysis.worksheet import report_workbook

        document = self.to_document()
        return report_workbook(document.title, document.inputs, document.notes, self.bets,
                               self.total, play=report_play(self), played=self.bettor_round)

    def repriced(self, game: Game, counts: DecisionCounts | None = None) -> GameReport:
        """This report with each event paying what it pays in ``game`` (the same game, its
        pays changed). A bet settles on the first event whose condition holds, whatever it
        pays, so the combinations stay as they are, unless the play is chosen for the pays
        (``counts``, from ``analysis.decision_counts``): then it is chosen again, as
        ``game_report`` would choose it for ``game``, and every bet's combinations follow."""
        bets: list[BetResult] = []
        for result in self.bets:
            bet = game.bet(result.id)
            first = 1 if bet.offered is not None else 0
            events = list(result.events)
            for i, event in enumerate(bet.events):
                events[first + i] = replace(events[first + i], pays=event.pay.text,
                                            net=event.pay.net)
            bets.append(replace(result, events=tuple(events)))
        rules = self.rules
        if counts is not None:
            nets = {bet: line_nets_of(game.bet(bet)) for bet in counts.hidden}
            choices = counts.choices({**nets, **{bet.id: tuple(e.net for e in bet.events)
                                                 for bet in bets}})
            found = counts.combinations(choices)
            bets = [replace(bet, events=tuple(
                replace(e, combinations=c, probability=Fraction(c, bet.total))
                for e, c in zip(bet.events, found[bet.id]))) for bet in bets]
            rules = rules.with_strategy(counts.strategy_map(choices), "optimal")
        return replace(self, game=game, rules=rules, bets=tuple(bets), found_mistakes=None)

    def to_polars(self) -> pl.DataFrame:
        """Every event of every bet as a polars DataFrame (exact columns as strings)."""
        import polars as pl

        from exact_odds.numbers import fraction_text

        rows = [{"bet": bet.id, "event": e.event, "pays": e.pays, "net": fraction_text(e.net),
                 "combinations": e.combinations, "probability": fraction_text(e.probability),
                 "probability_decimal": float(e.probability),
                 "return": fraction_text(e.expected_return)}
                for bet in self.bets for e in bet.events]
        return pl.DataFrame(rows, schema_overrides={"combinations": pl.Int128})





def deck_notes(game: Game, shoe: Shoe) -> tuple[str, ...]:
    """A note when the shoe is a number of decks the game's rules do not allow."""
    whole = shoe.as_removed()
    decks = whole[0] if whole is not None else None
    if game.decks_allowed and decks is not None and decks not in game.decks_allowed:
        allowed = ", ".join(map(str, game.decks_allowed))
        return (f"the rules allow {allowed} decks; {shoe.describe()} analysed as asked",)
    return ()




def known_notes(game: Game, known: Known) -> tuple[str, ...]:
    """A note where a decision is taken by a strategy found for the shoe: it is held as
    found, not played again for what is known."""
    if known.cards and (game.rules.option is not None or game.rules.banker_option is not None):
        return ("the decisions are taken as the strategy takes them on the shoe, not "
                "chosen again for the cards known",)
    return ()


def game_report(game: Game | str | Path | Job, *, decks: int | str | None = None,
                shoe: Shoe | None = None, remove: Sequence[str] | str = (),
                bets: Sequence[str] | str | None = None, strategy: str | None = None,
                settings: Mapping[str, object] | None = None,
                mistakes: bool = False,
                known: KnownCards = None) -> GameReport:
    """Analyse every bet of a game (or the bets named) exactly: one call, for the CLI and
    for notebooks.

    ``game`` is a built-in id, a path to a YAML file, a loaded ``Game`` or a ``Job``
    (``game_job``: every input checked, then no other is given). ``decks`` overrides the
    game's decks; ``shoe`` gives any composition; ``remove`` takes cards out; ``settings``
    chooses values for the game file's settings (``{"name": "true"}``). ``known``: cards
    known by their place in the round (``{1: "9"}``: the first card out, the Player's
    first, is a nine; ``{5: "8,9"}``; ``exact_odds.known``): every count is then over the
    sequences that agree. An argument of the wrong type is refused, naming it.
    ``mistakes``: also find the game file's probable mistakes (``GameReport.mistakes``),
    from the same outcome counts where the shoe and rules are the game's own (each bet's
    columns are enumerated once).

    >>> seen = game_report("commission-free", bets="tie", known={1: "9"})
    >>> seen.total == 32 * 415 * 414 * 413 * 412 * 411, seen.bet("tie").events[0].combinations
    (True, 37048426309888)
    """
    job = game_job(game, bets=bets, decks=decks, shoe=shoe, remove=remove, strategy=strategy,
                   settings=settings, infinite=True)
    game, the_shoe, values = job.game, job.shoe, job.values
    seen = known_cards(known, game.rules.round)
    check_agrees(the_shoe, seen)
    rules = job.rules
    chosen = [game.bet(b) for b in job.bet_ids]
    own = Shoe.from_decks(game.decks)
    # the mistakes are looked for on the game's own shoe and rules: from these counts when
    # the report is of them, else by their own enumeration (another shoe)
    same = mistakes and the_shoe == own and job.strategy in (None, game.strategy)
    results, found = [], []
    for bet in chosen:  # the bet settled once (bet_tally): its result and its mistakes
        results.append(bet_result(bet, the_shoe, rules, values, seen,
                                  tuple(b.columns for b in chosen) if seen else ()))
        if same:
            found += bet_mistakes(game, bet, the_shoe, rules, values)
    notes = deck_notes(game, the_shoe) + known_notes(game, seen)
    report = GameReport(game, the_shoe, rules, tuple(results), job.strategy_played, notes,
                        values, tuple(found) if same else None, seen)
    if mistakes and not same:
        try:
            report = replace(report, found_mistakes=tuple(report.mistakes()))
        except EnumerationTooLarge:
            # the report's shoe is enumerated, the game's own is too large to be: say so
            report = replace(report, found_mistakes=(), notes=(*notes, (
                "probable mistakes in the game file not looked for: the game's own shoe "
                f"({own.describe()}) is too large to enumerate for its bets")))
    return report


# --- as people read it and as data ----------------------------------------------------------

SUMMARY_COLUMNS = (Column("Bet"), Column("Name"), Column("Expected value", "signed"),
                   Column("House edge", "percent", 4), Column("Hit frequency", "percent", 2),
                   Column("Push", "percent", 2), Column("Element of risk", "percent", 4),
                   Column("Standard deviation", "decimal", 4), Column("Top award"),
                   Column("Top award 1 in", "decimal", 1), Column("Favours bettor", "flag"))

#: A report's CSV: one row per event of every bet, with its bet's figures.
CSV_COLUMNS = (Column("decks", "count"), Column("cards", "count"), Column("bet"),
               Column("bet_name"), Column("event"), Column("pays"), Column("net", "exact"),
               Column("combinations", "count"), Column("probability", "exact"),
               Column("probability_decimal", "decimal", 12), Column("return", "exact"),
               Column("bet_expected_value", "exact"), Column("bet_house_edge", "exact"),
               Column("bet_favours_bettor", "flag"))


def _summary_row(bet: BetResult) -> tuple[Cell, ...]:
    top = bet.top_award
    return (bet.id, bet.name, bet.expected_value, bet.house_edge, bet.hit_frequency,
            bet.push_probability, bet.element_of_risk, bet.standard_deviation,
            None if top is None else f"{top.pays} ({top.event})",
            None if top is None else float(1 / top.probability), bet.favours_bettor)


def _round_column(figure: Figure[Round]) -> Column:
    """A figure of the round as a column of its table: signed, a percentage or a decimal."""
    if figure.sign:
        return Column(figure.label, "signed", figure.places)
    return Column(figure.label, "percent" if figure.shown == "percent" else "decimal",
                  figure.places)


#: The bettor's round, where a decision adds a stake: one row, its figures as
#: ``ROUND_FIGURES`` names them.
ROUND_COLUMNS = (Column("Bets"), *(_round_column(f) for f in ROUND_FIGURES.values()),
                 Column("Favours bettor", "flag"))


def round_dict(played: BettorRound) -> Json:
    """The bettor's round as data, exact fractions as strings, named as ``ROUND_FIGURES``
    names them."""
    from exact_odds.numbers import fraction_text

    return {"bets": [bet.id for bet in played.bets],
            **{name: fraction_text(value) for name, value in round_values(played).items()},
            "favours_bettor": played.favours_bettor}


def _round_table(played: BettorRound) -> Table:
    return Table(round_title([safe(bet.name) for bet in played.bets]), ROUND_COLUMNS, ((
        " + ".join(bet.id for bet in played.bets),
        *round_values(played).values(),
        played.favours_bettor),), notes=(ROUND_NOTE,), sheet="Round")


def setting_lines(game: Game, settings: Mapping[str, object]) -> list[Line]:
    """A line per setting's value of a result's header: ``Setting NAME = VALUE``, marked
    ``(default)`` where it is the game's default."""
    lines: list[Line] = []
    for name, value in settings.items():
        setting = game.settings.get(name)
        default = " (default)" if setting is not None and value == setting.default else ""
        shown_value = str(value).lower() if isinstance(value, bool) else safe(value)
        lines.append(f"Setting {safe(name)} = {shown_value}{default}")
    return lines


def _report_header(report: GameReport, inputs: Json) -> tuple[Line, ...]:
    """The report's inputs, one per line: enough to compute it again."""
    lines: list[Line] = []
    if inputs.get("game_file"):
        lines.append(Field("Game file", inputs["game_file"]))
    lines += [Field("Shoe", inputs["shoe_description"]), Field("Rules", inputs["rules"])]
    if inputs.get("strategy"):
        lines.append(Field("Strategy", inputs["strategy"]))
    source = report.game.source.get("document") if isinstance(report.game.source, dict) else None
    if source:
        lines.append(Field("Rules from", str(source)))
    lines += setting_lines(report.game, report.settings)
    lines += [f"Known: {line}" for line in report.known.lines(report.rules.round)]
    mixing = report.rules.denominator
    each = (f", each with the {int_text(mixing, grouped=True)} equally likely draws of the "
            "mixed strategy's choices" if mixing > 1 else "")
    agree = " that agree with what is known" if report.known.cards else ""
    lines.append(f"Counts are ordered six-card sequences{agree}{each}: "
                 f"{int_text(report.total, grouped=True)} in all. "
                 f"exact-odds {inputs['exact_odds_version']}.")
    lines += [f"Note: {safe(note)}" for note in report.notes]
    return tuple(lines)


def _document(report: GameReport) -> Document:
    inputs = report.inputs()
    summary = Table("Summary", SUMMARY_COLUMNS,
                    tuple(_summary_row(bet) for bet in report.bets), sheet="Summary",
                    formats=("xlsx",))
    events = Table("Events", CSV_COLUMNS, tuple(
        (report.shoe.decks, report.shoe.size, bet.id, bet.name, e.event, e.pays, e.net,
         e.combinations, e.probability, e.probability, e.expected_return, bet.expected_value,
         bet.house_edge, bet.favours_bettor)
        for bet in report.bets for e in bet.events), formats=("csv",))
    played = report.bettor_round
    rounds = (_round_table(played),) if played is not None else ()
    return Document(f"{safe(report.game.name)} ({safe(report.game.id)})",
                    _report_header(report, inputs),
                    (summary, *(bet_table(b) for b in report.bets), *rounds, events))
