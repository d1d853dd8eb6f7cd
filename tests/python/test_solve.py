# collsweep.solve: the JSON of `collsweep solve` as an object, equal to the command's and to evaluate()'s row.
import json
import pathlib
import subprocess
import tomllib

import numpy as np
import pytest

import collsweep
from conftest import REPO


def test_solve_equals_the_command_and_evaluate(cli):
    got = collsweep.solve("stronge", W=[[1.0, 0.2], [0.2, 1.0]], v=[-1.0, 0.5], mu=0.3, e=0.5)
    done = subprocess.run([cli, "solve", "--law", "stronge", "--W", "1,0.2,1", "--v", "-1,0.5", "--mu", "0.3",
                           "--e", "0.5", "--json"], capture_output=True, text=True, check=True)
    assert got.to_dict() == json.loads(done.stdout)
    assert got.status == "ok" and got.type == got["type"]
    row = collsweep.evaluate("stronge", W=[[1.0, 0.2], [0.2, 1.0]], v=[-1.0, 0.5], mu=0.3, e=0.5)
    for name in ("I_n", "I_t", "v_n2", "v_t2", "dE", "dE_rel"):
        assert getattr(got.outputs, name) == row[name][0], name
    assert "I_n" in repr(got) and repr(got).startswith("Solution(")


def test_spatial_and_multicontact_solve():
    W = np.array([[1.0, 0.1, 0.2], [0.1, 2.0, 0.3], [0.2, 0.3, 1.5]])
    s = collsweep.solve("stronge-3d", W=W, v=[-1.0, 0.4, -0.2], mu=0.3, e=0.6)
    row = collsweep.evaluate("stronge-3d", W=W, v=[-1.0, 0.4, -0.2], mu=0.3, e=0.6)
    assert s.status == "ok" and s.mode == row["mode"].astype(str)[0]
    G = np.array([[2.0, 0.5, 0.1, 0.0], [0.5, 2.0, 0.0, 0.1], [0.1, 0.0, 1.0, 0.2], [0.0, 0.1, 0.2, 1.0]])
    m = collsweep.solve("poisson-lcp", contacts=2, G=G, gamma=[-1.0, -0.5, 0.2, 0.1], mu=[0.3, 0.3],
                        eN=[0.5, 0.5], eT=[0.2, 0.2])
    assert m.status == "ok"


def test_a_rod_on_two_contacts_has_a_singular_G_and_one_outcome():
    """A rod lying on both ends: G = J M^-1 J^T has rank 3 (its two tangent rows are one row of J)."""
    G = np.array([[4.0, -2.0, 0.0, 0.0], [-2.0, 4.0, 0.0, 0.0], [0.0, 0.0, 1.0, 1.0], [0.0, 0.0, 1.0, 1.0]])
    args = dict(contacts=2, G=G, gamma=[-1.0, -0.5, 0.3, 0.3], mu=[0.5, 0.5], eN=[0.5, 0.5], eT=[0.0, 0.0])
    s = collsweep.solve("poisson-lcp", **args).to_dict()
    assert s["status"] == "ok" and s["delassus_rank"] == 3 and s["null_space_dimension"] == 1
    assert s["outputs"]["solutions"] == 1
    assert s["outputs"]["gamma_plus"] == pytest.approx([0.5, 0.25, 0.0, 0.0], abs=1e-14)
    assert s["outputs"]["W"] == pytest.approx(-0.26375, abs=1e-14)
    # The friction split between the ends is indeterminate: its range over the solutions of that outcome.
    ranges = s["impulse_ranges"]
    assert ranges["Lam_min"][2] < ranges["Lam_max"][2]
    assert ranges["Lam_min"][2] + ranges["Lam_max"][3] == pytest.approx(-0.3, abs=1e-14)
    row = collsweep.evaluate("poisson-lcp", **{k: [v] for k, v in args.items() if k != "contacts"})
    assert row["status"][0] == "ok" and row["solutions"][0] == 1 and row["G_rank"][0] == 3
    assert row["near_singular"][0] == 0  # singular, not nearly so
    # G + 1e-10 I: full rank, cond(G) about 6e10, nearly singular (solve's near_singular says the same)
    args["G"] = G + 1e-10 * np.eye(4)
    assert collsweep.solve("poisson-lcp", **args).to_dict()["near_singular"]
    row = collsweep.evaluate("poisson-lcp", **{k: [v] for k, v in args.items() if k != "contacts"})
    assert row["G_rank"][0] == 4 and row["near_singular"][0] == 1 and row["solutions"][0] == 1


