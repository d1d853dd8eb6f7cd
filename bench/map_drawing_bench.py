#!/usr/bin/env python3
# Wall and CPU time of drawing a run's maps: the quickstart with and without them, a 20 000-cell map, Python's run.
"""Times, on this machine and in one run (A/B, measurements interleaved so that both meet the same load):

1. ``collsweep run configs/quickstart.toml --no-plot`` and the same run with its PNG maps;
2. ``collsweep plot`` of a 200 x 100 = 20 000-cell map (the quickstart's laws and samples on a finer map;
   the run itself is made once, untimed);
3. ``collsweep.run(quickstart, maps=False)`` and ``maps=True`` from Python (the call timed, in a fresh
   interpreter each time).

Each is timed ``--repeat`` times; the table shows the median wall time and the median CPU time of the
processes (user + system, children included), and the ratio of the quickstart with maps to without.
Give ``--before-cli`` (a collsweep built from an earlier commit) and ``--before-commit`` (whose scripts/ it
runs with) to compare with that build; ``--before-pythonpath`` adds its Python module. Usage:

    python3 bench/map_drawing_bench.py --cli build-cpu/collsweep --pythonpath build-cpu/python \\
        [--before-cli OLD/collsweep --before-commit REV --before-pythonpath OLD/python] [--repeat 5]
"""
import argparse
import datetime
import os
import pathlib
import resource
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
QUICKSTART = ROOT / "configs" / "quickstart.toml"
PYTHON = "/usr/bin/python3" if os.path.exists("/usr/bin/python3") else sys.executable
PYTHON_RUN = """import sys, time, collsweep
start = time.perf_counter()
collsweep.run(sys.argv[1], out=sys.argv[2], force=True, progress=False, maps=sys.argv[3] == "1")
print(time.perf_counter() - start)
"""


class Build:
    """One collsweep to time: its program, the source tree its plotting script comes from, its Python module."""

    def __init__(self, name, cli, source, pythonpath):
        self.name, self.cli, self.source, self.pythonpath = name, str(cli), str(source), pythonpath

    def env(self):
        env = dict(os.environ, COLLSWEEP_SOURCE_DIR=self.source)
        env.pop("COLLSWEEP_PLOT_SCRIPT", None)
        if self.pythonpath:
            env["PYTHONPATH"] = str(self.pythonpath)
        return env


def timed(cmd, env):
    """Runs cmd; returns (wall seconds, CPU seconds of the processes it started, stdout)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(cmd, env=env, capture_output=True, text=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        sys.exit(f"{' '.join(map(str, cmd))} failed ({done.returncode}): {done.stderr.strip()[-2000:]}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu, done.stdout


def cpu_model():
    """The CPU's model name as lscpu gives it, and the logical CPUs this process may use."""
    try:
        text = subprocess.run(["lscpu"], capture_output=True, text=True).stdout
        name = next(line.split(":", 1)[1].strip() for line in text.splitlines() if line.startswith("Model name"))
    except (OSError, StopIteration):
        name = "unknown CPU"
    return f"{name}, {len(os.sched_getaffinity(0))} CPUs"


def fine_config(folder):
    """The quickstart on a 200 x 100 map (20 000 cells, 200 samples each on average)."""
    text = QUICKSTART.read_text().replace("bins = 30", "bins = 200").replace("bins = 20 }", "bins = 100 }")
    path = folder / "quickstart_20000_cells.toml"
    path.write_text(text)
    return path


def measurements(builds, folder, fine_run):
    """The commands timed, per build: (label, command, reads its own seconds from stdout)."""
    for b in builds:
        out = folder / f"run-{b.name}"
        yield b, "quickstart run --no-plot", [b.cli, "run", QUICKSTART, "--out", out, "--force", "--no-plot"], False
        yield b, "quickstart run (maps)", [b.cli, "run", QUICKSTART, "--out", out, "--force"], False
        yield b, "plot, 20 000 cells", [b.cli, "plot", fine_run], False
        if b.pythonpath:
            for maps in ("0", "1"):
                label = f"Python run, maps={'True' if maps == '1' else 'False'}"
                yield b, label, [PYTHON, "-c", PYTHON_RUN, QUICKSTART, folder / f"py-{b.name}", maps], True


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--cli", default="build-cpu/collsweep", help="the collsweep program to time")
    parser.add_argument("--pythonpath", default="", help="where its Python module is (build/python)")
    parser.add_argument("--before-cli", help="a collsweep built from --before-commit, to compare with")
    parser.add_argument("--before-commit", help="the commit whose scripts/ --before-cli draws with")
    parser.add_argument("--before-pythonpath", default="", help="the Python module of --before-cli's build")
    parser.add_argument("--repeat", type=int, default=5, help="timings of each measurement (median shown)")
    args = parser.parse_args()

    with tempfile.TemporaryDirectory(prefix="collsweep-maps-bench-") as tmp:
        folder = pathlib.Path(tmp)
        builds = [Build("after", pathlib.Path(args.cli).resolve(), ROOT, args.pythonpath and
                        pathlib.Path(args.pythonpath).resolve())]
        if args.before_cli:
            if not args.before_commit:
                sys.exit("--before-cli needs --before-commit (the scripts it draws with)")
            source = folder / "before-source"
            source.mkdir()
            archive = subprocess.run(["git", "-C", ROOT, "archive", args.before_commit, "scripts"],
                                     capture_output=True, check=True).stdout
            subprocess.run(["tar", "-x", "-C", source], input=archive, check=True)
            builds.insert(0, Build("before", pathlib.Path(args.before_cli).resolve(), source,
                                   args.before_pythonpath and pathlib.Path(args.before_pythonpath).resolve()))
        fine_run = folder / "fine"
        timed([builds[-1].cli, "run", fine_config(folder), "--out", fine_run, "--no-plot", "--quiet"],
              builds[-1].env())

        times = {}
        for _ in range(args.repeat):  # interleaved: every build meets the same load
            for b, label, cmd, reports in measurements(builds, folder, fine_run):
                wall, cpu, out = timed([str(c) for c in cmd], b.env())
                if reports:
                    wall = float(out.split()[-1])
                times.setdefault((label, b.name), []).append((wall, cpu))

    commit = subprocess.run(["git", "-C", ROOT, "rev-parse", "--short", "HEAD"], capture_output=True,
                            text=True).stdout.strip()
    print(f"CPU: {cpu_model()}; {datetime.date.today()}; commit {commit}"
          + (f" against {args.before_commit}" if args.before_cli else "") + f"; median of {args.repeat}")
    print(f"{'measurement':<32}" + "".join(f"{b.name + ' wall':>14}{b.name + ' CPU':>14}" for b in builds))
    labels = list(dict.fromkeys(label for label, _ in times))
    for label in labels:
        row = f"{label:<32}"
        for b in builds:
            runs = times.get((label, b.name))
            if runs is None:
                row += f"{'-':>14}{'-':>14}"
                continue
            row += f"{statistics.median(w for w, _ in runs):>13.2f}s{statistics.median(c for _, c in runs):>13.2f}s"
        print(row)
    for b in builds:
        walls = {label: statistics.median(w for w, _ in times[(label, b.name)]) for label in labels
                 if (label, b.name) in times}
        ratio = walls["quickstart run (maps)"] / walls["quickstart run --no-plot"]
        line = f"{b.name}: quickstart with maps / without: {ratio:.2f}x"
        if "Python run, maps=True" in walls:
            line += f"; Python run: {walls['Python run, maps=True'] / walls['Python run, maps=False']:.2f}x"
        print(line)


if __name__ == "__main__":
    main()
