"""The approval workbook (issue 30): a report's xlsx is a live math worksheet. Its pays are
input cells, every figure a formula with the exact figure's value cached; LibreOffice Calc
recalculates it and every value equals the exact figure to 1e-12 relative; a pay changed in
the workbook moves the bet's figures as the same change in the game file moves the report.

The checks in LibreOffice run it once per fixture (a few seconds each), on copies whose
cached values are stripped: a value read back is one LibreOffice computed.
"""

from __future__ import annotations

import json
import zipfile
from fractions import Fraction
from pathlib import Path

import pytest
from clirun import ok
from spreadsheet import (
    PDFTOTEXT,
    SKIP,
    SKIP_PDF,
    SOFFICE,
    error_cells,
    named_cells,
    pdf_pages,
    recalculate,
    values,
)
from spreadsheet import printed as print_pdf
from spreadsheet import without_cached_values as uncached
from test_lucky_draw import HOW_2013, HOW_HOUSE_EDGES, HOW_ROUND_NET

from conftest import needs, unavailable
from exact_odds.analysis.approval import ApprovalWorkbook, approval_workbook
from exact_odds.analysis.bet_result import BetResult
from exact_odds.analysis.compare import compare_games
from exact_odds.analysis.figures import CONFIDENCES, HOLD_ROUNDS, ROUND_FIGURES, normal_quantile
from exact_odds.analysis.report import game_report
from exact_odds.analysis.worksheet import name_part
from exact_odds.games.loader import builtin_games, load_game, tables_dir
from exact_odds.numbers import fraction_text
from exact_odds.render import render

openpyxl = needs("openpyxl", "openpyxl is not installed (the test extra)", module=True)
needs_calc = pytest.mark.usefixtures("calc_installed")


@pytest.fixture
def calc_installed():
    """LibreOffice is here (skipped where it is not, failed in CI: ``unavailable``)."""
    if SOFFICE is None:
        unavailable(SKIP)

HOSTILE = '=HYPERLINK("http://x","y")'


def close(value: object, exact: Fraction | float) -> bool:
    """``value`` (a spreadsheet's number) is ``exact`` to 1e-12 relative (0 exactly)."""
    if not isinstance(value, (int, float)) or isinstance(value, bool):
        return False
    if exact == 0:
        return value == 0
    return abs(Fraction(value) - Fraction(exact)) <= Fraction(1, 10**12) * abs(Fraction(exact))


def write(folder: Path, name: str, result: object) -> Path:
    path = folder / name
    data = render(result, "xlsx")  # type: ignore[arg-type]
    assert isinstance(data, bytes)
    path.write_bytes(data)
    return path


# --- the figures the workbook shows, exact ----------------------------------------------------

def test_normal_quantiles_are_the_published_ones():
    """z of a two-sided 90% and 95% band: 1.644854 and 1.959964 (NIST/SEMATECH
    e-Handbook of Statistical Methods, 1.3.6.7.1, the standard normal table)."""
    assert round(normal_quantile(Fraction(9, 10)), 6) == 1.644854
    assert round(normal_quantile(Fraction(95, 100)), 6) == 1.959964


def test_volatility_index_and_hold_band_follow_the_variance():
    """The volatility index is z x SD; over n rounds the hold's variance is the bet's
    variance / n, exact, and its band is edge +/- z sqrt(variance / n) (issue 30)."""
    tie = game_report("commission-free", bets=["tie"]).bet("tie")
    # the Tie at 8 to 1 on 8 decks: p = 619306544887/6508331087895 (casinoexploit.com's
    # 9.52%), net 8 or -1: variance = 81 p (1 - p), written out by hand
    p = Fraction(619306544887, 6508331087895)
    assert tie.variance == 81 * p * (1 - p)
    z95 = normal_quantile(Fraction(19, 20))
    assert tie.volatility_index(Fraction(19, 20)) == pytest.approx(z95 * float(81 * p * (1 - p)) ** 0.5,
                                                                   rel=1e-15)
    band = tie.hold_band(10_000, Fraction(19, 20))
    assert band.expected == tie.house_edge and band.variance == tie.variance / 10_000
    half = z95 * float(tie.variance / 10_000) ** 0.5
    assert band.low == pytest.approx(float(tie.house_edge) - half, rel=1e-15)
    assert band.high == pytest.approx(float(tie.house_edge) + half, rel=1e-15)


# --- the workbook as written --------------------------------------------------------------------

@pytest.fixture(scope="module")
def commission_free(tmp_path_factory) -> tuple[Path, ApprovalWorkbook]:
    folder = tmp_path_factory.mktemp("commission-free")
    book = approval_workbook(game_report("commission-free"))
    return write(folder, "commission-free.xlsx", book), book


def test_sheets_names_pays_and_probabilities(commission_free):
    """A sheet per bet between Summary and Hold, Decks last; each pay an input cell named
    pay_<bet>_<n> holding the net pay; probabilities as the float nearest the exact
    fraction beside its exact text; combinations as exact text (the Tie's 8-deck count,
    475,627,426,473,216, published by casinoexploit.com)."""
    path, book = commission_free
    workbook = openpyxl.load_workbook(path)
    assert workbook.sheetnames == ["Summary", "player", "banker", "tie", "Hold", "Decks"]
    names = named_cells(path)
    for bet in book.report.bets:
        key = name_part(bet.id)
        assert {f"ev_{key}", f"edge_{key}"} <= set(names)
        for n, event in enumerate(bet.events, 1):
            sheet, cell = names[f"pay_{key}_{n}"]
            assert sheet == bet.id
            pay = workbook[sheet][cell]
            assert pay.value == float(event.net) and pay.fill.fgColor.rgb.endswith("FFF2CC")
            row = [c.value for c in workbook[sheet][pay.row]]
            assert row[0] == event.event and row[5] == float(event.probability)
            assert row[6] == fraction_text(event.probability)
            assert Fraction(int(row[4]), bet.total) == event.probability
        sheet, cell = names[f"ev_{key}"]
        assert str(workbook[sheet][cell].value).startswith("=SUMPRODUCT(")
    tie = workbook["tie"]
    assert any(row[4] == "475627426473216" for row in tie.iter_rows(values_only=True))


