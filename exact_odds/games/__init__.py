"""Game files: the model of a game and its bets, and the one settlement of a bet (model),
its settler on the rounds each part meets and its tally of an outcome table (settlement),
event conditions (conditions), pays (pays), the dealing procedure (dealing), the fields
behind the checks and the JSON Schema (fields), shared and mirrored bets (library), the
inputs every result records (inputs), the games and columns listings (listing), and the
loader that checks and builds a game (loader)."""
