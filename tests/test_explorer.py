"""The explorer without a browser (issue 26): its page is self-contained and safe, its data
is the report's, the game file it writes reads back to the same game, every command writes
a page with --format html, and ``exact_odds.explore`` (the widget) edits pays exactly.
The page in a real browser: tests/test_explorer_browser.py."""

from __future__ import annotations

import base64
import hashlib
import json
import re
from fractions import Fraction
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

import exact_odds
from exact_odds.analysis.report import game_report
from exact_odds.cli import main
from exact_odds.errors import ExactOddsError, InputTypeError
from exact_odds.explorer.data import explorer_data, fill_template, game_file_template, yaml_string
from exact_odds.explorer.page import report_page
from exact_odds.files import parse_yaml
from exact_odds.games.loader import builtin_games, extra_games, load_game
from exact_odds.render import render
from exact_odds.render.html import script_json

ROOT = Path(__file__).resolve().parent.parent


def _published(game) -> dict[str, dict[str, str]]:
    return {bet.id: {e.name: e.pay.text for e in bet.events} for bet in game.bets}


@pytest.mark.parametrize("name", [*builtin_games(), *extra_games()])
def test_game_file_template_reads_back_to_the_same_game(tmp_path, name):
    """Issue 26: the game file the explorer writes (its template filled with the published
    pays) is read by the loader to the same bets: ids, names, conditions and pays."""
    game = load_game(name)
    text = fill_template(game_file_template(game), _published(game))
    path = tmp_path / f"{game.id}.yaml"
    path.write_text(text, encoding="utf-8")
    again = load_game(path)
    assert again.bets == game.bets
    assert (again.id, again.name, again.decks, again.rules, again.settings) == (
        game.id, game.name, game.decks, game.rules, game.settings)


@pytest.mark.parametrize("name, chosen", [
    ("lucky-draw", "total"),
    pytest.param("chemin-de-fer", "both-cards", marks=pytest.mark.slow)])
def test_a_setting_the_rules_declare_is_kept_in_the_edited_file(tmp_path, name, chosen):
    """What each decider sees is a setting the game's rules declare, not its file: the
    file the explorer writes under another choice keeps that choice as its default, and
    reads back to a game that plays it."""
    game = load_game(name)
    report = game_report(game, settings={"information": chosen})
    text = fill_template(game_file_template(game, settings=report.settings), _published(game))
    path = tmp_path / f"{game.id}.yaml"
    path.write_text(text, encoding="utf-8")
    again = load_game(path)
    assert again.settings["information"].default == chosen
    assert again.rules_under().option == game.rules_under({"information": chosen}).option


def test_game_file_with_edited_pays(tmp_path):
    """Issue 26: every pay edited, however written, reads back as the loader reads it."""
    game = load_game("rock-bac")
    pays = _published(game)
    written = ["25 to 1", "1 1/2 for 1", "19:20", "push", "2.5 to 1 less 5%", "٨ to ١"]
    holes = [(b, e) for b, events in pays.items() for e in events]
    for (bet, event), pay in zip(holes, written * len(holes)):
        pays[bet][event] = pay
    path = tmp_path / "edited.yaml"
    path.write_text(fill_template(game_file_template(game), pays), encoding="utf-8")
    again = load_game(path)
    for bet, event in holes:
        assert again.bet(bet).events[[e.name for e in again.bet(bet).events].index(event)].pay == (
            exact_odds.parse_pay(pays[bet][event]))


@settings(max_examples=200, deadline=None)
@given(st.text(st.characters(exclude_categories=("Cs",)), max_size=40))
def test_yaml_string_is_read_back_as_written(text):
    """Issue 26: a pay (any text) quoted for the game file is read back as it was, even
    line and paragraph separators, quotes and characters beyond the BMP."""
    assert parse_yaml(f"x: {yaml_string(text)}\n", "test") == {"x": text}


def test_page_data_cannot_close_its_script():
    """Issue 26, security: the JSON embedded in the page has no <, > or &, so no text in it
    (a game's name such as </script>) can end the element; it reads back the same."""
    data = {"name": "</script><script>alert(1)</script> & <!-- \u2028", "n": [1, "2"]}
    text = script_json(data)
    assert not set("<>&") & set(text)
    assert json.loads(text) == data


