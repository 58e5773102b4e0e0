#!/usr/bin/env bash
# Retune the `strong` profile for one game: for each candidate setting, its instructions per
# match as a share of mcts-1k's (callgrind, scripts/bot-cost.sh, self-play) and its score
# head to head against mcts-1k (a two-rung ladder, every match played, seed 2026). A
# candidate belongs in bots/strong.toml's [games.GAME] table when its share is at most 10%
# and its score's interval reaches 0.5. Nothing is learned: the settings are these
# measurements, and this command repeats them. Usage:
#   scripts/tune-strong.sh BINARY GAME PLAYERS MATCHES CANDIDATE...
# e.g. scripts/tune-strong.sh target/release/arena love-actually 4 400 \
#        mcts:iterations=190:depth=0:cut_scale=1:c=1.2 mcts:iterations=200:depth=0:c=2
set -euo pipefail
if [ $# -lt 5 ]; then
  echo "usage: scripts/tune-strong.sh BINARY GAME PLAYERS MATCHES CANDIDATE..." >&2
  exit 2
fi
bin=$1 game=$2 players=$3 n=$4
shift 4
here=$(dirname "$0")
cost() { "$here/bot-cost.sh" "$bin" "$game" "$players" "$1" "$2" | awk '{print $(NF-3)}'; }
reference=$(cost mcts-1k 2)
echo "$game ${players}p: mcts-1k costs $reference instructions per match"
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
for candidate in "$@"; do
  c=$(cost "$candidate" 4)
  rm -rf "$dir/ladder"
  "$bin" ladder --game "$game" --players "$players" --bots "mcts-1k,$candidate" \
    --self-play-matches 0 --max-matches "$n" --batch "$n" --precision 0.0001 --seed 2026 \
    --quiet --no-report --out "$dir/ladder" >/dev/null
  awk -F, -v cand="$candidate" -v c="$c" -v r="$reference" 'NR == 3 {
    printf "%s: %.1f%% of mcts-1k, score %.3f [%.3f, %.3f] over %s matches\n", cand, 100 * c / r, $21, $22, $23, $19
  }' "$dir/ladder/ladder.csv"
done
