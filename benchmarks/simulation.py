"""Speed of shoe simulation, measured (not asserted); its figures go to benchmarks/results/.

    .venv/bin/python benchmarks/simulation.py [--ppt-shoes 1000] [--pair-shoes 10000]

The two targets of issue 10, each on every local core, 8 decks, 14 cards behind the cut
card, the standard burn:

* perfect play on Player, Banker and Tie over 100,000 shoes (about 8 million exact
  evaluations), under 5 minutes;
* perfect play on the two pair bets (11 to 1) over 1,000,000 shoes, under 5 minutes.

A run of fewer shoes is timed whole (start-up of the workers included) and extrapolated in
proportion to the target; the table says which figures are measured and which extrapolated.
The machine is shared, so a second table measures the CPU time of one process
(``--workers 1``, ``time.process_time``) and divides the target by the cores: what the target
would take with the cores to itself.
"""

from __future__ import annotations

import argparse
import os
import platform
import time

from record import recording

from exact_odds.simulation import simulate

TARGETS = [
    ("Player, Banker, Tie: perfect play", "commission-free", ["player", "banker", "tie"],
     100_000, "ppt_shoes"),
    ("Both pair bets (11 to 1): perfect play", "electronic-baccarat",
     ["player-pair", "banker-pair"], 1_000_000, "pair_shoes"),
]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ppt-shoes", type=int, default=1000)
    parser.add_argument("--pair-shoes", type=int, default=10000)
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    args = parser.parse_args()
    print(f"Measured on {os.cpu_count()} cores ({args.workers} workers), "
          f"Python {platform.python_version()}\n")
    print("| what | shoes run | rounds | seconds | shoes/s | target shoes | "
          "extrapolated to target |")
    print("|---|--:|--:|--:|--:|--:|--:|")
    for label, game, bets, target, option in TARGETS:
        shoes = getattr(args, option)
        start = time.perf_counter()
        summary = simulate(game, shoes, bets=bets, cut_card=14, burn="standard",
                           after_cut="one-more", seed=1, workers=args.workers)
        seconds = time.perf_counter() - start
        rounds = int(summary.per_shoe["rounds"].sum())
        rate = shoes / seconds
        projected = target / rate
        measured = "measured" if shoes >= target else "extrapolated"
        print(f"| {label} | {shoes:,} | {rounds:,} | {seconds:.1f} | {rate:,.0f} | {target:,} | "
              f"{projected / 60:.1f} min ({measured}) |")
    per_core({"ppt_shoes": max(1, args.ppt_shoes // 5), "pair_shoes": max(1, args.pair_shoes // 5)})


def per_core(shoes_by_target: dict[str, int]) -> None:
    cores = os.cpu_count() or 1
    print(f"\nOne process, CPU time (the target on {cores} cores with nothing else running):\n")
    print("| what | shoes run | CPU seconds | shoes per CPU second | target shoes | "
          f"target on {cores} cores |")
    print("|---|--:|--:|--:|--:|--:|")
    for label, game, bets, target, option in TARGETS:
        shoes = shoes_by_target[option]
        start = time.process_time()
        simulate(game, shoes, bets=bets, cut_card=14, burn="standard", after_cut="one-more",
                 seed=1, workers=1)
        seconds = time.process_time() - start
        rate = shoes / seconds
        print(f"| {label} | {shoes:,} | {seconds:.1f} | {rate:,.0f} | {target:,} | "
              f"{target / rate / cores / 60:.1f} min (extrapolated) |")


if __name__ == "__main__":
    with recording("simulation"):
        main()
