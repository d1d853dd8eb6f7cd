# Tests of collsweep's progress bar: its text, redraw limit, terminal / Jupyter / log-file modes.
import io
import sys
import types

import pytest

from collsweep import _progress
from collsweep._progress import ProgressBar, format_duration


class Clock:
    """A stand-in for time.monotonic that the test advances by hand."""

    def __init__(self):
        self.now = 1000.0

    def __call__(self):
        return self.now


class Terminal(io.StringIO):
    def isatty(self):
        return True


@pytest.fixture
def clock(monkeypatch):
    c = Clock()
    monkeypatch.setattr(_progress.time, "monotonic", c)
    return c


@pytest.mark.parametrize("seconds, text", [
    (0, "0 s"), (59.9, "59 s"), (61, "1 min 1 s"), (3700, "1 h 1 min"), (90000, "1 d 1 h"),
    (4e7, "1.3 years"), (1e10, "317 years"), (float("nan"), "unknown"), (-1, "unknown"),
])
def test_format_duration(seconds, text):
    assert format_duration(seconds) == text


def test_text_has_bar_percentage_rate_and_eta(clock, monkeypatch):
    monkeypatch.setattr(sys, "stderr", io.StringIO())
    bar = ProgressBar(1_000_000, "quick")
    clock.now += 2.0
    bar.update(250_000)
    assert bar.text() == "quick [#######.......................]  25.0%  1.25e+05 samples/s  ETA 6 s"
    assert bar.text(final=True) == "quick: 250000 of 1000000 samples (25.0 %) in 2 s, 1.25e+05 samples/s"
    bar.update(2_000_000)  # clamped to the total
    assert bar.done == 1_000_000 and " 100.0%" in bar.text() and "ETA 0 s" in bar.text()
    assert ProgressBar(0, "none").text().startswith("none [" + "#" * 30 + "] 100.0%")


def test_terminal_redraws_in_place_at_most_four_times_a_second(clock, monkeypatch):
    out = Terminal()
    monkeypatch.setattr(sys, "stderr", out)
    bar = ProgressBar(1000, "run")
    assert bar.mode == "terminal"
    for done in range(0, 500):
        bar.update(done)  # all at one instant: only the first draws
    assert out.getvalue().count("\r") == 1
    clock.now += 0.1
    bar.update(600)
    assert out.getvalue().count("\r") == 1
    clock.now += 0.2
    bar.update(700)
    assert out.getvalue().count("\r") == 2 and "70.0%" in out.getvalue().split("\r")[-1]
    clock.now += 1.0
    bar.close()
    bar.close()  # idempotent
    last = out.getvalue().split("\r")[-1]
    assert last.startswith("run: 700 of 1000 samples (70.0 %) in 1.3 s") and last.endswith("\n")
    assert out.getvalue().count("\n") == 1


def test_not_a_terminal_writes_one_line_at_the_end(clock, capsys):
    with ProgressBar(100, "logged") as bar:
        assert bar.mode == "line"
        clock.now += 1.0
        bar.update(50)
        assert capsys.readouterr().err == ""
        bar.update(100)
    assert capsys.readouterr().err == "logged: 100 of 100 samples (100.0 %) in 1 s, 100 samples/s\n"


def test_disabled_shows_nothing(clock, monkeypatch):
    out = Terminal()
    monkeypatch.setattr(sys, "stderr", out)
    bar = ProgressBar(10, "quiet", enabled=False)
    bar.update(5)
    bar.close()
    assert bar.mode == "off" and out.getvalue() == ""


def fake_ipython(monkeypatch, shell_class_name):
    """Installs a fake IPython whose get_ipython() is a shell of that class; returns the display log."""
    log = []

    class Handle:
        def update(self, obj):
            log.append(("update", obj))

    def display(obj, display_id=False):
        log.append(("display", obj, display_id))
        return Handle()

    shell = type(shell_class_name, (), {})()
    ipython = types.ModuleType("IPython")
    ipython.get_ipython = lambda: shell
    ipython_display = types.ModuleType("IPython.display")
    ipython_display.display = display
    ipython.display = ipython_display
    monkeypatch.setitem(sys.modules, "IPython", ipython)
    monkeypatch.setitem(sys.modules, "IPython.display", ipython_display)
    return log


def test_jupyter_kernel_updates_one_display(clock, monkeypatch, capsys):
    log = fake_ipython(monkeypatch, "ZMQInteractiveShell")
    bar = ProgressBar(200, "nb")
    assert bar.mode == "jupyter"
    bar.update(0)
    clock.now += 0.5
    bar.update(100)
    bar.update(120)  # within 1/4 s: not drawn
    clock.now += 0.5
    bar.close()
    assert [entry[0] for entry in log] == ["display", "update", "update"]
    assert log[0][2] is True
    mid, final = log[1][1], log[2][1]
    assert repr(mid).startswith("nb [###############...............]  50.0%")
    assert '<progress value="0.5000" max="1"' in mid._repr_html_()
    assert repr(final) == "nb: 120 of 200 samples (60.0 %) in 1 s, 120 samples/s"
    assert capsys.readouterr().err == ""


def test_terminal_ipython_is_no_kernel(monkeypatch):
    fake_ipython(monkeypatch, "TerminalInteractiveShell")
    monkeypatch.setattr(sys, "stderr", Terminal())
    assert ProgressBar(1, "ipython").mode == "terminal"


def test_in_a_real_kernel(tmp_path):
    """The bar inside an executed notebook: one display output, updated in place to the final line."""
    nbformat = pytest.importorskip("nbformat")
    pytest.importorskip("ipykernel")
    preprocessors = pytest.importorskip("nbconvert.preprocessors")
    code = ("from collsweep._progress import ProgressBar\n"
            "import time\n"
            "bar = ProgressBar(1000, 'kernel')\n"
            "for done in range(0, 1001, 250):\n"
            "    bar.update(done)\n"
            "    time.sleep(0.3)\n"
            "bar.close()\n"
            "print(bar.mode)")
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(code)])
    preprocessors.ExecutePreprocessor(timeout=60, kernel_name="python3").preprocess(
        nb, {"metadata": {"path": str(tmp_path)}})
    outputs = nb.cells[0].outputs
    shown = [o for o in outputs if o.output_type == "display_data"]
    assert len(shown) == 1
    assert shown[0].data["text/plain"].startswith("kernel: 1000 of 1000 samples (100.0 %) in ")
    assert '<progress value="1.0000" max="1"' in shown[0].data["text/html"]
    assert [o.text for o in outputs if o.output_type == "stream"] == ["jupyter\n"]
