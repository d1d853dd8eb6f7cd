#!/bin/bash
# long.sbatch stopped again after SWEEP_MAX_RESTARTS resubmissions is not resubmitted once more (exit 143,
# checkpoint kept); stopped with SIGUSR2 (scancel --signal=USR2), a request to stop, it is not resubmitted
# either (exit 140); and when sbatch refuses the resubmission the job fails with the stop's status.
# CTest: slow (sweeps of a few seconds)
. "$(dirname "$0")/lib.sh"
write_config sweep.toml 20_000_000
settings=(SWEEP_DIR=runs/long SWEEP_CHECKPOINT_EVERY=0.2 SWEEP_MAX_RESTARTS=4
  SWEEP_RUN_OPTIONS="--backend=cpu --no-plot")

start_job limit SLURM_JOB_ID=5004 SLURM_CPUS_PER_TASK=1 "${settings[@]}" -- "$scripts/long.sbatch" 4
wait_for_file runs/long/collsweep.state
kill -TERM -- "-$job_pid"
wait_job
expect_status 143 "a job stopped after SWEEP_MAX_RESTARTS resubmissions"
expect_output limit "after 4 resubmissions, SWEEP_MAX_RESTARTS: not resubmitted; its checkpoint is kept"
expect_no_call "^(sbatch|scontrol)"

start_job usr2 SLURM_JOB_ID=5005 SLURM_CPUS_PER_TASK=1 "${settings[@]}" -- "$scripts/long.sbatch" 1
wait_for_new_checkpoint runs/long
kill -USR2 -- "-$job_pid"
wait_job
expect_status 140 "a job stopped on request (SIGUSR2)"
expect_output usr2 "stopped on request \(exit 140\); its checkpoint is kept"
expect_no_call "^(sbatch|scontrol)"

start_job refused SLURM_JOB_ID=5006 SLURM_CPUS_PER_TASK=1 SLURM_STANDIN_SBATCH_EXIT=1 "${settings[@]}" -- \
  "$scripts/long.sbatch" 2
wait_for_new_checkpoint runs/long
kill -USR1 "$job_pid"
wait_job
expect_status 138 "a job whose resubmission sbatch refused"
expect_call "^sbatch --dependency=afterany:5006 .*/long.sbatch 3$"
expect_output refused "could not be resubmitted"
[ -f runs/long/collsweep.state ] || fail "no checkpoint kept"
pass "long job: no resubmission past SWEEP_MAX_RESTARTS, after SIGUSR2, or when sbatch refuses"
