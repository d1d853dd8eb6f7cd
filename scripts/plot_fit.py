# Draws the PNGs of a `collsweep fit` output folder: each law's loss over its parameters (loss_maps/) and the
# plots of the measured impacts and of each law's error on them (data_maps/).
"""Draws the PNG figures of a `collsweep fit` output folder.

Usage: plot_fit.py FIT_DIR [--dpi N] [--quiet] [--import-error FILE]

Reads FIT_DIR/fit.csv (one row per law: its fitted parameters), FIT_DIR/summary.json (which parameters were held or
had no effect; optional), FIT_DIR/impacts.csv (per data row: used or not, theta_deg, coupling, apparent_e,
impulse_ratio), FIT_DIR/residuals.csv (per used impact and law: its error) and every FIT_DIR/loss_maps/*.csv, and
writes:

- loss_maps/<stem>.png beside each loss_maps/<stem>.csv: a two-parameter law's loss as a heat map over its two
  parameters (log colour scale when the loss spans more than two decades), a one-parameter law's loss as a curve;
  the fitted value of fit.csv is marked (with its bootstrap interval when fit.csv has one); grid points where
  the law is invalid (an empty loss) are drawn grey;
- data_maps/apparent_e_vs_theta.png, impulse_ratio_vs_theta.png (the fitted μ of each law as a line, except where
  FIT_DIR/summary.json says the law's μ was held or had no effect: the loss did not change across μ's box),
  error_vs_theta.png (each law's per-impact error, binned medians, log scale) and apparent_e_vs_coupling.png,
  from the used impacts only; a plot whose quantity is empty on every used impact (the coupling and impulse ratio
  of multi-contact data, say) is not drawn.

Prints the path of each PNG written (unless --quiet). Exit status: 0 when drawn; 2 when FIT_DIR or one of its
files is missing or malformed (one line on stderr naming the file); 3 when this interpreter cannot import
matplotlib, its import error written to the file of --import-error FILE (collsweep's: it then tries its next
interpreter), else one line on stderr unless --quiet (plot_import.py).
"""
import argparse
import csv
import json
import math
import os
import sys
import textwrap

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from plot_import import CANNOT_IMPORT, cannot_import, import_matplotlib  # noqa: E402,F401

BAD_INPUT = 2  # exit status: a missing or malformed input file

try:
    import numpy as np
except ImportError as missing:  # matplotlib brings numpy: without numpy there is no matplotlib
    if __name__ != "__main__":
        raise
    sys.exit(cannot_import("plot_fit", import_matplotlib() or missing, sys.argv[1:]))

DEFAULT_DPI = 110
FIGSIZE = (6.4, 4.5)  # inches: 704 x 495 pixels at the default dpi
FIT_COLOR = "#ff1f1f"  # the fitted point's marker: a red that no colour of the loss maps' scale (viridis) comes near
INVALID_COLOR = "#bdbdbd"  # grid points where the law is invalid, as the run maps draw cells without samples
CMAP = "viridis"
POINT_COLOR = "#7f8c99"
MEDIAN_COLOR = "#1f4e79"
MIN_PER_BIN = 10  # a bin with fewer used impacts has no median drawn
MAX_BINS = 20
LOG_DECADES = 2.0  # a loss spanning more decades than this is drawn on a log scale
# Line styles and colours of the laws in error_vs_theta.png and impulse_ratio_vs_theta.png: 10 colours x 3 styles.
LAW_COLORS = ["#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b", "#e377c2", "#7f7f7f", "#bcbd22",
              "#17becf"]
LAW_STYLES = ["-", "--", ":"]

FIT_COLUMNS_AFTER = ["loss", "aggregate", "loss_value", "impacts_used", "impacts_rejected", "infeasible_fraction"]
IMPACT_COLUMNS = ["impact", "used", "theta_deg", "coupling", "apparent_e", "impulse_ratio"]
RESIDUAL_COLUMNS = ["impact", "law", "error"]

