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

// Each legal move k names a `target` (view.moves[k]): the part of the picture drawn with
// that `data-target` plays it, through a small menu when several moves share the part.
// Moves whose target the picture does not draw (a pass, "roll again") are buttons on the
// picture's strip of moves under its caption. Only the person's own moves have targets, so nothing else is
// clickable (another seat's sheet never plays a move).
function placeMoves() {
  if (!$("bar")) return;
  $("bar").innerHTML = "";
  if (!view || !view.yours || busy) return;
  var parts = {}, byTarget = {}, onBar = [];
  Array.prototype.forEach.call(document.querySelectorAll("#picture [data-target]"), function (el) {
    var t = el.getAttribute("data-target");
    if (!own(parts, t)) parts[t] = el;
  });
  list(view.moves).forEach(function (m, k) {
    var t = m && typeof m.target === "string" ? m.target : "";
    if (t && own(parts, t)) (own(byTarget, t) ? byTarget[t] : (byTarget[t] = [])).push(k);
    else onBar.push(k);
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
      if (ks.length === 1) move(ks[0]); else openMenu(el, ks);
    };
    el.onclick = act;
    el.onkeydown = function (e) { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); act(e); } };
  });
  $("bar").innerHTML = onBar.map(function (k) {
    return '<button class="barmove" data-choice="' + k + '">' + esc(view.legal[k]) + "</button>";
  }).join("");
  Array.prototype.forEach.call(document.querySelectorAll("#bar button"), function (b) {
    b.onclick = function () { move(+b.getAttribute("data-choice")); };
  });
}

// The moves sharing one part of the picture, as a menu beside it.
function openMenu(el, ks) {
  var menu = $("menu"), box = el.getBoundingClientRect();
  menu.innerHTML = '<div class="label">' + ks.length + " moves here:</div>" + ks.map(function (k) {
    return '<button class="menumove" role="menuitem" data-choice="' + k + '">' + esc(view.legal[k]) + "</button>";
  }).join("") + '<button class="menuclose">cancel</button>';
  menu.hidden = false;
  menu.style.left = Math.max(4, Math.min(window.scrollX + box.left, window.scrollX + document.documentElement.clientWidth - menu.offsetWidth - 8)) + "px";
  menu.style.top = (window.scrollY + box.bottom + 4) + "px";
  Array.prototype.forEach.call(menu.querySelectorAll("button.menumove"), function (b) {
    b.onclick = function () { closeMenu(); move(+b.getAttribute("data-choice")); };
  });
  menu.querySelector("button.menuclose").onclick = closeMenu;
  var first = menu.querySelector("button");
  if (first) first.focus();
}

function closeMenu() { $("menu").hidden = true; $("menu").innerHTML = ""; }

// ---- the page -------------------------------------------------------------------------

// Pride: who chose which dice this round, as far as this seat has seen (each view's open
// `choosing`), for the drawing's labels under the dice.
var chosenSeen = { round: null, by: {} };
function noteChoices(s) {
  if (s.round !== chosenSeen.round) chosenSeen = { round: s.round, by: {} };
  if (s.choosing) {
    list(s.choosing.chosen).forEach(function (d) {
      var seats = chosenSeen.by[d] || (chosenSeen.by[d] = []);
      if (seats.indexOf(s.choosing.seat) < 0) seats.push(s.choosing.seat);
    });
  }
  s.__chosen_by = chosenSeen.by;
}

// What the advice is and how far to trust it, said once under the button.
function adviceWords(a) {
  return "<b>greedy</b> tries each move and judges the position just after it with the game's rule of thumb " +
    "(averaging over guesses of the cards and dice you cannot see): it looks one step ahead. " +
    "<b>" + esc(a.search) + "</b> plays " + esc(a.iterations) + " simulated continuations of the match from one guess of what " +
    "you cannot see and shares its visits among your moves: a larger share is the move it found best. " +
    "Where they disagree the search, which looks many moves further ahead, is usually the better guide; " +
    "but it guessed the hidden cards and dice once, so shares close together mean it cannot tell those moves apart.";
}

