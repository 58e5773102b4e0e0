#!/usr/bin/env bash
# Instructions per random match, per game, counted by callgrind: the speed guard of random
# play. Instruction counts do not move with the machine's load, so CI can hold them to a
# budget where a timed test could not.
#
#   scripts/instructions.sh measure BIN   print each game's counts
#   scripts/instructions.sh check BIN     compare with benches/instruction-budget.txt; fail
#                                         when a game's count is over its budget by more
#                                         than the file's tolerance
#   scripts/instructions.sh write BIN     rewrite the budget file with today's counts
#
# BIN is a release build of arena (`cargo build --release`: the budget is the shipped
# binary's). Each game's row names a run (`arena run`, random bots, one thread, seed 3) of a
# whole number of periods of the game's option sampling, so counted and uncounted matches
# are in the same mix as in any long run. Two figures per game:
#   play  instructions inside the runner's play_range (the matches, their tallies and their
#         notable picks), per match: what an overnight run pays per match;
#   rest  every other instruction of the run (start-up, the statistics, the result files,
#         the replay pages of its notable matches): what every run pays once.
#
# Counts depend on the compiler and the C library too: the budget file records both, and
# `check` under another of either says SKIPPED (loudly) rather than compare counts that
# cannot be compared.
set -euo pipefail

mode=${1:-}
bin=${2:-}
case "$mode" in
  measure | check | write) ;;
  *)
    echo "usage: scripts/instructions.sh measure|check|write BIN (a release build of arena)" >&2
    exit 2
    ;;
esac
if [ -z "$bin" ] || [ ! -x "$bin" ]; then
  echo "scripts/instructions.sh: '$bin' is not an executable arena binary (build one with cargo build --release)" >&2
  exit 2
fi
# BIN as the caller named it, before moving to the checkout.
bin=$(realpath "$bin")
cd "$(dirname "$0")/.."
budget_file=benches/instruction-budget.txt
if ! command -v valgrind >/dev/null 2>&1; then
  echo "scripts/instructions.sh: valgrind is not installed (apt-get install valgrind)" >&2
  exit 2
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# The function whose instructions are the matches' (callgrind's --toggle-collect).
PLAY_FUNCTION='arena::runner::worker::play_range*'

# Instructions of `arena run` of MATCHES matches: inside PLAY_FUNCTION with `play`, all of
# them with `all`.
count_run() {
  local what=$1 game=$2 players=$3 matches=$4
  local log="$work/callgrind.log" toggle=()
  [ "$what" = play ] && toggle=(--toggle-collect="$PLAY_FUNCTION")
  rm -rf "$work/out"
  # stdin from /dev/null: the loop over the budget's rows reads its own stdin.
  valgrind --tool=callgrind --callgrind-out-file=/dev/null "${toggle[@]}" \
    "$bin" run --game "$game" --players "$players" --matches "$matches" --bots random \
    --threads 1 --seed 3 --quiet --no-report --out "$work/out" </dev/null >/dev/null 2>"$log" || {
    echo "scripts/instructions.sh: arena run --game $game failed under callgrind:" >&2
    cat "$log" >&2
    exit 1
  }
  local count
  count=$(awk '/Collected :/ { n = $NF } END { print n }' "$log")
  if ! [[ "$count" =~ ^[0-9]+$ ]] || [ "$count" = 0 ]; then
    if [ "$what" = play ]; then
      echo "scripts/instructions.sh: callgrind counted nothing inside $PLAY_FUNCTION for $game; was the function renamed? (update PLAY_FUNCTION). Its output:" >&2
    else
      echo "scripts/instructions.sh: callgrind gave no count for $game. Its output:" >&2
    fi
    cat "$log" >&2
    exit 1
  fi
  echo "$count"
}

# The games and their runs: the budget file's rows (game, players, matches, then the budgets
# of play per match and of the rest of the run).
rows=$(grep -v -e '^#' -e '^tolerance' -e '^rustc' -e '^libc' "$budget_file" | awk 'NF { print $1, $2, $3, $4, $5 }')
tolerance=$(awk '$1 == "tolerance" { print $2 }' "$budget_file")
if ! [[ "$tolerance" =~ ^[0-9]+$ ]]; then
  echo "$budget_file: the line 'tolerance N' (a whole number of per cent) is missing or not a number: '$tolerance'" >&2
  exit 2
fi
# What the counts were made with, and what this machine has.
rustc_now=$(rustc -V 2>/dev/null || echo "no rustc")
# sed reads to the end: `head -n 1` closing the pipe early made ldd die of SIGPIPE now and
# then, and pipefail then appended "no ldd", which skipped the whole check.
libc_now=$( (ldd --version 2>/dev/null || echo "no ldd") | sed -n 1p)
rustc_then=$(awk '$1 == "rustc" { sub(/^rustc /, ""); print }' "$budget_file")
libc_then=$(awk '$1 == "libc" { sub(/^libc /, ""); print }' "$budget_file")
if [ "$mode" = check ] && { [ "$rustc_now" != "$rustc_then" ] || [ "$libc_now" != "$libc_then" ]; }; then
  echo "SKIPPED: the instruction budget: $budget_file was counted with '$rustc_then' and '$libc_then', this machine has '$rustc_now' and '$libc_now'; counts from another compiler or C library cannot be compared. Rewrite the file here (scripts/instructions.sh write BIN) in a commit of its own."
  exit 0
fi

status=0
new_rows=""
# Over by more than the tolerance (per cent) fails; a fall is welcome and only said.
compare() {
  local label=$1 count=$2 budget=$3
  local limit=$((budget + budget * tolerance / 100))
  local change
  change=$(awk -v n="$count" -v o="$budget" 'BEGIN { printf "%+.1f", 100 * (n - o) / o }')
  if [ "$count" -gt "$limit" ]; then
    echo "FAIL $label: $count instructions, budget $budget ($change%, more than ${tolerance}% over)" >&2
    status=1
  elif [ "$count" -lt $((budget - budget * tolerance / 100)) ]; then
    # Left as it is, the budget would let a later change take back this gain unnoticed.
    echo "ok   $label: $count instructions, budget $budget ($change%); NOTE: more than ${tolerance}% under, rewrite the budget (scripts/instructions.sh write BIN) to keep the gain"
  else
    echo "ok   $label: $count instructions, budget $budget ($change%)"
  fi
}
while read -r game players matches play_budget rest_budget; do
  play=$(count_run play "$game" "$players" "$matches")
  all=$(count_run all "$game" "$players" "$matches")
  per_match=$((play / matches))
  rest=$((all - play))
  new_rows+="$game $players $matches $per_match $rest"$'\n'
  case "$mode" in
    measure)
      echo "$game ($players players): $per_match instructions per random match, $rest for the rest of a $matches-match run"
      ;;
    check)
      compare "$game ($players players), play per match" "$per_match" "$play_budget"
      compare "$game ($players players), the rest of a $matches-match run" "$rest" "$rest_budget"
      ;;
  esac
done <<<"$rows"

if [ "$mode" = write ]; then
  {
    sed -n '/^#/p' "$budget_file"
    echo "tolerance $tolerance"
    echo "rustc $rustc_now"
    echo "libc $libc_now"
    printf '%s' "$new_rows"
  } >"$work/budget"
  mv "$work/budget" "$budget_file"
  echo "wrote $budget_file"
fi
if [ "$status" != 0 ]; then
  echo "A game's random run costs more instructions than its budget in $budget_file." >&2
  echo "If the cost is intended, rewrite the file with scripts/instructions.sh write BIN (a release build) and commit it on its own, saying why." >&2
fi
exit "$status"
