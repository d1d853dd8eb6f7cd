"""collsweep.solve: one collision through `collsweep solve --json`, as an object with a readable repr."""
from __future__ import annotations

import json
import os
import pathlib
import tempfile

import numpy as np

from . import _collsweep as _core
from ._config import to_toml

# Arguments given as a symmetric matrix: `collsweep solve` reads their upper triangle, row by row.
_UPPER_TRIANGLE = ("W", "G")
# Python names of options whose command-line names differ (beyond "_" for "-": normal_first is
# --normal-first).
_OPTION_NAMES = {"e_t": "et"}
# The options of `collsweep solve` itself (its law parameters' options come from the families' tables).
_OPTIONS = tuple(o for o in _core.solve_options() if o not in ("law", "json"))


def _bodies_file(value, folder: str) -> tuple[str, str | None]:
    """The --bodies argument and how messages name it: a path (str or os.PathLike) as it is (None), a TOML
    string or a dict of tables ([body1], [body2], [contact]) written to a file in `folder`."""
    if isinstance(value, os.PathLike):
        return os.fspath(value), None
    if isinstance(value, dict):
        text, label = to_toml(value), "<bodies dict>"
    elif isinstance(value, str):
        if "\n" not in value and "=" not in value:
            return value, None
        text, label = value, "<bodies TOML text>"
    else:
        raise TypeError(f"argument 'bodies': expected a path, a TOML string or a dict of tables ([body1], "
                        f"[body2], [contact]), not {type(value).__name__}")
    path = pathlib.Path(folder) / "bodies.toml"
    path.write_text(text, encoding="utf-8")
    return str(path), label


def _text(name: str, value) -> str:
    if isinstance(value, str):
        return value
    a = np.asarray(value, dtype=np.float64) if not np.isscalar(value) else np.asarray(value)
    if name in _UPPER_TRIANGLE and a.ndim == 2:
        if a.shape[0] != a.shape[1]:
            raise ValueError(f"argument '{name}': expected a square matrix, got shape {a.shape}")
        a = a[np.triu_indices(a.shape[0])]
    return ",".join(repr(x) if isinstance(x, (int, np.integer)) else repr(float(x)) for x in np.ravel(a).tolist())


class Solution:
    """One collision's outcome as `collsweep solve --json` reports it: every key of the JSON object is an
    attribute (status, law, type or mode, inputs, outputs, phases, and the bodies' motion for --bodies);
    nested objects too. to_dict() gives the JSON object itself."""

    def __init__(self, data: dict):
        self._data = data
        for key, value in data.items():
            setattr(self, key, Solution(value) if isinstance(value, dict) else value)

    def to_dict(self) -> dict:
        return self._data

    def __getitem__(self, key):
        return getattr(self, key)

    def __eq__(self, other):
        return isinstance(other, Solution) and self._data == other._data

    def __repr__(self) -> str:
        lines = []

        def walk(d, indent):
            for key, value in d.items():
                if isinstance(value, dict):
                    lines.append(f"{indent}{key}:")
                    walk(value, indent + "  ")
                elif isinstance(value, list) and value and isinstance(value[0], dict):
                    lines.append(f"{indent}{key}:")
                    for item in value:
                        lines.append(f"{indent}  - " + ", ".join(f"{k}={v!r}" for k, v in item.items()))
                else:
                    lines.append(f"{indent}{key}: {value!r}")

        walk(self._data, "  ")
        return "Solution(\n" + "\n".join(lines) + "\n)"


def solve(law: str, **options) -> Solution:
    """One collision through `law`, as `collsweep solve --law LAW ... --json` computes it.

    Options are those of `collsweep solve` (docs/commands.md), as numbers, arrays or text: planar W (a 2x2
    matrix or m_nn, m_nt, m_tt), v, mu, e, et (or e_t), or the mechanism form M, J, u; spatial W (3x3 or its
    six components), v, mu, e, et, or bodies (two rigid bodies: the path of a TOML file as a str or a
    pathlib.Path, the TOML text, or a dict of its tables {"body1": {...}, "body2": {...}, "contact": {...}};
    docs/commands.md); multi-contact contacts, G (2k x 2k or its upper triangle), gamma, mu, eN, eT, solver;
    the thesis laws' s1, s2, ratio; the engine laws' iterations, threshold, normal_first, friction_cone.

    Returns a Solution (the outcome, its phases, and for bodies both bodies' post-impact motion); raises
    ValueError with the command's message for an invalid collision or option.
    """
    args = ["solve", "--law", law, "--json"]
    written = None  # (path, label) of a bodies file written here
    with tempfile.TemporaryDirectory(prefix="collsweep-solve-") as folder:
        for name, value in options.items():
            option = _OPTION_NAMES.get(name, name.replace("_", "-"))
            if option not in _OPTIONS:
                raise ValueError(f"argument '{name}' is not an option of collsweep solve (its options: "
                                 f"{', '.join(_OPTIONS)})")
            if value is None:
                continue
            if option == "bodies":
                path, label = _bodies_file(value, folder)
                written = (path, label) if label else None
                args += ["--bodies", path]
            else:
                args += [f"--{option}", _text(name, value)]
        status, out, err = _core.cli(args)
    if status != 0:
        message = err.strip().splitlines()[0] if err.strip() else f"collsweep solve failed ({status})"
        if written:
            message = message.replace(written[0], written[1])
        raise ValueError(message.removeprefix("collsweep solve: "))
    return Solution(json.loads(out))