def _csp(page: str) -> dict[str, str]:
    meta = re.search(r'<meta http-equiv="Content-Security-Policy" content="([^"]*)">', page)
    assert meta, "no Content-Security-Policy"
    return {d.split()[0]: " ".join(d.split()[1:]) for d in meta[1].split("; ")}


def _sha(text: str) -> str:
    return "'sha256-" + base64.b64encode(hashlib.sha256(text.encode()).digest()).decode() + "'"


def test_page_is_self_contained_under_its_policy():
    """Issue 26: the page allows no network request and no script but its own, by hash;
    it loads nothing (no src, no link, no fetch)."""
    page = render(report_page(game_report("rock-bac")), "html")
    assert isinstance(page, str) and page.startswith("<!DOCTYPE html>")
    policy = _csp(page)
    scripts = re.findall(r'<script type="module">(.*?)</script>', page, re.S)
    styles = re.findall(r"<style>(.*?)</style>", page, re.S)
    assert len(scripts) == 1 and len(styles) == 1
    assert policy["default-src"] == "'none'"
    assert policy["script-src"] == _sha(scripts[0])
    assert policy["style-src"] == _sha(styles[0])
    assert policy["img-src"] == "data:"
    assert not re.search(r"\s(src|href)=|<link|<iframe|<object|<embed", page)
    for word in ("fetch(", "XMLHttpRequest", "import(", "WebSocket", "innerHTML", "eval(", "new Function"):
        assert word not in scripts[0], word
    data = json.loads(re.search(r'<script type="application/json" id="exact-odds-data">(.*?)</script>',
                                page, re.S)[1])
    assert [b["id"] for b in data["bets"]] == [b.id for b in load_game("rock-bac").bets]


def test_page_data_is_the_reports():
    """Issue 26: the page's data is each event's exact combinations and pay, and the shoe's
    total: the report's own; the effect of removal is eor's by rank."""
    report = game_report("rock-bac", bets=["super-six", "tie"])
    page = report_page(report)
    data = page.data
    assert data["total"] == str(report.total)
    removal = exact_odds.effect_of_removal(report, "rank")
    for bet, shown in zip(report.bets, data["bets"]):
        assert [(e.event, e.pays, e.combinations, e.net) for e in bet.events] == [
            (e["event"], e["pays"], int(e["combinations"]), Fraction(e["net"])) for e in shown["events"]]
        assert [Fraction(x) for x in shown["removal"]["effects"]] == list(removal.effects[bet.id])
    # the synthetic lines (no action, any other outcome) are not editable; the bet's events are
    assert [e["editable"] for e in data["bets"][1]["events"]] == [True, True]


def test_removal_too_large_is_a_note():
    """Issue 26: where the effect of removal passes the limits (a shoe too small), the page
    says why instead of drawing it."""
    from exact_odds.cards import DECK

    report = game_report("commission-free", shoe=exact_odds.Shoe.from_decks(1).remove(DECK[:46]),
                         bets="tie")
    data = report_page(report).data
    assert data["bets"][0]["removal"] is None
    assert data["removal_note"].startswith("The effect of removal is not shown:")


def _invoke(*args: str) -> str:
    result = CliRunner().invoke(main, list(args))
    assert result.exit_code == 0, result.output
    return result.output


