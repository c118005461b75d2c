"""Per-bet statistics of a simulation, each an estimate with its standard error.

For each bet: rounds per shoe; bet frequency (units placed per round); the average edge
when betting (the mean exact expected value of the units placed); units per shoe, the mean
over shoes of the sum of the exact expected values of the units placed, with its standard
error; the same per 100 rounds; the realised result from the dealt cards, its mean and its
standard deviation per shoe; and the distribution of the edge across all rounds.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING

import numpy as np

from exact_odds.numbers import decimal_text, percent_text
from exact_odds.render.document import Cell, Column, Document, Field, Json, Line, Table, Text
from exact_odds.render.rendered import Rendered
from exact_odds.render.text import safe
from exact_odds.simulation.play import EDGE_BIN, ShoeResults

if TYPE_CHECKING:
    import polars as pl

#: The keys of each bet in the JSON output, in order.
BET_KEYS = ("id", "rounds_per_shoe", "bet_frequency", "average_edge", "units_per_shoe",
            "units_per_shoe_se", "units_per_100_rounds", "realised_units_per_shoe",
            "realised_sd")

#: Widths tried for the edge histogram, in bins of 0.1%; the first giving at most
#: ``HISTOGRAM_BINS`` bins is used.
_WIDTHS = (1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10000)
HISTOGRAM_BINS = 24
#: The share of rounds at either end gathered into an open-ended bin.
TAIL = 0.001


@dataclass(frozen=True)
class EdgeBin:
    """Rounds whose expected value lay in ``[lower, upper)``; ``None`` is an open end (the
    few rounds in the tails are gathered in a first and a last bin)."""

    lower: float | None
    upper: float | None
    rounds: int
    share: float


@dataclass(frozen=True)
class BetSummary:
    """One bet's estimates over the shoes simulated."""

    id: str
    name: str
    rounds_per_shoe: float
    bet_frequency: float
    average_edge: float | None
    units_per_shoe: float
    units_per_shoe_se: float
    units_per_100_rounds: float
    realised_units_per_shoe: float
    realised_sd: float
    realised_se: float
    units_placed: int
    histogram: tuple[EdgeBin, ...]

    def to_dict(self) -> Json:
        return {key: getattr(self, key) for key in BET_KEYS}


@dataclass(frozen=True)
class SimulationSummary(Rendered):
    """A simulation's header (game, decks, dealing procedure, play, seed, shoes) and the
    estimates for each bet; ``per_shoe`` keeps every shoe's figures."""

    header: Json
    bets: tuple[BetSummary, ...]
    per_shoe: Mapping[str, np.ndarray] = field(repr=False)

    def bet(self, bet_id: str) -> BetSummary:
        for bet in self.bets:
            if bet.id == bet_id:
                return bet
        raise KeyError(bet_id)

    def inputs(self) -> Json:
        """The game, shoe, rules, strategy, settings, dealing, play, seed, shoes and version."""
        return _inputs(self)

    def to_document(self) -> Document:
        return _document(self)

    def to_dict(self) -> Json:
        """The header and the estimates as plain data; numbers are JSON numbers."""
        return _dict(self)

    def bets_frame(self) -> pl.DataFrame:
        """The estimates, one row per bet."""
        import polars as pl

        return pl.DataFrame([bet.to_dict() for bet in self.bets],
                            schema_overrides={"average_edge": pl.Float64})

    def histogram_frame(self) -> pl.DataFrame:
        """The edge histograms, one row per bet and bin."""
        import polars as pl

        rows = [{"bet": bet.id, "from": b.lower, "to": b.upper, "rounds": b.rounds,
                 "share": b.share} for bet in self.bets for b in bet.histogram]
        return pl.DataFrame(rows, schema={"bet": pl.String, "from": pl.Float64,
                                          "to": pl.Float64, "rounds": pl.Int64,
                                          "share": pl.Float64})

    def shoes_frame(self) -> pl.DataFrame:
        """Every shoe: rounds dealt, and per bet units placed, units expected, units won."""
        import polars as pl

        return pl.DataFrame(dict(self.per_shoe))


def summarise(header: Json, names: Mapping[str, str],
              results: Sequence[ShoeResults]) -> SimulationSummary:
    """Join the results of every range of shoes, in shoe order, into the estimates."""
    ordered = sorted(results, key=lambda r: r.first)
    rounds = np.concatenate([r.rounds for r in ordered]) if ordered else np.zeros(0, np.int64)
    shoes = len(rounds)
    total_rounds = int(rounds.sum())
    per_shoe: dict[str, np.ndarray] = {"shoe": np.arange(shoes), "rounds": rounds}
    bets = []
    for bet_id, name in names.items():
        placed = np.concatenate([r.placed[bet_id] for r in ordered])
        expected = np.concatenate([r.expected[bet_id] for r in ordered])
        realised = np.concatenate([r.realised[bet_id] for r in ordered])
        per_shoe[f"{bet_id}_placed"] = placed
        per_shoe[f"{bet_id}_expected"] = expected
        per_shoe[f"{bet_id}_realised"] = realised
        edges: Counter[int] = Counter()
        for r in ordered:
            edges.update(r.edges[bet_id])
        units = int(placed.sum())
        sd = float(np.std(expected, ddof=1)) if shoes > 1 else 0.0
        realised_sd = float(np.std(realised, ddof=1)) if shoes > 1 else 0.0
        bets.append(BetSummary(
            id=bet_id, name=name,
            rounds_per_shoe=total_rounds / shoes,
            bet_frequency=units / total_rounds if total_rounds else 0.0,
            average_edge=float(expected.sum()) / units if units else None,
            units_per_shoe=float(expected.mean()),
            units_per_shoe_se=sd / math.sqrt(shoes),
            units_per_100_rounds=100 * float(expected.sum()) / total_rounds if total_rounds else 0.0,
            realised_units_per_shoe=float(realised.mean()),
            realised_sd=realised_sd,
            realised_se=realised_sd / math.sqrt(shoes),
            units_placed=units,
            histogram=edge_histogram(edges),
        ))
    return SimulationSummary(dict(header), tuple(bets), per_shoe)


