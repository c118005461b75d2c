"""Symbolic pays: a bet's expected value as an exact linear expression in its pays.

Make any winning event's pay a symbol and the expected value becomes
``sum(probability * pay)``, exact in sympy Rationals. From it: the pay that gives a target
house edge, the break-even pay, the edge over a range of pays, and the practical pays
("N to 1", "N to M") nearest to an exact solution.

sympy is imported here only, so the command line starts fast when it is not needed.

>>> from exact_odds.analysis.report import game_report
>>> bet = symbolic_bet(game_report("electronic-baccarat", bets=("super-six",)).bet("super-six"),
...                    ["Banker wins with 6"])
>>> bet.break_even()
3694660914881/210337737856
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from fractions import Fraction

import sympy

from exact_odds.analysis.bet_result import BetResult, EventResult
from exact_odds.analysis.report import GameReport
from exact_odds.errors import ExactOddsError, quoted
from exact_odds.limits import MAX_NUMBER_CHARS, MAX_TARGET_EDGE, MIN_TARGET_EDGE
from exact_odds.names import find_name, slug
from exact_odds.numbers import decimal_text, fraction_text, percent_text
from exact_odds.render.document import TABULAR, Cell, Column, Document, Field, Json, Table, Text, version
from exact_odds.render.inputs import input_lines
from exact_odds.render.rendered import Rendered
from exact_odds.render.text import safe


class SolveError(ExactOddsError, ValueError):
    """A pay that cannot be solved for: unknown event, a push, an unreachable edge."""


def find_event(bet: BetResult, name: str) -> EventResult:
    """The event of ``bet`` called ``name`` (its name in any case, or as a slug)."""
    from exact_odds.analysis.bet_result import BetResult
    from exact_odds.errors import check_type

    check_type(bet, BetResult, "bet", "a BetResult (game_report(...).bet(id))")
    check_type(name, str, "name", "an event's name")
    index = find_name([e.event for e in bet.events], name)
    if index is not None:
        return bet.events[index]
    names = "; ".join(quoted(e.event, 60) for e in bet.events)
    raise SolveError(f"bet {quoted(bet.id, 60)} has no event {quoted(name)}; its events are: {names}")


def pay_symbol(event: EventResult) -> sympy.Symbol:
    """The symbol standing for an event's pay (to 1): ``pay_win_by_9_points``."""
    return sympy.Symbol("pay_" + slug(event.event).replace("-", "_"), positive=True)


