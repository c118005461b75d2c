"""The built-in game files: each loads, names its seed document, states its readings, and
every bet settles every round exactly once."""

from __future__ import annotations

import re
from fractions import Fraction

import pytest
import yaml

from exact_odds.analysis.report import game_report
from exact_odds.games.loader import builtin_games, load_game, tables_dir
from exact_odds.rules import builtin_rules
from exact_odds.shoe import Shoe

GAMES = builtin_games()

#: The seed document behind each game, by the seed's number (the project's seed list).
SEEDS = {
    "commission-free": "000",
    "commission-free-dragon-bonus": "001",
    "electronic-baccarat": "002",
    "rock-bac": "003",
}


def test_the_built_in_games_are_there():
    assert set(SEEDS) <= set(GAMES)
    assert all((tables_dir() / f"{game}.yaml").is_file() for game in GAMES)


@pytest.mark.parametrize("game", GAMES)
def test_game_loads(game):
    loaded = load_game(game)
    assert loaded.id == game
    assert loaded.name.strip()
    assert loaded.decks >= 1
    assert loaded.rules.name in builtin_rules()
    assert loaded.bets, "a game has bets"
    ids = [bet.id for bet in loaded.bets]
    assert len(ids) == len(set(ids))
    for bet in loaded.bets:
        assert bet.name.strip() and bet.events
        assert all(event.name.strip() for event in bet.events)


@pytest.mark.parametrize("game", GAMES)
def test_game_names_its_seed_document(game):
    """A game from a seed rule document names it; a game from published rules elsewhere
    (Baccarat Gold, EZ Baccarat) names the pages instead."""
    source = load_game(game).source
    assert isinstance(source.get("document"), str) and source["document"].strip()
    seed = source.get("seed")
    if seed is None and game not in SEEDS:
        urls = source.get("urls")
        assert isinstance(urls, list) and urls and all(u.startswith("http") for u in urls)
        return
    assert isinstance(seed, str) and re.fullmatch(r"\d{3}_[0-9a-f]{16}\.txt", seed), seed
    if game in SEEDS:
        assert seed.startswith(SEEDS[game] + "_")


@pytest.mark.parametrize("game", GAMES)
def test_game_states_its_readings(game):
    readings = load_game(game).readings
    assert readings, "every ambiguous rule is read out loud"
    assert all(isinstance(r, str) and len(r.split()) >= 3 for r in readings)


YAML_FILES = [f"{game}.yaml" for game in GAMES] + sorted(
    str(p.relative_to(tables_dir())) for p in (tables_dir() / "bets").glob("*.yaml"))


@pytest.mark.parametrize("name", YAML_FILES)
def test_game_file_is_plain_yaml(name):
    """The file reads as ordinary YAML too, and every pay in it is written as text (an
    unquoted 8:1 would be the base-60 number 481 to any other YAML reader)."""
    data = yaml.safe_load((tables_dir() / name).read_text(encoding="utf-8"))
    for bet in data["bets"]:
        for event in bet.get("events", []):
            assert isinstance(event["pays"], str), (bet.get("id"), event)
        for pay in bet.get("pays", {}).values():
            assert isinstance(pay, str), (bet.get("use"), pay)


@pytest.mark.parametrize("decks", [1, 8])
@pytest.mark.parametrize("game", GAMES)
def test_every_bet_settles_every_round_once(game, decks):
    """Every bet's lines add up to probability exactly 1 and to every six-card sequence
    (each counted once per draw of a mixed strategy's choices: chemin de fer's equilibrium)."""
    report = game_report(game, decks=decks)
    cards = 52 * decks
    total = cards * (cards - 1) * (cards - 2) * (cards - 3) * (cards - 4) * (cards - 5)
    assert (report.rules.denominator > 1) == (report.strategy == "equilibrium")
    total *= report.rules.denominator
    assert report.total == total
    for bet in report.bets:
        assert sum(e.probability for e in bet.events) == Fraction(1), bet.id
        assert sum(e.combinations for e in bet.events) == total, bet.id


@pytest.mark.parametrize("game", GAMES)
def test_every_bet_settles_a_small_odd_shoe(game):
    """A shoe with values missing: lines that cannot happen count 0, the rest still add to 1."""
    shoe = Shoe.from_counts({"9D": 2, "9S": 1, "KH": 3, "5C": 2, "5D": 1, "AS": 1})
    report = game_report(game, shoe=shoe)
    for bet in report.bets:
        assert sum(e.probability for e in bet.events) == 1, bet.id


@pytest.mark.parametrize("game", GAMES)
def test_every_bet_can_win_and_lose(game):
    """No line of a built-in bet is dead weight on a full shoe: each bet wins sometimes and
    loses sometimes."""
    report = game_report(game)
    for bet in report.bets:
        assert any(e.net > 0 and e.combinations for e in bet.events), bet.id
        assert any(e.net < 0 and e.combinations for e in bet.events), bet.id


# --- a bet is offered only on what is known when it is placed (issue 31, finding 1) --------

