// Opens report.html pages in headless Chromium at each given width and checks what only a
// browser can measure: the page never scrolls sideways; every table sits in a
// scroll box whose "scroll →" cue shows exactly when the table is wider than the box; and in
// every chart, no text runs out of the picture, no label covers a point or another label.
// Then, at 800x600 and 1280x800, each page's first screen (first-screen.js): the verdict
// inside it, no statistics term there, no backtick anywhere. Also, because a designer reads
// the game's words, not ours: no internal id of the game (an option kind, rule parameter,
// metric or length measure, as the folder's files name them) shows in the page's text
// outside code; and no two series' shaded bands in one chart overlap.
// With --shots DIR it also saves a full-page screenshot of each page at each width (and of
// each first screen).
// Usage: node report.js [--shots DIR] WIDTH[,WIDTH...] NAME=PAGE.html...
"use strict";
const fs = require("fs");
const path = require("path");
const launch = require("./launch");
const { checkFirstScreens } = require("./first-screen");

// Runs in the page: the problems found, as lines.
async function inspect() {
  // The cue follows the box's scroll (a scroll-driven animation), which the browser
  // updates on its next frames, as a reader sees it: wait for them after each scroll.
  const frames = () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
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
    await frames();
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
      await frames();
      const r3 = cue.getBoundingClientRect();
      const end = document.elementFromPoint(r3.left + r3.width / 2, r3.top + r3.height / 2);
      if (end === cue) problems.push(`table "${head.slice(0, 40)}": the cue stays at the end`);
      box.scrollLeft = 0;
      await frames();
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

// The ids of a page's folder (and of the folders it links to: a sweep's variants, an
// experiment's games and skill ladders), read from its files in Node: the rule parameters of
// manifest.json, the kinds of options.csv, the metrics of metrics.csv, the measures of
// lengths.csv, the varied keys of sweep.csv and the quantities of sweep_diff.csv. Only ids of
// more than one word count: `pass` or `turns` is a word in prose too.
function folderIds(page) {
  const ids = new Set();
  const column = (file, name) => {
    if (!fs.existsSync(file)) return [];
    const lines = fs.readFileSync(file, "utf8").split("\n").filter((l) => l !== "");
    const head = lines[0].split(",");
    const at = head.indexOf(name);
    return at < 0 ? [] : lines.slice(1).map((l) => l.split(",")[at]);
  };
  const visit = (dir) => {
    const manifest = path.join(dir, "manifest.json");
    if (fs.existsSync(manifest)) {
      const rules = JSON.parse(fs.readFileSync(manifest, "utf8")).rules;
      if (Array.isArray(rules)) rules.forEach((r) => ids.add(String(r.key)));
    }
    column(path.join(dir, "options.csv"), "kind").forEach((k) => ids.add(k));
    column(path.join(dir, "metrics.csv"), "metric").forEach((k) => ids.add(k));
    column(path.join(dir, "lengths.csv"), "measure").forEach((k) => ids.add(k));
    column(path.join(dir, "sweep_diff.csv"), "quantity").forEach((k) => ids.add(k));
    const sweep = path.join(dir, "sweep.csv");
    if (fs.existsSync(sweep)) {
      const head = fs.readFileSync(sweep, "utf8").split("\n")[0].split(",");
      head.slice(head.indexOf("folder") + 1, head.indexOf("matches")).forEach((k) => ids.add(k));
    }
  };
  const dir = path.dirname(path.resolve(page));
  visit(dir);
  for (const sub of [dir, path.join(dir, "skill")]) {
    if (!fs.existsSync(sub)) continue;
    for (const e of fs.readdirSync(sub, { withFileTypes: true })) {
      if (e.isDirectory()) visit(path.join(sub, e.name));
    }
  }
  return Array.from(ids).filter((id) => /^[a-z][a-z0-9]*(_[a-z0-9]+)+$/.test(id));
}

// Runs in the page: each id of `ids` found in the page's text (every text node of the body,
// a chart's included, hidden or not) outside code and pre, with the text around it.
function idsInText(ids) {
  const problems = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const seen = new Set();
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (node.parentElement.closest("code, pre, script, style")) continue;
    const text = node.textContent;
    for (const id of ids) {
      if (seen.has(id)) continue;
      const at = text.search(new RegExp(`(^|[^a-z0-9_])${id}($|[^a-z0-9_])`));
      if (at < 0) continue;
      seen.add(id);
      const where = node.parentElement.closest("figure.chart");
      const context = text.slice(Math.max(0, at - 30), at + id.length + 30).replace(/\s+/g, " ").trim();
      problems.push(`the id ${id} in the page's text${where ? ` (chart ${where.id})` : ""}, not in words: "${context}"`);
    }
  }
  return problems;
}

// Runs in the page: in each chart, two series' shaded bands (the SVG polygons; the margin
// band is a rectangle behind them all) that cover the same area beyond `tolerance` of the
// smaller one, measured on a grid of 2-unit cells through the browser's own fill test.
function overlappingBands(tolerance) {
  const problems = [];
  for (const fig of document.querySelectorAll("figure.chart")) {
    const bands = Array.from(fig.querySelectorAll("svg polygon"));
    const step = 2;
    const cells = (p, box) => {
      const hits = [];
      for (let x = box.x; x < box.x + box.width; x += step) {
        for (let y = box.y; y < box.y + box.height; y += step) {
          if (p.isPointInFill(new DOMPoint(x + step / 2, y + step / 2))) hits.push(`${x},${y}`);
        }
      }
      return hits;
    };
    const grid = (b) => ({ x: Math.floor(b.x / step) * step, y: Math.floor(b.y / step) * step, width: b.width + step, height: b.height + step });
    const filled = bands.map((p) => new Set(cells(p, grid(p.getBBox()))));
    for (let i = 0; i < bands.length; i++) {
      for (let j = i + 1; j < bands.length; j++) {
        let both = 0;
        for (const c of filled[i]) if (filled[j].has(c)) both++;
        const smaller = Math.min(filled[i].size, filled[j].size);
        if (smaller > 0 && both / smaller > tolerance) {
          problems.push(`chart ${fig.id}: shaded bands ${i + 1} and ${j + 1} overlap over ${Math.round((100 * both) / smaller)}% of the smaller (${both * step * step} px²)`);
        }
      }
    }
  }
  return problems;
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
      found.problems.push(...(await page.evaluate(idsInText, folderIds(file))));
      found.problems.push(...(await page.evaluate(overlappingBands, 0.05)));
      if (shots) await page.screenshot({ path: path.join(shots, `${name}-${width}.png`), fullPage: true });
      const problems = found.problems.concat(errors.map((e) => "console: " + e));
      if (problems.length) {
        failed++;
        console.log(`FAIL: ${name} at ${width} px:\n  ` + problems.slice(0, 30).concat(problems.slice(30).filter((p) => p.includes("shaded bands"))).join("\n  "));
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
