# collsweep.evaluate against `collsweep eval` bit for bit for every law of every family; the accepted input
# layouts and broadcasting give the same results; bad input raises ValueError naming what is wrong.
import math
import subprocess

import numpy as np
import pandas as pd
import pytest

import collsweep
from collsweep._results import read_csv

ROWS = 120


def spd(rng, n, count):
    """count random symmetric positive definite n x n matrices (condition numbers up to ~1e2)."""
    A = rng.normal(size=(count, n, n))
    return A @ np.swapaxes(A, 1, 2) + 0.3 * np.eye(n)


def family_inputs(family, rng, k=2):
    """Random valid inputs of every column any law of the family reads (the others pass through)."""
    if family == "planar":
        W = spd(rng, 2, ROWS)
        cols = {"W_nn": W[:, 0, 0], "W_nt": W[:, 0, 1], "W_tt": W[:, 1, 1],
                "v_n": -rng.uniform(0.1, 2, ROWS), "v_t": rng.uniform(-2, 2, ROWS),
                "e_t": rng.uniform(-1, 1, ROWS), "ratio": rng.uniform(-1, 1, ROWS),
                "iterations": rng.integers(0, 33, ROWS).astype(float), "threshold": rng.uniform(0, 1, ROWS),
                "normal_first": rng.integers(0, 2, ROWS).astype(float)}
    elif family == "spatial":
        W = spd(rng, 3, ROWS)
        cols = {"W_nn": W[:, 0, 0], "W_n1": W[:, 0, 1], "W_n2": W[:, 0, 2], "W_11": W[:, 1, 1],
                "W_12": W[:, 1, 2], "W_22": W[:, 2, 2], "v_n": -rng.uniform(0.1, 2, ROWS),
                "v_1": rng.uniform(-2, 2, ROWS), "v_2": rng.uniform(-2, 2, ROWS), "e_t": rng.uniform(-1, 1, ROWS),
                "r1": rng.uniform(-1, 1, ROWS), "r2": rng.uniform(-1, 1, ROWS)}
        # sequential-impulse-3d's: K = 0 (to convergence) .. 19 sweeps, threshold, order, friction variant.
        cols.update({"iterations": rng.integers(0, 20, ROWS).astype(float), "threshold": rng.uniform(0, 0.5, ROWS),
                     "normal_first": rng.integers(0, 2, ROWS).astype(float),
                     "friction_cone": rng.integers(0, 2, ROWS).astype(float)})
    else:
        G = spd(rng, 2 * k, ROWS)
        cols = {f"G_{i}_{j}": G[:, i, j] for i in range(2 * k) for j in range(i, 2 * k)}
        for i in range(2 * k):
            cols[f"g_{i + 1}"] = -rng.uniform(0.1, 2, ROWS) if i < k else rng.uniform(-2, 2, ROWS)
        for j in range(1, k + 1):
            cols[f"mu_{j}"] = rng.uniform(0, 1, ROWS)
            cols[f"eN_{j}"] = rng.uniform(0.2, 1, ROWS)
            cols[f"eT_{j}"] = cols[f"eN_{j}"] * rng.uniform(0, 1, ROWS)
        cols.update({"iterations": rng.integers(0, 33, ROWS).astype(float), "threshold": rng.uniform(0, 1, ROWS),
                     "normal_first": rng.integers(0, 2, ROWS).astype(float),
                     "order": rng.integers(0, 3, ROWS).astype(float),
                     "block_solver": rng.integers(0, 2, ROWS).astype(float),
                     "permutation": rng.integers(0, math.factorial(k), ROWS).astype(float)})
        return cols
    cols.update({"mu": rng.uniform(0, 1.2, ROWS), "e": rng.uniform(0, 1, ROWS),
                 "s1": rng.uniform(0, 0.5, ROWS), "s2": rng.uniform(0, 0.5, ROWS)})
    return cols



def cli_eval(cli, tmp_path, law, cols, *extra):
    """`collsweep eval` of the columns (written with repr: every double exactly) as a DataFrame."""
    src, out = tmp_path / f"{law}_in.csv", tmp_path / f"{law}_out.csv"
    pd.DataFrame(cols).to_csv(src, index=False, float_format="%.17g")
    done = subprocess.run([cli, "eval", "--law", law, "--in", str(src), "--out", str(out), *extra],
                          capture_output=True, text=True)
    assert done.returncode in (0, 1), done.stderr
    return read_csv(out)


