"""A simulation's summary as people read it and as data.

Every figure is an estimate from the shoes simulated; the document says so and gives the
standard error of units per shoe. JSON carries the estimates as JSON numbers.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from exact_odds.render.document import Cell, Column, Document, Field, Json, Line, Table, Text
from exact_odds.simulation.summary import BET_KEYS, BetSummary, EdgeBin, SimulationSummary

#: What the header holds for people only: not an input.
_WORDS = ("dealing_text", "estimates")


def simulation_inputs(summary: SimulationSummary) -> Json:
    """The game, shoe, rules, strategy, settings, dealing, play, seed, shoes and version."""
    return {key: value for key, value in summary.header.items() if key not in _WORDS}


def simulation_dict(summary: SimulationSummary) -> Json:
    """The header and the estimates as plain data; numbers are JSON numbers."""
    return {**summary.header,
            "bets": [bet.to_dict() for bet in summary.bets],
            "edge_histograms": {bet.id: [{"from": b.lower, "to": b.upper,
                                          "rounds": b.rounds, "share": b.share}
                                         for b in bet.histogram] for bet in summary.bets}}


def _play_text(h: Mapping[str, Any]) -> str:
    if h["play"] == "flat":
        return "flat: one unit on every round where the bet is offered"
    if h["play"] == "perfect":
        edge = h["min_edge"]
        return ("perfect: one unit whenever the exact edge for the unseen cards favours the "
                "bettor" + (f" by more than {edge:.4%}" if edge else ""))
    tags = "; ".join(f"{bet} " + ",".join(f"{r}={t}" for r, t in ranks.items() if t)
                     for bet, ranks in h["tags"].items())
    return (f"count ({h['tags_from']}), one unit when the true count is at least "
            f"{h['threshold']:g}; tags: {tags}")


def _header(summary: SimulationSummary) -> tuple[Line, ...]:
    h = summary.header
    shoe = f"{h['decks']} decks, {h['cards']} cards" if h["decks"] else f"{h['cards']} cards (custom)"
    lines: list[Line] = [f"{shoe}; {h['rules']}", Field("Dealing", h["dealing_text"]),
                         Field("Play", _play_text(h)), f"Seed {h['seed']}, {h['shoes']:,} shoes"]
    if h.get("strategy"):
        lines.append(Field("Decision on 5", h["strategy"]))
    lines += [f"Setting {name} = {value}" for name, value in (h.get("settings") or {}).items()]
    lines.append("Every figure below is an estimate from these shoes (± one standard error).")
    return tuple(lines)


def _figures(bet: BetSummary) -> tuple[tuple[Cell, ...], ...]:
    average = "no units placed" if bet.average_edge is None else f"{bet.average_edge:+.4%}"
    return (
        ("Rounds per shoe", f"{bet.rounds_per_shoe:.2f}"),
        ("Bet frequency", f"{bet.bet_frequency:.4%} of rounds ({bet.units_placed:,} units)"),
        ("Average edge when betting", average),
        ("Units per shoe (expected)", f"{bet.units_per_shoe:+.5f} ± {bet.units_per_shoe_se:.5f}"),
        ("Units per 100 rounds", f"{bet.units_per_100_rounds:+.5f}"),
        ("Realised units per shoe", (f"{bet.realised_units_per_shoe:+.5f} ± "
                                     f"{bet.realised_se:.5f} (SD per shoe {bet.realised_sd:.4f})")),
    )


def _span(b: EdgeBin) -> str:
    if b.lower is None:
        return f"below {b.upper:+.1%}"
    if b.upper is None:
        return f"{b.lower:+.1%} and above"
    return f"{b.lower:+.1%} to {b.upper:+.1%}"


_HISTOGRAM = (Column("Edge (expected value)"), Column("Rounds", "count"),
              Column("Share", "percent", 4))
_ESTIMATES = tuple(Column(key, "text" if key == "id" else "decimal") for key in BET_KEYS)


def simulation_document(summary: SimulationSummary) -> Document:
    h = summary.header
    blocks: list[Table | Text] = []
    for bet in summary.bets:
        blocks += [
            Table(f"{bet.name} [{bet.id}]", (Column("Figure"), Column("Estimate")),
                  _figures(bet), header=False, sheet=bet.id, formats=_READ),
            Table("Edge across rounds:", _HISTOGRAM,
                  tuple((_span(b), b.rounds, b.share) for b in bet.histogram), indent=4,
                  gap=False, sheet=f"{bet.id} edges", formats=_READ),
        ]
    blocks.append(Table("Estimates", _ESTIMATES,
                        tuple(tuple(bet.to_dict()[key] for key in BET_KEYS)
                              for bet in summary.bets), formats=("csv",)))
    # the text is as the README shows it; the other formats name the version at the end
    blocks.append(Text((f"exact-odds {h['exact_odds_version']}",), formats=_READ[1:]))
    return Document(f"{h['name']} ({h['game']}): simulated shoes", _header(summary),
                    tuple(blocks))


_READ = ("text", "markdown", "html", "xlsx")
