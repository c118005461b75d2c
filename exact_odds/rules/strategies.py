"""A strategy given in a file: each side's probability of drawing at the states where he
chooses, to play a game by (``--strategy FILE``, ``game_report(..., strategy=path)``).

A strategy file is YAML (or the JSON ``exact-odds strategy --format json`` writes, read
back as it is: both sides' states where both choose, the bettor's ``decisions`` by his
cards and the up card where he alone does)::

    # chemin de fer: the Player draws on 5 with probability 9/11; the Banker with 6
    # stands against a Player who stood, and draws with 3 against a third card of 8
    player:
      "5": 9/11            # his state, as he sees it (his total; or his two cards "0,5")
    banker:
      "6, stood": stand    # his total (or two cards "0,6") and the Player's third card
      "3, 8": draw

A state is the values of the columns its side sees (``option.sees`` and
``banker_option.sees``), comma-separated, in that order: two cards low first (``"0,5"``,
not ``"5,0"``), ``stood`` for the Player's third card where he did not draw; a choice is
``draw``, ``stand``, or a probability of drawing (``1``, ``0``, ``9/11``, ``0.25``).
States the file does not name are played the house way. Everything is checked against the
rules, and refused in one line naming the file and the state: a state no deal can show
would otherwise be a choice silently never played. At most ``MAX_MIXED_STATES`` states
mix (each doubles the work).

>>> from exact_odds.rules.loader import load_rules
>>> rules = load_rules("chemin-de-fer")
>>> played = strategy_rules({"player": {"5": "9/11"}, "banker": {"6, stood": "stand"}},
...                         rules, "strategy.yaml")
>>> played.mixed
(('player', (5,), Fraction(9, 11)),)
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path
from typing import Any

from exact_odds.errors import ExactOddsError, LimitError
from exact_odds.files import InputFileError, read_yaml
from exact_odds.limits import MAX_MIXED_STATES
from exact_odds.rules.chart import DrawingRules, InfoState, RulesError

#: The sides a strategy file may name.
SIDES = ("player", "banker")


def parse_strategy(text: str, what: str) -> str:
    """A strategy's name (``STRATEGIES``) or the path of a strategy file, as given."""
    from exact_odds.files import is_file
    from exact_odds.rules.chart import STRATEGIES

    if text in STRATEGIES:
        return text
    if not is_file(Path(text)):
        raise RulesError(f"{what}: {text!r} is not one of {', '.join(STRATEGIES)} nor a "
                         "strategy file")
    return text


def load_strategy(path: str | Path, rules: DrawingRules) -> DrawingRules:
    """The rules played by the strategy in the file at ``path`` (the module's doc)."""
    try:
        data = read_yaml(Path(path))
    except InputFileError as error:
        raise RulesError(str(error)) from None
    return strategy_rules(data, rules, str(path))


def strategy_rules(data: object, rules: DrawingRules, where: str) -> DrawingRules:
    """``rules`` played by a strategy given as data: ``{player: {STATE: CHOICE}, banker:
    {...}}``, or the lists of ``{state: [...], draws: ...}`` that JSON output holds."""
    if not isinstance(data, dict) or not data or set(map(str, data)) - {*SIDES, "format"} \
            and not _from_output(data):
        raise RulesError(f"{where}: a strategy file is a mapping of player: and/or banker: "
                         "to each state's choice")
    if isinstance(data.get("decisions"), list):  # the bettor's: by his cards and the up card
        _sees(rules, "player", where)
        option = rules.option
        assert option is not None
        return _mixing(rules.with_strategy(_visible(_decisions(data["decisions"], rules, where),
                                                    option.sees), "file"), where)
    if not any(side in data for side in SIDES):
        raise RulesError(f"{where}: the file names neither player: nor banker: (each "
                         "side's choice by state)")
    played = rules
    for side in SIDES:
        if side not in data:
            continue
        sees = _sees(rules, side, where)
        choices = _choices(data[side], sees, f"{where}: {side}")
        _check_chooses(rules, side, choices, f"{where}: {side}")
        if side == "player":
            played = played.with_strategy(_visible(choices, sees), "file")
        else:
            played = played.with_banker_strategy(choices)
    return _mixing(played, where)


