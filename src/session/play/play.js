// arena play: one person's seat at the table. The page asks the local server for what this
// seat may see (/api/seat/N/view: the seat's view of the state, its legal moves with where
// each is played on the picture, the log as the seat may read it), draws the table with the
// replay viewer's drawings, and posts the chosen move. The server keeps the match: a
// refresh shows the same match.

var SEAT = +document.body.getAttribute("data-seat");
var API = document.body.getAttribute("data-api");
MY_SEAT = SEAT;
var current = { start: { bots: [], state_data: {} }, steps: [] };
var view = null;
var busy = false;
var advice = null;
var logTexts = []; // the log lines shown, to redraw any the server has since revealed
var forcedTimer = null;
// A forced move (the only legal one) plays itself after this pause, so the person sees it.
var FORCED_PAUSE = 700;

function post(what, body) {
  return fetch(API + what, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body || {}) })
    .then(function (r) { return r.json().then(function (j) { return { ok: r.ok, status: r.status, body: j }; }); });
}

// ---- moves on the picture -------------------------------------------------------------

// Each legal move k names a `target` (view.moves[k]), and may name `also` further parts
// that play the same move (a Pride pair of dice, played from either die): each drawn part
// with that `data-target` plays it, through a small menu when several moves share the part.
// Moves whose parts the picture does not draw (a pass, "roll again") are buttons on the
// picture's strip of moves under its caption. Only the person's own moves have targets, so
// nothing else is clickable (another seat's sheet never plays a move). A move `same_as` an
// earlier one (two equal dice: the same words, the same effect) is listed nowhere: the
// earlier one stands for it.
function distinct(v) {
  var out = [];
  list(v && v.moves).forEach(function (m, k) { if (!(m && typeof m.same_as === "number")) out.push(k); });
  return out;
}

// The parts of the picture a move is played on: its target and its `also`, those drawn.
function partsOf(m, parts) {
  var ts = m && typeof m.target === "string" && m.target ? [m.target] : [];
  list(m && m.also).forEach(function (t) { if (typeof t === "string" && t && ts.indexOf(t) < 0) ts.push(t); });
  return ts.filter(function (t) { return own(parts, t); });
}

function placeMoves() {
  if (!$("bar")) return;
  $("bar").innerHTML = "";
  if (!view || !view.yours || busy) return;
  var parts = {}, byTarget = {}, onBar = [];
  Array.prototype.forEach.call(document.querySelectorAll("#picture [data-target]"), function (el) {
    var t = el.getAttribute("data-target");
    if (!own(parts, t)) parts[t] = el;
  });
  distinct(view).forEach(function (k) {
    var ts = partsOf(view.moves[k], parts);
    ts.forEach(function (t) { (own(byTarget, t) ? byTarget[t] : (byTarget[t] = [])).push(k); });
    if (!ts.length) onBar.push(k);
  });
  Object.keys(byTarget).forEach(function (t) {
    var el = parts[t], ks = byTarget[t];
    el.classList.add("clickable");
    el.setAttribute("tabindex", "0");
    el.setAttribute("role", "button");
    // What the part means (its drawing's title) stays; the moves it plays are added.
    var meaning = el.getAttribute("title");
    el.title = (meaning ? meaning + "\n\n" : "") + "Click: " + ks.map(function (k) { return view.legal[k]; }).join("\n");
    var act = function (e) {
      e.stopPropagation();
      if (ks.length === 1) move(ks[0], el); else openMenu(el, ks);
    };
    el.onclick = act;
    el.onkeydown = function (e) { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); act(e); } };
  });
  $("bar").innerHTML = onBar.map(function (k) {
    return '<button class="barmove" data-choice="' + k + '">' + esc(view.legal[k]) + "</button>";
  }).join("");
  Array.prototype.forEach.call(document.querySelectorAll("#bar button"), function (b) {
    b.onclick = function () { move(+b.getAttribute("data-choice"), b); };
  });
}

