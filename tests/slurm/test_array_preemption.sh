#!/bin/bash
# array.sbatch under scancel or preemption: SLURM sends SIGTERM to the batch shell and to every process of
# the step, and the shell passes one more on; the run takes them as one request, checkpoints and exits 143,
# the task requeues itself and exits 0; the requeued task resumes to the bytes of an uninterrupted run.
# CTest: slow (sweeps of a few seconds)
. "$(dirname "$0")/lib.sh"
write_config sweep.toml 20_000_000
reference_run sweep.toml whole
settings=(SWEEP_SHARDS=2 SWEEP_CHECKPOINT_EVERY=0.2 SWEEP_RUN_OPTIONS=--backend=cpu)

# shellcheck disable=SC2046  # array_env gives words
start_job task1 $(array_env 1 2) "${settings[@]}" -- "$scripts/array.sbatch"
wait_for_file shards/1/collsweep.state
kill -TERM -- "-$job_pid" # the batch shell and the step (srun, here the run itself)
wait_job
expect_status 0 "a task stopped by SIGTERM"
expect_output task1 "SIGTERM: the run checkpoints and stops"
expect_output task1 "interrupted \(SIGTERM\) after [0-9]+ of 10000000 samples; checkpoint written"
expect_output task1 "stopped \(exit 143\) with a checkpoint: requeued"
expect_call "^scontrol requeue 3001$"

resume_task1_and_merge
pass "array task: double SIGTERM, one checkpoint, requeue, resume, same bytes"
