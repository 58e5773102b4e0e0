//! From a merged tally to the figures designers read: per-seat balance tests and a plain
//! verdict that names the bots it was measured with, the paired design's variance reduction, bot ratings, and the game's shape
//! (including Ludii's outcome metrics, computed as Ludii defines them).

use crate::stats::SideFigures;
use crate::stats::Tally;
use crate::stats::hypothesis::{binomial_two_sided, chi_square_uniform, holm};
use crate::stats::intervals::{wilson, z_for};
use crate::stats::ratings::{MatchScores, bradley_terry_robust, elo_from_share};
use crate::stats::tally::Moments;
use crate::stats::verdict::Levels;

pub mod skill_luck;
mod solo;
mod words;

pub use skill_luck::{BotShare, EloGap, SkillLuck, skill_luck};
pub use words::{
    RANDOM_PLAY_WARNING, SeatEdge, answer, answer_at, edge_figure, headline, seat_edge,
    seat_edge_of,
};
use words::{lineup_note, verdict};

const CONFIDENCE: f64 = 0.95;

/// One seat's balance figures. The test and the difference concern the same quantity: the
/// seat's share of the decisive matches (those with a sole winner) against 1/players. In
/// games without draws or capped matches that is the seat's win share itself.
#[derive(Clone, Debug, PartialEq)]
pub struct SeatBalance {
    pub seat: usize,
    /// Win share over all matches (draws as fractions), with its Wilson interval: descriptive.
    pub win_rate: f64,
    pub ci: (f64, f64),
    /// Matches with a sole winner, and how many of them this seat won.
    pub decisive: u64,
    pub sole_wins: u64,
    /// `sole_wins / decisive` with its Wilson interval.
    pub decisive_rate: f64,
    pub decisive_ci: (f64, f64),
    /// The fair share of decisive matches: 1 / players.
    pub fair_share: f64,
    /// `decisive_rate - fair_share` in percentage points, with the interval shifted alike.
    pub diff_pp: f64,
    pub diff_ci_pp: (f64, f64),
    /// Exact two-sided binomial test of `sole_wins` of `decisive` against `fair_share`, and
    /// Holm-adjusted across seats (with two seats the two tests are one, so no adjustment).
    pub p_value: f64,
    pub p_holm: f64,
}

/// Every seat, the overall test and the verdict.
#[derive(Clone, Debug, PartialEq)]
pub struct Balance {
    pub seats: Vec<SeatBalance>,
    /// Chi-square test that all seats win equally often (sole wins of decisive matches).
    pub chi_square: (f64, u64, f64),
    pub verdict: String,
}

/// The balance figures of a tally played by the lineup `labels` (one per slot, as written
/// in `--bots`), which the verdict names, judged against a practical margin of `margin_pp`
/// percentage points (the designer's: [`crate::stats::verdict_flags`]; see
/// [`crate::stats::verdict`]).
pub fn balance(t: &Tally, labels: &[String], margin_pp: f64) -> Balance {
    balance_at(t, labels, margin_pp, &Levels::FIXED)
}

/// [`balance`] with the verdict's tests at `levels` (a sequential design's look).
pub fn balance_at(t: &Tally, labels: &[String], margin_pp: f64, levels: &Levels) -> Balance {
    if t.players == 1 {
        return solo::balance(t, labels);
    }
    let seats = seat_balances(t);
    let n = t.players;
    let wins: Vec<u64> = (0..n).map(|s| t.seats[s].wins).collect();
    let chi_square = chi_square_uniform(&wins);
    let verdict =
        format!("{}{}", verdict(&seats, t.matches, margin_pp, levels), lineup_note(labels));
    Balance { seats, chi_square, verdict }
}

