"""Fast by default (issue 43): numba comes with the program, its compiled kernel is cached
on disk after the first run (and a read-only install still runs it), and the numpy kernel
stays, forced by ``EXACT_ODDS_KERNEL=numpy``, for platforms without numba."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SHOES = ROOT / "tables" / "shoes" / "rock-bac-shoes.csv"

#: Loads the kernel, then prints which kernel runs and what numba's cache did for it.
PROBE = """
from exact_odds.batch import sums
sums.load_kernel()
compiled = sums._KERNEL[0]
stats = [] if compiled is None else [compiled.horner.stats, compiled.split.stats]
print(sums.kernel_name(), sum(sum(s.cache_hits.values()) for s in stats),
      sum(sum(s.cache_misses.values()) for s in stats))
"""


def _environment(**changes: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items()
           if k not in {"EXACT_ODDS_KERNEL", "NUMBA_CACHE_DIR", "NUMBA_DISABLE_JIT"}}
    return {**env, **changes}


def _probe(env: dict[str, str]) -> list[str]:
    done = subprocess.run([sys.executable, "-c", PROBE], capture_output=True, text=True,
                          env=env, timeout=300, check=False)
    assert done.returncode == 0 and not done.stderr.strip(), done.stderr
    return done.stdout.split()


def test_numba_is_a_dependency_of_the_program():
    from importlib.metadata import requires

    needed = [r for r in requires("exact-odds") or [] if "extra ==" not in r]
    assert any(r.lower().startswith("numba") for r in needed), needed


def test_the_compiled_kernel_is_cached_on_disk_after_the_first_run(tmp_path):
    """The first process compiles the kernels and writes them to numba's cache; the next
    reads them from there and compiles nothing."""
    cache = tmp_path / "cache"
    env = _environment(NUMBA_CACHE_DIR=str(cache))
    assert _probe(env) == ["numba", "0", "2"]  # the Horner and the split sums
    assert list(cache.rglob("*.nbi")) and list(cache.rglob("*.nbc"))
    assert _probe(env) == ["numba", "2", "0"]


def test_the_first_run_compiles_both_float_kernels_whichever_it_needs(tmp_path):
    """Issue 43: a batch of rock-bac's seven bets takes the split sums only, yet its first
    run caches the Horner sums too, so that a later run that needs them (a simulation, a
    countability study) reads them from disk instead of compiling them for a second or two."""
    cache = tmp_path / "cache"
    subprocess.run([sys.executable, "-m", "exact_odds", "batch", "rock-bac", str(SHOES),
                    "--workers", "1"], capture_output=True, text=True, check=True,
                   env=_environment(NUMBA_CACHE_DIR=str(cache)))
    cached = {path.name.split("-")[0] for path in cache.rglob("*.nbi")}
    assert cached == {"sums._horner_sums", "sums._split_sums"}, cached


@pytest.mark.skipif(os.geteuid() != 0 or shutil.which("unshare") is None,
                    reason="a read-only mount needs root and unshare (util-linux)")
def test_a_read_only_install_still_runs_the_compiled_kernel(tmp_path):
    """The package's folder mounted read-only: numba's cache goes to the user's cache
    folder; with nowhere writable at all, the kernel is compiled in the process and runs
    all the same, with the same figures and no warning."""
    home = tmp_path / "home"
    home.mkdir()
    locked = tmp_path / "locked"
    locked.mkdir()
    package = ROOT / "exact_odds"
    command = [sys.executable, "-m", "exact_odds", "batch", "rock-bac", str(SHOES), "--bet",
               "banker", "--workers", "1"]
    expected = subprocess.run(command, capture_output=True, text=True, check=True,
                              env=_environment(EXACT_ODDS_KERNEL="numpy")).stdout
    script = (f"mount --bind {package} {package} && mount -o remount,bind,ro {package} && "
              f"mount --bind {locked} {locked} && mount -o remount,bind,ro {locked} && "
              f"! touch {package}/batch/__pycache__/probe 2>/dev/null && "
              f"{' '.join(command)} && "
              f"HOME={locked} {' '.join(command)} && "
              f"HOME={locked} {sys.executable} -c '{PROBE.strip()}'")
    done = subprocess.run(["unshare", "-m", "sh", "-c", script], capture_output=True,
                          text=True, env=_environment(HOME=str(home)), timeout=600,
                          check=False)
    if done.returncode and "mount" in done.stderr and "permission" in done.stderr.lower():
        pytest.skip(f"no read-only mount here: {done.stderr.strip()[:200]}")
    assert done.returncode == 0, done.stderr
    assert not done.stderr.strip(), done.stderr
    out = done.stdout
    assert out.startswith(expected * 2), out[:500]
    assert out[2 * len(expected):].split()[0] == "numba"
    assert list((home / ".cache").rglob("*.nbi")), "the user's cache holds the kernel"


def test_the_environment_forces_the_numpy_kernel_with_the_same_figures():
    """``EXACT_ODDS_KERNEL=numpy``: the numpy kernel in a whole process, the figures the
    same as the compiled kernel's."""
    assert _probe(_environment(EXACT_ODDS_KERNEL="numpy"))[0] == "numpy"
    command = [sys.executable, "-m", "exact_odds", "batch", "rock-bac", str(SHOES),
               "--workers", "1"]
    numpy = subprocess.run(command, capture_output=True, text=True, check=True,
                           env=_environment(EXACT_ODDS_KERNEL="numpy")).stdout
    numba = subprocess.run(command, capture_output=True, text=True, check=True,
                           env=_environment()).stdout
    assert numpy == numba and numpy.count("\n") == 13
