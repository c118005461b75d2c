"""Simulated shoes: dealing by the procedure, exact EVs per round, perfect play and counts.

The exact expectation on a tiny shoe is computed here by an independent enumeration of every
deal (card by card, with the brute-force oracle's own drawing rules and bet EVs), never by
the simulation's code.
"""

from __future__ import annotations

import json
from collections import Counter
from fractions import Fraction
from functools import cache
from pathlib import Path

import bruteforce as bf
import numpy as np
import polars as pl
import pytest
from clirun import one_error_line, run
from cluster import local_cluster

from conftest import first_fast
from exact_odds.analysis.report import game_report
from exact_odds.cards import DECK, RANKS, card_value
from exact_odds.games.dealing import (
    DealingError,
    DealingProcedure,
    parse_dealing,
)
from exact_odds.shoe import Shoe
from exact_odds.simulation import simulate
from exact_odds.simulation.dealing import shuffled_shoes
from exact_odds.simulation.summary import BET_KEYS

# --- a tiny shoe, every deal enumerated ------------------------------------------------

TINY = {"9S": 3, "5H": 3, "KD": 3, "3C": 3}  # 12 cards of four kinds


def _player(o: dict) -> Fraction:
    return Fraction(1) if o["player_wins"] else Fraction(0) if o["tie"] else Fraction(-1)


def _banker(o: dict) -> Fraction:
    """Commission-free Banker: a win with 6 pays 1 to 2 (seed 000)."""
    if o["tie"]:
        return Fraction(0)
    if o["banker_wins"]:
        return Fraction(1, 2) if o["banker_total"] == 6 else Fraction(1)
    return Fraction(-1)


def _tie(o: dict) -> Fraction:
    return Fraction(8) if o["tie"] else Fraction(-1)


BETS = {"player": _player, "banker": _banker, "tie": _tie}


@cache
def _evs(unseen: tuple[tuple[str, int], ...]) -> tuple[Fraction, ...]:
    """The expected value of each bet of ``BETS`` on the ``unseen`` cards: one pass over the
    brute force's every explicit deal (``bf.rounds``), each bet settled by its rule above."""
    totals, every = [Fraction(0)] * len(BETS), 0
    for outcome, ways in bf.rounds(dict(unseen), "punto-banco"):
        totals = [total + settle(outcome) * ways for total, settle in zip(totals, BETS.values())]
        every += ways
    return tuple(total / every for total in totals)


def _key(counter: Counter) -> tuple[tuple[str, int], ...]:
    return tuple(sorted((c, n) for c, n in counter.items() if n))


def _exact_units(after_cut: str, cut_card: int, bet: str, flat: bool = False) -> Fraction:
    """Expected units per shoe of ``bet`` under perfect play (or flat play, one unit every
    round)."""
    return dict(zip(BETS, _exact_units_of_every_bet(after_cut, cut_card, flat)))[bet]


@cache
def _exact_units_of_every_bet(after_cut: str, cut_card: int, flat: bool
                              ) -> tuple[Fraction, ...]:
    """Expected units per shoe of each bet of ``BETS`` under perfect play (or flat play):
    one burned card (unseen), then rounds while the shoe holds six cards, ending by the
    cut-card rule; every card drawn with probability (copies left) / (cards left)."""
    shoe = Counter(TINY)
    size = sum(shoe.values())
    cut = size - cut_card  # index of the first card behind the cut card

    @cache
    def rounds_from(remaining: tuple, burned: tuple, position: int) -> tuple[Fraction, ...]:
        left = Counter(dict(remaining))
        if sum(left.values()) < 6:
            return (Fraction(0),) * len(BETS)
        evs = _evs(_key(left + Counter(dict(burned))))
        totals = [ev if flat else max(ev, Fraction(0)) for ev in evs]
        # every round the next cards can deal, by kind, each with its probability
        for sequence, chance in _rounds_dealt_from(remaining):
            used = len(sequence)
            last = (position >= cut if after_cut == "one-more"
                    else position + used - 1 >= cut)
            if last:
                continue
            after = left - Counter(sequence)
            later = rounds_from(_key(after), burned, position + used)
            totals = [total + chance * value for total, value in zip(totals, later)]
        return tuple(totals)

    expected = [Fraction(0)] * len(BETS)
    for (burn,), chance in _orders(shoe, 1):
        later = rounds_from(_key(shoe - Counter([burn])), _key(Counter([burn])), 1)
        expected = [total + chance * value for total, value in zip(expected, later)]
    return tuple(expected)


