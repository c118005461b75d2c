"""The game-file loader: find a game, read its YAML, check every field, build the ``Game``.

Everything in a file is checked before anything is computed. A mistake is reported with
the file, the bet, the event and the field, and what is wrong.

>>> game = load_game("commission-free")
>>> [bet.id for bet in game.bets]
['player', 'banker', 'tie']
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from exact_odds.errors import quoted
from exact_odds.files import exists, is_file, read_yaml
from exact_odds.games.condition_kinds import ConditionError, Setting
from exact_odds.games.conditions import RESERVED_WORDS, Condition
from exact_odds.games.dealing import DealingError, DealingProcedure, parse_dealing
from exact_odds.games.fields import (
    BET_FIELDS,
    EVENT_FIELDS,
    GAME_FIELDS,
    SETTING_FIELDS,
    SETTLEMENT_ORDERS,
    TABLE_FIELDS,
    check_record,
)
from exact_odds.games.library import expand, shared_bets
from exact_odds.games.model import (
    DRAWN,
    WITH_THE_DRAW,
    Bet,
    Event,
    Game,
    GameFileError,
    UnknownGameError,
)
from exact_odds.games.pays import PayError, parse_pay
from exact_odds.limits import MAX_BETS, MAX_EVENTS
from exact_odds.rules import CARDS_SEEN, DrawingRules
from exact_odds.rules.chart import INFORMATION
from exact_odds.rules.loader import read_game_rules, rules_field
from exact_odds.rules.round import RoundDescription
from exact_odds.vocabulary import (
    VocabularyError,
    declare_hand_values,
    known_column,
    known_from,
    unreadable,
)


def tables_dir() -> Path:
    """Where the built-in game files are: inside the installed package, or the checkout."""
    package = Path(__file__).resolve().parent.parent
    for candidate in (package / "tables", package.parent / "tables"):
        if candidate.is_dir():
            return candidate
    raise UnknownGameError("the built-in tables are missing from this installation")


def builtin_games() -> list[str]:
    """The ids of the built-in games, sorted."""
    return sorted(path.stem for path in tables_dir().glob("*.yaml"))


def extra_games() -> list[str]:
    """The ids of the side-bet games of ``tables/extra/`` (``extra/contrast-bonus``), sorted."""
    return sorted(f"extra/{path.stem}" for path in (tables_dir() / "extra").glob("*.yaml"))


def game_path(name: str) -> Path:
    """The file of a game given as a built-in id or a path."""
    as_path = Path(name)
    if as_path.suffix in (".yaml", ".yml") or exists(as_path):
        if not is_file(as_path):
            raise UnknownGameError(f"no game file at {quoted(name)}")
        return as_path
    builtin = tables_dir() / f"{name}.yaml"
    if is_file(builtin):
        return builtin
    import difflib

    games = builtin_games()
    near = difflib.get_close_matches(name, games, n=2)
    hint = f" (did you mean {' or '.join(near)}?)" if near else ""
    raise UnknownGameError(
        f"unknown game {name!r}{hint}; built-in games: {', '.join(games)}; "
        "or give the path of a YAML game file"
    )


def load_game(name: str | Path) -> Game:
    """Load a game by built-in id or path, checking every field."""
    from exact_odds.errors import check_type

    check_type(name, (str, Path), "game", "a built-in game's id or a game file's path")
    path = game_path(str(name))
    return parse_game(read_yaml(path), path)


# --- checking ----------------------------------------------------------------------------


def _fail(path: Path | str, where: str, message: str) -> GameFileError:
    return GameFileError(f"{path}: {where}: {message}" if where else f"{path}: {message}")


def parse_game(data: object, path: Path) -> Game:
    """Check a game file's data and build the ``Game``."""
    if not isinstance(data, dict):
        raise _fail(path, "", "a game file must be a mapping with name, decks, rules and bets")
    fields = check_record(path, "", data, GAME_FIELDS)
    game_id = fields.get("id", path.stem)
    settings = _parse_settings(path, fields.get("settings", {}))
    # the rules first: the hand values they name are columns the bets may read
    declared = rules_field(fields.get("rules"), path)
    try:
        declare_hand_values(declared.values, f"{path}: field 'rules'")
    except VocabularyError as error:
        raise GameFileError(str(error)) from None
    if declared.information:  # what each decision sees: a setting the rules declare
        choices = tuple(choice.name for choice in declared.information)
        default = choices[0]
        if INFORMATION in settings:  # the file may choose its default, among the rules' choices
            given = settings[INFORMATION]
            if set(given.choices) != set(choices):
                raise _fail(path, f"setting {INFORMATION!r}", f"the {declared.name} rules "
                            f"declare this setting with the choices {', '.join(choices)}: the "
                            "game file may only choose its default among them")
            default = str(given.default)
        settings[INFORMATION] = Setting(INFORMATION, default, choices,
                                        declared.information[0].description)
    raw_bets: list[tuple[int, dict[str, Any]]] = []
    for index, entry in enumerate(fields["bets"], start=1):
        raw_bets += [(index, bet) for bet in expand(entry, path, index, tables_dir())]
    if len(raw_bets) > MAX_BETS:
        raise _fail(path, "bets", f"{len(raw_bets):,} bets (mirrors included); a game has at "
                    f"most {MAX_BETS}")
    # the rules as played before the bets: a bet's conditions are read against the game's
    # own round (how many cards a hand and a round hold)
    rules, strategy, optimise, banker_bet = read_game_rules(fields, path, tuple(
        raw["id"] for _, raw in raw_bets if isinstance(raw.get("id"), str)), declared)
    bets = []
    seen: set[str] = set()
    for index, raw in raw_bets:
        bet = _parse_bet(path, index, raw, settings, rules.round)
        if bet.id in seen:
            raise _fail(path, f"bet {bet.id!r}", "this bet id is used twice")
        seen.add(bet.id)
        bets.append(bet)
    for bet in bets:  # a column the game's round cannot read (a pair, with one card each)
        unread = unreadable(tuple(bet.columns), rules.round)
        if unread:
            raise _fail(path, f"bet {bet.id!r}", f"{unread} ({rules.title})")
    _check_offered(path, bets, rules)
    table = _parse_table(path, fields.get("table", {}))
    return Game(game_id, fields["name"], rules, fields["decks"], tuple(bets),
                fields.get("source", {}), tuple(fields.get("readings", [])),
                tuple(fields.get("decks_allowed", [])), strategy, str(path), settings, optimise,
                table, _parse_dealing(path, fields.get("dealing")), banker_bet)


