"""Bets written once: the shared bets of ``tables/bets/``, used by id, and mirrored bets.

A game file says ``- use: player-dragon-bonus`` to take a shared bet as it is written, or
changes what is particular to the game::

    - use: banker-pays-half-on-6
      name: Banker line
    - use: player-dragon-bonus
      pays: {Win by 9 points: "25 to 1"}            # new pays, by event name
      when: {Natural winner: "player_natural and player_wins and margin < 4"}
      mirror: banker-dragon-bonus                    # and the same bet on the Banker

``mirror: ID`` (on any bet, shared or not) also defines the bet for the other hand: every
``player_`` column becomes the ``banker_`` one and back, ``'player'`` and ``'banker'``
swap where a condition compares ``winner``, and "Player" and "Banker" swap in the names; a
late bet's twin is placed as late, offered where the mirror image of its ``offered:``
condition holds. A condition reading a column of one hand that has no twin (``dealer_up``)
cannot be mirrored.

>>> mirror_text("player_natural and player_wins and winner != 'banker'")
"banker_natural and banker_wins and winner != 'player'"
>>> mirror_words("Player Dragon Bonus: Player wins by 9")
'Banker Dragon Bonus: Banker wins by 9'
"""

from __future__ import annotations

import copy
import re
from collections.abc import Mapping
from functools import lru_cache
from pathlib import Path
from typing import Any

from exact_odds.games.fields import BET_FIELDS, LIBRARY_FIELDS, check_record
from exact_odds.games.model import GameFileError
from exact_odds.names import AmbiguousNameError, find_name
from exact_odds.vocabulary import known_column

_HANDS = {"player": "banker", "banker": "player"}
_COLUMN = re.compile(r"\b(player|banker)_([a-z0-9_]+)\b")
_QUOTED = re.compile(r"(['\"])(player|banker)\1")
_WORD = re.compile(r"\b(player|banker|Player|Banker|PLAYER|BANKER)\b")


class MirrorError(GameFileError):
    """A condition that has no mirror image."""


def mirror_text(condition: str) -> str:
    """A condition with the Player's and the Banker's columns (and words) swapped."""
    for name in re.findall(r"\b[a-z_][a-z0-9_]*\b", condition):
        col = known_column(name)
        if col is not None and not _COLUMN.fullmatch(name) and len(col.hands) == 1:
            raise MirrorError(f"{name} reads the {col.hands[0]} hand only and has no twin")

    def column(match: re.Match[str]) -> str:
        twin = f"{_HANDS[match[1]]}_{match[2]}"
        if known_column(match[0]) is not None and known_column(twin) is None:
            raise MirrorError(f"{match[0]} has no twin column {twin}")
        return twin if known_column(match[0]) is not None else match[0]

    swapped = _COLUMN.sub(column, condition)
    return _QUOTED.sub(lambda m: f"{m[1]}{_HANDS[m[2]]}{m[1]}", swapped)


def mirror_words(text: str) -> str:
    """A name with Player and Banker swapped, keeping their case."""
    def swap(match: re.Match[str]) -> str:
        word = match[0]
        twin = _HANDS[word.lower()]
        return twin.upper() if word.isupper() else twin.capitalize() if word[0].isupper() else twin

    return _WORD.sub(swap, text)


def mirrored(bet: Mapping[str, Any], twin_id: str, path: Path | str, where: str) -> dict[str, Any]:
    """The raw bet for the other hand, with id ``twin_id``."""
    twin: dict[str, Any] = {"id": twin_id, "name": mirror_words(str(bet["name"]))}
    if "description" in bet:
        twin["description"] = mirror_words(str(bet["description"]))
    if "placed" in bet:  # a late bet's twin is late too, offered in the mirror image
        twin["placed"] = bet["placed"]
    offered = bet.get("offered")
    if isinstance(offered, str):
        try:
            twin["offered"] = mirror_text(offered)
        except MirrorError as error:
            raise GameFileError(f"{path}: {where}: field 'mirror': cannot mirror the "
                                f"'offered' condition: {error}") from None
    elif offered is not None:
        twin["offered"] = offered  # refused, with its place, when the twin is read
    events = []
    for number, event in enumerate(bet["events"], start=1):
        if not isinstance(event, dict):
            events.append(event)  # refused, with its place, when the twin is read
            continue
        copied = dict(event)
        if isinstance(event.get("event"), str):
            copied["event"] = mirror_words(event["event"])
        when = event.get("when")
        if isinstance(when, str) and when.strip() != "otherwise":
            try:
                copied["when"] = mirror_text(when)
            except MirrorError as error:
                name = event.get("event", number)
                raise GameFileError(f"{path}: {where}, event {name!r}: field 'mirror': cannot "
                                    f"mirror the condition: {error}") from None
        events.append(copied)
    twin["events"] = events
    return twin