# Parameter names as axis labels (the run maps' wording where a run map has the same quantity).
PARAMETER_LABELS = {
    "mu": "friction coefficient μ",
    "e": "restitution coefficient e",
    "e_t": "tangential restitution e_t",
    "e_n": "normal restitution e_n",
    "s1": "weight s1 of Law I",
    "s2": "weight s2 of Law II",
    "threshold": "restitution threshold [m/s]",
}
# Parameter names as symbols in titles and legends.
PARAMETER_SYMBOLS = {"mu": "μ"}
THETA_LABEL = "incidence angle θ = atan2(|v_t|, −v_n) [deg]"
APPARENT_E_LABEL = "apparent restitution −v_n,post / v_n"
COUPLING_LABELS = {"planar": "coupling W_nt / √(W_nn W_tt)",
                   "spatial": "coupling √(W_n1² + W_n2²) / √(W_nn (W_11 + W_22)/2)"}
RATIO_LABELS = {"planar": "impulse ratio −sign(v_t) P_t / P_n (> 0: opposes the slip)",
                "spatial": "impulse ratio |P_t| / P_n"}


class InputError(Exception):
    """A missing or malformed input file; the message is one line naming the file."""


class Table:
    """A CSV file of the fit folder: its header and its rows (lists of text fields)."""

    def __init__(self, path, required=()):
        self.path = path
        try:
            with open(path, newline="") as f:
                rows = list(csv.reader(f))
        except (OSError, UnicodeDecodeError, csv.Error) as err:
            raise InputError(f"{path}: {getattr(err, 'strerror', None) or err}") from None
        if not rows:
            raise InputError(f"{path}: empty file (expected a header line)")
        self.header, self.rows = rows[0], [r for r in rows[1:] if r]
        self.at = {name: i for i, name in enumerate(self.header)}
        missing = [c for c in required if c not in self.at]
        if missing:
            raise InputError(f"{self.path}: missing column{'s' if len(missing) > 1 else ''} {', '.join(missing)}")
        for k, row in enumerate(self.rows):
            if len(row) != len(self.header):
                raise InputError(f"{self.path}:{k + 2}: {len(row)} fields, the header has {len(self.header)}")

    def texts(self, name):
        """A column's fields as text."""
        i = self.at[name]
        return [row[i] for row in self.rows]

    def numbers(self, name):
        """A column as floats, NaN where a field is empty."""
        i = self.at[name]
        values = np.empty(len(self.rows))
        for k, row in enumerate(self.rows):
            field = row[i].strip()
            try:
                values[k] = float(field) if field else math.nan
            except ValueError:
                raise InputError(f"{self.path}:{k + 2}: {name} = {field!r} is not a number") from None
        return values


class Fit:
    """fit.csv: per law its fitted parameter values and bootstrap intervals, and the loss it minimised."""

    def __init__(self, path):
        table = Table(path, ["law"] + FIT_COLUMNS_AFTER)
        end = table.at["loss"]
        names = table.header[1:end]
        if len(names) % 3:
            raise InputError(f"{path}: the columns between law and loss are not triples <name>,<name>_lo,<name>_hi")
        self.parameters = names[0::3]
        for p, lo, hi in zip(names[0::3], names[1::3], names[2::3]):
            if (lo, hi) != (p + "_lo", p + "_hi"):
                raise InputError(f"{path}: expected columns {p},{p}_lo,{p}_hi, found {p},{lo},{hi}")
        self.laws = table.texts("law")
        if not self.laws:
            raise InputError(f"{path}: no law rows")
        self.values = {c: table.numbers(c) for c in names + ["loss_value"]}
        self.loss = dict(zip(self.laws, table.texts("loss")))
        self.aggregate = dict(zip(self.laws, table.texts("aggregate")))
        self.flags = {}  # (law, parameter): (held, effect), from summary.json (read_parameter_flags)

    def value(self, law, name):
        """A law's fitted value of a parameter (or of loss_value), NaN when the law lacks it or is not in fit.csv."""
        if law not in self.laws or name not in self.values:
            return math.nan
        return float(self.values[name][self.laws.index(law)])

    def interval(self, law, name):
        """A law's bootstrap interval of a parameter, (lo, hi); NaNs without one."""
        return self.value(law, name + "_lo"), self.value(law, name + "_hi")

    def mu_line_skipped(self, law):
        """Why a law's fitted μ gets no line in the impulse-ratio plot ("held", "no effect"), or "" when it gets
        one (summary.json's word; without summary.json every fitted μ is drawn)."""
        flags = self.flags.get((law, "mu"))
        if flags is None:
            return ""
        held, effect = flags
        return "held" if held else "" if effect else "no effect"

    def loss_words(self, law=None):
        """The loss in words, e.g. "mean contact loss" (the first law's when law is not in fit.csv)."""
        law = law if law in self.loss else self.laws[0]
        return " ".join(w for w in (self.aggregate[law], self.loss[law], "loss") if w)


