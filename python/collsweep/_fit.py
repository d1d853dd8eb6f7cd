# collsweep.fit: laws' parameters fitted to measured impacts, as `collsweep fit` computes them.
"""Fitting impact laws to measured impacts: :func:`fit` and :class:`FitResult` (docs/measured-impacts.md)."""
from __future__ import annotations

import json
import pathlib
import shutil
import tempfile
import warnings

import pandas as pd

from . import _collsweep as _core
from ._results import read_csv

__all__ = ["fit", "FitResult", "load_fit"]


def _impacts_file(impacts, folder: str) -> str:
    """A path to the impacts as a CSV file: a path as it is, a DataFrame or dict of columns written (17
    significant digits, so every number is the double given)."""
    if isinstance(impacts, (str, pathlib.Path)):
        return str(impacts)
    frame = impacts if isinstance(impacts, pd.DataFrame) else pd.DataFrame(impacts)
    path = str(pathlib.Path(folder) / "impacts_in.csv")
    frame.to_csv(path, index=False, float_format="%.17g")
    return path


def _pairs(option: str, given, text) -> list:
    """--fix/--range/--where arguments from a dict (name -> value, or (lo, hi) for ranges)."""
    if not given:
        return []
    if not isinstance(given, dict):
        raise TypeError(f"{option.lstrip('-')}: expected a dict, got {type(given).__name__}")
    args = []
    for name, value in given.items():
        args += [option, f"{name}={text(value)}"]
    return args


def _number(x) -> str:
    return repr(float(x))


def fit(law, impacts, *, out=None, loss: str = "contact", aggregate: str = "mean", fix: dict | None = None,
        range: dict | None = None, where: dict | None = None, bootstrap: int = 200, seed: int = 1,
        threads: int = 0, backend: str = "cpu", contacts: int | None = None, solver: str | None = None,
        loss_maps: bool = True, plot: bool = False, force: bool = False) -> "FitResult":
    """Fits each law's parameters to measured impacts, exactly as ``collsweep fit`` does.

    law: a law name, a list of names (one family), or "all" (every law of the impacts' family).
    impacts: a CSV path, a pandas DataFrame or a dict of columns: the family's eval columns of W and the
        pre-impact velocity plus the measured ``<v>_post`` columns, or body columns (docs/measured-impacts.md).
    out: the output folder (default: a new temporary folder, kept; ``FitResult.dir`` names it).
    loss: "contact", "generalized" or "weighted"; aggregate: "mean" or "median".
    fix: {name: value} held parameters; range: {name: (lo, hi)} searched ranges; where: {column: value}
        rows kept (e.g. {"flags": 0}).
    bootstrap: replicates of the 95 % intervals (0: none); seed: the bootstrap's seed.
    threads: CPU threads (0: every core); backend: "cpu" or "cuda": where the laws are evaluated (the same
        results on either; docs/commands.md says when the GPU pays).
    loss_maps: compute the loss maps (False: faster); plot: draw the PNGs into the folder.

    Returns a FitResult; raises ValueError with the command's message for a bad option or input.
    """
    laws = law if isinstance(law, str) else ",".join(law)
    keep = out is not None
    folder = str(out) if keep else tempfile.mkdtemp(prefix="collsweep-fit-")
    with tempfile.TemporaryDirectory(prefix="collsweep-fit-in-") as scratch:
        args = ["fit", "--law", laws, "--in", _impacts_file(impacts, scratch), "--out", folder, "--loss", loss,
                "--aggregate", aggregate, "--bootstrap", str(int(bootstrap)), "--seed", str(int(seed)),
                "--threads", str(int(threads)), "--backend", backend, "--quiet"]
        args += _pairs("--fix", fix, _number)
        args += _pairs("--range", range, lambda r: f"{_number(r[0])}:{_number(r[1])}")
        args += _pairs("--where", where, str)
        if contacts is not None:
            args += ["--contacts", str(int(contacts))]
        if solver is not None:
            args += ["--solver", solver]
        if not loss_maps:
            args.append("--no-loss-maps")
        if not plot:
            args.append("--no-plot")
        if force or not keep:
            args.append("--force")
        status, text, err = _core.cli(args)
    if status == 2:
        if not keep:
            shutil.rmtree(folder, ignore_errors=True)
        message = err.strip().splitlines()[-1] if err.strip() else f"collsweep fit failed ({status})"
        raise ValueError(message.removeprefix("collsweep fit: "))
    for line in err.splitlines():  # PNGs asked for and not drawn: why (no interpreter with matplotlib)
        if line.startswith("collsweep fit: warning: "):
            warnings.warn(line.removeprefix("collsweep fit: warning: "), stacklevel=2)
    return FitResult(folder, console=text)


def load_fit(fit_dir) -> "FitResult":
    """A finished fit folder (written by ``collsweep fit`` or :func:`fit`) as a FitResult."""
    return FitResult(fit_dir)


class FitResult:
    """The results of a fit, read from its folder.

    Attributes:
        dir: the folder (``pathlib.Path``).
        table: ``fit.csv`` as a DataFrame, one row per law (its fitted parameters with ``_lo``/``_hi``,
            ``loss_value``, ``rank``, the impacts' counts, ``infeasible_fraction``), best first.
        residuals: ``residuals.csv``: per impact and law, predicted and measured velocities and the error.
        impacts: ``impacts.csv``: per data row, used or why not, θ, coupling, apparent e, impulse ratio,
            feasibility and misfit.
        loss_maps: {file stem: DataFrame} of ``loss_maps/*.csv``.
        summary: ``summary.json`` as a dict.
        console: the ranking table as the command prints it (empty for a loaded folder).
    """

    def __init__(self, fit_dir, console: str = ""):
        self.dir = pathlib.Path(fit_dir)
        if not (self.dir / "fit.csv").is_file():
            raise FileNotFoundError(f"{self.dir}: no fit.csv (not a finished collsweep fit folder)")
        self.table = read_csv(self.dir / "fit.csv").sort_values("rank", kind="stable").reset_index(drop=True)
        self.residuals = read_csv(self.dir / "residuals.csv")
        self.impacts = read_csv(self.dir / "impacts.csv")
        self.loss_maps = {p.stem: read_csv(p) for p in sorted((self.dir / "loss_maps").glob("*.csv"))}
        self.summary = json.loads((self.dir / "summary.json").read_text())
        self.console = console

    @property
    def best(self) -> str:
        """The law with the smallest loss."""
        return str(self.table["law"].iloc[0])

    def parameters(self, law: str) -> dict:
        """{name: (value, lo, hi)} of a law's fitted parameters (lo, hi NaN without an interval)."""
        for entry in self.summary["laws"]:
            if entry["law"] == law:
                return {name: (p["value"], p["lo"] if p["lo"] is not None else float("nan"),
                               p["hi"] if p["hi"] is not None else float("nan"))
                        for name, p in entry["parameters"].items()}
        raise KeyError(f"law {law!r} was not fitted (the laws: {', '.join(self.table['law'])})")

    def __repr__(self) -> str:
        rows = ", ".join(f"{r.law}: {r.loss_value:.4g}" for r in self.table.itertuples())
        return f"FitResult({self.dir}, {self.summary['impacts']['used']} impacts; {rows})"
