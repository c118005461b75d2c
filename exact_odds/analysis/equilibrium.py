"""Two hands that choose (chemin de fer): the exact equilibrium for any shoe.

The Player chooses at his decision cells (a two-card 5) seeing what the rules' option sees,
the Banker at the lower-case cells of his chart seeing what his ``banker_option`` sees (the
setting ``information`` chooses both). A strategy is a table from each side's information
states to the probability of drawing. Every round passes through at most one information
state of each side, so each side's expected result is linear in each of its own
probabilities: ``decision_paths`` enumerates the shoe once per pure profile (each side
always drawing or always standing where he chooses) and keeps, for each pair of (Player
state, choice) and (Banker state, choice), both sides' summed results; the rest is exact
linear algebra over ``Fraction``s.

``solve`` finds every equilibrium: each side's choices whose best answer does not depend on
the other's play are fixed first (iterated, as dominance is). Where one of the Player's
states is left open (he sees his total, or the shoe leaves one of his cards' states in
doubt), every equilibrium is found along its probability: the Banker's best answer changes
only where one of his gains, affine in it, vanishes, so the few points and the ranges
between them where the Player is indifferent are all of them, degenerate shoes included (a
whole range of equilibria is listed by its ends). Where several are open, every assignment
of them to draw, stand or mix is tried: a mixing state makes the other side's mixing states
indifferent (linear equations), and a pure one must be a best answer. Where the Banker is
indifferent at several states, one mixes, the rest keep the casino tableau's choice where
they can. With no commission the game is zero-sum and this is its minimax; with one it is
a Nash equilibrium of the two sides' own results. The result says whether the equilibrium
found is the only one.

What the solver finds is checked, in the tests, independently: against the equilibrium no
pure deviation of either side gains, computed by a brute force over the shoe's cards.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cache, partial
from itertools import combinations, product
from math import lcm

from exact_odds.engine.enumerator import outcome_counts
from exact_odds.errors import ExactOddsError
from exact_odds.games.model import Bet, Game, Settings
from exact_odds.games.settlement import settler
from exact_odds.limits import MAX_OPEN_STATES
from exact_odds.rules import DrawingRules, InfoState
from exact_odds.shoe import Shoe

#: A side of the game: 0 the Player, 1 the Banker.
PLAYER, BANKER = 0, 1


class EquilibriumError(ExactOddsError, ValueError):
    """A game whose two hands do not both choose, or one too open to solve exactly."""


#: A path key: (the Player's state or None where he does not choose, his choice, the
#: Banker's state or None, his choice); a choice True draws (None: no choice).
PathKey = tuple[InfoState | None, bool | None, InfoState | None, bool | None]


@dataclass(frozen=True)
class Paths:
    """Both sides' results summed by path: ``results[key] = (ways, Player's sum of ways
    times net, Banker's)``, over ``total`` ways (ordered six-card sequences)."""

    player_states: tuple[InfoState, ...]
    banker_states: tuple[InfoState, ...]
    results: dict[PathKey, tuple[int, Fraction, Fraction]]
    total: int
    #: the casino tableau's choice at each of the Banker's states (True: draws)
    banker_house_way: Mapping[InfoState, bool] = field(default_factory=dict)

    def value(self, x: Mapping[InfoState, Fraction], y: Mapping[InfoState, Fraction]
              ) -> tuple[Fraction, Fraction]:
        """Each side's expected result per unit when the Player draws at his states with
        probabilities ``x`` and the Banker at his with ``y``."""
        player = banker = Fraction(0)
        for (i, a, j, b), (_, p_sum, b_sum) in self.results.items():
            weight = _weight(x, i, a) * _weight(y, j, b)
            player += weight * p_sum
            banker += weight * b_sum
        return player / self.total, banker / self.total

    def gains(self, side: int, other: Mapping[InfoState, Fraction]
              ) -> dict[InfoState, Linear]:
        """What drawing rather than standing gains ``side`` at each of its states, as a
        linear form in its opponent's probabilities (``other`` fixes some of them)."""
        found: dict[InfoState, Linear] = {}
        for (i, a, j, b), (_, p_sum, b_sum) in self.results.items():
            mine, choice, theirs, their_choice = (i, a, j, b) if side == PLAYER else (j, b, i, a)
            if mine is None:
                continue
            form = found.setdefault(mine, Linear())
            amount = (p_sum if side == PLAYER else b_sum) * (1 if choice else -1)
            if theirs is None:
                form.add(None, amount)
            elif theirs in other:
                form.add(None, amount * _weight(other, theirs, their_choice))
            elif their_choice:
                form.add(theirs, amount)
            else:
                form.add(None, amount)
                form.add(theirs, -amount)
        return found


