//! What a run plays, validated: a [`MatchSpec`] (the match-defining choices, as a caller
//! states them) becomes a [`Plan`] (a configured game, its lineup and seating), with an
//! optional [`Stopping`] rule and [`Shard`]. Every check on input happens here, before
//! anything touches the file system, so bad input never leaves output behind.

pub mod fingerprint;
pub mod pilot;
pub mod request;

use crate::core::GameRules;
use crate::core::file_record::InputFile;
use crate::session::plan::fingerprint::{PlanFingerprint, StoppingPrint};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use crate::bots::profile;
use crate::games::{self, AnyGame};
use crate::runner::{RunSpec, Seating};
use crate::session::input::input;
use crate::stats::Tally;
use crate::stats::analysis;
use crate::stats::hypothesis::{Sprt, SprtDecision};
use crate::stats::intervals::wilson;
use crate::stats::sequential::{Design, MAX_LOOKS};
use crate::stats::verdict::{Answer, Levels};
use crate::stats::verdict_flags::VerdictFlags;

/// The choices that define which matches are played (the same for `run`, `trace`, `plan` and
/// `bench`, so that a trace replays exactly what a run played).
#[derive(Clone, Debug)]
pub struct MatchSpec {
    pub game: String,
    /// `None`: the game's usual count.
    pub players: Option<usize>,
    /// Bots per seat, comma-separated, or one profile for every seat; `None`: the game's
    /// default bots from the registry.
    pub bots: Option<String>,
    pub seed: u64,
    pub seating: Seating,
    /// A rules file (TOML) applied before `sets`.
    pub rules: Option<PathBuf>,
    /// `key=value` rule overrides.
    pub sets: Vec<String>,
}

impl MatchSpec {
    /// `game` with its default rules and bots, seed 1 and rotated seating.
    pub fn new(game: &str) -> Self {
        MatchSpec {
            game: game.to_string(),
            players: None,
            bots: None,
            seed: 1,
            seating: Seating::Rotate,
            rules: None,
            sets: Vec::new(),
        }
    }
}

/// One validated experiment on one game.
#[derive(Debug)]
pub struct Plan {
    pub game: AnyGame,
    pub rules_file: Option<PathBuf>,
    pub spec: RunSpec,
    pub stopping: Option<Stopping>,
    /// The balance verdict's terms: they change the verdict's words, never a match.
    pub verdict: VerdictFlags,
}

impl Plan {
    /// Validate `spec` for a run of `matches` matches.
    pub fn new(spec: &MatchSpec, matches: u64) -> anyhow::Result<Plan> {
        let entry = games::entry(&spec.game).map_err(input)?;
        let game = entry.configure(spec.rules.as_deref(), &spec.sets).map_err(input)?;
        let players = spec.players.unwrap_or_else(|| game.default_players());
        crate::with_game!(&game, g => g.check_players(players)).map_err(input)?;
        let bots = spec.bots.as_deref().unwrap_or(entry.default_bots);
        // Each bot as it plays this game, so the manifest records the settings played with.
        let lineup: Vec<_> = profile::parse_lineup(bots, players)
            .map_err(input)?
            .iter()
            .map(|bot| bot.for_game(entry.name))
            .collect();
        for bot in &lineup {
            crate::with_game!(&game, g => crate::bots::check_prefer_kinds(bot, g, players))
                .map_err(input)?;
        }
        Ok(Plan {
            game,
            rules_file: spec.rules.clone(),
            spec: RunSpec { players, lineup, matches, seed: spec.seed, seating: spec.seating },
            stopping: None,
            verdict: VerdictFlags::default(),
        })
    }

    /// Matches per deal group under this plan's seating.
    pub fn group(&self) -> u64 {
        self.spec.seating.group_size(self.spec.players)
    }

