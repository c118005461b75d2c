"""Cards known by their place in the round (issue 41): the published figures of a known
card and of edge sorting, each against its source, and every count and edge against an
independent brute force over explicit card sequences on small shoes.

The brute force deals every ordered six-card sequence of a small shoe's explicit cards
(``itertools.permutations``: two copies of a card are two cards), plays it by the rules in
words (``bruteforce.deal_sequence``; Dragon Tiger's and Three Card Baccarat's hands read
here from their rules), keeps the sequences whose card at each known position is of its
ranks, and settles Player (1 to 1), Banker (19 to 20) and Tie (8 to 1) by hand.
"""

from __future__ import annotations

import subprocess
import sys
from collections import defaultdict
from fractions import Fraction
from functools import cache
from itertools import permutations

import bruteforce as bf
import pytest

from exact_odds.analysis.known import best_sorts, known_card, sorted_cards
from exact_odds.analysis.report import game_report
from exact_odds.engine.compiled import known_counts
from exact_odds.engine.enumerator import enumerates, outcome_counts
from exact_odds.engine.tally import partition_of
from exact_odds.known import Known, KnownError, agreeing_sequences, known_cards
from exact_odds.rules import PUNTO_BANCO, rules_named
from exact_odds.rules.loader import load_rules
from exact_odds.shoe import Shoe

#: Eight cards: two alike, a natural's cards, stands and every kind of draw.
TINY = {"9D": 2, "KS": 1, "5H": 1, "TC": 1, "3D": 1, "AS": 1, "7H": 1}
#: Nine cards, few ranks, each repeated: known ranks that are several cards of one class.
REPEATS = {"9D": 2, "9S": 1, "KS": 2, "QH": 1, "5H": 2, "2C": 1}
SHOES = {"tiny": TINY, "repeats": REPEATS}

#: What is known, by position (1 the Player's first card ... 5 and 6 the cards after the
#: first four, dealt or not).
KNOWLEDGE = [{1: "9"}, {2: "K,Q"}, {3: "A,T"}, {4: "5"}, {5: "9"}, {6: "5"}, {1: "9", 5: "K"},
             {4: "7", 6: "9"}, {1: "9", 2: "9", 3: "9"}, {5: "K", 6: "K"},
             {2: "3,5,7", 5: "2,9,T"}]
#: Columns of every kind: the round's, the first cards' (one hand, both), the third cards'.
COLUMNS = [("winner",), ("player_total", "banker_total", "player_cards", "banker_cards"),
           ("player_pair",), ("banker_pair", "nines"), ("winner", "player_third_rank"),
           ("banker_third", "margin")]


def _known(given: dict[int, str], rules=PUNTO_BANCO) -> Known:
    return known_cards(given, rules.round)


@cache
def _explicit(shoe: str) -> tuple[tuple[tuple[str, ...], dict], ...]:
    """Every ordered six-card sequence of the shoe's explicit cards, played by the punto
    banco tableau: (its cards, the round's columns)."""
    physical = [card for card, _copy in bf.expand_shoe(SHOES[shoe])]
    found = []
    for cards in permutations(physical, 6):
        outcome, used = bf.deal_sequence(list(cards))
        player, banker = [cards[0], cards[2]], [cards[1], cards[3]]
        if outcome["player_cards"] == 3:
            player.append(cards[4])
        if outcome["banker_cards"] == 3:
            banker.append(cards[used - 1])
        outcome = {**outcome, **bf.card_features(player, banker)}
        found.append((cards, outcome))
    return tuple(found)


def _agrees(cards: tuple[str, ...], given: dict[int, str]) -> bool:
    """Whether the card at each known position is of its ranks (``10`` is T)."""
    return all(cards[p - 1][0] in ranks.replace("10", "T").split(",")
               for p, ranks in given.items())


