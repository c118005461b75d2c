"""Every figure of a bet, and of the bettor's round, once: its name, its label, its exact
definition (as code and in words), its spreadsheet formula and how it is shown.

``BetResult`` computes each figure by the definitions here; the live workbook
(``analysis.worksheet``: a bet's sheet and the Decks sheet) writes each as its formula; the
widget's ``figures()`` names them; the explorer's page receives the list (its script keeps
the arithmetic alone) and the docs print the table (``figures_table``). The confidence
levels of the volatility index and of the hold's bands are here too, with their normal
quantiles.

A formula is a template: ``{pays}``, ``{probabilities}``, ``{events}`` and ``{candidates}``
stand for a bet's ranges of pays (net, per unit), probabilities, event names and top-award
candidates (the pay where the line wins and can happen, else empty); ``{ev}``, ``{edge}``,
``{push}``, ``{var}`` and ``{sd}`` for the cells of other figures; ``{z_90}`` and ``{z_95}``
for the normal quantiles.

The bettor's round, where a decision adds a stake (Lucky Draw's Draw bet, placed with the
third card), has figures of its own (``ROUND_FIGURES``, computed by ``BettorRound``; its
words ``ROUND_TITLE`` and ``ROUND_NOTE``): in their formulas ``{evs}`` stands for the
round's bets' expected-value cells, ``{not_placed}`` for the cells of the probability that
each stake is not placed, ``{bets}`` for the number of bets, and ``{round_ev}``,
``{round_edge}`` and ``{round_stake}`` for the round's own cells.

>>> ROUND_FIGURES["element_of_risk"].formula
'{round_edge}/{round_stake}'
>>> FIGURES["element_of_risk"].formula_with({"push": "B9", "edge": "B5"})
'IF(B9=1,0,B5/(1-B9))'
>>> [figure.label for figure in FIGURES.values()][:3]
['Expected value', 'House edge', 'Return to player']
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Generic, Literal, Protocol, TypeVar

from exact_odds.numbers import decimal_text, percent_text

if TYPE_CHECKING:  # a name for the type checker alone: the workbook's module is not loaded
    from exact_odds.render.workbook import Style

#: The confidences of a volatility index and of a hold band (90% and 95%).
CONFIDENCES = (Fraction(9, 10), Fraction(19, 20))
#: The confidence of the explorer's hold chart, its band drawn around the expected result.
HOLD_CONFIDENCE = Fraction(19, 20)
#: The rounds a hold is given for (``hold_band``): a table of a night to a year's play.
HOLD_ROUNDS = (100, 1_000, 10_000, 100_000, 1_000_000)


def normal_quantile(confidence: Fraction) -> float:
    """The two-sided standard normal quantile z of ``confidence``: P(|Z| <= z) = confidence.

    >>> round(normal_quantile(Fraction(95, 100)), 6)
    1.959964
    """
    from statistics import NormalDist

    from exact_odds.errors import check_type

    check_type(confidence, (Fraction, int, float), "confidence", "a probability, Fraction(9, 10)")
    return NormalDist().inv_cdf(float((1 + confidence) / 2))


def confidence_label(confidence: Fraction) -> str:
    """``Fraction(19, 20)`` as ``95%``."""
    percent = confidence * 100
    return f"{percent.numerator}%" if percent.denominator == 1 else f"{float(percent):g}%"


class Line(Protocol):
    """One settled line of a bet: its event, how often it happens and what it pays."""

    @property
    def event(self) -> str: ...
    @property
    def net(self) -> Fraction: ...
    @property
    def combinations(self) -> int: ...
    @property
    def probability(self) -> Fraction: ...


class Settled(Protocol):
    """A bet's lines and its figures (a ``BetResult``): derived figures read others."""

    @property
    def events(self) -> Sequence[Line]: ...
    @property
    def expected_value(self) -> Fraction: ...
    @property
    def house_edge(self) -> Fraction: ...
    @property
    def push_probability(self) -> Fraction: ...
    @property
    def variance(self) -> Fraction: ...
    @property
    def standard_deviation(self) -> float: ...
    @property
    def top_award(self) -> Line | None: ...

    def volatility_index(self, confidence: Fraction = ...) -> float: ...


