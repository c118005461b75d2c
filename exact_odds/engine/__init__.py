"""The engine: the outcome vocabulary, the enumeration of a shoe (one integer path in Python;
the first cards' ranks and suits by factoring), and compiled integer tables that evaluate
many shoes at once. No bets, no pays: the enumeration only."""
