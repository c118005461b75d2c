"""Table files: the player-dealer's table as YAML, checked like a game file.

Every field is checked before anything is computed; a mistake is one line naming the file
and the field. Amounts are exact decimals in quotes ("2.50"): a float is refused.

    game: commission-free-dragon-bonus
    settlement: collect-then-pay
    player_dealer: {seat: 1, bank: "1000", fee: "3"}
    fees: {per_bet: {default: "1", tie: "0.50"}, exempt: [player-dragon-bonus]}
    seats:
      - {seat: 2, wagers: {player: "100", tie: "10"}}
      - {seat: 3, owners: [{name: A, wagers: {banker: "300"}}, {name: B, wagers: {player: "25"}}]}
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from fractions import Fraction
from pathlib import Path

from exact_odds.errors import ExactOddsError, quoted, shown
from exact_odds.files import is_file, read_yaml
from exact_odds.games.loader import load_game
from exact_odds.games.model import Game
from exact_odds.limits import MAX_DECKS, MAX_NUMBER_CHARS, MAX_OWNERS, MAX_SEATS
from exact_odds.shoe import Shoe, load_shoe
from exact_odds.table.fees import (
    MOST_RATES,
    Bracket,
    bracket_problem,
    fee_in_brackets,
    money,
)
from exact_odds.table.model import (
    ON_FIVE,
    ORDERS,
    READINGS,
    Owner,
    PlayerDealerTable,
    Wager,
    one_deal_for_both,
)


class TableFileError(ExactOddsError, ValueError):
    """A table file that cannot be used; the message names the file and the field."""


_TABLE_KEYS = {"game", "decks", "shoe", "settings", "settlement", "order", "seats_at_table",
               "table_limit", "player_dealer", "fees", "seats"}
_DEALER_KEYS = {"seat", "bank", "fee"}
_FEE_KEYS = {"per_bet", "per_hand", "player_dealer", "exempt", "refund_uncovered"}
_AMOUNT = re.compile(r"^\s*[0-9]+(?:\.[0-9]+)?\s*$")
_LIMIT = re.compile(r"^\s*([0-9]+(?:\.[0-9]+)?)\s*-\s*([0-9]+(?:\.[0-9]+)?)\s*$")


class _File:
    """The table file being read: builds errors that name it."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def fail(self, where: str, message: str) -> TableFileError:
        return TableFileError(f"{self.path}: {where}: {message}")

    def mapping(self, where: str, value: object, allowed: set[str],
                required: frozenset[str] | set[str] = frozenset()) -> dict[str, object]:
        if not isinstance(value, dict):
            raise self.fail(where, f"must be a mapping with {', '.join(sorted(allowed))}")
        unknown = sorted(set(map(str, value)) - allowed)
        if unknown:
            raise self.fail(where, f"unknown field {unknown[0]!r} (allowed: {', '.join(sorted(allowed))})")
        missing = sorted(required - set(value))
        if missing:
            raise self.fail(where, f"missing field {missing[0]!r}")
        return {str(k): v for k, v in value.items()}

    def amount(self, where: str, value: object, positive: bool = False) -> Fraction:
        """An exact amount: a whole number or a decimal in quotes, never a float."""
        if isinstance(value, bool):
            raise self.fail(where, f"{value} is not an amount; write it in quotes, e.g. \"2.50\"")
        if isinstance(value, float):
            raise self.fail(where, f"{value!r} is a float; write the amount in quotes, "
                            f"e.g. \"{value}\", so it is read exactly")
        if isinstance(value, int):
            text = str(value)
        elif isinstance(value, str):
            text = value
        else:
            raise self.fail(where, f"{value!r} is not an amount (a decimal in quotes, e.g. \"2.50\")")
        if len(text.strip()) > MAX_NUMBER_CHARS:
            raise self.fail(where, f"{quoted(text, 40)} is longer than {MAX_NUMBER_CHARS} "
                            "characters; an amount is limited to that")
        if text.strip().startswith("-"):
            raise self.fail(where, f"{text.strip()} is negative; amounts are 0 or more")
        if not _AMOUNT.match(text):
            raise self.fail(where, f"{text!r} is not a decimal amount (e.g. \"100\" or \"2.50\")")
        result = Fraction(text.strip())
        if positive and result == 0:
            raise self.fail(where, "must be more than 0")
        return result

    def whole(self, where: str, value: object, least: int = 1, most: int | None = None) -> int:
        if isinstance(value, bool) or not isinstance(value, int) or value < least:
            raise self.fail(where, f"must be a whole number of at least {least}, got "
                            f"{shown(repr(value), 40)}")
        if most is not None and value > most:
            raise self.fail(where, f"{value:,} is more than the limit of {most:,}")
        return value

    def word(self, where: str, value: object, choices: tuple[str, ...]) -> str:
        if not isinstance(value, str) or value not in choices:
            raise self.fail(where, f"is {value!r}; one of {', '.join(choices)}")
        return value

    def bet(self, where: str, value: object, game: Game) -> str:
        known = [b.id for b in game.bets]
        if not isinstance(value, str) or value not in known:
            raise self.fail(where, f"game {game.id!r} has no bet {value!r}; its bets are: {', '.join(known)}")
        return value


