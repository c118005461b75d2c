"""The heartbeat of a long piece of work lives in ``exact_odds.running.heartbeat`` (below
batches and simulations, which both run on it); this name is kept for callers of before."""

from exact_odds.running.heartbeat import INTERVAL, Cancelled, beat, listening

__all__ = ["INTERVAL", "Cancelled", "beat", "listening"]