    /// Everything that decides the numbers of this plan: a checkpoint, a shard or a resumed
    /// folder is only ever combined with one whose fingerprint is identical.
    pub fn fingerprint(&self, per_match: bool) -> PlanFingerprint {
        let spec = &self.spec;
        PlanFingerprint {
            crate_version: crate::output::manifest::CRATE_VERSION.to_string(),
            game: self.game.name().to_string(),
            input_files: self.input_files(),
            lineup: as_json(&spec.lineup),
            matches: spec.matches,
            per_match,
            players: spec.players,
            rules: resolved_rules(&self.game),
            seating: spec.seating,
            seed: spec.seed,
            stopping: self.stopping.map(|s| StoppingPrint {
                check_every: s.check_every,
                sprt: as_json(&s.sprt),
                until_ci: s.until_ci,
                until_decided: s.until_decided.map(|u| as_json(&u)),
            }),
        }
    }

    /// The content digest of each file a rule value names (a card or sheet file), by the
    /// rule's key: the path alone would let an edited file, or another file of the same
    /// name read from another directory, into a resumed run or a merged shard.
    pub fn input_files(&self) -> BTreeMap<String, InputFile> {
        rule_files(&self.game)
    }

    /// Every file the run read, by what it was: the files its rules name, the rules file
    /// (`rules_file`) and `extra` (an experiment file), each with its SHA-256, for the
    /// manifest. The rules file is not in the fingerprint: its resolved values are, so an
    /// edit that changes no value (a comment) does not stop a resume.
    pub fn inputs_read(&self, extra: &BTreeMap<String, InputFile>) -> BTreeMap<String, InputFile> {
        let mut files = self.input_files();
        let named = self.rules_file.iter().map(|p| ("rules_file".to_string(), p.clone()));
        files.extend(input_records(named));
        files.extend(extra.iter().map(|(k, v)| (k.clone(), v.clone())));
        files
    }
}

/// A stopping rule as asked for, before validation.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct StoppingRequest {
    /// Stop once seat 0's 95% interval is at most this wide.
    pub until_ci: Option<f64>,
    /// `P0,P1` of a sequential probability ratio test on seat 0's win share.
    pub sprt: Option<String>,
    pub sprt_alpha: f64,
    pub sprt_beta: f64,
    /// Matches between checks.
    pub check_every: u64,
    /// Stop as soon as the balance verdict is decided (fair, a small edge or unfair), by a
    /// group-sequential design whose error rates hold over every look (absent from older
    /// plan files: off).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub until_decided: bool,
}

impl Default for StoppingRequest {
    fn default() -> Self {
        StoppingRequest {
            until_ci: None,
            sprt: None,
            sprt_alpha: 0.05,
            sprt_beta: 0.05,
            check_every: 10_000,
            until_decided: false,
        }
    }
}

/// The stopping rule as a command line or an experiment file gives it, flag by flag (`None`:
/// not given). Declared once: clap derives `arena run`'s flags from it and serde an
/// experiment file's keys; [`Self::request`] fills in the defaults. Stopping rules play in
/// deterministic chunks and stop at the first chunk boundary where the rule is met, so the
/// stopping index is the same for any thread count; `--matches` becomes the maximum (default
/// 10,000,000 with a stopping rule).
#[derive(clap::Args, Clone, Debug, Default, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct StoppingFlags {
    /// Stop once seat 0's 95% win-share interval is at most this wide (e.g. 0.01).
    #[arg(long, value_name = "WIDTH", value_parser = crate::core::flags::finite)]
    pub until_ci: Option<f64>,
    /// Sequential probability ratio test on seat 0's win share: H0 p = P0 against H1 p = P1
    /// (e.g. `--sprt 0.5,0.55`); stop when one is accepted.
    #[arg(long, value_name = "P0,P1")]
    pub sprt: Option<String>,
    /// The SPRT's false-positive rate [default: 0.05].
    #[arg(long, value_parser = crate::core::flags::finite)]
    pub sprt_alpha: Option<f64>,
    /// The SPRT's false-negative rate [default: 0.05].
    #[arg(long, value_parser = crate::core::flags::finite)]
    pub sprt_beta: Option<f64>,
    /// Matches between checks of a stopping rule, rounded up to whole deal groups
    /// [default: 10000].
    #[arg(long)]
    pub check_every: Option<u64>,
    /// Stop as soon as the balance verdict is decided (fair within the margin, a real but
    /// small edge, or unfair beyond it), looking every --check-every matches; --matches is
    /// the cap. A group-sequential design (Pocock-type alpha spending) keeps each error rate
    /// at 5% over all the looks. On by default for the default experiment (no --game, on the
    /// command line or in an experiment file, and no other stopping rule);
    /// `--until-decided=off` plays every match.
    #[arg(long, value_name = "on|off", num_args = 0..=1, default_missing_value = "on",
          value_parser = clap::builder::BoolishValueParser::new())]
    pub until_decided: Option<bool>,
}

