"""Best play on the bettor's option as a result: the decisions in every visible state and
the late bet under the strategy played (``StrategyReport``), as people read it and as data.

For the terminal, maps of the visible states (H or S and the gain; the late bet's value);
for Markdown, spreadsheets and CSV, the decisions and the late bet's states one per row.
The figures come from ``exact_odds.analysis.strategy``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path

from exact_odds.analysis.equilibrium_report import EquilibriumReport
from exact_odds.analysis.report import deck_notes
from exact_odds.analysis.strategy import (
    Decision,
    GameLike,
    LateTie,
    StrategyError,
    _game,
    _late_bet,
    decisions,
    late_ties,
    on_five_map,
    optimised_bets,
)
from exact_odds.games.inputs import is_builtin
from exact_odds.games.model import Bet, Game
from exact_odds.numbers import fraction_text, percent_text
from exact_odds.render.document import (
    TABULAR,
    Cell,
    Column,
    Document,
    Field,
    Json,
    Table,
    Text,
    version,
)
from exact_odds.render.rendered import Rendered
from exact_odds.render.text import safe
from exact_odds.rules import CARDS_SEEN, InfoState, Option
from exact_odds.shoe import Shoe


@dataclass(frozen=True)
class StrategyReport(Rendered):
    """The decisions on the option, and the late bet under the strategy played."""

    shoe: Shoe
    strategy: str
    decisions: tuple[Decision, ...]
    late_ties: tuple[LateTie, ...]
    game: Game | None = None
    settings: dict[str, object] = field(default_factory=dict)  # name -> value used

    @property
    def optimised_bets(self) -> tuple[Bet, ...]:
        return optimised_bets(self.game) if self.game and self.game.optimise else ()

    @property
    def late_bet(self) -> Bet | None:
        return _late_bet(self.game) if self.game else None

    @property
    def late_pays(self) -> str | None:
        """The late bet's top pay as the game file writes it ("7 to 1")."""
        bet = self.late_bet
        if bet is None:
            return None
        wins = [e for e in bet.events if e.pay.net > 0]
        return max(wins, key=lambda e: e.pay.net).pay.text if wins else None

    @property
    def favourable_late_ties(self) -> tuple[LateTie, ...]:
        return tuple(t for t in self.late_ties if t.favours_bettor)

    @property
    def late_tie_value_per_round(self) -> Fraction:
        """Expected gain per round of one unit on the late bet in exactly the favourable states."""
        return sum((t.probability * t.ev for t in self.favourable_late_ties), Fraction(0))

    def on_five(self) -> dict[InfoState, bool]:
        """The decision map (True: hit), for rules ``with_strategy``."""
        return on_five_map(self.decisions)

    def inputs(self) -> Json:
        """The game, shoe, strategy and bet played for, and the version."""
        return _inputs(self)

    def to_document(self) -> Document:
        return _document(self)

    def to_dict(self) -> Json:
        """Every decision and the late bet's states, exact fractions as strings."""
        return _dict(self)


def strategy_report(first: Shoe | GameLike | None = None, strategy: str | None = None, *,
                    game: GameLike | None = None, shoe: Shoe | None = None,
                    settings: Mapping[str, object] | None = None
                    ) -> StrategyReport | EquilibriumReport:
    """The best play of a game's decisions for a shoe: the bettor's decisions on his option
    and the late bet, the player hand played by ``strategy`` (default ``optimal``); or,
    where both hands choose (chemin de fer), their equilibrium (``EquilibriumReport``).
    ``first`` is the shoe (``strategy_report(shoe, game="21st-century")``) or the game
    (``strategy_report("chemin-de-fer")``, the game's shoe unless ``shoe`` is given);
    ``settings``: values chosen for the game's settings (what each decider sees, ...)."""
    from exact_odds.analysis.equilibrium import two_sided
    from exact_odds.errors import check_type
    from exact_odds.rules import STRATEGIES
    from exact_odds.rules.chart import RulesError

    if not isinstance(first, (str, Path, Game)):  # the shoe (or nothing)
        check_type(first, (Shoe, type(None)), "shoe or game",
                   "a Shoe (Shoe.from_decks, load_shoe) or a game (its id, its file's path or "
                   "a Game)")
        if first is not None and shoe is not None:
            raise StrategyError("strategy_report: give the shoe once, first or as shoe=")
        shoe = first if shoe is None else shoe
    elif game is not None:
        raise StrategyError("strategy_report: give the game once, first or as game=")
    else:
        game = first
    loaded = _game(game if game is not None else "21st-century")
    if shoe is None:
        shoe = loaded.shoe()
    check_type(shoe, Shoe, "shoe", "a Shoe (Shoe.from_decks, load_shoe)")
    if settings is not None:
        check_type(settings, Mapping, "settings", "a mapping of setting names to values")
    if strategy is not None:
        check_type(strategy, str, "strategy", f"one of {', '.join(STRATEGIES)}")
        if strategy not in STRATEGIES:
            raise RulesError(f"strategy: {strategy!r} is not one of {', '.join(STRATEGIES)}")
    if two_sided(loaded.rules):
        if strategy not in (None, "equilibrium"):
            raise StrategyError(f"strategy {strategy}: in game {loaded.id!r} both hands choose: "
                                "their best play is the equilibrium (--strategy equilibrium)")
        from exact_odds.analysis.equilibrium_report import equilibrium_report

        return equilibrium_report(shoe, loaded, dict(settings or {}))
    strategy = strategy or "optimal"
    if strategy == "equilibrium":
        raise StrategyError(f"strategy equilibrium: in game {loaded.id!r} only the bettor "
                            "chooses: his best play is --strategy optimal")
    values = loaded.setting_values(settings)
    found = decisions(shoe, loaded, values)
    on_five: str | dict[InfoState, bool]
    if strategy == "optimal":
        on_five = on_five_map(found)
    else:
        loaded.rules.with_strategy(strategy)  # checks the name
        on_five = strategy
    return StrategyReport(shoe, strategy, found, late_ties(shoe, on_five, loaded), loaded,
                          values)