// The moves sharing one part of the picture, as a menu beside it: the arrow keys move
// between its buttons, Escape closes it and gives the part its focus back.
var menuPart = null;
function openMenu(el, ks) {
  var menu = $("menu"), box = el.getBoundingClientRect();
  menuPart = el;
  menu.innerHTML = '<div class="label">' + esc(ks.length) + " moves here:</div>" + ks.map(function (k) {
    return '<button class="menumove" role="menuitem" data-choice="' + esc(k) + '">' + esc(view.legal[k]) + "</button>";
  }).join("") + '<button class="menuclose" role="menuitem">cancel</button>';
  menu.hidden = false;
  menu.style.left = Math.max(4, Math.min(window.scrollX + box.left, window.scrollX + document.documentElement.clientWidth - menu.offsetWidth - 8)) + "px";
  menu.style.top = (window.scrollY + box.bottom + 4) + "px";
  Array.prototype.forEach.call(menu.querySelectorAll("button.menumove"), function (b) {
    b.onclick = function () { closeMenu(); move(+b.getAttribute("data-choice"), el); };
  });
  menu.querySelector("button.menuclose").onclick = function () { closeMenu(true); };
  var first = menu.querySelector("button");
  if (first) first.focus();
}

function closeMenu(refocus) {
  var menu = $("menu"), part = menuPart, had = !menu.hidden;
  menu.hidden = true;
  menu.innerHTML = "";
  menuPart = null;
  if (refocus && had && part && document.contains(part)) part.focus({ preventScroll: true });
}

// Up/Left and Down/Right step through the open menu's buttons (round the ends), Home and
// End go to its first and last.
$("menu").addEventListener("keydown", function (e) {
  var buttons = Array.prototype.slice.call($("menu").querySelectorAll("button"));
  var at = buttons.indexOf(document.activeElement), n = buttons.length, to = -1;
  if (!n) return;
  if (e.key === "ArrowDown" || e.key === "ArrowRight") to = (at + 1) % n;
  else if (e.key === "ArrowUp" || e.key === "ArrowLeft") to = at <= 0 ? n - 1 : at - 1;
  else if (e.key === "Home") to = 0;
  else if (e.key === "End") to = n - 1;
  if (to < 0) return;
  e.preventDefault();
  buttons[to].focus();
});

// ---- the page -------------------------------------------------------------------------

// What the game's picture carries from the states shown before (CARRY, where the game has
// one), as the replay page gives it.
var carried = null;

// The list under the picture offers one line per option (view.options), played by its
// first move: an option stands for the moves that are one choice for the rules, two equal
// dice or a LOW BLOW die on any empty square of one row (the picture still plays each
// square). The advice's share of each option, by the move it plays: the server adds up the
// shares of the option's moves (the search counts two equal dice, or two squares, apart).
function adviceShares(a) {
  var shares = {};
  list(view.options).forEach(function (o, g) {
    var k = list(o && o.moves)[0], x = list(a.option_share)[g];
    if (typeof k === "number") shares[k] = typeof x === "number" ? x : 0;
  });
  return shares;
}

// Shares within this much of the best are the search's noise, not a preference (1,000
// continuations from one guess of what the seat cannot see).
var ADVICE_CLOSE = 0.05;

// The moves whose share is within ADVICE_CLOSE of the best one's.
function adviceTied(shares) {
  var ks = Object.keys(shares), top = 0;
  ks.forEach(function (k) { top = Math.max(top, shares[k]); });
  return ks.filter(function (k) { return shares[k] >= top - ADVICE_CLOSE; }).map(Number);
}

// Whether the search told the moves apart, said plainly: shares close together look like an
// answer and are not one.
function adviceVerdict(shares) {
  var n = Object.keys(shares).length, tied = adviceTied(shares);
  if (n < 2) return "";
  var close = "within " + Math.round(100 * ADVICE_CLOSE) + " percentage points";
  if (tied.length === n) {
    return '<p class="verdict">The search cannot tell these moves apart: its shares are all ' + close +
      " of each other, so they say nothing about which is better.</p>";
  }
  if (tied.length > 1) {
    return '<p class="verdict">The search cannot tell its best ' + tied.length + " moves apart (marked \u201ca tie\u201d: their shares are " +
      close + " of the best one); it prefers them to the rest.</p>";
  }
  return "";
}

