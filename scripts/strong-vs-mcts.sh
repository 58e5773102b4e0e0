#!/usr/bin/env bash
# The head-to-head behind the `strong` profile: strong against mcts-1k in each game the
# profile is tuned for, as a two-rung ladder (seats rotated on shared deals, both seatings
# of an odd table), every match played (one round, no early stop), seed 2026. Prints each
# game's h2h_share of strong with its 95% interval (Wilson on the effective n, deal groups
# as clusters; see docs/guide/skill.md). Usage:
#   scripts/strong-vs-mcts.sh [BINARY] [OUT_DIR] [GAME ...]
# e.g. scripts/strong-vs-mcts.sh target/release/arena results/strong-vs-mcts trice dardz
# Several hours on 2 cores for all five games (mcts-1k is the slow side).
set -euo pipefail
bin=${1:-target/release/arena}
out=${2:-results/strong-vs-mcts}
shift $(( $# > 2 ? 2 : $# ))
games=("$@")
[ ${#games[@]} -gt 0 ] || games=(trice low-blow dardz love-actually pride-prejudice)
mkdir -p "$out"
for game in "${games[@]}"; do
  case $game in
    trice) players=2 n=1000 ;;
    low-blow) players=3 n=1002 ;;  # whole groups: 3 seatings x 2 compositions
    dardz) players=4 n=1000 ;;
    love-actually) players=4 n=1000 ;;
    pride-prejudice) players=4 n=400 ;;
    *) echo "strong-vs-mcts: no setting for game $game" >&2; exit 2 ;;
  esac
  dir="$out/$game-${players}p"
  if [ -e "$dir" ]; then
    echo "strong-vs-mcts: $dir exists; give a new OUT_DIR or remove it" >&2
    exit 2
  fi
  "$bin" ladder --game "$game" --players "$players" --bots mcts-1k,strong \
    --self-play-matches 0 --max-matches "$n" --batch "$n" --precision 0.0001 --seed 2026 \
    --quiet --no-report --out "$dir" >/dev/null
  # rung 1 (strong) against rung 0 (mcts-1k): matches, share and its interval.
  awk -F, -v g="$game" -v p="$players" 'NR == 3 {
    printf "%s %sp: strong vs mcts-1k, %s matches, score %.3f [%.3f, %.3f]\n", g, p, $19, $21, $22, $23
  }' "$dir/ladder.csv"
done
