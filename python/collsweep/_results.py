# A finished run folder as Python objects: map.csv and witnesses.csv as DataFrames, summary.json as a dict.
"""Reading a finished run: :func:`load` and :class:`RunResult`.

A run folder (written by ``collsweep run`` or :func:`collsweep.run`) holds ``map.csv``,
``witnesses.csv``, ``summary.json`` and ``config.toml`` (and ``compare.csv`` for planar and spatial runs
with ``run.compare``); every column and key is described in the project's docs/outputs.md.

The CSV files are read so that every number equals the ``float`` of its text (the files write 17
significant digits, so the values are the run's doubles exactly); text columns (``law``, a spatial
witness' ``mode``) stay text and empty fields are NaN.
"""
import json
import math
import pathlib

import pandas as pd

from . import _plot

__all__ = ["RunResult", "load", "read_csv"]

# Per family: the summary.json key of each law's headline fraction and how the repr names it.
_HEADLINE = {
    "planar": ("energy_gain_fraction", "gain fraction"),
    "spatial": ("energy_gain_fraction", "gain fraction"),
    "multicontact": ("P_W_max_positive", "P(W_max > 0)"),
}


# Before pandas 3 the default float parser is off by an ulp on many 17-digit numbers and "round_trip" parses
# like Python's float; pandas 3's default parses so (and deprecates the argument).
_EXACT_FLOATS = {} if int(pd.__version__.split(".")[0]) >= 3 else {"float_precision": "round_trip"}


def read_csv(path):
    """A collsweep CSV file as a DataFrame whose every number is the exact double its text names.

    Numbers are parsed like Python's ``float`` (pandas < 3: ``float_precision="round_trip"``). Only empty
    fields and ``nan`` become NaN, so no text (e.g. a law's name) is ever taken for a missing value.
    """
    return pd.read_csv(path, keep_default_na=False, na_values=["", "nan"], **_EXACT_FLOATS)


def load(run_dir):
    """Reads the finished run in ``run_dir`` (a path) and returns its :class:`RunResult`.

    Raises FileNotFoundError naming the folder and the missing file when ``run_dir`` holds no finished
    run (for a folder with only a checkpoint, ``collsweep.state``, it says how to resume it).
    """
    return RunResult(run_dir)


