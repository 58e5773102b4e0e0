//! One player's turn on one sheet: choosing the dice (with the must-play rule, PP-12 and
//! PP-25), placing them by each puzzle's rule, the special actions in PP-23's order, the
//! chaperone track (PP-9) and Faux Pas crosses (PP-10, PP-22).
//!
//! Everything here works on one [`Marks`] and one [`Ctx`], never on the whole match, so that
//! `determinize` can replay a hidden player's turn with the very same code. Decisions with a
//! single option are taken at once ([`Turn::settle`]); a bot is asked only when it has a
//! real choice.

use super::PrideAction;
use super::layout::Layout;
pub use super::sheet::bits;
use super::sheet::{FLOWERS, HEART, Icon};
use super::state::{
    Ctx, DIAMOND_ANY, DIAMOND_FROM, EXTRA, FAN, HEART_ANY, HEART_FROM, Marks, Pending, Step,
    die_colour,
};

/// A die: its number and colour.
#[derive(Clone, Copy, Debug)]
pub struct Die {
    pub num: u8,
    pub col: u8,
}

/// One player's turn: the sheet's layout, the roll, the player's sheet and turn.
pub struct Turn<'a> {
    pub l: &'a Layout,
    pub dice: &'a [u8; 5],
    pub m: &'a mut Marks,
    pub c: &'a mut Ctx,
}

/// Boxes of puzzle `p` that `die` may go to once ready (gate opened by `gates`, PP-24).
#[inline(always)]
pub fn accept(l: &Layout, p: usize, die: Die, gates: u8) -> u32 {
    l.die_fits[die.num as usize][die.col as usize][p] & l.gate_open[gates as usize & 7][p]
}

/// Boxes of every puzzle `die` can be placed in now.
#[inline(always)]
pub fn targets(l: &Layout, m: &Marks, die: Die, gates: u8) -> [u32; 4] {
    let (fits, open) =
        (&l.die_fits[die.num as usize][die.col as usize], &l.gate_open[gates as usize & 7]);
    std::array::from_fn(|p| m.ready[p] & fits[p] & open[p])
}

/// The four puzzles' boxes as one 128-bit set, so that "none", "exactly one" and "the same
/// boxes" are a few word operations. (The default x86-64 target has no popcount
/// instruction: counting bits was a fifth of random play's time.)
fn pack(t: &[u32; 4]) -> u128 {
    t[0] as u128 | (t[1] as u128) << 32 | (t[2] as u128) << 64 | (t[3] as u128) << 96
}

/// Whether the set holds exactly one box.
fn single(x: u128) -> bool {
    x != 0 && x & (x - 1) == 0
}

/// The box a waiting die `w` must keep (PP-25): its only possible box, when marking that box
/// would open none for it. Placing anything else there would take its last box.
fn last_box(l: &Layout, m: &Marks, w: Die, gates: u8) -> Option<(usize, u32)> {
    let t = targets(l, m, w, gates);
    if !single(pack(&t)) {
        return None;
    }
    let p = t.iter().position(|&x| x != 0).expect("one target");
    let x = t[p].trailing_zeros() as usize;
    (l.puzzles[p].children[x] & accept(l, p, w, gates) == 0).then_some((p, t[p]))
}

/// Boxes `die` could take now if every gate were open.
fn open_targets(l: &Layout, m: &Marks, die: Die) -> [u32; 4] {
    let fits = &l.die_fits[die.num as usize][die.col as usize];
    std::array::from_fn(|p| m.ready[p] & fits[p])
}

/// `t` with the puzzles whose gate `gates` does not open emptied (PP-24).
fn gated(l: &Layout, mut t: [u32; 4], gates: u8) -> [u32; 4] {
    let open = &l.gate_open[gates as usize & 7];
    for (x, open) in t.iter_mut().zip(open) {
        *x &= open;
    }
    t
}

/// PP-25: how many of dice `a`, `b` can be placed one after the other, in either order and
/// any choice of boxes, on the sheet as it is (their actions not counted).
pub fn pair_count(l: &Layout, m: &Marks, a: Die, b: Die, gates: u8) -> u8 {
    pair_count_from(l, a, b, gates, targets(l, m, a, gates), targets(l, m, b, gates))
}