def _orders(cards: Counter, n: int):
    """Every sequence of ``n`` kinds drawn from ``cards``, with its exact probability."""
    if n == 0:
        yield (), Fraction(1)
        return
    size = sum(cards.values())
    for card, count in cards.items():
        if count:
            for rest, chance in _orders(cards - Counter([card]), n - 1):
                yield (card,) + rest, Fraction(count, size) * chance


@cache
def _rounds_dealt_from(cards: tuple[tuple[str, int], ...]
                       ) -> tuple[tuple[tuple[str, ...], Fraction], ...]:
    """``_rounds_dealt`` of the cards ``cards`` (kinds and counts), kept: the same cards
    are left at many points of many shoes."""
    return tuple(_rounds_dealt(Counter(dict(cards))))


def _rounds_dealt(cards: Counter, dealt: tuple[str, ...] = (), chance: Fraction = Fraction(1)):
    """Every round dealt from ``cards`` as the kinds of the cards it uses, in order, with its
    exact probability: four cards, then a fifth and a sixth only where the brute force's
    tableau (``bf.deal_sequence``) draws them. A card it never reads stands in for the cards
    not yet drawn: a round that uses only the cards dealt so far never reads it."""
    if len(dealt) >= 4:
        _, used = bf.deal_sequence([*dealt, *["KS"] * (6 - len(dealt))])
        if used == len(dealt):
            yield dealt, chance
            return
    size = sum(cards.values())
    for card, count in cards.items():
        if count:
            yield from _rounds_dealt(cards - Counter([card]), (*dealt, card),
                                     chance * Fraction(count, size))


@pytest.mark.parametrize("after_cut", first_fast(["one-more", "finish-round"]))
def test_tiny_shoe_mean_agrees_with_exact_enumeration(after_cut):
    """Perfect play on a 12-card shoe, one card burned, cut card with 7 behind it: the
    simulated units per shoe (mean of exact EVs placed) and the realised units per shoe each
    agree with the exact expectation, enumerated independently, within 3 standard errors."""
    shoe = Shoe.from_counts(TINY)
    summary = simulate("commission-free", 3000, shoe=shoe, burn=1, cut_card=7,
                       after_cut=after_cut, seed=11, workers=1)
    for bet in ("player", "banker", "tie"):
        exact = float(_exact_units(after_cut, 7, bet))
        figures = summary.bet(bet)
        assert figures.units_per_shoe_se > 0
        assert abs(figures.units_per_shoe - exact) <= 3 * figures.units_per_shoe_se, (bet, exact)
        assert abs(figures.realised_units_per_shoe - exact) <= 3 * figures.realised_se, (bet, exact)


def test_flat_play_on_the_tiny_shoe_agrees_with_exact_enumeration():
    """Flat play bets one unit every round: its bet frequency is 1, and its expected and
    realised units per shoe agree, within 3 standard errors, with the exact expectation of
    the sum of every round's result, enumerated independently."""
    shoe = Shoe.from_counts(TINY)
    summary = simulate("commission-free", 3000, shoe=shoe, burn=1, cut_card=7, play="flat",
                       seed=12, workers=1)
    assert summary.header["play"] == "flat"
    rounds = int(summary.shoes_frame()["rounds"].sum())
    for bet in ("player", "banker", "tie"):
        exact = float(_exact_units("one-more", 7, bet, flat=True))
        figures = summary.bet(bet)
        assert figures.bet_frequency == 1 and figures.units_placed == rounds
        assert abs(figures.units_per_shoe - exact) <= 3 * figures.units_per_shoe_se, (bet, exact)
        assert abs(figures.realised_units_per_shoe - exact) <= 3 * figures.realised_se, (bet, exact)
    assert _exact_units("one-more", 7, "tie", flat=True) != _exact_units("one-more", 7, "tie")