def test_cached_values_are_the_exact_figures(commission_free):
    """Before any recalculation a viewer shows the right figures: each formula is written
    with the exact figure's value."""
    path, book = commission_free
    cached = openpyxl.load_workbook(path, data_only=True)
    names = named_cells(path)
    for bet in book.report.bets:
        key = name_part(bet.id)
        for figure, exact in (("ev", bet.expected_value), ("edge", bet.house_edge),
                              ("hit", bet.hit_frequency), ("var", bet.variance)):
            sheet, cell = names[f"{figure}_{key}"]
            assert cached[sheet][cell].value == float(exact), (bet.id, figure)


def test_text_from_a_game_file_stays_text(tmp_path):
    """An event or a bet called =HYPERLINK(...), =1+1 or http://... is text, never a
    formula nor a link (issue 30)."""
    path = hostile_game(tmp_path)
    out = tmp_path / "hostile.xlsx"
    ok("report", str(path), "--format", "xlsx", "--output", str(out))
    with zipfile.ZipFile(out) as book:
        sheets = [book.read(n).decode() for n in book.namelist()
                  if n.startswith("xl/worksheets/sheet")]
        strings = book.read("xl/sharedStrings.xml").decode()
    formulas = [f for xml in sheets for f in xml.split("<f>")[1:]]
    assert formulas and not any("HYPERLINK" in f.split("</f>")[0] or "1+1" in f.split("</f>")[0]
                                for f in formulas)
    assert not any("<hyperlink" in xml for xml in sheets)
    for text in (HOSTILE, "=1+1", "http://example.com"):
        escaped = text.replace("&", "&amp;").replace('"', "&quot;").replace("<", "&lt;")
        assert text in strings or escaped in strings, text


def test_another_shoe_has_no_other_decks_but_its_effect_of_removal(tmp_path):
    """A shoe that is not 4, 6 or 8 whole decks (here 8 decks less the 9 of diamonds): the
    Decks sheet says the other decks are not shown and holds the effect of removal, by
    rank, for that shoe (issue 30: "--decks otherwise as now")."""
    book = approval_workbook(game_report("commission-free", remove=["9D"], bets=["tie"]))
    assert book.shoes == () and "not 4, 6 or 8 whole decks" in book.notes[0]
    assert book.removal is not None and book.removal.labels == (
        "A", "2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K")
    workbook = openpyxl.load_workbook(write(tmp_path, "less-9d.xlsx", book))
    decks = [row for row in workbook["Decks"].iter_rows(values_only=True)]
    assert any(row[0] and "not 4, 6 or 8 whole decks" in row[0] for row in decks)
    (tie,) = [row for row in decks if row[0] == "tie"]
    assert tie[2:15] == tuple(float(e) for e in book.removal.effects["tie"])


def test_an_effect_of_removal_past_the_limits_is_left_out_with_a_note(monkeypatch, tmp_path):
    """Where the effect of removal would pass the limits (refused before any work), the
    workbook is written without it and says why."""
    from exact_odds.analysis import removal
    from exact_odds.engine.cost import EnumerationTooLarge

    def refused(*_: object) -> None:
        raise EnumerationTooLarge("bet 'tie': about 99 s in all, past the limit")

    monkeypatch.setattr(removal, "effect_of_removal", refused)
    book = approval_workbook(game_report("commission-free", decks=1, bets=["tie"]))
    assert book.removal is None
    assert book.notes[-1] == "Effect of removal not shown: bet 'tie': about 99 s in all, past the limit"
    workbook = openpyxl.load_workbook(write(tmp_path, "no-eor.xlsx", book))
    assert any(book.notes[-1] == row[0] for row in workbook["Decks"].iter_rows(values_only=True))


def test_compare_writes_both_sides_with_their_own_names(tmp_path):
    """compare A B --format xlsx: A's cells named a_..., B's b_..., each bet's sheet with
    both tables side by side, each pay its own input."""
    out = tmp_path / "compare.xlsx"
    ok("compare", "rock-bac", "commission-free", "--format", "xlsx", "--output", str(out))
    names = named_cells(out)
    assert {"a_ev_banker", "b_ev_banker", "a_pay_super_six_1", "b_edge_tie"} <= set(names)
    assert not any(name.startswith("b_") and "super_six" in name for name in names)
    assert names["a_pay_banker_1"][0] == names["b_pay_banker_1"][0] == "banker"
    assert names["a_pay_banker_1"][1] != names["b_pay_banker_1"][1]
    workbook = openpyxl.load_workbook(out)
    assert workbook.sheetnames[0] == "Summary" and workbook.sheetnames[-1] == "Hold"


def hostile_game(folder: Path) -> Path:
    path = folder / "hostile.yaml"
    path.write_text(
        "name: '=1+1'\nsource: {document: a test}\ndecks: 8\nrules: punto-banco\nbets:\n"
        "  - id: t\n    name: '" + HOSTILE + "'\n    events:\n"
        "      - {event: '" + HOSTILE + "', when: tie, pays: '8 to 1'}\n"
        "      - {event: '=1+1', when: banker_wins, pays: push}\n"
        "      - {event: 'http://example.com', when: otherwise, pays: lose}\n",
        encoding="utf-8")
    return path


