"""The compiled module's column tables as pandas DataFrames (or dicts of NumPy arrays)."""
from __future__ import annotations

import numpy as np
import pandas as pd


def table_columns(raw: dict) -> dict:
    """{name: array} of a table from collsweep._collsweep: text columns become pandas Categoricals, integer
    columns (a Type, a count, a sample index) int64 — or pandas' nullable Int64 where a row has none."""
    integers = set(raw["integers"])
    out = {}
    for name in raw["columns"]:
        numbers = raw["numbers"][name]
        if name in raw["text"]:
            codes, categories = raw["text"][name]
            out[name] = pd.Categorical.from_codes(codes, categories=categories)
        elif name in integers:
            if np.isnan(numbers).any():
                out[name] = pd.array(np.where(np.isnan(numbers), 0, numbers).astype(np.int64), dtype="Int64")
                out[name][np.isnan(numbers)] = pd.NA
            else:
                out[name] = numbers.astype(np.int64)
        else:
            out[name] = numbers
    return out


def table_frame(raw: dict, first: dict | None = None) -> pd.DataFrame:
    """A DataFrame of the table, after the columns of `first` (the inputs of an evaluation) when given."""
    columns = dict(first or {})
    columns.update(table_columns(raw))
    return pd.DataFrame(columns, copy=False)
