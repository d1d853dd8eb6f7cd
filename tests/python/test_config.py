# Tests of collsweep's config materialization: the dict -> TOML writer (exact round trip) and config forms.
import filecmp
import json
import math
import os
import tomllib

import numpy as np
import pytest

from collsweep._config import ConfigFile, materialize_config, to_toml
from conftest import CONFIGS, run_cli

SHIPPED = sorted(CONFIGS.glob("*.toml"))


def same(a, b):
    """Equality of parsed TOML values that also tells -0.0 from 0.0 and accepts NaN == NaN."""
    if isinstance(a, dict):
        return isinstance(b, dict) and list(a) == list(b) and all(same(a[k], b[k]) for k in a)
    if isinstance(a, list):
        return isinstance(b, list) and len(a) == len(b) and all(same(x, y) for x, y in zip(a, b))
    if isinstance(a, float):
        return isinstance(b, float) and (a == b and math.copysign(1, a) == math.copysign(1, b)
                                         or math.isnan(a) and math.isnan(b))
    return type(a) is type(b) and a == b


@pytest.mark.parametrize("path", SHIPPED, ids=[p.name for p in SHIPPED])
def test_shipped_configs_round_trip(path):
    with open(path, "rb") as f:
        doc = tomllib.load(f)
    assert same(tomllib.loads(to_toml(doc)), doc)


def test_floats_round_trip_exactly():
    rng = np.random.default_rng(21)
    values = list(rng.standard_normal(200) * 10.0 ** rng.integers(-300, 300, 200))
    values += [0.1 + 0.2, 1e-05, 1e16, 1e-300, 5e-324, 2.2250738585072014e-308, 1.7976931348623157e308,
               -0.0, 0.0, 1.0, 123456789.0, float("inf"), float("-inf"), float("nan")]
    back = tomllib.loads(to_toml({"t": {"x": [float(v) for v in values]}}))["t"]["x"]
    assert same(back, [float(v) for v in values])


def test_scalars_strings_and_numpy():
    doc = {
        "top": "before the tables",
        "run": {"seed": np.int64(7), "samples": 2**63 - 1, "neg": -(2**63), "flag": np.bool_(False),
                "ok": True, "x32": np.float32(0.1), "arr": np.array([1.5, -2.0]), "ints": np.arange(3),
                "zero_d": np.array(0.25), "name": np.str_("n")},
        "strings": {"s": 'quote " backslash \\ newline \n tab \t bell \x07 del \x7f é ∑', "empty": "",
                    "weird key": 1, "": 2},
        "nested": {"d": {"a": {"b": [{"c": 1}, {"c": 2.5}]}}, "e": {}, "lists": [[1, 2], ["a"], []]},
    }
    back = tomllib.loads(to_toml(doc))
    assert back == {
        "top": "before the tables",
        "run": {"seed": 7, "samples": 2**63 - 1, "neg": -(2**63), "flag": False, "ok": True,
                "x32": float(np.float32(0.1)), "arr": [1.5, -2.0], "ints": [0, 1, 2], "zero_d": 0.25,
                "name": "n"},
        "strings": doc["strings"],
        "nested": {"d": {"a": {"b": [{"c": 1}, {"c": 2.5}]}}, "e": {}, "lists": [[1, 2], ["a"], []]},
    }
    assert type(back["run"]["seed"]) is int and type(back["nested"]["d"]["a"]["b"][1]["c"]) is float


def test_layout_tables_and_inline_tables():
    text = to_toml({"approach": {"theta_deg": {"dist": "uniform", "lo": 0.0, "hi": 90.0}, "sign": True},
                    "run": {"laws": ["stronge", "newton"], "samples": 1000}})
    assert text == ('[approach]\ntheta_deg = { dist = "uniform", lo = 0.0, hi = 90.0 }\nsign = true\n\n'
                    '[run]\nlaws = ["stronge", "newton"]\nsamples = 1000\n')


