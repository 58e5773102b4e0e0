//! Tuning a game's point values (`arena tune`), for any game that declares them through a
//! [`ValueModel`] (DARDZ: its twelve number cards; its rulebook says "the point value of each
//! number card is roughly based on the probability of rolling that number"). From play with
//! the chosen bots we measure how hard each value is to earn (the model's earn rate per
//! opportunity) and propose values inversely proportional to that rate, as integers within
//! the designer's bounds, keeping the values' total (the point pool).
//! With `--objective` we also search for values that best meet a designer's objective (seat
//! balance, a mean length, or one value's share of points) by SPSA, simultaneous perturbation
//! stochastic approximation (J. C. Spall, "Multivariate stochastic approximation using a
//! simultaneous perturbation gradient approximation", IEEE Trans. Automatic Control 37(3),
//! 1992, 332-341), with the usual gain exponents 0.602 and 0.101 (Spall 1998, "Implementation
//! of the simultaneous perturbation algorithm for stochastic optimization", IEEE Trans.
//! Aerospace and Electronic Systems 34(3)): two evaluations per step whatever the number of
//! values, and both on the same seed (common random numbers) so their difference is mostly
//! signal. Every proposal is then confirmed on a seed never used in the search, against the
//! current values, with paired intervals.

pub mod run;
pub mod verdict;

use crate::core::{MetricTotals, ValueModel, bot_stream, derive_rng};
use crate::runner::sweep::SweepBlock;
use crate::session::input::input;
use crate::session::plan::Shard;
use crate::session::plan::request::RunRequest;
use crate::session::sweep::run::play_sweep;
use crate::session::sweep::{MAX_VARIANTS, Sweep, SweepRequest};
use crate::stats::{SHARE_UNIT, Tally};
use rand::RngExt;

/// What a designer wants the values to achieve.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub enum Objective {
    /// Every seat's win share as close to 1/players as possible (sum of squared deviations).
    Balance,
    /// The mean number of turns as close to this as possible.
    Length(f64),
    /// Value `number`'s (1-based: DARDZ's card number) share of all points as close to
    /// `share` as possible.
    Share { number: usize, share: f64 },
}

impl Objective {
    /// `balance`, `length=60` or `share:12=0.08`.
    pub fn parse(text: &str) -> anyhow::Result<Objective> {
        let bad = || {
            input(format!(
                "--objective must be balance, length=TURNS or share:NUMBER=FRACTION (e.g. share:12=0.08), got `{text}`{}",
                match text.split([':', '=']).next().unwrap_or(text) {
                    "balance" | "length" | "share" => String::new(),
                    word =>
                        crate::core::suggest::did_you_mean(word, ["balance", "length", "share"]),
                }
            ))
        };
        if text == "balance" {
            return Ok(Objective::Balance);
        }
        if let Some(t) = text.strip_prefix("length=") {
            let t: f64 = t.parse().map_err(|_| bad())?;
            return if t > 0.0 { Ok(Objective::Length(t)) } else { Err(bad()) };
        }
        let (number, share) =
            text.strip_prefix("share:").and_then(|r| r.split_once('=')).ok_or_else(bad)?;
        let number: usize = number.parse().map_err(|_| bad())?;
        let share: f64 = share.parse().map_err(|_| bad())?;
        if number == 0 || !(0.0..1.0).contains(&share) {
            return Err(bad());
        }
        Ok(Objective::Share { number, share })
    }

    /// Refuse a share objective for a value the tuned game does not have.
    pub fn check(&self, tuned: &Tuned) -> anyhow::Result<()> {
        match self {
            Objective::Share { number, share } if *number == 0 || *number > tuned.keys.len() => {
                Err(input(format!(
                    "--objective share:{number}={share}: {} has {} tuned values ({} 1 to {}), no {number}",
                    tuned.game,
                    tuned.keys.len(),
                    tuned.model.item(),
                    tuned.keys.len()
                )))
            }
            _ => Ok(()),
        }
    }

