"""Event conditions: small expressions over the outcome columns.

A pay table says when an event happens with an expression such as::

    banker_wins and banker_total == 6
    player_natural and banker_natural and tie
    banker_total - player_total >= 4
    nines == 3 and nines_same_suit == 3
    player_cards in (2, 3)
    (player_total + banker_total) % 2 == 1

The grammar is a safe subset of Python expressions: column names, whole numbers (negative
ones too: ``margin - 3 in (-1, 0)``), quoted words, ``true``/``false``, comparisons
(``== != < <= > >=``, chained, ``in``/``not in`` a list), ``and``/``or``/``not``,
``+ - *``, ``%`` by a whole number (``x % 2``) and ``abs()``. Anything else is refused with
a message that says what.

**Missing values.** A column is null where the round has no such thing (``player_third``
when the Player stood). Null propagates, as in SQL: arithmetic or a comparison with a null
is null (neither true nor false), ``not`` null is null, ``null and false`` is false, ``null
or true`` is true, and an event whose condition is null does not hold. So both
``player_third >= 6`` and ``not player_third >= 6`` fail when the Player stood; ask
``player_cards == 3 and ...`` or ``player_cards == 2 or ...`` to say what a missing card
means. Python (``Condition.holds``) and polars (``Condition.to_polars``, filtered) agree.

>>> c = Condition.parse("banker_wins and banker_total == 6")
>>> sorted(c.columns)
['banker_total', 'banker_wins']
>>> c.holds({"banker_wins": True, "banker_total": 6})
True
>>> Condition.parse("not player_third >= 6").holds({"player_third": None})
False
>>> Condition.parse("player_third >= 6 or player_cards == 2").holds(
...     {"player_third": None, "player_cards": 2})
True
"""

from __future__ import annotations

import ast
import keyword
import operator
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from functools import cached_property, partial
from math import prod
from typing import TYPE_CHECKING, Any

from exact_odds.engine.cost import Grouping
from exact_odds.errors import ExactOddsError
from exact_odds.vocabulary import VocabularyError, column, known_column

if TYPE_CHECKING:
    import polars as pl

    from exact_odds.rules.round import RoundDescription


class ConditionError(ExactOddsError, ValueError):
    """A condition that cannot be read."""


_COMPARE: dict[type[ast.cmpop], Callable[[Any, Any], bool]] = {
    ast.Eq: operator.eq, ast.NotEq: operator.ne, ast.Lt: operator.lt,
    ast.LtE: operator.le, ast.Gt: operator.gt, ast.GtE: operator.ge,
}
_ARITHMETIC: dict[type[ast.operator], Callable[[Any, Any], Any]] = {
    ast.Add: operator.add, ast.Sub: operator.sub, ast.Mult: operator.mul, ast.Mod: operator.mod,
}

#: Words of the condition language: no setting or column may be called by one of them.
RESERVED_WORDS = frozenset({"true", "false", "none", "null", "otherwise", "abs"}
                           | {word for word in keyword.kwlist if word.islower()})

Row = Mapping[str, object]
#: A value while a condition is evaluated: a number, a word, true/false, or None (null).
Value = Any
_Test = Callable[[Row], Value]


