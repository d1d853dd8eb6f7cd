#!/usr/bin/env bash
# The GPU check on a GPU machine, `bash scripts/gpu-check.sh [BUILD]`: GPU tests, GPU-vs-CPU validation, CUDA
# runs and the benchmarks, written to $OUT (docs/gpu.md, 'The GPU check on your GPU machine').
set -uo pipefail
cd "$(dirname "$0")/.."

build=${1:-.gpu}
# scripts/gpu-prepare.sh stages the build as one tarball (it travels compressed).
# (xz-compressed; Python's tarfile unpacks it where the machine has no xz)
if [ -f "$build/bundle.txz" ] && [ ! -x "$build/collsweep" ]; then
  tar xJf "$build/bundle.txz" -C "$build" 2>/dev/null ||
    python3 -c 'import sys, tarfile; tarfile.open(sys.argv[1]).extractall(sys.argv[2])' "$build/bundle.txz" "$build"
fi
if [ ! -x "$build/collsweep" ]; then
  echo "gpu-check: no staged build in $build; building with CUDA here"
  BUILD_TARGET=all BUILD_DIR=build-gpu COLLSWEEP_ENABLE_CUDA=ON bash scripts/build.sh || exit 1
  build=build-gpu
fi
gpu=$(nvidia-smi --query-gpu=name --format=csv,noheader 2>/dev/null | head -1 | tr ' ' '-' || true)
out=${OUT:-bench/results/$(date -u +%F)-${gpu:-no-gpu}}
mkdir -p "$out"
export LD_LIBRARY_PATH="$PWD/$build/lib:${LD_LIBRARY_PATH:-}"
export COLLSWEEP_BINARY="$PWD/$build/collsweep" COLLSWEEP_SOURCE_DIR="$PWD"
# The GPU image's python3 (a venv) carries matplotlib; Debian's /usr/bin/python3 may not be there.
if command -v python3 >/dev/null && python3 -c 'import matplotlib' 2>/dev/null; then export COLLSWEEP_PYTHON=$(command -v python3); fi
log="$out/gpu-check.log"
: >"$log"
say() { echo "$*" | tee -a "$log"; }
step() {  # step NAME TIMEOUT CMD...: runs one step, records its status, never stops the script
  local name=$1 limit=$2
  shift 2
  say "== $name: $*"
  local t0=$SECONDS
  timeout "$limit" "$@" >>"$log" 2>&1
  local rc=$?
  say "== $name: exit $rc in $((SECONDS - t0)) s"
  echo "$name $rc" >>"$out/status.txt"
  return $rc
}
: >"$out/status.txt"
finish() {  # the summary; GPU_CHECK_PACK=1 leaves one results.tgz in $out instead of the files (for tools
  # that bring back only a few files; unpack it into bench/results/<date>-<gpu>/ to commit); exit 0 when every
  # step passed
  say "== summary (step exit):"
  tee -a "$log" <"$out/status.txt"
  local failed
  failed=$(grep -cv ' 0$' "$out/status.txt")
  if [ "${GPU_CHECK_PACK:-0}" = 1 ]; then
    tar czf /tmp/gpu-check-results.tgz -C "$out" . && find "$out" -mindepth 1 -delete &&
      mv /tmp/gpu-check-results.tgz "$out/results.tgz"
  fi
  [ "$failed" = 0 ]
  exit
}

say "date: $(date -u +%FT%TZ)"
say "git: $(git describe --always --dirty 2>/dev/null || echo unknown)"
nvidia-smi >"$out/nvidia-smi.txt" 2>&1 || say "nvidia-smi failed"
say "gpu: ${gpu:-none}; cpu: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2)"

