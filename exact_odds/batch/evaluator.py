"""Many shoes at once: each bet's exact expected value for every shoe of a batch.

A batch is a 2-D array of card counts, one row per shoe, one column per card in
``exact_odds.cards.DECK`` order (``AS AH AD AC 2S ...``). The result keeps every expected
value exact, as an integer numerator over an integer denominator per shoe, and gives
floats only for plotting.

>>> import numpy as np
>>> evaluator = BatchEvaluator("commission-free", bets=("banker",))
>>> result = evaluator.evaluate(np.full((2, 52), 8, dtype=np.int64))
>>> result.fraction("banker", 0)
Fraction(-284694798368, 19524993263685)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

from exact_odds.batch.plan import MAX_MONOMIALS, Request, _Plan
from exact_odds.batch.result import BatchError, BatchResult
from exact_odds.cards import DECK

if TYPE_CHECKING:
    from exact_odds.games.model import Game


class BatchEvaluator:
    """Evaluates chosen bets of one game (its rules, strategy and settings) on many shoes.

    ``game`` is a built-in id, a path or a loaded ``Game``; ``bets`` defaults to every
    bet of the game. Each bet is compiled once (``exact_odds.engine.compiled``) on the
    coarsest card classes its columns need; a bet whose classes are too fine to compile
    (more than ``MAX_MONOMIALS`` monomials) is evaluated shoe by shoe by the reference
    enumerator instead, exactly, only more slowly. With ``strategy="optimal"`` each shoe
    gets its own best play on the bettor's option.
    """

    #: Above this many monomials a bet is not compiled (the tables would be too large).
    MAX_MONOMIALS = MAX_MONOMIALS

    def __init__(self, game: Game | str | Path, bets: Sequence[str] | None = None, *,
                 strategy: str | None = None, settings: Mapping[str, str] | None = None) -> None:
        from exact_odds.games.loader import load_game
        from exact_odds.games.model import Game

        self.game = game if isinstance(game, Game) else load_game(game)
        chosen = tuple(dict.fromkeys(bets)) if bets else tuple(b.id for b in self.game.bets)
        for bet_id in chosen:
            self.game.bet(bet_id)  # an unknown bet is refused here, before any work
        self.bet_ids = chosen
        self.strategy = strategy
        self.settings = dict(settings or {})
        self._values = self.game.setting_values(self.settings)  # checks names and values
        self._plan: _Plan | None = None

    @property
    def plan(self) -> _Plan:
        """The compiled tables, built on first use."""
        if self._plan is None:
            self._plan = _Plan.build(Request(self.game, self.bet_ids, self.strategy,
                                             self.settings, self._values))
        return self._plan

    def evaluate(self, counts: Any) -> BatchResult:
        """Every chosen bet's exact expected value for each row of ``counts`` (n x 52)."""
        rows = _as_counts(counts)
        _check_rows(rows)
        self.check_cost(rows)
        return self.plan.evaluate(rows)

    def check_cost(self, rows: np.ndarray) -> None:
        """Refuse, before any work, a batch whose bets too fine to compile would take past
        the enumeration's limits, settled shoe by shoe as one shoe's report settles them
        (``bet_cost``): each such bet's estimate on the largest shoe, under the rules the
        batch plays, times the distinct shoes."""
        from exact_odds.analysis.bet_result import check_shoes_cost
        from exact_odds.analysis.strategy import game_rules
        from exact_odds.engine.compiled import monomial_count
        from exact_odds.errors import input_name
        from exact_odds.shoe import Shoe

        fine = [bet for bet in map(self.game.bet, self.bet_ids)
                if monomial_count(tuple(sorted(set(bet.columns))), self.game.rules) > MAX_MONOMIALS]
        if not fine or not len(rows):
            return
        largest = Shoe(tuple(int(n) for n in rows[int(np.argmax(rows.sum(axis=1)))]))
        rules = game_rules(self.game, largest, self.strategy)
        shoes = len(np.unique(rows, axis=0))  # a shoe met twice is settled once (cached)
        for bet in fine:
            check_shoes_cost(bet, largest, rules, shoes,
                             f"too fine to compile; give fewer shoes or choose the other bets "
                             f"with {input_name('bets')}")


def _as_counts(counts: Any) -> np.ndarray:
    array = np.asarray(counts)
    if array.ndim == 1:
        array = array[None, :]
    if array.ndim != 2 or array.shape[1] != len(DECK):
        raise BatchError(f"a batch of shoes is an array of n rows by {len(DECK)} card counts, "
                         f"got shape {array.shape}")
    if array.dtype.kind not in "iu" and array.dtype != object:
        raise BatchError("card counts must be whole numbers")
    return array


def _check_rows(rows: np.ndarray) -> None:
    from exact_odds.shoe import CARDS_PER_ROUND

    negative = np.argwhere(rows < 0)
    if len(negative):
        row, card = negative[0]
        raise BatchError(f"row {row}: the count of {DECK[card]} is negative ({rows[row, card]})")
    sizes = rows.sum(axis=1)
    short = np.flatnonzero(sizes < CARDS_PER_ROUND)
    if len(short):
        raise BatchError(f"row {short[0]}: a shoe of {sizes[short[0]]} cards cannot finish a "
                         f"round: a round may need {CARDS_PER_ROUND} cards")
