# Turns a run config given as a path, a TOML string or a dict into a TOML file the sweep can read.
"""Config materialization for :func:`collsweep.run`.

A config is accepted in three forms:

* a path (``str`` or ``os.PathLike``) to an existing TOML file, used as it is;
* a TOML string (a ``str`` that contains a newline or ``=`` and is not an existing path);
* a ``dict`` of the TOML document, e.g.::

      {"run": {"seed": 7, "samples": 100_000, "laws": ["stronge"]},
       "matrix": {"kind": "direct", "log10_cond": {"dist": "uniform", "lo": 0.0, "hi": 3.0}},
       "approach": {"theta_deg": {"dist": "uniform", "lo": 0.0, "hi": 90.0}},
       "parameters": {"mu": 0.5, "e": 0.5},
       "map": {"x": {"quantity": "theta", "lo": 0.0, "hi": 90.0, "bins": 30}}}

  Top-level dicts become ``[tables]``; dicts inside them become inline tables. Values may be strings,
  bools, ints, floats (written with ``repr``, so they read back exactly), lists and NumPy scalars or
  1-D arrays.

Strings and dicts are written to ``<name>.toml`` in a temporary folder that lives as long as the
returned :class:`ConfigFile`; ``<name>`` is ``run.name`` when the config sets it, else ``"notebook"``.
The sweep names a run after ``run.name`` or, without it, after the config file's stem, so a string or
dict config without ``run.name`` makes a run named ``notebook``.
"""
import math
import numbers
import os
import pathlib
import re
import tempfile

try:
    import tomllib
except ModuleNotFoundError:  # Python 3.9 and 3.10: tomli, the same parser (a dependency there)
    import tomli as tomllib

__all__ = ["ConfigFile", "materialize_config", "to_toml"]

DEFAULT_NAME = "notebook"
_BARE_KEY = re.compile(r"[A-Za-z0-9_-]+\Z")
_INT64 = (-(2**63), 2**63 - 1)  # TOML integers are 64-bit
# TOML basic strings must escape '"', '\\' and every control character; these have short forms.
_SHORT_ESCAPES = {'"': '\\"', "\\": "\\\\", "\b": "\\b", "\t": "\\t", "\n": "\\n", "\f": "\\f", "\r": "\\r"}


class ConfigFile:
    """A run config as a TOML file on disk.

    Attributes:
        path: ``pathlib.Path`` of the TOML file (the caller's own file, or one in a temporary folder
            that is removed when this object is garbage collected or :meth:`cleanup` is called).
        name: the run's name as the sweep derives it (``run.name``, else the file's stem).
        text: the TOML text of the file.
        source: the caller's path for a path config, else ``None``.

    The object is ``os.PathLike`` (``os.fspath(cfg)`` is ``str(cfg.path)``) and a context manager.
    """

    def __init__(self, path, name, text, source=None, tempdir=None):
        self.path = pathlib.Path(path)
        self.name = name
        self.text = text
        self.source = source
        self._tempdir = tempdir  # keeps the temporary folder alive as long as this object

    def __fspath__(self):
        return str(self.path)

    def __repr__(self):
        kind = "file" if self.source is not None else "temporary file"
        return f"ConfigFile(name={self.name!r}, {kind} {str(self.path)!r})"

    def cleanup(self):
        """Removes the temporary folder of a string or dict config now (nothing for a path config)."""
        if self._tempdir is not None:
            self._tempdir.cleanup()
            self._tempdir = None

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.cleanup()


def materialize_config(config):
    """Returns a :class:`ConfigFile` for a config path, TOML string or dict (see the module's help).

    Raises FileNotFoundError for a path that does not exist, TypeError/ValueError naming the key path
    (e.g. ``parameters.mu.lo``) for a dict value TOML cannot hold, and TypeError for other config types.
    The config's contents are checked by the sweep itself, which names the file, line and key.
    """
    if isinstance(config, ConfigFile):
        return config
    if isinstance(config, dict):
        return _from_text(to_toml(config), _run_name(config))
    if isinstance(config, os.PathLike):
        return _from_path(pathlib.Path(config))
    if isinstance(config, str):
        if _is_existing_file(config):
            return _from_path(pathlib.Path(config))
        if "\n" in config or "=" in config:
            return _from_text(config, _run_name(_parse_or_none(config)))
        raise FileNotFoundError(f"config file not found: {config!r} (a TOML string needs a newline or '=')")
    raise TypeError(f"config must be a path, a TOML string or a dict, not {type(config).__name__}")


