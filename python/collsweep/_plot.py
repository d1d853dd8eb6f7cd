# RunResult.plot(): a run's map.csv column as heat maps (two axes) or step lines (one axis), per law.
"""Map plotting for :meth:`collsweep.RunResult.plot`, drawn as the run's PNG maps draw it (docs/maps.md):
viridis on a scale from 0 for fractions, grey cells without a valid sample, washed-out hatched cells with
fewer than 100. matplotlib is imported only when a map is drawn."""
import math

import numpy as np

from ._map_labels import axis_labels

MIN_SAMPLES = 100  # below this many valid samples a cell's fraction is known to worse than +-0.1
NO_SAMPLES_COLOR = "#bdbdbd"
THIN_WASH = (1.0, 1.0, 1.0, 0.55)
HATCH_COLOR = "#303030"
NO_GAIN = "no energy gain in any cell"

DEFAULT_QUANTITY = {"planar": "gain_fraction", "spatial": "gain_fraction", "multicontact": "p_gain_max"}
QUANTITY_LABELS = {
    "gain_fraction": "energy-gain fraction of valid samples",
    "p_gain_max": "P(W_max > 0): some solution gains energy",
    "p_gain_min": "P(W_min > 0): every solution gains energy",
    "p_gain_chosen": "P(W > 0) of the chosen solution",
}
GAIN_QUANTITIES = ("gain_fraction", "p_gain_max", "p_gain_min", "p_gain_chosen")


def plot_map(result, quantity, law, ax):
    """Draws result.map's column ``quantity`` for the chosen laws; returns the Figure (see RunResult.plot)."""
    df = result.map
    quantity = quantity or DEFAULT_QUANTITY.get(result.family, "gain_fraction")
    numeric = [c for c in df.columns if c not in result.axes and c != "law" and _is_numeric(df[c])]
    if quantity not in numeric:
        raise ValueError(f"unknown map quantity {quantity!r}; the map's numeric columns: {', '.join(numeric)}")
    laws = _pick_laws(result, law)
    grid = _Grid(df, result.axes, result.summary)
    labels = axis_labels(result.family)
    what = QUANTITY_LABELS.get(quantity, quantity)
    if len(result.axes) == 1:
        return _plot_lines(result, grid, laws, quantity, what, labels, ax)
    return _plot_heat_maps(result, grid, laws, quantity, what, labels, ax)


class _Grid:
    """The map's cells: sorted bin centres and edges per axis, and per (law, column) a (ny, nx) array."""

    def __init__(self, df, axes, summary):
        if not 1 <= len(axes) <= 2:
            raise ValueError(f"map.csv has {len(axes)} map-axis columns; expected one or two")
        self.df, self.axes = df, axes
        self.xs = np.unique(df[axes[0]].to_numpy(float))
        self.ys = np.unique(df[axes[1]].to_numpy(float)) if len(axes) == 2 else np.array([0.0])
        self.xe = _edges(self.xs, _config_axis(summary, "x", axes[0]))
        self.ye = _edges(self.ys, _config_axis(summary, "y", axes[1])) if len(axes) == 2 else None

    def values(self, law, column):
        rows = self.df[self.df["law"] == law]
        out = np.full((len(self.ys), len(self.xs)), np.nan)
        ix = np.searchsorted(self.xs, rows[self.axes[0]].to_numpy(float))
        iy = np.searchsorted(self.ys, rows[self.axes[1]].to_numpy(float)) if len(self.axes) == 2 else 0
        out[iy, ix] = rows[column].to_numpy(float)
        return out


def _plot_heat_maps(result, grid, laws, quantity, what, labels, ax):
    import matplotlib.pyplot as plt
    from matplotlib.colors import Normalize

    axes = _target_axes(ax, len(laws), plt)
    fig = axes[0].figure
    values = {law: grid.values(law, quantity) for law in laws}
    valid = {law: grid.values(law, "valid") for law in laws}
    norm, no_gain = _norm(quantity, values, valid)
    cmap = _white() if no_gain else plt.get_cmap("viridis").copy()  # no gain anywhere: blank cells
    cmap.set_bad(NO_SAMPLES_COLOR)
    if no_gain:
        norm = Normalize(0.0, 1.0)
    mesh = None
    for a, law in zip(axes, laws):
        v, n = values[law], valid[law]
        empty = ~(n > 0)  # also NaN: a cell without a row
        shown = np.where(empty, np.nan, 0.0 if no_gain else v)
        mesh = a.pcolormesh(grid.xe, grid.ye, np.ma.masked_invalid(shown), cmap=cmap, norm=norm)
        _wash_thin(a, grid, ~empty & (n < MIN_SAMPLES))
        gains_nowhere = quantity in GAIN_QUANTITIES and not np.any(v[~empty] > 0)
        a.set_title(f"{law}: no energy gain" if gains_nowhere and not no_gain else law, fontsize=9)
        a.set_xlabel(labels.get(grid.axes[0], grid.axes[0]), fontsize=8)
        a.set_ylabel(labels.get(grid.axes[1], grid.axes[1]), fontsize=8)
        a.tick_params(labelsize=7)
        if no_gain:
            a.text(0.5, 0.5, NO_GAIN, transform=a.transAxes, ha="center", va="center", fontsize=8,
                   bbox=dict(boxstyle="round", facecolor="white", edgecolor="0.5", alpha=0.9))
    if not no_gain:
        over = any(np.nanmax(np.append(v, -np.inf)) > norm.vmax for v in values.values())
        bar = fig.colorbar(mesh, ax=list(axes), extend="max" if over else "neither", shrink=0.9)
        bar.set_label(what, fontsize=8)
        bar.ax.tick_params(labelsize=7)
    if ax is None:
        fig.suptitle(f"{result.name}: {what}", fontsize=10)
    return fig