def test_the_cut_card_rules_differ_on_the_tiny_shoe():
    """With 7 cards behind the cut card, 'one-more' deals a second round whenever the first
    used at most five cards; 'finish-round' only when it used four."""
    shoe = Shoe.from_counts(TINY)
    one_more = simulate("commission-free", 400, shoe=shoe, burn=1, cut_card=7, seed=2,
                        workers=1, bets=["tie"])
    finish = simulate("commission-free", 400, shoe=shoe, burn=1, cut_card=7, seed=2,
                      workers=1, bets=["tie"], after_cut="finish-round")
    assert one_more.bet("tie").rounds_per_shoe > finish.bet("tie").rounds_per_shoe >= 1


# --- settling a dealt round -------------------------------------------------------------

SMALL = ("7H", "7S", "TD", "KC", "3D", "5C", "9S", "AH")  # eight distinct physical cards


def test_settlement_reads_every_column_as_the_enumerator_counts_it():
    """Every column of the vocabulary, read by the simulation from explicitly dealt cards
    (every ordered six-card sequence of a small shoe, third cards by the brute force's
    tableau), has exactly the distribution the enumerator counts."""
    import itertools

    from exact_odds.engine.enumerator import outcome_counts
    from exact_odds.rules import PUNTO_BANCO
    from exact_odds.vocabulary import COLUMNS, read_round

    names = list(COLUMNS)
    rounds: Counter = Counter()  # the hands dealt, with how many sequences deal them
    for order in itertools.permutations(SMALL, 6):
        outcome, _ = bf.deal_sequence(list(order))
        player, banker, position = [order[0], order[2]], [order[1], order[3]], 4
        if outcome["player_third"] is not None:
            player.append(order[position])
            position += 1
        if outcome["banker_third"] is not None:
            banker.append(order[position])
        rounds[(tuple(player), tuple(banker))] += 1
    tallies: dict[str, Counter] = {name: Counter() for name in names}
    for (player, banker), ways in rounds.items():  # each round read once
        row = read_round(player, banker, names, PUNTO_BANCO.round)
        for name in names:
            tallies[name][(row[name],)] += ways
    shoe = Shoe.from_counts(Counter(SMALL))
    for name in names:
        assert dict(tallies[name]) == outcome_counts(shoe, [name]), name


def test_a_round_is_settled_once_per_distinct_reading():
    """The settlement cache keys a round by what the bet reads (its round base where it
    reads only how the round finished, else its point values, ranks or cards): over many
    dealt rounds its results equal settling every round afresh."""
    from exact_odds.analysis.job import game_rules
    from exact_odds.games.loader import load_game
    from exact_odds.games.settlement import Settler
    from exact_odds.rules import PUNTO_BANCO
    from exact_odds.simulation.dealing import ShoesInPlay

    game = load_game("electronic-baccarat")
    shoes = ShoesInPlay((8,) * 52, DealingProcedure(), game_rules(game, Shoe.from_decks(8)),
                        seed=9, first=0, count=40)
    shoes.burn()
    settlers = [Settler(game.bet(b), None, PUNTO_BANCO.round)
                for b in ("banker", "player-pair", "lucky-nines")]
    assert [s.detail for s in settlers] == ["value", "rank", "card"]
    assert [s.by_round for s in settlers] == [True, False, False]
    checked = 0
    while len(rows := shoes.active_rows()):
        dealt = shoes.deal_round(rows)
        for settler in settlers:
            nets = settler.settle_dealt(dealt.cards, dealt.hands)
            for i, net in enumerate(nets):
                assert net == Settler(settler.bet, None, PUNTO_BANCO.round).settle_round(
                    *dealt.hands(i)).net
                checked += 1
    assert checked > 3 * 40 * 70 and len(settlers[0].results) < len(settlers[2].results)


# --- the dealing procedure, card by card -------------------------------------------------

