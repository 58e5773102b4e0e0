// TRICE: its picture on the replay and play pages (see src/session/view/draw_common.js for the
// registries). Squares are named as the picture's edges label them: column letter, row number
// (`c2`). The playable parts carry the targets `TraceGame::move_place` names (src/games/trice/
// trace.rs): `square:c2` for a square, `pool:white-3` for a die of the pool.
"use strict";

(function () {
  var LETTERS = "abcdefghijklmnopqrstuvwxyz";

  function isDie(d) { return !!d && typeof d === "object"; }
  function dieWords(d) { return isDie(d) ? txt(d.colour) + " " + txt(d.value) : "empty"; }
  function article(d) { return (isDie(d) && d.colour === "orange" ? "an " : "a ") + dieWords(d); }
  // A die's value after "add 1": a 6 becomes a 1 (TR-6).
  function plusOne(d) { return { colour: d.colour, value: d.value === 6 ? 1 : d.value + 1 }; }
  // The picture of a die without the SVG's own hover text, so the hover text of the part
  // around it (what the die means here) is the one shown.
  function plainDie(d, size) {
    return die(d.value, d.colour, size).replace(/<title>[\s\S]*?<\/title>/, "");
  }
  // "you" on the person's own page, else "seat N"; and the verb to go with it.
  function who(seat) { return seat === MY_SEAT ? "you" : "seat " + txt(seat); }
  function does(seat, verb) { return who(seat) + " " + (seat === MY_SEAT ? verb : verb + "s"); }
  function nameOf(q, cols) { return LETTERS.charAt(q % cols) + (Math.floor(q / cols) + 1); }
  function isSquare(q, n) { return typeof q === "number" && q >= 0 && q < n; }

  // What is happening now, in a sentence.
  function headline(s, board, cols) {
    var me = s.to_move, other = 1 - me;
    if (s.phase === "roll") return "The 12 dice are about to be rolled into the pool.";
    if (s.phase === "give") return does(me, "pick") + " a die from the pool for " + who(other) + " to place.";
    if (s.phase === "place") return does(me, "place") + " the " + dieWords(s.held) + " on a free square.";
    if (s.phase === "point") return "Swap phase: " + does(me, "point") + " at a die on the board for " + who(other) + " to swap.";
    if (s.phase === "swap" && isSquare(s.pointed, board.length)) {
      return "Swap phase: " + does(me, "swap") + " the pointed " + dieWords(board[s.pointed]) + " on " +
        nameOf(s.pointed, cols) + " with a neighbour above, below, left or right.";
    }
    if (s.phase === "bump") return "Swap phase: " + does(me, "add") + " 1 to one of the two dice just swapped (a 6 becomes a 1).";
    if (s.phase === "over") {
      if (s.winner === null || s.winner === undefined) return "The match is over with no winner.";
      return "The match is over: " + who(s.winner) + (s.winner === MY_SEAT ? " win" : " wins") + ".";
    }
    return "";
  }

  // Each square's role now: playable (its hover text says what a click does) and marked.
  function squareRole(s, q, d, cols, marks) {
    var name = nameOf(q, cols), other = 1 - s.to_move;
    if (s.phase === "place" && !isDie(d)) return { play: true, tip: name + ": free, place the " + dieWords(s.held) + " here" };
    if (s.phase === "point" && isDie(d)) return { play: true, tip: dieWords(d) + " on " + name + ": point at it for " + who(other) + " to swap" };
    if (s.phase === "swap" && marks.near[q]) return { play: true, tip: dieWords(d) + " on " + name + ": swap the pointed die with it" };
    if (s.phase === "bump" && marks.swapped[q] && isDie(d)) {
      return { play: true, tip: dieWords(d) + " on " + name + ": add 1 to it, making it " + article(plusOne(d)) };
    }
    if (s.phase === "swap" && q === s.pointed) return { play: false, tip: dieWords(d) + " on " + name + ": the pointed die, to be swapped" };
    return { play: false, tip: isDie(d) ? dieWords(d) + " on " + name : name + ": free" };
  }

  function boardTable(s, board, rows, cols, hit) {
    var n = board.length, marks = { near: {}, swapped: {}, line: {} };
    if (s.phase === "swap" && isSquare(s.pointed, n)) {
      var r0 = Math.floor(s.pointed / cols), c0 = s.pointed % cols;
      [[-1, 0], [1, 0], [0, -1], [0, 1]].forEach(function (d) {
        var r = r0 + d[0], c = c0 + d[1];
        if (r >= 0 && r < rows && c >= 0 && c < cols) marks.near[r * cols + c] = 1;
      });
    }
    list(s.swapped).forEach(function (q) { if (isSquare(q, n)) marks.swapped[q] = 1; });
    if (s.line && typeof s.line === "object") list(s.line.squares).forEach(function (q) { marks.line[q] = 1; });
    var out = '<table class="grid"><tr><th></th>';
    for (var c = 0; c < cols; c++) out += "<th>" + LETTERS.charAt(c) + "</th>";
    out += "</tr>";
    for (var r = 0; r < rows; r++) {
      out += "<tr><th>" + (r + 1) + "</th>";
      for (c = 0; c < cols; c++) {
        var q = r * cols + c, d = board[q], role = squareRole(s, q, d, cols, marks);
        var pointed = s.phase === "swap" && q === s.pointed;
        // Marks in inline style (the pages allow inline styles): the deciding line green,
        // the pointed die and the swapped pair orange, this step's squares yellow.
        // A blue frame, not the dice's own orange, for the pointed die and the swapped pair.
        var framed = pointed || !!marks.swapped[q];
        var bg = marks.line[q] ? "#c9efc9" : framed ? "#dbe8ff" : hit[q] ? "#fff1b8" : "";
        var style = (bg ? "background:" + bg + ";" : "") + (framed ? "box-shadow:inset 0 0 0 3px #2a6fd6;" : "");
        var tag = pointed ? "pointed" : marks.swapped[q] ? "swapped" : "";
        out += '<td title="' + esc(role.tip) + '"' + (role.play ? ' data-target="' + esc("square:" + nameOf(q, cols)) + '"' : "") +
          (style ? ' style="' + style + '"' : "") + ">" + (isDie(d) ? plainDie(d, 38) : "") +
          (tag ? '<div class="label">' + tag + "</div>" : "") + "</td>";
      }
      out += "</tr>";
    }
    return out + "</table>";
  }

  // The pool by colour, each colour and value drawn once with how many there are: dice
  // alike are one choice (TR-2), and each is one playable part.
  function poolRows(s) {
    var groups = {}, order = [];
    list(s.pool).forEach(function (d) {
      if (!isDie(d)) return;
      var key = txt(d.colour) + "-" + txt(d.value);
      if (!own(groups, key)) { groups[key] = { die: d, n: 0 }; order.push(key); }
      groups[key].n++;
    });
    if (!order.length) return row("pool", "empty");
    var giving = s.phase === "give", out = "";
    ["white", "purple", "orange"].forEach(function (colour) {
      var parts = order.filter(function (k) { return groups[k].die.colour === colour; }).map(function (k) {
        var g = groups[k], tip = dieWords(g.die) + (g.n > 1 ? " (" + g.n + " in the pool)" : "") +
          (giving ? ": pick it for " + who(1 - s.to_move) + " to place" : "");
        return '<span title="' + esc(tip) + '"' + (giving ? ' data-target="' + esc("pool:" + k) + '"' : "") + ">" +
          plainDie(g.die, 26) + (g.n > 1 ? '<span class="label">×' + esc(g.n) + "</span>" : "") + "</span>";
      });
      if (parts.length) out += row("pool, " + colour, parts.join(" "));
    });
    return out;
  }

  DRAW.trice = function (s, i) {
    var rows = upTo(s.rows, 26), cols = upTo(s.columns, 26), board = list(s.board).slice(0, rows * cols);
    var out = '<div class="caption">' + esc(headline(s, board, cols)) + "</div>";
    out += boardTable(s, board, rows, cols, squaresOfStep(i));
    out += poolRows(s);
    if (s.phase === "place" && isDie(s.held)) {
      out += row("die to place", '<span title="' + esc(dieWords(s.held) + ": " + who(1 - s.to_move) + " picked it for " + who(s.to_move) +
        "; click a free square to place it") + '">' + plainDie(s.held, 32) + "</span> " +
        esc(who(1 - s.to_move) + " picked it for " + who(s.to_move)));
    }
    if (s.phase === "swap" && isSquare(s.pointed, board.length)) {
      out += row("pointed die", plainDie(board[s.pointed] || {}, 28) + " " + esc("the " + dieWords(board[s.pointed]) + " on " +
        nameOf(s.pointed, cols) + ", pointed at by " + who(1 - s.to_move) + " for " + who(s.to_move) + " to swap"));
    }
    if (s.phase === "bump") {
      var pair = list(s.swapped).filter(function (q) { return isSquare(q, board.length); });
      out += row("swapped dice", esc(pair.map(function (q) { return "the " + dieWords(board[q]) + " on " + nameOf(q, cols); }).join(" and ") +
        ": " + who(s.to_move) + " " + (s.to_move === MY_SEAT ? "add" : "adds") + " 1 to one of them"));
    }
    var turn = s.phase === "roll" || s.phase === "give" || s.phase === "place" ? "placement " + (upTo(s.placements, 99) + 1) + " of " + board.length :
      s.phase === "over" ? "over after " + txt(s.turn) + " turns" : "swap turn " + (upTo(s.swap_turns, 9999) + 1);
    out += row("turn", esc(turn + (s.phase === "over" ? "" : " · " + who(s.to_move) + " to move")));
    if (s.line && typeof s.line === "object") {
      // The deciding line (TR-5): one condition is a Trice, two a Double Trice.
      var two = String(s.line.conditions).indexOf(" and ") >= 0;
      out += row("line", esc((two ? "Double Trice" : "Trice") + " on the line " + txt(s.line.name) + " (" + txt(s.line.conditions) +
        (two ? ": two things in common, its maker loses)" : ": one thing in common, its maker wins)")));
    }
    if (s.phase === "over") {
      out += row("result", esc(s.winner === null || s.winner === undefined ? "no winner: both score 0" :
        who(s.winner) + " " + (s.winner === MY_SEAT ? "win" : "wins") + " and " + (s.winner === MY_SEAT ? "score" : "scores") + " 1, the other 0"));
    }
    // One block: on a narrow play page the table's parts are flex items, which would stretch
    // the board across the page.
    return "<div>" + out + "</div>";
  };

  function at(e, k) { return e[k] && typeof e[k] === "object" ? e[k] : {}; }
  function dieAt(x) { return dieWords(x.die) + " on " + txt(x.name); }

  WORDS.trice = function (e) {
    var seat = "seat " + txt(e.seat);
    switch (e.kind) {
      case "pool_rolled": {
        var by = {};
        list(e.pool).forEach(function (d) { if (isDie(d)) (by[d.colour] = by[d.colour] || []).push(txt(d.value)); });
        return "the dice are rolled into the pool: " + ["white", "purple", "orange"].map(function (c) {
          return c + " " + (by[c] ? by[c].join(", ") : "none");
        }).join("; ");
      }
      case "give": return seat + " picks " + article(e.die) + " from the pool for seat " + txt(e.to) + " to place";
      case "place": return seat + " places the " + dieAt(at(e, "at"));
      case "board_full": return "the board is full: the swap phase begins";
      case "point": return seat + " points at the " + dieAt(at(e, "at")) + " for seat " + txt(e["for"]) + " to swap";
      case "swap": return seat + " swaps the " + dieAt(at(e, "from")) + " with the " + dieAt(at(e, "with"));
      case "bump": return seat + " adds 1 to the die on " + txt(at(e, "at").name) + ", now " + article(at(e, "at").die) +
        " (swap turn " + txt(e.swap_turn) + ")";
      case "trice": return seat + " makes a Trice on the line " + txt(at(e, "line").name) + " (" + txt(at(e, "line").conditions) + ")";
      case "double_trice": return seat + " makes a Double Trice on the line " + txt(at(e, "line").name) + " (" +
        txt(at(e, "line").conditions) + ") and loses";
      case "win": return seat + " wins (+1)";
      case "tie": return "the board is full without a Trice: a tie";
      case "capped": return txt(e.swap_turns) + " swap turns without a Trice: the match stops with no winner";
      default: return null;
    }
  };
})();
