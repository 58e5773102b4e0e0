//! Pride & Preju-Dice as the pages show it (`arena view`, `arena play`) and as traces word
//! it: every box of the sheet in the rulebook's words (its puzzle, then its track and row,
//! its column and row, or its colour row), where the drawing puts it, what it takes and what
//! it scores; the fan's boxes and the romance tracks in words; and where each move is played
//! on the picture ([`Pride::move_place_of`]).
//!
//! Everything is worked out from the compiled [`Layout`], never from the default sheet, so
//! a sheet edited with `--set sheet=PATH` is drawn and worded as it is.

use serde_json::{Value, json};

use super::layout::{Layout, Puzzle};
use super::sheet::{COLOUR_KEYS, DANCE, DIAMOND, FLOWERS, HEART, Icon, bits};
use super::state::{DIAMOND_ANY, DIAMOND_FROM, EXTRA, FAN, HEART_ANY, Pending, die_colour};
use super::{Pride, PrideAction, PrideState};
use crate::core::MovePlace;

/// The suitors (and their puzzles) as the rulebook names them (PP-1).
pub const SUITOR_WORDS: [&str; 4] = ["Diamond", "Heart", "Dance Card", "Flowers"];

/// One box as the pages show it.
#[derive(Clone, Debug, PartialEq)]
pub struct BoxView {
    /// Its name in words: "Dance Card column 2, row 4".
    pub words: String,
    /// Its cell in the puzzle's drawing: column, and row from the top.
    pub x: u8,
    pub y: u8,
    /// What is printed in it: the number(s) it takes ("6", "2/4"), "any" for a blank Heart
    /// box, empty for a Flowers box (any number of its row's colour).
    pub label: String,
    /// What it takes and scores, and its icon, in a sentence (the hover text).
    pub tip: String,
}

/// One puzzle as the pages show it: its column and row headings and its boxes, in the
/// order of the `marks` bits.
#[derive(Clone, Debug, PartialEq)]
pub struct PuzzleView {
    pub cols: Vec<String>,
    pub rows: Vec<String>,
    /// A hover text per row heading (what the row scores or gives), possibly empty.
    pub row_tips: Vec<String>,
    pub boxes: Vec<BoxView>,
}

fn plural(n: i32, one: &str) -> String {
    if n == 1 || n == -1 { format!("{n} {one}") } else { format!("{n} {one}s") }
}

/// What an icon does when its box is marked (PP-6, PP-13, PP-20), for hover texts.
fn icon_words(icon: Icon) -> &'static str {
    match icon {
        Icon::None => "",
        Icon::Heart => "; its heart icon crosses a heart on a romance track",
        Icon::Diamond => "; its diamond icon crosses a diamond on a romance track",
        Icon::Dice => "; its dice icon gives an extra die, of any colour and number",
        Icon::Fan => "; its fan icon crosses a box of the fan",
    }
}

/// The colour gate of a puzzle (PP-24), for hover texts.
fn gate_words(pz: &Puzzle) -> String {
    pz.gate
        .map(|g| format!(" (only when a {} die is among your two dice)", COLOUR_KEYS[g as usize]))
        .unwrap_or_default()
}

/// The numbers box `b` takes, as printed: "6", "2/4", or "any".
fn numbers(pz: &Puzzle, b: usize) -> Vec<usize> {
    (1..=6).filter(|&v| pz.accept_num[v] & (1 << b) != 0).collect()
}

/// The four puzzles as the pages show them.
pub fn views(l: &Layout) -> [PuzzleView; 4] {
    [
        diamond(&l.puzzles[DIAMOND]),
        heart(&l.puzzles[HEART]),
        dance(&l.puzzles[DANCE]),
        flowers(&l.puzzles[FLOWERS]),
    ]
}

