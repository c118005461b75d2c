"""Bets and tables that read the ranks and suits of the first four cards, 8 decks: each a whole
fresh process, measured (not asserted): its figures go to benchmarks/results/ (record.py).

    .venv/bin/python benchmarks/bench_fine.py
    .venv/bin/python benchmarks/bench_fine.py --only royal-match-report --runs 3

The time is the whole process's wall time (interpreter, imports, the work and its output),
the best of ``--runs``; the memory is the process's peak resident set size, the largest over
the runs, in MB of 2**20 bytes. A process still running after ``--timeout`` seconds is
killed and shown as "> T s". The engine issue's limit for a bet of this kind: 10 s and 1 GB.
The ``*-report`` cases are a bet's whole report (its table settled a block of rows at a
time, the mistake checks sharing it).
"""

from __future__ import annotations

import argparse
import os
import platform
import signal
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

from record import recording

ROOT = Path(__file__).resolve().parents[1]
FOUR = ("player_first_rank", "player_first_suit", "player_second_rank", "player_second_suit",
        "banker_first_rank", "banker_first_suit", "banker_second_rank", "banker_second_suit")

#: name -> (what it is, the command's arguments after the interpreter)
CASES: dict[str, tuple[str, list[str]]] = {
    "royal-match-report": (
        "`exact-odds report` of the Royal Match test game (one stake on both hands)",
        ["-m", "exact_odds", "report", str(ROOT / "tests" / "games" / "royal-match-both-hands.yaml")]),
    "royal-winner-report": (
        "`exact-odds report` of a Royal Match on the winning hand (the four first cards and "
        "the winner)",
        ["-m", "exact_odds", "report", str(ROOT / "tests" / "games" / "royal-match-on-the-winner.yaml")]),
    "royal-match-eor": (
        "`exact-odds eor --by card` of the Royal Match test game: 13 shoes once the suits are "
        "renamed, and the report",
        ["-m", "exact_odds", "eor", str(ROOT / "tests" / "games" / "royal-match-both-hands.yaml"),
         "--by", "card"]),
    "royal-winner-eor": (
        "`exact-odds eor --by card` of the Royal Match on the winning hand",
        ["-m", "exact_odds", "eor", str(ROOT / "tests" / "games" / "royal-match-on-the-winner.yaml"),
         "--by", "card"]),
    "royal-winner-1000-decks": (
        "`exact-odds report --decks 1000` of the Royal Match on the winning hand (52,000 cards: "
        "the six-card counts are Python integers)",
        ["-m", "exact_odds", "report", str(ROOT / "tests" / "games" / "royal-match-on-the-winner.yaml"),
         "--decks", "1000"]),
}

#: A bet on the four first cards' ranks and suits and both totals: 365 million outcomes.
TOTALS_GAME = """
id: royal-totals
name: A royal Player beaten by a suited Banker pair
decks: 8
rules: punto-banco
bets:
  - id: royal-beaten
    name: A royal Player beaten by a suited Banker pair
    events:
      - event: Royal beaten
        when: "player_first_suit == player_second_suit and player_first_rank + player_second_rank == 25
          and banker_first_suit == banker_second_suit and banker_first_rank == banker_second_rank
          and banker_total > player_total"
        pays: "100 to 1"
      - {event: Other, when: otherwise, pays: lose}
"""
CASES["totals-report"] = (
    "the report of a bet on the four first cards' ranks and suits and both totals (365 million "
    "outcomes), its mistake checks included",
    ["-c", "import yaml\nfrom pathlib import Path\n"
     "from exact_odds.games.loader import parse_game\n"
     "from exact_odds.analysis.report import game_report\n"
     "from exact_odds.render import render\n"
     f"game = parse_game(yaml.safe_load({TOTALS_GAME!r}), Path('royal-totals.yaml'))\n"
     "report = game_report(game)\nprint(report.mistakes())\nprint(render(report, 'text'))"])


def _table(what: str, columns: tuple[str, ...], kind: str = "outcome_table") -> tuple[str, list[str]]:
    code = ("from exact_odds import Shoe, outcome_counts, outcome_table\n"
            f"table = {kind}(Shoe.from_decks(8), {list(columns)!r})\n"
            "print(len(table))")
    return what, ["-c", code]


CASES.update({
    "four-cards-table": _table("`outcome_table` of the ranks and suits of the four first cards",
                               FOUR),
    "four-cards-counts": _table("the same as `outcome_counts` (a dict of 7.3 million keys)",
                                FOUR, "outcome_counts"),
    "four-cards-winner-table": _table("`outcome_table`: the four first cards and the winner",
                                      (*FOUR, "winner")),
    "three-cards-winner-counts": _table("`outcome_counts`: the first three cards' ranks and "
                                        "suits and the winner", (*FOUR[:6], "winner"),
                                        "outcome_counts"),
    "player-cards-totals-counts": _table("`outcome_counts`: the Player's two cards' ranks and "
                                         "suits and both totals",
                                         (*FOUR[:4], "player_total", "banker_total"),
                                         "outcome_counts"),
})


def measure(args: list[str], timeout: float) -> tuple[float | None, float]:
    """One fresh process: (wall seconds, None when killed at the timeout; its peak MB)."""
    with tempfile.TemporaryFile() as out:
        start = time.perf_counter()
        proc = subprocess.Popen([sys.executable, *args], stdout=out, stderr=out, cwd=ROOT)
        timer = threading.Timer(timeout, proc.kill)
        timer.start()
        _, status, usage = os.wait4(proc.pid, 0)  # this child's own peak memory
        seconds = time.perf_counter() - start
        timer.cancel()
        proc.returncode = os.waitstatus_to_exitcode(status)
        if proc.returncode == -signal.SIGKILL:
            return None, usage.ru_maxrss / 1024
        if proc.returncode:
            out.seek(0)
            raise SystemExit(f"{' '.join(args)} failed: {out.read().decode()[-500:]}")
    return seconds, usage.ru_maxrss / 1024


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--runs", type=int, default=1)
    parser.add_argument("--timeout", type=float, default=600.0)
    parser.add_argument("--only", help="comma-separated case names (default: all)")
    args = parser.parse_args()
    names = list(CASES) if args.only is None else args.only.split(",")
    print(f"Python {platform.python_version()}, {os.cpu_count()} cores; best of {args.runs} "
          f"fresh processes\n")
    print("| case | what | time (s) | peak memory (MB) |\n|---|---|--:|--:|")
    for name in names:
        what, command = CASES[name]
        best: float | None = None
        peak = 0.0
        for _ in range(args.runs):
            seconds, memory = measure(command, args.timeout)
            peak = max(peak, memory)
            if seconds is None:
                break
            best = seconds if best is None else min(best, seconds)
        shown = f"> {args.timeout:g}" if best is None else f"{best:.2f}"
        print(f"| {name} | {what} | {shown} | {peak:,.0f} |", flush=True)


if __name__ == "__main__":
    with recording("bench_fine"):
        main()
