#!/usr/bin/env bash
# The host code and the CPU tests under AddressSanitizer and UndefinedBehaviorSanitizer (no recovery: the first
# finding fails its test), then the whole CPU suite and the fuzz corpora (docs/validation.md, "Sanitizers").
# Builds in ${SANITIZE_BUILD_DIR:-build-sanitize} with g++ (-O1 -g); extra arguments go to ctest (e.g. -L fast).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh >/dev/null

build_dir=${SANITIZE_BUILD_DIR:-build-sanitize}
flags="-O1 -g -fno-omit-frame-pointer -fsanitize=address,undefined -fno-sanitize-recover=all"
# Without CUDA (device code is not instrumented), MPI (OpenMPI's own allocations would be reported as leaks),
# the Python module (its interpreter would need libasan preloaded) and the benchmarks.
cmake -S . -B "$build_dir" -DCMAKE_BUILD_TYPE=RelWithDebInfo "-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=$flags" \
  "-DCMAKE_EXE_LINKER_FLAGS=-fsanitize=address,undefined" "-DCMAKE_SHARED_LINKER_FLAGS=-fsanitize=address,undefined" \
  -DCOLLSWEEP_ENABLE_CUDA=OFF -DCOLLSWEEP_ENABLE_MPI=OFF -DCOLLSWEEP_BUILD_PYTHON=OFF \
  -DCOLLSWEEP_BUILD_BENCH=OFF -DCOLLSWEEP_TEST_TIMEOUT_FACTOR=6 >/dev/null
cmake --build "$build_dir" -j "$(nproc)"

# Every finding ends its process with an error (a leak included), and the report names the file and line;
# the time limits are six times the usual ones (the sanitizers' slowdown).
export ASAN_OPTIONS=detect_leaks=1:abort_on_error=0:halt_on_error=1:strict_string_checks=1:detect_stack_use_after_return=1
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
export LSAN_OPTIONS="suppressions=$PWD/scripts/sanitize.supp"  # leaks of other libraries (the file says which)
started=$(date +%s)
status=0
ctest --test-dir "$build_dir" --output-on-failure -j "$(nproc)" -LE "python|gpu" "$@" || status=$?
echo "scripts/sanitize.sh: ASan + UBSan, $(($(date +%s) - started)) s of tests, exit $status" \
  "($(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), $(nproc) cores)"
exit "$status"
