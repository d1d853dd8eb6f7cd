#!/usr/bin/env python3
# Throughput of collsweep.evaluate("stronge") against `collsweep eval` and a plain NumPy Stronge, on one set of rows.
"""Times one million planar collisions (drawn with NumPy, fixed seed) through three routes:

1. ``collsweep.evaluate("stronge", W=..., v=..., mu=..., e=...)`` (the Python module);
2. ``collsweep eval --law stronge`` on the same rows as a CSV file (the process timed from start to exit:
   parsing and writing the 17-digit CSV included, writing the input file not);
3. a plain NumPy implementation of Stronge's closed form (Djerassi 2010; all five Types, written as
   kernels/collsweep/models/planar/laws/stronge.hpp and routh_phases.hpp write it).

It prints the rate of each in collisions/s, the CPU and the thread counts, checks that the module's
outputs equal the program's bit for bit, and prints the largest difference of the NumPy version from the
module (relative to the row's scale). Usage:

    PYTHONPATH=build/python python3 bench/python_evaluate.py [--rows N] [--threads T] [--cli build/collsweep]
"""
import argparse
import os
import pathlib
import subprocess
import sys
import tempfile
import time

import numpy as np
import pandas as pd

OUTPUTS = ["I_n", "I_t", "v_n2", "v_t2", "dE", "dE_rel"]


def draw_rows(n, seed=20261127):
    """n random planar collisions as in the quickstart: W = R diag(1, 1/c) R^T with cond c = 10^U[0, 3),
    approach angle U[0, 90) deg with a random tangent sign, mu U[0, 1.5), e U[0, 1)."""
    rng = np.random.default_rng(seed)
    phi = rng.uniform(0.0, np.pi, n)
    inv_cond = 10.0 ** -rng.uniform(0.0, 3.0, n)
    c, s = np.cos(phi), np.sin(phi)
    W = np.empty((n, 2, 2))
    W[:, 0, 0] = c * c + inv_cond * s * s
    W[:, 0, 1] = W[:, 1, 0] = c * s * (1.0 - inv_cond)
    W[:, 1, 1] = s * s + inv_cond * c * c
    theta = np.radians(rng.uniform(0.0, 90.0, n))
    v = np.stack([-np.cos(theta), np.sin(theta) * rng.choice([-1.0, 1.0], n)], axis=1)
    return W, v, rng.uniform(0.0, 1.5, n), rng.uniform(0.0, 1.0, n)