def _weight(probabilities: Mapping[InfoState, Fraction], state: InfoState | None,
            draws: bool | None) -> Fraction:
    if state is None:
        return Fraction(1)
    p = probabilities[state]
    return p if draws else 1 - p


class Linear:
    """A linear form: a constant and a coefficient per variable (a state's probability)."""

    def __init__(self) -> None:
        self.constant = Fraction(0)
        self.terms: dict[InfoState, Fraction] = {}

    def integral(self) -> tuple[int, int, dict[InfoState, int]]:
        """The form over the common denominator of its parts: (that denominator, the
        constant's numerator, each coefficient's), computed once (the form is complete)."""
        found = self.__dict__.get("_integral")
        if found is None:
            scale = lcm(self.constant.denominator, *(c.denominator for c in self.terms.values()))
            found = self.__dict__["_integral"] = (
                scale, int(self.constant * scale),
                {v: int(c * scale) for v, c in self.terms.items()})
        return found

    def add(self, variable: InfoState | None, amount: Fraction) -> None:
        if variable is None:
            self.constant += amount
        else:
            self.terms[variable] = self.terms.get(variable, Fraction(0)) + amount

    def at(self, values: Mapping[InfoState, Fraction]) -> Fraction:
        return self.constant + sum((c * values[v] for v, c in self.terms.items()), Fraction(0))

    def bounds(self, fixed: Mapping[InfoState, Fraction]) -> tuple[Fraction, Fraction]:
        """Its least and greatest value with the variables not ``fixed`` anywhere in 0-1."""
        low = high = self.constant
        for v, c in self.terms.items():
            if v in fixed:
                low += c * fixed[v]
                high += c * fixed[v]
            elif c > 0:
                high += c
            else:
                low += c
        return low, high


def two_sided(rules: DrawingRules) -> bool:
    """Whether both hands choose: a Player decision held by the hand, and the Banker's."""
    return rules.option is not None and rules.banker_option is not None


