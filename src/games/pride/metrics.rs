//! Pride & Preju-Dice's per-match metrics (`metrics.csv`) and the greedy heuristic.

use super::engine::{Die, bits, targets};
use super::layout::Layout;
use super::score::{self, PARTS, icon_value};
use super::sheet::{FLOWERS, HEART};
use super::state::{Phase, PrideState, Step};
use super::{Pride, Turn};
use crate::core::{GameRules, Seat};

/// What a die placed in box `x` of puzzle `p` as `v` brings at once, its icon included.
pub fn box_value(l: &Layout, p: usize, x: usize, v: u8) -> f64 {
    let pz = &l.puzzles[p];
    let base = match p {
        HEART => v as f64,
        // A Flowers column scores its two lowest numbers: a high number there is worth a
        // little more than half its face.
        FLOWERS => 0.6 * v as f64,
        _ => pz.points[x] as f64,
    };
    base + icon_value(l, pz.icon[x])
}

impl Pride {
    /// The greedy estimate for `seat`: its sheet's worth (score, match progress, waiting
    /// actions, the best boxes for its waiting dice, the chaperone's coming cost) against
    /// the field's visible sheets (the mean of the average and the best), over 100.
    pub fn estimate(&self, s: &PrideState, seat: Seat) -> f64 {
        let l = &self.layout;
        let me = seat.index();
        if s.phase == Phase::Over && !s.capped {
            let o = self.outcome(s);
            let share = o.win_share(seat);
            let lead = if s.players == 1 { o.score(seat) as f64 / 100.0 } else { 0.0 };
            return 2.0 * share - 1.0 + lead;
        }
        let mine_turn = s.phase == Phase::Turn && s.actor() == me;
        let stack: &[u8] = if mine_turn { &s.ctx.stack[..s.ctx.depth as usize] } else { &[] };
        let mut mine = score::estimate(l, &s.sheets[me], stack);
        if mine_turn {
            let (mut m, mut c) = (s.sheets[me], s.ctx);
            let t = Turn { l, dice: &s.dice, m: &mut m, c: &mut c };
            mine += pending_dice(&t) + chaperone_cost(&t);
        }
        if s.players == 1 {
            return mine / 100.0;
        }
        let (mut sum, mut best, mut n) = (0.0, f64::MIN, 0.0);
        for j in (0..s.players()).filter(|&j| j != me) {
            let v = super::memo::estimate(l, s.visible(j));
            sum += v;
            best = best.max(v);
            n += 1.0;
        }
        (mine - 0.5 * (sum / n + best)) / 100.0
    }

    pub(crate) fn metric_list(&self, players: usize) -> Vec<String> {
        let mut names: Vec<String> = PARTS.iter().map(|p| format!("points_{p}")).collect();
        for k in 0..self.layout.nlinks {
            names.push(format!("matches_link{k}"));
        }
        for name in [
            "matches_total",
            "faux_pas_chaperone",
            "faux_pas_dice",
            "end_matches",
            "end_faux_pas",
            "rounds",
            "dice_unplayed",
            "extra_dice_gained",
            "extra_dice_unused",
            "icons_lost",
        ] {
            names.push(name.to_string());
        }
        for seat in 0..players {
            names.push(format!("rounds_started_seat{seat}"));
        }
        names
    }

    /// Sums over the players: points per score part, completed romance tracks per link and
    /// in all, Faux Pas crosses by source, which end condition fired, rounds, dice that
    /// could not be played, extra dice gained and not used, lost icons; and the rounds each
    /// seat started.
    pub(crate) fn fill_metrics(&self, s: &PrideState, out: &mut [i64]) {
        let l = &self.layout;
        let n = s.players();
        let mut i = 0;
        let mut put = |v: i64| {
            out[i] = v;
            i += 1;
        };
        let sheets = &s.sheets[..n];
        let mut parts = [0i64; PARTS.len()];
        for m in sheets {
            for (sum, v) in parts.iter_mut().zip(score::parts(l, m)) {
                *sum += v as i64;
            }
        }
        for v in parts {
            put(v);
        }
        let mut total = 0;
        for k in 0..l.nlinks as usize {
            let done: i64 = sheets
                .iter()
                .map(|m| {
                    (0..2).filter(|&kind| m.romance[k][kind] >= l.track_len[k][kind]).count() as i64
                })
                .sum();
            total += done;
            put(done);
        }
        put(total);
        let sum = |f: fn(&super::state::Counters) -> u8| -> i64 {
            sheets.iter().map(|m| f(&m.counters) as i64).sum()
        };
        put(sum(|c| c.fp_chaperone));
        put(sum(|c| c.fp_dice));
        put(s.ended.matches as i64);
        put(s.ended.faux_pas as i64);
        put(s.round as i64);
        put(sum(|c| c.fp_dice));
        put(sum(|c| c.extra_gained));
        put(sum(|c| c.extra_unused));
        put(sum(|c| c.icons_lost));
        // The start passes left from seat 0 every round.
        for seat in 0..n {
            let r = s.round as i64;
            put(if r > seat as i64 { (r - seat as i64 - 1) / n as i64 + 1 } else { 0 });
        }
    }
}

/// The best box for each waiting die (the dice are played whatever happens, PP-12).
fn pending_dice(t: &Turn) -> f64 {
    if t.c.step != Step::Act {
        return 0.0;
    }
    let mut v = 0.0;
    for slot in 0..2 {
        if t.c.waiting & (1 << slot) == 0 {
            continue;
        }
        let die: Die = t.chosen(slot);
        let mut best: f64 = -5.0; // an unplayable die is a Faux Pas cross
        for (p, &mask) in targets(t.l, t.m, die, t.c.gates).iter().enumerate() {
            for x in bits(mask) {
                best = best.max(box_value(t.l, p, x, die.num));
            }
        }
        v += best;
    }
    v
}

/// The cheapest chaperone mark still to come this turn (an FP box costs a Faux Pas cross).
fn chaperone_cost(t: &Turn) -> f64 {
    if !matches!(t.c.step, Step::Act | Step::Chaperone) {
        return 0.0;
    }
    let numbers = t.chaperone_numbers();
    let mut best = f64::MIN;
    for v in 1..=6usize {
        if numbers & (1 << v) == 0 {
            continue;
        }
        let r = v - 1;
        let at = t.m.chaperone[r];
        let fp = at < t.l.chaperone_len[r] && t.l.chaperone_fp[r] & (1 << at) != 0;
        best = best.max(if fp { t.l.faux_pas_points as f64 } else { 0.0 });
    }
    if best == f64::MIN { 0.0 } else { best }
}
