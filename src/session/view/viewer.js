// arena view: replays the embedded JSON trace (docs/trace-format.md, format 2) step by
// step. Every picture is drawn from `state_data` only: the start record's state with each
// step's `state_changes` (or whole `state_data`) applied in order. No network, no
// libraries: the page works from file://.
"use strict";

var MATCHES = JSON.parse(document.getElementById("arena-trace").textContent);
var current = null; // the match shown: {start, steps, end, states}
var at = 0; // the step shown: 0 is the start, steps.length the end
var timer = null;

// ---- the match as states ------------------------------------------------------------

function prepare(records) {
  var start = records[0];
  var end = records[records.length - 1];
  var steps = records.slice(1, records.length - 1);
  var states = [start.state_data];
  var state = start.state_data;
  steps.forEach(function (r) {
    if (r.state_data) {
      state = r.state_data;
    } else {
      var next = {};
      Object.keys(state).forEach(function (k) { next[k] = state[k]; });
      Object.keys(r.state_changes || {}).forEach(function (k) {
        var v = r.state_changes[k];
        if (v && typeof v === "object" && v.$patch) {
          // Only the elements that changed (the page's own compaction, see view/mod.rs).
          var arr = list(state[k]).slice();
          Object.keys(v.$patch).forEach(function (i) {
            if (/^\d+$/.test(i) && +i < arr.length) arr[+i] = v.$patch[i];
          });
          v = arr;
        }
        next[k] = v;
      });
      state = next;
    }
    states.push(state);
  });
  // What the game's picture carries from earlier states (CARRY, where the game has one).
  if (own(CARRY, start.game)) {
    var carried = null;
    states.forEach(function (s) {
      if (s && typeof s === "object") carried = CARRY[start.game](s, carried);
    });
  }
  return { start: start, steps: steps, end: end, states: states };
}

// The scores drawn at step i: the state's running scores, and the end record's at the end
// (TRICE and tic-tac-toe count only at the end).
function scoresAt(i) {
  if (i === current.steps.length) return list(current.end.scores);
  return list(current.states[i].scores);
}

// ---- words --------------------------------------------------------------------------

function stepText(i) {
  if (i === 0) return "start: " + txt(current.start.game) + " match " + txt(current.start.match);
  var r = current.steps[i - 1] || {};
  if (r.event === "decision") {
    // Most games' texts name their seat ("seat 2 picks ..."): said once, the bot after it.
    // A move the rules made without asking (the seat's only one) was no bot's choice: said so.
    var said = txt(r.action), seat = "seat " + txt(r.seat), by = r.forced === true ? "only move" : txt(r.bot);
    if (said.indexOf(seat + " ") === 0) return said + " (" + by + ")";
    return seat + " (" + by + "): " + said;
  }
  return txt(r.result);
}

// ---- the page -----------------------------------------------------------------------

function render() {
  var m = current, n = m.steps.length, s = m.states[at];
  var caption = '<div class="caption" id="caption"><b>step ' + esc(at) + " / " + esc(n) + "</b> · " + esc(stepText(at)) +
    (at === n ? " · <b>end: " + esc(plain(m.end.reason_text || m.end.reason || "")) + "</b>" : "") + "</div>";
  $("picture").innerHTML = caption + '<div id="table">' + picture(m.start.game, s, at) + "</div>";
  // Scores.
  var scores = scoresAt(at), ended = at === n;
  var rows = "<tr><th>seat</th><th>bot</th><th>score</th></tr>";
  scores.forEach(function (sc, seat) {
    var win = ended && list(m.end.winners).indexOf(seat) >= 0;
    rows += '<tr class="' + (win ? "win" : "") + '"><td>' + seat + "</td><td>" + esc(list(m.start.bots)[seat] || "") +
      '</td><td class="score" data-seat="' + seat + '">' + esc(sc) + "</td></tr>";
  });
  $("scores").innerHTML = rows;
  $("scores").setAttribute("data-final", ended ? "1" : "0");
  // This step: what happened, the legal actions with the chosen one, the events.
  var now = "<div>" + esc(stepText(at)) + "</div>";
  if (at > 0) {
    var r = m.steps[at - 1];
    var legal = list(r.legal);
    if (legal.length) {
      now += '<div class="label">' + legal.length + " legal action" + (legal.length === 1 ? "" : "s") + ":</div><ul>" +
        legal.map(function (a, k) {
          return '<li class="' + (k === r.chosen ? "chosen" : "") + '">' + esc(a && typeof a === "object" ? a.text : a) + "</li>";
        }).join("") + "</ul>";
    }
    if (list(r.events).length) {
      now += '<div class="events">' + r.events.map(function (e) { return esc(eventWords(current.start.game, e)); }).join("<br>") + "</div>";
    }
  } else if (list(m.start.events).length) {
    now += '<div class="events">' + m.start.events.map(function (e) { return esc(eventWords(current.start.game, e)); }).join("<br>") + "</div>";
  }
  if (ended) now += "<div><b>" + esc(plain(m.end.reason_text || "")) + "</b>" + (m.end.capped ? " (capped: no winner)" : "") + "</div>";
  $("now").innerHTML = now;
  // Controls and log.
  $("slider").value = at;
  $("jump").value = at;
  showLogTo(at);
}

