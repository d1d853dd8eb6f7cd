#!/bin/bash
# long.sbatch's persistent errors end the job with collsweep's non-zero status and no resubmission: a config
# error (exit 2), a corrupt checkpoint (exit 2: no endless resubmission), a folder held by another run (2).
. "$(dirname "$0")/lib.sh"
write_config sweep.toml 300_000
sed -i 's/"stronge"/"no-such-law"/' sweep.toml
run_job config SLURM_JOB_ID=5000 SWEEP_DIR=runs/long -- "$scripts/long.sbatch"
expect_status 2 "a config error"
expect_output config "no-such-law"
expect_output config "failed \(exit 2\): not resubmitted"
expect_no_call "^(sbatch|scontrol)"

write_config sweep.toml 300_000
mkdir -p runs/corrupt
head -c 4096 /dev/urandom >runs/corrupt/collsweep.state
run_job corrupt SLURM_JOB_ID=5001 SWEEP_DIR=runs/corrupt -- "$scripts/long.sbatch" 3
expect_status 2 "a corrupt checkpoint"
expect_call "^srun .* run --resume runs/corrupt "
expect_output corrupt "failed \(exit 2\): not resubmitted"
expect_no_call "^(sbatch|scontrol)"

# The folder's lock held (flock) by another process: a second job into it is refused.
mkdir -p runs/held
(
  exec 9>runs/held/collsweep.lock
  flock 9
  run_job held SLURM_JOB_ID=5002 SWEEP_DIR=runs/held -- "$scripts/long.sbatch"
  expect_status 2 "a folder held by another run"
  expect_output held "is being written by another collsweep run"
  expect_output held "failed \(exit 2\): not resubmitted"
) || exit 1
expect_no_call "^(sbatch|scontrol)"
pass "long job: config error, corrupt checkpoint, a held folder: non-zero exit, no resubmission"
