"""Cards known by position on the command line (issue 41): ``--known`` on report, eor and
compare; the ``known`` command's three questions in every format; each refusal one line
naming its option."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest
from clirun import ok, one_error_line, run

from exact_odds.analysis.known import best_sorts, known_card, sorted_cards
from exact_odds.analysis.report import game_report
from exact_odds.render import FORMATS, render

PBT = ("--bet", "player", "--bet", "banker", "--bet", "tie")


def test_a_report_says_what_is_known_and_its_json_carries_it():
    text = ok("report", "commission-free", "--bet", "tie", "--known", "1=9", "--known", "2=K,Q")
    assert "Known: position 1 (the player hand's first card) is 9" in text
    assert "Known: position 2 (the banker hand's first card) is Q or K" in text
    assert "that agree with what is known" in text
    data = json.loads(ok("report", "commission-free", "--bet", "tie", "--known", "5=10",
                         "--format", "json"))
    assert data["known"] == {"5": ["T"]}
    assert data["total"] == 32 * 415 * 414 * 413 * 412 * 411


def test_a_report_knowing_nothing_carries_no_known():
    assert "known" not in json.loads(ok("report", "commission-free", "--bet", "tie", "--format",
                                        "json"))


def test_eor_and_compare_take_known():
    eor = ok("eor", "commission-free", "--bet", "player", "--known", "1=9")
    assert "Known: card 1 is 9" in eor
    plain = ok("eor", "commission-free", "--bet", "player")
    assert eor.split("Known")[1] != plain
    compared = json.loads(ok("compare", "commission-free", "rock-bac", "--known", "6=8",
                             "--format", "json"))
    assert compared["first"]["known"] == compared["second"]["known"] == {"6": ["8"]}


def test_a_known_reports_explorer_page_is_of_the_known_report(tmp_path):
    out = tmp_path / "page.html"
    ok("report", "commission-free", "--known", "1=9", "--format", "html", "--output", str(out))
    page = out.read_text(encoding="utf-8")
    assert "position 1 (the player hand" in page and "29,647,589,400,576" not in page
    assert f"{32 * 415 * 414 * 413 * 412 * 411:,}" in page


@pytest.mark.parametrize("args, needles", [
    (("report", "dragon-tiger", "--known", "3=9"), ("--known", "position 3 is past")),
    (("report", "commission-free", "--known", "7=9"), ("--known", "position 7")),
    (("report", "commission-free", "--known", "1=X"), ("--known", "not a rank")),
    (("report", "commission-free", "--known", "19"), ("--known", "POSITION=RANKS")),
    (("report", "commission-free", "--known", "1=9", "--known", "1=8"), ("--known", "twice")),
    (("report", "commission-free", "--decks", "1", "--remove", "9S,9H,9D,9C", "--known", "1=9"),
     ("--known", "agrees")),
    (("report", "commission-free", "--decks", "1", "--remove", "KS,KH,KD", "--known", "2=K",
      "--known", "5=K"), ("--known", "agrees")),
    (("eor", "commission-free", "--decks", "1", "--remove", "KS,KH,KD", "--known", "2=K"),
     ("--known", "agrees")),
    (("known", "commission-free"), ("--card", "--sort", "--best-sort")),
    (("known", "commission-free", "--card", "1", "--best-sort"), ("not --card and --best-sort",)),
    (("known", "commission-free", "--card", "7"), ("--card", "position 7")),
    (("known", "commission-free", "--card", "1", "--known", "1=9"), ("--card", "already known")),
    (("known", "commission-free", "--sort", "A,2,3,4,5,6,7,8,9,T,J,Q,K"), ("--sort", "Low")),
    (("known", "commission-free", "--sort", "6,X"), ("--sort", "not a rank")),
    (("known", "commission-free", "--sort", "6", "--cards", "0-3"), ("--cards",)),
    (("known", "commission-free", "--sort", "6", "--cards", "4-1"), ("--cards", "backwards")),
    (("known", "dragon-tiger", "--best-sort", "--cards", "1-4"), ("--cards", "past the cards")),
    (("known", "commission-free", "--card", "1-5"), ("--card", "100,000", "limit")),
    (("known", "commission-free", "--best-sort", "--cards", "2-6"), ("--cards", "limit")),
    # the position as written, not what is left of it
    (("known", "commission-free", "--card", "-1"), ("--card", "'-1'")),
    # an option of another question than the one asked is refused, not ignored
    (("known", "commission-free", "--card", "1", "--cards", "1-4"),
     ("--cards goes with --sort or --best-sort", "not --card")),
    (("known", "commission-free", "--sort", "9", "--top", "3"), ("--top goes with --best-sort",)),
])
def test_each_refusal_is_one_line_naming_the_option(args, needles):
    one_error_line(run(*args), *needles)


def test_a_bet_too_fine_to_compile_is_refused_naming_known(tmp_path):
    """A bet on the ranks and suits of three of the first cards is counted by factoring,
    and with a card known from compiled tables, too fine for them: refused. A bet on both hands
    suited, once refused alike, is enumerated by card removal with the card known."""
    game = tmp_path / "suits.yaml"
    game.write_text(
        "name: Suits\nsource: {document: a test}\ndecks: 8\nrules: punto-banco\nbets:\n"
        "  - id: suited\n    name: Suited\n    events:\n"
        "      - {event: both suited, when: player_suited and banker_suited, pays: 100 to 1}\n"
        "      - {event: else, when: otherwise, pays: lose}\n"
        "  - id: suits\n    name: Suits\n    events:\n"
        "      - {event: Same, when: \"player_first_rank == banker_first_rank and "
        "player_first_suit == banker_first_suit and player_second_rank == 13 and "
        "player_second_suit == 'hearts'\", pays: \"900 to 1\"}\n"
        "      - {event: else, when: otherwise, pays: lose}\n", encoding="utf-8")
    ok("report", str(game))
    ok("report", str(game), "--bet", "suited", "--known", "1=9")
    one_error_line(run("report", str(game), "--known", "1=9"), "--known", "suits", "compile")


@pytest.fixture(scope="module")
def results():
    report = game_report("electronic-baccarat", bets=("player", "banker", "tie"),
                         known={1: "9"})
    return (known_card(report, 5), sorted_cards(report, "6,7,8,9", "2-4"),
            best_sorts(report, "2,3", top=4))


@pytest.mark.parametrize("fmt", FORMATS)
def test_every_format_of_every_known_result(results, fmt):
    for result in results:
        drawn = render(result, fmt)
        assert drawn, (type(result).__name__, fmt)
        if fmt in ("text", "markdown"):
            assert "Known: position 1" in str(drawn)


def test_the_json_carries_each_conventions_edge_exactly(results):
    card, sort, best = results
    for result, edge in ((card, card.edge), (sort, sort.edge), (best, best.sorts[0].edge)):
        data = result.to_dict()
        found = data["edge"] if "edge" in data else data["sorts"][0]["edge"]
        assert Fraction(found["betting_only_when_positive"]) == edge.positive
        assert Fraction(found["always_betting_the_best"]) == edge.always
        assert data["known"] == {"1": ["9"]}


def test_the_known_command_is_the_library(results):
    card, sort, best = results
    base = ("electronic-baccarat", *PBT, "--known", "1=9", "--format", "json")
    assert json.loads(ok("known", *base, "--card", "5")) == json.loads(render(card, "json"))
    assert json.loads(ok("known", *base, "--sort", "6,7,8,9", "--cards", "2-4")) == \
        json.loads(render(sort, "json"))
    assert json.loads(ok("known", *base, "--best-sort", "--cards", "2,3", "--top", "4")) == \
        json.loads(render(best, "json"))


def test_side_bets_with_a_known_card():
    """EZ Baccarat's Dragon 7 and Panda 8 among the bets: a fifth card of 7 (the Banker's
    third, where the Player stands) or an 8 (the Player's) makes one of them the best bet."""
    report = game_report("ez-baccarat")
    rows = {row.label: row for row in known_card(report, 5).rows}
    assert {row.best_bet for row in rows.values()} >= {"dragon-7", "panda-8"}