/// [`pair_count`] given the dice's targets.
fn pair_count_from(l: &Layout, a: Die, b: Die, gates: u8, ta: [u32; 4], tb: [u32; 4]) -> u8 {
    let (pa, pb) = (pack(&ta), pack(&tb));
    // Both placeable, unless both have the same one box.
    if pa != 0 && pb != 0 && !(single(pa) && pa == pb) {
        return 2;
    }
    // Either the dice share one box, or one of them needs the box the other opens.
    for (t, second) in [(ta, b), (tb, a)] {
        for (p, &mask) in t.iter().enumerate() {
            let follow = accept(l, p, second, gates);
            if bits(mask).any(|x| l.puzzles[p].children[x] & follow != 0) {
                return 2;
            }
        }
    }
    (pa | pb != 0) as u8
}

impl Turn<'_> {
    pub fn die(&self, i: u8) -> Die {
        Die { num: self.dice[i as usize], col: die_colour(i as usize) }
    }

    /// The chosen die in `slot`.
    pub fn chosen(&self, slot: usize) -> Die {
        self.die(self.c.chosen[slot])
    }

    /// The pairs this pick may choose (with the best playable count, PP-12/PP-25), as a
    /// set of bits `5 * i + j` for dice `i < j`: ascending bits are the pairs in order.
    pub fn pick_set(&self) -> u32 {
        let mut best = 0;
        let mut by_count = [0u32; 3];
        let open: [[u32; 4]; 5] = std::array::from_fn(|i| {
            if self.c.candidates & (1 << i) != 0 {
                open_targets(self.l, self.m, self.die(i as u8))
            } else {
                [0; 4]
            }
        });
        for i in 0..5u8 {
            for j in i + 1..5u8 {
                let both = (1 << i) | (1 << j);
                if self.c.candidates & both != both {
                    continue;
                }
                // 1 white + 1 coloured: exactly one of the two is white.
                if self.c.white_and_coloured && (i < 3) == (j < 3) {
                    continue;
                }
                let (a, b) = (self.die(i), self.die(j));
                let gates = (1 << a.col) | (1 << b.col);
                let (ta, tb) = (open[i as usize], open[j as usize]);
                let k = pair_count_from(
                    self.l,
                    a,
                    b,
                    gates,
                    gated(self.l, ta, gates),
                    gated(self.l, tb, gates),
                );
                best = best.max(k);
                by_count[k as usize] |= 1 << (5 * i + j);
            }
        }
        by_count[best as usize]
    }

    /// The pick's pairs: those [`Turn::settle`] kept, or worked out now.
    pub fn picks(&self) -> u32 {
        if self.c.picks != 0 { self.c.picks } else { self.memo_pick_set() }
    }

    /// [`Turn::pick_set`] through its per-thread memo (`memo.rs`).
    pub fn memo_pick_set(&self) -> u32 {
        let c = &*self.c;
        let how = (c.candidates, c.white_and_coloured);
        super::memo::pick_set(self.l, self.m.ready, self.dice, how, || self.pick_set())
    }

    /// Every option of the decision now due, passed to `f` in a fixed order.
    pub fn each_option(&self, mut f: impl FnMut(PrideAction)) {
        let c = &*self.c;
        match c.step {
            Step::Pick => {
                bits(self.picks()).for_each(|b| f(PrideAction::Pick(b as u8 / 5, b as u8 % 5)))
            }
            Step::Act => match c.top() {
                Some(EXTRA) => {
                    self.extra_options(&mut f);
                }
                Some(FAN) => bits(self.fan_options()).for_each(|b| f(PrideAction::Fan(b as u8))),
                Some(p) => bits(self.romance_options(p) as u32)
                    .for_each(|k| f(PrideAction::Romance(k as u8))),
                None => {
                    let mut any = false;
                    self.placements(true, &mut |a| {
                        any = true;
                        f(a)
                    });
                    if !any {
                        self.placements(false, &mut f);
                    }
                }
            },
            Step::Chaperone => {
                let numbers = self.chaperone_numbers();
                (1..=6u8)
                    .filter(|v| numbers & (1 << v) != 0)
                    .for_each(|v| f(PrideAction::Chaperone(v)));
            }
            Step::Reroll | Step::Done => {}
        }
    }

    /// Placements of the waiting chosen dice; with `protect`, only those after which the
    /// other waiting die still has a box (PP-27, and PP-25's last box): a box it has now
    /// other than the one taken, or one the placement opens for it. Marking a box never
    /// closes another (`Marks::ready` only loses the marked box and gains its children), so
    /// that is the whole test. When protection leaves nothing (the playable count is 1: both
    /// dice need the one same box, PP-28, or the other die has no box whatever is placed),
    /// every placement is offered.
    fn placements(&self, protect: bool, f: &mut impl FnMut(PrideAction)) {
        let (l, m, c) = (self.l, &*self.m, &*self.c);
        for slot in 0..2 {
            if c.waiting & (1 << slot) == 0 {
                continue;
            }
            let other = 1 - slot;
            // The other die's boxes now, packed, when it waits and must keep one.
            let keep = (protect && c.waiting & (1 << other) != 0).then(|| {
                let w = self.chosen(other);
                (w, pack(&targets(l, m, w, c.gates)))
            });
            let t = targets(l, m, self.chosen(slot), c.gates);
            for (p, &mask) in t.iter().enumerate() {
                for x in bits(mask) {
                    if let Some((w, boxes)) = keep {
                        let taken = 1u128 << (32 * p + x);
                        let opened = l.puzzles[p].children[x] & accept(l, p, w, c.gates);
                        if boxes & !taken == 0 && opened == 0 {
                            continue;
                        }
                    }
                    f(PrideAction::Place { slot: slot as u8, puzzle: p as u8, cell: x as u8 });
                }
            }
        }
    }

    /// PP-13: an extra die of any colour and number, on any ready box (its colour opens
    /// that box's gate), never taking a waiting chosen die's last box (PP-25); or not used.
    fn extra_options(&self, f: &mut impl FnMut(PrideAction)) -> bool {
        let (l, m, c) = (self.l, &*self.m, &*self.c);
        let mut any = false;
        let mut ready = m.ready;
        for s in 0..2 {
            if c.waiting & (1 << s) != 0
                && let Some((p, bit)) = last_box(l, m, self.chosen(s), c.gates)
            {
                ready[p] &= !bit;
            }
        }
        for (p, pz) in l.puzzles.iter().enumerate() {
            for x in bits(ready[p]) {
                for v in 1..=6u8 {
                    if pz.accept_num[v as usize] & (1 << x) != 0 {
                        any = true;
                        f(PrideAction::Extra { puzzle: p as u8, cell: x as u8, number: v });
                        // Where nothing is written, the number is the box's label: one option.
                        if !pz.written {
                            break;
                        }
                    }
                }
            }
        }
        if any {
            f(PrideAction::Skip);
        }
        any
    }

    /// Fan boxes that may be crossed now (PP-8, PP-20).
    pub fn fan_options(&self) -> u32 {
        let (l, fan) = (self.l, self.m.fan);
        let mut open = l.fan_roots;
        for (b, fb) in l.fan.iter().enumerate() {
            if fb.after & fan != 0 {
                open |= 1 << b;
            }
        }
        open & !fan
    }

    /// Links whose track can take the heart or diamond `p` (PP-14): the suitor's own links,
    /// else any link; a fan symbol goes to any link.
    pub fn romance_options(&self, p: Pending) -> u8 {
        let l = self.l;
        let kind = (p == DIAMOND_ANY || (DIAMOND_FROM..DIAMOND_FROM + 4).contains(&p)) as usize;
        let mut open = 0u8;
        for k in 0..l.nlinks as usize {
            if self.m.romance[k][kind] < l.track_len[k][kind] {
                open |= 1 << k;
            }
        }
        if p < HEART_ANY {
            let own = open & l.suitor_links[(p % 4) as usize];
            if own != 0 {
                return own;
            }
        }
        open
    }

    /// Numbers the chaperone may take: the player's unchosen dice (PP-16).
    pub fn chaperone_numbers(&self) -> u8 {
        let left = self.c.candidates & !self.c.used;
        (0..5).filter(|i| left & (1 << i) != 0).fold(0, |m, i| m | 1 << self.dice[i])
    }

    /// A Faux Pas cross; past a full track it is not recorded (PP-22).
    fn faux_pas(&mut self) {
        if self.m.faux_pas < self.l.faux_pas_len {
            self.m.faux_pas += 1;
            self.m.score += self.l.faux_pas_points;
        }
    }

    fn push_icon(&mut self, icon: Icon, suitor: Option<usize>) {
        let p = match (icon, suitor) {
            (Icon::None, _) => return,
            (Icon::Heart, Some(s)) => HEART_FROM + s as u8,
            (Icon::Heart, None) => HEART_ANY,
            (Icon::Diamond, Some(s)) => DIAMOND_FROM + s as u8,
            (Icon::Diamond, None) => DIAMOND_ANY,
            (Icon::Dice, _) => {
                self.m.counters.extra_gained += 1;
                EXTRA
            }
            (Icon::Fan, _) => FAN,
        };
        self.c.push(p);
    }

    /// Mark box `x` of puzzle `p` with number `v`, then queue what it starts: its icon
    /// first, then a completed Dance Card row's bonus (PP-23), so the icon is on top.
    fn mark(&mut self, p: usize, x: usize, v: u8) {
        let pz = &self.l.puzzles[p];
        let bit = 1u32 << x;
        debug_assert!(self.m.ready[p] & bit != 0, "box {x} of puzzle {p} is not ready");
        self.m.marks[p] |= bit;
        self.m.ready[p] = (self.m.ready[p] & !bit) | pz.children[x];
        if pz.written {
            let slot = if p == HEART { 0 } else { 1 };
            debug_assert!(p == HEART || p == FLOWERS);
            self.m.written[slot] |= (v as u128) << (4 * x);
        }
        self.m.score += super::score::mark_points(self.l, self.m, p, x);
        for r in (0..pz.nrows as usize).rev() {
            if pz.rows[r] & bit != 0 && self.m.marks[p] & pz.rows[r] == pz.rows[r] {
                self.push_icon(pz.row_bonus[r], Some(p));
            }
        }
        self.push_icon(pz.icon[x], Some(p));
    }

    /// Apply one decision (legal by construction: offered by [`Turn::each_option`]).
    pub fn apply(&mut self, a: PrideAction) {
        match a {
            PrideAction::Pick(i, j) => {
                let c = &mut *self.c;
                c.chosen = [i, j];
                c.picks = 0;
                c.waiting = 0b11;
                c.used |= (1 << i) | (1 << j);
                c.gates = (1 << die_colour(i as usize)) | (1 << die_colour(j as usize));
                c.step = Step::Act;
            }
            PrideAction::Place { slot, puzzle, cell } => {
                let die = self.chosen(slot as usize);
                self.c.waiting &= !(1 << slot);
                self.c.played |= 1 << self.c.chosen[slot as usize];
                self.mark(puzzle as usize, cell as usize, die.num);
            }
            PrideAction::Extra { puzzle, cell, number } => {
                self.c.depth -= 1;
                self.mark(puzzle as usize, cell as usize, number);
            }
            PrideAction::Skip => {
                self.c.depth -= 1;
                self.m.counters.extra_unused += 1;
            }
            PrideAction::Romance(k) => {
                let p = self.c.stack[self.c.depth as usize - 1];
                self.c.depth -= 1;
                let kind =
                    (p == DIAMOND_ANY || (DIAMOND_FROM..DIAMOND_FROM + 4).contains(&p)) as usize;
                let k = k as usize;
                self.m.romance[k][kind] += 1;
                if self.m.romance[k][kind] == self.l.track_len[k][kind] {
                    self.m.score += self.l.match_points;
                }
                // PP-7: a completed track's dice box is crossed and taken at once.
                if self.m.romance[k][kind] == self.l.track_len[k][kind] && self.l.dice_box[k] {
                    self.push_icon(Icon::Dice, None);
                }
            }
            PrideAction::Fan(b) => {
                self.c.depth -= 1;
                self.m.fan |= 1 << b;
                self.push_icon(self.l.fan[b as usize].icon, None);
            }
            PrideAction::Chaperone(v) => {
                let r = v as usize - 1;
                // PP-9: a full row can still be chosen and costs nothing.
                if self.m.chaperone[r] < self.l.chaperone_len[r] {
                    self.m.chaperone[r] += 1;
                    if self.l.chaperone_fp[r] & (1 << (self.m.chaperone[r] - 1)) != 0 {
                        self.m.counters.fp_chaperone += 1;
                        self.faux_pas();
                    }
                }
                self.c.step = Step::Done;
            }
        }
    }

    /// Take every decision that has at most one option, until a real choice is due or the
    /// turn (or, solo, the first pick) is over. `solo` says whether a re-roll follows the
    /// first pick. Returns how many options the choice now due has (what
    /// [`Turn::each_option`] would count; 0 once the turn or first pick is over).
    pub fn settle(&mut self, solo: bool) -> u32 {
        self.settle_keeping(solo, |_, _| {})
    }

    /// [`Turn::settle`], passing `keep` each option it counts with its index: when it stops
    /// at a choice other than a pick, the last options passed are that choice's (a pick's
    /// are the bits of `Ctx::picks`).
    pub fn settle_keeping(&mut self, solo: bool, keep: impl FnMut(u32, PrideAction)) -> u32 {
        self.settle_watching(solo, keep, |_, _, _| {})
    }

    /// [`Turn::settle_keeping`], showing `forced` each move it takes without asking (the one
    /// option of its step) with the sheet and turn just before it: traces give such a move a
    /// step of its own ([`crate::core::TraceGame::forced_moves`]).
    pub fn settle_watching(
        &mut self,
        solo: bool,
        mut keep: impl FnMut(u32, PrideAction),
        mut forced: impl FnMut(&Marks, &Ctx, PrideAction),
    ) -> u32 {
        loop {
            match self.c.step {
                Step::Reroll | Step::Done => return 0,
                Step::Act if self.c.top().is_none() && self.c.waiting == 0 => {
                    self.c.step =
                        if solo && self.c.pick == 0 { Step::Reroll } else { Step::Chaperone };
                    continue;
                }
                Step::Pick => {
                    // Worked out once here; legal_actions reads it back.
                    if self.c.picks == 0 {
                        self.c.picks = self.memo_pick_set();
                    }
                    let picks = self.c.picks;
                    debug_assert!(picks != 0, "a pick always has a pair");
                    if picks & picks.wrapping_sub(1) != 0 {
                        return bits(picks).count() as u32;
                    }
                }
                _ => {}
            }
            let (mut n, mut first) = (0, PrideAction::Skip);
            self.each_option(|a| {
                if n == 0 {
                    first = a;
                }
                keep(n, a);
                n += 1;
            });
            match n {
                0 => self.nothing_possible(),
                // An extra die always offers Skip too, so a lone option is never one.
                1 => {
                    forced(self.m, self.c, first);
                    self.apply(first)
                }
                n => return n,
            }
        }
    }

    /// The decision due has no option: an action with no place is lost (PP-13, PP-14,
    /// PP-20); chosen dice that cannot be placed are a Faux Pas cross each (PP-12).
    fn nothing_possible(&mut self) {
        match self.c.top() {
            Some(top) => {
                self.c.depth -= 1;
                if top == EXTRA {
                    self.m.counters.extra_unused += 1;
                } else {
                    self.m.counters.icons_lost += 1;
                }
            }
            None => {
                for slot in 0..2 {
                    if self.c.waiting & (1 << slot) != 0 {
                        self.m.counters.fp_dice += 1;
                        self.faux_pas();
                    }
                }
                self.c.waiting = 0;
            }
        }
    }
}
