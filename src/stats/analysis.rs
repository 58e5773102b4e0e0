//! From a merged tally to the figures designers read: per-seat balance tests and a plain
//! verdict that names the bots it was measured with, the paired design's variance reduction, bot ratings, and the game's shape
//! (including Ludii's outcome metrics, computed as Ludii defines them).

use crate::stats::Tally;
use crate::stats::hypothesis::{binomial_two_sided, chi_square_uniform, holm};
use crate::stats::intervals::{wilson, z_for};
use crate::stats::ratings::{MatchScores, bradley_terry_robust, elo_from_share};
use crate::stats::tally::Moments;

mod solo;

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

fn ordinal(n: usize) -> &'static str {
    ["first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth"]
        .get(n - 1)
        .copied()
        .unwrap_or("next")
}

fn p_text(p: f64) -> String {
    if p < 0.001 { "p < 0.001".into() } else { format!("p = {p:.3}") }
}

/// The balance figures of a tally played by the lineup `labels` (one per slot, as written
/// in `--bots`), which the verdict names.
pub fn balance(t: &Tally, labels: &[String]) -> Balance {
    let n = t.players;
    let decisive = t.matches - t.capped - t.shared_first;
    let fair = 1.0 / n as f64;
    let p_values: Vec<f64> =
        (0..n).map(|s| binomial_two_sided(t.seats[s].wins, decisive, fair)).collect();
    // With two seats, seat 1's sole wins are the decisive matches seat 0 lost: one hypothesis,
    // nothing to adjust for. With no decisive match there is nothing to test: every
    // p-value stays undefined (an empty cell), never a number.
    let adjusted = if n == 2 || decisive == 0 { p_values.clone() } else { holm(&p_values) };
    if n == 1 {
        return solo::balance(t, labels);
    }
    let seats: Vec<SeatBalance> = (0..n)
        .map(|s| {
            let side = &t.seats[s];
            let decisive_ci = wilson(side.wins as f64, decisive, CONFIDENCE);
            // 0/0 when no match had a sole winner: undefined, written as an empty cell.
            let decisive_rate = side.wins as f64 / decisive as f64;
            SeatBalance {
                seat: s,
                win_rate: side.win_rate(),
                ci: wilson(side.win_shares(), side.matches, CONFIDENCE),
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
        .collect();
    let wins: Vec<u64> = (0..n).map(|s| t.seats[s].wins).collect();
    let chi_square = chi_square_uniform(&wins);
    let verdict = format!("{}{}", verdict(&seats, t.matches, chi_square.2), lineup_note(labels));
    Balance { seats, chi_square, verdict }
}

/// Whether a lineup label names the random bot: the profile is the label's text before its
/// first inline override (`random`, `random:key=value`), and only the `random` profile is of
/// the random kind.
fn is_random(label: &str) -> bool {
    label.split(':').next() == Some("random")
}

/// Which bots produced the verdict: a seat's advantage is a property of the game under
/// particular play, and random play can hide or even reverse one that stronger play shows
/// (LOW BLOW's seat 0 is -0.8 pp with random bots and +6.6 pp with greedy ones, issue 13).
fn lineup_note(labels: &[String]) -> String {
    if labels.is_empty() {
        return String::new();
    }
    let mut note = format!(", with bots {}", labels.join(","));
    if labels.iter().any(|l| is_random(l)) {
        note.push_str(
            "; warning: random bots play without strategy, and a balance answer from random \
             play can change with stronger play (check it with greedy or mcts bots)",
        );
    }
    note
}

fn verdict(seats: &[SeatBalance], matches: u64, overall_p: f64) -> String {
    let n = seats.len();
    if n < 2 {
        return format!("one seat only (n = {matches})");
    }
    let decisive = seats[0].decisive;
    if decisive == 0 {
        return format!("no match had a sole winner (n = {matches}): nothing to test");
    }
    // The seat with the strongest evidence; among equal p-values (two seats always tie) the
    // largest difference, favoured seats first.
    let best_p = seats.iter().map(|s| s.p_holm).fold(f64::INFINITY, f64::min);
    let size = |s: &SeatBalance| (s.diff_pp.abs() * 1e6).round();
    let Some(top) = seats
        .iter()
        .filter(|s| s.p_holm <= best_p * (1.0 + 1e-9) + 1e-300)
        .max_by(|a, b| size(a).total_cmp(&size(b)).then(a.diff_pp.total_cmp(&b.diff_pp)))
    else {
        return "no seats".into();
    };
    let who = format!("seat {}, the {} to move", top.seat, ordinal(top.seat + 1));
    let (lo, hi) = top.diff_ci_pp;
    let fair = 100.0 * top.fair_share;
    let sample = if decisive == matches {
        format!("n = {matches}")
    } else {
        format!("n = {decisive} decisive of {matches} matches")
    };
    let test = if n == 2 {
        "exact binomial".to_string()
    } else {
        format!("exact binomial, Holm-adjusted over {n} seats")
    };
    let significant = seats.iter().filter(|s| s.p_holm < 0.05).count();
    if top.p_holm < 0.05 {
        let others = if significant > 1 && n > 2 {
            format!("; {significant} of {n} seats differ significantly")
        } else {
            String::new()
        };
        format!(
            "{who}, wins {:.1} pp {} than a fair share of {fair:.1}% [{lo:.1}, {hi:.1}], {} ({test}; {sample}){others}",
            top.diff_pp.abs(),
            if top.diff_pp >= 0.0 { "more" } else { "less" },
            p_text(top.p_holm),
        )
    } else if overall_p < 0.05 {
        format!(
            "the seats differ overall (chi-square {}), but no single seat is shown to differ from a fair share of {fair:.1}% after adjustment (largest: {who}, {:+.1} pp [{lo:.1}, {hi:.1}] unadjusted 95%, {test} {}; {sample})",
            p_text(overall_p),
            top.diff_pp,
            p_text(top.p_holm)
        )
    } else {
        format!(
            "no seat's win share differs from a fair share of {fair:.1}% at the 5% level (largest: {who}, {:+.1} pp [{lo:.1}, {hi:.1}] unadjusted 95%, {test} {}; all seats equal: chi-square {}; {sample})",
            top.diff_pp,
            p_text(top.p_holm),
            p_text(overall_p)
        )
    }
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
                ci: wilson(t.slots[s].win_shares(), t.slots[s].matches, CONFIDENCE),
                elo: f64::NAN,
                elo_ci: (f64::NAN, f64::NAN),
                method: "not estimable: fixed seating confounds each bot with its seat (use rotate or permute)",
            })
            .collect();
        return (rows, None);
    }
    let wins: Vec<Vec<f64>> =
        (0..n).map(|i| (0..n).map(|j| t.pair_halves[i][j] as f64 / 2.0).collect()).collect();
    let games: Vec<Vec<f64>> = (0..n)
        .map(|i| (0..n).map(|j| (t.pair_halves[i][j] + t.pair_halves[j][i]) as f64 / 2.0).collect())
        .collect();
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
        let (score_lo, score_hi) =
            if var.is_finite() { (share - half * scale, share + half * scale) } else { (lo, hi) };
        Difference {
            labels: (labels[0].clone(), labels[1].clone()),
            shares: (t.slots[0].win_rate(), t.slots[1].win_rate()),
            difference: d,
            ci: (d - half, d + half),
            ci_method: method,
            elo: elo_from_share(share),
            elo_ci: (elo_from_share(score_lo), elo_from_share(score_hi)),
            comparisons,
        }
    });
    // Per-match score moments (in points: half-points / 2) for robust errors.
    let sum: Vec<f64> =
        (0..n).map(|i| (0..n).map(|j| t.pair_halves[i][j] as f64).sum::<f64>() / 2.0).collect();
    let cross: Vec<Vec<f64>> =
        (0..n).map(|i| (0..n).map(|j| t.pair_cross[i][j] as f64 / 4.0).collect()).collect();
    let uncapped = (t.matches - t.capped) as f64;
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
                ci: wilson(side.win_shares(), side.matches, CONFIDENCE),
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
mod tests {
    use super::*;
    use crate::core::{MatchLength, Outcome, ScoreOrder};