LATE_BET = """\
name: A late bet
decks: 8
rules: {rules}
bets:
  - id: late-tie
    name: Late tie
    placed: {placed}
    offered: "{offered}"
    events:
      - {{event: Tie, when: tie, pays: "8 to 1"}}
      - {{event: Rest, when: otherwise, pays: lose}}
"""


def _late_bet(tmp_path, offered: str, rules: str = "21st-century",
              placed: str = "after-visible-cards"):
    path = tmp_path / "late.yaml"
    path.write_text(LATE_BET.format(rules=rules, placed=placed, offered=offered))
    return path


@pytest.mark.parametrize("rules, offered, column", [
    ("punto-banco", "tie", "tie"),  # the hunt's: reported at +65.6% for the bettor
    ("21st-century", "banker_third == 3", "banker_third"),
    ("21st-century", "player_total >= 5", "player_total"),
    ("21st-century", "banker_two_card_total != 9", "banker_two_card_total"),  # the hole card
    ("21st-century", "banker_natural", "banker_natural"),
    ("21st-century", "player_first_suit == 'hearts'", "player_first_suit"),  # not in sees:
    ("21st-century", "player_pair and dealer_up == 5", "player_pair"),
    ("21st-century", "hearts_dealt > 0", "hearts_dealt"),
    ("baccarat-gold", "dealer_up != 9", "dealer_up"),  # Gold's bettor sees no up card
])
def test_a_late_bet_offered_on_what_is_not_seen_is_refused(tmp_path, rules, offered, column):
    """Issue 31, finding 1: a late bet offered on the outcome (``offered: tie``) loaded
    without a word, and report and simulate counted it as winning. A bet is offered on what
    is known when it is placed: for a late bet, the cards the rules' option ``sees:`` and
    what they decide. Anything else is refused naming the file, the bet and the column."""
    from exact_odds.games.model import GameFileError

    path = _late_bet(tmp_path, offered, rules)
    with pytest.raises(GameFileError) as refused:
        load_game(path)
    message = str(refused.value)
    assert message.startswith(f"{path}: bet 'late-tie': field 'offered' reads {column}, "), message
    assert "not known when the bet is placed" in message


def test_a_late_bet_offered_on_the_outcome_is_one_error_line_from_report(tmp_path):
    """The hunt's game, through the command line: one line, nothing computed."""
    from clirun import one_error_line, run

    one_error_line(run("report", str(_late_bet(tmp_path, "tie", "punto-banco"))), "late.yaml",
                   "bet 'late-tie'", "field 'offered' reads tie")


@pytest.mark.parametrize("rules, offered", [
    ("21st-century", "not (player_two_card_total == 9 or (player_two_card_total >= 5 and "
                     "player_two_card_total == dealer_up))"),  # the built-in late tie
    ("21st-century", "player_low_card == 0 and player_high_card + dealer_up < 9"),
    ("21st-century", "not player_natural and banker_first_value != 7"),
    ("baccarat-gold", "player_two_card_total < 5"),
    ("punto-banco", "dealer_up != 9"),  # no option: the cards field 'placed' names
])
def test_a_late_bet_offered_on_the_cards_seen_loads(tmp_path, rules, offered):
    bet = load_game(_late_bet(tmp_path, offered, rules)).bet("late-tie")
    assert bet.placed == "after-visible-cards" and bet.offered is not None


def test_a_bet_placed_before_the_deal_is_offered_on_nothing_of_the_deal(tmp_path):
    from exact_odds.games.model import GameFileError

    with pytest.raises(GameFileError, match="bet 'late-tie': field 'offered' applies to a bet "
                                            "placed after-visible-cards"):
        load_game(_late_bet(tmp_path, "player_two_card_total < 5", placed="before-deal"))


@pytest.mark.parametrize("rules", ["punto-banco", "21st-century", "baccarat-gold"])
def test_the_columns_decided_by_the_cards_seen_are_decided_on_every_deal(rules):
    """``DECIDED_BY``, on which the loader lets a late bet read a column in place of the
    cards seen: on every deal of a small shoe, played by each rules, the deciding columns'
    values give one value of the column they decide."""
    from exact_odds.engine.enumerator import outcome_counts
    from exact_odds.rules.loader import load_rules
    from exact_odds.vocabulary import DECIDED_BY

    shoe = Shoe.from_counts({"AS": 2, "4H": 2, "5D": 2, "8C": 1, "9S": 2, "KH": 2, "3C": 1})
    for name, deciders in DECIDED_BY.items():
        ordered = sorted(deciders)
        counts = outcome_counts(shoe, [*ordered, name], load_rules(rules))
        seen: dict[tuple[object, ...], set[object]] = {}
        for key in counts:
            values = dict(zip([*ordered, name], key))
            seen.setdefault(tuple(values[d] for d in ordered), set()).add(values[name])
        assert len(seen) > 1 and all(len(v) == 1 for v in seen.values()), (name, seen)
