#!/usr/bin/env python3
"""Draws a finished collsweep run's PNG maps: energy gain, collision Types, and how far the samples back them.

Usage: plot_maps.py RUN_DIR [--quiet] [--dpi N] [--jobs N] [--wait] [--import-error FILE]

Reads RUN_DIR/map.csv (one row per map cell x law, the map-axis columns first; every column is
defined in docs/outputs.md) and RUN_DIR/summary.json ("model", "config_file", per law its Type labels), and
RUN_DIR/compare.csv when the run compared law pairs (docs/thesis-laws.md).
Every file this script writes goes into RUN_DIR/maps/ and is named either `<law>_<something>.png` (one
law) or `laws_<something>.png` (all laws side by side): `collsweep run --force` removes exactly these two
patterns, so any new figure must keep to them. What each figure shows: docs/maps.md.
The figures are drawn as pixels with NumPy, and their text with Pillow in DejaVu Sans (map_figure,
map_raster): no matplotlib, whose import alone took longer than a small run's sweep. --jobs N > 1 draws them in
N processes forked once the input is read (worth it for many large maps only). collsweep starts the script
with --wait before its sweep: it imports what it draws with, then waits for a line "draw" on stdin before
reading RUN_DIR (end of input: exit 0, no maps).
Bad or old-format input gives one line on stderr naming the file and what is missing, and exit status 2;
an interpreter without NumPy or Pillow (or without DejaVu Sans) exits with status 3, its import error written
to the file of --import-error FILE (collsweep's: it then tries its next interpreter), else one line on stderr
unless --quiet (plot_import.py).
"""
import argparse
import json
import os
import signal
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from plot_import import CANNOT_IMPORT, cannot_import  # noqa: E402,F401 (CANNOT_IMPORT: the exit status)

MODULES = "NumPy and Pillow"  # what the maps are drawn with (the font: DejaVu Sans, map_raster.font_file)


def wait_for_draw():
    """Blocks until stdin says "draw" (True) or ends (False: the run failed or was stopped). Ctrl-C meanwhile
    is the run's to handle: it closes stdin."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    go = sys.stdin.readline().strip() == "draw"
    signal.signal(signal.SIGINT, signal.SIG_DFL)  # stopped while drawing: end without a traceback
    return go


def cannot_draw(err, argv):
    """Exit status 3 of an interpreter that cannot import what the maps are drawn with, having said why
    (plot_import); with --wait, once told to draw (0 without a word when the run ends without maps)."""
    if "--wait" in argv and not wait_for_draw():
        return 0
    return cannot_import("plot_maps", err, argv, MODULES)


try:
    import numpy as np

    from map_colormap import colormap_rgba
    from map_csv import InputError, RunMap, read_csv
    from map_drawing import (EMPTY, FRACTION_LABEL, LINE_COLOR, MIN_SAMPLES, NO_GAIN, NO_SAMPLES_COLOR, THIN,
                             THIN_WASH, bar_extend, column_norm, gain_norm, range_norm, sample_status)
    from map_figure import Figure
    from map_labels import axis_labels
    from map_png import write_png
    from map_raster import font_file, parse_color
    font_file()  # DejaVu Sans: its absence is told as an import error is
except ImportError as missing:
    if __name__ != "__main__":
        raise
    sys.exit(cannot_draw(missing, sys.argv[1:]))

# The dominant-category maps: one colour per Type (mode, case), faded toward white as its share falls.
TYPE_COLORS = ["#4477aa", "#66ccee", "#228833", "#ccbb44", "#ee6677"]
MAX_FADE = 0.7  # how far toward white a dominant Type with share 1/n_types is blended (1 = white)
DEFAULT_DPI = 110
SOFTWARE = "collsweep scripts/plot_maps.py"  # the PNGs' Software field

AXIS_LABELS = axis_labels("planar")
MULTICONTACT_AXIS_LABELS = axis_labels("multicontact")

PLANAR_COLUMNS = (["law", "samples", "valid", "gain_count", "gain_fraction", "gain_fraction_lo",
                   "gain_fraction_hi"]
                  + [f"type_{t}_fraction{s}" for t in range(1, 6) for s in ("", "_lo", "_hi")]
                  + ["dominant_type", "dominant_fraction"])
MULTICONTACT_COLUMNS = ["law", "samples", "valid"] + [f"p_gain_{w}{s}" for w in ("max", "min")
                                                       for s in ("", "_lo", "_hi")]
# The spatial family's modes (docs/spatial.md): Routh's laws A..E, Chatterjee-Ruina's Law II types II-1, II-2.
SPATIAL_ROUTH_MODES = ["A", "B", "C", "D", "E"]
SPATIAL_LAW2_MODES = ["II-1", "II-2"]
SPATIAL_MODE_COLUMNS = {m: "mode_" + m.replace("-", "_") for m in SPATIAL_ROUTH_MODES + SPATIAL_LAW2_MODES}
# Chatterjee's thesis laws in 3D and the engine law have no mode: their cases are map.csv's case_1 .. case_3
# (summary.json "cases").
SPATIAL_THESIS_LAWS = {"chatterjee-law1-3d", "chatterjee-law3-3d", "chatterjee-combined-3d", "kane-levinson-3d",
                       "smith-3d", "brach-3d", "sequential-impulse-3d"}
SPATIAL_COLUMNS = (["law", "samples", "valid", "gain_count", "gain_fraction", "gain_fraction_lo",
                    "gain_fraction_hi"] + list(SPATIAL_MODE_COLUMNS.values()))
SPATIAL_AXIS_LABELS = axis_labels("spatial")
MULTICONTACT_MAPS = {
    "p_gain_max": "P(W_max > 0): some solution gains energy",
    "p_gain_min": "P(W_min > 0): every solution gains energy",
}


def read_run(run_dir):
    """summary.json and map.csv of a run, checked against the model's columns."""
    summary_path = os.path.join(run_dir, "summary.json")
    try:
        with open(summary_path) as f:
            summary = json.load(f)
    except (OSError, ValueError) as err:
        raise InputError(f"{summary_path}: {err}") from None
    if not isinstance(summary, dict):
        raise InputError(f"{summary_path}: not a JSON object")
    map_path = os.path.join(run_dir, "map.csv")
    header, lines = read_csv(map_path)
    model = summary.get("model", "multicontact" if "p_gain_max" in header else "planar")
    if model not in FAMILIES:
        raise InputError(f"{summary_path}: unknown model {model!r} (known: {', '.join(FAMILIES)})")
    return summary, model, RunMap(map_path, header, lines, FAMILIES[model].columns)


