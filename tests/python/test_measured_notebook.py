# examples/measured_impacts.ipynb executed from top to bottom (its cells assert the impacts used, every law's
# finite loss, the fitted coefficients, the loss map's minimum and the feasibility counts), so that the
# notebook never goes stale.
import os
import pathlib
import subprocess
import sys

import pytest

REPO = pathlib.Path(__file__).resolve().parents[2]


def test_the_measured_impacts_notebook_runs(tmp_path):
    pytest.importorskip("nbconvert")
    pytest.importorskip("ipykernel")
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(
        str(pathlib.Path(p).resolve()) for p in os.environ.get("PYTHONPATH", "").split(os.pathsep) if p))
    done = subprocess.run([sys.executable, "-m", "nbconvert", "--to", "notebook", "--execute",
                           "--ExecutePreprocessor.timeout=600", "--output-dir", str(tmp_path),
                           str(REPO / "examples" / "measured_impacts.ipynb")],
                          capture_output=True, text=True, env=env, cwd=tmp_path)
    assert done.returncode == 0, done.stderr[-4000:]
    assert (tmp_path / "measured_impacts.ipynb").stat().st_size > 0
