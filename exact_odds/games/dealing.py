"""The dealing procedure, as data: decks, the cut card, the burn and the cut-card rule.

A game file may say how its shoe is dealt::

    dealing:
      decks: 8              # optional: the game's decks
      cut_card: 14          # cards left behind the cut card; none: shuffled before every round
      burn: standard        # none, a number of cards, or standard
      after_cut: one-more   # one-more or finish-round

``burn: standard`` is the common procedure: the first card is exposed (it is seen) and as
many unseen cards are burned as its pip value, ten for tens and pictures. Burned cards are
unseen. ``after_cut: one-more`` is the usual rule: when the cut card comes out during a
round, that round is finished and one more is dealt; when it is the first card of a round,
that round is the last. ``finish-round`` ends the shoe with the round in which the cut card
comes out. In every procedure a round begins only when the shoe still holds the six cards
a round may need (never an issue with 11 or more cards behind the cut card).

>>> procedure = parse_dealing({"cut_card": 14, "burn": "standard"})
>>> procedure.describe().startswith("cut card with 14 cards behind it, standard burn")
True
>>> parse_dealing({"burn": -1.5})  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
exact_odds.games.dealing.DealingError: field 'burn': is none, standard or a whole number ...

The same functions read a field of a game file, an argument from Python and a
command-line option (``parse_cut_card``, ``parse_burn``), each error naming what the user
wrote: ``field 'cut_card'``, ``cut_card`` or ``--cut-card``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace

from exact_odds.errors import ExactOddsError, LimitError, input_name, quoted
from exact_odds.limits import MAX_CARDS, MAX_DECKS, MAX_DEPTHS
from exact_odds.numbers import comma_items, parse_count
from exact_odds.shoe import CARDS_PER_ROUND

#: What the burn can be besides a number of cards.
BURN_WORDS = ("none", "standard")
#: What happens when the cut card comes out.
AFTER_CUT = ("one-more", "finish-round")
#: The most cards the standard burn can take: the exposed card and ten more.
STANDARD_BURN_MOST = 11


class DealingError(ExactOddsError, ValueError):
    """A dealing procedure that cannot be followed; the message names the field."""


@dataclass(frozen=True)
class DealingProcedure:
    """How a shoe is dealt. ``cut_card`` is the number of cards behind the cut card, or
    ``None`` when the cards are shuffled before every round; ``burn`` is ``"none"``,
    ``"standard"`` or a number of cards; ``decks`` ``None`` means the game's."""

    cut_card: int | None = 14
    burn: str | int = "standard"
    after_cut: str = "one-more"
    decks: int | None = None
    #: the fields given as overrides (``with_overrides``): errors name them as options
    given: frozenset[str] = field(default=frozenset(), compare=False, repr=False)

    def __post_init__(self) -> None:
        if self.cut_card is not None:
            parse_cut_card(self.cut_card, "field 'cut_card'")
        parse_burn(self.burn, "field 'burn'")
        parse_after_cut(self.after_cut, "field 'after_cut'")
        if self.decks is not None:
            _decks(self.decks, "field 'decks'")

    @property
    def most_burned(self) -> int:
        """The most cards the burn can take out before the first round."""
        if self.burn == "standard":
            return STANDARD_BURN_MOST
        return 0 if self.burn == "none" else int(self.burn)

    def name(self, field_name: str, source: str = "") -> str:
        """How the user wrote a field: its option (or argument) when given as an override,
        else the game file's field (``source``: the file)."""
        if field_name in self.given:
            return input_name(field_name)
        return f"{source}: dealing: {field_name}" if source else f"dealing: {field_name}"

    def check_fits(self, cards: int, source: str = "") -> None:
        """Refuse a procedure the shoe of ``cards`` cards cannot follow; the error names the
        option or the field of the game file ``source`` that asked for it."""
        if self.cut_card is not None and self.cut_card >= cards:
            raise DealingError(
                f"{self.name('cut_card', source)}: the cut card cannot have {self.cut_card:,} "
                f"cards behind it: the shoe holds {cards:,} cards (at most {cards - 1:,})")
        if self.most_burned > cards - CARDS_PER_ROUND:
            raise DealingError(
                f"{self.name('burn', source)}: a burn of up to {self.most_burned:,} cards leaves "
                f"a shoe of {cards:,} cards too few for a round (burn at most "
                f"{cards - CARDS_PER_ROUND:,})")

    def with_overrides(self, *, cut_card: str | int | None = None,
                       burn: str | int | None = None, after_cut: str | None = None,
                       decks: int | None = None) -> DealingProcedure:
        """The procedure with some fields replaced (command-line text accepted); an error
        names the option (``--cut-card``) or the argument (``cut_card``)."""
        changes: dict[str, object] = {}
        if cut_card is not None:
            changes["cut_card"] = parse_cut_card(cut_card, input_name("cut_card"))
        if burn is not None:
            changes["burn"] = parse_burn(burn, input_name("burn"))
        if after_cut is not None:
            changes["after_cut"] = parse_after_cut(after_cut, input_name("after_cut"))
        if decks is not None:
            changes["decks"] = _decks(decks, input_name("decks"))
        return replace(self, **changes, given=self.given | set(changes))  # type: ignore[arg-type]

    def to_dict(self) -> dict[str, object]:
        """The procedure as plain data (the header of a simulation)."""
        return {"cut_card": self.cut_card, "burn": self.burn, "after_cut": self.after_cut}

    def describe(self) -> str:
        """In words: ``cut card with 14 cards behind it, standard burn, ...``."""
        if self.cut_card is None:
            shuffle = "shuffled before every round"
        else:
            shuffle = f"cut card with {self.cut_card} cards behind it"
        if self.burn == "standard":
            burn = ("standard burn (expose one card, burn its pip value, ten for tens and "
                    "pictures)")
        elif self.burn == "none":
            burn = "no burn"
        else:
            burn = f"{self.burn} cards burned"
        parts = [shuffle, burn]
        if self.cut_card is not None:
            parts.append("one more round after the cut card" if self.after_cut == "one-more"
                         else "the round in which the cut card comes out is the last")
        return ", ".join(parts)