def type_labels(summary, law):
    """The law's Type labels from summary.json ("1: <label>" keys) as {number: label}."""
    laws = summary.get("laws")
    types = laws.get(law, {}).get("types", {}) if isinstance(laws, dict) else {}
    labels = {}
    for key in types if isinstance(types, dict) else ():
        number_text, _, text = key.partition(": ")
        if number_text.strip().isdigit():
            labels[int(number_text)] = text
    return labels


def type_count(labels, law):
    """How many Types a law reports: from its labels, else 2 for chatterjee-ruina and 5 for the others."""
    if labels:
        return min(max(labels), len(TYPE_COLORS))
    return 2 if law == "chatterjee-ruina" else 5


def dominant_shade(rgb, share, n_types):
    """The Type colour blended toward white as its share of valid samples falls from 1 to 1/n_types (a law
    with one category only, such as brach-3d's one case, is never faded: its share is 1)."""
    share = np.asarray(share, float)
    if n_types <= 1:
        return np.asarray(rgb, float) * np.ones_like(share)[..., None]
    fade = MAX_FADE * np.clip((1.0 - share) / (1.0 - 1.0 / n_types), 0.0, 1.0)
    return np.asarray(rgb, float) * (1.0 - fade[..., None]) + fade[..., None]


def dominant_colors(dominant, share, n_types):
    """RGBA per cell: the dominant Type's colour shaded by its share; transparent where there is no Type."""
    dominant = np.asarray(dominant, float)
    ok = np.isfinite(dominant) & (dominant >= 1) & (dominant <= n_types)
    palette = np.array([parse_color(c) for c in TYPE_COLORS])
    base = np.where(ok[..., None], palette[np.where(ok, dominant, 1).astype(int) - 1], 1.0)
    share = np.where(np.isfinite(share), share, 1.0)
    rgba = np.concatenate([dominant_shade(base, share, n_types), ok[..., None].astype(float)], axis=-1)
    return rgba


