"""The wheel carries the tables and names its runtime libraries: built from the repo,
installed alone in a fresh virtual environment (the libraries read from this one), it runs
a report from another directory."""

from __future__ import annotations

import ast
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
    assert {"exact_odds/explorer/explorer.js", "exact_odds/explorer/explorer.css"} <= set(names)

    metadata = next(n for n in names if n.endswith(".dist-info/METADATA"))
    requires = {line.split()[1].split(">")[0].split("=")[0].lower()
                for line in zipfile.ZipFile(wheel).read(metadata).decode().splitlines()
                if line.startswith("Requires-Dist:") and "extra ==" not in line}
    assert requires == {"click", "pyyaml", "polars", "sympy", "numpy", "xlsxwriter", "numba"}, \
        requires
    # a fresh environment holding the wheel alone; its runtime libraries are read from this
    # environment's site-packages, added after its own (a path in a .pth file: the editable
    # install's finder there is not loaded), so the program run is the wheel's
    env_dir = tmp_path / "env"
    venv.create(env_dir, with_pip=False)
    python = env_dir / ("Scripts" if os.name == "nt" else "bin") / "python"
    subprocess.run([sys.executable, "-m", "pip", "--python", str(python), "install",
                    "--quiet", "--no-deps", str(wheel)], check=True)
    own_site = subprocess.run([str(python), "-c", "import site; print(site.getsitepackages()[0])"],
                              check=True, capture_output=True, text=True).stdout.strip()
    libraries = next(p for p in sys.path if p.endswith("site-packages"))
    Path(own_site, "libraries.pth").write_text(libraries + "\n")
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    where = subprocess.run([str(python), "-c", "import exact_odds; print(exact_odds.__file__)"],
                           cwd=elsewhere, check=True, capture_output=True, text=True).stdout
    assert where.startswith(own_site), where
    exe = python.parent / "exact-odds"
    out = subprocess.run([str(exe), "report", "rock-bac", "--bet", "banker", "--format", "json"],
                         cwd=elsewhere, check=True, capture_output=True, text=True).stdout
    report = json.loads(out)
    # published: Wizard of Odds, baccarat appendix 6 (Banker 6 pays 1 to 2, 8 decks)
    assert report["bets"][0]["house_edge"] == "284694798368/19524993263685"
    games = subprocess.run([str(exe), "games"], cwd=elsewhere, check=True, capture_output=True,
                           text=True).stdout
    assert "21st-century" in games and "electronic-baccarat" in games
    # the explorer's page (issue 26): its script and style shipped in the wheel, inlined
    page = subprocess.run([str(exe), "report", "rock-bac", "--bet", "tie", "--format", "html"],
                          cwd=elsewhere, check=True, capture_output=True, text=True).stdout
    assert "export function parsePay" in page and ".exact-odds-explorer" in page
    # the program imports no test or docs package (issue 43: the program alone), though this
    # environment's are on its path here
    probe = ("import sys, runpy; sys.argv = ['exact-odds', 'report', 'rock-bac', '--bet', "
             "'tie', '--format', 'json']\ntry:\n    runpy.run_module('exact_odds', "
             "run_name='__main__')\nexcept SystemExit:\n    pass\n"
             "print(sorted({m.split('.')[0] for m in sys.modules}), file=sys.stderr)")
    done = subprocess.run([str(python), "-c", probe], cwd=elsewhere, check=True,
                          capture_output=True, text=True)
    imported = set(ast.literal_eval(done.stderr.strip().splitlines()[-1]))
    forbidden = {"pytest", "_pytest", "hypothesis", "playwright", "openpyxl", "jsonschema",
                 "nbmake", "mkdocs", "material", "griffe", "jupyterlab", "ipykernel",
                 "matplotlib", "dask", "distributed", "ruff", "mypy", "tests", "docs"}
    assert not imported & forbidden, imported & forbidden
    assert "exact_odds" in imported
