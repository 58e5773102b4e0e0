//! Pride & Preju-Dice's option kinds: the choices a designer asks about ("is the Diamond's
//! top row worth chasing?", "does crossing an FP box on the chaperone track lose games?"),
//! for the option table and the `--bots prefer:` probes (see [`crate::core::options`]).
//!
//! A raw action names a die index, a box index or a link: far too fine to measure, and
//! meaningless across sheets. So the kinds follow the sheet's own words, grouped by what a
//! choice costs or scores:
//! - **the two dice** ([`PrideAction::Pick`]): by colour pair (which gates open, PP-24) and
//!   by the numbers shown (a pick belongs to both its dice's numbers);
//! - **a marked box** (a chosen die's [`PrideAction::Place`] or an extra die's
//!   [`PrideAction::Extra`]): its suitor's puzzle (PP-1), its scoring class within the puzzle
//!   (Diamond row, PP-2; Heart label: one number, two numbers or blank, PP-3/PP-21; Dance
//!   Card row, PP-4; Flowers row colour, PP-5), the icon it carries (PP-6, PP-26) and whether
//!   it completes a Dance Card row (its row bonus, PP-4);
//! - **an extra die** used or passed (PP-13, PP-23);
//! - **a romance track** crossed (each link's heart and diamond track, PP-7), and whether the
//!   cross completes it (a match);
//! - **a fan box** (PP-8, PP-20): a central box or an outer icon;
//! - **the chaperone number** (PP-9) by what it costs: a free box, an FP box (a Faux Pas),
//!   or a full row (nothing).
//!
//! Kinds that depend on the sheet (Diamond rows, Dance Card rows, Flowers colours, links,
//! icons) are declared only where the loaded sheet has them. No kind has a lever: every point
//! value lives in the sheet file (`scoring.match_points`, `diamond.row_points`,
//! `dance_card.row_points`, `chaperone.fp`, ...), not in a rule parameter of `rules.rs`.
//!
//! Classifying reads the roll (public), the mover's own sheet and its turn in progress, all of
//! which the mover sees: a determinized view for the mover keeps them (`determinized` only
//! restarts *another* hidden seat's turn).

use crate::core::options::{KindSet, OptionKind};

use super::layout::Layout;
use super::sheet::{
    BLUE, COLOUR_KEYS, DANCE, DIAMOND, FLOWERS, HEART, Icon, MAX_BOXES, MAX_FAN, MAX_LINKS, RED,
    WHITE, bits,
};
use super::state::{DIAMOND_ANY, DIAMOND_FROM, Pending, PrideState, die_colour};
use super::{Pride, PrideAction};

/// The suitors' names as the rulebook writes them (PP-1), by puzzle index.
const SUITOR_WORDS: [&str; 4] = ["Diamond", "Heart", "Dance Card", "Flowers"];
/// Ids of the suitors (the sheet file's keys).
const SUITOR_IDS: [&str; 4] = ["diamond", "heart", "dance_card", "flowers"];

/// The declared kinds and, beside them, each classification's index, built together from one
/// layout so that the list and the indices cannot drift apart.
#[derive(Clone, Debug)]
pub struct KindTable {
    pub(super) kinds: Vec<OptionKind>,
    /// Pick by colour pair: two white, white + red, white + blue, red + blue.
    pub(super) pick_colours: [usize; 4],
    /// Pick showing number v (index 1-6).
    pub(super) pick_number: [usize; 7],
    /// What marking box `x` of puzzle `p` is, whatever die marks it: the puzzle, the box's
    /// scoring class and its icon.
    pub(super) boxes: [[KindSet; MAX_BOXES]; 4],
    /// A mark that completes a row of its puzzle (the Dance Card's, PP-4).
    pub(super) row_done: usize,
    pub(super) extra_used: usize,
    pub(super) extra_passed: usize,
    /// Each link's heart (0) and diamond (1) track.
    pub(super) tracks: [[usize; 2]; MAX_LINKS],
    /// A cross that completes a romance track.
    pub(super) track_done: usize,
    /// What crossing fan box b is.
    pub(super) fan: [KindSet; MAX_FAN],
    pub(super) chaperone_free: usize,
    pub(super) chaperone_faux_pas: usize,
    pub(super) chaperone_full: usize,
}

/// Pushes kinds and hands back their indices.
struct Builder(Vec<OptionKind>);

impl Builder {
    fn push(&mut self, id: impl Into<String>, words: impl Into<String>) -> usize {
        self.0.push(OptionKind::new(id, words));
        self.0.len() - 1
    }
}

/// Whether pending action `p` is a diamond (else a heart) on its way to a romance track.
fn is_diamond(p: Pending) -> bool {
    p == DIAMOND_ANY || (DIAMOND_FROM..DIAMOND_FROM + 4).contains(&p)
}

fn points_word(p: i32) -> String {
    if p.abs() == 1 { format!("{p} point") } else { format!("{p} points") }
}

