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
from functools import cache
from pathlib import Path
from typing import Any

from exact_odds.files import InputFileError, is_file, read_yaml
from exact_odds.rules.chart import (
    HIT,
    OPTION,
    STAND,
    VISIBLE_COLUMNS,
    DrawingRules,
    Option,
    RulesError,
)
from exact_odds.rules.round import NATURALS, VALUATIONS

_KEYS = {"name", "title", "source", "readings", "naturals", "player", "banker", "option",
         "cards", "valuation", "compare"}
_OPTION_KEYS = {"house_way", "sees", "after_natural_check"}
_COLUMNS = [f"player third {x}" for x in range(10)] + ["player stood"]


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
    name = _word(data.get("name", default_name), "name", fail)
    title = _word(data.get("title"), "title", fail)
    source = data.get("source", {})
    if not isinstance(source, dict):
        raise fail("field 'source' must be a mapping (document, seed, ...)")
    readings = data.get("readings", [])
    if not isinstance(readings, list) or not all(isinstance(r, str) for r in readings):
        raise fail("field 'readings' must be a list of sentences")
    about: dict[str, Any] = {
        "name": name, "title": title, "source": tuple((str(k), str(v)) for k, v in source.items()),
        "readings": tuple(r.strip() for r in readings)}
    if data.get("compare", "higher") != "higher":
        raise fail(f"field 'compare' is {data['compare']!r}: the hands compare by 'higher' "
                   "total (equal totals tie), the only comparison supported")
    valuation = data.get("valuation", "points")
    if valuation not in VALUATIONS:
        raise fail(f"field 'valuation' is {valuation!r}: a hand is valued by 'points' "
                   "(baccarat, with a drawing chart) or 'rank' (ace 1 ... king 13, no draws)")
    if valuation == "rank":
        return _dealt_only(data, about, fail)
    if data.get("cards", 2) != 2 or isinstance(data.get("cards"), bool):
        raise fail(f"field 'cards' is {data['cards']!r}: a game valued by points deals two "
                   "cards to each hand, then draws by its chart")
    for required in ("naturals", "player", "banker"):
        if required not in data:
            raise fail(f"missing field {required!r}")
    naturals = data["naturals"]
    if not isinstance(naturals, list) or [type(n) for n in naturals] != [int, int] \
            or naturals != list(NATURALS):
        raise fail(f"field 'naturals' is {naturals!r}: the outcome vocabulary reads a natural "
                   "as a two-card 8 or 9, so only [8, 9] is supported")
    player = _row(data["player"], 10, "player", (HIT, STAND, OPTION), fail)
    for total in naturals:
        if player[total] != STAND:
            raise fail(f"player, total {total}: cell {player[total]!r}: a natural ends the "
                       "round, the cell must be S")
    banker = _banker(data["banker"], tuple(naturals), fail)
    option = _option(data.get("option"), player, fail)
    return DrawingRules(naturals=tuple(naturals), player=player, banker=banker,
                        option=option, **about)


def _dealt_only(data: dict[str, Any], about: dict[str, Any], fail: Any) -> DrawingRules:
    """Rules of a game without draws: ``cards`` to each hand, valued by rank."""
    drawn = sorted({"naturals", "player", "banker", "option"} & set(data))
    if drawn:
        raise fail(f"field {drawn[0]!r}: a game valued by rank has no naturals and no "
                   "drawing chart (each hand keeps the cards it is dealt)")
    cards = data.get("cards")
    if isinstance(cards, bool) or not isinstance(cards, int) or not 1 <= cards <= 3:
        raise fail(f"field 'cards' is {cards!r}: the cards dealt to each hand, 1, 2 or 3")
    return DrawingRules(naturals=(), player=(), banker=(), cards=cards, valuation="rank",
                        **about)


def _word(value: object, field_name: str, fail: Any) -> str:
    if not isinstance(value, str) or not value.strip():
        raise fail(f"field {field_name!r} must be text, got {value!r}")
    return value.strip()


