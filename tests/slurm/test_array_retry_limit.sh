#!/bin/bash
# A task stopped again after SWEEP_MAX_RESTARTS requeues is not requeued once more: it fails (exit 138, its
# checkpoint kept), so a task that never gets to finish does not loop; and a task that cannot be requeued
# (scontrol refuses, e.g. after scancel) fails with the stop's status, saying how to continue it.
# CTest: slow (sweeps of a few seconds)
. "$(dirname "$0")/lib.sh"
write_config sweep.toml 20_000_000
settings=(SWEEP_SHARDS=2 SWEEP_CHECKPOINT_EVERY=0.2 SWEEP_MAX_RESTARTS=3 SWEEP_RUN_OPTIONS=--backend=cpu)

# shellcheck disable=SC2046  # array_env gives words
start_job task1 $(array_env 1 2 3) "${settings[@]}" -- "$scripts/array.sbatch"
wait_for_file shards/1/collsweep.state
kill -USR1 "$job_pid"
wait_job
expect_status 138 "a task stopped after SWEEP_MAX_RESTARTS requeues"
expect_output task1 "after 3 requeues, SWEEP_MAX_RESTARTS: not requeued; its checkpoint is kept"
expect_no_call "^(scontrol|sbatch)"
[ -f shards/1/collsweep.state ] || fail "no checkpoint kept"

# One requeue fewer: requeued, but scontrol refuses.
forget_calls
# shellcheck disable=SC2046
start_job task1-refused $(array_env 1 2 2) SLURM_STANDIN_SCONTROL_EXIT=1 "${settings[@]}" -- \
  "$scripts/array.sbatch"
wait_for_new_checkpoint shards/1
kill -USR1 "$job_pid"
wait_job
expect_status 138 "a task that could not be requeued"
expect_call "^scontrol requeue 3001$"
expect_output task1-refused "could not be requeued; continue it with: .*submit-array.sh 1"
pass "array task: no requeue past SWEEP_MAX_RESTARTS, nor when scontrol refuses"
