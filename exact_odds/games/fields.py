"""The fields of a game file: one definition from which the loader checks a file and the
JSON Schema for editors is generated.

Each record (a game, a setting, a bet, an event, a file of shared bets) is a tuple of
``Field``: its name, its kind, whether it is required, and a sentence saying what it is.
``check_record`` refuses unknown and missing fields and checks the simple kinds; the
loader builds the rest (conditions, pays, bets, events) from the checked values.
``json_schema()`` turns the same definitions into a JSON Schema.

>>> sorted(json_schema()["properties"])[:4]
['bets', 'dealing', 'decks', 'decks_allowed']
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from exact_odds.games.model import GameFileError
from exact_odds.limits import MAX_DECKS
from exact_odds.rules import STRATEGIES

#: How a game's wagers are settled at a player-dealer's table (``exact-odds table``), as the
#: game file's ``table: {settlement_order: ...}`` names it; the first is the default.
SETTLEMENT_ORDERS = ("by-bet-type", "from-action-button")


@dataclass(frozen=True)
class Field:
    """One field of a record in a game file."""

    name: str
    kind: str
    doc: str
    required: bool = False
    #: required unless this other field is given (a bet that uses a shared bet)
    unless: str = ""
    choices: tuple[str, ...] = ()
    pattern: str = ""
    #: the largest value of a whole number (decks: ``exact_odds.numbers.MAX_DECKS``)
    maximum: int | None = None


GAME_FIELDS: tuple[Field, ...] = (
    Field("id", "text", "The game's id; defaults to the file's name.",
          pattern=r"^[a-z0-9][a-z0-9-]*$"),
    Field("name", "text", "The game's name.", required=True),
    Field("source", "mapping", "Where the rules come from: document, seed file, ..."),
    Field("decks", "whole", "Decks in the shoe, 1 to 1,000,000.", required=True,
          maximum=MAX_DECKS),
    Field("decks_allowed", "wholes", "The deck counts the rules allow (each 1 to 1,000,000); "
          "a note is printed for others.", maximum=MAX_DECKS),
    Field("rules", "rules", "The drawing rules: the name of a rules file in tables/rules/ "
          "(punto-banco, 21st-century, baccarat-gold) or the rules written inline.",
          required=True),
    Field("strategy", "text", "Rules with an option only: how the bettor takes it "
          "(house-way, hit, stand or optimal).", choices=tuple(STRATEGIES)),
    Field("option", "mapping", "Rules with an option only: {optimise: BET}, the bet the "
          "optimal play on the option is computed for, or {optimise: [BET, BET]}, bets played "
          "for together (Lucky Draw's Enter and Draw bets)."),
    Field("readings", "sentences", "Every reading of an ambiguous rule, in words."),
    Field("settings", "settings", "Named settings where a reasonable reader could differ."),
    Field("table", "table", "The player-dealer's table (exact-odds table): "
          "{settlement_order: by-bet-type or from-action-button}."),
    Field("bets", "bets", "The bets, each with its ordered events.", required=True),
    Field("dealing", "mapping", "How a shoe is dealt, for simulations: decks, cut_card "
          "(cards behind it, or none), burn (none, N or standard), after_cut "
          "(one-more or finish-round)."),
)

#: ``table:`` in a game file: how its wagers are settled at a player-dealer's table.
TABLE_FIELDS: tuple[Field, ...] = (
    Field("settlement_order", "text", "by-bet-type (every wager on the first bet, seat by seat, "
          "then the second bet, ...) or from-action-button (seat by seat from the action "
          "button); default by-bet-type.", choices=SETTLEMENT_ORDERS),
)

SETTING_FIELDS: tuple[Field, ...] = (
    Field("description", "text", "What the setting changes."),
    Field("default", "setting_default", "true, false, or one of the choices.", required=True),
    Field("choices", "words", "For a word setting: the words it may take."),
)

BET_FIELDS: tuple[Field, ...] = (
    Field("use", "text", "The id of a shared bet (tables/bets/) to use here.",
          pattern=r"^[a-z0-9][a-z0-9-]*$"),
    Field("id", "text", "The bet's id: lower-case words joined by hyphens.", required=True,
          unless="use", pattern=r"^[a-z0-9][a-z0-9-]*$"),
    Field("name", "text", "The bet's name.", required=True, unless="use"),
    Field("description", "text", "A sentence on the bet."),
    Field("events", "events", "In order: the first event whose condition holds settles the bet.",
          required=True, unless="use"),
    Field("pays", "pays_by_event", "With use: new pays for some events, by event name."),
    Field("when", "when_by_event", "With use: new conditions for some events, by event name."),
    Field("placed", "text", "before-deal (the default); after-visible-cards: a late bet, "
          "placed seeing the player's two cards and the dealer's up card; with-the-draw: "
          "placed, one unit like the first bet, when the bettor takes the Player's third card "
          "(Lucky Draw's Draw bet), no action when he stands.",
          choices=("before-deal", "after-visible-cards", "with-the-draw")),
    Field("offered", "condition", "A late bet: when it may be placed (else no action)."),
    Field("mirror", "text", "Also define the same bet for the other hand under this id "
          "(player_ and banker_ columns swapped, Player and Banker swapped in names).",
          pattern=r"^[a-z0-9][a-z0-9-]*$"),
)

EVENT_FIELDS: tuple[Field, ...] = (
    Field("event", "text", "The event's name.", required=True),
    Field("when", "condition", "A condition over the outcome columns, or otherwise.",
          required=True),
    Field("pays", "pay", 'What it pays: "8 to 1", "8:1", "1:2", "1:1 less 5%", push or lose.',
          required=True),
)

#: A file of shared bets (tables/bets/*.yaml): bets any game file uses by id.
LIBRARY_FIELDS: tuple[Field, ...] = (
    Field("description", "text", "What the file holds."),
    Field("bets", "bets", "The shared bets.", required=True),
)


def _fail(path: Path | str, where: str, message: str) -> GameFileError:
    return GameFileError(f"{path}: {where}: {message}" if where else f"{path}: {message}")


def check_record(path: Path | str, where: str, data: Mapping[Any, Any],
                 fields: tuple[Field, ...]) -> dict[str, Any]:
    """Refuse unknown and missing fields and check the simple kinds; return the fields
    given, by name (text stripped)."""
    by_name = {f.name: f for f in fields}
    unknown = [str(key) for key in data if key not in by_name]
    if unknown:
        allowed = ", ".join(f.name for f in fields)
        raise _fail(path, where, f"unknown field {unknown[0]!r} (allowed: {allowed})")
    for f in fields:
        if f.required and f.name not in data and not (f.unless and f.unless in data):
            raise _fail(path, where, f"missing field {f.name!r}")
    checked: dict[str, Any] = {}
    for name, value in data.items():
        checked[name] = _check_value(path, where, by_name[name], value)
    return checked


def _check_value(path: Path | str, where: str, f: Field, value: Any) -> Any:
    import re

    if f.kind == "text":
        if isinstance(value, bool):
            raise _fail(path, where, f"field {f.name!r} is {value}: YAML reads unquoted yes/no/"
                        "on/off as true/false; put the words in quotes")
        if not isinstance(value, str) or not value.strip():
            raise _fail(path, where, f"field {f.name!r} must be text, got {_show(value)}")
        text = value.strip()
        if f.choices and text not in f.choices:
            raise _fail(path, where, f"field {f.name!r} is {text!r}; known: {', '.join(f.choices)}")
        if f.pattern and not re.fullmatch(f.pattern.strip("^$"), text):
            raise _fail(path, where, f"field {f.name!r} must be lower-case words joined by "
                        f"hyphens, got {text!r}")
        return text
    if f.kind == "whole":
        if isinstance(value, bool) or not isinstance(value, int) or value < 1:
            raise _fail(path, where, f"field {f.name!r} must be a whole number of at least 1, "
                        f"got {_show(value)}")
        if f.maximum is not None and value > f.maximum:
            raise _fail(path, where, f"field {f.name!r} is {value:,}, more than the limit of "
                        f"{f.maximum:,}")
        return value
    if f.kind == "wholes":
        if not isinstance(value, list):
            raise _fail(path, where, f"field {f.name!r} must be a list of whole numbers")
        return [_check_value(path, where, Field(f.name, "whole", f.doc, maximum=f.maximum), v)
                for v in value]
    if f.kind in ("sentences", "words"):
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise _fail(path, where, f"field {f.name!r} must be a list of "
                        f"{'sentences' if f.kind == 'sentences' else 'words'}")
        return value
    if f.kind in ("mapping", "settings", "pays_by_event", "when_by_event", "table"):
        if not isinstance(value, dict):
            what = {"settings": "map each setting's name to its default",
                    "table": "be a mapping with one field, settlement_order",
                    "pays_by_event": "map event names to pays",
                    "when_by_event": "map event names to conditions"}.get(f.kind, "be a mapping")
            raise _fail(path, where, f"field {f.name!r} must {what}")
        return value
    if f.kind in ("bets", "events"):
        if not isinstance(value, list) or not value:
            raise _fail(path, where, f"field {f.name!r} must be a non-empty list")
        return value
    return value  # rules, pay, condition, setting_default: read by the loader


def _show(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


# --- JSON Schema ---------------------------------------------------------------------



def _kind_schema(f: Field) -> dict[str, Any]:
    kind = f.kind
    if kind == "text":
        schema: dict[str, Any] = {"type": "string", "minLength": 1}
        if f.choices:
            schema["enum"] = list(f.choices)
        if f.pattern:
            schema["pattern"] = f.pattern
        return schema
    if kind == "whole":
        return {"type": "integer", "minimum": 1,
                **({"maximum": f.maximum} if f.maximum is not None else {})}
    if kind == "wholes":
        return {"type": "array", "items": {"type": "integer", "minimum": 1,
                                           **({"maximum": f.maximum} if f.maximum is not None
                                              else {})}}
    if kind in ("sentences", "words"):
        return {"type": "array", "items": {"type": "string"}}
    if kind == "mapping":
        return {"type": "object"}
    if kind == "rules":
        from exact_odds.rules import builtin_rules

        return {"anyOf": [{"type": "string", "enum": list(builtin_rules())},
                          {"type": "object", "required": ["player", "banker"]}]}
    if kind == "pay":
        return {"$ref": "#/$defs/pay"}
    if kind == "condition":
        return {"$ref": "#/$defs/condition"}
    if kind == "settings":
        return {"type": "object", "propertyNames": {"pattern": r"^[a-z][a-z0-9_]*$"},
                "additionalProperties": {"$ref": "#/$defs/setting"}}
    if kind == "bets":
        return {"type": "array", "minItems": 1, "items": {"$ref": "#/$defs/bet"}}
    if kind == "events":
        return {"type": "array", "minItems": 1, "items": {"$ref": "#/$defs/event"}}
    if kind == "pays_by_event":
        return {"type": "object", "additionalProperties": {"$ref": "#/$defs/pay"}}
    if kind == "when_by_event":
        return {"type": "object", "additionalProperties": {"$ref": "#/$defs/condition"}}
    if kind == "table":
        return {"$ref": "#/$defs/table"}
    if kind == "setting_default":
        return {"type": ["boolean", "string"]}
    raise ValueError(f"no schema for the kind {kind!r}")


def record_schema(fields: tuple[Field, ...], title: str) -> dict[str, Any]:
    """The JSON Schema of one record: its properties, which are required, nothing else."""
    schema: dict[str, Any] = {
        "type": "object",
        "title": title,
        "properties": {f.name: {**_kind_schema(f), "description": f.doc} for f in fields},
        "additionalProperties": False,
    }
    always = [f.name for f in fields if f.required and not f.unless]
    if always:
        schema["required"] = always
    alternatives: dict[str, list[str]] = {}
    for f in fields:
        if f.required and f.unless:
            alternatives.setdefault(f.unless, []).append(f.name)
    if alternatives:
        schema["anyOf"] = [{"required": [unless]} for unless in alternatives] + [
            {"required": names} for names in alternatives.values()]
    return schema


def json_schema() -> dict[str, Any]:
    """The JSON Schema of a game file, from the loader's own field definitions."""
    schema = record_schema(GAME_FIELDS, "exact-odds game file")
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        **schema,
        "$defs": {
            "setting": record_schema(SETTING_FIELDS, "A setting"),
            "bet": record_schema(BET_FIELDS, "A bet"),
            "event": record_schema(EVENT_FIELDS, "An event of a bet"),
            "table": record_schema(TABLE_FIELDS, "The player-dealer's table"),
            "pay": {"type": "string", "minLength": 1,
                    "description": 'A pay in quotes: "8 to 1", "8:1", "1:2", "19:20", "9 for 1", '
                                   '"1:1 less 5%", push or lose (an unquoted 8:1 is refused).'},
            "condition": {"type": "string", "minLength": 1,
                          "description": "A condition over the outcome columns (exact-odds "
                                         "columns lists them), or otherwise."},
        },
    }
