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
>>> parse_dealing({"burn": -1})  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
exact_odds.games.dealing.DealingError: field 'burn' is none, standard or a whole ...
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace

from exact_odds.errors import ExactOddsError
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

    def __post_init__(self) -> None:
        if self.cut_card is not None and (
                isinstance(self.cut_card, bool) or not isinstance(self.cut_card, int)
                or self.cut_card < 0):
            raise DealingError(f"field 'cut_card' is none or a whole number of cards left "
                               f"behind the cut card, got {self.cut_card!r}")
        if not (self.burn in BURN_WORDS or (isinstance(self.burn, int)
                                           and not isinstance(self.burn, bool)
                                           and self.burn >= 0)):
            raise DealingError(f"field 'burn' is none, standard or a whole number of cards, "
                               f"got {self.burn!r}")
        if self.after_cut not in AFTER_CUT:
            raise DealingError(f"field 'after_cut' is one of {', '.join(AFTER_CUT)}, "
                               f"got {self.after_cut!r}")
        if self.decks is not None and (isinstance(self.decks, bool)
                                       or not isinstance(self.decks, int) or self.decks < 1):
            raise DealingError(f"field 'decks' must be a whole number of at least 1, "
                               f"got {self.decks!r}")

    @property
    def most_burned(self) -> int:
        """The most cards the burn can take out before the first round."""
        if self.burn == "standard":
            return STANDARD_BURN_MOST
        return 0 if self.burn == "none" else int(self.burn)

    def check_fits(self, cards: int) -> None:
        """Refuse a procedure the shoe of ``cards`` cards cannot follow."""
        if self.cut_card is not None and self.cut_card >= cards:
            raise DealingError(
                f"the cut card cannot have {self.cut_card} cards behind it: the shoe holds "
                f"{cards} cards (cut_card is at most {cards - 1})")
        if self.most_burned > cards - CARDS_PER_ROUND:
            raise DealingError(
                f"a burn of up to {self.most_burned} cards leaves a shoe of {cards} cards "
                f"too few for a round")

    def with_overrides(self, *, cut_card: str | int | None = None,
                       burn: str | int | None = None, after_cut: str | None = None,
                       decks: int | None = None) -> DealingProcedure:
        """The procedure with some fields replaced (command-line text accepted)."""
        changes: dict[str, object] = {}
        if cut_card is not None:
            changes["cut_card"] = _cut_card(cut_card)
        if burn is not None:
            changes["burn"] = _burn(burn)
        if after_cut is not None:
            changes["after_cut"] = after_cut
        if decks is not None:
            changes["decks"] = decks
        return replace(self, **changes)  # type: ignore[arg-type]

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
    return DealingProcedure(
        cut_card=_cut_card(data.get("cut_card", 14)),
        burn=_burn(data.get("burn", "standard")),
        after_cut=str(data.get("after_cut", "one-more")),
        decks=data.get("decks"),
    )


def _cut_card(value: object) -> int | None:
    if value is None or (isinstance(value, str) and value.strip().lower() == "none"):
        return None
    if isinstance(value, str) and value.strip().lstrip("-").isdigit():
        value = int(value.strip())
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise DealingError(f"field 'cut_card' is none or a whole number of cards left "
                           f"behind the cut card, got {value!r}")
    return value


def _burn(value: object) -> str | int:
    if isinstance(value, str):
        word = value.strip().lower()
        if word in BURN_WORDS:
            return word
        if word.lstrip("-").isdigit():
            value = int(word)
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise DealingError(f"field 'burn' is none, standard or a whole number of cards, "
                           f"got {value!r}")
    return value
