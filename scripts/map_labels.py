# The axis labels of the maps, by map quantity: one table for scripts/plot_maps.py (the PNG maps of a run) and
# the Python module's RunResult.plot() (CMake copies this file into the package as collsweep/_map_labels.py).
"""Axis labels of map quantities (configs/README.md, [map]), with each family's own wording."""

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
    "psi": "incidence ψ [deg]",
    "phi": "azimuth φ [deg]",
    "mu_ratio": "μ / μ_c (μ_c = |b⁻¹c|)",
    "s1": "weight s1 of Law I",
    "s2": "weight s2 of Law II",
    "ratio": "impulse ratio P_t / P_n",
    "r1": "impulse ratio r1 = P_e2 / P_n (against the slip)",
    "r2": "impulse ratio r2 = P_e3 / P_n (across the slip)",
    "iterations": "Gauss–Seidel sweeps K",
    "log2_iterations": "log₂ of the Gauss–Seidel sweeps K",
    "threshold": "restitution threshold [speed]",
    "normal_first": "normal impulse first (1) or friction first (0)",
    "friction_cone": "friction disc (1) or pyramid (0)",
    "v_x": "body's velocity v_x (mass centre)",
    "v_y": "body's velocity v_y (mass centre)",
    "omega": "body's angular velocity ω",
}

# Where a family words a quantity its own way.
FAMILY_AXIS_LABELS = {"multicontact": {"log10_cond": "log10 cond(G)", "mu": "mean friction μ"}}


def axis_labels(family):
    """The labels of a family's map quantities."""
    return dict(AXIS_LABELS, **FAMILY_AXIS_LABELS.get(family, {}))