#: A bet id longer than a defined name holds whole, and the id that its name was once cut to
#: (190 characters, "-" and 8 hex digits of its SHA-1): both valid ids (issue 44, item 3).
LONG_ID = "x" * 201
OLD_CUT_ID = f"{LONG_ID[:190]}-{__import__('hashlib').sha1(LONG_ID.encode()).hexdigest()[:8]}"


def long_ids_game(folder: Path) -> Path:
    """Two bets, the long id and its old cut form, paying differently (8 and 5 to 1)."""
    path = folder / "long-ids.yaml"
    path.write_text(
        "name: Long ids\nsource: {document: a test}\ndecks: 8\nrules: punto-banco\nbets:\n"
        + "".join(f"  - id: {bet}\n    name: Tie {pays}\n    events:\n"
                  f"      - {{event: Tie, when: tie, pays: '{pays} to 1'}}\n"
                  "      - {event: Other, when: otherwise, pays: lose}\n"
                  for bet, pays in ((LONG_ID, 8), (OLD_CUT_ID, 5))), encoding="utf-8")
    return path


def test_a_cut_bet_id_never_names_another_bets_cells(tmp_path):
    """Issue 44, item 3: a bet id over 200 characters was cut to 190 characters and 8 hex
    digits; a bet whose id was that cut form got the same defined names, and the workbook
    showed one bet's figures for the other. Each bet's named cells are now its own."""
    report = game_report(long_ids_game(tmp_path))
    assert [bet.id for bet in report.bets] == [LONG_ID, OLD_CUT_ID]
    names = [name.name for name in report.to_workbook().names]
    assert len(names) == len(set(names))
    path = write(tmp_path, "long-ids.xlsx", report)
    cells, cached = named_cells(path), openpyxl.load_workbook(path, data_only=True)
    for bet in report.bets:
        for figure, exact in (("ev", bet.expected_value), ("edge", bet.house_edge)):
            sheet, cell = cells[f"{figure}_{name_part(bet.id)}"]
            assert cached[sheet][cell].value == float(exact), (bet.id[-12:], figure)
        assert all(len(name) <= 255 for name in cells)


def test_every_result_is_written_by_the_one_xlsx_writer(tmp_path, monkeypatch):
    """Issue 42, item 2: one xlsx writer. A result without a workbook of its own is laid
    out as one (a summary sheet of its inputs, a sheet per table, each exact figure as
    ``p/q`` text beside its float) and written by the same ``workbook_xlsx`` as the
    approval workbook; there was a second code path through polars."""
    from exact_odds.analysis.removal import effect_of_removal
    from exact_odds.render import xlsx

    written = []
    real = xlsx.workbook_xlsx
    monkeypatch.setattr(xlsx, "workbook_xlsx", lambda book: written.append(book) or real(book))
    report = game_report("commission-free", bets=["tie"])
    table = effect_of_removal(report, "value")
    for result in (table, report, compare_games("commission-free", "rock-bac", decks=1)):
        (tmp_path / "out.xlsx").write_bytes(render(result, "xlsx"))
    assert len(written) == 3
    (tmp_path / "out.xlsx").write_bytes(render(table, "xlsx"))
    book = openpyxl.load_workbook(tmp_path / "out.xlsx")
    assert book.sheetnames == ["Summary", "Effect of removal"]
    summary = [row for row in book["Summary"].iter_rows(values_only=True)]
    assert summary[0][0] == table.to_document().title and ("Shoe", "8 decks (416 cards)") in summary
    rows = {row[0]: row for row in book["Effect of removal"].iter_rows(values_only=True)}
    header, tie = rows["Bet"], rows["tie"]
    assert header[1:3] == ("EV (exact)", "EV")
    assert tie[1] == fraction_text(report.bet("tie").expected_value)
    assert tie[2] == float(report.bet("tie").expected_value)
    for label, exact in zip(table.labels, dict(table.effects)["tie"]):
        at = header.index(f"{label} (exact)")
        assert tie[at] == fraction_text(exact) and tie[at + 1] == float(exact)


def test_text_longer_than_a_cell_holds_is_cut_where_it_shows(tmp_path):
    """Found by issue 44's hunt: a game file's text of 40,000 characters (an event, a
    reading) was cut to a cell's 32,767 characters unseen; the cut now ends with "…"."""
    from exact_odds.render.workbook import Label, Sheet, Workbook
    from exact_odds.render.xlsx import workbook_xlsx

    sheet = Sheet("one", {(0, 0): "N" * 40_000, (1, 0): Label("L" * 40_000), (2, 0): "short"})
    (tmp_path / "cut.xlsx").write_bytes(workbook_xlsx(Workbook((sheet,))))
    cells = [row[0] for row in openpyxl.load_workbook(tmp_path / "cut.xlsx")["one"].iter_rows(
        values_only=True)]
    assert [len(c) for c in cells] == [32_767, 32_767, 5]
    assert cells[0] == "N" * 32_766 + "\u2026" and cells[1].endswith("L\u2026")


def test_the_writer_refuses_a_name_given_twice_or_one_a_spreadsheet_refuses():
    """The one xlsx writer refuses a workbook naming two cells alike (a spreadsheet's
    names ignore case) or a name a spreadsheet does not accept, rather than writing a
    formula that reads another cell: nothing is written."""
    from exact_odds.errors import ExactOddsError
    from exact_odds.render.workbook import Name, Sheet, Workbook
    from exact_odds.render.xlsx import workbook_xlsx

    sheet = Sheet("one", {(0, 0): 1, (1, 0): 2})
    twice = Workbook((sheet,), (Name("ev_tie", sheet, 0, 0), Name("EV_tie", sheet, 1, 0)))
    with pytest.raises(ExactOddsError, match="two cells the name 'EV_tie'"):
        workbook_xlsx(twice)
    for bad in ("A1", "with space", "x" * 256):
        with pytest.raises(ExactOddsError, match="not a name a spreadsheet accepts"):
            workbook_xlsx(Workbook((sheet,), (Name(bad, sheet, 0, 0),)))