# GPU_CHECK_ONLY=billion: only `collsweep validate` of one config per family on VALIDATE_SAMPLES samples
# (default 1e9) from VALIDATE_FIRST (default 0), each config its own step of at most VALIDATE_LIMIT seconds
# (default 590); VALIDATE_CONFIGS (default: all four below) picks which ones run in this call, an entry
# config=N with its own sample count (the CPU reference bounds the time: a spatial sample costs it far more).
if [ "${GPU_CHECK_ONLY:-}" = billion ]; then
  for item in ${VALIDATE_CONFIGS:-quickstart glocker_two_contacts glocker_one_to_four_contacts spatial_quickstart}; do
    config=${item%%=*}
    samples=${VALIDATE_SAMPLES:-1e9}
    [ "$item" != "$config" ] && samples=${item#*=}
    step "validate-$config-$samples" "${VALIDATE_LIMIT:-590}" "$build/collsweep" validate "configs/$config.toml" \
      --samples "$samples" --first "${VALIDATE_FIRST:-0}"
  done
  tee -a "$log" <"$out/status.txt"
  if grep -qv ' 0$' "$out/status.txt"; then exit 1; fi
  exit 0
fi
# GPU_CHECK_ONLY=profile: only step 7 (the profiles), for a second call on a machine already checked.
if [ "${GPU_CHECK_ONLY:-}" != profile ]; then
# Most telling first, so a run cut short still leaves the GPU-vs-CPU results.
# 1. The GPU tests (GPU against CPU, per sample and per tally word); XML reports go to $out.
gtest() { step "$(basename "$1")" "$2" "$1" --gtest_brief=1 --gtest_output="xml:$out/$(basename "$1").xml"; }
for t in "$build"/tests/test_gpu_*; do
  [ -x "$t" ] && gtest "$t" 240
done
# 2. GPU against CPU, sample by sample, on 20 million samples of the quickstart sweep.
step validate 150 "$build/collsweep" validate configs/quickstart.toml --samples 20000000
# 3. The main job on the GPU.
step run-quickstart-cuda 120 "$build/collsweep" run configs/quickstart.toml --backend cuda --out "$out/quickstart-cuda" \
  --force --quiet --no-plot
# 3b. Multi-contact plans of k = 1 ... 4 (the kernels built with every k): GPU against CPU per sample, and
#     the map and witnesses of a GPU run byte-identical to a CPU run of the same config.
step validate-one-to-four 150 "$build/collsweep" validate configs/glocker_one_to_four_contacts.toml --samples 400000
# 3c. The spatial family per sample, bit for bit: every input and every outcome field of its four laws.
step validate-spatial 150 "$build/collsweep" validate configs/spatial_quickstart.toml --samples 10000000
step run-one-to-four-cuda 120 "$build/collsweep" run configs/glocker_one_to_four_contacts.toml --backend cuda \
  --out "$out/one-to-four-cuda" --force --quiet --no-plot
step run-one-to-four-cpu 120 "$build/collsweep" run configs/glocker_one_to_four_contacts.toml --backend cpu \
  --out "$out/one-to-four-cpu" --force --quiet --no-plot
step one-to-four-same-bytes 10 bash -c "cmp '$out/one-to-four-cuda/map.csv' '$out/one-to-four-cpu/map.csv' &&
  cmp '$out/one-to-four-cuda/witnesses.csv' '$out/one-to-four-cpu/witnesses.csv'"
# 4. Benchmarks (JSON for the record, console summary in the log): the GPU ones first.
bench() {  # bench LABEL COMMAND...: the benchmark options follow the command's own arguments
  local label=$1
  shift
  step "$label" 200 "$@" --benchmark_min_time=0.5 --benchmark_out="$out/$label.json" --benchmark_out_format=json
}
if [ -x "$build/bench/bench_sweep" ]; then
  bench bench_sweep-cuda "$build/bench/bench_sweep" --benchmark_filter=^sweep/cuda
  bench bench_sweep-cpu "$build/bench/bench_sweep" --benchmark_filter=^sweep/cpu
  # Steady state: each kernel launched until 10^10 samples or 10 s of kernel time.
  bench bench_sweep-steady "$build/bench/bench_sweep" --benchmark_filter=^steady/
fi
[ -x "$build/bench/bench_planar_laws" ] && bench bench_planar_laws "$build/bench/bench_planar_laws"
# collsweep fit's law evaluations on one core, every core and the GPU (the repository's data sets).
[ -x "$build/bench/bench_fit" ] && bench bench_fit "$build/bench/bench_fit"
# Two-contact Poisson impacts on the same problems: ours on one core and on the GPU, Siconos's Lemke on one
# core. A staged build carries Siconos's libraries and Debian's loader (gpu-prepare.sh) and runs through it.
if [ -x "$build/bench/bench_lcp_siconos" ]; then
  if [ -x "$build/siconos/ld-linux.so" ]; then
    bench bench_lcp_siconos env OPENBLAS_NUM_THREADS=1 "$build/siconos/ld-linux.so" --library-path \
      "$build/siconos:$build/lib" "$build/bench/bench_lcp_siconos"
  else
    bench bench_lcp_siconos "$build/bench/bench_lcp_siconos"
  fi
fi
# 5. The other staged test programs (sample bits, determinism, the CLI end to end) on this machine.
for t in "$build"/tests/test_*; do
  case "$(basename "$t")" in test_gpu_*) continue ;; esac
  [ -x "$t" ] && gtest "$t" 120
