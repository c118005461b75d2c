"""Reading and checking rules files (``tables/rules/*.yaml``) and a game file's ``rules:``.

A rules file, every field checked (a chart with a hole, a cell that is not H/S/O, a row or
a column out of range is refused with the file, the cell and the reason)::

    name: punto-banco
    title: punto banco tableau                     # what reports print
    source: {document: "...", seed: 000_...txt}
    readings: ["..."]
    naturals: [8, 9]          # two-card totals that end the round: neither hand draws
    #      two-card total:  0 1 2 3 4 5 6 7 8 9
    player:                "H H H H H H S S S S"    # H hit, S stand, O the bettor's option
    banker:                # a row per Banker two-card total (naturals may be left out)
      #  Player's third card: 0 1 2 3 4 5 6 7 8 9  stood
      3:                     "H H H H H H H H S H  H"
      ...
    option:                # only where a Player cell is O
      house_way: H         # how the house plays it
      sees: [player_low_card, player_high_card, dealer_up]
      after_natural_check: true   # the dealer checks the hole card for a natural first

A game without draws (Dragon Tiger) says how many cards each hand gets and how a hand is
valued, and has no chart (``rules.round`` describes both families)::

    name: dragon-tiger
    title: Dragon Tiger
    cards: 1                  # cards to each hand (1-3); no hand draws
    valuation: rank           # a hand's total: the sum of its ranks, ace 1 ... king 13
    compare: higher           # the higher total wins, equal totals tie

>>> load_rules("21st-century").describe()
'21st Century 5.0 (player option on 5: house-way)'
>>> rules_field("punto-banco", Path("game.yaml")).name
'punto-banco'
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace
from functools import cache
from pathlib import Path
from typing import Any

from exact_odds.cards import RANKS
from exact_odds.files import InputFileError, is_file, read_yaml
from exact_odds.rules.chart import (
    BANKER_COLUMNS,
    CHOOSE_HIT,
    CHOOSE_STAND,
    DECIDERS,
    HIT,
    OPTION,
    STAND,
    VISIBLE_COLUMNS,
    BankerOption,
    DrawingRules,
    Information,
    Option,
    RulesError,
)
from exact_odds.rules.round import NATURALS, VALUATIONS, HandValue

_KEYS = {"name", "title", "source", "readings", "naturals", "player", "banker", "option",
         "banker_option", "information", "cards", "valuation", "compare", "values",
         "ranking"}
_BANKER_OPTION_KEYS = {"who", "sees"}
_OPTION_KEYS = {"house_way", "sees", "after_natural_check", "who"}
_OPTION_REQUIRED = {"house_way", "sees", "after_natural_check"}
_COLUMNS = [f"player third {x}" for x in range(10)] + ["player stood"]

#: How a field's check fails: the message, in the error that names the file and field.
Fail = Callable[[str], RulesError]


def rules_dir() -> Path:
    """Where the shipped rules files are: inside the installed package, or the checkout."""
    package = Path(__file__).resolve().parent.parent
    for candidate in (package / "tables" / "rules", package.parent / "tables" / "rules"):
        if candidate.is_dir():
            return candidate
    raise RulesError("the shipped rules files (tables/rules) are missing from this installation")


def builtin_rules() -> list[str]:
    """The names of the shipped rules files, sorted."""
    return sorted(path.stem for path in rules_dir().glob("*.yaml"))


def load_rules(name: str) -> DrawingRules:
    """The shipped rules called ``name`` (``tables/rules/NAME.yaml``), checked."""
    from exact_odds.errors import check_type

    check_type(name, str, "name", f"the name of shipped rules ({', '.join(builtin_rules())})")
    return _load_rules(name)


@cache
def _load_rules(name: str) -> DrawingRules:
    path = rules_dir() / f"{name}.yaml"
    if not re.fullmatch(r"[a-z0-9][a-z0-9-]*", name) or not is_file(path):
        known = ", ".join(builtin_rules())
        raise RulesError(f"unknown rules {name!r}: the shipped rules are {known}; "
                         "or write the rules inline under 'rules:'")
    return parse_rules(_read(path), str(path), name)


def rules_field(value: object, path: Path) -> DrawingRules:
    """A game file's ``rules:``: the name of a shipped rules file, or the rules inline."""
    if isinstance(value, str) and value.strip():
        try:
            return load_rules(value.strip())
        except RulesError as error:
            raise RulesError(f"{path}: field 'rules': {error}") from None
    if isinstance(value, dict):
        return parse_rules(value, f"{path}: field 'rules'", path.stem)
    raise RulesError(f"{path}: field 'rules' must name a rules file "
                     f"({', '.join(builtin_rules())}) or hold the rules as a mapping")


