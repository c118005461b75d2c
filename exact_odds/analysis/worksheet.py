"""The math worksheet a lab and a regulator read, as a live workbook: each bet's figures as
spreadsheet formulas of its pays, each written with the exact figure's value cached.

The sheets (``report_workbook``):

* **Summary**: the inputs and version, the normal quantiles z of 90% and 95% (named
  ``z_90``, ``z_95``), then one row per bet: expected value, house edge, hit frequency,
  standard deviation, element of risk, push, the top award with its "1 in N", the cycle
  (every ordered six-card sequence of the shoe) and the volatility index at 90% and 95%;
  where a decision adds a stake (Lucky Draw's Draw bet), the bettor's round under them:
  its figures (``ROUND_FIGURES``) as formulas of its bets' cells, with their exact values;
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
``pay_<bet>_<n>`` (the bet's id with ``-`` as ``_``; ``n`` the event's line, from 1);
``not_placed_<bet>``, the probability of a bet's line without action (a stake not placed,
a late bet not offered); the round's ``round_ev``, ``round_edge``, ``round_stake`` and
``round_risk``. A comparison names each side's cells with ``a_`` or ``b_`` first
(``a_ev_banker``).

What a formula computes is what ``BetResult`` computes exactly (``expected_value``,
``house_edge``, ``hit_frequency``, ``push_probability``, ``element_of_risk``,
``variance``, ``standard_deviation``, ``volatility_index``, ``hold_band``; the round's,
``BettorRound``'s): the cached values are those figures, and tests recalculate the
workbook in LibreOffice against them.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import NamedTuple

from exact_odds.analysis.bet_result import NO_ACTION_PAYS, BetResult, BettorRound
from exact_odds.analysis.figures import (
    CONFIDENCES,
    FIGURES,
    HOLD_ROUNDS,
    ROUND_FIGURES,
    ROUND_NOTE,
    normal_quantile,
    round_values,
)
from exact_odds.analysis.play_sheet import Play, play_note, play_sheet
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
#: The header of a table of figures (a bet's, the bettor's round's).
FIGURE_HEADER = ("Figure", "Value", "Exact (game file's pays)")
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


class Shown(NamedTuple):
    """A figure of a bet's sheet (``analysis.figures``): its label, its name's first word
    (none: no name), its exact value (None where it is not rational), its cached value and
    its style."""

    label: str
    name: str
    exact: Fraction | None
    value: float | str
    style: Style


def _figures(bet: BetResult) -> dict[str, Shown]:
    """A bet's figures, by label, in the order its sheet lists them."""
    shown = {}
    for figure in FIGURES.values():
        value = figure.of(bet)
        cached: float | str = ("" if value is None else value if isinstance(value, str)
                               else to_float(value))  # type: ignore[arg-type]
        exact = value if figure.exact and isinstance(value, Fraction) else None
        shown[figure.label] = Shown(figure.label, figure.cell, exact, cached, figure.style)
    return shown


def _cells(ranges: dict[str, str], figure: Callable[[str], str]) -> dict[str, str]:
    """What a figure's formula reads (``Figure.formula_with``): a bet's ranges, each other
    figure's cell (``figure(name)``) and the normal quantiles' names."""
    return {**ranges, **{f.cell: figure(f.cell) for f in FIGURES.values() if f.cell},
            **{_z(c): _z(c) for c in CONFIDENCES}}


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
        if event.pays == NO_ACTION_PAYS:  # the stake not placed, the late bet not offered
            side.define("not_placed", bet, sheet, row, col[_PROBABILITY])
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
    sheet.line(row, [Label(h) for h in FIGURE_HEADER], first)
    cells = _cells({"pays": pays, "probabilities": probabilities, "candidates": candidates,
                    "events": events}, lambda name: side.name(name, bet))
    total_row = row + 1
    sheet.line(total_row, ["Total probability", Formula(f"SUM({probabilities})", 1.0,
                                                        "probability"), "1"], first)
    shown = _figures(bet)
    for i, figure in enumerate(FIGURES.values()):
        r = total_row + 1 + i
        value = shown[figure.label]
        sheet.put(r, first, figure.label)
        sheet.put(r, first + 1, Formula(figure.formula_with(cells), value.value, value.style))
        if figure.cell:
            side.define(figure.cell, bet, sheet, r, first + 1)
        if value.exact is not None:
            sheet.put(r, first + 2, fraction_text(value.exact))
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


