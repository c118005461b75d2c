"""A bet joined with the outcome counts of the columns it reads: its events, pays,
combinations, exact probabilities and returns, and the figures of one unit bet (expected
value, house edge, hit frequency, variance, push, element of risk, top award; the
volatility index and the hold's bands over many rounds, floats of the exact variance).

Each outcome is settled by the one settlement, ``Bet.settle``. ``report`` gathers the bets
of a game; this module is one bet.

The Tie at 8 to 1 over 8 decks: 475,627,426,473,216 ties in 4,998,398,275,503,360 (the
published count), so the house edge is 1 - 9 x that:

>>> from exact_odds.games.loader import load_game
>>> from exact_odds.shoe import Shoe
>>> game = load_game("commission-free")
>>> bet_result(game.bet("tie"), Shoe.from_decks(8), game.rules).house_edge
Fraction(103841353768, 723147898655)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from fractions import Fraction
from functools import cached_property, lru_cache, partial
from typing import NamedTuple

from exact_odds.analysis import figures
from exact_odds.analysis.figures import FIGURES, normal_quantile, square_root
from exact_odds.engine.cost import EnumerationCost, EnumerationTooLarge
from exact_odds.engine.enumerator import (
    enumeration_cost,
    factored,
    outcome_counts,
    outcome_frames,
    total_ways,
)
from exact_odds.engine.plan import plan
from exact_odds.games.model import Bet, Settlement
from exact_odds.games.settlement import Tally, settler
from exact_odds.known import NOTHING, Known, agreeing_sequences
from exact_odds.limits import MAX_SECONDS
from exact_odds.numbers import fraction_text, percent_text, to_float
from exact_odds.render.document import Column, Document, Json, Table, version
from exact_odds.render.rendered import Rendered
from exact_odds.render.text import safe
from exact_odds.rules import DrawingRules
from exact_odds.shoe import Shoe


@dataclass(frozen=True)
class EventResult:
    """One settled line of a bet: how often it happens and what it returns."""

    event: str
    when: str
    pays: str
    net: Fraction
    combinations: int
    probability: Fraction

    @property
    def kind(self) -> str:
        return "win" if self.net > 0 else "push" if self.net == 0 else "lose"

    @property
    def expected_return(self) -> Fraction:
        """This line's share of the expected value: probability times net pay."""
        return self.probability * self.net


#: What a line where the bet has no action pays.
NO_ACTION_PAYS = "no action"


class HoldBand(NamedTuple):
    """The hold over ``rounds`` rounds: exact expectation and variance, a float band."""

    rounds: int
    confidence: Fraction
    expected: Fraction
    variance: Fraction
    low: float
    high: float


@dataclass(frozen=True)
class BetResult(Rendered):
    """A bet analysed exactly. Its sums (expected value, hit frequency, push, variance)
    are computed once, when first read."""

    id: str
    name: str
    events: tuple[EventResult, ...]
    total: int
    #: a stake the bettor adds during the round (``placed: with-the-draw``), placed only
    #: where his decision takes it: its edge on its own is not what he wins (his round is)
    added_stake: bool = False

    @cached_property
    def expected_value(self) -> Fraction:
        """The exact expected result of one unit bet."""
        return figures.expected_value(self)

    @property
    def house_edge(self) -> Fraction:
        """Minus the expected value, per unit bet (negative when the bet favours the bettor)."""
        return figures.house_edge(self)

    @property
    def favours_bettor(self) -> bool:
        """True when the expected value is positive: the pay table gives the bettor an edge."""
        return self.expected_value > 0

    @cached_property
    def hit_frequency(self) -> Fraction:
        """The probability that the bet wins something."""
        return figures.hit_frequency(self)

    @cached_property
    def not_placed(self) -> Fraction:
        """The probability that the bet has no action (a late bet not offered, a stake the
        bettor adds when he draws and he stood)."""
        return sum((e.probability for e in self.events if e.pays == NO_ACTION_PAYS), Fraction(0))

    @cached_property
    def push_probability(self) -> Fraction:
        return figures.push_probability(self)

    @property
    def element_of_risk(self) -> Fraction:
        """The house edge per unit of bets that are resolved (pushes left out)."""
        return figures.element_of_risk(self)

    @cached_property
    def variance(self) -> Fraction:
        """The exact variance of one unit bet's result."""
        return figures.variance(self)

    @property
    def standard_deviation(self) -> float:
        """The square root of the variance, for printing (the variance is exact)."""
        return figures.standard_deviation(self)

    def volatility_index(self, confidence: Fraction = Fraction(9, 10)) -> float:
        """z times the standard deviation, z the two-sided normal quantile of ``confidence``
        (1.645 at 90%, 1.960 at 95%): half the width of the band a bettor's average result
        per unit falls in, with that confidence, over one round (``hold_band`` over many).
        A float: z and the square root are not rational."""
        return normal_quantile(confidence) * self.standard_deviation

    def hold_band(self, rounds: int, confidence: Fraction = Fraction(9, 10)) -> HoldBand:
        """The house's hold (its win per unit bet) over ``rounds`` rounds of one unit: the
        expected hold (the house edge, exact), its variance (exact: variance / rounds) and
        the band it falls in with ``confidence`` (normal approximation)."""
        from exact_odds.errors import check_type

        check_type(rounds, int, "rounds", "a whole number of rounds")
        variance = self.variance / rounds
        half = normal_quantile(confidence) * square_root(variance)
        edge = to_float(self.house_edge)
        return HoldBand(rounds, confidence, self.house_edge, variance, edge - half, edge + half)

    @property
    def top_award(self) -> EventResult | None:
        """The line with the highest pay, if the bet ever wins."""
        return figures.top_award(self)  # type: ignore[return-value]  # one of its lines

    def inputs(self) -> Json:
        """The bet's id and the version: a bet's game and shoe are its report's."""
        return {"exact_odds_version": version(), "bet": self.id}

    def to_document(self) -> Document:
        table = bet_table(self)
        return Document("", (), (Table(table.title, table.columns, table.rows, table.notes,
                                       sheet=table.sheet),))

    def to_dict(self) -> Json:
        """The bet as plain data: exact fractions as strings, counts as integers."""
        return {**self.inputs(), **bet_dict(self)}


