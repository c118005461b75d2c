"""Effect of removal: how each bet's expected value moves when one card leaves the shoe.

For a card c, the effect of removing it is EV(shoe less c) - EV(shoe), exact. Removing
"one card of rank r" (or of point value v) means one card of that rank drawn at random from
the shoe, so its effect is the average of the cards' effects weighted by their counts; for
bets that read only point values every card of a value has the same effect.

These are the figures a card counter builds a count from: a card whose removal raises a
bet's expected value is one the bettor wants gone.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

from exact_odds.analysis.bet_result import bet_result, check_shoes_cost
from exact_odds.analysis.report import GameReport
from exact_odds.cards import DECK, RANKS, card_rank, card_value
from exact_odds.engine.enumerator import shoe_signature
from exact_odds.errors import input_name
from exact_odds.games.model import Bet
from exact_odds.known import NOTHING, Known, check_agrees
from exact_odds.numbers import fraction_text
from exact_odds.render.document import Cell, Column, Document, Json, Table
from exact_odds.render.inputs import input_lines
from exact_odds.render.rendered import Rendered
from exact_odds.render.text import safe
from exact_odds.rules import DrawingRules
from exact_odds.shoe import Shoe, ShoeError

GROUPINGS = ("value", "rank", "card")


@dataclass(frozen=True)
class RemovalTable(Rendered):
    """Effects of removal for the bets of a report, one column per kind of card removed."""

    report: GameReport
    by: str
    labels: tuple[str, ...]
    effects: dict[str, tuple[Fraction, ...]]  # bet id -> effect per label

    def inputs(self) -> Json:
        """The report's inputs and the grouping (``by``)."""
        return {**self.report.inputs(), "by": self.by}

    def to_document(self) -> Document:
        return _document(self)

    def to_dict(self) -> Json:
        """Each bet's expected value and effects, exact fractions as strings."""
        return _dict(self)



def _groups(by: str) -> list[tuple[str, list[str]]]:
    if by == "card":
        return [(card, [card]) for card in DECK]
    if by == "rank":
        return [(rank, [c for c in DECK if card_rank(c) == rank]) for rank in RANKS]
    if by == "value":
        return [(str(v), [c for c in DECK if card_value(c) == v]) for v in range(10)]
    raise ShoeError(f"unknown grouping {by!r}: use {', '.join(GROUPINGS)}")


def check_removal_cost(bets: Sequence[Bet], shoe: Shoe, rules: DrawingRules,
                       by: str = "value", known: Known = NOTHING) -> None:
    """Refuse, before any work (the report it starts from included), an effect of removal
    whose enumerations would pass the limits (``check_shoes_cost``), or whose cards known
    by position a card removed would leave no round to agree with."""
    _removed(shoe, tuple(bets), rules, by, known)


@lru_cache(maxsize=16)
def _removed(shoe: Shoe, bets: tuple[Bet, ...], rules: DrawingRules, by: str,
             known: Known = NOTHING
             ) -> tuple[dict[str, Shoe], dict[tuple[str, str], Hashable]]:
    """Each card's shoe less that card, and what each bet reads of it (its signature:
    with cards ``known`` by position, its counts of the classes the known ranks split
    too), every bet's shoes checked against the limits first: once for the command's
    check before its report and the effect of removal after it."""
    groups = _groups(by)
    if shoe.replacement:
        raise ShoeError(f"{input_name('shoe')}: the infinite deck (cards dealt with "
                        "replacement) has no card to remove: the effect of removal is of a "
                        "finite shoe")
    if shoe.size <= 6:
        raise ShoeError(f"the effect of removal needs a shoe that still finishes a round with a "
                        f"card out: at least 7 cards, not {shoe.size}")
    smaller = {card: shoe.remove([card]) for _, cards in groups for card in cards
               if shoe.count(card)}
    for less in smaller.values():  # each shoe less a card still deals what is known
        check_agrees(less, known)
    # shoes a bet's columns cannot tell apart (the nine of hearts or of spades removed,
    # for a bet on point values) share one result, and so do shoes that differ by a
    # renaming of the suits, for a bet that no renaming changes (a suited king and queen)
    symmetric = {bet.id: bet.suit_symmetric for bet in bets}
    renamed = ({card: less.suits_renamed() for card, less in smaller.items()}
               if any(symmetric.values()) else {})
    signature: dict[tuple[str, str], Hashable] = {
        (bet.id, card): (shoe_signature(renamed[card] if symmetric[bet.id] else less,
                                        bet.columns, rules),
                         _known_signature(less, bet, rules, known))
        for bet in bets for card, less in smaller.items()}
    for bet in bets:  # every shoe a bet tells apart is enumerated: its cost known first
        shoes = len({signature[bet.id, card] for card in smaller})
        check_shoes_cost(bet, shoe, rules, shoes,
                         "the effect of removal enumerates the shoe once for each card "
                         "removed that the bet tells apart (up to a renaming of the suits)")
    return smaller, signature