class Staked(Settled, Protocol):
    """A bet of the bettor's round: its figures, and how often it has no action (a stake
    the bettor adds when he draws, and he stood)."""

    @property
    def not_placed(self) -> Fraction: ...


class Round(Protocol):
    """The bettor's round (a ``BettorRound``): its bets, the first bet then the stakes the
    decision adds, and the figures the others read."""

    @property
    def bets(self) -> Sequence[Staked]: ...
    @property
    def expected_value(self) -> Fraction: ...
    @property
    def house_edge(self) -> Fraction: ...
    @property
    def average_stake(self) -> Fraction: ...


# --- the exact definitions --------------------------------------------------------------------

def expected_value(bet: Settled) -> Fraction:
    """The sum over the bet's lines of probability times net pay."""
    return sum((e.probability * e.net for e in bet.events), Fraction(0))


def house_edge(bet: Settled) -> Fraction:
    return -bet.expected_value


def return_to_player(bet: Settled) -> Fraction:
    return 1 + bet.expected_value


def hit_frequency(bet: Settled) -> Fraction:
    return sum((e.probability for e in bet.events if e.net > 0), Fraction(0))


def push_probability(bet: Settled) -> Fraction:
    return sum((e.probability for e in bet.events if e.net == 0), Fraction(0))


def element_of_risk(bet: Settled) -> Fraction:
    resolved = 1 - bet.push_probability
    return bet.house_edge / resolved if resolved else Fraction(0)


def variance(bet: Settled) -> Fraction:
    mean = bet.expected_value
    return sum((e.probability * e.net * e.net for e in bet.events), Fraction(0)) - mean * mean


def standard_deviation(bet: Settled) -> float:
    """The square root of the variance (a float: not rational)."""
    return square_root(bet.variance)


def square_root(value: Fraction) -> float:
    """The square root of an exact value, to 30 digits, as a float."""
    from decimal import Decimal, localcontext

    with localcontext() as context:
        context.prec = 30
        return float((Decimal(value.numerator) / Decimal(value.denominator)).sqrt())


def top_award(bet: Settled) -> Line | None:
    """The line with the highest pay, among those that win and can happen."""
    wins = [e for e in bet.events if e.net > 0 and e.combinations]
    return max(wins, key=lambda e: e.net) if wins else None


def _top_pays(bet: Settled) -> Fraction | None:
    top = bet.top_award
    return None if top is None else top.net


def _top_event(bet: Settled) -> str | None:
    top = bet.top_award
    return None if top is None else top.event


def _top_odds(bet: Settled) -> Fraction | None:
    top = bet.top_award
    return None if top is None else 1 / top.probability


# --- the bettor's round --------------------------------------------------------------------

def round_expected_value(played: Round) -> Fraction:
    """The sum of the round's bets' expected values: each is per unit of the first bet (a
    stake the decision adds is one unit of it) and a stake not placed nets 0."""
    return sum((bet.expected_value for bet in played.bets), Fraction(0))


def round_house_edge(played: Round) -> Fraction:
    return -played.expected_value


def average_stake(played: Round) -> Fraction:
    """The units staked on average, in units of the first bet: each bet's 1 less the
    probability that it is not placed."""
    return sum((1 - bet.not_placed for bet in played.bets), Fraction(0))


def round_element_of_risk(played: Round) -> Fraction:
    return played.house_edge / played.average_stake


def _volatility(confidence: Fraction) -> Callable[[Settled], object]:
    def volatility_index(bet: Settled) -> float:
        return bet.volatility_index(confidence)

    return volatility_index


#: How a figure's value is shown: a signed or plain decimal, a percentage, "1 in N", text.
Shown = Literal["decimal", "percent", "odds", "text"]


#: What a figure is of: a bet (``Settled``) or the bettor's round (``Round``).
Of = TypeVar("Of", Settled, Round)