def _mixing(played: DrawingRules, where: str) -> DrawingRules:
    """The rules played, refused where they mix at more than ``MAX_MIXED_STATES`` states."""
    if len(played.mixed) > MAX_MIXED_STATES:
        raise LimitError(f"{where}: the strategy draws with a probability between 0 and 1 at "
                         f"{len(played.mixed)} states, past the limit of {MAX_MIXED_STATES} "
                         "(each doubles the work): give draw or stand at the others")
    return played


def _from_output(data: dict[Any, Any]) -> bool:
    """Whether the mapping is ``exact-odds strategy``'s JSON (other fields beside the two
    sides' lists, or beside the bettor's ``decisions``)."""
    return any(isinstance(data.get(side), list) for side in (*SIDES, "decisions"))


def _decisions(given: list[Any], rules: DrawingRules, where: str
               ) -> dict[InfoState, bool | Fraction]:
    """The bettor's choices as ``exact-odds strategy`` writes them for a game where he alone
    decides: ``[{player_cards: [low, high], dealer_up: up, choice: hit|stand}, ...]``, as
    a map by what he sees (``option.sees``: his cards or only their total, the up card where
    he sees it). Two entries he cannot tell apart (his cards where he sees only their total,
    or the up card where he does not see it) with two choices are refused: no play of his
    can follow them."""
    option = rules.option
    assert option is not None
    found: dict[InfoState, bool | Fraction] = {}
    first: dict[InfoState, int] = {}
    for at, entry in enumerate(given):
        cards = entry.get("player_cards") if isinstance(entry, dict) else None
        up = entry.get("dealer_up") if isinstance(entry, dict) else None
        if (not isinstance(cards, list) or len(cards) != 2 or any(
                type(c) is not int or not 0 <= c <= 9 for c in (*cards, *([up] if up is not None
                                                                         else [])))):
            raise RulesError(f"{where}: decisions[{at}]: player_cards is two point values 0-9 "
                             "(and dealer_up one, or null)")
        if up is None and option.sees_up_card:  # else a state no deal shows, never played
            raise RulesError(f"{where}: decisions[{at}]: no dealer_up: the bettor decides "
                             "seeing the dealer's up card, a point value 0-9")
        low, high = sorted(cards)
        if not rules.player_chooses((low + high) % 10):
            raise RulesError(f"{where}: decisions[{at}]: the bettor does not choose on "
                             f"{low},{high}")
        info = option.information((low, high, up if option.sees_up_card else None))
        choice = _choice(entry.get("choice"), f"{where}: decisions[{at}]")
        if found.setdefault(info, choice) != choice:
            raise RulesError(f"{where}: decisions[{at}] and decisions[{first[info]}] are one "
                             f"state to the bettor, who sees {', '.join(option.sees)}, with two "
                             "choices")
        first.setdefault(info, at)
    return found


def _sees(rules: DrawingRules, side: str, where: str) -> tuple[str, ...]:
    decision = rules.option if side == "player" else rules.banker_option
    if decision is None:
        raise RulesError(f"{where}: {side}: the {rules.name} rules give the "
                         f"{side.title()} no choice")
    return decision.sees


def _choices(given: object, sees: tuple[str, ...], where: str) -> dict[InfoState, bool | Fraction]:
    """Each state's choice, the states read as tuples of what the side sees."""
    if isinstance(given, list):  # exact-odds strategy's JSON: [{state: [...], draws: "p/q"}]
        for number, entry in enumerate(given, 1):
            if not isinstance(entry, dict) or not {"state", "draws"} <= set(entry):
                raise RulesError(f"{where}: entry {number} is not a mapping of state: and "
                                 "draws: (as exact-odds strategy --format json writes them)")
        pairs = [(entry["state"], entry["draws"]) for entry in given]
    elif isinstance(given, dict):
        pairs = list(given.items())
    else:
        raise RulesError(f"{where}: a mapping of each state to draw, stand or a probability")
    found: dict[InfoState, bool | Fraction] = {}
    for state, choice in pairs:
        key = _state(state, sees, where)
        if key in found:
            raise RulesError(f"{where}: state {state!r} is given twice")
        found[key] = _choice(choice, f"{where}: state {state!r}")
    return found