def _round_block(sheet: Sheet, row: int, side: _Side, played: BettorRound) -> None:
    """The bettor's round on the Summary from ``row``: its title and what its figures are,
    then each figure (``ROUND_FIGURES``) as a formula of its bets' cells (their expected
    values, the probability that each stake is not placed), named, with its exact value
    for the game file's pays."""
    sheet.put(row, 0, Label(played.title))
    sheet.put(row + 1, 0, Label(ROUND_NOTE, "note"))
    sheet.line(row + 2, [Label(h) for h in FIGURE_HEADER])
    unplaced = [side.name("not_placed", bet) for bet in played.bets
                if any(e.pays == NO_ACTION_PAYS for e in bet.events)]
    cells = {"evs": ",".join(side.name("ev", bet) for bet in played.bets),
             "not_placed": ",".join(unplaced) or "0", "bets": str(len(played.bets)),
             **{figure.cell: side.prefix + figure.cell for figure in ROUND_FIGURES.values()}}
    exact = round_values(played)
    for i, (name, figure) in enumerate(ROUND_FIGURES.items()):
        r = row + 3 + i
        sheet.line(r, [figure.label, Formula(figure.formula_with(cells), to_float(exact[name]),
                                             figure.style), fraction_text(exact[name])])
        side.names.append(Name(side.prefix + figure.cell, sheet, r, 1))
    longest = max(len(figure.label) for figure in ROUND_FIGURES.values())
    sheet.widths[0] = max(sheet.widths.get(0, 0), longest + 2)


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
    at = {name: row + 1 + i for i, name in enumerate(DECK_FIGURES)}
    for name in DECK_FIGURES:
        sheet.put(at[name], 0, FIGURES[name].label)
    by_cell = {figure.cell: name for name, figure in FIGURES.items() if figure.cell}
    for k, result in enumerate(results):
        col = 2 + k
        def cell_of(cell: str, column: int = col) -> str:
            return ref(at.get(by_cell[cell], 0), column)

        cells = _cells({"pays": pays, "probabilities": span(col, first, last),
                        "candidates": span(2 + 2 * n + k, first, last)}, cell_of)
        shown = _figures(result)
        for name in DECK_FIGURES:
            figure, value = FIGURES[name], shown[FIGURES[name].label]
            sheet.put(at[name], col, Formula(figure.formula_with(cells), value.value,
                                             value.style))
    return row + len(DECK_FIGURES)


#: The figures of each bet on each shoe of the Decks sheet, in order.
DECK_FIGURES = ("expected_value", "house_edge", "hit_frequency", "push_probability",
                "element_of_risk", "variance", "standard_deviation", "volatility_index_90",
                "volatility_index_95", "top_award_odds")


def _pay_name(side: _Side, bet: BetResult, index: int) -> str:
    return f"{side.prefix}pay_{name_part(bet.id)}_{index + 1}"


def report_workbook(title: str, header: Sequence[Line], notes: Sequence[str],
                    bets: Sequence[BetResult], total: int, shoes: Sequence[Shoes] = (),
                    removal: Removal | None = None, deck_notes: Sequence[str] = (),
                    play: Play | None = None, played: BettorRound | None = None
                    ) -> Workbook:
    """A report's workbook: Summary (given the bettor's round, ``played``, its figures
    under the bets'), a sheet per bet, Hold, (given other shoes or the effect of removal)
    Decks, and (given the play its figures assume, where the play is chosen for the pays)
    Play."""
    side = _Side(bets, total)
    summary, row = _summary(title, header, notes, [side])
    if play is not None:
        row += 3
    last = _summary_rows(summary, row, side)
    if played is not None:
        _round_block(summary, last + 2, side, played)
    sheets = [summary]
    for bet in side.bets:
        sheet = Sheet(bet.id)
        _bet_block(side, bet, sheet, 0)
        if play is not None:
            sheet.put(2, 0, Label(play_note(play), "note"))
        sheets.append(sheet)
    sheets.append(_hold([side]))
    if shoes or removal is not None or deck_notes:
        more = ("Each shoe's figures are for its own optimal play for the game file's pays; "
                "a pay changed here does not change it.",) if play is not None else ()
        sheets.append(_decks(side, shoes, removal, (*deck_notes, *more)))
    if play is not None:
        pays = {bet.id: [_pay_name(side, bet, n) for n in range(len(bet.events))]
                for bet in side.bets}
        sheet, name = play_sheet(play, pays, summary, row - 3)
        sheets.append(sheet)
        side.names += [name] if name is not None else []
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
