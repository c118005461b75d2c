"""The engine: the enumeration of a shoe over the outcome vocabulary's columns (one integer
path in Python; the first cards' ranks and suits by factoring), and compiled integer tables
that evaluate many shoes at once. No bets, no pays: the enumeration only."""
