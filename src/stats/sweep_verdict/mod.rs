//! A sweep's conclusion across its variants, in a designer's words: which variants are
//! fairer or less fair than the baseline, which seats' shares changed, which variants are
//! shown fair within the margin (and, for a numeric rule, the range of values that keeps
//! every seat within it), each variant's largest seat deviation with an interval, and, for a
//! numeric rule, how much each unit of the rule moves the length and every seat's share.
//!
//! Methods (named in the text too):
//! - **Fairer or less fair**: each variant's largest seat deviation minus the baseline's,
//!   on the same deals, paired bootstrap over buckets of deal groups, simultaneous over the
//!   variants ([`fairness`]).
//! - **Changes against the baseline**: every seat of every variant, its win share's paired
//!   difference from the baseline's (the same matches, normal interval of the per-match
//!   differences), two-sided z-test, Holm-adjusted over all variants × seats at once (Holm
//!   1979), so "no seat's share changed" is one statement with a 5% error rate. A changed
//!   variant is said to move its changed seats nearer a fair share, farther, or both: where
//!   they moved, not a test of fairness (that is the line above).
//! - **Shown fair**: each variant's verdict (TOST per seat, see [`crate::stats::verdict`]),
//!   its tests at 5% split over the variants (Bonferroni), so that the variants named fair
//!   are all fair at once with 95%; those a variant's own 5% verdict names besides are said
//!   to be so each alone.
//! - **Largest seat deviation**: max over seats of |decisive share − 1/players|, with the
//!   interval of the variant's own verdict, so that its figure never contradicts its words:
//!   the upper end from each seat's 90% Clopper-Pearson interval, the margin test's (TOST),
//!   is at most the margin exactly when that verdict shows every seat within it; the lower
//!   end from each seat's interval at the "beyond the margin" test's level (5% split over
//!   the seats). Each end is a 95% one-sided bound on the variant's true maximum, so the
//!   interval is a 90% one ([`largest_deviation`]).
//! - **Trend** (one numeric rule, three or more values): the least-squares slope of the
//!   variants' means on the rule's value, a linear contrast whose standard error comes from
//!   the exact per-match covariances of the paired variants; seats' slopes Holm-adjusted, and
//!   a bound on how much the straight line changes any seat's share across the tested values
//!   (a change, not a distance from fair: it says nothing of the margin).
//!   Where those covariances were not kept (more than [`MAX_JOINT_VARIANTS`] variants, or
//!   tallies from an arena that did not keep them) one line says so, and why.

use statrs::distribution::{ContinuousCDF, Normal};

use crate::stats::analysis::{answer, answer_at, seat_balances};
use crate::stats::hypothesis::holm;
use crate::stats::intervals::z_for;
use crate::stats::paired::{MAX_JOINT_VARIANTS, PairedSums};
use crate::stats::verdict::{Answer, Levels, round_count};
use crate::stats::verdict_flags::VerdictFlags;
use crate::stats::{SHARE_UNIT, Tally};
use more::{MoreMatches, more_to_decide};

mod deviation;
mod fairness;
pub mod more;

pub use deviation::{Deviation, deviation_interval_text, largest_deviation, printed_ends};

const ALPHA: f64 = 0.05;

/// What a sweep is: its variants' tallies and paired sums, and how to name them.
pub struct SweepFacts<'a> {
    pub tallies: &'a [Tally],
    pub paired: &'a PairedSums,
    /// Each variant's settings as the designer reads them (`value_12=8`).
    pub names: &'a [String],
    pub labels: &'a [String],
    /// The terms each variant's verdict is judged by.
    pub verdict: VerdictFlags,
    /// The one varied rule and each variant's value of it, when it is numeric.
    pub numeric: Option<(&'a str, Vec<f64>)>,
}

fn two_sided_p(estimate: f64, se: f64) -> f64 {
    if se.is_nan() || se <= 0.0 {
        return if estimate == 0.0 { 1.0 } else { 0.0 };
    }
    let normal = Normal::new(0.0, 1.0).expect("standard normal");
    2.0 * (1.0 - normal.cdf((estimate / se).abs()))
}

fn p_text(p: f64) -> String {
    if p < 0.001 { "p < 0.001".into() } else { format!("p = {p:.3}") }
}