def _read(path: Path) -> object:
    """A rules file, read by the one YAML reader (``exact_odds.files``), its errors as
    ``RulesError`` naming the file."""
    try:
        return read_yaml(path)
    except InputFileError as error:
        raise RulesError(str(error)) from None


def parse_rules(data: object, where: str, default_name: str = "rules") -> DrawingRules:
    """Check rules given as data (a rules file, or a game file's inline ``rules:``);
    ``where`` starts every error message (the file, and the field)."""

    def fail(message: str) -> RulesError:
        return RulesError(f"{where}: {message}")

    if not isinstance(data, dict):
        raise fail("the rules must be a mapping with title, naturals, player and banker")
    unknown = sorted(set(map(str, data)) - _KEYS)
    if unknown:
        raise fail(f"unknown field {unknown[0]!r} (allowed: {', '.join(sorted(_KEYS))})")
    about = _about(data, default_name, fail)
    if data.get("compare", "higher") != "higher":
        raise fail(f"field 'compare' is {data['compare']!r}: the hands compare by 'higher' "
                   "total (equal totals tie), the only comparison supported")
    valuation = data.get("valuation", "points")
    if valuation not in VALUATIONS:
        raise fail(f"field 'valuation' is {valuation!r}: a hand is valued by 'points' "
                   "(modulo 10) or 'rank' (ace 1 ... king 13)")
    values = _values(data.get("values", {}), fail)
    ranking = _ranking(data.get("ranking", ["total"]), values, fail)
    about.update(valuation=valuation, values=values, ranking=ranking)
    if "player" not in data and "banker" not in data:
        return _dealt_only(data, about, fail)
    if valuation != "points" or ranking != ("total",):
        raise fail("a game whose hands draw by a chart values them by 'points' and ranks them "
                   "by their total: fields 'valuation' and 'ranking' are for games without draws")
    if data.get("cards", 2) != 2 or isinstance(data.get("cards"), bool):
        raise fail(f"field 'cards' is {data['cards']!r}: a game that draws deals two cards "
                   "to each hand, then draws by its chart")
    for required in ("naturals", "player", "banker"):
        if required not in data:
            raise fail(f"missing field {required!r}")
    naturals = data["naturals"]
    if not isinstance(naturals, list) or any(type(n) is not int for n in naturals) \
            or naturals not in ([], list(NATURALS)):
        raise fail(f"field 'naturals' is {naturals!r}: [8, 9] (a two-card 8 or 9 ends the "
                   "round, as the outcome vocabulary reads a natural) or [] (no naturals)")
    player = _row(data["player"], 10, "player", (HIT, STAND, OPTION), fail)
    for total in naturals:
        if player[total] != STAND:
            raise fail(f"player, total {total}: cell {player[total]!r}: a natural ends the "
                       "round, the cell must be S")
    banker = _banker(data["banker"], tuple(naturals), fail)
    option = _option(data.get("option"), player, tuple(naturals), fail)
    banker_option = _banker_option(data.get("banker_option"), banker, fail)
    rules = DrawingRules(naturals=tuple(naturals), player=player, banker=banker,
                         option=option, banker_option=banker_option, **about)
    information = (_information(data["information"], option, banker_option, fail)
                   if "information" in data else ())
    _check_two_sided(option, banker_option, information, fail)
    if not information:
        return rules
    default = information[0]
    for side, written in (("option", option), ("banker_option", banker_option)):
        seen = default.player if side == "option" else default.banker
        if written is not None and seen is not None and seen != written.sees:
            raise fail(f"field 'information': its default, {default.name}, sees "
                       f"{', '.join(seen)}, but field '{side}' sees {', '.join(written.sees)}: "
                       "write them alike")
    return replace(rules, information=information)


