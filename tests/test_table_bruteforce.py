"""The player-dealer's table against an independent brute force (tests/table_bruteforce.py):
every ordered six-card deal of a small shoe, its own drawing, pay and settlement code. Every
figure must agree exactly, for each settlement reading, each order and the action button."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest
from table_bruteforce import Person, Setup, brute_force

from conftest import first_fast
from exact_odds.table import table_report

F = Fraction

#: Seven distinct cards (5,040 ordered deals): naturals, ties, Banker wins with 6 and
#: three-card hands all happen (``test_the_small_shoe_deals_every_kind_of_round``); an eighth
#: card (a five) quadrupled the deals each brute force plays and paid no kind they lack.
SMALL_SHOE = {"AS": 1, "2H": 1, "3D": 1, "6S": 1, "7H": 1, "8D": 1, "KS": 1}
#: Eight ranks of the action button's chart, all eight seats' worth (A/8 seat 2, 2 seat 3,
#: 3/T seat 4, 4 seat 5, 5 seat 6, 7 seat 8), and two-card 5s (2+3, A+4, T+5).
BUTTON_SHOE = {"AS": 1, "2H": 1, "3D": 1, "4C": 1, "5S": 1, "7D": 1, "8C": 1, "TS": 1}

READINGS = ("collect-then-pay", "in-order", "covered-before-the-deal")


def _amount(value: Fraction) -> str:
    return str(value.numerator) if value.denominator == 1 else f"{float(value):.2f}"


def write_table(tmp_path: Path, setup: Setup, game: str, per_bet: dict[str, Fraction],
                per_hand: Fraction) -> Path:
    """The table file (and its shoe file) the brute force's setup describes."""
    shoe = tmp_path / "shoe.yaml"
    shoe.write_text("counts: {" + ", ".join(f"{c}: {n}" for c, n in setup.shoe.items()) + "}\n")
    seats: dict[int, list[Person]] = {}
    for person in setup.people:
        seats.setdefault(person.seat, []).append(person)
    lines = [f"game: {game}", "shoe: shoe.yaml", f"settlement: {setup.reading}",
             f"order: {setup.order}", f"seats_at_table: {setup.seats_at_table}",
             (f"player_dealer: {{seat: {setup.dealer_seat}, bank: \"{_amount(setup.bank)}\", "
              f"fee: \"{_amount(setup.dealer_fee)}\"}}"),
             "fees:",
             "  per_bet: {" + ", ".join(f'{b}: "{_amount(f)}"' for b, f in per_bet.items()) + "}",
             f"  per_hand: \"{_amount(per_hand)}\"",
             f"  refund_uncovered: {'true' if setup.refund else 'false'}",
             "seats:"]
    for seat, people in seats.items():
        lines.append(f"  - seat: {seat}")
        lines.append("    owners:")
        for person in people:
            wagers = ", ".join(f'{bet}: "{_amount(amount)}"' for bet, amount, _ in person.wagers)
            five = f", on_five: {person.on_five}" if setup.rules == "21st-century" else ""
            lines.append(f"      - {{name: {person.name}, wagers: {{{wagers}}}{five}}}")
    path = tmp_path / "table.yaml"
    path.write_text("\n".join(lines) + "\n")
    return path


def people(wagers: list[tuple[int, str, dict[str, int], str]], per_bet: dict[str, Fraction],
           per_hand: Fraction) -> list[Person]:
    return [Person(seat, name, [(bet, F(amount), per_bet.get(bet, F(0))) for bet, amount in ws.items()],
                   per_hand, five) for seat, name, ws, five in wagers]


def assert_agrees(setup: Setup, path: Path) -> None:
    expected = brute_force(setup)
    report = table_report(path)
    assert len(report.seats) == len(setup.people)
    for i, seat in enumerate(report.seats):
        assert (seat.seat, seat.owner) == (setup.people[i].seat, setup.people[i].name)
        assert seat.expected_without_fees == expected.expected[i], seat
        assert seat.fees == expected.fees[i], seat
        assert (seat.p_full_action, seat.p_partial_action, seat.p_no_action) == (
            expected.full[i], expected.part[i], expected.none[i]), seat
    dealer = report.player_dealer
    assert dict(dealer.distribution) == expected.dealer
    assert dealer.p_bank_exhausted == expected.dealer.get(-setup.bank, 0)
    assert dealer.expected == sum(r * p for r, p in expected.dealer.items()) - setup.dealer_fee
    assert report.balance == 0


