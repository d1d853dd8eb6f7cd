# `pip install` of this repository into a new virtual environment with NumPy 2 and pandas from PyPI, then module
# tests run there without PYTHONPATH: evaluate bit for bit `collsweep eval` (every law of every family), run the
# same map.csv as `collsweep run`, the maps drawn by an interpreter that can (one with NumPy and Pillow); then
# again with NumPy 1.
# Skipped when PyPI cannot be reached.
import os
import pathlib
import ssl
import subprocess
import sys
import urllib.request

import pytest

REPO = pathlib.Path(__file__).resolve().parents[2]
TESTS = REPO / "tests" / "python"
IN_VENV = ["test_evaluate.py", "test_run.py", "test_plot_interpreter.py"]
IN_VENV_NUMPY1 = ["test_evaluate.py", "test_run.py"]


def reach_index():
    """Why the package index cannot be reached, or None: the index pip uses (PIP_INDEX_URL, else PyPI)."""
    index = os.environ.get("PIP_INDEX_URL", "https://pypi.org/simple/").rstrip("/")
    cert = os.environ.get("PIP_CERT")
    context = ssl.create_default_context(cafile=cert if cert and os.path.isfile(cert) else None)
    try:
        with urllib.request.urlopen(f"{index}/pip/", timeout=20, context=context):
            return None
    except Exception as err:  # no network, no DNS, a proxy refusing: all mean "cannot test here"
        return f"{index}: {err}"


def run(cmd, timeout, **kwargs):
    done = subprocess.run([str(c) for c in cmd], capture_output=True, text=True, timeout=timeout, **kwargs)
    assert done.returncode == 0, f"{' '.join(map(str, cmd))} failed ({done.returncode}):\n{done.stdout[-3000:]}\n" \
                                 f"{done.stderr[-6000:]}"
    return done


def test_pip_installed_module(cli, tmp_path):
    why = reach_index()
    if why is not None:
        pytest.skip(f"the package index cannot be reached ({why}): the pip-installed module is not tested")
    venv = pathlib.Path(cli).resolve().parent / "pip-venv"
    run([sys.executable, "-m", "venv", "--clear", venv], timeout=300)
    python = venv / "bin" / "python"
    # No PYTHONPATH (the build tree's module), and no source tree named to the module.
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "COLLSWEEP_SOURCE_DIR", "PYTHONHOME")}
    pip = [python, "-m", "pip", "--disable-pip-version-check", "install", "--quiet"]
    run([*pip, "numpy>=2", "pandas", "pytest"], timeout=900, env=env, cwd=tmp_path)
    run([*pip, REPO], timeout=1500, env=env, cwd=tmp_path)

    where = run([python, "-c", "import collsweep, numpy; print(collsweep.__file__); print(numpy.__version__)"],
                timeout=120, env=env, cwd=tmp_path).stdout.split()
    assert pathlib.Path(where[0]).is_relative_to(venv), where
    assert int(where[1].split(".")[0]) >= 2, where
    assert run([python, "-c", "import importlib.util; print(importlib.util.find_spec('matplotlib') is None)"],
               timeout=120, env=env).stdout.strip() == "True", "the environment should have no matplotlib"

    pytest_cmd = [python, "-m", "pytest", "-q", "-p", "no:cacheprovider"]
    run([*pytest_cmd, *(TESTS / t for t in IN_VENV)], timeout=900, env=env, cwd=tmp_path)

    run([*pip, "numpy<2", "pandas<3"], timeout=900, env=env, cwd=tmp_path)
    numpy1 = run([python, "-c", "import numpy; print(numpy.__version__)"], timeout=120, env=env).stdout.strip()
    assert numpy1.startswith("1."), numpy1
    run([*pytest_cmd, *(TESTS / t for t in IN_VENV_NUMPY1)], timeout=900, env=env, cwd=tmp_path)
