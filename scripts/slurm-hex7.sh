#!/bin/bash
# Solve all 49 openings of Hex 7x7 over N Slurm nodes, then merge the shards into the report
# one unsharded `plyscope solve hex-7x7 --algo dfpn --root` prints
# (docs/scale.md, "Solving across machines").
#
#   scripts/slurm-hex7.sh 8        # on the login node: an array of 8 shards, then the merge
#
# That submits a job array (one task per shard, `--shard I/N`) and a merge job that waits
# for the whole array (afterany: a failed shard still lets the merge say which one is
# missing). The work items are the root's own search (item 0) and the 25 orbits of
# openings under the board's half turn, in generator order; item k is shard k mod N + 1's,
# so every opening is solved by exactly one task. A shard writes its JSON report
# atomically (no half-written file if the job is killed); `plyscope merge` refuses a
# missing or duplicate shard, or shards of another puzzle or other settings, naming the
# file. The merged node count is the unsharded run's; its time is the CPU total of the
# shards, not a wall time.
#
# Needs `plyscope` on PATH on every node (or set PLYSCOPE), this script and OUT (default
# ./hex7-shards) on a file system every node sees. PUZZLE picks another puzzle.
#
#SBATCH --job-name=hex7-shard
#SBATCH --ntasks=1
#SBATCH --cpus-per-task=1
#SBATCH --mem=2G
#SBATCH --time=02:00:00
#SBATCH --output=hex7-shard-%A_%a.log

set -euo pipefail

PLYSCOPE=${PLYSCOPE:-plyscope}
OUT=${OUT:-$PWD/hex7-shards}
PUZZLE=${PUZZLE:-hex-7x7}

if [[ -n "${SLURM_ARRAY_TASK_ID:-}" ]]; then
    # One array task, one shard: I is this task's index, N the size of the array.
    I=$SLURM_ARRAY_TASK_ID
    N=$SLURM_ARRAY_TASK_COUNT
    exec "$PLYSCOPE" solve "$PUZZLE" --algo dfpn --root --shard "$I/$N" --json \
        --out "$OUT/$PUZZLE-$I-of-$N.json"
fi

if [[ "${1:-}" == "--merge" ]]; then
    # After the array: every shard's report into the merged one (JSON kept, text printed).
    N=${2:?usage: $0 --merge N}
    files=()
    for I in $(seq 1 "$N"); do files+=("$OUT/$PUZZLE-$I-of-$N.json"); done
    "$PLYSCOPE" merge "${files[@]}" --json --out "$OUT/$PUZZLE-merged.json"
    exec "$PLYSCOPE" merge "${files[@]}"
fi

# On the login node: submit the array of N shards and the merge after it.
N=${1:-8}
if ! [[ "$N" =~ ^[1-9][0-9]*$ ]]; then
    echo "usage: $0 [N]   (N shards, default 8) | $0 --merge N" >&2
    exit 2
fi
mkdir -p "$OUT"
script=$(realpath "$0")
export PLYSCOPE OUT PUZZLE
array=$(sbatch --parsable --array="1-$N" --export=ALL "$script")
sbatch --dependency="afterany:${array%%;*}" --job-name=hex7-merge \
    --output=hex7-merge-%j.log --export=ALL --wrap "$script --merge $N"
echo "shards: job array $array ($N tasks); merged report: $OUT/$PUZZLE-merged.json"
