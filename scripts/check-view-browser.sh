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

skip() {
    echo "=================================================================="
    echo "SKIPPED: view browser check: $*"
    echo "=================================================================="
    exit 0
}

browser=""
for b in chromium chromium-browser google-chrome; do
    if command -v "$b" >/dev/null 2>&1; then browser="$(command -v "$b")"; break; fi
done
if [ -z "$browser" ]; then
    if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
        echo "installing chromium from the Debian packages..."
        if ! (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium) >/tmp/arena-chromium-install.log 2>&1; then
            skip "chromium could not be installed (see /tmp/arena-chromium-install.log)"
        fi
        browser="$(command -v chromium)"
    else
        skip "no chromium, and apt-get cannot run here (not root or no apt)"
    fi
fi
if ! command -v node >/dev/null 2>&1 || ! command -v npm >/dev/null 2>&1; then
    # A new machine may lack them: Debian's packages, where apt can run (CI is root).
    if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
        echo "installing node and npm from the Debian packages..."
        (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nodejs npm) \
            >/tmp/arena-node-install.log 2>&1 \
            || skip "node and npm could not be installed (see /tmp/arena-node-install.log)"
    fi
fi
command -v node >/dev/null 2>&1 || skip "node is needed to drive the browser (playwright-core)"
command -v npm >/dev/null 2>&1 || skip "npm is needed to install playwright-core"
if [ ! -d scripts/view-browser/node_modules/playwright-core ]; then
    (cd scripts/view-browser && npm ci --no-audit --no-fund >/tmp/arena-view-npm.log 2>&1) \
        || skip "npm ci in scripts/view-browser failed (offline? see /tmp/arena-view-npm.log)"
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cargo build --quiet
arena=target/debug/arena
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
