#!/usr/bin/env bash
# How long a newcomer waits for the test loop, measured the same way every time:
#   1. a fresh clone of this repository's HEAD in a temporary folder (so a clean target/),
#   2. cold: `cargo test --locked --no-run` (the build), then `cargo test --locked` (the
#      README's test command, now only running), each under /usr/bin/time,
#   3. the 15 slowest integration tests (tests/it, one run of its binary with libtest's
#      --report-time, through RUSTC_BOOTSTRAP=1 given to that binary alone, so nothing is
#      rebuilt),
#   4. warm: one line added to a game module (src/games/pig/mod.rs), then `cargo test --locked`
#      again: what a developer waits for after an edit.
#
# usage: scripts/measure-tests.sh [--under-load] [--keep]
#   --under-load  run a `cargo build --release` of a second fresh clone, over and over, for
#                 the whole measurement (the load of a developer building beside the tests)
#   --keep        keep the temporary clones (printed) instead of deleting them
#
# Crates are not downloaded again if ~/.cargo/registry already holds them (the script says
# which). It prints one summary at the end; every command's own output goes to a log file in
# the temporary folder. Needs git, cargo and /usr/bin/time (Debian's `time` package).
set -euo pipefail

under_load=false
keep=false
for arg in "$@"; do
  case "$arg" in
    --under-load) under_load=true ;;
    --keep) keep=true ;;
    *) echo "usage: $0 [--under-load] [--keep]" >&2; exit 2 ;;
  esac
done
[ -x /usr/bin/time ] || { echo "$0: needs /usr/bin/time (apt-get install time)" >&2; exit 2; }

repo=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/arena-measure.XXXXXX")
load_pid=""
cleanup() {
  if [ -n "$load_pid" ]; then kill -- -"$load_pid" 2>/dev/null || kill "$load_pid" 2>/dev/null || true; fi
  if [ "$keep" = false ]; then rm -rf "$work"; fi
}
trap cleanup EXIT

commit=$(git -C "$repo" rev-parse --short HEAD)
if [ -n "$(git -C "$repo" status --porcelain --untracked-files=no)" ]; then
  echo "note: $repo has uncommitted changes; this measures HEAD ($commit) without them" >&2
fi
git clone --quiet --no-local "$repo" "$work/arena"
cd "$work/arena"

registry="cached"
if ! cargo fetch --locked --offline >/dev/null 2>&1; then
  registry="downloaded (counted in the cold build)"
fi

if [ "$under_load" = true ]; then
  git clone --quiet --no-local "$repo" "$work/load"
  # A process group of its own, so the cleanup ends cargo and every rustc under it.
  setsid bash -c 'cd "$1" && while true; do cargo build --locked --release -q >/dev/null 2>&1; cargo clean --release -q; done' _ "$work/load" &
  load_pid=$!
  sleep 5
fi

# time_of LABEL COMMAND...: run it, its output to the log; record "seconds peak_kB".
time_of() {
  local label=$1
  shift
  local log="$work/$label.log"
  /usr/bin/time -o "$work/$label.time" -f "%e %M" "$@" >"$log" 2>&1 || {
    echo "$label failed: $*; see $log" >&2
    tail -20 "$log" >&2
    exit 1
  }
  read -r "${label//-/_}_seconds" "${label//-/_}_peak" <"$work/$label.time"
}

load_before=$(cut -d' ' -f1 /proc/loadavg)
time_of cold-build cargo test --locked --no-run
time_of cold-tests cargo test --locked
load_after=$(cut -d' ' -f1 /proc/loadavg)

# The integration tests' own times (their binary as cargo built it).
it_bin=$(grep -o 'tests/it/main.rs (target/debug/deps/it-[0-9a-f]*)' "$work/cold-build.log" | sed 's/.*(\(.*\))/\1/')
RUSTC_BOOTSTRAP=1 "$it_bin" -Z unstable-options --report-time >"$work/per-test.log" 2>&1 || {
  echo "the per-test run failed; see $work/per-test.log" >&2
  exit 1
}
# (Through files, not a pipe into head: under pipefail, head closing early fails the script.)
grep -E '^test .* <[0-9.]+s>$' "$work/per-test.log" \
  | sed -E 's/^test (.*) \.\.\. ok <([0-9.]+)s>$/\2 \1/' | sort -rn >"$work/per-test.sorted"
slowest=$(sed -n 1,15p "$work/per-test.sorted")
it_wall=$(grep -Eo 'finished in [0-9.]+s' "$work/per-test.log" | tail -1 | grep -Eo '[0-9.]+')

# Warm: one line in a game module.
sed -i '1i // scripts/measure-tests.sh: a one-line change' src/games/pig/mod.rs
time_of warm-tests cargo test --locked

summary() {
  printf '%s\n' "arena test loop, commit $commit, $(nproc) cores, $(date -u +%Y-%m-%dT%H:%MZ)"
  if [ "$under_load" = true ]; then
    printf '%s\n' "under load: a cargo build --release of another clone ran throughout"
  fi
  printf '%s\n' "load average: $load_before before the cold build, $load_after after the cold tests; crates $registry"
  printf '%-44s %9s %12s\n' "step" "seconds" "peak MB"
  printf '%-44s %9s %12s\n' "cold: cargo test --locked --no-run (build)" "$cold_build_seconds" "$((cold_build_peak / 1024))"
  printf '%-44s %9s %12s\n' "cold: cargo test --locked (tests only)" "$cold_tests_seconds" "$((cold_tests_peak / 1024))"
  printf '%-44s %9s\n' "cold: total, build included" "$(echo "$cold_build_seconds + $cold_tests_seconds" | bc)"
  printf '%-44s %9s\n' "tests/it alone (its binary, libtest's wall)" "$it_wall"
  printf '%-44s %9s %12s\n' "warm: one line in src/games/pig/mod.rs" "$warm_tests_seconds" "$((warm_tests_peak / 1024))"
  printf '%s\n' "the 15 slowest integration tests (seconds):"
  printf '%s\n' "$slowest" | sed 's/^/  /'
}
summary
if [ "$keep" = true ]; then echo "kept: $work"; fi
