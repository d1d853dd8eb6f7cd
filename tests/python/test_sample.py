# collsweep.sample: the inputs of sample k exactly as the sweep drew them — witness rows of every family are
# re-created cell for cell, a range equals its single samples, threads change nothing.
import numpy as np
import pandas as pd
import pytest

import collsweep
from collsweep._config import to_toml
from collsweep._results import read_csv
from conftest import small_config


@pytest.mark.parametrize("name", ["planar", "multicontact", "spatial", "compare"])
def test_sample_recreates_every_witness(small_runs, name):
    witnesses = read_csv(small_runs[name] / "witnesses.csv")
    assert len(witnesses) > 0
    config = small_config(name)
    drawn = collsweep.sample(config, 0, 0)  # the columns only
    columns = list(drawn.columns)
    assert columns[0] == "sample" and set(columns) <= set(witnesses.columns)
    for _, row in witnesses.head(12).iterrows():
        k = int(row["sample"])
        one = collsweep.sample(config, k, 1)
        assert int(one["sample"][0]) == k
        for c in columns[1:]:
            a, b = float(one[c][0]), float(row[c])
            assert a == b or (np.isnan(a) and np.isnan(b)), (name, k, c, a, b)


def test_a_range_equals_its_single_samples_on_any_thread_count(tmp_path):
    config = small_config("planar")
    block = collsweep.sample(config, 1000, 600, threads=3)
    assert block["sample"].tolist() == list(range(1000, 1600))
    pd.testing.assert_frame_equal(block, collsweep.sample(config, 1000, 600, threads=1), check_exact=True)
    for k in (1000, 1317, 1599):
        single = collsweep.sample(config, k, 1).reset_index(drop=True)
        pd.testing.assert_frame_equal(single, block[block["sample"] == k].reset_index(drop=True),
                                      check_exact=True)
    path = tmp_path / "planar.toml"
    path.write_text(to_toml(config))
    pd.testing.assert_frame_equal(block, collsweep.sample(path, 1000, 600), check_exact=True)
    assert block.attrs["family"] == "planar"


def test_samples_feed_evaluate():
    config = small_config("planar")
    drawn = collsweep.sample(config, 0, 200)
    inputs = {c: drawn[c].to_numpy() for c in ("W_nn", "W_nt", "W_tt", "v_n", "v_t", "mu", "e")}
    out = collsweep.evaluate("poisson", **inputs)
    assert (out["status"] == "ok").all() and len(out) == 200


def test_bad_requests_raise():
    config = small_config("planar")
    with pytest.raises(ValueError, match="are not all among the run's 100000 samples"):
        collsweep.sample(config, 99_999, 2)
    with pytest.raises(ValueError, match=">= 0"):
        collsweep.sample(config, -1, 1)
    bad = dict(config, run=dict(config["run"], samples=-5))
    with pytest.raises(ValueError, match="run.samples"):
        collsweep.sample(bad, 0, 1)
