// Plays a whole match of each game through `arena play`'s page in headless Chromium, always
// clicking the first legal action (on the picture where a square, box or card plays it,
// else in the list), and checks: no console error, no request leaving the
// local server, the end drawn on the page equals the saved trace's end record, and Ctrl-C
// (SIGINT) ends the server with exit code 0. With SHOTS=DIR, saves DIR/play-<game>.png at
// the person's fourth move. Environment: CHROMIUM, ARENA (the binary), WORK (a folder).
"use strict";
const fs = require("fs");
const path = require("path");
const { spawn } = require("child_process");
const launch = require("./launch");

const GAMES = [["tictactoe", 2], ["pig", 2], ["trice", 2], ["low-blow", 3], ["dardz", 4], ["pride-prejudice", 4], ["love-actually", 4]];

// Servers still running when this script ends (a failed game) are stopped with it.
const servers = [];
process.on("exit", () => servers.forEach((c) => { if (c.exitCode === null) c.kill("SIGKILL"); }));

function startServer(game, players, out) {
  const child = spawn(process.env.ARENA, ["play", "--game", game, "--players", String(players), "--bots", "random",
    "--seed", "7", "--pace", "0", "--out", out], { stdio: ["ignore", "pipe", "inherit"] });
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

async function playOne(browser, game, players) {
  const out = path.join(process.env.WORK, game + ".json");
  const { child, url } = await startServer(game, players, out);
  const origin = new URL(url).origin;
  const page = await browser.newPage({ viewport: { width: 1100, height: 800 } });
  const problems = [];
  page.on("console", (m) => { if (m.type() === "error") problems.push("console: " + m.text()); });
  page.on("pageerror", (e) => problems.push("page error: " + e));
  page.on("request", (r) => { if (!r.url().startsWith(origin)) problems.push("request " + r.url()); });
  await page.goto(url);
  let clicks = 0, pictureClicks = 0;
  for (;;) {
    // Wait until the page offers a move or shows the end.
    await waitFor(page, () => !!(document.querySelector("#end") ||
      (document.querySelector("button.move") && !window.arenaPlay.busy())), null, 60000);
    if (await page.$("#end")) break;
    const step = await page.evaluate(() => window.arenaPlay.view().step);
    if (process.env.SHOTS && clicks === 3) {
      const shot = path.join(process.env.SHOTS, "play-" + game + ".png");
      await page.screenshot({ path: shot });
      console.log("screenshot " + shot);
    }
    // The first legal action: on the picture where a part of it plays that action (a
    // square, a box, a card), else on the list.
    const onPicture = await page.evaluate(() => {
      const first = window.arenaPlay.view().legal[0];
      const el = Array.from(document.querySelectorAll("#picture .clickable")).find((e) => e.title === first);
      if (el) { el.click(); return true; }
      return false;
    });
    if (onPicture) pictureClicks++;
    else await page.click("button.move >> nth=0");
    clicks++;
    await waitFor(page, (s) => !!(window.arenaPlay.view() && window.arenaPlay.view().step !== s), step, 60000);
    if (problems.length) break;
  }
  const shown = await page.evaluate(() => {
    const e = document.querySelector("#end");
    return e && { scores: JSON.parse(e.getAttribute("data-scores")), winners: JSON.parse(e.getAttribute("data-winners")), text: e.textContent };
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
  }
  if (mine.length !== clicks) problems.push(clicks + " clicks but " + mine.length + " moves of the person in the trace");
  if (mine.some((r) => r.chosen !== 0)) problems.push("a move other than the first legal action was played");
  if (["tictactoe", "trice", "pride-prejudice", "love-actually"].includes(game) && pictureClicks === 0) {
    problems.push("no move was played by clicking the picture");
  }
  console.log(game + ": " + clicks + " clicks (" + pictureClicks + " on the picture), " + records.length + " trace records, end " + (shown ? shown.text : "-") +
    (problems.length ? " -- FAILED: " + problems.join("; ") : " -- ok"));
  return problems.length === 0;
}

async function main() {
  const browser = await launch();
  let failed = 0;
  for (const [game, players] of GAMES) {
    try {
      if (!(await playOne(browser, game, players))) failed++;
    } catch (e) {
      console.log(game + ": FAILED: " + e.message);
      failed++;
    }
  }
  await browser.close();
  process.exit(failed ? 1 : 0);
}

main();