fn pp(x: f64) -> String {
    format!("{:+.1}", 100.0 * x)
}

fn list(items: &[String]) -> String {
    match items.len() {
        0 => String::new(),
        1 => items[0].clone(),
        n => format!("{} and {}", items[..n - 1].join(", "), items[n - 1]),
    }
}

/// Matches with a sole winner.
fn decisive(t: &Tally) -> u64 {
    t.matches - t.capped - t.shared_first
}

/// `seat`'s share of the decisive matches, NaN with none.
fn decisive_share(t: &Tally, seat: usize) -> f64 {
    t.seats[seat].wins as f64 / decisive(t) as f64
}

/// The share of matches that end without a sole winner (capped, or first place shared).
fn undecided(t: &Tally) -> f64 {
    (t.capped + t.shared_first) as f64 / t.matches.max(1) as f64
}

/// One seat's paired change against the baseline.
struct Shift {
    variant: usize,
    seat: usize,
    diff: f64,
    ci: (f64, f64),
    p: f64,
}

/// One line of the conclusion, in two forms: `whole` with the methods that found it in
/// brackets (verdict.txt, the page's method, `--explain`), and `plain`, what it found alone
/// (stdout's default lines, the top of a page).
#[derive(Clone, Debug, PartialEq)]
pub struct Said {
    pub whole: String,
    pub plain: String,
}

impl Said {
    /// A line that names no method: both forms are the same.
    fn plain(text: String) -> Said {
        Said { whole: text.clone(), plain: text }
    }

    /// `found` with `method` in brackets after it, then `rest`; plainly, without the method.
    fn with_method(found: &str, method: &str, rest: &str) -> Said {
        Said { whole: format!("{found} ({method}){rest}"), plain: format!("{found}{rest}") }
    }
}

/// The conclusion's lines, most important first, with their methods (verdict.txt's words).
pub fn conclude(f: &SweepFacts) -> Vec<String> {
    conclude_said(f).into_iter().map(|s| s.whole).collect()
}

/// [`conclude`], each line in both its forms.
pub fn conclude_said(f: &SweepFacts) -> Vec<Said> {
    let paired = f.paired;
    let b = paired.baseline;
    let Some(first) = f.tallies.first() else { return Vec::new() };
    let players = first.players;
    if players < 2 || f.tallies.len() < 2 {
        return vec![Said::plain(
            "One seat or one variant: no comparison of seats across variants.".into(),
        )];
    }
    let mut lines = vec![fairness::fairness_line(f), changes_line(f, players, b)];
    lines.push(fair_line(f));
    lines.push(deviation_line(f));
    if let Some(trend) = trend_lines(f, players) {
        lines.extend(trend);
    }
    lines
}

