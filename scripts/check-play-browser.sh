#!/usr/bin/env bash
# Browser check of `arena play`: for each registered game (`arena games --names`), starts `arena play`
# (seat 0 a person, greedy bots, seed 7, no pace), opens the seat's page in headless
# Chromium (playwright-core) and plays a whole match by clicking the picture: at each move
# a move of the kind clicked least so far, on the part of the picture that plays it (or on
# the picture's strip of moves that have no part of their own), forced moves left to play
# themselves; Pride & Preju-Dice again from seats 1 and 3 at once (a page each), tic-tac-toe
# with seed 1796537081016307123 (above 2^53). Fails when a move's target is not drawn, when another
# seat's part plays the person's move, when a menu or the keyboard list has the same words
# twice, when the list is not one line per option (a LOW BLOW die's squares of one row are
# one) or the advice not one share per option, when a page shows a rule id, when a Pride seat's log shows another seat's secret
# choice (or its points) or its points do not add up to the scores it shows, when the log is
# not one line per step of the saved trace each naming its mover, when the seed shown is not
# the trace's digit for digit, when the result is not in the first screen at 1280 and 800 px,
# when the page makes a request or logs an error after the end (the server stopped), on a
# console error or a request leaving 127.0.0.1, when the end shown is not the saved trace's,
# or when Ctrl-C does not stop the server cleanly; prints per match each move kind and how
# often it was on the picture. GAMES=a,b plays only those games. With SHOTS=DIR it also
# saves screenshots at 1280 and 800 px (DIR/play-<game>-<width>.png). Prints SKIPPED loudly
# where it cannot run (see scripts/browser-env.sh).
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
if CHROMIUM="$browser" ARENA="$arena" WORK="$work" GAMES="${GAMES:-}" node scripts/view-browser/play.js; then
    echo "play browser check passed"
else
    echo "play browser check FAILED"
    exit 1
fi