def _explicit_shoe(order: list[str], cut_card: int) -> list[Counter]:
    """Deal a shuffled 8-deck shoe card by card: expose the first card and burn its pip
    value (ten for tens and pictures); deal rounds until one begins at or behind the cut
    card (that round is the last). Returns the unseen ranks before each round."""
    size = len(order)
    exposed = order[0]
    burn = bf.point(exposed) or 10
    position = 1 + burn
    unseen = Counter(bf.rank_of(c) for c in order) - Counter([bf.rank_of(exposed)])
    before = []
    while size - position >= 6:
        before.append(+unseen)
        start = position
        _, used = bf.deal_sequence(order[position:position + 6])
        unseen -= Counter(bf.rank_of(c) for c in order[position:position + used])
        position += used
        if start >= size - cut_card:
            break
    return before


def test_rounds_follow_the_standard_burn_and_cut_card_procedure(tmp_path):
    """Each shoe's unseen ranks before every round, as traced, equal those of the same
    shuffled shoe dealt card by card by the procedure of the issue."""
    path = tmp_path / "trace.parquet"
    simulate("electronic-baccarat", 4, bets=["player-pair"], cut_card=14, burn="standard",
             seed=5, workers=1, trace=path)
    trace = pl.read_parquet(path)
    orders = shuffled_shoes((8,) * 52, 5, 0, 4)
    for shoe in range(4):
        order = [DECK[i] for i in orders[shoe, :416]]
        expected = _explicit_shoe(order, 14)
        rows = trace.filter(pl.col("shoe") == shoe).sort("round")
        assert rows["round"].to_list() == list(range(1, len(expected) + 1))
        got = [Counter({r: n for r, n in zip(RANKS, ranks) if n})
               for ranks in rows["unseen_ranks"].to_list()]
        assert got == expected


def test_trace_evs_equal_the_exact_report(tmp_path):
    """Sampled rounds of a trace: each bet's EV equals `exact-odds report` (game_report) for
    the unseen cards of that round, and a unit was placed exactly when it was positive."""
    path = tmp_path / "trace.parquet"
    simulate("electronic-baccarat", 2, bets=["banker", "super-six", "lucky-nines"],
             cut_card=14, burn="standard", seed=7, workers=1, trace=path)
    assert [p.name for p in tmp_path.iterdir()] == ["trace.parquet"]  # no parts left behind
    trace = pl.read_parquet(path)
    assert {"shoe", "round", "unseen", "unseen_cards", "banker_ev", "banker_bet"} <= set(trace.columns)
    sample = trace.sample(8, seed=1)
    for row in sample.iter_rows(named=True):
        shoe = Shoe(tuple(row["unseen_cards"]))
        assert list(row["unseen"]) == list(shoe.value_counts())
        report = game_report("electronic-baccarat", shoe=shoe,
                             bets=("banker", "super-six", "lucky-nines"))
        for bet in report.bets:
            assert Fraction(row[f"{bet.id}_ev"]) == bet.expected_value
            assert row[f"{bet.id}_ev"] == str(bet.expected_value)
            assert row[f"{bet.id}_bet"] == (bet.expected_value > 0)
            if not row[f"{bet.id}_bet"]:
                assert row[f"{bet.id}_units"] == "0"


def _by_the_rules(bet: str, player: list[str], banker: list[str]) -> Fraction:
    """Electronic Table Games Baccarat (seed 002) read from the cards alone: Any Pair 11 to
    1 on the hand's first two cards of one rank, Super Six 15 to 1 on a Banker win with 6,
    the Banker line 19 to 20 (a 5% commission) pushing on a tie."""
    p = sum(bf.point(c) for c in player) % 10
    b = sum(bf.point(c) for c in banker) % 10
    if bet == "player-pair":
        return Fraction(11) if player[0][0] == player[1][0] else Fraction(-1)
    if bet == "super-six":
        return Fraction(15) if b > p and b == 6 else Fraction(-1)
    return Fraction(0) if p == b else Fraction(19, 20) if b > p else Fraction(-1)


