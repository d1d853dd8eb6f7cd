# A progress bar for long sweeps: redrawn with '\r' on a terminal, as an updating display in Jupyter.
"""Progress display for :func:`collsweep.run`.

:class:`ProgressBar` draws ``label [#######.......]  45.2%  2.1e+07 samples/s  ETA 12 s``:

* on a terminal (stderr is a tty): on stderr, redrawn in place with ``\\r`` at most 4 times a second;
* in Jupyter (an IPython kernel): as an HTML progress bar updated in place in the cell's output;
* elsewhere (stderr sent to a file or a pipe): nothing while it runs, one line on stderr at the end.

Nothing at all is shown when ``enabled`` is false.
"""
import html
import math
import sys
import time

__all__ = ["ProgressBar", "format_duration"]

REDRAW_SECONDS = 0.25  # at most ~4 redraws a second, as the command-line program
BAR_WIDTH = 30


def format_duration(seconds):
    """A duration as the command-line program writes it: '42 s', '3 min 5 s', '2 h 10 min', '1 d 4 h'."""
    if not (seconds >= 0 and math.isfinite(seconds)):
        return "unknown"
    minute, hour, day = 60.0, 3600.0, 86400.0
    year = 365.25 * day
    if seconds < minute:
        return f"{math.floor(seconds)} s"
    if seconds < hour:
        return f"{math.floor(seconds / minute)} min {math.floor(math.fmod(seconds, minute))} s"
    if seconds < day:
        return f"{math.floor(seconds / hour)} h {math.floor(math.fmod(seconds, hour) / minute)} min"
    if seconds < year:
        return f"{math.floor(seconds / day)} d {math.floor(math.fmod(seconds, day) / hour)} h"
    return f"{seconds / year:.1f} years" if seconds < 100 * year else f"{seconds / year:.3g} years"


class ProgressBar:
    """A progress bar over ``total`` samples.

    Args:
        total: the number of samples the work has.
        label: the text in front of the bar (e.g. the run's name).
        enabled: ``False`` shows nothing at all.

    Call :meth:`update` with the number of samples done so far (as often as you like: redraws are
    limited to ~4 a second) and :meth:`close` at the end (also when the work stopped early); it is also
    a context manager that closes on exit.

    Attributes:
        mode: ``"terminal"``, ``"jupyter"``, ``"line"`` (one line at close) or ``"off"``.
    """

    def __init__(self, total, label, enabled=True):
        self.total = max(int(total), 0)
        self.label = str(label)
        self.done = 0
        self.mode = _pick_mode() if enabled else "off"
        self._start = time.monotonic()
        self._last_draw = -math.inf
        self._closed = False
        self._handle = None  # the Jupyter display handle, made on the first draw
        self._width = 0  # length of the last terminal line, to blank what a shorter one leaves

    def update(self, done):
        """Records that ``done`` samples are finished and redraws when the last redraw is 1/4 s old."""
        self.done = min(max(int(done), 0), self.total)
        if self.mode in ("terminal", "jupyter") and not self._closed:
            now = time.monotonic()
            if now - self._last_draw >= REDRAW_SECONDS:
                self._last_draw = now
                self._draw(final=False)

    def close(self):
        """Draws the final state (samples done, elapsed time, rate) and ends the bar; idempotent."""
        if self._closed:
            return
        self._closed = True
        if self.mode == "off":
            return
        self._draw(final=True)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def text(self, final=False):
        """The bar as one line of text (what the terminal shows)."""
        elapsed = time.monotonic() - self._start
        fraction = self.done / self.total if self.total else 1.0
        rate = self.done / elapsed if elapsed > 0 else 0.0
        if final:
            return (f"{self.label}: {self.done} of {self.total} samples ({100 * fraction:.1f} %) in "
                    f"{elapsed:.3g} s, {rate:.3g} samples/s")
        filled = int(fraction * BAR_WIDTH)
        bar = "#" * filled + "." * (BAR_WIDTH - filled)
        eta = format_duration((self.total - self.done) / rate) if rate > 0 else "unknown"
        return f"{self.label} [{bar}] {100 * fraction:5.1f}%  {rate:.3g} samples/s  ETA {eta}"

    def _draw(self, final):
        line = self.text(final)
        if self.mode == "jupyter":
            self._draw_jupyter(line, final)
            return
        stream = sys.stderr
        if self.mode == "terminal":
            pad = " " * max(self._width - len(line), 0)
            stream.write("\r" + line + pad + ("\n" if final else ""))
            self._width = len(line)
        elif final:  # "line": one line at the end, nothing while it runs
            stream.write(line + "\n")
        stream.flush()

    def _draw_jupyter(self, line, final):
        from IPython.display import display  # only reached inside an IPython kernel

        view = _JupyterView(line, self.done / self.total if self.total else 1.0)
        if self._handle is None:
            self._handle = display(view, display_id=True)
        else:
            self._handle.update(view)


class _JupyterView:
    """What Jupyter shows: an HTML <progress> element and the text line (plain text elsewhere)."""

    def __init__(self, line, fraction):
        self.line, self.fraction = line, fraction

    def __repr__(self):
        return self.line

    def _repr_html_(self):
        return (f'<div style="font-family: monospace"><progress value="{self.fraction:.4f}" max="1" '
                f'style="width: 20em; vertical-align: middle"></progress> {html.escape(self.line)}</div>')


def _pick_mode():
    if _in_jupyter():
        return "jupyter"
    try:
        return "terminal" if sys.stderr is not None and sys.stderr.isatty() else "line"
    except (AttributeError, ValueError):  # a replaced or closed stderr
        return "line"


def _in_jupyter():
    """Whether this runs in a Jupyter kernel (IPython's ZMQInteractiveShell)."""
    ipython = sys.modules.get("IPython")  # a kernel has imported it already; never import it here
    if ipython is None:
        return False
    try:
        shell = ipython.get_ipython()
    except Exception:  # an IPython too old or half-initialised: treat as no kernel
        return False
    return shell is not None and type(shell).__name__ == "ZMQInteractiveShell"