class Figures:
    """Where and how the figures are written: the maps folder, dpi, title prefix, axis labels, written paths."""

    def __init__(self, out_dir, dpi, config_name, labels):
        self.out_dir, self.dpi, self.config_name, self.labels = out_dir, dpi, config_name, labels
        self.written = []

    def new(self, n, size=None):
        """A figure of n map panels (one panel: of size (width, height) inches, else 6.4 x 4.8)."""
        width, height = size or ((6.4, 4.8) if n == 1 else (None, None))
        return Figure(n, width, height, self.dpi)

    def title(self, law, what):
        """A figure title: the config, the law (or "all laws") and what is drawn."""
        return f"{self.config_name} — {law}\n{what}"

    def save(self, fig, name, title, notes=()):
        """Writes maps/<name>.png with the title and notes in its PNG text (Title, Description)."""
        path = os.path.join(self.out_dir, f"{name}.png")
        fig.title = title
        write_png(path, fig.render(), self.dpi, {"Software": SOFTWARE, "Title": title.replace("\n", " — "),
                                                 "Description": "; ".join(notes)})
        self.written.append(path)


# ---- what a panel shows (map_drawing's cells, statuses and scales, drawn by map_figure)
STATUS_ENTRIES = [("patch", "no valid samples", NO_SAMPLES_COLOR, False, 1.0),
                  ("patch", f"fewer than {MIN_SAMPLES} valid samples", "white", True, 1.0)]


def band_entries(color):
    """Legend entries of a 1-D fraction: its step line and its Wilson band."""
    return [("line", FRACTION_LABEL, color, False), ("patch", "95 % Wilson interval", color, False, 0.3)]


def label_panel(panel, rm, labels, ylabel=""):
    """A panel's limits (the bins' outer edges) and axis labels."""
    panel.xlim, panel.xlabel = (rm.xe[0], rm.xe[-1]), labels.get(rm.axes[0], rm.axes[0])
    if not rm.one_axis:
        panel.ylim, panel.ylabel = (rm.ye[0], rm.ye[-1]), labels.get(rm.axes[1], rm.axes[1])
    else:
        panel.ylabel = ylabel


def status_cells(panel, rm, status):
    """Greys the cells without a valid sample, washes out and hatches the thin ones (map_drawing.draw_status)."""
    grey, wash = np.zeros(status.shape + (4,)), np.zeros(status.shape + (4,))
    grey[status == EMPTY] = list(parse_color(NO_SAMPLES_COLOR)) + [1.0]
    wash[status == THIN] = THIN_WASH
    panel.add("cells", rm.xe, rm.ye, grey)
    panel.add("cells", rm.xe, rm.ye, wash)
    panel.add("hatch", rm.xe, rm.ye, status == THIN)


def heat_panel(panel, rm, values, status, norm, labels):
    """A 2-D map on norm's colour scale (cells left white when norm is None) with its sample status."""
    if norm is not None:
        panel.add("cells", rm.xe, rm.ye, colormap_rgba(values, norm.vmin, norm.vmax))
    status_cells(panel, rm, status)
    label_panel(panel, rm, labels)


def scale_bar(fig, panels, norm, values, label=FRACTION_LABEL, shrink=1.0):
    """The colour bar of a scale right of its panels, with an arrow at its top when values go beyond it."""
    fig.add_bar("scale", panels, shrink=shrink, vmin=norm.vmin, vmax=norm.vmax, extend=bar_extend(norm, values),
                label=label)


def auto_top(*arrays):
    """The top of an autoscaled y axis over these values (matplotlib's 5 % margin beyond the data)."""
    finite = np.concatenate([np.asarray(a, float).ravel() for a in arrays])
    finite = finite[np.isfinite(finite)]
    if len(finite) == 0:
        return 1.0
    lo, hi = min(finite.min(), 0.0), finite.max()
    return hi + 0.05 * (hi - lo) if hi > lo else hi + 1.0


def mark_bins(panel, rm, status, behind):
    """The 1-D bins without a valid sample (grey, behind=True) or thin (hatched over the line)."""
    for i, s in enumerate(status):
        if behind and s == EMPTY:
            panel.add("span", rm.xe[i], rm.xe[i + 1], NO_SAMPLES_COLOR)
        elif not behind and s == THIN:
            panel.add("span_hatch", rm.xe[i], rm.xe[i + 1], 0.5)


def line_panel(panel, rm, value, lo, hi, status, labels, color=LINE_COLOR, ylabel=FRACTION_LABEL, top=None):
    """A 1-D map as a step line with its Wilson band (lo, hi when given), empty and thin bins marked; the y
    axis from 0 to top (default: autoscaled)."""
    mark_bins(panel, rm, status, behind=True)
    if lo is not None and hi is not None:
        panel.add("band", rm.xe, lo, hi, color, 0.3)
    panel.add("step", rm.xe, value, color)
    mark_bins(panel, rm, status, behind=False)
    label_panel(panel, rm, labels, ylabel)
    panel.ylim = (0.0, top if top is not None else auto_top(value, *(a for a in (lo, hi) if a is not None)))