def _row(text: object, width: int, label: str, allowed: tuple[str, ...], fail: Any,
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


def _banker(data: object, naturals: tuple[int, ...], fail: Any) -> tuple[tuple[str, ...], ...]:
    if not isinstance(data, dict):
        raise fail("field 'banker' must map each Banker two-card total (0-9) to a row")
    rows: dict[int, tuple[str, ...]] = {}
    for total, text in data.items():
        if isinstance(total, bool) or not isinstance(total, int) or not 0 <= total <= 9:
            raise fail(f"banker, row {total!r}: out of range, a row is a two-card total 0-9")
        cells = _row(text, 11, f"banker, row {total}", (HIT, STAND), fail, _COLUMNS)
        if total in naturals and HIT in cells:
            raise fail(f"banker, row {total}: a natural ends the round, every cell must be S")
        rows[total] = cells
    for total in range(10):
        if total not in rows:
            if total in naturals:
                rows[total] = (STAND,) * 11
            else:
                raise fail(f"banker: the chart has a hole: no row for a two-card total of {total}")
    return tuple(rows[total] for total in range(10))


def _option(data: object, player: tuple[str, ...], fail: Any) -> Option | None:
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
    missing = sorted(_OPTION_KEYS - set(data))
    if missing:
        raise fail(f"option: missing field {missing[0]!r}")
    house_way = data["house_way"]
    if house_way not in (HIT, STAND):
        raise fail(f"option, field 'house_way': {house_way!r} is not H or S")
    sees = data["sees"]
    if (not isinstance(sees, list) or not all(isinstance(s, str) for s in sees)
            or not {"player_low_card", "player_high_card"} <= set(sees)
            or not set(sees) <= set(VISIBLE_COLUMNS)):
        raise fail(f"option, field 'sees': {sees!r}: a list holding player_low_card and "
                   "player_high_card, and dealer_up if the bettor sees the dealer's up card")
    checked = data["after_natural_check"]
    if not isinstance(checked, bool):
        raise fail(f"option, field 'after_natural_check' is true or false, not {checked!r}")
    ordered = tuple(c for c in VISIBLE_COLUMNS if c in sees)
    return Option(totals, house_way == HIT, ordered, checked)


def read_game_rules(data: dict[str, Any], path: Path, bet_ids: tuple[str, ...]
               ) -> tuple[DrawingRules, str, str | None]:
    """A game file's drawing-rule fields, checked: ``rules`` (a name or inline), ``strategy``
    (how the option is taken by default) and ``option: {optimise: BET}`` (the bet the best
    play on the option is computed for). Returns (rules, strategy, the bet optimised for)."""
    from exact_odds.rules.chart import STRATEGIES

    rules = rules_field(data.get("rules"), path)
    strategy = data.get("strategy", "house-way")
    if strategy not in STRATEGIES:
        raise RulesError(f"{path}: field 'strategy' is {strategy!r}; known: {', '.join(STRATEGIES)}")
    if "strategy" in data and rules.option is None:
        raise RulesError(f"{path}: field 'strategy' applies to rules with an option; the "
                         f"{rules.name} rules leave the bettor no choice")
    option = data.get("option")
    if option is None:
        if strategy == "optimal":
            raise RulesError(f"{path}: field 'strategy' is optimal: the optimal play needs the "
                             "bet it is played for, 'option: {optimise: BET}'")
        return rules, strategy, None
    if rules.option is None:
        raise RulesError(f"{path}: field 'option': the {rules.name} rules give the bettor no option")
    if not isinstance(option, dict) or set(option) != {"optimise"}:
        raise RulesError(f"{path}: field 'option' is a mapping with one field, 'optimise': "
                         "the id of the bet the best play on the option is computed for")
    bet = option["optimise"]
    if bet not in bet_ids:
        raise RulesError(f"{path}: field 'option', 'optimise': {bet!r} is not a bet of this "
                         f"game ({', '.join(bet_ids)})")
    return rules, strategy, str(bet)
