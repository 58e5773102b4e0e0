#!/usr/bin/env bash
# Browser check of `arena play`: for each of the seven games, starts `arena play`
# (seat 0 a person, random bots, seed 7, no pace), opens the seat's page in headless
# Chromium (playwright-core) and plays a whole match by clicking the first legal action
# every time; checks no console error and no request leaving 127.0.0.1, that the end shown
# on the page is the result the saved trace records, and that Ctrl-C stops the server
# cleanly. With SHOTS=DIR it also saves a screenshot of a position from the person's seat
# per game (DIR/play-<game>.png). Prints SKIPPED loudly where it cannot run (see
# scripts/browser-env.sh).
#
# Usage: scripts/check-play-browser.sh
set -euo pipefail
cd "$(dirname "$0")/.."

check="play browser check"
source scripts/browser-env.sh
need_playwright

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
use_arena_binary
if CHROMIUM="$browser" ARENA="$arena" WORK="$work" node scripts/view-browser/play.js; then
    echo "play browser check passed"
else
    echo "play browser check FAILED"
    exit 1
fi
