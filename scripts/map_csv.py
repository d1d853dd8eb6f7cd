# A run's map.csv (and compare.csv) read into per-law grids with NumPy, for scripts/plot_maps.py.
"""The CSV tables of a run (docs/outputs.md): one header line, then lines of plain comma-separated fields. Every
column but the law's is parsed at once by NumPy's loadtxt (empty fields NaN); where that fails (a field that is not
a number, a short line) a column is read field by field when it is asked for, and a bad field is an InputError
naming its line."""
import math

import numpy as np

from map_drawing import MapGrid


class InputError(Exception):
    """Bad or old-format run input; the message is one line naming the file."""


def read_csv(path):
    """A CSV file's header (its fields) and its data lines (text)."""
    try:
        with open(path) as f:
            lines = f.read().split("\n")
    except (OSError, UnicodeDecodeError) as err:
        raise InputError(f"{path}: {err}") from None
    if lines[-1] == "":
        lines.pop()
    return (lines[0].split(",") if lines else []), lines[1:]


class RunMap(MapGrid):
    """One run's map.csv as grids: the axes, their bin edges, the laws and per (law, column) a (ny, nx) array.
    lines: the data lines; required: the columns that must be in the header; texts: the columns that are not
    numbers."""

    def __init__(self, path, header, lines, required, texts=("law",)):
        missing = [c for c in required if c not in header]
        if missing:
            shown = ", ".join(missing[:4]) + (f", … ({len(missing)} in all)" if len(missing) > 4 else "")
            raise InputError(f"{path}: missing column{'s' if len(missing) > 1 else ''} {shown} "
                             "(old or unknown map.csv format)")
        axes = header[: header.index("law")]
        if not 1 <= len(axes) <= 2:
            raise InputError(f"{path}: expected one or two map-axis columns before 'law', found {len(axes)}")
        if not lines:
            raise InputError(f"{path}: no data rows")
        self.path, self.header = path, header
        self._lines, self._at = lines, {c: i for i, c in enumerate(header)}
        self._fields = None  # every line split into its fields, for reading field by field
        self._numbers = self._parsed(axes, texts)
        law = np.array(self._law_texts(len(axes)))
        self.laws = list(dict.fromkeys(law.tolist()))
        coords = [self.column(a, allow_empty=False) for a in axes]
        super().__init__(axes, coords[0], coords[1] if len(axes) == 2 else None)
        iy, ix = self.cell_index(coords[0], coords[1] if len(axes) == 2 else None)
        self._cells = {}
        for name in self.laws:
            at = np.flatnonzero(law == name)
            self._cells[name] = (at, iy[at], ix[at])

    def _parsed(self, axes, texts):
        """Every column but the text columns as numbers, {column: values}, parsed at once (empty fields NaN); an axis
        with an empty field is left out (it is an error, column() says where). Nothing when some field of some
        column is not a number or a line is short: then each column is read field by field (column())."""
        at = [i for i, c in enumerate(self.header) if c not in texts]
        text = "\n".join(self._lines) + "\n"
        for _ in range(2):  # ",,," needs two passes
            text = text.replace(",,", ",nan,")
        text = text.replace(",\n", ",nan\n")
        try:
            values = np.loadtxt(text.split("\n")[:-1], delimiter=",", usecols=at, dtype=float, comments=None,
                                ndmin=2)
        except ValueError:
            return {}
        if len(values) != len(self._lines):
            return {}
        numbers = {self.header[i]: values[:, k] for k, i in enumerate(at)}
        for axis in axes:
            if np.isnan(numbers[axis]).any():
                del numbers[axis]
        return numbers

    def _law_texts(self, at):
        """The law column's fields in line order (the column at index at)."""
        try:
            return [line.split(",", at + 1)[at] for line in self._lines]
        except IndexError:  # a short line
            return self.texts("law")

    def texts(self, column):
        """A column's fields in line order (empty where the column is missing or a line is short)."""
        if self._fields is None:
            width = len(self.header)
            self._fields = [(f + [""] * (width - len(f)))[:width] for f in (line.split(",") for line in self._lines)]
        at = self._at.get(column)
        return [f[at] for f in self._fields] if at is not None else [""] * len(self._lines)

    def column(self, column, allow_empty=True):
        """A column's values in line order (NaN where empty and allowed); a field that is not a number is an
        InputError naming its line."""
        if column not in self._numbers:
            texts = self.texts(column)
            try:
                values = np.array(texts, dtype=float)  # no field empty
            except ValueError:
                values = self._with_empty_fields(column, texts, allow_empty)
            self._numbers[column] = values
        return self._numbers[column]

    def _with_empty_fields(self, column, texts, allow_empty):
        """A column with empty fields (NaN), or else field by field, naming the line of one that is not a
        number."""
        try:
            if not allow_empty:
                raise ValueError
            return np.array([float(text) if text else math.nan for text in texts])
        except ValueError:
            return np.array([number(self.path, line, text, column, allow_empty)
                             for line, text in enumerate(texts, 2)])

    def read_columns(self, columns):
        """Converts these columns now (before the drawing processes fork, which then share them)."""
        for column in columns:
            if column != "law":
                self.column(column)

    def grid(self, law, column):
        """The column's values for one law as a (ny, nx) array; empty fields and absent cells are NaN."""
        values = np.full((len(self.ys), len(self.xs)), np.nan)
        if law in self._cells:
            at, iy, ix = self._cells[law]
            values[iy, ix] = self.column(column)[at]
        return values


def number(path, line, text, column, allow_empty=True):
    """One field as a float (NaN when empty and allowed); anything else unreadable is an InputError."""
    text = (text or "").strip()
    if text == "" and allow_empty:
        return math.nan
    try:
        return float(text)
    except ValueError:
        raise InputError(f"{path}:{line}: column {column}: not a number: {text!r}") from None