@pytest.mark.parametrize("doc, error, where", [
    ({"run": {"x": None}}, TypeError, "run.x"),
    ({"parameters": {"mu": {"dist": "uniform", "lo": object()}}}, TypeError, "parameters.mu.lo"),
    ({"run": {"laws": ["stronge", {1, 2}]}}, TypeError, "run.laws[1]"),
    ({"run": {"seed": 2**64}}, ValueError, "run.seed"),
    ({"run": {"c": 1j}}, TypeError, "run.c"),
    ({"run": {3: 1}}, TypeError, "key 3 in run"),
    ({"map": {"x": {"lo": np.datetime64("2020-01-01")}}}, TypeError, "map.x.lo"),
])
def test_unsupported_values_name_their_key(doc, error, where):
    with pytest.raises(error, match=r"\b" + where.replace(".", r"\.").replace("[", r"\[").replace("]", r"\]")):
        to_toml(doc)


def test_path_forms(tmp_path):
    path = tmp_path / "my_sweep.toml"
    path.write_text('[run]\nseed = 1\n', encoding="utf-8")
    for given in (str(path), path):
        cfg = materialize_config(given)
        assert cfg.path == path and cfg.name == "my_sweep" and cfg.source == path
        assert cfg.text == path.read_text() and os.fspath(cfg) == str(path)
    path.write_text('[run]\nname = "named"\n', encoding="utf-8")
    assert materialize_config(path).name == "named"
    with pytest.raises(FileNotFoundError, match="nope.toml"):
        materialize_config(tmp_path / "nope.toml")
    with pytest.raises(FileNotFoundError, match="nope.toml"):
        materialize_config(str(tmp_path / "nope.toml"))
    with pytest.raises(TypeError, match="path, a TOML string or a dict"):
        materialize_config(42)


def test_string_and_dict_forms_write_a_temporary_file():
    text = '[run]\nseed = 3\nsamples = 10\n'
    cfg = materialize_config(text)
    assert cfg.name == "notebook" and cfg.path.name == "notebook.toml" and cfg.source is None
    assert cfg.path.read_text(encoding="utf-8") == text and cfg.text == text
    named = materialize_config({"run": {"name": "kane e x mu", "seed": 3}})
    assert named.name == "kane e x mu" and named.path.name == "kane e x mu.toml"
    assert tomllib.loads(named.path.read_text(encoding="utf-8")) == {"run": {"name": "kane e x mu", "seed": 3}}
    # A name the sweep will reject must not choose where the file goes.
    assert materialize_config({"run": {"name": "../x"}}).path.name == "notebook.toml"
    folder = cfg.path.parent
    cfg.cleanup()
    assert not folder.exists()
    with materialize_config("a = 1") as short:
        assert short.path.is_file() and materialize_config(short) is short
    assert not short.path.exists()


def test_temporary_file_lives_as_long_as_the_object():
    cfg = materialize_config({"run": {"seed": 1}})
    path = cfg.path
    assert isinstance(cfg, ConfigFile) and path.is_file()
    del cfg
    import gc
    gc.collect()
    assert not path.exists()


def test_dict_config_runs_like_the_file(cli, tmp_path):
    """A dict of quickstart.toml (fewer samples) makes the same map.csv and witnesses.csv bytes as the file."""
    original = (CONFIGS / "quickstart.toml").read_text(encoding="utf-8")
    assert "samples = 4_000_000" in original
    file_config = tmp_path / "quickstart.toml"
    file_config.write_text(original.replace("samples = 4_000_000", "samples = 50_000"), encoding="utf-8")
    with open(file_config, "rb") as f:
        doc = tomllib.load(f)
    from_file = run_cli(cli, file_config, tmp_path / "from_file")
    cfg = materialize_config(doc)
    from_dict = run_cli(cli, cfg.path, tmp_path / "from_dict")
    for name in ("map.csv", "witnesses.csv"):
        assert filecmp.cmp(from_file / name, from_dict / name, shallow=False), name
    summaries = [json.loads((d / "summary.json").read_text()) for d in (from_file, from_dict)]
    assert summaries[0]["config"]["run"]["name"] == "quickstart"
    assert summaries[1]["config"]["run"]["name"] == "notebook"
    assert summaries[0]["laws"] == summaries[1]["laws"]
