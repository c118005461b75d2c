"""Plain text for the terminal: decimals for reading, the exact fraction beside each
expected value, and a header that says what was computed.

Text from a game file (names, events, pays, the source document) is echoed with control
characters escaped and cut at ``TEXT_LIMIT`` characters, so a file cannot break a line
or the terminal.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import TYPE_CHECKING

from exact_odds.errors import escape_controls, shown
from exact_odds.numbers import decimal_text, fraction_text, int_text, percent_text, to_float
from exact_odds.render.data import (
    Cell,
    Column,
    Document,
    inputs_lines,
    report_inputs,
    verdict,
)

if TYPE_CHECKING:
    from exact_odds.analysis.compare import Comparison
    from exact_odds.analysis.removal import RemovalTable
    from exact_odds.analysis.report import BetResult, GameReport
    from exact_odds.analysis.strategy import StrategyReport
    from exact_odds.analysis.symbolic import PaySolution, PracticalPay
    from exact_odds.games.model import Game

#: The longest text from a game file printed in a cell or a header, in characters.
TEXT_LIMIT = 200


def safe(text: object) -> str:
    return shown(text, TEXT_LIMIT)


def cell_text(value: Cell, column: Column) -> str:
    """A cell as people read it."""
    if value is None:
        return "-"
    if column.kind == "flag" or isinstance(value, bool):
        return "true" if value else "false"
    if column.kind == "count" and isinstance(value, int):
        return int_text(value, grouped=True)
    if column.kind == "percent":
        return percent_text(Fraction(value), column.places)
    if column.kind in ("exact", "signed"):
        return decimal_text(Fraction(value), column.places, sign=column.kind == "signed")
    if column.kind == "decimal" and isinstance(value, (int, float, Fraction)):
        number = to_float(value)
        return f"{number:,.{column.places}f}" if abs(number) < 1e15 else f"{number:.3e}"
    return safe(value)


def grid(header: Sequence[str], rows: Sequence[Sequence[str]], left: int = 1,
         indent: str = "") -> list[str]:
    """Columns padded to their widest cell; the first ``left`` columns left-aligned."""
    table = [list(header), *(list(r) for r in rows)]
    widths = [max(len(row[i]) for row in table) for i in range(len(header))]
    return [indent + "  ".join(cell.ljust(w) if i < left else cell.rjust(w)
                               for i, (cell, w) in enumerate(zip(row, widths))).rstrip()
            for row in table]


def input_text(label: str, text: str) -> str:
    """An input as printed: the shoe in full (it is ours, and exact), other text made safe."""
    return escape_controls(text) if label.endswith("Shoe") else safe(text)


def header_lines(lines: Sequence[tuple[str, str]]) -> list[str]:
    return [f"{label}: {input_text(label, text)}" for label, text in lines]


# --- a report ------------------------------------------------------------------------------

def report_header(report: GameReport) -> list[str]:
    """The report's inputs, one per line: enough to compute it again."""
    inputs = report_inputs(report)
    out = [f"{safe(report.game.name)} ({safe(report.game.id)})"]
    lines = [pair for pair in inputs_lines(inputs)
             if pair[0] not in ("Game", "exact-odds") and not pair[0].startswith("Setting ")]
    if inputs.get("game_file"):
        out.append(f"Game file: {safe(inputs['game_file'])}")
    out.extend(header_lines(lines))
    source = report.game.source.get("document") if isinstance(report.game.source, dict) else None
    if source:
        out.append(f"Rules from: {safe(source)}")
    for name, value in report.settings.items():
        setting = report.game.settings.get(name)
        default = " (default)" if setting is not None and value == setting.default else ""
        shown_value = str(value).lower() if isinstance(value, bool) else safe(value)
        out.append(f"Setting {safe(name)} = {shown_value}{default}")
    out.append(f"Counts are ordered six-card sequences: {int_text(report.total, grouped=True)} "
               f"in all. exact-odds {inputs['exact_odds_version']}.")
    out.extend(f"Note: {safe(note)}" for note in report.notes)
    return out


def bet_summary_lines(bet: BetResult) -> list[str]:
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


