"""The wheel carries the tables: built from the repo, installed in a fresh virtual
environment, it runs a report from another directory."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import venv
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.slow
def test_wheel_installs_and_reports_from_elsewhere(tmp_path):
    dist = tmp_path / "dist"
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--quiet", "-w", str(dist),
                    str(ROOT)], check=True)
    wheel = next(dist.glob("exact_odds-*.whl"))
    import zipfile

    names = zipfile.ZipFile(wheel).namelist()
    assert "exact_odds/tables/rock-bac.yaml" in names
    assert "exact_odds/py.typed" in names

    env_dir = tmp_path / "env"
    venv.create(env_dir, with_pip=True)
    python = env_dir / ("Scripts" if os.name == "nt" else "bin") / "python"
    subprocess.run([str(python), "-m", "pip", "install", "--quiet", str(wheel)], check=True)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    exe = python.parent / "exact-odds"
    out = subprocess.run([str(exe), "report", "rock-bac", "--bet", "banker", "--format", "json"],
                         cwd=elsewhere, check=True, capture_output=True, text=True).stdout
    report = json.loads(out)
    # published: Wizard of Odds, baccarat appendix 6 (Banker 6 pays 1 to 2, 8 decks)
    assert report["bets"][0]["house_edge"] == "284694798368/19524993263685"
    games = subprocess.run([str(exe), "games"], cwd=elsewhere, check=True, capture_output=True,
                           text=True).stdout
    assert "21st-century" in games and "electronic-baccarat" in games
