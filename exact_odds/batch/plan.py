"""How a batch evaluator evaluates its bets: which are compiled (grouped by the card classes
they need, sharing one set of monomials per group), how the bettor's option is chosen shoe
by shoe, and which bets fall back to the reference enumerator."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from fractions import Fraction
from math import lcm
from operator import itemgetter
from typing import TYPE_CHECKING, Any

import numpy as np

from exact_odds.batch.folding import (
    CompiledBet,
    NetPays,
    _limb_base,
    concatenate_exact,
    evaluate_bets,
    fold_bet,
    narrow,
)
from exact_odds.batch.monomials import MonomialBasis, class_counts, partition_matrix
from exact_odds.batch.result import BatchResult
from exact_odds.batch.sums import TopSums
from exact_odds.engine.compiled import compiled_counts, monomial_count
from exact_odds.engine.enumerator import Rules
from exact_odds.engine.plan import INT64_CARDS, INT64_MAX, falling, plan
from exact_odds.engine.tally import CompiledCounts, partition_of
from exact_odds.games.settlement import settler
from exact_odds.shoe import CARDS_PER_ROUND
from exact_odds.vocabulary import column

if TYPE_CHECKING:
    from exact_odds.games.model import Bet, Game

#: The columns that show a visible state of the bettor's option (the player's two cards,
#: the dealer's up card).
from exact_odds.limits import MAX_MONOMIALS
from exact_odds.rules import CARDS_SEEN, InfoState


@dataclass
class _Group:
    """Compiled bets sharing one card partition and one monomial basis."""

    basis: MonomialBasis
    to_classes: np.ndarray  # (52, classes)
    bets: list[CompiledBet]
    # the bettor's option, where the strategy is optimal: per visible state, the
    # monomials it touches and each bet's change when the option is taken (hit)
    option_states: dict[InfoState, tuple[np.ndarray, np.ndarray]] = field(
        default_factory=dict)
    option_bets: list[str] = field(default_factory=list)  # column order of the changes
    largest_size: int = 0  # the largest shoe of the batch being evaluated
    house_way_hits: bool = True  # an exact tie between the choices goes to the house way
    # the bets' coefficients pushed to the top degree (``sums``), by the bets they hold
    folded: dict[tuple[str, ...], TopSums | None] = field(default_factory=dict)

    def top_sums(self, largest_size: int) -> TopSums | None:
        """The fast exact sums of this group's bets for shoes of at most
        ``largest_size`` cards, where every bet's sum is within int64 (``TopSums.fits``);
        None for the bettor's option, played shoe by shoe on the general path."""
        if self.option_states:
            return None
        bound = falling(largest_size, CARDS_PER_ROUND)
        ids = tuple(b.id for b in self.bets if b.max_net * bound <= INT64_MAX)
        if len(ids) != len(self.bets) or largest_size > INT64_CARDS:
            return None
        if ids not in self.folded:
            self.folded[ids] = TopSums.of(self.basis, self.bets)
        found = self.folded[ids]
        return found if found is not None and found.fits(largest_size) else None




@dataclass(frozen=True)
class Request:
    """What a plan is built for: a game's bets, the option's strategy, the settings as
    given and their values."""

    game: Game
    bet_ids: tuple[str, ...]
    strategy: str | None
    settings: dict[str, str]
    values: dict[str, object]
    rules: Rules | None = None  # the rules every shoe is played by, where fixed in advance


