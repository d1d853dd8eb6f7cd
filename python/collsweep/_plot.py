# RunResult.plot(): a run's map.csv column as heat maps (two axes) or step lines (one axis), per law, drawn by
# the run's PNG maps' own drawing code (_map_drawing, a copy of scripts/map_drawing.py).
"""Map plotting for :meth:`collsweep.RunResult.plot` (docs/python.md, docs/maps.md). matplotlib is imported
only when a map is drawn."""
import numpy as np

from . import _map_drawing as md
from ._map_labels import axis_labels

DEFAULT_QUANTITY = {"planar": "gain_fraction", "spatial": "gain_fraction", "multicontact": "p_gain_max"}
QUANTITY_LABELS = {
    "gain_fraction": "energy-gain fraction of valid samples",
    "p_gain_max": "P(W_max > 0): some solution gains energy",
    "p_gain_min": "P(W_min > 0): every solution gains energy",
    "p_gain_chosen": "P(W > 0) of the chosen solution",
}


def plot_map(result, quantity, law, ax):
    """Draws result.map's column ``quantity`` for the chosen laws; returns the Figure (see RunResult.plot)."""
    df = result.map
    quantity = quantity or DEFAULT_QUANTITY.get(result.family, "gain_fraction")
    numeric = [c for c in df.columns if c not in result.axes and c != "law" and _is_numeric(df[c])]
    if quantity not in numeric:
        raise ValueError(f"unknown map quantity {quantity!r}; the map's numeric columns: {', '.join(numeric)}")
    laws = _pick_laws(result, law)
    if not 1 <= len(result.axes) <= 2:
        raise ValueError(f"map.csv has {len(result.axes)} map-axis columns; expected one or two")
    grid = _Grid(df, result.axes)
    values = {law: grid.values(law, quantity) for law in laws}
    status = {law: md.sample_status(grid.values(law, "valid")) for law in laws}
    what = QUANTITY_LABELS.get(quantity, quantity)
    draw = _plot_lines if grid.one_axis else _plot_heat_maps
    return draw(result, grid, values, status, quantity, what, axis_labels(result.family), ax)


class _Grid(md.MapGrid):
    """The map's cells (md.MapGrid) over result.map, and per (law, column) a (ny, nx) array."""

    def __init__(self, df, axes):
        super().__init__(axes, df[axes[0]].to_numpy(float), df[axes[1]].to_numpy(float) if len(axes) == 2 else None)
        self.df = df

    def values(self, law, column):
        rows = self.df[self.df["law"] == law]
        out = np.full((len(self.ys), len(self.xs)), np.nan)
        out[self.cell_index(*(rows[a].to_numpy(float) for a in self.axes))] = rows[column].to_numpy(float)
        return out


def _plot_heat_maps(result, grid, values, status, quantity, what, labels, ax):
    """One heat map per law on one colour scale with one colour bar, as laws_gain_fraction.png."""
    axes = _target_axes(ax, len(values))
    fig = axes[0].figure
    stacked = np.stack(list(values.values()))
    norm = md.column_norm(quantity, stacked, np.stack(list(status.values())))
    mesh = None
    for a, (law, v) in zip(axes, values.items()):
        mesh = md.heat_map(a, grid, v, status[law], norm, labels) or mesh
        if quantity in md.GAIN_COLUMNS:
            md.law_title(a, law, np.any(np.nan_to_num(v) > 0))
        else:
            a.set_title(law, fontsize=8)
    if mesh is not None:
        md.colorbar(fig, mesh, axes, stacked, label=what, **({"shrink": 0.8} if len(axes) > 1 else {}))
    elif len(axes) == 1:
        md.annotate_center(axes[0], md.NO_GAIN)
    if ax is None:
        md.figure_legend(fig, md.status_handles())
        no_gain = f": {md.NO_GAIN}" if mesh is None and len(axes) > 1 else ""  # one panel: noted in it
        fig.suptitle(f"{result.name}: {what}{no_gain}", fontsize=9)
        md.arrange(fig)
    return fig


def _plot_lines(result, grid, values, status, quantity, what, labels, ax):
    """A step line per law on one Axes, with its 95 % band when map.csv has the column's _lo and _hi."""
    if ax is None:
        fig, a = md.new_figure()
    else:
        a = ax[0] if isinstance(ax, (list, tuple, np.ndarray)) else ax
        fig = a.figure
    band = {quantity + "_lo", quantity + "_hi"} <= set(grid.df.columns)
    for k, (law, v) in enumerate(values.items()):
        v = np.where(status[law][0] == md.EMPTY, np.nan, v[0])
        lo, hi = (grid.values(law, quantity + s)[0] for s in ("_lo", "_hi")) if band else (None, None)
        md.step_band(a, grid.xe, v, lo, hi, md.LINE_COLOR if len(values) == 1 else f"C{k}", label=law)
    md.mark_bins(a, grid.xe, np.min(np.stack([s[0] for s in status.values()]), axis=0))  # the worst law's
    md.label_axes(a, grid, labels)
    a.set_ylabel(what, fontsize=8)
    if md.TYPE_FRACTION.fullmatch(quantity):
        a.set_ylim(0, 1)
    elif md.is_fraction(quantity):
        a.set_ylim(bottom=0)
    a.legend(fontsize=8)
    if ax is None:
        md.figure_legend(fig, md.status_handles())
        fig.suptitle(f"{result.name}: {what}", fontsize=9)
        md.arrange(fig)
    return fig


def _target_axes(ax, n):
    """n Axes: a new figure's (as <law>_gain_fraction.png, laws_gain_fraction.png) when ax is None, else the
    caller's, one per law."""
    if ax is None:
        return [md.new_figure()[1]] if n == 1 else md.panel_grid(n)[1][:n]
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


def _is_numeric(series):
    return series.dtype.kind in "biuf"
