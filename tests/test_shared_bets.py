"""Bets written once: shared bets used by id, their changes, mirrored twins, merge keys,
and the mistakes the loader names while a file is written."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from exact_odds.analysis.report import game_report
from exact_odds.games.library import mirror_text
from exact_odds.games.loader import check_shared_bets, load_game
from exact_odds.games.model import GameFileError
from exact_odds.shoe import Shoe


def write(tmp_path: Path, bets: str, head: str = "") -> Path:
    path = tmp_path / "game.yaml"
    path.write_text(f"name: G\ndecks: 8\nrules: punto-banco\n{head}bets:\n{bets}", encoding="utf-8")
    return path


#: The Banker Dragon Bonus as rock-bac.yaml wrote it out by hand before it was shared.
HAND_WRITTEN = {
    "banker-dragon-bonus": """\
  - id: banker-dragon-bonus
    name: Banker Dragon Bonus
    events:
      - {event: Natural winner, when: banker_natural and banker_wins, pays: "1 to 1"}
      - {event: Natural tie, when: player_natural and banker_natural and tie, pays: push}
      - {event: Win by 9 points, when: banker_wins and margin == 9, pays: "30 to 1"}
      - {event: Win by 8 points, when: banker_wins and margin == 8, pays: "10 to 1"}
      - {event: Win by 7 points, when: banker_wins and margin == 7, pays: "6 to 1"}
      - {event: Win by 6 points, when: banker_wins and margin == 6, pays: "4 to 1"}
      - {event: Win by 5 points, when: banker_wins and margin == 5, pays: "2 to 1"}
      - {event: Win by 4 points, when: banker_wins and margin == 4, pays: "1 to 1"}
      - {event: Loss, when: otherwise, pays: lose}
""",
    "banker-pair": """\
  - id: banker-pair
    name: Any Pair (Banker)
    events:
      - {event: Banker pair, when: banker_pair, pays: "11:1"}
      - {event: No pair, when: otherwise, pays: lose}
""",
    "banker-bonus-pair": """\
  - id: banker-bonus-pair
    name: Banker bonus pair
    events:
      - {event: Pair of the same suit, when: banker_pair_same_suit, pays: "40:1"}
      - {event: Pair of the same colour, when: banker_pair_same_colour, pays: "20:1"}
      - {event: Pair, when: banker_pair, pays: "10:1"}
      - {event: No pair, when: otherwise, pays: lose}
""",
}


@pytest.mark.parametrize("twin", sorted(HAND_WRITTEN))
@pytest.mark.parametrize("shoe", [Shoe.from_decks(8), Shoe.from_decks(1).remove(["9D", "KS", "5H"])],
                         ids=["8 decks", "1 deck less 9D KS 5H"])
def test_mirrored_bet_equals_its_hand_written_twin(tmp_path, twin, shoe):
    """A bet written for the Player and mirrored gives the Banker bet written by hand,
    count for count, event by event."""
    by_hand = game_report(write(tmp_path, HAND_WRITTEN[twin]), shoe=shoe).bet(twin)
    mirrored = game_report(write(tmp_path, f"  - use: {twin}\n"), shoe=shoe).bet(twin)
    assert [(e.event, e.pays, e.combinations) for e in mirrored.events] == \
        [(e.event, e.pays, e.combinations) for e in by_hand.events]
    assert mirrored.name == by_hand.name


def test_every_shared_bet_is_checked_like_a_game_file_bet():
    bets = check_shared_bets()
    assert {"player", "banker", "tie", "player-dragon-bonus", "banker-dragon-bonus"} <= set(bets)
    assert bets["banker-dragon-bonus"].events[0].when == "banker_natural and banker_wins"


def test_use_with_new_name_id_pays_and_condition(tmp_path):
    game = load_game(write(tmp_path, """\
  - use: player-dragon-bonus
    id: my-dragon
    name: My Dragon
    pays: {win-by-9-points: "25 to 1"}
    when: {Natural winner: "player_natural and player_wins and margin < 4"}
    mirror: my-banker-dragon
"""))
    player, banker = game.bets
    assert (player.id, player.name, banker.id, banker.name) == \
        ("my-dragon", "My Dragon", "my-banker-dragon", "My Dragon")
    assert player.events[2].pay.text == "25 to 1" and banker.events[2].pay.text == "25 to 1"
    assert banker.events[0].when == "banker_natural and banker_wins and margin < 4"


def test_yaml_merge_keys_in_a_game_file(tmp_path):
    game = load_game(write(tmp_path, """\
  - &seven {id: sevens, name: Sevens, events: [{event: Seven, when: player_total == 7, pays: "5:1"}]}
  - {<<: *seven, id: sevens-again, name: Sevens again}
