// DARDZ: its picture on the replay and play pages (see src/session/view/draw_common.js for the
// registries). Every card shows its points and says what it does on hover; the roll shows the
// numbers it offers as chips (a person's pick), and an action card's own roll is drawn in place of
// the turn's dice in the step that rolled it.
"use strict";

// Cards as the rulebook names them (the state keeps short labels) and as rule keys (targets).
var DZ_NAMES = { G7: "Golden 7", "Boost'em": "Boost 'em", "Bunk'em": "Bunk 'em" };
var DZ_KEYS = { G7: "golden_7", Skull: "skull", Clock: "clock", Jackpot: "jackpot", "Roll-Off": "roll_off",
  "Boost'em": "boost_em", "Bunk'em": "bunk_em" };
var DZ_STAGES = { roll1: "first roll", roll2: "second roll", roll3: "third roll", bonus: "Bonus Roll" };

function dzName(c) { return own(DZ_NAMES, c) ? DZ_NAMES[c] : txt(c); }
function dzSigned(v) { return typeof v === "number" ? (v > 0 ? "+" : v < 0 ? "\u2212" : "") + Math.abs(v) : txt(v); }
function dzTable(s) { return s.table && typeof s.table === "object" ? s.table : {}; }
function dzPoints(s, c) {
  var p = dzTable(s).card_points || {};
  return own(p, c) ? p[c] : null;
}
// The number a card scores on (the Golden 7 is a 7), or null for an action card.
function dzNumber(c) { return c === "G7" ? 7 : /^\d+$/.test(txt(c)) ? parseInt(c, 10) : null; }
function dzSeats(list_) { return list(list_).map(function (x) { return "seat " + txt(x); }).join(", ") || "nobody"; }

// What Boost 'em and Bunk 'em do in round 1 (DZ-3, a rule parameter).
function dzRoundOne(s) {
  var r = dzTable(s).round1_boost_bunk;
  if (r === "never") return " It does nothing in round 1.";
  if (r === "always") return "";
  return " In round 1 it does nothing until someone has scored a Jackpot or a 3-of-a-kind.";
}

// A card's hover text: what it scores on or does, and its points in a points pile.
function dzCardTitle(s, c) {
  var t = dzTable(s), pts = dzPoints(s, c), n = dzNumber(c);
  var worth = pts === null ? "" : " In a points pile it is worth " + dzSigned(pts) + " points at the round's end" +
    (pts < 0 ? " (it takes points away)." : ".");
  if (c === "G7") return "Golden 7: a 7 worth more than the others; it goes to the points pile when 7 is picked." + worth;
  if (n !== null) return n + ": goes to its holder's points pile when " + n + " is picked from a roll (one die, or two dice added)." + worth;
  var does = {
    Skull: "goes straight to its player's points pile; the turn goes on",
    Clock: "goes to the points pile, its player draws a card, then every player passes their whole hand to the left",
    Jackpot: "its player names a number from 1 to 6 and rolls one die: +" + txt(t.jackpot_points) + " points at once if it shows that number",
    "Roll-Off": "its player and the player on their left each roll a die; the higher roll puts the card in that player's points pile",
    "Boost'em": "roll 2 dice: the player(s) in last place add the sum to their score (nobody if all are tied)",
    "Bunk'em": "roll 2 dice: the player(s) in first place lose the sum, never below 0, even if that is its own player (nobody if all are tied)"
  };
  var extra = c === "Boost'em" || c === "Bunk'em" ? dzRoundOne(s) : "";
  return dzName(c) + ", an action card played at the start of its holder's turn: " + (own(does, c) ? does[c] : "?") + "." + extra + worth;
}

function dzCard(s, c, target) {
  var pts = dzPoints(s, c), special = dzNumber(c) === null || c === "G7";
  return '<span class="card' + (special ? " special" : "") + '"' + (target ? ' data-target="' + esc(target) + '"' : "") +
    ' title="' + esc(dzCardTitle(s, c)) + '" style="text-align:center;min-width:2.4em;padding:2px 5px;vertical-align:top">' +
    "<b>" + esc(dzName(c)) + "</b>" + (pts === null ? "" : '<br><span style="font-size:11px;color:' + (pts < 0 ? "#b00" : "#555") + '">' +
    esc(dzSigned(pts)) + "</span>") + "</span>";
}

// A die with its own hover text (in place of the plain value `die` gives it).
function dzDie(value, title, size, mark) {
  return die(value, "white", size || 30, mark).replace(/<title>[\s\S]*?<\/title>/, "<title>" + esc(title) + "</title>");
}

