// The pictures of every game, drawn from a state's `state_data` alone: shared by the
// replay page (arena view) and the play page (arena play). A drawing reads `current.start`
// (the bots' names, the start state) and `current.steps` (the step's events) of the page
// that includes it; on the play page a card or choice hidden from the seat is `null`.
"use strict";

function $(id) { return document.getElementById(id); }
// The one escaper of the pages' scripts: every value read from a trace or the server goes
// through it before it becomes HTML, numbers too (a hand-edited trace may hold a string
// where a number belongs). Safe in text and in a double-quoted attribute.
function esc(v) {
  return txt(v).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;").replace(/'/g, "&#39;");
}
// Any value as text, never throwing: an object from a trace may carry a `toString` that is
// not a function, which String() and `+` would throw on.
function txt(v) {
  if (v === null || typeof v !== "object") return String(v);
  try { return JSON.stringify(v); } catch (e) { return "?"; }
}
// Whether `table` has `key` of its own; a key from the data that is not text or a number
// (an object whose conversion to text throws) is never one.
function own(table, key) {
  return (typeof key === "string" || typeof key === "number") && Object.prototype.hasOwnProperty.call(table, key);
}
// A text for a player without the rule ids the rules documents use ("(PP-10)", "(DZ-9,
// G-3)", "LA-18" inside a parenthesis among other words): the page says the rule, not its
// number. Anything else in the parenthesis stays.
var RULE_ID = /^(?:G|TR|LB|DZ|PP|LA)-\d+$/;
function plain(text) {
  return txt(text).replace(/\s*\(([^()]*)\)/g, function (all, inner) {
    var kept = inner.split(/,\s*/).filter(function (w) { return !RULE_ID.test(w.trim()); });
    if (kept.length === inner.split(/,\s*/).length) return all;
    return kept.length ? all.slice(0, all.indexOf("(")) + "(" + kept.join(", ") + ")" : "";
  });
}
// A list from the data, or an empty one when it is not a list.
function list(v) { return Array.isArray(v) ? v : []; }
// A whole number from the data in [0, most], else 0: loops over a damaged trace stay short.
function upTo(v, most) { return typeof v === "number" && v >= 0 ? Math.min(Math.floor(v), most) : 0; }

// ---- drawing helpers ----------------------------------------------------------------

var COLOURS = { white: "#fff", purple: "#8a4fbf", orange: "#f08a24", red: "#d33",
  blue: "#2f6fd6", green: "#2a9d4a", yellow: "#e8c21a", black: "#222", pink: "#e77fb3" };
var PIPS = { 1: [[2, 2]], 2: [[1, 1], [3, 3]], 3: [[1, 1], [2, 2], [3, 3]],
  4: [[1, 1], [3, 1], [1, 3], [3, 3]], 5: [[1, 1], [3, 1], [2, 2], [1, 3], [3, 3]],
  6: [[1, 1], [3, 1], [1, 2], [3, 2], [1, 3], [3, 3]] };

// A colour's ink: one of the games' own colours (a name from the data is never CSS).
function colourOf(name) { return own(COLOURS, name) ? COLOURS[name] : "#fff"; }

// A die as inline SVG: pips for 1-6, the number otherwise.
function die(value, colour, size, mark) {
  size = size || 28;
  var fill = colourOf(colour);
  var ink = (colour === "white" || colour === "yellow" || !colour) ? "#222" : "#fff";
  var out = '<svg class="die" width="' + size + '" height="' + size + '" viewBox="0 0 40 40">' +
    '<title>' + esc((colour ? colour + " " : "") + value) + '</title>' +
    '<rect x="2" y="2" width="36" height="36" rx="7" fill="' + fill + '" stroke="' +
    (mark ? "#e08a00" : "#333") + '" stroke-width="' + (mark ? 5 : 2) + '"/>';
  if (own(PIPS, value)) {
    PIPS[value].forEach(function (p) {
      out += '<circle cx="' + (p[0] * 10) + '" cy="' + (p[1] * 10) + '" r="3.6" fill="' + ink + '"/>';
    });
  } else {
    out += '<text x="20" y="27" font-size="20" text-anchor="middle" fill="' + ink + '">' +
      esc(value) + '</text>';
  }
  return out + "</svg>";
}

function dice(items, size) {
  return list(items).map(function (d) {
    return typeof d === "object" && d ? die(d.value, d.colour, size) : die(d, "white", size);
  }).join("");
}

// The seat the page's person plays (the play page sets it; the replay has none): its box is
// marked `mine`, drawn first on a narrow screen.
var MY_SEAT = null;

function seatBox(seat, active, inner, extraTitle) {
  var bot = list(current.start.bots)[seat], mine = seat === MY_SEAT;
  return '<div class="seat' + (active ? " active" : "") + (mine ? " mine" : "") + '" data-seat="' + esc(seat) + '"><h3>seat ' +
    esc(seat) + (mine ? " · you" : bot ? " · " + esc(bot) : "") + (extraTitle || "") + "</h3>" + inner + "</div>";
}

