"""Numbers at the edges: the limits on numbers a user may write, reading them safely, and
printing exact figures of any size.

Limits (stated in the README, enforced here and where the numbers are read):

- a shoe holds at most ``MAX_DECKS`` (one million) of each card, so ``--decks`` is at most
  one million: every count then has at most 47 digits;
- a number written in a pay or an option has at most ``MAX_NUMBER_CHARS`` (24) characters
  and a pay is at most ``MAX_PAY`` (a billion) to 1;
- a decimal exponent (``1e-5``) is at most ``MAX_EXPONENT`` (30) either way.

Within those limits no exact figure comes near Python's 4,300-digit guard on turning an
integer into text; ``int_text`` still refuses, in one line, a figure of more than
``MAX_DIGITS`` digits rather than fail with ``ValueError`` or spend minutes printing it.

>>> parse_number("1e-5", "--edge")
Fraction(1, 100000)
>>> parse_number("1e-999999999", "--edge")
Traceback (most recent call last):
...
exact_odds.errors.LimitError: --edge: '1e-999999999' has an exponent beyond 30; write a plain number
>>> int_text(10**5000)[:5], len(int_text(10**5000))
('10000', 5001)
"""

from __future__ import annotations

import re
import sys
from decimal import Decimal, localcontext
from fractions import Fraction

from exact_odds.errors import LimitError, quoted

MAX_DECKS = 1_000_000
MAX_NUMBER_CHARS = 24
MAX_PAY = 10**9
MAX_EXPONENT = 30
MAX_DIGITS = 100_000

_NUMBER = re.compile(
    r"^(?P<sign>[-+]?)(?P<int>[0-9]*)(?:\.(?P<frac>[0-9]*))?(?:[eE](?P<exp>[-+]?[0-9]+))?$")
_RATIO = re.compile(r"^[-+]?[0-9]+/[0-9]+$")


def parse_number(text: str, what: str) -> Fraction:
    """A number as a person writes it (``0.05``, ``1/20``, ``-2.5``, ``1e-5``), exactly;
    refused in one line when it is not a number or lies beyond the limits."""
    raw = str(text).strip().replace(" ", "").replace("_", "")
    if len(raw) > MAX_NUMBER_CHARS:
        raise LimitError(f"{what}: {quoted(text, 40)} is longer than {MAX_NUMBER_CHARS} "
                         "characters; numbers are limited to that")
    if _RATIO.match(raw):
        numerator, denominator = raw.split("/")
        if int(denominator) == 0:
            raise LimitError(f"{what}: {quoted(text)} divides by zero")
        return Fraction(int(numerator), int(denominator))
    match = _NUMBER.match(raw)
    if not match or not (match["int"] or match["frac"]):
        raise LimitError(f"{what}: {quoted(text)} is not a number")
    exponent = int(match["exp"] or 0)
    if abs(exponent) > MAX_EXPONENT:
        raise LimitError(f"{what}: {quoted(text)} has an exponent beyond {MAX_EXPONENT}; "
                         "write a plain number")
    return Fraction(raw)


def parse_count(text: str, what: str, maximum: int) -> int:
    """A whole number of at least 1 and at most ``maximum``, read without converting an
    arbitrarily long string."""
    raw = str(text).strip().replace("_", "")
    if not (raw.isascii() and raw.isdigit()):
        raise LimitError(f"{what}: {quoted(text, 40)} is not a whole number")
    if len(raw.lstrip("0")) > len(str(maximum)) or int(raw) > maximum:
        raise LimitError(f"{what}: {quoted(text, 40)} is more than the limit of {maximum:,}")
    if int(raw) < 1:
        raise LimitError(f"{what}: must be at least 1, not {int(raw)}")
    return int(raw)


def int_text(value: int, grouped: bool = False) -> str:
    """An exact integer as text (``grouped``: with thousands separators), however long,
    up to ``MAX_DIGITS`` digits; beyond, a ``LimitError`` in one line."""
    digits_bound = value.bit_length() * 30103 // 100000 + 1  # log10(2) = 0.30103
    if digits_bound > MAX_DIGITS:
        raise LimitError(f"a figure of about {digits_bound:,} digits is too long to print "
                         f"(the limit is {MAX_DIGITS:,} digits)")
    guard = getattr(sys, "get_int_max_str_digits", None)
    old = guard() if guard else 0
    if old and digits_bound > old:
        sys.set_int_max_str_digits(0)
        try:
            return f"{value:,}" if grouped else str(value)
        finally:
            sys.set_int_max_str_digits(old)
    return f"{value:,}" if grouped else str(value)


def fraction_text(value: Fraction | int) -> str:
    """An exact fraction as ``"p/q"`` (``"0"``, ``"-1/2"``).

    >>> fraction_text(Fraction(-284694798368, 19524993263685))
    '-284694798368/19524993263685'
    """
    value = Fraction(value)
    if value.denominator == 1:
        return int_text(value.numerator)
    return f"{int_text(value.numerator)}/{int_text(value.denominator)}"


def to_float(value: Fraction | int | float) -> float:
    """A float for printing and plotting: infinite (with the sign) beyond the float range."""
    try:
        return float(value)
    except OverflowError:
        return float("inf") if value > 0 else float("-inf")


def decimal_text(value: Fraction | int, places: int = 9, *, sign: bool = False,
                 scale: int = 1) -> str:
    """``value * scale`` as a decimal with ``places`` places; scientific notation from
    10**15 up, where a float would lose digits or overflow: never ``inf``.

    >>> decimal_text(Fraction(1, 3), 4), decimal_text(Fraction(10**400), 2)
    ('0.3333', '1.00e+400')
    """
    exact = Fraction(value) * scale
    number = to_float(exact)
    plus = "+" if sign else ""
    if abs(number) < 1e15:
        return f"{number:{plus}.{places}f}"
    with localcontext() as context:
        context.prec = max(places, 3) + 2
        big = Decimal(exact.numerator) / Decimal(exact.denominator)
        return f"{big:{plus}.{min(places, 6)}e}"


def percent_text(value: Fraction | int, places: int = 4, *, sign: bool = False) -> str:
    """``value`` as a percentage (``0.014581 -> '1.4581%'``)."""
    return decimal_text(value, places, sign=sign, scale=100) + "%"