/// PP-2: a column per track, rows 6 (top) to 1. A track that follows another's last box
/// is that track's tail ("track A, tail 2"); the names are the sheet file's.
fn diamond(pz: &Puzzle) -> PuzzleView {
    let mut tracks: Vec<(String, Vec<usize>)> = Vec::new();
    for (b, name) in pz.names.iter().enumerate() {
        let t = name.rsplit_once(':').map_or(name.as_str(), |(t, _)| t);
        match tracks.last_mut() {
            Some((n, v)) if n == t => v.push(b),
            _ => tracks.push((t.to_string(), vec![b])),
        }
    }
    let titles: Vec<String> = tracks
        .iter()
        .map(|(name, boxes)| {
            let first = boxes[0];
            let parent = tracks.iter().find_map(|(p, pb)| {
                let last = *pb.last().expect("a track has boxes");
                (pz.children[last] & (1 << first) != 0).then_some((p, last))
            });
            match parent {
                Some((p, last)) => {
                    let k = bits(pz.children[last]).position(|c| c == first).unwrap_or(0);
                    format!("track {p}, tail {}", k + 1)
                }
                None => format!("track {name}"),
            }
        })
        .collect();
    let row_of = |b: usize| numbers(pz, b).first().copied().unwrap_or(1);
    let mut boxes = Vec::new();
    for (t, (_, members)) in tracks.iter().enumerate() {
        for &b in members {
            let r = row_of(b);
            let words = format!("Diamond {}, row {r}", titles[t]);
            let tip = format!(
                "{words}: takes a {r}{}; scores {}{}",
                gate_words(pz),
                plural(pz.points[b], "point"),
                icon_words(pz.icon[b])
            );
            boxes.push(BoxView { words, x: t as u8, y: 6 - r as u8, label: r.to_string(), tip });
        }
    }
    let rows = (1..=6)
        .rev()
        .map(|r| {
            let pts = (0..pz.n as usize).find(|&b| row_of(b) == r).map_or(0, |b| pz.points[b]);
            format!("row {r} · {}", plural(pts, "pt"))
        })
        .collect();
    // Headings short enough for a box's width: a tail by its number ("tail 2").
    let cols = titles
        .iter()
        .map(|t| t.rsplit_once(", ").map_or(t.trim_start_matches("track "), |(_, k)| k).to_string())
        .collect();
    let row_tips =
        (1..=6).rev().map(|r| format!("row {r}: each box takes a {r}{}", gate_words(pz))).collect();
    PuzzleView { cols, rows, row_tips, boxes }
}

/// PP-3: one track filled in order, drawn 5 boxes a line (box 1 first).
fn heart(pz: &Puzzle) -> PuzzleView {
    let n = pz.n as usize;
    let boxes = (0..n)
        .map(|b| {
            let nums = numbers(pz, b);
            let words = format!("Heart box {}", b + 1);
            let (label, scores) = match nums.len() {
                1 => (nums[0].to_string(), format!("takes a {0}; scores {0}", nums[0])),
                6 => ("any".to_string(), "takes any number; scores the number placed".to_string()),
                _ => {
                    let list: Vec<String> = nums.iter().map(|v| v.to_string()).collect();
                    (
                        list.join("/"),
                        format!("takes a {}; scores the number placed", list.join(" or ")),
                    )
                }
            };
            let tip = format!(
                "{words} (filled in order): {scores}{}{}",
                gate_words(pz),
                icon_words(pz.icon[b])
            );
            BoxView { words, x: (b % 5) as u8, y: (b / 5) as u8, label, tip }
        })
        .collect();
    let rows =
        (0..n.div_ceil(5)).map(|k| format!("{}-{}", 5 * k + 1, (5 * k + 5).min(n))).collect();
    let row_tips = vec![
        "the Heart fills in order, box 1 first; a box scores the number placed in it".into();
        n.div_ceil(5)
    ];
    PuzzleView { cols: Vec::new(), rows, row_tips, boxes }
}

/// PP-4: columns 1-6 (the number each takes) by rows, row 1 at the bottom.
fn dance(pz: &Puzzle) -> PuzzleView {
    let nrows = (pz.nrows as usize).max(1);
    let cols = (pz.n as usize / nrows).max(1);
    let boxes = (0..pz.n as usize)
        .map(|b| {
            let (c, r) = (b % cols + 1, b / cols + 1);
            let words = format!("Dance Card column {c}, row {r}");
            // Row 1 is open from the start; a higher row's box once the box below it is.
            let open = if r == 1 {
                "row 1 is the bottom row: open from the start".to_string()
            } else {
                format!(
                    "row {r} is open once the box below it, in row {} of this column, is marked",
                    r - 1
                )
            };
            let tip = format!(
                "{words} ({open}): takes a {c}; scores {}{}",
                plural(pz.points[b], "point"),
                icon_words(pz.icon[b])
            );
            BoxView { words, x: (c - 1) as u8, y: (nrows - r) as u8, label: c.to_string(), tip }
        })
        .collect();
    let rows = (1..=nrows)
        .rev()
        .map(|r| format!("row {r} · {}", plural(pz.points[(r - 1) * cols], "pt")))
        .collect();
    let row_tips = (1..=nrows)
        .rev()
        .map(|r| {
            let bonus = match pz.row_bonus[r - 1] {
                Icon::None => "",
                Icon::Heart => "; the full row crosses a heart on a romance track",
                Icon::Diamond => "; the full row crosses a diamond on a romance track",
                Icon::Dice => "; the full row gives an extra die",
                Icon::Fan => "; the full row crosses a box of the fan",
            };
            format!(
                "row {r}: each box scores {}{bonus}",
                plural(pz.points[(r - 1) * cols], "point")
            )
        })
        .collect();
    PuzzleView { cols: (1..=cols).map(|c| c.to_string()).collect(), rows, row_tips, boxes }
}