@dataclass(frozen=True)
class SymbolicBet:
    """A bet whose chosen pays are symbols."""

    bet: BetResult
    symbols: dict[str, sympy.Symbol]  # event name -> symbol

    @property
    def expected_value(self) -> sympy.Expr:
        """The exact expected value: linear in the symbols, rational coefficients."""
        terms = []
        for event in self.bet.events:
            pay = self.symbols.get(event.event)
            net = pay if pay is not None else sympy.Rational(event.net.numerator, event.net.denominator)
            terms.append(_rational(event.probability) * net)
        return sympy.expand(sympy.Add(*terms))

    @property
    def house_edge(self) -> sympy.Expr:
        return -self.expected_value

    def _only_symbol(self, event: str | None) -> tuple[sympy.Symbol, EventResult]:
        if event is None:
            if len(self.symbols) != 1:
                raise SolveError("name the event whose pay to solve for")
            event = next(iter(self.symbols))
        found = find_event(self.bet, event)
        if found.event not in self.symbols:
            raise SolveError(f"the pay of {quoted(found.event)} is not a symbol here")
        return self.symbols[found.event], found

    def pay_for_edge(self, edge: Fraction | str, event: str | None = None,
                     values: dict[str, Fraction] | None = None) -> sympy.Rational:
        """The exact pay (to 1) of ``event`` that gives the bet the house edge ``edge``.

        Other symbols take ``values``. Raises ``SolveError`` where no positive pay reaches it.
        """
        target = _rational(parse_edge(edge) if isinstance(edge, str) else Fraction(edge))
        symbol, found = self._only_symbol(event)
        expression = self.house_edge.subs(
            {self.symbols[find_event(self.bet, k).event]: _rational(v) for k, v in (values or {}).items()})
        if expression.free_symbols - {symbol}:
            raise SolveError("give values for the other symbols")
        if found.probability == 0:
            raise SolveError(f"{quoted(found.event)} never happens with this shoe: no pay changes the edge")
        solution = sympy.solve(sympy.Eq(expression, target), symbol)
        pay = solution[0] if solution else None
        if pay is None or pay <= 0:
            ceiling = expression.subs(symbol, 0)
            raise SolveError(
                f"no pay of {quoted(found.event)} gives a house edge of {_percent(target)}: "
                f"the edge is below {_percent(ceiling)} whatever it pays (the edge falls as the pay rises)"
            )
        return sympy.Rational(pay)

    def break_even(self, event: str | None = None, values: dict[str, Fraction] | None = None
                   ) -> sympy.Rational:
        """The pay at which the bet has no house edge."""
        return self.pay_for_edge(Fraction(0), event, values)

    def edge_at(self, pays: dict[str, Fraction]) -> Fraction:
        """The exact house edge for given values of the symbols."""
        value = self.house_edge.subs(
            {self.symbols[find_event(self.bet, k).event]: _rational(v) for k, v in pays.items()})
        return Fraction(int(sympy.fraction(value)[0]), int(sympy.fraction(value)[1]))

    def edge_curve(self, event: str, pays: Iterable[Fraction | int | str]
                   ) -> list[tuple[Fraction, Fraction]]:
        """(pay, exact house edge) for each pay in ``pays``, other symbols absent."""
        symbol, found = self._only_symbol(event)
        return [(Fraction(p), self.edge_at({found.event: Fraction(p)})) for p in pays]


def symbolic_bet(bet: BetResult, events: str | Iterable[str]) -> SymbolicBet:
    """Make the pays of ``events`` (names) symbols. A push or a loss has no pay to vary."""
    from exact_odds.analysis.bet_result import BetResult
    from exact_odds.errors import check_texts, check_type

    check_type(bet, BetResult, "bet", "a bet's result (report.bet('super-six'))")
    events = check_texts(events, "events", "an event's name or a list of names",
                         "events' names as text")
    symbols: dict[str, sympy.Symbol] = {}
    for name in events:
        event = find_event(bet, name)
        if event.net <= 0:
            raise SolveError(
                f"{quoted(event.event)} is a {event.kind}, not a win: only a winning event's pay "
                "can be a symbol")
        symbol = pay_symbol(event)
        if symbol in symbols.values():  # two names with one slug ("6+7", "6 7"): keep apart
            symbol = sympy.Symbol(f"{symbol.name}_{len(symbols) + 1}", positive=True)
        symbols[event.event] = symbol
    return SymbolicBet(bet, symbols)


def _rational(value: Fraction | int | str | sympy.Expr) -> sympy.Rational:
    exact = Fraction(str(value)) if isinstance(value, sympy.Expr) else Fraction(value)
    return sympy.Rational(exact.numerator, exact.denominator)


def _percent(value: Fraction | sympy.Expr) -> str:
    from exact_odds.numbers import percent_text

    return percent_text(_fraction(value))


def _fraction(value: Fraction | sympy.Expr) -> Fraction:
    return value if isinstance(value, Fraction) else Fraction(str(value))


#: The target house edges ``solve`` accepts (``exact_odds.limits``), both bounds excluded.
EDGE_RANGE = (Fraction(MIN_TARGET_EDGE), Fraction(MAX_TARGET_EDGE))