    /// The loss of one variant's tally (lower is better), in percentage points squared for
    /// shares and turns squared for the length.
    pub fn loss(&self, t: &Tally, metric_names: &[String], model: &dyn ValueModel) -> f64 {
        match self {
            Objective::Balance => {
                let fair = 1.0 / t.players as f64;
                (0..t.players).map(|s| (100.0 * (t.seats[s].win_rate() - fair)).powi(2)).sum()
            }
            Objective::Length(target) => (t.lengths[2].mean() - target).powi(2),
            Objective::Share { number, share } => {
                let totals = Totals::of(t, metric_names);
                (100.0 * (model.point_share(totals.get(), number - 1) - share)).powi(2)
            }
        }
    }

    /// The objective on the scale a designer reads, the root of the loss: the seats'
    /// distance from a fair share (√Σ squared deviations) in pp, the mean length's distance
    /// from its target in turns, the value's share's distance from its target in pp. The
    /// search's noise is judged on this scale, so its warning speaks in these units.
    pub fn distance(&self, t: &Tally, metric_names: &[String], model: &dyn ValueModel) -> f64 {
        self.loss(t, metric_names, model).sqrt()
    }

    /// The unit of [`Objective::distance`].
    pub fn unit(&self) -> &'static str {
        match self {
            Objective::Length(_) => "turns",
            Objective::Balance | Objective::Share { .. } => "pp",
        }
    }
}

/// A tally's counter totals by name, as a [`ValueModel`] reads them.
pub struct Totals<'a> {
    names: &'a [String],
    sums: Vec<i128>,
}

impl<'a> Totals<'a> {
    pub fn of(t: &Tally, names: &'a [String]) -> Self {
        Totals { names, sums: t.metrics.iter().map(|m| m.sum).collect() }
    }

    pub fn get(&self) -> MetricTotals<'_> {
        MetricTotals::new(self.names, &self.sums)
    }
}

/// The registered games with values to tune (a [`ValueModel`]), in registry order; the
/// first is `arena tune`'s game when `--game` is not given.
pub fn tunable_games() -> Vec<&'static str> {
    crate::games::GAMES
        .iter()
        .filter(|e| e.default_game().value_model().is_some())
        .map(|e| e.name)
        .collect()
}

/// The game being tuned: its name, its value model and the rule keys it tunes.
#[derive(Clone)]
pub struct Tuned {
    pub game: &'static str,
    pub model: &'static dyn ValueModel,
    pub keys: Vec<String>,
}

impl Tuned {
    /// The game of `base` and its current values; refused for a game with no values to tune.
    pub fn of(base: &RunRequest) -> anyhow::Result<(Tuned, Vec<i64>)> {
        let name = base.game.as_deref().unwrap_or("");
        // A game without values is refused before its rules are read: a `--set` of a key
        // it lacks would otherwise hide the reason.
        let entry = crate::games::entry(name)?;
        if entry.default_game().value_model().is_none() {
            return Err(Self::refusal(entry.name));
        }
        let plan = crate::session::plan::Plan::new(&base.spec_for(name), 1)?;
        let game = plan.game.name();
        let Some(model) = plan.game.value_model() else {
            return Err(Self::refusal(game));
        };
        let keys = model.keys();
        let params = plan.game.params();
        let current = keys
            .iter()
            .map(|key| {
                let p = params.iter().find(|p| &p.key == key).ok_or_else(|| {
                    input(format!("{game}'s value model tunes `{key}`, which its rules lack"))
                })?;
                p.value.parse::<i64>().map_err(|e| input(format!("{key}: {e}")))
            })
            .collect::<anyhow::Result<Vec<i64>>>()?;
        Ok((Tuned { game, model, keys }, current))
    }

    /// A game with no values to tune, refused with those that have them.
    fn refusal(game: &str) -> anyhow::Error {
        input(format!(
            "arena tune tunes a game's point values, and {game} declares none; games with values to tune: {}",
            tunable_games().join(", ")
        ))
    }

