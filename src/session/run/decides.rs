//! What decides a match, for a run's folder: the option table's rows and the seat/skill/luck
//! decomposition computed from the merged tally, with what only the session knows (the
//! game's option kinds and the current values of their levers, which bots choose uniformly),
//! and the commands that would test a marked option.

use crate::bots::BotKind;
use crate::bots::profile::parse_one;
use crate::core::{Game, OptionKind};
use crate::stats::Tally;
use crate::stats::decomposition::{Decomposition, Measure, decompose};
use crate::stats::options::bot_groups;
use crate::stats::options::table::{
    Evidence, LEVER_MIN_CLUSTERS, LEVER_RULE, OptionRow, bot_rows, strongest_lever,
};

/// The game's side of the option table: its name, players, kinds and each kind's lever with
/// the lever's current value.
#[derive(Clone, Debug, Default)]
pub struct OptionsOf {
    pub game: String,
    /// One deal in this many was counted ([`GameStats::option_sample_every`]).
    pub sample_every: u64,
    pub players: usize,
    pub kinds: Vec<OptionKind>,
    /// Per kind, the lever's current value as the rules show it (None: no lever).
    pub lever_values: Vec<Option<String>>,
    /// The rules changed from the defaults, as `--set key=value`, so that a suggested command
    /// tests the run's own rules.
    pub sets: Vec<String>,
}

/// [`OptionsOf`] for `game` under its rules with `players`.
pub fn options_of<G: Game>(game: &G, players: usize) -> OptionsOf {
    use crate::core::rules::Rules;
    let kinds = game.option_kinds(players);
    let params = game.rules().params();
    let sets = params
        .iter()
        .filter(|p| p.value != p.default)
        .map(|p| format!("--set {}={}", p.key, p.value))
        .collect();
    let lever_values = kinds
        .iter()
        .map(|k| {
            let lever = k.lever.as_deref()?;
            params.iter().find(|p| p.key == lever).map(|p| p.value.clone())
        })
        .collect();
    OptionsOf {
        game: game.name().to_string(),
        sample_every: game.option_sample_every().max(1),
        players,
        kinds,
        lever_values,
        sets,
    }
}

/// How many deals one counted deal stands for in a run of this lineup: the game's sample
/// under random play, every deal with any other bot (as the runner counts them).
pub fn sample_every(of: &OptionsOf, labels: &[String]) -> u64 {
    if labels.iter().all(|l| evidence(l) == Evidence::Causal) { of.sample_every } else { 1 }
}

/// Whether the bot a label names chooses uniformly at random (its rows are causal).
fn evidence(label: &str) -> Evidence {
    match parse_one(label) {
        Ok(spec) if spec.kind == BotKind::Random => Evidence::Causal,
        _ => Evidence::Associational,
    }
}

/// Every bot's rows, bots in the tally's group order, kinds in declaration order.
pub fn option_rows(
    tally: &Tally,
    labels: &[String],
    of: &OptionsOf,
    margin_pp: f64,
) -> Vec<OptionRow> {
    let groups = bot_groups(labels);
    let mut rows = Vec::new();
    for (g, counts) in tally.options.groups.iter().enumerate() {
        let Some(label) = groups.get(g) else { continue };
        let kinds = &of.kinds[..counts.len().min(of.kinds.len())];
        rows.extend(bot_rows(label, evidence(label), kinds, counts, margin_pp / 100.0));
    }
    if of.players == 1 {
        // A solo game's rows speak of points of score; the margin is a win share's.
        rows.iter_mut().for_each(|r| r.mark = None);
    }
    rows
}

/// The command that would test a marked row: a sweep of its lever around the current value,
/// or, without a lever, the probe bot taking it against greedy play.
pub fn test_command(row: &OptionRow, of: &OptionsOf) -> Option<String> {
    row.mark?;
    let index = of.kinds.iter().position(|k| k.id == row.kind.id)?;
    let (game, players) = (&of.game, of.players);
    let sets: String = of.sets.iter().map(|s| format!(" {s}")).collect();
    let values = of.lever_values.get(index).cloned().flatten().and_then(|v| around(&v));
    match (&row.kind.lever, values) {
        (Some(lever), Some(values)) => Some(format!(
            "arena sweep --game {game} --players {players}{sets} --vary {lever}={values}"
        )),
        _ => {
            let others = vec!["greedy"; players.saturating_sub(1)].join(",");
            Some(format!(
                "arena run --game {game} --players {players}{sets} --bots prefer:always={}:base=greedy,{others}",
                row.kind.id
            ))
        }
    }
}

