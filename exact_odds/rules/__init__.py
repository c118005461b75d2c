"""Drawing rules: when each hand takes a third card, and the bettor's options."""

from __future__ import annotations

from exact_odds.rules.drawing import (
    FIXED_STRATEGIES,
    PUNTO_BANCO,
    RULE_SETS,
    STRATEGIES,
    TABLEAU,
    PuntoBanco,
    RulesError,
    StrategyMap,
    TwentyFirstCentury,
    VisibleState,
    rules_named,
)

__all__ = [
    "FIXED_STRATEGIES", "PUNTO_BANCO", "RULE_SETS", "STRATEGIES", "TABLEAU", "PuntoBanco",
    "RulesError", "StrategyMap", "TwentyFirstCentury", "VisibleState", "rules_named",
]
