"""Game files: the model of a game and its bets, event conditions, pays, and the YAML loader."""
