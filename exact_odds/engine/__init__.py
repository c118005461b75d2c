"""The engine: the outcome vocabulary, the reference card-removal enumerator, and (built on
it) compiled integer tables that evaluate many shoes at once."""
