//! The option table from the counts: per bot and option kind, the taker's win share when it
//! took the kind and when it could have and did not, their difference with a 95% interval
//! (cluster-robust, matches as clusters), Holm-adjusted p-values over the bot's kinds, and
//! the marks a designer acts on: **dominant** where taking the kind raises the win share by
//! more than the margin, **never worth it** where it lowers it by more (each a one-sided
//! test against the margin, Holm-adjusted over the kinds at 5%).

use statrs::distribution::{ContinuousCDF, Normal};

use crate::core::OptionKind;
use crate::stats::hypothesis::holm;
use crate::stats::options::{ClusterSums, KindTally, WEIGHT_UNIT};
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
    pub low: f64,
    pub high: f64,
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
    /// Undefined (None) where the kind was never (or always) taken when it was a choice.
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

/// The contrast of one (bot, kind) over `clusters` matches (every match of the run is a
/// cluster; those where the kind never came up add zero). None when either side has no
/// weight or there are fewer than two clusters.
pub fn contrast(sums: &ClusterSums, clusters: u64) -> Option<Contrast> {
    if sums.tw == 0 || sums.nw == 0 || clusters < 2 {
        return None;
    }
    let f = |x: i128| x as f64;
    let unit = SHARE_UNIT as f64;
    let (tw, nw) = (f(sums.tw), f(sums.nw));
    let (rt, rn) = (f(sums.ty) / tw, f(sums.ny) / nw);
    let [ty2, tw2, tytw, ny2, nw2, nynw, tyny, tynw, twny, twnw] = sums.products.map(f);
    // u_m = (ty_m - rt tw_m) / TW - (ny_m - rn nw_m) / NW; Σ u_m² expanded into the sums.
    let aa = ty2 - 2.0 * rt * tytw + rt * rt * tw2;
    let bb = ny2 - 2.0 * rn * nynw + rn * rn * nw2;
    let ab = tyny - rn * tynw - rt * twny + rt * rn * twnw;
    let m = clusters as f64;
    let var = (m / (m - 1.0)) * (aa / (tw * tw) + bb / (nw * nw) - 2.0 * ab / (tw * nw));
    let se = var.max(0.0).sqrt() / unit;
    let difference = (rt - rn) / unit;
    let z = 1.959_963_984_540_054;
    Some(Contrast {
        when_taken: rt / unit,
        when_not: rn / unit,
        difference,
        se,
        low: difference - z * se,
        high: difference + z * se,
    })
}

fn normal_tail(z: f64) -> f64 {
    1.0 - Normal::standard().cdf(z)
}

/// The table of one bot: a row per kind that was ever legal, with p-values Holm-adjusted over
/// the rows that have a contrast, and marks against `margin` (a win-share fraction).
pub fn bot_rows(
    bot: &str,
    evidence: Evidence,
    kinds: &[OptionKind],
    counts: &[KindTally],
    clusters: u64,
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
            contrast: contrast(&t.sums, clusters),
            p_holm: None,
            mark: None,
        })
        .collect();
    let with: Vec<usize> =
        (0..rows.len()).filter(|&i| rows[i].contrast.is_some_and(|c| c.se > 0.0)).collect();
    let p_zero: Vec<f64> = with
        .iter()
        .map(|&i| {
            let c = rows[i].contrast.unwrap();
            (2.0 * normal_tail(c.difference.abs() / c.se)).min(1.0)
        })
        .collect();
    // The marks test H0: |difference| <= margin. Its exact p-value at the boundary sums both
    // tails (the direction is read from the data), so at a margin of 0 it is the two-sided p.
    let p_margin: Vec<f64> = with
        .iter()
        .map(|&i| {
            let c = rows[i].contrast.unwrap();
            let d = c.difference.abs();
            (normal_tail((d - margin) / c.se) + normal_tail((d + margin) / c.se)).min(1.0)
        })
        .collect();
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

/// The row a designer should look at first: the largest significant (Holm, 5%) difference
/// in absolute value, causal rows before associational ones.
pub fn strongest_lever(rows: &[OptionRow]) -> Option<&OptionRow> {
    let significant = |r: &&OptionRow| r.p_holm.is_some_and(|p| p < ALPHA);
    let size = |r: &&OptionRow| r.contrast.map_or(0.0, |c| c.difference.abs());
    let best = |e: Evidence| {
        rows.iter()
            .filter(|r| r.evidence == e)
            .filter(significant)
            .max_by(|a, b| size(a).total_cmp(&size(b)))
    };
    best(Evidence::Causal).or_else(|| best(Evidence::Associational))
}
