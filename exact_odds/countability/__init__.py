"""Countability: how much a card counter wins against a bet, with counts derived from its
exact effects of removal and measured beside computer-perfect play."""
