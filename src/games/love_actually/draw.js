// Love Actually: its picture on the replay and play pages (see src/session/view/draw_common.js for
// the registries). Cards carry only their names in the state; what a card does and whom it scores
// with comes from LA_CARDS below, the built-in card data (a Rust test in
// src/games/love_actually/tests checks that it equals configs/love-actually/cards.toml, so the two
// cannot drift).
"use strict";

var RELATIONSHIPS = ["romance", "friendship", "professional", "family"];
var LA_COLOURS = ["red", "blue", "pink", "black"];

// BEGIN CARD TABLE (generated: the test `js_card_table_equals_the_card_data_la1_la2_la48` prints it)
var LA_CARDS = [
  {"ability":"nothing when chosen; may be handed over for another name","colour":"black","name":"POTUS","sets":[{"partners":["David"],"points":2,"relationship":"professional"}]},
  {"ability":"no ability","colour":"black","name":"Rufus","sets":[{"partners":["Harry"],"points":2,"relationship":"professional"}]},
  {"ability":"discard a black card for +2 points","colour":"red","name":"Harry","sets":[{"partners":["Daisy","Bernard","Karen"],"points":4,"relationship":"family"},{"partners":["Mia"],"points":2,"relationship":"romance"}]},
  {"ability":"nothing when chosen; co-scores its pair on a claim","colour":"red","name":"Daisy","sets":[{"partners":["Bernard"],"points":2,"relationship":"family"}]},
  {"ability":"nothing when chosen; co-scores its pair on a claim","colour":"red","name":"Bernard","sets":[{"partners":["Daisy"],"points":2,"relationship":"family"}]},
  {"ability":"nothing when chosen; both its sets at once score +2","colour":"red","name":"Karen","sets":[{"partners":["Harry","Daisy","Bernard"],"points":4,"relationship":"family"},{"partners":["David"],"points":2,"relationship":"family"}]},
  {"ability":"give a player a card, then it discards one at random","colour":"red","name":"Mia","sets":[{"partners":["Harry"],"points":2,"relationship":"romance"}]},
  {"ability":"ask every player for a name","colour":"blue","name":"David","sets":[{"partners":["Natalie"],"points":2,"relationship":"romance"},{"partners":["POTUS"],"points":2,"relationship":"professional"}]},
  {"ability":"the players either side show you a card","colour":"blue","name":"Natalie","sets":[{"partners":["David"],"points":2,"relationship":"romance"}]},
  {"ability":"take 2 cards from the discard pile, shown","colour":"pink","name":"Johanna","sets":[{"partners":["Sam"],"points":2,"relationship":"romance"}]},
  {"ability":"take 1 card from the discard pile, shown","colour":"pink","name":"Sam","sets":[{"partners":["Johanna"],"points":2,"relationship":"romance"},{"partners":["Daniel"],"points":2,"relationship":"family"}]},
  {"ability":"take 2 cards from the discard pile, face down","colour":"pink","name":"Daniel","sets":[{"partners":["Sam"],"points":2,"relationship":"family"}]},
  {"ability":"a player may ask only you on its next turn","colour":"red","name":"Juliet","sets":[{"partners":["Peter"],"points":2,"relationship":"romance"},{"partners":["Mark"],"points":2,"relationship":"friendship"}]},
  {"ability":"+1 on the friendship track","colour":"red","name":"Peter","sets":[{"partners":["Juliet"],"points":2,"relationship":"romance"},{"partners":["Mark"],"points":2,"relationship":"friendship"}]},
  {"ability":"see a player's hand","colour":"red","name":"Mark","sets":[{"partners":["Juliet"],"points":2,"relationship":"friendship"},{"partners":["Mia","Peter"],"points":3,"relationship":"friendship"}]},
  {"ability":"a player gives you a card not of the colour you name","colour":"blue","name":"Jamie","sets":[{"partners":["Juliet","Peter","Sarah"],"points":5,"relationship":"friendship"},{"partners":["Aurelia"],"points":2,"relationship":"romance"}]},
  {"ability":"+2 points if you asked nobody for Jamie or Aurelia","colour":"blue","name":"Aurelia","sets":[{"partners":["Jamie"],"points":2,"relationship":"romance"}]},
  {"ability":"no ability","colour":"blue","name":"Sarah","sets":[{"partners":["Juliet","Peter","Jamie"],"points":5,"relationship":"friendship"},{"partners":["Karl"],"points":2,"relationship":"romance"},{"partners":["Harry","Karl"],"points":3,"relationship":"professional"}]},
  {"ability":"+1 on the romance and professional tracks","colour":"blue","name":"Karl","sets":[{"partners":["Harry","Sarah"],"points":3,"relationship":"professional"},{"partners":["Sarah"],"points":2,"relationship":"romance"}]},
  {"ability":"see a player's hand","colour":"blue","name":"Judy","sets":[{"partners":["John","Tony"],"points":3,"relationship":"professional"},{"partners":["John"],"points":2,"relationship":"romance"}]},
  {"ability":"see a player's hand","colour":"blue","name":"John","sets":[{"partners":["Judy","Tony"],"points":3,"relationship":"professional"},{"partners":["Judy"],"points":2,"relationship":"romance"}]},
  {"ability":"every player puts in a card, shuffled and dealt back","colour":"pink","name":"Harriet","sets":[{"partners":["Colin"],"points":2,"relationship":"romance"},{"partners":["USA Girls"],"points":2,"relationship":"friendship"}]},
  {"ability":"draw to 4, then everyone passes a card left","colour":"pink","name":"Colin","sets":[{"partners":["Harriet","USA Girls"],"points":3,"relationship":"romance"},{"partners":["Tony"],"points":2,"relationship":"friendship"}]},
  {"ability":"two players swap a card","colour":"pink","name":"Tony","sets":[{"partners":["Judy","John"],"points":3,"relationship":"professional"},{"partners":["Colin"],"points":2,"relationship":"friendship"}]},
  {"ability":"every player puts in a card, shuffled and dealt back","colour":"pink","name":"USA Girls","sets":[{"partners":["Harriet","Colin"],"points":3,"relationship":"romance"},{"partners":["Harriet"],"points":2,"relationship":"friendship"}]},
  {"ability":"+1 on a track of your choice","colour":"pink","name":"Joe","sets":[{"partners":["Billy"],"points":2,"relationship":"professional"},{"partners":["Billy"],"points":2,"relationship":"friendship"}]},
  {"ability":"+1 on a track of your choice","colour":"pink","name":"Billy","sets":[{"partners":["Joe"],"points":2,"relationship":"professional"},{"partners":["Joe"],"points":2,"relationship":"friendship"}]}
];
// END CARD TABLE

