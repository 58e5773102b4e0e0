// Kuhn poker: its picture on the replay and play pages (see src/session/view/draw_common.js
// for the registries). A card the seat may not see is `null` in the state: drawn face down.
"use strict";

var KUHN_NAMES = { J: "Jack", Q: "Queen", K: "King" };

function kuhnCard(c) {
  var face = own(KUHN_NAMES, c);
  return '<span class="card" title="' + (face ? esc(KUHN_NAMES[c]) : "face down") + '" style="display:inline-block;' +
    'width:44px;height:62px;border:2px solid #333;border-radius:6px;text-align:center;line-height:62px;' +
    'font-size:26px;font-weight:bold;background:' + (face ? "#fff" : "#2f6fd6") + ';color:#222">' +
    (face ? esc(c) : "") + "</span>";
}

DRAW.kuhn = function (s) {
  var out = "", betting = list(s.betting), put = list(s.contributed);
  list(s.cards).forEach(function (c, seat) {
    var mover = !s.over && seat === s.to_move;
    out += seatBox(seat, mover, row("card", kuhnCard(c)) + row("in the pot", "<b>" + esc(put[seat]) + "</b>") +
      row("net chips", esc(list(s.scores)[seat])));
  });
  out += row("pot", "<b>" + esc(s.pot) + "</b>") +
    row("betting", betting.length ? betting.map(function (b, i) { return "seat " + (i % 2) + " " + esc(b); }).join(", ") : "none yet");
  return out;
};

WORDS.kuhn = function (e) {
  var who = "seat " + txt(e.seat);
  switch (e.kind) {
    case "ante": return who + " puts the ante into the pot";
    case "deal": return "one card is dealt to each player, face down";
    case "check": return who + " checks";
    case "fold": return who + " folds";
    case "bet": return who + " bets";
    case "call": return who + " calls";
    case "showdown": return "showdown: " + list(e.cards).map(function (c, p) { return "seat " + p + " shows " + txt(c); }).join(", ");
    case "pot": return who + " takes the pot (+" + txt(e.points) + ")";
    default: return null;
  }
};
