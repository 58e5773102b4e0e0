#!/usr/bin/env bash
# Browser check of `arena view`: writes one replay page per registered game,
# opens each in headless Chromium (driven by playwright-core from npm, installed into
# scripts/view-browser/ with `npm ci`), steps through the whole match with the page's own
# forward button and checks: no console error and no request leaving the page, the picture
# changes at every step, a forced step says it was the only move, the seed shown is the
# trace's (one page has a seed above 2^53), and the final scores drawn equal the trace's
# end record. Then
# hostile inputs: a replay of a trace with markup in every value (and one in the
# places seen unescaped before) for every game, and the report of a run whose notable.json
# carries markup; each page is stepped through and must open no dialog, make no request,
# log no console error, gain no element from the data, and refuse an added script (its
# Content-Security-Policy).
# Installs Chromium from the Debian packages when it is missing and apt can run (CI is
# root); where something cannot be had (no chromium, no node/npm, no registry), it prints
# SKIPPED loudly and exits 0.
#
# Usage: scripts/check-view-browser.sh
set -euo pipefail
cd "$(dirname "$0")/.."

check="view browser check"
source scripts/browser-env.sh
need_playwright

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
use_arena_binary
# Every registered game, at its usual player count.
games=$($arena games --names)
for game in $games; do
    $arena view --game "$game" --seed 7 --match 3 --out "$work/$game.html" >/dev/null
done
# Team DARDZ draws its teams as teams.
$arena view --game dardz --players 4 --set teams=true --seed 7 --match 1 --out "$work/dardz-teams.html" >/dev/null
# A seed above 2^53 is shown digit for digit.
$arena view --game pride-prejudice --players 4 --seed 1796537081016307123 --match 0 --out "$work/pride-big-seed.html" >/dev/null

status=0
CHROMIUM="$browser" node scripts/view-browser/check.js "$work"/*.html || status=1

mkdir "$work/hostile"
for game in $games; do
    $arena trace --game "$game" --seed 3 --match 0 --format json >"$work/$game.jsonl"
    for mode in all objects targeted; do
        node scripts/view-browser/hostile.js make "$mode" "$work/$game.jsonl" "$work/$game-$mode.jsonl"
        $arena view --trace "$work/$game-$mode.jsonl" --out "$work/hostile/$game-$mode.html" >/dev/null
    done
done
# DARDZ with teams: the drawing names each team's seats.
$arena trace --game dardz --players 4 --set teams=true --seed 3 --match 0 --format json >"$work/dardz-teams.jsonl"
node scripts/view-browser/hostile.js make targeted "$work/dardz-teams.jsonl" "$work/dardz-teams-targeted.jsonl"
$arena view --trace "$work/dardz-teams-targeted.jsonl" --out "$work/hostile/dardz-teams-targeted.html" >/dev/null
$arena run --game pig --matches 200 --seed 3 --out "$work/run" --quiet >/dev/null
node -e '
  const fs = require("fs"), f = process.argv[1], n = JSON.parse(fs.readFileSync(f, "utf8"));
  const bad = "\"><img src=x onerror=alert(1)><script>alert(2)</script>";
  n.rules = bad;
  n.picks.forEach((p) => { p.title = bad; p.why = bad; });
  fs.writeFileSync(f, JSON.stringify(n));' "$work/run/notable.json"
$arena report "$work/run" >/dev/null
CHROMIUM="$browser" node scripts/view-browser/hostile.js check "$work"/hostile/*.html "$work/run/report.html" \
    "$work/run/matches/"*.html || status=1

if [ "$status" = 0 ]; then
    echo "view browser check passed"
else
    echo "view browser check FAILED"
    exit 1
fi
