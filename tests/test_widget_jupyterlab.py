"""The widget in a real JupyterLab (issue 44, item 8): JupyterLab is started headless on a
free port with a token, a notebook is opened in Chromium at 1280 px and run; the widget's
figures are read and checked against the report, no text of it is drawn over other text
(JupyterLab's own style sheets float a ``dt`` beside its ``dd``), and a pay typed in it
reaches the kernel.

Where JupyterLab, anywidget, Playwright or Chromium is missing these tests skip, saying
so; in CI (``CI`` set) they fail (``conftest.unavailable``).
"""

from __future__ import annotations

import json
import os
import secrets
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from fractions import Fraction
from pathlib import Path

import pytest
from browser import CHROMIUM, FLAGS, TEXT_CUT, TEXT_OVERLAPS

from conftest import unavailable
from exact_odds.analysis.report import game_report
from exact_odds.games.loader import load_game

for needed, why in (("jupyterlab", "JupyterLab is not installed (the notebook extra)"),
                    ("anywidget", "anywidget is not installed (the explorer extra)"),
                    ("playwright", "Playwright is not installed (the test extra)")):
    try:
        __import__(needed)
    except ImportError:
        unavailable(why, module=True)
if not Path(CHROMIUM).exists():
    unavailable(f"no Chromium at {CHROMIUM} (apt-get install chromium)", module=True)

BETS = ["tie", "super-six"]
CELLS = [f"import exact_odds\nw = exact_odds.explore('rock-bac', bets={BETS!r})\nw",
         "print(w.pays, w.figures()['tie']['expected_value'])"]


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.fixture(scope="module")
def lab(tmp_path_factory):
    """JupyterLab, headless, on a free port with a token, its configuration, settings and
    runtime files in a folder of its own (no news fetched, no update checked), serving a
    notebook that shows the widget; yields the notebook's address. Stopped at the end."""
    home = tmp_path_factory.mktemp("lab")
    root = home / "root"
    root.mkdir()
    notebook = {"cells": [{"cell_type": "code", "metadata": {}, "outputs": [],
                           "execution_count": None, "source": cell} for cell in CELLS],
                "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3",
                                            "language": "python"}},
                "nbformat": 4, "nbformat_minor": 5}
    (root / "explore.ipynb").write_text(json.dumps(notebook), encoding="utf-8")
    settings = home / "settings" / "@jupyterlab" / "apputils-extension"
    settings.mkdir(parents=True)
    (settings / "notification.jupyterlab-settings").write_text(
        '{"fetchNews": "false", "checkForUpdates": false}', encoding="utf-8")
    port, token = _free_port(), secrets.token_hex(16)
    env = {**os.environ, "JUPYTER_CONFIG_DIR": str(home / "config"),
           "JUPYTER_RUNTIME_DIR": str(home / "runtime"), "IPYTHONDIR": str(home / "ipython"),
           "JUPYTERLAB_SETTINGS_DIR": str(home / "settings"),
           "JUPYTERLAB_WORKSPACES_DIR": str(home / "workspaces")}
    log = (home / "lab.log").open("w")
    server = subprocess.Popen(
        [sys.executable, "-m", "jupyterlab", "--no-browser", "--ip=127.0.0.1", f"--port={port}",
         f"--IdentityProvider.token={token}", f"--ServerApp.root_dir={root}", "--allow-root",
         "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate"],
        env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{port}/api/status?token={token}", timeout=2)
                break
            except OSError:
                if time.monotonic() > deadline or server.poll() is not None:
                    pytest.fail(f"JupyterLab did not start: {(home / 'lab.log').read_text()[-2000:]}")
                time.sleep(0.3)
        yield f"http://127.0.0.1:{port}/lab/tree/explore.ipynb?token={token}"
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        try:
            server.wait(20)
        except subprocess.TimeoutExpired:
            os.killpg(server.pid, signal.SIGKILL)
            server.wait(5)
        log.close()


def _run_cell(page, number: int) -> None:
    """Run the notebook's cell ``number`` (from 0) and wait until it has run: a cell run
    before the kernel has settled is sometimes dropped, so it is run again."""
    prompt = f"document.querySelectorAll('.jp-Notebook .jp-Cell')[{number}].querySelector('.jp-InputPrompt')"
    for _ in range(4):
        page.locator(".jp-Notebook .jp-Cell").nth(number).locator(".jp-InputArea-editor").click()
        page.keyboard.press("Control+Enter")
        try:
            page.wait_for_function(f"/\\[\\d+\\]/.test({prompt}.textContent)", timeout=20_000)
            return
        except Exception:  # noqa: BLE001 - run again, then fail below
            continue
    pytest.fail("the notebook's cell did not run")


def test_the_widget_in_jupyterlab(lab):
    """Issue 44.8: in JupyterLab at 1280 px the widget shows the report's exact figures, no
    text of it over other text (its figures' labels beside their values, not on them), and
    a pay typed in it moves its figures exactly and reaches the kernel."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        page = browser.new_page(viewport={"width": 1280, "height": 900})
        errors: list[str] = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.goto(lab)
        page.wait_for_selector(".jp-Notebook .jp-Cell", timeout=60_000)
        page.wait_for_function("[...document.querySelectorAll('.jp-StatusBar-TextItem')]"
                               ".some(e => /Idle/.test(e.textContent))", timeout=60_000)
        _run_cell(page, 0)
        widget = ".exact-odds-explorer"
        page.wait_for_selector(f"{widget} [data-figure=expected-value][data-exact]", timeout=60_000,
                               state="attached")
        report = game_report("rock-bac", bets=BETS)
        for bet in report.bets:
            shown = page.get_attribute(f'{widget} dd[data-bet="{bet.id}"][data-figure="expected-value"]',
                                       "data-exact")
            assert Fraction(shown) == bet.expected_value
        # every part drawn, as it is when scrolled to; then every text compared with every other
        page.evaluate("""() => { for (const s of document.querySelectorAll('.exact-odds-explorer section.bet'))
                                   s.style.contentVisibility = 'visible'; }""")
        assert page.evaluate(TEXT_OVERLAPS, widget) == []
        assert page.evaluate(TEXT_CUT, widget) == []
        labels = page.evaluate("""() => [...document.querySelectorAll('.exact-odds-explorer dl.figures > div')]
            .map(d => [d.querySelector('dt').getBoundingClientRect().bottom, d.querySelector('dd').getBoundingClientRect().top])""")
        assert labels and all(bottom <= top + 1 for bottom, top in labels)  # each label above its value
        page.evaluate("() => document.querySelectorAll('.exact-odds-explorer details').forEach(d => d.open = true)")
        assert page.evaluate(TEXT_OVERLAPS, widget) == []
        # a pay typed: the widget's figure, then the kernel's
        page.fill(f'{widget} input[data-bet="tie"][data-event="Tie"]', "9 to 1")
        edited = game_report(load_game("rock-bac").with_pay("tie", "Tie", "9 to 1"), bets="tie").bet("tie")
        page.wait_for_function(f"""() => document.querySelector('{widget} dd[data-bet="tie"][data-figure="expected-value"]')
            .dataset.exact === '{edited.expected_value.numerator}/{edited.expected_value.denominator}'""")
        _run_cell(page, 1)
        output = page.locator(".jp-Notebook .jp-Cell").nth(1).locator(".jp-OutputArea-output")
        output.wait_for(timeout=30_000)
        assert output.inner_text().strip() == f"{{'tie': {{'Tie': '9 to 1'}}}} {edited.expected_value}"
        assert errors == []
        browser.close()
