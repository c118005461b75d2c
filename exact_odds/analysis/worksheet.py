"""The math worksheet a lab and a regulator read, as a live workbook: each bet's figures as
spreadsheet formulas of its pays, each written with the exact figure's value cached.

The sheets (``report_workbook``):

* **Summary**: the inputs and version, the normal quantiles z of 90% and 95% (named
  ``z_90``, ``z_95``), then one row per bet: expected value, house edge, hit frequency,
  standard deviation, element of risk, push, the top award with its "1 in N", the cycle
  (every ordered six-card sequence of the shoe) and the volatility index at 90% and 95%;
* **a sheet per bet**: its events, the pay of each as an input cell (net units won per
  unit bet: a push 0, a loss -1), the exact combinations as text (19 digits do not fit a
  spreadsheet's number), the probability as a number (the float nearest the exact
  fraction: never combinations / total computed in the sheet, which keeps 15 digits) and
  as exact ``p/q`` text; then its figures as formulas of those cells;
* **Hold**: each bet's expected hold and its 90% and 95% bands over 100 to 1,000,000
  rounds, formulas of the bet's figures;
* **Decks** (given other shoes' results): the bet's figures for 4, 6 and 8 decks side by
  side, formulas of the same pay cells; and the effect of removal by rank (exact, for the
  game file's pays).

Every figure cell is a formula: change a pay and its bet's figures, its summary row, its
hold and its other decks move. Formulas read other sheets through defined names only:
``ev_<bet>``, ``edge_<bet>``, ``hit_<bet>``, ``push_<bet>``, ``risk_<bet>``, ``var_<bet>``,
``sd_<bet>``, ``top_pay_<bet>``, ``top_odds_<bet>``, ``top_event_<bet>`` and
``pay_<bet>_<n>`` (the bet's id with ``-`` as ``_``; ``n`` the event's line, from 1). A
comparison names each side's cells with ``a_`` or ``b_`` first (``a_ev_banker``).

What a formula computes is what ``BetResult`` computes exactly (``expected_value``,
``house_edge``, ``hit_frequency``, ``push_probability``, ``element_of_risk``,
``variance``, ``standard_deviation``, ``volatility_index``, ``hold_band``): the cached
values are those figures, and tests recalculate the workbook in LibreOffice against them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import NamedTuple

from exact_odds.analysis.bet_result import CONFIDENCES, HOLD_ROUNDS, BetResult, normal_quantile
from exact_odds.numbers import fraction_text, int_text, to_float
from exact_odds.render.document import Field, Line
from exact_odds.render.workbook import (
    Entry,
    Formula,
    Label,
    Name,
    Number,
    Sheet,
    SheetCell,
    Style,
    Workbook,
    ref,
    span,
)

#: A bet sheet's columns, in order.
EVENT_HEADER = ("Event", "When", "Pays (game file)", "Pay (net, input)", "Combinations",
                "Probability", "Probability (exact)", "Return", "Top award candidate")
_PAY, _PROBABILITY, _RETURN, _CANDIDATE = 3, 5, 7, 8
#: The first row of a bet's events (below its title, its note and its header).
_FIRST = 4


#: The longest bet id a defined name holds whole: a name has at most 255 characters.
LONGEST_ID = 200


def name_part(bet_id: str) -> str:
    """A bet's id as it stands in a defined name: ``-`` as ``_`` (ids are ``[a-z0-9-]``).
    An id longer than ``LONGEST_ID`` is cut to its first 190 characters, a ``.`` and the 40
    hex digits of its SHA-1 (231 characters: every name stays within a spreadsheet's 255).
    No id holds a ``.``, so a cut id never stands as another id whole; two cut ids agree
    only where their SHA-1s do, and the writer refuses a workbook that names a cell twice
    (``exact_odds.render.xlsx``).

    >>> name_part("player-dragon-bonus")
    'player_dragon_bonus'
    >>> len(name_part("x" * 300)), name_part("x" * 300)[190]
    (231, '.')
    """
    if len(bet_id) > LONGEST_ID:
        import hashlib

        bet_id = f"{bet_id[:190]}.{hashlib.sha1(bet_id.encode()).hexdigest()}"
    return bet_id.replace("-", "_")


def _z(confidence: Fraction) -> str:
    return f"z_{int(confidence * 100)}"


@dataclass(frozen=True)
class Shoes:
    """The same bets on other shoes, for the Decks sheet: a label ("4 decks"), the total
    and every bet's result, by bet id."""

    label: str
    total: int
    bets: dict[str, BetResult]


@dataclass(frozen=True)
class Removal:
    """Effects of removal for the Decks sheet: labels (ranks) and each bet's effects."""

    title: str
    labels: tuple[str, ...]
    effects: dict[str, tuple[Fraction, ...]]
    expected: dict[str, Fraction]


class _Side:
    """One side's bets (a report, or one side of a comparison) and the names it defines."""

    def __init__(self, bets: Sequence[BetResult], total: int, prefix: str = "",
                 tag: str = "") -> None:
        self.bets = tuple(bets)
        self.total = total
        self.prefix = prefix
        self.tag = tag
        self.names: list[Name] = []

    def name(self, figure: str, bet: BetResult) -> str:
        return f"{self.prefix}{figure}_{name_part(bet.id)}"

    def define(self, figure: str, bet: BetResult, sheet: Sheet, row: int, column: int) -> str:
        name = self.name(figure, bet)
        self.names.append(Name(name, sheet, row, column))
        return name


class Figure(NamedTuple):
    """A figure of a bet's sheet: its label, its name's first word (none: no name), its
    exact value (None where it is not rational), its cached value and its style."""

    label: str
    name: str
    exact: Fraction | None
    value: float | str
    style: Style


def _figures(bet: BetResult) -> dict[str, Figure]:
    """A bet's figures, by label, in the order its sheet lists them."""
    top = bet.top_award
    rows = [
        Figure("Expected value", "ev", bet.expected_value, to_float(bet.expected_value),
               "decimal"),
        Figure("House edge", "edge", bet.house_edge, to_float(bet.house_edge), "percent"),
        Figure("Return to player", "", 1 - bet.house_edge, to_float(1 - bet.house_edge),
               "percent"),
        Figure("Hit frequency", "hit", bet.hit_frequency, to_float(bet.hit_frequency),
               "percent"),
        Figure("Push", "push", bet.push_probability, to_float(bet.push_probability), "percent"),
        Figure("Element of risk", "risk", bet.element_of_risk, to_float(bet.element_of_risk),
               "percent"),
        Figure("Variance", "var", bet.variance, to_float(bet.variance), "decimal"),
        Figure("Standard deviation", "sd", None, bet.standard_deviation, "decimal"),
        Figure("Volatility index 90%", "", None, bet.volatility_index(CONFIDENCES[0]), "decimal"),
        Figure("Volatility index 95%", "", None, bet.volatility_index(CONFIDENCES[1]), "decimal"),
        Figure("Top award pays", "top_pay", None if top is None else top.net,
               "" if top is None else to_float(top.net), "general"),
        Figure("Top award event", "top_event", None, "" if top is None else top.event,
               "general"),
        Figure("Top award, 1 in", "top_odds", None if top is None else 1 / top.probability,
               "" if top is None else to_float(1 / top.probability), "odds"),
    ]
    return {figure.label: figure for figure in rows}


def _bet_block(side: _Side, bet: BetResult, sheet: Sheet, first: int) -> None:
    """A bet's events and figures on ``sheet``, from column ``first``."""
    sheet.put(0, first, Label(f"{side.tag}{bet.name} [{bet.id}]"))
    sheet.put(1, first, Label("Pay: net units won per unit bet (a push 0, a loss -1). Change "
                              "a pay and every figure moves; the exact column is the game "
                              "file's pays.", "note"))
    sheet.line(3, [Label(h) for h in EVENT_HEADER], first)
    sheet.repeat = (0, 3)  # printed: the bet's title and its events' header on every page
    col = [first + i for i in range(len(EVENT_HEADER))]
    last = _FIRST + len(bet.events) - 1
    pays, probabilities = span(col[_PAY], _FIRST, last), span(col[_PROBABILITY], _FIRST, last)
    candidates = span(col[_CANDIDATE], _FIRST, last)
    events = span(col[0], _FIRST, last)
    for n, event in enumerate(bet.events):
        row = _FIRST + n
        pay = sheet.put(row, col[_PAY], Entry(to_float(event.net)))
        side.names.append(Name(_pay_name(side, bet, n), sheet, row, col[_PAY]))
        probability = sheet.put(row, col[_PROBABILITY], Number(to_float(event.probability),
                                                               "probability"))
        sheet.line(row, [event.event, event.when, event.pays], first)
        sheet.put(row, col[4], int_text(event.combinations))
        sheet.put(row, col[6], fraction_text(event.probability))
        sheet.put(row, col[_RETURN], Formula(f"{pay}*{probability}",
                                             to_float(event.expected_return)))
        wins = event.net > 0 and event.combinations > 0
        sheet.put(row, col[_CANDIDATE], Formula(
            f'IF(AND({pay}>0,{probability}>0),{pay},"")',
            to_float(event.net) if wins else "", "general"))
    row = last + 2
    sheet.line(row, [Label("Figure"), Label("Value"), Label("Exact (game file's pays)")], first)
    ev = side.name("ev", bet)
    push = side.name("push", bet)
    var = side.name("var", bet)
    edge = side.name("edge", bet)
    best = f"MATCH(MAX({candidates}),{candidates},0)"
    none = f"COUNT({candidates})=0"
    formulas = {
        "Expected value": f"SUMPRODUCT({pays},{probabilities})",
        "House edge": f"-{ev}",
        "Return to player": f"1+{ev}",
        "Hit frequency": f'SUMIF({pays},">0",{probabilities})',
        "Push": f"SUMIF({pays},0,{probabilities})",
        "Element of risk": f"IF({push}=1,0,{edge}/(1-{push}))",
        "Variance": f"SUMPRODUCT({pays},{pays},{probabilities})-{ev}^2",
        "Standard deviation": f"SQRT({var})",
        "Volatility index 90%": f"{_z(CONFIDENCES[0])}*{side.name('sd', bet)}",
        "Volatility index 95%": f"{_z(CONFIDENCES[1])}*{side.name('sd', bet)}",
        "Top award pays": f'IF({none},"",MAX({candidates}))',
        "Top award event": f'IF({none},"",INDEX({events},{best}))',
        "Top award, 1 in": f'IF({none},"",1/INDEX({probabilities},{best}))',
    }
    total_row = row + 1
    sheet.line(total_row, ["Total probability", Formula(f"SUM({probabilities})", 1.0,
                                                        "probability"), "1"], first)
    for i, figure in enumerate(_figures(bet).values()):
        r = total_row + 1 + i
        sheet.put(r, first, figure.label)
        sheet.put(r, first + 1, Formula(formulas[figure.label], figure.value, figure.style))
        if figure.name:
            side.define(figure.name, bet, sheet, r, first + 1)
        if figure.exact is not None:
            sheet.put(r, first + 2, fraction_text(figure.exact))
    widths = {0: 28, 1: 22, 2: 18, 3: 12, 4: 24, 5: 20, 6: 40, 7: 16, 8: 12}
    for offset, width in widths.items():
        sheet.widths[first + offset] = width


def _summary(title: str, header: Sequence[Line], notes: Sequence[str],
             sides: Sequence[_Side]) -> tuple[Sheet, int]:
    """The Summary sheet's inputs and z cells; the row its table starts on."""
    sheet = Sheet("Summary", widths={0: 26, 1: 40})
    sheet.put(0, 0, Label(title))
    row = 1
    for line in header:
        if isinstance(line, Field):
            sheet.line(row, [line.label, line.text])
        else:
            sheet.put(row, 0, line)
        row += 1
    for note in notes:
        sheet.put(row, 0, note)
        row += 1
    row += 1
    for confidence in CONFIDENCES:
        percent = int(confidence * 100)
        sheet.line(row, [f"z, two-sided {percent}% (normal)", Formula(
            f"NORMSINV({to_float((1 + confidence) / 2)!r})", normal_quantile(confidence))])
        sides[0].names.append(Name(_z(confidence), sheet, row, 1))
        row += 1
    return sheet, row + 1


SUMMARY_HEADER = ("Bet", "Name", "Expected value", "House edge", "Hit frequency",
                  "Standard deviation", "Element of risk", "Push", "Top award",
                  "Top award pays", "Top award, 1 in", "Cycle", "Volatility index 90%",
                  "Volatility index 95%", "House edge (exact, game file's pays)")


def _summary_rows(sheet: Sheet, row: int, side: _Side) -> int:
    """A report's table of bets on its Summary, from ``row``: the last row written."""
    sheet.line(row, [Label(h) for h in SUMMARY_HEADER])
    sheet.repeat = (row, row)
    sheet.widths.update(dict.fromkeys(range(2, len(SUMMARY_HEADER)), 16))
    sheet.widths[len(SUMMARY_HEADER) - 1] = 40
    for bet in side.bets:
        row += 1
        figures = _figures(bet)
        named = [Formula(side.name(figures[label].name, bet), figures[label].value,
                         figures[label].style)
                 for label in ("Expected value", "House edge", "Hit frequency",
                               "Standard deviation", "Element of risk", "Push",
                               "Top award event", "Top award pays", "Top award, 1 in")]
        sd = side.name("sd", bet)
        vi = [Formula(f"{_z(c)}*{sd}", bet.volatility_index(c)) for c in CONFIDENCES]
        sheet.line(row, [bet.id, bet.name, *named, int_text(bet.total), *vi,
                         fraction_text(bet.house_edge)])
    return row


#: A comparison's figures side by side: (label, figure's name, with a change column).
COMPARED = (("Expected value", "ev", True), ("House edge", "edge", True),
            ("Hit frequency", "hit", True), ("Standard deviation", "sd", True),
            ("Element of risk", "risk", False), ("Push", "push", False),
            ("Top award, 1 in", "top_odds", False))


def _comparison_rows(sheet: Sheet, row: int, sides: Sequence[_Side]) -> None:
    """One row per bet id: each figure of A, of B, and B - A, as formulas of the names."""
    first, second = ({bet.id: bet for bet in side.bets} for side in sides)
    header: list[SheetCell] = [Label("Bet"), Label("Name A"), Label("Name B")]
    for label, _, change in COMPARED:
        header += [Label(f"{label} A"), Label(f"{label} B")]
        header += [Label(f"Change in {label.lower()}")] if change else []
    sheet.line(row, header)
    sheet.repeat = (row, row)
    sheet.widths.update(dict.fromkeys(range(2, len(header)), 16))
    for bet_id in dict.fromkeys([*first, *second]):
        row += 1
        pair = (first.get(bet_id), second.get(bet_id))
        cells: list[SheetCell] = [bet_id, *(None if b is None else b.name for b in pair)]
        for label, figure, change in COMPARED:
            values: list[Formula | None] = []
            for side, bet in zip(sides, pair):
                shown = None if bet is None else _figures(bet)[label]
                values.append(None if bet is None or shown is None or shown.value == "" else
                              Formula(side.name(figure, bet), shown.value, shown.style))
            cells += values
            a, b = values
            if change and a is not None and b is not None:
                assert isinstance(a.value, float) and isinstance(b.value, float)
                cells.append(Formula(f"{b.expression}-{a.expression}", b.value - a.value,
                                     a.style))
            elif change:
                cells.append(None)
        sheet.line(row, cells)


def _hold(sides: Sequence[_Side]) -> Sheet:
    """The hold over 100 to 1,000,000 rounds, with its 90% and 95% bands."""
    sheet = Sheet("Hold", widths={0: 24, 1: 12, **dict.fromkeys(range(2, 9), 16)},
                  repeat=(0, 3))
    sheet.put(0, 0, Label("Hold: the house's win per unit bet over a number of rounds"))
    sheet.put(1, 0, Label("Expected: the house edge. Bands: the hold falls inside with that "
                          "confidence (normal approximation: edge +/- z x SD / sqrt(rounds)).",
                          "note"))
    sheet.line(3, [Label(h) for h in ("Bet", "Rounds", "Expected hold", "SD of the hold",
                                      "90% low", "90% high", "95% low", "95% high")])
    row = 4
    for side in sides:
        for bet in side.bets:
            edge, sd = side.name("edge", bet), side.name("sd", bet)
            for rounds in HOLD_ROUNDS:
                bands = [bet.hold_band(rounds, c) for c in CONFIDENCES]
                deviation = to_float(bands[0].variance) ** 0.5
                cells: list[SheetCell] = [
                    f"{side.tag}{bet.id}", Number(rounds, "count"),
                    Formula(edge, to_float(bet.house_edge), "percent"),
                    Formula(f"{sd}/SQRT(B{row + 1})", deviation, "percent")]
                for c, band in zip(CONFIDENCES, bands):
                    z = _z(c)
                    cells += [Formula(f"C{row + 1}-{z}*D{row + 1}", band.low, "percent"),
                              Formula(f"C{row + 1}+{z}*D{row + 1}", band.high, "percent")]
                sheet.line(row, cells)
                row += 1
    return sheet


def _decks(side: _Side, shoes: Sequence[Shoes], removal: Removal | None,
           notes: Sequence[str]) -> Sheet:
    """The bets' figures on other shoes, side by side, and the effect of removal."""
    sheet = Sheet("Decks", widths={0: 26, **dict.fromkeys(range(1, 2 + 3 * len(shoes)), 20)},
                  repeat=(0, 0))
    sheet.put(0, 0, Label("The bets on 4, 6 and 8 decks, and the effect of removal"))
    row = 1
    for note in notes:
        sheet.put(row, 0, Label(note, "note"))
        row += 1
    row += 1
    if removal is not None:
        sheet.put(row, 0, Label(removal.title))
        sheet.line(row + 1, [Label("Bet"), Label("Expected value"),
                             *(Label(label) for label in removal.labels)])
        row += 2
        for bet in side.bets:
            if bet.id in removal.effects:
                sheet.line(row, [bet.id, Number(to_float(removal.expected[bet.id])),
                                 *(Number(to_float(e)) for e in removal.effects[bet.id])])
                row += 1
        row += 1
    for bet in side.bets if shoes else ():
        row = _deck_block(side, bet, [s.bets[bet.id] for s in shoes], shoes, sheet, row) + 2
    return sheet


def _deck_block(side: _Side, bet: BetResult, results: list[BetResult], shoes: Sequence[Shoes],
                sheet: Sheet, row: int) -> int:
    """One bet on each shoe: its pays (the bet sheet's cells, by name), each shoe's
    probabilities, and the figures as formulas; the last row written."""
    n = len(shoes)
    sheet.put(row, 0, Label(f"{bet.name} [{bet.id}]"))
    sheet.line(row + 1, [Label("Event"), Label("Pay"),
                         *(Label(f"Probability, {s.label}") for s in shoes),
                         *(Label(f"Exact, {s.label}") for s in shoes),
                         *(Label(f"Top award candidate, {s.label}") for s in shoes)])
    first = row + 2
    for i, event in enumerate(bet.events):
        pay = ref(first + i, 1, fixed=True)
        sheet.line(first + i, [event.event, Formula(_pay_name(side, bet, i),
                                                    to_float(event.net), "general")])
        for k, result in enumerate(results):
            line = result.events[i]
            probability = sheet.put(first + i, 2 + k, Number(to_float(line.probability),
                                                             "probability"))
            sheet.put(first + i, 2 + n + k, fraction_text(line.probability))
            sheet.put(first + i, 2 + 2 * n + k, Formula(
                f'IF(AND({pay}>0,{probability}>0),{pay},"")',
                to_float(line.net) if line.net > 0 and line.combinations else "", "general"))
    last = first + len(bet.events) - 1
    pays = span(1, first, last)
    row = last + 1
    sheet.line(row, [Label("Cycle"), None, *(int_text(s.total) for s in shoes)])
    labels = ("Expected value", "House edge", "Hit frequency", "Push", "Element of risk",
              "Variance", "Standard deviation", "Volatility index 90%", "Volatility index 95%",
              "Top award, 1 in")
    at = {label: row + 1 + i for i, label in enumerate(labels)}
    for label in labels:
        sheet.put(at[label], 0, label)
    for k, result in enumerate(results):
        col = 2 + k
        p = span(col, first, last)
        candidates = span(2 + 2 * n + k, first, last)

        def cell(label: str, column: int = col) -> str:
            return ref(at[label], column)

        figures = _figures(result)
        formulas = {
            "Expected value": f"SUMPRODUCT({pays},{p})",
            "House edge": f"-{cell('Expected value')}",
            "Hit frequency": f'SUMIF({pays},">0",{p})',
            "Push": f"SUMIF({pays},0,{p})",
            "Element of risk": f"IF({cell('Push')}=1,0,{cell('House edge')}/(1-{cell('Push')}))",
            "Variance": f"SUMPRODUCT({pays},{pays},{p})-{cell('Expected value')}^2",
            "Standard deviation": f"SQRT({cell('Variance')})",
            "Volatility index 90%": f"{_z(CONFIDENCES[0])}*{cell('Standard deviation')}",
            "Volatility index 95%": f"{_z(CONFIDENCES[1])}*{cell('Standard deviation')}",
            "Top award, 1 in": f'IF(COUNT({candidates})=0,"",1/INDEX({p},MATCH(MAX('
                               f'{candidates}),{candidates},0)))',
        }
        for label in labels:
            figure = figures[label]
            sheet.put(at[label], col, Formula(formulas[label], figure.value, figure.style))
    return row + len(labels)


def _pay_name(side: _Side, bet: BetResult, index: int) -> str:
    return f"{side.prefix}pay_{name_part(bet.id)}_{index + 1}"


def report_workbook(title: str, header: Sequence[Line], notes: Sequence[str],
                    bets: Sequence[BetResult], total: int, shoes: Sequence[Shoes] = (),
                    removal: Removal | None = None, deck_notes: Sequence[str] = ()
                    ) -> Workbook:
    """A report's workbook: Summary, a sheet per bet, Hold, and (given other shoes or the
    effect of removal) Decks."""
    side = _Side(bets, total)
    summary, row = _summary(title, header, notes, [side])
    _summary_rows(summary, row, side)
    sheets = [summary]
    for bet in side.bets:
        sheet = Sheet(bet.id)
        _bet_block(side, bet, sheet, 0)
        sheets.append(sheet)
    sheets.append(_hold([side]))
    if shoes or removal is not None or deck_notes:
        sheets.append(_decks(side, shoes, removal, deck_notes))
    return Workbook(tuple(sheets), tuple(side.names))


def comparison_workbook(title: str, header: Sequence[Line], notes: Sequence[str],
                        first: Sequence[BetResult], second: Sequence[BetResult],
                        totals: tuple[int, int]) -> Workbook:
    """Two reports side by side: each bet's sheet holds A's table on the left and B's on
    the right, each with its own pays; the Summary and the Hold have both. A's names
    begin ``a_``, B's ``b_``."""
    sides = (_Side(first, totals[0], "a_", "A: "), _Side(second, totals[1], "b_", "B: "))
    summary, row = _summary(title, header, notes, sides)
    _comparison_rows(summary, row, sides)
    sheets = [summary]
    ids = list(dict.fromkeys([b.id for b in first] + [b.id for b in second]))
    for bet_id in ids:
        sheet = Sheet(bet_id)
        column = 0
        for side in sides:
            for bet in side.bets:
                if bet.id == bet_id:
                    _bet_block(side, bet, sheet, column)
            column += len(EVENT_HEADER) + 1
        sheets.append(sheet)
    sheets.append(_hold(sides))
    return Workbook(tuple(sheets), tuple(name for side in sides for name in side.names))
