#!/usr/bin/env bash
# Sets up, builds everything (the program, tests, benchmarks, the Python module) and runs the whole test suite
# (the README's second command; CI runs exactly this). Extra arguments go to cmake's configure step
# (scripts/build.sh). LABELS=fast (any CTest label regex: unit, golden, property, sweep, cli, gpu, python, slow)
# runs only those tests.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
BUILD_TARGET=all bash scripts/build.sh "$@"
ctest --test-dir "${BUILD_DIR:-build}" --output-on-failure -j "$(nproc)" ${LABELS:+-L "$LABELS"}
