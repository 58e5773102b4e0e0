# Sourced by the browser checks (scripts/check-report-browser.sh, check-view-browser.sh,
# check-play-browser.sh): finds Chromium, installing it from Debian's packages where it is
# missing and apt can run (CI is root), and sets `browser` to its path; `need_playwright`
# does the same for node and npm, then installs playwright-core into scripts/view-browser/
# (`npm ci`, pinned by its package-lock.json). Where something cannot be had, it prints
# SKIPPED loudly and exits 0. The caller sets `check` to its name first.

skip() {
    echo "=================================================================="
    echo "SKIPPED: $check: $*"
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
need_playwright() {
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
}

# Sets `arena` to the binary to check: ARENA_BIN when given (CI gives the default suite's
# build, so a check never waits for cargo while other tests build), else this checkout's
# debug build, built now.
use_arena_binary() {
    arena=${ARENA_BIN:-}
    if [ -z "$arena" ]; then cargo build --quiet; arena=target/debug/arena; fi
}
