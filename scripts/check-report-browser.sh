#!/usr/bin/env bash
# Browser check of report.html: renders the report of one run (DARDZ), one sweep
# (a real DARDZ 12-card sweep), a skill ladder (tic-tac-toe) and the default experiment's
# summary in headless Chromium, takes a screenshot of each and fails when a page is blank (one
# colour), logs a JavaScript error, or has a chart of zero size; then measures the pages at 800
# and 1280 px (scripts/view-browser/report.js: tables' scroll cues, charts' labels) and their
# first screens at 800x600 and 1280x800 (first-screen.js: the verdict there, no statistics
# term there, no backtick anywhere; also on a skill check's page and a tune's confirmation).
# Given SCREENSHOT_DIR, report.js keeps its pictures there too (NAME-WIDTH.png, whole pages;
# NAME-WIDTHxHEIGHT-first.png, first screens). Installs
# Chromium from the Debian packages when it is missing and apt can run (CI is root); where it
# cannot, it prints SKIPPED loudly and exits 0.
#
# Usage: scripts/check-report-browser.sh [SCREENSHOT_DIR]   (default: a temporary folder)
set -euo pipefail
cd "$(dirname "$0")/.."

check="report browser check"
source scripts/browser-env.sh
command -v python3 >/dev/null 2>&1 || skip "python3 is needed to inspect the screenshots"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
shots=${1:-$work/shots}
mkdir -p "$shots"

use_arena_binary
$arena run --game dardz --players 3 --matches 3000 --seed 7 --quiet --out "$work/dardz"
$arena sweep --game dardz --vary value_12=6,10,14 --matches 2000 --seed 7 --quiet --out "$work/sweep"
$arena run --matches 3000 --seed 7 --quiet --out "$work/experiment"
$arena ladder --game tictactoe --bots random,greedy,mcts-100 --max-matches 200 --seed 7 --quiet --out "$work/ladder"
# A lineup of different bots: the run page's seat, skill and luck in win shares.
$arena run --game low-blow --luck --matches 600 --seed 7 --quiet --out "$work/luck"
# A tune's confirmation: a sweep of the proposal against the baseline (measured only by
# report.js below).
$arena tune --game dardz --players 4 --bots greedy --matches 600 --confirm-matches 600 --seed 7 \
    --quiet --out "$work/tune" >/dev/null
$arena report "$work/tune/confirm" >/dev/null

status=0
for name in dardz sweep experiment ladder luck; do
    page="$work/$name/report.html"
    [ -s "$page" ] || { echo "FAIL: $name: no report.html"; status=1; continue; }
    png="$shots/$name.png"
    # The page must run no script; any console message of level error is a failure.
    timeout 120 "$browser" --headless --no-sandbox --disable-gpu --hide-scrollbars \
        --enable-logging=stderr --v=0 --window-size=1000,2400 \
        --screenshot="$png" "file://$page" 2>"$work/$name.log" || true
    if grep -E "Uncaught|CONSOLE\(.*\).*(Error|error)" "$work/$name.log"; then
        echo "FAIL: $name: JavaScript error on the page"; status=1
    fi
    # Every chart's box as the browser lays it out, on a phone-wide (390 px) frame: a
    # wrapper page of ours (not the report, which has no script) measures each SVG.
    cat >"$work/$name-measure.html" <<HTML