    fn tally_of(results: &[(&[i32], &[u8])]) -> Tally {
        let mut t = Tally::new(2, 0);
        for (scores, slots) in results {
            let o = Outcome::finished(scores, ScoreOrder::HigherWins, 1, 1);
            t.record(&o, slots, &MatchLength::default(), None, &[]);
        }
        t
    }

    fn bots(labels: &[&str]) -> Vec<String> {
        labels.iter().map(|l| l.to_string()).collect()
    }

    #[test]
    fn verdict_names_its_bots_and_warns_about_random_play() {
        // Issue 13: the verdict says which bots produced it, and a lineup with a random bot
        // gets the warning that stronger play can change the answer.
        let mut results: Vec<(&[i32], &[u8])> = vec![(&[1, 0], &[0, 1]); 700];
        results.extend(vec![(&[0, 1][..], &[0u8, 1][..]); 300]);
        let t = tally_of(&results);
        let strong = balance(&t, &bots(&["greedy", "mcts:iterations=500"])).verdict;
        assert!(
            strong.ends_with("(exact binomial; n = 1000), with bots greedy,mcts:iterations=500")
        );
        assert!(!strong.contains("warning"), "{strong}");
        for lineup in [["random", "random"], ["greedy", "random:seed=1"]] {
            let v = balance(&t, &bots(&lineup)).verdict;
            assert!(v.contains(&format!(", with bots {}; warning: ", lineup.join(","))), "{v}");
            assert!(v.contains("can change with stronger play"), "{v}");
        }
        // A profile whose name only starts with "random" is not the random bot.
        assert!(!balance(&t, &bots(&["randomish", "greedy"])).verdict.contains("warning"));
    }