// The log up to step `at`: the lines after it are not shown (a replay never gives away what
// comes next), and the current line is scrolled into the box by its place inside the box.
function showLogTo(at) {
  var log = $("log"), items = log.children;
  for (var k = 0; k < items.length; k++) {
    items[k].className = k === at ? "here" : "";
    items[k].hidden = k > at && !(k === items.length - 1 && at === current.steps.length);
  }
  var li = items[at];
  if (!li) return;
  var top = li.getBoundingClientRect().top - log.getBoundingClientRect().top + log.scrollTop;
  var bottom = top + li.offsetHeight;
  if (bottom > log.scrollTop + log.clientHeight) log.scrollTop = bottom - log.clientHeight;
  else if (top < log.scrollTop) log.scrollTop = top;
}

function go(i) {
  var n = current.steps.length;
  at = Math.max(0, Math.min(n, i | 0));
  try {
    render();
  } catch (e) {
    // A step of a damaged or hand-edited trace that the page cannot show: said as text.
    $("picture").textContent = "Step " + at + " of this trace cannot be shown (" + txt(e && e.message) + ").";
  }
}

function stop() {
  if (timer) { clearInterval(timer); timer = null; }
  $("play").innerHTML = "&#x25B6;";
}

function play() {
  if (timer) { stop(); return; }
  if (at >= current.steps.length) go(0);
  $("play").innerHTML = "&#x2016;";
  timer = setInterval(function () {
    if (at >= current.steps.length) { stop(); return; }
    go(at + 1);
  }, +$("speed").value);
}

function load(k) {
  stop();
  current = prepare(MATCHES[k]);
  var st = current.start, n = current.steps.length;
  $("who").textContent = txt(st.game) + " · match " + txt(st.match) + " · seed " + txt(st.seed) + " · deal " + txt(st.deal) +
    " · seating " + txt(st.seating) + " · bots " + list(st.bots).map(txt).join(", ");
  $("slider").max = n;
  $("jump").max = n;
  $("count").textContent = n;
  var items = [];
  for (var i = 0; i <= n; i++) items.push("<li>" + esc(stepText(i)) + "</li>");
  items.push("<li>end: " + esc(plain(current.end.reason_text || "")) + " · scores " + esc(list(current.end.scores).map(txt).join(", ")) + "</li>");
  $("log").innerHTML = items.join("");
  $("rules").innerHTML = rulesPanel(st.game);
  go(0);
}

function init() {
  $("match").innerHTML = MATCHES.map(function (m, k) {
    return '<option value="' + k + '">match ' + esc(m[0].match) + "</option>";
  }).join("");
  if (MATCHES.length < 2) $("match").style.display = "none";
  $("match").onchange = function () { load(+this.value); };
  $("first").onclick = function () { stop(); go(0); };
  $("back").onclick = function () { stop(); go(at - 1); };
  $("forward").onclick = function () { stop(); go(at + 1); };
  $("last").onclick = function () { stop(); go(current.steps.length); };
  $("play").onclick = play;
  $("speed").onchange = function () { if (timer) { stop(); play(); } };
  $("slider").oninput = function () { stop(); go(+this.value); };
  $("jump").onchange = function () { stop(); go(+this.value); };
  $("log").onclick = function (e) {
    var li = e.target.closest("li");
    if (!li) return;
    stop();
    go(Array.prototype.indexOf.call(this.children, li));
  };
  document.addEventListener("keydown", function (e) {
    if (e.target.tagName === "INPUT" && e.target.type === "number") return;
    if (e.key === "ArrowRight") { stop(); go(at + 1); e.preventDefault(); }
    else if (e.key === "ArrowLeft") { stop(); go(at - 1); e.preventDefault(); }
    else if (e.key === "Home") { stop(); go(0); e.preventDefault(); }
    else if (e.key === "End") { stop(); go(current.steps.length); e.preventDefault(); }
    else if (e.key === " ") { play(); e.preventDefault(); }
  });
  installTips();
  load(0);
}

// For scripts (the browser check): the match shown and a way to step.
window.arenaView = {
  steps: function () { return current.steps.length; },
  go: function (i) { stop(); go(i); },
  end: function () { return current.end; },
  load: function (k) { load(k); }
};

init();
