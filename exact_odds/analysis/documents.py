"""The analyses as people read them (``Document``) and as data (JSON dicts): a report, a
bet, a solved pay, a comparison, an effect-of-removal table, and the inputs each records
(``exact_odds.render.inputs``). Best play is in ``strategy_document``, the mistakes found
by ``exact-odds check`` in ``check_report``.

Each result class calls these from its ``inputs()``, ``to_document()`` and ``to_dict()``;
``exact_odds.render`` draws them in every format.
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING

from exact_odds.games.inputs import game_inputs
from exact_odds.numbers import decimal_text, fraction_text, int_text, percent_text, to_float
from exact_odds.render.document import Cell, Column, Document, Field, Json, Line, Table, Text, version
from exact_odds.render.inputs import input_lines
from exact_odds.render.text import safe

if TYPE_CHECKING:
    from exact_odds.analysis.compare import Comparison
    from exact_odds.analysis.removal import RemovalTable
    from exact_odds.analysis.report import BetResult, GameReport
    from exact_odds.analysis.symbolic import PaySolution, PracticalPay

#: The formats that show the tables of data rather than the terminal's layout.
TABULAR = ("markdown", "html", "xlsx", "csv")


# --- inputs ---------------------------------------------------------------------------------

def report_inputs(report: GameReport) -> Json:
    return game_inputs(report.game, report.shoe, report.rules.describe(), report.strategy,
                       report.settings)


# --- a report ------------------------------------------------------------------------------

def bet_dict(bet: BetResult) -> Json:
    top = bet.top_award
    return {
        "id": bet.id,
        "name": bet.name,
        "expected_value": fraction_text(bet.expected_value),
        "house_edge": fraction_text(bet.house_edge),
        "favours_bettor": bet.favours_bettor,
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


def report_dict(report: GameReport) -> Json:
    """The report as JSON data: its inputs, then every bet."""
    return {**report_inputs(report), "total": report.total, "notes": list(report.notes),
            "bets": [bet_dict(bet) for bet in report.bets]}


def verdict(bet: BetResult) -> str:
    if bet.favours_bettor:
        return f"FAVOURS THE BETTOR: the bettor's edge is {percent_text(bet.expected_value)}"
    if bet.expected_value == 0:
        return "EVEN: neither side has an edge"
    return ""


def bet_summary_lines(bet: BetResult) -> list[str]:
    """A bet's figures in words, under its table."""
    lines = [
        f"Expected value {decimal_text(bet.expected_value, 9, sign=True)}  "
        f"(exact {fraction_text(bet.expected_value)})",
        f"House edge {percent_text(bet.house_edge)}   Hit frequency "
        f"{percent_text(bet.hit_frequency, 2)}   Standard deviation {bet.standard_deviation:.4f}",
    ]
    extra = []
    if bet.push_probability:
        extra.append(f"Push {percent_text(bet.push_probability, 2)}   "
                     f"Element of risk {percent_text(bet.element_of_risk)}")
    top = bet.top_award
    if top is not None:
        odds = Fraction(1) / top.probability
        extra.append(f"Top award {safe(top.pays)} ({safe(top.event)}): 1 in "
                     f"{to_float(odds):,.1f}")
    if extra:
        lines.append("   ".join(extra))
    said = verdict(bet)
    if said:
        lines.append(f"*** {said} ***")
    return lines


EVENT_COLUMNS = (Column("Event"), Column("Pays"), Column("Combinations", "count"),
                 Column("Probability", "exact"), Column("Return", "signed"))
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


def bet_table(bet: BetResult) -> Table:
    """A bet's events as a table, its summary as notes."""
    rows = tuple((e.event, e.pays, e.combinations, e.probability, e.expected_return)
                 for e in bet.events)
    return Table(f"{safe(bet.name)} [{safe(bet.id)}]", EVENT_COLUMNS, rows,
                 tuple(bet_summary_lines(bet)), sheet=bet.id, formats=("text", "markdown", "html", "xlsx"))


def _summary_row(bet: BetResult) -> tuple[Cell, ...]:
    top = bet.top_award
    return (bet.id, bet.name, bet.expected_value, bet.house_edge, bet.hit_frequency,
            bet.push_probability, bet.element_of_risk, bet.standard_deviation,
            None if top is None else f"{top.pays} ({top.event})",
            None if top is None else float(1 / top.probability), bet.favours_bettor)


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
    for name, value in report.settings.items():
        setting = report.game.settings.get(name)
        default = " (default)" if setting is not None and value == setting.default else ""
        shown_value = str(value).lower() if isinstance(value, bool) else safe(value)
        lines.append(f"Setting {safe(name)} = {shown_value}{default}")
    lines.append(f"Counts are ordered six-card sequences: {int_text(report.total, grouped=True)} "
                 f"in all. exact-odds {inputs['exact_odds_version']}.")
    lines += [f"Note: {safe(note)}" for note in report.notes]
    return tuple(lines)