// How `n` comes out of the dice: one die, or two dice added.
function dzHow(dice, n) {
  dice = list(dice);
  if (dice.indexOf(n) >= 0) return "a die";
  for (var i = 0; i < dice.length; i++) {
    for (var j = i + 1; j < dice.length; j++) if (dice[i] + dice[j] === n) return dice[i] + "+" + dice[j];
  }
  return "";
}

// Who puts cards in their points pile if `n` is picked: on the Bonus Roll only the roller
// (and a partner, Team DARDZ), otherwise every holder.
function dzHolders(s, n) {
  var only = null;
  if (s.stage === "bonus") {
    only = [s.roller];
    list(s.teams).forEach(function (t) { if (list(t).indexOf(s.roller) >= 0) only = list(t); });
  }
  var out = [];
  list(s.hands).forEach(function (h, seat) {
    if (only && only.indexOf(seat) < 0) return;
    var cards = list(h).filter(function (c) { return dzNumber(c) === n; });
    if (!cards.length) return;
    var pts = cards.reduce(function (a, c) { var p = dzPoints(s, c); return a + (typeof p === "number" ? p : 0); }, 0);
    out.push("seat " + seat + (seat === MY_SEAT ? " (you)" : "") + " scores " + cards.length + " card" +
      (cards.length > 1 ? "s" : "") + " (" + dzSigned(pts) + ")");
  });
  return out.join(", ") || "nobody holds it";
}

// The roll: the dice of the turn (or of the action card just rolled), the numbers the pick
// offers, and the six numbers to name for a Jackpot.
function dzRoll(s) {
  var r = s.roller, stage = own(DZ_STAGES, s.stage) ? DZ_STAGES[s.stage] : "";
  var roll = s.card_roll && typeof s.card_roll === "object" ? s.card_roll : null;
  var out = "";
  if (roll) {
    var card = dzName(roll.card), d = list(roll.dice), said;
    if (roll.card === "Jackpot") {
      said = "seat " + txt(roll.seat) + " named " + txt(roll.named) + (roll.hit ? ": a hit, +" + txt(dzTable(s).jackpot_points) : ": a miss");
      out += row(card + " roll", dzDie(d[0], "the Jackpot's die (seat " + txt(roll.seat) + " named " + txt(roll.named) + ")", 34, roll.hit) + " " + esc(said));
    } else if (roll.card === "Roll-Off") {
      said = "seat " + txt(roll.winner) + " takes the Roll-Off card";
      out += row(card + " roll", dzDie(d[0], "seat " + txt(roll.seat) + "'s die", 34) + '<span class="label">seat ' + esc(roll.seat) + "</span> " +
        dzDie(d[1], "seat " + txt(roll.left) + "'s die", 34) + '<span class="label">seat ' + esc(roll.left) + "</span> " + esc(said));
    } else {
      var gain = roll.card === "Boost'em";
      var one = list(roll.hit).length === 1;
      said = "= " + txt(roll.sum) + ": " + (list(roll.hit).length ? dzSeats(roll.hit) + (gain ? " (last place) gain" : " (first place) lose") +
        (one ? "s " : " ") + txt(roll.sum) : "nobody is hit");
      out += row(card + " roll of seat " + txt(roll.seat), d.map(function (v) {
        return dzDie(v, card + " die: the sum " + (gain ? "goes to the last place" : "comes off the first place"), 34);
      }).join("") + " " + esc(said));
    }
    return out;
  }
  // The dice are the stage's own only while its pick waits; otherwise they are the last
  // roll (the next stage has not rolled yet).
  var dice = list(s.dice), own_ = s.phase === "pick" && stage;
  var label = own_ ? "seat " + txt(r) + "'s " + stage : "last roll";
  var rolled = dice.map(function (v) { return dzDie(v, "a die of the " + (own_ ? stage : "last roll"), 34); }).join("");
  out += row(label, rolled || '<span class="label">nothing rolled yet</span>');
  if (s.phase === "pick") {
    var chips = list(s.options).map(function (n) {
      var how = dzHow(dice, n), bonus = s.stage === "roll3" && list(list(s.hands)[r]).some(function (c) { return dzNumber(c) === n; });
      var title = "pick " + n + (how ? " (" + how + ")" : "") + ": " + dzHolders(s, n) + (bonus ? "; seat " + r + " then gets the Bonus Roll" : "");
      return '<span class="card special" data-target="seat' + esc(r) + ":take:" + esc(n) + '" title="' + esc(title) +
        '" style="font-size:15px;padding:3px 8px;margin-right:4px">pick <b>' + esc(n) + "</b>" +
        (how ? ' <span style="font-size:11px;color:#555">' + esc(how) + "</span>" : "") + "</span>";
    }).join("");
    out += row("numbers offered" + (s.may_pick_nothing ? " (or pick nothing)" : ""), chips || "none");
  }
  if (s.phase === "guess") {
    var named = [1, 2, 3, 4, 5, 6].map(function (n) {
      return '<span data-target="seat' + esc(r) + ":jackpot:" + esc(n) + '" title="name ' + n + ": if the die shows " + n + ", +" +
        esc(dzTable(s).jackpot_points) + ' points" style="display:inline-block">' + dzDie(n, "name " + n, 34) + "</span>";
    }).join("");
    out += row("Jackpot: seat " + txt(r) + " names a number", named);
  }
  return out;
}