def load_table(path: str | Path) -> PlayerDealerTable:
    """Read and check a table file."""
    from exact_odds.errors import check_type

    check_type(path, (str, Path), "path", "a table file's path")
    the_path = Path(path)
    if not is_file(the_path):
        raise TableFileError(f"{the_path}: no table file there")
    return parse_table(read_yaml(the_path), the_path)


def parse_table(data: object, path: Path) -> PlayerDealerTable:
    """Check a table file's data and build the ``PlayerDealerTable``."""
    from exact_odds.errors import check_type

    check_type(path, (str, Path), "path", "the table file's path (where errors say it is)")
    f = _File(Path(path))
    top = f.mapping("table file", data, _TABLE_KEYS, {"game", "player_dealer", "seats"})
    game = _game(f, top["game"])
    shoe = _shoe(f, top, game)
    settings = _settings(f, game, top.get("settings", {}))
    reading = f.word("settlement", top.get("settlement", READINGS[0]), READINGS)
    order = f.word("order", top.get("order", game.table.get("settlement_order", ORDERS[0])), ORDERS)
    seats_at_table = f.whole("seats_at_table", top.get("seats_at_table", 8), least=2,
                             most=MAX_SEATS)
    if order == "from-action-button" and seats_at_table < 8:
        raise f.fail("seats_at_table", "the action button names seats 2 to 8: "
                     "settling from it needs a table of at least 8 seats")
    limit = _table_limit(f, top.get("table_limit"))
    dealer = f.mapping("player_dealer", top["player_dealer"], _DEALER_KEYS, {"seat", "bank"})
    dealer_seat = _seat_number(f, "player_dealer: seat", dealer["seat"], seats_at_table)
    bank = f.amount("player_dealer: bank", dealer["bank"], positive=True)
    fees = f.mapping("fees", top.get("fees", {}), _FEE_KEYS)
    exempt = _exempt(f, game, fees.get("exempt", []))
    per_bet = _per_bet(f, game, fees.get("per_bet", {}), exempt)
    rates: set[Fraction] = set()
    for rate in per_bet.values():
        rates |= {rate} if isinstance(rate, Fraction) else {b.fee for b in rate}
    per_hand = _by_limit(f, "fees: per_hand", fees.get("per_hand", "0"), limit)
    rates.add(per_hand)
    refund = fees.get("refund_uncovered", False)
    if not isinstance(refund, bool):
        raise f.fail("fees: refund_uncovered", f"must be true or false, got {refund!r}")
    owners = _owners(f, game, top["seats"], dealer_seat, seats_at_table, per_bet, exempt, per_hand)
    choices = {o.on_five for o in owners}
    if len(choices) > 1 and not one_deal_for_both(game.rules):
        raise f.fail("seats: on_five", f"the {game.rules.name} dealer's draw reads the player's "
                     "third card, so owners who hit and owners who stand cannot share one deal: "
                     "give every owner the same on_five")
    total_action = sum((w.amount for o in owners for w in o.wagers), Fraction(0))
    dealer_fee, dealer_rates = _dealer_fee(f, dealer, fees, limit, total_action)
    rates |= dealer_rates
    warnings = []
    rates.discard(Fraction(0))
    if len(rates) > MOST_RATES:
        warnings.append(f"{path}: fees: {len(rates)} different fee rates on one table "
                        f"(California allows at most {MOST_RATES})")
    if limit is not None:
        warnings += [f"{path}: seat {o.seat}: wager on {w.bet} of {money(w.amount)} is outside "
                     f"the table limit {money(limit[0])}-{money(limit[1])}"
                     for o in owners for w in o.wagers if not limit[0] <= w.amount <= limit[1]]
    return PlayerDealerTable(str(path), game, shoe, settings, reading, order, seats_at_table, dealer_seat,
                 bank, dealer_fee, owners, refund, tuple(warnings))