class RunResult:
    """A finished collsweep run, read from its folder.

    Attributes:
        dir: the run folder (``pathlib.Path``).
        map: ``map.csv`` as a DataFrame: the map-axis columns (bin centres), ``law``, then the statistics.
        witnesses: ``witnesses.csv`` as a DataFrame (empty when the run wrote none).
        summary: ``summary.json`` as a dict.
        compare: ``compare.csv`` as a DataFrame for runs with ``run.compare``, else None.
        compare_witnesses: ``compare_witnesses.csv`` as a DataFrame, or None.
        config: the resolved config, the text of ``config.toml`` (None if absent).
        family: the model family: ``"planar"``, ``"multicontact"`` or ``"spatial"``.
        laws: the laws of the run, in the config's order.
        name: the run's name (``run.name``).
        samples: the number of samples drawn.
        axes: the map-axis column names of ``map`` (one or two).

    ``plot()`` draws the map; ``repr()`` shows the family, samples and each law's gain fraction.
    """

    def __init__(self, run_dir, keep=None):
        """Reads ``run_dir``; ``keep`` is any object to keep alive with the result (e.g. the
        ``tempfile.TemporaryDirectory`` the run was written into)."""
        self.dir = pathlib.Path(run_dir)
        self._keep = keep
        _check_finished(self.dir)
        with open(self.dir / "summary.json", encoding="utf-8") as f:
            self.summary = json.load(f)
        self.map = read_csv(self.dir / "map.csv")
        self.witnesses = _optional_csv(self.dir / "witnesses.csv")
        if self.witnesses is None:
            self.witnesses = pd.DataFrame()
        self.compare = _optional_csv(self.dir / "compare.csv")
        self.compare_witnesses = _optional_csv(self.dir / "compare_witnesses.csv")
        config_path = self.dir / "config.toml"
        self.config = config_path.read_text(encoding="utf-8") if config_path.is_file() else None
        self.family = self.summary.get("model", "planar")
        self.laws = list(self.summary.get("laws", {}))
        self.samples = self.summary.get("samples")
        config = self.summary.get("config")
        run = config.get("run", {}) if isinstance(config, dict) else {}
        self.name = run.get("name", self.dir.name)
        columns = list(self.map.columns)
        self.axes = columns[: columns.index("law")] if "law" in columns else []

    def gain_fractions(self):
        """Per law its headline fraction over every sample and its 95 % interval, from summary.json:
        ``{law: (fraction, lo, hi)}`` (planar and spatial: the energy-gain fraction; multi-contact:
        P(W_max > 0)); None for a law without a valid sample."""
        key, _ = _HEADLINE.get(self.family, _HEADLINE["planar"])
        out = {}
        for law, stats in self.summary.get("laws", {}).items():
            fraction = stats.get(key)
            lo, hi = (stats.get(key + "_ci95") or [None, None])[:2]
            out[law] = None if fraction is None else (fraction, lo, hi)
        return out

    def __repr__(self):
        _, what = _HEADLINE.get(self.family, _HEADLINE["planar"])
        head = (f"<collsweep.RunResult {self.name!r}: {self.family}, {self.samples} samples, "
                f"{len(self.laws)} law{'s' if len(self.laws) != 1 else ''}, map over "
                f"{' x '.join(self.axes) or 'no axis'}, in {str(self.dir)!r}>")
        width = max([len(law) for law in self.laws] + [3]) + 2
        lines = [head, f"  {'law':<{width}}{what} [95 % interval]"]
        for law, value in self.gain_fractions().items():
            text = "no valid sample" if value is None else f"{_g(value[0])} [{_g(value[1])}, {_g(value[2])}]"
            lines.append(f"  {law:<{width}}{text}")
        violations = self.summary.get("theorem_violations_total")
        if violations:
            lines.append(f"  theorem violations: {violations}")
        if self.compare is not None:
            pairs = self.compare[["law_a", "law_b"]].drop_duplicates()
            lines.append(f"  compare: {len(pairs)} law pair{'s' if len(pairs) != 1 else ''} (.compare)")
        return "\n".join(lines)

    def plot(self, quantity=None, law=None, ax=None):
        """Draws the map of one ``map.csv`` column and returns the matplotlib Figure.

        Args:
            quantity: a numeric column of ``map`` (default: the energy-gain fraction, ``gain_fraction``;
                multi-contact ``p_gain_max``).
            law: a law or a list of laws (default: every law of the run).
            ax: a matplotlib Axes (one law, or a one-axis map) or a sequence of Axes, one per law; by
                default a new figure.

        A two-axis map is a heat map per law (one panel each, on one colour scale); a one-axis map is
        one step line per law (with its 95 % interval as a band when the column has ``_lo``/``_hi``).
        As in the run's PNG maps, cells without a valid sample are grey and cells with fewer than 100
        valid samples are washed out and hatched. In Jupyter, end the line with ``;`` to show the
        figure once.
        """
        return _plot.plot_map(self, quantity, law, ax)


def _check_finished(run_dir):
    if not run_dir.is_dir():
        raise FileNotFoundError(f"no run folder {str(run_dir)!r}")
    missing = [f for f in ("summary.json", "map.csv") if not (run_dir / f).is_file()]
    if not missing:
        return
    if (run_dir / "collsweep.state").is_file():
        raise FileNotFoundError(
            f"{str(run_dir)!r} holds no finished run ({missing[0]} is missing) but a checkpoint, "
            f"collsweep.state: an interrupted run, to be resumed with collsweep.run(resume={str(run_dir)!r}) "
            f"or `collsweep run --resume {run_dir}` (or a shard, to be merged with `collsweep merge`)")
    raise FileNotFoundError(f"{str(run_dir)!r} holds no finished collsweep run: {missing[0]} is missing")


def _optional_csv(path):
    if not path.is_file():
        return None
    try:
        return read_csv(path)
    except pd.errors.EmptyDataError:  # a file without even a header line
        return pd.DataFrame()


def _g(x):
    if x is None:
        return "n/a"
    return f"{x:.4g}" if isinstance(x, float) and math.isfinite(x) else str(x)
