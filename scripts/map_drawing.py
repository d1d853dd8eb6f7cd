# What a map shows — cells, bin edges, sample status, colour scales — for scripts/plot_maps.py (a run's PNG maps)
# and RunResult.plot(), which draws it with matplotlib (CMake copies this file as collsweep/_map_drawing.py).
"""Map cells and bin edges, sample status, colour scales, heat maps, step lines, labels and legends (docs/maps.md).
NumPy only at import; matplotlib when something is drawn (the PNGs of a run draw the same cells, statuses and
scales without it: scripts/map_figure.py)."""
import collections
import math
import re

import numpy as np

if __package__:  # the copy in the collsweep package
    from . import _map_layout as layout
else:  # beside scripts/plot_maps.py
    import map_layout as layout

# A cell with fewer valid samples than this is drawn hatched and washed out ("thin"): at n = 100 the 95 %
# Wilson interval of a fraction near 1/2 is +-0.1 (+-0.096), so below it the colour claims more than the
# samples say.
MIN_SAMPLES = 100
EMPTY, THIN, FULL = 0, 1, 2  # sample_status() codes
NO_SAMPLES_COLOR = "#bdbdbd"
THIN_WASH = (1.0, 1.0, 1.0, 0.55)  # white laid over a thin cell's colour
HATCH_COLOR = "#303030"
THIN_HATCH = "///"
HATCH_LINEWIDTH = 0.6  # rcParams["hatch.linewidth"] of the PNG maps (read when a figure is rendered)
NO_GAIN = "no energy gain in any cell"
FRACTION_CMAP = "viridis"
LINE_COLOR = "#1f4e79"
FRACTION_LABEL = "fraction of valid samples"
# The map.csv columns that say how often a law gains energy: a map of one without any gain is drawn blank.
GAIN_COLUMNS = ("gain_fraction", "p_gain_max", "p_gain_min", "p_gain_chosen")
# A Type's fraction: every Type on one scale 0..1 (as <law>_type_fractions.png draws them).
TYPE_FRACTION = re.compile(r"type_\d+_fraction(_lo|_hi)?")


# A colour scale vmin..vmax (matplotlib's Normalize has the same two fields: heat_map makes one of it).
Scale = collections.namedtuple("Scale", "vmin vmax")


class MapGrid:
    """A map's cells: its axis columns, sorted bin centres xs, ys and bin edges xe, ye (one axis: ys = [0])."""

    def __init__(self, axes, x, y=None):
        self.axes = list(axes)
        self.xs = np.unique(np.asarray(x, float))
        self.ys = np.unique(np.asarray(y, float)) if y is not None else np.array([0.0])
        self.xe, self.ye = edges(self.xs), edges(self.ys)

    @property
    def one_axis(self):
        """Whether the map has a single axis (drawn as lines, not colour maps)."""
        return len(self.axes) == 1

    def cell_index(self, x, y=None):
        """The (row, column) of the cells at centres x (and y) in a (ny, nx) grid."""
        ix = np.searchsorted(self.xs, np.asarray(x, float))
        iy = np.searchsorted(self.ys, np.asarray(y, float)) if y is not None else np.zeros_like(ix)
        return iy, ix


def edges(centres):
    """Bin edges around sorted bin centres: midpoints inside, half a neighbouring step outside."""
    c = np.asarray(centres, float)
    if len(c) == 1:
        return np.array([c[0] - 0.5, c[0] + 0.5])
    mid = (c[:-1] + c[1:]) / 2
    return np.concatenate([[c[0] - (mid[0] - c[0])], mid, [c[-1] + (c[-1] - mid[-1])]])


def sample_status(valid):
    """Per cell EMPTY (no valid sample), THIN (fewer than MIN_SAMPLES valid) or FULL, from the valid counts."""
    v = np.asarray(valid, float)
    status = np.full(v.shape, FULL, dtype=int)
    status[~(v >= MIN_SAMPLES)] = THIN
    status[~(v > 0)] = EMPTY  # also NaN: a cell without a row
    return status


def gain_norm(gains, fractions, status=None):
    """The colour scale 0..largest fraction of a gain map, or None when no cell gains (draw NO_GAIN instead).

    With status, the top is the largest fraction among cells with MIN_SAMPLES or more valid samples (when one
    gains), so one thin cell at 1/1 cannot wash out the map; thin cells above it are clipped (and hatched).
    """
    g = np.asarray(gains, float)
    if not np.any(g[np.isfinite(g)] > 0):
        return None
    f = np.asarray(fractions, float)
    finite = np.isfinite(f)
    if status is not None and np.any(f[finite & (np.asarray(status) == FULL)] > 0):
        finite &= np.asarray(status) == FULL
    top = np.max(f[finite]) if np.any(finite) else 0.0
    return Scale(0.0, top if top > 0 else 1.0)


