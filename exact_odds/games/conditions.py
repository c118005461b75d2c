"""Event conditions: small expressions over the outcome columns.

A pay table says when an event happens with an expression such as::

    banker_wins and banker_total == 6
    player_natural and banker_natural and tie
    banker_total - player_total >= 4
    nines == 3 and nines_same_suit == 3
    player_cards in (2, 3)

The grammar is a safe subset of Python expressions: column names, whole numbers, quoted
words, ``True``/``False``, comparisons (``== != < <= > >=``, chained, ``in``/``not in`` a
list), ``and``/``or``/``not``, ``+ - *`` and ``abs()``. Anything else is refused with a
message that says what. A column that is null (``player_third`` when no third card was
drawn) makes any comparison with it false.

>>> c = Condition.parse("banker_wins and banker_total == 6")
>>> sorted(c.columns)
['banker_total', 'banker_wins']
>>> c.holds({"banker_wins": True, "banker_total": 6})
True
"""

from __future__ import annotations

import ast
import operator
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from exact_odds.engine.vocabulary import COLUMNS, VocabularyError, column
from exact_odds.errors import ExactOddsError


class ConditionError(ExactOddsError, ValueError):
    """A condition that cannot be read."""


_COMPARE = {
    ast.Eq: operator.eq, ast.NotEq: operator.ne, ast.Lt: operator.lt,
    ast.LtE: operator.le, ast.Gt: operator.gt, ast.GtE: operator.ge,
}
_ARITHMETIC = {ast.Add: operator.add, ast.Sub: operator.sub, ast.Mult: operator.mul}

Row = Mapping[str, object]


@dataclass(frozen=True)
class Condition:
    """A parsed condition: the text, the columns it reads, and how to test a row."""

    text: str
    columns: frozenset[str]
    _test: Callable[[Row], object] = field(repr=False, compare=False)
    _tree: ast.expr = field(repr=False, compare=False)
    settings: frozenset[str] = frozenset()

    @classmethod
    def parse(cls, text: str, settings: Mapping[str, Setting] | None = None) -> Condition:
        """Read ``text``; raise ``ConditionError`` saying what is wrong.

        ``settings`` are the game file's named settings, which a condition may read like
        columns (their value is fixed for a whole report).
        """
        if not isinstance(text, str) or not text.strip():
            raise ConditionError("a condition must be a non-empty expression in words")
        try:
            tree = ast.parse(text.strip(), mode="eval").body
            scope = _Scope(dict(settings or {}))
            kind = _type_of(tree, scope)
            if kind != "bool":
                hint = f", e.g. {text.strip()} == 0" if kind == "int" else ""
                raise ConditionError(f"{text.strip()!r} is a {_KIND_WORDS[kind]}, not true or false: "
                                     f"compare it{hint}")
            names: set[str] = set()
            test = _compile(tree, names)
            used = frozenset(names & set(scope.settings))
        except SyntaxError as error:
            raise ConditionError(f"cannot read {text!r}: {error.msg}") from None
        except (RecursionError, MemoryError):
            raise ConditionError(f"the condition {text[:40]!r}... is nested too deeply") from None
        return cls(text.strip(), frozenset(names) - used, test, tree, used)

    def holds(self, row: Row) -> bool:
        """Whether the condition is true of an outcome row (a mapping of column values)."""
        return bool(self._test(row))

    def to_polars(self) -> Any:  # -> polars.Expr
        """The same condition as a polars expression, for filtering outcome tables."""
        return _to_polars(self._tree)


_KIND_WORDS = {"int": "number", "str": "word", "bool": "true-or-false value", "list": "list"}


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


@dataclass(frozen=True)
class _Scope:
    settings: dict[str, Setting]

    def kind(self, name: str) -> str:
        if name in self.settings:
            return self.settings[name].dtype
        return COLUMNS[name].dtype

    def values(self, name: str) -> tuple[object, ...] | None:
        if name in self.settings:
            return self.settings[name].choices
        return COLUMNS[name].values if name in COLUMNS else None

    def knows(self, name: str) -> bool:
        return name in self.settings or name in COLUMNS


