"""The model of a game file: a game, its bets, and each bet's events.

A game names its source document, its decks, its drawing rules and every bet; a bet is an
ordered list of events, each a condition over the outcome columns and a pay.

``Bet.settle`` is the one settlement every part of the program calls (the report, batches,
best play, the mistake checks, the player-dealer's table and the simulation): a late bet
(``placed: after-visible-cards``) whose ``offered:`` condition is false has no action;
otherwise the first event whose condition holds settles the bet; an event ``when:
otherwise`` catches the rest, and a bet without one loses on every outcome its events do not
name ("Any other outcome"). Shared bets (``use:``) and mirrored bets are expanded by the
loader into plain bets before they are settled.

>>> from exact_odds.games.loader import load_game
>>> game = load_game("commission-free")
>>> [bet.id for bet in game.bets]
['player', 'banker', 'tie']
>>> game.bet("banker").settle({"winner": "banker", "banker_total": 6, "banker_wins": True,
...                            "tie": False})
Settlement(event=0, net=Fraction(1, 2))
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from fractions import Fraction
from functools import cached_property
from typing import TYPE_CHECKING, Any, NamedTuple

from exact_odds.errors import ExactOddsError, check_texts, check_type, input_name
from exact_odds.files import InputFileError
from exact_odds.games.condition_kinds import Setting
from exact_odds.games.conditions import Condition, Parts
from exact_odds.games.dealing import DealingProcedure
from exact_odds.games.pays import Pay, PayError, parse_pay
from exact_odds.names import find_name
from exact_odds.rules import DrawingRules
from exact_odds.shoe import INFINITE, Shoe, ShoeError
from exact_odds.vocabulary import SUIT_NAMES, column

if TYPE_CHECKING:
    import polars as pl


class GameFileError(InputFileError):
    """A game file that cannot be used; the message names the file and the field."""


class UnknownGameError(ExactOddsError, LookupError):
    """A game id that is neither built in nor a file."""

    def __str__(self) -> str:
        return str(self.args[0])


@dataclass(frozen=True)
class Event:
    """One line of a pay table: when it happens and what it pays."""

    name: str
    condition: Condition | None  # None: otherwise
    pay: Pay

    @property
    def when(self) -> str:
        return self.condition.text if self.condition else "otherwise"


class Settlement(NamedTuple):
    """How a bet settles on one outcome row.

    ``event`` is the index in ``Bet.events`` of the event that settles it, or None where no
    event does; ``net`` is the exact result of one unit (negative when lost), or None where
    the bet has no action (a late bet not offered). A bet no event of which holds loses:
    ``Settlement(None, Fraction(-1))``, the "Any other outcome" line.
    """

    event: int | None
    net: Fraction | None

    @property
    def no_action(self) -> bool:
        """True where the bet is not offered: it is neither won, lost nor pushed."""
        return self.net is None

    @property
    def code(self) -> int | None:
        """The settlement as ``Bet.settlement`` numbers it, an int cheap to group by: the
        event, -1 where the bet has no action, None where no event holds."""
        return -1 if self.net is None else self.event


#: Placed when the bettor takes the Player's third card: no action when he stands.
WITH_THE_DRAW = "with-the-draw"
#: The condition a bet placed with the draw acts on: the Player took a third card.
DRAWN = "player_cards == 3"

#: A late bet not offered.
NO_ACTION = Settlement(None, None)
#: No event of a bet (without ``when: otherwise``) holds: "Any other outcome" loses.
OTHER_OUTCOME_LOSES = Settlement(None, Fraction(-1))


#: Values chosen for a game's settings (``Game.setting_values``); None: the defaults.
Settings = Mapping[str, object] | None


@dataclass(frozen=True)
class Bet:
    """A bet: its id, its name and its ordered events."""

    id: str
    name: str
    events: tuple[Event, ...]
    description: str = ""
    placed: str = "before-deal"  # "after-visible-cards": a late bet; "with-the-draw"
    offered: Condition | None = None  # a late bet: when it may be placed (None: always)

    @property
    def adds_stake(self) -> bool:
        """Whether the bet is a stake the bettor adds when he draws (Lucky Draw's Draw bet)."""
        return self.placed == WITH_THE_DRAW

    @property
    def conditions(self) -> tuple[Condition, ...]:
        """Every condition of the bet: its events' (``otherwise`` has none) and, for a late
        bet, the one that says when it is offered."""
        found = tuple(event.condition for event in self.events if event.condition)
        return (*found, self.offered) if self.offered else found

    @cached_property  # asked by every cost estimate and every tally
    def columns(self) -> tuple[str, ...]:
        """The outcome columns the bet's events (and its offered condition) read, sorted."""
        return tuple(sorted({name for c in self.conditions for name in c.columns}))

    @property
    def terms(self) -> int:
        """The terms of all the bet's conditions (``Condition.terms``): what settling one
        reading of its columns costs."""
        return sum(c.terms for c in self.conditions)

    @property
    def suit_symmetric(self) -> bool:
        """Whether renaming the suits (hearts for spades, and so on) leaves the bet's
        settlement as it is: it reads no column that names a suit or colour, compares no
        word that is one, and reads no setting. The drawing rules read point values only,
        so such a bet has the same odds from two shoes that differ by a renaming of the
        suits (the effect of removal of the king of hearts is that of the king of spades
        in a shoe of whole decks).

        >>> from exact_odds.games.loader import load_game
        >>> game = load_game("electronic-baccarat")
        >>> game.bet("banker-pair").suit_symmetric, game.bet("lucky-nines").suit_symmetric
        (True, False)
        """
        named = {"red", "black", *SUIT_NAMES.values()}
        return (not self.settings
                and not any(column(name).names_suits for name in self.columns)
                and not any(word.casefold() in named
                            for condition in self.conditions for word in condition.words))

    @property
    def loses_otherwise(self) -> bool:
        """True where no event says ``when: otherwise``: any other outcome loses."""
        return self.events[-1].condition is not None

    @property
    def results(self) -> tuple[Fraction, ...]:
        """What one unit can win or lose, settled with action: each event's pay, and a loss
        on any other outcome where no event catches the rest."""
        nets = tuple(event.pay.net for event in self.events)
        return (*nets, Fraction(-1)) if self.loses_otherwise else nets

    @property
    def settings(self) -> frozenset[str]:
        """The game file's settings the bet's conditions read."""
        return frozenset(name for c in self.conditions for name in c.settings)

    def settle(self, row: Mapping[str, object]) -> Settlement:
        """The settlement of one unit on an outcome row: a mapping of the bet's columns
        (``columns``) and of the settings it reads (``settings``) to their values.

        >>> from exact_odds.games.loader import load_game
        >>> late = load_game("21st-century").bet("late-tie")
        >>> late.settle({"player_two_card_total": 7, "dealer_up": 7, "tie": True,
        ...              "banker_two_card_total": 7})
        Settlement(event=None, net=None)
        >>> late.settle({"player_two_card_total": 7, "dealer_up": 6, "tie": True,
        ...              "banker_two_card_total": 7})
        Settlement(event=1, net=Fraction(7, 1))
        """
        if self.offered is not None and not self.offered.holds(row):
            return NO_ACTION
        for index, event in enumerate(self.events):
            if event.condition is None or event.condition.holds(row):
                return Settlement(index, event.pay.net)
        return OTHER_OUTCOME_LOSES

    def settlement(self) -> pl.Expr:
        """``settle`` on every row of an outcome table at once, as a polars expression built
        from the same conditions in the same order: the index of the event that settles the
        row, -1 where the bet has no action, null where no event holds (a loss). The table
        holds the bet's columns, and its settings as columns of their values."""
        import polars as pl

        chain: Any = pl
        if self.offered is not None:
            chain = chain.when(~self.offered.holds_polars()).then(pl.lit(-1))
        for index, event in enumerate(self.events):
            test = pl.lit(True) if event.condition is None else event.condition.holds_polars()
            chain = chain.when(test).then(pl.lit(index))
        found: pl.Expr = chain.otherwise(pl.lit(None)).cast(pl.Int32)
        return found

    def split(self, inner: Iterable[str]) -> tuple[Bet, Parts]:
        """The bet with its conditions split (``Condition.split``) by what they read of the
        ``inner`` columns alone, and those parts: the bet settles a table grouped by
        ``Parts.read`` in place of the inner columns as it settles the table."""
        parts = Parts(inner)
        events = tuple(replace(event, condition=event.condition.split(parts))
                       if event.condition else event for event in self.events)
        offered = self.offered.split(parts) if self.offered else None
        return replace(self, events=events, offered=offered), parts


@dataclass(frozen=True)
class Game:
    """A game: where its rules come from, its shoe, its drawing rules and its bets."""

    id: str
    name: str
    rules: DrawingRules
    decks: int
    bets: tuple[Bet, ...]
    source: dict[str, object] = field(default_factory=dict)
    readings: tuple[str, ...] = ()
    decks_allowed: tuple[int, ...] = ()
    strategy: str = "house-way"
    path: str = ""
    settings: dict[str, Setting] = field(default_factory=dict)  # name -> Setting
    optimise: tuple[str, ...] = ()  # the bets the best play on the option is computed for
    #: the player-dealer's table (``exact-odds table``): ``{"settlement_order": ...}``
    table: dict[str, str] = field(default_factory=dict)
    #: how a shoe of the game is dealt (its file's ``dealing:`` section; simulation)
    dealing: DealingProcedure = field(default_factory=DealingProcedure)
    banker_bet: str | None = None  # where the Banker chooses too: his bet (chemin de fer)

    def shoe(self, decks: int | str | None = None, shoe: Shoe | None = None,
             remove: Iterable[str] = ()) -> Shoe:
        """The shoe the game is dealt from: ``shoe`` if given, else ``decks`` decks (else the
        game's), less the cards in ``remove`` (a list of cards, or one string of them).

        >>> from exact_odds.games.loader import load_game
        >>> load_game("rock-bac").shoe(remove=["9H", "9D"]).describe()
        '8 decks less 9H, 9D (414 cards)'
        """
        if decks == INFINITE:
            if shoe is not None:
                raise ShoeError(f"give either {input_name('decks')} or {input_name('shoe')}, "
                                "not both")
            return Shoe.infinite().remove(remove)
        if decks is not None:
            check_type(decks, int, "decks", "a whole number of decks")
        if shoe is not None:
            check_type(shoe, Shoe, "shoe", "a Shoe (Shoe.from_decks, load_shoe)")
        cards = remove if isinstance(remove, str) else check_texts(
            remove, "remove", "a list of cards", "cards as text ('9D')", (Iterable,))
        if shoe is not None and decks is not None:
            raise ShoeError(f"give either {input_name('decks')} (a number of decks) or "
                            f"{input_name('shoe')}, not both")
        if shoe is None:
            try:
                shoe = Shoe.from_decks(self.decks if decks is None else int(decks))
            except ShoeError as error:
                if decks is not None:
                    raise
                raise ShoeError(f"{self.path or self.id}: field 'decks': {error}") from None
        if not cards:
            return shoe
        try:
            return shoe.remove(cards)
        except ShoeError as error:
            raise ShoeError(f"{input_name('remove')}: {error}") from None

    @property
    def round_bets(self) -> tuple[str, ...]:
        """Where the game's decision adds a stake (a bet placed with the draw): the bets of
        the bettor's round, the first bet then the added stakes (the bets the option is
        played for); else none, and none where the option is played for no first bet (a
        stake added to nothing is not a round)."""
        added = [bet.id for bet in self.bets if bet.adds_stake]
        first = [bet for bet in self.optimise if bet not in added]
        if not added or not first:
            return ()
        return (*first, *added)

    def rules_under(self, values: Mapping[str, object] | None = None) -> DrawingRules:
        """The game's rules under the settings' values (``setting_values``): what each
        decision sees, where the rules declare it a setting (``information``)."""
        from exact_odds.rules.chart import INFORMATION

        if not self.rules.information:
            return self.rules
        default = self.settings[INFORMATION].default if INFORMATION in self.settings else None
        chosen = (values or {}).get(INFORMATION, default or self.rules.information[0].name)
        return self.rules.with_information(chosen)

    def setting_values(self, chosen: Mapping[str, object] | None = None) -> dict[str, object]:
        """Every setting's value: its default, or the one given for it, as text
        (``--set name=value``) or as a value."""
        if chosen is not None:
            check_type(chosen, Mapping, "chosen", "a mapping of setting names to values")
        values = {name: setting.default for name, setting in self.settings.items()}
        for name, text in (chosen or {}).items():
            setting = self.settings.get(name)
            if setting is None:
                known = ", ".join(self.settings) or "none"
                raise UnknownGameError(f"game {self.id!r} has no setting {name!r}; its settings: {known}")
            values[name] = _setting_value(setting, text)
        return values

    def with_pay(self, bet_id: str, event: str, pays: str) -> Game:
        """A copy of the game in which one event of one bet pays ``pays`` ("40 to 1").

        >>> from exact_odds.games.loader import load_game
        >>> game = load_game("rock-bac").with_pay("super-six", "Banker wins with 6", "15 to 1")
        >>> game.bet("super-six").events[0].pay.net
        Fraction(15, 1)
        """
        from dataclasses import replace

        check_type(bet_id, str, "bet_id", "a bet's id")
        check_type(event, str, "event", "an event's name")
        bet = self.bet(bet_id)
        names = [e.name for e in bet.events]
        index = find_name(names, event)  # exact name beats any case beats slug
        if index is None:
            raise UnknownGameError(
                f"bet {bet_id!r} has no event {event!r}; its events are: {'; '.join(names)}")
        try:
            pay = parse_pay(pays)
        except PayError as error:
            raise GameFileError(f"{self.path}: bet {bet_id!r}, event {event!r}: {error}") from None
        events = list(bet.events)
        events[index] = replace(events[index], pay=pay)
        new_bet = replace(bet, events=tuple(events))
        return replace(self, bets=tuple(new_bet if b.id == bet_id else b for b in self.bets))

    def bet(self, bet_id: str) -> Bet:
        """The bet called ``bet_id``, or a ``LookupError`` listing the game's bets."""
        check_type(bet_id, str, "bet_id", "a bet's id")
        for bet in self.bets:
            if bet.id == bet_id:
                return bet
        known = ", ".join(b.id for b in self.bets)
        raise UnknownGameError(f"game {self.id!r} has no bet {bet_id!r}; its bets are: {known}")


def _setting_value(setting: Setting, text: object) -> object:
    if setting.dtype == "bool":
        if isinstance(text, bool):
            return text
        word = str(text).strip().lower()
        if word in ("true", "yes", "on", "1"):
            return True
        if word in ("false", "no", "off", "0"):
            return False
        raise GameFileError(f"setting {setting.name!r} is true or false, not {text!r}")
    if text not in setting.choices:
        choices = ", ".join(map(str, setting.choices))
        raise GameFileError(f"setting {setting.name!r} is one of {choices}, not {text!r}")
    return text


