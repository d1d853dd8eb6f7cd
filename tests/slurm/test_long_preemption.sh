#!/bin/bash
# long.sbatch under scancel or preemption: SIGTERM to the batch shell and to every process of the step,
# and one more passed on by the shell, are one request: the run checkpoints (exit 143), the job resubmits
# itself and exits 0, and the resubmitted job resumes to the bytes of an uninterrupted run.
# CTest: slow (sweeps of a few seconds)
. "$(dirname "$0")/lib.sh"
write_config sweep.toml 20_000_000
reference_run sweep.toml whole
settings=(SWEEP_DIR=runs/long SWEEP_CHECKPOINT_EVERY=0.2 SWEEP_RUN_OPTIONS="--backend=cpu --no-plot")

start_job long SLURM_JOB_ID=5000 SLURM_CPUS_PER_TASK=1 "${settings[@]}" -- "$scripts/long.sbatch"
wait_for_file runs/long/collsweep.state
kill -TERM -- "-$job_pid" # the batch shell and the step
wait_job
expect_status 0 "a job stopped by SIGTERM"
expect_output long "interrupted \(SIGTERM\) after [0-9]+ of 20000000 samples; checkpoint written"
expect_output long "stopped \(exit 143\) with a checkpoint: resubmitted"
expect_call "^sbatch --dependency=afterany:5000 .*/long.sbatch 1$"

resume_long_job
pass "long job: double SIGTERM, one checkpoint, resubmission, resume, same bytes"