def read_parameter_flags(path):
    """{(law, parameter): (held, effect)} of a fit's summary.json: held, the parameter was fixed (--fix); effect
    false, the loss was the same over the parameter's whole box. {} when the file does not exist."""
    try:
        with open(path, encoding="utf-8") as f:
            summary = json.load(f)
    except FileNotFoundError:
        return {}
    except (OSError, UnicodeDecodeError) as err:
        raise InputError(f"{path}: {getattr(err, 'strerror', None) or err}") from None
    except json.JSONDecodeError as err:
        raise InputError(f"{path}: not JSON ({err})") from None
    flags = {}
    try:
        for entry in summary.get("laws", []):
            for name, p in entry["parameters"].items():
                flags[(entry["law"], name)] = (bool(p.get("held", False)), bool(p.get("effect", True)))
    except (AttributeError, KeyError, TypeError):
        raise InputError(f"{path}: laws[] is not a list of {{law, parameters: {{name: {{held, effect}}}}}}") from None
    return flags


def parameter_label(name):
    """An axis label of a law parameter."""
    return PARAMETER_LABELS.get(name, f"parameter {name}")


def symbol(name):
    """A parameter's name as written in titles and legends (mu: μ)."""
    return PARAMETER_SYMBOLS.get(name, name)


def bin_edges(x, max_bins=MAX_BINS):
    """Equal-width bins over the finite values of x: about √n / 2 of them (3 to max_bins); None without values."""
    x = np.asarray(x, float)
    x = x[np.isfinite(x)]
    if not len(x):
        return None
    lo, hi = float(np.min(x)), float(np.max(x))
    if hi <= lo:
        return np.array([lo - 0.5, hi + 0.5])
    n = int(min(max_bins, max(3, round(math.sqrt(len(x)) / 2))))
    return np.linspace(lo, hi, n + 1)


def binned_quartiles(x, y, edges, min_count=MIN_PER_BIN):
    """Per bin [edges[i], edges[i+1]) (the last bin also holds its upper edge) of the points with finite x and y:
    the bin centres, the count, the 25 %, 50 % and 75 % quantiles of y (NaN in a bin with fewer than min_count
    points)."""
    x, y, edges = np.asarray(x, float), np.asarray(y, float), np.asarray(edges, float)
    ok = np.isfinite(x) & np.isfinite(y) & (x >= edges[0]) & (x <= edges[-1])
    x, y = x[ok], y[ok]
    which = np.clip(np.searchsorted(edges, x, side="right") - 1, 0, len(edges) - 2)
    nb = len(edges) - 1
    counts = np.bincount(which, minlength=nb)
    q = np.full((3, nb), math.nan)
    for b in np.flatnonzero(counts >= max(min_count, 1)):
        q[:, b] = np.percentile(y[which == b], [25, 50, 75])
    return (edges[:-1] + edges[1:]) / 2, counts, q[0], q[1], q[2]


def log_scale_wanted(values, decades=LOG_DECADES):
    """Whether positive values span more than this many decades (zeros and non-finite values aside)."""
    v = np.asarray(values, float)
    v = v[np.isfinite(v) & (v > 0)]
    return len(v) > 1 and math.log10(np.max(v) / np.min(v)) > decades


def geometric(values):
    """Whether sorted grid values are evenly spaced in their logarithm and not linearly (a log-spaced grid)."""
    v = np.asarray(values, float)
    if len(v) < 3 or not np.all(v > 0):
        return False
    steps, log_steps = np.diff(v), np.diff(np.log(v))
    return (np.ptp(log_steps) <= 1e-3 * abs(np.mean(log_steps))
            and np.ptp(steps) > 1e-3 * abs(np.mean(steps)))


def grid_edges(centres, log):
    """Cell edges around sorted grid values: midpoints inside, half a step outside (in the logarithm if log)."""
    c = np.log(centres) if log else np.asarray(centres, float)
    if len(c) == 1:
        e = np.array([c[0] - 0.5, c[0] + 0.5]) if not log else np.array([c[0] - 0.1, c[0] + 0.1])
    else:
        mid = (c[:-1] + c[1:]) / 2
        e = np.concatenate([[c[0] - (mid[0] - c[0])], mid, [c[-1] + (c[-1] - mid[-1])]])
    return np.exp(e) if log else e


