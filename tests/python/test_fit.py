# collsweep.fit: the same folder as `collsweep fit`, laws recovered from impacts made by evaluate(), errors raised.
import subprocess

import numpy as np
import pandas as pd
import pytest

import collsweep
from conftest import REPO


def planar_impacts(law="newton", mu=0.35, e=0.6, n=60, seed=3):
    """Noise-free impacts of a law: random SPD W, incidence up to 60 degrees, the law's post-impact velocity."""
    rng = np.random.default_rng(seed)
    theta = np.radians(rng.uniform(0.0, 60.0, n))
    W_nn, W_tt = rng.uniform(0.5, 2.0, n), rng.uniform(0.5, 2.0, n)
    W_nt = rng.uniform(-0.6, 0.6, n) * np.sqrt(W_nn * W_tt)
    v_n, v_t = -np.cos(theta), np.sin(theta) * rng.choice([-1.0, 1.0], n)
    out = collsweep.evaluate(law, W_nn=W_nn, W_nt=W_nt, W_tt=W_tt, v_n=v_n, v_t=v_t, mu=mu, e=e)
    return pd.DataFrame({"W_nn": W_nn, "W_nt": W_nt, "W_tt": W_tt, "v_n": v_n, "v_t": v_t,
                         "v_n_post": out["v_n2"], "v_t_post": out["v_t2"]})


def test_a_law_is_recovered_from_its_own_impacts(tmp_path):
    got = collsweep.fit("newton", planar_impacts(), out=tmp_path / "fit", bootstrap=0, loss_maps=False)
    mu, _, _ = got.parameters("newton")["mu"]
    e, _, _ = got.parameters("newton")["e"]
    assert mu == pytest.approx(0.35, abs=1e-6) and e == pytest.approx(0.6, abs=1e-6)
    assert got.table["loss_value"][0] < 1e-7
    assert got.best == "newton" and "newton" in repr(got)
    assert len(got.residuals) == 60 and (got.impacts["used"] == 1).all()


def test_the_module_writes_the_commands_files(cli, tmp_path):
    path = tmp_path / "impacts.csv"
    planar_impacts(seed=4).to_csv(path, index=False, float_format="%.17g")
    py = collsweep.fit(["poisson", "chatterjee-ruina"], path, out=tmp_path / "py", bootstrap=10, seed=3,
                       fix={"e": 0.6}, range={"mu": (0.0, 1.0)})
    done = subprocess.run([cli, "fit", "--law", "poisson,chatterjee-ruina", "--in", str(path), "--out",
                           str(tmp_path / "cli"), "--bootstrap", "10", "--seed", "3", "--fix", "e=0.6", "--range",
                           "mu=0:1", "--no-plot", "--quiet"], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    for name in ("fit.csv", "residuals.csv", "impacts.csv", "loss_maps/poisson__mu.csv"):
        assert (tmp_path / "py" / name).read_bytes() == (tmp_path / "cli" / name).read_bytes(), name
    loaded = collsweep.load_fit(tmp_path / "cli")
    assert list(loaded.table["law"]) == list(py.table["law"])
    assert py.parameters("poisson")["e"][0] == 0.6
    assert set(py.loss_maps) == {"poisson__mu", "chatterjee-ruina__mu__e_t"}


def test_the_ellipse_drops_from_the_repository(tmp_path):
    got = collsweep.fit("newton", REPO / "data" / "mcube_ellipse.csv", out=tmp_path / "fit", where={"flags": 0},
                        bootstrap=0, loss_maps=False)
    assert got.summary["impacts"] == {"rows": 2000, "used": 1718, "rejected": 0, "excluded": 282,
                                      "from_bodies": False, "reasons": {"left out by --where flags=0": 282}}
    assert 0.4 < got.parameters("newton")["e"][0] < 0.6


def test_bad_input_raises_with_the_commands_message(tmp_path):
    with pytest.raises(ValueError, match="missing required column 'v_t_post'"):
        collsweep.fit("newton", planar_impacts().drop(columns="v_t_post"), out=tmp_path / "a", bootstrap=0)
    with pytest.raises(ValueError, match="--fix ratio: no law of this fit reads it"):
        collsweep.fit("newton", planar_impacts(), out=tmp_path / "b", fix={"ratio": 0.1}, bootstrap=0)
    with pytest.raises(TypeError, match="fix: expected a dict"):
        collsweep.fit("newton", planar_impacts(), out=tmp_path / "c", fix=[("mu", 0.1)], bootstrap=0)
