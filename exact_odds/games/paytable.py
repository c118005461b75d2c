"""Game files: a game's rules and pay tables, as YAML.

A game file names its source document, its decks, its drawing rules and every bet; a bet
is an ordered list of events, each a condition over the outcome columns and a pay. The
first event whose condition holds settles the bet; an event ``when: otherwise`` catches
the rest, and a bet without one loses on every outcome its events do not name.

Everything in a file is checked before anything is computed. A mistake is reported with
the file, the bet, the event and the field, and what is wrong.

>>> game = load_game("commission-free")
>>> [bet.id for bet in game.bets]
['player', 'banker', 'tie']
"""

from __future__ import annotations

from exact_odds.errors import ExactOddsError

import re
from dataclasses import dataclass, field
from pathlib import Path

import yaml

from exact_odds.games.conditions import Condition, ConditionError, Setting
from exact_odds.games.pays import Pay, PayError, Sexagesimal, parse_pay
from exact_odds.rules import RULE_SETS, STRATEGIES
from exact_odds.engine.vocabulary import COLUMNS


class GameFileError(ExactOddsError, ValueError):
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


@dataclass(frozen=True)
class Bet:
    """A bet: its id, its name and its ordered events."""

    id: str
    name: str
    events: tuple[Event, ...]
    description: str = ""

    @property
    def columns(self) -> tuple[str, ...]:
        """The outcome columns the bet's events read, sorted."""
        names: set[str] = set()
        for event in self.events:
            if event.condition:
                names |= event.condition.columns
        return tuple(sorted(names))


@dataclass(frozen=True)
class Game:
    """A game: where its rules come from, its shoe, its drawing rules and its bets."""

    id: str
    name: str
    rules: str
    decks: int
    bets: tuple[Bet, ...]
    source: dict = field(default_factory=dict)
    readings: tuple[str, ...] = ()
    decks_allowed: tuple[int, ...] = ()
    strategy: str = "house-way"
    path: str = ""
    settings: dict = field(default_factory=dict)  # name -> Setting
    table: dict = field(default_factory=dict)  # the player-dealer's table: settlement_order

    def setting_values(self, chosen: dict[str, str] | None = None) -> dict[str, object]:
        """Every setting's value: its default, or the text given for it (``--set name=value``)."""
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

        >>> game = load_game("rock-bac").with_pay("super-six", "Banker wins with 6", "15 to 1")
        >>> game.bet("super-six").events[0].pay.net
        Fraction(15, 1)
        """
        from dataclasses import replace

        bet = self.bet(bet_id)
        names = [e.name for e in bet.events]
        matches = [i for i, name in enumerate(names) if event_matches(name, event)]
        if not matches:
            raise UnknownGameError(
                f"bet {bet_id!r} has no event {event!r}; its events are: {'; '.join(names)}")
        try:
            pay = parse_pay(pays)
        except PayError as error:
            raise GameFileError(f"{self.path}: bet {bet_id!r}, event {event!r}: {error}") from None
        events = list(bet.events)
        events[matches[0]] = replace(events[matches[0]], pay=pay)
        new_bet = replace(bet, events=tuple(events))
        return replace(self, bets=tuple(new_bet if b.id == bet_id else b for b in self.bets))

    def bet(self, bet_id: str) -> Bet:
        """The bet called ``bet_id``, or a ``LookupError`` listing the game's bets."""
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


def event_matches(name: str, query: str) -> bool:
    """Whether an event called ``name`` is the one a person means by ``query``: the same
    words in any case, or the same words as a slug (``win-by-9-points``)."""
    return query.lower() == name.lower() or _slug(query) == _slug(name)


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


# --- YAML ------------------------------------------------------------------------------

# every plain a:b (or a:b:c) scalar: refused as a pay, whether or not YAML 1.1 makes it a number
_SEXAGESIMAL = re.compile(r"^[-+]?[0-9][0-9_]*(?::[0-9]+)+$")


class _Loader(yaml.SafeLoader):
    """Safe YAML that keeps an unquoted ``8:1`` as text marked base-60, and refuses
    duplicate keys."""


# Resolvers are tried in order: the base-60 pattern goes first, ahead of int and float.
_Loader.yaml_implicit_resolvers = {
    first: list(resolvers) for first, resolvers in yaml.SafeLoader.yaml_implicit_resolvers.items()
}
for _first in "+-0123456789":
    _Loader.yaml_implicit_resolvers.setdefault(_first, []).insert(
        0, ("!sexagesimal", _SEXAGESIMAL))
_Loader.add_constructor("!sexagesimal", lambda loader, node: Sexagesimal(node.value))


def _construct_mapping(loader: yaml.SafeLoader, node: yaml.MappingNode, deep: bool = False):
    seen = set()
    for key_node, _ in node.value:
        key = loader.construct_object(key_node, deep=deep)
        if key in seen:
            raise yaml.constructor.ConstructorError(
                None, None, f"the key {key!r} appears twice", key_node.start_mark)
        seen.add(key)
    return yaml.SafeLoader.construct_mapping(loader, node, deep=deep)


