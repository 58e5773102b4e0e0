#!/usr/bin/env bash
# What counting options costs a random match: instructions per match inside the runner's
# block loop (matches and their tallies, not start-up or file writing), counted by callgrind
# (repeatable under load), for two builds side by side. Usage:
#   scripts/option-cost.sh BEFORE_BINARY AFTER_BINARY
# e.g. a release build of the commit before option counting (325bbf8) and of HEAD.
set -euo pipefail
before=$1 after=$2
per_match() {
  local bin=$1 game=$2 n=$3 dir
  dir=$(mktemp -d)
  valgrind --tool=callgrind --toggle-collect='*play_range*' --callgrind-out-file="$dir/cg.out" \
    "$bin" run --game "$game" --matches "$n" --threads 1 --quiet --out "$dir/run" >/dev/null 2>&1
  echo $(( $(grep '^summary:' "$dir/cg.out" | awk '{print $2}') / n ))
  rm -rf "$dir"
}
# Enough matches that every game counts dozens of its sampled deals.
while read -r game n; do
  b=$(per_match "$before" "$game" "$n"); a=$(per_match "$after" "$game" "$n")
  echo "$game: $b -> $a instructions per match ($(( (a - b) * 1000 / b ))/1000 more)"
done <<'LIST'
tictactoe 51200
pig 19200
trice 19200
low-blow 7680
dardz 4000
love-actually 2560
pride-prejudice 2240
LIST
