"""Drawing rules as data: the shipped rules files against the seeds' rules in words (as the
independent brute force writes them), inline rules in a game file, and every malformed
chart refused in one line naming the file, the cell and the reason."""

from __future__ import annotations

from pathlib import Path

import bruteforce as bf
import pytest
from click.testing import CliRunner
from clirun import one_error_line

from exact_odds.cli import main
from exact_odds.engine.enumerator import outcome_counts
from exact_odds.games.loader import load_game
from exact_odds.rules import RulesError, builtin_rules, load_rules, parse_rules
from exact_odds.shoe import Shoe

PUNTO_BANCO_TEXT = (Path(__file__).resolve().parent.parent / "tables" / "rules"
                    / "punto-banco.yaml").read_text(encoding="utf-8")


def test_every_shipped_rules_file_loads():
    assert {"punto-banco", "21st-century"} <= set(builtin_rules())
    for name in builtin_rules():
        rules = load_rules(name)
        assert rules.name == name and rules.describe()
        assert dict(rules.source).get("document")


def test_a_round_hashes_its_compared_fields_once_and_pickles_without_the_hash():
    """A round's hash (remembered: its tables are the cache key of every settler) is the
    hash of the fields it is compared by, and is not pickled: a string's hash is particular
    to a process, so a round sent to a worker hashes there afresh."""
    import pickle
    from dataclasses import fields, replace

    for name in builtin_rules():
        described = load_rules(name).round
        assert hash(described) == hash(tuple(getattr(described, f.name)
                                             for f in fields(described) if f.compare))
        assert "_hash" in vars(described)
        copied = pickle.loads(pickle.dumps(described))
        assert "_hash" not in vars(copied) and copied == described
        assert hash(copied) == hash(described)
        assert replace(described, reads_up_card=not described.reads_up_card) == described
        assert hash(replace(described, mixed=not described.mixed)) != hash(described)


def test_the_tableau_is_seed_000_in_words():
    """Seed 000's rules in words (bruteforce.pb_*): the Player hits on 0-5; a standing
    Player leaves the Banker hitting on 0-5; else the Banker's chart by the third card."""
    rules = load_rules("punto-banco")
    for total in range(8):
        assert rules.player_draws(total) == bf.pb_player_draws(total)
        for third in [None, *range(10)]:
            assert rules.banker_draws(total, third) == bf.pb_banker_draws(total, third), (total, third)
    assert rules.option is None and not rules.uses_up_card


def test_21st_century_is_seed_004_in_words():
    """Seed 004: the player stands on 6+, hits on 0-4, option on 5 (house way: hit); the
    dealer hits on 0-5 whatever the player's third card."""
    rules = load_rules("21st-century")
    for total in range(8):
        if total != 5:
            assert rules.player_draws(total) == (total <= 4)
        for third in [None, *range(10)]:
            assert rules.banker_draws(total, third) == bf.c21_dealer_draws(total)
    assert rules.option is not None and rules.option.totals == (5,)
    assert rules.option.sees_up_card and rules.option.after_natural_check
    assert rules.player_draws(5) and not rules.with_strategy("stand").player_draws(5)
    mapped = rules.with_strategy({(0, 5, 3): False})
    assert mapped.uses_up_card and hash(mapped) == hash(rules.with_strategy({(0, 5, 3): False}))
    assert not mapped.player_draws(5, (0, 5, 3)) and mapped.player_draws(5, (0, 5, 4))
    with pytest.raises(RulesError, match="no choice"):
        load_rules("punto-banco").with_strategy("stand")


def game_text(rules_yaml: str) -> str:
    return ("name: Inline\nsource: {document: a test}\ndecks: 1\n" + rules_yaml +
            "bets:\n  - id: banker\n    name: Banker\n    events:\n"
            "      - {event: Banker wins, when: banker_wins, pays: \"1:1\"}\n"
            "      - {event: Other, when: otherwise, pays: lose}\n")


def inline(rules_text: str) -> str:
    """A rules file's text indented under a game file's ``rules:``."""
    body = "\n".join("  " + line if line.strip() else line for line in rules_text.splitlines())
    return "rules:\n" + body + "\n"


def test_inline_rules_count_like_the_named_file(tmp_path):
    path = tmp_path / "inline.yaml"
    path.write_text(game_text(inline(PUNTO_BANCO_TEXT)), encoding="utf-8")
    game = load_game(path)
    assert game.rules == load_rules("punto-banco")
    shoe = Shoe.from_decks(1)
    assert (outcome_counts(shoe, ["winner", "banker_third"], game.rules)
            == outcome_counts(shoe, ["winner", "banker_third"], load_rules("punto-banco")))


BAD_CHARTS = [
    # (what to replace in punto-banco.yaml, with what, words the error must hold)
    ('  4:                                   "S S H H H H H H S S  H"\n', "",
     ["banker", "hole", "total of 4"]),
    ('"S S H H H H H H S S  H"', '"S S H H X H H H S S  H"', ["row 4", "player third 4", "'X'", "not H or S"]),
    ('"H H H H H H S S S S"', '"H H H H H H S S S Q"', ["player", "total 9", "'Q'"]),
    ('"S S S S S S S S S S  S"', '"S S S S S S S S S S"', ["row 7", "10 cells", "11"]),
    ('  7:                                   "S S S S S S S S S S  S"\n',
     '  7:                                   "S S S S S S S S S S  S"\n  12: "S S S S S S S S S S  S"\n',
     ["row 12", "out of range"]),
    ('"H H H H H H S S S S"', '"H H H H H O S S S S"', ["total 5", "option"]),
    ('"H H H H H H S S S S"', '"H H H H H H S S H S"', ["total 8", "natural"]),
    ("naturals: [8, 9]", "naturals: [9]", ["naturals"]),
    ('"H H H H H H H H S H  H"', '"H H H H H H H H Н H  H"', ["row 3", "player third 8"]),  # a Cyrillic H
]