    #[test]
    fn verdict_names_the_favoured_seat_with_interval_and_p() {
        // Seat 0 wins 700 of 1000.
        let mut results: Vec<(&[i32], &[u8])> = vec![(&[1, 0], &[0, 1]); 700];
        results.extend(vec![(&[0, 1][..], &[0u8, 1][..]); 300]);
        let b = balance(&tally_of(&results), &bots(&["greedy", "mcts"]));
        assert!(
            b.verdict.starts_with("seat 0, the first to move, wins 20.0 pp more"),
            "{}",
            b.verdict
        );
        assert!(b.verdict.contains("p < 0.001") && b.verdict.contains("n = 1000"), "{}", b.verdict);
        assert!(b.seats[0].diff_ci_pp.0 > 15.0 && b.seats[0].diff_ci_pp.1 < 25.0);
        assert!(b.chi_square.2 < 1e-6);
    }

    #[test]
    fn verdict_says_when_nothing_is_shown() {
        let mut results: Vec<(&[i32], &[u8])> = vec![(&[1, 0], &[0, 1]); 505];
        results.extend(vec![(&[0, 1][..], &[0u8, 1][..]); 495]);
        let b = balance(&tally_of(&results), &bots(&["greedy", "mcts"]));
        assert!(b.verdict.starts_with("no seat's win share differs"), "{}", b.verdict);
        assert!(b.seats[0].p_value > 0.7);
    }

    fn tally3(sole: [u64; 3], draws01: u64) -> Tally {
        let mut t = Tally::new(3, 0);
        let len = MatchLength::default();
        for (seat, &k) in sole.iter().enumerate() {
            let mut scores = [0; 3];
            scores[seat] = 1;
            for _ in 0..k {
                t.record(
                    &Outcome::finished(&scores, ScoreOrder::HigherWins, 1, 1),
                    &[0, 1, 2],
                    &len,
                    None,
                    &[],
                );
            }
        }
        for _ in 0..draws01 {
            t.record(
                &Outcome::finished(&[1, 1, 0], ScoreOrder::HigherWins, 1, 1),
                &[0, 1, 2],
                &len,
                None,
                &[],
            );
        }
        t
    }

    #[test]
    fn the_test_and_the_reported_difference_are_the_same_quantity() {
        // Seat 2 wins 35.2% of decisive matches: more than a fair third, and the verdict must
        // say so even though draws between seats 0 and 1 lift their overall win shares.
        let b = balance(&tally3([9_000, 8_500, 9_500], 3_000), &bots(&["greedy"; 3]));
        assert!(
            b.verdict.starts_with("seat 2, the third to move, wins 1.9 pp more"),
            "{}",
            b.verdict
        );
        assert!(b.verdict.contains("n = 27000 decisive of 30000 matches"), "{}", b.verdict);
        let s2 = &b.seats[2];
        assert!(s2.diff_ci_pp.0 > 0.0 && s2.p_holm < 0.05);
    }

    #[test]
    fn an_overall_difference_is_not_hidden() {
        // Deviations (+58, -58, 0) from 1020 each: chi-square 6.60 on 2 df (p = 0.037), but
        // the largest single-seat deviation (z = 2.22, p = 0.026) does not survive Holm (x3).
        let b = balance(&tally3([1_078, 962, 1_020], 0), &bots(&["greedy"; 3]));
        assert!(b.chi_square.2 < 0.05, "{:?}", b.chi_square);
        assert!(b.seats.iter().all(|s| s.p_holm >= 0.05));
        assert!(
            b.verdict.starts_with("the seats differ overall (chi-square p = 0.037)"),
            "{}",
            b.verdict
        );
    }

    #[test]
    fn fixed_seating_gives_no_ratings() {
        let mut results: Vec<(&[i32], &[u8])> = vec![(&[1, 0], &[0, 1]); 600];
        results.extend(vec![(&[0, 1][..], &[0u8, 1][..]); 400]);
        let t = tally_of(&results);
        let labels = vec!["a".to_string(), "b".to_string()];
        let (rows, diff) = ratings(&t, &labels, 1);
        assert!(diff.is_none() && rows[1].elo.is_nan(), "{rows:?}");
        assert!(rows[1].method.starts_with("not estimable"));
    }

    #[test]
    fn ludii_figures_count_as_ludii_does() {
        let mut t = tally_of(&[
            (&[1, 0], &[0, 1]),
            (&[1, 1], &[0, 1]),
            (&[0, 1], &[0, 1]),
            (&[1, 0], &[0, 1]),
        ]);
        t.record(&Outcome::capped(&[0, 0], 9, 1), &[0, 1], &MatchLength::default(), None, &[]);
        let s = shape(&t);
        let get = |name| s.iter().find(|f| f.figure == name).unwrap().value;
        assert_eq!(get("sole_winner_share"), 3.0 / 5.0);
        assert_eq!(get("draw_share"), 1.0 / 5.0);
        assert_eq!(get("capped_share"), 1.0 / 5.0);
        assert_eq!(get("seat0_sole_win_share"), 2.0 / 5.0);
        assert!((get("balance") - 0.8).abs() < 1e-12);
    }
}
