"""A bet settled on rounds: the one settler every part calls, and its tally of an outcome table.

``Bet.settle`` says how one unit settles on one outcome row. A ``Settler`` applies it to
the rounds each part of the program meets, every distinct reading of the bet's columns
settled once and remembered:

* the exact report and its mistake checks: a table of outcome counts, tallied by event
  (``Settler.tally``), row by row, or as polars frames (every row at once, by the same
  conditions: ``Bet.settlement``) where the table is too large for rows in Python;
* best play, the compiled batches and the player-dealer's table: one reading of the bet's
  columns (``Settler.__call__``), or its deal columns and the round base the round columns
  are read from (``Settler.settle_base``: a stander's round read from a hitter's deal);
* simulated shoes and countability: dealt rounds, one row of card indexes each
  (``Settler.settle_dealt``), keyed by what the bet reads of the cards.

``settler`` gives one settler per bet, settings and round in a process, so what it
remembers serves every later shoe (the effects of removal) and range of shoes.

>>> from exact_odds.games.loader import load_game
>>> game = load_game("commission-free")
>>> tie = settler(game.bet("tie"), None, game.rules.round)
>>> tie.bet.columns, tie((True,)), tie((False,))
(('tie',), Settlement(event=0, net=Fraction(8, 1)), Settlement(event=1, net=Fraction(-1, 1)))
>>> game = load_game("21st-century")
>>> late = settler(game.bet("late-tie"), None, game.rules.round)
>>> print(late.settle_round(("2S", "5S"), ("7H", "KD")).net)  # not offered on a two-card 7
None
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Mapping
from fractions import Fraction
from functools import cache, lru_cache
from typing import TYPE_CHECKING, NamedTuple

from exact_odds.cards import DECK, RANKS, card_rank, card_value
from exact_odds.games.conditions import with_settings
from exact_odds.games.model import Bet, Settlement
from exact_odds.rules.round import RoundDescription
from exact_odds.vocabulary import RoundBase, RoundColumn, known_column, read_round

if TYPE_CHECKING:
    import numpy as np
    import polars as pl

#: How finely a bet reads the cards, coarsest first.
DETAILS = ("value", "rank", "card")

#: The most readings (or dealt rounds' codes) a settler remembers; past it, it forgets them
#: all and starts again. Each is a key and a shared result in a dict, about 150 bytes:
#: 2**17 of them about 20 MB a bet, whatever the number of shoes simulated.
REMEMBERED = 2**17


class Tally(NamedTuple):
    """A bet settled on every row of an outcome table: the ways each event settles
    (``taken``), no event holds (``unmatched``, a loss) and the bet has no action
    (``not_offered``); for each event never paid, the ways its condition holds alone
    (``named``) and the first event, in the bet's order, that takes some of them
    (``taken_by``; absent where none does). The mistake checks read why an event is never
    paid from the last two."""

    taken: tuple[int, ...]
    unmatched: int
    not_offered: int
    named: dict[int, int]
    taken_by: dict[int, int]


class _Reads(NamedTuple):
    """What a settler reads of the vocabulary's columns (the one place it does): each of
    the bet's columns' kind (``round``, ``deal`` or ``cards``; a part of a split bet's
    conditions, ``Bet.split``, reads the deal), the finest card attribute its columns read
    and, for a round column, how it is read from a round base."""

    kinds: tuple[str, ...]
    detail: str
    of_round: tuple[Callable[[RoundBase], object] | None, ...]


def _reads(bet: Bet) -> _Reads:
    columns = [known_column(name) for name in bet.columns]
    detail = "value"
    for col in columns:
        key = card_value if col is None else col.card_key
        if key is card_value:
            continue
        detail = "card" if key is not card_rank or detail == "card" else "rank"
    return _Reads(tuple("deal" if col is None else col.kind for col in columns), detail,
                  tuple(col.of_round if isinstance(col, RoundColumn) else None
                        for col in columns))


def card_detail(bet: Bet) -> str:
    """The finest card attribute the bet's columns read: ``value`` (point values),
    ``rank`` or ``card`` (suits or colours too), by the columns' own card keys.

    >>> from exact_odds.games.loader import load_game
    >>> game = load_game("electronic-baccarat")
    >>> [card_detail(game.bet(b)) for b in ("banker", "player-pair", "lucky-nines")]
    ['value', 'rank', 'card']
    """
    return _reads(bet).detail


class Settler:
    """A bet settled on rounds with the values of the game's settings
    (``Game.setting_values``), each distinct reading of the bet's columns (values in
    ``Bet.columns`` order) settled once by ``Bet.settle`` and remembered; ``described``:
    how the game's round is played, for the rounds read from their cards."""

    def __init__(self, bet: Bet, settings: Mapping[str, object] | None,
                 described: RoundDescription) -> None:
        values = dict(settings or {})
        missing = sorted(bet.settings - set(values))
        if missing:
            raise ValueError(f"bet {bet.id!r} reads the settings {', '.join(missing)}: "
                             "give their values (Game.setting_values)")
        self.bet, self.described = bet, described
        self.settings = {name: values[name] for name in bet.settings}
        self.seen: dict[tuple[object, ...], Settlement] = {}
        reads = _reads(bet)
        #: the bet's columns the first cards decide, read from a table beside a round base
        self.deal_columns = tuple(name for name, kind in zip(bet.columns, reads.kinds)
                                  if kind == "deal")
        self._of_round = reads.of_round if "cards" not in reads.kinds else None
        self.by_base: dict[tuple[tuple[object, ...], RoundBase], Settlement] = {}
        # a dealt round is told apart by its round base (a baccarat round) where the bet
        # reads only how the round finished, else by its cards at the finest detail it
        # reads; a round valued by rank is told apart by its ranks at least
        self.detail = reads.detail
        self.by_round = described.draws and all(kind == "round" for kind in reads.kinds)
        if (described.valuation == "rank" or not described.ranks_by_total) \
                and self.detail == "value":
            self.detail = "rank"  # what values and ranks a hand reads more than points
        #: the card slots the bet reads: the first four cards when it reads only the deal
        self.slots = (slice(0, 4) if all(kind == "deal" for kind in reads.kinds)
                      else slice(0, 6))
        self.results: dict[int, Fraction | None] = {}

    def __call__(self, reading: tuple[object, ...]) -> Settlement:
        """The settlement of one reading of the bet's columns."""
        found = self.seen.get(reading)
        if found is None:
            if len(self.seen) >= REMEMBERED:
                self.seen.clear()
            found = self.seen[reading] = self.bet.settle(self.row(reading))
        return found

    def row(self, reading: tuple[object, ...]) -> dict[str, object]:
        """The outcome row of a reading: the settings' values and the bet's columns'."""
        return {**self.settings, **dict(zip(self.bet.columns, reading))}

    def settle_base(self, deal: tuple[object, ...], base: RoundBase) -> Settlement:
        """The settlement of a round given by the values of the bet's ``deal_columns`` and
        its round base, from which every round column the bet reads is read (a bet that
        reads the third cards' ranks or suits cannot be settled so)."""
        found = self.by_base.get((deal, base))
        if found is None:
            if self._of_round is None:
                raise ValueError(f"bet {self.bet.id!r} reads the third cards themselves, "
                                 "which a round base does not hold")
            values = iter(deal)
            found = self(tuple(next(values) if of_round is None else of_round(base)
                               for of_round in self._of_round))
            if len(self.by_base) >= REMEMBERED:
                self.by_base.clear()
            self.by_base[deal, base] = found
        return found

    def settle_round(self, player: tuple[str, ...], banker: tuple[str, ...]) -> Settlement:
        """The settlement of a dealt round in which the Player held ``player`` and the
        Banker ``banker`` (cards in the order each hand received them): the bet's columns
        read from the cards (``vocabulary.read_round``)."""
        row = read_round(player, banker, self.bet.columns, self.described)
        return self(tuple(row[name] for name in self.bet.columns))

    def settle_dealt(self, cards: np.ndarray,
                     hands: Callable[[int], tuple[tuple[str, ...], tuple[str, ...]]]
                     ) -> list[Fraction | None]:
        """The net result of one unit on each dealt round (None: no action, a late bet not
        offered). ``cards`` holds a round per row (``DealtRounds.cards``); ``hands(i)`` gives
        row ``i``'s Player and Banker cards, read only for a round not met before."""
        nets, which = self.dealt_nets(cards, hands)
        return [nets[i] for i in which.tolist()]

    def dealt_nets(self, cards: np.ndarray,
                   hands: Callable[[int], tuple[tuple[str, ...], tuple[str, ...]]]
                   ) -> tuple[list[Fraction | None], np.ndarray]:
        """``settle_dealt`` as the distinct nets of the rounds and, for each round, the index
        of its own: a caller that turns them into floats does it once per distinct net."""
        import numpy as np

        codes = round_codes(cards, self.described) if self.by_round else card_codes(cards, self.detail,
                                                                    self.slots)
        unique, first, inverse = np.unique(codes, return_index=True, return_inverse=True)
        results = self.results
        if len(results) + len(unique) > REMEMBERED:
            results.clear()
        nets = []
        for code, row in zip(unique.tolist(), first.tolist()):
            if code not in results:
                results[code] = self.settle_round(*hands(row)).net
            nets.append(results[code])
        return nets, inverse.ravel()

    def tally(self, table: Mapping[tuple[object, ...], int] | Iterable[pl.DataFrame]) -> Tally:
        """The bet settled on every row of an outcome table: outcome counts (readings of
        its columns -> ways), each reading settled once (``__call__``), or polars frames
        of its columns and ``ways`` (a table too large for one frame comes in blocks),
        every row at once (``Bet.settlement``, the same conditions in the same order). Each
        sum of ways is at most the table's total, which fits its ``ways`` type
        (``outcome_table``)."""
        blocks: Iterable[_Block] = ([_Rows(self, table)] if isinstance(table, Mapping)
                                    else (_Frame(self, frame) for frame in table))
        events = range(len(self.bet.events))
        sums: dict[int | None, int] = {}
        named: dict[int, int] = {}
        taken_by: dict[int, int] = {}
        for block in blocks:
            for found, ways in block.sums():
                sums[found] = sums.get(found, 0) + ways
            # an event not paid so far: the ways its condition holds alone, and the first
            # other event that takes some of them (kept only for an event never paid)
            never = [index for index in events if not sums.get(index)]
            for index, ways, by in block.never_paid(never) if never else ():
                named[index] = named.get(index, 0) + ways
                if by is not None:
                    taken_by[index] = min(taken_by.get(index, by), by)
        taken = tuple(sums.get(index, 0) for index in events)
        never = [index for index in events if not taken[index]]
        return Tally(taken, sums.get(None, 0), sums.get(-1, 0),
                     {index: named.get(index, 0) for index in never},
                     {index: taken_by[index] for index in never if index in taken_by})


