#!/usr/bin/env python3
"""Draws a finished collsweep run's maps: per law, the energy-gain fraction and the dominant collision Type."""
import argparse
import csv
import json
import math
import os
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
from matplotlib.colors import BoundaryNorm, ListedColormap  # noqa: E402

AXIS_LABELS = {
    "theta": "approach angle θ [deg]",
    "alpha": "α = tan θ",
    "mu": "friction μ",
    "e": "restitution e",
    "e_t": "tangential restitution e_t",
    "rho": "ρ = m_nt / √(m_nn m_tt)",
    "kappa": "κ = √(m_nn / m_tt)",
    "log10_cond": "log10 cond(W)",
    "eps_spread": "coefficient spread ε_max − ε_min",
    "contacts": "contacts k",
}
TYPE_COLORS = ["#4477aa", "#66ccee", "#228833", "#ccbb44", "#ee6677"]


def read_map(run_dir):
    with open(os.path.join(run_dir, "map.csv"), newline="") as f:
        reader = csv.DictReader(f)
        rows = list(reader)
        header = reader.fieldnames
    axes = header[: header.index("law")]
    return axes, rows


def centers(rows, axis):
    return sorted({float(r[axis]) for r in rows})


def grid(rows, axes, law, column, xs, ys):
    ix = {x: i for i, x in enumerate(xs)}
    iy = {y: i for i, y in enumerate(ys)}
    values = [[math.nan] * len(xs) for _ in ys]
    for r in rows:
        if r["law"] != law or r[column] == "":
            continue
        y = iy[float(r[axes[1]])] if len(axes) > 1 else 0
        values[y][ix[float(r[axes[0]])]] = float(r[column])
    return values


def edges(cs):
    if len(cs) == 1:
        return [cs[0] - 0.5, cs[0] + 0.5]
    step = cs[1] - cs[0]
    return [c - step / 2 for c in cs] + [cs[-1] + step / 2]


def type_labels(summary, law):
    types = summary.get("laws", {}).get(law, {}).get("types", {})
    labels = {}
    for key in types:
        number, _, text = key.partition(": ")
        labels[int(number)] = text
    return labels


def heat(ax, fig, xs, ys, values, label, cmap="magma"):
    finite = [v for row in values for v in row if not math.isnan(v)]
    mesh = ax.pcolormesh(edges(xs), edges(ys), values, cmap=cmap, vmin=0.0, vmax=max(1e-12, max(finite, default=1.0)))
    fig.colorbar(mesh, ax=ax, label=label)


def plot_multicontact_law(axes, rows, law, summary, out_dir):
    """Multi-contact maps: P(W_max > 0) (some solution gains) and P(W_min > 0) (every solution gains)."""
    labels = dict(AXIS_LABELS, log10_cond="log10 cond(G)", mu="mean friction μ")
    xs = centers(rows, axes[0])
    ys = centers(rows, axes[1]) if len(axes) > 1 else [0.0]
    written = []
    for column, title in (("p_gain_max", "P(W_max > 0): some solution gains energy"),
                          ("p_gain_min", "P(W_min > 0): every solution gains energy")):
        values = grid(rows, axes, law, column, xs, ys)
        fig, ax = plt.subplots(figsize=(7, 5))
        if len(axes) == 1:
            ax.plot(xs, values[0], drawstyle="steps-mid")
            ax.set_xlabel(labels.get(axes[0], axes[0]))
            ax.set_ylabel(column)
        else:
            heat(ax, fig, xs, ys, values, "fraction of valid samples")
            ax.set_xlabel(labels.get(axes[0], axes[0]))
            ax.set_ylabel(labels.get(axes[1], axes[1]))
        ax.set_title(f"{summary.get('config_file', '')} — {law}\n{title}", fontsize=9)
        fig.tight_layout()
        path = os.path.join(out_dir, f"{law}_{column}.png")
        fig.savefig(path, dpi=110)
        plt.close(fig)
        written.append(path)
    return written


def plot_law(run_dir, axes, rows, law, summary, out_dir):
    xs = centers(rows, axes[0])
    ys = centers(rows, axes[1]) if len(axes) > 1 else [0.0]
    written = []
    title = f"{summary.get('config_file', run_dir)} — {law}"
    gain = grid(rows, axes, law, "gain_fraction", xs, ys)
    dominant = grid(rows, axes, law, "dominant_type", xs, ys)
    labels = type_labels(summary, law)
    n_types = max(labels) if labels else 5

    for name, values in (("gain_fraction", gain), ("dominant_type", dominant)):
        fig, ax = plt.subplots(figsize=(7, 5))
        if len(axes) == 1:
            ax.plot(xs, values[0], drawstyle="steps-mid")
            ax.set_xlabel(AXIS_LABELS.get(axes[0], axes[0]))
            ax.set_ylabel("energy-gain fraction" if name == "gain_fraction" else "dominant Type")
        elif name == "gain_fraction":
            mesh = ax.pcolormesh(edges(xs), edges(ys), values, cmap="magma", vmin=0.0,
                                 vmax=max(1e-12, max((v for row in values for v in row if not math.isnan(v)), default=1.0)))
            fig.colorbar(mesh, ax=ax, label="fraction of samples with dE > tol·T_acc")
        else:
            cmap = ListedColormap(TYPE_COLORS[:n_types])
            norm = BoundaryNorm([t + 0.5 for t in range(n_types + 1)], n_types)
            mesh = ax.pcolormesh(edges(xs), edges(ys), values, cmap=cmap, norm=norm)
            bar = fig.colorbar(mesh, ax=ax, ticks=range(1, n_types + 1))
            bar.ax.set_yticklabels([f"{t}: {labels.get(t, '')}" for t in range(1, n_types + 1)], fontsize=7)
        if len(axes) > 1:
            ax.set_xlabel(AXIS_LABELS.get(axes[0], axes[0]))
            ax.set_ylabel(AXIS_LABELS.get(axes[1], axes[1]))
        ax.set_title(f"{title}\n{'energy-gain fraction' if name == 'gain_fraction' else 'dominant collision Type'}",
                     fontsize=9)
        fig.tight_layout()
        path = os.path.join(out_dir, f"{law}_{name}.png")
        fig.savefig(path, dpi=110)
        plt.close(fig)
        written.append(path)
    return written


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("run_dir")
    parser.add_argument("--quiet", action="store_true")
    args = parser.parse_args()
    try:
        with open(os.path.join(args.run_dir, "summary.json")) as f:
            summary = json.load(f)
        axes, rows = read_map(args.run_dir)
    except (OSError, ValueError) as err:
        print(f"plot_maps: cannot read the run in {args.run_dir}: {err}", file=sys.stderr)
        return 2
    out_dir = os.path.join(args.run_dir, "maps")
    os.makedirs(out_dir, exist_ok=True)
    laws = []
    for r in rows:
        if r["law"] not in laws:
            laws.append(r["law"])
    written = []
    for law in laws:
        if summary.get("model") == "multicontact":
            written += plot_multicontact_law(axes, rows, law, summary, out_dir)
        else:
            written += plot_law(args.run_dir, axes, rows, law, summary, out_dir)
    if not args.quiet:
        for p in written:
            print(p)
    return 0


if __name__ == "__main__":
    sys.exit(main())