# --- LibreOffice: every value recalculated equals the exact figure ------------------------------

def check_report(original: Path, calc: object, book: ApprovalWorkbook) -> list[str]:
    """Every figure of ``book`` as LibreOffice computed it (``calc``) against the exact
    figure: each bet's named cells, its summary row, its hold, its other decks and the
    effect of removal. The mismatches, as lines."""
    wrong: list[str] = []
    names = named_cells(original)

    def expect(where: str, value: object, exact: Fraction | float | str) -> None:
        good = value == exact if isinstance(exact, str) else close(value, exact)
        if not good:
            wrong.append(f"{where}: {value!r}, exact {exact}")

    summary = {row[0]: row for row in calc["Summary"].iter_rows(values_only=True)}  # type: ignore[index]
    hold = {(row[0], row[1]): row for row in calc["Hold"].iter_rows(values_only=True)}  # type: ignore[index]
    for bet in book.report.bets:
        for name, exact in bet_figures(bet).items():
            sheet, cell = names[f"{name}_{name_part(bet.id)}"]
            expect(f"{name}_{bet.id}", calc[sheet][cell].value, exact)  # type: ignore[index]
        lines = [row for row in calc[bet.id].iter_rows(min_row=5, max_row=4 + len(bet.events),  # type: ignore[index]
                                                        values_only=True)]
        for event, line in zip(bet.events, lines):
            expect(f"{bet.id} {event.event}: probability", line[5], event.probability)
            expect(f"{bet.id} {event.event}: return", line[7], event.expected_return)
        row = summary[bet.id]
        top = bet.top_award
        for column, exact in ((2, bet.expected_value), (3, bet.house_edge),
                              (4, bet.hit_frequency), (5, bet.standard_deviation),
                              (6, bet.element_of_risk), (7, bet.push_probability),
                              (12, bet.volatility_index(CONFIDENCES[0])),
                              (13, bet.volatility_index(CONFIDENCES[1]))):
            expect(f"Summary {bet.id} column {column}", row[column], exact)
        if top is not None:
            expect(f"Summary {bet.id} top award", row[8], top.event)
            expect(f"Summary {bet.id} top award, 1 in", row[10], 1 / top.probability)
        for rounds in HOLD_ROUNDS:
            line = hold[bet.id, rounds]
            expect(f"Hold {bet.id} {rounds}", line[2], bet.house_edge)
            for k, confidence in enumerate(CONFIDENCES):
                band = bet.hold_band(rounds, confidence)
                expect(f"Hold {bet.id} {rounds} low", line[4 + 2 * k], band.low)
                expect(f"Hold {bet.id} {rounds} high", line[5 + 2 * k], band.high)
    wrong += check_round(original, calc, book)
    decks = [list(row) for row in calc["Decks"].iter_rows(values_only=True)]  # type: ignore[index]
    for bet in book.report.bets:
        if book.removal is not None:
            (effects,) = [row for row in decks if row[0] == bet.id]
            for label, exact, value in zip(book.removal.labels, book.removal.effects[bet.id],
                                           effects[2:]):
                expect(f"effect of removing a {label} on {bet.id}", value, exact)
        if not book.shoes:
            continue
        start = [row[0] for row in decks].index(f"{bet.name} [{bet.id}]")
        block = {row[0]: row for row in decks[start:start + len(bet.events) + 14]}
        for k, shoes in enumerate(book.shoes):
            other = shoes.bets[bet.id]
            for label, exact in (("Expected value", other.expected_value),
                                 ("House edge", other.house_edge),
                                 ("Hit frequency", other.hit_frequency),
                                 ("Element of risk", other.element_of_risk),
                                 ("Standard deviation", other.standard_deviation),
                                 ("Volatility index 95%", other.volatility_index(CONFIDENCES[1]))):
                expect(f"Decks {bet.id} {shoes.label} {label}", block[label][2 + k], exact)
            if other.top_award is not None:
                expect(f"Decks {bet.id} {shoes.label} top award", block["Top award, 1 in"][2 + k],
                       1 / other.top_award.probability)
    return wrong


def check_round(original: Path, calc: object, book: ApprovalWorkbook) -> list[str]:
    """The bettor's round as LibreOffice computed it against the exact figures, where a
    decision adds a stake; elsewhere, that the workbook names no round's cell. The
    mismatches, as lines."""
    played = book.report.bettor_round
    names = named_cells(original)
    if played is None:
        return [f"{f.cell}: a bettor's round where no decision adds a stake"
                for f in ROUND_FIGURES.values() if f.cell in names]
    shown = round_cells(original, calc)
    return [f"the bettor's round, {figure.label}: {shown[name]!r}, exact {figure.of(played)}"
            for name, figure in ROUND_FIGURES.items()
            if not close(shown[name], figure.of(played))]  # type: ignore[arg-type]


def bet_figures(bet: BetResult) -> dict[str, Fraction | float | str]:
    """The figures a bet's sheet names, exact (the standard deviation to 30 digits)."""
    figures: dict[str, Fraction | float | str] = {
        "ev": bet.expected_value, "edge": bet.house_edge, "hit": bet.hit_frequency,
        "push": bet.push_probability, "risk": bet.element_of_risk, "var": bet.variance,
        "sd": bet.standard_deviation}
    top = bet.top_award
    if top is not None:
        figures.update(top_pay=top.net, top_odds=1 / top.probability, top_event=top.event)
    return figures


def round_cells(original: Path, book: object) -> dict[str, object]:
    """The bettor's round's figures as ``book`` (a recalculated workbook) holds them, by
    name, read through the defined names of its ``original``."""
    names = named_cells(original)
    return {name: book[names[figure.cell][0]][names[figure.cell][1]].value  # type: ignore[index]
            for name, figure in ROUND_FIGURES.items()}


