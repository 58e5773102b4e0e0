//! What decides a match, for a run's folder: the option table's rows and the seat/skill/luck
//! decomposition computed from the merged tally, with what only the session knows (the
//! game's option kinds and the current values of their levers, which bots choose uniformly),
//! and the commands that would test a marked option.

use crate::bots::BotKind;
use crate::bots::profile::parse_one;
use crate::core::{Game, OptionKind};
use crate::stats::Tally;
use crate::stats::decomposition::{Decomposition, Measure, decompose};
use crate::stats::options::table::{Evidence, Mark, OptionRow, bot_rows, strongest_lever};

/// The game's side of the option table: its name, players, kinds and each kind's lever with
/// the lever's current value.
#[derive(Clone, Debug, Default)]
pub struct OptionsOf {
    pub game: String,
    pub players: usize,
    pub kinds: Vec<OptionKind>,
    /// Per kind, the lever's current value as the rules show it (None: no lever).
    pub lever_values: Vec<Option<String>>,
}

/// [`OptionsOf`] for `game` under its rules with `players`.
pub fn options_of<G: Game>(game: &G, players: usize) -> OptionsOf {
    use crate::core::rules::Rules;
    let kinds = game.option_kinds(players);
    let params = game.rules().params();
    let lever_values = kinds
        .iter()
        .map(|k| {
            let lever = k.lever.as_deref()?;
            params.iter().find(|p| p.key == lever).map(|p| p.value.clone())
        })
        .collect();
    OptionsOf { game: game.name().to_string(), players, kinds, lever_values }
}

/// The distinct labels of a lineup in sorted order: the bot groups the tally counts by (as
/// [`crate::arena::runner::bot_groups`] numbers them).
pub fn group_labels(labels: &[String]) -> Vec<String> {
    let mut groups = labels.to_vec();
    groups.sort();
    groups.dedup();
    groups
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
    let groups = group_labels(labels);
    let mut rows = Vec::new();
    for (g, counts) in tally.options.groups.iter().enumerate() {
        let Some(label) = groups.get(g) else { continue };
        let kinds = &of.kinds[..counts.len().min(of.kinds.len())];
        rows.extend(bot_rows(
            label,
            evidence(label),
            kinds,
            counts,
            tally.matches,
            margin_pp / 100.0,
        ));
    }
    rows
}

/// The command that would test a marked row: a sweep of its lever around the current value,
/// or, without a lever, the probe bot taking it against greedy play.
pub fn test_command(row: &OptionRow, of: &OptionsOf) -> Option<String> {
    row.mark?;
    let index = of.kinds.iter().position(|k| k.id == row.kind.id)?;
    let (game, players) = (&of.game, of.players);
    match (&row.kind.lever, of.lever_values.get(index).cloned().flatten()) {
        (Some(lever), Some(value)) => Some(format!(
            "arena sweep --game {game} --players {players} --vary {lever}={}",
            around(&value)
        )),
        _ => {
            let others = vec!["greedy"; players.saturating_sub(1)].join(",");
            Some(format!(
                "arena run --game {game} --players {players} --bots prefer:always={}:base=greedy,{others}",
                row.kind.id
            ))
        }
    }
}

/// Five values around `value`: two steps below and above (integers by 1, never below zero
/// from a value that is not; other numbers by a quarter of themselves).
fn around(value: &str) -> String {
    if let Ok(v) = value.parse::<i64>() {
        let low = if v >= 0 { (v - 2).max(0) } else { v - 2 };
        return (low..=low + 4).map(|x| x.to_string()).collect::<Vec<_>>().join(",");
    }
    if let Ok(v) = value.parse::<f64>() {
        return [0.5, 0.75, 1.0, 1.25, 1.5].map(|f| format!("{}", v * f)).join(",");
    }
    value.to_string()
}

/// The decompositions of the win share and the score; empty when undefined: a solo game, a
/// mixed lineup under fixed seats (bots and seats would be confounded), or no variation.
pub fn decompositions(tally: &Tally, labels: &[String], group: u64) -> Vec<Decomposition> {
    let groups = group_labels(labels).len();
    if tally.players < 2 || (groups > 1 && group < 2) {
        return Vec::new();
    }
    [Measure::Win, Measure::Score]
        .into_iter()
        .filter_map(|m| decompose(&tally.decomposition, m, tally.players, groups))
        .collect()
}

/// The line naming the strongest lever, for stdout and the report.
pub fn lever_line(rows: &[OptionRow], matches: u64) -> Option<String> {
    if rows.is_empty() {
        return None;
    }
    let Some(row) = strongest_lever(rows) else {
        let bots = group_labels(&rows.iter().map(|r| r.bot.clone()).collect::<Vec<_>>());
        return Some(format!(
            "options: no option kind changes the taker's win share detectably (Holm, 5%; bots {}; n = {matches} matches)",
            bots.join(", ")
        ));
    };
    let c = row.contrast?;
    let mark = row.mark.map_or(String::new(), |m| format!(", {}", m.name()));
    Some(format!(
        "strongest lever: {} ({}): {:+.1} pp win share when taken [{:+.1}, {:+.1}] ({}, {}{mark}; n = {matches} matches)",
        row.kind.id,
        row.kind.words,
        100.0 * c.difference,
        100.0 * c.low,
        100.0 * c.high,
        row.evidence.name(),
        row.bot,
    ))
}

/// Whether any row carries a mark.
pub fn any_marked(rows: &[OptionRow]) -> bool {
    rows.iter().any(|r| matches!(r.mark, Some(Mark::Dominant | Mark::NeverWorthIt)))
}
