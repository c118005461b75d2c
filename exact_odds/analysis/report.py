"""The analysis: outcome counts joined with a pay table, bet by bet.

For each bet: its events with their pays, combinations (ordered six-card sequences),
exact probabilities and returns; its exact expected value, house edge, hit frequency,
variance (the standard deviation is its square root, printed as a decimal), push
probability, element of risk and the probability of its top award.

>>> report = game_report("commission-free")
>>> report.bet("banker").house_edge
Fraction(284694798368, 19524993263685)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import Any

from exact_odds.engine.enumerator import outcome_counts, total_sequences
from exact_odds.games.loader import load_game
from exact_odds.games.model import Bet, Game, UnknownGameError
from exact_odds.render.document import Document
from exact_odds.render.rendered import Rendered
from exact_odds.rules import DrawingRules, RulesError
from exact_odds.shoe import Shoe, ShoeError


@dataclass(frozen=True)
class EventResult:
    """One settled line of a bet: how often it happens and what it returns."""

    event: str
    when: str
    pays: str
    net: Fraction
    combinations: int
    probability: Fraction

    @property
    def kind(self) -> str:
        return "win" if self.net > 0 else "push" if self.net == 0 else "lose"

    @property
    def expected_return(self) -> Fraction:
        """This line's share of the expected value: probability times net pay."""
        return self.probability * self.net


@dataclass(frozen=True)
class BetResult(Rendered):
    """A bet analysed exactly."""

    id: str
    name: str
    events: tuple[EventResult, ...]
    total: int

    @property
    def expected_value(self) -> Fraction:
        """The exact expected result of one unit bet."""
        return sum((e.expected_return for e in self.events), Fraction(0))

    @property
    def house_edge(self) -> Fraction:
        """Minus the expected value, per unit bet (negative when the bet favours the bettor)."""
        return -self.expected_value

    @property
    def favours_bettor(self) -> bool:
        """True when the expected value is positive: the pay table gives the bettor an edge."""
        return self.expected_value > 0

    @property
    def hit_frequency(self) -> Fraction:
        """The probability that the bet wins something."""
        return sum((e.probability for e in self.events if e.net > 0), Fraction(0))

    @property
    def push_probability(self) -> Fraction:
        return sum((e.probability for e in self.events if e.net == 0), Fraction(0))

    @property
    def element_of_risk(self) -> Fraction:
        """The house edge per unit of bets that are resolved (pushes left out)."""
        resolved = 1 - self.push_probability
        return self.house_edge / resolved if resolved else Fraction(0)

    @property
    def variance(self) -> Fraction:
        """The exact variance of one unit bet's result."""
        mean = self.expected_value
        return sum((e.probability * e.net * e.net for e in self.events), Fraction(0)) - mean * mean

    @property
    def standard_deviation(self) -> float:
        """The square root of the variance, for printing (the variance is exact)."""
        return _sqrt(self.variance)

    @property
    def top_award(self) -> EventResult | None:
        """The line with the highest pay, if the bet ever wins."""
        wins = [e for e in self.events if e.net > 0 and e.combinations]
        return max(wins, key=lambda e: e.net) if wins else None

    def inputs(self) -> dict[str, Any]:
        """The bet's id and the version: a bet's game and shoe are its report's."""
        from exact_odds.analysis.documents import bet_inputs

        return bet_inputs(self)

    def to_document(self) -> Document:
        from exact_odds.analysis.documents import bet_document

        return bet_document(self)

    def to_dict(self) -> dict[str, Any]:
        """The bet as plain data: exact fractions as strings, counts as integers."""
        from exact_odds.analysis.documents import bet_dict

        return {**self.inputs(), **bet_dict(self)}


def _sqrt(value: Fraction) -> float:
    from decimal import Decimal, localcontext

    with localcontext() as context:
        context.prec = 30
        return float((Decimal(value.numerator) / Decimal(value.denominator)).sqrt())


@dataclass(frozen=True)
class GameReport(Rendered):
    """Every bet of a game, for one shoe and one set of drawing rules."""

    game: Game
    shoe: Shoe
    rules: DrawingRules
    bets: tuple[BetResult, ...]
    strategy: str | None = None
    notes: tuple[str, ...] = field(default=())
    settings: dict[str, object] = field(default_factory=dict)  # name -> value used

    @property
    def total(self) -> int:
        """Every ordered six-card sequence of the shoe: the denominator of every probability."""
        return total_sequences(self.shoe)

    def bet(self, bet_id: str) -> BetResult:
        for bet in self.bets:
            if bet.id == bet_id:
                return bet
        self.game.bet(bet_id)  # raises for a bet the game does not have
        raise UnknownGameError(f"bet {bet_id!r} was not part of this report")

    def inputs(self) -> dict[str, Any]:
        """The game, shoe, rules, strategy, settings and version that produced it."""
        from exact_odds.analysis.documents import report_inputs

        return report_inputs(self)

    def to_document(self) -> Document:
        from exact_odds.analysis.documents import report_document

        return report_document(self)

    def to_dict(self) -> dict[str, Any]:
        """The report as plain data: its inputs, then every bet."""
        from exact_odds.analysis.documents import report_dict

        return report_dict(self)

    def to_polars(self) -> Any:
        """Every event of every bet as a polars DataFrame (exact columns as strings)."""
        import polars as pl

        from exact_odds.numbers import fraction_text

        rows = [{"bet": bet.id, "event": e.event, "pays": e.pays, "net": fraction_text(e.net),
                 "combinations": e.combinations, "probability": fraction_text(e.probability),
                 "probability_decimal": float(e.probability),
                 "return": fraction_text(e.expected_return)}
                for bet in self.bets for e in bet.events]
        return pl.DataFrame(rows, schema_overrides={"combinations": pl.Int128})



