# Tests of collsweep.load / RunResult on runs of every family: exact CSV values, summary, repr, errors, plot.
import csv
import json
import math
import shutil

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
import pandas as pd  # noqa: E402
import pytest  # noqa: E402

from collsweep._results import RunResult, load  # noqa: E402
from conftest import run_cli, small_config  # noqa: E402


def assert_equals_csv_text(df, path):
    """Every cell of df is exactly what the CSV file says: text as text, numbers as float(text), '' as NaN."""
    with open(path, newline="") as f:
        rows = list(csv.reader(f))
    assert list(df.columns) == rows[0]
    assert len(df) == len(rows) - 1 > 0
    for j, column in enumerate(rows[0]):
        texts = [r[j] for r in rows[1:]]
        values = df[column].tolist()
        if df[column].dtype == object:
            for text, value in zip(texts, values):
                assert value == text if text != "" else math.isnan(value), (path.name, column, text, value)
            continue
        for i, (text, value) in enumerate(zip(texts, values)):
            if text in ("", "nan"):
                assert math.isnan(value), (column, i, text)
            else:
                assert float(text) == value, (path.name, column, i, text, repr(value))


@pytest.mark.parametrize("name", ["planar", "multicontact", "spatial", "compare", "one_axis"])
def test_tables_equal_the_files_exactly(small_runs, name):
    run_dir = small_runs[name]
    result = load(run_dir)
    assert_equals_csv_text(result.map, run_dir / "map.csv")
    assert_equals_csv_text(result.witnesses, run_dir / "witnesses.csv")
    exact = pd.read_csv(run_dir / "map.csv", float_precision="round_trip")
    pd.testing.assert_frame_equal(result.map, exact, check_exact=True)
    if name == "compare":
        assert_equals_csv_text(result.compare, run_dir / "compare.csv")
        assert_equals_csv_text(result.compare_witnesses, run_dir / "compare_witnesses.csv")
        assert {"law_a", "law_b", "type_differs_fraction"} <= set(result.compare.columns)
    else:
        assert result.compare is None and result.compare_witnesses is None


@pytest.mark.parametrize("name, family", [("planar", "planar"), ("multicontact", "multicontact"),
                                          ("spatial", "spatial"), ("compare", "planar")])
def test_attributes(small_runs, name, family):
    run_dir = small_runs[name]
    result = load(run_dir)
    config = small_config(name)
    assert result.dir == run_dir and result.family == family
    assert result.summary == json.loads((run_dir / "summary.json").read_text())
    assert result.config == (run_dir / "config.toml").read_text()
    assert result.laws == config["run"]["laws"] == list(dict.fromkeys(result.map["law"]))
    assert result.samples == config["run"]["samples"] == result.summary["samples"]
    assert result.name == name
    assert result.axes == [config["map"]["x"]["quantity"], config["map"]["y"]["quantity"]]
    # Every sample in the map's cells counts once per law.
    for law in result.laws:
        assert result.map.loc[result.map["law"] == law, "samples"].sum() == result.summary["samples_in_map"]


def test_spatial_witness_modes_stay_text(small_runs):
    modes = load(small_runs["spatial"]).witnesses["mode"]
    assert modes.dtype == object and set(modes) <= {"A", "B", "C", "D", "E", "II-1", "II-2"}


def test_repr_shows_family_samples_and_gain_fractions(small_runs):
    result = load(small_runs["planar"])
    text = repr(result)
    assert "planar" in text and f"{result.samples} samples" in text and "theta x mu" in text
    lines = text.splitlines()
    for law in result.laws:
        stats = result.summary["laws"][law]
        fraction, (lo, hi) = stats["energy_gain_fraction"], stats["energy_gain_fraction_ci95"]
        assert f"  {law} " in text
        row = next(line for line in lines if line.split()[0] == law)
        assert row.split(maxsplit=1)[1] == f"{fraction:.4g} [{lo:.4g}, {hi:.4g}]"
        assert result.gain_fractions()[law] == (fraction, lo, hi)
    multi = load(small_runs["multicontact"])
    assert "P(W_max > 0)" in repr(multi)
    assert multi.gain_fractions()["newton-lcp"][0] == multi.summary["laws"]["newton-lcp"]["P_W_max_positive"]
    assert "7 law pairs" in repr(load(small_runs["compare"]))