fn changes_line(f: &SweepFacts, players: usize, b: usize) -> Said {
    let paired = f.paired;
    let z = z_for(1.0 - ALPHA);
    let mut shifts = Vec::new();
    for v in (0..f.tallies.len()).filter(|&v| v != b) {
        for seat in 0..players {
            let d = paired.diff(v, seat, SHARE_UNIT as f64, 1.0 - ALPHA);
            let se = (d.ci.1 - d.diff) / z;
            shifts.push(Shift {
                variant: v,
                seat,
                diff: d.diff,
                ci: d.ci,
                p: two_sided_p(d.diff, se),
            });
        }
    }
    let adjusted = holm(&shifts.iter().map(|s| s.p).collect::<Vec<_>>());
    let family = format!(
        "paired differences of every seat's win share, Holm over {} variants × {players} seats; n = {} paired matches",
        f.tallies.len() - 1,
        paired.matches
    );
    let fair = 1.0 / players as f64;
    let (mut fairer, mut worse, mut mixed) = (Vec::new(), Vec::new(), Vec::new());
    let mut undecided_only = Vec::new();
    for v in (0..f.tallies.len()).filter(|&v| v != b) {
        let changed: Vec<(&Shift, f64)> = shifts
            .iter()
            .zip(&adjusted)
            .filter(|(s, p)| s.variant == v && **p < ALPHA)
            .map(|(s, p)| (s, *p))
            .collect();
        if changed.is_empty() {
            continue;
        }
        // The direction is judged on what the verdict judges, each seat's share of the
        // decisive matches against 1/players: a variant whose matches more often end without
        // a sole winner (capped, or a shared first place) lowers every seat's win share
        // without making the seats any less fair.
        // `None` where either side had no decisive match: no direction to judge.
        // `None` where the seat's share of decisive matches has not measurably changed (a
        // two-proportion z-test, unpaired and so conservative) or is undefined: then the
        // change is in how often a match has a sole winner, not in who wins those.
        let toward = |s: &Shift| {
            let (tv, tb) = (&f.tallies[v], &f.tallies[b]);
            let (dv, db) = (decisive_share(tv, s.seat), decisive_share(tb, s.seat));
            let se = (dv * (1.0 - dv) / decisive(tv) as f64
                + db * (1.0 - db) / decisive(tb) as f64)
                .sqrt();
            let moved = (dv - db).abs() > z * se;
            (dv.is_finite() && db.is_finite() && moved)
                .then(|| (dv - fair).abs() < (db - fair).abs())
        };
        let mut what = changed
            .iter()
            .map(|(s, p)| {
                format!(
                    "seat {} {} pp [{}, {}], {}",
                    s.seat,
                    pp(s.diff),
                    pp(s.ci.0),
                    pp(s.ci.1),
                    p_text(*p)
                )
            })
            .collect::<Vec<_>>()
            .join("; ");
        let (uv, ub) = (undecided(&f.tallies[v]), undecided(&f.tallies[b]));
        if (uv - ub).abs() >= 0.01 {
            what.push_str(&format!(
                "; {:.1}% of its matches end without a sole winner, against {:.1}%",
                100.0 * uv,
                100.0 * ub
            ));
        }
        let entry = format!("{} ({what})", f.names[v]);
        if changed.iter().all(|(s, _)| toward(s) == Some(true)) {
            fairer.push(entry);
        } else if changed.iter().all(|(s, _)| toward(s) == Some(false)) {
            worse.push(entry);
        } else if changed.iter().all(|(s, _)| toward(s).is_none()) {
            undecided_only.push(entry);
        } else {
            mixed.push(entry);
        }
    }
    let baseline = &f.names[b];
    if fairer.is_empty() && worse.is_empty() && mixed.is_empty() && undecided_only.is_empty() {
        // The change this family of tests would find four times in five: the first Holm
        // step's two-sided critical value plus the 80% power quantile, times the largest
        // standard error of a difference.
        let m = shifts.len().max(1) as f64;
        let normal = Normal::new(0.0, 1.0).expect("standard normal");
        let k = normal.inverse_cdf(1.0 - ALPHA / (2.0 * m)) + normal.inverse_cdf(0.8);
        let largest_se = shifts.iter().map(|s| (s.ci.1 - s.diff) / z).fold(0.0f64, f64::max);
        let found =
            format!("No seat's win share in any variant differs from {baseline}'s beyond chance");
        let power = format!(
            "a change of {:.1} pp in any seat would have been found with 80% power",
            100.0 * k * largest_se
        );
        return Said {
            whole: format!("{found} ({power}; {family})."),
            plain: format!("{found} ({power})."),
        };
    }
    // Each kind of change with its variants, in this order; the kinds with none are left out.
    // Where the changed seats moved, not whether the variant is fairer: the line on fairness
    // answers that.
    let kinds = [
        (
            format!(
                "seats' shares measurably changed from {baseline}, each changed seat's share of decisive matches nearer a fair share"
            ),
            fairer,
        ),
        (
            format!(
                "seats' shares measurably changed from {baseline}, each changed seat's share of decisive matches farther from a fair share"
            ),
            worse,
        ),
        (
            format!(
                "measurably different from {baseline} in how often a match has a sole winner, while no seat's share of the decisive matches measurably moved"
            ),
            undecided_only,
        ),
        (
            format!(
                "seats' shares measurably changed from {baseline}, some nearer a fair share and some farther"
            ),
            mixed,
        ),
    ];
    let parts: Vec<String> = kinds
        .into_iter()
        .filter(|(_, variants)| !variants.is_empty())
        .map(|(head, variants)| format!("{head}: {}", variants.join("; ")))
        .collect();
    let mut text = parts.join(". ");
    text[..1].make_ascii_uppercase();
    Said::with_method(&text, &family, ".")
}

