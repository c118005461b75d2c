"""Independent brute force for the player-dealer's table.

Written apart from ``exact_odds.table``: it deals every ordered sequence of six physical
cards from a small shoe (each copy of a card its own object), plays the round with its own
drawing code, pays each wager with its own pay code, moves the money of every wager in the
settlement order with its own settlement code, and averages. It imports nothing from
``exact_odds``.

21st Century owners who choose differently on 5 are played physically: one player hand;
if any owner hits it takes the next card (the hit line) while a stander's hand stays at two
cards, and the dealer draws the card after.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from functools import cache, cached_property
from itertools import permutations

F = Fraction

# --- cards and drawing ---------------------------------------------------------------------

def points(card: str) -> int:
    rank = card[0]
    return 1 if rank == "A" else int(rank) if rank.isdigit() else 0


#: Banker's chart of seed 000: row = Banker's two-card total, column = Player's third card.
CHART = {0: "HHHHHHHHHH", 1: "HHHHHHHHHH", 2: "HHHHHHHHHH", 3: "HHHHHHHHSH",
         4: "SSHHHHHHSS", 5: "SSSSHHHHSS", 6: "SSSSSSHHSS", 7: "SSSSSSSSSS"}


@dataclass
class Hand:
    cards: list[str]

    @cached_property  # a hand's cards are never changed: a card dealt makes a new Hand
    def total(self) -> int:
        return sum(points(c) for c in self.cards) % 10

    @property
    def natural(self) -> bool:
        return len(self.cards) == 2 and self.total >= 8


def play(seq: tuple[str, ...], rules: str, someone_hits: bool) -> tuple[Hand, Hand, Hand, str]:
    """Deal P1, B1, P2, B2, then third cards. Returns the hit line's player hand, the stand
    line's player hand (the same unless the hand is 5 and someone hits), the banker hand and
    the banker's second card (the player-dealer's hole card)."""
    player = Hand([seq[0], seq[2]])
    banker = Hand([seq[1], seq[3]])
    hole = seq[3]
    nxt = 4
    if player.natural or banker.natural:
        return player, player, banker, hole
    if rules == "punto-banco":
        third = None
        if player.total <= 5:
            third = seq[nxt]
            nxt += 1
            player = Hand(player.cards + [third])
        if third is None:
            draws = banker.total <= 5
        else:
            draws = banker.total <= 7 and CHART[banker.total][points(third)] == "H"
        if draws:
            banker = Hand(banker.cards + [seq[nxt]])
        return player, player, banker, hole
    stand_line = player
    if player.total <= 4 or (player.total == 5 and someone_hits):
        player = Hand(player.cards + [seq[nxt]])
        nxt += 1
        if stand_line.total != 5:
            stand_line = player
    if banker.total <= 5:
        banker = Hand(banker.cards + [seq[nxt]])
    return player, stand_line, banker, hole


# --- pays -----------------------------------------------------------------------------------

DRAGON = {4: F(1), 5: F(2), 6: F(4), 7: F(6), 8: F(10), 9: F(30)}


def dragon(mine: Hand, other: Hand) -> Fraction:
    if mine.natural and other.natural and mine.total == other.total:
        return F(0)
    if mine.total > other.total and mine.natural:
        return F(1)
    margin = mine.total - other.total
    return DRAGON.get(margin, F(-1)) if margin >= 4 else F(-1)


def pay(bet: str, player: Hand, banker: Hand, rules: str) -> Fraction:
    """Net result per unit of ``bet`` (the commission-free and 21st Century bets)."""
    p, b = player.total, banker.total
    if bet == "player" and rules == "21st-century":
        return F(1) if p > b else F(-1) if p < b or p <= 1 else F(0)
    if bet == "dealer":
        return F(19, 20) if b > p or (b == p and b <= 1) else F(0) if b == p else F(-1)
    if bet == "early-tie":
        return F(8) if p == b else F(-1)
    if bet == "player":
        return F(1) if p > b else F(-1) if p < b else F(0)
    if bet == "banker":
        return (F(1, 2) if b == 6 else F(1)) if b > p else F(-1) if p > b else F(0)
    if bet == "tie":
        return F(8) if p == b else F(-1)
    if bet == "player-dragon-bonus":
        return dragon(player, banker)
    if bet == "banker-dragon-bonus":
        return dragon(banker, player)
    raise KeyError(bet)


#: Largest payout or stake per unit, for covering wagers before the deal.
EXPOSURE = {"player": F(1), "banker": F(1), "tie": F(8), "dealer": F(1), "early-tie": F(8),
            "player-dragon-bonus": F(30), "banker-dragon-bonus": F(30)}

# --- the table ------------------------------------------------------------------------------


@dataclass
class Person:
    seat: int
    name: str
    wagers: list[tuple[str, Fraction, Fraction]]  # bet, amount, fee
    hand_fee: Fraction = Fraction(0)
    on_five: str = "hit"


@dataclass
class Setup:
    rules: str
    bets_in_order: list[str]  # the game file's bet order (settlement by bet type)
    reading: str
    order: str
    dealer_seat: int
    bank: Fraction
    people: list[Person]
    dealer_fee: Fraction = Fraction(0)
    seats_at_table: int = 8
    refund: bool = False
    shoe: dict[str, int] = field(default_factory=dict)


BUTTON = {"A": 2, "8": 2, "2": 3, "9": 3, "3": 4, "T": 4, "4": 5, "J": 5, "5": 6, "Q": 6,
          "6": 7, "K": 7, "7": 8}


def seats_clockwise(setup: Setup, first: int) -> list[int]:
    """Seat numbers going round the table clockwise from ``first`` (a physical seat)."""
    n = setup.seats_at_table
    return [(first - 1 + k) % n + 1 for k in range(n)]


def queue(setup: Setup, hole: str) -> list[tuple[int, int]]:
    """(person, wager) in the order they are settled."""
    left_of_dealer = setup.dealer_seat % setup.seats_at_table + 1
    if setup.order == "from-action-button":
        start = seats_clockwise(setup, setup.dealer_seat)[BUTTON[hole[0]] - 1]
        ring = seats_clockwise(setup, start)
        return [(i, j) for seat in ring for i, person in enumerate(setup.people)
                if person.seat == seat for j in range(len(person.wagers))]
    ring = seats_clockwise(setup, left_of_dealer)
    out = []
    for bet in setup.bets_in_order:
        for seat in ring:
            for i, person in enumerate(setup.people):
                if person.seat == seat:
                    out += [(i, j) for j, w in enumerate(person.wagers) if w[0] == bet]
    return out


def run_bank(setup: Setup, lineup: list[tuple[int, int]], due: dict[tuple[int, int], Fraction]
             ) -> tuple[dict[tuple[int, int], Fraction], dict[tuple[int, int], str]]:
    """Money to each bettor and each wager's action ('full', 'part', 'none')."""
    got: dict[tuple[int, int], Fraction] = {}
    act: dict[tuple[int, int], str] = {}
    bank = setup.bank
    if setup.reading == "covered-before-the-deal":
        room = bank
        for key in lineup:
            bet, amount, _ = setup.people[key[0]].wagers[key[1]]
            need = amount * EXPOSURE[bet]
            share = F(1) if need <= room else room / need
            room -= share * need
            got[key] = due[key] * share
            act[key] = "full" if share == 1 else "none" if share == 0 else "part"
        return got, act
    if setup.reading == "collect-then-pay":
        drawer = bank  # what the player-dealer holds to pay from
        room_to_win = bank
        for key in lineup:
            if due[key] < 0:
                take = min(-due[key], room_to_win)
                room_to_win -= take
                drawer += take
                got[key] = -take
                act[key] = "full" if take == -due[key] else "none" if take == 0 else "part"
        for key in lineup:
            if due[key] > 0:
                give = min(due[key], drawer)
                drawer -= give
                got[key] = give
                act[key] = "full" if give == due[key] else "none" if give == 0 else "part"
            elif due[key] == 0:
                got[key], act[key] = F(0), "full"
        return got, act
    # in-order
    drawer = bank
    for key in lineup:
        if drawer == 0:
            got[key], act[key] = F(0), "none"
            continue
        if due[key] == 0:
            got[key], act[key] = F(0), "full"
        elif due[key] > 0:
            give = min(due[key], drawer)
            drawer -= give
            got[key] = give
            act[key] = "full" if give == due[key] else "part"
        else:
            take = min(-due[key], 2 * bank - drawer)
            drawer += take
            got[key] = -take
            act[key] = "full" if take == -due[key] else "none" if take == 0 else "part"
    return got, act


