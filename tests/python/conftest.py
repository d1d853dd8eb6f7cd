# Shared fixtures of the Python module's tests: the collsweep program (COLLSWEEP_CLI) and small runs made with it.
import os
import pathlib
import subprocess

try:
    import tomllib
except ModuleNotFoundError:  # Python 3.9 and 3.10: tomli, which the module depends on there
    import tomli as tomllib

import pytest

REPO = pathlib.Path(__file__).resolve().parents[2]
CONFIGS = REPO / "configs"

# Small versions of the shipped configs, one run per family and output kind (each well under a second).
SMALL_RUNS = {
    "planar": ("quickstart.toml", {"run": {"samples": 100_000}}),
    "multicontact": ("glocker_two_contacts.toml", {"run": {"samples": 40_000}}),
    "spatial": ("spatial_quickstart.toml", {"run": {"samples": 10_000}}),
    "compare": ("law_disagreement.toml", {"run": {"samples": 60_000}}),
    "one_axis": ("kane_pendulum.toml", {"run": {"samples": 21 * 1000, "name": "kane_e"}, "map": {"y": None}}),
}


@pytest.fixture(scope="session")
def cli():
    """The collsweep program named by COLLSWEEP_CLI (CTest sets it); the test is skipped without it."""
    path = os.environ.get("COLLSWEEP_CLI")
    if not path:
        pytest.skip("COLLSWEEP_CLI is not set: point it at the built collsweep program to run this test")
    if not os.access(path, os.X_OK):
        pytest.fail(f"COLLSWEEP_CLI={path!r} is not an executable file")
    return path


def run_cli(cli, config, out, *extra):
    """Runs `collsweep run CONFIG --out OUT` (no plots, quiet, 2 threads) and returns OUT as a Path."""
    cmd = [cli, "run", str(config), "--out", str(out), "--force", "--no-plot", "--quiet", "--threads", "2", *extra]
    done = subprocess.run(cmd, capture_output=True, text=True)
    assert done.returncode == 0, f"{' '.join(cmd)} failed ({done.returncode}):\n{done.stderr}"
    return pathlib.Path(out)


def small_config(name):
    """The shipped config of SMALL_RUNS[name] as a dict, with its overrides (None removes a key)."""
    file, overrides = SMALL_RUNS[name]
    with open(CONFIGS / file, "rb") as f:
        doc = tomllib.load(f)
    for table, keys in overrides.items():
        for key, value in keys.items():
            if value is None:
                doc[table].pop(key, None)
            else:
                doc[table][key] = value
    return doc


@pytest.fixture(scope="session")
def small_runs(cli, tmp_path_factory):
    """Finished run folders of SMALL_RUNS by name, made once per session by the collsweep program."""
    from collsweep._config import to_toml

    base = tmp_path_factory.mktemp("runs")
    runs = {}
    for name in SMALL_RUNS:
        config = base / f"{name}.toml"
        config.write_text(to_toml(small_config(name)), encoding="utf-8")
        runs[name] = run_cli(cli, config, base / name)
    return runs


def execute_notebook(name, tmp_path):
    """Runs examples/NAME from top to bottom with nbconvert (its cells assert); skipped without nbconvert or
    ipykernel."""
    import sys

    pytest.importorskip("nbconvert")
    pytest.importorskip("ipykernel")
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(
        str(pathlib.Path(p).resolve()) for p in os.environ.get("PYTHONPATH", "").split(os.pathsep) if p))
    done = subprocess.run([sys.executable, "-m", "nbconvert", "--to", "notebook", "--execute",
                           "--ExecutePreprocessor.timeout=600", "--output-dir", str(tmp_path),
                           str(REPO / "examples" / name)],
                          capture_output=True, text=True, env=env, cwd=tmp_path)
    assert done.returncode == 0, done.stderr[-4000:]
    assert (tmp_path / name).stat().st_size > 0