def decision_paths(shoe: Shoe, game: Game, settings: Settings = None) -> Paths:
    """Both sides' results by path, from four enumerations of the shoe (each side always
    drawing, or always standing, where he chooses): a path no choice of a side leads to is
    read from one of them alone."""
    rules = game.rules_under(settings)
    if not two_sided(rules):
        raise EquilibriumError(f"game {game.id!r}: the {rules.name} rules do not let both "
                               "hands choose (a Player option and a Banker option)")
    option, banker = rules.option, rules.banker_option
    assert option is not None and banker is not None
    bets = _sides(game)
    values = game.setting_values(settings)
    settlers = [settler(bet, values, rules.round) for bet in bets]
    # each hand read as finely as its decider sees it: his two cards, else their total
    mine = (("player_low_card", "player_high_card") if option.sees_cards
            else ("player_two_card_total",))
    theirs = (("banker_low_card", "banker_high_card") if banker.sees_cards
              else ("banker_two_card_total",))
    seen = (*mine, *theirs, "player_third")
    columns = tuple(dict.fromkeys(seen + bets[0].columns + bets[1].columns))
    reads = [[columns.index(name) for name in bet.columns] for bet in bets]
    # the ways of each (path, both sides' nets), in integers; the sums made once at the end
    ways_of: dict[tuple[PathKey, Fraction | None, Fraction | None], int] = {}
    player_states: set[InfoState] = set()
    banker_states: dict[InfoState, bool] = {}  # each with the house way's choice
    player_seen = cache(lambda cards: option.information((cards[0], cards[1], None)))
    banker_seen = cache(banker.information)

    @cache
    def nets_of(row: tuple[object, ...]) -> tuple[Fraction | None, Fraction | None]:
        """Both sides' nets on a row (each distinct reading settled once)."""
        player_net, banker_net = (s(tuple(row[k] for k in read)).net
                                  for s, read in zip(settlers, reads))
        return player_net, banker_net

    for p_draws, b_draws in product((True, False), repeat=2):
        played = rules.with_strategy("hit" if p_draws else "stand").with_banker_strategy(
            "hit" if b_draws else "stand")
        for row, ways in outcome_counts(shoe, columns, played).items():
            at = len(mine)
            cards = row[:at] if option.sees_cards else (0, row[0])  # a total as (0, total)
            b_cards = (row[at:at + len(theirs)] if banker.sees_cards
                       else (0, row[at]))
            third = row[at + len(theirs)]
            # a natural as the rules have one (none where they have none: a two-card 8 or 9
            # is then a total like any other, and its hand's holder may still choose)
            natural = rules.is_natural(sum(cards) % 10) or rules.is_natural(sum(b_cards) % 10)
            player = (player_seen(tuple(cards)) if not natural
                      and rules.player_chooses(sum(cards) % 10) else None)
            chooser = (banker_seen(tuple(b_cards), third) if not natural
                       and rules.banker_chooses(sum(b_cards) % 10, third) else None)
            if (player is None and not p_draws) or (chooser is None and not b_draws):
                continue  # the same path under the other choice: read once
            key = (player, p_draws if player is not None else None, chooser,
                   b_draws if chooser is not None else None)
            p_net, b_net = nets_of(row)
            found = (key, p_net, b_net)
            ways_of[found] = ways_of.get(found, 0) + ways
            if player is not None:
                player_states.add(player)
            if chooser is not None and chooser not in banker_states:
                banker_states[chooser] = rules.banker_house_way(sum(b_cards) % 10, third)
    results: dict[PathKey, tuple[int, Fraction, Fraction]] = {}
    for (key, p_net, b_net), ways in ways_of.items():
        total, p_sum, b_sum = results.get(key, (0, Fraction(0), Fraction(0)))
        results[key] = (total + ways, p_sum + ways * (p_net or 0), b_sum + ways * (b_net or 0))
    from exact_odds.engine.enumerator import total_sequences

    return Paths(tuple(sorted(player_states, key=_order)), tuple(sorted(banker_states, key=_order)),
                 results, total_sequences(shoe), banker_states)


def _order(state: InfoState) -> tuple[int, ...]:
    return tuple(-1 if v is None else v for v in state)


def _sides(game: Game) -> tuple[Bet, Bet]:
    """The bets of the two sides: the Player's (the bet his choice is played for) and the
    Banker's (``option: {banker: BET}``)."""
    if len(game.optimise) != 1 or game.banker_bet is None:
        raise EquilibriumError(f"game {game.id!r}: an equilibrium needs the bet of each side: "
                               "'option: {optimise: PLAYER_BET, banker: BANKER_BET}'")
    return game.bet(game.optimise[0]), game.bet(game.banker_bet)


@dataclass(frozen=True)
class Profile:
    """A strategy of each side: the probability of drawing at each of its states."""

    player: dict[InfoState, Fraction]
    banker: dict[InfoState, Fraction]