def _type_of(node: ast.expr, scope: _Scope) -> str:
    """Check the types of a condition before it runs: "bool", "int", "str" or "list".

    A comparison of a number with a word, arithmetic on a word, a bare number used as
    true-or-false, or a word a column never takes (winner == 'Banker') is refused here.
    """
    if isinstance(node, ast.BoolOp):
        for value in node.values:
            _expect(value, "bool", "and/or join true-or-false conditions", scope)
        return "bool"
    if isinstance(node, ast.UnaryOp):
        if isinstance(node.op, ast.Not):
            _expect(node.operand, "bool", "not applies to a true-or-false condition", scope)
            return "bool"
        if isinstance(node.op, ast.USub):
            _expect(node.operand, "int", "a minus sign applies to a number", scope)
            return "int"
        raise ConditionError(f"the operator {type(node.op).__name__} is not allowed")
    if isinstance(node, ast.Compare):
        terms = [node.left, *node.comparators]
        for op, left, right in zip(node.ops, terms, terms[1:]):
            left_kind = _type_of(left, scope)
            if isinstance(op, (ast.In, ast.NotIn)):
                if not isinstance(right, (ast.List, ast.Tuple, ast.Set)):
                    raise ConditionError("'in' takes a list of values, e.g. player_cards in (2, 3)")
                for item in right.elts:
                    if not isinstance(item, ast.Constant):
                        raise ConditionError("the list after 'in' holds plain values only")
                    _same_kind(left, left_kind, item, scope)
                continue
            _same_kind(left, left_kind, right, scope)
            if type(op) not in (ast.Eq, ast.NotEq) and left_kind != "int":
                raise ConditionError("< <= > >= compare numbers only")
        return "bool"
    if isinstance(node, ast.BinOp):
        if type(node.op) not in _ARITHMETIC:
            raise ConditionError("only + - * are allowed in arithmetic")
        _expect(node.left, "int", "arithmetic is on numbers", scope)
        _expect(node.right, "int", "arithmetic is on numbers", scope)
        return "int"
    if isinstance(node, ast.Call):
        if not (isinstance(node.func, ast.Name) and node.func.id == "abs"
                and len(node.args) == 1 and not node.keywords):
            raise ConditionError("the only function allowed is abs(x)")
        _expect(node.args[0], "int", "abs() takes a number", scope)
        return "int"
    if isinstance(node, ast.Name):
        if node.id in ("true", "false"):
            return "bool"
        if not scope.knows(node.id):
            try:
                column(node.id)
            except VocabularyError as error:
                raise ConditionError(
                    f"{error}; to compare with a word, quote it: winner == 'banker'") from None
        return scope.kind(node.id)
    if isinstance(node, ast.Constant):
        if isinstance(node.value, bool):
            return "bool"
        if isinstance(node.value, int):
            return "int"
        if isinstance(node.value, str):
            return "str"
        raise ConditionError(f"the value {node.value!r} is not allowed: use whole numbers or words")
    if isinstance(node, (ast.List, ast.Tuple, ast.Set)):
        raise ConditionError("a list of values may only follow 'in'")
    raise ConditionError(f"{type(node).__name__} expressions are not allowed in a condition")


def _expect(node: ast.expr, kind: str, reason: str, scope: _Scope) -> None:
    found = _type_of(node, scope)
    if found != kind:
        raise ConditionError(f"{ast.unparse(node)!r} is a {_KIND_WORDS[found]}: {reason}")


def _same_kind(left: ast.expr, left_kind: str, right: ast.expr, scope: _Scope) -> None:
    right_kind = _type_of(right, scope)
    if left_kind != right_kind:
        raise ConditionError(
            f"cannot compare {ast.unparse(left)!r} (a {_KIND_WORDS[left_kind]}) with "
            f"{ast.unparse(right)!r} (a {_KIND_WORDS[right_kind]})")
    for named, constant in ((left, right), (right, left)):
        if isinstance(named, ast.Name) and scope.knows(named.id) and isinstance(constant, ast.Constant):
            allowed = scope.values(named.id)
            if allowed is not None and constant.value not in allowed:
                words = ", ".join(repr(v) for v in allowed)
                raise ConditionError(f"{named.id} is never {constant.value!r}: its values are {words}")