@dataclass(frozen=True)
class Condition:
    """A parsed condition: the text, the columns it reads, and how to test a row."""

    text: str
    columns: frozenset[str]
    _test: _Test = field(repr=False, compare=False)
    _tree: ast.expr = field(repr=False, compare=False)
    settings: frozenset[str] = frozenset()

    @classmethod
    def parse(cls, text: str, settings: Mapping[str, Setting] | None = None,
              described: RoundDescription | None = None) -> Condition:
        """Read ``text``; raise ``ConditionError`` saying what is wrong.

        ``settings`` are the game file's named settings, which a condition may read like
        columns (their value is fixed for a whole report). ``described``: the game's round,
        which says how many cards a hand and a round hold (``ROUND_CARDS``); without it a
        count of cards is not checked against its values.
        """
        if not isinstance(text, str) or not text.strip():
            raise ConditionError("a condition must be a non-empty expression in words")
        try:
            tree = ast.parse(text.strip(), mode="eval").body
            scope = _Scope(dict(settings or {}), described)
            kind = _type_of(tree, scope)
            if kind != "bool":
                hint = f", e.g. {text.strip()} == 0" if kind == "int" else ""
                raise ConditionError(f"{text.strip()!r} is a {_KIND_WORDS[kind]}, not true or false: "
                                     f"compare it{hint}")
            if _magnitude(tree) > _LARGEST:
                raise ConditionError(f"the arithmetic in {_short(text.strip())!r} can reach numbers "
                                     "beyond 2**62: use smaller numbers")
            names: set[str] = set()
            test = _compile(tree, names)
            used = frozenset(names & set(scope.settings))
        except SyntaxError as error:
            raise ConditionError(f"cannot read {_short(text)!r}: {error.msg}") from None
        except (RecursionError, MemoryError):
            raise ConditionError(f"the condition {text[:40]!r}... is nested too deeply") from None
        return cls(text.strip(), frozenset(names) - used, test, tree, used)

    def value(self, row: Row) -> bool | None:
        """The condition's value on an outcome row: true, false, or None (null) where it
        reads a missing value that decides it."""
        result = self._test(row)
        return None if result is None else bool(result)

    def holds(self, row: Row) -> bool:
        """Whether the condition is true of an outcome row (a mapping of column values);
        a null condition does not hold."""
        return self._test(row) is True

    def __reduce__(self) -> tuple[object, ...]:
        """Pickle by the parsed tree and rebuild the test, so a game can cross to another
        process (a simulation's workers)."""
        return (_rebuilt, (self.text, self.columns, self._tree, self.settings))

    def to_polars(self) -> pl.Expr:
        """The same condition as a polars expression: true, false or null (three-valued, as
        ``value``); ``DataFrame.filter`` keeps the rows where it holds."""
        return _to_polars(self._tree)

    def holds_polars(self) -> pl.Expr:
        """``holds`` as a polars expression, true or false: a null condition does not hold."""
        return self.to_polars().fill_null(False)

    @cached_property  # read for every bet's cost estimate, once per evaluation
    def terms(self) -> int:
        """How many terms the condition has (the nodes of its parsed tree: names, numbers,
        words, operators), what evaluating it on a row costs.

        >>> Condition.parse("banker_wins and banker_total == 6").terms
        9
        """
        return _terms(self._tree)

    @property
    def words(self) -> frozenset[str]:
        """The quoted words the condition compares with (``'banker'``, ``'hearts'``).

        >>> sorted(Condition.parse("winner == 'tie' or player_first_suit == 'hearts'").words)
        ['hearts', 'tie']
        """
        return frozenset(node.value for node in ast.walk(self._tree)
                         if isinstance(node, ast.Constant) and isinstance(node.value, str))

    def split(self, parts: Parts) -> Condition:
        """The same condition with each largest part that reads only ``parts.inner`` columns
        (and settings) read from a column of that part's values (``parts``): true of a row
        of a table grouped by ``Parts.read`` exactly where this condition is true of the
        rows it groups.

        >>> parts = Parts({"player_first_suit", "player_second_suit"})
        >>> split = Condition.parse("player_first_suit == player_second_suit and tie").split(parts)
        >>> sorted(split.columns), parts.names()
        (['part 0', 'tie'], ['part 0'])
        """
        tree = parts.rewrite(self._tree)
        names: set[str] = set()
        test = _compile(tree, names)
        return Condition(self.text, frozenset(names) - self.settings, test, tree, self.settings)


