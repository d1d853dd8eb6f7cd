#!/bin/bash
# A requeued task whose checkpoint is corrupt: collsweep refuses it (exit 2), and the task fails at once,
# without a requeue: no endless loop of requeues.
. "$(dirname "$0")/lib.sh"
write_config sweep.toml 300_000
mkdir -p shards/1
head -c 4096 /dev/urandom >shards/1/collsweep.state

# shellcheck disable=SC2046  # array_env gives words
run_job task1 $(array_env 1 2 1) SWEEP_SHARDS=2 -- "$scripts/array.sbatch"
expect_status 2 "a task with a corrupt checkpoint"
expect_call "^srun .* run --resume shards/1 "
expect_output task1 "collsweep.state"
expect_output task1 "failed \(exit 2\): not requeued"
expect_no_call "^(scontrol|sbatch)"
[ -f shards/1/collsweep.state ] || fail "the corrupt checkpoint was removed"
pass "array task: a corrupt checkpoint ends it with exit 2, not requeued"
