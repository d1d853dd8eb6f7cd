#!/usr/bin/env bash
# Builds the portable CUDA build that scripts/gpu-check.sh runs on a GPU machine and stages it as one
# tarball, .gpu/bundle.txz (git-ignored; docs/gpu.md, 'The GPU check on your GPU machine').
set -euo pipefail
cd "$(dirname "$0")/.."

# Only what travels is built (the other tests run in CI).
targets="collsweep test_cli_run test_sample_golden test_sweep_determinism bench_sweep bench_planar_laws bench_fit"
for t in tests/gpu/test_gpu_*.cpp; do targets+=" $(basename "$t" .cpp)"; done
# GPU_PREPARE_SICONOS=0 leaves Siconos's comparison out (its libraries are most of the bundle).
if [ "${GPU_PREPARE_SICONOS:-1}" != 0 ] && dpkg -s libsiconos-numerics-dev >/dev/null 2>&1; then
  targets+=" bench_lcp_siconos"
fi
# The device code as one shared library (COLLSWEEP_CUDA_SHARED): inside each program it would be ~45 MB
# apiece, too much to carry.
BUILD_TARGET=$targets BUILD_DIR=build-gpu COLLSWEEP_ENABLE_CUDA=ON bash scripts/build.sh -DCOLLSWEEP_PORTABLE=ON \
  -DCOLLSWEEP_CUDA_SHARED=ON -DCMAKE_CUDA_ARCHITECTURES="${CUDA_ARCHITECTURES:-90}"

stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
mkdir -p "$stage/tests" "$stage/bench" "$stage/lib"
cp build-gpu/collsweep "$stage/"
# Only what needs the GPU or its machine travels (every other test runs in CI): the GPU-vs-CPU tests, the
# end-to-end CLI run, sample bits, determinism; the benchmarks.
for t in build-gpu/tests/test_gpu_* build-gpu/tests/test_cli_run build-gpu/tests/test_sample_golden \
  build-gpu/tests/test_sweep_determinism; do
  cp "$t" "$stage/tests/"
done
cp build-gpu/bench/bench_sweep build-gpu/bench/bench_planar_laws build-gpu/bench/bench_fit "$stage/bench/"
cp build-gpu/libcollsweep_cuda.so "$stage/lib/"
# Google Benchmark is only shipped as a shared library by Debian.
for lib in $(ldd "$stage"/bench/* "$stage"/collsweep "$stage"/tests/* 2>/dev/null | awk '/libbenchmark/ {print $3}' | sort -u); do
  cp -L "$lib" "$stage/lib/"
done
# bench_lcp_siconos (ours on one core and on the GPU, Siconos's Lemke on one core, the same problems) needs
# Siconos Numerics and its BLAS/LAPACK/MUMPS closure: it travels with every shared library it loads and
# Debian's dynamic loader, and gpu-check.sh starts it through that loader, whatever the GPU machine's system.
if [ "${GPU_PREPARE_SICONOS:-1}" != 0 ] && [ -x build-gpu/bench/bench_lcp_siconos ]; then
  mkdir -p "$stage/siconos"
  cp build-gpu/bench/bench_lcp_siconos "$stage/bench/"
  for lib in $(ldd build-gpu/bench/bench_lcp_siconos | awk '$3 ~ /^\// && $1 != "libcollsweep_cuda.so" {print $3}' | sort -u); do
    cp -L "$lib" "$stage/siconos/"
  done
  cp -L "$(ldd build-gpu/bench/bench_lcp_siconos | awk '/ld-linux/ {print $1}')" "$stage/siconos/ld-linux.so"
else
  echo "gpu-prepare: no bench_lcp_siconos (Siconos Numerics not installed): the GPU check will skip it" >&2
fi
strip --strip-unneeded "$stage"/collsweep "$stage"/tests/* "$stage"/bench/* "$stage"/lib/libcollsweep_cuda.so 2>/dev/null || true

rm -rf .gpu
mkdir -p .gpu
XZ_OPT=-T0 tar cJf .gpu/bundle.txz -C "$stage" .
du -sh .gpu
size=$(du -sm .gpu | cut -f1)
max=${GPU_BUNDLE_MAX_MIB:-56}  # a small bundle travels fast; raise it when your transfer allows more
if [ "$size" -gt "$max" ]; then echo "gpu-prepare: .gpu is ${size} MiB, over GPU_BUNDLE_MAX_MIB = ${max}" >&2; exit 1; fi
echo "staged .gpu/bundle.txz: carry .gpu to the GPU machine and run: bash scripts/gpu-check.sh .gpu"