def gain_map(figs, rm, law, column, lo_col, hi_col, gains, what, no_gain_note=NO_GAIN):
    """One law's gain-fraction figure (planar gain_fraction, multi-contact p_gain_*)."""
    values, status = rm.grid(law, column), sample_status(rm.grid(law, "valid"))
    norm = gain_norm(gains, values, status)
    notes = [] if norm is not None else [no_gain_note]
    fig = figs.new(1)
    (panel,) = fig.panels
    if rm.one_axis:
        line_panel(panel, rm, values[0], rm.grid(law, lo_col)[0], rm.grid(law, hi_col)[0], status[0], figs.labels)
        fig.set_legend(band_entries(LINE_COLOR) + STATUS_ENTRIES)
    else:
        heat_panel(panel, rm, values, status, norm, figs.labels)
        if norm is not None:
            scale_bar(fig, [panel], norm, values)
        fig.set_legend(STATUS_ENTRIES)
    panel.note = no_gain_note if notes else ""
    figs.save(fig, f"{law}_{column}", figs.title(law, what), notes)


def laws_gain_map(figs, rm, column, lo_col, hi_col, gain_column, what):
    """Every law's gain fraction side by side on one colour scale with one colour bar: laws_<column>.png."""
    values = {law: rm.grid(law, column) for law in rm.laws}
    gains = {law: rm.grid(law, gain_column) for law in rm.laws}
    statuses = {law: sample_status(rm.grid(law, "valid")) for law in rm.laws}
    norm = gain_norm(np.stack(list(gains.values())), np.stack(list(values.values())),
                     np.stack(list(statuses.values())))
    notes = [] if norm is not None else [NO_GAIN]
    title = f"{figs.config_name} — all laws\n{what}" + (f": {NO_GAIN}" if notes else "")
    stacked = np.stack(list(values.values()))
    fig = figs.new(len(rm.laws))
    top = max([np.nanmax(rm.grid(law, hi_col)) for law in rm.laws if np.any(np.isfinite(rm.grid(law, hi_col)))],
              default=1.0)
    for panel, law in zip(fig.panels, rm.laws):
        status = statuses[law]
        if rm.one_axis:
            line_panel(panel, rm, values[law][0], rm.grid(law, lo_col)[0], rm.grid(law, hi_col)[0], status[0],
                       figs.labels, top=top * 1.05 if top > 0 else 1.0)
        else:
            heat_panel(panel, rm, values[law], status, norm, figs.labels)
        panel.title = law + ("" if np.any(np.nan_to_num(gains[law]) > 0) else " — no energy gain")
    if norm is not None and not rm.one_axis:
        scale_bar(fig, fig.panels, norm, stacked, shrink=0.8)
    fig.set_legend((band_entries(LINE_COLOR) if rm.one_axis else []) + STATUS_ENTRIES)
    figs.save(fig, f"laws_{column}", title, notes)


def dominant_type_map(figs, rm, law, labels, n_types):
    """One law's dominant Type per cell, shaded toward white as its share falls: <law>_dominant_type.png."""
    names = {t: f"{t}: {labels.get(t, '')}" for t in range(1, n_types + 1)}
    dominant_map(figs, rm, law, rm.grid(law, "dominant_type"), rm.grid(law, "dominant_fraction"), names,
                 "Type", "dominant_type", "collision Type")


