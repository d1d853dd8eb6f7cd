"""collsweep.run: a sweep from Python — the same run as `collsweep run`, with a progress bar and Ctrl-C."""
from __future__ import annotations

import os
import pathlib
import time
import warnings

from . import _collsweep as _core
from ._config import DEFAULT_NAME, materialize_config
from ._progress import ProgressBar
from ._results import RunResult, load


class RunInterrupted(KeyboardInterrupt):
    """A run stopped by Ctrl-C (or a notebook's interrupt): its checkpoint is in `.dir`; resume it with
    collsweep.run(resume=dir)."""

    def __init__(self, message: str, run_dir: pathlib.Path):
        super().__init__(message)
        self.dir = run_dir


def _default_folder(cfg) -> pathlib.Path:
    """runs/<run name> as the command line; a string or dict config without run.name gets a new folder
    runs/notebook-<date>-<time> each time (re-running a notebook cell never meets the last run's folder)."""
    if cfg.source is not None or cfg.name != DEFAULT_NAME:
        return pathlib.Path("runs") / cfg.name
    stem = pathlib.Path("runs") / f"{DEFAULT_NAME}-{time.strftime('%Y%m%d-%H%M%S')}"
    folder, n = stem, 1
    while folder.exists():
        n += 1
        folder = stem.with_name(f"{stem.name}-{n}")
    return folder


def run(config=None, *, backend: str = "auto", threads: int = 0, out=None, force: bool = False,
        progress: bool = True, maps: bool = True, checkpoint_every: float | None = 600.0,
        resume=None) -> RunResult:
    """Runs a sweep as `collsweep run CONFIG` does and returns its RunResult (the folder read back).

    config: a path to a TOML file, a TOML string or a dict of tables (configs/README.md has every key).
    backend: "auto" (the GPU when one is usable), "cpu" or "cuda". threads: CPU threads (0: all cores).
    out: the run folder (default runs/<run name>, as the command line; a string or dict config without
    run.name: a new runs/notebook-<date>-<time> each call); force=True writes into a non-empty
    folder, first removing a previous run's files. maps=False skips the PNG maps. progress shows a bar (in a
    terminal or a Jupyter notebook). checkpoint_every: seconds between checkpoints (collsweep.state in the
    folder; None: only when stopped). resume: the folder of a stopped run, to finish it (config optional).

    The outputs are byte-identical to the command line's for the same config, on any thread count. The GIL
    is released while the sweep runs. Ctrl-C (a notebook's interrupt) stops the sweep at its next chunk,
    writes the checkpoint and raises RunInterrupted; collsweep.run(resume=folder) finishes it.
    Raises ValueError for an invalid config (naming its file, line and key) and RuntimeError when the run
    fails otherwise; warnings of the config are Python warnings.
    """
    if backend not in ("auto", "cpu", "cuda"):
        raise ValueError(f"backend='{backend}': expected 'auto', 'cpu' or 'cuda'")
    if threads < 0:
        raise ValueError(f"threads={threads}: must be >= 0 (0: all cores)")
    if checkpoint_every is not None and not checkpoint_every > 0:
        raise ValueError(f"checkpoint_every={checkpoint_every}: must be > 0 seconds, or None")
    cfg = None
    if resume is not None:
        run_dir = pathlib.Path(resume)
        if out is not None and pathlib.Path(out) != run_dir:
            raise ValueError("out with resume: a resumed run finishes in its own folder; leave out out")
        if config is not None:
            cfg = materialize_config(config)
        label = run_dir.name
    else:
        if config is None:
            raise ValueError("a config (path, TOML string or dict) is required, or resume=folder")
        cfg = materialize_config(config)
        run_dir = pathlib.Path(out) if out is not None else _default_folder(cfg)
        label = cfg.name
    handle = _core.start_run(os.fspath(cfg.path) if cfg else "", "" if resume is not None else str(run_dir),
                             backend, int(threads), bool(force), "" if resume is None else str(run_dir),
                             float(checkpoint_every or 0.0), not maps)
    bar = None
    try:
        while not handle.wait(0.25):
            done, total = handle.progress()
            if bar is None and total:
                bar = ProgressBar(total, f"collsweep run: {label}", enabled=progress)
            if bar is not None:
                bar.update(done)
                if done >= total:
                    bar.close()  # the sweep's own rate, before the outputs and maps are written
    except KeyboardInterrupt:
        handle.stop()
        while not handle.wait(0.25):
            pass
        status, _, err = handle.result()
        if bar is not None:
            bar.close()
        if status == 0:  # it had finished anyway
            return load(run_dir)
        raise RunInterrupted(f"run stopped; its checkpoint is in {run_dir}: finish it with "
                             f"collsweep.run(resume={str(run_dir)!r})", run_dir) from None
    status, _, err = handle.result()
    if bar is not None:
        bar.update(handle.progress()[0])
        bar.close()
    messages = [line.removeprefix("collsweep run: ") for line in err.splitlines()]
    for line in messages:
        if line.startswith("warning: "):
            warnings.warn(line.removeprefix("warning: "), stacklevel=2)
    if status != 0:
        problems = [m for m in messages if not m.startswith("warning: ")]
        text = "\n".join(problems).replace("--force", "force=True") or f"run failed (exit status {status})"
        raise (ValueError if status == 2 else RuntimeError)(text)
    return load(run_dir)