// What the advice is and how far to trust it, said once under the button.
function adviceWords(a, shares) {
  return adviceVerdict(shares) + "<b>greedy</b> tries each move and judges the position just after it with the game's rule of thumb " +
    "(averaging over guesses of the cards and dice you cannot see): it looks one step ahead. " +
    "<b>" + esc(a.search) + "</b> plays " + esc(a.iterations) + " simulated continuations of the match from one guess of what " +
    "you cannot see and shares its visits among your moves: a larger share is the move it found best. " +
    "Where they disagree the search, which looks many moves further ahead, is usually the better guide; " +
    "but it guessed the hidden cards and dice once, so shares close together mean it cannot tell those moves apart.";
}

// Where the keyboard's focus was before the page was redrawn, to put it back after: the part
// of the picture (by its target), the list of moves, or the picture itself. Redrawing
// removes the focused part, and focus lost that way starts again at the top of the page.
var playedFrom = null;
function focusBefore() {
  var el = document.activeElement;
  if (el && el !== document.body && el !== $("picture") && $("picture").contains(el)) {
    return { target: el.getAttribute("data-target"), bar: $("bar") && $("bar").contains(el) };
  }
  if (el && $("moves").contains(el)) return { list: true };
  if (el === $("picture")) return { picture: true };
  if ((!el || el === document.body) && playedFrom) return playedFrom;
  return null;
}

function focusAfter(was) {
  playedFrom = null;
  if (!was || (document.activeElement && document.activeElement !== document.body)) return;
  var to = null;
  if (was.target) {
    Array.prototype.forEach.call(document.querySelectorAll("#picture .clickable"), function (el) {
      if (!to && el.getAttribute("data-target") === was.target) to = el;
    });
  }
  if (!to && was.bar) to = document.querySelector("#bar button");
  if (!to && was.list) to = document.querySelector("#moves button.move");
  if (!to) {
    to = $("picture");
    to.setAttribute("tabindex", "-1");
  }
  to.focus({ preventScroll: true });
}

// The end of the match, at the top of the page: why it ended, every seat's score, the
// winners and the seed (a string: all 64 bits' digits).
function resultHtml(v) {
  var winners = list(v.end.winners), scores = list(v.end.scores);
  var seats = scores.map(function (sc, s) {
    return "seat " + esc(s) + (s === SEAT ? " (you)" : "") + ": " + esc(sc);
  }).join(" · ");
  var won = winners.length ? "winner" + (winners.length > 1 ? "s" : "") + ": " + winners.map(function (w) {
    return "seat " + esc(w) + (w === SEAT ? " (you)" : "");
  }).join(", ") : "no winner";
  return '<div id="end" data-scores="' + esc(JSON.stringify(scores)) + '" data-winners="' + esc(JSON.stringify(winners)) +
    '" data-seed="' + esc(v.seed) + '"><div class="reason">' + esc(plain(v.end.reason_text)) + "</div>" +
    '<div class="won">' + won + "</div><div>scores " + seats + '</div><div class="seed">seed ' + esc(v.seed) + "</div></div>";
}

