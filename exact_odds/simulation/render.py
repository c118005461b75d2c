"""A simulation's summary as text, Markdown, CSV or JSON.

Every figure is an estimate from the shoes simulated; the text says so and gives the
standard error of units per shoe. JSON carries numbers as JSON numbers.
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Mapping
from typing import Any

from exact_odds.simulation.summary import (
    BET_KEYS,
    BetSummary,
    EdgeBin,
    SimulationSummary,
)


def render_simulation(summary: SimulationSummary, fmt: str) -> str:
    """The summary in one of ``text``, ``markdown``, ``csv`` or ``json``."""
    if fmt == "json":
        return json.dumps(summary.to_dict(), indent=2) + "\n"
    if fmt == "csv":
        return _csv(summary)
    if fmt == "markdown":
        return _markdown(summary)
    return _text(summary)


def _header_lines(summary: SimulationSummary) -> list[str]:
    h = summary.header
    shoe = f"{h['decks']} decks, {h['cards']} cards" if h["decks"] else f"{h['cards']} cards (custom)"
    lines = [f"{h['name']} ({h['game']}): simulated shoes",
             f"{shoe}; {h['rules']}",
             f"Dealing: {h['dealing_text']}",
             f"Play: {_play_text(h)}",
             f"Seed {h['seed']}, {h['shoes']:,} shoes"]
    if "strategy" in h:
        lines.append(f"Decision on 5: {h['strategy']}")
    for name, value in h.get("settings", {}).items():
        lines.append(f"Setting {name} = {value}")
    lines.append("Every figure below is an estimate from these shoes (± one standard error).")
    return lines


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


def _figures(bet: BetSummary) -> list[tuple[str, str]]:
    average = "no units placed" if bet.average_edge is None else f"{bet.average_edge:+.4%}"
    return [
        ("Rounds per shoe", f"{bet.rounds_per_shoe:.2f}"),
        ("Bet frequency", f"{bet.bet_frequency:.4%} of rounds ({bet.units_placed:,} units)"),
        ("Average edge when betting", average),
        ("Units per shoe (expected)", f"{bet.units_per_shoe:+.5f} ± {bet.units_per_shoe_se:.5f}"),
        ("Units per 100 rounds", f"{bet.units_per_100_rounds:+.5f}"),
        ("Realised units per shoe", (f"{bet.realised_units_per_shoe:+.5f} ± "
                                     f"{bet.realised_se:.5f} (SD per shoe {bet.realised_sd:.4f})")),
    ]


def _histogram_rows(bet: BetSummary) -> list[tuple[str, str, str]]:
    def span(b: EdgeBin) -> str:
        if b.lower is None:
            return f"below {b.upper:+.1%}"
        if b.upper is None:
            return f"{b.lower:+.1%} and above"
        return f"{b.lower:+.1%} to {b.upper:+.1%}"

    return [(span(b), f"{b.rounds:,}", f"{b.share:.4%}") for b in bet.histogram]


def _text(summary: SimulationSummary) -> str:
    out = _header_lines(summary)
    for bet in summary.bets:
        out += ["", f"{bet.name} [{bet.id}]"]
        width = max(len(label) for label, _ in _figures(bet))
        out += [f"  {label.ljust(width)}  {value}" for label, value in _figures(bet)]
        rows = [("Edge (expected value)", "Rounds", "Share")] + _histogram_rows(bet)
        widths = [max(len(r[i]) for r in rows) for i in range(3)]
        out.append("  Edge across rounds:")
        out += ["    " + "  ".join(cell.ljust(w) if i == 0 else cell.rjust(w)
                                  for i, (cell, w) in enumerate(zip(row, widths)))
                for row in rows]
    return "\n".join(out) + "\n"


def _markdown(summary: SimulationSummary) -> str:
    header = _header_lines(summary)
    out = [f"# {header[0]}", ""] + [f"{line}  " for line in header[1:]]
    for bet in summary.bets:
        out += ["", f"## {bet.name} (`{bet.id}`)", "", "| Figure | Estimate |", "|---|--:|"]
        out += [f"| {label} | {value} |" for label, value in _figures(bet)]
        out += ["", "| Edge (expected value) | Rounds | Share |", "|---|--:|--:|"]
        out += [f"| {a} | {b} | {c} |" for a, b, c in _histogram_rows(bet)]
    return "\n".join(out) + "\n"


def _csv(summary: SimulationSummary) -> str:
    h = summary.header
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    fixed = ["game", "decks", "cards", "cut_card", "burn", "after_cut", "play", "seed", "shoes"]
    writer.writerow(fixed + list(BET_KEYS))
    for bet in summary.bets:
        d = bet.to_dict()
        writer.writerow([h["game"], h["decks"] or "", h["cards"], h["dealing"]["cut_card"],
                         h["dealing"]["burn"], h["dealing"]["after_cut"], h["play"], h["seed"],
                         h["shoes"]] + ["" if d[k] is None else d[k] for k in BET_KEYS])
    return buffer.getvalue()