/// Every seat's balance figures, without the verdict's words: what the verdict's answer
/// ([`answer_at`]) is judged from, for a caller that asks it often (a run played until
/// decided, at every look) and has no use for the advice the words compute.
pub fn seat_balances(t: &Tally) -> Vec<SeatBalance> {
    let n = t.players;
    let decisive = t.matches - t.capped - t.shared_first;
    let fair = 1.0 / n as f64;
    let p_values: Vec<f64> =
        (0..n).map(|s| binomial_two_sided(t.seats[s].wins, decisive, fair)).collect();
    // With two seats, seat 1's sole wins are the decisive matches seat 0 lost: one hypothesis,
    // nothing to adjust for. With no decisive match there is nothing to test: every
    // p-value stays undefined (an empty cell), never a number.
    let adjusted = if n == 2 || decisive == 0 { p_values.clone() } else { holm(&p_values) };
    (0..n)
        .map(|s| {
            let side = &t.seats[s];
            let decisive_ci = wilson(side.wins as f64, decisive, CONFIDENCE);
            // 0/0 when no match had a sole winner: undefined, written as an empty cell.
            let decisive_rate = side.wins as f64 / decisive as f64;
            SeatBalance {
                seat: s,
                win_rate: side.win_rate(),
                ci: SideFigures::of(side).win_ci,
                decisive,
                sole_wins: side.wins,
                decisive_rate,
                decisive_ci,
                fair_share: fair,
                diff_pp: 100.0 * (decisive_rate - fair),
                diff_ci_pp: (100.0 * (decisive_ci.0 - fair), 100.0 * (decisive_ci.1 - fair)),
                p_value: p_values[s],
                p_holm: adjusted[s],
            }
        })
        .collect()
}

/// When the lineup has different bots, what the run asked: each bot's win share against the
/// fair share 1/players, with its Wilson 95% interval over the bot's seat-matches (a bot in
/// several seats pools them: an interval that is, if anything, too wide, since only one seat
/// of a match can win), and the head-to-head difference when two bots play. `None` when one
/// bot plays every seat: then the seats are the question.
pub fn bots_lead(t: &Tally, labels: &[String], group_size: u64) -> Option<String> {
    let mut distinct: Vec<&str> = Vec::new();
    for label in labels {
        if !distinct.contains(&label.as_str()) {
            distinct.push(label);
        }
    }
    if distinct.len() < 2 || t.matches == 0 {
        return None;
    }
    let fair = 100.0 / t.players as f64;
    let parts: Vec<String> = distinct
        .iter()
        .map(|&bot| {
            let slots: Vec<usize> = (0..labels.len()).filter(|&s| labels[s] == bot).collect();
            let shares: f64 = slots.iter().map(|&s| t.slots[s].win_shares()).sum();
            let n: u64 = slots.iter().map(|&s| t.slots[s].matches).sum();
            let (lo, hi) = wilson(shares, n, CONFIDENCE);
            let share = 100.0 * shares / n as f64;
            let side = if 100.0 * lo > fair {
                "above"
            } else if 100.0 * hi < fair {
                "below"
            } else {
                "not shown to differ from"
            };
            let seats = if slots.len() > 1 {
                format!(", per seat over {} seats", slots.len())
            } else {
                String::new()
            };
            format!(
                "{bot} wins {share:.1}% [{:.1}, {:.1}]{seats}, {side} a fair {fair:.1}%",
                100.0 * lo,
                100.0 * hi
            )
        })
        .collect();
    let mut text = format!("bots: {} (Wilson 95%, n = {})", parts.join("; "), t.matches);
    if let (2, (_, Some(d))) = (labels.len(), ratings(t, labels, group_size)) {
        text.push_str(&format!(
            "; head to head {} minus {}: {:+.1} pp [{:+.1}, {:+.1}] ({})",
            d.labels.0,
            d.labels.1,
            100.0 * d.difference,
            100.0 * d.ci.0,
            100.0 * d.ci.1,
            d.ci_method
        ));
    }
    Some(text)
}

/// The paired design's effect on one figure: the variance of its estimate if the matches
/// had been independent deals versus analysed as deal groups.
#[derive(Clone, Debug, PartialEq)]
pub struct Pairing {
    /// "seat 0", "slot 1 (random)", "slot 0 - slot 1".
    pub figure: String,
    pub groups: u64,
    pub group_size: u64,
    pub var_independent: f64,
    pub var_paired: f64,
    /// 1 - var_paired / var_independent: the share of variance the pairing removed
    /// (negative if deals make the seatings' results move together).
    pub reduction: f64,
}

