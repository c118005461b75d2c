"""Plain data: every result as a dict of JSON types (exact figures as ``"p/q"`` strings,
counts as ints), and as a ``Document`` of tables that the Markdown, CSV, HTML and xlsx
writers share.

Every form starts with the inputs that produced it (``inputs``): the game, the exact
shoe, the rules and strategy, the settings and the exact-odds version, so a saved result
can be reproduced from itself.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING, Any

from exact_odds.numbers import fraction_text

if TYPE_CHECKING:
    from exact_odds.analysis.checks import Mistake
    from exact_odds.analysis.compare import Comparison
    from exact_odds.analysis.removal import RemovalTable
    from exact_odds.analysis.report import BetResult, GameReport
    from exact_odds.analysis.strategy import StrategyReport
    from exact_odds.analysis.symbolic import PaySolution, PracticalPay
    from exact_odds.games.model import Game
    from exact_odds.shoe import Shoe

Json = dict[str, Any]
#: A table cell: text, a count, an exact figure, a flag, a decimal for display, or nothing.
Cell = str | int | Fraction | bool | float | None

#: How a column is shown: ``text``; ``count`` (an exact integer); ``exact`` (a Fraction,
#: a decimal where people read, ``p/q`` where machines read); ``signed`` (the same with a
#: sign); ``percent`` (a Fraction shown as a percentage); ``decimal`` (a float);
#: ``flag`` (true/false).
KINDS = ("text", "count", "exact", "signed", "percent", "decimal", "flag")


@dataclass(frozen=True)
class Column:
    name: str
    kind: str = "text"
    places: int = 9


@dataclass(frozen=True)
class Table:
    """A titled table: columns and rows of cells."""

    title: str
    columns: tuple[Column, ...]
    rows: tuple[tuple[Cell, ...], ...]
    notes: tuple[str, ...] = ()
    sheet: str = ""  # a short name for a spreadsheet tab


@dataclass(frozen=True)
class Document:
    """A result as a title, its inputs (label, text) and tables."""

    title: str
    inputs: tuple[tuple[str, str], ...]
    tables: tuple[Table, ...]
    notes: tuple[str, ...] = field(default=())


def version() -> str:
    from exact_odds import __version__

    return __version__


# --- inputs ---------------------------------------------------------------------------------

def _is_builtin(game: Game) -> bool:
    from exact_odds.games.loader import tables_dir

    try:
        return bool(game.path) and Path(game.path).resolve().parent == tables_dir().resolve()
    except OSError:
        return False


def game_inputs(game: Game, shoe: Shoe, rules: str, strategy: str | None,
                settings: dict[str, object]) -> Json:
    """The inputs of a result as plain data; ``shoe`` is itself a valid shoe file."""
    data: Json = {"exact_odds_version": version(), "game": game.id, "name": game.name}
    if not _is_builtin(game):
        data["game_file"] = game.path
    data.update({"rules": rules, "decks": shoe.decks, "cards": shoe.size, "shoe": shoe.spec(),
                 "shoe_description": shoe.describe(), "strategy": strategy,
                 "settings": {k: _plain(v) for k, v in settings.items()}})
    return data


def report_inputs(report: GameReport) -> Json:
    return game_inputs(report.game, report.shoe, report.rules.describe(), report.strategy,
                       report.settings)


def _plain(value: object) -> object:
    return value if isinstance(value, (bool, int, str)) or value is None else str(value)


def _setting_text(value: object) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)


def inputs_lines(data: Json) -> tuple[tuple[str, str], ...]:
    """The inputs as (label, text) pairs for a header or a summary sheet."""
    game = f"{data['name']} ({data['game']})"
    if data.get("game_file"):
        game += f", file {data['game_file']}"
    lines = [("Game", game), ("Shoe", data["shoe_description"]), ("Rules", data["rules"])]
    if data.get("strategy"):
        lines.append(("Strategy", data["strategy"]))
    for name, value in data.get("settings", {}).items():
        lines.append((f"Setting {name}", _setting_text(value)))
    lines.append(("exact-odds", data["exact_odds_version"]))
    return tuple(lines)


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
    from exact_odds.numbers import percent_text

    if bet.favours_bettor:
        return f"FAVOURS THE BETTOR: the bettor's edge is {percent_text(bet.expected_value)}"
    if bet.expected_value == 0:
        return "EVEN: neither side has an edge"
    return ""


EVENT_COLUMNS = (Column("Event"), Column("Pays"), Column("Combinations", "count"),
                 Column("Probability", "exact"), Column("Return", "signed"))
SUMMARY_COLUMNS = (Column("Bet"), Column("Name"), Column("Expected value", "signed"),
                   Column("House edge", "percent", 4), Column("Hit frequency", "percent", 2),
                   Column("Push", "percent", 2), Column("Element of risk", "percent", 4),
                   Column("Standard deviation", "decimal", 4), Column("Top award"),
                   Column("Top award 1 in", "decimal", 1), Column("Favours bettor", "flag"))


def bet_table(bet: BetResult) -> Table:
    """A bet's events as a table, its summary as notes."""
    from exact_odds.render.text import bet_summary_lines

    rows = tuple((e.event, e.pays, e.combinations, e.probability, e.expected_return)
                 for e in bet.events)
    return Table(f"{bet.name} ({bet.id})", EVENT_COLUMNS, rows,
                 tuple(bet_summary_lines(bet)), sheet=bet.id)