impl KindTable {
    /// The kinds of the sheet `l`.
    pub fn new(l: &Layout) -> Self {
        let mut b = Builder(Vec::new());

        // The two dice (PP-11, PP-16, PP-17, PP-24).
        let pick_colours = [
            b.push("pick_two_white", "play two white dice"),
            b.push("pick_white_red", "play a white die and the red die"),
            b.push("pick_white_blue", "play a white die and the blue die"),
            b.push("pick_red_blue", "play the red die and the blue die"),
        ];
        let mut pick_number = [0; 7];
        for (v, k) in pick_number.iter_mut().enumerate().skip(1) {
            *k = b.push(format!("pick_{v}"), format!("play a die showing {v}"));
        }

        // The four puzzles (PP-1).
        let mut boxes = [[KindSet::EMPTY; MAX_BOXES]; 4];
        for (p, puzzle) in l.puzzles.iter().enumerate() {
            let k = b.push(
                format!("mark_{}", SUITOR_IDS[p]),
                format!("mark a box of the {} puzzle", SUITOR_WORDS[p]),
            );
            for x in bits(puzzle.all()) {
                boxes[p][x] = KindSet::one(k);
            }
        }
        // Diamond rows (PP-2), top row 1 first.
        let dz = &l.puzzles[DIAMOND];
        for row in 1..=6 {
            let in_row = dz.accept_num[row] & dz.all();
            if let Some(first) = bits(in_row).next() {
                let k = b.push(
                    format!("diamond_row_{row}"),
                    format!(
                        "mark a Diamond box of row {row} ({} a box)",
                        points_word(dz.points[first])
                    ),
                );
                bits(in_row).for_each(|x| boxes[DIAMOND][x] = boxes[DIAMOND][x].with(k));
            }
        }
        // Heart labels (PP-3, PP-21): one number, two numbers (the die's number scores), or
        // blank (the number written scores).
        let hz = &l.puzzles[HEART];
        let label = |x: usize| (1..=6).filter(|&v| hz.accept_num[v] & (1 << x) != 0).count();
        for (id, words, fits) in [
            ("heart_one_number", "circle a Heart box with one number", 1..=1),
            ("heart_two_numbers", "circle a Heart box with two numbers", 2..=2),
            ("heart_blank", "write a number in a blank Heart box", 3..=6),
        ] {
            let these: Vec<usize> = bits(hz.all()).filter(|&x| fits.contains(&label(x))).collect();
            if !these.is_empty() {
                let k = b.push(id, words);
                these.into_iter().for_each(|x| boxes[HEART][x] = boxes[HEART][x].with(k));
            }
        }
        // Dance Card rows (PP-4), bottom row 1 first.
        let dc = &l.puzzles[DANCE];
        for r in 0..dc.nrows as usize {
            let first = dc.rows[r].trailing_zeros() as usize;
            let k = b.push(
                format!("dance_card_row_{}", r + 1),
                format!(
                    "mark a Dance Card box of row {} ({} a box)",
                    r + 1,
                    points_word(dc.points[first])
                ),
            );
            bits(dc.rows[r]).for_each(|x| boxes[DANCE][x] = boxes[DANCE][x].with(k));
        }
        // Flowers rows by colour (PP-5).
        let fl = &l.puzzles[FLOWERS];
        for (c, colour) in COLOUR_KEYS.iter().enumerate() {
            let in_row = fl.accept_col[c] & fl.all();
            if in_row != 0 {
                let k = b.push(
                    format!("flowers_{colour}"),
                    format!("mark a box of the {colour} Flowers row"),
                );
                bits(in_row).for_each(|x| boxes[FLOWERS][x] = boxes[FLOWERS][x].with(k));
            }
        }
        // Box icons (PP-6, PP-26).
        for icon in [Icon::Heart, Icon::Diamond, Icon::Dice, Icon::Fan] {
            let on = |p: usize| {
                let pz = &l.puzzles[p];
                bits(pz.all()).filter(move |&x| pz.icon[x] == icon)
            };
            if (0..4).any(|p| on(p).next().is_some()) {
                let k = b.push(
                    format!("box_{}_icon", icon.key()),
                    format!("mark a box with a {} icon", icon.key()),
                );
                for (p, kinds) in boxes.iter_mut().enumerate() {
                    on(p).for_each(|x| kinds[x] = kinds[x].with(k));
                }
            }
        }
        let row_done = b.push("complete_dance_card_row", "complete a Dance Card row");

        // Extra dice (PP-13, PP-23).
        let extra_used = b.push("extra_die_used", "place an extra die");
        let extra_passed = b.push("extra_die_passed", "do not use the extra die");

        // Romance tracks (PP-7), link by link.
        let mut tracks = [[0; 2]; MAX_LINKS];
        for (k, track) in tracks.iter_mut().enumerate().take(l.nlinks as usize) {
            let [x, y] = l.links[k].map(usize::from);
            let twice = (0..k).any(|j| {
                let [a, c] = l.links[j].map(usize::from);
                (a, c) == (x, y) || (a, c) == (y, x)
            });
            let suffix = if twice { format!("_{}", k + 1) } else { String::new() };
            for (kind, (id, word)) in
                [("hearts", "heart"), ("diamonds", "diamond")].iter().enumerate()
            {
                track[kind] = b.push(
                    format!("{id}_{}_{}{suffix}", SUITOR_IDS[x], SUITOR_IDS[y]),
                    format!(
                        "cross a {word} on the {} and {} {word} track",
                        SUITOR_WORDS[x], SUITOR_WORDS[y]
                    ),
                );
            }
        }
        let track_done = b.push("complete_romance_track", "complete a romance track (a match)");

        // The fan (PP-8, PP-20).
        let mut fan = [KindSet::EMPTY; MAX_FAN];
        let central = b.push("fan_central", "cross a central fan box");
        for icon in [Icon::Heart, Icon::Diamond, Icon::Dice] {
            let these: Vec<usize> =
                (0..l.fan.len()).filter(|&f| !l.fan[f].central && l.fan[f].icon == icon).collect();
            if !these.is_empty() {
                let k = b.push(
                    format!("fan_{}", icon.key()),
                    format!("cross a fan {} icon", icon.key()),
                );
                these.into_iter().for_each(|f| fan[f] = KindSet::one(k));
            }
        }
        for (f, kinds) in fan.iter_mut().enumerate().take(l.fan.len()) {
            if l.fan[f].central {
                *kinds = KindSet::one(central);
            }
        }

        // The chaperone track (PP-9).
        let chaperone_free =
            b.push("chaperone_free_box", "mark the chaperone number in a box without FP");
        let chaperone_faux_pas =
            b.push("chaperone_faux_pas", "mark the chaperone number in an FP box (a Faux Pas)");
        let chaperone_full =
            b.push("chaperone_full_row", "choose a chaperone number whose row is full");

        KindTable {
            kinds: b.0,
            pick_colours,
            pick_number,
            boxes,
            row_done,
            extra_used,
            extra_passed,
            tracks,
            track_done,
            fan,
            chaperone_free,
            chaperone_faux_pas,
            chaperone_full,
        }
    }

