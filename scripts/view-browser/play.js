// Plays a whole match of each game through `arena play`'s page in headless Chromium, by
// clicking the picture: at every move of a person it plays a move of the kind played least
// so far (so every kind of move is clicked), on the part of the picture the server names as
// the move's target (through the menu where several moves share it; a move with further
// parts, `also`, is played from one of those every other time), or on the picture's strip
// of moves when the move has no part of its own (roll again, pass). Pride & Preju-Dice is
// played twice: from seat 0, and from seats 1 and 3 at once (a page each, bots at seats 0 and
// 2 between them: a step the rules made, when it was folded into the step before it, once
// put its points in the log of the wrong seat). Tic-tac-toe is played with a seed above 2^53.
//
// At every decision it checks, on the page to move: every move whose target is named is
// drawn with that target; every move is offered on each of its parts; nothing on another
// seat's part of the picture is clickable; no menu of a part and not the keyboard list holds
// the same words twice, a move `same_as` another is offered nowhere, and the keyboard list
// is the options, each once (a LOW BLOW die's squares of one row are one); no text or hover
// text shows a rule id. On every page (Pride): a line about another seat's choice made in
// secret this round says it cannot be seen yet and shows no points, every other line of the
// round is the trace's step, and the points in the log add up, seat by seat, to the score
// the page shows for that seat. Once: the arrow keys move through a menu and Escape closes it;
// and where an option stands for several places, the advice is one share per option, the
// shares adding up to the whole, greedy's choice on one.
// At the end: the page's log has one line per step of the saved trace, each decision line
// naming its one mover; the end drawn equals the trace's end record; the seed shown is the
// trace's, digit for digit (read from the file as text); the result is in the first screen
// at 1280 and 800 px; once the match is over the page makes no request and logs no error,
// even after the server stops (1.5 s); the trace holds the moves clicked; Pride's log keeps
// no hidden line; Ctrl-C ends the server with exit code 0. Also: a forced move (the only
// legal one) plays itself; no console error; no request leaving the local server.
// It prints, per match, each move kind: how often it was legal, on the picture or on its
// strip of moves, and clicked. With SHOTS=DIR, saves DIR/play-<game>-1280.png and -800.png
// at the person's fourth decision, and reports where the first move sits at 800 px.
// Environment: CHROMIUM, ARENA (the binary), WORK (a folder), GAMES (optional: a
// comma-separated list of games to play).
"use strict";
const fs = require("fs");
const path = require("path");
const { spawn } = require("child_process");
const launch = require("./launch");

// [game, players, bots, seed, rule flags, people's seats]: greedy bots, as a new player meets
// them; TRICE once more on a one-row board against random bots, a match that reaches the swap
// phase (on the usual board greedy wins while placing), so its moves are clicked too. Seeds
// are strings: a seed above 2^53 is not a JavaScript number.
const BIG_SEED = "1796537081016307123";
const ALL = [["tictactoe", 2, "greedy", BIG_SEED], ["pig", 2, "greedy", "7"], ["trice", 2, "greedy", "7"],
  ["trice", 2, "random", process.env.TRICE_SWAP_SEED || "5", ["--set", "rows=1"]],
  ["low-blow", 3, "greedy", "7"], ["dardz", 4, "greedy", "7"], ["pride-prejudice", 4, "greedy", "7"],
  ["pride-prejudice", 4, "greedy", "7", [], [1, 3]], ["love-actually", 4, "greedy", "7"]];
// A registered game none of these names is played too, at its usual player count, so that a
// new game's page is clicked through before anyone writes its line here.
const REGISTERED = require("child_process").execFileSync(process.env.ARENA, ["games", "--names"], { encoding: "utf8" })
  .split("\n").filter((g) => g);
REGISTERED.filter((g) => !ALL.some(([a]) => a === g)).forEach((g) => ALL.push([g, null, "greedy", "7"]));
const only = (process.env.GAMES || "").split(",").filter((g) => g);
const GAMES = ALL.filter(([g]) => !only.length || only.includes(g));

// A rule id of the rules documents ("PP-10", "G-3"): the pages say the rule, not its number.
const RULE_ID = /\b(?:G|TR|LB|DZ|PP|LA)-\d+\b/;
// How long the page must stay quiet once the match is over.
const QUIET_MS = 1500;

