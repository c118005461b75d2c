"""Checking a condition before it runs (``conditions.Condition.parse``): the kind of every
part (a number, a word, true or false, a list), the values a column or a game file's setting
can take, and a bound on its arithmetic. What is wrong is refused with a message that says
what (``ConditionError``).
"""

from __future__ import annotations

import ast
import operator
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from exact_odds.errors import ExactOddsError
from exact_odds.vocabulary import VocabularyError, column, known_column

if TYPE_CHECKING:
    from exact_odds.rules.round import RoundDescription


class ConditionError(ExactOddsError, ValueError):
    """A condition that cannot be read."""


#: The comparisons and the arithmetic a condition may use.
COMPARE: dict[type[ast.cmpop], Callable[[Any, Any], bool]] = {
    ast.Eq: operator.eq, ast.NotEq: operator.ne, ast.Lt: operator.lt,
    ast.LtE: operator.le, ast.Gt: operator.gt, ast.GtE: operator.ge,
}
ARITHMETIC: dict[type[ast.operator], Callable[[Any, Any], Any]] = {
    ast.Add: operator.add, ast.Sub: operator.sub, ast.Mult: operator.mul, ast.Mod: operator.mod,
}

KIND_WORDS = {"int": "number", "str": "word", "bool": "true-or-false value", "list": "list"}


@dataclass(frozen=True)
class Setting:
    """A named setting of a game file: where a reasonable reader of the rules could differ.

    ``choices`` are the values it may take (``(False, True)`` for a yes-or-no setting).
    """

    name: str
    default: object
    choices: tuple[object, ...]
    description: str = ""

    @property
    def dtype(self) -> str:
        return "bool" if isinstance(self.default, bool) else "str"


#: The columns whose value is a number of cards the round deals: what they can hold is the
#: game's round's to say (``cards_in_round``), not a list written for baccarat.
ROUND_CARDS = ("cards_dealt", "player_cards", "banker_cards")


