#!/usr/bin/env bash
# Configures and builds collsweep into ${BUILD_DIR:-build}; CUDA is built when nvcc is found unless
# COLLSWEEP_ENABLE_CUDA=OFF is set in the environment. Builds only the collsweep program unless
# BUILD_TARGET names other targets (space-separated; scripts/test.sh: all). Extra arguments go to cmake's configure step.
set -euo pipefail
cd "$(dirname "$0")/.."

build_dir=${BUILD_DIR:-build}
args=(-S . -B "$build_dir" -DCMAKE_BUILD_TYPE="${CMAKE_BUILD_TYPE:-Release}")
if [ -n "${COLLSWEEP_ENABLE_CUDA:-}" ]; then
  args+=(-DCOLLSWEEP_ENABLE_CUDA="$COLLSWEEP_ENABLE_CUDA")
fi
if [ "${COLLSWEEP_ENABLE_CUDA:-ON}" != "OFF" ] && [ -x /usr/local/cuda/bin/nvcc ] && ! command -v nvcc >/dev/null; then
  args+=(-DCMAKE_CUDA_COMPILER=/usr/local/cuda/bin/nvcc)
fi
cmake "${args[@]}" "$@" >/dev/null
read -r -a targets <<<"${BUILD_TARGET:-collsweep}"
cmake --build "$build_dir" -j "$(nproc)" --target "${targets[@]}"
