# collsweep.run: the same run folder as `collsweep run` (map.csv and witnesses.csv byte for byte) from a dict,
# a TOML string or a path; a stopped run resumes to the same bytes; bad configs raise naming the key.
import pytest

import collsweep
from collsweep import _collsweep
from collsweep._config import to_toml
from conftest import small_config

SAME_FILES = ("map.csv", "witnesses.csv")


def test_run_writes_the_cli_run_folder(small_runs, tmp_path):
    config = small_config("planar")
    result = collsweep.run(config, out=tmp_path / "py", threads=1, progress=False, maps=False)
    for f in SAME_FILES:
        assert (result.dir / f).read_bytes() == (small_runs["planar"] / f).read_bytes(), f
    assert result.map.equals(collsweep.load(small_runs["planar"]).map)
    assert result.summary["threads"] == 1
    text = collsweep.run(to_toml(config), out=tmp_path / "text", threads=2, progress=False, maps=False)
    assert (text.dir / "map.csv").read_bytes() == (small_runs["planar"] / "map.csv").read_bytes()


def test_multicontact_and_spatial_runs(small_runs, tmp_path):
    for name in ("multicontact", "spatial"):
        result = collsweep.run(small_config(name), out=tmp_path / name, progress=False, maps=False)
        for f in SAME_FILES:
            assert (result.dir / f).read_bytes() == (small_runs[name] / f).read_bytes(), (name, f)
        assert result.family == name


def test_one_rigid_body_from_a_dict(tmp_path):
    """A rod on both ends (matrix kind "body") with its points and normals as NumPy arrays: one outcome and
    a semidefinite G for every valid sample, in every cell of its omega x v_x map; newton-lcp's samples all
    valid, poisson-lcp's but those whose outcome the ends' compliances decide (indeterminate_outcome, counted
    in the singular column)."""
    import numpy as np
    config = {
        "model": {"kind": "multicontact", "contacts": 2},
        "run": {"seed": 3, "samples": 4000, "laws": ["poisson-lcp", "newton-lcp"]},
        "matrix": {"kind": "body", "mass": 1.0, "inertia": 1.0 / 12.0,
                   "points": np.array([[-0.5, 0.0], [0.5, 0.0]]), "normals": np.array([[0.0, 1.0], [0.0, 1.0]])},
        "approach": {"v_x": {"dist": "uniform", "lo": -1.0, "hi": 1.0}, "v_y": -1.0,
                     "omega": {"dist": "uniform", "lo": -4.0, "hi": 4.0}},
        "map": {"x": {"quantity": "omega", "lo": -4.0, "hi": 4.0, "bins": 8},
                "y": {"quantity": "v_x", "lo": -1.0, "hi": 1.0, "bins": 4}},
    }
    result = collsweep.run(config, out=tmp_path / "rod", progress=False, maps=False)
    m = result.map
    newton, poisson = m[m["law"] == "newton-lcp"], m[m["law"] == "poisson-lcp"]
    assert int(newton["valid"].sum()) == 4000
    assert 3200 < int(poisson["valid"].sum()) < 4000  # (3532: 12 % refused)
    assert int(poisson["valid"].sum() + poisson["singular"].sum()) == 4000
    assert (m["solutions_1"] == m["valid"]).all()
    assert (m["semidefinite"] == m["valid"]).all()
    assert int(m["near_singular"].sum()) == 0


def test_a_stopped_run_resumes_to_the_same_bytes(small_runs, tmp_path):
    config = small_config("planar")
    config["run"]["samples"] = 2_000_000  # long enough to be stopped in its first chunks
    path = tmp_path / "long.toml"
    path.write_text(to_toml(config))
    out = tmp_path / "stopped"
    handle = _collsweep.start_run(str(path), str(out), "cpu", 1, False, "", 0.0, True)
    while handle.progress()[0] == 0 and not handle.wait(0.01):
        pass
    handle.stop()
    status, _, err = handle.result()
    assert status == 130, err
    assert (out / "collsweep.state").exists() and not (out / "map.csv").exists()
    resumed = collsweep.run(resume=out, progress=False, maps=False)
    whole = collsweep.run(path, out=tmp_path / "whole", threads=2, progress=False, maps=False)
    for f in SAME_FILES:
        assert (resumed.dir / f).read_bytes() == (whole.dir / f).read_bytes(), f
    assert not (out / "collsweep.state").exists()


def test_bad_configs_and_options_raise(tmp_path):
    config = small_config("planar")
    config["parameters"]["mu"] = {"dist": "uniform", "lo": 1.0, "hi": 0.5}
    with pytest.raises(ValueError, match="parameters.mu"):
        collsweep.run(config, out=tmp_path / "bad", progress=False)
    with pytest.raises(ValueError, match="backend"):
        collsweep.run(small_config("planar"), backend="tpu")
    good = small_config("planar")
    collsweep.run(good, out=tmp_path / "full", progress=False, maps=False)
    with pytest.raises(ValueError, match="force=True"):
        collsweep.run(good, out=tmp_path / "full", progress=False, maps=False)
    with pytest.raises(ValueError, match="required"):
        collsweep.run()


def test_ctrl_c_stops_with_a_checkpoint_and_resume_finishes(tmp_path):
    import _thread
    import threading

    config = small_config("spatial")
    config["run"]["samples"] = 400_000  # seconds of work: the interrupt lands while it sweeps
    path = tmp_path / "spatial.toml"
    path.write_text(to_toml(config))
    out = tmp_path / "interrupted"
    timer = threading.Timer(0.5, _thread.interrupt_main)  # what Ctrl-C (or Jupyter's interrupt) does
    timer.start()
    try:
        with pytest.raises(collsweep.RunInterrupted) as stopped:
            collsweep.run(path, out=out, threads=1, progress=False, maps=False, checkpoint_every=None)
    finally:
        timer.cancel()
    assert stopped.value.dir == out and isinstance(stopped.value, KeyboardInterrupt)
    assert "resume=" in str(stopped.value)
    assert (out / "collsweep.state").exists() and not (out / "map.csv").exists()
    resumed = collsweep.run(resume=out, threads=2, progress=False, maps=False)
    whole = collsweep.run(path, out=tmp_path / "whole", threads=2, progress=False, maps=False)
    for f in SAME_FILES:
        assert (resumed.dir / f).read_bytes() == (whole.dir / f).read_bytes(), f
