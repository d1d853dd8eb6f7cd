#!/usr/bin/env python3
"""Tests of scripts/map_ticks.py against matplotlib itself: over many view limits, axis lengths and label sizes,
on x and y axes, the tick count, the ticks matplotlib draws, their labels and the offset text at the axis end."""
import os
import sys
import unittest

sys.dont_write_bytecode = True  # no __pycache__ beside the script in the source tree

try:
    import numpy as np
    import matplotlib
    matplotlib.use("Agg")
    from matplotlib import transforms as mtransforms
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure
except ImportError as err:  # CTest reads 77 as "skipped"
    print(f"test_map_ticks: skipped: {err}")
    sys.exit(77)

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), os.pardir, os.pardir, "scripts"))
import map_ticks  # noqa: E402

LIMITS = [(0, 90), (0, 1), (0, 0.03), (0, 0.0003), (0, 2e-6), (-0.5, 0.25), (0.5, 5.5), (1e3, 1e3 + 0.5),
          (1234.5, 1300), (-3, 7e6), (0.05, 0.95), (-1e-6, -2e-7), (-1300, -1234.5), (7, -3), (1e7, 1e7 + 3),
          (0.999999, 1.000001), (-2.5e-5, 2.5e-5), (99.5, 100.5), (123456, 123457),
          (0.1, 0.7), (0, 0.3), (1e4 + 0.1, 1e4 + 0.7)]  # the last three: an edge tick drawn only by tolerance
LENGTHS = [40, 63, 100, 168, 240, 337, 450, 600]  # points; 168 = 8 * 3 * 7: an exact tick space on x
FONTS = [7, 8]


def random_limits(count, seed=20261130):
    """View limits with spans of 1e-7..1e7, some around zero, some far off it (offsets of up to 1e5 spans)."""
    rng = np.random.default_rng(seed)
    out = []
    for _ in range(count):
        span = 10 ** rng.uniform(-7, 7)
        far = rng.random() < 0.5
        center = rng.choice([-1, 1]) * span * (10 ** rng.uniform(-1, 5) if far else rng.uniform(0, 0.6))
        out.append((float(center - span / 2), float(center + span / 2)))
    return out


def axes_of(length, font):
    """A Figure (72 dpi: a point is a pixel) with one Axes length x length points and labels of `font` points."""
    fig = Figure(figsize=(2 * length / 72, 2 * length / 72), dpi=72)
    FigureCanvasAgg(fig)
    ax = fig.add_axes([0.25, 0.25, 0.5, 0.5])
    ax.tick_params(labelsize=font)
    return fig, ax


class MapTicksTest(unittest.TestCase):
    def check_axis(self, ax, axis, name, lims, font):
        """Every view limit in lims on one axis against matplotlib's own ticks and labels."""
        # The axis length as XAxis/YAxis.get_tick_space computes it.
        ends = mtransforms.Bbox.unit().transformed(ax.transAxes - ax.figure.dpi_scale_trans)
        length = (ends.width if name == "x" else ends.height) * 72
        nbins = map_ticks.tick_count(length, font, name)
        self.assertEqual(nbins, int(np.clip(axis.get_tick_space(), 1, 9)), (name, length, font))
        set_lim = ax.set_xlim if name == "x" else ax.set_ylim
        for lim in lims:
            set_lim(*lim)
            vmin, vmax = axis.get_view_interval()
            case = (name, length, font, lim)
            # MaxNLocator's ticks, those beyond the view included.
            all_locs = axis.get_majorticklocs()
            mine = map_ticks._tick_values(vmin, vmax, nbins)
            span = abs(vmax - vmin)
            self.assertEqual(len(mine), len(all_locs), case)
            np.testing.assert_allclose(mine, all_locs, rtol=1e-12, atol=1e-12 * span, err_msg=str(case))
            # The ticks drawn (Axis._update_ticks returns them), their labels and the offset text.
            drawn = axis._update_ticks()
            locs = map_ticks.locate(vmin, vmax, nbins)
            self.assertEqual(len(locs), len(drawn), case)
            np.testing.assert_allclose(locs, [t.get_loc() for t in drawn], rtol=1e-12, atol=1e-12 * span,
                                       err_msg=str(case))
            labels, corner = map_ticks.format_ticks(locs, vmin, vmax)
            self.assertEqual(labels, [t.label1.get_text() for t in drawn], case)
            self.assertEqual(corner, axis.get_major_formatter().get_offset(), case)
            # The full list formats as matplotlib's formatter does.
            self.assertEqual(map_ticks.format_ticks(all_locs, vmin, vmax)[0],
                             axis.get_major_formatter().format_ticks(all_locs), case)

    def test_against_matplotlib(self):
        lims = LIMITS + random_limits(60)
        for length in LENGTHS:
            for font in FONTS:
                fig, ax = axes_of(length, font)
                self.check_axis(ax, ax.xaxis, "x", lims, font)
                self.check_axis(ax, ax.yaxis, "y", lims, font)

    def test_drawn_figure(self):
        """After a real draw, the tick labels and the offset text matplotlib shows match the module's."""
        fig, ax = axes_of(240, 8)
        ax.set_xlim(1e3, 1e3 + 0.5)
        ax.set_ylim(0, 2e-6)
        fig.canvas.draw()
        for axis, name in ((ax.xaxis, "x"), (ax.yaxis, "y")):
            vmin, vmax = axis.get_view_interval()
            locs = map_ticks.locate(vmin, vmax, map_ticks.tick_count(240, 8, name))
            labels, corner = map_ticks.format_ticks(locs, vmin, vmax)
            shown = [(t.get_loc(), t.label1.get_text()) for t in axis.get_major_ticks()
                     if vmin <= t.get_loc() <= vmax]
            self.assertEqual(list(zip(locs, labels)), shown)
            self.assertEqual(corner, axis.offsetText.get_text())
        self.assertEqual(ax.xaxis.offsetText.get_text(), "+1e3")
        self.assertEqual(ax.yaxis.offsetText.get_text(), "1e\N{MINUS SIGN}6")

    def test_examples(self):
        self.assertEqual(map_ticks.tick_count(168, 7, "x"), 8)
        self.assertEqual(map_ticks.tick_count(168, 7, "y"), 9)
        self.assertEqual(map_ticks.tick_count(10, 8, "x"), 1)
        self.assertEqual(map_ticks.locate(0, 90, 9), [0.0, 10.0, 20.0, 30.0, 40.0, 50.0, 60.0, 70.0, 80.0, 90.0])
        self.assertEqual(map_ticks.format_ticks([-0.5, -0.25, 0.0, 0.25]),
                         (["\N{MINUS SIGN}0.50", "\N{MINUS SIGN}0.25", "0.00", "0.25"], ""))
        self.assertEqual(map_ticks.format_ticks([]), ([], ""))
        # 3 * 0.1 is 0.30000000000000004 > 0.3, drawn within _interval_contains_close's tolerance.
        self.assertEqual(map_ticks.locate(0, 0.3, 3), [0.0, 0.1, 0.2, 0.30000000000000004])
        self.assertEqual(map_ticks.format_ticks([0.0, 0.1, 0.2, 0.30000000000000004], 0, 0.3),
                         (["0.0", "0.1", "0.2", "0.3"], ""))


if __name__ == "__main__":
    unittest.main()