function show(v) {
  var was = focusBefore();
  view = v;
  closeMenu();
  if (own(CARRY, v.game) && v.state_data && typeof v.state_data === "object") {
    carried = CARRY[v.game](v.state_data, carried);
  }
  current.start.bots = v.bots;
  current.start.state_data = v.state_data;
  var turn = v.turn.kind === "player" ? (v.turn.seat === SEAT ? "your move" : "seat " + v.turn.seat + " to move") :
    v.turn.kind === "chance" ? "the dice or cards are next" : "over";
  // The moves with no part of their own (roll again, pass) are a strip on the table itself,
  // under the caption: the whole match is played on the picture.
  $("picture").innerHTML = '<div class="caption" id="caption"><b>step ' + esc(v.step) + "</b> · " + esc(turn) + "</div>" +
    '<div id="bar" aria-label="moves that have no part of their own on the table"></div>' +
    '<div id="table">' + picture(v.game, v.state_data, 0) + "</div>";
  $("who").textContent = gameTitle(v.game) + " · " + v.players + " players · you are seat " + SEAT + " · " +
    v.bots.map(function (b, s) { return "seat " + s + ": " + (s === SEAT ? "you" : b); }).join(", ");
  if (!$("rules").innerHTML) $("rules").innerHTML = rulesPanel(v.game);
  // Moves that are one move (two equal dice) count once: a single one plays itself.
  var ks = v.yours && !v.end ? distinct(v) : [];
  var forced = ks.length === 1;
  $("prompt").textContent = v.end ? "The match is over" : !v.yours ? "Waiting: " + turn :
    forced && $("auto").checked ? "Your only move: it plays itself" : "Your move: click the picture";
  var shown = advice && advice.step === v.step ? advice : null;
  var shares = shown ? adviceShares(shown) : {}, tied = shown ? adviceTied(shares) : [];
  var go = shown && typeof shown.greedy_option === "number" ? list(v.options)[shown.greedy_option] : null;
  var greedy = go ? list(go.moves)[0] : -1;
  var opts = v.yours && !v.end ? list(v.options) : [];
  // Marked only when the tie is some of the options: when it is all of them, the verdict says so.
  var several = tied.length > 1 && tied.length < opts.length;
  $("moves").innerHTML = opts.map(function (o) {
    var k = list(o.moves)[0], hint = "";
    // An option of several places says which one it plays.
    var title = list(o.moves).length > 1 && list(o.moves).some(function (j) { return v.legal[j] !== v.legal[k]; }) ?
      ' title="one choice for the rules, which count nothing that tells these places apart: it is played on the first (click the picture for another)"' : "";
    if (shown) {
      hint = '<span class="hint' + (greedy === k ? " best" : "") + '">' + (greedy === k ? "greedy's choice · " : "") +
        esc((100 * shares[k]).toFixed(0)) + "% of " + esc(shown.search) + "'s visits" +
        (several && tied.indexOf(k) >= 0 ? " · a tie" : "") + "</span>";
    }
    return '<li><button class="move" data-choice="' + esc(k) + '"' + title + (busy ? " disabled" : "") + ">" + esc(o.text) + "</button>" + hint + "</li>";
  }).join("");
  if (shown) $("list").open = true;
  $("advice-words").innerHTML = shown ? adviceWords(shown, shares) : "";
  Array.prototype.forEach.call(document.querySelectorAll("button.move"), function (b) {
    b.onclick = function () { move(+b.getAttribute("data-choice"), b); };
  });
  $("advice").style.display = v.yours ? "" : "none";
  placeMoves();
  showLog(v.log);
  $("result").innerHTML = v.end ? resultHtml(v) : "";
  focusAfter(was);
  if (forcedTimer) { clearTimeout(forcedTimer); forcedTimer = null; }
  if (forced && $("auto").checked) {
    var step = v.step;
    forcedTimer = setTimeout(function () {
      forcedTimer = null;
      if (view && view.step === step && view.yours && $("auto").checked) move(ks[0]);
    }, FORCED_PAUSE);
  }
}

// The log as the seat may read it. A line the server has since revealed (another seat's
// hidden choice, once the round shows it) is redrawn, so no line stays "cannot see yet".
// A step the rules made without asking (the seat's only move) says so; a line this seat
// cannot read yet does not, since that would tell something of the hidden choice.
function logLine(e) {
  var text = plain(e.text), seat = typeof e.seat === "number" ? e.seat : null;
  // Most texts name their mover ("seat 2 places ..."); the others get it in front, and
  // the person's own are marked.
  if (seat !== null && text.indexOf("seat " + seat + " ") !== 0 && text !== "seat " + seat) text = "seat " + seat + ": " + text;
  if (seat !== null && seat === SEAT) text = "(you) " + text;
  if (e.forced && !e.unseen) text += " (only move)";
  var points = list(e.events).filter(function (x) { return x && x.points !== undefined; })
    .map(function (x) {
      // A set the line's own words name already is not named again: "+2", not "+2 for the set".
      var words = plain(eventWords(view.game, x));
      if (typeof x.set === "string" && x.set && text.indexOf(x.set) >= 0) words = words.replace(" for " + x.set, "");
      return " · " + words;
    }).join("");
  return "[" + e.step + "] " + text + points;
}