SUPER_SIX_15 = '  - {use: super-six, pays: {Banker wins with 6: "15 to 1"}}'


#: Pays changed in 21st Century's workbook under the optimal play: defined name -> (the
#: event, the pay as the game file writes it and as the pay cell holds it).
PLAY_EDITS = {"c21-half": {"pay_player_1": ("Player wins", ("1 to 2", 0.5))},
              "c21-tie-lost": {"pay_player_3": ("Tie on 2 to 9", ("lose", -1))}}
#: Pays changed in Lucky Draw's workbook: the Draw bet's 7 at 3 to 2 (How's pay table 2)
#: and the Enter bet's win at 1 to 2 (defined name -> the bet, the event, the pay).
LUCKY_EDITS = {"pay_draw_4": ("draw", "Win with 7 (2 to 1)", ("3 to 2", 1.5)),
               "pay_enter_1": ("enter", "Win", ("1 to 2", 0.5))}


@pytest.fixture(scope="module")
def recalculated(tmp_path_factory):
    """Every workbook the checks in LibreOffice read, recalculated in one ``soffice`` run
    (each run costs seconds): rock-bac's, the same with Super 6's pay changed to 15 in
    openpyxl, a comparison, a hostile game's (``calc``) and every other built-in game's
    (``every_game``)."""
    if SOFFICE is None:
        unavailable(SKIP)
    folder = tmp_path_factory.mktemp("calc")
    book = approval_workbook(game_report("rock-bac"))
    rock = write(folder, "rock-bac.xlsx", book)
    changed = openpyxl.load_workbook(rock)
    sheet, cell = named_cells(rock)["pay_super_six_1"]
    assert changed[sheet][cell].value == 12
    changed[sheet][cell].value = 15  # openpyxl saves no cached value: each is recalculated
    changed.save(folder / "changed.xlsx")
    comparison = compare_games("rock-bac", "commission-free")
    compared = write(folder, "compare.xlsx", comparison)
    hostile = folder / "hostile.xlsx"
    ok("report", str(hostile_game(folder)), "--format", "xlsx", "--output", str(hostile))
    long_book = approval_workbook(game_report(long_ids_game(folder)))
    long_ids = write(folder, "long-ids.xlsx", long_book)
    c21 = write(folder, "c21-optimal.xlsx", game_report("21st-century", strategy="optimal"))
    for name, edits in PLAY_EDITS.items():
        edited = openpyxl.load_workbook(c21)
        for pay, (_, (_, value)) in edits.items():
            sheet, cell = named_cells(c21)[pay]
            edited[sheet][cell].value = value
        edited.save(folder / f"{name}.xlsx")
    books = {game: approval_workbook(game_report(game)) for game in builtin_games()
             if game != "rock-bac"}  # rock-bac's is the first above
    games = {game: write(folder, f"{game}.xlsx", book) for game, book in books.items()}
    lucky = games["lucky-draw"]
    edited = openpyxl.load_workbook(lucky)
    for pay, (_, _, (_, value)) in LUCKY_EDITS.items():
        sheet, cell = named_cells(lucky)[pay]
        edited[sheet][cell].value = value
    edited.save(folder / "lucky-draw-edited.xlsx")
    table_2 = write(folder, "lucky-draw-table-2.xlsx", game_report(
        "lucky-draw", settings={"lucky_seven_pays": "3 to 2"}))
    stripped = [uncached(p, folder / f"bare-{p.name}")
                for p in (rock, compared, hostile, long_ids, c21, table_2, *games.values())]
    saved = recalculate([*stripped, folder / "changed.xlsx", folder / "lucky-draw-edited.xlsx",
                         *(folder / f"{name}.xlsx" for name in PLAY_EDITS)], folder)
    opened = {p.name.removeprefix("bare-"): values(s) for p, s in saved.items()}
    calc = {"folder": folder, "book": book, "rock": rock, "comparison": comparison,
            "compared": compared, "long_ids": (long_ids, long_book), "c21": c21,
            "lucky": lucky, "lucky_table_2": table_2,
            **{name: opened[name] for name in (
                "rock-bac.xlsx", "compare.xlsx", "hostile.xlsx", "changed.xlsx", "long-ids.xlsx",
                "c21-optimal.xlsx", "lucky-draw.xlsx", "lucky-draw-edited.xlsx",
                "lucky-draw-table-2.xlsx", *(f"{name}.xlsx" for name in PLAY_EDITS))}}
    every_game = {game: (games[game], opened[f"{game}.xlsx"], book)
                  for game, book in books.items()}
    return calc, every_game


@pytest.fixture(scope="module")
def calc(recalculated):
    """rock-bac's workbook, the same with Super 6's pay changed to 15 in openpyxl, a
    comparison and a hostile game's, as LibreOffice recalculated them."""
    return recalculated[0]


@needs_calc
def test_libreoffice_computes_every_figure_of_rock_bac_exactly(calc):
    """Every figure of rock-bac's workbook, recalculated by LibreOffice from cells
    without cached values, equals the exact figure to 1e-12 relative, and no cell is an
    error (issue 30)."""
    book = calc["rock-bac.xlsx"]
    assert error_cells(book) == []
    assert check_report(calc["rock"], book, calc["book"]) == []


