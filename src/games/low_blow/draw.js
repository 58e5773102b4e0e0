// LOW BLOW: its picture on the replay and play pages (see src/session/view/draw_common.js for the
// registries). The board (one home row per player), then each player's dice, counters and score;
// the player on turn also shows the roll and the dice set aside. The parts a person plays carry the
// targets `move_place` names (src/games/low_blow/trace.rs): a die of the roll
// `seat<mover>:roll:<colour>-<value>`, an empty square `seat<row>:row:column<n>`.
"use strict";

// Seat p plays colour p: its dice and its home row (the game's COLOUR_NAMES).
var LB_COLOURS = ["red", "blue", "green", "yellow"];

// Inline styles (the pages allow them), so the shared style sheet stays as it is.
var LB_SWATCH = "display:inline-block;width:11px;height:11px;border-radius:2px;margin-right:4px;vertical-align:middle;background:";
var LB_PICK = "display:inline-block;padding:2px;border-radius:6px";

function lbSwatch(colour) { return '<span class="lb-swatch" style="' + LB_SWATCH + colourOf(colour) + '"></span>'; }
function lbColour(seat) { return typeof seat === "number" && LB_COLOURS[seat] ? LB_COLOURS[seat] : "?"; }
function lbSeat(seat) { return "seat " + txt(seat) + " (" + lbColour(seat) + ")"; }
function lbCount(n, one, many) { return txt(n) + " " + (n === 1 ? one : many); }
function lbMinus(n) { return n ? "-" + txt(n) : "0"; }
function lbSigned(n) { return (typeof n === "number" && n > 0 ? "+" : "") + txt(n); }
// A die without its own hover text, so the hover text of the part around it shows.
function lbDie(d, size) {
  d = d || {};
  return die(d.value, d.colour, size).replace(/<title>[^<]*<\/title>/, "");
}
function lbDieWords(d) { d = d || {}; return txt(d.colour) + " " + txt(d.value); }

// What a seat's counters take off its score, in words (LB-1: triangular or one each).
function lbWorth(n, worth) {
  if (n > 1 && worth === n * (n + 1) / 2) return "the 1st counter is worth -1, the 2nd -2, the 3rd -3 and so on: " + n + " counters are worth " + lbMinus(worth);
  return n + " counters are worth " + lbMinus(worth);
}

function lbBoard(s, hit) {
  var discount = typeof s.own_colour_discount === "number" ? s.own_colour_discount : 1;
  var rows = list(s.board), columns = rows.length ? list(rows[0]).length : 0;
  var out = '<table class="grid lb-board"><tr><th></th>';
  for (var c = 1; c <= columns; c++) out += '<th title="column ' + c + '">' + c + "</th>";
  out += '<th title="what each row adds to its owner\'s score if the round ended now">row adds</th></tr>';
  rows.forEach(function (cells, r) {
    var owner = lbColour(r);
    out += '<tr><th class="lb-owner" style="text-align:left;padding-right:6px" title="' + esc(owner + "'s home row (" + lbSeat(r) + "): every die on it adds its value to " + owner + "'s score at the round's end") + '">' +
      lbSwatch(owner) + esc(owner) + "'s row</th>";
    list(cells).forEach(function (d, c) {
      var place = "seat" + r + ":row:column" + (c + 1), cls = hit && hit.row === r && hit.column === c + 1 ? "hit" : "";
      if (d) {
        var own = d.colour === owner && discount > 0;
        var title = lbDieWords(d) + " on " + owner + "'s row: adds " + (own ? (d.value - discount) + " (" + d.value + ", less " + discount + " for a die of the row's own colour)" : d.value) +
          " to " + owner + "'s score at the round's end";
        out += '<td class="' + cls + '" title="' + esc(title) + '">' + lbDie(d, 34) + "</td>";
      } else {
        var empty = owner + "'s row, column " + (c + 1) + ": empty. A die placed here adds its value to " + owner + "'s score at the round's end";
        out += '<td class="lb-empty ' + cls + '" data-target="' + esc(place) + '" title="' + esc(empty) + '"></td>';
      }
    });
    out += '<td class="lb-sum" style="font-weight:bold" title="' + esc(owner + "'s row adds " + list(s.row_now)[r] + " to " + owner + "'s score if the round ended now: the dice on it, less " + discount + " for each " + owner + " die") + '">' + esc(list(s.row_now)[r]) + "</td></tr>";
  });
  return out + "</table>";
}

// The mover's roll: each (colour, value) once as a part to click, with its copies inside.
function lbRoll(s, seat) {
  var groups = [], by = {};
  list(s.rolled).forEach(function (d) {
    d = d || {};
    var key = txt(d.colour) + "-" + txt(d.value);
    if (!own(by, key)) { by[key] = { die: d, n: 0 }; groups.push(by[key]); }
    by[key].n++;
  });
  var choosing = s.phase === "setaside";
  return groups.map(function (g) {
    var dice = "";
    for (var k = 0; k < g.n; k++) dice += lbDie(g.die, 30);
    var words = lbDieWords(g.die) + (g.n > 1 ? " (" + g.n + " of them)" : "");
    var title = words + (choosing ? ": set one aside to keep it out of the next roll" : ": may be placed");
    return '<span class="lb-pick" style="' + LB_PICK + '" title="' + esc(title) + '"' +
      (choosing ? ' data-target="' + esc("seat" + seat + ":roll:" + txt(g.die.colour) + "-" + txt(g.die.value)) + '"' : "") + ">" + dice + "</span>";
  }).join(" ");
}

