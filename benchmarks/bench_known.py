"""Cards known by position (issue 41): each game's report beside the same report with a card
known, and the known command's questions, each a whole fresh process, measured (not
asserted): its figures go to benchmarks/results/ (record.py).

    .venv/bin/python benchmarks/bench_known.py
    .venv/bin/python benchmarks/bench_known.py --only ez-baccarat,best-sort --runs 5

The time is the whole process's wall time (interpreter, imports, the work and its output),
the median of ``--runs`` (a report and its ``--known`` twin run in turn, so a drift of the
machine's speed moves both); the memory is the process's peak resident set size, the
largest over the runs, in MB of 2**20 bytes. The issue's aims: a ``--known`` report about
as fast as the report, the best sort of four cards within a minute on 2 cores.
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics

from bench_fine import measure
from record import recording

#: A game's report, and the same with a card known: name -> (game, the knowledge).
REPORTS = {
    "commission-free": ("commission-free", ["--known", "1=9"]),
    "ez-baccarat": ("ez-baccarat", ["--known", "1=9"]),
    "ez-baccarat-card-5": ("ez-baccarat", ["--known", "5=8,9"]),
    "electronic-baccarat": ("electronic-baccarat", ["--known", "2=K"]),
    "21st-century": ("21st-century", ["--known", "1=9"]),
    "chemin-de-fer": ("chemin-de-fer", ["--known", "1=9"]),
    "dragon-tiger": ("dragon-tiger", ["--known", "1=K"]),
    "three-card-baccarat": ("three-card-baccarat", ["--known", "1=K"]),
}

PBT = ["--bet", "player", "--bet", "banker", "--bet", "tie"]
#: The known command: name -> (what it is, its arguments).
QUESTIONS = {
    "known-card": ("`known electronic-baccarat --card 5`, Player, Banker and Tie",
                   ["electronic-baccarat", "--card", "5", *PBT]),
    "known-card-ez": ("`known ez-baccarat --card 5`, all five bets (Dragon 7, Panda 8)",
                      ["ez-baccarat", "--card", "5"]),
    "sort": ("`known electronic-baccarat --sort 6,7,8,9 --cards 1-4`, Player, Banker, Tie",
             ["electronic-baccarat", "--sort", "6,7,8,9", "--cards", "1-4", *PBT]),
    "best-sort": ("`known electronic-baccarat --best-sort --cards 1-4`: 511 divisions of the "
                  "point values, Player, Banker, Tie", ["electronic-baccarat", "--best-sort",
                                                        "--cards", "1-4", *PBT]),
    "best-sort-ez": ("`known ez-baccarat --best-sort --cards 1-4`: all five bets",
                     ["ez-baccarat", "--best-sort", "--cards", "1-4"]),
    "best-sort-ranks": ("`known dragon-tiger --best-sort --cards 1-2`: 4,095 divisions of "
                        "the thirteen ranks, every bet", ["dragon-tiger", "--best-sort",
                                                          "--cards", "1-2"]),
}


def _runs(command: list[str], runs: int, timeout: float) -> tuple[float | None, float]:
    """The median wall seconds of ``runs`` fresh processes (None: one was killed), and the
    largest peak memory."""
    times, peak = [], 0.0
    for _ in range(runs):
        seconds, memory = measure(command, timeout)
        peak = max(peak, memory)
        if seconds is None:
            return None, peak
        times.append(seconds)
    return statistics.median(times), peak


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--timeout", type=float, default=300.0)
    parser.add_argument("--only", help="comma-separated case names (default: all)")
    args = parser.parse_args()
    names = (list(REPORTS) + list(QUESTIONS)) if args.only is None else args.only.split(",")
    print(f"Python {platform.python_version()}, {os.cpu_count()} cores; median of {args.runs} "
          f"fresh processes\n")
    print("| case | report (s) | with --known (s) | ratio | peak memory, known (MB) |\n"
          "|---|--:|--:|--:|--:|")
    for name in [n for n in names if n in REPORTS]:
        game, knowledge = REPORTS[name]
        plain, _ = _runs(["-m", "exact_odds", "report", game], args.runs, args.timeout)
        known, peak = _runs(["-m", "exact_odds", "report", game, *knowledge], args.runs,
                            args.timeout)
        ratio = f"{known / plain:.2f}" if known and plain else "-"
        shown = [f"{t:.2f}" if t is not None else f"> {args.timeout:g}" for t in (plain, known)]
        print(f"| {name} `{' '.join(knowledge)}` | {shown[0]} | {shown[1]} | {ratio} | "
              f"{peak:,.0f} |", flush=True)
    print("\n| case | what | time (s) | peak memory (MB) |\n|---|---|--:|--:|")
    for name in [n for n in names if n in QUESTIONS]:
        what, command = QUESTIONS[name]
        seconds, peak = _runs(["-m", "exact_odds", "known", *command], args.runs, args.timeout)
        shown = f"> {args.timeout:g}" if seconds is None else f"{seconds:.2f}"
        print(f"| {name} | {what} | {shown} | {peak:,.0f} |", flush=True)


if __name__ == "__main__":
    with recording("bench_known"):
        main()
