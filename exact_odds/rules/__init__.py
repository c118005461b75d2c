"""Drawing rules as data: when each hand takes a third card, and the bettor's options.

``chart.py`` holds the model (``DrawingRules``), ``loader.py`` reads and checks the rules
files shipped in ``tables/rules/`` and a game file's ``rules:`` field.
"""

from __future__ import annotations

from exact_odds.rules.chart import (
    CARDS_SEEN,
    FIXED_STRATEGIES,
    STRATEGIES,
    VISIBLE_COLUMNS,
    DrawingRules,
    InfoState,
    Option,
    RulesError,
    StrategyMap,
    VisibleState,
)
from exact_odds.rules.loader import builtin_rules, load_rules, parse_rules, rules_field

#: The standard tableau (``tables/rules/punto-banco.yaml``): the enumerator's default.
PUNTO_BANCO = load_rules("punto-banco")


def rules_named(name: str, strategy: str = "house-way") -> DrawingRules:
    """The shipped rules called ``name``, the option (if any) taken by ``strategy``."""
    from exact_odds.errors import check_type

    check_type(strategy, str, "strategy", f"one of {', '.join(STRATEGIES)}")
    return load_rules(name).with_strategy(strategy)


__all__ = [
    "CARDS_SEEN", "FIXED_STRATEGIES", "PUNTO_BANCO", "STRATEGIES", "VISIBLE_COLUMNS",
    "DrawingRules", "InfoState",
    "Option", "RulesError", "StrategyMap", "VisibleState", "builtin_rules", "load_rules",
    "parse_rules", "rules_field", "rules_named",
]
