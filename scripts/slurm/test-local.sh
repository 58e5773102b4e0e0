#!/usr/bin/env bash
# End-to-end test of arena on a real Slurm: installs Slurm and munge from Debian's packages if
# they are missing (root), starts a one-node cluster on this machine, submits a 4-task array
# of a real run plus the dependent merge (scripts/slurm/submit.sh), and checks that the merged
# folder is byte-identical to the same run on one machine. A second case requeues one task
# in the middle of its run (Slurm sends it SIGTERM, arena checkpoints and exits 4, the task
# restarts and resumes) and checks the merge is still identical.
#
#   scripts/slurm/test-local.sh [path/to/arena]      (default: target/debug/arena, built if absent)
#
# Exit 0: passed. Exit 1: failed. Where Slurm cannot be installed or started here (no root,
# no apt, daemons that will not run in this sandbox), it prints a line starting with
# "SKIPPED:" and the reason, and exits 0; CI shows that line.
set -uo pipefail
cd "$(dirname "$0")/../.."
top=$(pwd)
arena=${1:-$top/target/debug/arena}
work=$(mktemp -d /tmp/arena-slurm.XXXXXX)
conf="$work/slurm.conf"
export SLURM_CONF=$conf
started=$(date +%s)

skip() { echo "SKIPPED: Slurm end-to-end test: $*"; cleanup; exit 0; }
fail() { echo "FAILED: Slurm end-to-end test: $*"; for f in "$work"/*.log "$work"/run*/logs/*.log; do [ -f "$f" ] && { echo "--- $f"; tail -n 20 "$f"; }; done; cleanup; exit 1; }
cleanup() {
  [ -f "$work/slurmd.pid" ] && kill "$(cat "$work/slurmd.pid")" 2>/dev/null
  [ -f "$work/slurmctld.pid" ] && kill "$(cat "$work/slurmctld.pid")" 2>/dev/null
  sleep 1
}

if ! command -v slurmctld >/dev/null || ! command -v munged >/dev/null; then
  [ "$(id -u)" -eq 0 ] || skip "slurmctld/munged are not installed and this is not root"
  command -v apt-get >/dev/null || skip "slurmctld/munged are not installed and there is no apt-get"
  echo "installing slurm-wlm and munge from Debian's packages..."
  { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq slurm-wlm munge; } \
    >"$work/apt.log" 2>&1 || skip "apt-get install slurm-wlm munge failed (see $work/apt.log)"
fi
if [ ! -x "$arena" ]; then
  cargo build --quiet || fail "cargo build failed"
fi

# munge: a key, and the daemon (as root it needs --force).
if ! pgrep -x munged >/dev/null; then
  mkdir -p /etc/munge /var/log/munge /run/munge /var/lib/munge
  [ -f /etc/munge/munge.key ] || dd if=/dev/urandom of=/etc/munge/munge.key bs=1024 count=1 2>/dev/null
  chmod 400 /etc/munge/munge.key
  chown -R munge: /etc/munge /var/log/munge /run/munge /var/lib/munge 2>/dev/null
  munged --force >"$work/munged.log" 2>&1 || skip "munged would not start: $(tail -n 1 "$work/munged.log")"
fi

host=$(hostname -s)
cpus=$(nproc)
mem=$(awk '/MemTotal/ {print int($2 / 1024 * 0.8)}' /proc/meminfo)
mkdir -p "$work/state" "$work/spool"
cat >"$conf" <<CONF
ClusterName=arena-test
SlurmctldHost=$host
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
SchedulerType=sched/backfill
MpiDefault=none
SwitchType=switch/none
ReturnToService=2
JobRequeue=1
KillWait=30
StateSaveLocation=$work/state
SlurmdSpoolDir=$work/spool
SlurmctldPidFile=$work/slurmctld.pid
SlurmdPidFile=$work/slurmd.pid
SlurmctldLogFile=$work/slurmctld.log
SlurmdLogFile=$work/slurmd.log
SlurmctldPort=6917
SlurmdPort=6918
NodeName=$host CPUs=$cpus RealMemory=$mem State=UNKNOWN
PartitionName=test Nodes=$host Default=YES MaxTime=INFINITE State=UP
CONF
slurmctld -f "$conf" >>"$work/slurmctld.log" 2>&1 || skip "slurmctld would not start: $(tail -n 2 "$work/slurmctld.log" | tr '\n' ' ')"
slurmd -f "$conf" >>"$work/slurmd.log" 2>&1 || skip "slurmd would not start: $(tail -n 2 "$work/slurmd.log" | tr '\n' ' ')"
for _ in $(seq 60); do
  state=$(sinfo -h -o %T 2>/dev/null | head -n 1)
  case "$state" in idle*|mixed*|alloc*) break ;; esac
  sleep 1
done
case "$state" in idle*|mixed*|alloc*) ;; *) skip "the node did not come up (sinfo says '${state:-nothing}'; $(tail -n 2 "$work/slurmd.log" | tr '\n' ' '))" ;; esac
echo "one-node Slurm cluster up on $host ($cpus CPUs): $(sinfo --version)"

# Wait for a job (and its array tasks) to leave the queue; fail after $2 seconds.
wait_job() {
  local job=$1 limit=$2 t=0
  while squeue -h -j "$job" 2>/dev/null | grep -q .; do
    sleep 2; t=$((t + 2))
    [ "$t" -lt "$limit" ] || fail "job $job still queued after ${limit}s: $(squeue -h -j "$job")"
  done
}

same() {  # the merged folder has exactly the single machine's result files
  local a=$1 b=$2 f
  for f in seats.csv balance.csv bots.csv ratings.csv pairing.csv shape.csv lengths.csv \
    histograms.csv metrics.csv failures.csv verdict.txt COLUMNS.md; do
    cmp -s "$a/$f" "$b/$f" || fail "$f differs between $a and $b"
  done
  if [ -f "$a/matches.csv" ]; then
    cmp -s "$a/matches.csv" "$b/matches.csv" || fail "matches.csv differs between $a and $b"
  fi
}

run=(--game pig --matches 400000 --seed 5 --per-match)
"$arena" run "${run[@]}" --quiet --out "$work/local" || fail "the single-machine run failed"

echo "case 1: a 4-task array and the dependent merge"
ids=$(scripts/slurm/submit.sh --shards 4 --out "$work/run1" --cpus 1 --time 00:10:00 --arena "$arena" -- "${run[@]}") \
  || fail "submit.sh failed: $ids"
echo "$ids"
merge=$(echo "$ids" | awk '/^merge job/ {print $3}')
wait_job "$merge" 600
[ -f "$work/run1/merged/manifest.json" ] || fail "no merged folder (merge job $merge)"
same "$work/local" "$work/run1/merged"
echo "case 1: merged folder byte-identical to the single-machine run"
"$arena" status "$work/run1"

echo "case 2: one task requeued (preempted) in the middle of its run"
slow=(--game pig --matches 6000000 --seed 9)
"$arena" run "${slow[@]}" --quiet --out "$work/local2" || fail "the single-machine run failed"
ids=$(scripts/slurm/submit.sh --shards 4 --out "$work/run2" --cpus 1 --time 00:10:00 --arena "$arena" -- "${slow[@]}") \
  || fail "submit.sh failed: $ids"
array=$(echo "$ids" | awk '/^array job/ {print $3}')
merge=$(echo "$ids" | awk '/^merge job/ {print $3}')
for _ in $(seq 300); do
  done_now=$(sed -n 's/.*"done": \([0-9]*\).*/\1/p' "$work/run2/shard-1/status.json" 2>/dev/null)
  [ "${done_now:-0}" -gt 0 ] && break
  sleep 0.2
done
[ "${done_now:-0}" -gt 0 ] || fail "task 1 never reported progress"
scontrol requeue "${array}_1" || fail "scontrol requeue ${array}_1 failed"
echo "requeued task 1 at match ${done_now} of its shard"
wait_job "$merge" 900
grep -q "resumes" "$work/run2/logs/shard-1.log" || fail "task 1 did not resume after its requeue: $(cat "$work/run2/logs/shard-1.log")"
grep -q "arena exited with 4" "$work/run2/logs/shard-1.log" || fail "task 1 did not pause with a checkpoint (exit 4) when requeued"
[ -f "$work/run2/merged/manifest.json" ] || fail "no merged folder after the requeue (merge job $merge)"
same "$work/local2" "$work/run2/merged"
echo "case 2: requeued task resumed; merged folder byte-identical to the single-machine run"
echo "PASSED: Slurm end-to-end test in $(($(date +%s) - started)) s"
cleanup