def to_toml(doc):
    """The TOML text of a config dict: top-level dicts as ``[tables]``, deeper dicts as inline tables.

    Raises TypeError or ValueError naming the key path of a value TOML cannot hold.
    """
    if not isinstance(doc, dict):
        raise TypeError(f"config must be a dict, not {type(doc).__name__}")
    lines, tables = [], []
    for key, value in doc.items():
        _check_key(key, "")
        (tables if isinstance(value, dict) else lines).append((key, value))
    # Top-level values must precede the first table header, or TOML would put them in that table.
    out = [f"{_key(k)} = {_value(v, k)}" for k, v in lines]
    for key, table in tables:
        if out:
            out.append("")
        out.append(f"[{_key(key)}]")
        for k, v in table.items():
            _check_key(k, key)
            out.append(f"{_key(k)} = {_value(v, f'{key}.{k}')}")
    return "\n".join(out) + "\n"


def _from_path(path):
    if not path.is_file():
        raise FileNotFoundError(f"config file not found: {str(path)!r}")
    text = path.read_text(encoding="utf-8")
    name = _run_name(_parse_or_none(text))
    return ConfigFile(path, name if name is not None else _default_name(path), text, source=path)


def _from_text(text, name):
    tempdir = tempfile.TemporaryDirectory(prefix="collsweep-config-")
    stem = name if name is not None and _safe_file_stem(name) else DEFAULT_NAME
    path = pathlib.Path(tempdir.name) / f"{stem}.toml"
    path.write_text(text, encoding="utf-8")
    return ConfigFile(path, name if name is not None else DEFAULT_NAME, text, tempdir=tempdir)


def _is_existing_file(text):
    try:
        return os.path.isfile(text)
    except (ValueError, OSError):  # e.g. an embedded NUL or a name too long for the file system
        return False


def _parse_or_none(text):
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError:
        return None  # the sweep reports the error with its file, line and column


def _run_name(doc):
    """run.name of a parsed config when it is a string, else None."""
    run = doc.get("run") if isinstance(doc, dict) else None
    name = run.get("name") if isinstance(run, dict) else None
    return name if isinstance(name, str) else None


def _default_name(path):
    """The sweep's default run name: the config file's stem ("run" when it has none)."""
    return path.stem or "run"


def _safe_file_stem(name):
    # The sweep rejects names with '/', '\\' or control characters; such a name must not pick the path.
    return name not in ("", ".", "..") and not any(c in "/\\" or ord(c) < 32 or ord(c) == 127 for c in name)


def _check_key(key, parent):
    if not isinstance(key, str):
        where = f" in {parent}" if parent else ""
        raise TypeError(f"config key {key!r}{where}: keys must be strings, not {type(key).__name__}")


def _key(key):
    return key if _BARE_KEY.match(key) else _string(key)


def _string(s):
    out = []
    for c in s:
        if c in _SHORT_ESCAPES:
            out.append(_SHORT_ESCAPES[c])
        elif ord(c) < 32 or ord(c) == 127:
            out.append(f"\\u{ord(c):04X}")
        else:
            out.append(c)
    return '"' + "".join(out) + '"'


def _value(v, path):
    """One TOML value; path is the dotted key path used in error messages."""
    if _is_numpy(v) and getattr(v, "ndim", 0) == 0:
        v = v.item()  # a NumPy scalar or 0-d array as the Python bool, int, float or str it holds
    if isinstance(v, str):
        return _string(v)
    if isinstance(v, bool):
        return "true" if bool(v) else "false"
    if isinstance(v, numbers.Integral):
        i = int(v)
        if not _INT64[0] <= i <= _INT64[1]:
            raise ValueError(f"config value {path} = {i}: out of TOML's 64-bit integer range")
        return str(i)
    if isinstance(v, numbers.Real):
        return _float(float(v))
    if isinstance(v, dict):
        items = []
        for k, item in v.items():
            _check_key(k, path)
            items.append(f"{_key(k)} = {_value(item, f'{path}.{k}')}")
        return "{ " + ", ".join(items) + " }" if items else "{}"
    if isinstance(v, (list, tuple)) or (_is_numpy(v) and hasattr(v, "tolist")):
        items = v.tolist() if _is_numpy(v) else v
        return "[" + ", ".join(_value(item, f"{path}[{i}]") for i, item in enumerate(items)) + "]"
    raise TypeError(f"config value {path} = {v!r}: {type(v).__name__} cannot be written as TOML "
                    "(use a string, bool, int, float, list or dict)")


def _float(x):
    if math.isnan(x):
        return "nan"
    if math.isinf(x):
        return "inf" if x > 0 else "-inf"
    return repr(x)  # shortest text that reads back as the same double; '1e-05' and '1e+16' are valid TOML


def _is_numpy(v):
    return type(v).__module__ == "numpy" and hasattr(v, "item")