def cards_in_round(name: str, described: RoundDescription) -> tuple[int, ...]:
    """The values of a column of ``ROUND_CARDS`` in a game of this round: each hand is
    dealt ``cards`` and holds at most half the round's ``most_cards`` (a third card where
    the tableau draws).

    >>> from exact_odds.rules.loader import load_rules
    >>> cards_in_round("cards_dealt", load_rules("punto-banco").round)
    (4, 5, 6)
    >>> cards_in_round("cards_dealt", load_rules("dragon-tiger").round)
    (2,)
    """
    hands = 2 if name == "cards_dealt" else 1
    return tuple(range(hands * described.cards, hands * described.most_cards // 2 + 1))


@dataclass(frozen=True)
class Scope:
    """What a condition's names may be: the outcome columns (the vocabulary's and the
    game's rules' own) and the game file's settings; ``described``, the game's round,
    says how many cards a hand and a round hold."""

    settings: dict[str, Setting]
    described: RoundDescription | None = None

    def kind(self, name: str) -> str:
        if name in self.settings:
            return self.settings[name].dtype
        return column(name).dtype

    def values(self, name: str) -> tuple[object, ...] | None:
        if name in self.settings:
            return self.settings[name].choices
        if name in ROUND_CARDS:
            return None if self.described is None else cards_in_round(name, self.described)
        found = known_column(name)
        return found.values if found is not None else None

    def knows(self, name: str) -> bool:
        return name in self.settings or known_column(name) is not None


def constant_value(node: ast.expr) -> object:
    """The value of a plain constant (a number, a negative number, a word, true/false), or
    ``NOT_CONSTANT``."""
    if isinstance(node, ast.Constant) and isinstance(node.value, (bool, int, str)):
        return node.value
    if (isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub)
            and isinstance(node.operand, ast.Constant) and type(node.operand.value) is int):
        return -node.operand.value
    if isinstance(node, ast.Name) and node.id in ("true", "false"):
        return node.id == "true"
    return NOT_CONSTANT


NOT_CONSTANT = object()


def kind_of(node: ast.expr, scope: Scope) -> str:
    """Check the types of a condition before it runs: "bool", "int", "str" or "list".

    A comparison of a number with a word, arithmetic on a word, a bare number used as
    true-or-false, or a word a column never takes (winner == 'Banker') is refused here.
    """
    check = _KINDS.get(type(node))
    if check is None:
        if isinstance(node, (ast.List, ast.Tuple, ast.Set)):
            raise ConditionError("a list of values may only follow 'in'")
        raise ConditionError(f"{type(node).__name__} expressions are not allowed in a condition")
    return check(node, scope)


def _bool_op(node: ast.BoolOp, scope: Scope) -> str:
    for value in node.values:
        _expect(value, "bool", "and/or join true-or-false conditions", scope)
    return "bool"


def _unary(node: ast.UnaryOp, scope: Scope) -> str:
    if isinstance(node.op, ast.Not):
        _expect(node.operand, "bool", "not applies to a true-or-false condition", scope)
        return "bool"
    if isinstance(node.op, ast.USub):
        _expect(node.operand, "int", "a minus sign applies to a number", scope)
        return "int"
    raise ConditionError(f"the operator {type(node.op).__name__} is not allowed")


def _compare(node: ast.Compare, scope: Scope) -> str:
    terms = [node.left, *node.comparators]
    for op, left, right in zip(node.ops, terms, terms[1:]):
        if type(op) not in COMPARE and not isinstance(op, (ast.In, ast.NotIn)):
            raise ConditionError(f"the comparison {type(op).__name__} is not allowed: "
                                 "use == != < <= > >= or in")
        left_kind = kind_of(left, scope)
        if isinstance(op, (ast.In, ast.NotIn)):
            _in_list(left, left_kind, right, scope)
            continue
        _same_kind(left, left_kind, right, scope)
        if isinstance(op, ast.Eq) and isinstance(left, ast.Name) and isinstance(right, ast.Name):
            ours, theirs = scope.values(left.id), scope.values(right.id)
            if ours is not None and theirs is not None and not set(ours) & set(theirs):
                raise ConditionError(f"{left.id} and {right.id} never hold the same value: "
                                     f"{left.id} == {right.id} is never true")
        if type(op) not in (ast.Eq, ast.NotEq) and left_kind != "int":
            raise ConditionError("< <= > >= compare numbers only")
    return "bool"


def _in_list(left: ast.expr, left_kind: str, right: ast.expr, scope: Scope) -> None:
    """The list after ``in``: plain values, each of the left side's kind."""
    if not isinstance(right, (ast.List, ast.Tuple, ast.Set)):
        raise ConditionError("'in' takes a list of values, e.g. player_cards in (2, 3)")
    for item in right.elts:
        if constant_value(item) is NOT_CONSTANT:
            raise ConditionError(
                f"the list after 'in' holds plain values only (numbers, negative "
                f"numbers or quoted words), not {ast.unparse(item)!r}")
        _same_kind(left, left_kind, item, scope)


def _arithmetic(node: ast.BinOp, scope: Scope) -> str:
    if type(node.op) not in ARITHMETIC:
        raise ConditionError("only + - * and % are allowed in arithmetic")
    _expect(node.left, "int", "arithmetic is on numbers", scope)
    _expect(node.right, "int", "arithmetic is on numbers", scope)
    if isinstance(node.op, ast.Mod):
        divisor = constant_value(node.right)
        if type(divisor) is not int or divisor == 0:
            raise ConditionError(
                f"% takes a whole number other than 0 on its right, e.g. "
                f"{ast.unparse(node.left)} % 2 == 0; not {ast.unparse(node.right)!r}")
    return "int"


def _call(node: ast.Call, scope: Scope) -> str:
    if not (isinstance(node.func, ast.Name) and node.func.id == "abs"
            and len(node.args) == 1 and not node.keywords):
        raise ConditionError("the only function allowed is abs(x)")
    _expect(node.args[0], "int", "abs() takes a number", scope)
    return "int"


def _name(node: ast.Name, scope: Scope) -> str:
    if node.id in ("true", "false"):
        return "bool"
    if not scope.knows(node.id):
        try:
            column(node.id)
        except VocabularyError as error:
            raise ConditionError(
                f"{error}; to compare with a word, quote it: winner == 'banker'") from None
    return scope.kind(node.id)


def _constant(node: ast.Constant, scope: Scope) -> str:
    if isinstance(node.value, bool):
        return "bool"
    if isinstance(node.value, int):
        return "int"
    if isinstance(node.value, str):
        return "str"
    raise ConditionError(f"the value {node.value!r} is not allowed: use whole numbers or words")


#: The check of each kind of node a condition may hold.
_KINDS: dict[type[ast.expr], Callable[[Any, Scope], str]] = {
    ast.BoolOp: _bool_op, ast.UnaryOp: _unary, ast.Compare: _compare, ast.BinOp: _arithmetic,
    ast.Call: _call, ast.Name: _name, ast.Constant: _constant,
}


def _expect(node: ast.expr, kind: str, reason: str, scope: Scope) -> None:
    found = kind_of(node, scope)
    if found != kind:
        raise ConditionError(f"{ast.unparse(node)!r} is a {KIND_WORDS[found]}: {reason}")


def _same_kind(left: ast.expr, left_kind: str, right: ast.expr, scope: Scope) -> None:
    right_kind = kind_of(right, scope)
    if left_kind != right_kind:
        raise ConditionError(
            f"cannot compare {ast.unparse(left)!r} (a {KIND_WORDS[left_kind]}) with "
            f"{ast.unparse(right)!r} (a {KIND_WORDS[right_kind]})")
    for named, other in ((left, right), (right, left)):
        value = constant_value(other)
        if isinstance(named, ast.Name) and scope.knows(named.id) and value is not NOT_CONSTANT:
            allowed = scope.values(named.id)
            if allowed is not None and value not in allowed:
                words = ", ".join(repr(v) for v in allowed)
                raise ConditionError(f"{named.id} is never {value!r}: its values are {words}")


#: No column's value is larger than this (totals 0-9, ranks 1-13, counts of cards 0-6).
COLUMN_BOUND = 1000
#: Arithmetic stays below this, so polars' 64-bit integers give Python's answer exactly.
LARGEST = 2**62


def magnitude(node: ast.AST) -> int:
    """An upper bound of the absolute value any number in the expression can take."""
    if isinstance(node, ast.BinOp):
        left, right = magnitude(node.left), magnitude(node.right)
        if isinstance(node.op, ast.Mult):
            return left * right
        if isinstance(node.op, ast.Mod):
            return right
        return left + right
    if isinstance(node, ast.Constant):
        return abs(node.value) if type(node.value) is int else 1
    if isinstance(node, ast.Name):
        return COLUMN_BOUND
    return max((magnitude(child) for child in ast.iter_child_nodes(node)), default=1)
