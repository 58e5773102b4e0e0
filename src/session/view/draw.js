// The pictures of every game, drawn from a state's `state_data` alone: shared by the
// replay page (arena view) and the play page (arena play). A drawing reads `current.start`
// (the bots' names, the start state) and `current.steps` (the step's events) of the page
// that includes it; on the play page a card or choice hidden from the seat is `null`.
"use strict";

function $(id) { return document.getElementById(id); }
function esc(v) {
  return String(v).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;");
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
      out += '<td data-cell="row ' + (r + 1) + " column " + (c + 1) + '" class="' + (hit[q] ? "hit" : "") + '" style="color:' + (v === "X" ? "#c33" : "#36c") + '">' + (v || "") + "</td>";
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
      out += '<td data-cell="' + String.fromCharCode(97 + c) + (r + 1) + '" class="' + (hit[q] ? "hit" : "") + '">' + (d ? die(d.value, d.colour, 38) : "") + "</td>";
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
        "<br>" + marks.map(function (m, b) { return '<span data-cell="' + esc(names[b] || b) + '" class="box' + (m ? " on" : "") + '">' + esc(names[b] || b) + "</span>"; }).join(""));
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
    row("discard pile (top last)", s.pile.length ? s.pile.map(function (c) { return '<span data-cell="' + esc(c) + '" class="card">' + esc(c) + "</span>"; }).join("") : "empty");
  out += row("bonus tiles", RELATIONSHIPS.map(function (r, k) {
    return r + ": " + (s.tiles[k] === null || s.tiles[k] === undefined ? "free" : "seat " + s.tiles[k]);
  }).join(" · "));
  s.scores.forEach(function (sc, seat) {
    var hand = s.hands ? s.hands[seat].map(function (c) {
      if (c.card === null) return '<span class="card hidden" title="a card you have not seen">?</span>';
      var seen = c.seen_by.length ? '<span class="seen" title="seen by seats ' + c.seen_by.join(", ") + '">seen:' + c.seen_by.join(",") + "</span>" : "";
      return '<span data-cell="' + esc(c.card) + '" class="card ' + esc(c.colour) + '">' + esc(c.card) + seen + "</span>";
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

