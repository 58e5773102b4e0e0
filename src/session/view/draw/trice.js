// TRICE: its picture on the replay and play pages (see common.js for the registries).
"use strict";

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
