#!/usr/bin/env bash
# Browser check of `arena view` (issue 31): writes one replay page per game (7 games),
# opens each in headless Chromium (driven by playwright-core from npm, installed into
# scripts/view-browser/ with `npm ci`), steps through the whole match with the page's own
# forward button and checks: no console error and no request leaving the page, the picture
# changes at every step, and the final scores drawn equal the trace's end record.
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
for spec in "tictactoe 2" "pig 2" "trice 2" "low-blow 3" "dardz 4" "pride-prejudice 4" "love-actually 4"; do
    set -- $spec
    $arena view --game "$1" --players "$2" --seed 7 --match 3 --out "$work/$1.html" >/dev/null
done
# Team DARDZ draws its teams as teams.
$arena view --game dardz --players 4 --set teams=true --seed 7 --match 1 --out "$work/dardz-teams.html" >/dev/null

if CHROMIUM="$browser" node scripts/view-browser/check.js "$work"/*.html; then
    echo "view browser check passed"
else
    echo "view browser check FAILED"
    exit 1
fi
