#!/usr/bin/env bash
# Builds, here, the portable CUDA build that scripts/gpu-check.sh runs on a GPU machine, and stages it in
# .gpu/ (git-ignored): the device machine has nvcc but none of our Debian libraries and no network.
# Then run on the GPU machine, carrying .gpu:   bash scripts/gpu-check.sh .gpu
set -euo pipefail
cd "$(dirname "$0")/.."

BUILD_DIR=build-gpu COLLSWEEP_ENABLE_CUDA=ON bash scripts/build.sh -DCOLLSWEEP_PORTABLE=ON \
  -DCMAKE_CUDA_ARCHITECTURES="${CUDA_ARCHITECTURES:-90}"

rm -rf .gpu
mkdir -p .gpu/tests .gpu/bench .gpu/lib
cp build-gpu/collsweep .gpu/
# Only what needs the GPU or its machine travels (a carried tree must stay under 64 MiB; every other test
# runs in CI): the GPU-vs-CPU tests, the end-to-end CLI run, sample bits, determinism; the benchmarks.
for t in test_gpu_backend test_cli_run test_sample_golden test_sweep_determinism; do
  cp "build-gpu/tests/$t" .gpu/tests/
done
cp build-gpu/bench/bench_sweep build-gpu/bench/bench_planar_laws .gpu/bench/
# Google Benchmark is only shipped as a shared library by Debian.
for lib in $(ldd .gpu/bench/* .gpu/collsweep .gpu/tests/* 2>/dev/null | awk '/libbenchmark/ {print $3}' | sort -u); do
  cp -L "$lib" .gpu/lib/
done
strip --strip-unneeded .gpu/collsweep .gpu/tests/* .gpu/bench/* 2>/dev/null || true
rm -f .gpu/tests/*.cmake
du -sh .gpu
size=$(du -sm .gpu | cut -f1)
if [ "$size" -gt 56 ]; then echo "gpu-prepare: .gpu is ${size} MiB; the device tool carries at most 64 MiB with the tree" >&2; exit 1; fi
echo "staged .gpu/: carry it to the GPU machine and run: bash scripts/gpu-check.sh .gpu"
