"""collsweep: Monte-Carlo sweeps of rigid-body impact laws with friction, from Python.

The module calls the same kernels and host library as the `collsweep` program (docs/python.md):

    evaluate(law, **inputs)        any law on arrays of collisions, bit for bit `collsweep eval`
    solve(law, **options)          one collision with its phases, as `collsweep solve`
    sample(config, first, count)   the inputs of a sweep's samples, exactly as the sweep draws them
    run(config, ...)               a sweep, as `collsweep run` (a RunResult: .map, .witnesses, .summary, .plot())
    load(run_dir)                  a finished run folder as a RunResult
    fit(law, impacts, ...)         laws' parameters fitted to measured impacts, as `collsweep fit` (a FitResult)
    laws()                         every family's laws; build_info() how this module was built
"""
import os as _os
import sys as _sys

from . import _collsweep
from ._collsweep import __version__
from ._evaluate import evaluate, law_family
from ._fit import FitResult, fit, load_fit
from ._results import RunResult, load
from ._run import RunInterrupted, run
from ._sample import sample
from ._solve import Solution, solve

# The PNGs of run and fit: this package's copy of the plotting scripts, drawn by this interpreter when it can
# import matplotlib, else by the next that can (docs/python.md, "Maps and matplotlib").
_collsweep.set_plotting_host(_os.path.join(_os.path.dirname(_os.path.abspath(__file__)), "_scripts"),
                             _sys.executable or "")

__all__ = ["evaluate", "solve", "sample", "run", "load", "fit", "load_fit", "laws", "law_family", "build_info",
           "RunResult", "FitResult", "RunInterrupted", "Solution", "__version__"]


def laws() -> dict:
    """Every model family's laws: {"planar": [...], "multicontact": [...], "spatial": [...]}."""
    return _collsweep.laws()


def build_info() -> dict:
    """How this module was built: version, source revision, whether with CUDA (and which nvcc), and the GPU
    it can use now (or why none)."""
    available, device = _collsweep.cuda_device()
    return {"version": __version__, "revision": _collsweep.revision, "cuda_built": _collsweep.cuda_built,
            "cuda_compiler": _collsweep.cuda_compiler, "gpu_available": available, "gpu": device}
