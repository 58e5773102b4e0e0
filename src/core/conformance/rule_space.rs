//! The rule-space check: rule sets drawn at random from every parameter's declared range
//! (and every table cell's), several parameters changed at once and the ends of each range
//! drawn often, each either refused at load with a one-line error naming its parameters or
//! played through the conformance check ([`super::check`]) without a panic, a broken
//! invariant, a trace whose events' points do not sum to the outcome's scores or an endless
//! match. The rules found wrong before were all off the default
//! path (TRICE with one row, DARDZ with eight players and a short pile), which a check of
//! the defaults alone never visits.
//!
//! The declared range is the `allowed` text every parameter carries (`arena games` prints
//! it): `A to B` (B may name another parameter, whose own upper end is then used), or a list
//! of words (`x, y or z`, `true or false`). A value that is not a single word (`a card file
//! path`) is not drawn; the parameter keeps its default. [`domain`] refuses any other text,
//! so a new parameter whose range this module cannot read fails the tests instead of being
//! skipped.
//!
//! A rule set's matches are matches 0, 1, ... of its seed, checked one at a time
//! ([`super::check_matches`], the first with the observation checks), so a failure names its
//! match and replays with `arena trace --bots random --seating fixed --seed S --match K` and
//! the rule set's `--set` flags, which [`Failure`] prints. An engine setting (a turn cap) is
//! drawn only up to ten times its default ([`domain`]).

use std::panic::{AssertUnwindSafe, catch_unwind};

use rand::RngExt;

use crate::core::rules::{Origin, ParamInfo};
use crate::core::trace::TraceGame;
use crate::core::{Rng, derive_rng};

/// What a parameter may be set to, read from its `allowed` text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Domain {
    /// Whole numbers from `lo` to `hi`, both included.
    Int { lo: i64, hi: i64 },
    /// One of these words.
    Words(Vec<String>),
    /// Not drawn (a file path): the default stays.
    Fixed,
}

/// The domain of `p` among `all` (the game's parameters, for a bound that names another);
/// an error names the parameter and the text that could not be read.
pub fn domain(p: &ParamInfo, all: &[ParamInfo]) -> Result<Domain, String> {
    let text = p.allowed.trim();
    let unreadable = || format!("`{}`: cannot read the allowed range `{text}`", p.key);
    if let Some((lo, rest)) = text.split_once(" to ") {
        let lo: i64 = lo.trim().parse().map_err(|_| unreadable())?;
        // The bound ends at the first comma (", at least `columns`" and such are checks
        // across parameters that validation makes).
        let hi = rest.split(',').next().unwrap_or("").trim().trim_matches('`');
        let hi = match hi.parse::<i64>() {
            Ok(hi) => hi,
            Err(_) => {
                let other = all.iter().find(|q| q.key == hi).ok_or_else(unreadable)?;
                match domain(other, all)? {
                    Domain::Int { hi, .. } => hi,
                    _ => return Err(unreadable()),
                }
            }
        };
        if lo > hi {
            return Err(unreadable());
        }
        // An engine setting (a turn cap) is no rule: its far end only makes matches that
        // never end by the rules run longer before the cap stops them, so it is drawn up to
        // ten times its default.
        let hi = match (p.origin, p.default.parse::<i64>()) {
            (Origin::Engine, Ok(default)) => hi.min(lo.max(default.saturating_mul(10))),
            _ => hi,
        };
        return Ok(Domain::Int { lo, hi });
    }
    // A list of words: "x, y or z"; a parenthesis is a remark ("true (4 or 6 players only)").
    let mut plain = String::new();
    let mut depth = 0;
    for ch in text.chars() {
        match ch {
            '(' => depth += 1,
            ')' => depth -= 1,
            _ if depth == 0 => plain.push(ch),
            _ => {}
        }
    }
    let items: Vec<String> = plain
        .split(", ")
        .flat_map(|part| part.split(" or "))
        .map(|w| w.trim().to_string())
        .filter(|w| !w.is_empty())
        .collect();
    if items.len() < 2 {
        return Err(unreadable());
    }
    let words: Vec<String> = items.iter().filter(|w| !w.contains(' ')).cloned().collect();
    if !words.contains(&p.default) {
        return Err(unreadable());
    }
    // Described values ("a card file path") cannot be drawn: keep the default.
    Ok(if words.len() == 1 { Domain::Fixed } else { Domain::Words(words) })
}

/// Every parameter's domain, in declaration order; the first unreadable one is an error.
pub fn domains(params: &[ParamInfo]) -> Result<Vec<(String, Domain)>, String> {
    params.iter().map(|p| Ok((p.key.clone(), domain(p, params)?))).collect()
}