class _Block:
    """A block of an outcome table as ``Settler.tally`` reads it: the ways settled by each
    event (-1: no action, None: no event holds), and for each event never paid, the ways
    its condition holds and the first other event with action that takes some of them."""

    def sums(self) -> Iterable[tuple[int | None, int]]:
        raise NotImplementedError

    def never_paid(self, never: list[int]) -> Iterable[tuple[int, int, int | None]]:
        raise NotImplementedError


class _Rows(_Block):
    """Outcome counts, settled reading by reading."""

    def __init__(self, settler: Settler, counts: Mapping[tuple[object, ...], int]) -> None:
        self.settler, self.counts = settler, counts

    def sums(self) -> Iterable[tuple[int | None, int]]:
        for reading, ways in self.counts.items():
            yield self.settler(reading).code, ways

    def never_paid(self, never: list[int]) -> Iterable[tuple[int, int, int | None]]:
        settler = self.settler
        for index in never:
            condition = settler.bet.events[index].condition
            ways, by = 0, None
            for reading, count in self.counts.items():
                if condition is None or condition.holds(settler.row(reading)):
                    ways += count
                    other = settler(reading).event
                    if other is not None:
                        by = other if by is None else min(by, other)
            yield index, ways, by


class _Frame(_Block):
    """A polars frame of outcome counts, every row settled at once."""

    def __init__(self, settler: Settler, frame: pl.DataFrame) -> None:
        self.bet = settler.bet
        self.settled = with_settings(frame, settler.settings).with_columns(
            settler.bet.settlement().alias("event"))

    def sums(self) -> Iterable[tuple[int | None, int]]:
        import polars as pl

        found = self.settled.group_by("event").agg(pl.col("ways").sum()).collect()
        return ((event, int(ways)) for event, ways in found.iter_rows())

    def never_paid(self, never: list[int]) -> Iterable[tuple[int, int, int | None]]:
        import polars as pl

        event = pl.col("event")
        holds = {index: pl.lit(True) if condition is None else condition.holds_polars()
                 for index in never for condition in [self.bet.events[index].condition]}
        read = self.settled.select(x for index in never for x in (
            pl.col("ways").filter(holds[index]).sum().alias(f"named {index}"),
            event.filter(holds[index] & (event >= 0) & (event != index)).min().alias(f"by {index}")
        )).collect().row(0)
        return ((index, int(ways or 0), by) for index, ways, by in zip(never, read[::2], read[1::2]))