def _brute(shoe: str, columns: tuple[str, ...], given: dict[int, str]) -> dict[tuple, int]:
    counts: dict[tuple, int] = defaultdict(int)
    for cards, outcome in _explicit(shoe):
        if _agrees(cards, given):
            counts[tuple(outcome[c] for c in columns)] += 1
    return dict(counts)


@pytest.mark.parametrize("shoe", list(SHOES))
@pytest.mark.parametrize("given", KNOWLEDGE, ids=str)
def test_known_counts_are_the_brute_forces(shoe, given):
    """Every column kind, over the explicit sequences that agree (a known card the round
    does not reach included), count for count; and the agreeing sequences' number."""
    known = _known(given)
    for columns in COLUMNS:
        assert known_counts(Shoe.from_counts(SHOES[shoe]), columns, PUNTO_BANCO, known) == \
            _brute(shoe, columns, given), columns
    assert agreeing_sequences(Shoe.from_counts(SHOES[shoe]), known) == sum(
        _agrees(cards, given) for cards, _ in _explicit(shoe))


@pytest.mark.parametrize("shoe", list(SHOES))
@pytest.mark.parametrize("given", KNOWLEDGE, ids=str)
def test_the_enumerators_known_counts_are_the_brute_forces(shoe, given):
    """The card-removal enumerator (no compiled table): each known position dealt only the
    classes of its ranks, and the places a round leaves (5 and 6 after a natural or two
    hands standing, 6 after one third card) filled from the cards left that agree with
    them; every column kind, count for count the explicit sequences'."""
    known, cards = _known(given), Shoe.from_counts(SHOES[shoe])
    for columns in COLUMNS:
        assert enumerates(cards, columns, PUNTO_BANCO, known), columns
        assert outcome_counts(cards, columns, PUNTO_BANCO, known) == \
            _brute(shoe, columns, given), columns


@pytest.mark.parametrize("rules_name", ["21st-century", "baccarat-gold"])
@pytest.mark.parametrize("given", [{1: "9"}, {2: "5,K"}, {4: "T"}, {5: "5,7"}, {6: "K"},
                                   {3: "9", 6: "5,A"}, {5: "K", 6: "9"}], ids=str)
def test_the_enumerator_under_other_tableaux_is_the_brute_force(rules_name, given):
    """The enumerator with a known card under the 21st Century dealer's draw (house way: the
    Player hits on 5) and Baccarat Gold's Banker, against the rules in words."""
    rules = rules_named(rules_name, "house-way")
    physical = [card for card, _copy in bf.expand_shoe(TINY)]
    columns = ("winner", "player_cards", "banker_total", "banker_cards")
    brute: dict[tuple, int] = defaultdict(int)
    for cards in permutations(physical, 6):
        if _agrees(cards, given):
            outcome, _ = bf.deal_sequence(list(cards), rules_name, bf.always_hit)
            brute[tuple(outcome[c] for c in columns)] += 1
    known = _known(given, rules)
    assert enumerates(Shoe.from_counts(TINY), columns, rules, known)
    assert outcome_counts(Shoe.from_counts(TINY), columns, rules, known) == brute