/// One value of `d`: its ends often (a third of the draws for ranges), the default's
/// neighbours, or anywhere, small values favoured (a log-uniform distance from the low end,
/// so `1 to 1000000` is not nearly always six digits).
fn draw_value(d: &Domain, default: &str, rng: &mut Rng) -> Option<String> {
    match d {
        Domain::Fixed => None,
        Domain::Words(words) => Some(words[rng.random_range(0..words.len())].clone()),
        &Domain::Int { lo, hi } => {
            let v = match rng.random_range(0..6) {
                0 => lo,
                1 => hi,
                2 => default.parse::<i64>().unwrap_or(lo) + rng.random_range(-3..=3),
                3 => rng.random_range(lo..=hi),
                _ => {
                    let span = (hi - lo) as f64 + 1.0;
                    lo + (span.powf(rng.random::<f64>()) - 1.0).floor() as i64
                }
            };
            Some(v.clamp(lo, hi).to_string())
        }
    }
}

/// A rule set: `key=value` pairs as `--set` takes them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RuleSet(pub Vec<(String, String)>);

impl RuleSet {
    /// As `--set` arguments (`key=value`), for `Rules` and the game registry.
    pub fn sets(&self) -> Vec<String> {
        self.0.iter().map(|(k, v)| format!("{k}={v}")).collect()
    }

    /// As command-line flags: `--set k=v --set ...`.
    pub fn flags(&self) -> String {
        self.sets().iter().map(|s| format!("--set {s}")).collect::<Vec<_>>().join(" ")
    }
}

/// Draw a rule set: two or more parameters changed at once (sometimes all of them), each from
/// its domain. Parameters that cannot be drawn are left out.
pub fn draw_rule_set(params: &[ParamInfo], doms: &[(String, Domain)], rng: &mut Rng) -> RuleSet {
    let drawable: Vec<usize> = (0..doms.len()).filter(|&i| doms[i].1 != Domain::Fixed).collect();
    if drawable.is_empty() {
        return RuleSet(Vec::new());
    }
    let count = if rng.random_range(0..8) == 0 {
        drawable.len()
    } else {
        rng.random_range(2.min(drawable.len())..=6.min(drawable.len()))
    };
    // The first `count` of a shuffled list, kept in declaration order.
    let mut order = drawable;
    for i in (1..order.len()).rev() {
        order.swap(i, rng.random_range(0..=i));
    }
    let mut chosen = order[..count].to_vec();
    chosen.sort_unstable();
    let set = chosen
        .into_iter()
        .filter_map(|i| {
            let value = draw_value(&doms[i].1, &params[i].default, rng)?;
            Some((doms[i].0.clone(), value))
        })
        .collect();
    RuleSet(set)
}

/// A rule set that broke the check, with everything needed to replay it.
#[derive(Clone, Debug)]
pub struct Failure {
    pub game: String,
    pub players: usize,
    pub rules: RuleSet,
    /// The match's seed (`None` when the rule set failed before any match, e.g. a refusal
    /// that is not one line naming its parameters) and index.
    pub seed: Option<u64>,
    pub index: u64,
    pub message: String,
}

impl std::fmt::Display for Failure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let first = self.message.lines().next().unwrap_or("");
        match self.seed {
            Some(seed) => write!(
                f,
                "{} with {} players, {}: {first}\n  replay: arena trace --game {} --players {} --bots random --seating fixed --seed {seed} --match {} {}",
                self.game,
                self.players,
                self.rules.flags(),
                self.game,
                self.players,
                self.index,
                self.rules.flags()
            ),
            None => {
                write!(
                    f,
                    "{} with {} players, {}: {first}",
                    self.game,
                    self.players,
                    self.rules.flags()
                )
            }
        }
    }
}

/// How a rule set fared.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Refused at load (the error), rightly: one line naming one of its parameters.
    Refused(String),
    /// Played: this many matches passed the conformance check.
    Played(u64),
}

/// A load refusal is acceptable when it is one line naming one of the rule set's parameters
/// (or, for a player count, the parameter that restricts it).
pub fn refusal(
    game: &str,
    players: usize,
    rules: &RuleSet,
    error: String,
) -> Result<Verdict, Failure> {
    let names_one = rules.0.iter().any(|(k, _)| error.contains(k.as_str()));
    if error.lines().count() == 1 && names_one {
        Ok(Verdict::Refused(error))
    } else {
        Err(Failure {
            game: game.to_string(),
            players,
            rules: rules.clone(),
            seed: None,
            index: 0,
            message: format!("refused without one line naming its parameters: {error}"),
        })
    }
}

