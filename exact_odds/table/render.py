"""A table's report as text, Markdown, CSV or JSON. Decimals appear only here; JSON and CSV
carry every amount and probability as an exact reduced fraction in a string."""

from __future__ import annotations

import csv
import io
from fractions import Fraction

from exact_odds.render import fraction_text, percent, render_json
from exact_odds.table.fees import money
from exact_odds.table.results import OwnerResult, TableReport

_SEAT_KEYS = ("wagered", "fees", "expected", "expected_without_fees", "house_edge",
              "p_full_action", "p_partial_action", "p_no_action")
#: Results of the player-dealer listed one by one in text, at most.
_MOST_LINES = 25


def _seat_dict(seat: OwnerResult) -> dict[str, object]:
    return {"seat": seat.seat, "owner": seat.owner or None,
            **{key: fraction_text(getattr(seat, key)) for key in _SEAT_KEYS}}


def table_dict(report: TableReport) -> dict[str, object]:
    """The report as plain data: the inputs, then seats, player-dealer and cardroom."""
    table, dealer = report.table, report.player_dealer
    return {
        "table": table.path,
        "game": table.game.id,
        "decks": table.shoe.decks,
        "cards": table.shoe.size,
        "settlement": table.reading,
        "order": table.order,
        "total": report.total,
        "wagers": [{"seat": o.seat, "owner": o.name or None, "bet": w.bet,
                    "amount": fraction_text(w.amount), "fee": fraction_text(w.fee),
                    **({"on_five": o.on_five} if o.on_five else {})}
                   for o in table.owners for w in o.wagers],
        "seats": [_seat_dict(seat) for seat in report.seats],
        "player_dealer": {
            "bank": fraction_text(dealer.bank), "fee": fraction_text(dealer.fee),
            "expected": fraction_text(dealer.expected),
            "expected_without_fee": fraction_text(dealer.expected_without_fee),
            "p_bank_exhausted": fraction_text(dealer.p_bank_exhausted)},
        "player_dealer_distribution": [
            {"result": fraction_text(result), "probability": fraction_text(p)}
            for result, p in dealer.distribution],
        "cardroom": {"fees_per_hand": fraction_text(report.fees_per_hand)},
        "adds_up_to_zero": report.balance == 0,
        "warnings": list(table.warnings),
    }


def _amount(value: Fraction) -> str:
    return f"{float(value):+,.4f}"


def _cash(value: Fraction) -> str:
    """An amount in whole cents as money ("2.50"); anything finer (an expectation of refunded
    fees) as a decimal."""
    return money(value) if (value * 100).denominator == 1 else f"{float(value):,.4f}"


def _header(report: TableReport) -> list[str]:
    table = report.table
    order = ("by bet type, from the seat to the left of the player-dealer"
             if table.order == "by-bet-type" else "seat by seat from the action button")
    return [
        f"Table {table.path}",
        f"{table.game.name} ({table.game.id}), {table.shoe.describe()}",
        f"Settlement: {table.reading}; order: {order}",
        (f"Player-dealer: seat {table.dealer_seat}, bank {_cash(table.bank)}, "
         f"fee {_cash(table.dealer_fee)} per hand"),
    ]


def _rows(report: TableReport) -> list[list[str]]:
    rows = []
    for seat in report.seats:
        rows.append([str(seat.seat), seat.owner or "-", _cash(seat.wagered), _cash(seat.fees),
                     _amount(seat.expected), _amount(seat.expected_without_fees),
                     percent(seat.house_edge, 2), percent(seat.p_full_action, 2),
                     percent(seat.p_partial_action, 2), percent(seat.p_no_action, 2)])
    return rows


_COLUMNS = ["Seat", "Owner", "Wagered", "Fees", "Expected", "Without fees", "House edge",
            "Full action", "Partial", "No action"]


def _dealer_lines(report: TableReport) -> list[str]:
    dealer = report.player_dealer
    lines = [
        (f"Player-dealer: expected {_amount(dealer.expected)} "
         f"(without its fee {_amount(dealer.expected_without_fee)}); "
         f"P(bank exhausted) {percent(dealer.p_bank_exhausted, 4)}"),
        f"Cardroom: fees per hand {float(report.fees_per_hand):,.4f}",
        "Check: bettors + player-dealer + cardroom = "
        + ("0 exactly" if report.balance == 0 else f"{fraction_text(report.balance)} (DOES NOT ADD UP)"),
    ]
    return lines


def _distribution_lines(report: TableReport) -> list[str]:
    distribution = report.player_dealer.distribution
    if len(distribution) > _MOST_LINES:
        return [(f"The player-dealer's result takes {len(distribution)} values "
                 "(every one in --format json).")]
    return ["The player-dealer's result:", *[
        f"  {_amount(result):>14}  {float(p):.9f}" for result, p in distribution]]


def render_table_text(report: TableReport) -> str:
    rows = [_COLUMNS] + _rows(report)
    widths = [max(len(row[i]) for row in rows) for i in range(len(_COLUMNS))]
    lines = _header(report) + [""]
    for row in rows:
        lines.append("  ".join(cell.rjust(w) if i > 1 else cell.ljust(w)
                               for i, (cell, w) in enumerate(zip(row, widths))).rstrip())
    lines += [""] + _dealer_lines(report) + [""] + _distribution_lines(report)
    return "\n".join(lines) + "\n"


def render_table_markdown(report: TableReport) -> str:
    lines = [f"## {report.table.game.name}: the player-dealer's table", ""]
    lines += [f"- {line}" for line in _header(report)] + [""]
    lines.append("| " + " | ".join(_COLUMNS) + " |")
    lines.append("|" + "|".join("---" if i < 2 else "--:" for i in range(len(_COLUMNS))) + "|")
    lines += ["| " + " | ".join(row) + " |" for row in _rows(report)]
    lines += [""] + [f"- {line}" for line in _dealer_lines(report)] + [""]
    return "\n".join(lines) + "\n"


def render_table_csv(report: TableReport) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["role", "seat", "owner", *_SEAT_KEYS, "p_bank_exhausted"])
    for seat in report.seats:
        writer.writerow(["bettor", seat.seat, seat.owner,
                         *(fraction_text(getattr(seat, key)) for key in _SEAT_KEYS), ""])
    dealer = report.player_dealer
    writer.writerow(["player-dealer", dealer.seat, "", fraction_text(dealer.bank),
                     fraction_text(dealer.fee), fraction_text(dealer.expected),
                     fraction_text(dealer.expected_without_fee), "", "", "", "",
                     fraction_text(dealer.p_bank_exhausted)])
    writer.writerow(["cardroom", "", "", "", fraction_text(report.fees_per_hand),
                     fraction_text(report.fees_per_hand), "", "", "", "", "", ""])
    return out.getvalue()


def render_table(report: TableReport, fmt: str) -> str:
    """The report in one of the formats text, markdown, csv, json."""
    if fmt == "json":
        return render_json(table_dict(report))
    if fmt == "csv":
        return render_table_csv(report)
    if fmt == "markdown":
        return render_table_markdown(report)
    return render_table_text(report)
