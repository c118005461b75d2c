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
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from typing import Any

from exact_odds.errors import CONTROL_RANGES, NAMED_ESCAPES, ExactOddsError, quoted, shown
from exact_odds.files import Sexagesimal
from exact_odds.limits import MAX_NUMBER_CHARS, MAX_PAY


class PayError(ExactOddsError, ValueError):
    """A pay that is not a ratio, a push or a loss."""


def _ratio(space: str, digit: str, word: Callable[[str], str]) -> str:
    """The ratio's regular expression, from its spaces, digits and words: Python's own
    (``\\s``, ``\\d``, each word read case-insensitively) and the explorer's script's."""
    number = rf"{digit}+(?:\.{digit}+)?(?:{space}*½|{space}+1/2)?"
    return (rf"^{space}*(?P<a>{number}){space}*(?P<sep>:|{word('to')}|{word(_RETURNS)})"
            rf"{space}*(?P<b>{number})(?:{space}*(?:{word('less')}|{word('minus')}){space}*"
            rf"(?P<commission>{digit}+(?:\.{digit}+)?){space}*%{space}*"
            rf"(?:{word('commission')})?)?{space}*$")


#: The word of a ratio that counts the bet in what is returned ("9 for 1": 8 to 1).
_RETURNS = "for"
_RATIO = re.compile(_ratio(r"\s", r"\d", str), re.IGNORECASE)
_PUSH = {"push", "pushes", "returned", "return", "void"}
_LOSE = {"lose", "loses", "lost", "loss"}
_LOSE_HALF = {"lose half", "loses half", "half lost"}  # Dragon Tiger's Dragon on a tie
#: How each of those is written back (``Pay.text``).
_WRITTEN = {"push": "push", "lose": "lose", "lose_half": "lose half"}
#: How many characters of a refused pay its message repeats.
_SHOWN = 60
#: Why a pay is refused: the loader's messages, the explorer's too (``{pay}``: the pay as
#: written, quoted and cut to ``_SHOWN`` characters).
MESSAGES = {
    "too_long": "{pay} is too long for a pay: a pay has at most {max_chars} characters in "
                "each number",
    "not_a_pay": '{pay} is not a pay: write a ratio such as "8:1", "8 to 1", "1:2", "19:20", '
                 '"9 for 1" or "1:1 less 5%", or push, lose or lose half',
    "number_too_long": "{pay} is not a pay: a number in a pay has at most {max_chars} "
                       "characters",
    "zero_second": "{pay} is not a pay: the second number of a ratio cannot be 0",
    "less_than_bet": "{pay} returns less than the bet: that is not a win",
    "pays_nothing": "{pay} pays nothing: write push if the bet is returned",
    "over_limit": "{pay} pays more than the limit of {max_pay} to 1",
    "commission": "{pay} takes a commission of 100% or more",
}


def _refused(name: str, value: str) -> PayError:
    return PayError(MESSAGES[name].format(pay=quoted(value, _SHOWN), max_chars=MAX_NUMBER_CHARS,
                                          max_pay=f"{MAX_PAY:,}"))


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
    if len(text) > _LONGEST:
        raise _refused("too_long", value)
    word = text.lower()
    if word in _PUSH:
        return Pay("push", Fraction(0), _WRITTEN["push"])
    if word in _LOSE:
        return Pay("lose", Fraction(-1), _WRITTEN["lose"])
    if word in _LOSE_HALF:
        return Pay("lose", Fraction(-1, 2), _WRITTEN["lose_half"])
    match = _RATIO.match(text)
    if not match:
        raise _refused("not_a_pay", value)
    for number in (match["a"], match["b"], match["commission"] or ""):
        if len(number.strip()) > MAX_NUMBER_CHARS:
            raise _refused("number_too_long", value)
    a, b = _number(match["a"]), _number(match["b"])
    if b == 0:
        raise _refused("zero_second", value)
    if match["sep"].lower() == _RETURNS:
        ratio = (a - b) / b
        if ratio < 0:
            raise _refused("less_than_bet", value)
    else:
        ratio = a / b
    if ratio == 0:
        raise _refused("pays_nothing", value)
    if ratio > MAX_PAY:
        raise _refused("over_limit", value)
    commission = Fraction(match["commission"]) / 100 if match["commission"] else Fraction(0)
    if commission >= 1:
        raise _refused("commission", value)
    net = ratio * (1 - commission)
    return Pay("win", net, _display(match, ratio, commission))