class Parts:
    """What conditions read of some columns (``inner``) alone: each largest part of a
    condition that reads only inner columns and settings, named once (``part 0``, ``part
    1``...: no column has a space in its name), and the inner columns read bare beside
    other columns (kept as they are).

    A table's rows that agree on every part and kept column are settled alike by the
    rewritten conditions (``Condition.split``): a part's value stands for the part, and
    conditions are read row by row, nulls included. So a table of many inner values (the
    ranks and suits of four cards: 7.3 million) can be grouped by what the conditions read
    of them (a few values) before it meets the other columns."""

    def __init__(self, inner: Iterable[str]) -> None:
        self.inner = frozenset(inner)
        self.kept: set[str] = set()
        self._named: dict[str, tuple[str, ast.expr]] = {}  # a part's dump -> (name, tree)

    def names(self) -> list[str]:
        """The parts' names, in the order they were met."""
        return [name for name, _ in self._named.values()]

    def grouping(self) -> Grouping:
        """What ``read`` costs, for the cost estimate: at most ``readings()`` readings, and
        the terms of every part (and a kept column, one each) evaluated on each deal."""
        terms = sum(_terms(tree) for _, tree in self._named.values())
        return Grouping(self.readings(), terms + len(self.kept))

    def readings(self) -> int:
        """The most distinct readings ``read`` can give (an upper bound, for the cost
        estimate): three values (true, false, null) for a part that is true or false, the
        values of the columns it reads (and null) for any other part, and each kept
        column's values."""
        total = 1
        for _, tree in self._named.values():
            if isinstance(tree, (ast.Compare, ast.BoolOp)) or (
                    isinstance(tree, ast.UnaryOp) and isinstance(tree.op, ast.Not)):
                total *= 3
            else:
                read = {n.id for n in ast.walk(tree) if isinstance(n, ast.Name)} & self.inner
                total *= prod(column(name).most_values for name in read) + 1
        return total * prod(column(name).most_values for name in self.kept)

    def read(self, frame: pl.DataFrame, settings: Mapping[str, object]) -> pl.DataFrame:
        """The parts' values and the kept columns on each row of a frame of the inner
        columns, ``settings`` giving the values of the settings the parts read."""
        import polars as pl

        return with_settings(frame, settings).select([*(_to_polars(tree).alias(name)
                                       for name, tree in self._named.values()),
                                     *(pl.col(name) for name in sorted(self.kept))]).collect()

    def rewrite(self, node: ast.expr) -> ast.expr:
        """``node`` with its largest inner parts replaced by the names of their columns."""
        if self._is_inner(node):
            return self._part(node)
        if isinstance(node, ast.BoolOp):  # the inner operands of an and/or as one part
            inner = [value for value in node.values if self._is_inner(value)]
            values = [self.rewrite(value) for value in node.values if not self._is_inner(value)]
            if inner:
                values.insert(0, self._part(inner[0] if len(inner) == 1
                                            else ast.BoolOp(op=node.op, values=inner)))
            return ast.BoolOp(op=node.op, values=values)
        if isinstance(node, ast.UnaryOp):
            return ast.UnaryOp(op=node.op, operand=self.rewrite(node.operand))
        if isinstance(node, ast.Compare):  # the list after in / not in is words and numbers
            return ast.Compare(left=self.rewrite(node.left), ops=node.ops, comparators=[
                right if isinstance(op, (ast.In, ast.NotIn)) else self.rewrite(right)
                for op, right in zip(node.ops, node.comparators)])
        if isinstance(node, ast.BinOp):
            return ast.BinOp(left=self.rewrite(node.left), op=node.op,
                             right=self.rewrite(node.right))
        if isinstance(node, ast.Call):
            return ast.Call(func=node.func, args=[self.rewrite(node.args[0])], keywords=[])
        if isinstance(node, ast.Name) and node.id in self.inner:
            self.kept.add(node.id)
        return node

    def _is_inner(self, node: ast.expr) -> bool:
        """Whether ``node`` reads inner columns and nothing else but settings."""
        read = {n.id for n in ast.walk(node) if isinstance(n, ast.Name)} - {"true", "false"}
        return bool(read & self.inner) and all(
            name in self.inner or known_column(name) is None for name in read)

    def _part(self, node: ast.expr) -> ast.expr:
        if isinstance(node, ast.Name):  # an inner column alone: kept as it is
            self.kept.add(node.id)
            return node
        dump = ast.dump(node)
        if dump not in self._named:
            self._named[dump] = (f"part {len(self._named)}", node)
        return ast.Name(id=self._named[dump][0], ctx=ast.Load())


def _terms(tree: ast.expr) -> int:
    """The nodes of a condition's tree: what evaluating it on a row costs."""
    return sum(1 for _ in ast.walk(tree))