    /// How hard each value is to earn, measured in tally `t`.
    pub fn earn_rate(&self, t: &Tally, names: &[String]) -> anyhow::Result<Vec<f64>> {
        self.model.earn_rate(Totals::of(t, names).get()).map_err(input)
    }

    /// Value `i`'s share of all points in tally `t`.
    pub fn point_share(&self, t: &Tally, names: &[String], i: usize) -> f64 {
        self.model.point_share(Totals::of(t, names).get(), i)
    }

    /// The `--set` settings of a set of values.
    pub fn value_sets(&self, values: &[i64]) -> Vec<String> {
        self.keys.iter().zip(values).map(|(k, v)| format!("{k}={v}")).collect()
    }

    /// The name a sweep gives the variant of these values.
    pub fn variant_name(&self, values: &[i64]) -> String {
        self.value_sets(values).join(",")
    }
}

/// Integer values in `[lo, hi]` summing to `pool`, as close as possible to proportional to
/// `weights`: clamp, rescale the rest, repeat; then floors plus one for the largest
/// remainders (Hamilton's method).
pub fn apportion(weights: &[f64], pool: i64, lo: i64, hi: i64) -> anyhow::Result<Vec<i64>> {
    let n = weights.len() as i64;
    if lo > hi || pool < n * lo || pool > n * hi {
        return Err(input(format!(
            "a point pool of {pool} cannot be split into {n} values from {lo} to {hi}"
        )));
    }
    let mut fixed: Vec<Option<f64>> = vec![None; weights.len()];
    let targets = loop {
        let left = pool as f64 - fixed.iter().flatten().sum::<f64>();
        let free: f64 =
            weights.iter().zip(&fixed).filter(|(_, f)| f.is_none()).map(|(w, _)| w).sum();
        let t: Vec<f64> = weights
            .iter()
            .zip(&fixed)
            .map(|(w, f)| f.unwrap_or(if free > 0.0 { left * w / free } else { lo as f64 }))
            .collect();
        let mut changed = false;
        for (i, v) in t.iter().enumerate() {
            if fixed[i].is_none() && (*v < lo as f64 || *v > hi as f64) {
                fixed[i] = Some(v.clamp(lo as f64, hi as f64));
                changed = true;
            }
        }
        if !changed {
            break t;
        }
    };
    let mut values: Vec<i64> = targets.iter().map(|t| (t.floor() as i64).clamp(lo, hi)).collect();
    let mut order: Vec<usize> = (0..values.len()).collect();
    // Largest remainder first; ties to the lower number, so the result is deterministic.
    order.sort_by(|&a, &b| {
        let (ra, rb) = (targets[a] - targets[a].floor(), targets[b] - targets[b].floor());
        rb.total_cmp(&ra).then(a.cmp(&b))
    });
    let mut left = pool - values.iter().sum::<i64>();
    for &i in order.iter().cycle() {
        if left == 0 {
            break;
        }
        if left > 0 && values[i] < hi {
            values[i] += 1;
            left -= 1;
        } else if left < 0 && values[i] > lo {
            values[i] -= 1;
            left += 1;
        }
    }
    Ok(values)
}

/// A sweep of `variants` (each a full set of values) on `seed`, against the base request's
/// values, validated.
pub fn sweep_of(
    tuned: &Tuned,
    base: &RunRequest,
    seed: u64,
    matches: u64,
    variants: &[Vec<i64>],
    baseline: Option<&[i64]>,
) -> anyhow::Result<Sweep> {
    let mut request = base.clone();
    request.seed = seed;
    request.matches = matches;
    let mut lists: Vec<Vec<String>> = Vec::new();
    for v in variants {
        let sets = tuned.value_sets(v);
        if !lists.contains(&sets) {
            lists.push(sets);
        }
    }
    let sweep = SweepRequest {
        request,
        vary: Vec::new(),
        variants: lists,
        baseline: baseline.map(|b| tuned.variant_name(b)),
        max_variants: MAX_VARIANTS,
        inputs: Default::default(),
    };
    Sweep::new(sweep, None)
}