"""))
    assert [b.id for b in game.bets] == ["sevens", "sevens-again"]
    assert game.bets[1].events == game.bets[0].events


@pytest.mark.parametrize("bets, words", [
    ("  - use: dragon-bonus\n", "no shared bet 'dragon-bonus' (did you mean"),
    ("  - {use: tie, pays: {Ties: '9:1'}}\n", "has no event 'Ties'; its events: Tie; No tie"),
    ("  - {use: tie, pays: {Tie: 9}}\n", "field 'pays': 9 is not a pay"),
    ("  - {id: t, name: T, pays: {Tie: '9:1'}, events: [{event: T, when: tie, pays: '8:1'}]}\n",
     "goes with 'use'"),
    ("  - {id: t, name: T, mirror: t2, events: [{event: Up, when: dealer_up == 5, pays: '8:1'}]}\n",
     "cannot mirror the condition: dealer_up reads the banker hand only"),
    ("  - {id: t, name: T, mirror: t, events: [{event: T, when: tie, pays: '8:1'}]}\n",
     "names the bet itself"),
    ("  - {id: t, name: T, mirror: t2, placed: after-visible-cards, offered: dealer_up != 9,"
     " events: [{event: T, when: tie, pays: '8:1'}]}\n",
     "cannot mirror the 'offered' condition: dealer_up reads the banker hand only"),
    ("  - {use: tie}\n  - {use: tie}\n", "bet 'tie': this bet id is used twice"),
    ("  - {use: tie, colour: red}\n", "unknown field 'colour'"),
])
def test_mistakes_in_using_a_shared_bet(tmp_path, bets, words):
    with pytest.raises(GameFileError, match=re.escape(words)):
        load_game(write(tmp_path, bets))


SETTING = """\
settings:
  offered_late:
    description: whether the house offers its late bets
    default: true
"""

LATE = """\
  - id: late-player
    name: Late Player
    placed: after-visible-cards
    offered: offered_late
    mirror: late-banker
    events:
      - {event: Player wins, when: player_wins, pays: "1:1"}
      - {event: Tie, when: tie, pays: push}
      - {event: Banker wins, when: otherwise, pays: lose}
"""


def test_a_mirrored_late_bet_is_late_and_offered_in_the_mirror_image(tmp_path):
    """The twin of a late bet is placed as late, offered where the mirror image of its
    condition holds, and equals the same bet written by hand for the Banker (its twin once
    lost both fields and was always offered)."""
    by_hand = """\
  - id: late-banker
    name: Late Banker
    placed: after-visible-cards
    offered: offered_late
    events:
      - {event: Banker wins, when: banker_wins, pays: "1:1"}
      - {event: Tie, when: tie, pays: push}
      - {event: Player wins, when: otherwise, pays: lose}
"""
    twin = load_game(write(tmp_path, LATE, SETTING)).bet("late-banker")
    assert (twin.placed, twin.offered.text) == ("after-visible-cards", "offered_late")
    shoe = Shoe.from_decks(1).remove(["9D", "KS", "5H"])
    off = {"offered_late": "false"}
    mirrored = game_report(write(tmp_path, LATE, SETTING), shoe=shoe, settings=off)
    written = game_report(write(tmp_path, by_hand, SETTING), shoe=shoe, settings=off)
    assert mirrored.bet("late-banker").events == written.bet("late-banker").events
    assert mirrored.bet("late-banker").events[0].event == "Not offered"
    assert mirrored.bet("late-banker").events[0].probability == 1


def test_a_mirrored_late_bet_that_would_read_the_bankers_cards_is_refused(tmp_path):
    """Issue 31: a late bet is offered only on the cards seen when it is placed. The twin of
    one offered on the Player's two-card total would be offered on the Banker's, which no
    bettor sees before the round: refused naming the twin and the column."""
    late = LATE.replace("offered: offered_late", "offered: player_two_card_total < 5")
    with pytest.raises(GameFileError, match=r"bet 'late-banker': field 'offered' reads "
                                            r"banker_two_card_total, which is not known"):
        load_game(write(tmp_path, late))
    assert load_game(write(tmp_path, late.replace("    mirror: late-banker\n", ""))).bets


def test_a_condition_split_at_a_comma_says_to_quote_it(tmp_path):
    """The README's own style, {event: ..., when: ..., pays: ...}, splits an unquoted
    condition at its comma: the error says so and shows the quoted condition."""
    path = write(tmp_path, "  - id: t\n    name: T\n    events:\n"
                           "      - {event: Low tie, when: tie and player_total in (1, 2), pays: '8:1'}\n")
    with pytest.raises(GameFileError) as caught:
        load_game(path)
    message = str(caught.value)
    assert "event 'Low tie'" in message and "cut the condition at a comma" in message
    assert 'when: "tie and player_total in (1, 2)"' in message


@pytest.mark.parametrize("name", ["and", "or", "not", "in", "otherwise", "true", "false", "class"])
def test_a_setting_named_with_a_word_of_the_language_is_refused(tmp_path, name):
    path = write(tmp_path, "  - {use: tie}\n", head=f"settings:\n  {name}:\n    default: false\n")
    with pytest.raises(GameFileError, match=f"setting '{name}'.*a word of the condition language"):
        load_game(path)


@pytest.mark.parametrize("text, mirrored", [
    ("player_pair and not banker_pair", "banker_pair and not player_pair"),
    ("winner == 'player' or winner == \"banker\"", "winner == 'banker' or winner == \"player\""),
    ("player_total - banker_total >= 4 and tie_setting", "banker_total - player_total >= 4 and tie_setting"),
])
def test_mirror_text(text, mirrored):
    assert mirror_text(text) == mirrored
    assert mirror_text(mirrored) == text
