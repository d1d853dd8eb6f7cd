#!/bin/bash
# Submits a sweep in shards: array.sbatch, one task per shard, then merge.sbatch once every task succeeded.
# Usage: scripts/slurm/submit-array.sh [TASKS]   (TASKS: 1-N by default; some of them, e.g. 17,40, again)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# The settings of array.sbatch and merge.sbatch (an environment's SWEEP_* first), the same for both jobs:
# a task resubmitted alone keeps --shard i/N of the whole sweep.
eval "$(grep -hE '^SWEEP_[A-Z_]+=' "$here/array.sbatch" "$here/merge.sbatch")"
export SWEEP_CONFIG SWEEP_SHARDS SWEEP_SHARD_DIR SWEEP_CHECKPOINT_EVERY SWEEP_MAX_RESTARTS SWEEP_RUN_OPTIONS \
  SWEEP_OUT SWEEP_MERGE_OPTIONS
[ -n "${COLLSWEEP:-}" ] && export COLLSWEEP
tasks=${1:-1-$SWEEP_SHARDS}
mem=()
[ -n "${SWEEP_MERGE_MEM:-}" ] && mem=(--mem="$SWEEP_MERGE_MEM")  # e.g. 40G: see merge.sbatch's --mem

array=$(sbatch --parsable --array="$tasks" "$here/array.sbatch")
array=${array%%;*}  # "jobid;cluster" on a federation
merge=$(sbatch --parsable --dependency=afterok:"$array" ${mem[@]+"${mem[@]}"} "$here/merge.sbatch")
merge=${merge%%;*}
echo "submit-array.sh: array job $array (tasks $tasks of $SWEEP_SHARDS shards in $SWEEP_SHARD_DIR/)," \
  "merge job $merge into $SWEEP_OUT once they have all succeeded"
