"""Issue 44, item 1: a pay edited where the bettor's play is chosen to suit the pays
(``--strategy optimal``). A changed pay can change the play, and with it the combinations
of every bet; the explorer's page, the widget and the workbook must not keep the old ones.

``analysis.decision_counts`` holds each decision state's combinations for each option and
chooses again. Its figures are held against ``exact-odds report`` of the edited game file
(the whole enumeration done again with the play that file's pays make optimal), bet by bet
and line by line; the widget's likewise, through the file it writes. The page's script is
held against the same in tests/test_explorer_browser.py.
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

import exact_odds
from exact_odds.analysis.decision_counts import (
    best_option,
    decision_counts,
    line_nets,
)
from exact_odds.analysis.figures import FIGURES
from exact_odds.analysis.report import game_report
from exact_odds.analysis.strategy import decisions, on_five_map, takes_option
from exact_odds.games.loader import load_game
from exact_odds.shoe import Shoe

#: Pay edits that change the optimal play (and some that change no state), per game.
EDITS = {
    "21st-century": [
        [("player", "Player wins", "1 to 2")],  # the issue's: one state changes
        [("player", "Tie on 2 to 9", "lose"), ("dealer", "Dealer wins", "1 to 1")],
        [("player", "Player wins", "3 to 1"), ("late-tie", "Tie", "9 to 1")],
        [("player", "Tie on 0 or 1 (dealer wins)", "25 to 1")],
        [("early-tie", "Tie", "10 to 1"), ("player-bonus-pair", "Pair of the same suit", "50 to 1")],
    ],
    "baccarat-gold": [
        [("player", "Tie", "lose")],
        [("player", "Player wins", "1 to 2"), ("banker", "Banker wins", "1 to 1")],
        [("player", "Tie", "2 to 1"), ("tie", "Tie", "8 to 1")],
    ],
    # the play chosen for two bets together, one a stake the draw adds (issue 39)
    "lucky-draw": [
        [("draw", "Win with 9", "5 to 1")],
        [("enter", "Win", "1 to 2")],
        [("draw", "Win with 6 or less", "push"), ("enter", "Tie", "lose")],
    ],
}


def _edited(game_id: str, edits) -> exact_odds.Game:
    game = load_game(game_id)
    for bet, event, pay in edits:
        game = game.with_pay(bet, event, pay)
    return game


def _lines(report) -> dict[str, list[tuple]]:
    return {bet.id: [(e.event, e.pays, e.net, e.combinations) for e in bet.events]
            for bet in report.bets}


@pytest.fixture(scope="module")
def published():
    return {game: game_report(game, strategy="optimal") for game in EDITS}


@pytest.fixture(scope="module")
def counts(published):
    return {game: decision_counts(report) for game, report in published.items()}


@pytest.mark.parametrize("game, edits", [(g, e) for g, all_edits in EDITS.items() for e in all_edits])
def test_edited_pays_give_the_report_of_the_edited_file(published, counts, game, edits):
    """Issue 44.1: every line of every bet, with the pays edited and the play chosen again,
    is the line ``report`` gives for the game with those pays (its own optimal play)."""
    edited = _edited(game, edits)
    want = game_report(edited, strategy="optimal")
    got = published[game].repriced(edited, counts[game])
    assert _lines(got) == _lines(want)
    assert {b.id: b.expected_value for b in got.bets} == {b.id: b.expected_value for b in want.bets}
    assert {s: v for s, v in got.rules.on_option.items() if s in want.rules.on_option} == \
        dict(want.rules.on_option)


def test_the_play_chosen_again_matters(published, counts):
    """Issue 44.1, the finding: keeping each event's combinations and re-weighting them by
    the new pay gives the page's wrong figure, -1537921708223/6508331087895 for the Player
    line at 1 to 2; choosing again gives report's -922751159129/3904998652737."""
    edited = _edited("21st-century", EDITS["21st-century"][0])
    kept = published["21st-century"].repriced(edited)  # the combinations kept
    assert kept.bet("player").expected_value == Fraction(-1537921708223, 6508331087895)
    chosen = published["21st-century"].repriced(edited, counts["21st-century"])
    assert chosen.bet("player").expected_value == Fraction(-922751159129, 3904998652737)
    assert game_report(edited, strategy="optimal").bet("player").expected_value == \
        Fraction(-922751159129, 3904998652737)
    changed = [b.id for b, k in zip(chosen.bets, kept.bets) if b.expected_value != k.expected_value]
    assert len(changed) == len(chosen.bets) - 2  # all but the bonus pairs (the first two cards)


def test_the_published_pays_give_the_reports_own_play(published, counts):
    """The counts rebuild the report itself: the choices at its own pays are its play, and
    their combinations its lines."""
    for game, report in published.items():
        found = counts[game]
        choices = found.choices(line_nets(report))
        assert found.strategy_map(choices) == {
            s: report.rules.player_draws((s[0] + s[1]) % 10, s) for s in found.strategy_map(choices)}
        assert found.combinations(choices) == {
            b.id: tuple(e.combinations for e in b.events) for b in report.bets}


def test_small_shoes_too():
    """On a one-deck shoe with cards removed (other states, other ties), the edits still
    give report's figures."""
    shoe = Shoe.from_decks(1).remove(["5S", "5H", "TS", "KD", "9C"])
    report = game_report("21st-century", shoe=shoe, strategy="optimal")
    found = decision_counts(report)
    for edits in EDITS["21st-century"]:
        edited = _edited("21st-century", edits)
        assert _lines(report.repriced(edited, found)) == _lines(
            game_report(edited, shoe=shoe, strategy="optimal"))