/// Values to sweep around `value`: two steps below and above an integer (by 1, never below
/// zero from a value that is not), a quarter either way of another number, both of a
/// switch; None where no such list tests anything (a zero, a name).
fn around(value: &str) -> Option<String> {
    if let Ok(v) = value.parse::<i64>() {
        let low = if v >= 0 { (v - 2).max(0) } else { v - 2 };
        return Some((low..=low + 4).map(|x| x.to_string()).collect::<Vec<_>>().join(","));
    }
    if let Ok(b) = value.parse::<bool>() {
        return Some(format!("{b},{}", !b));
    }
    match value.parse::<f64>() {
        Ok(v) if v != 0.0 => {
            Some([0.5, 0.75, 1.0, 1.25, 1.5].map(|f| format!("{}", v * f)).join(","))
        }
        _ => None,
    }
}

/// The decompositions of the win share and the score; empty when undefined: a solo game, a
/// mixed lineup under fixed seats (bots and seats would be confounded), or no variation.
pub fn decompositions(tally: &Tally, labels: &[String], group: u64) -> Vec<Decomposition> {
    let groups = bot_groups(labels).len();
    if tally.players < 2 || (groups > 1 && group < 2) {
        return Vec::new();
    }
    [Measure::Win, Measure::Score]
        .into_iter()
        .filter_map(|m| decompose(&tally.decomposition, m, tally.players, groups))
        .collect()
}

/// The lines naming the strongest lever and how it was chosen, for stdout; `matches` is how
/// many matches were counted, in `deals` deal groups, and `every` how many deals one
/// counted deal stands for. Empty without rows.
pub fn lever_lines(
    rows: &[OptionRow],
    (matches, deals): (u64, u64),
    every: u64,
    solo: bool,
) -> Vec<String> {
    let of_deals =
        if deals > 0 && deals != matches { format!(" in {deals} deals") } else { String::new() };
    let n = if every > 1 {
        format!("n = {matches} matches{of_deals}, one deal in {every}")
    } else {
        format!("n = {matches} matches{of_deals}")
    };
    if rows.is_empty() {
        return Vec::new();
    }
    let on = if solo { "final score" } else { "taker's win share" };
    let Some((row, c)) = strongest_lever(rows).and_then(|r| Some((r, r.contrast?))) else {
        let bots = bot_groups(&rows.iter().map(|r| r.bot.clone()).collect::<Vec<_>>());
        let min = LEVER_MIN_CLUSTERS;
        return vec![
            format!(
                "options: no kind taken in {min}+ deals and skipped in {min}+ changes the {on} detectably"
            ),
            format!("  (Holm, 5%; bots {}; {n})", bots.join(", ")),
        ];
    };
    let mark = row.mark.map_or(String::new(), |m| format!(", {}", m.name()));
    // A solo game has no winner (PP-15): its effect is on the final score, in points.
    let (scale, unit) = if solo { (1.0, "points of final score") } else { (100.0, "pp win share") };
    vec![
        format!(
            "strongest lever: {}: {:+.1} {unit} when taken [{:+.1}, {:+.1}] ({}, {}{mark})",
            row.kind.id,
            scale * c.difference,
            scale * c.low,
            scale * c.high,
            row.evidence.name(),
            row.bot,
        ),
        format!("  {}; {n}", row.kind.words),
        format!("  chosen: {LEVER_RULE}"),
    ]
}

/// What decides a match, in one line for the first lines a person reads: the strongest
/// lever in the game's words with its effect and interval; its id, how it was chosen and
/// its sample are [`lever_lines`]' (`--explain`). `None` without rows.
pub fn lever_short(rows: &[OptionRow], solo: bool) -> Option<String> {
    if rows.is_empty() {
        return None;
    }
    let on = if solo { "final score" } else { "win share" };
    let Some((row, c)) = strongest_lever(rows).and_then(|r| Some((r, r.contrast?))) else {
        return Some(format!("what decides a match: no kind of move changes the {on} detectably"));
    };
    let (scale, unit) = if solo { (1.0, "points of final score") } else { (100.0, "pp win share") };
    Some(format!(
        "what decides a match most: {}, {:+.1} {unit} when taken [{:+.1}, {:+.1}]",
        row.kind.words,
        scale * c.difference,
        scale * c.low,
        scale * c.high,
    ))
}

