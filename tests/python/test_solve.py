# collsweep.solve: the JSON of `collsweep solve` as an object, equal to the command's and to evaluate()'s row.
import json
import subprocess

import numpy as np
import pytest

import collsweep


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


def test_invalid_collisions_raise_with_the_reason():
    with pytest.raises(ValueError, match="approaching"):
        collsweep.solve("poisson", W=[[1.0, 0.0], [0.0, 1.0]], v=[1.0, 0.5], mu=0.3, e=0.5)
    with pytest.raises(ValueError, match="unknown law"):
        collsweep.solve("no-such-law", W=[[1.0, 0.0], [0.0, 1.0]], v=[-1.0, 0.5], mu=0.3, e=0.5)
    with pytest.raises(ValueError, match="not an option"):
        collsweep.solve("poisson", W=[[1.0, 0.0], [0.0, 1.0]], v=[-1.0, 0.5], mu=0.3, e=0.5, muu=1)
