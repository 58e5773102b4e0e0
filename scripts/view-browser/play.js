// Plays a whole match of each game through `arena play`'s page in headless Chromium, by
// clicking the picture: at every move of the person it plays a move of the kind played
// least so far (so every kind of move is clicked), on the part of the picture the server
// names as the move's target (through the menu where several moves share it), or on the
// picture's strip of moves when the move has no part of its own (roll again, pass). It checks: every move whose target is named
// is drawn with that target; nothing on another seat's part of the picture is clickable; a
// forced move (the only legal one) plays itself; no console error; no request leaving the
// local server; the end drawn equals the saved trace's end record; the trace holds the
// moves clicked; Pride's log keeps no hidden line at the end; Ctrl-C ends the server with
// exit code 0. It prints, per game, each move kind: how often it was legal, on the picture
// or on its strip of moves, and clicked. With SHOTS=DIR, saves DIR/play-<game>-1280.png and -800.png
// at the person's fourth decision, and reports where the first move sits at 800 px.
// Environment: CHROMIUM, ARENA (the binary), WORK (a folder), GAMES (optional: a
// comma-separated list of games to play).
"use strict";
const fs = require("fs");
const path = require("path");
const { spawn } = require("child_process");
const launch = require("./launch");

// [game, players, bots, seed, rule flags]: greedy bots, as a new player meets them; TRICE
// once more on a one-row board against random bots, a match that reaches the swap phase (on
// the usual board greedy wins while placing), so its moves are clicked too.
const ALL = [["tictactoe", 2, "greedy", 7], ["pig", 2, "greedy", 7], ["trice", 2, "greedy", 7], ["trice", 2, "random", +(process.env.TRICE_SWAP_SEED || 5), ["--set", "rows=1"]],
  ["low-blow", 3, "greedy", 7], ["dardz", 4, "greedy", 7], ["pride-prejudice", 4, "greedy", 7], ["love-actually", 4, "greedy", 7]];
const only = (process.env.GAMES || "").split(",").filter((g) => g);
const GAMES = ALL.filter(([g]) => !only.length || only.includes(g));

// Servers still running when this script ends (a failed game) are stopped with it.
const servers = [];
process.on("exit", () => servers.forEach((c) => { if (c.exitCode === null) c.kill("SIGKILL"); }));

function startServer(game, players, bots, seed, flags, out) {
  const child = spawn(process.env.ARENA, ["play", "--game", game, "--players", String(players), "--bots", bots,
    "--seed", String(seed), "--pace", "0", "--out", out].concat(flags), { stdio: ["ignore", "pipe", "inherit"] });
  servers.push(child);
  return new Promise((resolve, reject) => {
    let text = "";
    child.stdout.on("data", (d) => {
      text += d;
      const m = text.match(/http:\/\/127\.0\.0\.1:\d+\/[0-9a-f]{32}\/seat\/0/);
      if (m) resolve({ child, url: m[0] });
    });
    child.on("exit", (code) => reject(new Error(game + ": arena play exited early (" + code + "): " + text)));
  });
}

// Wait until `fn(arg)` is true in the page, polling from here: the page's
// Content-Security-Policy forbids the eval that page.waitForFunction needs.
async function waitFor(page, fn, arg, timeout) {
  const until = Date.now() + timeout;
  while (!(await page.evaluate(fn, arg))) {
    if (Date.now() > until) throw new Error("waited " + timeout + " ms for " + fn);
    await new Promise((r) => setTimeout(r, 25));
  }
}

// What the page offers now: the view's moves, which are drawn on the picture, and what is
// clickable outside the person's own part (a seat box of another seat).
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
  return {
    step: v.step, legal: v.legal, forced: v.legal.length === 1 && document.getElementById("auto").checked,
    moves: v.moves.map((m) => ({ kind: m.kind, target: m.target, drawn: !!m.target && drawn.has(m.target) })),
    foreign,
  };
}