def _check_offered(path: Path, bets: list[Bet], rules: DrawingRules) -> None:
    """A bet is offered only on what is known when it is placed (``Bet.offered``): a bet
    placed before the deal on nothing of the deal (the loader refuses its ``offered:``), a
    late bet on the visible cards, the columns the rules' option ``sees:``, and what they
    decide (``known_from``: the Player's two-card total from its two cards). Rules with no
    option show what field 'placed' says: the Player's two cards and the dealer's up card.
    A mirrored or shared bet is checked as it is expanded."""
    sees = rules.option.sees if rules.option is not None else CARDS_SEEN
    known = known_from(sees)
    if bets and all(bet.adds_stake for bet in bets):
        raise _fail(path, "bets", f"every bet is placed {WITH_THE_DRAW}: a stake the draw "
                    "adds is added to a bet placed before the deal (as the Draw bet to the "
                    "Enter bet), and the game has none")
    for bet in bets:
        if bet.adds_stake:  # placed by the bettor's draw: the rules must let him draw
            if rules.option is None or rules.option.who != "bettor":
                raise _fail(path, f"bet {bet.id!r}", f"field 'placed' is {WITH_THE_DRAW}: the "
                            f"{rules.name} rules give the bettor no decision to draw")
            continue
        unknown = sorted(bet.offered.columns - known) if bet.offered is not None else []
        if unknown:
            where = (f"the {rules.name} rules' option sees {', '.join(sees)}"
                     if rules.option is not None else
                     f"the {rules.name} rules have no option saying what the bettor sees: "
                     f"a late bet sees {', '.join(sees)}")
            raise _fail(path, f"bet {bet.id!r}", f"field 'offered' reads {unknown[0]}, which "
                        "is not known when the bet is placed: a late bet may be offered only "
                        f"on the cards seen ({where}) and what they decide "
                        f"({', '.join(sorted(known - set(sees)))})")


def _parse_table(path: Path, data: dict[str, Any]) -> dict[str, str]:
    """``table:``: how the game's wagers are settled at a player-dealer's table."""
    checked = check_record(path, "table", data, TABLE_FIELDS)
    return {"settlement_order": checked.get("settlement_order", SETTLEMENT_ORDERS[0])}


def _parse_dealing(path: Path, data: object) -> DealingProcedure:
    """The dealing procedure of the ``dealing:`` section, checked with the rest of the file."""
    try:
        return parse_dealing(data)
    except DealingError as error:
        raise _fail(path, "dealing", str(error)) from None


def check_shared_bets() -> dict[str, Bet]:
    """Every shared bet of ``tables/bets/``, checked as a game file's bet is."""
    return {bet_id: _parse_bet(path, 0, raw, {})
            for bet_id, (path, raw) in shared_bets(tables_dir()).items()}


