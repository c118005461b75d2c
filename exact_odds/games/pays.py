"""Pays: what a winning bet is paid, read exactly from the words of a pay table.

``"8:1"`` and ``"8 to 1"`` pay eight units for each unit bet (the bet is returned);
``"1:2"`` pays half a unit; ``"19:20"`` pays 0.95; ``"9 for 1"`` returns nine units in all
(the bet included), that is 8 to 1. ``"push"`` returns the bet, ``"lose"`` takes it,
``"lose half"`` takes half of it. A commission is charged on a win: ``"1:1 less 5%"`` pays
0.95.

A pay must be written as words in quotes. YAML reads an unquoted ``8:1`` as the base-60
number 481; such a value is refused, never taken as a pay.

>>> parse_pay("8 to 1").net, parse_pay("1:2").net, parse_pay("19:20").net
(Fraction(8, 1), Fraction(1, 2), Fraction(19, 20))
>>> parse_pay("1:1 less 5%").net, parse_pay("push").net, parse_pay("lose").net
(Fraction(19, 20), Fraction(0, 1), Fraction(-1, 1))
>>> parse_pay("lose half").net
Fraction(-1, 2)
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction

from exact_odds.errors import ExactOddsError, quoted, shown
from exact_odds.files import Sexagesimal
from exact_odds.numbers import MAX_NUMBER_CHARS, MAX_PAY


class PayError(ExactOddsError, ValueError):
    """A pay that is not a ratio, a push or a loss."""


_NUMBER = r"\d+(?:\.\d+)?(?:\s*½|\s+1/2)?"
_RATIO = re.compile(
    rf"^\s*(?P<a>{_NUMBER})\s*(?P<sep>:|to|for)\s*(?P<b>{_NUMBER})"
    r"(?:\s*(?:less|minus)\s*(?P<commission>\d+(?:\.\d+)?)\s*%\s*(?:commission)?)?\s*$",
    re.IGNORECASE,
)
_PUSH = {"push", "pushes", "returned", "return", "void"}
_LOSE = {"lose", "loses", "lost", "loss"}
_LOSE_HALF = {"lose half", "loses half", "half lost"}  # Dragon Tiger's Dragon on a tie


@dataclass(frozen=True)
class Pay:
    """A settled bet's result per unit staked.

    ``kind`` is ``"win"``, ``"push"`` or ``"lose"``; ``net`` is the exact amount won
    (negative when lost); ``text`` is how the pay table writes it.
    """

    kind: str
    net: Fraction
    text: str


def _number(text: str) -> Fraction:
    text = text.replace(" ", "")
    half = text.endswith(("½", "1/2"))
    if half:
        text = text[:-1] if text.endswith("½") else text[:-3]
    return Fraction(text or "0") + (Fraction(1, 2) if half else 0)


def parse_pay(value: object) -> Pay:
    """Read a pay from a pay table; raise ``PayError`` saying what is wrong."""
    if isinstance(value, Sexagesimal):
        if len(value) > MAX_NUMBER_CHARS:
            raise PayError(f"unquoted {quoted(value, 60)} is not a pay: write a ratio in quotes, "
                           f"each number of at most {MAX_NUMBER_CHARS} characters")
        if value.is_base_60:
            raise PayError(
                f"unquoted {value} is read by YAML as the base-60 number {value.as_yaml_number}, "
                f'not as a pay: write it in quotes, "{value}"'
            )
        raise PayError(
            f"unquoted {value} is a ratio some YAML readers take for a base-60 number: "
            f'write it in quotes, "{value}"'
        )
    if isinstance(value, bool) or not isinstance(value, str):
        raise PayError(
            f"{shown(value, 60)} is not a pay: write a ratio in quotes such as \"8:1\" or \"8 to 1\", "
            "or push, or lose"
        )
    text = value.strip()
    if len(text) > 2 * MAX_NUMBER_CHARS + 40:
        raise PayError(f"{quoted(value, 60)} is too long for a pay: a pay has at most "
                       f"{MAX_NUMBER_CHARS} characters in each number")
    word = text.lower()
    if word in _PUSH:
        return Pay("push", Fraction(0), "push")
    if word in _LOSE:
        return Pay("lose", Fraction(-1), "lose")
    if word in _LOSE_HALF:
        return Pay("lose", Fraction(-1, 2), "lose half")
    match = _RATIO.match(text)
    if not match:
        raise PayError(
            f"{quoted(value, 60)} is not a pay: write a ratio such as \"8:1\", \"8 to 1\", \"1:2\", "
            "\"19:20\", \"9 for 1\" or \"1:1 less 5%\", or push, lose or lose half"
        )
    for number in (match["a"], match["b"], match["commission"] or ""):
        if len(number.strip()) > MAX_NUMBER_CHARS:
            raise PayError(f"{quoted(value, 60)} is not a pay: a number in a pay has at most "
                           f"{MAX_NUMBER_CHARS} characters")
    a, b = _number(match["a"]), _number(match["b"])
    if b == 0:
        raise PayError(f"{quoted(value, 60)} is not a pay: the second number of a ratio cannot be 0")
    if match["sep"].lower() == "for":
        ratio = (a - b) / b
        if ratio < 0:
            raise PayError(f"{quoted(value, 60)} returns less than the bet: that is not a win")
    else:
        ratio = a / b
    if ratio == 0:
        raise PayError(f"{quoted(value, 60)} pays nothing: write push if the bet is returned")
    if ratio > MAX_PAY:
        raise PayError(f"{quoted(value, 60)} pays more than the limit of {MAX_PAY:,} to 1")
    commission = Fraction(match["commission"]) / 100 if match["commission"] else Fraction(0)
    if commission >= 1:
        raise PayError(f"{quoted(value, 60)} takes a commission of 100% or more")
    net = ratio * (1 - commission)
    return Pay("win", net, _display(match, ratio, commission))


def _display(match: re.Match[str], ratio: Fraction, commission: Fraction) -> str:
    sep = match["sep"].lower()
    a, b = match["a"].strip(), match["b"].strip()
    text = f"{a} for {b}" if sep == "for" else f"{a} to {b}"
    if commission:
        text += f" less {match['commission']}%"
    return text