def robust_limits(values, extra=()):
    """y limits that hold the 0.5 %..99.5 % quantiles of values and every value of extra, with a margin."""
    v = np.asarray(values, float)
    v = v[np.isfinite(v)]
    points = list(np.percentile(v, [0.5, 99.5])) if len(v) else []
    points += [e for e in extra if math.isfinite(e)]
    if not points:
        return None
    lo, hi = min(points), max(points)
    pad = 0.05 * (hi - lo) if hi > lo else 0.5
    return lo - pad, hi + pad


def new_figure(dpi, size=FIGSIZE, below=0.0, right=0.0):
    """A figure outside pyplot (nothing to close) with one panel in fixed margins (in inches: room for the tick
    labels, axis labels and a two-line title; below: more room under the panel, for a legend; right: more room
    right of it). Fixed margins are a third of matplotlib's constrained layout's time."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    width, height = size
    fig = Figure(figsize=size, dpi=dpi)
    FigureCanvasAgg(fig)
    fig.subplots_adjust(left=0.85 / width, right=1.0 - (0.25 + right) / width, bottom=(0.6 + below) / height,
                        top=1.0 - 0.6 / height)
    return fig, fig.add_subplot()


def log_ticks(axis, values):
    """Ticks of a log axis over values that spans less than two decades: at 1, 2 and 5 times the powers of ten,
    labelled as plain numbers (by default such an axis may show one label, or crowded ones)."""
    from matplotlib.ticker import FuncFormatter, LogLocator, NullFormatter

    v = np.asarray(values, float)
    v = v[np.isfinite(v) & (v > 0)]
    if len(v) < 2 or math.log10(np.max(v) / np.min(v)) >= 2.0:
        return
    axis.set_major_locator(LogLocator(subs=(1.0, 2.0, 5.0)))
    axis.set_major_formatter(FuncFormatter(lambda x, _: f"{x:.3g}"))
    axis.set_minor_formatter(NullFormatter())


def save(fig, path, written):
    """Writes the figure as a PNG without a software or time field (the same input gives the same bytes)."""
    fig.savefig(path, dpi=fig.dpi, metadata={"Software": None})
    written.append(path)


# ---------------------------------------------------------------------------------------------------------
# Loss maps


def read_loss_map(path):
    """A loss map: its parameter names (one or two) and columns (values, NaN where the loss is empty)."""
    table = Table(path, ["loss"])
    names = table.header[: table.at["loss"]]
    if not 1 <= len(names) <= 2 or table.header[-1] != "loss":
        raise InputError(f"{path}: expected columns <p>,loss or <p1>,<p2>,loss, found {','.join(table.header)}")
    if not table.rows:
        raise InputError(f"{path}: no grid points")
    columns = [table.numbers(n) for n in names]
    for n, c in zip(names, columns):
        if not np.all(np.isfinite(c)):
            raise InputError(f"{path}: {n} is empty or not finite on some line")
    return names, columns, table.numbers("loss")


def loss_norm(loss):
    """The colour scale of a loss grid: logarithmic when it spans more than LOG_DECADES decades."""
    from matplotlib.colors import LogNorm, Normalize

    finite = loss[np.isfinite(loss)]
    if not len(finite):
        return Normalize(0.0, 1.0)
    if log_scale_wanted(finite):
        positive = finite[finite > 0]
        return LogNorm(np.min(positive), np.max(positive), clip=True)
    lo, hi = float(np.min(finite)), float(np.max(finite))
    return Normalize(lo, hi if hi > lo else lo + 1.0)


def invalid_patch():
    """The legend entry of the grid points where the law is invalid."""
    from matplotlib.patches import Patch

    return Patch(facecolor=INVALID_COLOR, edgecolor="none", label="law invalid here (no loss)")


def draw_loss_map_2d(fig, ax, law, names, columns, loss, fit):
    """The heat map of a two-parameter law's loss over its grid, the fitted point marked; returns the fitted
    point (x, y) drawn (NaNs when fit.csv has none)."""
    import matplotlib

    xs, ys = np.unique(columns[0]), np.unique(columns[1])
    grid = np.full((len(ys), len(xs)), math.nan)
    grid[np.searchsorted(ys, columns[1]), np.searchsorted(xs, columns[0])] = loss
    xlog, ylog = geometric(xs), geometric(ys)
    norm = loss_norm(loss)
    cmap = matplotlib.colormaps[CMAP].with_extremes(bad=INVALID_COLOR)
    xe, ye = grid_edges(xs, xlog), grid_edges(ys, ylog)
    mesh = ax.pcolormesh(xe, ye, np.ma.masked_invalid(grid), cmap=cmap, norm=norm, shading="flat", rasterized=True)
    if xlog:
        ax.set_xscale("log")
        log_ticks(ax.xaxis, xe)
    if ylog:
        ax.set_yscale("log")
        log_ticks(ax.yaxis, ye)
    bar = fig.colorbar(mesh, ax=ax, fraction=0.06, pad=0.03)
    log_loss = norm.__class__.__name__ == "LogNorm"
    bar.set_label(fit.loss_words(law) + (" (log scale)" if log_loss else ""))
    handles = []
    point = (fit.value(law, names[0]), fit.value(law, names[1]))
    if all(math.isfinite(v) for v in point):
        (xlo, xhi), (ylo, yhi) = fit.interval(law, names[0]), fit.interval(law, names[1])
        from matplotlib import patheffects

        outline = [patheffects.Stroke(linewidth=3.0, foreground="black"), patheffects.Normal()]
        bootstrap = []  # the bootstrap intervals as white bars, outlined, through the fitted point
        if math.isfinite(xlo) and math.isfinite(xhi):
            bootstrap += ax.plot([xlo, xhi], [point[1], point[1]], color="white", linewidth=1.4, zorder=3,
                                 path_effects=outline)
        if math.isfinite(ylo) and math.isfinite(yhi):
            bootstrap += ax.plot([point[0], point[0]], [ylo, yhi], color="white", linewidth=1.4, zorder=3,
                                 path_effects=outline)
        if bootstrap:
            bootstrap[0].set_label("bootstrap interval")
            handles.append(bootstrap[0])
        handles += ax.plot([point[0]], [point[1]], linestyle="none", marker="X", markersize=11, color=FIT_COLOR,
                           markeredgecolor="white", markeredgewidth=1.0, zorder=4,
                           label=f"fitted: {symbol(names[0])} = {point[0]:.4g}, {symbol(names[1])} = {point[1]:.4g}")
    if np.any(~np.isfinite(grid)):
        handles.append(invalid_patch())
    ax.set_xlim(xe[0], xe[-1])  # the grid, whatever the bootstrap interval's reach
    ax.set_ylim(ye[0], ye[-1])
    ax.set_xlabel(parameter_label(names[0]))
    ax.set_ylabel(parameter_label(names[1]))
    if handles:
        ax.legend(handles=handles, loc="upper center", bbox_to_anchor=(0.5, -0.13), ncol=3, fontsize=8,
                  frameon=False)
    return point


def draw_loss_map_1d(fig, ax, law, names, columns, loss, fit):
    """The loss curve of a one-parameter law, invalid ranges grey and the fitted value marked; returns the
    fitted point (value, loss) drawn (NaNs when fit.csv has none)."""
    order = np.argsort(columns[0], kind="stable")
    x, y = columns[0][order], loss[order]
    xlog = geometric(np.unique(x))
    if xlog:
        ax.set_xscale("log")
        log_ticks(ax.xaxis, x)
    ax.plot(x, y, color=MEDIAN_COLOR, linewidth=1.5, marker="." if len(x) <= 60 else None,
            label=fit.loss_words(law))
    if log_scale_wanted(y):
        ax.set_yscale("log")
    handles = ax.get_lines()[:]
    bad = ~np.isfinite(y)
    if np.any(bad):  # each run of invalid grid points, drawn to the midpoints toward its valid neighbours
        e = grid_edges(x, xlog)
        start = None
        for i in range(len(x) + 1):
            if i < len(x) and bad[i]:
                start = i if start is None else start
            elif start is not None:
                ax.axvspan(e[start], e[i], color=INVALID_COLOR, linewidth=0, zorder=0)
                start = None
        handles.append(invalid_patch())
    value = fit.value(law, names[0])
    point = (value, math.nan)
    if math.isfinite(value):
        lo, hi = fit.interval(law, names[0])
        if math.isfinite(lo) and math.isfinite(hi):
            handles.append(ax.axvspan(lo, hi, color=FIT_COLOR, alpha=0.12, linewidth=0,
                                      label=f"bootstrap interval [{lo:.4g}, {hi:.4g}]"))
        ax.axvline(value, color=FIT_COLOR, linewidth=1.0, linestyle="--")
        at = fit.value(law, "loss_value")
        if not math.isfinite(at):
            ok = np.isfinite(y)
            at = float(np.interp(value, x[ok], y[ok])) if np.any(ok) else math.nan
        point = (value, at)
        if math.isfinite(at):
            handles += ax.plot([value], [at], linestyle="none", marker="X", markersize=11, color=FIT_COLOR,
                               markeredgecolor="white", markeredgewidth=1.0, zorder=4,
                               label=f"fitted: {symbol(names[0])} = {value:.4g}")
    ax.set_xlabel(parameter_label(names[0]))
    ax.set_ylabel(fit.loss_words(law))
    ax.grid(True, color="0.9", linewidth=0.6)
    ax.legend(handles=handles, fontsize=8, loc="best")
    return point


def loss_map_figure(path, fit, dpi):
    """The figure of one loss_maps/<law>__<p1>[__<p2>].csv, its axes and the fitted point it marks."""
    stem = os.path.splitext(os.path.basename(path))[0]
    law = stem.split("__")[0]
    names, columns, loss = read_loss_map(path)
    fig, ax = new_figure(dpi, below=0.35, right=0.35) if len(names) == 2 else new_figure(dpi)
    draw = draw_loss_map_2d if len(names) == 2 else draw_loss_map_1d
    point = draw(fig, ax, law, names, columns, loss, fit)
    others = [p for p in fit.parameters if p not in names and math.isfinite(fit.value(law, p))]
    held = ", ".join(f"{symbol(p)} = {fit.value(law, p):.4g}" for p in others)
    over = " and ".join(symbol(n) for n in names)
    title = f"{law}: {fit.loss_words(law)} over {over}"
    if law not in fit.laws:
        title += "\n(law not in fit.csv: no fitted value)"
    elif held:
        title += f"\n(other parameters at their fitted values: {held})"
    ax.set_title(title, fontsize=10)
    return fig, ax, point


# ---------------------------------------------------------------------------------------------------------
# Data maps


class Impacts:
    """The used impacts of impacts.csv, by impact number."""

    def __init__(self, path):
        table = Table(path, IMPACT_COLUMNS)
        used = table.numbers("used") == 1
        self.impact = table.numbers("impact")[used]
        self.columns = {c: table.numbers(c)[used] for c in IMPACT_COLUMNS[2:]}
        self.count = int(np.sum(used))

    def theta_of(self, impacts):
        """theta_deg of impact numbers (NaN for impacts not used)."""
        order = np.argsort(self.impact)
        sorted_ids = self.impact[order]
        at = np.clip(np.searchsorted(sorted_ids, impacts), 0, max(len(sorted_ids) - 1, 0))
        found = (sorted_ids[at] == impacts) if len(sorted_ids) else np.zeros(len(impacts), bool)
        theta = np.full(len(impacts), math.nan)
        theta[found] = self.columns["theta_deg"][order][at[found]]
        return theta


def family_of(residuals):
    """planar, spatial or multicontact, from the predicted columns of residuals.csv."""
    header = residuals.header
    if "v_t_pred" in header:
        return "planar"
    if "v_1_pred" in header:
        return "spatial"
    if "g_1_pred" in header:
        return "multicontact"
    return "planar"


def law_style(i):
    """Colour and line style of the i-th law of fit.csv."""
    return LAW_COLORS[i % len(LAW_COLORS)], LAW_STYLES[(i // len(LAW_COLORS)) % len(LAW_STYLES)]


def binned_band(ax, x, y, edges, label="binned median"):
    """The binned medians of y over x as a line with its quartiles as a band; the handles for a legend."""
    centres, _, q25, q50, q75 = binned_quartiles(x, y, edges)
    band = ax.fill_between(centres, q25, q75, color=MEDIAN_COLOR, alpha=0.25, linewidth=0,
                           label="quartiles (25 %, 75 %)")
    (line,) = ax.plot(centres, q50, color=MEDIAN_COLOR, linewidth=2.0, marker="o", markersize=4, label=label)
    return [line, band]


def scatter_figure(x, y, xlabel, ylabel, title, dpi, hlines=(), note=""):
    """A scatter of y over x with binned medians and quartiles; hlines: (value, label, colour, style) drawn
    across; note: text added to the legend. None when no point has finite x and y."""
    ok = np.isfinite(x) & np.isfinite(y)
    if not np.any(ok):
        return None
    fig, ax = new_figure(dpi)
    x, y = x[ok], y[ok]
    edges = bin_edges(x)
    size = 6 if len(x) > 500 else 12
    points = ax.scatter(x, y, s=size, color=POINT_COLOR, alpha=0.45, linewidths=0, rasterized=True,
                        label=f"impacts ({len(x)})")
    handles = [points] + binned_band(ax, x, y, edges, label=f"median per bin (≥ {MIN_PER_BIN} impacts)")
    for value, label, color, style in hlines:
        handles.append(ax.axhline(value, color=color, linestyle=style, linewidth=1.3, label=label))
    limits = robust_limits(y, [h[0] for h in hlines])
    if limits is not None:
        ax.set_ylim(*limits)
        outside = int(np.sum((y < limits[0]) | (y > limits[1])))
        if outside:
            ax.text(0.99, 0.01, f"{outside} impact{'s' if outside > 1 else ''} outside the view",
                    transform=ax.transAxes, ha="right", va="bottom", fontsize=7, color="0.35")
    if note:  # a legend entry without a mark
        from matplotlib.lines import Line2D

        handles.append(Line2D([], [], linestyle="none", label=textwrap.fill(note, 48)))
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    ax.set_title(title, fontsize=10)
    ax.grid(True, color="0.9", linewidth=0.6)
    ax.legend(handles=handles, fontsize=7, loc="best", ncol=1 if len(handles) <= 5 else 2)
    return fig


def error_figure(impacts, residuals, fit, dpi):
    """Each law's per-impact error against θ: binned medians, one line per law, log scale. None without any."""
    laws = residuals.texts("law")
    error = residuals.numbers("error")
    theta = impacts.theta_of(residuals.numbers("impact"))
    ok = np.isfinite(theta) & np.isfinite(error) & (error > 0)
    if not np.any(ok):
        return None
    edges = bin_edges(theta[ok])
    laws_arr = np.array(laws, dtype=object)
    names = list(dict.fromkeys(laws))
    order = fit.laws + [law for law in names if law not in fit.laws]
    medians = {law: float(np.median(error[ok & (laws_arr == law)])) for law in names
               if np.any(ok & (laws_arr == law))}
    shown = sorted(medians, key=lambda law: (medians[law], law))
    fig, ax = new_figure(dpi, (FIGSIZE[0] + 2.0, FIGSIZE[1]), right=2.0)
    for law in shown:
        sel = ok & (laws_arr == law)
        color, style = law_style(order.index(law))
        centres, _, _, q50, _ = binned_quartiles(theta[sel], error[sel], edges)
        ax.plot(centres, q50, color=color, linestyle=style, linewidth=1.6, marker="o", markersize=3,
                label=f"{law} (median {medians[law]:.3g})")
    ax.set_yscale("log")
    log_ticks(ax.yaxis, [line_value for line in ax.get_lines() for line_value in line.get_ydata()])
    ax.set_xlabel(THETA_LABEL)
    ax.set_ylabel(f"per-impact error ({fit.loss.get(shown[0], '') or 'the fit'} loss), median per bin")
    ax.set_title("each law's error on the used impacts against θ\n(lowest overall median first)",
                 fontsize=10)
    ax.grid(True, which="both", color="0.9", linewidth=0.6)
    ax.legend(fontsize=7, loc="upper left", bbox_to_anchor=(1.01, 1.0), frameon=False)
    return fig