def _inputs(result: StrategyReport) -> Json:
    game = result.game
    data: Json = {"exact_odds_version": version()}
    if game is not None:
        data.update({"game": game.id, "name": game.name})
        if not is_builtin(game):
            data["game_file"] = game.path
        data["notes"] = list(deck_notes(game, result.shoe))
    rules = game.rules.title if game is not None else "21st Century 5.0"
    data.update({"rules": rules, "decks": result.shoe.decks,
                 "cards": result.shoe.size, "shoe": result.shoe.spec(),
                 "shoe_description": result.shoe.describe(), "strategy": result.strategy,
                 "optimised_bets": [bet.id for bet in result.optimised_bets],
                 "settings": dict(result.settings)})
    return data


def _late_label(result: StrategyReport) -> str:
    late = result.late_bet
    return late.name.split(" (")[0] if late is not None else "Late tie"


def _dict(result: StrategyReport) -> Json:
    data: Json = {
        **_inputs(result),
        "decisions": [
            {"player_cards": [d.low, d.high], "dealer_up": d.up, "choice": d.choice,
             "ev_hit": fraction_text(d.ev_hit), "ev_stand": fraction_text(d.ev_stand),
             "gain": fraction_text(d.gain)}
            for d in result.decisions
        ],
    }
    late = result.late_bet
    data["late_tie"] = None if late is None else {
        "bet": late.id,
        "pays": result.late_pays,
        "player_hand_played": result.strategy,
        "states": [
            {"player_cards": [t.low, t.high], "dealer_up": t.up,
             "probability": fraction_text(t.probability), "ev": fraction_text(t.ev),
             "favours_bettor": t.favours_bettor}
            for t in result.late_ties
        ],
        "favourable_states": [
            {"player_cards": [t.low, t.high], "dealer_up": t.up, "ev": fraction_text(t.ev)}
            for t in result.favourable_late_ties
        ],
        "value_per_round": fraction_text(result.late_tie_value_per_round),
    }
    return data


def _strategy_header(data: Json) -> tuple[Field, ...]:
    lines: list[Field] = []
    if data.get("game"):
        lines.append(Field("Game", f"{data['name']} ({data['game']})"))
    lines += [Field("Shoe", data["shoe_description"]), Field("Rules", data["rules"])]
    if data.get("optimised_bets"):
        lines.append(Field("Best play for", " and ".join(data["optimised_bets"])))
    lines += [Field("Player hand played", data["strategy"]),
              Field("exact-odds", data["exact_odds_version"])]
    lines += [Field("Note", note) for note in data.get("notes", [])]
    return tuple(lines)


def strategy_title(result: StrategyReport) -> str:
    game = result.game
    if game is None or game.rules.option is None:
        return "21st Century Baccarat 5.0: best play on 5"
    return f"{game.name}: best play {game.rules.option.describe()}"


#: How each column a decider may see is headed in the decisions' tables.
_SEEN_LABELS = {"player_low_card": "Player low card", "player_high_card": "Player high card",
                "player_two_card_total": "Player total", "dealer_up": "Dealer up card"}


def _state_map(ups: list[int | None], width: int, label: str,
               rows: Sequence[tuple[Cell, ...]]) -> Table:
    """A map of the states for the terminal: the Player's cards or total by up card."""
    heads = [f"up {u}" if u is not None else "any up" for u in ups]
    return Table("", (Column(label, width=12),
                      *(Column(h, align="right", width=width) for h in heads)),
                 tuple(rows), indent=0, separator=" ", label_separator=" | ", rule=True,
                 formats=("text",))


