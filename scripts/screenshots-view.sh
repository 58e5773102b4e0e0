#!/usr/bin/env bash
# Regenerates docs/screenshots/view-<game>.png: one small screenshot of `arena view` per
# game (a third of the way through match 3 of seed 7), taken by headless Chromium through
# playwright-core (scripts/view-browser/). Needs chromium, node and npm.
# Usage: scripts/screenshots-view.sh [WORK_DIR [OUT_DIR [BROWSER]]]   (scripts/screenshots.sh
# calls it so; by default a temporary folder, docs/screenshots and the system chromium)
set -euo pipefail
cd "$(dirname "$0")/.."
out=${2:-docs/screenshots}
browser=${3:-$(command -v chromium || command -v chromium-browser || command -v google-chrome)} \
    || { echo "no chromium: install Debian's chromium package" >&2; exit 1; }
if [ ! -d scripts/view-browser/node_modules/playwright-core ]; then
    (cd scripts/view-browser && npm ci --no-audit --no-fund)
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cargo build --quiet
# Every registered game, at its usual player count.
games=$(target/debug/arena games --names)
for game in $games; do
    target/debug/arena view --game "$game" --seed 7 --match 3 --out "$work/$game.html" >/dev/null
done
CHROMIUM="$browser" node scripts/view-browser/check.js --shots "$out" "$work"/*.html
