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
    """Every bet's lines add up to probability exactly 1 and to every six-card sequence."""
    report = game_report(game, decks=decks)
    cards = 52 * decks
    total = cards * (cards - 1) * (cards - 2) * (cards - 3) * (cards - 4) * (cards - 5)
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