def test_trace_records_each_rounds_cards_and_each_bets_units(tmp_path):
    """Flat play, so every round is settled: each round's ``player_cards`` and
    ``banker_cards`` are dealt by the tableau (the brute force's, in the order each hand
    received them), they are exactly the cards that leave the unseen ranks before the next
    round, and each bet's ``<bet>_units`` is its pay read from the cards by the seed's rules."""
    path = tmp_path / "trace.parquet"
    bets = ["player-pair", "banker", "super-six"]
    simulate("electronic-baccarat", 3, bets=bets, play="flat", cut_card=14, burn="standard",
             seed=13, workers=1, trace=path)
    trace = pl.read_parquet(path)
    assert trace.schema["player_cards"] == pl.List(pl.String)
    assert trace.schema["banker_units"] == pl.String
    seen = Counter()
    for shoe in range(3):
        rows = list(trace.filter(pl.col("shoe") == shoe).sort("round").iter_rows(named=True))
        assert len(rows) > 60
        for row, after in zip(rows, rows[1:] + [None]):
            player, banker = row["player_cards"], row["banker_cards"]
            order = [player[0], banker[0], player[1], banker[1], *player[2:], *banker[2:]]
            outcome, used = bf.deal_sequence(order + ["KS", "KS"])
            assert used == len(order)
            assert (outcome["player_cards"], outcome["banker_cards"]) == (len(player), len(banker))
            if after is not None:
                dealt = Counter(RANKS.index(card[0]) for card in order)
                assert [n - dealt[i] for i, n in enumerate(row["unseen_ranks"])] == after["unseen_ranks"]
            for bet in bets:
                assert row[f"{bet}_bet"]
                assert row[f"{bet}_units"] == str(_by_the_rules(bet, player, banker))
                seen[bet, row[f"{bet}_units"]] += 1
    assert {units for (bet, units) in seen if bet == "banker"} == {"19/20", "-1", "0"}
    assert seen["player-pair", "11"] and seen["super-six", "15"]


def test_a_count_bets_when_the_true_count_reaches_the_threshold(tmp_path):
    """The running count is the tags of the cards seen (the exposed burn card and the cards
    dealt; burned cards are unseen): recomputed here from the trace's unseen ranks."""
    path = tmp_path / "trace.parquet"
    tags = {"4": 2, "5": -3, "6": -3, "7": -1, "A": 1, "2": 1, "3": 1}
    summary = simulate("commission-free", 3, bets=["banker"], play="count",
                       tags=",".join(f"{r}={t}" for r, t in tags.items()), threshold="1/2",
                       seed=3, workers=1, trace=path, cut_card=14, burn="standard")
    trace = pl.read_parquet(path)
    assert "unseen_ranks" not in trace.columns  # Banker reads point values only
    placed = 0
    for row in trace.iter_rows(named=True):
        # rebuild unseen ranks: replay the shoe, counting seen cards by value, then compare
        unseen_values = row["unseen"]
        seen_by_value = [32 * (4 if v == 0 else 1) - unseen_values[v] for v in range(10)]
        tag_by_value = {card_value(r + "S"): t for r, t in tags.items()}
        running = sum(tag_by_value.get(v, 0) * seen_by_value[v] for v in range(10))
        true_count = Fraction(running * 52, sum(unseen_values))
        assert row["banker_bet"] == (true_count >= Fraction(1, 2))
        placed += row["banker_bet"]
    assert placed == summary.bet("banker").units_placed


def test_tags_derived_from_eor():
    """`--tags eor`: each bet's tags are its effects of removal by rank scaled to whole
    numbers, the largest 4. For the Player bet, removing a 4 hurts most and removing 5-8
    helps (the small cards favour the Banker): tags 4=-4, and A-4 negative, 5-8 positive."""
    summary = simulate("commission-free", 2, bets=["player"], play="count", tags="eor",
                       threshold=2, seed=1, workers=1)
    tags = summary.header["tags"]["player"]
    assert summary.header["tags_from"] == "eor:4"
    assert max(abs(t) for t in tags.values()) == 4 and tags["4"] == -4
    assert all(tags[r] < 0 for r in "A234") and all(tags[r] > 0 for r in "5678")


# --- reproducibility and scale --------------------------------------------------------------