/// One SPSA step's record.
#[derive(Clone, Debug, serde::Serialize)]
pub struct SpsaStep {
    pub iteration: u32,
    pub seed: u64,
    pub plus: Vec<i64>,
    pub minus: Vec<i64>,
    pub loss_plus: f64,
    pub loss_minus: f64,
    /// The objective's change between the two sides ([`Objective::distance`] of `plus`
    /// minus that of `minus`) on each half of the step's matches: what tells the step's
    /// noise from the values' effect ([`crate::stats::step_noise`]).
    pub change_halves: [f64; 2],
    pub theta: Vec<f64>,
}

/// SPSA settings.
#[derive(Clone, Debug, serde::Serialize)]
pub struct Spsa {
    pub iterations: u32,
    /// Matches per evaluation (both evaluations of a step play the same matches).
    pub matches: u64,
    /// Seeds `first_seed..first_seed + iterations` are the search's.
    pub first_seed: u64,
    pub pool: i64,
    pub bounds: (i64, i64),
}

/// Search values that minimise `objective`, from `start`, by SPSA with common random
/// numbers; values stay integers within the bounds and (projected) on the pool.
pub fn spsa(
    tuned: &Tuned,
    base: &RunRequest,
    objective: &Objective,
    start: &[i64],
    s: &Spsa,
    threads: usize,
    mut on_step: impl FnMut(&SpsaStep),
) -> anyhow::Result<Option<(Vec<i64>, Vec<SpsaStep>)>> {
    let (lo, hi) = s.bounds;
    let mut theta: Vec<f64> = start.iter().map(|&v| v as f64).collect();
    let project = |theta: &[f64]| -> anyhow::Result<Vec<i64>> {
        let w: Vec<f64> = theta.iter().map(|t| t.max(1e-9)).collect();
        apportion(&w, s.pool, lo, hi)
    };
    // Spall's gains: a_k = a / (k + 1 + A)^0.602, c_k = c / (k + 1)^0.101, A = 10% of the
    // iterations; c = 1 point (integer values need perturbations of at least one), and `a`
    // set from the first gradient so the first step moves the largest value by 1 point.
    let big_a = (s.iterations as f64 / 10.0).max(1.0);
    let mut a = None;
    let mut steps = Vec::new();
    for k in 0..s.iterations {
        // A stop signal ends the search (`None`); it writes nothing, so it is played again.
        // The time limit does not: a search paused by it would start again at every resume.
        if crate::session::signals::stop_at_boundary() {
            return Ok(None);
        }
        let seed = s.first_seed + k as u64;
        let mut rng = derive_rng(seed, k as u64, bot_stream(crate::core::Seat(0)));
        let delta: Vec<f64> =
            (0..theta.len()).map(|_| if rng.random::<bool>() { 1.0 } else { -1.0 }).collect();
        let ck = 1.0 / ((k + 1) as f64).powf(0.101);
        let ck = ck.max(0.75);
        let plus_t: Vec<f64> = theta.iter().zip(&delta).map(|(t, d)| t + ck * d).collect();
        let minus_t: Vec<f64> = theta.iter().zip(&delta).map(|(t, d)| t - ck * d).collect();
        let (plus, minus) = (project(&plus_t)?, project(&minus_t)?);
        if plus == minus {
            continue;
        }
        let mut sweep =
            sweep_of(tuned, base, seed, s.matches, &[plus.clone(), minus.clone()], Some(&plus))?;
        let names = sweep.meta().metric_names;
        let index = |sweep: &Sweep, values: &[i64]| {
            let sets = tuned.variant_name(values);
            sweep.variants.iter().position(|v| v.name == sets).expect("a variant")
        };
        let (at_plus, at_minus) = (index(&sweep, &plus), index(&sweep, &minus));
        // The step's matches in two halves (shards 0/2 and 1/2 of its deal groups): each
        // half's change tells the step's noise from the values' effect; merged, they are the
        // whole step's tallies, exactly as one sweep of all the matches counts them.
        let mut halves = Vec::with_capacity(2);
        for index in 0..2 {
            sweep.request.request.shard = Some(Shard { index, count: 2 });
            halves.push(play_sweep(&sweep, threads)?);
        }
        let change = |b: &SweepBlock| {
            objective.distance(&b.tallies[at_plus], &names, tuned.model)
                - objective.distance(&b.tallies[at_minus], &names, tuned.model)
        };
        let change_halves = [change(&halves[0]), change(&halves[1])];
        let mut block: SweepBlock = halves.swap_remove(0);
        block.merge(&halves[0]);
        let loss_plus = objective.loss(&block.tallies[at_plus], &names, tuned.model);
        let loss_minus = objective.loss(&block.tallies[at_minus], &names, tuned.model);
        let g: Vec<f64> = delta.iter().map(|d| (loss_plus - loss_minus) / (2.0 * ck * d)).collect();
        let a_val = *a.get_or_insert_with(|| {
            let gmax = g.iter().fold(0.0f64, |m, x| m.max(x.abs()));
            if gmax > 0.0 { (big_a + 1.0).powf(0.602) / gmax } else { 1.0 }
        });
        let ak = a_val / ((k + 1) as f64 + big_a).powf(0.602);
        for (t, gi) in theta.iter_mut().zip(&g) {
            *t = (*t - ak * gi).clamp(lo as f64, hi as f64);
        }
        // Back onto the pool: shift every value alike.
        let shift = (s.pool as f64 - theta.iter().sum::<f64>()) / theta.len() as f64;
        theta.iter_mut().for_each(|t| *t = (*t + shift).clamp(lo as f64, hi as f64));
        let step = SpsaStep {
            iteration: k,
            seed,
            plus,
            minus,
            loss_plus,
            loss_minus,
            change_halves,
            theta: theta.clone(),
        };
        on_step(&step);
        steps.push(step);
    }
    Ok(Some((project(&theta)?, steps)))
}