@pytest.mark.parametrize("kwargs", [{"settings": {"information": "total"}}, {"bets": ["draw"]},
                                    {"bets": ["enter", "draw"], "decks": 6}])
def test_information_states_and_a_bet_not_shown(kwargs):
    """Lucky Draw: the decider told only his total (an information state of several visible
    states, one choice for them all), or the Enter bet the play is also chosen for not in
    the report (its pays the game file's): the edits still give report's figures."""
    report = game_report("lucky-draw", **kwargs)
    found = decision_counts(report)
    if "settings" in kwargs:
        assert len(found.states) == 100 and max(len(s.visible) for s in found.states) > 1
    for edits in EDITS["lucky-draw"]:
        edited = _edited("lucky-draw", [e for e in edits if e[0] in {b.id for b in report.bets}])
        assert _lines(report.repriced(edited, found)) == _lines(game_report(edited, **kwargs))


def test_an_equilibrium_is_not_chosen_again_here():
    """Chemin de fer: both hands choose, at their equilibrium for the pays; that is not
    chosen again from counts, and the pays it is chosen for are named (the page and the
    widget then leave them alone, the workbook says so)."""
    from exact_odds.analysis.decision_counts import played_bets, replay_refusal

    report = game_report("chemin-de-fer", decks=1)
    assert report.strategy == "equilibrium"
    assert decision_counts(report) is None
    assert played_bets(report) == ("player", "banker")
    assert replay_refusal(report).startswith("the play is the equilibrium of both hands' choices")
    only = game_report("chemin-de-fer", decks=1, bets="banker")
    assert played_bets(only) == ("banker",) and replay_refusal(only)
    assert played_bets(game_report("chemin-de-fer", decks=1, strategy="house-way")) == ()


def test_best_option_is_takes_option_for_two():
    """The choice among the options is ``takes_option`` for hit and stand: a gain hits, a
    loss stands, an exact tie plays the house way."""
    for gain in (Fraction(-1, 7), Fraction(0), Fraction(1, 10**30)):
        for house_hits in (True, False):
            values = [gain, Fraction(0)]
            assert (best_option(values, 0 if house_hits else 1) == 0) == takes_option(gain, house_hits)


def test_no_counts_where_the_play_cannot_follow_the_pays():
    """A fixed strategy, a game without an option, or the bet played for not shown: the
    play never changes, and nothing is counted."""
    assert decision_counts(game_report("21st-century", bets="player")) is None  # house-way
    assert decision_counts(game_report("rock-bac", bets="tie")) is None
    assert decision_counts(game_report("21st-century", strategy="optimal", bets="early-tie")) is None


def test_the_optimal_play_reads_the_reports_settings(tmp_path):
    """The play a report calls optimal is chosen with the report's settings (``--set``),
    as its figures are, not with the game file's defaults."""
    text = Path(load_game("baccarat-gold").path).read_text(encoding="utf-8")
    text = text.replace("strategy: house-way ", "settings:\n  tie_lost:\n    description: x\n"
                        "    default: false\nstrategy: house-way ")
    text = text.replace("      - {event: Tie, when: tie, pays: push}\n      - {event: Banker wins",
                        "      - {event: Tie, when: tie and not tie_lost, pays: push}\n"
                        "      - {event: Banker wins", 1)
    path = tmp_path / "gold-setting.yaml"
    path.write_text(text, encoding="utf-8")
    game = load_game(path)
    shoe = Shoe.from_decks(8)
    lost = game_report(game, strategy="optimal", settings={"tie_lost": "true"})
    plays = {value: on_five_map(decisions(shoe, game, {"tie_lost": value})) for value in ("true", "false")}
    assert plays["true"] != plays["false"]
    assert dict(lost.rules.on_option) == plays["true"]
    edited = game.with_pay("player", "Player wins", "1 to 2")
    assert _lines(lost.repriced(edited, decision_counts(lost))) == _lines(
        game_report(edited, strategy="optimal", settings={"tie_lost": "true"}))


# --- the widget -----------------------------------------------------------------------------


@pytest.mark.parametrize("game, edits", [("21st-century", EDITS["21st-century"][1]),
                                         ("baccarat-gold", EDITS["baccarat-gold"][0])])
def test_the_widget_chooses_again(tmp_path, game, edits):
    """Issue 44.1: the widget under the optimal play: its figures, every bet, are those
    ``report`` gives for the file it writes (read back from the file, computed anew)."""
    pytest.importorskip("anywidget", reason="anywidget is not installed (the explorer extra)")
    widget = exact_odds.explore(game, strategy="optimal")
    for bet, event, pay in edits:
        widget.set_pay(bet, event, pay)
    path = tmp_path / "edited.yaml"
    path.write_text(widget.to_yaml(), encoding="utf-8")
    again = game_report(path)
    assert again.strategy == "optimal"
    figures = widget.figures()
    for bet in again.bets:
        for name in ("expected_value", "hit_frequency", "push_probability", "variance",
                     "element_of_risk", "top_award_odds"):
            assert figures[bet.id][name] == FIGURES[name].of(bet), (bet.id, name)