done
# 6. compute-sanitizer on short GPU tests (memory errors, races in the shared-memory tallies).
if command -v compute-sanitizer >/dev/null; then
  step sanitizer-memcheck 120 compute-sanitizer --tool memcheck --error-exitcode 9 \
    "$build/tests/test_gpu_backend" --gtest_filter='*OnDeviceSamples*:*PlanarLaws*'
  step sanitizer-racecheck 120 compute-sanitizer --tool racecheck --error-exitcode 9 \
    "$build/tests/test_gpu_backend" --gtest_filter='*LargeMaps*'
  # The multi-contact sweeps (both kernels: k <= 2 and every k) with their shared-memory tallies and witnesses.
  step sanitizer-memcheck-multicontact 150 compute-sanitizer --tool memcheck --error-exitcode 9 \
    "$build/tests/test_gpu_backend" --gtest_filter='*MultiContactSweepTally*:*OneToFourContactSweepTally*'
  [ -x "$build/tests/test_gpu_spatial" ] && step sanitizer-memcheck-spatial 150 compute-sanitizer --tool memcheck \
    --error-exitcode 9 "$build/tests/test_gpu_spatial" --gtest_filter='*LawsOnGiven*:*ItemsInSmallBatches*'
  step sanitizer-racecheck-multicontact 150 compute-sanitizer --tool racecheck --error-exitcode 9 \
    "$build/tests/test_gpu_backend" --gtest_filter='*MultiContactSweepTally*:*OneToFourContactSweepTally*'
fi
fi  # (GPU_CHECK_ONLY)
# 7. Optional (GPU_CHECK_PROFILE=1): Nsight Compute on one launch of every sweep kernel (planar one-law
#    stronge, planar four laws, multi-contact k <= 2 and k <= 4, spatial stronge-3d): speed of light, the FP64 roofline, pipe
#    utilisation, instruction counts, occupancy and warp stalls, for the roofline table of
#    bench/results/<run>/roofline.md.
#    GPU_CHECK_SOURCE=1 adds per-source-line counters for the stronge kernel (kernels are built with -lineinfo).
profile() {  # profile NAME FILTER [KERNEL]: the first KERNEL (default sweep_kernel) that bench_sweep's FILTER
  local name=$1 filter=$2 kernel=${3:-sweep_kernel}  # (a name prefix) launches
  local sections=(--section SpeedOfLight --section SpeedOfLight_RooflineChart --section ComputeWorkloadAnalysis
    --section InstructionStats --section Occupancy --section WarpStateStats --section LaunchStats
    --section MemoryWorkloadAnalysis)
  local metrics=smsp__sass_thread_inst_executed_op_dadd_pred_on.sum,smsp__sass_thread_inst_executed_op_dmul_pred_on.sum
  metrics+=,smsp__sass_thread_inst_executed_op_dfma_pred_on.sum,smsp__sass_thread_inst_executed_op_integer_pred_on.sum
  metrics+=,sm__inst_executed_pipe_fp64.avg.pct_of_peak_sustained_active,sm__inst_executed_pipe_alu.avg.pct_of_peak_sustained_active
  metrics+=,sm__inst_executed_pipe_fma.avg.pct_of_peak_sustained_active,smsp__thread_inst_executed.sum
  local source=()
  [ "${GPU_CHECK_SOURCE:-0}" = 1 ] && [ "$name" = stronge ] && source=(--section SourceCounters --import-source yes)
  local run=(ncu --set none "${sections[@]}" "${source[@]}" -k "regex:$kernel" -c 1 -f -o "$out/ncu-$name")
  # A metric this ncu lacks fails the whole profile: then profile again with the sections alone.
  step "ncu-$name" 200 "${run[@]}" --metrics "$metrics" "$build/bench/bench_sweep" --benchmark_filter="$filter" ||
    step "ncu-$name-sections" 200 "${run[@]}" "$build/bench/bench_sweep" --benchmark_filter="$filter"
  ncu --import "$out/ncu-$name.ncu-rep" --print-details all >"$out/ncu-$name.txt" 2>&1 ||
    ncu --import "$out/ncu-$name.ncu-rep" >"$out/ncu-$name.txt" 2>&1
  [ ${#source[@]} -gt 0 ] && ncu --import "$out/ncu-$name.ncu-rep" --page source --csv --print-source cuda \
    >"$out/ncu-$name-source.csv" 2>&1
  rm -f "$out/ncu-$name.ncu-rep"  # large; the text holds what the docs cite
}
if [ "${GPU_CHECK_PROFILE:-0}" = 1 ] && command -v ncu >/dev/null && [ -x "$build/bench/bench_sweep" ]; then
  profile stronge '^sweep/cuda/stronge/'
  profile all-laws '^sweep/cuda/all-laws/'
  profile poisson-lcp-k2 '^sweep/cuda/poisson-lcp-k2/'
  profile poisson-lcp-k4 '^sweep/cuda/poisson-lcp-k4/'
  # 2^18 samples (the 2^22 of sweep/ outran the step's limit): the Routh items' kernel, where the time goes.
  profile stronge-3d '^profile/cuda/stronge-3d' routh_items_kernel
fi
finish
