"""Rendering: reports as text, Markdown, CSV or JSON. Decimals appear only here.

JSON and CSV carry every exact figure as a reduced fraction in a string
(``"-284694798368/19524993263685"``) and every count as an integer.
"""

from __future__ import annotations

import csv
import io
import json
from fractions import Fraction

FORMATS = ("text", "markdown", "csv", "json")


def fraction_text(value: Fraction) -> str:
    """An exact fraction as ``"p/q"`` (``"0"``, ``"-1/2"``)."""
    value = Fraction(value)
    return str(value.numerator) if value.denominator == 1 else f"{value.numerator}/{value.denominator}"


def percent(value: Fraction, places: int = 4) -> str:
    return f"{float(value) * 100:.{places}f}%"


def decimal(value: Fraction, places: int = 9) -> str:
    return f"{float(value):.{places}f}"


def _verdict(bet) -> str:
    if bet.favours_bettor:
        return f"FAVOURS THE BETTOR: the bettor's edge is {percent(bet.expected_value)}"
    if bet.expected_value == 0:
        return "EVEN: neither side has an edge"
    return ""


# --- plain data ------------------------------------------------------------------------

def bet_dict(bet) -> dict:
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
            {
                "event": e.event,
                "when": e.when,
                "pays": e.pays,
                "net": fraction_text(e.net),
                "combinations": e.combinations,
                "probability": fraction_text(e.probability),
                "return": fraction_text(e.expected_return),
            }
            for e in bet.events
        ],
    }


def report_dict(report) -> dict:
    data = {
        "game": report.game.id,
        "name": report.game.name,
        "decks": report.shoe.decks,
        "cards": report.shoe.size,
        "rules": report.rules.describe(),
        "total": report.total,
        "bets": [bet_dict(bet) for bet in report.bets],
    }
    if report.strategy:
        data["strategy"] = report.strategy
    if report.settings:
        data["settings"] = report.settings
    if report.notes:
        data["notes"] = list(report.notes)
    return data


def report_frame(report):
    import polars as pl

    rows = []
    for bet in report.bets:
        for e in bet.events:
            rows.append({
                "bet": bet.id, "event": e.event, "pays": e.pays, "net": fraction_text(e.net),
                "combinations": e.combinations, "probability": fraction_text(e.probability),
                "probability_decimal": float(e.probability),
                "return": fraction_text(e.expected_return),
            })
    return pl.DataFrame(rows, schema_overrides={"combinations": pl.Int128})


# --- text --------------------------------------------------------------------------------

def _header(report) -> list[str]:
    shoe = report.shoe
    lines = [f"{report.game.name} ({report.game.id})",
             f"{shoe.describe() if shoe.decks is None else f'{shoe.describe()}, {shoe.size} cards'}; "
             f"{report.rules.describe()}"]
    source = report.game.source
    if source.get("document"):
        lines.append(f"Rules from: {source['document']}")
    for name, value in report.settings.items():
        setting = report.game.settings[name]
        default = " (default)" if value == setting.default else ""
        shown = str(value).lower() if isinstance(value, bool) else value
        lines.append(f"Setting {name} = {shown}{default}")
    lines.append(f"Counts are ordered six-card sequences: {report.total:,} in all.")
    lines.extend(f"Note: {note}" for note in report.notes)
    return lines


def _summary(bet) -> list[str]:
    lines = [
        f"Expected value {decimal(bet.expected_value)}  (exact {fraction_text(bet.expected_value)})",
        f"House edge {percent(bet.house_edge)}   Hit frequency {percent(bet.hit_frequency, 2)}   "
        f"Standard deviation {bet.standard_deviation:.4f}",
    ]
    extra = []
    if bet.push_probability:
        extra.append(f"Push {percent(bet.push_probability, 2)}   "
                     f"Element of risk {percent(bet.element_of_risk)}")
    top = bet.top_award
    if top is not None:
        odds = Fraction(1) / top.probability
        extra.append(f"Top award {top.pays} ({top.event}): 1 in {float(odds):,.1f}")
    if extra:
        lines.append("   ".join(extra))
    verdict = _verdict(bet)
    if verdict:
        lines.append(f"*** {verdict} ***")
    return lines


