#!/usr/bin/env python3
"""Tests of scripts/plot_fit.py on synthetic `collsweep fit` output folders (planar-like and spatial-like, a
one- and a two-parameter loss map, an invalid region, fit.csv with and without mu, a μ held or without effect in
summary.json, unused impacts) and of its helpers on known numbers."""
import csv
import importlib.util
import json
import math
import os
import struct
import subprocess
import sys
import tempfile
import unittest

sys.dont_write_bytecode = True  # no __pycache__ beside the script in the source tree

try:
    import matplotlib  # noqa: F401
    import numpy as np
except ImportError as err:  # CTest reads 77 as "skipped"
    print(f"test_plot_fit: skipped: {err}")
    sys.exit(77)

SCRIPT = os.path.join(os.path.dirname(os.path.abspath(__file__)), os.pardir, os.pardir, "scripts", "plot_fit.py")
DPI = "50"  # small PNGs keep the test fast
DATA_MAPS = {"apparent_e_vs_theta.png", "impulse_ratio_vs_theta.png", "error_vs_theta.png",
             "apparent_e_vs_coupling.png"}


def load_script():
    """scripts/plot_fit.py as a module."""
    spec = importlib.util.spec_from_file_location("plot_fit", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


pf = load_script()


def field(x):
    """A CSV field as collsweep writes it: 17 significant digits, empty for None or NaN."""
    if x is None or (isinstance(x, float) and math.isnan(x)):
        return ""
    return x if isinstance(x, str) else f"{x:.17g}"


def write_csv(path, header, rows):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", newline="") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(header)
        for row in rows:
            w.writerow([field(x) for x in row])


def write_fit(folder, parameters, laws):
    """fit.csv in the spec's layout: law, <p>,<p>_lo,<p>_hi per parameter, then the loss columns.
    laws: {law: {parameter: value or (value, lo, hi)}}."""
    header = ["law"] + [c for p in parameters for c in (p, p + "_lo", p + "_hi")] + [
        "loss", "aggregate", "loss_value", "impacts_used", "impacts_rejected", "infeasible_fraction"]
    rows = []
    for law, values in laws.items():
        row = [law]
        for p in parameters:
            v = values.get(p)
            row += list(v) if isinstance(v, tuple) else [v, None, None]
        row += ["contact", "mean", values.get("loss_value", 0.05), 40, 10, 0.0]
        rows.append(row)
    write_csv(os.path.join(folder, "fit.csv"), header, rows)


def synthetic_impacts(n=50, unused=10, seed=3, coupling=True):
    """impacts.csv rows: n impacts, the last `unused` of them not used (with wild values that must not be
    drawn); theta over 0..40 deg, apparent_e falling with theta, impulse_ratio rising to 0.3."""
    rng = np.random.default_rng(seed)
    rows = []
    for k in range(n):
        used = k < n - unused
        theta = 40.0 * k / n
        e = 0.6 - 0.004 * theta + 0.02 * rng.standard_normal()
        ratio = min(0.3, 0.01 * theta) + 0.01 * rng.standard_normal()
        c = rng.uniform(-0.4, 0.4) if coupling else None
        values = [theta, c, e, ratio, 1, 0.0] if used else [theta, c, 50.0, 50.0, 0, 1.0]
        rows.append([k + 1, k + 2, 1 if used else 0, "" if used else "where flags=0"] + values)
    return rows


IMPACT_HEADER = ["impact", "line", "used", "reason", "theta_deg", "coupling", "apparent_e", "impulse_ratio",
                 "feasible", "misfit"]


def write_residuals(folder, laws, impacts, spatial=False):
    """residuals.csv: per used impact and law, predicted and measured columns and an error."""
    names = ["v_n", "v_1", "v_2"] if spatial else ["v_n", "v_t"]
    header = (["impact", "law", "status"] + [c + "_pred" for c in names] + [c + "_post" for c in names]
              + ["error"])
    rows = []
    for i, law in enumerate(laws):
        for row in impacts:
            if row[2] != 1:
                continue
            error = 10.0 ** (-2 - i) * (1 + row[4] / 40.0)
            rows.append([row[0], law, "ok"] + [0.1] * (2 * len(names)) + [error])
    write_csv(os.path.join(folder, "residuals.csv"), header, rows)


def write_summary(folder, flags):
    """summary.json with the laws' parameter entries of collsweep fit; flags: {law: {parameter: (held, effect)}}."""
    laws = [{"law": law, "loss_value": 0.05,
             "parameters": {name: {"value": 0.2, "lo": None, "hi": None, "held": held, "effect": effect,
                                   "box": [0.0, 1.5]} for name, (held, effect) in parameters.items()}}
            for law, parameters in flags.items()]
    with open(os.path.join(folder, "summary.json"), "w") as f:
        json.dump({"family": "planar", "laws": laws}, f)


def planar_folder(folder, coupling=True):
    """A planar-like fit folder: newton (e: a 1-D loss map), poisson (e, mu with bootstrap intervals: a 2-D loss
    map with an invalid region), chatterjee-ruina (e, e_t, mu)."""
    laws = {"newton": {"e": 0.55}, "poisson": {"e": (0.5, 0.45, 0.56), "mu": (0.2, 0.15, 0.26)},
            "chatterjee-ruina": {"e": 0.52, "e_t": -0.3, "mu": 0.25}}
    write_fit(folder, ["e", "e_t", "mu"], laws)
    impacts = synthetic_impacts(coupling=coupling)
    write_csv(os.path.join(folder, "impacts.csv"), IMPACT_HEADER, impacts)
    write_residuals(folder, list(laws), impacts)
    es = np.linspace(0.1, 0.9, 17)
    write_csv(os.path.join(folder, "loss_maps", "newton__e.csv"), ["e", "loss"],
              [[e, (e - 0.55) ** 2 + 0.01 if e < 0.85 else None] for e in es])
    mus = np.linspace(0.0, 1.0, 11)
    rows = []
    for mu in mus:
        for e in es:
            invalid = mu > 0.75 and e > 0.6  # the law has no result there
            rows.append([e, mu, None if invalid else 1e-3 + (e - 0.5) ** 2 + 10 * (mu - 0.2) ** 2])
    write_csv(os.path.join(folder, "loss_maps", "poisson__e__mu.csv"), ["e", "mu", "loss"], rows)
    ets = np.linspace(-1.0, 1.0, 9)
    write_csv(os.path.join(folder, "loss_maps", "chatterjee-ruina__e__e_t.csv"), ["e", "e_t", "loss"],
              [[e, et, 0.1 + (e - 0.52) ** 2 + (et + 0.3) ** 2] for et in ets for e in es])
    return folder


def spatial_folder(folder):
    """A spatial-like fit folder without friction parameters: fit.csv has no mu column."""
    laws = {"newton-3d": {"e": 0.3}, "chatterjee-ruina-3d": {"e": 0.31, "e_t": 0.1}}
    write_fit(folder, ["e", "e_t"], laws)
    impacts = synthetic_impacts(n=60, unused=5, seed=5)
    write_csv(os.path.join(folder, "impacts.csv"), IMPACT_HEADER, impacts)
    write_residuals(folder, list(laws), impacts, spatial=True)
    es = np.geomspace(0.05, 0.9, 12)  # a log-spaced grid
    write_csv(os.path.join(folder, "loss_maps", "newton-3d__e.csv"), ["e", "loss"], [[e, (e - 0.3) ** 2] for e in es])
    ets = np.linspace(-1.0, 1.0, 9)
    write_csv(os.path.join(folder, "loss_maps", "chatterjee-ruina-3d__e__e_t.csv"), ["e", "e_t", "loss"],
              [[e, et, 0.01 + (e - 0.31) ** 2 + (et - 0.1) ** 2] for et in ets for e in es])
    return folder


def png_chunks(path):
    """The chunk types of a PNG file, its width and height; fails unless it is a PNG."""
    with open(path, "rb") as f:
        data = f.read()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", path
    kinds, pos = [], 8
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        kinds.append(kind.decode("latin-1"))
        if kind == b"IHDR":
            width, height = struct.unpack(">II", data[pos + 8:pos + 16])
        pos += 12 + length
    return kinds, width, height, data


def rendered(fig):
    """The RGB pixels of a figure of the script (rows from the top)."""
    fig.canvas.draw()
    return np.asarray(fig.canvas.buffer_rgba())[..., :3].astype(int)


def pixel_at(fig, ax, x, y):
    """The RGB pixel of data point (x, y) of ax."""
    px, py = ax.transData.transform((x, y))
    pixels = rendered(fig)
    return pixels[pixels.shape[0] - int(round(py)), int(round(px))]


def rgb(color):
    from matplotlib.colors import to_rgb

    return np.array([round(255 * c) for c in to_rgb(color)])


class Helpers(unittest.TestCase):
    """The script's computations on known numbers."""

    def test_binned_quartiles(self):
        x = np.arange(11.0)  # 0 .. 10; the last edge (10) belongs to the last bin
        y = np.array([1, 2, 3, 4, 5, 10, 20, 30, 40, 50, 60], float)
        centres, counts, q25, q50, q75 = pf.binned_quartiles(x, y, [0.0, 5.0, 10.0], min_count=1)
        self.assertEqual(centres.tolist(), [2.5, 7.5])
        self.assertEqual(counts.tolist(), [5, 6])
        self.assertEqual(q50.tolist(), [3.0, 35.0])
        self.assertEqual(q25.tolist(), [2.0, 22.5])  # numpy's linear quantiles
        self.assertEqual(q75.tolist(), [4.0, 47.5])

    def test_binned_quartiles_skips_sparse_bins_and_nan(self):
        x = np.array([0.5, 1.5, 1.6, 1.7, math.nan, 1.8, 5.0])
        y = np.array([9.0, 1.0, 2.0, math.nan, 7.0, 3.0, 4.0])
        centres, counts, _, q50, _ = pf.binned_quartiles(x, y, [0.0, 1.0, 2.0, 3.0], min_count=2)
        self.assertEqual(counts.tolist(), [1, 3, 0])  # NaN x or y and x outside the edges are left out
        self.assertTrue(math.isnan(q50[0]) and math.isnan(q50[2]))
        self.assertEqual(q50[1], 2.0)

    def test_bin_edges(self):
        edges = pf.bin_edges(np.linspace(0.0, 30.0, 1700))
        self.assertEqual(len(edges) - 1, pf.MAX_BINS)
        self.assertEqual((edges[0], edges[-1]), (0.0, 30.0))
        self.assertEqual(len(pf.bin_edges([1.0, 2.0, math.nan])) - 1, 3)
        self.assertEqual(pf.bin_edges([2.0, 2.0]).tolist(), [1.5, 2.5])
        self.assertIsNone(pf.bin_edges([math.nan]))

    def test_log_scale_wanted(self):
        self.assertTrue(pf.log_scale_wanted([1e-3, 0.5, math.nan]))
        self.assertFalse(pf.log_scale_wanted([0.01, 0.5, 0.9]))
        self.assertFalse(pf.log_scale_wanted([0.0, 0.02, 1.0]))  # zeros aside: 1.7 decades
        self.assertFalse(pf.log_scale_wanted([0.3]))

    def test_geometric_grid(self):
        self.assertTrue(pf.geometric(np.geomspace(0.01, 1.0, 9)))
        self.assertFalse(pf.geometric(np.linspace(0.01, 1.0, 9)))
        self.assertFalse(pf.geometric(np.linspace(-1.0, 1.0, 9)))
        edges = pf.grid_edges(np.array([1.0, 10.0, 100.0]), log=True)
        self.assertTrue(np.allclose(edges, [10 ** -0.5, 10 ** 0.5, 10 ** 1.5, 10 ** 2.5]))
        self.assertEqual(pf.grid_edges(np.array([0.0, 1.0, 3.0]), log=False).tolist(), [-0.5, 0.5, 2.0, 4.0])


class Figures(unittest.TestCase):
    """The figures drawn in this process: marks and regions read back from the pixels."""

    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        self.folder = planar_folder(os.path.join(self.tmp.name, "planar"))
        self.fit = pf.Fit(os.path.join(self.folder, "fit.csv"))

    def tearDown(self):
        self.tmp.cleanup()

    def test_fit_columns(self):
        self.assertEqual(self.fit.parameters, ["e", "e_t", "mu"])
        self.assertEqual(self.fit.value("poisson", "mu"), 0.2)
        self.assertEqual(self.fit.interval("poisson", "e"), (0.45, 0.56))
        self.assertTrue(math.isnan(self.fit.value("newton", "mu")))  # the law lacks it: an empty field
        self.assertTrue(all(math.isnan(v) for v in self.fit.interval("newton", "e")))
        self.assertEqual(self.fit.loss_words("newton"), "mean contact loss")

    def test_2d_fitted_point_and_invalid_region(self):
        path = os.path.join(self.folder, "loss_maps", "poisson__e__mu.csv")
        fig, ax, point = pf.loss_map_figure(path, self.fit, 60)
        self.assertEqual(point, (0.5, 0.2))
        marker = pixel_at(fig, ax, *point)
        self.assertLessEqual(np.max(np.abs(marker - rgb(pf.FIT_COLOR))), 12, marker)
        invalid = pixel_at(fig, ax, 0.85, 0.9)  # the law has no loss there
        self.assertEqual(invalid.tolist(), rgb(pf.INVALID_COLOR).tolist())
        away = pixel_at(fig, ax, 0.15, 0.5)  # a valid cell far from the fit: a colour of the scale
        self.assertGreater(np.max(np.abs(away - rgb(pf.FIT_COLOR))), 60)
        self.assertNotEqual(away.tolist(), rgb(pf.INVALID_COLOR).tolist())
        self.assertEqual(ax.get_xlabel(), "restitution coefficient e")
        self.assertEqual(ax.get_ylabel(), "friction coefficient μ")

    def test_1d_fitted_point(self):
        path = os.path.join(self.folder, "loss_maps", "newton__e.csv")
        fig, ax, point = pf.loss_map_figure(path, self.fit, 60)
        self.assertEqual(point, (0.55, 0.05))  # loss_value of fit.csv
        marker = pixel_at(fig, ax, *point)
        self.assertLessEqual(np.max(np.abs(marker - rgb(pf.FIT_COLOR))), 12, marker)
        lo, hi = ax.get_ylim()
        invalid = pixel_at(fig, ax, 0.88, lo + 0.37 * (hi - lo))  # e > 0.85: invalid, drawn as a grey band
        self.assertEqual(invalid.tolist(), rgb(pf.INVALID_COLOR).tolist())

    def test_log_colour_scale(self):
        from matplotlib.colors import LogNorm

        self.assertIsInstance(pf.loss_norm(np.array([1e-4, 0.1, math.nan, 1.0])), LogNorm)
        self.assertNotIsInstance(pf.loss_norm(np.array([0.1, 0.5, 1.0])), LogNorm)

    def test_law_not_in_fit(self):
        path = os.path.join(self.folder, "loss_maps", "stronge__e__mu.csv")
        write_csv(path, ["e", "mu", "loss"], [[0.5, 0.1, 1.0], [0.6, 0.1, 2.0], [0.5, 0.2, 3.0], [0.6, 0.2, 4.0]])
        fig, ax, point = pf.loss_map_figure(path, self.fit, 60)
        self.assertTrue(all(math.isnan(v) for v in point))
        self.assertIn("no fitted value", ax.get_title())

    def test_used_rows_and_mu_lines(self):
        impacts = pf.Impacts(os.path.join(self.folder, "impacts.csv"))
        self.assertEqual(impacts.count, 40)
        self.assertLess(np.nanmax(impacts.columns["apparent_e"]), 1.0)  # the unused rows' 50 is left out
        residuals = pf.Table(os.path.join(self.folder, "residuals.csv"), pf.RESIDUAL_COLUMNS)
        figures = dict(pf.data_figures(impacts, residuals, self.fit, 50))
        self.assertEqual(set(figures), DATA_MAPS)
        ax = figures["impulse_ratio_vs_theta.png"].axes[0]
        mu_lines = sorted((line.get_label(), line.get_ydata()[0]) for line in ax.get_lines()
                          if line.get_label().startswith("fitted μ"))
        self.assertEqual(mu_lines, [("fitted μ of chatterjee-ruina: 0.25", 0.25), ("fitted μ of poisson: 0.2", 0.2)])
        scatter = figures["apparent_e_vs_theta.png"].axes[0].collections[0]
        self.assertEqual(len(scatter.get_offsets()), 40)
        error_ax = figures["error_vs_theta.png"].axes[0]
        self.assertEqual(error_ax.get_yscale(), "log")
        self.assertEqual(len(error_ax.get_lines()), 3)  # one per law

    def mu_lines_of_folder(self):
        """The fitted-μ lines of the folder's impulse-ratio plot, read as the script reads the folder, and the
        texts of its legend."""
        fit, impacts, residuals, _ = pf.read_folder(self.folder)
        ax = dict(pf.data_figures(impacts, residuals, fit, 50))["impulse_ratio_vs_theta.png"].axes[0]
        lines = sorted((line.get_label(), line.get_ydata()[0]) for line in ax.get_lines()
                       if line.get_label().startswith("fitted μ"))
        return lines, [t.get_text() for t in ax.get_legend().get_texts()]

    def test_mu_lines_skip_held_and_no_effect(self):
        """A μ that summary.json marks held or without effect gets no line; the legend says which and why."""
        write_summary(self.folder, {"newton": {"e": (False, True)},
                                    "poisson": {"e": (False, True), "mu": (False, False)},
                                    "chatterjee-ruina": {"e": (False, True), "e_t": (False, True),
                                                         "mu": (False, True)}})
        lines, legend = self.mu_lines_of_folder()
        self.assertEqual(lines, [("fitted μ of chatterjee-ruina: 0.25", 0.25)])
        self.assertIn("μ not drawn: poisson (no effect)", legend)
        write_summary(self.folder, {"poisson": {"e": (False, True), "mu": (True, True)},
                                    "chatterjee-ruina": {"e": (False, True), "mu": (True, False)}})
        lines, legend = self.mu_lines_of_folder()
        self.assertEqual(lines, [])
        self.assertIn("μ not drawn: poisson (held), chatterjee-ruina (held)", [t.replace("\n", " ") for t in legend])

    def test_mu_lines_without_summary(self):
        """A folder without summary.json: every fitted μ is drawn, and nothing is noted."""
        lines, legend = self.mu_lines_of_folder()
        self.assertEqual([label for label, _ in lines],
                         ["fitted μ of chatterjee-ruina: 0.25", "fitted μ of poisson: 0.2"])
        self.assertFalse([t for t in legend if t.startswith("μ not drawn")])


class Script(unittest.TestCase):
    """The script run as collsweep runs it."""

    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()

    def tearDown(self):
        self.tmp.cleanup()

    def plot(self, folder, *extra, env=None, python=(sys.executable,)):
        return subprocess.run([*python, SCRIPT, folder, "--dpi", DPI, *extra], capture_output=True, text=True,
                              timeout=120, env=env)

    def check_pngs(self, folder, loss_maps, data_maps):
        """Exit 0 and exactly these PNGs, each printed, valid, of a sensible size, without time or software."""
        result = self.plot(folder)
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertEqual(result.stderr, "")
        expected = {os.path.join(folder, "loss_maps", f) for f in loss_maps} | {
            os.path.join(folder, "data_maps", f) for f in data_maps}
        self.assertEqual(set(result.stdout.split()), expected)
        pngs = {os.path.join(folder, d, f) for d in ("loss_maps", "data_maps")
                for f in os.listdir(os.path.join(folder, d)) if f.endswith(".png")}
        self.assertEqual(pngs, expected)
        for path in expected:
            kinds, width, height, data = png_chunks(path)
            self.assertEqual(kinds[0], "IHDR")
            self.assertIn("IDAT", kinds)
            self.assertNotIn("tIME", kinds)
            self.assertNotIn(b"Software", data[:2000])
            self.assertTrue(250 <= width <= 600 and 200 <= height <= 400, (path, width, height))
            self.assertGreater(len(data), 3000, path)  # something is drawn
        return expected

    def test_planar(self):
        folder = planar_folder(os.path.join(self.tmp.name, "planar"))
        written = self.check_pngs(folder, {"newton__e.png", "poisson__e__mu.png", "chatterjee-ruina__e__e_t.png"},
                                  DATA_MAPS)
        before = {p: png_chunks(p)[3] for p in written}
        again = self.plot(folder, "--quiet")
        self.assertEqual((again.returncode, again.stdout, again.stderr), (0, "", ""))
        self.assertEqual({p: png_chunks(p)[3] for p in written}, before)  # the same bytes

    def test_spatial_without_mu(self):
        folder = spatial_folder(os.path.join(self.tmp.name, "spatial"))
        self.check_pngs(folder, {"newton-3d__e.png", "chatterjee-ruina-3d__e__e_t.png"}, DATA_MAPS)

    def test_no_coupling(self):
        folder = planar_folder(os.path.join(self.tmp.name, "no_coupling"), coupling=False)
        self.check_pngs(folder, {"newton__e.png", "poisson__e__mu.png", "chatterjee-ruina__e__e_t.png"},
                        DATA_MAPS - {"apparent_e_vs_coupling.png"})

    def test_dpi(self):
        folder = planar_folder(os.path.join(self.tmp.name, "dpi"))
        result = self.plot(folder, "--quiet", "--dpi", "100")
        self.assertEqual(result.returncode, 0, result.stderr)
        _, width, height, _ = png_chunks(os.path.join(folder, "data_maps", "apparent_e_vs_theta.png"))
        self.assertEqual((width, height), (640, 450))

    def test_missing_fit_csv(self):
        folder = planar_folder(os.path.join(self.tmp.name, "missing"))
        os.remove(os.path.join(folder, "fit.csv"))
        result = self.plot(folder)
        self.assertEqual(result.returncode, 2)
        self.assertIn("fit.csv", result.stderr)
        self.assertEqual(len(result.stderr.strip().splitlines()), 1, result.stderr)
        self.assertNotIn("Traceback", result.stderr)
        self.assertFalse(os.path.exists(os.path.join(folder, "data_maps")))

    def test_bad_input(self):
        folder = planar_folder(os.path.join(self.tmp.name, "bad"))
        os.remove(os.path.join(folder, "residuals.csv"))
        result = self.plot(folder)
        self.assertEqual(result.returncode, 2)
        self.assertIn("residuals.csv", result.stderr)
        absent = self.plot(os.path.join(self.tmp.name, "absent"))
        self.assertEqual(absent.returncode, 2)
        self.assertIn("absent", absent.stderr)
        folder = planar_folder(os.path.join(self.tmp.name, "bad_number"))
        path = os.path.join(folder, "loss_maps", "newton__e.csv")
        with open(path) as f:
            lines = f.read().split("\n")
        lines[1] = "zero point one," + lines[1].split(",")[1]
        with open(path, "w") as f:
            f.write("\n".join(lines))
        result = self.plot(folder)
        self.assertEqual(result.returncode, 2)
        self.assertIn("newton__e.csv:2", result.stderr)
        self.assertNotIn("Traceback", result.stderr)

    def test_bad_summary(self):
        folder = planar_folder(os.path.join(self.tmp.name, "bad_summary"))
        with open(os.path.join(folder, "summary.json"), "w") as f:
            f.write("{not json")
        result = self.plot(folder)
        self.assertEqual(result.returncode, 2)
        self.assertIn("summary.json", result.stderr)
        self.assertNotIn("Traceback", result.stderr)

    def test_no_matplotlib(self):
        """A python3 that cannot import matplotlib (a stand-in that fails, or -S: no site packages) exits 3,
        saying so unless --quiet."""
        folder = planar_folder(os.path.join(self.tmp.name, "bare"))
        shadow = os.path.join(self.tmp.name, "shadow", "matplotlib")
        os.makedirs(shadow)
        with open(os.path.join(shadow, "__init__.py"), "w") as f:
            f.write("raise ImportError('no matplotlib here')\n")
        env = dict(os.environ, PYTHONPATH=os.path.dirname(shadow))
        for python, extra in (((sys.executable,), ()), ((sys.executable,), ("--quiet",)),
                              ((sys.executable, "-S"), ())):
            result = self.plot(folder, *extra, env=env, python=python)
            self.assertEqual(result.returncode, 3, result.stderr)
            self.assertEqual("matplotlib" in result.stderr, "--quiet" not in extra, result.stderr)
            self.assertNotIn("Traceback", result.stderr)
        # collsweep's --import-error FILE: what cannot be imported and why in FILE, nothing on stderr.
        report = os.path.join(self.tmp.name, "import_error.txt")
        bare = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
        for python, run_env, said in (((sys.executable,), env, "cannot import matplotlib: no matplotlib here"),
                                      ((sys.executable, "-S"), bare,
                                       "cannot import matplotlib: No module named 'matplotlib'")):
            result = self.plot(folder, "--import-error", report, env=run_env, python=python)
            self.assertEqual((result.returncode, result.stderr), (3, ""))
            with open(report) as f:
                self.assertEqual(f.read(), said + "\n")
        self.assertFalse(os.path.exists(os.path.join(folder, "data_maps")))


if __name__ == "__main__":
    unittest.main()