@pytest.mark.parametrize("args", [
    ("compare", "commission-free", "rock-bac"),
    ("eor", "commission-free", "--bet", "tie"),
    ("strategy", "baccarat-gold", "--decks", "1"),  # the strategy page; the smaller chart
    ("solve", "rock-bac", "super-six", "--event", "Banker wins with 6", "--edge", "5%"),
    ("games",),
    ("columns",),
    ("check", "rock-bac"),
    ("table", str(ROOT / "tables" / "tables" / "commission-free.yaml")),
    ("simulate", "commission-free", "--shoes", "2", "--seed", "1", "--workers", "1"),
    ("countability", "commission-free", "--bet", "tie", "--shoes", "2", "--seed", "1", "--workers", "1"),
    ("batch", "rock-bac", str(ROOT / "tables" / "shoes" / "rock-bac-shoes.csv"), "--bet", "tie"),
])
def test_every_command_writes_a_static_page(args):
    """Issue 26: every command with a result writes --format html: a whole page, every
    text escaped, no script at all, no network."""
    page = _invoke(*args, "--format", "html")
    assert page.startswith("<!DOCTYPE html>") and page.rstrip().endswith("</html>")
    policy = _csp(page)
    assert policy["default-src"] == "'none'" and "script-src" not in policy
    assert "<script" not in page
    assert "<table>" in page or "<p>" in page
    assert not re.search(r"\s(src|href|style)=", page)


def test_report_page_on_the_command_line(tmp_path):
    """Issue 26: exact-odds report GAME --format html --output page.html writes the
    explorer's page, through the one writer."""
    out = tmp_path / "page.html"
    _invoke("report", "rock-bac", "--bet", "tie", "--format", "html", "--output", str(out))
    page = out.read_text(encoding="utf-8")
    assert '<script type="module">' in page and "mountPage(" in page
    assert json.loads(re.search(r'id="exact-odds-data">(.*?)</script>', page, re.S)[1])["bets"][0]["id"] == "tie"


def test_report_page_is_the_report_in_other_formats():
    """The report as a page renders as the report itself in every other format."""
    report = game_report("commission-free", bets="tie")
    for fmt in ("text", "json", "csv", "markdown"):
        assert render(report_page(report), fmt) == render(report, fmt)


# --- the widget ---------------------------------------------------------------------------


@pytest.fixture
def widget():
    pytest.importorskip("anywidget", reason="anywidget is not installed (the explorer extra)")
    return exact_odds.explore("rock-bac", bets=["tie", "super-six", "player-dragon-bonus"])


def test_widget_set_pay_figures_game_and_yaml(tmp_path, widget):
    """Issue 26: set_pay changes one pay; figures() are the exact figures of the game file
    to_yaml() writes, as exact-odds report reads it (computed again, not from the widget)."""
    widget.set_pay("tie", "Tie", "9 to 1")
    widget.set_pay("player-dragon-bonus", "win-by-9-points", "25 to 1")  # an event by its slug
    assert widget.pays == {"tie": {"Tie": "9 to 1"}, "player-dragon-bonus": {"Win by 9 points": "25 to 1"}}
    assert widget.game.bet("tie").events[0].pay.net == 9
    path = tmp_path / "edited.yaml"
    path.write_text(widget.to_yaml(), encoding="utf-8")
    again = game_report(path)
    figures = widget.figures()
    assert set(figures) == {b.id for b in again.bets}
    for bet in again.bets:
        assert figures[bet.id]["expected_value"] == bet.expected_value
        assert figures[bet.id]["hit_frequency"] == bet.hit_frequency
        assert figures[bet.id]["variance"] == bet.variance
        assert figures[bet.id]["element_of_risk"] == bet.element_of_risk
        assert isinstance(figures[bet.id]["expected_value"], Fraction)
    widget.set_pay("tie", "Tie", "8:1")  # the published pay again: no change left
    assert widget.pays == {"player-dragon-bonus": {"Win by 9 points": "25 to 1"}}


def test_widget_refuses_bad_input_naming_it(widget):
    """Issue 26: explore and set_pay check their arguments, naming them."""
    with pytest.raises(InputTypeError, match="^game:"):
        exact_odds.explore(8)
    with pytest.raises(InputTypeError, match="^shoe:"):
        exact_odds.explore("rock-bac", shoe=8)
    with pytest.raises(InputTypeError, match="^bets:"):
        exact_odds.explore("rock-bac", bets=8)
    with pytest.raises(InputTypeError, match="^pay:"):
        widget.set_pay("tie", "Tie", 9)
    with pytest.raises(ExactOddsError, match="the second number of a ratio cannot be 0"):
        widget.set_pay("tie", "Tie", "9 to 0")
    with pytest.raises(ExactOddsError, match="no event"):
        widget.set_pay("tie", "Nothing", "9 to 1")
    with pytest.raises(ExactOddsError, match="not part of this report|has no bet"):
        widget.set_pay("banker", "Banker wins", "1 to 1")
    assert widget.pays == {}