def _known_signature(shoe: Shoe, bet: Bet, rules: DrawingRules, known: Known) -> Hashable:
    """What cards known by position read of the shoe beyond a bet's own signature: its
    counts of the classes of the bet's compiled table split by the known ranks."""
    if not known:
        return None
    from exact_odds.engine.tally import partition_of

    return tuple(sum(shoe.count(card) for card in cards)
                 for cards in partition_of(bet.columns, rules, known))


def effect_of_removal(report: GameReport, by: str = "value") -> RemovalTable:
    """The exact effect of removing one card, by point value, rank or card, on every bet
    of ``report`` (same shoe, same rules: a strategy is held as it is, the optimal play or
    the equilibrium of the full shoe included, not chosen again for the smaller shoe; the
    same cards known by position)."""
    from exact_odds.analysis.report import GameReport
    from exact_odds.errors import check_type

    check_type(report, GameReport, "report", "a GameReport (game_report)")
    check_type(by, str, "by", "value, rank or card")
    shoe = report.shoe
    groups = _groups(by)
    bets = [report.game.bet(b.id) for b in report.bets]
    base = {b.id: b.expected_value for b in report.bets}
    smaller, signature = _removed(shoe, tuple(bets), report.rules, by, report.known)
    per_card: dict[str, dict[str, Fraction]] = {}
    seen: dict[tuple[str, Hashable], Fraction] = {}
    for card, less in smaller.items():
        per_card[card] = {}
        for bet in bets:
            key = (bet.id, signature[bet.id, card])
            if key not in seen:
                seen[key] = bet_result(bet, less, report.rules, report.settings, report.known,
                                       tuple(b.columns for b in bets)).expected_value
            per_card[card][bet.id] = seen[key] - base[bet.id]
    labels: list[str] = []
    effects: dict[str, list[Fraction]] = {b.id: [] for b in bets}
    for label, cards in groups:
        present = [c for c in cards if c in per_card]
        if not present:
            continue
        weight = sum(shoe.count(c) for c in present)
        labels.append(label)
        for bet in bets:
            effects[bet.id].append(
                sum((Fraction(shoe.count(c)) * per_card[c][bet.id] for c in present), Fraction(0)) / weight)
    return RemovalTable(report, by, tuple(labels), {k: tuple(v) for k, v in effects.items()})


# --- as people read it and as data ----------------------------------------------------------

def _dict(table: RemovalTable) -> Json:
    report = table.report
    return {
        **table.inputs(), "removed": list(table.labels),
        "units": "expected value and its change per unit bet (exact)",
        "bets": [
            {"id": bet.id, "expected_value": fraction_text(bet.expected_value),
             "effects": {label: fraction_text(e)
                         for label, e in zip(table.labels, table.effects[bet.id])}}
            for bet in report.bets
        ],
    }


def _document(table: RemovalTable) -> Document:
    report = table.report
    columns = (Column("Bet"), Column("EV", "signed"),
               *(Column(label, "signed", key=f"remove_{label.lower()}")
                 for label in table.labels))
    rows: tuple[tuple[Cell, ...], ...] = tuple(
        (bet.id, bet.expected_value, *table.effects[bet.id]) for bet in report.bets)
    header = [line for line in input_lines(report.inputs()) if line.label != "Game"]
    held = (("The play is the full shoe's, held as it is when a card leaves (not chosen "
             "again for the smaller shoe, as report of that shoe would).",)
            if report.strategy in ("optimal", "equilibrium") else ())
    return Document(
        f"{safe(report.game.name)} ({safe(report.game.id)}): effect of removing one card, "
        f"by {table.by}",
        (*header,
         "EV: expected value per unit bet, as in `exact-odds report`. Each card column: the "
         "change in EV",
         "when one card of that kind leaves the shoe, per unit bet (positive: good for the "
         "bettor).", *held),
        (Table("", columns, rows, sheet="Effect of removal", indent=0),))

