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
from typing import TYPE_CHECKING

import numpy as np

from exact_odds.batch.plan import Request, _Plan
from exact_odds.batch.result import BatchError, BatchResult
from exact_odds.cards import DECK
from exact_odds.limits import MAX_BATCH_CARDS, MAX_MONOMIALS

if TYPE_CHECKING:
    from numpy.typing import ArrayLike

    from exact_odds.analysis.job import Job
    from exact_odds.games.model import Bet, Game
    from exact_odds.rules import DrawingRules


class BatchEvaluator:
    """Evaluates chosen bets of one game (its rules, strategy and settings) on many shoes.

    ``game`` is a built-in id, a path or a loaded ``Game``; ``bets`` defaults to every
    bet of the game. Each bet is compiled once (``exact_odds.engine.compiled``) on the
    coarsest card classes its columns need; a bet whose classes are too fine to compile
    (more than ``MAX_MONOMIALS`` monomials) is evaluated shoe by shoe by the reference
    enumerator instead, exactly, only more slowly. With ``strategy="optimal"`` each shoe
    gets its own best play on the bettor's option; ``rules`` fixes the rules (and the
    strategy) every shoe is played by, mixed or not (a simulation plays a whole shoe by its
    first composition's equilibrium).
    """

    #: Above this many monomials a bet is not compiled (the tables would be too large).
    MAX_MONOMIALS = MAX_MONOMIALS

    def __init__(self, game: Game | str | Path, bets: Sequence[str] | None = None, *,
                 strategy: str | None = None, settings: Mapping[str, str] | None = None,
                 rules: DrawingRules | None = None) -> None:
        from exact_odds.games.inputs import check_game_arguments
        from exact_odds.games.loader import load_game
        from exact_odds.games.model import Game

        bets = check_game_arguments(game, bets=bets).bets
        self.game = game if isinstance(game, Game) else load_game(game)
        chosen = tuple(dict.fromkeys(bets)) if bets else tuple(b.id for b in self.game.bets)
        for bet_id in chosen:
            self.game.bet(bet_id)  # an unknown bet is refused here, before any work
        self.bet_ids = chosen
        self.strategy = strategy
        self.rules = rules
        self.settings = dict(settings or {})
        self._values = self.game.setting_values(self.settings)  # checks names and values
        self._plan: _Plan | None = None
        self._fine: list[Bet] | None = None

    @property
    def plan(self) -> _Plan:
        """The compiled tables, built on first use."""
        if self._plan is None:
            self._plan = _Plan.build(Request(self.game, self.bet_ids, self.strategy,
                                             self.settings, self._values, self.rules))
        return self._plan

    def evaluate(self, counts: ArrayLike) -> BatchResult:
        """Every chosen bet's exact expected value for each row of ``counts`` (n x 52)."""
        rows = _as_counts(counts)
        check_batch_size(rows)
        self.check_cost(rows)
        return self.plan.evaluate(rows)

    def may_pass_int64(self, largest_size: int) -> bool:
        """Whether an exact value (reduced numerator or denominator) of a shoe of at most
        ``largest_size`` cards may pass int64: each is at most the bet's largest
        ``|net pay| * D`` times ``falling(N, 6)`` (``D`` at most that largest, since a bet
        loses its unit); a bet too fine to compile is not bounded here."""
        from exact_odds.engine.plan import INT64_MAX, falling
        from exact_odds.shoe import CARDS_PER_ROUND

        if self.plan.fallback:
            return True
        largest = max((max(b.max_net, b.denominator) for g in self.plan.groups
                       for b in g.bets if b.id in self.bet_ids), default=1)
        return largest * falling(largest_size, CARDS_PER_ROUND) > INT64_MAX

    def check_cost(self, rows: np.ndarray, shoes: int | None = None) -> None:
        """Refuse, before any work, a batch whose bets too fine to compile would take past
        the enumeration's limits, settled shoe by shoe as one shoe's report settles them
        (``bet_cost``): each such bet's estimate on the largest shoe, under the rules the
        batch plays, times the distinct shoes (``shoes``: the shoes of a file, when
        ``rows`` holds only its largest)."""
        from exact_odds.analysis.bet_result import check_shoes_cost
        from exact_odds.analysis.job import game_rules
        from exact_odds.engine.compiled import monomial_count
        from exact_odds.errors import input_name
        from exact_odds.shoe import Shoe

        if self._fine is None:  # the bets too fine to compile, found once
            self._fine = [bet for bet in map(self.game.bet, self.bet_ids)
                          if monomial_count(tuple(sorted(set(bet.columns))),
                                            self.game.rules) > MAX_MONOMIALS]
        fine = self._fine
        if not fine or not len(rows):
            return
        largest = Shoe(tuple(int(n) for n in rows[int(np.argmax(rows.sum(axis=1)))]))
        rules = self.rules or game_rules(self.game, largest, self.strategy)
        if shoes is None:
            shoes = len(np.unique(rows, axis=0))  # a shoe met twice is settled once (cached)
        for bet in fine:
            check_shoes_cost(bet, largest, rules, shoes,
                             f"too fine to compile; give fewer shoes or choose the other bets "
                             f"with {input_name('bets')}")