def stronge_numpy(W, v, mu, e):
    """Stronge's energetic restitution with Coulomb friction for every row (Djerassi 2010's closed form).

    Rows must be valid (W SPD, v_n < 0, mu >= 0, 0 <= e <= 1); returns a dict of arrays type, I_n, I_t,
    v_n2, v_t2, dE, dE_rel. Each Type's formulas are those of the C++ kernel (forward frame, then flipped
    back), so the results agree with it to rounding.
    """
    nn, tt = W[:, 0, 0], W[:, 1, 1]
    flipped = v[:, 1] < 0.0
    nt = np.where(flipped, -W[:, 0, 1], W[:, 0, 1])  # the forward frame: v_t >= 0 (Djerassi eq. 7)
    w, vt = -v[:, 0], np.abs(v[:, 1])
    g, h = mu * tt - nt, nn - mu * nt  # eq. 24
    p, q = mu * tt + nt, nn + mu * nt
    D = nn * tt - W[:, 0, 1] ** 2
    with np.errstate(divide="ignore", invalid="ignore"):
        I_nS = np.where(g > 0.0, vt / g, 0.0)  # eq. 40a
        v_nS = I_nS * h - w  # eq. 40c
        # Table 1 with the project's tie-breaks (docs/planar-laws.md).
        kind = np.select([g <= 0.0, h <= 0.0, v_nS <= 0.0, v_nS <= e * w],
                         [5, 1, np.where(p >= 0.0, 1, 3), np.where(p >= 0.0, 2, 4)], 5)
        I_nS = np.where(kind == 5, 0.0, I_nS)
        stick = (kind == 1) | (kind == 2)
        k = np.select([kind == 5, stick], [h, D / tt], q)
        I_nC = np.select([kind == 1, kind == 3], [(w * tt + vt * nt) / D, (w + 2.0 * mu * nt * I_nS) / q], w / h)
        # The terminal normal impulse (stronge.hpp).
        rad1 = tt * (tt * w * w + 2.0 * w * vt * nt - nt * vt * h * I_nS)
        T1 = I_nC + e * np.sqrt(np.maximum(0.0, rad1)) / D
        rad3 = w * w + 4.0 * mu * nt * w * I_nS - 2.0 * mu * nt * h * I_nS * I_nS
        T3 = I_nC + (e / q) * np.sqrt(np.maximum(0.0, rad3))
        num = (e * w - v_nS) * (e * w + v_nS) / h
        den = v_nS + np.sqrt(np.maximum(0.0, v_nS * v_nS + k * num))
        T24 = I_nS + np.where(den > 0.0, num / den, 0.0)
        T5 = (1.0 + e) * w / h
        I_n = np.select([kind == 1, kind == 3, (kind == 2) | (kind == 4)], [T1, T3, T24], T5)
        # Along the last phase (routh_phases.hpp, finish_routh).
        x = I_n - I_nS
        I_t = np.select([stick, kind == 5], [-mu * I_nS - (nt / tt) * x, -mu * I_n], -mu * I_nS + mu * x)
        v_n2 = np.select([(kind == 1) | (kind == 3), kind == 5], [k * (I_n - I_nC), h * I_n - w], v_nS + k * x)
        v_t2 = np.select([stick, kind == 5], [0.0, vt - g * I_n], p * x)
    I_t, v_t2 = np.where(flipped, -I_t, I_t), np.where(flipped, -v_t2, v_t2)
    dE = 0.5 * (I_n * (v[:, 0] + v_n2) + I_t * (v[:, 1] + v_t2))
    # Summed in the kernel's order (contact.hpp, finish_outcome), so dE_rel is rounded as it is there.
    quad = W[:, 1, 1] * v[:, 0] * v[:, 0] - 2.0 * W[:, 0, 1] * v[:, 0] * v[:, 1] + W[:, 0, 0] * v[:, 1] * v[:, 1]
    return {"type": kind, "I_n": I_n, "I_t": I_t, "v_n2": v_n2, "v_t2": v_t2, "dE": dE,
            "dE_rel": 2.0 * dE * D / quad}


def differences(ours, ref, W, v, ok):
    """Per output, |ours - ref| on the rows ok, scaled to the row: impulses by the larger of |I_n|, |I_t|,
    velocities by |v1|, dE by T_acc (dE_rel is already relative)."""
    get = {c: ref[c].to_numpy(float)[ok] for c in OUTPUTS}
    W, v = W[ok], v[ok]
    impulse = np.maximum(np.abs(get["I_n"]), np.abs(get["I_t"]))
    speed = np.hypot(v[:, 0], v[:, 1])
    quad = W[:, 1, 1] * v[:, 0] ** 2 - 2.0 * W[:, 0, 1] * v[:, 0] * v[:, 1] + W[:, 0, 0] * v[:, 1] ** 2
    t_acc = 0.5 * quad / (W[:, 0, 0] * W[:, 1, 1] - W[:, 0, 1] ** 2)
    scale = {"I_n": impulse, "I_t": impulse, "v_n2": speed, "v_t2": speed, "dE": t_acc, "dE_rel": 1.0}
    return {c: np.abs(np.asarray(ours[c])[ok] - get[c]) / scale[c] for c in OUTPUTS}


def time_call(fn, repeat):
    """The best wall time of repeat calls, and the last result."""
    best, result = float("inf"), None
    for _ in range(repeat):
        start = time.perf_counter()
        result = fn()
        best = min(best, time.perf_counter() - start)
    return best, result


