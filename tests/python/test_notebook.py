# examples/collsweep_tour.ipynb executed from top to bottom (its cells assert Djerassi's Table 2, Kane's
# paradox and Glocker's condition), so that the notebook never goes stale.
import os
import pathlib
import subprocess
import sys

import pytest

REPO = pathlib.Path(__file__).resolve().parents[2]


def test_the_tour_notebook_runs(tmp_path):
    pytest.importorskip("nbconvert")
    pytest.importorskip("ipykernel")
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(
        str(pathlib.Path(p).resolve()) for p in os.environ.get("PYTHONPATH", "").split(os.pathsep) if p))
    done = subprocess.run([sys.executable, "-m", "nbconvert", "--to", "notebook", "--execute",
                           "--ExecutePreprocessor.timeout=600", "--output-dir", str(tmp_path),
                           str(REPO / "examples" / "collsweep_tour.ipynb")],
                          capture_output=True, text=True, env=env, cwd=tmp_path)
    assert done.returncode == 0, done.stderr[-4000:]
    assert (tmp_path / "collsweep_tour.ipynb").stat().st_size > 0