impl StoppingFlags {
    /// The stopping request, with the defaults for what was not given.
    pub fn request(&self) -> StoppingRequest {
        let d = StoppingRequest::default();
        StoppingRequest {
            until_ci: self.until_ci,
            sprt: self.sprt.clone(),
            sprt_alpha: self.sprt_alpha.unwrap_or(d.sprt_alpha),
            sprt_beta: self.sprt_beta.unwrap_or(d.sprt_beta),
            check_every: self.check_every.unwrap_or(d.check_every),
            until_decided: self.until_decided.unwrap_or(d.until_decided),
        }
    }

    /// Whether a rule that stops on seat 0's interval or an SPRT was asked for.
    pub fn on_seat_zero(&self) -> bool {
        self.until_ci.is_some() || self.sprt.is_some()
    }
}

impl StoppingRequest {
    /// This request as flags that give every value it holds (for naming the flags a resumed
    /// run disagrees with).
    pub fn as_flags(&self) -> StoppingFlags {
        StoppingFlags {
            until_ci: self.until_ci,
            sprt: self.sprt.clone(),
            sprt_alpha: Some(self.sprt_alpha),
            sprt_beta: Some(self.sprt_beta),
            check_every: Some(self.check_every),
            until_decided: Some(self.until_decided),
        }
    }
}

/// A validated stopping rule: play in deterministic chunks and stop at the first chunk
/// boundary where the rule is met, so the stopping index is the same for any thread count.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize)]
pub struct Stopping {
    pub until_ci: Option<f64>,
    pub sprt: Option<Sprt>,
    /// Matches between checks.
    pub check_every: u64,
    /// Stop once the balance verdict is decided; absent from the fingerprint when off, so
    /// runs without it keep theirs.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub until_decided: Option<UntilDecided>,
}

/// `--until-decided`: the sequential design of the looks and the margin the verdict is
/// decided against (with this rule the margin decides where the run stops, so it is part
/// of the fingerprint).
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize)]
pub struct UntilDecided {
    pub design: Design,
    pub margin_pp: f64,
}

impl UntilDecided {
    /// The verdict's levels after `played` matches of a `players`-seat game.
    pub fn levels(&self, played: u64, players: usize) -> Levels {
        self.design.levels(played, players)
    }

    /// The verdict's answer after `played` matches.
    pub fn answer(&self, tally: &Tally, played: u64) -> (Answer, Levels) {
        let levels = self.levels(played, tally.players);
        // The seats alone: the verdict's words (and the advice they plan) are written once,
        // when the run ends.
        let seats = analysis::seat_balances(tally);
        (analysis::answer_at(&seats, self.margin_pp, &levels), levels)
    }
}

/// Every rule parameter of `game` with its resolved value, in the game's order, as a
/// fingerprint holds them.
pub fn resolved_rules(game: &AnyGame) -> Vec<(String, String)> {
    game.params().iter().map(|p| (p.key.to_string(), p.value.clone())).collect()
}

/// A value as the JSON a fingerprint holds it in (plain data: it always converts).
pub(crate) fn as_json(value: &impl serde::Serialize) -> serde_json::Value {
    serde_json::to_value(value).expect("a bot or a stopping rule converts to JSON")
}

/// The digest of each file a rule value of `game` names (a card or sheet file), by key.
pub fn rule_files(game: &AnyGame) -> BTreeMap<String, InputFile> {
    game.params()
        .iter()
        .filter(|p| p.value != "default")
        .filter_map(|p| Some((p.key.to_string(), input_record(Path::new(&p.value))?)))
        .collect()
}