/// The strongest lever in the game's words with its effect, for a table of games (`None`
/// where there is none).
pub fn lever_brief(rows: &[OptionRow], solo: bool) -> Option<String> {
    let (row, c) = strongest_lever(rows).and_then(|r| Some((r, r.contrast?)))?;
    let (scale, unit) = if solo { (1.0, "points") } else { (100.0, "pp") };
    Some(format!("{} ({:+.1} {unit})", row.kind.words, scale * c.difference))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::stats::options::table::{Contrast, Evidence, Mark};
    use crate::stats::options::variance::Method;

    #[test]
    fn sweeps_go_around_the_current_value_and_only_where_that_tests_something() {
        assert_eq!(around("10").as_deref(), Some("8,9,10,11,12"));
        assert_eq!(around("1").as_deref(), Some("0,1,2,3,4"), "never below zero");
        assert_eq!(around("-3").as_deref(), Some("-5,-4,-3,-2,-1"));
        assert_eq!(around("true").as_deref(), Some("true,false"));
        assert_eq!(around("2.0").as_deref(), Some("1,1.5,2,2.5,3"));
        assert_eq!(around("0.0"), None);
        assert_eq!(around("classic"), None);
    }

    fn row(mark: Option<Mark>, lever: Option<&str>) -> OptionRow {
        OptionRow {
            bot: "random".into(),
            evidence: Evidence::Causal,
            kind: OptionKind::new("value_12", "pick 12").with_lever_if(lever),
            legal: 10,
            taken: 5,
            forced: 0,
            random_takes: 5.0,
            matches: 10,
            clusters_taken: 5,
            clusters_not_taken: 8,
            contrast: Some(Contrast {
                when_taken: 0.3,
                when_not: 0.2,
                difference: 0.1,
                se: 0.01,
                df: 4.0,
                low: 0.08,
                high: 0.12,
                method: Some(Method::Cr2),
            }),
            p_holm: Some(0.001),
            mark,
        }
    }

    #[test]
    fn a_marked_row_gets_the_command_that_tests_it_in_the_runs_own_rules() {
        let of = OptionsOf {
            game: "dardz".into(),
            sample_every: 9,
            players: 4,
            kinds: vec![OptionKind::new("value_12", "pick 12").with_lever("value_12")],
            lever_values: vec![Some("10".into())],
            sets: vec!["--set value_11=9".into()],
        };
        let marked = row(Some(Mark::Dominant), Some("value_12"));
        assert_eq!(
            test_command(&marked, &of).unwrap(),
            "arena sweep --game dardz --players 4 --set value_11=9 --vary value_12=8,9,10,11,12"
        );
        assert_eq!(test_command(&row(None, Some("value_12")), &of), None, "no mark, no command");
        let no_lever = OptionsOf { lever_values: vec![None], ..of };
        assert_eq!(
            test_command(&row(Some(Mark::NeverWorthIt), None), &no_lever).unwrap(),
            "arena run --game dardz --players 4 --set value_11=9 --bots prefer:always=value_12:base=greedy,greedy,greedy,greedy"
        );
    }

    #[test]
    fn the_lever_lines_say_how_it_was_chosen() {
        let mut lever = row(Some(Mark::Dominant), None);
        (lever.clusters_taken, lever.clusters_not_taken) = (400, 900);
        let lines = lever_lines(&[lever.clone()], (20_836, 5_209), 24, false);
        assert_eq!(
            lines,
            [
                "strongest lever: value_12: +10.0 pp win share when taken [+8.0, +12.0] (causal, random, dominant)",
                "  pick 12; n = 20836 matches in 5209 deals, one deal in 24",
                "  chosen: the largest effect its interval supports, of kinds taken in 100+ deals and skipped in 100+",
            ]
        );
        // Taken in 99 deal groups: too rare to be named, however large.
        lever.clusters_taken = 99;
        let lines = lever_lines(&[lever], (2_000, 2_000), 1, false);
        assert_eq!(lines.len(), 2, "{lines:?}");
        assert!(
            lines[0].starts_with("options: no kind taken in 100+ deals") && lines[0].len() < 100
        );
        assert!(lines[1].ends_with("n = 2000 matches)"), "{lines:?}");
        assert!(lever_lines(&[], (0, 0), 1, false).is_empty());
    }
}
