// Pig: its picture on the replay and play pages (see src/session/view/draw_common.js for the
// registries).
"use strict";

DRAW.pig = function (s) {
  var target = s.target || 100, out = "";
  list(s.scores).forEach(function (sc, seat) {
    var mover = seat === s.to_move;
    var inner = row("score", "<b>" + esc(sc) + "</b> / " + esc(target)) +
      '<div><span class="bar" style="width:' + Math.round(200 * Math.min(sc, target) / target) + 'px"></span>' +
      (mover ? '<span class="bar turn" style="width:' + Math.round(200 * Math.min(s.turn_total, target) / target) + 'px"></span>' : "") +
      "</div>";
    if (mover) {
      inner += '<div class="row"><span data-target="seat' + esc(seat) + ':bank" title="stop: add the turn total to your score">' +
        'turn total <b>' + esc(s.turn_total) + "</b> · bank it</span></div>" +
        '<div class="row"><span data-target="seat' + esc(seat) + ':roll" title="roll again: a 1 loses the turn total">' +
        die(s.last_roll || "?", "white", 36) + " roll</span></div>";
    }
    out += seatBox(seat, mover, inner);
  });
  out += row("last roll", s.last_roll ? die(s.last_roll, "white", 36) : "-") + row("turn", esc(s.turn));
  return out;
};
