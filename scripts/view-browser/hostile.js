// Hostile inputs against the pages arena writes (issue 43).
//
//   node hostile.js make all|targeted IN.jsonl OUT.jsonl
//     A trace with markup where data belongs: `all` puts it in every value (numbers too,
//     except the record kinds and the format the reader needs); `targeted` in the places
//     seen unescaped before (TRICE's placements and die colours, the end scores).
//   node hostile.js check PAGE.html...
//     Opens each page in headless Chromium, steps through every match of a replay page,
//     and fails on any dialog, any request leaving the page, any console error, or any
//     element or handler attribute the data smuggled in. Then checks the page's
//     Content-Security-Policy by adding an inline script: it must not run.
"use strict";
const fs = require("fs");
const path = require("path");

const PAYLOAD = "\"'><img src=x onerror=alert(1)><svg onload=alert(2)></svg><script>alert(3)</script>";

function hostileLeaves(v) {
  if (Array.isArray(v)) return v.map(hostileLeaves);
  if (v && typeof v === "object") {
    const out = {};
    for (const k of Object.keys(v)) out[k] = hostileLeaves(v[k]);
    return out;
  }
  return v === null ? null : PAYLOAD;
}

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
    if (mode === "all") {
      const h = hostileLeaves(r);
      h.event = r.event;
      if (r.format !== undefined) h.format = r.format;
      return h;
    }
    const h = hostileColours(r);
    if (h.state_data && h.state_data.placements !== undefined) h.state_data.placements = PAYLOAD;
    if (h.event === "end") h.scores = (r.scores || [0, 0]).map(() => PAYLOAD);
    return h;
  });
  fs.writeFileSync(output, out.map((r) => JSON.stringify(r)).join("\n") + "\n");
}

async function check(files) {
  const { chromium } = require("playwright-core");
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
    args: ["--headless", "--no-sandbox", "--disable-background-networking",
      "--disable-component-update", "--disable-sync", "--no-first-run"],
  });
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
    const scripts = await page.evaluate(() => document.scripts.length);
    const smuggled = () => page.evaluate((scripts) =>
      document.querySelectorAll("img, iframe, object, embed, [onerror], [onload], [onmouseover], [onclick]").length +
      document.scripts.length - scripts, scripts);
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