def edge_histogram(edges: Mapping[int, int]) -> tuple[EdgeBin, ...]:
    """Coarsen a tally of edges in bins of 0.1% into at most ``HISTOGRAM_BINS`` bins of one
    width (a boundary at 0), spanning all but ``TAIL`` of the rounds at either end; rounds
    beyond go to an open-ended first or last bin.

    >>> bins = edge_histogram({-30: 3, -29: 1, 20: 2})
    >>> len(bins), [(b.lower, b.upper, b.rounds) for b in bins if b.rounds]
    (11, [(-0.03, -0.025, 4), (0.02, 0.025, 2)])
    >>> [(b.lower, b.upper, b.rounds) for b in edge_histogram({-900: 1, -1: 9998, 0: 9000, 700: 1})]
    [(None, -0.001, 1), (-0.001, 0.0, 9998), (0.0, 0.001, 9000), (0.001, None, 1)]
    """
    if not edges:
        return ()
    total = sum(edges.values())
    keys = sorted(edges)
    cut = total * TAIL
    low = next(k for k, below in zip(keys, _running(edges[k] for k in keys)) if below > cut)
    high = next(k for k, above in zip(reversed(keys), _running(edges[k] for k in reversed(keys)))
                if above > cut)
    width = next((w for w in _WIDTHS if high // w - low // w + 1 <= HISTOGRAM_BINS), _WIDTHS[-1])
    start, stop = low // width, high // width
    tally = [0] * (stop - start + 1)
    under = over = 0
    for key, count in edges.items():
        slot = key // width - start
        if slot < 0:
            under += count
        elif slot >= len(tally):
            over += count
        else:
            tally[slot] += count
    bins = [EdgeBin(round((start + i) * width / EDGE_BIN, 6),
                    round((start + i + 1) * width / EDGE_BIN, 6), n, n / total)
            for i, n in enumerate(tally)]
    if under:
        bins.insert(0, EdgeBin(None, bins[0].lower, under, under / total))
    if over:
        bins.append(EdgeBin(bins[-1].upper, None, over, over / total))
    return tuple(bins)


def _running(counts: Iterable[int]) -> Iterator[int]:
    total = 0
    for count in counts:
        total += count
        yield total


# --- as people read it and as data ----------------------------------------------------------

#: Header entries that are words for people, not inputs.
_WORDS = ("dealing_text", "estimates")

def _inputs(summary: SimulationSummary) -> Json:
    """The game, shoe, rules, strategy, settings, dealing, play, seed, shoes and version."""
    return {key: value for key, value in summary.header.items() if key not in _WORDS}


def _dict(summary: SimulationSummary) -> Json:
    """The header and the estimates as plain data; numbers are JSON numbers."""
    return {**summary.header,
            "bets": [bet.to_dict() for bet in summary.bets],
            "edge_histograms": {bet.id: [{"from": b.lower, "to": b.upper,
                                          "rounds": b.rounds, "share": b.share}
                                         for b in bet.histogram] for bet in summary.bets}}


def _play_text(h: Json) -> str:
    if h["play"] == "flat":
        return "flat: one unit on every round where the bet is offered"
    if h["play"] == "perfect":
        edge = Fraction(h["min_edge"])
        return ("perfect: one unit whenever the exact edge for the unseen cards favours the "
                "bettor" + (f" by more than {percent_text(edge)} ({h['min_edge']})" if edge
                            else ""))
    tags = "; ".join(f"{bet} " + ",".join(f"{r}={t}" for r, t in ranks.items() if t)
                     for bet, ranks in h["tags"].items())
    threshold = Fraction(h["threshold"])
    written = h["threshold"] if threshold.denominator == 1 else (
        f"{decimal_text(threshold, 6).rstrip('0')} ({h['threshold']})")
    return (f"count ({h['tags_from']}), one unit when the true count is at least "
            f"{written}; tags: {tags}")


def _header(summary: SimulationSummary) -> tuple[Line, ...]:
    h = summary.header
    shoe = (f"{h['decks']} deck{'s' if h['decks'] != 1 else ''}, {h['cards']} cards" if h["decks"]
            else safe(h["shoe_description"]))
    lines: list[Line] = [f"{shoe}; {h['rules']}", Field("Dealing", h["dealing_text"]),
                         Field("Play", _play_text(h)), f"Seed {h['seed']}, {h['shoes']:,} shoes"]
    if h.get("strategy"):
        lines.append(Field("Strategy", h["strategy"]))
    lines += [f"Setting {name} = {value}" for name, value in (h.get("settings") or {}).items()]
    lines.append(Field("exact-odds", h["exact_odds_version"]))
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


def _document(summary: SimulationSummary) -> Document:
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
    return Document(f"{h['name']} ({h['game']}): simulated shoes", _header(summary),
                    tuple(blocks))


_READ = ("text", "markdown", "html", "xlsx")