def _check_chooses(rules: DrawingRules, side: str, choices: dict[InfoState, Any],
                   where: str) -> None:
    """Refuse a state where the side does not choose (a forced draw, a natural)."""
    for state in choices:
        if side == "player":
            assert rules.option is not None
            chooses = rules.player_chooses(rules.option.total_of(state))
        else:
            banker = rules.banker_option
            assert banker is not None
            chooses = rules.banker_chooses(banker.total_of(state), banker.third_of(state))
        if not chooses:
            shown = ", ".join("stood" if v is None else str(v) for v in state)
            raise RulesError(f"{where}: state {shown}: the {side.title()} does not choose "
                             "there (the rules draw or stand for him)")


def _state(state: object, sees: tuple[str, ...], where: str) -> InfoState:
    """A state as written (``"0,5"``, ``"6, stood"``, or a list), read as the values of the
    columns ``sees``: a point value 0-9 each, ``stood`` only for the Player's third card,
    two cards low first; refused, naming it, where no deal can show it."""
    parts = state if isinstance(state, list) else str(state).split(",") if state is not None else []
    values: list[int | None] = []
    for part in parts:
        text = str(part).strip().lower() if part is not None else "stood"
        if text in ("stood", "none", "null"):
            values.append(None)
        elif len(text) == 1 and text.isdecimal():
            values.append(int(text))
        else:
            values = []
            break
    if len(values) != len(sees):
        raise RulesError(f"{where}: state {state!r} is not {len(sees)} point value(s) (0-9) "
                         f"separated by commas: {', '.join(sees)}")
    known = dict(zip(sees, values))
    for column, value in known.items():
        if value is None and column != "player_third":
            raise RulesError(f"{where}: state {state!r}: {column} is a point value (0-9); "
                             "'stood' is only for the Player's third card (player_third)")
    for side in ("player", "banker"):
        first, second = known.get(f"{side}_low_card"), known.get(f"{side}_high_card")
        if first is not None and second is not None and first > second:
            raise RulesError(f"{where}: state {state!r}: write the {side.title()}'s two cards "
                             f"low first, {second},{first}")
    return tuple(values)


def _choice(choice: object, where: str) -> bool | Fraction:
    if isinstance(choice, bool):
        return choice
    text = str(choice).strip().lower()
    if text in ("draw", "hit", "d", "h"):
        return True
    if text in ("stand", "s"):
        return False
    from exact_odds.numbers import parse_number

    try:  # the one reader of a number a person writes (its length and exponent bounded)
        p = parse_number(text, where)
    except ExactOddsError as error:
        raise RulesError(f"{error} (a choice is draw, stand or a probability: 0.25, 9/11, "
                         "1 or 0)") from None
    if not 0 <= p <= 1 or p.denominator > 10**12:
        raise RulesError(f"{where}: {choice!r} is not a probability from 0 to 1 (with a "
                         "denominator of at most 10^12)")
    return p if 0 < p < 1 else p == 1


def _visible(choices: dict[InfoState, bool | Fraction], sees: tuple[str, ...]
             ) -> dict[InfoState, bool | Fraction]:
    """The Player's choices by information state as a map by visible state (his two cards'
    point values, low first, and the up card where he sees it): how the rules take them."""
    found: dict[InfoState, bool | Fraction] = {}
    ups: list[int | None] = list(range(10)) if "dealer_up" in sees else [None]
    for low in range(10):
        for high in range(low, 10):
            for up in ups:
                known = {"player_low_card": low, "player_high_card": high,
                         "player_two_card_total": (low + high) % 10, "dealer_up": up}
                info = tuple(known[name] for name in sees)
                if info in choices:
                    found[(low, high, up)] = choices[info]
    return found
