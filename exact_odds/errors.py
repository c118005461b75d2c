"""The errors exact-odds raises for bad input, and how text from the user is echoed back.

The command line prints an error's message on one line and exits 1; any other exception is
a bug and keeps its traceback. Text that came from a file or an option (a game's name, an
event, a card) may hold control characters or be very long: ``shown`` makes it safe to
print on one line.

>>> shown("Banker\\x00 wins\\nwith 6")
'Banker\\\\x00 wins\\\\nwith 6'
>>> len(shown("x" * 1000))
120
>>> one_line("first\\nsecond")
'first second'
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import cast

from exact_odds.limits import ECHO_LIMIT, LINE_LIMIT

#: The characters ``escape_controls`` writes as escapes (first and last code points): control
#: characters, line and paragraph separators, and the bidirectional and zero-width marks.
CONTROL_RANGES = ((0x00, 0x1F), (0x7F, 0x9F), (0x2028, 0x2029), (0x200B, 0x200F),
                  (0x202A, 0x202E), (0x2066, 0x2069))
#: The controls written by name (the rest as ``\xNN`` or ``\uNNNN``).
NAMED_ESCAPES = {"\n": "\\n", "\r": "\\r", "\t": "\\t"}
_CONTROL = re.compile("[" + "".join(f"\\u{a:04x}-\\u{b:04x}" for a, b in CONTROL_RANGES) + "]")


class ExactOddsError(Exception):
    """Bad input: a game file, a shoe, a bet, a condition, a pay or a target."""


class LimitError(ExactOddsError, ValueError):
    """An input beyond a stated limit (a number too long, a figure too large to print)."""


class InputTypeError(ExactOddsError, TypeError):
    """A value of the wrong type given to a public function (a float where a count is
    needed, a string where a list of bets is): the message names the argument."""


# --- how an input is named: as the command line spells it, or as Python does --------------

#: True while the command line runs: an input is then named by its option (``--cut-card``).
_COMMAND_LINE: ContextVar[bool] = ContextVar("exact_odds_command_line", default=False)
#: Inputs whose option is not the argument's name with hyphens.
_OPTIONS = {"bets": "--bet", "settings": "--set", "fmt": "--format", "output": "--output",
            "cut_cards": "--cut-card"}


def input_name(name: str) -> str:
    """An input as the user wrote it: ``--cut-card`` on the command line, ``cut_card`` from
    Python.

    >>> input_name("cut_card")
    'cut_card'
    >>> with command_line():
    ...     input_name("cut_card"), input_name("bets")
    ('--cut-card', '--bet')
    """
    if not _COMMAND_LINE.get():
        return name
    return _OPTIONS.get(name, "--" + name.replace("_", "-"))


@contextmanager
def command_line() -> Iterator[None]:
    """Inputs are named by their options while the block runs (the CLI's commands)."""
    token = _COMMAND_LINE.set(True)
    try:
        yield
    finally:
        _COMMAND_LINE.reset(token)


def check_type(value: object, types: type | tuple[type, ...], name: str, wanted: str) -> None:
    """Refuse, naming the argument, a value that is not of ``types`` (``bool`` is never
    taken for an ``int``).

    >>> check_type(8.0, int, "decks", "a whole number")
    Traceback (most recent call last):
    ...
    exact_odds.errors.InputTypeError: decks: 8.0 is a float; give a whole number
    """
    kinds = types if isinstance(types, tuple) else (types,)
    if isinstance(value, kinds) and not (isinstance(value, bool) and bool not in kinds):
        return
    given = "None" if value is None else (f"{shown(repr(value), 60)} is "
                                          f"{_article(type(value).__name__)}")
    raise InputTypeError(f"{input_name(name)}: {given}; give {wanted}")


def check_texts(value: object, name: str, wanted: str, each: str,
                kinds: tuple[type, ...] = (list, tuple)) -> tuple[str, ...]:
    """A list of texts, or one text as a list of one, each checked (``check_type``):
    ``wanted`` says what the whole is, ``each`` what one item is.

    >>> check_texts("tie", "bets", "a list of bet ids", "bet ids as text")
    ('tie',)
    >>> check_texts(["tie", 7], "bets", "a list of bet ids", "bet ids as text")
    Traceback (most recent call last):
    ...
    exact_odds.errors.InputTypeError: bets: 7 is an int; give bet ids as text
    """
    given = (value,) if isinstance(value, str) else value
    check_type(given, kinds, name, wanted)
    found = tuple(cast("Iterable[str]", given))
    for item in found:
        check_type(item, str, name, each)
    return found


def _article(word: str) -> str:
    return ("an " if word[:1].lower() in "aeiou" else "a ") + word


def escape_controls(text: str) -> str:
    """Control and bidirectional characters written as escapes (``\\x00``, ``\\n``)."""

    def escape(match: re.Match[str]) -> str:
        char = match.group()
        if char in NAMED_ESCAPES:
            return NAMED_ESCAPES[char]
        code = ord(char)
        return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"

    return _CONTROL.sub(escape, text)


def shown(text: object, limit: int = ECHO_LIMIT) -> str:
    """User text made safe to echo on one line: control characters escaped, and cut to
    ``limit`` characters (the cut marked with an ellipsis)."""
    try:
        raw = str(text)
    except ValueError:  # an integer beyond Python's 4,300-digit guard
        size = text.bit_length() if isinstance(text, int) else 0
        raw = f"a number of about {size * 3 // 10:,} digits"
    safe = escape_controls(raw)
    if len(safe) > limit:
        half = (limit - 1) // 2
        safe = safe[:half] + "…" + safe[len(safe) - (limit - 1 - half):]
    return safe


def quoted(text: object, limit: int = ECHO_LIMIT) -> str:
    """``shown(text)`` in single quotes, for an error message."""
    return f"'{shown(text, limit)}'"


def one_line(message: str, limit: int = LINE_LIMIT) -> str:
    """An error message as one printable line: line breaks become spaces, other control
    characters are escaped, and a very long message is cut in the middle."""
    flat = " ".join(part.strip() for part in str(message).splitlines() if part.strip())
    return shown(flat, limit)