def range_norm(values, status, from_zero=True):
    """The scale 0 (or the smallest value) .. the largest value of the cells with a valid sample, or None
    when from_zero and every such cell is 0 (or none has a value)."""
    v = np.asarray(values, float)
    shown = np.isfinite(v) & (np.asarray(status) != EMPTY)
    if not np.any(shown):
        return None if from_zero else Scale(0.0, 1.0)
    lo, hi = (0.0 if from_zero else np.min(v[shown])), np.max(v[shown])
    if from_zero and not hi > 0:
        return None
    return Scale(lo, hi if hi > lo else lo + 1.0)


def is_fraction(column):
    """Whether a map.csv column is a fraction of valid samples (drawn on a scale from 0)."""
    return "fraction" in column or column.startswith("p_gain")


def column_norm(column, values, status):
    """The colour scale of a map.csv column: a Type's fraction 0..1, a gain column gain_norm (None: no gain
    anywhere), another fraction 0..its largest well-sampled cell, any other column its smallest..largest."""
    if TYPE_FRACTION.fullmatch(column):
        return Scale(0.0, 1.0)
    if column in GAIN_COLUMNS:
        return gain_norm(values, values, status)
    if is_fraction(column):
        return gain_norm(values, values, status) or Scale(0.0, 1.0)
    return range_norm(values, status, from_zero=False)


def draw_colors(ax, xe, ye, rgba):
    """Draws each cell in its own RGBA colour (an (ny, nx, 4) array; alpha 0 leaves a cell undrawn)."""
    from matplotlib.colors import ListedColormap, Normalize

    shown = rgba[..., 3] > 0
    if not np.any(shown):
        return
    index = np.ma.masked_where(~shown, np.arange(shown.size, dtype=float).reshape(shown.shape))
    cmap = ListedColormap(rgba.reshape(-1, 4))  # one entry per cell; the norm maps cell k onto entry k
    ax.pcolormesh(xe, ye, index, cmap=cmap, norm=Normalize(-0.5, shown.size - 0.5))


def draw_cells(ax, xe, ye, mask, color):
    """Draws the cells where mask (ny, nx) is true in one colour."""
    from matplotlib.colors import to_rgba

    rgba = np.zeros(mask.shape + (4,))
    rgba[mask] = to_rgba(color)
    draw_colors(ax, xe, ye, rgba)


def hatch_cells(ax, xe, ye, mask):
    """Hatches the cells where mask is true, as one compound path (one hatch fill, fast on large maps)."""
    from matplotlib.patches import PathPatch
    from matplotlib.path import Path

    iy, ix = np.nonzero(mask)
    if len(ix) == 0:
        return
    corners = np.stack([np.stack([xe[ix], ye[iy]], -1), np.stack([xe[ix + 1], ye[iy]], -1),
                        np.stack([xe[ix + 1], ye[iy + 1]], -1), np.stack([xe[ix], ye[iy + 1]], -1),
                        np.stack([xe[ix], ye[iy]], -1)], axis=1)
    codes = np.tile([Path.MOVETO, Path.LINETO, Path.LINETO, Path.LINETO, Path.CLOSEPOLY], len(ix))
    ax.add_patch(PathPatch(Path(corners.reshape(-1, 2), codes), facecolor="none", edgecolor=HATCH_COLOR,
                           hatch=THIN_HATCH, linewidth=0))


def draw_status(ax, grid, status):
    """Greys the cells without a valid sample and washes out and hatches the thin ones."""
    draw_cells(ax, grid.xe, grid.ye, status == EMPTY, NO_SAMPLES_COLOR)
    draw_cells(ax, grid.xe, grid.ye, status == THIN, THIN_WASH)
    hatch_cells(ax, grid.xe, grid.ye, status == THIN)


def heat_map(ax, grid, values, status, norm, labels):
    """A 2-D map on norm's scale (plain white cells when norm is None) with the sample status and axis
    labels; returns the colour mesh (None without a scale)."""
    mesh = None
    if norm is None:
        draw_cells(ax, grid.xe, grid.ye, status != EMPTY, "white")
    else:
        from matplotlib.colors import Normalize

        mesh = ax.pcolormesh(grid.xe, grid.ye, values, cmap=FRACTION_CMAP, norm=Normalize(*norm))
    draw_status(ax, grid, status)
    label_axes(ax, grid, labels)
    return mesh


def bar_extend(norm, values):
    """A colour bar's extend: an arrow at the top ("max") when some values lie above the scale."""
    over = np.any(np.nan_to_num(np.asarray(values, float), nan=-np.inf) > norm.vmax)
    return "max" if over else "neither"


def colorbar(fig, mesh, ax, values, label=FRACTION_LABEL, shrink=1.0):
    """A colour bar for mesh beside ax (one Axes, or several sharing the bar), with an arrow at the top when
    some values lie above the scale."""
    bar = add_bar(fig, mesh, ax, shrink=shrink, extend=bar_extend(mesh.norm, values))
    bar.set_label(label, fontsize=8)
    bar.ax.tick_params(labelsize=7)
    return bar


