//! The standard error of one (bot, kind)'s difference and the degrees of freedom of its t
//! interval, with deal groups as clusters.
//!
//! The difference of the two Hájek means is the slope of a weighted regression of the
//! outcome on "taken", so its cluster-robust variance is the regression's sandwich:
//! Σ_c u_c² with u_c = a_c/TW − b_c/NW, where a_c = Σ w(y − r_taken) over the group's
//! decisions where the kind was taken, b_c the same where it was a choice and not taken, TW
//! and NW the two sides' total weights. On few groups that sum is too small (a group's
//! residuals are measured from a mean it pulled towards itself): the rare kinds' intervals
//! were too narrow. **CR2** (Bell and McCaffrey 2002; Pustejovsky and Tipton 2018, J. Bus.
//! Econ. Stat. 36:672) divides each side's residual sum by √(1 − λ), λ the group's share of
//! that side's weight: its leverage, since the regression's two columns are the two sides
//! and each group's block of the hat matrix is of rank one on each side (the weights taken
//! as the working model's precisions). That makes the variance unbiased under the working
//! model, however few the groups.
//!
//! The reference distribution is Student's t on **the rarer side's groups less one**,
//! min(groups where it was taken, groups where it was not) − 1: the variance of a difference
//! of two means rests mostly on the side seen less, and this is the conservative choice of
//! Welch's test. (Bell and McCaffrey's degrees of freedom, from the working model, came out
//! a quarter to a half larger and covered a rare kind's known effect 0.91 to 0.92 of the
//! time on 12 groups, where these cover it 0.945: `tests::small`.)
//!
//! Each side's groups are known one by one up to
//! [`KEEP_UP_TO`](super::clusters::KEEP_UP_TO) ([`super::clusters`]); a side with more adds
//! its groups outside the list at their mean leverage, and when both have more the variance
//! is the linearized one times m/(m − 1) (CR1, which is CR2 when the leverages are equal).

use super::KindTally;

/// How a row's standard error was computed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Method {
    /// CR2 by deal group.
    Cr2,
    /// Both sides were seen in more than `KEEP_UP_TO` deal groups: CR1 by deal group.
    Cr1,
    /// A tally written when matches were the clusters: CR1 by match, t on matches − 1.
    Cr1ByMatch,
}

impl Method {
    /// The words of `options.csv`'s `ci_method`.
    pub fn name(self) -> &'static str {
        match self {
            Method::Cr2 => {
                "t95 on the rarer side's deal groups - 1 df, CR2 cluster-robust by deal group"
            }
            Method::Cr1 => {
                "t95 on the rarer side's deal groups - 1 df, CR1 cluster-robust by deal group"
            }
            Method::Cr1ByMatch => "t95 on matches - 1 df, CR1 cluster-robust by match",
        }
    }
}

/// A difference's standard error (in the sums' units of outcome) and degrees of freedom.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Spread {
    pub se: f64,
    pub df: f64,
    pub method: Method,
}

/// A kind's ratio estimates and the moment sums of their residuals over every group (Σ a_c²,
/// Σ b_c², Σ a_c·b_c, expanded from the tally's products): what every interval of the
/// difference starts from.
pub struct Moments {
    /// The weighted win shares when taken and when not (share units), and their weights.
    pub rt: f64,
    pub rn: f64,
    pub tw: f64,
    pub nw: f64,
    pub aa: f64,
    pub bb: f64,
    pub ab: f64,
}

impl Moments {
    /// The linearized variance of `rt − rn`, before any small-sample factor.
    pub fn linearized(&self) -> f64 {
        let (tw, nw) = (self.tw, self.nw);
        self.aa / (tw * tw) + self.bb / (nw * nw) - 2.0 * self.ab / (tw * nw)
    }
}

/// `t`'s [`Moments`]; `None` where a side has no weight.
pub fn moments(t: &KindTally) -> Option<Moments> {
    let s = &t.sums;
    if s.tw == 0 || s.nw == 0 {
        return None;
    }
    let f = |x: i128| x as f64;
    let (tw, nw) = (f(s.tw), f(s.nw));
    let (rt, rn) = (f(s.ty) / tw, f(s.ny) / nw);
    let [ty2, tw2, tytw, ny2, nw2, nynw, tyny, tynw, twny, twnw] = s.products.map(f);
    Some(Moments {
        rt,
        rn,
        tw,
        nw,
        aa: ty2 - 2.0 * rt * tytw + rt * rt * tw2,
        bb: ny2 - 2.0 * rn * nynw + rn * rn * nw2,
        ab: tyny - rn * tynw - rt * twny + rt * rn * twnw,
    })
}

/// The standard error and degrees of freedom of `t`'s difference; None where they are
/// undefined: a side with no weight, or (deal groups as clusters) a side seen in fewer than
/// two groups, whose own variation nothing measures.
pub fn spread(t: &KindTally) -> Option<Spread> {
    let m = moments(t)?;
    let linearized = m.linearized();
    let Moments { rt, rn, tw, nw, aa, bb, .. } = m;
    if t.clusters == 0 {
        // Written when each match was a cluster: no side counts, no list.
        if t.matches < 2 {
            return None;
        }
        let m = t.matches as f64;
        let se = (m / (m - 1.0) * linearized).max(0.0).sqrt();
        return Some(Spread { se, df: m - 1.0, method: Method::Cr1ByMatch });
    }
    let (mt, mn) = (t.taken_clusters, t.not_taken_clusters);
    if mt < 2 || mn < 2 {
        return None;
    }
    let df = (mt.min(mn) - 1) as f64;
    let few = &t.few;
    if !few.taken && !few.not_taken {
        let m = t.clusters as f64;
        let se = (m / (m - 1.0) * linearized).max(0.0).sqrt();
        return Some(Spread { se, df, method: Method::Cr1 });
    }
    let mut var = 0.0;
    // What the listed groups hold of each side: Σ a², Σ b², Σ λ and how many there are.
    let (mut a2, mut b2, mut lt_sum, mut ln_sum, mut listed_t, mut listed_n) =
        (0.0, 0.0, 0.0, 0.0, 0u64, 0u64);
    for c in &few.clusters {
        let [ty, ctw, ny, cnw] = [c.sums.ty, c.sums.tw, c.sums.ny, c.sums.nw].map(|x| x as f64);
        let (a, b) = (ty - rt * ctw, ny - rn * cnw);
        let (lt, ln) = (ctw / tw, cnw / nw);
        let u = a / (tw * (1.0 - lt).sqrt()) - b / (nw * (1.0 - ln).sqrt());
        var += u * u;
        (a2, b2, lt_sum, ln_sum) = (a2 + a * a, b2 + b * b, lt_sum + lt, ln_sum + ln);
        listed_t += u64::from(c.sums.tw > 0);
        listed_n += u64::from(c.sums.nw > 0);
    }
    // A side seen in more than KEEP_UP_TO groups: its groups outside the list (where only
    // that side was seen, so they add nothing to the other) at their mean leverage.
    if !few.not_taken && mn > listed_n {
        let ln = (1.0 - ln_sum).max(0.0) / (mn - listed_n) as f64;
        var += (bb - b2).max(0.0) / (nw * nw * (1.0 - ln));
    }
    if !few.taken && mt > listed_t {
        let lt = (1.0 - lt_sum).max(0.0) / (mt - listed_t) as f64;
        var += (aa - a2).max(0.0) / (tw * tw * (1.0 - lt));
    }
    Some(Spread { se: var.sqrt(), df, method: Method::Cr2 })
}