var LA_BY_NAME = {};
LA_CARDS.forEach(function (c) { LA_BY_NAME[c.name] = c; });

// A card's hover text: colour, ability, and every set printed on it.
function laTitle(name) {
  if (!own(LA_BY_NAME, name)) return txt(name) + " (a card of an edited card file)";
  var c = LA_BY_NAME[name];
  var lines = [c.name + " · " + c.colour + " card", "Ability (if you score it): " + c.ability];
  list(c.sets).forEach(function (s) {
    lines.push("Set: " + c.name + " + " + list(s.partners).join(" + ") + " = " + s.points + " points, +1 " + s.relationship);
  });
  if (!list(c.sets).length) lines.push("No set of its own.");
  return lines.join("\n");
}

// A card of the picture: its name, its colour, its hover text and, where a move may be
// played on it, its target.
function laCard(name, target, more, cls) {
  var c = own(LA_BY_NAME, name) ? LA_BY_NAME[name] : null;
  var colour = c ? c.colour : "";
  return '<span class="card ' + esc(colour) + (cls ? " " + cls : "") + '" title="' + esc(laTitle(name)) + '"' +
    (target ? ' data-target="' + esc(target) + '"' : "") + ">" + esc(name) + (more || "") + "</span>";
}

// What the four relationships and colours of an ask mean, for their hover text.
function laRelTitle(r) {
  var names = LA_CARDS.filter(function (c) {
    return list(c.sets).some(function (s) { return s.relationship === r; });
  }).map(function (c) { return c.name; });
  return "Ask for a " + r + " card: any card with a " + r + " set printed on it (" + names.join(", ") + ")";
}
function laColourTitle(k) {
  var names = LA_CARDS.filter(function (c) { return c.colour === k; }).map(function (c) { return c.name; });
  return "Ask for a " + k + " card (" + names.join(", ") + ")";
}

// The question board: whom to ask for what. Always drawn, as the list of all the cards; on
// the play page its parts play the asks.
function laAskBoard() {
  var head = function (k, words) {
    return '<b class="card special" data-target="ask:by:' + k + '" title="ask by ' + k + '">' + words + "</b> ";
  };
  var names = LA_COLOURS.map(function (k) {
    return LA_CARDS.filter(function (c) { return c.colour === k; }).map(function (c) {
      return laCard(c.name, "ask:name:" + c.name);
    }).join("");
  }).join(" ");
  var rels = RELATIONSHIPS.map(function (r) {
    return '<span class="card" title="' + esc(laRelTitle(r)) + '" data-target="ask:relationship:' + r + '">' + r + "</span>";
  }).join("");
  var cols = LA_COLOURS.map(function (k) {
    return '<span class="card ' + k + '" title="' + esc(laColourTitle(k)) + '" data-target="ask:colour:' + k + '">' + k + "</span>";
  }).join("");
  return '<div class="row"><span class="label">all cards, to ask for (hover a card for its ability and sets):</span></div>' +
    row("", head("name", "a name") + names) + row("", head("relationship", "a relationship") + rels +
    " " + head("colour", "a colour") + cols);
}

