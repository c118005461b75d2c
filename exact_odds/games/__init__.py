"""Game files: the model of a game and its bets (model), event conditions (conditions), pays
(pays), safe YAML reading (safe_yaml), and the loader that checks and builds a game (loader)."""