/// Win shares are counted in 1/840 units; the paired quantities' scale.
pub fn quantity_scale(q: usize, players: usize) -> f64 {
    if q < players { SHARE_UNIT as f64 } else { 1.0 }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn apportion_keeps_the_pool_and_the_bounds() {
        let w = [1.0, 2.0, 3.0, 10.0];
        let v = apportion(&w, 40, 2, 15).unwrap();
        assert_eq!(v.iter().sum::<i64>(), 40);
        assert!(v.iter().all(|&x| (2..=15).contains(&x)), "{v:?}");
        assert!(v.windows(2).all(|p| p[0] <= p[1]), "order follows the weights: {v:?}");
        assert_eq!(v[3], 15, "clamped at the top");
        assert!(apportion(&w, 100, 2, 15).is_err());
        assert_eq!(apportion(&[1.0; 3], 7, 0, 9).unwrap(), vec![3, 2, 2]);
    }

    /// A share objective names one of the game's values: 1 to the count. A request file
    /// edited by hand gets the same one-line refusal as the flag, never an index out of range.
    #[test]
    fn a_share_objective_is_checked_against_the_games_values() {
        let game = crate::games::build("dardz", None, &[]).unwrap();
        let model = game.value_model().unwrap();
        let tuned = Tuned { game: "dardz", model, keys: model.keys() };
        for number in [0, 13] {
            let err = Objective::Share { number, share: 0.1 }.check(&tuned).unwrap_err();
            assert!(err.to_string().contains("dardz has 12 tuned values"), "{err}");
        }
        assert!(Objective::Share { number: 12, share: 0.1 }.check(&tuned).is_ok());
    }

    #[test]
    fn objectives_parse() {
        assert_eq!(Objective::parse("balance").unwrap(), Objective::Balance);
        assert_eq!(Objective::parse("length=60").unwrap(), Objective::Length(60.0));
        assert_eq!(
            Objective::parse("share:12=0.08").unwrap(),
            Objective::Share { number: 12, share: 0.08 }
        );
        for bad in ["share:0=0.1", "length=-1", "fair", "share:12=2"] {
            assert!(Objective::parse(bad).is_err(), "{bad}");
        }
    }
}