/// [`input_record`] of each `(what, path)` that names a file.
pub fn input_records(
    files: impl IntoIterator<Item = (String, PathBuf)>,
) -> BTreeMap<String, InputFile> {
    files.into_iter().filter_map(|(what, p)| Some((what, input_record(&p)?))).collect()
}

/// `{path, sha256}` of the regular file at `path`; `None` when there is none to read.
pub fn input_record(path: &Path) -> Option<InputFile> {
    if !path.is_file() {
        return None;
    }
    let bytes = std::fs::read(path).ok()?;
    let digest = crate::core::file_record::content_digest(&bytes);
    Some(InputFile { path: path.display().to_string(), sha256: digest })
}

/// The largest `--check-every` (2^62: far past any run, and still a whole number of deal
/// groups of any size when rounded up).
pub const MAX_CHECK_EVERY: u64 = 1 << 62;

impl Stopping {
    /// Validate a request for a run of at most `matches` matches; `None` when no rule was
    /// asked for.
    pub fn parse(request: &StoppingRequest, matches: u64) -> anyhow::Result<Option<Stopping>> {
        if request.until_ci.is_none() && request.sprt.is_none() && !request.until_decided {
            return Ok(None);
        }
        if let Some(w) = request.until_ci
            && !(w > 0.0 && w <= 1.0)
        {
            return Err(input(format!("--until-ci must be a width between 0 and 1, got {w}")));
        }
        let sprt = match &request.sprt {
            None => None,
            Some(text) => Some(parse_sprt(text, request.sprt_alpha, request.sprt_beta)?),
        };
        if request.check_every == 0 {
            return Err(input("--check-every must be at least 1"));
        }
        // A check interval past 2^63 cannot be rounded up to whole deal groups in 64 bits,
        // and no run gets there: refuse it rather than overflow.
        if request.check_every > MAX_CHECK_EVERY {
            return Err(input(format!(
                "--check-every must be from 1 to {MAX_CHECK_EVERY}, got {}",
                request.check_every
            )));
        }
        let until_decided = if request.until_decided {
            let design = Design { every: request.check_every, cap: matches.max(1) };
            if design.looks() > MAX_LOOKS {
                return Err(input(format!(
                    "--until-decided plans at most {MAX_LOOKS} looks: with --matches {matches}, --check-every must be at least {}, got {}",
                    matches.div_ceil(MAX_LOOKS),
                    request.check_every
                )));
            }
            let margin_pp = crate::stats::verdict::DEFAULT_FAIR_WITHIN_PP;
            Some(UntilDecided { design, margin_pp })
        } else {
            None
        };
        Ok(Some(Stopping {
            until_ci: request.until_ci,
            sprt,
            check_every: request.check_every,
            until_decided,
        }))
    }

    /// This rule for a plan: its looks on whole deal groups of `group` matches (where the
    /// run checks), decided against the verdict's terms.
    pub fn for_plan(mut self, group: u64, verdict: VerdictFlags) -> Stopping {
        if let Some(rule) = self.until_decided.as_mut() {
            let every = rule.design.every;
            rule.design.every = every.div_ceil(group).saturating_mul(group).max(1);
            rule.margin_pp = verdict.margin_pp();
        }
        self
    }