def _about(data: dict[str, Any], default_name: str, fail: Fail) -> dict[str, Any]:
    """The rules' name, title, source and readings, checked."""
    name = _word(data.get("name", default_name), "name", fail)
    title = _word(data.get("title"), "title", fail)
    source = data.get("source", {})
    if not isinstance(source, dict):
        raise fail("field 'source' must be a mapping (document, seed, ...)")
    readings = data.get("readings", [])
    if not isinstance(readings, list) or not all(isinstance(r, str) for r in readings):
        raise fail("field 'readings' must be a list of sentences")
    return {"name": name, "title": title,
            "source": tuple((str(k), str(v)) for k, v in source.items()),
            "readings": tuple(r.strip() for r in readings)}


def _dealt_only(data: dict[str, Any], about: dict[str, Any], fail: Fail) -> DrawingRules:
    """Rules of a game without draws: ``cards`` to each hand, valued by ``valuation``."""
    drawn = sorted({"naturals", "player", "banker", "option", "banker_option",
                    "information"} & set(data))
    if drawn:
        raise fail(f"field {drawn[0]!r}: a game without a drawing chart has no naturals, no "
                   "options and nothing to decide (each hand keeps the cards it is dealt)")
    cards = data.get("cards")
    if isinstance(cards, bool) or not isinstance(cards, int) or not 1 <= cards <= 3:
        raise fail(f"field 'cards' is {cards!r}: the cards dealt to each hand, 1, 2 or 3")
    return DrawingRules(naturals=(), player=(), banker=(), cards=cards, **about)


_VALUE_NAME = re.compile(r"[a-z][a-z0-9_]{0,39}")


def _values(data: object, fail: Fail) -> tuple[HandValue, ...]:
    """``values:``: each hand value's name and what it is, ``{count: RANKS}`` (how many of
    the hand's cards are of those ranks) or ``{all: RANKS}`` (whether every card is)."""
    if not isinstance(data, dict):
        raise fail("field 'values' must map each hand value's name to {count: [ranks]} or "
                   "{all: [ranks]}")
    found = []
    for name, spec in data.items():
        if not isinstance(name, str) or not _VALUE_NAME.fullmatch(name) or name == "total":
            raise fail(f"values: {name!r} is not a name for a hand value (lower-case letters, "
                       "digits and _, not 'total')")
        if not isinstance(spec, dict) or len(spec) != 1 or next(iter(spec)) not in ("count", "all"):
            raise fail(f"values, {name}: {spec!r} is not {{count: [ranks]}} or {{all: [ranks]}}")
        kind, ranks = next(iter(spec.items()))
        letters = [("T" if str(r).upper() == "10" else str(r).upper()) for r in ranks] \
            if isinstance(ranks, list) else None
        if not letters or any(r not in RANKS for r in letters) or len(set(letters)) != len(letters):
            raise fail(f"values, {name}: {ranks!r} is not a list of distinct ranks "
                       "(A, 2-9, 10 or T, J, Q, K)")
        found.append(HandValue(name, kind, frozenset(letters)))
    return tuple(found)


def _ranking(data: object, values: tuple[HandValue, ...], fail: Fail) -> tuple[str, ...]:
    """``ranking:``: what hands are compared by, in order: ``total`` and hand values."""
    names = ["total", *(value.name for value in values)]
    if (not isinstance(data, list) or not data or not all(isinstance(n, str) for n in data)
            or len(set(data)) != len(data) or not set(data) <= set(names)):
        raise fail(f"field 'ranking' is {data!r}: a list of distinct names among "
                   f"{', '.join(names)}, compared in that order (the higher wins)")
    return tuple(data)


def _word(value: object, field_name: str, fail: Fail) -> str:
    if not isinstance(value, str) or not value.strip():
        raise fail(f"field {field_name!r} must be text, got {value!r}")
    return value.strip()