def _plot_lines(result, grid, laws, quantity, what, labels, ax):
    import matplotlib.pyplot as plt

    if ax is None:
        fig, a = plt.subplots(figsize=(6.4, 4.2), layout="constrained")
    else:
        a = ax[0] if isinstance(ax, (list, tuple, np.ndarray)) else ax
        fig = a.figure
    x = np.repeat(grid.xe, 2)[1:-1]  # a step over each bin
    columns = set(grid.df.columns)
    for law in laws:
        v = grid.values(law, quantity)[0]
        v[~(grid.values(law, "valid")[0] > 0)] = np.nan
        (line,) = a.plot(x, np.repeat(v, 2), label=law, linewidth=1.2)
        if {quantity + "_lo", quantity + "_hi"} <= columns:
            lo, hi = grid.values(law, quantity + "_lo")[0], grid.values(law, quantity + "_hi")[0]
            a.fill_between(x, np.repeat(lo, 2), np.repeat(hi, 2), color=line.get_color(), alpha=0.25,
                           linewidth=0)
    a.set_xlim(grid.xe[0], grid.xe[-1])
    a.set_xlabel(labels.get(grid.axes[0], grid.axes[0]))
    a.set_ylabel(what)
    a.legend(fontsize=8)
    if ax is None:
        a.set_title(f"{result.name}: {what}", fontsize=10)
    return fig


def _norm(quantity, values, valid):
    """The shared colour scale, and whether this is a gain map without any gain (drawn blank)."""
    from matplotlib.colors import Normalize

    stacked = np.stack(list(values.values()))
    n = np.stack(list(valid.values()))
    finite = np.isfinite(stacked) & (n > 0)
    if not np.any(finite):
        return Normalize(0, 1), False
    if _is_fraction(quantity):
        if quantity in GAIN_QUANTITIES and not np.any(stacked[finite] > 0):
            return Normalize(0, 1), True
        # The top is the largest fraction among well-sampled cells, so one thin 1-of-1 cell cannot wash
        # out the map (as the run's PNG maps).
        full = finite & (n >= MIN_SAMPLES)
        top = np.max(stacked[full]) if np.any(full & (stacked > 0)) else np.max(stacked[finite])
        return Normalize(0.0, top if top > 0 else 1.0), False
    lo, hi = np.min(stacked[finite]), np.max(stacked[finite])
    return Normalize(lo, hi if hi > lo else lo + 1.0), False


def _wash_thin(ax, grid, thin):
    """Lays white over the cells with fewer than MIN_SAMPLES valid samples and hatches them."""
    from matplotlib.patches import Rectangle

    for iy, ix in zip(*np.nonzero(thin)):
        x0, y0 = grid.xe[ix], grid.ye[iy]
        ax.add_patch(Rectangle((x0, y0), grid.xe[ix + 1] - x0, grid.ye[iy + 1] - y0, facecolor=THIN_WASH,
                               edgecolor=HATCH_COLOR, hatch="///", linewidth=0))


def _target_axes(ax, n, plt):
    if ax is None:
        ncols = 2 if n == 4 else min(n, 3)
        nrows = math.ceil(n / ncols)
        fig, axs = plt.subplots(nrows, ncols, figsize=(3.6 * ncols + 1.2, 3.0 * nrows + 0.5),
                                layout="constrained", squeeze=False)
        axs = list(axs.ravel())
        for a in axs[n:]:
            a.set_axis_off()
        return axs[:n]
    axs = list(np.ravel(ax)) if isinstance(ax, (list, tuple, np.ndarray)) else [ax]
    if len(axs) != n:
        raise ValueError(f"ax: {len(axs)} Axes for {n} law{'s' if n != 1 else ''}; pass one Axes per law "
                         "(or choose the law with law=...)")
    return axs


def _pick_laws(result, law):
    if law is None:
        return list(result.laws)
    laws = [law] if isinstance(law, str) else list(law)
    unknown = [x for x in laws if x not in result.laws]
    if unknown or not laws:
        raise ValueError(f"law {unknown[0] if unknown else law!r} is not in this run; its laws: "
                         f"{', '.join(result.laws)}")
    return laws


def _config_axis(summary, key, column):
    """The config's (lo, hi, bins) of map axis ``key`` when it bins ``column``, else None."""
    config = summary.get("config") if isinstance(summary, dict) else None
    axis = config.get("map", {}).get(key) if isinstance(config, dict) else None
    if isinstance(axis, dict) and axis.get("quantity") == column:
        try:
            return float(axis["lo"]), float(axis["hi"]), int(axis["bins"])
        except (KeyError, TypeError, ValueError):
            return None
    return None


def _edges(centres, config_axis):
    """Bin edges: lo + i (hi - lo) / bins from the config when its bins are the map's, else midpoints."""
    c = np.asarray(centres, float)
    if config_axis is not None:
        lo, hi, bins = config_axis
        edges = lo + (hi - lo) * np.arange(bins + 1) / bins
        if bins == len(c) and np.allclose((edges[:-1] + edges[1:]) / 2, c, rtol=1e-9, atol=1e-9 * (hi - lo)):
            return edges
    if len(c) == 1:
        return np.array([c[0] - 0.5, c[0] + 0.5])
    mid = (c[:-1] + c[1:]) / 2
    return np.concatenate([[c[0] - (mid[0] - c[0])], mid, [c[-1] + (c[-1] - mid[-1])]])


def _white():
    from matplotlib.colors import ListedColormap

    return ListedColormap(["white"])


def _is_fraction(column):
    return "fraction" in column or column.startswith("p_gain")


def _is_numeric(series):
    return series.dtype.kind in "biuf"