@needs_calc
def test_libreoffice_decks_sheet_matches_the_published_dragon_bonus(calc):
    """The Decks sheet's Dragon Bonus house edges on 4, 6 and 8 decks, as LibreOffice
    computes them: Player 2.70%, 2.67%, 2.65%; Banker 9.42%, 9.39%, 9.37% (Wizard of
    Odds, baccarat appendix 5)."""
    decks = [list(row) for row in calc["rock-bac.xlsx"]["Decks"].iter_rows(values_only=True)]
    for bet, published in (("Player Dragon Bonus [player-dragon-bonus]", (2.70, 2.67, 2.65)),
                           ("Banker Dragon Bonus [banker-dragon-bonus]", (9.42, 9.39, 9.37))):
        start = [row[0] for row in decks].index(bet)
        (edge,) = [row for row in decks[start:start + 30] if row[0] == "House edge"][:1]
        assert [round(100 * e, 2) for e in edge[2:5]] == list(published), bet


@needs_calc
def test_a_pay_changed_in_the_workbook_moves_its_figures_as_in_the_game_file(calc, tmp_path):
    """Super 6 at 15 to 1 typed into its pay cell: LibreOffice's expected value, house edge,
    summary row, hold and 8-deck column equal `report`'s for the same change in YAML."""
    source = (tables_dir() / "rock-bac.yaml").read_text(encoding="utf-8")
    assert "  - use: super-six\n" in source
    changed = tmp_path / "rock-bac-15.yaml"
    changed.write_text(source.replace("  - use: super-six\n", SUPER_SIX_15 + "\n"),
                       encoding="utf-8")
    data = json.loads(ok("report", str(changed), "--bet", "super-six", "--format", "json"))
    (bet,) = data["bets"]
    ev, edge = Fraction(bet["expected_value"]), Fraction(bet["house_edge"])
    assert ev != calc["book"].report.bet("super-six").expected_value
    book = calc["changed.xlsx"]
    names = named_cells(calc["rock"])
    for name, exact in (("ev_super_six", ev), ("edge_super_six", edge),
                        ("hit_super_six", Fraction(bet["hit_frequency"])),
                        ("var_super_six", Fraction(bet["variance"]))):
        sheet, cell = names[name]
        assert close(book[sheet][cell].value, exact), name
    (row,) = [r for r in book["Summary"].iter_rows(values_only=True) if r[0] == "super-six"]
    assert close(row[2], ev) and close(row[3], edge)
    assert close(row[5], bet["standard_deviation"])
    hold = [r for r in book["Hold"].iter_rows(values_only=True) if r[0] == "super-six"]
    assert len(hold) == len(HOLD_ROUNDS) and all(close(r[2], edge) for r in hold)
    decks = [list(r) for r in book["Decks"].iter_rows(values_only=True)]
    start = [r[0] for r in decks].index("Super 6 [super-six]")
    (line,) = [r for r in decks[start:start + 20] if r[0] == "Expected value"]
    assert close(line[4], ev)  # the 8-deck column, the report's shoe
    assert error_cells(book) == []


@needs_calc
def test_libreoffice_computes_a_comparison_side_by_side(calc):
    """compare A B --format xlsx: both sides' figures and their changes, recalculated."""
    book = calc["compare.xlsx"]
    assert error_cells(book) == []
    comparison = calc["comparison"]
    names = named_cells(calc["compared"])
    for side, report in (("a", comparison.first), ("b", comparison.second)):
        for bet in report.bets:
            for figure, exact in bet_figures(bet).items():
                sheet, cell = names[f"{side}_{figure}_{name_part(bet.id)}"]
                assert book[sheet][cell].value == exact if isinstance(exact, str) else close(
                    book[sheet][cell].value, exact), (side, bet.id, figure)
    rows = {r[0]: r for r in book["Summary"].iter_rows(values_only=True)}
    banker_a, banker_b = comparison.first.bet("banker"), comparison.second.bet("banker")
    assert close(rows["banker"][5], banker_b.expected_value - banker_a.expected_value)


@needs_calc
def test_libreoffice_keeps_hostile_text_as_text(calc):
    """After LibreOffice recalculates, a game file's =HYPERLINK(...) is still its text, as
    is the top award's name the Summary reads by formula."""
    book = calc["hostile.xlsx"]
    texts = [c for sheet in book.worksheets for row in sheet.iter_rows(values_only=True)
             for c in row if isinstance(c, str)]
    assert texts.count(HOSTILE) >= 3 and "=1+1" in texts and "http://example.com" in texts
    (row,) = [r for r in book["Summary"].iter_rows(values_only=True) if r[0] == "t"]
    assert row[1] == HOSTILE and row[8] == HOSTILE


@needs_calc
def test_libreoffice_reads_each_long_bet_ids_own_cells(calc):
    """The cut names (with a "."), recalculated by LibreOffice from cells without cached
    values: each bet's figures are its own (issue 44, item 3)."""
    original, book = calc["long_ids"]
    recalculated = calc["long-ids.xlsx"]
    assert error_cells(recalculated) == []
    names = named_cells(original)
    for bet in book.report.bets:
        for figure, exact in bet_figures(bet).items():
            sheet, cell = names[f"{figure}_{name_part(bet.id)}"]
            value = recalculated[sheet][cell].value
            assert value == exact if isinstance(exact, str) else close(value, exact), figure


@pytest.fixture(scope="module")
def every_game(recalculated):
    """Every other built-in game's workbook, as LibreOffice recalculated it."""
    return recalculated[1]


@needs_calc
@pytest.mark.slow
def test_every_built_in_games_workbook_recalculates_exactly(every_game):
    """Every built-in game's workbook opens in LibreOffice without an error cell, and each
    recalculated figure equals the exact one to 1e-12 relative (issue 30)."""
    wrong = []
    for game, (original, calc, book) in every_game.items():
        wrong += [f"{game}: {line}" for line in error_cells(calc)]
        wrong += [f"{game}: {line}" for line in check_report(original, calc, book)]
    assert wrong == []