@pytest.mark.parametrize("old, new, words", BAD_CHARTS)
def test_a_bad_chart_is_refused_in_one_line(tmp_path, old, new, words):
    assert old in PUNTO_BANCO_TEXT
    path = tmp_path / "bad.yaml"
    path.write_text(game_text(inline(PUNTO_BANCO_TEXT.replace(old, new, 1))), encoding="utf-8")
    line = one_error_line(CliRunner().invoke(main, ["report", str(path)]), "rules", code=1)
    assert str(path) in line
    for word in words:
        assert word.lower() in line.lower(), (word, line)


@pytest.mark.parametrize("rules_yaml, words", [
    ("rules: baccarat-royale\n", ["unknown rules", "baccarat-royale", "punto-banco"]),
    ("rules: 7\n", ["rules", "name a rules file"]),
    ("rules: punto-banco\nstrategy: stand\n", ["strategy", "no choice"]),
    ("rules: punto-banco\noption: {optimise: banker}\n", ["option", "no option"]),
    ("rules: 21st-century\noption: {optimise: dealer}\n", ["optimise", "'dealer'", "banker"]),
    # both sides playing for one bet: an "equilibrium" where each helps the other
    ("rules: chemin-de-fer\nstrategy: equilibrium\noption: {optimise: banker, banker: banker}\n",
     ["'banker'", "Player's bet too", "his own bet"]),
])
def test_a_bad_rules_field_is_refused(tmp_path, rules_yaml, words):
    path = tmp_path / "bad.yaml"
    path.write_text(game_text(rules_yaml), encoding="utf-8")
    with pytest.raises(RulesError) as error:
        load_game(path)
    message = str(error.value)
    assert "\n" not in message and str(path) in message
    for word in words:
        assert word.lower() in message.lower(), (word, message)


@pytest.mark.parametrize("field, value", [
    ("banker_option", {"sees": ["banker_two_card_total"]}),
    ("information", {"default": "a", "choices": {"a": {}, "b": {}}}),
])
def test_a_game_without_draws_refuses_a_decisions_field(field, value):
    """Rules without a drawing chart (each hand keeps the cards it is dealt) have nothing to
    decide: a field of decisions is refused, not read as nothing (once, `information` there
    was kept silently and `--set information=...` then said the game had no such setting)."""
    data = {"title": "Two cards each", "cards": 2, field: value}
    with pytest.raises(RulesError, match=f"field '{field}': a game without a drawing chart"):
        parse_rules(data, "x.yaml")


def test_an_option_without_its_description_is_refused():
    data = {"title": "t", "naturals": [8, 9], "player": "H H H H H O S S S S",
            "banker": {t: "H H H H H H H H H H  H" for t in range(8)}}
    with pytest.raises(RulesError, match="no 'option' field"):
        parse_rules(data, "x.yaml")
    data["option"] = {"house_way": "H", "sees": ["dealer_up"], "after_natural_check": True}
    with pytest.raises(RulesError, match="sees"):
        parse_rules(data, "x.yaml")
    data["option"] = {"house_way": "X", "sees": ["player_low_card", "player_high_card"],
                      "after_natural_check": True}
    with pytest.raises(RulesError, match="house_way"):
        parse_rules(data, "x.yaml")


def test_a_natural_check_where_the_rules_have_no_naturals_is_refused():
    """`after_natural_check: true` says the dealer checks his hole card for a natural before
    the bettor decides; with `naturals: []` there is none to check for. Once read anyway, the
    best play was chosen over the deals without a dealer 8 or 9 (a check that cannot happen):
    Lucky Draw's rules with it gave Enter -1627/15120 on a 10-card shoe, not -1787/15120."""
    data = {"title": "t", "naturals": [], "player": "O O O O O O O S S S",
            "banker": {t: ("H" if t <= 4 else "S") * 11 for t in range(10)},
            "option": {"house_way": "S", "sees": ["player_low_card", "player_high_card"],
                       "after_natural_check": True}}
    data["banker"] = {t: " ".join(row) for t, row in data["banker"].items()}
    with pytest.raises(RulesError, match="'after_natural_check' is true, but the rules have "
                                         "no naturals"):
        parse_rules(data, "x.yaml")
    data["option"]["after_natural_check"] = False
    assert parse_rules(data, "x.yaml").option is not None


@pytest.mark.parametrize("where", ["option", "information"])
def test_a_player_seeing_the_up_card_where_the_banker_chooses_too_is_refused(where):
    """Where both hands choose, the equilibrium is solved for a Player deciding on his own
    cards or total. Rules whose Player saw the Banker's up card were read: `strategy` ended
    in a KeyError traceback ('dealer_up'), and `report` said 'equilibrium' with the Player
    playing the house way (the solver's states had no up card, the play's did)."""
    from exact_odds.files import read_yaml
    from exact_odds.rules.loader import rules_dir

    data = read_yaml(rules_dir() / "chemin-de-fer.yaml")
    assert isinstance(data, dict)
    seen = ["player_two_card_total", "dealer_up"]
    if where == "option":
        data["option"] = {**data["option"], "sees": seen}
        data.pop("information")
    else:
        choices = data["information"]["choices"]
        data["information"] = {**data["information"], "choices": {
            **choices, "up": {"player": seen, "banker": choices["totals"]["banker"]}}}
    with pytest.raises(RulesError, match="field 'sees': dealer_up: where the Banker chooses"):
        parse_rules(data, "x.yaml")
