#!/usr/bin/env bash
# Instructions per match of one lineup, counted by callgrind inside the runner's block loop
# (the matches and their tallies, not start-up or file writing): repeatable under load, so
# bots can be compared on a shared machine. Usage:
#   scripts/bot-cost.sh BINARY GAME PLAYERS BOTS MATCHES
# e.g. scripts/bot-cost.sh target/release/arena trice 2 strong 20
# Prints one line: game, players, bots, matches, instructions per match.
set -euo pipefail
if [ $# -ne 5 ]; then
  echo "usage: scripts/bot-cost.sh BINARY GAME PLAYERS BOTS MATCHES" >&2
  exit 2
fi
bin=$1 game=$2 players=$3 bots=$4 n=$5
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
valgrind --tool=callgrind --toggle-collect='*play_range*' --callgrind-out-file="$dir/cg.out" \
  "$bin" run --game "$game" --players "$players" --bots "$bots" --matches "$n" --seed 1 \
  --threads 1 --quiet --no-report --out "$dir/run" >/dev/null 2>"$dir/err" \
  || { cat "$dir/err" >&2; exit 1; }
total=$(grep '^summary:' "$dir/cg.out" | awk '{print $2}' || true)
if [ -z "$total" ]; then
  echo "bot-cost: callgrind counted nothing inside play_range (is the binary a release build with symbols?)" >&2
  exit 1
fi
echo "$game ${players}p $bots n=$n: $(( total / n )) instructions per match"
