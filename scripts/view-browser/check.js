// Opens arena view pages in headless Chromium and checks each one: no console error, the
// picture changes at every step, the log shows no line after the current step (and the
// current one is in view), a move the rules made without asking (`forced`) says it was the
// only move, the seed shown is the trace's digit for digit (a string in the page: a seed above
// 2^53 is not a JavaScript number), and the scores drawn at the last step equal the trace's
// end record. With --shots DIR, it writes one screenshot per page instead (a step a
// third of the way in, so the table has something on it).
// Usage: node check.js [--shots DIR] PAGE.html...
"use strict";
const path = require("path");
const launch = require("./launch");

async function main() {
  const args = process.argv.slice(2);
  let shots = null;
  if (args[0] === "--shots") { shots = args[1]; args.splice(0, 2); }
  const browser = await launch();
  let failed = 0;
  for (const file of args) {
    const name = path.basename(file);
    const page = await browser.newPage({ viewport: shots ? { width: 960, height: 700 } : { width: 1100, height: 800 } });
    const errors = [];
    page.on("console", (m) => { if (m.type() === "error") errors.push(m.text()); });
    page.on("pageerror", (e) => errors.push(String(e)));
    // Nothing may be fetched: any request other than the page itself is an error.
    page.on("request", (r) => { if (!r.url().startsWith("file://")) errors.push("request " + r.url()); });
    await page.goto("file://" + path.resolve(file));
    const n = await page.evaluate(() => window.arenaView.steps());
    if (shots) {
      await page.evaluate((k) => window.arenaView.go(k), Math.floor(n / 3));
      const out = path.join(shots, "view-" + name.replace(/\.html$/, "") + ".png");
      await page.screenshot({ path: out, fullPage: false });
      console.log("screenshot " + out);
      await page.close();
      continue;
    }
    const problems = [];
    // The embedded trace, read here: which steps are forced, and the seed as the page has it.
    const html = require("fs").readFileSync(file, "utf8");
    const embedded = html.slice(html.indexOf('id="arena-trace" type="application/json">') + 41);
    const seed = (embedded.match(/"event":"start"[^\n]*?"seed":"(\d+)"/) || embedded.match(/"seed":"(\d+)"/) || [])[1];
    const who = await page.evaluate(() => document.getElementById("who").textContent);
    if (!seed || !who.includes("seed " + seed + " ")) problems.push("the page shows '" + who + "' but the trace's seed is " + seed);
    const forced = await page.evaluate(() => JSON.parse(document.getElementById("arena-trace").textContent)[0]
      .slice(1, -1).map((r) => r.forced === true));
    let before = await page.evaluate(() => document.getElementById("picture").innerHTML);
    for (let k = 1; k <= n; k++) {
      // Through the page's own controls: the forward button.
      await page.click("#forward");
      const now = await page.evaluate(() => document.getElementById("picture").innerHTML);
      if (now === before) problems.push("the picture did not change at step " + k);
      before = now;
      const caption = await page.evaluate(() => document.getElementById("caption").textContent);
      if (forced[k - 1] !== /\(only move\)/.test(caption)) {
        problems.push("step " + k + (forced[k - 1] ? " is forced but its caption does not say so: " : " is not forced but its caption says so: ") + caption);
      }
      // The log never shows what comes next: no line after the current step is inside the
      // visible part of the log box, and the current line is.
      const log = await page.evaluate((at) => {
        const box = document.getElementById("log").getBoundingClientRect();
        const inside = (li) => { const r = li.getBoundingClientRect(); return r.height > 0 && r.bottom > box.top + 1 && r.top < box.bottom - 1; };
        const items = Array.from(document.querySelectorAll("#log li"));
        const last = items.length - 1; // the end line, shown with the last step
        return { ahead: items.map((li, i) => (i > at && !(i === last && at === last - 1) && inside(li) ? i : -1)).filter((i) => i >= 0),
          here: !!items[at] && inside(items[at]) };
      }, k);
      if (log.ahead.length) problems.push("at step " + k + " the log shows later lines " + log.ahead.slice(0, 3).join(", "));
      if (!log.here) problems.push("at step " + k + " the current log line is not in view");
      if (problems.length > 3) break;
    }
    const drawn = await page.evaluate(() => ({
      final: document.getElementById("scores").getAttribute("data-final"),
      scores: Array.from(document.querySelectorAll("#scores td.score")).map((td) => Number(td.textContent)),
      end: window.arenaView.end().scores,
      step: +document.getElementById("jump").value,
    }));
    if (drawn.final !== "1" || drawn.step !== n) problems.push("not at the end after " + n + " steps");
    if (JSON.stringify(drawn.scores) !== JSON.stringify(drawn.end)) {
      problems.push("final scores drawn " + JSON.stringify(drawn.scores) + " but the end record says " + JSON.stringify(drawn.end));
    }
    // The keyboard steps back too.
    await page.keyboard.press("ArrowLeft");
    const back = await page.evaluate(() => +document.getElementById("jump").value);
    if (back !== n - 1) problems.push("ArrowLeft went to step " + back + ", not " + (n - 1));
    problems.push(...errors.map((e) => "console: " + e));
    if (problems.length) {
      failed++;
      console.log("FAIL: " + name + ": " + problems.join("; "));
    } else {
      console.log("ok: " + name + ": " + n + " steps (" + forced.filter((f) => f).length + " forced), the picture changed at each, seed " + seed + ", final scores " + JSON.stringify(drawn.scores));
    }
    await page.close();
  }
  await browser.close();
  process.exit(failed ? 1 : 0);
}

main().catch((e) => { console.log("FAIL: " + e); process.exit(1); });