_DEALING_KEYS = ("decks", "cut_card", "burn", "after_cut")


def parse_dealing(data: object) -> DealingProcedure:
    """Check a game file's ``dealing:`` section and build the procedure."""
    if data is None:
        return DealingProcedure()
    if not isinstance(data, Mapping):
        raise DealingError("field 'dealing' must be a mapping with decks, cut_card, burn "
                           "and after_cut")
    unknown = sorted(set(map(str, data)) - set(_DEALING_KEYS))
    if unknown:
        raise DealingError(f"unknown field {unknown[0]!r} (allowed: {', '.join(_DEALING_KEYS)})")
    decks = data.get("decks")
    return DealingProcedure(
        cut_card=parse_cut_card(data.get("cut_card", 14), "field 'cut_card'"),
        burn=parse_burn(data.get("burn", "standard"), "field 'burn'"),
        after_cut=parse_after_cut(data.get("after_cut", "one-more"), "field 'after_cut'"),
        decks=None if decks is None else _decks(decks, "field 'decks'"),
    )


def parse_cut_card(value: object, what: str) -> int | None:
    """Cards behind the cut card: ``none`` (``None``: shuffled before every round) or a
    whole number from 0 to ``MAX_CARDS`` (a shoe's own size is checked by ``check_fits``).

    >>> parse_cut_card("none", "--cut-card"), parse_cut_card(" 14 ", "--cut-card")
    (None, 14)
    """
    if value is None or (isinstance(value, str) and value.strip().lower() == "none"):
        return None
    return _whole(value, what, MAX_CARDS, "none or a whole number of cards left behind the "
                  "cut card")


def parse_cut_card_option(value: object, what: str) -> str | int:
    """``--cut-card`` as the command line gives it: ``"none"`` (kept as the word, since an
    option left out is ``None``) or a whole number (``parse_cut_card``)."""
    found = parse_cut_card(value, what)
    return "none" if found is None else found




def parse_cut_cards_option(value: object, what: str) -> tuple[str | int, ...]:
    """Several cut-card depths, ``14,26,52,104``, each read as ``parse_cut_card_option``
    reads one; at least one and at most ``MAX_DEPTHS``, repeats dropped."""
    if not isinstance(value, str):
        raise DealingError(f"{what}: give depths as text, 14,26,52,104, not {quoted(value, 40)}")
    parts = comma_items(value, what, "14,26,52,104", DealingError)
    if len(parts) > MAX_DEPTHS:
        raise DealingError(f"{what}: at most {MAX_DEPTHS} depths, not {len(parts):,}")
    return tuple(dict.fromkeys(parse_cut_card_option(part, what) for part in parts))


def parse_burn(value: object, what: str) -> str | int:
    """The burn: ``none``, ``standard`` or a whole number of cards from 0 to ``MAX_CARDS``."""
    if isinstance(value, str) and value.strip().lower() in BURN_WORDS:
        return value.strip().lower()
    return _whole(value, what, MAX_CARDS, "none, standard or a whole number of cards")


def parse_after_cut(value: object, what: str) -> str:
    """What happens when the cut card comes out: ``one-more`` or ``finish-round``."""
    if not isinstance(value, str) or value.strip() not in AFTER_CUT:
        raise DealingError(f"{what}: is one of {', '.join(AFTER_CUT)}, not {quoted(value, 40)}")
    return value.strip()


def _decks(value: object, what: str) -> int:
    return _whole(value, what, MAX_DECKS, "a whole number of decks", least=1)


def _whole(value: object, what: str, most: int, wanted: str, least: int = 0) -> int:
    try:
        return parse_count(value if isinstance(value, (int, str)) else repr(value), what, most,
                           least=least)
    except LimitError as error:
        reason = str(error).removeprefix(f"{what}: ")
        if "is not a whole number" in reason:
            reason = f"is {wanted}, not {quoted(value, 40)}"
        raise DealingError(f"{what}: {reason}") from None
