"""A table's report: each seat's and owner's exact figures, the player-dealer's and the
cardroom's (``exact_odds.table.results`` computes them), as people read it and as data: its
inputs (game, shoe, settings, table file, version, as every command records them), the
seats, the player-dealer and the cardroom. Money and probabilities stay exact fractions;
``exact_odds.render`` writes the decimals."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from exact_odds.games.inputs import game_inputs
from exact_odds.numbers import fraction_text, percent_text, to_float
from exact_odds.render.document import Cell, Column, Document, Field, Json, Line, Table, Text
from exact_odds.render.inputs import setting_text
from exact_odds.render.rendered import Rendered
from exact_odds.render.text import grouped_text, money_text
from exact_odds.table import model


@dataclass(frozen=True)
class OwnerResult:
    """One owner's exact figures for one hand, in money."""

    seat: int
    owner: str
    wagered: Fraction
    fees: Fraction  # expected fees paid (fees less any refunds)
    expected_without_fees: Fraction
    p_full_action: Fraction
    p_partial_action: Fraction
    p_no_action: Fraction

    @property
    def expected(self) -> Fraction:
        """The expected result, fees paid."""
        return self.expected_without_fees - self.fees

    @property
    def house_edge(self) -> Fraction:
        """The expected loss, fees included, per unit of money wagered."""
        return -self.expected / self.wagered


@dataclass(frozen=True)
class DealerResult:
    """The player-dealer's exact figures for one hand."""

    seat: int
    bank: Fraction
    fee: Fraction
    expected_without_fee: Fraction
    p_bank_exhausted: Fraction  # the probability of losing the whole bank
    distribution: tuple[tuple[Fraction, Fraction], ...]  # (result, probability), by result

    @property
    def expected(self) -> Fraction:
        return self.expected_without_fee - self.fee


@dataclass(frozen=True)
class TableReport(Rendered):
    """Every figure of a table: each seat and owner, the player-dealer and the cardroom."""

    table: model.PlayerDealerTable  # the table file
    seats: tuple[OwnerResult, ...]
    player_dealer: DealerResult
    total: int  # ordered six-card sequences: the denominator of every probability

    @property
    def fees_per_hand(self) -> Fraction:
        """What the cardroom collects per hand, on average."""
        return sum((s.fees for s in self.seats), Fraction(0)) + self.player_dealer.fee

    @property
    def balance(self) -> Fraction:
        """Bettors, player-dealer and cardroom together: exactly zero when the table adds up."""
        bettors = sum((s.expected for s in self.seats), Fraction(0))
        return bettors + self.player_dealer.expected + self.fees_per_hand

    def inputs(self) -> Json:
        """The game, shoe, rules, settings, table file and version that produced it."""
        return _inputs(self)

    def to_document(self) -> Document:
        return _document(self)

    def to_dict(self) -> Json:
        """Plain data: the inputs, then seats, player-dealer and cardroom (exact strings)."""
        return _dict(self)



_SEAT_KEYS = ("wagered", "fees", "expected", "expected_without_fees", "house_edge",
              "p_full_action", "p_partial_action", "p_no_action")
#: Results of the player-dealer listed one by one in text, at most.
_MOST_LINES = 25
_TABULAR = ("markdown", "html", "xlsx")


def _seat_dict(seat: OwnerResult) -> dict[str, object]:
    return {"seat": seat.seat, "owner": seat.owner or None,
            **{key: fraction_text(getattr(seat, key)) for key in _SEAT_KEYS}}


def _inputs(report: TableReport) -> Json:
    """What produced the report, as every command records it, and the table file."""
    table = report.table
    data = game_inputs(table.game, table.shoe, table.game.rules.describe(), None, table.settings)
    data["table_file"] = table.path
    return data


