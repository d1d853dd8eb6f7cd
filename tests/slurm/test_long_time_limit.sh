#!/bin/bash
# long.sbatch at the time limit's warning (--signal=B:USR1@…, to the batch shell alone): the run
# checkpoints, the job resubmits itself (after itself: --dependency=afterany, the resubmission count as its
# argument) and exits 0; the resubmitted job resumes to the bytes of an uninterrupted run; a job submitted
# once the run is done does nothing.
# CTest: slow (sweeps of a few seconds)
. "$(dirname "$0")/lib.sh"
write_config sweep.toml 20_000_000
reference_run sweep.toml whole
settings=(SWEEP_DIR=runs/long SWEEP_CHECKPOINT_EVERY=0.2 SWEEP_RUN_OPTIONS="--backend=cpu --no-plot")
job_env=(SLURM_JOB_ID=5000 SLURM_CPUS_PER_TASK=1 SLURM_GPUS_PER_TASK=1)

start_job long "${job_env[@]}" "${settings[@]}" -- "$scripts/long.sbatch"
wait_for_file runs/long/collsweep.state
kill -USR1 "$job_pid"
wait_job
expect_status 0 "a job stopped at the time limit's warning"
expect_output long "interrupted \(SIGUSR1\) after [0-9]+ of 20000000 samples; checkpoint written"
expect_output long "stopped \(exit 138\) with a checkpoint: resubmitted"
expect_call "^srun --ntasks=1 --nodes=1 --cpus-per-task=1 --gpus-per-task=1 .* run sweep.toml --out runs/long "
expect_call "^srun .* --threads 1 "
expect_call "^sbatch --dependency=afterany:5000 .*/long.sbatch 1$"

resume_long_job

forget_calls
run_job long SLURM_JOB_ID=1002 SLURM_CPUS_PER_TASK=1 @job-1001.env -- "$scripts/long.sbatch" 2
expect_status 0 "a job of a finished run"
expect_output long "holds a finished run"
expect_no_call "."
pass "long job: time limit warning, checkpoint, resubmission, resume, same bytes"
