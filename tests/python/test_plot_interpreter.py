# The PNGs of run, plot and fit are drawn by the first interpreter that can import what they draw with (the maps:
# NumPy and Pillow; the fit's figures: matplotlib; from Python: this one, then Debian's python3, then python3 on
# PATH); when none can, the message names each one tried and its import error. The package draws with its own copy
# of the plotting scripts.
import os
import pathlib
import shutil
import subprocess
import sys

import pytest

import collsweep
from conftest import small_config
from test_fit import planar_impacts

PACKAGE = pathlib.Path(collsweep.__file__).resolve().parent


@pytest.fixture(scope="module")
def bare_python(tmp_path_factory):
    """An interpreter without matplotlib (or NumPy): the python of a new virtual environment without packages."""
    folder = tmp_path_factory.mktemp("bare") / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(folder)], check=True, timeout=120)
    return str(folder / "bin" / "python")


def draws_maps(python):
    """Whether this interpreter can import what the maps are drawn with."""
    return subprocess.run([python, "-c", "import numpy, PIL"], capture_output=True).returncode == 0


def test_the_package_ships_its_plotting_scripts():
    for name in ("plot_maps.py", "plot_fit.py", "plot_import.py", "map_drawing.py", "map_csv.py", "map_figure.py",
                 "map_raster.py", "map_ticks.py", "map_colormap.py"):
        assert (PACKAGE / "_scripts" / name).is_file(), name


def test_plot_names_the_interpreter_and_its_import_error(cli, small_runs, bare_python, tmp_path):
    folder = tmp_path / "run"
    shutil.copytree(small_runs["planar"], folder)
    env = dict(os.environ, COLLSWEEP_PYTHON=bare_python)
    done = subprocess.run([cli, "plot", str(folder)], capture_output=True, text=True, env=env, timeout=300)
    assert done.returncode == 2, done.stderr
    assert f"{bare_python}: cannot import NumPy and Pillow: No module named 'numpy'" in done.stderr, done.stderr
    assert "Traceback" not in done.stderr
    assert not (folder / "maps").exists()
    missing = subprocess.run([cli, "plot", str(folder)], capture_output=True, text=True, timeout=300,
                             env=dict(os.environ, COLLSWEEP_PYTHON=str(tmp_path / "no-such-python")))
    assert missing.returncode == 2 and f"{tmp_path / 'no-such-python'}: not found" in missing.stderr, missing.stderr


def test_a_run_without_matplotlib_warns_why(bare_python, tmp_path, monkeypatch):
    monkeypatch.setenv("COLLSWEEP_PYTHON", bare_python)
    with pytest.warns(UserWarning) as caught:
        result = collsweep.run(small_config("planar"), out=tmp_path / "bare", threads=1, progress=False)
    said = [str(w.message) for w in caught if "no maps drawn" in str(w.message)]
    assert said and f"{bare_python}: cannot import NumPy and Pillow: No module named 'numpy'" in said[0], said
    assert not (result.dir / "maps").exists()
    assert len(result.map) > 0


def test_a_run_draws_with_an_interpreter_that_can(tmp_path, monkeypatch):
    """This interpreter when it has NumPy and Pillow, else the next that has them (a virtual environment without
    them: Debian's python3)."""
    monkeypatch.delenv("COLLSWEEP_PYTHON", raising=False)
    if not any(os.access(p, os.X_OK) and draws_maps(p)
               for p in (sys.executable, "/usr/bin/python3", shutil.which("python3") or "")):
        pytest.skip("no interpreter here can import NumPy and Pillow")
    result = collsweep.run(small_config("planar"), out=tmp_path / "drawn", threads=1, progress=False)
    assert (result.dir / "maps" / "stronge_gain_fraction.png").is_file()


def test_a_fit_without_matplotlib_warns_why(bare_python, tmp_path, monkeypatch):
    monkeypatch.setenv("COLLSWEEP_PYTHON", bare_python)
    with pytest.warns(UserWarning, match="PNGs not drawn .*cannot import matplotlib: No module named"):
        fit = collsweep.fit("newton", planar_impacts(n=20), out=tmp_path / "fit", bootstrap=0, loss_maps=False,
                            plot=True)
    assert fit.best == "newton"
    assert not (fit.dir / "data_maps").exists() or not list((fit.dir / "data_maps").glob("*.png"))