// What happens next, in words.
function dzNow(s) {
  var r = "seat " + txt(s.roller), phase = txt(s.phase), stage = own(DZ_STAGES, s.stage) ? DZ_STAGES[s.stage] : "turn";
  if (phase.indexOf("action_dice:") === 0) return r + " plays " + dzName(phase.slice(12)) + ": its dice are rolled next";
  var words = { deal: "shuffling and dealing the next round", chooseaction: r + " chooses which action card to play next",
    guess: r + " names a number for the Jackpot", draw: "players draw back to " + txt(dzTable(s).hand_size) + " cards",
    roll: r + "'s " + stage + " is next", pick: r + " picks a number from the " + stage + " (or nothing)",
    roundend: "the round is over: it is scored next", over: "game over" };
  return own(words, phase) ? words[phase] : phase;
}

DRAW.dardz = function (s) {
  var t = dzTable(s), size = t.pile_size;
  var deck = s.deck && typeof s.deck === "object" ? s.deck : {};
  var left = Object.keys(deck).map(function (c) { return dzName(c) + " \u00d7" + txt(deck[c]); }).join(", ");
  var out = '<div class="row" title="' + esc("cards left in the draw pile: " + left) + '"><b>Round ' + esc(s.round) + "</b> · turn " +
    esc(s.turn) + " · draw pile " + esc(s.draw_pile) + " cards · <b>" + esc(dzNow(s)) + "</b></div>";
  out += dzRoll(s);
  var lucky = {};
  list(s.lucky_loser).forEach(function (l) { if (l) lucky[l.seat] = list(l.dice); });
  var seatHtml = function (seat) {
    var p = list(s.piles)[seat] || {}, value = p.value, hand = list(list(s.hands)[seat]), offered = {};
    // The roller's action cards play on a click; one per kind, as the moves name kinds.
    var cards = hand.map(function (c) {
      var key = own(DZ_KEYS, c) && c !== "G7" && seat === s.roller && !own(offered, c) ? DZ_KEYS[c] : null;
      if (key) offered[c] = 1;
      return dzCard(s, c, key ? "seat" + seat + ":card:" + key : null);
    }).join("");
    var worth = "These cards' points are added to the score at the round's end" +
      (typeof value === "number" && value < 0 ? "; this pile is worth less than 0 because a Skull takes 5 points away (a score never goes below 0)." : ".");
    var pileHead = list(p.cards).length ? "points pile: " + txt(p.count) + (size ? " of " + txt(size) : "") + " cards, worth " + dzSigned(value) :
      "points pile: empty";
    var inner = row("hand", cards || '<span class="label">empty</span>') +
      '<div class="row" title="' + esc(worth) + '"><span class="label"' + (value < 0 ? ' style="color:#b00"' : "") + ">" + esc(pileHead) + "</span>" +
      list(p.cards).map(function (c) { return dzCard(s, c); }).join("") + "</div>" +
      '<div class="row" title="' + esc("the score: never below 0; the game ends after the round in which someone reaches " + txt(t.target)) +
      '"><span class="label">score</span><b style="font-size:16px">' + esc(list(s.scores)[seat]) + "</b></div>";
    if (own(lucky, seat)) {
      var d = lucky[seat];
      inner += row("Lucky Loser", dzDie(d[0], "Lucky Loser die", 26) + dzDie(d[1], "Lucky Loser die", 26) + " " + esc(txt(d[0]) + " \u00d7 " + txt(d[1]) + " = +" + txt(d[0] * d[1])));
    }
    return seatBox(seat, seat === s.roller && s.phase !== "over", inner);
  };
  if (s.teams) {
    list(s.teams).forEach(function (team, k) {
      team = list(team);
      out += '<div class="team"><b>team ' + (k + 1) + ": " + team.map(function (x) { return "seat " + esc(x); }).join(" + ") +
        " · score " + esc(list(s.scores)[team[0]]) + "</b>" + team.map(seatHtml).join("") + "</div>";
    });
  } else {
    list(s.scores).forEach(function (_, seat) { out += seatHtml(seat); });
  }
  return out;
};