def parse_edge(text: str | Fraction | int, what: str | None = None) -> Fraction:
    """A house edge as written: ``"5%"``, ``"0.05"``, ``"1/20"``, ``"-2.5%"``, ``"1e-5"``;
    refused in one line beyond ``EDGE_RANGE`` or the limits of ``exact_odds.numbers``
    (``what``: the option or argument, named in the error).

    >>> parse_edge("5%"), parse_edge("1/20"), parse_edge("-2.5%")
    (Fraction(1, 20), Fraction(1, 20), Fraction(-1, 40))
    """
    from exact_odds.errors import LimitError, input_name, quoted
    from exact_odds.numbers import parse_exact

    what = what or input_name("edge")
    try:
        value = parse_exact(text, what, percent=True)
    except LimitError as error:
        reason = str(error)
        if reason.endswith("is not a number"):
            reason = reason.replace("is not a number", "is not a house edge: write 5%, 0.05 or 1/20")
        raise SolveError(reason) from None
    low, high = EDGE_RANGE
    if not low < value < high:
        raise SolveError(f"{what}: {quoted(text, 40)} is not a house edge: a target lies "
                         f"above {MIN_TARGET_EDGE * 100}% and below {MAX_TARGET_EDGE * 100}%")
    return value


# --- practical pays ------------------------------------------------------------------------

#: Denominators of the pays a table can print: "N to 1", "N to 2", ... "N to 10".
PRACTICAL_DENOMINATORS = (1, 2, 3, 4, 5, 10)


@dataclass(frozen=True)
class PracticalPay:
    pay: Fraction
    house_edge: Fraction

    @property
    def text(self) -> str:
        return f"{self.pay.numerator} to {self.pay.denominator}"


@dataclass(frozen=True)
class PaySolution(Rendered):
    """The exact pay for a target edge and the practical pays around it; ``report`` (when
    given) is the report the bet came from, whose inputs the solution records."""

    bet_id: str
    event: str
    target_edge: Fraction
    exact_pay: Fraction
    break_even: Fraction
    to_one_below: PracticalPay | None
    to_one_above: PracticalPay
    nearest_below: PracticalPay | None
    nearest_above: PracticalPay
    report: GameReport | None = field(default=None, compare=False, repr=False)
    #: what the house edge is of: the bet, or the bets the play is chosen for together
    of: str = ""

    def inputs(self) -> Json:
        """The report's inputs, the bet, the event and the target edge."""
        return _inputs(self)

    def to_document(self) -> Document:
        return _document(self)

    def to_dict(self) -> Json:
        """The exact, break-even and practical pays, exact fractions as strings."""
        return _dict(self)


def solve_pay(bet: BetResult, event: str, edge: Fraction | str, *,
              report: GameReport | None = None) -> PaySolution:
    """The exact pay of ``event`` for house edge ``edge``, with the practical pays next to it;
    ``report``, the report ``bet`` is from, gives the solution its inputs (game, shoe, ...).

    A higher pay means a lower house edge: the pay "above" has the lower edge.
    """
    from exact_odds.errors import check_type

    check_type(event, str, "event", "the event's name")
    model = symbolic_bet(bet, [event])
    found = find_event(bet, event)
    target = parse_edge(edge)
    if report is not None and report.strategy in ("optimal", "equilibrium"):
        # the play is chosen to suit the pays: each pay tried is played its own best way
        replay = _Replayed(report, bet.id, found.event)
        exact, breakeven = replay.pay_for_edge(target), replay.pay_for_edge(Fraction(0))
        at, of = replay.at, replay.of
    else:
        of = bet.id
        exact = Fraction(str(model.pay_for_edge(target, found.event)))
        breakeven = Fraction(str(model.break_even(found.event)))

        def at(pay: Fraction) -> PracticalPay:
            return PracticalPay(pay, model.edge_at({found.event: pay}))
    import math

    def below_above(denominators: tuple[int, ...]) -> tuple[PracticalPay | None, PracticalPay]:
        below = max((Fraction(math.floor(exact * d), d) for d in denominators
                     if math.floor(exact * d) > 0 and Fraction(math.floor(exact * d), d) <= exact),
                    default=None)
        above = min(Fraction(math.ceil(exact * d), d) for d in denominators)
        return (at(below) if below else None), at(above)

    one_below, one_above = below_above((1,))
    near_below, near_above = below_above(PRACTICAL_DENOMINATORS)
    return PaySolution(bet.id, found.event, target, exact, breakeven, one_below, one_above,
                       near_below, near_above, report, of)