@dataclass(frozen=True)
class Solution:
    """Every equilibrium found, each side's expected result under the first, and whether
    it is the only one (``unique``; ``degenerate`` names states left free)."""

    equilibria: tuple[Profile, ...]
    values: tuple[Fraction, Fraction]  # the Player's and the Banker's, per unit
    unique: bool
    degenerate: tuple[str, ...] = ()
    #: where every probability of a range is an equilibrium: (the Player's state, the least,
    #: the greatest), the Banker playing alike across it (its ends are among ``equilibria``)
    intervals: tuple[tuple[str, Fraction, Fraction], ...] = ()


def solve(paths: Paths) -> Solution:
    """Every equilibrium of the two sides' choices (the module's doc)."""
    x: dict[InfoState, Fraction] = {}
    y: dict[InfoState, Fraction] = {}
    player_gain, banker_gain = paths.gains(PLAYER, {}), paths.gains(BANKER, {})
    degenerate: list[str] = []
    # fix each state whose best choice holds whatever the other side's open states do
    changed = True
    while changed:
        changed = False
        for side, mine, other, gains in ((PLAYER, x, y, player_gain), (BANKER, y, x, banker_gain)):
            for state in paths.player_states if side == PLAYER else paths.banker_states:
                if state in mine:
                    continue
                low, high = gains[state].bounds(other)
                if low > 0 or high < 0:
                    mine[state], changed = Fraction(1 if low > 0 else 0), True
                elif low == high == 0:  # indifferent whatever the other side does
                    mine[state], changed = Fraction(0), True
                    degenerate.append(_name(side, state))
    open_x = [s for s in paths.player_states if s not in x]
    open_y = [s for s in paths.banker_states if s not in y]
    if len(open_x) > MAX_OPEN_STATES:
        raise EquilibriumError(f"{len(open_x)} of the Player's states stay open once the clear "
                               f"choices are fixed; at most {MAX_OPEN_STATES} are solved exactly")
    intervals: list[tuple[str, Fraction, Fraction]] = []
    if len(open_x) == 1:  # every equilibrium along the one probability left open
        found = _along_one_state(player_gain, banker_gain, x, y, open_x[0], open_y, intervals,
                                 paths.banker_house_way)
    else:
        found = list(_supports(player_gain, banker_gain, x, y, open_x, open_y))
    if not found:
        raise EquilibriumError("no equilibrium found among the open states' supports")
    profiles = tuple(profile for profile, _ in found)
    loose = [name for _, names in found for name in names]
    return Solution(profiles, paths.value(profiles[0].player, profiles[0].banker),
                    len(found) == 1 and not degenerate and not loose and not intervals,
                    tuple(dict.fromkeys(degenerate + loose)), tuple(intervals))


