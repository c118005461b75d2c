"""The equilibrium of a game where both hands choose (chemin de fer), as a result: each
side's strategy exactly, the Banker's choices against the casino tableau, the value of the
game, whether the equilibrium is the only one, and the reference values where the Player
always draws or always stands and the Banker answers best.

The figures are ``exact_odds.analysis.equilibrium``'s.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from exact_odds.analysis.equilibrium import (
    BANKER,
    Paths,
    Solution,
    best_answer,
    decision_paths,
    equilibrium,
)
from exact_odds.analysis.report import deck_notes, setting_lines
from exact_odds.games.inputs import is_builtin
from exact_odds.games.model import Game
from exact_odds.numbers import fraction_text, percent_text
from exact_odds.render.document import (
    TABULAR,
    Cell,
    Column,
    Document,
    Field,
    Json,
    Line,
    Table,
    Text,
    version,
)
from exact_odds.render.rendered import Rendered
from exact_odds.render.text import safe
from exact_odds.rules import DrawingRules, InfoState
from exact_odds.shoe import Shoe

#: How each column a decider may see is headed.
_LABELS = {"player_low_card": "Player low card", "player_high_card": "Player high card",
           "player_two_card_total": "Player total", "banker_low_card": "Banker low card",
           "banker_high_card": "Banker high card", "banker_two_card_total": "Banker total",
           "player_third": "Player's third card"}


@dataclass(frozen=True)
class Reference:
    """Both sides' values where the Player always draws (or always stands) where he
    chooses and the Banker answers best."""

    player_draws: bool
    banker: dict[InfoState, Fraction]
    values: tuple[Fraction, Fraction]


@dataclass(frozen=True)
class EquilibriumReport(Rendered):
    """The equilibrium of both hands' choices for one shoe, under the game's settings."""

    game: Game
    shoe: Shoe
    rules: DrawingRules
    solution: Solution
    references: tuple[Reference, ...]
    settings: dict[str, object] = field(default_factory=dict)

    @property
    def player(self) -> dict[InfoState, Fraction]:
        """The Player's probability of drawing at each of his information states, in order."""
        return _in_order(self.solution.equilibria[0].player)

    @property
    def banker(self) -> dict[InfoState, Fraction]:
        """The Banker's probability of drawing at each of his information states, in order."""
        return _in_order(self.solution.equilibria[0].banker)

    @property
    def value(self) -> Fraction:
        """The value of the game: the Banker's expected gain per unit (his bet's expected
        value; with no commission, minus the Player's)."""
        return self.solution.values[1]

    def house_way(self, state: InfoState) -> bool:
        """The casino tableau's choice in a Banker state: whether the house way draws."""
        banker = self.rules.banker_option
        assert banker is not None
        return self.rules.banker_house_way(banker.total_of(state), banker.third_of(state))

    def inputs(self) -> dict[str, Any]:
        data: Json = {"exact_odds_version": version(), "game": self.game.id,
                      "name": self.game.name}
        if not is_builtin(self.game):
            data["game_file"] = self.game.path
        data.update({"rules": self.rules.title, "decks": self.shoe.decks, "cards": self.shoe.size,
                     "shoe": self.shoe.spec(), "shoe_description": self.shoe.describe(),
                     "strategy": "equilibrium", "settings": dict(self.settings),
                     "notes": list(deck_notes(self.game, self.shoe))})
        return data

    def to_dict(self) -> dict[str, Any]:
        """The equilibrium as data, every probability and value an exact fraction."""
        option, banker = self.rules.option, self.rules.banker_option
        assert option is not None and banker is not None
        return {
            **self.inputs(),
            "player_sees": list(option.sees), "banker_sees": list(banker.sees),
            "player": [{"state": list(state), "draws": fraction_text(p)}
                       for state, p in self.player.items()],
            "banker": [{"state": list(state), "draws": fraction_text(p),
                        "house_way_draws": self.house_way(state),
                        "differs_from_tableau": p != self.house_way(state)}
                       for state, p in self.banker.items()],
            "player_value": fraction_text(self.solution.values[0]),
            "banker_value": fraction_text(self.solution.values[1]),
            "unique": self.solution.unique,
            "open_states": list(self.solution.degenerate),
            "intervals": [{"state": name, "from": fraction_text(low), "to": fraction_text(high)}
                          for name, low, high in self.solution.intervals],
            "equilibria": len(self.solution.equilibria),
            "references": [{"player": "draws" if r.player_draws else "stands",
                            "player_value": fraction_text(r.values[0]),
                            "banker_value": fraction_text(r.values[1])}
                           for r in self.references],
        }

    def to_document(self) -> Document:
        return _document(self)


def equilibrium_report(shoe: Shoe, game: Game, settings: dict[str, object] | None = None
                       ) -> EquilibriumReport:
    """Both hands' equilibrium for the shoe, and the reference values."""
    values = game.setting_values(settings)
    solution = equilibrium(shoe, game, values)
    paths = decision_paths(shoe, game, values)
    return EquilibriumReport(game, shoe, game.rules_under(values), solution,
                             tuple(_reference(paths, draws) for draws in (True, False)), values)