def bet_result(bet: Bet, shoe: Shoe, rules: DrawingRules,
               settings: dict[str, object] | None = None) -> BetResult:
    """Join a bet's events with the outcome counts of the columns they read; ``settings``
    are the values of the game file's settings (the events may read them). Each outcome is
    settled by ``Bet.settle``; a bet placed late is counted as no action where it is not
    offered (a "Not offered" line)."""
    counts = outcome_counts(shoe, bet.columns, rules)
    settle = bet.settler(settings)
    ways = [0] * len(bet.events)
    unmatched = not_offered = 0
    for values, count in counts.items():
        settled = settle(values)
        if settled.no_action:
            not_offered += count
        elif settled.event is None:
            unmatched += count
        else:
            ways[settled.event] += count
    total = total_sequences(shoe)
    events = [
        EventResult(e.name, e.when, e.pay.text, e.pay.net, w, Fraction(w, total))
        for e, w in zip(bet.events, ways)
    ]
    if bet.offered is not None:
        events.insert(0, EventResult("Not offered", f"not ({bet.offered.text})", "no action",
                                     Fraction(0), not_offered, Fraction(not_offered, total)))
    if bet.loses_otherwise:
        events.append(EventResult("Any other outcome", "otherwise", "lose", Fraction(-1),
                                  unmatched, Fraction(unmatched, total)))
    return BetResult(bet.id, bet.name, tuple(events), total)


def resolve_shoe(game: Game, decks: int | None = None, shoe: Shoe | None = None,
                 remove: tuple[str, ...] = ()) -> Shoe:
    """The shoe a report uses: an explicit shoe, else ``decks`` (else the game's) decks,
    less any cards removed."""
    if shoe is not None and decks is not None:
        raise ShoeError("give either a number of decks or a shoe, not both")
    if shoe is None and decks is None:
        try:
            shoe = Shoe.from_decks(game.decks)
        except ShoeError as error:
            raise ShoeError(f"{game.path or game.id}: field 'decks': {error}") from None
    elif shoe is None and decks is not None:
        shoe = Shoe.from_decks(decks)
    assert shoe is not None
    return shoe.remove(remove) if remove else shoe


def deck_notes(game: Game, shoe: Shoe) -> tuple[str, ...]:
    """A note when the shoe is a number of decks the game's rules do not allow."""
    whole = shoe.as_removed()
    decks = whole[0] if whole is not None else None
    if game.decks_allowed and decks is not None and decks not in game.decks_allowed:
        allowed = ", ".join(map(str, game.decks_allowed))
        return (f"the rules allow {allowed} decks; {shoe.describe()} analysed as asked",)
    return ()


def game_rules(game: Game, shoe: Shoe, strategy: str | None = None) -> DrawingRules:
    """The drawing rules of a game, the option (where the game has one) taken by
    ``strategy`` (else the game's): house-way, hit, stand, or optimal for this shoe."""
    if game.rules.option is None:
        if strategy not in (None, game.strategy):
            raise RulesError(f"game {game.id!r} has no strategy to choose: its rules are fixed")
        return game.rules
    chosen = strategy or game.strategy
    if chosen == "optimal":
        from exact_odds.analysis.strategy import optimal_rules

        return optimal_rules(shoe, game)
    return game.rules.with_strategy(chosen)


def game_report(game: Game | str | Path, *, decks: int | None = None, shoe: Shoe | None = None,
                remove: tuple[str, ...] = (), bets: tuple[str, ...] | None = None,
                strategy: str | None = None, settings: dict[str, str] | None = None) -> GameReport:
    """Analyse every bet of a game (or the bets named) exactly: one call, for the CLI and
    for notebooks.

    ``game`` is a built-in id, a path to a YAML file, or a loaded ``Game``. ``decks``
    overrides the game's decks; ``shoe`` gives any composition; ``remove`` takes cards out;
    ``settings`` chooses values for the game file's settings (``{"name": "true"}``).
    """
    if not isinstance(game, Game):
        game = load_game(game)
    the_shoe = resolve_shoe(game, decks, shoe, remove)
    rules = game_rules(game, the_shoe, strategy)
    # a bet named twice is analysed once, in the order first named
    chosen = [game.bet(b) for b in dict.fromkeys(bets)] if bets else list(game.bets)
    values = game.setting_values(settings)
    results = tuple(bet_result(bet, the_shoe, rules, values) for bet in chosen)
    notes = deck_notes(game, the_shoe)
    used_strategy = (strategy or game.strategy) if game.rules.option is not None else None
    return GameReport(game, the_shoe, rules, results, used_strategy, notes, values)
