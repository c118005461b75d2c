"""A table's report in every output format (``exact_odds.render.FORMATS``). Decimals appear
only in text; JSON and CSV carry every amount and probability as an exact reduced fraction
in a string, and every form records its inputs (game, shoe, settings, table file,
exact-odds version) as the other commands' outputs do."""

from __future__ import annotations

import csv
import io
from fractions import Fraction
from typing import Any

from exact_odds.numbers import fraction_text
from exact_odds.render import percent
from exact_odds.render.data import Column, Document, Json, Table, game_inputs, inputs_lines
from exact_odds.table.fees import money
from exact_odds.table.results import OwnerResult, TableReport

_SEAT_KEYS = ("wagered", "fees", "expected", "expected_without_fees", "house_edge",
              "p_full_action", "p_partial_action", "p_no_action")
#: Results of the player-dealer listed one by one in text, at most.
_MOST_LINES = 25


def _seat_dict(seat: OwnerResult) -> dict[str, object]:
    return {"seat": seat.seat, "owner": seat.owner or None,
            **{key: fraction_text(getattr(seat, key)) for key in _SEAT_KEYS}}


def table_inputs(report: TableReport) -> Json:
    """What produced the report, as every command records it, and the table file."""
    table = report.table
    data = game_inputs(table.game, table.shoe, table.game.rules.describe(), None, table.settings)
    data["table_file"] = table.path
    return data


def table_dict(report: TableReport) -> dict[str, Any]:
    """The report as plain data: the inputs, then seats, player-dealer and cardroom."""
    table, dealer = report.table, report.player_dealer
    return {
        **table_inputs(report),
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
        *[f"Setting {name}: {str(value).lower() if isinstance(value, bool) else value}"
          for name, value in table.settings.items()],
        f"exact-odds {table_inputs(report)['exact_odds_version']}",
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



def render_table_csv(report: TableReport) -> str:
    """One row per bettor, the player-dealer and the cardroom, the inputs in the first
    columns of every row (as every command's CSV)."""
    from exact_odds.render.csv import INPUT_COLUMNS, input_cells

    inputs = [*input_cells(table_inputs(report)), report.table.path]
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow([*INPUT_COLUMNS, "table_file", "role", "seat", "owner", *_SEAT_KEYS,
                     "p_bank_exhausted"])
    for seat in report.seats:
        writer.writerow([*inputs, "bettor", seat.seat, seat.owner,
                         *(fraction_text(getattr(seat, key)) for key in _SEAT_KEYS), ""])
    dealer = report.player_dealer
    writer.writerow([*inputs, "player-dealer", dealer.seat, "", fraction_text(dealer.bank),
                     fraction_text(dealer.fee), fraction_text(dealer.expected),
                     fraction_text(dealer.expected_without_fee), "", "", "", "",
                     fraction_text(dealer.p_bank_exhausted)])
    writer.writerow([*inputs, "cardroom", "", "", "", fraction_text(report.fees_per_hand),
                     fraction_text(report.fees_per_hand), "", "", "", "", "", ""])
    return out.getvalue()


def table_document(report: TableReport) -> Document:
    """The report as tables (Markdown, xlsx, HTML): the seats, the player-dealer and the
    cardroom, and the player-dealer's result's distribution."""
    table, dealer = report.table, report.player_dealer
    inputs = (*inputs_lines(table_inputs(report)), ("Table file", table.path),
              *[(line.split(":", 1)[0], line.split(":", 1)[1].strip())
                for line in _header(report)[2:4]])
    seats = Table(
        "Seats", (Column("Seat", "count"), Column("Owner"), Column("Wagered", "exact"),
                  Column("Fees", "exact"), Column("Expected", "signed"),
                  Column("Without fees", "signed"), Column("House edge", "percent"),
                  Column("Full action", "percent"), Column("Partial", "percent"),
                  Column("No action", "percent")),
        tuple((s.seat, s.owner or "-", s.wagered, s.fees, s.expected, s.expected_without_fees,
               s.house_edge, s.p_full_action, s.p_partial_action, s.p_no_action)
              for s in report.seats), sheet="Seats")
    others = Table(
        "The player-dealer and the cardroom",
        (Column("Who"), Column("Bank", "exact"), Column("Fee", "exact"),
         Column("Expected", "signed"), Column("Without fee", "signed"),
         Column("P(bank exhausted)", "percent")),
        (("player-dealer", dealer.bank, dealer.fee, dealer.expected,
          dealer.expected_without_fee, dealer.p_bank_exhausted),
         ("cardroom", None, report.fees_per_hand, report.fees_per_hand, report.fees_per_hand,
          None)),
        notes=("Check: bettors + player-dealer + cardroom = "
               + ("0 exactly" if report.balance == 0 else fraction_text(report.balance)),),
        sheet="Player-dealer")
    spread = Table(
        "The player-dealer's result", (Column("Result", "signed"), Column("Probability", "exact")),
        tuple((result, p) for result, p in dealer.distribution), sheet="Distribution")
    return Document(f"{table.game.name}: the player-dealer's table", inputs,
                    (seats, others, spread), tuple(f"Warning: {w}" for w in table.warnings))


def render_table(report: TableReport, fmt: str) -> str | bytes:
    """The report in any of ``exact_odds.render.FORMATS`` (xlsx as bytes)."""
    from exact_odds.render import render

    return render(report, fmt)