def report_document(report: GameReport) -> Document:
    inputs = report_inputs(report)
    summary = Table("Summary", SUMMARY_COLUMNS,
                    tuple(_summary_row(bet) for bet in report.bets), sheet="Summary",
                    formats=("xlsx",))
    events = Table("Events", CSV_COLUMNS, tuple(
        (report.shoe.decks, report.shoe.size, bet.id, bet.name, e.event, e.pays, e.net,
         e.combinations, e.probability, e.probability, e.expected_return, bet.expected_value,
         bet.house_edge, bet.favours_bettor)
        for bet in report.bets for e in bet.events), formats=("csv",))
    return Document(f"{safe(report.game.name)} ({safe(report.game.id)})",
                    _report_header(report, inputs),
                    (summary, *(bet_table(b) for b in report.bets), events))


def bet_inputs(bet: BetResult) -> Json:
    """A bet alone knows only itself: its game and shoe are its report's."""
    return {"exact_odds_version": version(), "bet": bet.id}


def bet_document(bet: BetResult) -> Document:
    table = bet_table(bet)
    return Document("", (), (Table(table.title, table.columns, table.rows, table.notes,
                                   sheet=table.sheet),))


# --- a solved pay ---------------------------------------------------------------------------

def solution_inputs(solution: PaySolution) -> Json:
    data: Json = ({"exact_odds_version": version()} if solution.report is None
                  else report_inputs(solution.report))
    data.update({"bet": solution.bet_id, "event": solution.event,
                 "target_house_edge": fraction_text(solution.target_edge)})
    return data


def _practical(p: PracticalPay | None) -> Json | None:
    return None if p is None else {"pays": p.text, "pay": fraction_text(p.pay),
                                   "house_edge": fraction_text(p.house_edge)}


def solution_dict(solution: PaySolution) -> Json:
    data = solution_inputs(solution)
    data.update({
        "exact_pay": fraction_text(solution.exact_pay),
        "break_even_pay": fraction_text(solution.break_even),
        "to_one": {"below": _practical(solution.to_one_below),
                   "above": _practical(solution.to_one_above)},
        "nearest": {"below": _practical(solution.nearest_below),
                    "above": _practical(solution.nearest_above)},
    })
    return data


def solution_document(solution: PaySolution) -> Document:
    def line(label: str, p: PracticalPay | None) -> str:
        if p is None:
            return f"  {label:<28} none (no positive pay)"
        return (f"  {label:<28} {p.text:<12} house edge {percent_text(p.house_edge)} "
                f"(exact {fraction_text(p.house_edge)})")

    rows: list[tuple[Cell, ...]] = [
        ("exact pay (to 1)", None, solution.exact_pay, solution.target_edge),
        ("break-even pay (to 1)", None, solution.break_even, Fraction(0)),
    ]
    pays = (("nearest N to 1, below", solution.to_one_below),
            ("nearest N to 1, above", solution.to_one_above),
            ("nearest N to M, below", solution.nearest_below),
            ("nearest N to M, above", solution.nearest_above))
    for label, p in pays:
        rows.append((label, None, None, None) if p is None
                    else (label, p.text, p.pay, p.house_edge))
    words = Text((
        f"{safe(solution.bet_id)}: the pay of '{safe(solution.event)}' for a house edge of "
        f"{percent_text(solution.target_edge)} (exact {fraction_text(solution.target_edge)})",
        f"  exact pay                    {fraction_text(solution.exact_pay)} to 1 "
        f"(= {decimal_text(solution.exact_pay, 6)} to 1)",
        f"  break-even pay (no edge)     {fraction_text(solution.break_even)} to 1 "
        f"(= {decimal_text(solution.break_even, 6)} to 1)",
        "  A higher pay lowers the house edge.",
        *(line(label, p) for label, p in pays)), gap=False, formats=("text",))
    table = Table(f"The pay of '{safe(solution.event)}' for a house edge of "
                  f"{fraction_text(solution.target_edge)}",
                  (Column("Pay"), Column("Pays"), Column("Pay to 1", "exact"),
                   Column("House edge", "percent", 4)), tuple(rows),
                  ("A higher pay lowers the house edge.",), sheet="Pays", formats=TABULAR)
    inputs = (input_lines(report_inputs(solution.report)) if solution.report is not None
              else (Field("exact-odds", version()),))
    return Document(f"{safe(solution.bet_id)}: solving for a pay", inputs, (words, table))