def _row(text: object, width: int, label: str, allowed: tuple[str, ...], fail: Fail,
         columns: list[str] | None = None) -> tuple[str, ...]:
    """One chart row: ``width`` cells separated by spaces, each one of ``allowed``."""
    names = columns or [f"total {t}" for t in range(width)]
    if not isinstance(text, str):
        raise fail(f"{label}: a row is a quoted line of {width} cells "
                   f"({' '.join(allowed)}), got {text!r}")
    cells = tuple(text.split())
    if len(cells) != width:
        heading = ", ".join(names)
        raise fail(f"{label}: {len(cells)} cells; the row needs {width} ({heading})")
    for column_name, cell in zip(names, cells):
        if cell not in allowed:
            raise fail(f"{label}, {column_name}: cell {cell!r} is not "
                       f"{' or '.join(allowed)}")
    return cells


def _banker(data: object, naturals: tuple[int, ...], fail: Fail) -> tuple[tuple[str, ...], ...]:
    if not isinstance(data, dict):
        raise fail("field 'banker' must map each Banker two-card total (0-9) to a row")
    rows: dict[int, tuple[str, ...]] = {}
    for total, text in data.items():
        if isinstance(total, bool) or not isinstance(total, int) or not 0 <= total <= 9:
            raise fail(f"banker, row {total!r}: out of range, a row is a two-card total 0-9")
        cells = _row(text, 11, f"banker, row {total}", (HIT, STAND, CHOOSE_HIT, CHOOSE_STAND),
                     fail, _COLUMNS)
        if total in naturals and set(cells) != {STAND}:
            raise fail(f"banker, row {total}: a natural ends the round, every cell must be S")
        rows[total] = cells
    for total in range(10):
        if total not in rows:
            if total in naturals:
                rows[total] = (STAND,) * 11
            else:
                raise fail(f"banker: the chart has a hole: no row for a two-card total of {total}")
    return tuple(rows[total] for total in range(10))


def _option(data: object, player: tuple[str, ...], naturals: tuple[int, ...], fail: Fail
            ) -> Option | None:
    totals = tuple(t for t, cell in enumerate(player) if cell == OPTION)
    if data is None:
        if totals:
            raise fail(f"player, total {totals[0]}: the cell is O (the bettor's option) but "
                       "there is no 'option' field saying how the house plays it and what "
                       "the bettor sees")
        return None
    if not totals:
        raise fail("field 'option' is given but no player cell is O")
    if not isinstance(data, dict):
        raise fail("field 'option' must be a mapping with house_way, sees and "
                   "after_natural_check")
    unknown = sorted(set(map(str, data)) - _OPTION_KEYS)
    if unknown:
        raise fail(f"option: unknown field {unknown[0]!r} (allowed: "
                   f"{', '.join(sorted(_OPTION_KEYS))})")
    missing = sorted(_OPTION_REQUIRED - set(data))
    if missing:
        raise fail(f"option: missing field {missing[0]!r}")
    house_way = data["house_way"]
    if house_way not in (HIT, STAND):
        raise fail(f"option, field 'house_way': {house_way!r} is not H or S")
    sees = _player_sees(data["sees"], "option", fail)
    checked = data["after_natural_check"]
    if not isinstance(checked, bool):
        raise fail(f"option, field 'after_natural_check' is true or false, not {checked!r}")
    if checked and not naturals:
        raise fail("option, field 'after_natural_check' is true, but the rules have no "
                   "naturals (field 'naturals' is []): there is no natural to check for; "
                   "write false")
    who = data.get("who", "bettor")
    if who not in DECIDERS:
        raise fail(f"option, field 'who' is {who!r}: {' or '.join(DECIDERS)} (each bettor on "
                   "the hand decides, or the hand's holder)")
    return Option(totals, house_way == HIT, sees, checked, who)