def render_text(report) -> str:
    out = _header(report)
    for bet in report.bets:
        out.append("")
        out.append(f"{bet.name} [{bet.id}]")
        rows = [("Event", "Pays", "Combinations", "Probability", "Return")]
        for e in bet.events:
            rows.append((e.event, e.pays, f"{e.combinations:,}", decimal(e.probability),
                         f"{float(e.expected_return):+.9f}"))
        widths = [max(len(row[i]) for row in rows) for i in range(5)]
        for row in rows:
            out.append("  " + "  ".join(
                cell.ljust(w) if i < 2 else cell.rjust(w)
                for i, (cell, w) in enumerate(zip(row, widths))))
        out.extend("  " + line for line in _summary(bet))
    return "\n".join(out) + "\n"


def render_markdown(report) -> str:
    out = [f"# {report.game.name}", ""]
    out.extend(f"{line}  " for line in _header(report)[1:])
    for bet in report.bets:
        out += ["", f"## {bet.name} (`{bet.id}`)", "",
                "| Event | Pays | Combinations | Probability | Return |",
                "|---|---|--:|--:|--:|"]
        for e in bet.events:
            out.append(f"| {e.event} | {e.pays} | {e.combinations:,} | {decimal(e.probability)} "
                       f"| {float(e.expected_return):+.9f} |")
        out.append("")
        out.extend(f"{line}  " for line in _summary(bet))
    return "\n".join(out) + "\n"


def render_csv(report) -> str:
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(["game", "decks", "cards", "bet", "bet_name", "event", "pays", "net",
                     "combinations", "probability", "probability_decimal", "return",
                     "bet_expected_value", "bet_house_edge", "bet_favours_bettor"])
    for bet in report.bets:
        for e in bet.events:
            writer.writerow([report.game.id, report.shoe.decks or "", report.shoe.size, bet.id,
                             bet.name, e.event, e.pays, fraction_text(e.net), e.combinations,
                             fraction_text(e.probability), decimal(e.probability, 12),
                             fraction_text(e.expected_return), fraction_text(bet.expected_value),
                             fraction_text(bet.house_edge), bet.favours_bettor])
    return buffer.getvalue()


def render_json(data: dict) -> str:
    return json.dumps(data, indent=2) + "\n"


def render_report(report, fmt: str) -> str:
    """The report in one of ``FORMATS``."""
    if fmt == "json":
        return render_json(report_dict(report))
    if fmt == "markdown":
        return render_markdown(report)
    if fmt == "csv":
        return render_csv(report)
    return render_text(report)


# --- strategy (21st Century) -------------------------------------------------------------

def render_strategy_text(report) -> str:
    """The decision on the option as a grid (player's two cards by dealer up card), and the
    late-bet map; every name and pay from the game file."""
    shoe = report.shoe
    game = report.game
    option = game.rules.option
    bet = report.optimised_bet
    given = ("given the cards seen and that the dealer holds no natural."
             if option.after_natural_check else "given the cards seen.")
    out = [
        f"{game.name}: best play {option.describe()}, {shoe.describe()} ({shoe.size} cards)",
        "Each cell: H (hit) or S (stand), then what that choice gains over the other, in % of",
        f"the {bet.name.lower()} bet, {given}",
        "",
    ]
    ups: list = list(range(10)) if option.sees_up_card else [None]
    heads = [f"up {u}" if u is not None else "any up" for u in ups]
    out += ["Player cards | " + " ".join(h.rjust(8) for h in heads),
            "-------------+-" + "-" * (9 * len(ups) - 1)]
    cells = {(d.low, d.high, d.up): d for d in report.decisions}
    hands = sorted({(d.low, d.high) for d in report.decisions})
    for low, high in hands:
        row = []
        for up in ups:
            d = cells.get((low, high, up))
            row.append("-".rjust(8) if d is None else
                       f"{d.choice[0].upper()} {float(d.gain) * 100:5.2f}".rjust(8))
        out.append(f"{low},{high}".ljust(12) + " | " + " ".join(row))
    late = report.late_bet
    if late is None:
        return "\n".join(out) + "\n"
    label = late.name.split(" (")[0]
    ties = {(t.low, t.high, t.up): t for t in report.late_ties}
    out += [
        "",
        f"{label} ({report.late_pays}), the player hand played {report.strategy}: expected value in % of the",
        "bet, given the cards seen; '+' marks where it favours the bettor, '.' where it is not offered.",
        "",
        "Player cards | " + " ".join(h.rjust(7) for h in heads),
        "-------------+-" + "-" * (8 * len(ups) - 1),
    ]
    for low in range(10):
        for high in range(low, 10):
            row = []
            for up in ups:
                t = ties.get((low, high, up))
                if t is None:
                    row.append(".".rjust(7))
                else:
                    mark = "+" if t.favours_bettor else " "
                    row.append(f"{mark}{float(t.ev) * 100:6.1f}")
            out.append(f"{low},{high}".ljust(12) + " | " + " ".join(row))
    value = report.late_tie_value_per_round
    out += [
        "",
        f"Favourable {label.lower().replace(' ', '-')} states: {len(report.favourable_late_ties)} of {len(report.late_ties)} offered.",
        f"Placing one unit in exactly those states gains {float(value) * 100:.4f}% of a unit per round "
        f"(exact {fraction_text(value)}).",
    ]
    return "\n".join(out) + "\n"