/// Variance of the per-match mean of the contrast `c` (in win-share units squared), under
/// independent matches and under grouped analysis.
fn contrast_variances(m: &Moments, c: &[f64], matches: u64, groups: u64) -> (f64, f64) {
    let unit = crate::stats::SHARE_UNIT as f64;
    let quad = |cross: &[[i128; 8]; 8]| -> f64 {
        let mut q = 0.0;
        for (i, ci) in c.iter().enumerate() {
            for (j, cj) in c.iter().enumerate() {
                q += ci * cj * cross[i][j] as f64;
            }
        }
        q / (unit * unit)
    };
    let lin = |sum: &[i128; 8]| -> f64 {
        c.iter().zip(sum).map(|(ci, s)| ci * *s as f64).sum::<f64>() / unit
    };
    let n = matches as f64;
    let g = groups as f64;
    let k = n / g;
    let s2_match = (quad(&m.match_cross) - lin(&m.match_sum).powi(2) / n) / (n - 1.0);
    let s2_group = (quad(&m.group_cross) - lin(&m.group_sum).powi(2) / g) / (g - 1.0);
    (s2_match / n, s2_group / (g * k * k))
}

pub fn pairing(t: &Tally, labels: &[String], group_size: u64) -> Vec<Pairing> {
    let p = &t.paired;
    if p.groups < 2 {
        return Vec::new();
    }
    let n = t.players;
    let mut rows = Vec::new();
    let mut push = |figure: String, m: &Moments, c: Vec<f64>| {
        let (vi, vp) = contrast_variances(m, &c, p.matches, p.groups);
        let reduction = if vi > 0.0 { 1.0 - vp / vi } else { f64::NAN };
        rows.push(Pairing {
            figure,
            groups: p.groups,
            group_size,
            var_independent: vi,
            var_paired: vp,
            reduction,
        });
    };
    let unit = |i: usize| (0..n).map(|j| if i == j { 1.0 } else { 0.0 }).collect::<Vec<_>>();
    for s in 0..n {
        push(format!("seat {s}"), &p.seats, unit(s));
    }
    for (s, label) in labels.iter().enumerate().take(n) {
        push(format!("slot {s} ({label})"), &p.slots, unit(s));
    }
    if n == 2 {
        push(format!("slot 0 ({}) - slot 1 ({})", labels[0], labels[1]), &p.slots, vec![1.0, -1.0]);
    }
    rows
}

/// A bot's rating.
#[derive(Clone, Debug, PartialEq)]
pub struct Rating {
    pub slot: usize,
    pub label: String,
    pub win_rate: f64,
    pub ci: (f64, f64),
    /// Elo relative to slot 0, with its interval.
    pub elo: f64,
    pub elo_ci: (f64, f64),
    pub method: &'static str,
}

/// Two bots compared head to head.
#[derive(Clone, Debug, PartialEq)]
pub struct Difference {
    pub labels: (String, String),
    pub shares: (f64, f64),
    /// share_a - share_b per match, with its interval.
    pub difference: f64,
    pub ci: (f64, f64),
    pub ci_method: &'static str,
    /// Elo of a over b from a's score in their comparisons, with its interval.
    pub elo: f64,
    pub elo_ci: (f64, f64),
    pub comparisons: u64,
}

/// `x` cut to `[lo, hi]`; an undefined `x` (NaN) stays undefined (an empty cell), which
/// `f64::clamp` would also keep but `max`/`min` would not.
fn within(x: f64, lo: f64, hi: f64) -> f64 {
    x.clamp(lo, hi)
}

/// The Bradley-Terry inputs of a tally's pairwise results, its slots taken in `order` (the
/// first is the fit's reference): wins (ties half) and comparisons per ordered pair, and the
/// per-match score moments (in points: half-points / 2) for the robust errors.
pub(super) struct PairInputs {
    pub wins: Vec<Vec<f64>>,
    pub games: Vec<Vec<f64>>,
    pub sum: Vec<f64>,
    pub cross: Vec<Vec<f64>>,
    /// Uncapped matches.
    pub matches: f64,
}

