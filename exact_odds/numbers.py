"""Numbers at the edges: the limits on numbers a user may write, reading them safely, and
printing exact figures of any size.

Limits (in ``exact_odds.limits``, with what each bounds and why; enforced here and where the
numbers are read):

- a shoe holds at most ``MAX_DECKS`` of each card, and so ``--decks`` is at most that: every
  count then has a few dozen digits;
- a number written in a pay or an option has at most ``MAX_NUMBER_CHARS`` characters and a
  pay is at most ``MAX_PAY`` to 1;
- a decimal exponent (``1e-5``) is at most ``MAX_EXPONENT`` either way.

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

from exact_odds.errors import ExactOddsError, LimitError, check_type, quoted, shown
from exact_odds.limits import MAX_DIGITS, MAX_EXPONENT, MAX_NUMBER_BITS, MAX_NUMBER_CHARS

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


def comma_items(text: str, what: str, example: str,
                error: type[ExactOddsError] = LimitError) -> list[str]:
    """The items of a list written with commas (``14,26,52``), each stripped. An empty item
    (two commas in a row, a comma at either end) is refused as a likely slip, naming
    ``what``; so is a list of none.

    >>> comma_items(" 1, 2 ", "--levels", "1,2,3")
    ['1', '2']
    >>> comma_items("1,,2", "--levels", "1,2,3")
    Traceback (most recent call last):
    ...
    exact_odds.errors.LimitError: --levels: '1,,2' has an empty item between commas: write e.g. 1,2,3
    """
    items = [item.strip() for item in text.split(",")]
    if items == [""]:
        raise error(f"{what}: give at least one, e.g. {example}")
    if "" in items:
        raise error(f"{what}: {quoted(text, 40)} has an empty item between commas: write e.g. "
                    f"{example}")
    return items


def parse_count(text: str | int, what: str, maximum: int, least: int = 1) -> int:
    """A whole number from ``least`` to ``maximum``: an ``int``, or digits as text (read
    without converting an arbitrarily long string); anything else is refused in one line
    naming ``what``.

    >>> parse_count("14", "--cut-card", 416, least=0), parse_count(8, "decks", 10)
    (14, 8)
    >>> parse_count("-1", "--shoes", 100)
    Traceback (most recent call last):
    ...
    exact_odds.errors.LimitError: --shoes: must be at least 1, not -1
    """
    if isinstance(text, bool) or not isinstance(text, (int, str)):
        kind = "None" if text is None else f"{quoted(repr(text), 40)} ({type(text).__name__})"
        raise LimitError(f"{what}: {kind} is not a whole number")
    raw = str(text).strip().replace("_", "") if isinstance(text, str) else None
    if raw is not None:
        sign = raw[:1] if raw[:1] in "+-" else ""
        digits = raw[len(sign):]
        if not (digits.isascii() and digits.isdigit()):
            raise LimitError(f"{what}: {quoted(text, 40)} is not a whole number")
        if len(digits.lstrip("0")) > len(str(max(maximum, abs(least)))):
            beyond = "less than the least" if sign == "-" else "more than the limit"
            bound = least if sign == "-" else maximum
            raise LimitError(f"{what}: {quoted(text, 40)} is {beyond} of {bound:,}")
        value = int(sign + digits)
    else:
        value = int(text)
    if value < least:
        raise LimitError(f"{what}: must be at least {least:,}, not {shown(value, 40)}")
    if value > maximum:
        raise LimitError(f"{what}: {shown(value, 40)} is more than the limit of {maximum:,}")
    return value


def parse_exact(value: object, what: str, *, least: Fraction | int | None = None,
                most: Fraction | int | None = None, percent: bool = False) -> Fraction:
    """An exact number: an ``int``, a ``Fraction``, or text as a person writes it
    (``parse_number``; with ``percent``, ``0.5%`` too), from ``least`` to ``most``. A float
    is refused: it is not the number it was written as (0.1 is not 1/10).

    >>> parse_exact("0.5%", "--min-edge", least=0, percent=True)
    Fraction(1, 200)
    >>> parse_exact(0.1, "min_edge")
    Traceback (most recent call last):
    ...
    exact_odds.errors.LimitError: min_edge: 0.1 is a float, not exact: write it as text ('0.1') or a Fraction
    """
    if isinstance(value, bool) or not isinstance(value, (int, Fraction, str)):
        if isinstance(value, float):
            raise LimitError(f"{what}: {shown(repr(value), 40)} is a float, not exact: write it "
                             f"as text ('{shown(repr(value), 40)}') or a Fraction")
        kind = "None" if value is None else f"{quoted(repr(value), 40)} ({type(value).__name__})"
        raise LimitError(f"{what}: {kind} is not a number")
    if isinstance(value, str):
        raw = value.strip()
        if percent and raw.endswith("%"):
            number = parse_number(raw[:-1], what) / 100
        else:
            number = parse_number(raw, what)
    else:
        number = Fraction(value)
        if max(abs(number.numerator), number.denominator).bit_length() > MAX_NUMBER_BITS:
            raise LimitError(f"{what}: {shown(number, 40)} has more digits than a number "
                             f"written in {MAX_NUMBER_CHARS} characters may")
    if least is not None and number < least:
        raise LimitError(f"{what}: {shown(value, 40)} is less than {_plain(least)}")
    if most is not None and number > most:
        raise LimitError(f"{what}: {shown(value, 40)} is more than the limit of {_plain(most)}")
    return number


def _plain(bound: Fraction | int) -> str:
    bound = Fraction(bound)
    return f"{bound.numerator:,}" if bound.denominator == 1 else str(bound)


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
    >>> fraction_text(0.1)
    Traceback (most recent call last):
    ...
    exact_odds.errors.InputTypeError: value: 0.1 is a float; give an exact number: an int or a Fraction
    """
    check_type(value, (int, Fraction), "value", "an exact number: an int or a Fraction")
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


#: How a decimal is rounded from its exact value, here and in the explorer's script.
ROUNDING = "half-even"


def decimal_text(value: Fraction | int, places: int = 9, *, sign: bool = False,
                 scale: int = 1) -> str:
    """``value * scale`` as a decimal with ``places`` places, rounded from the exact value
    half to even (``ROUNDING``); scientific notation from 10**15 up: never ``inf``.

    >>> decimal_text(Fraction(1, 3), 4), decimal_text(Fraction(10**400), 2)
    ('0.3333', '1.00e+400')
    >>> decimal_text(Fraction(5, 2000), 2), decimal_text(Fraction(15, 2000), 2)
    ('0.00', '0.01')
    """
    exact = Fraction(value) * scale
    plus = "+" if sign else ""
    numerator, denominator = exact.numerator, exact.denominator  # in integers alone
    if abs(numerator) < 10**15 * denominator:
        whole, rest = divmod(abs(numerator) * 10**places, denominator)
        if 2 * rest > denominator or (2 * rest == denominator and whole % 2):
            whole += 1
        digits = str(whole).rjust(places + 1, "0")
        if places:
            digits = f"{digits[:-places]}.{digits[-places:]}"
        return ("-" if numerator < 0 and whole else plus) + digits
    with localcontext() as context:
        context.prec = max(places, 3) + 2
        big = Decimal(exact.numerator) / Decimal(exact.denominator)
        return f"{big:{plus}.{min(places, 6)}e}"


def percent_text(value: Fraction | int, places: int = 4, *, sign: bool = False) -> str:
    """``value`` as a percentage (``0.014581 -> '1.4581%'``)."""
    return decimal_text(value, places, sign=sign, scale=100) + "%"