def test_results_do_not_depend_on_the_number_of_workers():
    """Eight shoes: one worker plays them in ranges of two, two workers in ranges of one,
    each worker several ranges."""
    one = simulate("electronic-baccarat", 8, bets=["player-pair", "banker-pair"], cut_card=14,
                   burn="standard", seed=21, workers=1)
    two = simulate("electronic-baccarat", 8, bets=["player-pair", "banker-pair"], cut_card=14,
                   burn="standard", seed=21, workers=2)
    assert one.to_dict() == two.to_dict()
    assert one.shoes_frame().equals(two.shoes_frame())


def test_dask_local_cluster_gives_the_local_numbers():
    """The same seed on a Dask LocalCluster (loopback, one in-process worker) gives the same
    figures as the local run, its two threads running ranges at once."""
    local = simulate("electronic-baccarat", 6, bets=["player-pair"], cut_card=14,
                     burn="standard", seed=8, workers=1)
    with local_cluster() as cluster:
        assert cluster.scheduler_address.startswith("tcp://127.0.0.1:")
        remote = simulate("electronic-baccarat", 6, bets=["player-pair"], cut_card=14,
                          burn="standard", seed=8, scheduler=cluster.scheduler_address)
    assert remote.to_dict() == local.to_dict()


def test_shuffled_every_round_is_one_round_per_shoe():
    """Seed 002 (rule 5): cards are shuffled before every game; every round has the
    full-shoe edge, so perfect play never bets a bet with a house edge."""
    summary = simulate("electronic-baccarat", 5, bets=["player-pair"], seed=1, workers=1)
    figures = summary.bet("player-pair")
    assert summary.header["dealing"]["cut_card"] is None
    assert figures.rounds_per_shoe == 1 and figures.units_placed == 0
    assert figures.histogram and figures.histogram[0].rounds == 5


# --- the dealing procedure as data ------------------------------------------------------

def test_dealing_section_parses_and_overrides():
    procedure = parse_dealing({"cut_card": 16, "burn": 3, "after_cut": "finish-round"})
    assert procedure == DealingProcedure(16, 3, "finish-round")
    assert procedure.with_overrides(cut_card="none", burn="standard").cut_card is None
    with pytest.raises(DealingError, match="unknown field 'cutcard'"):
        parse_dealing({"cutcard": 14})
    with pytest.raises(DealingError, match="cut card cannot have 420"):
        DealingProcedure(cut_card=420).check_fits(416)


def test_a_bad_dealing_section_names_the_file(tmp_path):
    from exact_odds.games.loader import load_game
    from exact_odds.games.model import GameFileError

    text = Path(__file__).resolve().parent.parent.joinpath("tables", "commission-free.yaml")
    path = tmp_path / "bad.yaml"
    path.write_text(text.read_text().replace("burn: standard", "burn: -2"))
    with pytest.raises(GameFileError, match=r"bad.yaml: dealing: field 'burn'"):
        load_game(path)


# --- the command line ------------------------------------------------------------------