def dominant_map(figs, rm, law, dominant, share, names, what, name, heading=None):
    """One law's dominant category (Type, mode) per cell, numbered 1..n with legend texts names[t], shaded
    toward white as its share falls: <law>_<name>.png (titled "dominant <heading>")."""
    n_types = len(names)
    status = sample_status(rm.grid(law, "valid"))
    title = figs.title(law, f"dominant {heading or what} (shade: share of the dominant {what})")
    fig = figs.new(1, (6.8, 5.0))
    (panel,) = fig.panels
    rgba = dominant_colors(dominant, share, n_types)
    if rm.one_axis:
        mark_bins(panel, rm, status[0], behind=True)
        shown = rgba[0, :, 3] > 0
        panel.add("bars", rm.xe[:-1][shown], rm.xe[1:][shown], share[0][shown], rgba[0, shown, :3])
        mark_bins(panel, rm, status[0], behind=False)
        panel.add("hline", 1.0 / n_types, "0.4", 0.8, None, None, (3.7 * 0.8, 1.6 * 0.8))
        label_panel(panel, rm, figs.labels, f"share of the dominant {what}")
        panel.ylim = (0.0, 1.0)
        type_entries = [("patch", names[t], TYPE_COLORS[t - 1], False, 1.0) for t in range(1, n_types + 1)]
        fig.set_legend(type_entries + [("line", f"1/{n_types}: no {what} dominates", "0.4", True)]
                       + STATUS_ENTRIES, ncol=2)
    else:
        panel.add("cells", rm.xe, rm.ye, rgba)
        status_cells(panel, rm, status)
        label_panel(panel, rm, figs.labels)
        fig.add_bar("categories", [panel], colors=TYPE_COLORS[:n_types],
                    names=[names[t] for t in range(1, n_types + 1)])
        shares = np.linspace(1.0 / n_types, 1.0, 64)
        fig.add_bar("ramp", [panel], side="bottom", vmin=1.0 / n_types, vmax=1.0,
                    shades=dominant_shade(np.array([parse_color("#404040")] * len(shares)), shares, n_types),
                    label=f"shade: share of the dominant {what} (pale = mixed, full = pure)")
        fig.set_legend(STATUS_ENTRIES)
    figs.save(fig, f"{law}_{name}", title, [f"shade: share of the dominant {what}"])


def type_fractions_map(figs, rm, law, labels, n_types):
    """Small multiples: each Type's fraction of valid samples on one 0..1 scale: <law>_type_fractions.png."""
    status = sample_status(rm.grid(law, "valid"))
    title = figs.title(law, "fraction of valid samples per collision Type")
    values = [rm.grid(law, f"type_{t}_fraction") for t in range(1, n_types + 1)]
    norms = [column_norm(f"type_{t}_fraction", v, status) for t, v in enumerate(values, 1)]
    fig = figs.new(n_types)
    for t, panel in zip(range(1, n_types + 1), fig.panels):
        if rm.one_axis:
            line_panel(panel, rm, values[t - 1][0], rm.grid(law, f"type_{t}_fraction_lo")[0],
                       rm.grid(law, f"type_{t}_fraction_hi")[0], status[0], figs.labels, TYPE_COLORS[t - 1],
                       top=1.0)
        else:
            heat_panel(panel, rm, values[t - 1], status, norms[t - 1], figs.labels)
        panel.title = f"Type {t}: {labels.get(t, '')}"
    if not rm.one_axis:
        scale_bar(fig, fig.panels, norms[-1], np.zeros(1), shrink=0.8)
    fig.set_legend((band_entries("0.3") if rm.one_axis else []) + STATUS_ENTRIES)
    figs.save(fig, f"{law}_type_fractions", title)


# Chatterjee 1997's constraints (§3.2-§3.4), as map.csv's C<i>_count columns (runs with a thesis law).
CONSTRAINTS = [("C1_count", "C1: energy ellipsoid (gains energy)"), ("C2_count", "C2: penetration (v_n2 < 0)"),
               ("C3_count", "C3: Coulomb (|P_t| > μ P_n)"), ("C4_count", "C4: pulling normal impulse (P_n < 0)")]


def share_panels(figs, rm, panels, status):
    """A figure of titled maps of values >= 0, each on its own scale from 0: a 2-D map on 0..max with its colour
    bar (a note where every cell is 0), or a step line; panels: (values, title, label of the scale) each.
    Returns the figure."""
    fig = figs.new(len(panels))
    for panel, (values, what, label) in zip(fig.panels, panels):
        if rm.one_axis:
            line_panel(panel, rm, values[0], None, None, status[0], figs.labels, ylabel=label)
        else:
            norm = range_norm(values, status)
            heat_panel(panel, rm, values, status, norm, figs.labels)
            if norm is None:
                panel.note = "0 in every cell"
            else:
                scale_bar(fig, [panel], norm, values, label=label)
        panel.title = what
    fig.set_legend(STATUS_ENTRIES)
    return fig