def bet_lines(bet: BetResult) -> list[str]:
    from exact_odds.render.data import EVENT_COLUMNS

    out = [f"{safe(bet.name)} [{safe(bet.id)}]"]
    cells: list[tuple[Cell, ...]] = [
        (e.event, e.pays, e.combinations, e.probability, e.expected_return) for e in bet.events]
    rows = [[cell_text(v, c) for v, c in zip(row, EVENT_COLUMNS)] for row in cells]
    out += grid([c.name for c in EVENT_COLUMNS], rows, left=2, indent="  ")
    out += ["  " + line for line in bet_summary_lines(bet)]
    return out


def report_text(report: GameReport) -> str:
    out = report_header(report)
    for bet in report.bets:
        out.append("")
        out += bet_lines(bet)
    return "\n".join(out) + "\n"


# --- best play (21st Century) --------------------------------------------------------------

def strategy_text(result: StrategyReport, game: Game | None = None) -> str:
    """The decision on the option as a grid (player's two cards by dealer up card), and the
    late-bet map; every name and pay from the game file."""
    from exact_odds.render.data import (
        _late_label,
        _strategy_game,
        _strategy_inputs_lines,
        strategy_inputs,
        strategy_title,
    )

    game = _strategy_game(result, game)
    option = game.rules.option if game is not None else None
    bet = result.optimised_bet
    label = _late_label(result)
    after_check = option.after_natural_check if option is not None else True
    given = ("given the cards seen and that the dealer holds no natural."
             if after_check else "given the cards seen.")
    out = [safe(strategy_title(result, game)),
           *header_lines(_strategy_inputs_lines(strategy_inputs(result, game))), ""]
    out += [
        "Each cell: H (hit) or S (stand), then what that choice gains over the other, in % of",
        f"the {safe(bet.name.lower()) if bet is not None else 'player-line'} bet, {given}",
        "",
    ]
    ups: list[int | None] = (list(range(10)) if option is None or option.sees_up_card
                             else [None])
    heads = [f"up {u}" if u is not None else "any up" for u in ups]
    out += ["Player cards | " + " ".join(h.rjust(8) for h in heads),
            "-------------+-" + "-" * (9 * len(ups) - 1)]
    cells = {(d.low, d.high, d.up): d for d in result.decisions}
    hands = sorted({(d.low, d.high) for d in result.decisions})
    for low, high in hands:
        row = []
        for up in ups:
            d = cells.get((low, high, up))
            row.append("-".rjust(8) if d is None else
                       f"{d.choice[0].upper()} {float(d.gain) * 100:5.2f}".rjust(8))
        out.append(f"{low},{high}".ljust(12) + " | " + " ".join(row))
    if result.late_bet is None:
        return "\n".join(out) + "\n"
    ties = {(t.low, t.high, t.up): t for t in result.late_ties}
    out += [
        "",
        f"{safe(label)} ({safe(result.late_pays)}), the player hand played {result.strategy}: "
        "expected value in % of the",
        "bet, given the cards seen; '+' marks where it favours the bettor, '.' where it is not "
        "offered.",
        "",
        "Player cards | " + " ".join(h.rjust(7) for h in heads),
        "-------------+-" + "-" * (8 * len(ups) - 1),
    ]
    for low in range(10):
        for high in range(low, 10):
            cells_row = []
            for up in ups:
                t = ties.get((low, high, up))
                if t is None:
                    cells_row.append(".".rjust(7))
                else:
                    mark = "+" if t.favours_bettor else " "
                    cells_row.append(f"{mark}{float(t.ev) * 100:6.1f}")
            out.append(f"{low},{high}".ljust(12) + " | " + " ".join(cells_row))
    value = result.late_tie_value_per_round
    out += [
        "",
        f"Favourable {safe(label.lower().replace(' ', '-'))} states: "
        f"{len(result.favourable_late_ties)} of {len(result.late_ties)} offered.",
        f"Placing one unit in exactly those states gains {percent_text(value)} of a unit per "
        f"round (exact {fraction_text(value)}).",
    ]
    return "\n".join(out) + "\n"


# --- compare, solve, effect of removal ------------------------------------------------------