def with_settings(frame: pl.DataFrame, settings: Mapping[str, object]) -> pl.LazyFrame:
    """A frame with each setting's value as a column of its name, where conditions read it
    (polars reads a setting like a column: ``Condition.to_polars``)."""
    import polars as pl

    return frame.lazy().with_columns(pl.lit(value).alias(name) for name, value in settings.items())


def _rebuilt(text: str, columns: frozenset[str], tree: ast.expr,
             settings: frozenset[str]) -> Condition:
    return Condition(text, columns, _compile(tree, set()), tree, settings)


def _short(text: str) -> str:
    return text if len(text) <= 60 else text[:57] + "..."


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
class _Scope:
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
    ``_NOT_CONSTANT``."""
    if isinstance(node, ast.Constant) and isinstance(node.value, (bool, int, str)):
        return node.value
    if (isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub)
            and isinstance(node.operand, ast.Constant) and type(node.operand.value) is int):
        return -node.operand.value
    if isinstance(node, ast.Name) and node.id in ("true", "false"):
        return node.id == "true"
    return _NOT_CONSTANT


_NOT_CONSTANT = object()


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
            if type(op) not in _COMPARE and not isinstance(op, (ast.In, ast.NotIn)):
                raise ConditionError(f"the comparison {type(op).__name__} is not allowed: "
                                     "use == != < <= > >= or in")
            left_kind = _type_of(left, scope)
            if isinstance(op, (ast.In, ast.NotIn)):
                if not isinstance(right, (ast.List, ast.Tuple, ast.Set)):
                    raise ConditionError("'in' takes a list of values, e.g. player_cards in (2, 3)")
                for item in right.elts:
                    if constant_value(item) is _NOT_CONSTANT:
                        raise ConditionError(
                            f"the list after 'in' holds plain values only (numbers, negative "
                            f"numbers or quoted words), not {ast.unparse(item)!r}")
                    _same_kind(left, left_kind, item, scope)
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
    if isinstance(node, ast.BinOp):
        if type(node.op) not in _ARITHMETIC:
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
    for named, other in ((left, right), (right, left)):
        value = constant_value(other)
        if isinstance(named, ast.Name) and scope.knows(named.id) and value is not _NOT_CONSTANT:
            allowed = scope.values(named.id)
            if allowed is not None and value not in allowed:
                words = ", ".join(repr(v) for v in allowed)
                raise ConditionError(f"{named.id} is never {value!r}: its values are {words}")


#: No column's value is larger than this (totals 0-9, ranks 1-13, counts of cards 0-6).
_COLUMN_BOUND = 1000
#: Arithmetic stays below this, so polars' 64-bit integers give Python's answer exactly.
_LARGEST = 2**62


def _magnitude(node: ast.AST) -> int:
    """An upper bound of the absolute value any number in the expression can take."""
    if isinstance(node, ast.BinOp):
        left, right = _magnitude(node.left), _magnitude(node.right)
        if isinstance(node.op, ast.Mult):
            return left * right
        if isinstance(node.op, ast.Mod):
            return right
        return left + right
    if isinstance(node, ast.Constant):
        return abs(node.value) if type(node.value) is int else 1
    if isinstance(node, ast.Name):
        return _COLUMN_BOUND
    return max((_magnitude(child) for child in ast.iter_child_nodes(node)), default=1)


# --- evaluation in Python: three-valued (None is null) -----------------------------------

def _join(values: list[Value], decisive: bool) -> Value:
    """Three-valued ``and`` (``decisive`` False) or ``or`` (True): the decisive value if an
    operand has it, else null if an operand is null, else the other value. One pass, no
    generator: this runs once per row and operand of a bet settled in Python."""
    null = False
    for v in values:
        if v is decisive:
            return decisive
        if v is None:
            null = True
    return None if null else not decisive


_and, _or = partial(_join, decisive=False), partial(_join, decisive=True)


def _compile(node: ast.expr, names: set[str]) -> _Test:
    if isinstance(node, ast.BoolOp):
        parts = [_compile(value, names) for value in node.values]
        join = _and if isinstance(node.op, ast.And) else _or
        return lambda row: join([part(row) for part in parts])
    if isinstance(node, ast.UnaryOp):
        operand = _compile(node.operand, names)
        if isinstance(node.op, ast.Not):
            return lambda row: _null_safe(operator.not_, operand(row))
        return lambda row: _null_safe(operator.neg, operand(row))
    if isinstance(node, ast.Compare):
        return _compile_compare(node, names)
    if isinstance(node, ast.BinOp):
        op = _ARITHMETIC[type(node.op)]
        left, right = _compile(node.left, names), _compile(node.right, names)
        return lambda row: _null_safe(op, left(row), right(row))
    if isinstance(node, ast.Call):
        inner = _compile(node.args[0], names)
        return lambda row: _null_safe(abs, inner(row))
    if isinstance(node, ast.Name):
        name = node.id
        if name in ("true", "false"):
            flag = name == "true"
            return lambda row: flag
        names.add(name)
        return lambda row: row[name]
    if isinstance(node, ast.Constant):
        constant = node.value
        return lambda row: constant
    raise ConditionError(f"{type(node).__name__} expressions are not allowed in a condition")


def _compile_compare(node: ast.Compare, names: set[str]) -> _Test:
    terms = [node.left, *node.comparators]
    steps: list[tuple[_Test, Callable[[Value, Value], bool], Callable[[Row], Value]]] = []
    for op, left, right in zip(node.ops, terms, terms[1:]):
        left_test = _compile(left, names)
        if isinstance(op, (ast.In, ast.NotIn)):
            items = frozenset(constant_value(item) for item in right.elts)  # type: ignore[attr-defined]
            steps.append((left_test, _is_in if isinstance(op, ast.In) else _not_in,
                          _constant_test(items)))
        else:
            steps.append((left_test, _COMPARE[type(op)], _compile(right, names)))

    if len(steps) == 1:  # a single comparison (nearly every one): no list to join
        ((left_test, test, right_test),) = steps

        def single(row: Row) -> Value:
            a, b = left_test(row), right_test(row)
            return None if a is None or b is None else bool(test(a, b))

        return single

    def compare(row: Row) -> Value:
        results: list[Value] = []
        for left_test, test, right_test in steps:
            a, b = left_test(row), right_test(row)
            results.append(None if a is None or b is None else test(a, b))
        return _and(results)

    return compare


def _is_in(value: Value, items: Value) -> bool:
    return value in items


def _not_in(value: Value, items: Value) -> bool:
    return value not in items


def _constant_test(value: Value) -> _Test:
    return lambda row: value


def _null_safe(op: Callable[..., Value], *values: Value) -> Value:
    return None if None in values else op(*values)


# --- the same in polars: Kleene logic, null comparisons are null -------------------------

def _to_polars(node: ast.expr) -> pl.Expr:
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
        parts = []
        for op, left, right in zip(node.ops, terms, terms[1:]):
            if isinstance(op, (ast.In, ast.NotIn)):
                values = [constant_value(item) for item in right.elts]  # type: ignore[attr-defined]
                part = _to_polars(left).is_in(values)
                part = ~part if isinstance(op, ast.NotIn) else part
            else:
                part = _COMPARE[type(op)](_to_polars(left), _to_polars(right))  # type: ignore[assignment]
            parts.append(part)
        result = parts[0]
        for part in parts[1:]:
            result = result & part
        return result
    if isinstance(node, ast.BinOp):
        return _ARITHMETIC[type(node.op)](_to_polars(node.left), _to_polars(node.right))  # type: ignore[no-any-return]
    if isinstance(node, ast.Call):
        return _to_polars(node.args[0]).abs()
    if isinstance(node, ast.Name):
        if node.id in ("true", "false"):
            return pl.lit(node.id == "true")
        found = known_column(node.id)
        if found is not None and found.dtype == "int":
            return pl.col(node.id).cast(pl.Int64)  # outcome tables hold Int8: no wrapping
        return pl.col(node.id)
    if isinstance(node, ast.Constant):
        return pl.lit(node.value)
    raise ConditionError(f"{type(node).__name__} cannot be turned into a polars expression")