def _along_one_state(player_gain: Mapping[InfoState, Linear],
                     banker_gain: Mapping[InfoState, Linear], x: dict[InfoState, Fraction],
                     y: dict[InfoState, Fraction], state: InfoState, open_y: list[InfoState],
                     intervals: list[tuple[str, Fraction, Fraction]],
                     house_way: Mapping[InfoState, bool]) -> list[tuple[Profile, list[str]]]:
    """Every equilibrium where one of the Player's states is left open, its probability
    ``p``: each open Banker state's gain is affine in ``p``, so between consecutive roots of
    those gains his best answer is one pure strategy, and at a root the states whose gain
    vanishes are free. An equilibrium at ``p`` needs the Player's gain over the Banker's
    free choices to reach 0 (``0 < p < 1``), a value at most 0 (``p = 0``) or at least 0
    (``p = 1``); between two roots every ``p`` is one where the gain there is 0 (a range,
    in ``intervals``: its ends are listed). Exact, degenerate games included."""
    lines = {t: (banker_gain[t].at({**x, state: Fraction(0)}),
                 banker_gain[t].at({**x, state: Fraction(1)})) for t in open_y}
    roots = sorted({Fraction(0), Fraction(1)} | {
        a / (a - b) for a, b in lines.values() if a != b and 0 < a / (a - b) < 1})
    gain = player_gain[state]

    def answer(p: Fraction) -> tuple[dict[InfoState, Fraction], list[InfoState]]:
        """The Banker's pure best answers to ``p`` (0 where indifferent) and the states
        where he is indifferent."""
        ys, free = dict(y), []
        for t, (a, b) in lines.items():
            at = a + (b - a) * p
            ys[t] = Fraction(1 if at > 0 else 0)
            if at == 0:
                free.append(t)
        return ys, free

    found: dict[tuple[Fraction, tuple[tuple[InfoState, Fraction], ...]],
                tuple[Profile, list[str]]] = {}

    def keep(p: Fraction, ys: dict[InfoState, Fraction], loose: list[str]) -> None:
        profile = Profile({**x, state: p}, ys)
        found.setdefault((p, tuple((t, ys[t]) for t in sorted(ys, key=_order))), (profile, loose))

    for p in roots:
        ys, free = answer(p)
        slopes = {t: gain.terms.get(t, Fraction(0)) for t in free}
        base = gain.at(ys)
        low = {t: Fraction(1 if c < 0 else 0) for t, c in slopes.items()}
        high = {t: Fraction(1 if c > 0 else 0) for t, c in slopes.items()}
        lowest = gain.at({**ys, **low})
        highest = gain.at({**ys, **high})
        loose = [_name(BANKER, t) for t, c in slopes.items() if c == 0]
        if p == 0 and lowest <= 0:  # stands: the Banker's free choices leaving him no gain
            keep(p, {**ys, **(low if base > 0 else {})}, loose)
        elif p == 1 and highest >= 0:
            keep(p, {**ys, **(high if base < 0 else {})}, loose)
        elif 0 < p < 1 and lowest <= 0 <= highest:
            many = sum(1 for c in slopes.values() if c) > 1
            keep(p, {**ys, **_one_mixing(slopes, house_way, partial(_gain_at, gain, ys))},
                 loose + ([_name(BANKER, t) for t in free] if many else []))
    for low_p, high_p in zip(roots, roots[1:]):
        ys, _ = answer((low_p + high_p) / 2)
        if gain.at(ys) == 0:  # indifferent all along: every p from one root to the next
            intervals.append((_name(PLAYER, state), low_p, high_p))
            keep(low_p, ys, [])
            keep(high_p, ys, [])
    return [found[key] for key in sorted(found, key=lambda key: key[0])]  # by p, the least first


def _name(side: int, state: InfoState) -> str:
    return f"{'Player' if side == PLAYER else 'Banker'} {state}"


def _gain_at(gain: Linear, ys: Mapping[InfoState, Fraction],
             free: Mapping[InfoState, Fraction]) -> Fraction:
    return gain.at({**ys, **free})


def _one_mixing(slopes: Mapping[InfoState, Fraction], house_way: Mapping[InfoState, bool],
                gain: Callable[[Mapping[InfoState, Fraction]], Fraction]
                ) -> dict[InfoState, Fraction]:
    """The Banker's choices at the states where he is indifferent (``slopes``: what his
    drawing there adds to the Player's gain) that leave the Player indifferent too
    (``gain`` 0): from the casino tableau's choices, the states whose change moves the
    Player's gain towards 0 changed in turn, the weightiest first, until one, mixing, brings
    it to 0. One state at most mixes, as few as need differ from the tableau (a mixed
    strategy is played as the pure ones it draws from: one mixed state keeps them few)."""
    chosen = {state: Fraction(int(house_way.get(state, False))) for state in slopes}
    now = gain(chosen)
    for state in sorted(slopes, key=lambda state: (-abs(slopes[state]), _order(state))):
        if now == 0:
            break
        towards = 1 - chosen[state]  # the other choice
        step = slopes[state] * (towards - chosen[state])  # the gain's change if it is made
        if step == 0 or (step > 0) == (now > 0):
            continue  # no change, or one away from 0
        if abs(step) >= abs(now):  # this state mixes, the Player's gain then 0
            chosen[state] += (towards - chosen[state]) * (-now / step)
            break
        chosen[state], now = towards, now + step
    return chosen


