// Opens report.html pages in headless Chromium at each given width and checks what only a
// browser can measure: the page never scrolls sideways; every table sits in a
// scroll box whose "scroll →" cue shows exactly when the table is wider than the box; and in
// every chart, no text runs out of the picture, no label covers a point or another label.
// Then, at 800x600 and 1280x800, each page's first screen (first-screen.js): the verdict
// inside it, no statistics term there, no backtick anywhere.
// With --shots DIR it also saves a full-page screenshot of each page at each width (and of
// each first screen).
// Usage: node report.js [--shots DIR] WIDTH[,WIDTH...] NAME=PAGE.html...
"use strict";
const fs = require("fs");
const path = require("path");
const launch = require("./launch");
const { checkFirstScreens } = require("./first-screen");

// Runs in the page: the problems found, as lines.
function inspect() {
  const problems = [];
  const doc = document.documentElement;
  if (doc.scrollWidth > window.innerWidth + 1) {
    problems.push(`the page scrolls sideways (${doc.scrollWidth} px in ${window.innerWidth})`);
  }
  const boxes = Array.from(document.querySelectorAll("div.scroll"));
  for (const t of document.querySelectorAll("table")) {
    if (!t.closest("div.scroll")) problems.push("a table outside a scroll box");
  }
  let overflowing = 0;
  for (const box of boxes) {
    const cue = box.querySelector(".cue");
    const wide = box.scrollWidth > box.clientWidth + 1;
    overflowing += wide ? 1 : 0;
    // The cue shows when the browser finds it on top at its own centre, inside the box.
    window.scrollTo(0, box.getBoundingClientRect().top + window.scrollY - 100);
    const r = cue.getBoundingClientRect();
    const boxRect = box.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    const shown = hit === cue && r.right <= boxRect.right + 1 && r.left >= boxRect.left - 1;
    const head = (box.querySelector("tr") || {}).innerText || "";
    if (wide !== shown) {
      problems.push(`table "${head.slice(0, 40).replace(/\s+/g, " ")}": ${wide ? "scrolls without" : "fits but shows"} its cue`);
    }
    if (wide) {
      // Scrolled to the end, the cue goes: there is nothing more to see.
      box.scrollLeft = box.scrollWidth;
      const r3 = cue.getBoundingClientRect();
      const end = document.elementFromPoint(r3.left + r3.width / 2, r3.top + r3.height / 2);
      if (end === cue) problems.push(`table "${head.slice(0, 40)}": the cue stays at the end`);
      box.scrollLeft = 0;
    }
  }
  window.scrollTo(0, 0);
  const overlap = (a, b) => a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1;
  for (const fig of document.querySelectorAll("figure.chart")) {
    const svg = fig.querySelector("svg");
    const frame = svg.getBoundingClientRect();
    const texts = Array.from(svg.querySelectorAll("text")).filter((t) => t.textContent.trim() !== "");
    const boxes = texts.map((t) => t.getBoundingClientRect());
    texts.forEach((t, i) => {
      const b = boxes[i];
      if (b.left < frame.left - 1 || b.right > frame.right + 1 || b.top < frame.top - 1 || b.bottom > frame.bottom + 1) {
        problems.push(`chart ${fig.id}: "${t.textContent.trim()}" runs out of the picture`);
      }
    });
    for (let i = 0; i < texts.length; i++) {
      for (let j = i + 1; j < texts.length; j++) {
        if (overlap(boxes[i], boxes[j])) {
          problems.push(`chart ${fig.id}: "${texts[i].textContent.trim()}" overlaps "${texts[j].textContent.trim()}"`);
        }
      }
    }
    for (const c of svg.querySelectorAll("circle")) {
      const cb = c.getBoundingClientRect();
      texts.forEach((t, i) => {
        if (overlap(cb, boxes[i])) problems.push(`chart ${fig.id}: "${t.textContent.trim()}" covers a point`);
      });
    }
  }
  return { problems, tables: boxes.length, overflowing, charts: document.querySelectorAll("figure.chart").length };
}

async function main() {
  const args = process.argv.slice(2);
  let shots = null;
  if (args[0] === "--shots") { shots = args[1]; args.splice(0, 2); fs.mkdirSync(shots, { recursive: true }); }
  const widths = args.shift().split(",").map(Number);
  const browser = await launch();
  let failed = 0;
  for (const spec of args) {
    const [name, file] = spec.split("=");
    for (const width of widths) {
      const page = await browser.newPage({ viewport: { width, height: 900 } });
      const errors = [];
      page.on("console", (m) => { if (m.type() === "error") errors.push(m.text()); });
      page.on("pageerror", (e) => errors.push(String(e)));
      await page.goto("file://" + path.resolve(file));
      const found = await page.evaluate(inspect);
      if (shots) await page.screenshot({ path: path.join(shots, `${name}-${width}.png`), fullPage: true });
      const problems = found.problems.concat(errors.map((e) => "console: " + e));
      if (problems.length) {
        failed++;
        console.log(`FAIL: ${name} at ${width} px:\n  ` + problems.slice(0, 30).join("\n  "));
      } else {
        console.log(`ok: ${name} at ${width} px: ${found.charts} charts, ${found.tables} tables (${found.overflowing} scroll, each with its cue)`);
      }
      await page.close();
    }
  }
  failed += await checkFirstScreens(browser, args, shots);
  await browser.close();
  process.exit(failed ? 1 : 0);
}

main().catch((e) => { console.log("FAIL: " + e); process.exit(1); });