def test_cli_json_has_the_issue_keys(tmp_path):
    from click.testing import CliRunner

    from exact_odds.cli import main

    result = CliRunner().invoke(main, ["simulate", "electronic-baccarat", "--shoes", "3",
                                       "--bet", "player-pair", "--cut-card", "14", "--burn",
                                       "standard", "--seed", "4", "--workers", "1",
                                       "--format", "json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["shoes"] == 3 and data["seed"] == 4 and data["decks"] == 8
    assert data["dealing"] == {"cut_card": 14, "burn": "standard", "after_cut": "one-more"}
    assert list(data["bets"][0]) == list(BET_KEYS)
    assert all(isinstance(data["bets"][0][k], (int, float)) for k in BET_KEYS[1:]
               if k != "average_edge")  # null when no unit was placed


def test_cli_flat_play(tmp_path):
    """`--play flat`: the JSON header names the play, the text says it, every round bet."""
    from click.testing import CliRunner

    from exact_odds.cli import main

    args = ["simulate", "21st-century", "--shoes", "1", "--bet", "late-tie", "--bet", "player",
            "--play", "flat", "--seed", "6", "--workers", "1"]
    data = json.loads(CliRunner().invoke(main, [*args, "--format", "json"]).output)
    assert data["play"] == "flat" and "min_edge" not in data and "tags" not in data
    assert all(bet["bet_frequency"] == 1 for bet in data["bets"])
    text = CliRunner().invoke(main, args).output
    assert "Play: flat: one unit on every round where the bet is offered" in text


@pytest.mark.parametrize("fmt", ["text", "markdown", "csv"])
def test_cli_formats(fmt):
    from click.testing import CliRunner

    from exact_odds.cli import main

    result = CliRunner().invoke(main, ["simulate", "commission-free", "--shoes", "2", "--bet",
                                       "tie", "--seed", "1", "--workers", "1", "--format", fmt])
    assert result.exit_code == 0, result.output
    assert "tie" in result.output.lower()


BAD = [  # (options, the words of the one line, exit code: 2 for a bad option value)
    (["--cut-card", "500"], "--cut-card: the cut card cannot have 500 cards behind it", 1),
    (["--burn", "-1"], "'--burn': must be at least 0", 2),
    (["--play", "count", "--tags", "X=1", "--threshold", "1"], "unknown rank 'X'", 2),
    (["--play", "count", "--tags", "6=-3"], "needs --tags", 1),
    (["--play", "flat", "--min-edge", "1%"], "--min-edge goes with --play perfect", 1),
    (["--play", "flat", "--tags", "6=-3", "--threshold", "1"], "go with --play count", 1),
    (["--shoes", "0"], "'--shoes': must be at least 1", 2),
    (["--scheduler", "tcp://127.0.0.1:9"], "cannot reach a Dask scheduler", 1),
]


@pytest.mark.parametrize("extra, needle, code", BAD)
def test_bad_input_is_one_line_and_writes_nothing(tmp_path, extra, needle, code):
    from click.testing import CliRunner

    from exact_odds.cli import main

    out, trace = tmp_path / "out.json", tmp_path / "trace.parquet"
    args = ["simulate", "commission-free", "--bet", "tie", "--seed", "1"]
    if "--shoes" not in extra:
        args += ["--shoes", "2"]
    if "--scheduler" not in extra:
        args += ["--workers", "1"]
    result = CliRunner().invoke(main, args + extra + ["--output", str(out), "--trace", str(trace)])
    one_error_line(result, needle, code=code)
    assert list(tmp_path.iterdir()) == []


# --- published: Jacobson's computer-perfect play against the pair bets --------------------

@pytest.mark.slow
def test_pair_bets_perfect_play_jacobson_888casino():
    """E. Jacobson, "Computer-perfect play against the baccarat pairs bet" (888casino blog,
    https://www.888casino.com/blog/side-bets/computer-perfect-play-against-the-baccarat-pairs-bet/):
    8 decks, pairs paying 11 to 1 on Player and on Banker, one unit on each side whenever its
    edge is positive, 14 cards behind the cut card, standard burn: 0.3754 units per shoe
    (100,000,000 shoes). Reproduced within three standard errors of 10,000 shoes (a standard
    error near 0.008 units, in one process). That still tells a wrong play, settlement or
    procedure apart: on these shoes a pair paying 10 to 1 gives 0.16 units, a unit placed
    whenever the edge is above -3% 0.345 (3.8 standard errors off), 16 or 12 cards behind the
    cut card 0.317 and 0.439, the round finished at the cut card 0.274, no burn 0.633. (A
    unit placed at edges between -1% and 0 moves the figure by 0.003, which 30,000 shoes
    could not see either: test_trace_evs_equal_the_exact_report holds the play exactly.)"""
    summary = simulate("electronic-baccarat", 10_000, bets=["player-pair", "banker-pair"],
                       cut_card=14, burn="standard", after_cut="one-more", seed=2024, workers=1)
    per_shoe = summary.shoes_frame()
    both = (per_shoe["player-pair_expected"] + per_shoe["banker-pair_expected"]).to_numpy()
    mean = float(both.mean())
    se = float(both.std(ddof=1)) / np.sqrt(len(both))
    assert abs(mean - 0.3754) <= 3 * se, (mean, se)


@pytest.mark.parametrize("shoe, first", [
    ({"decks": 2100}, [16 * 2100] + [4 * 2100] * 9),
    ({"shoe": {"KS": 40_000, "9H": 3, "4D": 2, "7C": 1}}, [40_000, 0, 0, 0, 2, 0, 0, 1, 0, 3]),
], ids=["2100 decks", "40,000 kings"])
def test_a_trace_counts_the_unseen_cards_of_a_large_shoe_without_wrapping(tmp_path, shoe, first):
    """Issue 31, finding 2: the trace stored the unseen counts as 16-bit integers, and a
    shoe of 2,100 decks dealt without a cut card was written with -31,937 tens (a shoe of
    40,000 kings too), exit 0. The counts' type holds the most cards of one point value a
    shoe may hold (``trace.MOST_OF_A_VALUE``); a round's number, the most rounds a shoe
    deals."""
    from exact_odds.shoe import Shoe
    from exact_odds.simulation import runner, trace

    given = ({"shoe": Shoe.from_counts(shoe["shoe"])} if "shoe" in shoe
             else {"decks": shoe["decks"]})
    path = tmp_path / "trace.parquet"
    simulate("commission-free", 1, bets=["banker"], cut_card="none", burn="none", seed=3,
             workers=1, trace=path, **given)
    rows = pl.read_parquet(path).sort("round")
    assert rows["unseen"][0].to_list() == first
    assert rows.schema["unseen"] == pl.List(pl.Int32)
    assert trace.MOST_OF_A_VALUE < 2**31 and trace.COUNT_TYPE == pl.Int32
    assert runner.MAX_ROUNDS_PER_SHOE < 2**31 and trace.ROUND_TYPE == pl.Int32


def test_perfect_play_takes_each_shoes_best_decision():
    """Where the bettor decides (Lucky Draw), a simulated round is played by the decisions
    the batch finds best for that shoe's unseen cards: on full shoes, dealt alike, the
    rounds equal those dealt by the rules played by the optimal map of the full shoe."""
    import numpy as np

    from exact_odds.analysis.strategy import optimal_rules
    from exact_odds.batch.evaluator import BatchEvaluator
    from exact_odds.games.dealing import DealingProcedure
    from exact_odds.games.loader import load_game
    from exact_odds.simulation.dealing import ShoesInPlay

    game = load_game("lucky-draw")
    start = Shoe.from_decks(1).counts
    procedure = DealingProcedure(cut_card=None, burn="none")
    result = BatchEvaluator(game).evaluate(np.array([start] * 40))
    assert result.decisions  # the bettor's choice in each state, shoe by shoe
    decided = ShoesInPlay(start, procedure, game.rules.with_strategy("stand"), 5, 0, 40)
    fixed = ShoesInPlay(start, procedure, optimal_rules(Shoe(start), game), 5, 0, 40)
    rows = np.arange(40)
    first = decided.deal_round(rows, result.decisions)
    second = fixed.deal_round(rows)
    assert (first.cards == second.cards).all()
    assert first.player_third.any() and not first.player_third.all()


@pytest.mark.parametrize("command", [["simulate", "lucky-draw", "--shoes", "2"],
                                     ["simulate", "lucky-draw", "--shoes", "2", "--bet", "draw"],
                                     ["countability", "lucky-draw", "--shoes", "2"]])
def test_a_stake_added_with_the_draw_is_not_dealt_as_a_bet_alone(command):
    """Lucky Draw's Draw bet is placed only with the draw, on the Enter bet. Simulated and
    studied alone it was 'perfect play' betting it on 85.6% of rounds at +5.70% (+3.75 units
    a shoe expected), and countability's verdict 'favours the bettor flat: a unit on every
    round wins 2.79%': a bet nobody can place. One Error: line naming --bet and the bets
    that are placed before the deal."""
    one_error_line(run(*command), "--bet", "'draw' is a stake placed only with the draw",
                   "placed before the deal (enter)")
