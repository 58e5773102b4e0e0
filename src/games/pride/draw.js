// Pride & Preju-Dice: its picture on the replay and play pages (see src/session/view/draw_common.js
// for the registries). Each sheet is drawn as the rulebook lays it out (PP-1 to PP-10): the four
// suitors' puzzles (Diamond, Heart, Dance Card, Flowers), the romance tracks linking them, the fan,
// the chaperone track and the Faux Pas track. Everything the drawing knows of the sheet comes from
// `state_data.sheet` (worked out from the sheet file), so an edited sheet is drawn as it is. Only
// the person's own sheet carries `data-target`s.
"use strict";

var PRIDE_DICE = ["white", "white", "white", "red", "blue"];
var PP_ICONS = { heart: ["♥", "#c33"], diamond: ["♦", "#2356c4"], dice: ["⚄", "#555"], fan: ["✿", "#a0519b"] };
// The page's styles for the sheet (inline styles are allowed; classes keep the markup short).
var PP_STYLE = "<style>" +
  ".pp-sheet{font-size:11px;max-width:450px}" +
  ".pp-quads{display:grid;grid-template-columns:max-content max-content;justify-content:start;gap:6px 12px;align-items:start}" +
  ".pp-puz caption{text-align:left;font-weight:bold;font-size:11px;padding:0 0 1px}" +
  ".pp-puz{border-collapse:collapse}" +
  ".pp-puz th{font-weight:normal;color:#666;font-size:10px;padding:0 3px;white-space:nowrap;text-align:right}" +
  ".pp-puz thead th{text-align:center;padding:0 1px;font-size:9px}" +
  ".pp-b{position:relative;width:24px;min-width:24px;height:22px;border:1px solid #999;text-align:center;" +
  "font-size:11px;line-height:22px;color:#666;background:#fff;padding:0}" +
  ".pp-b.red{background:#fbe1e1}.pp-b.blue{background:#dfe8fb}" +
  ".pp-b.on{background:#2f6f3a;color:#fff;font-weight:bold;font-size:14px;border-color:#1d4a25}" +
  ".pp-i{position:absolute;top:0;right:1px;font-size:9px;line-height:9px}" +
  ".pp-b.on .pp-i{color:#fff !important}" +
  ".pp-line{margin:3px 0;white-space:nowrap}" +
  ".pp-name{display:inline-block;min-width:128px;color:#444}" +
  ".pp-trk{display:inline-block;padding:1px 2px;margin-right:6px;border-radius:3px}" +
  ".pp-s{display:inline-block;width:14px;height:14px;line-height:14px;border:1px solid #aaa;margin:0 1px;" +
  "text-align:center;font-size:10px;vertical-align:middle;background:#fff}" +
  ".pp-s.x{color:#fff}.pp-s.done{background:#f2c14e;color:#333}" +
  ".pp-fan{display:inline-block;margin-right:10px;vertical-align:top}" +
  ".pp-fan div{white-space:nowrap}.pp-fan .c{margin-left:8px}" +
  ".pp-chap{display:inline-block;margin-right:5px;padding:1px 2px;border-radius:3px}" +
  ".pp-s.fp{font-size:8px;color:#a00}" +
  ".pp-task{font-size:12px;margin:2px 0 6px;color:#333}" +
  ".pp-line.pp-score{white-space:normal}.pp-part{white-space:nowrap}" +
  "</style>";

function ppIcon(name, small) {
  if (!own(PP_ICONS, name)) return "";
  var i = PP_ICONS[name];
  return '<span class="' + (small ? "pp-i" : "") + '" style="color:' + i[1] + '">' + i[0] + "</span>";
}

// A target on the person's own sheet only: another seat's identical box never plays a move.
function ppTarget(seat, what) {
  return MY_SEAT !== null && seat === MY_SEAT ? ' data-target="seat' + esc(seat) + ":" + esc(what) + '"' : "";
}