    /// The declared kinds, in index order.
    pub fn list(&self) -> &[OptionKind] {
        &self.kinds
    }
}

impl Pride {
    /// The kinds of legal action `a` of the mover in `s` (see the module's header): a match
    /// on the action and a table lookup or two, no allocation.
    pub(super) fn kinds_of(&self, s: &PrideState, a: PrideAction) -> KindSet {
        let t = &self.kinds;
        let l = &self.layout;
        let m = &s.sheets[s.actor()];
        match a {
            PrideAction::Pick(i, j) => {
                // Dice 0-2 are white, 3 red, 4 blue.
                let colours = match (die_colour(i as usize), die_colour(j as usize)) {
                    (WHITE, WHITE) => t.pick_colours[0],
                    (RED, _) | (_, RED) if i.min(j) < 3 => t.pick_colours[1],
                    (BLUE, _) | (_, BLUE) if i.min(j) < 3 => t.pick_colours[2],
                    _ => t.pick_colours[3],
                };
                let number = |d: u8| t.pick_number[s.dice[d as usize] as usize];
                KindSet::one(colours).with(number(i)).with(number(j))
            }
            PrideAction::Place { puzzle, cell, .. } => self.mark_kinds(m, puzzle, cell),
            PrideAction::Extra { puzzle, cell, .. } => {
                self.mark_kinds(m, puzzle, cell).with(t.extra_used)
            }
            PrideAction::Skip => KindSet::one(t.extra_passed),
            PrideAction::Romance(k) => {
                let kind = s.ctx.top().is_some_and(is_diamond) as usize;
                let k = k as usize;
                let track = KindSet::one(t.tracks[k][kind]);
                if m.romance[k][kind] + 1 >= l.track_len[k][kind] {
                    track.with(t.track_done)
                } else {
                    track
                }
            }
            PrideAction::Fan(b) => t.fan[b as usize],
            PrideAction::Chaperone(v) => {
                let r = v as usize - 1;
                let n = m.chaperone[r];
                KindSet::one(if n >= l.chaperone_len[r] {
                    t.chaperone_full
                } else if l.chaperone_fp[r] & (1 << n) != 0 {
                    t.chaperone_faux_pas
                } else {
                    t.chaperone_free
                })
            }
        }
    }

    /// Marking box `cell` of puzzle `puzzle` on sheet `m`: the box's kinds, and a completed
    /// row's (PP-4).
    fn mark_kinds(&self, m: &super::Marks, puzzle: u8, cell: u8) -> KindSet {
        let (p, x) = (puzzle as usize, cell as usize);
        let kinds = self.kinds.boxes[p][x];
        let pz = &self.layout.puzzles[p];
        let after = m.marks[p] | 1 << x;
        let completes = pz.rows[..pz.nrows as usize]
            .iter()
            .any(|&row| row & (1 << x) != 0 && after & row == row);
        if completes { kinds.with(self.kinds.row_done) } else { kinds }
    }
}
