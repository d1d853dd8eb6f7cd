# examples/collsweep_tour.ipynb executed from top to bottom (its cells assert Djerassi's Table 2, Kane's
# paradox and Glocker's condition), so that the notebook never goes stale.
from conftest import execute_notebook


def test_the_tour_notebook_runs(tmp_path):
    execute_notebook("collsweep_tour.ipynb", tmp_path)
