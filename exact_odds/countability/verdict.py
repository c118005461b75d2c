"""A bet's countability in words, a game-protection manager's verdict: countable or not, by
which count, how much (in money where a maximum bet is given), what the deeper cut cards
leave; that the bet favours the bettor without a count; or that the shoes are too few to
tell."""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal, localcontext
from fractions import Fraction

from exact_odds.countability.results import CountResult, Depth
from exact_odds.countability.triggers import MIN_SHOES, SIGNIFICANT
from exact_odds.render.text import money_text, safe


def verdict(depths: Sequence[Depth], levels: Sequence[int],
            money: tuple[Fraction | None, int | None], shoes: int, house_edge: Fraction
            ) -> str:
    """In words: countable or not, by which count, how much, and what the deeper cut cards
    leave; that the bet favours the bettor without a count; or that the shoes are too few
    to tell."""
    first = depths[0]
    where = depth_words(first.cut_card)
    if house_edge < 0:
        return (f"favours the bettor flat: a unit on every round wins {float(-house_edge):.2%} "
                "of it on average, no count needed")
    perfect = first.perfect
    if perfect.units_per_shoe_se is None:
        return (f"cannot tell from {shoes:,} shoe{'s' if shoes != 1 else ''}: a standard error "
                f"needs at least {MIN_SHOES} shoes a stream (--shoes)")
    if not perfect.measurable:
        if perfect.units_per_shoe + SIGNIFICANT * perfect.units_per_shoe_se >= WORTH_COUNTING:
            return (f"cannot tell from {shoes:,} shoes: computer-perfect play wins "
                    f"{perfect.units_per_shoe:+.2g} ± {perfect.units_per_shoe_se:.2g} units a "
                    f"shoe {where}; more shoes would measure it")
        return (f"not countable: even computer-perfect play wins nothing measurable "
                f"({perfect.units_per_shoe:+.2g} ± {perfect.units_per_shoe_se:.2g} "
                f"units a shoe {where})")
    winning = [c for c in first.counts if c.figures.measurable]
    if not winning:
        return (f"not countable by a count: computer-perfect play wins "
                f"{units_text(perfect.units_per_shoe)} units a shoe {where}, but no count of "
                f"level {', '.join(map(str, levels))} (balanced or unbalanced) nor any "
                "count given wins a measurable amount")
    best = max(winning, key=lambda c: c.figures.units_per_shoe)
    simple = next(c for c in winning
                  if c.figures.units_per_shoe >= best.figures.units_per_shoe / 2)
    bet, _ = money

    def price(result: CountResult) -> str:
        return ("" if bet is None else
                f" ({money_text(money_of(result.figures.units_per_shoe, bet))} a shoe at a "
                f"{money_text(bet)} limit)")

    def named(result: CountResult) -> str:
        if result.count.label is not None:
            return f"the count {safe(result.count.label)!r}"
        kind = "" if result.count.balanced else "n unbalanced"
        return f"a{kind} level-{result.count.level} count"

    if best.figures.units_per_shoe < WORTH_COUNTING:
        return (f"not worth counting: the best count ({best.play}) wins "
                f"{units_text(best.figures.units_per_shoe)} units a shoe {where}{price(best)}, "
                f"and perfect play {units_text(perfect.units_per_shoe)}")
    said = (f"countable: {named(simple)} wins "
            f"{units_text(simple.figures.units_per_shoe)} units a shoe {where}{price(simple)}")
    others = []
    for depth in depths[1:]:
        same = next((c for c in depth.counts if c.count == simple.count), None)
        if same is not None:
            value = (units_text(same.figures.units_per_shoe) if same.figures.measurable
                     else "nothing measurable")
            others.append(f"{value} at {depth_words(depth.cut_card, short=True)}")
    if others:
        said += "; " + "; ".join(others)
    return said


#: Below this win per shoe a count is not worth a counter's while (one unit in 100 shoes).
WORTH_COUNTING = 0.01


def units_text(value: float) -> str:
    """Units as people read them: two decimals, or two figures when smaller."""
    return f"{value:.2f}" if abs(value) >= 0.1 else f"{value:.2g}"


def depth_words(cut_card: int | None, short: bool = False) -> str:
    """A cut card's depth in words: ``with 14 cards behind the cut card`` (``14 cards``)."""
    if cut_card is None:
        return "shuffled every round"
    return f"{cut_card} cards" if short else f"with {cut_card} cards behind the cut card"


def money_of(units: float, per_unit: Fraction) -> Decimal:
    """An estimate in units times an exact amount a unit, as a decimal (no float's
    rounding of the amount)."""
    digits = len(repr(units)) + len(str(per_unit.numerator)) + 30
    with localcontext() as context:  # every digit of a product of 30-digit amounts
        context.prec = max(context.prec, digits)
        return (Decimal(repr(units)) * Decimal(per_unit.numerator)
                / Decimal(per_unit.denominator))
