// arena view: replays the embedded JSON trace (docs/trace-format.md, format 2) step by
// step. Every picture is drawn from `state_data` only: the start record's state with each
// step's `state_changes` (or whole `state_data`) applied in order. No network, no
// libraries: the page works from file://.
"use strict";

var MATCHES = JSON.parse(document.getElementById("arena-trace").textContent);
var current = null; // the match shown: {start, steps, end, states}
var at = 0; // the step shown: 0 is the start, steps.length the end
var timer = null;

function $(id) { return document.getElementById(id); }
function esc(v) {
  return String(v).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;");
}

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
          var arr = state[k].slice();
          Object.keys(v.$patch).forEach(function (i) { arr[+i] = v.$patch[i]; });
          v = arr;
        }
        next[k] = v;
      });
      state = next;
    }
    states.push(state);
  });
  // Pride: who chose which dice this round, gathered from the `choosing` of each state.
  if (start.game === "pride-prejudice") {
    var chosenBy = {}, round = null;
    states.forEach(function (s) {
      if (s.round !== round) { chosenBy = {}; round = s.round; }
      if (s.choosing) {
        chosenBy = Object.assign({}, chosenBy);
        s.choosing.chosen.forEach(function (d) {
          var seats = (chosenBy[d] || []).slice();
          if (seats.indexOf(s.choosing.seat) < 0) seats.push(s.choosing.seat);
          chosenBy[d] = seats;
        });
      }
      s.__chosen_by = chosenBy;
    });
  }
  return { start: start, steps: steps, end: end, states: states };
}

// The scores drawn at step i: the state's running scores, and the end record's at the end
// (TRICE and tic-tac-toe count only at the end).
function scoresAt(i) {
  if (i === current.steps.length) return current.end.scores;
  return current.states[i].scores || [];
}

// ---- words --------------------------------------------------------------------------

function stepText(i) {
  if (i === 0) return "start: " + current.start.game + " match " + current.start.match;
  var r = current.steps[i - 1];
  if (r.event === "decision") return "seat " + r.seat + " (" + r.bot + "): " + r.action;
  return "chance: " + r.result;
}