def settler(bet: Bet, settings: Mapping[str, object] | None,
            described: RoundDescription) -> Settler:
    """The bet's settler in this process: one per bet, values of the settings it reads
    (of ``settings``, the game's: ``Game.setting_values``) and round (the game's
    ``rules.round``: always given, so that no game's rounds are read as another's), so that
    what it remembers serves every later table, shoe and range of shoes."""
    values = dict(settings or {})
    read = tuple((name, values[name]) for name in sorted(bet.settings) if name in values)
    return _settler(bet, read, described)


@lru_cache(maxsize=64)
def _settler(bet: Bet, settings: tuple[tuple[str, Hashable], ...],
             described: RoundDescription) -> Settler:
    return Settler(bet, dict(settings), described)


@cache
def _detail(detail: str) -> tuple[np.ndarray, int]:
    """Each card index's point value, rank index (A=0 ... K=12) or itself, with the padding
    index 52 (no card) last, and how many values that gives: the code of a round at
    ``detail`` reads these. numpy is imported only where rounds are dealt."""
    import numpy as np

    if detail == "value":
        return np.array([card_value(card) for card in DECK] + [10], dtype=np.int64), 11
    if detail == "rank":
        return (np.array([RANKS.index(card_rank(card)) for card in DECK] + [len(RANKS)],
                         dtype=np.int64), len(RANKS) + 1)
    return np.arange(len(DECK) + 1, dtype=np.int64), len(DECK) + 1


