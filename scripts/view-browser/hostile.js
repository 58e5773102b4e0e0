// Hostile inputs against the pages arena writes.
//
//   node hostile.js make all|objects|targeted IN.jsonl OUT.jsonl
//     A trace with markup where data belongs: `all` puts it in every value (numbers too,
//     except the record kinds and the format the reader needs); `objects` puts there an
//     object that String() throws on; `targeted` puts markup in the places seen unescaped
//     before (TRICE's placements and die colours, the end scores, DARDZ's teams) and
//     `__proto__` among Pride's chosen dice.
//   node hostile.js check PAGE.html...
//     Opens each page in headless Chromium, steps through every match of a replay page,
//     and fails on any dialog, any request leaving the page, any console error, or any
//     element or handler attribute the data smuggled in. Then checks the page's
//     Content-Security-Policy by adding an inline script: it must not run.
"use strict";
const fs = require("fs");
const path = require("path");

const PAYLOAD = "\"'><img src=x onerror=alert(1)><svg onload=alert(2)></svg><script>alert(3)</script>" +
  "<a href=https://evil.example/>x</a><meta http-equiv=refresh content=0;url=https://evil.example/>";

// Every value that is not a list or an object replaced by `leaf`.
function hostileLeaves(v, leaf) {
  if (Array.isArray(v)) return v.map((x) => hostileLeaves(x, leaf));
  if (v && typeof v === "object") {
    const out = {};
    for (const k of Object.keys(v)) out[k] = hostileLeaves(v[k], leaf);
    return out;
  }
  return v === null ? null : leaf;
}

// An object that String() and `+` throw on.
const UNPRINTABLE = { toString: 0, valueOf: 0 };

function hostileColours(v) {
  if (Array.isArray(v)) return v.map(hostileColours);
  if (v && typeof v === "object") {
    const out = {};
    for (const k of Object.keys(v)) out[k] = k === "colour" ? PAYLOAD : hostileColours(v[k]);
    return out;
  }
  return v;
}

function make(mode, input, output) {
  const records = fs.readFileSync(input, "utf8").split("\n").filter((l) => l.trim()).map((l) => JSON.parse(l));
  const out = records.map((r) => {
    if (mode === "all" || mode === "objects") {
      const h = hostileLeaves(r, mode === "all" ? PAYLOAD : UNPRINTABLE);
      h.event = r.event;
      if (r.format !== undefined) h.format = r.format;
      return h;
    }
    const h = hostileColours(r);
    if (h.state_data && h.state_data.placements !== undefined) h.state_data.placements = PAYLOAD;
    if (h.event === "end") h.scores = (r.scores || [0, 0]).map(() => PAYLOAD);
    // DARDZ teams name their seats; Pride's choices name dice by index.
    if (h.state_data && Array.isArray(h.state_data.teams)) h.state_data.teams = [[PAYLOAD, 1], [2, 3]];
    if (h.state_data && h.state_data.choosing) h.state_data.choosing.chosen = ["__proto__", "constructor"];
    if (h.state_changes && h.state_changes.choosing) h.state_changes.choosing.chosen = ["__proto__", "constructor"];
    return h;
  });
  fs.writeFileSync(output, out.map((r) => JSON.stringify(r)).join("\n") + "\n");
}

async function check(files) {
  const launch = require("./launch");
  const browser = await launch();
  let failed = 0;
  for (const file of files) {
    const name = path.basename(path.dirname(file)) + "/" + path.basename(file);
    const page = await browser.newPage();
    const problems = [];
    let expectErrors = false;
    page.on("dialog", (d) => { problems.push("a dialog opened: " + d.message()); d.dismiss(); });
    page.on("console", (m) => { if (m.type() === "error" && !expectErrors) problems.push("console: " + m.text()); });
    page.on("pageerror", (e) => problems.push("page error: " + e));
    page.on("request", (r) => { if (r.url() !== "file://" + path.resolve(file)) problems.push("request " + r.url()); });
    await page.goto("file://" + path.resolve(file));
    // Elements a page of arena has only of its own (links: a report's to its replays):
    // counted at load, and any more is the data's.
    const SMUGGLED = "img, iframe, object, embed, script, a[href], meta, base, form, link, " +
      "[onerror], [onload], [onmouseover], [onclick]";
    const own = await page.evaluate((q) => document.querySelectorAll(q).length, SMUGGLED);
    const smuggled = () => page.evaluate((a) => document.querySelectorAll(a.q).length - a.own, { q: SMUGGLED, own });
    let steps = 0;
    const isReplay = await page.evaluate(() => !!window.arenaView);
    if (isReplay) {
      const matches = await page.evaluate(() => JSON.parse(document.getElementById("arena-trace").textContent).length);
      for (let k = 0; k < matches; k++) {
        await page.evaluate((k) => window.arenaView.load(k), k);
        const n = await page.evaluate(() => window.arenaView.steps());
        for (let i = 0; i <= n; i++) {
          await page.evaluate((i) => window.arenaView.go(i), i);
          const bad = await smuggled();
          if (bad) { problems.push(bad + " smuggled element(s) at match " + k + " step " + i); break; }
          steps++;
        }
      }
    } else if (await smuggled()) {
      problems.push("smuggled element(s) in the page");
    }
    const policy = await page.evaluate(() => {
      const m = document.querySelector('meta[http-equiv="Content-Security-Policy"]');
      return m ? m.getAttribute("content") : "";
    });
    if (!/default-src 'none'/.test(policy)) problems.push("no Content-Security-Policy with default-src 'none': " + JSON.stringify(policy));
    // The policy itself: a script the page did not bring must not run (its refusal is the
    // one console error expected here).
    expectErrors = true;
    const ran = await page.evaluate(() => {
      const s = document.createElement("script");
      s.textContent = "window.__ran = 1";
      document.body.appendChild(s);
      return window.__ran === 1;
    });
    expectErrors = false;
    if (ran) problems.push("an added inline script ran: the policy does not hold");
    if (problems.length) {
      failed++;
      console.log("FAIL: " + name + ": " + problems.slice(0, 5).join("; "));
    } else {
      console.log("ok: " + name + ": " + (isReplay ? steps + " steps drawn" : "opened") + ", nothing ran, policy: " + policy);
    }
    await page.close();
  }
  await browser.close();
  process.exit(failed ? 1 : 0);
}

const [mode, ...rest] = process.argv.slice(2);
if (mode === "make") make(rest[0], rest[1], rest[2]);
else if (mode === "check") check(rest).catch((e) => { console.log("FAIL: " + e); process.exit(1); });
else { console.log("usage: node hostile.js make all|targeted IN OUT | check PAGE..."); process.exit(2); }