    /// Why the run should stop after `played` matches, if it should: the interval and the
    /// SPRT are checked on seat 0 (the first to move), the verdict on every seat.
    pub fn reason(&self, tally: &Tally, played: u64) -> Option<String> {
        if let Some(rule) = self.until_decided {
            let (answer, levels) = rule.answer(tally, played);
            if matches!(answer, Answer::Fair | Answer::SmallEdge | Answer::Unfair) {
                let look = levels
                    .look
                    .map_or(String::new(), |l| format!(" at look {} of {}", l.index, l.of));
                return Some(format!(
                    "the balance verdict is decided{look}: {}",
                    answer.words(rule.margin_pp)
                ));
            }
        }
        let seat = &tally.seats[0];
        if let Some(width) = self.until_ci {
            let (lo, hi) = wilson(seat.win_shares(), seat.matches, 0.95);
            if hi - lo <= width {
                return Some(format!(
                    "seat 0's 95% interval [{lo:.6}, {hi:.6}] is at most {width} wide"
                ));
            }
        }
        if let Some(sprt) = self.sprt {
            match sprt.decide(seat.win_shares(), seat.matches) {
                SprtDecision::AcceptH0 => {
                    return Some(format!("SPRT accepted H0 (p = {})", sprt.p0));
                }
                SprtDecision::AcceptH1 => {
                    return Some(format!("SPRT accepted H1 (p = {})", sprt.p1));
                }
                SprtDecision::Continue => {}
            }
        }
        None
    }
}

fn parse_sprt(text: &str, alpha: f64, beta: f64) -> anyhow::Result<Sprt> {
    let parts: Vec<&str> = text.split(',').map(str::trim).collect();
    let parsed: Vec<f64> = parts.iter().filter_map(|p| p.parse().ok()).collect();
    let [p0, p1] = parsed[..] else {
        return Err(input(format!(
            "--sprt needs two win shares P0,P1 (e.g. 0.5,0.55), got `{text}`"
        )));
    };
    if parts.len() != 2 || !(0.0 < p0 && p0 < 1.0 && 0.0 < p1 && p1 < 1.0) || p0 == p1 {
        return Err(input(format!(
            "--sprt needs two different win shares strictly between 0 and 1, got `{text}`"
        )));
    }
    // arena's SPRT looks for an edge, H1's share above H0's; reversed values are a slip that
    // would otherwise run to a verdict about the wrong side.
    if p0 > p1 {
        return Err(input(format!(
            "--sprt P0,P1 needs P0 < P1 (H0: seat 0's share is P0; H1: it is P1, above it), got `{text}`"
        )));
    }
    for (name, v) in [("--sprt-alpha", alpha), ("--sprt-beta", beta)] {
        if !(v > 0.0 && v < 0.5) {
            return Err(input(format!("{name} must be between 0 and 0.5, got {v}")));
        }
    }
    Ok(Sprt { p0, p1, alpha, beta })
}

/// One part of a plan, for spreading a run over machines: shard `index` of `count` plays a
/// contiguous range of whole deal groups; merging the shards gives exactly the files the
/// whole run would have written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Shard {
    pub index: u64,
    pub count: u64,
}

impl Shard {
    /// `I/K`: shard I (0-based) of K.
    pub fn parse(text: &str) -> anyhow::Result<Shard> {
        let bad = || input(format!("--shard must be I/K with 0 <= I < K (e.g. 0/4), got `{text}`"));
        let (i, k) = text.split_once('/').ok_or_else(bad)?;
        let (index, count): (u64, u64) =
            (i.trim().parse().map_err(|_| bad())?, k.trim().parse().map_err(|_| bad())?);
        if count == 0 || index >= count {
            return Err(bad());
        }
        Ok(Shard { index, count })
    }

    /// The matches `[first, end)` of this shard.
    pub fn range(&self, matches: u64, group: u64) -> (u64, u64) {
        // In u128: near 2^64 matches, groups * index and the group multiple overflow u64
        // (which wrapped to an empty shard, or aborted).
        let groups = matches.div_ceil(group) as u128;
        let (index, count, group) = (self.index as u128, self.count as u128, group as u128);
        let at = |k: u128| (groups * k / count * group).min(matches as u128) as u64;
        (at(index), at(index + 1))
    }
}

/// A match count as text: a whole number from 1 to 2^64 - 1 (underscores allowed:
/// 1_000_000; an exact power-of-ten form such as 1e6 too); `default` when absent.
pub fn parse_matches(text: Option<&str>, default: u64) -> anyhow::Result<u64> {
    let Some(text) = text else { return Ok(default) };
    let cleaned = text.trim().replace('_', "");
    if let Ok(n) = cleaned.parse::<u64>()
        && n >= 1
    {
        return Ok(n);
    }
    // `1e6`: taken only where the float is a whole number below 2^53, so exactly the count
    // meant (larger ones are out of range or not exact).
    match cleaned.parse::<f64>() {
        Ok(v) if v.fract() == 0.0 && (1.0..9_007_199_254_740_992.0).contains(&v) => Ok(v as u64),
        _ => Err(input(format!(
            "--matches must be a whole number from 1 to {}, got `{text}`",
            u64::MAX
        ))),
    }
}