fn fair_line(f: &SweepFacts) -> Said {
    let margin = f.verdict.margin_pp();
    let variants = f.tallies.len();
    // "These variants are fair" is a claim about several variants at once: each variant's
    // tests at 5% split over the variants (Bonferroni), so that all hold at once with 95%.
    let split = ALPHA / variants as f64;
    let adjusted = Levels { margin: split, beyond: None, difference: split, ..Levels::FIXED };
    let seats: Vec<_> = f.tallies.iter().map(seat_balances).collect();
    let at_once: Vec<Answer> = seats.iter().map(|s| answer_at(s, margin, &adjusted)).collect();
    let alone: Vec<Answer> = seats.iter().map(|s| answer(s, margin)).collect();
    let within = |answers: &[Answer]| -> Vec<usize> {
        (0..variants).filter(|&v| matches!(answers[v], Answer::Fair | Answer::SmallEdge)).collect()
    };
    let unfair = |answers: &[Answer]| -> Vec<usize> {
        (0..variants).filter(|&v| answers[v] == Answer::Unfair).collect()
    };
    let names = |vs: &[usize]| list(&vs.iter().map(|&v| f.names[v].clone()).collect::<Vec<_>>());
    let shown = within(&at_once);
    let all = format!("all {variants} variants at once");
    let mut text = if shown.is_empty() {
        format!("No variant is shown within ±{margin} pp for every seat, {all}")
    } else {
        format!("Shown within ±{margin} pp for every seat, {all}: {}", names(&shown))
    };
    if let Some((key, values)) = &f.numeric
        && !shown.is_empty()
    {
        // The tested values in order, and whether the shown ones are a run of them.
        let mut order: Vec<usize> = (0..values.len()).collect();
        order.sort_by(|&a, &b| values[a].total_cmp(&values[b]));
        let at: Vec<usize> =
            order.iter().enumerate().filter(|(_, v)| shown.contains(v)).map(|(i, _)| i).collect();
        if at.len() > 1 && at.windows(2).all(|w| w[1] == w[0] + 1) {
            let (lo, hi) = (values[order[at[0]]], values[order[*at.last().unwrap()]]);
            text.push_str(&format!(" (the tested values of {key} from {lo} to {hi})"));
        }
    }
    if !unfair(&at_once).is_empty() {
        text.push_str(&format!("; unfair by more than ±{margin} pp: {}", names(&unfair(&at_once))));
    }
    // What each variant's own verdict (5%, as its folder's verdict.txt) says besides: true of
    // each alone, not of them all at once.
    let besides = |now: Vec<usize>, before: Vec<usize>| -> Vec<usize> {
        now.into_iter().filter(|v| !before.contains(v)).collect()
    };
    let (more_within, more_unfair) =
        (besides(within(&alone), shown.clone()), besides(unfair(&alone), unfair(&at_once)));
    let mut each = Vec::new();
    if !more_within.is_empty() {
        each.push(format!("within ±{margin} pp: {}", names(&more_within)));
    }
    if !more_unfair.is_empty() {
        each.push(format!("unfair: {}", names(&more_unfair)));
    }
    if !each.is_empty() {
        text.push_str(&format!(
            "; each alone (its own verdict at 5%, not adjusted over the variants), {}",
            each.join("; ")
        ));
    }
    text.push_str(&more_matches_at_once(f, &at_once, split));
    let method = format!(
        "each variant's verdict, TOST per seat on decisive matches, its tests at 5%/{variants}: Bonferroni over the variants; more matches: the count at which each undecided variant's verdict at that level decides with a chance of 80%, averaged over the true shares its matches allow"
    );
    Said::with_method(&text, &method, ".")
}

