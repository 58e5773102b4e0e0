// DARDZ: its picture on the replay and play pages (see common.js for the registries).
"use strict";

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
