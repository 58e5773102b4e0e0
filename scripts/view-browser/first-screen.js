// The first screen of a report page, as a designer sees it on opening the page (the answer
// comes first, so it must be there before any scrolling):
// at 800x600 and 1280x800, the verdict (the element #answer every page gives its answer)
// lies wholly inside the window; no statistics term of the glossary shows in the text there
// (src/report/method.rs, GLOSSARY: the same terms); a run page's seat chart shows at least
// half its height; and no backtick shows anywhere in the page's text (code is shown as code).
// Used by report.js; each failure names the page, the window and what was found.
"use strict";
const path = require("path");

const SCREENS = [[800, 600], [1280, 800]];

// Runs in the page: the problems of its first screen, as lines. `terms` are
// [name, regex source] pairs (a regex cannot cross into the page).
function inspectFirstScreen(terms) {
  const problems = [];
  const h = window.innerHeight, w = window.innerWidth;
  window.scrollTo(0, 0);
  const answer = document.getElementById("answer");
  if (!answer) {
    problems.push("no verdict on the page (no element #answer)");
  } else {
    const r = answer.getBoundingClientRect();
    if (r.top < 0 || r.bottom > h + 1 || r.height === 0) {
      problems.push(`the verdict is not inside the first screen (it spans ${Math.round(r.top)}-${Math.round(r.bottom)} px of ${h})`);
    }
  }
  const chart = document.getElementById("seat-shares");
  if (chart) {
    const r = chart.querySelector("svg").getBoundingClientRect();
    const seen = Math.min(r.bottom, h) - Math.max(r.top, 0);
    if (seen < r.height / 2) {
      problems.push(`the seat chart is not on the first screen (${Math.max(0, Math.round(seen))} of its ${Math.round(r.height)} px show)`);
    }
  }
  // Every piece of text the window shows: a text node with a box inside it, an SVG's labels
  // too, but not the inside of a closed <details> (Chromium still lays it out, unseen). A
  // text that starts on the first screen counts whole.
  const hidden = (el) => {
    const closed = el.closest("details:not([open])");
    if (closed && !el.closest("summary")) return true;
    return el.checkVisibility ? !el.checkVisibility({ visibilityProperty: true }) : false;
  };
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const shown = [];
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    if (!n.textContent.trim() || hidden(n.parentElement)) continue;
    const range = document.createRange();
    range.selectNodeContents(n);
    const inside = Array.from(range.getClientRects()).some(
      (b) => b.width > 0 && b.height > 0 && b.bottom > 0 && b.top < h && b.right > 0 && b.left < w);
    if (inside) shown.push(n.textContent.replace(/\s+/g, " "));
  }
  const text = shown.join(" | ");
  for (const [name, source] of terms) {
    const m = new RegExp(source, "u").exec(text);
    if (m) {
      const context = text.slice(Math.max(0, m.index - 40), m.index + m[0].length + 40);
      problems.push(`the statistics term "${name}" on the first screen: "...${context}..."`);
    }
  }
  const all = document.body.textContent;
  const tick = all.indexOf("`");
  if (tick >= 0) {
    problems.push(`a backtick shows in the page's text: "...${all.slice(Math.max(0, tick - 40), tick + 40).replace(/\s+/g, " ")}..."`);
  }
  return problems;
}

// The glossary's terms as the page's text may spell them, each a word of its own.
const word = (s) => `(?<![\\p{L}\\p{N}_])${s}(?![\\p{L}\\p{N}_])`;
const TERMS = [
  ["pp", word("pp")],
  ["TOST", word("TOST")],
  ["Holm", word("Holm")],
  ["Clopper-Pearson", word("Clopper-Pearson")],
  ["Bonferroni", word("Bonferroni")],
  ["Pocock", word("Pocock")],
  ["Lan & DeMets", word("(?:Lan & )?DeMets")],
  ["Wilson", word("Wilson")],
  ["Elo", word("Elo")],
  ["omega squared", "omega squared|omega_squared|ω²"],
];

// Opens each NAME=PAGE at both first-screen sizes; returns the number of failures, having
// printed each (page, window size, what) and an ok line per page and size.
async function checkFirstScreens(browser, specs, shots) {
  let failed = 0;
  for (const spec of specs) {
    const [name, file] = spec.split("=");
    for (const [width, height] of SCREENS) {
      const page = await browser.newPage({ viewport: { width, height } });
      await page.goto("file://" + path.resolve(file));
      const problems = await page.evaluate(inspectFirstScreen, TERMS);
      if (shots) await page.screenshot({ path: path.join(shots, `${name}-${width}x${height}-first.png`) });
      if (problems.length) {
        failed++;
        console.log(`FAIL: ${name} at ${width}x${height} (first screen):\n  ` + problems.join("\n  "));
      } else {
        console.log(`ok: ${name} at ${width}x${height}: the verdict on the first screen, no statistics term there`);
      }
      await page.close();
    }
  }
  return failed;
}

module.exports = { checkFirstScreens, TERMS };