@pytest.mark.parametrize("pays, says", [
    ({"tie": "x"}, r"^pays\['tie'\]: 'x' is a str; give a mapping of event names to pays"),
    ({"tie": None}, r"^pays\['tie'\]: None; give a mapping"),
    ({"tie": ["9 to 1"]}, r"^pays\['tie'\]: \['9 to 1'\] is a list"),
    ({"tie": {"Tie": 9}}, r"^pays\['tie'\]\['Tie'\]: 9 is an int; give a pay"),
    ({7: {}}, r"^pays: 7 is an int"),
    ({"tie": {"Tie": "9 to 0"}}, "the second number of a ratio cannot be 0"),
    ({"tie": {"Nothing": "9 to 1"}}, "no event 'Nothing'"),
    ({"banker": {"Banker wins": "1 to 1"}}, "not part of this report"),
])
def test_widget_pays_of_another_shape_are_one_clear_error(widget, pays, says):
    """Issue 44, item 5: the ``pays`` trait (what the page sends) set to a malformed value
    raised ``AttributeError`` ('str' object has no attribute 'items') and kept the value;
    now it is refused naming the bet, the event or the pay, and the pays stay as they were."""
    widget.set_pay("tie", "Tie", "9 to 1")
    with pytest.raises(ExactOddsError, match=says):
        widget.pays = pays
    assert widget.pays == {"tie": {"Tie": "9 to 1"}}
    assert widget.game.bet("tie").events[0].pay.net == 9


@pytest.mark.parametrize("empty", [[], (), set()])
def test_an_empty_list_of_bets_is_refused_not_read_as_every_bet(empty):
    """Issue 44, item 7: ``explore("rock-bac", bets=[])`` showed every bet; an empty list
    names no bet, and is refused by every function that takes bets (None: every bet)."""
    pytest.importorskip("anywidget", reason="anywidget is not installed (the explorer extra)")
    for call in (lambda: exact_odds.explore("rock-bac", bets=empty),
                 lambda: game_report("rock-bac", bets=empty)):
        with pytest.raises(ExactOddsError, match="^bets: an empty list names no bet"):
            call()
    assert len(exact_odds.explore("commission-free", bets=None).report.bets) == 3


def test_widget_shoe_is_computed_in_python(widget):
    """Issue 26: a shoe chosen in the widget is computed in Python, exactly; a bad one is a
    message, the explorer as it was."""
    widget.shoe_request = {"decks": "1", "remove": "9H"}
    assert widget.data["total"] == str(game_report("rock-bac", decks=1, remove=["9H"], bets="tie").total)
    assert widget.data["message"].startswith("Computed exactly for 1 deck less 9H")
    widget.shoe_request = {"decks": "0", "remove": ""}
    assert widget.data["message"].startswith("Error: decks")
    assert widget.data["total"] == str(game_report("rock-bac", decks=1, remove=["9H"], bets="tie").total)


def test_explore_in_the_public_api():
    assert "explore" in exact_odds.__all__


def test_explorer_data_of_a_shoe():
    """The data carries the shoe's description and every event's exact probability."""
    report = game_report("commission-free", decks=1, bets="banker")
    data = explorer_data(report)
    assert data["shoe"] == "1 deck (52 cards)"
    total = int(data["total"])
    for event, result in zip(data["bets"][0]["events"], report.bets[0].events):
        assert Fraction(int(event["combinations"]), total) == result.probability