def comparison_text(comparison: Comparison) -> str:
    from exact_odds.render.data import comparison_document

    document = comparison_document(comparison)
    out = header_lines(document.inputs)
    out.append("")
    table = document.tables[0]
    header = ["Bet", "Edge A", "Edge B", "Change", "Hit A", "Hit B", "Change",
              "SD A", "SD B", "Change"]
    rows = []
    for row in table.rows:
        cells = [cell_text(v, c) for v, c in zip(row, table.columns)]
        for i in (3, 6):  # changes carry a sign
            value = row[i]
            if isinstance(value, (int, Fraction)):
                cells[i] = percent_text(value, table.columns[i].places, sign=True)
        sd = row[9]
        if isinstance(sd, (int, float, Fraction)):
            cells[9] = f"{float(sd):+.4f}"
        rows.append(cells)
    out += grid(header, rows)
    out += [f"*** {note} ***" for note in document.notes]
    return "\n".join(out) + "\n"


def solution_text(solution: PaySolution, report: GameReport | None = None) -> str:
    def line(label: str, p: PracticalPay | None) -> str:
        if p is None:
            return f"  {label:<28} none (no positive pay)"
        return (f"  {label:<28} {p.text:<12} house edge {percent_text(p.house_edge)} "
                f"(exact {fraction_text(p.house_edge)})")

    out = header_lines(inputs_lines(report_inputs(report))) if report is not None else []
    out += [
        f"{safe(solution.bet_id)}: the pay of '{safe(solution.event)}' for a house edge of "
        f"{percent_text(solution.target_edge)} (exact {fraction_text(solution.target_edge)})",
        f"  exact pay                    {fraction_text(solution.exact_pay)} to 1 "
        f"(= {decimal_text(solution.exact_pay, 6)} to 1)",
        f"  break-even pay (no edge)     {fraction_text(solution.break_even)} to 1 "
        f"(= {decimal_text(solution.break_even, 6)} to 1)",
        "  A higher pay lowers the house edge.",
        line("nearest N to 1, below", solution.to_one_below),
        line("nearest N to 1, above", solution.to_one_above),
        line("nearest N to M, below", solution.nearest_below),
        line("nearest N to M, above", solution.nearest_above),
    ]
    return "\n".join(out) + "\n"


def removal_text(table: RemovalTable) -> str:
    """Expected value and effects in the report's units: per unit bet, as decimals."""
    report = table.report
    out = [f"{safe(report.game.name)} ({safe(report.game.id)}): effect of removing one card, "
           f"by {table.by}",
           *header_lines([p for p in inputs_lines(report_inputs(report)) if p[0] != "Game"]),
           "EV: expected value per unit bet, as in `exact-odds report`. Each card column: the "
           "change in EV",
           "when one card of that kind leaves the shoe, per unit bet (positive: good for the "
           "bettor).", ""]
    header = ["Bet", "EV", *table.labels]
    rows = [[safe(bet.id), decimal_text(bet.expected_value, 9, sign=True),
             *(decimal_text(e, 9, sign=True) for e in table.effects[bet.id])]
            for bet in report.bets]
    out += grid(header, rows)
    return "\n".join(out) + "\n"


def games_text(games: list[Game]) -> str:
    out = []
    for game in games:
        source = game.source if isinstance(game.source, dict) else {}
        out.append(f"{safe(game.id)}  {safe(game.name)}")
        seed = f" [{safe(source['seed'])}]" if source.get("seed") else ""
        out.append(f"    source: {safe(source.get('document', '?'))}{seed}")
        out.append(f"    {game.decks} decks, {safe(game.rules.name)}; bets: "
                   f"{', '.join(safe(b.id) for b in game.bets)}")
    return "\n".join(out) + "\n"


def document_text(document: Document) -> str:
    """Any document as text: its inputs, then each table."""
    out = [safe(document.title), *header_lines(document.inputs)]
    for table in document.tables:
        out += ["", safe(table.title)]
        out += grid([c.name for c in table.columns],
                    [[cell_text(v, c) for v, c in zip(row, table.columns)] for row in table.rows],
                    indent="  ")
        out += [f"  {safe(note)}" for note in table.notes]
    out += [safe(note) for note in document.notes]
    return "\n".join(out) + "\n"
