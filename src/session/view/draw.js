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
function own(table, key) { return Object.prototype.hasOwnProperty.call(table, key); }
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

function seatBox(seat, active, inner, extraTitle) {
  var bot = list(current.start.bots)[seat];
  return '<div class="seat' + (active ? " active" : "") + '" data-seat="' + esc(seat) + '"><h3>seat ' +
    esc(seat) + (bot ? " · " + esc(bot) : "") + (extraTitle || "") + "</h3>" + inner + "</div>";
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

// ---- one drawing per game -----------------------------------------------------------

var DRAW = {};

DRAW.tictactoe = function (s, i) {
  var hit = squaresOfStep(i);
  var out = '<table class="grid ttt">';
  for (var r = 0; r < 3; r++) {
    out += "<tr>";
    for (var c = 0; c < 3; c++) {
      var q = r * 3 + c, v = list(s.board)[q];
      out += '<td data-cell="row ' + (r + 1) + " column " + (c + 1) + '" class="' + (hit[q] ? "hit" : "") + '" style="color:' + (v === "X" ? "#c33" : "#36c") + '">' + esc(v || "") + "</td>";
    }
    out += "</tr>";
  }
  out += "</table>";
  out += row("to move", "seat " + esc(s.to_move) + " (" + (s.to_move === 0 ? "X" : "O") + ")") +
    row("moves", esc(s.moves)) + (s.winner !== null && s.winner !== undefined ? row("winner", "seat " + esc(s.winner)) : "");
  return out;
};

DRAW.pig = function (s) {
  var target = s.target || 100, out = "";
  list(s.scores).forEach(function (sc, seat) {
    var mover = seat === s.to_move;
    var inner = row("score", "<b>" + esc(sc) + "</b> / " + esc(target)) +
      '<div><span class="bar" style="width:' + Math.round(200 * Math.min(sc, target) / target) + 'px"></span>' +
      (mover ? '<span class="bar turn" style="width:' + Math.round(200 * Math.min(s.turn_total, target) / target) + 'px"></span>' : "") +
      "</div>" + (mover ? row("turn total", "<b>" + esc(s.turn_total) + "</b>") : "");
    out += seatBox(seat, mover, inner);
  });
  out += row("last roll", s.last_roll ? die(s.last_roll, "white", 36) : "-") + row("turn", esc(s.turn));
  return out;
};

DRAW.trice = function (s, i) {
  var hit = squaresOfStep(i), cols = upTo(s.columns, 26), rows = upTo(s.rows, 26);
  var out = '<table class="grid"><tr><th></th>';
  for (var c = 0; c < cols; c++) out += "<th>" + String.fromCharCode(97 + c) + "</th>";
  out += "</tr>";
  for (var r = 0; r < rows; r++) {
    out += "<tr><th>" + (r + 1) + "</th>";
    for (c = 0; c < cols; c++) {
      var q = r * cols + c, d = list(s.board)[q];
      out += '<td data-cell="' + String.fromCharCode(97 + c) + (r + 1) + '" class="' + (hit[q] ? "hit" : "") + '">' + (d ? die(d.value, d.colour, 38) : "") + "</td>";
    }
    out += "</tr>";
  }
  out += "</table>";
  out += row("pool", list(s.pool).length ? dice(s.pool, 24) : "empty");
  var heldWord = s.phase === "swap" ? "pointed die" : "die to place";
  out += row(heldWord, s.held ? die(s.held.value, s.held.colour, 32, true) : "-");
  out += row("phase", esc(s.phase) + (s.phase === "swap" ? " (swap turn " + esc(s.swap_turns) + ")" : "")) +
    row("to move", "seat " + esc(s.to_move)) + row("placements", esc(s.placements));
  if (s.winner !== null && s.winner !== undefined) out += row("winner", "seat " + esc(s.winner));
  return out;
};

DRAW["low-blow"] = function (s) {
  var out = row("round", esc(s.round) + " · pot " + esc(s.pot) + " · phase " + esc(s.phase));
  list(s.board).forEach(function (cells, seat) {
    var home = list(cells).map(function (d) {
      return d ? die(d.value, d.colour, 26) : '<svg class="die" width="26" height="26" viewBox="0 0 40 40"><rect x="2" y="2" width="36" height="36" rx="7" fill="none" stroke="#bbb" stroke-dasharray="4"/></svg>';
    }).join("");
    var hand = list(s.hands)[seat] || {};
    var held = Object.keys(hand).map(function (c) {
      return '<span style="color:' + colourOf(c) + '">' + esc(c) + " ×" + esc(hand[c]) + "</span>";
    }).join(" ");
    var inner = row("row", home) + row("dice held", held || "none") +
      row("counters", esc(list(s.counters)[seat])) + row("banked", esc(list(s.banked)[seat])) +
      row("score", "<b>" + esc(list(s.scores)[seat]) + "</b>");
    if (seat === s.mover) inner += row("roll " + s.rolls, dice(s.rolled, 24) || "-") + row("set aside", dice(s.aside, 24) || "-");
    out += seatBox(seat, seat === s.mover, inner);
  });
  return out;
};

function cardsHtml(cards) {
  return list(cards).map(function (c) {
    var special = isNaN(parseInt(c, 10));
    return '<span class="card' + (special ? " special" : "") + '">' + esc(c) + "</span>";
  }).join("");
}

DRAW.dardz = function (s) {
  var out = row("round", esc(s.round) + " · turn " + esc(s.turn) + " · draw pile " + esc(s.draw_pile) + " cards · phase " + esc(s.phase));
  out += row("roll (" + esc(s.stage) + ", seat " + s.roller + ")", dice(s.dice, 30) || "-");
  if (s.guess) out += row("Bonus Roll guess", esc(s.guess));
  var seatHtml = function (seat) {
    var p = list(s.piles)[seat] || {};
    var inner = row("hand", cardsHtml(list(s.hands)[seat]) || "empty") +
      row("points pile (" + p.count + ", value " + p.value + ")", cardsHtml(p.cards) || "empty") +
      row("score", "<b>" + esc(list(s.scores)[seat]) + "</b>");
    return seatBox(seat, seat === s.roller, inner);
  };
  if (s.teams) {
    list(s.teams).forEach(function (team, t) {
      team = list(team);
      out += '<div class="team"><b>team ' + (t + 1) + ": " + team.map(function (x) { return "seat " + esc(x); }).join(" + ") +
        " · " + esc(list(s.scores)[team[0]]) + "</b>" + team.map(seatHtml).join("") + "</div>";
    });
  } else {
    list(s.scores).forEach(function (_, seat) { out += seatHtml(seat); });
  }
  return out;
};

var PRIDE_DICE = ["white", "white", "white", "red", "blue"];
var PUZZLES = ["diamond", "heart", "dance card", "flowers"];

DRAW["pride-prejudice"] = function (s) {
  var chosenBy = s.__chosen_by || {};
  var diceRow = list(s.dice).map(function (v, k) {
    var left = (s.pool >> k) & 1;
    var who = own(chosenBy, k) ? " seat " + list(chosenBy[k]).join(", ") : "";
    return '<span style="display:inline-block;text-align:center;margin-right:6px">' +
      die(v, PRIDE_DICE[k], 34, own(chosenBy, k)) + '<br><small>' + esc(who || (left ? "open" : "kept")) + "</small></span>";
  }).join("");
  var out = row("round " + s.round + " · starter seat " + s.starter, diceRow);
  var boxes = list(s.boxes || current.start.state_data.boxes);
  var active = s.choosing ? s.choosing.seat : -1;
  list(s.sheets).forEach(function (sh, seat) {
    var inner = "", parts = sh.parts || {};
    for (var p = 0; p < 4; p++) {
      var names = list(boxes[p]);
      var marks = bits(list(sh.marks)[p], names.length || 24);
      inner += row(PUZZLES[p] + " " + (parts[["diamond", "heart", "dance_card", "flowers"][p]] || 0),
        "<br>" + marks.map(function (m, b) { return '<span data-cell="' + esc(names[b] || b) + '" class="box' + (m ? " on" : "") + '">' + esc(names[b] || b) + "</span>"; }).join(""));
    }
    inner += row("romance " + parts.romance, list(sh.romance).map(function (l, k) {
      return "link " + (k + 1) + " ♥" + esc(list(l)[0]) + " ♦" + esc(list(l)[1]);
    }).join(" · "));
    inner += row("fans", tracks(bits(sh.fan, 16).reduce(function (a, b) { return a + b; }, 0), 16));
    inner += row("chaperone", list(sh.chaperone).map(function (n, v) { return (v + 1) + ":" + esc(n); }).join(" "));
    inner += row("Faux Pas " + parts.faux_pas, tracks(sh.faux_pas, 6, "bad"));
    inner += row("score", "<b>" + esc(sh.score) + "</b>");
    out += seatBox(seat, seat === active, inner);
  });
  return out;
};

var RELATIONSHIPS = ["romance", "friendship", "professional", "family"];

DRAW["love-actually"] = function (s) {
  var out = row("turn " + s.turn + " · deck " + s.deck + " cards", "") +
    row("discard pile (top last)", list(s.pile).length ? s.pile.map(function (c) { return '<span data-cell="' + esc(c) + '" class="card">' + esc(c) + "</span>"; }).join("") : "empty");
  out += row("bonus tiles", RELATIONSHIPS.map(function (r, k) {
    var tile = list(s.tiles)[k];
    return r + ": " + (tile === null || tile === undefined ? "free" : "seat " + esc(tile));
  }).join(" · "));
  list(s.scores).forEach(function (sc, seat) {
    var hand = s.hands ? list(s.hands[seat]).map(function (c) {
      if (c.card === null) return '<span class="card hidden" title="a card you have not seen">?</span>';
      var seenBy = list(c.seen_by);
      var seen = seenBy.length ? '<span class="seen" title="seen by seats ' + esc(seenBy.join(", ")) + '">seen:' + esc(seenBy.join(",")) + "</span>" : "";
      return '<span data-cell="' + esc(c.card) + '" class="card ' + esc(c.colour) + '">' + esc(c.card) + seen + "</span>";
    }).join("") : esc(list(s.hand_sizes)[seat]) + " cards";
    var inner = row("hand", hand || "empty") +
      (list(list(s.aside)[seat]).length ? row("claimed", esc(s.aside[seat].join(", "))) : "") +
      RELATIONSHIPS.map(function (r, k) { return row(r, tracks(list(list(s.tracks)[seat])[k], 5)); }).join("") +
      row("score", "<b>" + esc(sc) + "</b>");
    out += seatBox(seat, seat === s.current, inner);
  });
  out += '<div class="label">seen: n = the other seats that know the card is in this hand</div>';
  return out;
};

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

