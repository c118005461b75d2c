"""Game files: the model of a game and its bets (model), event conditions (conditions), pays
(pays), the dealing procedure (dealing), and the loader that checks and builds a game (loader)."""
