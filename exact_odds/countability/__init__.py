"""Countability: how much a card counter wins against a bet, with counts derived from its
exact effects of removal and measured beside computer-perfect play.

Modules: ``study`` (the study: ``countability_report``), ``inputs`` (the study's own inputs),
``counts`` (integer tags from the effects of removal), ``recorded`` (the rounds dealt, as the
one dealing loop of ``exact_odds.simulation.rounds`` hands them over), ``triggers`` (true
counts, triggers, figures), ``results`` (what it finds), ``verdict`` (the verdict in words),
``report`` (the report and its document).
"""
