"""A batch's exact expected values, and the error a batch of shoes that cannot be
evaluated raises."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from exact_odds.errors import ExactOddsError


class BatchError(ExactOddsError, ValueError):
    """A batch of shoes that cannot be evaluated; the message names the row."""


@dataclass(frozen=True)
class BatchResult:
    """Exact expected values for a batch: ``numerators[bet][i] / denominators[bet][i]``.

    Arrays are numpy ``int64`` where every figure fits, ``object`` (Python integers)
    otherwise; a denominator is always positive.
    """

    bet_ids: tuple[str, ...]
    numerators: Mapping[str, np.ndarray]
    denominators: Mapping[str, np.ndarray]
    #: under the optimal play: in each state the bettor sees (his information state),
    #: whether he draws, shoe by shoe; None otherwise
    decisions: Mapping[tuple[int | None, ...], np.ndarray] | None = None

    def __len__(self) -> int:
        return len(self.denominators[self.bet_ids[0]]) if self.bet_ids else 0

    def fraction(self, bet_id: str, row: int) -> Fraction:
        """The exact expected value of one bet for one shoe."""
        return Fraction(int(self.numerators[bet_id][row]), int(self.denominators[bet_id][row]))

    def fractions(self, bet_id: str) -> list[Fraction]:
        """The exact expected values of one bet, shoe by shoe."""
        return [Fraction(int(n), int(d))
                for n, d in zip(self.numerators[bet_id], self.denominators[bet_id])]

    def positive(self, bet_id: str) -> np.ndarray:
        """Whether the bet favours the bettor, shoe by shoe (an exact sign test)."""
        return np.asarray(self.numerators[bet_id] > 0, dtype=bool)

    def floats(self, bet_id: str) -> np.ndarray:
        """The expected values as floats, for plotting and summaries only."""
        return np.array([float(f) for f in self.fractions(bet_id)], dtype=np.float64)