/// PP-5: a row per colour, filled left to right; a full column scores its two lowest
/// numbers.
fn flowers(pz: &Puzzle) -> PuzzleView {
    let len = (pz.ncolumns as usize).max(1);
    let colour = |b: usize| {
        (0..3).find(|&c| pz.accept_col[c] & (1 << b) != 0).map_or("", |c| COLOUR_KEYS[c])
    };
    let boxes = (0..pz.n as usize)
        .map(|b| {
            let (i, c) = (b % len + 1, colour(b));
            let words = format!("Flowers {c} row, box {i}");
            let tip = format!(
                "{words} (filled left to right): takes a {c} die of any number; when column {i} is full in every row, it scores its two lowest numbers{}",
                icon_words(pz.icon[b])
            );
            BoxView { words, x: (b % len) as u8, y: (b / len) as u8, label: String::new(), tip }
        })
        .collect();
    let rows: Vec<String> = (0..pz.n as usize / len).map(|r| colour(r * len).to_string()).collect();
    let row_tips = rows
        .iter()
        .map(|c| format!("{c} row: takes {c} dice, left to right; a column full in every row scores its two lowest numbers"))
        .collect();
    PuzzleView { cols: (1..=len).map(|i| i.to_string()).collect(), rows, row_tips, boxes }
}

/// The two suitors of link `k`: "Diamond–Heart".
pub fn link_words(l: &Layout, k: usize) -> String {
    let [a, b] = l.links[k];
    format!("{}–{}", SUITOR_WORDS[a as usize], SUITOR_WORDS[b as usize])
}

/// Fan box `b` in words: "fan half 1, central box 2" or "fan half 2, outer heart 3" (PP-8).
pub fn fan_words(l: &Layout, b: usize) -> String {
    let f = l.fan[b];
    let at = l.fan[..b].iter().filter(|g| g.half == f.half && g.central == f.central).count();
    if f.central {
        format!("fan half {}, central box {}", f.half + 1, at + 1)
    } else {
        format!("fan half {}, outer {} {}", f.half + 1, f.icon.key(), at + 1)
    }
}

/// Whether a waiting heart or diamond is a diamond.
pub fn is_diamond(p: Pending) -> bool {
    p == DIAMOND_ANY || (DIAMOND_FROM..DIAMOND_FROM + 4).contains(&p)
}

/// A die of the roll as people name it: "the white 3" without the article ("white 3").
/// (Here rather than in text.rs, which reads the picture's words: no cycle between them.)
pub(crate) fn die_name(s: &PrideState, i: u8) -> String {
    format!("{} {}", COLOUR_KEYS[die_colour(i as usize) as usize], s.dice[i as usize])
}

impl Pride {
    /// Box `cell` of `puzzle` in words.
    pub(crate) fn box_words(&self, puzzle: u8, cell: u8) -> &str {
        &self.views[puzzle as usize].boxes[cell as usize].words
    }

    /// What the seat in turn is to do now, in words (the turn must be in the open).
    pub(crate) fn task_words(&self, s: &PrideState) -> String {
        use super::state::Step;
        let (c, seat) = (&s.ctx, s.actor());
        let die = |slot: usize| die_name(s, c.chosen[slot]);
        match c.step {
            Step::Pick => format!("seat {seat} chooses two dice"),
            Step::Chaperone => {
                format!(
                    "seat {seat} marks one of the dice it did not choose on the chaperone track"
                )
            }
            Step::Act => match c.top() {
                Some(EXTRA) => {
                    format!("seat {seat} places its extra die (any colour and number) or passes")
                }
                Some(FAN) => format!("seat {seat} crosses a box of the fan"),
                Some(p) => {
                    let kind = if is_diamond(p) { "diamond" } else { "heart" };
                    let whose = if p == HEART_ANY || p == DIAMOND_ANY {
                        "any romance track".to_string()
                    } else {
                        format!("a romance track of the {} suitor", SUITOR_WORDS[(p % 4) as usize])
                    };
                    format!("seat {seat} crosses a {kind} on {whose}")
                }
                None => {
                    let left: Vec<String> =
                        (0..2).filter(|&k| c.waiting & (1 << k) != 0).map(die).collect();
                    format!("seat {seat} places the {}", left.join(" and the "))
                }
            },
            Step::Reroll | Step::Done => String::new(),
        }
    }

