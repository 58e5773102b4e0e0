// Pride & Preju-Dice: its picture on the replay and play pages (see common.js for the registries).
"use strict";

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
