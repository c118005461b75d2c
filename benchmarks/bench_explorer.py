"""The explorer's page, measured in a browser (not asserted): the rock-bac page's size
(target: at most 1 MB), the time from opening it to interactive (target: within 1 s), and
the time one edit takes to update every figure (target: within 50 ms).

    .venv/bin/python benchmarks/bench_explorer.py [--runs 7]

Headless Chromium (the system's ``chromium``, driven by Playwright) opens the page from disk.
Interactive: the page's ``exact-odds-ready`` performance mark (the module has drawn every
bet and its charts), counted from the navigation's start. One edit: a pay typed into a field
(its input event) until every figure and chart of the bet is redrawn and laid out, timed
with ``performance.now()`` inside the page, for every editable pay of every bet.
Writes ``benchmarks/results/explorer.json`` and ``explorer.md``: dated, naming the machine.
"""

from __future__ import annotations

import argparse
import datetime
import json
import shutil
import statistics
import tempfile
from pathlib import Path

from record import machine

from exact_odds.analysis.report import game_report
from exact_odds.explorer.page import report_page
from exact_odds.render import render

RESULTS = Path(__file__).resolve().parent / "results"
GAME = "rock-bac"

EDIT = """() => {
  const times = [];
  for (const input of document.querySelectorAll('input[data-bet][data-event]')) {
    const before = input.value;
    for (const text of ['3 to 1', before]) {
      const start = performance.now();
      input.value = text;
      input.dispatchEvent(new Event('input'));
      document.body.offsetHeight;  // layout included
      times.push(performance.now() - start);
    }
  }
  return times;
}"""


def measure(runs: int) -> dict[str, object]:
    from playwright.sync_api import sync_playwright

    chromium = shutil.which("chromium") or "/usr/bin/chromium"
    page_text = render(report_page(game_report(GAME)), "html")
    assert isinstance(page_text, str)
    size = len(page_text.encode("utf-8"))
    ready: list[float] = []
    edits: list[float] = []
    with tempfile.TemporaryDirectory() as folder, sync_playwright() as p:
        path = Path(folder) / f"{GAME}.html"
        path.write_text(page_text, encoding="utf-8")
        browser = p.chromium.launch(executable_path=chromium)
        version = browser.version
        for _ in range(runs):
            page = browser.new_page(viewport={"width": 1280, "height": 900})
            page.goto(path.as_uri())
            page.wait_for_selector("#exact-odds[data-ready=true]")
            ready.append(page.evaluate(
                "performance.getEntriesByName('exact-odds-ready')[0].startTime"))
            edits += page.evaluate(EDIT)
            page.close()
        browser.close()
    return {
        "date": datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds"),
        "machine": f"{machine()}; Chromium {version} (headless)",
        "game": GAME,
        "page_bytes": size,
        "interactive_ms": {"median": statistics.median(ready), "max": max(ready), "runs": runs},
        "edit_ms": {"median": statistics.median(edits), "max": max(edits), "edits": len(edits)},
        "targets": {"page_bytes": 1_000_000, "interactive_ms": 1000, "edit_ms": 50},
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    figures = measure(parser.parse_args().runs)
    RESULTS.mkdir(exist_ok=True)
    (RESULTS / "explorer.json").write_text(json.dumps(figures, indent=2) + "\n", encoding="utf-8")
    ready, edit = figures["interactive_ms"], figures["edit_ms"]
    assert isinstance(ready, dict) and isinstance(edit, dict)
    table = "\n".join([
        f"Measured {figures['date']} on {figures['machine']}.",
        "",
        "| the rock-bac page | measured | target |",
        "|---|--:|--:|",
        f"| size | {figures['page_bytes']:,} bytes | at most 1,000,000 bytes |",
        f"| opening to interactive (median of {ready['runs']}) | {ready['median']:.0f} ms "
        f"(max {ready['max']:.0f} ms) | within 1,000 ms |",
        f"| one edit, every figure updated (median of {edit['edits']}) | {edit['median']:.1f} ms "
        f"(max {edit['max']:.1f} ms) | within 50 ms |",
        "",
    ])
    (RESULTS / "explorer.md").write_text(table, encoding="utf-8")
    print(table)


if __name__ == "__main__":
    main()
