#!/bin/bash
# array.sbatch at the time limit's warning (--signal=B:USR1@…, to the batch shell alone): the shard
# checkpoints, the task requeues itself (scontrol requeue) and exits 0; the requeued task resumes the shard
# and finishes it, and the merged shards are the bytes of an uninterrupted run.
# CTest: slow (sweeps of a few seconds)
. "$(dirname "$0")/lib.sh"
write_config sweep.toml 20_000_000
reference_run sweep.toml whole
settings=(SWEEP_SHARDS=2 SWEEP_CHECKPOINT_EVERY=0.2 SWEEP_RUN_OPTIONS=--backend=cpu)

# shellcheck disable=SC2046  # array_env gives words
start_job task1 $(array_env 1 2) "${settings[@]}" -- "$scripts/array.sbatch"
wait_for_file shards/1/collsweep.state
kill -USR1 "$job_pid"
wait_job
expect_status 0 "a task stopped at the time limit's warning"
expect_output task1 "checkpoint written"
expect_output task1 "requeued"
expect_call "^srun --ntasks=1 --nodes=1 --cpus-per-task=1 --gpus-per-task=1 .* run sweep.toml --shard 1/2 "
expect_call "^srun .* --out shards/1 .*--threads 1 "
expect_call "^scontrol requeue 3001$"
[ -f shards/1/collsweep.state ] || fail "no checkpoint after the stop"

resume_task1_and_merge
pass "array task: time limit warning, checkpoint, requeue, resume, same bytes"