#: How a ratio is written back (``Pay.text``): its numbers as written, the words the loader's.
_DISPLAY = {"ratio": "{a} to {b}", "returns": "{a} for {b}", "commission": " less {c}%"}


def _display(match: re.Match[str], ratio: Fraction, commission: Fraction) -> str:
    sep = match["sep"].lower()
    a, b = match["a"].strip(), match["b"].strip()
    text = _DISPLAY["returns" if sep == _RETURNS else "ratio"].format(a=a, b=b)
    if commission:
        text += _DISPLAY["commission"].format(c=match["commission"])
    return text


#: The longest pay, stripped: its numbers at their longest and room for the words.
_LONGEST = 2 * MAX_NUMBER_CHARS + 40


def _runs(codes: list[int]) -> list[list[int]]:
    """Code points as [first, last] runs."""
    runs: list[list[int]] = []
    for code in codes:
        if runs and runs[-1][1] == code - 1:
            runs[-1][1] = code
        else:
            runs.append([code, code])
    return runs


def _class(codes: list[int]) -> str:
    """A JavaScript character class (flag u) of code points."""
    return "[" + "".join(f"\\u{{{a:x}}}" if a == b else f"\\u{{{a:x}}}-\\u{{{b:x}}}"
                         for a, b in _runs(codes)) + "]"


@cache
def pay_grammar() -> dict[str, Any]:
    """The grammar of a pay as the explorer's script reads it, from this module's own: the
    ratio's regular expression in JavaScript's syntax, its spaces (``\\s``), digits (``\\d``,
    each run with the value of its first) and each word's letters as Python reads them
    case-insensitively, found by Python's own ``re`` on every code point; the words of a
    push and a loss, what lowers to each letter, the limits and the messages; the control
    characters an echoed pay escapes.

    >>> grammar = pay_grammar()
    >>> grammar["push"][:2], grammar["max_pay"], [0x660, 0x669, 0] in grammar["digits"]
    (['push', 'pushes'], 1000000000, True)
    """
    import unicodedata
    from array import array

    every = array("I", [*range(0xD800), *range(0xE000, 0x110000)]).tobytes().decode("utf-32")

    def found(pattern: str, flags: int = 0) -> list[int]:
        return sorted({ord(char) for char in re.findall(pattern, every, flags)})

    # every character a letter matches case-insensitively matches a-z so, a few dozen
    cased = sorted(set(re.findall("[a-z]", every, re.IGNORECASE)))

    def word(text: str) -> str:
        return "".join(_class([ord(char) for char in cased
                               if re.fullmatch(re.escape(letter), char, re.IGNORECASE)])
                       for letter in text)

    numerals = found(r"\d")
    digits: list[list[int]] = []  # [first, last, the first's value]: runs of 0 to 9
    for code in numerals:
        value = unicodedata.decimal(chr(code))
        last = digits[-1] if digits else None
        if last is not None and last[1] == code - 1 and last[2] + code - last[0] == value:
            last[1] = code
        else:
            digits.append([code, code, value])
    # what lowers to a letter is among what matches one case-insensitively
    lower = {char: char.lower() for char in cased
             if char.lower() != char and len(char.lower()) == 1 and "a" <= char.lower() <= "z"}
    spaces = found(r"\s")
    ratio = _ratio(_class(spaces), _class(numerals), word).replace("(?P<", "(?<")
    return {"ratio": ratio, "space": _runs(spaces), "digits": digits, "lower": lower,
            "push": sorted(_PUSH), "lose": sorted(_LOSE), "lose_half": sorted(_LOSE_HALF),
            "written": _WRITTEN, "display": _DISPLAY, "returns_word": _RETURNS,
            "max_number_chars": MAX_NUMBER_CHARS,
            "max_pay": MAX_PAY, "max_text": _LONGEST, "echo": _SHOWN, "messages": MESSAGES,
            "controls": [list(pair) for pair in CONTROL_RANGES],
            "named_escapes": NAMED_ESCAPES}