/// Play `matches` checked matches of `game` (already built from `rules`) with `players`
/// seats: matches 0 to `matches - 1` of `seed`, the first with the observation checks too.
/// The first panic is the failure.
pub fn play_rule_set<G: TraceGame>(
    game: &G,
    players: usize,
    rules: &RuleSet,
    matches: u64,
    seed: u64,
) -> Result<Verdict, Failure> {
    if let Err(e) = game.check_players(players) {
        return refusal(game.name(), players, rules, e);
    }
    for k in 0..matches {
        let run = catch_unwind(AssertUnwindSafe(|| {
            // Chance outcomes are listed by the sampler itself under any rules; the per-game
            // checks hold the listing to it, which thousands of rule sets could not afford.
            super::check_matches(game, players, seed, k..k + 1, 1, 0)
        }));
        if let Err(payload) = run {
            let message = payload
                .downcast_ref::<String>()
                .cloned()
                .or_else(|| payload.downcast_ref::<&str>().map(|m| m.to_string()))
                .unwrap_or_else(|| "a panic without a message".to_string());
            return Err(Failure {
                game: game.name().to_string(),
                players,
                rules: rules.clone(),
                seed: Some(seed),
                index: k,
                message,
            });
        }
    }
    Ok(Verdict::Played(matches))
}

/// The seed of rule set `index` of `game` with `players` (drawing and playing both start
/// from it, so every rule set is a pure function of the master seed and its place).
pub fn rule_set_rng(master: u64, game: &str, players: usize, index: u64) -> Rng {
    let name = game.bytes().fold(0u64, |h, b| h.wrapping_mul(31).wrapping_add(b as u64));
    derive_rng(master ^ name, index, 0x5e7_0000 + players as u64)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn param(key: &str, default: &str, allowed: &'static str) -> ParamInfo {
        ParamInfo {
            key: key.into(),
            value: default.into(),
            default: default.into(),
            allowed,
            origin: Origin::Default,
            doc: String::new(),
        }
    }

    #[test]
    fn domains_are_read_from_the_allowed_text() {
        let all = vec![
            param("copies", "6", "1 to 20"),
            param("golden", "1", "0 to copies"),
            param("dice", "4", "1 to 12, and 3 x this >= rows x columns"),
            param("value", "-5", "-100 to 100"),
            param("teams", "false", "true (4 or 6 players only) or false"),
            param("start", "seat0", "seat0, rotate or continue"),
            param("boost", "after_jackpot_or_triple", "after_jackpot_or_triple, never or always"),
            param("cards", "default", "default or a card file path"),
        ];
        let d = domains(&all).unwrap();
        let words = |w: &[&str]| Domain::Words(w.iter().map(|s| s.to_string()).collect());
        assert_eq!(d[0].1, Domain::Int { lo: 1, hi: 20 });
        assert_eq!(d[1].1, Domain::Int { lo: 0, hi: 20 });
        assert_eq!(d[2].1, Domain::Int { lo: 1, hi: 12 });
        assert_eq!(d[3].1, Domain::Int { lo: -100, hi: 100 });
        assert_eq!(d[4].1, words(&["true", "false"]));
        assert_eq!(d[5].1, words(&["seat0", "rotate", "continue"]));
        assert_eq!(d[6].1, words(&["after_jackpot_or_triple", "never", "always"]));
        assert_eq!(d[7].1, Domain::Fixed);
        let cap = ParamInfo { origin: Origin::Engine, ..param("turn_cap", "200", "1 to 10000") };
        assert_eq!(domain(&cap, &all).unwrap(), Domain::Int { lo: 1, hi: 2000 }, "10 x default");
        let err = domain(&param("speed", "1", "fast enough"), &all).unwrap_err();
        assert!(err.contains("`speed`"), "{err}");
    }

    #[test]
    fn draws_reach_both_ends_and_change_several_parameters() {
        let all = vec![param("a", "5", "1 to 1000000"), param("b", "x", "x, y or z")];
        let doms = domains(&all).unwrap();
        let mut rng = derive_rng(1, 2, 3);
        let sets: Vec<RuleSet> = (0..300).map(|_| draw_rule_set(&all, &doms, &mut rng)).collect();
        let a: Vec<i64> = sets
            .iter()
            .flat_map(|s| s.0.iter())
            .filter(|(k, _)| k == "a")
            .map(|(_, v)| v.parse().unwrap())
            .collect();
        assert!(a.contains(&1) && a.contains(&1_000_000));
        assert!(a.iter().filter(|&&v| v < 1000).count() > a.len() / 3, "small values favoured");
        assert!(sets.iter().all(|s| s.0.len() == 2), "both parameters, every time");
        assert_eq!(
            sets[0].flags(),
            format!("--set a={} --set b={}", sets[0].0[0].1, sets[0].0[1].1)
        );
    }
}