// One puzzle as a grid: column headings, row headings (hover: what the row scores), and
// each box with what it takes (unmarked) or the number written in it (marked).
function ppPuzzle(p, view, sh, seat) {
  var boxes = list(view.boxes), cols = list(view.cols), rows = list(view.rows), tips = list(view.row_tips);
  var mask = list(sh.marks)[p], written = list(sh.written);
  var values = p === 1 ? list(written[0]) : p === 3 ? list(written[1]) : null;
  var width = Math.max(cols.length, 1), height = rows.length;
  boxes.forEach(function (b) {
    width = Math.max(width, upTo(b && b.x, 15) + 1);
    height = Math.max(height, upTo(b && b.y, 15) + 1);
  });
  var grid = [];
  for (var y = 0; y < height; y++) grid.push(new Array(width));
  boxes.forEach(function (b, k) { if (b) grid[upTo(b.y, 15)][upTo(b.x, 15)] = k; });
  var points = (sh.parts || {})[["diamond", "heart", "dance_card", "flowers"][p]];
  var out = '<table class="pp-puz"><caption>' + esc(view.name) + " <small>· " + esc(points) + " pts</small></caption>";
  if (cols.length) {
    out += "<thead><tr><th></th>" + cols.map(function (c) { return "<th>" + esc(c) + "</th>"; }).join("") + "</tr></thead>";
  }
  for (y = 0; y < height; y++) {
    out += '<tr><th title="' + esc(tips[y] || "") + '">' + esc(rows[y] === undefined ? "" : rows[y]) + "</th>";
    for (var x = 0; x < width; x++) {
      var k = grid[y][x];
      if (k === undefined) { out += "<td></td>"; continue; }
      var b = boxes[k], on = (mask >> k) & 1;
      var shown = on ? (values ? values[k] : b.label) : b.label === "any" ? "·" : b.label;
      var colour = p === 3 ? String(rows[y] || "") : "";
      var tip = (on ? "marked with a " + txt(shown) + " · " : "") + txt(b.tip);
      out += '<td class="pp-b' + (on ? " on" : "") + (colour === "red" || colour === "blue" ? " " + colour : "") + '" title="' + esc(tip) + '"' +
        ppTarget(seat, "box:" + p + ":" + k) + ">" + esc(shown) + ppIcon(b.icon, true) + "</td>";
    }
    out += "</tr>";
  }
  return out + "</table>";
}

// A romance track: its symbols, the dice box in its centre (PP-7), crossed ones filled.
function ppTrack(seat, k, kind, len, crossed, diceBox, link) {
  var icon = PP_ICONS[kind], syms = [], n = upTo(len, 16), c = upTo(crossed, 16);
  for (var i = 0; i < n; i++) {
    syms.push(i < c ? '<span class="pp-s x" style="background:' + icon[1] + '">' + icon[0] + "</span>" :
      '<span class="pp-s" style="color:' + icon[1] + '">' + icon[0] + "</span>");
  }
  if (diceBox) syms.splice(Math.floor(n / 2), 0, '<span class="pp-s' + (c >= n ? " done" : "") + '" title="dice box: an extra die when the track is complete">⚄</span>');
  var tip = "the " + txt(link) + " " + kind + " track: " + c + " of " + n + " crossed" + (c >= n ? " (complete: a match)" : "");
  return '<span class="pp-trk" title="' + esc(tip) + '"' + ppTarget(seat, "link:" + k + ":" + kind) + ">" + syms.join("") + "</span>";
}

// The fan (PP-8): per half, the outer icons above and the central strip below, from the handle.
function ppFan(seat, sheet, mask) {
  var halves = [];
  list(sheet.fan).forEach(function (f, b) {
    if (!f) return;
    var h = upTo(f.half, 7), on = (mask >> b) & 1;
    var half = halves[h] || (halves[h] = { outer: "", centre: "" });
    var body = f.central ? (on ? "✕" : "") : ppIcon(f.icon);
    var cell = '<span class="pp-s' + (on ? " x" : "") + '"' + (on ? ' style="background:#a0519b"' : "") +
      ' title="' + esc(f.tip) + (on ? " (crossed)" : "") + '"' + ppTarget(seat, "fan:" + b) + ">" + (on && !f.central ? "✕" : body) + "</span>";
    if (f.central) half.centre += cell; else half.outer += cell;
  });
  return halves.map(function (h, i) {
    return '<span class="pp-fan"><div>' + (h ? h.outer : "") + '</div><div class="c">' + (h ? h.centre : "") + "</div></span>";
  }).join("");
}