#: The most reports a pay solved under a play chosen to suit the pays may take.
_MOST_REPLAYS = 12


class _Replayed:
    """A pay solved where the play is chosen to suit the pays (``--strategy optimal`` or
    ``equilibrium``): every pay tried is reported afresh, played its own best way. The edge
    solved for is what the play is chosen for: the bet's own, or, where the bet is played
    for together with others (Lucky Draw's Draw bet with the Enter bet), the bettor's round
    per unit of the first bet. Each play's expected value rises on a line as the pay rises
    (by the event's probability per unit of pay), and the best play's is the highest of
    those lines: solving on the line of the play chosen at the last pay tried, until the
    play no longer changes, reaches the pay exactly."""

    def __init__(self, report: GameReport, bet_id: str, event: str) -> None:
        self.report, self.bet_id, self.event = report, bet_id, event
        game = report.game
        together = game.optimise if bet_id in game.optimise else ()
        self.bets = together if len(together) > 1 else (bet_id,)
        self.seen: dict[Fraction, tuple[Fraction, Fraction]] = {}
        self.target = Fraction(0)  # the edge solved for (pay_for_edge)

    @property
    def of(self) -> str:
        """What the house edge is of: the bet, or the bets played for together."""
        return " with ".join(self.bets)

    def played(self, pay: Fraction) -> tuple[Fraction, Fraction]:
        """At ``pay``, played its best way: the house edge, and the event's probability."""
        found = self.seen.get(pay)
        if found is None:
            from exact_odds.analysis.report import game_report

            report = self.report
            if max(len(str(pay.numerator)), len(str(pay.denominator))) > MAX_NUMBER_CHARS:
                # an equilibrium that mixes moves with the pay: its edge is no line in it,
                # and the pays tried grow without end (a pay has at most this many digits)
                raise SolveError(f"the pay of {quoted(self.event)} for a house edge of "
                                 f"{_percent(self.target)} is not reached exactly: the pays "
                                 f"tried pass {MAX_NUMBER_CHARS} digits, as the play, chosen "
                                 f"again for each pay ({report.strategy}), mixes and moves "
                                 "with it")
            game = report.game.with_pay(self.bet_id, self.event, f"{pay.numerator} to "
                                        f"{pay.denominator}")
            again = game_report(game, shoe=report.shoe, bets=self.bets, strategy=report.strategy,
                                settings={k: str(v) for k, v in report.settings.items()})
            edge = -sum((again.bet(b).expected_value for b in self.bets), Fraction(0))
            chance = next(e.probability for e in again.bet(self.bet_id).events
                          if e.event == self.event)
            found = self.seen[pay] = (edge, chance)
        return found

    def at(self, pay: Fraction) -> PracticalPay:
        return PracticalPay(pay, self.played(pay)[0])

    def pay_for_edge(self, target: Fraction) -> Fraction:
        self.target = target
        pay = next(e.net for e in self.report.bet(self.bet_id).events if e.event == self.event)
        for _ in range(_MOST_REPLAYS):
            edge, chance = self.played(pay)
            if chance == 0:
                raise SolveError(f"{quoted(self.event)} never happens with this shoe: no pay "
                                 "changes the edge")
            nxt = pay + (edge - target) / chance
            if nxt <= 0:
                raise SolveError(f"no pay of {quoted(self.event)} gives a house edge of "
                                 f"{_percent(target)} ({self.of})")
            if nxt == pay:
                return pay
            pay = nxt
        raise SolveError(f"the pay of {quoted(self.event)} for a house edge of "
                         f"{_percent(target)} was not reached in {_MOST_REPLAYS} reports: the "
                         "best play keeps changing with the pay")


