#!/usr/bin/env bash
# Samples/s of the quickstart sweep (four planar laws, 30 x 20 map) in one process and in 2 MPI ranks on
# this machine's CPU (--threads 1 per rank), from summary.json; checks both give the same map.csv.
# Usage: bench/cluster_scaling.sh [BUILD_DIR] [SAMPLES]   (default build, 10000000)
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build}
samples=${2:-10000000}
bin="$build/collsweep"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
sed "s/^samples = .*/samples = $samples/" configs/quickstart.toml >"$work/q.toml"
rate() { python3 -c 'import json,sys; s=json.load(open(sys.argv[1])); print("%.3g" % (s["samples"]/s["wall_seconds"]))' "$1"; }
"$bin" run "$work/q.toml" --out "$work/one" --backend cpu --threads 1 --no-plot --quiet >/dev/null
echo "1 process, 1 thread: $(rate "$work/one/summary.json") samples/s"
if ! command -v mpirun >/dev/null; then echo "no mpirun: 2 ranks skipped"; exit 0; fi
OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 mpirun --oversubscribe -np 2 \
  "$bin" run "$work/q.toml" --out "$work/two" --backend cpu --threads 1 --no-plot --quiet >/dev/null
echo "2 ranks, 1 thread each: $(rate "$work/two/summary.json") samples/s (wall: the slowest rank)"
cmp -s "$work/one/map.csv" "$work/two/map.csv" && echo "map.csv: the same bytes" || { echo "map.csv differs"; exit 1; }