@needs_calc
def test_the_play_sheet_says_where_a_changed_pay_changes_the_play(calc):
    """Issue 44.1: under the optimal play the workbook says which play its figures assume
    and where a changed pay makes it no longer the better one, nothing silently. Recalculated
    by LibreOffice: at the game file's pays no state reads "no"; with the Player line's pay
    changed in its cell, exactly the states where report of the game file with that pay
    plays otherwise read "no", the Summary counts them (``play_changed``), and the figures
    are those of the play assumed (each line's probability as it was), as the sheets say."""
    from exact_odds.analysis.decision_counts import state_label as label_of

    report = game_report("21st-century", strategy="optimal")
    names = named_cells(calc["c21"])

    def read(book, name):
        sheet, cell = names[name]
        return book[sheet][cell].value

    def answers(book) -> dict[str, str]:
        rows = book["Play"].iter_rows(min_row=5, values_only=True)
        return {row[0]: row[4] for row in rows if row[0]}

    published = calc["c21-optimal.xlsx"]
    assert read(published, "play_changed") == 0
    assert set(answers(published).values()) == {"yes"} and len(answers(published)) == 50
    for name, edits in PLAY_EDITS.items():
        book = calc[f"{name}.xlsx"]
        game = load_game("21st-century")
        for _, (event, (pay, _)) in edits.items():
            game = game.with_pay("player", event, pay)
        again = game_report(game, strategy="optimal")
        states = {(lo, hi, up) for lo, hi in [(0, 5), (1, 4), (2, 3), (6, 9), (7, 8)] for up in range(10)}
        changed = {label_of(s, ("player_low_card", "player_high_card", "dealer_up"), True) for s in states
                   if report.rules.player_draws((s[0] + s[1]) % 10, s)
                   != again.rules.player_draws((s[0] + s[1]) % 10, s)}
        assert changed and {k for k, v in answers(book).items() if v == "no"} == changed, name
        assert read(book, "play_changed") == len(changed)
        assumed = report.repriced(game).bet("player")  # the play assumed, its lines as they were
        assert close(read(book, "ev_player"), assumed.expected_value)
        assert not close(read(book, "ev_player"), again.bet("player").expected_value)


def test_the_bettors_round_is_a_block_of_formulas_on_the_summary():
    """Lucky Draw's Summary holds the bettor's round under the bets: its title and words,
    then each figure of the figure table (``ROUND_FIGURES``) as a named formula of the bets'
    cells (their expected values, the probability that the Draw bet is not placed), written
    with its exact value cached and beside it as ``p/q``."""
    from exact_odds.render.workbook import Formula, Label

    report = game_report("lucky-draw")
    played = report.bettor_round
    assert played is not None
    book = report.to_workbook()
    summary = book.sheets[0]
    names = {name.name: name for name in book.names}
    texts = [cell.text if isinstance(cell, Label) else cell for cell in summary.cells.values()]
    assert "The bettor's round (Enter with Draw bet)" in texts
    for name, figure in ROUND_FIGURES.items():
        at = names[figure.cell]
        assert at.sheet is summary, name
        formula = summary.cells[at.row, at.column]
        assert isinstance(formula, Formula) and formula.value == float(figure.of(played))
        assert summary.cells[at.row, 0] == figure.label
        assert summary.cells[at.row, 2] == fraction_text(figure.of(played))  # type: ignore[arg-type]
    expression = {name: summary.cells[names[f.cell].row, 1].expression  # type: ignore[union-attr]
                  for name, f in ROUND_FIGURES.items()}
    assert expression == {"expected_value": "SUM(ev_enter,ev_draw)", "house_edge": "-round_ev",
                          "average_stake": "2-SUM(not_placed_draw)",
                          "element_of_risk": "round_edge/round_stake"}
    unplaced = names["not_placed_draw"]  # the Draw bet's first line, its probability
    assert unplaced.sheet.name == "draw" and (unplaced.row, unplaced.column) == (4, 5)
    assert unplaced.sheet.cells[4, 0] == "Not placed (the bettor stood)"


@pytest.mark.parametrize("game, bets", [("commission-free", None), ("lucky-draw", "enter"),
                                        ("lucky-draw", "draw")])
def test_no_bettors_round_where_no_decision_adds_a_stake(game, bets):
    """No empty block: a game where no decision adds a stake, or a report of one bet of
    Lucky Draw's round, has no bettor's round on its Summary and names none of its cells."""
    book = game_report(game, bets=bets).to_workbook()
    assert not [n.name for n in book.names if n.name.startswith("round_")]
    assert not [c for sheet in book.sheets for c in sheet.cells.values()
                if "bettor's round" in str(getattr(c, "text", c))]


@needs_calc
def test_libreoffice_computes_the_bettors_round_of_lucky_draw(calc):
    """The bettor's round on Lucky Draw's Summary, recalculated by LibreOffice from cells
    without cached values: Stephen How's figures (discountgambling.net, 2 October 2013):
    his net per round, exact from his counts (-0.017931), and his house edges, 1.79% for pay
    table 1 and 3.34% for pay table 2 (the workbook of ``--set "lucky_seven_pays=3 to 2"``);
    each figure the exact one to 1e-12 relative."""
    played = game_report("lucky-draw").bettor_round
    assert played is not None and played.expected_value == HOW_ROUND_NET
    shown = round_cells(calc["lucky"], calc["lucky-draw.xlsx"])
    for name, figure in ROUND_FIGURES.items():
        assert close(shown[name], figure.of(played)), name  # type: ignore[arg-type]
    assert f"{shown['expected_value']:.6f}" == f"{float(HOW_ROUND_NET):.6f}" == "-0.017931", HOW_2013
    assert f"{shown['house_edge']:.2%}" == HOW_HOUSE_EDGES["2 to 1"], HOW_2013
    second = round_cells(calc["lucky_table_2"], calc["lucky-draw-table-2.xlsx"])
    assert f"{second['house_edge']:.2%}" == HOW_HOUSE_EDGES["3 to 2"], HOW_2013
    assert error_cells(calc["lucky-draw-table-2.xlsx"]) == []