def constraints_map(figs, rm, law):
    """One law's fractions of valid samples violating each constraint C1..C4: <law>_constraints.png."""
    status = sample_status(rm.grid(law, "valid"))
    valid = rm.grid(law, "valid")
    with np.errstate(invalid="ignore", divide="ignore"):
        panels = [(rm.grid(law, column) / valid, what, FRACTION_LABEL) for column, what in CONSTRAINTS]
    fig = share_panels(figs, rm, panels, status)
    title = figs.title(law, "constraint violations (Chatterjee 1997 §3.2–§3.4), fraction of valid samples each")
    figs.save(fig, f"{law}_constraints", title)


def read_compare(run_dir):
    """compare.csv (run.compare's disagreement maps) as a RunMap keyed "<law_a> vs <law_b>", or None."""
    path = os.path.join(run_dir, "compare.csv")
    if not os.path.exists(path):
        return None
    header, lines = read_csv(path)
    need = ["law_a", "law_b", "both_valid", "mean_dv2_rel", "max_dv2_rel", "type_differs_fraction"]
    missing = [c for c in need if c not in header]
    if missing:
        raise InputError(f"{path}: missing column{'s' if len(missing) > 1 else ''} {', '.join(missing)}")
    n, a, b = len(header), header.index("law_a"), header.index("law_b")
    rows = [(r + [""] * (n - len(r)))[:n] for r in (line.split(",") for line in lines)]
    # a "law" column before the axes' end
    lines = [",".join(r[:a] + [f"{r[a]} vs {r[b]}"] + r[a:]) for r in rows]
    return RunMap(path, header[:a] + ["law"] + header[a:], lines, ["law"], texts=("law", "law_a", "law_b"))


def compare_map(figs, cm, pair):
    """One pair's disagreement: mean and max |v2_A − v2_B| / |v1| and the type-differs fraction."""
    a, b = pair.split(" vs ")
    status = sample_status(cm.grid(pair, "both_valid"))
    panels = [("mean_dv2_rel", "mean |v2_A − v2_B| / |v1|", "|v2_A − v2_B| / |v1|"),
              ("max_dv2_rel", "max |v2_A − v2_B| / |v1|", "|v2_A − v2_B| / |v1|"),
              ("type_differs_fraction", "collision type or mode (else slip state) differs", "fraction of samples both valid")]
    fig = share_panels(figs, cm, [(cm.grid(pair, column), what, label) for column, what, label in panels], status)
    title = figs.title(f"{a} vs {b}", "disagreement where both laws are valid (linear scale from 0)")
    figs.save(fig, f"{a}_vs_{b}_disagreement", title)


def plot_planar(rm, summary):
    """Every planar figure: per law gain fraction, dominant Type, Type fractions; all laws' gain fractions;
    the constraint violations of runs with a thesis law and the disagreement maps of run.compare."""
    jobs = []
    for law in rm.laws:
        labels = type_labels(summary, law)
        n_types = type_count(labels, law)
        jobs += [(gain_map, rm, law, "gain_fraction", "gain_fraction_lo", "gain_fraction_hi",
                  rm.grid(law, "gain_count"), "energy-gain fraction (dE > tol·T_acc)"),
                 (dominant_type_map, rm, law, labels, n_types), (type_fractions_map, rm, law, labels, n_types)]
        if "C1_count" in rm.header:
            jobs.append((constraints_map, rm, law))
    jobs.append((laws_gain_map, rm, "gain_fraction", "gain_fraction_lo", "gain_fraction_hi", "gain_count",
                 "energy-gain fraction (dE > tol·T_acc)"))
    return jobs + compare_jobs(rm)


def compare_jobs(rm):
    """The disagreement maps of run.compare (none without compare.csv)."""
    cm = read_compare(os.path.dirname(rm.path))
    return [(compare_map, cm, pair) for pair in cm.laws] if cm is not None else []


def plot_multicontact(rm, summary):  # noqa: ARG001 (the families' common signature)
    """Every multi-contact figure: per law P(W_max > 0) and P(W_min > 0); all laws' P(W_max > 0)."""
    jobs = []
    for law in rm.laws:
        for column, what in MULTICONTACT_MAPS.items():
            note = NO_GAIN if column == "p_gain_max" else "no cell where every solution gains energy"
            jobs.append((gain_map, rm, law, column, f"{column}_lo", f"{column}_hi", rm.grid(law, column), what,
                         note))
    jobs.append((laws_gain_map, rm, "p_gain_max", "p_gain_max_lo", "p_gain_max_hi", "p_gain_max",
                 MULTICONTACT_MAPS["p_gain_max"]))
    return jobs