def data_figures(impacts, residuals, fit, dpi):
    """The data plots as (file name, figure) pairs, a figure only where its quantities have values."""
    family = family_of(residuals)
    c = impacts.columns
    n = impacts.count
    figures = []
    figures.append(("apparent_e_vs_theta.png", scatter_figure(
        c["theta_deg"], c["apparent_e"], THETA_LABEL, APPARENT_E_LABEL,
        f"apparent restitution against incidence angle ({n} used impacts)", dpi)))
    mu_lines, skipped = [], []
    for i, law in enumerate(fit.laws):
        mu = fit.value(law, "mu")
        if not math.isfinite(mu):
            continue
        why = fit.mu_line_skipped(law)
        if why:  # a held μ was not fitted; a μ without effect is wherever the search left it
            skipped.append(f"{law} ({why})")
            continue
        color, style = law_style(i)
        mu_lines.append((mu, f"fitted μ of {law}: {mu:.3g}", color, style))
    note = "μ not drawn: " + ", ".join(skipped) if skipped else ""
    figures.append(("impulse_ratio_vs_theta.png", scatter_figure(
        c["theta_deg"], c["impulse_ratio"], THETA_LABEL, RATIO_LABELS.get(family, "impulse ratio P_t / P_n"),
        f"measured impulse ratio against incidence angle ({n} used impacts)\n"
        "Coulomb friction: at most μ, equal to μ where the contact slides throughout", dpi, mu_lines, note)))
    figures.append(("error_vs_theta.png", error_figure(impacts, residuals, fit, dpi)))
    figures.append(("apparent_e_vs_coupling.png", scatter_figure(
        c["coupling"], c["apparent_e"], COUPLING_LABELS.get(family, "coupling"), APPARENT_E_LABEL,
        f"apparent restitution against the coupling of W ({n} used impacts)", dpi)))
    return [(name, fig) for name, fig in figures if fig is not None]


