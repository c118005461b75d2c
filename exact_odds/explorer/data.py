"""What the explorer's script reads: a report's bets with every event's exact combinations
and pay, the shoe's total, each bet's effect of removal by rank, and the game file as a
template whose pays the script fills in (``game_file_template``).

Expected value and variance are rational in the pays and the combinations do not depend on
them (a bet settles on the first event whose condition holds, whatever it pays), so the
script recomputes every figure exactly from these counts when a pay changes.

>>> from exact_odds.analysis.report import game_report
>>> data = explorer_data(game_report("commission-free", bets="tie"))
>>> data["total"], [(e["event"], e["pays"]) for e in data["bets"][0]["events"]]
('4998398275503360', [('Tie', '8 to 1'), ('No tie', 'lose')])
>>> data["bets"][0]["events"][0]["combinations"]
'475627426473216'
"""

from __future__ import annotations

import secrets
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from exact_odds.analysis.removal import RemovalTable
from exact_odds.analysis.report import GameReport
from exact_odds.errors import ExactOddsError, escape_controls
from exact_odds.games.model import Game
from exact_odds.numbers import fraction_text, int_text
from exact_odds.render.document import Json
from exact_odds.render.text import line_text
from exact_odds.shoe import Shoe

#: A piece of the game file's template: text as it is, or the place of one event's pay.
Piece = str | dict[str, str]


def explorer_data(report: GameReport, removal: RemovalTable | None = None,
                  removal_note: str = "") -> Json:
    """The explorer's data for ``report`` (its bets, their events' combinations and pays),
    with each bet's effect of removal from ``removal`` (by rank) where it was computed, and
    ``removal_note`` saying why where it was not."""
    game = report.game
    header = [line_text(line) for line in report.to_document().inputs]
    bets = []
    for result in report.bets:
        bet = game.bet(result.id)
        own = {event.name for event in bet.events}
        effects = None
        if removal is not None and result.id in removal.effects:
            effects = {"by": removal.by, "labels": list(removal.labels),
                       "effects": [fraction_text(e) for e in removal.effects[result.id]],
                       "expected_value": fraction_text(result.expected_value)}
        bets.append({
            "id": result.id, "name": result.name,
            "events": [{"event": e.event, "when": e.when, "pays": e.pays,
                        "net": fraction_text(e.net), "combinations": int_text(e.combinations),
                        "editable": e.event in own} for e in result.events],
            "removal": effects,
        })
    source = game.source.get("document") if isinstance(game.source, dict) else None
    return {
        "format": 1,
        "title": f"{game.name} ({game.id})",
        "game": {"id": game.id, "name": game.name,
                 "source": None if source is None else str(source),
                 "readings": [str(r) for r in game.readings]},
        "header": header,
        "shoe": report.shoe.describe(),
        "total": int_text(report.total),
        "bets": bets,
        "removal_note": removal_note,
        "template": game_file_template(game, [b.id for b in report.bets], shoe=report.shoe,
                                       settings=report.settings, strategy=report.strategy),
        "file_name": f"{game.id}-edited.yaml",
    }


