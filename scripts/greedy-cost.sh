#!/usr/bin/env bash
# Greedy's per-game settings (bots/greedy.toml's [games.NAME] tables) against the settings
# without them (samples = 64, min_samples = 4, written inline so they hold at every game):
# instructions per match of each (callgrind, scripts/bot-cost.sh, 8 matches, every seat
# greedy) and the head to head (a two-rung ladder, 2,000 matches, seed 2026; the score of
# the per-game settings with its 95% interval). Usage:
#   scripts/greedy-cost.sh [BINARY] [GAME ...]
set -euo pipefail
bin=${1:-target/release/arena}
shift $(( $# > 0 ? 1 : 0 ))
games=("$@")
[ ${#games[@]} -gt 0 ] || games=(low-blow dardz love-actually pride-prejudice)
here=$(dirname "$0")
before="greedy:samples=64:min_samples=4"
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
for game in "${games[@]}"; do
  case $game in
    low-blow) players=3 n=2004 ;;  # whole groups: 3 seatings x 2 compositions
    trice) players=2 n=2000 ;;
    *) players=4 n=2000 ;;
  esac
  b=$("$here/bot-cost.sh" "$bin" "$game" "$players" "$before" 8 | awk '{print $(NF-3)}')
  a=$("$here/bot-cost.sh" "$bin" "$game" "$players" greedy 8 | awk '{print $(NF-3)}')
  rm -rf "$dir/ladder"
  "$bin" ladder --game "$game" --players "$players" --bots "$before,greedy" \
    --self-play-matches 0 --max-matches "$n" --batch "$n" --precision 0.0001 --seed 2026 \
    --quiet --no-report --out "$dir/ladder" >/dev/null
  awk -F, -v g="$game" -v p="$players" -v b="$b" -v a="$a" 'NR == 3 {
    printf "%s %sp: %d -> %d instructions per match (%.0f%%); per-game greedy vs before: %s matches, score %.3f [%.3f, %.3f]\n", g, p, b, a, 100 * a / b, $19, $21, $22, $23
  }' "$dir/ladder/ladder.csv"
done