def _player_sees(sees: object, where: str, fail: Fail) -> tuple[str, ...]:
    """What the Player's decision sees, checked, in ``VISIBLE_COLUMNS`` order."""
    cards_or_total = ({"player_low_card", "player_high_card"}, {"player_two_card_total"})
    if (not isinstance(sees, list) or not all(isinstance(s, str) for s in sees)
            or not set(sees) <= set(VISIBLE_COLUMNS) or len(set(sees)) != len(sees)
            or set(sees) - {"dealer_up"} not in cards_or_total):
        raise fail(f"{where}, field 'sees': {sees!r}: a list holding player_low_card and "
                   "player_high_card (the decider sees his two cards) or player_two_card_total "
                   "(only their total), and dealer_up if he sees the dealer's up card")
    return tuple(c for c in VISIBLE_COLUMNS if c in sees)


def _check_two_sided(option: Option | None, banker: BankerOption | None,
                     information: tuple[Information, ...], fail: Fail) -> None:
    """Where both hands choose, the Player decides on his own cards or total (his option's
    ``sees`` and each ``information`` choice's): the equilibrium is solved for no Player
    who sees the Banker's up card."""
    if option is None or banker is None:
        return
    for where, sees in (("option", option.sees), *(
            (f"information, choice {choice.name}, player", choice.player)
            for choice in information if choice.player is not None)):
        if "dealer_up" in sees:
            raise fail(f"{where}, field 'sees': dealer_up: where the Banker chooses too "
                       "(banker_option), the Player decides on his own cards or total; the "
                       "equilibrium is solved for no Player who sees the Banker's first card")


def _banker_sees(sees: object, where: str, fail: Fail) -> tuple[str, ...]:
    """What the Banker's choice sees, checked, in ``BANKER_COLUMNS`` order."""
    cards_or_total = ({"banker_low_card", "banker_high_card"}, {"banker_two_card_total"})
    if (not isinstance(sees, list) or not all(isinstance(s, str) for s in sees)
            or not set(sees) <= set(BANKER_COLUMNS) or len(set(sees)) != len(sees)
            or set(sees) - {"player_third"} not in cards_or_total):
        raise fail(f"{where}, field 'sees': {sees!r}: a list holding banker_low_card and "
                   "banker_high_card (the Banker sees his two cards) or banker_two_card_total "
                   "(only their total), and player_third if he sees the Player's third card")
    return tuple(c for c in BANKER_COLUMNS if c in sees)


def _banker_option(data: object, banker: tuple[tuple[str, ...], ...], fail: Fail
                   ) -> BankerOption | None:
    """``banker_option``: who takes the Banker's choice at the lower-case cells of his
    chart (h: the house way draws, s: it stands) and what he sees."""
    choices = any(cell in (CHOOSE_HIT, CHOOSE_STAND) for row in banker for cell in row)
    if data is None:
        if choices:
            raise fail("banker: a cell is h or s (the Banker's choice) but there is no "
                       "'banker_option' field saying what the Banker sees")
        return None
    if not choices:
        raise fail("field 'banker_option' is given but no banker cell is h or s")
    if not isinstance(data, dict):
        raise fail("field 'banker_option' must be a mapping with sees (and who)")
    unknown = sorted(set(map(str, data)) - _BANKER_OPTION_KEYS)
    if unknown:
        raise fail(f"banker_option: unknown field {unknown[0]!r} (allowed: "
                   f"{', '.join(sorted(_BANKER_OPTION_KEYS))})")
    sees = _banker_sees(data.get("sees"), "banker_option", fail)
    who = data.get("who", "banker")
    if who != "banker":
        raise fail(f"banker_option, field 'who' is {who!r}: the Banker hand's holder, 'banker'")
    return BankerOption(sees, who)