/// How many more matches per variant would let the claim about all the variants at once
/// decide for those it leaves open: the most any of them needs at the split level `alpha`
/// (every variant plays the same matches), and which no affordable count decides.
fn more_matches_at_once(f: &SweepFacts, at_once: &[Answer], alpha: f64) -> String {
    let open: Vec<usize> = (0..at_once.len())
        .filter(|&v| matches!(at_once[v], Answer::OpenEdge | Answer::NotEnough))
        .collect();
    let advice: Vec<(usize, MoreMatches)> = open
        .iter()
        .filter_map(|&v| Some((v, more_to_decide(&f.tallies[v], f.verdict, alpha)?)))
        .collect();
    let names =
        |vs: Vec<usize>| list(&vs.into_iter().map(|v| f.names[v].clone()).collect::<Vec<_>>());
    let counts: Vec<(usize, u64)> = advice
        .iter()
        .filter_map(|&(v, m)| match m {
            MoreMatches::About(n) => Some((v, n)),
            MoreMatches::Unaffordable => None,
        })
        .collect();
    let stuck: Vec<usize> =
        advice.iter().filter(|(_, m)| *m == MoreMatches::Unaffordable).map(|(v, _)| *v).collect();
    let mut text = String::new();
    if let Some(most) = counts.iter().map(|(_, n)| *n).max() {
        text.push_str(&format!(
            "; about {} more matches per variant would tell for {} (a chance of 80% each)",
            round_count(most),
            names(counts.iter().map(|(v, _)| *v).collect())
        ));
    }
    if !stuck.is_empty() {
        text.push_str(&format!(
            "; no affordable number of matches tells for {} (an edge too close to the margin's)",
            names(stuck)
        ));
    }
    text
}

fn deviation_line(f: &SweepFacts) -> Said {
    let devs: Vec<Deviation> = f.tallies.iter().map(largest_deviation).collect();
    let parts: Vec<String> = devs
        .iter()
        .zip(f.names)
        .map(|(d, name)| {
            if d.pp.is_finite() {
                format!("{name} {:.1} {}", d.pp, deviation_interval_text(d, f.verdict.margin_pp()))
            } else {
                format!("{name} undefined (no decisive match)")
            }
        })
        .collect();
    // Only variants with a defined deviation take part in "the smallest".
    let defined: Vec<usize> = (0..devs.len()).filter(|&v| devs[v].pp.is_finite()).collect();
    let best = defined.iter().copied().min_by(|&a, &b| devs[a].pp.total_cmp(&devs[b].pp));
    let tail = match best {
        Some(v) if defined.len() > 1 => {
            let close: Vec<String> = defined
                .iter()
                .copied()
                .filter(|&w| w != v && devs[w].low <= devs[v].high)
                .map(|w| f.names[w].clone())
                .collect();
            if close.is_empty() {
                format!("; {} is the fairest, its interval apart from every other", f.names[v])
            } else {
                format!(
                    "; the smallest, {}, is not told apart from {} (the intervals overlap)",
                    f.names[v],
                    list(&close)
                )
            }
        }
        _ => String::new(),
    };
    // The interval is the one each variant's own verdict decides on, and the words say how
    // it reads against the margin, so that no figure beside a "within" contradicts it.
    let margin = f.verdict.margin_pp();
    let players = f.tallies.first().map_or(2, |t| t.players);
    let beyond = 100.0 * (1.0 - 2.0 * Levels::FIXED.beyond_for(players));
    // 97.5, 96.67: at most two decimals, none that are zeros.
    let beyond = format!("{beyond:.2}").trim_end_matches('0').trim_end_matches('.').to_string();
    Said::with_method(
        &format!(
            "Largest seat deviation from a fair share of decisive matches, in pp, each with its own verdict's 90% interval (shown within ±{margin} pp where the interval ends at {margin} or below): {}",
            parts.join(", ")
        ),
        &format!(
            "each end a 95% bound for the variant, all its seats at once: the upper from every seat's 90% Clopper-Pearson interval, the margin test's (TOST), the lower from every seat's {beyond}% one, the beyond-the-margin test's (Bonferroni over the seats)"
        ),
        &format!("{tail}."),
    )
}

/// Why a trend of `key` cannot be given, when the sweep's paired sums lack the joint sums a
/// trend's standard error is computed from ([`PairedSums::keep_joint`]): a sweep of more
/// variants than [`MAX_JOINT_VARIANTS`] never keeps them, and tallies saved by an arena that
/// did not yet keep them (a checkpoint resumed, a shard merged) have none. Said, so that a
/// designer who asked for a numeric rule's sweep is not left wondering where its trend went.
fn no_joint_sums(paired: &PairedSums, key: &str) -> Option<String> {
    if paired.joint.is_some() {
        return None;
    }
    let variants = paired.sum.len();
    let why = if variants > MAX_JOINT_VARIANTS {
        format!(
            "this sweep has {variants} variants (the baseline among them), and the paired covariances a trend needs are kept for at most {MAX_JOINT_VARIANTS} (they grow with the square of the variants); sweep fewer values of {key} to get it"
        )
    } else {
        "this sweep's tallies were saved by an arena that did not keep the paired covariances a trend needs (an older checkpoint or shard); rerun the sweep to get it".to_string()
    };
    Some(format!("No trend of {key} is given: {why}."))
}

