"""Analysis: a game's report (the pay tables joined with the outcome counts), best play,
effect of removal, symbolic pays and comparisons."""