def _compile(node: ast.expr, names: set[str]) -> Callable[[Row], object]:
    if isinstance(node, ast.BoolOp):
        parts = [_compile(value, names) for value in node.values]
        if isinstance(node.op, ast.And):
            return lambda row: all(part(row) for part in parts)
        return lambda row: any(part(row) for part in parts)
    if isinstance(node, ast.UnaryOp):
        operand = _compile(node.operand, names)
        if isinstance(node.op, ast.Not):
            return lambda row: not operand(row)
        if isinstance(node.op, ast.USub):
            return lambda row: _null_safe(operator.neg, operand(row))
        raise ConditionError(f"the operator {type(node.op).__name__} is not allowed")
    if isinstance(node, ast.Compare):
        return _compile_compare(node, names)
    if isinstance(node, ast.BinOp):
        op = _ARITHMETIC.get(type(node.op))
        if op is None:
            raise ConditionError("only + - * are allowed in arithmetic")
        left, right = _compile(node.left, names), _compile(node.right, names)
        return lambda row: _null_safe(op, left(row), right(row))
    if isinstance(node, ast.Call):
        if not (isinstance(node.func, ast.Name) and node.func.id == "abs"
                and len(node.args) == 1 and not node.keywords):
            raise ConditionError("the only function allowed is abs(x)")
        inner = _compile(node.args[0], names)
        return lambda row: _null_safe(abs, inner(row))
    if isinstance(node, ast.Name):
        name = node.id
        if name in ("true", "false"):
            constant: object = name == "true"
            return lambda row: constant
        names.add(name)
        return lambda row: row[name]
    if isinstance(node, ast.Constant):
        if not isinstance(node.value, (bool, int, str)):
            raise ConditionError(f"the value {node.value!r} is not allowed: use whole numbers or words")
        constant = node.value
        return lambda row: constant
    if isinstance(node, (ast.List, ast.Tuple, ast.Set)):
        items = [_compile(item, names) for item in node.elts]
        return lambda row: tuple(item(row) for item in items)
    raise ConditionError(f"{type(node).__name__} expressions are not allowed in a condition")


def _compile_compare(node: ast.Compare, names: set[str]) -> Callable[[Row], object]:
    terms = [_compile(node.left, names)] + [_compile(c, names) for c in node.comparators]
    tests: list[Callable[[Any, Any], bool]] = []
    for op in node.ops:
        if type(op) in _COMPARE:
            tests.append(_COMPARE[type(op)])
        elif isinstance(op, ast.In):
            tests.append(lambda a, b: a in b)
        elif isinstance(op, ast.NotIn):
            tests.append(lambda a, b: a not in b)
        else:
            raise ConditionError(f"the comparison {type(op).__name__} is not allowed")

    def compare(row: Row) -> bool:
        values = [term(row) for term in terms]
        for test, left, right in zip(tests, values, values[1:]):
            if left is None or right is None or not test(left, right):
                return False
        return True

    return compare


def _null_safe(op: Callable[..., Any], *values: Any) -> object:
    return None if any(v is None for v in values) else op(*values)


def _to_polars(node: ast.expr) -> Any:
    import polars as pl

    if isinstance(node, ast.BoolOp):
        parts = [_to_polars(v) for v in node.values]
        result = parts[0]
        for part in parts[1:]:
            result = (result & part) if isinstance(node.op, ast.And) else (result | part)
        return result
    if isinstance(node, ast.UnaryOp):
        operand = _to_polars(node.operand)
        return ~operand if isinstance(node.op, ast.Not) else -operand
    if isinstance(node, ast.Compare):
        terms = [node.left, *node.comparators]
        result = None
        for op, left, right in zip(node.ops, terms, terms[1:]):
            if isinstance(op, (ast.In, ast.NotIn)):
                values = [item.value for item in right.elts]  # type: ignore[attr-defined]
                part = _to_polars(left).is_in(values)
                part = ~part if isinstance(op, ast.NotIn) else part
            else:
                part = _COMPARE[type(op)](_to_polars(left), _to_polars(right))
            result = part if result is None else result & part
        return result.fill_null(False)
    if isinstance(node, ast.BinOp):
        return _ARITHMETIC[type(node.op)](_to_polars(node.left), _to_polars(node.right))
    if isinstance(node, ast.Call):
        return _to_polars(node.args[0]).abs()
    if isinstance(node, ast.Name):
        if node.id in ("true", "false"):
            return pl.lit(node.id == "true")
        return pl.col(node.id)
    if isinstance(node, ast.Constant):
        return pl.lit(node.value)
    raise ConditionError(f"{type(node).__name__} cannot be turned into a polars expression")