function ppSheet(s, sheet, sh, seat) {
  var out = '<div class="pp-sheet"><div class="pp-quads">';
  list(sheet.puzzles).forEach(function (view, p) { if (view) out += "<div>" + ppPuzzle(p, view, sh, seat) + "</div>"; });
  out += "</div>";
  var romance = list(sh.romance);
  list(sheet.links).forEach(function (link, k) {
    if (!link) return;
    var r = list(romance[k]);
    out += '<div class="pp-line"><span class="pp-name">' + esc(link.name) + "</span>" +
      ppTrack(seat, k, "heart", link.hearts, r[0], link.dice_box, link.name) +
      ppTrack(seat, k, "diamond", link.diamonds, r[1], link.dice_box, link.name) + "</div>";
  });
  out += '<div class="pp-line"><span class="pp-name" title="a fan cross marks the next central box from the handle, or an outer icon beside a crossed central box; an outer heart or diamond is crossed on any romance track">fan</span>' +
    ppFan(seat, sheet, sh.fan) + "</div>";
  var chap = list(sh.chaperone), fps = list(sheet.chaperone_fp);
  out += '<div class="pp-line" style="white-space:normal"><span class="pp-name" title="each round, one of the dice you did not choose is marked in its number\'s row; a cross in an FP box is a Faux Pas">chaperone</span>';
  list(sheet.chaperone).forEach(function (len, r) {
    var n = upTo(len, 20), c = upTo(chap[r], 20), fp = list(fps[r]), cells = "";
    for (var i = 0; i < n; i++) {
      var isFp = fp.indexOf(i + 1) >= 0;
      cells += '<span class="pp-s' + (i < c ? " x" : "") + (isFp && i >= c ? " fp" : "") + '"' + (i < c ? ' style="background:#555"' : "") + ">" +
        (i < c ? "✕" : isFp ? "FP" : "") + "</span>";
    }
    var tip = "chaperone row for " + (r + 1) + "s: " + c + " of " + n + " crossed; a cross in an FP box is a Faux Pas (" + txt(sheet.faux_pas_points) + ")";
    out += '<span class="pp-chap" title="' + esc(tip) + '"' + ppTarget(seat, "chaperone:" + (r + 1)) + "><b>" + (r + 1) + "</b>" + cells + "</span>";
  });
  out += "</div>";
  var fpn = upTo(sh.faux_pas, 20), fpl = upTo(sheet.faux_pas, 20), fcells = "";
  for (var i = 0; i < fpl; i++) fcells += '<span class="pp-s' + (i < fpn ? " x" : "") + '"' + (i < fpn ? ' style="background:#a00"' : "") + ">" + (i < fpn ? "✕" : "") + "</span>";
  out += '<div class="pp-line"><span class="pp-name" title="each Faux Pas cross costs ' + esc(-sheet.faux_pas_points) + ' points (so a score can be negative); the game ends after the round in which a Faux Pas track fills">Faux Pas (' + esc(sheet.faux_pas_points) + " each)</span>" + fcells + "</div>";
  var parts = sh.parts || {};
  var words = [["diamond", "Diamond"], ["heart", "Heart"], ["dance_card", "Dance Card"], ["flowers", "Flowers"], ["romance", "matches"], ["faux_pas", "Faux Pas"]];
  // The score line wraps (its six parts are wider than the sheet).
  out += '<div class="pp-line pp-score" title="matches: ' + esc(sheet.match_points) + " points for each completed romance track; Faux Pas: " + esc(sheet.faux_pas_points) +
    ' for each cross, which can make the score negative"><b>score ' + esc(sh.score) + "</b> = " +
    words.map(function (w) { return '<span class="pp-part">' + esc(w[1]) + " " + esc(parts[w[0]]) + "</span>"; }).join(" · ") + "</div>";
  return out + "</div>";
}

// Who chose which dice this round (the picture names them under each die): gathered from the
// `choosing` of every state since the round began.
CARRY["pride-prejudice"] = function (s, carried) {
  var c = carried && carried.round === s.round ? carried : { round: s.round, by: {} };
  if (s.choosing) {
    var by = Object.assign({}, c.by);
    list(s.choosing.chosen).forEach(function (d) {
      var seats = own(by, d) ? list(by[d]).slice() : [];
      if (seats.indexOf(s.choosing.seat) < 0) seats.push(s.choosing.seat);
      by[d] = seats;
    });
    c = { round: c.round, by: by };
  }
  s.__chosen_by = c.by;
  return c;
};

DRAW["pride-prejudice"] = function (s) {
  var sheet = s.sheet || (current.start.state_data || {}).sheet || {};
  var chosenBy = s.__chosen_by || {};
  var choosing = s.choosing || null;
  var diceRow = list(s.dice).map(function (v, k) {
    var who = own(chosenBy, k) ? "chosen by seat " + list(chosenBy[k]).join(", ") : ((s.pool >> k) & 1) ? "" : "the starter's";
    var mine = choosing && choosing.seat === MY_SEAT && list(choosing.chosen).indexOf(k) >= 0;
    var target = MY_SEAT !== null ? ' data-target="seat' + esc(MY_SEAT) + ":die:" + k + '"' : "";
    return '<span style="display:inline-block;text-align:center;margin-right:8px;vertical-align:top"' + target +
      ' title="' + esc(PRIDE_DICE[k] + " die showing " + txt(v) + (who ? ", " + who : "")) + '">' +
      die(v, PRIDE_DICE[k], 34, own(chosenBy, k) || mine) + "<br><small>" + esc(who || "\u00a0") + "</small></span>";
  }).join("");
  var out = PP_STYLE + row("round " + s.round + " · seat " + s.starter + " starts · the dice", diceRow);
  if (s.task) out += '<div class="pp-task">Now: ' + esc(s.task) + "</div>";
  var active = typeof s.to_move === "number" ? s.to_move : choosing ? choosing.seat : -1;
  list(s.sheets).forEach(function (sh, seat) {
    if (!sh) return;
    out += seatBox(seat, seat === active, ppSheet(s, sheet, sh, seat), " · score " + esc(sh.score));
  });
  return out;
};

// Points events in the rulebook's words: which part of the sheet scored, and why.
WORDS["pride-prejudice"] = function (e) {
  var parts = { diamond: "in the Diamond", heart: "in the Heart", dance_card: "in the Dance Card", flowers: "in the Flowers",
    romance: "for a completed romance track (a match)", faux_pas: "for a Faux Pas cross" };
  if (!own(parts, e.kind) || e.points === undefined) return null;
  var pts = typeof e.points === "number" ? e.points : 0;
  return "seat " + txt(e.seat) + " " + (pts >= 0 ? "+" : "") + txt(e.points) + " " + parts[e.kind];
};
