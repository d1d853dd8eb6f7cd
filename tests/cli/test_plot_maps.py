#!/usr/bin/env python3
"""Tests of scripts/plot_maps.py on synthetic run folders (planar, multi-contact, spatial, 1-D, no gain, old
format) and of the map drawing it shares with the Python module (scripts/map_drawing.py)."""
import csv
import importlib.util
import json
import math
import os
import re
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
    print(f"test_plot_maps: skipped: {err}")
    sys.exit(77)

SCRIPT = os.path.join(os.path.dirname(os.path.abspath(__file__)), os.pardir, os.pardir, "scripts",
                      "plot_maps.py")
DPI = "40"  # small PNGs keep the test fast
PLANAR_LAWS = ["stronge", "poisson", "newton", "chatterjee-ruina"]
PLANAR_TYPES = {"1: sticking in compression": 0, "2: sticking in restitution": 0,
                "3: reverse sliding in compression": 0, "4: reverse sliding in restitution": 0,
                "5: forward sliding throughout": 0}
CR_TYPES = {"1: inside friction cone": 0, "2: projected onto friction cone": 0}


def load_script():
    """scripts/plot_maps.py as a module."""
    spec = importlib.util.spec_from_file_location("plot_maps", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    sys.modules["plot_maps"] = module  # its forked processes' function is found by name
    spec.loader.exec_module(module)
    return module


pm = load_script()
import map_drawing as md  # noqa: E402 (beside the script, on the path it set)


def wilson(k, n, z=1.959963984540054):
    """The 95 % Wilson score interval of k successes in n."""
    p = k / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z / (1 + z * z / n) * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    return centre - half, centre + half


def fraction_fields(k, n):
    """fraction, lo, hi of k of n as CSV fields (empty when n = 0)."""
    if n == 0:
        return ["", "", ""]
    lo, hi = wilson(k, n)
    return [repr(k / n), repr(lo), repr(hi)]


def planar_header(axes):
    """The new planar map.csv header."""
    return (axes + ["law", "samples", "valid", "invalid", "degenerate", "gain_count", "gain_fraction",
                    "gain_fraction_lo", "gain_fraction_hi", "max_dE_rel", "mean_dE_rel"]
            + [f"type_{t}" for t in range(1, 6)]
            + [f"type_{t}_fraction{s}" for t in range(1, 6) for s in ("", "_lo", "_hi")]
            + ["dominant_type", "dominant_fraction", "violations"])


def planar_row(centres, law, valid, gains, types, invalid=3, degenerate=1):
    """One planar map.csv row; types = counts per Type the law has (they sum to valid)."""
    n_types = len(types)
    counts = list(types) + [0] * (5 - n_types)
    stats = fraction_fields(gains, valid) + (["0.5", "0.1"] if valid and gains else ["-0.3", "-0.5"] if valid
                                             else ["", ""])
    fractions = []
    for t in range(5):
        fractions += fraction_fields(counts[t], valid) if t < n_types else ["", "", ""]
    dominant = max(range(n_types), key=lambda t: counts[t])
    tail = [str(dominant + 1), repr(counts[dominant] / valid)] if valid else ["", ""]
    return ([repr(c) for c in centres] + [law, str(valid + invalid + degenerate), str(valid), str(invalid),
                                           str(degenerate), str(gains)] + stats
            + [str(c) for c in counts] + fractions + tail + ["0"])


def write_run(folder, model, header, rows, laws):
    """A run folder with map.csv and summary.json."""
    os.makedirs(folder)
    with open(os.path.join(folder, "map.csv"), "w", newline="") as f:
        writer = csv.writer(f)
        writer.writerow(header)
        writer.writerows(rows)
    summary = {"model": model, "config_file": f"configs/{os.path.basename(folder)}.toml", "laws": {}}
    for law in laws:
        entry = {"valid_samples": 1}
        if model == "planar":
            entry["types"] = CR_TYPES if law == "chatterjee-ruina" else PLANAR_TYPES
        summary["laws"][law] = entry
    with open(os.path.join(folder, "summary.json"), "w") as f:
        json.dump(summary, f)
    return folder


def planar_run(folder, axes, no_gain=False):
    """A planar run over one or two axes: four laws, one cell without valid samples, one thin, one 50/50."""
    xs = [5.0 + 10.0 * i for i in range(6)]
    ys = [0.1 + 0.2 * j for j in range(4)] if len(axes) == 2 else [None]
    rows = []
    for law in PLANAR_LAWS:
        n_types = 2 if law == "chatterjee-ruina" else 5
        for j, y in enumerate(ys):
            for i, x in enumerate(xs):
                valid = 0 if i == 0 and j == 0 else 40 if i == 1 and j == 0 else 400
                if i == 2 and j == 0:  # the 50/50 mixture of Types 1 and 2
                    types = [200, 200] + [0] * (n_types - 2)
                else:
                    dominant = (i + j) % n_types
                    types = [valid if t == dominant else 0 for t in range(n_types)]
                    if valid and n_types == 5:
                        types[dominant] -= 10 * (j + 1)
                        types[(dominant + 1) % 5] += 10 * (j + 1)
                gains = 0 if no_gain or law in ("stronge", "poisson") or valid == 0 else i * 5
                centres = [x] if y is None else [x, y]
                rows.append(planar_row(centres, law, valid, gains, types))
    return write_run(folder, "planar", planar_header(axes), rows, PLANAR_LAWS)


def multicontact_run(folder):
    """A two-contact run over log10 cond(G) x coefficient spread with poisson-lcp and newton-lcp."""
    header = (["log10_cond", "eps_spread", "law", "samples", "valid"]
              + [f"p_gain_{w}{s}" for w in ("max", "min", "chosen") for s in ("", "_lo", "_hi")]
              + ["max_W_rel", "mean_W_rel"] + [f"solutions_{s}" for s in range(1, 9)]
              + ["truncated", "violations_111", "violations_117", "violations_121", "no_solution",
                 "solver_failure", "singular", "invalid"])
    rows = []
    for law in ("poisson-lcp", "newton-lcp"):
        for j in range(4):
            for i in range(5):
                valid = 0 if (i, j) == (4, 3) else 30 if (i, j) == (0, 0) else 300
                k_max, k_min = i * j * 4, i * j
                stats = (fraction_fields(k_max, valid) + fraction_fields(k_min, valid)
                         + fraction_fields(k_min, valid) + (["0.2", "-0.1"] if valid else ["", ""]))
                rows.append([repr(0.5 + i), repr(0.125 + 0.25 * j), law, str(valid + 2), str(valid)] + stats
                            + [str(valid)] + ["0"] * 7 + ["0"] * 7 + ["2"])
    return write_run(folder, "multicontact", header, rows, ["poisson-lcp", "newton-lcp"])


SPATIAL_LAWS = ["stronge-3d", "poisson-3d", "chatterjee-ruina-3d"]
SPATIAL_MODES = ["A", "B", "C", "D", "E", "II_1", "II_2"]


def spatial_run(folder):
    """A spatial run over psi x mu_ratio: Routh laws with modes A..E, Law II with II-1/II-2, one empty cell."""
    header = (["psi", "mu_ratio", "law", "samples", "valid", "invalid", "degenerate", "jam", "gain_count",
               "gain_fraction", "gain_fraction_lo", "gain_fraction_hi", "violations", "max_dE_rel",
               "mean_dE_rel"] + [f"mode_{m}" for m in SPATIAL_MODES]
              + ["directions_2", "directions_4", "stick_regime", "mean_swerve_deg", "max_swerve_deg"])
    rows = []
    for law in SPATIAL_LAWS:
        own = [5, 6] if law == "chatterjee-ruina-3d" else [0, 1, 2, 3, 4]
        for j in range(3):
            for i in range(4):
                valid = 0 if (i, j) == (3, 2) else 300
                modes = [0] * 7
                if valid:
                    modes[own[(i + j) % len(own)]] = valid - 50
                    modes[own[(i + j + 1) % len(own)]] += 50
                gains = i * 3 if law == "poisson-3d" and valid else 0
                stats = (fraction_fields(gains, valid) + ["0"]
                         + (["-0.1", "-0.4"] if valid else ["", ""]))
                tail = [str(valid // 2), str(valid - valid // 2), str(valid // 3)] + (
                    ["12.5", "170"] if valid else ["", ""])
                rows.append([repr(5.0 + 10.0 * i), repr(0.25 + 0.5 * j), law, str(valid + 4), str(valid), "1",
                             "1", "2", str(gains)] + stats + [str(m) for m in modes] + tail)
    folder = write_run(folder, "spatial", header, rows, SPATIAL_LAWS)
    with open(os.path.join(folder, "summary.json")) as f:
        summary = json.load(f)
    summary["laws"]["stronge-3d"]["modes"] = {"A: slides throughout": 1, "B: slip halts in compression, then "
                                              "sticks": 0}
    with open(os.path.join(folder, "summary.json"), "w") as f:
        json.dump(summary, f)
    return folder


def old_format_run(folder):
    """A run written by the previous collsweep: map.csv without valid and the Wilson columns."""
    header = (["theta", "mu", "law", "samples", "gain_count", "gain_fraction", "max_dE_rel", "mean_dE_rel"]
              + [f"type_{t}" for t in range(1, 6)] + ["dominant_type", "invalid", "degenerate", "violations"])
    rows = [["5", "0.1", "stronge", "100", "0", "0", "-0.5", "-0.6", "100", "0", "0", "0", "0", "1", "0", "0",
             "0"]]
    return write_run(folder, "planar", header, rows, ["stronge"])


def png_text(path):
    """The tEXt and iTXt chunks of a PNG file as {keyword: text}."""
    with open(path, "rb") as f:
        data = f.read()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", path
    chunks, pos = {}, 8
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"tEXt":
            key, _, text = body.partition(b"\0")
            chunks[key.decode("latin-1")] = text.decode("latin-1")
        elif kind == b"iTXt":  # non-Latin-1 text (θ, —); written uncompressed by matplotlib
            key, _, rest = body.partition(b"\0")
            chunks[key.decode("latin-1")] = rest[2:].split(b"\0", 2)[2].decode("utf-8")
        pos += 12 + length
    return chunks


def expected_planar():
    """The PNG files of a planar run with PLANAR_LAWS."""
    return ({f"{law}_{kind}.png" for law in PLANAR_LAWS
             for kind in ("gain_fraction", "dominant_type", "type_fractions")} | {"laws_gain_fraction.png"})


class Helpers(unittest.TestCase):
    """The small decision functions of the map drawing and the script, on numbers."""

    def test_min_samples_claim(self):
        lo, hi = wilson(50, md.MIN_SAMPLES)
        self.assertEqual(md.MIN_SAMPLES, 100)
        self.assertAlmostEqual((hi - lo) / 2, 0.096, places=3)

    def test_sample_status(self):
        status = md.sample_status([0, 1, 99, 100, math.nan, 5000])
        self.assertEqual(list(status), [md.EMPTY, md.THIN, md.THIN, md.FULL, md.EMPTY, md.FULL])
        grid = md.sample_status([[0, 40], [400, 100]])
        self.assertEqual(grid.tolist(), [[md.EMPTY, md.THIN], [md.FULL, md.FULL]])

    def test_gain_norm_no_gain(self):
        self.assertIsNone(md.gain_norm([0, 0, math.nan], [0.0, 0.0, math.nan]))
        self.assertIsNone(md.gain_norm([math.nan], [math.nan]))
        self.assertIsNone(md.gain_norm(np.zeros((2, 3, 4)), np.zeros((2, 3, 4))))

    def test_gain_norm_scale(self):
        norm = md.gain_norm([[0, 3], [math.nan, 1]], [[0.0, 0.03], [math.nan, 0.01]])
        self.assertEqual((norm.vmin, norm.vmax), (0.0, 0.03))

    def test_gain_norm_ignores_thin_cells(self):
        status = md.sample_status([[400, 1], [400, 0]])
        norm = md.gain_norm([[2, 1], [1, 0]], [[0.005, 1.0], [0.0025, math.nan]], status)
        self.assertEqual(norm.vmax, 0.005)  # one gaining sample in a thin cell does not set the scale
        norm = md.gain_norm([[0, 1], [0, 0]], [[0.0, 1.0], [0.0, math.nan]], status)
        self.assertEqual(norm.vmax, 1.0)  # gains only in thin cells: their scale

    def test_step_band(self):
        x, y = md.step_xy(np.array([0.0, 1.0, 3.0]), [0.2, math.nan])
        self.assertEqual(x.tolist(), [0.0, 1.0, 1.0, 3.0])
        self.assertEqual(y[:2].tolist(), [0.2, 0.2])
        self.assertTrue(np.all(np.isnan(y[2:])))  # a bin without valid samples leaves a gap

    def test_edges(self):
        self.assertEqual(md.edges([1.0, 2.0, 4.0]).tolist(), [0.5, 1.5, 3.0, 5.0])
        self.assertEqual(md.edges([2.0]).tolist(), [1.5, 2.5])

    def test_map_grid(self):
        grid = md.MapGrid(["theta", "mu"], [15.0, 5.0, 15.0, 5.0], [0.3, 0.3, 0.1, 0.1])
        self.assertEqual((grid.xs.tolist(), grid.ys.tolist()), ([5.0, 15.0], [0.1, 0.3]))
        self.assertEqual(grid.xe.tolist(), [0.0, 10.0, 20.0])
        iy, ix = grid.cell_index([15.0, 5.0], [0.1, 0.3])
        self.assertEqual((iy.tolist(), ix.tolist()), ([0, 1], [1, 0]))
        line = md.MapGrid(["e"], [0.25, 0.75])
        self.assertTrue(line.one_axis)
        self.assertEqual(line.cell_index([0.75])[0].tolist(), [0])

    def test_column_norm(self):
        status = md.sample_status([[400, 400], [40, 0]])
        values = np.array([[0.1, 0.2], [0.9, math.nan]])

        def scale(column, v=values):
            norm = md.column_norm(column, v, status)
            return norm and (norm.vmin, norm.vmax)

        self.assertEqual(scale("type_3_fraction"), (0.0, 1.0))  # every Type on one scale
        self.assertEqual(scale("gain_fraction"), (0.0, 0.2))  # the thin cell's 0.9 does not set the top
        self.assertIsNone(scale("p_gain_min", np.zeros((2, 2))))  # no gain: drawn blank
        self.assertEqual(scale("dominant_fraction", np.zeros((2, 2))), (0.0, 1.0))
        self.assertEqual(scale("max_dE_rel", np.array([[-0.5, 0.25], [0.0, 7.0]])), (-0.5, 0.25))
        self.assertIsNone(md.range_norm(np.zeros((2, 2)), status))  # "0 in every cell"

    def test_dominant_shade(self):
        rgb = np.array([0.2, 0.4, 0.6])
        pure = pm.dominant_shade(rgb, 1.0, 5)
        floor = pm.dominant_shade(rgb, 0.2, 5)
        half = pm.dominant_shade(rgb, 0.5, 5)
        np.testing.assert_allclose(pure, rgb)
        np.testing.assert_allclose(floor, rgb * (1 - pm.MAX_FADE) + pm.MAX_FADE)
        self.assertTrue(np.all(pure < half) and np.all(half < floor))  # a 50/50 cell is paler than a pure one
        np.testing.assert_allclose(pm.dominant_shade(rgb, 0.5, 2), floor)  # 50/50 of two Types: palest
        np.testing.assert_allclose(pm.dominant_shade(rgb, 0.1, 5), floor)  # clipped below 1/n

    def test_dominant_colors(self):
        rgba = pm.dominant_colors(np.array([[1.0, math.nan]]), np.array([[1.0, math.nan]]), 5)
        np.testing.assert_allclose(rgba[0, 0], list(matplotlib.colors.to_rgb(pm.TYPE_COLORS[0])) + [1.0])
        self.assertEqual(rgba[0, 1, 3], 0.0)


class Png(unittest.TestCase):
    """map_png: the pixels and text fields of a written PNG read back."""

    def test_round_trip(self):
        from PIL import Image

        import map_png

        rng = np.random.default_rng(7)
        with tempfile.TemporaryDirectory(prefix="plot_maps_png_") as folder:
            path = os.path.join(folder, "map.png")
            for shape in ((1, 1, 4), (3, 5, 4), (64, 97, 4)):
                rgba = rng.integers(0, 256, shape, dtype=np.uint8)
                map_png.write_png(path, rgba, 110, {"Title": "θ — law", "Description": "no energy gain"})
                with Image.open(path) as image:
                    self.assertEqual(image.mode, "RGB")
                    np.testing.assert_array_equal(np.asarray(image), rgba[..., :3])
                    self.assertAlmostEqual(image.info["dpi"][0], 110, places=1)
                self.assertEqual(png_text(path), {"Title": "θ — law", "Description": "no energy gain"})


class Layout(unittest.TestCase):
    """map_layout's placement of panels, colour bars and legend band (map_drawing.arrange)."""

    def figure(self, n, bars):
        """A script figure of n heat-map panels with a shared ("grid") or per-panel ("panel") colour bar."""
        fig, axs = md.panel_grid(n, pyplot=False)
        grid = md.MapGrid(["theta", "mu"], [5.0, 15.0, 5.0, 15.0], [0.1, 0.1, 0.3, 0.3])
        values, status = np.array([[0.1, 0.2], [0.3, 0.4]]), np.full((2, 2), md.FULL)
        for k, ax in enumerate(axs):
            mesh = md.heat_map(ax, grid, values, status, md.range_norm(values, status), pm.AXIS_LABELS)
            ax.set_title(f"panel {k}", fontsize=8)
            if bars == "panel":
                md.colorbar(fig, mesh, ax, values)
        if bars == "grid":
            md.colorbar(fig, mesh, axs, values, shrink=0.8)
        md.figure_legend(fig, md.status_handles())
        fig.suptitle("config — law\nwhat", fontsize=9)
        md.arrange(fig)
        return fig, axs

    def test_panels_and_bars_apart_inside_the_figure(self):
        for n, bars in ((1, "grid"), (4, "grid"), (5, "grid"), (4, "panel"), (3, "panel")):
            fig, axs = self.figure(n, bars)
            boxes = [ax.get_position() for ax in fig.axes]
            for b in boxes:
                self.assertTrue(0 < b.x0 < b.x1 < 1 and 0 < b.y0 < b.y1 < 1, (n, bars, b))
            for i, a in enumerate(boxes):
                for b in boxes[i + 1:]:
                    self.assertFalse(a.overlaps(b), (n, bars, a, b))
            panels = [ax.get_position() for ax in axs]
            bar_boxes = boxes[len(axs):]
            self.assertEqual(len(bar_boxes), n if bars == "panel" else 1)
            if bars == "grid":
                self.assertGreater(bar_boxes[0].x0, max(p.x1 for p in panels))
            # The legend band and the title stay free: panels start above 0.4 in and end below the title.
            height = fig.get_figheight()
            self.assertGreater(min(p.y0 for p in panels) * height, 0.4)
            self.assertLess(max(p.y1 for p in panels) * height, height - 0.5)

    def test_bar_below_a_panel(self):
        from matplotlib.cm import ScalarMappable

        fig, ax = md.new_figure(pyplot=False)
        bar = md.add_bar(fig, ScalarMappable(), ax, side="bottom")
        bar.set_label("shade", fontsize=7)
        md.arrange(fig)
        self.assertEqual(bar.orientation, "horizontal")
        self.assertLess(bar.ax.get_position().y1, ax.get_position().y0)

    def test_foreign_figure_keeps_its_own_layout(self):
        """On an Axes of the caller's figure (RunResult.plot(ax=...)) a colour bar takes room from it."""
        from matplotlib.figure import Figure

        fig = Figure()
        ax = fig.add_subplot()
        mesh = ax.pcolormesh([[0.0, 1.0]])
        md.colorbar(fig, mesh, ax, [1.0])
        md.arrange(fig)  # nothing to arrange
        self.assertEqual(len(fig.axes), 2)
        self.assertLess(ax.get_position().x1, fig.axes[1].get_position().x0)


class Raster(unittest.TestCase):
    """The figures' pixels (map_figure, map_raster): cells, statuses, ticks, colour bars and placement."""

    def render(self, fig):
        """The figure's pixels and its panels' pixel boxes."""
        from map_raster import Canvas

        boxes = fig.arrange(Canvas(int(round(fig.width * fig.dpi)), int(round(fig.height * fig.dpi)), fig.dpi))
        return fig.render().astype(int), boxes

    def test_cells_and_statuses(self):
        from map_figure import Figure

        grid = md.MapGrid(["theta", "mu"], [5.0, 15.0, 25.0] * 2, [0.1] * 3 + [0.3] * 3)
        values = np.array([[0.0, 0.5, 1.0], [0.25, 0.75, 0.5]])
        status = np.array([[md.FULL, md.FULL, md.EMPTY], [md.THIN, md.FULL, md.FULL]])
        fig = Figure(1, 6.4, 4.8, dpi=50)
        (panel,) = fig.panels
        pm.heat_panel(panel, grid, values, status, md.Scale(0.0, 1.0), pm.AXIS_LABELS)
        pixels, (box,) = self.render(fig)
        x0, y0, x1, y1 = box

        def centre(i, j):  # the pixel at the centre of cell (row j from the bottom, column i)
            return pixels[int(y1 - (j + 0.5) / 2 * (y1 - y0)), int(x0 + (i + 0.5) / 3 * (x1 - x0))]

        def viridis(v):
            return [int(round(c * 255)) for c in matplotlib.colormaps["viridis"](v)[:3]]

        for i, j in ((0, 0), (1, 0), (1, 1), (2, 1)):
            np.testing.assert_allclose(centre(i, j), viridis(values[j, i]), atol=1, err_msg=str((i, j)))
        np.testing.assert_array_equal(centre(2, 0), [0xBD] * 3)  # no valid sample: grey
        # the thin cell (0, 1): washed out toward white (THIN_WASH) and hatched in the hatch colour
        cy0, cy1 = int(y1 - 0.95 * (y1 - y0)), int(y1 - 0.55 * (y1 - y0))
        cx0, cx1 = int(x0 + 0.02 * (x1 - x0)), int(x0 + 0.3 * (x1 - x0))
        thin = pixels[cy0:cy1, cx0:cx1].reshape(-1, 3)
        washed = np.array(viridis(0.25)) * (1 - md.THIN_WASH[3]) + 255 * md.THIN_WASH[3]
        self.assertTrue(np.any(np.all(np.abs(thin - washed) <= 1, axis=1)))
        self.assertTrue(np.any(np.all(thin < 80, axis=1)))  # hatch lines (#303030)

    def test_ticks_where_matplotlib_puts_them(self):
        from map_figure import Figure

        fig = Figure(1, 6.4, 4.8, dpi=72)
        (panel,) = fig.panels
        panel.xlim, panel.ylim = (0.0, 90.0), (0.0, 1.5)
        pixels, (box,) = self.render(fig)
        x0, y0, x1, y1 = box
        import map_ticks

        ticks = map_ticks.locate(0.0, 90.0, map_ticks.tick_count(x1 - x0, 7, "x"))  # 1 px = 1 pt at 72 dpi
        self.assertEqual(ticks, [0.0, 10.0, 20.0, 30.0, 40.0, 50.0, 60.0, 70.0, 80.0, 90.0])
        below = pixels[y1 + 2, :, 0]
        for t in ticks:
            self.assertLess(below[int(x0 + t / 90.0 * (x1 - x0))], 128, t)
        self.assertEqual(below[int(x0 + 5 / 90.0 * (x1 - x0))], 255)  # no tick between them

    def test_scale_bar_and_its_arrow(self):
        from map_figure import Figure

        for extend in ("neither", "max"):
            fig = Figure(1, 6.4, 4.8, dpi=50)
            fig.add_bar("scale", fig.panels, vmin=0.0, vmax=0.2, extend=extend, label="fraction")
            pixels, _ = self.render(fig)
            bx0, by0, bx1, by1 = fig.bars[0].rect
            mid = int((bx0 + bx1) / 2)
            for f in (0.1, 0.5, 0.9):
                colour = matplotlib.colormaps["viridis"](f)[:3]
                np.testing.assert_allclose(pixels[int(by1 - f * (by1 - by0)), mid], np.array(colour) * 255,
                                           atol=8, err_msg=f)
            above = pixels[int(by0 - 2), mid]
            if extend == "max":  # the arrow in the top colour
                np.testing.assert_allclose(above, np.array(matplotlib.colormaps["viridis"](1.0)[:3]) * 255, atol=8)
            else:
                np.testing.assert_array_equal(above, [255, 255, 255])

    def test_a_scale_of_one_value_is_widened_as_matplotlib_widens_it(self):
        import map_figure

        bar = map_figure.Bar("ramp", [], side="bottom", vmin=1.0, vmax=1.0, shades=[[0.25] * 3])
        self.assertEqual(bar.limits(), (0.9, 1.1))
        positions, labels, _ = bar.ticks(300.0)
        self.assertEqual(labels[0], "0.900")
        self.assertEqual(labels[-1], "1.100")
        self.assertTrue(all(0.0 <= p <= 1.0 for p in positions))

    def test_panels_and_bars_apart_inside_the_figure(self):
        from map_figure import Figure

        for n, bars in ((1, "grid"), (4, "grid"), (5, "grid"), (4, "panel"), (3, "panel")):
            fig = Figure(n, None if n > 1 else 6.4, None if n > 1 else 4.8, dpi=60)
            for k, panel in enumerate(fig.panels):
                panel.xlim, panel.ylim, panel.title = (0.0, 90.0), (0.0, 1.5), f"panel {k}"
                panel.xlabel, panel.ylabel = "approach angle", "friction"
                if bars == "panel":
                    fig.add_bar("scale", [panel], vmin=0.0, vmax=1.0, label="fraction")
            if bars == "grid":
                fig.add_bar("scale", fig.panels, shrink=0.8, vmin=0.0, vmax=0.03, label="fraction")
            fig.set_legend(pm.STATUS_ENTRIES)
            fig.title = "config — law\nwhat"
            _, boxes = self.render(fig)
            width, height = fig.width * fig.dpi, fig.height * fig.dpi
            rects = list(boxes) + [bar.rect for bar in fig.bars]
            for r in rects:
                self.assertTrue(0 < r[0] < r[2] < width and 0 < r[1] < r[3] < height, (n, bars, r))
            for i, a in enumerate(rects):
                for b in rects[i + 1:]:
                    apart = a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1]
                    self.assertTrue(apart, (n, bars, a, b))
            # the legend band and the title stay free: panels end 0.4 in above the bottom, 0.5 in below the top
            self.assertLess(max(b[3] for b in boxes), height - 0.4 * fig.dpi)
            self.assertGreater(min(b[1] for b in boxes), 0.5 * fig.dpi)


class Reading(unittest.TestCase):
    """map.csv read into grids: values per cell, empty fields, short rows."""

    def test_grid_of_a_column(self):
        header = ["x", "y", "law", "samples", "valid"]
        lines = ["1,10,a,5,4", "2,10,a,6,", "1,20,b,7,3", "2,20,a,8"]
        rm = pm.RunMap("map.csv", header, lines, ["law"])
        self.assertEqual(rm.laws, ["a", "b"])
        np.testing.assert_array_equal(rm.grid("a", "samples"), [[5, 6], [np.nan, 8]])
        np.testing.assert_array_equal(rm.grid("a", "valid"), [[4, np.nan], [np.nan, np.nan]])
        np.testing.assert_array_equal(rm.grid("b", "valid"), [[np.nan, np.nan], [3, np.nan]])
        np.testing.assert_array_equal(rm.grid("c", "valid"), np.full((2, 2), np.nan))
        with self.assertRaisesRegex(pm.InputError, r"map.csv:3: column x: not a number: ''"):
            pm.RunMap("map.csv", header, ["1,10,a", ",10,a"], ["law"])


class Runs(unittest.TestCase):
    """The script run on whole synthetic run folders."""

    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory(prefix="plot_maps_test_")
        self.addCleanup(self.tmp.cleanup)

    def plot(self, folder, *extra, input=None):
        """Runs the script on a folder (input: its stdin); returns the completed process."""
        return subprocess.run([sys.executable, SCRIPT, folder, "--dpi", DPI, *extra], capture_output=True,
                              text=True, timeout=120, input=input)

    def check_written(self, folder, result, expected):
        """Exit 0, exactly the expected PNGs in maps/, each printed, each named <law>_* or laws_*."""
        self.assertEqual(result.returncode, 0, result.stderr)
        maps = os.path.join(folder, "maps")
        self.assertEqual(set(os.listdir(maps)), expected)
        self.assertEqual({os.path.basename(p) for p in result.stdout.split()}, expected)
        with open(os.path.join(folder, "map.csv"), newline="") as f:
            laws = {row["law"] for row in csv.DictReader(f)}
        pattern = re.compile(r"^(laws|" + "|".join(map(re.escape, laws)) + r")_[a-z0-9_]+\.png$")
        for name in expected:
            self.assertRegex(name, pattern)
            self.assertIn("Title", png_text(os.path.join(maps, name)))

    def test_planar_two_axes(self):
        folder = planar_run(os.path.join(self.tmp.name, "planar"), ["theta", "mu"])
        self.check_written(folder, self.plot(folder), expected_planar())
        maps = os.path.join(folder, "maps")
        self.assertIn(pm.NO_GAIN, png_text(os.path.join(maps, "stronge_gain_fraction.png"))["Description"])
        self.assertNotIn(pm.NO_GAIN, png_text(os.path.join(maps, "newton_gain_fraction.png"))["Description"])
        self.assertNotIn(pm.NO_GAIN, png_text(os.path.join(maps, "laws_gain_fraction.png"))["Description"])
        self.assertIn("share of the dominant Type",
                      png_text(os.path.join(maps, "newton_dominant_type.png"))["Description"])

    def test_planar_no_gain(self):
        folder = planar_run(os.path.join(self.tmp.name, "nogain"), ["e", "e_t"], no_gain=True)
        result = self.plot(folder, "--quiet")
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertEqual(result.stdout, "")
        maps = os.path.join(folder, "maps")
        self.assertEqual(set(os.listdir(maps)), expected_planar())
        for name in [f"{law}_gain_fraction.png" for law in PLANAR_LAWS] + ["laws_gain_fraction.png"]:
            self.assertIn(pm.NO_GAIN, png_text(os.path.join(maps, name))["Description"], name)
        self.assertIn(pm.NO_GAIN, png_text(os.path.join(maps, "laws_gain_fraction.png"))["Title"])

    def test_planar_constraints_and_disagreement(self):
        """A run with a thesis law's C<i>_count columns and run.compare's compare.csv (docs/thesis-laws.md)."""
        for axes in (["theta", "mu"], ["theta"]):
            folder = planar_run(os.path.join(self.tmp.name, "thesis_" + "_".join(axes)), axes)
            path = os.path.join(folder, "map.csv")
            with open(path, newline="") as f:
                reader = csv.DictReader(f)
                header, rows = reader.fieldnames, list(reader)
            extra = ["C1_count", "C2_count", "C3_count", "C4_count", "solutions_0", "solutions_1",
                     "solutions_2", "solutions_3plus", "not_converged"]
            with open(path, "w", newline="") as f:
                writer = csv.DictWriter(f, header + extra)
                writer.writeheader()
                for i, r in enumerate(rows):
                    valid = int(r["valid"])
                    r.update({c: "0" for c in extra})
                    r["C1_count"] = str(valid // 2 if r["law"] == "newton" else 0)
                    r["C3_count"] = str(valid if i % 3 == 0 else 0)
                    writer.writerow(r)
            with open(os.path.join(folder, "compare.csv"), "w", newline="") as f:
                writer = csv.writer(f)
                writer.writerow(axes + ["law_a", "law_b", "samples", "both_valid", "mean_dv2_rel", "max_dv2_rel",
                                        "type_differs", "type_differs_fraction", "type_differs_fraction_lo",
                                        "type_differs_fraction_hi"])
                for r in rows:
                    if r["law"] != "stronge":
                        continue
                    n = int(r["valid"])
                    mean = repr(0.01 * float(r[axes[0]])) if n else ""
                    writer.writerow([r[a] for a in axes] + ["stronge", "poisson", r["samples"], str(n), mean,
                                                            repr(2 * float(mean)) if n else "", "0"]
                                    + fraction_fields(0, n))
            expected = (expected_planar() | {f"{law}_constraints.png" for law in PLANAR_LAWS}
                        | {"stronge_vs_poisson_disagreement.png"})
            self.check_written(folder, self.plot(folder), expected)
            text = png_text(os.path.join(folder, "maps", "stronge_vs_poisson_disagreement.png"))
            self.assertIn("stronge vs poisson", text["Title"])
            self.assertIn("constraint violations",
                          png_text(os.path.join(folder, "maps", "newton_constraints.png"))["Title"])

    def test_planar_one_axis(self):
        folder = planar_run(os.path.join(self.tmp.name, "line"), ["theta"])
        self.check_written(folder, self.plot(folder), expected_planar())

    def test_multicontact(self):
        folder = multicontact_run(os.path.join(self.tmp.name, "glocker"))
        expected = ({f"{law}_{kind}.png" for law in ("poisson-lcp", "newton-lcp")
                     for kind in ("p_gain_max", "p_gain_min")} | {"laws_p_gain_max.png"})
        self.check_written(folder, self.plot(folder), expected)

    def test_spatial(self):
        folder = spatial_run(os.path.join(self.tmp.name, "spatial"))
        expected = ({f"{law}_{kind}.png" for law in SPATIAL_LAWS for kind in ("gain_fraction", "dominant_mode")}
                    | {"laws_gain_fraction.png"})
        self.check_written(folder, self.plot(folder), expected)
        maps = os.path.join(folder, "maps")
        self.assertIn(pm.NO_GAIN, png_text(os.path.join(maps, "stronge-3d_gain_fraction.png"))["Description"])
        self.assertNotIn(pm.NO_GAIN, png_text(os.path.join(maps, "poisson-3d_gain_fraction.png"))["Description"])
        self.assertIn("share of the dominant mode",
                      png_text(os.path.join(maps, "chatterjee-ruina-3d_dominant_mode.png"))["Description"])

    def test_spatial_thesis_law_of_one_case(self):
        """brach-3d has one case: its dominant-case map's shade scale runs from 1/1 to 1 (drawn widened, as
        matplotlib widens a scale of one value)."""
        folder = spatial_run(os.path.join(self.tmp.name, "one_case"))
        path = os.path.join(folder, "map.csv")
        with open(path, newline="") as f:
            reader = csv.DictReader(f)
            header, rows = reader.fieldnames, list(reader)
        rows += [dict(r, law="brach-3d") for r in rows if r["law"] == "stronge-3d"]
        with open(path, "w", newline="") as f:
            writer = csv.DictWriter(f, header + ["case_1", "case_2", "case_3"])
            writer.writeheader()
            for r in rows:
                writer.writerow(dict(r, case_1=r["valid"] if r["law"] == "brach-3d" else "0", case_2="0",
                                     case_3="0"))
        with open(os.path.join(folder, "summary.json")) as f:
            summary = json.load(f)
        summary["laws"]["brach-3d"] = {"valid_samples": 1, "cases": {"1: given impulse ratios": 11}}
        with open(os.path.join(folder, "summary.json"), "w") as f:
            json.dump(summary, f)
        expected = ({f"{law}_{kind}.png" for law in SPATIAL_LAWS for kind in ("gain_fraction", "dominant_mode")}
                    | {"brach-3d_gain_fraction.png", "brach-3d_dominant_case.png", "laws_gain_fraction.png"})
        self.check_written(folder, self.plot(folder), expected)

    def test_spatial_dominant_mode(self):
        rm = pm.read_run(spatial_run(os.path.join(self.tmp.name, "modes")))[2]
        dominant, share = pm.dominant_of(rm, "stronge-3d", [pm.SPATIAL_MODE_COLUMNS[m] for m in pm.SPATIAL_ROUTH_MODES])
        self.assertEqual(dominant[0, 0], 1.0)  # cell (0, 0): mode A holds 250 of 300
        self.assertAlmostEqual(share[0, 0], 250 / 300)
        self.assertEqual(dominant[1, 2], 4.0)  # (i, j) = (2, 1): D
        self.assertTrue(math.isnan(dominant[2, 3]) and math.isnan(share[2, 3]))  # no valid sample
        law2, _ = pm.dominant_of(rm, "chatterjee-ruina-3d", [pm.SPATIAL_MODE_COLUMNS[m] for m in pm.SPATIAL_LAW2_MODES])
        self.assertEqual(law2[0, 1], 2.0)  # (i, j) = (1, 0): II-2
        labels = pm.mode_labels({"laws": {"stronge-3d": {"modes": {"A: slides throughout": 1}}}}, "stronge-3d",
                                pm.SPATIAL_ROUTH_MODES)
        self.assertEqual(labels[1], "A: slides throughout")
        self.assertEqual(labels[2], "B")
        # A thesis law's cases, numbered as summary.json's "cases" keys.
        cases = pm.case_labels({"laws": {"smith-3d": {"cases": {"2: slides on": 5, "3: slip reversed": 1}}}},
                               "smith-3d")
        self.assertEqual(cases, ["case 1", "2: slides on", "3: slip reversed"])

    def test_processes_draw_the_same_files(self):
        """The figures drawn in forked processes are byte for byte those drawn in one."""
        folder = planar_run(os.path.join(self.tmp.name, "serial"), ["theta", "mu"])
        summary, model, rm = pm.read_run(folder)
        family = pm.FAMILIES[model]
        rm.read_columns(family.columns)
        written = {}
        for workers, work in ((1, pm.WORK_PER_PROCESS), (3, 1)):
            out = os.path.join(folder, f"maps_{workers}")
            os.makedirs(out)
            pm.WORK_PER_PROCESS, kept = work, pm.WORK_PER_PROCESS
            try:
                paths, failed = pm.draw_all(pm.Figures(out, int(DPI), "serial.toml", family.axis_labels),
                                            family.plot(rm, summary), workers, len(rm.xs) * len(rm.ys))
            finally:
                pm.WORK_PER_PROCESS = kept
            self.assertEqual(failed, [])
            written[workers] = {os.path.basename(p): open(p, "rb").read() for p in paths}
        self.assertEqual(set(written[1]), expected_planar())
        self.assertEqual(written[1], written[3])

    def test_a_failing_figure_costs_no_other(self):
        """A figure whose drawing raises (a defect) is named with its error; the other figures are drawn, in one
        process or several."""
        folder = planar_run(os.path.join(self.tmp.name, "defect"), ["theta", "mu"])
        summary, model, rm = pm.read_run(folder)
        family = pm.FAMILIES[model]
        rm.read_columns(family.columns)

        def broken_map(figs, rm, law, *rest):
            raise ValueError("a defect")

        for workers, work in ((1, pm.WORK_PER_PROCESS), (2, 1)):
            jobs = [(broken_map,) + job[1:] if job[0] is pm.gain_map and job[2] == "newton" else job
                    for job in family.plot(rm, summary)]
            out = os.path.join(folder, f"maps_{workers}")
            os.makedirs(out)
            pm.WORK_PER_PROCESS, kept = work, pm.WORK_PER_PROCESS
            try:
                paths, failed = pm.draw_all(pm.Figures(out, int(DPI), "defect.toml", family.axis_labels), jobs,
                                            workers, len(rm.xs) * len(rm.ys))
            finally:
                pm.WORK_PER_PROCESS = kept
            self.assertEqual(failed, ["broken_map of newton: ValueError: a defect"])
            self.assertEqual({os.path.basename(p) for p in paths}, expected_planar() - {"newton_gain_fraction.png"})

    def test_wait_draws_when_told(self):
        """--wait (collsweep run): the imports first, the folder once stdin says "draw"; end of input: no maps."""
        folder = planar_run(os.path.join(self.tmp.name, "waits"), ["theta", "mu"])
        ended = self.plot(folder, "--wait", input="")
        self.assertEqual((ended.returncode, ended.stdout, ended.stderr), (0, "", ""))
        self.assertFalse(os.path.exists(os.path.join(folder, "maps")))
        self.check_written(folder, self.plot(folder, "--wait", input="draw\n"), expected_planar())

    def test_without_numpy(self):
        """A python3 that cannot import NumPy (-S: no site packages) exits 3, saying so unless --quiet."""
        folder = planar_run(os.path.join(self.tmp.name, "bare"), ["theta", "mu"])
        for extra, text in (((), "draw\n"), (("--wait",), "draw\n"), (("--quiet",), "")):
            result = subprocess.run([sys.executable, "-S", SCRIPT, folder, *extra], capture_output=True,
                                    text=True, timeout=120, input=text)
            self.assertEqual(result.returncode, 3, result.stderr)
            self.assertEqual("cannot import NumPy and Pillow: No module named 'numpy'" in result.stderr,
                             "--quiet" not in extra, result.stderr)
            self.assertNotIn("Traceback", result.stderr)
        told_nothing = subprocess.run([sys.executable, "-S", SCRIPT, folder, "--wait"], capture_output=True,
                                      text=True, timeout=120, input="")
        self.assertEqual((told_nothing.returncode, told_nothing.stderr), (0, ""))
        # collsweep's --import-error FILE: what cannot be imported and why in FILE, nothing on stderr.
        report = os.path.join(self.tmp.name, "import_error.txt")
        for extra in ((), ("--wait",)):
            result = subprocess.run([sys.executable, "-S", SCRIPT, folder, *extra, "--import-error", report],
                                    capture_output=True, text=True, timeout=120, input="draw\n")
            self.assertEqual((result.returncode, result.stderr), (3, ""))
            with open(report) as f:
                self.assertEqual(f.read(), "cannot import NumPy and Pillow: No module named 'numpy'\n")
        self.assertFalse(os.path.exists(os.path.join(folder, "maps")))

    def test_old_format(self):
        folder = old_format_run(os.path.join(self.tmp.name, "old"))
        result = self.plot(folder)
        self.assertEqual(result.returncode, 2)
        self.assertEqual(len(result.stderr.strip().splitlines()), 1, result.stderr)
        self.assertIn("map.csv", result.stderr)
        self.assertIn("valid", result.stderr)
        self.assertNotIn("Traceback", result.stderr)
        self.assertFalse(os.path.exists(os.path.join(folder, "maps")))

    def test_bad_input(self):
        folder = planar_run(os.path.join(self.tmp.name, "bad"), ["theta", "mu"])
        with open(os.path.join(folder, "map.csv")) as f:
            text = f.read().replace(",400,", ",four hundred,", 1)
        with open(os.path.join(folder, "map.csv"), "w") as f:
            f.write(text)
        result = self.plot(folder)
        self.assertEqual(result.returncode, 2)
        self.assertIn("four hundred", result.stderr)
        self.assertNotIn("Traceback", result.stderr)
        missing = self.plot(os.path.join(self.tmp.name, "absent"))
        self.assertEqual(missing.returncode, 2)
        self.assertIn("summary.json", missing.stderr)
        self.assertNotIn("Traceback", missing.stderr)


if __name__ == "__main__":
    unittest.main()