def _game(f: _File, value: object) -> Game:
    if not isinstance(value, str) or not value.strip():
        raise f.fail("game", "a built-in game id or the path of a game file")
    relative = f.path.parent / value
    try:
        return load_game(relative if is_file(relative) else value)
    except ExactOddsError as error:
        raise f.fail("game", str(error)) from None


def _shoe(f: _File, top: Mapping[str, object], game: Game) -> Shoe:
    """Whole decks (``decks: 6``; the game's by default) or a shoe file (``shoe: FILE``,
    relative to the table file)."""
    if "decks" in top and "shoe" in top:
        raise f.fail("shoe", "give either decks or a shoe file, not both")
    if "shoe" not in top:
        return Shoe.from_decks(f.whole("decks", top["decks"], most=MAX_DECKS) if "decks" in top
                               else game.decks)
    name = top["shoe"]
    if not isinstance(name, str) or not is_file(f.path.parent / name):
        raise f.fail("shoe", f"no shoe file at {name!r} (a path relative to the table file)")
    try:
        return load_shoe(f.path.parent / name)
    except ExactOddsError as error:
        raise f.fail("shoe", str(error)) from None


def _settings(f: _File, game: Game, value: object) -> dict[str, object]:
    if not isinstance(value, dict):
        raise f.fail("settings", "must map the game's settings to their values")
    try:
        return game.setting_values({str(k): v for k, v in value.items()})
    except ExactOddsError as error:
        raise f.fail("settings", str(error)) from None


def _table_limit(f: _File, value: object) -> tuple[Fraction, Fraction] | None:
    if value is None:
        return None
    match = _LIMIT.match(value) if isinstance(value, str) and len(value) <= 60 else None
    if (match is None or max(len(match[1]), len(match[2])) > MAX_NUMBER_CHARS
            or Fraction(match[1]) >= Fraction(match[2])):
        raise f.fail("table_limit", f"{quoted(value, 40)} is not a table limit like \"50-300\" "
                     f"(minimum-maximum, each at most {MAX_NUMBER_CHARS} characters)")
    return Fraction(match[1]), Fraction(match[2])


