#!/usr/bin/env bash
# libFuzzer targets of fuzz/ (clang, ASan, UBSan; fuzz/README.md). `--list` lists them; `TARGET SECONDS
# [--merge]` builds the target in ${FUZZ_BUILD_DIR:-build-fuzz}, fuzzes a copy of fuzz/corpus/TARGET for
# SECONDS and prints its executions, coverage and findings; --merge adds the inputs that reach new coverage
# to fuzz/corpus/TARGET (minimised with libFuzzer's -merge=1). Extra libFuzzer flags: FUZZ_FLAGS.
set -euo pipefail
cd "$(dirname "$0")/.."

targets=()
for f in fuzz/fuzz_*.cpp; do
  t=$(basename "$f" .cpp)
  targets+=("${t#fuzz_}")
done
usage() {
  echo "usage: scripts/fuzz.sh --list | TARGET SECONDS [--merge]   (targets: ${targets[*]})" >&2
  exit 2
}
[ $# -ge 1 ] || usage
if [ "$1" = "--list" ]; then
  printf '%s\n' "${targets[@]}"
  exit 0
fi
[ $# -ge 2 ] || usage
target=$1 seconds=$2 merge=${3:-}
[[ " ${targets[*]} " == *" $target "* ]] || { echo "scripts/fuzz.sh: no target '$target'" >&2; usage; }
[[ "$seconds" =~ ^[0-9]+$ ]] || usage
[ -z "$merge" ] || [ "$merge" = "--merge" ] || usage

build_dir=${FUZZ_BUILD_DIR:-build-fuzz}
# The fuzz build: clang with libFuzzer, ASan and UBSan on every object (CMakeLists.txt,
# COLLSWEEP_BUILD_FUZZERS), unoptimised (a short build; the readers are fast anyway), asserts off as in a
# release, only the CPU backend and no tests, benchmarks, Python module or MPI.
if [ ! -f "$build_dir/CMakeCache.txt" ]; then
  CC=clang CXX=clang++ cmake -S . -B "$build_dir" -DCMAKE_BUILD_TYPE=Release \
    "-DCMAKE_CXX_FLAGS_RELEASE=-O0 -DNDEBUG" -DCOLLSWEEP_BUILD_FUZZERS=ON -DCOLLSWEEP_BUILD_TESTS=OFF \
    -DCOLLSWEEP_BUILD_BENCH=OFF -DCOLLSWEEP_BUILD_PYTHON=OFF -DCOLLSWEEP_ENABLE_CUDA=OFF \
    -DCOLLSWEEP_ENABLE_MPI=OFF >/dev/null
fi
mkdir -p "$build_dir"
if ! cmake --build "$build_dir" -j "$(nproc)" --target "fuzz_$target" >"$build_dir/build_$target.log" 2>&1; then
  cat "$build_dir/build_$target.log" >&2
  exit 1
fi

work="$build_dir/corpus/$target" artifacts="$build_dir/artifacts/$target/" log="$build_dir/fuzz_$target.log"
mkdir -p "$work" "$artifacts"
cp -n fuzz/corpus/"$target"/* "$work"/
# -timeout: an input taking 10 s is a hang; -malloc_limit_mb/-rss_limit_mb: one that needs 2 GiB is an
# out-of-memory finding. Findings are written to $artifacts (crash-*, timeout-*, oom-*, leak-*).
set +e
"$build_dir/fuzz/fuzz_$target" "$work" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
  -malloc_limit_mb=2048 -print_final_stats=1 -artifact_prefix="$artifacts" ${FUZZ_FLAGS:-} >"$log" 2>&1
status=$?
set -e
done_line=$(grep -E '^#[0-9]+' "$log" | tail -1 || true)
execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
findings=$(find "$artifacts" -type f | wc -l)
echo "fuzz_$target: $seconds s, ${execs:-?} executions; last status: ${done_line:-none}; findings: $findings" \
  "(exit $status; log $log, artifacts $artifacts)"
if [ "$merge" = "--merge" ]; then
  "$build_dir/fuzz/fuzz_$target" -merge=1 -timeout=10 -rss_limit_mb=2048 -malloc_limit_mb=2048 \
    fuzz/corpus/"$target" "$work" >"$build_dir/merge_$target.log" 2>&1
  echo "merged into fuzz/corpus/$target: $(ls fuzz/corpus/"$target" | wc -l) inputs"
fi
exit "$status"