def summary_row(bet: BetResult) -> tuple[Cell, ...]:
    top = bet.top_award
    return (bet.id, bet.name, bet.expected_value, bet.house_edge, bet.hit_frequency,
            bet.push_probability, bet.element_of_risk, bet.standard_deviation,
            None if top is None else f"{top.pays} ({top.event})",
            None if top is None else float(1 / top.probability), bet.favours_bettor)


def report_document(report: GameReport) -> Document:
    notes = (f"Counts are ordered six-card sequences: {report.total:,} in all.",
             *(f"Note: {note}" for note in report.notes))
    source = report.game.source.get("document") if isinstance(report.game.source, dict) else None
    inputs = inputs_lines(report_inputs(report))
    if source:
        inputs = (*inputs[:3], ("Rules from", str(source)), *inputs[3:])
    summary = Table("Summary", SUMMARY_COLUMNS,
                    tuple(summary_row(bet) for bet in report.bets), sheet="Summary")
    return Document(report.game.name, inputs, (summary, *(bet_table(b) for b in report.bets)),
                    notes)


def bet_document(bet: BetResult) -> Document:
    return Document(bet.name, (("Bet", bet.id),), (bet_table(bet),))


# --- best play on the option (21st Century, Baccarat Gold) --------------------------------

def _strategy_game(result: StrategyReport, game: Game | None) -> Game | None:
    return game if game is not None else result.game


def strategy_inputs(result: StrategyReport, game: Game | None = None) -> Json:
    from exact_odds.analysis.report import deck_notes

    game = _strategy_game(result, game)
    data: Json = {"exact_odds_version": version()}
    if game is not None:
        data.update({"game": game.id, "name": game.name})
        if not _is_builtin(game):
            data["game_file"] = game.path
        data["notes"] = list(deck_notes(game, result.shoe))
    rules = game.rules.title if game is not None else "21st Century 5.0"
    bet = result.optimised_bet
    data.update({"rules": rules, "decks": result.shoe.decks,
                 "cards": result.shoe.size, "shoe": result.shoe.spec(),
                 "shoe_description": result.shoe.describe(), "strategy": result.strategy,
                 "optimised_bet": bet.id if bet is not None else None,
                 "settings": {}})
    return data


def _late_label(result: StrategyReport) -> str:
    late = result.late_bet
    return late.name.split(" (")[0] if late is not None else "Late tie"


def strategy_dict(result: StrategyReport, game: Game | None = None) -> Json:
    data: Json = {
        **strategy_inputs(result, game),
        "decisions": [
            {"player_cards": [d.low, d.high], "dealer_up": d.up, "choice": d.choice,
             "ev_hit": fraction_text(d.ev_hit), "ev_stand": fraction_text(d.ev_stand),
             "gain": fraction_text(d.gain)}
            for d in result.decisions
        ],
    }
    late = result.late_bet
    data["late_tie"] = None if late is None else {
        "bet": late.id,
        "pays": result.late_pays,
        "player_hand_played": result.strategy,
        "states": [
            {"player_cards": [t.low, t.high], "dealer_up": t.up,
             "probability": fraction_text(t.probability), "ev": fraction_text(t.ev),
             "favours_bettor": t.favours_bettor}
            for t in result.late_ties
        ],
        "favourable_states": [
            {"player_cards": [t.low, t.high], "dealer_up": t.up, "ev": fraction_text(t.ev)}
            for t in result.favourable_late_ties
        ],
        "value_per_round": fraction_text(result.late_tie_value_per_round),
    }
    return data


def _strategy_inputs_lines(data: Json) -> tuple[tuple[str, str], ...]:
    lines: list[tuple[str, str]] = []
    if data.get("game"):
        lines.append(("Game", f"{data['name']} ({data['game']})"))
    lines += [("Shoe", data["shoe_description"]), ("Rules", data["rules"])]
    if data.get("optimised_bet"):
        lines.append(("Best play for", str(data["optimised_bet"])))
    lines += [("Player hand played", data["strategy"]),
              ("exact-odds", data["exact_odds_version"])]
    lines += [("Note", note) for note in data.get("notes", [])]
    return tuple(lines)