    /// The sheet as the pages draw it (the same on every step).
    pub(crate) fn sheet_view_json(&self) -> Value {
        self.sheet_view.get_or_init(|| self.build_sheet_view_json()).clone()
    }

    fn build_sheet_view_json(&self) -> Value {
        let l = &self.layout;
        let puzzles: Vec<Value> = self
            .views
            .iter()
            .enumerate()
            .map(|(p, v)| {
                json!({
                    "name": SUITOR_WORDS[p],
                    "cols": v.cols,
                    "rows": v.rows,
                    "row_tips": v.row_tips,
                    "boxes": v.boxes.iter().enumerate().map(|(b, x)| json!({
                        "x": x.x, "y": x.y, "label": x.label, "tip": x.tip,
                        "icon": l.puzzles[p].icon[b].key(),
                    })).collect::<Vec<_>>(),
                })
            })
            .collect();
        let links: Vec<Value> = (0..l.nlinks as usize)
            .map(|k| {
                json!({"name": link_words(l, k), "hearts": l.track_len[k][0],
                    "diamonds": l.track_len[k][1], "dice_box": l.dice_box[k]})
            })
            .collect();
        let fan: Vec<Value> = (0..l.fan.len())
            .map(|b| {
                let f = l.fan[b];
                let does = match f.icon {
                    Icon::None => " (opens the outer icons beside it)",
                    Icon::Heart => ": crosses a heart on any romance track",
                    Icon::Diamond => ": crosses a diamond on any romance track",
                    _ => ": gives an extra die",
                };
                json!({"half": f.half, "central": f.central, "icon": f.icon.key(),
                    "tip": format!("{}{does}", fan_words(l, b))})
            })
            .collect();
        let fp: Vec<Vec<usize>> =
            l.chaperone_fp.iter().map(|&m| bits(m).map(|b| b + 1).collect()).collect();
        json!({
            "puzzles": puzzles,
            "links": links,
            "fan": fan,
            "chaperone": l.chaperone_len,
            "chaperone_fp": fp,
            "faux_pas": l.faux_pas_len,
            "faux_pas_points": l.faux_pas_points,
            "match_points": l.match_points,
        })
    }

    /// Where `a` is played on the picture: a die of the roll for a pair (the pair's first
    /// die, whites before red before blue: the page lists the pairs it starts), the box of
    /// the mover's own sheet for a die or the extra die, the track of a link for a heart or
    /// diamond, the fan box, the chaperone row of the number; only not using the extra die
    /// has no place of its own. Every target names the mover's seat, so another sheet never
    /// plays a move.
    pub(crate) fn move_place_of(&self, s: &PrideState, a: PrideAction) -> MovePlace {
        let me = s.actor();
        match a {
            // A pair is played from either of its dice: the red and blue dice always come
            // second in a pair, so outlining only the first die would never outline them.
            PrideAction::Pick(i, j) => MovePlace::at("pick", format!("seat{me}:die:{i}"))
                .and_at(format!("seat{me}:die:{j}")),
            PrideAction::Place { puzzle, cell, .. } => {
                MovePlace::at("place", format!("seat{me}:box:{puzzle}:{cell}"))
            }
            PrideAction::Extra { puzzle, cell, .. } => {
                MovePlace::at("extra", format!("seat{me}:box:{puzzle}:{cell}"))
            }
            PrideAction::Skip => MovePlace::bar("skip"),
            PrideAction::Romance(k) => {
                let kind = if s.ctx.top().is_some_and(is_diamond) { "diamond" } else { "heart" };
                MovePlace::at("romance", format!("seat{me}:link:{k}:{kind}"))
            }
            PrideAction::Fan(b) => MovePlace::at("fan", format!("seat{me}:fan:{b}")),
            PrideAction::Chaperone(v) => {
                MovePlace::at("chaperone", format!("seat{me}:chaperone:{v}"))
            }
        }
    }
}
