#!/bin/bash
# submit-array.sh submits the array (one task per shard) and the merge after every task has succeeded
# (--dependency=afterok:ARRAY), with a memory request; once the tasks have run, the merge job writes the
# run folder of an uninterrupted run, byte for byte; a merge before every shard is done fails (exit 2).
. "$(dirname "$0")/lib.sh"
write_config sweep.toml 600_000
reference_run sweep.toml whole
env SWEEP_SHARDS=4 SWEEP_OUT=merged SWEEP_MERGE_OPTIONS="--no-plot --quiet" SWEEP_RUN_OPTIONS=--backend=cpu \
  SWEEP_MERGE_MEM=2G bash "$scripts/submit-array.sh" >submit.out 2>&1 ||
  fail "submit-array.sh: $(cat submit.out)"
expect_call "^sbatch --parsable --array=1-4 .*/array.sbatch$"
expect_call "^sbatch --parsable --dependency=afterok:1001 --mem=2G .*/merge.sbatch$"
grep -q "^#SBATCH --mem=" "$scripts/merge.sbatch" || fail "merge.sbatch has no memory request"
grep -qx "SWEEP_SHARDS=4" job-1002.env || fail "the merge job does not get SWEEP_SHARDS=4"

for task in 1 2 3; do
  # shellcheck disable=SC2046  # array_env gives words
  run_job "task$task" @job-1001.env $(array_env "$task" 4) -- "$scripts/array.sbatch"
  expect_status 0 "task $task"
done
run_job merge-early @job-1002.env -- "$scripts/merge.sbatch"
expect_status 2 "a merge without shard 4"
# shellcheck disable=SC2046
run_job task4 @job-1001.env $(array_env 4 4) -- "$scripts/array.sbatch"
expect_status 0 "task 4"
run_job merge @job-1002.env SLURM_MEM_PER_NODE=2048 -- "$scripts/merge.sbatch"
expect_status 0 "the merge"
expect_same_results whole merged
pass "array: the merge after every task gives the uninterrupted run's bytes"