@dataclass
class Answer:
    expected: list[Fraction]  # per person, without fees
    fees: list[Fraction]
    full: list[Fraction]
    part: list[Fraction]
    none: list[Fraction]
    dealer: dict[Fraction, Fraction]  # result without fee -> probability


@cache
def rounds_dealt(cards: tuple[str, ...], rules: str, someone_hits: bool
                 ) -> tuple[int, dict[tuple, int]]:
    """Every ordered sequence of six physical cards of ``cards`` played: how many there are,
    and how many give each round (the cards of the hit line's and the stand line's player
    hand and of the banker hand, in the order dealt, and the hole card). Kept: the tables
    of one shoe and rules share it."""
    dealt: dict[tuple, int] = {}
    deals = 0
    for seq in permutations(cards, 6):
        deals += 1
        hit_player, stand_player, banker, hole = play(seq, rules, someone_hits)
        key = (tuple(hit_player.cards), tuple(stand_player.cards), tuple(banker.cards), hole)
        dealt[key] = dealt.get(key, 0) + 1
    return deals, dealt


def brute_force(setup: Setup) -> Answer:
    cards = [card for card, count in sorted(setup.shoe.items()) for _ in range(count)]
    someone_hits = any(p.on_five == "hit" for p in setup.people)
    people = setup.people
    lineups: dict[str, list[tuple[int, int]]] = {}
    # every round dealt is paid once for all the deals that give it; the bank is run once
    # for all the rounds with one hole card's rank (the order) and one sum due to each
    # wager; identical settlements are tallied, then averaged
    deals, dealt = rounds_dealt(tuple(cards), setup.rules, someone_hits)
    owed: dict[tuple, int] = {}
    for (hit_cards, stand_cards, banker_cards, hole), ways in dealt.items():
        hit_player, stand_player = Hand(list(hit_cards)), Hand(list(stand_cards))
        banker = Hand(list(banker_cards))
        due = []
        for i, person in enumerate(people):
            hand = stand_player if person.on_five == "stand" else hit_player
            for j, (bet, amount, _) in enumerate(person.wagers):
                due.append(((i, j), pay(bet, hand, banker, setup.rules) * amount))
        key = (hole[0], tuple(due))
        owed[key] = owed.get(key, 0) + ways
    tally: dict[tuple, int] = {}
    for (rank, due_items), ways in owed.items():
        if rank not in lineups:
            lineups[rank] = queue(setup, rank)
        got, act = run_bank(setup, lineups[rank], dict(due_items))
        signature = tuple(sorted(got.items())), tuple(sorted(act.items()))
        tally[signature] = tally.get(signature, 0) + ways
    money = [F(0)] * len(people)
    fees = [F(0)] * len(people)
    kinds_seen = [{"full": 0, "part": 0, "none": 0} for _ in people]
    dealer: dict[Fraction, int] = {}
    for (got_items, act_items), count in tally.items():
        got, act = dict(got_items), dict(act_items)
        for i, person in enumerate(people):
            keys = [(i, j) for j in range(len(person.wagers))]
            money[i] += sum(got[k] for k in keys) * count
            kinds = {act[k] for k in keys}
            kinds_seen[i]["full" if kinds == {"full"} else "none" if kinds == {"none"} else "part"] += count
            paid = person.hand_fee + sum(w[2] for w in person.wagers)
            if setup.refund:
                paid -= sum(person.wagers[j][2] for j in range(len(keys)) if act[(i, j)] == "none")
                if kinds == {"none"}:
                    paid -= person.hand_fee
            fees[i] += paid * count
        result = -sum(got.values(), F(0))
        dealer[result] = dealer.get(result, 0) + count
    return Answer([m / deals for m in money], [f / deals for f in fees],
                  [F(t["full"], deals) for t in kinds_seen], [F(t["part"], deals) for t in kinds_seen],
                  [F(t["none"], deals) for t in kinds_seen],
                  {r: F(c, deals) for r, c in dealer.items()})
