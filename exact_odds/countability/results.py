"""What a countability study finds, bet by bet: each count's figures at each cut-card depth
beside perfect play's (``Depth``, ``CountResult``), a bet's verdict (``BetCountability``)
and one count for several bets (``CoCount``). The study is ``study``, the verdict's words
``verdict``, the whole report and its document ``report``."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from exact_odds.countability.counts import DerivedCount
from exact_odds.countability.triggers import Figures
from exact_odds.errors import ExactOddsError


class CountabilityError(ExactOddsError, ValueError):
    """A countability study that cannot be run as asked."""


@dataclass(frozen=True)
class CountResult:
    """One count at one depth: its tags, trigger (a true count of its own tags; against the
    shoe's expected share for an unbalanced count) and figures on the fresh shoes, and the
    bet's mean expected value by whole true count (``by_true_count``: (true count, rounds,
    mean expected value) where at least ``MIN_ROUNDS_SHOWN`` rounds fell)."""

    count: DerivedCount
    trigger: Fraction | None  # None: no trigger wins anything on the training shoes
    figures: Figures
    share: float | None  # of perfect play's win per shoe
    by_true_count: tuple[tuple[int, int, float], ...] = ()

    @property
    def play(self) -> str:
        """What a reader calls this count: its label, or its level and kind."""
        if self.count.label is not None:
            return self.count.label
        return f"level {self.count.level}" + ("" if self.count.balanced else " unbalanced")


#: A true count is shown against the expected value where at least this many rounds fell.
MIN_ROUNDS_SHOWN = 100


@dataclass(frozen=True)
class Depth:
    """Perfect play and every level's count with one cut-card depth."""

    cut_card: int | None
    perfect: Figures
    counts: tuple[CountResult, ...]


@dataclass(frozen=True)
class BetCountability:
    """A bet's countability: its edge, its effects of removal, and per depth what perfect
    play and the counts win; ``adds_nothing``: the levels (and whether balanced) whose best
    count is no better than a lower level's; ``verdict`` in words."""

    id: str
    name: str
    house_edge: Fraction
    effects: dict[str, Fraction]  # rank -> effect of removing one card of it
    depths: tuple[Depth, ...]
    verdict: str
    adds_nothing: tuple[tuple[int, bool], ...] = ()


@dataclass(frozen=True)
class CoCount:
    """One count for several bets at once: its tags (derived from the bets' effects of
    removal, each divided by the bet's house edge, or a bet's own count where that wins
    more on the training shoes), each bet's trigger, and on the fresh shoes of the first
    depth what it wins on every bet together (``figures``), bet by bet (``by_bet``), and
    what perfect play on every bet at once wins."""

    bets: tuple[str, ...]
    count: DerivedCount
    triggers: dict[str, Fraction | None]
    figures: Figures
    by_bet: dict[str, Figures]
    perfect: Figures
