#!/bin/bash
# mpi.sbatch with 2 ranks (the srun stand-in starts them with mpirun): at the time limit's warning (SIGUSR1
# to the batch shell, passed on to the step, which passes it to the ranks) the ranks checkpoint and stop,
# the job resubmits itself, and the resubmitted job resumes over the ranks to the bytes of an uninterrupted
# run. Skipped (77) without mpirun or in a build without MPI.
# CTest: slow (sweeps of a few seconds)
. "$(dirname "$0")/lib.sh"
if [ "${COLLSWEEP_WITH_MPI:-1}" = 0 ]; then
  echo "SKIP: collsweep was built without MPI (COLLSWEEP_ENABLE_MPI=OFF)"
  exit 77
fi
command -v mpirun >/dev/null || {
  echo "SKIP: no mpirun"
  exit 77
}
write_config sweep.toml 20_000_000
reference_run sweep.toml whole
settings=(SWEEP_DIR=runs/mpi SWEEP_CHECKPOINT_EVERY=0.2 SWEEP_RUN_OPTIONS="--backend=cpu --no-plot")
job_env=(SLURM_NTASKS=2 SLURM_CPUS_PER_TASK=1 SLURM_GPUS_PER_TASK=1)

start_job mpi SLURM_JOB_ID=7000 "${job_env[@]}" "${settings[@]}" -- "$scripts/mpi.sbatch"
wait_for_file runs/mpi/collsweep.state 60
kill -USR1 "$job_pid"
wait_job
expect_call "^srun --ntasks=2 --cpus-per-task=1 --gpus-per-task=1 .* run sweep.toml --out runs/mpi "
expect_call "^srun .* --threads 1 "
expect_output mpi "interrupted after [0-9]+ of 20000000 samples; checkpoint written"
expect_status 0 "a job of ranks stopped at the time limit's warning"
expect_output mpi "stopped \(exit 138\) with a checkpoint: resubmitted"
expect_call "^sbatch --dependency=afterany:7000 .*/mpi.sbatch 1$"

forget_calls
run_job mpi SLURM_JOB_ID=1001 "${job_env[@]}" @job-1001.env -- "$scripts/mpi.sbatch" 1
expect_status 0 "the resubmitted job of ranks"
expect_call "^srun --ntasks=2 .* run --resume runs/mpi "
expect_no_call "^(sbatch|scontrol)"
expect_same_results whole runs/mpi
grep -q '"rank": "1/2"' runs/mpi/summary.json || fail "summary.json lists no rank 1/2"
pass "MPI job: stopped at the time limit's warning, resubmitted, resumed over 2 ranks, same bytes"