def strategy_title(result: StrategyReport, game: Game | None = None) -> str:
    game = _strategy_game(result, game)
    if game is None or game.rules.option is None:
        return "21st Century Baccarat 5.0: best play on 5"
    return f"{game.name}: best play {game.rules.option.describe()}"


def strategy_document(result: StrategyReport, game: Game | None = None) -> Document:
    game = _strategy_game(result, game)
    on = game.rules.option.describe() if game is not None and game.rules.option else "on 5"
    decisions = Table(
        f"The decision {on}",
        (Column("Player low card", "count"), Column("Player high card", "count"),
         Column("Dealer up card", "count"), Column("Choice"), Column("EV hit", "signed"),
         Column("EV stand", "signed"), Column("Gain", "exact")),
        tuple((d.low, d.high, d.up, d.choice, d.ev_hit, d.ev_stand, d.gain)
              for d in result.decisions), sheet="Decisions")
    label = _late_label(result)
    tables = [decisions]
    notes: tuple[str, ...] = ()
    if result.late_bet is not None:
        tables.append(Table(
            f"{label} ({result.late_pays})",
            (Column("Player low card", "count"), Column("Player high card", "count"),
             Column("Dealer up card", "count"), Column("Probability", "exact"),
             Column("EV", "signed"), Column("Favours bettor", "flag")),
            tuple((t.low, t.high, t.up, t.probability, t.ev, t.favours_bettor)
                  for t in result.late_ties), sheet=label[:31]))
        value = result.late_tie_value_per_round
        notes = (f"Favourable {label.lower().replace(' ', '-')} states: "
                 f"{len(result.favourable_late_ties)} of {len(result.late_ties)} offered; "
                 f"placing one unit in exactly those gains {fraction_text(value)} of a unit "
                 "per round.",)
    return Document(strategy_title(result, game),
                    _strategy_inputs_lines(strategy_inputs(result, game)),
                    tuple(tables), notes)


# --- a solved pay ---------------------------------------------------------------------------

def _practical(p: PracticalPay | None) -> Json | None:
    return None if p is None else {"pays": p.text, "pay": fraction_text(p.pay),
                                   "house_edge": fraction_text(p.house_edge)}


def solution_dict(solution: PaySolution, report: GameReport | None = None) -> Json:
    data: Json = {} if report is None else report_inputs(report)
    data.update({
        "bet": solution.bet_id, "event": solution.event,
        "target_house_edge": fraction_text(solution.target_edge),
        "exact_pay": fraction_text(solution.exact_pay),
        "break_even_pay": fraction_text(solution.break_even),
        "to_one": {"below": _practical(solution.to_one_below),
                   "above": _practical(solution.to_one_above)},
        "nearest": {"below": _practical(solution.nearest_below),
                    "above": _practical(solution.nearest_above)},
    })
    data.setdefault("exact_odds_version", version())
    return data


def solution_document(solution: PaySolution, report: GameReport | None = None) -> Document:
    rows: list[tuple[Cell, ...]] = [
        ("exact pay (to 1)", None, solution.exact_pay, solution.target_edge),
        ("break-even pay (to 1)", None, solution.break_even, Fraction(0)),
    ]
    for label, p in (("nearest N to 1, below", solution.to_one_below),
                     ("nearest N to 1, above", solution.to_one_above),
                     ("nearest N to M, below", solution.nearest_below),
                     ("nearest N to M, above", solution.nearest_above)):
        rows.append((label, None, None, None) if p is None
                    else (label, p.text, p.pay, p.house_edge))
    table = Table(f"The pay of '{solution.event}' for a house edge of "
                  f"{fraction_text(solution.target_edge)}",
                  (Column("Pay"), Column("Pays"), Column("Pay to 1", "exact"),
                   Column("House edge", "percent", 4)), tuple(rows),
                  ("A higher pay lowers the house edge.",), sheet="Pays")
    inputs = (inputs_lines(report_inputs(report)) if report is not None
              else (("exact-odds", version()),))
    return Document(f"{solution.bet_id}: solving for a pay", (("Bet", solution.bet_id), *inputs),
                    (table,))


# --- a comparison ---------------------------------------------------------------------------

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
    return {"first": _label(comparison.first), "second": _label(comparison.second),
            "exact_odds_version": version(), "bets": rows}


def _label(report: GameReport) -> Json:
    return {**report_inputs(report), "path": report.game.path}