/// The most worker threads a run starts: per core, more only adds start-up time.
pub const THREADS_PER_CORE: usize = 8;

/// This machine's cores, and the most threads a command starts on them.
pub fn thread_cap() -> (usize, usize) {
    let cores = std::thread::available_parallelism().map(|n| n.get()).unwrap_or(1);
    (cores, cores * THREADS_PER_CORE)
}

/// The thread count: default all cores; 0 is refused; far more than the cores is capped
/// (with a note), since starting thousands of threads takes minutes and changes no result.
pub fn parse_threads(threads: Option<usize>) -> anyhow::Result<usize> {
    let (cores, cap) = thread_cap();
    match threads {
        Some(0) => Err(input("--threads must be at least 1")),
        Some(t) if t > cap => {
            crate::session::voice::err(&format!(
                "note: --threads {t} capped at {cap} ({THREADS_PER_CORE} per core on this machine's {cores}); the thread count never changes a result"
            ));
            Ok(cap)
        }
        Some(t) => Ok(t),
        None => Ok(cores),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn matches_must_be_positive() {
        assert_eq!(parse_matches(Some("1_000"), 5).unwrap(), 1000);
        assert_eq!(parse_matches(None, 5).unwrap(), 5);
        assert_eq!(parse_matches(Some("1e6"), 5).unwrap(), 1_000_000);
        for bad in ["0", "-5", "lots", "1e20", "2.5", "18446744073709551616"] {
            let err = parse_matches(Some(bad), 5).unwrap_err().to_string();
            assert!(err.contains("a whole number from 1 to 18446744073709551615"), "{bad}: {err}");
        }
    }

    #[test]
    fn shards_cover_every_group_once() {
        for (matches, group, count) in [(100u64, 3u64, 4u64), (7, 2, 3), (5, 6, 2), (1000, 1, 7)] {
            let mut next = 0;
            for index in 0..count {
                let (a, b) = Shard { index, count }.range(matches, group);
                assert_eq!(a, next);
                assert!(a.is_multiple_of(group) && b >= a);
                next = b;
            }
            assert_eq!(next, matches);
        }
        assert!(Shard::parse("4/4").is_err());
        assert_eq!(Shard::parse("1/4").unwrap(), Shard { index: 1, count: 4 });
    }

    #[test]
    fn every_registered_game_plans_with_its_default_bots() {
        for e in crate::games::GAMES {
            let plan = Plan::new(&MatchSpec::new(e.name), 10).unwrap();
            assert_eq!(plan.game.name(), e.name);
            assert_eq!(plan.spec.players, plan.game.default_players());
        }
        let err = Plan::new(&MatchSpec::new("chess"), 10).unwrap_err();
        assert!(crate::session::is_input_error(&err));
    }

    #[test]
    fn stopping_rules_are_validated() {
        let none = StoppingRequest::default();
        assert_eq!(Stopping::parse(&none, 1_000).unwrap(), None);
        let sprt = StoppingRequest { sprt: Some("0.5,0.55".into()), ..none.clone() };
        let rule = Stopping::parse(&sprt, 1_000).unwrap().unwrap();
        assert_eq!(rule.sprt.unwrap().p1, 0.55);
        for bad in ["0.5", "0.5,0.5", "0,0.5", "a,b"] {
            let req = StoppingRequest { sprt: Some(bad.into()), ..none.clone() };
            assert!(Stopping::parse(&req, 1_000).is_err(), "{bad}");
        }
        let wide = StoppingRequest { until_ci: Some(1.5), ..none };
        assert!(Stopping::parse(&wide, 1_000).unwrap_err().to_string().contains("--until-ci"));
    }
}