@dataclass
class _Plan:
    request: Request
    groups: list[_Group]
    fallback: list[str]
    objective: tuple[str, ...] = ()  # with the optimal play: the bets the option maximises
    #: fixed rules of a mixed strategy: a plan for each pure strategy it draws from, and its
    #: weight in ``rules.denominator`` ways
    corners: list[tuple[_Plan, int]] = field(default_factory=list)

    @classmethod
    def build(cls, request: Request) -> _Plan:
        from exact_odds.analysis.job import game_rules
        from exact_odds.analysis.strategy import optimised_bets
        from exact_odds.shoe import Shoe

        game = request.game
        if request.rules is not None and request.rules.mixed:
            return cls(request, [], [], corners=[
                (cls.build(replace(request, rules=pure)), weight)
                for pure, weight in request.rules.corners()])
        optimal = request.rules is None and _is_optimal(request)
        bets = [game.bet(b) for b in request.bet_ids]
        if request.rules is None and (request.strategy or game.strategy) == "equilibrium":
            # both hands' equilibrium is solved shoe by shoe: the reference report of each
            return cls(request, [], list(request.bet_ids))
        if optimal:  # the rules under the settings: what each decider sees
            hit, stand = _option_rules(game.rules_under(request.values))
            objective = optimised_bets(game)
            wanted = dict.fromkeys([*bets, *objective], None)
            extra: tuple[str, ...] = CARDS_SEEN
        else:
            rules = request.rules or game_rules(game, Shoe.from_decks(game.decks),
                                                request.strategy, request.values)
            wanted = dict.fromkeys(bets, None)
            extra = ()
        # bets that read the same card classes and the same part of the round share one
        # compiled table (their columns' union) and one set of monomials
        shared: dict[tuple[Any, bool, Any], list[tuple[Bet, tuple[str, ...]]]] = {}
        fallback = []
        for bet in wanted:
            drawn = plan(bet.columns)[3] is not None  # the round is played out
            columns = tuple(sorted(set(bet.columns) | set(extra if drawn else ())))
            if monomial_count(columns, game.rules) > MAX_MONOMIALS:
                if bet.id in request.bet_ids:
                    fallback.append(bet.id)
                continue
            hands = frozenset(h for name in columns for h in column(name).hands)
            key = (partition_of(columns, game.rules), drawn, None if drawn else hands)
            shared.setdefault(key, []).append((bet, columns))
        groups = []
        values = request.values
        for (partition, drawn, _), members in shared.items():
            union = tuple(sorted({name for _, columns in members for name in columns}))
            sets = [union] if monomial_count(union, game.rules) <= MAX_MONOMIALS else \
                sorted({columns for _, columns in members})
            for columns in sets:
                bets_here = [bet for bet, own in members if set(own) <= set(columns)]
                if optimal and drawn:
                    groups.append(_option_group(partition, bets_here, columns, hit, stand, values,
                                                game.rules_under(values)))
                else:
                    table = compiled_counts(columns, hit if optimal else rules)
                    basis = MonomialBasis.covering(partition, table.monomials)
                    compiled = [fold_bet(bet.id, table, _net_pay(bet, table, values, game.rules), basis)
                                for bet in bets_here]
                    groups.append(_Group(basis, partition_matrix(partition), compiled))
                members = [(b, c) for b, c in members if b not in bets_here]
        return cls(request, groups, fallback,
                   tuple(bet.id for bet in objective) if optimal else ())

    def evaluate(self, rows: np.ndarray) -> BatchResult:
        if self.corners:
            return _mixed(self.request.bet_ids, [(plan.evaluate(rows), weight)
                                                 for plan, weight in self.corners])
        sizes = rows.sum(axis=1).astype(np.int64)
        largest = int(sizes.max(initial=0))
        total = _falling_column(sizes)
        numerators: dict[str, np.ndarray] = {}
        denominators: dict[str, np.ndarray] = {}
        general = []
        decisions: dict[InfoState, np.ndarray] = {}
        for group in self.groups:
            fast = group.top_sums(largest)
            if fast is None:
                general.append(group)
                continue
            found = fast.evaluate(class_counts(rows, group.to_classes), sizes)
            for i, bet_id in enumerate(fast.bet_ids):
                if bet_id in self.request.bet_ids:
                    numerators[bet_id] = found[:, i]
        if general:
            # a few shoes at a time, so that their monomials stay in the processor's cache
            step = max(8, _CACHE_BYTES // (8 * max(len(g.basis.monomials) for g in general)))
            parts = [self._compiled(general, rows[start:start + step],
                                    sizes[start:start + step])
                     for start in range(0, len(rows), step)]
            for bet_id in parts[0][0]:
                numerators[bet_id] = concatenate_exact([part[0][bet_id] for part in parts])
            if parts[0][1]:  # the optimal play's choices, shoe by shoe
                decisions = {state: np.concatenate([part[1][state] for part in parts])
                             for state in parts[0][1]}
        for bet_id in list(numerators):
            denominator = next(b.denominator for g in self.groups for b in g.bets
                               if b.id == bet_id)
            denominators[bet_id] = _times(total, denominator)
        for bet_id in self.fallback:
            numerators[bet_id], denominators[bet_id] = _reference(self.request, bet_id, rows)
        ids = self.request.bet_ids
        return BatchResult(ids, {b: numerators[b] for b in ids}, {b: denominators[b] for b in ids},
                           decisions or None)

    def _compiled(self, groups: list[_Group], rows: np.ndarray, sizes: np.ndarray
                  ) -> tuple[dict[str, np.ndarray], dict[InfoState, np.ndarray]]:
        """The numerators of the compiled bets of ``groups`` for a few shoes, and the
        optimal play's choice in each information state, shoe by shoe (none without it)."""
        evaluated = []
        gains: dict[Any, np.ndarray] = {}  # per information state: what drawing gains
        for group in groups:
            group.largest_size = int(sizes.max(initial=0))
            counts = class_counts(rows, group.to_classes)
            values = group.basis.values(counts, sizes)
            found = evaluate_bets(group.basis, group.bets, counts, sizes, values)
            if group.option_states:
                values = group.basis.padded(values, sizes)
                for state, gain in _gains(group, values, self.objective).items():
                    gains[state] = gains[state] + gain if state in gains else gain
            evaluated.append((group, values, found))
        decisions = _decisions(gains, self.groups)
        numerators: dict[str, np.ndarray] = {}
        for group, values, found in evaluated:
            if group.option_states:
                found = _apply_option(group, values, found, decisions)
            for bet in group.bets:
                if bet.id in self.request.bet_ids:
                    numerators[bet.id] = found[bet.id]
        return numerators, decisions


def _mixed(bet_ids: tuple[str, ...], results: list[tuple[BatchResult, int]]) -> BatchResult:
    """A mixed strategy's values: each pure strategy's, weighted (in Python integers: a
    batch so played is a simulation's few hundred shoes a round)."""
    total = sum(weight for _, weight in results)
    numerators, denominators = {}, {}
    for bet_id in bet_ids:
        values = [sum((weight * Fraction(int(n), int(d)) for result, weight in results
                       for n, d in [(result.numerators[bet_id][i], result.denominators[bet_id][i])]),
                      Fraction(0)) / total
                  for i in range(len(results[0][0].denominators[bet_id]))]
        numerators[bet_id] = narrow(np.array([v.numerator for v in values], dtype=object))
        denominators[bet_id] = narrow(np.array([v.denominator for v in values], dtype=object))
    return BatchResult(bet_ids, numerators, denominators)


#: The working set of a step of shoes: about a processor's second-level cache.
_CACHE_BYTES = 2_000_000


def _is_optimal(request: Request) -> bool:
    game = request.game
    return (request.strategy or game.strategy) == "optimal" and game.rules.option is not None


def _option_rules(rules: Rules) -> tuple[Rules, Rules]:
    """The rules with the option always taken (hit) and never (stand)."""
    return rules.with_strategy("hit"), rules.with_strategy("stand")




def _net_pay(bet: Bet, table: CompiledCounts, settings: dict[str, object], rules: Rules
             ) -> NetPays:
    """The bet's net pay for each outcome of the table (``Bet.settle`` on the bet's own
    columns, each distinct reading once); a late bet not offered has no action: 0."""
    read = [table.columns.index(name) for name in bet.columns]
    settle = settler(bet, settings, rules.round)
    # itemgetter of two or more indices gives the reading's tuple at C speed
    pick = (itemgetter(*read) if len(read) > 1
            else lambda key: tuple(key[i] for i in read))
    readings: dict[tuple[Any, ...], int] = {}
    outcomes = [readings.setdefault(pick(key), len(readings)) for key in table.outcomes]
    nets = [settle(reading).net for reading in readings]
    return NetPays.of([Fraction(0) if net is None else net for net in nets], outcomes)


def _option_group(partition: tuple[tuple[str, ...], ...], bets: list[Bet],
                  columns: tuple[str, ...], hit: Rules, stand: Rules,
                  values: dict[str, object], rules: Rules) -> _Group:
    """Bets under the optimal play: the stand line as the base, and per visible state on
    which the bettor may choose, the change each bet sees when the option is taken."""
    t_hit, t_stand = compiled_counts(columns, hit), compiled_counts(columns, stand)
    basis = MonomialBasis.covering(partition, t_hit.monomials + t_stand.monomials)
    nets = {(bet.id, t): _net_pay(bet, t, values, rules) for bet in bets for t in (t_hit, t_stand)}
    # every net over one denominator (a 3 to 2 pay on one bet, or in one table only): each
    # state's change adds across tables, and across the bets the play is for (``_gains``)
    common = lcm(*(net.denominator for net in nets.values()))
    nets = {key: net.over(common) for key, net in nets.items()}
    compiled = [fold_bet(bet.id, t_stand, nets[bet.id, t_stand], basis) for bet in bets]
    # the terms of each table, by the visible state of their outcome
    by_state: dict[CompiledCounts, dict[InfoState, np.ndarray]] = {}
    for t in (t_hit, t_stand):
        pick = itemgetter(*(t.columns.index(name) for name in CARDS_SEEN))
        seen = {cards: _visible(cards, rules) for cards in set(map(pick, t.outcomes))}
        states = [seen[cards] for cards in map(pick, t.outcomes)]  # a few hundred distinct
        key_index = t.key_index
        found: dict[InfoState, list[int]] = {}
        for term, k in enumerate(key_index.tolist()):
            state = states[k]
            if state is not None:
                found.setdefault(state, []).append(term)
        by_state[t] = {s: np.array(v, dtype=np.intp) for s, v in found.items()}
    option_states = {}
    for state in sorted(by_state[t_hit]):
        changes = []
        for bet, base in zip(bets, compiled):
            parts = []
            for t in (t_hit, t_stand):
                terms = by_state[t].get(state, np.zeros(0, dtype=np.intp))
                part = fold_bet(bet.id, t, nets[bet.id, t], basis, terms)
                parts.append(part.coefficients * (base.denominator // part.denominator))
            changes.append(parts[0] - parts[1])
        stacked = np.stack(changes, axis=1)
        touched = np.flatnonzero(np.any(stacked != 0, axis=1))
        option_states[state] = (touched, stacked[touched].astype(object))
    assert rules.option is not None  # a group under the optimal play is of a game with one
    return _Group(basis, partition_matrix(partition), compiled, option_states,
                  [bet.id for bet in bets], house_way_hits=rules.option.house_way)


def _visible(cards: tuple[int, int, int], rules: Rules) -> InfoState | None:
    """What the decider knows (his information state) when the Player's two cards give
    the option, else None, from the ``CARDS_SEEN`` columns' values."""
    low, high, up = cards
    option = rules.option
    if option is None or (low + high) % 10 not in option.totals:
        return None
    return option.information((low, high, up))


def _gains(group: _Group, values: np.ndarray, objective: tuple[str, ...]
           ) -> dict[InfoState, np.ndarray]:
    """Shoe by shoe, in each information state of the option, what drawing gains over
    standing for the group's bets played for (their changes added)."""
    columns = [group.option_bets.index(bet) for bet in objective if bet in group.option_bets]
    if not columns:
        return {}
    return {state: _product(group, values, touched, change)[:, columns].sum(axis=1)
            for state, (touched, change) in group.option_states.items()}


def _decisions(gains: dict[InfoState, np.ndarray], groups: list[_Group]
               ) -> dict[InfoState, np.ndarray]:
    """Shoe by shoe, in each information state, whether the option is taken (drawn): the
    one decision of ``analysis.strategy.takes_option`` on what drawing gains."""
    from exact_odds.analysis.strategy import takes_option

    house = next((g.house_way_hits for g in groups if g.option_states), True)
    return {state: takes_option(gain, house) for state, gain in gains.items()}


def _product(group: _Group, values: np.ndarray, touched: np.ndarray, change: np.ndarray
             ) -> np.ndarray:
    """The monomials a state touches times the state's changes: int64 where no sum can
    reach 2**63 (each change is at most twice a bet's largest pay times the total count)."""
    part = np.take(values, touched, axis=1)
    if values.dtype != object:
        size = int(group.largest_size)
        base = _limb_base(size)
        if base is not None and 2 * max(b.max_net for b in group.bets) < base:
            fast: np.ndarray = part @ change.astype(np.int64)
            return fast
    exact: np.ndarray = part.astype(object) @ change
    return exact


def _apply_option(group: _Group, values: np.ndarray, found: dict[str, np.ndarray],
                  decisions: dict[InfoState, np.ndarray]) -> dict[str, np.ndarray]:
    """Add each state's change to every bet, in the shoes where the option is taken."""
    from exact_odds.analysis.strategy import takes_option

    totals = {b: found[b].astype(object) for b in group.option_bets}
    for state, (touched, change) in group.option_states.items():
        takes = decisions.get(state)
        if takes is None:  # the objective never moves here: no gain, the house way
            takes = takes_option(np.zeros(len(values), dtype=np.int64), group.house_way_hits)
        part = _product(group, values, touched, change)
        for i, bet_id in enumerate(group.option_bets):
            totals[bet_id] = totals[bet_id] + np.where(takes, part[:, i], 0)
    return {b: narrow(v) for b, v in totals.items()}


def _falling_column(sizes: np.ndarray) -> np.ndarray:
    """``falling(N, 6)`` per shoe: int64 where the largest shoe's fits, else Python
    integers."""
    if falling(int(sizes.max(initial=0)), CARDS_PER_ROUND) <= INT64_MAX:
        total = np.ones(len(sizes), dtype=np.int64)
        for i in range(CARDS_PER_ROUND):
            total *= sizes.astype(np.int64) - i
        return total
    return np.array([falling(int(n), CARDS_PER_ROUND) for n in sizes], dtype=object)


def _times(total: np.ndarray, factor: int) -> np.ndarray:
    """``total * factor``: int64 where the largest product fits, else Python integers."""
    if total.dtype != object and int(total.max(initial=0)) * factor <= INT64_MAX:
        return total * factor
    return narrow(total.astype(object) * factor)


def _reference(request: Request, bet_id: str, rows: np.ndarray
               ) -> tuple[np.ndarray, np.ndarray]:
    """A bet too fine to compile: the reference report, shoe by shoe."""
    from exact_odds.analysis.report import game_report
    from exact_odds.shoe import Shoe

    numerators, denominators = [], []
    for row in rows:
        report = game_report(request.game, shoe=Shoe(tuple(int(c) for c in row)),
                             bets=(bet_id,), strategy=request.strategy,
                             settings=request.settings)
        ev = report.bet(bet_id).expected_value
        numerators.append(ev.numerator)
        denominators.append(ev.denominator)
    return (narrow(np.array(numerators, dtype=object)),
            narrow(np.array(denominators, dtype=object)))
