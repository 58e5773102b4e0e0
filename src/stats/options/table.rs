//! The option table from the counts: per bot and option kind, the taker's win share when it
//! took the kind and when it could have and did not, their difference with a 95% interval
//! (cluster-robust by deal group, small-sample corrected: [`super::variance`]), Holm-adjusted
//! p-values over the bot's kinds, the marks a designer acts on: **dominant** where taking the
//! kind raises the win share by more than the margin, **never worth it** where it lowers it
//! by more (each a one-sided test against the margin, Holm-adjusted over the kinds at 5%),
//! and the strongest lever ([`strongest_lever`]).

use statrs::distribution::{ContinuousCDF, Normal, StudentsT};

use crate::core::OptionKind;
use crate::stats::hypothesis::holm;
use crate::stats::options::variance::{Method, spread};
use crate::stats::options::{KindTally, WEIGHT_UNIT};
use crate::stats::share::SHARE_UNIT;

/// The familywise level of the p-values and marks.
pub const ALPHA: f64 = 0.05;

/// Whether a row's difference is an effect or an association.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Evidence {
    /// The bot chose uniformly at random: a randomized experiment (inverse probability
    /// weighted).
    Causal,
    /// Any other bot: decisions weighed alike; taking the kind may go with positions that
    /// win for other reasons.
    Associational,
}

impl Evidence {
    pub fn name(self) -> &'static str {
        match self {
            Evidence::Causal => "causal",
            Evidence::Associational => "associational",
        }
    }
}

/// A row's mark.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mark {
    Dominant,
    NeverWorthIt,
}

impl Mark {
    pub fn name(self) -> &'static str {
        match self {
            Mark::Dominant => "dominant",
            Mark::NeverWorthIt => "never worth it",
        }
    }
}

/// The difference of the two weighted means, in win-share fractions (0 to 1).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Contrast {
    pub when_taken: f64,
    pub when_not: f64,
    pub difference: f64,
    pub se: f64,
    /// The degrees of freedom of the t interval and p-values.
    pub df: f64,
    pub low: f64,
    pub high: f64,
    /// How the interval was computed; None (and NaN figures) without one.
    pub method: Option<Method>,
}

impl Contrast {
    /// The two-sided p-value of a difference of `margin` or less in size, or of no effect at
    /// a margin of 0 (t on `df`). Its exact value at the boundary sums both tails, the
    /// direction being read from the data.
    fn p_within(&self, margin: f64) -> f64 {
        let d = self.difference.abs();
        (t_tail(self.df, (d - margin) / self.se) + t_tail(self.df, (d + margin) / self.se)).min(1.0)
    }
}

/// One row of the table.
#[derive(Clone, Debug, PartialEq)]
pub struct OptionRow {
    pub bot: String,
    pub evidence: Evidence,
    pub kind: OptionKind,
    pub legal: u64,
    pub taken: u64,
    pub forced: u64,
    /// How often a uniformly random chooser would have taken it at the same decisions.
    pub random_takes: f64,
    pub matches: u64,
    /// Deal groups where it was taken, and where it was a choice not taken (matches in a
    /// tally counted when matches were the clusters): the rarer side's are the interval's
    /// degrees of freedom, plus one.
    pub clusters_taken: u64,
    pub clusters_not_taken: u64,
    /// Undefined (None) where the kind was never (or always) taken when it was a choice;
    /// without an interval where it was taken (or passed over) in a single deal group.
    pub contrast: Option<Contrast>,
    pub p_holm: Option<f64>,
    pub mark: Option<Mark>,
}

impl OptionRow {
    /// The bot's takes over random play's, where random play would take it at all.
    pub fn preference(&self) -> Option<f64> {
        (self.random_takes > 0.0).then(|| self.taken as f64 / self.random_takes)
    }
}

/// The contrast of one (bot, kind): its difference with the t interval of [`spread`]. None
/// when either side has no weight; without an interval (NaN, no method) where a side was
/// seen in a single deal group, whose own variation nothing measures.
pub fn contrast(t: &KindTally) -> Option<Contrast> {
    let sums = &t.sums;
    if sums.tw == 0 || sums.nw == 0 {
        return None;
    }
    let unit = SHARE_UNIT as f64;
    let (rt, rn) = (sums.ty as f64 / sums.tw as f64, sums.ny as f64 / sums.nw as f64);
    let difference = (rt - rn) / unit;
    let (se, df, method) = match spread(t) {
        Some(s) => (s.se / unit, s.df, Some(s.method)),
        None => (f64::NAN, f64::NAN, None),
    };
    let half = if method.is_some() { t_quantile(df, 0.975) * se } else { f64::NAN };
    Some(Contrast {
        when_taken: rt / unit,
        when_not: rn / unit,
        difference,
        se,
        df,
        low: difference - half,
        high: difference + half,
        method,
    })
}

/// Above this many degrees of freedom t is computed from the normal: statrs's incomplete beta
/// function loses digits there (t's 97.5% point on a million df comes out 1.95985 for
/// 1.95997), and the expansions below are exact to far more digits than the table shows.
const LARGE_DF: f64 = 1e4;

/// Student's t on `df` degrees of freedom, where it is computed directly.
fn student(df: f64) -> Option<StudentsT> {
    (df > 0.0 && df <= LARGE_DF).then(|| StudentsT::new(0.0, 1.0, df).ok()).flatten()
}

