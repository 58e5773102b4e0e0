#!/usr/bin/env bash
# Submit an arena run to Slurm as a job array of shards plus a merge job that waits for it.
#
#   scripts/slurm/submit.sh --shards 16 --out /scratch/me/dz-12 [--time 04:00:00] \
#       [--cpus 4] [--partition normal] [--arena /path/to/arena] -- \
#       --game dardz --players 4 --set value_12=8 --matches 10000000 --seed 7
#
# Everything after `--` goes to `arena run` (any run flags: game, bots, rules, --set,
# matches, seed, seating, --per-match). Shard i writes DIR/shard-i; the merge job writes
# DIR/merged; logs go to DIR/logs. Prints the two job ids. Watch with `squeue --me` and
# `arena status DIR`; a failed task is rerun with `sbatch` of the same array index (its folder
# resumes), then the merge.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
shards=4 out="" time_limit="04:00:00" cpus=2 partition="" arena="${ARENA:-arena}"
while [ $# -gt 0 ]; do
  case "$1" in
    --shards) shards=$2; shift 2 ;;
    --out) out=$2; shift 2 ;;
    --time) time_limit=$2; shift 2 ;;
    --cpus) cpus=$2; shift 2 ;;
    --partition) partition=$2; shift 2 ;;
    --arena) arena=$2; shift 2 ;;
    --) shift; break ;;
    *) echo "submit.sh: unknown option $1 (see the header of $0)" >&2; exit 2 ;;
  esac
done
[ -n "$out" ] || { echo "submit.sh: --out DIR is required" >&2; exit 2; }
[ "$shards" -ge 1 ] 2>/dev/null || { echo "submit.sh: --shards must be a whole number >= 1, got $shards" >&2; exit 2; }
[ $# -gt 0 ] || { echo "submit.sh: give the arena run flags after --" >&2; exit 2; }
arena=$(command -v "$arena" || echo "$arena")
[ -x "$arena" ] || { echo "submit.sh: no arena binary at $arena (build it: cargo build --release)" >&2; exit 2; }
mkdir -p "$out/logs"
out=$(cd "$out" && pwd)
common=(--parsable --export="ALL,ARENA_OUT=$out,ARENA_SHARDS=$shards,ARENA=$arena")
[ -n "$partition" ] && common+=(--partition "$partition")
array=$(sbatch "${common[@]}" --array="0-$((shards - 1))" --cpus-per-task="$cpus" \
  --time="$time_limit" --output="$out/logs/shard-%a.log" "$here/arena-shard.sbatch" "$@")
array=${array%%;*}
merge=$(sbatch "${common[@]}" --dependency="afterok:$array" --kill-on-invalid-dep=yes \
  --cpus-per-task=1 --time="$time_limit" --output="$out/logs/merge.log" "$here/arena-merge.sbatch")
merge=${merge%%;*}
echo "array job $array ($shards shards) -> $out/shard-*"
echo "merge job $merge (after the array succeeds) -> $out/merged"
