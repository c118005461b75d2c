"""What the explorer's script reads: a report's bets with every event's exact combinations
and pay, the shoe's total, each bet's effect of removal by rank, and the game file as a
template whose pays the script fills in (``game_file_template``); and what Python knows
that the script must not write again: the figures to show (``analysis.figures``), the
pay grammar (``games.pays.pay_grammar``), the limits, the rounding rule and the hold band's
confidence.

Where a decision adds a stake (Lucky Draw's Draw bet), the bettor's round as a whole too
(``round_data``): its figures (``analysis.figures.ROUND_FIGURES``) follow the bets', under
the same play.

Expected value and variance are rational in the pays, and the combinations do not depend on
them (a bet settles on the first event whose condition holds, whatever it pays) unless the
play is chosen to suit the pays (``--strategy optimal``): then the data carries, for each
state the decider sees, each option's combinations (``analysis.decision_counts``), and the
script chooses again as ``report`` does. Either way it recomputes every figure exactly when
a pay changes.

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

from exact_odds.analysis.bet_result import NO_ACTION_PAYS, VERDICTS
from exact_odds.analysis.decision_counts import DecisionCounts
from exact_odds.analysis.figures import (
    HOLD_CONFIDENCE,
    ROUND_FIGURES,
    ROUND_NOTE,
    confidence_label,
    normal_quantile,
    page_figures,
)
from exact_odds.analysis.removal import RemovalTable
from exact_odds.analysis.report import GameReport
from exact_odds.errors import ExactOddsError, escape_controls
from exact_odds.games.model import Game
from exact_odds.games.pays import pay_grammar
from exact_odds.limits import MAX_FRAGMENT, MAX_HOLD_ROUNDS
from exact_odds.numbers import ROUNDING, fraction_text, int_text
from exact_odds.render.document import Json
from exact_odds.render.text import line_text
from exact_odds.shoe import Shoe

#: A piece of the game file's template: text as it is, or the place of one event's pay.
Piece = str | dict[str, str]


def explorer_data(report: GameReport, removal: RemovalTable | None = None,
                  removal_note: str = "", counts: DecisionCounts | None = None,
                  counts_note: str = "", locked: tuple[str, ...] = ()) -> Json:
    """The explorer's data for ``report`` (its bets, their events' combinations and pays),
    with each bet's effect of removal from ``removal`` (by rank) where it was computed, and
    ``removal_note`` saying why where it was not; where the play is chosen for the pays,
    its ``counts`` (``decision_counts``), or ``counts_note`` saying why it cannot be chosen
    again here and the bets whose pays are then not editable (``locked``)."""
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
            "removal": effects, "added_stake": result.added_stake,
        })
    source = game.source.get("document") if isinstance(game.source, dict) else None
    return {
        "format": 2,
        "title": f"{game.name} ({game.id})",
        "game": {"id": game.id, "name": game.name,
                 "source": None if source is None else str(source),
                 "readings": [str(r) for r in game.readings]},
        "header": header,
        "shoe": report.shoe.describe(),
        "total": int_text(report.total),
        "bets": bets,
        "strategy": strategy_data(report, counts, counts_note, locked),
        "round": round_data(report),
        "removal_note": removal_note,
        "figures": page_figures(),
        "verdicts": VERDICTS,
        "hold": {"rounds": "1000", "max_rounds": str(MAX_HOLD_ROUNDS),
                 "z": normal_quantile(HOLD_CONFIDENCE),
                 "z_text": f"{normal_quantile(HOLD_CONFIDENCE):.2f}",
                 "label": f"{confidence_label(HOLD_CONFIDENCE)} band",
                 "approximation": "normal approximation"},
        "rounding": ROUNDING,
        "grammar": pay_grammar(),
        "limits": {"fragment": MAX_FRAGMENT},
        "template": game_file_template(game, [b.id for b in report.bets], shoe=report.shoe,
                                       settings=report.settings, strategy=report.strategy),
        "file_name": f"{game.id}-edited.yaml",
    }


def round_data(report: GameReport) -> Json | None:
    """The bettor's round, where a decision adds a stake and the report holds every bet of
    it (``GameReport.bettor_round``): its title, what its figures are (``note``), its bets
    (each one's place among the page's bets and the places of its lines without action:
    the stake not placed) and the figures to show; None elsewhere."""
    played = report.bettor_round
    if played is None:
        return None
    order = [bet.id for bet in report.bets]
    return {"title": played.title, "note": ROUND_NOTE,
            "bets": [{"index": order.index(bet.id),
                      "not_placed": [i for i, e in enumerate(bet.events)
                                     if e.pays == NO_ACTION_PAYS]} for bet in played.bets],
            "figures": page_figures(ROUND_FIGURES, "per unit of the first bet")}


def strategy_data(report: GameReport, counts: DecisionCounts | None, note: str = "",
                  locked: tuple[str, ...] = ()) -> Json | None:
    """The play as the script chooses it again: for each decision state its label and, for
    each option, the combinations of every line of every bet counted (the report's bets in
    its order, then any bet played for that it does not show, with what that one pays);
    the combinations no decision touches; the bets played for (their places); the house
    way. None where the play does not follow the pays; where it cannot be chosen again
    here, why (``unavailable``) and the bets whose pays are then ``locked``."""
    if counts is None:
        return {"unavailable": f"The pays of {', '.join(locked)} cannot be edited here: {note}",
                "locked": list(locked)} if note else None
    order = [bet.id for bet in report.bets]
    counted = [*order, *counts.hidden]
    names = ", ".join(report.bet(bet).name if bet in order else bet for bet in counts.played_for)
    return {
        "decider": counts.decider,
        "options": list(counts.options),
        "house_way": counts.house_way,
        "bets": [{"id": bet, "nets": [fraction_text(n) for n in counts.hidden[bet]]
                  if bet in counts.hidden else None} for bet in counted],
        "played_for": [counted.index(bet) for bet in counts.played_for],
        "fixed": [[int_text(c) for c in counts.fixed[bet]] for bet in order],
        "states": [{"label": state.label,
                    "counts": [[[int_text(c) for c in option[bet]] for bet in counted]
                               for option in state.counts]}
                   for state in counts.states],
        "summary": f"The play, optimal for the pays shown ({names})",
        "note": (f"The play is chosen to suit the pays (strategy {report.strategy}): "
                 f"{counts.decider} takes the option with the better expected value for "
                 f"{names} in each state he sees (the house way, {counts.house_way}, on an exact "
                 "tie). A pay changed here can change it, and so the combinations of every "
                 "bet: the page chooses again, exactly as exact-odds report does for the "
                 "downloaded file."),
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