# ---------------------------------------------------------------------------------------------------------


def read_folder(fit_dir):
    """fit.csv (with summary.json's held and no-effect parameters), impacts.csv, residuals.csv and the loss map
    paths of a fit folder."""
    if not os.path.isdir(fit_dir):
        raise InputError(f"{fit_dir}: not a folder (expected the output folder of collsweep fit)")
    fit = Fit(os.path.join(fit_dir, "fit.csv"))
    fit.flags = read_parameter_flags(os.path.join(fit_dir, "summary.json"))
    impacts = Impacts(os.path.join(fit_dir, "impacts.csv"))
    residuals = Table(os.path.join(fit_dir, "residuals.csv"), RESIDUAL_COLUMNS)
    loss_dir = os.path.join(fit_dir, "loss_maps")
    try:
        names = sorted(f for f in os.listdir(loss_dir) if f.endswith(".csv"))
    except FileNotFoundError:
        names = []  # no law with a parameter to map
    except OSError as err:
        raise InputError(f"{loss_dir}: {err.strerror}") from None
    return fit, impacts, residuals, [os.path.join(loss_dir, f) for f in names]


def main(argv=None):
    """Reads the fit folder, draws its PNGs and prints each path; 2 on bad input, 3 without matplotlib."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("fit_dir", help="the output folder of collsweep fit")
    parser.add_argument("--dpi", type=int, default=DEFAULT_DPI, help=f"PNG resolution (default {DEFAULT_DPI})")
    parser.add_argument("--quiet", action="store_true", help="do not print the written paths")
    parser.add_argument("--import-error", metavar="FILE",
                        help="without matplotlib: write the import error into FILE, not on stderr (collsweep's)")
    raw = sys.argv[1:] if argv is None else list(argv)
    args = parser.parse_args(raw)
    if args.dpi <= 0:
        parser.error("--dpi must be positive")
    try:
        fit, impacts, residuals, loss_paths = read_folder(args.fit_dir)
    except InputError as err:
        print(f"plot_fit: {err}", file=sys.stderr)
        return BAD_INPUT
    missing = import_matplotlib()
    if missing is not None:
        return cannot_import("plot_fit", missing, raw)
    written = []
    try:
        for path in loss_paths:
            fig, _, _ = loss_map_figure(path, fit, args.dpi)
            save(fig, os.path.splitext(path)[0] + ".png", written)
        data_dir = os.path.join(args.fit_dir, "data_maps")
        os.makedirs(data_dir, exist_ok=True)
        for name, fig in data_figures(impacts, residuals, fit, args.dpi):
            save(fig, os.path.join(data_dir, name), written)
    except InputError as err:
        print(f"plot_fit: {err}", file=sys.stderr)
        return BAD_INPUT
    except OSError as err:
        print(f"plot_fit: cannot write {err.filename or args.fit_dir}: {err.strerror}", file=sys.stderr)
        return BAD_INPUT
    if not args.quiet:
        for path in written:
            print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