function laTrackRow(seat, k, count, tileOwner, s) {
  var r = RELATIONSHIPS[k];
  var n = typeof count === "number" ? count : 0;
  var tile = tileOwner === null || tileOwner === undefined ? "the " + r + " bonus tile is free: the first to reach 3 here in its own turn gets +3 points" :
    "seat " + tileOwner + " holds the " + r + " bonus tile";
  return '<div class="row" data-target="seat' + esc(seat) + ":track:" + r + '" title="' + esc(r + " track: " + n + ". " + tile) + '">' +
    '<span class="label">' + r + "</span>" + tracks(n, Math.max(5, upTo(n, 20))) + " " + esc(n) +
    (tileOwner === seat ? " <b title=\"this seat holds the " + r + " bonus tile (+3)\">tile</b>" : "") + "</div>";
}

DRAW["love-actually"] = function (s) {
  var win = s.window;
  var pile = list(s.pile), top = pile.length - 1;
  var out = '<div class="caption"><b>' + esc(s.doing || "") + "</b></div>";
  out += row("turn " + esc(s.turn) + " · seat " + esc(s.current) + "'s turn · deck", esc(s.deck) + " cards left");
  out += row("discard pile (top card last)", pile.length ? pile.map(function (c, k) {
    var more = k === top ? ' <span class="seen" title="the top card: the one a player may take in its turn">top</span>' : "";
    return laCard(c, "pile:" + c, more, c === win && k === top ? "special" : "");
  }).join("") : "empty");
  if (list(s.scored).length) {
    out += row("scored this turn (going to the pile)", list(s.scored).map(function (c) { return laCard(c, "set:" + c); }).join(""));
  }
  out += row("bonus tiles (+3 to the first to reach 3 on the track)", RELATIONSHIPS.map(function (r, k) {
    var tile = list(s.tiles)[k];
    return '<span class="card' + (tile === null || tile === undefined ? "" : " special") + '" title="' +
      esc(tile === null || tile === undefined ? "free" : "claimed by seat " + tile) + '">' + r + ": " +
      (tile === null || tile === undefined ? "free" : "seat " + esc(tile)) + "</span>";
  }).join(""));
  list(s.scores).forEach(function (sc, seat) {
    var cards = s.hands ? list(s.hands[seat]).map(function (c) {
      c = c || {};
      if (c.card === null || c.card === undefined) return '<span class="card hidden" title="a card you have not seen">?</span>';
      var seenBy = list(c.seen_by);
      var seen = seenBy.length ? '<span class="seen" title="seats ' + esc(seenBy.join(", ")) + ' know this card is here">seen:' + esc(seenBy.join(",")) + "</span>" : "";
      return laCard(c.card, "seat" + seat + ":card:" + c.card, seen);
    }).join("") : esc(list(s.hand_sizes)[seat]) + " cards";
    var handTitle = seat === MY_SEAT ? "your hand" : "seat " + seat + "'s hand (click it to ask or pick this player when that is your move)";
    var inner = '<div class="row" data-target="seat' + esc(seat) + ':hand" title="' + esc(handTitle) + '"><span class="label">hand</span>' + (cards || "empty") + "</div>" +
      (list(list(s.aside)[seat]).length ? row("claimed set", list(s.aside[seat]).map(function (c) { return laCard(c, "set:" + c); }).join("")) : "") +
      RELATIONSHIPS.map(function (r, k) { return laTrackRow(seat, k, list(list(s.tracks)[seat])[k], list(s.tiles)[k], s); }).join("") +
      row("score", '<b title="points from sets, abilities and bonus tiles; scores never go down">' + esc(sc) + "</b>");
    out += seatBox(seat, seat === s.current, inner);
  });
  out += laAskBoard();
  out += '<div class="label">seen: n = the other seats that know the card is in this hand · ? = a card you have not seen</div>';
  return out;
};

WORDS["love-actually"] = function (e) {
  var who = "seat " + txt(e.seat);
  var pts = (e.points >= 0 ? "+" : "") + txt(e.points) + " points";
  if (e.kind === "set_points") return who + " " + pts + " for " + txt(e.set || "a set");
  if (e.kind === "bonus_tile") return who + " " + pts + " for the " + list(e.tiles).map(txt).join(" and ") + " bonus tile" + (list(e.tiles).length > 1 ? "s" : "");
  if (e.kind === "ability_points") return who + " " + pts + " from " + txt(e.card) + "'s ability";
  return null;
};