_Loader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _construct_mapping)


def read_yaml(path: Path) -> object:
    """Read a YAML file with the pay-table loader; errors name the file and the line."""
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as error:
        raise GameFileError(f"{path}: cannot read the file ({error.strerror})") from None
    except UnicodeDecodeError:
        raise GameFileError(f"{path}: not a text file in UTF-8") from None
    try:
        return yaml.load(text, Loader=_Loader)  # noqa: S506 - a SafeLoader subclass
    except yaml.YAMLError as error:
        mark = getattr(error, "problem_mark", None) or getattr(error, "context_mark", None)
        where = f" line {mark.line + 1}" if mark else ""
        problem = getattr(error, "problem", None) or str(error)
        raise GameFileError(f"{path}:{where}: not valid YAML: {problem}") from None


# --- built-in games ----------------------------------------------------------------------

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


def game_path(name: str) -> Path:
    """The file of a game given as a built-in id or a path."""
    as_path = Path(name)
    if as_path.suffix in (".yaml", ".yml") or as_path.exists():
        if not as_path.is_file():
            raise UnknownGameError(f"no game file at {name}")
        return as_path
    builtin = tables_dir() / f"{name}.yaml"
    if builtin.is_file():
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
    path = game_path(str(name))
    return parse_game(read_yaml(path), path)


# --- checking ----------------------------------------------------------------------------

_GAME_KEYS = {"id", "name", "source", "decks", "decks_allowed", "rules", "strategy",
              "readings", "settings", "bets", "table"}
#: ``table:`` in a game file: how its wagers are settled at a player-dealer's table.
SETTLEMENT_ORDERS = ("by-bet-type", "from-action-button")
_SETTING_KEYS = {"description", "default", "choices"}
_BET_KEYS = {"id", "name", "description", "events"}
_EVENT_KEYS = {"event", "when", "pays"}


def _fail(path: Path, where: str, message: str) -> GameFileError:
    return GameFileError(f"{path}: {where}: {message}" if where else f"{path}: {message}")


def _check_keys(path: Path, where: str, data: dict, allowed: set[str], required: set[str]) -> None:
    unknown = sorted(set(map(str, data)) - allowed)
    if unknown:
        raise _fail(path, where, f"unknown field {unknown[0]!r} (allowed: {', '.join(sorted(allowed))})")
    missing = sorted(required - set(data))
    if missing:
        raise _fail(path, where, f"missing field {missing[0]!r}")


def _text(path: Path, where: str, value: object, name: str) -> str:
    if isinstance(value, bool):
        raise _fail(path, where, f"field {name!r} is {value}: YAML reads unquoted yes/no/on/off "
                    f"as true/false; put the words in quotes")
    if not isinstance(value, str) or not value.strip():
        raise _fail(path, where, f"field {name!r} must be text, got {value!r}")
    return value.strip()


