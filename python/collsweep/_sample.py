"""collsweep.sample: the inputs of a sweep's samples, drawn exactly as `collsweep run` draws them."""
from __future__ import annotations

import os

from . import _collsweep as _core
from ._config import materialize_config
from ._tables import table_frame


def sample(config, first: int = 0, count: int = 1, *, threads: int = 0):
    """The inputs of samples first .. first + count - 1 of a sweep, as a pandas DataFrame.

    config is a path, a TOML string or a dict (as for collsweep.run). The columns are those of the run's
    witnesses.csv before its results: `sample`, then the family's `collsweep eval` input columns (planar
    W_nn .. e_t, the thesis laws' parameters where the config's laws read them, theta_deg; multi-contact
    contacts, G_i_j, g_i, mu_j, eN_j, eT_j of the config's largest k, empty beyond a sample's own k;
    spatial W_nn .. e_t, psi_deg, phi_deg). Sample k is the same on every backend, thread count and batch
    size, so sample(config, k, 1) re-creates witness k, or any map cell's sample, for evaluate() or solve().
    """
    if first < 0 or count < 0:
        raise ValueError(f"first={first}, count={count}: both must be >= 0")
    cfg = materialize_config(config)
    raw = _core.sample_columns(os.fspath(cfg.path), int(first), int(count), int(threads))
    frame = table_frame(raw)
    frame.attrs["family"] = raw["family"]
    return frame