def test_a_rigid_body_from_a_dict():
    """One planar rigid body (the multi-contact laws' --bodies file as a dict): the rod's G and gamma^-, and
    its velocity after impact, v+ with J v+ = gamma+ and T+ - T- = W."""
    rod = {"body": {"mass": 1.0, "inertia": 1.0 / 12.0, "points": [[-0.5, 0.0], [0.5, 0.0]],
                    "normals": [[0.0, 1.0], [0.0, 1.0]], "v": [0.3, -1.0], "omega": 1.0}}
    s = collsweep.solve("poisson-lcp", bodies=rod, mu=[0.5, 0.5], eN=[0.5, 0.5], eT=[0.0, 0.0]).to_dict()
    assert s["status"] == "ok" and s["delassus_rank"] == 3
    assert s["inputs"]["gamma_minus"] == pytest.approx([-1.5, -0.5, 0.3, 0.3], abs=1e-15)
    vx, vy, w = s["body"]["v_plus"]
    assert s["outputs"]["gamma_plus"] == pytest.approx([vy - 0.5 * w, vy + 0.5 * w, vx, vx], abs=1e-14)
    assert s["body"]["T_plus"] - s["body"]["T_minus"] == pytest.approx(s["outputs"]["W"], abs=1e-14)


def test_invalid_collisions_raise_with_the_reason():
    with pytest.raises(ValueError, match="approaching"):
        collsweep.solve("poisson", W=[[1.0, 0.0], [0.0, 1.0]], v=[1.0, 0.5], mu=0.3, e=0.5)
    with pytest.raises(ValueError, match="unknown law"):
        collsweep.solve("no-such-law", W=[[1.0, 0.0], [0.0, 1.0]], v=[-1.0, 0.5], mu=0.3, e=0.5)
    with pytest.raises(ValueError, match="not an option"):
        collsweep.solve("poisson", W=[[1.0, 0.0], [0.0, 1.0]], v=[-1.0, 0.5], mu=0.3, e=0.5, muu=1)


def test_bodies_as_a_path_a_string_toml_text_or_a_dict():
    """bodies takes what collsweep.run takes for a config: a str or pathlib.Path, TOML text, a dict of tables."""
    path = REPO / "examples" / "two_bodies.toml"
    text = path.read_text(encoding="utf-8")
    forms = [str(path), path, text, tomllib.loads(text)]
    got = [collsweep.solve("poisson-3d", bodies=b, mu=0.5, e=0.6).to_dict() for b in forms]
    assert all(g == got[0] for g in got[1:])
    assert got[0]["mode"] == "B" and got[0]["inputs"]["form"] == "bodies"
    assert got[0]["outputs"]["I_nh"] == pytest.approx(0.8608678535, abs=1e-9)
    # Mode A: the slip never halts, and I_nh says so (None, not a halt at 0).
    assert collsweep.solve("poisson-3d", bodies=path, mu=0.3, e=0.6).outputs.I_nh is None


def test_bad_bodies_are_named():
    doc = tomllib.loads((REPO / "examples" / "two_bodies.toml").read_text(encoding="utf-8"))
    doc["body2"]["mass"] = -4.0
    with pytest.raises(ValueError, match=r"^--bodies <bodies dict>:\d+:\d+: body2.mass = -4: out of range"):
        collsweep.solve("poisson-3d", bodies=doc, mu=0.5, e=0.6)
    doc["body2"]["mass"] = 4.0
    doc["contact"]["normal"] = [0.0, 0.0, -1.0]
    with pytest.raises(ValueError, match="the normal points the wrong way: it must point from body 2 into body 1"):
        collsweep.solve("poisson-3d", bodies=doc, mu=0.5, e=0.6)
    with pytest.raises(TypeError, match="argument 'bodies': expected a path, a TOML string or a dict"):
        collsweep.solve("poisson-3d", bodies=1.5, mu=0.5, e=0.6)
    with pytest.raises(ValueError, match="cannot open"):
        collsweep.solve("poisson-3d", bodies=pathlib.Path("/nonexistent/bodies.toml"), mu=0.5, e=0.6)
