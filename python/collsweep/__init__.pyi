# Type hints of the collsweep package (the module's docstrings, help(collsweep.evaluate) etc., say more).
import os
import pathlib
from typing import Any, Literal, Mapping, Sequence, Union

import numpy as np
import numpy.typing as npt
import pandas as pd
from matplotlib.figure import Figure

__version__: str

ArrayLike = npt.ArrayLike
Config = Union[str, os.PathLike[str], Mapping[str, Any]]

def laws() -> dict[str, list[str]]: ...
def law_family(law: str) -> Literal["planar", "multicontact", "spatial"]: ...
def build_info() -> dict[str, Any]: ...
def evaluate(
    law: str,
    *,
    constraints: bool = ...,
    contacts: int | None = ...,
    solver: Literal["automatic", "enumeration", "lemke"] | None = ...,
    errors: Literal["raise", "flag"] = ...,
    threads: int = ...,
    as_frame: bool = ...,
    **inputs: ArrayLike,
) -> pd.DataFrame | dict[str, np.ndarray]: ...

class Solution:
    status: str
    law: str
    def __init__(self, data: dict[str, Any]) -> None: ...
    def to_dict(self) -> dict[str, Any]: ...
    def __getitem__(self, key: str) -> Any: ...
    def __getattr__(self, name: str) -> Any: ...

# bodies: a path (str or os.PathLike), TOML text or a dict of tables ([body1], [body2], [contact]).
def solve(
    law: str, **options: ArrayLike | str | int | os.PathLike[str] | Mapping[str, Any] | None
) -> Solution: ...
def sample(config: Config, first: int = ..., count: int = ..., *, threads: int = ...) -> pd.DataFrame: ...

class RunResult:
    dir: pathlib.Path
    map: pd.DataFrame
    witnesses: pd.DataFrame
    summary: dict[str, Any]
    compare: pd.DataFrame | None
    compare_witnesses: pd.DataFrame | None
    config: str | None
    family: str
    laws: list[str]
    def __init__(self, run_dir: str | os.PathLike[str]) -> None: ...
    def plot(self, quantity: str | None = ..., law: str | Sequence[str] | None = ..., ax: Any = ...) -> Figure: ...

class RunInterrupted(KeyboardInterrupt):
    dir: pathlib.Path

def run(
    config: Config | None = ...,
    *,
    backend: Literal["auto", "cpu", "cuda"] = ...,
    threads: int = ...,
    out: str | os.PathLike[str] | None = ...,
    force: bool = ...,
    progress: bool = ...,
    maps: bool = ...,
    checkpoint_every: float | None = ...,
    resume: str | os.PathLike[str] | None = ...,
) -> RunResult: ...
def load(run_dir: str | os.PathLike[str]) -> RunResult: ...

class FitResult:
    dir: pathlib.Path
    table: pd.DataFrame
    residuals: pd.DataFrame
    impacts: pd.DataFrame
    loss_maps: dict[str, pd.DataFrame]
    summary: dict[str, Any]
    console: str
    def __init__(self, fit_dir: str | os.PathLike[str], console: str = ...) -> None: ...
    @property
    def best(self) -> str: ...
    def parameters(self, law: str) -> dict[str, tuple[float, float, float]]: ...

def fit(
    law: str | Sequence[str],
    impacts: str | os.PathLike[str] | pd.DataFrame | Mapping[str, Any],
    *,
    out: str | os.PathLike[str] | None = ...,
    loss: Literal["contact", "generalized", "weighted"] = ...,
    aggregate: Literal["mean", "median"] = ...,
    fix: Mapping[str, float] | None = ...,
    range: Mapping[str, tuple[float, float]] | None = ...,
    where: Mapping[str, Any] | None = ...,
    bootstrap: int = ...,
    seed: int = ...,
    threads: int = ...,
    contacts: int | None = ...,
    solver: str | None = ...,
    loss_maps: bool = ...,
    plot: bool = ...,
    force: bool = ...,
) -> FitResult: ...
def load_fit(fit_dir: str | os.PathLike[str]) -> FitResult: ...
