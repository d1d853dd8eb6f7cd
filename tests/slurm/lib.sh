# Sourced by tests/slurm/test_*.sh: the batch scripts of scripts/slurm/ run as SLURM would run them, with
# the stand-ins of tests/slurm/bin/ (srun, sbatch, scontrol) first on PATH and logging their calls, in a
# fresh folder. A test starts a job (its batch shell in a process group of its own), signals it as SLURM
# does, and runs a requeued or resubmitted job again itself. COLLSWEEP_BINARY: the collsweep program.
# shellcheck shell=bash
set -uo pipefail

: "${COLLSWEEP_BINARY:?the collsweep program to test (CTest sets it)}"
slurm_tests=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
# shellcheck disable=SC2034  # the tests' own
scripts=$(cd "$slurm_tests/../../scripts/slurm" && pwd)
# No variables of a real job, or of a user's settings, reach the scripts.
for v in $(compgen -e); do case $v in SLURM_* | SWEEP_* | OMPI_MCA_*) unset "$v" ;; esac done
work=$(mktemp -d "${TMPDIR:-/tmp}/collsweep-slurm.XXXXXX")
export SLURM_STANDIN_LOG=$work/calls.log SLURM_STANDIN_DIR=$work
export PATH=$slurm_tests/bin:$PATH COLLSWEEP=$COLLSWEEP_BINARY
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
: >"$SLURM_STANDIN_LOG"
cd "$work" || exit 1

started_jobs=()
cleanup() {
  local p
  for p in ${started_jobs[@]+"${started_jobs[@]}"}; do kill -KILL -- "-$p" 2>/dev/null; done
  if [ -n "${KEEP_SLURM_TEST_FOLDER:-}" ]; then echo "kept: $work" >&2; else cd / && rm -rf "$work"; fi
}
trap cleanup EXIT

# Says what failed, shows the jobs' output and the stand-ins' calls, and ends the test.
fail() {
  local f
  echo "FAIL: $*" >&2
  for f in "$work"/*.out; do
    [ -f "$f" ] && { echo "---- ${f##*/}" && cat "$f"; } >&2
  done
  { echo "---- the stand-ins' calls" && cat "$SLURM_STANDIN_LOG"; } >&2
  exit 1
}
pass() {
  echo "PASS: $*"
  exit 0
}

# A planar sweep config of SAMPLES samples, two laws on a 6 x 4 map: 2e7 samples are about 2.5 s of one
# core, 3e5 a moment.
write_config() { # FILE SAMPLES
  cat >"$1" <<EOF
[run]
name = "slurm-test"
seed = 7
samples = $2
laws = ["newton", "stronge"]
witnesses = 5

[matrix]
kind = "direct"
log10_cond = { dist = "uniform", lo = 0.0, hi = 3.0 }

[approach]
theta_deg = { dist = "uniform", lo = 0.0, hi = 90.0 }

[parameters]
mu = { dist = "uniform", lo = 0.0, hi = 1.5 }
e = { dist = "uniform", lo = 0.0, hi = 1.0 }

[map]
x = { quantity = "theta", lo = 0.0, hi = 90.0, bins = 6 }
y = { quantity = "mu", lo = 0.0, hi = 1.5, bins = 4 }
EOF
}

# An uninterrupted run of CONFIG into DIR, the bytes the scripts' runs must give.
reference_run() { # CONFIG DIR
  "$COLLSWEEP_BINARY" run "$1" --out "$2" --checkpoint-every 0 --threads 2 --no-plot --quiet \
    >/dev/null 2>&1 || fail "the reference run of $1 failed"
}

# Whether run folders A and B hold the same results, byte for byte.
expect_same_results() { # A B
  local f
  for f in map.csv witnesses.csv samples.npy; do
    [ -f "$1/$f" ] || [ "$f" = samples.npy ] || fail "$1/$f is missing"
    [ -f "$1/$f" ] || continue
    cmp -s "$1/$f" "$2/$f" || fail "$2/$f differs from the uninterrupted run's $1/$f"
  done
}

# start_job NAME [VAR=VALUE | @job-ID.env ...] -- SCRIPT [ARGS...]: runs the batch script as a job in the
# background (its output in NAME.out) with those variables (@job-ID.env: a submission's settings, as sbatch
# would pass them on); job_pid is its batch shell and the process group of the job.
start_job() {
  local name=$1 envs=() line
  shift
  while [ "$1" != -- ]; do
    if [[ $1 == @* ]]; then
      [ -f "${1#@}" ] || fail "no submission ${1#@}"
      while IFS= read -r line; do envs+=("$line"); done <"${1#@}"
    else
      envs+=("$1")
    fi
    shift
  done
  shift
  : >"$work/started"
  set -m # the job in a process group of its own, as a batch shell and its step are
  env ${envs[@]+"${envs[@]}"} bash "$@" >>"$work/$name.out" 2>&1 &
  job_pid=$!
  set +m
  mv "$work/started" "$work/$job_pid.started"
  started_jobs+=("$job_pid")
}

