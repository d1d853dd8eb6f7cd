# examples/measured_impacts.ipynb executed from top to bottom (its cells assert the impacts used, every law's
# finite loss, the fitted coefficients, the loss map's minimum and the feasibility counts), so that the
# notebook never goes stale.
from conftest import execute_notebook


def test_the_measured_impacts_notebook_runs(tmp_path):
    execute_notebook("measured_impacts.ipynb", tmp_path)