def mode_labels(summary, law, modes):
    """The law's mode descriptions from summary.json ("A: <text>" keys of "modes"), else the bare names."""
    laws = summary.get("laws")
    found = laws.get(law, {}).get("modes", {}) if isinstance(laws, dict) else {}
    texts = {}
    for key in found if isinstance(found, dict) else ():
        name, _, text = key.partition(": ")
        texts[name.strip()] = text
    return {t: (f"{m}: {texts[m]}" if texts.get(m) else m) for t, m in enumerate(modes, 1)}


def case_labels(summary, law):
    """A spatial thesis law's cases from summary.json ("<n>: <text>" keys of "cases"), numbered from 1."""
    laws = summary.get("laws")
    found = laws.get(law, {}).get("cases", {}) if isinstance(laws, dict) else {}
    cases = {}
    for key in found if isinstance(found, dict) else ():
        number, _, _ = key.partition(": ")
        if number.strip().isdigit():
            cases[int(number)] = key
    return [cases.get(c, f"case {c}") for c in range(1, max(cases, default=1) + 1)]


def dominant_of(rm, law, columns):
    """Per cell the dominant category (1-based index into columns, map.csv count columns; ties to the first)
    and its share of the valid samples; NaN where a cell has no valid sample."""
    counts = np.stack([rm.grid(law, c) for c in columns])
    valid = rm.grid(law, "valid")
    best = np.nanmax(np.nan_to_num(counts, nan=-1.0), axis=0)
    dominant = np.argmax(np.nan_to_num(counts, nan=-1.0), axis=0).astype(float) + 1.0
    has = valid > 0
    share = np.where(has, best / np.where(has, valid, 1.0), np.nan)
    return np.where(has, dominant, np.nan), share


def plot_spatial(rm, summary):
    """Every spatial figure: per law gain fraction and dominant mode (a thesis law's: case); all laws' gain
    fractions; the constraint violations of runs with a thesis law or run.constraints and the disagreement
    maps of run.compare."""
    jobs = []
    for law in rm.laws:
        jobs.append((gain_map, rm, law, "gain_fraction", "gain_fraction_lo", "gain_fraction_hi",
                     rm.grid(law, "gain_count"), "energy-gain fraction (dE > tol·T_acc)"))
        if law in SPATIAL_THESIS_LAWS and "case_1" in rm.header:
            cases = case_labels(summary, law)
            dominant, share = dominant_of(rm, law, [f"case_{c}" for c in range(1, len(cases) + 1)])
            jobs.append((dominant_map, rm, law, dominant, share, dict(enumerate(cases, 1)), "case",
                         "dominant_case"))
        elif law not in SPATIAL_THESIS_LAWS:
            modes = SPATIAL_LAW2_MODES if law == "chatterjee-ruina-3d" else SPATIAL_ROUTH_MODES
            dominant, share = dominant_of(rm, law, [SPATIAL_MODE_COLUMNS[m] for m in modes])
            jobs.append((dominant_map, rm, law, dominant, share, mode_labels(summary, law, modes), "mode",
                         "dominant_mode"))
        if "C1_count" in rm.header:
            jobs.append((constraints_map, rm, law))
    jobs.append((laws_gain_map, rm, "gain_fraction", "gain_fraction_lo", "gain_fraction_hi", "gain_count",
                 "energy-gain fraction (dE > tol·T_acc)"))
    return jobs + compare_jobs(rm)


class Family:
    """A model family's map.csv columns (checked on reading), axis labels and figures."""

    def __init__(self, columns, axis_labels, plot):
        self.columns, self.axis_labels, self.plot = columns, axis_labels, plot


# One entry per model family of collsweep ("model" in summary.json), the only place that tells them apart.
FAMILIES = {
    "planar": Family(PLANAR_COLUMNS, AXIS_LABELS, plot_planar),
    "multicontact": Family(MULTICONTACT_COLUMNS, MULTICONTACT_AXIS_LABELS, plot_multicontact),
    "spatial": Family(SPATIAL_COLUMNS, SPATIAL_AXIS_LABELS, plot_spatial),
}


def draw(figs, job):
    """Draws one figure (a job: the figure function and its arguments after figs); returns the paths written and
    None, or no path and why the figure could not be drawn: a figure that fails must not cost the others."""
    start = len(figs.written)
    try:
        job[0](figs, *job[1:])
    except (InputError, OSError):
        raise  # the input or the folder: every figure would fail so
    except Exception as err:  # noqa: BLE001 (a defect of this script: said, the other figures drawn)
        of = f" of {job[2]}" if len(job) > 2 and isinstance(job[2], str) else ""
        return [], f"{job[0].__name__}{of}: {type(err).__name__}: {err}"
    return figs.written[start:], None