def library_dir(tables: Path) -> Path:
    return tables / "bets"


@lru_cache(maxsize=4)
def shared_bets(tables: Path) -> dict[str, tuple[Path, dict[str, Any]]]:
    """Every shared bet by id (its twins included), with the file it comes from."""
    from exact_odds.files import read_yaml

    found: dict[str, tuple[Path, dict[str, Any]]] = {}
    for path in sorted(library_dir(tables).glob("*.yaml")):
        data = read_yaml(path)
        if not isinstance(data, dict):
            raise GameFileError(f"{path}: a file of shared bets is a mapping with 'bets'")
        checked = check_record(path, "", data, LIBRARY_FIELDS)
        for index, raw in enumerate(checked["bets"], start=1):
            for bet in expand(raw, path, index):  # no tables: a shared bet cannot use another
                if bet["id"] in found:
                    raise GameFileError(f"{path}: bet {bet['id']!r}: this id is already a shared "
                                        f"bet in {found[bet['id']][0].name}")
                found[bet["id"]] = (path, bet)
    return found


def expand(raw: object, path: Path | str, index: int,
           tables: Path | None = None) -> list[dict[str, Any]]:
    """One entry of a ``bets:`` list as raw bets: the shared bet it uses with its changes,
    and its mirror image if it asks for one."""
    where = f"bet {index}"
    if not isinstance(raw, dict):
        raise GameFileError(f"{path}: {where}: a bet must be a mapping with id, name and events, "
                            "or with use")
    for key in ("id", "use"):
        if isinstance(raw.get(key), str):
            where = f"bet {raw[key]!r}"
            break
    checked = check_record(path, where, raw, BET_FIELDS)
    if "use" in checked:
        if tables is None:
            raise GameFileError(f"{path}: {where}: field 'use': a shared bet cannot use another")
        bet = _use(checked, path, where, tables)
    else:
        for key in ("pays", "when"):
            if key in checked:
                raise GameFileError(f"{path}: {where}: field {key!r} changes a shared bet's "
                                    "events: it goes with 'use'")
        bet = {k: v for k, v in raw.items() if k != "mirror"}
    bets = [bet]
    if "mirror" in checked:
        if checked["mirror"] == bet["id"]:
            raise GameFileError(f"{path}: {where}: field 'mirror' names the bet itself")
        bets.append(mirrored(bet, checked["mirror"], path, where))
    return bets


def _use(checked: dict[str, Any], path: Path | str, where: str, tables: Path) -> dict[str, Any]:
    library = shared_bets(tables)
    used = checked["use"]
    if used not in library:
        import difflib

        near = difflib.get_close_matches(used, library, n=3)
        hint = f" (did you mean {', '.join(near)}?)" if near else ""
        raise GameFileError(f"{path}: {where}: field 'use': no shared bet {used!r}{hint}; "
                            f"shared bets: {', '.join(sorted(library))}")
    bet = copy.deepcopy(library[used][1])
    for key in ("id", "name", "description", "events"):
        if key in checked:
            bet[key] = copy.deepcopy(checked[key]) if key == "events" else checked[key]
    for key in ("pays", "when"):
        for name, value in checked.get(key, {}).items():
            events = [e for e in bet["events"] if isinstance(e, dict)]
            # the closest name wins: exact, then any case, then slug (exact_odds.names)
            try:
                index = find_name([str(e.get("event", "")) for e in events], str(name))
            except AmbiguousNameError as error:
                raise GameFileError(f"{path}: {where}: field {key!r}: {error}") from None
            if index is None:
                known = "; ".join(str(e.get("event")) for e in events)
                raise GameFileError(f"{path}: {where}: field {key!r}: the shared bet {used!r} "
                                    f"has no event {name!r}; its events: {known}")
            events[index][key] = value
    return bet