function lbHeld(hand) {
  var out = "";
  Object.keys(hand || {}).forEach(function (c) {
    var n = upTo(hand[c], 24), dice = "";
    for (var k = 0; k < n; k++) dice += lbDie({ colour: c, value: "" }, 16);
    out += '<span title="' + esc(lbCount(n, c + " die", c + " dice") + ", rolled on this player's turn") + '">' + dice + "</span> ";
  });
  return out || '<span title="a player without dice passes until the round ends">none</span>';
}

// What the player on turn does now, in words.
function lbDoing(s) {
  var rolls = "roll " + txt(s.rolls) + (s.max_rolls ? " of " + txt(s.max_rolls) : "");
  if (s.phase === "roll") return "is about to roll";
  if (s.phase === "setaside") return "rolled (" + rolls + "): sets dice aside, then rolls the rest again";
  if (s.phase === "place") return "places one die on an empty square of any row";
  return "";
}

DRAW["low-blow"] = function (s, i) {
  var hit = null;
  if (i > 0 && current.steps[i - 1]) list(current.steps[i - 1].events).forEach(function (e) { if (e && e.kind === "place") hit = e; });
  var over = s.phase === "over", m = s.mover;
  var head = "round " + esc(s.round) + (s.rounds_total ? " of " + esc(s.rounds_total) : "") +
    ' · <span title="counters paid in wait here; a Four or Five takes from it, a Six on a row gives all of it to the row\'s owner">pot: <b>' + esc(lbCount(s.pot, "counter", "counters")) + "</b></span>" +
    (over ? " · the match is over" : " · <b>" + esc(lbSeat(m)) + "</b> " + esc(lbDoing(s)));
  // One block for the board: on a narrow play page the table's parts are flex items, which
  // would stretch the board across the page; the seat boxes stay items, mine first.
  var out = '<div><div class="caption">' + head + "</div>" + lbBoard(s, hit) +
    '<div class="label lb-key">Each row belongs to the player of its colour. Dice on your row raise your score, and the lowest score wins: place high dice on the others\' rows.</div></div>';
  list(s.counters).forEach(function (n, seat) {
    var worth = list(s.counters_worth)[seat], banked = list(s.banked)[seat], score = list(s.scores)[seat];
    var scoreTitle = "score " + txt(score) + " = rows scored in finished rounds (" + txt(banked) + ") minus what the counters are worth (" + txt(worth) +
      "). Counters take points off, so scores are usually below zero; the lowest score wins, so a score far below zero is a good one.";
    var inner = row("dice", lbHeld(list(s.hands)[seat])) +
      row("counters", '<span title="' + esc(lbWorth(n, worth) + ". More counters, a lower score: good, since the lowest score wins") + '"><b>' + esc(n) + "</b> (worth " + esc(lbMinus(worth)) + ")</span>") +
      row("rows scored", '<span title="what this player\'s row scored in the rounds already finished">' + esc(banked) + "</span>") +
      row("score", '<span title="' + esc(scoreTitle) + '"><b>' + esc(score) + "</b></span>");
    if (seat === m && !over && (s.phase === "setaside" || s.phase === "place")) {
      inner += row("roll " + txt(s.rolls) + (s.max_rolls ? " of " + txt(s.max_rolls) : ""), lbRoll(s, seat) || "-") +
        row("set aside", list(s.aside).map(function (d) { return '<span title="' + esc(lbDieWords(d) + ": set aside, not rolled again; may be placed") + '">' + lbDie(d, 30) + "</span>"; }).join("") || "-");
    }
    var badge = " · " + lbSwatch(lbColour(seat)) + esc(lbColour(seat));
    out += seatBox(seat, seat === m && !over, inner, badge);
  });
  return out;
};

WORDS["low-blow"] = function (e) {
  var who = lbSeat(e.seat), dice = function (l) { return list(l).map(lbDieWords).join(", ") || "nothing"; };
  switch (e.kind) {
    case "counters_dealt": return who + " starts with " + lbCount(e.counters, "counter", "counters") + ": score " + lbSigned(e.points);
    case "pot": return "the pot starts with " + lbCount(e.pot, "counter", "counters");
    case "roll": return who + " rolls " + dice(e.dice) + " (roll " + txt(e.roll) + ")";
    case "set_aside": return who + " sets aside " + lbDieWords(e.die);
    case "roll_again": return who + " rolls the rest again";
    case "place": return who + " places " + lbDieWords(e.die) + " on " + lbColour(e.row) + "'s row, column " + txt(e.column);
    case "dice_passed": {
      var given = Object.keys(e.dice || {}).map(function (c) { return txt(e.dice[c]) + " " + c; }).join(", ");
      return who + " gives " + lbCount(e.count, "die", "dice") + " (" + given + ") to " + lbSeat(e.to);
    }
    case "counters_paid": return who + " pays " + lbCount(-e.change, "counter", "counters") + " into the pot (has " + txt(e.counters) + ", pot " + txt(e.pot) + "): score " + lbSigned(e.points) + " (fewer counters)";
    case "counters_taken": return who + " takes " + lbCount(e.change, "counter", "counters") + " (has " + txt(e.counters) + ", pot " + txt(e.pot) + "): score " + lbSigned(e.points) + " (more counters)";
    case "row_scored": return lbColour(e.seat) + "'s row scores " + lbSigned(e.points) + " in round " + txt(e.round) + " (dice " + txt(e.sum) + ", less " + lbCount(e.own_dice, lbColour(e.seat) + " die", lbColour(e.seat) + " dice") + ")";
    case "round_start": return "round " + txt(e.round) + " starts: everyone has their own dice back; " + lbSeat(e.seat) + " rolls first";
    case "pass": return who + " has no dice and passes";
    case "turn": return lbSeat(e.seat) + "'s turn";
    case "game_over": return "the match is over after " + txt(e.turn) + " dice placed";
    case "capped": return "the match was stopped after " + txt(e.turn) + " dice placed (turn cap)";
  }
  return null;
};