# --- compare and solve ---------------------------------------------------------------------

def render_comparison_text(comparison) -> str:
    first, second = comparison.first, comparison.second
    out = [f"A: {first.game.name} ({first.game.path}), {first.shoe.describe()}",
           f"B: {second.game.name} ({second.game.path}), {second.shoe.describe()}", ""]
    rows = [("Bet", "Edge A", "Edge B", "Change", "Hit A", "Hit B", "Change", "SD A", "SD B", "Change")]
    for row in comparison.bets:
        a, b = row.first, row.second
        rows.append((
            row.id,
            percent(a.house_edge) if a else "-", percent(b.house_edge) if b else "-",
            _signed(row.change("house_edge")),
            percent(a.hit_frequency, 2) if a else "-", percent(b.hit_frequency, 2) if b else "-",
            _signed(row.change("hit_frequency"), 2),
            f"{a.standard_deviation:.4f}" if a else "-", f"{b.standard_deviation:.4f}" if b else "-",
            "-" if row.change("standard_deviation") is None else f"{row.change('standard_deviation'):+.4f}",
        ))
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    for r in rows:
        out.append("  ".join(c.ljust(w) if i == 0 else c.rjust(w) for i, (c, w) in enumerate(zip(r, widths))))
    favour = [row.id for row in comparison.bets if row.second and row.second.favours_bettor]
    if favour:
        out += ["", f"*** In B, these bets FAVOUR THE BETTOR: {', '.join(favour)} ***"]
    return "\n".join(out) + "\n"


def _signed(value, places: int = 4) -> str:
    return "-" if value is None else f"{float(value) * 100:+.{places}f}%"


def render_solution_text(solution) -> str:
    def line(label, p):
        if p is None:
            return f"  {label:<28} none (no positive pay)"
        return (f"  {label:<28} {p.text:<12} house edge {percent(p.house_edge)} "
                f"(exact {fraction_text(p.house_edge)})")

    return "\n".join([
        f"{solution.bet_id}: the pay of '{solution.event}' for a house edge of "
        f"{percent(solution.target_edge)}",
        f"  exact pay                    {fraction_text(solution.exact_pay)} to 1 "
        f"(= {float(solution.exact_pay):.6f} to 1)",
        f"  break-even pay (no edge)     {fraction_text(solution.break_even)} to 1 "
        f"(= {float(solution.break_even):.6f} to 1)",
        "  A higher pay lowers the house edge.",
        line("nearest N to 1, below", solution.to_one_below),
        line("nearest N to 1, above", solution.to_one_above),
        line("nearest N to M, below", solution.nearest_below),
        line("nearest N to M, above", solution.nearest_above),
    ]) + "\n"


def render_removal_text(table) -> str:
    report = table.report
    out = [f"{report.game.name} ({report.game.id}): effect of removing one card, by {table.by}",
           f"{report.shoe.describe()}, {report.shoe.size} cards. Change in expected value, in % of a unit bet,",
           "when one card of each kind leaves the shoe (positive: good for the bettor).", ""]
    width = max(len(b.id) for b in report.bets)
    cell = 9
    out.append("Bet".ljust(width) + "  EV".rjust(cell) + "".join(l.rjust(cell) for l in table.labels))
    for bet in report.bets:
        out.append(bet.id.ljust(width) + f"{float(bet.expected_value) * 100:+.3f}".rjust(cell)
                   + "".join(f"{float(e) * 100:+.4f}".rjust(cell) for e in table.effects[bet.id]))
    return "\n".join(out) + "\n"
