#!/bin/bash
# A part of the array submitted again (submit-array.sh 2, i.e. --array=2): SLURM_ARRAY_TASK_COUNT is 1 there,
# yet the task runs --shard 2/3 of the whole sweep, and the merge after it joins all three shards.
. "$(dirname "$0")/lib.sh"
write_config sweep.toml 300_000
reference_run sweep.toml whole
settings=(SWEEP_SHARDS=3 SWEEP_CHECKPOINT_EVERY=1 SWEEP_RUN_OPTIONS=--backend=cpu SWEEP_OUT=merged
  SWEEP_MERGE_OPTIONS="--no-plot --quiet")
env "${settings[@]}" bash "$scripts/submit-array.sh" >submit.out 2>&1 ||
  fail "submit-array.sh: $(cat submit.out)"
expect_call "^sbatch --parsable --array=1-3 .*/array.sbatch$"

# Tasks 1 and 3 of the array ran; task 2 did not (a node failure, a task cancelled by hand).
for task in 1 3; do
  # shellcheck disable=SC2046  # array_env gives words
  run_job "task$task" @job-1001.env $(array_env "$task" 3) -- "$scripts/array.sbatch"
  expect_status 0 "task $task"
done
forget_calls
env "${settings[@]}" bash "$scripts/submit-array.sh" 2 >>submit.out 2>&1 ||
  fail "submit-array.sh 2: $(cat submit.out)"
expect_call "^sbatch --parsable --array=2 .*/array.sbatch$"
expect_call "^sbatch --parsable --dependency=afterok:1003 .*/merge.sbatch$"
# shellcheck disable=SC2046
run_job task2 @job-1003.env $(array_env 2 1) -- "$scripts/array.sbatch"
expect_status 0 "the task submitted again"
expect_call "^srun .* run sweep.toml --shard 2/3 --out shards/2 "
run_job merge @job-1004.env -- "$scripts/merge.sbatch"
expect_status 0 "the merge after the task submitted again"
expect_same_results whole merged

# A task submitted with another number of shards is refused before it runs.
forget_calls
# shellcheck disable=SC2046
run_job task2-again SWEEP_SHARDS=4 $(array_env 2 1) -- "$scripts/array.sbatch"
expect_status 2 "a task of another SWEEP_SHARDS"
expect_output task2-again "holds a sweep in 3 shards"
expect_no_call "^srun"
pass "array: a task submitted alone keeps --shard 2/3; the merge joins every shard"
