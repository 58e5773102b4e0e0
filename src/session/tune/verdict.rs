//! What a tuning concludes, in words, for stdout and the tuning's `verdict.txt`: whether the
//! search's steps could tell their values apart ([`crate::stats::step_noise`]), then the
//! confirmation's conclusion across the current values and the proposals
//! ([`crate::stats::sweep_verdict`]), the variants called by their roles. One source for
//! both, so the file says what stdout said, with the methods besides.

use crate::session::sweep::run::SweepResult;
use crate::session::tune::{Objective, SpsaStep, quantity_scale};
use crate::stats::step_noise::{StepNoise, step_noise, step_noise_said, unmeasured_said};
use crate::stats::sweep_verdict::Said;

/// The search's steps' change and noise, from each step's two halves; `None` without a
/// search or without a step both of whose halves gave a figure.
pub fn search_noise(steps: &[SpsaStep], matches: u64) -> Option<StepNoise> {
    let halves: Vec<[f64; 2]> = steps.iter().map(|s| s.change_halves).collect();
    step_noise(&halves, matches)
}

/// The tuning's lines: the search's (after a search) and the confirmation's conclusion.
pub struct TuneSaid {
    /// Whether the search's steps told their values apart (a warning when they did not).
    pub search: Option<(Said, bool)>,
    pub conclusion: Vec<Said>,
}

impl TuneSaid {
    /// `verdict.txt`: every line with its method.
    pub fn whole(&self) -> String {
        let search = self.search.iter().map(|(s, _)| s.whole.clone());
        let lines: Vec<String> =
            search.chain(self.conclusion.iter().map(|s| s.whole.clone())).collect();
        lines.join("\n") + "\n"
    }

    /// The warning stdout prints, when the search's steps were too small.
    pub fn warning(&self) -> Option<&str> {
        self.search.as_ref().filter(|(_, swamped)| *swamped).map(|(s, _)| s.plain.as_str())
    }
}

/// The confirmation's variants by their roles: the current values, the proposal (the
/// variant named `proposal`), the objective's proposal.
pub fn roles(confirm: &SweepResult, proposal: &str) -> Vec<String> {
    let meta = &confirm.meta;
    meta.variants
        .iter()
        .enumerate()
        .map(|(v, variant)| match v {
            _ if v == meta.baseline => "the current values (baseline)".to_string(),
            _ if variant.name == proposal => "the proposal".to_string(),
            _ => "the objective's proposal".to_string(),
        })
        .collect()
}

/// What a tuning's search did, for its line.
pub struct SearchFacts<'a> {
    pub objective: &'a Objective,
    /// Steps played (a step whose two sides project to the same values is not).
    pub steps: usize,
    /// Matches per evaluation.
    pub matches: u64,
    /// `None` when no step could be measured on both halves.
    pub noise: Option<&'a StepNoise>,
}

/// The tuning's lines from its confirmation, proposal and, after a search of at least one
/// step, what its steps measured.
pub fn tune_said(confirm: &SweepResult, proposal: &str, search: Option<SearchFacts>) -> TuneSaid {
    let search = search.filter(|s| s.steps > 0).map(|s| match s.noise {
        Some(noise) => {
            let (plain, whole) = step_noise_said(noise, s.objective.unit());
            (Said { whole, plain }, noise.swamped())
        }
        // Too few matches in every step to measure it at all: too small, said so.
        None => {
            let (plain, whole) = unmeasured_said(s.steps, s.matches);
            (Said { whole, plain }, true)
        }
    });
    let conclusion = confirm.meta.conclusion_naming_said(
        &confirm.block,
        confirm.verdict,
        &roles(confirm, proposal),
    );
    TuneSaid { search, conclusion }
}

/// One variant of the confirmation as stdout lists it: its role, its seat balance in words
/// (against the run's margin), and each paired difference against the current values.
pub struct Confirmed {
    /// `current`, `proposal` or `objective`.
    pub role: &'static str,
    /// The current values, against which the others are paired.
    pub is_baseline: bool,
    pub balance: String,
    /// `(quantity, difference, 95% interval)`: the seats' win shares in pp, then turns;
    /// empty for the current values, the baseline.
    pub differences: Vec<(String, f64, (f64, f64))>,
}

/// The confirmation's variants, the current values first, each with the figures its
/// `sweep_diff.csv` rows and verdict were computed with.
pub fn confirmed(confirm: &SweepResult, proposal: &str) -> Vec<Confirmed> {
    let meta = &confirm.meta;
    let verdict = confirm.verdict;
    let balance = |v: usize| {
        let b = verdict.balance(&confirm.block.tallies[v], &meta.labels);
        verdict.words(verdict.answer(&b.seats))
    };
    let mut out = vec![Confirmed {
        role: "current",
        is_baseline: true,
        balance: balance(meta.baseline),
        differences: Vec::new(),
    }];
    for (v, variant) in meta.variants.iter().enumerate() {
        if v == meta.baseline {
            continue;
        }
        let paired = &confirm.block.paired;
        let differences = paired
            .quantities
            .iter()
            .enumerate()
            .take(meta.players + 1)
            .map(|(q, name)| {
                let d = paired.diff(v, q, quantity_scale(q, meta.players), 0.95);
                let k = if q < meta.players { 100.0 } else { 1.0 };
                (name.clone(), k * d.diff, (k * d.ci.0, k * d.ci.1))
            })
            .collect();
        let role = if variant.name == proposal { "proposal" } else { "objective" };
        out.push(Confirmed { role, is_baseline: false, balance: balance(v), differences });
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn step(change_halves: [f64; 2]) -> SpsaStep {
        SpsaStep {
            iteration: 0,
            seed: 1,
            plus: Vec::new(),
            minus: Vec::new(),
            loss_plus: 0.0,
            loss_minus: 0.0,
            change_halves,
            theta: Vec::new(),
        }
    }

    /// The tune's steps' halves make its search line: a warning on stdout only when the
    /// noise swamps the change, and verdict.txt's first line either way.
    #[test]
    fn a_tune_search_line_warns_only_when_its_steps_are_swamped() {
        let swamped =
            search_noise(&[step([1.0, -0.9]), step([-0.8, 1.1]), step([0.3, -0.2])], 2_000)
                .unwrap();
        let clear =
            search_noise(&[step([1.0, 1.1]), step([-0.9, -1.0]), step([1.2, 1.0])], 2_000).unwrap();
        for (noise, warns) in [(swamped, true), (clear, false)] {
            let (plain, whole) = step_noise_said(&noise, Objective::Balance.unit());
            let said = TuneSaid {
                search: Some((Said { whole, plain }, noise.swamped())),
                conclusion: Vec::new(),
            };
            assert_eq!(said.warning().is_some(), warns, "{noise:?}");
            let first = said.whole();
            assert_eq!(first.starts_with("Warning: "), warns, "{first}");
            assert!(first.contains(" pp") && first.contains("(3 steps of 2000 matches"), "{first}");
        }
        // A half with no figure (no decisive match in it) leaves its step out.
        assert!(search_noise(&[step([f64::NAN, 0.1])], 10).is_none());
    }
}
