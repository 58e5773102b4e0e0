// Love Actually: its picture on the replay and play pages (see common.js for the registries).
"use strict";

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