def card_codes(cards: np.ndarray, detail: str, slots: slice = slice(0, 6)) -> np.ndarray:
    """One integer per dealt round that tells apart rounds whose cards differ at
    ``detail`` (``value``, ``rank`` or ``card``) in ``slots``; 53**6 < 2**63."""
    import numpy as np

    table, base = _detail(detail)
    keys = table[cards[:, slots]]
    codes: np.ndarray = keys @ (base ** np.arange(keys.shape[1], dtype=np.int64))
    return codes


def round_codes(cards: np.ndarray, described: RoundDescription) -> np.ndarray:
    """One integer per dealt round (of a game that draws) that tells apart rounds with
    different round bases: each hand's total (``described.totals``), cards, two-card total
    and third card's value (10: none), each a digit in base 11: 11**8 < 2**63."""
    import numpy as np

    values = _detail("value")[0][cards]  # 10 where no card
    dealt = values < 10
    parts = (described.totals(values[:, [0, 2, 4]], dealt[:, [0, 2, 4]]),
             described.totals(values[:, [1, 3, 5]], dealt[:, [1, 3, 5]]),
             dealt[:, 4], dealt[:, 5],
             described.totals(values[:, [0, 2]], dealt[:, [0, 2]]),
             described.totals(values[:, [1, 3]], dealt[:, [1, 3]]),
             values[:, 4], values[:, 5])
    code = np.zeros(len(cards), dtype=np.int64)
    for part in parts:
        code = code * 11 + part
    return code