@needs_calc
def test_a_pay_changed_in_the_workbook_moves_the_bettors_round(calc):
    """The Draw bet's 7 typed as 1.5 and the Enter bet's win as 0.5 into their pay cells:
    LibreOffice's round is ``report``'s for the game file with those pays under the play
    the workbook assumes (each line's probability as it was, as its sheets say), not the
    published round."""
    game = load_game("lucky-draw")
    for bet, event, (pay, _) in LUCKY_EDITS.values():
        game = game.with_pay(bet, event, pay)
    report = game_report("lucky-draw")
    assumed = report.repriced(game).bettor_round
    published = report.bettor_round
    assert assumed is not None and published is not None
    book = calc["lucky-draw-edited.xlsx"]
    shown = round_cells(calc["lucky"], book)
    for name, figure in ROUND_FIGURES.items():
        assert close(shown[name], figure.of(assumed)), name  # type: ignore[arg-type]
    assert not close(shown["expected_value"], published.expected_value)
    assert error_cells(book) == []


def test_a_comparison_says_which_play_its_figures_assume():
    """Issue 44.1: a comparison's workbook, a side played optimally for its pays, says on its
    Summary that a pay changed in it does not change that play; a fixed play says nothing."""
    comparison = compare_games("baccarat-gold", "baccarat-gold", strategy="optimal")
    summary = next(sheet for sheet in comparison.to_workbook().sheets if sheet.name == "Summary")
    said = [cell for cell in summary.cells.values() if isinstance(cell, str) and "one play" in cell]
    assert [text[:2] for text in said] == ["A'", "B'"]
    fixed = compare_games("baccarat-gold", "baccarat-gold").to_workbook()
    assert not [c for s in fixed.sheets for c in s.cells.values() if isinstance(c, str) and "one play" in c]


# --- printed, as a lab prints it (issue 43) ---------------------------------------------------

#: A bet of 100 events (every pair of final totals): its sheet is longer than a page.
LONG_BET = """id: long-bet
name: A long bet
source: {document: "A test game: one event per pair of final totals"}
decks: 8
rules: punto-banco
bets:
  - id: totals
    name: Every pair of totals
    events:
""" + "".join(f"      - {{event: 'Player {p}, Banker {b}', when: player_total == {p} and "
              f"banker_total == {b}, pays: '{p + b + 1} to 1'}}\n"
              for p in range(10) for b in range(10) if (p, b) != (9, 9)) + \
    "      - {event: Both nine, when: otherwise, pays: lose}\n"


@pytest.fixture(scope="module")
def pdfs(calc):
    """rock-bac's approval workbook, the comparison and a game with a 100-event bet, printed
    to PDF by LibreOffice in one run: each as its pages' text."""
    if PDFTOTEXT is None:
        pytest.skip(SKIP_PDF)
    folder = calc["folder"] / "print"
    folder.mkdir()
    game = folder / "long-bet.yaml"
    game.write_text(LONG_BET, encoding="utf-8")
    long_bet = folder / "long-bet.xlsx"
    ok("report", str(game), "--format", "xlsx", "--output", str(long_bet))
    books = [calc["rock"], calc["compared"], long_bet]
    found = print_pdf(books, folder)
    return {path.name: pdf_pages(pdf) for path, pdf in found.items()}


def _first_line(page: str) -> str:
    return next(line.strip() for line in page.splitlines() if line.strip())


@needs_calc
def test_each_sheet_prints_one_page_wide_with_its_titles_whole(pdfs, calc):
    """Printed through LibreOffice (issue 43: the Summary split across pages, 49 pages for
    rock-bac, and "Standard deviatio"): every sheet one page wide, starting a page of its
    own with its title; every column title whole on the sheet's first page."""
    from exact_odds.analysis.worksheet import EVENT_HEADER, SUMMARY_HEADER

    pages = pdfs["rock-bac.xlsx"]
    book = calc["book"].to_workbook()
    titles = [sheet.cells[0, 0].text for sheet in book.sheets[1:]]
    starts = [_first_line(page) for page in pages]
    assert starts[0].startswith("Rock Bac Commission Free"), starts[0]
    for title in titles:
        assert title in starts, title
    # one page per sheet, the Decks sheet (the effect of removal by rank) on two
    assert len(book.sheets) <= len(pages) <= len(book.sheets) + 1, len(pages)
    summary = " ".join(pages[0].split())
    for header in SUMMARY_HEADER:
        assert header in summary, header
    for page in pages[1:8]:  # the bets' sheets
        text = " ".join(page.split())
        for header in EVENT_HEADER:
            assert header in text, (header, _first_line(page))
        assert "Standard deviation" in text and "Exact (game file's pays)" in text
    for page in pdfs["compare.xlsx"]:  # two bets side by side, and their Summary
        assert "Standard deviatio " not in page


@needs_calc
def test_a_long_sheet_repeats_its_title_and_headers_on_every_page(pdfs):
    """The 100-event bet's sheet runs over pages: each begins with the bet's title and its
    events' header, in landscape one page wide."""
    from exact_odds.analysis.worksheet import EVENT_HEADER

    pages = [page for page in pdfs["long-bet.xlsx"]
             if _first_line(page) == "Every pair of totals [totals]"]
    assert len(pages) >= 2, [_first_line(page) for page in pdfs["long-bet.xlsx"]]
    for page in pages:
        text = " ".join(page.split())
        for header in EVENT_HEADER:
            assert header in text, header
    assert "Player 0, Banker 0" in pages[0] and "Both nine" in pages[-1]