def _seat_number(f: _File, where: str, value: object, seats_at_table: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= seats_at_table:
        raise f.fail(where, f"seat {value!r} is not a seat of this table (1 to {seats_at_table}; "
                     "seats_at_table sets how many)")
    return value


def _exempt(f: _File, game: Game, value: object) -> frozenset[str]:
    if not isinstance(value, list):
        raise f.fail("fees: exempt", "must be a list of bet ids")
    return frozenset(f.bet("fees: exempt", bet, game) for bet in value)


def _brackets(f: _File, where: str, value: list[object]) -> tuple[Bracket, ...]:
    brackets = []
    for number, item in enumerate(value, start=1):
        spot = f"{where}: bracket {number}"
        entry = f.mapping(spot, item, {"from", "to", "fee"}, {"from", "fee"})
        high = f.amount(f"{spot}: to", entry["to"]) if "to" in entry else None
        brackets.append(Bracket(f.amount(f"{spot}: from", entry["from"]), high,
                                f.amount(f"{spot}: fee", entry["fee"])))
    problem = bracket_problem(brackets)
    if problem:
        raise f.fail(where, problem)
    return tuple(brackets)


Rate = Fraction | tuple[Bracket, ...]


def _per_bet(f: _File, game: Game, value: object, exempt: frozenset[str]) -> dict[str, Rate]:
    if not isinstance(value, dict):
        raise f.fail("fees: per_bet", "must map default or a bet id to a fee or a list of brackets")
    rates: dict[str, Rate] = {}
    for key, rate in value.items():
        where = f"fees: per_bet: {key}"
        if key != "default":
            f.bet(where, key, game)
            if key in exempt:
                raise f.fail(where, "this bet is also exempt from fees")
        rates[str(key)] = _brackets(f, where, rate) if isinstance(rate, list) else f.amount(where, rate)
    return rates


def _by_limit(f: _File, where: str, value: object,
              limit: tuple[Fraction, Fraction] | None) -> Fraction:
    """A flat fee, or ``{by_table_limit: {"10-100": "1", ...}}`` read at this table's limit."""
    if not isinstance(value, dict):
        return f.amount(where, value)
    spec = f.mapping(where, value, {"by_table_limit"}, {"by_table_limit"})
    table = spec["by_table_limit"]
    if not isinstance(table, dict) or not table:
        raise f.fail(f"{where}: by_table_limit", "must map table limits (\"10-100\") to fees")
    fees: dict[tuple[Fraction, Fraction], Fraction] = {}
    for key, fee in table.items():
        bounds = _table_limit(f, key)
        assert bounds is not None
        fees[bounds] = f.amount(f"{where}: by_table_limit: {key}", fee)
    if limit is None:
        raise f.fail(where, "a fee by table limit needs the table's table_limit (e.g. \"50-300\")")
    if limit not in fees:
        known = ", ".join(f"{money(a)}-{money(b)}" for a, b in fees)
        raise f.fail(where, f"no fee for the table limit {money(limit[0])}-{money(limit[1])}; "
                     f"the schedule has {known}")
    return fees[limit]


def _dealer_fee(f: _File, dealer: Mapping[str, object], fees: Mapping[str, object],
                limit: tuple[Fraction, Fraction] | None,
                total_action: Fraction) -> tuple[Fraction, set[Fraction]]:
    """The player-dealer's fee per hand: flat, by table limit, or by total action."""
    if "fee" in dealer and "player_dealer" in fees:
        raise f.fail("fees: player_dealer", "the player-dealer's fee is given twice "
                     "(also as player_dealer: fee); keep one")
    if "fee" in dealer:
        fee = f.amount("player_dealer: fee", dealer["fee"])
        return fee, {fee}
    value = fees.get("player_dealer", "0")
    where = "fees: player_dealer"
    if isinstance(value, dict) and "by_total_action" in value:
        spec = f.mapping(where, value, {"by_total_action"})
        raw = spec["by_total_action"]
        if not isinstance(raw, list):
            raise f.fail(f"{where}: by_total_action", "must be a list of brackets {from, to, fee}")
        brackets = _brackets(f, f"{where}: by_total_action", raw)
        found = fee_in_brackets(brackets, total_action)
        if found is None:
            raise f.fail(f"{where}: by_total_action", f"no bracket holds the total action "
                         f"on the table, {money(total_action)}")
        return found, {b.fee for b in brackets}
    fee = _by_limit(f, where, value, limit)
    return fee, {fee}


def _owners(f: _File, game: Game, value: object, dealer_seat: int, seats_at_table: int,
            per_bet: dict[str, Rate], exempt: frozenset[str], per_hand: Fraction) -> tuple[Owner, ...]:
    if not isinstance(value, list) or not value:
        raise f.fail("seats", "must be a non-empty list of seats, each with wagers or owners")
    owners: list[Owner] = []
    seen: set[int] = set()
    for index, item in enumerate(value, start=1):
        number = item.get("seat") if isinstance(item, dict) else None
        where = f"seat {number}" if isinstance(number, int) else f"seats: entry {index}"
        seat = f.mapping(where, item, {"seat", "wagers", "owners", "on_five"}, {"seat"})
        number = _seat_number(f, f"{where}: seat", seat["seat"], seats_at_table)
        if number == dealer_seat:
            raise f.fail(where, "this is the player-dealer's seat")
        if number in seen:
            raise f.fail(where, "this seat is listed twice")
        seen.add(number)
        if ("wagers" in seat) == ("owners" in seat):
            raise f.fail(where, "give either wagers (one owner) or owners (several), not both or neither")
        if "wagers" in seat:
            people = [{"name": "", "wagers": seat["wagers"], **(
                {"on_five": seat["on_five"]} if "on_five" in seat else {})}]
        else:
            if "on_five" in seat:
                raise f.fail(where, "on_five belongs to each owner when a seat lists owners")
            if not isinstance(seat["owners"], list) or not seat["owners"]:
                raise f.fail(f"{where}: owners", "must be a non-empty list of {name, wagers}")
            people = seat["owners"]
        if len(people) > MAX_OWNERS:
            raise f.fail(f"{where}: owners", f"{len(people):,} owners; a seat has at most "
                         f"{MAX_OWNERS}")
        names: set[str] = set()
        for person in people:
            owner = _owner(f, game, where, number, person, per_bet, exempt, per_hand,
                           named="owners" in seat)
            if owner.name in names:
                raise f.fail(f"{where}: owner {owner.name!r}", "two owners of this seat have this name")
            names.add(owner.name)
            owners.append(owner)
    return tuple(owners)


def _owner(f: _File, game: Game, where: str, seat: int, value: object, per_bet: dict[str, Rate],
           exempt: frozenset[str], per_hand: Fraction, named: bool) -> Owner:
    person = f.mapping(f"{where}: owner", value, {"name", "wagers", "on_five"}, {"name", "wagers"})
    name = person["name"]
    if isinstance(name, (int, float)) and not isinstance(name, bool):
        name = str(name)
    if not isinstance(name, str) or (named and not name.strip()):
        raise f.fail(f"{where}: owner", f"name must be text, got {name!r}")
    if name:
        where = f"{where}: owner {name!r}"
    wagers_data = person["wagers"]
    if not isinstance(wagers_data, dict) or not wagers_data:
        raise f.fail(f"{where}: wagers", "must map bet ids to amounts, e.g. {banker: \"100\"}")
    wagers = []
    for bet, amount_value in wagers_data.items():
        spot = f"{where}: wagers: {bet}"
        bet_id = f.bet(spot, bet, game)
        amount = f.amount(spot, amount_value, positive=True)
        rate = per_bet.get(bet_id, per_bet.get("default", Fraction(0)))
        if bet_id in exempt:
            fee = Fraction(0)
        elif isinstance(rate, Fraction):
            fee = rate
        else:
            found = fee_in_brackets(rate, amount)
            if found is None:
                raise f.fail(spot, f"{money(amount)} falls in no bracket of the per-bet fee")
            fee = found
        wagers.append(Wager(bet_id, amount, fee))
    ordered = sorted(wagers, key=lambda w: [b.id for b in game.bets].index(w.bet))
    on_five = None
    option = game.rules.option
    if option is not None:
        house = "hit" if option.house_way else "stand"
        default = {"house-way": house, "hit": "hit", "stand": "stand"}.get(game.strategy)
        choice = person.get("on_five", default)
        if choice is None:
            raise f.fail(f"{where}: on_five", f"the game plays the {game.strategy} strategy; a "
                         f"table needs each owner's choice {option.describe()} (hit or stand)")
        on_five = f.word(f"{where}: on_five", choice, ON_FIVE)
    elif "on_five" in person:
        raise f.fail(f"{where}: on_five", f"game {game.id!r} plays the {game.rules.name} rules: "
                     "nobody chooses on 5 (on_five is for a game with an option, such as "
                     "21st Century Baccarat)")
    hand_fee = per_hand if any(w.bet not in exempt for w in wagers) else Fraction(0)
    return Owner(seat, name.strip(), tuple(ordered), hand_fee, on_five)