def test_the_pages_limits_and_constants_come_from_python():
    """Issue 42: the page's limits, the hold band's confidence and quantile, the rounding
    rule and the figures shown are in its data, from Python's registry and figure table;
    the script writes none of them itself (no limit, quantile or message in it)."""
    from exact_odds.analysis.figures import FIGURES, normal_quantile
    from exact_odds.explorer.page import explorer_script
    from exact_odds.games.pays import MESSAGES
    from exact_odds.limits import MAX_FRAGMENT, MAX_HOLD_ROUNDS, MAX_NUMBER_CHARS, MAX_PAY
    from exact_odds.numbers import ROUNDING

    data = explorer_data(game_report("commission-free", bets="tie"))
    assert data["limits"]["fragment"] == MAX_FRAGMENT
    assert data["hold"]["max_rounds"] == str(MAX_HOLD_ROUNDS)
    assert data["hold"]["z"] == normal_quantile(Fraction(19, 20))
    assert data["rounding"] == ROUNDING
    assert [f["key"] for f in data["figures"]] == [f.page for f in FIGURES.values() if f.page]
    grammar = data["grammar"]
    assert (grammar["max_number_chars"], grammar["max_pay"], grammar["messages"]) == (
        MAX_NUMBER_CHARS, MAX_PAY, MESSAGES)
    script = explorer_script()
    for written in ("1.96", str(MAX_FRAGMENT), f"{MAX_FRAGMENT:,}", str(MAX_HOLD_ROUNDS),
                    f"{MAX_HOLD_ROUNDS:,}", str(MAX_PAY), "is not a pay", "pays nothing",
                    '"void"', '"lose half"', "Expected value", "Hit frequency", "\\p{Nd}",
                    "FAVOURS THE BETTOR", "neither side has an edge"):
        assert written not in script, written
    docs = (ROOT / "docs" / "explorer.md").read_text(encoding="utf-8")
    assert "longer than <!-- limit: MAX_FRAGMENT -->" in docs


def test_game_file_keeps_the_reports_inputs(tmp_path):
    """Issue 26: the game file written from a report on another deck count, with a setting
    chosen, reads back to that report's figures; cards removed are named in its first line."""
    report = game_report("commission-free-dragon-bonus", decks=6, settings={"natural_pays_margin": "true"},
                         bets=["player-dragon-bonus", "tie"])
    path = tmp_path / "file.yaml"
    path.write_text(fill_template(explorer_data(report)["template"], _published(report.game)), encoding="utf-8")
    again = game_report(path)
    assert {b.id: b.expected_value for b in again.bets} == {b.id: b.expected_value for b in report.bets}
    removed = game_report("commission-free", remove=["9D", "KS"], bets="tie")
    text = fill_template(explorer_data(removed)["template"], _published(removed.game))
    assert text.splitlines()[0].endswith("read it with: exact-odds report FILE --remove 9D,KS")


def test_a_play_that_cannot_be_counted_again_locks_its_pays(monkeypatch):
    """Issue 44.1: where the play follows the pays but its counts would pass the limits,
    the pays it is chosen for cannot change (the data says why and names them), and the
    widget refuses them, naming the reason; the other bets' pays, which cannot change the
    play, still can: no figure is shown for a play that was not chosen again."""
    from exact_odds.engine.cost import EnumerationTooLarge
    from exact_odds.explorer import page

    def too_large(report):
        raise EnumerationTooLarge("4 columns of cards: about 90 s (the limit is 60 s)")

    monkeypatch.setattr(page, "decision_counts", too_large)
    data = report_page(game_report("baccarat-gold", strategy="optimal")).data
    assert data["strategy"] == {
        "unavailable": "The pays of player cannot be edited here: the play follows the pays, and "
                       "choosing it again would pass the limits: 4 columns of cards: about 90 s "
                       "(the limit is 60 s)", "locked": ["player"]}
    pytest.importorskip("anywidget", reason="anywidget is not installed (the explorer extra)")
    widget = exact_odds.explore("baccarat-gold", strategy="optimal")
    with pytest.raises(ExactOddsError, match="^bet 'player': its pays cannot be edited here: the play"):
        widget.set_pay("player", "Player wins", "1 to 2")
    widget.set_pay("tie", "Tie", "8 to 1")
    assert widget.pays == {"tie": {"Tie": "8 to 1"}}