@dataclass(frozen=True)
class Figure(Generic[Of]):
    """One figure of a bet (or of the bettor's round).

    ``name``: as data names it (JSON, ``figures()``); ``label``: as people read it;
    ``cell``: the first word of its defined name in the workbook (``ev_banker``; empty: no
    name); ``definition``: in words; ``formula``: its spreadsheet template; ``shown`` and
    ``places`` (``sign``: with a + where positive): how its value is written, ``style``:
    its spreadsheet cell's; ``exact``:
    rational (a ``Fraction``) or not (a float: a square root, a normal quantile);
    ``page``: the explorer page's name for it (``data-figure``; empty: not shown there);
    ``root_of``: the exact figure the page shows it as the square root of; ``short``: its
    label where its value says the rest ("Top award": "Banker wins: 1 in 2.5"); ``of``:
    the definition, computed from a bet's lines and figures (the round's: from its
    bets')."""

    name: str
    label: str
    cell: str
    definition: str
    formula: str
    shown: Shown
    places: int
    style: Style
    of: Callable[[Of], object]
    sign: bool = False
    exact: bool = True
    page: str = ""
    root_of: str = ""
    short: str = ""

    def formula_with(self, cells: Mapping[str, str]) -> str:
        """The formula with each placeholder replaced by its range or cell."""
        return self.formula.format_map(cells)

    def text(self, value: object) -> str:
        """A value of this figure as the report writes it."""
        if value is None:
            return ""
        if isinstance(value, str):
            return value
        if self.shown == "percent":
            return percent_text(value, self.places, sign=self.sign)  # type: ignore[arg-type]
        if self.shown == "decimal" and isinstance(value, Fraction):
            return decimal_text(value, self.places, sign=self.sign)
        if self.shown == "odds" and isinstance(value, Fraction) and value < 10**15:
            whole, _, part = decimal_text(value, self.places).partition(".")
            return f"{int(whole):,}" + (f".{part}" if part else "")
        if self.shown == "odds":
            return f"{float(value):,.{self.places}f}"  # type: ignore[arg-type]
        return f"{value:{'+' if self.sign else ''}.{self.places}f}"


_TOP = 'IF(COUNT({candidates})=0,"",{of})'
_BEST = "MATCH(MAX({candidates}),{candidates},0)"

_ALL = (
    Figure("expected_value", "Expected value", "ev",
           "the sum over the bet's lines of probability times net pay (per unit bet)",
           "SUMPRODUCT({pays},{probabilities})", "decimal", 9, "decimal", expected_value, sign=True,
           page="expected-value"),
    Figure("house_edge", "House edge", "edge", "minus the expected value", "-{ev}", "percent",
           4, "percent", house_edge, page="house-edge"),
    Figure("return_to_player", "Return to player", "", "one plus the expected value",
           "1+{ev}", "percent", 4, "percent", return_to_player),
    Figure("hit_frequency", "Hit frequency", "hit",
           "the probability that the bet wins something (a line whose net pay is above 0)",
           'SUMIF({pays},">0",{probabilities})', "percent", 2, "percent", hit_frequency,
           page="hit-frequency"),
    Figure("push_probability", "Push", "push",
           "the probability that the bet is returned (a line whose net pay is 0)",
           "SUMIF({pays},0,{probabilities})", "percent", 2, "percent", push_probability, page="push"),
    Figure("element_of_risk", "Element of risk", "risk",
           "the house edge divided by the probability that the bet is resolved (1 - push); "
           "0 where it always pushes", "IF({push}=1,0,{edge}/(1-{push}))", "percent", 4,
           "percent", element_of_risk, page="element-of-risk"),
    Figure("variance", "Variance", "var",
           "the sum over the lines of probability times net pay squared, less the expected "
           "value squared", "SUMPRODUCT({pays},{pays},{probabilities})-{ev}^2", "decimal", 10,
           "decimal", variance),
    Figure("standard_deviation", "Standard deviation", "sd",
           "the square root of the variance (not rational: a decimal)", "SQRT({var})",
           "decimal", 4, "decimal", standard_deviation, exact=False, page="standard-deviation",
           root_of="variance"),
    *(Figure(f"volatility_index_{int(c * 100)}", f"Volatility index {confidence_label(c)}",
             "", f"z times the standard deviation, z the two-sided normal quantile of "
             f"{confidence_label(c)} (a float)", f"{{z_{int(c * 100)}}}*{{sd}}", "decimal", 4, "decimal",
             _volatility(c), exact=False)
      for c in CONFIDENCES),
    Figure("top_award_pays", "Top award pays", "top_pay",
           "the highest net pay of a line that wins and can happen",
           _TOP.replace("{of}", "MAX({candidates})"), "decimal", 4, "general", _top_pays),
    Figure("top_award_event", "Top award event", "top_event", "the event of that line",
           _TOP.replace("{of}", f"INDEX({{events}},{_BEST})"), "text", 0, "general", _top_event,
           exact=False),
    Figure("top_award_odds", "Top award, 1 in", "top_odds",
           "one over the probability of that line (1 in N)",
           _TOP.replace("{of}", f"1/INDEX({{probabilities}},{_BEST})"), "odds", 1, "odds", _top_odds,
           page="top-award", short="Top award"),
)