def _information(data: object, option: Option | None, banker: BankerOption | None,
                 fail: Fail) -> tuple[Information, ...]:
    """``information:``, a setting of every game these rules play: ``default`` and
    ``choices``, each naming what the Player's decision (``player:``) and the Banker's
    (``banker:``) see, as their ``sees:`` fields would."""
    if not isinstance(data, dict) or set(data) - {"default", "choices", "description"} \
            or not isinstance(data.get("choices"), dict) or not data["choices"]:
        raise fail("field 'information' must be a mapping with description, default and "
                   "choices (each choice a mapping of player: and banker: lists of columns)")
    found = []
    for name, sees in data["choices"].items():
        if not isinstance(name, str) or not re.fullmatch(r"[a-z][a-z0-9-]*", name) \
                or not isinstance(sees, dict) or set(sees) - {"player", "banker"}:
            raise fail(f"information, choice {name!r}: a name in lower-case words, mapping "
                       "player: and banker: to what each decision sees")
        player = banker_sees = None
        if "player" in sees:
            if option is None:
                raise fail(f"information, choice {name}: player: the rules give the Player "
                           "no decision")
            player = _player_sees(sees["player"], f"information, choice {name}, player", fail)
        if "banker" in sees:
            if banker is None:
                raise fail(f"information, choice {name}: banker: the rules give the Banker "
                           "no choice")
            banker_sees = _banker_sees(sees["banker"], f"information, choice {name}, banker",
                                       fail)
        found.append(Information(name, player, banker_sees))
    default = data.get("default")
    names = [choice.name for choice in found]
    if default not in names:
        raise fail(f"information, field 'default': {default!r} is not one of {', '.join(names)}")
    found.sort(key=lambda choice: choice.name != default)  # the default first
    description = str(data.get("description", ""))
    return tuple(replace(choice, description=description) for choice in found)


def read_game_rules(data: dict[str, Any], path: Path, bet_ids: tuple[str, ...],
                    rules: DrawingRules | None = None
                    ) -> tuple[DrawingRules, str, tuple[str, ...], str | None]:
    """A game file's drawing-rule fields, checked: ``rules`` (a name or inline), ``strategy``
    (how the option is taken by default) and ``option: {optimise: BET}`` (the bet the best
    play on the option is computed for, or a list of bets played for together; and
    ``banker: BET``, the Banker's, where he chooses too). Returns (rules, strategy, the bets
    optimised for: none where the game names none, the Banker's bet or None)."""
    from exact_odds.rules.chart import STRATEGIES

    rules = rules_field(data.get("rules"), path) if rules is None else rules
    strategy = data.get("strategy", "house-way")
    if strategy not in STRATEGIES:
        raise RulesError(f"{path}: field 'strategy' is {strategy!r}; known: {', '.join(STRATEGIES)}")
    if "strategy" in data and rules.option is None:
        raise RulesError(f"{path}: field 'strategy' applies to rules with an option; the "
                         f"{rules.name} rules leave the bettor no choice")
    option = data.get("option")
    if option is None:
        if strategy in ("optimal", "equilibrium"):
            raise RulesError(f"{path}: field 'strategy' is {strategy}: it needs the bet the play "
                             "is chosen for, 'option: {optimise: BET}'")
        return rules, strategy, (), None
    if rules.option is None:
        raise RulesError(f"{path}: field 'option': the {rules.name} rules give the bettor no option")
    if not isinstance(option, dict) or "optimise" not in option or set(option) - {"optimise", "banker"}:
        raise RulesError(f"{path}: field 'option' is a mapping with the field 'optimise': "
                         "the id of the bet the best play on the option is computed for, or a "
                         "list of bets played for together (the Enter and the Draw bet); and, "
                         "where the Banker chooses too, 'banker': the Banker's bet")
    chosen = option["optimise"]
    bets = chosen if isinstance(chosen, list) and chosen else [chosen]
    for bet in [*bets, *([option["banker"]] if "banker" in option else [])]:
        if not isinstance(bet, str) or bet not in bet_ids:
            raise RulesError(f"{path}: field 'option', 'optimise': {bet!r} is not a bet of this "
                             f"game ({', '.join(bet_ids)})")
    if len(set(bets)) != len(bets):
        raise RulesError(f"{path}: field 'option', 'optimise' names a bet twice: {bets!r}")
    if option.get("banker") in bets:
        raise RulesError(f"{path}: field 'option', 'banker': {option['banker']!r} is the "
                         "Player's bet too ('optimise'): each side plays for his own bet")
    if ("banker" in option) != (rules.banker_option is not None):
        raise RulesError(f"{path}: field 'option', 'banker': the Banker's bet is named where, "
                         "and only where, the rules let the Banker choose (banker_option)")
    return rules, strategy, tuple(bets), option.get("banker")