_EVALUATORS: dict[tuple[object, ...], BatchEvaluator] = {}


def job_evaluator(job: Job) -> BatchEvaluator:
    """The evaluator of a job's bets (its game, strategy and settings), one per job and
    process: a worker keeps it for the job's later ranges (a batch's rows, a simulation's
    shoes, a countability study's depths), its tables compiled once. Where both hands
    choose and shoes are dealt (a seed), every shoe is played by the job's rules (the
    equilibrium of the job's shoe as it starts, mixed where it mixes); elsewhere the
    strategy's name decides, shoe by shoe where it is the optimal play or the equilibrium
    (a batch's row as report gives that shoe)."""
    from exact_odds.analysis.equilibrium import two_sided

    key = (job.key, job.bet_ids, job.strategy, tuple(job.settings.items()))
    found = _EVALUATORS.get(key)
    if found is None:
        found = BatchEvaluator(job.game, job.bet_ids, strategy=job.strategy,
                               settings=job.settings,
                               rules=job.rules if two_sided(job.game.rules)
                               and job.seed is not None else None)
        _EVALUATORS.clear()
        _EVALUATORS[key] = found
    return found


def _as_counts(counts: ArrayLike) -> np.ndarray:
    """The counts as an (n x 52) integer array, each count checked against the stated
    limit (0 to ``MAX_DECKS``) before any arithmetic: a sum in int64 of unchecked counts
    could wrap (four aces of 2**62)."""
    from exact_odds.limits import MAX_DECKS

    array = np.asarray(counts)
    if array.ndim == 1:
        array = array[None, :]
    if array.ndim != 2 or array.shape[1] != len(DECK):
        raise BatchError(f"a batch of shoes is an array of n rows by {len(DECK)} card counts, "
                         f"got shape {array.shape}")
    if array.dtype == object:
        if not all(type(v) is int or isinstance(v, np.integer) for v in array.flat):
            raise BatchError("card counts must be whole numbers")
    elif array.dtype.kind not in "iu":
        raise BatchError("card counts must be whole numbers")
    # every comparison below is exact in the array's own type (or Python integers); the
    # offending count is looked for only where there is one
    if array.size and (array.min() < 0 or array.max() > MAX_DECKS):
        row, card = (int(i) for i in np.argwhere((array < 0) | (array > MAX_DECKS))[0])
        value = int(array[row, card])
        if value < 0:
            raise BatchError(f"row {row}: the count of {DECK[card]} is negative ({value})")
        raise BatchError(f"row {row}: the count of {DECK[card]} is {value:,}; a count is at "
                         f"most {MAX_DECKS:,}")
    # 52 counts of at most MAX_DECKS each: every sum below fits int64
    return array.astype(np.int64, copy=False)


def check_batch_size(counts: np.ndarray, what: str = "", path: Path | None = None,
                     first: int = 0) -> None:
    """Refuse a shoe too small to be counted (``exact_odds.shoe.too_few_cards``) and shoes
    whose exact values would not fit the result's 128-bit integer columns; the error names
    ``what`` (an option), else the row of the shoes file ``path`` (the array's rows numbered
    from ``first``), else the shoe's index. Counts are whole numbers from 0 to
    ``MAX_DECKS``, so the sums fit int64."""
    from exact_odds.shoe import CARDS_PER_ROUND, too_few_cards

    if not len(counts):
        return
    sizes = np.asarray(counts, dtype=np.int64).sum(axis=1)

    def where(row: int) -> str:
        return what or (f"{path}: row {first + row}" if path is not None else f"row {row}")

    short = np.flatnonzero(sizes < CARDS_PER_ROUND)
    if len(short):
        raise BatchError(f"{where(int(short[0]))}: {too_few_cards(int(sizes[short[0]]))}")
    if int(sizes.max()) > MAX_BATCH_CARDS:
        row = int(np.argmax(sizes))
        raise BatchError(f"{where(row)}: a shoe of {int(sizes[row]):,} cards; a batch evaluates shoes "
                         f"of at most {MAX_BATCH_CARDS:,} cards (about "
                         f"{MAX_BATCH_CARDS // 52:,} decks), whose exact values fit 128-bit "
                         "integer columns (report takes any shoe)")