# --- as people read it and as data ----------------------------------------------------------

def _inputs(solution: PaySolution) -> Json:
    data: Json = ({"exact_odds_version": version()} if solution.report is None
                  else solution.report.inputs())
    data.update({"bet": solution.bet_id, "event": solution.event,
                 "target_house_edge": fraction_text(solution.target_edge),
                 "house_edge_of": (solution.of or solution.bet_id).split(" with ")})
    return data


def _practical(p: PracticalPay | None) -> Json | None:
    return None if p is None else {"pays": p.text, "pay": fraction_text(p.pay),
                                   "house_edge": fraction_text(p.house_edge)}


def _dict(solution: PaySolution) -> Json:
    data = _inputs(solution)
    data.update({
        "exact_pay": fraction_text(solution.exact_pay),
        "break_even_pay": fraction_text(solution.break_even),
        "to_one": {"below": _practical(solution.to_one_below),
                   "above": _practical(solution.to_one_above)},
        "nearest": {"below": _practical(solution.nearest_below),
                    "above": _practical(solution.nearest_above)},
    })
    return data


def _document(solution: PaySolution) -> Document:
    def line(label: str, p: PracticalPay | None) -> str:
        if p is None:
            return f"  {label:<28} none (no positive pay)"
        return (f"  {label:<28} {p.text:<12} house edge {percent_text(p.house_edge)} "
                f"(exact {fraction_text(p.house_edge)})")

    rows: list[tuple[Cell, ...]] = [
        ("exact pay (to 1)", None, solution.exact_pay, solution.target_edge),
        ("break-even pay (to 1)", None, solution.break_even, Fraction(0)),
    ]
    pays = (("nearest N to 1, below", solution.to_one_below),
            ("nearest N to 1, above", solution.to_one_above),
            ("nearest N to M, below", solution.nearest_below),
            ("nearest N to M, above", solution.nearest_above))
    for label, p in pays:
        rows.append((label, None, None, None) if p is None
                    else (label, p.text, p.pay, p.house_edge))
    of = solution.of or solution.bet_id
    played = ([f"  The house edge of {safe(of)} together (the bets the play is chosen for), each pay "
               "played its own best way."] if of != solution.bet_id else
              ["  Each pay played its own best way."]
              if solution.report is not None and solution.report.strategy in (
                  "optimal", "equilibrium") else [])
    words = Text((
        f"{safe(solution.bet_id)}: the pay of '{safe(solution.event)}' for a house edge of "
        f"{percent_text(solution.target_edge)} (exact {fraction_text(solution.target_edge)})",
        *played,
        f"  exact pay                    {fraction_text(solution.exact_pay)} to 1 "
        f"(= {decimal_text(solution.exact_pay, 6)} to 1)",
        f"  break-even pay (no edge)     {fraction_text(solution.break_even)} to 1 "
        f"(= {decimal_text(solution.break_even, 6)} to 1)",
        "  A higher pay lowers the house edge.",
        *(line(label, p) for label, p in pays)), gap=False, formats=("text",))
    table = Table(f"The pay of '{safe(solution.event)}' for a house edge of "
                  f"{fraction_text(solution.target_edge)}",
                  (Column("Pay"), Column("Pays"), Column("Pay to 1", "exact"),
                   Column("House edge", "percent", 4)), tuple(rows),
                  ("A higher pay lowers the house edge.",), sheet="Pays", formats=TABULAR)
    inputs = (input_lines(solution.report.inputs()) if solution.report is not None
              else (Field("exact-odds", version()),))
    return Document(f"{safe(solution.bet_id)}: solving for a pay", inputs, (words, table))

