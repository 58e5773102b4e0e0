// tic-tac-toe: its picture on the replay and play pages (see src/session/view/draw_common.js for
// the registries).
"use strict";

DRAW.tictactoe = function (s, i) {
  var hit = squaresOfStep(i);
  var out = '<table class="grid ttt">';
  for (var r = 0; r < 3; r++) {
    out += "<tr>";
    for (var c = 0; c < 3; c++) {
      var q = r * 3 + c, v = list(s.board)[q];
      out += '<td data-target="square' + q + '" title="row ' + (r + 1) + ", column " + (c + 1) + '" class="' + (hit[q] ? "hit" : "") +
        '" style="color:' + (v === "X" ? "#c33" : "#36c") + '">' + esc(v || "") + "</td>";
    }
    out += "</tr>";
  }
  out += "</table>";
  out += row("to move", "seat " + esc(s.to_move) + " (" + (s.to_move === 0 ? "X" : "O") + ")") +
    row("moves", esc(s.moves)) + (s.winner !== null && s.winner !== undefined ? row("winner", "seat " + esc(s.winner)) : "");
  return out;
};