@dataclass(frozen=True)
class BettorRound:
    """The bettor's round where a decision adds a stake (Lucky Draw: the Enter bet, and the
    Draw bet placed with the third card): its figures (``figures.ROUND_FIGURES``) are its
    expected value per unit of the first bet, the average total stake (one unit, plus the
    chance each added stake is placed) and the element of risk, the house edge per unit of
    that average stake."""

    bets: tuple[BetResult, ...]  # the first bet, then the stakes the decision adds

    @property
    def expected_value(self) -> Fraction:
        """Per unit of the first bet: the bets' expected values added (a stake not placed
        nets 0)."""
        return figures.round_expected_value(self)

    @property
    def house_edge(self) -> Fraction:
        return figures.round_house_edge(self)

    @property
    def average_stake(self) -> Fraction:
        """The units staked on average, in units of the first bet."""
        return figures.average_stake(self)

    @property
    def element_of_risk(self) -> Fraction:
        """The house edge per unit of the average total stake."""
        return figures.round_element_of_risk(self)

    @property
    def favours_bettor(self) -> bool:
        return self.expected_value > 0

    @property
    def title(self) -> str:
        """``The bettor's round (Enter with Draw bet)``: its bets' names as written."""
        return figures.round_title([bet.name for bet in self.bets])


def bet_result(bet: Bet, shoe: Shoe, rules: DrawingRules,
               settings: dict[str, object] | None = None, known: Known = NOTHING,
               along: tuple[tuple[str, ...], ...] = ()) -> BetResult:
    """Join a bet's events with the outcome counts of the columns they read; ``settings``
    are the values of the game file's settings (the events may read them); ``known``: over
    the sequences that agree with what is known of the cards by position (``along``: the
    columns of the other bets reported with it, which may share its table). Each outcome
    is settled by ``Bet.settle``; a bet placed late is counted as no action where it is not
    offered (a "Not offered" line)."""
    ways, unmatched, not_offered, _, _ = bet_tally(bet, shoe, rules, settings, known, along)
    total = known_ways(shoe, rules, known)
    events = [
        EventResult(e.name, e.when, e.pay.text, e.pay.net, w, Fraction(w, total))
        for e, w in zip(bet.events, ways)
    ]
    if bet.offered is not None:
        unplaced = "Not placed (the bettor stood)" if bet.adds_stake else "Not offered"
        events.insert(0, EventResult(unplaced, f"not ({bet.offered.text})", NO_ACTION_PAYS,
                                     Fraction(0), not_offered, Fraction(not_offered, total)))
    if bet.loses_otherwise:
        events.append(EventResult("Any other outcome", "otherwise", "lose", Fraction(-1),
                                  unmatched, Fraction(unmatched, total)))
    return BetResult(bet.id, bet.name, tuple(events), total, bet.adds_stake)