// Events in the rulebook's words (see docs/trace-format.md for their fields).
WORDS.dardz = function (e) {
  var who = "seat " + txt(e.seat), pts = typeof e.points === "number" ? " (" + dzSigned(e.points) + ")" : "";
  var cards = function (cs) { return list(cs).map(dzName).join(", "); };
  switch (e.kind) {
    case "deal": return "round " + txt(e.round) + " dealt; seat " + txt(e.first) + " rolls first" + (e.rolloff ? " after a roll-off" : "");
    case "turn": return who + "'s turn begins";
    case "roll": return who + "'s " + txt(e.stage) + ": " + list(e.dice).join(" ");
    case "pick": return who + " picks " + txt(e.number);
    case "pick_nothing": return who + " picks nothing";
    case "auto_pick": return list(e.seats).length ? dzSeats(e.seats) + " score " + txt(e.number) : "nobody holds a " + txt(e.number);
    case "to_pile": return who + " puts " + cards(e.cards) + " in the points pile (now " + txt(e.pile_cards) + (e.pile_cards === 1 ? " card)" : " cards)");
    case "play": return who + " plays " + dzName(e.card);
    case "auto_play": return who + " plays " + cards(e.cards) + (e.after_pass ? " (received in the Clock's pass)" : "");
    case "guess": return who + " names " + txt(e.number) + " for the Jackpot";
    case "jackpot": return "Jackpot: " + who + " named " + txt(e.named) + ", the die rolled " + txt(e.die) + (e.hit ? ", a hit" : ", a miss");
    case "jackpot_points": return who + " scores the Jackpot" + pts;
    case "roll_off": return "Roll-Off: " + who + " rolled " + txt(list(e.dice)[0]) + ", seat " + txt(e.left) + " rolled " +
      txt(list(e.dice)[1]) + "; seat " + txt(e.winner) + " takes the card";
    case "boost_em": case "bunk_em":
      return (e.kind === "boost_em" ? "Boost 'em" : "Bunk 'em") + ": " + who + " rolled " + list(e.dice).join(" ") + " = " + txt(e.sum) +
        "; " + (list(e.hit).length ? dzSeats(e.hit) + (e.kind === "boost_em" ? " (last place) gain" : " (first place) lose") +
        (list(e.hit).length === 1 ? "s it" : " it") : "nobody is hit");
    case "boost_em_points": return who + " gains from Boost 'em" + pts;
    case "bunk_em_points": return who + " loses to Bunk 'em" + pts;
    case "three_of_a_kind": return who + " rolled 3-of-a-kind" + pts;
    case "clean_up": return who + " cleaned 'em up: an empty hand on the Bonus Roll" + pts;
    case "hands_passed": return "Clock: every hand passes to the left";
    case "draw": return who + " draws " + cards(e.cards);
    case "draw_more": return txt(e.cards) + " more cards drawn";
    case "round_over": return "round " + txt(e.round) + " is over: " + (list(e.reached).length ? dzSeats(e.reached) + " reached the pile size" :
      "the draw pile is empty and nobody can reach the pile size");
    case "round_won": return who + " wins round " + txt(e.round) + (e.rolloff ? " after a roll-off" : "") + pts;
    case "round_no_winner": return "nobody wins round " + txt(e.round) + ": no round bonus";
    case "pile_scored": return who + "'s points pile (" + txt(e.cards) + " cards, worth " + dzSigned(e.value) + ")" + pts +
      (e.points !== e.value ? " (a score never goes below 0)" : "");
    case "lucky_loser": return who + " rolls Lucky Loser " + list(e.dice).join(" \u00d7 ") + pts;
    case "game_over": return "game over after round " + txt(e.round) + (e.tiebreak_winner !== null && e.tiebreak_winner !== undefined ?
      "; seat " + txt(e.tiebreak_winner) + " wins the tie roll-off" : "");
    case "capped": return "the turn cap ends the match";
    default: return null;
  }
};