def test_the_small_shoe_deals_every_kind_of_round():
    """SMALL_SHOE deals, as tests/bruteforce.py deals it, what the Commission-Free and Dragon
    Bonus wagers below settle on: naturals won by either hand and tied, ties, Banker wins on
    6 of two and three cards (paid 1 to 2), each hand's third card, and every margin a
    Dragon Bonus pays on a hand won without a natural (4 to 9)."""
    import bruteforce as bf

    kinds = set()
    for o, _ in bf.rounds(SMALL_SHOE, "punto-banco"):
        natural = o["player_natural"] or o["banker_natural"]
        kinds.add(("natural", o["winner"]) if natural else ("drawn", o["winner"]))
        if o["winner"] == "banker" and o["banker_total"] == 6:
            kinds.add(("banker 6", o["banker_cards"]))
        kinds.add(("cards", o["player_cards"], o["banker_cards"]))
        if not natural and o["winner"] != "tie":
            kinds.add(("margin", abs(o["player_total"] - o["banker_total"])))
    assert kinds >= {("natural", "player"), ("natural", "banker"), ("natural", "tie"),
                     ("drawn", "tie"), ("banker 6", 2), ("banker 6", 3),
                     ("cards", 3, 2), ("cards", 2, 3), ("cards", 3, 3),
                     *(("margin", m) for m in range(4, 10))}


@pytest.mark.parametrize(("reading", "refund"), first_fast([(r, True) for r in READINGS]
                                                      + [("collect-then-pay", False)]))
def test_commission_free_by_bet_type(tmp_path, reading, refund):
    """Seed 000: Player, then Banker, then Tie wagers, each from the seat left of the
    player-dealer (seat 6 of 8: seats 7, 8, then 2, 3); a bank too small for the table."""
    per_bet, per_hand = {"player": F(1), "banker": F(1), "tie": F(1, 2)}, F(1, 4)
    setup = Setup("punto-banco", ["player", "banker", "tie"], reading, "by-bet-type", 6, F(45),
                  people([(2, "a", {"banker": 30}, "hit"), (3, "b", {"player": 20}, "hit"),
                          (3, "c", {"tie": 5}, "hit"), (7, "d", {"player": 25, "tie": 5}, "hit"),
                          (8, "e", {"banker": 15}, "hit")], per_bet, per_hand),
                  dealer_fee=F(2), refund=refund, shoe=SMALL_SHOE)
    assert_agrees(setup, write_table(tmp_path, setup, "commission-free", per_bet, per_hand))


@pytest.mark.parametrize("reading", first_fast(READINGS))
def test_dragon_bonus_by_bet_type(tmp_path, reading):
    """Seed 001: the Dragon Bonus wagers are settled last, Player's before Banker's."""
    order = ["player", "banker", "tie", "player-dragon-bonus", "banker-dragon-bonus"]
    per_bet = {"player": F(1), "banker": F(1)}
    setup = Setup("punto-banco", order, reading, "by-bet-type", 1, F(60),
                  people([(2, "a", {"player": 10, "player-dragon-bonus": 2}, "hit"),
                          (4, "b", {"banker": 20, "banker-dragon-bonus": 3, "tie": 2}, "hit")],
                         per_bet, F(0)),
                  shoe=SMALL_SHOE)
    assert_agrees(setup, write_table(tmp_path, setup, "commission-free-dragon-bonus", per_bet, F(0)))


@pytest.mark.parametrize("reading", first_fast(READINGS))
def test_21st_century_from_the_action_button(tmp_path, reading):
    """Seed 004: seat by seat from the action button's seat, set by the hole card's rank;
    a hitter and a stander on 5 share one deal (the physical hand takes the card)."""
    per_bet = {"player": F(1), "dealer": F(2)}
    setup = Setup("21st-century", ["player", "dealer", "early-tie"], reading,
                  "from-action-button", 1, F(40),
                  people([(2, "a", {"player": 20, "early-tie": 2}, "stand"),
                          (4, "b", {"dealer": 20}, "hit"), (4, "c", {"player": 10}, "hit"),
                          (6, "d", {"player": 15}, "stand"), (8, "e", {"dealer": 10}, "hit")],
                         per_bet, F(1, 2)),
                  dealer_fee=F(3), refund=True, shoe=BUTTON_SHOE)
    assert_agrees(setup, write_table(tmp_path, setup, "21st-century", per_bet, F(1, 2)))


@pytest.mark.parametrize("order", first_fast(["by-bet-type", "from-action-button"]))
def test_both_orders_on_a_punto_banco_table(tmp_path, order):
    """The order is a setting: the action button works on any game (the banker's second card
    is the hole card), and seat-by-seat order differs from bet-type order."""
    per_bet = {"player": F(1)}
    setup = Setup("punto-banco", ["player", "banker", "tie"], "in-order", order, 3, F(30),
                  people([(2, "a", {"banker": 20, "tie": 3}, "hit"),
                          (5, "b", {"player": 20}, "hit"), (8, "c", {"player": 10, "tie": 2}, "hit")],
                         per_bet, F(0)),
                  shoe=BUTTON_SHOE)
    assert_agrees(setup, write_table(tmp_path, setup, "commission-free", per_bet, F(0)))