def test_a_known_report_imports_no_numpy():
    """A report with a card known is enumerated by card removal, as a report is: neither
    numpy nor polars is imported (once the compiled tables made it 1.7 to 2.3 times as slow:
    benchmarks/results/bench_known.md)."""
    code = ("import sys; from click.testing import CliRunner; from exact_odds.cli import main; "
            "r = CliRunner().invoke(main, ['report', 'commission-free', '--known', '1=9']); "
            "assert r.exit_code == 0, r.output; "
            "print(sorted(m for m in ('polars', 'sympy', 'numpy') if m in sys.modules))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"


@pytest.mark.parametrize("shown", [(1,), (5,), (6,), (1, 2, 3, 4), (2, 6)], ids=str)
def test_the_classes_shown_are_the_brute_forces(shown):
    """Each outcome's key ends with the class of the card at each position shown."""
    known = Known(((3, frozenset("9K")),), shown)
    columns = ("winner", "player_cards")
    partition = partition_of(columns, PUNTO_BANCO, known)
    class_of = {card: c for c, cards in enumerate(partition) for card in cards}
    brute: dict[tuple, int] = defaultdict(int)
    for cards, outcome in _explicit("tiny"):
        if cards[2][0] in "9K":
            brute[(*(outcome[c] for c in columns), *(class_of[cards[p - 1]] for p in shown))] += 1
    assert known_counts(Shoe.from_counts(TINY), columns, PUNTO_BANCO, known) == brute


def test_a_known_card_under_the_21st_century_tableau():
    """The dealer's draw and the Player's option (house way: hit on 5) read the cards as the
    brute force's rules in words do."""
    rules = rules_named("21st-century", "house-way")
    physical = [card for card, _copy in bf.expand_shoe(TINY)]
    for given in ({2: "9"}, {5: "5,7"}, {6: "K"}):
        brute: dict[tuple, int] = defaultdict(int)
        for cards in permutations(physical, 6):
            if _agrees(cards, given):
                outcome, _ = bf.deal_sequence(list(cards), "21st-century", bf.always_hit)
                brute[(outcome["winner"], outcome["banker_cards"])] += 1
        assert known_counts(Shoe.from_counts(TINY), ("winner", "banker_cards"), rules,
                            _known(given, rules)) == brute, given


def _three_card_key(hand: list[str]) -> tuple[int, int, int]:
    """Three Card Baccarat's ranking in words: three faces (J, Q, K) beat every other hand;
    else more points win; equal points go to more faces."""
    faces = sum(card[0] in "JQK" for card in hand)
    return (faces == 3, sum(bf.point(card) for card in hand) % 10, faces)


@pytest.mark.parametrize("game, each, shoe, given", [
    ("dragon-tiger", 1, {"KS": 2, "9H": 1, "2D": 1, "AC": 1, "QH": 1, "7S": 1}, {1: "K"}),
    ("dragon-tiger", 1, {"KS": 2, "9H": 1, "2D": 1, "AC": 1, "QH": 1, "7S": 1}, {2: "9,2"}),
    ("three-card-baccarat", 3, {"KS": 1, "QH": 1, "JD": 1, "9H": 1, "TC": 1, "5S": 1, "4D": 1,
                                "KD": 1}, {1: "K", 4: "Q,J"}),
    ("three-card-baccarat", 3, {"KS": 1, "QH": 1, "JD": 1, "9H": 1, "TC": 1, "5S": 1, "4D": 1,
                                "KD": 1}, {6: "9,T"}),
])
def test_games_without_draws_against_the_brute_force(game, each, shoe, given):
    """Each hand's cards in turn (positions 1, 3, 5 the first hand's), valued by the rules in
    words: Dragon Tiger by rank, Three Card Baccarat by faces and points."""
    rules = load_rules(game)
    physical = [card for card, _copy in bf.expand_shoe(shoe)]
    brute: dict[tuple, int] = defaultdict(int)
    for cards in permutations(physical, 6):
        if not _agrees(cards, given):
            continue
        first, second = list(cards[0:2 * each:2]), list(cards[1:2 * each:2])
        if game == "dragon-tiger":
            winner = bf.ranked_outcome(first, second)["winner"]
            total = bf.ranked_outcome(first, second)["banker_total"]
        else:
            a, b = _three_card_key(first), _three_card_key(second)
            winner = "player" if a > b else "banker" if b > a else "tie"
            total = b[1]
        brute[(winner, total)] += 1
    assert known_counts(Shoe.from_counts(shoe), ("winner", "banker_total"), rules,
                        _known(given, rules)) == brute


@pytest.mark.parametrize("game, decks", [("commission-free", 8), ("chemin-de-fer", 1),
                                         ("three-card-baccarat", 1), ("dragon-tiger", 2),
                                         ("21st-century", 6)])
@pytest.mark.parametrize("position", [1, 2, 5, 6])
def test_the_ranks_at_a_position_add_up_to_knowing_nothing(game, decks, position):
    """Whatever the rank at a position, every sequence has one: the counts over the
    thirteen ranks add up to the counts of the whole shoe (a mixed strategy's corners, and
    the infinite deck's powers, alike)."""
    from exact_odds.games.loader import load_game

    loaded = load_game(game)
    rules = loaded.rules
    if position > rules.round.most_cards:
        pytest.skip("the game deals fewer cards")
    columns = tuple(loaded.bets[0].columns)
    # the compiled tables, and outcome_counts (enumerated where it can be: a finite shoe)
    for shoe, count in ((Shoe.from_decks(decks), known_counts), (Shoe.infinite(), known_counts),
                        (Shoe.from_decks(decks), outcome_counts)):
        added: dict[tuple, int] = defaultdict(int)
        for rank in "A23456789TJQK":
            for key, ways in count(shoe, columns, rules, _known({position: rank}, rules)).items():
                added[key] += ways
        assert dict(added) == outcome_counts(shoe, columns, rules)


# --- published figures ----------------------------------------------------------------------

#: excelpunks.com, "Concepts 14: Baccarat 1st Card Advantage" (2018-05-17): 8 decks, every
#: ordered six-card sequence, by the point value of the first card (the Player's first):
#: Player wins, Banker wins, ties. Its value-0 row is cut in the copy we have.
EXCELPUNKS = {
    1: (159_747_170_699_264, 189_857_873_692_672, 34_887_130_646_784),
    2: (160_408_944_947_200, 188_725_567_889_408, 35_357_662_202_112),
    3: (161_429_794_906_112, 187_253_976_461_312, 35_808_403_671_296),
    4: (162_751_823_355_904, 184_376_516_966_400, 37_363_834_716_416),
    5: (166_618_505_969_664, 179_969_323_315_200, 37_904_345_753_856),
    6: (173_075_882_563_584, 170_168_183_390_208, 41_248_109_084_928),
    7: (185_770_147_510_272, 157_451_915_216_896, 41_270_112_311_552),
    8: (206_999_120_039_936, 140_506_916_139_008, 36_986_138_859_776),
    9: (215_108_869_548_032, 132_334_879_180_800, 37_048_426_309_888),
}
#: The 8-deck totals every exact calculator reproduces (Player, Banker, Tie).
EIGHT_DECKS = (2_230_518_282_592_256, 2_292_252_566_437_888, 475_627_426_473_216)
VALUE_RANKS = {0: "T,J,Q,K", 1: "A", **{v: str(v) for v in range(2, 10)}}


def _winners(given: dict[int, str]) -> tuple[int, int, int]:
    counts = known_counts(Shoe.from_decks(8), ("winner",), PUNTO_BANCO, _known(given))
    return counts[("player",)], counts[("banker",)], counts[("tie",)]


def test_first_card_counts_excelpunks_concepts_14():
    """excelpunks.com, "Concepts 14: Baccarat 1st Card Advantage" (2018-05-17), 8 decks:
    Player wins, Banker wins and ties for each value of the first card, rows 1 to 9 exactly;
    the value-0 row (cut in the copy we have) is the published totals less rows 1 to 9, and
    is what the engine counts."""
    for value, published in EXCELPUNKS.items():
        assert _winners({1: VALUE_RANKS[value]}) == published, value
    rest = tuple(total - sum(row[i] for row in EXCELPUNKS.values())
                 for i, total in enumerate(EIGHT_DECKS))
    assert _winners({1: VALUE_RANKS[0]}) == rest


@pytest.fixture(scope="module")
def commission() -> object:
    """Player 1 to 1, Banker 19 to 20, Tie 8 to 1 on 8 decks: the bets Eliot Jacobson's
    figures are for."""
    report = game_report("electronic-baccarat", bets=("player", "banker", "tie"))
    assert [e.pays for e in report.bet("tie").events][0] == "8 to 1"
    return report


def _percent(value: Fraction) -> float:
    return round(float(value) * 100, 3)


def test_a_known_card_jacobson(commission):
    """Eliot Jacobson, "Baccarat: The Known Card" (apheat.net, 888casino.com blog), 8 decks,
    Player, Banker (5% commission) and Tie 8 to 1, the bettor choosing the best bet: knowing
    card 1 or 3 (a Player card) 6.765%, card 2 or 4 (a Banker card) 6.406%, card 5 8.973%,
    card 6 9.098%. Per round dealt, betting only where the best bet is positive: always
    betting the best bet gives other figures for cards 2, 4, 5 and 6."""
    published = {1: 6.765, 2: 6.406, 3: 6.765, 4: 6.406, 5: 8.973, 6: 9.098}
    for card, edge in published.items():
        found = known_card(commission, card).edge
        assert _percent(found.positive) == edge, card
        assert (_percent(found.always) == edge) == (card in (1, 3)), card


def test_one_sorted_card_jacobson(commission):
    """Eliot Jacobson, "Edge Sorting in Baccarat" (2012-08-18): the first card sorted, High
    = 6, 7, 8, 9 and Low = T, A, 2-5 (point values 0-5): 6.765%, what knowing the first
    card gives (every High rank makes the Player the best bet and every Low rank the
    Banker, so the sort tells the bettor as much as the card does)."""
    sort = sorted_cards(commission, "6,7,8,9", "1")
    assert _percent(sort.edge.positive) == 6.765
    assert sort.edge.positive == known_card(commission, 1).edge.positive


def test_four_sorted_cards_jacobson(commission):
    """Eliot Jacobson, "Edge Sorting in Baccarat, Update #1": the first four cards sorted
    (High 6-9): average edge 20.928%; the Player High-Low and the Banker Low-Low 20.502% of
    the time with a 36.332% edge (the Player); both Low-Low 22.824% with no profitable bet;
    two patterns where only the Tie is profitable, together 19.075%."""
    sort = sorted_cards(commission, "6,7,8,9", "1-4")
    assert _percent(sort.edge.positive) == 20.928
    assert not sort.ordered and len(sort.rows) == 9
    rows = {row.label: row for row in sort.rows}
    hl = rows["Player HL, Banker LL"]
    assert (_percent(hl.probability), _percent(hl.best), hl.best_bet) == (20.502, 36.332, "player")
    ll = rows["Player LL, Banker LL"]
    assert _percent(ll.probability) == 22.824 and not ll.favours_bettor
    tie_only = [row for row in sort.rows if row.values[2] > 0 >= max(row.values[:2])]
    assert len(tie_only) == 2
    assert _percent(sum((row.probability for row in tie_only), Fraction(0))) == 19.075


def test_the_best_four_card_sort_fred_roach(commission):
    """Eliot Jacobson, "Edge Sorting in Baccarat, Update #1": Fred Roach's best sort of the
    first four cards, found over every division of the point values: 30.291%. It is High
    = 4-9, Low = T, J, Q, K, A, 2, 3."""
    best = best_sorts(commission, "1-4", top=3)
    assert best.by == "value" and best.divisions == 511
    top = best.sorts[0]
    assert _percent(top.edge.positive) == 30.291
    assert sorted(top.high) == sorted("456789")
    assert top.edge == sorted_cards(commission, "4,5,6,7,8,9", "1-4").edge


# --- the bettor's figures against the brute force -------------------------------------------

NETS = {"player": {"player": Fraction(1), "tie": Fraction(0), "banker": Fraction(-1)},
        "banker": {"banker": Fraction(19, 20), "tie": Fraction(0), "player": Fraction(-1)},
        "tie": {"tie": Fraction(8), "player": Fraction(-1), "banker": Fraction(-1)}}


def _brute_edge(shoe: str, seen) -> tuple[Fraction, Fraction]:
    """The bettor's edge per round dealt (betting only when positive, always betting), the
    bettor seeing ``seen(cards)`` of each explicit sequence."""
    ways: dict[object, int] = defaultdict(int)
    returns: dict[object, dict[str, Fraction]] = defaultdict(lambda: defaultdict(Fraction))
    rounds = _explicit(shoe)
    for cards, outcome in rounds:
        key = seen(cards)
        ways[key] += 1
        for bet, nets in NETS.items():
            returns[key][bet] += nets[outcome["winner"]]
    positive = sum((max(*r.values(), Fraction(0)) for r in returns.values()), Fraction(0))
    always = sum((max(r.values()) for r in returns.values()), Fraction(0))
    return positive / len(rounds), always / len(rounds)


@pytest.fixture(scope="module", params=list(SHOES))
def small(request) -> tuple[str, object]:
    shoe = Shoe.from_counts(SHOES[request.param])
    return request.param, game_report("electronic-baccarat", shoe=shoe,
                                      bets=("player", "banker", "tie"))


@pytest.mark.parametrize("card", range(1, 7))
def test_a_known_cards_edge_is_the_brute_forces(small, card):
    name, report = small
    found = known_card(report, card)
    assert (found.edge.positive, found.edge.always) == _brute_edge(name, lambda c: c[card - 1][0])
    assert sum((row.probability for row in found.rows), Fraction(0)) == 1


@pytest.mark.parametrize("cards", ["1-2", "2,5", "4-6"])
def test_several_known_cards_edge_is_the_brute_forces(small, cards):
    """Cards turned together: the bettor sees each one's point value (every bet reads only
    point values)."""
    name, report = small
    found = known_card(report, cards)
    positions = sorted({int(p) for part in cards.split(",")
                        for p in range(int(part[0]), int(part[-1]) + 1)})
    assert (found.edge.positive, found.edge.always) == _brute_edge(
        name, lambda c: tuple(bf.point(c[p - 1]) for p in positions))


@pytest.mark.parametrize("high, cards", [("6,7,8,9", "1-4"), ("9,K", "1,5"), ("A,2,3", "2,6"),
                                         ("5", "1-6")])
def test_a_sorts_edge_is_the_brute_forces(small, high, cards):
    """The bettor sees each card at the positions High or Low, in order: the patterns the
    result shows (in no order within a hand where that changes nothing) give the same edge."""
    name, report = small
    positions = [int(p) for p in cards.replace("-", ",").split(",")]
    positions = list(range(positions[0], positions[-1] + 1)) if "-" in cards else positions
    found = sorted_cards(report, high, cards)
    assert (found.edge.positive, found.edge.always) == _brute_edge(
        name, lambda c: tuple(c[p - 1][0] in high.split(",") for p in positions))


def test_the_best_sort_is_the_brute_forces(small):
    """Its edge is the brute force's for that division, and no division of the point values
    the brute force tries does better."""
    name, report = small
    best = best_sorts(report, "1,2", top=1024)
    assert best.divisions == 511
    top = best.sorts[0]

    def edge(high: frozenset[str]) -> tuple[Fraction, Fraction]:
        return _brute_edge(name, lambda c: (c[0][0] in high, c[1][0] in high))

    assert (top.edge.positive, top.edge.always) == edge(top.high)
    for sort in best.sorts[1::97]:
        assert (sort.edge.positive, sort.edge.always) == edge(sort.high)
        assert sort.edge.positive <= top.edge.positive


def test_a_known_report_is_the_brute_forces():
    """``game_report(..., known=...)``: each bet's combinations are the agreeing sequences
    of its events, its total theirs."""
    given = {1: "9", 6: "K,T"}
    report = game_report("electronic-baccarat", shoe=Shoe.from_counts(TINY),
                         bets=("player", "banker", "tie"), known=given)
    brute = _brute("tiny", ("winner",), given)
    assert report.total == sum(brute.values())
    for bet in report.bets:
        expected = sum((NETS[bet.id][w] * Fraction(n, report.total) for (w,), n in brute.items()),
                       Fraction(0))
        assert bet.expected_value == expected, bet.id
    assert report.to_dict()["known"] == {"1": ["9"], "6": ["T", "K"]}
    same = game_report("electronic-baccarat", shoe=Shoe.from_counts(TINY),
                       bets=("player", "banker", "tie"), known={1: 9, 6: [10, "K"]})
    assert same.bets == report.bets


def test_the_effect_of_removal_keeps_what_is_known():
    """``eor`` with cards known: each card's effect is the change in the known report's
    expected value when it leaves the shoe."""
    from exact_odds.analysis.removal import effect_of_removal

    shoe = Shoe.from_counts(REPEATS)
    report = game_report("electronic-baccarat", shoe=shoe, bets=("player",), known={1: "9"})
    table = effect_of_removal(report, "card")
    for card, effect in zip(table.labels, table.effects["player"]):
        less = game_report("electronic-baccarat", shoe=shoe.remove([card]), bets=("player",),
                           known={1: "9"})
        assert effect == less.bet("player").expected_value - report.bet("player").expected_value


# --- refusals ---------------------------------------------------------------------------------

@pytest.mark.parametrize("game, given, needle", [
    ("dragon-tiger", {3: "9"}, "position 3 is past"),
    ("commission-free", {7: "9"}, "position 7 is past"),
    ("commission-free", {1: "X"}, "'X' is not a rank"),
    ("commission-free", {0: "9"}, "not a whole number from 1"),
    ("commission-free", {1: ""}, "at least one"),
    ("commission-free", "1=9", "mapping"),
    ("commission-free", ["1=9"], "pairs"),  # once a ValueError
])
def test_knowledge_that_cannot_be_read_is_refused(game, given, needle):
    with pytest.raises(KnownError, match=needle):
        game_report(game, known=given)


@pytest.mark.parametrize("top", [0, -1])
def test_best_sorts_of_fewer_than_one_division_is_refused(top):
    """`top` below 1 is refused (once 0 and -1 listed one division, silently)."""
    report = game_report("commission-free", decks=1, bets=("player", "tie"))
    with pytest.raises(KnownError, match="at least 1"):
        best_sorts(report, cards=[1], top=top)


def test_knowledge_no_sequence_agrees_with_is_refused():
    """A nine where the shoe has none; the shoe's one king at two positions."""
    with pytest.raises(KnownError, match="agrees"):
        game_report("commission-free", decks=1, remove="9S,9H,9D,9C", known={1: "9"})
    with pytest.raises(KnownError, match="agrees"):
        game_report("commission-free", decks=1, remove="KS,KH,KD", known={2: "K", 5: "K"})
    assert game_report("commission-free", decks=1, remove="KS,KH", known={2: "K", 5: "K"})


def test_a_stake_added_with_the_draw_is_chosen_with_its_round():
    """Lucky Draw's Draw bet is placed only with the draw, on the Enter bet: `known` offered
    it as a bet of its own ("best bet: draw", the bettor's edge 5.074% on one deck where the
    round he plays is worth 6.158%, and -1.629% always betting, not +2.217%). The round is
    one choice, its value the two bets' per unit of the Enter bet, each rank's that of the
    report with the card known; a report with only one of them is refused."""
    report = game_report("lucky-draw", decks=1)
    seen = known_card(report, 4)
    assert {row.bets for row in seen.rows} == {("enter + draw",)}
    for row in seen.rows[:3] + seen.rows[-1:]:
        known = game_report("lucky-draw", decks=1, known={4: row.label})
        assert row.values == (known.bet("enter").expected_value
                              + known.bet("draw").expected_value,), row.label
    assert seen.edge.always == report.bet("enter").expected_value + report.bet(
        "draw").expected_value
    assert sorted_cards(report, "T,J,Q,K", "4").rows[0].bets == ("enter + draw",)
    with pytest.raises(KnownError, match="bets: a stake placed with the draw is bet with the "
                                         "bet it adds to, as one round \\(enter and draw\\)"):
        known_card(game_report("lucky-draw", decks=1, bets=["draw"]), 4)
