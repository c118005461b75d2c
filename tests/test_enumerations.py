"""No enumeration runs twice: a report, its probable-mistakes check included, enumerates
each table once, and a report on a small shoe runs even when the check on the game's own
shoe would be too large."""

from __future__ import annotations

from pathlib import Path

import pytest
from clirun import run

HEAD = "name: Test game\nsource: {document: a test}\ndecks: 8\nrules: punto-banco\n"


def _counting_enumerations(monkeypatch) -> list[tuple[object, ...]]:
    """Every enumeration the engine runs from now on, by what it enumerates (the class
    counts, the columns and the rules): its three ways of counting are patched to record."""
    import exact_odds.analysis.bet_result as bet_result
    import exact_odds.engine.enumerator as enumerator
    import exact_odds.engine.fine as fine

    enumerator._class_counts.cache_clear()
    enumerator._dealt_only.cache_clear()
    bet_result._tally.cache_clear()  # each bet settled once per shoe, kept for its checks
    runs: list[tuple[object, ...]] = []
    for name in ("round_counts", "deal_counts"):
        real = getattr(enumerator, name)

        def counted(classes, deal_cols, *rest, _real=real, _name=name, **known):
            names = tuple(c.name for c in deal_cols) + tuple(
                c.name for part in rest if isinstance(part, list) for c in part)
            runs.append((_name, tuple(classes.n), tuple(classes.nb), tuple(classes.nt), names,
                         rest[-2] if len(rest) > 2 else None, tuple(known.items())))
            return _real(classes, deal_cols, *rest, **known)

        monkeypatch.setattr(enumerator, name, counted)
    real_factored = enumerator._factored

    def factored(shoe, wanted, rules):
        runs.append(("factored", shoe.counts, wanted, rules))
        return real_factored(shoe, wanted, rules)

    monkeypatch.setattr(enumerator, "_factored", factored)
    real_blocks = fine.factored_blocks

    def blocks(shoe, wanted, rules, group=None):
        runs.append(("factored in blocks", shoe.counts, wanted, rules))
        return real_blocks(shoe, wanted, rules, group)

    monkeypatch.setattr(fine, "factored_blocks", blocks)
    import exact_odds.engine.dealt as dealt_module

    real_dealt = dealt_module.dealt_only_counts

    def dealt(columns, rules, held=None):
        runs.append(("dealt only", tuple(columns), rules, held))
        return real_dealt(columns, rules, held)

    monkeypatch.setattr(dealt_module, "dealt_only_counts", dealt)
    return runs


@pytest.mark.parametrize("game", ["commission-free", "commission-free-dragon-bonus",
                                  "electronic-baccarat", "rock-bac", "21st-century",
                                  "baccarat-gold", "ez-baccarat", "dragon-tiger", "lucky-draw",
                                  "three-card-baccarat", "chemin-de-fer"])
def test_report_enumerates_each_table_once_mistakes_included(game, monkeypatch):
    """``exact-odds report`` (its probable-mistakes check included) runs each enumeration
    once: the check reads the report's own outcome counts. (Issue 18.)"""
    from exact_odds.games.loader import builtin_games

    assert sorted(builtin_games()) == sorted(
        test_report_enumerates_each_table_once_mistakes_included.pytestmark[0].args[1])
    runs = _counting_enumerations(monkeypatch)
    result = run("report", game)
    assert result.exit_code == 0, result.output
    assert runs and len(runs) == len(set(runs)), runs


def test_the_report_mistakes_come_from_its_own_counts(monkeypatch):
    """A report with mistakes asked for finds the same mistakes as the check alone, without
    enumerating again, even for a table counted by factoring (not cached). (Issue 18.)"""
    from exact_odds.analysis.checks import game_mistakes
    from exact_odds.analysis.report import game_report
    from exact_odds.engine.enumerator import factored
    from exact_odds.engine.plan import plan

    text = (HEAD.replace("Test game", "Two pairs") + "id: two-pairs\nbets:\n"
            "  - id: suits\n    name: Suits\n    events:\n"
            "      - {event: Same, when: \"player_first_suit == banker_first_suit and "
            "player_second_suit == banker_second_suit\", pays: \"9 to 1\"}\n"
            "      - {event: Never, when: \"player_first_suit == 'hearts' and "
            "player_first_colour == 'black'\", pays: \"100 to 1\"}\n"
            "      - {event: Else, when: otherwise, pays: lose}\n")
    from exact_odds.games.loader import load_game

    game = load_game_text(text, load_game)
    expected = [str(m) for m in game_mistakes(game)]
    assert len(expected) == 1 and "never holds" in expected[0]  # a black heart
    assert factored(plan(game.bet("suits").columns))
    runs = _counting_enumerations(monkeypatch)
    report = game_report(game, mistakes=True)
    assert [str(m) for m in report.mistakes()] == expected
    assert len(runs) == 1


def load_game_text(text, load_game):
    import tempfile

    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "game.yaml"
        path.write_text(text)
        return load_game(path)


def test_a_report_on_a_small_shoe_of_a_bet_too_large_on_the_games_own_shoe(tmp_path):
    """Found in the final hunt: the report of a bet that reads every card's rank and suit is
    quick on a 7-card shoe, but its probable-mistakes check (on the game's own 8 decks) was
    refused, and the report with it. The report now runs and says the check was not made. (Issue 18.)"""
    every = [f"{h}_{p}_{a}" for h in ("player", "banker") for p in ("first", "second", "third")
             for a in ("rank", "suit")]
    when = " and ".join(f"{n} == 13" if "rank" in n else f"{n} == 'hearts'" for n in every)
    (tmp_path / "g.yaml").write_text(
        HEAD + "id: every-card\nbets:\n  - id: fine\n    name: Fine\n    events:\n"
        f"      - event: All\n        when: \"{when}\"\n        pays: \"1000 to 1\"\n"
        "      - {event: Else, when: otherwise, pays: lose}\n")
    (tmp_path / "s.yaml").write_text("counts: {KH: 3, QH: 2, AS: 1, 9D: 1}\n")
    result = run("report", str(tmp_path / "g.yaml"), "--shoe", str(tmp_path / "s.yaml"))
    assert result.exit_code == 0, result.output
    assert "5,040 in all" in result.output and "mistakes in the game file not looked for" in result.output
    refused = run("report", str(tmp_path / "g.yaml"))
    assert refused.exit_code == 1 and "bet 'fine': columns" in refused.output