def _dict(report: TableReport) -> Json:
    """The report as plain data: the inputs, then seats, player-dealer and cardroom."""
    table, dealer = report.table, report.player_dealer
    return {
        **_inputs(report),
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


def _header(report: TableReport, inputs: Json) -> tuple[Line, ...]:
    table = report.table
    order = ("by bet type, from the seat to the left of the player-dealer"
             if table.order == "by-bet-type" else "seat by seat from the action button")
    return (
        f"{table.game.name} ({table.game.id}), {table.shoe.describe()}",
        Field("Settlement", f"{table.reading}; order: {order}"),
        Field("Player-dealer", f"seat {table.dealer_seat}, bank {money_text(table.bank)}, "
                               f"fee {money_text(table.dealer_fee)} per hand"),
        *(Field(f"Setting {name}", setting_text(value))
          for name, value in table.settings.items()),
        f"exact-odds {inputs['exact_odds_version']}",
    )


def _amount(name: str, width: int = 0) -> Column:
    """A column of amounts: exact, four places, signed, thousands grouped."""
    return Column(name, "exact", 4, sign=True, grouped=True, width=width)


_SEATS = (Column("Seat", "count", align="left"), Column("Owner"), Column("Wagered", "money"),
          Column("Fees", "money"), _amount("Expected"),
          _amount("Without fees"), Column("House edge", "percent", 2),
          Column("Full action", "percent", 2), Column("Partial", "percent", 2),
          Column("No action", "percent", 2))
_CSV = (Column("role"), Column("seat", "count"), Column("owner"),
        *(Column(key, "exact") for key in _SEAT_KEYS), Column("p_bank_exhausted", "exact"))


def _check(report: TableReport, words: str) -> str:
    return ("Check: bettors + player-dealer + cardroom = "
            + ("0 exactly" if report.balance == 0 else f"{fraction_text(report.balance)}{words}"))


def _document(report: TableReport) -> Document:
    """The seats, the player-dealer and the cardroom; the player-dealer's result's
    distribution (in text, up to 25 values)."""
    table, dealer = report.table, report.player_dealer
    inputs = _inputs(report)
    seats = Table("", _SEATS, tuple(
        (s.seat, s.owner or None, s.wagered, s.fees, s.expected, s.expected_without_fees,
         s.house_edge, s.p_full_action, s.p_partial_action, s.p_no_action)
        for s in report.seats), sheet="Seats", indent=0, formats=("text", *_TABULAR))
    signed = grouped_text(to_float(dealer.expected), 4, True)
    without = grouped_text(to_float(dealer.expected_without_fee), 4, True)
    said = Text((
        f"Player-dealer: expected {signed} (without its fee {without}); "
        f"P(bank exhausted) {percent_text(dealer.p_bank_exhausted, 4)}",
        f"Cardroom: fees per hand {grouped_text(to_float(report.fees_per_hand), 4)}",
        _check(report, " (DOES NOT ADD UP)")), formats=("text",))
    distribution = tuple((result, p) for result, p in dealer.distribution)
    shown: Table | Text
    if len(distribution) > _MOST_LINES:
        shown = Text((f"The player-dealer's result takes {len(distribution)} values "
                      "(every one in --format json).",), formats=("text",))
    else:
        shown = Table("The player-dealer's result:",
                      (_amount("Result", width=14), Column("Probability", "exact")),
                      distribution, header=False, formats=("text",))
    others = Table(
        "The player-dealer and the cardroom",
        (Column("Who"), Column("Bank", "exact"), Column("Fee", "exact"),
         Column("Expected", "signed"), Column("Without fee", "signed"),
         Column("P(bank exhausted)", "percent")),
        (("player-dealer", dealer.bank, dealer.fee, dealer.expected,
          dealer.expected_without_fee, dealer.p_bank_exhausted),
         ("cardroom", None, report.fees_per_hand, report.fees_per_hand, report.fees_per_hand,
          None)),
        notes=(_check(report, ""),), sheet="Player-dealer", formats=_TABULAR)
    spread = Table("The player-dealer's result",
                   (Column("Result", "signed"), Column("Probability", "exact")),
                   distribution, sheet="Distribution", formats=_TABULAR)
    rows: list[tuple[Cell, ...]] = [
        ("bettor", s.seat, s.owner, *(getattr(s, key) for key in _SEAT_KEYS), None)
        for s in report.seats]
    rows += [("player-dealer", dealer.seat, "", dealer.bank, dealer.fee, dealer.expected,
              dealer.expected_without_fee, None, None, None, None, dealer.p_bank_exhausted),
             ("cardroom", None, "", None, report.fees_per_hand, report.fees_per_hand, None,
              None, None, None, None, None)]
    data = Table("Roles", _CSV, tuple(rows), formats=("csv",))
    warnings = Text(tuple(f"Warning: {w}" for w in table.warnings), formats=_TABULAR)
    blocks = (seats, said, shown, others, spread, data) + ((warnings,) if table.warnings else ())
    return Document(f"Table {table.path}", _header(report, inputs), blocks)