pub(super) fn pair_inputs(t: &Tally, order: &[usize]) -> PairInputs {
    let halves = |i: usize, j: usize| t.pair_halves[i][j] as f64;
    let each = |f: &dyn Fn(usize, usize) -> f64| -> Vec<Vec<f64>> {
        order.iter().map(|&i| order.iter().map(|&j| f(i, j)).collect()).collect()
    };
    PairInputs {
        wins: each(&|i, j| halves(i, j) / 2.0),
        games: each(&|i, j| (halves(i, j) + halves(j, i)) / 2.0),
        sum: order
            .iter()
            .map(|&i| (0..t.players).map(|j| halves(i, j)).sum::<f64>() / 2.0)
            .collect(),
        cross: each(&|i, j| t.pair_cross[i][j] as f64 / 4.0),
        matches: (t.matches - t.capped) as f64,
    }
}

/// Ratings per lineup slot, and the head-to-head difference when there are two. `group_size`
/// 1 (fixed seating) puts each bot in one seat, so bot strength and seat advantage cannot be
/// told apart: no rating is estimated then.
pub fn ratings(t: &Tally, labels: &[String], group_size: u64) -> (Vec<Rating>, Option<Difference>) {
    let n = t.players;
    if n == 1 {
        return (vec![solo::rating(labels)], None);
    }
    if group_size == 1 && n > 1 {
        let rows = (0..n)
            .map(|s| Rating {
                slot: s,
                label: labels[s].clone(),
                win_rate: t.slots[s].win_rate(),
                ci: SideFigures::of(&t.slots[s]).win_ci,
                elo: f64::NAN,
                elo_ci: (f64::NAN, f64::NAN),
                method: "not estimable: fixed seating confounds each bot with its seat (use rotate or permute)",
            })
            .collect();
        return (rows, None);
    }
    let order: Vec<usize> = (0..n).collect();
    let PairInputs { wins, games, sum, cross, matches: uncapped } = pair_inputs(t, &order);
    let difference = (n == 2).then(|| {
        let comparisons = games[0][1] as u64;
        let share = wins[0][1] / games[0][1].max(1.0);
        let (lo, hi) = wilson(wins[0][1], comparisons, CONFIDENCE);
        let d = t.slots[0].win_rate() - t.slots[1].win_rate();
        // The difference's variance from the paired design when there is one (deal groups
        // are the independent units), else from single matches.
        let (vi, vp) = if t.paired.groups >= 2 {
            contrast_variances(&t.paired.slots, &[1.0, -1.0], t.paired.matches, t.paired.groups)
        } else {
            (f64::NAN, f64::NAN)
        };
        let (var, method) = if t.paired.groups >= 2 && t.paired.matches > t.paired.groups {
            (vp, "normal95 over deal groups (paired)")
        } else if t.paired.groups >= 2 {
            (vi, "normal95 over matches")
        } else {
            (f64::NAN, "too few matches")
        };
        let half = z_for(CONFIDENCE) * var.sqrt();
        // a's score in the comparisons moves by d·N / (2·comparisons) when d moves by d, so
        // the paired interval of d carries over to the score and through it to Elo.
        let scale = t.matches as f64 / (2.0 * comparisons.max(1) as f64);
        // A share lies in [0, 1] and a difference of two in [-1, 1]: a normal interval near
        // the edge is cut there, never reported past it ("+99.0 pp [+97.0, +101.0]").
        let (score_lo, score_hi) = if var.is_finite() {
            (within(share - half * scale, 0.0, 1.0), within(share + half * scale, 0.0, 1.0))
        } else {
            (lo, hi)
        };
        Difference {
            labels: (labels[0].clone(), labels[1].clone()),
            shares: (t.slots[0].win_rate(), t.slots[1].win_rate()),
            difference: d,
            ci: (within(d - half, -1.0, 1.0), within(d + half, -1.0, 1.0)),
            ci_method: method,
            elo: elo_from_share(share),
            elo_ci: (elo_from_share(score_lo), elo_from_share(score_hi)),
            comparisons,
        }
    });
    let bt = bradley_terry_robust(
        &wins,
        &games,
        Some(MatchScores { sum: &sum, cross: &cross, matches: uncapped }),
    );
    let z = z_for(CONFIDENCE);
    let rows = (0..n)
        .map(|s| {
            let side = &t.slots[s];
            let (elo, elo_ci, method) = match (&difference, s) {
                (Some(d), 1) => (
                    -d.elo,
                    (-d.elo_ci.1, -d.elo_ci.0),
                    "elo from the score vs slot 0, interval as in difference.csv",
                ),
                (Some(_), _) => (0.0, (0.0, 0.0), "reference"),
                (None, 0) => (0.0, (0.0, 0.0), "reference"),
                (None, _) => (
                    bt.elo[s],
                    (bt.elo[s] - z * bt.se[s], bt.elo[s] + z * bt.se[s]),
                    "bradley-terry on ranks, sandwich normal95",
                ),
            };
            Rating {
                slot: s,
                label: labels[s].clone(),
                win_rate: side.win_rate(),
                ci: SideFigures::of(side).win_ci,
                elo,
                elo_ci,
                method,
            }
        })
        .collect();
    (rows, difference)
}