def _whole(path: Path, where: str, value: object, name: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise _fail(path, where, f"field {name!r} must be a whole number of at least 1, got {value!r}")
    return value


def parse_game(data: object, path: Path) -> Game:
    """Check a game file's data and build the ``Game``."""
    if not isinstance(data, dict):
        raise _fail(path, "", "a game file must be a mapping with name, decks, rules and bets")
    _check_keys(path, "", data, _GAME_KEYS, {"name", "decks", "rules", "bets"})
    game_id = _text(path, "", data.get("id", path.stem), "id")
    name = _text(path, "", data["name"], "name")
    decks = _whole(path, "", data["decks"], "decks")
    rules = _text(path, "", data["rules"], "rules")
    if rules not in RULE_SETS:
        raise _fail(path, "", f"field 'rules' is {rules!r}; known rules: {', '.join(RULE_SETS)}")
    strategy = _text(path, "", data.get("strategy", "house-way"), "strategy")
    if strategy not in STRATEGIES:
        raise _fail(path, "", f"field 'strategy' is {strategy!r}; known: {', '.join(STRATEGIES)}")
    if "strategy" in data and rules != "21st-century":
        raise _fail(path, "", f"field 'strategy' applies to the 21st-century rules; the {rules} "
                    "rules leave the bettor no choice")
    allowed = data.get("decks_allowed", [])
    if not isinstance(allowed, list):
        raise _fail(path, "", "field 'decks_allowed' must be a list of whole numbers")
    allowed_decks = tuple(_whole(path, "", d, "decks_allowed") for d in allowed)
    source = data.get("source", {})
    if not isinstance(source, dict):
        raise _fail(path, "", "field 'source' must be a mapping (document, file, ...)")
    readings = data.get("readings", [])
    if not isinstance(readings, list) or not all(isinstance(r, str) for r in readings):
        raise _fail(path, "", "field 'readings' must be a list of sentences")
    settings = _parse_settings(path, data.get("settings", {}))
    table = _parse_table(path, data.get("table", {}))
    bets_data = data["bets"]
    if not isinstance(bets_data, list) or not bets_data:
        raise _fail(path, "", "field 'bets' must be a non-empty list of bets")
    bets = []
    seen: set[str] = set()
    for index, bet_data in enumerate(bets_data, start=1):
        bet = _parse_bet(path, index, bet_data, settings)
        if bet.id in seen:
            raise _fail(path, f"bet {bet.id!r}", "this bet id is used twice")
        seen.add(bet.id)
        bets.append(bet)
    return Game(game_id, name, rules, decks, tuple(bets), source, tuple(readings),
                allowed_decks, strategy, str(path), settings, table)


def _parse_table(path: Path, data: object) -> dict:
    if not isinstance(data, dict) or set(data) - {"settlement_order"}:
        raise _fail(path, "table", "a mapping with one field, settlement_order")
    order = data.get("settlement_order", SETTLEMENT_ORDERS[0])
    if order not in SETTLEMENT_ORDERS:
        raise _fail(path, "table", f"settlement_order is {order!r}; known: {', '.join(SETTLEMENT_ORDERS)}")
    return {"settlement_order": order}


def _parse_settings(path: Path, data: object) -> dict[str, Setting]:
    if not isinstance(data, dict):
        raise _fail(path, "", "field 'settings' must map each setting's name to its default")
    settings = {}
    for name, spec in data.items():
        where = f"setting {name!r}"
        if not isinstance(name, str) or not re.fullmatch(r"[a-z][a-z0-9_]*", name):
            raise _fail(path, where, "a setting's name is lower-case words joined by underscores")
        if name in COLUMNS:
            raise _fail(path, where, "this name is an outcome column")
        if not isinstance(spec, dict):
            raise _fail(path, where, "a setting is a mapping with description, default (and choices)")
        _check_keys(path, where, spec, _SETTING_KEYS, {"default"})
        default = spec["default"]
        if isinstance(default, bool):
            choices: tuple = (False, True)
        elif isinstance(default, str):
            raw = spec.get("choices")
            if not isinstance(raw, list) or not all(isinstance(c, str) for c in raw) or default not in raw:
                raise _fail(path, where, "a word setting needs 'choices', a list of words holding the default")
            choices = tuple(raw)
        else:
            raise _fail(path, where, "field 'default' must be true, false or a word")
        settings[name] = Setting(name, default, choices, str(spec.get("description", "")).strip())
    return settings


def _parse_bet(path: Path, index: int, data: object, settings: dict[str, Setting]) -> Bet:
    where = f"bet {index}"
    if not isinstance(data, dict):
        raise _fail(path, where, "a bet must be a mapping with id, name and events")
    if isinstance(data.get("id"), str):
        where = f"bet {data['id']!r}"
    _check_keys(path, where, data, _BET_KEYS, {"id", "name", "events"})
    bet_id = _text(path, where, data["id"], "id")
    if not re.fullmatch(r"[a-z0-9][a-z0-9-]*", bet_id):
        raise _fail(path, where, "field 'id' must be lower-case words joined by hyphens")
    name = _text(path, where, data["name"], "name")
    description = data.get("description", "")
    events_data = data["events"]
    if not isinstance(events_data, list) or not events_data:
        raise _fail(path, where, "field 'events' must be a non-empty list")
    events = []
    for number, event_data in enumerate(events_data, start=1):
        events.append(_parse_event(path, where, number, event_data, settings))
    seen_names: set[str] = set()
    for event in events:
        if event.name.lower() in seen_names:
            raise _fail(path, f"{where}, event {event.name!r}", "two events of the bet have this name")
        seen_names.add(event.name.lower())
    for event in events[:-1]:
        if event.condition is None:
            raise _fail(path, f"{where}, event {event.name!r}",
                        "'when: otherwise' must be the last event")
    return Bet(bet_id, name, tuple(events), str(description).strip())


def _parse_event(path: Path, bet_where: str, number: int, data: object,
                 settings: dict[str, Setting]) -> Event:
    where = f"{bet_where}, event {number}"
    if not isinstance(data, dict):
        raise _fail(path, where, "an event must be a mapping with event, when and pays")
    if isinstance(data.get("event"), str):
        where = f"{bet_where}, event {data['event']!r}"
    _check_keys(path, where, data, _EVENT_KEYS, {"event", "when", "pays"})
    name = _text(path, where, data["event"], "event")
    when = data["when"]
    if isinstance(when, bool):
        raise _fail(path, where, f"field 'when' is {when}: write a condition over the outcome columns")
    when = _text(path, where, when, "when")
    condition = None
    if when != "otherwise":
        try:
            condition = Condition.parse(when, settings)
        except ConditionError as error:
            raise _fail(path, where, f"field 'when': {error}") from None
    try:
        pay = parse_pay(data["pays"])
    except PayError as error:
        raise _fail(path, where, f"field 'pays': {error}") from None
    return Event(name, condition, pay)
