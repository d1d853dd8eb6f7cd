"""Arguments of collsweep.evaluate as the columns of `collsweep eval`: matrix and vector layouts expanded,
scalars broadcast, every value checked finite."""
from __future__ import annotations

import numpy as np

# The contact-frame components of W and v for each family, in the eval columns' names.
_PLANAR_W = {"W_nn": (0, 0), "W_nt": (0, 1), "W_tt": (1, 1)}
_SPATIAL_W = {"W_nn": (0, 0), "W_n1": (0, 1), "W_n2": (0, 2), "W_11": (1, 1), "W_12": (1, 2), "W_22": (2, 2)}
_PLANAR_V = ("v_n", "v_t")
_SPATIAL_V = ("v_n", "v_1", "v_2")


def as_numbers(name: str, value) -> np.ndarray:
    """value as a float64 array; ValueError naming the argument when it is not numbers."""
    try:
        a = np.asarray(value, dtype=np.float64)
    except (TypeError, ValueError) as e:
        raise ValueError(f"argument '{name}': not numbers ({e})") from None
    bad = ~np.isfinite(a)
    if bad.any():
        if a.ndim == 0:
            raise ValueError(f"argument '{name}': {float(a)} is not a finite number")
        row = int(np.argmax(bad.reshape(a.shape[0], -1).any(axis=1))) if a.ndim > 1 else int(np.argmax(bad))
        value = a[row][np.isfinite(a[row]) == False].flat[0] if a.ndim > 1 else a[row]  # noqa: E712
        raise ValueError(f"argument '{name}', row {row}: {value} is not a finite number")
    return a


def _symmetric(name: str, W: np.ndarray, n: int) -> np.ndarray:
    if W.ndim not in (2, 3) or W.shape[-2:] != (n, n):
        raise ValueError(f"argument '{name}': expected shape (N, {n}, {n}) or ({n}, {n}), got {W.shape}")
    W3 = W.reshape((-1, n, n))
    for i in range(n):
        for j in range(i + 1, n):
            upper, lower = W3[:, i, j], W3[:, j, i]
            asym = (upper != lower) & ~(np.isnan(upper) & np.isnan(lower))
            if asym.any():
                raise ValueError(f"argument '{name}', row {int(np.argmax(asym))}: not symmetric "
                                 f"({name}[{i}, {j}] = {upper[np.argmax(asym)]!r}, "
                                 f"{name}[{j}, {i}] = {lower[np.argmax(asym)]!r})")
    return W


def _vector(name: str, v: np.ndarray, n: int) -> np.ndarray:
    if v.ndim not in (1, 2) or v.shape[-1] != n:
        raise ValueError(f"argument '{name}': expected shape (N, {n}) or ({n},), got {v.shape}")
    return v


def expand_layouts(family: str, args: dict) -> tuple[dict, int | None]:
    """The eval columns of `args` (W, v, G, gamma and per-contact arrays expanded), and the contacts k that
    a multi-contact matrix's shape says (None otherwise)."""
    cols = {}
    k = None
    args = dict(args)
    if family in ("planar", "spatial"):
        n = 2 if family == "planar" else 3
        names_w = _PLANAR_W if family == "planar" else _SPATIAL_W
        names_v = _PLANAR_V if family == "planar" else _SPATIAL_V
        if "W" in args:
            W = _symmetric("W", as_numbers("W", args.pop("W")), n)
            for col, (i, j) in names_w.items():
                cols[col] = W[..., i, j]
        if "v" in args:
            v = _vector("v", as_numbers("v", args.pop("v")), n)
            for i, col in enumerate(names_v):
                cols[col] = v[..., i]
    elif family == "multicontact":
        if "W" in args and "G" in args:
            raise ValueError("arguments 'W' and 'G': give one (both are the Delassus matrix G)")
        key = "G" if "G" in args else ("W" if "W" in args else None)
        if key is not None:
            G = as_numbers(key, args.pop(key))
            if G.ndim not in (2, 3) or G.shape[-1] != G.shape[-2] or G.shape[-1] % 2 or G.shape[-1] > 8:
                raise ValueError(f"argument '{key}': expected shape (N, 2k, 2k) or (2k, 2k) with k = 1..4, "
                                 f"got {G.shape}")
            _symmetric(key, G, G.shape[-1])
            n = G.shape[-1]
            k = n // 2
            for i in range(n):
                for j in range(i, n):
                    cols[f"G_{i}_{j}"] = G[..., i, j]
        if "gamma" in args:
            g = as_numbers("gamma", args.pop("gamma"))
            if g.ndim not in (1, 2) or g.shape[-1] % 2:
                raise ValueError(f"argument 'gamma': expected shape (N, 2k) or (2k,), got {g.shape}")
            for i in range(g.shape[-1]):
                cols[f"g_{i + 1}"] = g[..., i]
            k = k or g.shape[-1] // 2
        for prefix in ("mu", "eN", "eT"):
            if prefix in args:
                a = as_numbers(prefix, args.pop(prefix))
                if k is None:
                    raise ValueError(f"argument '{prefix}': per-contact values need G (or gamma) to say k; "
                                     f"or give {prefix}_1 .. {prefix}_k")
                if a.ndim == 0:
                    a = np.full(k, float(a))
                if a.shape[-1] != k:
                    raise ValueError(f"argument '{prefix}': expected shape (N, {k}) or ({k},) for {k} contacts, "
                                     f"got {a.shape}")
                for j in range(k):
                    cols[f"{prefix}_{j + 1}"] = a[..., j]
    for name, value in args.items():
        if name in cols:
            raise ValueError(f"argument '{name}': given twice (also through a matrix or vector argument)")
        cols[name] = as_numbers(name, value)
    return cols, k


def broadcast_columns(cols: dict) -> dict:
    """The columns broadcast to one length N (scalars repeated); 1-D contiguous float64; every value finite."""
    for name, a in cols.items():
        if a.ndim > 1:
            raise ValueError(f"argument '{name}': expected a number or a 1-D array, got shape {a.shape}")
    try:
        arrays = np.broadcast_arrays(*[np.atleast_1d(a) for a in cols.values()])
    except ValueError:
        shapes = ", ".join(f"{n}: {np.shape(a)}" for n, a in cols.items())
        raise ValueError(f"arguments of different lengths do not broadcast ({shapes})") from None
    out = {}
    for name, a in zip(cols, arrays):
        a = np.ascontiguousarray(a, dtype=np.float64)
        bad = ~np.isfinite(a)
        if bad.any():
            row = int(np.argmax(bad))
            raise ValueError(f"argument '{name}', row {row}: {a[row]} is not a finite number")
        out[name] = a
    return out