function row(label, inner) {
  return '<div class="row"><span class="label">' + esc(label) + "</span>" + inner + "</div>";
}

function bits(mask, n) {
  var out = [];
  for (var i = 0; i < n; i++) out.push((mask >> i) & 1 ? 1 : 0);
  return out;
}

function tracks(count, of, cls) {
  var out = "";
  for (var i = 0; i < of; i++) out += '<span class="track' + (i < count ? " " + (cls || "on") : "") + '"></span>';
  return out;
}

// Squares named by this step's events (placements, swaps, Trice lines), for highlighting.
function squaresOfStep(i) {
  var out = {};
  if (i === 0) return out;
  list((current.steps[i - 1] || {}).events).forEach(function (e) {
    e = e || {};
    ["at", "from", "with"].forEach(function (k) { if (e[k] && e[k].square !== undefined) out[e[k].square] = 1; });
    if (e.line) list(e.line.squares).forEach(function (q) { out[q] = 1; });
    list(e.line).forEach(function (q) { out[q] = 1; });
    if (e.cell !== undefined) out[e.cell] = 1;
  });
  return out;
}


// ---- the registries each game's file fills ------------------------------------------

// DRAW[game](state, step): the picture's HTML. Parts a person can play carry
// `data-target` (the `target` the server names for each legal move, see play.js).
var DRAW = {};
// RULES[game]: the short panel of the game, {goal, turn, end, score, page} in plain words: filled
// from the game's how_to_play.md before its drawing (session/view/mod.rs, draw_script).
var RULES = {};
// WORDS[game](event): an event of a step in the rulebook's words, or null for the generic
// wording.
var WORDS = {};
// CARRY[game](state, carried): for a picture that shows what earlier states of the match
// showed (Pride: who chose which dice this round). Called on every state in order, with
// what the state before returned (null first); it may add `__`-named fields to the state for
// DRAW, and returns what this state carries on. Not every game has one.
var CARRY = {};

// TITLES[game]: the game's name as its rulebook writes it, filled from the registry before each game's drawing (the game's TITLE).
var TITLES = {};
function gameTitle(game) { return own(TITLES, game) ? TITLES[game] : txt(game); }

// The game explained, for a `<details>` element: the goal, a turn, the end, the score.
function rulesPanel(game) {
  var r = own(RULES, game) ? RULES[game] : null;
  if (!r) return "<summary>How to play " + esc(gameTitle(game)) + "</summary><p>No summary for this game.</p>";
  var part = function (head, text) { return text ? "<h4>" + esc(head) + "</h4><p>" + esc(text) + "</p>" : ""; };
  return "<summary>How to play " + esc(gameTitle(game)) + "</summary>" + part("Goal", r.goal) + part("A turn", r.turn) +
    part("How it ends", r.end) + part("Scoring", r.score) + part("On this page", r.page);
}

// An event of a step in words: the game's own wording where it has one, else its kind and
// fields spelled out.
function eventWords(game, e) {
  e = e || {};
  if (own(WORDS, game)) {
    var said = WORDS[game](e);
    if (typeof said === "string") return said;
  }
  var words = String(e.kind).replace(/_/g, " ");
  var rest = [];
  Object.keys(e).forEach(function (k) {
    if (k === "kind" || k === "seat" || k === "points") return;
    var v = e[k];
    if (v === null || v === undefined) return;
    v = typeof v === "object" ? txt(v).replace(/"/g, "") : txt(v);
    rest.push(k.replace(/_/g, " ") + " " + v);
  });
  var who = e.seat !== undefined ? "seat " + txt(e.seat) + " " : "";
  var pts = e.points !== undefined ? " (" + (e.points >= 0 ? "+" : "") + txt(e.points) + ")" : "";
  return who + words + pts + (rest.length ? ": " + rest.join(", ") : "");
}

// A tap or click on a part of the picture that explains itself (its `title`) and plays no
// move shows the explanation in #tip: a touch screen has no hover.
function installTips() {
  var pic = $("picture"), tip = $("tip");
  if (!pic || !tip) return;
  pic.addEventListener("click", function (e) {
    var el = e.target && e.target.closest ? e.target.closest("[title]") : null;
    if (!el || !pic.contains(el) || el.classList.contains("clickable")) return;
    tip.textContent = el.getAttribute("title");
  });
}

function drawGeneric(s) {
  return "<pre>" + esc(JSON.stringify(s, null, 1)) + "</pre>";
}

// The picture of state `s` at step `i` of `game`: its drawing, or, where the state is not
// what the drawing reads (a damaged or hand-edited trace), the state as text, said so.
function picture(game, s, i) {
  var draw = own(DRAW, game) ? DRAW[game] : drawGeneric;
  try {
    return draw(s, i);
  } catch (e) {
    return '<div class="label">This state cannot be drawn (' + esc(e && e.message) + "); as recorded:</div>" + drawGeneric(s);
  }
}