/// The `p` quantile of t on `df` (beyond [`LARGE_DF`] the Cornish-Fisher expansion in 1/df:
/// Abramowitz and Stegun 26.7.5).
pub fn t_quantile(df: f64, p: f64) -> f64 {
    if let Some(t) = student(df) {
        return t.inverse_cdf(p);
    }
    let z = Normal::standard().inverse_cdf(p);
    let (z3, z5) = (z.powi(3), z.powi(5));
    z + (z3 + z) / (4.0 * df) + (5.0 * z5 + 16.0 * z3 + 3.0 * z) / (96.0 * df * df)
}

/// P(T > x) for T of t on `df` (beyond [`LARGE_DF`] the normal tail of x·(1 − 1/(4 df)) /
/// √(1 + x²/(2 df)), Abramowitz and Stegun 26.7.8).
fn t_tail(df: f64, x: f64) -> f64 {
    match student(df) {
        Some(t) => t.sf(x),
        None => {
            Normal::standard().sf(x * (1.0 - 1.0 / (4.0 * df)) / (1.0 + x * x / (2.0 * df)).sqrt())
        }
    }
}

/// The table of one bot: a row per kind that was ever legal, with p-values Holm-adjusted over
/// the rows that have a contrast, and marks against `margin` (a win-share fraction).
pub fn bot_rows(
    bot: &str,
    evidence: Evidence,
    kinds: &[OptionKind],
    counts: &[KindTally],
    margin: f64,
) -> Vec<OptionRow> {
    let mut rows: Vec<OptionRow> = kinds
        .iter()
        .zip(counts)
        .filter(|(_, t)| t.legal > 0)
        .map(|(kind, t)| OptionRow {
            bot: bot.to_string(),
            evidence,
            kind: kind.clone(),
            legal: t.legal,
            taken: t.taken,
            forced: t.forced,
            random_takes: t.random_takes as f64 / WEIGHT_UNIT as f64,
            matches: t.matches,
            clusters_taken: if t.clusters > 0 { t.taken_clusters } else { t.matches },
            clusters_not_taken: if t.clusters > 0 { t.not_taken_clusters } else { t.matches },
            contrast: contrast(t),
            p_holm: None,
            mark: None,
        })
        .collect();
    let with: Vec<usize> =
        (0..rows.len()).filter(|&i| rows[i].contrast.is_some_and(|c| c.se > 0.0)).collect();
    let p_zero: Vec<f64> = with.iter().map(|&i| rows[i].contrast.unwrap().p_within(0.0)).collect();
    // The marks test H0: |difference| <= margin.
    let p_margin: Vec<f64> =
        with.iter().map(|&i| rows[i].contrast.unwrap().p_within(margin)).collect();
    for ((&i, p), pm) in with.iter().zip(holm(&p_zero)).zip(holm(&p_margin)) {
        let row = &mut rows[i];
        row.p_holm = Some(p);
        let d = row.contrast.unwrap().difference;
        // Only an effect earns a mark: a skilled bot's association (it takes the option in
        // positions that were winning anyway) is no reason to change a rule.
        let causal = row.evidence == Evidence::Causal;
        row.mark = (causal && pm < ALPHA).then_some(if d > 0.0 {
            Mark::Dominant
        } else {
            Mark::NeverWorthIt
        });
    }
    rows
}

/// The fewest deal groups in which a kind must have been taken, and passed over, to be named
/// the strongest lever: below about 100 on either side its interval rests on a handful of
/// deals, and the largest of many such intervals is chosen by their noise.
pub const LEVER_MIN_CLUSTERS: u64 = 100;

/// How the strongest lever is chosen, in the words of the stdout line and the report.
pub const LEVER_RULE: &str =
    "the largest effect its interval supports, of kinds taken in 100+ deals and skipped in 100+";

/// A row's claim to be the strongest lever, largest first: causal before associational, then
/// the end of its interval nearest zero in size (the smallest effect the data still support,
/// so that a wide interval does not win by its centre). None for a row that cannot be it:
/// not significant (Holm, 5%), or taken or passed over in fewer than [`LEVER_MIN_CLUSTERS`]
/// deal groups (`clusters`: the rarer side's). The report ranks `options.csv`'s cells with
/// the same function.
pub fn lever_claim(
    evidence: Evidence,
    p_holm: Option<f64>,
    clusters: u64,
    (low, high): (f64, f64),
) -> Option<(bool, f64)> {
    let significant = p_holm.is_some_and(|p| p < ALPHA);
    let supported = if low > 0.0 {
        low
    } else if high < 0.0 {
        -high
    } else {
        0.0
    };
    (significant && clusters >= LEVER_MIN_CLUSTERS && supported > 0.0)
        .then_some((evidence == Evidence::Causal, supported))
}

/// Whether claim `a` beats claim `b` (ties go to the first row).
pub fn beats(a: (bool, f64), b: (bool, f64)) -> bool {
    (a.0 && !b.0) || (a.0 == b.0 && a.1 > b.1)
}

/// The row a designer should look at first: the largest [`lever_claim`].
pub fn strongest_lever(rows: &[OptionRow]) -> Option<&OptionRow> {
    let claim = |r: &OptionRow| {
        let c = r.contrast?;
        let clusters = r.clusters_taken.min(r.clusters_not_taken);
        lever_claim(r.evidence, r.p_holm, clusters, (c.low, c.high))
    };
    let mut best: Option<(&OptionRow, (bool, f64))> = None;
    for r in rows {
        let Some(k) = claim(r) else { continue };
        if best.is_none_or(|(_, b)| beats(k, b)) {
            best = Some((r, k));
        }
    }
    best.map(|(r, _)| r)
}