def _supports(player_gain: Mapping[InfoState, Linear], banker_gain: Mapping[InfoState, Linear],
              x: dict[InfoState, Fraction], y: dict[InfoState, Fraction],
              open_x: list[InfoState], open_y: list[InfoState]
              ) -> Iterator[tuple[Profile, list[str]]]:
    """The equilibria: each assignment of the Player's open states to draw, stand or mix;
    for ``k`` mixing states, each set of ``k`` Banker states that mix (whose gains can
    vanish): the Player's mixes solved from those Banker states' indifference, the Banker's
    other choices his best answers, his mixes solved from the Player's indifference, every
    choice checked. Yields each equilibrium and the states where a side is indifferent
    without mixing (another equilibrium may lie there)."""
    for choice_x in product((0, 1, None), repeat=len(open_x)):
        fixed = {**x, **{s: Fraction(c) for s, c in zip(open_x, choice_x) if c is not None}}
        mixed = [s for s, c in zip(open_x, choice_x) if c is None]
        can_mix = [s for s in open_y if _straddles(banker_gain[s], fixed)]
        for mixing in combinations(can_mix, len(mixed)):
            solved = _indifferent([banker_gain[s] for s in mixing], mixed, fixed)
            if solved is None or any(not 0 < p < 1 for p in solved.values()):
                continue
            xs = {**fixed, **solved}
            ys, loose = dict(y), []
            for state in open_y:
                if state not in mixing:
                    gain = banker_gain[state].at(xs)
                    ys[state] = Fraction(1 if gain > 0 else 0)
                    if gain == 0:
                        loose.append(_name(BANKER, state))
            answer = _indifferent([player_gain[s] for s in mixed], list(mixing), ys)
            if answer is None or any(not 0 < p < 1 for p in answer.values()):
                continue
            ys.update(answer)
            if not _best(player_gain, xs, ys):
                continue
            loose += [_name(PLAYER, s) for s in open_x
                      if s not in mixed and player_gain[s].at(ys) == 0]
            yield Profile(xs, ys), loose


def _straddles(form: Linear, fixed: Mapping[InfoState, Fraction]) -> bool:
    """Whether the form can be zero with the variables not ``fixed`` anywhere in 0-1."""
    low, high = form.bounds(fixed)
    return low <= 0 <= high


def _indifferent(forms: list[Linear], unknowns: list[InfoState],
                 known: Mapping[InfoState, Fraction]) -> dict[InfoState, Fraction] | None:
    """The unknowns, each strictly between 0 and 1, that make every form zero, the others at
    ``known``; None where there is no such single solution. Each form is first made
    integral (its coefficients over their common denominator), then the system solved by
    fraction-free elimination (Bareiss) and fraction-free back-substitution: every value is
    an integer over the system's determinant, checked before any ``Fraction`` is made."""
    if not forms and not unknowns:
        return {}
    if len(forms) != len(unknowns):
        return None  # generically no solution, or a continuum: not an isolated equilibrium
    rows = []
    for form in forms:
        _, constant, terms = form.integral()
        whole, parts = 0, Fraction(0)  # the known values' part; most are 0 or 1
        for v, c in terms.items():
            if v not in unknowns:
                value = known[v]
                if value.denominator == 1:
                    whole += c * value.numerator
                else:
                    parts += c * value
        scale, rest = (1, whole) if not parts else (
            (parts + whole).denominator, (parts + whole).numerator)
        # the known values' part: an integer over a common denominator, folded into the row
        rows.append([terms.get(u, 0) * scale for u in unknowns] + [-(constant * scale + rest)])
    n = len(unknowns)
    previous = 1
    for col in range(n):  # Bareiss: every entry stays an integer
        pivot = next((r for r in range(col, n) if rows[r][col] != 0), None)
        if pivot is None:
            return None
        rows[col], rows[pivot] = rows[pivot], rows[col]
        for r in range(col + 1, n):
            rows[r] = [(rows[col][col] * rows[r][k] - rows[r][col] * rows[col][k]) // previous
                       for k in range(n + 1)]
        previous = rows[col][col]
    det = previous  # the last pivot: the determinant (up to sign); each value is y / det
    scaled = [0] * n
    for i in range(n - 1, -1, -1):  # det * value, an integer (Cramer), the division exact
        top = rows[i][n] * det - sum(rows[i][k] * scaled[k] for k in range(i + 1, n))
        scaled[i] = top // rows[i][i]
        if not (0 < scaled[i] < det or det < scaled[i] < 0):
            return None  # not strictly between 0 and 1
    return {u: Fraction(y, det) for u, y in zip(unknowns, scaled)}


