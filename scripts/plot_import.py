# What the plotting scripts plot_maps.py and plot_fit.py share: importing what they draw with, or saying why
# this interpreter cannot, to collsweep (which then tries its next interpreter) or on stderr.
"""Imports for collsweep's plotting scripts (the maps: NumPy and Pillow; the fit's figures: matplotlib), and exit
status 3 with the import error when they fail.

collsweep starts a plotting script with `--import-error FILE`: a script whose interpreter cannot import what it
draws with writes "cannot import <modules>: <the import error>" to FILE (one line) and exits 3; collsweep then
runs the script with its next interpreter, or says which interpreters it tried and each one's error. Started
otherwise, the script says it on stderr (unless --quiet).
"""
import os
import sys

# The plots need no parallel linear algebra: NumPy's OpenBLAS threads would wait spinning beside the sweep
# that collsweep runs meanwhile (a setting of the user's is kept).
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

CANNOT_IMPORT = 3  # exit status: this interpreter cannot import what the script draws with


def import_matplotlib():
    """Imports matplotlib with the Agg backend; returns the ImportError when this interpreter cannot, else None."""
    try:
        import matplotlib

        matplotlib.use("Agg")
    except ImportError as err:
        return err
    return None


def option_value(argv, name):
    """The value of `name VALUE` or `name=VALUE` in argv (read before argparse: an import fails first), or None."""
    for i, arg in enumerate(argv):
        if arg == name and i + 1 < len(argv):
            return argv[i + 1]
        if arg.startswith(name + "="):
            return arg[len(name) + 1:]
    return None


def describe(err):
    """An import error in one line: its message ("No module named 'matplotlib'"), else its type."""
    text = " ".join(str(err).split())
    return text or type(err).__name__


def cannot_import(tool, err, argv, modules="matplotlib"):
    """Exit status 3 after telling why `modules` (their names, for the message) cannot be imported: into the
    file of `--import-error FILE` (collsweep reads it), else on stderr unless --quiet. tool names the script in
    the message."""
    why = f"cannot import {modules}: {describe(err)}"
    report = option_value(argv, "--import-error")
    if report:
        try:
            with open(report, "w", encoding="utf-8") as f:
                f.write(why + "\n")
            return CANNOT_IMPORT
        except OSError:
            pass  # said on stderr instead
    if "--quiet" not in argv:
        print(f"{tool}: nothing drawn: {sys.executable} {why} (install matplotlib, which brings NumPy and "
              "Pillow: pip install matplotlib in a virtual environment, python3-matplotlib for Debian's "
              "python3: scripts/setup.sh)", file=sys.stderr)
    return CANNOT_IMPORT