// Servers still running when this script ends (a failed game) are stopped with it.
const servers = [];
process.on("exit", () => servers.forEach((c) => { if (c.exitCode === null) c.kill("SIGKILL"); }));

function startServer(game, players, bots, seed, flags, seats, out) {
  const people = [].concat(...seats.map((s) => ["--seat", String(s)]));
  const count = players === null ? [] : ["--players", String(players)];
  const child = spawn(process.env.ARENA, ["play", "--game", game].concat(count, ["--bots", bots,
    "--seed", seed, "--pace", "0", "--out", out], people, flags), { stdio: ["ignore", "pipe", "inherit"] });
  servers.push(child);
  return new Promise((resolve, reject) => {
    let text = "";
    child.stdout.on("data", (d) => {
      text += d;
      const urls = seats.map((s) => (text.match(new RegExp("http://127\\.0\\.0\\.1:\\d+/[0-9a-f]{32}/seat/" + s + "\\b")) || [])[0]);
      if (urls.every((u) => u)) resolve({ child, urls });
    });
    child.on("exit", (code) => reject(new Error(game + ": arena play exited early (" + code + "): " + text)));
  });
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// Wait until `fn(arg)` is true in the page, polling from here: the page's
// Content-Security-Policy forbids the eval that page.waitForFunction needs.
async function waitFor(page, fn, arg, timeout) {
  const until = Date.now() + timeout;
  while (!(await page.evaluate(fn, arg))) {
    if (Date.now() > until) throw new Error("waited " + timeout + " ms for " + fn);
    await sleep(25);
  }
}

// What the page offers now: the view's moves, which are drawn on the picture, and what is
// clickable outside the person's own part (a seat box of another seat). Moves `same_as`
// another are not offered: the other one stands for them.
function offered() {
  const v = window.arenaPlay.view();
  const drawn = new Set(Array.from(document.querySelectorAll("#picture [data-target]")).map((e) => e.getAttribute("data-target")));
  // A clickable part inside another seat's box must be a move aimed at that seat (its
  // target starts "seatN:" for that seat N): never the person's own move drawn there.
  const foreign = Array.from(document.querySelectorAll("#picture .clickable")).filter((e) => {
    const seat = e.closest(".seat");
    if (!seat || +seat.getAttribute("data-seat") === v.seat) return false;
    return !e.getAttribute("data-target").startsWith("seat" + seat.getAttribute("data-seat") + ":");
  }).map((e) => e.getAttribute("data-target"));
  const moves = v.moves.map((m) => ({ kind: m.kind, target: m.target, drawn: !!m.target && drawn.has(m.target),
    also: (m.also || []).filter((t) => drawn.has(t)), same: typeof m.same_as === "number" }));
  return {
    step: v.step, legal: v.legal, moves, foreign,
    forced: moves.filter((m) => !m.same).length === 1 && document.getElementById("auto").checked,
  };
}

// The menus and lists of the page to move, checked in the page: each part's menu (opened by
// clicking the part, then cancelled) and the keyboard list hold no words twice; every move is
// offered on each of its drawn parts, a move `same_as` another nowhere; the list holds each
// option (view.options) once, by its first move and in its words, and no other move. A
// part with one move is read from its hover text ("Click: ..."): clicking it would play it.
function menusChecked() {
  const v = window.arenaPlay.view(), problems = [];
  const parts = {};
  document.querySelectorAll("#picture [data-target]").forEach((e) => {
    const t = e.getAttribute("data-target");
    if (!parts[t]) parts[t] = e;
  });
  const offeredOn = {}; // target -> the words its menu (or its one move) offers
  document.querySelectorAll("#picture .clickable").forEach((el) => {
    const t = el.getAttribute("data-target"), title = el.title || "";
    const words = title.slice(title.lastIndexOf("Click: ") + 7).split("\n");
    if (title.lastIndexOf("Click: ") < 0) problems.push("the part " + t + " does not say what clicking it plays");
    if (words.length > 1) {
      el.click();
      const menu = document.getElementById("menu");
      if (menu.hidden) { problems.push("clicking " + t + ", which plays " + words.length + " moves, opened no menu"); return; }
      const said = Array.from(menu.querySelectorAll("button.menumove")).map((b) => b.textContent);
      menu.querySelector("button.menuclose").click();
      const dup = said.filter((w, i) => said.indexOf(w) !== i);
      if (dup.length) problems.push("the menu at " + t + " lists twice: " + dup.join(" | "));
      offeredOn[t] = said;
    } else {
      offeredOn[t] = words;
    }
  });
  const listed = Array.from(document.querySelectorAll("#moves button.move"));
  const texts = listed.map((b) => b.textContent);
  const dup = texts.filter((w, i) => texts.indexOf(w) !== i);
  if (dup.length) problems.push("the keyboard list has twice: " + dup.join(" | "));
  // The list holds each option once, by its first move and in its words; a move that is not
  // its option's first is not in the list (its option stands for it).
  const first = new Map((v.options || []).map((o) => [o.moves[0], o]));
  v.moves.forEach((m, k) => {
    const inList = listed.find((b) => +b.getAttribute("data-choice") === k);
    if (first.has(k)) {
      if (!inList) problems.push("the option of move " + k + " '" + first.get(k).text + "' is not in the keyboard list");
      else if (inList.textContent !== first.get(k).text) problems.push("the list says '" + inList.textContent + "' for the option '" + first.get(k).text + "'");
    } else if (inList) {
      problems.push("move " + k + " '" + v.legal[k] + "', not its option's first, is in the keyboard list");
    }
    if (typeof m.same_as === "number") return;
    [m.target].concat(m.also || []).filter((t) => t && parts[t]).forEach((t) => {
      if (!offeredOn[t]) problems.push("the part " + t + " of '" + v.legal[k] + "' is not clickable");
      else if (offeredOn[t].indexOf(v.legal[k]) < 0) problems.push("the part " + t + " does not offer '" + v.legal[k] + "'");
    });
  });
  return problems;
}

// The advice shown in the list: one hint per option, their shares adding up to 100% (each
// rounded to a whole percent) and greedy's choice on exactly one.
function adviceChecked() {
  const v = window.arenaPlay.view(), problems = [];
  const hints = Array.from(document.querySelectorAll("#moves li .hint")).map((h) => h.textContent);
  const n = (v.options || []).length;
  if (hints.length !== n) problems.push("the advice shows " + hints.length + " shares for " + n + " options");
  const sum = hints.reduce((s, h) => s + +((h.match(/(\d+)% of/) || [0, 0])[1]), 0);
  if (Math.abs(sum - 100) > n / 2 + 1) problems.push("the advice's shares add up to " + sum + "%");
  const greedy = hints.filter((h) => h.indexOf("greedy's choice") >= 0).length;
  if (greedy !== 1) problems.push("the advice marks " + greedy + " options greedy's choice");
  return problems;
}

// What one page shows now, for the checks of what a seat may see: its step and turn, the
// round's starter (Pride), its log lines, the score it shows for each seat, and any rule id in
// its words or hover texts.
function snapshot() {
  const v = window.arenaPlay.view();
  const scores = {};
  document.querySelectorAll("#picture .seat[data-seat]").forEach((el) => {
    const m = (el.querySelector("h3") || el).textContent.match(/score (-?\d+)/);
    if (m) scores[el.getAttribute("data-seat")] = +m[1];
  });
  const titles = Array.from(document.querySelectorAll("[title]")).map((e) => e.getAttribute("title"));
  const words = [document.body.innerText, document.getElementById("rules").textContent].concat(titles);
  const ruleId = words.map((w) => (w.match(/\b(?:G|TR|LB|DZ|PP|LA)-\d+\b/) || [])[0]).filter((w) => w);
  return { seat: v.seat, step: v.step, turn: v.turn.kind, starter: v.state_data && v.state_data.starter, round: v.state_data && v.state_data.round,
    log: Array.from(document.querySelectorAll("#log li")).map((li) => li.textContent), scores, ruleId };
}

// The saved trace's records (written after every step), read when it has at least `steps`
// (and is not half written).
async function traceRecords(out, steps) {
  for (let tries = 0; ; tries++) {
    let records = null;
    try {
      records = fs.readFileSync(out, "utf8").trim().split("\n").map((l) => JSON.parse(l));
    } catch (e) {
      if (tries > 40) throw e;
    }
    if (records && (records.filter((r) => r.event === "decision" || r.event === "chance").length >= steps || tries > 40)) return records;
    await sleep(50);
  }
}

// Pride: what seat `snap.seat` may read at its step. While a round is played, a step of a
// seat other than the reader and the round's starter is a choice made in secret: its line
// says it cannot be seen yet and shows no points (nor that it was the only move); every
// other line of the round is the trace's step. And the points in the log add up to the
// score shown for each seat.
function prideSeen(snap, records) {
  const problems = [], where = "seat " + snap.seat + " at step " + snap.step + ": ";
  const steps = records.filter((r) => r.event === "decision" || r.event === "chance");
  if (snap.turn === "player") {
    let from = 0; // the round's roll
    for (let k = 0; k < snap.step && k < steps.length; k++) if (steps[k].event === "chance") from = k;
    for (let k = from + 1; k < snap.step && k < steps.length; k++) {
      const r = steps[k], line = snap.log[k] || "";
      if (r.event !== "decision") continue;
      const head = "[" + (k + 1) + "] ";
      if (r.seat !== snap.seat && r.seat !== snap.starter) {
        if (line !== head + "seat " + r.seat + " made a choice you cannot see yet") {
          problems.push(where + "the line about seat " + r.seat + "'s secret choice reads '" + line + "'");
        }
      } else if (!line.includes(r.action)) {
        problems.push(where + "line " + (k + 1) + " '" + line + "' is not the trace's step '" + r.action + "'");
      }
    }
  }
  const sums = {};
  snap.log.forEach((line) => {
    for (const m of line.matchAll(/ · seat (\d+) ([+-]\d+) (?:in the|for a)/g)) sums[m[1]] = (sums[m[1]] || 0) + +m[2];
  });
  Object.keys(snap.scores).forEach((s) => {
    if ((sums[s] || 0) !== snap.scores[s]) {
      problems.push(where + "the log's points for seat " + s + " add up to " + (sums[s] || 0) + " but the page shows score " + snap.scores[s]);
    }
  });
  return problems;
}

// Whether a page's menu answers the keyboard: the arrow keys move between its buttons
// (round the ends), Escape closes it and the part that opened it has the focus again.
async function menuKeys(page, el) {
  const at = () => page.evaluate(() => Array.from(document.querySelectorAll("#menu button")).indexOf(document.activeElement));
  const problems = [];
  if ((await at()) !== 0) problems.push("an opened menu's first button does not have the focus");
  await page.keyboard.press("ArrowDown");
  if ((await at()) !== 1) problems.push("ArrowDown in a menu did not go to its second button");
  await page.keyboard.press("ArrowUp");
  await page.keyboard.press("ArrowLeft");
  const last = await page.evaluate(() => document.querySelectorAll("#menu button").length - 1);
  if ((await at()) !== last) problems.push("ArrowUp then ArrowLeft from a menu's first button did not go round to its last");
  await page.keyboard.press("ArrowRight");
  if ((await at()) !== 0) problems.push("ArrowRight from a menu's last button did not go round to its first");
  await page.keyboard.press("Escape");
  const closed = await page.evaluate((part) => document.getElementById("menu").hidden && document.activeElement === part, el);
  if (!closed) problems.push("Escape did not close the menu and give its part the focus back");
  await el.click();
  return problems;
}

// The problems found, one of each kind (the same words but for numbers and quoted text) with
// how many more there were: the match is played to its end whatever fails on the way, so
// that the end's checks run too.
function said(problems) {
  const kinds = new Map();
  problems.forEach((p) => {
    const key = p.replace(/'[^']*'/g, "''").replace(/\d+/g, "N");
    if (kinds.has(key)) kinds.get(key).more++; else kinds.set(key, { first: p, more: 0 });
  });
  return Array.from(kinds.values()).map((k) => k.first + (k.more ? " (and " + k.more + " more like it)" : "")).join("; ");
}

async function playOne(browser, game, players, bots, seed, flags, seats) {
  const label = game + (seats.length > 1 || seats[0] !== 0 ? "-seats" + seats.join("") : "");
  const out = path.join(process.env.WORK, label + "-" + bots + "-" + seed + ".json");
  const { child, urls } = await startServer(game, players, bots, seed, flags, seats, out);
  const origin = new URL(urls[0]).origin;
  const problems = [];
  const tables = []; // one per person's seat: {seat, page, requests, errors}
  for (let i = 0; i < seats.length; i++) {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const t = { seat: seats[i], page, requests: [], errors: [] };
    page.on("console", (m) => { if (m.type() === "error") { t.errors.push(Date.now()); problems.push("seat " + t.seat + " console: " + m.text()); } });
    page.on("pageerror", (e) => problems.push("seat " + t.seat + " page error: " + e));
    page.on("request", (r) => {
      t.requests.push({ at: Date.now(), url: r.url() });
      if (!r.url().startsWith(origin)) problems.push("request " + r.url());
    });
    await page.goto(urls[i]);
    tables.push(t);
  }
  const kinds = {}; // kind -> {legal, picture, bar, clicked}
  const chosen = {}; // seat -> the person's choices in order
  seats.forEach((s) => { chosen[s] = []; });
  let decisions = 0, forcedCount = 0, alsoClicked = 0, menuKeysDone = false, adviceDone = false, snapshots = 0;
  const shownAt = (t) => t.page.evaluate(() => {
    const v = window.arenaPlay.view();
    return { end: !!document.querySelector("#end"), ready: !!(v && v.yours && !window.arenaPlay.busy()), step: v ? v.step : -1 };
  });
  for (;;) {
    // The page to move, or every page at the end.
    let mover = null;
    const until = Date.now() + 60000;
    for (;;) {
      const states = [];
      for (const t of tables) states.push(await shownAt(t));
      if (states.every((s) => s.end)) break;
      const k = states.findIndex((s) => s.ready && !s.end);
      if (k >= 0) { mover = tables[k]; break; }
      if (Date.now() > until) throw new Error("waited 60 s for a page to move or end");
      await sleep(25);
    }
    if (!mover) break;
    const page = mover.page;
    const now = await page.evaluate(offered);
    decisions++;
    if (process.env.SHOTS && decisions === 4 && bots === "greedy" && tables.length === 1) {
      for (const width of [1280, 800]) {
        await page.setViewportSize({ width, height: 900 });
        const shot = path.join(process.env.SHOTS, "play-" + game + "-" + width + ".png");
        await page.screenshot({ path: shot });
        const y = await page.evaluate(() => {
          const first = document.querySelector("#picture .clickable, #bar button");
          return first ? Math.round(first.getBoundingClientRect().top + window.scrollY) : null;
        });
        console.log("screenshot " + shot + " (first move at y = " + y + " px)");
      }
      await page.setViewportSize({ width: 1280, height: 900 });
    }
    now.moves.forEach((m, k) => {
      if (m.same) return;
      const e = kinds[m.kind] || (kinds[m.kind] = { legal: 0, picture: 0, bar: 0, clicked: 0 });
      e.legal++;
      if (m.drawn) e.picture++; else e.bar++;
      if (m.target && !m.drawn) problems.push("step " + now.step + ": the move '" + now.legal[k] + "' names target " + m.target + " but the picture does not draw it");
    });
    if (now.foreign.length) problems.push("step " + now.step + ": clickable on another seat's part: " + now.foreign.join(", "));
    if (!now.forced) problems.push(...(await page.evaluate(menusChecked)).map((p) => "step " + now.step + ": " + p));
    // Once, where an option stands for several places (a LOW BLOW die's empty squares of one
    // row): the advice, asked for, is one share per option of the list, adding up to the
    // whole, with greedy's choice on one of them.
    if (!now.forced && !adviceDone && (await page.evaluate(() => (window.arenaPlay.view().options || []).some((o) => o.moves.length > 1)))) {
      adviceDone = true;
      await page.click("#advice");
      await waitFor(page, () => document.querySelectorAll("#moves .hint").length > 0, null, 30000);
      problems.push(...(await page.evaluate(adviceChecked)).map((p) => "step " + now.step + ": " + p));
    }
    // What every seat's page shows at this step (the others catch up first: the match waits).
    for (const t of tables) {
      if (t !== mover) await waitFor(t.page, (s) => !!window.arenaPlay.view() && window.arenaPlay.view().step >= s, now.step, 10000);
      const snap = await t.page.evaluate(snapshot);
      snapshots++;
      if (snap.ruleId.length) problems.push("seat " + t.seat + " at step " + snap.step + ": the page shows rule ids " + snap.ruleId.slice(0, 3).join(", "));
      if (game === "pride-prejudice") problems.push(...prideSeen(snap, await traceRecords(out, snap.step)));
    }
    let k;
    if (now.forced) {
      // The only legal move plays itself after a short pause.
      forcedCount++;
      k = now.moves.findIndex((m) => !m.same);
    } else {
      // The kind clicked least so far (then the earliest move of it).
      const order = now.moves.map((m, i) => i).filter((i) => !now.moves[i].same)
        .sort((a, b) => kinds[now.moves[a].kind].clicked - kinds[now.moves[b].kind].clicked || a - b);
      k = order[0];
      const m = now.moves[k];
      if (m.drawn) {
        // A move with further parts is played from one of them every other time.
        const target = m.also.length && decisions % 2 ? m.also[0] : m.target;
        if (target !== m.target) alsoClicked++;
        const el = await page.$$("#picture [data-target]").then(async (els) => {
          for (const e of els) if ((await e.getAttribute("data-target")) === target) return e;
          return null;
        });
        await el.click();
        if (await page.evaluate(() => !document.getElementById("menu").hidden)) {
          if (!menuKeysDone) { menuKeysDone = true; problems.push(...(await menuKeys(page, el))); }
          await page.click('#menu button.menumove[data-choice="' + k + '"]');
        }
      } else {
        await page.click('#bar button[data-choice="' + k + '"]');
      }
    }
    kinds[now.moves[k].kind].clicked++;
    chosen[mover.seat].push(k);
    await waitFor(page, (s) => !!(window.arenaPlay.view() && window.arenaPlay.view().step !== s), now.step, 60000);
  }
  const endAt = Date.now();
  // The end as each page shows it, then where its result sits at 1280 and at 800 px.
  const shown = [];
  for (const t of tables) {
    const page = t.page;
    const at = async (width) => {
      await page.setViewportSize({ width, height: 900 });
      return page.evaluate(() => {
        window.scrollTo(0, 0);
        const e = document.querySelector("#end");
        return e ? Math.round(e.getBoundingClientRect().bottom) : null;
      });
    };
    const bottom1280 = await at(1280), bottom800 = await at(800);
    const s = await page.evaluate(() => {
      const e = document.querySelector("#end");
      return e && { scores: JSON.parse(e.getAttribute("data-scores")), winners: JSON.parse(e.getAttribute("data-winners")), text: e.innerText.trim().replace(/\s*\n\s*/g, " / "),
        seed: e.getAttribute("data-seed"), log: Array.from(document.querySelectorAll("#log li")).map((li) => li.textContent) };
    });
    const snap = await page.evaluate(snapshot);
    shown.push({ seat: t.seat, bottom1280, bottom800, s, snap });
  }
  // Stop the server with the pages open: a page that still polled would log errors now.
  child.kill("SIGINT");
  const code = await new Promise((resolve) => child.on("exit", (c) => resolve(c)));
  if (code !== 0) problems.push("Ctrl-C ended the server with exit code " + code);
  await sleep(QUIET_MS);
  for (const t of tables) {
    const late = t.requests.filter((r) => r.at > endAt);
    if (late.length) problems.push("seat " + t.seat + ": " + late.length + " request(s) after the end (the page still polls): " + late[0].url);
    const errors = t.errors.filter((at) => at > endAt);
    if (errors.length) problems.push("seat " + t.seat + ": " + errors.length + " console error(s) after the end");
    await t.page.close();
  }
  // The saved trace, as text for its seed (JSON.parse would round a seed above 2^53).
  const text = fs.readFileSync(out, "utf8").trim();
  const records = text.split("\n").map((l) => JSON.parse(l));
  const seedText = (text.split("\n")[0].match(/"seed":"?(\d+)"?/) || [])[1];
  if (seedText !== seed) problems.push("the trace's seed " + seedText + " is not the seed given, " + seed);
  const end = records[records.length - 1];
  const steps = records.filter((r) => r.event === "decision" || r.event === "chance");
  if (end.event !== "end") problems.push("the saved trace has no end record");
  for (const { seat, bottom1280, bottom800, s, snap } of shown) {
    const who = "seat " + seat + ": ";
    if (!s) { problems.push(who + "the page shows no end"); continue; }
    if (JSON.stringify(s.scores) !== JSON.stringify(end.scores)) problems.push(who + "page scores " + JSON.stringify(s.scores) + " but the trace's end " + JSON.stringify(end.scores));
    if (JSON.stringify(s.winners) !== JSON.stringify(end.winners)) problems.push(who + "page winners " + JSON.stringify(s.winners) + " but the trace's " + JSON.stringify(end.winners));
    if (s.seed !== seedText || !s.text.includes("seed " + seedText)) problems.push(who + "the page shows seed " + s.seed + " ('" + s.text + "') but the trace's is " + seedText);
    if (bottom1280 === null || bottom1280 > 900) problems.push(who + "at 1280 px the result ends at y = " + bottom1280 + ", below the first screen (900 px)");
    if (bottom800 === null || bottom800 > 900) problems.push(who + "at 800 px the result ends at y = " + bottom800 + ", below the first screen (900 px)");
    // One line per step of the trace, each decision line naming its one mover first.
    if (s.log.length !== steps.length) problems.push(who + "the log has " + s.log.length + " lines but the trace " + steps.length + " steps (decisions and chance)");
    steps.forEach((r, k) => {
      const line = s.log[k] || "";
      if (line.indexOf("[" + (k + 1) + "] ") !== 0) { problems.push(who + "log line " + (k + 1) + " is '" + line + "'"); return; }
      if (r.event !== "decision") return;
      const m = line.match(/^\[\d+\] (?:\(you\) )?seat (\d+)\b/);
      if (!m || +m[1] !== r.seat) problems.push(who + "log line " + (k + 1) + " '" + line + "' does not name its mover, seat " + r.seat + ", first");
      // No other seat than the step's own: its mover, the seats its action names, those its
      // events score (a step folded into another named the other's mover and points).
      const own = new Set([String(r.seat)].concat((String(r.action).match(/\bseat (\d+)/g) || []).map((w) => w.slice(5)),
        (r.events || []).filter((e) => e && e.seat !== undefined).map((e) => String(e.seat))));
      const named = (line.match(/\bseat (\d+)/g) || []).map((w) => w.slice(5)).filter((x) => !own.has(x));
      if (named.length) problems.push(who + "log line " + (k + 1) + " '" + line + "' names seat " + named[0] + ", which is not its step's");
    });
    if (game === "pride-prejudice") {
      if (s.log.some((l) => /cannot see yet/.test(l))) problems.push(who + "the log still hides a choice after the match ended");
      problems.push(...prideSeen(snap, records));
    }
    if (snap.ruleId.length) problems.push(who + "the page shows rule ids at the end: " + snap.ruleId.slice(0, 3).join(", "));
  }
  // The people's own choices (a move the rules made without asking is no one's choice).
  seats.forEach((seat) => {
    const mine = records.filter((r) => r.event === "decision" && r.bot === "human" && r.seat === seat && !r.forced).map((r) => r.chosen);
    if (JSON.stringify(mine) !== JSON.stringify(chosen[seat])) problems.push("the trace's moves of seat " + seat + " " + JSON.stringify(mine) + " are not the ones clicked " + JSON.stringify(chosen[seat]));
  });
  const names = Object.keys(kinds).sort();
  const onPicture = names.filter((n) => kinds[n].picture === kinds[n].legal);
  const forcedSteps = records.filter((r) => r.forced).length;
  console.log(game + " (" + bots + " bots, seed " + seed + (flags.length ? " " + flags.join(" ") : "") + ", people at seat " + seats.join(", ") + "): " +
    decisions + " decisions (" + forcedCount + " forced, played by the page; " + forcedSteps + " steps the rules made), " + names.length + " move kinds, " +
    onPicture.length + " always on a part of the picture (the rest on its strip of moves), " + alsoClicked + " played from a further part; " +
    steps.length + " steps, " + snapshots + " page views checked" + (adviceDone ? ", the advice by option once" : "") + "; seed " + seedText + "; end " + (shown[0].s ? shown[0].s.text : "-") +
    (problems.length ? " -- FAILED: " + said(problems) : " -- ok"));
  names.forEach((n) => {
    const e = kinds[n];
    console.log("  " + label + " kind " + n + ": legal " + e.legal + " times, on a part of the picture " + e.picture + ", on the picture's strip of moves " + e.bar + ", clicked " + e.clicked);
  });
  return problems.length === 0;
}

async function main() {
  const browser = await launch();
  let failed = 0;
  for (const [game, players, bots, seed, flags, seats] of GAMES) {
    try {
      if (!(await playOne(browser, game, players, bots, seed, flags || [], seats || [0]))) failed++;
    } catch (e) {
      console.log(game + ": FAILED: " + e.message);
      failed++;
    }
  }
  await browser.close();
  process.exit(failed ? 1 : 0);
}

main();