# --- a comparison ---------------------------------------------------------------------------

def comparison_inputs(comparison: Comparison) -> Json:
    return {"first": report_inputs(comparison.first), "second": report_inputs(comparison.second),
            "exact_odds_version": version()}


def comparison_dict(comparison: Comparison) -> Json:
    def side(bet: BetResult | None) -> Json | None:
        if bet is None:
            return None
        return {"name": bet.name, "house_edge": fraction_text(bet.house_edge),
                "hit_frequency": fraction_text(bet.hit_frequency),
                "standard_deviation": round(bet.standard_deviation, 12),
                "favours_bettor": bet.favours_bettor}

    rows = []
    for row in comparison.bets:
        edge, hit = row.change("house_edge"), row.change("hit_frequency")
        sd = row.change("standard_deviation")
        rows.append({
            "id": row.id, "first": side(row.first), "second": side(row.second),
            "change": None if edge is None or hit is None or sd is None else {
                "house_edge": fraction_text(Fraction(edge)),
                "hit_frequency": fraction_text(Fraction(hit)),
                "standard_deviation": round(float(sd), 12)},
        })
    data = comparison_inputs(comparison)
    for side_name, report in (("first", comparison.first), ("second", comparison.second)):
        data[side_name] = {**data[side_name], "path": report.game.path}
    return {**data, "bets": rows}


def comparison_document(comparison: Comparison) -> Document:
    inputs: list[Line] = []
    for tag, report in (("A", comparison.first), ("B", comparison.second)):
        inputs += [Field(f"{tag}: {line.label}", line.text)
                   for line in input_lines(report_inputs(report)) if line.label != "exact-odds"]
    inputs.append(Field("exact-odds", version()))
    rows = []
    for row in comparison.bets:
        a, b = row.first, row.second
        sd = row.change("standard_deviation")
        rows.append((row.id, a.house_edge if a else None, b.house_edge if b else None,
                     row.change("house_edge"), a.hit_frequency if a else None,
                     b.hit_frequency if b else None, row.change("hit_frequency"),
                     a.standard_deviation if a else None, b.standard_deviation if b else None,
                     None if sd is None else float(sd)))
    favour = [row.id for row in comparison.bets if row.second and row.second.favours_bettor]
    notes = ((f"*** In B, these bets FAVOUR THE BETTOR: {', '.join(favour)} ***",)
             if favour else ())
    table = Table("", (
        Column("Bet"), Column("Edge A", "percent", 4), Column("Edge B", "percent", 4),
        Column("Change", "percent", 4, key="change_in_edge", sign=True),
        Column("Hit A", "percent", 2), Column("Hit B", "percent", 2),
        Column("Change", "percent", 2, key="change_in_hit", sign=True),
        Column("SD A", "decimal", 4), Column("SD B", "decimal", 4),
        Column("Change", "decimal", 4, key="change_in_sd", sign=True)), tuple(rows), notes,
        sheet="Comparison", indent=0)
    return Document("Comparison", tuple(inputs), (table,))


# --- effect of removal ----------------------------------------------------------------------

def removal_inputs(table: RemovalTable) -> Json:
    return {**report_inputs(table.report), "by": table.by}


def removal_dict(table: RemovalTable) -> Json:
    report = table.report
    return {
        **removal_inputs(table), "removed": list(table.labels),
        "units": "expected value and its change per unit bet (exact)",
        "bets": [
            {"id": bet.id, "expected_value": fraction_text(bet.expected_value),
             "effects": {label: fraction_text(e)
                         for label, e in zip(table.labels, table.effects[bet.id])}}
            for bet in report.bets
        ],
    }


def removal_document(table: RemovalTable) -> Document:
    report = table.report
    columns = (Column("Bet"), Column("EV", "signed"),
               *(Column(label, "signed", key=f"remove_{label.lower()}")
                 for label in table.labels))
    rows: tuple[tuple[Cell, ...], ...] = tuple(
        (bet.id, bet.expected_value, *table.effects[bet.id]) for bet in report.bets)
    header = [line for line in input_lines(report_inputs(report)) if line.label != "Game"]
    return Document(
        f"{safe(report.game.name)} ({safe(report.game.id)}): effect of removing one card, "
        f"by {table.by}",
        (*header,
         "EV: expected value per unit bet, as in `exact-odds report`. Each card column: the "
         "change in EV",
         "when one card of that kind leaves the shoe, per unit bet (positive: good for the "
         "bettor)."),
        (Table("", columns, rows, sheet="Effect of removal", indent=0),))