function show(v) {
  view = v;
  closeMenu();
  if (v.game === "pride-prejudice") noteChoices(v.state_data);
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
  var forced = v.yours && !v.end && v.legal.length === 1;
  $("prompt").textContent = v.end ? "The match is over" : !v.yours ? "Waiting: " + turn :
    forced && $("auto").checked ? "Your only move: it plays itself" : "Your move: click the picture";
  var shown = advice && advice.step === v.step ? advice : null;
  $("moves").innerHTML = (v.yours ? v.legal : []).map(function (text, k) {
    var hint = "";
    if (shown) {
      hint = '<span class="hint' + (shown.greedy === k ? " best" : "") + '">' + (shown.greedy === k ? "greedy's choice · " : "") +
        esc((100 * shown.mcts_share[k]).toFixed(0)) + "% of " + esc(shown.search) + "'s visits</span>";
    }
    return '<li><button class="move" data-choice="' + k + '"' + (busy ? " disabled" : "") + ">" + esc(text) + "</button>" + hint + "</li>";
  }).join("");
  if (shown) $("list").open = true;
  $("advice-words").innerHTML = shown ? adviceWords(shown) : "";
  Array.prototype.forEach.call(document.querySelectorAll("button.move"), function (b) {
    b.onclick = function () { move(+b.getAttribute("data-choice")); };
  });
  $("advice").style.display = v.yours ? "" : "none";
  placeMoves();
  showLog(v.log);
  if (v.end) {
    var winners = v.end.winners || [];
    $("result").innerHTML = "<div id=\"end\" data-scores=\"" + esc(JSON.stringify(v.end.scores)) + "\" data-winners=\"" + esc(JSON.stringify(winners)) +
      "\" data-seed=\"" + esc(v.seed) + "\">" + esc(v.end.reason_text) + "<br>scores " + esc(v.end.scores.join(", ")) +
      (winners.length ? " · winner" + (winners.length > 1 ? "s" : "") + ": seat " + esc(winners.join(", ")) : " · no winner") +
      "<br>seed " + esc(v.seed) + "</div>";
  }
  if (forcedTimer) { clearTimeout(forcedTimer); forcedTimer = null; }
  if (forced && $("auto").checked) {
    var step = v.step;
    forcedTimer = setTimeout(function () {
      forcedTimer = null;
      if (view && view.step === step && view.yours && $("auto").checked) move(0);
    }, FORCED_PAUSE);
  }
}

// The log as the seat may read it. A line the server has since revealed (another seat's
// hidden choice, once the round shows it) is redrawn, so no line stays "cannot see yet".
function logLine(e) {
  // The text names its seat already ("seat 2 places ..."): only the person's own are marked.
  var who = e.seat === SEAT ? "(you) " : "";
  var points = list(e.events).filter(function (x) { return x && x.points !== undefined; })
    .map(function (x) { return " · " + eventWords(view.game, x); }).join("");
  return "[" + e.step + "] " + who + e.text + points;
}

function showLog(entries) {
  var log = $("log"), texts = list(entries).map(logLine), atBottom = log.scrollTop + log.clientHeight >= log.scrollHeight - 4;
  for (var k = 0; k < texts.length; k++) {
    if (k < logTexts.length && logTexts[k] === texts[k]) continue;
    var li = log.children[k] || log.appendChild(document.createElement("li"));
    li.textContent = texts[k];
  }
  while (log.children.length > texts.length) log.removeChild(log.lastChild);
  var grew = texts.length !== logTexts.length;
  logTexts = texts;
  if (grew || atBottom) log.scrollTop = log.scrollHeight;
}

function move(k) {
  if (busy || !view || !view.yours) return;
  busy = true;
  closeMenu();
  Array.prototype.forEach.call(document.querySelectorAll("button.move, #bar button"), function (b) { b.disabled = true; });
  post("move", { step: view.step, choice: k }).then(function (r) {
    busy = false;
    $("message").textContent = r.ok ? "" : r.body.error;
    if (r.ok) show(r.body); else refresh();
    // The table moves on after a move: look again soon rather than at the slow pace.
    if (r.ok && !r.body.yours) setTimeout(refresh, 60);
  }, function () { busy = false; $("message").textContent = "the server did not answer"; });
}

function refresh() {
  if (busy) return Promise.resolve();
  return fetch(API + "view").then(function (r) { return r.json(); }).then(function (v) {
    // A poll sent before a move may answer after it: never go back to an older step.
    if (busy || (view && v.step < view.step)) return;
    var changedLog = v.log.length !== logTexts.length || (view && JSON.stringify(v.log) !== JSON.stringify(view.log));
    if (!view || v.step !== view.step || changedLog || !!v.end !== !!view.end) show(v);
  }, function () { $("message").textContent = "the server is not answering (stopped?)"; });
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
document.addEventListener("keydown", function (e) { if (e.key === "Escape") closeMenu(); });
document.addEventListener("click", function (e) {
  if (!$("menu").hidden && !$("menu").contains(e.target)) closeMenu();
});

installTips();

// For scripts (the browser check): the view shown.
window.arenaPlay = { view: function () { return view; }, busy: function () { return busy; } };

// Poll quickly while the table moves (bots, dice), slowly while it waits for a person.
function poll() {
  refresh().then(function () {
    var waiting = view && (view.yours || view.end);
    setTimeout(poll, waiting ? 400 : 60);
  });
}
poll();