def add_bar(fig, mappable, ax, side="right", shrink=1.0, **kw):
    """A colour bar of mappable right of ax (one Axes or a list) or below it (side "bottom"); on a figure
    of new_figure or panel_grid it is placed by arrange(), on any other it takes its room from ax."""
    grid = layout.layout_of(fig)
    if grid is None:
        return fig.colorbar(mappable, ax=ax, location=side, shrink=shrink, **kw)
    panels = list(np.ravel(ax)) if isinstance(ax, (list, tuple, np.ndarray)) else [ax]
    bar = fig.colorbar(mappable, cax=fig.add_axes([0, 0, 1, 1]),
                       orientation="horizontal" if side == "bottom" else "vertical", **kw)
    grid.add_bar(bar, panels, side, shrink)
    return bar


def step_xy(xe, values):
    """The x, y of a step line over bins with edges xe (NaN bins leave gaps)."""
    return np.repeat(xe, 2)[1:-1], np.repeat(np.asarray(values, float), 2)


def step_band(ax, xe, value, lo=None, hi=None, color=LINE_COLOR, label=None):
    """A step line over the bins, with its Wilson band lo..hi when given; returns the line."""
    x, y = step_xy(xe, value)
    if lo is not None and hi is not None:
        ax.fill_between(x, step_xy(xe, lo)[1], step_xy(xe, hi)[1], color=color, alpha=0.3, linewidth=0)
    (line,) = ax.plot(x, y, color=color, linewidth=1.2, label=label)
    return line


def mark_bins(ax, xe, status):
    """Marks the 1-D bins without a valid sample (grey) and the thin ones (hatched)."""
    for i, s in enumerate(status):
        if s == EMPTY:
            ax.axvspan(xe[i], xe[i + 1], facecolor=NO_SAMPLES_COLOR, edgecolor="none", linewidth=0, zorder=0)
        elif s == THIN:
            ax.axvspan(xe[i], xe[i + 1], facecolor="none", edgecolor=HATCH_COLOR, hatch=THIN_HATCH,
                       linewidth=0, alpha=0.5, zorder=2.5)


def label_axes(ax, grid, labels):
    """Axis labels (and limits) of a map panel."""
    ax.set_xlim(grid.xe[0], grid.xe[-1])
    ax.set_xlabel(labels.get(grid.axes[0], grid.axes[0]), fontsize=8)
    if not grid.one_axis:
        ax.set_ylim(grid.ye[0], grid.ye[-1])
        ax.set_ylabel(labels.get(grid.axes[1], grid.axes[1]), fontsize=8)
    if layout.layout_of(ax.figure) is None:  # panel_grid's panels have it: again would touch every tick
        ax.tick_params(labelsize=7)


def law_title(ax, law, gains):
    """A law's panel title, saying so when the law gains energy in no cell."""
    ax.set_title(law + ("" if gains else " — no energy gain"), fontsize=8)


def annotate_center(ax, text):
    """A note in the middle of the axes."""
    ax.text(0.5, 0.5, text, transform=ax.transAxes, ha="center", va="center", fontsize=9,
            bbox=dict(boxstyle="round", facecolor="white", edgecolor="0.5", alpha=0.9))


def status_handles():
    """Legend entries for the no-sample and thin cells."""
    from matplotlib.patches import Patch

    return [Patch(facecolor=NO_SAMPLES_COLOR, label="no valid samples"),
            Patch(facecolor="white", edgecolor=HATCH_COLOR, hatch=THIN_HATCH,
                  label=f"fewer than {MIN_SAMPLES} valid samples")]


def new_figure(width=6.4, height=4.8, pyplot=True):
    """A single-panel figure, laid out by arrange(); pyplot=False makes it outside pyplot (nothing to close,
    and pyplot need not be imported)."""
    fig, axs = panel_grid(1, width - 1.0, height - 0.6, pyplot=pyplot)
    return fig, axs[0]


def panel_grid(n, width=3.4, height=2.9, pyplot=True):
    """A figure with n panels of about width x height inches in a near-square grid (the last row's spare
    places left empty), laid out by arrange(); returns (fig, axes)."""
    ncols = min(n, 3) if n != 4 else 2
    nrows = math.ceil(n / ncols)
    size = (width * ncols + 1.0, height * nrows + 0.6)
    if pyplot:
        import matplotlib.pyplot as plt

        fig = plt.figure(figsize=size)
    else:
        from matplotlib.figure import Figure

        fig = Figure(figsize=size)
    axs = [fig.add_subplot(nrows, ncols, k + 1) for k in range(n)]
    for ax in axs:
        ax.tick_params(labelsize=7)
    layout.Layout(fig, axs, nrows, ncols)
    return fig, axs


def figure_legend(fig, handles, ncol=None):
    """A legend along the bottom of the figure (one row unless ncol), in a band kept free of panels."""
    ncol = ncol or len(handles)
    grid = layout.layout_of(fig)
    if grid is not None:
        grid.legend_rows = math.ceil(len(handles) / ncol)
    fig.legend(handles=handles, loc="lower center", ncol=ncol, fontsize=7, frameon=False)


def arrange(fig):
    """Places the panels, colour bars, legend band and title of a figure of new_figure or panel_grid (call it
    once everything is drawn, before saving or showing the figure)."""
    grid = layout.layout_of(fig)
    if grid is not None:
        grid.arrange()
