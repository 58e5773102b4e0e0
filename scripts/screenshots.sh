#!/usr/bin/env bash
# Regenerates docs/screenshots/: the reports of the default experiment's
# summary (all seven games), a DARDZ run, a run of different bots, a sweep, a tune and a ladder
# (and the summary, a run and a sweep at 800 and 1280 px wide), rendered by
# headless Chromium from a release build of a clean tree, so every picture is of committed
# code: no "-dirty" version, and no machine path (every command runs as `arena` from a
# temporary folder with relative output folders).
#
# Usage: scripts/screenshots.sh [--allow-dirty] [OUT_DIR]   (default: docs/screenshots)
#
# When scripts/screenshots-view.sh exists, it is called after the pictures here as
#   scripts/screenshots-view.sh WORK_DIR OUT_DIR BROWSER
# with the result folders in WORK_DIR, for pictures of its own.
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$(pwd)

allow_dirty=0
if [ "${1:-}" = "--allow-dirty" ]; then allow_dirty=1; shift; fi
out=${1:-docs/screenshots}
case "$out" in /*) ;; *) out="$repo/$out" ;; esac

if [ -n "$(git status --porcelain --untracked-files=no)" ]; then
    if [ "$allow_dirty" = 1 ]; then
        echo "warning: the tree has uncommitted changes: the pictures will show a -dirty version" >&2
    else
        echo "error: the tree has uncommitted changes; commit them first (or --allow-dirty for a trial)" >&2
        exit 2
    fi
fi

browser=""
for b in /usr/bin/chromium chromium chromium-browser google-chrome; do
    if command -v "$b" >/dev/null 2>&1; then browser=$(command -v "$b"); break; fi
done
[ -n "$browser" ] || { echo "error: no chromium found (apt-get install chromium)" >&2; exit 2; }

cargo build --release --quiet
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/bin" "$out"
ln -s "$repo/target/release/arena" "$work/bin/arena"
export PATH="$work/bin:$PATH"
# The rules files the runs name are found relative to the work folder, as in a checkout.
ln -s "$repo/configs" "$work/configs"
ln -s "$repo/bots" "$work/bots"
cd "$work"

echo "playing the runs (a few minutes)..."
arena run --matches 20000 --seed 7 --quiet --out experiment
arena run --game dardz --players 4 --matches 20000 --seed 7 --quiet --out dardz
arena run --game love-actually --players 4 --bots greedy,random,random,random --matches 4000 --seed 7 --quiet --out mixed-bots
arena sweep --game dardz --players 4 --vary value_12=6,8,10,12 --matches 20000 --seed 7 --quiet --out sweep
arena tune --game dardz --players 4 --bots greedy --matches 4000 --confirm-matches 4000 --seed 7 --quiet --out tune
arena report tune/confirm >/dev/null
arena ladder --game tictactoe --bots random,greedy,mcts-100 --max-matches 200 --seed 7 --quiet --out ladder

shoot() { # NAME PAGE
    local png="$out/$1.png"
    timeout 120 "$browser" --headless --no-sandbox --disable-gpu --hide-scrollbars \
        --window-size=1000,2400 --screenshot="$png" "file://$work/$2" >/dev/null 2>&1 || true
    [ -s "$png" ] || { echo "error: no screenshot of $2" >&2; exit 1; }
    echo "  $png"
}
echo "screenshots:"
shoot default-experiment-summary experiment/report.html
shoot dardz-run dardz/report.html
shoot mixed-bots-run mixed-bots/report.html
shoot sweep sweep/report.html
shoot tune tune/confirm/report.html
shoot ladder ladder/report.html

# The summary, a DARDZ run and a DARDZ sweep as whole pages at 800 and 1280 px wide, a narrow
# window's width and a laptop's (summary-800.png, ... sweep-1280.png), each page measured as
# it is taken (scripts/view-browser/report.js: no sideways scroll, tables' scroll cues,
# charts' labels).
if [ -d "$repo/scripts/view-browser/node_modules/playwright-core" ]; then
    mkdir widths && (
        cd widths
        arena sweep --game dardz --players 4 --vary value_12=4,6,8,10,12 --matches 2000 --quiet --out sweep
        arena run --game dardz --players 4 --matches 2000 --quiet --out run
        arena run --matches 2000 --quiet --out default
        CHROMIUM="$browser" node "$repo/scripts/view-browser/report.js" --shots "$out" 800,1280 \
            summary=default/report.html run=run/report.html sweep=sweep/report.html
    )
else
    echo "note: no playwright-core in scripts/view-browser (npm ci there): no pictures at 800 and 1280 px"
fi

if [ -x "$repo/scripts/screenshots-view.sh" ]; then
    "$repo/scripts/screenshots-view.sh" "$work" "$out" "$browser"
fi
# A position of each game from a person's seat in `arena play` (the play browser check,
# which plays whole matches, saving a picture at the person's fourth move).
if [ -x "$repo/scripts/check-play-browser.sh" ]; then
    (cd "$repo" && SHOTS="$out" bash scripts/check-play-browser.sh)
fi