def comparison_document(comparison: Comparison) -> Document:
    inputs: list[tuple[str, str]] = []
    for tag, report in (("A", comparison.first), ("B", comparison.second)):
        for label, text in inputs_lines(report_inputs(report)):
            if label != "exact-odds":
                inputs.append((f"{tag}: {label}", text))
    inputs.append(("exact-odds", version()))
    rows = []
    for row in comparison.bets:
        a, b = row.first, row.second
        sd = row.change("standard_deviation")
        rows.append((row.id, a.house_edge if a else None, b.house_edge if b else None,
                     row.change("house_edge"), a.hit_frequency if a else None,
                     b.hit_frequency if b else None, row.change("hit_frequency"),
                     a.standard_deviation if a else None, b.standard_deviation if b else None,
                     None if sd is None else float(sd)))
    table = Table("Bet by bet", (
        Column("Bet"), Column("Edge A", "percent", 4), Column("Edge B", "percent", 4),
        Column("Change in edge", "percent", 4), Column("Hit A", "percent", 2),
        Column("Hit B", "percent", 2), Column("Change in hit", "percent", 2),
        Column("SD A", "decimal", 4), Column("SD B", "decimal", 4),
        Column("Change in SD", "decimal", 4)), tuple(rows), sheet="Comparison")
    favour = [row.id for row in comparison.bets if row.second and row.second.favours_bettor]
    notes = ((f"In B, these bets FAVOUR THE BETTOR: {', '.join(favour)}",) if favour else ())
    return Document("Comparison", tuple(inputs), (table,), notes)


# --- effect of removal ----------------------------------------------------------------------

def removal_dict(table: RemovalTable) -> Json:
    report = table.report
    return {
        **report_inputs(report), "by": table.by, "removed": list(table.labels),
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
               *(Column(f"Remove {label}", "signed") for label in table.labels))
    rows: tuple[tuple[Cell, ...], ...] = tuple(
        (bet.id, bet.expected_value, *table.effects[bet.id]) for bet in report.bets)
    return Document(
        f"{report.game.name}: effect of removing one card, by {table.by}",
        inputs_lines(report_inputs(report)),
        (Table("Effect of removal", columns, rows,
               ("EV: expected value per unit bet. Each other column: the change in it when one "
                "card of that kind leaves the shoe (positive: good for the bettor).",),
               sheet="Effect of removal"),))


# --- the built-in games ---------------------------------------------------------------------

def games_dict(games: list[Game]) -> Json:
    return {"exact_odds_version": version(), "games": [
        {"id": g.id, "name": g.name, "decks": g.decks, "rules": g.rules.name,
         "source": g.source, "bets": [b.id for b in g.bets]} for g in games]}


def games_document(games: list[Game]) -> Document:
    rows = tuple((g.id, g.name, g.decks, g.rules.name, str(g.source.get("document", "")),
                  ", ".join(b.id for b in g.bets)) for g in games)
    return Document("Built-in games", (("exact-odds", version()),), (Table(
        "Games", (Column("Id"), Column("Name"), Column("Decks", "count"), Column("Rules"),
                  Column("Source"), Column("Bets")), rows, sheet="Games"),))


def columns_document() -> Document:
    """The outcome vocabulary as a table."""
    from exact_odds.engine.vocabulary import COLUMNS

    rows = tuple((c.name, c.dtype, c.doc) for c in COLUMNS.values())
    return Document("The outcome vocabulary", (("exact-odds", version()),), (Table(
        "Columns", (Column("Column"), Column("Type"), Column("Meaning")), rows,
        sheet="Columns"),))


# --- probable mistakes (exact-odds check) ---------------------------------------------------

def check_dict(found: list[tuple[Game, tuple[Mistake, ...]]], shared: list[str] | None,
               settings: dict[str, str]) -> Json:
    """What ``exact-odds check`` found: per game file, its bets, events and mistakes."""
    return {"exact_odds_version": version(), "settings": dict(settings),
            "shared_bets_checked": shared,
            "games": [{"game": game.id, "path": game.path, "bets": len(game.bets),
                       "events": sum(len(b.events) for b in game.bets),
                       "mistakes": [{"bet": m.bet, "event": m.event, "message": m.message}
                                    for m in mistakes]}
                      for game, mistakes in found]}


def check_document(found: list[tuple[Game, tuple[Mistake, ...]]], shared: list[str] | None,
                   settings: dict[str, str]) -> Document:
    inputs: list[tuple[str, str]] = [(f"Setting {k}", v) for k, v in settings.items()]
    if shared is not None:
        inputs.append(("Shared bets checked", ", ".join(shared)))
    inputs.append(("exact-odds", version()))
    games = Table("Game files", (Column("Game"), Column("File"), Column("Bets", "count"),
                                 Column("Events", "count"), Column("Probable mistakes", "count")),
                  tuple((g.id, g.path, len(g.bets), sum(len(b.events) for b in g.bets), len(m))
                        for g, m in found), sheet="Games")
    mistakes = Table("Probable mistakes", (Column("Game"), Column("Bet"), Column("Event"),
                                           Column("Mistake")),
                     tuple((g.id, m.bet, m.event, m.message) for g, ms in found for m in ms),
                     sheet="Mistakes")
    return Document("Probable mistakes in game files", tuple(inputs), (games, mistakes))
