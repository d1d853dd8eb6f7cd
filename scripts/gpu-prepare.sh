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
cp build-gpu/tests/test_* .gpu/tests/ 2>/dev/null || true
cp build-gpu/bench/bench_* .gpu/bench/ 2>/dev/null || true
# Google Benchmark is only shipped as a shared library by Debian.
for lib in $(ldd .gpu/bench/* .gpu/collsweep .gpu/tests/* 2>/dev/null | awk '/libbenchmark/ {print $3}' | sort -u); do
  cp -L "$lib" .gpu/lib/
done
strip --strip-unneeded .gpu/collsweep .gpu/tests/* .gpu/bench/* 2>/dev/null || true
rm -f .gpu/tests/*.cmake
du -sh .gpu
echo "staged .gpu/: carry it to the GPU machine and run: bash scripts/gpu-check.sh .gpu"