def assert_same_outputs(ours, theirs, outputs):
    for name in outputs:
        a, b = ours[name], theirs[name]
        if name == "status" or isinstance(a.dtype, pd.CategoricalDtype):
            assert a.astype(str).tolist() == b.astype(str).tolist(), name
        else:
            x = a.astype("float64").to_numpy()
            y = b.astype("float64").to_numpy()
            same = (x == y) | (np.isnan(x) & np.isnan(y))
            assert same.all(), (name, np.argmin(same), x[~same][:3], y[~same][:3])


def law_cases():
    cases = []
    for family, laws in collsweep.laws().items():
        for law in laws:
            for k in ((1, 2, 3) if family == "multicontact" else (0,)):
                cases.append((family, law, k))
    return cases


@pytest.mark.parametrize("family,law,k", law_cases())
def test_evaluate_equals_cli_eval_bit_for_bit(cli, tmp_path, family, law, k):
    rng = np.random.default_rng(abs(hash((law, k))) % 2**32)
    cols = family_inputs(family, rng, k)
    if not law.startswith("sequential-impulse"):  # the engine laws' settings (smith writes `iterations`)
        for name in ("iterations", "threshold", "normal_first", "friction_cone", "order", "block_solver",
                     "permutation"):
            cols.pop(name, None)
    ours = collsweep.evaluate(law, errors="flag", threads=2, **cols)
    theirs = cli_eval(cli, tmp_path, law, cols)
    outputs = [c for c in theirs.columns if c not in cols]
    assert list(ours.columns)[-len(outputs):] == outputs
    assert_same_outputs(ours, theirs, outputs)
    # The rows are mostly valid collisions: the comparison covers the laws' results, not only rejections.
    assert (ours["status"] == "ok").mean() > 0.7, ours["status"].value_counts()


def test_constraints_columns_equal_cli(cli, tmp_path):
    cols = family_inputs("planar", np.random.default_rng(3))
    ours = collsweep.evaluate("newton", constraints=True, **cols)
    theirs = cli_eval(cli, tmp_path, "newton", cols, "--constraints")
    assert {"C1", "C2", "C3", "C4", "eta"} <= set(ours.columns)
    assert_same_outputs(ours, theirs, ["status", "type", "I_n", "dE", "C1", "C2", "C3", "C4", "eta"])


def test_matrix_layouts_and_broadcasting_agree():
    rng = np.random.default_rng(5)
    cols = family_inputs("planar", rng)
    W = np.stack([[cols["W_nn"], cols["W_nt"]], [cols["W_nt"], cols["W_tt"]]]).transpose(2, 0, 1)
    v = np.stack([cols["v_n"], cols["v_t"]], axis=1)
    by_columns = collsweep.evaluate("stronge", W_nn=cols["W_nn"], W_nt=cols["W_nt"], W_tt=cols["W_tt"],
                                    v_n=cols["v_n"], v_t=cols["v_t"], mu=0.4, e=cols["e"])
    by_matrix = collsweep.evaluate("stronge", W=W, v=v, mu=np.full(ROWS, 0.4), e=cols["e"])
    pd.testing.assert_frame_equal(by_columns, by_matrix, check_exact=True)
    one = collsweep.evaluate("stronge", W=W[7], v=v[7], mu=0.4, e=cols["e"][7])
    pd.testing.assert_frame_equal(one.reset_index(drop=True), by_matrix.iloc[[7]].reset_index(drop=True),
                                  check_exact=True)
    # The GIL-free threads change nothing.
    for threads in (1, 3):
        pd.testing.assert_frame_equal(by_matrix, collsweep.evaluate("stronge", W=W, v=v, mu=0.4, e=cols["e"],
                                                                    threads=threads), check_exact=True)