async function playOne(browser, game, players, bots, seed, flags) {
  const out = path.join(process.env.WORK, game + "-" + bots + "-" + seed + ".json");
  const { child, url } = await startServer(game, players, bots, seed, flags || [], out);
  const origin = new URL(url).origin;
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  const problems = [];
  page.on("console", (m) => { if (m.type() === "error") problems.push("console: " + m.text()); });
  page.on("pageerror", (e) => problems.push("page error: " + e));
  page.on("request", (r) => { if (!r.url().startsWith(origin)) problems.push("request " + r.url()); });
  await page.goto(url);
  const kinds = {}; // kind -> {legal, picture, bar, clicked}
  const chosen = []; // the person's choices in order
  let decisions = 0, forcedCount = 0;
  for (;;) {
    await waitFor(page, () => !!(document.querySelector("#end") ||
      (window.arenaPlay.view() && window.arenaPlay.view().yours && !window.arenaPlay.busy())), null, 60000);
    if (await page.$("#end")) break;
    const now = await page.evaluate(offered);
    decisions++;
    if (process.env.SHOTS && decisions === 4 && bots === "greedy") {
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
      const e = kinds[m.kind] || (kinds[m.kind] = { legal: 0, picture: 0, bar: 0, clicked: 0 });
      e.legal++;
      if (m.drawn) e.picture++; else e.bar++;
      if (m.target && !m.drawn) problems.push("step " + now.step + ": the move '" + now.legal[k] + "' names target " + m.target + " but the picture does not draw it");
    });
    if (now.foreign.length) problems.push("step " + now.step + ": clickable on another seat's part: " + now.foreign.join(", "));
    let k;
    if (now.forced) {
      // The only legal move plays itself after a short pause.
      forcedCount++;
      k = 0;
    } else {
      // The kind clicked least so far (then the earliest move of it).
      const order = now.moves.map((m, i) => i).sort((a, b) => kinds[now.moves[a].kind].clicked - kinds[now.moves[b].kind].clicked || a - b);
      k = order[0];
      const m = now.moves[k];
      if (m.drawn) {
        const el = await page.$$("#picture [data-target]").then(async (els) => {
          for (const e of els) if ((await e.getAttribute("data-target")) === m.target) return e;
          return null;
        });
        await el.click();
        if (await page.evaluate(() => !document.getElementById("menu").hidden)) {
          await page.click('#menu button.menumove[data-choice="' + k + '"]');
        }
      } else {
        await page.click('#bar button[data-choice="' + k + '"]');
      }
    }
    kinds[now.moves[k].kind].clicked++;
    chosen.push(k);
    await waitFor(page, (s) => !!(window.arenaPlay.view() && window.arenaPlay.view().step !== s), now.step, 60000);
    if (problems.length > 5) break;
  }
  const shown = await page.evaluate(() => {
    const e = document.querySelector("#end");
    return e && { scores: JSON.parse(e.getAttribute("data-scores")), winners: JSON.parse(e.getAttribute("data-winners")), text: e.textContent,
      log: Array.from(document.querySelectorAll("#log li")).map((li) => li.textContent) };
  });
  await page.close();
  child.kill("SIGINT");
  const code = await new Promise((resolve) => child.on("exit", (c) => resolve(c)));
  if (code !== 0) problems.push("Ctrl-C ended the server with exit code " + code);
  const records = fs.readFileSync(out, "utf8").trim().split("\n").map((l) => JSON.parse(l));
  const end = records[records.length - 1];
  const mine = records.filter((r) => r.bot === "human");
  if (end.event !== "end") problems.push("the saved trace has no end record");
  else if (!shown) problems.push("the page shows no end");
  else {
    if (JSON.stringify(shown.scores) !== JSON.stringify(end.scores)) problems.push("page scores " + JSON.stringify(shown.scores) + " but the trace's end " + JSON.stringify(end.scores));
    if (JSON.stringify(shown.winners) !== JSON.stringify(end.winners)) problems.push("page winners " + JSON.stringify(shown.winners) + " but the trace's " + JSON.stringify(end.winners));
    if (game === "pride-prejudice" && shown.log.some((l) => /cannot see yet/.test(l))) problems.push("the log still hides a choice after the match ended");
  }
  if (JSON.stringify(mine.map((r) => r.chosen)) !== JSON.stringify(chosen)) problems.push("the trace's moves of the person " + JSON.stringify(mine.map((r) => r.chosen)) + " are not the ones clicked " + JSON.stringify(chosen));
  const names = Object.keys(kinds).sort();
  const onPicture = names.filter((n) => kinds[n].picture === kinds[n].legal);
  console.log(game + " (" + bots + " bots, seed " + seed + (flags ? " " + flags.join(" ") : "") + "): " + decisions + " decisions (" + forcedCount + " forced, played by the page), " + names.length + " move kinds, " +
    onPicture.length + " always on a part of the picture (the rest on its strip of moves); end " + (shown ? shown.text : "-") + (problems.length ? " -- FAILED: " + problems.join("; ") : " -- ok"));
  names.forEach((n) => {
    const e = kinds[n];
    console.log("  " + game + " kind " + n + ": legal " + e.legal + " times, on a part of the picture " + e.picture + ", on the picture's strip of moves " + e.bar + ", clicked " + e.clicked);
  });
  return problems.length === 0;
}

async function main() {
  const browser = await launch();
  let failed = 0;
  for (const [game, players, bots, seed, flags] of GAMES) {
    try {
      if (!(await playOne(browser, game, players, bots, seed, flags))) failed++;
    } catch (e) {
      console.log(game + ": FAILED: " + e.message);
      failed++;
    }
  }
  await browser.close();
  process.exit(failed ? 1 : 0);
}

main();