def test_an_equilibrium_locks_the_pays_it_is_chosen_for():
    """Chemin de fer, both hands at their equilibrium for the pays: the page cannot find it
    again, so the pays of the bets it is chosen for are not editable there, and say why."""
    data = report_page(game_report("chemin-de-fer", decks=1)).data
    assert data["strategy"]["locked"] == ["player", "banker"]
    assert data["strategy"]["unavailable"].startswith(
        "The pays of player, banker cannot be edited here: the play is the equilibrium")


def test_a_play_chosen_on_the_whole_shoe_with_cards_known_locks_its_pays():
    """Lucky Draw (optimal) with the first card known: `report` chooses the play on the
    whole shoe and counts it over the sequences the known card agrees with; the counts the
    page chose again from are the whole shoe's, so a pay typed there showed figures far
    from the report of the same file (1 deck, Draw's 9 at 1 to 1: Enter +0.52 on the page,
    +0.21 by `report`). The pays the play is chosen for are locked there, saying why."""
    data = report_page(game_report("lucky-draw", decks=1, known={1: "9"})).data
    assert data["strategy"]["locked"] == ["enter", "draw"]
    assert data["strategy"]["unavailable"].startswith(
        "The pays of enter, draw cannot be edited here: the play is chosen for the pays of "
        "enter, draw on the whole shoe, then counted over the cards known")


# --- the bettor's round ----------------------------------------------------------------------

def test_the_pages_data_carries_the_bettors_round_where_a_stake_is_added():
    """Lucky Draw's Draw bet is a stake the bettor adds when he draws: the page's data holds
    the round (its title and words, each bet's place on the page and its line where the
    stake is not placed, the figures of the one figure table); a game where no decision
    adds a stake, or a page showing one bet of the round, has none (no empty section)."""
    from exact_odds.analysis.figures import ROUND_FIGURES, ROUND_NOTE

    data = explorer_data(game_report("lucky-draw"))
    played = data["round"]
    assert played["title"] == "The bettor's round (Enter with Draw bet)"
    assert played["note"] == ROUND_NOTE
    assert played["bets"] == [{"index": 0, "not_placed": []}, {"index": 1, "not_placed": [0]}]
    assert data["bets"][1]["events"][0]["event"] == "Not placed (the bettor stood)"
    assert [f["key"] for f in played["figures"]] == [f.page for f in ROUND_FIGURES.values()]
    assert all(f["note"] == "per unit of the first bet" for f in played["figures"])
    # the bets in another order on the page: the round still starts with the Enter bet
    reordered = explorer_data(game_report("lucky-draw", bets=["draw", "enter"]))["round"]
    assert reordered["bets"] == [{"index": 1, "not_placed": []}, {"index": 0, "not_placed": [0]}]
    for game, bets in (("commission-free", None), ("21st-century", None), ("lucky-draw", "enter"),
                       ("lucky-draw", "draw")):
        assert explorer_data(game_report(game, bets=bets))["round"] is None, (game, bets)


def test_widget_bettor_round_is_the_report_of_its_game_file(tmp_path):
    """The widget's ``bettor_round()``, a pay changed so that the play changes: the round
    of ``exact-odds report`` of the game file ``to_yaml()`` writes (its play chosen again,
    not the widget's); None where no decision adds a stake."""
    pytest.importorskip("anywidget", reason="anywidget is not installed (the explorer extra)")
    from exact_odds.analysis.figures import ROUND_FIGURES

    widget = exact_odds.explore("lucky-draw")
    published = game_report("lucky-draw").bettor_round
    assert published is not None
    assert widget.bettor_round() == {"bets": ["enter", "draw"], **{
        name: figure.of(published) for name, figure in ROUND_FIGURES.items()},
        "favours_bettor": False}
    widget.set_pay("enter", "Win", "1 to 2")
    path = tmp_path / "edited.yaml"
    path.write_text(widget.to_yaml(), encoding="utf-8")
    again = game_report(path).bettor_round
    assert again is not None and again.average_stake != published.average_stake  # played again
    shown = widget.bettor_round()
    assert shown is not None
    for name, figure in ROUND_FIGURES.items():
        assert shown[name] == figure.of(again), name
    assert exact_odds.explore("commission-free", bets="tie").bettor_round() is None