def test_result_without_witnesses_file(small_runs, tmp_path):
    copy = tmp_path / "copy"
    shutil.copytree(small_runs["planar"], copy)
    (copy / "witnesses.csv").unlink()
    result = load(copy)
    assert isinstance(result.witnesses, pd.DataFrame) and result.witnesses.empty
    assert result.map.equals(load(small_runs["planar"]).map)


def test_unfinished_folders_raise(cli, small_runs, tmp_path):
    with pytest.raises(FileNotFoundError, match="no run folder"):
        load(tmp_path / "absent")
    empty = tmp_path / "empty"
    empty.mkdir()
    with pytest.raises(FileNotFoundError, match=r"empty.*summary\.json is missing"):
        load(empty)
    partial = tmp_path / "partial"
    shutil.copytree(small_runs["planar"], partial)
    (partial / "map.csv").unlink()
    with pytest.raises(FileNotFoundError, match=r"partial.*map\.csv is missing"):
        load(partial)
    # A shard's folder holds only the checkpoint collsweep.state, as an interrupted run's does.
    shard = run_cli(cli, small_runs["planar"] / "config.toml", tmp_path / "shard", "--shard", "1/2")
    assert [p.name for p in shard.iterdir()] == ["collsweep.state"]
    with pytest.raises(FileNotFoundError, match=r"shard.*checkpoint.*collsweep\.state.*--resume"):
        load(shard)


def test_plot_two_axes_draws_each_law_map(small_runs):
    result = load(small_runs["planar"])
    fig = result.plot()
    meshes = [a.collections[0] for a in fig.axes if a.collections and a.get_title()]
    assert [a.get_title() for a in fig.axes[: len(result.laws)]] == [
        law if (result.map.loc[result.map.law == law, "gain_count"] > 0).any() else f"{law} — no energy gain"
        for law in result.laws]
    assert len(meshes) == len(result.laws)
    newton = result.map[result.map["law"] == "newton"]
    nx, ny = newton["theta"].nunique(), newton["mu"].nunique()
    drawn = np.asarray(meshes[result.laws.index("newton")].get_array()).reshape(ny, nx)
    expected = newton.sort_values(["mu", "theta"])["gain_fraction"].to_numpy().reshape(ny, nx)
    np.testing.assert_array_equal(drawn, expected)
    x0, x1 = fig.axes[0].get_xlim()
    assert (x0, x1) == (0.0, 90.0)
    plt.close(fig)


def test_plot_choices_and_errors(small_runs):
    result = load(small_runs["multicontact"])
    fig, axes = plt.subplots(1, 2)
    assert result.plot("p_gain_min", law=["newton-lcp", "poisson-lcp"], ax=axes) is fig
    assert axes[0].get_title() in ("newton-lcp", "newton-lcp — no energy gain")
    fig1, ax1 = plt.subplots()
    assert result.plot(law="newton-lcp", ax=ax1) is fig1
    with pytest.raises(ValueError, match="one Axes per law"):
        result.plot(ax=ax1)
    with pytest.raises(ValueError, match="unknown map quantity 'gain_fraction'.*p_gain_max"):
        result.plot("gain_fraction")
    with pytest.raises(ValueError, match="'stronge' is not in this run.*poisson-lcp"):
        result.plot(law="stronge")
    plt.close("all")


def test_plot_one_axis_draws_lines(small_runs):
    result = load(small_runs["one_axis"])
    assert result.axes == ["e"]
    fig = result.plot()
    (ax,) = fig.axes
    lines = {line.get_label(): line for line in ax.get_lines()}
    assert list(lines) == result.laws
    newton = result.map[result.map["law"] == "newton"].sort_values("e")
    np.testing.assert_array_equal(lines["newton"].get_ydata()[::2], newton["gain_fraction"].to_numpy())
    plt.close(fig)


def test_result_keeps_an_object_alive(small_runs):
    class Marker:
        pass

    keep = Marker()
    result = RunResult(small_runs["planar"], keep=keep)
    assert result._keep is keep