def test_spatial_and_multicontact_matrix_layouts():
    rng = np.random.default_rng(9)
    s = family_inputs("spatial", rng)
    W = np.empty((ROWS, 3, 3))
    for (i, j), name in {(0, 0): "W_nn", (0, 1): "W_n1", (0, 2): "W_n2", (1, 1): "W_11", (1, 2): "W_12",
                         (2, 2): "W_22"}.items():
        W[:, i, j] = W[:, j, i] = s[name]
    v = np.stack([s["v_n"], s["v_1"], s["v_2"]], axis=1)
    a = collsweep.evaluate("poisson-3d", W=W, v=v, mu=s["mu"], e=s["e"])
    b = collsweep.evaluate("poisson-3d", **{n: s[n] for n in ("W_nn", "W_n1", "W_n2", "W_11", "W_12", "W_22",
                                                              "v_n", "v_1", "v_2", "mu", "e")})
    pd.testing.assert_frame_equal(a, b, check_exact=True)
    m = family_inputs("multicontact", rng, 2)
    for name in ("iterations", "threshold", "normal_first", "order", "block_solver", "permutation"):
        m.pop(name)  # (the engine law's settings, which poisson-lcp does not read)
    G = np.empty((ROWS, 4, 4))
    for i in range(4):
        for j in range(i, 4):
            G[:, i, j] = G[:, j, i] = m[f"G_{i}_{j}"]
    gamma = np.stack([m[f"g_{i}"] for i in range(1, 5)], axis=1)
    per_contact = {p: np.stack([m[f"{p}_1"], m[f"{p}_2"]], axis=1) for p in ("mu", "eN", "eT")}
    c = collsweep.evaluate("poisson-lcp", G=G, gamma=gamma, **per_contact)
    d = collsweep.evaluate("poisson-lcp", **m)
    pd.testing.assert_frame_equal(c, d, check_exact=True)


@pytest.mark.parametrize("kwargs,message", [
    (dict(law="no-such-law"), "unknown law 'no-such-law' (the laws: planar: stronge,"),
    (dict(law="newtn"), "unknown law 'newtn' (did you mean \"newton\"?) (the laws: "),
    (dict(law="chatterjee"), "unknown law 'chatterjee' (did you mean one of \"chatterjee-ruina\", "
                             "\"chatterjee-law1\", \"chatterjee-law3\", \"chatterjee-combined\", "),
    (dict(W=np.eye(3)), "argument 'W': expected shape"),
    (dict(mu=[0.1, np.nan, 0.3]), "argument 'mu', row 1: nan is not a finite number"),
    (dict(e=[0.5, np.inf, 0.1]), "argument 'e', row 1: inf"),
    (dict(mu="rough"), "argument 'mu': not numbers"),
    (dict(W=[[1.0, 0.2], [0.3, 1.0]]), "argument 'W', row 0: not symmetric"),
    (dict(W=np.array([[[1.0, 0.0], [0.0, 1.0]], [[1.0, 2.0], [2.0, 1.0]]])),
     "row 1: invalid: W is not symmetric positive definite"),
    (dict(v=[[-1.0, 0.1], [0.5, 0.0]]), "row 1: invalid"),
    (dict(muu=0.3), "argument 'muu' is not an input of law stronge (did you mean \"mu\"?) (its inputs: "),
    (dict(Wnn=0.3), "argument 'Wnn' is not an input of law stronge (did you mean \"W_nn\"?)"),
    (dict(e=None), "law stronge needs argument 'e'"),
    (dict(mu=[0.1, 0.2, 0.3], e=[0.5, 0.5]), "do not broadcast"),
])
def test_bad_input_raises_value_error_naming_it(kwargs, message):
    args = dict(law="stronge", W=np.eye(2), v=[-1.0, 0.3], mu=0.3, e=0.5)
    args.update(kwargs)
    args = {k: v for k, v in args.items() if v is not None}
    with pytest.raises(ValueError) as err:
        collsweep.evaluate(**args)
    assert message in str(err.value)


def test_flagged_rows_have_the_reason_and_no_numbers():
    out = collsweep.evaluate("poisson", W=np.eye(2), v=[[-1.0, 0.2], [1.0, 0.2]], mu=0.3, e=0.5, errors="flag")
    assert out["status"].astype(str).tolist()[0] == "ok"
    assert out["status"].astype(str).tolist()[1].startswith("invalid: ")
    assert np.isnan(out["I_n"][1]) and out["type"][1] == 0 and np.isfinite(out["I_n"][0])


def test_other_laws_inputs_pass_through_unread():
    a = collsweep.evaluate("stronge", W=np.eye(2), v=[-1.0, 0.3], mu=0.3, e=0.5)
    b = collsweep.evaluate("stronge", W=np.eye(2), v=[-1.0, 0.3], mu=0.3, e=0.5, e_t=0.7)
    assert b["e_t"][0] == 0.7
    pd.testing.assert_frame_equal(a, b.drop(columns="e_t"), check_exact=True)


def test_non_finite_matrix_entries_name_the_matrix():
    W = np.array([np.eye(2), [[1.0, np.nan], [np.nan, 1.0]]])
    with pytest.raises(ValueError, match=r"argument 'W', row 1: nan is not a finite number"):
        collsweep.evaluate("stronge", W=W, v=[-1.0, 0.3], mu=0.3, e=0.5)