function eventText(e) {
  var words = e.kind.replace(/_/g, " ");
  var rest = [];
  Object.keys(e).forEach(function (k) {
    if (k === "kind" || k === "seat" || k === "points") return;
    var v = e[k];
    if (v === null || v === undefined) return;
    if (typeof v === "object") v = JSON.stringify(v).replace(/"/g, "");
    rest.push(k.replace(/_/g, " ") + " " + v);
  });
  var who = e.seat !== undefined ? "seat " + e.seat + " " : "";
  var pts = e.points !== undefined ? " (" + (e.points >= 0 ? "+" : "") + e.points + ")" : "";
  return who + words + pts + (rest.length ? ": " + rest.join(", ") : "");
}

// ---- drawing helpers ----------------------------------------------------------------

var COLOURS = { white: "#fff", purple: "#8a4fbf", orange: "#f08a24", red: "#d33",
  blue: "#2f6fd6", green: "#2a9d4a", yellow: "#e8c21a", black: "#222", pink: "#e77fb3" };
var PIPS = { 1: [[2, 2]], 2: [[1, 1], [3, 3]], 3: [[1, 1], [2, 2], [3, 3]],
  4: [[1, 1], [3, 1], [1, 3], [3, 3]], 5: [[1, 1], [3, 1], [2, 2], [1, 3], [3, 3]],
  6: [[1, 1], [3, 1], [1, 2], [3, 2], [1, 3], [3, 3]] };

// A die as inline SVG: pips for 1-6, the number otherwise.
function die(value, colour, size, mark) {
  size = size || 28;
  var fill = COLOURS[colour] || colour || "#fff";
  var ink = (colour === "white" || colour === "yellow" || !colour) ? "#222" : "#fff";
  var out = '<svg class="die" width="' + size + '" height="' + size + '" viewBox="0 0 40 40">' +
    '<title>' + esc((colour ? colour + " " : "") + value) + '</title>' +
    '<rect x="2" y="2" width="36" height="36" rx="7" fill="' + fill + '" stroke="' +
    (mark ? "#e08a00" : "#333") + '" stroke-width="' + (mark ? 5 : 2) + '"/>';
  if (PIPS[value]) {
    PIPS[value].forEach(function (p) {
      out += '<circle cx="' + (p[0] * 10) + '" cy="' + (p[1] * 10) + '" r="3.6" fill="' + ink + '"/>';
    });
  } else {
    out += '<text x="20" y="27" font-size="20" text-anchor="middle" fill="' + ink + '">' +
      esc(value) + '</text>';
  }
  return out + "</svg>";
}

function dice(list, size) {
  return (list || []).map(function (d) {
    return typeof d === "object" && d ? die(d.value, d.colour, size) : die(d, "white", size);
  }).join("");
}

function seatBox(seat, active, inner, extraTitle) {
  var bot = (current.start.bots || [])[seat];
  return '<div class="seat' + (active ? " active" : "") + '" data-seat="' + seat + '"><h3>seat ' +
    seat + (bot ? " · " + esc(bot) : "") + (extraTitle || "") + "</h3>" + inner + "</div>";
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
  (current.steps[i - 1].events || []).forEach(function (e) {
    ["at", "from", "with"].forEach(function (k) { if (e[k] && e[k].square !== undefined) out[e[k].square] = 1; });
    if (e.line && e.line.squares) e.line.squares.forEach(function (q) { out[q] = 1; });
    if (e.line && Array.isArray(e.line)) e.line.forEach(function (q) { out[q] = 1; });
    if (e.cell !== undefined) out[e.cell] = 1;
  });
  return out;
}

// ---- one drawing per game -----------------------------------------------------------

var DRAW = {};

DRAW.tictactoe = function (s, i) {
  var hit = squaresOfStep(i);
  var out = '<table class="grid ttt">';
  for (var r = 0; r < 3; r++) {
    out += "<tr>";
    for (var c = 0; c < 3; c++) {
      var q = r * 3 + c, v = s.board[q];
      out += '<td class="' + (hit[q] ? "hit" : "") + '" style="color:' + (v === "X" ? "#c33" : "#36c") + '">' + (v || "") + "</td>";
    }
    out += "</tr>";
  }
  out += "</table>";
  out += row("to move", "seat " + s.to_move + " (" + (s.to_move === 0 ? "X" : "O") + ")") +
    row("moves", s.moves) + (s.winner !== null && s.winner !== undefined ? row("winner", "seat " + s.winner) : "");
  return out;
};

DRAW.pig = function (s) {
  var target = s.target || 100, out = "";
  s.scores.forEach(function (sc, seat) {
    var mover = seat === s.to_move;
    var inner = row("score", "<b>" + sc + "</b> / " + target) +
      '<div><span class="bar" style="width:' + Math.round(200 * Math.min(sc, target) / target) + 'px"></span>' +
      (mover ? '<span class="bar turn" style="width:' + Math.round(200 * Math.min(s.turn_total, target) / target) + 'px"></span>' : "") +
      "</div>" + (mover ? row("turn total", "<b>" + s.turn_total + "</b>") : "");
    out += seatBox(seat, mover, inner);
  });
  out += row("last roll", s.last_roll ? die(s.last_roll, "white", 36) : "-") + row("turn", s.turn);
  return out;
};

DRAW.trice = function (s, i) {
  var hit = squaresOfStep(i), cols = s.columns, out = '<table class="grid"><tr><th></th>';
  for (var c = 0; c < cols; c++) out += "<th>" + String.fromCharCode(97 + c) + "</th>";
  out += "</tr>";
  for (var r = 0; r < s.rows; r++) {
    out += "<tr><th>" + (r + 1) + "</th>";
    for (c = 0; c < cols; c++) {
      var q = r * cols + c, d = s.board[q];
      out += '<td class="' + (hit[q] ? "hit" : "") + '">' + (d ? die(d.value, d.colour, 38) : "") + "</td>";
    }
    out += "</tr>";
  }
  out += "</table>";
  out += row("pool", s.pool.length ? dice(s.pool, 24) : "empty");
  var heldWord = s.phase === "swap" ? "pointed die" : "die to place";
  out += row(heldWord, s.held ? die(s.held.value, s.held.colour, 32, true) : "-");
  out += row("phase", esc(s.phase) + (s.phase === "swap" ? " (swap turn " + s.swap_turns + ")" : "")) +
    row("to move", "seat " + s.to_move) + row("placements", s.placements);
  if (s.winner !== null && s.winner !== undefined) out += row("winner", "seat " + s.winner);
  return out;
};

DRAW["low-blow"] = function (s) {
  var out = row("round", s.round + " · pot " + s.pot + " · phase " + esc(s.phase));
  s.board.forEach(function (cells, seat) {
    var home = cells.map(function (d) {
      return d ? die(d.value, d.colour, 26) : '<svg class="die" width="26" height="26" viewBox="0 0 40 40"><rect x="2" y="2" width="36" height="36" rx="7" fill="none" stroke="#bbb" stroke-dasharray="4"/></svg>';
    }).join("");
    var held = Object.keys(s.hands[seat] || {}).map(function (c) {
      return '<span style="color:' + (COLOURS[c] || c) + '">' + esc(c) + " ×" + s.hands[seat][c] + "</span>";
    }).join(" ");
    var inner = row("row", home) + row("dice held", held || "none") +
      row("counters", s.counters[seat]) + row("banked", s.banked[seat]) +
      row("score", "<b>" + s.scores[seat] + "</b>");
    if (seat === s.mover) inner += row("roll " + s.rolls, dice(s.rolled, 24) || "-") + row("set aside", dice(s.aside, 24) || "-");
    out += seatBox(seat, seat === s.mover, inner);
  });
  return out;
};

function cardsHtml(list) {
  return (list || []).map(function (c) {
    var special = isNaN(parseInt(c, 10));
    return '<span class="card' + (special ? " special" : "") + '">' + esc(c) + "</span>";
  }).join("");
}

DRAW.dardz = function (s) {
  var out = row("round", s.round + " · turn " + s.turn + " · draw pile " + s.draw_pile + " cards · phase " + esc(s.phase));
  out += row("roll (" + esc(s.stage) + ", seat " + s.roller + ")", dice(s.dice, 30) || "-");
  if (s.guess) out += row("Bonus Roll guess", s.guess);
  var seatHtml = function (seat) {
    var p = s.piles[seat];
    var inner = row("hand", cardsHtml(s.hands[seat]) || "empty") +
      row("points pile (" + p.count + ", value " + p.value + ")", cardsHtml(p.cards) || "empty") +
      row("score", "<b>" + s.scores[seat] + "</b>");
    return seatBox(seat, seat === s.roller, inner);
  };
  if (s.teams) {
    s.teams.forEach(function (team, t) {
      out += '<div class="team"><b>team ' + (t + 1) + ": " + team.map(function (x) { return "seat " + x; }).join(" + ") +
        " · " + s.scores[team[0]] + "</b>" + team.map(seatHtml).join("") + "</div>";
    });
  } else {
    s.scores.forEach(function (_, seat) { out += seatHtml(seat); });
  }
  return out;
};

var PRIDE_DICE = ["white", "white", "white", "red", "blue"];
var PUZZLES = ["diamond", "heart", "dance card", "flowers"];

DRAW["pride-prejudice"] = function (s) {
  var chosenBy = s.__chosen_by || {};
  var diceRow = s.dice.map(function (v, k) {
    var left = (s.pool >> k) & 1;
    var who = chosenBy[k] ? " seat " + chosenBy[k].join(", ") : "";
    return '<span style="display:inline-block;text-align:center;margin-right:6px">' +
      die(v, PRIDE_DICE[k], 34, !!chosenBy[k]) + '<br><small>' + (who || (left ? "open" : "kept")) + "</small></span>";
  }).join("");
  var out = row("round " + s.round + " · starter seat " + s.starter, diceRow);
  var boxes = s.boxes || current.start.state_data.boxes || [];
  var active = s.choosing ? s.choosing.seat : -1;
  s.sheets.forEach(function (sh, seat) {
    var inner = "";
    for (var p = 0; p < 4; p++) {
      var names = boxes[p] || [];
      var marks = bits(sh.marks[p], names.length || 24);
      inner += row(PUZZLES[p] + " " + (sh.parts[["diamond", "heart", "dance_card", "flowers"][p]] || 0),
        "<br>" + marks.map(function (m, b) { return '<span class="box' + (m ? " on" : "") + '">' + esc(names[b] || b) + "</span>"; }).join(""));
    }
    inner += row("romance " + sh.parts.romance, sh.romance.map(function (l, k) {
      return "link " + (k + 1) + " ♥" + l[0] + " ♦" + l[1];
    }).join(" · "));
    inner += row("fans", tracks(bits(sh.fan, 16).reduce(function (a, b) { return a + b; }, 0), 16));
    inner += row("chaperone", sh.chaperone.map(function (n, v) { return (v + 1) + ":" + n; }).join(" "));
    inner += row("Faux Pas " + sh.parts.faux_pas, tracks(sh.faux_pas, 6, "bad"));
    inner += row("score", "<b>" + sh.score + "</b>");
    out += seatBox(seat, seat === active, inner);
  });
  return out;
};

var RELATIONSHIPS = ["romance", "friendship", "professional", "family"];

DRAW["love-actually"] = function (s) {
  var out = row("turn " + s.turn + " · deck " + s.deck + " cards", "") +
    row("discard pile (top last)", s.pile.length ? s.pile.map(function (c) { return '<span class="card">' + esc(c) + "</span>"; }).join("") : "empty");
  out += row("bonus tiles", RELATIONSHIPS.map(function (r, k) {
    return r + ": " + (s.tiles[k] === null || s.tiles[k] === undefined ? "free" : "seat " + s.tiles[k]);
  }).join(" · "));
  s.scores.forEach(function (sc, seat) {
    var hand = s.hands ? s.hands[seat].map(function (c) {
      var seen = c.seen_by.length ? '<span class="seen" title="seen by seats ' + c.seen_by.join(", ") + '">seen:' + c.seen_by.join(",") + "</span>" : "";
      return '<span class="card ' + esc(c.colour) + '">' + esc(c.card) + seen + "</span>";
    }).join("") : s.hand_sizes[seat] + " cards";
    var inner = row("hand", hand || "empty") +
      (s.aside && s.aside[seat] && s.aside[seat].length ? row("claimed", s.aside[seat].join(", ")) : "") +
      RELATIONSHIPS.map(function (r, k) { return row(r, tracks(s.tracks[seat][k], 5)); }).join("") +
      row("score", "<b>" + sc + "</b>");
    out += seatBox(seat, seat === s.current, inner);
  });
  out += '<div class="label">seen: n = the other seats that know the card is in this hand</div>';
  return out;
};

function drawGeneric(s) {
  return "<pre>" + esc(JSON.stringify(s, null, 1)) + "</pre>";
}

// ---- the page -----------------------------------------------------------------------

function render() {
  var m = current, n = m.steps.length, s = m.states[at];
  var draw = DRAW[m.start.game] || drawGeneric;
  var caption = '<div class="caption" id="caption"><b>step ' + at + " / " + n + "</b> · " + esc(stepText(at)) +
    (at === n ? " · <b>end: " + esc(m.end.reason_text || m.end.reason || "") + "</b>" : "") + "</div>";
  $("picture").innerHTML = caption + '<div id="table">' + draw(s, at) + "</div>";
  // Scores.
  var scores = scoresAt(at), ended = at === n;
  var rows = "<tr><th>seat</th><th>bot</th><th>score</th></tr>";
  scores.forEach(function (sc, seat) {
    var win = ended && (m.end.winners || []).indexOf(seat) >= 0;
    rows += '<tr class="' + (win ? "win" : "") + '"><td>' + seat + "</td><td>" + esc((m.start.bots || [])[seat] || "") +
      '</td><td class="score" data-seat="' + seat + '">' + sc + "</td></tr>";
  });
  $("scores").innerHTML = rows;
  $("scores").setAttribute("data-final", ended ? "1" : "0");
  // This step: what happened, the legal actions with the chosen one, the events.
  var now = "<div>" + esc(stepText(at)) + "</div>";
  if (at > 0) {
    var r = m.steps[at - 1];
    if (r.legal) {
      now += '<div class="label">' + r.legal.length + " legal action" + (r.legal.length === 1 ? "" : "s") + ":</div><ul>" +
        r.legal.map(function (a, k) {
          return '<li class="' + (k === r.chosen ? "chosen" : "") + '">' + esc(typeof a === "object" ? a.text : a) + "</li>";
        }).join("") + "</ul>";
    }
    if (r.events && r.events.length) {
      now += '<div class="events">' + r.events.map(function (e) { return esc(eventText(e)); }).join("<br>") + "</div>";
    }
  } else if (m.start.events && m.start.events.length) {
    now += '<div class="events">' + m.start.events.map(function (e) { return esc(eventText(e)); }).join("<br>") + "</div>";
  }
  if (ended) now += "<div><b>" + esc(m.end.reason_text || "") + "</b>" + (m.end.capped ? " (capped: no winner)" : "") + "</div>";
  $("now").innerHTML = now;
  // Controls and log.
  $("slider").value = at;
  $("jump").value = at;
  var old = document.querySelector("#log li.here");
  if (old) old.className = "";
  var li = $("log").children[at];
  if (li) {
    li.className = "here";
    var log = $("log");
    if (li.offsetTop < log.scrollTop || li.offsetTop > log.scrollTop + log.clientHeight - 20) log.scrollTop = li.offsetTop - 40;
  }
}

function go(i) {
  var n = current.steps.length;
  at = Math.max(0, Math.min(n, i | 0));
  render();
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
  $("who").textContent = st.game + " · match " + st.match + " · seed " + st.seed + " · deal " + st.deal +
    " · seating " + st.seating + " · bots " + (st.bots || []).join(", ");
  $("slider").max = n;
  $("jump").max = n;
  $("count").textContent = n;
  var items = [];
  for (var i = 0; i <= n; i++) items.push("<li>" + esc(stepText(i)) + "</li>");
  items.push("<li>end: " + esc(current.end.reason_text || "") + " · scores " + esc((current.end.scores || []).join(", ")) + "</li>");
  $("log").innerHTML = items.join("");
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