<!DOCTYPE html><html><body><iframe id="f" src="file://$page" style="width:390px;height:3000px"></iframe>
<script>
document.getElementById('f').onload = function () {
  var out = [];
  this.contentDocument.querySelectorAll('figure.chart svg').forEach(function (s) {
    var r = s.getBoundingClientRect();
    out.push(Math.round(r.width) + 'x' + Math.round(r.height));
  });
  var p = document.createElement('pre'); p.id = 'sizes'; p.textContent = 'SIZES ' + out.join(' ');
  document.body.appendChild(p);
};
</script></body></html>
HTML
    timeout 120 "$browser" --headless --no-sandbox --disable-gpu --allow-file-access-from-files \
        --virtual-time-budget=5000 --dump-dom "file://$work/$name-measure.html" \
        >"$work/$name.dom" 2>/dev/null || true
    sizes=$(grep -o '<pre id="sizes">SIZES[^<]*' "$work/$name.dom" | sed 's/<pre id="sizes">//' || true)
    if [ -z "$sizes" ] || [ "$sizes" = "SIZES " ]; then
        echo "FAIL: $name: the browser laid out no chart"; status=1
    elif echo "$sizes" | grep -Eq '(^| )0x|x0( |$)'; then
        echo "FAIL: $name: a chart of zero size: $sizes"; status=1
    else
        echo "ok: $name: charts laid out on a 390 px wide screen: ${sizes#SIZES }"
    fi
    python3 - "$png" "$page" "$name" <<'PY' || status=1
import re, struct, sys, zlib
png, page, name = sys.argv[1], sys.argv[2], sys.argv[3]
data = open(png, "rb").read()
if data[:8] != b"\x89PNG\r\n\x1a\n":
    sys.exit(f"FAIL: {name}: no PNG screenshot")
pos, idat, w = 8, b"", 0
while pos < len(data):
    ln, kind = struct.unpack(">I4s", data[pos:pos + 8])
    body = data[pos + 8:pos + 8 + ln]
    if kind == b"IHDR":
        w, h, depth, ctype = struct.unpack(">IIBB", body[:10])
    elif kind == b"IDAT":
        idat += body
    pos += 12 + ln
raw = zlib.decompress(idat)
bpp = {2: 3, 6: 4}.get(ctype, 3)
stride = w * bpp + 1
# Distinct byte values of a sample of rows (filter bytes included): a one-colour page gives
# only a handful; a page with text and charts gives many.
rows = [raw[i * stride:(i + 1) * stride] for i in range(0, h, max(1, h // 200))]
distinct = len(set(b for r in rows for b in r[1:]))
if distinct < 8:
    sys.exit(f"FAIL: {name}: the screenshot is blank ({distinct} distinct byte values)")
html = open(page, encoding="utf-8").read()
svgs = re.findall(r'<svg width="(\d+)" height="(\d+)"', html)
if not svgs:
    sys.exit(f"FAIL: {name}: no chart on the page")
for wd, ht in svgs:
    if int(wd) == 0 or int(ht) == 0:
        sys.exit(f"FAIL: {name}: a chart of zero size")
if "<script" in html:
    sys.exit(f"FAIL: {name}: the page has a script")
if name == "luck" and not all(f"<p>{w}: " in html for w in ("Seat", "Skill", "Luck")):
    sys.exit(f"FAIL: {name}: the page does not say seat, skill and luck")
print(f"ok: {name}: {w}x{h} screenshot, {distinct} distinct values, {len(svgs)} charts -> {png}")
PY
done
# What only a browser measures, at a laptop's width and a narrow window's: the page never
# scrolls sideways, a table wider than the page shows its "scroll →" cue and one that fits
# shows none, and no chart's text runs out of its picture or covers a point or another label.
# Also what a reader could not read: an id of the game (option kind, rule parameter, metric,
# as the folder's files name them) in the page's text outside code, where words belong, or two
# shaded bands of one chart over each other. Needs node and playwright-core
# (scripts/view-browser); said SKIPPED without them.
( need_playwright )
if [ -d scripts/view-browser/node_modules/playwright-core ]; then
    keep=()
    [ -n "${1:-}" ] && keep=(--shots "$shots")
    CHROMIUM="$browser" node scripts/view-browser/report.js "${keep[@]}" 800,1280 \
        dardz="$work/dardz/report.html" sweep="$work/sweep/report.html" \
        experiment="$work/experiment/report.html" ladder="$work/ladder/report.html" \
        experiment-dardz="$work/experiment/dardz/report.html" luck="$work/luck/report.html" \
        skill-dardz="$work/experiment/skill/dardz/report.html" \
        tune-confirm="$work/tune/confirm/report.html" || status=1
fi
[ "$status" = 0 ] && echo "report browser check passed" || echo "report browser check FAILED"
exit $status