_forked = None  # (figs, jobs) for the worker processes, which inherit it when forked
# A figure's drawing costs about as much as this many map cells besides its cells (its axes, text, PNG); a
# process is forked for every WORK_PER_PROCESS of them (below that, forking costs more than it saves).
FIGURE_CELLS = 20_000
WORK_PER_PROCESS = 100_000


def draw_forked(indices):
    """A process's share of the figures: these indices of the inherited job list; returns draw()'s answer per
    job."""
    return [draw(_forked[0], _forked[1][i]) for i in indices]


def draw_all(figs, jobs, workers, cells):
    """Draws every job (a map of `cells` cells each), in worker processes forked from this one when workers > 1
    and the maps are large; returns the paths written, in the jobs' order, and the figures not drawn (why)."""
    global _forked
    import multiprocessing

    workers = min(workers, len(jobs), max(1, (cells + FIGURE_CELLS) * len(jobs) // WORK_PER_PROCESS))
    if workers <= 1 or "fork" not in multiprocessing.get_all_start_methods():
        done = [draw(figs, job) for job in jobs]
    else:
        order = [list(range(k, len(jobs), workers)) for k in range(workers)]
        _forked = (figs, jobs)
        try:
            with multiprocessing.get_context("fork").Pool(workers) as pool:
                answers = {}
                for at, drawn in zip(order, pool.map(draw_forked, order, chunksize=1)):
                    answers.update(zip(at, drawn))
        finally:
            _forked = None
        done = [answers[i] for i in range(len(jobs))]
    return [path for paths, _ in done for path in paths], [why for _, why in done if why]


def cpu_count():
    """The CPUs this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not Linux
        return os.cpu_count() or 1


def main(argv=None):
    """Reads the run, draws its maps into RUN_DIR/maps/ and prints each path; 2 on bad input, 1 when a figure
    could not be drawn (the others are; 3 without NumPy or Pillow: before main, at import)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("run_dir")
    parser.add_argument("--quiet", action="store_true", help="do not print the written paths")
    parser.add_argument("--dpi", type=int, default=DEFAULT_DPI, help=f"PNG resolution (default {DEFAULT_DPI})")
    parser.add_argument("--jobs", type=int, default=cpu_count(),
                        help="at most so many processes draw the figures; only maps of many cells get more "
                        "than one (default: the CPUs this one may use)")
    parser.add_argument("--wait", action="store_true",
                        help="wait for a line 'draw' on stdin before reading RUN_DIR (collsweep run starts the "
                        "script so before its sweep); end of input: exit 0 without drawing")
    parser.add_argument("--import-error", metavar="FILE",
                        help=f"without {MODULES}: write the import error into FILE, not on stderr (collsweep's)")
    args = parser.parse_args(sys.argv[1:] if argv is None else list(argv))
    if args.wait and not wait_for_draw():
        return 0
    try:
        summary, model, rm = read_run(args.run_dir)
    except InputError as err:
        print(f"plot_maps: {err}", file=sys.stderr)
        return 2
    out_dir = os.path.join(args.run_dir, "maps")
    try:
        os.makedirs(out_dir, exist_ok=True)
    except OSError as err:
        print(f"plot_maps: cannot create {out_dir}: {err.strerror}", file=sys.stderr)
        return 2
    config_name = os.path.basename(str(summary.get("config_file", ""))) or os.path.basename(
        os.path.normpath(args.run_dir))
    family = FAMILIES[model]
    figs = Figures(out_dir, args.dpi, config_name, family.axis_labels)
    try:
        rm.read_columns(family.columns)
        jobs = family.plot(rm, summary)
        written, failed = draw_all(figs, jobs, args.jobs, len(rm.xs) * len(rm.ys))
    except InputError as err:
        print(f"plot_maps: {err}", file=sys.stderr)
        return 2
    except OSError as err:
        print(f"plot_maps: cannot write {err.filename or out_dir}: {err.strerror}", file=sys.stderr)
        return 2
    if not args.quiet:
        for path in written:
            print(path)
    for why in failed:
        print(f"plot_maps: not drawn (a defect of this script; please report it): {why}", file=sys.stderr)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
