#!/usr/bin/env bash
# The runs behind docs/guide/what-decides-a-match.md: for every game, random play (the option
# table's causal rows) and greedy play (associations, and a strong bot's preferences), plus
# 1,000,000 random 4-player DARDZ matches. Prints each run's stdout; the tables are in
# OUT/<game>-<bots>/options.csv and decomposition.csv. Usage: scripts/what-decides.sh [OUT]
# (default results/what-decides). Takes about 5 minutes on 2 cores.
set -euo pipefail
out=${1:-results/what-decides}
arena=${ARENA:-target/release/arena}
[ -x "$arena" ] || cargo build --release --locked
mkdir -p "$out"
games=$("$arena" games --names)
for game in $games; do
  "$arena" run --game "$game" --matches 100000 --out "$out/$game-random"
  "$arena" run --game "$game" --bots greedy --matches 10000 --out "$out/$game-greedy"
done
"$arena" run --game dardz --players 4 --matches 1000000 --out "$out/dardz-1m"
# Seat, skill and luck: greedy against random on rotated seats (--luck), every game.
for game in $games; do
  "$arena" run --game "$game" --luck --matches 4000 --out "$out/$game-luck"
done