def game_file_template(game: Game, bets: list[str] | None = None, *, shoe: Shoe | None = None,
                       settings: Mapping[str, object] | None = None,
                       strategy: str | None = None) -> list[Piece]:
    """The game file as YAML text with a hole for every pay of every bet (``{"bet": id,
    "event": name}``): the file's own fields as it writes them, its bets as the loader
    read them (shared bets and mirrors written out, each event's condition and name).
    ``fill_template`` (and the explorer's script) fill the holes with pays as quoted YAML
    strings; ``exact-odds report`` reads the result back to the same game. Only the bets
    named in ``bets`` (all, by default) are written.

    The report's inputs become the file's: the decks of ``shoe``, the ``settings``' values
    as their defaults, the ``strategy``; cards removed from the shoe, which a game file
    cannot hold, are named in its first line with the command that reads it."""
    import yaml

    from exact_odds.files import read_yaml

    if not game.path or not Path(game.path).is_file():
        raise ExactOddsError(f"game {game.id!r}: its game file {game.path!r} cannot be read: "
                             "the explorer writes an edited game from its file")
    data = read_yaml(Path(game.path))
    if not isinstance(data, dict):  # a game read from this file was a mapping
        raise ExactOddsError(f"{game.path}: the game file has changed since it was read")
    nonce = secrets.token_hex(8)
    holes: dict[str, dict[str, str]] = {}
    raw_bets: list[dict[str, Any]] = []
    chosen = set(bets) if bets is not None else None
    for bet in game.bets:
        if chosen is not None and bet.id not in chosen:
            continue
        raw: dict[str, Any] = {"id": bet.id, "name": bet.name}
        if bet.description:
            raw["description"] = bet.description
        if bet.placed != "before-deal":
            raw["placed"] = bet.placed
        if bet.offered is not None and not bet.adds_stake:  # a stake's is its placing
            raw["offered"] = bet.offered.text
        events = []
        for event in bet.events:
            token = f"@@exact-odds-pay-{nonce}-{len(holes)}@@"
            holes[token] = {"bet": bet.id, "event": event.name}
            events.append({"event": event.name, "when": event.when, "pays": token})
        raw["events"] = events
        raw_bets.append(raw)
    fields = {key: value for key, value in data.items() if key != "bets"}
    command = "exact-odds report FILE"
    whole = shoe.as_removed() if shoe is not None else None
    if whole is not None:
        fields["decks"] = whole[0]
        if whole[1]:
            command += " --remove " + ",".join(whole[1])
    elif shoe is not None:
        command += f" --shoe SHOE-FILE (the shoe of its own: {shoe.describe()})"
    for name, value in (settings or {}).items():
        setting = fields.get("settings", {}).get(name)
        if isinstance(setting, dict):
            setting["default"] = value
        elif name in game.settings and value != game.settings[name].default:
            # a setting the rules declare (what each side sees): the file chooses its default
            declared = game.settings[name]
            fields.setdefault("settings", {})[name] = {
                "description": declared.description, "default": value,
                "choices": list(declared.choices)}
    if strategy is not None and (strategy != game.strategy or "strategy" in fields):
        fields["strategy"] = strategy
    fields["bets"] = raw_bets
    text = yaml.safe_dump(fields, sort_keys=False, allow_unicode=True, width=100)
    head = escape_controls(f"# {game.id}, its pays as edited in the exact-odds explorer; "
                           f"read it with: {command}") + "\n"
    pieces: list[Piece] = []
    rest = head + text
    for token, hole in holes.items():
        quoted = f"'{token}'"
        if rest.count(quoted) != 1:  # the game file's own text holds the token: unreachable
            raise ExactOddsError(f"game {game.id!r}: cannot write its template")
        before, rest = rest.split(quoted)
        pieces += [before, hole]
    pieces.append(rest)
    return pieces


def yaml_string(text: str) -> str:
    """``text`` as a YAML double-quoted string: printable ASCII as it is, every other
    character escaped by its code point (the explorer's script quotes the same way).

    >>> yaml_string('8 to 1'), yaml_string('1½ to 1'), yaml_string('a"b')
    ('"8 to 1"', '"1\\\\xbd to 1"', '"a\\\\"b"')
    """
    out = []
    for char in text:
        code = ord(char)
        if char in '"\\':
            out.append("\\" + char)
        elif 0x20 <= code < 0x7F:
            out.append(char)
        elif code < 0x100:
            out.append(f"\\x{code:02x}")
        elif code < 0x10000:
            out.append(f"\\u{code:04x}")
        else:
            out.append(f"\\U{code:08x}")
    return '"' + "".join(out) + '"'


def fill_template(pieces: list[Piece], pays: dict[str, dict[str, str]]) -> str:
    """The game file of a template with each hole's pay: ``pays[bet][event]``."""
    return "".join(piece if isinstance(piece, str) else
                   yaml_string(pays[piece["bet"]][piece["event"]]) for piece in pieces)