def _decision_blocks(result: StrategyReport, option: Option | None, on: str
                     ) -> list[Table | Text]:
    """The decisions: a chart for the terminal (by the Player's two cards where the decider
    sees them, else by his total; against the up card where he sees it), and a table of
    every information state with both exact expected values."""
    sees = option.sees if option is not None else CARDS_SEEN
    by_cards = option is None or option.sees_cards
    ups: list[int | None] = (list(range(10)) if option is None or option.sees_up_card
                             else [None])
    bets = result.optimised_bets
    played_for = (f"the {safe(bets[0].name)}" + "".join(f", with the {safe(b.name)}"
                                                         for b in bets[1:])
                  if bets else "the player line")
    after_check = option.after_natural_check if option is not None else True
    given = ("given the cards seen and that the dealer holds no natural."
             if after_check else "given what the decider sees.")
    # one decision per information state (the visible states he cannot tell apart agree)
    by_info = {d.info or (d.low, d.high, d.up): d for d in result.decisions}
    hand = (lambda d: (d.low, d.high)) if by_cards else (lambda d: ((d.low + d.high) % 10,))
    cells = {(*hand(d), d.up if ups != [None] else None): d for d in result.decisions}
    choices = [(",".join(map(str, row)), *("-" if d is None else
                                           f"{d.choice[0].upper()} {float(d.gain) * 100:5.2f}"
                                           for up in ups for d in [cells.get((*row, up))]))
               for row in sorted({hand(d) for d in result.decisions})]
    return [
        Text(("Each cell: H (draw) or S (stand), then what that choice gains over the other, "
              "in % of",
              f"a unit of {played_for}, {given}"), formats=("text",)),
        _state_map(ups, 8, "Player cards" if by_cards else "Player total", choices),
        Table(f"The decision {on}",
              (*(Column(_SEEN_LABELS[name], "count") for name in sees), Column("Choice"),
               Column("EV hit", "signed"), Column("EV stand", "signed"), Column("Gain", "exact")),
              tuple((*info, d.choice, d.ev_hit, d.ev_stand, d.gain)
                    for info, d in by_info.items()), sheet="Decisions", formats=TABULAR),
    ]


def _document(result: StrategyReport) -> Document:
    game = result.game
    option = game.rules_under(result.settings).option if game is not None else None
    on = option.describe() if option is not None else "on 5"
    label = _late_label(result)
    data = _inputs(result)
    ups: list[int | None] = (list(range(10)) if option is None or option.sees_up_card
                             else [None])
    blocks: list[Table | Text] = _decision_blocks(result, option, on)
    if result.late_bet is not None:
        ties = {(t.low, t.high, t.up): t for t in result.late_ties}
        late_rows: list[tuple[Cell, ...]] = []
        for low in range(10):
            for high in range(low, 10):
                row: list[Cell] = [f"{low},{high}"]
                for up in ups:
                    t = ties.get((low, high, up))
                    row.append("." if t is None else
                               f"{'+' if t.favours_bettor else ' '}{float(t.ev) * 100:6.1f}")
                late_rows.append(tuple(row))
        value = result.late_tie_value_per_round
        favourable = (f"Favourable {safe(label.lower().replace(' ', '-'))} states: "
                      f"{len(result.favourable_late_ties)} of {len(result.late_ties)} offered")
        blocks += [
            Text((f"{safe(label)} ({safe(result.late_pays)}), the player hand played "
                  f"{result.strategy}: expected value in % of the",
                  "bet, given the cards seen; '+' marks where it favours the bettor, '.' where "
                  "it is not offered."), formats=("text",)),
            _state_map(ups, 7, "Player cards", late_rows),
            Text((f"{favourable}.",
                  f"Placing one unit in exactly those states gains {percent_text(value)} of a "
                  f"unit per round (exact {fraction_text(value)})."), formats=("text",)),
            Table(f"{label} ({result.late_pays})",
                  (Column("Player low card", "count"), Column("Player high card", "count"),
                   Column("Dealer up card", "count"), Column("Probability", "exact"),
                   Column("EV", "signed"), Column("Favours bettor", "flag")),
                  tuple((t.low, t.high, t.up, t.probability, t.ev, t.favours_bettor)
                        for t in result.late_ties), sheet=label[:31], formats=TABULAR),
            Text((f"{favourable}; placing one unit in exactly those gains "
                  f"{fraction_text(value)} of a unit per round.",), formats=TABULAR),
        ]
    return Document(safe(strategy_title(result)), _strategy_header(data), tuple(blocks))