def _parse_settings(path: Path, data: dict[str, Any]) -> dict[str, Setting]:
    settings = {}
    for name, spec in data.items():
        if isinstance(name, bool):
            name = str(name).lower()  # YAML reads an unquoted true/false key as a boolean
        where = f"setting {name!r}"
        if not isinstance(name, str) or not re.fullmatch(r"[a-z][a-z0-9_]*", name):
            raise _fail(path, where, "a setting's name is lower-case words joined by underscores")
        if name in RESERVED_WORDS:
            raise _fail(path, where, f"{name!r} is a word of the condition language (like and, "
                        "or, not, in, otherwise, true, false): a condition could never read it; "
                        "choose another name")
        if known_column(name) is not None:
            raise _fail(path, where, "this name is an outcome column")
        if not isinstance(spec, dict):
            raise _fail(path, where, "a setting is a mapping with description, default (and choices)")
        checked = check_record(path, where, spec, SETTING_FIELDS)
        default = checked["default"]
        if isinstance(default, bool):
            choices: tuple[object, ...] = (False, True)
        elif isinstance(default, str):
            raw = checked.get("choices")
            if not isinstance(raw, list) or default not in raw:
                raise _fail(path, where,
                            "a word setting needs 'choices', a list of words holding the default")
            choices = tuple(raw)
        else:
            raise _fail(path, where, "field 'default' must be true, false or a word")
        settings[name] = Setting(name, default, choices, str(checked.get("description", "")))
    return settings


def _parse_bet(path: Path, index: int, data: dict[str, Any], settings: dict[str, Setting],
               described: RoundDescription | None = None) -> Bet:
    where = f"bet {data['id']!r}" if isinstance(data.get("id"), str) else f"bet {index}"
    checked = check_record(path, where, data, BET_FIELDS)
    for key in ("use", "pays", "when", "mirror"):
        if key in checked:  # expand() has resolved them; a shared bet cannot hold them
            raise _fail(path, where, f"field {key!r} is not allowed here")
    bet_id = checked["id"]
    if len(checked["events"]) > MAX_EVENTS:
        raise _fail(path, where, f"{len(checked['events']):,} events; a bet has at most "
                    f"{MAX_EVENTS}")
    events = []
    for number, event_data in enumerate(checked["events"], start=1):
        events.append(_parse_event(path, where, number, event_data, settings, described))
    seen_names: set[str] = set()
    for event in events:
        if event.name.lower() in seen_names:
            raise _fail(path, f"{where}, event {event.name!r}", "two events of the bet have this name")
        seen_names.add(event.name.lower())
    for event in events[:-1]:
        if event.condition is None:
            raise _fail(path, f"{where}, event {event.name!r}",
                        "'when: otherwise' must be the last event")
    placed = checked.get("placed", "before-deal")
    offered = Condition.parse(DRAWN, settings) if placed == WITH_THE_DRAW else None
    if "offered" in checked:
        if placed != "after-visible-cards":
            raise _fail(path, where, "field 'offered' applies to a bet placed after-visible-cards")
        text = checked["offered"]
        if not isinstance(text, str) or not text.strip():
            raise _fail(path, where, f"field 'offered' must be a condition in words, got {text!r}")
        try:
            offered = Condition.parse(text.strip(), settings, described)
        except ConditionError as error:
            raise _fail(path, where, f"field 'offered': {error}") from None
    return Bet(bet_id, checked["name"], tuple(events), checked.get("description", ""),
               placed, offered)


def _parse_event(path: Path, bet_where: str, number: int, data: object,
                 settings: dict[str, Setting], described: RoundDescription | None) -> Event:
    where = f"{bet_where}, event {number}"
    if not isinstance(data, dict):
        raise _fail(path, where, "an event must be a mapping with event, when and pays")
    if isinstance(data.get("event"), str):
        where = f"{bet_where}, event {data['event']!r}"
    _refuse_split_condition(path, where, data)
    checked = check_record(path, where, data, EVENT_FIELDS)
    when = data["when"]
    if isinstance(when, bool):
        raise _fail(path, where, f"field 'when' is {when}: write a condition over the outcome columns")
    if not isinstance(when, str) or not when.strip():
        raise _fail(path, where, f"field 'when' must be a condition in words, got {when!r}")
    when = when.strip()
    condition = None
    if when != "otherwise":
        try:
            condition = Condition.parse(when, settings, described)
        except ConditionError as error:
            raise _fail(path, where, f"field 'when': {error}") from None
    try:
        pay = parse_pay(data["pays"])
    except PayError as error:
        raise _fail(path, where, f"field 'pays': {error}") from None
    return Event(checked["event"], condition, pay)


def _refuse_split_condition(path: Path, where: str, data: dict[Any, Any]) -> None:
    """In a ``{...}`` mapping YAML splits ``when: tie and player_total in (1, 2)`` at the
    comma, leaving ``2)`` as a field of its own: say to quote the condition."""
    when = data.get("when")
    if not isinstance(when, str) or when.count("(") <= when.count(")"):
        return
    known = {"event", "when", "pays"}
    pieces = [str(key) for key, value in data.items() if key not in known and value is None]
    if pieces:
        whole = ", ".join([when, *pieces])
        raise _fail(path, where, f"field 'when': YAML cut the condition at a comma ({when!r}); "
                    f'inside {{...}} put it in quotes: when: "{whole}"')
