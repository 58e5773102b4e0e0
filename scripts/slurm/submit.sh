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
usage() { sed -n '2,12p' "$0" | sed 's/^# \{0,1\}//'; }
die() { echo "submit.sh: $*" >&2; exit 2; }
shards=4 out="" time_limit="04:00:00" cpus=2 partition="" arena="${ARENA:-arena}"
while [ $# -gt 0 ]; do
  case "$1" in
    -h|--help) usage; exit 0 ;;
    --shards|--out|--time|--cpus|--partition|--arena)
      [ $# -ge 2 ] || die "$1 needs a value (see --help)"
      case "$1" in
        --shards) shards=$2 ;;
        --out) out=$2 ;;
        --time) time_limit=$2 ;;
        --cpus) cpus=$2 ;;
        --partition) partition=$2 ;;
        --arena) arena=$2 ;;
      esac
      shift 2 ;;
    --) shift; break ;;
    *) die "unknown option $1 (see --help)" ;;
  esac
done
[ -n "$out" ] || die "--out DIR is required"
# Slurm's --export separates its variables with commas: a comma in the folder would cut it.
case "$out" in *,*) die "--out must not contain a comma (Slurm's --export would cut it there), got $out" ;; esac
[ "$shards" -ge 1 ] 2>/dev/null || die "--shards must be a whole number >= 1, got $shards"
[ $# -gt 0 ] || die "give the arena run flags after --"
arena=$(command -v "$arena" || echo "$arena")
[ -x "$arena" ] || die "no arena binary at $arena (build it: cargo build --release)"
command -v sbatch >/dev/null 2>&1 || die "no sbatch on PATH: run this on a Slurm login node (scripts/slurm/test-local.sh tries the scripts without Slurm)"
# Check the run flags with the binary before anything is queued: shard 0 plays one block and
# pauses (exit 4) in a scratch folder; bad flags exit 2 with arena's own one-line message.
check=$(mktemp -d)
set +e
"$arena" run --quiet --time-limit 0 --threads 1 --shard "0/$shards" --out "$check/run" "$@" >/dev/null 2>"$check/err"
code=$?
set -e
if [ "$code" -ne 0 ] && [ "$code" -ne 4 ]; then
  echo "submit.sh: arena refuses these run flags, so nothing was submitted:" >&2
  cat "$check/err" >&2
  rm -rf "$check"
  exit 2
fi
rm -rf "$check"
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