def line_of(bet: Bet, settled: Settlement) -> int:
    """The line of ``bet_result``'s events a settlement of ``bet`` falls on: "Not offered"
    first where the bet is placed late, then its events, then "Any other outcome".

    >>> from exact_odds.games.loader import load_game
    >>> late = load_game("21st-century").bet("late-tie")
    >>> line_of(late, Settlement(None, None)), line_of(late, Settlement(1, Fraction(7)))
    (0, 2)
    """
    first = 1 if bet.offered is not None else 0
    if settled.net is None:
        return 0
    return first + (len(bet.events) if settled.event is None else settled.event)


def line_nets_of(bet: Bet) -> tuple[Fraction, ...]:
    """What each line of ``bet_result``'s events pays, net (a line without action 0)."""
    return ((Fraction(0),) if bet.offered is not None else ()) + tuple(
        e.pay.net for e in bet.events) + ((Fraction(-1),) if bet.loses_otherwise else ())


def known_ways(shoe: Shoe, rules: DrawingRules, known: Known = NOTHING) -> int:
    """What a bet's counts add up to: every ordered six-card sequence (``total_ways``), or
    those that agree with what is known, once for each draw of a mixed strategy's choices."""
    if not known.cards:
        return total_ways(shoe, rules)
    return agreeing_sequences(shoe, known) * rules.denominator


def bet_tally(bet: Bet, shoe: Shoe, rules: DrawingRules,
              settings: Mapping[str, object] | None = None, known: Known = NOTHING,
              along: tuple[tuple[str, ...], ...] = ()) -> Tally:
    """The bet settled on every outcome of the columns it reads (``Settler.tally``),
    enumerated once: the report and its mistake checks share it. A table counted by
    factoring (millions of rows) is settled as polars frames, a block of rows at once, its
    deal values grouped first by what the bet's conditions read of them (``Bet.split``).
    With cards ``known`` by position: the outcome counts of the sequences that agree
    (``outcome_counts``: enumerated, or from the compiled tables, which may share one with
    the bets of ``along``)."""
    values = dict(settings or {})
    read = tuple((name, values[name]) for name in sorted(bet.settings) if name in values)
    try:
        return _tally(bet, shoe, rules, read, known, along)  # a setting missing: refused
    except EnumerationTooLarge as error:  # refused before any work: name the bet
        raise EnumerationTooLarge(f"bet {bet.id!r}: {error}") from None


#: Measured seconds of a term of a condition settled on a row in Python (``bet_cost``).
PYTHON_TERM_SECONDS = 0.3e-6


def bet_cost(bet: Bet, shoe: Shoe, rules: DrawingRules, precise: bool = False
             ) -> EnumerationCost:
    """The estimated cost of settling ``bet`` on ``shoe`` as ``bet_tally`` settles it: a
    table counted by factoring read in blocks, any other as outcome counts
    (``enumeration_cost``; ``precise``: its hand groups counted, not bounded)."""
    wanted = plan(bet.columns)
    if factored(wanted):  # settled as bet_tally settles it: the deals read by what it reads
        grouping = bet.split(wanted.deal)[1].grouping()
        return enumeration_cost(shoe, bet.columns, rules, True, rows_in_python=False,
                                precise=precise, blocks=True, grouping=grouping)
    # each distinct reading of its columns settled once, in Python: its conditions' terms
    # on each row (an event never paid is read twice)
    cost = enumeration_cost(shoe, bet.columns, rules, precise=precise)
    return replace(cost, seconds=cost.seconds + cost.rows * bet.terms * PYTHON_TERM_SECONDS,
                   terms=bet.terms)


def check_shoes_cost(bet: Bet, shoe: Shoe, rules: DrawingRules, shoes: int, advice: str) -> None:
    """Refuse, before any work, settling ``bet`` on ``shoes`` distinct shoes, none larger
    than ``shoe``, one enumeration each (a batch's bets too fine to compile, the effect of
    removal), where all of them would take past ``MAX_SECONDS``: ``bet_cost`` on ``shoe``
    times ``shoes``, its hand groups counted before a refusal. ``advice`` ends the line:
    what to change."""
    one = bet_cost(bet, shoe, rules)
    if one.seconds * shoes > MAX_SECONDS:  # a first bound: count the groups
        one = bet_cost(bet, shoe, rules, precise=True)
    if one.too_large:
        raise EnumerationTooLarge(f"bet {bet.id!r}: {one.describe()}")
    if one.seconds * shoes > MAX_SECONDS:
        raise EnumerationTooLarge(
            f"bet {bet.id!r}: its columns tell {one.classes} classes of card apart, so each "
            f"of {shoes:,} shoes is enumerated alone, about {one.seconds:.1f} s a shoe; this "
            f"may take at most {MAX_SECONDS} s in all (estimated before it starts): {advice}")


