"""exact-odds: exact odds of baccarat games and their side bets, from the finite shoe."""

from __future__ import annotations

__version__ = "0.1.0"