fn trend_lines(f: &SweepFacts, players: usize) -> Option<Vec<Said>> {
    let (key, values) = f.numeric.as_ref()?;
    if values.len() < 3 {
        return None;
    }
    let mean = values.iter().sum::<f64>() / values.len() as f64;
    let sxx: f64 = values.iter().map(|x| (x - mean).powi(2)).sum();
    if sxx <= 0.0 {
        return None;
    }
    if let Some(why) = no_joint_sums(f.paired, key) {
        return Some(vec![Said::plain(why)]);
    }
    let c: Vec<f64> = values.iter().map(|x| (x - mean) / sxx).collect();
    let z = z_for(1.0 - ALPHA);
    let turns = f.paired.contrast(&c, players, 1.0)?;
    let span = values.iter().cloned().fold(f64::NEG_INFINITY, f64::max)
        - values.iter().cloned().fold(f64::INFINITY, f64::min);
    // Said as a lengthening or a shortening, the interval in the same direction.
    let (verb, sign) = if turns.estimate < 0.0 { ("shortens", -1.0) } else { ("lengthens", 1.0) };
    let (a, b) = (sign * (turns.estimate - z * turns.se), sign * (turns.estimate + z * turns.se));
    let mut lines = vec![Said::with_method(
        &format!(
            "Each unit more of {key} {verb} a game by {:.3} turns [{:.3}, {:.3}]",
            sign * turns.estimate,
            a.min(b),
            a.max(b)
        ),
        &format!(
            "least-squares slope over the tested values, paired covariance; {}",
            p_text(two_sided_p(turns.estimate, turns.se))
        ),
        ".",
    )];
    let seats: Vec<_> =
        (0..players).filter_map(|s| f.paired.contrast(&c, s, SHARE_UNIT as f64)).collect();
    let p: Vec<f64> = seats.iter().map(|s| two_sided_p(s.estimate, s.se)).collect();
    let adjusted = holm(&p);
    let moved: Vec<String> = seats
        .iter()
        .enumerate()
        .filter(|(s, _)| adjusted[*s] < ALPHA)
        .map(|(s, t)| {
            format!(
                "seat {s} {:+.2} pp a unit [{:+.2}, {:+.2}], {}",
                100.0 * t.estimate,
                100.0 * (t.estimate - z * t.se),
                100.0 * (t.estimate + z * t.se),
                p_text(adjusted[s])
            )
        })
        .collect();
    // A bound on every seat at once (Bonferroni over the seats), of the straight-line trend
    // only: a response that rises and falls again has a slope near 0 and is not bounded.
    let z_all = z_for(1.0 - ALPHA / players as f64);
    let across =
        seats.iter().map(|t| span * (t.estimate.abs() + z_all * t.se)).fold(0.0f64, f64::max);
    lines.push(if moved.is_empty() {
        // Rounded up: the bound is an upper one. A change of a seat's share along the line,
        // not its distance from fair, so it is not held against the margin.
        let lo = values.iter().cloned().fold(f64::INFINITY, f64::min);
        let hi = values.iter().cloned().fold(f64::NEG_INFINITY, f64::max);
        let found = format!("No measurable linear trend of {key} on seat balance");
        let bound = format!(
            "from {key}={lo} to {hi} the straight-line trend changes no seat's share by more than {:.1} pp",
            (1000.0 * across).ceil() / 10.0
        );
        Said {
            whole: format!(
                "{found} (every seat's slope, Holm over {players} seats); {bound} (95%, every seat at once; a change along the line, not a distance from fair)."
            ),
            plain: format!("{found}; {bound} (a change along the line, not a distance from fair)."),
        }
    } else {
        Said::with_method(
            &format!("{key} moves seat balance: {}", moved.join("; ")),
            &format!("Holm over {players} seats"),
            ".",
        )
    });
    Some(lines)
}

#[cfg(test)]
mod tests;
