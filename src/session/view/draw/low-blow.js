// LOW BLOW: its picture on the replay and play pages (see common.js for the registries).
"use strict";

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