# Waits (at most 60 s) for the job to end; job_status is its exit status.
wait_job() {
  local deadline=$((SECONDS + 60))
  while kill -0 "$job_pid" 2>/dev/null; do
    ((SECONDS < deadline)) || fail "the job (pid $job_pid) still runs after 60 s"
    sleep 0.05
  done
  wait "$job_pid"
  job_status=$?
}

# Kills the job, its batch shell and its step, with SIGKILL (a node failure, the scheduler's last word).
kill_job() {
  {
    kill -KILL -- "-$job_pid"
    wait "$job_pid"
  } 2>/dev/null # (without bash's note of a killed job)
  job_status=$?
}

# run_job NAME [VAR=VALUE...] -- SCRIPT [ARGS...]: start_job, then wait_job.
run_job() {
  start_job "$@"
  wait_job
}

# Waits (at most TIMEOUT s, default 30) for PATH to appear while the job runs.
wait_for_file() { # PATH [TIMEOUT]
  local deadline=$((SECONDS + ${2:-30}))
  until [ -e "$1" ]; do
    kill -0 "$job_pid" 2>/dev/null || fail "the job ended before $1 appeared"
    ((SECONDS < deadline)) || fail "$1 did not appear within ${2:-30} s"
    sleep 0.02
  done
}

# Waits (at most 30 s) for a checkpoint newer than the job's start: a resumed run's sweep under way.
wait_for_new_checkpoint() { # DIR
  local deadline=$((SECONDS + 30))
  until [ "$1/collsweep.state" -nt "$work/$job_pid.started" ]; do
    kill -0 "$job_pid" 2>/dev/null || fail "the job ended before it wrote a checkpoint in $1"
    ((SECONDS < deadline)) || fail "no new checkpoint in $1 within 30 s"
    sleep 0.02
  done
}

expect_status() { # STATUS WHAT
  [ "$job_status" = "$1" ] || fail "$2: exit status $job_status, not $1"
}
expect_call() { # REGEX: a stand-in call the scripts made
  grep -qE -- "$1" "$SLURM_STANDIN_LOG" || fail "no call matching '$1'"
}
expect_no_call() { # REGEX
  ! grep -qE -- "$1" "$SLURM_STANDIN_LOG" ||
    fail "an unexpected call matching '$1': $(grep -E -- "$1" "$SLURM_STANDIN_LOG")"
}
expect_output() { # NAME REGEX: in the job's output
  grep -qE -- "$2" "$work/$1.out" || fail "$1.out does not say '$2'"
}
forget_calls() { : >"$SLURM_STANDIN_LOG"; }

# The environment of array task TASK of an array of COUNT tasks (its RESTARTS-th requeue), as SLURM sets
# it for `--array=… --cpus-per-task=1 --gpus-per-task=1`.
array_env() { # TASK COUNT [RESTARTS]
  echo "SLURM_JOB_ID=$((3000 + $1)) SLURM_ARRAY_JOB_ID=3000 SLURM_ARRAY_TASK_ID=$1" \
    "SLURM_ARRAY_TASK_COUNT=$2 SLURM_CPUS_PER_TASK=1 SLURM_GPUS_PER_TASK=1 SLURM_RESTART_COUNT=${3:-0}"
}

# merge.sbatch of shards 1..N into the folder `merged`, which must succeed.
run_merge() { # N
  run_job merge SWEEP_SHARDS="$1" SWEEP_OUT=merged SWEEP_MERGE_OPTIONS="--no-plot --quiet" -- \
    "$scripts/merge.sbatch"
  expect_status 0 "the merge"
}

# After a stop of array task 1 of 2: the requeued task (SLURM_RESTART_COUNT=1) resumes without another requeue,
# task 2 runs whole, and their merge gives the uninterrupted run's bytes (the caller's `settings`, folder
# `whole`).
resume_task1_and_merge() {
  forget_calls
  # shellcheck disable=SC2046,SC2154  # settings: the caller's array
  run_job task1 $(array_env 1 2 1) "${settings[@]}" -- "$scripts/array.sbatch"
  expect_status 0 "the requeued task"
  expect_call "^srun .* run --resume shards/1 "
  expect_no_call "^(scontrol|sbatch)"
  # shellcheck disable=SC2046
  run_job task2 $(array_env 2 2) "${settings[@]}" -- "$scripts/array.sbatch"
  expect_status 0 "task 2"
  run_merge 2
  expect_same_results whole merged
}

# After a stop of long.sbatch: the resubmitted job (argument 1) resumes to the uninterrupted run's bytes
# (folder `whole`) without resubmitting again.
resume_long_job() {
  forget_calls
  run_job long SLURM_JOB_ID=1001 SLURM_CPUS_PER_TASK=1 @job-1001.env -- "$scripts/long.sbatch" 1
  expect_status 0 "the resubmitted job"
  expect_call "^srun .* run --resume runs/long "
  expect_no_call "^(sbatch|scontrol)"
  expect_same_results whole runs/long
}
