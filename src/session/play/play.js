// arena play: one person's seat at the table. The page asks the local server for what this
// seat may see (/api/seat/N/view: the seat's view of the state, its legal actions, the log
// as the seat may read it), draws the table with the replay viewer's drawings, and posts
// the chosen action. The server keeps the match: a refresh shows the same match.

var SEAT = +document.body.getAttribute("data-seat");
var API = document.body.getAttribute("data-api");
var current = { start: { bots: [], state_data: {} }, steps: [] };
var view = null;
var busy = false;
var advice = null;
var logShown = 0;

function post(what, body) {
  return fetch(API + what, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body || {}) })
    .then(function (r) { return r.json().then(function (j) { return { ok: r.ok, status: r.status, body: j }; }); });
}

// Parts of the picture a click can play: an element with `data-cell` (a square of
// tic-tac-toe or TRICE, a box of a Pride sheet, a Love Actually card) plays the legal action
// that names it, when exactly one does.
function clickables() {
  if (!view || !view.yours) return;
  var cells = document.querySelectorAll("#picture [data-cell]");
  Array.prototype.forEach.call(cells, function (td) {
    var name = td.getAttribute("data-cell");
    var word = new RegExp("(^|[^\\w])" + name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&") + "($|[^\\w])");
    var matching = [];
    view.legal.forEach(function (text, k) { if (word.test(text)) matching.push(k); });
    if (matching.length === 1) {
      td.className += " clickable";
      td.title = view.legal[matching[0]];
      td.onclick = function () { move(matching[0]); };
    }
  });
}

// Pride: who chose which dice this round, as far as this seat has seen (each view's open
// `choosing`), for the drawing's labels under the dice.
var chosenSeen = { round: null, by: {} };
function noteChoices(s) {
  if (s.round !== chosenSeen.round) chosenSeen = { round: s.round, by: {} };
  if (s.choosing) {
    s.choosing.chosen.forEach(function (d) {
      var seats = chosenSeen.by[d] || (chosenSeen.by[d] = []);
      if (seats.indexOf(s.choosing.seat) < 0) seats.push(s.choosing.seat);
    });
  }
  s.__chosen_by = chosenSeen.by;
}

function show(v) {
  view = v;
  if (v.game === "pride-prejudice") noteChoices(v.state_data);
  current.start.bots = v.bots;
  current.start.state_data = v.state_data;
  var turn = v.turn.kind === "player" ? "seat " + v.turn.seat + " to move" : v.turn.kind === "chance" ? "chance" : "over";
  $("picture").innerHTML = '<div class="caption" id="caption"><b>step ' + esc(v.step) + "</b> · " + esc(turn) + "</div>" +
    '<div id="table">' + picture(v.game, v.state_data, 0) + "</div>";
  $("who").textContent = v.game + " · " + v.players + " players · you are seat " + SEAT + " · " +
    v.bots.map(function (b, s) { return "seat " + s + ": " + (s === SEAT ? "you" : b); }).join(", ");
  $("prompt").textContent = v.end ? "The match is over" : v.yours ? "Your move (step " + v.step + ")" : "Waiting: " + turn;
  var shown = advice && advice.step === v.step ? advice : null;
  $("moves").innerHTML = (v.yours ? v.legal : []).map(function (text, k) {
    var hint = "";
    if (shown) {
      hint = '<span class="hint' + (shown.greedy === k ? " best" : "") + '">' + (shown.greedy === k ? "greedy's choice · " : "") +
        esc((100 * shown.mcts_share[k]).toFixed(0)) + "% of " + esc(shown.search) + "'s visits</span>";
    }
    return '<li><button class="move" data-choice="' + k + '"' + (busy ? " disabled" : "") + ">" + esc(text) + "</button>" + hint + "</li>";
  }).join("");
  Array.prototype.forEach.call(document.querySelectorAll("button.move"), function (b) {
    b.onclick = function () { move(+b.getAttribute("data-choice")); };
  });
  $("advice").style.display = v.yours ? "" : "none";
  clickables();
  var log = $("log");
  for (; logShown < v.log.length; logShown++) {
    var e = v.log[logShown], li = document.createElement("li");
    var who = e.seat === null ? "chance" : "seat " + e.seat + (e.seat === SEAT ? " (you)" : "");
    li.textContent = "[" + e.step + "] " + who + ": " + e.text + e.events.filter(function (x) { return x.points !== undefined; })
      .map(function (x) { return " · seat " + x.seat + " " + (x.points > 0 ? "+" : "") + x.points + " " + x.kind; }).join("");
    log.appendChild(li);
  }
  if (logShown > v.log.length) { log.innerHTML = ""; logShown = 0; show(v); return; }
  log.scrollTop = log.scrollHeight;
  if (v.end) {
    var winners = v.end.winners || [];
    $("result").innerHTML = "<div id=\"end\" data-scores=\"" + esc(JSON.stringify(v.end.scores)) + "\" data-winners=\"" + esc(JSON.stringify(winners)) +
      "\" data-seed=\"" + esc(v.seed) + "\">" + esc(v.end.reason_text) + "<br>scores " + esc(v.end.scores.join(", ")) +
      (winners.length ? " · winner" + (winners.length > 1 ? "s" : "") + ": seat " + esc(winners.join(", ")) : " · no winner") +
      "<br>seed " + esc(v.seed) + "</div>";
  }
}

function move(k) {
  if (busy || !view || !view.yours) return;
  busy = true;
  Array.prototype.forEach.call(document.querySelectorAll("button.move"), function (b) { b.disabled = true; });
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
    if (!view || v.step !== view.step || v.log.length !== logShown || !!v.end !== !!view.end) show(v);
  }, function () { $("message").textContent = "the server is not answering (stopped?)"; });
}

$("advice").onclick = function () {
  $("advice").disabled = true;
  post("advice").then(function (r) {
    $("advice").disabled = false;
    if (r.ok) { advice = r.body; show(view); } else { $("message").textContent = r.body.error; }
  });
};

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