// The log follows new steps while it is scrolled to its end, and stays where the person
// scrolled it otherwise; whether it follows is decided by the person's scrolling, never by
// the box's size (a window resized changes that, and the log stopped following).
var logFollows = true;
$("log").addEventListener("scroll", function () {
  var log = $("log");
  logFollows = log.scrollTop + log.clientHeight >= log.scrollHeight - 4;
});
window.addEventListener("resize", function () { if (logFollows) $("log").scrollTop = $("log").scrollHeight; });

function showLog(entries) {
  var log = $("log"), texts = list(entries).map(logLine);
  for (var k = 0; k < texts.length; k++) {
    if (k < logTexts.length && logTexts[k] === texts[k]) continue;
    var li = log.children[k] || log.appendChild(document.createElement("li"));
    li.textContent = texts[k];
    li.className = entries[k] && entries[k].forced ? "forced" : "";
  }
  while (log.children.length > texts.length) log.removeChild(log.lastChild);
  logTexts = texts;
  if (logFollows) log.scrollTop = log.scrollHeight;
}

function move(k, from) {
  if (busy || !view || !view.yours) return;
  busy = true;
  closeMenu();
  // Where the move was played from, for the focus once the page is redrawn.
  playedFrom = from ? { target: from.getAttribute("data-target"), bar: $("bar").contains(from), list: $("moves").contains(from) } : null;
  Array.prototype.forEach.call(document.querySelectorAll("button.move, #bar button"), function (b) { b.disabled = true; });
  post("move", { step: view.step, choice: k }).then(function (r) {
    busy = false;
    $("message").textContent = r.ok ? "" : r.body.error;
    if (r.ok) show(r.body); else refresh();
    // The table moves on after a move: look again soon rather than at the slow pace.
    if (r.ok && !r.body.yours && !r.body.end) setTimeout(refresh, 60);
  }, function () { busy = false; $("message").textContent = "the server did not answer"; });
}

// Asks the server for the seat's view; resolves to false when the server did not answer.
function refresh() {
  if (busy || (view && view.end)) return Promise.resolve(true);
  return fetch(API + "view").then(function (r) { return r.json(); }).then(function (v) {
    // A poll sent before a move may answer after it, and one sent before the end after it:
    // never go back to an older step, nor from the end.
    if (busy || (view && (v.step < view.step || view.end))) return true;
    var changedLog = v.log.length !== logTexts.length || (view && JSON.stringify(v.log) !== JSON.stringify(view.log));
    if (!view || v.step !== view.step || changedLog || !!v.end !== !!view.end) show(v);
    return true;
  }, function () { $("message").textContent = "the server is not answering (stopped?)"; return false; });
}

$("advice").onclick = function () {
  $("advice").disabled = true;
  post("advice").then(function (r) {
    $("advice").disabled = false;
    if (r.ok) { advice = r.body; show(view); } else { $("message").textContent = r.body.error; }
  });
};

$("auto").onchange = function () { if (view) show(view); };
$("pace").value = document.body.getAttribute("data-pace");
if ($("pace").selectedIndex < 0) $("pace").selectedIndex = 3;
$("pace").onchange = function () {
  post("pace", { ms: +this.value }).then(function (r) { $("message").textContent = r.ok ? "" : r.body.error; });
};
document.addEventListener("keydown", function (e) { if (e.key === "Escape") closeMenu(true); });
document.addEventListener("click", function (e) {
  if (!$("menu").hidden && !$("menu").contains(e.target)) closeMenu();
});

installTips();

// For scripts (the browser check): the view shown.
window.arenaPlay = { view: function () { return view; }, busy: function () { return busy; } };

// Poll quickly while the table moves (bots, dice), slowly while it waits for a person, and
// not at all once the match is over (the final view says everything; the server may stop).
// A server that does not answer is asked again slowly.
function poll() {
  if (view && view.end) return;
  refresh().then(function (answered) {
    if (view && view.end) return;
    var waiting = view && view.yours;
    setTimeout(poll, !answered ? 2000 : waiting ? 400 : 60);
  });
}
poll();
