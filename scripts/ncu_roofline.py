#!/usr/bin/env python3
"""Roofline table of the sweep kernels from scripts/gpu-check.sh's Nsight Compute profiles (ncu-*.txt).

Usage: scripts/ncu_roofline.py RESULTS_DIR   (a bench/results/<date>-<gpu>/ folder)

Per profiled kernel launch: samples in the launch (the launcher's slice: grid x 256 x 4096, or the
benchmark's whole count when smaller), thread instructions per sample, FP64 operations per sample (DADD +
DMUL + 2 DFMA thread instructions) and the achieved FP64 rate as a fraction of the chip's peak (SMs x 64
FP64 lanes x 2 x the SM clock Nsight ran at, its base clock), integer thread instructions per sample and
their fraction of the INT32 peak (SMs x 64 x clock), the FP64 pipe's busy fraction, issue slots busy,
occupancy (achieved / theoretical), registers per thread and the largest warp stall (cycles per issued
instruction). Prints a Markdown table.
"""
import re
import sys
from pathlib import Path

# Samples each benchmark of bench_sweep asks for (bench/bench_sweep.cpp), by profile name.
BENCH_SAMPLES = {"stronge": 2**32, "all-laws": 2**32, "poisson-lcp-k2": 2**26, "poisson-lcp-k4": 2**23,
                 "stronge-3d": 2**18}  # profile/cuda/stronge-3d: one batch, its Routh items' kernel
SLICE_PER_THREAD = 4096  # kernels/sweep_launch.cuh: each launch covers grid x kBlock x 4096 samples
SMS = {"H100": 132, "H200": 132}


def number(text, label):
    m = re.search(r"^\s*" + re.escape(label) + r"\s+(\S+)?\s+([\d,\.]+)\s*$", text, re.M)
    return float(m.group(2).replace(",", "")) if m else None


def unit_value(text, label):
    m = re.search(r"^\s*" + re.escape(label) + r"\s+(\S+)\s+([\d,\.]+)\s*$", text, re.M)
    if not m:
        return None
    scale = {"s": 1.0, "ms": 1e-3, "us": 1e-6, "usecond": 1e-6, "msecond": 1e-3, "ns": 1e-9, "Ghz": 1e9,
             "Mhz": 1e6, "GHz": 1e9, "MHz": 1e6}.get(m.group(1), 1.0)
    return float(m.group(2).replace(",", "")) * scale


def metric(text, name):
    m = re.search(re.escape(name) + r"\s+(\S+\s+)?([\d,\.]+)\s*$", text, re.M)
    return float(m.group(2).replace(",", "")) if m else None


def top_stall(text):
    """The largest warp stall reason (cycles per issued instruction) and the total cycles per issue."""
    total = number(text, "Warp Cycles Per Issued Instruction")
    stalls = [(float(v), n) for n, v in re.findall(r"^\s*Stall ([A-Za-z ]+?)\s+inst\s+([\d\.]+)\s*$", text, re.M)]
    if not stalls or not total:
        return ""
    value, name = max(stalls)
    return "{} ({:.1f} of {:.1f} cycles)".format(name.lower(), value, total)


def row(path, gpu):
    text = path.read_text(errors="replace")
    name = path.stem[len("ncu-"):]
    duration = unit_value(text, "Duration")
    grid = number(text, "Grid Size")
    clock = unit_value(text, "SM Frequency")
    total = BENCH_SAMPLES.get(name)
    if not duration or not grid or not total:
        return None
    samples = min(total, grid * 256 * SLICE_PER_THREAD)
    thread_inst = metric(text, "smsp__thread_inst_executed.sum")
    dadd = metric(text, "smsp__sass_thread_inst_executed_op_dadd_pred_on.sum")
    dmul = metric(text, "smsp__sass_thread_inst_executed_op_dmul_pred_on.sum")
    dfma = metric(text, "smsp__sass_thread_inst_executed_op_dfma_pred_on.sum")
    ints = metric(text, "smsp__sass_thread_inst_executed_op_integer_pred_on.sum")
    sms = SMS.get(gpu, 132)
    fp64 = (dadd + dmul + 2 * dfma) if None not in (dadd, dmul, dfma) else None
    fp64_peak = sms * 64 * 2 * clock if clock else None
    int_peak = sms * 64 * clock if clock else None

    def fmt(x, f):
        return f.format(x) if x is not None else "–"

    cells = [
        name,
        "{:.3g}".format(samples),
        fmt(thread_inst and thread_inst / samples, "{:.0f}"),
        fmt(fp64 and fp64 / samples, "{:.0f}"),
        fmt(fp64 and fp64_peak and 100 * fp64 / duration / fp64_peak, "{:.1f} %"),
        fmt(ints and ints / samples, "{:.0f}"),
        fmt(ints and int_peak and 100 * ints / duration / int_peak, "{:.1f} %"),
        fmt(metric(text, "sm__inst_executed_pipe_fp64.avg.pct_of_peak_sustained_active"), "{:.1f} %"),
        fmt(number(text, "Issue Slots Busy"), "{:.1f} %"),
        "{} / {} %".format(fmt(number(text, "Achieved Occupancy"), "{:.1f}"),
                           fmt(number(text, "Theoretical Occupancy"), "{:.1f}")),
        fmt(number(text, "Registers Per Thread"), "{:.0f}"),
        top_stall(text),
    ]
    return "| " + " | ".join(cells) + " |"


def main():
    folder = Path(sys.argv[1])
    gpu = "H200" if "H200" in folder.name else "H100"
    print("| kernel | samples per launch | instructions per sample | FP64 operations per sample | FP64 of peak "
          "| integer instructions per sample | INT32 of peak | FP64 pipe busy | issue slots busy "
          "| occupancy achieved / theoretical | registers | largest stall |")
    print("|---|---|---|---|---|---|---|---|---|---|---|---|")
    for path in sorted(folder.glob("ncu-*.txt")):
        r = row(path, gpu)
        if r:
            print(r)


if __name__ == "__main__":
    main()