def _reference(paths: Paths, draws: bool) -> Reference:
    player = dict.fromkeys(paths.player_states, Fraction(int(draws)))
    banker = best_answer(paths, BANKER, player)
    return Reference(draws, banker, paths.value(player, banker))


def _in_order(found: dict[InfoState, Fraction]) -> dict[InfoState, Fraction]:
    return dict(sorted(found.items(), key=lambda item: tuple(
        10 if v is None else v for v in item[0])))


def _choice(p: Fraction) -> str:
    return "D" if p == 1 else "S" if p == 0 else f"{float(p):.4f}"


def _document(report: EquilibriumReport) -> Document:
    option, banker = report.rules.option, report.rules.banker_option
    assert option is not None and banker is not None
    data = report.inputs()
    header: list[Line] = [Field("Game", f"{safe(report.game.name)} ({safe(report.game.id)})"),
                                 Field("Shoe", data["shoe_description"]),
                                 Field("Rules", safe(report.rules.title))]
    header += setting_lines(report.game, report.settings)
    header += [Field("exact-odds", data["exact_odds_version"])]
    header += [Field("Note", note) for note in data["notes"]]
    player_value, banker_value = report.solution.values
    ranges = "".join(f" {name} draws with any probability from {fraction_text(low)} to "
                     f"{fraction_text(high)}, the Banker playing alike: each is an equilibrium."
                     for name, low, high in report.solution.intervals)
    found = len(report.solution.equilibria)
    unique = ("The equilibrium is unique." if report.solution.unique else
              f"The equilibrium is not unique: {found} "
              f"{'equilibrium' if found == 1 else 'equilibria'} found;{ranges} States where a "
              f"side is indifferent without mixing: "
              f"{', '.join(report.solution.degenerate) or 'none'}"
              + (" (the first equilibrium, the Player drawing least, is shown)." if found > 1
                 else " (either choice there gives the same: the one shown is played)."))
    blocks: list[Table | Text] = [
        Text((f"The Player's choice on {', '.join(map(str, option.totals))}, seeing "
              f"{' and '.join(_LABELS[s].lower() for s in option.sees)}: the probability of "
              "drawing at each state.",)),
        Table("Player", (*(Column(_LABELS[s], "count") for s in option.sees),
                         Column("Draws with probability", "exact"), Column("Exact")),
              tuple((*state, p, fraction_text(p)) for state, p in report.player.items()),
              sheet="Player"),
        _banker_map(report),
        Table("Banker", (*(Column(_LABELS[s], "count") for s in banker.sees),
                         Column("Draws with probability", "exact"), Column("Exact"),
                         Column("Tableau draws", "flag"), Column("Differs from tableau", "flag")),
              tuple((*state, p, fraction_text(p), report.house_way(state),
                     p != report.house_way(state)) for state, p in report.banker.items()),
              sheet="Banker", formats=TABULAR),
        Text((f"Value of the game (the Banker's expected gain per unit): "
              f"{percent_text(banker_value)} (exact {fraction_text(banker_value)}); the Player's: "
              f"{percent_text(player_value)} (exact {fraction_text(player_value)}).", unique)),
        Table("If the Player always draws, or always stands, and the Banker answers best",
              (Column("Player"), Column("Player's value", "signed"),
               Column("Banker's value", "signed")),
              tuple(("always draws" if r.player_draws else "always stands", r.values[0],
                     r.values[1]) for r in report.references), sheet="References"),
    ]
    return Document(f"{safe(report.game.name)}: the equilibrium of both hands' choices",
                    tuple(header), tuple(blocks))


def _banker_map(report: EquilibriumReport) -> Table:
    """The Banker's choices for the terminal: a row per state he sees (his total or his
    cards), a column per Player's third card and for a stand; D draws, S stands, a
    probability mixes; * where it differs from the casino tableau."""
    banker = report.rules.banker_option
    assert banker is not None
    own = [s for s in banker.sees if s != "player_third"]
    rows: dict[tuple[int | None, ...], dict[int | None, str]] = {}
    for state, p in report.banker.items():
        known = dict(zip(banker.sees, state))
        key = tuple(known[s] for s in own)
        mark = "*" if p != report.house_way(state) else " "
        rows.setdefault(key, {})[known.get("player_third")] = f"{_choice(p)}{mark}"
    thirds: list[int | None] = [*range(10), None]
    cells: list[tuple[Cell, ...]] = [
        (",".join(map(str, key)), *(found.get(third, "-") for third in thirds))
        for key, found in sorted(rows.items(), key=lambda item: tuple(v or 0 for v in item[0]))]
    return Table("Banker: a row for what he sees of his own hand, a column for the Player's "
                 "third card (stood: the Player did not draw); D draws, S stands, a "
                 "probability mixes; * differs from the casino tableau",
                 (Column(" ".join(_LABELS[s] for s in own), width=12),
                  *(Column(str(t) if t is not None else "stood", align="right", width=7)
                    for t in thirds)), tuple(cells), indent=0, separator=" ",
                 label_separator=" | ", rule=True, formats=("text",))