#: Every figure of a bet by name, in the order a bet's sheet lists them.
FIGURES: dict[str, Figure[Settled]] = {figure.name: figure for figure in _ALL}

_ROUND: tuple[Figure[Round], ...] = (
    Figure("expected_value", "Expected value per unit of the first bet", "round_ev",
           "the sum of the round's bets' expected values, each per unit of the first bet (a "
           "stake not placed nets 0)", "SUM({evs})", "decimal", 9, "decimal",
           round_expected_value, sign=True, page="round-expected-value"),
    Figure("house_edge", "House edge", "round_edge", "minus the round's expected value",
           "-{round_ev}", "percent", 4, "percent", round_house_edge, page="round-house-edge"),
    Figure("average_stake", "Average total stake", "round_stake",
           "the units staked in a round on average, in units of the first bet: for each bet, "
           "1 less the probability that it is not placed", "{bets}-SUM({not_placed})",
           "decimal", 4, "decimal", average_stake, page="round-average-stake"),
    Figure("element_of_risk", "Element of risk per unit staked", "round_risk",
           "the round's house edge divided by its average total stake",
           "{round_edge}/{round_stake}", "percent", 4, "percent", round_element_of_risk,
           page="round-element-of-risk"),
)

#: Every figure of the bettor's round by name (``BettorRound``), in the order it is shown.
ROUND_FIGURES: dict[str, Figure[Round]] = {figure.name: figure for figure in _ROUND}
#: The round's title, ``{bets}`` its bets' names ("Enter with Draw bet").
ROUND_TITLE = "The bettor's round ({bets})"
#: What the round's figures are, in words, wherever they are shown.
ROUND_NOTE = ("Per unit of the first bet; a stake not placed counts 0. The element of risk "
              "divides the house edge by the average total stake.")


def round_values(played: Round) -> dict[str, Fraction]:
    """The round's figures by name, in order, each by its definition (every one exact)."""
    found = {}
    for name, figure in ROUND_FIGURES.items():
        value = figure.of(played)
        assert isinstance(value, Fraction), name  # every figure of the round is rational
        found[name] = value
    return found


def round_title(names: Sequence[str]) -> str:
    """The round's title for its bets' names, the first bet first.

    >>> round_title(["Enter", "Draw bet"])
    "The bettor's round (Enter with Draw bet)"
    """
    return ROUND_TITLE.format(bets=" with ".join(names))


def figures_table(figures: Mapping[str, Figure[Settled]] | Mapping[str, Figure[Round]]
                  = FIGURES) -> str:
    """The figures (a bet's, or the round's: ``ROUND_FIGURES``) as a Markdown table, for
    the docs: name, label, definition, formula."""
    rows = ["| figure | name in data | exact | definition | spreadsheet formula |",
            "|---|---|---|---|---|"]
    for figure in figures.values():
        formula = figure.formula.replace("|", "\\|")
        rows.append(f"| {figure.label} | `{figure.name}` | {'yes' if figure.exact else 'no'} "
                    f"| {figure.definition} | `{formula}` |")
    return "\n".join(rows) + "\n"


def page_figures(figures: Mapping[str, Figure[Settled]] | Mapping[str, Figure[Round]]
                 = FIGURES, note: str = "per unit bet") -> list[dict[str, object]]:
    """The figures the explorer's page shows (a bet's, or the round's), in order, as its
    script reads them."""
    return [{"key": figure.page, "value": figure.root_of or figure.name,
             "label": figure.short or figure.label,
             "shown": "root" if figure.root_of else figure.shown, "places": figure.places,
             "sign": figure.sign, "exact_beside": figure.name == "expected_value",
             "note": note}
            for figure in figures.values() if figure.page]