def cpu_name():
    try:
        for line in pathlib.Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return "unknown CPU"


def run_cli(cli, W, v, mu, e, folder):
    """`collsweep eval --law stronge` on the rows: (process seconds, output DataFrame)."""
    rows = pd.DataFrame({"W_nn": W[:, 0, 0], "W_nt": W[:, 0, 1], "W_tt": W[:, 1, 1], "v_n": v[:, 0],
                         "v_t": v[:, 1], "mu": mu, "e": e})
    src, dst = folder / "in.csv", folder / "out.csv"
    rows.to_csv(src, index=False, float_format="%.17g")
    start = time.perf_counter()
    done = subprocess.run([cli, "eval", "--law", "stronge", "--in", str(src), "--out", str(dst)],
                          capture_output=True, text=True)
    seconds = time.perf_counter() - start
    if done.returncode != 0:
        sys.exit(f"{cli} eval failed ({done.returncode}): {done.stderr.strip()}")
    return seconds, pd.read_csv(dst, float_precision="round_trip")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rows", type=int, default=1_000_000, help="collisions (default 10^6)")
    parser.add_argument("--threads", type=int, default=0, help="collsweep.evaluate's threads (0: all cores)")
    parser.add_argument("--cli", default=os.environ.get("COLLSWEEP_CLI", "build/collsweep"),
                        help="the collsweep program (default: $COLLSWEEP_CLI or build/collsweep)")
    parser.add_argument("--repeat", type=int, default=3, help="in-process timings: best of this many")
    args = parser.parse_args()

    import collsweep

    W, v, mu, e = draw_rows(args.rows)
    n = args.rows
    module_s, module = time_call(
        lambda: collsweep.evaluate("stronge", W=W, v=v, mu=mu, e=e, threads=args.threads), args.repeat)
    numpy_s, ours = time_call(lambda: stronge_numpy(W, v, mu, e), args.repeat)
    with tempfile.TemporaryDirectory(prefix="collsweep-bench-") as tmp:
        cli_s, cli = run_cli(args.cli, W, v, mu, e, pathlib.Path(tmp))

    print(f"{n} planar collisions (stronge), seed fixed; CPU: {cpu_name()}, {os.cpu_count()} logical cores")
    print(f"collsweep {getattr(collsweep, '__version__', '?')}, NumPy {np.__version__}")
    print(f"{'route':<48}{'seconds':>10}{'collisions/s':>16}")
    threads = f"threads={args.threads}" + (" (all cores)" if args.threads == 0 else "")
    for route, seconds in [(f"collsweep.evaluate, {threads}", module_s),
                           ("collsweep eval (process, CSV in/out, 1 thread)", cli_s),
                           ("NumPy closed form (1 thread)", numpy_s)]:
        print(f"{route:<48}{seconds:>10.4f}{n / seconds:>16.4g}")

    status_ok = (module["status"].astype(str) == "ok").to_numpy()
    same = all(np.array_equal(module[c].to_numpy(float)[status_ok], cli[c].to_numpy(float)[status_ok])
               for c in OUTPUTS + ["type"]) and np.array_equal(status_ok, (cli["status"] == "ok").to_numpy())
    print(f"evaluate == eval, bit for bit, on all {n} rows: {'yes' if same else 'NO'}")
    worst = {c: float(np.max(d)) for c, d in differences(ours, module, W, v, status_ok).items()}
    types_equal = np.array_equal(ours["type"][status_ok], module["type"].to_numpy()[status_ok])
    print(f"NumPy vs collsweep on {int(status_ok.sum())} valid rows: Types equal: {'yes' if types_equal else 'NO'}; "
          "largest difference " + ", ".join(f"{c} {d:.3g}" for c, d in worst.items()))
    if not same or not types_equal or max(worst.values()) > 1e-12:
        sys.exit(1)


if __name__ == "__main__":
    main()
