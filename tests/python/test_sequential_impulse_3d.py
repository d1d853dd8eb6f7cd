# sequential-impulse-3d from Python: collsweep.solve takes the engine's options by their Python names
# (normal_first for --normal-first) and gives every sweep; collsweep.evaluate gives iterations_used and
# converged, the command's columns.
import json
import subprocess

import numpy as np

import collsweep

W = [[1.0, 0.2, -0.1], [0.2, 2.0, 0.3], [-0.1, 0.3, 1.5]]
V = [-1.0, 0.6, -0.3]


def test_solve_takes_the_engine_options_and_gives_every_sweep(cli):
    s = collsweep.solve("sequential-impulse-3d", W=W, v=V, mu=0.25, e=0.5, iterations=3, threshold=0,
                        normal_first=0, friction_cone=0)
    assert s.status == "ok" and s.outputs.iterations_used == 3 and s.outputs.converged is False
    assert [row["sweep"] for row in s.sweeps] == [1, 2, 3]
    # Sweep 2 by hand (tests/golden/test_sequential_impulse_3d_golden.cpp): P = (1.6125, -0.375, 0.375).
    assert (s.sweeps[1]["P_n"], s.sweeps[1]["P_1"], s.sweeps[1]["P_2"]) == (1.6125, -0.375, 0.375)
    done = subprocess.run([cli, "solve", "--law", "sequential-impulse-3d", "--W", "1,0.2,-0.1,2,0.3,1.5", "--v",
                           "-1,0.6,-0.3", "--mu", "0.25", "--e", "0.5", "--iterations", "3", "--threshold", "0",
                           "--normal-first", "0", "--friction-cone", "0", "--json"],
                          capture_output=True, text=True, check=True)
    assert s.to_dict() == json.loads(done.stdout)


def test_evaluate_reports_the_sweeps_and_convergence():
    rows = collsweep.evaluate("sequential-impulse-3d", W=np.array([W, W]), v=np.array([V, V]), mu=0.25, e=0.5,
                              iterations=np.array([3.0, 0.0]), threshold=0.0, normal_first=0.0,
                              friction_cone=np.array([0.0, 1.0]))
    assert rows["iterations_used"].tolist()[0] == 3
    assert rows["converged"].tolist() == [0, 1]
    assert (rows["status"].astype(str) == "ok").all()
