#!/bin/bash
# A task killed (SIGKILL: a node failure, the limit's kill) before or during its first checkpoint leaves no
# collsweep.state, only its lock file and the temporary checkpoint of a write cut short: the requeued task
# starts the shard again (there is no collsweep.state) and the merge gives an uninterrupted run's bytes.
# CTest: slow (sweeps of a few seconds)
. "$(dirname "$0")/lib.sh"
write_config sweep.toml 10_000_000
reference_run sweep.toml whole
settings=(SWEEP_SHARDS=2 SWEEP_RUN_OPTIONS=--backend=cpu)

# shellcheck disable=SC2046  # array_env gives words
start_job task1 $(array_env 1 2) SWEEP_CHECKPOINT_EVERY=600 "${settings[@]}" -- "$scripts/array.sbatch"
wait_for_file shards/1/collsweep.lock
kill_job
[ -f shards/1/collsweep.state ] && fail "a checkpoint was written before the kill"
head -c 1000 /dev/urandom >shards/1/collsweep.state.tmp # the first checkpoint's write, cut short

forget_calls
# shellcheck disable=SC2046
run_job task1 $(array_env 1 2 1) SWEEP_CHECKPOINT_EVERY=0.2 "${settings[@]}" -- "$scripts/array.sbatch"
expect_status 0 "the requeued task after a kill"
expect_call "^srun .* run sweep.toml --shard 1/2 --out shards/1 "
# shellcheck disable=SC2046
run_job task2 $(array_env 2 2) SWEEP_CHECKPOINT_EVERY=0.2 "${settings[@]}" -- "$scripts/array.sbatch"
expect_status 0 "task 2"
run_merge 2
expect_same_results whole merged
pass "array task killed before its first checkpoint: the requeued task starts it again"