def _best(gains: Mapping[InfoState, Linear], mine: Mapping[InfoState, Fraction],
          other: Mapping[InfoState, Fraction]) -> bool:
    """Whether every choice in ``mine`` is a best answer to ``other``: draw only where
    drawing gains nothing less, stand only where it gains nothing more."""
    for state, p in mine.items():
        gain = gains[state].at(other)
        if (p > 0 and gain < 0) or (p < 1 and gain > 0):
            return False
    return True


def best_answer(paths: Paths, side: int, other: Mapping[InfoState, Fraction]
                ) -> dict[InfoState, Fraction]:
    """``side``'s best answer to the other side's strategy: draw where drawing gains,
    stand where it loses or gains nothing."""
    gains = paths.gains(side, {})
    return {state: Fraction(1 if gains[state].at(other) > 0 else 0)
            for state in (paths.player_states if side == PLAYER else paths.banker_states)}


def equilibrium(shoe: Shoe, game: Game, settings: Settings = None) -> Solution:
    """The game's equilibrium for the shoe under the settings (remembered per game, its
    sides' pays included, shoe and settings: a report and its strategy ask once)."""
    values = game.setting_values(settings)
    return _equilibrium(shoe, game, tuple(sorted((k, str(v)) for k, v in values.items())))


_SOLVED: dict[tuple[object, ...], Solution] = {}


def _equilibrium(shoe: Shoe, game: Game, settings: tuple[tuple[str, str], ...]) -> Solution:
    # the two sides' bets (their pays: a game's pays edited, Game.with_pay, keep its path
    # and id) and the rules are the game the equilibrium is of
    key = (game.path, game.id, game.rules, _sides(game), shoe, settings)
    found = _SOLVED.get(key)
    if found is None:
        if len(_SOLVED) > 16:
            _SOLVED.clear()
        found = _SOLVED[key] = solve(decision_paths(shoe, game, dict(settings)))
    return found


def equilibrium_rules(shoe: Shoe, game: Game, settings: Settings = None) -> DrawingRules:
    """The game's rules played by both sides' equilibrium strategies for the shoe (mixed
    where the equilibrium mixes: ``DrawingRules.corners``)."""
    rules = game.rules_under(settings)
    profile = equilibrium(shoe, game, settings).equilibria[0]
    option = rules.option
    assert option is not None
    player: dict[InfoState, bool | Fraction] = {}
    for low in range(10):
        for high in range(low, 10):
            info = option.information((low, high, None))
            if (low + high) % 10 in option.totals and info in profile.player:
                player[(low, high, None)] = _choice(profile.player[info])
    banker = {state: _choice(p) for state, p in profile.banker.items()}
    return rules.with_strategy(player, "equilibrium").with_banker_strategy(banker)


def _choice(p: Fraction) -> bool | Fraction:
    return p if 0 < p < 1 else p == 1
