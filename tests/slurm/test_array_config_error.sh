#!/bin/bash
# A config error (exit 2) is not a stop: the task fails with that status at once and is not requeued; nor is
# a task that is not a shard of the sweep (--array beyond SWEEP_SHARDS) started.
. "$(dirname "$0")/lib.sh"
write_config sweep.toml 300_000
sed -i 's/"stronge"/"no-such-law"/' sweep.toml

# shellcheck disable=SC2046  # array_env gives words
run_job task1 $(array_env 1 2) SWEEP_SHARDS=2 -- "$scripts/array.sbatch"
expect_status 2 "a task with a config error"
expect_output task1 "no-such-law"
expect_output task1 "failed \(exit 2\): not requeued"
expect_call "^srun "
expect_no_call "^(scontrol|sbatch)"

forget_calls
# shellcheck disable=SC2046
run_job task3 $(array_env 3 3) SWEEP_SHARDS=2 -- "$scripts/array.sbatch"
expect_status 2 "a task beyond SWEEP_SHARDS"
expect_output task3 "not a shard of 1..2"
expect_no_call "^(srun|scontrol|sbatch)"
pass "array task: a config error ends it with exit 2, not requeued"