@lru_cache(maxsize=64)
def _tally(bet: Bet, shoe: Shoe, rules: DrawingRules,
           settings: tuple[tuple[str, object], ...], known: Known = NOTHING,
           along: tuple[tuple[str, ...], ...] = ()) -> Tally:
    if known:  # enumerated, or from the compiled tables: outcome_counts decides
        return settler(bet, dict(settings), rules.round).tally(
            outcome_counts(shoe, bet.columns, rules, known, along))
    wanted = plan(bet.columns)
    if factored(wanted):  # settled on what its conditions read of the deal: Bet.split
        split, parts = bet.split(wanted.deal)
        settles = settler(split, dict(settings), rules.round)
        return settles.tally(outcome_frames(
            shoe, bet.columns, rules, reading=partial(parts.read, settings=settles.settings),
            grouping=parts.grouping()))
    bet_cost(bet, shoe, rules).check()  # the enumeration and the settlement of its rows
    return settler(bet, dict(settings), rules.round).tally(outcome_counts(shoe, bet.columns, rules))



# --- as people read it and as data ----------------------------------------------------------

EVENT_COLUMNS = (Column("Event"), Column("Pays"), Column("Combinations", "count"),
                 Column("Probability", "exact"), Column("Return", "signed"))


#: What a report says of a bet that favours the bettor, or that is even (the explorer's too).
VERDICTS = {"favours": "FAVOURS THE BETTOR: the bettor's edge is {edge}",
            "added": "An edge of {edge} for the bettor on its own, as a stake placed only "
                     "where drawing pays: the bettor's round is what he wins",
            "even": "EVEN: neither side has an edge"}


def verdict(bet: BetResult) -> str:
    if bet.favours_bettor:
        kind = "added" if bet.added_stake else "favours"
        return VERDICTS[kind].format(edge=percent_text(bet.expected_value))
    if bet.expected_value == 0:
        return VERDICTS["even"]
    return ""


def bet_summary_lines(bet: BetResult) -> list[str]:
    """A bet's figures in words, under its table (each written as ``FIGURES`` shows it)."""

    def said(name: str) -> str:
        figure = FIGURES[name]
        return f"{figure.label} {figure.text(figure.of(bet))}"

    lines = [f"{said('expected_value')}  (exact {fraction_text(bet.expected_value)})",
             f"{said('house_edge')}   {said('hit_frequency')}   {said('standard_deviation')}"]
    extra = []
    if bet.push_probability:
        extra.append(f"{said('push_probability')}   {said('element_of_risk')}")
    top = bet.top_award
    if top is not None:
        odds = FIGURES["top_award_odds"]
        extra.append(f"Top award {safe(top.pays)} ({safe(top.event)}): 1 in "
                     f"{odds.text(odds.of(bet))}")
    if extra:
        lines.append("   ".join(extra))
    verdict_text = verdict(bet)
    if verdict_text:
        lines.append(f"*** {verdict_text} ***")
    return lines


def bet_table(bet: BetResult) -> Table:
    """A bet's events as a table, its summary as notes."""
    rows = tuple((e.event, e.pays, e.combinations, e.probability, e.expected_return)
                 for e in bet.events)
    return Table(f"{safe(bet.name)} [{safe(bet.id)}]", EVENT_COLUMNS, rows,
                 tuple(bet_summary_lines(bet)), sheet=bet.id, formats=("text", "markdown", "html", "xlsx"))


def bet_dict(bet: BetResult) -> Json:
    top = bet.top_award
    return {
        "id": bet.id,
        "name": bet.name,
        "expected_value": fraction_text(bet.expected_value),
        "house_edge": fraction_text(bet.house_edge),
        "favours_bettor": bet.favours_bettor,
        "added_stake": bet.added_stake,
        "hit_frequency": fraction_text(bet.hit_frequency),
        "push_probability": fraction_text(bet.push_probability),
        "element_of_risk": fraction_text(bet.element_of_risk),
        "variance": fraction_text(bet.variance),
        "standard_deviation": round(bet.standard_deviation, 12),
        "top_award": None if top is None else {
            "event": top.event, "pays": top.pays, "probability": fraction_text(top.probability)},
        "events": [
            {"event": e.event, "when": e.when, "pays": e.pays, "net": fraction_text(e.net),
             "combinations": e.combinations, "probability": fraction_text(e.probability),
             "return": fraction_text(e.expected_return)}
            for e in bet.events
        ],
    }