/// One figure of the game's shape with its interval.
#[derive(Clone, Debug, PartialEq)]
pub struct ShapeFigure {
    pub figure: &'static str,
    pub value: f64,
    pub ci: (f64, f64),
    pub method: &'static str,
    /// The Ludii metric that is the same figure, if any.
    pub ludii: &'static str,
}

pub fn shape(t: &Tally) -> Vec<ShapeFigure> {
    let n = t.matches;
    let share = |figure, count: u64, ludii| {
        let ci = wilson(count as f64, n, CONFIDENCE);
        ShapeFigure { figure, value: count as f64 / n as f64, ci, method: "wilson95", ludii }
    };
    let decisive = t.matches - t.capped - t.shared_first;
    if t.players == 1 {
        return solo::shape(t);
    }
    let mut rows = vec![
        share("sole_winner_share", decisive, "Completion"),
        share("draw_share", t.shared_first, "Drawishness"),
        share("capped_share", t.capped, "Timeouts"),
        share("seat0_sole_win_share", t.seats[0].wins, "AdvantageP1"),
    ];
    // Ludii's Balance: 1 - the largest difference between two seats' sole-win rates. Its
    // interval comes from the delta method on that pair (ignoring that the pair was chosen).
    let rates: Vec<f64> = (0..t.players).map(|s| t.seats[s].wins as f64 / n as f64).collect();
    let mut worst = (0.0, 0, 0);
    for a in 0..t.players {
        for b in (a + 1)..t.players {
            let d = (rates[a] - rates[b]).abs();
            if d >= worst.0 {
                worst = (d, a, b);
            }
        }
    }
    let (d, a, b) = worst;
    let se = ((rates[a] + rates[b] - d * d) / n as f64).max(0.0).sqrt();
    // The pair is the most different of C(players, 2): a Bonferroni-widened z keeps the
    // interval's coverage when the pair was picked for its size.
    let pairs = (t.players * (t.players - 1) / 2).max(1) as f64;
    let half = z_for(1.0 - (1.0 - CONFIDENCE) / pairs) * se;
    rows.push(ShapeFigure {
        figure: "balance",
        value: 1.0 - d,
        ci: ((1.0 - d - half).max(0.0), (1.0 - d + half).min(1.0)),
        method: "delta method on the most different pair of seats, Bonferroni 95% over all pairs",
        ludii: "Balance",
    });
    rows
}

#[cfg(test)]
mod more_matches_tests;
#[cfg(test)]
mod sequential_tests;
#[cfg(test)]
mod simulate;
#[cfg(test)]
mod tests;
