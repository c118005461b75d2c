"""What a bettor's knowledge of the cards by their place is worth: a card seen before the
bets close (a known card: ``known_card``), the High or Low of sorted cards (edge sorting:
``sorted_cards``), and the best way to sort the ranks into two groups (``best_sorts``).

Each starts from a game's report (``game_report``: its shoe, rules, settings, bets and any
cards already known, ``--known``) and counts, in one compiled table per bet, the sequences
agreeing with it by the ranks (or groups of ranks) at the positions the bettor sees
(``exact_odds.known``: ``Known.shown``); every figure of every thing he may see is then a sum of
those counts. For each thing seen: its probability, each bet's exact expected value, and the
best bet. The bettor's edge per round dealt is given two ways: betting the best bet only
where its expectation is positive (and nothing otherwise), and always betting the best bet;
Eliot Jacobson's published figures are the first (``docs/known-cards.md``).

>>> from exact_odds.analysis.report import game_report
>>> seen = known_card(game_report("commission-free", bets=("player", "banker", "tie")), 6)
>>> seen.rows[8].label, seen.rows[8].best_bet, round(float(seen.edge.positive), 4)
('9', 'player', 0.0873)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import product
from math import lcm

import numpy as np

from exact_odds.analysis.report import GameReport
from exact_odds.cards import RANKS, card_value
from exact_odds.engine.enumerator import outcome_counts
from exact_odds.engine.tally import partition_of
from exact_odds.errors import LimitError, check_type, input_name
from exact_odds.games.settlement import settler
from exact_odds.known import Known, KnownError, parse_positions, parse_ranks, rank_words
from exact_odds.limits import MAX_SEEN
from exact_odds.numbers import fraction_text, percent_text
from exact_odds.render.document import Cell, Column, Document, Json, Line, Table
from exact_odds.render.inputs import input_lines
from exact_odds.render.rendered import Rendered
from exact_odds.render.text import safe

#: How many divisions ``best_sorts`` lists unless asked.
TOP_SORTS = 10


@dataclass(frozen=True)
class Seen:
    """One thing the bettor may see (a rank at a position, a pattern of High and Low): its
    probability, each bet's exact expected value once it is seen (the report's bets, in
    order), and the bet with the highest."""

    label: str
    probability: Fraction
    values: tuple[Fraction, ...]
    bets: tuple[str, ...]

    @property
    def best(self) -> Fraction:
        """The highest expected value (the first bet's where they tie)."""
        return max(self.values)

    @property
    def best_bet(self) -> str:
        return self.bets[self.values.index(self.best)]

    @property
    def favours_bettor(self) -> bool:
        """Whether the best bet has a positive expectation: the bettor bets it."""
        return self.best > 0


@dataclass(frozen=True)
class Edge:
    """The bettor's edge per round dealt, betting the best bet only where it has a positive
    expectation (``positive``: nothing is bet otherwise) and always betting it (``always``),
    and how often the first places a bet (``placed``)."""

    positive: Fraction
    always: Fraction
    placed: Fraction

    @classmethod
    def of(cls, rows: Iterable[Seen]) -> Edge:
        rows = list(rows)
        return cls(sum((r.probability * r.best for r in rows if r.best > 0), Fraction(0)),
                   sum((r.probability * r.best for r in rows), Fraction(0)),
                   sum((r.probability for r in rows if r.best > 0), Fraction(0)))

    def to_dict(self) -> Json:
        """Each convention's edge as an exact fraction and a decimal."""
        return {"betting_only_when_positive": fraction_text(self.positive),
                "betting_only_when_positive_decimal": float(self.positive),
                "always_betting_the_best": fraction_text(self.always),
                "always_betting_the_best_decimal": float(self.always),
                "rounds_bet_when_positive": fraction_text(self.placed)}

    def lines(self) -> tuple[str, ...]:
        return (f"The bettor's edge per round dealt, betting the best bet only where its "
                f"expectation is positive: {percent_text(self.positive, 3)} (exact "
                f"{fraction_text(self.positive)}); a bet on {percent_text(self.placed, 3)} of "
                "rounds.",
                f"Always betting the best bet: {percent_text(self.always, 3)} (exact "
                f"{fraction_text(self.always)}).")


def bet_choices(report: GameReport) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """What the bettor may choose to bet once he has seen, each with the report's bets it
    places: each bet alone, but the bets of the bettor's round (a first bet and the stakes
    his draw adds: ``Game.round_bets``) one choice, their sum per unit of the first bet. A
    stake placed with the draw is never bet alone (nor the first bet without it, whose play
    places it); a report holding only some of the round's bets is refused.

    >>> from exact_odds.analysis.report import game_report
    >>> bet_choices(game_report("lucky-draw", decks=1))
    (('enter + draw', ('enter', 'draw')),)
    """
    ids = [bet.id for bet in report.bets]
    played = report.game.round_bets
    if not any(report.game.bet(bet).adds_stake for bet in ids):
        return tuple((bet, (bet,)) for bet in ids)
    if not played or not set(played) <= set(ids):
        whole = " and ".join(played) if played else "a first bet"
        raise KnownError(f"{input_name('bets')}: a stake placed with the draw is bet with "
                         f"the bet it adds to, as one round ({whole}): give all of them")
    found: list[tuple[str, tuple[str, ...]]] = []
    for bet in ids:
        if bet not in played:
            found.append((bet, (bet,)))
        elif bet == played[0]:
            found.append((" + ".join(played), played))
    return tuple(found)


class _Split:
    """The bets' returns by what the bettor sees: for each tuple ``q`` of groups of ranks
    (``units``) at the positions seen, ``ways[q]`` the agreeing sequences that show it and
    ``returns[b][q]`` bet ``b``'s net over them times ``scale`` (one integer for every bet,
    so that returns compare as integers); numpy arrays of shape (units,) * positions, int64
    where every sum fits, else Python integers."""

    def __init__(self, report: GameReport, positions: tuple[int, ...],
                 units: tuple[frozenset[str], ...], name: str) -> None:
        seen = len(units) ** len(positions)
        if seen > MAX_SEEN:
            raise LimitError(f"{input_name(name)}: {len(positions)} positions of "
                             f"{len(units)} {'ranks' if len(units) == 13 else 'values'} each "
                             f"are {seen:,} things to see, past the limit of {MAX_SEEN:,}: "
                             "give fewer positions")
        self.report, self.positions, self.units = report, positions, units
        shown = Known(report.known.cards, positions, units)  # each position shows its unit
        bets = [report.game.bet(result.id) for result in report.bets]
        along = tuple(bet.columns for bet in bets)
        tables, nets = [], []
        for bet in bets:
            settle = settler(bet, report.settings, report.rules.round)
            table = outcome_counts(report.shoe, bet.columns, report.rules, shown, along)
            size = len(bet.columns)
            tables.append((size, table))
            nets.append({key[:size]: settle(key[:size]).net or Fraction(0) for key in table})
        self.scale = lcm(*(net.denominator for found in nets for net in found.values()))
        ways: dict[tuple[int, ...], int] = {}
        returns: list[dict[tuple[int, ...], int]] = []
        for (size, table), found in zip(tables, nets):
            scaled = {reading: int(net * self.scale) for reading, net in found.items()}
            summed: dict[tuple[int, ...], int] = {}
            for key, count in table.items():
                q = key[size:]
                summed[q] = summed.get(q, 0) + count * scaled[key[:size]]
                if not returns:  # every bet's table counts the same sequences
                    ways[q] = ways.get(q, 0) + count
            returns.append(summed)
        self.total = report.total
        self.choices = bet_choices(report)
        at = {result.id: n for n, result in enumerate(report.bets)}
        returns = [{q: sum(returns[at[bet]].get(q, 0) for bet in members)
                    for q in set().union(*(returns[at[bet]] for bet in members))}
                   for _, members in self.choices]
        # every sum below (of a group's ways or returns, of the best returns) is at most this
        largest = max([self.total] + [sum(map(abs, r.values())) for r in returns]) * max(
            len(returns), 1)
        dtype: type = np.int64 if largest < 2**62 else object
        shape = (len(units),) * len(positions)
        self.ways = _array(ways, shape, dtype)
        #: the ways, then each bet's returns
        self.both = np.stack([self.ways, *(_array(r, shape, dtype) for r in returns)])
        self.returns = self.both[1:]

    def seen(self, label: str, ways: int, returns: Sequence[int]) -> Seen:
        """A thing seen ``ways`` times, each bet returning ``returns`` (scaled)."""
        return Seen(label, Fraction(int(ways), self.total),
                    tuple(Fraction(int(r), self.scale * int(ways)) for r in returns),
                    tuple(name for name, _ in self.choices))

    def grouped(self, member: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """The ways and returns summed by group, ``member[g, u]`` 1 where unit ``u`` is in
        group ``g``: the ways of shape (groups,) * positions, the returns with the bets
        first."""
        member = member.astype(self.ways.dtype)
        both = self.both
        for _ in self.positions:  # each axis in turn, the new one moved last
            both = np.tensordot(both, member, axes=([1], [1]))
        return both[0], both[1:]

    def edge(self, ways: np.ndarray, returns: np.ndarray) -> Edge:
        """The bettor's edge from the ways and the bets' returns (bets first) of each thing
        seen, in integers: the best return of each, then the sums."""
        seen = ways > 0
        best = returns.max(axis=0) if len(returns) else np.zeros_like(ways)
        bet = seen & (best > 0)
        whole = self.scale * self.total
        return Edge(Fraction(int(best[bet].sum()), whole), Fraction(int(best[seen].sum()), whole),
                    Fraction(int(ways[bet].sum()), self.total))


def _array(values: dict[tuple[int, ...], int], shape: tuple[int, ...], dtype: type
           ) -> np.ndarray:
    array: np.ndarray = np.zeros(shape, dtype=dtype)
    for q, value in values.items():
        array[q] = value
    return array


def _report(report: object) -> GameReport:
    check_type(report, GameReport, "report", "a GameReport (game_report)")
    assert isinstance(report, GameReport)
    return report


def _positions(report: GameReport, positions: object, name: str) -> tuple[int, ...]:
    """Positions the bettor sees, checked against the game's round and what is known."""
    found = parse_positions(positions, input_name(name), report.rules.round.most_cards)
    known = {p for p, _ in report.known.cards}
    if known & set(found):
        raise KnownError(f"{input_name(name)}: position {min(known & set(found))} is already "
                         f"known ({input_name('known')})")
    return found


# --- a known card ---------------------------------------------------------------------------

@dataclass(frozen=True)
class KnownCard(Rendered):
    """The value of knowing the cards at some positions: one at a position, rank by rank;
    several, each combination of what the bets tell apart (point values, where they read
    only those), the cards turned in order."""

    report: GameReport
    cards: tuple[int, ...]
    rows: tuple[Seen, ...]
    edge: Edge

    def inputs(self) -> Json:
        """The report's inputs and the positions seen."""
        return {**self.report.inputs(), "positions": list(self.cards)}

    def to_document(self) -> Document:
        return _card_document(self)

    def to_dict(self) -> Json:
        return {**self.inputs(), "bets": [name for name, _ in bet_choices(self.report)],
                "total": self.report.total, "edge": self.edge.to_dict(),
                "seen": [_seen_dict(row) for row in self.rows]}


def known_card(report: GameReport, card: int | str | Sequence[int]) -> KnownCard:
    """The value of seeing the card at position ``card`` before betting (``exact_odds.known``):
    for each rank, its probability and every bet of ``report``'s exact expected value once
    it is seen there, and the bettor's edge per round dealt (``Edge``). Several positions
    (``"1-2"``): each combination of the cards seen there (by point value where every bet
    reads only point values), what a procedure turning them before the bets close gives
    away."""
    report = _report(report)
    positions = _positions(report, str(card) if isinstance(card, int) else card, "card")
    if all(_by_value(report, bet.id) for bet in report.bets):
        # the cards of a class (a point value, split by the ranks known) are alike to every
        # bet: a rank's share of its class's figures is its share of the class's cards
        units = tuple(dict.fromkeys(frozenset(card[0] for card in cards) for cards in
                                    partition_of((), report.rules, Known(report.known.cards))))
    else:
        units = tuple(frozenset(rank) for rank in RANKS)
    split = _Split(report, positions, units, "card")
    if len(positions) > 1:
        rows = tuple(split.seen(", ".join("/".join(rank_words(units[u])) for u in q),
                                split.ways[q], [r[q] for r in split.returns])
                     for q in product(range(len(units)), repeat=len(positions))
                     if split.ways[q])
        return KnownCard(report, positions, rows, Edge.of(rows))
    shoe = report.shoe
    held = {rank: sum(shoe.count(rank + suit) for suit in "SHDC") for rank in RANKS}
    found = []
    for rank in RANKS:
        (u,) = (u for u, ranks in enumerate(units) if rank in ranks)
        cards = sum(held[r] for r in units[u])
        if held[rank] and split.ways[u]:
            found.append(split.seen(rank, _share(split.ways[u], held[rank], cards),
                                    [_share(r[u], held[rank], cards) for r in split.returns]))
    return KnownCard(report, positions, tuple(found), Edge.of(found))


def _share(value: object, part: int, whole: int) -> int:
    """``value`` times ``part / whole``, an exact integer (each card's share is alike)."""
    found, left = divmod(int(value) * part, whole)  # type: ignore[call-overload]
    assert not left, "a class's cards are not alike"
    return int(found)


def _seen_dict(row: Seen) -> Json:
    return {"seen": row.label, "probability": fraction_text(row.probability),
            "expected_values": {bet: fraction_text(v) for bet, v in zip(row.bets, row.values)},
            "best_bet": row.best_bet, "best_expected_value": fraction_text(row.best),
            "bet_it": row.favours_bettor}


def _seen_columns(report: GameReport, first: str) -> tuple[Column, ...]:
    return (Column(first), Column("Probability", "percent", 4),
            *(Column(f"EV {name}", "signed", 5, key="ev_" + "_".join(members))
              for name, members in bet_choices(report)),
            Column("Best bet"), Column("Its EV", "signed", 5, key="best_ev"),
            Column("Bet it", "flag"))


def _seen_row(row: Seen) -> tuple[Cell, ...]:
    return (row.label, row.probability, *row.values, row.best_bet, row.best, row.favours_bettor)


def _header(report: GameReport) -> tuple[Line, ...]:
    known = tuple(f"Known: {line}" for line in report.known.lines(report.rules.round))
    plain = [line for line in input_lines(report.inputs()) if line.label != "Known"]
    return (*plain, *known,
            "Bets, each one's expected value before the cards are seen: " + ", ".join(
                f"{name} " + percent_text(sum((report.bet(bet).expected_value for bet in members),
                                              Fraction(0)), 3, sign=True)
                for name, members in bet_choices(report)))


def _card_document(result: KnownCard) -> Document:
    report = result.report
    if len(result.cards) == 1:
        (card,) = result.cards
        title = f"The card at position {card} ({report.rules.round.positions[card - 1]})"
        first = "Rank"
    else:
        title = f"The cards at positions {_positions_text(result.cards)}, in order"
        first = "Cards"
    table = Table(title, _seen_columns(report, first), tuple(_seen_row(r) for r in result.rows),
                  result.edge.lines(), sheet="Known cards")
    return Document(f"{safe(report.game.name)} ({safe(report.game.id)}): the value of "
                    f"knowing card{'s' if len(result.cards) > 1 else ''} "
                    f"{_positions_text(result.cards)}", _header(report), (table,))


# --- sorted cards ---------------------------------------------------------------------------

@dataclass(frozen=True)
class SortedCards(Rendered):
    """What the bettor gains who sees whether each card at ``cards`` is High (one of
    ``high``) or Low: each pattern's probability, every bet's expected value, the best bet;
    the edge. ``ordered``: the patterns keep the order of a hand's cards (where it changes
    a bet's expectation), else a hand's pattern is its count of High cards."""

    report: GameReport
    high: frozenset[str]
    cards: tuple[int, ...]
    rows: tuple[Seen, ...]
    edge: Edge
    ordered: bool

    def inputs(self) -> Json:
        return {**self.report.inputs(), "high": rank_words(self.high),
                "positions": list(self.cards)}

    def to_document(self) -> Document:
        report = self.report
        low = rank_words(frozenset(RANKS) - self.high)
        table = Table("Patterns of High (H) and Low (L)" + (
            "" if self.ordered else ", within a hand in no order"),
            _seen_columns(report, "Pattern"), tuple(_seen_row(r) for r in self.rows),
            self.edge.lines(), sheet="Sorted cards")
        return Document(
            f"{safe(report.game.name)} ({safe(report.game.id)}): cards "
            f"{_positions_text(self.cards)} sorted",
            (*_header(report), f"High: {', '.join(rank_words(self.high))}; Low: "
             f"{', '.join(low)}"), (table,))

    def to_dict(self) -> Json:
        return {**self.inputs(), "bets": [name for name, _ in bet_choices(self.report)],
                "total": self.report.total, "ordered": self.ordered, "edge": self.edge.to_dict(),
                "patterns": [_seen_dict(row) for row in self.rows]}


def sorted_cards(report: GameReport, sort: str | Iterable[str],
                 cards: str | Sequence[int] = (1,)) -> SortedCards:
    """Edge sorting: the bettor sees, for each card at the positions ``cards`` (``"1-4"``),
    whether it is High (its rank one of ``sort``: ``"6,7,8,9"``) or Low."""
    report = _report(report)
    high_ranks = _high(sort)
    positions = _positions(report, cards, "cards")
    split = _Split(report, positions, (frozenset(RANKS) - high_ranks, high_ranks), "cards")
    rows, ordered = _patterns(split, split.ways, split.returns, report)
    return SortedCards(report, high_ranks, positions, rows, Edge.of(rows), ordered)


def _high(high: object) -> frozenset[str]:
    ranks = parse_ranks(high, input_name("sort"))
    if ranks == frozenset(RANKS):
        raise KnownError(f"{input_name('sort')}: every rank is High: a sort needs some Low")
    return ranks


def _hands(report: GameReport, positions: tuple[int, ...]) -> list[tuple[str, list[int]]]:
    """The positions by the hand they go to (a drawn round's fifth and sixth cards alone),
    each hand's in order: (its name, the indices of its positions in ``positions``)."""
    described = report.rules.round
    owner = {described.position(hand, slot): hand.capitalize()
             for hand in ("player", "banker") for slot in range(described.cards)}
    found: dict[str, list[int]] = {}
    for i, position in enumerate(positions):
        found.setdefault(owner.get(position, f"card {position}"), []).append(i)
    return list(found.items())


def _patterns(split: _Split, ways: np.ndarray, returns: np.ndarray, report: GameReport
              ) -> tuple[tuple[Seen, ...], bool]:
    """Each pattern of Low (0) and High (1) at the positions, as the bettor sees it: within
    a hand in no order where the order changes no bet's expectation (checked exactly),
    else in order."""
    hands = _hands(report, split.positions)
    groups: dict[tuple[int, ...], list[tuple[int, ...]]] = {}
    for q in product((0, 1), repeat=len(split.positions)):
        if ways[q]:
            groups.setdefault(tuple(sum(q[i] for i in at) for _, at in hands), []).append(q)
    same = all(int(r[a]) * int(ways[b]) == int(r[b]) * int(ways[a])
               for members in groups.values() for a in members for b in members for r in returns)

    def label(q: tuple[int, ...], unordered: bool) -> str:
        return ", ".join(f"{name} " + ("H" * q[n] + "L" * (len(at) - q[n]) if unordered else
                                       "".join("HL"[1 - q[i]] for i in at))
                         for n, (name, at) in enumerate(hands))

    if same:
        rows = [split.seen(label(key, True), sum(int(ways[q]) for q in members),
                           [sum(int(r[q]) for q in members) for r in returns])
                for key, members in sorted(groups.items(), key=lambda g: g[0])]
    else:
        rows = [split.seen(label(q, False), int(ways[q]), [int(r[q]) for r in returns])
                for members in groups.values() for q in members]
    return tuple(rows), not same


def _positions_text(positions: Sequence[int]) -> str:
    if len(positions) > 2 and list(positions) == list(range(positions[0], positions[-1] + 1)):
        return f"{positions[0]}-{positions[-1]}"
    return ", ".join(map(str, positions))


# --- the best sorts -------------------------------------------------------------------------

@dataclass(frozen=True)
class Sort:
    """One division of the ranks into High and Low, and the edge it gives."""

    high: frozenset[str]
    edge: Edge


@dataclass(frozen=True)
class BestSorts(Rendered):
    """Every division of the ranks into two groups (of the point values, where every bet
    reads only point values), each with its mirror image, ranked by the bettor's edge
    betting only where the best bet is positive: the best ``top``."""

    report: GameReport
    cards: tuple[int, ...]
    by: str  # "value" or "rank": what the groups divide
    divisions: int  # the divisions weighed (a division and its mirror image once)
    sorts: tuple[Sort, ...]

    def inputs(self) -> Json:
        return {**self.report.inputs(), "positions": list(self.cards), "by": self.by}

    def to_document(self) -> Document:
        report = self.report
        rows = tuple((n, ", ".join(rank_words(s.high)),
                      ", ".join(rank_words(frozenset(RANKS) - s.high)), s.edge.positive,
                      s.edge.placed, s.edge.always) for n, s in enumerate(self.sorts, 1))
        table = Table(f"The best {len(self.sorts)} of {self.divisions:,} divisions by "
                      f"{self.by} (each with its mirror image)", (
                          Column("Rank", "count", key="place"), Column("High"), Column("Low"),
                          Column("Edge betting when positive", "percent", 3,
                                 key="edge_when_positive"),
                          Column("Rounds bet", "percent", 2),
                          Column("Edge always betting", "percent", 3, key="edge_always")),
                      rows, ("Edges per round dealt; High and Low swapped give the same edge.",),
                      sheet="Best sorts")
        return Document(f"{safe(report.game.name)} ({safe(report.game.id)}): the best sorts "
                        f"of cards {_positions_text(self.cards)}", _header(report), (table,))

    def to_dict(self) -> Json:
        return {**self.inputs(), "bets": [name for name, _ in bet_choices(self.report)],
                "divisions": self.divisions,
                "sorts": [{"high": rank_words(s.high),
                           "low": rank_words(frozenset(RANKS) - s.high), "edge": s.edge.to_dict()}
                          for s in self.sorts]}


def best_sorts(report: GameReport, cards: str | Sequence[int] = (1, 2, 3, 4),
               top: int = TOP_SORTS) -> BestSorts:
    """Every division of the ranks into High and Low (of the ten point values where every
    bet of ``report`` reads only point values: 511 divisions, each with its mirror; else of
    the thirteen ranks), the bettor seeing the cards at ``cards`` sorted by it, ranked by
    his edge betting only where the best bet is positive (``Edge.positive``): the best
    ``top``. One table per bet, by the groups at the positions seen; each division's
    figures are its sums."""
    report = _report(report)
    check_type(top, int, "top", "a whole number of divisions")
    if top < 1:
        raise KnownError(f"{input_name('top')}: {top} divisions: give at least 1")
    positions = _positions(report, cards, "cards")
    by = "value" if all(_by_value(report, bet.id) for bet in report.bets) else "rank"
    units = (tuple(frozenset(r for r in RANKS if card_value(r + "S") == v) for v in range(10))
             if by == "value" else tuple(frozenset(rank) for rank in RANKS))
    split = _Split(report, positions, units, "cards")
    found = []
    low = 0 if by == "value" else RANKS.index("T")  # the mirror of a division: Low holds it
    others = [u for u in range(len(units)) if u != low]
    for chosen in product((0, 1), repeat=len(others)):
        if not any(chosen):
            continue
        member = np.zeros((2, len(units)), dtype=np.int64)
        member[0, low] = 1
        for u, high in zip(others, chosen):
            member[high, u] = 1
        high_ranks = frozenset(r for u, h in zip(others, chosen) if h for r in units[u])
        found.append(Sort(high_ranks, split.edge(*split.grouped(member))))
    found.sort(key=lambda s: (-s.edge.positive, -s.edge.always, rank_words(s.high)))
    return BestSorts(report, positions, by, len(found), tuple(found[:max(top, 1)]))


def _by_value(report: GameReport, bet_id: str) -> bool:
    """Whether a bet's table tells cards apart by point value alone."""
    partition = partition_of(report.game.bet(bet_id).columns, report.rules)
    return len(partition) == 10 and all(len({card_value(c) for c in cards}) == 1
                                        for cards in partition)
